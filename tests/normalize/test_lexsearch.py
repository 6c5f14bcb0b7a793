"""The compiled searches (normalize/lexsearch.c) against the Python ones they copy."""

from __future__ import annotations

import math
import pickle
import random
import unicodedata
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize import native
from puthi.normalize.charlm import CharLM
from puthi.normalize.garble import Channel, Decoder, DecoderConfig, build_decoder, default_decoder
from puthi.normalize.garble_visual import devanagari_to_visual

needs_compiler = pytest.mark.skipif(native.lexsearch() is None or native.opensearch() is None,
                                    reason="no C compiler: nothing compiled to test")


def _random_tokens(decoder, count: int, seed: int) -> list[str]:
    """Tokens strung from the channel's own garble strings (so that many rows match) and a few signs it
    never saw, in visual order."""
    rng = random.Random(seed)
    pieces = sorted(g for g in decoder.channel.by_garble if g)
    strange = ["@", "ꙮ", "q"]
    return ["".join(rng.choice(pieces) if rng.random() > 0.05 else rng.choice(strange)
                    for _ in range(rng.randint(1, 9)))
            for _ in range(count)]


def _drawn_token(data, decoder, longest: int) -> str:
    """A token hypothesis draws: the channel's own garble strings and any other characters, up to ``longest``."""
    pieces = sorted(g for g in decoder.channel.by_garble if g)
    return "".join(data.draw(st.lists(st.one_of(st.sampled_from(pieces), st.characters(blacklist_categories=("Cs",))),
                                      min_size=1, max_size=longest)))


@needs_compiler
def test_the_compiled_search_finds_what_the_python_search_finds_to_the_last_bit():
    decoder = default_decoder()
    tokens = [devanagari_to_visual(unicodedata.normalize("NFC", t))
              for t in ["कविशां", "कब्रिब्री", "पिঠে", "तास", "रt", "खेला", "जता!", "श्रीमती"]]
    tokens += _random_tokens(decoder, 400, seed=3)
    # the C search itself answered (it did not give up and leave the work to Python)
    assert all(decoder._search_compiled(native.lexsearch(), y) is not None for y in tokens)
    differ = [y for y in tokens
              if decoder._search_lexicon(y, decoder._expansions(y), compiled=True)
              != decoder._search_lexicon(y, decoder._expansions(y), compiled=False)]
    assert not differ, differ[:5]
    # and the readings are not all empty: the comparison compared something
    assert sum(bool(decoder._search_lexicon(y, decoder._expansions(y))) for y in tokens) > 300


@needs_compiler
@pytest.mark.parametrize("config", [DecoderConfig(lexicon_beam=2, prune=3.0),
                                    DecoderConfig(lexicon_beam=200, prune=30.0),
                                    DecoderConfig(substitute_floor=4.0, skip_floor=12.0, drops=20),
                                    DecoderConfig(substitute_floor=math.inf, skip_floor=math.inf, prune=math.inf),
                                    DecoderConfig(lexicon_beam=0, drops=0),
                                    DecoderConfig(lexicon_beam=2**40)])
def test_the_two_searches_agree_under_other_settings(config):
    decoder = default_decoder().variant(config=config)
    tokens = _random_tokens(decoder, 120, seed=11)
    for y in tokens:
        exps = decoder._expansions(y)
        assert decoder._search_compiled(native.lexsearch(), y) is not None
        assert decoder._search_lexicon(y, exps, compiled=True) == decoder._search_lexicon(y, exps, compiled=False), y


@needs_compiler
def test_a_decoder_read_back_from_a_pickle_searches_alike():
    # a channel without dropped segments: its empty arrays must stay empty through a search and a pickle
    decoder = default_decoder().variant(config=DecoderConfig(drops=0))
    y = devanagari_to_visual("कब्रिब्री")
    first = decoder._search_lexicon(y, decoder._expansions(y))
    again = pickle.loads(pickle.dumps(decoder))
    assert again._search_lexicon(y, again._expansions(y)) == first
    assert len(again._packed.drops[0]) == 0


@needs_compiler
def test_a_search_that_runs_out_of_room_in_c_is_run_in_python(monkeypatch):
    unpruned = DecoderConfig(prune=1e9, lexicon_beam=10**6)
    decoder = build_decoder({w: 1.0 for w in ["করিয়া", "করা", "কর", "রাখে"]}, unpruned)
    y = devanagari_to_visual("कविशां")
    whole = decoder._search_lexicon(y, decoder._expansions(y), compiled=False)
    assert len(whole) > 1
    monkeypatch.setattr(native, "OUT_CAP", 1)
    assert native.run(native.lexsearch(), decoder._trie, decoder._packed, y, decoder.channel.max_garble,
                      decoder._by_garble, 9.0, 9.0, 1e9, 10**6) is None
    assert decoder._search_lexicon(y, decoder._expansions(y)) == whole


def test_without_a_compiler_the_decoder_says_so_once_and_reads_the_same(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("PUTHI_CACHE", str(tmp_path))
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    assert native.lexsearch.__wrapped__() is None
    assert "no C compiler" in capsys.readouterr().err
    monkeypatch.setenv("PUTHI_NATIVE", "0")
    assert native.lexsearch.__wrapped__() is None  # switched off: not even looked for
    assert capsys.readouterr().err == ""


def test_threads_building_at_once_all_get_the_compiled_search(monkeypatch, tmp_path):
    if native.lexsearch() is None:
        pytest.skip("no C compiler")
    monkeypatch.setenv("PUTHI_CACHE", str(tmp_path))
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda _: native.lexsearch.__wrapped__(), range(4)))
    assert all(f is not None for f in found)
    assert len(list(tmp_path.glob("lexsearch-*.so"))) == 1 and not list(tmp_path.glob("*.tmp"))


