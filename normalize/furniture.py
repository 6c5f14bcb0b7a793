"""Page furniture read as noise: a line without one readable word that recurs through a document, page after page.

Scanned Bengali books often carry a watermark or a running head in Latin letters on every page, such as
the address of the site that scanned the book. Tesseract ``ben`` reads it as the same digit soup on every
page (``/%%/.08078981.001`` in ``../shared/data/memoir-ocr-dev.json``). A human transcription leaves it
out: it is not the book's text, and as soup it tells a reader nothing.

A line is such furniture when

* every token on it is soup, a number or punctuation (:func:`puthi.normalize.noise.token_kind`), and at
  least one is soup with a sign other than a digit (a line of bare figures such as ``00 00 00`` may be a
  row of a score table);
* it is at least :data:`MIN_LENGTH` characters long, and the English reader finds no word in it (a
  quotation read as soup is text);
* the same line (normalised, whitespace collapsed) occurs at least :data:`MIN_REPEATS` times, each at
  least :data:`MIN_GAP` lines after the last one counted: a page apart, as furniture is, not row after
  row, as the lines of a table are.

Its repair empties the line's text, with an edit of rule :data:`RULE` that keeps the soup in ``before``;
the line itself, its ending and any whitespace or form feed around the text stay, so line and page
counts do not change. Lines with a readable word, such as a Bengali running head or footer, page numbers
alone and English passages are never touched.

>>> page = ["/%%/.08078981.001", "আমার কথা", "১১২", *["খেলা"] * 10]
>>> lines = NoiseLines.of(page * 3)
>>> [furniture_edit(line, lines.counts) for line in page[1:3]]
[None, None]
>>> furniture_edit("\\f" + page[0], lines.counts)
Edit(start=1, end=18, before='/%%/.08078981.001', after='', rule='repeated-noise-line', confidence=0.9)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from puthi.normalize.edits import Edit
from puthi.normalize.noise import english_edits, split_edges, token_kind
from puthi.normalize.unicode import normalized

RULE = "repeated-noise-line"
MIN_REPEATS = 3  # twice can be chance (a quoted line); three times through a book is the page's furniture
MIN_GAP = 10  # lines between two counted occurrences: a page of print has more, a table's rows fewer
MIN_LENGTH = 8  # characters, whitespace collapsed
CONFIDENCE = 0.9


@functools.lru_cache(maxsize=8192)  # each line is asked about when counted and again when repaired
def noise_line_key(line: str) -> str | None:
    """The line, normalised with whitespace collapsed, when it is soup that nothing reads, else None.

    >>> [noise_line_key(x) for x in (" /%%/.08078981.001 ", "১১২", "Sir, 311", "00 00 00", "+10 +20")]
    ['/%%/.08078981.001', None, None, None, None]
    """
    tokens = normalized(line.replace("\N{ZERO WIDTH NO-BREAK SPACE}", "")).split()
    key = " ".join(tokens)
    if len(key) < MIN_LENGTH:
        return None
    kinds = [token_kind(t) for t in tokens]
    if "word" in kinds or not any(k == "soup" and not split_edges(t)[1].isdigit() for t, k in zip(tokens, kinds,
                                                                                                      strict=True)):
        return None
    return None if english_edits(key) else key


@dataclass
class NoiseLines:
    """The noise lines of a text, counted a page apart (see the module docstring); feed lines with :meth:`add`.

    >>> NoiseLines.of(["/%%/.08078981.001"] * 30).counts
    Counter({'/%%/.08078981.001': 3})
    """

    counts: Counter[str] = field(default_factory=Counter)
    last: dict[str, int] = field(default_factory=dict)
    read: int = 0

    def add(self, line: str) -> None:
        key = noise_line_key(line)
        if key is not None and self.read - self.last.get(key, -MIN_GAP) >= MIN_GAP:
            self.counts[key] += 1
            self.last[key] = self.read
        self.read += 1

    @classmethod
    def of(cls, lines: Iterable[str]) -> NoiseLines:
        counter = cls()
        for line in lines:
            counter.add(line)
        return counter


def furniture_edit(line: str, counts: Mapping[str, int], min_repeats: int = MIN_REPEATS) -> Edit | None:
    """The edit that empties the text of ``line`` (not the whitespace around it) when it is a noise line
    counted at least ``min_repeats`` times, else None."""
    if not counts:
        return None
    key = noise_line_key(line)
    if key is None or counts.get(key, 0) < min_repeats:
        return None
    start = len(line) - len(line.lstrip())
    end = len(line.rstrip())
    return Edit(start, end, line[start:end], "", RULE, CONFIDENCE)
