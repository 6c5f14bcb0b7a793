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
import stat
import subprocess
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from puthi.errors import NOT_A_FILE, EngineError, InputError, MissingDependencyError

#: Largest image accepted, in pixels: an A3 page at 600 dpi is about 70 megapixels.
MAX_PIXELS = 150_000_000
#: Resolution PDF pages are rasterised at.
PDF_DPI = 300
#: Lowest resolution a PDF page is drawn at to keep it within the pixel limit; a page that needs less fails.
MIN_PDF_DPI = 50
#: A scanned page is drawn at its scan's resolution, but at no less than this.
MIN_SCAN_DPI = 150
#: A page-sized image coarser than this is a background behind drawn text, not a scan.
MIN_SCAN_PPI = 100
#: Seconds allowed for poppler to rasterise one PDF page.
PDF_TIMEOUT = 120.0

IMAGE_FORMATS = {"PNG", "JPEG", "MPO", "TIFF", "BMP", "PPM", "WEBP", "GIF"}
SUFFIXES = {".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp", ".pbm", ".pgm", ".ppm", ".webp", ".gif", ".pdf"}

__all__ = ["MAX_PIXELS", "PageImage", "count_pages", "iter_images", "load_images", "pdf_dpi", "pdf_page_dpi"]


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
    if not stat.S_ISREG(p.stat().st_mode):
        raise InputError(path, NOT_A_FILE)
    if p.stat().st_size == 0:
        raise InputError(path, "the file is empty (0 bytes); scan or export the page again")


def is_pdf(path: str) -> bool:
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


def _open_image(path: str, max_pixels: int, page_no: int | None = None) -> Iterator[PageImage]:
    old_limit = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with warnings.catch_warnings():
            # Pillow's notes on damaged metadata ("Tag data larger than file"): two lines and a site-packages path
            # for a page that still reads (a hostile tester); damaged pixels are an error below
            warnings.filterwarnings("ignore", category=UserWarning, module="PIL")
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            try:
                img = _pil_open(path)
            except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
                raise InputError(path, f"the image is too large to open safely (over {max_pixels / 1e6:.0f} "
                                 "megapixels); scale it down (300 dpi is plenty) or split it into pages") from exc
            with img:
                if img.format not in IMAGE_FORMATS:
                    raise InputError(path, f"{img.format} images are not supported; convert it to PNG or TIFF")
                frames = readable_frames(img)
                for i in range(frames) if page_no is None else [page_no - 1] if 0 < page_no <= frames else []:
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


def _pil_open(path: str) -> Image.Image:
    """``Image.open``, with a file that is no image, or whose header is already broken, as an ``InputError``."""
    try:
        return Image.open(path)
    except UnidentifiedImageError as exc:
        raise InputError(path, "not an image puthi can read; give a PNG, JPEG, TIFF or PDF file") from exc
    except (OSError, SyntaxError, ValueError, EOFError) as exc:  # a PNG signature, then garbage
        raise InputError(path, f"the image is damaged or truncated ({_short(exc)}); scan or export it again") \
            from exc


def _short(exc: Exception) -> str:
    return " ".join(str(exc).split())[:120] or type(exc).__name__


def _poppler(tool: str) -> str:
    exe = shutil.which(tool)
    if not exe:
        raise MissingDependencyError(tool, "poppler is needed to read PDFs; install it with: "
                                     "apt-get install poppler-utils")
    return exe


def count_pages(path: str) -> int:
    """The number of pages of a PDF (``pdfinfo``), or of frames of an image file (see :func:`readable_frames`)."""
    _check_file(path)
    if not is_pdf(path):
        with warnings.catch_warnings():  # Pillow's notes on a large or damaged image: reading it judges it
            warnings.filterwarnings("ignore", category=UserWarning, module="PIL")
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with _pil_open(path) as img:
                return readable_frames(img)
    return len(_pdf_page_sizes(path))


def readable_frames(img: Image.Image) -> int:
    """How many frames ``img`` holds; for a TIFF cut short, whose frame count Pillow cannot give (a hostile tester:
    "TypeError: Missing dimensions" stopped a whole build), the frames that can be reached, at least one.

    >>> readable_frames(Image.new("L", (4, 4)))
    1
    """
    if img.format == "MPO":  # a camera's JPEG with a smaller second picture: one page (a review)
        return 1
    try:
        return getattr(img, "n_frames", 1)
    except (TypeError, ValueError, OSError, SyntaxError, EOFError):
        n = 0
        try:
            while True:
                img.seek(n)
                n += 1
        except (TypeError, ValueError, OSError, SyntaxError, EOFError):
            return max(n, 1)


