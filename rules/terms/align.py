"""The term aligner: find every occurrence of a table's terms in damaged, inflected text.

For each word of the text (a run of letters, marks and digits) the aligner looks for a table form

1. exactly, after the repair stage's normalisation (Latin case-folded);
2. exactly, once an inflection is taken off (``suffixes.tsv``: তুরুপের, তাসগুলিও, রংয়ের; Assamese
   -ৰ, -ক, -টো, -বোৰ, -ত when the text is Assamese);
3. if neither: approximately, by a grapheme-aware weighted edit distance (:mod:`.costs`) against the
   few forms that share the word's *skeleton* or differ from it by one letter of it (:mod:`.letters`);
   the distance is never computed against the whole table. ৰিস্তি, ধিস্তি → বিস্তি; ফোট, ফেঁটি → ফোটা.
4. a word that is two terms written together (পঞ্চাশকাবার) is split when its first part is a term and
   the rest is a term with an inflection;
5. in an enumeration (three or more single words joined by commas or by ও, এবং, বা, আর, অথবা or Assamese
   আৰু), a word without an exact match is compared with the members of a closed set (card ranks, suits,
   Ganjifa suits) of which the list names at least two exactly with forms of weight at least
   LIST_ANCHOR_WEIGHT, with a looser limit (:func:`list_max_cost`), and read as a member the list does
   not name yet: a list of ranks with a letter of one misread is still a list of ranks (নহকা in "টেক্কা,
   সাহেব, নহকা ও বিবি" is নহলা). The first word, and a last word after a bare comma, keep the ordinary
   limit: they may be a word of the sentence around the list (তবে, টেক্কা ...; ..., যাদের).

6. two words one space apart are read as one when together they are a term's form exactly and one of them is no
   word (তু রুপের, ইস্কা বনের: OCR put a space inside the word; not পরশু রাম).

Multi-word terms (হাতের পাঁচ, দেখা বিস্তি, দছ-গুটি) are matched over words separated by spaces, a line
break or a hyphen; rank symbols (A K Q J 10 9 8 7) only in a run of at least three with a letter among
them. Overlaps are resolved longest first (বিবিধর গ্যাম wins over বিবি), then by score.

Scores: ``weight × similarity × context × support`` where similarity is 1 for an exact form, 0.97 with an
inflection, 0.95 × (1 − cost/length) for an approximate one (× 0.95 again for a part of a compound).
Context: a form declared ambiguous between a game and a meld (বিস্তি) is the game when a word for
"game" follows (বিস্তি খেলা), the meld otherwise; a term that is also a number word (পঞ্চাশ the meld,
ছেষট্টি the game) drops to 0.3× when a classifier, a counted noun or a multiplier makes it a number (পঞ্চাশ ফোটা,
পঞ্চাশ হাজার), a word for "value" comes before it (মূল্য পঞ্চাশ) or one of "more than", "reaching" follows
(ছেষট্টির বেশি); a game's name with the ending of "in" or "of" is the game (ছেষট্টিতে তাস থাকে).
:func:`~puthi.rules.terms.numbers.find_numbers` reports the number in every case; a caller that wants one
reading per span keeps the term when its score is high and the number otherwise.
Other senses: a word that tells a form's other sense, in its sentence or just before or after it (``senses.tsv``:
ওভার, ম্যাচ by ছক্কা is cricket's six; খবরের before কাগজ a newspaper; ইংরাজ before সাহেব an Englishman), weakens its
link by OTHER_SENSE_FACTOR.
Support: a link with no strong link of another concept within 40 words (a lone সাহেব "sir" in a memoir)
is multiplied by 0.6.

>>> spans = find_terms("যদি কাহারও ৰিস্তি আদি না থাকে, তাহা হইলে দুই কুড়ি সাত ফোট দেখাইতে হইবে")
>>> [(s.surface, s.concept, s.score) for s in spans]
[('ৰিস্তি', 'meld.bisti', 0.934), ('ফোট', 'score.point', 0.855)]
>>> [(s.surface, s.concept) for s in find_terms("বিবিধর গ্যাম ও গোলামচোর; সেই রংয়ের বিবি")]
[('বিবিধর গ্যাম', 'game.bibidhar_gam'), ('গোলামচোর', 'game.golamchor'), ('রংয়ের', 'vocab.suit'), ('বিবি', 'card.queen')]
>>> [(s.surface, s.concept) for s in find_terms("“বিন্তি” খেলায় ফোট গণ, বিস্তি পঞ্চাশ-ইত্যাদি")]
[('বিন্তি', 'game.bisti'), ('ফোট', 'score.point'), ('বিস্তি', 'meld.bisti'), ('পঞ্চাশ', 'meld.panchash')]
>>> [(s.start, s.end, s.concept) for s in find_terms("পঞ্চাশকাবায়ু করিড়ে হয়")]
[(0, 6, 'meld.panchash'), (6, 13, 'grabu.kabar')]
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace

import regex

from puthi.rules.spans import TermSpan, read_past_invisible
from puthi.rules.terms import numbers
from puthi.rules.terms.costs import CostModel, default_costs
from puthi.rules.terms.letters import language_runs, match_form, script_of, skeleton, units
from puthi.rules.terms.tables import BUNDLED, Entry, TermTables, load_tables, read_senses, read_suffixes

ZW = "\N{ZERO WIDTH NON-JOINER}\N{ZERO WIDTH JOINER}"
RA_AS, WA_AS = "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}", "\N{BENGALI LETTER RA WITH LOWER DIAGONAL}"
RA_BN = "\N{BENGALI LETTER RA}"  # a Bengali table's র is ৰ in Assamese: তুরুপ, গোলামচোর are তুৰুপ, গোলামচোৰ
SPELLED_AS = "as-spelled"  # the language of such a spelling: matched as written only
SPELLED_FACTOR = 0.75  # ... no strong support for another link (SUPPORT_MIN), and alone below the default score
# A word: letters, marks, digits and joiners. Assamese writes an apostrophe for a dropped vowel after a word's
# first consonant (ব'ৰ্ড, হ’ল, ক’লা: seed 004); there it belongs to the word. One that sets off an ending
# (বিস্তি'র, ‘তাস’এর) belongs to the word too, as an ending does, so a scholar's form may spell it (খেলা'র ঘর: a
# newcomer's was never found). Elsewhere it is a quote, and stays out ('বিস্তি'খেলা).
_CONSONANT = "[\N{BENGALI LETTER KA}-\N{BENGALI LETTER HA}\N{BENGALI LETTER RRA}-\N{BENGALI LETTER YYA}" \
    "\N{BENGALI LETTER RA WITH MIDDLE DIAGONAL}\N{BENGALI LETTER RA WITH LOWER DIAGONAL}]"
_ENDINGS = "|".join(sorted({e for lang in ("bn", "as") for e in read_suffixes()[lang] if not e.isascii()},
                           key=len, reverse=True))
TOKEN = regex.compile(rf"(?:(?<![\p{{L}}\p{{M}}]){_CONSONANT}['’](?={_CONSONANT}))?[\p{{L}}\p{{M}}\p{{Nd}}{ZW}]+"
                      rf"(?:(?<=\p{{Bengali}})['’](?:{_ENDINGS})(?![\p{{L}}\p{{M}}]))?")
FORM_WORDS = regex.compile(r"[ \-]+")
# Between the words of a multi-word term: spaces, one line break, a hyphen or dash.
WORD_GAP = regex.compile(r"[ \t]*(?:\r?\n)?[ \t]*|[ \t]*[-\N{EN DASH}\N{HYPHEN}][ \t]*")
# OCR marks that may stand between the words of a damaged multi-word term (tune half of seed 004's printing):
# a speck glued between two words (লাউ.কাটা), or the vowel sign া read as a bar after a word that then
# matches only approximately (লাউ কাট| কাটি). After a word read exactly the bar is a danda: a sentence ends.
GLUED_MARK = regex.compile("[.|\N{BENGALI CURRENCY NUMERATOR FOUR}'\N{RIGHT SINGLE QUOTATION MARK}]")
AA_AS_BAR = regex.compile("[|\N{BENGALI CURRENCY NUMERATOR FOUR}][ \t]*")
HYPHEN = regex.compile("[-\N{EN DASH}\N{HYPHEN}]")
# Between a term and the word after it, for context: spaces, quotes, brackets, a hyphen.
CONTEXT_GAP = regex.compile(r"[\s\"'“”‘’«»()\[\]\-]*")
SYMBOL_GAP = regex.compile(r"[ \t,]*(?:\r?\n[ \t,]*)?")  # a rank order may wrap onto the next line
GAME_CUES = ("খেল", "থেল", "গেম", "গ্যাম", "game", "spel", "spiel")
_PLAYERS = regex.compile(r"জন(?:ে|া|ই|েই)?$")  # the classifier of people, apart: দুই জনে
_PLAY_VERB = regex.compile(r"খেল(?:ে|েন|িতে|তে|িবে|বে|িয়া|িব|ি|িলে|লে)$")  # plays, to play, if … play (not খেলায়)
_PLAYER_NOUN = regex.compile(r"(?:খেলোয়াড়|খেলোয়াড়|খেলুৱৈ)(?:ে|এ|য়ে)?$")  # "চারজন খেলোয়াড়ে খেলে"
VALUE_WORDS = frozenset({"মূল্য", "মান", "দাম", "মূল্যমান"})  # a number word after "value" is a number: মূল্য পঞ্চাশ
# A word for "game" itself, after a game's name (খেলায়, খেলত; not খেলার "of the game", খেলোয়াড় "player").
GAME_WORD = regex.compile("খেলা(?:\N{BENGALI LETTER YYA}|\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}|তে|টি|টো)?"
                          "|খেল(?:ত|খন)?|গেম|game|spel|spiel")
# Between two games named together: a comma, or "and"/"or" ("ছেষট্টি ও বিস্তি", Assamese "… আৰু …").
# Around a game's name alone on its line, a heading's page number, bullet or punctuation.
_HEADING_EXTRAS = " \t\r\f।॥.,;:-–—•*()০১২৩৪৫৬৭৮৯0123456789"
GAMES_JOINED = regex.compile(r"[ \t]*(?:,[ \t]*|(?:,[ \t]*)?(?:ও|এবং|আর|আৰু|বা|কিংবা|অথবা)[ \t]+)")
SYMBOL_LETTERS = {"a", "k", "q", "j"}
CACHE_LIMIT = 400_000
# An approximate match on a common word of the language (frequency in the repair stage's lexicon at least
# KNOWN_WORD_MIN_FREQ) is more likely that word than a damaged term: its similarity is multiplied by this.
KNOWN_WORD_FACTOR = 0.5
KNOWN_WORD_MIN_FREQ = 10
# Which table languages an approximate match may use, by text language: an Assamese spelling in a
# Bengali text is only matched exactly.
FUZZY_LANGS = {"bn": {"bn"}, "as": {"as"}}
# Enumerations: items joined by commas or by conjunction words (a semicolon ends one). Only the
# categories that are closed sets of names, which texts list, lend their members to a damaged list item.
LIST_COMMA = regex.compile(r"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?")
LIST_BEFORE_CONJUNCTION = regex.compile(r"(?:[ \t]*,)?[ \t]*(?:\r?\n)?[ \t]*")
LIST_AFTER_CONJUNCTION = regex.compile(r"[ \t]*(?:\r?\n)?[ \t]*")
LIST_CONJUNCTIONS = frozenset({"ও", "এবং", "বা", "আর", "আৰু", "অথবা"})
LIST_MIN_ITEMS = 3
CLOSED_SETS = frozenset({"card_rank", "card_suit", "ganjifa"})
# Only a form that surely names the member starts a list: not আটা ("flour"), রাজা ("king"), একা ("alone").
LIST_ANCHOR_WEIGHT = 0.9
LIST_ANCHORS = 2
# ... or many members named exactly, however weak each form: the ten avatars listed in order (মৎস্য, কূর্ম,
# বরাহ, …, রাম, …) are Ganjifa's suits, though each is also a word or a name ...
LIST_MEMBERS = 4
CARD_WORDS = frozenset({"card_vocab", "game_name"})  # ... when a card or game word stands near them
# A link with no other term of another concept within SUPPORT_WINDOW words either side (a lone সাহেব or
# বিয়ে in a memoir) is weak evidence of a game text: its score is multiplied by ISOLATED_FACTOR.
# A damaged form on a common word is taken for the term when the text spells the term itself this often.
ATTESTED_MIN = 2
ATTESTED_MAX_COST = 0.5  # one cheap confusion: ভ for ত costs 0.35; কাহার for কাবার 0.85
# ... and a word seen less than 10 times per million words of web text: ভাসে 3.6, but বিধি 25, গেলাম 81.
ATTESTED_MAX_WEB = 10_000  # per billion
SUPPORT_WINDOW = 40
SUPPORT_MIN = 0.8
ISOLATED_FACTOR = 0.6
# ... and by EVERYDAY_FACTOR more on a word of everyday Bengali, seen at least EVERYDAY_WEB times per billion words of
# web text: সাহেব (87,096: "Mr."), পিঠে ("on the back"), রং ("paint"), গুটিয়ে ("folding"); not তাস (7,943), বিবি
# (13,183). A newcomer's memoir, a control that names no game, had 13 such links, all false, at 0.54-0.6.
EVERYDAY_WEB = 15_000
EVERYDAY_FACTOR = 0.75
WEAK_SUPPORT_MIN = 0.5  # ... unless a link of another concept this strong stands near: পঞ্চাশ glued to a damaged কাবায়ু
MAX_TOKEN = 60  # a longer "word" is run-together text (a PDF that lost its spaces), no term with an inflection
SUFFIX_MAX_COST = 0.45  # one cheap confusion (ৰ for র, ী for ি) in an inflection after an exact form
COMPOUND_FACTOR = 0.95  # two terms written as one word
# A term written together with an ordinary word (see Aligner._glued): each part at least GLUED_MIN units.
# Endings of Bengali place names: a term before one is a place (রানীগঞ্জ, রাজাবাজার, রংপুর), not a glued term.
PLACE_ENDINGS = frozenset(match_form(w) for w in ("গঞ্জ", "পুর", "নগর", "বাজার", "ঘাট", "হাট", "গ্রাম", "পাড়া", "ডাঙা",
                                                  "ডাঙ্গা", "তলা", "গড়", "খালি", "দিয়া", "হাটি"))
OTHER_SENSE_FACTOR = 0.4  # a link with a word of its other sense by it (senses.tsv): cricket's ছক্কা ...
SENSE_WINDOW = 8  # ... in its sentence, up to this many words either side
SENTENCE_END = regex.compile(r"[।॥৷|.?!;]|\n\s*\n")  # ৷ and | are OCR's dandas; a line break alone ends none
SPLIT_FACTOR = 0.85  # a term read across a space OCR put inside it (step 6) ...
SPLIT_PART_WEB = 1_000  # ... when one of the two parts is rarer than this per billion words of web text
GLUED_FACTOR = 0.8  # alone (ISOLATED_FACTOR) below min_score: a lone নবাবসাহেব is the honorific
GLUED_MIN = 3
# The game a concept belongs to, by the first part of its id: the standard pack's ranks and suits are one
# family ("pack"); a game's name belongs to that game (game.dash_guti to dashguti.*); words many games
# share (vocab., score., meld.) belong to none.
SHARED_CONCEPTS = frozenset({"vocab", "score", "meld"})
FAMILY_OF = {"card": "pack", "suit": "pack"}


def family(concept: str) -> str | None:
    """The game family of a concept id, or None for vocabulary many games share.

    >>> family("ganjifa.raja"), family("card.king"), family("game.ganjifa"), family("game.dash_guti")
    ('ganjifa', 'pack', 'ganjifa', 'dashguti')
    >>> family("vocab.card"), family("score.point"), family("tas")
    (None, None, None)
    """
    head, dot, rest = concept.partition(".")
    if not dot or head in SHARED_CONCEPTS:
        return None
    if head == "game":
        return rest.replace("_", "")
    return FAMILY_OF.get(head, head)


def max_cost(n: int) -> float:
    """The largest edit cost accepted against a form of ``n`` units: one cheap confusion for short
    words, a few for longer ones; a whole wrong consonant (cost 1) only from seven units on.

    >>> [max_cost(n) for n in (2, 3, 4, 5, 7, 12)]
    [0.3, 0.45, 0.6, 0.9, 1.05, 1.2]
    """
    if n <= 2:
        return 0.3
    if n == 3:
        return 0.45
    if n == 4:
        return 0.6
    return round(min(max(0.15 * n, 0.9), 1.2), 2)


def list_max_cost(n: int) -> float:
    """The largest edit cost accepted for a list item against a member of the list's closed set: a whole
    letter and a half (one wrong letter and a lost sign, or three look-alikes), never more than half the
    form. Chosen on the tune halves of the printed benchmarks: 2.0 found one more term and three more false
    links (a relative pronoun after the list's last comma).

    >>> [list_max_cost(n) for n in (2, 3, 4, 6)]
    [1.0, 1.5, 1.5, 1.5]
    """
    return min(1.5, n / 2)


@dataclass(frozen=True)
class _Lexeme:
    key: str
    n: int
    script: str


@dataclass(frozen=True)
class _Hit:
    lex: int
    cost: float
    stem_end: int  # where the lexeme ends in the token; an inflection follows up to the token's end
    exact: bool
    known_word: bool = False  # on a word the lexicon knows as itself (approximate, or another language's form)


@dataclass
class _Cand:
    start: int
    end: int
    entry: int
    score: float
    ntok: int
    first: int
    last: int
    number_word: bool = False
    listed: bool = False  # a list reading (step 5): its score is its similarity
    exact: bool = False  # the form as the tables spell it (an inflection allowed)
    damaged_word: bool = False  # one cheap confusion from the term, on a common word (score × KNOWN_WORD_FACTOR)
    glued: bool = False  # written together with an ordinary word (Aligner._glued): supports no other link


class Aligner:
    """An index over term tables; :meth:`find` aligns a text. Build once, use for many texts."""

    def __init__(self, tables: TermTables, costs: CostModel | None = None):
        self.costs = costs or default_costs()
        self.entries: list[Entry] = list(tables.entries)
        # a concept's gloss for a row that gives none (a scholar's row adding a form: a review)
        self.gloss_of: dict[str, str] = {}
        for e in self.entries:
            if e.gloss:
                self.gloss_of.setdefault(e.concept, e.gloss)
        self.lex_id: dict[str, int] = {}
        self.lexemes: list[_Lexeme] = []
        self.lex_langs: dict[int, set[str]] = defaultdict(set)
        self._lexicons: dict[str, object] = {}
        self._glued_forms: tuple[re.Pattern, re.Pattern] | None = None  # see Aligner._glued
        self.single: dict[int, list[int]] = defaultdict(list)
        self.multi: dict[int, list[tuple[int, tuple[int, ...]]]] = defaultdict(list)
        self.symbols: dict[str, list[int]] = defaultdict(list)
        self.closed_sets: dict[str, set[int]] = defaultdict(set)  # category -> single-word lexemes
        self.skel_index: dict[str, list[int]] = defaultdict(list)
        self.suffixes = read_suffixes()
        self.senses = read_senses()
        self.suffix_by_len: dict[str, dict[int, list[str]]] = {}  # an OCR-damaged inflection keeps its length
        for lang, sufs in self.suffixes.items():
            by_len = self.suffix_by_len[lang] = defaultdict(list)
            for suf in sufs:
                by_len[len(suf)].append(suf)
        self._cache: dict[str, dict[str, tuple]] = {"bn": {}, "as": {}}
        forms = [(ei, e.lang, form) for ei, e in enumerate(self.entries) for form in dict.fromkeys(e.forms)]
        # A Bengali form's Assamese spelling that no table gives (তুৰুপ, গোলামচোৰ), where the form surely names its
        # concept: Assamese ৰং is any colour (seed 004's pieces), as Bengali রং (weight 0.9) is also paint. It is
        # matched as written, not approximately (Assamese Wikipedia's বাবাৰ, "father's", is no damaged কাবাৰ), and
        # counts less than a table's own form (SPELLED_FACTOR): তিৰি is also "woman", কাবাৰ "the Kaaba's" (a review).
        known = {match_form(form) for ei, lang, form in forms}
        forms += [(ei, SPELLED_AS, as_form) for ei, lang, form in forms
                  if lang == "bn" and RA_BN in form and self.entries[ei].weight == 1.0
                  and match_form(as_form := form.replace(RA_BN, RA_AS)) not in known]
        for ei, lang, form in forms:
            e = self.entries[ei]
            if e.lang == "x-symbol":
                self.symbols[match_form(form)].append(ei)
                continue
            lids = tuple(self._lexeme(w) for w in FORM_WORDS.split(form) if w)
            for lid in lids:
                self.lex_langs[lid].add(lang)
            if len(lids) == 1:
                if ei not in self.single[lids[0]]:
                    self.single[lids[0]].append(ei)
                if e.category in CLOSED_SETS and self.lexemes[lids[0]].script == "beng":
                    self.closed_sets[e.category].add(lids[0])
            elif lids:
                self.multi[lids[0]].append((ei, lids))
        self.spelled = {lid for lid, langs in self.lex_langs.items() if langs == {SPELLED_AS}}

    def _lexeme(self, word: str) -> int:
        key = match_form(word)
        if key in self.lex_id:
            return self.lex_id[key]
        lid = len(self.lexemes)
        self.lex_id[key] = lid
        script = script_of(key)
        self.lexemes.append(_Lexeme(key, len(units(key)), script))
        if script == "beng":
            for k in _skeleton_keys(skeleton(key)):
                self.skel_index[k].append(lid)
        return lid

    # --- one word -------------------------------------------------------------------------------
    def analyze(self, token: str, lang: str = "bn") -> tuple[tuple[_Hit, ...], tuple]:
        """The lexemes found in one word, and its compound splits (cached per word)."""
        cache = self._cache[lang]
        got = cache.get(token)
        if got is None:
            if len(cache) > CACHE_LIMIT:
                cache.clear()
            got = cache[token] = self._analyze(token, lang, allow_compound=True)
        return got

    def _analyze(self, tok: str, lang: str, allow_compound: bool) -> tuple[tuple[_Hit, ...], tuple]:
        if len(tok) > MAX_TOKEN:
            return (), ()
        script = script_of(tok)
        if script == "digit":
            lid = self.lex_id.get(tok)
            return ((_Hit(lid, 0.0, len(tok), True),) if lid is not None else ()), ()
        if script == "other":
            return (), ()
        key = match_form(tok)  # normalised once; offsets inside the word are mapped back below
        hits, compounds = self._analyze_key(key, lang, script, allow_compound)
        if key != tok and (hits or compounds):
            cut = _offset_map(tok, key)
            hits = tuple(_Hit(h.lex, h.cost, cut(h.stem_end), h.exact, h.known_word) for h in hits)
            compounds = tuple(
                (cut(i), lid, h and _Hit(h.lex, h.cost, cut(i + h.stem_end) - cut(i), h.exact, h.known_word))
                for i, lid, h in compounds
            )
        return hits, compounds

    def _analyze_key(self, key: str, lang: str, script: str, allow_compound: bool) -> tuple[tuple[_Hit, ...], tuple]:
        stems = self._stems(key, lang)
        hits: dict[int, _Hit] = {}
        for i in stems:
            lid = self.lex_id.get(key[:i])
            if lid is not None and lid not in hits:
                # A form only another language's table has, on a common word of this text's language (কৌশল,
                # "strategy" in Assamese, is the Bengali MT's word for a trick), is more likely that word.
                foreign = lang not in self.lex_langs[lid] and self._known_word(key[:i], lang)
                hits[lid] = _Hit(lid, 0.0, i, True, foreign)
        if not hits and script == "beng":
            found = self._damaged_inflection(key, lang)
            for i in self._stems(key, lang, damaged=True)[:4]:
                found += [(i, lid, cost) for lid, cost in self._fuzzy(key[:i], lang)]
            if found:
                known = any(self._known_word(key[:i], lang) for i in stems)
                for i, lid, cost in found:
                    if lid not in hits or cost < hits[lid].cost:
                        hits[lid] = _Hit(lid, cost, i, False, known)
        compounds = []
        if not hits and allow_compound and script == "beng" and len(key) >= 5:
            for i in range(3, len(key) - 1):
                lid = self.lex_id.get(key[:i])
                if lid is None or lid not in self.single or self.lexemes[lid].n < 3:
                    continue
                for j in self._inflection_ends(key, i, lang):  # the first may be inflected: ইস্কাবনেরবিবি
                    rest, _ = self._analyze_key(key[j:], lang, script, allow_compound=False)
                    for h in rest:
                        if h.lex in self.single and self.lexemes[h.lex].n >= 3:
                            compounds.append((j, lid, h))
            if not compounds and lang == "bn":  # Assamese has no web counts to tell a word from a glued term
                compounds = self._glued(key, lang)
        return tuple(hits.values()), tuple(compounds)

    def _glued(self, key: str, lang: str) -> list[tuple[int, int | None, _Hit | None]]:
        """A term written together with an ordinary word, as compounds do (তাসখেলার, "of card-playing") and as
        OCR does when it loses a space (বলেতাস): ``(cut, term, None)`` for a term before a word,
        ``(cut, None, hit)`` for a word before a term. Both parts must be exact: the term a form of this
        language's tables (``GLUED_MIN`` units or more), the word one the lexicon knows (after its inflection;
        before a term, one or two words).
        A whole that is a word itself, however rare or inflected (মহারাজার, মাসকাবার, সাতানব্বই), or one the web
        counts know (চেকপয়েন্ট), stays one."""
        if self._glued_forms is None:  # any form, and where each starts (re is faster than regex here)
            forms = "|".join(re.escape(lx.key) for lid, lx in enumerate(self.lexemes) if self._glued_term(lid, None))
            self._glued_forms = re.compile(forms), re.compile(f"(?=(?:{forms}))")
        web = self._web_words()
        if (self._glued_forms[0].search(key) is None or self._known_stem(key, lang, 0)
                or any(key[:i] in web for i in self._stems(key, lang))):
            return []
        starts = {m.start() for m in self._glued_forms[1].finditer(key)}
        cuts = range(GLUED_MIN, len(key) - GLUED_MIN + 1)
        out: list[tuple[int, int | None, _Hit | None]] = []
        if 0 in starts:
            out += [(j, lid, None) for i in cuts if self._glued_term(lid := self.lex_id.get(key[:i]), lang)
                    for j in self._inflection_ends(key, i, lang)  # তাসেরখেলা
                    if j in cuts and self._known_stem(key[j:], lang) and not self._place_name_end(key[j:], lang)]
        for i in sorted(starts.intersection(cuts)):
            tail = key[i:]
            terms = [(j, tid) for j in self._stems(tail, lang)
                     if self._glued_term(tid := self.lex_id.get(tail[:j]), lang)]
            if terms and self._known_words(key[:i], lang):
                out += [(i, None, _Hit(tid, 0.0, j, True)) for j, tid in terms]
        return out

    def _inflection_ends(self, key: str, i: int, lang: str) -> list[int]:
        """Where a word ending at ``i`` may end with an inflection after it: ``i``, then after each
        inflection that follows (তাস|ের|খেলা)."""
        sufs = self.suffixes[lang]
        return [i, *(i + n for n in sorted(self.suffix_by_len[lang]) if n and key[i : i + n] in sufs)]

    def _place_name_end(self, word: str, lang: str) -> bool:
        """Is ``word`` (after its inflection) an ending of place names: রানীগঞ্জে, রাজাবাজারে, রংপুর?"""
        return any(word[:i] in PLACE_ENDINGS for i in self._stems(word, lang))

    def _glued_term(self, lid: int | None, lang: str | None) -> bool:
        """May lexeme ``lid`` be read glued to a word of ``lang`` (None: of any language)? Not a borrowed word:
        written together with another, it is most often a whole foreign compound (লিডারবোর্ড, স্যুটকেস); not a
        number word (ছেষট্টি in তিনশোছেষট্টি)."""
        return (lid is not None and lid in self.single and self.lexemes[lid].n >= GLUED_MIN
                and self.lexemes[lid].script == "beng" and (lang is None or lang in self.lex_langs[lid])
                and not all(self.entries[ei].borrowed for ei in self.single[lid])
                and numbers.parse_word(self.lexemes[lid].key, "bn") is None)

    def _everyday(self, surface: str, c: _Cand) -> bool:
        """Is the word of link ``c``, as written or as its table spells it, an everyday word (``EVERYDAY_WEB``)?"""
        web = Aligner._web_words()
        return max(web.get(match_form(surface), 0), web.get(match_form(self.entries[c.entry].headword), 0)) \
            >= EVERYDAY_WEB

    @staticmethod
    def _web_words() -> dict[str, int]:
        try:
            from puthi.normalize.lexicon import web_counts
        except ImportError:
            return {}
        return web_counts()

    def _known_words(self, text: str, lang: str) -> bool:
        """Is ``text`` one word the lexicon knows, or two run together (হিন্দুমতে)?"""
        return self._known_word(text, lang) or any(
            self._known_word(text[:k], lang) and self._known_word(text[k:], lang)
            for k in range(GLUED_MIN, len(text) - GLUED_MIN + 1))

    def _known_stem(self, word: str, lang: str, min_freq: float = KNOWN_WORD_MIN_FREQ) -> bool:
        """Is ``word``, or its stem before an inflection, a word the lexicon knows (of ``GLUED_MIN`` units or more)?"""
        return any(self._known_word(word[:i], lang, min_freq) for i in self._stems(word, lang) if i >= GLUED_MIN)

    def _stems(self, key: str, lang: str, damaged: bool = False) -> list[int]:
        """Where ``key``'s stem may end: the whole word first, then before each inflection, longest stem first.
        With ``damaged`` (for approximate matches), an Assamese inflection may have ৱ where it has ৰ: Tesseract
        ``asm`` reads the two for each other (শিখৱৱ for শিখৰৰ)."""
        sufs = self.suffixes[lang]
        fold = damaged and lang == "as"
        return [len(key), *(i for i in range(len(key) - 1, 1, -1)
                            if key[i:] in sufs or (fold and key[i:].replace(WA_AS, RA_AS) in sufs))]

    def _damaged_inflection(self, key: str, lang: str) -> list[tuple[int, int, float]]:
        """(stem end, lexeme, cost) for a form spelled exactly and an inflection that OCR damaged (তাসেৰ, তাসগুলী):
        the rest of the word at most one cheap confusion (``SUFFIX_MAX_COST``) from an inflection."""
        out = []
        for i in range(len(key) - 1, 1, -1):
            lid = self.lex_id.get(key[:i])
            if lid is None or self.lexemes[lid].n < 3 or lang not in self.lex_langs[lid]:
                continue
            rest = key[i:]
            cost = min((self.costs.distance(rest, suf, SUFFIX_MAX_COST) for suf in self.suffix_by_len[lang]
                        .get(len(rest), ())), default=SUFFIX_MAX_COST + 1)
            if cost <= SUFFIX_MAX_COST:
                out.append((i, lid, cost))
        return out

    def _known_word(self, word: str, lang: str, min_freq: float = KNOWN_WORD_MIN_FREQ) -> bool:
        """Is ``word`` a common word of ``lang`` in the repair stage's lexicon (with ``min_freq`` 0, any word
        it lists)? (False without it.)"""
        if lang not in self._lexicons:
            try:
                from puthi.normalize.lexicon import load_lexicon

                self._lexicons[lang] = load_lexicon(lang)
            except (ImportError, OSError, ValueError):
                self._lexicons[lang] = None
        lex = self._lexicons[lang]
        return lex is not None and (freq := lex.frequency(match_form(word))) > 0 and freq >= min_freq

    def _fuzzy(self, key: str, lang: str) -> list[tuple[int, float]]:
        sk = skeleton(key)
        if not sk:
            return []
        cands: set[int] = set()
        for k in _skeleton_keys(sk):
            cands.update(self.skel_index.get(k, ()))
        n_key = len(units(key))
        allowed = FUZZY_LANGS.get(lang, {lang})
        out = []
        for lid in cands:
            lx = self.lexemes[lid]
            if abs(lx.n - n_key) > 3 or not (self.lex_langs[lid] & allowed):
                continue
            limit = max_cost(lx.n)
            d = self.costs.distance(key, lx.key, limit)
            if d <= limit:
                out.append((lid, d))
        return out

    def _similarity(self, h: _Hit, token_len: int, alone: bool = True) -> float:
        """How much a hit counts: 1 exact, 0.97 with an inflection, less with edits; halved on a common word of
        the language (for an exact hit, only when the word stands alone, not inside a multi-word term)."""
        if h.exact:
            sim = 1.0 if h.stem_end == token_len else 0.97
        else:
            sim = 0.95 * (1.0 - h.cost / max(self.lexemes[h.lex].n, 3))
        sim *= SPELLED_FACTOR if h.lex in self.spelled else 1.0
        return sim * KNOWN_WORD_FACTOR if h.known_word and (alone or not h.exact) else sim

    # --- a text ---------------------------------------------------------------------------------
    def find(self, text: str, *, lang: str = "auto", min_score: float = 0.5, all_links: bool = False) -> list[TermSpan]:
        """Term occurrences in ``text`` (see :func:`find_terms`); a line in the other language of the two is
        read in its own (:func:`~puthi.rules.terms.letters.language_runs`), and invisible characters are read past
        (:func:`~puthi.rules.spans.read_past_invisible`)."""
        return read_past_invisible(text, lambda t: self._find_runs(t, lang, min_score, all_links))

    def _find_runs(self, text: str, lang: str, min_score: float, all_links: bool) -> list[TermSpan]:
        runs = language_runs(text, lang)
        if len(runs) > 1:
            return [replace(t, start=t.start + a, end=t.end + a) for a, b, own in runs
                    for t in self._find(text[a:b], own, min_score, all_links)]
        return self._find(text, runs[0][2], min_score, all_links)

    def _find(self, text: str, lang: str, min_score: float, all_links: bool) -> list[TermSpan]:
        toks, joined = self._join_split_words(text, [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)],
                                              lang)
        # a joined token's own compounds are not read: their cuts count in the word without its space
        info = [(self.analyze(t, lang)[0], ()) if k in joined else self.analyze(t, lang) for k, (_, _, t) in
                enumerate(toks)]
        cands: list[_Cand] = []
        for i, (s, e, tok) in enumerate(toks):
            hits, compounds = info[i]
            for h in hits:
                sim = self._similarity(h, len(tok))
                for ei in self.single.get(h.lex, ()):
                    cands.append(_Cand(s, e, ei, sim, 1, i, i, exact=h.exact,
                                       damaged_word=self._attestable(h, tok, lang)))
                if h.stem_end == len(tok):
                    for ei, lids in self.multi.get(h.lex, ()):
                        if (c := self._multi(text, toks, info, i, ei, lids)) is not None:
                            cands.append(c)
            for cut, lid, h in compounds:
                glued = lid is None or h is None
                factor = GLUED_FACTOR if glued else COMPOUND_FACTOR
                for ei in self.single.get(lid, ()):
                    cands.append(_Cand(s, s + cut, ei, factor, 1, i, i, glued=glued))
                if h is not None:
                    sim = factor * self._similarity(h, len(tok) - cut)
                    for ei in self.single[h.lex]:
                        cands.append(_Cand(s + cut, e, ei, sim, 1, i, i, glued=glued))
        cands += self._symbol_runs(text, toks)
        cands += self._list_items(text, toks, cands, lang)
        for c in cands:
            if not c.listed:
                c.score = self.entries[c.entry].weight * c.score * self._context(text, toks, c, lang)
            if joined and any(c.first <= k <= c.last for k in joined):
                c.score *= SPLIT_FACTOR
        self._attested_by_document(cands)
        self._support(text, cands, _text_positions(toks), lang)
        self._sense_by_document(cands)
        self._games_named_together(text, cands)
        return self._resolve(text, cands, lang, min_score, all_links)

    @staticmethod
    def _attestable(h: _Hit, token: str, lang: str) -> bool:
        """May a text's own spellings of the term lift this hit's common-word penalty? (Bengali: the web
        counts say how common the word is; Assamese has no such counts, so never.)"""
        if not h.known_word or h.exact or h.cost > ATTESTED_MAX_COST or lang != "bn":
            return False
        return 0 < len(web := Aligner._web_words()) and web.get(match_form(token), 0) < ATTESTED_MAX_WEB

    def _attested_by_document(self, cands: list[_Cand]) -> None:
        """One sense per discourse: a form one cheap confusion from a term (``ATTESTED_MAX_COST``) that is also
        a word, but not a very common one (``ATTESTED_MAX_WEB``; ভাসে, "floats", for তাসে), is the term after
        all when the same text spells that term correctly ``ATTESTED_MIN`` times or more. Its common-word
        penalty (``KNOWN_WORD_FACTOR``) is lifted; the rest of its score stands. কাহারও, two letters from কাবার,
        and বিধি ("rule", 25 per million words), one letter from বিবি, stay words."""
        spans_of: dict[str, set[tuple[int, int]]] = defaultdict(set)
        for c in cands:
            if c.exact and not c.listed and c.score >= SUPPORT_MIN:
                spans_of[self.entries[c.entry].concept].add((c.start, c.end))
        for c in cands:
            if c.damaged_word and len(spans_of.get(self.entries[c.entry].concept, ())) >= ATTESTED_MIN:
                c.score /= KNOWN_WORD_FACTOR

    def _sense_by_document(self, cands: list[_Cand]) -> None:
        """A word the tables declare ambiguous between two games (রাজা: the pack's king, Ganjifa's raja) is
        read in the game the document shows more of: the family with more words strongly and unambiguously
        linked to it (see :func:`family`). The
        word is a term as surely as its likelier reading says, so the chosen reading takes that score;
        with no evidence either way, or as much for both, the scores decide as before."""
        spans_of: dict[str, set[tuple[int, int]]] = defaultdict(set)  # a word read twice (a list) counts once
        for c in cands:
            e = self.entries[c.entry]
            if c.score >= SUPPORT_MIN and not e.ambiguous and (f := family(e.concept)):
                spans_of[f].add((c.start, c.end))
        evidence = {f: len(s) for f, s in spans_of.items()}
        spans: dict[tuple[int, int], list[_Cand]] = defaultdict(list)
        for c in cands:
            if self.entries[c.entry].ambiguous:
                spans[(c.start, c.end)].append(c)
        for group in spans.values():
            families = {family(self.entries[c.entry].concept) for c in group}
            if len(families) < 2 or None in families:
                continue
            ranked = sorted(families, key=lambda f: -evidence.get(f, 0))
            if evidence.get(ranked[0], 0) == evidence.get(ranked[1], 0):
                continue
            top = max(c.score for c in group)
            for c in group:
                chosen = family(self.entries[c.entry].concept) == ranked[0]
                c.score = top if chosen else min(c.score, top * 0.99)

    def _games_named_together(self, text: str, cands: list[_Cand]) -> None:
        """A form ambiguous between a game and a meld (বিস্তি) is the game when it is named together with
        another game: "ছেষট্টি ও বিস্তি দুইটিতেই", "বিস্তি, গ্রাবু বা ছেষট্টি"; or alone on its line, as a
        chapter's heading is (a newcomer's booklet)."""
        def is_game(c: _Cand) -> bool:
            e = self.entries[c.entry]
            return e.category == "game_name" and not e.ambiguous and c.score >= SUPPORT_MIN
        starts = {c.start for c in cands if is_game(c)}
        ends = {c.end for c in cands if is_game(c)}
        groups: dict[tuple[int, int], list[_Cand]] = defaultdict(list)
        for c in cands:
            if self.entries[c.entry].ambiguous and self.entries[c.entry].category in ("game_name", "meld"):
                groups[(c.start, c.end)].append(c)
        for (s, e), group in groups.items():
            after = (m := GAMES_JOINED.match(text, e)) is not None and m.end() in starts
            before = any(end in ends and GAMES_JOINED.fullmatch(text, end, s) for end in range(s - 12, s))
            games = [c for c in group if self.entries[c.entry].category == "game_name"]
            line = text[text.rfind("\n", 0, s) + 1 : (text.find("\n", e) + 1 or len(text) + 1) - 1]
            alone = line.strip(_HEADING_EXTRAS) == text[s:e]
            if (after or before or alone) and games:
                top = max(c.score for c in group)
                for c in group:
                    c.score = top if any(c is g for g in games) else min(c.score, top * 0.99)

    def _support(self, text: str, cands: list[_Cand], pos: list[int], lang: str) -> None:
        """Lower the score of links that no strong link of another concept supports nearby: within
        ``SUPPORT_WINDOW`` words of the text's own script (``pos``, see :func:`_text_positions`); another reading of
        the same word (রাজা: the king and the raja) is no support. An everyday word (``EVERYDAY_WEB``, Bengali web
        counts: Bengali text only) is lowered the more when not even a weaker link of another concept stands near
        (``WEAK_SUPPORT_MIN``: a term glued to a word, এটাটেক্কা, or damaged), in a text long enough to tell: a
        sentence alone ("প্রত্যেককে ছয়টি কার্ড দেওয়া হয়") keeps its terms (a review)."""
        def near(links: list[tuple[int, str, int]], firsts: list[int], c: _Cand) -> bool:  # another concept's link
            lo = bisect.bisect_left(firsts, pos[c.first] - SUPPORT_WINDOW)
            hi = bisect.bisect_right(firsts, pos[c.last] + SUPPORT_WINDOW)
            return any(links[k][1] != self.entries[c.entry].concept and links[k][2] != c.start for k in range(lo, hi))

        strong = sorted((pos[c.first], self.entries[c.entry].concept, c.start) for c in cands
                        if c.score >= SUPPORT_MIN and not c.glued)
        every = sorted((pos[c.first], self.entries[c.entry].concept, c.start) for c in cands
                       if c.score >= WEAK_SUPPORT_MIN)
        strong_at, every_at = [f for f, _, _ in strong], [f for f, _, _ in every]
        long_text = bool(pos) and pos[-1] > 2 * SUPPORT_WINDOW  # a sentence alone says too little to tell
        for c in cands:
            if not near(strong, strong_at, c):
                alone = (lang == "bn" and long_text and not near(every, every_at, c)
                         and self._everyday(text[c.start:c.end], c))
                c.score *= ISOLATED_FACTOR * (EVERYDAY_FACTOR if alone else 1.0)

    def _multi(self, text, toks, info, i, ei, lids) -> _Cand | None:
        """The multi-word term ``lids`` read from token ``i`` on: each word found in the token (exactly or
        approximately) or compared with the term's word alone; only the last may carry an inflection."""
        last = i + len(lids) - 1
        if last >= len(toks):
            return None
        sim = 1.0
        previous: _Hit | None = None
        w = numbers.parse_word(toks[i][2], "bn") or numbers.parse_word(toks[i][2], "as")
        # a number word, not "10 সেকেন্ড" (tens, machine-translated), before a noun numbers count opens it: "দশ গুটি"
        # is ten pieces, and the game is দশ-গুটি, or দশ গুটি খেলা (a word for "game" after it); a scholar's
        # "তিন পাত্তি" counts no পাত্তি (a newcomer: it was never found without খেলা after it)
        counted = w is not None and w.kind != "digits" \
            and any(numbers.is_counted(toks[i + 1][2], lang) for lang in ("bn", "as")) \
            and not (last + 1 < len(toks) and GAME_WORD.fullmatch(toks[last + 1][2].casefold()))
        for j, lid in enumerate(lids, start=i):
            if j > i and not self._term_gap(text, toks[j - 1][1], toks[j][0], previous):
                return None
            if j > i and counted and not HYPHEN.search(text, toks[j - 1][1], toks[j][0]):
                return None
            word = toks[j][2]
            hit = next((h for h in info[j][0] if h.lex == lid), None) or self._component(word, lid)
            if hit is None or (j < last and hit.stem_end != len(word)):
                return None
            # The whole term is the evidence: a word of it that is also a common word is not halved alone.
            sim *= self._similarity(hit, len(word), alone=False)
            previous = hit
        return _Cand(toks[i][0], toks[last][1], ei, sim, len(lids), i, last)

    @functools.cached_property
    def _term_starts(self) -> frozenset[str]:
        """The tables' Bengali-script single-word forms and their beginnings."""
        return frozenset(lx.key[:k] for lx in self.lexemes if lx.script == "beng" for k in range(1, len(lx.key) + 1))

    def _join_split_words(self, text: str, toks: list[tuple[int, int, str]], lang: str) -> tuple[list, set[int]]:
        """Step 6: a word OCR broke in two with a space (তু রুপের, ইস্কা বনের, হর তন). Two words one space apart whose
        join is a term's form, exactly or with an inflection, are read as one token, when the first begins a term's
        form and is no term itself, and one of the two is no word of web text (fewer than SPLIT_PART_WEB in a
        billion words: রুপের, ইস্কা, তন). Two words stay two (পরশু রাম, "Ram the day after tomorrow", is no
        পরশুরাম; রং করা). Returns the tokens and the indices of the joined ones."""
        out: list[tuple[int, int, str]] = []
        joined: set[int] = set()
        web = self._web_words()
        i = 0
        while i < len(toks):
            (s, e, a), nxt = toks[i], toks[i + 1] if i + 1 < len(toks) else None
            if (nxt is not None and text[e : nxt[0]] == " " and (key := _key(a)) in self._term_starts
                    and min(web.get(key, 0), web.get(_key(nxt[2]), 0)) < SPLIT_PART_WEB
                    and _key(a + nxt[2])[: len(key) + 1] in self._term_starts  # the join goes on in a form
                    and not any(h.exact for h in self.analyze(a, lang)[0])
                    and any(h.exact and h.stem_end > len(a) for h in self.analyze(a + nxt[2], lang)[0])):
                joined.add(len(out))
                out.append((s, nxt[1], a + nxt[2]))
                i += 2
            else:
                out.append(toks[i])
                i += 1
        return out, joined

    @staticmethod
    def _term_gap(text: str, a: int, b: int, previous: _Hit | None) -> bool:
        """Can ``text[a:b]`` stand between two words of a multi-word term (``previous``: the first word's hit)?"""
        return bool(WORD_GAP.fullmatch(text, a, b) or GLUED_MARK.fullmatch(text, a, b)
                    or (previous is not None and not previous.exact and AA_AS_BAR.fullmatch(text, a, b)))

    def _component(self, word: str, lid: int) -> _Hit | None:
        """An approximate match of ``word`` to one given word of a multi-word term (পাচ for পাঁচ after
        হাতে): the rest of the term already matched, so only this pair is compared."""
        lx = self.lexemes[lid]
        if lx.script != "beng" or script_of(word) != "beng":
            return None
        limit = max_cost(lx.n)
        d = self.costs.distance(match_form(word), lx.key, limit)
        return _Hit(lid, d, len(word), False) if d <= limit else None

    def _list_items(self, text, toks, cands: list[_Cand], lang: str) -> list[_Cand]:
        """List readings of the words of enumerations that name members of a closed set (step 5).

        The list must name at least LIST_ANCHORS members of one closed set exactly with strong forms, or
        LIST_MEMBERS members with any forms: one সাহেব or বিবি alone ("sahib", "wife") does not make "সাহেব,
        মেম, বাবু ও আয়া" a list of cards. A list
        reading is not lowered by its form's weight (আটা in a list of ranks is the eight, not "flour"), by a
        common word it resembles, or by a number reading (আটটা); the isolation factor still applies. A list
        names each member once: a damaged word is read only as a member that no other word of the list
        names exactly and no damaged word before it was read as.
        """
        exact: dict[int, list[_Cand]] = defaultdict(list)
        for c in cands:
            if c.first == c.last and c.score >= 0.97:
                exact[c.first].append(c)
        out: list[_Cand] = []
        card_words: list[int] | None = None  # where strong card and game words stand, once a list needs them
        for items, closed in _enumerations(text, toks):
            named = [self.entries[c.entry] for i in items for c in exact.get(i, ())]
            strong = [e.category for e in named if e.weight >= LIST_ANCHOR_WEIGHT and e.category in CLOSED_SETS]
            members = Counter(cat for cat, _ in {(e.category, e.concept) for e in named if e.category in CLOSED_SETS})
            sets = {c for c in strong if strong.count(c) >= LIST_ANCHORS}
            if any(n >= LIST_MEMBERS for n in members.values()):
                card_words = self._card_words(cands) if card_words is None else card_words
                if _near(card_words, items):
                    sets |= {c for c, n in members.items() if n >= LIST_MEMBERS}
            if not sets:
                continue
            taken = {e.concept for e in named}
            for i in items:
                s, e, tok = toks[i]
                if i in exact:
                    out += [_Cand(c.start, c.end, c.entry, c.score, 1, i, i, listed=True) for c in exact[i]
                            if self.entries[c.entry].category in sets]
                    continue
                if script_of(tok) != "beng":
                    continue
                edge = i == items[0] or (i == items[-1] and not closed)
                for lid, cost, stem_end in self._closest_members(match_form(tok), sets, lang, edge):
                    sim = self._similarity(_Hit(lid, cost, stem_end, cost == 0.0), len(tok))
                    found = [ei for ei in self.single[lid]
                             if self.entries[ei].category in sets and self.entries[ei].concept not in taken]
                    out += [_Cand(s, e, ei, sim, 1, i, i, listed=True) for ei in found]
                    taken |= {self.entries[ei].concept for ei in found}
        return out

    def _card_words(self, cands: list[_Cand]) -> list[int]:
        """The token positions of strong card and game words (তাস, গঞ্জিফা, a rank or suit), sorted."""
        return sorted(c.first for c in cands if c.exact and not c.glued
                      and (e := self.entries[c.entry]).weight >= LIST_ANCHOR_WEIGHT
                      and e.category in CLOSED_SETS | CARD_WORDS)

    def _closest_members(self, key: str, sets: set[str], lang: str, edge: bool) -> list[tuple[int, float, int]]:
        """The members of the closed ``sets`` nearest to ``key`` (or to a stem of it), as (lexeme, cost,
        stem end), ties all kept. The limit is :func:`list_max_cost` of the shorter of member and stem, or
        the ordinary :func:`max_cost` for an ``edge`` word of the list."""
        allowed = FUZZY_LANGS.get(lang, {lang})
        stems = [(i, len(units(key[:i]))) for i in self._stems(key, lang)[:4]]
        found: list[tuple[float, int, int]] = []
        for lid in set().union(*(self.closed_sets[c] for c in sets)):
            lx = self.lexemes[lid]
            if not self.lex_langs[lid] & allowed:
                continue
            for i, n in stems:
                limit = max_cost(lx.n) if edge else list_max_cost(min(lx.n, n))
                d = self.costs.distance(key[:i], lx.key, limit)
                if d <= limit:
                    found.append((d, lid, i))
        if not found:
            return []
        best = min(d for d, _, _ in found)
        return [(lid, d, i) for d, lid, i in found if d == best]

    def _symbol_runs(self, text, toks) -> list[_Cand]:
        out: list[_Cand] = []
        i = 0
        while i < len(toks):
            j = i
            while j < len(toks) and toks[j][2].casefold() in self.symbols:
                if j > i and not SYMBOL_GAP.fullmatch(text, toks[j - 1][1], toks[j][0]):
                    break
                j += 1
            run = toks[i:j]
            if len(run) >= 3 and any(t[2].casefold() in SYMBOL_LETTERS for t in run):
                for k, (s, e, t) in enumerate(run, start=i):
                    for ei in self.symbols[t.casefold()]:
                        out.append(_Cand(s, e, ei, 1.0, 1, k, k))
            i = max(j, i + 1)
        return out

    def _context(self, text, toks, c: _Cand, lang: str) -> float:
        e = self.entries[c.entry]
        factor = 1.0
        k = _neighbour(text, toks, c, 1) if c.end == toks[c.last][1] else None
        nxt = None if k is None else toks[k][2]
        if e.ambiguous and e.category in ("game_name", "meld"):
            cue = nxt is not None and nxt.casefold().startswith(GAME_CUES)
            cue = cue or (nxt is not None and _played_by(toks, c.last + 1, lang))
            if (e.category == "game_name") != cue:
                factor *= 0.5
        game_follows = any(t[2].casefold().startswith(GAME_CUES) for t in toks[c.last + 1 : c.last + 3])
        game_follows = game_follows or (e.category == "game_name" and _in_or_of_the_game(text[c.start:c.end], e, nxt))
        if c.ntok == 1 and c.first == c.last and not (e.category == "game_name" and game_follows):
            word = toks[c.first][2]
            surface = text[c.start : c.end]
            w = numbers.parse_word(surface, lang) or numbers.parse_word(word, lang)
            if w is not None and w.kind != "digits":
                c.number_word = True
                prev = toks[c.first - 1] if c.first > 0 else None
                valued = prev is not None and prev[2] in VALUE_WORDS and CONTEXT_GAP.fullmatch(text, prev[1], c.start)
                if valued or w.classified or (nxt is not None and c.end == toks[c.last][1]
                                              and (numbers.is_counted(nxt, lang) or _NUMBER_FOLLOWS.match(nxt)
                                                   or _multiplies(nxt, lang))):
                    factor *= 0.3
        if self._other_sense(text, toks, c, lang):
            factor *= OTHER_SENSE_FACTOR
        return factor

    def _other_sense(self, text: str, toks, c: _Cand, lang: str) -> bool:
        """Does a cue of ``senses.tsv`` stand by link ``c``: ওভার in its sentence (cricket's ছক্কা), খবরের just before
        (a newspaper's কাগজ)? A cue matches a word as it is or with an inflection; one written with a final "-"
        also as the start of a longer word (ব্যাট- in ব্যাটসম্যান)."""
        e = self.entries[c.entry]
        cues = self.senses.get((e.concept, _key(e.headword)))
        if cues is None:
            return False
        sufs = self.suffixes.get(lang, self.suffixes["bn"])

        def said(k: int | None, scope: tuple[str, ...]) -> bool:
            if k is None or not scope:
                return False
            key = _key(toks[k][2])
            return any(key.startswith(cue[:-1]) if cue.endswith("-") else
                       key.startswith(cue) and (len(key) == len(cue) or key[len(cue):] in sufs) for cue in scope)

        return (said(_neighbour(text, toks, c, -1), cues.before) or said(_neighbour(text, toks, c, 1), cues.after)
                or (bool(cues.near) and any(said(k, cues.near)
                                            for k in _sentence_window(text, toks, c.first, c.last, SENSE_WINDOW))))

    def _resolve(self, text, cands, lang, min_score, all_links) -> list[TermSpan]:
        cands = [c for c in cands if c.score >= min_score]
        best: dict[tuple[int, int, str], _Cand] = {}

        def rank(c: _Cand) -> tuple[float, bool]:
            # the text's language by a hair, then on a tie a scholar's own row of the concept (their gloss and source:
            # a newcomer's row for a bundled game had been passed over)
            e = self.entries[c.entry]
            return c.score + (0.001 if e.lang == lang else 0.0), e.table not in BUNDLED

        for c in cands:
            k = (c.start, c.end, self.entries[c.entry].concept)
            if k not in best or rank(c) > rank(best[k]):
                best[k] = c
        ranked = sorted(best.values(), key=lambda c: (-c.ntok, -c.score, c.start, c.end - c.start))
        chosen: list[_Cand] = []
        starts: list[int] = []  # starts of the chosen, disjoint spans, sorted
        ends: dict[int, int] = {}
        for c in ranked:
            if ends.get(c.start) == c.end:  # another reading of a span already chosen
                if all_links:
                    chosen.append(c)
                continue
            k = bisect.bisect_left(starts, c.end) - 1  # the chosen span starting last before c ends
            if k >= 0 and ends[starts[k]] > c.start:
                continue
            chosen.append(c)
            bisect.insort(starts, c.start)
            ends[c.start] = c.end
        chosen.sort(key=lambda c: (c.start, -c.score))
        out = []
        for c in chosen:
            e = self.entries[c.entry]
            out.append(
                TermSpan(
                    c.start,
                    c.end,
                    text[c.start : c.end],
                    e.headword,
                    e.concept,
                    e.gloss or self.gloss_of.get(e.concept, ""),
                    e.table,
                    round(min(c.score, 1.0), 3),
                )
            )
        return out


