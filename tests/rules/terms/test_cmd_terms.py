"""``puthi terms``: records, offsets into the input as read, streaming, errors."""

import json
import subprocess
import sys

import pytest

from puthi.corpus import cmd_terms
from puthi.corpus.cli import main

TEXT = "\ufeffতাস | করিবে ।\r\nশেষ পিঠ যে পাইবে, সেই হাতের পাঁচ পাইবে।\r\nদুই কুড়ি সাত ফোট দেখাইতে হইবে।\n"


def run_cli(args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "puthi", "terms", *args], input=stdin, capture_output=True, timeout=120
    )


def test_jsonl_records_and_offsets_into_the_input_as_read(tmp_path):
    f = tmp_path / "in.txt"
    f.write_bytes(TEXT.encode("utf-8"))
    out = run_cli([str(f)])
    assert out.returncode == 0, out.stderr.decode()
    recs = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    terms = [r for r in recs if "value" not in r]
    nums = [r for r in recs if "value" in r]
    assert [r["concept"] for r in terms] == ["vocab.card", "vocab.trick", "grabu.hater_panch", "score.point"]
    keys = {"start", "end", "surface", "headword", "concept", "gloss", "table", "score"}
    assert all(set(r) == keys for r in terms) and all(set(r) == keys | {"value"} for r in nums)  # every key always
    assert [(r["surface"], r["value"], r["concept"]) for r in nums] == [
        ("দুই কুড়ি সাত", 47, "number")  # the পাঁচ of হাতের পাঁচ is the term's, no number (a blind set)
    ]
    body = TEXT.removeprefix("\ufeff")  # a byte-order mark is no text (as in puthi check and build)
    for r in recs:  # the \r\n count as code points, as read
        assert body[r["start"] : r["end"]] == r["surface"]


def test_a_game_name_that_is_also_a_number_is_the_name_only_where_it_names_the_game():
    # a newcomer's export listed the running head "ছেষট্টি খেলার নিয়ম" as the number 66 as well
    text = "ছেষট্টি খেলার নিয়ম\nছেষট্টি ফোঁটা হইলে জয়\n"
    rows = [line.split("\t") for line in run_cli(["-", "--format", "tsv"], stdin=text.encode()).stdout.decode()
            .splitlines()[1:]]
    assert [(r[0], r[4]) for r in rows if r[2] == "ছেষট্টি"] == [("0", "game.sixty_six"), ("20", "number")]
    every = run_cli(["-", "--format", "tsv", "--all-links"], stdin=text.encode()).stdout.decode()
    assert "0\t7\tছেষট্টি\t66\tnumber" in every  # every reading asked for: the number is one of them


def test_tsv_and_stdin():
    out = run_cli(["-", "--format", "tsv", "--no-numbers"], stdin="তুরুপের সাহেব\tও বিবি\n".encode())
    lines = out.stdout.decode().splitlines()
    assert lines[0].split("\t") == [*cmd_terms.TERM_KEYS, "value"]
    assert [line.split("\t")[4] for line in lines[1:]] == ["vocab.trump", "card.king", "card.queen"]


def test_streamed_pieces_give_the_same_records(tmp_path, monkeypatch, capsys):
    text = ("যদি কোন পক্ষে ইস্তক থাকে, তাহা হইলে তিন কুড়ি ফোটা দেখাইতে হয়।\n" * 7 + "\n") * 40
    f = tmp_path / "big.txt"
    f.write_text(text, encoding="utf-8")
    assert main(["terms", str(f)]) == 0
    whole = capsys.readouterr().out
    monkeypatch.setattr(cmd_terms, "CHUNK", 500)
    assert main(["terms", str(f)]) == 0
    pieces = capsys.readouterr().out
    assert pieces == whole and len(whole.splitlines()) == 40 * 7 * 3
    for line in pieces.splitlines():
        r = json.loads(line)
        assert text[r["start"] : r["end"]] == r["surface"]


@pytest.mark.parametrize(
    ("setup", "args", "message"),
    [
        (lambda p: p.write_bytes(b"\xff\xfe\x00abc"), [], "not UTF-8"),
        (lambda p: p.write_bytes(b"\xff\xfe\x00abc"), ["--format", "tsv"], "not UTF-8"),
        (lambda p: None, [], "no such file"),
    ],
)
def test_bad_input_is_one_clear_line(tmp_path, setup, args, message):
    f = tmp_path / "x.txt"
    setup(f)
    out = run_cli([str(f), *args])
    err = out.stderr.decode().strip()
    assert out.returncode == 2 and message in err and str(f) in err and "\n" not in err
    assert out.stdout == b""  # not even a TSV header for a refused file


def test_empty_input_is_a_note_and_an_empty_table(tmp_path):
    f = tmp_path / "blank.txt"
    f.write_bytes(b"")
    out = run_cli([str(f), "--format", "tsv"])
    assert out.returncode == 0 and out.stdout.decode().splitlines() == ["\t".join(cmd_terms.TSV_KEYS)]
    assert "empty input" in out.stderr.decode() and str(f) in out.stderr.decode()
    out = run_cli([str(f)])
    assert out.returncode == 0 and out.stdout == b""


def test_devanagari_garble_is_sent_to_the_repair_first():
    out = run_cli(["-"], stdin=("कब्रिब्री " * 50).encode())
    assert out.returncode == 0 and out.stdout == b"" and "run puthi repair" in out.stderr.decode()
    out = run_cli(["-"], stdin="তাস খেলা কब्रिब्री".encode())  # a few garbled words in Bengali text: no note
    assert out.returncode == 0 and out.stderr == b""


