"""Typed errors with exit codes (after OCRmyPDF's ``exceptions.py``).

Each error's message is one line that names the input and says what to do.

>>> str(InputError("scan.png", "cannot read the image; is it a PNG, JPEG, TIFF or PDF?"))
'scan.png: cannot read the image; is it a PNG, JPEG, TIFF or PDF?'
"""

from __future__ import annotations

import unicodedata

#: The longest message part kept: a hostile input's value quoted whole (an 800,000-character attribute) made a
#: "one-line" error of that length, on the terminal and in a corpus's failures table.
MAX_PART = 300
#: What to say of a pipe, FIFO or device given where a file is read whole (its size says nothing).
NOT_A_FILE = "is a pipe or device, not a file; save it to a file first"
#: What to say when a page does not fit in memory (a blank 14,400-point PDF page drawn at 300 ppi, a hostile tester).
TOO_LARGE = "the page is too large to read in the memory available; scale the scan down (or its PDF page size)"


def shorten(text: str, limit: int = MAX_PART) -> str:
    """``text`` cut in the middle to at most ``limit`` characters, keeping half for its end (the advice).

    >>> shorten("points 1,2 " + "3,4 " * 1000 + "end", 40)
    'points 1,2 3,4 3, …  3,4 3,4 3,4 3,4 end'
    """
    if len(text) <= limit:
        return text
    tail = limit // 2
    return f"{text[: limit - tail - 3]} … {text[-tail:]}"


def one_line(text: str) -> str:
    r"""``text`` with its line breaks and other control characters written as escapes (``\n``), so that a file
    name holding one keeps an error on one line (a hostile tester).

    >>> one_line("no\nsuch.txt")
    'no\\nsuch.txt'
    """
    if text.isprintable():
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _BREAKING else ch
                   for ch in text)  # joiners and marks stay: র‍্য is no র্য


_BREAKING = ("Cc", "Zl", "Zp")  # controls (line feed, carriage return, tab…) and the line and paragraph separators


class PuthiError(Exception):
    exit_code = 1

    def __init__(self, where: str, what: str):
        where, what = shorten(one_line(str(where))), shorten(one_line(str(what)))
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


class InputError(PuthiError):
    """The input cannot be used (unreadable, corrupt, empty, wrong format or encoding)."""

    exit_code = 2


def wide_bom(where: str, head: bytes) -> InputError | None:
    """The error for a file whose first bytes ``head`` are a UTF-32 or UTF-16 byte-order mark, naming the ``iconv`` that
    converts it; None for any other start (the repair's texts and the terms' tables alike).

    >>> str(wide_bom("a.txt", "তাস".encode("utf-16")))
    'a.txt: not UTF-8 but UTF-16 (byte-order mark); convert it: iconv -f UTF-16 -t UTF-8'
    >>> wide_bom("a.txt", "তাস".encode()) is None
    True
    """
    for bom, wide in _WIDE_BOMS:  # UTF-32 first: its little-endian mark begins with UTF-16LE's
        if head.startswith(bom):
            return InputError(where, f"not UTF-8 but {wide} (byte-order mark); convert it: iconv -f {wide} -t UTF-8")
    return None


_WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
              (b"\xfe\xff", "UTF-16"))


class MissingDependencyError(PuthiError):
    """An external program or data file is missing (tesseract, a language pack)."""

    exit_code = 3


class EngineError(PuthiError):
    """An external engine crashed or timed out."""

    exit_code = 4


class OutputError(PuthiError):
    """The output cannot be written (permissions, disk full, a path outside the output folder)."""

    exit_code = 5
