"""``puthi repair``: normalise and repair OCR text line by line; every change explained.

The output has exactly as many lines as the input (line endings kept), so it can be pasted back beside
the scan. ``--format jsonl`` writes one record per input line: ``{"line", "lang", "text", "edits"}``, each
edit ``{"start", "end", "before", "after", "rule", "confidence"}`` with code-point offsets into that input
line. With ``--lang auto`` the language is decided once from the first 64 KiB, and for each page of a file of
pages (split by form feeds, as ``puthi ocr`` writes them) whose ৰ/ৱ or র are clear
(:class:`~puthi.normalize.detect.PageEvidence`); in a Bengali text, a line with three ৰ/ৱ or more and no র (an
Assamese quotation) is repaired as Assamese, and its record says so.

Some repairs read the whole text: the words it spells (which garble readings and candrabindus borrow from)
and the noise lines that recur page after page (a watermark). A file is read twice, once to count them and
once to repair, so every line is treated alike, as ``repair_text`` treats a whole text. Standard input is
read once: the counts come from the first 64 KiB and grow as lines are read. Either way the input is read
and written one line at a time, so memory holds only those counts, not the text.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import re
import sys
from collections import Counter
from collections.abc import Iterator
from typing import BinaryIO

from puthi.corpus.textio import (
    check_head,
    not_utf8,
    nul_byte,
    open_input,
    reject_jsonl,
    reject_markup,
    scan_kind,
    share,
    text_lang,
)
from puthi.errors import InputError
from puthi.normalize.detect import (
    LanguageRun,
    PageEvidence,
    detect_lang,
    lang_evidence,
    page_langs,
    ra_written_as_assamese,
)
from puthi.normalize.edits import GUESS
from puthi.normalize.furniture import NoiseLines
from puthi.normalize.noise import LEGACY_FONT_NOTE, legacy_font_text
from puthi.normalize.repair import MAX_LINE, document_words, keep_confident, repair_line

HELP = "repair OCR text (Unicode normalisation, wrong-script garble, OCR confusions), keeping the line count"
EPILOG = """\
every change is an edit with one of these rules (--format jsonl lists them per line):
  nukta-decomposed, two-part-vowel,   Unicode normalisation (one canonical form): য় ড় ঢ় composed, ো ৌ
  a-aa-ligature, khanda-ta,           as one sign, অ+া as আ, ৎ for ত+virama+ZWJ, candrabindu after the
  candrabindu-order, unicode-nfc,     vowel sign, NFC for the rest, । for | (and ॥ for ||) where it is
  danda                               punctuation, and for OCR's 1 glued to a word's end (খেলে1 -> খেলে।)
  invisible                           a soft hyphen, zero-width space, word joiner or stray byte-order mark
                                      inside the text, which joins nothing, taken out
  repeated-noise-line                 a line of digit soup that recurs through the text (a watermark on
                                      every page) is emptied; the line itself stays
  english-from-soup                   English that a Bengali model read as digits, read back when likely
  wrong-script                        Bengali read by a Hindi model (Devanagari look-alikes) read back
  ocr-confusion                       a word the lexicon lacks, one or two common OCR confusions away
                                      from a word it has; a candrabindu is added only where the text
                                      itself spells the word with one
  assamese-letter-in-bengali          ৰ ৱ in Bengali text (ৰিস্তি -> বিস্তি)
  bengali-letter-in-assamese          র in Assamese text (প্রথম -> প্ৰথম); ৰ ৱ are never made Bengali
  assamese-ra-wa                      ৰ and ৱ read for each other, when that gives a known Assamese word
  digit-lookalike                     e and • among digits in Bengali text (e • -> ৫০); a number with ASCII
                                      digits or a Latin O among Bengali ones, in Bengali digits (২0 -> ২০)
