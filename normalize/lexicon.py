"""Word lists with frequencies for Bengali and Assamese, loaded once per process.

Bengali (``load_lexicon("bn")``) merges, each word normalised with :mod:`puthi.normalize.unicode`:

* the word list inside Tesseract's ``ben.traineddata`` (``data/bn_tesseract_words.txt``, Apache-2.0; built
  from frequent web text, so membership means a common word);
* hunspell-bn (``/usr/share/hunspell/bn_BD.dic``, GPL-2, read from the system when installed, never copied
  into the repository; it has no affix rules, so there is nothing to expand). A final hasanta written
  with ZWNJ (``অক্টোপাস্‌``) is also entered without it;
* old-style forms (``data/bn_sadhu.tsv``): sadhu bhasha verb stems × endings (করি + য়া = করিয়া) and
  pronouns (তাহারা, যাঁহার);
* the old orthography of every word above with a consonant doubled after reph (পর্যন্ত → পর্য্যন্ত,
  সর্বাপেক্ষা → সর্ব্বাপেক্ষা, ধর্ম → ধর্ম্ম, অর্ধ → অর্দ্ধ), so that an author's old spelling is a known word.

These lists have no counts, so a word's frequency is a pseudo-count by source (``BN_WEIGHTS``), summed over
the sources that list it. ``load_lexicon("bn", web_counts=True)``, the wrong-script decoder's lexicon, also
adds real counts from ``data/bn_wordfreq.tsv`` (the ``wordfreq`` package's Bengali list, CC BY-SA 4.0: web,
news, Wikipedia and subtitles; words seen at least once per million): a word's share of that list times
``WORDFREQ_SHARE`` times the pseudo-counts' total. There করে outweighs a rare word of the same sources. The
word corrector and the term aligner keep the lists alone: the web spells পৌছলাম without its candrabindu
often enough to outvote the author's পৌঁছলাম. Assamese (``load_lexicon("as")``) uses real counts from the Assamese
Wikipedia sample (``data/as_wikipedia_freq.tsv``, MIT).

>>> bn = load_lexicon("bn")
>>> "করিয়া" in bn and "তাহারা" in bn and "পর্য্যন্ত" in bn
True
>>> bn.frequency("করিয়া") > bn.frequency("করিয়াছিস") > 0 == bn.frequency("ৰিস্তি")
True
>>> load_lexicon("as").frequency("আৰু") > 1000
True
>>> web = load_lexicon("bn", web_counts=True)
>>> web.frequency("করে") / web.frequency("করিয়াছিস") > 100 > bn.frequency("করে") / bn.frequency("করিয়াছিস")
True
"""

from __future__ import annotations

import functools
import math
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import regex

from puthi.normalize.unicode import normalized

DATA = Path(__file__).parent / "data"
HUNSPELL_BN = [Path("/usr/share/hunspell/bn_BD.dic"), Path("/usr/share/myspell/dicts/bn_BD.dic")]

# Pseudo-counts per source for Bengali (summed when a word is in several sources).
BN_WEIGHTS = {"tesseract": 20.0, "hunspell": 4.0, "sadhu": 10.0, "old-orthography": 2.0}
# The wordfreq counts' mass as a multiple of the pseudo-counts' mass, chosen on the dev split of
# bench.repair_garble_running --sweep: garbled prose CER 0.433 without them, 0.376 at 2 and 0.372 at 8 (with
# the decoder's word_weight 0.8), where 8 costs the pages of random rare words more (dev CER 0.300 -> 0.311).
WORDFREQ_SHARE = 2.0

VIRAMA = "\N{BENGALI SIGN VIRAMA}"
REPH = "\N{BENGALI LETTER RA}" + VIRAMA
# Consonants that old orthography doubles after reph, and what the doubled form is (ধ -> দ্ধ).
OLD_DOUBLING = {
    "\N{BENGALI LETTER YA}": "\N{BENGALI LETTER YA}" + VIRAMA + "\N{BENGALI LETTER YA}",
    "\N{BENGALI LETTER BA}": "\N{BENGALI LETTER BA}" + VIRAMA + "\N{BENGALI LETTER BA}",
    "\N{BENGALI LETTER MA}": "\N{BENGALI LETTER MA}" + VIRAMA + "\N{BENGALI LETTER MA}",
    "\N{BENGALI LETTER TA}": "\N{BENGALI LETTER TA}" + VIRAMA + "\N{BENGALI LETTER TA}",
    "\N{BENGALI LETTER CA}": "\N{BENGALI LETTER CA}" + VIRAMA + "\N{BENGALI LETTER CA}",
    "\N{BENGALI LETTER JA}": "\N{BENGALI LETTER JA}" + VIRAMA + "\N{BENGALI LETTER JA}",
    "\N{BENGALI LETTER DHA}": "\N{BENGALI LETTER DA}" + VIRAMA + "\N{BENGALI LETTER DHA}",
}
_REPH_DOUBLING = regex.compile(REPH + "([" + "".join(OLD_DOUBLING) + "])(?!" + VIRAMA + ")")
_HASANTA_ZWNJ = VIRAMA + "\N{ZERO WIDTH NON-JOINER}"


