"""Edits: every change the machine makes to a text, with its reason.

An :class:`Edit` replaces ``text[start:end]`` (code points of the *input*) by ``after``. Edits of one
repair never overlap, so replaying them on the input reproduces the output.

>>> text = "ৰিস্তি খেলা"
>>> e = Edit(0, 1, "ৰ", "ব", rule="assamese-ra-in-bengali", confidence=0.9)
>>> apply_edits(text, [e])
'বিস্তি খেলা'
"""

from __future__ import annotations

from dataclasses import dataclass


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