def _near(card_words: list[int], items: list[int]) -> bool:
    """Does a card word (``card_words``: sorted positions) outside the list ``items`` stand within
    ``SUPPORT_WINDOW`` words of it? Ten avatars in a text on Vishnu are no suits.

    >>> _near([3, 50], [10, 11, 12]), _near([11, 90], [10, 11, 12])
    (True, False)
    """
    inside = set(items)
    lo = bisect.bisect_left(card_words, items[0] - SUPPORT_WINDOW)
    hi = bisect.bisect_right(card_words, items[-1] + SUPPORT_WINDOW)
    return any(p not in inside for p in card_words[lo:hi])


def _text_positions(toks: list[tuple[int, int, str]]) -> list[int]:
    """Each token's position counted in words of the text's main script only, so that a run of OCR soup
    (Devanagari or Latin garble in a Bengali page) does not set two terms apart.

    >>> _text_positions([(0, 0, "তাস"), (0, 0, "qnt"), (0, 0, "ब्र"), (0, 0, "রাজা"), (0, 0, "৭")])
    [0, 1, 1, 1, 2]
    """
    scripts = [script_of(t) for _, _, t in toks]
    counts = {s: scripts.count(s) for s in ("beng", "deva", "latn")}
    main = max(counts, key=counts.get) if toks else "beng"
    pos, k = [], 0
    for s in scripts:
        pos.append(k)
        k += s in (main, "digit")
    return pos


