"""Loading scans: formats, PDF pages, and every kind of bad file ending in one clear InputError."""

import shutil
import struct
import zlib

import pytest
from PIL import Image

from puthi.errors import InputError, MissingDependencyError
from puthi.ocr import images
from puthi.ocr.images import count_pages, iter_images, load_images


def _page(size=(60, 30), colour=255, mode="L"):
    img = Image.new(mode, size, colour)
    img.paste(0, (10, 10, 50, 20))
    return img


@pytest.mark.parametrize("suffix, fmt", [(".png", "PNG"), (".jpg", "JPEG"), (".tif", "TIFF"), (".bmp", "BMP")])
def test_single_image_formats(tmp_path, suffix, fmt):
    path = tmp_path / f"scan{suffix}"
    _page().save(path, format=fmt)
    pages = load_images(path)
    assert [(p.page_no, p.image.size) for p in pages] == [(1, (60, 30))]
    assert pages[0].path == str(path)


def test_multi_frame_tiff_gives_one_page_per_frame(tmp_path):
    path = tmp_path / "book.tif"
    frames = [_page(), _page(size=(80, 40)), _page(size=(30, 30))]
    frames[0].save(path, save_all=True, append_images=frames[1:])
    assert [p.image.size for p in load_images(path)] == [(60, 30), (80, 40), (30, 30)]
    assert count_pages(str(path)) == 3


def test_dpi_is_read(tmp_path):
    path = tmp_path / "scan.png"
    _page().save(path, dpi=(400, 400))
    assert load_images(path)[0].dpi == 400


def test_rgba_and_palette_images_load(tmp_path):
    rgba = tmp_path / "a.png"
    Image.new("RGBA", (20, 10), (0, 0, 0, 0)).save(rgba)
    pal = tmp_path / "p.png"
    _page(mode="L").convert("P").save(pal)
    assert load_images(rgba)[0].image.mode == "RGBA"
    assert load_images(pal)[0].image.size == (60, 30)


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="poppler-utils (pdftoppm) is not installed")
def test_pdf_pages_are_rasterised_one_by_one(tmp_path):
    path = tmp_path / "book.pdf"
    _page(size=(200, 100)).save(path, save_all=True, append_images=[_page(size=(100, 200))], resolution=100)
    pages = list(iter_images(path, pdf_dpi=100))
    assert [p.page_no for p in pages] == [1, 2]
    assert pages[0].image.size == (200, 100)
    assert pages[1].image.size == (100, 200)
    assert pages[0].dpi == 100


@pytest.mark.skipif(not shutil.which("pdfimages"), reason="poppler-utils (pdfimages) is not installed")
@pytest.mark.parametrize(("ppi", "drawn"), [(150, 150), (200, 200), (600, 300), (100, 150), (72, 300)])  # 72: a texture
def test_a_scanned_pdf_page_is_drawn_at_its_scans_resolution(tmp_path, ppi, drawn):
    # a newcomer's 150-ppi scans drawn at 300 dpi took four times as long to read, for the same text
    path = tmp_path / "scan.pdf"
    _page(size=(ppi * 2, ppi * 3)).save(path, resolution=ppi)  # a 2 x 3 inch page, one image covering it
    [page] = iter_images(path)
    assert (page.dpi, page.image.size) == (drawn, (drawn * 2, drawn * 3))
    assert images.pdf_page_dpi(path, 1) == drawn


def test_missing_poppler_is_a_missing_dependency(tmp_path, monkeypatch):
    path = tmp_path / "book.pdf"
    _page().save(path)
    monkeypatch.setattr(images.shutil, "which", lambda _name: None)
    with pytest.raises(MissingDependencyError, match="apt-get install poppler-utils"):
        load_images(path)


