"""Rule claims read across a whole document, once every page of it is built.

A worker sees one page, so on its own it cannot follow a sentence over a page break, tell a running head
from the text, or know which game a page is about when the page names none. Once a document's pages are
stored, :func:`book_claims` reads the claims again over runs of consecutive pages about the same game,
joined by form feeds as Tesseract joins pages (``puthi.rules.claims`` treats a form feed as a page break and
blanks page numbers and running heads). It reads a few pages at a time, each group with the page before and
the page after it, and gives each claim to the page its sentence starts on.

The game a page is read with is the one a person said the whole page is about (``puthi correct --game`` with
no span); else ``--game`` when given; else the game of the last chapter heading before it, or of the last page
a person named (:func:`page_games`).

A correction reads the claims again over the pages it can reach (``Corpus.reapply``), and so does a build
over the pages that changed.
"""

from __future__ import annotations

import bisect
import itertools
import unicodedata
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import regex

from puthi.corpus.records import Document

if TYPE_CHECKING:
    from puthi.corpus.store import ClaimsInput

PAGE_BREAK = "\f"
GROUP_CHARS = 200_000  # pages read together
CONTEXT = 4_000  # and the end of the page before and the start of the page after: twice the longest sentence


def page_games(pages: list[ClaimsInput], game: str = "auto", heads: frozenset[str] | None = None
               ) -> list[str | None]:
    r"""The game in force where each page begins: ``game`` unless auto. Else the game of the last heading
    that named one before it (:func:`~puthi.rules.claims.extract.chapter_games`), or of a heading that opens the
    page itself (a chapter title as its running head): a chapter names its game once, and the pages after its
    heading are about it; a heading in mid-page turns the rest of that page when the page is read
    (``extract_claims`` follows headings). A passing mention changes nothing. Pages before the first such
    heading take the game with an engine they name most, else that heading's; a document with no such heading
    is about the game with an engine it names most. ``heads``: the book's running heads, when the caller has
    them (:func:`~puthi.rules.claims.sentences.running_heads`). A page a person said is about a game
    (``p.game``) is that game's whatever it or ``game`` says, and so are the pages after it, as after a heading.

    >>> from puthi.rules.terms import find_terms
    >>> from types import SimpleNamespace as N
    >>> def page(text, game=None):
    ...     return N(text=text, games=find_terms(text), game=game)
    >>> pages = [page("ভূমিকা"), page("ছেষট্টি\nনিয়ম"), page("এই নিয়ম অস্ট্রিয়ার\nশ্নাপসেন খেলার মতোই।"),
    ...          page("তাস।\n\nগোলামচোর\n\nতাস"), page("তাস"), page("বিস্তি     ৭\n\nআট খানি তাস।")]
    >>> page_games(pages)
    ['sixtysix', 'sixtysix', 'sixtysix', 'sixtysix', 'golamchor', 'bisti']
    >>> pages[2].game = "klaverjas"
    >>> page_games(pages)
    ['sixtysix', 'sixtysix', 'klaverjas', 'klaverjas', 'golamchor', 'bisti']
    >>> page_games(pages, "bisti")
    ['bisti', 'bisti', 'klaverjas', 'bisti', 'bisti', 'bisti']
    """
    if game != "auto":  # the build's --game: nothing is inherited
        return [p.game or game for p in pages]
    from puthi.corpus.pipeline import detect_game
    from puthi.rules.claims.extract import chapter_games
    from puthi.rules.claims.sentences import running_heads

    headings = [chapter_games(p.text, p.games) for p in pages]
    # before the first page with a chapter heading, the game those pages name most (a scan whose headings OCR
    # lost names its games in its sentences), else that heading's: a preface is the book's
    first = next((k for k, h in enumerate(headings) if h), len(pages))
    first_heading = headings[first][0][1] if first < len(pages) else None
    current = (detect_game([t for p in pages[:first] for t in p.games]) or first_heading
               or detect_game([t for p in pages for t in p.games]) or _most_named(pages))
    book_heads = running_heads([p.text for p in pages]) if heads is None else heads
    out: list[str | None] = []
    for p, heads in zip(pages, headings, strict=True):
        if p.game:  # a person's word for the whole page
            current = p.game
        elif heads and _opens(p.text, heads[0][0], book_heads):
            current = heads[0][1]  # the page opens with it
        out.append(current)
        current = p.game or (heads[-1][1] if heads else current)
    return out


