"""The ``puthi`` dispatcher: its help, and one-line errors for what no command handles itself."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SEED = Path(__file__).resolve().parents[2] / "corpus" / "samples" / "bisti_bn.txt"


def test_help_describes_the_toolkit():
    out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "Bengali and Assamese books about games." in " ".join(out.stdout.split())


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("command", [["repair"], ["eval", str(SEED)], ["terms"]])
def test_a_full_disk_is_a_one_line_error(command):
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", *command, str(SEED)], stdout=full,
                             stderr=subprocess.PIPE, text=True)
    assert out.returncode == 5
    assert out.stderr.count("\n") == 1 and "No space left on device" in out.stderr and "Traceback" not in out.stderr


def test_an_error_about_the_arguments_names_the_command_once():
    out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", "eval", str(SEED)], capture_output=True, text=True)
    assert out.returncode == 2 and out.stderr.startswith("puthi eval: give a reference")
    assert out.stderr.count("puthi") == 1


def test_an_empty_input_is_named_by_every_text_command(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    expected = {  # command: (exit code, words in the one stderr line)
        ("check", "--game", "bisti"): (2, "the input is empty"),
        ("terms",): (0, "empty input"),  # a blank page has no terms: a note, not an error
        ("repair",): (0, "empty input"),  # a line-for-line repair of nothing is nothing: a note, not an error
    }
    for command, (code, words) in expected.items():
        out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", *command, str(empty)], capture_output=True,
                             text=True)
        assert out.returncode == code and words in out.stderr and out.stderr.count("\n") == 1, command
    out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", "eval", str(empty), str(empty)],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "the reference is empty" in out.stderr


def test_an_implementation_that_lacks_the_game_is_named_before_the_check():
    pytest.importorskip("schnapsen", reason="the schnapsen package is not installed")
    out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", "check", "-", "--game", "bisti", "--impl",
                          "schnapsen"], input="বিস্তি খেলায় বাহান্নখানি তাস লাগে।", capture_output=True, text=True)
    assert out.returncode == 0 and "implements only schnapsen, not bisti" in out.stderr


@pytest.mark.parametrize(("text", "game", "warned"), [
    ("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে। ছেষট্টি পেলে জিত।", "schnapsen", True),  # a newcomer: no warning
    ("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে। ছেষট্টি পেলে জিত।", "klaverjas", True),
    ("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে। ছেষট্টি পেলে জিত।", "sixtysix", False),
    ("ক্লাবারজাস খেলায় বত্রিশখানি তাস লাগে। ক্লাবারজাস চারজনে খেলে।", "klaverjas-rotterdam", False),  # no name of its own
])
def test_a_text_that_names_another_game_is_warned_of(text, game, warned):
    out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", "check", "-", "--game", game],
                         input=text, capture_output=True, text=True)
    assert out.returncode == 0 and ("is --game" in out.stderr) == warned, out.stderr


def test_with_stderr_closed_a_build_runs_and_an_error_stays_out_of_the_results(tmp_path):
    # a review: `2>&-` crashed build before any work, and sent other commands' errors into stdout
    book = tmp_path / "in" / "book.txt"
    book.parent.mkdir()
    book.write_text("ছেষট্টি খেলায় চব্বিশখানি তাস লাগে।\n", encoding="utf-8")
    cli = f"{sys.executable} -m puthi.corpus.cli"
    out = subprocess.run(["sh", "-c", f"exec 2>&-; {cli} build '{book.parent}' --db '{tmp_path / 'c.sqlite'}'"],
                         capture_output=False, stdout=subprocess.PIPE, text=True)
    assert out.returncode == 0 and (tmp_path / "c.sqlite").exists()
    out = subprocess.run(["sh", "-c", f"exec 2>&-; {cli} terms '{tmp_path / 'missing.txt'}'"],
                         stdout=subprocess.PIPE, text=True)
    assert out.returncode == 2 and out.stdout == ""


def test_a_nul_byte_past_the_first_kilobytes_is_refused_by_every_text_command(tmp_path):
    # a review: repair refused it, terms, check and build took it in
    src = tmp_path / "late.txt"
    src.write_bytes("টেক্কা দহলা ".encode() * 500 + b"\x00" + "সাহেব\n".encode())
    for command in (["terms"], ["check", "--game", "bisti"], ["repair"]):
        out = subprocess.run([sys.executable, "-m", "puthi.corpus.cli", *command, str(src)], capture_output=True,
                             text=True)
        assert out.returncode == 2 and "NUL byte at byte offset 16000" in out.stderr, command


def test_a_game_the_tables_name_may_be_checked_and_built_an_unknown_one_is_refused(tmp_path):
    # a newcomer: `correct --game grabu` was taken, `check --game grabu` and `build --game grabu` refused
    cli = [sys.executable, "-m", "puthi.corpus.cli"]
    out = subprocess.run([*cli, "check", "-", "--game", "grabu"], input="গ্রাবু খেলায় চারজন খেলোয়াড়।",
                         capture_output=True, text=True)
    assert out.returncode == 0 and "grabu has no engine" in out.stderr
    assert [(c["game"], c["verdict"]) for c in json.loads(out.stdout)] == [("grabu", "unverifiable")]
    out = subprocess.run([*cli, "check", "-", "--game", "nosuchgame"], input="তাস", capture_output=True, text=True)
    assert out.returncode == 2 and "unknown game" in out.stderr and "grabu" not in out.stdout
    # a newcomer: the game's own names in the tables were refused, with no hint for a typing error
    for name in ("ছেষট্টি", "sixty_six"):
        out = subprocess.run([*cli, "check", "-", "--game", name], input="প্রত্যেকে ছয়খানি তাস পায়।",
                             capture_output=True, text=True)
        assert out.returncode == 0 and f"--game {name} is sixtysix" in out.stderr
        assert [(c["quantity"], c["verdict"]) for c in json.loads(out.stdout)] == [("hand_size", "consistent")]
    out = subprocess.run([*cli, "check", "-", "--game", "klavrjas"], input="তাস", capture_output=True, text=True)
    assert out.returncode == 2 and "did you mean klaverjas" in out.stderr
    book = tmp_path / "in" / "k.txt"
    book.parent.mkdir()
    book.write_text("খেলায় চারজন খেলোয়াড়।\n", encoding="utf-8")
    out = subprocess.run([*cli, "build", str(book.parent), "--db", str(tmp_path / "c.sqlite"), "--game", "grabu"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_a_build_of_nothing_that_exists_makes_no_corpus(tmp_path, capsys):
    # a newcomer: a mistyped folder left an empty x.sqlite and its lock behind
    from puthi.corpus.cli import main

    assert main(["build", str(tmp_path / "nosuchdir"), "--db", str(tmp_path / "x.sqlite")]) == 2
    err = capsys.readouterr().err.strip()
    assert "nosuchdir" in err and len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_check_of_assamese_written_with_bengali_ra_says_to_repair_it_first(tmp_path, capsys):
    # a newcomer's page read by a Bengali model: 1 rule of 6 was read, and nothing said why
    from puthi.corpus.cli import main

    text = ("দছ-গুটি খেলত দুজন খেলুৱৈ থাকে আরু প্রতিজনর দহটা গুটি থাকে। বর্ডর মাজর বিন্দুটোত প্রথমে কোনো গুটি "
            "নাথাকে। যি খেলুৱৈর গুটি আগতে শেষ হয়, তেওঁ হারে। গুটিবোর বর্ডর ওপরত রাখিব লাগে।\n")
    page = tmp_path / "page.txt"
    page.write_text(text, encoding="utf-8")
    assert main(["check", str(page), "--game", "dashguti"]) == 0
    assert "its words are Assamese" in capsys.readouterr().err
    page.write_text(text.replace("র", "ৰ"), encoding="utf-8")
    assert main(["check", str(page), "--game", "dashguti"]) == 0
    assert "Assamese" not in capsys.readouterr().err


def test_check_of_raw_garbled_ocr_says_to_repair_it_first(tmp_path, capsys):
    # a newcomer checked seed 000 as it is: "দুইজন লোকে थেলে" gave no players, and nothing said why
    from puthi.corpus.cli import main

    raw, clean = tmp_path / "raw.txt", tmp_path / "clean.txt"
    raw.write_text("বিস্তি দুইজন লোকে थেলে। যদি কोন পক্ষে ইস্তক थাকে, শেষ पिঠে দশ।\n", encoding="utf-8")
    clean.write_text("বিস্তি দুইজন লোকে খেলে। যদি কোন পক্ষে ইস্তক থাকে, শেষ পিঠে দশ।\n", encoding="utf-8")
    assert main(["check", str(raw), "--game", "bisti"]) == 0
    assert "check --repair" in capsys.readouterr().err
    assert main(["check", str(clean), "--game", "bisti"]) == 0
    assert "garble" not in capsys.readouterr().err
    # --repair reads the rules of the repaired text, at the sentences' places in the text as given
    raw.write_text("বিস্তির নিয়ম। বিস্তি খেলায় e • ফোটা পাইলে জিত হয়।\n", encoding="utf-8")
    assert main(["check", str(raw), "--game", "bisti", "--repair"]) == 0
    out = capsys.readouterr()
    [claim] = json.loads(out.out)
    text = raw.read_text(encoding="utf-8")
    sentence = "বিস্তি খেলায় e • ফোটা পাইলে জিত হয়।"  # its text too is the file's (a newcomer)
    assert claim["stated"] == 50 and text[claim["start"]:claim["end"]] == claim["text"] == sentence
    assert "garble" not in out.err


def test_checks_sentences_are_the_inputs_own_characters_in_nfd_too(tmp_path, capsys):
    # a hostile tester: the offsets were right but the quoted sentence was NFC, not the NFD input's own characters
    import unicodedata

    from puthi.corpus.cli import main

    text = unicodedata.normalize("NFD", "ছেষট্টি খেলায় চব্বিশটি তাস লাগে। প্রত্যেক খেলোয়াড় ছয়টি করে তাস পায়।\n")
    nfd = tmp_path / "nfd.txt"
    nfd.write_text(text, encoding="utf-8")
    assert main(["check", str(nfd), "--game", "sixtysix"]) == 0
    claims = json.loads(capsys.readouterr().out)
    assert claims and all(text[c["start"]:c["end"]] == c["text"] for c in claims)


def test_a_value_the_repair_guessed_is_neither_borne_out_nor_contradicted(tmp_path, capsys):
    # a newcomer's Assamese page read by a Hindi model: "२५४" was guessed as ২১১ (confidence 0.16) and the board's 21
    # points were "contradicted"
    from puthi.corpus.cli import main

    raw = tmp_path / "hin.txt"
    raw.write_text("दछ-गुटि खेल। वर्कशनऊ पूुँगें खिद्धंज गिंशवज लग लांटज जाक मरे २५४ विन्‍्मू शाहक।\n", encoding="utf-8")
    assert main(["check", str(raw), "--game", "dashguti", "--repair"]) == 0
    claims = [c for c in json.loads(capsys.readouterr().out) if c["quantity"] == "board_points"]
    assert claims and all(c["verdict"] == "unverifiable" and c["confidence"] < 0.5 for c in claims), claims
    assert "guess" in claims[0]["explanation"]


def test_check_says_when_lang_contradicts_the_text():
    # an Assamese scholar: `check --lang bn --repair` on Assamese text lost a rule with no word of warning
    cli = [sys.executable, "-m", "puthi.corpus.cli"]
    text = "প্ৰতিজন খেলুৱৈৰ দহটা গুটি থাকে। বৰ্ডখনত একৈশটা বিন্দু আছে। খেলুৱৈসকলে পাল পাতি খেলে আৰু ধৰাটো বাধ্যতামূলক। " * 4
    out = subprocess.run([*cli, "check", "-", "--game", "dashguti", "--lang", "bn"], input=text,
                         capture_output=True, text=True)
    assert out.returncode == 0
    assert "puthi check: standard input: --lang bn given, but the text looks Assamese" in out.stderr
