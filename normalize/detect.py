"""Script and language detection, per token and per line, for OCR output of Bengali and Assamese books.

A token is classified by the scripts of its characters, not by a dictionary, so it is fast and works on
words nobody has seen:

* ``bengali``: Bengali-script letters only (Bengali and Assamese share the script);
* ``assamese``: Bengali-script letters with Assamese ৰ or ৱ;
* ``garbled-devanagari``: any Devanagari letter, sign or digit. This toolkit reads Bengali and Assamese
  books, so Devanagari in its input is Bengali read by a Hindi model (`कब्रिब्री` for করিয়া); the repair
  tells runs of real Hindi apart with a word list (:mod:`puthi.normalize.hindi`) and leaves them;
* ``garbled-latin``: Latin letters or OCR symbols mixed into Bengali script (`তাহীদের`, `ক*`), or a lone
  lower-case Latin letter standing for a vowel sign or digit (`c` for ে, `t` for া, `e` for ৫);
* ``english``: a Latin word that looks like a real word (letters with a vowel, optional apostrophe);
* ``digits``: numbers in one script (`১২৪`, `3.5`, `২০২৪`);
* ``punct``: punctuation and symbols only (`।`, `--`, `•`);
* ``other``: anything else, for instance digits of two scripts mixed (`81৬`, English read as Bengali digits).

The danda ``।`` and double danda ``॥`` live in the Devanagari block but are Bengali punctuation too; they
never make a token Devanagari.

>>> [classify_token(t) for t in ["খেলা", "আৰু", "कब्रिब्री", "c", "the", "১২৪", "।", "81৬"]]
['bengali', 'assamese', 'garbled-devanagari', 'garbled-latin', 'english', 'digits', 'punct', 'other']
>>> detect_lang("দছ-গুটি খেলত দুজন খেলুৱৈ থাকে আৰু প্ৰতিজনৰ দহটা গুটি থাকে।")
'as'
>>> detect_lang("যদি কাহারও ৰিস্তি আদি না থাকে, তাহা হইলে দুই কুড়ি সাত ফোটা")
'bn'
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Literal

import regex

TokenClass = Literal[
    "bengali", "assamese", "garbled-devanagari", "garbled-latin", "english", "digits", "punct", "other"
]
Lang = Literal["bn", "as"]

ASSAMESE_RA = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"  # ৰ
ASSAMESE_WA = "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"  # ৱ
BENGALI_RA = "\N{BENGALI LETTER RA}"

DEVANAGARI_LETTERS = "\u0900-\u0963\u0966-\u097f"  # a character class: the block less the two dandas
LATIN_LETTERS = "A-Za-z\u00c0-\u024f"  # a character class: ASCII and accented Latin letters
OCR_SYMBOLS = "*%•°★@#$^~"  # symbols OCR puts where a Bengali glyph was
_DEVANAGARI = regex.compile(f"[{DEVANAGARI_LETTERS}]")
_BENGALI = regex.compile(r"[\u0980-\u09ff]")
_BENGALI_LETTERISH = regex.compile(r"[\u0985-\u09b9\u09bc-\u09d7\u09dc-\u09e3\u09f0\u09f1]")
_LATIN = regex.compile(f"[{LATIN_LETTERS}]")
_EDGE = "\"'“”‘’()\\[\\]{}<>,.;:!?\\-–—\u0964\u0965\u09f7"  # real punctuation around a word (not * % •)
_EDGE_PUNCT = regex.compile(f"^[{_EDGE}]+|[{_EDGE}]+$")
_PUNCT_ONLY = regex.compile(r"^[\p{P}\p{S}\p{Z}\u0964\u0965\u09f7]+$")
_NUMBER = regex.compile(r"^(?:[0-9]+(?:[.,:/][0-9]+)*|[০-৯]+(?:[.,:/][০-৯]+)*)$")
_ENGLISH = regex.compile(r"^(?:[A-Za-z]*[AEIOUYaeiouy][A-Za-z]*(?:['’][A-Za-z]+)?|[A-Z]{2,}|I|a|A)$")
_OCR_SYMBOLS = regex.compile(f"[{regex.escape(OCR_SYMBOLS)}]")


_DEGREES = regex.compile(r"(?:[0-9]+|[০-৯]+)(?:[.,](?:[0-9]+|[০-৯]+))?°[CF]")
# An English abbreviation or name with a Bengali ending after a hyphen: CO-কে, UK-র, BA-তে (a hostile tester's became
# চোখকে, থাকার, শুষতে); OCR's stray Latin look-alikes (cন) have no hyphen and no capital run
_LATIN_WITH_ENDING = regex.compile(r"[A-Z][A-Za-z0-9.]+[\-\N{HYPHEN}][\p{Bengali}&&[\p{L}\p{M}]]+", regex.V1)


def written_so(core: str) -> str | None:
    """The class of a token, without its edge punctuation, that mixes Bengali with Latin or a look-alike sign on
    purpose: ``digits`` for a temperature (৩৫°C), ``english`` for an abbreviation with a Bengali ending (CO-কে).

    >>> written_so("৩৫°C"), written_so("CO-কে"), written_so("c-ন"), written_so("৩°")
    ('digits', 'english', None, None)
    """
    if "°" in core and _DEGREES.fullmatch(core):
        return "digits"  # its ° is no OCR look-alike of ০ (a newcomer; a bare ৩° is ৩০ in an old book's OCR, a review)
    if "-" in core or "\N{HYPHEN}" in core:
        return "english" if _LATIN_WITH_ENDING.fullmatch(core) else None
    return None


def classify_token(token: str) -> TokenClass:
    """Classify one whitespace-free token; see the module docstring for the classes.

    >>> classify_token("ৰিস্তি"), classify_token("তাহীদের"), classify_token("ক*")
    ('assamese', 'bengali', 'garbled-latin')
    >>> classify_token("“খেলা”"), classify_token("Sir,"), classify_token(""), classify_token("৩৫°C")
    ('bengali', 'english', 'other', 'digits')
    """
    if not token or token.isspace():
        return "other"
    if _PUNCT_ONLY.match(token):
        return "punct"
    core = _EDGE_PUNCT.sub("", token)
    if (mark := _FOOTNOTE.search(core)) and _footnoted(_EDGE_PUNCT.sub("", core[: mark.start()]), core[: mark.start()]):
        core = _EDGE_PUNCT.sub("", core[: mark.start()])  # "নহে।*", "হয়*": a footnote's mark, not প
    if kind := written_so(core):
        return kind
    has_bn = bool(_BENGALI.search(core))
    if _DEVANAGARI.search(token):
        return "garbled-devanagari"
    has_latin = bool(_LATIN.search(core))
    if has_bn and (has_latin or _OCR_SYMBOLS.search(core)):
        return "garbled-latin"
    if _NUMBER.match(core):
        return "digits"
    if has_bn:
        if not _BENGALI_LETTERISH.search(core):
            return "other"  # Bengali digits mixed with other characters: digit soup
        if regex.search(r"[0-9]", core):
            return "other"
        if ASSAMESE_RA in core or ASSAMESE_WA in core:
            return "assamese"
        return "bengali"
    if has_latin:
        if len(core) == 1 and core not in ("a", "A", "I"):
            return "garbled-latin"
        if _ENGLISH.match(core):
            return "english"
        return "other"
    return "other"


_FOOTNOTE = regex.compile(r"[*†‡]+$")


def _footnoted(word: str, before: str) -> bool:
    """Is a ``*`` after ``word`` (``before``: with its punctuation) a footnote's mark? After a danda, or after a
    word the lexicon knows that would be no word with প for the mark (but তুরু* is তুরুপ, as old OCR read it).

    >>> _footnoted("নহে", "নহে।"), _footnoted("হয়", "হয়"), _footnoted("তুরু", "তুরু")
    (True, True, False)
    """
    from puthi.normalize.lexicon import load_lexicon

    if before.endswith(("\N{DEVANAGARI DANDA}", "\N{DEVANAGARI DOUBLE DANDA}")):
        return True
    lexicon = load_lexicon("bn")
    return word in lexicon and word + "\N{BENGALI LETTER PA}" not in lexicon


def line_lang(line: str, doc_lang: str, min_letters: int = 3, *, before: str | None = None) -> str:
    """The language to repair ``line`` in, in a text of ``doc_lang``: an Assamese line quoted in a Bengali text
    (``min_letters`` ৰ/ৱ or more and no র) is Assamese, so that the Bengali-only repairs leave its ৰ ৱ alone;
    and a Bengali line in an Assamese text is Bengali, so that its র stays: one with ``min_letters`` র and no
    ৰ ৱ, or one with words only Bengali has (:func:`_bengali_words`) and no more ৰ ৱ than র. The ``asm`` model
    writes ৰ for Bengali's র in a reph or ra-phala (কৰ্ম, প্ৰতি), so those are no evidence, and now and then
    ৱ or ৰ for another র (ওৱা).

    >>> line_lang("প্ৰথমে খেলুৱৈয়ে ৰাজা ৰাখে।", "bn"), line_lang("যদি কাহারও ৰিস্তি থাকে", "bn")
    ('as', 'bn')
    >>> line_lang("গোলামচোর খেলা পর্যন্ত চলিতে পারে।", "as"), line_lang("খেলুৱৈ আৰু পারে", "as")
    ('bn', 'as')
    >>> line_lang('"প্ৰত্যেক খেলোয়াড় দশটি গুটি লইয়া খেলিতে বসেন।"', "as")
    'bn'

    ``before``: the language of the lines before it (:class:`LanguageRun`). A line too short to tell takes it: one
    Bengali র after Bengali lines in an Assamese book stays (a newcomer's book turned প্রতিদিন into প্ৰতিদিন),
    but a line with ৰ ৱ and no র is never read as Bengali that way, nor one with র as Assamese.

    >>> line_lang("• দৈনিক: প্রতিদিন", "as"), line_lang("• দৈনিক: প্রতিদিন", "as", before="bn")
    ('as', 'bn')
    """
    n_as, n_bn = lang_evidence(line)
    if doc_lang == "bn" and n_as >= min_letters and not n_bn and _assamese_words(line) \
            and not bengali_by_words(*word_votes(line)):  # Bengali written with ৰ for র stays Bengali
        return "as"
    if doc_lang == "as" and (n_as or n_bn):  # a line with no ra at all needs no telling: no ra to keep
        n_as -= len(_RA_IN_CONJUNCT.findall(line))
        if (n_bn >= min_letters and not n_as and _more_bengali_words(line)) or (n_as <= n_bn and _bengali_words(line)):
            return "bn"
    if before == "bn" and doc_lang == "as" and 0 < n_bn < min_letters and not lang_evidence(line)[0]:
        return "bn"
    if before == "as" and doc_lang == "bn" and 0 < n_as < min_letters and not n_bn:
        return "as"
    return doc_lang


def _more_bengali_words(line: str) -> bool:
    """Do more of the words of ``line`` say Bengali than say Assamese (:func:`word_votes`)? Assamese that OCR read
    with Bengali র (the ``ben`` model) writes র on every line, so র alone makes no line a Bengali quotation: a hostile
    tester's Dash-guti, repaired with ``--lang as``, had every line read as one, and a second one's wrapped Wikipedia
    lines with র had one in twenty.

    >>> _more_bengali_words("গোলামচোর খেলা পর্যন্ত চলিতে পারে।"), _more_bengali_words("এই খেলত দুজন খেলুৱৈ থাকে আরু")
    (True, False)
    """
    only_bn, only_as = word_votes(line)
    return only_bn > only_as


class LanguageRun:
    """The language of the last ``run`` lines with a ra, when they all agree: a chapter in the other language, not
    one quoted line (after an Assamese quotation, a Bengali book's next line with a stray ৰ is still Bengali; a
    review). Lines with no ra do not count.

    >>> r = LanguageRun()
    >>> for line, lang in [("প্ৰথমে ৰাজা", "as")] * 3 + [("", "as"), ("১২", "as")]:
    ...     r.add(line, lang)
    >>> r.lang, (r.add("প্রতি খেলায়", "bn"), r.lang)[1]
    ('as', None)
    """

    def __init__(self, run: int = 3) -> None:
        self.recent: deque[str] = deque(maxlen=run)

    def add(self, line: str, lang: str) -> None:
        if lang_evidence(line) != (0, 0):
            self.recent.append(lang)

    @property
    def lang(self) -> str | None:
        full = len(self.recent) == self.recent.maxlen
        return self.recent[0] if full and len(set(self.recent)) == 1 else None


# ৰ in a conjunct: a ra-phala (্ৰ) or a reph (ৰ্), where `asm` writes ৰ for Bengali's র too.
_CONJUNCT_RA_WORD = regex.compile(r"[\p{L}\p{M}]*(?:\N{BENGALI SIGN VIRAMA}\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
                                  r"|\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI SIGN VIRAMA})[\p{L}\p{M}]*")
_RA_IN_CONJUNCT = regex.compile(r"\N{BENGALI SIGN VIRAMA}\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
                                r"|\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}(?=\N{BENGALI SIGN VIRAMA})")


def _bengali_words(line: str, min_words: int = 3) -> bool:
    """Has ``line`` at least ``min_words`` words that only the Bengali lexicon knows, and three times as many as
    only the Assamese one knows? (এবং, দশটি, লইয়া against আৰু, দহটা, খেলুৱৈ.) With :func:`line_lang`'s test, no
    line of the 10,000 Assamese Wikipedia sentences or of 372 lines of seed 004 read by ``asm`` is called Bengali,
    nor, in a first form of the test, any of 5,000 sentences read against a word list of the other 5,000
    (``bench/results/repair.md``, session 11).

    >>> _bengali_words("প্রত্যেক খেলোয়াড় দশটি গুটি লইয়া খেলিতে বসেন"), _bengali_words("দুজন খেলুৱৈ দহটা গুটি লৈ বহে")
    (True, False)
    """
    only_bn, only_as = word_votes(line)
    return only_bn >= min_words and only_bn >= 3 * only_as


WORDS_SAMPLE = 64 * 1024  # characters whose words are enough to tell a long text's language by its words


def word_votes(text: str) -> tuple[int, int]:
    """How many words of ``text`` only the Bengali lexicon knows, and how many only the Assamese one knows.

    >>> word_votes("দুজন খেলুৱৈ দহটা গুটি লৈ বহে আৰু খেলে")[1] > word_votes("দুজন খেলুৱৈ দহটা গুটি লৈ বহে আৰু খেলে")[0]
    True
    """
    from puthi.normalize.lexicon import load_lexicon, shared_card_names

    bengali, assamese = load_lexicon("bn"), load_lexicon("as")
    shared = shared_card_names()  # no vote
    votes = [0, 0]
    for w in _WORD.findall(text):
        if w in shared:
            continue
        # Assamese typed or read with Bengali র (by the `ben` model) is still Assamese (পিঠার is পিঠাৰ), and
        # Bengali read with Assamese ৰ (by the `asm` model, in conjuncts) still Bengali (প্ৰত্যেক is প্রত্যেক)
        in_assamese = w in assamese or w.replace(BENGALI_RA, ASSAMESE_RA) in assamese
        if in_assamese != (w in bengali or w.replace(ASSAMESE_RA, BENGALI_RA) in bengali):
            votes[in_assamese] += 1
    return votes[0], votes[1]


_WORD = regex.compile(r"[\p{L}\p{M}\N{ZERO WIDTH NON-JOINER}\N{ZERO WIDTH JOINER}]+")


# A word with the Assamese ৰ or ৱ in it.
RA_WA_WORD = regex.compile(r"[\p{L}\p{M}]*[\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}"
                            r"\N{BENGALI LETTER RA WITH LOWER DIAGONAL}][\p{L}\p{M}]*")


def _assamese_words(line: str) -> bool:
    """Are most of the words with ৰ ৱ in ``line`` Assamese words? OCR of Bengali prints ৰ for ব or র in words
    Assamese does not have (ৰিস্তি, ৰিৰি, সাহেৰ); a quoted Assamese line has খেলুৱৈ, আৰু, প্ৰতিজন.

    >>> _assamese_words("প্ৰতিজন খেলুৱৈৰ গুটি থাকে আৰু"), _assamese_words("ৰিস্তি থাকিলে, ৰিৰি সাহেৰ একসঙ্গে")
    (True, False)
    """
    from puthi.normalize.lexicon import load_lexicon

    words = RA_WA_WORD.findall(line)
    assamese = load_lexicon("as")
    return 2 * sum(w in assamese for w in words) >= len(words)


def lang_evidence(text: str) -> tuple[int, int]:
    """``(assamese, bengali)`` evidence counts: Assamese ৰ ৱ against Bengali র.

    Assamese writes ra as ৰ and wa as ৱ and never uses র; Bengali never uses ৰ ৱ except by OCR error.

    >>> lang_evidence("আৰু ৱাৰ")
    (3, 0)
    """
    return text.count(ASSAMESE_RA) + text.count(ASSAMESE_WA), text.count(BENGALI_RA)


@dataclass
class PageEvidence:
    """What tells a page's language, counted as its lines come (:meth:`add`): its ৰ/ৱ against its র, and how
    many of its words with ৰ ৱ the Assamese word list has. A page is told by :meth:`lang`.

    >>> PageEvidence.of("এই খেলত দুজন খেলুৱৈ থাকে। টেঙ্কাৰ মূল্য এঘাৰ, দহলাৰ দহ।").lang("bn")
    'as'
    >>> PageEvidence.of("যাহার ৰিস্তি থাকে, ৰিস্তি ৰিস্তি ৰিস্তি").lang("bn")  # OCR's ৰ for ব: still Bengali
    'bn'
    >>> PageEvidence.of("খেলা").lang("as"), PageEvidence.of("রাজা রানি আর তার বর").lang("as")
    ('as', 'bn')
    >>> PageEvidence.of("খেলুৱৈ থাকে আরু প্রতিজনর দহটা গুটি। গুটিবোর বোর্ডর ওপরত রাখিব লাগে।").lang("bn")  # র for ৰ
    'as'
    """

    assamese: int = 0
    bengali: int = 0
    ra_wa_words: int = 0
    assamese_words: int = 0
    only_bengali: int = 0  # words only one language's list has (:func:`word_votes`)
    only_assamese: int = 0

    @classmethod
    def of(cls, text: str) -> PageEvidence:
        evidence = cls()
        evidence.add(text)
        return evidence

    def add(self, text: str) -> None:
        n_as, n_bn = lang_evidence(text)
        self.assamese += n_as
        self.bengali += n_bn
        if n_bn or n_as:  # Assamese that OCR read with Bengali র, or Bengali written with ৰ, is told by its words
            only_bn, only_as = word_votes(text)
            self.only_bengali += only_bn
            self.only_assamese += only_as
        if n_as:
            from puthi.normalize.lexicon import load_lexicon

            words = RA_WA_WORD.findall(text)
            self.ra_wa_words += len(words)
            self.assamese_words += sum(w in load_lexicon("as") for w in words)

    def lang(self, default: str, before: str | None = None) -> str:
        """The page's language when its ra letters are clear (four or more of one, four times the other; ৰ ৱ in
        words mostly Assamese, as :func:`line_lang` asks of a line), else ``default``, the text's: a newcomer's
        Assamese page in a Bengali book had its ৰ repaired into ব (দহলাৰ → দহলাব), while a Bengali page's OCR may
        print ৰিস্তি for বিস্তি (a review). A page that does not tell takes ``before``, the page before's language,
        when nothing on it speaks against that: a page with র and no ৰ ৱ does not follow an Assamese page, nor one
        with ৰ ৱ and no র a Bengali page (a review).

        >>> PageEvidence.of("তার পর").lang("bn", before="as"), PageEvidence.of("১২").lang("bn", before="as")
        ('bn', 'as')
        """
        if self.bengali >= 4 and self.bengali >= 4 * self.assamese:
            return "as" if assamese_by_words(self.only_bengali, self.only_assamese) else "bn"
        if self.assamese >= 4 and self.assamese >= 4 * self.bengali and 2 * self.assamese_words >= self.ra_wa_words:
            return "bn" if bengali_by_words(self.only_bengali, self.only_assamese) else "as"
        leaning = "as" if self.assamese and not self.bengali else "bn" if self.bengali and not self.assamese else None
        return before if before and leaning in (None, before) else default


def page_langs(pages: list[PageEvidence], lang: str) -> list[str]:
    """The language of each page: its own where it tells, else the page before's where nothing on it speaks
    against that, else the text's (:meth:`PageEvidence.lang`)."""
    out: list[str] = []
    for evidence in pages:
        out.append(evidence.lang(lang, out[-1] if out else None))
    return out


