"""hOCR: what we write is XHTML hOCR; what Tesseract and others write can be read."""

import json
from pathlib import Path

import pytest

from puthi.errors import InputError
from puthi.ocr.hocr import properties, read_hocr, to_hocr
from puthi.ocr.model import Block, Box, Line, Page, Step, Word
from puthi.ocr.synth import render
from puthi.ocr.xmlsafe import local_name, parse_xml

FIXTURES = Path(__file__).parent / "fixtures"
XHTML = "{http://www.w3.org/1999/xhtml}"


def sample_page() -> Page:
    page = render("তাস খেলার নিয়ম\nগোলাম চোর ও বিস্তি", "Noto Serif Bengali", size=32).page("two-lines.png")
    page.lang = "ben"
    page.steps.append(Step("tesseract", {"lang": "ben", "psm": 6, "oem": 1}))
    return page


def test_written_hocr_is_xhtml_with_the_hocr_vocabulary():
    page = sample_page()
    root = parse_xml(to_hocr([page, page]))
    assert root.tag == XHTML + "html"
    head, body = list(root)
    assert (head.tag, body.tag) == (XHTML + "head", XHTML + "body")
    metas = {m.get("name"): m.get("content") for m in head.iter(XHTML + "meta") if m.get("name")}
    assert metas["ocr-system"].startswith("puthi ")
    assert set(metas["ocr-capabilities"].split()) >= {"ocr_page", "ocr_carea", "ocr_line", "ocrx_word"}
    steps = json.loads(metas["puthi-steps"])
    assert steps["page_1"][1] == {"name": "tesseract", "settings": {"lang": "ben", "oem": 1, "psm": 6}}
    classes = [e.get("class") for e in body.iter() if e.get("class")]
    assert classes.count("ocr_page") == 2 and classes.count("ocrx_word") == 2 * len(page.words)
    ids = [e.get("id") for e in body.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) == len(classes)
    for el in body.iter():
        if el.get("class") in ("ocr_page", "ocr_line", "ocrx_word"):
            assert "bbox" in properties(el.get("title")), el.get("id")


def test_word_properties_carry_box_confidence_and_language():
    word = Word("বিস্তি", Box(1, 2, 30, 40), 87.25, "asm")
    root = parse_xml(to_hocr([Page(blocks=[Block([Line([word])])])]))
    span = next(e for e in root.iter() if e.get("class") == "ocrx_word")
    assert properties(span.get("title")) == {"bbox": "1 2 30 40", "x_wconf": "87.25"}
    assert span.get("lang") == "asm" and span.text == "বিস্তি"


def test_unknown_confidence_and_missing_boxes_are_left_out():
    root = parse_xml(to_hocr([Page(blocks=[Block([Line([Word("ক")])])])]))
    span = next(e for e in root.iter() if e.get("class") == "ocrx_word")
    assert span.get("title") is None


def test_round_trip_of_a_rendered_page():
    page = sample_page()
    assert read_hocr(to_hocr([page])) == [page]


def test_reads_tesseract_hocr():
    (page,) = read_hocr(FIXTURES / "tesseract-5.3-ben.hocr")
    assert page.path == "two-lines.png" and (page.width, page.height) == (265, 136)
    assert page.lang == "ben" and page.page_no == 1
    assert page.text == "তাস খেলার নিয়ম\nগোলাম চোর ও বিস্তি"
    assert [w.conf for w in page.words] == [96, 96, 94, 96, 96, 92, 86]
    assert page.words[0].box == Box(11, 18, 58, 61)
    assert page.lines[0].box == Box(15, 22, 212, 52)


def test_reads_html_hocr_without_xml_syntax():
    html = """<html><head><meta charset=utf-8><title>x</title></head><body>
      <div class=ocr_page title="bbox 0 0 300 50; image 'p.png'">
        <span class=ocr_header title="bbox 0 0 300 50">তাস
          <span class=ocrx_word title="bbox 10 10 40 40; x_wconf 80">খেলা</span></span>
        <p><span class=ocr_line title="bbox 0 0 10 10">গোলাম চোর</span>
      </div></body></html>"""
    (page,) = read_hocr(html.encode("utf-8"), name="sloppy.html")
    assert [line.text for line in page.lines] == ["খেলা", "গোলাম চোর"]
    assert len(page.blocks) == 2  # lines outside any ocr_carea: a block for those of each element
    assert page.words[0].conf == 80.0 and page.words[1].box is None
    # a damaged byte is refused with its offset, as in ALTO, PAGE and text, not read as U+FFFD (a hostile tester)
    damaged = html.encode("utf-8").replace("খেলা".encode(), b"\xe0\xa6", 1)
    with pytest.raises(InputError, match=r"not valid UTF-8 at byte \d+"):
        read_hocr(damaged, name="sloppy.html")


