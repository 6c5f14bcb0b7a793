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

# Look-ups kept per model (each cache is emptied when it passes this): about 50 MB each when full. More only
# saves time on long runs of new garble, at about 200 bytes an entry.
CACHE_SIZE = 250_000


@dataclass
class CharLM:
    """Character n-grams up to ``order``; probabilities are interpolated down to a uniform floor.

    ``probs[h][c]`` is the interpolated probability of ``c`` after the context ``h``, kept for each pair
    seen in training; any other pair is one short step from them (see :meth:`logp`).
    """

    order: int
    probs: dict[str, dict[str, float]] = field(default_factory=dict)
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
        lm._totals = {h: (sum(c.values()), len(c)) for h, c in counts.items()}
        # Witten-Bell, shortest contexts first: P(c | h) = (count(h c) + types(h) P(c | h[1:])) / (n(h) + types(h)).
        # Whoever saw h c saw h[1:] c, so the shorter value is already there.
        uniform = lm.uniform()
        for h in sorted(counts, key=len):
            n, types = lm._totals[h]
            shorter = lm.probs[h[1:]] if h else None
            lm.probs[h] = {c: (k + types * (shorter[c] if h else uniform)) / (n + types)
                           for c, k in counts[h].items()}
        lm._cache = {}
        lm._ext = {}
        return lm

    def uniform(self) -> float:
        """The floor: one share for each letter and the end mark."""
        return 1.0 / (len(self.alphabet) + 1)

    def logp(self, context: str, char: str) -> float:
        """log P(``char`` | the last ``order - 1`` characters of ``context``), start-padded, natural log."""
        h = (self.START * (self.order - 1) + context)[len(context):] if len(context) < self.order - 1 \
            else context[len(context) - self.order + 1:] if self.order > 1 else ""
        key = (h, char)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        # From the longest context seen in training down to the first that saw ``char`` after it; the
        # contexts passed on the way add the unseen share of each, in the order training added them.
        unseen = []
        p = None
        for k in range(len(h), -1, -1):
            row = self.probs.get(h[len(h) - k:])
            if row is None:  # a context never seen in training: a shorter one may have been
                continue
            p = row.get(char)
            if p is not None:
                break
            unseen.append(self._totals[h[len(h) - k:]])
        if p is None:
            p = self.uniform()
        for n, types in reversed(unseen):
            p = types * p / (n + types)
        value = math.log(p)
        if len(self._cache) > CACHE_SIZE:
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
        if len(self._ext) > CACHE_SIZE:
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
