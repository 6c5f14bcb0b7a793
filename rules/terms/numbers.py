"""Numbers in Bengali and Assamese text: digits in any of the three scripts, and number words.

:func:`find_numbers` returns one :class:`~puthi.rules.spans.NumberSpan` per number expression:

* a run of digits (ASCII ``0-9`` or Bengali/Assamese ``০-৯``), grouped with commas in thousands or in
  the Indian way (``২,৫০০``, ``১,০০,০০০``), with a decimal point (``২.৫``, value a float), with a
  classifier written onto it (``২১টা``) or standing right after it (``40 টি``) inside the span;
* number words, inflected or with a classifier (তিনটি, দহটা, চারিখানি, আটখানি), and compounds
  with শত/শো/হাজার (একশত, দুই শত পাঁচ), digits too (৭শত, ২ হাজার); a range's first end counts what the
  second does (৬-৭শত is 600 to 700), and a thousands word never comes twice in one number;
* the old vigesimal count in কুড়ি (score): ``N কুড়ি [M]`` is 20×N+M (দুই কুড়ি সাত = 47,
  তিন কুড়ি = 60, চারি কুড়ি সাত = 87, তিনকুড়ি written as one word = 60);
* fractions: দেড় 1½ and আড়াই 2½, and সাড়ে N (N + ½), সওয়া N (N + ¼), পৌনে N (N − ¼) before a number word
  (আড়াই কুড়ি = 50, সাড়ে তিন কুড়ি = 70, সাড়ে সাত = 7.5). A whole value is an int, a fraction a float.

Two unit words in a row are two numbers (তিন তিন করিয়া, "three each"). Words that are numbers only
in context (নয় is also "is not", বার "time", Bengali তিনি "he", Assamese ন "new") count only with a
classifier or before a counted noun (``numbers.tsv``, kind ``counted``). The word list, classifiers and
counted nouns are data in ``numbers.tsv``.

With ``ocr_digits=True`` a bullet ``•`` written straight after a digit is read as zero: seed 000 prints
৩০ as ``৩•``. It is off by default (the repair stage should fix such damage, with an Edit).

>>> [(n.surface, n.value) for n in find_numbers("দুই কুড়ি সাত ফোটা, তিন কুড়ি, চারি কুড়ি সাত, একশত কুড়ি")]
[('দুই কুড়ি সাত', 47), ('তিন কুড়ি', 60), ('চারি কুড়ি সাত', 87), ('একশত কুড়ি', 120)]
>>> [(n.surface, n.value) for n in find_numbers("এতে 32টি তাস; তিনটি; 40 টি")]
[('32টি', 32), ('তিনটি', 3), ('40 টি', 40)]
>>> [(n.surface, n.value) for n in find_numbers("প্ৰতিজনৰ ১০টা টুকুৰা; দহটা", lang="as")]
[('১০টা', 10), ('দহটা', 10)]
>>> [n.value for n in find_numbers("তিন তিন করিয়া, লিখিতভাবে নয়, একশত")]
[3, 3, 100]
>>> [n.value for n in find_numbers("২,৫০০ টাকা, ১,০০,০০০; ৫০.৫ আর 3.5; ১০,২০")]
[2500, 100000, 50.5, 3.5, 10, 20]
>>> [(n.surface, n.value) for n in find_numbers("১.৫টা তাস, ২,৫০০টা")]
[('১.৫টা', 1.5), ('২,৫০০টা', 2500)]
>>> [n.value for n in find_numbers("৩• ফোটায়", ocr_digits=True)]
[30]
>>> [(n.surface, n.value) for n in find_numbers("আড়াই কুড়ি তাস, সাড়ে তিন কুড়ি, সাড়ে সাতটি, দেড়খানি")]
[('আড়াই কুড়ি', 50), ('সাড়ে তিন কুড়ি', 70), ('সাড়ে সাতটি', 7.5), ('দেড়খানি', 1.5)]
>>> [n.value for n in find_numbers("৬-৭শত টাকা, ২ হাজার পাঁচশো")]
[600, 700, 2500]
"""

from __future__ import annotations

import bisect
import csv
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from pathlib import Path

import regex

from puthi.rules.spans import NumberSpan, read_past_invisible
from puthi.rules.terms.letters import language_runs, match_form
from puthi.rules.terms.tables import read_suffixes

