"""W3C Web Annotation (JSON-LD) for the edits, terms and claims of a document.

One ``AnnotationCollection`` per document. Each annotation targets one text layer of one page
(``…/page/N/ocr`` for edits, ``…/page/N/text`` for terms and claims) with two selectors: a
``TextQuoteSelector`` (the exact text with a little context, which survives small changes) and a
``TextPositionSelector`` (code-point offsets, as everywhere in puthi). The ``creator`` says who made
it: the machine stage (``Software``) or the person who corrected it (``Person``).

>>> from puthi.corpus.records import Document
>>> from puthi.corpus.store import StoredPage
>>> from puthi.corpus.corrections import Marked
>>> from puthi.normalize.edits import Edit
>>> doc = Document("/x/a.txt", "a.txt", "text", "ab12")
>>> sp = StoredPage(doc, 1, "h", {}, "ৰিস্তি খেলা", "বিস্তি খেলা", "bn", [],
...                 [Marked(Edit(0, 1, "ৰ", "ব", "ra", 0.9))], [], [], [], [])
>>> anno = to_webanno(doc, [sp])["first"]["items"][0]
>>> anno["motivation"], anno["target"]["selector"][1]
('editing', {'type': 'TextPositionSelector', 'start': 0, 'end': 1})
>>> anno["target"]["selector"][0]["suffix"]
'িস্তি খেলা'
"""

from __future__ import annotations

import json
from typing import Any

import regex

from puthi import __version__
from puthi.corpus.glossary import concept_id
from puthi.corpus.records import Document
from puthi.corpus.store import StoredPage
from puthi.rules.claims.model import claim_ids

CONTEXT = "http://www.w3.org/ns/anno.jsonld"
QUOTE_CONTEXT = 32
CONTINUATION_REACH = 400  # a running head and page number before a sentence's rest on the next page


def doc_iri(doc: Document, copy: bool = False) -> str:
    """The document's IRI, from its content; a second file with the same content in the corpus (``copy``)
    also has its corpus id, so that the annotations of the two never share an id."""
    return f"urn:puthi:doc:{doc.sha256}" + (f":{doc.id}" if copy else "")


def _selectors(text: str, start: int, end: int) -> list[dict[str, Any]]:
    return [
        {"type": "TextQuoteSelector", "exact": text[start:end], "prefix": text[max(0, start - QUOTE_CONTEXT):start],
         "suffix": text[end:end + QUOTE_CONTEXT]},
        {"type": "TextPositionSelector", "start": start, "end": end},
    ]


def _creator(resp: str, author: str, stage: str) -> dict[str, Any]:
    if resp == "human":
        return {"type": "Person", "name": author}
    return {"id": f"urn:puthi:stage:{stage}", "type": "Software", "name": f"puthi {stage} ({__version__})"}


def _text(value: str, purpose: str) -> dict[str, Any]:
    return {"type": "TextualBody", "value": value, "purpose": purpose, "format": "text/plain"}


def continuation(quote: str, part: str, following: str) -> tuple[int, int] | None:
    r"""Where a sentence that ``part`` (its words on one page) begins, and ``quote`` gives whole, goes on in
    ``following`` (the next page's text, which may open with a running head or page number): the span of
    the rest of its words there, or None when it ends on its own page.

    >>> continuation("যে আগে ৬৬ পায় সে জেতে।", "যে আগে", "ছেষট্টি ২\n৬৬ পায় সে জেতে। পরে …")
    (10, 26)
    >>> continuation("যে আগে ৬৬ পায়।", "যে আগে ৬৬ পায়।", "অন্য কথা") is None
    True
    """
    have, words = part.split(), quote.split()
    if words[: len(have)] != have or len(words) == len(have):
        return None
    rest = regex.compile(r"\s+".join(map(regex.escape, words[len(have):])))
    m = rest.search(following, 0, CONTINUATION_REACH + len(quote))
    return (m.start(), m.end()) if m else None