def _png_with_size(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")


@pytest.mark.parametrize("name, content, message", [
    ("empty.png", b"", r"empty \(0 bytes\)"),
    ("notes.png", b"these are my notes, not a scan\n", "not an image"),
    ("fake.pdf", b"%PDF-1.4\nnot really a pdf\n", "not a readable PDF"),
    ("zero.png", _png_with_size(0, 10), "zero size|not an image|damaged"),
])
def test_bad_files_give_one_line_input_errors(tmp_path, name, content, message):
    if name.endswith(".pdf") and not shutil.which("pdfinfo"):
        pytest.skip("poppler-utils is not installed")
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError, match=message) as err:
        load_images(path)
    assert str(path) in str(err.value)
    assert "\n" not in str(err.value)


def test_truncated_jpeg(tmp_path):
    good = tmp_path / "good.jpg"
    _page(size=(300, 200)).save(good, quality=90)
    bad = tmp_path / "cut.jpg"
    bad.write_bytes(good.read_bytes()[:400])
    with pytest.raises(InputError, match="damaged or truncated"):
        load_images(bad)


def test_a_png_signature_then_garbage_is_damaged_not_unexpected(tmp_path):
    bad = tmp_path / "garbage.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"garbage" * 100)
    for read in (load_images, count_pages):
        with pytest.raises(InputError, match="damaged or truncated"):
            read(bad)


def test_decompression_bomb_is_refused(tmp_path):
    path = tmp_path / "huge.png"
    _page(size=(400, 300)).save(path)
    with pytest.raises(InputError, match="megapixels"):
        load_images(path, max_pixels=50_000)


def test_missing_file_and_folder(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_images(tmp_path / "nope.png")
    with pytest.raises(InputError, match="is a folder"):
        load_images(tmp_path)


def test_unsupported_format(tmp_path):
    path = tmp_path / "scan.ico"
    _page(size=(32, 32)).save(path, format="ICO")
    with pytest.raises(InputError, match=r"not supported|not an image"):
        load_images(path)


def test_a_tiff_cut_short_gives_the_frames_it_still_has(tmp_path):
    # a hostile tester: Pillow's frame count of a truncated TIFF raised TypeError, which stopped a whole build
    frames = [Image.new("L", (80, 40), 255 - 60 * k) for k in range(3)]
    path = tmp_path / "cut.tif"
    frames[0].save(path, save_all=True, append_images=frames[1:], compression="tiff_deflate")
    with Image.open(path) as im:
        im.seek(2)
        start = im.tag_v2[273][0]
    path.write_bytes(path.read_bytes()[: start + 20])
    assert count_pages(str(path)) == 2
    assert [p.page_no for p in iter_images(path)] == [1, 2]


@pytest.mark.skipif(not shutil.which("pdfinfo"), reason="poppler is not installed")
def test_a_page_the_pdf_only_counts_is_refused_naming_it(tmp_path):
    # a hostile tester: a PDF whose /Count said 250 for 3 pages gave 247 blank pages and exit 0
    import re

    from puthi.errors import InputError

    pdf = tmp_path / "p.pdf"
    pages = [Image.new("L", (200, 100), 255) for _ in range(3)]
    pages[0].save(pdf, save_all=True, append_images=pages[1:])
    pdf.write_bytes(re.sub(rb"/Count 3", b"/Count 5", pdf.read_bytes()))
    assert count_pages(str(pdf)) == 5
    assert [p.page_no for p in iter_images(pdf, page_no=3)] == [3]
    with pytest.raises(InputError, match="page 4: the PDF gives this page no size"):
        list(iter_images(pdf, page_no=4))


def test_a_cameras_jpeg_with_a_second_picture_is_one_page(tmp_path):
    # a review: an MPO JPEG (a smaller second picture inside) counted 2 pages, and puthi ocr --format page refused it
    path = tmp_path / "cam.jpg"
    Image.new("RGB", (400, 300), "white").save(path, format="MPO", save_all=True,
                                                append_images=[Image.new("RGB", (160, 120), "white")])
    assert count_pages(str(path)) == 1 and [p.image.size for p in iter_images(path)] == [(400, 300)]
