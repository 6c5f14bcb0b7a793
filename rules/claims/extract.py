"""Find the rule claims a text states: sentences, their terms and numbers, and one pattern per quantity.

Each sentence is read once: its term spans and number spans come from :mod:`puthi.rules.terms`, its
cue words from ``cues.tsv``. The patterns in :mod:`puthi.rules.claims.patterns` each look for one
family of quantities and return :class:`~puthi.rules.claims.model.Claim` records.

>>> claims = extract_claims("তুরুপে গোলামের মূল্য ২০, নহলার ১৪।", game="klaverjas")
>>> [(c.key, c.stated) for c in claims]
[('card_value(rank=J,suit=trump)', 20), ('card_value(rank=9,suit=trump)', 14)]
"""

from __future__ import annotations

import bisect
import csv
import itertools
import unicodedata
from array import array
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import regex

from puthi.normalize.unicode import INVISIBLE, INVISIBLE_RE
from puthi.rules.claims.model import Claim
from puthi.rules.claims.sentences import ANSWER_MARK, CLOSING_QUOTES, in_ranges, page_furniture, split_sentences
from puthi.rules.spans import NumberSpan, TermSpan
from puthi.rules.terms.align import GAMES_JOINED

if TYPE_CHECKING:
    from puthi.rules.terms.tables import TermTables

_CUES = Path(__file__).with_name("cues.tsv")

# Rank names of the card concepts -> the rank letters the engines use (rules/engines/cards.py).
_RANK_GLOSSES = {
    "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10", "nine": "9",
    "eight": "8", "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2",
}  # fmt: skip
# Game concepts of the terminology tables (rules/terms/games.tsv) -> engine names.
_GAME_CONCEPTS = {
    "sixty_six": "sixtysix", "schnapsen": "schnapsen", "klaverjas": "klaverjas",
    "dash_guti": "dashguti", "bisti": "bisti",
}  # fmt: skip
NAMED_GAMES = frozenset(_GAME_CONCEPTS.values())  # games with an engine that the tables name (not a variant's rules)


@cache
def _cue_table() -> list[dict[str, str]]:
    with _CUES.open(encoding="utf-8") as fh:
        return list(csv.DictReader((line for line in fh if not line.startswith("#")), delimiter="\t"))


@cache
def cue_patterns() -> dict[str, regex.Pattern]:
    """The cue table, compiled: cue name -> pattern. A space in a cue is any run of spaces: a cue the printer
    wrapped, or one a page break cuts (its page number and running head blanked), is still one cue. A cue
    starts a word: মান (value) is not the মান of বর্তমানে (nowadays) or সমান (equal), a review found.

    >>> [bool(cue_patterns()["value"].search(w)) for w in ("মানের", "বর্তমানে", "সমান")]
    [True, False, False]
    """
    return {row["cue"]: regex.compile(r"(?<![\p{L}\p{M}])(?:" + row["pattern"].replace(" ", r"\s+") + ")")
            for row in _cue_table()}


@cache
def cue_concepts() -> dict[str, frozenset[str]]:
    """Cue name -> the terminology concepts that count as that cue."""
    return {row["cue"]: frozenset(filter(None, (row.get("concepts") or "").split("|"))) for row in _cue_table()}


@dataclass
class Sentence:
    """One sentence of the text, with everything the patterns need. Offsets are into the whole text."""

    start: int
    end: int
    text: str
    terms: list[TermSpan] = field(default_factory=list)
    numbers: list[NumberSpan] = field(default_factory=list)
    before: str = ""  # the few lines before it: a table's header row, which sentences leave apart from its rows

    _cue_cache: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False, compare=False)
    _free: list[NumberSpan] | None = field(default=None, repr=False, compare=False)

    def cues(self, name: str) -> list[tuple[int, int]]:
        """Where cue ``name`` occurs, as text offsets: its words, and terms of its concepts (found once)."""
        if name not in self._cue_cache:
            self._cue_cache[name] = self._find_cue(name)
        return self._cue_cache[name]

    def _find_cue(self, name: str) -> list[tuple[int, int]]:
        found = {(self.start + m.start(), self.start + m.end()) for m in cue_patterns()[name].finditer(self.text)}
        concepts = cue_concepts()[name]
        found |= {(t.start, t.end) for t in self.terms if t.concept in concepts}
        merged: list[tuple[int, int]] = []
        for a, b in sorted(found):  # a word and its term span overlap: one cue
            if merged and a < merged[-1][1]:
                merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
            else:
                merged.append((a, b))
        return merged

    def has(self, name: str) -> bool:
        return bool(self.cues(name))

    def reach(self, a: int, b: int) -> int:
        """How far text offset ``b`` is from ``a``, with each run of spaces counted as one: a page break whose
        furniture was blanked, or a wrapped line, is no further than a space.

        >>> s = Sentence(10, 30, "২৪টি\\n\\n      তাস লাগে")
        >>> s.reach(14, 22), 22 - 14
        (1, 8)
        """
        if b <= a:
            return b - a
        return len(_SPACES.sub(" ", self.text[a - self.start : b - self.start]))

    def after(self, pos: int, length: int = 12) -> str:
        """The sentence text right after text offset ``pos``."""
        i = pos - self.start  # spaces collapsed: a page break (its furniture blanked) is one space
        return regex.sub(r"\s+", " ", self.text[i : i + 8 * length])[:length]

    def ranks(self) -> list[tuple[TermSpan, str]]:
        """The card-rank terms of the sentence with their rank letters, in order."""
        out = []
        for t in self.terms:
            rank = rank_of(t)
            if rank:
                out.append((t, rank))
        return out

    def free_numbers(self) -> list[NumberSpan]:
        """Numbers that are not part of a term (as the 10 in "10 সেকেন্ড", the tens), in text order; found
        once, by binary search over the terms, so a long sentence costs no more than its parts."""
        if self._free is None:
            spans = sorted((t.start, t.end) for t in self.terms)
            starts = [a for a, _ in spans]
            reach = list(itertools.accumulate((b for _, b in spans), max))  # the furthest end so far
            self._free = [n for n in sorted(self.numbers, key=lambda n: n.start)
                          if not ((k := bisect.bisect_right(starts, n.start)) and reach[k - 1] > n.start)]
        return self._free


def rank_of(term: TermSpan) -> str | None:
    """The rank letter a card term names (concepts ``card.jack``, ``card.ten`` …), or ``None``.

    >>> rank_of(TermSpan(0, 4, "গোলাম", "গোলাম", "card.jack", "jack", "cards", 1.0))
    'J'
    >>> rank_of(TermSpan(0, 4, "হরতন", "হরতন", "suit.hearts", "hearts", "cards", 1.0)) is None
    True
    """
    kind, _, name = term.concept.rpartition(".")
    return _RANK_GLOSSES.get(name) if kind == "card" else None


def game_of(term: TermSpan) -> str | None:
    """The engine name of a game-name term (concepts ``game.sixty_six`` …), or ``None``."""
    kind, _, name = term.concept.rpartition(".")
    return _GAME_CONCEPTS.get(name) if kind == "game" else None


# A card named alone for 40 words of a text scores its weight times the aligner's isolation factors: জ্যাকের (0.9, an
# everyday word's form) is 0.39. The rule patterns that read a value beside it are its context.
TERM_MIN_SCORE = 0.35


def _spans(text: str, lang: str = "auto", tables: TermTables | None = None) -> tuple[list[TermSpan], list[NumberSpan]]:
    from puthi.rules.terms import find_numbers, find_terms

    # Rules count in whole numbers: a decimal (২.৫) is not a count, a score or a card's value.
    return (find_terms(text, tables, lang=lang, min_score=TERM_MIN_SCORE),
            [n for n in find_numbers(text, lang=lang) if isinstance(n.value, int)])


def sentences(text: str, lang: str = "auto") -> list[Sentence]:
    """The sentences of ``text`` with their terms and numbers (``lang``: bn, as or auto, as for the terms)."""
    return list(_read(text, lang)[0])


def _read(text: str, lang: str, heads: Collection[str] = (), tables: TermTables | None = None
          ) -> tuple[Iterator[Sentence], list[tuple[int, str]]]:
    """The sentences of ``text``, and the games its running heads name, with their offsets ("~" before a game
    named with other words, as a book's title may be). Page numbers and running heads
    (:func:`~puthi.rules.claims.sentences.page_furniture`) are no part of any sentence, but a head that names a
    game (a chapter's গোলামচোর on every page) still tells what its page is about."""
    from puthi.rules.terms.letters import detect_lang

    lang = detect_lang(text) if lang == "auto" else lang
    terms, numbers = _spans(text, lang, tables)  # each page, and line, in its own language (language_runs)
    terms, numbers = sorted(terms + unnamed_games(text, terms), key=lambda x: x.start), sorted(
        numbers, key=lambda x: x.start)
    furniture = page_furniture(text, heads)
    named: list[tuple[int, str]] = []
    if furniture:
        named = [(t.start, g if _how_named(t, text) == "heading" else "~" + g) for t in terms
                 if in_ranges(furniture, t.start) and (g := _game_named(t))]
        text = _blank(text, furniture)
        terms = [t for t in terms if not in_ranges(furniture, t.start)]
        numbers = [n for n in numbers if not in_ranges(furniture, n.start)]
    term_starts, number_starts = [t.start for t in terms], [n.start for n in numbers]

    def each() -> Iterator[Sentence]:  # one at a time: a sentence's cue caches go with it (a million short lines)
        for s, e in split_sentences(text, lang, furniture):
            # the spans starting inside the sentence, found by bisection: linear in the text, not quadratic
            near_terms = terms[bisect.bisect_left(term_starts, s) : bisect.bisect_left(term_starts, e)]
            near_numbers = numbers[bisect.bisect_left(number_starts, s) : bisect.bisect_left(number_starts, e)]
            yield Sentence(s, e, text[s:e], [t for t in near_terms if t.end <= e],
                           [n for n in near_numbers if n.end <= e], text[max(0, s - 240) : s])

    return each(), named


