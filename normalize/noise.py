"""English passages that Tesseract ``ben`` read as digit soup: find them, and read them back where confident.

A Bengali model has no Latin letters, so an English sentence printed in a Bengali book comes out of
Tesseract ``ben`` as a run of ASCII and Bengali digits, brackets and stray signs:
``31110 ০০0া110310010110801011`` for "Strict compartmentation". Such runs are the largest single source
of error in modern Bengali OCR that quotes English (three quarters of the character errors of
``../shared/data/memoir-ocr-dev.json``), and no Bengali repair can touch them.

Deleting the soup does not help a reader and does not even lower the error rate: the soup keeps the
passage's word boundaries and lengths, which deletion throws away (measured in ``bench/results/repair.md``).
The soup is, however, a *noisy channel* output of the English: each Latin glyph is read as one or two
look-alike digits or signs (``S`` as ``3``, ``o`` as ``0`` or ``০``, ``m`` as ``11``). This module

1. finds soup tokens and runs (:func:`token_kind`, :func:`soup_runs`): a token mixing ASCII digits with
   other scripts or symbols, or an ASCII number with a leading zero, is soup; numbers and short tokens
   next to soup join its run; Bengali words, Latin words and Devanagari garble never do;
2. learns the channel ``P(soup | English letter)`` by hard EM over word pairs (:func:`learn_channel`,
   table ``data/en_soup_channel.tsv``);
3. reads each soup token back as the English word with the best channel cost plus word-frequency prior
   (``data/en_words.tsv``), and proposes it only when its posterior among the candidates is at least
   :data:`MIN_CONFIDENCE`. Every reading is an :class:`~puthi.normalize.edits.Edit` with rule
   ``english-from-soup`` and that posterior as its confidence; the soup itself stays in ``before``.

Tokens that are not read back confidently are left as they are: a visible, obviously unread passage is
more honest than a plausible English word the machine made up.

>>> [token_kind(t) for t in ["31110", "০০0া110310010110801011", "১৬", "32টি", "খেলা", "Sir,", "00"]]
['number', 'soup', 'number', 'number', 'word', 'word', 'soup']
>>> line = "রক্ষা করার জন্যই 31110 ০০0া110310010110801011 মেনে চলা হচ্ছিল ।"
>>> [line[a:b] for a, b in soup_runs(line)]
['31110 ০০0া110310010110801011']
"""

from __future__ import annotations

import argparse
import functools
import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import regex
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from puthi.normalize.edits import Edit

DATA = Path(__file__).resolve().parent / "data"
WORDS = DATA / "en_words.tsv"
CHANNEL = DATA / "en_soup_channel.tsv"
MEMOIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "memoir-ocr-dev.json"
DEV_SEGMENTS = range(0, 12)  # memoir segments 12-17 are held out: never used to learn or tune

RULE = "english-from-soup"
# Posterior of the best reading among the candidates. The default is conservative: at 0.5 about 40 % of the
# readings on memoir segments 0-11 are the right word; at 0.2 CER falls further (0.78x instead of 0.94x raw)
# but most readings are word salad, which a reader takes for text. Pass 0.2 to trade that for CER.
MIN_CONFIDENCE = 0.5
PRIOR_WEIGHT = 1.0  # weight of the word-frequency prior against the channel cost; set on segments 0-11
CANDIDATES = 150  # lexicon words re-scored per soup token (pre-selected by a fast edit distance)
CACHE_LIMIT = 100_000  # soup tokens whose readings are kept

TokenKind = Literal["soup", "number", "punct", "word"]

