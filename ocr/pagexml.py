"""PAGE XML: OCR results as PRImA PAGE 2019, written from and read back into :class:`~puthi.ocr.model.Page`.

PAGE is the native format of Transkribus and OCR-D. A PAGE file (root ``PcGts``) holds exactly one page, so
:func:`to_page_xml` takes one :class:`~puthi.ocr.model.Page`; every document it writes is meant to pass
:func:`validate_page_xml` against ``pagecontent.xsd`` (2019-07-15) in ``../shared/schemas``.

Mapping:

* ``Metadata``: ``Creator`` is ``puthi <version>``; ``Created`` and ``LastChange`` are the ``created`` argument
  (UTC; now when not given, so pass it for byte-identical output); each :class:`~puthi.ocr.model.Step` becomes
  ``MetadataItem type="processingStep"`` with the step's name in ``name`` and its settings as JSON in ``value``.
* ``Page``: ``imageFilename`` is ``Page.path`` as given; ``imageWidth``/``imageHeight`` are the page size. PAGE
  requires both, so an unknown size (0) is written as the right/bottom edge of all boxes on the page (0 if
  there are none) and marked in ``custom`` (below) so that reading it back gives 0 again.
* ``Block`` → ``TextRegion``, ``Line`` → ``TextLine``, ``Word`` → ``Word``, each with ``Coords`` (the box as
  the rectangle ``x0,y0 x1,y0 x1,y1 x0,y1``; PAGE points are non-negative, so negative coordinates become 0)
  and ``TextEquiv/Unicode`` after its children, as the schema orders them: a word's text, a line's text (its
  words joined by spaces) and a region's text (its lines joined by newlines). IDs are ``r1``, ``r1l1``,
  ``r1l1w1``..., and a ``ReadingOrder`` lists the regions in order.
* Missing boxes: PAGE requires ``Coords`` on every region, line and word, and puthi keeps every element (its
  text matters more than its box). An element without a box gets the union of its children's boxes, else its
  parent's coordinates (a word without a box lies somewhere in its line), else the whole page; such derived
  coordinates are marked ``custom="puthi {box:none;}"`` and read back as ``box=None``.
* A word's confidence (0..100, ``-1`` unknown) is ``TextEquiv@conf`` (0..1, four decimals, so two decimals of
  the confidence survive a round trip); an unknown confidence writes no ``conf``.
* Languages: PAGE names languages from its own list (``Bengali``, not ``ben``). ``Page.lang`` becomes
  ``primaryLanguage`` on the ``Page`` and on each ``TextRegion``, ``Word.lang`` the word's ``language``; codes
  outside :data:`LANGUAGES` (after taking the first ``+``-part of a Tesseract combination) are left out.
  Reading maps the names back to ISO 639-2 codes, so ``bn`` or ``ben+eng`` come back as ``ben``.
* PAGE has no page number; a ``Page.page_no`` other than 1 (a PDF page) is kept in ``custom``
  (``puthi {page_no:3;}``), the free-form attribute PAGE provides, in the ``key {prop:value;}`` style that
  Transkribus uses there.

Reading accepts PAGE 2009 to 2019 and Transkribus exports: any namespace, ``Coords@points`` or the old
``Point`` children, the first or lowest-``index`` ``TextEquiv`` (its ``Unicode``, else its ``PlainText``).

* Text lives at the deepest level that has it, and is read once. Where a line's words carry no text, the line's
  text is split at spaces: onto the words (keeping their boxes) when the counts match, else into words without
  boxes; words that carry text keep it, and the line's fills those that do not only when the rest agree. A
  region's text goes onto its lines the same way, split at newlines. A region's own text is ignored when its
  lines or nested regions carry text; a region that only holds other regions is no block of its own.
* Blocks are the ``TextRegion`` elements (nested ones too, and those inside any other region, such as a PAGE
  2019 ``TableRegion``) and Transkribus's ``TableCell`` elements (by row, then column).
* ``ReadingOrder`` decides their order: ``OrderedGroup`` members by ``index``, nested groups too,
  ``UnorderedGroup`` members in file order; a nested region it does not name follows its nearest named ancestor,
  and regions it does not name at all come last, in file order.

>>> from puthi.ocr.model import Block, Box, Line, Page, Word
>>> page = Page(path="p.png", width=200, height=40, lang="ben",
...             blocks=[Block([Line([Word("তাস", Box(10, 5, 60, 30), 91.0), Word("খেলা", None, -1.0)])])])
>>> xml = to_page_xml(page, created="2024-05-01T12:00:00Z")
>>> '<Unicode>তাস খেলা</Unicode>' in xml and 'conf="0.91"' in xml and 'primaryLanguage="Bengali"' in xml
True
>>> read_page_xml(xml) == page
True
"""

