"""Human corrections: anchored to the text they quote, applied after the machine on every run.

A scholar's correction is an :class:`~puthi.corpus.records.Annotation`: a document, a page, offsets into
one text layer, and the quote those offsets covered (``before``). Text corrections index the OCR text
(the layer that stays put when the repair rules improve); term links and verdicts index the final text.
On each run the machine's layers are rebuilt and the annotations laid over them again:

1. anchor each annotation: at its offsets when the quote is still there, else at the nearest place the
   quote occurs (``moved``), else it is ``orphaned`` and reported, never silently dropped;
2. a human text correction replaces every machine edit it overlaps, and the final text is the OCR text
   with the active edits applied; when it differs from the text the machine analysed, terms, numbers,
   claims and verdicts are found again in the final text;
3. a human term link replaces the machine terms it overlaps (an empty link just removes them);
4. a human game sets the game of the claims it overlaps, which are checked again as that game's; one with no
   span (offsets 0..0) is about the whole page, whose claims the reading of the book's claims then finds as
   that game's, as under a chapter heading (``puthi.corpus.book_claims``);
5. a human verdict overrides the machine verdicts of the claims it overlaps; the verdict ``no-rule`` says the
   span states no rule, and its claims are withdrawn (prose read as a rule) until that correction is deleted.

>>> from puthi.corpus.records import Annotation, PageResult
>>> from puthi.normalize.edits import Edit
>>> r = PageResult("a.txt", 1, "h", ocr_text="ধিস্তি থেলা", text="বিস্তি খেলা",
...                edits=[Edit(0, 1, "ধ", "ব", "dha-for-ba"), Edit(7, 8, "থ", "খ", "tha-for-kha")])
>>> fix = Annotation("a.txt", 1, "text", 0, 6, after="বিন্তি", author="rk", before="ধিস্তি")
>>> page = apply_corrections(r, [fix], reanalyse=lambda text, lang: None)
>>> page.text
'বিন্তি খেলা'
>>> [(m.item.after, m.resp, m.active) for m in page.edits]
[('ব', 'machine', False), ('খ', 'machine', True), ('বিন্তি', 'human', True)]
"""

from __future__ import annotations

import csv
import difflib
import io
import itertools
import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import regex

from puthi.cells import unguarded
from puthi.corpus.records import NO_RULE, VERDICTS, Annotation, Claim, PageResult, Verdict
from puthi.errors import InputError
from puthi.normalize.edits import Edit, apply_edits, to_output
from puthi.rules.quantities import QUANTITIES
from puthi.rules.spans import NumberSpan, TermSpan

#: Columns of a corrections CSV; ``line``/``word`` may replace ``start``/``end`` for text corrections.
CSV_COLUMNS = ("document", "page", "kind", "start", "end", "line", "word", "before", "after", "quantity", "author",
               "note")


@dataclass
class Marked:
    """A machine or human row of one layer, and whether it is in force."""

    item: Any
    resp: str = "machine"
    author: str = ""
    active: bool = True
    annotation_id: int | None = None


@dataclass
class CorrectedPage:
    """The layers of one page after the human corrections; ``status`` maps annotation ids to outcomes."""

    text: str
    edits: list[Marked]
    terms: list[Marked]
    numbers: list[NumberSpan]
    claims: list[Claim]
    verdicts: list[Marked]
    reanalysed: bool = False
    status: dict[int, str] = field(default_factory=dict)


Reanalyse = Callable[[str, str], "PageResult | None"]
ANCHOR_REACH = 64  # how far a correction may follow its word when the text before it changed


def anchor(text: str, start: int, end: int, quote: str, reach: int = ANCHOR_REACH) -> tuple[int, int] | None:
    """Where ``quote`` is in ``text``: at ``start`` if it is still there, else its nearest occurrence within
    ``reach`` code points, else its only occurrence further off (the text before it grew or shrank), else
    None: a correction is not carried to another of several occurrences of its word far away (it is
    orphaned, and ``--list`` says so).

    >>> anchor("তাস খেলা তাস", 9, 12, "তাস")
    (9, 12)
    >>> anchor("নতুন তাস খেলা", 0, 3, "তাস"), anchor("খেলা" + " " * 400 + "তাস", 0, 3, "তাস")
    ((5, 8), (404, 407))
    >>> anchor("খেলা", 0, 3, "তাস") is None, anchor("খেলা" + " " * 400 + "তাস তাস", 0, 3, "তাস") is None
    (True, True)
    """
    if not quote:
        return (start, end) if 0 <= start <= end <= len(text) else None
    if text[start:end] == quote:
        return start, end
    best: int | None = None
    pos = text.find(quote, max(0, start - reach))
    while 0 <= pos <= start + reach:
        if best is None or abs(pos - start) < abs(best - start):
            best = pos
        pos = text.find(quote, pos + 1)
    if best is None and (only := text.find(quote)) >= 0 and text.find(quote, only + 1) < 0:
        best = only
    return None if best is None else (best, best + len(quote))


