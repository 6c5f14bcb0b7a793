"""``puthi ocr`` end to end, with a fault-injecting fake engine: crash, timeout and missing binary or
language, in a batch where the good files are still written and the failures are listed at the end."""

import json
import os
import shutil
import stat
import subprocess
import sys
import time

import pytest

from puthi.corpus.cli import main
from puthi.errors import EngineError, MissingDependencyError
from puthi.ocr import tesseract
from puthi.ocr.synth import render

needs_tesseract = pytest.mark.skipif(not shutil.which("tesseract"), reason="tesseract is not installed")


@pytest.fixture(scope="module")
def scans(tmp_path_factory):
    """good1.png, good2.png, crash.png, slow.png: readable renderings; the fake engine picks on the names."""
    d = tmp_path_factory.mktemp("scans")
    texts = {"good1": "তাস খেলার নিয়ম", "good2": "গোলাম নহলা টেক্কা", "crash": "তাস খেলা হয়", "slow": "দহলা"}
    for name, text in texts.items():
        render(text, "Lohit Bengali", size=30).image.save(d / f"{name}.png")
    return d, texts


@pytest.fixture
def fake_engine(monkeypatch):
    """Tesseract as usual, except that it crashes on crash.png, times out on slow.png and lacks 'asm'."""
    real = tesseract.image_to_data

    def fake(image, *, lang, where="", timeout=tesseract.DEFAULT_TIMEOUT, **kw):
        if "crash" in where:
            raise EngineError(where, "Tesseract crashed: Segmentation fault (injected)")
        if "slow" in where:
            time.sleep(0.05)
            raise EngineError(where, f"Tesseract took longer than {timeout:g} s and was stopped (injected)")
        if lang == "asm":
            raise MissingDependencyError(where, "Tesseract has no 'asm' model; install it with: "
                                         "apt-get install tesseract-ocr-asm")
        return real(image, lang=lang, where=where, timeout=timeout, **kw)

    monkeypatch.setattr(tesseract, "image_to_data", fake)


@needs_tesseract
def test_text_to_stdout(scans, capsys):
    d, texts = scans
    assert main(["ocr", str(d / "good1.png"), "--lang", "ben"]) == 0
    assert capsys.readouterr().out == texts["good1"] + "\n"


@needs_tesseract
def test_jsonl_record_per_input(scans, capsys):
    d, texts = scans
    assert main(["ocr", str(d / "good1.png"), str(d / "good2.png"), "--lang", "ben", "--format", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["path"] for r in records] == [str(d / "good1.png"), str(d / "good2.png")]
    assert [r["text"] for r in records] == [texts["good1"], texts["good2"]]
    for r in records:
        assert {"path", "lang", "text", "mean_conf", "lines"} <= r.keys()
        assert r["lang"] == "ben" and 0 < r["mean_conf"] <= 100
        assert r["lines"][0]["text"] == r["text"] and len(r["lines"][0]["box"]) == 4


@needs_tesseract
def test_batch_with_crash_and_timeout_writes_the_rest(scans, fake_engine, tmp_path, capsys):
    d, texts = scans
    out = tmp_path / "out"
    inputs = [d / "good1.png", d / "crash.png", d / "slow.png", d / "good2.png"]
    code = main(["ocr", *map(str, inputs), "--lang", "ben", "-o", str(out)])
    err = capsys.readouterr().err
    assert code == EngineError.exit_code
    assert sorted(p.name for p in out.iterdir()) == ["good1.txt", "good2.txt"]   # no temporary files left
    assert (out / "good2.txt").read_text(encoding="utf-8") == texts["good2"] + "\n"
    assert "2 of 4 input(s) failed" in err and f"2 of 4 input(s) written to {out}" in err
    failure_lines = [ln for ln in err.splitlines() if ln.startswith("  ")]
    assert len(failure_lines) == 2
    assert "crash.png" in failure_lines[0] and "crashed" in failure_lines[0]
    assert "slow.png" in failure_lines[1] and "longer than" in failure_lines[1]


@needs_tesseract
def test_missing_language_pack_stops_with_the_package_name(scans, fake_engine, capsys):
    d, _ = scans
    code = main(["ocr", str(d / "good1.png"), "--lang", "asm"])
    err = capsys.readouterr().err.strip()
    assert code == MissingDependencyError.exit_code
    assert err.endswith("apt-get install tesseract-ocr-asm") and "\n" not in err


@needs_tesseract
def test_bad_input_is_listed_and_exit_is_non_zero(scans, tmp_path, capsys):
    d, _ = scans
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    code = main(["ocr", str(empty), str(d / "good1.png"), "--lang", "ben", "--format", "jsonl"])
    captured = capsys.readouterr()
    assert code == 2
    assert len(captured.out.splitlines()) == 1
    assert "empty.png: the file is empty" in captured.err


@needs_tesseract
@pytest.mark.parametrize("fmt, marker", [("hocr", "ocrx_word"), ("alto", "<String"), ("page", "<TextLine")])
def test_hocr_alto_and_page_outputs(scans, tmp_path, fmt, marker):
    d, texts = scans
    out = tmp_path / fmt
    assert main(["ocr", str(d / "good2.png"), "--lang", "ben", "--format", fmt, "-o", str(out)]) == 0
    [written] = list(out.iterdir())
    xml = written.read_text(encoding="utf-8")
    assert marker in xml and texts["good2"].split()[0] in xml
    # the image is named from the written file's folder, so the two can move together (and build finds it)
    rel = os.path.relpath(d / "good2.png", out)
    assert rel in xml and str(d) not in xml
    if fmt in ("alto", "page"):
        from puthi.ocr.alto import validate_alto
        from puthi.ocr.pagexml import validate_page_xml

        try:
            problems = (validate_alto if fmt == "alto" else validate_page_xml)(xml)
        except Exception as exc:  # the schemas live in ../shared/schemas
            pytest.skip(f"{fmt} schema not available: {exc}")
        assert problems == []


def test_xml_formats_for_several_inputs_need_a_folder(scans, capsys):
    d, _ = scans
    code = main(["ocr", str(d / "good1.png"), str(d / "good2.png"), "--format", "alto"])
    assert code == 2 and "give -o DIR" in capsys.readouterr().err


def _fake_tesseract(folder, body):
    exe = folder / "tesseract"
    exe.write_text("#!/bin/sh\n"
                   'if [ "$1" = "--version" ]; then echo "tesseract 5.3.0"; exit 0; fi\n' + body + "\n")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)


