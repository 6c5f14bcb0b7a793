r"""TEI P5 for one document: header with source and processing steps, facsimile, text, glossary.

* ``teiHeader``: the title, one ``respStmt`` per machine stage and per person who corrected the text,
  the source (path and SHA-256), and every processing step (``appInfo/application``, settings in ``desc``);
* ``facsimile``: a ``surface`` per page, a ``zone`` per OCR line and per word with its box, and the page
  image as a URI: relative to the TEI file's folder when :func:`to_tei` is given it (``image_base``), so
  that the export and the scans can be moved together (:func:`image_url`);
* ``text``: ``pb`` per page, an ``ab`` per block, ``lb`` per line; each active edit is
  ``choice/sic/corr`` with ``resp`` pointing at the machine stage or the person, ``cert`` its confidence
  and ``n`` its rule; terms are ``term ref="#glossary-id"``, numbers ``num value``;
* ``back``: the rule claims with their verdicts (``div type="claims"``), and the glossary of the concepts
  the document's terms use, from the terminology tables.

The text is laid out on the OCR text (``sic`` holds what was read), so nothing the machine or a person
changed is hidden. Spans found in the final text are mapped back onto it; a span that would cross an
edit boundary is widened to the whole ``choice``, and a span that crosses another span is left out of
the inline markup (it is still in the tables and the Web Annotations). :func:`validate` checks a TEI
file against ``tei_subset.rng``, the RELAX NG schema of exactly the subset written here.

>>> from puthi.corpus.records import Document
>>> from puthi.corpus.store import StoredPage
>>> from puthi.corpus.corrections import Marked
>>> from puthi.normalize.edits import Edit
>>> from puthi.rules.spans import NumberSpan
>>> doc = Document("/x/a.txt", "a.txt", "text", "ab12", lang="bn")
>>> page = {"blocks": [{"lines": [{"words": [{"text": "ৰিস্তি"}, {"text": "৪৭"}]}]}]}
>>> sp = StoredPage(doc, 1, "h", page, "ৰিস্তি ৪৭", "বিস্তি ৪৭", "bn", [],
...                 [Marked(Edit(0, 1, "ৰ", "ব", "ra", 0.9))], [], [NumberSpan(7, 9, "৪৭", 47)], [], [])
>>> xml = to_tei(doc, [sp], tables=[])
>>> validate(xml)
[]
>>> body = xml.split("<body>")[1].split("</body>")[0]
>>> print(body.replace("<choice>", "\n<choice>").replace("</choice>", "</choice>\n"))
<div><pb n="1" facs="#p1"/><ab><lb n="1"/>
<choice><sic>ৰ</sic><corr resp="#puthi-repair" cert="0.90" n="ra">ব</corr></choice>
িস্তি <num value="47">৪৭</num></ab></div>
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import urllib.parse
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import regex
from lxml import etree

from puthi import __version__
from puthi.corpus.glossary import GlossEntry, concept_id, glossary_for
from puthi.corpus.records import Annotation, Document, claim_xml_ids
from puthi.corpus.store import StoredPage
from puthi.normalize.detect import line_lang
from puthi.normalize.edits import OffsetMap
from puthi.ocr.xmlsafe import xml_text

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
_T = f"{{{TEI_NS}}}"
_ID = f"{{{XML_NS}}}id"
_LANG = f"{{{XML_NS}}}lang"
SCHEMA = Path(__file__).with_name("tei_subset.rng")
#: OCR language codes (ISO 639-3) -> BCP 47 tags for ``xml:lang``.
BCP47 = {"ben": "bn", "asm": "as", "hin": "hi", "eng": "en", "bn": "bn", "as": "as"}
LANG_NAMES = {"bn": "Bengali", "as": "Assamese", "hi": "Hindi", "en": "English"}


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: Any) -> etree._Element:
    el = etree.SubElement(parent, _T + tag)
    for k, v in attrs.items():
        if v is not None:
            el.set(_ID if k == "xml_id" else k.rstrip("_"), xml_text(str(v)))
    if text is not None:
        el.text = xml_text(text)
    return el


def human_id(author: str) -> str:
    """The ``xml:id`` of a person's ``respStmt``.

    >>> human_id("rk"), human_id("R. K. Das")[:15]
    ('human-rk', 'human-R.-K.-Das')
    """
    return concept_id(author).replace("g-", "human-", 1)


class Aligner:
    """Maps offsets in the final text back to the OCR text through the active edits.

    >>> from puthi.normalize.edits import Edit
    >>> a = Aligner([Edit(0, 1, "ৰ", "ব", "ra"), Edit(3, 5, "ab", "", "drop")])
    >>> a.start(0), a.end(1), a.start(3), a.end(3), a.end(4)
    (0, 1, 5, 3, 6)
    """

    def __init__(self, edits: list[Any]):
        self.edits = sorted(edits, key=lambda e: (e.start, e.end))
        self.final_starts: list[int] = []  # where each edit's replacement starts in the final text
        delta = 0
        for e in self.edits:
            self.final_starts.append(e.start + delta)
            delta += len(e.after) - (e.end - e.start)

    def _region(self, f: int) -> int:
        return bisect_right(self.final_starts, f) - 1

    def _plain(self, f: int, i: int) -> int:
        if i < 0:
            return f
        e = self.edits[i]
        return e.end + (f - (self.final_starts[i] + len(e.after)))

    def start(self, f: int) -> int:
        """The OCR offset where a span starting at final offset ``f`` starts (widened to a whole edit)."""
        i = self._region(f)
        while i >= 0:
            e, fs = self.edits[i], self.final_starts[i]
            if f >= fs + len(e.after):
                return self._plain(f, i)
            if f >= fs and len(e.after):
                return e.start
            i -= 1
        return f

    def end(self, f: int) -> int:
        """The OCR offset where a span ending at final offset ``f`` ends (widened to a whole edit)."""
        i = bisect_right(self.final_starts, f - 1) - 1 if f > 0 else -1
        while i >= 0:
            e, fs = self.edits[i], self.final_starts[i]
            if fs < f <= fs + len(e.after):
                return e.end
            if f > fs + len(e.after):
                return self._plain(f, i)
            i -= 1
        return f


def _append(parent: etree._Element, text: str) -> None:
    if not text:
        return
    text = xml_text(text)
    try:  # not len(parent): lxml counts the children one by one, and a page of 40,000 numbers took minutes
        last = parent[-1]
    except IndexError:
        parent.text = (parent.text or "") + text
    else:
        last.tail = (last.tail or "") + text


@functools.cache
def _schema() -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(SCHEMA)))


def validate(xml: str | bytes) -> list[str]:
    """Errors of ``xml`` against the project's TEI subset schema; ``[]`` when it is valid."""
    from puthi.ocr.xmlsafe import parse_xml

    root = parse_xml(xml.encode("utf-8") if isinstance(xml, str) else xml, name="TEI")
    schema = _schema()
    if schema.validate(root):
        return []
    return [f"line {e.line}: {e.message}" for e in schema.error_log]