def _overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    """Half-open ranges overlap; an empty range touches what contains its point."""
    if a0 == a1:
        return b0 <= a0 < b1 or b0 == b1 == a0
    if b0 == b1:
        return a0 <= b0 < a1
    return a0 < b1 and b0 < a1


_CONCEPT_LIKE = regex.compile(r"[A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]+)+")  # card.ace, board.square


def apply_corrections(
    result: PageResult,
    annotations: Iterable[Annotation],
    *,
    reanalyse: Reanalyse,
    glossary: Callable[[str], tuple[str, str, str]] | None = None,
    recheck: Callable[[list[Claim]], list[Verdict]] | None = None,
) -> CorrectedPage:
    """Lay ``annotations`` over the machine layers of ``result`` (see the module docstring).

    ``reanalyse(text, lang)`` runs terms and claims on a changed text (``None`` when those stages are
    absent); ``glossary(value)`` maps a human term link to ``(headword, concept, gloss)``; ``recheck(claims)``
    gives the machine's verdicts on claims whose game a person set (the engines' check by default).
    """
    if recheck is None:
        from puthi.corpus.pipeline import verdicts_for as recheck
    anns = sorted(annotations, key=lambda a: (a.id or 0))
    status: dict[int, str] = {}
    edits = [Marked(e) for e in result.edits]
    human_edits: list[Marked] = []
    for a in (a for a in anns if a.kind == "text"):
        place = anchor(result.ocr_text, a.start, a.end, a.before)
        clash = place and any(_overlaps(*place, m.item.start, m.item.end) for m in human_edits)
        if place is None or clash:
            status[a.id or 0] = "orphaned" if place is None else "conflict"
            continue
        s, e = place
        status[a.id or 0] = "applied" if (s, e) == (a.start, a.end) else "moved"
        for m in edits:
            if _overlaps(s, e, m.item.start, m.item.end):
                m.active = False
        edit = Edit(s, e, result.ocr_text[s:e], a.after, f"human:{a.author}", 1.0)
        human_edits.append(Marked(edit, "human", a.author, True, a.id))
    edits += human_edits
    in_force = [m.item for m in edits if m.active]
    text = apply_edits(result.ocr_text, in_force)

    terms = [Marked(t) for t in result.terms]
    numbers, claims = list(result.numbers), list(result.claims)
    verdicts = [Marked(v, v.resp, v.author) for v in result.verdicts]
    reanalysed = False
    # the text changed, or a person's edit overrules the machine's in its own spelling, which makes the words sure
    # (and the claims: book_claims)
    if text != result.text or len(in_force) < len(edits):
        from puthi.corpus.pipeline import as_sure_as_repair

        fresh = reanalyse(text, result.lang)
        if fresh is not None:
            terms = [Marked(t) for t in as_sure_as_repair(fresh.terms, in_force)]
        if text != result.text and fresh is None:
            reanalysed, terms, numbers, claims, verdicts = True, [], [], [], []
        elif text != result.text:
            reanalysed = True
            numbers, claims = list(fresh.numbers), list(fresh.claims)
            verdicts = [Marked(v) for v in fresh.verdicts]
            if claims:  # a value the machine guessed stays a guess while its edit is in force (a person's edit is not)
                from puthi.rules.check import doubt_guesses

                if (doubted := doubt_guesses(claims, in_force)) is not claims:
                    claims, verdicts = doubted, [Marked(v) for v in recheck(doubted)]

    for a in (a for a in anns if a.kind == "term"):
        place = anchor(text, a.start, a.end, a.before)
        since = _corrected_since(result.edits, human_edits, in_force, a.id)
        if place != (a.start, a.end) and (later := [now for then, now in since if _overlaps(a.start, a.end, *then)]):
            place = later[-1]  # the linked word was corrected since: the link stays on it ("টেক্কা" → "এক্কা")
        if place is None:
            status[a.id or 0] = "orphaned"
            continue
        s, e = place
        status[a.id or 0] = "applied" if (s, e) == (a.start, a.end) else "moved"
        for m in terms:
            if m.active and _overlaps(s, e, m.item.start, m.item.end):
                m.active = False
        if a.after:
            headword, concept, gloss = glossary(a.after) if glossary else (a.after, a.after, "")
            if not gloss and headword == concept and _CONCEPT_LIKE.fullmatch(concept):
                headword = text[s:e]  # a concept id no table knows now (its table was dropped): the word itself
            span = TermSpan(s, e, text[s:e], headword, concept, gloss, "human", 1.0)
            terms.append(Marked(span, "human", a.author, True, a.id))

    for a in (a for a in anns if a.kind == "game"):  # "this page is Klaverjas": checked as that game's
        for i in _claims_at(a, text, claims, status):
            claims[i] = replace(claims[i], game=a.after)
            for m in verdicts:
                m.active = m.active and m.item.claim != i
            [checked] = recheck([claims[i]])  # the machine's check, made at the person's word: theirs the game
            verdicts.append(Marked(replace(checked, claim=i), author=a.author, annotation_id=a.id))

    verdict_anns = [a for a in anns if a.kind == "verdict"]
    # claims a person said are no rules stay withdrawn until that correction is deleted: a verdict whose span
    # also touches one does not bring it back (a review: a verdict meant for the next sentence had)
    withdrawn = {i for a in verdict_anns if a.after == NO_RULE for i in _claims_at(a, text, claims, status)}
    for a in (a for a in verdict_anns if a.after != NO_RULE):
        hit = [i for i in _claims_at(a, text, claims, status) if i not in withdrawn]
        if not hit:
            status[a.id or 0] = "orphaned"
        for i in hit:
            old = [m for m in verdicts if m.item.claim == i]
            expected = next((m.item.expected for m in reversed(old) if m.active), old[0].item.expected if old else None)
            for m in old:
                m.active = False
            v = Verdict(i, expected, a.after, a.note or f"set by {a.author}", "human", "human", a.author)
            verdicts.append(Marked(v, "human", a.author, True, a.id))
    claims, verdicts = _without(claims, verdicts, withdrawn)
    return CorrectedPage(text, edits, terms, numbers, claims, verdicts, reanalysed, status)