def _most_named(pages: list) -> str | None:
    """The game with no engine that ``pages`` name most as their subject (:func:`topic_games`; the first of two
    named as often), for a text that names no game with one: "গোলামচোর খেলায় চারজন খেলোয়াড়।" is Golamchor's,
    its claims unverifiable (a newcomer's page had none stored, though ``check`` read them); a game named in
    passing ("লুডো নিয়ে বসেছিল") turns no prose into its rules (a review).

    >>> from types import SimpleNamespace as N
    >>> from puthi.rules.terms import find_terms
    >>> [_most_named([N(text=t, games=find_terms(t))]) for t in ("গোলামচোর খেলায় চারজন।", "লুডো নিয়ে বসেছিল।")]
    ['golamchor', None]
    """
    from collections import Counter

    from puthi.rules.claims.extract import topic_games

    named = Counter(g for p in pages for g in topic_games(p.text, p.games))
    return named.most_common(1)[0][0] if named else None


def _opens(text: str, at: int, heads: frozenset[str]) -> bool:
    r"""Does only page furniture (a page number, a running head: ``heads``) stand before ``at`` on the page?

    >>> text, heads = "তাসখেলার নিয়মাবলী      ৫\nবিস্তি\nপ্রত্যেকে …", frozenset({"তাসখেলার নিয়মাবলী"})
    >>> _opens(text, text.index("বিস্তি"), heads), _opens(text, text.index("প্রত্যেকে"), heads)
    (True, False)
    """
    from puthi.rules.claims.sentences import in_ranges, page_furniture

    furniture = page_furniture(text[:at], heads)
    before = "".join(ch for k, ch in enumerate(text[:at]) if not in_ranges(furniture, k))
    return not before.strip(" \t\n\r\f•*-–—()[]0123456789০১২৩৪৫৬৭৮৯")


def overruled_headings(page: ClaimsInput, heads: frozenset[str]) -> list[int]:
    r"""The offsets of the headings that open ``page`` and name another game than the one a person said the
    page is about: the person's word is the page's heading (a newcomer's "ছয়ষষ্ঠি খেল" had kept every claim of
    their page unverifiable after ``correct --game sixtysix``). A heading further down still opens a chapter.

    >>> from types import SimpleNamespace as N
    >>> from puthi.rules.terms import find_terms
    >>> text = "বিস্তি খেলা\nপ্রত্যেকে ছয়খানি তাস পায়।\nগ্রাবু\nআটখানি তাস।"
    >>> overruled_headings(N(text=text, games=find_terms(text), game="sixtysix"), frozenset())
    [0]
    >>> overruled_headings(N(text=text, games=find_terms(text), game=None), frozenset())
    []
    """
    from puthi.rules.claims.extract import chapter_games

    if not page.game:
        return []
    return [at for at, g in chapter_games(page.text, page.games) if g != page.game and _opens(page.text, at, heads)]


def page_subjects(pages: list[ClaimsInput]) -> list[str | None]:
    """The game a person gave each page, else that of its last chapter heading (see :func:`page_games`), or None."""
    from puthi.rules.claims.extract import chapter_games

    return [p.game or (named[-1][1] if (named := chapter_games(p.text, p.games)) else None) for p in pages]


def runs(pages: list[ClaimsInput], games: list[str | None]) -> list[tuple[str, list[ClaimsInput]]]:
    """Consecutive pages (no page missing between them) about the same game, as ``(game, pages)``."""
    out: list[tuple[str, list[ClaimsInput]]] = []
    previous = None
    for p, g in zip(pages, games, strict=True):
        if g is None:
            previous = None
            continue
        if out and previous is not None and out[-1][0] == g and p.page_no == previous.page_no + 1:
            out[-1][1].append(p)
        else:
            out.append((g, [p]))
        previous = p
    return out


