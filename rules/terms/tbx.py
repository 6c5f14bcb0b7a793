"""Export terminology tables as TBX (ISO 30042:2019, the TBX-Basic dialect).

One ``conceptEntry`` per concept (its id is the concept id) with the category as ``subjectField`` and the
English gloss as ``definition``; one ``langSec`` per language; one ``termSec`` per form: the headword
is ``fullForm``, a spelling variant is ``variant``, a rank symbol is ``abbreviation``. Each term carries its
``source``, and its weight and declared ambiguity as notes.

>>> from puthi.rules.terms.tables import load_tables
>>> xml = to_tbx(load_tables())
>>> xml.startswith('<?xml version="1.0" encoding="UTF-8"?>') and 'id="card.queen"' in xml
True
"""

from __future__ import annotations

from collections import defaultdict

from lxml import etree

from puthi.ocr.xmlsafe import xml_text
from puthi.rules.terms.tables import TermTables

TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SCHEMA_PI = (
    'href="https://raw.githubusercontent.com/LTAC-Global/TBX-Basic_dialect/master/DCA/'
    'TBXcoreStructV03_TBX-Basic_integrated.rng" '
    'type="application/xml" schematypens="http://relaxng.org/ns/structure/1.0"'
)


def to_tbx(tables: TermTables, title: str = "puthi terminology tables") -> str:
    """The tables as a TBX-Basic document (a string, UTF-8 XML)."""
    E = lambda tag, **kw: etree.Element(f"{{{TBX_NS}}}{tag}", **kw)  # noqa: E731
    S = lambda parent, tag, text=None, **kw: _sub(parent, tag, text, **kw)  # noqa: E731
    root = E("tbx", nsmap={None: TBX_NS})
    root.set("type", "TBX-Basic")
    root.set("style", "dca")
    root.set(XML_LANG, "en")
    header = S(root, "tbxHeader")
    S(S(S(header, "fileDesc"), "sourceDesc"), "p", title)
    body = S(S(root, "text"), "body")
    for concept, rows in tables.concepts().items():
        entry = S(body, "conceptEntry", id=concept)
        if rows[0].category:
            S(entry, "descrip", rows[0].category, type="subjectField")
        by_lang: dict[str, list] = defaultdict(list)
        for e in rows:
            by_lang[e.lang].append(e)
        for lang, entries in by_lang.items():
            lang_sec = S(entry, "langSec")
            lang_sec.set(XML_LANG, lang)
            if entries[0].gloss:
                S(lang_sec, "descrip", entries[0].gloss, type="definition")
            seen = set()
            for e in entries:
                for k, form in enumerate(e.forms):
                    if form in seen:
                        continue
                    seen.add(form)
                    term_sec = S(lang_sec, "termSec")
                    S(term_sec, "term", form)
                    kind = "abbreviation" if lang == "x-symbol" else ("fullForm" if k == 0 else "variant")
                    S(term_sec, "termNote", kind, type="termType")
                    if e.source:
                        S(term_sec, "admin", e.source, type="source")
                    if e.weight != 1.0:
                        S(term_sec, "note", f"weight {e.weight:g}: {e.gloss}")
                    if e.ambiguous:
                        S(term_sec, "note", "also names " + ", ".join(e.ambiguous))
    doc = etree.tostring(root, encoding="unicode", pretty_print=True)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<?xml-model {SCHEMA_PI}?>\n{doc}'


def _sub(parent, tag: str, text: str | None = None, **attrs: str):
    # a control character a table's cell held becomes U+FFFD, as in TEI (a hostile tester's had ended in a traceback)
    el = etree.SubElement(parent, f"{{{TBX_NS}}}{tag}", **{k: xml_text(v) for k, v in attrs.items()})
    if text is not None:
        el.text = xml_text(text)
    return el