def _without(claims: list[Claim], verdicts: list[Marked], withdrawn: set[int]) -> tuple[list[Claim], list[Marked]]:
    """``claims`` without those ``withdrawn``, and the verdicts of the others, renumbered to match."""
    if not withdrawn:
        return claims, verdicts
    kept = [i for i in range(len(claims)) if i not in withdrawn]
    new = {old: k for k, old in enumerate(kept)}
    return ([claims[i] for i in kept],
            [replace(m, item=replace(m.item, claim=new[m.item.claim])) for m in verdicts if m.item.claim in new])


def _claims_at(a: Annotation, text: str, claims: list[Claim], status: dict[int, str]) -> list[int]:
    """The indexes of the claims a game or verdict correction ``a`` covers in ``text``, where its quote is now;
    its status (applied, moved, or orphaned when it covers none) goes into ``status``."""
    if a.whole_page:  # the page is read as that game's (book_claims), as under a chapter heading: a sentence
        status[a.id or 0] = "applied"  # naming another game stays that game's, and a span's correction wins
        return []
    place = anchor(text, a.start, a.end, a.before)
    hit = claims_reached(a, *place, claims) if place else []
    status[a.id or 0] = "orphaned" if not hit else "applied" if place == (a.start, a.end) else "moved"
    return hit


def claims_reached(a: Annotation, start: int, end: int, claims: list[Claim]) -> list[int]:
    """The indexes of the ``claims`` a verdict, withdrawal or game correction ``a`` at ``start``..``end`` reaches:
    those its span touches, of its quantity when it names one."""
    return [i for i, c in enumerate(claims) if _overlaps(start, end, c.start, c.end) and aimed_at(a.quantity, c)]


def aimed_at(quantity: str, claim: Claim) -> bool:
    """Is ``claim`` one a correction aimed at ``quantity`` reaches: any claim when it is empty, else one of that
    key or that quantity, and of that game when it says one (``schnapsen:card_value``, as ``--claim`` records).

    >>> ace = Claim("sixtysix", "card_value", {"rank": "A", "suit": "plain"}, 11, 0, 9, "")
    >>> aimed_at("", ace), aimed_at("card_value", ace), aimed_at("card_value(rank=A,suit=plain)", ace)
    (True, True, True)
    >>> aimed_at("card_value(rank=K,suit=plain)", ace), aimed_at("hand_size", ace)
    (False, False)
    >>> aimed_at("sixtysix:card_value", ace), aimed_at("schnapsen:card_value", ace)
    (True, False)
    """
    game, _, key = quantity.rpartition(":")
    return not key or (key in (claim.quantity, claim.key) and game in ("", claim.game))


