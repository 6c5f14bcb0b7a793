"""Edits: every change the machine makes to a text, with its reason.

An :class:`Edit` replaces ``text[start:end]`` (code points of the *input*) by ``after``. Edits of one
repair never overlap, so replaying them on the input reproduces the output.

>>> text = "ৰিস্তি খেলা"
>>> e = Edit(0, 1, "ৰ", "ব", rule="assamese-ra-in-bengali", confidence=0.9)
>>> apply_edits(text, [e])
'বিস্তি খেলা'
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

# An edit less sure than this is more often wrong than right (the wrong-script confidences are calibrated: a reading
# c sure is right about c of the time): a guess.
GUESS = 0.5


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    before: str
    after: str
    rule: str
    confidence: float = 1.0

    def shifted(self, offset: int) -> Edit:
        """The same edit with its offsets moved by ``offset`` (to map line edits into a document)."""
        return Edit(self.start + offset, self.end + offset, self.before, self.after, self.rule, self.confidence)


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping ``edits`` (offsets into ``text``) and return the new text.

    Raises ``ValueError`` when an edit's ``before`` does not match the text or edits overlap.
    """
    out: list[str] = []
    pos = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.start < pos:
            raise ValueError(f"overlapping edit at {e.start}: {e!r}")
        if text[e.start : e.end] != e.before:
            raise ValueError(f"edit does not match the text at {e.start}: {text[e.start:e.end]!r} != {e.before!r}")
        out.append(text[pos : e.start])
        out.append(e.after)
        pos = e.end
    out.append(text[pos:])
    return "".join(out)


def to_output(edits: list[Edit], pos: int, end: bool = False) -> int:
    """Where offset ``pos`` of the input lands in the text ``edits`` make of it. A start inside an edit goes
    to the start of its replacement, an end inside one to the end of it; an insertion at ``pos`` counts as
    before a start and after an end.

    >>> e = [Edit(2, 4, "ab", "X", "r"), Edit(6, 6, "", "YY", "r")]   # "01ab45" + "YY" at 6
    >>> [to_output(e, p) for p in (1, 3, 4, 6)], [to_output(e, p, end=True) for p in (3, 4, 6)]
    ([1, 2, 3, 7], [3, 3, 5])
    """
    delta = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        if e.end < pos or (e.end == pos and (e.start < pos or not end)):
            delta += len(e.after) - len(e.before)
        elif e.start < pos:  # inside the edit
            return e.start + delta + (len(e.after) if end else 0)
        else:
            break
    return pos + delta


class OffsetMap:
    """Offsets of an edited text mapped back to the input, for many look-ups: the edits are sorted once and
    each look-up is a binary search (repaired text is looked up once per term found in it).

    >>> m = OffsetMap([Edit(2, 4, "ab", "X", "r", 0.7), Edit(6, 6, "", "YY", "r")])   # "01X45YY"
    >>> [m.to_input(p) for p in (1, 2, 3, 5, 6)], [m.to_input(p, end=True) for p in (2, 3, 5, 7)]
    ([1, 2, 4, 6, 6], [2, 4, 6, 6])
    >>> m.confidence(1, 3), m.confidence(4, 6), m.confidence(0, 1)
    (0.7, 1.0, 1.0)
    """

    def __init__(self, edits: list[Edit]) -> None:
        self.edits = sorted(edits, key=lambda e: (e.start, e.end))
        self.before: list[int] = []  # output offset minus input offset, before each edit
        self.out_end: list[int] = []  # where each edit's replacement ends in the output
        delta = 0
        for e in self.edits:
            self.before.append(delta)
            self.out_end.append(e.start + delta + len(e.after))
            delta += len(e.after) - len(e.before)
        self.after_all = delta
        self.ends = [e.end for e in self.edits]

    def to_input(self, pos: int, end: bool = False) -> int:
        """Where offset ``pos`` of the edited text comes from in the input: a start inside a replacement goes
        to the start of the text it replaced, an end inside one to the end of it."""
        k = (bisect.bisect_left if end else bisect.bisect_right)(self.out_end, pos)
        if k == len(self.edits):
            return pos - self.after_all
        e, delta = self.edits[k], self.before[k]
        if pos < e.start + delta or (end and pos == e.start + delta):
            return pos - delta
        return e.end if end else e.start

    def confidence(self, start: int, end: int) -> float:
        """The lowest confidence of the edits on the input span ``[start, end)`` (1.0 when none is)."""
        lowest = 1.0
        for k in range(bisect.bisect_left(self.ends, start), len(self.edits)):
            e = self.edits[k]
            if e.start > end:
                break
            if (e.start < end and start < e.end) or start <= e.start == e.end <= end:
                lowest = min(lowest, e.confidence)
        return lowest

    def output_confidence(self, start: int, end: int) -> float:
        """:meth:`confidence` of the span ``[start, end)`` of the edited text: how sure what stands there is.

        >>> OffsetMap([Edit(2, 4, "ab", "X", "r", 0.7)]).output_confidence(2, 3)
        0.7
        """
        return self.confidence(self.to_input(start), self.to_input(end, end=True))


def to_input(edits: list[Edit], pos: int, end: bool = False) -> int:
    """Where offset ``pos`` of the edited text comes from in the input (see :class:`OffsetMap`, for many).

    >>> e = [Edit(2, 4, "ab", "X", "r"), Edit(6, 6, "", "YY", "r")]   # "01X45YY"
    >>> [to_input(e, p) for p in (1, 2, 3, 5, 6)], [to_input(e, p, end=True) for p in (2, 3, 5, 7)]
    ([1, 2, 4, 6, 6], [2, 4, 6, 6])
    """
    return OffsetMap(edits).to_input(pos, end)
