"""Reading text inputs of the command line: a file or standard input, UTF-8, with clear errors.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "bad.txt")
>>> _ = open(path, "wb").write(b"\\xe0\\xa6\\xa4\\xff")
>>> read_text_arg(path)
Traceback (most recent call last):
...
puthi.errors.InputError: ...bad.txt: not valid UTF-8 at byte 3; convert it to UTF-8 (iconv -f ITS-ENCODING -t UTF-8)
"""

from __future__ import annotations

import argparse
import codecs
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import BinaryIO

import regex

from puthi.errors import InputError, wide_bom


def text_lang(value: str) -> str:
    """A ``--lang`` of the text commands (bn, as, auto); the OCR's codes ben and asm name the same languages.

    >>> text_lang("ben"), text_lang("as")
    ('bn', 'as')
    """
    return {"ben": "bn", "asm": "as"}.get(value, value)


def share(value: str) -> float:
    """A score or confidence option, a number from 0 to 1 (an argparse type).

    >>> share("0.6"), share("1")
    (0.6, 1.0)
    """
    try:
        p = float(value)
    except ValueError:
        p = -1.0
    if not 0.0 <= p <= 1.0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{value!r} is not a number from 0 to 1")
    return p


def folder(value: str) -> str:
    """An output folder option: any path but an empty one, which would write into the current folder.

    >>> folder("out")
    'out'
    """
    if not value.strip():
        raise argparse.ArgumentTypeError("is empty; name the folder to write to, e.g. out")
    if value == "-":  # standard output cannot hold a folder of files; a folder named "-" is surely not meant
        raise argparse.ArgumentTypeError("is standard output, but this writes a folder of files; name the folder")
    return value


def ocr_lang(value: str) -> str:
    """A ``--lang`` of the OCR commands (ben, asm, auto); the text commands' codes bn and as are accepted.

    >>> ocr_lang("bn"), ocr_lang("asm")
    ('ben', 'asm')
    """
    return {"bn": "ben", "as": "asm"}.get(value, value)


# A first line that is a JSON object of keys and values: another command's jsonl, not a page of text.
_JSON_LINE = re.compile(rb'(?:\xef\xbb\xbf)?\s*\{\s*"[^"\n]{1,40}"\s*:\s*[^\n]*\}\s*(?:\n|$)')


def check_head(head: bytes, where: str, json: bool = False) -> None:
    """``InputError`` if the first bytes of an input show it is UTF-16, binary or (unless ``json``) JSON lines
    rather than text.

    >>> check_head("তাস".encode("utf-16"), "a.txt")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: a.txt: not UTF-8 but UTF-16 (byte-order mark); convert it: iconv -f UTF-16 -t UTF-8
    >>> check_head("তাস".encode("utf-32"), "a.txt")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: a.txt: not UTF-8 but UTF-32 (byte-order mark); convert it: iconv -f UTF-32 -t UTF-8
    >>> check_head(b'{"line": 1, "text": "x"}', "-")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: -: looks like JSON lines (puthi's --format jsonl?), not text; ...
    """
    if kind := scan_kind(head):
        raise InputError(where, f"is a {kind}, not text; read it with OCR first: puthi ocr FILE (or puthi build)")
    if error := wide_bom(where, head):
        raise error
    if b"\x00" in head[:4096]:
        if (encoding := wide_without_bom(head[:4096])) is not None:
            raise InputError(where, f"not UTF-8 but {encoding} (no byte-order mark); convert it: "
                                    f"iconv -f {encoding} -t UTF-8")
        raise InputError(where, "looks like a binary file, not text; give a UTF-8 text file")
    if not json:
        reject_jsonl(head, where)
        reject_markup(head, where)


_SCANS = ((b"\x89PNG\r\n\x1a\n", "PNG image"), (b"\xff\xd8\xff", "JPEG image"), (b"II*\x00", "TIFF image"),
          (b"MM\x00*", "TIFF image"), (b"%PDF-", "PDF"), (b"GIF8", "GIF image"),
          (b"\x00\x00\x00\x0cjP  ", "JPEG 2000 image"))


def scan_kind(head: bytes) -> str | None:
    r"""What scan or PDF ``head`` (a file's first bytes) begins, by its magic number, if any (a newcomer gave
    ``puthi check`` a page's PNG and was told only that it was binary).

    >>> scan_kind(b"%PDF-1.5\n"), scan_kind(b"RIFF\x00\x00\x00\x00WEBPVP8 "), scan_kind("তাস".encode())
    ('PDF', 'WebP image', None)
    """
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP image"
    if head[:2] == b"BM":  # a bitmap's reserved bytes are zero; a text that begins "BM" has none
        return "BMP image" if head[6:10] == b"\x00\x00\x00\x00" else None
    return next((kind for magic, kind in _SCANS if head.startswith(magic)), None)


