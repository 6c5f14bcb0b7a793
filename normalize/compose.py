"""Compose the edits of two successive passes into edits on the original text.

A pass gives edits with offsets into *its* input. When pass 2 runs on the output of pass 1, its edits must
be carried back so that a scholar sees every change against the text as it was given. Where a pass-2 edit
touches text that pass 1 changed, the two merge into one edit whose rule names both (``a+b``).

>>> from puthi.normalize.edits import Edit, apply_edits
>>> text0 = "ক\N{BENGALI VOWEL SIGN E}\N{BENGALI VOWEL SIGN AA}ন থেলা"
>>> first = [Edit(0, 3, text0[0:3], "কো", "two-part-vowel")]
>>> text1 = apply_edits(text0, first)
>>> second = [Edit(4, 5, "থ", "খ", "ocr-confusion", 0.9)]
>>> [(e.start, e.end, e.after, e.rule) for e in compose(text0, first, second)]
[(0, 3, 'কো', 'two-part-vowel'), (5, 6, 'খ', 'ocr-confusion')]
"""

from __future__ import annotations

import bisect

from puthi.normalize.edits import Edit, apply_edits


def _interacts(s: int, e: int, a: int, b: int) -> bool:
    """Does a pass-2 span [s, e) touch a pass-1 output span [a, b) (either may be empty)?"""
    if a == b:  # a pass-1 insertion or deletion: merge when at or inside the pass-2 span (order is ambiguous)
        return s <= a <= e
    if s == e:
        return a <= s <= b
    return max(s, a) < min(e, b)


def compose(text0: str, first: list[Edit], second: list[Edit]) -> list[Edit]:
    """Edits on ``text0`` equivalent to applying ``first`` (on ``text0``) then ``second`` (on the result).

    Applying the result to ``text0`` gives ``apply_edits(apply_edits(text0, first), second)``.
    """
    if not second:
        return sorted(first, key=lambda e: e.start)
    first = sorted(first, key=lambda e: e.start)
    second = sorted(second, key=lambda e: e.start)
    text1 = apply_edits(text0, first)
    # Output spans of pass 1 in text1 coordinates, and the cumulative length change after each edit.
    spans: list[tuple[int, int]] = []
    deltas: list[int] = []
    delta = 0
    for e in first:
        a1 = e.start + delta
        spans.append((a1, a1 + len(e.after)))
        delta += len(e.after) - len(e.before)
        deltas.append(delta)
    ends = [b for _, b in spans]

    def map_start(x: int) -> int:  # text1 -> text0, after any deletion sitting at x
        k = bisect.bisect_right(ends, x)
        return x - (deltas[k - 1] if k else 0)

    def map_end(x: int) -> int:  # text1 -> text0, before any deletion sitting at x
        k = bisect.bisect_right(ends, x)
        while k and spans[k - 1][0] == spans[k - 1][1] == x:
            k -= 1
        return x - (deltas[k - 1] if k else 0)

    # Group pass-2 edits with the pass-1 edits they touch (and, through them, with each other).
    groups: list[tuple[int, int, list[Edit], list[int]]] = []  # (lo, hi, pass-2 edits, pass-1 indexes)
    for e2 in second:
        lo, hi, members = e2.start, e2.end, [e2]
        touched: list[int] = []
        while True:  # grow the span until no further pass-1 edit touches it
            now = [k for k, (a, b) in enumerate(spans) if _interacts(lo, hi, a, b)]
            if now == touched:
                break
            touched = now
            lo, hi = min([lo] + [spans[k][0] for k in now]), max([hi] + [spans[k][1] for k in now])
        if groups and (set(touched) & set(groups[-1][3]) or (touched and groups[-1][1] > lo)):
            plo, phi, pm, pt = groups.pop()
            lo, hi, members, touched = min(lo, plo), max(hi, phi), pm + members, sorted(set(pt) | set(touched))
        groups.append((lo, hi, members, touched))
    used = {k for g in groups for k in g[3]}
    out = [e for k, e in enumerate(first) if k not in used]
    for lo, hi, members, touched in groups:
        # Every pass-1 insertion or deletion at lo or hi is in the group, so map outward.
        s0, e0 = map_end(lo), map_start(hi)
        if not touched:
            e2 = members[0]
            out.append(Edit(s0, e0, text0[s0:e0], e2.after, e2.rule, e2.confidence))
            continue
        local = [m.shifted(-lo) for m in members]
        after = apply_edits(text1[lo:hi], local)
        rules = [first[k].rule for k in touched] + [m.rule for m in members]
        conf = min([first[k].confidence for k in touched] + [m.confidence for m in members])
        out.append(Edit(s0, e0, text0[s0:e0], after, "+".join(dict.fromkeys(rules)), conf))
    return sorted(out, key=lambda e: (e.start, e.end))
