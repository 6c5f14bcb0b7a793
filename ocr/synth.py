"""Synthetic scans: Bengali or Assamese text rendered with an installed font, then degraded like old print.

Rendering goes through Pillow with libraqm, which shapes the text (HarfBuzz): without shaping, conjuncts
such as ক্ষ fall apart and pre-base vowel signs (ে ি) land after their consonant. Degradations are seeded,
so one seed gives the same image every time; the sample keeps its ground truth and its settings.

>>> font = find_font("Noto Sans Bengali")
>>> s = render("তাস খেলা", font, size=32, seed=1, degrade=Degradation(blur=0.8, noise=6.0))
>>> s.text, s.lines, s.image.mode
('তাস খেলা', ['তাস খেলা'], 'L')
>>> render("তাস খেলা", font, size=32, seed=1, degrade=Degradation(blur=0.8, noise=6.0)).image.tobytes() == \\
...     s.image.tobytes()
True
"""

from __future__ import annotations

import io
import json
import math
import os
import tempfile
import unicodedata
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont, PngImagePlugin, features

from puthi.errors import InputError, MissingDependencyError, OutputError
from puthi.ocr.fonts import BENGALI_BLOCK, Font, find_font, list_fonts
from puthi.ocr.model import Block, Box, Line, Page, Step, Word

__all__ = ["Degradation", "Font", "Sample", "find_font", "list_fonts", "render", "write_sample"]


@dataclass(frozen=True)
class Degradation:
    """How to spoil a clean rendering; every field at its default leaves the image as rendered.

    - ``blur``: Gaussian blur radius in pixels (out-of-focus scan).
    - ``noise``: standard deviation of Gaussian noise, in grey levels 0..255 (sensor noise).
    - ``speckle``: fraction of pixels turned into black or white specks (dust, paper fibres).
    - ``skew``: rotation in degrees, counter-clockwise (page not square on the glass).
    - ``ink``: positive spreads the ink by about that many pixels (dilation, bleeding type), negative thins
      it (erosion, worn type); applied on a rendering at twice the size, so steps of 0.5 pixel count.
    - ``light``: 0..1, how much darker the darkest corner of the paper is (uneven lighting, yellowing).
    - ``jpeg``: JPEG quality 1..95 to compress with; 0 keeps the image lossless.

    >>> Degradation.random(7) == Degradation.random(7)
    True
    >>> Degradation().is_clean()
    True
    """

    blur: float = 0.0
    noise: float = 0.0
    speckle: float = 0.0
    skew: float = 0.0
    ink: float = 0.0
    light: float = 0.0
    jpeg: int = 0

    def __post_init__(self) -> None:
        problems = []
        if self.blur < 0 or self.noise < 0:
            problems.append("blur and noise must be >= 0")
        if not 0 <= self.speckle <= 1:
            problems.append("speckle is a fraction 0..1")
        if not 0 <= self.light <= 1:
            problems.append("light is 0..1")
        if not (self.jpeg == 0 or 1 <= self.jpeg <= 95):
            problems.append("jpeg is a quality 1..95, or 0 for none")
        if abs(self.skew) > 45:
            problems.append("skew is in degrees, at most 45 either way")
        if problems:
            raise ValueError(f"Degradation{asdict(self)}: " + "; ".join(problems))

    def is_clean(self) -> bool:
        return self == Degradation()

    @classmethod
    def random(cls, seed: int, strength: float = 0.5) -> Degradation:
        """Settings drawn from a seed; ``strength`` 0..1 scales how bad the scan looks.

        Each kind of damage is applied with some probability, so a batch mixes clean and spoilt pages.
        """
        rng = np.random.default_rng([seed, 0x5EED])
        s = float(np.clip(strength, 0.0, 1.0))

        def maybe(p: float, value: float) -> float:
            return value if rng.random() < p else 0.0

        ink = maybe(0.4 * s, float(rng.choice([-0.5, 0.5, 1.0])))
        return cls(
            blur=round(maybe(0.7, rng.uniform(0.3, 0.3 + 1.7 * s)), 2),
            noise=round(maybe(0.7, rng.uniform(2, 2 + 28 * s)), 1),
            speckle=round(maybe(0.5, rng.uniform(0, 0.02 * s)), 4),
            skew=round(maybe(0.6, rng.uniform(-3 * s, 3 * s)), 2),
            ink=ink,
            light=round(maybe(0.5, rng.uniform(0, 0.5 * s)), 2),
            jpeg=int(maybe(0.5, rng.integers(max(5, int(90 - 70 * s)), 96))),
        )


