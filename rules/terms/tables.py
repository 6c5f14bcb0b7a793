"""Terminology tables: rows of (concept, language, headword, variants, gloss, category, source).

The bundled tables are the TSV files beside this module (``cards``, ``games``, ``dashguti``,
``ganjifa``); a scholar's own table is a CSV or TSV file with the same columns (only ``concept``,
``lang`` and ``headword`` are required). Columns:

``concept``   concept id shared by all languages (``card.queen``)
``lang``      bn, as, hi, en, nl, de, or ``x-symbol`` for rank symbols (A K Q J 10 ...)
``headword``  the form in that language, in the repair stage's normal form
``variants``  other spellings, separated by ``|``
``gloss``     English gloss
``category``  card_rank, card_suit, card_vocab, scoring, meld, game_name, board, ganjifa ...
``source``    where the term comes from (the issue, a seed, pagat.com ...)
``ambiguous`` concepts this row's forms are knowingly shared with, separated by ``|``
``weight``    0..1, how sure a bare occurrence names the concept (0.4 for একা, which also means 'alone')

>>> t = load_tables()
>>> [e.concept for e in t.entries if e.headword == "বিবি"]
['card.queen']
>>> t.validate()
[]
>>> import io
>>> read_table(io.StringIO("concept,lang,headword\\nx.y,bn\\n"), "mine.csv")
Traceback (most recent call last):
...
puthi.errors.InputError: mine.csv: row 2: 2 fields where the header has 3; check the commas or quote the field
"""

from __future__ import annotations

import codecs
import csv
import difflib
import hashlib
import io
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TextIO

import regex

from puthi.cells import guarded, unguarded
from puthi.errors import InputError, wide_bom
from puthi.normalize.unicode import normalized
from puthi.rules.terms.letters import match_form

HERE = Path(__file__).resolve().parent
BUNDLED = ("cards", "games", "dashguti", "ganjifa")
COLUMNS = ("concept", "lang", "headword", "variants", "gloss", "category", "source", "ambiguous", "weight")
REQUIRED = ("concept", "lang", "headword")
SCRIPT_OF_LANG = {"bn": "beng", "as": "beng", "hi": "deva", "en": "latn", "nl": "latn", "de": "latn", "fr": "latn"}
# The three-letter codes (Tesseract's, ISO 639-2) a scholar may write for the two-letter ones
LANG_ALIASES = {"ben": "bn", "asm": "as", "hin": "hi", "eng": "en", "nld": "nl", "dut": "nl", "deu": "de", "ger": "de",
                "fra": "fr", "fre": "fr"}
DELIMITERS = ("\t", ",", ";")
CONCEPT_ID = regex.compile(r"[\p{L}_][\p{L}\p{M}\p{Nd}_.\-]*")  # an XML name without ':' (TBX ids)
ASSAMESE_ONLY = {"\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}", "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"}


@dataclass(frozen=True)
class Entry:
    """One row of a terminology table."""

    concept: str
    lang: str
    headword: str
    variants: tuple[str, ...] = ()
    gloss: str = ""
    category: str = ""
    source: str = ""
    ambiguous: tuple[str, ...] = ()
    weight: float = 1.0
    table: str = ""
    row: int = 0

    @property
    def borrowed(self) -> bool:
        """Is the entry a word borrowed from another language, as its gloss or source says (কার্ড, "English
        loan"; শ্নাইডার, "Bengali transliteration of Schneider")?"""
        said = f"{self.gloss} {self.source}".lower()
        return "loan" in said or "transliterat" in said

    @property
    def forms(self) -> tuple[str, ...]:
        """Headword first, then the variants."""
        return (self.headword, *self.variants)