def image_url(path: str, base: str | Path | None = None) -> str:
    """The URI of the image at ``path`` for a TEI file in the folder ``base``: a relative reference when
    ``base`` is given, else a ``file:`` URI; a relative path is only escaped, and a URI is kept as it is.
    A fragment (a PDF's ``#page=3``) stays a fragment.

    >>> image_url("/data/scans/p 1.png", "/data/export")
    '../scans/p%201.png'
    >>> image_url("/data/book.pdf#page=3")
    'file:///data/book.pdf#page=3'
    >>> image_url("scans/পাতা.png")
    'scans/%E0%A6%AA%E0%A6%BE%E0%A6%A4%E0%A6%BE.png'
    """
    if _URI.match(path):
        return path
    path, mark, page = path.partition("#page=")
    fragment = mark + page
    if not os.path.isabs(path):
        return urllib.parse.quote(Path(path).as_posix()) + fragment
    if base is not None:
        # sources are stored resolved, so the folder is too: a path through a symlinked folder still opens
        rel = os.path.relpath(path, os.path.realpath(base))
        return urllib.parse.quote(Path(rel).as_posix()) + fragment
    return Path(path).as_uri() + fragment


def page_image(sp: StoredPage) -> str:
    """The path of a stored page's image: as stored, but an hOCR, ALTO or PAGE import's relative name taken
    from the imported file's folder (where it was meant to be found)."""
    image = sp.page.get("path", "")
    if image and sp.doc.kind in ("hocr", "alto", "page") and not os.path.isabs(image) and not _URI.match(image):
        image = os.path.join(os.path.dirname(sp.doc.source), image)
    return image


