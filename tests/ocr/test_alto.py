"""ALTO v4: what we write passes the official 4.3 schema; broken ALTO fails it; other producers' ALTO reads."""

from pathlib import Path

import pytest

from puthi.errors import InputError, MissingDependencyError
from puthi.ocr.alto import ALTO_NS, read_alto, schema_path, to_alto, validate_alto
from puthi.ocr.hocr import read_hocr
from puthi.ocr.model import Block, Box, Line, Page, Step, Word
from puthi.ocr.synth import Degradation, render
from puthi.ocr.xmlsafe import parse_xml

FIXTURES = Path(__file__).parent / "fixtures"
INVALID = sorted((FIXTURES / "alto-invalid").glob("*.xml"))
A = f"{{{ALTO_NS}}}"


@pytest.fixture(scope="module")
def schema():
    if not schema_path().exists():
        pytest.skip(f"ALTO schema absent at {schema_path()}: ALTO validation skipped (copy ../shared/schemas)")


def rendered_page() -> Page:
    sample = render("বিস্তি খেলায় দুই জন\nৰং আৰু ৱাৰ", "Lohit Assamese", size=30, seed=4,
                    degrade=Degradation(blur=0.6, skew=1.0), lang="as")
    page = sample.page("lines/as-0001.png")
    page.lang = "asm"
    return page


def test_written_alto_is_valid_and_complete(schema):
    page = rendered_page()
    xml = to_alto([page])
    assert validate_alto(xml) == []
    root = parse_xml(xml)
    assert root.tag == A + "alto" and root.get("SCHEMAVERSION") == "4.3"
    procs = root.findall(f"{A}Description/{A}Processing")
    assert [p.findtext(f"{A}processingStepDescription") for p in procs] == ["synth.render", "synth.degrade"]
    assert root.find(f".//{A}Page").get("PROCESSINGREFS") == " ".join(p.get("ID") for p in procs)
    assert root.findtext(f".//{A}fileName") == "lines/as-0001.png"
    strings = root.findall(f".//{A}String")
    assert [s.get("CONTENT") for s in strings] == [w.text for w in page.words]
    assert all(0 <= float(s.get("WC")) <= 1 for s in strings)
    assert len(root.findall(f".//{A}SP")) == len(page.words) - len(page.lines)
    assert root.find(f".//{A}TextBlock").get("LANG") == "asm"


def test_round_trip_of_a_rendered_page(schema):
    page = rendered_page()
    xml = to_alto([page])
    assert validate_alto(xml) == []
    assert read_alto(xml) == [page]


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_invalid_fixtures_fail_validation(schema, path):
    errors = validate_alto(path)
    assert errors, f"{path.name} should be invalid"
    assert all(e.startswith("line ") for e in errors)


def test_there_are_invalid_fixtures_beside_the_valid_ones(schema):
    assert len(INVALID) >= 8
    assert validate_alto(FIXTURES / "alto-valid-minimal.xml") == []
    assert validate_alto(FIXTURES / "alto-v4-handwritten.xml") == []


def test_alto_v3_is_not_v4_but_can_be_read(schema):
    path = FIXTURES / "tesseract-5.3-ben-alto3.xml"
    assert validate_alto(path) != []
    (page,) = read_alto(path)
    (from_hocr,) = read_hocr(FIXTURES / "tesseract-5.3-ben.hocr")
    assert page.text == from_hocr.text == "তাস খেলার নিয়ম\nগোলাম চোর ও বিস্তি"
    assert [w.box for w in page.words] == [w.box for w in from_hocr.words]
    assert [w.conf for w in page.words] == [w.conf for w in from_hocr.words]
    assert page.steps == [Step("tesseract 5.3.0", {})]


def test_reads_other_producers_alto():
    (page,) = read_alto(FIXTURES / "alto-v4-handwritten.xml")
    assert page.path == "scan-0007.tif" and page.page_no == 7 and (page.width, page.height) == (1200, 1800)
    assert page.lang == "bn"
    assert [line.text for line in page.lines] == ["বিস্তি খেলায়-", "ৰং"]  # the HYP kept (session 20)
    first, second, third = page.words
    assert first.box == Box(80, 100, 200, 140) and first.conf == 87.5
    assert second.conf == -1.0 and third.lang == "as" and third.conf == 50.0
    assert page.steps == [Step("binarisation", {"text": "method=sauvola"}), Step("SomeOCR", {})]