def detect_lang(text: str, prior: tuple[int, int] = (0, 0)) -> Lang:
    """``"as"`` when Assamese letters outweigh Bengali র, else ``"bn"``.

    ``prior`` adds evidence counted elsewhere (earlier lines of the same document), so that a short line
    is judged with its document. An OCR'd Bengali page with a few ৰ misreads stays Bengali: Bengali text
    has many র for each stray ৰ. A text with no ra at all is told by its words (:func:`word_votes`): Assamese when
    more of them only Assamese has (a known limit of session 13). Of 1,625 five-word pieces of Assamese Wikipedia
    with no ra, 1,078 are then told Assamese (none before); of 613 such pieces of Bengali (the memoir clean and
    raw, seeds 000, 002, 003, degraded-ocr-train) none is.

    The words are weighed against the ra letters too (session 19). A text with more র than ৰ ৱ is Assamese when its
    words say so (:func:`assamese_by_words`: a hostile tester's Dash-guti, read by the ``ben`` model with র for ৰ,
    had been made more Bengali). A text with more ৰ ৱ than র is Bengali when its words without ra say so
    (:func:`_bengali_with_stray_ra`: OCR of a small Bengali file prints ৰ for ব, a known limit of session 17), or all
    its words do, those whose ৰ stands in a conjunct left out (:func:`bengali_by_words`: Bengali written with ৰ for
    every র). ``bench/lang_detect.py`` measures it on eight-word pieces of real text: with র for ৰ, 235 of 6,063
    Assamese Wikipedia pieces were Assamese before and 4,474 now, as written 5,972 and 5,971; of 1,482 Bengali pieces
    with one ব or র made ৰ, 1,113 and 1,409 are Bengali.

    >>> detect_lang("খেলা"), detect_lang("খেলা", prior=(40, 1)), detect_lang("মই তাচ খেলি ভাল পাওঁ।")
    ('bn', 'as', 'as')

    A text is told by its own words, not those it quotes:

    >>> detect_lang("এই খেলা আসামেও প্রচলিত। অসমীয়াতে বলে: “খেলুৱৈ থাকে আৰু প্ৰত্যেকৰে দহটা গুটি থাকে।”")
    'bn'
    """
    if QUOTATION.search(text, 0, WORDS_SAMPLE):  # told by its own words, not those it quotes (a newcomer's Bengali
        outside = QUOTATION.sub(" ", text)    # line quoting an Assamese sentence had been made Assamese)
        text = outside if any(lang_evidence(outside)) else text
    n_as, n_bn = lang_evidence(text)
    n_as += prior[0]
    n_bn += prior[1]
    if not n_as and not n_bn:
        only_bn, only_as = word_votes(text)
        return "as" if only_as > only_bn else "bn"
    if n_as > n_bn:  # Bengali with OCR's ৰ for some ব or র, or written with ৰ for every র (a hostile tester); a
        # word whose ৰ stands in a conjunct is no vote there: Assamese পূৰ্ণ, মাত্ৰিক are Bengali's পূর্ণ, মাত্রিক
        return "bn" if text and (_bengali_with_stray_ra(text) or bengali_by_words(
            *word_votes(_CONJUNCT_RA_WORD.sub(" ", text[:WORDS_SAMPLE])))) else "as"
    only_bn, only_as = word_votes(text[:WORDS_SAMPLE]) if text else (0, 0)
    return "as" if assamese_by_words(only_bn, only_as) else "bn"


