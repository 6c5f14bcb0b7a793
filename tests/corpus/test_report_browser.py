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


def test_a_pdf_page_and_the_image_an_import_names_are_shown(tmp_path):
    # a newcomer: every PDF page and every hOCR/ALTO import said "No scan: this source was text already OCR'd"
    import base64
    import io
    from types import SimpleNamespace

    import numpy as np
    from PIL import Image, ImageDraw

    from puthi.corpus.report import _preview
    from puthi.corpus.review import scan_of

    if not shutil.which("pdftoppm"):
        pytest.skip("poppler's pdftoppm is not installed (make deps installs it)")
    pages = [Image.new("L", (400, 300), 255) for _ in range(2)]
    ImageDraw.Draw(pages[1]).rectangle((0, 0, 200, 300), fill=0)  # page 2 is half black
    pdf = tmp_path / "book.pdf"
    pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=100)
    means = []
    for frame in (0, 1):
        with Image.open(io.BytesIO(base64.b64decode(_preview(pdf, frame)))) as img:
            means.append(float(np.asarray(img.convert("L")).mean()))
    assert means[0] > 250 and 100 < means[1] < 160
    assert _preview(pdf, 5) is None  # no such page: no scan, no crash

    def page(kind: str, source: Path, no: int, path: str = "") -> SimpleNamespace:
        return SimpleNamespace(doc=SimpleNamespace(kind=kind, source=str(source)), page_no=no, page={"path": path})

    assert scan_of(page("pdf", pdf, 2)) == (pdf, 1)
    assert scan_of(page("hocr", tmp_path / "out" / "book.hocr", 1, "../book.pdf#page=2")) == (
        tmp_path / "out" / ".." / "book.pdf", 1)
    assert scan_of(page("alto", tmp_path / "a.xml", 1, str(tmp_path / "scan.png"))) == (tmp_path / "scan.png", 0)
    assert scan_of(page("text", tmp_path / "a.txt", 1)) == (None, 0)
    # an ALTO file moved with its scan: the name it gives leads nowhere, the scan beside it is found
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "scan.png").write_bytes(b"")
    assert scan_of(page("alto", moved / "a.xml", 1, "../../elsewhere/scan.png")) == (moved / "scan.png", 0)


def test_a_scan_of_another_size_than_its_page_is_not_shown(tmp_path):
    # a hostile tester: an hOCR import may name any picture on the machine, and a shared review page carried it
    from PIL import Image

    from puthi.corpus.report import DocView, _scan

    scan = tmp_path / "scan.png"
    Image.new("L", (400, 300), 255).save(scan)
    fits = DocView(name="p", lang="bn", ocr_text="", text="", image=scan, width=400, height=300)
    assert "data:image/jpeg;base64," in _scan(fits)
    other = DocView(name="p", lang="bn", ocr_text="", text="", image=scan, width=2480, height=3508)
    shown = _scan(other)
    assert "data:image" not in shown and "is 400×300, not the 2480×3508" in shown
    photo = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # a camera's photo: puthi's OCR turns it, raw Tesseract does not; both sizes fit
    Image.new("L", (160, 120), 200).save(photo, exif=exif)
    for size in ((160, 120), (120, 160)):
        view = DocView(name="p", lang="bn", ocr_text="", text="", image=photo, width=size[0], height=size[1])
        assert "data:image/jpeg;base64," in _scan(view)


def test_a_scan_over_the_pixel_limit_is_not_previewed(tmp_path, monkeypatch):
    # a hostile tester: a 360 kB PNG of 13000 x 13000 16-bit pixels took the html export past 2 GB
    from PIL import Image

    import puthi.ocr.images
    from puthi.corpus.report import _preview

    scan = tmp_path / "big.png"
    Image.new("I;16", (300, 200), 1000).save(scan)
    assert _preview(scan) is not None
    monkeypatch.setattr(puthi.ocr.images, "MAX_PIXELS", 300 * 200 - 1)
    assert _preview(scan) is None


def test_the_data_block_of_the_review_page_is_json():
    # a hostile tester: it held HTML-escaped JSON ({&quot;documents&quot;: 1}), which JSON.parse refuses
    import json

    import regex

    page = render_report([DocView(name="a", lang="bn", ocr_text="তাস", text="তাস")])
    block = regex.search(r'<script type="application/json" id="puthi-data">(.*?)</script>', page).group(1)
    assert json.loads(block) == {"documents": 1}


def test_a_one_bit_scan_keeps_its_strokes_and_a_camera_photo_read_unturned_stays_unturned(tmp_path):
    # a review: resized as mode "1" the strokes dropped out; a photo whose boxes are on it unturned was shown turned
    import base64
    import io

    import numpy as np
    from PIL import Image

    from puthi.corpus.report import _preview

    bits = np.ones((300, 2400), bool)
    bits[:, ::4] = False  # thin strokes, one pixel in four
    scan = tmp_path / "g4.tif"
    Image.fromarray(bits).convert("1").save(scan)
    with Image.open(io.BytesIO(base64.b64decode(_preview(scan)))) as img:
        assert 100 < float(np.asarray(img.convert("L")).mean()) < 250  # grey, not white
    photo = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.new("L", (160, 120), 200).save(photo, exif=exif)
    for size, shown in (((160, 120), (160, 120)), ((120, 160), (120, 160))):
        with Image.open(io.BytesIO(base64.b64decode(_preview(photo, size=size)))) as img:
            assert img.size == shown


def test_a_page_measured_in_other_units_shows_its_scan(tmp_path):
    # a review: an ALTO import in mm10 has its page's size in tenths of a millimetre, never the scan's pixels
    from PIL import Image

    from puthi.corpus.report import DocView, _scan

    scan = tmp_path / "scan.png"
    Image.new("L", (400, 300), 255).save(scan)
    view = DocView(name="p", lang="bn", ocr_text="", text="", image=scan, width=2100, height=1575, scaled=True)
    assert "data:image/jpeg;base64," in _scan(view)


def test_a_scan_is_not_shown_where_it_cannot_be_told_to_be_the_pages(tmp_path):
    # a hostile tester: an import with no page size, or in mm10, put any picture into the review page
    from PIL import Image

    from puthi.corpus.report import DocView, _scan
    from puthi.ocr.alto import read_alto

    secret = tmp_path / "secret.png"
    Image.new("L", (640, 480), 255).save(secret)
    for width, height, scaled in ((0, 0, False), (2100, 2970, True)):
        view = DocView(name="p", lang="bn", ocr_text="", text="", image=secret, width=width, height=height,
                       scaled=scaled)
        assert "data:image" not in _scan(view)
    alto = Path(__file__).parents[1] / "ocr" / "fixtures" / "alto-valid-minimal.xml"
    capital = alto.read_text(encoding="utf-8").replace("<MeasurementUnit>pixel", "<MeasurementUnit>Pixel")
    [page] = read_alto(capital)
    assert not any(st.name == "alto.import" for st in page.steps)  # Pixel is pixel: no other units


def test_a_camera_photo_in_a_page_measured_in_mm10_keeps_the_turn_its_boxes_have():
    # a review: the ratio check accepted the unturned photo but drew the turned one, so the boxes were misplaced
    import base64
    import io
    import tempfile

    from PIL import Image

    from puthi.corpus.report import _preview

    photo = Path(tempfile.mkdtemp()) / "rot.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.new("L", (400, 300), 200).save(photo, exif=exif)
    with Image.open(io.BytesIO(base64.b64decode(_preview(photo, 0, (4000, 3000), ratio_only=True)))) as img:
        assert img.size == (400, 300)
