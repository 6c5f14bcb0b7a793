"""Wrong-script repair: Bengali that a Hindi OCR model read as Devanagari (and Latin) look-alikes.

A Hindi model reading a Bengali page writes, for each Bengali glyph, the Devanagari or Latin sign it looks
like most: `कब्रिब्री` for করিয়া, `८` or `c` for the vowel sign ে (drawn before its consonant), `t` for া,
`२१` for ১৭. The mapping is between shapes, not code points, so shifting Unicode blocks does not undo it.

This module undoes it as a noisy channel. The channel, P(garble segment | Bengali segment) in visual order,
is learned by :mod:`puthi.normalize.train_garble` from Bengali text rendered in every installed font and read
by Tesseract ``hin`` (``data/garble_channel.tsv``). A beam search over segmentations of the garbled token
proposes Bengali readings, scored by the channel, a character n-gram model of Bengali words
(:mod:`puthi.normalize.charlm`) and a bonus for words the lexicon lists. :func:`decode` gives the n-best
readings of one token, :func:`fix_line` the edits for a line.

>>> line = "তাহা হইলে कब्रिब्री রাখে"
>>> edits = fix_line(line)
>>> [(line[e.start:e.end], e.rule) for e in edits]
[('कब्रिब्री', 'wrong-script')]
>>> fix_line("তাস খেলা হয় in English too")
[]
"""

from __future__ import annotations

import copy
import functools
import hashlib
import heapq
import math
import os
import pickle
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import regex

from puthi.normalize import native
from puthi.normalize.charlm import CharLM
from puthi.normalize.detect import written_so
from puthi.normalize.edits import Edit, apply_edits
from puthi.normalize.garble_visual import devanagari_to_visual, from_visual, to_visual
from puthi.normalize.hindi import real_hindi_runs
from puthi.normalize.lexicon import is_offensive, load_lexicon, term_forms

__all__ = ["Channel", "Decoder", "DecoderConfig", "apply_edits", "decode", "default_decoder", "find_garbled",
           "fix_line", "load_channel"]

DATA = Path(__file__).resolve().parent / "data"
CHANNEL_TSV = DATA / "garble_channel.tsv"
#: The seed's own garble habits, learned from the dev half of tests/normalize/data/seed000_gold.json only
#: (``python -m puthi.normalize.train_garble --adapt``), and their share of the mixed channel.
SEED_DEV_TSV = DATA / "garble_channel_seed000dev.tsv"
ADAPT_SHARE = 0.1
RULE = "wrong-script"

# Not the danda । ॥, which Bengali uses, nor ॰, Assamese's sign of an abbreviation (ড॰ for "Dr.", a review)
_DEVANAGARI = regex.compile(r"[\u0900-\u0963\u0966-\u096f\u0971-\u097f]")
# A percentage: its % is the sign, not a glyph read as one (a review: ৬০% had become ৬০০)
_PERCENT = regex.compile(r"[০-৯0-9]+(?:[.,][০-৯0-9]+)?%")
BENGALI_SIGNS = "".join(chr(c) for c in range(0x0980, 0x0A00) if unicodedata.category(chr(c))[0] in "LM")
IDENTITY_LOGP = math.log(0.9)  # a Bengali sign in a garbled token read as itself
# Chosen on the dev splits: garbled prose CER 0.3765 with no boost, 0.3738 at 4; seed 000's dev words read
# alone 2 -> 3 of 17; synthetic random words 0.3015 -> 0.3027 (`bench.repair_garble_running`, `--split dev`).
TERM_BOOST = 4.0
# Vowels, consonants and vowel signs: what a Bengali model wrote in a mixed token, kept by its reading.
_BENGALI_LETTERS = regex.compile(r"[\u0985-\u09b9\u09be-\u09cc\u09ce\u09d7\u09dc-\u09df\u09f0\u09f1]")
_DEVANAGARI_CONSONANT = regex.compile(r"[\u0915-\u0939\u0958-\u095f]")
_BENGALI = regex.compile(r"[\u0980-\u09ff]")
_LATIN = regex.compile(r"[A-Za-z]")
_LATIN_RUN = regex.compile(r"[A-Za-z]+")
# Signs a Hindi/English model writes for Bengali glyphs it cannot read (seen in seed 000 and in training).
LOOKALIKE_SYMBOLS = "•*★°%"
LONE_SIGNS = "•★°"
_SYMBOL = regex.compile("[" + regex.escape(LOOKALIKE_SYMBOLS) + "]")
# Punctuation that stays outside a repair: it is the same in Bengali text.
_EDGE = "\"'“”‘’,;:?।॥()[]-–—…."
_DIGITS_BN = regex.compile(r"[\u09e6-\u09ef]")
BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯"
_LETTER = regex.compile(r"\p{L}|\p{M}")


def is_numeric(token: str) -> bool:
    """True when ``token`` has a digit (any script) and no letter or vowel sign: ``२१``, ``৩•``, ``१२४``.

    >>> is_numeric("৩•"), is_numeric("२१"), is_numeric("e"), is_numeric("कब")
    (True, True, False, False)
    """
    return any(unicodedata.category(c) == "Nd" for c in token) and not _LETTER.search(token)


#: How sure a digit read as a Bengali digit of another value is (a guess between the look-alike and the value):
#: below the default ``--min-score`` of ``puthi terms``, so such a number is not reported as found.
DIGIT_GUESS = 0.4