two rules joined by + (two-part-vowel+ocr-confusion) changed the same letters in two passes;
real Hindi passages are left as they are."""
LOOKAHEAD = 64 * 1024
_CONTROL_BYTES = re.compile(rb"[\x01-\x08\x0e-\x1a\x1c-\x1f]")  # in binary files, not in text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", nargs="?", default="-", help="text file to repair, or - for standard input")
    parser.add_argument("--lang", type=text_lang, choices=["bn", "as", "auto"], default="auto",
                        help="language of the text (auto: decided from the first 64 KiB, and for each page of a "
                             "file whose pages are split by form feeds)")
    parser.add_argument("--format", choices=["text", "jsonl"], default="text",
                        help="text: the repaired lines; jsonl: one record per line with its edits")
    parser.add_argument("--errors", choices=["strict", "replace"], default="strict",
                        help="invalid UTF-8: stop with an error naming the byte offset, or replace it with U+FFFD")
    parser.add_argument("--min-confidence", type=share, default=0.0, metavar="P",
                        help="apply only edits at least this sure (0-1); jsonl lists the others as "
                             "\"suggestions\". 0.6 keeps the garble where its reading is a guess (default 0: all)")


def _edit_records(edits) -> list[dict]:
    return [{"start": e.start, "end": e.end, "before": e.before, "after": e.after, "rule": e.rule,
             "confidence": e.confidence} for e in edits]


_AFTER_LONE_CR = re.compile(rb"(?<=\r)(?!\n)")
MAX_RAW_LINE = 64 * 2**20  # bytes of one line at most; lines over MAX_LINE characters are only normalised anyway


def _lines(stream: BinaryIO, name: str, errors: str) -> Iterator[tuple[str, str]]:
    """Yield (line without its ending, the ending) decoded from ``stream``; errors name the byte offset."""
    peek = getattr(stream, "peek", None)
    head = peek(4096)[:4096] if peek else b""
    if b"\x00" in head or scan_kind(head):
        check_head(head, name)  # UTF-16 (even without a byte-order mark, and with a first line free of NULs), a scan
    offset = 0
    while raw := stream.readline(MAX_RAW_LINE + 1):
        if len(raw) > MAX_RAW_LINE:  # a line that never ends had grown to 11 GB (a hostile tester)
            raise InputError(name, f"a line of more than {MAX_RAW_LINE // 2**20} MB at byte offset {offset}; break "
                                   "the text into lines")
        if offset == 0 and raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            check_head(raw[:2], name)  # UTF-16: say so, rather than "NUL byte at offset 13"
        if offset == 0:
            reject_jsonl(raw, name)
            reject_markup(head or raw, name)  # its tags may come on the lines after
        if (nul := raw.find(b"\x00")) >= 0:
            raise nul_byte(name, offset + nul)
        for piece in _AFTER_LONE_CR.split(raw):  # a CR alone ends a line too (old Mac text), as `build` reads it
            if not piece:
                continue
            body = piece.rstrip(b"\r\n")
            ending = piece[len(body):].decode("ascii")
            start = len(codecs.BOM_UTF8) if offset == 0 and body.startswith(codecs.BOM_UTF8) else 0
            try:  # a byte-order mark is no text: offsets count after it, as in `terms` and `check`
                text = body[start:].decode("utf-8", errors=errors)
            except UnicodeDecodeError as exc:
                if _CONTROL_BYTES.search(body):
                    raise InputError(name, "control bytes and invalid UTF-8 at byte offset "
                                           f"{offset + start + exc.start}: this looks like a binary file, not text; "
                                           "give a UTF-8 text file") from None
                raise not_utf8(name, offset + start + exc.start) from None
            offset += len(piece)
            yield text, ending


def _lookahead(lines: Iterator[tuple[str, str]], limit: int) -> tuple[list[tuple[str, str]],
                                                                      Iterator[tuple[str, str]]]:
    """The first ``limit`` characters of lines (at least one line), and the rest. An error in the lookahead is
    raised only after the lines before it, so that their repair is written first."""
    buffered, size = [], 0
    try:
        for item in lines:
            buffered.append(item)
            size += len(item[0])
            if size >= limit:
                break
    except InputError as exc:
        return buffered, _raising(exc)
    return buffered, lines


def _raising(exc: Exception) -> Iterator[tuple[str, str]]:
    raise exc
    yield  # a generator: raises when iterated


def _whole_file_counts(stream: BinaryIO, name: str, errors: str, lang: str
                       ) -> tuple[Counter[str], NoiseLines, list[PageEvidence]]:
    """The document's words and noise lines, and the language evidence (ৰ/ৱ, র) of each page, from a first
    reading of the whole file (up to a decoding error, which the second reading reports in its place, after the
    lines before it)."""
    document: Counter[str] = Counter()
    noise = NoiseLines()
    pages = [PageEvidence()]
    stream.seek(0)
    try:
        for text, _ in _lines(stream, name, errors):
            document.update(document_words(text, lang))
            noise.add(text)
            for k, part in enumerate(text.split("\f")):
                if k:
                    pages.append(PageEvidence())
                pages[-1].add(part)
    except InputError:
        pass
    stream.seek(0)
    return document, noise, pages


def run(args: argparse.Namespace) -> int:
    name = "standard input" if args.file == "-" else args.file
    stream = open_input(args.file)
    stdin = sys.stdin.buffer if sys.stdin is not None else None  # None when started with `<&-` (a hostile tester)
    out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="", write_through=False) \
        if hasattr(sys.stdout, "buffer") else sys.stdout
    try:
        lines = _lines(stream, name, args.errors)
        lang = args.lang
        # Someone typing at a terminal gets each line back at once: no look-ahead beyond the first line.
        interactive = stream is stdin and sys.stdin.isatty()
        buffered, lines = _lookahead(lines, 0 if interactive else LOOKAHEAD)
        head = "\n".join(t for t, _ in buffered)
        if lang == "auto":
            lang = detect_lang(head)
        else:
            warn_if_other_language(head, lang, name)
        whole = stream.seekable() and stream is not stdin
        pages: list[PageEvidence] = []
        if whole:  # a file: count it all first, then repair it from the start
            document, noise, pages = _whole_file_counts(stream, name, args.errors, lang)
            buffered, lines = [], _lines(stream, name, args.errors)
        else:  # standard input: count what the look-ahead holds, then each line as it comes
            document, noise = document_words(head, lang), NoiseLines.of(t for t, _ in buffered)
        number, run, page = 0, LanguageRun(), 0  # the language of the lines before, when a few agree
        made = guesses = 0
        langs = page_langs(pages, lang) if args.lang == "auto" else []
        # a Bengali text written with ৰ for every র, by page (a file) or by its beginning (standard input)
        ra_as = [ra_written_as_assamese(p.assamese, p.bengali) for p in pages] or [
            ra_written_as_assamese(*lang_evidence(head))]
        for number, (text, ending) in enumerate(_chain(buffered, lines), start=1):
            page += text.count("\f")
            line_lang = langs[page] if page < len(langs) else lang
            if not whole and number > len(buffered):
                noise.add(text)
                document.update(document_words(text, lang))
            if len(text) > MAX_LINE:
                print(f"puthi repair: {name} line {number}: {len(text):,} characters long, so only normalised, "
                      "not repaired; break the text into lines to repair it", file=sys.stderr)
            r = repair_line(text, line_lang, document=document, line_counts=noise.counts, before=run.lang,
                            ra_as=line_lang == "bn" and ra_as[min(page, len(ra_as) - 1)])
            run.add(text, r.lang)
            if args.min_confidence:
                r, left = keep_confident(text, r, args.min_confidence)
            made += len(r.edits)
            guesses += sum(e.confidence < GUESS for e in r.edits)
            if args.format == "jsonl":
                record = {"line": number, "lang": r.lang, "text": r.text, "edits": _edit_records(r.edits)}
                if args.min_confidence:
                    record["suggestions"] = _edit_records(left)
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
            else:
                out.write(r.text + ending)
            if interactive:
                out.flush()
        if number == 0:  # a line-for-line repair of nothing is nothing (a blank page): a note, not an error
            print(f"puthi repair: {name}: empty input, nothing to repair", file=sys.stderr)
        elif legacy_font_text(head):
            print(f"puthi repair: {name}: {LEGACY_FONT_NOTE}", file=sys.stderr)
        elif guesses and args.format == "text":  # a scholar cited a text with invented words unwarned (a newcomer)
            print(f"puthi repair: {name}: {guesses:,} of the {made:,} edits made are guesses (confidence below "
                  f"{GUESS}): --min-confidence 0.6 leaves the garble there, and --format jsonl gives every edit's "
                  "confidence", file=sys.stderr)
    finally:
        out.flush()
        if out is not sys.stdout:
            out.detach()
        if stream is not stdin:
            stream.close()
    return 0


def warn_if_other_language(head: str, lang: str, name: str, command: str = "repair") -> None:
    """Say so when ``--lang`` contradicts clear evidence of the other language in the text's beginning:
    Bengali repair reads Assamese ৰ ৱ as misreads of ব, and Assamese repair leaves Bengali garble alone (``puthi
    check`` says it too: an Assamese scholar's `check --lang bn --repair` lost a rule unwarned)."""
    n_as, n_bn = lang_evidence(head)
    other = {"bn": "as", "as": "bn"}[lang]
    clear = max(n_as, n_bn) >= 20 and max(n_as, n_bn) >= 4 * min(n_as, n_bn)
    if clear and detect_lang(head) == other:  # the words too: Assamese read with র is no Bengali
        names = {"bn": "Bengali", "as": "Assamese"}
        print(f"puthi {command}: {name}: --lang {lang} given, but the text looks {names[other]} ({n_as} ৰ/ৱ against "
              f"{n_bn} র); use --lang {other} or --lang auto", file=sys.stderr)


def _chain(first: list[tuple[str, str]], rest: Iterator[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    yield from first
    yield from rest