from __future__ import annotations

import dataclasses
import json
import math
from datetime import UTC, datetime
from pathlib import Path

import regex
from lxml import etree

from puthi import __version__
from puthi.errors import InputError
from puthi.ocr.model import Block, Box, Line, Page, Step, Word, settings_json
from puthi.ocr.xmlsafe import SCHEMAS, local_name, parse_xml, schema_errors, source_name, xml_text

__all__ = ["LANGUAGES", "PAGE_NS", "read_page_xml", "schema_path", "to_page_xml", "validate_page_xml"]

PAGE_NS = "http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15"
SCHEMA_LOCATION = f"{PAGE_NS}/pagecontent.xsd"
XSI = "http://www.w3.org/2001/XMLSchema-instance"
_P = f"{{{PAGE_NS}}}"

# ISO 639-1/639-2 codes (as Tesseract and puthi use them) → names from PAGE's LanguageSimpleType (ISO 639,
# pagecontent.xsd 2019-07-15). Reading maps each name back to its three-letter code.
LANGUAGES: dict[str, str] = {
    "ben": "Bengali", "bn": "Bengali",
    "asm": "Assamese", "as": "Assamese",
    "hin": "Hindi", "hi": "Hindi",
    "eng": "English", "en": "English",
    "san": "Sanskrit", "sa": "Sanskrit",
}
_CODES = {name: code for code, name in LANGUAGES.items() if len(code) == 3}

_PUTHI_CUSTOM = regex.compile(r"puthi\s*\{([^}]*)\}")
_NO_BOX = "puthi {box:none;}"


def _language(code: str) -> str | None:
    """PAGE's name for ``code`` or for the first known ``+``-part of a Tesseract combination (``ben+eng``)."""
    for part in [code, *code.split("+")]:
        if part.strip().lower() in LANGUAGES:
            return LANGUAGES[part.strip().lower()]
    return None


def _timestamp(created: str | None) -> str:
    """``created`` (ISO 8601; naive means UTC) as an xsd:dateTime in UTC, or now."""
    if created is None:
        moment = datetime.now(UTC)
    else:
        try:
            moment = datetime.fromisoformat(created)
        except ValueError:
            raise ValueError(f"created={created!r} is not an ISO 8601 date and time such as "
                             "2024-05-01T12:00:00Z") from None
        moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _points(box: Box) -> str:
    x0, y0, x1, y1 = (max(0, round(v)) for v in (box.x0, box.y0, box.x1, box.y1))
    return f"{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}"


def _sub(parent: etree._Element, tag: str, attrs: dict[str, str] | None = None) -> etree._Element:
    return etree.SubElement(parent, _P + tag, {k: xml_text(v) for k, v in (attrs or {}).items()})


def _coords(el: etree._Element, own: Box | None, derived: Box) -> Box:
    """Write ``Coords`` for ``own``, or for ``derived`` marked as not the element's own box; return the box used."""
    box = own if own is not None else derived
    if own is None:
        el.set("custom", _NO_BOX)
    _sub(el, "Coords", {"points": _points(box)})
    return box


def _text_equiv(el: etree._Element, text: str, conf: float | None = None) -> None:
    te = _sub(el, "TextEquiv")
    if conf is not None:
        te.set("conf", f"{round(min(max(conf, 0.0), 100.0) / 100.0, 4):g}")
    _sub(te, "Unicode").text = xml_text(text)


def _block_boxes(block: Block) -> list[Box]:
    boxes = [block.box] if block.box else []
    for line in block.lines:
        boxes += [line.box] if line.box else []
        boxes += [w.box for w in line.words if w.box]
    return boxes