@dataclass(frozen=True)
class Channel:
    """The learned channel: for each garble segment, the Bengali segments it came from, best first.

    ``by_garble[g]`` lists ``(bengali, log P(g | bengali))``; ``by_garble[""]`` holds the Bengali segments
    the OCR dropped. ``known`` is every garble character the table has seen. ``first_share[g]`` is how often
    ``g`` came from its first source: P(that source | g).
    """

    by_garble: dict[str, list[tuple[str, float]]]
    known: frozenset[str]
    max_garble: int
    common: tuple[tuple[str, float], ...] = ()
    commonest_digit: str = "\N{BENGALI DIGIT ZERO}"
    first_share: dict[str, float] = field(default_factory=dict)


def read_joint(path: Path) -> dict[tuple[str, str], float]:
    """The joint probabilities of a channel table: ``{(bengali, garble): P}``.

    >>> read_joint(CHANNEL_TSV)[("\N{BENGALI LETTER KA}", "\N{DEVANAGARI LETTER KA}")] > 0.001
    True
    """
    if not path.exists():
        raise FileNotFoundError(f"{path}: garble channel table missing; run: python -m puthi.normalize.train_garble")
    table: dict[tuple[str, str], float] = {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or line.startswith("bengali\t"):
                continue
            src, garble, joint, _cond, _source = line.rstrip("\n").split("\t")
            table[(src, garble)] = table.get((src, garble), 0.0) + float(joint)
    return table


@functools.lru_cache(maxsize=4)
def load_channel(path: Path = CHANNEL_TSV, per_segment: int = 12, adapt: Path | None = None,
                 adapt_share: float = ADAPT_SHARE) -> Channel:
    """Read ``garble_channel.tsv`` keeping the ``per_segment`` likeliest Bengali sources of each garble segment.

    With ``adapt`` (a table of the same form, such as the one ``train_garble --adapt`` learns from the dev
    half of the seed 000 gold; off by default: it did not help in leave-one-out tests), the joint
    probabilities are mixed, ``(1 - adapt_share) * synthetic + adapt_share * adapt``, before P(garble |
    Bengali) is computed. ``adapt=None`` gives the synthetic channel alone.

    >>> ch = load_channel()
    >>> any(b == "\N{BENGALI DIGIT TWO}" for b, _ in ch.by_garble["\N{DEVANAGARI DIGIT TWO}"])
    True
    """
    joint = {k: (1.0 - adapt_share) * v for k, v in read_joint(path).items()} if adapt else read_joint(path)
    if adapt is not None and adapt.exists():
        for k, v in read_joint(adapt).items():
            joint[k] = joint.get(k, 0.0) + adapt_share * v
    by_src: dict[str, float] = defaultdict(float)
    for (src, _), j in joint.items():
        by_src[src] += j
    rows: dict[str, list[tuple[float, str, float]]] = defaultdict(list)
    for (src, garble), j in joint.items():
        # An inserted garble segment (no Bengali source) costs its joint probability, anything else P(g | b).
        rows[garble].append((j, src, math.log(j if not src else j / by_src[src])))
    by_garble = {g: [(s, lc) for _, s, lc in sorted(r, reverse=True)[:per_segment]] for g, r in rows.items()}
    known = frozenset(c for g in by_garble for c in g)
    # Sources for a glyph the table never saw: the commonest single Bengali letters and signs.
    singles = sorted(((v, s) for s, v in by_src.items() if len(s) == 1), reverse=True)[:40]
    common = tuple((s, math.log(1.0 / len(singles))) for _, s in singles)
    digits = sorted((v, s) for s, v in by_src.items() if len(s) == 1 and s in BENGALI_DIGITS)
    commonest = digits[-1][1] if digits else BENGALI_DIGITS[0]
    shares = {g: max(r)[0] / sum(j for j, _, _ in r) for g, r in rows.items()}
    return Channel(by_garble, known, max((len(g) for g in by_garble), default=1), common, commonest, shares)


@dataclass(frozen=True)
class DecoderConfig:
    """Search and scoring settings (weights in nats).

    A reading the lexicon lists scores channel + ``word_weight`` x log P(word | lexicon) (the lexicon with
    web counts; 0.8 chosen on the dev split of ``bench.repair_garble_running --sweep``: garbled prose CER
    0.388 at 0.5, 0.376 at 0.8, 0.371 at 1.0, where random rare words do worse, 0.300 -> 0.303); a reading it does
    not list scores channel + ``lm_weight`` x log P(word | character model) - ``oov_penalty`` (searched only
    when no lexicon word costs less than ``open_below`` nats of channel per garble sign). The posterior
    among the n-best is a softmax of those scores divided by ``temperature``. Both searches drop a
    hypothesis more than ``prune`` nats below the best one at the same garble position. A reading that the
    same document spells in clean text gains ``document_bonus`` (chosen on the dev split of
    ``bench.repair_garble_context``: word accuracy 0.367 with no bonus, 0.456 at 2, 0.497 at 4, 0.495 at 6).
    An edit's confidence is the first reading's share mapped by ``calibration`` (slope, intercept) as
    sigmoid(slope x logit(share) + intercept), so that it says how often such a reading is right: fitted on
    the synthetic dev split (``python -m bench.repair_garble --calibration --split dev``), where the raw share
    averaged 0.69 for readings right 40 % of the time.
    """

    beam: int = 8
    lexicon_beam: int = 24
    channel_weight: float = 1.0
    word_weight: float = 0.8
    lm_weight: float = 1.0
    oov_penalty: float = 2.0
    open_below: float = 2.5
    prune: float = 9.0
    substitute_floor: float = 9.0
    skip_floor: float = 9.0
    unknown_penalty: float = 6.0
    drop_penalty: float = 3.0
    drops: int = 6
    temperature: float = 1.0
    nbest: int = 5
    max_token: int = 40
    document_bonus: float = 4.0
    calibration: tuple[float, float] = (0.34, -1.05)

    def __post_init__(self) -> None:
        if not self.calibration[0] > 0:
            raise ValueError(f"calibration={self.calibration}: the slope must be > 0, or a likelier reading would "
                             "get a lower confidence")


_NEG = float("-inf")


def logit(p: float) -> float:
    """log(p / (1 - p)), kept finite at 0 and 1."""
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


def sigmoid(x: float) -> float:
    """1 / (1 + e^-x), the inverse of :func:`logit`."""
    return 1.0 / (1.0 + math.exp(-min(max(x, -50.0), 50.0)))


TOKEN_CACHE_SIZE = 20_000  # garbled tokens whose readings are kept (a few kB each); emptied when it passes this


@dataclass
class Decoder:
    """Beam search from a garbled token to Bengali readings.

    Two searches share the channel: one walks a prefix table of the lexicon (every prefix of every word in
    visual order, with the log of the frequency mass of the words under it, which is both the trie and a
    look-ahead prior), the other spells any word with the character model ``lm`` (trained on the lexicon
    in visual order). ``lexicon`` maps logical-order Bengali words to (pseudo-)frequencies.
    """

    channel: Channel
    lm: CharLM
    lexicon: dict[str, float]
    config: DecoderConfig = field(default_factory=DecoderConfig)

    def __post_init__(self) -> None:
        mass: dict[str, float] = defaultdict(float)
        words: dict[str, float] = {}
        for word, f in self.lexicon.items():
            if f <= 0:
                continue
            v = to_visual(word)
            words[v] = words.get(v, 0.0) + f
            for i in range(1, len(v) + 1):
                mass[v[:i]] += f
        log_total = math.log(sum(words.values()) or 1.0)
        self._prefix = {p: math.log(m) - log_total for p, m in mass.items()}
        self._prefix[""] = 0.0
        # For each prefix, the letters that can follow it: {letter: (longer prefix, its log mass)}.
        self._following: dict[str, dict[str, tuple[str, float]]] = defaultdict(dict)
        for p, m in self._prefix.items():
            if p:
                self._following[p[:-1]][p[-1]] = (p, m)
        # Richest first, so a walk over the children can stop at the first one below a bound.
        self._following = {p: dict(sorted(k.items(), key=lambda kv: -kv[1][1])) for p, k in self._following.items()}
        self._word = {v: math.log(f) - log_total for v, f in words.items()}
        self._trie = native.FlatTrie(self._prefix, self._following)
        self._flat_lm = native.FlatLM(self.lm)
        self._index_channel()

    def _index_channel(self) -> None:
        w, cfg = self.config.channel_weight, self.config
        self._by_garble = {g: tuple((s, w * lc) for s, lc in rows) for g, rows in self.channel.by_garble.items()}
        # A Bengali sign inside a garbled token (the ন of cন, the ঠে of पिঠে) was read by a Bengali model and
        # stands for itself; the channel, learned from a Hindi model's readings, has no row for it.
        for c in BENGALI_SIGNS:
            self._by_garble[c] = ((c, IDENTITY_LOGP), *self._by_garble.get(c, ()))
        self._drops = tuple((s, w * lc - cfg.drop_penalty) for s, lc in self.channel.by_garble.get("", ())[:cfg.drops])
        self._unknown = ((1, "", -cfg.drop_penalty - cfg.unknown_penalty),
                         *((1, s, w * lc - cfg.unknown_penalty) for s, lc in self.channel.common))
        self._cache: dict[str, list[tuple[float, str, bool]]] = {}  # token -> readings (see decode)
        # A row reading one garble sign as one letter at a cost above ``sub``, or as nothing at a cost above
        # ``skip``, never beats the search's own any-letter substitution or skip (see _search_lexicon).
        self._packed = native.PackedChannel(
            self._trie.letter, {g: tuple((len(g), s, lc) for s, lc in rows if self._may_win(len(g), s, lc))
                                for g, rows in self._by_garble.items()},
            tuple(r for r in self._unknown if self._may_win(*r)), self._drops)
        # every row, for the open search, its letters numbered as the character model's
        self._packed_open = native.PackedChannel(
            self._flat_lm.letter, {g: tuple((len(g), s, lc) for s, lc in rows) for g, rows in self._by_garble.items()},
            self._unknown, self._drops)

    def _may_win(self, b: int, src: str, lc: float) -> bool:
        """Whether a channel row can ever beat the search's own any-letter substitution and skip."""
        return b > 1 or len(src) > 1 or lc > (-self.config.substitute_floor if src else -self.config.skip_floor)

    def variant(self, channel: Channel | None = None, config: DecoderConfig | None = None) -> Decoder:
        """A decoder sharing this one's lexicon index and language model, with another channel or config.

        >>> d = default_decoder()
        >>> d.variant(config=DecoderConfig(beam=4)).config.beam
        4
        """
        other = copy.copy(self)
        other.channel = channel or self.channel
        other.config = config or self.config
        other._index_channel()
        return other

    def _expansions(self, y: str) -> list[tuple[tuple[int, str, float], ...]]:
        """For each position of ``y``: (garble characters consumed, Bengali segment, weighted channel
        log-probability) of every channel row that matches there."""
        table, longest = self._by_garble, self.channel.max_garble
        out = []
        for j in range(len(y)):
            here: list[tuple[int, str, float]] = []
            for b in range(1, min(longest, len(y) - j) + 1):
                for src, lc in table.get(y[j:j + b], ()):
                    here.append((b, src, lc))
            if y[j] not in table:  # a glyph never read alone in training: any common letter, or nothing
                here.extend(self._unknown)
            out.append(tuple(here))
        return out

    def _search_lexicon(self, y: str, exps: list | None = None, compiled: bool = True) -> dict[str, float]:
        """Channel scores of the lexicon words (visual order) the beam reaches at the end of ``y``.

        A hypothesis is ranked by its channel score plus the log mass of the lexicon words under its prefix;
        one more than ``prune`` nats below the best at the same garble position is dropped at once, and at
        most ``lexicon_beam`` are extended from each position. The search runs compiled
        (:mod:`puthi.normalize.native`) when it can and ``compiled`` is true, else in Python: same readings.
        ``exps`` are :meth:`_expansions` of ``y``, made when not given and the Python search needs them.
        """
        search = native.lexsearch() if compiled else None
        if search is not None and (found := self._search_compiled(search, y)) is not None:
            return found
        if exps is None:
            exps = self._expansions(y)
        prefix, following, cfg = self._prefix, self._following, self.config
        sub, skip, margin, beam = cfg.substitute_floor, cfg.skip_floor, cfg.prune, cfg.lexicon_beam
        rows = [self._by_first_letter(r for r in row if self._may_win(*r)) for row in exps]
        n = len(y)
        stacks: list[dict[str, float]] = [{} for _ in range(n + 1)]
        floor = [_NEG] * (n + 1)  # best rank seen at each position, minus the margin
        none: dict[str, tuple[str, float]] = {}

        def push(t: int, q: str, s: float, rank: float) -> None:
            if rank >= floor[t] and s > stacks[t].get(q, _NEG):
                stacks[t][q] = s
                if rank - margin > floor[t]:
                    floor[t] = rank - margin

        def best(j: int) -> list[tuple[float, str, float]]:
            items = [(r, out, c) for out, c in stacks[j].items() if (r := c + prefix[out]) >= floor[j]]
            return heapq.nlargest(beam, items) if len(items) > beam else items

        push(0, "", 0.0, 0.0)
        for j in range(n):
            for _, out, c in best(j):  # Bengali segments the OCR dropped (no garble consumed)
                nxt = following.get(out, none)
                for src, lc in self._drops:
                    q, m = nxt.get(src, (None, None)) if len(src) == 1 else (out + src, prefix.get(out + src))
                    if m is not None:
                        push(j, q, c + lc, c + lc + m)
            for rank, out, c in best(j):
                # Channel rows whose Bengali segment can follow ``out`` in some lexicon word. A longer prefix
                # never has more lexicon mass than a shorter one, so ``m1`` bounds the rank before any look-up.
                kids, letters = following.get(out, none), rows[j]
                if len(letters) < len(kids):  # walk the shorter of the two
                    pairs = [(kids[k], r) for k, r in letters.items() if k in kids]
                else:
                    pairs = [(qm, letters[k]) for k, qm in kids.items() if k in letters]
                for (q1, m1), matching in pairs:
                    for b, src, lc in matching:
                        s = c + lc
                        if s + m1 < floor[j + b]:
                            continue
                        if len(src) == 1:
                            push(j + b, q1, s, s + m1)
                        elif (m := prefix.get(q := out + src)) is not None:
                            push(j + b, q, s, s + m)
                for b, _, lc in rows[j].get("", ()):  # garble read as nothing
                    push(j + b, out, c + lc, rank + lc)
                # Any confusion the channel never saw, at a floor cost: a garble sign read as any letter the
                # lexicon allows next (never likelier than the prefix itself), or a sign the OCR invented.
                s = c - sub
                if s + prefix[out] >= floor[j + 1]:
                    for q, m in kids.values():  # richest first
                        if s + m < floor[j + 1]:
                            break
                        push(j + 1, q, s, s + m)
                push(j + 1, out, c - skip, rank - skip)
        return {q: c for q, c in stacks[n].items() if q in self._word and c + prefix[q] >= floor[n]}

    def _search_compiled(self, search, y: str) -> dict[str, float] | None:
        """:meth:`_search_lexicon` in C (``lexsearch.c``); None when it could not finish."""
        cfg = self.config
        found = native.run(search, self._trie, self._packed, y, self.channel.max_garble, self._by_garble,
                           cfg.substitute_floor, cfg.skip_floor, cfg.prune, cfg.lexicon_beam)
        if found is None:
            return None
        nodes, word = self._trie.nodes, self._word
        return {q: c for i, c in found if (q := nodes[i]) in word}

    @staticmethod
    def _by_first_letter(rows: Iterable[tuple[int, str, float]]) -> dict[str, list[tuple[int, str, float]]]:
        """Expansion rows keyed by the first letter of their Bengali segment ("" for none)."""
        out: dict[str, list[tuple[int, str, float]]] = defaultdict(list)
        for row in rows:
            out[row[1][:1]].append(row)
        return out

    def _search_open(self, y: str, exps: list | None = None, compiled: bool = True) -> dict[str, float]:
        """Channel + weighted character-model scores of any spelling (visual order) at the end of ``y``;
        pruned as :meth:`_search_lexicon` is (``prune`` nats, ``beam`` hypotheses a position). Runs compiled
        when it can and ``compiled`` is true, else in Python: same readings (``exps`` as there)."""
        beam, margin, lmw, ext = self.config.beam, self.config.prune, self.config.lm_weight, self.lm.extend
        search = native.opensearch() if compiled else None
        if search is not None:
            found = native.run_open(search, self._flat_lm, self._packed_open, y, self.channel.max_garble,
                                    self._by_garble, margin, lmw, beam)
            if found is not None:
                return found
        if exps is None:
            exps = self._expansions(y)
        n = len(y)
        stacks: list[dict[str, float]] = [{} for _ in range(n + 1)]
        floor = [_NEG] * (n + 1)

        def push(t: int, q: str, s: float) -> None:
            if s >= floor[t] and s > stacks[t].get(q, _NEG):
                stacks[t][q] = s
                if s - margin > floor[t]:
                    floor[t] = s - margin

        def best(j: int) -> list[tuple[float, str]]:
            items = [(c, out) for out, c in stacks[j].items() if c >= floor[j]]
            return heapq.nlargest(beam, items) if len(items) > beam else items

        push(0, "", 0.0)
        for j in range(n):
            for c, out in best(j):  # Bengali segments the OCR dropped (no garble consumed)
                for src, lc in self._drops:
                    push(j, out + src, c + lc + lmw * ext(out, src))
            for c, out in best(j):
                for b, src, lc in exps[j]:
                    push(j + b, out + src, c + lc + lmw * ext(out, src))
        end = self.lm.END
        return {q: c + lmw * self.lm.logp(q, end) for q, c in stacks[n].items() if q and c >= floor[n]}

    def decode_number(self, token: str) -> list[tuple[str, float]]:
        """Read ``token`` as a Bengali number, glyph by glyph: each sign becomes the Bengali digit the channel
        most often saw read as it; a digit of another script the table does not know keeps its value; any
        other unknown sign becomes the digit the channel saw most often (its likeliest guess).

        The confidence says how sure that is: 1.0 when every digit keeps its value (२ → ২); for each guess, 0.8
        for a sign that is no digit read as a digit the channel knows for it, and :data:`DIGIT_GUESS` for a digit
        read as a Bengali digit of another value (a Hindi model writes १ for ৭, but the page may have had ১: seed
        000's `२१` is ১৭ in its README) or for a sign the channel does not know (the commonest digit). The guesses
        are made one by one, so their chances multiply (a newcomer: `१२४` read as ৭২১ at 0.5 passed `puthi terms
        --repair`; then `२१` read as ২৭ at 0.5 still did, at the default ``--min-score 0.5``).

        >>> default_decoder().decode_number("२") == [("২", 1.0)]
        True
        """
        out = []
        confidence = 1.0
        for c in token:
            if "০" <= c <= "৯":
                out.append(c)
                continue
            digits = [s for s, _ in self.channel.by_garble.get(c, ()) if len(s) == 1 and s in BENGALI_DIGITS]
            value = unicodedata.digit(c, None)
            if digits:
                out.append(digits[0])
                kept = value is not None and BENGALI_DIGITS[value] == digits[0]
                confidence *= 0.8 if value is None else 1.0 if kept else DIGIT_GUESS
            elif value is not None:
                out.append(BENGALI_DIGITS[value])
            else:
                out.append(self.channel.commonest_digit)
                confidence *= DIGIT_GUESS
        return [("".join(out), round(confidence, 3))]

    def scored(self, token: str) -> list[tuple[float, str, bool]]:
        """Every reading both searches found for ``token``: (score, logical-order word, in lexicon), best
        first, before the n-best cut and the posterior."""
        y = to_visual(devanagari_to_visual(unicodedata.normalize("NFC", token)))  # Bengali signs too (পিঠে)
        if not y:
            return []
        cfg = self.config
        lex = self._search_lexicon(y)
        best: dict[str, tuple[float, bool]] = {}
        for v, c in lex.items():
            best[v] = (c + cfg.word_weight * self._word[v], True)
        # The open-vocabulary search (the slow one) only when no lexicon word explains the garble well: the
        # best one's channel cost exceeds ``open_below`` nats per garble sign.
        if lex and max(lex.values()) >= -cfg.open_below * len(y):
            return sorted(((s, from_visual(v), k) for v, (s, k) in best.items()), reverse=True)
        for v, s in self._search_open(y).items():
            if v in self._word:  # a lexicon word the open search spelled: scored as one (channel part only)
                if v not in lex:
                    c = s - cfg.lm_weight * self.lm.logprob(v)
                    best[v] = (c + cfg.word_weight * self._word[v], True)
                continue
            best[v] = (s - cfg.oov_penalty, False)
        out: dict[str, tuple[float, bool]] = {}
        for v, (s, known) in best.items():
            word = from_visual(v)
            if is_offensive(word):  # not even spelled letter by letter (see lexicon.is_offensive)
                continue
            if s > out.get(word, (_NEG, False))[0]:
                out[word] = (s, known)
        return sorted(((s, w, k) for w, (s, k) in out.items()), reverse=True)

    def decode(self, token: str, number: bool = False,
               document: Mapping[str, int] | None = None) -> list[tuple[str, float]]:
        """The ``nbest`` Bengali readings of ``token`` with posterior probabilities among them (sum to 1).

        With ``number`` (or when every sign of ``token`` is a digit or a non-letter sign) it is read as a
        number (:meth:`decode_number`). Tokens longer than ``max_token`` code points are not words: no reading.
        ``document`` counts the clean Bengali words of the text the token stands in
        (:func:`puthi.normalize.repair.document_words`): a reading the document itself spells elsewhere
        gains ``document_bonus`` nats. The searches' results are cached per token.
        """
        if number or is_numeric(token):
            return self.decode_number(token)
        if len(token) > self.config.max_token:
            return []
        cfg = self.config
        found = self._cache.get(token)
        if found is None:
            # Kept: the n-best, and every reading the document bonus could lift into them.
            found = self.scored(token)
            cut = found[0][0] - cfg.document_bonus if found else 0.0
            found = [r for i, r in enumerate(found) if i < cfg.nbest or r[0] >= cut]
            if len(self._cache) > TOKEN_CACHE_SIZE:
                self._cache.clear()
            self._cache[token] = found
        if document:
            found = sorted(((s + cfg.document_bonus * (w in document), w, k) for s, w, k in found), reverse=True)
        top_n = found[: cfg.nbest]
        if not top_n:
            return []
        top = top_n[0][0]
        weights = [math.exp((s - top) / cfg.temperature) for s, _, _ in top_n]
        z = sum(weights)
        return [(word, wt / z) for (_, word, _), wt in zip(top_n, weights, strict=True)]


def _lexicon_words() -> dict[str, float]:
    """The decoder's words: the Bengali lexicon with web counts, and the single-word Bengali forms of the
    terminology tables (তাস, পিঠ, ফোটা, টেক্কা...) at least ``TERM_BOOST`` times as frequent as the 2,000th
    commonest word. puthi reads books about games, where these words are common; the web is not (তাস
    garbled as ``छांज`` had read ছাত্র, "student", the web's commoner word)."""
    words = dict(load_lexicon("bn", web_counts=True).freq)
    floor = TERM_BOOST * sorted(words.values(), reverse=True)[min(2000, len(words)) - 1]
    for form in term_forms("bn"):
        words[form] = max(words.get(form, 0.0), floor)
    return words


def build_decoder(lexicon: dict[str, float], config: DecoderConfig | None = None, order: int = 5) -> Decoder:
    """A decoder whose character model is trained on the word types of ``lexicon`` (each word once); the
    obscenities it may hold are left out (never proposed: :func:`puthi.normalize.lexicon.is_offensive`)."""
    lexicon = {w: f for w, f in lexicon.items() if not is_offensive(w)}
    words = [w for w in lexicon if _BENGALI.search(w)]
    lm = CharLM.train((to_visual(w) for w in words), order=order)
    return Decoder(load_channel(), lm, lexicon, config or DecoderConfig())


@functools.lru_cache(maxsize=1)
def default_decoder() -> Decoder:
    """The decoder over the whole Bengali lexicon, once per process.

    Building it takes about 5 s (the character model and the prefix tables of 144,000 words), so the built
    decoder is also kept on disk (``$PUTHI_CACHE`` or ``~/.cache/puthi``), keyed by everything it is made
    from: the lexicon, the channel table and the source of the modules that build it. Any change to those
    makes a new one; a missing, unreadable or corrupt file is rebuilt; an unwritable cache is skipped.
    """
    lexicon = _lexicon_words()
    path = _decoder_cache(lexicon)
    try:
        with path.open("rb") as fh:
            decoder = pickle.load(fh)
        if isinstance(decoder, Decoder):
            return decoder
    except Exception:  # missing, truncated, written by another Python: build it again
        pass
    decoder = build_decoder(lexicon)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as fh:
            pickle.dump(decoder, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        for old in path.parent.glob("decoder-*.pickle"):  # earlier builds: 58 MB each
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:  # read-only or full disk: the next process builds it again
        tmp.unlink(missing_ok=True)
    return decoder


def _decoder_cache(lexicon: dict[str, float]) -> Path:
    """The cache file of the decoder built from ``lexicon`` with this channel table and this code."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for part in ("garble.py", "charlm.py", "garble_visual.py", "native.py"):
        digest.update((here / part).read_bytes())
    digest.update(CHANNEL_TSV.read_bytes())
    for word, f in sorted(lexicon.items()):
        digest.update(f"{word}\t{f!r}\n".encode())
    root = os.environ.get("PUTHI_CACHE") or str(Path.home() / ".cache" / "puthi")
    return Path(root) / f"decoder-{digest.hexdigest()[:20]}.pickle"


def decode(token: str, nbest: int = 5) -> list[tuple[str, float]]:
    """The likeliest Bengali readings of one garbled token, with their share of probability among them.

    >>> decode("कविशां")[0][0]   # how Tesseract hin reads করিয়া set in Lohit Bengali
    'করিয়া'
    """
    return default_decoder().decode(token)[:nbest]


# --- finding the garble in a line --------------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str


def _kind(token: str) -> str:
    """``garble`` (Devanagari, or look-alike signs mixed into Bengali), ``latin``, ``symbol`` or ``clean``."""
    if _DEVANAGARI.search(token.strip(_EDGE)):  # the danda is Bengali punctuation too, not garble
        return "garble"
    if _PERCENT.fullmatch(token.strip(_EDGE)) or written_so(token.strip(_EDGE)):
        return "clean"  # ৬০%, ৩৫°C, CO-কে
    has_bn = bool(_BENGALI.search(token))
    has_latin = bool(_LATIN.search(token))
    has_sym = bool(_SYMBOL.search(token.strip(_EDGE + "!|")))
    # Bengali with a stray Latin letter or two (`cন`) is garble; a real word joined by a hyphen is not.
    short_latin = has_latin and max(len(r) for r in _LATIN_RUN.findall(token)) <= 2
    if has_bn and (short_latin or has_sym):
        return "garble"
    if has_latin:
        return "latin"
    if has_sym and not has_bn:
        return "symbol"
    return "clean"


def find_garbled(line: str) -> list[Span]:
    """The garbled tokens of a Bengali ``line``, trimmed of surrounding punctuation, with their offsets.

    A token is garbled when it has Devanagari letters or digits, or mixes Bengali with Latin letters or
    look-alike signs (``৩•``), unless it is part of a run of real Hindi (:mod:`puthi.normalize.hindi`). A
    short Latin token (one or two letters, as ``e`` for ৫) or a lone sign (``•``) is garbled only next to
    another garbled token or a digit; longer Latin words are taken for English.

    >>> [s.text for s in find_garbled("যদি e • ফোটা, ৩• ফোটায় ব্যাট (bat) हইলে")]
    ['e', '•', '৩•', 'हইলে']
    >>> find_garbled("তাসের খেলা। নহলার ০।"), find_garbled("প্রায় ৬০% লোক, ড॰ বৰুৱাই কয়")
    ([], [])
    >>> find_garbled("হিন্দীতে বলে ताश के खेल, আর কব্রিয়া কে कब्रिब्री")
    [Span(start=40, end=49, text='कब्रिब्री')]
    """
    tokens = [(m.start(), m.end(), m.group()) for m in regex.finditer(r"\S+", line)]
    kinds = [_kind(t) for _, _, t in tokens]
    digitish = [bool(_DIGITS_BN.search(t)) for _, _, t in tokens]
    hindi = real_hindi_runs(line)
    in_hindi = [any(a <= start and end <= b for a, b in hindi) for start, end, _ in tokens]
    marked = [k == "garble" and not h for k, h in zip(kinds, in_hindi, strict=True)]
    changed = True
    while changed:  # short Latin/symbol tokens join a neighbouring garbled run
        changed = False
        for i, (k, (_, _, t)) in enumerate(zip(kinds, tokens, strict=True)):
            if marked[i] or in_hindi[i] or k not in ("latin", "symbol"):
                continue
            core = t.strip(_EDGE)
            if not core or (k == "latin" and (len(core) > 2 or not core.isalpha())):
                continue
            near = [n for n in (i - 1, i + 1) if 0 <= n < len(tokens)]
            # A filled dot or star inside a Bengali line is a glyph the OCR could not read (not a bullet).
            lone_sign = k == "symbol" and i > 0 and core in LONE_SIGNS
            if lone_sign or any(marked[n] or digitish[n] for n in near):
                marked[i] = changed = True
    spans = []
    for (start, _end, t), hit in zip(tokens, marked, strict=True):
        if hit:
            left, core = _core(t, closed=")" in line[start:])
            if core:
                spans.append(Span(start + left, start + left + len(core), core))
    return spans


def _core(token: str, closed: bool) -> tuple[int, str]:
    """(offset, text) of ``token`` without its edge punctuation, but for a ``(`` that is the vowel sign ে.

    Tesseract ``hin`` reads ে, drawn before its consonant, as ``(`` (the channel learned ``(`` for ে from
    rendered pairs), so ``(घाऊा`` is ঘোড়া garbled. A ``(`` is taken for ে only right before a Devanagari
    consonant and when no ``)`` closes it later in the line (``closed``): ``(२ জন)`` is a parenthesis.

    >>> _core("(घाऊा,", closed=False), _core("(घाऊा", closed=True), _core("(२", closed=False)
    ((0, '(घाऊा'), (1, 'घाऊा'), (1, '२'))
    """
    core = token.strip(_EDGE)
    left = len(token) - len(token.lstrip(_EDGE))
    if left and token[left - 1] == "(" and not closed and _DEVANAGARI_CONSONANT.match(core):
        return left - 1, "(" + core
    return left, core


def _keeps(reading: str, letters: list[str]) -> bool:
    """Does ``reading`` hold ``letters`` (the Bengali letters and vowel signs of a mixed token) in their order?

    A token that is partly Bengali (``cন``, ``nটেক্কা``, ``गোলাম``) was read by a Bengali model: its Bengali
    signs are real, and only the rest is garble. A reading that drops them (ও for ``nটেক্কা``, শুলাম for
    ``गোলাম``) is no repair.

    >>> _keeps("নে", ["ন"]), _keeps("টেক্কা", ["ট", "ে", "ক", "ক", "া"]), _keeps("শুলাম", ["ো", "ল", "া", "ম"])
    (True, True, False)
    """
    rest = iter(_BENGALI_LETTERS.findall(reading))
    return all(letter in rest for letter in letters)


# What follows a number and not "and": a classifier or a unit ("৩ খানা", "৩ জন", "৩ পয়েন্টের"), a whole word in
# Bengali or as a Hindi model may have read it; and a whole word that asks for a number before it ("মূল্য ৩",
# "প্রত্যেকে ৩"). Whole words: টেক্কা, বারো, সমান and বর্তমান are none of these (two reviews).
_COUNTED = regex.compile(r"(?:খান|খানি|খানা|জন|জনা|টি|টা|টো|টে|গুলি|গুলো|পয়েন্ট|ফোটা|ফোঁটা|ফেঁটি|বার|বাৰ|গুণ|দফা|রকম"
                         r"|কুড়ি|শত|হাজার|খন|खान|जन|टि|टा|फोटा)(?:এর|ের|র|য়|ে|তে|কে)?\p{P}*")
_QUANTITY_CUE = regex.compile(r"\p{P}*(?:মূল্য|মুল্য|দাম|মান|প্রত্যেকে|প্রত্যেককে|প্রত্যেকের|মোট|সর্বমোট|সংখ্যা|নম্বর)")


def _lone_word(line: str, span: Span, dec: Decoder) -> tuple[str, str, float] | None:
    """A lone digit of another script between two words, when the channel saw it most often for a whole Bengali
    word: (the word, rule, confidence), else None. Seed 000's "झक ७ १छ!" is ছক্কা ও পঞ্জা; `hin` writes ७ for the
    conjunction ও more often than for any one digit, and a digit standing alone between words is rarer than "and"
    (a newcomer: ছক্কা ৩ পঞ্জা went into the corpus as the number 3). The confidence is how often the channel saw
    the sign come from that word.

    >>> dec = default_decoder()
    >>> _lone_word("झक ७ १छ!", Span(3, 4, "७"), dec)[0], _lone_word("१२ ७", Span(3, 4, "७"), dec)
    ('ও', None)
    >>> [_lone_word(t, Span(t.index("७"), t.index("७") + 1, "७"), dec) for t in ("তাস ७ খানা", "মূল্য ७ দাও")]
    [None, None]
    """
    if len(span.text) != 1 or unicodedata.digit(span.text, None) is None or span.text in BENGALI_DIGITS:
        return None
    before, after = line[: span.start].split()[-1:], line[span.end :].split()[:1]
    if not before or not after or any(is_numeric(t) or not any(c.isalpha() for c in t) for t in before + after):
        return None
    if _COUNTED.fullmatch(after[0]) or _QUANTITY_CUE.fullmatch(before[0]):  # "७ খানা তাস", "মূল্য ७": a number
        return None
    rows = dec.channel.by_garble.get(span.text, ())
    if not rows or rows[0][0] in BENGALI_DIGITS or rows[0][0] not in dec.lexicon:
        return None
    return rows[0][0], RULE, round(dec.channel.first_share.get(span.text, 0.0), 3)


def fix_line(line: str, decoder: Decoder | None = None, document: Mapping[str, int] | None = None) -> list[Edit]:
    """Edits that replace each garbled token of ``line`` by its likeliest Bengali reading.

    Offsets are code points into ``line``; ``apply_edits(line, fix_line(line))`` gives the repaired line.
    A word's confidence is its reading's share among the n-best, calibrated (``DecoderConfig.calibration``)
    to say how often such a reading is right; a number's says how its digits were read.

    >>> line = "যদি কোন পক্ষে ইস্তক থাকে, শেষ पिঠে"
    >>> apply_edits(line, fix_line(line)) == line.replace("पिঠে", fix_line(line)[0].after)
    True
    """
    spans = find_garbled(line)
    if not spans:
        return []
    dec = decoder or default_decoder()
    edits = []
    def numberish(sp: Span) -> bool:
        return is_numeric(sp.text) or sp.text in LONE_SIGNS

    for i, span in enumerate(spans):
        number = numberish(span) or (len(span.text) == 1 and bool(_LATIN.match(span.text)) and any(
            numberish(spans[k]) and abs(spans[k].start - span.start) < 4 for k in (i - 1, i + 1)
            if 0 <= k < len(spans)))
        if number and (word := _lone_word(line, span, dec)):
            edits.append(Edit(span.start, span.end, span.text, *word))
            continue
        readings = dec.decode(span.text, number=number, document=document)
        if not number and (kept := _BENGALI_LETTERS.findall(span.text)):
            readings = [(w, p) for w, p in readings if _keeps(w, kept)]
        if not readings:
            continue
        after, p = readings[0]
        if not number:  # a word's share among its readings, mapped to how often such a reading is right
            a, b = dec.config.calibration
            p = sigmoid(a * logit(p) + b)
        if after and after != span.text:
            edits.append(Edit(span.start, span.end, span.text, after, RULE, round(p, 3)))
    return edits