def _blank(text: str, ranges: list[tuple[int, int]]) -> str:
    """``text`` with each range made spaces, so that every offset stays.

    >>> _blank("তাস ১২ খেলা", [(4, 6)])
    'তাস    খেলা'
    """
    parts, at = [], 0
    for a, b in ranges:
        parts += [text[at:a], " " * (b - a)]
        at = b
    return "".join([*parts, text[at:]])


def extract_claims(text: str, game: str, lang: str = "auto", heads: Collection[str] = (),
                   tables: TermTables | None = None, overruled: Collection[int] = (),
                   restarts: Collection[int] = ()) -> list[Claim]:
    """Every claim ``text`` states, attributed to ``game`` unless the passage is about another game. ``lang``
    (bn, as, auto) is the text's language, decided from the whole text when auto; ``heads`` are running
    heads known from the rest of the book (:func:`~puthi.rules.claims.sentences.running_heads`); ``tables``
    the terminology tables (the bundled ones by default; a scholar's may name more games); ``overruled``: the
    offsets of headings that start no chapter, and ``restarts``: the offsets where ``game`` holds again, as after
    its own heading (a person said which game their page is about).

    A heading that names another game starts a chapter about it; a sentence whose subject is a game puthi has
    no engine for ("গোলামচোর খেলা হয়") turns its paragraph; a sentence that opens with another game
    ("শ্নাপসেনে কুড়িখানি তাস লাগে"), or names Rotterdam in a Klaverjas text, is that game's
    (:func:`_sentence_game`). With no engine for the game, such claims are unverifiable rather than checked
    against ``game``: seed 000, checked as Bisti, goes on to গোলামচোর, where each player takes 17 cards.

    >>> text = "বিস্তি খেলায় প্রত্যেকে ৮ খানি তাস পায়। গোলামচোর খেলা হয়। প্রত্যেকে ১৭ খানি তাস পায়।"
    >>> [(c.game, c.stated) for c in extract_claims(text, "bisti") if c.quantity == "hand_size"]
    [('bisti', 8), ('golamchor', 17)]

    The text is read in Unicode NFC, as the patterns are written, and the claims' offsets are the text's own: a
    denial typed with the one-code-point য় (U+09DF) is still a denial.

    >>> [(c.stated, c.start, c.end) for c in extract_claims("বন্দী কৰাটো বাধ্যতামূলক নহ\u09df।", "dashguti")]
    [('no', 0, 28)]
    """
    norm, back = nfc_with_offsets(text)
    joined, kept = _join_broken_words(norm)
    if kept is not None:  # a word broken at a line's end, "লা-\nগে" (a hostile tester's deck size was lost)
        norm, back = joined, (array("l", (back[k] for k in kept)) if back else kept)
    if norm is text:
        return _extract_claims(text, game, lang, heads, tables, frozenset(overruled), sorted(restarts))
    heads = [unicodedata.normalize("NFC", h) for h in heads]
    overruled = frozenset(bisect.bisect_left(back, at) for at in overruled)  # the same places in NFC
    restarts = sorted(bisect.bisect_left(back, at) for at in restarts)
    # the quote stays as read (NFC, its furniture left out), as for a text in NFC (a review: the two differed)
    return [replace(c, start=back[c.start], end=back[c.end])
            for c in _extract_claims(norm, game, lang, heads, tables, overruled, restarts)]


def _join_broken_words(text: str) -> tuple[str, array | None]:
    r"""``text`` without the hyphen and line break inside a word broken at a line's end, and for each offset into it
    (and its end) the offset into ``text``; None for the offsets when no word is broken.

    >>> joined, kept = _join_broken_words("তাস লা-\nগে। খেলা -\nশেষ")
    >>> joined, kept[6], kept[-1]
    ('তাস লাগে। খেলা -\nশেষ', 8, 22)
    """
    cuts = [m.span() for m in _BROKEN_WORD.finditer(text) if _one_word(text, *m.span())]
    if not cuts:
        return text, None
    parts, kept, at = [], array("l"), 0
    for a, b in [*cuts, (len(text), len(text))]:
        parts.append(text[at:a])
        kept.extend(range(at, a))
        at = b
    kept.append(len(text))
    return "".join(parts), kept


def _one_word(text: str, a: int, b: int) -> bool:
    """Are the letters before ``text[a:b]`` (a hyphen and a line break) and after it one word: a word of the word lists
    when joined, or neither half one alone? A dash after a whole word ("তাসে-\nপ্রত্যেক"), or between numbers ("পাঁচ-
    \nছয়খানা"), is no word broken (a review)."""
    from puthi.normalize.lexicon import load_lexicon

    head = _WORD_BEFORE.search(text, 0, a).group()
    tail = _WORD_AFTER.match(text, b).group()
    known = [load_lexicon(lang) for lang in ("bn", "as")]
    return any(head + tail in lex for lex in known) or not any(w in lex for w in (head, tail) for lex in known)


_WORD_BEFORE = regex.compile(r"[\p{L}\p{M}]*$")
_WORD_AFTER = regex.compile(r"[\p{L}\p{M}]*")
# A hyphen and line break between two letters of a word
_BROKEN_WORD = regex.compile(r"(?<=[\p{Bengali}&&[\p{L}\p{M}]])[-‐][ \t]*\r?\n[ \t]*(?=[\p{Bengali}&&\p{L}])",
                             regex.V1)


def nfc_with_offsets(text: str) -> tuple[str, array | list[int]]:
    """``text`` in NFC and without the invisible characters the repair stage takes out (a soft hyphen inside a
    word: :data:`~puthi.normalize.unicode.INVISIBLE`), and for each offset into it (and its end) the offset into
    ``text``; ``text`` itself (the same object) when it is so already. Each letter is normalised with its signs,
    so an offset at a letter's start maps to that letter's start.

    >>> norm, back = nfc_with_offsets("নহ\u09df না")
    >>> len(norm), back[3], back[4], back[len(norm)]
    (7, 2, 3, 6)
    >>> nfc_with_offsets("চব্বি\u00adশ")[0]
    'চব্বিশ'
    """
    if unicodedata.is_normalized("NFC", text) and not INVISIBLE_RE.search(text):
        return text, []
    parts: list[str] = []
    back = array("l")  # 8 bytes an offset, not a list's 36 or more (a review: 38 MB for half a million characters)
    for line in _LINE_PIECE.finditer(text):  # a line already in NFC maps one to one, cheaply
        if unicodedata.is_normalized("NFC", line.group()) and not INVISIBLE_RE.search(line.group()):
            parts.append(line.group())
            back.extend(range(line.start(), line.end()))
            continue
        for m in _CLUSTER.finditer(text, line.start(), line.end()):
            piece = unicodedata.normalize("NFC", INVISIBLE_RE.sub("", m.group()))
            parts.append(piece)
            back.extend([m.start()] * len(piece))
    back.append(len(text))
    return "".join(parts), back