def _run_cli(args, path_dirs):
    env = dict(os.environ, PATH=os.pathsep.join(map(str, path_dirs)))
    return subprocess.run([sys.executable, "-m", "puthi", "ocr", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_missing_tesseract_binary_in_a_real_process(scans, tmp_path):
    d, _ = scans
    out = _run_cli([str(d / "good1.png"), "--lang", "ben"], [tmp_path])   # a PATH without tesseract
    assert out.returncode == 3
    assert "apt-get install tesseract-ocr" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_crashing_engine_in_worker_processes(scans, tmp_path):
    """A fake tesseract that dies of SIGSEGV, run through the process pool: every file is listed."""
    d, _ = scans
    bindir = tmp_path / "bin"
    bindir.mkdir()
    _fake_tesseract(bindir, "kill -SEGV $$")
    out = _run_cli([str(d / "good1.png"), str(d / "good2.png"), "--lang", "ben", "--workers", "2"],
                   [bindir, "/usr/bin", "/bin"])
    assert out.returncode == 4
    assert "2 of 2 input(s) failed" in out.stderr
    assert out.stderr.count("Tesseract crashed") == 2


def test_timeout_flag_reaches_the_engine(scans, tmp_path):
    d, _ = scans
    bindir = tmp_path / "bin"
    bindir.mkdir()
    _fake_tesseract(bindir, "exec sleep 20")
    t = time.perf_counter()
    out = _run_cli([str(d / "good1.png"), "--lang", "ben", "--timeout", "1"], [bindir, "/usr/bin", "/bin"])
    assert out.returncode == 4 and "longer than 1 s" in out.stderr
    assert time.perf_counter() - t < 15


@needs_tesseract
def test_fast_reads_once_per_page(scans, capsys, monkeypatch):
    d, texts = scans
    calls = []
    real = tesseract.image_to_data

    def counting(image, **kw):
        calls.append(kw["lang"])
        return real(image, **kw)

    monkeypatch.setattr(tesseract, "image_to_data", counting)
    assert main(["ocr", str(d / "good2.png"), "--lang", "ben", "--fast"]) == 0
    assert capsys.readouterr().out == texts["good2"] + "\n"
    assert calls == ["ben"]


@pytest.mark.skipif(not (shutil.which("tesseract") and shutil.which("pdftoppm")), reason="needs tesseract and poppler")
@pytest.mark.parametrize("suffix", [".pdf", ".tif"])
def test_page_xml_of_a_pdf_or_tiff_names_a_png_of_each_page(scans, tmp_path, suffix, capsys):
    # a newcomer: imageFilename named the PDF, which Transkribus and OCR-D cannot open as a page image; a hostile
    # tester (session 20): each page of a TIFF named the whole TIFF
    from PIL import Image

    from puthi.ocr.pagexml import read_page_xml

    d, _ = scans
    pages = [Image.open(d / f"{name}.png").convert("RGB") for name in ("good1", "good2")]
    book = tmp_path / f"book{suffix}"
    pages[0].save(book, save_all=True, append_images=pages[1:], resolution=300)
    assert main(["ocr", str(book), "--format", "page", "--fast", "--lang", "ben", "-o", str(tmp_path / "out")]) == 0
    xmls = sorted((tmp_path / "out").rglob("*.page.xml"))
    assert len(xmls) == 2
    assert "1 of 1 input(s) written to" in capsys.readouterr().err  # a folder of pages is the input's (a review)
    for xml in xmls:
        page = read_page_xml(xml)
        image = xml.parent / page.path
        assert image.suffix == ".png" and image.exists()
        with Image.open(image) as img:
            assert img.size == (page.width, page.height)  # the boxes are on it


@pytest.mark.skipif(not (shutil.which("tesseract") and shutil.which("pdftoppm")), reason="needs tesseract and poppler")
def test_the_pages_of_one_pdf_share_the_workers_and_count_in_the_progress(scans, tmp_path, monkeypatch):
    # a known limit: one long PDF was one task, read by one worker, and its progress said nothing until the end
    from PIL import Image

    import puthi.progress
    from puthi.ocr.recognize import OcrSettings, ocr_batch

    d, texts = scans
    names = ("good1", "good2", "good1")
    pages = [Image.open(d / f"{name}.png").convert("RGB") for name in names]
    pdf = tmp_path / "book.pdf"
    pages[0].save(pdf, save_all=True, append_images=pages[1:], resolution=300)
    counted = []

    class Counting:
        def __init__(self, total, *args, **kw):
            counted.append(total)

        def update(self, n=1):
            counted.append(n)

        def close(self):
            pass

    monkeypatch.setattr(puthi.progress, "progress", Counting)
    calls = []
    result = ocr_batch([pdf, d / "good2.png", pdf], lang="ben", settings=OcrSettings.fast(), workers=2,
                       on_file=lambda path, read, failed: calls.append((path, [p.page_no for p in read])))
    assert counted == [7, 1, 1, 1, 1, 1, 1, 1]  # seven pages in all, each counted as it is read
    assert calls == [(str(pdf), [1, 2, 3]), (str(d / "good2.png"), [1]), (str(pdf), [1, 2, 3])]  # input order
    assert [p.text for p in result.pages[str(pdf)]] == [texts[n] for n in names] and not result.failures


def _tiff_with_a_damaged_frame(path, frames):
    """A multi-page TIFF of ``frames`` whose second frame's pixels point past the end of the file."""
    import struct

    from PIL import Image

    frames[0].save(path, save_all=True, append_images=frames[1:])
    with Image.open(path) as im:
        im.seek(1)
        ifd = im._frame_pos[1]
    data = bytearray(path.read_bytes())
    for e in range(struct.unpack("<H", data[ifd:ifd + 2])[0]):
        at = ifd + 2 + 12 * e
        if struct.unpack("<H", data[at:at + 2])[0] == 273:  # StripOffsets
            data[at + 8:at + 12] = struct.pack("<I", len(data) + 100_000)
    path.write_bytes(bytes(data))


@needs_tesseract
def test_a_damaged_page_of_a_tiff_keeps_its_place_and_is_named(scans, tmp_path, capsys):
    # a review: the page read a page at a time left no page behind, so the text had a form feed too few
    from PIL import Image

    d, texts = scans
    tif = tmp_path / "book.tif"
    _tiff_with_a_damaged_frame(tif, [Image.open(d / f"{n}.png").convert("L") for n in ("good1", "good2", "good1")])
    assert main(["ocr", str(tif), "--lang", "ben", "--fast"]) == 2
    out, err = capsys.readouterr()
    assert out.split("\f") == [texts["good1"] + "\n", "\n", texts["good1"] + "\n"]
    assert f"{tif} page 2: " in err


def test_a_file_that_cannot_be_counted_is_read_whole(monkeypatch):
    # a review: a damaged TIFF's n_frames raised TypeError, which stopped the whole batch with a traceback
    from puthi.ocr import recognize

    def broken(path):
        raise TypeError("Missing dimensions")

    monkeypatch.setattr(recognize, "count_pages", broken)
    assert recognize._page_tasks("c.tif") == [("c.tif", None)]


@pytest.mark.skipif(not shutil.which("pdfinfo"), reason="poppler is not installed")
def test_page_xml_of_a_long_pdf_without_a_folder_is_refused_before_reading(tmp_path, capsys, monkeypatch):
    # a hostile tester read all 200 pages (30 s) before being told to give -o
    from PIL import Image

    from puthi.ocr import recognize

    pdf = tmp_path / "book.pdf"
    pages = [Image.new("L", (200, 100), 255) for _ in range(3)]
    pages[0].save(pdf, save_all=True, append_images=pages[1:])
    monkeypatch.setattr(recognize, "_ocr_file", lambda *a: pytest.fail("read before refusing"))
    assert main(["ocr", str(pdf), "--format", "page"]) == 2
    assert "has 3 pages and a PAGE XML file holds one; give -o DIR" in capsys.readouterr().err


def _fake_reader(monkeypatch, stop_at: int | None = None):
    """``_ocr_file`` replaced: page k of any file reads "পাতা k"; reading page ``stop_at`` is a Ctrl-C."""
    from puthi.ocr import recognize
    from puthi.ocr.model import Block, Box, Line, Page, Word

    def read(path, lang, settings, page_no=None):
        if stop_at is not None and page_no == stop_at:
            raise KeyboardInterrupt
        word = Word(f"পাতা{page_no}", Box(1, 1, 50, 20), 90.0)
        return path, [Page(path=path, page_no=page_no or 1, width=100, height=40, blocks=[Block([Line([word])])])], []

    monkeypatch.setattr(recognize, "_ocr_file", read)
    monkeypatch.setattr(recognize, "pages_in", lambda path: 5 if path.endswith(".pdf") else 1)
    monkeypatch.setattr(recognize, "_countable", lambda path: True)


def test_pages_reads_only_the_pages_named(monkeypatch, tmp_path, capsys):
    # a scholar resuming a long book, or reading one chapter of it
    _fake_reader(monkeypatch)
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "2-3"]) == 0
    assert capsys.readouterr().out == "পাতা2\n\fপাতা3\n"
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "4-"]) == 0
    assert capsys.readouterr().out == "পাতা4\n\fপাতা5\n"
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "9-"]) == 2
    assert "book.pdf: has 5 pages, none of them among those --pages names" in capsys.readouterr().err
    # a review: a part of the book is named as one, a one-page file has no page 2, and a single page of PAGE XML
    # needs no folder
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "2-3", "-o", str(tmp_path / "o")]) == 0
    assert (tmp_path / "o" / "book.pages-2-3.txt").read_text(encoding="utf-8") == "পাতা2\n\fপাতা3\n"
    assert not (tmp_path / "o" / "book.txt").exists()
    assert main(["ocr", str(tmp_path / "scan.png"), "--pages", "2"]) == 2
    assert "scan.png: has 1 page, none of them among those --pages names" in capsys.readouterr().err
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "3", "--format", "page"]) == 0
    assert "পাতা3" in capsys.readouterr().out
    for bad in ("0", "5-3", "x", "-2", "1_0", "+2"):
        with pytest.raises(SystemExit):
            main(["ocr", str(tmp_path / "book.pdf"), "--pages", bad])
        assert "is not a page range" in capsys.readouterr().err


