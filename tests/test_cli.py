"""The command line starts and lists its commands."""

import subprocess
import sys


def test_version_and_help():
    out = subprocess.run([sys.executable, "-m", "puthi", "--version"], capture_output=True, text=True)
    assert out.returncode == 0
    assert out.stdout.startswith("puthi ")
    out = subprocess.run([sys.executable, "-m", "puthi", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "COMMAND" in out.stdout


def test_unknown_command_fails():
    out = subprocess.run([sys.executable, "-m", "puthi", "frobnicate"], capture_output=True, text=True)
    assert out.returncode != 0


def _puthi(args, **kw):
    return subprocess.run([sys.executable, "-m", "puthi", *args], capture_output=True, text=True, **kw)


def test_another_commands_jsonl_is_refused_as_text():
    jsonl = '{"line": 7, "lang": "bn", "text": "সাত্তা", "edits": []}\n'
    for command in (["repair", "-"], ["terms", "-"], ["check", "-", "--game", "klaverjas"]):
        out = _puthi(command, input=jsonl)
        assert out.returncode == 2 and "looks like JSON lines" in out.stderr, (command, out.stderr)
        assert "Traceback" not in out.stderr


def test_a_tei_or_hocr_file_is_refused_as_text(tmp_path):
    # a newcomer's `check` of a TEI export read its tags as the rule text, with exit status 0
    tei = tmp_path / "book.tei.xml"
    tei.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<TEI><text><p>ছেষট্টি খেলায় দুজন খেলে।</p></text></TEI>\n',
                   encoding="utf-8")
    hocr = tmp_path / "page.hocr"
    hocr.write_text("<!DOCTYPE html>\n<html><body><span class='ocrx_word'>তাস</span></body></html>\n",
                    encoding="utf-8")
    for path in (tei, hocr):
        for command in (["repair", str(path)], ["terms", str(path)], ["check", str(path), "--game", "sixtysix"]):
            out = _puthi(command)
            assert out.returncode == 2 and "is XML or HTML" in out.stderr, (command, out.stderr)
    assert _puthi(["check", "-", "--game", "sixtysix"], input="<b>ছেষট্টি</b> খেলায় দুজন খেলে।\n").returncode == 0
    prose = "<html> লিখে ওয়েবপাতা শুরু হয় বলে লেখক জানান।\nছেষট্টি খেলায় ২৪টি তাস লাগে।\n"  # prose about HTML
    assert _puthi(["check", "-", "--game", "sixtysix"], input=prose).returncode == 0


def test_a_file_name_with_a_line_break_keeps_the_error_on_one_line():
    # a hostile tester: `puthi terms $'no\\nsuch.txt'` split its "one-line" error in two
    out = _puthi(["terms", "no\nsuch.txt"])
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "no\\nsuch.txt: no such file" in out.stderr


def test_closed_standard_streams_give_one_line_errors():
    out = subprocess.run(f"{sys.executable} -m puthi repair - <&-", shell=True, capture_output=True, text=True)
    assert out.returncode == 2 and "standard input: is closed" in out.stderr and "Traceback" not in out.stderr
    out = subprocess.run(f"echo তাস | {sys.executable} -m puthi terms - >&-", shell=True, capture_output=True,
                         text=True)
    assert out.returncode != 0 and "standard output: is closed" in out.stderr and "Traceback" not in out.stderr
    out = subprocess.run(f"{sys.executable} -m puthi eval --help >&-", shell=True, capture_output=True, text=True)
    assert "Traceback" not in out.stderr


def test_check_can_be_told_the_language_of_a_bengali_text_that_quotes_assamese(tmp_path):
    text = tmp_path / "mix.txt"
    text.write_text("বিস্তি খেলায় চারজন খেলোয়াড় থাকে।\nপ্ৰথমে খেলুৱৈয়ে ৰাজা ৰাখে।\n", encoding="utf-8")
    for lang in ("auto", "bn"):  # auto: more ৰ than র, but the first line's words are Bengali's
        told = _puthi(["check", str(text), "--game", "bisti", "--lang", lang])
        assert '"verdict": "contradicted"' in told.stdout and '"quantity": "players"' in told.stdout, lang
    text.write_text("বিস্তি খেলায় চাৰিজন।\nপ্ৰথমে খেলুৱৈয়ে ৰাজা ৰাখে।\n", encoding="utf-8")
    assert "try --lang bn" in _puthi(["check", str(text), "--game", "bisti"]).stderr


def test_eval_of_an_empty_reference_prints_no_rate(tmp_path):
    (tmp_path / "ref.txt").write_text("", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("তাস\n", encoding="utf-8")
    out = _puthi(["eval", str(tmp_path / "ref.txt"), str(tmp_path / "hyp.txt")])
    assert "CER n/a" in out.stdout and "0.00 %" not in out.stdout


def test_check_takes_a_scholars_table_that_names_more_games(tmp_path):
    # two newcomers: `terms --table` learnt their games, but `check` went on checking those games' rules as the
    # chapter before's game
    text = tmp_path / "book.txt"
    text.write_text("ছেষট্টি খেলায় প্রত্যেকে ছয়খানি তাস পায়।\n\nতিনপাত্তিতে প্রত্যেকে তিনখানি তাস পায়।\n", encoding="utf-8")
    table = tmp_path / "mine.csv"
    table.write_text("concept,lang,headword,variants,gloss,category,source\n"
                     "game.teen_patti,bn,তিনপাত্তি,তিন পাত্তি,Teen Patti (game),game_name,pagat\n", encoding="utf-8")
    import json

    def verdicts(*extra: str) -> list[tuple]:
        out = _puthi(["check", str(text), "--game", "sixtysix", *extra])
        return [(v["game"], v["stated"], v["verdict"]) for v in json.loads(out.stdout)]

    assert verdicts() == [("sixtysix", 6, "consistent"), ("sixtysix", 3, "contradicted")]
    assert verdicts("--table", str(table)) == [("sixtysix", 6, "consistent"), ("teen_patti", 3, "unverifiable")]


def test_an_error_quoting_a_huge_value_stays_short(tmp_path):
    # a hostile tester: an 800,000-character attribute came back whole in the "one-line" error
    from puthi.errors import MAX_PART, InputError

    err = InputError("x" * 10_000, "bad value " + "1,2 " * 100_000)
    assert len(str(err)) <= 2 * MAX_PART + 2 and str(err).count("…") == 2


def test_a_symbolic_link_to_itself_is_one_line(tmp_path, capsys):
    from puthi.corpus.cli import main

    loop = tmp_path / "self.txt"
    loop.symlink_to(loop)
    assert main(["repair", str(loop)]) == 2
    assert "leads to no file" in capsys.readouterr().err
    assert main(["build", str(loop), "--db", str(tmp_path / "c.sqlite"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "leads to no file" in err and "Traceback" not in err


def test_a_pipe_where_a_file_is_read_whole_says_so(tmp_path, capsys):
    # a hostile tester: `build <(cat book.txt)` was refused as "the file is empty (0 bytes)"
    import os

    from puthi.corpus.cli import main

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    assert main(["build", str(fifo), "--db", str(tmp_path / "c.sqlite"), "--quiet"]) == 2
    assert "is a pipe or device, not a file" in capsys.readouterr().err


def test_a_foreign_sqlite_file_is_named_so_when_only_read(tmp_path, capsys):
    import sqlite3

    from puthi.corpus.cli import main

    db = tmp_path / "other.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE documents (x)")
    assert main(["export", "--db", str(db), "--format", "csv", "-o", str(tmp_path / "out")]) == 2
    assert "not a puthi corpus" in capsys.readouterr().err


def test_a_dead_link_or_a_pipe_in_a_folder_is_named_not_dropped(tmp_path, capsys):
    # a hostile tester: named alone they were reported, inside a folder they vanished without a word
    import os

    from puthi.corpus.cli import main

    folder = tmp_path / "book"
    folder.mkdir()
    (folder / "page.txt").write_text("বিস্তি খেলায় প্রত্যেকে আটখানি তাস পায়।\n", encoding="utf-8")
    (folder / "gone.txt").symlink_to(folder / "nothing.txt")
    os.mkfifo(folder / "pipe.txt")
    assert main(["build", str(folder), "--db", str(tmp_path / "c.sqlite"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "1 page(s) processed" in err
    assert "gone.txt: read: a symbolic link" in err and "pipe.txt: read: is a pipe" in err


def test_a_wrong_option_is_a_one_line_error_that_names_the_help(capsys):
    # a newcomer: argparse printed its usage block before the error, unlike every other error of puthi
    import pytest

    from puthi.corpus.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["repair", "-", "--lang", "xx"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and len(err.strip().splitlines()) == 1
    assert "'xx'" in err and "puthi repair --help" in err