def test_tesseract_hocr_converts_to_valid_alto(schema):
    pages = read_hocr(FIXTURES / "tesseract-5.3-ben.hocr")
    xml = to_alto(pages)
    assert validate_alto(xml) == []
    assert read_alto(xml) == pages


def test_a_language_combination_is_written_as_its_first_language(schema):
    page = Page(path="p.png", lang="ben+Bengali", blocks=[Block([Line([Word("ক", None, 50.0, "asm+Bengali")])])])
    xml = to_alto([page])
    assert validate_alto(xml) == []
    (back,) = read_alto(xml)
    assert back.lang == "ben" and back.words[0].lang == "asm"


def test_empty_lines_and_blocks_stay_valid(schema):
    page = Page(path="p.png", width=10, height=10, blocks=[Block([Line([], Box(0, 0, 5, 5))]), Block([])])
    xml = to_alto([page])
    assert validate_alto(xml) == []
    assert read_alto(xml) == [page]


def test_pages_of_different_images_are_refused():
    with pytest.raises(ValueError, match="one ALTO per image"):
        to_alto([Page(path="a.png"), Page(path="b.png")])


def test_several_pages_of_one_document_keep_their_steps(schema):
    pages = [Page(path="book.pdf", page_no=n, steps=[Step("ocr", {"page": n})] if n != 2 else [])
             for n in (1, 2, 3)]
    xml = to_alto(pages)
    assert validate_alto(xml) == []
    assert read_alto(xml) == pages


@pytest.mark.parametrize("doc, pattern", [
    (b"<html/>", "not alto"),
    (b"<alto xmlns='http://www.loc.gov/standards/alto/ns-v4#'><Description/></alto>", "no Layout"),
    (b"<alto><Layout><Page PHYSICAL_IMG_NR='one'/></Layout></alto>", "PHYSICAL_IMG_NR"),
    (b"<alto><Layout><Page><TextBlock HPOS='x' VPOS='1' WIDTH='1' HEIGHT='1'/></Page></Layout></alto>",
     "HPOS='x' is not a number"),
    (b"<alto><Layout><Page>", "not well-formed"),
])
def test_bad_alto_is_one_clear_line_naming_the_file(doc, pattern, tmp_path):
    path = tmp_path / "in.xml"
    path.write_bytes(doc)
    with pytest.raises(InputError, match=pattern) as err:
        read_alto(path)
    assert str(err.value).startswith(f"{path}: ")


def test_missing_schema_is_a_clear_error(monkeypatch, tmp_path):
    from puthi.ocr import xmlsafe

    monkeypatch.setattr(xmlsafe, "SCHEMAS", tmp_path)
    xmlsafe.shared_schema.cache_clear()
    try:
        with pytest.raises(MissingDependencyError, match="ALTO schema not found"):
            validate_alto(to_alto([Page()]))
    finally:
        xmlsafe.shared_schema.cache_clear()


def test_an_imported_alto_keeps_its_measurement_unit_when_written_again():
    # a hostile tester (session 20): ABBYY's mm10 coordinates were written back as pixels
    source = ('<alto><Description><MeasurementUnit>mm10</MeasurementUnit></Description><Layout>'
              '<Page WIDTH="2100" HEIGHT="2970"><PrintSpace><TextBlock><TextLine>'
              '<String CONTENT="খেলা" HPOS="100" VPOS="100" WIDTH="300" HEIGHT="50"/></TextLine></TextBlock>'
              '</PrintSpace></Page></Layout></alto>')
    written = to_alto(read_alto(source))
    assert "<MeasurementUnit>mm10</MeasurementUnit>" in written
    assert "<MeasurementUnit>pixel</MeasurementUnit>" in to_alto(read_alto(source.replace("mm10", "pixel")))


def test_a_hyphen_at_a_line_s_end_is_kept_so_the_word_is_read_whole():
    # a hostile tester (session 20): ALTO's HYP was dropped, and "খে" / "লা।" hid the word খেলা
    line = '<TextLine><String CONTENT="{}"/>{}</TextLine>'
    lines = line.format("খে", '<HYP CONTENT="-"/>') + line.format("লা।", "")
    source = (f'<alto><Layout><Page WIDTH="9" HEIGHT="9"><PrintSpace><TextBlock>{lines}</TextBlock></PrintSpace>'
              '</Page></Layout></alto>')
    [page] = read_alto(source)
    assert [ln.text for ln in page.lines] == ["খে-", "লা।"]
