"""``puthi eval`` with hostile and broken inputs (found in the bad-input review)."""

from __future__ import annotations

import pytest
from review_helpers import one_clean_line, run


@pytest.mark.parametrize(("command", "has_errors"), [(["eval", "REF", "HYP"], False),
                                                     (["check", "HYP", "--game", "sixtysix"], True)])
def test_bad_utf8_advises_only_an_option_the_command_has(capsys, tmp_path, command, has_errors):
    # before: "... or pass --errors replace", an option eval lacks (check has it since session 8)
    ref = tmp_path / "ref.txt"
    ref.write_text("তাস খেলা\n", encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes("Caf\N{LATIN SMALL LETTER E WITH ACUTE}".encode("latin-1"))
    argv = [{"REF": ref, "HYP": hyp}.get(a, a) for a in command]
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    line = one_clean_line(err)
    assert "byte 3" in line and "iconv" in line and ("--errors replace" in line) == has_errors


def test_a_pair_too_long_to_align_is_refused_with_advice(capsys, tmp_path, monkeypatch):
    import puthi.corpus.cmd_eval as cmd_eval

    monkeypatch.setattr(cmd_eval, "MAX_CELLS", 100 * 100)  # stands for a whole library given as one text
    ref = tmp_path / "ref.txt"
    ref.write_text("তাস " * 60, encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("ভাস " * 60, encoding="utf-8")
    code, out, err = run(capsys, ["eval", str(ref), str(hyp)])
    assert code == 2 and out == ""
    line = one_clean_line(err)
    assert f"{ref} and {hyp}" in line and "--pairs" in line and "179 and 179 graphemes" in line
    ref.write_text("তাস " * 10, encoding="utf-8")
    hyp.write_text("ভাস " * 10, encoding="utf-8")
    assert run(capsys, ["eval", str(ref), str(hyp)])[0] == 0


def test_a_text_read_whole_is_refused_past_its_limit_and_a_line_past_its_own(capsys, tmp_path, monkeypatch):
    # a hostile tester: check - and eval - read /dev/zero to 20 GB, repair - a line that never ended to 11 GB
    import io
    import sys
    from types import SimpleNamespace

    from review_helpers import one_clean_line, run

    from puthi.corpus import cmd_repair, textio

    monkeypatch.setattr(textio, "MAX_WHOLE_TEXT", 3 * 2**20)
    monkeypatch.setattr(cmd_repair, "MAX_RAW_LINE", 2**20)
    big = ("তুরুপের টেক্কা " * 200_000).encode()  # 5.6 MB, one line
    for argv in (["check", "-", "--game", "sixtysix"], ["eval", "-", tmp_path / "none.txt"], ["repair", "-"]):
        monkeypatch.setattr(sys, "stdin", SimpleNamespace(buffer=io.BytesIO(big), isatty=lambda: False))
        code, _, err = run(capsys, argv)
        assert code == 2 and "MB" in one_clean_line(err), (argv, err)


def test_a_pairs_file_holding_one_json_object_says_a_list_is_expected(capsys, tmp_path):
    # a hostile tester: {"a": 1} was called "JSON lines, not text"
    from review_helpers import one_clean_line, run

    pairs = tmp_path / "p.json"
    pairs.write_text('{"a": 1}', encoding="utf-8")
    code, _, err = run(capsys, ["eval", "--pairs", pairs])
    assert code == 2 and "expected a JSON list of objects" in one_clean_line(err)
