"""Exports of a corpus: TEI, ALTO, PAGE XML, Web Annotation, CSV and Parquet, written safely into one folder.

Every file name is made from a document's name by :func:`safe_name` and checked by :func:`safe_path`
to stay inside the output folder (no ``..``, no absolute paths, no symlink that leads out). Every file
is written to a temporary name beside it and renamed into place, so a full disk or a permission error
leaves the previous file (or none), never half a file, and is reported as one line naming the path.

>>> safe_name("../../etc/passwd"), safe_name("পুঁথি ১.txt"), safe_name("..")
('passwd', 'পুঁথি_১.txt', 'document')
"""

from __future__ import annotations

import copy
import errno
import io
import json
import os
import sys
import tempfile
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import regex

from puthi.cells import guarded
from puthi.corpus.records import Document
from puthi.corpus.store import FRAMES, Corpus, StoredPage
from puthi.errors import MissingDependencyError, OutputError

FORMATS = ("tei", "alto", "page", "webanno", "csv", "parquet", "html")
#: The tables the CSV and Parquet exports write (all of :data:`~puthi.corpus.store.FRAMES`).
TABLES = tuple(FRAMES)


def safe_name(name: str, default: str = "document") -> str:
    """A file name from ``name``: its last path part, letters, digits, ``.``, ``-`` and ``_`` only."""
    name = unicodedata.normalize("NFC", name.replace("\\", "/").rsplit("/", 1)[-1])
    name = regex.sub(r"[^\w\p{M}.\-]+", "_", name).strip("._")[:100]
    return name or default


def safe_path(out_dir: Path, *parts: str) -> Path:
    """``out_dir/parts…`` after checking it resolves inside ``out_dir`` (symlinks followed)."""
    root = out_dir.resolve()
    path = root.joinpath(*parts)
    if path.resolve() != path or not path.resolve().is_relative_to(root):
        raise OutputError(str(path), f"would be written outside the output folder {root}; refusing "
                                     "(is there a symlink or '..' in the way?)")
    return path


def _os_error(path: Path, exc: OSError) -> OutputError:
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        what = "the disk is full; free some space or choose another -o folder"
    elif exc.errno in (errno.EEXIST, errno.ENOTDIR) and path.exists() and not path.is_dir():
        what = "it is a file, not a folder; give -o a folder (it is made when missing)"
    elif exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        what = "permission denied (or a read-only file system); choose a folder you can write to"
    else:
        what = f"{exc.strerror or exc}; choose another -o folder"
    return OutputError(str(path), f"cannot write: {what}")


