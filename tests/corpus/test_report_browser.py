"""The review page in a real browser: Debian's Chromium driven by Playwright.

Skips with a clear message when /usr/bin/chromium or Playwright is missing (``make test`` installs both).
A screenshot is kept in test-artifacts/ for people to look at.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from puthi.corpus.report import ClaimView, DocView, EditView, SpanView, WordBox, render_report
from puthi.ocr.synth import Degradation, find_font, render

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("report")
    sample = render("ৰিস্তি খেলা হইবে", find_font("Noto Sans Bengali"), size=40, seed=3,
                    degrade=Degradation(noise=4.0))
    image = tmp / "scan.png"
    sample.image.save(image)
    ocr_text = "ৰিস্তি খেলা হইবে"
    text = "বিস্তি খেলা হইবে"
    words = [WordBox(10, 10, 120, 60, "ৰিস্তি", 41.0), WordBox(130, 10, 220, 60, "খেলা", 93.0)]
    doc = DocView(
        name="sample", lang="bn", ocr_text=ocr_text, text=text, image=image,
        width=sample.image.width, height=sample.image.height, words=words,
        edits=[EditView(0, 1, "ৰ", "ব", "assamese-letter-in-bengali", 0.9)],
        spans=[SpanView(0, 6, "বিস্তি", "game.bisti", "Bisti (a card game)")],
        claims=[ClaimView(0, len(text), "hand_size", 8, 8, "consistent", "The text says 8; reference agrees.")],
    )
    path = tmp / "report.html"
    path.write_text(render_report([doc], title="test"), encoding="utf-8")
    return path


def test_report_in_chromium(report):
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (make test installs it)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
        )
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(report.as_uri())
        assert page.locator("section.doc").count() == 1
        assert page.locator("svg.scan rect.word").count() == 2
        assert page.locator("svg.scan rect.word.low").count() == 1
        assert page.locator("a.term[href='#g-game.bisti']").count() == 1
        assert page.locator("table.claims .verdict.consistent").count() == 1
        details = page.locator("#details")
        assert not details.is_visible()
        page.locator(".edit").first.click()
        assert details.is_visible()
        assert page.locator("#d-rule").inner_text() == "assamese-letter-in-bengali"
        assert page.locator("#d-before").inner_text() == "ৰ"
        page.locator("#f-low").check()
        assert page.locator("svg.scan rect.word:not(.low)").first.is_hidden()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "report.png"), full_page=True)
        browser.close()


def test_a_scan_is_shown_as_a_small_jpeg_whatever_its_size_or_format(tmp_path):
    # a newcomer's six 300-ppi pages made a 32.5 MB review page; a TIFF inlined as it was shows in no browser
    import base64
    import io

    import numpy as np
    from PIL import Image

    from puthi.corpus.report import PREVIEW_WIDTH, _preview

    scan = tmp_path / "page.tif"
    Image.fromarray(np.random.default_rng(0).integers(0, 255, (3508, 2480), dtype=np.uint8)).save(scan)
    data = base64.b64decode(_preview(scan))
    with Image.open(io.BytesIO(data)) as img:
        assert (img.format, img.width) == ("JPEG", PREVIEW_WIDTH)
    assert len(data) < scan.stat().st_size / 4


def test_a_preview_follows_the_scan_as_the_ocr_read_it(tmp_path):
    # a review: a damaged scan crashed the whole report, a 16-bit scan came out white, a phone photo lay on its side
    import base64
    import io

    import numpy as np
    from PIL import Image

    from puthi.corpus.report import _preview

    deep = tmp_path / "deep.png"
    Image.fromarray(np.linspace(1000, 3000, 600 * 400).reshape(400, 600).astype(np.uint16)).save(deep)
    with Image.open(io.BytesIO(base64.b64decode(_preview(deep)))) as img:
        lo, hi = img.getextrema()
        assert lo < 5 and hi > 250  # stretched, not clipped to white
    photo = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # the camera was turned: the picture is to be turned a quarter
    Image.new("L", (160, 120), 200).save(photo, exif=exif)
    with Image.open(io.BytesIO(base64.b64decode(_preview(photo)))) as img:
        assert img.size == (120, 160)
    broken = tmp_path / "broken.png"
    broken.write_bytes(deep.read_bytes()[:300])
    assert _preview(broken) is None