def _extract_claims(text: str, game: str, lang: str, heads: Collection[str], tables: TermTables | None,
                    overruled: frozenset[int] = frozenset(), restarts: list[int] | None = None) -> list[Claim]:
    from puthi.rules.claims.patterns import PATTERNS

    restarts = list(restarts or [])

    claims: list[Claim] = []
    state = _Passage()
    previous_end = 0
    read, heads = _read(text, lang, heads, tables)
    next_head = 0  # heads are in text order: each is taken once, before the first sentence after it
    last = 0
    for sentence in read:
        gap = text[previous_end : sentence.start]
        if "\f" not in gap and _PARAGRAPH_BREAK.search(gap):  # OCR sets a page's number apart by blank lines
            state.topic, state.opening = None, True
        if "\f" in gap or _PARAGRAPH_BREAK.search(gap):
            last = len(claims)  # a rejection speaks of the sentence before in its own paragraph only (a review)
        if restarts and restarts[0] <= sentence.start:
            while restarts and restarts[0] <= sentence.start:
                restarts.pop(0)
            state = _Passage()  # ``game`` again, as under its heading
        while next_head < len(heads) and heads[next_head][0] < sentence.start:  # a page's running head
            at, head = heads[next_head]
            next_head += 1
            if at >= previous_end:  # not inside the sentence before (one that ran across the page)
                alone, head = not head.startswith("~"), head.lstrip("~")
                state.schnapsen_named |= head == "schnapsen"
                if family(head) == family(game):
                    state.chapter = state.topic = None
                elif alone or head not in _engines():  # a head like "ছেষট্টি ও তাস" names the book: a game
                    state.chapter, state.topic = head, None  # with an engine turns only when named alone
        previous_end = sentence.end
        if REJECTED.match(sentence.text):  # "… বারোটি গুটি থাকে। কিন্তু তা ভুল।": the sentence before states nothing
            del claims[last:]
            continue
        last = len(claims)  # where this sentence's claims begin
        sentence_game = _sentence_game(sentence, game, state, text, overruled)
        state.opening = False
        for part, part_game in [p for whole, g in _by_game(sentence, sentence_game, game, text)
                                for p in _by_named_rules(whole, g)]:
            found = _stated(part, part_game, PATTERNS)
            for clause in _denied_clauses(part):  # a denial speaks of its own part's game
                denied = _stated(clause, part_game, PATTERNS) or _completed(part, clause, part_game, found)
                found = [c for c in found if not any(_same_claim(c, d) for d in denied)]
                found += [n for n in _negated(denied) if not any(_same_claim(n, c) for c in found)]
            claims.extend(c for c in found if fits_game(c.quantity, c.game))
            if state.lead and any(c.game == state.lead for c in found):
                state.topic = state.lead
        state.lead = None
    return claims


# A clause whose last word denies its predicate: "… বাধ্যতামূলক নহয়।", "২৪টি তাস ব্যবহার করা হয় না, ৩২টি লাগে"
# (the first clause only). A না inside a clause ("একটিও পিঠ না পেলে", "যদি … না থাকে, তবে …") is a condition,
# and one in a closing aside ("… ৪০ স্কোর করতে পারে (তবে অনুসরণ করার সময় নয়)।", seed 002) denies the aside only.
# Assamese denies a verb with a prefix: নহাৰে "does not lose", নিজিকে "does not win", নাপায় "does not get". "Not
# optional" ("ইচ্ছাধীন নয়") is a rule said, compulsory (patterns.behaviour), no denial of one (a hostile tester).
NEGATED_PREDICATE = regex.compile(r"(?<!\S)(?<!(?:ঐচ্ছিক|ইচ্ছাধীন|বৈকল্পিক)\s+)(?:না|নয়|নহে|নহয়|নাই|নেই|নোহে|নোহয়"
                                  r"|নালাগে|নালাগিব|নহাৰে|নহাৰিব|নিজিকে|নিজিকিব|নাপায়|নাপাব|নাছিল|নাছিলে|নাথাকে|নাথাকিব|নালাগিবে)[\s।॥৷.!?\"'”’,;]*$")
_CLAUSE_END = regex.compile(r"[,;]|(?=\sকিন্তু\s)")
# A sentence on two games is cut into clauses (a visarga only as a colon: not inside দুঃখ, অতঃপর); a clause
# may open with a conjunction before the game it is about.
_GAME_CLAUSE_END = regex.compile(r"[,;:]|ঃ(?=\s)|(?=\sকিন্তু\s)")
_CLAUSE_OPENS = regex.compile(r"[\s•*\-–—\"'“‘]*(?:(?:কিন্তু|তবে|আর|এবং|আৰু|অথচ)\s+)?")
# A clause that calls the one before it wrong: "(কিন্তু) তা ভুল", "ইহা ঠিক নহে", "এ কথা সত্য নয়".
# Assamese too: "কিন্তু এয়া ভুল", "সেয়া শুদ্ধ নহয়" (an Assamese scholar).
_YA_NUKTA = r"(?:\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA}|\N{BENGALI LETTER YYA})"  # য়, as NFC or not
REJECTED = regex.compile(rf"\s*(?:কিন্তু|তবে)?\s*(?:তা|তাহা|ইহা|এটা|এটি|এ\s?কথা|একথা|(?:এ|সে){_YA_NUKTA}া|এইটো|সেইটো)\s+"
                         rf"(?:ভুল|(?:ঠিক|সত্য|শুদ্ধ)\s+ন(?:{_YA_NUKTA}|হে|া|ই|হ{_YA_NUKTA}))"
                         r"(?![\p{L}\p{M}])[\s,;।॥৷.!]*$")  # the whole clause


def _denied_clauses(s: Sentence) -> list[Sentence]:
    """The clauses of ``s`` (cut at commas, semicolons and কিন্তু "but") that end in a denial, or that the
    next clause calls wrong ("কেউ কেউ বলেন বিবির মূল্য ৫, কিন্তু তা ভুল")."""
    cuts = sorted({0, *(m.end() for m in _CLAUSE_END.finditer(s.text)), len(s.text)})
    return [_part(s, a, b) for (a, b), (_, c) in itertools.pairwise(itertools.pairwise([*cuts, len(s.text)]))
            if b > a and (NEGATED_PREDICATE.search(s.text, a, b) or REJECTED.match(s.text, b, c))]


def _part(s: Sentence, a: int, b: int) -> Sentence:
    """The part ``s.text[a:b]`` of ``s``, with its terms and numbers."""
    lo, hi = s.start + a, s.start + b
    return Sentence(lo, hi, s.text[a:b], [t for t in s.terms if lo <= t.start and t.end <= hi],
                    [n for n in s.numbers if lo <= n.start and n.end <= hi])


def _by_named_rules(s: Sentence, game: str) -> list[tuple[Sentence, str]]:
    """``s`` with ``game``; but a Klaverjas sentence that names both Amsterdam's and Rotterdam's rules is cut before
    the clause of each it names second, and each part is its own variant's ("আমস্টারডামের নিয়মে … তুরুপ দিতে হয়
    না; রটারডামের নিয়মে তখনও তুরুপ দিতে হয়", a hostile tester: the whole had been Rotterdam's)."""
    named = [m for m in _KLAVERJAS_RULES.finditer(s.text) if not _NOT_THESE_RULES.match(s.text, m.end())]
    if family(game) != "klaverjas" or len({bool(m.group(1)) for m in named}) < 2:
        return [(s, game)]
    cuts = [0]
    for m in named[1:]:
        ends = [e.end() for e in _GAME_CLAUSE_END.finditer(s.text, 0, m.start())]
        if ends and ends[-1] > cuts[-1]:
            cuts.append(len(s.text) - len(s.text[ends[-1]:].lstrip()))  # the clause from its first word
    parts = []
    for a, b in itertools.pairwise([*cuts, len(s.text)]):
        m = next((m for m in named if a <= m.start() < b), None)
        parts.append((_part(s, a, b), game if m is None else "klaverjas" if m.group(1) else "klaverjas-rotterdam"))
    return parts


def _by_game(s: Sentence, game: str, checked: str, text: str) -> list[tuple[Sentence, str]]:
    """``s`` with the game it speaks of (``game``; ``checked`` is the game the text is checked as); a
    sentence that names another game is cut before each clause about one (see ``subject``), and each part
    is that game's (the first part, if it is about none, ``game``'s):
    "ছেষট্টিতে যেমন প্রত্যেকে ছয়খানি তাস পায়, বিস্তিতে তেমন নয়: প্রথমে দুই, পরে তিন তিন করিয়া আটখানি …"
    states a Sixty-Six hand of 6, and a Bisti hand of 8 dealt 2-3-3. A clause that opens with games joined by
    "and" or "or" is about each of them ("ছেষট্টি ও বিস্তি দুইটিতেই …"), unless it contrasts them."""
    def named(part: Sentence) -> list[tuple[str, str, TermSpan]]:
        return [(checked if family(checked) == g != game else g, how, t)  # Sixty-Six in a text checked as Schnapsen
                for t in part.terms if (g := _game_said(t, text)) and (how := _how_named(t, text)) != "heading"]

    def subject(part: Sentence) -> tuple[str, ...]:
        """The games a clause is about: one it names as its subject, or opens with ("বিস্তিতে …"), or all
        that it opens with joined ("ছেষট্টি ও বিস্তিতে …"), or the one it names right after opening with a
        comparison ("ছেষট্টির মতো বিস্তিতেও …"); else, in a sentence naming two games, one it opens comparing
        to and names no other ("ছেষট্টিতে যেমন প্রত্যেকে ছয়খানি …")."""
        games = named(part)
        opens = [_CLAUSE_OPENS.fullmatch(text, part.start, t.start) is not None for _, _, t in games]
        joined = games[:1]
        for (g, how, t), (_, _, before) in zip(games[1:], games, strict=False):
            if how == "compared" or not GAMES_JOINED.fullmatch(text, before.end, t.start):
                break
            joined.append((g, how, t))
        if opens[:1] == [True] and len({g for g, _, _ in joined}) > 1 and joined[0][1] != "compared":
            if after := [g for g, how, _ in games[len(joined):] if how != "compared"]:
                return (after[0],)  # "ছেষট্টি, বিস্তি ও গ্রাবু — এই তিনটির মধ্যে ছেষট্টিতে …": the one singled out
            if not _CONTRASTED.search(part.text):
                return tuple(dict.fromkeys(g for g, _, _ in joined))
        if (len({g for g, _, _ in joined}) > 1 and len(joined) == len(games) and joined[0][1] != "compared"
                and not _CONTRASTED.search(part.text)):
            return tuple(dict.fromkeys(g for g, _, _ in joined))  # "এইরূপ চারিজনে বিবিধর গ্যাম ও গোলামচোর খেলা"
        if found := [g for (g, how, _), o in zip(games, opens, strict=True)
                     if how == "cue" or (o and how != "compared")]:
            return (found[0],)
        if games and opens[0] and games[0][1] == "compared":
            if after := [g for g, how, _ in games if how != "compared"]:
                return (after[0],)
            if len(games_named) > 1 and len({g for g, _, _ in games}) == 1:
                return (games[0][0],)
        return ()

    games_named = {g for g, _, _ in named(s)}
    if not games_named - {game}:  # a sentence about its own game, or naming none
        return [(s, game)]
    joined_runs = [(t.end, u.start) for (_, _, t), (_, _, u) in itertools.pairwise(named(s))
                   if GAMES_JOINED.fullmatch(text, t.end, u.start)]
    cuts = sorted({0, len(s.text)} | {m.end() for m in _GAME_CLAUSE_END.finditer(s.text)
                                      if not any(a < s.start + m.end() <= b for a, b in joined_runs)})
    parts: list[tuple[int, int, tuple[str, ...]]] = []
    for a, b in itertools.pairwise(cuts):
        while a < b and s.text[a].isspace():
            a += 1
        about = subject(_part(s, a, b))
        if parts and not about:  # a clause about no game goes on with the one before: "প্রথমে দুই, পরে তিন"
            parts[-1] = (parts[-1][0], b, parts[-1][2])
        else:
            parts.append((a, b, about or (game,)))
    return [(_part(s, a, b), g) for a, b, games in parts for g in games]


