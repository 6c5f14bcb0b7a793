"""Letters for matching: normal form, edit units and the skeleton used to find fuzzy candidates.

The aligner compares words in *units*: one code point each, except that a letter and the nukta under it
(য + ় = য়) are one unit, so an OCR that loses the nukta costs one substitution, not a deletion.
The *skeleton* keeps only the consonants and independent vowels of a word, with look-alike letters folded
together (ব ৰ র ধ; খ থ; ত ভ; স ন শ ...); two words that differ only in vowel signs or in one confused
letter have the same skeleton, which is what the candidate index is keyed on.

>>> units("কাবায়ু")
['ক', 'া', 'ব', 'া', 'য়', 'ু']
>>> skeleton("ফোটা") == skeleton("ফেঁটি") == skeleton("ফোট")
True
>>> skeleton("ৰিস্তি") == skeleton("বিস্তি")
True
>>> script_of("তাস"), script_of("Klaverjas"), script_of("पत्ता"), script_of("10")
('beng', 'latn', 'deva', 'digit')
"""

from __future__ import annotations

import functools
import unicodedata

import regex

from puthi.normalize.unicode import normalized

NUKTA = "\N{BENGALI SIGN NUKTA}"
ZWJ = "\N{ZERO WIDTH JOINER}"
ZWNJ = "\N{ZERO WIDTH NON-JOINER}"

# Signs that a skeleton drops: dependent vowels, virama, candrabindu, visarga, nukta, au length mark,
# ZWJ/ZWNJ, and the same signs in Devanagari.
_DROP = [chr(c) for c in range(0x09BC, 0x09D8) if unicodedata.category(chr(c)) in ("Mn", "Mc")]
_DROP += ["\N{BENGALI SIGN CANDRABINDU}", "\N{BENGALI SIGN VISARGA}", ZWJ, ZWNJ]
_DROP += [chr(c) for c in range(0x0900, 0x0980) if unicodedata.category(chr(c)) in ("Mn", "Mc")]
# Look-alike letters folded to one representative (a superset of the cheap confusions in confusions.tsv:
# the index only proposes candidates, the weighted edit distance decides).
_FOLD = {
    "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}": "\N{BENGALI LETTER BA}",
    "\N{BENGALI LETTER RA}": "\N{BENGALI LETTER BA}",
    "\N{BENGALI LETTER DHA}": "\N{BENGALI LETTER BA}",
    "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}": "\N{BENGALI LETTER BA}",
    "\N{BENGALI LETTER THA}": "\N{BENGALI LETTER KHA}",
    "\N{BENGALI LETTER BHA}": "\N{BENGALI LETTER TA}",
    "\N{BENGALI LETTER NA}": "\N{BENGALI LETTER SA}",
    "\N{BENGALI LETTER SHA}": "\N{BENGALI LETTER SA}",
    "\N{BENGALI LETTER SSA}": "\N{BENGALI LETTER SA}",
    "\N{BENGALI LETTER NNA}": "\N{BENGALI LETTER SA}",
    "\N{BENGALI LETTER YYA}": "\N{BENGALI LETTER YA}",
    "\N{BENGALI LETTER RRA}": "\N{BENGALI LETTER DDA}",
    "\N{BENGALI LETTER RHA}": "\N{BENGALI LETTER DDHA}",
    "\N{BENGALI SIGN ANUSVARA}": "\N{BENGALI LETTER NGA}",
    "\N{BENGALI LETTER II}": "\N{BENGALI LETTER I}",
    "\N{BENGALI LETTER UU}": "\N{BENGALI LETTER U}",
}
_SKELETON = str.maketrans({**{c: None for c in _DROP}, **_FOLD})


def script_of(word: str) -> str:
    """The script of a word by its first letter: 'beng', 'deva', 'latn', 'digit' or 'other'."""
    for ch in word:
        o = ord(ch)
        if 0x0980 <= o <= 0x09FF:
            return "digit" if 0x09E6 <= o <= 0x09EF else "beng"
        if 0x0900 <= o <= 0x097F:
            return "deva"
        if ch.isdigit():
            return "digit"
        if ch.isalpha() and o < 0x0250:
            return "latn"
    return "other"


