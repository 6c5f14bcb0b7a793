"""Build a corpus: every page of every source through OCR → repair → terms → claims, into the store.

Sources are images, PDFs, hOCR or ALTO files (existing OCR is imported, not redone) and plain text
already OCR'd (pages split at form feeds, like Tesseract's text output). Workers do the per-page work
(:func:`process_page`, a pure function of a :class:`~puthi.corpus.records.PageTask`); the process that
called :func:`build` is the only writer, one transaction per page. A re-run skips a page whose content
hash and stage versions are unchanged, and starts a changed page at the first stage whose version or
settings changed (stored OCR is reused when only a later stage changed).

Work runs in-process (``workers=1``), in a local process pool (``workers>1``) or on a Dask distributed
cluster (``scheduler="tcp://host:port"``, or a ``Client``/``LocalCluster``); the results are the same.
A bad source is listed as a failure and the rest go through. Two builds on one store: the second
stops with a clear error (or waits, ``wait=True``) on an exclusive lock next to the database.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "a.txt").write_text("তাস খেলা\\f২য় পাতা\\n", encoding="utf-8")
>>> report = build([d / "a.txt"], d / "c.sqlite", progress=False)
>>> (report.done, report.documents)
(2, 1)
>>> again = build([d / "a.txt"], d / "c.sqlite", progress=False)
>>> again.done + again.skipped
2
"""

from __future__ import annotations

import errno
import hashlib
import html
import importlib
import os
import stat
import subprocess
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse
from urllib.request import url2pathname

import regex

from puthi.corpus.records import Claim, Document, Failure, PageResult, PageTask, ProcessingStep, Verdict
from puthi.corpus.textio import other_script
from puthi.errors import (
    NOT_A_FILE,
    TOO_LARGE,
    EngineError,
    InputError,
    MissingDependencyError,
    OutputError,
    PuthiError,
    shorten,
)
from puthi.processes import HELD_LOCKS, MAX_WORKERS_PER_CORE, scratch_folder, start_worker, stop_workers
from puthi.progress import progress as progress_of

if TYPE_CHECKING:
    from puthi.rules.terms.tables import TableFile

#: The modules each stage needs; a stage whose module is absent is recorded as version ``absent``
#: (and skipped), so the next build redoes it once the module lands.
STAGE_MODULES: dict[str, tuple[tuple[str, str], ...]] = {
    "image": (("puthi.ocr.recognize", "ocr_path"),),
    "pdf": (("puthi.ocr.recognize", "ocr_path"),),
    "hocr": (("puthi.ocr.hocr", "read_hocr"),),
    "alto": (("puthi.ocr.alto", "read_alto"),),
    "page": (("puthi.ocr.pagexml", "read_page_xml"),),
    "text": (),
    "repair": (("puthi.normalize.repair", "repair_text"),),
    "terms": (("puthi.rules.terms", "find_terms"), ("puthi.rules.terms", "find_numbers")),
    "claims": (("puthi.rules.claims", "extract_claims"), ("puthi.rules.check", "check_claims")),
}
#: Versions of the parts the corpus stage owns, and the default for a stage module without ``VERSION``.
#: Bump one to make every page redo that stage on the next build.
STAGE_VERSIONS: dict[str, str] = {
    "text": "1", "image": "1", "pdf": "1", "hocr": "1", "alto": "1", "page": "1",
    "repair": "1", "terms": "1", "claims": "1",
}
#: File suffixes a folder walk picks up, by kind (a file named on the command line is sniffed).
SUFFIXES = {
    ".png": "image", ".jpg": "image", ".jpeg": "image", ".tif": "image", ".tiff": "image", ".bmp": "image",
    ".webp": "image", ".gif": "image", ".pnm": "image", ".ppm": "image", ".pgm": "image", ".pdf": "pdf",
    ".hocr": "hocr", ".html": "hocr", ".htm": "hocr", ".xml": "alto", ".txt": "text",
}
PDF_DPI = 300
SUBPROCESS_TIMEOUT = 300
#: Seconds to wait for a Dask scheduler to answer.
SCHEDULER_TIMEOUT = 30
PROBE_WAIT = 10.0  # seconds a scheduler's address may keep silent after a connection (a real one greets at once)
WORKER_WAIT = 60  # seconds a build on a cluster waits for its first worker before it gives up


def _module(name: str):
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if (exc.name and name.startswith(exc.name)) or exc.name == name:
            return None
        raise


def stage_version(part: str) -> str:
    """The version of ``part`` (a source kind or a stage after OCR): ``absent`` when its module is missing.

    >>> stage_version("text")
    '1'
    """
    versions: dict[str, str] = {}
    for name, func in STAGE_MODULES[part]:
        mod = _module(name)
        if mod is None or not callable(getattr(mod, func, None)):
            return "absent"
        versions[name] = str(getattr(mod, "VERSION", STAGE_VERSIONS[part]))
    return "+".join(dict.fromkeys(versions.values())) or STAGE_VERSIONS[part]


def expected_steps(kind: str, lang: str, game: str = "auto", tables: tuple[TableFile, ...] = ()
                   ) -> list[ProcessingStep]:
    """The steps a page of ``kind`` gets from this code with ``--lang``, ``--game`` and a scholar's ``tables``;
    a re-run compares them (a changed table has another fingerprint, so its pages' terms are read again).

    >>> from puthi.rules.terms.tables import TableFile
    >>> [s.settings for s in expected_steps("text", "auto", tables=(TableFile("mine.csv", "x"),))][2:]
    [{'tables': '2d711642b726'}, {'impl': 'reference', 'game': 'auto', 'tables': '2d711642b726'}]
    """
    ocr_settings = {"kind": kind} | ({"lang": lang} if kind in ("image", "pdf") else {})
    mine = {}  # no table of the scholar's: the settings of a corpus built before tables could be given
    if tables:
        from puthi.rules.terms.tables import fingerprint

        mine = {"tables": fingerprint(tables)}
    return [
        ProcessingStep("ocr", stage_version(kind), ocr_settings),
        ProcessingStep("repair", stage_version("repair"), {"lang": repair_lang(lang)}),
        ProcessingStep("terms", stage_version("terms"), mine),
        ProcessingStep("claims", stage_version("claims"), {"impl": "reference", "game": game} | mine),
    ]


def repair_lang(lang: str) -> str:
    """The repair stage's language code for an OCR language code.

    >>> repair_lang("asm"), repair_lang("ben"), repair_lang("auto")
    ('as', 'bn', 'auto')
    """
    return {"ben": "bn", "asm": "as", "bn": "bn", "as": "as"}.get(lang, "auto")


# -- sources ------------------------------------------------------------------------------------

#: Bytes read to tell a file's kind: enough for an XML prologue with a long comment before the root.
SNIFF_BYTES = 1 << 17
_MAGIC = [(b"%PDF", "pdf"), (b"\x89PNG", "image"), (b"\xff\xd8\xff", "image"), (b"II*\x00", "image"),
          (b"MM\x00*", "image"), (b"BM", "image"), (b"GIF8", "image")]


