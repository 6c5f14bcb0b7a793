"""The review page: one static ``report.html`` a scholar opens from the file system (no server, no network).

For each document: the scan with the OCR word boxes coloured by confidence, beside the repaired text in
which every machine edit is highlighted (click it: before, after, rule, confidence), terms are linked to
their glossary entry, and each rule claim's verdict is linked to its sentence. A toolbar filters the page
down to low-confidence words and unverified edits, for review.

The page is built from :class:`DocView` records, which the demo and ``puthi export`` fill from the corpus.

>>> doc = DocView(name="bisti", lang="bn", ocr_text="ৰিস্তি খেলা", text="বিস্তি খেলা",
...               edits=[EditView(0, 1, "ৰ", "ব", "assamese-letter-in-bengali", 0.9)])
>>> html = render_report([doc], title="demo")
>>> 'data-rule="assamese-letter-in-bengali"' in html and "<script>" in html
True
"""

from __future__ import annotations

import base64
import html
import json
from dataclasses import dataclass, field
from pathlib import Path

from puthi.rules.claims.report import said

LOW_CONF = 70.0  # Tesseract word confidence below which a word is flagged for review


@dataclass(frozen=True)
class EditView:
    """A machine or human edit; ``start``/``end`` index the OCR text."""

    start: int
    end: int
    before: str
    after: str
    rule: str
    confidence: float
    resp: str = "machine"


@dataclass(frozen=True)
class SpanView:
    """A term or number in the final text."""

    start: int
    end: int
    label: str
    concept: str = ""
    gloss: str = ""
    score: float = 1.0
    kind: str = "term"  # or "number"
    by: str = ""  # the person who made the link, when a person did


@dataclass(frozen=True)
class ClaimView:
    start: int
    end: int
    quantity: str
    stated: object
    expected: object
    verdict: str
    explanation: str
    game: str = ""  # the game the claim was checked as
    by: str = ""  # the person who gave the verdict or set the game, when a person did


@dataclass(frozen=True)
class WordBox:
    x0: int
    y0: int
    x1: int
    y1: int
    text: str
    conf: float


@dataclass
class DocView:
    name: str
    lang: str
    ocr_text: str
    text: str
    image: Path | None = None
    width: int = 0
    height: int = 0
    words: list[WordBox] = field(default_factory=list)
    edits: list[EditView] = field(default_factory=list)
    spans: list[SpanView] = field(default_factory=list)
    claims: list[ClaimView] = field(default_factory=list)
    source: str = ""
    frame: int = 0  # the page's frame in a multi-page TIFF
    scaled: bool = False  # width and height are not the scan's pixels (an ALTO import in mm10): their ratio must fit
    game_said: str = ""  # the game a person said the whole page is about (puthi correct --game with no span)
    game_said_by: str = ""
    withdrawn: list[tuple[str, str, str]] = field(default_factory=list)  # (sentence, who, note): --no-rule


def final_offsets(edits: list[EditView]) -> list[tuple[int, int]]:
    """Where each edit's ``after`` stands in the final text (edits index the OCR text).

    >>> final_offsets([EditView(0, 2, "ab", "x", "r", 1.0), EditView(5, 5, "", "yz", "r", 1.0)])
    [(0, 1), (4, 6)]
    """
    out = []
    delta = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        start = e.start + delta
        out.append((start, start + len(e.after)))
        delta += len(e.after) - (e.end - e.start)
    return out


_ORDER = ("claim", "term", "number", "edit")  # outer to inner when two annotations share a span