# Words that set games named together against each other: "ছেষট্টি ও বিস্তির পার্থক্য এই যে …".
_CONTRASTED = regex.compile(r"পার্থক্য|পাৰ্থক্য|তফাৎ|তফাত|প্রভেদ|তুলনা|পৃথক|আলাদা|ভিন্ন|বেলেগ|কিন্তু|প্রথমটি"
                            r"|দ্বিতী(?:\N{BENGALI LETTER YYA}|\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA})টি")


def _stated(s: Sentence, game: str, patterns) -> list[Claim]:
    """The claims the ``patterns`` read in ``s``, as ``game``'s; none in what someone believes or says
    ("নূতন খেলোয়াড় প্রায়ই মনে করে যে গোলামের মূল্য ১০": a mistake the book warns of, a review), nor in the
    clauses that ask, tell a story or wish (:func:`asides`)."""
    if belief := _BELIEF.search(s.text):
        # the book's correction after it is a rule: "… মনে করে যে গোলামের মূল্য ২, কিন্তু আসলে গোলামের মূল্য ১০"
        actually = _ACTUALLY.search(s.text, belief.end())
        return _stated(_part(s, actually.start(), len(s.text)), game, patterns) if actually else []
    cuts = asides(s.text)
    if cuts:
        edges = [0, *(x for a, b in cuts for x in (a, b)), len(s.text)]
        pieces = [_part(s, a, b) for a, b in zip(edges[::2], edges[1::2], strict=True) if _LETTER.search(s.text, a, b)]
        return [c for piece in pieces for pattern in patterns for c in pattern(piece, game)]
    return [c for pattern in patterns for c in pattern(s, game)]


_BELIEF = regex.compile(r"(?:মনে\s+কর(?:ে|েন|িয়া থাকে|িয়া থাকেন)|ভাবে|ভাবেন|ধারণা\s+কর(?:ে|েন)|বিশ্বাস\s+কর(?:ে|েন))"
                        r"\s+যে(?![\p{L}\p{M}])")
_ACTUALLY = regex.compile(r"কিন্তু|প্রকৃতপক্ষে|আসলে|বস্তুত")
_LETTER = regex.compile(r"\p{L}")
_CLAUSE_MARK = regex.compile(r"[,;:।?]|—")
# A question left unanswered (an answer joins it: sentences.py); an answer that denies the question
_QUESTION = regex.compile(rf"\?[\s{CLOSING_QUOTES}]*$")
_DENYING_ANSWER = regex.compile(rf"{ANSWER_MARK}\s*(?:না|ভুল|নয়|নহয়|নহে)(?![\p{{L}}\p{{M}}])")
# The speaker's own past tells a story ("খেলতাম", "পেয়েছিলাম", Assamese "নোৱাৰিলোঁ"); not a verb of saying, seeing or
# writing ("আগেই বলেছিলাম, …", "পূর্বেই দেখিলাম যে …": the book's own voice), nor a noun with such an ending (the
# jack গোলাম, হরতনগোলাম, a column, a button). Another's past is no sign: a rule may say "যে তাসখানি কাটান
# হইয়াছিল", the card that had been cut (seed 000); nor is -িলো, the colloquial third person (নিলো, ছিলো).
_PAST = regex.compile(r"[\p{L}\p{M}]+(?:তাম|তুম|লাম|লুম|িলোঁ)(?![\p{L}\p{M}])")
_NOT_PAST = ("গোলাম", "ইসলাম", "সালাম", "সেলাম", "কালাম", "কলাম", "বোতাম", "নিলাম", "নীলাম", "উলুম")
_SAYING = regex.compile(r"(?:বল|বলি|বলে|দেখ|দেখি|দেখে|লিখ|লিখি|লিখে|জান|জানি|শুন|শুনি|কৈ|ক'|উল্লেখ)")
# A day of a story ("সেদিন", "গতকাল", "গত রবিবার", Assamese "সেইদিনা"), and before the clause's end (;, ।, ?) a
# perfect or simple past ("পেয়েছিল", "জিতল", "দখল করেছে", "খেলিছিল"): someone's game that day, not a rule (a known
# limit of session 13). A rule's past ("যে তাসখানি কাটান হইয়াছিল", seed 000) has no day before it; a habit of old
# days ("পূর্বে … খেলা হইত") is no past of one day. Not সেবার, একদিন (also "on that turn", "one day you will"), nor
# -িলে, -ালে (a sadhu "if": খেলিলে), nor a noun that ends like a past (দল, লাল, বাতিল): a review found all three
# in rules.
_STORY_TIME = regex.compile(r"(?<![\p{L}\p{M}])(?:(?:সেদিন|সেইদিন|সেই\s+দিন|গতকাল|গতকল্য|গত\s+কাল|গত\s+রাতে"
                            r"|কাল\s+রাতে|একদা|সেইদিনা|সিদিনা|যোৱাকালি|এদিনাখন)(?:ের|ৰ|কার)?(?![\p{L}\p{M}])"
                            r"|(?:গত|যোৱা)\s+[\p{L}\p{M}]*(?:বার|বাৰ|সপ্তাহ|মাস|মাহ|বছর|বছৰ)[\p{L}\p{M}]*)")
_TOLD = regex.compile(r"[\p{L}\p{M}]+(?:ছিল|ছিলো|ছিলেন|ছিলাম|ছিলে|েছে|েছেন|িয়াছে|িয়াছেন|িল|িলেন|লেন|ল|লো)"
                      r"(?![\p{L}\p{M}])")
_NOT_TOLD = frozenset({"দল", "ফল", "কল", "জল", "বদল", "আসল", "সকল", "কেবল", "মল", "হাল", "লাল", "মূল", "চাল", "বাতিল",
                       "তিল", "মিল", "খেল", "সাল", "কাল", "বল", "গোল", "ভুল", "মহল", "দখল", "শেল", "নকল", "সরল"})
_STORY_END = regex.compile(r"[;।?!]")
# The old days set against now: "পূর্বে বিস্তি চারিজনে খেলিত, এখন দুইজনে খেলে" states today's rule in its second
# clause; the first, a habit of former days (a past habitual: খেলিত, লাগিত, হইত, হত), is history (a newcomer: it
# gave four players, contradicted). Without a "now" in the sentence the old habit is kept: an old book may tell
# its rules so. Not আগে "first" ("যে আগে পিঠ পায়": no habit) nor "before" after a genitive ("খেলা শুরুর আগে …
# দেওয়া হতো", a review), nor পূর্বে with a present ("পূর্বে তাস বাঁটিতে হয়", beforehand).
# The habit is the clause's verb, its last word (a review: নির্ধারিত, প্রচলিত inside a rule are no verbs); a past
# ("ছিল", Assamese "খেলিছিল", "হৈছিল") tells the old days too.
_FORMER = regex.compile(r"(?<![\p{L}\p{M}])(?:পূর্বে|পূর্ব্বে|পূর্বকালে|পূর্ব্বকালে|পুরাকালে|প্রাচীনকালে|আগেকার\s+দিনে"
                        r"|আগেকার\s+কালে|সেকালে|আগৰ\s+দিনত|পূৰ্বে|পূৰ্বতে|আগতে|এক\s*সম(?:য়|য়)|এক\s*কালে"
                        r"|(?<![রৰ]\s{1,3})আগে)(?![\p{L}\p{M}])")  # আগে too, not "শুরুর আগে" (a hostile tester)
