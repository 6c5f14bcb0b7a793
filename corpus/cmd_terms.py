"""``puthi terms``: link a text to the terminology tables.

One record per occurrence, in text order. A term:
``{"start","end","surface","headword","concept","gloss","table","score"}``; a number has the same keys
(headword and gloss its value in ASCII digits, concept ``number``, table ``numbers``, score 1) and
``"value"``, so a reader of either kind finds every key. Offsets are code points into the input as read (UTF-8, line
endings untouched). Big inputs are read and aligned in pieces cut at line breaks (a line longer than a
piece at a space), so memory stays flat; a multi-word term broken across a piece boundary (every ~256k
characters, at a blank line when there is one) can be missed.
"""

from __future__ import annotations

import codecs
import json
import sys
import unicodedata
from collections.abc import Iterator
from typing import BinaryIO, TextIO

import regex

from puthi.corpus.textio import check_head, not_utf8, nul_byte, open_input, share, text_lang
from puthi.errors import OutputError

HELP = "find terminology-table terms and numbers in a text (jsonl or tsv, code-point offsets)"
CHUNK = 1 << 18
TERM_KEYS = ("start", "end", "surface", "headword", "concept", "gloss", "table", "score")
TSV_KEYS = (*TERM_KEYS, "value")
_LETTER = regex.compile(r"[\p{Bengali}\p{Latin}\p{Devanagari}]")
_DEVANAGARI = regex.compile(r"\p{Devanagari}")
_BENGALI = regex.compile(r"\p{Bengali}")
_LAST_SPACE = regex.compile(r"\s+(?=\S*$)")


def add_arguments(p) -> None:
    p.add_argument("input", nargs="?", default="-", metavar="FILE|-", help="UTF-8 text; - or nothing for stdin")
    p.add_argument("--format", choices=("jsonl", "tsv"), default="jsonl")
    p.add_argument("--errors", choices=("strict", "replace"), default="strict",
                   help="invalid UTF-8: stop with an error naming the byte, or replace it with U+FFFD")
    p.add_argument("--table", metavar="EXTRA.csv", action="append",
                   help="a scholar's table (CSV, TSV or semicolons) used with the bundled ones; repeat for several. "
                        "Columns: concept, lang, headword (required); variants (|-separated), gloss, category, "
                        "source, ambiguous, weight")
    p.add_argument("--lang", type=text_lang, choices=("bn", "as", "auto"), default="auto",
                   help="inflections to strip (default: auto)")
    p.add_argument("--min-score", type=share, default=0.5, metavar="P",
                   help="drop links and numbers scoring below this, 0-1 (default 0.5)")
    p.add_argument("--all-links", action="store_true", help="also print the other readings of an ambiguous term")
    p.add_argument("--no-numbers", action="store_true", help="terms only")
    p.add_argument("--repair", action="store_true",
                   help="repair the text first (as puthi repair does) and look for terms in the repaired text; "
                        "offsets and surfaces stay those of the input, so a term read out of garble shows the "
                        "garble, and its score is multiplied by the repair's confidence")
    p.add_argument(
        "--export", choices=("tbx", "csv"), help="write the tables (with --table) as TBX or CSV to stdout and stop"
    )


