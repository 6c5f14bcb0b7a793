"""CER/WER over graphemes as dinglehopper counts them; alignment; the ``puthi eval`` command."""

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.corpus.cli import main
from puthi.ocr.metrics import Score, align, cer, graphemes, normalize, score, unicode_version, wer, words

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
MEMOIR = SHARED / "data" / "memoir-ocr-dev.json"

KA, SSA, VIRAMA = "\N{BENGALI LETTER KA}", "\N{BENGALI LETTER SSA}", "\N{BENGALI SIGN VIRAMA}"
YYA = "\N{BENGALI LETTER YYA}"
YA_NUKTA = "\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}"


def levenshtein(a: list, b: list) -> int:
    """The textbook dynamic programme, to check the fast one against."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


bengali_text = st.text(
    alphabet=st.sampled_from(
        [chr(c) for c in range(0x985, 0x9BA) if unicodedata.category(chr(c)) == "Lo"]
        + ["\N{BENGALI VOWEL SIGN AA}", "\N{BENGALI VOWEL SIGN I}", "\N{BENGALI VOWEL SIGN E}", VIRAMA,
           "\N{BENGALI SIGN NUKTA}", "\N{BENGALI SIGN CANDRABINDU}", YYA, " ", "\n", ",", "।", "a"]
    ),
    max_size=40,
)


def test_a_grapheme_is_what_a_reader_counts():
    assert graphemes(KA + VIRAMA + SSA + "\N{BENGALI VOWEL SIGN I}") == [KA + VIRAMA + SSA + "\N{BENGALI VOWEL SIGN I}"]
    assert len(graphemes("খেলা")) == 2
    # a dropped vowel sign is one error, not a code point count
    assert cer("খেলা", "খলা") == 0.5


def test_nfc_and_whitespace_do_not_count():
    assert cer("খেলোয়াড়", unicodedata.normalize("NFD", "খেলোয়াড়")) == 0.0
    assert cer(YYA, YA_NUKTA) == 0.0
    assert cer("তাস  খেলা\n", " তাস\nখেলা") == 0.0
    assert normalize("a\t\u00a0b\n") == "a b"


def test_rates_are_errors_over_the_reference():
    assert cer("abcd", "abxd") == 0.25
    assert cer("ab", "abcdef") == 2.0  # can exceed 1, as dinglehopper's does
    assert cer("", "") == 0.0 and cer("", "x") == float("inf")
    assert wer("এক দুই তিন চার", "এক দুই তিন") == 0.25
    assert wer("", "") == 0.0


def test_words_follow_unicode_word_boundaries():
    assert words("দছ-গুটি, খেলা! ১২৩টি") == ["দছ", "গুটি", "খেলা", "১২৩টি"]
    assert words("  ।  , - ") == []
    assert words("don't 3.5") == ["don't", "3.5"]


def test_alignment_reads_back_both_texts_and_counts_the_errors():
    pairs = align("বিস্তি খেলা", "ৰিস্তি থেলাা")
    assert "".join(a for a, _ in pairs) == "বিস্তি খেলা"
    assert "".join(b for _, b in pairs) == "ৰিস্তি থেলাা"
    assert [(a, b) for a, b in pairs if a != b] == [("বি", "ৰি"), ("খে", "থে"), ("লা", "লাা")]
    assert align("ক", "") == [("ক", "")]
    assert align("", "ক") == [("", "ক")]


@settings(max_examples=200, deadline=None)
@given(bengali_text, bengali_text)
def test_fast_distance_matches_the_textbook_one(ref, hyp):
    s = score(ref, hyp)
    assert s.char_errors == levenshtein(graphemes(ref), graphemes(hyp))
    assert s.word_errors == levenshtein(words(ref), words(hyp))
    assert s.graphemes == len(graphemes(ref))
    pairs = align(ref, hyp)
    assert "".join(a for a, _ in pairs) == normalize(ref)
    assert "".join(b for _, b in pairs) == normalize(hyp)
    assert sum(a != b for a, b in pairs) == s.char_errors
    assert all(a or b for a, b in pairs)


@settings(max_examples=50, deadline=None)
@given(bengali_text)
def test_a_text_against_itself_scores_zero(text):
    assert cer(text, text) == 0.0 and wer(text, text) == 0.0


def test_corpus_score_sums_errors_before_dividing():
    total = score("আ", "ই") + score("তাস খেলা হয়", "তাস খেলা হয়")
    assert total.char_errors == 1 and total.graphemes == 1 + len(graphemes("তাস খেলা হয়"))
    assert total.cer == pytest.approx(1 / total.graphemes)
    assert total.pairs == 2
    assert Score().cer == 0.0


def test_unicode_version_is_reported():
    assert unicode_version() == unicodedata.unidata_version


@pytest.mark.skipif(not MEMOIR.exists(), reason=f"{MEMOIR} absent: real-data check of the CER count skipped")
def test_memoir_cer_matches_the_figure_recorded_with_the_data():
    """../shared/data/README.md records raw OCR vs clean CER 12.4 % on memoir-ocr-dev, counted the same way."""
    data = json.loads(MEMOIR.read_text(encoding="utf-8"))
    total = sum((score(x["clean"], x["ocr"]) for x in data), Score())
    assert round(100 * total.cer, 1) == 12.4


def run_cli(capsys, *argv):
    code = main(["eval", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_eval_command_text_and_json(tmp_path, capsys):
    (tmp_path / "ref.txt").write_text("তাস খেলা\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("তাস থেলা\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, tmp_path / "ref.txt", tmp_path / "hyp.txt")
    assert code == 0
    assert "CER 20.00 %" in out and "WER 50.00 %" in out and unicode_version() in out
    code, out, _ = run_cli(capsys, tmp_path / "ref.txt", tmp_path / "hyp.txt", "--format", "json")
    report = json.loads(out)
    assert (report["cer"], report["wer"], report["graphemes"], report["words"]) == (0.2, 0.5, 5, 2)
    assert report["unicode"] == unicode_version()


def test_eval_command_pairs(tmp_path, capsys):
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("আ\tই\nতাস খেলা\tতাস খেলা\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "--pairs", tsv, "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["pairs"] == 2 and report["char_errors"] == 1
    assert [(p["pair"], p["cer"]) for p in report["per_pair"]] == [(1, 1.0), (2, 0.0)]
    tsv.write_text("reference\thypothesis\nআ\tই\nতাস খেলা\tতাস খেলা\n", encoding="utf-8")  # a header row is no pair
    code, out, _ = run_cli(capsys, "--pairs", tsv, "--format", "json")
    assert code == 0 and json.loads(out)["pairs"] == 2 and json.loads(out)["char_errors"] == 1
    js = tmp_path / "pairs.json"
    js.write_text(json.dumps([{"gt": "আ", "ocr": "ই"}]), encoding="utf-8")
    code, out, _ = run_cli(capsys, "--pairs", js, "--ref-key", "gt", "--hyp-key", "ocr")
    assert code == 0 and "CER 100.00 %" in out


def test_eval_command_empty_reference_is_not_a_number(tmp_path, capsys):
    (tmp_path / "ref.txt").write_text("", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("x", encoding="utf-8")
    code, out, _ = run_cli(capsys, tmp_path / "ref.txt", tmp_path / "hyp.txt", "--format", "json")
    assert code == 0 and json.loads(out)["cer"] is None


@pytest.mark.parametrize("content, pattern", [
    (None, "no such file"),
    (b"\xff\xfe\x00", "not UTF-8"),
])
def test_eval_command_bad_files(tmp_path, capsys, content, pattern):
    ref = tmp_path / "ref.txt"
    if content is not None:
        ref.write_bytes(content)
    (tmp_path / "hyp.txt").write_text("x", encoding="utf-8")
    code, _, err = run_cli(capsys, ref, tmp_path / "hyp.txt")
    assert code == 2
    assert str(ref) in err and pattern in err
    assert err.count("\n") == 1


def test_eval_command_bad_pairs(tmp_path, capsys):
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("only one field\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "--pairs", tsv)
    assert code == 2 and f"{tsv}:1" in err
    js = tmp_path / "pairs.json"
    js.write_text(json.dumps([{"clean": "a", "ocr": "b"}]), encoding="utf-8")
    code, _, err = run_cli(capsys, "--pairs", js)
    assert code == 2 and "--ref-key" in err and "clean" in err
    js.write_text("[{", encoding="utf-8")
    code, _, err = run_cli(capsys, "--pairs", js)
    assert code == 2 and "not valid JSON" in err
    code, _, err = run_cli(capsys)
    assert code == 2 and "reference" in err