def to_page_xml(page: Page, *, created: str | None = None) -> str:
    """The page as one PAGE 2019 document (UTF-8, with an XML declaration).

    ``created`` (ISO 8601, UTC unless it says otherwise) is written as ``Created`` and ``LastChange``;
    it defaults to now. A page of unknown size takes the right and bottom edges of its boxes:

    >>> from puthi.ocr.model import Block, Box, Line, Page, Word
    >>> xml = to_page_xml(Page(path="scan.png", blocks=[Block([Line([Word("A&B", Box(3, 4, 50, 20))])])]),
    ...                   created="2024-05-01T17:30:00+05:30")
    >>> 'imageWidth="50" imageHeight="20"' in xml, '<Created>2024-05-01T12:00:00Z</Created>' in xml
    (True, True)
    >>> '<Unicode>A&amp;B</Unicode>' in xml
    True
    """
    stamp = _timestamp(created)
    root = etree.Element(_P + "PcGts", nsmap={None: PAGE_NS, "xsi": XSI})
    root.set(f"{{{XSI}}}schemaLocation", f"{PAGE_NS} {SCHEMA_LOCATION}")
    meta = _sub(root, "Metadata")
    _sub(meta, "Creator").text = f"puthi {__version__}"
    _sub(meta, "Created").text = stamp
    _sub(meta, "LastChange").text = stamp
    for step in page.steps:
        _sub(meta, "MetadataItem", {"type": "processingStep", "name": step.name,
                                    "value": json.dumps(step.settings, ensure_ascii=False, sort_keys=True,
                                                        default=str)})

    all_boxes = [b for block in page.blocks for b in _block_boxes(block)]
    custom = []
    width, height = page.width, page.height
    if width <= 0:
        width, custom = max([b.x1 for b in all_boxes] + [0]), [*custom, "width:unknown;"]
    if height <= 0:
        height, custom = max([b.y1 for b in all_boxes] + [0]), [*custom, "height:unknown;"]
    if page.page_no != 1:
        custom.append(f"page_no:{page.page_no};")
    page_el = _sub(root, "Page", {"imageFilename": page.path, "imageWidth": str(max(0, round(width))),
                                  "imageHeight": str(max(0, round(height)))})
    language = _language(page.lang) if page.lang else None
    if language:
        page_el.set("primaryLanguage", language)
    if custom:
        page_el.set("custom", "puthi {" + " ".join(custom) + "}")
    if page.rotation:  # PAGE: the angle to turn the page clockwise to correct it, from -179.999 to 180
        page_el.set("orientation", str(page.rotation if page.rotation <= 180 else page.rotation - 360))
    if page.blocks:
        group = _sub(_sub(page_el, "ReadingOrder"), "OrderedGroup", {"id": "ro1", "caption": "regions"})
        for b in range(1, len(page.blocks) + 1):
            _sub(group, "RegionRefIndexed", {"index": str(b - 1), "regionRef": f"r{b}"})

    whole_page = Box(0, 0, width, height)
    for b, block in enumerate(page.blocks, 1):
        region = _sub(page_el, "TextRegion", {"id": f"r{b}"})
        if language:
            region.set("primaryLanguage", language)
        region_box = _coords(region, block.box, Box.union(_block_boxes(block)) or whole_page)
        for n, line in enumerate(block.lines, 1):
            line_el = _sub(region, "TextLine", {"id": f"r{b}l{n}"})
            line_box = _coords(line_el, line.box, line.bbox() or region_box)
            for w, word in enumerate(line.words, 1):
                word_el = _sub(line_el, "Word", {"id": f"r{b}l{n}w{w}"})
                word_language = _language(word.lang) if word.lang else None
                if word_language:
                    word_el.set("language", word_language)
                _coords(word_el, word.box, line_box)
                _text_equiv(word_el, word.text, word.conf if word.conf >= 0 else None)
            _text_equiv(line_el, line.text)
        _text_equiv(region, "\n".join(line.text for line in block.lines))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + etree.tostring(root, encoding="unicode", pretty_print=True)


def _children(el: etree._Element, name: str) -> list[etree._Element]:
    return [c for c in el if local_name(c) == name]