def groups(sizes: list[int], todo: list[int] | None = None, limit: int = GROUP_CHARS,
           langs: list[str] | None = None) -> list[tuple[int, int]]:
    """Runs of consecutive pages (indexes in ``todo``, default all), as ``(first, last)``, of at most ``limit``
    characters together (a page longer than that alone), and of one language (``langs``): a long book is
    read a few pages at a time, so memory stays flat, and each part in its own language.

    >>> groups([5, 5, 5, 20, 5], limit=12), groups([5, 5, 5, 5], [0, 2, 3], limit=12)
    ([(0, 1), (2, 2), (3, 3), (4, 4)], [(0, 0), (2, 3)])
    >>> groups([5, 5, 5], langs=["bn", "as", "as"])
    [(0, 0), (1, 2)]
    """
    out: list[tuple[int, int]] = []
    size = 0
    for k in range(len(sizes)) if todo is None else todo:
        if (out and out[-1][1] == k - 1 and size + sizes[k] <= limit
                and (langs is None or langs[k] == langs[k - 1])):
            out[-1] = (out[-1][0], k)
            size += sizes[k]
        else:
            out.append((k, k))
            size = sizes[k]
    return out


def split_claims(claims: list[Any], texts: list[str]) -> list[list[Any]]:
    r"""Claims over ``PAGE_BREAK.join(texts)``, each given to the page its sentence starts on, with offsets
    into that page's text. A sentence that runs on to the next page is cut where its page's text ends (before
    the page number at its foot); its quote is the whole sentence.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class C:
    ...     start: int
    ...     end: int
    ...     text: str
    >>> texts = ["এক। যে আগে\n১২\n", "৬৬ পায় সে জেতে।"]
    >>> split_claims([C(0, 3, "এক।"), C(4, 24, "যে আগে ৬৬ পায় সে জেতে।")], texts)
    [[C(start=0, end=3, text='এক।'), C(start=4, end=10, text='যে আগে ৬৬ পায় সে জেতে।')], []]
    """
    from puthi.rules.claims.sentences import is_page_number

    out: list[list[Any]] = [[] for _ in texts]
    starts, at = [], 0
    for t in texts:
        starts.append(at)
        at += len(t) + len(PAGE_BREAK)
    k = 0
    for c in sorted(claims, key=lambda c: c.start):
        while k + 1 < len(texts) and c.start >= starts[k + 1]:
            k += 1
        page = texts[k]
        s, e = max(c.start - starts[k], 0), c.end - starts[k]
        if e > len(page):  # the sentence goes on to the next page: it ends before the page's foot number
            e = len(page.rstrip())
            foot = page.rfind("\n", s, e) + 1
            if foot and is_page_number(page[foot:e]):
                e = len(page[:foot].rstrip())
        out[k].append(replace(c, start=s, end=max(e, s)))
    return out