MIN_ASSAMESE_LETTERS = 3


def detect_lang(text: str) -> str:
    """'as' when Assamese ৰ ৱ outweigh Bengali র, as the repair stage decides
    (:func:`puthi.normalize.detect.detect_lang`), and there are at least ``MIN_ASSAMESE_LETTERS`` of them,
    else 'bn'. Assamese never writes র; OCR of Bengali prints a stray ৰ now and then (seed 000 has five in
    3,000 letters), with many র beside it, but a short line may have one ৰ and no র at all.

    >>> detect_lang("খেলুৱৈসকলে বৰ্ডৰ বিপৰীত ফালে বহি খেলে"), detect_lang("যদি কাহারও ৰিস্তি থাকে, তাহার হার")
    ('as', 'bn')
    >>> detect_lang("ৰিস্তি খেলায় তাস বাঁটা হয়, গোলাম ও টেক্কা বড়।")
    'bn'

    A text with fewer, and no র, is Assamese when its words are: twice as many only Assamese has as only Bengali
    has, and two at least (a rules expert's one-line statements: "এই খেলখন তিনিজন খেলুৱৈয়ে খেলে।").

    >>> detect_lang("এই খেলখন তিনিজন খেলুৱৈয়ে খেলে।"), detect_lang("সাহেৰ বিবি একসঙ্গে থাকিলে")
    ('as', 'bn')
    >>> detect_lang("বৰ্ডখনত মুঠ একৈশটা বিন্দু আছে।"), detect_lang("ৰিস্তি থাকিলে চব্বিশটি তাস")
    ('as', 'bn')
    >>> detect_lang("চাৰ জন খেলে।"), detect_lang("ৰিস্তি চাৰ জনে খেলে।")  # a ৰ counts once, not as a table word too
    ('bn', 'bn')

    A text with no ra at all is told by its words and by the forms of the tables that only one language has:
    Assamese তাচ and চৌবিশখন against Bengali তাস and চব্বিশটি.

    >>> detect_lang("এই খেলত চৌবিশখন তাচ লাগে।"), detect_lang("এই খেলাত চব্বিশটি তাস লাগে।")
    ('as', 'bn')
    """
    from puthi.normalize.detect import WORDS_SAMPLE, assamese_by_words, lang_evidence, word_votes

    n_as, n_bn = lang_evidence(text)
    if not n_as and not n_bn:  # no ra at all: its words tell, and the tables' (a known limit of session 13)
        only_bn, only_as = word_votes(text)
        table_bn, table_as = table_votes(text)
        return "as" if only_as + table_as > only_bn + table_bn else "bn"
    if 0 < n_as < MIN_ASSAMESE_LETTERS and not n_bn:  # its ৰ ৱ count with its words and the tables' forms (an
        only_bn, only_as = word_votes(text)  # Assamese scholar's "বৰ্ডখনত মুঠ একৈশটা বিন্দু আছে।" lost its 21)
        table_bn, table_as = table_votes(" ".join(w for w in text.split() if not RA_WA.search(w)))  # its ৰ once
        told = only_as + table_as
        return "as" if told and n_as + told >= max(2, 2 * (only_bn + table_bn)) else "bn"
    if n_as >= MIN_ASSAMESE_LETTERS and n_as > n_bn:
        return "as"
    # Assamese that OCR wrote with Bengali র, told by its words as the repair tells it (a newcomer's terms --repair
    # read such a page as Bengali, where repair read it as Assamese)
    return "as" if n_bn >= n_as and assamese_by_words(*word_votes(text[:WORDS_SAMPLE])) else "bn"


RA_WA = regex.compile("[\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}]")


