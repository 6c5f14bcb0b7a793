"""The weighted edit distance against a plain recursion, with and without its early exit."""

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.rules.terms.costs import CostModel, default_costs
from puthi.rules.terms.letters import units


def brute_force(model: CostModel, observed: str, intended: str) -> float:
    """The same distance as a plain recursion over every operation."""
    a, b = units(observed), units(intended)

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
        return min(options)

    return d(len(a), len(b))


letters = st.sampled_from(["ট", "্", "র", "ি", "ক", "দ", "ত", "ভ", "া", "ো", "ে", "ছ", "ষ", "ব", "ৰ", "য়"])
words = st.lists(letters, max_size=7).map("".join)


@settings(max_examples=300, deadline=None)
@given(words, words)
def test_the_distance_equals_a_plain_recursion_and_the_early_exit_hides_nothing(observed, intended):
    model = default_costs()  # the learned and hand-written costs as shipped
    exact = brute_force(model, observed, intended)
    assert abs(model.distance(observed, intended) - exact) < 1e-9
    for limit in (0.3, 0.6, 1.0, 2.0):
        got = model.distance(observed, intended, limit)
        assert (got <= limit) == (exact <= limit)
        if exact <= limit:
            assert abs(got - exact) < 1e-9