def _offset_map(raw: str, key: str):
    """A function from offsets in ``key`` (the normalised word) to offsets in ``raw`` (the word as given): the longest
    prefix of ``raw`` whose normal form is no longer than ``k``, so that what normalising folds away stays with the
    letters before it (a consonant doubled after a reph: কূর্ম্ম|টেক্কা, a review; a nukta).

    >>> cut = _offset_map("কূর্ম্মটেক্কা", match_form("কূর্ম্মটেক্কা"))
    >>> cut(len("কূর্ম")), cut(2)
    (7, 2)
    """

    def cut(k: int) -> int:
        if k >= len(key):
            return len(raw)
        return next(i for i in range(len(raw), -1, -1) if len(match_form(raw[:i])) <= k)

    return cut


def _enumerations(text: str, toks: list[tuple[int, int, str]]) -> list[tuple[list[int], bool]]:
    """The enumerations of ``toks``: runs of at least LIST_MIN_ITEMS one-word items, each joined to the
    next by a comma or by a conjunction word (ও, এবং ...; a comma or a line break may stand beside it). Each
    comes with True when a conjunction joined its last item.

    >>> text = "কোথাও তিরি, চৌকা, পঞ্জা ও ছক্কা একত্র ধরে; টেক্কা ও সাহেব ও বিবি"
    >>> toks = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    >>> [([toks[i][2] for i in run], closed) for run, closed in _enumerations(text, toks)]
    [(['তিরি', 'চৌকা', 'পঞ্জা', 'ছক্কা'], True), (['টেক্কা', 'সাহেব', 'বিবি'], True)]
    """
    runs: list[tuple[list[int], bool]] = []
    i = 0
    while i < len(toks):
        if toks[i][2] in LIST_CONJUNCTIONS:  # never an item
            i += 1
            continue
        run, closed = [i], False
        while i + 1 < len(toks):
            end = toks[i][1]
            if toks[i + 1][2] in LIST_CONJUNCTIONS:
                if not (i + 2 < len(toks) and toks[i + 2][2] not in LIST_CONJUNCTIONS
                        and LIST_BEFORE_CONJUNCTION.fullmatch(text, end, toks[i + 1][0])
                        and LIST_AFTER_CONJUNCTION.fullmatch(text, toks[i + 1][1], toks[i + 2][0])):
                    break
                i, closed = i + 2, True
            elif LIST_COMMA.fullmatch(text, end, toks[i + 1][0]):
                i, closed = i + 1, False
            else:
                break
            run.append(i)
        if len(run) >= LIST_MIN_ITEMS:
            runs.append((run, closed))
        i += 1
    return runs


