"""Spans that the rules stage finds in a text. Offsets are code points into the text as given.

>>> TermSpan(0, 3, "তাস", "তাস", "cards", "playing cards", "game_vocab", 1.0).end
3
>>> NumberSpan(4, 6, "৪৭", 47).value
47
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar


@dataclass(frozen=True)
class TermSpan:
    start: int
    end: int
    surface: str
    headword: str
    concept: str
    gloss: str
    table: str
    score: float


@dataclass(frozen=True)
class NumberSpan:
    start: int
    end: int
    surface: str
    value: int | float  # a float only for a decimal written with a point (২.৫)


Span = TypeVar("Span", TermSpan, NumberSpan)


def read_past_invisible(text: str, find: Callable[[str], list[Span]]) -> list[Span]:
    """The spans ``find`` gives for ``text`` read without its invisible characters (a soft hyphen inside a word or a
    number: :data:`~puthi.normalize.unicode.INVISIBLE`), with offsets and surfaces into ``text`` as given (a hostile
    tester's টে\u200bক্কা was no card and ১\u00ad১ two numbers).

    >>> read_past_invisible("ক\u00adখ", lambda t: [NumberSpan(0, len(t), t, 1)])
    [NumberSpan(start=0, end=3, surface='ক\xadখ', value=1)]
    """
    from puthi.normalize.unicode import INVISIBLE, INVISIBLE_RE

    if not INVISIBLE_RE.search(text):
        return find(text)
    keep = [k for k, ch in enumerate(text) if ch not in INVISIBLE]  # where each character read stands in the text
    return [replace(s, start=keep[s.start], end=keep[s.end - 1] + 1, surface=text[keep[s.start] : keep[s.end - 1] + 1])
            for s in find("".join(text[k] for k in keep))]
