"""Post-OCR correction of Bengali and Assamese words: a noisy channel, conservative by construction.

For a word that is not in the lexicon, candidates are the words one or two OCR confusions away
(:mod:`puthi.normalize.confusions`: a substituted, dropped or invented unit). Each candidate is scored

    log P(candidate) + log P(observed | candidate)

with ``P(candidate)`` from the lexicon (:mod:`puthi.normalize.lexicon`) and the channel from the learned
confusion table. The word as printed competes too, with the prior ``KEEP_PRIOR`` of being a correct word the
lexicon lacks. A word changes only when the best candidate takes at least ``MIN_CONFIDENCE`` of the
probability mass. So:

* a word the lexicon knows is never changed (no real-word correction: too risky for old text);
* an old spelling is never modernised: a candidate whose old orthography is the printed word is refused
  (পর্য্যন্ত never becomes পর্যন্ত), and the lexicon lists old reph-doubled spellings as words anyway;
* a name or a rare word stays unless a frequent word is a cheap, common confusion away;
* with the document's words at hand (``document``), a correction that only adds a candrabindu (পৌছল →
  পৌঁছল) is made only when the document itself spells the word with it: printers and authors often leave
  the sign out, and adding it would modernise their spelling, not repair the OCR.

Two repairs apply to Bengali documents only:

* Assamese letters: ৰ and ৱ are not Bengali letters, so in a Bengali document they are OCR errors for ব
  (or র): the lexicon decides which, ব when it cannot (``assamese-letter-in-bengali``);
* digit look-alikes in numeric context: ``•`` for ০ and ``e`` for ৫ inside a run of digits between
  Bengali words (``e •`` → ৫০, ``৩•`` → ৩০) (``digit-lookalike``).

And two to Assamese documents only, where ৰ and ৱ are letters and are never turned into Bengali ones:

* the Bengali letter র: Assamese writes ৰ (the Wikipedia word list has 3 র against 55,282 ৰ), and
  Tesseract ``asm`` often writes র in a conjunct (প্র for প্ৰ) (``bengali-letter-in-assamese``);
* ৰ and ৱ read for each other, in a word the lexicon lacks when swapping them gives a word it has
  (``assamese-ra-wa``).

>>> [(e.before, e.after, e.rule) for e in correct_line("যদি কাহারও ৰিস্তি আদি না থাকে")]
[('ৰিস্তি', 'বিস্তি', 'assamese-letter-in-bengali')]
>>> [(e.before, e.after) for e in correct_line("সেইপক্ষ যদি e • ফোটা দেখাইতে পারে")]
[('e •', '৫০')]
>>> correct_line("এক পক্ষের চারিখানি পর্য্যন্ত কাগজ ধরা হইয়াছে")
[]
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping

import regex

from puthi.normalize.confusions import MAX_SEGMENT, alternatives, units
from puthi.normalize.detect import DEVANAGARI_LETTERS, LATIN_LETTERS, OCR_SYMBOLS, QUOTATION, RA_WA_WORD
from puthi.normalize.edits import Edit
from puthi.normalize.lexicon import is_offensive, load_lexicon, old_orthography, web_counts

# Probability that a word the lexicon lacks is nevertheless printed and read correctly (per language).
KEEP_PRIOR = {"bn": 3e-8, "as": 1e-4}  # the Assamese list is small (10k sentences): trust it less
SHORT_WORD = 3  # words of at most this many units are often names or loanwords: their prior is raised
SHORT_WORD_FACTOR = 30.0
MIN_CONFIDENCE = 0.8
MAX_UNITS_TWO_EDITS = 12  # longer unknown words get only one-edit candidates (speed)
MAX_WORD = 40  # longer "words" are run-together text (a PDF that lost its spaces): the lexicon's longest is 23
MIN_STEP_PROB = 0.004  # ignore confusions rarer than this when generating candidates
LOG_TWO_EDIT_FIRST = math.log(0.005)  # the first of two confusions must be at least this likely

ASSAMESE_LETTERS = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"
BENGALI_ONLY = "\N{BENGALI LETTER RA}"
RA_AS = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"  # ৰ, the Assamese ra
BA_WA = "\N{BENGALI LETTER BA}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"  # ব, and the ৱ the `ben` model reads as it
MAX_RA_WA_SLOTS = 6  # ৰ/ৱ positions tried in one word (2**6 spellings at most)
MIN_RA_WA_FREQ = 2  # a swap must give a word seen at least twice in the Assamese word list
CURRENCY_FOUR = "\N{BENGALI CURRENCY NUMERATOR FOUR}"  # ৷, printed as a danda, sometimes OCR for া
CANDRABINDU = "\N{BENGALI SIGN CANDRABINDU}"
AA = "\N{BENGALI VOWEL SIGN AA}"
CONSONANTS = frozenset(chr(c) for c in range(0x0995, 0x09BA))  # ক … হ; a nukta letter is one of them and ় (য়)

# A Bengali-script word (no digits); a trailing ৷ is kept with it so that ফোট৷ can become ফোটা.
_LETTERS = r"[\u0980-\u09e5\u09f0-\u09f6\u09f8-\u09ff\u200c\u200d]+"
_WORD = regex.compile(_LETTERS + r"\u09f7?")
_INNER_AA = regex.compile(rf"{_LETTERS}(?:\u09f7{_LETTERS})+")  # ৷ inside a word: ত৷স, or a danda: থাকে৷তুরুপ
_GARBLE_NEIGHBOUR = regex.compile(f"[{LATIN_LETTERS}{DEVANAGARI_LETTERS}{regex.escape(OCR_SYMBOLS)}&]")
_DIGITS = regex.compile(  # possessive, and a run starts only after a word that is not its own e: linear time
    r"(?:^[ \t]*|(?<=[\p{L}\p{M}][\p{M}]*[ \t]+|[|(\[“‘\"'—–,;:।॥৷][ \t]*)(?<!e[ \t]+))"
    r"(?P<run>[০-৯e•]++(?:[ \t][০-৯e•]++)*+)"
    # before a word, ending a table's cell or its line, or before punctuation ("e •।", "(e •)": a hostile tester)
    r"(?=[ \t]+[\u0980-\u09e5]|[ \t]*(?:\||$)|[ \t]*[।॥৷)\]”’\"',;:!?—–])"
)
_NEXT_WORD = regex.compile(r"[ \t]+[\u0985-\u09b9]")
_IN_CELL = regex.compile(r"\|[ \t]*$")  # a table's column rule just before: "সাহেব | e" is the king's 5
# An apostrophe inside a word marks a vowel or an elision (Assamese দ'লৰ, ক'ত; Bengali হ'ল, ক'রে): the part
# after it is no word of its own, and must not be "corrected" alone (দ'লৰ had become দ'লৱ).
_APOSTROPHE = regex.compile("['\N{RIGHT SINGLE QUOTATION MARK}\N{MODIFIER LETTER APOSTROPHE}]")
_WORD_SIGN = regex.compile(r"[\p{L}\p{M}]")


def _in_word_apostrophe(line: str, s: int, e: int) -> bool:
    """Is ``line[s:e]`` one side of an apostrophe inside a word (দ'লৰ)? Not a quotation mark (‘থেলা’, 'থেলা')."""
    before = s >= 2 and _APOSTROPHE.match(line, s - 1) and _WORD_SIGN.match(line, s - 2)
    after = _APOSTROPHE.match(line, e) and _WORD_SIGN.match(line, e + 1)
    return bool(before or after)
DIGIT_LOOKALIKES = {"e": "\N{BENGALI DIGIT FIVE}", "•": "\N{BENGALI DIGIT ZERO}"}


def _steps(word_units: tuple[str, ...], lang: str) -> list[tuple[tuple[str, ...], float]]:
    """All strings one confusion away from ``word_units`` (as unit tuples) with log P(observed | candidate). A
    confusion may read several units for one glyph: স্থ for সু is "্থ" for "ু".

    >>> ("স", "ু", "খ", "ী") in dict(_steps(tuple("স্থখী"), "bn"))
    True
    """
    table, longer = _step_table(lang)
    out: list[tuple[tuple[str, ...], float]] = []
    n = len(word_units)
    inserts = table.get("", ())
    for p in range(n + 1):
        if p < n:
            unit = word_units[p]
            for intended, lp in table.get(unit, ()):
                out.append((word_units[:p] + intended + word_units[p + 1 :], lp))
            if unit in longer:  # the first unit of a confusion of several ("্" of "্থ")
                for q in range(p + 2, min(n, p + MAX_SEGMENT) + 1):
                    for intended, lp in table.get("".join(word_units[p:q]), ()):
                        out.append((word_units[:p] + intended + word_units[q:], lp))
        for intended, lp in inserts:
            out.append((word_units[:p] + intended + word_units[p:], lp))
    return out


@functools.cache
def _step_table(lang: str) -> tuple[dict[str, list[tuple[tuple[str, ...], float]]], frozenset[str]]:
    """The corrector's confusions for ``lang`` as ``{observed: [(intended units, log P)]}`` (those at least
    ``MIN_STEP_PROB`` likely; Assamese neither gains a Bengali র nor loses its ৰ ৱ), and the first units of the
    observed strings of several units."""
    table: dict[str, list[tuple[tuple[str, ...], float]]] = {}
    for observed, alts in alternatives().items():
        if lang == "as" and any(c in ASSAMESE_LETTERS for c in observed):
            continue
        steps = [(tuple(units(i)), math.log(p)) for i, p in alts
                 if p >= MIN_STEP_PROB and not (lang == "as" and i == BENGALI_ONLY)]
        if steps:
            table[observed] = steps
    longer = frozenset(units(o)[0] for o in table if len(units(o)) > 1)
    return table, longer


@functools.lru_cache(maxsize=200_000)
def correct_word(word: str, lang: str = "bn") -> tuple[str, float] | None:
    """The correction of one (normalised) word and its confidence, or None to keep it.

    >>> correct_word("থেলা")
    ('খেলা', ...)
    >>> correct_word("খেলা") is None and correct_word("সর্ব্বাপেক্ষা") is None
    True
    """
    lex = load_lexicon(lang)
    if word in lex or not 2 <= len(word) <= MAX_WORD:
        return None
    observed = tuple(units(word))
    log_total = math.log(lex.total)
    freq = lex.freq
    scores: dict[str, float] = {}

    def score(frontier: list[tuple[tuple[str, ...], float]]) -> None:
        for cand_units, lp in frontier:
            cand = "".join(cand_units)
            f = freq.get(cand)
            if f and cand != word and not is_offensive(cand, lang):
                s = math.log(f) - log_total + lp
                if s > scores.get(cand, -math.inf):
                    scores[cand] = s

    first = _steps(observed, lang)
    score(first)
    if not scores and len(observed) <= MAX_UNITS_TWO_EDITS:
        # Two confusions in one word, only when one is not enough; the first step must be a likely one.
        score([(s2, lp + lp2) for s1, lp in first if lp >= LOG_TWO_EDIT_FIRST for s2, lp2 in _steps(s1, lang)])
    # Never modernise: a candidate whose old spelling is the printed word is the printed word.
    scores = {c: s for c, s in scores.items() if old_orthography(c) != word}
    if not scores:
        return None
    best = max(scores, key=scores.__getitem__)
    keep = KEEP_PRIOR[lang] * (SHORT_WORD_FACTOR if len(observed) <= SHORT_WORD else 1.0)
    mass = sum(math.exp(s) for s in scores.values()) + keep
    confidence = math.exp(scores[best]) / mass
    return (best, round(confidence, 3)) if confidence >= MIN_CONFIDENCE else None


# A word with ৰ or ৱ in a Bengali line is an Assamese quotation, not OCR damage, only when it is a common
# Assamese word (one in a thousand words of the Assamese word list: আৰু, কৰা) and its Bengali reading is at least
# ten times rarer in Bengali web text (আবু). OCR's ৰ for র makes Assamese words too: ৰূপে, ৰাজা, পৰ্যন্ত, কৰা.
QUOTED_ASSAMESE_MIN = 1e-3
QUOTED_ASSAMESE_RATIO = 10


def _more_assamese(word: str, bengali: str) -> bool:
    """Is ``word`` (with ৰ or ৱ) a common Assamese word whose Bengali reading ``bengali`` is rare (see
    :data:`QUOTED_ASSAMESE_MIN`)? Rates per word: the Assamese word list's counts, the Bengali web counts.

    >>> _more_assamese("আৰু", "আবু"), _more_assamese("পৰ্যন্ত", "পর্যন্ত"), _more_assamese("কৰা", "করা")
    (True, False, False)
    """
    assamese = load_lexicon("as")
    rate = assamese.frequency(word) / max(assamese.total, 1.0)
    return rate >= QUOTED_ASSAMESE_MIN and rate > QUOTED_ASSAMESE_RATIO * web_counts().get(bengali, 0) / 1e9


def _assamese_letters(word: str, ra: bool = False) -> tuple[str, float]:
    """Replace ৰ ৱ in a Bengali-document word: ব or র, whichever the lexicon knows; by default ব (OCR's ৰ is ব's look-
    alike), but র in a reph or ra-phala (ৰ্, ্ৰ), which is the Bengali ra's own shape there (জৰ্ম্মান is জর্ম্মান, not
    জব্ম্মান), and in the genitive endings ের, ার (ট্রিকেৰ is ট্রিকের). With ``ra`` (a text written with ৰ for every র,
    :func:`~puthi.normalize.detect.ra_written_as_assamese`) every ৰ is র: such a text writes its ব as ব (a hostile
    tester's seed 002 had পারে made পাবে).

    >>> _assamese_letters("ৰিস্তি"), _assamese_letters("জৰ্ম্মান"), _assamese_letters("প্ৰবেশিক")
    (('বিস্তি', 0.6), ('জর্ম্মান', 0.6), ('প্রবেশিক', 0.6))
    >>> _assamese_letters("ট্রিকেৰ"), _assamese_letters("পাৰে", ra=True), _assamese_letters("অভাৰ")
    (('ট্রিকের', 0.6), ('পারে', 0.9), ('অভাব', 0.9))
    >>> _assamese_letters("আৰ"), _assamese_letters("ৰাত"), _assamese_letters("ৰাজি")
    (('আর', 0.9), ('রাত', 0.9), ('বাজি', 0.9))
    """
    if ra:
        return word.replace(RA_AS, BENGALI_ONLY).replace(ASSAMESE_LETTERS[1], "\N{BENGALI LETTER BA}"), 0.9
    lex = load_lexicon("bn")
    options = [""]
    for ch in word:
        if ch in ASSAMESE_LETTERS:
            options = [o + c for o in options for c in ("\N{BENGALI LETTER BA}", BENGALI_ONLY)][:64]
        else:
            options = [o + ch for o in options]
    known = [o for o in options if o in lex]
    if known:  # the commoner on the web, ব counted 10 times for being ৰ's look-alike (a newcomer's আৰ had become আব;
        web = web_counts()  # a review's ৰাজি, a bet, is বাজি, not রাজি)
        return max(known, key=lambda o: (web.get(o, 0) + 1) * 10 ** o.count("\N{BENGALI LETTER BA}")), 0.9
    genitive = len(word) - 1 if word.endswith(_GENITIVE_RA) else -1
    fallback = "".join(BENGALI_ONLY if ch in ASSAMESE_LETTERS and (k == genitive or _in_conjunct(word, k)) else
                       "\N{BENGALI LETTER BA}" if ch in ASSAMESE_LETTERS else ch for k, ch in enumerate(word))
    return fallback, 0.6


_GENITIVE_RA = ("\N{BENGALI VOWEL SIGN E}" + RA_AS, "\N{BENGALI VOWEL SIGN AA}" + RA_AS)  # ের, ার with OCR's ৰ


def _in_conjunct(word: str, k: int) -> bool:
    """Is ``word[k]`` next to a virama?"""
    return "\N{BENGALI SIGN VIRAMA}" in (word[k - 1 : k] + word[k + 1 : k + 2])


@functools.lru_cache(maxsize=200_000)  # asked once per distinct word for the document's words, then per occurrence
def word_correction(word: str, lang: str = "bn") -> tuple[str, float, str] | None:
    """The correction of one normalised word the lexicon lacks: (word, confidence, rule), or None to keep it.
    In Assamese the letters are put right first (:func:`_assamese_spelling`), then the OCR confusions.

    >>> word_correction("থেলা"), word_correction("প্রথম", "as")
    (('খেলা', ..., 'ocr-confusion'), ('প্ৰথম', 0.9, 'bengali-letter-in-assamese'))
    """
    if lang == "as" and (spelling := _assamese_spelling(word)) is not None:
        after, confidence, rule = spelling
        if after not in load_lexicon(lang) and (fix := correct_word(after, lang)) is not None:
            return fix[0], min(confidence, fix[1]), rule
        return spelling
    fix = correct_word(word, lang)
    return (fix[0], fix[1], "ocr-confusion") if fix is not None else None


# র neither in a ra-phala nor in a reph
_RA_ALONE = regex.compile(r"(?<!\N{BENGALI SIGN VIRAMA})\N{BENGALI LETTER RA}(?!\N{BENGALI SIGN VIRAMA})")


def _assamese_spelling(word: str) -> tuple[str, float, str] | None:
    """The Assamese repair of ``word``: (word, confidence, rule), or None to keep it.

    >>> _assamese_spelling("প্রথম"), _assamese_spelling("খেলুৱৈ"), _assamese_spelling("খেলোয়াড়ের")
    (('প্ৰথম', 0.9, 'bengali-letter-in-assamese'), None, None)
    >>> _assamese_spelling("আৱু"), _assamese_spelling("ৱ")
    (('আৰু', 0.8, 'assamese-ra-wa'), None)
    """
    lex = load_lexicon("as")
    fixed = word.replace(BENGALI_ONLY, RA_AS)
    if len(word) < 2:
        return None  # a letter named alone: the alphabet's ৱ (a hostile tester)
    if fixed not in lex:
        # ৰ and ৱ read for each other, and ৱ read as ব (the `ben` model: খেলুবৈ for খেলুৱৈ, a newcomer); an inflected
        # word by its stem, the ending kept (খেলুবৈসকলে: a hostile tester)
        for stem, ending in _stems(fixed, lex):
            if best := _ra_wa_spelling(stem, lex, swap=not ending):  # a stem only by its ব: সিটোৱে is no সিটোৰ + ে
                return best + ending, 0.8, "bengali-letter-in-assamese" if BENGALI_ONLY in word else "assamese-ra-wa"
    if fixed == word or (fixed not in lex and _RA_ALONE.search(word) and word in load_lexicon("bn")):
        return None  # a Bengali word quoted in Assamese (খেলোয়াড়ের) stays, when no Assamese word reads so; `asm`
        # writes র for ৰ in conjuncts (ড্রাফট for ড্ৰাফট), hardly ever alone
    return fixed, 0.9 if fixed in lex else 0.7, "bengali-letter-in-assamese"


def _ra_wa_spelling(word: str, lex, swap: bool = True) -> str | None:
    """The commonest word of the Assamese list that ``word`` is with ব read for ৱ, and with ৰ and ৱ read for each
    other (``swap``), if any (seen at least ``MIN_RA_WA_FREQ`` times).

    >>> _ra_wa_spelling("খেলুবৈ", load_lexicon("as")), _ra_wa_spelling("কিতাপ", load_lexicon("as"))
    ('খেলুৱৈ', None)
    """
    letters = ASSAMESE_LETTERS if swap else ""
    slots = [i for i, c in enumerate(word) if c in letters or c == BA_WA[0]][:MAX_RA_WA_SLOTS]
    variants = {word}
    for i in slots:
        options = ASSAMESE_LETTERS if word[i] in ASSAMESE_LETTERS else BA_WA
        variants |= {v[:i] + c + v[i + 1:] for v in variants for c in options}
    known = [v for v in variants if v != word and lex.frequency(v) >= MIN_RA_WA_FREQ]
    return max(known, key=lambda v: (lex.frequency(v), v)) if known else None


def _stems(word: str, lex) -> list[tuple[str, str]]:
    """``(word, "")``, then ``(stem, ending)`` for each Assamese ending ``word`` has whose stem the list lacks as it is
    (a stem the list has needs no repair).

    >>> _stems("খেলুবৈসকলে", load_lexicon("as"))[:2]
    [('খেলুবৈসকলে', ''), ('খেলুবৈ', 'সকলে')]
    """
    out = [(word, "")]
    for ending in _ASSAMESE_ENDINGS:
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) >= 2 and stem not in lex:
            out.append((stem, ending))
    return out


