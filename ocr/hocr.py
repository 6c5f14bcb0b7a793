"""hOCR: OCR results as XHTML (hOCR 1.2), written from and read back into :class:`~puthi.ocr.model.Page`.

Writing: ``ocr_page`` > ``ocr_carea`` > ``ocr_par`` > ``ocr_line`` > ``ocrx_word``, each with its ``bbox``;
words carry ``x_wconf`` (0..100) and ``lang``. The head names the ``ocr-system`` and its capabilities and
carries each page's processing steps as JSON (``<meta name="puthi-steps">``, keyed by the page's id).

Reading accepts hOCR from Tesseract, kraken, OCRopus and others, as XHTML or (falling back) HTML: lines are
``ocr_line`` and its kin (``ocr_header``, ``ocr_caption``, ``ocr_textfloat``, ``ocrx_line``); blocks are
``ocr_carea`` or ``ocrx_block``; lines outside any block, one after another, make one.

>>> from puthi.ocr.model import Block, Box, Line, Page, Word
>>> page = Page(path="p.png", width=200, height=40, lang="ben",
...             blocks=[Block([Line([Word("তাস", Box(10, 5, 60, 30), 91.0, "ben")], Box(10, 5, 60, 30))],
...                           Box(10, 5, 60, 30))])
>>> xml = to_hocr([page])
>>> 'class="ocrx_word"' in xml and "x_wconf 91" in xml
True
>>> read_hocr(xml) == [page]
True
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import regex
from lxml import etree

from puthi import __version__
from puthi.errors import InputError
from puthi.ocr.model import Block, Box, Line, Page, Step, Word, settings_json
from puthi.ocr.xmlsafe import local_name, parse_html, parse_xml, source_name, xml_text

__all__ = ["read_hocr", "to_hocr"]

XHTML = "http://www.w3.org/1999/xhtml"
_H = f"{{{XHTML}}}"
LINE_CLASSES = frozenset({"ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat", "ocrx_line"})
BLOCK_CLASSES = frozenset({"ocr_carea", "ocrx_block"})
CAPABILITIES = "ocr_page ocr_carea ocr_par ocr_line ocrx_word ocrp_wconf ocrp_lang"
# one property of a title: a name, then a quoted string or anything up to the next semicolon
_PROPERTY = regex.compile(r'\s*([A-Za-z_][\w-]*)\s*("(?:[^"\\]|\\.)*"|[^;]*);?')


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _bbox(box: Box | None) -> list[str]:
    return [f"bbox {box.x0} {box.y0} {box.x1} {box.y1}"] if box else []


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _el(parent: etree._Element, tag: str, cls: str, ident: str, props: list[str]) -> etree._Element:
    el = etree.SubElement(parent, _H + tag, {"class": cls, "id": ident})
    if props:
        el.set("title", "; ".join(props))
    return el


def to_hocr(pages: list[Page]) -> str:
    """The pages as one hOCR document (XHTML, UTF-8, with an XML declaration).

    A box that is ``None`` in the page is left out, a confidence of -1 (unknown) too. Confidences keep their
    full precision.

    >>> print(to_hocr([Page(width=10, height=10)]).splitlines()[0])
    <?xml version="1.0" encoding="UTF-8"?>
    """
    html = etree.Element(_H + "html", nsmap={None: XHTML})
    langs = {p.lang for p in pages if p.lang}
    if len(langs) == 1:
        html.set("lang", next(iter(langs)))
    head = etree.SubElement(html, _H + "head")
    title = etree.SubElement(head, _H + "title")
    title.text = xml_text(", ".join(p.path for p in pages if p.path)) or "OCR"  # a file name may not be UTF-8
    etree.SubElement(head, _H + "meta", {"http-equiv": "Content-Type", "content": "text/html; charset=utf-8"})
    etree.SubElement(head, _H + "meta", {"name": "ocr-system", "content": f"puthi {__version__}"})
    etree.SubElement(head, _H + "meta", {"name": "ocr-capabilities", "content": CAPABILITIES})
    steps = {f"page_{i}": [{"name": s.name, "settings": s.settings} for s in p.steps]
             for i, p in enumerate(pages, 1) if p.steps}
    if steps:
        etree.SubElement(head, _H + "meta", {"name": "puthi-steps",
                                            "content": json.dumps(steps, ensure_ascii=False, sort_keys=True)})
    body = etree.SubElement(html, _H + "body")
    for i, page in enumerate(pages, 1):
        props = [f"image {_quote(xml_text(page.path))}"] if page.path else []
        props += [f"bbox 0 0 {page.width} {page.height}", f"ppageno {page.page_no - 1}"]
        div = _el(body, "div", "ocr_page", f"page_{i}", props)
        if page.lang:
            div.set("lang", page.lang)
        for b, block in enumerate(page.blocks, 1):
            area = _el(div, "div", "ocr_carea", f"block_{i}_{b}", _bbox(block.box))
            par = _el(area, "p", "ocr_par", f"par_{i}_{b}", _bbox(block.box))
            for n, line in enumerate(block.lines, 1):
                turned = [f"textangle {page.rotation}"] if page.rotation else []  # hOCR: counter-clockwise
                span = _el(par, "span", "ocr_line", f"line_{i}_{b}_{n}", _bbox(line.box) + turned)
                for w, word in enumerate(line.words, 1):
                    if w > 1:
                        span[-1].tail = " "
                    wprops = _bbox(word.box) + ([f"x_wconf {_num(word.conf)}"] if word.conf >= 0 else [])
                    ws = _el(span, "span", "ocrx_word", f"word_{i}_{b}_{n}_{w}", wprops)
                    if word.lang:
                        ws.set("lang", word.lang)
                    ws.text = word.text
    body_xml = etree.tostring(html, encoding="unicode", pretty_print=True)
    return '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n' + body_xml


def properties(title: str | None) -> dict[str, str]:
    """The properties of an hOCR ``title`` attribute, values as written (quotes removed from strings).

    >>> properties('image "a; b.png"; bbox 0 0 10 20; x_wconf 93.5')
    {'image': 'a; b.png', 'bbox': '0 0 10 20', 'x_wconf': '93.5'}
    """
    out: dict[str, str] = {}
    for m in _PROPERTY.finditer(title or ""):
        value = m.group(2).strip()
        if value.startswith('"') and value.endswith('"') and len(value) >= 2:
            value = regex.sub(r"\\(.)", r"\1", value[1:-1])
        out[m.group(1)] = value
    return out


def _box(props: dict[str, str], where: str) -> Box | None:
    if "bbox" not in props:
        return None
    try:
        x0, y0, x1, y1 = (round(float(v)) for v in props["bbox"].split())
    except (ValueError, OverflowError):  # not four numbers, or NaN or infinity
        raise InputError(where, f"bad bbox {props['bbox']!r}; expected four numbers x0 y0 x1 y1") from None
    return Box(x0, y0, x1, y1)


def _classes(el: etree._Element) -> set[str]:
    return set((el.get("class") or "").split())


def _text(el: etree._Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _lang(el: etree._Element) -> str:
    return el.get("lang") or el.get("{http://www.w3.org/XML/1998/namespace}lang") or ""


def _puthi_steps(raw: str, where: str) -> dict[str, list[dict]]:
    """The puthi-steps meta: page ids to lists of ``{"name", "settings"}`` (a hostile tester's ``[1]`` had given
    "AttributeError")."""
    steps = settings_json(raw)
    if steps is None or not all(isinstance(v, list) and all(
            isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("settings", {}), dict)
            for s in v) for v in steps.values()):
        raise InputError(where, "the puthi-steps meta is not JSON mapping page ids to lists of {name, settings}; "
                                "remove it or fix it")
    return steps


def _conf(props: dict[str, str], where: str) -> float:
    if "x_wconf" not in props:
        return -1.0
    try:
        conf = float(props["x_wconf"])
    except ValueError:
        conf = math.nan
    if not math.isfinite(conf):  # nan had stopped a whole build at the store (a hostile tester)
        raise InputError(where, f"bad x_wconf {props['x_wconf']!r}; expected a number 0..100")
    return min(max(conf, 0.0), 100.0)


def _line(el: etree._Element, where: str) -> Line:
    words = []
    for w in el.iter():
        if "ocrx_word" in _classes(w):
            wp = properties(w.get("title"))
            words.append(Word(_text(w), _box(wp, where), _conf(wp, where), _lang(w)))
    if not words:  # a line without word markup: its text, split at spaces, without boxes
        words = [Word(t) for t in _text(el).split()]
    return Line(words, _box(properties(el.get("title")), where))


def _page(div: etree._Element, steps: dict, where: str) -> Page:
    props = properties(div.get("title"))
    box = _box(props, where) or Box(0, 0, 0, 0)
    try:
        page_no = int(props.get("ppageno", "0")) + 1
    except ValueError:
        raise InputError(where, f"bad ppageno {props['ppageno']!r}; expected a whole number") from None
    blocks: list[Block] = []
    owner: dict[etree._Element, Block] = {}
    loose: dict[etree._Element, Block] = {}  # an element holding lines in no block, and their block
    for el in div.iter():
        cls = _classes(el)
        if cls & BLOCK_CLASSES:
            block = Block([], _box(properties(el.get("title")), where))
            blocks.append(block)
            owner[el] = block
        elif cls & LINE_CLASSES:
            parent = next((a for a in el.iterancestors() if a in owner), None)
            if parent is None:  # lines in no block, one after another in one element (kraken's, OCRopus' hOCR)
                held = el.getparent()  # are one block, so a sentence runs on across them (a hostile tester)
                if held not in loose or loose[held] is not blocks[-1]:
                    loose[held] = Block([])
                    blocks.append(loose[held])
                loose[held].lines.append(_line(el, where))
            else:
                owner[parent].lines.append(_line(el, where))
    page_steps = [Step(s["name"], dict(s.get("settings", {}))) for s in steps.get(div.get("id"), [])]
    # Tesseract puts the language on ocr_par, not on the page: without a page language, take the first one
    # of a block, paragraph or line (a word's own language says nothing about the page).
    lang = _lang(div) or next((_lang(e) for e in div.iter() if _lang(e) and "ocrx_word" not in _classes(e)), "")
    return Page(path=props.get("image", ""), width=box.width, height=box.height, lang=lang,
                blocks=blocks, steps=page_steps, page_no=page_no)


_CLOSED = regex.compile(rb"</html\s*>\s*$", regex.IGNORECASE)


def _tail(source: str | bytes | Path, size: int = 256) -> bytes:
    """The last bytes of an hOCR document given as a path, text or bytes."""
    if isinstance(source, Path) or (isinstance(source, str) and "<" not in source):
        with open(source, "rb") as fh:
            fh.seek(0, 2)
            fh.seek(max(0, fh.tell() - size))
            return fh.read()
    data = source.encode("utf-8") if isinstance(source, str) else source
    return data[-size:]


def read_hocr(source: str | bytes | Path, *, name: str | None = None) -> list[Page]:
    """The pages of an hOCR document (a path, or its text or bytes).

    Corrupt or hostile input raises :class:`~puthi.errors.InputError` naming the file.

    >>> read_hocr(b"<html><body><p>no hOCR here</p></body></html>", name="x.html")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: x.html: no ocr_page element; is this an hOCR file?
    """
    where = source_name(source, name)
    try:
        root = parse_xml(source, name=where)
    except InputError as exc:
        if "not well-formed" not in exc.what:
            raise
        if not _CLOSED.search(_tail(source)):  # the HTML parser would take a cut-off file for a whole one
            raise InputError(where, "is cut off (no closing </html>); copy or export the hOCR file again") from None
        root = parse_html(source, name=where)  # hOCR written as HTML rather than XHTML
    steps: dict = {}
    for meta in root.iter():
        if local_name(meta) == "meta" and meta.get("name") == "puthi-steps":
            steps = _puthi_steps(meta.get("content") or "{}", where)
    divs = [el for el in root.iter() if "ocr_page" in _classes(el)]
    if not divs:
        raise InputError(where, "no ocr_page element; is this an hOCR file?")
    return [_page(div, steps, where).checked(where) for div in divs]
