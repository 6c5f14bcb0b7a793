"""Reading scans: image → preprocessing → Tesseract (one or more readings) → vote → :class:`Page`.

- A single-line image (as in OCR line datasets) is detected from its text height and read as one line
  (``--psm 7``); anything else is segmented as a page (``--psm 3``).
- ``lang="auto"`` reads with the Bengali recipe first and lets :mod:`puthi.ocr.langid` decide from the
  letters ৰ ৱ র (and, when they are too few, from an Assamese reading's confidence) whether to read again
  as Assamese.
- Each language has a recipe: the readings to take (a Tesseract model, at a scale) and whether to vote
  over them (:mod:`puthi.ocr.vote`). The defaults in :data:`RECIPES` were chosen on two of the four books of
  ``../shared/data/degraded-ocr-train`` and are reported in ``bench/results/ocr.md``.
- :func:`ocr_batch` runs files in a process pool (one Tesseract per worker, ``OMP_THREAD_LIMIT=1``); a bad
  file becomes a listed :class:`Failure` and the other files still go through.

>>> from puthi.ocr.synth import render
>>> sample = render("গোলাম নহলা টেক্কা", "Lohit Bengali", size=32)
>>> page = ocr_image(sample.image, lang="auto")
>>> page.text, page.lang, [s.name for s in page.steps][-2:]
('গোলাম নহলা টেক্কা', 'ben', ['langid', 'tesseract'])
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
from PIL import Image

from puthi.errors import TOO_LARGE, EngineError, InputError, MissingDependencyError, PuthiError, shorten
from puthi.ocr import tesseract
from puthi.ocr.images import PageImage, count_pages, is_pdf, iter_images
from puthi.ocr.langid import decide
from puthi.ocr.model import Block, Box, Line, Page, Step, Word
from puthi.ocr.preprocess import Prepared, Settings, as_array, estimate_text_height, is_single_line, preprocess, to_gray
from puthi.ocr.vote import vote
from puthi.processes import MAX_WORKERS_PER_CORE, stop_workers

__all__ = [
    "RECIPES",
    "BatchResult",
    "Failure",
    "OcrSettings",
    "Reading",
    "Recipe",
    "is_single_line",
    "ocr_batch",
    "ocr_image",
    "ocr_path",
]

LANGS = ("ben", "asm", "auto")
# The corpus OCRs stored image and PDF pages again when this changes (2: ink that no line read is read
# again as a line, and each frame of a multi-page TIFF is its own page; 3: a one-word heading joined by its matra
# is such ink, and is read in its own width when that reads more of it than the text column's).
# 4: a page read with little confidence is turned upright when Tesseract's OSD says it lies turned.
VERSION = "7"  # 5: a single line read with little confidence is tried upside down
# 6: a noisy page (specks or grain, not a single line) is median-filtered before anything else; 7: by its specks alone


@dataclass(frozen=True)
class Reading:
    """One Tesseract reading: a model (``-l``), on the preprocessed image scaled by ``scale``."""

    model: str
    scale: float = 1.0

    def __str__(self) -> str:
        return self.model if self.scale == 1.0 else f"{self.model}@{self.scale:g}"


@dataclass(frozen=True)
class Recipe:
    """How a language is read: a first reading of the whole image (the pivot, which gives the layout and
    the word boxes), then, for each line whose mean word confidence is below ``gate``, the other readings,
    voted letter by letter with the pivot (:mod:`puthi.ocr.vote`). ``pivot_weight`` is the pivot's vote;
    the others count 1 each. One reading means no voting.

    On a page the other readings see only the doubtful lines (the rest is painted over), so each extra
    reading is one more Tesseract call per page that needs it, and a clean page costs one reading. A
    reading that finds nothing on a line abstains.
    """

    readings: tuple[Reading, ...]
    gate: float = 90.0
    pivot_weight: float = 0.9

    def __post_init__(self) -> None:
        if not self.readings:
            raise ValueError("a recipe needs at least one reading")

    def __str__(self) -> str:
        extra = f" (voted below confidence {self.gate:g})" if len(self.readings) > 1 else ""
        return " + ".join(map(str, self.readings)) + extra

    def weights(self) -> list[float]:
        k = len(self.readings) - 1
        return [self.pivot_weight] + [1.0 + 0.01 * (k - i) for i in range(k)]


#: Default recipes, chosen on the tuning books (see bench/results/ocr.md): a cheap ``ben`` (``asm``) reading
#: first; doubtful lines read again by the other models at other scales and voted.
RECIPES: dict[str, Recipe] = {
    "ben": Recipe((Reading("ben"), Reading("ben+Bengali", 0.7), Reading("Bengali"), Reading("asm", 1.4))),
    "asm": Recipe((Reading("asm"), Reading("asm+Bengali", 0.7), Reading("Bengali"), Reading("ben", 1.4))),
}


@dataclass(frozen=True)
class OcrSettings:
    """Everything that decides how an image is read.

    ``psm`` forces Tesseract's page segmentation mode (``None``: 7 for single-line images, 3 otherwise);
    ``space_marks`` restores the space the print shows before a detached । ! ? (see :func:`space_marks`);
    ``timeout`` bounds every Tesseract call, in seconds; ``recipes`` overrides :data:`RECIPES` per language;
    ``orient`` turns a page read with little confidence upright when Tesseract's OSD says it lies turned.
    """

    preprocess: Settings = field(default_factory=Settings)
    recipes: tuple[tuple[str, Recipe], ...] = ()
    psm: int | None = None
    timeout: float = tesseract.DEFAULT_TIMEOUT
    space_marks: bool = True
    orient: bool = True

    def recipe(self, lang: str) -> Recipe:
        return dict(self.recipes).get(lang) or RECIPES.get(lang) or Recipe((Reading(lang),))

    def with_recipe(self, lang: str, recipe: Recipe) -> OcrSettings:
        recipes = dict(self.recipes)
        recipes[lang] = recipe
        return OcrSettings(self.preprocess, tuple(sorted(recipes.items())), self.psm, self.timeout,
                           self.space_marks, self.orient)

    @classmethod
    def fast(cls) -> OcrSettings:
        """Preprocessing and one reading per page, no voting: about the speed of one Tesseract run.

        >>> [str(r) for r in OcrSettings.fast().recipe("ben").readings]
        ['ben']
        """
        one = tuple(sorted((lang, Recipe(r.readings[:1])) for lang, r in RECIPES.items()))
        return cls(recipes=one)

    @classmethod
    def raw(cls, model: str = "ben") -> OcrSettings:
        """Plain Tesseract: no preprocessing, one reading with ``model``."""
        return cls(preprocess=Settings.raw(), recipes=((model, Recipe((Reading(model),))),), space_marks=False)


def _scaled(image: np.ndarray, scale: float) -> np.ndarray:
    if scale == 1.0:
        return image
    import cv2

    h, w = image.shape[:2]
    interp = cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA
    return cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=interp)


@dataclass
class _Read:
    """One reading's lines: (line box on the prepared image, words with boxes on the prepared image)."""

    reading: Reading
    lines: list[tuple[Box, list[Word], tuple[int, int]]]

    @property
    def text(self) -> str:
        return "\n".join(" ".join(w.text for w in ws) for _, ws, _ in self.lines)

    @property
    def mean_conf(self) -> float:
        confs = [w.conf for _, ws, _ in self.lines for w in ws if w.conf >= 0]
        return sum(confs) / len(confs) if confs else -1.0