# Punctuation that stays at the edges of a word, English or Bengali (not [ ] | / %: those are soup glyphs).
EDGE_LEFT = "\"'\N{LEFT DOUBLE QUOTATION MARK}\N{LEFT SINGLE QUOTATION MARK}(\\-\N{EN DASH}\N{EM DASH}"
EDGE_RIGHT = "\"'\N{RIGHT DOUBLE QUOTATION MARK}\N{RIGHT SINGLE QUOTATION MARK}).,;:!?\\-\N{EN DASH}\N{EM DASH}"
_EDGES = regex.compile(f"^([{EDGE_LEFT}]*)(.*?)([{EDGE_RIGHT}]*)$", flags=regex.S)
_ASCII_DIGIT = regex.compile(r"[0-9]")
_ANY_DIGIT = regex.compile(r"[0-9\u09e6-\u09ef]")
_BN_DIGITS = "\u09e6-\u09ef"  # ০ .. ৯
# A number in one script, with separators, optionally followed by a Bengali suffix (১২টার, 32টি, ৩দিনের).
_NUMBER = regex.compile(
    rf"^(?:[0-9]+(?:[.,:/\-–][0-9]+)*|[{_BN_DIGITS}]+(?:[.,:/\-–][{_BN_DIGITS}]+)*)"
    r"(?:-?[\u0985-\u09b9\u09ce\u09dc-\u09df][\u0980-\u09e3]*)?$"
)
_LEADING_ZERO = regex.compile("^[0\N{BENGALI DIGIT ZERO}][0-9" + _BN_DIGITS + "]+$")
_MAY_HOLD_SOUP = regex.compile("[0-9]|\N{BENGALI DIGIT ZERO}[" + _BN_DIGITS + "]")
# Bengali digits alone (০১, ০৫:৩০): soup beside English soup, but a run of them alone is a date or a time.
_BENGALI_NUMBER = regex.compile(rf"^[{_BN_DIGITS}]+(?:[.,:/\-–][{_BN_DIGITS}]+)*$")
_PUNCT = regex.compile(r"^[\p{P}\p{S}]+$")
_DANDA = regex.compile("[\N{DEVANAGARI DANDA}\N{DEVANAGARI DOUBLE DANDA}\N{BENGALI CURRENCY NUMERATOR FOUR}]")
_OTHER_SCRIPT = regex.compile(r"[A-Za-z\u0900-\u0963\u0966-\u097f]")  # Latin words and Devanagari garble
_GRAPHEME = regex.compile(r"\X")
_BENGALI_LETTER = regex.compile(  # vowels and consonants, Assamese ৰ ৱ included (not signs or digits)
    "[\N{BENGALI LETTER A}-\N{BENGALI LETTER HA}\N{BENGALI LETTER KHANDA TA}\N{BENGALI LETTER RRA}-"
    "\N{BENGALI LETTER YYA}\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}]")
_BENGALI_SUFFIX = regex.compile(r"-[\u0985-\u09b9\u09dc-\u09df][\u0980-\u09e3]*$")


def split_edges(token: str) -> tuple[str, str, str]:
    """``(left punctuation, core, right punctuation)`` of a whitespace-free token.

    >>> split_edges("“(111110.”")
    ('“(', '111110', '.”')
    """
    m = _EDGES.match(token)
    assert m is not None  # the pattern matches every string
    return m.group(1), m.group(2), m.group(3)


def token_kind(token: str) -> TokenKind:
    """Classify a whitespace-free token as ``soup``, ``number``, ``punct`` or ``word``.

    ``soup``: an ASCII digit mixed with anything that a number does not have (Bengali digits or signs,
    brackets, ``%``), or a digit string with a leading zero. ``number``: digits of one script with
    separators, optionally with a Bengali suffix. ``punct``: punctuation only. ``word``: a token with a
    danda (it ends a Bengali sentence and so stops a run: ``0।`` is a number closing a sentence), and the
    rest, including Latin words and Devanagari garble, which are other passes' business.

    >>> [token_kind(t) for t in ["0৫", "[1006", "/%%/.08078981.001", "1971", "(10),", "।", "0।", "[", "ঘা,"]]
    ['soup', 'soup', 'soup', 'number', 'number', 'word', 'word', 'punct', 'word']
    """
    if _DANDA.search(token):
        return "word"
    core = split_edges(token)[1]
    if not core or _PUNCT.match(core):
        return "punct"
    if _OTHER_SCRIPT.search(core) or not _ANY_DIGIT.search(core):
        return "word"
    if _LEADING_ZERO.match(core):
        return "soup"
    if _NUMBER.match(core):
        return "number"
    return "soup" if _ASCII_DIGIT.search(core) else "number"


def _graphemes(text: str) -> int:
    return len(_GRAPHEME.findall(text))


