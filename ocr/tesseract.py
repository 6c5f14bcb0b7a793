"""One thin wrapper around Tesseract (through pytesseract's ``image_to_data``), after OCRmyPDF's habit:
keyword-only arguments, a timeout on every call, and typed errors that say what to install or do.

- the ``tesseract`` program or a language pack missing: :class:`~puthi.errors.MissingDependencyError`
  naming the Debian package;
- Tesseract crashing, failing or running past its timeout: :class:`~puthi.errors.EngineError`.

Tesseract runs single-threaded (``OMP_THREAD_LIMIT=1``): puthi parallelises over pages with one process per
worker, and OpenMP threads inside each Tesseract would only fight over the same cores.

>>> apt_package("Bengali"), apt_package("asm")
('tesseract-ocr-script-beng', 'tesseract-ocr-asm')
>>> [r.text for r in parse_tsv({"level": [5], "page_num": [1], "block_num": [1], "par_num": [1],
...     "line_num": [1], "word_num": [1], "left": [3], "top": [4], "width": [20], "height": [10],
...     "conf": ["91.5"], "text": ["তাস"]})]
['তাস']
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass

import numpy as np
import pytesseract
from PIL import Image

from puthi.errors import EngineError, MissingDependencyError

#: Debian packages that carry each traineddata file (``script/Bengali`` is installed as ``Bengali`` here).
APT_PACKAGES = {
    "ben": "tesseract-ocr-ben",
    "asm": "tesseract-ocr-asm",
    "hin": "tesseract-ocr-hin",
    "eng": "tesseract-ocr-eng",
    "Bengali": "tesseract-ocr-script-beng",
    "script/Bengali": "tesseract-ocr-script-beng",
    "osd": "tesseract-ocr-osd",
}

#: Seconds a single Tesseract call may take before it is killed (a full page usually needs 2-10 s).
DEFAULT_TIMEOUT = 120.0

__all__ = ["APT_PACKAGES", "DEFAULT_TIMEOUT", "TsvWord", "apt_package", "image_to_data", "parse_tsv", "version"]


def apt_package(lang: str) -> str:
    """The Debian package that installs the Tesseract model ``lang``."""
    return APT_PACKAGES.get(lang, f"tesseract-ocr-{lang.lower()}")


@dataclass(frozen=True)
class TsvWord:
    """One row of Tesseract's TSV output at word level (level 5)."""

    block: int
    par: int
    line: int
    word: int
    left: int
    top: int
    width: int
    height: int
    conf: float
    text: str


def parse_tsv(data: dict[str, list]) -> list[TsvWord]:
    """Word rows (level 5, non-empty text) from pytesseract's ``Output.DICT``, in reading order."""
    rows = []
    for i, level in enumerate(data.get("level", [])):
        text = str(data["text"][i] or "").strip()
        if int(level) != 5 or not text:
            continue
        rows.append(TsvWord(
            block=int(data["block_num"][i]), par=int(data["par_num"][i]), line=int(data["line_num"][i]),
            word=int(data["word_num"][i]), left=int(data["left"][i]), top=int(data["top"][i]),
            width=int(data["width"][i]), height=int(data["height"][i]), conf=float(data["conf"][i]), text=text,
        ))
    return rows


def version() -> str:
    """The installed Tesseract's version, e.g. ``'5.3.0'``; raises MissingDependencyError without it."""
    try:
        return str(pytesseract.get_tesseract_version())
    except (pytesseract.TesseractNotFoundError, OSError) as exc:
        raise _not_found() from exc


def _not_found() -> MissingDependencyError:
    return MissingDependencyError("tesseract", "the tesseract program is not installed or not on PATH; "
                                  "install it with: apt-get install tesseract-ocr tesseract-ocr-ben tesseract-ocr-asm")


_MISSING_LANG = re.compile(r"Failed loading language '([^']+)'|Error opening data file \S*?([\w/]+)\.traineddata")


