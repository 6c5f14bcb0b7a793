"""ALTO v4: OCR results as ALTO XML (schema 4.3), written from and read back into :class:`~puthi.ocr.model.Page`.

eScriptorium and most library systems import ALTO v4 and validate it strictly, so every document written
here is meant to pass :func:`validate_alto` against the official schema in ``../shared/schemas``.

Mapping: each page's :class:`~puthi.ocr.model.Step` becomes a ``Description/Processing`` element (name in
``processingStepDescription``, settings as JSON in ``processingStepSettings``) referenced from the page's
``PROCESSINGREFS``; ``Layout/Page/PrintSpace/TextBlock/TextLine/String`` with ``SP`` between words; boxes as
``HPOS VPOS WIDTH HEIGHT`` in pixels; a word's confidence (0..100) as ``WC`` (0..1, four decimals, so two
decimals of the confidence survive a round trip); languages as ``LANG`` (the page's on each ``TextBlock``;
a Tesseract combination such as ``ben+Bengali`` is not an xsd:language, so its first part, ``ben``, is written).
ALTO names a single source image, so all pages of one document must share ``Page.path``.

Reading accepts ALTO v2, v3 and v4 (any namespace); coordinates in other units than pixels are kept as they
are and the unit recorded as a step.

>>> from puthi.ocr.model import Block, Box, Line, Page, Word
>>> page = Page(path="p.png", width=200, height=40, lang="ben",
...             blocks=[Block([Line([Word("তাস", Box(10, 5, 60, 30), 91.0)], Box(10, 5, 60, 30))],
...                           Box(10, 5, 60, 30))])
>>> xml = to_alto([page])
>>> 'CONTENT="তাস"' in xml and 'WC="0.91"' in xml
True
>>> read_alto(xml) == [page]
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
from puthi.ocr.xmlsafe import SCHEMAS, local_name, parse_xml, schema_errors, source_name, xml_text

__all__ = ["ALTO_NS", "read_alto", "schema_path", "to_alto", "validate_alto"]

ALTO_NS = "http://www.loc.gov/standards/alto/ns-v4#"
SCHEMA_LOCATION = "http://www.loc.gov/standards/alto/v4/alto-4-3.xsd"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
_A = f"{{{ALTO_NS}}}"
# xsd:language, which LANG must match
_XSD_LANGUAGE = regex.compile(r"[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _xsd_language(code: str) -> str | None:
    """``code`` as an xsd:language token: itself if valid, else its first valid ``+``-part (``ben+Bengali``)."""
    for part in [code, *code.split("+")]:
        if _XSD_LANGUAGE.fullmatch(part):
            return part
    return None


def _set_box(el: etree._Element, box: Box | None) -> None:
    if box is not None:
        el.set("HPOS", str(box.x0))
        el.set("VPOS", str(box.y0))
        el.set("WIDTH", str(box.width))
        el.set("HEIGHT", str(box.height))


def _sub(parent: etree._Element, tag: str, attrs: dict[str, str] | None = None, text: str | None = None):
    el = etree.SubElement(parent, _A + tag, {k: xml_text(v) for k, v in (attrs or {}).items()})
    if text is not None:
        el.text = xml_text(text)
    return el


def to_alto(pages: list[Page]) -> str:
    """The pages as one ALTO v4.3 document (UTF-8, with an XML declaration).

    Raises ``ValueError`` for pages of different source images (write one ALTO per image).

    >>> to_alto([Page(path="a.png"), Page(path="b.png")])
    Traceback (most recent call last):
    ...
    ValueError: ALTO names one source image, but the pages come from a.png, b.png; write one ALTO per image
    """
    paths = sorted({p.path for p in pages})
    if len(paths) > 1:
        raise ValueError(f"ALTO names one source image, but the pages come from {', '.join(paths)}; "
                         "write one ALTO per image")
    root = etree.Element(_A + "alto", nsmap={None: ALTO_NS, "xlink": "http://www.w3.org/1999/xlink", "xsi": XSI})
    root.set(f"{{{XSI}}}schemaLocation", f"{ALTO_NS} {SCHEMA_LOCATION}")
    root.set("SCHEMAVERSION", "4.3")
    description = _sub(root, "Description")
    # the unit the coordinates were read in: an imported ABBYY ALTO's mm10 stays mm10 (a hostile tester)
    units = {s.settings.get("measurement_unit") for p in pages for s in p.steps if s.name == "alto.import"}
    _sub(description, "MeasurementUnit", text=units.pop() if len(units) == 1 and units <= _UNITS else "pixel")
    if paths and paths[0]:
        _sub(_sub(description, "sourceImageInformation"), "fileName", text=paths[0])
    refs: list[list[str]] = []
    for i, page in enumerate(pages, 1):
        ids = []
        for s, step in enumerate(page.steps, 1):
            ident = f"step_{i}_{s}"
            ids.append(ident)
            proc = _sub(description, "Processing", {"ID": ident})
            _sub(proc, "processingStepDescription", text=step.name)
            _sub(proc, "processingStepSettings", text=json.dumps(step.settings, ensure_ascii=False, sort_keys=True))
            software = _sub(proc, "processingSoftware")
            _sub(software, "softwareName", text="puthi")
            _sub(software, "softwareVersion", text=__version__)
        refs.append(ids)
    layout = _sub(root, "Layout")
    for i, page in enumerate(pages, 1):
        el = _sub(layout, "Page", {"ID": f"page_{i}", "PHYSICAL_IMG_NR": str(page.page_no),
                                   "WIDTH": str(page.width), "HEIGHT": str(page.height)})
        if refs[i - 1]:
            el.set("PROCESSINGREFS", " ".join(refs[i - 1]))
        space = _sub(el, "PrintSpace", {"HPOS": "0", "VPOS": "0", "WIDTH": str(page.width),
                                        "HEIGHT": str(page.height)})
        page_lang = _xsd_language(page.lang) if page.lang else None
        for b, block in enumerate(page.blocks, 1):
            tb = _sub(space, "TextBlock", {"ID": f"block_{i}_{b}"})
            _set_box(tb, block.box)
            if page.rotation:  # ALTO: "the rotation of text within the block, in degrees counterclockwise"
                tb.set("ROTATION", str(page.rotation))
            if page_lang:
                tb.set("LANG", page_lang)
            for n, line in enumerate(block.lines, 1):
                tl = _sub(tb, "TextLine", {"ID": f"line_{i}_{b}_{n}"})
                _set_box(tl, line.box)
                # TextLine needs at least one String: an empty line gets one with no content and no box.
                for w, word in enumerate(line.words or [Word("")], 1):
                    if w > 1:
                        _sub(tl, "SP")
                    st = _sub(tl, "String", {"ID": f"string_{i}_{b}_{n}_{w}", "CONTENT": word.text})
                    _set_box(st, word.box)
                    if word.conf >= 0:
                        st.set("WC", _num(round(min(word.conf, 100.0) / 100.0, 4)))
                    word_lang = _xsd_language(word.lang) if word.lang else None
                    if word_lang:
                        st.set("LANG", word_lang)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + etree.tostring(root, encoding="unicode", pretty_print=True)


def _float(el: etree._Element, attr: str, where: str) -> float | None:
    value = el.get(attr)
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        raise InputError(where, f"{local_name(el)} {attr}={value!r} is not a number") from None
    if not math.isfinite(number):
        raise InputError(where, f"{local_name(el)} {attr}={value!r} is not a finite number")
    return number


def _box(el: etree._Element, where: str) -> Box | None:
    x, y, w, h = (_float(el, a, where) for a in ("HPOS", "VPOS", "WIDTH", "HEIGHT"))
    if x is None or y is None or w is None or h is None:
        return None
    return Box(round(x), round(y), round(x + w), round(y + h))


def _children(el: etree._Element, name: str) -> list[etree._Element]:
    return [c for c in el if local_name(c) == name]


def _descendants(el: etree._Element, name: str) -> list[etree._Element]:
    return [c for c in el.iter() if local_name(c) == name]


def _steps(root: etree._Element) -> dict[str, list[Step]]:
    """The processing steps of the Description, keyed by the ID of their ``Processing``/``OCRProcessing``."""
    steps: dict[str, list[Step]] = {}
    for n, proc in enumerate(_descendants(root, "Processing") + _descendants(root, "OCRProcessing")):
        found = []
        for step_el in [proc, *(c for c in proc if local_name(c).endswith("ProcessingStep"))]:
            names = [c.text or "" for c in _children(step_el, "processingStepDescription")]
            software = [c.text or "" for c in _descendants(step_el, "softwareName")]
            if not names and (step_el is proc or not software):
                continue
            raw = next((c.text or "" for c in _children(step_el, "processingStepSettings")), "")
            settings = settings_json(raw) if raw else {}
            if settings is None:
                settings = {"text": raw}
            found.append(Step("; ".join(names) or software[0], settings))
        steps[proc.get("ID") or f"#{n}"] = found
    return steps


def _line(el: etree._Element, where: str) -> Line:
    words = []
    for st in _children(el, "String"):
        text = st.get("CONTENT") or ""
        box = _box(st, where)
        if not text and box is None:
            continue
        wc = _float(st, "WC", where)
        conf = round(min(max(wc, 0.0), 1.0) * 100.0, 2) if wc is not None else -1.0  # WC is 0..1
        words.append(Word(text, box, conf, st.get("LANG") or ""))
    if words and (hyp := _children(el, "HYP")):  # a word broken at the line's end keeps its hyphen: "খে-" / "লা।"
        words[-1].text += hyp[-1].get("CONTENT") or "-"  # are read as one word (a hostile tester)
    return Line(words, _box(el, where))


_UNITS = {"pixel", "mm10", "inch1200"}  # ALTO's MeasurementUnit values


def read_alto(source: str | bytes | Path, *, name: str | None = None) -> list[Page]:
    """The pages of an ALTO document (a path, or its text or bytes), any ALTO version.

    Corrupt or hostile input raises :class:`~puthi.errors.InputError` naming the file.

    >>> read_alto(b"<html/>", name="x.xml")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: x.xml: the root element is html, not alto; is this an ALTO file?

    Pages Tesseract numbered from 0 are numbered from 1:

    >>> pages = '<Page PHYSICAL_IMG_NR="0" WIDTH="9" HEIGHT="9"/><Page PHYSICAL_IMG_NR="1" WIDTH="9" HEIGHT="9"/>'
    >>> [p.page_no for p in read_alto(f"<alto><Layout>{pages}</Layout></alto>")]
    [1, 2]
    """
    where = source_name(source, name)
    root = parse_xml(source, name=where)
    if local_name(root) != "alto":
        raise InputError(where, f"the root element is {local_name(root)}, not alto; is this an ALTO file?")
    unit = next((e.text or "" for e in _descendants(root, "MeasurementUnit")), "pixel").strip().lower()
    path = next((e.text or "" for e in _descendants(root, "fileName")), "")
    steps = _steps(root)
    layouts = _children(root, "Layout")
    if not layouts:
        raise InputError(where, "has no Layout element; is the ALTO file complete?")
    pages = []
    page_els = _children(layouts[0], "Page")
    # Without any PROCESSINGREFS (as most producers write), every step applies to every page.
    referenced = any(p.get("PROCESSINGREFS") for p in page_els)
    # Tesseract numbers its pages from 0 (PHYSICAL_IMG_NR="0"); puthi, as the schema means it, from 1 (a hostile
    # tester's page 2 was shown over the scan's first frame)
    from_zero = any((p.get("PHYSICAL_IMG_NR") or "").strip() in ("0", "0.0") for p in page_els)
    for page_el in page_els:
        refs = (page_el.get("PROCESSINGREFS") or "").split() if referenced else list(steps)
        page_steps = [step for key in refs for step in steps.get(key, [])]
        if unit != "pixel":
            page_steps.append(Step("alto.import", {"measurement_unit": unit}))
        blocks, langs = [], []
        for tb in _descendants(page_el, "TextBlock"):
            blocks.append(Block([_line(tl, where) for tl in _children(tb, "TextLine")], _box(tb, where)))
            langs.append(tb.get("LANG") or tb.get("language") or "")
        width, height = _float(page_el, "WIDTH", where), _float(page_el, "HEIGHT", where)
        try:
            page_no = round(float(page_el.get("PHYSICAL_IMG_NR") or len(pages) + 1 - from_zero)) + from_zero
        except ValueError:
            raise InputError(where, f"Page PHYSICAL_IMG_NR={page_el.get('PHYSICAL_IMG_NR')!r} is not a number") \
                from None
        pages.append(Page(path=path, width=round(width or 0), height=round(height or 0),
                          lang=next((x for x in langs if x), ""), blocks=blocks, steps=page_steps,
                          page_no=page_no).checked(where))
    return pages


def schema_path() -> Path:
    """The ALTO 4.3 schema in ``shared/schemas`` beside the repository (``../shared`` from its root)."""
    return SCHEMAS / "alto-4-3.xsd"


def validate_alto(xml: str | bytes | Path, *, name: str | None = None) -> list[str]:
    """Schema errors of an ALTO document against ALTO 4.3 (an empty list when it is valid).

    Raises :class:`~puthi.errors.MissingDependencyError` when the schema folder is absent, and
    :class:`~puthi.errors.InputError` when the document is not well-formed XML.
    """
    return schema_errors(xml, "alto-4-3.xsd", "ALTO", beside=("xlink.xsd",), name=name)
