"""Records of the claims stage: what a sentence states, and what an implementation says about it.

>>> c = Claim("klaverjas", "card_value", {"rank": "9", "suit": "trump"}, 14, 10, 30, "তুরুপের নহলার মূল্য ১৪।")
>>> c.key
'card_value(rank=9,suit=trump)'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from puthi.rules.quantities import key

Value = int | str | None
VerdictName = Literal["consistent", "contradicted", "unverifiable"]


@dataclass(frozen=True)
class Claim:
    """A rule fact stated by a text: ``quantity`` with ``params`` has the value ``stated``.

    ``start``/``end`` are code-point offsets of the sentence in the text; ``stated`` is an integer, or a
    string for the behavioural quantities (``first_move_forced`` = ``"centre"``), or ``None``.
    """

    game: str
    quantity: str
    params: dict[str, str]
    stated: Value
    start: int
    end: int
    text: str
    confidence: float = 0.8
    evidence: tuple[str, ...] = field(default=(), compare=False)

    @property
    def key(self) -> str:
        return key(self.quantity, **self.params)


@dataclass(frozen=True)
class Verdict:
    """The check of one claim against one implementation."""

    claim: Claim
    impl: str
    expected: Value
    verdict: VerdictName
    explanation: str

    def to_record(self) -> dict:
        """The record of ``puthi check``'s JSON output (the command-line contract)."""
        stated = self.claim.stated
        return {
            "start": self.claim.start,
            "end": self.claim.end,
            "text": self.claim.text,
            "game": self.claim.game,
            "quantity": self.claim.key,
            "stated": stated if isinstance(stated, int) else None,
            "stated_text": stated if isinstance(stated, str) else None,
            "expected": self.expected,
            "verdict": self.verdict,
            "explanation": self.explanation,
            "impl": self.impl,
        }
