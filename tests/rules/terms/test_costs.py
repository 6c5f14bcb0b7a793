"""The weighted edit distance, with segment pairs (several units read as one, or lost together)."""

from functools import cache

from hypothesis import example, given, settings
from hypothesis import strategies as st

from puthi.rules.terms.costs import CostModel
from puthi.rules.terms.letters import units

PAIRS = {
    ("ট", "ট্ট"): 0.3,  # a doubled consonant read as one
    ("", "্র"): 0.4,  # a ra-phala lost
    ("দ্র", "ট্র"): 0.35,
    ("ত", "ভ"): 0.35,
    ("ক্", ""): 0.5,  # an invented half-letter
}


def brute_force(model: CostModel, observed: str, intended: str) -> float:
    """The same distance as a plain recursion over every operation, segment pairs included."""
    a, b = tuple(units(observed)), tuple(units(intended))
    rules = [(tuple(units(o)), tuple(units(i)), c) for (o, i), c in model.pairs.items()]

    @cache
    def d(i: int, j: int) -> float:
        if i == 0 and j == 0:
            return 0.0
        options = []
        if i:
            options.append(d(i - 1, j) + model.dele(a[i - 1]))
        if j:
            options.append(d(i, j - 1) + model.ins(b[j - 1]))
        if i and j:
            options.append(d(i - 1, j - 1) + (0.0 if a[i - 1] == b[j - 1] else model.sub(a[i - 1], b[j - 1])))
        for o, t, c in rules:
            p, q = len(o), len(t)
            if p <= i and q <= j and (p, q) != (0, 0) and a[i - p : i] == o and b[j - q : j] == t:
                options.append(d(i - p, j - q) + c)
        return min(options)

    return d(len(a), len(b))


def test_segment_pairs_make_their_confusions_cheap():
    model = CostModel(dict(PAIRS))
    plain = CostModel({k: v for k, v in PAIRS.items() if len(k[0]) <= 1 and len(k[1]) <= 1})
    for observed, intended in [("ছেষটি", "ছেষট্টি"), ("টিক", "ট্রিক"), ("দ্রিক", "ট্রিক")]:
        assert model.distance(observed, intended) < 0.5 < plain.distance(observed, intended)


letters = st.sampled_from(["ট", "্", "র", "ি", "ক", "দ", "ত", "ভ", "া", "ছ", "ষ"])


@settings(max_examples=300, deadline=None)
@given(st.lists(letters, max_size=7).map("".join), st.lists(letters, max_size=7).map("".join))
def test_the_row_by_row_distance_equals_a_plain_recursion(observed, intended):
    model = CostModel(dict(PAIRS))
    assert abs(model.distance(observed, intended) - brute_force(model, observed, intended)) < 1e-9


@settings(max_examples=200, deadline=None)
@given(st.lists(letters, max_size=7).map("".join), st.lists(letters, max_size=7).map("".join))
@example("ক্", "")  # the invented half-letter is one pair over two rows: row 1 alone costs more than 0.6
@example("কক্টি", "কটি")
def test_the_early_exit_never_hides_a_distance_within_the_limit(observed, intended):
    model = CostModel(dict(PAIRS))
    exact = brute_force(model, observed, intended)
    for limit in (0.3, 0.6, 1.0, 2.0):
        got = model.distance(observed, intended, limit)
        assert (got <= limit) == (exact <= limit)
        if exact <= limit:
            assert abs(got - exact) < 1e-9