def sniff(path: Path, head: bytes | None = None) -> str | None:
    """The kind of source ``path`` is, from its first bytes (and its suffix for text); ``None`` if unknown.

    >>> sniff(Path("scan.pgm"), b"P5\\n2480 3508\\n255\\n"), sniff(Path("notes.png"), b"not a picture")
    ('image', None)
    >>> sniff(Path("page.xml"), '<?xml version="1.0" encoding="UTF-16"?><alto>'.encode("utf-16"))
    'alto'
    """
    if head is None:
        with open(path, "rb") as fh:
            head = fh.read(SNIFF_BYTES)
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image"
    if len(head) > 2 and head[:1] == b"P" and head[1:2] in b"123456" and head[2:3].isspace():  # PNM, PGM, PPM
        return "image"
    if head[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 XML or HTML: look at it as UTF-8
        head = head.decode("utf-16", errors="ignore").encode("utf-8")
    low = head.lower()
    if b"<pcgts" in low:  # before ALTO: a PAGE file may mention ALTO (a converter's name, a comment)
        return "page"
    if b"<alto" in low or b"alto/ns-v" in low or b"alto-v" in low:
        return "alto"
    if b"primaresearch.org/page/gts" in low:
        return "page"
    if b"ocr_page" in low:
        return "hocr"
    if path.suffix.lower() == ".txt":
        return "text"
    return None


def _readable_folder(folder: Path) -> bool:
    try:
        with os.scandir(folder):
            return True
    except PermissionError:
        return False
    except OSError:  # gone meanwhile, or a loop of links: not a permission to report
        return True


def discover(sources: Iterable[str | Path]) -> tuple[list[tuple[Path, str]], list[Failure], list[Path]]:
    """Expand folders (recursively, skipping hidden files) and sniff each file's kind. Also returns the files
    of the folders left out, by their suffix (``notes.md``, ``README.txt``) or as XML that is neither hOCR,
    ALTO nor PAGE (METS), so the build can say so."""
    found: list[tuple[Path, str]] = []
    failures: list[Failure] = []
    ignored: list[Path] = []
    seen: set[Path] = set()
    for src in sources:
        path = Path(src)
        if path.is_dir():
            shown = sorted(p for p in path.rglob("*")
                           if not any(part.startswith(".") for part in p.relative_to(path).parts))
            visible = [p for p in shown if p.is_file()]
            # a link to nothing (or to itself), a pipe or a device in a folder is named, not dropped unseen
            failures += [Failure(str(p.absolute()), None, "read",
                                 "a symbolic link that leads to no file (or to itself); point it at the real file"
                                 if p.is_symlink() else NOT_A_FILE)
                         for p in shown if not p.is_file() and not p.is_dir() and p.suffix.lower() in SUFFIXES]
            # a folder that cannot be read is named too: the walk skipped it unseen (a hostile tester)
            unread = [d for d in [path, *(p for p in shown if p.is_dir())] if not _readable_folder(d)]
            failures += [Failure(str(d.absolute()), None, "read", "permission denied: this folder cannot be read; "
                                                                  "check its permissions") for d in unread]
            files = [p for p in visible if p.suffix.lower() in SUFFIXES and not p.name.lower().startswith("readme")]
            picked = set(files)
            for p in visible:
                if p not in picked and p.resolve() not in seen:
                    seen.add(p.resolve())
                    ignored.append(p)
            named = False
            if not files and path not in unread:
                failures.append(Failure(str(src), None, "read", "no scans, PDFs, hOCR/ALTO/PAGE or .txt files in this "
                                                                 "folder (or its subfolders); check the path"))
        elif path.exists():
            files, named = [path], True
        elif path.is_symlink():  # a link to nothing, or to itself
            failures.append(Failure(str(path.absolute()), None, "read", "a symbolic link that leads to no file (or "
                                                                         "to itself); point it at the real file"))
            continue
        else:
            # by its full path, as a document is stored, so that the record goes once the file is there
            failures.append(Failure(str(path.resolve()), None, "read", "no such file or folder; check the path"))
            continue
        for f in files:
            resolved = f.resolve()
            if resolved in seen:
                continue
            seen.add(resolved)
            if (shown := printable_path(resolved)) != str(resolved):
                failures.append(Failure(shown, None, "read", "the file name is not UTF-8 text, so the corpus cannot "
                                                             "name it; rename it (convmv -f latin1 -t utf8 NAME)"))
                continue
            try:
                info = f.stat()
                if not stat.S_ISREG(info.st_mode):
                    failures.append(Failure(str(f.absolute()), None, "read", NOT_A_FILE))
                    continue
                if info.st_size == 0:
                    failures.append(Failure(str(resolved), None, "read", "the file is empty (0 bytes); leave it "
                                                                         "out or export it again"))
                    continue
                kind = sniff(f)
            except OSError as exc:
                failures.append(Failure(str(resolved), None, "read",
                                        f"cannot read ({exc.strerror}); check permissions"))
                continue
            if kind is None:
                if named or SUFFIXES[f.suffix.lower()] in ("image", "pdf"):
                    failures.append(Failure(str(resolved), None, "read", "not an image, PDF, hOCR, ALTO, PAGE or "
                                            ".txt file (whatever its name says); convert it or leave it out"))
                else:  # a folder's other XML or HTML (METS, a web page): left out, and said so
                    ignored.append(f)
                continue
            found.append((resolved, kind))
    return found, failures, ignored


_SCAN_NAMED = {
    "alto": regex.compile(r"<(?:\w+:)?fileName>\s*([^<]+?)\s*</(?:\w+:)?fileName>"),
    "page": regex.compile(r"""\bimageFilename\s*=\s*(?:"([^"]+)"|'([^']+)')"""),
    # hOCR's title="image 'p1.png'; bbox …" (the name in either quote, escaped or not, or bare), in a title only
    "hocr": regex.compile(r"""\btitle\s*=\s*(?:"[^"]*?|'[^']*?)\bimage\s+"""
                          r"""(?:(?:&quot;|")(.+?)(?:&quot;|")|(?:&apos;|&\#39;|')(.+?)(?:&apos;|&\#39;|')|([^\s;"'&]+))"""),
}


def scans_of_imports(files: list[tuple[Path, str]], sources: Iterable[str | Path]) -> tuple[list[tuple[Path, str]],
                                                                                            list[Path]]:
    """``files`` without the scans that an hOCR, ALTO or PAGE file among them names as its page (read from its first
    64 kB), unless the scan was named itself; and those scans. A folder of scans and their OCR (an export of puthi,
    Transkribus' images with their PAGE files) had been read twice: each page once from its OCR file and once
    from its scan, OCR'd anew (a newcomer).

    >>> import tempfile
    >>> from PIL import Image
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "p1.alto.xml").write_text("<alto><fileName>p1.png</fileName></alto>", encoding="utf-8")
    >>> Image.new("L", (8, 8), 255).save(d / "p1.png")
    >>> kept, left = scans_of_imports([(d / "p1.alto.xml", "alto"), (d / "p1.png", "image"), (d / "p2.png", "image")],
    ...                               [d])
    >>> [p.name for p, _ in kept], [p.name for p in left]
    (['p1.alto.xml', 'p2.png'], ['p1.png'])
    """
    named = {Path(s).resolve() for s in sources if Path(s).is_file()}
    pages = _scan_pages_named(files)
    covered = {scan for scan, _ in pages}
    left = [p for p, kind in files if kind in ("image", "pdf") and p in covered and p not in named
            and _all_pages_named(p, kind, pages)]
    return [(p, kind) for p, kind in files if p not in left], left


def _all_pages_named(scan: Path, kind: str, pages: dict[tuple[Path, str], set[Path]]) -> bool:
    """Is every page of ``scan`` read through an OCR file: each named as its page (``#page=N``), or all of them held
    by a file that names the scan once for all? An OCR file of one page of a TIFF leaves the others to be read (a
    hostile tester's pages 2 and 3 had been dropped), and a PDF beside its whole hOCR is not OCR'd again (another's
    was, and every page was in the corpus twice)."""
    try:
        count = pdf_page_count(scan) if kind == "pdf" else image_frame_count(scan)
    except Exception:  # unreadable: the build's own reading says why
        return False
    if count == 1:  # named at all
        return True
    numbered = {int(page[len("#page="):]) for s, page in pages if s == scan and page[len("#page="):].isdigit()}
    held = max((_pages_held(f) for f in pages.get((scan, ""), ())), default=0)
    return len(numbered | set(range(1, held + 1))) >= count


def _pages_held(path: Path) -> int:
    """How many pages an hOCR, ALTO or PAGE file holds (its ocr_page or Page elements)."""
    try:
        text = path.read_bytes().decode("utf-8", "replace")
    except OSError:
        return 0
    return len(_HOCR_PAGE.findall(text)) or len(_XML_PAGE.findall(text))


_HOCR_PAGE = regex.compile(r"""class\s*=\s*["']?ocr_page\b""")
_XML_PAGE = regex.compile(r"<(?:\w+:)?Page[\s>/]")


def named_twice(files: list[tuple[Path, str]]) -> list[str]:
    """A note for each scan page that two of the hOCR, ALTO or PAGE files in ``files`` name: both are built, so the
    exports count that page twice (session 19's known limit: a folder with a scan's hOCR and its ALTO).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> for name in ("p1.alto.xml", "p1.page.xml"):
    ...     _ = (d / name).write_text("<alto><fileName>p1.png</fileName></alto>", encoding="utf-8")
    >>> print(*named_twice([(d / "p1.alto.xml", "alto"), (d / "p1.page.xml", "alto")]))
    p1.alto.xml and p1.page.xml both name p1.png: both are built, so the exports count that page twice; leave one out
    """
    def one_page(scan: Path) -> bool:  # not a TIFF's or PDF's, whose pages' PAGE files may each name it alone
        return _one_frame(scan) if scan.exists() else scan.suffix.lower() not in (".pdf", ".tif", ".tiff")

    return [f"{' and '.join(sorted(p.name for p in ocr))} both name {scan.name}{page}: both are built, so the exports "
            "count that page twice; leave one out" for (scan, page), ocr in _scan_pages_named(files).items()
            if len(ocr) > 1 and (page or one_page(scan))]


def _scan_pages_named(files: list[tuple[Path, str]]) -> dict[tuple[Path, str], set[Path]]:
    """The scan pages (the scan, and ``#page=N`` or ``""``) that the hOCR, ALTO and PAGE files among ``files`` name
    in their first 64 kB, each with the files that name it."""
    found: dict[tuple[Path, str], set[Path]] = {}
    for path, kind in files:
        if kind not in _SCAN_NAMED:
            continue
        try:
            with path.open("rb") as fh:
                head = fh.read(1 << 16).decode("utf-8", "replace")
        except OSError:
            continue
        for m in _SCAN_NAMED[kind].finditer(head):
            ref, hash_, page = html.unescape(next(g for g in m.groups() if g)).partition("#page=")
            if ref.startswith("file:"):  # a URI: its %20 is a space
                ref = url2pathname(urlparse(ref).path)
            ref = portable_ref(ref)
            found.setdefault(((path.parent / ref).resolve(), hash_ + page), set()).add(path)
    return found


def portable_ref(ref: str) -> str:
    r"""A scan an OCR file names, as a path here: a Windows path's separators made ``/``, and an absolute Windows path
    (another machine's) cut to its file name, to be looked for beside the OCR file (a hostile tester's ABBYY ALTO named
    ``C:\scans\book 1\p0001.tif``).

    >>> portable_ref(r"C:\scans\book 1\p0001.tif"), portable_ref(r"scans\p2.png"), portable_ref("p3.png#page=2")
    ('p0001.tif', 'scans/p2.png', 'p3.png#page=2')
    """
    if "\\" not in ref:
        return ref
    ref = ref.replace("\\", "/")
    return ref.rsplit("/", 1)[-1] if _WINDOWS_DRIVE.match(ref) or ref.startswith("//") else ref


_WINDOWS_DRIVE = regex.compile(r"[A-Za-z]:/")


def _one_frame(path: Path) -> bool:
    """Is ``path`` an image of one page? An OCR file of one page of a multi-page TIFF leaves the others to be read (a
    hostile tester's pages 2 and 3 were dropped)."""
    try:
        from PIL import Image

        with Image.open(path) as im:
            return getattr(im, "n_frames", 1) == 1
    except Exception:  # unreadable: the build's own reading says why
        return False


def printable_path(path: Path | str) -> str:
    r"""``path`` as text, a byte that is not UTF-8 in its name written as ``\xNN``.

    >>> import os
    >>> printable_path(os.fsdecode(b"/b/caf\xe9.txt")), printable_path("/b/পাতা.png")
    ('/b/caf\\xe9.txt', '/b/পাতা.png')
    """
    return str(path).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


#: A text "page" longer than this (a whole book with no form feeds) is cut, at a paragraph or line break
#: where it can be: one page is one unit of work and of memory (20 MB as one page took 1.5 GB). No printed
#: page comes near it. A corpus built before such pages were cut keeps its corrections: they move to where
#: their text now is (:meth:`puthi.corpus.store.Corpus.follow_new_page_breaks`).
MAX_PAGE_CHARS = 200_000


def split_text_pages(text: str, max_chars: int = MAX_PAGE_CHARS) -> list[str]:
    """Pages of a plain-text source: split at form feeds; line ends made ``\\n``; NFC. A page longer than
    ``max_chars`` is cut into parts that each end at its last blank line, line break or space before the
    limit (:func:`_cut_long`).

    >>> split_text_pages("এক\\r\\nদুই\\fতিন\\f")
    ['এক\\nদুই', 'তিন']
    >>> split_text_pages("ক খ\\n\\nগ ঘ\\nঙ চ", max_chars=5)
    ['ক খ\\n\\n', 'গ ঘ\\n', 'ঙ চ']
    """
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    pages = [part for page in text.split("\f") for part in _cut_long(page, max_chars)]
    while len(pages) > 1 and not pages[-1].strip():
        pages.pop()
    return pages


def _cut_long(page: str, max_chars: int) -> list[str]:
    """``page`` in parts of at most ``max_chars`` that join back into it, each cut after a paragraph break,
    else a line break, else a space, in the second half of the part (a run with none of them is cut hard)."""
    parts = []
    while len(page) > max_chars:
        window = page[:max_chars]
        for sep in ("\n\n", "\n", " "):
            cut = window.rfind(sep, max_chars // 2)
            if cut >= 0:
                cut += len(sep)
                break
        else:
            cut = max_chars
        parts.append(page[:cut])
        page = page[cut:]
    return [*parts, page]


def _sha(data: bytes | str) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def plan(path: Path, kind: str, lang: str = "auto") -> tuple[Document, list[PageTask], list[str]]:
    """The document for one source, a task per page (reads the file; OCR imports parse it here), and notes
    for the user."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read ({exc.strerror}); check the path and permissions") from exc
    digest = _sha(data)
    doc = Document(str(path), path.name, kind, digest, title=path.stem)  # type: ignore[arg-type]
    src = str(path)
    notes: list[str] = []
    if kind == "text":
        from puthi.corpus.textio import decode

        text = decode(data, src)  # names UTF-16 and binary files as such, and the first bad byte
        pages = split_text_pages(text)
        # only a text longer than a page can have been cut: the uncut split is done for no other
        if len(text) > MAX_PAGE_CHARS and len(pages) > len(split_text_pages(text, max_chars=len(text) + 1)):
            notes.append(f"{src}: a text page over {MAX_PAGE_CHARS:,} characters was cut into pages at paragraph "
                         f"or line breaks ({len(pages)} pages in all); rule claims are read across them")
        noise = document_noise(pages)
        tasks = [PageTask(src, "text", n, _sha(t), lang, text=t, noise=noise) for n, t in enumerate(pages, start=1)]
    elif kind == "image":  # a multi-page TIFF has a page per frame
        count = image_frame_count(path)
        tasks = [PageTask(src, "image", n, digest if count == 1 else f"{digest}#page={n}", lang)
                 for n in range(1, count + 1)]
    elif kind == "pdf":
        count = pdf_page_count(path)
        tasks = [PageTask(src, "pdf", n, f"{digest}#page={n}", lang) for n in range(1, count + 1)]
    else:
        pages = [p.to_dict() for p in read_existing_ocr(path, kind)]
        noise = document_noise([_page_text(p) for p in pages])
        tasks = [PageTask(src, kind, n, f"{digest}#page={n}", lang, page=p, noise=noise)  # type: ignore[arg-type]
                 for n, p in enumerate(pages, start=1)]
    if not tasks:
        raise InputError(src, "has no pages; is it empty?")
    return doc, tasks, notes


def document_noise(page_texts: list[str]) -> dict[str, int] | None:
    """The noise lines that recur through a document's pages (a watermark on every page), counted over all of
    them, so that each page's repair can empty its copy (:mod:`puthi.normalize.furniture`); None when there
    are none, or without the repair stage. Scans and PDFs are read page by page in the workers, so their
    pages are repaired without it."""
    try:
        from puthi.normalize.furniture import NoiseLines
    except ImportError:
        return None
    counts = NoiseLines.of(line for text in page_texts for line in text.split("\n")).counts
    return dict(counts) or None


def read_existing_ocr(path: Path, kind: str) -> list[Any]:
    """Pages of an hOCR, ALTO or PAGE XML file, through the OCR stage's safe readers (no external entities)."""
    [(module, name)] = STAGE_MODULES[kind]
    mod = _module(module)
    if mod is None or stage_version(kind) == "absent":
        raise MissingDependencyError(str(path), f"the {kind} reader ({module}) is not installed")
    try:
        pages = getattr(mod, name)(path if kind == "page" else str(path))
        pages = [pages] if kind == "page" else pages  # a PAGE file holds one page
    except PuthiError:
        raise
    except Exception as exc:
        raise InputError(str(path), f"cannot read as {kind.upper()} ({type(exc).__name__}: {exc})") from exc
    for p in pages:
        p.path = portable_ref(p.path)
    shared = Counter(p.path for p in pages)
    numbered = {path for path in shared if len({p.page_no for p in pages if p.path == path}) == shared[path]}
    for n, p in enumerate(pages, start=1):
        # the page of its scan: a PAGE file of a PDF's second page (a newcomer), each page of an hOCR or ALTO file
        # of a PDF or TIFF that names the file once for all (a review: the review page showed page 1 for all), by
        # the file's own page numbers, or by the pages' order when it has none
        if p.path and "#page=" not in p.path and (p.page_no != n or shared[p.path] > 1) and not (
                shared[p.path] == 1 and _one_frame(path.parent / p.path)):  # not puthi's own page-0002.png (a
            p.path += f"#page={p.page_no if p.path in numbered else n}"  # hostile tester)
        p.page_no = n
    return pages


def image_frame_count(path: Path) -> int:
    """How many pages (frames) an image file holds: 1, or more for a multi-page TIFF."""
    from puthi.ocr.images import count_pages

    return count_pages(str(path))


def pdf_page_count(path: Path) -> int:
    out = _run_tool(["pdfinfo", str(path)], path)
    for line in out.splitlines():
        if line.startswith("Pages:"):
            return int(line.split(":", 1)[1])
    raise InputError(str(path), "pdfinfo found no page count; is the PDF damaged?")


def _run_tool(cmd: list[str], path: Path) -> str:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT, check=False)
    except FileNotFoundError as exc:
        raise MissingDependencyError(cmd[0], "is not installed; install poppler-utils for PDF input") from exc
    except subprocess.TimeoutExpired as exc:
        raise EngineError(str(path), f"{cmd[0]} took longer than {SUBPROCESS_TIMEOUT} s") from exc
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise InputError(str(path), f"{cmd[0]} failed ({last}); is the PDF damaged or encrypted?")
    return proc.stdout


# -- the per-page work ----------------------------------------------------------------------------

def page_from_text(text: str, path: str = "", lang: str = "") -> dict[str, Any]:
    """A page model for plain text: a block per paragraph, a line per text line, a word per token.

    >>> p = page_from_text("তাস খেলা\\n\\nনতুন")
    >>> [[ [w["text"] for w in ln["words"]] for ln in b["lines"]] for b in p["blocks"]]
    [[['তাস', 'খেলা']], [['নতুন']]]
    """
    from puthi.ocr.model import Block, Line, Page, Word

    blocks, current = [], []
    for raw in text.split("\n"):
        if raw.strip():
            current.append(Line([Word(tok, conf=-1.0) for tok in raw.split()]))
        elif current:
            blocks.append(Block(current))
            current = []
    if current:
        blocks.append(Block(current))
    return Page(path=path, lang=lang, blocks=blocks).to_dict()


def _ocr(task: PageTask) -> tuple[dict[str, Any], str]:
    """OCR one page of an image or PDF (the page dict and its text). A PDF's page is drawn as ``puthi ocr`` and
    the review page draw it (grey, at PDF_DPI or lower for a huge page): a newcomer's noisy PDF page took 5 s to
    write as a PNG and 0.1 s this way."""
    from puthi.ocr.images import iter_images
    from puthi.ocr.recognize import ocr_image

    with scratch_folder("puthi-page-") as tmp:
        image = Path(task.source)
        if task.data is not None:
            image = tmp / ("source.pdf" if task.kind == "pdf" else "image" + Path(task.source).suffix.lower())
            image.write_bytes(task.data)
        try:  # only this task's page of a PDF, or frame of an image (a multi-page TIFF has several)
            frame = next(iter_images(str(image), page_no=task.page_no, pdf_dpi=PDF_DPI), None)
        except PuthiError as exc:  # named by the source, not by its copy in the scratch folder
            raise type(exc)(exc.where.replace(str(image), task.source), exc.what) from exc
        pages = [ocr_image(frame.image, lang=task.lang, path=str(image), page_no=frame.page_no,
                           dpi=frame.dpi)] if frame is not None else []
    if not pages:
        raise EngineError(task.source, "the OCR returned no page")
    page = pages[0]
    one_page = "#page=" not in task.content_hash  # an image of one frame; a PDF's pages are always numbered
    page.path = task.source if one_page else f"{task.source}#page={task.page_no}"
    page.page_no = task.page_no
    return page.to_dict(), page.text


def _repair(text: str, lang: str, noise: dict[str, int] | None = None) -> tuple[str, list[Any], str]:
    from puthi.normalize.edits import apply_edits
    from puthi.normalize.repair import repair_text

    rep = repair_text(text, lang=repair_lang(lang), line_counts=noise)
    edits = list(rep.edits)
    if apply_edits(text, edits) != rep.text:
        raise ValueError("the repair's edits do not reproduce its text; the page keeps the OCR text")
    return rep.text, edits, getattr(rep, "lang", "") or ""


def _terms(text: str, tables: tuple[TableFile, ...] = ()) -> tuple[list[Any], list[Any]]:
    from puthi.rules.terms import find_numbers, find_terms, load_tables
    from puthi.rules.terms.numbers import outside_names

    terms = list(find_terms(text, load_tables(tables) if tables else None))
    return terms, outside_names(find_numbers(text), terms, text)


def as_sure_as_repair(terms: list[Any], edits: list[Any], unrepaired: Callable[[], list[Any]] | None = None
                      ) -> list[Any]:
    """``terms`` found in a repaired text, each scored no surer than the edits under it, as ``puthi terms --repair``
    scores them: a newcomer's garble guessed as কাবার at 0.24 had been linked to the Grabu term at 1.0.
    ``unrepaired()`` gives the links of the text as given: one there on the same words, for the same concept, keeps
    its own score when that is surer (ৰিস্তি, which the aligner reads at 0.93 and the repair guesses at 0.6).

    >>> from puthi.normalize.edits import Edit
    >>> from puthi.rules.spans import TermSpan
    >>> t = TermSpan(4, 9, "কাবার", "কাবার", "grabu.kabar", "kabar", "games", 1.0)
    >>> [x.score for x in as_sure_as_repair([t], [Edit(4, 10, "कां★ाख", "কাবার", "wrong-script", 0.24)])]
    [0.24]
    >>> raw = TermSpan(4, 10, "কাবায়ু", "কাবার", "grabu.kabar", "kabar", "games", 0.9)
    >>> [x.score for x in as_sure_as_repair([t], [Edit(4, 10, "কাবায়ু", "কাবার", "ocr-confusion", 0.6)], lambda: [raw])]
    [0.9]
    """
    if not edits:
        return terms
    from dataclasses import replace

    from puthi.normalize.edits import OffsetMap

    offsets = OffsetMap(list(edits))
    own: dict[tuple[int, int, str], float] | None = None
    out = []
    for t in terms:
        sure = offsets.output_confidence(t.start, t.end)
        if sure >= 1:
            out.append(t)
            continue
        score = round(t.score * sure, 3)
        if unrepaired is not None:
            if own is None:
                own = {(r.start, r.end, r.concept): r.score for r in unrepaired()}
            score = max(score, own.get((offsets.to_input(t.start), offsets.to_input(t.end, end=True), t.concept), 0.0))
        out.append(replace(t, score=score))
    return out


def detect_game(terms: list[Any]) -> str | None:
    """The game a page is about: the game most of its game-name terms name, and of two named as often the
    one named first, as a title names its game (``None`` if none is named). Seed 002 names ছেষট্টি and
    শ্নাপসেন twice each; its title is ছেষট্টি.

    >>> from types import SimpleNamespace as T
    >>> detect_game([T(concept="game.sixty_six", start=0), T(concept="game.schnapsen", start=241),
    ...              T(concept="game.schnapsen", start=3198), T(concept="game.sixty_six", start=19)])
    'sixtysix'
    """
    try:
        from puthi.rules.claims.extract import game_of
    except ImportError:
        return None
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    for t in sorted(terms, key=lambda t: t.start):
        g = game_of(t)
        if g:
            counts[g] = counts.get(g, 0) + 1
            first.setdefault(g, t.start)
    return min(counts, key=lambda g: (-counts[g], first[g])) if counts else None


def _claims(text: str, terms: list[Any], game: str, tables: tuple[TableFile, ...] = ()
            ) -> tuple[list[Claim], list[Verdict]]:
    from puthi.rules.claims import extract_claims
    from puthi.rules.terms import load_tables

    chosen = detect_game(terms) if game == "auto" else game
    if not chosen:
        return [], []
    claims = extract_claims(text, game=chosen, tables=load_tables(tables) if tables else None)
    return claims, verdicts_for(claims)


def verdicts_for(claims: list[Claim]) -> list[Verdict]:
    """The machine's verdict on each claim, in order."""
    from puthi.rules.check import check_claims

    return [Verdict(i, v.expected, v.verdict, v.explanation) for i, v in enumerate(check_claims(claims))]


def process_page(task: PageTask) -> PageResult:
    """Run the machine stages on one page from ``task.start_stage``; never raises for a bad page.

    A stage that fails sets ``error`` and stops the page there; the stages done so far are kept.
    A stage whose module is absent is skipped and recorded with version ``absent``.
    """
    t0 = time.perf_counter()
    steps = expected_steps(task.kind, task.lang, task.game, task.tables)
    result = PageResult(task.source, task.page_no, task.content_hash, lang="" if task.lang == "auto" else task.lang)
    stage = "ocr"
    try:
        if task.page is not None and task.start_stage != "ocr":
            result.page = task.page
            result.ocr_text = task.text if task.text is not None else _page_text(task.page)
        elif task.kind == "text":
            result.ocr_text = task.text or ""
            result.page = page_from_text(result.ocr_text, f"{task.source}#page={task.page_no}")
        elif task.kind in ("hocr", "alto", "page"):
            result.page = task.page or {}
            result.ocr_text = _page_text(result.page)
        elif steps[0].version == "absent":
            raise MissingDependencyError(task.source, "the OCR stage (puthi.ocr.recognize) is not installed")
        else:
            result.page, result.ocr_text = _ocr(task)
        if not task.lang_overrules:
            result.lang = result.page.get("lang") or result.lang
        result.steps.append(steps[0])
        result.text = result.ocr_text

        stage = "repair"
        if task.prior_edits is not None and task.start_stage in ("terms", "claims"):
            from puthi.normalize.edits import apply_edits

            result.edits = list(task.prior_edits)
            result.text = apply_edits(result.ocr_text, result.edits)
            result.lang = task.prior_lang or result.lang
        elif steps[1].version != "absent":
            result.text, result.edits, lang = _repair(result.ocr_text, result.lang or task.lang, task.noise)
            result.lang = lang or result.lang
        result.steps.append(steps[1])
        fresh = reanalyse(result.text, result.lang, steps=steps, fail=True, tables=task.tables)
        result.terms = as_sure_as_repair(fresh.terms, result.edits, lambda: _terms(result.ocr_text, task.tables)[0])
        result.numbers = fresh.numbers
        result.claims, result.verdicts = fresh.claims, fresh.verdicts
        if fresh.claims:
            from puthi.rules.check import doubt_guesses

            if (doubted := doubt_guesses(fresh.claims, result.edits)) is not fresh.claims:  # a value guessed
                result.claims, result.verdicts = doubted, verdicts_for(doubted)
        result.steps += fresh.steps
    except Exception as exc:  # a bad page is reported, the batch goes on
        stage = getattr(exc, "stage", stage)
        result.error = (stage, _one_line(exc))
        if stage == "repair":
            result.text, result.edits = result.ocr_text, []
    result.seconds = time.perf_counter() - t0
    return result


class _StageError(Exception):
    def __init__(self, stage: str, exc: Exception):
        super().__init__(_one_line(exc))
        self.stage = stage


def reanalyse(text: str, lang: str = "", *, steps: list[ProcessingStep] | None = None,
              fail: bool = False, game: str = "auto", tables: tuple[TableFile, ...] = ()) -> PageResult:
    """Terms, numbers, claims and verdicts of ``text`` (after repair, or after a human correction).

    ``game`` is an engine name, or ``auto`` for the game the page's game-name terms name; claims are
    skipped on a page whose game is unknown. ``tables`` are a scholar's, read with the bundled ones.
    """
    steps = steps or expected_steps("text", lang or "auto", game, tables)
    game = steps[3].settings.get("game", game)
    out = PageResult("", 0, "", text=text, lang=lang)
    for stage, step in (("terms", steps[2]), ("claims", steps[3])):
        if step.version != "absent":
            try:
                if stage == "terms":
                    out.terms, out.numbers = _terms(text, tables)
                else:
                    out.claims, out.verdicts = _claims(text, out.terms, game, tables)
            except Exception as exc:
                if fail:
                    raise _StageError(stage, exc) from exc
                continue  # after a human correction: the layer stays empty, the step unrecorded
        out.steps.append(step)
    return out


def _page_text(page: dict[str, Any]) -> str:
    from puthi.ocr.model import Page

    return Page.from_dict(page).text


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, MemoryError):
        return TOO_LARGE
    msg = str(exc).strip().splitlines()
    text = shorten(msg[0]) if msg else ""
    return f"{type(exc).__name__}: {text}" if not isinstance(exc, PuthiError) else text