def _read(image: np.ndarray, reading: Reading, *, psm: int, timeout: float, where: str, dpi: int | None) -> _Read:
    img = _scaled(image, reading.scale)
    rows = tesseract.image_to_data(img, lang=reading.model, psm=psm, timeout=timeout, where=where, dpi=dpi)
    inv = 1.0 / reading.scale
    grouped: dict[tuple[int, int, int], list[Word]] = {}
    for r in rows:
        box = Box(round(r.left * inv), round(r.top * inv), round((r.left + r.width) * inv),
                  round((r.top + r.height) * inv))
        grouped.setdefault((r.block, r.par, r.line), []).append(Word(r.text, box, r.conf))
    lines = []
    for (block, par, _), words in grouped.items():
        lines.append((Box.union([w.box for w in words if w.box]) or Box(0, 0, 0, 0), words, (block, par)))
    return _Read(reading, lines)


def _voted_words(pivot: list[Word], text: str, box: Box) -> list[Word]:
    """Words for a voted line: the pivot's boxes when the word count is unchanged, else boxes shared out
    along the line in proportion to word length."""
    tokens = text.split()
    if len(tokens) == len(pivot):
        return [Word(t, w.box, w.conf) for t, w in zip(tokens, pivot, strict=True)]
    conf = sum(w.conf for w in pivot) / len(pivot) if pivot else -1.0
    total = sum(len(t) + 1 for t in tokens) or 1
    words, x = [], float(box.x0)
    for t in tokens:
        w = box.width * (len(t) + 1) / total
        words.append(Word(t, Box(round(x), box.y0, round(x + w), box.y1), conf))
        x += w
    return words


def _line_conf(words: list[Word]) -> float:
    confs = [w.conf for w in words if w.conf >= 0]
    return sum(confs) / len(confs) if confs else -1.0


def _masked(image: np.ndarray, boxes: list[Box]) -> np.ndarray:
    """The image with everything outside ``boxes`` painted the paper's colour: the doubtful lines stay where
    they were, so Tesseract sees them in their own layout and at their own size."""
    bg = int(np.percentile(image, 90))
    out = np.full_like(image, bg)
    h, w = image.shape[:2]
    for b in boxes:
        y0, y1, x0, x1 = max(0, b.y0 - 2), min(h, b.y1 + 2), max(0, b.x0 - 2), min(w, b.x1 + 2)
        out[y0:y1, x0:x1] = image[y0:y1, x0:x1]
    return out


def _overlap(a: Box, b: Box) -> float:
    """How much two line boxes share: vertical overlap over the smaller height, times horizontal overlap
    over the smaller width."""
    dy = min(a.y1, b.y1) - max(a.y0, b.y0)
    dx = min(a.x1, b.x1) - max(a.x0, b.x0)
    if dy <= 0 or dx <= 0:
        return 0.0
    return dy / max(1, min(a.height, b.height)) * dx / max(1, min(a.width, b.width))


def _matching_text(read: _Read, box: Box) -> str:
    """The text of the reading's lines that lie on ``box`` (sharing more than half the taller one's height),
    left to right."""
    parts = [(b.x0, " ".join(w.text for w in ws)) for b, ws, _ in read.lines if _overlap(box, b) > 0.5
             and (min(box.y1, b.y1) - max(box.y0, b.y0)) > 0.5 * max(b.height, box.height)]
    return " ".join(t for _, t in sorted(parts))