def book_claims(corpus: Any, docs: list[Document], game: str = "auto",
                changed: set[tuple[int, int]] | None = None) -> dict[tuple[int, int], dict[int, str]]:
    """Read the claims of a book's stored pages across page breaks (see the module docstring) and store them
    where they differ from a page's. A book is one document, or several files of one page each (``docs`` in
    page order, :func:`books`), read as one. With ``changed`` (pages, each as its index in ``docs`` and its
    page number in that file), only the pages their change can reach are read: their neighbours, and the pages
    after them that take their game. Returns, for each page written again, where its corrections were placed
    (annotation id -> status, as ``Corpus.write_page``)."""
    from puthi.corpus.pipeline import reanalyse, verdicts_for

    origin: list[tuple[int, int]] = []  # (file, page number in it) of each page of the book
    pages = []
    number = 0  # through the book, with a hole where a file is missing (page-3, page-5): no sentence across it
    for i, doc in enumerate(docs):
        if i and (a := file_page(docs[i - 1])) is not None and (b := file_page(doc)) is not None and b - a > 1:
            number += 1
        for p in corpus.claims_inputs(doc):
            number += 1
            if any(s.stage == "claims" and s.version != "absent" for s in p.steps):
                origin.append((i, p.page_no))
                pages.append(replace(p, page_no=number))
    if not pages:
        return {}
    from puthi.rules.check import doubt_guesses
    from puthi.rules.claims import extract_claims
    from puthi.rules.claims.sentences import running_heads
    from puthi.rules.terms import load_tables

    tables = corpus.term_tables()
    mine = load_tables(tables) if tables else None

    subjects = page_subjects(pages) if game == "auto" else [p.game or game for p in pages]  # --game: not inherited
    numbers = [p.page_no for p in pages]
    through = None if changed is None else {_number_of(c, origin, numbers) for c in changed}
    reach = _reach([p.page_no for p in pages], subjects, through)
    heads = running_heads([p.text for p in pages])  # a group of pages may hold a head only once
    new: dict[int, list[Any]] = {}
    beside = {p.page_no: p for p in pages}
    for g, run in runs(pages, page_games(pages, game, heads)):
        todo = [k for k, p in enumerate(run) if p.page_no in reach]
        langs = _languages(run)  # a book may change language: each part is read in its own
        for a, b in groups([len(p.text) for p in run], todo, langs=langs):
            # context: where a sentence may come from, and where it may go on, on the pages of this game either
            # side, or of the game a person gave the page or its neighbour (a sentence begun on a page of one
            # game is that page's, whole: a known limit of session 16 had lost it)
            before = _tail(p.text) if (p := _neighbour(beside, run[a], -1, a > 0, heads)) else None
            after = _head(_until_heading(p, b + 1 < len(run))) if (
                p := _neighbour(beside, run[b], 1, b + 1 < len(run), heads)) else None
            texts = [t for t in (before, *(p.text for p in run[a : b + 1]), after) if t is not None]
            starts = list(itertools.accumulate((len(t) + 1 for t in texts), initial=0))[before is not None:]
            said = [(p, start) for p, start in zip(run[a : b + 1], starts, strict=False) if p.game]
            overruled = [at + start for p, start in said for at in overruled_headings(p, heads)]
            claims = split_claims(extract_claims(PAGE_BREAK.join(texts), game=g, lang=langs[a], heads=heads,
                                                 tables=mine, overruled=overruled,
                                                 restarts=[start for _, start in said]), texts)
            for k in range(a, b + 1):
                new[run[k].page_no] = claims[k - a + (before is not None)]
    placed: dict[tuple[int, int], dict[int, str]] = {}
    for p, (i, page_no) in zip(pages, origin, strict=True):
        if p.page_no not in reach:
            continue
        # a value the repair guessed is a guess, unless a person's edit in force overrules it (a review), even in the
        # machine's own spelling (a known limit of session 18); the claims' offsets are into the text with the edits
        # in force, people's too
        claims = doubt_guesses(new.get(p.page_no, []), p.edits)
        if [(c, c.confidence) for c in claims] != [(c, c.confidence) for c in p.claims]:
            result = corpus.machine_result(docs[i], page_no)
            result.claims = claims
            result.verdicts = verdicts_for(result.claims)
            placed[(i, page_no)] = corpus.write_page(docs[i], result,
                                                     reanalyse=partial(reanalyse, game=game, tables=tables)).status
    return placed


def _number_of(page: tuple[int, int], origin: list[tuple[int, int]], numbers: list[int]) -> float:
    """The number through the book of ``page`` (file, page in it), of the pages ``origin`` numbered ``numbers``;
    a page that is gone sits halfway between the pages either side of it.

    >>> _number_of((1, 1), [(0, 1), (1, 1), (3, 1)], [1, 2, 5]), _number_of((2, 1), [(0, 1), (1, 1), (3, 1)], [1, 2, 5])
    (2, 3.5)
    """
    k = bisect.bisect_left(origin, page)
    if k < len(origin) and origin[k] == page:
        return numbers[k]
    before = numbers[k - 1] if k else numbers[0] - 1
    after = numbers[k] if k < len(numbers) else numbers[-1] + 1
    return (before + after) / 2


# A file named as one page of a book: a name, then the page's number (page-001.png, scan_12.tif, p3.jpg), of a
# kind that holds a page or a few: a scan, or the OCR of one (hOCR, ALTO, PAGE). Plain text too, as other OCR tools
# write a book page by page (a newcomer's page-001.txt ended mid-sentence, and page-002.txt's rules were lost), but
# only when its name says page, or is the page's number alone padded with zeros to one width, as a tool writes
# (0001.txt, 0002.txt): letter1.txt and letter2.txt, 1.txt and 2.txt, or 2019.txt and 2020.txt, are no pages of one
# book, and one's game would have been the other's (reviews).
PAGE_FILES = ("image", "hocr", "alto", "page")
MAX_PAGE_LEAP = 50  # pages missing between two text files named by a number alone, and still one book
PAGE_WORDS = frozenset({"page", "pages", "p", "pg", "pp", "scan", "img", "image", "leaf", "folio", "f", "পৃষ্ঠা", "পাতা"})
_PAGE_FILE = regex.compile(r"(.*?)(\d+)")
# A running number before the page's, as Transkribus names its exports (0001_p001.xml, 0002_p002.xml: a hostile tester)
_SEQUENCE = regex.compile(r"^\d+(?=[_\-\s])")


