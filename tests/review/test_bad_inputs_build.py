"""``puthi build`` with hostile and broken sources and options (found in the bad-input review)."""

from __future__ import annotations

from review_helpers import blank_pdf, needs_poppler, one_clean_line, run


@needs_poppler
def test_pdf_page_too_large_to_draw_is_a_listed_failure(capsys, tmp_path):
    # before: the page became a 1x1 blank image, stored as an empty page, and the build reported no failure
    poster = tmp_path / "poster.pdf"
    poster.write_bytes(blank_pdf(200_000, 200_000))
    text = tmp_path / "rules.txt"
    text.write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    code, _, err = run(capsys, ["build", poster, text, "--db", tmp_path / "c.sqlite", "--quiet"])
    assert code == 2
    assert "Traceback" not in err
    failed = [ln for ln in err.splitlines() if "failed:" in ln]
    assert len(failed) == 1 and "poster.pdf page 1" in failed[0] and "too large" in failed[0]
    assert "1 page(s) processed" in err


def test_malformed_scheduler_address(capsys, tmp_path):
    # before: ValueError traceback from distributed ("missing port number in address 'garbage'")
    text = tmp_path / "rules.txt"
    text.write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    code, _, err = run(capsys, ["build", text, "--db", tmp_path / "c.sqlite", "--scheduler", "garbage", "--quiet"])
    assert code == 2
    line = one_clean_line(err)
    assert "--scheduler garbage" in line and "tcp://" in line


def test_folder_without_sources_and_empty_file_are_listed(capsys, tmp_path):
    # before: an empty folder built nothing with exit code 0 and no word; a 0-byte scan was
    # "not an image, PDF, hOCR, ALTO or .txt file"
    (tmp_path / "nothing").mkdir()
    (tmp_path / "nothing" / "notes.doc").write_bytes(b"x")
    empty = tmp_path / "scan.png"
    empty.write_bytes(b"")
    text = tmp_path / "rules.txt"
    text.write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    code, _, err = run(capsys, ["build", tmp_path / "nothing", empty, text, "--db", tmp_path / "c.sqlite", "--quiet"])
    assert code == 2 and "Traceback" not in err
    failed = [ln for ln in err.splitlines() if "failed:" in ln]
    assert len(failed) == 2
    assert "nothing" in failed[0] and "no scans" in failed[0]
    assert "scan.png" in failed[1] and "empty (0 bytes)" in failed[1]
    assert "1 page(s) processed" in err


def test_utf16_and_binary_text_sources_are_named(capsys, tmp_path):
    # before: both were "is not UTF-8 text (byte 0)"
    u16 = tmp_path / "u16.txt"
    u16.write_bytes("তাস খেলা\n".encode("utf-16"))
    binary = tmp_path / "data.txt"
    binary.write_bytes(bytes(range(256)))
    code, _, err = run(capsys, ["build", u16, binary, "--db", tmp_path / "c.sqlite", "--quiet"])
    assert code == 2 and "Traceback" not in err
    failed = sorted(ln for ln in err.splitlines() if "failed:" in ln)
    assert len(failed) == 2
    assert "data.txt" in failed[0] and "binary" in failed[0]
    assert "u16.txt" in failed[1] and "UTF-16" in failed[1]


def test_a_file_in_a_folder_named_as_a_scan_but_not_one_is_listed_once(capsys, tmp_path):
    # before: skipped without a word when found in a folder; failures repeated the file's path
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "notes.png").write_text("not a picture", encoding="utf-8")
    (tmp_path / "src" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "src" / "mets.xml").write_text("<mets/>", encoding="utf-8")  # may sit beside scans: no failure
    (tmp_path / "src" / "rules.txt").write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    code, _, err = run(capsys, ["build", tmp_path / "src", "--db", tmp_path / "c.sqlite", "--quiet"])
    failed = sorted(ln for ln in err.splitlines() if "failed:" in ln)
    assert code == 2 and len(failed) == 2, err
    # (its frames are counted when the build plans it, so it fails on reading, before any OCR)
    assert "broken.png: read:" in failed[0] and failed[0].count("broken.png") == 1
    assert "notes.png: read: not an image" in failed[1]
    assert "1 page(s) processed" in err


def test_a_huge_number_or_coordinate_is_one_failure_and_the_build_goes_on(capsys, tmp_path):
    # a hostile-input review: a 22-digit run in a table of contents, or an ALTO WIDTH of 10^21, crashed the build
    # (OverflowError in the store) on every rerun, and no other file was built
    books = tmp_path / "books"
    books.mkdir()
    (books / "a_toc.txt").write_text("সূচীপত্র\nবিস্তি ....... ১১১১১১১১১১১১১১১১১১১১১১\n", encoding="utf-8")
    (books / "b_big.alto.xml").write_text(
        '<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page WIDTH="999999999999999999999" '
        'HEIGHT="10"><PrintSpace><TextBlock><TextLine><String CONTENT="তাস" HPOS="0" VPOS="0" WIDTH="5" '
        'HEIGHT="5"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>', encoding="utf-8")
    (books / "c_rules.txt").write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    code, _, err = run(capsys, ["build", books, "--db", tmp_path / "c.sqlite", "--quiet"])
    assert "Traceback" not in err and code == 2
    failed = [ln for ln in err.splitlines() if "failed:" in ln]
    assert len(failed) == 1 and "b_big.alto.xml" in failed[0] and "beyond any page" in failed[0]
    assert "2 page(s) processed" in err  # the contents page (its 22 digits are no number) and the rules


def test_a_file_name_that_is_not_utf8_is_one_failure(capsys, tmp_path):
    # a hostile-input review: an archive's Latin-1 name crashed the build before any page was stored
    import os

    folder = tmp_path / "books"
    folder.mkdir()
    (folder / "rules.txt").write_text("তাস খেলার নিয়ম\n", encoding="utf-8")
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.txt"), "w", encoding="utf-8") as fh:
        fh.write("তাস\n")
    code, _, err = run(capsys, ["build", folder, "--db", tmp_path / "c.sqlite", "--quiet"])
    assert "Traceback" not in err and code == 2
    assert "caf\\xe9.txt" in err and "not UTF-8" in err and "1 page(s) processed" in err
    code, _, err = run(capsys, ["correct", "--db", tmp_path / "c.sqlite", "--doc", "rules.txt", "--start", "0",
                                "--end", "1", "--text", os.fsdecode(b"\xe9"), "--author", "rk"])
    assert code == 2 and "--text" in one_clean_line(err)


def test_a_subfolder_that_cannot_be_read_is_a_listed_failure(tmp_path, monkeypatch):
    # a hostile tester: build of a folder skipped an unreadable subfolder unseen, "0 failure(s)"
    import os

    from puthi.corpus import pipeline

    (tmp_path / "src" / "sub").mkdir(parents=True)
    (tmp_path / "src" / "a.txt").write_text("বিস্তি খেলা\n", encoding="utf-8")
    (tmp_path / "src" / "sub" / "c.txt").write_text("বিস্তি খেলা\n", encoding="utf-8")
    real = os.scandir

    def scandir(path="."):
        if os.fspath(path).endswith("sub"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(pipeline.os, "scandir", scandir)
    _, failures, _ = pipeline.discover([tmp_path / "src"])
    assert [(f.source, "permission denied" in f.message) for f in failures] == [(str(tmp_path / "src" / "sub"), True)]