Span = tuple[int, int]


def _corrected_since(machine: list[Edit], human: list[Marked], in_force: list[Edit],
                     since: int | None) -> list[tuple[Span, Span]]:
    """The text corrections made after annotation ``since``: each one's span in the text as it was then (the
    ``machine`` edits and the corrections made before, which set aside the machine edits they overlap; where a
    link made then points) and in the text now (the edits ``in_force``).

    >>> ra, fix = Edit(0, 1, "ৰ", "ব", "ra"), Marked(Edit(5, 6, "ও", "এবং", "human:rk"), "human", "rk", True, 2)
    >>> _corrected_since([ra], [fix], [ra, fix.item], since=1)
    [((5, 6), (5, 8))]
    """
    earlier = [m.item for m in human if (m.annotation_id or 0) <= (since or 0)]
    later = [m for m in human if (m.annotation_id or 0) > (since or 0)]
    then = earlier + [e for e in machine if not any(_overlaps(e.start, e.end, h.start, h.end) for h in earlier)]
    return [((to_output(then, m.item.start), to_output(then, m.item.end, end=True)),
             (to_output(in_force, m.item.start), to_output(in_force, m.item.end, end=True))) for m in later]


def game_names() -> set[str]:
    """The games a claim may be said to be about: those with an engine, and those the terminology tables name.

    >>> {"sixtysix", "klaverjas", "dashguti", "grabu"} <= game_names()
    True
    """
    from puthi.rules.claims.extract import game_name_of
    from puthi.rules.engines import registry
    from puthi.rules.terms import load_tables

    return set(registry.names()) | {g for e in load_tables().entries if (g := game_name_of(e.concept))}


def game_forms(tables=None) -> dict[str, str]:
    """Every way to name a game, as :func:`game_key` writes it, and the game it names: its own name, its table
    concept (``sixty_six``) and the table's forms of it in any script (ছেষট্টি, Sixty-Six), from the bundled tables
    and ``tables`` (a newcomer: ``--game ছেষট্টি`` and ``--game sixty_six`` were refused).

    >>> forms = game_forms()
    >>> [forms[game_key(n)] for n in ("ছেষট্টি", "sixty_six", "Sechsundsechzig", "klaverjas rotterdam", "game.bisti")]
    ['sixtysix', 'sixtysix', 'sixtysix', 'klaverjas-rotterdam', 'bisti']
    """
    from puthi.rules.claims.extract import game_name_of
    from puthi.rules.engines import registry
    from puthi.rules.terms import load_tables

    forms = {game_key(g): g for g in registry.names()}
    for e in (*load_tables().entries, *(tables.entries if tables else ())):
        if game := game_name_of(e.concept):
            for form in (game, e.concept.rpartition(".")[2], e.headword, *e.variants):
                forms.setdefault(game_key(form), game)
    return forms


def game_key(name: str) -> str:
    """A game's name as names are compared: NFC, case and ``game.`` dropped, and no spaces, hyphens, underscores
    or joiners (a hostile tester: "klaverjas rotterdam", "game.bisti" and বিস্‌তি with a ZWNJ were refused).

    >>> game_key(" Game.Klaverjas_Rotterdam "), game_key("বিস\u09cd\u200cতি") == game_key("বিস্তি")
    ('klaverjasrotterdam', True)
    """
    key = unicodedata.normalize("NFC", name).strip().casefold().removeprefix("game.")
    return regex.sub(r"[\s_\-\u2010-\u2015\u200c\u200d.]+", "", key)


def unknown_game(where: str, game: str, forms: dict[str, str]) -> InputError:
    """The error for a game puthi does not know: the games with an engine, and the nearest names it knows."""
    from puthi.rules.engines import registry

    near = difflib.get_close_matches(game_key(game), list(forms), n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(dict.fromkeys(forms[n] for n in near))}? " if near else ""
    what = f"unknown game {game!r}" if game.strip() else "no game named"
    return InputError(where, f"{what}; {hint}puthi has engines for {', '.join(registry.names())}, "
                             "and knows the games its tables name (puthi terms --export csv lists them)")