def test_a_broken_compiled_file_is_built_again(monkeypatch, tmp_path):
    if native.lexsearch() is None:
        pytest.skip("no C compiler")
    monkeypatch.setenv("PUTHI_CACHE", str(tmp_path))
    monkeypatch.setattr(native, "_build", lambda target: target.write_bytes(b"not a shared object") or True)
    assert native.lexsearch.__wrapped__() is None  # "built" broken twice: the Python search it is
    (broken,) = tmp_path.glob("lexsearch-*.so")
    monkeypatch.undo()
    monkeypatch.setenv("PUTHI_CACHE", str(tmp_path))
    assert native.lexsearch.__wrapped__() is not None  # the file exists but does not load: built again
    assert broken.read_bytes() != b"not a shared object"


@needs_compiler
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_token_reads_the_same_in_c_and_in_python(data):
    decoder = default_decoder()
    y = _drawn_token(data, decoder, 14)
    exps = decoder._expansions(y)
    assert decoder._search_lexicon(y, exps, compiled=True) == decoder._search_lexicon(y, exps, compiled=False)


def _open_both(decoder, y: str) -> tuple[dict, dict]:
    exps = decoder._expansions(y)
    compiled = native.run_open(native.opensearch(), decoder._flat_lm, decoder._packed_open, y,
                               decoder.channel.max_garble, decoder._by_garble, decoder.config.prune,
                               decoder.config.lm_weight, decoder.config.beam)
    assert compiled is not None, y  # the C search itself answered
    return compiled, decoder._search_open(y, exps, compiled=False)


@needs_compiler
def test_the_compiled_open_search_finds_what_the_python_one_finds_to_the_last_bit():
    decoder = default_decoder()
    tokens = [devanagari_to_visual(unicodedata.normalize("NFC", t))
              for t in ["कब्रिब्री", "कविशां", "पिঠে", "श्रीमती", "रt", "ꙮ", "@@"]]
    tokens += _random_tokens(decoder, 300, seed=5)
    differ = [y for y in tokens if (pair := _open_both(decoder, y))[0] != pair[1]]
    assert not differ, differ[:5]
    assert sum(bool(decoder._search_open(y)) for y in tokens) > 250  # the comparison compared something


@needs_compiler
@pytest.mark.parametrize("config", [DecoderConfig(beam=1, prune=3.0), DecoderConfig(beam=200, prune=30.0),
                                    DecoderConfig(drops=20, lm_weight=0.3), DecoderConfig(drops=0, beam=0),
                                    DecoderConfig(prune=math.inf, beam=3), DecoderConfig(beam=2, lm_weight=0.0)])
def test_the_two_open_searches_agree_under_other_settings(config):
    decoder = default_decoder().variant(config=config)
    for y in _random_tokens(decoder, 80, seed=17):
        compiled, python = _open_both(decoder, y)
        assert compiled == python, y


@needs_compiler
def test_a_tie_keeps_the_spelling_python_keeps():
    # Two letters at the same cost and no character model: the beam of one keeps the larger string (খ > ক),
    # as heapq.nlargest does on (score, spelling).
    channel = Channel({"x": [("ক", -1.0), ("খ", -1.0)], "y": [("া", -0.5), ("ি", -0.5)], "": []},
                      frozenset("xy"), 1)
    decoder = Decoder(channel, CharLM.train(["কা", "খি"], order=3), {"কা": 1.0},
                      DecoderConfig(lm_weight=0.0, beam=1, drops=0))
    compiled, python = _open_both(decoder, "xy")
    assert compiled == python
    assert set(compiled) == {"খা", "খি"}


@needs_compiler
def test_an_open_search_that_runs_out_of_room_in_c_is_run_in_python(monkeypatch):
    decoder = default_decoder()
    y = devanagari_to_visual("कब्रिब्री")
    whole = decoder._search_open(y, compiled=False)
    monkeypatch.setattr(native, "OUT_CAP", 1)
    assert native.run_open(native.opensearch(), decoder._flat_lm, decoder._packed_open, y, decoder.channel.max_garble,
                           decoder._by_garble, 9.0, 1.0, 8) is None
    assert decoder._search_open(y) == whole
    monkeypatch.undo()  # the buffers made for a cap of 1 are made again at the full size (a review: C had been told
    assert decoder._search_open(y) == whole  # the cap of the day, and wrote 65,536 readings into 1)


@needs_compiler
def test_a_decoder_of_no_bengali_word_searches_in_python_alike():
    # a review: a character model with no contexts was read past its arrays in C, and gave no reading
    decoder = build_decoder({"abc": 1.0})
    y = devanagari_to_visual("कब")
    assert decoder._search_open(y) == decoder._search_open(y, compiled=False) != {}


@needs_compiler
@settings(max_examples=100, deadline=None)
@given(st.data())
def test_any_token_reads_the_same_in_both_open_searches(data):
    decoder = default_decoder()
    compiled, python = _open_both(decoder, _drawn_token(data, decoder, 12))
    assert compiled == python
