"""``puthi ocr`` with bad options and outputs (found in the bad-input review)."""

from __future__ import annotations

import os
import stat

import pytest
from PIL import Image
from review_helpers import blank_pdf, needs_poppler, one_clean_line, run

from puthi.ocr.images import iter_images, pdf_dpi


@pytest.fixture
def blank(tmp_path):
    """A white page: no ink, so Tesseract is not even run, yet an output file is written."""
    path = tmp_path / "blank.png"
    Image.new("L", (60, 40), 255).save(path)
    return path


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "abc"])
def test_timeout_must_be_seconds_above_zero(capsys, blank, value):
    # before: 0, -1 and nan reached the engine and every page failed with "unexpected error ValueError"
    code, _, err = run(capsys, ["ocr", blank, "--timeout", value])
    assert code == 2
    line = one_clean_line(err)
    assert "--timeout" in line and "above 0" in line and "ValueError" not in err


def test_output_files_get_the_umask_permissions(capsys, blank, tmp_path):
    # before: mkstemp's 0600 survived the rename, so nobody else could read the OCR text
    old = os.umask(0o022)
    try:
        code, _, err = run(capsys, ["ocr", blank, "-o", tmp_path / "out"])
    finally:
        os.umask(old)
    assert code == 0, err
    mode = stat.S_IMODE((tmp_path / "out" / "blank.txt").stat().st_mode)
    assert mode == 0o644




@needs_poppler
def test_pdf_page_too_large_to_draw_is_an_error_not_a_blank_page(capsys, tmp_path):
    # before: pdftoppm drew a 1x1 image ("Bogus memory allocation size"), exit 0, and puthi ocr wrote an
    # empty page with exit code 0: the page was silently lost
    path = tmp_path / "poster.pdf"
    path.write_bytes(blank_pdf(200_000, 200_000))
    code, out, err = run(capsys, ["ocr", path, "--format", "jsonl"])
    assert code == 2 and out == ""
    assert "poster.pdf page 1" in one_clean_line(err) and "too large" in err


@needs_poppler
def test_big_pdf_page_is_drawn_at_a_resolution_that_fits(tmp_path):
    # a scan saved with one point per pixel: a 28 x 28 inch page, drawn at 300 dpi would be 70 megapixels
    path = tmp_path / "scan.pdf"
    path.write_bytes(blank_pdf(2000, 2000, pages=2))
    pages = list(iter_images(path, max_pixels=4_000_000))
    assert [p.page_no for p in pages] == [1, 2]
    for p in pages:
        assert p.image.width * p.image.height <= 4_000_000
        assert p.dpi == pdf_dpi((2000, 2000), 300, 4_000_000) < 300
