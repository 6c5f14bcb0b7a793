"""Real Hindi in a Bengali or Assamese text: a quotation, a name, a Hindi page. Not garble to repair.

A Hindi model reading Bengali glyphs writes Devanagari that is almost never a Hindi word (`कब्रिब्री` for
করিয়া); real Hindi is almost all words. Measured with the word list inside Tesseract's ``hin.traineddata``
(``data/hi_tesseract_words.txt``, 12,683 words): 3.6 % of seed 000's garbled Devanagari tokens and 4.7 % of
the `hin` readings of the synthetic dev pages of ``bench.repair_garble`` are Hindi words, against 93 % of the
tokens of ten ordinary Hindi sentences. So a run of two or more Devanagari tokens of which at least 60 % are
Hindi words is taken for Hindi and left alone. (At 50 %, two garbled tokens of those pages would pass for
Hindi: `कब` "when" beside a misread; at 60 % none of their 591 does, and every token of the ten Hindi
sentences is still kept.) A single Devanagari token is judged garble: in a Bengali book, one Devanagari
word is far more likely a misread than a quotation.

>>> real_hindi_runs("ताश के खेल में चार खिलाड़ी होते हैं।")
[(0, 36)]
>>> real_hindi_runs("তাহা হইলে कब्रिब्री রাখে, যে कबব खेल")
[]
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

import regex

WORDS = Path(__file__).parent / "data" / "hi_tesseract_words.txt"
MIN_SHARE = 0.6  # of a run's tokens that must be Hindi words
MIN_RUN = 2  # tokens

_TOKEN = regex.compile(r"\S+")
_EDGE = "\"'“”‘’,;:?!.।॥()[]-–—…|"
_DEVANAGARI_ONLY = regex.compile(r"^[\u0900-\u097f\u200c\u200d]+$")


@functools.cache
def hindi_words() -> frozenset[str]:
    """The Hindi word list (NFC); empty when the data file is missing.

    >>> "खेल" in hindi_words()
    True
    """
    if not WORDS.exists():
        return frozenset()
    lines = WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(unicodedata.normalize("NFC", w) for w in lines if w and not w.startswith("#"))


def real_hindi_runs(line: str) -> list[tuple[int, int]]:
    """``(start, end)`` code-point spans of ``line`` that are real Hindi: runs of at least ``MIN_RUN``
    whitespace-separated tokens in Devanagari only, at least ``MIN_SHARE`` of them Hindi words."""
    words = hindi_words()
    runs: list[tuple[int, int]] = []
    run: list[tuple[int, int, bool]] = []  # (start, end, is a Hindi word)

    def close() -> None:
        if len(run) >= MIN_RUN and sum(w for _, _, w in run) >= MIN_SHARE * len(run):
            runs.append((run[0][0], run[-1][1]))
        run.clear()

    for m in _TOKEN.finditer(line):
        core = m.group().strip(_EDGE)
        if core and _DEVANAGARI_ONLY.match(core):
            run.append((m.start(), m.end(), unicodedata.normalize("NFC", core) in words))
        elif core:
            close()
    close()
    return runs