@dataclass
class Sample:
    """A rendered image with its ground truth.

    ``text`` is the ground truth (NFC, lines joined by newlines), ``lines`` the lines as rendered (after
    wrapping), ``line_boxes`` and ``word_boxes`` where each was drawn (after skew: the box around the rotated
    box), ``settings`` everything needed to render it again.
    """

    image: Image.Image
    text: str
    lines: list[str]
    font: Font
    size: int
    seed: int
    degrade: Degradation
    line_boxes: list[Box] = field(default_factory=list)
    word_boxes: list[list[Box]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)

    def page(self, path: str = "") -> Page:
        """The ground truth as a :class:`Page`: one block, a line per rendered line, boxes from the rendering.

        >>> s = render("তাস\\nখেলা", find_font("Lohit Bengali"), size=24)
        >>> p = s.page("x.png")
        >>> p.text, len(p.lines), p.steps[0].name
        ('তাস\\nখেলা', 2, 'synth.render')
        """
        lines = [
            Line([Word(w, b, conf=100.0) for w, b in zip(text.split(), boxes, strict=True)], box=box)
            for text, box, boxes in zip(self.lines, self.line_boxes, self.word_boxes, strict=True)
        ]
        steps = [Step("synth.render", dict(self.settings))]
        if not self.degrade.is_clean():
            steps.append(Step("synth.degrade", asdict(self.degrade)))
        return Page(path=path, width=self.image.width, height=self.image.height, lang=self.settings.get("lang", ""),
                    blocks=[Block(lines, box=Box.union(self.line_boxes))], steps=steps)


def require_raqm() -> None:
    """Fail clearly when Pillow cannot shape text (no libraqm): Bengali would come out wrong, not just ugly."""
    if not features.check("raqm"):
        raise MissingDependencyError("Pillow", "libraqm is not available, so Bengali cannot be shaped (conjuncts, "
                                     "pre-base vowel signs); run: apt-get install libraqm0, then reinstall Pillow")


def _font(font: Font | str) -> Font:
    return font if isinstance(font, Font) else find_font(str(font))


def _wrap(paragraph: str, pil_font: ImageFont.FreeTypeFont, width: float, lang: str | None) -> list[str]:
    words = paragraph.split()
    lines: list[str] = []
    current: list[str] = []
    for word in words:
        trial = " ".join([*current, word])
        if current and pil_font.getlength(trial, language=lang) > width:
            lines.append(" ".join(current))
            current = [word]
        else:
            current.append(word)
    lines.append(" ".join(current))
    return lines