def test_ctrl_c_keeps_the_pages_already_read_and_says_how_to_read_the_rest(monkeypatch, tmp_path, capsys):
    # a known limit of session 16: an interrupted run kept nothing of a file whose pages were not all read
    _fake_reader(monkeypatch, stop_at=4)
    out = tmp_path / "out"
    assert main(["ocr", str(tmp_path / "book.pdf"), "-o", str(out)]) == 130
    err = capsys.readouterr().err
    assert (out / "book.pages-1-3.txt").read_text(encoding="utf-8") == "পাতা1\n\fপাতা2\n\fপাতা3\n"
    assert not (out / "book.txt").exists()  # no file passes for the whole book
    assert f"book.pdf: pages 1-3 were read and are kept in {out / 'book.pages-1-3.txt'}; read the rest with " \
           "--pages 4-5" in err
    assert main(["ocr", str(tmp_path / "book.pdf"), "--pages", "2-", "--format", "alto", "-o", str(out)]) == 130
    assert (out / "book.pages-2-3.xml").exists() and "--pages 4-5" in capsys.readouterr().err


def test_a_second_ctrl_c_does_not_cut_the_keeping_of_the_pages_read(monkeypatch):
    # a hostile tester: a second Ctrl-C while the pages read were written left PNGs without their XML
    import signal

    from puthi.ocr.recognize import ocr_batch

    _fake_reader(monkeypatch, stop_at=3)
    seen = []

    def keep(path, pages, left):
        seen.append((signal.getsignal(signal.SIGINT), [p.page_no for p in pages], left))

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        ocr_batch(["book.pdf"], lang="ben", progress=False, on_interrupt=keep)
    assert seen == [(signal.SIG_IGN, [1, 2], [3, 4, 5])] and signal.getsignal(signal.SIGINT) is before


def test_pages_of_a_file_that_cannot_be_counted_reads_it_to_say_why(tmp_path, capsys):
    # a review: "--pages 3" on a damaged PDF said "has 1 page" instead of what is wrong with it
    bad = tmp_path / "broken.pdf"
    bad.write_bytes(b"%PDF-1.4 not really")
    assert main(["ocr", str(bad), "--pages", "3"]) == 2
    err = capsys.readouterr().err
    assert "has 1 page" not in err and "broken.pdf" in err
