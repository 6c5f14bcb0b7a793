"""The confusion table: learned rows with sources, costs in range, alignment of unaligned texts."""

from puthi.normalize.confusions import (
    TABLE,
    Counts,
    align_words,
    alternatives,
    load_confusions,
    substitution_cost,
    units,
)


def test_table_rows_have_counts_and_sources():
    rows = [ln.split("\t") for ln in TABLE.read_text(encoding="utf-8").splitlines() if not ln.startswith("#")]
    assert rows[0] == ["observed", "intended", "count", "intended_total", "source"]
    assert len(rows) > 10
    for o, i, n, total, source in rows[1:]:
        assert o != i and int(n) >= 2 and int(total) > 0 and source in ("memoir-dev", "oldprint-dev", "rendered")


def test_costs_are_between_zero_and_one_and_lower_for_known_confusions():
    costs = load_confusions()
    assert all(0 < c <= 1 for c in costs.values())
    assert substitution_cost("থ", "খ") < substitution_cost("ক", "খ") == 1.0
    assert substitution_cost("ক", "ক") == 0.0


def test_counting_a_word_pair():
    c = Counts.__new__(Counts)
    import collections

    c.pairs, c.totals = collections.Counter(), collections.Counter()
    c.add_word_pair("থেলা", "খেলা")
    c.add_word_pair("ফোট", "ফোটা")
    assert c.pairs[("থ", "খ")] == 1 and c.pairs[("", "া")] == 1
    assert c.totals["া"] == 2


def test_units_keep_nukta_with_its_letter_and_alignment_skips_far_pairs():
    assert units("য়") == ["য়"]
    assert align_words("আমি bad তুমি", "আমি ভালো তুমি") == [("আমি", "আমি"), ("তুমি", "তুমি")]
    assert "ব" in [i for i, _ in alternatives()["ৰ"]]


def _counts(*pairs: tuple[str, str]) -> Counts:
    import collections

    c = Counts(collections.Counter(), collections.Counter())
    for o, i in pairs:
        c.add_word_pair(o, i)
    return c


def test_one_misread_glyph_is_one_confusion_of_several_units():
    # স্থ for সু (old print): "্থ" read for "ু", not a ু→্ and a থ invented
    assert dict(_counts(("স্থতরাং", "সুতরাং")).pairs) == {("্থ", "ু"): 1}
    # a conjunct misread whole, either side of its hasanta: রহন্ত for রহস্য
    assert dict(_counts(("রহন্ত", "রহস্য")).pairs) == {("ন্ত", "স্য"): 1}
    # letters apart stay apart
    assert dict(_counts(("থেলাম", "খেলাস")).pairs) == {("থ", "খ"): 1, ("ম", "স"): 1}


def test_a_hasanta_written_with_a_joiner_or_without_is_no_confusion():
    assert not _counts(("ঝট্\u200cপট্\u200c", "ঝটপট"), ("কখন", "কখন্\u200c")).pairs
    assert _counts(("রক্ত\u200c", "রকত")).pairs  # a joiner elsewhere hides no conjunct (a review)