def _skeleton_keys(sk: str) -> set[str]:
    """The skeleton and, for skeletons of three letters or more, every skeleton one letter shorter."""
    keys = {sk}
    if len(sk) >= 3:
        keys |= {sk[:i] + sk[i + 1 :] for i in range(len(sk))}
    return keys


_DEFAULT: dict[int, tuple[TermTables, Aligner]] = {}  # id(tables) -> (the tables, their aligner)


def aligner_for(tables: TermTables | None = None) -> Aligner:
    """The (cached) aligner of ``tables``; the bundled tables when None."""
    tables = tables if tables is not None else load_tables()
    held = _DEFAULT.get(id(tables))
    if held is None or held[0] is not tables:  # the tables are kept with their aligner, so an id is never reused
        if len(_DEFAULT) > 8:
            _DEFAULT.clear()
        held = _DEFAULT[id(tables)] = (tables, Aligner(tables))
    return held[1]


def find_terms(
    text: str, tables: TermTables | None = None, *, lang: str = "auto", min_score: float = 0.5, all_links: bool = False
) -> list[TermSpan]:
    """Every occurrence of a term of ``tables`` (the bundled tables by default) in ``text``.

    Returns TermSpans in text order that do not overlap, each with code-point offsets into ``text``
    (``text[s.start:s.end] == s.surface``; an inflection is part of the span, a compound like
    পঞ্চাশকাবার gives two spans inside one word), the concept and headword of the best link, the table it
    came from and a score in 0..1 (see the module docstring). Links scoring below ``min_score`` are
    dropped. With ``all_links=True`` the other concepts of a declared ambiguity are returned too, as
    extra spans with the same offsets and their own, lower, scores. ``lang`` (bn, as, auto) selects the
    inflections to strip. An invisible character inside a word (a soft hyphen: see
    :data:`~puthi.normalize.unicode.INVISIBLE`) is read past, and the span keeps it.

    >>> [(s.surface, s.concept) for s in find_terms("তা\u200bস খেলা")][:1]
    [('তা\u200bস', 'vocab.card')]
    """
    return aligner_for(tables).find(text, lang=lang, min_score=min_score, all_links=all_links)