# -- running the work ------------------------------------------------------------------------------

def run_inline(tasks: list[PageTask]) -> Iterator[PageResult]:
    for t in tasks:
        yield process_page(t)


def warm_up() -> None:
    """Call ``warm_up()`` of each stage module that has one (loading models, tables), once per process.

    The pool is started after this, so forked workers inherit what was loaded instead of each loading it.
    """
    for part in ("repair", "terms", "claims"):
        for name, _ in STAGE_MODULES[part]:
            mod = _module(name)
            hook = getattr(mod, "warm_up", None)
            if callable(hook):
                hook()


def run_pool(tasks: list[PageTask], workers: int) -> Iterator[PageResult]:
    """Pages on a local process pool, at most ``2 * workers`` in flight; results as they finish."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    warm_up()
    pending = list(reversed(tasks))
    with ProcessPoolExecutor(max_workers=workers, initializer=start_worker, initargs=(os.getpid(),)) as pool:
        running: dict[Any, PageTask] = {}
        try:
            while pending or running:
                while pending and len(running) < 2 * workers:
                    t = pending.pop()
                    try:
                        running[pool.submit(process_page, t)] = t
                    except BrokenProcessPool:
                        yield _lost(t, "the worker pool broke (a worker died); run the build again")
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    task = running.pop(fut)
                    try:
                        yield fut.result()
                    except BrokenProcessPool:
                        yield _lost(task, "a worker process died (out of memory or a crash in OCR)")
        except BaseException:  # Ctrl-C, or the caller stopped reading: end the workers before the pool waits on them
            stop_workers(pool)
            raise


def _probe_scheduler(address: str) -> None:
    """Refuse a plain-TCP address whose listener says nothing when connected to: a Dask scheduler greets at once,
    and Dask itself waits for good on a web server (the dashboard's port) or a silent service (a hostile tester).
    A refused or unreachable address raises ``OSError``, as Dask's own connection would."""
    import socket
    from urllib.parse import urlsplit

    wait = PROBE_WAIT
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or not parts.hostname or parts.port is None:
        return  # tls:// and others greet after their own handshake; Dask reports those itself
    with socket.create_connection((parts.hostname, parts.port), timeout=wait) as conn:
        conn.settimeout(wait)
        try:
            greeted = conn.recv(1)
        except TimeoutError:
            greeted = b""
    if not greeted:
        raise EngineError(address, f"the address answered, but not as a Dask scheduler (nothing in {wait:g} s; a web "
                                   "server? the scheduler listens on port 8786, its dashboard on 8787)")


def run_dask(tasks: list[PageTask], scheduler: Any) -> Iterator[PageResult]:
    """Pages on a Dask distributed cluster; files are sent as bytes so workers need no shared disk."""
    from distributed import Client, as_completed

    own = not isinstance(scheduler, Client)
    try:
        if own:
            _probe_scheduler(str(scheduler))
        client = Client(scheduler, timeout=SCHEDULER_TIMEOUT) if own else scheduler
    except (OSError, TimeoutError) as exc:
        raise EngineError(str(scheduler), f"cannot reach the Dask scheduler ({exc}); is it running?") from exc
    except MemoryError as exc:  # a web server's "HTTP/1.1 400" read as the length of a Dask message
        raise EngineError(str(scheduler), "the address answered, but not as a Dask scheduler (a web server? the "
                                          "scheduler listens on port 8786, its dashboard on 8787)") from exc
    except ValueError as exc:  # distributed's parse of a malformed address
        raise InputError(f"--scheduler {scheduler}", f"not a scheduler address ({exc}); give one like "
                                                     "tcp://host:8786") from exc
    try:
        if tasks:
            try:
                client.wait_for_workers(1, timeout=WORKER_WAIT)
            except TimeoutError:
                raise EngineError(str(scheduler), f"no Dask worker joined the scheduler in {WORKER_WAIT} s; start "
                                  "one with: .venv/bin/dask worker ADDRESS (see the README)") from None
            client.run(warm_up)  # every worker loads the stage models once, all at the same time
        limit = max(4, 2 * sum(client.nthreads().values()))
        pending = list(reversed(tasks))
        futures = as_completed()
        running: dict[str, PageTask] = {}
        while pending or running:
            while pending and len(running) < limit:
                t = pending.pop()
                if t.kind in ("image", "pdf") and t.data is None and t.start_stage == "ocr":
                    t.data = Path(t.source).read_bytes()
                fut = client.submit(process_page, t, pure=False)
                running[fut.key] = t
                futures.add(fut)
            fut = next(futures)
            task = running.pop(fut.key)
            try:
                yield fut.result()
            except Exception as exc:
                yield _lost(task, f"the Dask worker failed ({_one_line(exc)})")
            fut.release()
    finally:
        if own:
            client.close()


def _lost(task: PageTask, why: str) -> PageResult:
    return PageResult(task.source, task.page_no, task.content_hash, error=("worker", why))


# -- the build ------------------------------------------------------------------------------------

@dataclass
class BuildReport:
    """What a build did: pages processed and skipped, failures, orphaned corrections and the time."""

    done: int = 0
    skipped: int = 0
    failures: list[Failure] = field(default_factory=list)
    orphaned: int = 0
    seconds: float = 0.0
    documents: int = 0
    ignored: list[Path] = field(default_factory=list)  # files of the folders that are not sources by name
    covered: list[Path] = field(default_factory=list)  # scans read through the hOCR, ALTO or PAGE file beside them
    notes: list[str] = field(default_factory=list)  # built, but probably not what was meant (another script)

    def summary(self) -> str:
        rate = self.done / self.seconds * 3600 if self.seconds and self.done else 0.0
        text = (f"{self.documents} document(s): {self.done} page(s) processed, {self.skipped} already done, "
                f"{len(self.failures)} failure(s) in {self.seconds:.1f} s")
        if rate:
            text += f" ({rate:,.0f} pages/hour)"
        if self.orphaned:
            text += f"; {self.orphaned} correction(s) could not be placed (puthi correct --list)"
        if self.ignored:
            names = ", ".join(p.name for p in self.ignored[:3]) + (", ..." if len(self.ignored) > 3 else "")
            text += (f"; {len(self.ignored)} file(s) in the folders left out ({names}): only scans, PDFs, "
                     "hOCR/ALTO/PAGE (.xml, .html) and .txt files are read, and no README; name a file to build "
                     "it all the same")
        if self.covered:
            names = ", ".join(p.name for p in self.covered[:3]) + (", ..." if len(self.covered) > 3 else "")
            text += (f"; {len(self.covered)} scan(s) read through the hOCR/ALTO/PAGE file that names them ({names}), "
                     "not OCR'd again; name a scan to OCR it all the same")
        return text


class BuildLock:
    """An exclusive lock on ``DB.lock``, beside the file a symbolic link leads to (two builds through a link and its
    file had run at once: a hostile tester); the OS drops it when the holder dies, so it never goes stale."""

    def __init__(self, db: str | Path, *, wait: bool = False):
        self.path = Path(f"{os.path.realpath(db)}.lock")
        self.wait = wait
        self.fh: Any = None

    def __enter__(self) -> BuildLock:
        import fcntl

        if self.path.parent.exists() and not self.path.parent.is_dir():
            raise OutputError(str(self.path.parent), "is a file, not a folder; put the --db file in a folder")
        if not self.path.parent.is_dir():
            raise OutputError(str(self.path.parent), "no such folder for the --db file; create it first "
                                                     f"(mkdir -p {self.path.parent})")
        try:
            self.fh = open(self.path, "a+")
        except OSError as exc:
            raise OutputError(str(self.path.parent), f"cannot create the build lock ({exc.strerror}); "
                                                     "is the folder writable?") from exc
        try:
            fcntl.flock(self.fh, fcntl.LOCK_EX | (0 if self.wait else fcntl.LOCK_NB))
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                raise
            self.fh.seek(0)
            holder = self.fh.read().strip() or "another process"
            self.fh.close()
            raise OutputError(str(db_of(self.path)), f"another puthi build ({holder}) is writing this corpus; "
                                                     "wait for it to finish or pass --wait") from None
        self.fh.seek(0)
        self.fh.truncate()
        self.fh.write(f"pid {os.getpid()}")
        self.fh.flush()
        HELD_LOCKS.add(self.fh.fileno())  # a worker forked now lets go of it (puthi.processes)
        return self

    def __exit__(self, *exc: object) -> None:
        import fcntl

        if self.fh is not None:
            HELD_LOCKS.discard(self.fh.fileno())
            self.fh.truncate(0)
            fcntl.flock(self.fh, fcntl.LOCK_UN)
            self.fh.close()


def db_of(lock: Path) -> Path:
    return lock.with_name(lock.name.removesuffix(".lock"))


def recorded_lang(corpus: Any, doc: Document) -> str:
    """The language a document was last read in (``ben``, ``asm``: its scans' OCR, or the repair of a text, hOCR,
    ALTO or PAGE file), or ``auto``: a build without ``--lang`` keeps it (a newcomer's ``--lang asm`` corpus was
    read again with ``auto``, every page, unsaid)."""
    for _, steps in corpus.page_states(doc.id).values():
        for step in steps:
            if step.stage in ("ocr", "repair") and (lang := step.settings.get("lang")) not in (None, "auto"):
                return {"as": "asm", "bn": "ben"}.get(lang, lang)
    return "auto"


def _folder_lang(corpus: Any, doc: Document, known: set, cache: dict[str, str]) -> str:
    """The language the documents of ``doc``'s folder built before (``known``) were read in, when they agree on one;
    else ``auto``."""
    folder = str(Path(doc.source).parent)
    if folder not in cache:
        found = {recorded_lang(corpus, d) for d in corpus.documents()
                 if d.id in known and str(Path(d.source).parent) == folder}
        cache[folder] = found.pop() if len(found) == 1 else "auto"
    return cache[folder]


def todo_tasks(corpus: Any, doc: Document, tasks: list[PageTask], lang: str,
               game: str = "auto", tables: tuple[TableFile, ...] = ()) -> tuple[list[PageTask], int]:
    """The tasks a re-run must do (each set to start at its first stale stage) and how many are skipped."""
    states = corpus.page_states(doc.id)
    want = expected_steps(doc.kind, lang, game, tables)
    todo, skipped = [], 0
    for t in tasks:
        stored = states.get(t.page_no)
        if stored is None or stored[0] != t.content_hash:
            todo.append(t)
            continue
        have = {s.stage: s.key() for s in stored[1]}
        stale = [w.stage for w in want if have.get(w.stage) != w.key()]
        if not stale:
            skipped += 1
            continue
        t.start_stage = stale[0]
        if t.start_stage != "ocr":
            t.page = corpus.stored_ocr(doc.id, t.page_no)
        if t.start_stage in ("terms", "claims"):  # the stored repair is still current: reuse it
            prior = corpus.machine_result(doc, t.page_no)
            t.prior_edits, t.prior_lang = prior.edits, prior.lang
        todo.append(t)
    return todo, skipped


def build(
    sources: Iterable[str | Path],
    db: str | Path,
    *,
    workers: int = 1,
    scheduler: Any = None,
    lang: str | None = None,
    game: str = "auto",
    tables: tuple[TableFile, ...] | None = None,
    progress: bool | None = True,
    wait: bool = False,
    on_page: Callable[[PageResult], None] | None = None,
) -> BuildReport:
    """Build (or bring up to date) the corpus at ``db`` from ``sources``; see the module docstring. ``tables``
    (a scholar's terminology tables) become the corpus's own, read with the bundled ones on every page from
    now on; None keeps the corpus's, () drops them."""
    from puthi.corpus.book_claims import book_claims, books
    from puthi.corpus.store import Corpus

    t0 = time.perf_counter()
    if Path(db).is_dir():  # before the lock file is made beside it
        raise InputError(str(db), f"is a folder; give the corpus file, e.g. --db {Path(db) / 'corpus.sqlite'}")
    from puthi.corpus.store import refuse_hard_links

    refuse_hard_links(db)  # so too, before the lock file (a hostile tester found one left behind)
    report = BuildReport()
    files, report.failures, report.ignored = discover(sources)
    files, report.covered = scans_of_imports(files, sources)
    report.notes += named_twice(files)
    with BuildLock(db, wait=wait), Corpus(db) as corpus:
        if tables is None:
            tables = corpus.usable_term_tables()
            if tables:
                report.notes.append(f"terms: the corpus's own table{'s' * (len(tables) > 1)} "
                                    f"{', '.join(t.name for t in tables)} as well (--no-tables drops them)")
            for t in tables:
                if t.changed_on_disk():
                    report.notes.append(f"{t.name} has changed since the corpus kept it; the kept copy is used: give "
                                        f"--table {t.name} to read the new one")
        else:
            corpus.set_term_tables(tables)
        docs: dict[str, Document] = {}
        langs: dict[str, str] = {}  # source -> the language it is read in
        known = {d.id for d in corpus.documents()}  # documents built before this run
        folder_langs: dict[str, str] = {}
        dropped: dict[str, int] = {}  # source -> the first page number dropped from it
        todo: list[PageTask] = []
        same_content: dict[str, str] = {}  # SHA-256 -> the first source with it
        moved: dict[str, set[int]] = {}  # source -> its pages that moved, read again across their new neighbours
        for path, kind in files:
            try:
                doc, tasks, notes = plan(path, kind, lang or "auto")
                report.notes += notes
                for t in tasks:
                    t.game, t.tables = game, tables
            except PuthiError as exc:
                report.failures.append(Failure(str(path), None, "read", exc.what))
                continue
            if (twin := same_content.setdefault(doc.sha256, doc.source)) != doc.source:  # a newcomer: counted twice
                report.notes.append(f"{path} is the same file as {twin} (the same SHA-256); both are built, so the "
                                    "exports count its pages twice: leave one out if that is not meant")
            doc = corpus.upsert_document(doc)
            corpus.clear_failures(doc.source)  # read now: an earlier "cannot read" no longer holds
            # no --lang: the one of the last build, or of the folder's other files (a page added to a book: a review)
            if lang:
                doc_lang = lang
            elif doc.id in known:
                doc_lang = recorded_lang(corpus, doc)
            else:
                doc_lang = _folder_lang(corpus, doc, known, folder_langs)
            langs[doc.source] = doc_lang
            # --lang, or this document's own last build, overrules the language an OCR file declares (session 19's
            # limit); the language of the folder's other files does not (a review: a new Assamese hOCR became Bengali)
            overrule = kind in ("hocr", "alto", "page") and (bool(lang) or (doc.id in known and doc_lang != "auto"))
            for t in tasks:
                t.lang, t.lang_overrules = doc_lang, overrule
            if kind == "text" and (script := other_script("".join(t.text or "" for t in tasks[:3]))):
                report.notes.append(f"{path}: mostly {script} letters, not Bengali or Assamese; built, "
                                    "but is it the right file?")
            if kind == "text":  # the same text cut into other pages keeps its corrections, and so does a page that
                hashes = [t.content_hash for t in tasks]  # moved (one put in before it)
                if not corpus.follow_new_page_breaks(doc, [t.text or "" for t in tasks], hashes):
                    moved[doc.source] = corpus.follow_moved_pages(doc, hashes)
            shorter, cut_off = corpus.set_document_pages(doc, len(tasks))
            if shorter:  # the source got shorter: its new last page changed
                dropped[doc.source] = len(tasks) + 1
            report.orphaned += cut_off
            docs[doc.source] = doc
            more, skipped = todo_tasks(corpus, doc, tasks, doc_lang, game, tables)
            todo += more
            report.skipped += skipped
        report.documents = len(docs)
        if workers < 1:
            raise InputError(str(workers), "--workers must be 1 or more")
        if scheduler is not None:
            results = run_dask(todo, scheduler)
        elif workers > 1 and len(todo) > 1:
            cores = os.cpu_count() or 1
            if workers > MAX_WORKERS_PER_CORE * cores:
                report.notes.append(f"--workers {workers} on {cores} cores: {MAX_WORKERS_PER_CORE * cores} workers "
                                    "are started (each reads one page at a time; more only wait)")
            results = run_pool(todo, min(workers, len(todo), MAX_WORKERS_PER_CORE * cores))
        else:
            results = run_inline(todo)
        bar = _progress(len(todo), progress, report.skipped)
        touched: dict[str, set[int] | None] = defaultdict(set)  # source -> its pages written now, or dropped
        touched.update({src: {n} for src, n in dropped.items()})
        for src, pages in moved.items():
            if pages:
                touched[src] |= pages
        # a build stopped before a document's whole-document passes: do them over all its pages (None)
        touched.update({src: None for src, doc in docs.items() if corpus.pending(doc)})
        for src in {t.source for t in todo} | touched.keys():  # until those passes have run
            corpus.set_pending(docs[src])
        orphans: dict[tuple[str, int], int] = {}  # corrections not placed, per page, as last written
        try:
            for result in results:
                _write(corpus, docs, result, report, game, tables, orphans)
                if touched[result.source] is not None:
                    touched[result.source].add(result.page_no)
                if on_page:
                    on_page(result)
                bar.update(1)
            # Scans and PDFs were OCR'd page by page: now that every page is read, redo the repair of the
            # pages that kept a copy of a noise line recurring through their document (a watermark).
            again = [t for src in touched if src in docs for t in
                     furniture_tasks(corpus, docs[src], langs[src], game, tables)]
            for result in run_inline(again):
                _write(corpus, docs, result, report, game, tables, orphans, count=False)  # the page was counted already
            # Each worker read one page: read the claims again across the pages of each document, or of each
            # book of page files (books), with the book's files built before and not those that are gone.
            for book in books([d for d in corpus.documents() if Path(d.source).exists()]):
                if not any(d.source in touched for d in book):
                    continue
                # a file of the book left pending by a build that stopped: the whole book is read again
                left = any(touched.get(d.source, ()) is None for d in book) \
                    or any(d.source not in touched and corpus.pending(d) for d in book)
                changed = None if left else {(i, n) for i, d in enumerate(book) for n in touched.get(d.source) or ()}
                placed = book_claims(corpus, book, game, changed=changed)
                orphans.update({(book[i].source, n): _unplaced(status) for (i, n), status in placed.items()})
                for d in book:
                    corpus.set_pending(d, False)
        finally:
            report.orphaned += sum(orphans.values())
            bar.close()
            if report.failures:
                try:
                    corpus.record_failures(report.failures)
                except PuthiError as exc:
                    print(f"puthi build: could not record the failures: {exc}", file=sys.stderr)
        for doc in docs.values():
            corpus.refresh_document_lang(doc.id)
    report.seconds = time.perf_counter() - t0
    return report


def _write(corpus: Any, docs: dict[str, Document], result: PageResult, report: BuildReport, game: str,
           tables: tuple[TableFile, ...], orphans: dict[tuple[str, int], int], count: bool = True) -> None:
    """Store one page's result (with the human corrections over it) and count it in ``report``; ``orphans``
    gets the number of the page's corrections that could not be placed."""
    from puthi.corpus.store import RefusedValue

    doc = docs.get(result.source)
    if result.error:
        report.failures.append(Failure(result.source or "?", result.page_no or None, *result.error))
    if doc is not None and result.steps:
        try:
            corrected = corpus.write_page(doc, result, reanalyse=partial(reanalyse, game=game, tables=tables))
        except OverflowError as exc:  # a number too large for the store: the page is refused, the build goes on
            report.failures.append(Failure(result.source, result.page_no or None, "store",
                                           f"a value too large to store ({exc}); the page holds a damaged number"))
            return
        except RefusedValue as exc:  # another value the store refuses: this page fails, named, and the build goes on
            report.failures.append(Failure(result.source, result.page_no or None, "store",
                                           f"{exc.what}; the page holds a damaged value"))
            return
        orphans[(result.source, result.page_no)] = _unplaced(corrected.status)
        report.done += count


def _unplaced(status: dict[int, str]) -> int:
    return sum(1 for s in status.values() if s in ("orphaned", "conflict"))


def furniture_tasks(corpus: Any, doc: Document, lang: str, game: str, tables: tuple[TableFile, ...] = ()
                    ) -> list[PageTask]:
    """For a scanned document, tasks that redo the repair (from the stored OCR) of the pages whose repaired
    text still holds a noise line recurring through the document's pages, with the document's counts."""
    if doc.kind not in ("image", "pdf"):
        return []  # text and OCR imports carry the counts from the start (plan)
    pages = {n: corpus.stored_ocr(doc.id, n) for n in sorted(corpus.page_states(doc.id))}
    texts = {n: _page_text(p) for n, p in pages.items() if p}
    noise = document_noise(list(texts.values()))
    if not noise:
        return []
    from puthi.normalize.furniture import MIN_REPEATS, noise_line_key

    tasks = []
    for n in texts:
        stored = corpus.machine_result(doc, n)
        if stored is not None and any(noise.get(noise_line_key(line) or "", 0) >= MIN_REPEATS
                                      for line in stored.text.split("\n")):
            tasks.append(PageTask(doc.source, doc.kind, n, stored.content_hash, lang, game, page=pages[n],
                                  start_stage="repair", noise=noise, tables=tables))
    return tasks


def _progress(total: int, enabled: bool | None, skipped: int):
    """The build's progress (:func:`puthi.progress.progress`): a bar on a terminal, a line now and then in a log."""
    return progress_of(total, enabled, "build", "page", postfix={"already done": skipped} if skipped else None)