def _for_tesseract(image: np.ndarray | Image.Image | str) -> Image.Image | str:
    """A path as is; an array or PIL image as an uncompressed PNM image (quicker to write than PNG)."""
    if isinstance(image, str):
        return image
    if isinstance(image, np.ndarray):
        image = Image.fromarray(image)
    if image.mode not in ("L", "RGB", "1"):
        image = image.convert("RGB")
    image.format = "PPM"
    return image


def image_to_data(
    image: np.ndarray | Image.Image | str,
    *,
    lang: str,
    psm: int = 3,
    oem: int = 1,
    timeout: float = DEFAULT_TIMEOUT,
    dpi: int | None = None,
    extra: tuple[str, ...] = (),
    where: str = "",
) -> list[TsvWord]:
    """Run Tesseract on ``image`` (uint8 array, PIL image or a file path) and return its words.

    ``lang`` is Tesseract's ``-l`` (``ben``, ``asm``, ``ben+Bengali``), ``psm`` the page segmentation mode
    (3 a full page, 6 one block, 7 one line), ``where`` the input's name for error messages.
    """
    if timeout is None or timeout <= 0:
        raise ValueError("every Tesseract call needs a timeout > 0 seconds")
    where = where or (image if isinstance(image, str) else "image")
    os.environ["OMP_THREAD_LIMIT"] = "1"
    config = [f"--psm {int(psm)}", f"--oem {int(oem)}"]
    if dpi:
        config.append(f"--dpi {int(dpi)}")
    config += list(extra)
    try:
        data = pytesseract.image_to_data(_for_tesseract(image), lang=lang, config=" ".join(config),
                                         timeout=timeout, output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractNotFoundError as exc:
        raise _not_found() from exc
    except pytesseract.TesseractError as exc:
        message = " ".join(str(exc.message).split())
        missing = [a or b for a, b in _MISSING_LANG.findall(message)]
        if missing:
            lang_name = missing[0].split("/")[-1]
            raise MissingDependencyError(where, f"Tesseract has no '{lang_name}' model; install it with: "
                                         f"apt-get install {apt_package(lang_name)}") from exc
        what = "crashed" if exc.status < 0 else f"failed (exit status {exc.status})"
        raise EngineError(where, f"Tesseract {what}: {message[:200] or 'no message'}; "
                          "check that the image opens in an image viewer, or skip this file") from exc
    except RuntimeError as exc:
        if "timeout" in str(exc).lower():
            raise EngineError(where, f"Tesseract took longer than {timeout:g} s and was stopped; split the "
                              "image into pages or raise the timeout (--timeout)") from exc
        raise
    return parse_tsv(data)


def orientation(image: np.ndarray | Image.Image, timeout: float = DEFAULT_TIMEOUT) -> tuple[int, float] | None:
    """How far to turn ``image`` clockwise to stand its text upright (0, 90, 180 or 270 degrees), with Tesseract's
    confidence in it (its orientation and script detection, ``osd.traineddata``); None when it cannot tell (too
    little text, or no ``osd`` model)."""
    os.environ["OMP_THREAD_LIMIT"] = "1"
    try:
        # OSD wants 50 letters by default and gives up on many a sideways Bengali page; 10 found half of those
        # (a review), and upright pages still read as upright or below ORIENT_MIN_CONF
        osd = pytesseract.image_to_osd(_for_tesseract(image), config="--psm 0 -c min_characters_to_try=10",
                                       timeout=timeout, output_type=pytesseract.Output.DICT)
    except pytesseract.TesseractNotFoundError as exc:
        raise _not_found() from exc
    except (pytesseract.TesseractError, RuntimeError):
        return None
    return int(osd.get("rotate", 0)) % 360, float(osd.get("orientation_conf", 0.0))


def installed_langs() -> list[str]:
    """The models Tesseract can load (``tesseract --list-langs``), or an empty list without Tesseract."""
    if not shutil.which(pytesseract.pytesseract.tesseract_cmd):
        return []
    try:
        return sorted(pytesseract.get_languages(config=""))
    except (pytesseract.TesseractError, OSError):
        return []
