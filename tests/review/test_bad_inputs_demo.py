"""``puthi demo`` with bad options and outputs (found in the bad-input review)."""

from __future__ import annotations

from review_helpers import one_clean_line, run


def test_out_that_is_a_file(capsys, tmp_path):
    # before: NotADirectoryError traceback
    target = tmp_path / "taken"
    target.write_text("keep me", encoding="utf-8")
    code, _, err = run(capsys, ["demo", "--out", target])
    assert code == 5
    line = one_clean_line(err)
    assert str(target) in line and "--out" in line
    assert target.read_text(encoding="utf-8") == "keep me"


def test_workers_checked_before_any_work(capsys, tmp_path):
    # before: the samples were rendered first, then "0: --workers must be 1 or more"
    code, _, err = run(capsys, ["demo", "--out", tmp_path / "d", "--workers", "0"])
    assert code == 2 and "--workers 0" in one_clean_line(err)
    assert not (tmp_path / "d").exists()