def books(docs: list[Document]) -> list[list[Document]]:
    """``docs`` as books: scans of pages (or their OCR) in one folder, named alike but for a page number
    (``page-001.png``, ``page-002.tif``), are one book in the order of their numbers; any other file is a
    book of its own.

    >>> from puthi.corpus.records import Document as D
    >>> docs = [D("/b/page-2.png", "page-2.png", "image", "2"), D("/b/page-10.png", "page-10.png", "image", "3"),
    ...         D("/b/page-1.tif", "page-1.tif", "image", "1"), D("/b/notes.txt", "notes.txt", "text", "4"),
    ...         D("/b/page-1.txt", "page-1.txt", "text", "5")]
    >>> [[d.name for d in book] for book in books(docs)]  # page-1.txt is page-1.tif's OCR: a book of its own
    [['notes.txt'], ['page-1.tif', 'page-2.png', 'page-10.png'], ['page-1.txt']]
    >>> [[d.name for d in book] for book in books(docs[:2] + docs[3:])]  # text pages and scans together
    [['notes.txt'], ['page-1.txt', 'page-2.png', 'page-10.png']]
    >>> [len(book) for book in books([D("/l/0001.png", "0001.png", "image", "6"), D("/l/2019.txt", "2019.txt", "text",
    ...                                "7"), D("/l/2020.txt", "2020.txt", "text", "8")])]
    [1, 1, 1]
    >>> pages = [D(f"/t/{n}.txt", f"{n}.txt", "text", n) for n in ("001", "002", "010")]
    >>> others = [D(f"/l/{n}.txt", f"{n}.txt", "text", n) for n in ("0", "1", "2", "2019", "2020")]
    >>> [[d.name for d in book] for book in books(pages + others)]
    [['0.txt'], ['1.txt'], ['2.txt'], ['2019.txt'], ['2020.txt'], ['001.txt', '002.txt', '010.txt']]
    >>> [len(book) for book in books([D(f"/y/{n}.txt", f"{n}.txt", "text", n) for n in ("0001", "2019", "2020")])]
    [1, 2]
    >>> [len(book) for book in books([D(f"/k/{n}.xml", f"{n}.xml", "page", n) for n in ("0001_p001", "0002_p002")])]
    [2]
    >>> [len(book) for book in books([D(f"/v/{n}.png", f"{n}.png", "image", n) for n in ("1931-p1", "1931-p2",
    ...                                                                               "1932-p1")])]
    [2, 1]
    """

    shelves: dict[tuple[str, str], list[tuple[int, Document]]] = {}
    out: list[list[Document]] = []
    for doc in docs:
        if (n := file_page(doc)) is not None:
            path = Path(doc.source)
            prefix = _PAGE_FILE.fullmatch(page_stem(path)).group(1).casefold()
            if (seq := _SEQUENCE.match(prefix)) and int(seq.group()) == n:  # 0002_p002: the page's number twice
                prefix = "#" + prefix[seq.end():]  # (not 1931-p2, a volume's year)
            shelves.setdefault((str(path.parent), prefix), []).append((n, doc))
        else:
            out.append([doc])
    for (_, prefix), pages in shelves.items():
        if prefix and len({n for n, _ in pages}) == len(pages):  # text pages and scans of a book (a newcomer's); not
            out += _book(prefix, pages)  # files named by a number alone: 2019.txt is no page of 0001.png (a review)
            continue
        kinds: dict[str, list[tuple[int, Document]]] = {}  # a page and its own OCR: scans with scans, text with text
        for n, doc in pages:
            kinds.setdefault(doc.kind, []).append((n, doc))
        for same in kinds.values():
            if len({n for n, _ in same}) < len(same):  # two files for one page (page-1.png, page-1.tif): no book
                out += [[doc] for _, doc in same]
            else:
                out += _book(prefix, same)
    return sorted(out, key=lambda book: book[0].source)