_URI = regex.compile(r"[A-Za-z][A-Za-z0-9+.\-]+:")  # http:, file: (not a drive letter, C:)


def to_tei(doc: Document, pages: list[StoredPage], *, tables: Iterable[GlossEntry] | None = None,
           image_base: str | Path | None = None, withdrawn: Iterable[Annotation] = ()) -> str:
    """The TEI P5 document for ``doc`` with its ``pages`` (see the module docstring); ``image_base`` is the
    folder the TEI file is written to, which the page images are referred to from; ``withdrawn``: the
    corrections that withdrew claims (``puthi correct --no-rule``), listed with who made them."""
    withdrawn = list(withdrawn)
    lang = BCP47.get(doc.lang, doc.lang) or None
    root = etree.Element(_T + "TEI", nsmap={None: TEI_NS})
    if lang:
        root.set(_LANG, lang)
    _header(root, doc, pages, lang, [a.author for a in withdrawn])
    _facsimile(root, pages, image_base)
    text = _sub(root, "text")
    div = _sub(_sub(text, "body"), "div")
    terms = []
    for sp in pages:
        _page(div, sp, lang)
        terms += [m.item for m in sp.terms if m.active]
    if (usage := root.find(f"{_T}teiHeader/{_T}profileDesc/{_T}langUsage")) is not None:
        for other in sorted({ab.get(_LANG) for ab in div.iter(_T + "ab")} - {None, lang}):
            _sub(usage, "language", LANG_NAMES.get(other, other), ident=other)
    glossary = glossary_for(terms, tables)
    claimed = [sp for sp in pages if sp.claims]
    back = _sub(text, "back") if glossary or claimed or withdrawn else None
    if claimed or withdrawn:
        div = _sub(back, "div", type="claims")
        resps = {s.get(_ID) for s in root.iter(_T + "respStmt")}
        if claimed:
            _claims(div, claimed, resps)
        if withdrawn:
            lst = _sub(div, "list", type="withdrawn")
            for a in withdrawn:  # a person said the span states no rule, and its claims (of a quantity) were withdrawn
                item = _sub(lst, "item", corresp=f"#p{a.page_no}", resp=f"#{human_id(a.author)}", n=a.quantity or None)
                _sub(item, "quote", a.before)
                if a.note:
                    _sub(item, "note", a.note, type="no-rule")
    if glossary:
        lst = _sub(_sub(back, "div", type="glossary"), "list", type="gloss")
        for entry in glossary:
            item = _sub(lst, "item", xml_id=entry.xml_id, n=entry.concept)
            _sub(item, "term", entry.headword)
            if entry.gloss:
                _sub(item, "gloss", entry.gloss)
            if entry.table:  # a newcomer: the source column of their own table reached no export
                source = f"; source: {entry.source}" if entry.source else ""
                _sub(item, "note", f"table: {entry.table}{source}", type="source")
    _indent(root)
    return etree.tostring(root, encoding="unicode", pretty_print=False)


def _indent(root: etree._Element) -> None:
    """Lines and indentation for the parts a person reads as a structure (a newcomer found the header and every
    box on one line): the header, the facsimile and the back, which hold elements and leaf texts only. The body's
    text keeps its own spaces and line breaks: a space added inside its mixed content would change the text."""
    root.text = "\n"
    for part in root:
        part.tail = "\n"
        if part.tag != _T + "text":
            etree.indent(part, space="  ", level=0)
    if (back := root.find(f"{_T}text/{_T}back")) is not None:
        back.getprevious().tail = "\n"
        etree.indent(back, space="  ", level=0)
        back.tail = "\n"


