"""Composition of two passes of edits: replaying the composed edits equals running both passes."""

from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.normalize.compose import compose
from puthi.normalize.edits import Edit, apply_edits


@st.composite
def edits_on(draw, text):
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=8)))
    edits = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        if edits and a < edits[-1].end:
            continue
        if a == b and edits and edits[-1].end == a:
            continue
        after = draw(st.text(alphabet="কখ্ ়xy", max_size=3))
        if after == text[a:b]:
            continue
        edits.append(Edit(a, b, text[a:b], after, draw(st.sampled_from(["r1", "r2"]))))
    return edits


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_composed_edits_replay(data):
    text0 = data.draw(st.text(alphabet="abcকখ ", max_size=20))
    first = data.draw(edits_on(text0))
    text1 = apply_edits(text0, first)
    second = data.draw(edits_on(text1))
    text2 = apply_edits(text1, second)
    composed = compose(text0, first, second)
    assert apply_edits(text0, composed) == text2
    for e in composed:
        assert text0[e.start : e.end] == e.before


def test_touching_edits_merge_with_both_rules():
    text0 = "অাম"
    first = [Edit(0, 2, "অা", "আ", "a-aa-ligature")]
    second = [Edit(0, 2, "আম", "আমি", "ocr-confusion", 0.9)]
    (e,) = compose(text0, first, second)
    assert (e.start, e.end, e.before, e.after) == (0, 3, "অাম", "আমি")
    assert e.rule == "a-aa-ligature+ocr-confusion" and e.confidence == 0.9
