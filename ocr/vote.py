"""Voting over several OCR readings of one line, letter by letter (after ROVER, Fiscus 1997).

Every reading is aligned with the first one (the pivot) over grapheme clusters, so a vowel sign stays with
its consonant; at each position the letter with the most weight wins, and a letter a reading inserts is kept
only when readings holding more than half the total weight insert it. With three readings, two that agree
outvote one that erred; ties go to the pivot.

>>> vote(["তাস খেলা", "তাস খেলু", "তাম খেলা"])
'তাস খেলা'
>>> vote(["গোলাম", "গোলাম।"], weights=[1.0, 0.9])
'গোলাম'
"""

from __future__ import annotations

from collections import defaultdict

import regex
from rapidfuzz.distance import Levenshtein

__all__ = ["graphemes", "vote"]


def graphemes(text: str) -> list[str]:
    """The extended grapheme clusters of ``text`` with whitespace collapsed to single spaces.

    >>> graphemes("ক্ষ  তা")
    ['ক্ষ', ' ', 'তা']
    """
    return regex.findall(r"\X", " ".join(text.split()))


def vote(readings: list[str], weights: list[float] | None = None) -> str:
    """The letter-by-letter majority of ``readings`` (the first is the pivot); ``weights`` default to 1 each,
    with a tiny bonus for earlier readings so that ties are broken in their favour."""
    if not readings:
        return ""
    k = len(readings)
    weights = list(weights) if weights else [1.0 + 0.01 * (k - i) for i in range(k)]
    if len(weights) != k:
        raise ValueError("give one weight per reading")
    if k == 1:
        return " ".join(readings[0].split())
    seqs = [graphemes(r) for r in readings]
    pivot = seqs[0]
    n = len(pivot)
    slots: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(n)]
    inserts: list[defaultdict[str, float]] = [defaultdict(float) for _ in range(n + 1)]
    for seq, w in zip(seqs, weights, strict=True):
        for tag, i1, i2, j1, j2 in Levenshtein.opcodes(pivot, seq):
            if tag in ("equal", "replace"):
                span = i2 - i1
                for a in range(span):
                    slots[i1 + a][seq[j1 + a] if j1 + a < j2 else ""] += w
                if j2 - j1 > span:
                    inserts[i2]["".join(seq[j1 + span:j2])] += w
            elif tag == "delete":
                for a in range(i1, i2):
                    slots[a][""] += w
            elif tag == "insert":
                inserts[i1]["".join(seq[j1:j2])] += w
    half = sum(weights) / 2
    out: list[str] = []
    for i in range(n + 1):
        if inserts[i]:
            text, w = max(inserts[i].items(), key=lambda kv: kv[1])
            if w > half:
                out.append(text)
        if i < n:
            text, _ = max(slots[i].items(), key=lambda kv: (kv[1], kv[0] == pivot[i]))
            out.append(text)
    return " ".join("".join(out).split())
