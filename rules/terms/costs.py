"""Costs of the grapheme-aware edit distance: what one OCR error costs.

:class:`CostModel` gives the cost of OCR printing unit ``observed`` where the page had ``intended``
(units: see ``letters.units``), of dropping an intended unit and of inventing one, and of *segment pairs*:
a run of up to three units read as another run (``ট`` for ``ট্ট``, nothing for ``্র``). The default model
(:func:`default_costs`) takes, for every pair, the lower of

* the repair stage's learned confusions, ``puthi.normalize.confusions.load_confusions()`` (Bengali OCR
  errors counted on real and rendered pages; ``""`` on one side is a dropped or invented unit), and
* ``confusions.tsv`` here (pairs seen in seed 000 and look-alike letters, each with its source, both
  directions) and classes: a vowel sign, candrabindu, nukta or virama is cheap to lose or gain, a
  consonant is not.

Any object with ``sub``, ``ins``, ``dele`` works in its place (pass ``costs=`` to the Aligner); without the
repair stage the hand table alone is used.

>>> c = default_costs()
>>> c.sub("ব", "ৰ") < c.sub("ব", "ধ") < c.sub("ব", "ক")
True
>>> c.indel("\N{BENGALI VOWEL SIGN AA}") < c.indel("ক")
True
>>> round(c.distance("ফোটা", "ফোট"), 2), round(c.distance("কাবার", "কাবায়ু"), 2)
(0.4, 0.85)
"""

from __future__ import annotations

import csv
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from puthi.rules.terms.letters import units

HERE = Path(__file__).resolve().parent
# Cheap to lose or gain: candrabindu, anusvara, visarga, nukta, virama, ZWJ, ZWNJ.
LIGHT_SIGNS = {
    "\N{BENGALI SIGN CANDRABINDU}": 0.15,
    "\N{BENGALI SIGN NUKTA}": 0.15,
    "\N{BENGALI SIGN VIRAMA}": 0.3,
    "\N{BENGALI SIGN ANUSVARA}": 0.3,
    "\N{BENGALI SIGN VISARGA}": 0.3,
    "\N{ZERO WIDTH JOINER}": 0.05,
    "\N{ZERO WIDTH NON-JOINER}": 0.05,
}
VOWEL_SIGN_INDEL = 0.4
VOWEL_SIGN_SUB = 0.7


VOWEL_SIGNS = frozenset(chr(c) for c in range(0x09BE, 0x09CD) if unicodedata.category(chr(c)) in ("Mn", "Mc"))


def _is_vowel_sign(u: str) -> bool:
    return u in VOWEL_SIGNS


@dataclass
class CostModel:
    """Unit costs. ``pairs`` maps (observed, intended) to a cost; ``""`` as observed is a dropped unit,
    ``""`` as intended an invented one."""

    pairs: dict[tuple[str, str], float] = field(default_factory=dict)
    default_sub: float = 1.0
    default_indel: float = 1.0
    _memo: dict = field(default_factory=dict, repr=False, compare=False)
    #: Pairs with more than one unit on a side (ট্ট read as ট, ্র lost): (observed units, intended units, cost).
    _segments: list = field(default_factory=list, repr=False, compare=False)
    _reach: int = field(default=1, repr=False, compare=False)  # rows a path may skip, plus one

    def __post_init__(self) -> None:
        split = [(tuple(units(o)), tuple(units(i)), cost) for (o, i), cost in self.pairs.items()]
        self._segments = [(o, i, cost) for o, i, cost in split if len(o) > 1 or len(i) > 1]
        self._reach = 1 + max((len(o) for o, _, _ in self._segments), default=1)

    def _segment_rules(self, a: tuple[str, ...], b: tuple[str, ...]):
        """The segment pairs that fit ``a`` and ``b``: runs of ``b`` that may be dropped, by the column where
        they end (``[(length, cost)]``); runs of ``a`` that may be invented, by the row where they end; and
        runs read as other runs, by their end cell (``{(i, j): [(len_a, len_b, cost)]}``)."""
        dropped = self._memo.get(("dropped", b))
        if dropped is None:
            dropped = self._memo[("dropped", b)] = [[] for _ in range(len(b) + 1)]
            for o, t, cost in self._segments:
                if not o:
                    for j in _ends(b, t):
                        dropped[j].append((len(t), cost))
        invented: list[list[tuple[int, float]]] = [[] for _ in range(len(a) + 1)]
        swapped: dict[tuple[int, int], list[tuple[int, int, float]]] = {}
        for o, t, cost in self._segments:
            if not o or o[0] not in a:
                continue
            for i in _ends(a, o):
                if not t:
                    invented[i].append((len(o), cost))
                for j in _ends(b, t) if t else ():
                    swapped.setdefault((i, j), []).append((len(o), len(t), cost))
        return dropped, invented, swapped

    def sub(self, observed: str, intended: str) -> float:
        if observed == intended:
            return 0.0
        cost = self.pairs.get((observed, intended))
        if observed.casefold() == intended.casefold():
            return 0.0
        if _is_vowel_sign(observed) and _is_vowel_sign(intended):
            fallback = VOWEL_SIGN_SUB
        else:
            fallback = self.default_sub
        return fallback if cost is None else min(cost, fallback)

    def _class_indel(self, u: str) -> float:
        if u in LIGHT_SIGNS:
            return LIGHT_SIGNS[u]
        if _is_vowel_sign(u):
            return VOWEL_SIGN_INDEL
        return self.default_indel

    def ins(self, intended: str) -> float:
        """OCR dropped ``intended``: the form has it, the text does not."""
        return min(self._class_indel(intended), self.pairs.get(("", intended), 9.0))

    def dele(self, observed: str) -> float:
        """OCR invented ``observed``: the text has it, the form does not."""
        return min(self._class_indel(observed), self.pairs.get((observed, ""), 9.0))

    def indel(self, u: str) -> float:
        return min(self.ins(u), self.dele(u))

    def distance(self, observed: str, intended: str, limit: float = 99.0) -> float:
        """Weighted edit distance from a word of the text to a table form; stops early above ``limit``."""
        return _distance(self, tuple(units(observed)), tuple(units(intended)), limit)

    def __hash__(self) -> int:
        return id(self)


