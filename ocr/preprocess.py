"""Image clean-up before Tesseract, with OpenCV: each step optional, each recorded as a :class:`Step`.

The steps run in a fixed order: grayscale, flattening the light, border removal, rescale to a good text
height, deskew, denoise, binarisation, padding. :func:`preprocess` returns the cleaned image, the steps it
applied with their settings, and the transform from the original image's pixels to the cleaned image's,
so word boxes found on the cleaned image can be mapped back onto the scan.

The defaults in :class:`Settings` were chosen by measurement on two of the four books of the real line
images in ``../shared/data/degraded-ocr-train`` (see ``bench/ocr_real.py`` and ``bench/results/ocr.md``).

>>> import numpy as np
>>> img = np.full((40, 200), 255, np.uint8)
>>> for x in range(20, 180, 40):
...     img[15:25, x:x + 30] = 0                 # four "words" of ink, 10 px high
>>> out = preprocess(img, Settings(target_height=30, deskew=False, flatten=False, pad=0))
>>> out.image.shape, [s.name for s in out.steps]
((120, 600), ['rescale'])
>>> out.steps[0].settings["scale"]
3.0
>>> out.to_original(Box(60, 45, 150, 75))
Box(x0=20, y0=15, x1=50, y1=25)
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from typing import Literal

import cv2
import numpy as np
from PIL import Image

from puthi.ocr.model import Box, Step

Binarize = Literal["none", "otsu", "sauvola", "adaptive"]
Denoise = Literal["none", "median", "nlmeans", "noisy"]

__all__ = [
    "Prepared",
    "Settings",
    "binarize",
    "deskew_angle",
    "estimate_text_height",
    "flatten_light",
    "is_single_line",
    "preprocess",
    "remove_borders",
    "to_gray",
]


@dataclass(frozen=True)
class Settings:
    """What to do to an image before recognition; every step can be switched off.

    - ``grayscale``: convert colour scans to one channel (every later step needs it, so it is forced on
      when any of them runs).
    - ``target_height``: rescale so the typical word is this many pixels high; ``None`` keeps the size.
      ``min_scale``/``max_scale`` bound the factor (by default text is only ever enlarged: enlarging
      28-px type to 30 px measured worse on synthetic pages); images within ``tolerance`` are left alone.
    - ``deskew``: straighten text tilted by at most ``max_skew`` degrees, when the tilt is at least
      ``min_skew`` (rotating resamples the image, which costs more than a slight tilt). Single-line images
      are never rotated: one line is too little for a reliable angle, and Tesseract follows its baseline.
    - ``denoise``: ``median`` (3x3, cheap, removes specks) or ``nlmeans`` (slow, for grainy scans); ``noisy``
      (the default): ``median``, before any other step, on a page strewn with specks (:func:`noise`,
      :data:`NOISY_SPECKS`), none on a single-line image or a page without them. Tesseract's layout analysis
      takes a noisy page's specks into its text lines, which then span two or three lines and read as soup or
      not at all (a newcomer's Assamese page lost most of a line: 25 specks to a glyph); a single line is not
      laid out, and on a page without specks the median only thins the strokes.
    - ``binarize``: ``otsu`` (one global threshold), ``sauvola`` (local, for uneven light; window and
      ``sauvola_k`` as in Sauvola and Pietikäinen 2000) or ``adaptive`` (local Gaussian mean); ``none``
      leaves it to Tesseract's own Otsu.
    - ``flatten``: even out the lighting (divide by the paper's brightness), so a shadowed or yellowed part
      of the page does not fall below Tesseract's global threshold.
    - ``borders``: paint over dark scanner margins and rules touching the image edge.
    - ``pad``: white margin added around the image, in pixels (tightly cropped lines read better with one).
    """

    grayscale: bool = True
    target_height: int | None = 24
    min_scale: float = 1.0
    max_scale: float = 4.0
    tolerance: float = 0.15
    deskew: bool = True
    max_skew: float = 5.0
    min_skew: float = 0.3
    denoise: Denoise = "noisy"
    binarize: Binarize = "none"
    sauvola_k: float = 0.2
    flatten: bool = True
    borders: bool = True
    pad: int = 10

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def raw(cls) -> Settings:
        """No preprocessing at all: the image goes to Tesseract as loaded.

        >>> preprocess(np.full((8, 8, 3), 255, np.uint8), Settings.raw()).steps
        []
        """
        return cls(grayscale=False, target_height=None, deskew=False, denoise="none", binarize="none",
                   flatten=False, borders=False, pad=0)

    def but(self, **changes) -> Settings:
        """A copy with some fields changed: ``Settings().but(binarize="sauvola")``."""
        return replace(self, **changes)


@dataclass
class Prepared:
    """A cleaned image, the steps applied, and the 3x3 matrix taking original pixels to cleaned pixels."""

    image: np.ndarray
    steps: list[Step] = field(default_factory=list)
    transform: np.ndarray = field(default_factory=lambda: np.eye(3))
    text_height: float | None = None
    original_size: tuple[int, int] | None = None  # (width, height) of the original image

    def to_original(self, box: Box) -> Box:
        """Map a box on the cleaned image back to the original image (the box around its four corners), inside
        the original image: a box that reaches into the white margin the ``pad`` step added ends at the edge.

        >>> img = np.full((20, 40), 255, np.uint8)
        >>> prep = preprocess(img, Settings(target_height=0, deskew=False, flatten=False, binarize="none", pad=4))
        >>> prep.to_original(Box(0, 0, 48, 28))
        Box(x0=0, y0=0, x1=40, y1=20)
        """
        inv = np.linalg.inv(self.transform)
        corners = np.array([[box.x0, box.y0, 1], [box.x1, box.y0, 1], [box.x0, box.y1, 1], [box.x1, box.y1, 1]],
                           dtype=float)
        pts = corners @ inv.T
        xs, ys = pts[:, 0], pts[:, 1]
        x0, y0, x1, y1 = np.rint([xs.min(), ys.min(), xs.max(), ys.max()]).astype(int).tolist()
        if self.original_size:
            w, h = self.original_size
            x0, x1 = min(max(x0, 0), w), min(max(x1, 0), w)
            y0, y1 = min(max(y0, 0), h), min(max(y1, 0), h)
        return Box(x0, y0, x1, y1)


def to_gray(image: np.ndarray | Image.Image) -> np.ndarray:
    """A uint8 single-channel array from a PIL image or an array (RGB, RGBA on white, or already gray).

    >>> to_gray(np.zeros((2, 3, 3), np.uint8)).shape
    (2, 3)
    """
    if isinstance(image, Image.Image):
        image = as_array(image)
    if image.ndim == 2:
        return image
    if image.shape[2] == 4:
        return cv2.cvtColor(image, cv2.COLOR_RGBA2GRAY)
    return cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)


def as_array(image: Image.Image) -> np.ndarray:
    """A uint8 array (gray or RGB) from a PIL image of any mode; transparency is flattened onto white."""
    if image.mode in ("L", "RGB"):
        return np.asarray(image)
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return np.asarray(Image.alpha_composite(white, rgba).convert("RGB"))
    if image.mode in ("1", "I;16", "I;16B", "I;16L", "I", "F"):
        if image.mode == "1":
            return np.asarray(image.convert("L"))
        arr = np.asarray(image).astype(np.float64)
        lo, hi = float(arr.min()), float(arr.max())
        scale = 255.0 / (hi - lo) if hi > lo else 0.0
        return ((arr - lo) * scale).astype(np.uint8)
    return np.asarray(image.convert("RGB"))


def flatten_light(gray: np.ndarray) -> np.ndarray:
    """The image divided by its paper's brightness (estimated by a closing much wider than the strokes, on
    a reduced copy), so a shadow or a yellowed corner no longer looks like ink to a global threshold.

    >>> g = np.tile(np.linspace(120, 250, 200).astype(np.uint8), (50, 1)); g[20:30, 20:180:20] = 40
    >>> f = flatten_light(g)
    >>> int(f[5, 10]) > 240 and int(f[5, 190]) > 240 and int(f[25, 20]) < 120
    True
    """
    h, w = gray.shape
    k = max(1, min(h, w) // 200)
    small = cv2.resize(gray, (max(1, w // k), max(1, h // k)), interpolation=cv2.INTER_AREA) if k > 1 else gray
    size = max(15, (min(small.shape) // 8) | 1)
    bg = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (size, size)))
    bg = cv2.GaussianBlur(bg, (0, 0), size / 4)
    if k > 1:
        bg = cv2.resize(bg, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.clip(gray.astype(np.float32) * 255.0 / np.maximum(bg.astype(np.float32), 1.0), 0, 255).astype(np.uint8)


# Faint print: the page's darkest pixels (its 0.5th percentile, on the light evened out) are paler than FAINT_INK,
# and so is its ink (the darkest tenth of Otsu's dark side), which stands FAINT_CONTRAST or more below the paper. A
# newcomer's worn page had ink at 170-210 on paper at 255, and Tesseract read one line in four. Reviews: the ink's
# tone keeps a title page of paper grain and a few black words as it is (its 0.5th percentile is the grain), and the
# darkest pixels keep a page of black print with a pale photo on it as it is (Otsu's dark side is the photo).
FAINT_INK, FAINT_CONTRAST = 150, 40


def darken_faint_ink(gray: np.ndarray) -> tuple[np.ndarray, int | None]:
    """``gray`` with faint ink stretched to black (paper stays white) when its print is faint (see
    :data:`FAINT_INK`), and the darkest value it stretched from; else ``gray`` as it is and None.

    >>> g = np.full((40, 40), 255, np.uint8); g[10:30, 18:22] = 190
    >>> out, darkest = darken_faint_ink(g)
    >>> darkest, int(out[20, 20]), int(out[0, 0])
    (190, 0, 255)
    >>> darken_faint_ink(np.where(g == 190, 60, g).astype(np.uint8))[1] is None  # dark print
    True
    >>> darken_faint_ink(np.where(g == 190, 235, 245).astype(np.uint8))[1] is None  # paper grain
    True
    """
    small = gray[::2, ::2] if gray.size < 4_000_000 else gray[::4, ::4]
    darkest = int(np.percentile(small, 0.5))
    if darkest <= FAINT_INK or darkest >= 250:  # dark print somewhere, or a blank page
        return gray, None
    _, mask = cv2.threshold(cv2.GaussianBlur(small, (3, 3), 0), 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    ink, paper = small[mask > 0], small[mask == 0]
    if not ink.size or not paper.size:
        return gray, None
    ink_tone = float(np.percentile(ink, 10))
    if ink_tone <= FAINT_INK or float(np.median(paper)) - ink_tone < FAINT_CONTRAST:
        return gray, None  # a few black words on grainy paper, or the grain alone
    # the specks of the paper first (a 3x3 median), or the stretch makes them ink: on faint renderings in four fonts,
    # CER 0.65 as they were, 0.37 stretched, 0.22 smoothed and stretched
    stretched = (cv2.medianBlur(gray, 3).astype(np.float32) - darkest) * (255.0 / (255 - darkest))
    return np.clip(stretched, 0, 255).astype(np.uint8), darkest


def _ink_mask(gray: np.ndarray) -> np.ndarray:
    """Ink as True, by Otsu's threshold on a lightly smoothed copy with the lighting evened out."""
    flat = flatten_light(gray)
    _, mask = cv2.threshold(cv2.GaussianBlur(flat, (3, 3), 0), 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    return mask > 0


def estimate_text_height(gray: np.ndarray) -> float | None:
    """The typical height in pixels of a word's ink (Bengali words hang from one headline, so a word is
    mostly one connected component); ``None`` when the image has no text-like ink.

    Small marks (dots, vowel signs apart from the word, specks) are left out by keeping components at least
    half as high as the 90th percentile, and the median of those is returned.

    >>> img = np.full((60, 300), 255, np.uint8)
    >>> for x in range(10, 290, 40):
    ...     img[20:44, x:x + 30] = 0                 # words 24 px high
    >>> img[5:7, 5:7] = 0                            # a speck
    >>> estimate_text_height(img)
    24.0
    """
    if gray.size == 0 or int(gray.max()) - int(gray.min()) < 32:
        return None
    mask = _ink_mask(gray).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    if n <= 1:
        return None
    h = stats[1:, cv2.CC_STAT_HEIGHT].astype(float)
    w = stats[1:, cv2.CC_STAT_WIDTH].astype(float)
    area = stats[1:, cv2.CC_STAT_AREA].astype(float)
    H, W = gray.shape
    # a line image may be filled top to bottom by a word; on a page, something that tall is not a word
    tall_ok = H < 200
    keep = (h >= 4) & (area >= 8) & ((h < 0.95 * H) | tall_ok)
    keep &= (w < 0.5 * W) | (W < 4 * H)      # rules and page borders are not words
    heights = h[keep]
    if heights.size == 0:
        return None
    big = heights[heights >= 0.5 * np.percentile(heights, 90)]
    return float(np.median(big))


# A page is median-filtered before it is read when it has this many specks of ink (a pixel or two) to a glyph. On a
# newcomer's Assamese pages and on synthetic pages (damage 0.5 and 0.7) the median gained wherever there were 8 specks
# or more (a lost line came back: 64 errors to 0; the newcomer's pages and PDF had 27 to 34), did little between 5 and
# 8, and cost a few letters on pages without specks (thin strokes: Ani, Mitra, Mukti). A measure of the paper's grain
# was tried beside it and dropped: on clean small print (Lohit at 14-20 px) it measured the thin strokes as grain, and
# the median then cost 229 of 331 letters (a review).
NOISY_SPECKS = 6.0


def noise(gray: np.ndarray, text_height: float | None) -> float:
    """How noisy a page is: specks to a glyph, dark marks of a pixel or two (at most 0.004 text heights squared)
    against marks of a glyph's size (at least 0.05 text heights squared) by Otsu's threshold (salt and pepper).

    >>> page = np.full((100, 400), 250, np.uint8)
    >>> for x in range(20, 380, 30): page[40:60, x:x + 20] = 0   # twelve glyphs
    >>> noise(page, 20.0)
    0.0
    >>> page[10, 5:395:13] = 0; page[85, 5:395:13] = 0           # sixty specks in the margins
    >>> noise(page, 20.0)
    5.0
    """
    th = text_height or 20.0
    _, mask = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    area = stats[1:, cv2.CC_STAT_AREA]
    specks = int((area <= max(2.0, 0.004 * th * th)).sum())
    glyphs = int((area >= 0.05 * th * th).sum())
    return round(specks / max(glyphs, 1), 2)


def remove_borders(gray: np.ndarray, text_height: float | None) -> tuple[np.ndarray, int]:
    """Paint white the dark components that touch the image edge and are too big or too long to be text
    (scanner margins, the shadow of the book's gutter, cut-off rules); returns the image and how many.

    >>> img = np.full((100, 100), 255, np.uint8)
    >>> img[:, :6] = 0                      # a dark margin down the left edge
    >>> img[40:50, 40:60] = 0               # some text
    >>> out, n = remove_borders(img, 10.0)
    >>> n, int(out[:, :6].min()), int(out[40:50, 40:60].max())
    (1, 255, 0)
    """
    th = text_height or max(8.0, gray.shape[0] / 40)
    mask = _ink_mask(gray).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    H, W = gray.shape
    out = gray
    removed = 0
    for i in range(1, n):
        x, y, w, h, _ = stats[i]
        touches = x == 0 or y == 0 or x + w == W or y + h == H
        if touches and (h > 2.5 * th or w > 25 * th):
            if out is gray:
                out = gray.copy()
            out[labels == i] = 255
            removed += 1
    return out, removed


def deskew_angle(gray: np.ndarray, max_skew: float = 5.0) -> float:
    """The angle in degrees (counter-clockwise) by which the text is tilted, from the horizontal projection
    of the ink: a Bengali line's headline makes a sharp peak when the angle is right.

    >>> img = np.full((200, 400), 255, np.uint8)
    >>> for y in range(30, 180, 30):
    ...     img[y:y + 4, 40:360] = 0
    >>> rot = cv2.warpAffine(img, cv2.getRotationMatrix2D((200, 100), 2.0, 1.0), (400, 200), borderValue=255)
    >>> abs(deskew_angle(rot) - 2.0) <= 0.1
    True
    """
    mask = _ink_mask(gray)
    ys, xs = np.nonzero(mask)
    if xs.size < 50:
        return 0.0
    if xs.size > 200_000:
        pick = np.random.default_rng(0).choice(xs.size, 200_000, replace=False)
        xs, ys = xs[pick], ys[pick]
    xs = xs - xs.mean()
    ys = ys - ys.mean()

    def score(deg: float) -> float:
        t = math.radians(deg)
        # image y grows downwards, so a counter-clockwise tilt raises the right end of a line
        proj = ys * math.cos(t) + xs * math.sin(t)
        hist = np.bincount(np.round(proj - proj.min()).astype(np.int64))
        return float(np.dot(hist, hist))

    coarse = np.arange(-max_skew, max_skew + 1e-9, 0.5)
    best = max(coarse, key=score)
    fine = np.arange(max(-max_skew, best - 0.5), min(max_skew, best + 0.5) + 1e-9, 0.05)
    return float(round(max(fine, key=score), 2))


def is_single_line(gray: np.ndarray, text_height: float | None) -> bool:
    """True for an image holding one line of text: at most about twice as tall as its words, or one band
    of ink in its horizontal projection.

    >>> img = np.full((50, 600), 255, np.uint8); img[10:40, 20:580:40] = 0
    >>> is_single_line(img, 30.0)
    True
    >>> page = np.full((400, 600), 255, np.uint8); page[20:50, 20:580] = 0; page[80:110, 20:580] = 0
    >>> is_single_line(page, 30.0)
    False
    """
    h = gray.shape[0]
    if not text_height:
        return bool(h < 120)
    if h <= 2.2 * text_height:
        return True
    if h > 5 * text_height:
        return False
    ink = (gray < 128).sum(axis=1) > 0
    bands = int(np.count_nonzero(np.diff(ink.astype(np.int8)) == 1) + (1 if ink[0] else 0))
    return bands <= 1


def binarize(gray: np.ndarray, method: Binarize, *, window: int = 31, k: float = 0.2) -> np.ndarray:
    """Black text on white (0/255) by ``otsu``, ``sauvola`` or ``adaptive`` thresholding.

    >>> g = np.tile(np.linspace(60, 250, 64).astype(np.uint8), (8, 1))
    >>> sorted(set(binarize(g, "otsu").ravel().tolist()))
    [0, 255]
    """
    if method == "none":
        return gray
    window = max(3, window | 1)
    if method == "otsu":
        _, out = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        return out
    if method == "adaptive":
        return cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, window, 10)
    if method == "sauvola":
        g = gray.astype(np.float64)
        mean = cv2.boxFilter(g, -1, (window, window), borderType=cv2.BORDER_REFLECT)
        sq = cv2.boxFilter(g * g, -1, (window, window), borderType=cv2.BORDER_REFLECT)
        std = np.sqrt(np.maximum(sq - mean * mean, 0))
        thresh = mean * (1 + k * (std / 128.0 - 1))
        return np.where(g > thresh, 255, 0).astype(np.uint8)
    raise ValueError(f"unknown binarisation {method!r}; use none, otsu, sauvola or adaptive")


def _background(gray: np.ndarray) -> int:
    """The paper's grey level: a high percentile of the image."""
    return int(np.percentile(gray, 90)) if gray.size else 255


def preprocess(image: np.ndarray | Image.Image, settings: Settings | None = None) -> Prepared:
    """Run the enabled steps of ``settings`` on ``image`` (PIL image or uint8 array) and record them."""
    s = settings or Settings()
    img = as_array(image) if isinstance(image, Image.Image) else image
    steps: list[Step] = []
    T = np.eye(3)
    needs_gray = s.grayscale or s.target_height or s.deskew or s.binarize != "none" or s.borders or s.flatten
    if needs_gray and img.ndim == 3:
        img = to_gray(img)
        steps.append(Step("grayscale", {}))

    flat = probe_height = None
    if s.denoise == "noisy" and img.ndim == 2 and img.size:
        # a noisy page is smoothed first, before the light is evened out: the paper's brightness is the brightest pixel
        # around, which on a speckled page is a speck at 255 everywhere (a newcomer's page: paper from 250
        # down to 186 left as it was), and before it is enlarged or turned, which blurs specks into blots
        flat = flatten_light(img) if s.flatten else img
        probe_height = estimate_text_height(flat)
        if probe_height and not is_single_line(flat, probe_height) and (
                specks := noise(flat, probe_height)) >= NOISY_SPECKS:
            img, flat = cv2.medianBlur(img, 3), None
            steps.append(Step("denoise", {"method": "median", "ksize": 3, "specks_per_glyph": specks}))

    same = flat is not None  # the page the probe measured is the one read on: its text height holds
    if s.flatten and img.ndim == 2 and img.size:
        img = flatten_light(img) if flat is None else flat
        steps.append(Step("flatten", {"method": "divide by closing"}))
        img, darkest = darken_faint_ink(img)
        if darkest is not None:
            same = False
            steps.append(Step("contrast", {"darkest": darkest}))

    text_height = probe_height if same else estimate_text_height(img) if img.ndim == 2 else None

    if s.borders and img.ndim == 2:
        img, removed = remove_borders(img, text_height)
        if removed:
            steps.append(Step("borders", {"removed": removed}))

    if s.target_height and text_height:
        scale = min(max(s.target_height / text_height, s.min_scale), s.max_scale)
        if abs(scale - 1.0) > s.tolerance:
            h, w = img.shape[:2]
            nw, nh = max(1, round(w * scale)), max(1, round(h * scale))
            interp = cv2.INTER_CUBIC if scale > 1 else cv2.INTER_AREA
            img = cv2.resize(img, (nw, nh), interpolation=interp)
            sx, sy = nw / w, nh / h
            T = np.diag([sx, sy, 1.0]) @ T
            steps.append(Step("rescale", {"scale": round(scale, 3), "text_height": round(text_height, 1),
                                          "target_height": s.target_height}))
            text_height *= scale

    if s.deskew and img.ndim == 2 and not is_single_line(img, text_height):
        angle = deskew_angle(img, s.max_skew)
        if abs(angle) >= s.min_skew:
            h, w = img.shape
            M = cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0)
            # a canvas large enough for the turned image, so no corner of the text is cut off
            c, sn = abs(M[0, 0]), abs(M[0, 1])
            nw, nh = math.ceil(w * c + h * sn), math.ceil(w * sn + h * c)
            M[0, 2] += (nw - w) / 2
            M[1, 2] += (nh - h) / 2
            img = cv2.warpAffine(img, M, (nw, nh), flags=cv2.INTER_LINEAR, borderValue=_background(img))
            T = np.vstack([M, [0, 0, 1]]) @ T
            steps.append(Step("deskew", {"angle": angle}))

    if s.denoise == "median":
        img = cv2.medianBlur(img, 3)
        steps.append(Step("denoise", {"method": "median", "ksize": 3}))
    elif s.denoise == "nlmeans":
        img = cv2.fastNlMeansDenoising(img, None, h=10, templateWindowSize=7, searchWindowSize=21)
        steps.append(Step("denoise", {"method": "nlmeans", "h": 10}))

    if s.binarize != "none":
        window = int(2 * (text_height or 15)) | 1
        img = binarize(img, s.binarize, window=window, k=s.sauvola_k)
        steps.append(Step("binarize", {"method": s.binarize, "window": window,
                                       **({"k": s.sauvola_k} if s.binarize == "sauvola" else {})}))

    if s.pad > 0:
        bg = 255 if s.binarize != "none" else _background(img)
        img = cv2.copyMakeBorder(img, s.pad, s.pad, s.pad, s.pad, cv2.BORDER_CONSTANT,
                                 value=bg if img.ndim == 2 else (bg, bg, bg))
        T = np.array([[1, 0, s.pad], [0, 1, s.pad], [0, 0, 1]], dtype=float) @ T
        steps.append(Step("pad", {"pixels": s.pad}))

    height, width = (image.height, image.width) if isinstance(image, Image.Image) else image.shape[:2]
    return Prepared(image=np.ascontiguousarray(img), steps=steps, transform=T, text_height=text_height,
                    original_size=(width, height))