# Assamese endings, longest first: plural and definite markers, then case endings (a grammar's list)
_ASSAMESE_ENDINGS = ("সকলে", "সকলৰ", "সকলক", "সকলত", "সকল", "বোৰে", "বোৰৰ", "বোৰক", "বোৰত", "বোৰ", "খিনিৰ", "খিনি",
                     "টোৱে", "টোৰ", "টোক", "টোত", "টো", "জনে", "জনৰ", "জনক", "জন", "খনৰ", "খনত", "খন", "লৈ", "ৰে",
                     "য়ে", "ৰ", "ত", "ক", "ে")


def digit_edits(line: str) -> list[Edit]:
    """Digit look-alikes in numbers (Bengali documents): ``e •`` is ৫০, ``৩•`` is ৩০.

    A look-alike is read as a digit only inside a number: in a group with a real digit (৩•), as an ``e``
    among numbers, or two together (seed 000's ``e •``). A lone ``•`` is a bullet, and groups apart are
    not joined: ``পৃষ্ঠা ১২ • অধ্যায়`` keeps its bullet, ``১০ e ২০`` is ১০ ৫ ২০.

    >>> [(e.before, e.after) for e in digit_edits("যদি e • ফোটা, তবে ৩• ফোটায়")]
    [('e •', '৫০'), ('৩•', '৩০')]
    >>> [(e.before, e.after) for e in digit_edits("১০ e ২০ ফোটা")], [e.after for e in digit_edits("e • ১০ ফোটা")]
    ([('e', '৫')], ['৫০'])
    >>> digit_edits("তাস খেলা • বিস্তি • গ্রাবু") + digit_edits("পৃষ্ঠা ১২ • অধ্যায় ৩")
    []
    >>> [(e.before, e.after) for e in digit_edits("বিবি e •")], [e.after for e in digit_edits("সাহেব | e")]
    ([('e •', '৫০')], ['৫'])
    >>> [e.confidence for e in digit_edits("যদি ৩• ফোটা, তবে ১•• ফোটা")]
    [0.8, 0.64]
    >>> [e.after for e in digit_edits("হইবে e •। ফোটা (e •), “e •”। e • ফোটা")]
    ['৫০', '৫০', '৫০', '৫০']
    """
    edits = []
    for m in _DIGITS.finditer(line):
        chunks = [(m.start("run") + c.start(), c.group()) for c in regex.finditer(r"\S+", m.group("run"))]
        has_digit = any("০" <= ch <= "৯" for _, text in chunks for ch in text)
        for pure, group in itertools.groupby(chunks, key=lambda c: all(ch in DIGIT_LOOKALIKES for ch in c[1])):
            group = list(group)
            start, end = group[0][0], group[-1][0] + len(group[-1][1])
            if not pure:  # a group with a real digit: its look-alikes are digits (৩•)
                edits += [_digit_edit(a, text) for a, text in group if any(ch in DIGIT_LOOKALIKES for ch in text)]
            elif "e" in line[start:end] and (end - start > 1 or has_digit or _IN_CELL.search(line, 0, start)):
                edits.append(_digit_edit(start, line[start:end]))  # e •, an e among numbers, or alone in a cell
    return edits