def _puthi_custom(el: etree._Element) -> dict[str, str]:
    """The ``key:value`` pairs of puthi's group in an element's ``custom`` attribute."""
    found: dict[str, str] = {}
    for group in _PUTHI_CUSTOM.finditer(el.get("custom") or ""):
        for item in group.group(1).split(";"):
            key, _, value = item.partition(":")
            if key.strip():
                found[key.strip()] = value.strip()
    return found


def _int(el: etree._Element, attr: str, where: str) -> int:
    value = el.get(attr)
    try:
        return round(float(value or 0))
    except (ValueError, OverflowError):  # not a number, or NaN or infinity
        raise InputError(where, f"{local_name(el)} {attr}={value!r} is not a number") from None


def _box(el: etree._Element, where: str) -> Box | None:
    """The bounding box of an element's ``Coords`` (``points``, or PAGE 2009's ``Point`` children)."""
    coords = next(iter(_children(el, "Coords")), None)
    if coords is None or _puthi_custom(el).get("box") == "none":
        return None
    raw = coords.get("points")
    try:
        if raw is not None:
            pairs = [tuple(float(v) for v in p.split(",")) for p in raw.split()]
        else:
            pairs = [(float(p.get("x", "")), float(p.get("y", ""))) for p in _children(coords, "Point")]
        if not pairs or any(len(p) != 2 or not all(map(math.isfinite, p)) for p in pairs):
            raise ValueError
    except ValueError:
        what = f"points={raw!r}" if raw is not None else "Point children"
        raise InputError(where, f"{local_name(el)} {el.get('id') or ''} Coords {what} is not a list of x,y pairs; "
                         "is the PAGE file complete?") from None
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    return Box(round(min(xs)), round(min(ys)), round(max(xs)), round(max(ys)))


def _text(el: etree._Element, where: str) -> tuple[str | None, float]:
    """The text of an element's best ``TextEquiv`` (lowest ``index``, else the first) and its confidence 0..100.

    The text is ``Unicode``, or ``PlainText`` when ``Unicode`` is empty or absent; ``None`` without a ``TextEquiv``.
    """
    equivs = _children(el, "TextEquiv")
    if not equivs:
        return None, -1.0
    indexed = [e for e in equivs if (e.get("index") or "").strip().isdigit()]
    best = min(indexed, key=lambda e: int(e.get("index"))) if indexed else equivs[0]
    texts = ["".join(u.itertext()) for name in ("Unicode", "PlainText") for u in _children(best, name)]
    text = next((t for t in texts if t.strip()), texts[0] if texts else "")
    conf = best.get("conf")
    if conf is None:
        return text, -1.0
    try:
        number = float(conf)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):  # NaN had stopped a whole build at the store (a hostile tester)
        raise InputError(where, f"TextEquiv conf={conf!r} of {local_name(el)} {el.get('id') or ''} is not a "
                         "number 0..1")
    return text, round(min(max(number, 0.0), 1.0) * 100.0, 2)


def _language_code(name: str | None) -> str:
    return _CODES.get((name or "").strip(), "")


def _has_text(text: str | None) -> bool:
    return bool(text and text.strip())


def _same(a: str, b: str) -> bool:
    return a.split() == b.split()


def _share(text: str | None, children: list[str], parts: list[str]) -> list[str] | None:
    """The parts of a parent's ``text`` for its children (their own texts as given), or None to keep theirs.

    Text lives at the deepest level that has it: when no child carries text the parent's parts go to them one
    each; when some do, the parts fill the others only if the ones that carry text agree with them. Either
    way the counts must match, else the parent's text cannot be placed on the children (None).
    """
    if not _has_text(text) or len(parts) != len(children):
        return None
    if not any(_has_text(c) for c in children):
        return parts
    if all(_same(c, p) for c, p in zip(children, parts, strict=True) if _has_text(c)):
        return [c if _has_text(c) else p for c, p in zip(children, parts, strict=True)]
    return None


def _word(el: etree._Element, where: str) -> Word:
    text, conf = _text(el, where)
    if not _has_text(text):  # a word without text of its own may still have it on its glyphs
        glyphs = [_text(g, where)[0] for g in _children(el, "Glyph")]
        if any(_has_text(g) for g in glyphs):
            text, conf = "".join(g or "" for g in glyphs), -1.0
    return Word(text or "", _box(el, where), conf, _language_code(el.get("language")))


