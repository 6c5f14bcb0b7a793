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

import bisect
import functools
import math
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import regex

from puthi.normalize.charlm import CharLM
from puthi.normalize.edits import Edit, apply_edits
from puthi.normalize.garble_visual import devanagari_to_visual, from_visual, to_visual

__all__ = ["Channel", "Decoder", "DecoderConfig", "apply_edits", "decode", "default_decoder", "find_garbled",
           "fix_line", "load_channel"]

DATA = Path(__file__).resolve().parent / "data"
CHANNEL_TSV = DATA / "garble_channel.tsv"
RULE = "wrong-script"

_DEVANAGARI = regex.compile(r"[\u0900-\u0963\u0966-\u097f]")  # not the danda । ॥, which Bengali uses
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


@dataclass(frozen=True)
class Channel:
    """The learned channel: for each garble segment, the Bengali segments it came from, best first.

    ``by_garble[g]`` lists ``(bengali, log P(g | bengali))``; ``by_garble[""]`` holds the Bengali segments
    the OCR dropped. ``known`` is every garble character the table has seen.
    """

    by_garble: dict[str, list[tuple[str, float]]]
    known: frozenset[str]
    max_garble: int
    common: tuple[tuple[str, float], ...] = ()
    commonest_digit: str = "\N{BENGALI DIGIT ZERO}"


@functools.lru_cache(maxsize=4)
def load_channel(path: Path = CHANNEL_TSV, per_segment: int = 12) -> Channel:
    """Read ``garble_channel.tsv`` keeping the ``per_segment`` likeliest Bengali sources of each garble segment.

    >>> ch = load_channel()
    >>> any(b == "\N{BENGALI DIGIT TWO}" for b, _ in ch.by_garble["२"])
    True
    """
    if not path.exists():
        raise FileNotFoundError(f"{path}: garble channel table missing; run: python -m puthi.normalize.train_garble")
    rows: dict[str, list[tuple[float, str, float]]] = defaultdict(list)
    by_src: dict[str, float] = defaultdict(float)
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or line.startswith("bengali\t"):
                continue
            src, garble, joint, cond, _source = line.rstrip("\n").split("\t")
            j, c = float(joint), float(cond)
            by_src[src] += j
            if not src:  # an inserted garble segment: its cost is its joint probability
                c = j
            rows[garble].append((j, src, math.log(c)))
    by_garble = {g: [(s, lc) for _, s, lc in sorted(r, reverse=True)[:per_segment]] for g, r in rows.items()}
    known = frozenset(c for g in by_garble for c in g)
    # Sources for a glyph the table never saw: the commonest single Bengali letters and signs.
    singles = sorted(((v, s) for s, v in by_src.items() if len(s) == 1), reverse=True)[:40]
    common = tuple((s, math.log(1.0 / len(singles))) for _, s in singles)
    digits = sorted((v, s) for s, v in by_src.items() if s in BENGALI_DIGITS)
    commonest = digits[-1][1] if digits else BENGALI_DIGITS[0]
    return Channel(by_garble, known, max((len(g) for g in by_garble), default=1), common, commonest)


@dataclass(frozen=True)
class DecoderConfig:
    """Search and scoring settings (weights in nats)."""

    beam: int = 16
    channel_weight: float = 1.0
    lexicon_bonus: float = 10.0
    frequency_weight: float = 0.5
    unknown_penalty: float = 6.0
    drop_penalty: float = 3.0
    nbest: int = 5
    max_token: int = 40