def soup_runs(line: str) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the runs of soup in ``line``, from the first to the last token of each run.

    A run is a stretch of soup, number and punctuation tokens with at least one soup token; a short word
    (at most two letters, no danda) between two tokens of the run belongs to it (Tesseract reads some
    Latin glyphs as Bengali letters: ``ঘা``, ``যা``). A number alone stays a number, and so does a run
    whose only soup is Bengali digits with a leading zero (the date in ``খেলা ০১/০২ তারিখে``).

    >>> line = "-[00101861 ১০৮ ৮৪৫. আমার সাথে ১৬ জন"
    >>> [line[a:b] for a, b in soup_runs(line)]
    ['-[00101861 ১০৮ ৮৪৫.']
    >>> soup_runs("খেলা ০১ বার, ০৫:৩০ টায়")
    []
    """
    if not _MAY_HOLD_SOUP.search(line):  # every soup token has an ASCII digit or a leading Bengali zero
        return []
    tokens = [(m.start(), m.end(), m.group()) for m in regex.finditer(r"\S+", line)]
    kinds: list[str] = [token_kind(t) for _, _, t in tokens]
    for i in range(1, len(tokens) - 1):
        if kinds[i] == "word" and kinds[i - 1] != "word" and kinds[i + 1] != "word":
            text = tokens[i][2]
            if not _DANDA.search(text) and not _OTHER_SCRIPT.search(text) and _graphemes(split_edges(text)[1]) <= 2:
                kinds[i] = "absorbed"
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(tokens):
        if kinds[i] == "word":
            i += 1
            continue
        j = i
        while j < len(tokens) and kinds[j] != "word":
            j += 1
        if any(k == "soup" and not _BENGALI_NUMBER.match(split_edges(t)[1])
               for k, (_, _, t) in zip(kinds[i:j], tokens[i:j], strict=True)):
            runs.append((tokens[i][0], tokens[j - 1][1]))
        i = j
    return runs


# --- the channel: P(soup string | English letter) -------------------------------------------------------

_FALLBACK = {0: 4.0, 1: 5.0, 2: 7.0}  # costs (-ln p) of emissions never seen in training, by soup length
_INSERT_FALLBACK = 4.0


@dataclass(frozen=True)
class Channel:
    """How Tesseract ``ben`` writes each Latin letter: costs ``-ln P(soup | letter)`` for soup strings of
    length 0 (dropped), 1 or 2 (``m`` as ``11``), and for a soup character inserted between letters.

    >>> ch = Channel({"o": {"0": 0.5}}, {})
    >>> ch.cost("o", "0"), ch.cost("o", "৮") == _FALLBACK[1]
    (0.5, True)
    """

    emit: dict[str, dict[str, float]]
    insert: dict[str, float]

    def emission(self, letter: str, soup: str) -> float:
        """Cost of ``letter`` written as ``soup``; an upper-case letter unseen in training borrows its
        lower-case costs plus ln 3."""
        table = self.emit.get(letter)
        if table is None and letter != letter.lower() and letter.lower() in self.emit:
            return self.emit[letter.lower()].get(soup, _FALLBACK[len(soup)]) + math.log(3)
        return (table or {}).get(soup, _FALLBACK[len(soup)])

    def insertion(self, soup_char: str) -> float:
        return self.insert.get(soup_char, _INSERT_FALLBACK)

    def align(self, english: str, soup: str) -> tuple[float, list[tuple[str, str]]]:
        """The cheapest way ``english`` became ``soup``: its cost and the pairs (letter or '', soup string).

        >>> Channel({"m": {"11": 0.3}, "e": {"6": 0.2}}, {}).align("me", "116")
        (0.5, [('m', '11'), ('e', '6')])
        """
        n, m = len(english), len(soup)
        inf = float("inf")
        best = [[inf] * (m + 1) for _ in range(n + 1)]
        back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
        best[0][0] = 0.0
        for i in range(n + 1):
            row = best[i]
            for j in range(m + 1):
                here = row[j]
                if here == inf:
                    continue
                if j < m:  # an extra soup character
                    c = here + self.insertion(soup[j])
                    if c < row[j + 1]:
                        row[j + 1], back[i][j + 1] = c, (i, j)
                if i < n:
                    letter, nxt = english[i], best[i + 1]
                    for k in (0, 1, 2):
                        if j + k <= m:
                            c = here + self.emission(letter, soup[j : j + k])
                            if c < nxt[j + k]:
                                nxt[j + k], back[i + 1][j + k] = c, (i, j)
        pairs: list[tuple[str, str]] = []
        i, j = n, m
        while (i, j) != (0, 0):
            prev = back[i][j]
            assert prev is not None
            pi, pj = prev
            pairs.append((english[pi] if pi < i else "", soup[pj:j]))
            i, j = pi, pj
        return best[n][m], pairs[::-1]

    def cost(self, english: str, soup: str) -> float:
        """``-ln P(soup | english)`` along the best alignment."""
        return self.align(english, soup)[0]


def learn_channel(pairs: Iterable[tuple[str, str]], iterations: int = 5, smoothing: float = 0.5) -> Channel:
    """Learn a :class:`Channel` from (English word, soup token) pairs by hard EM: align every pair with the
    current costs, count what each letter became, turn the counts into costs, repeat.

    >>> ch = learn_channel([("to", "10"), ("too", "100"), ("onto", "0110")] * 3)
    >>> ch.align("toot", "1001")[1]
    [('t', '1'), ('o', '0'), ('o', '0'), ('t', '1')]
    """
    pairs = list(pairs)
    channel = Channel({}, {})
    for _ in range(iterations):
        emits: dict[str, Counter[str]] = defaultdict(Counter)
        inserts: Counter[str] = Counter()
        for english, soup in pairs:
            for letter, out in channel.align(english, soup)[1]:
                if letter:
                    emits[letter][out] += 1
                else:
                    inserts[out] += 1
        emit: dict[str, dict[str, float]] = {}
        for letter, outs in emits.items():
            total = sum(outs.values()) + smoothing * 3
            emit[letter] = {o: -math.log((c + smoothing) / total) for o, c in outs.items()}
        n_soup = sum(len(s) for _, s in pairs) or 1
        insert = {s: -math.log((c + smoothing) / n_soup) for s, c in inserts.items()}
        channel = Channel(emit, insert)
    return channel


def write_channel(channel: Channel, path: Path, source: str) -> None:
    """Write the channel as a TSV table (kind, letter, soup, cost, source)."""
    lines = ["# How Tesseract ben writes Latin letters (English in Bengali books): cost = -ln P(soup | letter).",
             f"# source: {source}",
             "# derived by: python -m puthi.normalize.noise --build-channel",
             "kind\tletter\tsoup\tcost\tsource"]
    for letter in sorted(channel.emit):
        for soup, cost in sorted(channel.emit[letter].items(), key=lambda kv: kv[1]):
            lines.append(f"emit\t{letter}\t{json.dumps(soup, ensure_ascii=False)}\t{cost:.4f}\tmemoir-dev")
    for soup, cost in sorted(channel.insert.items(), key=lambda kv: kv[1]):
        lines.append(f"insert\t\t{json.dumps(soup, ensure_ascii=False)}\t{cost:.4f}\tmemoir-dev")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@functools.cache
def load_channel(path: Path = CHANNEL) -> Channel:
    """The committed channel table (:func:`write_channel`)."""
    emit: dict[str, dict[str, float]] = defaultdict(dict)
    insert: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("kind\t") or not line.strip():
            continue
        kind, letter, soup, cost, _source = line.split("\t")
        if kind == "emit":
            emit[letter][json.loads(soup)] = float(cost)
        else:
            insert[json.loads(soup)] = float(cost)
    return Channel(dict(emit), insert)


# --- word pairs from the memoir's dev segments ----------------------------------------------------------

_CURLY = "\N{LEFT SINGLE QUOTATION MARK}\N{RIGHT SINGLE QUOTATION MARK}\N{LEFT DOUBLE QUOTATION MARK}"\
    "\N{RIGHT DOUBLE QUOTATION MARK}"
_STRAIGHT = str.maketrans({"\N{RIGHT SINGLE QUOTATION MARK}": "'", "\N{LEFT SINGLE QUOTATION MARK}": "'"})


def english_word_pairs(reference: str, ocr: str) -> list[tuple[str, str]]:
    """(English word, soup token) pairs of one page: the reference's English stretches aligned with the OCR,
    kept where both sides have the same number of words. Edge punctuation is stripped from both.

    >>> english_word_pairs("আমি Take care Sir আর", "আমি 1৪1০6 ০৪1০ 311 আর")
    [('Take', '1৪1০6'), ('care', '০৪1০'), ('Sir', '311')]
    """
    from puthi.ocr.metrics import align  # the CER definition's own alignment

    pairs: list[tuple[str, str]] = []
    zone_ref: list[str] = []
    zone_hyp: list[str] = []

    def close() -> None:
        ref_words = "".join(zone_ref).split()
        hyp_words = "".join(zone_hyp).split()
        if ref_words and len(ref_words) == len(hyp_words):
            for r, h in zip(ref_words, hyp_words, strict=True):
                rc, hc = split_edges(r.translate(_STRAIGHT))[1], split_edges(h)[1]
                if regex.fullmatch(r"[A-Za-z']+", rc) and hc and token_kind(h) != "word":
                    pairs.append((rc, hc))
        zone_ref.clear()
        zone_hyp.clear()

    for r, h in align(reference, ocr):
        if r and not r.isascii() and r not in _CURLY:
            close()
            continue
        zone_ref.append(r)
        zone_hyp.append(h)
    close()
    return pairs


def memoir_pairs(path: Path = MEMOIR, segments: Iterable[int] = DEV_SEGMENTS) -> list[tuple[str, str]]:
    """Word pairs from the memoir's development segments (never the held-out 12-17)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [p for k in segments for p in english_word_pairs(data[k]["clean"], data[k]["ocr"])]


