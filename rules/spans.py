"""Spans that the rules stage finds in a text. Offsets are code points into the text as given.

>>> TermSpan(0, 3, "তাস", "তাস", "cards", "playing cards", "game_vocab", 1.0).end
3
>>> NumberSpan(4, 6, "৪৭", 47).value
47
"""

from __future__ import annotations

from dataclasses import dataclass


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