def known_game(game: str, tables=None) -> str:
    """The game ``game`` names (:func:`game_forms`); refuse one puthi neither has an engine for nor finds in the
    tables (the bundled ones, and ``tables``); say so when it has no engine: its claims are read, and are
    unverifiable (a newcomer: ``correct --game grabu`` was taken, ``check --game grabu`` refused)."""
    from puthi.rules.engines import registry

    forms = game_forms(tables)
    name = forms.get(game_key(game))
    if name is None:
        raise unknown_game(f"--game {game}", game, forms)
    if name not in registry.names():
        print(f"puthi: {name} has no engine, so its claims are read and left unverifiable", file=sys.stderr)
    elif name != game:
        print(f"puthi: --game {game} is {name}", file=sys.stderr)
    return name


def check_annotation(a: Annotation, games: Iterable[str] | None = (), undoing: bool = False) -> Annotation:
    """Refuse an annotation that cannot be applied, with a one-line reason; return it (a game's name in lower
    case). A game must be one puthi knows (:func:`game_names`) or one of ``games`` (those the corpus's claims
    already name, as a heading of a game the tables lack names one: বাঘ-ছাগলী); ``games=None`` leaves the
    name to be checked later, by the store. ``undoing``: a text correction that gives back the OCR's own words
    where the machine changed them, which is no correction of nothing.

    >>> check_annotation(Annotation("a.txt", 1, "comment", 0, 4, "maybe", "rk"))
    Traceback (most recent call last):
    puthi.errors.InputError: a.txt page 1: kind must be text, term, verdict or game, not 'comment'
    """
    where = f"{a.document} page {a.page_no}"
    if a.kind not in ("text", "term", "verdict", "game"):
        raise InputError(where, f"kind must be text, term, verdict or game, not {a.kind!r}")
    if a.kind == "game":
        a.after = a.after.strip().lower()
        forms = game_forms()
        spelt = next((g for g in games or () if g.lower() == a.after), None)  # as the corpus spells it
        a.after = spelt or forms.get(game_key(a.after), a.after)  # else ছেষট্টি, sixty_six: sixtysix
        if games is not None and a.after not in game_names() | set(games):
            raise unknown_game(where, a.after, forms | {game_key(g): g for g in games})
    if not 1 <= a.page_no <= MAX_PAGE:
        raise InputError(where, f"page {a.page_no} is no page number; pages count from 1")
    if a.start < 0 or a.end < a.start:
        raise InputError(where, f"offsets {a.start}..{a.end} are not a range; start must be <= end, both >= 0")
    if not a.author.strip():
        raise InputError(where, "a correction needs an author (--author NAME) so exports can attribute it")
    if a.quantity and a.kind not in ("verdict", "game"):
        raise InputError(where, "a quantity aims a verdict, a withdrawal or a game at some claims; a text or term "
                                "correction has none")
    if a.quantity and a.quantity.rpartition(":")[2].split("(")[0] not in QUANTITIES:
        raise InputError(where, f"{a.quantity!r} is no quantity; use one of {', '.join(QUANTITIES)} (or a claim's "
                                "key, as in the claims table: card_value(rank=A,suit=plain))")
    if a.kind == "verdict" and a.after not in (*VERDICTS, NO_RULE):
        raise InputError(where, f"verdict must be {', '.join(VERDICTS)} or {NO_RULE}, not {a.after!r}")
    if a.kind == "text" and a.start == a.end and not a.after:
        raise InputError(where, "an empty text correction changes nothing; give the new text")
    if a.kind == "text" and a.before and a.before == a.after and not undoing:
        raise InputError(where, f"the text at {a.start}..{a.end} is already {a.after!r}; nothing to correct")
    if a.kind == "text" and any(c in a.after for c in "\n\r\f\v\x85\u2028\u2029"):
        raise InputError(where, "a text correction cannot hold a line break (lines are the OCR's); "
                                "correct each line on its own")
    return a


MAX_PAGE = 10**7  # page numbers beyond any book (and the store's integers)


_EXPORT_NAMES = {"page_no": "page", "line_no": "line", "word_no": "word"}


MAX_CELL = 1 << 24  # characters in one cell of an imported CSV, as for terminology tables (rules.terms.tables)


