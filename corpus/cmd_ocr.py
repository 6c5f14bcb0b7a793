"""``puthi ocr IMG... [--lang ben|asm|auto] [--format text|jsonl|hocr|alto|page] [--workers N] [-o DIR]``

Reads scans (PNG, JPEG, TIFF, PDF) and writes their text. Without ``-o`` everything goes to stdout (text:
each page ends its last line, then a form feed follows, as Tesseract writes; jsonl: one record per input);
with ``-o DIR`` one file per input, named
after it (``scan.png`` → ``DIR/scan.txt``); PAGE XML holds one page per file, so a PDF's pages become
``DIR/book/page-0001.page.xml``... Every file is written to a temporary name and renamed, so an
interrupted run never leaves half a file; the pages of a long file read before Ctrl-C are written to
``DIR/book.pages-1-37.txt``, and ``--pages 38-`` reads the rest. Inputs that fail are listed on stderr at the
end and the exit code is non-zero; the others are still read and written.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import regex

from puthi.corpus.textio import ocr_lang
from puthi.errors import InputError, OutputError, PuthiError
from puthi.ocr.model import Page

HELP = "read scans (PNG, JPEG, TIFF, PDF) of Bengali or Assamese print with Tesseract"

FORMATS = {"text": ".txt", "jsonl": ".jsonl", "hocr": ".hocr", "alto": ".xml", "page": ".page.xml"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", metavar="IMG", help="image or PDF files")
    parser.add_argument("--lang", type=ocr_lang, choices=("ben", "asm", "auto"), default="auto",
                        help="Bengali, Assamese, or decide per page (default: auto)")
    parser.add_argument("--format", choices=tuple(FORMATS), default="text",
                        help="output format (default: text; in text, several inputs or PDF pages are separated by a "
                             "form feed, which puthi build reads as a page break)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="processes to use; the pages of a long PDF or TIFF share them (default: 1)")
    parser.add_argument("-o", "--out", metavar="DIR", help="write one file per input into DIR instead of stdout")
    parser.add_argument("--timeout", type=seconds, default=None, metavar="SECONDS",
                        help="stop Tesseract after this long on one page (default: 120)")
    parser.add_argument("--pages", type=page_range, metavar="A-B",
                        help="read only these pages of a PDF or multi-page TIFF: 3, 3-10 or 40- (from page 40 on)")
    parser.add_argument("--fast", action="store_true",
                        help="one Tesseract reading per page, no voting (about 5x faster on poor scans, less accurate)")


#: The end of an open page range, ``--pages 40-``.
LAST_PAGE = 10**9


def page_range(text: str) -> range:
    """The pages ``--pages`` names: ``N``, ``A-B`` or ``A-`` (to the end), numbered from 1 (an argparse type).

    >>> page_range("3-5"), page_range("7"), page_range("40-") == range(40, LAST_PAGE)
    (range(3, 6), range(7, 8), True)
    >>> page_range("২-৩"), page_range(" 2 - 4 ")
    (range(2, 4), range(2, 5))
    >>> page_range("5-3")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '5-3' is not a page range; give e.g. --pages 3, 3-10 or 40- (pages from 1)
    """
    m = regex.fullmatch(r"\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?", text)  # digits of any script: ২-৩
    a = int(m.group(1)) if m else 0
    b = (int(m.group(3)) if m.group(3) else LAST_PAGE - 1) if m and m.group(2) else a
    if not 1 <= a <= b < LAST_PAGE:
        raise argparse.ArgumentTypeError(f"{text!r} is not a page range; give e.g. --pages 3, 3-10 or 40- (pages "
                                         "from 1)")
    return range(a, b + 1)


MAX_TIMEOUT = 86_400.0  # a day: more than any page needs


def seconds(value: str) -> float:
    """``--timeout``'s value: a finite number of seconds above zero (an argparse type).

    >>> seconds("2.5")
    2.5
    >>> seconds("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '0' is not a number of seconds above 0; give e.g. --timeout 120
    >>> seconds("1e10")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '1e10' seconds is more than a day; give e.g. --timeout 120
    """
    try:
        x = float(value)
    except ValueError:
        x = math.nan
    if not (math.isfinite(x) and x > 0):
        raise argparse.ArgumentTypeError(f"{value!r} is not a number of seconds above 0; give e.g. --timeout 120")
    if x > MAX_TIMEOUT:  # 1e10 overflowed the clock's type (a hostile tester)
        raise argparse.ArgumentTypeError(f"{value!r} seconds is more than a day; give e.g. --timeout 120")
    return x


def record(path: str, pages: list[Page]) -> dict:
    """The JSON-lines record for one input: ``path``, ``lang``, ``text``, ``mean_conf``, ``lines``.

    Pages of a PDF are joined by a newline and a form feed in ``text``, as Tesseract joins them; each line
    carries its page number and box.

    >>> from puthi.ocr.model import Block, Box, Line, Word
    >>> p = Page(path="a.png", lang="ben", blocks=[Block([Line([Word("তাস", Box(1, 2, 30, 20), 90.0)])])])
    >>> r = record("a.png", [p])
    >>> r["text"], r["mean_conf"], r["lines"][0]["box"]
    ('তাস', 90.0, [1, 2, 30, 20])
    """
    langs = [p.lang for p in pages if p.lang]
    confs = [w.conf for p in pages for w in p.words if w.conf >= 0]
    lines = []
    for p in pages:
        for ln in p.lines:
            box = ln.bbox()
            lconfs = [w.conf for w in ln.words if w.conf >= 0]
            lines.append({"page": p.page_no, "text": ln.text,
                          "box": [box.x0, box.y0, box.x1, box.y1] if box else None,
                          "conf": round(sum(lconfs) / len(lconfs), 2) if lconfs else -1.0})
    return {
        "path": path,
        "lang": max(set(langs), key=langs.count) if langs else "",
        "text": "\n\f".join(p.text for p in pages),
        "mean_conf": round(sum(confs) / len(confs), 2) if confs else -1.0,
        "lines": lines,
        "pages": len(pages),
        "steps": [[{"name": s.name, "settings": s.settings} for s in p.steps] for p in pages],
    }


def render(path: str, pages: list[Page], fmt: str) -> str:
    """The output for one input in ``fmt``."""
    if fmt == "text":
        return "\n\f".join(p.text for p in pages) + "\n"  # as Tesseract: a page ends its last line
    if fmt == "jsonl":
        return json.dumps(record(path, pages), ensure_ascii=False) + "\n"
    if fmt == "hocr":
        from puthi.ocr.hocr import to_hocr

        return to_hocr(pages)
    if fmt == "page":
        from puthi.ocr.pagexml import to_page_xml

        if len(pages) > 1:
            raise ValueError("PAGE XML holds one page: render each page of a multi-page input on its own")
        return to_page_xml(pages[0])
    from puthi.ocr.alto import to_alto

    return to_alto(pages)


def image_paths_from(folder: Path, pages: list[Page]) -> list[Page]:
    """``pages`` naming their image relative to ``folder``, where their hOCR, ALTO or PAGE file is written,
    so that ``puthi build`` finds the image from the file wherever the two are moved together."""
    out = []
    for p in pages:
        path, mark, fragment = p.path.partition("#")
        rel = os.path.relpath(os.path.abspath(path), os.path.abspath(folder)) if path else path
        out.append(replace(p, path=rel + mark + fragment))
    return out


def page_images(folder: Path, pages: list[Page], source: str, stem: str = "page") -> list[Page]:
    """``pages`` of a PDF or multi-page TIFF ``source`` each naming a PNG of itself, drawn as the OCR drew it and
    written into ``folder`` (``page-0001.png``): a PAGE file's image must be an image, and Transkribus and OCR-D open
    no page of a PDF (a newcomer) nor a frame of a TIFF. Pages of a one-page image are returned as they are."""
    from puthi.corpus.export import page_png

    out = []
    for p in pages:
        png = page_png(source, p.page_no, (p.width, p.height), folder / f"{stem}-{p.page_no:04d}.png")
        out.append(replace(p, path=str(png)) if png else p)
    return out


def atomic_write(target: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``target`` and rename it into place (umask permissions)."""
    from puthi.corpus.export import new_file_mode

    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            os.fchmod(fd, new_file_mode())
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OutputError(str(target), f"cannot write ({exc.strerror or exc}); check the folder and free space") \
            from exc


def output_names(paths: list[str], suffix: str) -> dict[str, str]:
    """One output file name per input, from its stem; a clash takes the input's own suffix (``p1-jpg``), and
    then ``-2``, ``-3``... (a number alone would read like a second page).

    >>> output_names(["a/p1.png", "p1.jpg", "b/p1.png", "c.tif"], ".txt")
    {'a/p1.png': 'p1.txt', 'p1.jpg': 'p1-jpg.txt', 'b/p1.png': 'p1-png.txt', 'c.tif': 'c.txt'}
    >>> output_names(["a/p1.png", "b/p1.png", "c/p1.png"], ".txt")["c/p1.png"]
    'p1-png-2.txt'
    """
    names: dict[str, str] = {}
    used: set[str] = set()
    for p in paths:
        stem = Path(p).stem or "page"
        name, n = f"{stem}{suffix}", 1
        if name in used and (ext := Path(p).suffix.lstrip(".").lower()):
            stem = f"{stem}-{ext}"
            name = f"{stem}{suffix}"
        while name in used:
            n += 1
            name = f"{stem}-{n}{suffix}"
        used.add(name)
        names[p] = name
    return names


def part_name(name: str, pages: list[Page], suffix: str) -> str:
    """The output name of some pages of a book: ``book.txt`` → ``book.pages-5-8.txt``.

    >>> part_name("book.page.xml", [Page(path="b.pdf", page_no=5), Page(path="b.pdf", page_no=8)], ".page.xml")
    'book.pages-5-8.page.xml'
    >>> part_name("scan.page.xml", [Page(path="scan.page.pdf", page_no=2)], ".xml")  # ALTO of scan.page.pdf
    'scan.page.pages-2-2.xml'
    """
    return f"{name.removesuffix(suffix)}.pages-{pages[0].page_no}-{pages[-1].page_no}{suffix}"


def nothing_read(pages: list[Page]) -> bool:
    """Did every page fail?"""
    return all(any(st.name == "failed" for st in p.steps) for p in pages)


def run(args: argparse.Namespace) -> int:
    from puthi.ocr.recognize import OcrSettings, ocr_batch, pages_in

    fmt = args.format
    out_dir = Path(args.out) if args.out else None
    if out_dir is None and fmt in ("hocr", "alto", "page") and len(args.images) > 1:
        raise InputError("-o", f"{fmt} output holds one document per input; give -o DIR for several inputs")
    if out_dir is None and fmt == "page" and (pages := pages_in(args.images[0])) > 1 and (
            args.pages is None or sum(k in args.pages for k in range(1, pages + 1)) > 1):
        # said before reading, not after (a hostile tester waited 30 s for it)
        raise InputError(args.images[0], f"has {pages} pages and a PAGE XML file holds one; give -o DIR")
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(str(out_dir), f"cannot create the output folder ({exc.strerror}); "
                              "choose another -o") from exc
    settings = OcrSettings.fast() if args.fast else OcrSettings()
    if args.timeout is not None:
        settings = replace(settings, timeout=args.timeout)
    names = output_names(args.images, FORMATS[fmt])

    def write(path: str, pages: list[Page], failures: list, name: str | None = None) -> None:
        if nothing_read(pages):
            return   # no output, the failure is listed at the end
        multi = len(pages) > 1 or pages_in(path) > 1
        if name is None and args.pages and multi:  # a part of the book is named as one (a review)
            name = part_name(names[path], pages, FORMATS[fmt])
        name = name or names[path]
        if not any(p.text.strip() for p in pages):
            print(f"puthi ocr: {path}: no text found (a blank page, or another script: see --lang)", file=sys.stderr)
        for p in pages:
            for st in p.steps:
                missing = st.settings.get("missing", st.settings.get("boxes")) if st.name == "uncovered-ink" else None
                if missing:  # ink no line read, and that reading it again on its own did not read either
                    where = ", ".join(f"y {y0}-{y1}" for _, y0, _, y1 in missing)
                    page = f" page {p.page_no}" if len(pages) > 1 else ""
                    print(f"puthi ocr: {path}{page}: ink at {where} is in no line read; text may be missing "
                          "(a title or a note set apart?)", file=sys.stderr)
        if fmt == "page" and multi and (out_dir is not None or len(pages) > 1):  # a page a file, in the book's folder
            if out_dir is None:
                raise InputError(path, f"has {len(pages)} pages and a PAGE XML file holds one; give -o DIR")
            folder = out_dir / names[path].removesuffix(FORMATS[fmt])  # a name no other input's file has
            folder.mkdir(exist_ok=True)
            for p in image_paths_from(folder, page_images(folder, pages, path)):
                atomic_write(folder / f"page-{p.page_no:04d}{FORMATS[fmt]}", render(path, [p], fmt))
            written.add(path)
            return
        if out_dir is not None and fmt == "page":
            pages = page_images(out_dir, pages, path, name.removesuffix(FORMATS[fmt]))
        if out_dir is not None and fmt in ("hocr", "alto", "page"):
            pages = image_paths_from(out_dir, pages)
        text = render(path, pages, fmt)
        if out_dir is None:
            sys.stdout.write(text if fmt != "text" or not first[0] else "\f" + text)
            sys.stdout.flush()
            first[0] = True
        else:
            atomic_write(out_dir / name, text)
            written.add(path)

    def keep_read(path: str, pages: list[Page], left: list[int]) -> None:
        """Ctrl-C in the middle of a file: its pages read so far go out, under a name that says which they are."""
        if nothing_read(pages):
            return
        first_page, last_page = pages[0].page_no, pages[-1].page_no
        name = part_name(names[path], pages, FORMATS[fmt])
        try:
            write(path, pages, [], name)
            partly.add(path)
        except (PuthiError, OSError) as exc:
            print(f"puthi ocr: {path}: pages {first_page}-{last_page} were read but could not be kept ({exc})",
                  file=sys.stderr)
            return
        stem = names[path].removesuffix(FORMATS[fmt])
        kept = out_dir / (stem if fmt == "page" else name) if out_dir else None  # PAGE: a page a file, in a folder
        where = f" in {kept}" if kept else ""
        rest = f"{left[0]}-{left[-1]}" if left and left[-1] > left[0] else f"{left[0]}" if left else ""
        rest = f"; read the rest with --pages {rest}" if rest else ""
        print(f"puthi ocr: {path}: pages {first_page}-{last_page} were read and are kept{where}{rest}",
              file=sys.stderr)

    first = [False]
    written: set[str] = set()  # the inputs with a file in -o DIR
    partly: set[str] = set()  # of those, the ones cut short by Ctrl-C
    result = ocr_batch(args.images, lang=args.lang, settings=settings, workers=args.workers, on_file=write,
                       pages=args.pages, on_interrupt=keep_read)
    if out_dir is not None:  # the progress line may have stopped short of the end (a newcomer): say what is there
        part = f" ({len(partly)} in part)" if partly else ""
        print(f"puthi ocr: {len(written)} of {len(args.images)} input(s) written to {out_dir}{part}", file=sys.stderr)
    if result.failures:
        n_files = len({f.path for f in result.failures})
        print(f"puthi ocr: {n_files} of {len(args.images)} input(s) failed:", file=sys.stderr)
        for f in result.failures:
            print(f"  {f.message}", file=sys.stderr)
    return result.exit_code