def glued_danda_edits(line: str) -> list[Edit]:
    """A danda that OCR read as the digit 1 glued to a Bengali word's end (rule ``danda``, 0.8 sure): no Bengali or
    Assamese word ends in an ASCII 1 (an end-to-end tester's scans; a newcomer's real OCR).

    >>> [(e.before, e.after) for e in glued_danda_edits("দুইজনে খেলে1 তারপর তাস দেয়1")]
    [('1', '।'), ('1', '।')]
    >>> glued_danda_edits("COVID-19, ৬৬1, ক1খ")
    []

    The word before it begins with a letter, after a space, a hyphen or a number (তাস-খেলা1, ৪টা1): ``[)০১৬া1``, a
    vowel sign after digit soup, is English read as soup, not a sentence's end (a review).

    >>> [e.start for e in glued_danda_edits("হল [)০১৬া1 shoes, তাস-খেলা1 বিকেল ৪টা1")]
    [26, 37]
    """
    if "1" not in line:
        return []
    return [Edit(m.end() - 1, m.end(), "1", "\N{DEVANAGARI DANDA}", "danda", 0.8) for m in _GLUED_ONE.finditer(line)]


_GLUED_ONE = regex.compile(r"(?<![\p{L}\p{M}\u200c\u200d])[\p{Bengali}&&\p{L}]"
                           r"[[\p{Bengali}&&[\p{L}\p{M}]]\u200c\u200d]*1(?=[\s\"'”’)]|$)", regex.V1)