def _line(el: etree._Element, where: str, given: str | None = None) -> Line:
    """A ``TextLine``; ``given`` is its row of the region's text, used where the line carries none."""
    own = _text(el, where)[0]
    text = own if _has_text(own) or given is None else given
    words = [_word(w, where) for w in _children(el, "Word")]
    tokens = (text or "").split()
    shared = _share(text, [w.text for w in words], tokens)
    if shared is not None:
        words = [dataclasses.replace(w, text=t) if w.text != t else w for w, t in zip(words, shared, strict=True)]
    elif _has_text(text) and not any(_has_text(w.text) for w in words):
        words = [Word(t) for t in tokens]  # the words' boxes cannot be matched to the line's text
    return Line(words, _box(el, where))


_UNITS = ("TextRegion", "TableCell")  # elements whose lines make a Block
_GROUPS = ("OrderedGroup", "UnorderedGroup", "OrderedGroupIndexed", "UnorderedGroupIndexed")


def _nested_units(el: etree._Element) -> list[etree._Element]:
    return [d for d in el.iterdescendants() if local_name(d) in _UNITS]


def _block(el: etree._Element, where: str) -> Block | None:
    """A ``TextRegion`` or Transkribus ``TableCell`` as a block of its own lines; None for a mere container.

    The element's own ``TextEquiv`` is used only where neither its lines nor its nested regions carry text.
    """
    line_els = _children(el, "TextLine")
    lines = [_line(tl, where) for tl in line_els]
    nested = _nested_units(el)
    nested_text = any(_has_text(_text(t, where)[0]) for n in nested for t in n.iter() if _children(t, "TextEquiv"))
    own = None if nested_text else _text(el, where)[0]
    if _has_text(own):
        rows = own.split("\n")
        if len(rows) != len(lines):
            rows = [row for row in rows if row.strip()]
        shared = _share(own, [ln.text for ln in lines], rows)
        if shared is not None:
            lines = [_line(tl, where, row) if not _has_text(ln.text) else ln
                     for tl, ln, row in zip(line_els, lines, shared, strict=True)]
        elif not any(_has_text(ln.text) for ln in lines):  # the lines' boxes cannot be matched to the rows
            lines = [Line([Word(t) for t in row.split()]) for row in rows]
    if nested and not lines:
        return None
    return Block(lines, _box(el, where))


def _index(el: etree._Element) -> tuple[int, int]:
    try:
        return 0, int(el.get("index") or "")
    except ValueError:
        return 1, 0  # unindexed members come after the indexed ones, in file order


def _reading_order(group: etree._Element) -> list[str]:
    """The region IDs of a reading-order group: ordered groups by ``index``, unordered ones in file order."""
    ids = [group.get("regionRef")] if group.get("regionRef") else []
    members = [m for m in group if local_name(m) in (*_GROUPS, "RegionRef", "RegionRefIndexed")]
    if local_name(group).startswith("Ordered"):
        members.sort(key=_index)
    for member in members:
        if local_name(member) in _GROUPS:
            ids += _reading_order(member)
        elif member.get("regionRef"):
            ids.append(member.get("regionRef"))
    return ids


def _in_cell_order(children: list[etree._Element]) -> list[etree._Element]:
    """``children`` with the table cells among them sorted by row, then column (each in the places cells had)."""
    def number(cell: etree._Element, attr: str) -> tuple[int, int]:
        try:
            return 0, int(cell.get(attr) or "")
        except ValueError:
            return 1, 0  # a cell without a row or column comes after the numbered ones, in file order
    cells = iter(sorted((c for c in children if local_name(c) == "TableCell"),
                        key=lambda c: (number(c, "row"), number(c, "col"))))
    return [next(cells) if local_name(c) == "TableCell" else c for c in children]


def _units(page_el: etree._Element) -> list[etree._Element]:
    """The page's text regions and table cells, nested ones too, in reading order.

    ``ReadingOrder`` decides; a nested region or cell it does not name goes with its nearest named ancestor (just
    after it, in file order, table cells by row and column), and regions it does not name at all come last.
    """
    order = [i for ro in _children(page_el, "ReadingOrder") for g in ro if local_name(g) in _GROUPS
             for i in _reading_order(g)]
    rank = {ident: i for i, ident in reversed(list(enumerate(order)))}
    found: list[tuple[int, etree._Element]] = []

    def walk(el: etree._Element, inherited: int) -> None:
        children = [c for c in el if local_name(c).endswith("Region") or local_name(c) == "TableCell"]
        for child in _in_cell_order(children):
            child_rank = rank.get(child.get("id"), inherited)
            if local_name(child) in _UNITS:
                found.append((child_rank, child))
            walk(child, child_rank)

    walk(page_el, len(order))
    return [el for _, el in sorted(found, key=lambda pair: pair[0])]


