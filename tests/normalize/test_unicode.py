"""Unicode normalisation: each rule, the Assamese guard, replay and idempotence."""

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize.edits import apply_edits
from puthi.normalize.unicode import normalize, normalized

YA_NUKTA = "\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}"


def test_precomposed_nukta_letters_become_base_plus_nukta():
    text = "\N{BENGALI LETTER YYA} \N{BENGALI LETTER RRA} \N{BENGALI LETTER RHA}"
    out, edits = normalize(text)
    assert out == unicodedata.normalize("NFC", text)
    assert YA_NUKTA in out and "\N{BENGALI LETTER YYA}" not in out
    assert {e.rule for e in edits} == {"nukta-decomposed"}


def test_two_part_vowel_signs_compose():
    assert normalized("ক\N{BENGALI VOWEL SIGN E}\N{BENGALI VOWEL SIGN AA}") == "কো"
    assert normalized("ক\N{BENGALI VOWEL SIGN E}\N{BENGALI AU LENGTH MARK}") == "কৌ"


def test_a_plus_aa_and_khanda_ta():
    assert normalized("অামার") == "আমার"
    assert normalized("মহ\N{BENGALI LETTER TA}\N{BENGALI SIGN VIRAMA}\N{ZERO WIDTH JOINER}") == "মহৎ"


def test_candrabindu_moves_after_the_vowel_sign():
    assert normalized("প\N{BENGALI SIGN CANDRABINDU}\N{BENGALI VOWEL SIGN AA}চ") == "পাঁচ"


def test_danda_only_where_it_is_punctuation():
    assert normalized("খেলা হইবে |") == "খেলা হইবে ।"
    assert normalized("খেলা হইবে||") == "খেলা হইবে॥"
    assert normalized("a | b") == "a | b"
    assert normalized("| ক | খ |x") == "| ক । খ |x"
    # a table's column rules stay (a newcomer's value table had become sentences): a bar before a number alone in
    # its cell, or two spaced bars on one line; a danda before a sentence stays a danda
    assert normalized("নহল| ০\nতাস | ফোটা | মূল্য\nটেক্কা | ১১") == "নহল| ০\nতাস | ফোটা | মূল্য\nটেক্কা | ১১"
    assert normalized("খেলা শেষ| এবার নতুন খেলা") == "খেলা শেষ। এবার নতুন খেলা"


def test_zwj_zwnj_kept_and_assamese_letters_untouched():
    rya_zwj = "র\N{ZERO WIDTH JOINER}\N{BENGALI SIGN VIRAMA}য"
    assert normalized(rya_zwj) == rya_zwj
    zwnj = "ক\N{ZERO WIDTH NON-JOINER}ষ"
    assert normalized(zwnj) == zwnj
    assamese = "দছ-গুটি খেলৰ নিয়ম: ৰঙা আৰু ৱাৰ"
    out, edits = normalize(assamese, lang="as")
    assert "ৰ" in out and "ৱ" in out
    assert all("ৰ" not in e.before and "ৱ" not in e.before for e in edits)


def test_clean_text_has_no_edits():
    text = "তাহা হইলে পর্য্যন্ত সর্ব্বাপেক্ষা"
    assert normalize(text) == (text, [])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("কখগয়ড়ঢ়অআাে ৗঁিৎ্\u200d\u200c|aৰৱ ।\u09dc\u09dd\u09df")) | st.characters(),
               max_size=40))
def test_replay_idempotent_nfc_stable(text):
    out, edits = normalize(text)
    assert apply_edits(text, edits) == out
    assert normalized(out) == out
    assert unicodedata.is_normalized("NFC", out)


def test_a_value_read_as_look_alikes_in_a_table_cell_keeps_its_rule_and_becomes_digits():
    # a newcomer's scan: "সাহেব | e" (the king's ৫) had become a danda and an e; "বিবি e •" at a line's end ০ ০
    from puthi.normalize.repair import repair_text

    assert repair_text("সাহেব | e\nবিবি e •\nতাস খেলা e\n").text == "সাহেব | ৫\nবিবি ৫০\nতাস খেলা e\n"


def test_an_invisible_character_inside_a_word_is_taken_out_and_a_joiner_kept():
    # a hostile tester: a soft hyphen or zero-width space inside চব্বিশটি hid it from the claims and the terms
    from puthi.normalize.unicode import INVISIBLE

    for ch in INVISIBLE:
        text, edits = normalize(f"চব্বি{ch}শটি তাস")
        assert text == "চব্বিশটি তাস" and [e.rule for e in edits] == ["invisible"], hex(ord(ch))
    assert normalize("র\u200d্য")[0] == "র\u200d্য"


def test_claims_and_terms_read_past_an_invisible_character_and_keep_their_offsets():
    from puthi.rules.claims import extract_claims
    from puthi.rules.terms import find_terms

    text = "ছেষট্টি খেলায় চব্বি\u00adশটি তাস ব্যবহার করা হয়। তা\u200bস"
    [claim] = extract_claims(text, "sixtysix")
    assert (claim.quantity, claim.stated, claim.start, claim.end) == ("deck_size", 24, 0, text.index("।") + 1)
    cards = [s for s in find_terms(text) if s.concept == "vocab.card"]
    assert [(s.surface, text[s.start:s.end]) for s in cards] == [("তাস", "তাস"), ("তা\u200bস", "তা\u200bস")]


def test_a_vowel_sign_split_by_an_invisible_character_is_one_sign_again():
    # a review: the halves of ো (ে + া) either side of a soft hyphen stayed two code points, not NFC
    import unicodedata

    from puthi.rules.claims.extract import nfc_with_offsets

    text = normalize("ক\u09c7\u00ad\u09be খেলা")[0]
    assert text == "কো খেলা" and unicodedata.is_normalized("NFC", text)
    assert nfc_with_offsets("ক\u09c7\u00ad\u09be খেলা")[0] == "কো খেলা"


def test_numbers_and_the_terms_command_read_past_an_invisible_character(tmp_path):
    # a hostile tester: `puthi terms` (the aligner itself, not find_terms) found no বি\u00adবি, and ১\u00ad১ was two 1s
    import json
    import subprocess
    import sys

    from puthi.rules.terms import find_numbers

    assert [(n.start, n.end, n.value) for n in find_numbers("মূল্য ১\u00ad১।")] == [(6, 9, 11)]
    text = "বি\u00adবি আর টে\u200bক্কা, মূল্য ১\u2060১\n"
    out = subprocess.run([sys.executable, "-m", "puthi", "terms", "-"], input=text, capture_output=True, text=True)
    spans = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(s["surface"], s.get("concept"), s.get("value")) for s in spans] == [
        ("বি\u00adবি", "card.queen", None), ("টে\u200bক্কা", "card.ace", None), ("১\u2060১", "number", 11)]
    assert all(text[s["start"]:s["end"]] == s["surface"] for s in spans)
