"""``puthi terms`` with hostile and broken inputs (found in the bad-input review)."""

from __future__ import annotations

from review_helpers import one_clean_line, run


def test_table_that_is_a_folder(capsys, tmp_path):
    # before: IsADirectoryError traceback
    text = tmp_path / "t.txt"
    text.write_text("তাস খেলা\n", encoding="utf-8")
    code, out, err = run(capsys, ["terms", text, "--table", tmp_path])
    assert code == 2 and out == ""
    line = one_clean_line(err)
    assert str(tmp_path) in line and "folder" in line


def test_a_utf16_table_is_named_with_the_fix(capsys, tmp_path):
    # a hostile tester: "not UTF-8 (at byte offset 0)", where repair names UTF-16 and gives the iconv command
    text = tmp_path / "t.txt"
    text.write_text("তাস খেলা\n", encoding="utf-8")
    table = tmp_path / "mine.csv"
    table.write_bytes("concept,lang,headword\nboard.square,bn,ঘর\n".encode("utf-16"))
    code, out, err = run(capsys, ["terms", text, "--table", table])
    line = one_clean_line(err)
    assert (code, out) == (2, "") and "UTF-16" in line and "iconv" in line and str(table) in line


def test_one_very_long_line_is_read_in_pieces(capsys, tmp_path, monkeypatch):
    # before: a line with no line break was kept whole (a 22 MB line took 1.1 GB of memory)
    from puthi.corpus import cmd_terms

    text = "বিবি গোলাম খেলা " * 400
    path = tmp_path / "one-line.txt"
    path.write_text(text, encoding="utf-8")
    code, whole, _ = run(capsys, ["terms", path])
    assert code == 0
    monkeypatch.setattr(cmd_terms, "CHUNK", 500)
    with open(path, "rb") as fh:
        pieces = list(cmd_terms._chunks(fh, str(path)))
    assert len(pieces) > 10 and max(len(p) for _, p in pieces) <= 2 * 500  # a read adds at most CHUNK
    assert "".join(p for _, p in pieces) == text
    code, streamed, _ = run(capsys, ["terms", path])
    assert code == 0 and streamed == whole and whole.count("\n") == 800


def test_bad_byte_far_into_the_file_is_named_by_its_offset(capsys, tmp_path):
    # before: "not UTF-8 near character 0" whatever the position
    path = tmp_path / "late.txt"
    path.write_bytes("তাস ".encode() * 100_000 + b"\xe9 x")
    code, _, err = run(capsys, ["terms", path])
    assert code == 2
    assert "at byte 1000000" in one_clean_line(err)


def test_utf16_is_named(capsys, tmp_path):
    path = tmp_path / "u16.txt"
    path.write_bytes("তাস খেলা\n".encode("utf-16"))
    code, _, err = run(capsys, ["terms", path])
    assert code == 2 and "UTF-16" in one_clean_line(err)