def mixed_digit_edits(line: str) -> list[Edit]:
    """A number whose digits OCR read in two scripts, Bengali and ASCII, or with a Latin O among Bengali digits, in
    Bengali digits (rule ``digit-lookalike``): a hostile tester's ২0টি was no number, and ১O became the word তাল.
    An ASCII digit is the same digit (0.9 sure); an O is ০ (0.8).

    >>> [(e.before, e.after, e.confidence) for e in mixed_digit_edits("শ্নাপসেনে ২0টি তাস, ১O খানি, 2024 সালে, ৪7")]
    [('২0', '২০', 0.9), ('১O', '১০', 0.8), ('৪7', '৪৭', 0.9)]
    >>> mixed_digit_edits("COVID-১9")
    []

    An ASCII number joined to a Bengali one by a dash, colon or slash is read as Bengali too (a score ৬৬-0):

    >>> [(e.before, e.after) for e in mixed_digit_edits("খেলা ৬৬-0 তে শেষ, 0–৩৩, A-0 1-2")]
    [('0', '০'), ('0', '০')]

    An ASCII 1 is more often a danda (১।১।৭০ read as ১১1৭০, ৫।। as ৫111), or part of English read as digits
    (00910161১): a newcomer's memoir had 0 of 49 such edits right, so a run with one is left alone; ASCII zeros are
    the commonest mix-up (a review):

    >>> [(e.before, e.after) for e in mixed_digit_edits("তারিখ—১১1৭০, ৫111টা, 00910161১ ৬৬-1, ১00 পয়েন্ট")]
    [('১00', '১০০')]
    """
    edits: list[Edit] = []
    if not _ANY_ASCII_DIGIT_OR_O.search(line):
        return edits
    for m in _ASCII_BESIDE_BENGALI.finditer(line):
        run = m.group()
        if "1" not in run:
            edits.append(Edit(m.start(), m.end(), run, run.translate(_TO_BENGALI_DIGITS), "digit-lookalike", 0.9))
    for m in _MIXED_DIGITS.finditer(line):
        run = m.group()
        if "1" in run:
            continue
        after = run.translate(_TO_BENGALI_DIGITS)
        edits.append(Edit(m.start(), m.end(), run, after, "digit-lookalike", 0.8 if regex.search("[Oo]", run) else 0.9))
    return sorted(edits, key=lambda e: e.start)


