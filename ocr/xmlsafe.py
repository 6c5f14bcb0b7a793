"""One safe way to parse XML, used by every reader in puthi (hOCR, ALTO, PAGE, TEI, ...).

OCR files come from anywhere. A hostile one can declare an external entity that reads a local file
(``<!ENTITY x SYSTEM "file:///etc/passwd">``, XXE) or nest entities until memory runs out ("billion
laughs"). The parser here never loads a DTD, never touches the network, never expands an entity and keeps
lxml's limits on depth and text size; a document that declares entities is refused outright, since no OCR
format needs them. Every failure is an :class:`~puthi.errors.InputError` naming the file.

>>> root = parse_xml(b"<alto><Page ID='p1'/></alto>")
>>> root.tag, root[0].get("ID")
('alto', 'p1')
>>> parse_xml('<!DOCTYPE d [<!ENTITY x "boom">]><d>&x;</d>', name="evil.xml")
Traceback (most recent call last):
...
puthi.errors.InputError: evil.xml: declares XML entities (x); puthi never expands entities: ...
"""

from __future__ import annotations

import functools
from pathlib import Path

import regex
from lxml import etree

from puthi.errors import InputError

__all__ = ["local_name", "parse_html", "parse_xml", "source_name", "xml_text"]

_XML_DECLARATION = regex.compile(r"^\s*<\?xml[^>]*\?>")
# An entity declaration in the prolog, before the root element; the name after an optional % (parameter entity).
_ENTITY_DECLARATION = regex.compile(rb"\A[^<]*(?:<[?!][^<]*)*?<!ENTITY\s+(?:%\s+)?([^\s>]+)")


# Characters XML 1.0 cannot hold: C0 controls but tab, line feed and carriage return; lone surrogates; FFFE, FFFF.
_NOT_XML = regex.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    r"""``text`` as XML can hold it: each character XML 1.0 forbids (a vertical tab or NUL that a text file
    held) becomes U+FFFD, one code point for one, so that offsets into the text still count right.

    >>> xml_text("ছেষট্টি\x0bএতে\x00২৪")
    'ছেষট্টি�এতে�২৪'
    """
    return _NOT_XML.sub("\N{REPLACEMENT CHARACTER}", text)


def _parser() -> etree.XMLParser:
    # A new parser per call: lxml parsers are not thread-safe.
    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                           huge_tree=False, remove_blank_text=False)


def source_name(source: str | bytes | Path, name: str | None = None) -> str:
    """What to call ``source`` in messages: ``name`` if given, the path for a path, else ``<string>``.

    >>> source_name(Path("a/b.xml")), source_name(b"<a/>"), source_name("<a/>", "x.hocr")
    ('a/b.xml', '<bytes>', 'x.hocr')
    """
    if name:
        return name
    if isinstance(source, Path):
        return str(source)
    if isinstance(source, bytes):
        return "<bytes>"
    return "<string>" if _looks_like_markup(source) else source


def _looks_like_markup(text: str) -> bool:
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def _load(source: str | bytes | Path, where: str) -> bytes | str:
    """The document's bytes (or text without its XML declaration), reading the file if ``source`` is a path."""
    if isinstance(source, bytes):
        data: bytes | str = source
    elif isinstance(source, str) and _looks_like_markup(source):
        # lxml refuses str input that carries an encoding declaration; the text is already decoded.
        data = _XML_DECLARATION.sub("", source, count=1)
    else:
        path = Path(source)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise InputError(where, "no such file; check the path") from None
        except IsADirectoryError:
            raise InputError(where, "is a folder; give an XML file") from None
        except OSError as exc:
            raise InputError(where, f"cannot read ({exc.strerror})") from None
    if not data.strip():
        raise InputError(where, "is empty; expected an XML document")
    return data


def _refuse_entities(data: bytes | str, root: etree._Element | None, where: str) -> None:
    """Refuse a document that declares entities: looked for in the prolog before parsing (so a billion-laughs
    file is refused for what it is, not for the parser's amplification guard), and in the parsed DTD after."""
    head = data[:65536] if isinstance(data, bytes) else data[:65536].encode("utf-8", "replace")
    names = [m.group(1).decode("utf-8", "replace") for m in _ENTITY_DECLARATION.finditer(head)]
    if root is not None:
        dtd = root.getroottree().docinfo.internalDTD
        names += [e.name for e in dtd.iterentities()] if dtd is not None else []
    if names:
        raise InputError(where, f"declares XML entities ({', '.join(names[:5])}); puthi never expands entities: "
                         "remove the DOCTYPE's ENTITY declarations")