def _reread(image: np.ndarray, pivot: _Read, recipe: Recipe, *, single: bool, read) -> tuple[list, int]:
    """Vote the pivot's doubtful lines with the recipe's other readings; returns the lines and how many
    were voted. ``read(image, reading, psm)`` runs one reading."""
    doubtful = [i for i, (_, words, _) in enumerate(pivot.lines) if _line_conf(words) < recipe.gate]
    if len(recipe.readings) == 1 or not doubtful:
        return pivot.lines, 0
    if single and len(pivot.lines) == 1:
        texts = [[read(image, r, 7).text.replace("\n", " ") for r in recipe.readings[1:]]]
    else:
        masked = _masked(image, [pivot.lines[i][0] for i in doubtful])
        others = [read(masked, r, 3) for r in recipe.readings[1:]]
        texts = [[_matching_text(o, pivot.lines[i][0]) for o in others] for i in doubtful]
    lines = list(pivot.lines)
    for k, i in enumerate(doubtful):
        box, words, key = lines[i]
        # a reading that found nothing on this line abstains rather than voting to delete it
        pairs = [(t, wt) for t, wt in zip([" ".join(w.text for w in words), *texts[k]], recipe.weights(),
                                          strict=True) if t.strip()]
        if not pairs:
            continue
        voted = vote([t for t, _ in pairs], weights=[wt for _, wt in pairs])
        lines[i] = (box, _voted_words(words, voted, box), key)
    return lines, len(doubtful)


def uncovered_ink(gray: np.ndarray, boxes: list[Box], text_height: float) -> list[Box]:
    """Bands of glyph-like ink outside every box Tesseract read (with a margin of a quarter text height): a
    title or a margin note its layout analysis skipped.

    Only marks of a glyph's size count: not specks (foxing), not rules or frames (long and thin), not
    pictures or stamps (taller than two and a half text lines); a longer mark only as a word joined by its
    matra (:func:`is_matra_word`). A band is a run of rows holding such marks, at least half a text line high,
    with three marks or more over two lines' width (a word, not a stray sign), or marks that together are one
    word joined by its matra, a line and a half wide (a one-word heading: বিস্তি, গাদা).

    >>> page = np.full((100, 300), 255, np.uint8)
    >>> for x in range(40, 160, 24):
    ...     page[60:80, x:x + 16] = 0  # five glyphs of a line that was not read
    >>> page[10:30, 20:200] = 0        # one that was
    >>> page[:, 290:293] = 0           # a frame's rule
    >>> uncovered_ink(page, [Box(20, 10, 200, 30)], 20.0)
    [Box(x0=40, y0=60, x1=152, y1=80)]
    """
    import cv2

    if gray.size == 0 or not text_height:
        return []
    ink = (gray < min(128, int(np.percentile(gray, 90)) - 40)).astype(np.uint8)
    h, w = ink.shape
    m = int(0.25 * text_height)
    for b in boxes:
        ink[max(0, b.y0 - m) : min(h, b.y1 + m), max(0, b.x0 - m) : min(w, b.x1 + m)] = 0
    _, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    bw, bh, area = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT], stats[:, cv2.CC_STAT_AREA]
    glyph = (area >= 0.02 * text_height**2) & (bh <= 2.5 * text_height) & (bw <= 4 * text_height)
    glyph[0] = False  # the background

    def matra_word(ks: list[int]) -> bool:  # marks that make a word joined by its headline (বিস্তি, গাদা)
        x0, y0 = min(stats[k, cv2.CC_STAT_LEFT] for k in ks), min(stats[k, cv2.CC_STAT_TOP] for k in ks)
        x1 = max(stats[k, cv2.CC_STAT_LEFT] + bw[k] for k in ks)
        y1 = max(stats[k, cv2.CC_STAT_TOP] + bh[k] for k in ks)
        return (y1 - y0 >= 0.5 * text_height and x1 - x0 >= 1.5 * text_height
                and is_matra_word(np.isin(labels[y0:y1, x0:x1], ks)))

    # a long mark counts only as a word joined by its matra (ক্লাবেরইয়াস), not as a rule, a swash or a bar
    long_marks = np.flatnonzero((area >= 0.02 * text_height**2) & (bh <= 2.5 * text_height) & ~glyph)
    marks = np.union1d(np.flatnonzero(glyph), [int(k) for k in long_marks if k and matra_word([int(k)])]).astype(int)
    rows = np.zeros(h, bool)
    for k in marks:
        rows[stats[k, cv2.CC_STAT_TOP] : stats[k, cv2.CC_STAT_TOP] + bh[k]] = True
    found, y = [], 0
    while y < h:
        if not rows[y]:
            y += 1
            continue
        y0 = y
        while y < h and rows[y]:
            y += 1
        inside = [k for k in marks if y0 <= stats[k, cv2.CC_STAT_TOP] < y]
        x0 = min(stats[k, cv2.CC_STAT_LEFT] for k in inside)
        x1 = max(stats[k, cv2.CC_STAT_LEFT] + bw[k] for k in inside)
        word = len(inside) >= 3 and x1 - x0 >= 2 * text_height  # letters apart, or joined by their matra
        if (word or matra_word([int(k) for k in inside])) and y - y0 >= 0.5 * text_height:
            found.append(Box(int(x0), y0, int(x1), y))
    return found


