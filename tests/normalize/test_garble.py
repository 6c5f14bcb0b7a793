"""Wrong-script repair: edits that replay, clean text left alone, and unseen garble actually decoded."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize.edits import apply_edits
from puthi.normalize.garble import DIGIT_GUESS, decode, default_decoder, find_garbled, fix_line, is_numeric
from puthi.normalize.garble_visual import devanagari_to_visual, from_visual, to_visual
from puthi.normalize.train_garble import is_heldout, make_lines, word_list

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
GOLD = Path(__file__).parent / "data" / "seed000_gold.json"


def seed(name: str) -> str:
    path = next(SEEDS.glob(f"{name}_*.txt"), None) if SEEDS.exists() else None
    if path is None:
        pytest.skip(f"seed {name} not found under {SEEDS} (needs ../shared/seeds beside the repository)")
    return path.read_text(encoding="utf-8")


def test_visual_order_round_trips_every_lexicon_word():
    words = word_list()[::20]
    assert len(words) > 3000
    bad = [w for w in words if from_visual(to_visual(w)) != w]
    assert bad == []


def test_visual_order_puts_pre_base_signs_first():
    assert to_visual("দেখে") == "\N{BENGALI VOWEL SIGN E}দ\N{BENGALI VOWEL SIGN E}খ"
    assert to_visual("বোধ") == "\N{BENGALI VOWEL SIGN E}ব\N{BENGALI VOWEL SIGN AA}ধ"
    assert devanagari_to_visual("ब्रि") == "\N{DEVANAGARI VOWEL SIGN I}ब्र"


def test_seed_edits_apply_cleanly_and_only_touch_garble():
    text = seed("000")
    for line in text.split("\n"):
        edits = fix_line(line)
        repaired = apply_edits(line, edits)  # raises if an edit does not match or overlaps
        for e in edits:
            assert line[e.start:e.end] == e.before
            assert e.rule == "wrong-script" and 0 < e.confidence <= 1
            assert not any("\u0900" <= c <= "\u097f" and c not in "।॥" for c in e.after)
        assert not any("\u0900" <= c <= "\u097f" and c not in "।॥" for c in repaired)


def test_every_gold_run_is_found():
    gold = json.loads(GOLD.read_text(encoding="utf-8"))["runs"]
    lines = seed("000").split("\n")
    found = {(i, s.start) for i, line in enumerate(lines) for s in find_garbled(line)}
    missing = [g["garbled"] for g in gold if (g["line"], g["line_start"]) not in found]
    assert missing == []


@pytest.mark.parametrize("name", ["002", "003", "004"])
def test_clean_seeds_pass_untouched(name):
    for line in seed(name).split("\n"):
        assert fix_line(line) == [], line


def test_real_english_and_numbers_are_left_alone():
    for line in ["The game Grabu (গ্রাবু) is played by four, see pagat.com",
                 "১০ পয়েন্ট, 10 points; ব্যোম = Vyom", "• তাস খেলা", "অধ্যায় ৩: Sixty-Six"]:
        assert fix_line(line) == [], line


def test_numbers_read_as_bengali_digits():
    assert is_numeric("२१") and not is_numeric("कब")
    (reading, p), = decode("२१")
    assert all("\N{BENGALI DIGIT ZERO}" <= c <= "\N{BENGALI DIGIT NINE}" for c in reading)
    # a digit read as a Bengali digit of another value is a guess between the look-alike and the value
    kept = all(unicodedata.digit(a) == unicodedata.digit(b) for a, b in zip("२१", reading, strict=True))
    assert p == (1.0 if kept else DIGIT_GUESS)


def test_nbest_is_ranked_and_normalised():
    readings = decode("कविशां")
    assert readings and abs(sum(p for _, p in readings) - 1) < 1e-6
    assert [p for _, p in readings] == sorted((p for _, p in readings), reverse=True)
    assert all(unicodedata.is_normalized("NFC", w) for w, _ in readings)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.sampled_from("कखगटडतबरलशसािीुेो्ंঅকখগতবরলসািে c t*•।, e१२"), max_size=24))
def test_fix_line_never_fails_and_replays(line):
    edits = fix_line(line)
    apply_edits(line, edits)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("tesseract") is None, reason="Tesseract is not installed")
def test_decoder_recovers_unseen_rendered_words():
    """Words never rendered for training, set in two fonts, read by Tesseract hin, then decoded.

    Stated rates: at least 27 % of the words come back exactly (raw OCR and the offset transliteration: 0 %),
    and the character error rate of the decoded words is at most 0.37, against about 0.8 for the offset
    baseline. Measured: 13/60 words (22 %), CER 0.361 vs 0.821 with the open-vocabulary decoder; 22/60
    (37 %), CER 0.289 with lexicon-constrained decoding (Lohit Bengali, Noto Serif Bengali).
    """
    pytesseract = pytest.importorskip("pytesseract")
    if "hin" not in pytesseract.get_languages():
        pytest.skip("Tesseract has no hin traineddata; apt-get install tesseract-ocr-hin")
    from puthi.normalize.train_garble import ocr_page
    from puthi.ocr.metrics import cer
    from puthi.ocr.synth import Degradation, render

    held = [w for w in word_list() if is_heldout(w)]
    lines = make_lines(held, 6, seed=99, per_line=5)
    refs, hyps, shifted = [], [], []
    for k, font in enumerate(["Lohit Bengali", "Noto Serif Bengali"]):
        sample = render("\n".join(lines), font, size=36, seed=k, degrade=Degradation(blur=0.6, noise=4.0))
        read = ocr_page(sample.image, "hin")
        if len(read) != len(lines):
            continue
        for src, ocr in zip(lines, read, strict=True):
            if len(src.split()) != len(ocr.split()):
                continue
            for s, o in zip(src.split(), ocr.split(), strict=True):
                readings = default_decoder().decode(o)
                refs.append(s)
                hyps.append(readings[0][0] if readings else "")
                shifted.append("".join(chr(ord(c) + 0x80) if "\u0900" <= c <= "\u097f" else c for c in o))
    assert len(refs) >= 30, f"only {len(refs)} word pairs lined up; the OCR output changed shape"
    exact = sum(h == r for h, r in zip(hyps, refs, strict=True)) / len(refs)
    assert exact >= 0.27, f"{exact:.0%} of {len(refs)} unseen words recovered"
    assert sum(h == r for h, r in zip(shifted, refs, strict=True)) / len(refs) < exact
    repaired_cer, baseline_cer = cer(" ".join(refs), " ".join(hyps)), cer(" ".join(refs), " ".join(shifted))
    print(f"exact {exact:.2f}, CER {repaired_cer:.3f} (offset baseline {baseline_cer:.3f})")
    assert repaired_cer <= 0.37 and repaired_cer < baseline_cer, (repaired_cer, baseline_cer)


def test_the_built_decoder_is_kept_on_disk_and_rebuilt_when_its_inputs_change(tmp_path, monkeypatch):
    from puthi.normalize import garble

    monkeypatch.setenv("PUTHI_CACHE", str(tmp_path))
    lexicon = {"তাস": 5.0, "খেলা": 3.0, "করিয়া": 2.0}
    monkeypatch.setattr(garble, "_lexicon_words", lambda: dict(lexicon))
    first = garble.default_decoder.__wrapped__()
    (cached,) = tmp_path.glob("decoder-*.pickle")
    build = garble.build_decoder

    def no_build(*args, **kwargs):
        raise AssertionError("the decoder was built again instead of read from the cache")

    monkeypatch.setattr(garble, "build_decoder", no_build)
    again = garble.default_decoder.__wrapped__()
    assert again.lexicon == first.lexicon
    assert again.decode("কविशां") == first.decode("কविशां")
    cached.write_bytes(b"not a pickle")  # a corrupt file is built again and replaced
    monkeypatch.setattr(garble, "build_decoder", build)
    assert garble.default_decoder.__wrapped__().lexicon == lexicon
    assert cached.read_bytes() != b"not a pickle"
    lexicon["পিঠ"] = 1.0  # another lexicon: another file, and the old one is removed
    assert "পিঠ" in garble.default_decoder.__wrapped__().lexicon
    (newer,) = tmp_path.glob("decoder-*.pickle")
    assert newer != cached


def _exact_channel_scores(decoder, y: str, words: list[str], sub: float, skip: float) -> dict[str, float]:
    """Brute force: for each visual-order word, the best channel score of reading it as ``y`` (dynamic
    programming over every alignment: channel rows, any-letter substitution, skipped garble signs, and at
    each garble position at most one Bengali segment the OCR dropped)."""
    rows = decoder._expansions(y)
    neg = float("-inf")
    out = {}
    for w in words:
        # best[i][j][d]: w[:i] read from y[:j]; d = 1 when the last step was a dropped segment at j
        best = [[[neg, neg] for _ in range(len(y) + 1)] for _ in range(len(w) + 1)]
        best[0][0][0] = 0.0
        for j in range(len(y) + 1):
            for i in range(len(w) + 1):
                here = best[i][j][0]
                if here > neg and j < len(y):  # a dropped segment comes before a garble sign, not at the end
                    for src, lc in decoder._drops:
                        if w.startswith(src, i):
                            cell = best[i + len(src)][j]
                            cell[1] = max(cell[1], here + lc)
            for i in range(len(w) + 1):
                here = max(best[i][j])
                if here == neg or j == len(y):
                    continue
                for b, src, lc in rows[j]:
                    if w.startswith(src, i):
                        cell = best[i + len(src)][j + b]
                        cell[0] = max(cell[0], here + lc)
                if i < len(w):
                    best[i + 1][j + 1][0] = max(best[i + 1][j + 1][0], here - sub)
                best[i][j + 1][0] = max(best[i][j + 1][0], here - skip)
        if max(best[len(w)][len(y)]) > neg:
            out[w] = max(best[len(w)][len(y)])
    return out


@pytest.mark.parametrize("compiled", [True, False], ids=["C", "Python"])
@pytest.mark.parametrize("sub, skip", [(9.0, 9.0), (9.0, 5.0), (5.0, 9.0)])
def test_the_lexicon_search_without_pruning_finds_the_exact_best_alignment_of_every_word(sub, skip, compiled):
    # Guards the search's shortcuts (channel rows met through the next letters of a prefix, rows that cannot
    # beat the floors left out) against a plain dynamic programme; the floors differ in two of the cases.
    from puthi.normalize.garble import DecoderConfig, build_decoder

    words = ["করিয়া", "করা", "কর", "রাখে", "পিঠ", "পিঠে", "তাস", "তাহা", "খেলা", "হইলে", "ইহার"]
    config = DecoderConfig(substitute_floor=sub, skip_floor=skip, prune=1e9, lexicon_beam=10**6)
    decoder = build_decoder({w: 1.0 for w in words}, config)
    visual = [to_visual(w) for w in words]
    for token in ["कविशां", "कब्रिब्री", "पिঠে", "तास", "रt", "खेला"]:
        y = devanagari_to_visual(unicodedata.normalize("NFC", token))
        found = decoder._search_lexicon(y, decoder._expansions(y), compiled=compiled)
        exact = _exact_channel_scores(decoder, y, visual, sub, skip)
        assert found.keys() == exact.keys(), token
        assert all(abs(found[w] - exact[w]) < 1e-9 for w in exact), token


def test_a_reading_the_document_spells_elsewhere_is_preferred():
    from puthi.normalize.repair import document_words, repair_text

    alone = default_decoder().decode("कब्रिब्री")
    assert alone[0][0] != "করিয়া" and "করিয়া" in [w for w, _ in alone]  # a candidate, not the first
    assert default_decoder().decode("कब्रिब्री", document={"করিয়া": 2})[0][0] == "করিয়া"
    # the whole text is the document: a clean করিয়া on another line decides the garbled one
    assert repair_text("সে করিয়া গেল\nতাহা হইলে कब्रिब्री রাখে", lang="bn").text.endswith("হইলে করিয়া রাখে")
    assert document_words("সে করিয়া গেল, कब्रिब्री «করিয়া৷»") == {"সে": 1, "করিয়া": 2, "গেল": 1}
    # a reading the bonus lifts from below the n-best is kept for it (not cut at a fixed count)
    # (the reviewer's case was স্যর for जता!; which short garble has such a reading moves with the tables)
    decoder = default_decoder()
    for token in ("जता!", "गा!", "रा,", "था,"):
        found = decoder.scored(token)
        lifted = [w for s, w, _ in found[50:] if s + decoder.config.document_bonus > found[0][0]]
        if lifted:  # far down the list, yet within the bonus of the first
            assert decoder.decode(token, document={lifted[0]: 1})[0][0] == lifted[0]
            break
    else:
        pytest.fail("no short garble has a reading beyond the 50th within the document bonus")


def test_an_edit_confidence_is_the_calibrated_share_and_numbers_keep_theirs():
    from puthi.normalize.garble import DecoderConfig, logit, sigmoid

    decoder = default_decoder()
    a, b = decoder.config.calibration
    assert a > 0  # a higher share never means a lower confidence
    (edit,) = fix_line("তাহা হইলে कब्रिब्री রাখে", decoder)
    share = decoder.decode("कब्रिब्री")[0][1]
    assert edit.confidence == round(sigmoid(a * logit(share) + b), 3) and edit.confidence < share
    raw = decoder.variant(config=DecoderConfig(calibration=(1.0, 0.0)))
    assert fix_line("তাহা হইলে कब्रिब्री রাখে", raw)[0].confidence == round(share, 3)
    # a number's confidence says how its digits were read (1.0, 0.8, DIGIT_GUESS), untouched by the calibration
    assert [e.confidence for e in fix_line("মোট २ ফোটা", decoder)] == [1.0]


def test_an_unclosed_bracket_before_devanagari_is_the_vowel_sign_e():
    # Tesseract hin reads the pre-base sign ে as "(": (घाऊा is ঘোড়া garbled; a real parenthesis stays.
    line = "जाव़ (काबक़श अछिवाक कण़ा"
    spans = find_garbled(line)
    assert [s.text for s in spans][:2] == ["जाव़", "(काबक़श"]
    after = apply_edits(line, fix_line(line))
    assert "(" not in after and after.split()[1].startswith("কো")
    assert [s.text for s in find_garbled("সে (कब्रिब्री) খেলে")] == ["कब्रिब्री"]
    assert apply_edits("সে (তাস) খেলে", fix_line("সে (তাস) খেলে")) == "সে (তাস) খেলে"
    # a parenthesis closed later in the line, or before a digit or a vowel, stays a parenthesis
    for line in ("খেলোয়াড় (२ জন) খেলে", "সে (कब्रिब्री खेलो) খেলে", "(अ নিয়ম"):
        assert all(not s.text.startswith("(") for s in find_garbled(line)), line


def test_the_decoder_weighs_words_by_web_counts_and_the_corrector_does_not():
    from puthi.normalize.garble import _lexicon_words
    from puthi.normalize.lexicon import load_lexicon

    lists, web = load_lexicon("bn"), _lexicon_words()
    assert load_lexicon("bn") is load_lexicon(lang="bn", web_counts=False)  # one lexicon however it is asked for
    # the web list holds words only: no digits, no lone signs or joiners (pieces wordfreq's tokeniser leaves)
    counted = load_lexicon("bn", web_counts=True).freq.keys() - lists.freq.keys()
    assert counted and not [w for w in counted if not unicodedata.category(w[0]).startswith("Lo")
                            or any(unicodedata.category(c) == "Nd" for c in w)]
    assert web["করে"] > 100 * web["করিয়াছিস"]  # the web's counts: করে is among the commonest words
    assert lists.frequency("করে") < 10 * lists.frequency("করিয়াছিস")  # the word lists' pseudo-counts
    assert "পৌছলাম" not in lists or lists.frequency("পৌছলাম") <= lists.frequency("পৌঁছলাম")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["টেক্কা", "প্রত্যেকে", "সাহেব", "খেলা", "দহলা"]), st.sampled_from("nxcte"),
       st.integers(0, 3))
def test_a_mixed_token_keeps_its_bengali_letters(word, latin, at):
    # A Bengali model wrote the Bengali letters of a mixed token: a reading may add to them, never drop them.
    token = word[:at] + latin + word[at:]
    for edit in fix_line(f"খেলা {token} শেষ"):
        letters = [c for c in word if "\u0985" <= c <= "\u09b9"]
        rest = iter(c for c in edit.after if "\u0985" <= c <= "\u09b9")
        assert all(c in rest for c in letters), (token, edit.after)


def test_a_stray_latin_letter_on_a_word_is_dropped():
    assert apply_edits("বিবি, nটেক্কা ও", fix_line("বিবি, nটেক্কা ও")) == "বিবি, টেক্কা ও"


def test_a_number_read_digit_by_digit_is_as_sure_as_all_its_guesses():
    # a newcomer: seed 000's page number `१२४` became ৭২১ at 0.5, which passed `puthi terms --repair`
    decoder = default_decoder()
    [(value, sure)] = decoder.decode_number("१२४")
    [(_, one_guess)] = decoder.decode_number("१")
    [(kept, certain)] = decoder.decode_number("२")
    assert one_guess == DIGIT_GUESS < 0.5 and sure < DIGIT_GUESS and len(value) == 3
    assert (kept, certain) == ("২", 1.0)


def test_a_lone_garbled_digit_between_words_is_the_word_hin_writes_it_for():
    # a newcomer: "ছক্কা ७ পঞ্জা" became ছক্কা ৩ পঞ্জা, and the corpus listed the number 3; `hin` writes ७ for the
    # conjunction ও more often than for any digit
    [edit] = fix_line("ইহাতে বিন্তি, ছক্কা ७ পঞ্জা ধরা হয় না।")
    assert (edit.before, edit.after) == ("७", "ও") and 0 < edit.confidence < 0.5
    # beside a number, at the end of a line, or a sign the channel saw most often for a digit: a digit still
    # nor before a classifier or a unit, or after a word that asks for a number (a review)
    for line in ["১২ ७ জন", "মোট ७", "খেলোয়াড় ४ জন", "প্রত্যেক খেলোয়াড় ७ খানা তাস পায়।", "এই খেলায় ७ জন খেলোয়াড়।",
                 "টেক্কার মূল্য ७ পয়েন্ট।", "টেক্কার মূল্য ७ দেওয়া হয়।"]:
        [edit] = fix_line(line)
        assert edit.after in "০১২৩৪৫৬৭৮৯" and edit.confidence <= DIGIT_GUESS, line
    # but a word that merely begins like a classifier, or ends like a cue, is no number's (a second review)
    for line in ["খেলার শেষে সাহেব ७ টেক্কা যাহার হাতে থাকে।", "দাবা ७ শতরঞ্চ খেলা।", "ইহা বর্তমান ७ পূর্বে একই।"]:
        assert [e.after for e in fix_line(line)] == ["ও"], line