def parse_xml(source: str | bytes | Path, *, name: str | None = None) -> etree._Element:
    """Parse XML safely and return the root element.

    ``source`` is a path (``Path``, or a ``str`` that does not start with ``<``), the document's bytes, or
    its text. ``name`` is what error messages call it (default: the path, or ``<string>``/``<bytes>``).

    >>> parse_xml("missing.xml")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: missing.xml: no such file; check the path
    >>> parse_xml(b"<a><b></a>", name="bad.xml")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: bad.xml: not well-formed XML (line 1: ...); is it complete and XML?
    """
    where = source_name(source, name)
    data = _load(source, where)
    _refuse_entities(data, None, where)
    try:
        root = etree.fromstring(data, parser=_parser())
    except etree.XMLSyntaxError as exc:
        msg = str(exc.msg or exc).splitlines()[0]
        if "XML_PARSE_HUGE" in msg:  # libxml's own advice names a parser option the user cannot set
            raise InputError(where, f"XML nested deeper or larger than any page file needs (line {exc.lineno}); "
                                    "is it really an ALTO or hOCR page?") from None
        raise InputError(where, f"not well-formed XML (line {exc.lineno}: {msg}); is it complete and XML?") from None
    except ValueError as exc:  # e.g. str input lxml cannot take
        raise InputError(where, f"cannot parse as XML ({exc})") from None
    if root is None:
        raise InputError(where, "holds no XML element")
    _refuse_entities(data, root, where)
    return root


def parse_html(source: str | bytes | Path, *, name: str | None = None) -> etree._Element:
    """Parse HTML (for hOCR files that are HTML rather than XHTML) with the same guards: no network, no DTD.

    HTML has no entity declarations to abuse; the HTML parser recovers from missing end tags.

    >>> parse_html("<html><body><p class=ocr_line>তাস</body></html>".encode()).find(".//p").text
    'তাস'
    """
    where = source_name(source, name)
    data = _load(source, where)
    if isinstance(data, bytes):  # read as UTF-8, a damaged byte would become U+FFFD unseen (a hostile tester)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(where, f"not valid UTF-8 at byte {exc.start}; convert it to UTF-8 (iconv -f "
                                    "ITS-ENCODING -t UTF-8) or export it again") from None
    parser = etree.HTMLParser(no_network=True, huge_tree=False, remove_comments=True, remove_pis=True,
                              encoding="utf-8" if isinstance(data, bytes) else None)
    try:
        root = etree.fromstring(data, parser=parser)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise InputError(where, f"cannot parse as HTML ({exc})") from None
    if root is None:
        raise InputError(where, "holds no HTML element")
    return root


def local_name(element: etree._Element) -> str:
    """An element's tag without its namespace (comments and processing instructions give ``''``).

    >>> local_name(parse_xml(b"<a:x xmlns:a='urn:a'/>"))
    'x'
    """
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


SCHEMAS = Path(__file__).resolve().parents[1].parent / "shared" / "schemas"


@functools.cache
def shared_schema(file: str, what: str, beside: tuple[str, ...] = ()) -> etree.XMLSchema:
    """The official XSD ``file`` in ``shared/schemas`` beside the repository (with the files it imports,
    ``beside``); ``MissingDependencyError`` naming ``what`` (``ALTO``, ``PAGE``) when it is absent."""
    from puthi.errors import MissingDependencyError

    path = SCHEMAS / file
    if not all(p.exists() for p in (path, *(SCHEMAS / b for b in beside))):
        raise MissingDependencyError(str(path), f"{what} schema not found; put {', '.join((file, *beside))} from "
                                     "the shared folder in ../shared/schemas beside the repository")
    # The schema is ours, read from disk, and imports only the files beside it: no network, no entities.
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.XMLSchema(etree.parse(str(path), parser=parser))


def schema_errors(xml: str | bytes | Path, file: str, what: str, *, beside: tuple[str, ...] = (),
                  name: str | None = None) -> list[str]:
    """``xml``'s errors against the shared schema ``file`` (:func:`shared_schema`) as ``line N: message``,
    empty when valid. It is parsed first, so hostile or broken XML is an ``InputError`` even without the
    schema."""
    root = parse_xml(xml, name=source_name(xml, name))
    schema = shared_schema(file, what, beside)
    if schema.validate(root):
        return []
    return [f"line {e.line}: {e.message}" for e in schema.error_log]