@dataclass
class Decoder:
    """Beam search from a garbled token to Bengali readings.

    ``lexicon`` maps logical-order Bengali words to (pseudo-)frequencies; ``lm`` is trained on the same words
    in visual order.
    """

    channel: Channel
    lm: CharLM
    lexicon: dict[str, float]
    config: DecoderConfig = field(default_factory=DecoderConfig)

    def __post_init__(self) -> None:
        self._visual_words = sorted(to_visual(w) for w in self.lexicon)
        self._visual_set = set(self._visual_words)
        self._cache: dict[str, list[tuple[str, float]]] = {}

    def _is_prefix(self, visual: str) -> bool:
        i = bisect.bisect_left(self._visual_words, visual)
        return i < len(self._visual_words) and self._visual_words[i].startswith(visual)

    def _word_score(self, visual: str) -> float:
        word = from_visual(visual)
        f = self.lexicon.get(word, 0.0)
        if f <= 0:
            return 0.0
        return self.config.lexicon_bonus + self.config.frequency_weight * math.log(f)

    def _expansions(self, y: str, j: int) -> list[tuple[int, str, float]]:
        """(garble characters consumed, Bengali segment, channel log-probability) starting at ``y[j]``."""
        out: list[tuple[int, str, float]] = []
        ch = self.channel
        for b in range(1, min(ch.max_garble, len(y) - j) + 1):
            for src, lc in ch.by_garble.get(y[j:j + b], ()):
                out.append((b, src, lc))
        if y[j] not in ch.by_garble:  # a glyph never read alone in training: any common letter, or nothing
            out.append((1, "", -self.config.drop_penalty - self.config.unknown_penalty))
            out.extend((1, s, lc - self.config.unknown_penalty) for s, lc in ch.common)
        return out

    def decode_number(self, token: str) -> list[tuple[str, float]]:
        """Read ``token`` as a Bengali number, glyph by glyph: each sign becomes the Bengali digit the channel
        most often saw read as it; a digit of another script the table does not know keeps its value; any
        other unknown sign becomes the digit the channel saw most often (its likeliest guess).

        >>> default_decoder().decode_number("२") == [("২", 1.0)]
        True
        """
        out = []
        for c in token:
            if "০" <= c <= "৯":
                out.append(c)
                continue
            digits = [s for s, _ in self.channel.by_garble.get(c, ()) if len(s) == 1 and s in BENGALI_DIGITS]
            if digits:
                out.append(digits[0])
            elif unicodedata.category(c) == "Nd":
                out.append(BENGALI_DIGITS[unicodedata.digit(c)])
            else:
                out.append(self.channel.commonest_digit)
        return [("".join(out), 1.0)]

    def decode(self, token: str, number: bool = False) -> list[tuple[str, float]]:
        """The ``nbest`` Bengali readings of ``token`` with posterior probabilities among them (sum to 1).

        With ``number`` (or when every sign of ``token`` is a digit or a non-letter sign) it is read as a
        number (:meth:`decode_number`). Tokens longer than ``max_token`` code points are not words: no reading.
        """
        if number or is_numeric(token):
            return self.decode_number(token)
        if len(token) > self.config.max_token:
            return []
        hit = self._cache.get(token)
        if hit is not None:
            return hit
        y = devanagari_to_visual(unicodedata.normalize("NFC", token))
        cfg, lm = self.config, self.lm
        w = cfg.channel_weight
        drops = self.channel.by_garble.get("", ())[:6]
        # A hypothesis: (search score, base score, visual output, dropped-last flag); stacks by position.
        stacks: list[dict[str, tuple[float, float, str]]] = [{} for _ in range(len(y) + 1)]
        stacks[0][""] = (0.0, 0.0, "")

        def push(stack: dict, out: str, base: float) -> None:
            search = base + (cfg.lexicon_bonus if self._is_prefix(out) else 0.0)
            old = stack.get(out)
            if old is None or old[1] < base:
                stack[out] = (search, base, out)

        def extend(out: str, seg: str) -> float:
            total = 0.0
            for k, c in enumerate(seg):
                total += lm.logp(out + seg[:k], c)
            return total

        for j in range(len(y)):
            stack = stacks[j]
            if not stack:
                continue
            # Bengali segments the OCR dropped entirely (no garble consumed), one at a time.
            for _, base, out in list(stack.values()):
                for src, lc in drops:
                    push(stack, out + src, base + extend(out, src) + w * lc - cfg.drop_penalty)
            best = sorted(stack.values(), reverse=True)[: cfg.beam]
            for _, base, out in best:
                for b, src, lc in self._expansions(y, j):
                    push(stacks[j + b], out + src, base + extend(out, src) + w * lc)
        finals = []
        for _, base, out in stacks[len(y)].values():
            if not out:
                continue
            score = base + lm.logp(out, lm.END) + self._word_score(out)
            finals.append((score, from_visual(out)))
        finals.sort(reverse=True)
        seen: dict[str, float] = {}
        for score, word in finals:
            if word not in seen:
                seen[word] = score
            if len(seen) >= cfg.nbest:
                break
        if not seen:
            result: list[tuple[str, float]] = []
        else:
            top = max(seen.values())
            z = sum(math.exp(s - top) for s in seen.values())
            result = [(word, math.exp(s - top) / z) for word, s in seen.items()]
        if len(self._cache) > 100_000:
            self._cache.clear()
        self._cache[token] = result
        return result