def run(args) -> int:
    from puthi.normalize.noise import LEGACY_FONT_NOTE, legacy_font_text
    from puthi.normalize.repair import MAX_LINE, repair_text
    from puthi.rules.terms import find_numbers, load_tables
    from puthi.rules.terms.align import aligner_for
    from puthi.rules.terms.letters import detect_lang
    from puthi.rules.terms.numbers import outside_names

    tables = load_tables(args.table)
    out = sys.stdout
    if args.export:
        _export(tables, args.export, out)
        return 0
    name = "standard input" if args.input == "-" else args.input
    aligner = aligner_for(tables)
    lang = args.lang
    header = args.format == "tsv"  # written once the input has proved readable, so a refused file prints nothing
    seen_text = seen_letters = False
    devanagari = bengali = 0
    long_noted = False
    first = ""  # the first chunk, to tell a legacy font encoding by
    for offset, chunk in _chunks(open_input(args.input), name, args.errors):
        first = first or chunk
        if header:
            out.write("\t".join(TSV_KEYS) + "\n")
            header = False
        seen_text = seen_text or bool(chunk.replace("\N{ZERO WIDTH NO-BREAK SPACE}", "").strip())
        seen_letters = seen_letters or bool(_LETTER.search(chunk))
        devanagari += len(_DEVANAGARI.findall(chunk))
        bengali += len(_BENGALI.findall(chunk))
        if lang == "auto" and chunk.strip():
            lang = detect_lang(chunk)
        code = lang if lang != "auto" else "bn"
        text, edits = chunk, []
        if args.repair:
            if not long_noted and any(len(line) > MAX_LINE for line in chunk.split("\n")):
                long_noted = True
                print(f"puthi terms: {name}: a line over {MAX_LINE:,} characters is only normalised, not repaired; "
                      "break the text into lines to repair it", file=sys.stderr)
            fixed = repair_text(chunk, lang=code)
            text, edits = fixed.text, fixed.edits
        records: list[tuple[int, dict]] = []
        found = aligner.find(text, lang=code, min_score=args.min_score, all_links=args.all_links)
        for s in found:
            records.append((s.start, {k: getattr(s, k) for k in TERM_KEYS}))
        if not args.no_numbers:
            names = [] if args.all_links else found  # every reading asked for: the number is one of them
            for n in outside_names(find_numbers(text, lang=code), names, text):
                records.append((n.start, _number_record(n)))
        if edits:
            own = {(s.start, s.end, s.concept): s.score
                   for s in aligner.find(chunk, lang=code, min_score=args.min_score, all_links=args.all_links)}
            records = back_to_input(records, edits, chunk, args.min_score, own)
        records.sort(key=lambda r: (r[0], "value" in r[1]))
        try:
            for _, rec in records:
                rec["start"] += offset
                rec["end"] += offset
                out.write(_format(rec, args.format))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError("stdout", f"cannot write ({exc.strerror})") from None
    if header:  # empty input: an empty table
        out.write("\t".join(TSV_KEYS) + "\n")
    if not seen_text:  # a blank page in a batch is no error: a note, as puthi repair gives
        print(f"puthi terms: {name}: empty input, no terms", file=sys.stderr)
        return 0
    if devanagari > bengali and not args.repair:
        print(f"puthi terms: {name}: mostly Devanagari; if it is Bengali read by a Hindi OCR model, run puthi "
              "repair on it first", file=sys.stderr)
    elif not bengali and legacy_font_text(first):
        print(f"puthi terms: {name}: {LEGACY_FONT_NOTE}", file=sys.stderr)
    elif not seen_letters:
        print(
            f"puthi terms: {name}: no Bengali, Assamese, Devanagari or Latin letters; is this the right file?",
            file=sys.stderr,
        )
    return 0


