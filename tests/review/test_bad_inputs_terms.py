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