def table_votes(text: str) -> tuple[int, int]:
    """How many words of ``text`` only the Bengali rows of the number and terminology tables hold, and how many
    only the Assamese rows (of the words neither lexicon holds for the other language).

    >>> table_votes("চৌবিশখন তাচ"), table_votes("চব্বিশটি তাস")
    ((0, 2), (1, 0))
    """
    from puthi.normalize.lexicon import load_lexicon
    from puthi.rules.terms.numbers import parse_word

    bengali, assamese = _table_forms()
    words_bn, words_as = load_lexicon("bn"), load_lexicon("as")
    votes = [0, 0]
    for w in regex.findall(r"[\p{L}\p{M}]+", text):
        # a word either lexicon knows is no vote of the tables: Assamese এখন ("one") is Bengali "now" (a review)
        key = match_form(w)
        in_bn = key in bengali or w in words_bn or parse_word(w, "bn") is not None
        in_as = key in assamese or w in words_as or parse_word(w, "as") is not None
        if in_bn != in_as:
            votes[in_as] += 1
    return votes[0], votes[1]


@functools.lru_cache(maxsize=1)
def _table_forms() -> tuple[frozenset[str], frozenset[str]]:
    """The match forms of the bundled terminology tables' Bengali rows and Assamese rows."""
    from puthi.rules.terms.tables import load_tables

    forms: dict[str, set[str]] = {"bn": set(), "as": set()}
    for e in load_tables().entries:
        for lang in set(e.lang.split("|")) & {"bn", "as"}:
            forms[lang].update(match_form(f) for f in e.forms)
    return frozenset(forms["bn"]), frozenset(forms["as"])


_LINE_END = regex.compile(r"\n|\f")


def language_runs(text: str, lang: str = "auto") -> list[tuple[int, int, str]]:
    r"""``text`` cut into runs of lines in one language: ``lang`` (the text's, from :func:`detect_lang` when
    auto), except lines in the other of Bengali and Assamese by the test the repair stage applies to each line
    (:func:`puthi.normalize.detect.line_lang`: an Assamese passage quoted in a Bengali book); a line with too
    few র ৰ ৱ to tell is in the language of the line before it on its page (a form feed starts a page); at the
    top of a later page, in that of the first line on the page that tells (a heading over a page in the other
    language), else of the page before; at the very start, in the text's. In a text of pages, a page whose ra
    letters are clear (:class:`puthi.normalize.detect.PageEvidence`) is the text's language for its lines, and a
    page that does not tell is the page before's (a newcomer's Assamese page in a Bengali book lost its এঘাৰ and
    দহ).

    >>> language_runs("ছেষট্টি খেলায় তাস লাগে।\n\nদছ-গুটি খেলত প্ৰতিজন খেলুৱৈৰ গুটি থাকে আৰু।\n", "bn")
    [(0, 26, 'bn'), (26, 70, 'as')]
    >>> language_runs("তাস খেলা", "bn")
    [(0, 8, 'bn')]
    >>> language_runs("খেলুৱৈৰ গুটি আৰু ৰঙা।\fছেষটি খেলার নিয়ম\nবিবির তিন, গোলামের দুই এবং নহলার শূন্য।", "as")
    [(0, 22, 'as'), (22, 79, 'bn')]
    >>> language_runs("বাঘ-ছাগলী খেলত দুটা বাঘ আৰু কুৰিটা ছাগলী থাকে।\nছেষট্টিতে নহলার মূল্য ০ এবং গোলামের ২।", "as")
    [(0, 47, 'as'), (47, 85, 'bn')]
    >>> language_runs("রাজা আর রানি খেলে।\fএই খেলত দুজন খেলুৱৈ থাকে।\nটেঙ্কাৰ মূল্য এঘাৰ, দহলাৰ দহ।", "bn")
    [(0, 19, 'bn'), (19, 74, 'as')]
    """
    from puthi.normalize.detect import PageEvidence, lang_evidence, line_lang, page_langs

    lang = detect_lang(text) if lang == "auto" else lang
    if "\f" in text and lang in ("bn", "as"):  # each page in its own language where it is clear
        langs = page_langs([PageEvidence.of(page) for page in text.split("\f")], lang)
        if len(set(langs)) > 1:
            return [run for (a, b), own in zip(_page_spans(text), langs, strict=True)
                    for run in _shifted(language_runs(text[a:b], own), a)]
    lines: list[tuple[int, int, str | None, int]] = []  # start, end, language if the line tells, page
    at = page = 0
    for m in [*_LINE_END.finditer(text), None]:
        end = m.end() if m else len(text)
        if end > at:
            line = text[at:end]
            n_as, n_bn = lang_evidence(line)
            if lang not in ("bn", "as"):
                own = lang
            elif n_as + n_bn >= MIN_ASSAMESE_LETTERS:
                own = line_lang(line, lang)
            elif n_bn >= 2 and not n_as:  # Assamese never writes র: two and no ৰ ৱ are a Bengali line (a newcomer's
                own = "bn"  # "ছেষট্টিতে নহলার মূল্য ০ এবং গোলামের ২।" under an Assamese line)
            else:
                own = None  # too few র ৰ ৱ to tell
            lines.append((at, end, own, page))
        page += m is not None and m.group() == "\f"
        at = end
    runs: list[tuple[int, int, str]] = []
    for k, (start, end, own, page) in enumerate(lines):
        if own is None and not runs:  # too few র ৰ ৱ to tell, at the start: the text's language
            own = line_lang(text[start:end], lang)
        elif own is None and lines[k - 1][3] == page:  # on the page: the language of the line before it
            own = runs[-1][2]
        elif own is None:  # at the top of a page: the first line that tells on the page, else the page before's
            told, on = next(((o, p) for _, _, o, p in lines[k + 1:] if o or p != page), (None, None))
            own = told if on == page else runs[-1][2]
        if runs and runs[-1][2] == own:
            runs[-1] = (runs[-1][0], end, own)
        else:
            runs.append((start, end, own))
    return runs or [(0, len(text), lang)]