# A quotation: what stands inside quotation marks (not a straight ': Assamese writes হ'ব, ক'লা)
QUOTATION = regex.compile(r"[\"“«‘]([^\"”»’]{1,1000})[\"”»’]")  # bounded: an unclosed mark scans no further


def assamese_by_words(only_bn: int, only_as: int) -> bool:
    """Do a text's words say Assamese though its ra letters say Bengali: twice as many words only Assamese has as
    only Bengali has, two at least (:func:`word_votes`)? So reads Assamese that OCR wrote with Bengali র (আরু, যিটো).

    >>> assamese_by_words(*word_votes("খেলুৱৈ দুজন আরু দহটা গুটি থাকে")), assamese_by_words(1, 2)
    (True, False)
    """
    return only_as >= 2 and only_as > 2 * only_bn


def ra_written_as_assamese(n_as: int, n_bn: int) -> bool:
    """Is a Bengali text with ``n_as`` ৰ ৱ and ``n_bn`` র written with ৰ for every র (a font or keyboard of Assamese, a
    hostile tester's seed 002), not OCR's stray ৰ for ব? So when it has no র and ten ৰ ৱ or more: a page of Bengali
    has many র.

    >>> ra_written_as_assamese(*lang_evidence("তাহাৰা খেলা কৰিতেছিল। " * 5)), ra_written_as_assamese(12, 30)
    (True, False)
    """
    return not n_bn and n_as >= 10


