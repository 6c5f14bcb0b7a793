"""The one XML parser: hostile documents are refused, entities never expanded, errors name the file."""

from pathlib import Path

import pytest

from puthi.errors import InputError
from puthi.ocr.alto import read_alto
from puthi.ocr.hocr import read_hocr
from puthi.ocr.xmlsafe import local_name, parse_html, parse_xml

FIXTURES = Path(__file__).parent / "fixtures"
HOSTILE = sorted((FIXTURES / "hostile").iterdir())


def passwd_line() -> str:
    """A line of /etc/passwd that must never show up in parsed output (if the file exists here)."""
    try:
        return Path("/etc/passwd").read_text().splitlines()[0]
    except (OSError, IndexError):
        return "root:x:0:0:"


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.name)
def test_hostile_files_are_refused_naming_the_file(path):
    with pytest.raises(InputError) as err:
        parse_xml(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    assert "entities" in message
    assert passwd_line() not in message and "lol" * 20 not in message
    assert "\n" not in message


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.name)
def test_hostile_files_are_refused_by_the_readers(path):
    reader = read_hocr if path.suffix == ".hocr" else read_alto
    with pytest.raises(InputError, match="entities"):
        reader(path)
    with pytest.raises(InputError, match="entities"):
        reader(path.read_bytes(), name=path.name)


def test_refused_after_parsing_too_when_the_prolog_hides_the_declaration():
    # a comment with a "<" inside defeats the quick look at the prolog; the parsed DTD still shows the entity
    doc = b'<!DOCTYPE d [<!-- a < b --><!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>'
    with pytest.raises(InputError, match=r"hidden\.xml: declares XML entities \(x\)"):
        parse_xml(doc, name="hidden.xml")


def test_an_external_dtd_is_never_loaded():
    root = parse_xml(b'<!DOCTYPE d SYSTEM "file:///etc/passwd"><d>ok</d>', name="dtd.xml")
    assert root.text == "ok"
    assert root.getroottree().docinfo.externalDTD is None


def test_xinclude_is_not_processed():
    doc = (b'<d xmlns:xi="http://www.w3.org/2001/XInclude">'
           b'<xi:include href="file:///etc/passwd" parse="text"/></d>')
    root = parse_xml(doc)
    assert local_name(root[0]) == "include"
    assert passwd_line() not in "".join(root.itertext())


@pytest.mark.parametrize("data, pattern", [
    (b"", "is empty"),
    (b"   \n", "is empty"),
    (b"<a><b></a>", "not well-formed"),
    (b"<a>", "not well-formed"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not well-formed"),
    (b"<a>&nbsp;</a>", "not well-formed"),
    (b"<a>" * 300 + b"</a>" * 300, "nested deeper or larger than any page file needs"),  # no libxml option names
])
def test_corrupt_xml_is_one_clear_line(data, pattern, tmp_path):
    path = tmp_path / "broken.xml"
    path.write_bytes(data)
    with pytest.raises(InputError, match=pattern) as err:
        parse_xml(path)
    assert str(err.value).startswith(f"{path}: ") and "\n" not in str(err.value)


def test_paths_text_and_bytes():
    path = FIXTURES / "alto-valid-minimal.xml"
    for source in (path, str(path), path.read_bytes(), path.read_text(encoding="utf-8")):
        assert local_name(parse_xml(source)) == "alto"
    with pytest.raises(InputError, match="no such file"):
        parse_xml(FIXTURES / "nope.xml")
    with pytest.raises(InputError, match="is a folder"):
        parse_xml(FIXTURES)


def test_text_with_an_encoding_declaration_is_accepted():
    root = parse_xml('<?xml version="1.0" encoding="ISO-8859-1"?>\n<a>তাস</a>')
    assert root.text == "তাস"


def test_html_parser_takes_sloppy_html():
    root = parse_html(b"<html><body><div class=ocr_page><span class=ocr_line>x<br></div>")
    assert [local_name(e) for e in root.iter()][:3] == ["html", "body", "div"]
