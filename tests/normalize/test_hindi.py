"""Real Hindi is left alone; Bengali read by a Hindi model is still repaired."""

from puthi.normalize.garble import find_garbled
from puthi.normalize.hindi import real_hindi_runs
from puthi.normalize.repair import repair_text

# Ordinary Hindi about card games, written for this test.
HINDI = """ताश के खेल में चार खिलाड़ी होते हैं और हर खिलाड़ी को तेरह पत्ते मिलते हैं।
इस खेल में हुकुम का इक्का सबसे बड़ा पत्ता माना जाता है।
बादशाह, बेगम और गुलाम को तस्वीर वाले पत्ते कहते हैं।
बच्चे शाम को आँगन में बैठकर ताश खेलते थे।"""


def test_a_hindi_text_passes_through_the_repair_untouched():
    repaired = repair_text(HINDI, lang="bn")
    assert repaired.text == HINDI
    assert [e for e in repaired.edits if e.rule == "wrong-script"] == []


def test_a_hindi_phrase_in_a_bengali_line_is_kept_and_garble_beside_it_is_repaired():
    line = "লোকে বলে ताश के खेल में, তাহা হইলে कब्रिब्री রাখে"
    assert [s.text for s in find_garbled(line)] == ["कब्रिब्री"]
    (start, end), = real_hindi_runs(line)
    assert line[start:end] == "ताश के खेल में,"


def test_garble_that_happens_to_contain_hindi_words_stays_garble():
    # the Hindi word कब ("when") beside a misread: one of two is not a Hindi run
    assert real_hindi_runs("कब कब्रिब्री") == []
    assert [s.text for s in find_garbled("তাহা कब कब्रिब्री রাখে")] == ["कब", "कब्रिब्री"]
    # and a lone Hindi word inside Bengali is taken for garble
    assert [s.text for s in find_garbled("তাহা कब রাখে")] == ["कब"]


def test_hindi_with_hyphens_numbers_and_latin_letters_is_kept():
    for text in ["वे धीरे-धीरे खेलते हैं।", "ताश के 52 पत्ते होते हैं।", "खिलाड़ी एक-दूसरे को देखते हैं",
                 "ताश के खेल में A और K बड़े पत्ते होते हैं।", "हुकुम का इक्का (A) सबसे बड़ा है"]:
        assert repair_text(text, lang="bn").text == text


def test_hindi_card_names_in_a_bengali_line_are_kept_for_the_term_aligner():
    from puthi.rules.terms import find_terms

    line = "হিন্দিতে इक्का, बादशाह বলে"
    assert repair_text(line, lang="bn").text == line
    assert {s.concept for s in find_terms(line)} >= {"card.ace", "card.king"}


def test_every_hindi_form_of_the_term_tables_is_a_hindi_word():
    from puthi.normalize.hindi import hindi_words
    from puthi.rules.terms import load_tables

    forms = {f for e in load_tables().entries if e.lang == "hi" for f in e.forms}
    assert forms and forms <= hindi_words(), sorted(forms - hindi_words())


def test_hindi_words_that_the_hindi_model_writes_for_bengali_are_no_evidence_of_hindi():
    # every token a Hindi word, but each one `hin` often writes for a Bengali word: soup, to be repaired
    soup = "शा छत का कि शत"
    assert real_hindi_runs(soup) == []
    assert [s.text for s in find_garbled(soup)] == soup.split()
    # real Hindi keeps its का, कि and एक: the other words carry it
    line = "राम ने कहा कि वह एक किताब पढ़ता है और श्याम का भाई खेलता है"
    assert real_hindi_runs(line) == [(0, len(line))]


def test_the_list_of_misread_hindi_words_is_derived_from_training_pairs():
    from puthi.normalize.hindi import garble_words, hindi_words

    words = garble_words()
    assert len(words) > 20 and words <= hindi_words()
    assert not words & {"के", "में", "है", "हैं", "से", "को", "ने", "और", "नहीं"}  # Hindi's own glue stays evidence


def test_one_hindi_word_in_quotation_marks_is_quoted_not_misread():
    # a hostile tester: হিন্দীতে ইহাকে "ताश" বলে became "রাখ"
    from puthi.normalize.repair import repair_line

    assert repair_line('হিন্দীতে ইহাকে "ताश" বলে।', "bn").text == 'হিন্দীতে ইহাকে "ताश" বলে।'
    assert real_hindi_runs("ইহাকে “ताश”, আর কিছু") == [(6, 12)]
    assert real_hindi_runs('যে "कब्रिब्री" নহে') == real_hindi_runs("যে ताश নহে") == []  # no word, or not quoted
    for line in ('उसने "ताश" खेला और जीता।', 'वह "खेल" है'):  # a review: a quoted word inside Hindi is Hindi's
        assert real_hindi_runs(line) == [(0, len(line))]