def page_annotations(doc: Document, sp: StoredPage, iri: str | None = None,
                     following: StoredPage | None = None) -> list[dict[str, Any]]:
    """The annotations of one page: active edits, active terms, and each claim with its verdict (``iri``:
    the document's, :func:`doc_iri` by default). A claim whose sentence goes on to the next page
    (``following``) targets its words on both pages."""
    iri = iri or doc_iri(doc)
    base = f"{iri}/page/{sp.page_no}"
    out: list[dict[str, Any]] = []
    for i, m in enumerate(sp.edits):
        if not m.active:
            continue
        e = m.item
        out.append({
            "id": f"{base}/edit/{i + 1}", "type": "Annotation", "motivation": "editing",
            "creator": _creator(m.resp, m.author, "repair"),
            "body": [_text(e.after, "editing"), _text(f"{e.rule} (confidence {e.confidence:.2f})", "describing")],
            "target": {"source": f"{base}/ocr", "selector": _selectors(sp.ocr_text, e.start, e.end)},
        })
    for i, m in enumerate(sp.terms):
        if not m.active:
            continue
        t = m.item
        body = [{"id": f"{iri}/glossary#{concept_id(t.concept)}", "type": "SpecificResource",
                 "purpose": "identifying"}, _text(t.headword, "tagging")]
        if t.gloss:
            body.append(_text(t.gloss, "describing"))
        out.append({
            "id": f"{base}/term/{i + 1}", "type": "Annotation", "motivation": "identifying",
            "creator": _creator(m.resp, m.author, "terms"), "body": body,
            "target": {"source": f"{base}/text", "selector": _selectors(sp.text, t.start, t.end)},
        })
    for i, (c, cid) in enumerate(zip(sp.claims, claim_ids(sp.claims, sp.text), strict=True)):
        verdicts = [m for m in sp.verdicts if m.item.claim == i and m.active]
        key = c.quantity + (json.dumps(c.params, sort_keys=True, ensure_ascii=False) if c.params else "")
        body = [_text(f"{c.game or '?'}: {key} = {c.stated!r} (confidence {c.confidence:.2f})", "describing")]
        if set_by := sp.game_set_by(i):  # the game a person said the claim is about (a newcomer)
            body.append({**_text(c.game or "?", "classifying"), "creator": _creator("human", set_by, "")})
        creator = _creator("machine", "", "claims")
        for m in verdicts:
            v = m.item
            body.append(_text(v.verdict, "assessing"))
            body.append(_text(f"expected {v.expected!r}: {v.explanation}", "commenting"))
            creator = _creator(m.resp, m.author, "check")
        target: Any = {"source": f"{base}/text", "selector": _selectors(sp.text, c.start, c.end)}
        if following is not None and (rest := continuation(c.text, sp.text[c.start:c.end], following.text)):
            target = [target, {"source": f"{iri}/page/{following.page_no}/text",
                               "selector": _selectors(following.text, *rest)}]
        out.append({
            "id": f"{base}/claim/{cid}", "type": "Annotation",
            "motivation": "assessing" if verdicts else "describing",
            "creator": creator, "body": body, "target": target,
        })
    return out


def to_webanno(doc: Document, pages: list[StoredPage], *, copy: bool = False) -> dict[str, Any]:
    """The document's annotations as one W3C ``AnnotationCollection`` (a JSON-LD dict); ``copy``: another
    document of the corpus has the same content (:func:`doc_iri`)."""
    iri = doc_iri(doc, copy)
    nexts = {sp.page_no: sp for sp in pages}
    items = [a for sp in pages for a in page_annotations(doc, sp, iri, nexts.get(sp.page_no + 1))]
    return {
        "@context": CONTEXT,
        "id": f"{iri}/annotations",
        "type": "AnnotationCollection",
        "label": f"puthi annotations of {doc.name}",
        "total": len(items),
        "first": {"id": f"{iri}/annotations/page1", "type": "AnnotationPage", "startIndex": 0,
                  "items": items},
    }