_HABIT = regex.compile(r"(?<![\p{L}\p{M}])[\p{L}\p{M}]*(?:িত|িতেন|িতো|ইত|ইতেন|তো|তেন|ছিল|ছিলেন|ছিলো|হত|যেত|পেত"
                       r"|থাকত|করত|খেলত|লাগত|দিত|নিত)\s*$")
# Before the habit is looked for as the clause's last word: an aside in brackets, quotes and dashes, and "it is
# said" after it ("পূর্বে চারজনে খেলিত বলিয়া শুনা যায়, এখন …"; a second review)
_ASIDE_MARKS = regex.compile(r"\([^)]*\)|[\"'“”‘’—–]")
_HEARSAY = regex.compile(r"\s*(?:বলিয়া|বলে|ব'লে)\s+(?:শুনা|শোনা|জানা)\s+যায়\s*[,;।]?\s*$")
_NOW = regex.compile(r"(?<![\p{L}\p{M}])(?:এখন|আজকাল|বর্তমানে|বর্ত্তমানে|আধুনিক\s+কালে|একালে|এতিয়া|আজিকালি)"
                     r"(?![\p{L}\p{M}])")
# A question that asks nothing: "কে না জানে যে …?" (who does not know that …), "কেউ কি অস্বীকার করবে যে …?"
# (will anyone deny that …), Assamese "কোনে নাজানে": in the question's clause, or in the clause before it that
# ends in যে ("কে না জানে যে, …?"). Not "নিয়মকে না মানে" (does not obey the rule), a review.
_RHETORICAL = regex.compile(r"(?<![\p{L}\p{M}])(?:কে(?:ই)?(?:\s+বা)?[\s-]+না\s+(?:জানে|জানেন|জানিত|জানিতেন|মানে|মানেন"
                            r"|বোঝে|বোঝেন|বুঝে)|কোনে(?:নো)?\s+(?:নাজানে|নজনা|নজানে|নামানে)"
                            r"|(?:কেউ|কেহ|কোনোবাই|কোনোৱে)\s+(?:কি\s+)?(?:অস্বীকার|অস্বীকাৰ))(?![\p{L}\p{M}])")
# A colloquial "if" with a past habitual and "then" is a wish ("যদি … খেলা যেত, তাহলে …"); not যদিও, "although",
# nor the sadhu "যদি … হইত, তবে … পাইত", which also tells what was done in the old days
_WISH = regex.compile(r"যদি(?![\p{L}\p{M}])(?:(?![,;।]).)*?(?:যেত|পারত|হত|হতো|থাকত|করত|চলত|খেলত)(?![\p{L}\p{M}])"
                      r"\s*[,;]?\s*(?:তাহলে|তা হলে)(?![\p{L}\p{M}])[^,;।?]*")


def asides(text: str) -> list[tuple[int, int]]:
    """The parts of a sentence that state no rule, as sorted, disjoint (start, end): a clause telling the speaker's
    own story, a wish, the last clause of a question left unanswered, a question whose answer denies it.

    >>> t = "ছেষট্টিতে প্রত্যেকে ছয়খানা তাস পায়; যদি তিনজনে খেলা যেত, তাহলে ভালো হত।"
    >>> [t[a:b] for a, b in asides(t)]
    ['যদি তিনজনে খেলা যেত, তাহলে ভালো হত']
    >>> asides("গোলাম তিন ফোটা।"), [t[a:b] for t in ["ছেলেবেলায় বিস্তি খেলতাম।"] for a, b in asides(t)]
    ([], ['ছেলেবেলায় বিস্তি খেলতাম'])
    """
    def clause(at: int) -> tuple[int, int]:
        before = [m.end() for m in _CLAUSE_MARK.finditer(text, 0, at)]
        after = _CLAUSE_MARK.search(text, at)
        return (before[-1] if before else 0), (after.start() if after else len(text))

    cuts = [clause(m.start()) for m in _PAST.finditer(text)
            if not m.group().endswith(_NOT_PAST) and not _SAYING.match(m.group())]
    cuts += [(m.start(), m.end()) for m in _WISH.finditer(text)]
    for m in _STORY_TIME.finditer(text):  # "সেদিন রামু … দশ পয়েন্ট পেয়েছিল": one day, someone did
        stop = _STORY_END.search(text, m.end())
        told = [v for v in _TOLD.finditer(text, m.end(), stop.start() if stop else len(text))
                if v.group() not in _NOT_TOLD]
        if told:
            cuts.append((clause(m.start())[0], clause(told[-1].start())[1]))
    if any(clause(n.start()) != clause(m.start()) for m in _FORMER.finditer(text) for n in _NOW.finditer(text)):
        for m in _FORMER.finditer(text):  # "পূর্বে … খেলিত, এখন …": the old days' clause
            start, end = clause(m.start())
            if _HABIT.search(_HEARSAY.sub("", _ASIDE_MARKS.sub(" ", text[start:end])).rstrip(" ,;।")):
                cuts.append((start, end))
    if _QUESTION.search(text) and not _rhetorical(text, question := clause(text.rindex("?"))):
        cuts.append(question)
    if answer := _DENYING_ANSWER.search(text):
        cuts.append((0, answer.start()))
    merged: list[tuple[int, int]] = []
    for a, b in sorted(c for c in cuts if c[1] > c[0]):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged


def _rhetorical(text: str, question: tuple[int, int]) -> bool:
    """Does the ``question`` clause of ``text`` ask nothing: the rhetorical words in it, or before it with যে
    ("কে না জানে যে …, … হয়?"), and the clause asks nothing of its own (not "…, কিন্তু … কি … পাওয়া যায়?")?"""
    for m in _RHETORICAL.finditer(text, 0, question[1]):
        if m.start() >= question[0]:
            return True
        if regex.match(r"\s+যে(?![\p{L}\p{M}])", text, pos=m.end()) and not _ASKS.search(text, *question):
            return True
    return False


# A word that asks ("কি", "কত", Assamese "কিমান", "নেকি")
_ASKS = regex.compile(r"(?<![\p{L}\p{M}])(?:কি|কী|কত|কয়|কোন|কেন|কিভাবে|কীভাবে|কেমন|কিমান|কেনেকৈ|কিয়|নেকি)"
                      r"(?![\p{L}\p{M}])")


def _completed(part: Sentence, clause: Sentence, game: str, found: list[Claim]) -> list[Claim]:
    """The rules without a number (``found`` in ``part``) that a denied ``clause`` completes, stating none
    alone: read up to its end but not before it ("প্ৰথম খোজ যিকোনো বিন্দুলৈ দিব পাৰি, কেন্দ্ৰলৈ দিব নালাগে":
    need not go to the centre). An exception denies nothing: "কেন্দ্র ছাড়া আর কোথাও নয়" (nowhere but)."""
    from puthi.rules.claims.patterns import behaviour

    if not any(isinstance(c.stated, str) for c in found) or _EXCEPTION.search(clause.text):
        return []
    before = behaviour(_part(part, 0, clause.start - part.start), game)
    return [c for c in behaviour(_part(part, 0, clause.end - part.start), game)
            if not any(_same_claim(c, b) for b in before)]


# An exception: "ছাড়া", "ব্যতীত", "বাদে", Assamese "বাহিৰে" (but for …).
_EXCEPTION = regex.compile("ছা(?:\N{BENGALI LETTER RRA}|\N{BENGALI LETTER DDA}\N{BENGALI SIGN NUKTA})া"
                           "|ব্যতীত|ব্যতিরেকে|বাদে|বাহিৰে|বাহিরে|বিনা")


def _same_claim(a: Claim, b: Claim) -> bool:
    return (a.quantity, a.params, a.stated) == (b.quantity, b.params, b.stated)


def _negated(claims: list[Claim]) -> list[Claim]:
    """The claims of a denied clause: a rule without a number is said not to hold (``"no"``), and an outcome
    not to be that outcome (``"not win"``: "সে জেতে না" does not say he loses, but it agrees with a loss); a
    number that is denied ("not 24 cards") states no value, so it is no claim.

    >>> c = Claim("dashguti", "capture_compulsory", {}, "yes", 0, 10, "বন্দী কৰাটো বাধ্যতামূলক নহয়।")
    >>> w = Claim("dashguti", "outcome_when_blocked", {}, "win", 0, 10, "সে জেতে না।")
    >>> [(x.quantity, x.stated) for x in _negated([c, w, Claim("sixtysix", "deck_size", {}, 24, 0, 5, "")])]
    [('capture_compulsory', 'no'), ('outcome_when_blocked', 'not win')]
    """
    # a rule read as not holding already ("রং মেলানোর দরকার নেই", patterns.duties) stays so: its denial is the same
    return [replace(c, stated="no" if c.stated in ("yes", "no") else f"not {c.stated}") for c in claims
            if isinstance(c.stated, str) and not c.stated[:1].isdigit()]


