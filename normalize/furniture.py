"""Page furniture read as noise: a line without one readable word that recurs through a document.

Scanned Bengali books often carry a watermark or a running head in Latin letters on every page, such as
the address of the site that scanned the book. Tesseract ``ben`` reads it as the same digit soup on every
page (``/%%/.08078981.001`` in ``../shared/data/memoir-ocr-dev.json``). A human transcription leaves it
out: it is not the book's text, and as soup it tells a reader nothing.

A line is such furniture when every token on it is soup, a number or punctuation
(:func:`puthi.normalize.noise.token_kind`), at least one is soup with a sign other than a digit (a
line of bare figures such as ``00 00 00`` may be a row of a score table), it is at least
:data:`MIN_LENGTH` characters long, and the same line (whitespace collapsed) occurs at least
:data:`MIN_REPEATS` times in the document. Its repair empties the line (the
line itself stays, so line counts do not change) with an edit of rule :data:`RULE` that keeps the soup in
``before``. Lines with a readable word, such as a Bengali running head or footer, page numbers alone
and English passages that do not repeat, are never touched.

>>> page = ["/%%/.08078981.001", "আমার কথা", "১১২"]
>>> counts = noise_line_counts(page * 3)
>>> [furniture_edit(line, counts) for line in page][1:]
[None, None]
>>> furniture_edit(page[0], counts).after
''
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from puthi.normalize.edits import Edit
from puthi.normalize.noise import split_edges, token_kind

RULE = "repeated-noise-line"
MIN_REPEATS = 3  # twice can be chance (a quoted line); three times through a book is the page's furniture
MIN_LENGTH = 8  # characters, whitespace collapsed
CONFIDENCE = 0.9


def noise_line_key(line: str) -> str | None:
    """The line with whitespace collapsed when it holds soup and nothing readable, else None.

    >>> [noise_line_key(x) for x in (" /%%/.08078981.001 ", "১১২", "Sir, 311", "00 00 00")]
    ['/%%/.08078981.001', None, None, None]
    """
    tokens = line.split()
    kinds = [token_kind(t) for t in tokens]
    key = " ".join(tokens)
    if len(key) < MIN_LENGTH or "word" in kinds:
        return None
    signs = any(k == "soup" and not split_edges(t)[1].isdigit() for t, k in zip(tokens, kinds, strict=True))
    return key if signs else None


def noise_line_counts(lines: Iterable[str]) -> Counter[str]:
    """How often each noise line (:func:`noise_line_key`) occurs among ``lines``."""
    return Counter(key for line in lines if (key := noise_line_key(line)) is not None)


def furniture_edit(line: str, counts: Mapping[str, int], min_repeats: int = MIN_REPEATS) -> Edit | None:
    """The edit that empties ``line`` when it is a noise line seen at least ``min_repeats`` times, else None."""
    key = noise_line_key(line)
    if key is None or counts.get(key, 0) < min_repeats:
        return None
    return Edit(0, len(line), line, "", RULE, CONFIDENCE)
