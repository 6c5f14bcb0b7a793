"""English read as digit soup: detection, the learned channel, readings as replayable edits, clean text untouched."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize.edits import apply_edits
from puthi.normalize.noise import (
    RULE,
    Channel,
    EnglishReader,
    english_edits,
    english_word_pairs,
    learn_channel,
    load_channel,
    soup_runs,
    token_kind,
    write_channel,
)
from puthi.normalize.repair import repair_line, repair_text

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared"
SEEDS = SHARED / "seeds"
MEMOIR = SHARED / "data" / "memoir-ocr-dev.json"


def _seed(name):
    path = SEEDS / name
    if not path.exists():
        pytest.skip(f"seed {name} not found beside the repository ({SEEDS})")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("token, kind", [
    ("31110", "number"), ("০০0া110310010110801011", "soup"), ("81৬", "soup"), ("8রা", "number"),
    ("[1006", "soup"), ("00", "soup"), ("1(:5", "soup"),
    ("১৬", "number"), ("১২টার", "number"), ("৩দিনের", "number"), ("32টি", "number"), ("(10),", "number"),
    ("2-3", "number"), ("10।", "word"), ("খেলা", "word"), ("Sir,", "word"), ("कब्रिब्री", "word"), ("ক*", "word"),
    ("[", "punct"), ("--", "punct"),
])
def test_token_kinds(token, kind):
    assert token_kind(token) == kind


def test_runs_take_numbers_and_short_words_between_soup_but_not_bengali_text():
    line = "তা] 81৬ 110৬ 31. 00 1806 ১০৮ ঘা, 8রা 0৫ ১016. ০০ 11 400"
    assert [line[a:b] for a, b in soup_runs(line)] == [line[line.index("81৬"):]]
    assert soup_runs("ইতিমধ্যে আমাদের ১৬ ডিভিশনের ইউনিটগুলো 1971 সালে") == []  # numbers alone are numbers
    assert soup_runs("যাদের মূল্য 20, 14, 11, 10, 4, 3, 0 ও 0। অন্য রঙে") == []


def test_learned_channel_reads_unseen_combinations_of_seen_letters():
    pairs = [("to", "10"), ("too", "100"), ("so", "50"), ("sit", "511"), ("it", "11"), ("on", "011")] * 4
    channel = learn_channel(pairs)
    reader = EnglishReader(channel, {"tot": 4.0, "toss": 3.0, "oot": 1.0, "sot": 2.5})
    reading = reader.read("101")
    assert reading is not None and reading.word == "tot"
    assert 0 < reading.confidence <= 1


def test_channel_table_round_trips(tmp_path):
    channel = learn_channel([("me", "116"), ("me", "11৬"), ("to", "10")] * 2)
    path = tmp_path / "channel.tsv"
    write_channel(channel, path, "test")
    back = load_channel.__wrapped__(path)
    assert back.emit.keys() == channel.emit.keys()
    assert back.cost("me", "116") == pytest.approx(channel.cost("me", "116"), abs=1e-3)


def test_readings_are_edits_that_replay_and_keep_punctuation():
    line = "-[00101861 ১০৮ ৮৪৫. আমার সাথে মরুপথে যেতে পারছ না"
    edits = english_edits(line, min_confidence=0.0)
    assert edits and all(e.rule == RULE and 0 < e.confidence <= 1 for e in edits)
    out = apply_edits(line, edits)
    assert out.startswith("-") and ". আমার সাথে মরুপথে যেতে পারছ না" in out
    assert all(line[e.start:e.end] == e.before for e in edits)


def test_the_confidence_threshold_only_removes_readings():
    line = "-311. ১০৮ 5810 বি)85100081) 15 1116 560001. 18 10081 ৫011600) সুমি জানতে"
    everything = english_edits(line, min_confidence=0.0)
    confident = english_edits(line, min_confidence=0.5)
    assert set(confident) <= set(everything) and len(confident) < len(everything)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0১৮৪1৬[]%/.() ,।খেলাSir-ঘা")), max_size=50))
def test_no_exception_and_edits_replay_on_any_soup(line):
    edits = english_edits(line, min_confidence=0.0)
    out = apply_edits(line, edits)  # raises if an edit does not match the line or edits overlap
    assert all(e.before and e.after and " " not in e.after for e in edits)
    assert len(out.split()) == len(line.split())  # a reading replaces a token: none merged, split or lost
    for a, b in soup_runs(line):
        assert 0 <= a < b <= len(line)


def test_repair_keeps_line_count_and_replays_on_soup():
    text = "\n/%%/.08078981.001\n \nপক্ষে সম্ভব নয়: [ [1006 ১০৮ %০০]011(111110. আমাকে\n\nযা দেখেছি ১১২"
    r = repair_text(text, lang="bn", garble=False)
    assert r.text.count("\n") == text.count("\n")
    assert apply_edits(text, r.edits) == r.text
    assert "পক্ষে সম্ভব নয়" in r.text and "যা দেখেছি ১১২" in r.text
    assert repair_line("[ [1006 ১০৮", "bn", garble=False, english=False).edits == []


@pytest.mark.parametrize("name", ["002_fd2ddf660d513a42.txt", "003_dd7d695dd97a5b4b.txt", "004_eaf098502efac96f.txt",
                                  "000_768383804696228d.txt"])
def test_seeds_get_no_english_readings(name):
    text = _seed(name)
    assert not any(english_edits(line, min_confidence=0.0) for line in text.split("\n"))


def test_memoir_dev_pairs_and_readings():
    if not MEMOIR.exists():
        pytest.skip(f"{MEMOIR} not found (needs ../shared/data beside the repository)")
    data = json.loads(MEMOIR.read_text(encoding="utf-8"))
    pairs = english_word_pairs(data[0]["clean"], data[0]["ocr"])
    assert ("Strict", "31110") in pairs and ("compartmentation", "০০0া110310010110801011") in pairs
    assert all(english != soup for english, soup in pairs)
    # The committed channel reads frequent dev words back (segments 0-11 are the training data).
    channel: Channel = load_channel()
    assert channel.cost("you", "৮০0") < channel.cost("you", "খেলা")