def _page_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each page of ``text``, the form feed that ends a page being its own."""
    spans, at = [], 0
    for page in text.split("\f"):
        spans.append((at, min(at + len(page) + 1, len(text))))
        at += len(page) + 1
    return spans


def _shifted(runs: list[tuple[int, int, str]], by: int) -> list[tuple[int, int, str]]:
    return [(a + by, b + by, own) for a, b, own in runs]


_APOSTROPHES = str.maketrans("", "", "'\N{RIGHT SINGLE QUOTATION MARK}")


def match_form(word: str) -> str:
    """The form words are compared in: the repair stage's normal form, Latin case-folded, and without the
    apostrophe that Assamese (and old Bengali) writes inside a word for a dropped letter (ব'ৰ্ড, হ’ল).

    >>> match_form("Klaverjas"), match_form("ব'ৰ্ড") == match_form("বৰ্ড")
    ('klaverjas', True)

    The old spelling that doubles a consonant after a reph is matched as the single one, as the text stays as written
    (কূর্ম্ম, a blind set's Ganjifa suit; পর্য্যন্ত):

    >>> match_form("কূর্ম্ম") == match_form("কূর্ম"), match_form("পর্য্যন্ত") == match_form("পর্যন্ত")
    (True, True)
    """
    if word.isascii():
        return word.casefold()
    key = normalized(word).casefold().translate(_APOSTROPHES)
    return _REPH_DOUBLED.sub(r"\1", key) if "\N{BENGALI SIGN VIRAMA}" in key else key


_REPH_DOUBLED = regex.compile(r"([রৰ]\N{BENGALI SIGN VIRAMA}([\p{Bengali}&&\p{L}]))\N{BENGALI SIGN VIRAMA}\2", regex.V1)


def units(word: str) -> list[str]:
    """Split a word into edit units: code points, with a nukta joined to the letter before it."""
    out: list[str] = []
    for ch in word:
        if ch == NUKTA and out:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def skeleton(word: str) -> str:
    """Consonants and independent vowels of ``word`` with look-alikes folded (see the module docstring)."""
    return word.translate(_SKELETON).casefold()