def _cut(buf: str) -> int:
    """Where to end a piece of ``buf``: after a blank line in its second half, else after its last line break,
    else (one very long line) after its last space, else anywhere but before a combining mark or joiner.

    >>> _cut("ab\\ncd\\n\\nef"), _cut("ab\\n\\ncd\\nef"), _cut("abc def"), _cut("abcd\\N{BENGALI VOWEL SIGN AA}")
    (7, 7, 4, 3)
    """
    cut = buf.rfind("\n\n", len(buf) // 2)
    if cut >= 0:
        return cut + 2
    cut = buf.rfind("\n") + 1
    if cut > 0:
        return cut
    space = _LAST_SPACE.search(buf)
    if space:
        return space.end()
    cut = len(buf) - 1
    while cut > 0 and (unicodedata.category(buf[cut]).startswith("M") or buf[cut] in "\N{ZWJ}\N{ZWNJ}"):
        cut -= 1
    return cut or len(buf)


def _chunks(fh: BinaryIO, name: str, errors: str = "strict") -> Iterator[tuple[int, str]]:
    """(offset, piece) for the whole input, pieces of about ``CHUNK`` characters ending at a blank line or a
    line break (a line longer than that is cut at a space): memory stays flat on any input. A byte-order
    mark is no text: offsets count from after it, as in ``puthi check`` and ``puthi build``."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")(errors)
    offset = consumed = bom = 0
    buf = ""
    with fh:
        while True:
            data = fh.read(CHUNK)
            if consumed == 0:
                check_head(data, name)
                bom = 3 if data.startswith(codecs.BOM_UTF8) else 0  # the decoder's error offsets skip it
            if (nul := data.find(b"\x00")) >= 0:
                raise nul_byte(name, consumed + nul)
            try:
                pending = len(decoder.getstate()[0])
                buf += decoder.decode(data, final=not data)
            except UnicodeDecodeError as exc:
                where = consumed - pending + exc.start + (bom if consumed == 0 else 0)
                raise not_utf8(name, where) from None
            consumed += len(data)
            if not data:
                break
            while len(buf) >= CHUNK:
                cut = _cut(buf)
                yield offset, buf[:cut]
                offset += cut
                buf = buf[cut:]
    if buf:
        yield offset, buf


def back_to_input(records: list[tuple[int, dict]], edits: list, chunk: str, min_score: float,
                  own: dict[tuple[int, int, str], float] | None = None) -> list[tuple[int, dict]]:
    """Records found in the repaired ``chunk``, moved back onto it: its offsets and what it has there. A term
    read out of a repair is only as sure as the repair: its score is multiplied by the lowest confidence of
    the edits under it, and a term or number that then falls below ``min_score`` is dropped. ``own`` has the
    scores of the links found in ``chunk`` as given, by (start, end, concept): such a link keeps its own score where
    that is surer (ৰিস্তি, 0.93 as given, is no less sure for a repair guessed at 0.6).

    >>> from puthi.normalize.edits import Edit
    >>> recs = [(0, {"start": 0, "end": 3, "surface": "পিঠ", "score": 1.0, "concept": "vocab.trick"})]
    >>> back_to_input(recs, [Edit(0, 3, "भि*", "পিঠ", "wrong-script", 0.6)], "भि*", 0.5)
    [(0, {'start': 0, 'end': 3, 'surface': 'भि*', 'score': 0.6, 'concept': 'vocab.trick'})]
    """
    from puthi.normalize.edits import OffsetMap

    offsets = OffsetMap(edits)
    out = []
    for _, rec in records:
        start, end = offsets.to_input(rec["start"]), offsets.to_input(rec["end"], end=True)
        score = round(rec["score"] * offsets.confidence(start, end), 3)
        score = max(score, (own or {}).get((start, end, rec["concept"]), 0.0))
        if score < min_score:
            continue
        out.append((start, {**rec, "start": start, "end": end, "surface": chunk[start:end], "score": score}))
    return out


def _number_record(n) -> dict:
    """A number as a record with every term key, and its value.

    >>> from puthi.rules.spans import NumberSpan
    >>> _number_record(NumberSpan(0, 12, "দুই কুড়ি সাত", 47))["concept"]
    'number'
    """
    return {"start": n.start, "end": n.end, "surface": n.surface, "headword": str(n.value), "concept": "number",
            "gloss": str(n.value), "table": "numbers", "score": 1.0, "value": n.value}


def _format(rec: dict, fmt: str) -> str:
    if fmt == "jsonl":
        return json.dumps(rec, ensure_ascii=False) + "\n"
    cells = []
    for k in TSV_KEYS:
        v = rec.get(k, "")
        cells.append(str(v).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r"))
    return "\t".join(cells) + "\n"


def _export(tables, kind: str, out: TextIO) -> None:
    if kind == "tbx":
        from puthi.rules.terms.tbx import to_tbx

        out.write(to_tbx(tables))
    else:
        from puthi.rules.terms.tables import write_csv

        write_csv(tables, out)
