"""Records of the claims stage: what a sentence states, and what an implementation says about it.

>>> c = Claim("klaverjas", "card_value", {"rank": "9", "suit": "trump"}, 14, 10, 30, "তুরুপের নহলার মূল্য ১৪।")
>>> c.key
'card_value(rank=9,suit=trump)'
"""

from __future__ import annotations

import hashlib
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
    confidence: float = field(default=0.8, compare=False)  # how sure; the same claim at another confidence
    evidence: tuple[str, ...] = field(default=(), compare=False)

    @property
    def key(self) -> str:
        return key(self.quantity, **self.params)


def claim_ids(claims: list[Claim], text: str = "") -> list[str]:
    """A short id for each claim of a page ``text``, from what it says (quantity, value, sentence), not from its
    place in the list: withdrawing or adding another claim leaves it as it was, so a citation of a TEI ``xml:id``
    survives (correcting the sentence's own words gives it a new one). Nor from its game: a person's ``correct
    --game`` moves the claim to another game and keeps its id (a newcomer's id was refused after it). A second
    copy of the same sentence on the page gets ``-2``, a third ``-3``: counted in the text, which a withdrawal
    does not change; so does the same claim of a second game in one sentence.

    >>> a = Claim("sixtysix", "hand_size", {}, 6, 0, 20, "প্রত্যেকে ছয়খানা তাস পায়।")
    >>> b = Claim("sixtysix", "winning_threshold", {}, 66, 21, 40, "ছেষট্টি পেলে জিত।")
    >>> claim_ids([a, b])[1] == claim_ids([b])[0], claim_ids([a, a])[1].endswith("-2")
    (True, True)
    >>> from dataclasses import replace
    >>> claim_ids([a]) == claim_ids([replace(a, game="schnapsen")])
    True
    """
    used: set[str] = set()
    out = []
    for c in claims:
        said = f"{c.quantity}\x00{sorted(c.params.items())}\x00{c.stated!r}\x00{c.text}"
        digest = hashlib.sha1(said.encode()).hexdigest()[:8]
        sentence = text[c.start:c.end]
        nth = text.count(sentence, 0, c.start) + 1 if sentence else 1
        while (cid := digest if nth == 1 else f"{digest}-{nth}") in used:  # ids stay unique whatever the text
            nth += 1
        used.add(cid)
        out.append(cid)
    return out


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
            "confidence": round(self.claim.confidence, 3),  # below 0.5: a value the repair guessed (unverifiable)
        }