def _pdf_page_sizes(path: str, first: int = 1, last: int = 2**31 - 1) -> list[tuple[float, float] | None]:
    """Each page's size in points (``None`` where ``pdfinfo`` does not say, or outside ``first..last``)."""
    try:
        out = subprocess.run([_poppler("pdfinfo"), "-f", str(first), "-l", str(last), path],
                             capture_output=True, text=True, timeout=PDF_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        raise EngineError(path, "pdfinfo took too long; the PDF may be damaged, try re-saving it") from exc
    match = re.search(r"^Pages:\s+(\d+)", out.stdout, re.M)
    if out.returncode != 0 or not match:
        why = " ".join(out.stderr.split())[:150] or "no page count"
        raise InputError(path, f"not a readable PDF ({why}); re-save it or export its pages as images")
    n = int(match.group(1))
    if n == 0:
        raise InputError(path, "the PDF has no pages; export it again")
    sizes: list[tuple[float, float] | None] = [None] * n
    for m in re.finditer(r"^Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+) pts", out.stdout, re.M):
        page = int(m.group(1))
        if 1 <= page <= n:
            sizes[page - 1] = (float(m.group(2)), float(m.group(3)))
    return sizes


def pdf_dpi(size_pt: tuple[float, float] | None, dpi: int, max_pixels: int) -> int:
    """The resolution to draw a PDF page at: ``dpi``, lowered so the page stays within ``max_pixels``.

    A scan saved as a PDF often has a page as many points wide as the scan has pixels (a 5000-pixel scan
    becomes a 69-inch page); drawing it at 300 dpi would need hundreds of megapixels, so it is drawn at the
    resolution that fits (which is about the scan's own).

    >>> pdf_dpi((595, 842), 300, 150_000_000)     # A4: as asked
    300
    >>> pdf_dpi((5000, 7000), 300, 150_000_000)   # a 69 x 97 inch page
    149
    """
    if not size_pt or size_pt[0] <= 0 or size_pt[1] <= 0:
        return dpi
    inches = (size_pt[0] / 72) * (size_pt[1] / 72)
    if inches * dpi * dpi <= max_pixels:
        return dpi
    return int((max_pixels / inches) ** 0.5)


def scan_ppi(path: str, page: int, size: tuple[float, float] | None) -> int | None:
    """The resolution of the scan that page ``page`` of a PDF is, when one image covers the page (``pdfimages
    -list``), or None (a page of text and drawings, or no poppler answer). Drawn at more than this, a scan only
    grows: a 150-ppi scan drawn at 300 dpi took four times as long to read, for the same text (the OCR enlarges
    small print itself, :mod:`puthi.ocr.preprocess`)."""
    if size is None or not (exe := shutil.which("pdfimages")):
        return None
    try:
        out = subprocess.run([exe, "-list", "-f", str(page), "-l", str(page), path], capture_output=True,
                             text=True, timeout=PDF_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None
    covering = []
    for row in out.stdout.splitlines()[2:]:
        cols = row.split()
        if len(cols) > 13 and cols[2] in ("image", "stencil", "smask") and cols[12].isdigit():
            width, height, ppi = int(cols[3]), int(cols[4]), int(cols[12])
            if ppi and width / ppi * 72 >= 0.9 * size[0] and height / ppi * 72 >= 0.9 * size[1]:
                covering.append(ppi)
    # the finest of the layers that cover the page (an MRC scan keeps its text in a sharp mask over a coarse
    # background); below 100 ppi it is a texture behind drawn text, no scan
    return max(covering) if covering and max(covering) >= MIN_SCAN_PPI else None


def _page_dpi(path: str, page: int, size: tuple[float, float] | None, dpi: int, max_pixels: int) -> int:
    if size is not None and not (size[0] > 0 and size[1] > 0):  # pdfinfo's "0 x 0 pts": a page the PDF only counts
        raise InputError(f"{path} page {page}", "the PDF gives this page no size, so it holds none; its page count "
                         "may be wrong: re-save the PDF")  # (a hostile tester: 247 blank pages, exit 0)
    if (ppi := scan_ppi(path, page, size)) is not None:
        dpi = min(dpi, max(ppi, MIN_SCAN_DPI))  # a scan at its own resolution
    page_dpi = pdf_dpi(size, dpi, max_pixels)
    if page_dpi < MIN_PDF_DPI:
        w, h = (x / 72 for x in size or (0, 0))
        raise InputError(f"{path} page {page}", f"the page is {w:,.0f} x {h:,.0f} inches, too large to draw "
                         f"at a readable resolution within {max_pixels / 1e6:.0f} megapixels; "
                         "re-save the PDF with its true page size or export its pages as images")
    return page_dpi


def pdf_page_dpi(path: str | os.PathLike, page: int, *, dpi: int = PDF_DPI, max_pixels: int = MAX_PIXELS) -> int:
    """The resolution to draw page ``page`` of a PDF at (see :func:`pdf_dpi`); ``InputError`` if none fits."""
    path = os.fspath(path)
    sizes = _pdf_page_sizes(path, page, page)
    return _page_dpi(path, page, sizes[page - 1] if page <= len(sizes) else None, dpi, max_pixels)


def _pdf_pages(path: str, max_pixels: int, dpi: int) -> Iterator[PageImage]:
    for page, size in enumerate(_pdf_page_sizes(path), start=1):
        yield _pdf_page(path, page, _page_dpi(path, page, size, dpi, max_pixels), max_pixels)


def pdf_page(path: str | os.PathLike, page: int, *, dpi: int = PDF_DPI, max_pixels: int = MAX_PIXELS) -> PageImage:
    """Page ``page`` (from 1) of a PDF, drawn as the OCR draws it (so word boxes fit it): the review page's scan."""
    path = os.fspath(path)
    _check_file(path)
    return _pdf_page(path, page, pdf_page_dpi(path, page, dpi=dpi, max_pixels=max_pixels), max_pixels)


def _pdf_page(path: str, page: int, page_dpi: int, max_pixels: int) -> PageImage:
    cmd = [_poppler("pdftoppm"), "-r", str(page_dpi), "-f", str(page), "-l", str(page), "-gray", path]
    try:
        out = subprocess.run(cmd, capture_output=True, timeout=PDF_TIMEOUT)
    except subprocess.TimeoutExpired as exc:
        raise EngineError(f"{path} page {page}", f"pdftoppm took longer than {PDF_TIMEOUT:g} s; "
                          "export this page as an image instead") from exc
    why = " ".join(out.stderr.decode(errors="replace").split())[:150]
    if out.returncode != 0 or not out.stdout or "Bogus memory allocation" in why:
        # pdftoppm answers a page it cannot allocate with a 1x1 image and exit code 0
        raise InputError(f"{path} page {page}", f"poppler could not draw this page ({why}); "
                         "re-save the PDF or export its pages as images")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # _checked applies our own limit
        with Image.open(io.BytesIO(out.stdout)) as img:
            _checked(img, f"{path} page {page}", max_pixels)
            img.load()
            return PageImage(path, page, img.copy(), page_dpi)


def iter_images(path: str | os.PathLike, *, max_pixels: int = MAX_PIXELS, pdf_dpi: int = PDF_DPI,
                page_no: int | None = None) -> Iterator[PageImage]:
    """Yield the pages of ``path`` one at a time (a long PDF is never held in memory at once); with
    ``page_no``, only that page of a PDF or frame of an image file, reached directly (a multi-page TIFF's last
    page does not decode all the others), and nothing when there is no such page.

    The file itself is checked before the first page is yielded; a damaged later page raises when reached.
    """
    path = os.fspath(path)
    _check_file(path)
    if is_pdf(path) and page_no is None:
        yield from _pdf_pages(path, max_pixels, pdf_dpi)
    elif is_pdf(path):
        sizes = _pdf_page_sizes(path, page_no, page_no)
        if 0 < page_no <= len(sizes):
            yield _pdf_page(path, page_no, _page_dpi(path, page_no, sizes[page_no - 1], pdf_dpi, max_pixels),
                            max_pixels)
    else:
        yield from _open_image(path, max_pixels, page_no)


def load_images(path: str | os.PathLike, *, max_pixels: int = MAX_PIXELS, pdf_dpi: int = PDF_DPI
                ) -> list[PageImage]:
    """All pages of ``path`` (PNG, JPEG, TIFF frames, PDF pages), checked; see :func:`iter_images`."""
    return list(iter_images(path, max_pixels=max_pixels, pdf_dpi=pdf_dpi))
