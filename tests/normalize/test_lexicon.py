"""The lexicons: sources merged, normalised, old spellings known."""

import unicodedata

import pytest

from puthi.normalize.lexicon import BN_WEIGHTS, load_lexicon, old_orthography


def test_bengali_lexicon_has_its_sources_and_old_forms():
    bn = load_lexicon("bn")
    assert bn.sources["tesseract"] > 30000
    assert bn.sources["sadhu"] > 1000
    for word in ("করিয়া", "হইবে", "তাহারা", "যাঁহার", "পর্য্যন্ত", "সর্ব্বাপেক্ষা", "খেলা"):
        assert word in bn, word
    assert "ৰিস্তি" not in bn


def test_hunspell_when_installed():
    bn = load_lexicon("bn")
    if "hunspell" not in bn.sources or bn.sources["hunspell"] == 0:
        pytest.skip("hunspell-bn not installed (apt-get install hunspell-bn)")
    assert bn.sources["hunspell"] > 100000
    assert bn.frequency("খেলা") >= BN_WEIGHTS["tesseract"] + BN_WEIGHTS["hunspell"]


def test_lexicon_words_are_normalised():
    for lang in ("bn", "as"):
        lex = load_lexicon(lang)
        sample = list(lex.freq)[:: max(1, len(lex) // 2000)]
        assert all(unicodedata.is_normalized("NFC", w) for w in sample)
        assert not any("\N{BENGALI LETTER YYA}" in w for w in sample)


def test_assamese_lexicon_is_assamese():
    lex = load_lexicon("as")
    assert lex.frequency("আৰু") > lex.frequency("কৰা") > 100
    assert "\N{BENGALI LETTER RA}" not in "".join(sorted(lex.freq, key=lex.frequency, reverse=True)[:200])


def test_old_orthography_only_after_reph():
    assert old_orthography("কার্য") == "কার্য্য"
    assert old_orthography("কার্য্য") == "কার্য্য"
    assert old_orthography("বাক্য") == "বাক্য"


def test_unknown_language():
    with pytest.raises(ValueError, match="no lexicon"):
        load_lexicon("hi")


def test_committed_word_lists_match_their_sources(capsys):
    import shutil

    from puthi.normalize.build_lexicon import SHARED, build

    if shutil.which("combine_tessdata") is None or not (SHARED / "data" / "assamese-wikipedia-10k").exists():
        pytest.skip("needs tesseract-ocr tools and ../shared/data to rebuild the word lists")
    assert build(check=True) == 0, capsys.readouterr().err