@dataclass
class Lexicon:
    """Words of one language with (pseudo-)frequencies; ``sources`` counts the words each source gave."""

    lang: str
    freq: dict[str, float]
    sources: dict[str, int] = field(default_factory=dict)
    total: float = 0.0

    def __post_init__(self) -> None:
        self.total = sum(self.freq.values()) or 1.0

    def __contains__(self, word: object) -> bool:
        return word in self.freq

    def __len__(self) -> int:
        return len(self.freq)

    def frequency(self, word: str) -> float:
        """The (pseudo-)count of ``word``; 0 for unknown words."""
        return self.freq.get(word, 0.0)

    def log_prob(self, word: str) -> float:
        """Smoothed log probability of ``word`` (unknown words get half a count).

        >>> lex = Lexicon("bn", {"ক": 3.0, "খ": 1.0})
        >>> round(lex.log_prob("ক"), 3), round(lex.log_prob("গ"), 3)
        (-0.288, -2.079)
        """
        return math.log(max(self.freq.get(word, 0.0), 0.5) / self.total)


# Obscenities the Bengali word lists carry (the Tesseract list is drawn from the web). They stay words, so
# a page that prints one keeps it, but no repair ever proposes one as its reading of damaged text: a scholar
# must never find one put there by the tool. Stems, also inside compounds (মাদারচোদ), with the everyday words
# that share them left out (চোদ্দ "fourteen", গুদাম "warehouse", উঁচুদর "high-priced").
_OFFENSIVE = regex.compile(
    "চ[ুো]?দা?চুদ|চুদ(?!র)|চোদ(?!\N{BENGALI SIGN VIRAMA}দ)|^খানকি|^বাঁড়া|^ল্যাওড়া"
    "|^গুদ(?!\N{BENGALI VOWEL SIGN AA})|^পোঁদ|^গাঁড়$")


def is_offensive(word: str, lang: str = "bn") -> bool:
    """Whether ``word`` is a Bengali obscenity that repair must never propose (Assamese: none listed; its
    word list has Ahom names that look like them).

    >>> is_offensive("চুদছে"), is_offensive("মাদারচোদ"), is_offensive("চোদ্দ"), is_offensive("গুদাম")
    (True, True, False, False)
    >>> is_offensive("খেলা"), is_offensive("চুদৈফা", "as")
    (False, False)
    """
    return lang == "bn" and bool(_OFFENSIVE.search(word))


def old_orthography(word: str) -> str:
    """``word`` with the consonant after each reph doubled, as printed before the spelling reforms.

    >>> old_orthography("পর্যন্ত"), old_orthography("অর্ধেক"), old_orthography("খেলা")
    ('পর্য্যন্ত', 'অর্দ্ধেক', 'খেলা')
    """
    if REPH not in word:
        return word
    return _REPH_DOUBLING.sub(lambda m: REPH + OLD_DOUBLING[m.group(1)], word)


def _read_words(path: Path) -> list[str]:
    return [w for w in path.read_text(encoding="utf-8").split("\n") if w and not w.startswith("#")]


def _hunspell_words() -> list[str]:
    for path in HUNSPELL_BN:
        if path.exists():
            lines = path.read_text(encoding="utf-8").split("\n")[1:]  # the first line is the word count
            words = [w.split("/", 1)[0].strip() for w in lines]
            return [w for w in words if w]
    return []


def _sadhu_words() -> list[str]:
    stems, endings, words = [], [], []
    for line in _read_words(DATA / "bn_sadhu.tsv")[1:]:
        kind, form = line.split("\t")[:2]
        {"verb-stem": stems, "verb-ending": endings, "word": words}[kind].append(form)
    return words + [s + e for s in stems for e in endings]


def _normalise_all(words: list[str], lang: str) -> list[str]:
    # NFC over the whole list at once does nearly all the work (C speed); normalized() finishes word by word.
    nfc = unicodedata.normalize("NFC", "\n".join(words)).split("\n")
    return [normalized(w, lang) for w in nfc if w]


