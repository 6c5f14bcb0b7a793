"""Character and word error rates, counted the way dinglehopper counts them.

A "character" is an extended grapheme cluster (``regex`` ``\\X``): what a reader sees as one letter, so
কি is one character, not two code points, and a dropped vowel sign is one error. Both texts are put in NFC
and their whitespace collapsed first. CER is the Levenshtein distance between the grapheme sequences over
the number of reference graphemes; WER the same over words (Unicode word boundaries, UAX #29, keeping only
words with a letter or digit). The distance is computed by rapidfuzz on integer-coded sequences.

>>> cer("খেলা", "খলা")      # the e-sign dropped: খে read as খ, one of two graphemes
0.5
>>> wer("তাস খেলা হয়", "তাস খেলা হয়")
0.0
>>> align("তাস", "তাশ")
[('তা', 'তা'), ('স', 'শ')]
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import regex
from rapidfuzz.distance import Levenshtein

__all__ = ["Score", "align", "cer", "graphemes", "normalize", "score", "segmentation", "unicode_version", "wer",
           "words"]

_SPACE = regex.compile(r"\s+")
_GRAPHEME = regex.compile(r"\X")
_WORD_BOUNDARY = regex.compile(r"\b", flags=regex.V1 | regex.WORD)
# A "word" made only of these categories is not counted (dinglehopper: punctuation, symbols, separators,
# marks, other; and the control/format subcategories).
_NOT_WORD = frozenset("OMPZS")


def normalize(text: str) -> str:
    """NFC, every run of whitespace (newlines included) made one space, no space at the ends.

    >>> normalize("  তাস\\n\\n খেলা ")
    'তাস খেলা'
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def graphemes(text: str) -> list[str]:
    """The extended grapheme clusters of the normalized text.

    >>> graphemes("বিস্তি")
    ['বি', 'স্তি']
    """
    return _GRAPHEME.findall(normalize(text))


def _is_word(token: str) -> bool:
    return any(unicodedata.category(c)[0] not in _NOT_WORD and unicodedata.category(c) not in ("Cc", "Cf")
               for c in token)


def words(text: str) -> list[str]:
    """The words of the normalized text: pieces between Unicode word boundaries that hold a letter or digit.

    >>> words("দছ-গুটি খেলা, ১২৩টি ঘর।")
    ['দছ', 'গুটি', 'খেলা', '১২৩টি', 'ঘর']
    """
    return [t for t in _WORD_BOUNDARY.split(normalize(text)) if t and _is_word(t)]


def _coded(a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    """Both sequences with each distinct item replaced by a small integer (the same item, the same code)."""
    codes: dict[str, int] = {}
    return [codes.setdefault(x, len(codes)) for x in a], [codes.setdefault(x, len(codes)) for x in b]


def _distance(a: list[str], b: list[str]) -> int:
    return Levenshtein.distance(*_coded(a, b))


def _rate(errors: int, n: int) -> float:
    # dinglehopper: no errors is 0 even for an empty reference; errors against an empty reference are infinite.
    if errors == 0:
        return 0.0
    return errors / n if n else float("inf")


def cer(reference: str, hypothesis: str) -> float:
    """Character error rate: grapheme edit distance over the number of reference graphemes.

    Can exceed 1 when the hypothesis is much longer; ``inf`` for a non-empty hypothesis of an empty reference.

    >>> cer("বিস্তি", "ৰিস্তি")
    0.5
    >>> cer("", "")
    0.0
    """
    ref = graphemes(reference)
    return _rate(_distance(ref, graphemes(hypothesis)), len(ref))


def wer(reference: str, hypothesis: str) -> float:
    """Word error rate: word edit distance over the number of reference words.

    >>> wer("গোলাম চোর খেলা", "গোলাম চোৰ খেলা")
    0.3333333333333333
    """
    ref = words(reference)
    return _rate(_distance(ref, words(hypothesis)), len(ref))


def align(reference: str, hypothesis: str) -> list[tuple[str, str]]:
    """A minimal alignment of the two grapheme sequences, as pairs (reference grapheme, hypothesis grapheme).

    Matches are pairs of equal graphemes, substitutions pairs of different ones, a deletion is ``(g, '')``
    and an insertion ``('', g)``: reading the first items gives the reference back, the second the hypothesis.
    The pairs that differ are the confusions.

    >>> align("খেলা হয়", "থেলা, হয়")
    [('খে', 'থে'), ('লা', 'লা'), ('', ','), (' ', ' '), ('হ', 'হ'), ('য়', 'য়')]
    """
    ref, hyp = graphemes(reference), graphemes(hypothesis)
    pairs: list[tuple[str, str]] = []
    for op in Levenshtein.opcodes(*_coded(ref, hyp)):
        if op.tag == "equal" or op.tag == "replace":
            pairs.extend(zip(ref[op.src_start:op.src_end], hyp[op.dest_start:op.dest_end], strict=True))
        elif op.tag == "delete":
            pairs.extend((g, "") for g in ref[op.src_start:op.src_end])
        else:
            pairs.extend(("", g) for g in hyp[op.dest_start:op.dest_end])
    return pairs


@dataclass(frozen=True)
class Score:
    """Error counts for one pair of texts or, summed with ``+``, for a corpus (errors over all references).

    >>> total = score("তাস খেলা", "তাস খলা") + score("গোলাম", "গোলাম")
    >>> total.char_errors, total.graphemes, round(total.cer, 3)
    (1, 8, 0.125)
    """

    char_errors: int = 0
    graphemes: int = 0
    word_errors: int = 0
    words: int = 0
    pairs: int = 0

    @property
    def cer(self) -> float:
        return _rate(self.char_errors, self.graphemes)

    @property
    def wer(self) -> float:
        return _rate(self.word_errors, self.words)

    def __add__(self, other: Score) -> Score:
        return Score(self.char_errors + other.char_errors, self.graphemes + other.graphemes,
                     self.word_errors + other.word_errors, self.words + other.words, self.pairs + other.pairs)


def score(reference: str, hypothesis: str) -> Score:
    """The counts behind :func:`cer` and :func:`wer` for one pair."""
    ref_g, ref_w = graphemes(reference), words(reference)
    return Score(_distance(ref_g, graphemes(hypothesis)), len(ref_g), _distance(ref_w, words(hypothesis)),
                 len(ref_w), 1)


def unicode_version() -> str:
    """The Unicode version of the character database used for NFC and categories (Python's ``unicodedata``).

    >>> unicode_version().count(".")
    2
    """
    return unicodedata.unidata_version


def segmentation() -> str:
    """How graphemes are segmented: the ``regex`` module's version and whether a conjunct is one grapheme.

    Unicode 15.1 made a consonant + virama + consonant (ক্ষ) one extended grapheme cluster; older segmenters
    count two, which changes CER on Bengali. Reports cite this next to :func:`unicode_version`.

    >>> segmentation().startswith("regex ")
    True
    """
    conjunct = "\N{BENGALI LETTER KA}\N{BENGALI SIGN VIRAMA}\N{BENGALI LETTER SSA}"
    if len(_GRAPHEME.findall(conjunct)) == 1:
        rules = "conjuncts one grapheme: UAX #29 of Unicode 15.1 or later"
    else:
        rules = "conjuncts split: UAX #29 before Unicode 15.1"
    return f"regex {regex.__version__} \\X ({rules})"
