"""Spreadsheet cells: a CSV cell that a spreadsheet would run as a formula is set off with ``'`` on export, and read
back as it was on import (the OWASP advice on CSV injection).

>>> guarded("=HYPERLINK(1)"), guarded("ace"), unguarded(guarded("-1: OCR")), unguarded("'tis")
("'=HYPERLINK(1)", 'ace', '-1: OCR', "'tis")
"""

from __future__ import annotations

#: How a cell that a spreadsheet would run as a formula begins.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def guarded(value: str) -> str:
    """``value`` set off with ``'`` when a spreadsheet would read it as a formula."""
    return f"'{value}" if value.startswith(FORMULA_START) else value


def unguarded(value: str | None) -> str | None:
    """A cell as it was before :func:`guarded` set it off (``'=x`` is ``=x``); other cells as they are."""
    if value and value.startswith("'") and value[1:].startswith(FORMULA_START):
        return value[1:]
    return value