# Bengali digits with ASCII ones or a Latin O among them, not inside a Latin word or a longer number
_MIXED_DIGITS = regex.compile(r"(?<![\p{N}A-Za-z])(?<![A-Za-z][-‐])(?=[০-৯0-9Oo]*[০-৯])(?=[০-৯0-9Oo]*[0-9Oo])"
                              r"[০-৯0-9Oo]+(?![\p{N}A-Za-z])")  # not in a Latin token, COVID-১9 (a review)
_TO_BENGALI_DIGITS = str.maketrans("0123456789Oo", "০১২৩৪৫৬৭৮৯০০")
_ANY_ASCII_DIGIT_OR_O = regex.compile(r"[0-9Oo]")
# an ASCII number on one side of a dash, colon or slash with a Bengali number on the other
_ASCII_BESIDE_BENGALI = regex.compile(r"(?<![\p{N}\p{L}])(?<=[০-৯][-‐–—:/])[0-9]+(?![\p{N}\p{L}])"
                                      r"|(?<![\p{N}\p{L}])[0-9]+(?=[-‐–—:/][০-৯])")


def _digit_edit(start: int, run: str) -> Edit:
    """0.8 sure of each look-alike read as a digit, the guesses multiplied (a review: ১••০ was 0.8 sure as a whole,
    where the wrong-script pass gives a number read sign by sign the product)."""
    after = "".join(DIGIT_LOOKALIKES.get(c, c) for c in run if not c.isspace())
    guesses = sum(c in DIGIT_LOOKALIKES for c in run)
    return Edit(start, start + len(run), run, after, "digit-lookalike", round(0.8 ** guesses, 3))


