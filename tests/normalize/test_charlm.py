"""The character model's stored probabilities against the Witten-Bell recursion written out from counts."""

from __future__ import annotations

import math
import random
from collections import Counter

from puthi.normalize.charlm import CharLM

WORDS = ["তাস", "তাহা", "তাহার", "খেলা", "খেলিতে", "হাতের", "পাঁচ", "রং", "তুরুপ", "পিঠ", "পিঠে", "করিয়া"]


def _by_hand(words: list[str], order: int, context: str, char: str) -> float:
    """log P(char | context), straight from the definition: every level from the empty context up."""
    grams: Counter = Counter()
    pad = "<" * (order - 1)
    for w in words:
        s = pad + w + ">"
        for i in range(order - 1, len(s)):
            for k in range(order):
                grams[s[i - k:i + 1]] += 1
    alphabet = {c for w in words for c in w}
    h = (pad + context)[-(order - 1):] if order > 1 else ""
    p = 1.0 / (len(alphabet) + 1)
    for k in range(len(h) + 1):
        ctx = h[len(h) - k:]
        seen = {g[-1]: n for g, n in grams.items() if len(g) == len(ctx) + 1 and g.startswith(ctx)}
        if not seen:
            continue
        p = (seen.get(char, 0) + len(seen) * p) / (sum(seen.values()) + len(seen))
    return math.log(p)


def test_every_probability_is_the_recursion_to_the_last_bit():
    rng = random.Random(5)
    letters = [*sorted({c for w in WORDS for c in w}), ">", "x"]
    for order in (1, 3, 5):
        lm = CharLM.train(WORDS, order=order)
        for _ in range(300):
            word = rng.choice(WORDS)
            context = word[: rng.randint(0, len(word))] + "".join(rng.choices(letters[:-2], k=rng.randint(0, 2)))
            char = rng.choice(letters)
            assert lm.logp(context, char) == _by_hand(WORDS, order, context, char), (order, context, char)


def test_the_probabilities_after_any_context_sum_to_one():
    lm = CharLM.train(WORDS, order=4)
    for context in ["", "তা", "খেলি", "ঝঞ"]:
        total = sum(math.exp(lm.logp(context, c)) for c in lm.alphabet | {lm.END})
        assert abs(total - 1.0) < 1e-9, context