def _open_tag(kind: str, attrs: dict[str, str]) -> tuple[str, str]:
    data = " ".join(f'data-{k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
    if kind == "term" and attrs.get("concept"):
        by = f' title="linked by {html.escape(attrs["by"], quote=True)}"' if attrs.get("by") else ""
        human = " human" if attrs.get("by") else ""
        return f'<a class="term{human}" href="#g-{html.escape(attrs["concept"])}"{by} {data}>', "</a>"
    cls = f"edit {attrs['resp']}" if kind == "edit" else kind
    anchor = f' id="{attrs["id"]}"' if kind == "claim" else ""
    return f'<span class="{cls}"{anchor} {data}>', "</span>"


def _nest(text: str, a: int, b: int, notes: list[tuple[int, int, str, dict[str, str]]]) -> str:
    """``text[a:b]`` as HTML with ``notes`` (sorted outer first) nested; a note crossing its parent is clipped."""
    out, pos, i = [], a, 0
    while i < len(notes):
        s, e, kind, attrs = notes[i]
        s, e = max(s, pos), min(e, b)
        j = i + 1
        while j < len(notes) and notes[j][0] < e:
            j += 1
        out.append(html.escape(text[pos:s]).replace("\n", "<br>"))
        open_, close = _open_tag(kind, attrs)
        out.append(open_ + _nest(text, s, e, notes[i + 1 : j]) + close)
        pos, i = max(pos, e), j
    out.append(html.escape(text[pos:b]).replace("\n", "<br>"))
    return "".join(out)


def _marked_text(doc: DocView, di: int) -> str:
    """The final text as HTML: claims around terms and numbers around edits."""
    edits = sorted(doc.edits, key=lambda e: (e.start, e.end))
    notes: list[tuple[int, int, str, dict[str, str]]] = []
    for i, ((s, e), ed) in enumerate(zip(final_offsets(edits), edits, strict=True)):
        notes.append((s, e, "edit", {
            "id": f"d{di}e{i}", "before": ed.before, "after": ed.after, "rule": ed.rule,
            "conf": f"{ed.confidence:.2f}", "resp": ed.resp,
        }))
    for i, sp in enumerate(doc.spans):
        notes.append((sp.start, sp.end, sp.kind, {
            "id": f"d{di}t{i}", "label": sp.label, "concept": sp.concept, "gloss": sp.gloss,
            "score": f"{sp.score:.2f}", **({"by": sp.by} if sp.by else {}),
        }))
    for i, c in enumerate(doc.claims):
        notes.append((c.start, c.end, "claim", {"id": f"d{di}c{i}", "verdict": c.verdict}))
    notes.sort(key=lambda n: (n[0], -n[1], _ORDER.index(n[2])))
    return _nest(doc.text, 0, len(doc.text), notes)


def _scan(doc: DocView) -> str:
    if not doc.image:
        return '<p class="noscan">No scan: this source was text.</p>'
    if not Path(doc.image).exists():
        return f'<p class="noscan">No scan: {html.escape(str(doc.image))}, which the source names, is not there.</p>'
    if not (doc.width > 0 and doc.height > 0):  # an import that gives no page size: nothing to fit the scan to, and
        return ('<p class="noscan">No scan shown: the page\'s size is not known, so the scan it names cannot be '
                "told to be its own.</p>")  # the picture it names may be any on the machine (a hostile tester)
    try:
        data = _preview(Path(doc.image), doc.frame, (doc.width, doc.height), ratio_only=doc.scaled)
    except OtherSize as size:
        return (f'<p class="noscan">The scan {html.escape(doc.image.name)} is {size.args[0]}, not the '
                f'{doc.width}×{doc.height} this page was read at: it changed since, or is another picture, so it is '
                'not shown.</p>')
    if data is None:
        return f'<p class="noscan">The scan {html.escape(doc.image.name)} could not be read for this page.</p>'
    boxes = "".join(
        f'<rect class="word{" low" if w.conf < LOW_CONF else ""}" x="{w.x0}" y="{w.y0}" width="{w.x1 - w.x0}" '
        f'height="{w.y1 - w.y0}" style="fill:hsla({max(0.0, min(w.conf, 100.0)) * 1.2:.0f},80%,45%,.28)" '
        f'data-conf="{w.conf:.0f}"><title>{html.escape(w.text)} ({w.conf:.0f})</title></rect>'
        for w in doc.words
    )
    return (
        f'<svg class="scan" viewBox="0 0 {doc.width} {doc.height}" role="img" '
        f'aria-label="scan of {html.escape(doc.name)}">'
        f'<image href="data:image/jpeg;base64,{data}" width="{doc.width}" height="{doc.height}"/>{boxes}</svg>'
    )


PREVIEW_WIDTH = 1200  # pixels: enough to read a page on a screen; the word boxes keep the scan's own coordinates


class OtherSize(Exception):
    """The scan is not the size its page was read at (the message: its size, "W×H")."""


def _fits(page: tuple[int, int], scan: tuple[int, int], ratio_only: bool) -> bool:
    """Is ``scan`` the page's: the same size, or with ``ratio_only`` the same proportions within 2 %?

    >>> _fits((2100, 2970), (1240, 1754), True), _fits((2100, 2970), (640, 480), True), _fits((10, 10), (10, 11), False)
    (True, False, False)
    """
    if not ratio_only:
        return page == scan
    return abs(page[0] * scan[1] - page[1] * scan[0]) <= 0.02 * page[0] * scan[1]


def _preview(path: Path, frame: int = 0, size: tuple[int, int] = (0, 0), ratio_only: bool = False) -> str | None:
    """The scan at ``path`` (its frame ``frame``) as a base64 JPEG at most :data:`PREVIEW_WIDTH` wide, a photo
    turned as its camera said (as the OCR read it), a 16-bit scan stretched to 8 bits and a transparent one
    laid on white; None if it cannot be read. A newcomer's six 300-ppi pages had made a 32.5 MB page, and a
    TIFF inlined as such shows in no browser.

    With a ``size`` (the page's, as read), a scan of another size raises :class:`OtherSize`: the word boxes would
    not fit it, and an hOCR, ALTO or PAGE import may name any picture on the machine, which a review page that
    is shared would carry along. Either orientation of a camera's photo fits (raw Tesseract leaves it unturned).
    With ``ratio_only`` (a page measured in mm10), the scan's proportions must be the page's, within 2 %.
    """
    import io
    import warnings

    import numpy as np
    from PIL import Image, ImageOps

    from puthi.errors import PuthiError
    from puthi.ocr.images import MAX_PIXELS, is_pdf, pdf_page

    if not path.is_file():  # gone, or a named pipe or device, which would block the export for good
        return None
    try:
        if is_pdf(str(path)):  # a PDF's page, drawn as the OCR drew it
            opened = pdf_page(path, frame + 1).image
        else:
            with warnings.catch_warnings():  # Pillow's own bomb warning: MAX_PIXELS is the limit here, as for the OCR
                warnings.simplefilter("ignore", Image.DecompressionBombWarning)
                opened = Image.open(path)
            opened.seek(frame)
        with opened:
            if opened.width * opened.height > MAX_PIXELS:  # a hostile tester's 360 kB PNG needed 2 GB
                return None
            # turned as the OCR turns it: by the EXIF of a JPEG, a camera's (puthi.ocr.images)
            img = ImageOps.exif_transpose(opened) if opened.format in ("JPEG", "MPO") else opened
            if all(size):  # the photo as the camera saved it when the boxes are on that (raw Tesseract; reviews)
                img = next((i for i in (img, opened) if _fits(size, i.size, ratio_only)), None)
                if img is None:
                    raise OtherSize(f"{opened.width}×{opened.height}")
            if img.mode in ("1", "P", "PA"):  # to gray or colour first, or the resize drops thin strokes (a review)
                img = img.convert("RGBA" if img.mode == "PA" or "transparency" in img.info
                                  else "L" if img.mode == "1" else "RGB")
            if img.width > PREVIEW_WIDTH:  # made small first: every step after it costs by the pixel
                img = img.resize((PREVIEW_WIDTH, max(1, round(img.height * PREVIEW_WIDTH / img.width))), Image.LANCZOS)
            if img.mode in ("I", "I;16", "I;16B", "I;16L", "F"):
                values = np.asarray(img, dtype=np.float32)
                lo, hi = float(values.min()), float(values.max())
                img = Image.fromarray(((values - lo) * (255.0 / (hi - lo) if hi > lo else 0.0)).astype(np.uint8))
            elif "A" in img.mode or "transparency" in img.info:
                rgba = img.convert("RGBA")
                img = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba).convert("RGB")
            elif img.mode not in ("L", "RGB"):
                img = img.convert("RGB")
            out = io.BytesIO()
            img.save(out, format="JPEG", quality=70)
    except (OSError, ValueError, EOFError, SyntaxError, Image.DecompressionBombError, PuthiError):
        return None
    return base64.b64encode(out.getvalue()).decode("ascii")


