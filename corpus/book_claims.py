"""Rule claims read across a whole document, once every page of it is built.

A worker sees one page, so on its own it cannot follow a sentence over a page break, tell a running head
from the text, or know which game a page is about when the page names none. Once a document's pages are
stored, :func:`document_claims` reads the claims again over runs of consecutive pages about the same game,
joined by form feeds as Tesseract joins pages (``puthi.rules.claims`` treats a form feed as a page break and
blanks page numbers and running heads), and gives each claim to the page its sentence starts on.

The game of a page is ``--game`` when given; else the game its term links name (:func:`detect_game`), else
the game of the page before it: a chapter names its game once, on its first page.

A page a person has since corrected keeps this reading as long as its text stays the same; a correction of
its text reads that page's claims again on its own.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from puthi.corpus.records import Document

if TYPE_CHECKING:
    from puthi.corpus.store import StoredPage

PAGE_BREAK = "\f"


def page_games(pages: list[StoredPage], game: str = "auto") -> list[str | None]:
    """The game each page is about: ``game`` unless auto; else what the page's active term links name,
    else the game of the page before it (``None`` before any game is named).

    >>> from types import SimpleNamespace as N
    >>> title = N(active=True, item=N(concept="game.sixty_six", start=0))
    >>> page_games([N(terms=[]), N(terms=[title]), N(terms=[])])
    [None, 'sixtysix', 'sixtysix']
    """
    from puthi.corpus.pipeline import detect_game

    if game != "auto":
        return [game] * len(pages)
    out: list[str | None] = []
    for p in pages:
        named = detect_game([m.item for m in p.terms if m.active])
        out.append(named or (out[-1] if out else None))
    return out


def runs(pages: list[StoredPage], games: list[str | None]) -> list[tuple[str, list[StoredPage]]]:
    """Consecutive pages (no page missing between them) about the same game, as ``(game, pages)``."""
    out: list[tuple[str, list[StoredPage]]] = []
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


def split_claims(claims: list[Any], texts: list[str]) -> list[list[Any]]:
    """Claims over ``PAGE_BREAK.join(texts)``, each given to the page its sentence starts on, with offsets
    into that page's text (a sentence that runs on to the next page is cut at its page's end).

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class C:
    ...     start: int
    ...     end: int
    >>> split_claims([C(0, 3), C(5, 12)], ["abc", "defgh"])
    [[C(start=0, end=3)], [C(start=1, end=5)]]
    """
    out: list[list[Any]] = [[] for _ in texts]
    starts, at = [], 0
    for t in texts:
        starts.append(at)
        at += len(t) + len(PAGE_BREAK)
    k = 0
    for c in sorted(claims, key=lambda c: c.start):
        while k + 1 < len(texts) and c.start >= starts[k + 1]:
            k += 1
        s = max(c.start - starts[k], 0)
        out[k].append(replace(c, start=s, end=max(min(c.end - starts[k], len(texts[k])), s)))
    return out


def document_claims(corpus: Any, doc: Document, game: str = "auto") -> int:
    """Read the claims of ``doc``'s stored pages across page breaks (see the module docstring) and store
    them where they differ from a page's. Returns the number of pages whose claims changed."""
    from puthi.corpus.pipeline import reanalyse, verdicts_for

    pages = [p for p in corpus.pages(doc) if any(s.stage == "claims" and s.version != "absent" for s in p.steps)]
    if not pages:
        return 0
    from puthi.rules.claims import extract_claims

    new: dict[int, list[Any]] = {p.page_no: [] for p in pages}
    for g, run in runs(pages, page_games(pages, game)):
        texts = [p.text for p in run]
        for p, claims in zip(run, split_claims(extract_claims(PAGE_BREAK.join(texts), game=g), texts), strict=True):
            new[p.page_no] = claims
    changed = 0
    for p in pages:
        if new[p.page_no] == p.claims:
            continue
        result = corpus.machine_result(doc, p.page_no)
        result.claims, result.verdicts = new[p.page_no], verdicts_for(new[p.page_no])
        corpus.write_page(doc, result, reanalyse=partial(reanalyse, game=game))
        changed += 1
    return changed