HERE = Path(__file__).resolve().parent
ZW = "\N{ZERO WIDTH NON-JOINER}\N{ZERO WIDTH JOINER}"
# A word; digits may be grouped with commas (twos then threes: 1,234,567 and ১,০০,০০০) and have a decimal
# part. Digits joined by more than one point (৩.২.১, a section; 8০৮1.০০০, soup) make one token and no number.
TOKEN = regex.compile(rf"[\p{{L}}\p{{M}}\p{{Nd}}{ZW}]+(?:(?:,\d{{2}})*(?:,\d{{3}})+)?(?:\.\d+)*[\p{{L}}\p{{M}}{ZW}]*")
BULLET = "\N{BULLET}"
_RANGE = regex.compile(r"\s?[\-\N{EN DASH}\N{EM DASH}]\s?")  # a range's dash: ৬-৭শত
ELISION = "'\N{RIGHT SINGLE QUOTATION MARK}"  # ছ'খানা: the apostrophe of a dropped vowel
_NAME_PART = regex.compile(r"[\-\N{HYPHEN}\N{EN DASH}](?:গুটি|গুঁটি|ঘুটি|ঘুঁটি|পাত্তি)")  # দহ-গুটি, তিন-পাত্তি
DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
MAX_DIGITS = 15  # longer digit runs are no count, score or year (and would not fit the store's integers)
DIGIT_RUN = regex.compile(r"^([0-9০-৯]+(?:(?:,[0-9০-৯]{2})*(?:,[0-9০-৯]{3})+)?)(?:\.([0-9০-৯]+))?(.*)$")
# The case endings a number word takes on its own (চারিজনে needs the classifier first: জন + ে): Bengali পাচের,
# তিনের, ছয়ে, বারোর (র after a vowel only: একর is an acre);
# Assamese দহৰ, ওঠৰত, ত্ৰিশতকৈ ("than thirty"). No bare Bengali number takes কে (আটকে "stuck", দশকে "in the
# decade"); a classifier does (তিনজনকে).
CASE_ENDINGS = {"bn": ("", "র", "ের", "এর", "তে", "য়", "ও", "রও", "ে", "েও"),
                "as": ("", "ৰ", "র", "ক", "ত", "তকৈ", "ও", "ে", "তে")}  # র: Assamese read by the Bengali model
_AFTER_VOWEL = ("র", "রও")
# Endings that make a multiplier another word: লক্ষে ("with the aim"), হাজারে হাজারে ("in thousands"), Assamese শতক
# ("a century", ১৯ শতক: not 1900, a review)
NOT_ON_MULTIPLIERS = ("ে", "েও", "ক")
_VOWELS = frozenset("অআইঈউঊঋএঐওঔ" "\N{BENGALI VOWEL SIGN AA}\N{BENGALI VOWEL SIGN I}\N{BENGALI VOWEL SIGN II}"
                    "\N{BENGALI VOWEL SIGN U}\N{BENGALI VOWEL SIGN UU}\N{BENGALI VOWEL SIGN E}"
                    "\N{BENGALI VOWEL SIGN AI}\N{BENGALI VOWEL SIGN O}\N{BENGALI VOWEL SIGN AU}")
_POINTS = ("পয়েন্ট", "পইণ্ট", "ফোটা")
# Words that read as a number with an ending but are other words: একে ("same", "one by one"), Assamese একক ("a
# unit"), শোতে ("in the show"), বারবার ("again and again"), শোবার ("to lie down"); found by reading the commonest
# words of bn_wordfreq.tsv and as_wikipedia_freq.tsv
_NOT_NUMBERS = frozenset({"একে", "একক", "শোতে", "শোর", "বারবার", "বাৰবাৰ", "বারেবারে", "বাৰেবাৰে", "শোবার"})
# A number word that needs context may still take a genitive (নয়ের ঘর, "the square of nine"), but বার ("time")
# with one is a time (সেই বারের খেলা)
_TIMES = ("বার", "বাৰ")
AFTER_CLASSIFIER = ("", "ে", "এ", "র", "ের", "কে", "তে", "ও", "ই", "ৰ", "ক", "ত", "ৰে", "কৈ", "রও")


