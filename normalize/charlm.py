"""A character n-gram language model over words, with Witten-Bell interpolation.

It scores how Bengali a letter sequence looks, so that a decoder can choose between readings of a garbled
word that no lexicon lists (inflected forms, names). Trained on word types (each word once), with ``<`` and
``>`` marking the start and end of a word.

>>> lm = CharLM.train(["তাস", "তাহা", "তাহার", "খেলা"], order=3)
>>> lm.logprob("তাহা") > lm.logprob("হাতা")
True
>>> round(sum(math.exp(lm.logp("তা", c)) for c in lm.alphabet | {lm.END}), 6)
1.0
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class CharLM:
    """Counts of character n-grams up to ``order``; probabilities are interpolated down to a uniform floor."""

    order: int
    counts: dict[str, Counter] = field(default_factory=dict)
    alphabet: frozenset[str] = frozenset()
    START = "<"
    END = ">"

    @classmethod
    def train(cls, words: Iterable[str], order: int = 5) -> CharLM:
        """Count every n-gram (``order`` at most) of every word, padded with start marks and one end mark."""
        if order < 1:
            raise ValueError(f"order={order}: a character model needs order >= 1")
        grams: Counter = Counter()
        alphabet: set[str] = set()
        pad = cls.START * (order - 1)
        for word in words:
            alphabet.update(word)
            s = pad + word + cls.END
            for i in range(order - 1, len(s)):
                for k in range(order):
                    grams[s[i - k: i + 1]] += 1
        counts: dict[str, Counter] = defaultdict(Counter)
        for gram, n in grams.items():
            counts[gram[:-1]][gram[-1]] += n
        lm = cls(order, {}, frozenset(alphabet))
        lm.counts = {h: c for h, c in counts.items()}
        lm._totals = {h: (sum(c.values()), len(c)) for h, c in lm.counts.items()}
        lm._cache = {}
        lm._ext = {}
        return lm

    def logp(self, context: str, char: str) -> float:
        """log P(``char`` | the last ``order - 1`` characters of ``context``), start-padded, natural log."""
        h = (self.START * (self.order - 1) + context)[len(context):] if len(context) < self.order - 1 \
            else context[len(context) - self.order + 1:] if self.order > 1 else ""
        key = (h, char)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        p = 1.0 / (len(self.alphabet) + 1)  # uniform over the letters and the end mark
        for k in range(len(h) + 1):
            ctx = h[len(h) - k:]
            tot = self._totals.get(ctx)
            if tot is None:
                continue
            n, types = tot
            p = (self.counts[ctx].get(char, 0) + types * p) / (n + types)
        value = math.log(p)
        if len(self._cache) > 2_000_000:
            self._cache.clear()
        self._cache[key] = value
        return value

    def extend(self, context: str, seg: str) -> float:
        """log P(``seg`` | ``context``): the sum of :meth:`logp` over its characters, cached on the part of
        the context the model sees.

        >>> lm = CharLM.train(["তাস", "তাহা"], order=3)
        >>> abs(lm.extend("তা", "হা") - (lm.logp("তা", "হ") + lm.logp("তাহ", "া"))) < 1e-12
        True
        """
        keep = self.order - 1  # a shorter context is start-padded, so it never equals a longer one's tail
        key = (context[len(context) - keep:] if len(context) > keep else context, seg)
        hit = self._ext.get(key)
        if hit is not None:
            return hit
        total = 0.0
        for k, c in enumerate(seg):
            total += self.logp(context + seg[:k], c)
        if len(self._ext) > 1_000_000:
            self._ext.clear()
        self._ext[key] = total
        return total

    def logprob(self, word: str, end: bool = True) -> float:
        """Natural-log probability of ``word`` from its start (and its end mark when ``end``)."""
        total = 0.0
        for i, c in enumerate(word):
            total += self.logp(word[:i], c)
        if end:
            total += self.logp(word, self.END)
        return total