def _lexicon_words() -> dict[str, float]:
    try:
        from puthi.normalize.lexicon import load_lexicon
    except ImportError:  # the lexicon module is another engineer's; fall back to hunspell alone
        from puthi.normalize.train_garble import word_list

        return dict.fromkeys(word_list(), 1.0)
    return dict(load_lexicon("bn").freq)


def build_decoder(lexicon: dict[str, float], config: DecoderConfig | None = None, order: int = 5) -> Decoder:
    """A decoder whose language model is trained on ``lexicon`` (weighted by the square root of frequency)."""
    words = [w for w in lexicon if _BENGALI.search(w)]
    lm = CharLM.train((to_visual(w) for w in words), order=order)
    return Decoder(load_channel(), lm, lexicon, config or DecoderConfig())


@functools.lru_cache(maxsize=1)
def default_decoder() -> Decoder:
    """The decoder over the whole Bengali lexicon, built once per process."""
    return build_decoder(_lexicon_words())


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
    look-alike signs (``৩•``). A short Latin token (one or two letters, as ``e`` for ৫) or a lone sign (``•``)
    is garbled only next to another garbled token or a digit; longer Latin words are taken for English.

    >>> [s.text for s in find_garbled("যদি e • ফোটা, ৩• ফোটায় ব্যাট (bat) हইলে")]
    ['e', '•', '৩•', 'हইলে']
    >>> find_garbled("তাসের খেলা। নহলার ০।")
    []
    """
    tokens = [(m.start(), m.end(), m.group()) for m in regex.finditer(r"\S+", line)]
    kinds = [_kind(t) for _, _, t in tokens]
    digitish = [bool(_DIGITS_BN.search(t)) for _, _, t in tokens]
    marked = [k == "garble" for k in kinds]
    changed = True
    while changed:  # short Latin/symbol tokens join a neighbouring garbled run
        changed = False
        for i, (k, (_, _, t)) in enumerate(zip(kinds, tokens, strict=True)):
            if marked[i] or k not in ("latin", "symbol"):
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
        if not hit:
            continue
        left = len(t) - len(t.lstrip(_EDGE))
        core = t.strip(_EDGE)
        if core:
            spans.append(Span(start + left, start + left + len(core), core))
    return spans


def fix_line(line: str, decoder: Decoder | None = None) -> list[Edit]:
    """Edits that replace each garbled token of ``line`` by its likeliest Bengali reading.

    Offsets are code points into ``line``; ``apply_edits(line, fix_line(line))`` gives the repaired line.
    The confidence is the reading's share of probability among the n-best readings.

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
        readings = dec.decode(span.text, number=number)
        if not readings:
            continue
        after, p = readings[0]
        if after and after != span.text:
            edits.append(Edit(span.start, span.end, span.text, after, RULE, round(p, 3)))
    return edits
