"""The review page of a corpus: its documents as :class:`~puthi.corpus.report.DocView` records, a summary of
what the machine did, and ``report.html`` (``puthi export --format html``, and the demo's page).

>>> import tempfile
>>> from puthi.corpus.pipeline import build
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "bisti.txt").write_text("বিস্তি খেলায় প্রত্যেকে আটখানি তাস পায়।\\n", encoding="utf-8")
>>> _ = build([folder / "bisti.txt"], folder / "c.sqlite", progress=False)
>>> views = corpus_views(folder / "c.sqlite")
>>> write_review(views, folder / "review").name, summarise(views)["claims consistent"]
('report.html', 1)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from puthi.corpus.report import ClaimView, DocView, EditView, SpanView, WordBox, render_report


def corpus_views(db: str | Path, documents: list[str] | None = None) -> list[DocView]:
    """A view of each page of the corpus at ``db`` (of the ``documents`` named, or all), in document order."""
    from puthi.corpus.store import Corpus

    views = []
    with Corpus(db, create=False, readonly=True) as corpus:
        docs = [corpus.find_document(d) for d in documents] if documents else corpus.documents()
        for doc in docs:
            said = corpus.page_games_said(doc)
            withdrawn = corpus.withdrawals(doc)
            for sp in corpus.pages(doc):
                words = [WordBox(w["x0"], w["y0"], w["x1"], w["y1"], w["text"], w["conf"])
                         for w in sp.words if w.get("x0") is not None]
                edits = [EditView(m.item.start, m.item.end, m.item.before, m.item.after, m.item.rule,
                                  m.item.confidence, m.resp) for m in sp.edits if m.active]
                spans = [SpanView(m.item.start, m.item.end, m.item.headword, m.item.concept, m.item.gloss,
                                  m.item.score, by=m.author if m.resp == "human" else "")
                         for m in sp.terms if m.active]
                spans += [SpanView(n.start, n.end, str(n.value), kind="number") for n in sp.numbers]
                claims = []
                for m in sp.verdicts:
                    if not m.active:  # a machine verdict a person replaced: theirs is the one in force
                        continue
                    v = m.item
                    c = sp.claims[v.claim]
                    params = ",".join(f"{k}={val}" for k, val in sorted(c.params.items()))
                    by = m.author if m.resp == "human" or m.annotation_id else ""  # a verdict, or a game, a person gave
                    claims.append(ClaimView(c.start, c.end, f"{c.quantity}({params})" if params else c.quantity,
                                            c.stated, v.expected, v.verdict, v.explanation, c.game, by))
                views.append(DocView(
                    name=doc.name + (f" p.{sp.page_no}" if sp.page_no > 1 else ""), lang=sp.lang,
                    ocr_text=sp.ocr_text, text=sp.text,
                    image=(scan := scan_of(sp))[0], frame=scan[1],
                    width=sp.page.get("width", 0), height=sp.page.get("height", 0),
                    scaled=any(st.get("name") == "alto.import" for st in sp.page.get("steps", [])),  # not in pixels
                    words=words, edits=edits, spans=spans, claims=claims, source=doc.source,
                    game_said=said.get(sp.page_no, ("", ""))[0], game_said_by=said.get(sp.page_no, ("", ""))[1],
                    withdrawn=[(a.before, a.author, a.note) for a in withdrawn if a.page_no == sp.page_no],
                ))
    return views


def scan_of(sp) -> tuple[Path | None, int]:
    """The scan of a stored page and its frame (from 0): the image or PDF that was read, or the one an hOCR, ALTO
    or PAGE file names (a PDF's page by its ``#page=N``), or a file of that name beside it when the name leads
    nowhere; none for a text (a newcomer: PDFs and imports had shown "no scan")."""
    from puthi.corpus.tei import page_image

    if sp.doc.kind in ("image", "pdf"):
        return Path(sp.doc.source), sp.page_no - 1
    if sp.doc.kind in ("hocr", "alto", "page") and (image := page_image(sp)):
        path, _, page = image.partition("#page=")
        if not Path(path).exists() and (beside := Path(sp.doc.source).parent / Path(path).name).is_file():
            path = str(beside)  # the import was moved, its scan with it (a newcomer; the scan's size must fit)
        if Path(path).is_file() or not Path(path).exists():  # a named pipe the import names had hung the export
            return Path(path), int(page) - 1 if page.isdigit() else 0  # (a tester); a missing scan is said so
    return None, 0


def summarise(views: list[DocView]) -> dict[str, object]:
    """What the machine did in ``views``: documents, lines, edits by rule, terms, numbers, verdicts."""
    verdicts = Counter(c.verdict for v in views for c in v.claims)
    # a person's edits by who made them ("human:rk") are one kind: by a person (a newcomer read "human:rk 1")
    rules = Counter("by a person" if e.rule.startswith("human:") else e.rule for v in views for e in v.edits)
    return {
        "documents": len({v.source for v in views}),
        "lines": sum(len([ln for ln in v.text.splitlines() if ln.strip()]) for v in views),
        "edits by kind": ", ".join(f"{r} {n}" for r, n in rules.most_common()) or "none",
        "terms found": sum(s.kind == "term" for v in views for s in v.spans),
        "numbers found": sum(s.kind == "number" for v in views for s in v.spans),
        "claims consistent": verdicts["consistent"],
        "claims contradicted": verdicts["contradicted"],
        "claims unverifiable": verdicts["unverifiable"],
    }


def write_review(views: list[DocView], out_dir: str | Path, title: str = "puthi review") -> Path:
    """Write the review page of ``views`` (:func:`corpus_views`) as ``report.html`` in ``out_dir``; returns its
    path."""
    from puthi.corpus.export import write_atomic

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return write_atomic(out / "report.html", render_report(views, title=title, summary=summarise(views)))
