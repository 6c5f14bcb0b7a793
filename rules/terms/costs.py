"""Costs of the grapheme-aware edit distance: what one OCR error costs.

:class:`CostModel` gives the cost of OCR printing unit ``observed`` where the page had ``intended``
(units: see ``letters.units``), of dropping an intended unit and of inventing one. The default model
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


@lru_cache(maxsize=200_000)
def _distance(model: CostModel, a: tuple[str, ...], b: tuple[str, ...], limit: float) -> float:
    ins = [_cost(model, "i", y) for y in b]
    prev = [0.0]
    for c in ins:
        prev.append(prev[-1] + c)
    n = len(b)
    for x in a:
        dx = _cost(model, "d", x)
        cur = [prev[0] + dx]
        best = cur[0]
        for j in range(1, n + 1):
            y = b[j - 1]
            diag = prev[j - 1] + (0.0 if x == y else _cost(model, "s", x, y))
            v = prev[j] + dx
            if diag < v:
                v = diag
            w = cur[j - 1] + ins[j - 1]
            if w < v:
                v = w
            cur.append(v)
            if v < best:
                best = v
        if best > limit:
            return best
        prev = cur
    return prev[-1]


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
        if isinstance(a, str) and isinstance(b, str) and len(units(a)) <= 1 and len(units(b)) <= 1 and (a or b)
    }


@lru_cache(maxsize=1)
def default_costs() -> CostModel:
    """The documented default: the lower of the repair stage's learned cost and the hand table's. A learned
    substitution counts both ways, as the hand table's do: OCR read ঙ as ক twice on our rendered pages, and
    real old print has ক read as ঙ (টেঙ্কা for টেক্কা, Bishwakosh 7/739).

    >>> c = default_costs()
    >>> c.sub("ঙ", "ক") == c.sub("ক", "ঙ") < 1
    True
    """
    pairs = read_confusions(HERE / "confusions.tsv")
    for (o, i), v in _repair_confusions().items():
        pairs[(o, i)] = min(v, pairs.get((o, i), v))
        if o and i:  # two letters that look alike are misread both ways, however rarely one way was counted
            pairs[(i, o)] = min(v, pairs.get((i, o), v))
    return CostModel(pairs)