def only_adds_candrabindu(before: str, after: str) -> bool:
    """True when ``after`` is ``before`` with one or more candrabindus added.

    >>> only_adds_candrabindu("পৌছল", "পৌঁছল"), only_adds_candrabindu("থেলা", "খেলা")
    (True, False)
    """
    return after != before and after.replace(CANDRABINDU, "") == before


def _quotations(line: str, lang: str) -> list[tuple[int, int]]:
    """The spans of ``line`` inside quotation marks whose words are of the other language than ``lang`` (more of
    them only that language's word list has): a Bengali sentence quoted in Assamese keeps its র (a newcomer's
    "প্রত্যেক খেলোয়াড়ের দশটি গুটি থাকে।" had become প্ৰত্যেক, spelled in neither language), and an Assamese one
    quoted in Bengali its ৰ (a second newcomer's আৰু had become আবু).

    >>> _quotations('লিখা আছে: "প্রত্যেক খেলোয়াড়ের দশটি গুটি থাকে।" অসমীয়াত', "as")
    [(11, 47)]
    >>> _quotations("প্রচলিত। ইহাকে বলে: “দহ-গুটি খেলত দুজন খেলুৱৈ থাকে আৰু প্ৰত্যেকৰে দহটা গুটি থাকে।”", "bn")
    [(21, 81)]
    """
    from puthi.normalize.detect import word_votes

    out = []
    for m in QUOTATION.finditer(line):
        only_bn, only_as = word_votes(m.group(1))
        if (only_bn > only_as) if lang == "as" else (only_as > only_bn):
            out.append(m.span(1))
    return out