@dataclass
class TermTables:
    entries: list[Entry]

    def __post_init__(self) -> None:
        self._aligner = None

    def validate(self) -> list[str]:
        """Problems, one line each: a form in the wrong script, a headword not in normal form, a form
        shared by two concepts without the ambiguity being declared in both rows."""
        problems = []
        for e in self.entries:
            where = f"{e.table} row {e.row} ({e.concept}, {e.lang})"
            for form in e.forms:
                bad = _script_problem(form, e.lang)
                if bad:
                    problems.append(f"{where}: {form!r} {bad}")
            if e.headword != _normal(e.headword):
                problems.append(f"{where}: headword {e.headword!r} is not in the repair stage's normal form")
            if not 0.0 <= e.weight <= 1.0:
                problems.append(f"{where}: weight {e.weight} is outside 0..1")
        by_form: dict[str, list[Entry]] = defaultdict(list)
        for e in self.entries:
            for form in {match_form(f) for f in e.forms}:
                by_form[form].append(e)
        for form, rows in sorted(by_form.items()):
            concepts = {e.concept for e in rows}
            if len(concepts) < 2:
                continue
            for e in rows:
                missing = concepts - {e.concept} - set(e.ambiguous)
                if missing:
                    problems.append(
                        f"{e.table} row {e.row} ({e.concept}): {form!r} also names {', '.join(sorted(missing))}; "
                        "declare it in the 'ambiguous' column"
                    )
        return problems

    def concepts(self) -> dict[str, list[Entry]]:
        out: dict[str, list[Entry]] = defaultdict(list)
        for e in self.entries:
            out[e.concept].append(e)
        return dict(out)

    def __add__(self, other: TermTables) -> TermTables:
        return TermTables(self.entries + other.entries)


def _normal(word: str) -> str:
    return word if word.isascii() else normalized(word)


def _script_problem(form: str, lang: str) -> str:
    if lang == "x-symbol":
        return "" if form.isalnum() and len(form) <= 3 else "is not a short rank symbol"
    want = SCRIPT_OF_LANG[lang]
    if not regex.search(r"[\p{L}\p{Nd}]", form):  # a joiner or vowel sign alone (a hostile tester): never found
        return "has no letter, so it would never be found"
    if want == "latn" and regex.search(r"\w['\N{RIGHT SINGLE QUOTATION MARK}]\w", form):
        return "has an apostrophe inside a word, where the text's Latin words are cut, so it would never be found"
    for ch in form:
        if ch in " -'\N{RIGHT SINGLE QUOTATION MARK}" or ch.isdigit():
            continue
        cat = unicodedata.category(ch)
        o = ord(ch)
        if want == "beng" and not (0x0980 <= o <= 0x09FF or ch in "\N{ZERO WIDTH JOINER}\N{ZERO WIDTH NON-JOINER}"):
            return f"has {unicodedata.name(ch, hex(o))}, not Bengali script"
        if want == "deva" and not (0x0900 <= o <= 0x097F):
            return f"has {unicodedata.name(ch, hex(o))}, not Devanagari"
        if want == "latn" and not (cat.startswith("L") and o < 0x0250):
            return f"has {unicodedata.name(ch, hex(o))}, not Latin script"
        if lang == "bn" and ch in ASSAMESE_ONLY:
            return f"has the Assamese letter {unicodedata.name(ch)} in a Bengali row (use lang 'as')"
        if lang == "as" and ch == "\N{BENGALI LETTER RA}":
            ra_as = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
            return f"has the Bengali letter RA in an Assamese row: Assamese writes ra as {ra_as}, or use lang 'bn'"
    return ""


@dataclass(frozen=True)
class SenseCues:
    """The words that tell a form's other sense (``senses.tsv``): ওভার near ছক্কা is cricket's six, not the card.
    Each cue is as matched (:func:`~puthi.rules.terms.letters.match_form`); one written with a final "-" is the
    start of longer words (ব্যাট- in ব্যাটসম্যান), the others stand alone or with an inflection."""

    before: tuple[str, ...] = ()  # the word just before the form
    after: tuple[str, ...] = ()  # the word just after it
    near: tuple[str, ...] = ()  # a word of its sentence, a few words either side