def _book(prefix: str, pages: list[tuple[int, Document]]) -> list[list[Document]]:
    """Pages with distinct numbers as a book in their order, or as :func:`_numbered` says for text files named by
    a number alone."""
    if not prefix and all(doc.kind == "text" for _, doc in pages):
        return _numbered(pages)
    return [[doc for _, doc in sorted(pages, key=lambda x: x[0])]]


def _numbered(pages: list[tuple[int, Document]]) -> list[list[Document]]:
    """Text files named by a number alone, as books: only when the numbers are padded with zeros, as a tool writes
    pages (0001.txt …; a number past the padding's width, 1000.txt after 999.txt, goes on with them), not as one
    numbers letters (1.txt) or names years (2019.txt); then each run of them without a leap of more than
    MAX_PAGE_LEAP is a book (reviews and a hostile tester).

    >>> from puthi.corpus.records import Document as D
    >>> pages = [(int(n), D(f"/t/{n}.txt", f"{n}.txt", "text", n)) for n in ("998", "999", "1000", "0001"[1:], "200")]
    >>> [[d.name for d in book] for book in _numbered(pages)]
    [['001.txt'], ['200.txt'], ['998.txt', '999.txt', '1000.txt']]
    """

    stems = [page_stem(Path(doc.source)) for _, doc in pages]
    width = min(len(stem) for stem in stems)
    zero = [unicodedata.digit(stem[0], -1) == 0 for stem in stems]  # ০০১.txt too
    padded = width > 1 and any(zero) and all(len(st) == width or not z for st, z in zip(stems, zero, strict=True))
    if not padded:
        return [[doc] for _, doc in pages]
    runs: list[list[tuple[int, Document]]] = []
    for n, doc in sorted(pages, key=lambda x: x[0]):
        if runs and n - runs[-1][-1][0] <= MAX_PAGE_LEAP:
            runs[-1].append((n, doc))
        else:
            runs.append([(n, doc)])
    return [[doc for _, doc in run] for run in runs]


def file_page(doc: Document) -> int | None:
    """The page number in the name of a file that holds a page of a book (``page-012.png``: 12), or None.

    >>> from puthi.corpus.records import Document as D
    >>> file_page(D("/b/scan_12.jpg", "scan_12.jpg", "image", "1")), file_page(D("/b/a.txt", "a.txt", "text", "2"))
    (12, None)
    >>> file_page(D("/b/page-003.txt", "page-003.txt", "text", "3")), file_page(D("/b/l2.txt", "l2.txt", "text", "4"))
    (3, None)
    >>> file_page(D("/b/0007.txt", "0007.txt", "text", "5"))  # a page's OCR named by its number alone (see books)
    7
    >>> file_page(D("/e/page-0002.alto.xml", "page-0002.alto.xml", "alto", "6"))  # as puthi export names it
    2
    """

    m = _PAGE_FILE.fullmatch(page_stem(Path(doc.source)))
    if not m or (doc.kind not in PAGE_FILES and not (doc.kind == "text" and _page_word(m.group(1)))):
        return None
    return int(m.group(2))


_FORMAT_SUFFIXES = (".alto", ".page", ".hocr")


def page_stem(path: Path) -> str:
    """A file's name without its suffix and the format's own before it (``page-0002.alto.xml``: ``page-0002``), as
    puthi's exports and other tools name a page's OCR; a newcomer's exported pages were no book again."""
    stem = path.stem
    return stem[: -len(suffix)] if (suffix := Path(stem).suffix.lower()) in _FORMAT_SUFFIXES else stem


def _page_word(prefix: str) -> bool:
    """Does a file name's part before its number say page ("page-", "p_", "scan ", "book-page-"), or is there
    none (``0007.txt``, as OCR tools name a book's pages; :func:`books` wants them padded alike)?"""
    words = [w for w in regex.split(r"[\W_]+", prefix.casefold()) if w]
    return not prefix or (bool(words) and words[-1] in PAGE_WORDS)