def reject_jsonl(head: bytes, where: str) -> None:
    """``InputError`` if the first line of ``head`` is a JSON object: another command's jsonl, not a text."""
    if _JSON_LINE.match(head):
        raise InputError(where, "looks like JSON lines (puthi's --format jsonl?), not text; give the text "
                                "itself (--format text upstream)")


_MARKUP = re.compile(rb"(?:\xef\xbb\xbf)?\s*(?:<\?xml\b|<!DOCTYPE\s|<(?:TEI|teiCorpus|alto|PcGts|html)\b)", re.I)


_TAG = re.compile(rb"<[/!?]?[A-Za-z][^<>]*>")


def reject_markup(head: bytes, where: str) -> None:
    """``InputError`` if ``head`` opens an XML or HTML file, with tags after its first (a newcomer's ``check`` of a TEI
    export read its tags as the rule text).

    >>> reject_markup("<html> লিখে ওয়েবপাতা শুরু হয়।".encode(), "prose.txt")  # one tag: prose about HTML
    >>> reject_markup(b'<?xml version="1.0"?><TEI><text>', "book.tei.xml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: book.tei.xml: is XML or HTML (a TEI, ALTO, PAGE or hOCR file?), not text; ...
    """
    if _MARKUP.match(head) and len(_TAG.findall(head[:4096])) >= 3:  # "<html> লিখে …" is prose (a hostile tester)
        raise InputError(where, "is XML or HTML (a TEI, ALTO, PAGE or hOCR file?), not text; give the plain text "
                                "(puthi ocr writes it), or build a corpus from ALTO, PAGE or hOCR with puthi build")