def _aa_read_as_mark(line: str, end: int, word: str, lang: str, lex) -> bool:
    """Whether the "!" or "।" glued to ``word`` (ending at ``end``) is old print's া, the vertical stroke that plain
    Tesseract reads as a mark (``degraded-ocr-train``'s dev books: আসিয়!, একল!, করিয়।, মাথাট!): in Bengali, after a
    consonant, where the word alone is no word and the word with া is one, or a word and an ending (খাতাট। is
    খাতাটা). An exclamation or a danda after a word stays (ধরেছে!), as does one after a name the word list lacks
    and no word with া would make (তাহের!)."""
    return (lang == "bn" and line.startswith(("!", "\N{DEVANAGARI DANDA}"), end)
            and word.removesuffix("\N{BENGALI SIGN NUKTA}")[-1:] in CONSONANTS and word not in lex
            and _known_with_ending(word + AA, lex))


def _known_with_ending(word: str, lex) -> bool:
    """Whether ``word`` is in the word list, or is one of its words with an ending of :data:`_AA_ENDINGS`."""
    return word in lex or any(word.endswith(e) and len(word) - len(e) >= 2 and word[: -len(e)] in lex
                              for e in _AA_ENDINGS)


# Bengali endings in া that the word list has not with every word (খাতাটা); not the plural রা, which a name's
# genitive before a danda would make (মতির। is no মতিরা: the memoir's dev pages)
_AA_ENDINGS = ("টা", "খানা")