# --- reading soup back as English -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """The English word read from one soup token, with its posterior among the candidates."""

    word: str
    confidence: float
    cost: float


def _read_words(path: Path = WORDS) -> dict[str, float]:
    words: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("word\t") or not line.strip():
            continue
        word, zipf, _source = line.split("\t")
        words[word] = float(zipf)
    return words


@functools.cache
def _english_words() -> frozenset[str]:
    return frozenset(w.casefold() for w in _read_words())


_LATIN_WORD = regex.compile(r"[A-Za-z]{2,}")
_INDIC_LETTER = regex.compile(r"[\u0900-\u09ff]")


def legacy_font_text(text: str, min_words: int = 20) -> bool:
    """Whether ``text`` looks like Bengali typed in a legacy font encoding (Bijoy, SutonnyMJ: Bengali glyphs on
    ASCII codes, so "তাস খেলার নিয়ম" is stored as "Zvm ‡Ljvi wbqg"; a newcomer's file passed through unwarned): no
    Bengali or Devanagari character, at least ``min_words`` Latin words, fewer than a third of them English, and
    the encoding's own marks: its glyph pieces (‡ for the vowel sign ে, ¨ for the ya-phala) or capitals inside
    words (KzwU, where capitals are consonants). Romanised Bengali, German, or English full of names are no such
    text (a review).

    >>> legacy_font_text("Zvm ‡Ljvi wbqg: cÖ‡Z¨K ‡L‡jvqvo `kwU K‡i Zvm cvq| " * 4)
    True
    >>> legacy_font_text("The rules of the game are simple: each player is dealt ten cards in turn. " * 3)
    False
    >>> legacy_font_text("ami tomake bhalobashi, aj raate amra tash khelbo, bisti ar grabu duto khela. " * 3)
    False
    """
    if _INDIC_LETTER.search(text):
        return False
    sample = text[:WORDS_SAMPLE]
    words = _LATIN_WORD.findall(sample)
    english = _english_words()
    if len(words) < min_words or sum(w.casefold() in english for w in words) >= len(words) / 3:
        return False
    inner_capitals = sum(bool(_INNER_CAPITAL.search(w)) for w in words)
    return len(_BIJOY_MARKS.findall(sample)) >= len(words) / 20 or inner_capitals >= len(words) / 5


