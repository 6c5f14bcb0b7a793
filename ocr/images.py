"""Loading scans: PNG, JPEG, TIFF (every frame) and PDF (every page, rasterised by poppler's ``pdftoppm``).

Bad input fails early with :class:`~puthi.errors.InputError`, one line naming the file and the fix: a missing
or empty file, a format that is not an image, a truncated or corrupt image, an image of zero size, and an
image so large it would exhaust memory (Pillow's decompression-bomb guard, with our own limit).

>>> import tempfile, os
>>> from PIL import Image
>>> d = tempfile.mkdtemp()
>>> Image.new("L", (40, 20), 255).save(os.path.join(d, "p.png"))
>>> [(p.page_no, p.image.size) for p in load_images(os.path.join(d, "p.png"))]
[(1, (40, 20))]
>>> open(os.path.join(d, "empty.png"), "wb").close()
>>> load_images(os.path.join(d, "empty.png"))
Traceback (most recent call last):
...
puthi.errors.InputError: .../empty.png: the file is empty (0 bytes); scan or export the page again
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from puthi.errors import EngineError, InputError, MissingDependencyError

#: Largest image accepted, in pixels: an A3 page at 600 dpi is about 70 megapixels.
MAX_PIXELS = 150_000_000
#: Resolution PDF pages are rasterised at.
PDF_DPI = 300
#: Seconds allowed for poppler to rasterise one PDF page.
PDF_TIMEOUT = 120.0

IMAGE_FORMATS = {"PNG", "JPEG", "MPO", "TIFF", "BMP", "PPM", "WEBP", "GIF"}
SUFFIXES = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".pbm", ".pgm", ".ppm", ".webp", ".gif", ".pdf"}

__all__ = ["MAX_PIXELS", "PageImage", "count_pages", "iter_images", "load_images"]


@dataclass
class PageImage:
    """One page of an input: the file it came from, its 1-based page number, the image and its resolution."""

    path: str
    page_no: int
    image: Image.Image
    dpi: int | None = None


def _check_file(path: str) -> None:
    p = Path(path)
    if not p.exists():
        raise InputError(path, "no such file; check the path")
    if p.is_dir():
        raise InputError(path, "is a folder; give the image files inside it (e.g. folder/*.png)")
    if not os.access(p, os.R_OK):
        raise InputError(path, "cannot be read (permission denied); check its permissions")
    if p.stat().st_size == 0:
        raise InputError(path, "the file is empty (0 bytes); scan or export the page again")


def _is_pdf(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(1024).lstrip().startswith(b"%PDF")


def _checked(image: Image.Image, path: str, max_pixels: int) -> Image.Image:
    w, h = image.size
    if w == 0 or h == 0:
        raise InputError(path, f"the image has zero size ({w}x{h}); scan or export the page again")
    if w * h > max_pixels:
        raise InputError(path, f"the image is {w}x{h} = {w * h / 1e6:.0f} megapixels, over the limit of "
                         f"{max_pixels / 1e6:.0f}; scale it down (300 dpi is plenty) or split it into pages")
    return image


def _dpi(image: Image.Image) -> int | None:
    dpi = image.info.get("dpi")
    try:
        value = round(float(dpi[0])) if dpi else 0
    except (TypeError, ValueError, IndexError):
        return None
    return value if 50 <= value <= 2400 else None


def _open_image(path: str, max_pixels: int) -> Iterator[PageImage]:
    old_limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            try:
                img = Image.open(path)
            except UnidentifiedImageError as exc:
                raise InputError(path, "not an image puthi can read; give a PNG, JPEG, TIFF or PDF file") from exc
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                raise InputError(path, f"the image is too large to open safely (over {max_pixels / 1e6:.0f} "
                                 "megapixels); scale it down (300 dpi is plenty) or split it into pages") from exc
            with img:
                if img.format not in IMAGE_FORMATS:
                    raise InputError(path, f"{img.format} images are not supported; convert it to PNG or TIFF")
                frames = getattr(img, "n_frames", 1)
                for i in range(frames):
                    try:
                        img.seek(i)
                        _checked(img, path, max_pixels)
                        frame = ImageOps.exif_transpose(img) if img.format in ("JPEG", "MPO") else img.copy()
                        frame.load()
                    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                        raise InputError(path, "the image is too large to open safely; scale it down") from exc
                    except (OSError, SyntaxError, ValueError, EOFError) as exc:
                        raise InputError(path, f"the image is damaged or truncated ({_short(exc)}); "
                                         "scan or export it again") from exc
                    yield PageImage(path, i + 1, frame, _dpi(img))
    finally:
        Image.MAX_IMAGE_PIXELS = old_limit


def _short(exc: Exception) -> str:
    return " ".join(str(exc).split())[:120] or type(exc).__name__


def _poppler(tool: str) -> str:
    exe = shutil.which(tool)
    if not exe:
        raise MissingDependencyError(tool, "poppler is needed to read PDFs; install it with: "
                                     "apt-get install poppler-utils")
    return exe


def count_pages(path: str) -> int:
    """The number of pages of a PDF (``pdfinfo``), or of frames of an image file."""
    _check_file(path)
    if not _is_pdf(path):
        with Image.open(path) as img:
            return getattr(img, "n_frames", 1)
    try:
        out = subprocess.run([_poppler("pdfinfo"), path], capture_output=True, text=True, timeout=PDF_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        raise EngineError(path, "pdfinfo took too long; the PDF may be damaged, try re-saving it") from exc
    match = re.search(r"^Pages:\s+(\d+)", out.stdout, re.M)
    if out.returncode != 0 or not match:
        why = " ".join(out.stderr.split())[:150] or "no page count"
        raise InputError(path, f"not a readable PDF ({why}); re-save it or export its pages as images")
    if int(match.group(1)) == 0:
        raise InputError(path, "the PDF has no pages; export it again")
    return int(match.group(1))


def _pdf_pages(path: str, max_pixels: int, dpi: int) -> Iterator[PageImage]:
    n = count_pages(path)
    exe = _poppler("pdftoppm")
    for page in range(1, n + 1):
        cmd = [exe, "-r", str(dpi), "-f", str(page), "-l", str(page), "-gray", path]
        try:
            out = subprocess.run(cmd, capture_output=True, timeout=PDF_TIMEOUT)
        except subprocess.TimeoutExpired as exc:
            raise EngineError(f"{path} page {page}", f"pdftoppm took longer than {PDF_TIMEOUT:g} s; "
                              "export this page as an image instead") from exc
        if out.returncode != 0 or not out.stdout:
            why = " ".join(out.stderr.decode(errors="replace").split())[:150]
            raise InputError(f"{path} page {page}", f"poppler could not draw this page ({why}); "
                             "re-save the PDF or export its pages as images")
        with Image.open(io.BytesIO(out.stdout)) as img:
            _checked(img, f"{path} page {page}", max_pixels)
            img.load()
            yield PageImage(path, page, img.copy(), dpi)


def iter_images(path: str | os.PathLike, *, max_pixels: int = MAX_PIXELS, pdf_dpi: int = PDF_DPI
                ) -> Iterator[PageImage]:
    """Yield the pages of ``path`` one at a time (a long PDF is never held in memory at once).

    The file itself is checked before the first page is yielded; a damaged later page raises when reached.
    """
    path = os.fspath(path)
    _check_file(path)
    if _is_pdf(path):
        yield from _pdf_pages(path, max_pixels, pdf_dpi)
    else:
        yield from _open_image(path, max_pixels)


def load_images(path: str | os.PathLike, *, max_pixels: int = MAX_PIXELS, pdf_dpi: int = PDF_DPI
                ) -> list[PageImage]:
    """All pages of ``path`` (PNG, JPEG, TIFF frames, PDF pages), checked; see :func:`iter_images`."""
    return list(iter_images(path, max_pixels=max_pixels, pdf_dpi=pdf_dpi))