_SPACES = regex.compile(r"\s+")
# a letter with its signs (or signs alone), for NFC; and the signs after an invisible character inside it
_CLUSTER = regex.compile(rf"\P{{M}}?\p{{M}}*(?:[{INVISIBLE}]+\p{{M}}+)*", regex.DOTALL)
_LINE_PIECE = regex.compile(r"[^\n]*\n?")  # a line with its line end
# A blank line (CR LF too) ends a paragraph; a new page does not, even with blank lines around its number (as
# OCR'd pages have): the printer ran out of page, not the author out of subject.
_PARAGRAPH_BREAK = regex.compile(r"\n[ \t\r]*\n")
# After a game's name, the words that make it the passage's subject: "গোলামচোর খেলা হয়" (is played),
# "… খেলায়", "… খেলাতে" (in the game), Assamese "… খেলত". A passing mention ("গ্রাবু খেলাতেও" also in
# Grabu, "গোলামচোরের মত" like Golamchor, "Jass খেলা হইতে আসিয়াছে" comes from Jass) does not. য় is matched
# as one sign or two (NFC splits it; a text may hold either).
_YA = "(?:\N{BENGALI LETTER YYA}|\N{BENGALI LETTER YA}\N{BENGALI SIGN NUKTA})"
# After a game's name, a comparison: "বিস্তি খেলায় যেমন", "ছেষট্টিতে যেমন", "গোলামচোরের মত", "… খেলার চেয়ে";
# Assamese "লাউ কাটা কাটিৰ দৰে", "… খেলৰ নিচিনা", "… তকৈ" (than).
_COMPARED = regex.compile(rf"(?:[ \t]*(?:খেলা(?:{_YA}|র|তে)?|খেল(?:ৰ|ত)?))?[ \t,]*(?:যেমন|মত|মতো|মতন|মতই|ন্যা{_YA}"
                          rf"|তুলনা{_YA}|চে{_YA}ে|চাইতে|অপেক্ষা|সদৃশ|দৰে|নিচিনা|যেনেকৈ|তুলনাত|তকৈ|যেরূপ|যেইরূপ)"
                          r"(?![\p{L}\p{M}])")
# After a game's name, "too": "গ্রাবু খেলাতেও", "গ্রাবুতেও" (the ও may be in the term's own ending).
_ALSO = regex.compile(rf"[ \t]*খেলা(?:{_YA}|তে|র)?ও(?![\p{{L}}\p{{M}}])")
# ... or with its verb garbled into Devanagari by OCR, at the sentence's end ("গোলামচোর খেলা रुग्न।", seed 000)
_TOPIC_CUE = regex.compile(rf"[ \t]*(?:খেলা[ \t]+(?:হ{_YA}|হই{_YA}া থাকে|হইত|হতো)|খেলা{_YA}|খেলাতে|খেলত|খেলখনত)"
                           r"(?![\p{L}\p{M}])|[ \t]*খেলা[ \t]+[\p{Devanagari}]{1,8}[ \t]*[।॥|]")
# A heading: the name alone on its line, maybe with "খেলা" or "খেলার নিয়ম" ("গোলামচোর খেলার নিয়ম:"), or "কার্ড গেম"
# as machine translation writes it (seed 002's "ছেষট্টি কার্ড গেম", a newcomer: its chapter was checked as another game's)
_HEADING_TAIL = regex.compile(rf"[ \t]*(?:(?:(?:কার্ড|তাস|তাসের)[ \t]+)?"
                              rf"(?:খেলা(?:র|ৰ)?(?:[ \t]+(?:নি{_YA}ম|রীতি))?|গেম(?:ের)?(?:[ \t]+নি{_YA}ম)?)"
                              rf"|খেল(?:ৰ)?(?:[ \t]+নি{_YA}ম)?)?"
                              r"[ \t।॥৷.:;,\-–—\"'“”‘’]*(?:[ \t]+[\-–—(\[]?\p{Nd}{1,4}[\-–—)\]]?[ \t]*)?"
                              r"(?:\r?\n|$)")  # a page number may follow; a question is no heading; ৷: OCR's danda
# Before a heading's game name on its line: nothing, a bullet or number, or a label and a colon ("দ্বিতীয়
# অধ্যায়: গোলামচোর").
# A line's start before a name: bullets and numbers, or a label of at most _LABEL_MAX characters and a colon
# ("দ্বিতীয় অধ্যায়: বিস্তি"), or a chapter's label and a dash (a newcomer's "ষষ্ঠ অধ্যায় — শ্নাপসেন"; but not
# "গ্রামে সবার প্রিয় খেলা — বিস্তি।", a review); a name is looked for that far back.
_LABEL_MAX = 30
_CHAPTER_WORDS = r"অধ্যা[য়য]|পরিচ্ছেদ|পৰিচ্ছেদ|ভাগ|খণ্ড|অংশ|প্রকরণ|পাঠ"
_LINE_START = regex.compile(r"(?:^|[\n\f])(?:[ \t•●▪◦*\-–—\"'“‘\p{Nd}।.()]*"
                            rf"|[^\n\f:ঃ।]{{1,{_LABEL_MAX}}}[:ঃ][ \t]*"
                            rf"|[^\n\f:ঃ।]{{0,{_LABEL_MAX}}}(?:{_CHAPTER_WORDS})[^\n\f:ঃ।]{{0,8}}[ \t]+[—–\-][ \t]*)$")
# Terms that name a game without being its game-name concept: বিস্তি alone is read as the meld.
_ALSO_NAMES = {"meld.bisti": "bisti"}
# After a meld's name: a verb of holding it ("বিস্তি থাকে", "বিন্তি আদি না থাকিলে", Assamese "থাকিলে"); not হইল,
# which may define the game ("বিস্তি হল চারজনের খেলা": a review)
_HELD = regex.compile(r"[”’\"')]*[ \t]+(?:আদি[ \t]+)?(?:না[ \t]+)?(?:থাক|আছে|পাই|পায়|পায়)")


# A heading of a game the tables do not name: its name (one to three words) and a word for "game" alone on a line,
# no danda after it: "বাঘ-ছাগলী খেল", "মোগল পাঠান খেলার নিয়ম".
_UNNAMED_GAME_HEADING = regex.compile(rf"(?:^|(?<=[\n\f]))[ \t•*\-–—\p{{Nd}}.()]*"
                                      rf"([\p{{L}}\p{{M}}]+(?:[\-‐ ][\p{{L}}\p{{M}}]+){{0,2}})"
                                      rf"[ \t]+(?:খেলা|খেল)(?:র|ৰ)?(?:[ \t]+নি{_YA}ম\S*)?[ \t:]*(?=\r?\n|\f|$)")


def unnamed_game_headings(text: str, terms: list[TermSpan]) -> list[TermSpan]:
    r"""Headings of games that the tables do not name, as game terms of their own (concept ``game.<name>``), so
    that the chapter a heading opens is that game's and its rules are checked against no other game's engine:
    a name with a word for "game" ("বাঘ-ছাগলী খেল"), or a name alone that the next sentence opens with
    ("তিনপাত্তি" over "তিনপাত্তি খেলা চারিজনে খেলে"). The heading stands apart: after a blank line, a
    page break, a finished sentence or a label of two words at most ("তৃতীয় অধ্যায়"). A name that holds a term
    (তাসের খেলা, গুটি খেল), that a term covers, or that holds an everyday word (নতুন খেলা, শেষ খেলা: one in 5,000
    words of Bengali web text, or 50 times in the Assamese word list) is no such game.

    >>> [(t.surface, t.concept) for t in unnamed_game_headings("১৯\fবাঘ-ছাগলী খেল\nবাঘে ছাগলী খায়।", [])]
    [('বাঘ-ছাগলী', 'game.বাঘ-ছাগলী')]
    >>> [t.surface for t in unnamed_game_headings("কথা শেষ।\n\nতিনপাত্তি\n\nতিনপাত্তি খেলায় চারিজন লাগে।", [])]
    ['তিনপাত্তি']
    >>> unnamed_game_headings("তাসের খেলা\n", []), unnamed_game_headings("এইটো এটা চিকাৰধৰ্মী খেল।\n", [])
    ([], [])
    >>> unnamed_game_headings("এক দান শেষ।\nনতুন খেলা\n", []), unnamed_game_headings("তাস বাঁটিয়া\nবাঘবন্দী খেলা\n", [])
    ([], [])
    >>> unnamed_game_headings("ভূমিকা\n\nএই পুস্তকে তাস খেলার কথা।\n", [])  # a heading the text does not go on with
    []
    """
    from puthi.rules.terms import find_terms

    found = [m.span(1) for m in _UNNAMED_GAME_HEADING.finditer(text)]
    for m in _NAME_LINE.finditer(text):  # a name alone, when the next sentence opens with it as a game's
        after = text[m.end() : m.end() + 200].lstrip()
        if len(m.group(1)) > 2 and after.startswith(m.group(1)) and _GAME_WORD.match(after, len(m.group(1))):
            found.append(m.span(1))
    out = []
    for a, b in sorted(found):
        name = text[a:b]
        before = text[max(0, a - 200) : a].rstrip(" \t•*-–—()0123456789০১২৩৪৫৬৭৮৯.")
        label = before[before.rfind("\n", 0, len(before) - 1) + 1 :]  # the line before: "তৃতীয় অধ্যায়"?
        apart = (not before or before[-1] == "\f" or before.endswith("\n\n") or _ENDS_SENTENCE.search(before)
                 or (before.endswith("\n") and len(label.split()) <= 2 and _CHAPTER_LABEL.search(label)))
        if (not apart or any(t.start < b and a < t.end for t in terms) or find_terms(name)
                or any(_common_word(w) for w in regex.split(r"[\s\-‐]+", name))):
            continue  # a wrapped line, a term, or an everyday word: নতুন খেলা, এই খেলা, শেষ খেলা
        if known := _near_game_name(name):  # OCR's ছেষট্ি for ছেষট্টি is Sixty-Six's heading, not a new game's
            out.append(TermSpan(a, b, name, known.headword, known.concept, f"{known.gloss} (a damaged heading)",
                                "heading", 0.5))
            continue
        out.append(TermSpan(a, b, name, name, f"game.{name}", "a game the tables do not name (from its heading)",
                            "heading", 0.5))
    return out


