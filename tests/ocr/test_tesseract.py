"""The Tesseract wrapper: a real call, and typed errors from fault-injecting fake ``tesseract`` programs."""

import os
import shutil
import stat

import numpy as np
import pytesseract
import pytest

from puthi.errors import EngineError, MissingDependencyError
from puthi.ocr import tesseract
from puthi.ocr.synth import render

needs_tesseract = pytest.mark.skipif(not shutil.which("tesseract"), reason="tesseract is not installed")


@pytest.fixture(scope="module")
def line_image():
    return np.asarray(render("গোলাম নহলা টেক্কা", "Lohit Bengali", size=32).image)


def _fake(tmp_path, monkeypatch, body: str):
    """Put a fake ``tesseract`` first in PATH: it answers --version like Tesseract 5, then runs ``body``."""
    exe = tmp_path / "tesseract"
    exe.write_text("#!/bin/sh\n"
                   'if [ "$1" = "--version" ]; then echo "tesseract 5.3.0"; exit 0; fi\n' + body + "\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", "tesseract")
    return exe


@needs_tesseract
def test_real_call_returns_words_with_boxes(line_image):
    words = tesseract.image_to_data(line_image, lang="ben", psm=7, timeout=30)
    assert " ".join(w.text for w in words) == "গোলাম নহলা টেক্কা"
    h, w = line_image.shape
    for word in words:
        assert 0 <= word.left < word.left + word.width <= w
        assert 0 <= word.top < word.top + word.height <= h
        assert 0 <= word.conf <= 100
    assert os.environ["OMP_THREAD_LIMIT"] == "1"


def test_every_call_needs_a_timeout(line_image):
    with pytest.raises(ValueError, match="timeout"):
        tesseract.image_to_data(line_image, lang="ben", timeout=0)


def test_missing_binary_names_the_package(tmp_path, monkeypatch, line_image):
    monkeypatch.setattr(pytesseract.pytesseract, "tesseract_cmd", str(tmp_path / "no-such-tesseract"))
    with pytest.raises(MissingDependencyError, match="apt-get install tesseract-ocr") as err:
        tesseract.image_to_data(line_image, lang="ben", timeout=10)
    assert err.value.exit_code == 3


@needs_tesseract
def test_missing_language_pack_names_the_package(line_image):
    with pytest.raises(MissingDependencyError, match="apt-get install tesseract-ocr-xyz") as err:
        tesseract.image_to_data(line_image, lang="xyz", timeout=30, where="scan.png")
    assert str(err.value).startswith("scan.png: ")


def test_crash_is_an_engine_error(tmp_path, monkeypatch, line_image):
    _fake(tmp_path, monkeypatch, 'echo "Segmentation fault" >&2; kill -SEGV $$')
    with pytest.raises(EngineError, match="crashed") as err:
        tesseract.image_to_data(line_image, lang="ben", timeout=10, where="p.png")
    assert err.value.exit_code == 4
    assert str(err.value).startswith("p.png: Tesseract crashed")


def test_failure_exit_status_is_an_engine_error(tmp_path, monkeypatch, line_image):
    _fake(tmp_path, monkeypatch, 'echo "Error in pixReadStream" >&2; exit 1')
    with pytest.raises(EngineError, match=r"exit status 1.*pixReadStream"):
        tesseract.image_to_data(line_image, lang="ben", timeout=10)


def test_timeout_is_an_engine_error(tmp_path, monkeypatch, line_image):
    _fake(tmp_path, monkeypatch, "exec sleep 30")
    with pytest.raises(EngineError, match=r"longer than 0.5 s"):
        tesseract.image_to_data(line_image, lang="ben", timeout=0.5, where="slow.png")


def test_apt_packages():
    assert tesseract.apt_package("ben") == "tesseract-ocr-ben"
    assert tesseract.apt_package("Bengali") == "tesseract-ocr-script-beng"
    assert tesseract.apt_package("Tamil") == "tesseract-ocr-tamil"