def read_csv(source: str | io.TextIOBase, *, default_author: str = "") -> list[Annotation]:
    """Annotations from a corrections CSV (header row with the :data:`CSV_COLUMNS` that are used).

    Text corrections may name ``line`` and ``word`` instead of offsets; they are resolved by the store.

    >>> rows = "document,page,kind,start,end,before,after,author\\na.txt,1,text,0,1,ৰ,ব,rk\\n"
    >>> [(a.kind, a.start, a.end, a.after) for a in read_csv(io.StringIO(rows))]
    [('text', 0, 1, 'ব')]
    """
    name = getattr(source, "name", "corrections.csv") if not isinstance(source, str) else source
    try:
        fh = open(source, encoding="utf-8-sig", newline="") if isinstance(source, str) else source
    except OSError as exc:
        raise InputError(name, f"cannot read the corrections file ({exc.strerror}); check the path") from exc
    with fh:
        csv.field_size_limit(MAX_CELL)  # set here, as other readers may have set another
        try:
            header = fh.readline()  # a spreadsheet may save with semicolons or tabs
            reader = csv.DictReader(itertools.chain([header], fh), delimiter=max(",;\t", key=header.count))
            names = reader.fieldnames or []
            # the columns of `puthi export --format csv`'s annotations.csv, so an export can be imported again
            reader.fieldnames = [_EXPORT_NAMES[f] if f in _EXPORT_NAMES and _EXPORT_NAMES[f] not in names else f
                                 for f in names]
            missing = {"document", "page", "kind", "after"} - set(reader.fieldnames)
            if missing:
                raise InputError(name, f"missing column(s) {', '.join(sorted(missing))}; expected {CSV_COLUMNS}")
            if twice := sorted({f for f in reader.fieldnames if f.strip() and reader.fieldnames.count(f) > 1}):
                raise InputError(name, f"the header names {', '.join(twice)} twice; keep one column of each")
            out, bad = [], []
            end = 1  # the line the record before ended on: a quoted sentence may hold line breaks (a review)
            for row in reader:
                n, end = end + 1, reader.line_num
                try:
                    # DictReader's key for cells past the header (a hostile tester); empty ones are a spreadsheet's
                    if any(cell.strip() for cell in row.get(None) or ()):  # trailing commas (a review)
                        raise InputError(f"{name} line {n}", f"{len(row) - 1 + len(row[None])} cells under a header "
                                         f"of {len(reader.fieldnames)}; quote a cell that holds the delimiter")
                    out.append(_row(row, name, n, default_author))
                except InputError as exc:  # every bad row is named at once, not one per run
                    bad.append((n, exc))
            if bad:
                first = bad[0][1]
                more = ", ".join(str(n) for n, _ in bad[1:11]) + (", ..." if len(bad) > 11 else "")
                raise InputError(first.where, first.what + (f" (and bad rows on lines {more})" if more else ""))
        except UnicodeDecodeError as exc:
            raise InputError(name, "is not UTF-8 text; save the CSV as UTF-8") from exc
        except csv.Error as exc:
            if "field larger than field limit" in str(exc):  # a hostile tester's 10 MB cell named no line
                raise InputError(f"{name} line {reader.line_num + 1}", f"a cell longer than {MAX_CELL:,} characters; "
                                 "a correction is a word or a passage: is a quote left open?") from exc
            raise InputError(name, f"is not a readable CSV ({exc})") from exc
    return out


def _row(row: dict[str, str], name: str, n: int, default_author: str) -> Annotation:
    def num(key: str) -> int | None:
        value = (row.get(key) or "").strip()
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            raise InputError(f"{name} line {n}", f"column {key} must be a whole number, not {value!r}") from None

    page, start, end, line, word = num("page"), num("start"), num("end"), num("line"), num("word")
    if page is None:
        raise InputError(f"{name} line {n}", "column page is empty; give the page number (1 for the first)")
    if (start is None or end is None) and line is None and (row.get("kind") or "").strip() != "game":
        raise InputError(f"{name} line {n}", "give start and end offsets, or a line (and word) number")
    row = {k: unguarded(v) if k in ("document", "author", "note") else v for k, v in row.items()}
    a = Annotation(
        document=(row.get("document") or "").strip(),
        page_no=page,
        kind=(row.get("kind") or "").strip(),  # type: ignore[arg-type]
        start=start if start is not None else 0,
        end=end if end is not None else 0,
        after=row.get("after") or "",
        author=(row.get("author") or "").strip() or default_author,
        before=row.get("before") or "",
        note=row.get("note") or "",
        line_no=line,
        word_no=word,
        quantity=(row.get("quantity") or "").strip(),
        row=n,
        source=(row.get("source") or "").strip(),
    )
    if line is None:
        check_annotation(replace(a, document=f"{name} line {n}: {a.document}"), games=None)  # the store: names
    return a