def bengali_lexicon(web_share: float = 0.0) -> Lexicon:
    """The Bengali word lists, built afresh; ``web_share`` > 0 adds the web counts with that share of the
    mass (``load_lexicon`` keeps the built lexicons; this is for trying other shares)."""
    freq: dict[str, float] = {}
    sources: dict[str, int] = {}

    def add(words: list[str], source: str) -> None:
        weight = BN_WEIGHTS[source]
        unique = set(words)
        sources[source] = len(unique)
        for w in unique:
            freq[w] = freq.get(w, 0.0) + weight

    add(_normalise_all(_read_words(DATA / "bn_tesseract_words.txt"), "bn"), "tesseract")
    hun = _normalise_all(_hunspell_words(), "bn")
    hun += [w[: -len(_HASANTA_ZWNJ)] for w in hun if w.endswith(_HASANTA_ZWNJ)]
    add(hun, "hunspell")
    add(_normalise_all(_sadhu_words(), "bn"), "sadhu")
    old = {old_orthography(w) for w in freq if REPH in w} - set(freq)
    add(sorted(old), "old-orthography")
    if not web_share:
        return Lexicon("bn", freq, sources)
    scale = web_share * sum(freq.values()) / 1e9
    counted = web_counts()
    for word, per_billion in counted.items():
        freq[word] = freq.get(word, 0.0) + scale * per_billion
    sources["wordfreq"] = len(counted)
    return Lexicon("bn", freq, sources)


@functools.cache
def web_counts() -> dict[str, int]:
    """Bengali word -> occurrences per billion words of web text (``data/bn_wordfreq.tsv``; words seen at
    least once per million).

    >>> web_counts()["করে"] > 1_000_000 > web_counts()["খেলা"] > 10_000
    True
    """
    rows = (line.split("\t") for line in _read_words(DATA / "bn_wordfreq.tsv")[1:])
    return {word: int(n) for word, n in rows}


def _assamese() -> Lexicon:
    freq: dict[str, float] = {}
    for line in _read_words(DATA / "as_wikipedia_freq.tsv")[1:]:
        word, n = line.split("\t")
        freq[word] = freq.get(word, 0.0) + float(n)
    return Lexicon("as", freq, {"wikipedia": len(freq)})


def load_lexicon(lang: str = "bn", web_counts: bool = False) -> Lexicon:
    """The lexicon of ``lang`` ("bn" or "as"), built on first use and kept for the process; ``web_counts``
    adds the web's word counts to the Bengali word lists (see the module's note; the Assamese counts are
    real counts already)."""
    if lang not in ("bn", "as"):
        raise ValueError(f"no lexicon for language {lang!r}; use 'bn' or 'as'")
    return _built(lang, WORDFREQ_SHARE if web_counts and lang == "bn" else 0.0)


@functools.cache
def _built(lang: str, web_share: float) -> Lexicon:  # one cache entry however load_lexicon is called
    return bengali_lexicon(web_share) if lang == "bn" else _assamese()


@functools.cache
def term_forms(lang: str) -> frozenset[str]:
    """The one-word forms (headwords and variants) in ``lang`` (bn or as) of the bundled terminology tables: the
    words of the games, which both languages share more than their word lists say (টেক্কা, সাহেব, গুটি).

    >>> "টেক্কা" in term_forms("bn")
    True
    """
    try:
        from puthi.rules.terms import load_tables
    except ImportError:
        return frozenset()
    forms = (f for e in load_tables().entries if lang in e.lang.split("|") for f in (e.headword, *e.variants))
    return frozenset(normalized(f) for f in forms if _ONE_WORD.match(f))


_ONE_WORD = regex.compile(r"^[\u0980-\u09ff\u200c\u200d]+$")


@functools.cache
def shared_card_names() -> frozenset[str]:
    """The one-word names of cards in the tables' Bengali and Assamese rows (টেক্কা, সাহেব, গোলাম): Assamese writing
    uses the Bengali names too, so they tell no language apart (a review); the suits, whose Assamese forms differ,
    and the words of Grabu (ফোটা, পিঠ) still do.

    >>> "সাহেব" in shared_card_names(), "টেক্কা" in shared_card_names(), "ফোটা" in shared_card_names()
    (True, True, False)
    """
    try:
        from puthi.rules.terms import load_tables
    except ImportError:
        return frozenset()
    forms = (f for e in load_tables().entries if e.concept.startswith("card.") and {"bn", "as"} & set(e.lang.split("|"))
             for f in (e.headword, *e.variants))
    return frozenset(normalized(f) for f in forms if _ONE_WORD.match(f))