def test_a_cut_off_hocr_file_is_refused_not_read_as_a_short_page(tmp_path):
    # the HTML parser forgives a missing end; a file cut off in copying had become a page of two words
    whole = (FIXTURES / "tesseract-5.3-ben.hocr").read_bytes()
    cut = tmp_path / "cut.hocr"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    with pytest.raises(InputError, match="cut off"):
        read_hocr(cut)
    with pytest.raises(InputError, match="cut off"):
        read_hocr(whole[: len(whole) // 2], name="cut.hocr")


def test_property_parsing():
    assert properties('image "C:\\\\scans\\\\a \\"b\\";c.tif"; ppageno 3') == {
        "image": 'C:\\scans\\a "b";c.tif', "ppageno": "3"}
    assert properties(None) == {}
    assert properties("bbox 1 2 3 4;x_wconf 5") == {"bbox": "1 2 3 4", "x_wconf": "5"}


@pytest.mark.parametrize("title, pattern", [
    ("bbox 1 2 three 4", "bad bbox"),
    ("bbox 1 2 3", "bad bbox"),
    ("bbox 1 2 3 4; x_wconf high", "bad x_wconf"),
])
def test_bad_properties_name_the_file(title, pattern):
    word = f'<span class="ocrx_word" title="{title}">x</span>'
    doc = f'<html><body><div class="ocr_page"><span class="ocr_line">{word}</span></div></body></html>'
    with pytest.raises(InputError, match=pattern) as err:
        read_hocr(doc, name="bad.hocr")
    assert str(err.value).startswith("bad.hocr: ")


def test_not_hocr_and_missing_files():
    with pytest.raises(InputError, match="no ocr_page"):
        read_hocr(FIXTURES / "alto-valid-minimal.xml")
    with pytest.raises(InputError, match="no such file"):
        read_hocr(FIXTURES / "missing.hocr")


def test_steps_survive_only_as_valid_json():
    doc = to_hocr([sample_page()]).replace('content="{', 'content="{oops')
    with pytest.raises(InputError, match="puthi-steps"):
        read_hocr(doc, name="edited.hocr")


@pytest.mark.parametrize("content", ["[1]", '{"page_1": 5}', '{"page_1": [{}]}', '{"page_1": ["x"]}',
                                     '{"page_1": [{"name": "x", "settings": NaN}]}', "[" * 100_000])
def test_steps_of_another_shape_are_one_line_naming_the_fix(content):
    # a hostile tester: these gave AttributeError, TypeError, KeyError or RecursionError
    doc = to_hocr([sample_page()])
    start = doc.index('content="', doc.index("puthi-steps")) + len('content="')
    doc = doc[:start] + content.replace('"', "&quot;") + doc[doc.index('"', start):]
    with pytest.raises(InputError, match=r"lists of \{name, settings\}; remove it or fix it") as err:
        read_hocr(doc, name="edited.hocr")
    assert str(err.value).startswith("edited.hocr: ")


def test_written_document_names_its_element_kinds():
    kinds = {local_name(e) for e in parse_xml(to_hocr([sample_page()])).iter()}
    assert kinds >= {"html", "head", "title", "meta", "body", "div", "p", "span"}


def test_lines_in_no_block_one_after_another_are_one_block():
    # a hostile tester (session 20): kraken's hOCR has no ocr_carea; each line had been a block, cutting sentences
    def line(y, text):
        return f"<span class='ocr_line' title='bbox 0 {y} 90 {y + 9}'>{text}</span>"
    page = (f"<div class='ocr_page' title='bbox 0 0 99 99'>{line(0, 'শেষ পিঠের জন্য ১০')}{line(10, 'পয়েন্ট পাওয়া যায়।')}"
            f"<div class='ocr_carea' title='bbox 0 50 90 70'>{line(50, 'আর একটি')}</div>{line(80, 'শেষ')}</div>")
    [read] = read_hocr(page)
    assert [[ln.text for ln in b.lines] for b in read.blocks] == [
        ["শেষ পিঠের জন্য ১০", "পয়েন্ট পাওয়া যায়।"], ["আর একটি"], ["শেষ"]]
