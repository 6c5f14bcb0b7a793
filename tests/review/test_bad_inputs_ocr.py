"""``puthi ocr`` with bad options and outputs (found in the bad-input review)."""

from __future__ import annotations

import os
import stat

import pytest
from PIL import Image
from review_helpers import one_clean_line, run


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