def _near_game_name(name: str):
    """The bundled tables' game-name entry one letter from ``name`` (two for a name of more than eight code
    points), if any: a heading OCR damaged (a newcomer's scan read ছেষট্টি as ছেষট্ি) names a known game.

    >>> _near_game_name("ছেষট্ি").concept, _near_game_name("বাঘবন্দী")
    ('game.sixty_six', None)

    A conjunct's part that OCR read twice is read once (a hostile tester's বিস্ত্তি, whose chapter had hidden a real
    contradiction under an unknown game):

    >>> _near_game_name("বিস্ত্তি").concept
    'game.bisti'
    """
    from rapidfuzz.distance import Levenshtein

    from puthi.rules.terms import load_tables

    name = _DOUBLED_PART.sub(r"\1", name)
    if len(name) < 4:
        return None
    most = 1 if len(name) <= 8 else 2
    for entry in load_tables().entries:
        if entry.category == "game_name" and any(
                Levenshtein.distance(name, form, score_cutoff=most) <= most for form in entry.forms):
            return entry
    return None


_DOUBLED_PART = regex.compile(r"(\u09cd[\u0995-\u09b9\u09dc-\u09df])\1")  # ্ত্ত: a conjunct's part read twice
_CHAPTER_LABEL = regex.compile(_CHAPTER_WORDS)
# A word for "game" after a name: "তিনপাত্তি খেলা চারিজনে খেলে" (not "রামবাবু বলিলেন", "কলিকাতায় …").
_GAME_WORD = regex.compile(rf"[ \t]+(?:খেলা|খেলা{_YA}|খেলাতে|খেলার|খেলাৰ|খেলাটি|খেল|খেলত|খেলখন|খেলৰ)(?![\p{{L}}\p{{M}}])")


def unnamed_games(text: str, terms: list[TermSpan]) -> list[TermSpan]:
    r"""The games of :func:`unnamed_game_headings`, at their headings and wherever else ``text`` names them, with
    a short ending ("তিনপাত্তিতে"): a game a chapter is about is a game in every sentence that names it.

    >>> text = "তিনপাত্তি\n\nতিনপাত্তি খেলা চারিজনে খেলে।\n\nশেষ কথা।\n\nকিন্তু তিনপাত্তিতে টেক্কার মূল্য এক।"
    >>> [(t.start, t.surface) for t in unnamed_games(text, [])]
    [(0, 'তিনপাত্তি'), (11, 'তিনপাত্তি'), (58, 'তিনপাত্তিতে')]
    """
    headings = unnamed_game_headings(text, terms)
    if not headings:
        return []
    out = list(headings)
    taken = sorted((t.start, t.end) for t in [*headings, *terms])
    ends = list(itertools.accumulate((b for _, b in taken), max))  # the furthest end of the spans so far
    names = sorted({t.surface for t in headings}, key=len, reverse=True)
    mention = regex.compile(rf"(?<![\p{{L}}\p{{M}}])({'|'.join(map(regex.escape, names))})[\p{{L}}\p{{M}}]{{0,3}}"
                            r"(?![\p{L}\p{M}])")
    for m in mention.finditer(text):  # one pass for all the names; a span already taken is left as it is
        k = bisect.bisect_left(taken, (m.end(),))
        if not (k and ends[k - 1] > m.start()):
            out.append(TermSpan(m.start(), m.end(), m.group(), m.group(1), f"game.{m.group(1)}",
                                "a game the tables do not name (from its heading)", "heading", 0.5))
    return sorted(out, key=lambda t: t.start)


# A line that holds only a name: one word, or words joined by hyphens.
_NAME_LINE = regex.compile(r"(?:^|(?<=[\n\f]))[ \t]*([\p{L}\p{M}]+(?:[\-‐][\p{L}\p{M}]+)*)[ \t]*(?=\r?\n|\f)")


def _game_named(t: TermSpan) -> str | None:
    """The game a term names (an engine's name where there is one, else the table's: ``grabu``)."""
    return game_name_of(t.concept) or _ALSO_NAMES.get(t.concept)


def _game_said(t: TermSpan, text: str) -> str | None:
    """:func:`_game_named`, but for a meld's name that a side holds ("ইস্তক, বিস্তি থাকে", :data:`_HELD`): the meld,
    no game (a newcomer's Grabu page had a rule of it checked as Bisti's)."""
    if t.concept in _ALSO_NAMES and _HELD.match(text, t.end):
        return None
    return _game_named(t)


def game_name_of(concept: str) -> str | None:
    """The name claims give the game of a table concept: an engine's where there is one, else the table's.

    >>> game_name_of("game.sixty_six"), game_name_of("game.grabu"), game_name_of("card.ace")
    ('sixtysix', 'grabu', None)
    """
    kind, _, name = concept.rpartition(".")
    return _GAME_CONCEPTS.get(name, name) if kind == "game" else None


def _games_named(sentence: Sentence, text: str, overruled: frozenset[int] = frozenset()) -> list[tuple[str, str]]:
    """The games ``sentence`` names, in order (engine names where there is an engine, else the table's
    name: ``grabu``, ``golamchor``), each with how: "heading" (the name alone on its line), "compared"
    ("বিস্তি খেলায় যেমন"), "cue" (with a word that makes it the subject, :data:`_TOPIC_CUE`), "" (a mention),
    with "lead" before them when the name opens the sentence ("leadcue": "বিস্তি খেলায় প্রত্যেকে …"; "lead":
    "শ্নাপসেনে কুড়িখানি …"). A heading at an ``overruled`` offset names nothing."""
    out = []
    for t in sentence.terms:
        if t.start not in overruled and (game := _game_said(t, text)):
            how = _how_named(t, text)
            if how in ("cue", "") and _quoted(text[sentence.start : t.start]) and text[t.end : t.end + 1] not in _CLOSE:
                how = "quoted"  # 'পুথিত লিখা আছে: "ষোলো-গুটি খেলায় …"': the quotation's, not the paragraph's
                # (but “বিন্তি” খেলায় only sets a name apart, seed 000)
            elif how in ("cue", "") and not text[sentence.start : t.start].strip(" \t\n\r•*-–—\"'“‘"):
                # "leadcue": opens the sentence as its subject; "leadalso": "গ্রাবু খেলাতেও …" (in Grabu too)
                how = "lead" + ("also" if _ALSO.match(text, t.end) or t.surface.endswith("ও") else how)
            out.append((game, how))
    return out


_ENDS_SENTENCE = regex.compile(r"[\N{DEVANAGARI DANDA}\N{DEVANAGARI DOUBLE DANDA}?!.:"
                               rf"\N{{BENGALI CURRENCY NUMERATOR FOUR}}][{CLOSING_QUOTES})]*\s*$")


@cache
def _common_word(word: str) -> bool:
    """One in 5,000 words of Bengali web text, or 50 times in the Assamese word list (নতুন, শেষ, তেওঁ)."""
    from puthi.normalize.lexicon import load_lexicon, web_counts

    return web_counts().get(word, 0) >= 200_000 or load_lexicon("as").frequency(word) >= 50


_CLOSE = frozenset(CLOSING_QUOTES)


def _quoted(before: str) -> bool:
    """Does a quotation that ``before`` opens run on past its end (an odd number of straight quotes, or more
    opening curly ones than closing)?

    >>> _quoted('পুথিত লিখা আছে: "'), _quoted('লিখা আছে: "এক" আৰু '), _quoted("তিনি বলেন, “")
    (True, False, True)
    """
    return before.count('"') % 2 == 1 or before.count("“") > before.count("”")


def _how_named(t: TermSpan, text: str) -> str:
    if _LINE_START.search(text, max(0, t.start - _LABEL_MAX - 6), t.start) and _HEADING_TAIL.match(text, t.end):
        return "heading"
    if _COMPARED.match(text, t.end, min(len(text), t.end + 40)):
        return "compared"
    return "cue" if _TOPIC_CUE.match(text, t.end, min(len(text), t.end + 24)) else ""