def _in_or_of_the_game(surface: str, e: Entry, nxt: str | None) -> bool:
    """Is a game's name that is also a number word (ছেষট্টি) the game by its ending, "in" or "of" it, and no number
    word's: "ছেষট্টিতে তাস থাকে চব্বিশখানা", "ছেষট্টির নিয়ম" (a hostile tester's ছেষট্টিতে was 66 cards), but not
    "ছেষট্টিতে পৌঁছাইলে", "ছেষট্টির বেশি" (reaching, more than 66).

    >>> e = Entry("game.sixty_six", "bn", "ছেষট্টি", category="game_name")
    >>> [_in_or_of_the_game(s, e, n) for s, n in [("ছেষট্টিতে", "তাস"), ("ছেষট্টিতে", "পৌঁছাইলে"), ("ছেষট্টি", "তাস")]]
    [True, False, False]
    """
    ending = next((surface[len(f):] for f in (e.headword, *e.variants) if surface.startswith(f)), "")
    return ending in _GAME_CASE_ENDINGS and not (nxt and _NUMBER_FOLLOWS.match(nxt))


# The locative and genitive endings: Bengali ছেষট্টিতে, ছেষট্টির; Assamese ছয়ষষ্ঠিত, ছয়ষষ্ঠিৰ
_GAME_CASE_ENDINGS = frozenset({"তে", "র", "ত", "ৰ", "য়"})
_key = functools.lru_cache(maxsize=100_000)(match_form)  # the same words recur: a text's tokens, looked up once