@dataclass(frozen=True)
class Lexicon:
    units: dict[str, int | float]
    multipliers: dict[str, int]
    fractions: dict[str, float]  # সাড়ে: + ½ to the number word after it
    fraction_starts: frozenset[str]  # their first letters
    classifiers: frozenset[str]
    counted: frozenset[str]
    needs_context: frozenset[str]


@lru_cache(maxsize=2)
def lexicon(lang: str = "bn") -> Lexicon:
    """The number words, multipliers, classifiers and counted nouns of ``numbers.tsv`` for ``lang``
    (bn or as: Bengali এটি is "this one", Assamese এটা is "one")."""
    units: dict[str, int | float] = {}
    mult: dict[str, int] = {}
    fractions: dict[str, float] = {}
    classifiers, counted, needs = set(), set(), set()
    with open(HERE / "numbers.tsv", encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            if lang not in row["lang"].split("|"):
                continue
            w = match_form(row["word"])
            if row["kind"] == "unit":
                value = float(row["value"])
                units.setdefault(w, int(value) if value.is_integer() else value)
            elif row["kind"] == "fraction":
                fractions[w] = float(row["value"])
            elif row["kind"] == "multiplier":
                mult[w] = int(row["value"])
            elif row["kind"] == "classifier":
                classifiers.add(w)
            elif row["kind"] == "counted":
                counted.add(w)
            if row["needs_context"] == "1":
                needs.add(w)
    return Lexicon(units, mult, fractions, frozenset(w[:1] for w in fractions), frozenset(classifiers),
                   frozenset(counted), frozenset(needs))


@lru_cache(maxsize=2)
def _endings(lang: str = "bn") -> dict[str, bool]:
    """Every ending a number word may carry -> whether it holds a classifier; longest first."""
    lex = lexicon(lang)
    out: dict[str, bool] = {}
    for e in CASE_ENDINGS[lang]:
        out[e] = False
    for c in lex.classifiers:
        for e in AFTER_CLASSIFIER:
            out[c + e] = True
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


@dataclass(frozen=True)
class _Word:
    value: int | float
    kind: str  # "unit", "multiplier", "compound" (unit+multiplier in one word), "digits"
    classified: bool  # a classifier is written onto the word (তিনটি, দহটা, ২১টা)
    needs_context: bool
    scale: int = 0  # a compound's multiplier (তিনশো: 100)


@lru_cache(maxsize=100_000)
def parse_word(word: str, lang: str = "bn") -> _Word | None:
    """Read one word as a number, or None.

    >>> parse_word("তিনকুড়ি").value, parse_word("দহটা", "as").value, parse_word("একশত").value
    (60, 10, 100)
    >>> parse_word("একত্র") is None, parse_word("তিনি") is None, parse_word("তিনি", "as").needs_context
    (True, True, True)
    """
    m = DIGIT_RUN.match(word)
    if m:
        rest = match_form(m.group(3)) if m.group(3) else ""
        scale, classified = 0, False
        if rest and rest not in _endings(lang):
            scale, classified = _multiplier_on(rest, lang)  # ৭শত
            if not scale and rest != "কে":  # ৬৬কে: a digit run takes কে
                return None
        digits = m.group(1) + (m.group(2) or "")
        if regex.search("[0-9]", digits) and regex.search("[০-৯]", digits):
            return None  # ASCII and Bengali digits in one number (8০৮1০০1): OCR soup, not a number
        if len(digits) > MAX_DIGITS:
            return None  # a run of twenty digits is a table's dots read as digits, or a catalogue number
        whole = m.group(1).replace(",", "").translate(DIGITS)
        value = float(f"{whole}.{m.group(2).translate(DIGITS)}") if m.group(2) else int(whole)
        if scale:  # ৭শত, ২.৫হাজার, ৫শোটি: the digits count hundreds or thousands
            return _Word(_whole(value * scale), "compound", classified, False, scale)
        return _Word(value, "digits", _endings(lang).get(rest, False), False)
    key = match_form(word)
    lex = lexicon(lang)
    whole = _parse_stem(key, lex)
    if whole is not None:  # the whole word is a number word: তিনি is Assamese 3 (or Bengali "he"), not তিন + ই
        return _Word(whole[0], whole[1], False, key in lex.needs_context, whole[2])
    if key in _NOT_NUMBERS:
        return None
    for end, has_classifier in _endings(lang).items():
        if end and not key.endswith(end):
            continue
        stem = key[: len(key) - len(end)] if end else key
        if not stem or (lang == "bn" and end in _AFTER_VOWEL and stem[-1] not in _VOWELS):
            continue
        got = _parse_stem(stem, lex)
        if got is None or (end in NOT_ON_MULTIPLIERS and got[1] != "unit"):
            continue
        if got[0] == 1 and end.startswith(_TIMES):
            continue  # একবার, Assamese এবাৰ: "once", "just" ("একবার দেখো"), seldom a count (a review)
        needs = stem in lex.needs_context
        if needs and end and not has_classifier and (end not in ("ের", "এর") or stem in _TIMES):
            continue  # নয়, এতে: a context word with only a case ending is not a number
        return _Word(got[0], got[1], has_classifier, needs and not end, got[2])  # নয়ের: the ending tells
    return None


def _multiplier_on(rest: str, lang: str) -> tuple[int, bool]:
    """The multiplier written onto digits (৭শত, ৫শো, ২হাজারের: 100, 100, 1000), or 0, and whether a classifier
    follows it (৫শোটি). Not শ: ১৭শ শতিকা is the 17th century (Assamese Wikipedia)."""
    lex = lexicon(lang)
    for end, has_classifier in _endings(lang).items():
        stem = rest[: len(rest) - len(end)]
        if (rest.endswith(end) and end not in NOT_ON_MULTIPLIERS and stem not in lex.needs_context
                and (mv := lex.multipliers.get(stem))):
            return mv, has_classifier
    return 0, False


def _whole(value: int | float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _parse_stem(stem: str, lex: Lexicon) -> tuple[int | float, str, int] | None:
    """(value, kind, a compound's multiplier) of a number word without its endings, or None."""
    if stem in lex.units:
        return lex.units[stem], "unit", 0
    if stem in lex.multipliers and stem not in lex.needs_context:
        return lex.multipliers[stem], "multiplier", 0
    for m, mv in lex.multipliers.items():  # একশত, তিনকুড়ি, দুশো
        if stem.endswith(m) and stem[: -len(m)] in lex.units:
            return lex.units[stem[: -len(m)]] * mv, "compound", mv
    return None


def find_numbers(text: str, *, lang: str = "auto", ocr_digits: bool = False) -> list[NumberSpan]:
    """Every number in ``text`` as a NumberSpan (code-point offsets into ``text``); see the module
    docstring for what counts. Spans do not overlap and come in text order. ``lang`` is bn, as or auto
    (:func:`~puthi.rules.terms.letters.detect_lang`); a line in the other language of the two is read in
    its own (:func:`~puthi.rules.terms.letters.language_runs`). Invisible characters are read past (a soft hyphen
    inside ১১: :func:`~puthi.rules.spans.read_past_invisible`)."""
    return read_past_invisible(text, lambda t: _numbers_by_runs(t, lang, ocr_digits))


def _numbers_by_runs(text: str, lang: str, ocr_digits: bool) -> list[NumberSpan]:
    runs = language_runs(text, lang)
    if len(runs) > 1:
        return [replace(n, start=n.start + a, end=n.end + a) for a, b, own in runs
                for n in _find_numbers(text[a:b], own, ocr_digits)]
    return _find_numbers(text, runs[0][2], ocr_digits)


def has_classifier(n: NumberSpan) -> bool:
    """Does ``n`` carry a counting classifier ("৫২ খানা", "আটটি", Assamese "দহটাকৈ"; not the টি of বাষট্টি,
    sixty-two)? Read by the number tables of both languages: Assamese দহ is no Bengali number word.

    >>> [has_classifier(NumberSpan(0, 4, s, v)) for s, v in (("৫২খানা", 52), ("৫২ খানা", 52), ("একশত বাষট্টি", 162),
    ...                                                      ("দহটাকৈ", 10), ("একটিও", 1))]
    [True, True, False, True, True]
    """
    last = n.surface.split()[-1]
    if last in lexicon("bn").classifiers:  # "৫২ খানা"
        return True
    return any(_classified(last, lang) for lang in ("bn", "as"))


SURE_TERM = 0.8  # a link's score with no isolation factor (the aligner's ISOLATED_FACTOR is 0.6)


def outside_names(numbers: list[NumberSpan], terms: list, text: str = "") -> list[NumberSpan]:
    """``numbers`` without the number words inside a term the aligner read: ছেষট্টি in "ছেষট্টি খেলার নিয়ম" is
    Sixty-Six, not 66 (a newcomer's CSV export listed running heads as the number 66), and a meld's পঞ্চাশ and the পাঁচ
    of হাতের পাঁচ are no numbers either (a blind set), where other terms stand near (a term's score at least
    ``SURE_TERM``): an isolated "পঞ্চাশ পেরিয়ে" is an age, 50. A count stays one: digits (a rank's value, "10 10"), a
    number with its classifier, or before a counted noun of ``text`` ("হাতে পাঁচটি তাস", "হাতে পাঁচ তাস": a review);
    but not digits that begin a longer name, machine translation's cards "9 এস", "10 সেকেন্ড" (both blind sets).

    >>> from puthi.rules.terms import find_terms
    >>> text = "ছেষট্টি খেলার নিয়ম: ছেষট্টি ফোটা হইলে জয়। ছেষট্টি’র নিয়ম, হাতের পাঁচ, হাতে পাঁচটি তাস, হাতে পাঁচ তাস"
    >>> [(n.start, n.value) for n in outside_names(find_numbers(text), find_terms(text), text)]
    [(21, 66), (78, 5), (95, 5)]
    """
    spans: list[list[int]] = []
    for t in sorted((t for t in terms if t.concept.startswith("game.") or t.score >= SURE_TERM), key=lambda t: t.start):
        if spans and t.start < spans[-1][1]:
            spans[-1][1] = max(spans[-1][1], t.end)
        else:
            spans.append([t.start, t.end])
    starts = [a for a, _ in spans]

    def named(n: NumberSpan) -> bool:  # inside a term's span: ছেষট্টি in ছেষট্টি'র (its ending is the name's, a review)
        k = bisect.bisect_right(starts, n.start) - 1
        if k < 0 or n.end > spans[k][1]:
            return False
        begins = spans[k][0] == n.start and spans[k][1] > n.end  # the digits of a card's name: 9 এস, 10 সেকেন্ড
        return (begins and n.surface.isdigit()) or not counts(n)

    def counts(n: NumberSpan) -> bool:
        if DIGIT_RUN.match(n.surface.split()[-1]) or has_classifier(n):
            return True
        after = TOKEN.search(text, n.end)
        return after is not None and _gap_ok(text, n.end, after.start()) and is_counted(after.group())

    return [n for n in numbers if not named(n)]


def _find_numbers(text: str, lang: str, ocr_digits: bool) -> list[NumberSpan]:
    lex = lexicon(lang)
    toks = _tokens(text, lang)
    out: list[NumberSpan] = []
    i = 0
    while i < len(toks):
        start, end, word = toks[i]
        w = parse_word(word, lang)
        if w is not None and w.kind == "digits" and ocr_digits:
            while end < len(text) and text[end] == BULLET:
                end += 1
            if end > toks[i][1]:
                w = _Word(w.value * 10 ** (end - toks[i][1]), "digits", w.classified, False)
        head = i  # the number's first word; a fraction word before it (সাড়ে) adds to it
        if w is None and (w := _after_fraction(text, toks, i, lex, lang)) is not None:
            head, end = i + 1, toks[i + 1][1]
        if w is not None and word.endswith("ে") and "-" in (text[start - 1 : start], text[end : end + 1]):
            w = None  # সাতে-পাঁচে ("in anything"), an idiom of two numbers
        if w is None or (w.kind != "digits" and _NAME_PART.match(text, end)):
            i += 1  # a number word hyphened to গুটি is a game's name: দহ-গুটি, এঘাৰ-গুটি (not পঞ্চাশ-ইত্যাদি)
            continue
        value, last, j, lead = _expression(text, toks, head, w, lex, lang)
        nxt = toks[j + 1] if j + 1 < len(toks) and _gap_ok(text, toks[j][1], toks[j + 1][0]) else None
        if w.needs_context and j == head and not w.classified:
            after = toks[j + 2] if j + 2 < len(toks) and text[toks[j + 1][1]:toks[j + 2][0]] == "-" else None
            points = after is not None and after[2].startswith(_POINTS)  # তিনি খেল-পইণ্ট, not বার নতুন-তাস
            if nxt is None or not (_counted(nxt[2], lex) or points):
                i += 1
                continue
        if nxt is not None and not _classified(toks[j][2], lang) and match_form(nxt[2]) in lex.classifiers:
            j += 1  # "40 টি": the classifier written apart belongs to the number
            last = toks[j][1]
        end = max(end, last) if j == head else last
        if w.kind != "digits" and isinstance(value, float) and value.is_integer():
            value = int(value)  # আড়াই কুড়ি is 50, a count
        if out and lead and _RANGE.fullmatch(text, out[-1].end, start) and out[-1].value < min(100, value / lead):
            out[-1] = replace(out[-1], value=_whole(out[-1].value * lead))  # ৬-৭শত, দেড়-দুই হাজার: 600 to 700
        out.append(NumberSpan(start, end, text[start:end], value))
        i = j + 1
    return out


def _tokens(text: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, word) of each word. An apostrophe for a dropped vowel joins a number word to its
    classifier: ছ'খানা, দু’টো are read as ছখানা, দুটো (the word keeps no apostrophe; the span keeps it)."""
    toks: list[tuple[int, int, str]] = []
    for m in TOKEN.finditer(text):
        if toks and m.start() == toks[-1][1] + 1 and text[toks[-1][1]] in ELISION:
            joined = toks[-1][2] + m.group()
            w = parse_word(joined, lang)
            if w is not None and w.classified and w.kind != "digits":
                toks[-1] = (toks[-1][0], m.end(), joined)
                continue
        toks.append((m.start(), m.end(), m.group()))
    return toks


def _after_fraction(text: str, toks, i: int, lex: Lexicon, lang: str) -> _Word | None:
    """The number word after a fraction word at ``toks[i]`` (সাড়ে সাত), with the fraction added to it."""
    word = toks[i][2]
    if word[:1] not in lex.fraction_starts:  # most words: no normalising needed to know
        return None
    fraction = lex.fractions.get(match_form(word))
    if fraction is None or i + 1 >= len(toks) or not _gap_ok(text, toks[i][1], toks[i + 1][0]):
        return None
    w = parse_word(toks[i + 1][2], lang)  # after সাড়ে, নয় is nine: no context needed
    if w is None or w.kind == "multiplier":
        return None
    if w.kind == "compound":  # সাড়ে তিনশো: the half is of the hundred, 350
        return _Word(w.value + fraction * w.scale, "compound", w.classified, False, w.scale)
    return _Word(w.value + fraction, "unit", w.classified, False)


def _classified(word: str, lang: str) -> bool:
    w = parse_word(word, lang)
    return bool(w and w.classified)


def _counted(word: str, lex: Lexicon) -> bool:
    """Is ``word`` a counted noun with its inflection (ফোটায়, বছরের; not সেরা for সের, মণি for মণ)?"""
    key = match_form(word)
    if key in lex.classifiers:
        return True
    endings = _inflections()
    return any(key.startswith(c) and key[len(c):] in endings for c in lex.counted)


@cache
def _inflections() -> frozenset[str]:
    """Every inflection a term may carry, of either language, and none (``suffixes.tsv``)."""
    return frozenset({""}.union(*read_suffixes().values()))


def is_counted(word: str, lang: str = "bn") -> bool:
    """True when ``word`` is a noun that numbers count (ফোটা, পয়েন্ট, খানি, ...) or a classifier.

    >>> is_counted("ফোটায়"), is_counted("থাকে")
    (True, False)
    """
    return _counted(word, lexicon(lang))


def _gap_ok(text: str, a: int, b: int) -> bool:
    """Spaces between two words of one number, or a line break where the line was wrapped (দুই কুড়ি / সাত)."""
    gap = text[a:b]
    return b > a and gap.strip(" \t\r\n") == "" and gap.count("\n") <= 1


def _digits_go_on(text: str, toks, j: int, w: _Word, scale: int, lang: str) -> bool:
    """Do the digits ``w`` at ``toks[j + 1]``, after a multiplier of ``scale``, go on the number? Before a smaller
    multiplier (৫ লক্ষ ৫০ হাজার) or as a thousand's three last digits (২ হাজার ৫০০), on the same line; not a year or
    the next item of a list (২ লক্ষ ১৯৯১ সালে, ৫ হাজার / ২. ভাড়া: a review)."""
    if not isinstance(w.value, int) or w.value >= scale or "\n" in text[toks[j][1] : toks[j + 1][0]]:
        return False
    after = j + 2 < len(toks) and _gap_ok(text, toks[j + 1][1], toks[j + 2][0])
    nxt = parse_word(toks[j + 2][2], lang) if after else None
    if nxt is not None and nxt.kind == "multiplier" and nxt.value < scale:
        return True
    return scale == 1000 and len(regex.findall(r"\d", toks[j + 1][2])) == 3


def _expression(text: str, toks, i: int, first: _Word, lex: Lexicon, lang: str) -> tuple[int, int, int, int]:
    """Extend a number word over the words that continue it (multipliers, a unit after a multiplier).
    Returns (value, end offset, index of the last token used, the multiplier of its first word or 0)."""
    if first.kind == "digits":
        nxt = parse_word(toks[i + 1][2], lang) if i + 1 < len(toks) else None
        if (first.classified or nxt is None or nxt.kind != "multiplier" or nxt.needs_context
                or not _gap_ok(text, toks[i][1], toks[i + 1][0])):
            return first.value, toks[i][1], i, 0
        first, i = _Word(_whole(first.value * nxt.value), "compound", False, False, nxt.value), i + 1  # ২ হাজার
    # total: thousands and more; head: the value up to the last multiplier (its scale); tail: units after it
    total, head, tail, scale = 0, 0, first.value, 0
    if first.kind == "compound" and first.value >= 1000:
        total, tail, scale = first.value, 0, first.scale
    elif first.kind in ("multiplier", "compound"):
        head, tail, scale = first.value, 0, first.scale or first.value  # পাঁচশো's scale is a hundred
    after_multiplier = first.kind in ("multiplier", "compound")
    low = scale if scale >= 1000 else float("inf")  # thousands words only fall: লক্ষ … হাজার …
    lead = first.scale if first.kind == "compound" else 0
    j = i
    while not _classified(toks[j][2], lang) and j + 1 < len(toks) and _gap_ok(text, toks[j][1], toks[j + 1][0]):
        w = parse_word(toks[j + 1][2], lang)
        if w is None or toks[j + 1][2] == toks[j][2]:
            break  # "কুড়ি কুড়ি করিয়া" is "by twenties", not 400
        if w.kind == "multiplier":
            if w.value > low and after_multiplier:  # পাঁচ হাজার কোটি: thousands of crores
                total, head, tail, scale, low = (total + head + tail) * w.value, 0, 0, w.value, w.value
                j += 1
                continue
            if w.value >= low:  # হাজার দুই হাজার: a second number begins at দুই
                if not after_multiplier:
                    j, tail = j - 1, 0
                break
            if w.value >= 1000:
                total += ((head + tail) or 1) * w.value
                head = tail = 0
            elif head and w.value < scale:  # একশত (দুই) কুড়ি is 100 and (two) twenties, not 100 twenties
                head += (tail or 1) * w.value
                tail = 0
            else:
                head, tail = ((head + tail) or 1) * w.value, 0
            scale, lead = w.value, lead or w.value
            low = min(low, w.value) if w.value >= 1000 else low
            after_multiplier = True
        elif w.kind == "compound" and after_multiplier and w.value < scale:  # এক হাজার দুশো, দুহাজাৰ পাঁচশ
            head, scale = head + w.value, w.scale
            low = min(low, w.scale) if w.scale >= 1000 else low
        elif ((w.kind == "unit" and after_multiplier and isinstance(w.value, int) and w.value < scale
               and (not w.needs_context or w.classified))  # কুড়ি নয় is "not 20"; Assamese একুৰি এটা is 21
              or (w.kind == "digits" and after_multiplier and _digits_go_on(text, toks, j, w, scale, lang))):
            tail += w.value
            after_multiplier = False
        else:
            break
        j += 1
    return total + head + tail, toks[j][1], j, lead