def _steps(root: etree._Element) -> list[Step]:
    steps = []
    for meta in _children(root, "Metadata"):
        for item in _children(meta, "MetadataItem"):
            if item.get("type") != "processingStep":
                continue
            raw = item.get("value") or ""
            settings = settings_json(raw)
            if settings is None:
                settings = {"value": raw}  # e.g. OCR-D's value="ocrd-tesserocr-recognize"
            for label in item.iter():
                if local_name(label) == "Label" and label.get("type"):
                    settings.setdefault(label.get("type"), label.get("value"))
            steps.append(Step(item.get("name") or raw, settings))
    return steps


def read_page_xml(xml: str | bytes | Path, source: str = "") -> Page:
    """The page of a PAGE XML document (its text or bytes, or a path), PAGE 2009 to 2019.

    Corrupt or hostile input raises :class:`~puthi.errors.InputError` naming ``source``.

    A line whose words carry no text lends them its own:

    >>> page = read_page_xml(
    ...     '<PcGts><Page><TextRegion id="r"><TextLine id="l"><Coords points="0,0 90,9"/>'
    ...     '<Word id="a"><Coords points="0,0 40,9"/></Word><Word id="b"><Coords points="50,0 90,9"/></Word>'
    ...     '<TextEquiv><Unicode>তাস খেলা</Unicode></TextEquiv></TextLine></TextRegion></Page></PcGts>')
    >>> [(w.text, w.box.x0) for w in page.words]
    [('তাস', 0), ('খেলা', 50)]
    >>> read_page_xml(b"<alto/>", source="p1.xml")
    Traceback (most recent call last):
    ...
    puthi.errors.InputError: p1.xml: the root element is alto, not PcGts; is this a PAGE XML file?
    """
    where = source_name(xml, source or None)
    root = parse_xml(xml, name=where)
    if local_name(root) != "PcGts":
        raise InputError(where, f"the root element is {local_name(root)}, not PcGts; is this a PAGE XML file?")
    page_els = _children(root, "Page")
    if not page_els:
        raise InputError(where, "has no Page element; is the PAGE file complete?")
    if len(page_els) > 1:  # the schema allows one: the others would be lost without a word
        raise InputError(where, f"holds {len(page_els)} Page elements; a PAGE file holds one page, so give each "
                                "page its own file")
    page_el = page_els[0]
    custom = _puthi_custom(page_el)
    blocks, langs = [], []
    for unit in _units(page_el):
        block = _block(unit, where)
        if block is not None:
            blocks.append(block)
            langs.append(_language_code(unit.get("primaryLanguage")))
    try:
        page_no = int(custom.get("page_no", "1"))
    except ValueError:
        page_no = 1
    return Page(
        path=page_el.get("imageFilename") or "",
        width=0 if "width" in custom else _int(page_el, "imageWidth", where),
        height=0 if "height" in custom else _int(page_el, "imageHeight", where),
        lang=_language_code(page_el.get("primaryLanguage")) or next((x for x in langs if x), ""),
        blocks=blocks,
        steps=_steps(root),
        page_no=page_no,
    ).checked(where)


def schema_path() -> Path:
    """The PAGE 2019 schema in ``shared/schemas`` beside the repository (``../shared`` from its root)."""
    return SCHEMAS / "pagecontent.xsd"


def validate_page_xml(xml: str | bytes | Path, *, name: str | None = None) -> list[str]:
    """Schema errors of a PAGE document against PAGE 2019 (an empty list when it is valid).

    Raises :class:`~puthi.errors.MissingDependencyError` when the schema folder is absent, and
    :class:`~puthi.errors.InputError` when the document is not well-formed XML.
    """
    return schema_errors(xml, "pagecontent.xsd", "PAGE", name=name)