def test_bad_table_names_the_row(tmp_path):
    table = tmp_path / "mine.csv"
    table.write_text("concept,lang,headword\nok.one,bn,ঝান্ডা\nbad.two,bn\n", encoding="utf-8")
    out = run_cli(["-", "--table", str(table)], stdin="তাস".encode())
    err = out.stderr.decode().strip()
    assert out.returncode == 2 and "row 3" in err and "mine.csv" in err


def test_foreign_script_warns_but_succeeds():
    out = run_cli(["-"], stdin="தமிழ் உரை".encode())
    assert out.returncode == 0 and out.stdout == b"" and "no Bengali" in out.stderr.decode()


def test_export_tbx_and_csv():
    tbx = run_cli(["--export", "tbx"])
    assert tbx.returncode == 0 and b"urn:iso:std:iso:30042:ed-2" in tbx.stdout
    csv_out = run_cli(["--export", "csv"])
    assert csv_out.stdout.decode().splitlines()[0].startswith("concept,lang,headword")


def test_a_file_of_only_a_byte_order_mark_is_empty_input(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes("\N{ZERO WIDTH NO-BREAK SPACE}\n".encode())
    out = run_cli([str(f)])
    assert out.returncode == 0 and "empty input" in out.stderr.decode()


def test_repair_first_finds_terms_in_garble_with_the_inputs_offsets():
    text = "শেষ পিঠ যে পাইবে।\nযাহারা সাত भि* পাইবে, ৰিস্তি হইলে\n"
    out = run_cli(["-", "--repair", "--no-numbers", "--min-score", "0.3"], stdin=text.encode())
    records = [json.loads(x) for x in out.stdout.decode().splitlines()]
    assert out.returncode == 0
    for r in records:  # every offset and surface is the input's, not the repaired text's
        assert text[r["start"]:r["end"]] == r["surface"]
    garbled = [r for r in records if r["surface"] == "भि*"]
    assert [r["concept"] for r in garbled] == ["vocab.trick"]  # read as পিঠ, which the page spells above
    assert garbled[0]["score"] < 1.0  # as sure as the repair's reading, no surer
    # at the default threshold a reading that unsure is not a link
    plain = run_cli(["-", "--repair", "--no-numbers"], stdin=text.encode()).stdout.decode()
    assert "भि*" not in plain and "ৰিস্তি" in plain


def test_min_score_drops_numbers_read_out_of_an_unsure_repair_too():
    text = "যদি कब्रिब्री २१ ফোটা হয়, তবে দুই কুড়ি সাত ফোটা দেখাইতে হইবে।\n"
    low_run = run_cli(["-", "--repair", "--min-score", "0"], stdin=text.encode())
    low = [json.loads(x) for x in low_run.stdout.splitlines()]
    numbers = [r for r in low if r["concept"] == "number"]
    assert any(r["score"] < 0.9 for r in numbers) and any(r["score"] == 1.0 for r in numbers)
    high = run_cli(["-", "--repair", "--min-score", "0.9"], stdin=text.encode())
    assert high.returncode == 0
    assert all(json.loads(x)["score"] >= 0.9 for x in high.stdout.splitlines())
    assert "দুই কুড়ি সাত" in high.stdout.decode()  # a number the page spells is as sure as ever


@pytest.mark.parametrize("bad", ["5", "nan", "-0.1", "x"])
def test_min_score_is_a_number_from_0_to_1(bad):
    out = run_cli(["-", "--min-score", bad], stdin="তাস".encode())
    assert out.returncode == 2 and "from 0 to 1" in out.stderr.decode()


def test_invalid_utf8_stops_or_is_replaced(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_bytes("তাস ".encode() + b"\xff" + " তুরুপ\n".encode())
    strict = run_cli([str(f)])
    err = strict.stderr.decode()
    assert strict.returncode == 2 and "byte 10" in err and "--errors replace" in err
    f.write_bytes(b"\xef\xbb\xbf" + f.read_bytes())  # after a byte-order mark, the byte is 3 further on
    assert "byte 13" in run_cli([str(f)]).stderr.decode()
    f.write_bytes(f.read_bytes()[3:])
    replaced = run_cli([str(f), "--errors", "replace"])
    records = [json.loads(x) for x in replaced.stdout.splitlines()]
    assert replaced.returncode == 0 and [r["surface"] for r in records] == ["তাস", "তুরুপ"]
    assert records[1]["start"] == len("তাস \N{REPLACEMENT CHARACTER} ")


def test_a_link_the_text_as_given_already_has_keeps_its_score_under_repair():
    # seed 000's ৰিস্তি: the aligner reads it at 0.93 among the Grabu words, the repair guesses বিস্তি less surely
    text = "যদি কাহারও ৰিস্তি আদি না থাকে, তবে দুই কুড়ি সাত ফোটা দেখাইতে হইবে; পঞ্চাশ কাবার হইলে তাস লয়।\n"

    def score(*args):
        out = run_cli(["-", "--no-numbers", *args], stdin=text.encode()).stdout.decode().splitlines()
        return next(json.loads(x)["score"] for x in out if json.loads(x)["surface"] == "ৰিস্তি")

    assert score("--repair") == score() > 0.8