def render(
    text: str,
    font: Font | str,
    *,
    size: int = 40,
    seed: int = 0,
    degrade: Degradation | None = None,
    width: int | None = None,
    margin: int | None = None,
    line_spacing: float = 1.6,
    lang: str = "",
) -> Sample:
    """Render ``text`` black on white with ``font`` at ``size`` pixels, then apply ``degrade`` seeded by ``seed``.

    Each line of ``text`` (split on newlines) is one line of print; with ``width`` the lines are also wrapped
    to fit a page that many pixels wide. Without ``width`` the image is as wide as the longest line plus the
    margins, which gives single-line images like those OCR line datasets use. ``lang`` (``"bn"`` or ``"as"``)
    is passed to the shaper and recorded. Whitespace inside a line is collapsed to single spaces.

    >>> s = render("এক দুই তিন চার পাঁচ ছয়", "Noto Serif Bengali", size=30, width=200)
    >>> len(s.lines) > 1, s.image.width
    (True, 200)
    """
    require_raqm()
    the_font = _font(font)
    degrade = degrade or Degradation()
    text = unicodedata.normalize("NFC", text)
    paragraphs = [" ".join(p.split()) for p in text.strip("\n").split("\n")]
    if not any(paragraphs):
        raise InputError("render", "no text to render; give at least one non-blank line")
    if not the_font.covers(text):
        missing = sorted({c for c in text if ord(c) in BENGALI_BLOCK and not the_font.covers(c)})
        raise InputError(the_font.path, f"font has no glyph for {', '.join(unicodedata.name(c, '?') for c in missing)}"
                         "; choose a font with Font.covers(text), e.g. Lohit Assamese for ৰ and ৱ")
    shaper_lang = lang or None
    pil_font = ImageFont.truetype(the_font.path, size, layout_engine=ImageFont.Layout.RAQM)
    margin = margin if margin is not None else max(4, size // 2)
    if width is not None:
        lines = [ln for p in paragraphs for ln in _wrap(p, pil_font, width - 2 * margin, shaper_lang)]
    else:
        lines = paragraphs
    ascent, descent = pil_font.getmetrics()
    line_height = max(round(size * line_spacing), ascent + descent)
    img_w = width or math.ceil(max(pil_font.getlength(ln, language=shaper_lang) for ln in lines)) + 2 * margin
    img_h = 2 * margin + (len(lines) - 1) * line_height + ascent + descent
    image = Image.new("L", (img_w, img_h), 255)
    draw = ImageDraw.Draw(image)
    line_boxes: list[Box] = []
    word_boxes: list[list[Box]] = []
    for i, line in enumerate(lines):
        baseline = margin + ascent + i * line_height
        if not degrade.ink:
            draw.text((margin, baseline), line, font=pil_font, fill=0, anchor="ls", language=shaper_lang)
        boxes = []
        start = 0
        for word in line.split():
            start = line.index(word, start)
            x = margin + pil_font.getlength(line[:start], language=shaper_lang) if start else margin
            x0, y0, x1, y1 = draw.textbbox((x, baseline), word, font=pil_font, anchor="ls", language=shaper_lang)
            boxes.append(Box(int(x0), int(y0), math.ceil(x1), math.ceil(y1)))
            start += len(word)
        word_boxes.append(boxes)
        line_boxes.append(Box.union(boxes) or Box(margin, baseline - ascent, margin, baseline + descent))
    if degrade.ink:
        image = _inked(lines, the_font, size, margin, ascent, line_height, image.size, degrade.ink, shaper_lang)
    image, line_boxes, word_boxes = _degrade(image, degrade, seed, line_boxes, word_boxes)
    settings = {"font": the_font.path, "family": the_font.family, "style": the_font.style, "size": size,
                "seed": seed, "width": width, "margin": margin, "line_spacing": line_spacing, "lang": lang}
    return Sample(image, "\n".join(paragraphs), lines, the_font, size, seed, degrade, line_boxes, word_boxes,
                  settings)


def _inked(lines: list[str], font: Font, size: int, margin: int, ascent: int, line_height: int,
           image_size: tuple[int, int], ink: float, lang: str | None) -> Image.Image:
    """Draw at twice the size, grow (ink > 0) or shrink the dark strokes there, and scale back down."""
    big_font = ImageFont.truetype(font.path, 2 * size, layout_engine=ImageFont.Layout.RAQM)
    big = Image.new("L", (2 * image_size[0], 2 * image_size[1]), 255)
    draw = ImageDraw.Draw(big)
    for i, line in enumerate(lines):
        baseline = 2 * (margin + ascent + i * line_height)
        draw.text((2 * margin, baseline), line, font=big_font, fill=0, anchor="ls", language=lang)
    radius = max(1, round(abs(ink) * 2))
    big = big.filter(ImageFilter.MinFilter(2 * radius + 1) if ink > 0 else ImageFilter.MaxFilter(2 * radius + 1))
    return big.resize(image_size, Image.Resampling.BOX)


def _rotate_box(box: Box, angle: float, centre: tuple[float, float], size: tuple[int, int]) -> Box:
    # PIL rotates counter-clockwise for positive angles, in image coordinates (y down).
    a = math.radians(angle)
    cx, cy = centre
    xs, ys = [], []
    for x, y in ((box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)):
        dx, dy = x - cx, y - cy
        xs.append(cx + dx * math.cos(a) + dy * math.sin(a))
        ys.append(cy - dx * math.sin(a) + dy * math.cos(a))
    w, h = size
    return Box(max(0, int(min(xs))), max(0, int(min(ys))), min(w, math.ceil(max(xs))),
               min(h, math.ceil(max(ys))))


def _degrade(image: Image.Image, d: Degradation, seed: int, line_boxes: list[Box],
             word_boxes: list[list[Box]]) -> tuple[Image.Image, list[Box], list[list[Box]]]:
    """Apply ``d`` in the order a scan spoils print: skew, focus, light, sensor, specks, file (ink is done
    while drawing)."""
    rng = np.random.default_rng(seed)
    if d.skew:
        centre = (image.width / 2, image.height / 2)
        image = image.rotate(d.skew, resample=Image.Resampling.BICUBIC, center=centre, fillcolor=255)
        line_boxes = [_rotate_box(b, d.skew, centre, image.size) for b in line_boxes]
        word_boxes = [[_rotate_box(b, d.skew, centre, image.size) for b in row] for row in word_boxes]
    if d.blur:
        image = image.filter(ImageFilter.GaussianBlur(d.blur))
    pixels = np.asarray(image, dtype=np.float32)
    if d.light:
        h, w = pixels.shape
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, 2 * math.pi)
        ramp = (xx / max(w - 1, 1)) * math.cos(angle) + (yy / max(h - 1, 1)) * math.sin(angle)
        ramp = (ramp - ramp.min()) / max(float(np.ptp(ramp)), 1e-6)
        pixels = pixels * (1.0 - d.light * ramp)
    if d.noise:
        pixels = pixels + rng.normal(0.0, d.noise, pixels.shape).astype(np.float32)
    if d.speckle:
        hits = rng.random(pixels.shape) < d.speckle
        pixels = np.where(hits, np.where(rng.random(pixels.shape) < 0.5, 0.0, 255.0), pixels)
    image = Image.fromarray(np.clip(np.rint(pixels), 0, 255).astype(np.uint8), mode="L")
    if d.jpeg:
        buf = io.BytesIO()
        image.save(buf, format="JPEG", quality=d.jpeg)
        buf.seek(0)
        image = Image.open(buf).convert("L")
    return image, line_boxes, word_boxes