def _claims_table(doc: DocView, di: int) -> str:
    return _claims_rows(doc, di) + _withdrawn(doc)


def _withdrawn(doc: DocView) -> str:
    """The claims a person withdrew (``correct --no-rule``), with who and why (an Assamese scholar found them in
    the TEI only)."""
    items = "".join(f"<li>«{html.escape(quote)}», withdrawn by {html.escape(who)}"
                    f"{': ' + html.escape(note) if note else ''}</li>" for quote, who, note in doc.withdrawn)
    return f'<p class="none">Withdrawn as stating no rule:</p><ul class="withdrawn">{items}</ul>' if items else ""


def _claims_rows(doc: DocView, di: int) -> str:
    if not doc.claims:
        return '<p class="none">No rule claims found.</p>'
    rows = "".join(
        f'<tr class="{c.verdict}"><td>{html.escape(c.game)}</td>'
        f'<td><a href="#d{di}c{i}">{html.escape(c.quantity)}</a></td>'
        f"<td>{html.escape(str(c.stated))}</td><td>{html.escape(str(said(c.stated, c.expected)))}</td>"
        f'<td><span class="verdict {c.verdict}">{c.verdict}</span></td><td>{html.escape(c.explanation)}'
        f'{f" <em>({html.escape(c.by)})</em>" if c.by and c.by not in c.explanation else ""}</td></tr>'
        for i, c in enumerate(doc.claims)
    )
    return (
        '<table class="claims"><thead><tr><th>game</th><th>quantity</th><th>text says</th><th>engine says</th>'
        f"<th>verdict</th><th>why</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def _count(n: int, noun: str) -> str:
    """``1 term``, ``2 terms``, ``0 claims``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _glossary(docs: list[DocView]) -> str:
    seen: dict[str, tuple[str, str]] = {}
    for d in docs:
        for s in d.spans:
            if s.kind == "term" and s.concept and s.concept not in seen:
                seen[s.concept] = (s.label, s.gloss)
    items = "".join(
        f'<dt id="g-{html.escape(c)}">{html.escape(label)}</dt>'
        f"<dd>{html.escape(gloss)} <code>{html.escape(c)}</code></dd>"
        for c, (label, gloss) in sorted(seen.items())
    )
    return f'<section id="glossary"><h2>Glossary</h2><dl>{items}</dl></section>'


_CSS = """
body{font-family:"Noto Serif Bengali","Noto Sans Bengali","Lohit Bengali",serif;margin:0;
background:#faf8f3;color:#222}
header{padding:1em 2em;background:#3b2f2a;color:#fff}header h1{margin:.2em 0}
.toolbar{position:sticky;top:0;background:#eee5d8;padding:.5em 2em;z-index:2;border-bottom:1px solid #cbb}
.doc{margin:1.5em 2em;padding:1em;background:#fff;border:1px solid #ddd;border-radius:6px}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1.5em}.scan{width:100%;height:auto;border:1px solid #ccc}
.text{font-size:1.15em;line-height:1.9;white-space:normal}
.edit{background:#ffe08a;border-bottom:2px solid #d49a00;cursor:pointer}
.edit:empty::after{content:'\\2038';color:#b60}.edit.human{background:#bfe3ff}
.term{color:#0b4f8a;text-decoration:underline dotted}.term.human{text-decoration-style:solid}
.number{border-bottom:2px solid #7a3}
.claim{outline:1px dashed #999}.verdict{padding:0 .4em;border-radius:3px;color:#fff}
.verdict.consistent{background:#2a7d2a}.verdict.contradicted{background:#b22}.verdict.unverifiable{background:#777}
table.claims{border-collapse:collapse;margin-top:1em;width:100%}
table.claims td,table.claims th{border:1px solid #ddd;padding:.3em}
#details{position:fixed;right:1em;bottom:1em;max-width:28em;background:#fff;border:2px solid #3b2f2a;padding:.8em;
border-radius:6px;box-shadow:0 2px 8px #0003;display:none;z-index:3}
body.only-low rect.word:not(.low){display:none}body.only-unverified .edit:not(.unverified){background:none;border:none}
summary{cursor:pointer}#glossary{margin:1.5em 2em}
"""

_JS = """
document.querySelectorAll('.edit').forEach(function(el){
  var c=parseFloat(el.dataset.conf); if(el.dataset.resp!=='human' && c<0.95){el.classList.add('unverified');}
  el.addEventListener('click',function(ev){
    ev.preventDefault(); var d=document.getElementById('details');
    var t=function(id,v){document.getElementById(id).textContent=v;};
    t('d-before',el.dataset.before); t('d-after',el.dataset.after); t('d-rule',el.dataset.rule);
    t('d-conf',el.dataset.conf); t('d-resp',el.dataset.resp); d.style.display='block';
  });
});
function byId(id){return document.getElementById(id);}
byId('d-close').addEventListener('click',function(){byId('details').style.display='none';});
byId('f-low').addEventListener('change',function(e){document.body.classList.toggle('only-low',e.target.checked);});
byId('f-unverified').addEventListener('change',function(e){
  document.body.classList.toggle('only-unverified',e.target.checked);});
"""


def _game_said(d: DocView) -> str:
    """The meta line's note of the game a person gave the whole page (a newcomer found it nowhere)."""
    if not d.game_said:
        return ""
    return f" · the whole page is about {html.escape(d.game_said)}, said by {html.escape(d.game_said_by)}"


LANGUAGES = {"bn": "Bengali", "as": "Assamese"}  # a page's language by name (a newcomer read "language as")


def render_report(docs: list[DocView], *, title: str = "puthi review", summary: dict | None = None) -> str:
    """The whole review page as one HTML string (images inlined as data URIs)."""
    sections = []
    for di, d in enumerate(docs):
        n_low = sum(w.conf < LOW_CONF for w in d.words)
        sections.append(
            f'<section class="doc" id="doc{di}" data-lang="{html.escape(d.lang)}"><h2>{html.escape(d.name)}</h2>'
            f'<p class="meta">{html.escape(LANGUAGES.get(d.lang, "language " + d.lang))} · '
            f'{_count(len(d.edits), "edit")} · '
            f"{_count(sum(s.kind == 'term' for s in d.spans), 'term')} · {_count(len(d.claims), 'claim')} · "
            f"{_count(n_low, 'low-confidence word')}"
            f"{' · ' + html.escape(d.source) if d.source else ''}{_game_said(d)}</p>"
            f'<div class="pair"><div>{_scan(d)}</div><div class="text" lang="{html.escape(d.lang)}">'
            f"{_marked_text(d, di)}</div></div>"
            f"<h3>Rule claims</h3>{_claims_table(d, di)}"
            f"<details><summary>OCR text as read</summary><pre>{html.escape(d.ocr_text)}</pre></details></section>"
        )
    summ = ""
    if summary:
        summ = "<table class='summary'>" + "".join(
            f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in summary.items()
        ) + "</table>"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="generator" content="puthi"><style>{_CSS}</style></head>
<body><header><h1>{html.escape(title)}</h1>{summ}</header>
<div class="toolbar"><label><input type="checkbox" id="f-low"> only low-confidence words (&lt; {LOW_CONF:.0f})</label>
 · <label><input type="checkbox" id="f-unverified"> only unverified edits</label>
 · <a href="#glossary">glossary</a></div>
<main>{"".join(sections)}{_glossary(docs)}</main>
<aside id="details" aria-live="polite"><b>Edit</b> <button id="d-close" type="button">×</button><br>
before: <code id="d-before"></code><br>after: <code id="d-after"></code><br>rule: <span id="d-rule"></span><br>
confidence: <span id="d-conf"></span> · by <span id="d-resp"></span></aside>
<script>{_JS}</script>
<script type="application/json" id="puthi-data">{json.dumps({"documents": len(docs)})}</script>
</body></html>
"""
