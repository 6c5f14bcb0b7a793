"""The glossary exports point to: one entry per concept, from the terminology tables.

The rules stage's tables (``puthi.rules.terms.load_tables``) are the source; a concept that only
appears in a document's term spans (a person linked it, or the tables are not installed) gets an entry
made from the spans, so every ``term ref`` resolves.

>>> from puthi.rules.spans import TermSpan
>>> spans = [TermSpan(0, 3, "তাস", "তাস", "cards", "playing cards", "game_vocab", 1.0)]
>>> [(e.xml_id, e.headword, e.gloss) for e in glossary_for(spans, tables=[])]
[('g-cards', 'তাস', 'playing cards')]
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any


@dataclass
class GlossEntry:
    concept: str
    headword: str
    gloss: str = ""
    table: str = ""
    forms: list[str] = field(default_factory=list)
    source: str = ""  # the row's source column: where the term comes from (a seed, pagat, the scholar's own)

    @property
    def xml_id(self) -> str:
        return concept_id(self.concept)


def concept_id(concept: str) -> str:
    """An ``xml:id`` (an XML name) for a concept; non-ASCII concepts get a short hash to stay unique.

    >>> concept_id("cards"), concept_id("card:jack")[:12], len(concept_id("বিস্তি"))
    ('g-cards', 'g-card-jack-', 10)
    """
    slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", concept).strip("-")
    if slug != concept:
        slug = (slug + "-" if slug else "") + hashlib.sha1(concept.encode("utf-8")).hexdigest()[:8]
    return f"g-{slug}"


def _get(obj: Any, name: str, default: Any = "") -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _entries(raw: Any) -> list[Any]:
    if raw is None:
        return []
    if hasattr(raw, "entries"):  # puthi.rules.terms.TermTables
        return list(raw.entries)
    if hasattr(raw, "to_dict") and hasattr(raw, "columns"):  # a DataFrame
        return raw.to_dict("records")
    if isinstance(raw, dict):
        out: list[Any] = []
        for value in raw.values():
            out += _entries(value) if isinstance(value, list | tuple | dict) else [value]
        return out
    return list(raw)


@functools.lru_cache(maxsize=8)
def table_entries(extra: tuple[Any, ...] = ()) -> tuple[GlossEntry, ...]:
    """Every entry of the installed terminology tables, and of a scholar's ``extra`` ones (``TableFile``
    records, as a corpus keeps them), the scholar's first: a headword both name is the scholar's concept (a
    newcomer's গুটি was linked to Dash-guti's piece); empty when the rules stage is absent."""
    try:
        from puthi.rules.terms import load_tables
    except ImportError:
        return ()
    out = []
    for e in _entries(load_tables(extra) if extra else load_tables()):
        concept = str(_get(e, "concept") or _get(e, "headword"))
        if not concept:
            continue
        forms = _get(e, "forms", None) or _get(e, "variants", None) or []
        out.append(GlossEntry(concept, str(_get(e, "headword") or concept), str(_get(e, "gloss") or ""),
                              str(_get(e, "table") or ""), [str(f) for f in forms], str(_get(e, "source") or "")))
    mine = {Path(f.name).stem for f in extra}
    return tuple(sorted(out, key=lambda g: g.table not in mine))  # a stable sort: the tables' order otherwise


def lookup(value: str, tables: Iterable[GlossEntry] | None = None) -> tuple[str, str, str]:
    """``(headword, concept, gloss)`` for a concept or headword a person typed; itself when unknown.

    >>> lookup("ঘোড়া", tables=[GlossEntry("horse", "ঘোড়া", "horse")])
    ('ঘোড়া', 'horse', 'horse')
    >>> lookup("নতুন", tables=[])
    ('নতুন', 'নতুন', '')
    """
    entries = table_entries() if tables is None else list(tables)
    for test in (lambda e: e.concept == value, lambda e: e.headword == value, lambda e: value in e.forms):
        for e in entries:
            if test(e):
                return e.headword, e.concept, e.gloss
    return value, value, ""


def glossary_for(spans: Iterable[Any], tables: Iterable[GlossEntry] | None = None) -> list[GlossEntry]:
    """One entry per concept the spans use, from the tables where they have it, sorted by concept; its
    headword is the one the document's own links use most (an Assamese text's দছ-গুটি, not the Bengali
    row's দশ-গুটি).

    >>> from puthi.rules.spans import TermSpan
    >>> table = [GlossEntry("game.dash_guti", "দশ-গুটি", "Dash-guti", "games")]
    >>> [e.headword for e in glossary_for([TermSpan(0, 7, "দছ-গুটি", "দছ-গুটি", "game.dash_guti", "", "", 1.0)], table)]
    ['দছ-গুটি']
    >>> ace = [GlossEntry("card.ace", "টেক্কা", "ace", "cards"), GlossEntry("card.ace", "A", "ace (symbol)", "cards")]
    >>> [e.gloss for e in glossary_for([TermSpan(0, 6, "টেক্কা", "টেক্কা", "card.ace", "ace", "cards", 1.0)], ace)]
    ['ace']
    """
    rows: dict[str, list[GlossEntry]] = {}
    for e in table_entries() if tables is None else tables:
        rows.setdefault(e.concept, []).append(e)
    first: dict[str, Any] = {}
    headwords: dict[str, Counter[str]] = {}
    for s in spans:
        first.setdefault(s.concept, s)
        headwords.setdefault(s.concept, Counter())[s.headword] += 1
    out = []
    for concept in sorted(first):
        s, used = first[concept], headwords[concept].most_common(1)[0][0]
        # the row of the headword used, not the concept's last row (an Assamese row's or a rank symbol's gloss), and
        # of the table the link came from (a scholar's own row of a bundled concept)
        candidates = [e for e in rows.get(concept, ()) if used in (e.headword, *e.forms)]
        known = next((e for e in candidates if e.table == s.table), None) or next(iter(candidates), None) \
            or next(iter(rows.get(concept, ())), None)
        if known and not known.gloss:  # a scholar's row adding a form: the concept's gloss from its other rows
            known = replace(known, gloss=next((e.gloss for e in rows.get(concept, ()) if e.gloss), ""))
        out.append(replace(known, headword=used or known.headword) if known
                   else GlossEntry(concept, s.headword, s.gloss, s.table))
    return out