def _multiplies(word: str, lang: str) -> bool:
    """Whether ``word`` is a multiplier (হাজার, লক্ষ): a number word before one is part of a number (পঞ্চাশ হাজার)."""
    w = numbers.parse_word(word, lang)
    return w is not None and w.kind == "multiplier"


# After a number word with such an ending: "more than", "less than", "up to", "reaching", "rising to" 66
_NUMBER_FOLLOWS = regex.compile(r"বেশি|বেশী|বেছি|কম|উপর|ওপর|ওপৰ|ঊর্ধ্ব|উর্ধ্ব|নিচ|নীচ|তলত|অধিক|পর্যন্ত|অবধি|লৈকে|পৌঁছ"
                                r"|পৌছ|উঠ|ওঠ|পূর্ণ|পূরণ")


def _played_by(toks: list[tuple[int, int, str]], k: int, lang: str) -> bool:
    """Do one or two words of how many people play, then a verb of playing, start at token ``k``? "বিস্তি চারজনে
    খেলে", "দুই জনে খেলিতে পারে": the name is the game's, not the meld's (a newcomer); "বিস্তি এক খেলায় একবার"
    counts games, not players, and stays the meld's (a review)."""
    first = k
    while k < min(len(toks), first + 3) and (numbers.parse_word(toks[k][2], lang) or _PLAYERS.match(toks[k][2])
                                             or _PLAYER_NOUN.match(toks[k][2])):
        k += 1
    words = [t[2] for t in toks[first:k]]
    if k >= len(toks) or not any("জন" in w or _PLAYER_NOUN.match(w) for w in words):
        return False
    verb, then = toks[k][2], toks[k + 1][2] if k + 1 < len(toks) else ""
    # "চারজনে খেলে", "খেলিলে"; "চারজনে খেলা হয়"; "চারজনের খেলা" (a game of four: a review)
    return bool(_PLAY_VERB.match(verb)) or (verb == "খেলা" and (then in ("হয়", "যায়") or words[-1].endswith("জনের")))


def _neighbour(text: str, toks, c: _Cand, step: int) -> int | None:
    """The token just before (``step`` -1) or after (1) link ``c``, when only a space or the like stands between."""
    k = c.first - 1 if step < 0 else c.last + 1
    if not 0 <= k < len(toks):
        return None
    a, b = (toks[k][1], c.start) if step < 0 else (c.end, toks[k][0])
    return k if CONTEXT_GAP.fullmatch(text, a, b) else None


def _sentence_window(text: str, toks, first: int, last: int, width: int) -> list[int]:
    """The tokens up to ``width`` either side of ``first``–``last`` that stand in the same sentence."""
    out = []
    for step, edge, stop in ((-1, first, max(0, first - width)), (1, last, min(len(toks) - 1, last + width))):
        k = edge
        while k != stop:
            a, b = (toks[k - 1][1], toks[k][0]) if step < 0 else (toks[k][1], toks[k + 1][0])
            if SENTENCE_END.search(text, a, b):
                break
            k += step
            out.append(k)
    return out