def bengali_by_words(only_bn: int, only_as: int) -> bool:
    """:func:`assamese_by_words` the other way: twice as many words only Bengali has, two at least.

    >>> bengali_by_words(*word_votes("তাহাৰা খেলা কৰিতেছিল এবং হাৰিয়া গেল")), bengali_by_words(2, 1)
    (True, False)
    """
    return assamese_by_words(only_as, only_bn)


def _bengali_with_stray_ra(text: str) -> bool:
    """Whether a text with more ৰ ৱ than র is Bengali OCR that printed ৰ for ব or র (ৰিস্তি খেলা হয়): more of its
    words without ra only Bengali has than words only Assamese has (card names, which both write, are no vote). A word
    with ৰ ৱ that the Assamese list has, or an Assamese genitive (:func:`_assamese_genitive`), counts for Assamese;
    one that Assamese lacks tells nothing: OCR's ৰিস্তি, or an Assamese word the 10,000-word list lacks. Measured
    by ``bench/lang_detect.py`` (``bench/results/repair.md``, session 19).

    >>> _bengali_with_stray_ra("ৰিস্তি খেলা হয়। তাস লইয়া ৰাজা খেলে"), _bengali_with_stray_ra("খেলুৱৈ দুজন আৰু গুটি")
    (True, False)
    """
    from puthi.normalize.lexicon import load_lexicon

    only_bn, only_as = word_votes(RA_WA_WORD.sub(" ", text))
    assamese = load_lexicon("as")
    only_as += sum(w in assamese or _assamese_genitive(w) for w in RA_WA_WORD.findall(text))
    return only_bn > only_as


