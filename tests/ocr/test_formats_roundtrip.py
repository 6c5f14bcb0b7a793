"""Page -> hOCR -> Page and Page -> ALTO -> Page give the page back, for random pages of Bengali text.

Every ALTO written here is validated against the ALTO 4.3 schema (skipped, with a message, without
../shared/schemas).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puthi.ocr.alto import read_alto, schema_path, to_alto, validate_alto
from puthi.ocr.hocr import read_hocr, to_hocr
from puthi.ocr.model import Block, Box, Line, Page, Step, Word

LETTERS = [chr(c) for c in range(0x985, 0x9B9)] + [
    "\N{BENGALI VOWEL SIGN AA}", "\N{BENGALI VOWEL SIGN I}", "\N{BENGALI VOWEL SIGN E}", "\N{BENGALI SIGN VIRAMA}",
    "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}", "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}",
    "\N{BENGALI DIGIT ONE}", "\N{BENGALI CURRENCY NUMERATOR FOUR}", "\N{ZERO WIDTH NON-JOINER}",
    "&", "<", '"', "'", ";", "a",
]
LANGS = ["", "ben", "asm", "hin", "eng"]

coords = st.integers(min_value=0, max_value=5000)


@st.composite
def boxes(draw):
    x0, y0 = draw(coords), draw(coords)
    return Box(x0, y0, x0 + draw(st.integers(0, 800)), y0 + draw(st.integers(0, 200)))


maybe_box = st.one_of(st.none(), boxes())
confidence = st.one_of(st.just(-1.0), st.integers(0, 10000).map(lambda n: n / 100))
words = st.builds(Word, st.text(st.sampled_from(LETTERS), min_size=1, max_size=8), maybe_box, confidence,
                  st.sampled_from(LANGS))
lines = st.builds(Line, st.lists(words, max_size=5), maybe_box)
blocks = st.builds(Block, st.lists(lines, max_size=4), maybe_box)
json_values = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=10),
                        st.floats(allow_nan=False, allow_infinity=False, width=32))
steps = st.builds(Step, st.text(st.sampled_from([*LETTERS, "_", "."]), min_size=1, max_size=12),
                  st.dictionaries(st.text(st.sampled_from("abcdefgh_"), min_size=1, max_size=6), json_values,
                                  max_size=4))
paths = st.text(st.sampled_from([*LETTERS, "/", "-", ".", " ", "\\"]), max_size=20)


@st.composite
def documents(draw, one_path: bool = False):
    n = draw(st.integers(1, 3))
    shared = draw(paths)
    return [
        Page(path=shared if one_path else draw(paths), width=draw(coords), height=draw(coords),
             lang=draw(st.sampled_from(LANGS)), blocks=draw(st.lists(blocks, max_size=3)),
             steps=draw(st.lists(steps, max_size=3)), page_no=draw(st.integers(1, 500)))
        for _ in range(n)
    ]


@settings(max_examples=150, deadline=None)
@given(documents())
def test_hocr_round_trip(pages):
    assert read_hocr(to_hocr(pages)) == pages


def expected_from_alto(page: Page) -> Page:
    """ALTO keeps the page language on its TextBlocks: a page without blocks comes back without one."""
    return page if page.blocks else Page(**{**page.__dict__, "lang": ""})


@pytest.fixture(scope="module")
def alto_schema():
    if not schema_path().exists():
        pytest.skip(f"ALTO schema absent at {schema_path()}: ALTO validation skipped (copy ../shared/schemas)")


@settings(max_examples=150, deadline=None)
@given(documents(one_path=True))
def test_alto_round_trip_and_every_document_is_valid(alto_schema, pages):
    xml = to_alto(pages)
    assert validate_alto(xml) == []
    assert read_alto(xml) == [expected_from_alto(p) for p in pages]


@pytest.mark.parametrize(("rotate", "page_orientation"), [(90, "90"), (180, "180"), (270, "-90")])
def test_a_page_read_turned_says_so_in_every_format(alto_schema, rotate, page_orientation):
    # a known limit of session 14: the exports of a page put in sideways did not say its text lies turned, so a
    # viewer drew its boxes over upright text that is not there
    from lxml import etree

    from puthi.ocr.pagexml import to_page_xml, validate_page_xml

    page = Page(path="p.png", width=40, height=90, lang="ben",
                blocks=[Block([Line([Word("ক", Box(2, 3, 20, 80), 90.0)], Box(2, 3, 20, 80))], Box(2, 3, 20, 80))],
                steps=[Step("orient", {"rotate": rotate, "osd_confidence": 5.0})])
    alto = to_alto([page])
    assert validate_alto(alto) == []
    assert etree.fromstring(alto.encode()).xpath("//*[local-name()='TextBlock']/@ROTATION") == [str(rotate)]
    page_xml = to_page_xml(page)
    assert validate_page_xml(page_xml) == []
    assert etree.fromstring(page_xml.encode()).xpath("//*[local-name()='Page']/@orientation") == [page_orientation]
    assert f"textangle {rotate}" in to_hocr([page])
    upright = Page(**{**page.__dict__, "steps": []})
    assert "ROTATION" not in to_alto([upright]) and "orientation" not in to_page_xml(upright)
    assert "textangle" not in to_hocr([upright])
