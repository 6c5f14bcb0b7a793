"""A readable Markdown report of checked claims: "the text says X, this code does Y".

>>> from puthi.rules.claims.model import Claim, Verdict
>>> c = Claim("sixtysix", "deck_size", {}, 24, 0, 16, "২৪টি তাস লাগে।")
>>> print(to_markdown([Verdict(c, "reference", 24, "consistent", "The text says 24; reference agrees.")]))
... # doctest: +NORMALIZE_WHITESPACE
| # | verdict | game | quantity | text says | code says | sentence |
|---|---|---|---|---|---|---|
| 1 | consistent | sixtysix | deck_size | 24 | 24 | ২৪টি তাস লাগে। (0–16) |
<BLANKLINE>
1 claims: 1 consistent, 0 contradicted, 0 unverifiable.
"""

from __future__ import annotations

from collections import Counter

from puthi.rules.claims.model import Verdict


def _cell(value: object) -> str:
    return "—" if value is None else str(value).replace("|", "\\|").replace("\n", " ")


def said(stated: object, expected: object) -> object:
    """What the code says, in the text's words: a yes/no rule's True or 1 is "yes".

    >>> said("yes", 1), said("no", 0), said(8, 8), said(8, None)
    ('yes', 'no', 8, '—')
    """
    from puthi.rules.check import in_words

    return "—" if expected is None else in_words(stated, expected)  # None: the engine has no such rule


def summary(verdicts: list[Verdict]) -> str:
    counts = Counter(v.verdict for v in verdicts)
    return (
        f"{len(verdicts)} claims: {counts['consistent']} consistent, {counts['contradicted']} contradicted, "
        f"{counts['unverifiable']} unverifiable."
    )


def to_markdown(verdicts: list[Verdict]) -> str:
    """A Markdown table of the verdicts, one row per claim, with the game each was checked against (a
    sentence may name a variant: Schnapsen in a Sixty-Six text), and a summary line."""
    rows = ["| # | verdict | game | quantity | text says | code says | sentence |", "|---|---|---|---|---|---|---|"]
    for i, v in enumerate(verdicts, 1):
        c = v.claim
        rows.append(
            f"| {i} | {v.verdict} | {_cell(c.game)} | {_cell(c.key)} | {_cell(c.stated)} | "
            f"{_cell(said(c.stated, v.expected))} | {_cell(c.text)} ({c.start}–{c.end}) |"
        )
    out = "\n".join(rows) + "\n\n" + summary(verdicts)
    from puthi.rules.engines import registry

    engines = set(registry.names())
    other = Counter(v.claim.game for v in verdicts if v.claim.game not in engines)
    if other:
        where = ", ".join(f"{g} (#{', #'.join(str(i) for i, v in enumerate(verdicts, 1) if v.claim.game == g)})"
                          for g in sorted(other))
        out += f" Claims about games puthi has no engine for, in passages that turn to them: {where}."
    from puthi.rules.check import variants_stating

    notes = [f"- #{i} is a variant the sources know: the engine's rule {' or '.join(rules)} gives it."
             for i, v in enumerate(verdicts, 1)
             if v.verdict == "contradicted" and v.impl == "reference" and v.claim.game in engines
             and (rules := variants_stating(v.claim.game, v.claim.key, v.claim.stated))]
    return out + ("\n\n" + "\n".join(notes) if notes else "")