def _assamese_genitive(word: str) -> bool:
    """Is ``word`` a known word and Assamese ৰ, the genitive after a consonant (গোলামৰ, তাচৰ), which Bengali writes
    ের (a review: a short Assamese list of cards had been read as Bengali)?

    >>> _assamese_genitive("গোলামৰ"), _assamese_genitive("তাহাৰ"), _assamese_genitive("ৰিস্তি")
    (True, False, False)
    """
    from puthi.normalize.lexicon import load_lexicon, term_forms

    stem = word[:-1]
    if not word.endswith(ASSAMESE_RA) or len(stem) < 3 or not _CONSONANT_END.search(stem):  # not অপৰ (a review)
        return False
    return any(stem in known for known in (load_lexicon("bn"), load_lexicon("as"), term_forms("bn"), term_forms("as")))


_CONSONANT_END = regex.compile(r"[\u0995-\u09b9\u09dc-\u09df\u09f0\u09f1]$")


_GARBLE_HINT = regex.compile(f"[{DEVANAGARI_LETTERS}{LATIN_LETTERS}{regex.escape(OCR_SYMBOLS)}]")  # as classify_token


def has_garble(line: str) -> bool:
    """Whether any token of ``line`` is classified ``garbled-devanagari`` or ``garbled-latin``.

    A quick pre-check for the (slower) wrong-script repair: clean lines skip it.

    >>> has_garble("যদি কাহারও বিস্তি"), has_garble("कब्रिब्री ব্রাখে"), has_garble("Need to know basis")
    (False, True, False)
    """
    if not _GARBLE_HINT.search(line):
        return False
    return any(classify_token(t).startswith("garbled") for t in line.split())