def is_matra_word(mask: np.ndarray) -> bool:
    """Does one connected mark (``mask``, its bounding box) look like a Bengali word joined by its headline,
    rather than a blot, a bar, a frame, a ring, a swash or a brace? A row near its top inked across most of its
    width (the matra) with little ink above it, ink hanging below it along most of its length, and no such row
    at its foot (a frame's or a bar's).

    >>> word = np.zeros((20, 60), bool); word[2:4, :] = True
    >>> for x in range(2, 60, 8): word[4:18, x : x + 3] = True  # the letters' strokes
    >>> frame = np.zeros((20, 60), bool); frame[[0, 19], :] = True; frame[:, [0, 59]] = True
    >>> is_matra_word(word), is_matra_word(frame), is_matra_word(np.ones((20, 60), bool))
    (True, False, False)
    """
    h = mask.shape[0]
    if h < 4 or not 0.1 <= mask.mean() <= 0.6:
        return False
    rows = mask.mean(axis=1)
    across = rows >= 0.55  # rows inked across most of the width (Ani's matra has gaps)
    top = np.flatnonzero(across[: max(1, h // 2)])
    if not top.size or across[h - max(1, h // 5):].any():
        return False
    if top[0] >= 2 and rows[: top[0]].mean() > 0.5 * rows[top[0]]:  # above a matra only vowel signs' hooks:
        return False  # a wave is as thick above its "matra" as on it
    # the letters hang from the matra all along it, down to the lower half, in the middle too; an arc or a
    # brace comes down at its sides only
    w = mask.shape[1]
    lower = mask[max(top[-1] + 1, h // 2) :, w // 4 : w - w // 4]
    return bool(lower.size and lower.mean() >= 0.05 and lower.any(axis=0).mean() >= 0.25)


def _read_missed(image: np.ndarray, lines: list, missed: list[Box], text_height: float, read_line) -> tuple[list, list]:
    """``lines`` with each band of ``missed`` ink read again on its own as one line (``read_line(crop)``),
    put in reading order by its top; and the bands that still gave nothing. A band is widened to the text
    column (the lines above and below it) when no word read lies beside it, since the layout analysis may
    have taken the line's first word into a neighbour's box and then read nothing of it.

    Tesseract's layout analysis sometimes drops a whole line of a clean page (a newcomer's rendered page lost
    "খেলোয়াড়কে তিন-তিনটি ব্যাচে ছয়টি কার্ডের জন্য ডিল করা হয়," and with it two rule claims, which plain
    ``tesseract`` had read). Read alone it comes back; on that line ``--psm 7`` found nothing and the raw-line
    mode ``--psm 13`` read it, so ``read_line`` tries both."""
    pad = int(0.3 * text_height)
    out, left = list(lines), []
    for band in missed:
        at = next((i for i, (b, _, _) in enumerate(out) if b.y0 > band.y0), len(out))
        near = [out[i][0] for i in (at - 1, at) if 0 <= i < len(out)]
        spans = [(band.x0, band.x1)]
        beside = [wd.box for _, ws, _ in out for wd in ws if wd.box and wd.box.y1 > band.y0 and wd.box.y0 < band.y1]
        if near and not beside:  # widened first; the band alone too, which reads a centred heading better
            spans.insert(0, (min(band.x0, *(b.x0 for b in near)), max(band.x1, *(b.x1 for b in near))))
        readings = [_read_band(image, band, a, b, pad, read_line) for a, b in spans]
        words = max(readings, key=lambda ws: (round(_covered(ws, band), 1), _confidence(ws)))
        if not words:
            left.append(band)
            continue
        box = Box.union([wd.box for wd in words if wd.box]) or band
        key = out[at - 1][2] if at else out[0][2] if out else (0, 0)  # in the block of the line before it
        out.insert(at, (box, words, key))
    return out, left


def _read_band(image: np.ndarray, band: Box, x0: int, x1: int, pad: int, read_line) -> list[Word]:
    """The words ``read_line`` finds in ``band`` cut from ``x0`` to ``x1`` (with ``pad``), in page coordinates."""
    h, w = image.shape[:2]
    x0, y0 = max(0, x0 - pad), max(0, band.y0 - pad)
    crop = image[y0 : min(h, band.y1 + pad), x0 : min(w, x1 + pad)]
    words = [Word(wd.text, _shift(wd.box, x0, y0), wd.conf) for _, ws, _ in read_line(crop).lines for wd in ws
             if wd.text.strip()]
    # widened, the crop may take in bare paper: a doubtful "word" beside the ink is its specks
    return [wd for wd in words if wd.box is None or wd.conf >= 50
            or (wd.box.x1 > band.x0 - pad and wd.box.x0 < band.x1 + pad)]


def _covered(words: list[Word], band: Box) -> float:
    """How much of ``band``'s width the words' boxes cover (0..1): of two readings of a band, the one that
    read all its ink. A heading read in the text column's width came back as "যি" for its ছেষট্টি.

    >>> _covered([Word("ক", Box(0, 0, 5, 9)), Word("খ", Box(15, 0, 30, 9))], Box(0, 0, 20, 9))
    0.5
    """
    xs = sorted((max(wd.box.x0, band.x0), min(wd.box.x1, band.x1)) for wd in words if wd.box)
    covered, end = 0, band.x0
    for a, b in xs:
        a = max(a, end)
        if b > a:
            covered, end = covered + b - a, b
    return covered / max(band.x1 - band.x0, 1)


def _confidence(words: list[Word]) -> float:
    """The mean confidence of a reading (0 for none)."""
    return sum(max(wd.conf, 0.0) for wd in words) / len(words) if words else 0.0


def _shift(box: Box | None, dx: int, dy: int) -> Box | None:
    return Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy) if box else None


#: Marks that old Bengali print sets apart from the word before them, and Tesseract's models join to it.
DETACHABLE = ("\N{DEVANAGARI DANDA}", "!", "?")


def space_marks(words: list[Word], image: np.ndarray, text_height: float, *, ratio: float = 0.4) -> int:
    """Split off a final । ! ? from its word when the image shows a gap before it of at least ``ratio`` times
    the text height (a word space); returns how many were split. Changes ``words`` in place.

    Old print puts a space before the danda ("হইবে ।"); Tesseract's models, trained on modern text, join
    the mark to the word. A mark printed close (modern "হইবে।", or an ``!`` that is really a misread
    vowel sign া) has a gap of a tenth of the text height or less, so it is left as read. Noto Serif Bengali
    sets its danda about a third of the text height off, so the ratio is 0.4, not 0.3: on the tuning books of
    the real lines 165 character errors against 164, on a newcomer's rendered pages 20 false spaces fewer.

    >>> img = np.full((40, 200), 255, np.uint8)
    >>> img[8:32, 10:100] = 0; img[8:32, 115:119] = 0          # a word, a wide gap, a danda
    >>> ws = [Word("হইবে\N{DEVANAGARI DANDA}", Box(10, 8, 119, 32), 90.0)]
    >>> space_marks(ws, img, 30.0), [w.text for w in ws]
    (1, ['হইবে', '।'])
    """
    from puthi.ocr.preprocess import _ink_mask

    split = 0
    i = 0
    while i < len(words):
        w = words[i]
        i += 1
        if len(w.text) < 2 or not w.text.endswith(DETACHABLE) or w.box is None:
            continue
        crop = image[max(0, w.box.y0):w.box.y1, max(0, w.box.x0):w.box.x1]
        if crop.size == 0:
            continue
        ink = _ink_mask(crop if crop.ndim == 2 else to_gray(crop)).any(axis=0)
        x = len(ink) - 1
        while x >= 0 and not ink[x]:
            x -= 1
        mark_right = x
        while x >= 0 and ink[x]:
            x -= 1
        mark_left = x + 1
        gap = 0
        while x >= 0 and not ink[x]:
            x -= 1
            gap += 1
        if x < 0 or gap < ratio * text_height:
            continue
        x0, y0, y1 = w.box.x0, w.box.y0, w.box.y1
        words[i - 1] = Word(w.text[:-1], Box(x0, y0, x0 + x + 1, y1), w.conf, w.lang)
        words.insert(i, Word(w.text[-1], Box(x0 + mark_left, y0, x0 + mark_right + 1, y1), w.conf, w.lang))
        i += 1
        split += 1
    return split


def clip_overlaps(words: list[Word]) -> int:
    """Cut back a word's box that runs over the next word of its line: Tesseract's LSTM gives some words (a reph,
    a pre-base vowel sign: কাটিবৰ্ডৰে) a box to the end of the next word or beyond, about one word in 25 on a
    newcomer's Assamese pages, and ALTO, PAGE and the review page then point at the wrong place. Returns how many
    boxes were cut.

    A box that would be left narrower than a quarter of its height is kept as it is (it would point at nothing).

    >>> ws = [Word("যোগ", Box(317, 301, 499, 332)), Word("কৰা", Box(391, 290, 435, 340))]
    >>> clip_overlaps(ws), ws[0].box
    (1, Box(x0=317, y0=301, x1=391, y1=332))
    >>> clip_overlaps([Word("ক", Box(100, 10, 200, 40)), Word("খ", Box(101, 10, 150, 40))])  # 1 px would be left
    0
    """
    cut = 0
    for a, b in itertools.pairwise(words):
        if a.box and b.box and a.box.x0 < b.box.x0 < a.box.x1 and 4 * (b.box.x0 - a.box.x0) >= a.box.y1 - a.box.y0:
            a.box = replace(a.box, x1=b.box.x0)
            cut += 1
    return cut


def _to_page(lines: list[tuple[Box, list[Word], tuple[int, int]]], prepared: Prepared, lang: str) -> list[Block]:
    blocks: dict[int, list[Line]] = {}
    for box, words, (block, _) in lines:
        clip_overlaps(words)
        mapped = [Word(w.text, prepared.to_original(w.box) if w.box else None, w.conf, lang) for w in words]
        blocks.setdefault(block, []).append(Line(mapped, prepared.to_original(box)))
    return [Block(ls, Box.union([ln.box for ln in ls if ln.box])) for ls in blocks.values()]


MIN_TEXT_PIXELS = 8  # an image narrower or lower than this holds no readable letter (Tesseract reads soup in it)
# A page read with a mean word confidence below this may lie turned: Tesseract's OSD is asked (about 0.5 s)
ORIENT_BELOW = 70.0
# and its answer taken from this confidence on (OSD's own scale: upright pages gave 6 to 14 here)
ORIENT_MIN_CONF = 2.0
# and the page read turned kept only when its mean confidence is this much higher: turned pages gained 40 points
# and more, a poor upright page that OSD wrongly found turned gained 5 (a review)
ORIENT_GAIN = 10.0
_TURNS = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}


def ocr_image(
    image: Image.Image | np.ndarray,
    *,
    lang: str = "auto",
    settings: OcrSettings | None = None,
    path: str = "",
    page_no: int = 1,
    dpi: int | None = None,
) -> Page:
    """Read one image (a PIL image or a uint8 array) into a :class:`Page` with boxes on the original image. A page
    that reads with little confidence and that Tesseract's OSD finds turned (a scan put in sideways or upside
    down: a newcomer's came out as soup) is read again turned upright, and kept so when that reads better; its
    boxes stay on the image as given, and a step ``orient`` says so. A single line, too short for OSD, is tried
    upside down."""
    s = settings or OcrSettings()
    page = _ocr_upright(image, lang=lang, settings=s, path=path, page_no=page_no, dpi=dpi)
    if not s.orient or not page.words or page.mean_conf >= ORIENT_BELOW:
        return page
    array = as_array(image) if isinstance(image, Image.Image) else image
    single = any(st.name == "tesseract" and st.settings.get("single_line") for st in page.steps)
    if single and bengali_share(page.text) >= 0.5:
        return page  # a poor line read as Bengali is no line upside down, which reads as digits (a review: 42 of
        # the 100 real lines had been read twice for nothing)
    found: tuple[int, float | None] | None = (180, None)  # a single line, too little text for OSD: upside down?
    if not single:
        found = tesseract.orientation(array, timeout=s.timeout)
        if found is None or found[0] not in _TURNS or found[1] < ORIENT_MIN_CONF:
            return page
    turned = _ocr_upright(cv2.rotate(array, _TURNS[found[0]]), lang=lang, settings=s, path=path, page_no=page_no,
                          dpi=dpi)
    if turned.mean_conf < page.mean_conf + ORIENT_GAIN:  # a poor upright page may read a little better turned
        return page
    if single and bengali_share(turned.text) < 0.5:  # a poor line turned reads as digit soup, sometimes surer
        return page
    height, width = array.shape[:2]
    back = turned_back(turned, found[0], width, height)
    osd = None if found[1] is None else round(found[1], 2)
    back.steps.insert(0, Step("orient", {"rotate": found[0], "osd_confidence": osd,
                                         "mean_conf_before": round(page.mean_conf, 1)}))
    return back


def bengali_share(text: str) -> float:
    """The share of Bengali-script letters and signs (not digits) among the characters of ``text`` that are not
    spaces: a line read upside down comes out as digits and Latin letters (four real lines of old print did).

    >>> bengali_share("তাস খেলা"), bengali_share("1 1০৫ w০")
    (1.0, 0.0)
    """
    chars = [c for c in text if not c.isspace()]
    return sum("\u0980" <= c <= "\u09ff" and not c.isdigit() for c in chars) / len(chars) if chars else 0.0


def turned_back(page: Page, rotate: int, width: int, height: int) -> Page:
    """``page``, read from an image turned ``rotate`` degrees clockwise, with its boxes on the image as it was
    (``width`` x ``height``).

    >>> p = Page(path="", width=30, height=10, lang="ben", blocks=[Block([Line([Word("ক", Box(1, 2, 4, 8))])])])
    >>> turned_back(p, 90, 10, 30).words[0].box, turned_back(p, 180, 30, 10).words[0].box
    (Box(x0=2, y0=26, x1=8, y1=29), Box(x0=26, y0=2, x1=29, y1=8))
    """
    def box(b: Box | None) -> Box | None:
        if b is None:
            return None
        if rotate == 90:  # a point (x, y) of the original is (height - y, x) after the turn
            return Box(b.y0, height - b.x1, b.y1, height - b.x0)
        if rotate == 180:
            return Box(width - b.x1, height - b.y1, width - b.x0, height - b.y0)
        return Box(width - b.y1, b.x0, width - b.y0, b.x1)  # 270: (x, y) is (y, width - x) after the turn

    def boxes(settings: dict) -> dict:  # the boxes a step names (uncovered ink), on the image as given too
        return {k: [[b.x0, b.y0, b.x1, b.y1] for v in vs if (b := box(Box(*v)))] if k in ("boxes", "missing")
                else vs for k, vs in settings.items()}

    blocks = [Block([Line([replace(w, box=box(w.box)) for w in ln.words], box(ln.box)) for ln in b.lines],
                    box(b.box)) for b in page.blocks]
    steps = [replace(st, settings=boxes(st.settings)) for st in page.steps]
    return replace(page, width=width, height=height, blocks=blocks, steps=steps)


def _ocr_upright(
    image: Image.Image | np.ndarray,
    *,
    lang: str,
    settings: OcrSettings,
    path: str,
    page_no: int,
    dpi: int | None,
) -> Page:
    """:func:`ocr_image` of an image as it stands."""
    if lang not in LANGS:
        raise InputError(path or "--lang", f"unknown language {lang!r}; use ben, asm or auto")
    s = settings
    where = f"{path} page {page_no}" if path and page_no > 1 else (path or "image")
    prepared = preprocess(image, s.preprocess)
    img = prepared.image
    gray = img if img.ndim == 2 else to_gray(img)
    height, width = (image.height, image.width) if isinstance(image, Image.Image) else image.shape[:2]
    steps = list(prepared.steps)
    if gray.size == 0 or int(gray.max()) - int(gray.min()) < 16 or min(height, width) < MIN_TEXT_PIXELS:
        note = ("no ink found" if min(height, width) >= MIN_TEXT_PIXELS else
                f"smaller than {MIN_TEXT_PIXELS} pixels across, too small to hold text")  # a newcomer's 40x4 image
        steps.append(Step("blank", {"note": f"{note}; Tesseract not run"}))
        return Page(path=path, width=width, height=height, lang="" if lang == "auto" else lang, blocks=[],
                    steps=steps, page_no=page_no)
    text_height = prepared.text_height or estimate_text_height(gray)
    single = is_single_line(gray, text_height)
    psm = s.psm or (7 if single else 3)
    # the scan's resolution (300 dpi when unknown), times the rescaling: leaving Tesseract to guess measured
    # worse on the synthetic pages (CER 6.2 % against 5.1 %)
    scale = next((st.settings["scale"] for st in prepared.steps if st.name == "rescale"), 1.0)
    page_dpi = None if single else round((dpi or 300) * scale)
    cache: dict[Reading, _Read] = {}

    def read(image: np.ndarray, reading: Reading, mode: int) -> _Read:
        return _read(image, reading, psm=mode, timeout=s.timeout, where=where, dpi=page_dpi)

    def take(reading: Reading) -> _Read:
        if reading not in cache:
            cache[reading] = read(img, reading, psm)
        return cache[reading]

    chosen = lang
    if lang == "auto":
        first = take(s.recipe("ben").readings[0])
        decision = decide(first.text, assamese_words=_assamese_words(first.text))
        if not decision.settled:
            other = take(s.recipe("asm").readings[0])
            decision = decide(first.text + "\n" + other.text,
                              confs={"ben": first.mean_conf, "asm": other.mean_conf})
        chosen = decision.lang
        steps.append(Step("langid", decision.as_settings()))
    recipe = s.recipe(chosen)
    lines, voted = _reread(img, take(recipe.readings[0]), recipe, single=single, read=read)
    spaced = 0
    if s.space_marks:
        for _, words, _ in lines:
            spaced += space_marks(words, img, text_height or 30.0)
    steps.append(Step("tesseract", {"version": _version(), "psm": psm, "single_line": single,
                                    "readings": [str(r) for r in recipe.readings],
                                    "vote": len(recipe.readings) > 1, "gate": recipe.gate,
                                    "lines_voted": voted, "marks_spaced": spaced}))
    read_boxes = [b for box, words, _ in lines for b in (box, *(wd.box for wd in words if wd.box))]
    if missed := uncovered_ink(gray, read_boxes, text_height or 30.0):
        def read_line(crop: np.ndarray) -> _Read:  # a single line; as raw text when that finds nothing
            first = read(crop, recipe.readings[0], 7)
            return first if first.text.strip() else read(crop, recipe.readings[0], 13)

        lines, left = _read_missed(img, lines, missed, text_height or 30.0, read_line)
        steps.append(Step("uncovered-ink", {
            "note": "ink outside every line read, read again as lines" + ("; text may be missing" if left else ""),
            "boxes": [[b.x0, b.y0, b.x1, b.y1] for b in (prepared.to_original(m) for m in missed)],
            "recovered": len(missed) - len(left),
            "missing": [[b.x0, b.y0, b.x1, b.y1] for b in (prepared.to_original(m) for m in left)]}))
    return Page(path=path, width=width, height=height, lang=chosen, blocks=_to_page(lines, prepared, chosen),
                steps=steps, page_no=page_no)


_VERSION: list[str] = []


def _version() -> str:
    if not _VERSION:
        _VERSION.append(tesseract.version())
    return _VERSION[0]


def _assamese_words(text: str) -> bool:
    """Do the words of ``text`` say Assamese (False without the repair stage's word lists)?"""
    try:
        from puthi.normalize.detect import assamese_by_words, word_votes
    except ImportError:
        return False
    return assamese_by_words(*word_votes(text))


def ocr_path(path: str | os.PathLike, *, lang: str = "auto", settings: OcrSettings | None = None) -> list[Page]:
    """Read every page of an image or PDF file: one :class:`Page` per image frame or PDF page.

    Raises :class:`~puthi.errors.InputError` for a file that cannot be read, and
    :class:`~puthi.errors.EngineError` when Tesseract fails on a page.
    """
    path = os.fspath(path)
    return [_ocr_page(p, lang, settings) for p in iter_images(path)]


def _ocr_page(p: PageImage, lang: str, settings: OcrSettings | None) -> Page:
    return ocr_image(p.image, lang=lang, settings=settings, path=p.path, page_no=p.page_no, dpi=p.dpi)


@dataclass
class Failure:
    """An input (or one page of it) that could not be read, the one-line reason and the exit code."""

    path: str
    message: str
    exit_code: int = 1
    page_no: int | None = None


@dataclass
class BatchResult:
    """Pages per input path (in input order) and the failures; a PDF page that failed is an empty page
    carrying a ``failed`` step, so the other pages of the file are kept."""

    pages: dict[str, list[Page]] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return max((f.exit_code for f in self.failures), default=0)


def _ocr_file(path: str, lang: str, settings: OcrSettings | None,
              page_no: int | None = None) -> tuple[str, list[Page], list[Failure]]:
    """Read one file (or only its page ``page_no``), turning its errors into failures; a missing dependency
    stops the batch."""
    pages: list[Page] = []
    failures: list[Failure] = []

    def failed(message: str, code: int) -> None:
        if page_no is not None:  # one page of a long file: kept empty, so the pages after it keep their numbers
            if f" page {page_no}: " not in message:  # (a review: text output had a form feed too few)
                message = message.replace(f"{path}: ", f"{path} page {page_no}: ", 1)
            pages.append(Page(path=path, page_no=page_no, steps=[Step("failed", {"error": message})]))
        failures.append(Failure(path, message, code, page_no))

    try:
        for p in iter_images(path, page_no=page_no):
            try:
                pages.append(_ocr_page(p, lang, settings))
            except EngineError as exc:
                failures.append(Failure(path, str(exc), exc.exit_code, p.page_no))
                pages.append(Page(path=path, width=p.image.width, height=p.image.height, page_no=p.page_no,
                                  steps=[Step("failed", {"error": str(exc)})]))
    except MissingDependencyError:
        raise
    except PuthiError as exc:
        failed(str(exc), exc.exit_code)
    except MemoryError:  # a blank 14,400-point PDF page drawn at 300 ppi (a hostile tester)
        failed(f"{path}: {TOO_LARGE}", InputError.exit_code)
    except Exception as exc:  # one strange file must not stop the batch
        failed(shorten(f"{path}: unexpected error {type(exc).__name__}: {exc}"), 1)
    return path, pages, failures


def pages_in(path: str) -> int:
    """How many pages ``path`` holds, or 1 when it cannot be counted (reading it then says why: a bomb, a damaged
    TIFF had stopped the batch with a traceback, a review); a missing dependency is raised."""
    try:
        return count_pages(path)
    except MissingDependencyError:
        raise
    except Exception:
        return 1


def _countable(path: str) -> bool:
    try:
        count_pages(path)
        return True
    except Exception:
        return False


def _page_tasks(path: str, wanted: range | None = None) -> list[tuple[str, int | None]]:
    """The work of reading ``path``: a task per page of a PDF or multi-page TIFF, so that the pages of one long
    file share the workers and the progress counts them (a known limit: a 300-page PDF said nothing until its
    end), only the ``wanted`` pages if given; a whole file when it has one page or cannot be counted (its reading
    then says why)."""
    n = pages_in(path)
    if wanted is not None and not any(k in wanted for k in range(1, n + 1)) and _countable(path):
        return []  # --pages past the file's end (a one-page file too: a review); one not counted is read to say why
    if n <= 1 or (n > MAX_SPLIT_FRAMES and not is_pdf(path)):
        return [(path, None)]
    return [(path, k) for k in range(1, n + 1) if wanted is None or k in wanted]


# A TIFF's frame k is reached through the k frames before it, so a task per frame costs the square of their number (a
# hostile tester: 3,000 frames took 354 s); a longer TIFF is read whole, frame after frame, as one task. Up to this
# many, the walks cost seconds against the hours of reading (a review: 400 frames, 26 ms a walk).
MAX_SPLIT_FRAMES = 1000


def ocr_batch(
    paths: Iterable[str | os.PathLike],
    *,
    lang: str = "auto",
    settings: OcrSettings | None = None,
    workers: int = 1,
    progress: bool | None = None,
    on_file: Callable[[str, list[Page], list[Failure]], Any] | None = None,
    pages: range | None = None,
    on_interrupt: Callable[[str, list[Page], list[int]], Any] | None = None,
) -> BatchResult:
    """Read many files with ``workers`` processes, page by page; failures are collected, not raised.

    ``on_file(path, pages, failures)`` is called in input order as each file is done (the CLI writes its
    output there, so nothing already read is lost if a later file stops the run). ``pages`` reads only those
    pages of a file of several (numbered from 1). ``progress`` shows a bar on stderr (``None``: for more than
    one page, a bar on a terminal, else a line now and then). On Ctrl-C, ``on_interrupt(path, pages, left)``
    is given the pages read so far of each file begun and not done, and the numbers of those left, before the
    interrupt goes on. A missing Tesseract or language pack raises
    :class:`~puthi.errors.MissingDependencyError` at once.
    """
    from puthi.progress import progress as progress_of

    items = [os.fspath(p) for p in paths]
    if lang not in LANGS:
        raise InputError("--lang", f"unknown language {lang!r}; use ben, asm or auto")
    if workers < 1:
        raise InputError("--workers", f"{workers} workers; give at least 1")
    result = BatchResult()
    tasks = [(i, *task) for i, path in enumerate(items) for task in _page_tasks(path, pages)]
    begun = {i for i, _, _ in tasks}
    for i, path in enumerate(items):
        if i not in begun:  # --pages past a file's end
            n = pages_in(path)
            result.failures.append(Failure(path, f"{path}: has {n} page{'s' if n != 1 else ''}, none of them among "
                                           "those --pages names; give pages it has", InputError.exit_code))
    left = Counter(i for i, _, _ in tasks)  # pages still to read of each input (an input given twice is read twice)
    done: dict[int, tuple[list[Page], list[Failure]]] = {}
    auto = (True if sys.stderr.isatty() else None) if len(tasks) > 1 else False
    bar = progress_of(len(tasks), auto if progress is None else progress, "ocr", "page")

    def collect(i: int, path: str, read_now: list[Page], failures: list[Failure]) -> None:
        read, failed = done.setdefault(i, ([], []))
        read += [p for p in read_now if pages is None or len(read_now) == 1 or p.page_no in pages]  # a long TIFF
        failed += failures
        bar.update(1)
        left[i] -= 1
        if not left[i]:
            result.pages[path] = read
            result.failures += failed
            if on_file:
                on_file(path, read, failed)

    try:
        if workers == 1 or len(tasks) <= 1:
            for i, path, page_no in tasks:
                collect(i, *_ocr_file(path, lang, settings, page_no))
        else:
            most = MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
            pool = ProcessPoolExecutor(max_workers=min(workers, len(tasks), most), initializer=_worker_init,
                                       initargs=(os.getpid(),))
            try:
                futures = [pool.submit(_ocr_file, path, lang, settings, page_no) for _, path, page_no in tasks]
                died: set[int] = set()  # inputs whose worker died: said once each, not once a page
                for (i, path, page_no), fut in zip(tasks, futures, strict=True):
                    try:
                        collect(i, *fut.result())
                    except BrokenProcessPool:
                        why = [] if i in died else [Failure(path, f"{path}: the worker process reading it died; run "
                                                            "this file alone with --workers 1", EngineError.exit_code)]
                        died.add(i)
                        empty = [Page(path=path, page_no=page_no, steps=[Step("failed", {"error": "worker died"})])]
                        collect(i, path, empty if page_no else [], why)
            except BaseException:  # Ctrl-C: end the workers before the pool waits on them
                stop_workers(pool)
                raise
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
    except KeyboardInterrupt:
        bar.close()
        with deaf_to_ctrl_c():  # a second Ctrl-C had cut the writing of the pages kept (a hostile tester)
            for i, (read, _) in done.items():
                if left[i] and read and on_interrupt:
                    on_interrupt(items[i], read, [k for j, _, k in tasks if j == i and k and k > read[-1].page_no])
        raise
    finally:
        bar.close()
    return result


@contextlib.contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Ctrl-C is ignored inside (in the main thread; elsewhere signals cannot be set and nothing changes)."""
    try:
        old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _worker_init(parent: int) -> None:
    from puthi.processes import start_worker

    start_worker(parent)  # ends with the parent, however it ends
    os.environ["OMP_THREAD_LIMIT"] = "1"