def _claims(div: etree._Element, pages: list[StoredPage], resps: set[str | None]) -> None:
    """One ``item`` per rule claim: its quantity (``n``), game (``label``, with the person who set it), sentence
    (``quote``), the value the text states (``measure``), and a ``note type="verdict"`` per active verdict, with who
    gave it."""
    lst = _sub(div, "list", type="claims")
    for sp in pages:
        for i, (c, xml_id) in enumerate(zip(sp.claims, claim_xml_ids(sp.claims, sp.text, sp.page_no), strict=True)):
            params = ",".join(f"{k}={v}" for k, v in sorted(c.params.items()))
            item = _sub(lst, "item", xml_id=xml_id, corresp=f"#p{sp.page_no}",
                        n=c.quantity + (f"({params})" if params else ""))
            set_by = sp.game_set_by(i)  # the latest game correction (a newcomer), in force or under a person's verdict
            _sub(item, "label", c.game, resp=f"#{human_id(set_by)}" if set_by else None)
            _sub(item, "quote", c.text)
            if c.stated is not None:  # a claim about a rule's wording with no value states none
                _sub(item, "measure", str(c.stated), type="stated")
            held = {m.item.verdict for m in sp.verdicts if m.item.claim == i and m.active and m.resp == "human"}
            for m in sp.verdicts:
                # a verdict a person overruled, the machine's or another person's, stays as such (a newcomer lost the
                # engine's word); one the person agreed with is no overruled verdict (a hostile tester)
                if m.item.claim != i or not (m.active or (held and m.item.verdict not in held)):
                    continue
                v = m.item
                who = f"#{human_id(m.author)}" if m.resp == "human" else "#puthi-claims"
                _sub(item, "note", f"{v.verdict}: {v.explanation}" if v.explanation else v.verdict,
                     type="verdict" if m.active else "overruled-verdict", subtype=v.verdict,
                     resp=who if who[1:] in resps else None)


def _header(root: etree._Element, doc: Document, pages: list[StoredPage], lang: str | None,
            authors: Iterable[str] = ()) -> None:
    header = _sub(root, "teiHeader")
    fdesc = _sub(header, "fileDesc")
    tstmt = _sub(fdesc, "titleStmt")
    _sub(tstmt, "title", doc.title or doc.name)
    steps: dict[str, Any] = {}
    for sp in pages:
        for s in sp.steps:
            steps.setdefault(json.dumps([s.stage, s.version, s.settings], sort_keys=True), s)
    for stage in dict.fromkeys(s.stage for s in steps.values()):
        resp = _sub(tstmt, "respStmt", xml_id=f"puthi-{stage}")
        _sub(resp, "resp", f"{stage} (machine)")
        _sub(resp, "name", f"puthi {__version__}")
    if "puthi-repair" not in {s.get(_ID) for s in tstmt.iter(_T + "respStmt")}:
        resp = _sub(tstmt, "respStmt", xml_id="puthi-repair")
        _sub(resp, "resp", "repair (machine)")
        _sub(resp, "name", f"puthi {__version__}")
    people = sorted({m.author for sp in pages for layer in (sp.edits, sp.terms, sp.verdicts)
                     for m in layer if m.resp == "human" or (m.annotation_id and m.author)} | set(authors))
    for person in people:
        resp = _sub(tstmt, "respStmt", xml_id=human_id(person))
        _sub(resp, "resp", "correction (human)")
        _sub(resp, "persName", person)
    pub = _sub(fdesc, "publicationStmt")
    if doc.licence:
        _sub(_sub(pub, "availability"), "licence", doc.licence)
    else:
        _sub(pub, "p", f"Made with puthi {__version__} from the corpus store; not published.")
    bibl = _sub(_sub(fdesc, "sourceDesc"), "bibl")
    _sub(bibl, "title", doc.title or doc.name)
    _sub(bibl, "idno", doc.source, type="path")
    _sub(bibl, "idno", doc.sha256, type="sha256")
    if doc.provenance:
        _sub(bibl, "note", doc.provenance, type="provenance")
    app_info = _sub(_sub(header, "encodingDesc"), "appInfo") if steps else None
    for n, s in enumerate(steps.values(), start=1):
        app = _sub(app_info, "application", ident=f"puthi-{s.stage}", version=s.version or "unknown",
                   xml_id=f"step{n}")
        _sub(app, "label", s.stage)
        _sub(app, "desc", json.dumps(s.settings, sort_keys=True, ensure_ascii=False))
    if lang:
        usage = _sub(_sub(header, "profileDesc"), "langUsage")
        _sub(usage, "language", LANG_NAMES.get(lang, lang), ident=lang)