_BIJOY_MARKS = regex.compile("[\N{DOUBLE DAGGER}\N{DIAERESIS}\N{MODIFIER LETTER CIRCUMFLEX ACCENT}"
                             "\N{MACRON}\N{PILCROW SIGN}\N{LATIN CAPITAL LETTER O WITH DIAERESIS}]")
_INNER_CAPITAL = regex.compile("[a-z][A-Z]")


WORDS_SAMPLE = 64 * 1024  # the characters whose words decide :func:`legacy_font_text`
LEGACY_FONT_NOTE = ("no Bengali letters, and its Latin words are not English: if it is Bengali typed in a legacy "
                    "font encoding (Bijoy, SutonnyMJ), convert it to Unicode first (a Bijoy-to-Unicode converter); "
                    "puthi reads Unicode Bengali and Assamese")


class EnglishReader:
    """Reads soup tokens back as English words: channel cost plus a word-frequency prior.

    Candidates are pre-selected by a fast edit distance between the soup and each word's most likely
    soup spelling, then scored exactly with :meth:`Channel.cost`.
    """

    def __init__(self, channel: Channel, words: dict[str, float], prior_weight: float = PRIOR_WEIGHT,
                 candidates: int = CANDIDATES) -> None:
        self.channel = channel
        self.prior_weight = prior_weight
        self.candidates = candidates
        self.forms: list[str] = []
        self.log_prior: list[float] = []
        for word, zipf in words.items():
            if len(word) == 1 and word not in ("a", "i"):
                continue  # single letters other than a and I are abbreviations, not words a passage is made of
            variants = ["I"] if word == "i" else [word, word.capitalize()]
            for form in dict.fromkeys(variants):
                self.forms.append(form)
                self.log_prior.append((zipf - 9.0) * math.log(10))
        self.keys = [self._spell(f) for f in self.forms]
        self._cache: dict[str, Reading | None] = {}  # soup token -> reading: a book repeats its soup

    def _spell(self, word: str) -> str:
        """The word's single most likely soup spelling (for candidate pre-selection)."""
        out = []
        for letter in word:
            table = self.channel.emit.get(letter) or self.channel.emit.get(letter.lower()) or {"": 0.0}
            out.append(min(table.items(), key=lambda kv: kv[1])[0])
        return "".join(out)

    def read(self, soup: str) -> Reading | None:
        """The best English reading of one soup token (no edge punctuation), or None when there is none."""
        if soup not in self._cache:
            if len(self._cache) > CACHE_LIMIT:
                self._cache.clear()
            self._cache[soup] = self._read(soup)
        return self._cache[soup]

    def _read(self, soup: str) -> Reading | None:
        if not soup:
            return None
        found = process.extract(soup, self.keys, scorer=Levenshtein.distance, limit=self.candidates)
        scored: list[tuple[float, str]] = []
        for _key, _dist, index in found:
            form = self.forms[index]
            if not len(soup) / 3 <= len(form) <= len(soup) * 2 + 1:
                continue
            scored.append((self.channel.cost(form, soup) - self.prior_weight * self.log_prior[index], form))
        if not scored:
            return None
        scored.sort()
        best_cost = scored[0][0]
        z = sum(math.exp(best_cost - c) for c, _ in scored)
        return Reading(scored[0][1], 1.0 / z, best_cost)


