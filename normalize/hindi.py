"""Real Hindi in a Bengali or Assamese text: a quotation, a name, a Hindi page. Not garble to repair.

A Hindi model reading Bengali glyphs writes Devanagari that is almost never a Hindi word (`कब्रिब्री` for
করিয়া); real Hindi is almost all words. Measured with the word list inside Tesseract's ``hin.traineddata``
(``data/hi_tesseract_words.txt``, 12,683 words): 3.6 % of seed 000's garbled Devanagari tokens and 4.7 % of
the `hin` readings of the synthetic dev pages of ``bench.repair_garble`` are Hindi words, against 93 % of the
tokens of ten ordinary Hindi sentences. So a run of two or more Devanagari tokens of which at least 60 % are
Hindi words is taken for Hindi and left alone. (At 50 %, two garbled tokens of those pages would pass for
Hindi: `कब` "when" beside a misread; at 60 % none of their 591 does, and every token of the ten Hindi
sentences is still kept.) The card words of the terminology tables are added to the list
(``data/hi_game_words.txt``; Tesseract's lacks ताश and इक्का). A single Devanagari token is judged garble:
in a Bengali book, one Devanagari word is far more likely a misread than a quotation.

Running prose garbles into more Hindi words than random words do: 15 % of the `hin` tokens of
``bench.repair_garble_running``'s dev pages, and whole lines of soup such as `रा का रा, आर रा` or
`जात किन मापने जाप्मादत्त थामा` passed for Hindi and were left unrepaired (55 of their 1,782 tokens). So the
Hindi words that `hin` itself writes for Bengali words (at least 5 times in the 83,962 words of the channel's
training pages: शा, छत, का, कि, एक, जात…; ``data/hi_garble_words.tsv``, written by
:mod:`puthi.normalize.train_garble`) are no evidence of Hindi: 19 of those 1,782 tokens now pass, and of 540
tokens of real Hindi prose (stories and manuals, not written for puthi) the same 525 as before are kept.

>>> real_hindi_runs("ताश के खेल में चार खिलाड़ी होते हैं।")
[(0, 36)]
>>> real_hindi_runs("তাহা হইলে कब्रिब्री রাখে, যে कबব खेल")
[]

One Hindi word in quotation marks is a word the text quotes, not a misread: হিন্দীতে ইহাকে "ताश" বলে.

>>> real_hindi_runs('হিন্দীতে ইহাকে "ताश" বলে, "कब्रिब्री" নহে')
[(15, 20)]
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

import regex

DATA = Path(__file__).parent / "data"
WORD_FILES = (DATA / "hi_tesseract_words.txt", DATA / "hi_game_words.txt")
GARBLE_WORDS = DATA / "hi_garble_words.tsv"
MIN_SHARE = 0.6  # of a run's Devanagari tokens that must be Hindi words
MIN_RUN = 2  # Devanagari tokens

_TOKEN = regex.compile(r"\S+")
_EDGE = "\"'“”‘’«»„‚‹›,;:?!.।॥()[]-–—…|"
_DEVANAGARI_WORD = regex.compile(r"^[\u0900-\u097f\u200c\u200d]+(?:[-–—][\u0900-\u097f\u200c\u200d]+)*$")
_PARTS = regex.compile(r"[-–—]")
_QUOTED = regex.compile(r"^[\"'“‘«»„‚‹›][^\"'“”‘’«»„‚‹›]+[\"'“”‘’«»‹›][,;:?!.।॥)]*$")  # one word in quotation marks
_NEUTRAL = regex.compile(r"^[\p{Latin}\p{Nd}\p{P}\p{S}]*$")  # A, K, 52, (): inside a Hindi run, part of it


@functools.cache
def hindi_words() -> frozenset[str]:
    """The Hindi word list (NFC): Tesseract's, and the card words of ``hi_game_words.txt``; empty when the
    files are missing.

    >>> "खेल" in hindi_words(), "इक्का" in hindi_words()
    (True, True)
    """
    words: set[str] = set()
    for path in WORD_FILES:
        if path.exists():
            lines = path.read_text(encoding="utf-8").splitlines()
            words.update(unicodedata.normalize("NFC", w) for w in lines if w and not w.startswith("#"))
    return frozenset(words)


@functools.cache
def garble_words() -> frozenset[str]:
    """Hindi words that Tesseract ``hin`` often writes for Bengali words (``data/hi_garble_words.tsv``).

    >>> "शा" in garble_words(), "खेल" in garble_words()
    (True, False)
    """
    if not GARBLE_WORDS.exists():
        return frozenset()
    rows = GARBLE_WORDS.read_text(encoding="utf-8").splitlines()[2:]  # a comment and the header first
    return frozenset(unicodedata.normalize("NFC", row.split("\t")[0]) for row in rows if row)


def _is_word(core: str, words: frozenset[str]) -> bool:
    """A Hindi word, or words joined by hyphens (धीरे-धीरे, एक-दूसरे), that is not a common misreading."""
    if unicodedata.normalize("NFC", core) in garble_words():
        return False
    return all(unicodedata.normalize("NFC", part) in words for part in _PARTS.split(core) if part)


def real_hindi_runs(line: str) -> list[tuple[int, int]]:
    """``(start, end)`` code-point spans of ``line`` that are real Hindi: runs of at least ``MIN_RUN``
    whitespace-separated Devanagari tokens, at least ``MIN_SHARE`` of them Hindi words. Latin letters,
    digits and punctuation between them (``ताश के 52 पत्ते``, ``इक्का (A)``) neither count nor end a run;
    a Bengali word ends it."""
    words = hindi_words()
    runs: list[tuple[int, int]] = []
    run: list[tuple[int, int, bool, bool]] = []  # the run's Devanagari tokens: (start, end, a Hindi word, quoted)

    def close() -> None:
        if len(run) >= MIN_RUN and sum(w for _, _, w, _ in run) >= MIN_SHARE * len(run):
            runs.append((run[0][0], run[-1][1]))
        else:  # one Hindi word in quotes is a word the text quotes ("ताश" বলে), not a misread (a hostile tester)
            runs.extend((s, e) for s, e, word, quoted in run if word and quoted)
        run.clear()

    for m in _TOKEN.finditer(line):
        core = m.group().strip(_EDGE)
        if core and _DEVANAGARI_WORD.match(core):
            run.append((m.start(), m.end(), _is_word(core, words), bool(_QUOTED.match(m.group()))))
        elif not _NEUTRAL.match(core):
            close()
    close()
    return runs