def wide_without_bom(head: bytes) -> str | None:
    """``"UTF-32LE"``, ``"UTF-32BE"``, ``"UTF-16LE"`` or ``"UTF-16BE"`` when ``head`` decodes in that encoding
    into printable text that is mostly ASCII, Bengali or Devanagari (text written without a byte-order
    mark), else None.

    >>> wide_without_bom("তাস খেলা\\n".encode("utf-16-le")), wide_without_bom("তাস\\n".encode("utf-32-be"))
    ('UTF-16LE', 'UTF-32BE')
    >>> wide_without_bom(bytes(range(40)))
    """
    for width, order in ((4, "LE"), (4, "BE"), (2, "LE"), (2, "BE")):
        try:
            text = head[: len(head) // width * width].decode(f"utf-{8 * width}-{order.lower()}")
        except UnicodeDecodeError:
            continue
        ours = sum(c.isascii() or "\N{DEVANAGARI SIGN INVERTED CANDRABINDU}" <= c <= "\N{BENGALI ABBREVIATION SIGN}"
                   for c in text)
        if text and all(c.isprintable() or c in "\n\r\t" for c in text) and ours >= 0.9 * len(text):
            return f"UTF-{8 * width}{order}"
    return None


def decode(data: bytes, where: str, errors: str = "strict", replace_option: str = "", json: bool = False) -> str:
    """``data`` as UTF-8 text (a BOM is dropped); ``InputError`` with the byte offset if it is not.

    ``replace_option`` is the command's option for replacing bad bytes (e.g. ``--errors replace``), named in
    the error only when the command has one.
    """
    check_head(data, where, json)
    if (nul := data.find(b"\x00")) >= 0:  # past the head, too
        raise nul_byte(where, nul)
    try:
        return data.decode("utf-8-sig", errors=errors)
    except UnicodeDecodeError as exc:  # utf-8-sig counts from after a byte-order mark
        raise not_utf8(where, exc.start + 3 * data.startswith(codecs.BOM_UTF8), replace_option) from None


def nul_byte(where: str, byte: int) -> InputError:
    """The one error every command gives for a NUL byte, at offset ``byte`` of ``where``."""
    return InputError(where, f"NUL byte at byte offset {byte}: this looks like a binary file, not text; give a "
                             "UTF-8 text file")


def not_utf8(where: str, byte: int, replace_option: str = "--errors replace") -> InputError:
    """The one error every command gives for a byte that is not UTF-8, at offset ``byte`` of ``where``."""
    return InputError(where, f"not valid UTF-8 at byte {byte}; convert it to UTF-8 (iconv -f ITS-ENCODING -t UTF-8)"
                      + (f" or pass {replace_option}" if replace_option else ""))


def _stdin() -> BinaryIO:
    if sys.stdin is None:  # started with `<&-`
        raise InputError("standard input", "is closed; give a file, or pipe text in")
    return sys.stdin.buffer


def open_input(arg: str) -> BinaryIO:
    """File ``arg`` opened for reading bytes, or standard input for ``-``; a one-line ``InputError`` when the
    path is missing, a folder or unreadable. Streaming commands read from it piece by piece."""
    if arg == "-":
        return _stdin()
    path = Path(arg)
    if not path.exists() and path.is_symlink():
        raise InputError(arg, "a symbolic link that leads to no file (or to itself); point it at the real file")
    if not path.exists():
        raise InputError(arg, "no such file; check the path, or give - for standard input")
    if path.is_dir():
        raise InputError(arg, "is a folder; give a text file")
    try:
        return path.open("rb")
    except PermissionError:
        raise InputError(arg, "permission denied; check the file's permissions") from None
    except OSError as exc:
        raise InputError(arg, f"cannot read ({exc.strerror})") from None


#: The most a command that reads its text whole (check, eval) takes: /dev/zero on standard input had grown to
#: 20 GB before anything was said (a hostile tester).
MAX_WHOLE_TEXT = 256 * 2**20


def read_text_arg(arg: str, errors: str = "strict", replace_option: str = "", json: bool = False) -> str:
    """The whole text of file ``arg`` or of standard input for ``-`` (see :func:`decode`), read a megabyte at a
    time: a binary head, a NUL byte or more than :data:`MAX_WHOLE_TEXT` stop it at once. ``json``: a JSON file is
    expected (``eval --pairs``), so a head like JSON lines is no mistake."""
    if arg == "-":
        return decode(_read_whole(_stdin(), "standard input", json), "standard input", errors, replace_option, json)
    with open_input(arg) as fh:
        try:
            data = _read_whole(fh, arg, json)
        except OSError as exc:
            raise InputError(arg, f"cannot read ({exc.strerror})") from None
    return decode(data, arg, errors, replace_option, json)


def _read_whole(fh: BinaryIO, where: str, json: bool = False) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while chunk := fh.read(2**20):
        if not chunks:
            check_head(chunk, where, json)
        if (nul := chunk.find(b"\x00")) >= 0:
            raise nul_byte(where, size + nul)
        size += len(chunk)
        if size > MAX_WHOLE_TEXT:
            raise InputError(where, f"is more than {MAX_WHOLE_TEXT // 2**20} MB, and this command reads its text "
                                    "whole; split it into chapters")
        chunks.append(chunk)
    return b"".join(chunks)


_LETTER = regex.compile(r"\p{L}")
_INDIC = regex.compile(r"[\p{Bengali}\p{Devanagari}]")  # Devanagari: Bengali a Hindi model misread
_DEVANAGARI = regex.compile(r"\p{Devanagari}")


def other_script(text: str, sample: int = 20_000) -> str | None:
    """The script or language ``text`` is mostly written in when that is neither Bengali nor Bengali garbled
    into Devanagari (Bengali read by a Hindi OCR model): puthi's stages are for Bengali and Assamese, so such
    a file is probably the wrong one. Devanagari that is mostly real Hindi words (the repair stage keeps it as
    it is) is "Hindi". ``None`` for Bengali, Assamese, garble, or too few letters to say (fewer than 20).

    >>> other_script("தமிழ் உரை, மேலும் ஒரு வரி, இன்னும் சில சொற்கள்"), other_script("তাস খেলার নিয়ম ও রীতি, আরও কিছু কথা")
    ('Tamil', None)
    >>> other_script("भारत में ताश के खेल बहुत लोकप्रिय हैं और यह खेल चार लोग खेलते हैं।")
    'Hindi'
    """
    text = text[:sample]
    letters = _LETTER.findall(text)
    if len(letters) < 20:
        return None
    if sum(1 for c in letters if _INDIC.match(c)) >= 0.2 * len(letters):
        return "Hindi" if _mostly_hindi(text, letters) else None
    names = Counter(unicodedata.name(c, "?").split()[0].title() for c in letters)
    return names.most_common(1)[0][0]


def _mostly_hindi(text: str, letters: list[str]) -> bool:
    """Are most letters Devanagari, and most of those in runs of real Hindi words?"""
    deva = sum(1 for c in letters if _DEVANAGARI.match(c))
    if deva < 0.5 * len(letters):
        return False
    try:
        from puthi.normalize.hindi import real_hindi_runs
    except ImportError:
        return False
    in_runs = sum(len(_DEVANAGARI.findall(line[a:b])) for line in text.splitlines() for a, b in real_hindi_runs(line))
    return in_runs >= 0.5 * deva