def _turns_topic(game: str, how: str) -> bool:
    """Does naming ``game`` so turn the passage to it? A heading always; a cue only for a game puthi has no
    engine for: "বিস্তি খেলায় যেমন …" in a Sixty-Six text compares, it does not change the subject."""
    return how == "heading" or (how in ("cue", "leadcue") and game not in _engines())


def topic_games(text: str, terms: list[TermSpan]) -> list[str]:
    """The games ``text`` names as its subject, in order: in a heading, or with a word that makes it the subject
    ("গোলামচোর খেলায় …"), not in passing ("লুডো নিয়ে বসেছিল").

    >>> from puthi.rules.terms import find_terms
    >>> [topic_games(t, find_terms(t)) for t in ("গোলামচোর খেলায় চারজন খেলোয়াড়।", "তারা লুডো নিয়ে বসেছিল।")]
    [['golamchor'], []]
    """
    return [game for t in sorted(terms, key=lambda t: t.start)
            if (game := _game_named(t)) and _how_named(t, text) in ("heading", "cue")]


def chapter_games(text: str, terms: list[TermSpan]) -> list[tuple[int, str]]:
    r"""The games ``text`` names in headings (a game's name alone on its line, maybe with a chapter label, "খেলার
    নিয়ম" or a page number), as ``(offset, game)`` in order: each starts a chapter about that game. ``terms``
    are the text's term links.

    >>> from puthi.rules.terms import find_terms
    >>> text = "গোলামচোর\nএই নিয়ম অস্ট্রিয়ার\nশ্নাপসেন খেলার মতোই। গ্রাবু খেলায় আট খানি তাস।\nদ্বিতীয় অধ্যায়: বিস্তি\n"
    >>> chapter_games(text, find_terms(text))
    [(0, 'golamchor'), (96, 'bisti')]
    """
    terms = [*terms, *unnamed_game_headings(text, terms)]
    return sorted((t.start, game) for t in terms if (game := _game_named(t)) and _how_named(t, text) == "heading")


@dataclass
class _Passage:
    """The game a passage is about, as it goes: ``chapter`` from a heading (until the next heading),
    ``topic`` from a sentence whose subject is a game with no engine, or that opens its paragraph with a
    game and states a rule of it (until the paragraph ends; "বিস্তি খেলা কেবল দুইজনে খেলে। ইহাতে ৩২খানি তাস
    লাগে।", but not "ছেষট্টিতে যাঁহারা অভ্যস্ত, তাঁহারা এই খেলা সহজে শিখিবেন।"); ``opening``: the next
    sentence opens a paragraph; ``lead``: the game the sentence being read opens its paragraph with."""

    chapter: str | None = None
    topic: str | None = None
    opening: bool = True
    lead: str | None = None
    schnapsen_named: bool = False  # the text has named Schnapsen itself so far


def _sentence_game(sentence: Sentence, default: str, state: _Passage, text: str,
                   overruled: frozenset[int] = frozenset()) -> str:
    """The game ``sentence`` speaks of; ``state`` is brought up to date (see :class:`_Passage`).

    A heading that names a game starts its chapter, a variant's too (a Schnapsen chapter in a Sixty-Six book,
    a newcomer's booklet); naming ``default`` or the game it is a variant of (Sixty-Six when reading as
    Schnapsen: a comparison the user asked for) ends the chapter. A sentence naming Sixty-Six is Sixty-Six's in a
    text read as Schnapsen only once the text has named Schnapsen itself: before that, it is the comparison asked
    for.
    A sentence whose subject is a game puthi has no engine for ("গোলামচোর খেলা হয়", :func:`_turns_topic`)
    turns the paragraph to it; one that names the game in force brings the paragraph back. A sentence that
    opens with another game with an engine ("বিস্তি খেলায় প্রত্যেককে আটটি …", "শ্নাপসেনে কুড়িখানি তাস
    লাগে") is that game's, for itself only. A game named in a comparison ("বিস্তি খেলায় যেমন", "ছেষট্টির
    চেয়ে") changes nothing."""
    named_rules = [m for m in _KLAVERJAS_RULES.finditer(sentence.text)
                   if not _NOT_THESE_RULES.match(sentence.text, m.end())]  # "রটারডাম নিয়ম নয়, …", "… পরে বলা হইবে"
    klaverjas = (state.chapter or default).startswith("klaverjas")  # a Klaverjas chapter in a text read as another
    if klaverjas and named_rules:  # game's (a newcomer: seed 003 under --game schnapsen)
        # "নিয়ম বোতাম রটারডাম নিয়মে বদল করে …। একই রং খেলতে না পারলে … তুরুপ দিতেই হবে" (seed 003): the rest of
        # the paragraph is under the rules it names last; "আমস্টারডাম নিয়মে …" turns it back
        state.topic = "klaverjas" if named_rules[-1].group(1) else "klaverjas-rotterdam"
        return state.topic
    if klaverjas and regex.search(r"রটারডাম|Rotterdam", sentence.text):
        return "klaverjas-rotterdam"  # the city named, or its rules in passing: this sentence only
    named = _games_named(sentence, text, overruled)
    if headings := [g for g, how in named if how == "heading"]:
        state.chapter = None if headings[-1] in (default, family(default)) else headings[-1]
        state.topic = None
    current = state.chapter or default
    if current == "sixtysix" and any(g == "schnapsen" and how != "compared" for g, how in named):
        return "schnapsen"  # the variant's own sentence, in a Sixty-Six text
    if current == "schnapsen" and state.schnapsen_named and any(g == "sixtysix" and how in ("lead", "cue")
                                                                for g, how in named):  # not "ছেষট্টির জার্মান রূপ"
        return "sixtysix"  # and the other way round in a text that names Schnapsen (a hostile tester's heading)
    state.schnapsen_named |= any(g == "schnapsen" for g, _ in named)
    if any(family(g) == family(current) for g, _ in named):
        state.topic = None
        return current
    others = [(g, how) for g, how in named if how != "compared"]
    if quoted := [g for g, how in others if how == "quoted"]:  # the quoted sentence only
        return quoted[-1]
    if turning := [g for g, how in others if _turns_topic(g, how)]:
        state.topic = turning[-1]
        return state.topic
    if leading := [g for g, how in others if how.startswith("lead")]:
        if state.opening and others[0][1] != "leadalso":  # the paragraph may be this game's (extract_claims)
            state.lead = leading[0]
        return leading[0]
    return state.topic or current


# A Klaverjas variant's rules named: Amsterdam's (group 1) or Rotterdam's.
_KLAVERJAS_RULES = regex.compile(rf"(?:(আমস্টারডাম|Amsterdam)|রটারডাম|Rotterdam)(?:ের|er|'s)?\s*(?:নি{_YA}ম|rules|regels)",
                                 regex.IGNORECASE)
# After a variant's rules: denied, or put off ("রটারডাম নিয়মের কথা পরে বলা হইবে"; a review)
_NOT_THESE_RULES = regex.compile(rf"\S*\s*(?:\S+\s+){{0,2}}?(?:ন{_YA}|নহে|পরে|নাই|নেই)(?![\p{{L}}\p{{M}}])")
# Games read as each other's variants: a Schnapsen text may name Sixty-Six, and Rotterdam rules Klaverjas.
GAME_FAMILY = {"schnapsen": "sixtysix", "klaverjas-rotterdam": "klaverjas"}


def family(game: str) -> str:
    """The game ``game`` is a variant of, or itself.

    >>> family("schnapsen"), family("bisti")
    ('sixtysix', 'bisti')
    """
    return GAME_FAMILY.get(game, game)


def fits_game(quantity: str, game: str) -> bool:
    """Can ``game`` have ``quantity``: none that only board games have in a card game (a card game's "পইণ্ট" is
    a score, not a point of a board), none that only card games have on a board; a game with no engine may have
    any. The kinds and their quantities come from the engines' facts.

    >>> fits_game("board_points", "sixtysix"), fits_game("hand_size", "dashguti"), fits_game("board_points", "x")
    (False, False, True)
    """
    kind = _kinds().get(game)
    return kind is None or not any(quantity in only for other, only in _only_in().items() if other != kind)


@cache
def _kinds() -> dict[str, str]:
    """Each game with an engine and its kind: "board" when its facts count points on a board, else "cards"."""
    from puthi.rules.engines import registry

    return {g: "board" if "board_points" in registry.get(g).facts({}) else "cards" for g in _engines()}


@cache
def _only_in() -> dict[str, frozenset[str]]:
    """For each kind, the quantities that only its games' engines have."""
    from puthi.rules.engines import registry
    from puthi.rules.quantities import parse_key

    have: dict[str, set[str]] = {}
    for g, kind in _kinds().items():
        have.setdefault(kind, set()).update(parse_key(k)[0] for k in registry.get(g).facts({}))
    return {kind: frozenset(q - set().union(*(o for k, o in have.items() if k != kind))) for kind, q in have.items()}


@cache
def _engines() -> frozenset[str]:
    from puthi.rules.engines import registry

    return frozenset(registry.names())