def correct_line(line: str, lang: str = "bn", document: Mapping[str, int] | None = None, *,
                 ra_as: bool = False) -> list[Edit]:
    """Edits (offsets into ``line``, which should be normalised) that correct OCR damage in one line.

    Words touching Latin, Devanagari or OCR symbols (garble) are left to the wrong-script repair.
    ``document`` counts the words of the whole text (:func:`puthi.normalize.repair.document_words`); with
    it, a candrabindu is added only to a word the document spells with one elsewhere. ``ra_as``: the Bengali text is
    written with ৰ for every র (:func:`~puthi.normalize.detect.ra_written_as_assamese`).

    >>> [(e.before, e.after) for e in correct_line("তাহ হইলে দুই কুড়ি সাত ফোট৷ দেখাইতে হুইবে")]
    [('ফোট৷', 'ফোটা'), ('হুইবে', 'হইবে')]
    >>> [(e.before, e.after) for e in correct_line("এতে ৩২টি ত৷স লাগে। সে থাকে৷তুরুপ, হুইবে৷তুরুপ")]
    [('ত৷স', 'তাস'), ('হুইবে', 'হইবে')]
    >>> correct_line("সেখানে পৌছলাম", document={"পৌছলাম": 2}), len(correct_line("সেখানে পৌছলাম"))
    ([], 1)
    >>> correct_line("দছ-গুটি আৰু লাউ কাটা কাটি"), [e.after for e in correct_line("যদি কাহারও ৰিস্তি থাকে")]
    ([], ['বিস্তি'])

    Old print's া read as "!" or "।" (:func:`_aa_read_as_mark`):

    >>> [(e.start, e.after) for e in correct_line("সে সহস! কহিল, “মাথাট! বড় ধরেছে!” করিয়। ঘুরিয়! বেড়াইল।")]
    [(6, 'া'), (20, 'া'), (39, 'া'), (47, 'া')]
    """
    edits: list[Edit] = digit_edits(line) if lang == "bn" else []
    lex = load_lexicon(lang)
    assamese = load_lexicon("as")
    # a Bengali line quoting Assamese: an Assamese word with ৰ ৱ in it (not OCR's ৰিস্তি, which is no word)
    quoting = lang == "bn" and any(w in assamese for w in RA_WA_WORD.findall(line))
    quoted = _quotations(line, lang)
    inner = []  # ত৷স: the ৷ inside a word is the vowel sign া when that makes a word (a hostile tester)
    for m in _INNER_AA.finditer(line):
        joined = m.group().replace(CURRENCY_FOUR, "\N{BENGALI VOWEL SIGN AA}")
        if joined in lex:
            edits.append(Edit(m.start(), m.end(), m.group(), joined, "ocr-confusion", 0.8))
            inner.append(m.span())
    for m in _WORD.finditer(line):
        token = m.group()
        s, e = m.start(), m.end()
        if any(a <= s < b for a, b in inner) or any(a <= s < b for a, b in quoted):
            continue
        if (s and _GARBLE_NEIGHBOUR.match(line, s - 1)) or _GARBLE_NEIGHBOUR.match(line, e):
            continue
        if _in_word_apostrophe(line, s, e):
            if lang == "as" and BENGALI_ONLY in token:  # its letters are still put right: দ'লর is দ'লৰ
                edits.append(Edit(s, e, token, token.replace(BENGALI_ONLY, RA_AS), "bengali-letter-in-assamese", 0.9))
            continue
        core = token[:-1] if token.endswith(CURRENCY_FOUR) else token
        if lang == "bn" and any(c in ASSAMESE_LETTERS for c in core):
            after, conf = _assamese_letters(core, ra_as)
            if BENGALI_ONLY not in line and _more_assamese(core, after):
                continue  # a quotation (আৰু, not আবু), not OCR damage (পৰ্যন্ত is পর্যন্ত)
            if conf < 0.9 and core in assamese:
                continue  # no Bengali word reads so, but an Assamese word does: এনেদৰে
            edits.append(Edit(s, s + len(core), core, after, "assamese-letter-in-bengali", conf))
            continue
        if core != token:  # ফোট৷: try the ৷ as the vowel sign া
            joined = core + AA
            # A known word before ৷ changes only mid-sentence and when the joined word is far more common.
            mid_sentence = bool(_NEXT_WORD.match(line, e))
            much_more_common = lex.frequency(joined) > 4 * lex.frequency(core)
            if joined in lex and (core not in lex or (mid_sentence and much_more_common)):
                edits.append(Edit(s, e, token, joined, "ocr-confusion", 0.8))
                continue
        if _aa_read_as_mark(line, e, token, lang, lex):
            edits.append(Edit(e, e + 1, line[e], AA, "ocr-confusion", 0.8))
            continue
        if core in lex or (quoting and core in assamese):  # বঙালী beside আৰু is Assamese, not বাঙালী misread
            continue
        fix = word_correction(core, lang)
        if fix is None:
            continue
        after, confidence, rule = fix
        if document is not None and only_adds_candrabindu(core, after) and not document.get(after):
            continue  # the text never spells the word with a candrabindu: its spelling, not an OCR error
        edits.append(Edit(s, s + len(core), core, after, rule, confidence))
    return sorted(edits, key=lambda x: x.start)