@cache
def read_senses() -> dict[tuple[str, str], SenseCues]:
    """The cues of ``senses.tsv`` by (concept, headword as matched).

    >>> senses = read_senses()[("card.six", "ছক্কা")]
    >>> "ওভার" in senses.near, "ব্যাট-" in senses.near
    (True, True)
    """
    from puthi.rules.terms.letters import match_form

    out: dict[tuple[str, str], dict[str, list[str]]] = {}
    with open(HERE / "senses.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            cue = row["cue"]
            matched = match_form(cue.removesuffix("-")) + ("-" if cue.endswith("-") else "")
            key = (row["concept"], match_form(row["headword"]))
            out.setdefault(key, {}).setdefault(row["scope"], []).append(matched)
    return {k: SenseCues(**{scope: tuple(cues) for scope, cues in v.items()}) for k, v in out.items()}


@cache
def read_suffixes() -> dict[str, frozenset[str]]:
    """Every inflection a term may carry in each language (``bn``, ``as``), as matching keys: each classifier,
    case and emphatic ending of ``suffixes.tsv`` and their combinations, with the Latin ones for both.

    >>> s = read_suffixes()
    >>> all(x in s["bn"] for x in ("এর", "টির", "কে")), "ৰ" in s["as"], "ৰ" in s["bn"]
    (True, True, False)
    """
    out: dict[str, frozenset[str]] = {}
    with open(HERE / "suffixes.tsv", encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    for lang in ("bn", "as"):
        slots: dict[str, list[str]] = {"classifier": [""], "case": [""], "emphatic": [""]}
        latin = set()
        for r in rows:
            langs = r["lang"].split("|")
            if lang in langs:
                slots[r["slot"]].append(match_form(r["suffix"]))
            elif r["suffix"].isascii():
                latin.add(r["suffix"])
        combos = {c + k + e for c in slots["classifier"] for k in slots["case"] for e in slots["emphatic"]}
        combos.discard("")
        # The text may spell য় in one code point: accept both spellings of each suffix.
        combos |= {c.replace("\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}", "\N{BENGALI LETTER YYA}") for c in combos}
        out[lang] = frozenset(combos | latin)
    return out


MAX_FORM = 100  # characters of one form of a term; the aligner's work grows with its square
MAX_TABLE_BYTES = 64 * 2**20


def read_table(source: str | Path | TextIO, name: str | None = None) -> TermTables:
    """Read a table from a CSV (comma) or TSV (tab) file or text stream; a bad row is a one-line
    :class:`~puthi.errors.InputError` naming the file and the row."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        name = name or str(path)
        try:
            with path.open("rb") as fh:  # at most MAX_TABLE_BYTES: --table /dev/zero filled 23 GB (a hostile tester)
                data = fh.read(MAX_TABLE_BYTES + 1)
            if len(data) > MAX_TABLE_BYTES:
                raise InputError(str(path), f"more than {MAX_TABLE_BYTES // 2**20} MB; a terminology table is a few "
                                            "thousand rows: is it the right file?")
            text = data.decode("utf-8-sig")
        except FileNotFoundError:
            raise InputError(str(path), "no such table file") from None
        except IsADirectoryError:
            raise InputError(str(path), "is a folder; give the table's CSV or TSV file") from None
        except OSError as exc:
            raise InputError(str(path), f"cannot read the table ({exc.strerror or exc}); check its permissions") \
                from None
        except UnicodeDecodeError as exc:
            if error := wide_bom(str(path), data[:4]):  # as repair names it
                raise error from None
            at = exc.start + 3 * data.startswith(codecs.BOM_UTF8)  # utf-8-sig counts after its byte-order mark
            raise InputError(str(path), f"not UTF-8 (at byte offset {at}); save the table as UTF-8") from None
        stream: TextIO = io.StringIO(text)
    else:
        stream = source
        name = name or "table"
    table = Path(name).stem
    head = stream.readline()
    if not head.strip():
        raise InputError(
            name, "the table is empty; the first line must name the columns (concept, lang, headword, ...)"
        )
    delim = max(DELIMITERS, key=head.count)  # a tab, a comma, or the semicolon of spreadsheets in many locales
    header = [h.strip().lower() for h in next(csv.reader([head], delimiter=delim))]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise InputError(name, f"missing column {', '.join(missing)}; the header needs concept, lang, headword, "
                               "separated by commas, tabs or semicolons")
    for h in header:
        if (near := _misspelt(h, header)) is not None:
            raise InputError(name, f"the column {h!r} is none of {', '.join(COLUMNS)}; did you mean {near!r}?")
    twice = sorted({h for h in header if h and header.count(h) > 1})
    if twice:
        raise InputError(name, f"the column {', '.join(twice)} appears twice in the header; keep one")
    entries = []
    for n, fields in _rows(stream, delim, name):
        if not fields or all(not f.strip() for f in fields):
            continue
        if [f.strip().lower() for f in fields] == header:
            raise InputError(name, f"row {n} repeats the header (two tables pasted together?); remove it")
        if any("\n" in f or "\r" in f for f in fields):
            raise InputError(name, f"row {n}: a field spans several lines (a quote not closed, or a line break "
                                   "inside a cell); close the quote or keep each row on one line")
        if len(fields) != len(header):
            raise InputError(
                name,
                f"row {n}: {len(fields)} fields where the header has {len(header)}; "
                "check the commas or quote the field",
            )
        row = {k: v.strip() for k, v in zip(header, fields, strict=True)}
        for col in REQUIRED:
            if not row[col]:
                raise InputError(name, f"row {n}: the {col} is empty")
        row["lang"] = LANG_ALIASES.get(row["lang"].lower(), row["lang"].lower())  # BN and ben are bn
        if row["lang"] not in SCRIPT_OF_LANG and row["lang"] != "x-symbol":
            raise InputError(name, f"row {n}: lang {row['lang']!r} is none of {', '.join(SCRIPT_OF_LANG)}, x-symbol; "
                                   "a row in another language would never be found")
        if not CONCEPT_ID.fullmatch(row["concept"]):
            raise InputError(name, f"row {n}: concept {row['concept']!r} must start with a letter and hold only "
                                   "letters, signs, digits, '.', '_' and '-' (it is an id, also in the TBX export)")
        raw_weight = row.get("weight") or "1"
        if delim == ";":  # spreadsheets that separate with semicolons write a decimal comma (0,5)
            raw_weight = raw_weight.replace(",", ".")
        try:
            weight = float(raw_weight)
        except ValueError:
            raise InputError(name, f"row {n}: weight {row['weight']!r} is not a number between 0 and 1") from None
        if not 0.0 <= weight <= 1.0:
            raise InputError(name, f"row {n}: weight {weight} is not between 0 and 1")
        forms = [row["headword"], *[v.strip() for v in row.get("variants", "").split("|") if v.strip()]]
        for form in forms:
            if len(form) > MAX_FORM:
                raise InputError(name, f"row {n}: a form of {len(form):,} characters; a term is a few words (at "
                                       f"most {MAX_FORM} characters): is a column misplaced?")
            bad = _script_problem(form, row["lang"])
            if bad:
                raise InputError(name, f"row {n}: {form!r} {bad}")
        entries.append(
            Entry(
                concept=row["concept"],
                lang=row["lang"],
                headword=forms[0],
                variants=tuple(dict.fromkeys(f for f in forms[1:] if f != forms[0])),
                gloss=unguarded(row.get("gloss", "")),
                category=unguarded(row.get("category", "")),
                source=unguarded(row.get("source", "")),
                ambiguous=tuple(a.strip() for a in row.get("ambiguous", "").split("|") if a.strip()),
                weight=weight,
                table=table,
                row=n,
            )
        )
    if not entries:
        raise InputError(name, "the table has a header but no rows")
    return TermTables(entries)


def _misspelt(column: str, header: list[str]) -> str | None:
    """The column ``column`` misspells, which the header lacks, or None: a newcomer's "varaints" and "wieght" were
    dropped unseen. A scholar's own columns are left alone, those that hold a known name too (gloss_bn, subcategory:
    a review).

    >>> _misspelt("varaints", ["concept", "varaints"]), _misspelt("gloss_bn", ["gloss_bn"]), _misspelt("notes", [])
    ('variants', None, None)
    """
    if column in COLUMNS or any(c in column for c in COLUMNS):
        return None
    near = difflib.get_close_matches(column, COLUMNS, n=1, cutoff=0.75)
    typo = near and abs(len(near[0]) - len(column)) <= 1  # one letter more or less at most: not "categories"
    return near[0] if typo and near[0] not in header else None


def _rows(stream: TextIO, delim: str, name: str) -> Iterator[tuple[int, list[str]]]:
    """(line number where the row starts, its fields) after the header line; CSV errors name the row."""
    csv.field_size_limit(max(csv.field_size_limit(), 1 << 24))  # a row of many variants is no error
    reader = csv.reader(stream, delimiter=delim, strict=True)  # strict: an unclosed quote at the end is an error
    while True:
        start = reader.line_num + 2  # the header was read before the reader
        try:
            fields = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise InputError(name, f"row {start}: {exc}; check the quotes of that row") from None
        yield start, fields


@dataclass(frozen=True)
class TableFile:
    """A scholar's table as read from its file: the name it was given by and its text, so that a corpus can
    keep it and read its pages with it again after the file is gone.

    >>> t = TableFile("mine.csv", "concept,lang,headword\\ngame.kite,bn,ঘুড়ি\\n")
    >>> t.fingerprint, [e.headword for e in load_tables([t]).entries if e.table == "mine"]
    ('1002e77a106f', ['ঘুড়ি'])
    """

    name: str
    text: str

    @classmethod
    def read(cls, path: str | Path) -> TableFile:
        """The table at ``path``, checked: a bad row is a one-line error naming the file and the row."""
        read_table(path)
        return cls(str(path), Path(path).read_text(encoding="utf-8-sig"))

    def changed_on_disk(self) -> bool:
        """Does the file this table was read from (by its name, a path) now hold something else?"""
        try:
            return Path(self.name).read_text(encoding="utf-8-sig") != self.text
        except (OSError, UnicodeDecodeError):
            return False  # gone or unreadable: the kept copy is all there is

    @property
    def fingerprint(self) -> str:
        """Twelve hex digits of the SHA-256 of the text: a changed table has another."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:12]


def fingerprint(files: tuple[TableFile, ...]) -> str:
    """One fingerprint for several tables (``""`` for none), in the order given.

    >>> fingerprint(()), len(fingerprint((TableFile("a.csv", "x"), TableFile("b.csv", "y"))))
    ('', 12)
    """
    if not files:
        return ""
    if len(files) == 1:
        return files[0].fingerprint
    return hashlib.sha256("+".join(f.fingerprint for f in files).encode("ascii")).hexdigest()[:12]


_BUNDLED_CACHE: dict[str, TermTables] = {}
_MERGED_CACHE: dict[tuple[TableFile, ...], TermTables] = {}


def load_tables(extra_csv: str | Path | TableFile | list[str | Path | TableFile] | tuple[TableFile, ...] | None = None
                ) -> TermTables:
    """The bundled tables, plus a scholar's table (or several) when ``extra_csv`` is given (paths, or
    :class:`TableFile` records; the same records give the same tables object, so its aligner is built once).

    A scholar's form that names a different concept than a bundled one (or than another of the scholar's
    tables) is an error unless the row declares it in ``ambiguous``; the error names the file and the row.
    """
    if "bundled" not in _BUNDLED_CACHE:
        tables = TermTables([])
        for stem in BUNDLED:
            tables = tables + read_table(HERE / f"{stem}.tsv")
        _BUNDLED_CACHE["bundled"] = tables
    merged = _BUNDLED_CACHE["bundled"]
    one = isinstance(extra_csv, (str, Path, TableFile))
    extras = [] if extra_csv is None else [extra_csv] if one else list(extra_csv)
    key = tuple(extras) if extras and all(isinstance(e, TableFile) for e in extras) else None
    if key in _MERGED_CACHE:
        return _MERGED_CACHE[key]
    for extra_source in extras:
        if isinstance(extra_source, TableFile):
            name = extra_source.name
            extra = read_table(io.StringIO(extra_source.text), name)
        else:
            name = str(extra_source)
            extra = read_table(extra_source)
        merged = merged + extra
        ours = tuple({f"{e.table} row " for e in extra.entries})  # not split at " row ": a file may be "my row list"
        for problem in merged.validate():
            if problem.startswith(ours):
                raise InputError(name, problem)
    if key is not None:
        if len(_MERGED_CACHE) > 8:
            _MERGED_CACHE.clear()
        _MERGED_CACHE[key] = merged
    return merged


def write_csv(tables: TermTables, out: TextIO, delimiter: str = ",") -> None:
    """Write the tables as CSV (or TSV with ``delimiter='\\t'``) with every column; :func:`read_table`
    reads it back. A gloss, category or source a spreadsheet would run as a formula is set off with ``'``."""
    w = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    w.writerow(COLUMNS)
    for e in tables.entries:
        w.writerow(
            [
                e.concept,
                e.lang,
                e.headword,
                "|".join(e.variants),
                guarded(e.gloss),
                guarded(e.category),
                guarded(e.source),
                "|".join(e.ambiguous),
                f"{e.weight:g}",
            ]
        )