def _facsimile(root: etree._Element, pages: list[StoredPage], image_base: str | Path | None) -> None:
    fac = _sub(root, "facsimile")
    # pages of one multi-page image (an ALTO file of a TIFF names the file once for all): each its own page
    shared = Counter(sp.page.get("path", "") for sp in pages)
    for sp in pages:
        w, h = sp.page.get("width", 0), sp.page.get("height", 0)
        box = {"ulx": 0, "uly": 0, "lrx": w, "lry": h} if w and h else {}
        surface = _sub(fac, "surface", xml_id=f"p{sp.page_no}", n=sp.page_no, **box)
        image = page_image(sp)
        if image and shared[sp.page.get("path", "")] > 1 and "#" not in image:
            image += f"#page={sp.page_no}"
        if image and sp.doc.kind in ("image", "pdf", "hocr", "alto", "page"):
            _sub(surface, "graphic", url=image_url(image, image_base))
        for ln in sp.lines:
            if ln["x0"] is None:
                continue
            _sub(surface, "zone", xml_id=f"p{sp.page_no}-l{ln['line_no']}", type="line",
                 ulx=ln["x0"], uly=ln["y0"], lrx=ln["x1"], lry=ln["y1"])
        for wd in sp.words:
            if wd["x0"] is None:
                continue
            _sub(surface, "zone", xml_id=f"p{sp.page_no}-l{wd['line_no']}-w{wd['word_no']}", type="word",
                 ulx=wd["x0"], uly=wd["y0"], lrx=wd["x1"], lry=wd["y1"])


def _page(div: etree._Element, sp: StoredPage, lang: str | None) -> None:
    """The page's ``pb`` and an ``ab`` per block; a block in the other language of the two (an Assamese
    paragraph quoted in a Bengali book, by :func:`~puthi.normalize.detect.line_lang`) says so in ``xml:lang``."""
    _sub(div, "pb", n=sp.page_no, facs=f"#p{sp.page_no}")
    text = sp.ocr_text
    if not text:
        return
    edits = sorted((m for m in sp.edits if m.active), key=lambda m: (m.item.start, m.item.end))
    # Blocks cover the whole text: each runs to the next block's first line; an edit never straddles two.
    lines = sp.lines or _lines(sp)
    edit_starts = [m.item.start for m in edits]

    def inside(pos: int) -> Any:  # the edit ``pos`` falls inside, by binary search (edits in force do not overlap)
        k = bisect_left(edit_starts, pos) - 1
        return edits[k] if k >= 0 and edits[k].item.end > pos else None

    def inserted_at(pos: int) -> bool:
        return any(m.item.end == pos for m in edits[bisect_left(edit_starts, pos):bisect_right(edit_starts, pos)])

    first: dict[int, int] = {}
    for ln in lines:
        first[ln["block_no"]] = min(first.get(ln["block_no"], ln["start"]), ln["start"])
    starts = sorted(set(first.values())) or [0]
    starts[0] = 0
    starts = [s for s in starts if s == 0 or not (inside(s) or inserted_at(s))]
    bounds = [*starts, len(text)]
    lbs: dict[int, dict[str, Any]] = {}
    for ln in lines:
        m = inside(ln["start"])
        lbs.setdefault(m.item.start if m else ln["start"], ln)
    aligner = Aligner([m.item for m in edits])
    spans = []
    for m in sp.terms:
        if m.active:
            spans.append((aligner.start(m.item.start), aligner.end(m.item.end), "term", m))
    offsets = OffsetMap([m.item for m in edits])
    for n in sp.numbers:  # cert: as sure as the repair it was read out of (a guessed digit of a garbled number)
        spans.append((aligner.start(n.start), aligner.end(n.end), "num", (n.value, offsets.output_confidence(
            n.start, n.end))))
    # each block's spans and edits by binary search: filtering all of them for each block had made a page of
    # thousands of lines take minutes (a hostile tester)
    spans.sort(key=lambda s: s[0])
    span_starts = [s[0] for s in spans]
    for a, b in itertools.pairwise(bounds):
        inner = [s for s in spans[bisect_left(span_starts, a):bisect_left(span_starts, b)] if s[0] < s[1] <= b]
        own = BCP47.get(line_lang(text[a:b], lang)) if lang in ("bn", "as") else lang
        ab = _sub(div, "ab")
        if own != lang:
            ab.set(_LANG, own)
        mine = edits[bisect_left(edit_starts, a):bisect_right(edit_starts, b)]
        _block(ab, text, a, b, [m for m in mine if m.item.end <= b], lbs, inner, sp.page_no)