def _atomic_write(path: Path, write) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        umask = os.umask(0o022)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)  # mkstemp's 0600 would hide the sample from everyone else
        with os.fdopen(fd, "wb") as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_sample(sample: Sample, directory: str | Path, stem: str) -> tuple[Path, Path]:
    """Write ``stem.png`` and ``stem.gt.txt`` (the ground truth, UTF-8, newline-terminated) into ``directory``.

    Each file is written to a temporary name and renamed, so a crash never leaves half a file; the PNG
    carries the render and degradation settings in a ``puthi-synth`` text chunk.

    >>> import tempfile
    >>> d = tempfile.mkdtemp()
    >>> png, gt = write_sample(render("তাস", "Lohit Bengali", size=20), d, "line-0001")
    >>> png.name, gt.read_text(encoding="utf-8")
    ('line-0001.png', 'তাস\\n')
    """
    if not stem or "/" in stem or "\\" in stem or stem in (".", ".."):
        raise OutputError(repr(stem), "the stem must be a plain file name without folders")
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(str(folder), f"cannot create the folder ({exc.strerror}); choose a writable folder") from exc
    png, gt = folder / f"{stem}.png", folder / f"{stem}.gt.txt"
    info = PngImagePlugin.PngInfo()
    info.add_itxt("puthi-synth", json.dumps({**sample.settings, "degrade": asdict(sample.degrade)},
                                            ensure_ascii=False, sort_keys=True))
    try:
        _atomic_write(png, lambda fh: sample.image.save(fh, format="PNG", pnginfo=info))
        _atomic_write(gt, lambda fh: fh.write((sample.text + "\n").encode("utf-8")))
    except OSError as exc:
        raise OutputError(str(folder), f"cannot write the sample ({exc.strerror}); check space and permissions") \
            from exc
    return png, gt