def _reach(nos: list[int], subjects: list[str | None], changed: set[int] | None) -> set[int]:
    """Of the pages ``nos``, those a change of the pages ``changed`` can alter (all when None): each changed
    page, the pages either side, and the pages after it that take its game (up to the next that names its
    own); from the first page when a changed page is at or before the first that names one (it may set the
    book's game).

    >>> _reach([1, 2, 3, 4, 5, 6], [None, "bisti", None, None, "grabu", None], {3})
    {2, 3, 4, 5}
    >>> sorted(_reach([1, 2, 3, 4], [None, "bisti", None, None], {2})), _reach([1, 2, 4], ["bisti"] * 3, {3, 9})
    ([1, 2, 3, 4], {1, 2, 4})
    """
    if changed is None:
        return set(nos)
    found: set[int] = set()
    for n in changed:  # a page that is gone, or has no claims now (it failed), changes the pages either side
        k = bisect.bisect_left(nos, n)
        found.update({k} if k < len(nos) and nos[k] == n else {j for j in (k - 1, k) if 0 <= j < len(nos)})
    at = sorted(found)
    if not at:
        return set()
    last = len(nos) - 1
    upto = [last] * len(nos)  # for each page, the last page its game can reach: the next that names its own
    for k in range(len(nos) - 2, -1, -1):
        upto[k] = k + 1 if subjects[k + 1] else upto[k + 1]
    first_subject = next((k for k, g in enumerate(subjects) if g), len(nos))
    out = set(nos[0 : at[0] + 1]) if at[0] <= first_subject else set()
    reached = -1  # the pages up to here are in out already: each page is added once (linear in the book)
    for k in at:
        end = min(upto[k], last) if k < last else last
        out.update(nos[max(k - 1, 0, reached + 1) : end + 1])
        reached = max(reached, end)
    return out


def _languages(pages: list[ClaimsInput]) -> list[str]:
    """Each page's language (bn, as or auto), a page with too few র ৰ ৱ to tell (a page of number words and
    গুটি) taking the language of the page before it, or after it."""
    from puthi.corpus.pipeline import repair_lang
    from puthi.normalize.detect import lang_evidence

    langs: list[str | None] = [repair_lang(p.lang) if sum(lang_evidence(p.text)) >= 3 else None for p in pages]
    known = [lang for lang in langs if lang]
    fallback = known[0] if known else "auto"
    out: list[str] = []
    for lang in langs:
        out.append(lang or (out[-1] if out else fallback))
    return out


def _until_heading(page: ClaimsInput, same_run: bool) -> str:
    """The text of the page after a run, as context: of another game, only up to its first heading (a review: a
    page ending without a danda took in the next page's heading and first sentence, and their game)."""
    if same_run:
        return page.text
    from puthi.rules.claims.extract import chapter_games

    heading = chapter_games(page.text, page.games)
    return page.text[: heading[0][0]] if heading else page.text


def _neighbour(pages: dict[int, ClaimsInput], page: ClaimsInput, step: int, same_run: bool,
               heads: frozenset[str]) -> ClaimsInput | None:
    """The page ``step`` (-1 or 1) from ``page``: in its run of one game, or across a change of game that a person
    made (``game``, on either page), unless the later of the two opens with a heading, where a sentence begins
    anew; a change of game at a heading keeps its sentences apart, as before."""
    other = pages.get(page.page_no + step)
    if other is None or not (same_run or page.game or other.game):
        return None
    later = other if step > 0 else page
    return other if same_run or not _opens_with_heading(later, heads) else None


def _opens_with_heading(page: ClaimsInput, heads: frozenset[str]) -> bool:
    from puthi.rules.claims.extract import chapter_games

    return any(_opens(page.text, at, heads) for at, _ in chapter_games(page.text, page.games)[:1])


def _tail(text: str) -> str:
    """The end of a page, from a line start at most ``CONTEXT`` characters before its end."""
    if len(text) <= CONTEXT:
        return text
    cut = text.find("\n", len(text) - CONTEXT)
    return text[cut + 1 :] if cut >= 0 else text[-CONTEXT:]


def _head(text: str) -> str:
    """The start of a page, to a line end at most ``CONTEXT`` characters after its start."""
    if len(text) <= CONTEXT:
        return text
    cut = text.rfind("\n", 0, CONTEXT)
    return text[:cut] if cut > 0 else text[:CONTEXT]