def _lines(sp: StoredPage) -> list[dict[str, Any]]:
    from dataclasses import asdict

    from puthi.corpus.layout import layout

    out = []
    for ln in layout(sp.page, sp.ocr_text)[0]:
        d = asdict(ln)
        box = d.pop("box") or (None, None, None, None)
        out.append(d | dict(zip(("x0", "y0", "x1", "y1"), box, strict=True)))
    return out


def _nest(spans: list[tuple[int, int, str, Any]]) -> list[tuple[int, int, str, Any]]:
    """The spans that nest (longest first at a start); a span crossing an accepted one is dropped."""
    out: list[tuple[int, int, str, Any]] = []
    stack: list[tuple[int, int]] = []
    taken: set[tuple[int, int, str]] = set()
    for s in sorted(spans, key=lambda s: (s[0], -s[1], s[2])):
        while stack and stack[-1][1] <= s[0]:
            stack.pop()
        if (stack and s[1] > stack[-1][1]) or s[:3] in taken:
            continue
        taken.add(s[:3])
        out.append(s)
        stack.append((s[0], s[1]))
    return out


def _block(ab: etree._Element, text: str, a: int, b: int, edits: list[Any], lbs: dict[int, dict[str, Any]],
           spans: list[tuple[int, int, str, Any]], page_no: int) -> None:
    spans = _nest(spans)
    edit_at: dict[int, list[Any]] = {}
    for m in edits:  # an insertion sorts before a replacement at the same place
        edit_at.setdefault(m.item.start, []).append(m)
    cuts = sorted({a, b, *edit_at, *(p for p in lbs if a <= p < b), *(s[0] for s in spans), *(s[1] for s in spans)})
    stack: list[tuple[etree._Element, int]] = [(ab, b)]
    opening = sorted(spans, key=lambda s: (s[0], -s[1]))
    k = 0
    pos = a
    while pos < b:
        while len(stack) > 1 and stack[-1][1] <= pos:
            stack.pop()
        parent = stack[-1][0]
        if pos in lbs and pos < b:
            ln = lbs.pop(pos)
            zone = f"#p{page_no}-l{ln['line_no']}" if ln["x0"] is not None else None
            _sub(parent, "lb", n=ln["line_no"], facs=zone)
        while k < len(opening) and opening[k][0] == pos:
            s0, s1, kind, item = opening[k]
            k += 1
            if s1 <= s0:
                continue
            if kind == "term":
                el = _sub(parent, "term", ref=f"#{concept_id(item.item.concept)}",
                          resp=f"#{human_id(item.author)}" if item.resp == "human" else None,
                          cert=f"{item.item.score:.2f}" if item.item.score < 1 else None)  # a hostile tester
            else:
                value, sure = item
                el = _sub(parent, "num", value=value, cert=f"{sure:.2f}" if sure < 1 else None)
            stack.append((el, s1))
            parent = el
        if edit_at.get(pos):
            m = edit_at[pos].pop(0)
            e = m.item
            choice = _sub(parent, "choice")
            _sub(choice, "sic", e.before)
            resp = f"#{human_id(m.author)}" if m.resp == "human" else "#puthi-repair"
            _sub(choice, "corr", e.after, resp=resp, cert=f"{e.confidence:.2f}", n=e.rule)
            pos = e.end
            continue
        nxt = cuts[bisect_right(cuts, pos)] if bisect_right(cuts, pos) < len(cuts) else b
        _append(parent, text[pos:nxt])
        pos = nxt
