"""``puthi repair`` with hostile and broken inputs (found in the bad-input review)."""

from __future__ import annotations

from review_helpers import one_clean_line, run

from puthi.normalize.repair import MAX_LINE


def test_utf16_is_named(capsys, tmp_path):
    # before: "NUL byte at byte offset 13: this looks like a binary file"
    path = tmp_path / "u16.txt"
    path.write_bytes("তাস খেলা\n".encode("utf-16"))
    code, out, err = run(capsys, ["repair", path])
    assert code == 2 and out == ""
    line = one_clean_line(err)
    assert "UTF-16" in line and "iconv" in line and str(path) in line


def test_line_too_long_to_repair_is_reported(capsys, tmp_path):
    # before: the line was only normalised, silently
    path = tmp_path / "one-line.txt"
    text = "থেলা " * (MAX_LINE // 5 + 1)
    path.write_text("থেলা শেষ\n" + text + "\n", encoding="utf-8")
    code, out, err = run(capsys, ["repair", path])
    assert code == 0
    assert out.splitlines()[0] == "খেলা শেষ" and len(out.splitlines()) == 2
    assert "Traceback" not in err
    notes = [ln for ln in err.splitlines() if "line 2" in ln]
    assert len(notes) == 1 and "not repaired" in notes[0] and "line 1" not in err


def test_a_scan_or_pdf_given_as_text_says_to_read_it_with_ocr(capsys, tmp_path):
    # a newcomer gave `check` a page's PNG and was told only that it was binary
    from PIL import Image

    png = tmp_path / "page-003.png"
    Image.new("L", (40, 20), 255).save(png)
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(b"%PDF-1.5\n%\xb5\xed\xae\xfb\n3 0 obj\n<< /Length 4 0 R >>\nstream\nx\x9c]\x8fK\nendstream\n")
    for path, kind in ((png, "PNG image"), (pdf, "PDF")):
        for command in (["repair"], ["terms"], ["check", "--game", "bisti"]):
            code, out, err = run(capsys, [*command, path])
            line = one_clean_line(err)
            assert (code, out) == (2, "") and f"is a {kind}" in line and "puthi ocr" in line, (command, line)
