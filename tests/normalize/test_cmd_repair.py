"""``puthi repair`` end to end: line count kept, jsonl edits, bad input as one-line errors."""

import json
import re

import pytest

from puthi.corpus.cli import main


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_line_count_and_endings_kept(tmp_path, capsys):
    src = tmp_path / "in.txt"
    src.write_bytes("থেলা শেষ |\r\n\nআর এক লাইন".encode())
    code, out, _ = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert code == 0
    assert out == "খেলা শেষ ।\r\n\nআর এক লাইন"


def test_jsonl_has_edits_per_line_with_offsets_into_the_line(tmp_path, capsys):
    src = tmp_path / "in.txt"
    src.write_text("ক\nযদি ৰিস্তি থাকে\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["repair", str(src), "--format", "jsonl", "--lang", "bn"])
    records = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [r["line"] for r in records] == [1, 2]
    (edit,) = records[1]["edits"]
    assert (edit["start"], edit["end"], edit["after"], edit["rule"]) == (4, 10, "বিস্তি", "assamese-letter-in-bengali")


def test_invalid_utf8_names_the_byte_offset_or_is_replaced(tmp_path, capsys):
    src = tmp_path / "bad.txt"
    src.write_bytes("কখ\n".encode() + b"ab\xffc\n")
    code, out, err = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert code == 2 and "at byte 9" in err and err.count("\n") == 1
    assert out == "কখ\n"  # what was done before the error is kept
    code, out, _ = _run(capsys, ["repair", str(src)])  # also while the language is still being decided
    assert code == 2 and out == "কখ\n"
    code, out, _ = _run(capsys, ["repair", str(src), "--errors", "replace"])
    assert code == 0 and out == "কখ\nab\N{REPLACEMENT CHARACTER}c\n"


def test_binary_missing_and_empty(tmp_path, capsys):
    binary = tmp_path / "x.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    code, _, err = _run(capsys, ["repair", str(binary)])
    assert code == 2 and "binary" in err
    code, _, err = _run(capsys, ["repair", str(tmp_path / "nope.txt")])
    assert code == 2 and "no such file" in err
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, out, err = _run(capsys, ["repair", str(empty)])
    assert (code, out) == (0, "") and "empty input" in err and "check the path" not in err


def test_very_long_line(tmp_path, capsys):
    src = tmp_path / "long.txt"
    src.write_text(("থেলা " * 30000) + "\nশেষ\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert code == 0 and out.count("\n") == 2


def test_a_binary_file_is_named_binary_even_before_its_first_nul(tmp_path, capsys):
    src = tmp_path / "data.bin"
    src.write_bytes(b"\x93\x01\x02\x03header\n\x00\x00")  # invalid UTF-8 and control bytes on line 1
    code, _, err = _run(capsys, ["repair", str(src)])
    assert code == 2 and "binary file" in err and "--errors replace" not in err


def test_a_lang_that_contradicts_the_text_is_warned_about(tmp_path, capsys):
    assamese = tmp_path / "as.txt"
    assamese.write_text("দছ-গুটি খেলত দুজন খেলুৱৈ থাকে আৰু প্ৰতিজনৰ দহটা গুটি থাকে।\n" * 5, encoding="utf-8")
    code, _, err = _run(capsys, ["repair", str(assamese), "--lang", "bn"])
    assert code == 0 and "--lang bn given, but the text looks Assamese" in err and "--lang as" in err
    code, _, err = _run(capsys, ["repair", str(assamese), "--lang", "as"])
    assert code == 0 and err == ""


def test_the_stream_reads_garble_with_the_words_of_the_lines_before(tmp_path, capsys, monkeypatch):
    from puthi.corpus import cmd_repair

    monkeypatch.setattr(cmd_repair, "LOOKAHEAD", 4)  # the look-ahead holds the first line only
    src = tmp_path / "in.txt"
    src.write_text("আর এক লাইন\nসে করিয়া গেল\nতাহা হইলে कब्रिब्री রাখে\n", encoding="utf-8")  # করিয়া after it
    code, out, _ = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert code == 0 and out.splitlines()[2] == "তাহা হইলে করিয়া রাখে"


def test_utf16_without_a_byte_order_mark_is_named(tmp_path, capsys):
    u16 = tmp_path / "u16.txt"
    u16.write_bytes("খেলা\nতাস খেলা হয়\n".encode("utf-16-le"))  # no NUL byte before the first line ends
    code, out, err = _run(capsys, ["repair", str(u16)])
    assert (code, out) == (2, "") and "UTF-16LE (no byte-order mark)" in err and "iconv" in err


def test_a_cr_alone_ends_a_line_as_build_reads_it(tmp_path, capsys):
    mac = tmp_path / "mac.txt"  # old Mac endings, and a file that mixes all three
    mac.write_bytes("ৰিস্তি খেলা\rদুই জন\r\nশেষ\r".encode())
    code, out, _ = _run(capsys, ["repair", str(mac), "--lang", "bn"])
    assert code == 0 and out == "বিস্তি খেলা\rদুই জন\r\nশেষ\r"
    code, out, _ = _run(capsys, ["repair", str(mac), "--lang", "bn", "--format", "jsonl"])
    records = [json.loads(x) for x in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3] and records[0]["text"] == "বিস্তি খেলা"


def test_min_confidence_keeps_the_garble_where_the_reading_is_a_guess(tmp_path, capsys):
    src = tmp_path / "in.txt"
    line = "থেলা শেষ हुडुदव"
    src.write_text(line + "\n", encoding="utf-8")
    _, out_all, _ = _run(capsys, ["repair", str(src), "--lang", "bn", "--format", "jsonl"])
    (everything,) = [json.loads(x) for x in out_all.splitlines()]
    code, out, _ = _run(capsys, ["repair", str(src), "--lang", "bn", "--format", "jsonl", "--min-confidence", "0.6"])
    (record,) = [json.loads(x) for x in out.splitlines()]
    assert code == 0
    assert everything["text"].startswith("খেলা") and "हुडुदव" not in everything["text"]
    assert record["text"] == "খেলা শেষ हुडुदव"  # the sure fix made, the guess left out
    assert all(e["confidence"] >= 0.6 for e in record["edits"])
    assert [e["rule"] for e in record["suggestions"]] == ["wrong-script"]
    assert sorted(map(str, record["edits"] + record["suggestions"])) == sorted(map(str, everything["edits"]))
    kept = line
    for e in sorted(record["edits"], key=lambda e: -e["start"]):  # the kept edits replay to the text
        kept = kept[: e["start"]] + e["after"] + kept[e["end"]:]
    assert kept == record["text"]

    with pytest.raises(SystemExit) as exc:  # argparse: a usage error, exit 2
        main(["repair", str(src), "--min-confidence", "1.5"])
    assert exc.value.code == 2 and "from 0 to 1" in capsys.readouterr().err


def test_the_text_output_says_how_many_of_its_edits_are_guesses(tmp_path, capsys):
    # a newcomer cited a repaired text whose garble had become invented words, with no word of warning
    src = tmp_path / "in.txt"
    src.write_text("থেলা শেষ हुडुदव\n", encoding="utf-8")
    _, out, err = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert "हुडुदव" not in out and re.search(r"1 of the 2 edits made are guesses.*--min-confidence 0\.6", err)
    _, _, err = _run(capsys, ["repair", str(src), "--lang", "bn", "--min-confidence", "0.6"])
    assert "guesses" not in err  # none made
    src.write_text("থেলা শেষ\n", encoding="utf-8")
    assert "guesses" not in _run(capsys, ["repair", str(src), "--lang", "bn"])[2]


def test_a_text_without_spaces_is_repaired_in_flat_memory(tmp_path, capsys):
    # a PDF that lost its spaces: one 8,000-character "word" once took 4.5 GB in the word corrector
    src = tmp_path / "run-together.txt"
    src.write_text("থেলাহইবে" * 1000 + "\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["repair", str(src), "--lang", "bn"])
    assert code == 0 and out == "থেলাহইবে" * 1000 + "\n"


def test_utf32_is_named_with_or_without_a_byte_order_mark(tmp_path, capsys):
    for encoding, named in (("utf-32", "UTF-32 (byte-order mark)"), ("utf-32-le", "UTF-32LE (no byte-order mark)")):
        src = tmp_path / f"{encoding}.txt"
        src.write_bytes("তাস খেলা হইবে\n".encode(encoding))
        code, out, err = _run(capsys, ["repair", str(src)])
        assert (code, out) == (2, "") and named in err and "iconv" in err


def test_a_byte_order_mark_is_no_text_and_offsets_count_after_it_as_in_terms(tmp_path, capsys):
    # a review: repair counted the mark as code point 0, and a wrong-script edit swallowed it
    src = tmp_path / "bom.txt"
    src.write_bytes(b"\xef\xbb\xbf" + "যদি কাহারও ৰিস্তি থাকে\n".encode())
    code, out, _ = _run(capsys, ["repair", str(src), "--format", "jsonl"])
    [edit] = json.loads(out)["edits"]
    assert code == 0 and (edit["start"], edit["before"]) == (11, "ৰিস্তি")
    code, out, _ = _run(capsys, ["terms", str(src), "--format", "jsonl"])
    assert any(json.loads(r)["start"] == 11 for r in out.splitlines())


def _repaired(capsys, src, text: str) -> tuple[list[dict], str]:
    """``text`` saved as ``src`` and repaired by ``puthi repair --format jsonl``: its records, and the output."""
    src.write_text(text, encoding="utf-8")
    code, out, _ = _run(capsys, ["repair", str(src), "--format", "jsonl"])
    assert code == 0
    return [json.loads(x) for x in out.splitlines()], out


def test_each_page_of_a_file_of_pages_is_repaired_in_its_own_language(tmp_path, capsys):
    # a newcomer: a Bengali book's Assamese page had its ৰ read as Bengali misreads (দহলাৰ → দহলাব)
    bengali = "প্রত্যেক খেলোয়াড় ছয়খানি তাস পায়। তারপর খেলা আরম্ভ হয়। যদি ৰিস্তি থাকে তবে তাহার পরে আর একটি।\n"
    assamese = "এই খেলত দুজন খেলুৱৈ থাকে।\nতাচ দিয়া হয়। টেঙ্কাৰ মূল্য এঘাৰ, দহলাৰ মূল্য দহ।\n"
    records, _ = _repaired(capsys, tmp_path / "book.txt", bengali * 3 + "\f" + assamese)
    assert [r["lang"] for r in records] == ["bn"] * 3 + ["as"] * 2
    assert records[-1]["edits"] == []  # টেঙ্কাৰ, দহলাৰ kept
    assert [e["after"] for r in records[:3] for e in r["edits"]] == ["বিস্তি"] * 3  # the Bengali page's ৰ still


def test_a_bengali_page_whose_ocr_printed_assamese_letters_stays_bengali(tmp_path, capsys):
    # a review: four ৰিস্তি (OCR's ৰ for ব) and no র had made a Bengali page Assamese, and its ৰ stayed
    src = tmp_path / "book.txt"
    src.write_text("রাজা আর রানি খেলে। তার পর বর আসে।\fযাহার ৰিস্তি থাকে, ৰিস্তি ৰিস্তি ৰিস্তি\n", encoding="utf-8")
    code, out, _ = _run(capsys, ["repair", str(src)])
    assert code == 0 and "ৰ" not in out and out.count("বিস্তি") == 4
    # and a page too short to tell is in the language of the page before it
    records, _ = _repaired(capsys, src, "রাজা আর রানি খেলে।\n\fএই খেলত দুজন খেলুৱৈ থাকে। টেঙ্কাৰ মূল্য এঘাৰ, দহলাৰ দহ।\n"
                                        "\fতাচ ৰ\n")
    assert [r["lang"] for r in records] == ["bn", "as", "as"]


def test_a_page_follows_the_page_before_only_when_nothing_on_it_speaks_against_it(tmp_path, capsys):
    # a review: a short Bengali page after an Assamese one was made Assamese (তার → তাৰ), and an Assamese page of
    # OCR-damaged words after a Bengali quotation was made Bengali (আৰুং → আবুং)
    records, out = _repaired(capsys, tmp_path / "bn.txt", "রাজা আর রানি খেলে। তারপর বর আসে।\n\fএই খেলত দুজন খেলুৱৈ "
                             "থাকে। টেঙ্কাৰ মূল্য এঘাৰ, দহলাৰ দহ।\n\fতার পর খেলা\n")
    assert [r["lang"] for r in records] == ["bn", "as", "bn"] and "তাৰ" not in out
    assamese = "এই খেলত দুজন খেলুৱৈ থাকে আৰু প্ৰতিজন খেলুৱৈৰ গুটি আছে। খেলুৱৈসকলে ৰঙৰ তাচেৰে খেলে।\n"
    damaged = "খেলুৱৈৰং আৰুং ৰঙৰং তাচেৰং ৰাজাৰং\n"
    records, out = _repaired(capsys, tmp_path / "as.txt", assamese * 3 + "\fরাজা আর রানি খেলে। তারপর বর আসে।\n\f" + damaged)
    assert [r["lang"] for r in records][-2:] == ["bn", "as"] and "আবুং" not in out


def test_the_help_names_every_rule_the_repair_writes():
    # a hostile tester: `invisible` was missing from the list `puthi repair --help` gives
    import pathlib

    import puthi.normalize as package
    from puthi.corpus.cmd_repair import EPILOG
    from puthi.normalize.unicode import _CLUSTER_RULES

    written = {name for name, *_ in _CLUSTER_RULES}
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        written |= {rule for line in path.read_text(encoding="utf-8").splitlines() if "Edit(" in line
                    and ">>>" not in line for rule in re.findall(r'"([a-z]+(?:-[a-z]+)+)"', line)}
    assert {"invisible", "digit-lookalike", "ocr-confusion"} <= written
    assert sorted(r for r in written if r not in EPILOG) == []


def test_a_file_is_repaired_when_standard_input_is_closed(tmp_path):
    # a hostile tester: `puthi repair one.txt <&-` ended in an AttributeError traceback
    import os
    import subprocess
    import sys

    src = tmp_path / "one.txt"
    src.write_text("থেলা শেষ\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "puthi", "repair", str(src)], capture_output=True,
                         preexec_fn=lambda: os.close(0), check=False)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.decode() == "খেলা শেষ\n"


# Bengali in the Bijoy encoding (SutonnyMJ): the glyphs of "তাস খেলার নিয়ম …" on ASCII codes
BIJOY = "Zvm ‡Ljvi wbqg: cÖ‡Z¨K ‡L‡jvqvo `kwU K‡i Zvm cvq| ‡Kvb c‡¶i nv‡Z we¯¿ wZb KzwU dzUv ‡`LvB‡Z nq| " * 3


def test_bengali_in_a_legacy_font_encoding_is_named(tmp_path, capsys):
    src = tmp_path / "bijoy.txt"
    src.write_text(BIJOY, encoding="utf-8")
    for command in ("repair", "terms"):
        code, _, err = _run(capsys, [command, str(src)])
        assert code == 0 and "legacy font encoding (Bijoy, SutonnyMJ)" in err, command
    src.write_text("Each player is dealt ten cards, and the dealer turns the next card for trumps. " * 3)
    for command in ("repair", "terms"):
        assert "legacy" not in _run(capsys, [command, str(src)])[2]
