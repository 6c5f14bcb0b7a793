"""Costs of the grapheme-aware edit distance: what one OCR error costs.

:class:`CostModel` gives the cost of substituting, inserting or deleting one unit (see ``letters.units``).
The default comes from ``confusions.tsv`` (pairs observed in seed 000 and look-alike letters, each with its
source) plus classes: a vowel sign, candrabindu, nukta or virama is cheap to lose or gain (OCR drops them
often), a consonant is not. When the repair stage's learned confusions (``puthi.normalize.confusions``) are
installed, :func:`default_costs` takes their pairs in addition, so the aligner and the repair agree on
what a likely error is; the pluggable model keeps the aligner usable before and without it.

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
VOWEL_SIGN_SUB = 0.5


def _is_vowel_sign(u: str) -> bool:
    return len(u) == 1 and 0x09BE <= ord(u) <= 0x09CC and unicodedata.category(u) in ("Mn", "Mc")


@dataclass
class CostModel:
    """Unit costs; ``pairs`` maps a frozenset {a, b} of two units to a substitution cost."""

    pairs: dict[frozenset, float] = field(default_factory=dict)
    default_sub: float = 1.0
    default_indel: float = 1.0

    def sub(self, a: str, b: str) -> float:
        if a == b:
            return 0.0
        cost = self.pairs.get(frozenset((a, b)))
        if cost is not None:
            return cost
        if _is_vowel_sign(a) and _is_vowel_sign(b):
            return VOWEL_SIGN_SUB
        if a.casefold() == b.casefold():
            return 0.0
        return self.default_sub

    def indel(self, a: str) -> float:
        if a in LIGHT_SIGNS:
            return LIGHT_SIGNS[a]
        if _is_vowel_sign(a):
            return VOWEL_SIGN_INDEL
        return self.default_indel

    def distance(self, a: str, b: str, limit: float = 99.0) -> float:
        """Weighted edit distance between two words (in units); stops early above ``limit``."""
        return _distance(self, tuple(units(a)), tuple(units(b)), limit)

    def __hash__(self) -> int:
        return id(self)


@lru_cache(maxsize=200_000)
def _distance(model: CostModel, a: tuple[str, ...], b: tuple[str, ...], limit: float) -> float:
    prev = [0.0]
    for y in b:
        prev.append(prev[-1] + model.indel(y))
    for x in a:
        dx = model.indel(x)
        cur = [prev[0] + dx]
        best = cur[0]
        for j, y in enumerate(b, 1):
            v = min(prev[j] + dx, cur[j - 1] + model.indel(y), prev[j - 1] + model.sub(x, y))
            cur.append(v)
            best = min(best, v)
        if best > limit:
            return best
        prev = cur
    return prev[-1]


def read_confusions(path: Path) -> dict[frozenset, float]:
    """Read a confusion table (columns ``a``, ``b``, ``cost``, ``source``)."""
    pairs: dict[frozenset, float] = {}
    with open(path, encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            pairs[frozenset((row["a"], row["b"]))] = float(row["cost"])
    return pairs


def _repair_confusions() -> dict[frozenset, float]:
    """Pairs from the repair stage's learned confusions, when that module exists (else nothing)."""
    try:
        from puthi.normalize.confusions import load_confusions
    except ImportError:
        return {}
    pairs: dict[frozenset, float] = {}
    try:
        table = load_confusions()
    except Exception:  # a missing or broken learned table must not break term alignment
        return {}
    items = table.items() if isinstance(table, dict) else table
    for item in items:
        try:
            (a, b), cost = (item[0], item[1]) if isinstance(item, tuple) and len(item) == 2 else (item[:2], item[2])
        except (TypeError, IndexError, ValueError):
            continue
        if isinstance(a, str) and isinstance(b, str) and len(units(a)) == 1 and len(units(b)) == 1:
            pairs[frozenset((a, b))] = min(float(cost), pairs.get(frozenset((a, b)), 9.0))
    return pairs


@lru_cache(maxsize=1)
def default_costs() -> CostModel:
    """The documented default: ``confusions.tsv`` plus the repair stage's learned pairs when present."""
    pairs = read_confusions(HERE / "confusions.tsv")
    for k, v in _repair_confusions().items():
        pairs[k] = min(v, pairs.get(k, v))
    return CostModel(pairs)