@functools.cache
def default_reader() -> EnglishReader:
    """The reader built from the committed tables (loaded once per process)."""
    return EnglishReader(load_channel(), _read_words())


def english_edits(line: str, reader: EnglishReader | None = None, min_confidence: float = MIN_CONFIDENCE
                  ) -> list[Edit]:
    """Edits that replace soup tokens of ``line`` by their English reading, where confident.

    Only the token's core changes; its edge punctuation stays. Offsets are into ``line``.
    """
    runs = soup_runs(line)
    if not runs:
        return []
    reader = reader or default_reader()
    edits: list[Edit] = []
    for a, b in runs:
        for m in regex.finditer(r"\S+", line[a:b]):
            if token_kind(m.group()) not in ("soup", "number"):
                continue  # punctuation, and short Bengali words inside a run (এর in `141] এর`), stay
            left, core, _right = split_edges(m.group())
            if len(core) == 1 and core.isdigit():
                continue  # one digit is a number as often as a one-letter word ("for 3 days": a newcomer's 3 was a)
            suffix = _BENGALI_SUFFIX.search(core)
            if suffix:  # `/0:-র`: English read as soup, then a Bengali case ending that stays
                core = core[: suffix.start()]
            if 2 * len(_BENGALI_LETTER.findall(core)) >= len(core):
                continue  # mostly Bengali letters (হ8ল): a Bengali word with a misread sign, not English
            reading = reader.read(core)
            if reading is None or reading.confidence < min_confidence or reading.word == core:
                continue
            start = a + m.start() + len(left)
            edits.append(Edit(start, start + len(core), core, reading.word, RULE, round(reading.confidence, 3)))
    return edits


def main(argv: list[str] | None = None) -> int:
    """``python -m puthi.normalize.noise --build-channel``: learn the channel table from memoir segments 0-11;
    ``python -m puthi.normalize.noise FILE``: print the English readings of a text's soup."""
    parser = argparse.ArgumentParser(description="English passages read as digit soup by Tesseract ben")
    parser.add_argument("file", nargs="?", help="a text to read the soup of")
    parser.add_argument("--build-channel", action="store_true", help=f"learn {CHANNEL.name} from {MEMOIR.name}")
    args = parser.parse_args(argv)
    if args.build_channel:
        if not MEMOIR.exists():
            parser.error(f"{MEMOIR} not found: put ../shared/data beside the repository to learn the channel")
        pairs = memoir_pairs()
        write_channel(learn_channel(pairs), CHANNEL,
                      f"{MEMOIR.name} segments 0-11 ({len(pairs)} word pairs, hard EM; segments 12-17 held out), MIT")
        print(f"wrote {CHANNEL} from {len(pairs)} word pairs")
    if args.file:
        for number, line in enumerate(Path(args.file).read_text(encoding="utf-8").splitlines(), start=1):
            for e in english_edits(line, min_confidence=0.0):
                print(f"{number}\t{e.before}\t{e.after}\t{e.confidence}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