def _cost(model: CostModel, kind: str, x: str, y: str = "") -> float:
    memo = model._memo
    key = (kind, x, y)
    v = memo.get(key)
    if v is None:
        v = memo[key] = model.sub(x, y) if kind == "s" else (model.ins(x) if kind == "i" else model.dele(x))
    return v


def _ends(seq: tuple[str, ...], run: tuple[str, ...]) -> list[int]:
    """The positions in ``seq`` where an occurrence of ``run`` ends."""
    n = len(run)
    return [k for k in range(n, len(seq) + 1) if seq[k - n : k] == run]


@lru_cache(maxsize=200_000)
def _distance(model: CostModel, a: tuple[str, ...], b: tuple[str, ...], limit: float) -> float:
    """Weighted edit distance of ``a`` (observed) to ``b`` (intended), row by row of ``a``. Segment pairs
    reach back over several cells: a run of ``b`` dropped ends at a column, a run of ``a`` invented ends at
    a row, a run read as another run at both. Returns early, above ``limit``, once no path can end at or
    below it (a path may skip up to ``model._reach - 1`` rows)."""
    dropped, invented, swapped = model._segment_rules(a, b)
    ins = [_cost(model, "i", y) for y in b]
    n = len(b)
    row = [0.0]
    for j in range(1, n + 1):
        v = row[j - 1] + ins[j - 1]
        for q, cost in dropped[j]:
            v = min(v, row[j - q] + cost)
        row.append(v)
    rows, lows = [row], [min(row)]
    swapped_rows = {i for i, _ in swapped}
    for i, x in enumerate(a, start=1):
        prev, dx = rows[-1], _cost(model, "d", x)
        cur = [prev[0] + dx]
        rows.append(cur)
        runs = invented[i] or i in swapped_rows  # a run of ``a`` ends at this row
        for j in range(n + 1):
            if j:
                y = b[j - 1]
                v = prev[j - 1] + (0.0 if x == y else _cost(model, "s", x, y))
                w = prev[j] + dx
                if w < v:
                    v = w
                w = cur[j - 1] + ins[j - 1]
                if w < v:
                    v = w
                for q, cost in dropped[j]:
                    w = cur[j - q] + cost
                    if w < v:
                        v = w
                cur.append(v)
            if runs:
                for p, cost in invented[i]:
                    cur[j] = min(cur[j], rows[i - p][j] + cost)
                for p, q, cost in swapped.get((i, j), ()):
                    cur[j] = min(cur[j], rows[i - p][j - q] + cost)
        lows.append(min(cur))
        if min(lows[-model._reach :]) > limit:
            return lows[-1]
    return rows[-1][-1]


def read_confusions(path: Path) -> dict[tuple[str, str], float]:
    """Read the hand table (columns ``a``, ``b``, ``cost``, ``source``); each pair counts both ways."""
    pairs: dict[tuple[str, str], float] = {}
    with open(path, encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            pairs[(row["a"], row["b"])] = pairs[(row["b"], row["a"])] = float(row["cost"])
    return pairs


def _repair_confusions() -> dict[tuple[str, str], float]:
    """(observed, intended) -> cost from the repair stage's learned confusions; empty when unavailable."""
    try:
        from puthi.normalize.confusions import load_confusions
    except ImportError:
        return {}
    try:
        table = load_confusions()
    except (OSError, ValueError, KeyError):  # a missing or broken learned table must not break alignment
        return {}
    return {
        (a, b): float(cost)
        for (a, b), cost in table.items()
        if isinstance(a, str) and isinstance(b, str) and len(units(a)) <= 3 and len(units(b)) <= 3 and (a or b)
    }


@lru_cache(maxsize=1)
def default_costs() -> CostModel:
    """The documented default: the lower of the repair stage's learned cost and the hand table's."""
    pairs = read_confusions(HERE / "confusions.tsv")
    for k, v in _repair_confusions().items():
        pairs[k] = min(v, pairs.get(k, v))
    return CostModel(pairs)