def new_file_mode() -> int:
    """The permissions a newly created file gets under the process's umask (``mkstemp`` alone gives 0600).

    >>> new_file_mode() & 0o600
    384
    """
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomic(path: Path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    The file gets the usual permissions for a new file (the umask's), not ``mkstemp``'s owner-only 0600.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        os.fchmod(fd, new_file_mode())
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise _os_error(path, exc) from exc
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return path


def doc_stem(doc: Document) -> str:
    """The file stem of a document's exports: its safe name and the start of its SHA-256."""
    stem = safe_name(Path(doc.name).stem or doc.name)
    return f"{stem}-{doc.sha256[:8]}"


def export(db: str | Path, fmt: str, out_dir: str | Path, *, documents: list[str] | None = None) -> list[Path]:
    """Write the corpus at ``db`` in ``fmt`` into ``out_dir``; returns the files written."""
    if fmt not in FORMATS:
        raise OutputError(fmt, f"unknown export format; choose one of {', '.join(FORMATS)}")
    out = Path(out_dir)
    with Corpus(db, create=False, readonly=True) as corpus:  # a missing corpus is an error before any folder
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _os_error(out, exc) from exc
        every = corpus.documents()
        docs = list({d.id: d for d in (corpus.find_document(d) for d in documents)}.values()) if documents else every
        if fmt in ("csv", "parquet"):
            return _tables(corpus, fmt, out, {d.source for d in docs} if documents else None)
        if fmt == "html":
            from puthi.corpus.review import corpus_views, write_review

            return [write_review(corpus_views(db, [str(d.id) for d in docs] if documents else None), out)]
        stems = unique_stems(every)
        shelf = book_folders(every) if fmt in ("alto", "page") else {}
        written = []
        for doc in docs:
            pages, stem = corpus.pages(doc), stems[doc.id]
            if not pages:  # a file that could not be read (its failure is listed): no empty, invalid TEI for it
                continue
            if fmt == "tei":
                from puthi.corpus.glossary import table_entries
                from puthi.corpus.tei import to_tei

                withdrawn = corpus.withdrawals(doc)
                tei = to_tei(doc, pages, tables=table_entries(corpus.usable_term_tables()), image_base=out,
                             withdrawn=withdrawn)
                written.append(write_atomic(safe_path(out, f"{stem}.tei.xml"), tei))
            elif fmt == "webanno":
                from puthi.corpus.webanno import to_webanno

                copy = sum(d.sha256 == doc.sha256 for d in every) > 1
                text = json.dumps(to_webanno(doc, pages, copy=copy), ensure_ascii=False, indent=1)
                written.append(write_atomic(safe_path(out, f"{stem}.jsonld"), text))
            elif doc.id in shelf and len(pages) == 1:  # a page of a book of page files: in the book's folder
                written += _page_files(pages, out, shelf[doc.id], fmt, safe_name(Path(doc.name).stem))
            else:
                written += _page_files(pages, out, stem, fmt)
        return written


def book_folders(docs: list[Document]) -> dict[int | None, str]:
    """The folder of each document that is a page of a book of page files (``page-001.png`` … in one folder: see
    :func:`~puthi.corpus.book_claims.books`): one for the book, so that its ALTO or PAGE files, named by their pages,
    are read as one book again by ``puthi build`` (a newcomer's seed 004 came back as three books, and pages 2 and 3
    lost their game)."""
    from puthi.corpus.book_claims import books

    out: dict[int | None, str] = {}
    for book in books(docs):
        if len(book) > 1:
            first = book[0]
            name = f"{safe_name(Path(first.source).parent.name or 'book')}-{first.sha256[:8]}"
            out.update((d.id, name) for d in book)
    return out


def unique_stems(docs: list[Document]) -> dict[int | None, str]:
    """Each document's export stem (:func:`doc_stem`); two copies of one file in different folders (same
    name, same content) also get their document number, so that neither export overwrites the other."""
    counts = Counter(doc_stem(d) for d in docs)
    return {d.id: doc_stem(d) + (f"-{d.id}" if counts[doc_stem(d)] > 1 else "") for d in docs}


def _page_files(pages: list, out: Path, stem: str, fmt: str, name: str = "") -> list[Path]:
    """One ALTO or PAGE XML file per page, with the corrected words, in the folder ``out/stem``: ``page-0001``, or
    ``name`` for a document of one page."""
    try:
        if fmt == "page":
            from puthi.ocr.pagexml import to_page_xml as write
        else:
            from puthi.ocr.alto import to_alto

            def write(page):
                return to_alto([page])
    except ImportError as exc:
        raise MissingDependencyError(f"puthi.ocr.{fmt}", f"the {fmt.upper()} writer is not installed") from exc
    from puthi.corpus.tei import page_image
    from puthi.ocr.model import Page

    written = []
    gone: set[str] = set()
    shared = Counter(sp.page.get("path", "") for sp in pages)  # one multi-page image: #page=N, as in TEI
    for sp in pages:
        page = corrected_page(sp)
        image = page_image(sp)
        if image and shared[sp.page.get("path", "")] > 1 and "#" not in image:
            image += f"#page={sp.page_no}"
        path, mark, fragment = image.partition("#")
        size = (page.get("width", 0), page.get("height", 0))
        if png := page_png(path, sp.page_no, size, safe_path(out, stem, f"page-{sp.page_no:04d}.png")):
            written.append(png)  # a PAGE or ALTO file's image must be an image: no tool opens a page of a PDF
            page["path"] = png.name
        elif os.path.isabs(path):  # named from the folder the file is written to, as the TEI export does
            page["path"] = os.path.relpath(path, os.path.realpath(out / stem)) + mark + fragment
            if path.lower().endswith(".pdf") and not os.path.isfile(path) and path not in gone:
                gone.add(path)  # said once a file (a hostile tester's moved PDF gave no page images, unsaid)
                print(f"puthi export: {path} is no longer there, so its pages have no page images; the {fmt.upper()} "
                      "files name it as it was. Put it back and export again for the images", file=sys.stderr)
        xml = write(Page.from_dict(page))
        written.append(write_atomic(safe_path(out, stem, f"{name or f'page-{sp.page_no:04d}'}.{fmt}.xml"), xml))
    return written


def page_png(source: str, page_no: int, size: tuple[int, int], target: Path) -> Path | None:
    """Page ``page_no`` of a PDF or a multi-page TIFF ``source``, drawn as the OCR drew it and written to ``target``;
    None when ``source`` is neither, no longer there or drawable, or draws at another ``size`` than the OCR's (it
    changed since the build, and the boxes would not fit it: a review). The export then names the page as the corpus
    does. A TIFF's page gets its PNG as a PDF's does: PAGE and ALTO name an image, not a frame of one (a hostile
    tester's PAGE files each named the whole TIFF)."""
    from puthi.errors import PuthiError
    from puthi.ocr.images import count_pages, is_pdf, iter_images

    try:
        if not os.path.isfile(source) or not (is_pdf(source) or count_pages(source) > 1):
            return None
        image = next(iter(iter_images(source, page_no=page_no))).image
    except (PuthiError, StopIteration):
        return None
    if image.size != size:
        return None
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return write_atomic(target, buffer.getvalue())


def _split_words(words: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A line's corrected words, one word each: a correction of several words gives its text to the first word and
    none to the others it covers (a newcomer's corrected line was one ALTO String with spaces, in the first word's
    small box), so its words share the boxes of the words it covers, each a width by its letters.

    >>> box = lambda a, b: {"x0": a, "y0": 0, "x1": b, "y1": 10}
    >>> out = _split_words([{"text": "তাস খেলা", "box": box(0, 40)}, {"text": "", "box": box(50, 90)}])
    >>> [(w["text"], w["box"]["x0"], w["box"]["x1"]) for w in out]
    [('তাস', 0, 34), ('খেলা', 45, 90)]
    >>> [w["text"] for w in _split_words([{"text": "দু জনের", "box": None}])]  # no box: a hostile tester's crash
    ['দু', 'জনের']
    """
    out: list[dict[str, Any]] = []
    for k, w in enumerate(words):
        parts = w.get("text", "").split()
        if not parts:
            continue
        if len(parts) == 1:
            out.append(w)
            continue
        if not w.get("box"):  # a word of a line with no word boxes (hOCR or PAGE with text at line level only)
            out += [{**w, "text": part} for part in parts]
            continue
        covered = [w]
        for after in words[k + 1:]:
            if after.get("text") or not after.get("box"):
                break
            covered.append(after)
        x0, x1 = w["box"]["x0"], max(c["box"]["x1"] for c in covered)
        unit = (x1 - x0) / (sum(len(p) for p in parts) + len(parts) - 1)  # a space is a letter's width
        at = float(x0)
        for part in parts:
            end = at + unit * len(part)
            out.append({**w, "text": part, "box": {**w["box"], "x0": round(at), "x1": round(end)}})
            at = end + unit
    return out


def corrected_page(sp: StoredPage) -> dict[str, Any]:
    """The page of ``sp`` (a stored page) as ALTO should show it: each word's ``text`` the corrected text of
    its span (machine repairs and human corrections that are in force), and the pipeline's stages after
    the OCR's own steps, so that the export says what made its words.

    >>> from types import SimpleNamespace as NS
    >>> from puthi.corpus.corrections import Marked
    >>> from puthi.corpus.records import ProcessingStep
    >>> from puthi.normalize.edits import Edit
    >>> page = {"blocks": [{"lines": [{"words": [{"text": "ৰিস্তি"}, {"text": "খেলা"}]}]}], "steps": []}
    >>> sp = NS(page=page, ocr_text="ৰিস্তি খেলা", text="বিস্তি খেলা", steps=[ProcessingStep("repair", "5")], lang="bn",
    ...         edits=[Marked(Edit(0, 1, "ৰ", "ব", "assamese-letter-in-bengali"))])
    >>> fixed = corrected_page(sp)
    >>> [w["text"] for w in fixed["blocks"][0]["lines"][0]["words"]], [s["name"] for s in fixed["steps"]]
    (['বিস্তি', 'খেলা'], ['repair 5'])

    A word the repair changed is only as sure as the edit (ALTO's ``WC``; a newcomer found guessed words there with
    no confidence at all):

    >>> sp.edits = [Marked(Edit(0, 1, "ৰ", "ব", "assamese-letter-in-bengali", 0.3))]
    >>> [w.get("conf") for w in corrected_page(sp)["blocks"][0]["lines"][0]["words"]]
    [30.0, None]
    """
    from puthi.normalize.edits import OffsetMap, to_output

    page = copy.deepcopy(sp.page)
    edits = [m.item for m in sp.edits if m.active]
    offsets = OffsetMap(edits)
    cursor = done = 0  # where the next word is looked for in the OCR text, and how far the output is used
    for block in page.get("blocks", []):
        for line in block.get("lines", []):
            for w in line.get("words", []):
                word = w.get("text", "")
                at = sp.ocr_text.find(word, cursor) if word else -1
                if at < 0:
                    continue
                cursor = at + len(word)
                start, end = max(to_output(edits, at), done), to_output(edits, cursor, end=True)
                done = max(done, end)
                w["text"] = sp.text[start:end].strip()  # "" for a word an edit joined to the one before (e •)
                if (sure := offsets.confidence(at, cursor)) < 1:  # a word the repair guessed is no surer (WC)
                    conf = w.get("conf", -1)
                    w["conf"] = round(min(conf if conf >= 0 else 100.0, sure * 100), 2)
            line["words"] = _split_words(line.get("words", []))
    _languages(page, sp.lang)
    page["steps"] = [*page.get("steps", []),
                     *({"name": f"{st.stage} {st.version}", "settings": st.settings} for st in sp.steps)]
    return page


def _languages(page: dict[str, Any], lang: str) -> None:
    """Say ``page``'s language (the repaired text's, ``bn`` or ``as``) where the OCR did not (a text file), and
    the language of each word of a block or line in the other of the two (an Assamese passage in a Bengali
    book), by the repair stage's test (:func:`~puthi.normalize.detect.line_lang`)."""
    from puthi.corpus.textio import ocr_lang
    from puthi.normalize.detect import line_lang

    def text(lines: list[dict[str, Any]]) -> str:
        return " ".join(w["text"] for line in lines for w in line.get("words", []))

    if lang not in ("bn", "as"):
        return
    page["lang"] = page.get("lang") or ocr_lang(lang)
    for block in page.get("blocks", []):
        block_lang = line_lang(text(block.get("lines", [])), lang)
        for line in block.get("lines", []):
            if (own := line_lang(text([line]), block_lang)) != lang:
                for w in line.get("words", []):
                    w["lang"] = w.get("lang") or ocr_lang(own)


def _tables(corpus: Corpus, fmt: str, out: Path, sources: set[str] | None = None) -> list[Path]:
    """Every table of the corpus as one file, or only the rows of the documents at ``sources``."""
    written = []
    for name in TABLES:
        frame = corpus.frame(name)
        if sources is not None:
            frame = frame[frame["source"].isin(sources)]
        path = safe_path(out, f"{name}.{fmt}")
        if fmt == "csv":
            written.append(write_atomic(path, spreadsheet_safe(frame).to_csv(index=False)))
        else:
            import io

            buf = io.BytesIO()
            frame.to_parquet(buf, engine="pyarrow", index=False)
            written.append(write_atomic(path, buf.getvalue()))
    written.append(write_atomic(safe_path(out, "README.md"), TABLES_README.format(fmt=fmt)))
    return written


# Columns of free text that no offset counts in: a cell of them that a spreadsheet would run as a formula is
# set off with an apostrophe (OWASP's advice on CSV injection).
FREE_TEXT = ("document", "name", "title", "licence", "provenance", "author", "note", "gloss", "explanation",
             "message", "table", "concept", "headword")  # a scholar's table, concept and headword names too


def spreadsheet_safe(frame):
    """``frame`` with each cell of the :data:`FREE_TEXT` columns that starts like a formula set off by ``'``.

    >>> import pandas as pd
    >>> spreadsheet_safe(pd.DataFrame({"author": ["=HYPERLINK(1)", "rk"], "text": ["=x", "y"]})).values.tolist()
    [["'=HYPERLINK(1)", '=x'], ['rk', 'y']]
    """
    out = frame.copy()
    for column in (c for c in FREE_TEXT if c in out.columns):
        out[column] = [guarded(v) if isinstance(v, str) else v for v in out[column]]
    return out


# What each exported table holds, and which text of the page its offsets count in (code points).
TABLES_README = """# puthi corpus tables ({fmt})

One row per item; `source` and `page_no` name the page. Offsets (`start`, `end`) are code points into
one of the page's two texts, both in `pages`: `ocr_text` (what the OCR read) and `text` (after the repair
and the corrections in force).

| table | holds | offsets index |
|---|---|---|
| documents | one row per file: name, SHA-256, language, licence, provenance | |
| pages | each page's `ocr_text` and `text`, image, size, language, mean confidence | |
| steps | the processing steps of each page, with their versions and settings | |
| lines, words | the OCR's lines and words, with their boxes | `ocr_text` |
| edits | each change from `ocr_text` to `text`: by the repair (`resp` machine) or a person | `ocr_text` |
| terms | term links to the terminology tables | `text` |
| numbers | numbers with their values | `text` |
| claims | rule claims with the value the text states | `text` |
| verdicts | each claim's check against a game engine | |
| annotations | people's corrections as recorded (`kind` text: `ocr_text`; term, verdict: `text`) | see `kind` |
| failures | files and pages that could not be read, and why | |

A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` as a formula. In the columns of free text
(names, authors, notes, glosses, explanations, table, concept and headword names) such a cell starts with `'` in
the CSV files. The texts that
offsets count in (`ocr_text`, `text`, `surface`, `before`, `after`, quotes) are left exact, so import the CSV
files as text rather than opening them by a double click.
"""
