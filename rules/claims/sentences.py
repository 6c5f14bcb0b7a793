"""Sentences with their code-point offsets.

Bengali and Assamese end sentences with the danda; machine-translated text and seed 003 also use the
full stop, and list items start with a bullet. A line break ends a sentence too (titles, list lines).

>>> text = "তাস খেলা। প্রত্যেকে আটটি তাস পায়।\\n• পারলে একই রং খেলতেই হবে।"
>>> [text[s:e] for s, e in split_sentences(text)]
['তাস খেলা।', 'প্রত্যেকে আটটি তাস পায়।', '• পারলে একই রং খেলতেই হবে।']
"""

from __future__ import annotations

import regex

# A sentence ends after a danda, double danda, ?, ! or a full stop that is followed by a space
# (so "এইচ.জে.আৰ." and "1.5" stay inside), or at a line break.
_END = regex.compile(r"[\N{DEVANAGARI DANDA}\N{DEVANAGARI DOUBLE DANDA}?!|]+|\.(?=\s)|\n+")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each non-blank sentence, leading and trailing spaces excluded."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _END.finditer(text):
        end = m.start() if m.group().startswith("\n") else m.end()
        spans.append((start, end))
        start = m.end()
    spans.append((start, len(text)))
    out = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out
