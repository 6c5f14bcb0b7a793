"""The claim patterns: one small function per family of quantities.

Each pattern takes a :class:`~puthi.rules.claims.extract.Sentence` and the game it speaks of and returns
the claims it finds. A pattern looks for cue words (``cues.tsv``), term spans (card ranks) and number
spans, and their order and distance in the sentence: "২৪টি তাস" (a number right before the word for
cards) is a pack size, "প্রত্যেকে আটটি তাস পায়" (with "each") a hand size.

Sources of the phrasings: seeds 000 (sadhu bhasha, Bisti and Grabu), 002 (machine-translated Sixty-Six),
003 (Klaverjas), 004 (Assamese Dash-guti) and the project's own samples in ``corpus/samples``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import regex

from puthi.rules.claims.extract import Sentence, cue_patterns
from puthi.rules.claims.model import Claim, Value
from puthi.rules.claims.sentences import ANSWER_MARK
from puthi.rules.spans import NumberSpan, TermSpan
from puthi.rules.terms.numbers import has_classifier

# Between a number and the noun it counts: a classifier (টি, টা, খানি, জন) is part of the number span
# or follows it, then at most a word such as করে/করিয়া ("eight each").
_GAP = regex.compile(r"^(?:টি|টা|টো|টে|খানি|খানা|খান|খন|জন|গোটা)?\s*(?:\(?[^\s]*\)?\s*)?$")


_ROEM_CUES = ("four_jacks", "four_kind", "stuk", "pit", "run3", "run4")
HATER_PANCH = "grabu.hater_panch"  # হাতের পাঁচ, "the hand's five": the five points of the last trick (seed 000)
# Last-trick bonuses in the seeds' games are 5 (Bisti's হাতের পাঁচ, seed 000) and 10 (seeds 002, 003); a
# larger number after "শেষ পিঠ" is something else (a threshold to show, seed 000).
_LAST_TRICK_MAX = 40
# "10 পয়েন্ট ছাড়াই" (without the 10 points): the number is named to say it does not apply
_NEGATED = regex.compile(r"\s*(?:টি|টা)?\s*(?:পয়েন্ট|ফোটা|পইণ্ট)?\s*(?:ছাড়া|ছাড়াই|বাদে|বাদ দিয়ে|নয়|নহয়)")
# How far (code points) "each player" may stand before the number of cards it receives.
_EACH_REACH = 45
# Marriage values in the seeds' games are 20 and 40 (seed 002, pagat); numbers outside this range in a
# sentence about marriages are other quantities (66 to win, 10 for the last trick).
_MARRIAGE_RANGE = range(20, 51)
# A value outside it is read only right after the marriage word in a sentence with no other quantity it could be
# (a newcomer's booklet printed the trump marriage as ষাট, 60, and puthi had said nothing).
_MARRIAGE_WIDE, _MARRIAGE_NEAR = range(10, 101), 25
_POINT_WORD = regex.compile(r"\s*(?:টি|টা)?\s*(?:পয়েন্ট|ফোটা|ফোঁটা|পইণ্ট|নম্বৰ)")
# Game points of a deal: 1 to 3 in Sixty-Six and Schnapsen (seed 002, pagat); more than this is a score.
_GAME_POINTS_MAX = 6
# Between a denied value and the one that replaces it: "৪০ নহে, ২০".
_CORRECTED = regex.compile(r"[^\S\n]*(?:ফোটা|ফোঁটা|পয়েন্ট)?[^\S\n]*(?:নহে|নয়|নহয়)[^\S\n]*[,;][^\S\n]*")
# A suit just before a number: "তুরুপে ৪০", "অন্য রঙে ২০", "সাধারণ রংয়ের ২০".
_SUIT_BEFORE = regex.compile(r"(?:তুরুপ|ট্রাম্প|রঙ|রং)[\p{L}\p{M}]*[ \t]*$")


def _claim(s: Sentence, game: str, quantity: str, value: Value, conf: float, **params: str) -> Claim:
    # The quote: where a page break or its blanked page number and running head stood, one space.
    return Claim(game, quantity, params, value, s.start, s.end, _GAP_RUN.sub(" ", s.text), conf)


_GAP_RUN = regex.compile(r"\s*\f\s*|[ \t]*\n[ \t\r]*\n\s*|[ \t]{3,}")


# Between a number and the cards, a word for packs: "৩ প্যাকেট তাস" counts packs, not cards
_PACKS = regex.compile(r"প্যাকেট|প্যাক|পেকেট|ডেক|সেট|বান্ডিল|তাড়া|বাক্স|জোড়া|জোড়")
# The smallest pack of the games in hand is Schnapsen's 20 (pagat): a few পাত are leaves ("২,৩টা পাত খুন্দি"),
# not a pack, while "৮টি তাস লাগে" is a pack said wrongly
_DECK_MIN = 12


# A quiz's question "how many" before the noun, and its answer: "শ্নাপসেনে কয়টা তাস লাগে? উত্তর: চব্বিশটা"
_HOW_MANY = regex.compile(r"(?:কয়|কত|কতগুলি|কতগুলো|কেইটা|কেইখন|কিমান)(?:টা|টি|খানা|খানি|খন|জন)?\s+$")
_ANSWERED = regex.compile(rf"\?\s*{ANSWER_MARK}\s*")


def _counted(s: Sentence, cue: str, max_gap: int = 12) -> list[tuple[NumberSpan, tuple[int, int]]]:
    """Numbers that count the noun ``cue`` ("২৪টি তাস", "দহটা গুটি", "আটখানি করিয়া তাস"), or answer a question
    of how many of it (the answer's number: "কয়টা তাস লাগে? উত্তর: চব্বিশটা")."""
    out = []
    for cs, _ in s.cues(cue):
        if _HOW_MANY.search(s.text, 0, cs - s.start) and (mark := _ANSWERED.search(s.text, cs - s.start)):
            answer = next((n for n in s.free_numbers() if n.start - s.start >= mark.end()), None)
            if answer is not None and answer.start - s.start == mark.end():
                out.append((answer, (cs, _)))
            continue
        before = [n for n in s.free_numbers() if n.end <= cs and s.reach(n.end, cs) <= max_gap]
        if before:
            n = before[-1]
            gap = s.text[n.end - s.start : cs - s.start]
            if n.value >= 2 and _GAP.match(gap) and not _PACKS.search(gap) and (
                    not gap.startswith("-") or n.surface[-1].isdigit()):
                # not "এঘাৰ-গুটি", a name, nor "৩ প্যাকেট তাস", three packs; but "20-কার্ড ডেক" is a pack of 20
                out.append((n, (cs, _)))
                continue
        if (n := _count_after(s, _)) is not None:
            out.append((n, (cs, _)))
    return out


def _count_after(s: Sentence, noun_end: int) -> NumberSpan | None:
    """A count said after its noun and verb at the clause's end, as speech puts it: "তাস লাগে ২৪টা", "তাস থাকে
    বত্রিশখানা", "তাচ বত্ৰিশখন" (a hostile tester); the count must carry a classifier (not "তাস লাগে ২৪ ঘণ্টা")."""
    gap = _VERB_THEN_COUNT.match(s.text, noun_end - s.start)
    if gap is None:
        return None
    n = next((n for n in s.free_numbers() if n.start - s.start == gap.end()), None)
    if n is None or n.value < 2 or not has_classifier(n) or not _CLAUSE_END.match(s.text, n.end - s.start):
        return None
    return n


# Between a noun and its count said after it: spaces, maybe a verb of needing, having or getting
_VERB_THEN_COUNT = regex.compile(r"[^\S\n]+(?:(?:লাগে|লাগিবে|লাগবে|লাগিব|থাকে|থাকিবে|থাকবে|থাকিব|পায়|পায়|পাইবে|পাবে"
                                 r"|পান|দরকার|প্রয়োজন|প্রয়োজন|আসে|আসিবে|জোটে|জোটে)[^\S\n]+)?")
# After it, the clause's end ("… ছয়খানা করে।" too)
_CLAUSE_END = regex.compile(r"(?:[^\S\n]*(?:করে|করিয়া|কৰি|কৈ))?[^\S\n]*(?:[,;:।॥|?!৷]|\n|$)")


def _next_number(s: Sentence, pos: int, limit: int = 40) -> NumberSpan | None:
    """The first number after ``pos``, within ``limit``; not an article before another ("একটি 10 পয়েন্টের বোনাস",
    session 14's blind set)."""
    after = [n for n in s.free_numbers() if n.start >= pos and s.reach(pos, n.start) <= limit]
    if len(after) > 1 and after[0].value == 1 and _ARTICLE.fullmatch(s.text, after[0].end - s.start,
                                                                     after[1].start - s.start):
        return after[1]
    return after[0] if after else None


_ARTICLE = regex.compile(r"[^\S\n]+")  # "একটি" and a number right after it


# After a number, a unit that is no card points: "৩৫ টাকা", "৩০ রান", "৬০ দিন", "৮০ জন" (a review's prose)
_NOT_POINTS = regex.compile(r"\s*(?:টি|টা)?\s*-?\s*(?:টাকা|টকা|পয়সা|রান|বছর|বছৰ|দিন|মাস|মাহ|সপ্তাহ|ঘণ্টা|মিনিট|সেকেন্ড|সাল|সন"
                            r"|জন|শতাংশ|আসন|নম্বর|বয়স|কিলো|মাইল|ভরি|গ্রাম|কদম|হাজার|হাজাৰ|লাখ|লক্ষ|কোটি|বিঘা|মণ|ইঞ্চি|বার"
                            r"|বাৰ|মুদ্রা|খানা|খানি|ওভার|গোল|উইকেট|দিনার|মোহর|রুপি|রুপিয়া|ডলার|পাউন্ড)"
                            r"(?:ে|ের|এর|র|েই|ও)?(?![\p{L}\p{M}])")


def _points(s: Sentence, n: NumberSpan) -> bool:
    """Can ``n`` be card points: no count of people (৪০ জন) and no unit of something else after it?"""
    return not _COUNTS_PEOPLE.search(n.surface) and not _NOT_POINTS.match(s.text, n.end - s.start)


def _after_total(s: Sentence, n: NumberSpan) -> bool:
    """Does "in total" (মোট, মুঠ) stand right before the number ``n``, in a clause not about each player
    ("প্রত্যেক খেলোয়াড় মোট আটখানি তাস পায়" is a hand of eight; but in "প্ৰতিজন খেলুৱৈয়ে দহটা গুটিৰে খেলে; গতিকে
    মুঠ ২০টা গুটি" the twenty are both sides', a newcomer's page)?"""
    each = any(0 <= s.reach(e, n.start) <= _EACH_REACH
               and not regex.search(r"[;।]", s.text[e - s.start : n.start - s.start]) for _, e in s.cues("each"))
    return not each and any(0 <= s.reach(e, n.start) <= 2 for _, e in s.cues("total"))


# players or sides (not the দল of বদল, nor the জনে of প্রয়োজনে)
_SIDES = regex.compile(r"(?<![\p{L}\p{M}])(?:খেলুৱৈ|খেলোয়াড়|খেলোয়াড়|পক্ষ|দল)|(?<!প্রয়ো|প্ৰয়ো)জন(?:ৰ|ের|ে)")
_HAS_PIECES = regex.compile(r"থাকে|থাকিবে|লৈ খেল|লইয়া খেল|নিয়ে খেল|দিয়া হয়|দেওয়া হয়|পায়|পান|পাইবে"
                         r"|লাগে|লাগিব|খেলে|ৰাখে|রাখে|সজা|সাজা")  # having, being dealt, playing with, setting out


# After the cards counted, "(the pack) from (it)": a pack cards are taken out of, with a verb of removing after it
_STRIPPED_FROM = regex.compile(r"\S*\s*(?:প্যাক\S*|প্যাকেট\S*|ডেক\S*)?\s*(?:\S+\s+){0,2}?(?:থেকে|হইতে|হতে|পৰা)"
                               r"(?![\p{L}\p{M}])")
_REMOVED = regex.compile(r"বাদ|সরা|সরি|সৰা|ফেলে|ফেলিয়া|বাহির কর|বের কর|আঁতৰা|উলিয়া")


# Packs bought and sold ("বত্রিশখানা তাসের প্যাক আট আনায় বিক্রয় হইত", a hostile tester): a shop's, no game's rule
_TRADE = regex.compile(r"বিক্রয়|বিক্রি|বিক্ৰী|কিনিয়া|কিনে|কেনা|আনায়|টাকায়|পয়সায়|দোকান")
_CLAUSE_MARK = regex.compile(r"[,;।]")


def _not_a_pack_after(s: Sentence, n: NumberSpan, cue_start: int) -> bool:
    """Is a count said after the cards too small for a pack, or of the cards in the stock ("যার হাতে তাস থাকে দুটো",
    "প্রত্যেক রঙে তাস থাকে ছয়টা", "স্টকে তাস থাকে বারোটা": a review)?"""
    clause = max((m.end() for m in _CLAUSE_MARK.finditer(s.text, 0, cue_start - s.start)), default=0)
    return n.value < _DECK_MIN or bool(_STOCK_WORD.search(s.text, clause, cue_start - s.start))


_STOCK_WORD = regex.compile(r"স্টক|গাদা|গাদি|মাটিতে|বাকি|বাকী|হাতে|রঙে|ৰঙত")
_A_SUIT = regex.compile(r"\s*(?:রঙ|রং|রঙে|রঙের|রংয়ের|রঙত|ৰং|ৰঙৰ|ৰঙত)(?![\p{L}\p{M}])")
# Cards "left over": after the cards counted, or before the count
_REMAINING = regex.compile(r"(?:বাকি|বাকী|অবশিষ্ট|বাচি|উদ্বৃত্ত)(?![\p{L}\p{M}])")
_REMAINING_BEFORE = regex.compile(r"(?:বাকি|বাকী|অবশিষ্ট)\s+$")
# After the stock's count, one of them turned face up: "তার মধ্যে একখানা চিত", "তাহার একখানি চিত"
_ONE_TURNED = regex.compile(r"(?:তার|তাহার|তাৰ|ইয়াৰ)\s*(?:মধ্যে|মাঝে|মাজৰ|মাজত)?\s*(?:এক|১)(?:টি|টা|খানা|খানি|খন)?\s+"
                            r"(?:চিত|চিৎ|উল্টা|উলটা)")
# Before a count, "but", "except" or "the rest": a part of the whole ("মাঝের বিন্দুটি ছাড়া বাকি কুড়িটি")
_EXCEPT_BEFORE = regex.compile(r"(?:ছাড়া|ব্যতীত|বাদে|বাদ দিয়ে|বাকি|বাকী|বাহিৰে)\s*$")


def deck_and_hand(s: Sentence, game: str) -> list[Claim]:
    """Pack size ("এতে ৩২টি তাস লাগে"), hand size ("প্রত্যেকে আটটি তাস পায়"), face-down stock
    ("তাহার উপর পনরখানি তাস উপুড় করিয়া") and pieces per player ("প্রতিজন খেলুৱৈৰ দহটা গুটি")."""
    claims = []
    each = [(a, b) for a, b in s.cues("each") if not _A_SUIT.match(s.text, b - s.start)]  # "প্রত্যেক রঙে": each suit's
    counted_cards = _counted(s, "cards")
    face_down = s.cues("face_down")
    said = [n for n in s.free_numbers() if has_classifier(n) and not _COUNTS_PEOPLE.search(n.surface) and s.has("cards")
            and any(0 <= s.reach(n.end, a) <= 2 for a, _ in face_down)]  # not "দুইজন ঢাকার খেলোয়াড়" (a review)
    if said:  # a count right before the face-down word: "তাহার একখানি চিত, পনেরোখানি উপুড়" (a hostile tester)
        claims.append(_claim(s, game, "stock_face_down", said[0].value, 0.8))
        counted_cards = [c for c in counted_cards if c[0] is not said[0]]
    elif face_down and counted_cards:
        # the count nearest the face-down words is the stock ("তাহার উপর পনরখানি তাস উপুড়"), less one of them turned
        # face up after it ("বাকি দশখানা তাস উপুড় …; তার মধ্যে একখানা চিত করে তুরুপ", a hostile tester)
        n, _ = min(counted_cards, key=lambda c: min(abs(c[0].start - a) for a, _ in face_down))
        turned = _ONE_TURNED.search(s.text, n.end - s.start) is not None
        claims.append(_claim(s, game, "stock_face_down", n.value - turned, 0.8))
        counted_cards = [c for c in counted_cards if c[0] is not n]
    packets = {id(n) for run in [*_deal_runs(s, listed=True), *_rounds(s),
                                 *(r for r in _deal_runs(s) if _by_packets(s, r))] for n in run}
    for n, (cue_start, cue_end) in counted_cards:
        leaves = s.text[cue_start - s.start : cue_end - s.start] == "পাত" and n.value < _DECK_MIN
        if id(n) in packets:  # "প্রথমে দুইখানি, পরে তিনখানি ও তিনখানি করিয়া তাস বাঁটিতে হয়": the deal's packets
            continue
        if _BATCHES.match(s.after(n.end, 16)):  # "তিন-তিনটি ব্যাচে তাস দেওয়া হয়": batches of the deal, no hand
            continue  # (a known limit of session 17)
        if _after_total(s, n) and cue_patterns()["receive"].match(s.after(cue_end, 14).lstrip()):
            continue  # "দুইজনে মিলিয়া মোট ষোলখানি তাস পায়": the cards dealt, not the pack nor a hand
        if _REMAINING.match(s.after(cue_end, 16).lstrip()) or _REMAINING_BEFORE.search(s.text, 0, n.start - s.start):
            continue  # "ষোলোখানি তাস বাকি থাকে", "বাকি দশখানা তাস": the cards left, no hand nor pack (a hostile tester)
        if _STRIPPED_FROM.match(s.text, cue_end - s.start) and _REMOVED.search(s.text, cue_end - s.start):
            continue  # "বাহান্ন তাসের প্যাক থেকে দুরি থেকে আট্টা বাদ দাও": the pack the game's is made from (a hostile tester)
        if any(0 <= s.reach(e, n.start) <= _EACH_REACH and (n.start < cue_start or not _CLAUSE_MARK.search(
                s.text, e - s.start, n.start - s.start)) for _, e in each):  # not "…, স্টকে তাস থাকে বারোটা" (a review)
            claims.append(_claim(s, game, "hand_size", n.value, 0.85))
        elif (s.has("deck_verb") or s.has("total")) and not leaves and not _TRADE.search(s.text) \
                and not (n.start > cue_start and _not_a_pack_after(s, n, cue_start)):
            claims.append(_claim(s, game, "deck_size", n.value, 0.85))
        elif cue_patterns()["receive"].match(s.after(cue_end, 14).lstrip()):
            # "আটখানি তাস দেওয়া হইয়া গেলে" (seed 000): cards given, without "each"
            claims.append(_claim(s, game, "hand_size", n.value, 0.6))
    if s.has("cards") and not any(c.quantity == "hand_size" for c in claims):
        # the cards named before, then "each gets eight" with no noun: "বত্রিশখানা তাসে খেলা হয়; প্রত্যেকে আটখানা পায়"
        for _, e in each:  # (a hostile tester)
            n = _next_number(s, e, 12)
            if n is not None and id(n) not in packets and 2 <= n.value <= 16 and has_classifier(n) \
                    and cue_patterns()["receive"].match(s.after(n.end, 14).lstrip()):
                claims.append(_claim(s, game, "hand_size", n.value, 0.7))
                break
    for n, _ in _counted(s, "pieces"):
        # "মুঠ বিশটা গুটি": both sides' pieces; a count with neither "each" nor a verb of having or being dealt tells
        # a game ("শ্যাম ৪টা গুটি হারাইয়া হারিল", a review)
        # and the pieces are the players': "প্ৰতিডাল তাৰ তল ফালে পাঁচটা গুটি থাকে" are an abacus's beads
        if not _after_total(s, n) and (s.has("each") or (_HAS_PIECES.search(s.text) and (
                _SIDES.search(s.text) or _each(s, n)))):
            claims.append(_claim(s, game, "pieces_per_player", n.value, 0.8 if s.has("each") else 0.6))
    # a board has 5 points or more, and no more than a Go board's 361: "দুটা সংযোগী বিন্দু" (a network's two
    # nodes), "৫৯৩ পইণ্ট" (a shooting score) are no board (Assamese Wikipedia)
    board = [c for c in _counted(s, "points_on_board") if 5 <= c[0].value <= 361
             and not _EXCEPT_BEFORE.search(s.text, 0, c[0].start - s.start)]  # "মাঝের বিন্দুটি ছাড়া বাকি কুড়িটি"
    # the first count is the whole board ("১৯টা ছেদক বিন্দু আৰু ২টা শেষ বিন্দু" are its parts), or the one said as
    # the total ("উনিশটি ছেদবিন্দু আর দুটি প্রান্তবিন্দু, সব মিলিয়ে একুশটি বিন্দু", a hostile tester)
    board = [c for c in board if _after_total(s, c[0])] or board
    if board:
        claims.append(_claim(s, game, "board_points", board[0][0].value, 0.8))
    return claims


def _each_of_cards(s: Sentence, run: list[NumberSpan]) -> bool:
    """Is ``run`` one number said twice before the cards it counts, to each player ("প্রত্যেককে পাঁচ-পাঁচটি তাস"): a
    hand, not the deal's packets? ("তিন-তিনখানি তাস দুইবার দেওয়া হয়" names no "each": packets, a review.)"""
    return (len({n.value for n in run}) == 1 and bool(s.cues("each")) and not _by_packets(s, run)
            and bool(_CARDS_NEXT.match(s.after(run[-1].end))))


def _by_packets(s: Sentence, run: list[NumberSpan]) -> bool:
    """Is ``run`` one bare number said twice and then "করে" ("৪-৪ করে তাস দেওয়া হয়", dealt four at a time): the
    deal's packets, not a hand (a hostile tester)? "পাঁচ-পাঁচটি করে", with a counter, is five each (a review)."""
    return (len({n.value for n in run}) == 1 and not _COUNTER.search(run[-1].surface)
            and bool(_AT_A_TIME.match(s.after(run[-1].end))))


_CARDS_NEXT = regex.compile(r"\s*(?:(?:করে|করিয়া|কৰি)\s+)?(?:তাস|তাচ|কার্ড|পাত)(?![\p{L}\p{M}])")
_COUNTER = regex.compile(r"(?:টি|টা|খানি|খানা|খান|খন)$")
_AT_A_TIME = regex.compile(r"\s*(?:করে|করিয়া|করি|ক'রে|কৰি)(?![\p{L}\p{M}])")


def deal_pattern(s: Sentence, game: str) -> list[Claim]:
    """Packets of the deal: "তিন, দুই ও তিনটি করে বাঁটা হয়" is 3-2-3, "প্রথমে দুইখানি, পরে তিনখানি ও
    তিনখানি" is 2-3-3, "তিন-তিনটি ব্যাচে" is 3-3."""
    if not s.has("cards"):
        return []  # "ছেলেটি প্রথমে দুটি, তারপর তিনটি, সর্বশেষে তিনটি লাড্ডু পায়" (a review)
    claims = [_claim(s, game, "deal_pattern", "-".join(str(n.value) for n in run), 0.7) for run in _deal_runs(s)
              if not _each_of_cards(s, run)]
    if not claims and (rounds := _rounds(s)):
        packet, times = rounds[0]
        claims.append(_claim(s, game, "deal_pattern", "-".join([str(packet.value)] * times.value), 0.7))
    return claims


def _rounds(s: Sentence) -> list[tuple[NumberSpan, NumberSpan]]:
    """A deal in rounds of one size, as (packet, rounds): "তিনখানা করে দুই দফায় … পায়" is two packets of three
    (only where cards are dealt: "একটি করে দুই বারে দেখানো হয়" shows them)."""
    if not s.has("receive"):
        return []
    return [(a, b) for a, b in itertools.pairwise(s.free_numbers())
            if 1 <= a.value <= 5 and 2 <= b.value <= 4 and _ROUNDS.match(s.after(b.end, 16))
            and _EACH_TIME.fullmatch(s.text[a.end - s.start : b.start - s.start])]


_BATCHES = regex.compile(r"\s*(?:ব্যাচে|ব্যাচ|দফায়|দফায়|দফাতে|কিস্তিতে|প্যাকেটে|বাৰত|বাৰে|বারে)(?![\p{L}\p{M}])")
_EACH_TIME = regex.compile(r"\s*(?:টি|টা|খানি|খানা)?\s*(?:করে|করিয়া|কৰি)\s*")  # "N each"
_ROUNDS = regex.compile(r"\s*(?:দফায়|দফা|বারে|কিস্তিতে|কিস্তিত|বাৰত|বাৰে)")  # "in M rounds"


# Between the packets of a deal: "তিন, দুই ও তিন", "প্রথমে তিনখানি, অতঃপর পুনরায় তিনখানি", "আগে তিনটি, তারপর দুটি"
_PACKET_GAP = regex.compile(r"\s*(?:টি|খানি|টা|টে|খানা|কৈ)?\s*(?:(?:,|ও|আৰু|এবং|আর|-|\+|পরে|তারপর|অতঃপর|পুনরায়|আবার"
                         r"|সর্বশেষে|শেষে|শেষত|আকৌ|তাৰ পাছত|তাৰপিছত|পাছত|পিছত"
                         r"|(?:পরের|দ্বিতীয়|তৃতীয়|শেষ|পিছৰ) (?:দফায়|দফাতে|দফাত|বারে|বাৰত))\s*)*")  # a blind set


# Between two packets "N each" clauses apart: "প্ৰথমে তিনিখনকৈ তাচ বিলোৱা হয়, তাৰ পিছত তুৰুপ খুলি আকৌ দুখনকৈ"
# (session 13's blind set): "then" and at most six more words
_THEN_GAP = regex.compile(r"(?:(?!।)\S*\s+){0,6}?(?:পরে|তারপর|অতঃপর|তাৰ পিছত|তাৰ পাছত|তাৰপিছত|পাছত|পিছত)[\s,]+"
                          r"(?:(?!।)\S*\s+){0,4}?")
_EACH_AFTER = regex.compile(r"\s*(?:করে|করিয়া|কৰি)(?![\p{L}\p{M}])")


_DRAWS = regex.compile(r"তোলে|তোলা|তুলে|তুলি|টানে|টেনে|তোলৈ|উঠায়|উঠাইয়া")
_AGAIN = regex.compile(r"(?:আবার|আকৌ|পুনরায়|পুনৰ)\s+$")


def _deals_after(s: Sentence, n: NumberSpan) -> bool:
    """Is the packet ``n`` dealt (a word of giving after it in its clause), not drawn from the stock ("তারপর
    প্রতি পিঠের শেষে একটি করে তাস তোলে", a review)?"""
    clause = s.text[n.end - s.start :].split(",")[0].split("।")[0]
    again = _AGAIN.search(s.text, 0, n.start - s.start)  # "তারপর তুরুপ খুলে আবার দুটি করে"
    return bool(again or cue_patterns()["receive"].search(clause)) and not _DRAWS.search(clause)


def _each(s: Sentence, n: NumberSpan) -> bool:
    """Is ``n`` said as "N each" (তিনিখনকৈ, তিনটি করে)?"""
    return n.surface.endswith("কৈ") or bool(_EACH_AFTER.match(s.text, n.end - s.start))


def _deal_runs(s: Sentence, listed: bool = False) -> list[list[NumberSpan]]:
    """The runs of two or more small numbers in a sentence about dealing: the packets of a deal. With
    ``listed``, only the runs joined by a comma or a word (ও, পরে …), which are no hand size; a number said
    twice ("পাঁচ-পাঁচটি", "৩ ৩ খানি") also means "five each", which may be one."""
    if not s.has("receive") and "ব্যাচ" not in s.text and "দফা" not in s.text:
        return []
    small = [n for n in s.free_numbers() if 1 <= n.value <= 5]
    runs: list[list[NumberSpan]] = []
    joined: list[bool] = []  # each run: joined by more than a space or hyphen somewhere
    for n in small:
        gap = s.text[runs[-1][-1].end - s.start : n.start - s.start] if runs else ""
        then = runs and _each(s, runs[-1][-1]) and _each(s, n) and _THEN_GAP.fullmatch(gap) and _deals_after(s, n)
        if runs and (_PACKET_GAP.fullmatch(gap) or then):
            runs[-1].append(n)
            joined[-1] = joined[-1] or not regex.fullmatch(r"[\s\-]*", gap)
        else:
            runs.append([n])
            joined.append(False)
    return [run for run, j in zip(runs, joined, strict=True) if len(run) >= 2 and (j or not listed)]


_COUNTED_AS = regex.compile(r"ধরা|গণ্য")
_BEFORE_COUNTED_AS = regex.compile(r"\s*(?:পয়েন্ট|ফোটা|পইণ্ট)?\s*(?:ধরা|গণ্য)")


def card_values(s: Sentence, game: str) -> list[Claim]:
    """Card points: a list of ranks aligned to a list of values ("ক্রম গোলাম, নহলা, … যাদের মূল্য 20,
    14, …"), or each rank followed by its value ("টেক্কার মূল্য ১১, দহলার ১০"). "তুরুপে" before the
    ranks makes them trump values, "অন্য রঙে" plain; without either they are plain values."""
    if not s.has("value") and not any(rank for _, rank in s.ranks()):
        return []
    if s.has("marriage") or (any(s.has(c) for c in _ROEM_CUES) and roem(s, game)):
        return []
    ranks = s.ranks()
    # a value is a bare number ("১১", "তিন পয়েন্ট"); "তিনটি তুরুপ", "দুটি ট্রিক" count things; "টেক্কার চেয়ে এক
    # কম" is a difference, no value
    # "নহলার মূল্য ১৪ নয়, ২০": the value the text corrects is none
    # "টেক্কাকে এগারো ধরা হয়" (counted as): with no other word for value, only a number right before it is one
    counted_as = s.has("value") and all(_COUNTED_AS.match(s.text, a - s.start) for a, _ in s.cues("value"))
    numbers = [n for n in s.free_numbers() if n.value <= 25 and not has_classifier(n) and _points(s, n)
               and not (_MORE_OR_LESS.match(s.after(n.end, 20)) and _THAN.search(s.text, 0, n.start - s.start))
               and not _CORRECTED.match(s.text, n.end - s.start)
               and not (counted_as and not _BEFORE_COUNTED_AS.match(s.text, n.end - s.start))]
    numbers = sorted(numbers + _zeros(s, ranks), key=lambda n: n.start)
    if not ranks or not numbers:
        return []
    if not s.has("value") and len(ranks) < 3:
        return []
    trump = s.cues("trump")
    plain = s.cues("plain")

    trump = [(a, b) for a, b in trump if not any(pa <= a < pb for pa, pb in plain)]  # "যে রং তুরুপ নয়"
    if by_column := _table_values(s, game, ranks, numbers):
        return by_column

    def suit_at(pos: int) -> str:
        last_trump = max((a for a, _ in trump if a <= pos), default=-1)
        last_plain = max((a for a, _ in plain if a <= pos), default=-1)
        return "trump" if last_trump > last_plain else "plain"

    pairs = _rank_value_pairs(s, ranks, numbers)
    return [
        _claim(s, game, "card_value", n.value, 0.85 if len(pairs) > 1 else 0.75, rank=r, suit=suit_at(t.start))
        for (t, r), n in pairs
    ]


def _table_values(s: Sentence, game: str, ranks: list[tuple[TermSpan, str]], numbers: list[NumberSpan]
                  ) -> list[Claim]:
    """Card values in a table whose header row names the suits over its columns of values ("| তাস | তুরুপে | অন্য রঙে
    |", or columns set apart by spaces): each row's rank, and in each such column its value for that suit (a hostile
    tester's trump column had been read as the plain values). The header may open the sentence or stand before it."""
    lines = [(m.start() + s.start, m.group()) for m in _ROW.finditer(s.text)]
    heads = [ln for _, ln in lines] + [ln for ln in s.before.split("\n")[-3:] if not _RULE_ROW.fullmatch(ln)][::-1]
    suits = next((h for ln in heads if len(h := [_column_suit(ln[a:b]) for a, b in _cells(ln)]) > 2
                  and "trump" in h and "plain" in h), None)
    if suits is None:
        return []
    claims = []
    for at, line in lines:
        row = _cells(line)
        if len(row) != len(suits):
            continue
        rank = next((r for t, r in ranks if at + row[0][0] <= t.start < at + row[0][1]), None)
        for (a, b), suit in zip(row, suits, strict=True):
            n = next((n for n in numbers if at + a <= n.start < at + b), None)
            if rank and suit and n is not None:
                claims.append(_claim(s, game, "card_value", n.value, 0.85, rank=rank, suit=suit))
    return claims


def _column_suit(head: str) -> str:
    """The suit a table's column head names: trump, plain (the other suits: "অন্য রঙে", "সাধারণ") or none."""
    if cue_patterns()["plain"].search(head) or (_PLAIN_HEAD.search(head) and not cue_patterns()["trump"].search(head)):
        return "plain"
    return "trump" if cue_patterns()["trump"].search(head) else ""


def _cells(line: str) -> list[tuple[int, int]]:
    """The spans of a table row's cells: between bars, or set apart by a tab or two spaces or more."""
    if line.count("|") >= 2:
        bars = [m.start() for m in regex.finditer(r"\|", line)]
        spans = list(itertools.pairwise([-1, *bars, len(line)]))
        return [(a + 1, b) for a, b in spans if line[a + 1 : b].strip()]
    return [m.span() for m in regex.finditer(r"\S+(?: \S+)*", line)] if regex.search(r"\S(?:\t| {2,})\S", line) else []


_ROW = regex.compile(r"[^\n]+")
_RULE_ROW = regex.compile(r"[\s|:\-–—]*")  # a table's rule, "|---|---|", or nothing
# Over the column of the other suits' values, a word for "ordinary", "other" or "rest" alone will do
_PLAIN_HEAD = regex.compile(r"সাধারণ|অন্য|বাকি|বাকী|সাধাৰণ")


# A value said relative to another card's: "টেক্কার চেয়ে এক কম", "বিবিতকৈ দুই বেছি" (no value of its own).
_THAN = regex.compile(r"চেয়ে|চাইতে|অপেক্ষা|তকৈ")
_MORE_OR_LESS = regex.compile(r"\s*(?:পয়েন্ট|ফোটা)?\s*(?:কম|বেশি|বেশী|বেছি|অধিক)(?![\p{L}\p{M}])")
_MARRIAGE_WORD = regex.compile(r"বিবাহ|বিয়ে|বিয়া|মেরেজ|marriage", regex.IGNORECASE)


def _zeros(s: Sentence, ranks: list[tuple[TermSpan, str]]) -> list[NumberSpan]:
    """"শূন্য" (zero) as a card's value, right after its rank ("নহলার শূন্য", "নহলার মূল্য শূন্য"); elsewhere it is
    "empty" (শূন্য ঘর), so the number tables leave it out."""
    out = []
    for m in _ZERO.finditer(s.text):
        at = s.start + m.start()
        if any(0 <= at - t.end <= 12 and _ZERO_AFTER_RANK.fullmatch(s.text, t.end - s.start, m.start())
               for t, _ in ranks):
            out.append(NumberSpan(at, at + len(m.group()), m.group(), 0))
    return out


_ZERO = regex.compile(r"(?<![\p{L}\p{M}])(?:শূন্য|শুন্য)(?![\p{L}\p{M}])")
_ZERO_AFTER_RANK = regex.compile(r"\s*[—–:\-]?\s*(?:মূল্য|মুল্য|মান)?\s*[—–:\-]?\s*")
# "each" after a value that a list of ranks shares ("টেক্কা ও দহলার এক করিয়া", a newcomer; Assamese "এক কৈ"): without
# it, one value after several ranks is whose it is unknown ("টেক্কা ও দহলার দাম এক" may say "the same"). The ranks
# are "of" (টেক্কা ও দহলার) where "each" is also the verb "makes" (করে, করি), and nothing makes them one: "টেক্কা
# ও দহলা মিলিয়া একুশ ফোটা করে" (together they make 21) gives no value of either (two reviews: করিয়া after plain
# names, "টেক্কা ও দহলা দশ ফোটা করিয়া পায়", is "each").
_OF = regex.compile(r"(?:র|ৰ)$")
_MAKES = frozenset({"করে", "করি"})
_TOGETHER = regex.compile(r"মিলিয়া|মিলে|মিলি|একত্রে|একত্র|একসঙ্গে|একসাথে|একেলগে|থাকিলে|থাকলে|থাকে|দুইখানিতে|দুটিতে")
_EACH = regex.compile(r"\s*(?:পয়েন্ট|ফোটা|ফোঁটা)?\s*(করিয়া|করে|ক'রে|করি|কৰি|কৈ)(?![\p{L}\p{M}])")
_LIST_GAP = regex.compile(r"(?:[\s,]|\bও\b|\bএবং\b|\bআর\b|\bবা\b|\bআৰু\b)*")  # between the ranks of one list


def _rank_value_pairs(s: Sentence, ranks: list, numbers: list) -> list:
    """Ranks paired with their values, in text order: each list of ranks (joined by commas, ও, এবং, আর) with
    the run of values right after it, one to one ("গোলাম, নহলা ও টেক্কার মূল্য 20, 14 ও 11"; "গোলামের মূল্য
    20, নহলা ও টেক্কার 14 ও 11"). A list whose run is longer or shorter is left out, since which value is
    whose is unknown ("গোলাম, নহলা ও টেক্কার মূল্য 20 ও 14"), but for a single rank, which takes the first
    value after it ("টেক্কার মূল্য ১১"). A number listed among ranks is a rank itself (the দশ of
    "টেক্কা, দশ, সাহেব"), not a value; one right after its rank ("দহলার ১০, সাহেবের ৪") is that rank's value."""
    def joined(a: int, b: int) -> bool:
        return _LIST_GAP.fullmatch(s.text, a - s.start, b - s.start) is not None

    def listed(a: int, b: int) -> bool:  # joined by a comma or a conjunction, not a space alone ("দহলার ১০")
        return joined(a, b) and bool(s.text[a - s.start : b - s.start].strip())

    items = sorted([(t.start, t.end, (t, r)) for t, r in ranks] + [(n.start, n.end, n) for n in numbers],
                   key=lambda x: x[0])
    for k in range(1, len(items) - 1):  # a number between two ranks of one list names a rank
        (_, pe, prev), (a, b, item), (na, _, nxt) = items[k - 1], items[k], items[k + 1]
        if isinstance(prev, tuple) and isinstance(nxt, tuple) and not isinstance(item, tuple) \
                and 2 <= item.value <= 10 and listed(pe, a) and listed(b, na):
            items[k] = (a, b, (item, str(item.value)))
    groups: list[tuple[list, list]] = []  # (a list of ranks, the values right after it)
    last_end = None
    for start, end, item in items:
        if isinstance(item, tuple):
            if groups and not groups[-1][1] and last_end is not None and joined(last_end, start):
                groups[-1][0].append(item)
            else:
                groups.append(([item], []))
        elif groups:
            groups[-1][1].append(item)
        last_end = end
    pairs = []
    for group, values in groups:
        if len(group) == len(values) or (len(group) == 1 and values):
            pairs += zip(group, values, strict=False)  # a single rank takes the first value
        elif len(values) == 1 and (each := _EACH.match(s.text, values[0].end - s.start)) \
                and (each.group(1) not in _MAKES or _OF.search(group[-1][0].surface)) \
                and not _TOGETHER.search(s.text, group[-1][0].end - s.start, values[0].start - s.start):
            pairs += [(rank, values[0]) for rank in group]  # "টেক্কা ও দহলার এক করিয়া": one each
    return pairs


def totals(s: Sentence, game: str) -> list[Claim]:
    """The card-point total ("তাসের মোট 152 পয়েন্ট") and the last-trick bonus ("শেষ ট্রিকের জন্য আরও 10")."""
    claims = []
    phrases = [(s.start + m.start(), s.start + m.end()) for m in _INCLUDING.finditer(s.text)]
    # "যোগ করিলে" (added up) is a total of the cards only where cards are named (not a month's scores)
    said: set[int] = set()
    for cs, ce in s.cues("total") + (s.cues("sum") if s.has("cards") else []):
        n = _next_number(s, ce, 20)
        if n and (not _points(s, n) or has_classifier(n) or n.start in said):
            continue  # "সব তাস একত্র করিলে ৫২ খানা" counts cards; a number read once
        if n and _includes_last_trick(s, cs, n, phrases):
            continue  # "শেষ ট্রিক ধরিয়া মোট ১৬২": the cards and the last trick together, no card total
        if n and n.value >= 50 and (s.has("value") or s.has("cards")):
            claims.append(_claim(s, game, "card_point_total", n.value, 0.8))
            said.add(n.start)
    for _, ce in s.cues("last_trick"):
        n = _next_number(s, ce, 50)
        if n and (not _points(s, n) or has_classifier(n)):
            continue  # "শেষ পিঠ সহ ৩৫ টাকা"; "শেষ পিঠের পর স্টক থেকে তিনটি তাস" counts cards
        if n and n.value <= _LAST_TRICK_MAX and not _NEGATED.match(s.after(n.end, 24)):
            claims.append(_claim(s, game, "last_trick_bonus", n.value, 0.8))
        elif not n and any(t.concept == HATER_PANCH and t.start > ce for t in s.terms):
            # "যে শেষ পিঠ পাইবে, হাতের পাঁচ তাহারই থাকিবে" (seed 000): the last trick's bonus by its name, five
            claims.append(_claim(s, game, "last_trick_bonus", 5, 0.7))
    return claims


# "including the last trick": "শেষ ট্রিক ধরিয়া", "শেষ পিঠ সহ", "শেষ ট্রিকের ১০ পয়েন্ট ধরিয়া" (ধরে "takes" and সহজ are
# no such words).
_INCLUDING = regex.compile(r"শেষ\s+(?:পিঠ|ট্রিক|হাত)\S*(?:\s+\S+){0,3}?\s+(?:ধরিয়া|সহ|সহিত|সমেত|মিলিয়ে|মিলিয়া)"
                          r"(?![\p{L}\p{M}])")


def _includes_last_trick(s: Sentence, cue: int, n: NumberSpan, phrases: list[tuple[int, int]]) -> bool:
    """Is the total at ``cue`` (its number ``n``) one with the last trick in it: the phrase just before the
    total, or just after its number with no number of its own after it ("মোট ১৬২, শেষ ট্রিক ধরিয়া"; but in
    "মোট ১২০, শেষ পিঠের দশ সহিত ১৩০" the phrase is the 130's)?"""
    for a, b in phrases:
        if 0 <= cue - b <= 40:
            return True
        if 0 <= a - n.end <= 30 and not regex.match(r"\s*[\p{Nd}]", s.after(b, 8)):
            return True
    return False


def marriages(s: Sentence, game: str) -> list[Claim]:
    """Marriage values: "সাধারণ রঙে ২০, তুরুপে ৪০"; a value after a trump word is the trump marriage."""
    marks = s.cues("marriage")
    if not marks or s.has("stuk"):  # Klaverjas's king and queen of trumps are a roem (roem())
        return []
    claims = []
    prev = s.start
    for n in s.free_numbers():
        if not _points(s, n):
            continue  # "বিয়ের পর ২০ বছর", "বিয়েতে ৮০ জন অতিথি"
        if n.value not in _MARRIAGE_RANGE and not (
                n.value in _MARRIAGE_WIDE and any(0 <= n.start - e <= _MARRIAGE_NEAR for _, e in marks)
                and _POINT_WORD.match(s.text, n.end - s.start)  # "বিবাহে ষাট ফোঁটা", not "বিয়ের ৬০ দিন"
                and not any(s.has(c) for c in ("last_trick", "win", "lose", "total"))):
            continue
        # a value named before the marriage must follow its suit: "তুরুপে ৪০, অন্য রঙে ২০ — ইহাই সাহেব-বিবির মূল্য"
        i = n.start - s.start
        if n.start < marks[0][0] - 20 and not _SUIT_BEFORE.search(s.text, max(0, i - 16), i):
            continue
        between = s.text[prev - s.start : n.start - s.start]
        if not (claims and _CORRECTED.fullmatch(between)):  # "তুরুপের বিবাহ ৪০ নহে, ২০": the same suit's value
            plain_here = any(prev <= a < n.start for a, _ in s.cues("plain"))  # "তুরুপ নয় এমন রঙের কিং ও কুইন"
            suit = "trump" if regex.search(r"তুরুপ|তুৰুপ|ট্রাম্প", between) and not plain_here else "plain"
        if suit == "trump" and game.startswith("klaverjas") and not _MARRIAGE_WORD.search(s.text):
            # the trump king and queen together are Klaverjas's stuk (but a marriage named so is a marriage)
            claims.append(_claim(s, game, "roem_value", n.value, 0.75, kind="stuk"))
        else:
            claims.append(_claim(s, game, "marriage_value", n.value, 0.8, suit=suit))
        prev = n.end
    return claims


# After a bonus: points, or the word roem itself ("কুড়ি 'রুম' মেলে", session 13's blind set)
_ROEM_POINTS = regex.compile(r"\s*(?:টি|টা)?\s*['‘’\"]?(?:পয়েন্ট|ফোটা|ফোঁটা|পইণ্ট|নম্বৰ|রুম|ৰুম|রোয়েম|ৰোয়েম|ৰোৱেম|রোম|roem)")
# Words of a bonus won in a trick: roem is scored for what falls in one trick (seed 003)
_ROEM_CONTEXT = regex.compile(r"রোম|রুম|রোয়েম|ৰোয়েম|ৰোৱেম|roem|পিঠ|ট্রিক|ট্ৰিক|বোনাস|স্টুক|stuk|পিট|pit|তুরুপের সাহেব")


def roem(s: Sentence, game: str) -> list[Claim]:
    """Klaverjas bonuses: stuk, pit, four jacks, runs of three and four, four of a kind (seed 003)."""
    claims = []
    starts = sorted(a for cue in _ROEM_CUES for a, _ in s.cues(cue))
    for cue, kind in (("four_jacks", "four_jacks"), ("stuk", "stuk"), ("pit", "pit"), ("run3", "run3"),
                      ("run4", "run4"), ("four_kind", "four_of_a_kind")):
        if kind in ("four_jacks", "run3", "run4") and not _ROEM_CONTEXT.search(s.text):
            continue  # "জমিদারের চারিটি গোলাম ছিল" (slaves), "পরপর তিন তাস খেলার পর" (a review)
        least = 50 if kind in ("four_jacks", "four_of_a_kind") else 10
        for _, ce in s.cues(cue):
            # the bonus is the number said as points after the cue ("পরপর চারখানা তাস এক পিঠে পড়লে একশো পয়েন্ট"), else
            # the next number ("(৭ হইতে ১০)" names ranks); before the next bonus named ("তিনটি ক্রমিক তাসে ২০ আর চারটি
            # ক্রমিক তাসে ৫০ রোম", a hostile tester: the run of three had taken 50)
            stop = next((a for a in starts if a >= ce), s.end)
            n = next((n for n in s.free_numbers() if n.start >= ce and s.reach(ce, n.start) <= 60
                      and _ROEM_POINTS.match(s.text, n.end - s.start)), None) or _next_number(s, ce, 40)
            if n and n.start >= stop:
                n = _next_number(s, ce, 40)
                n = n if n and n.start < stop else None
            if n and (n.value < least or not _points(s, n)):
                continue
            if n and not (kind == "four_of_a_kind" and s.has("total")):  # "চারটি টেক্কার প্রত্যেকটির মূল্য ১১"
                claims.append(_claim(s, game, "roem_value", n.value, 0.75, kind=kind))
                break
    return claims


def deals_per_game(s: Sentence, game: str) -> list[Claim]:
    """Deals in a game: "একটি খেলা ১৬ দানে শেষ হয়", "এইরূপ আঠ দফা খেলা হইলে এক বাজী"."""
    # "১০০ টাকা দান করল" (gave as alms), Assamese "৯ বাজি ৩০ মিনিট" (nine o'clock) count no deals (a review)
    return [_claim(s, game, "number_of_deals", n.value, 0.7) for n, _ in _counted(s, "deals", 6)
            if n.value > 1 and _points(s, n) and not _CLOCK.match(s.text, n.end - s.start)]


_CLOCK = regex.compile(r"\s*বাজি\s*[\p{Nd}]+\s*মিনিট|\s*বাজি(?:ত|লৈ)?(?![\p{L}\p{M}])(?=.{0,12}(?:ৰাতি|পুৱা|সন্ধিয়া|মিনিট))")


_CLAUSE = regex.compile(r",|;|\sবা\s|\sঅথবা\s")


def _clauses(s: Sentence) -> list[tuple[int, int]]:
    """Text offsets of the clauses of a sentence (split at commas and "or")."""
    cuts = [s.start, *(s.start + m.start() for m in _CLAUSE.finditer(s.text)), s.end]
    return [(a, b) for a, b in itertools.pairwise(cuts) if b > a]


# A deal's winning score is below this; more is a match's target, played to over many deals (pagat: Klaverjas to 1500)
_MATCH_TARGET = 500
_PART_OF = regex.compile(r"\s*(?:টি|টা)?\s*(?:পয়েন্ট|ফোটা|ফোঁটা)?(?:ের|এর|র)?\s*(?:অর্ধেক|অর্ধ|আধা|অৰ্ধেক|অর্দ্ধেক)")
# "before the other side reaches 33" is a schneider's condition ("প্রতিপক্ষ ৩৩ পয়েন্ট পাওয়ার আগেই …", a hostile tester)
_BEFORE_REACHING = regex.compile(r"(?:পাওয়ার|পাওয়ার|পাইবার|পাবার|তোলার|তুলিবার|হওয়ার|হবার)\s+(?:আগেই|আগে|পূর্বেই|পূর্বে)")


def winning(s: Sentence, game: str) -> list[Claim]:
    """Winning threshold ("যে আগে ৬৬ পয়েন্ট পায় সে জেতে") and the game points of each outcome, clause by
    clause: "৩৩-এর কম পেলে … ২ গেম পয়েন্ট" (schneider, and its threshold), "একটিও পিঠ না পেলে ৩" (schwarz).
    A sentence about a wrong claim (ভুল) states penalties, not the game points of a won deal."""
    claims = []
    cues = s.cues("game_points") or _implied_game_points(s)
    if cues:
        if s.has("wrong"):
            return []
        first_cue = cues[0][0]
        parts = []
        for a, b in _clauses(s):
            numbers = [n for n in s.numbers if a <= n.start < b]
            clause = Sentence(a, b, s.text[a - s.start : b - s.start], s.terms, numbers)
            # "ছয় দানে খেলা শেষ হয়; প্রতি দানে বিজয়ী ১ গেম পয়েন্ট": the six deals come before the points;
            # "একজন খেলোয়াড়" (one player) counts people, not game points; "একটিও পিঠ" is "not one trick"; game
            # points are 1 to 3 in the seeds' games, and a text may say 4 or 5 wrongly
            small = [n for n in clause.free_numbers() if 1 <= n.value <= _GAME_POINTS_MAX
                     and not _COUNTS_PEOPLE.search(n.surface) and not n.surface.endswith("ও")
                     and not _PLAYERS.match(s.text, n.end - s.start)] if b > first_cue else []
            short = clause.has("less_than") or (_BEFORE_REACHING.search(clause.text)
                                                and any(20 <= n.value < 60 for n in clause.free_numbers()))
            condition = "schwarz" if clause.has("no_trick") else "schneider" if short else None
            parts.append((clause, small, condition))
        # a condition in a clause of its own is that of the clause with points after it ("যদি প্রতিপক্ষ একটিও পিঠ
        # না পায়, তবে বিজয়ী তিন পয়েন্ট পায়"), or, with none after it, before it ("তিন পয়েন্ট পায় বিজয়ী, যদি …")
        lent: dict[int, tuple[Sentence, str]] = {}
        for j, (part, small, condition) in enumerate(parts):
            if condition and not small:
                after = next((k for k in range(j + 1, len(parts)) if parts[k][1]), None)
                before = next((k for k in range(j - 1, -1, -1) if parts[k][1]), None)
                target = after if after is not None else before
                if target is not None and parts[target][2] is None:
                    lent.setdefault(target, (part, condition))
        for k, (clause, small, condition) in enumerate(parts):
            if not small:
                continue
            where = clause
            if condition is None and k in lent:
                where, condition = lent[k]
            outcome = condition or "normal"
            claims.append(_claim(s, game, "game_points", small[-1].value, 0.7, outcome=outcome))
            if outcome == "schneider":
                big = [n for n in where.free_numbers() if n.value >= 10]
                if big:
                    claims.append(_claim(s, game, "schneider_threshold", big[0].value, 0.7))
        return claims
    if s.has("schneider") and (marks := [n for n in s.free_numbers() if 10 <= n.value < 66 and (
            _SHORT_OF.match(s.after(n.end, 24)) or _NOT_REACHED.match(s.text, n.end - s.start))]):
        # "হেরে যাওয়া খেলোয়াড় ৪০ পয়েন্ট না পেলে শ্নাইডার হয়": the mark, named without game points (a newcomer)
        return [_claim(s, game, "schneider_threshold", marks[0].value, 0.7)]
    if s.has("win") or s.has("lose"):
        # "৩০ পয়েন্টের কম পায়": a score short of a mark (a schneider's), not the score that wins; "বিজয়ী বিবাহে
        # ৪০ পায়": a marriage's value. Points said, or a score reached ("৬১ উঠলেই জিতে গেলি", a blind set)
        # nor a total of which a part wins ("১৬২ পয়েন্টের অর্ধেকের বেশি"), nor a match's target ("১৫০০ পয়েন্ট"; a hostile
        # tester's were contradicted as a deal's)
        big = [n for n in s.free_numbers() if _MATCH_TARGET > n.value >= 30 and not _SHORT_OF.match(s.after(n.end, 24))
               and not _PART_OF.match(s.text, n.end - s.start)
               and _points(s, n) and (s.has("value") or _REACHED.match(s.text, n.end - s.start))
               and not (n.value in _MARRIAGE_RANGE and any(0 <= n.start - e <= 15 for _, e in s.cues("marriage")))]
        if big:
            claims.append(_claim(s, game, "winning_threshold", big[0].value, 0.7, **_declared(s, big[0])))
    elif s.has("must_show") and not _KABAR.search(s.text) and not marriages(s, game) and not roem(s, game):
        # "দুই কুড়ি সাত ফোটা, উভয় পক্ষকেই দেখাইতে হইবে": the score a side must show in ফোটা, Grabu's points, said
        # without winning or losing (seed 000's Grabu and Bisti); a score to show to make a declaration good (কাবার)
        # is not the deal's, nor are the পয়েন্ট of a marriage or roem shown in Sixty-Six or Klaverjas (a review)
        shown = [n for n in s.free_numbers() if n.value >= 20 and _points(s, n) and n.start < s.cues("must_show")[0][0]
                 and any(0 <= s.reach(n.end, t.start) <= 3 for t in s.terms if t.headword == PHOTA)]
        if shown:
            claims.append(_claim(s, game, "winning_threshold", shown[0].value, 0.7, **_declared(s, shown[0])))
    return claims


_KABAR = regex.compile(r"কাবা[রয]")
PHOTA = "ফোটা"  # Grabu's and Bisti's word for a point (score.point), its OCR forms ফোট, ফেঁটি linked to it
# Grabu's declarations (seed 000): a threshold that depends on them says "যদি কোন পক্ষে বিস্তি থাকে"
_DECLARATIONS = {"meld.istak": "istak", "meld.bisti": "bisti", "meld.panchash": "panchash"}  # not the game বিস্তি
_IF = regex.compile(r"(?<![\p{L}\p{M}])(?:যদি|যদিও)(?![\p{L}\p{M}])")
_NOT_HELD = regex.compile(r"না\s+(?:থাকে|থাকিলে|থাকলে)")
_AGAINST = regex.compile(r"(?<![\p{L}\p{M}])(?:বিপক্ষ|বিরুদ্ধ|অপর|প্রতিপক্ষ)")


def _declared(s: Sentence, n: NumberSpan) -> dict[str, str]:
    """The declarations a threshold ``n`` is set by, as ``{"when": …}``: those a "যদি" clause before it names
    held ("যদি কোন পক্ষে ইস্তক, বিস্তি থাকে": ``istak_bisti``), by the other side when the score is asked of
    the side against them ("বিপক্ষপক্ষকে চারি কুড়ি সাত ফোটা": ``against_istak_bisti``), or none held
    ("যদি কাহারও বিস্তি আদি না থাকে": ``no_declaration``); empty when no clause names one. Seed 000 gives 47, 60,
    87 and 50 for these (and 67, where OCR damaged the verb)."""
    ifs = [s.start + m.start() for m in _IF.finditer(s.text, 0, n.start - s.start)]
    if not ifs:
        return {}
    named = [_DECLARATIONS[t.concept] for t in s.terms if ifs[0] <= t.start < n.start and t.concept in _DECLARATIONS]
    if not named:
        return {}
    if _NOT_HELD.search(s.text, ifs[0] - s.start, n.start - s.start):
        return {"when": "no_declaration"}
    held = "_".join(d for d in ("istak", "bisti", "panchash") if d in named)
    last = max(t.end for t in s.terms if ifs[0] <= t.start < n.start and t.concept in _DECLARATIONS)
    against = _AGAINST.search(s.text, last - s.start, n.start - s.start)
    return {"when": f"against_{held}" if against else held}


# A score reached, right after its number: "তুলতে পারলেই", "উঠলেই", "পৌঁছালে", Assamese "গোটালে"
_REACHED = regex.compile(r"[^\S\n]+(?:তুল|তোল|উঠ|ওঠ|পৌঁছ|ছুঁ|গোট|হলেই|হইলেই)[\p{L}\p{M}]*")


def _implied_game_points(s: Sentence) -> list[tuple[int, int]]:
    """Points that are game points though the text does not say "গেম": a few points for the winner of a deal
    in which the loser took no trick or fell short ("একটিও পিঠ না পাইলে বিজয়ী চারি পয়েন্ট পায়", old books),
    as cue spans."""
    if not (s.has("win") and (s.has("no_trick") or s.has("less_than"))):
        return []
    return [(n.start, n.end) for n in s.free_numbers()
            if 1 <= n.value <= _GAME_POINTS_MAX and _POINTS_AFTER.match(s.after(n.end, 16))
            and not _SHORT_OF.match(s.after(n.end, 24)) and not _PER.search(s.text, 0, n.start - s.start)]


_POINTS_AFTER = regex.compile(r"\s*(?:টি)?\s*(?:পয়েন্ট)")
_PER = regex.compile(r"প্রতি\S*\s+(?:পিঠ|ট্রিক|তাস|কার্ড)\S*\s+জন্য\s*$")  # "প্রতি পিঠের জন্য এক পয়েন্ট": per trick
# After a number, "less than": "৩০ পয়েন্টের কম", "৩৩-এর কম", "৩৩ এর নিচে".
_SHORT_OF = regex.compile(r"\s*(?:টি|টা)?\s*(?:পয়েন্ট|ফোটা|ফোঁটা)?\s*-?\s*(?:এর|ের|র)?\s*(?:কম|নিচে|নীচে|ন্যূন)"
                          r"(?![\p{L}\p{M}])(?!\s*(?:নয়|নহে|না)(?![\p{L}\p{M}]))")  # not "কমপক্ষে", "কম নয়"
# After a number, "did not get" it: "৪০ পয়েন্ট না পেলে" (a mark, not a score: "২৫ ফোটা পাইয়াছে" tells a game)
_NOT_REACHED = regex.compile(r"\s*(?:টি|টা)?\s*(?:পয়েন্ট|ফোটা|ফোঁটা)?\S*\s+(?:(?:\S+তে\s+)?না\s+"
                          r"(?:পেলে|পাইলে|পায়|পান|পৌঁছা|পারে|পারিলে|পারলে)"  # "ত্রিশও তুলিতে না পারে"
                          r"|(?:পৌঁছ|পৌছ|ছোঁয়|ছোঁয়|ছুঁ|পাওয়ার|পাওয়ার|পাইবার|তোলার)\S*\s+আগে)")  # "before reaching 33"
# After a number of people: "দুজন খেলোয়াড়", "দুজনে", "দুইজন লোকে খেলে" (seed 000), "দুজন খেলুৱৈৰ".
# People count as players only in a sentence about playing ("বলে উঠলাম তিনজনে" is no rule; a review)
_PLAYS = regex.compile(r"খেল|খেলুৱৈ")
_PLAYERS = regex.compile(r"\s*জন(?:ে|ের|ৰ)?\s*(?:(?:লোক|ব্যক্তি|মানুহ)\S*\s*)?(?:খেলোয়াড়|খেলুৱৈ|খেল|ে|ের|ৰ)")
_COUNTS_PEOPLE = regex.compile(r"জন(?:ে|ের|ৰ|কে)?$")


def players(s: Sentence, game: str) -> list[Claim]:
    """Number of players: "দুজনের তাসের খেলা", "চারজনে দুই জুটিতে খেলে", "দুজন খেলুৱৈৰ"."""
    for n in s.free_numbers():
        people = n.surface.rfind("জন")  # the number may hold জন and its ending: দুইজনে, দুজনের
        tail = s.text[n.start - s.start + people if people >= 0 else n.end - s.start :]
        if 2 <= n.value <= 6 and _PLAYERS.match(tail) and _PLAYS.search(s.text):
            return [_claim(s, game, "players", n.value, 0.6)]
    return []


# "must capture": a verb of capturing with "must", or the word "compulsory" (seed 004: বন্দী কৰাটো বাধ্যতামূলক)
# Right after a word, "not": "ইচ্ছাধীন নয়", "হারে না"
_IS_NOT = regex.compile(r"\s*(?:না|নয়|নহে|নহয়|নন|নাই)(?![\p{L}\p{M}])")
_MUST_CAPTURE = regex.compile(r"(?:কাটিব|কাটিতে|ধৰিব|ধরিতে|কাটতে|ধরতে|খেতে|খাইতে|মাৰিব)\S*\s*(?:ই\s*)?(?:লাগিব|হবে|হইবে|লাগে)"
                           r"|বাধ্যতামূলক")
# "may capture": the rule says capturing is up to the player (a rules expert's review: "গুটি খাওয়া ঐচ্ছিক")
_MAY_CAPTURE = regex.compile(r"ঐচ্ছিক|ইচ্ছাধীন|ইচ্ছামত|ইচ্ছামতো|বৈকল্পিক"
                          r"|(?:নকটাকৈ|নকাটিকৈ|নমৰাকৈ|নধৰাকৈ|না কেটে|না কাটিয়া|না খেয়ে|না খাইয়া)\S*[^।;]*?"
                          r"(?:পাৰি|পারে|পারেন|পারিবে|পারা যায়|চলে)"  # may move on without capturing (a blind set)
                          # "need not": "কাটতে হবে না", "কাটিব নালাগে" (a newcomer; the first had read as must)
                          r"|(?:কাটিব|কাটিতে|ধৰিব|ধরিতে|কাটতে|ধরতে|খেতে|খাইতে|মাৰিব)\S*\s*(?:ই\s*)?"
                          r"(?:নালাগে|নেলাগে|নালাগিব|নেলাগিব|(?:লাগিব|হবে|হইবে|লাগে|লাগিবে)\s*না(?![\p{L}\p{M}])"
                          # "কাটতে হবে না কাটলে …": must, then "if not…" (a review); not খেলা, খেলোয়াড় (a review)
                          r"(?!\s*(?:কাট|কেট|ধর|ধৰ|মার|মাৰ|খা|খে(?!ল))\S*লে(?![\p{L}\p{M}])))"
                          # "even not capturing will do": "নাকাটিলেও হয়", "না কাটলেও চলে" (a newcomer)
                          r"|(?<![\p{L}\p{M}])(?:না\s*|ন)(?:কাট|কেট|ধৰ|ধর|মাৰ|খে|খা)\S*লেও\s*(?:হয়|চলে|হ'ব|হব)")


_NO_ONE = regex.compile(r"(?<![\p{L}\p{M}])(?:কেউ|কেহ|কোনো পক্ষ|কোনো খেলোয়াড়|কোনো খেলুৱৈ|কোনেও)(?![\p{L}\p{M}])")
_OPPONENT = regex.compile(r"প্ৰতিপক্ষ|প্রতিপক্ষ|বিপক্ষ|বিৰোধী|বিরোধী|অন্য খেলোয়াড়|আনজন")
# Duties of play (a rules expert's review): "… তুরুপ দিতেই হবে, এমনকি সঙ্গী ট্রিক জিতছেন তখনও" (seed 003, Rotterdam),
# "আপনার সঙ্গী ট্রিকটি জিতছেন এমন হলে আপনি যেকোনো তাস খেলতে পারেন" (Amsterdam).
_PARTNER_WINS = regex.compile(r"(?:সঙ্গী|সঙ্গীর|পার্টনার|সাথী|সংগী)\S*\s+(?:\S+\s+){0,2}?(?:জিত|জয়|নিচ্ছ|পাচ্ছ|পাইতেছ"
                           r"|লইতেছ|ধরে রাখ|ধরিয়া রাখ|ধরে থাক|জিকি)")
# A word of card play, so that "ট্রাম্পের সঙ্গী জিতলেও" (a politician's running mate) states no duty (a review)
_PLAY_WORD = regex.compile(r"ট্রিক|পিঠ|তুরুপ|তুৰুপ|তাস|তাচ|কার্ড")
# freedom said outright ("any card")
_DUTY_FREE = regex.compile(r"যেকোনো তাস|যে কোনো তাস|যে কোনও তাস|যেকোনও তাস|যে কোন তাস|যেকোনো কার্ড|যে কোনও কার্ড"
                           r"|না দিলেও চলে|ইচ্ছামত|(?:ঐচ্ছিক|ইচ্ছাধীন)(?!\s*(?:নয়|নহে|নহয়|নয়))")
# a duty denied inside the sentence: "রং মেলানোর দরকার নেই", "তুরুপ খেলা প্রয়োজন হয় না বলে …" (a review)
_DUTY_NOT = regex.compile(r"(?:দরকার|প্রয়োজন)\s*(?:নেই|নাই|হয় না|হবে না|পড়ে না)"
                          r"|(?:দিতে|খেলতে|করতে|মেলাতে|মেলানো|খেলিতে|দিবার|করিতে|মিলাইতে)\S*\s+(?:হয় না|হবে না|হইবে না)"
                          r"|বাধ্য(?:তামূলক)?\s*(?:নয়|নন|নহে|নহয়|ছিল না|নাছিল)"
                          r"|(?:দিব|মাৰিব|কৰিব|খেলিব|মিলাব)\S*\s+নালাগে")  # Assamese "need not" (not পাহৰিব নালাগে)
_DUTY_MUST = regex.compile(r"(?:ঐচ্ছিক|ইচ্ছাধীন)\s*(?:নয়|নহে|নহয়|নয়)"  # not optional (a review)
                           r"|(?:দিতে|খেলতে|করতে|দিতেই|খেলিতে|করিতে|দিবার|খেলিবার|মিলাইতে|মেলাতে)\S*\s+"
                           r"(?:হবে|হয়|হইবে|হইবেই)|বাধ্যতামূলক|(?:খেলিব|দিব|মিলাব|কৰিব|মাৰিব)\S*\s+লাগিব"
                           r"|প্রয়োজন|বাধ্য")


_SO_LONG = regex.compile(r"ততক্ষণ|ততদিন|ততখন|তেতিয়ালৈকে")  # "যতক্ষণ …, ততক্ষণ …": "as long as …, so long …"


def duties(s: Sentence, game: str) -> list[Claim]:
    """Duties of play: whether a player must trump while the partner wins the trick (Klaverjas: Rotterdam yes,
    Amsterdam no), and whether suit must be followed while the stock lasts (Sixty-Six: no), read in the clause
    that names the stock ("স্টক শেষ হওয়ার আগে রং মেলানোর দরকার নেই, কিন্তু স্টক শেষ হলে একই রং খেলতে হবে" is
    no). ``stated`` is yes or no."""
    if _PARTNER_WINS.search(s.text) and (s.has("trump") or _DUTY_FREE.search(s.text)) and _PLAY_WORD.search(s.text):
        quantity, where = "trump_over_partner", s.text  # the duty and the partner's trick may be clauses apart
    elif s.has("follow") and s.has("stock_open"):
        quantity = "follow_suit_while_stock"
        clauses = _clauses(s)
        has = [(any(a <= x < b for x, _ in s.cues("stock_open")), any(a <= x < b for x, _ in s.cues("follow")))
               for a, b in clauses]
        # the clause that names both, or a "while …" clause and the duty right after it ("যতক্ষণ গাদায় তাস
        # থাকিবে, ততক্ষণও … রং মিলাইয়া খেলিতে হইবে", session 13's blind set)
        both = [clauses[k] for k, (stock, follow) in enumerate(has) if stock and follow]
        so_long = [(clauses[k - 1][0], b) for k, (a, b) in enumerate(clauses)
                   if k and has[k - 1][0] and has[k][1] and _SO_LONG.search(s.text, a - s.start, b - s.start)]
        if not both + so_long:
            return []
        a, b = (both + so_long)[0]
        where = s.text[a - s.start : b - s.start]
    else:
        return []
    if _DUTY_NOT.search(where) or _DUTY_FREE.search(where):
        return [_claim(s, game, quantity, "no", 0.7)]
    if _DUTY_MUST.search(where):
        return [_claim(s, game, quantity, "yes", 0.7)]
    return []


_MOVES = regex.compile(r"চাল|খোজ|গুটি|ঘুঁটি|বিন্দু")  # a move, a piece or a point of the board


def _first_move_to(s: Sentence) -> str | None:
    """Where the first move must go, "centre" or "corner". A first move said as "প্রথম দান" (also a cricket
    innings, a batch in a recipe) needs the place in its clause and a move, a piece or a point named."""
    if not s.has("first_move") or not (s.has("centre") or s.has("corner")):
        return None
    place = "centre" if s.has("centre") else "corner"
    if any(s.text[a - s.start : b - s.start] != "প্রথম দান" for a, b in s.cues("first_move")):
        return place
    for a, b in _clauses(s):
        here = [any(a <= x < b for x, _ in s.cues(c)) for c in ("first_move", "centre", "corner")]
        if here[0] and (here[1] or here[2]) and _MOVES.search(s.text, a - s.start, b - s.start):
            return "centre" if here[1] else "corner"
    return None


def behaviour(s: Sentence, game: str) -> list[Claim]:
    """Rules without a number: the first move must go to the centre, captures are compulsory, a player
    who cannot move loses (seed 004). ``stated`` is the rule's value as a word."""
    claims = []
    if (place := _first_move_to(s)) is not None:  # a text may name the wrong point
        claims.append(_claim(s, game, "first_move_forced", place, 0.7))
    # eating captures where pieces are named ("ভাত খেতে হবে" is a meal, a review); catching and cutting (ধরা, কাটা)
    # capture pieces, or what a pronoun stands for, or nothing said ("কাটিব পৰা অৱস্থাত কাটিবই লাগিব"), not a train
    capture = s.has("prisoner") or _captures(s) or (s.has("eat") and s.has("pieces"))
    may = [m for m in _MAY_CAPTURE.finditer(s.text) if not _IS_NOT.match(s.text, m.end())]
    if capture and may:
        claims.append(_claim(s, game, "capture_compulsory", "no", 0.7))
    elif capture and (_MUST_CAPTURE.search(s.text) or _MAY_CAPTURE.search(s.text)):  # "ইচ্ছাধীন নয়": not optional
        claims.append(_claim(s, game, "capture_compulsory", "yes", 0.7))  # (a hostile tester's was "no")
    # "… লৰচৰ কৰিব নোৱাৰে, তেওঁ পৰাস্ত (জয়ী) হয়", in a sentence about playing (not a war's, a village's)
    # "ব্লক" alone blocks a ball or a goal too (a cricket report): it needs a move, a piece or a point named
    blocked = [c for c in s.cues("blocked") if s.text[c[0] - s.start : c[1] - s.start] != "ব্লক"] or (
        s.has("blocked") and _MOVES.search(s.text))
    # "সে হারে না, খেলা ড্র হয়": a loss denied is none (a hostile tester's draw had passed as the engine's loss)
    loses = any(not _IS_NOT.match(s.text, e - s.start) for _, e in s.cues("lose"))
    if blocked and (loses or s.has("win") or s.has("draw")) and _PLAYS.search(s.text):
        wins = s.has("win") and not loses and not _OPPONENT.search(s.text)  # "তেওঁৰ প্ৰতিপক্ষ জয়ী হয়"
        # a draw said with "no one wins" ("ড্র হয়ে যায়, কেউ জেতে না", a blind set) is a draw
        draw = s.has("draw") and not loses and (not s.has("win") or _NO_ONE.search(s.text))
        outcome = "draw" if draw else "win" if wins else "loss"
        claims.append(_claim(s, game, "outcome_when_blocked", outcome, 0.7))
    return claims + _endings(s, game, capture)


# How a board game ends (seed 004): all the other's pieces caught; no capture left, more pieces; equal pieces, a draw
_ALL_PIECES = regex.compile(r"(?<![\p{L}\p{M}])(?:সকলো|সমস্ত|সব|সবগুলো|সবকটি)\s+(?:\S+\s+)?(?:গুটি|ঘুঁটি|টুকুৰা|টুকরা)")
_CANNOT = regex.compile(r"নোৱাৰে|নোৱাৰিলে|পারে না|পারেন না|পারিবে না|না পারলে|না পারিলে|না পারে")
_MORE_PIECES = regex.compile(r"(?:অধিক|বেছি|বেশি|বেশী)\s+(?:\S+\s+)?(?:গুটি|ঘুঁটি|টুকুৰা|টুকরা)")
_FEWER_PIECES = regex.compile(r"(?:কম|কমসংখ্যক)\s+(?:\S+\s+)?(?:গুটি|ঘুঁটি|টুকুৰা|টুকরা)")
_EQUAL_PIECES = regex.compile(r"(?:একে|সমান)\s*(?:সংখ্যক|সংখ্যাৰ|সংখ্যার)?\s+(?:\S+\s+)?(?:গুটি|ঘুঁটি|টুকুৰা|টুকরা)")


def _endings(s: Sentence, game: str, capture: bool) -> list[Claim]:
    """The ends of a board game that a sentence states: "প্ৰতিপক্ষৰ সকলো টুকুৰা ধৰি ৰাখে তেন্তে তেওঁ বিজয়ী হয়" (the
    capturer of all wins), "আৰু টুকুৰা ধৰিব নোৱাৰে তেন্তে অধিক টুকুৰা থকা খেলুৱৈয়ে জয়ী হয়" (no capture left:
    more pieces win), "একে সংখ্যক টুকুৰা থাকে, তেন্তে খেলখন ড্ৰ" (equal pieces: a draw). Each only as the text
    says it; a sentence that says both a win and a loss, or a draw and a win, is not read."""
    win, lose, draw = s.has("win"), s.has("lose"), s.has("draw")
    if capture and _ALL_PIECES.search(s.text) and not _CANNOT.search(s.text) and win != draw and not lose:
        return [_claim(s, game, "outcome_when_all_captured", "draw" if draw else "win", 0.7)]
    if capture and _CANNOT.search(s.text) and win and not lose and not draw:
        more, fewer = _MORE_PIECES.search(s.text), _FEWER_PIECES.search(s.text)
        if bool(more) != bool(fewer):
            return [_claim(s, game, "winner_when_no_capture", "more_pieces" if more else "fewer_pieces", 0.7)]
    if _EQUAL_PIECES.search(s.text) and win != draw and not lose and _PLAYS.search(s.text):
        return [_claim(s, game, "outcome_when_equal_pieces", "draw" if draw else "win", 0.7)]
    return []


# What is caught or cut when pieces are: a piece, or a pronoun for one ("তাহা কাটিতেই হইবে"); the word before
# the capture, after the clause's start (",", "।")
_CAUGHT = regex.compile(r"(?:(?:গুটি|ঘুঁটি|ঘুটি|টুকুৰা|টুকরা)\S*|তাহা|তাহাকে|তা|তাকে|সেটা|সেটি|সেইটি|সেইটো|তাক|ইয়াক|ইহা|উহা"
                        r"|[,;:।])\s*$")


def _captures(s: Sentence) -> bool:
    """Does ``s`` speak of catching or cutting pieces (ধরা, কাটা): with pieces named, or a capture word that
    follows a piece, a pronoun or no word of its clause? "সাড়ে সাতটার ট্রেন ধরতে হবে" catches a train (a
    memoir read as Dash-guti's rules)."""
    if not s.has("capture"):
        return False
    if s.has("pieces"):
        return True
    # Assamese মাৰিব, মৰা (to hit, to kill; মৰাপাট is jute) capture only where pieces are named
    return any((not s.text[: a - s.start].strip() or _CAUGHT.search(s.text, 0, a - s.start))
               and not s.text[a - s.start : b - s.start].startswith(("মাৰ", "মৰা")) for a, b in s.cues("capture"))


PATTERNS: tuple[Callable[[Sentence, str], list[Claim]], ...] = (
    players,
    deck_and_hand,
    deal_pattern,
    card_values,
    totals,
    marriages,
    roem,
    deals_per_game,
    winning,
    behaviour,
    duties,
)
