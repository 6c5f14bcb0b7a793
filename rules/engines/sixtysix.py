"""Sixty-Six (ছেষট্টি) and its variant Schnapsen, two-player trick games with marriages, from seed 002 and pagat.

Sources, cited rule by rule below as ``seed 002: "<Bengali quote>" (<English gloss>)`` or ``pagat``:

- seed 002 (``seeds/002_fd2ddf660d513a42.txt``): a Bengali machine translation of an English
  encyclopedia entry on Sixty-Six and Schnapsen;
- pagat: John McLeod's rules at https://www.pagat.com/marriage/66.html (Sixty-Six) and
  https://www.pagat.com/marriage/schnaps.html (Schnapsen), for points the seed leaves open.

Player 0 is the non-dealer, who leads first (seed 002: "ননডিলার প্রথমে নেতৃত্ব দেয়", the non-dealer
leads first). An action is an int: a card int (play it), or one of the declarations after the cards:
a marriage per suit, the exchange of the trump nine (jack), closing the stock, claiming 66.
Returns are game points, zero-sum: the winner of the deal +1, +2 or +3, the loser the negative.

>>> s = new_state(seed=1)
>>> s.current_player(), len(s.hands[0]), len(s.stock)
(0, 6, 12)
>>> [s.action_to_string(a) for a in s.legal_actions()][-2:]
['P0 closes the stock', 'P0 claims 66']
>>> s.apply_action(s.legal_actions()[0]); s.current_player()
1
>>> t = new_state(seed=1, game="schnapsen"); len(t.hands[1]), len(t.stock), t.spec.name
(5, 10, 'schnapsen')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from puthi.rules import quantities as q
from puthi.rules.engines import registry
from puthi.rules.engines.base import Game, GameSpec, Option, State
from puthi.rules.engines.cards import SUIT_SYMBOLS, Deck, deal, read_point_tables, shuffled

SEED = "seed 002 (seeds/002_fd2ddf660d513a42.txt)"
PAGAT_66 = "pagat Sixty-Six, https://www.pagat.com/marriage/66.html"
PAGAT_SCHNAPSEN = "pagat Schnapsen, https://www.pagat.com/marriage/schnaps.html"

# Card points per rank, a data table with its sources (seed 002: aces 11, tens 10, kings 4, queens 3,
# jacks 2, nines 0).
POINT_TABLES = read_point_tables(Path(__file__).with_name("sixtysix_points.tsv"))

# seed 002: "গেমটি 24 কার্ডের একটি ডেক ব্যবহার করে" (the game uses a deck of 24 cards): A 10 K Q J 9,
# listed from the highest: "the trick is taken by the higher card of the suit led".
DECK_66 = Deck("sixtysix", ranks=("A", "10", "K", "Q", "J", "9"))
# seed 002: Schnapsen "20 টি কার্ড (9 এস বাদ দিয়ে) দিয়ে খেলানো হয়" (is played with 20 cards, the 9s removed).
DECK_SCHNAPSEN = Deck("schnapsen", ranks=("A", "10", "K", "Q", "J"))

WINNING_THRESHOLD = 66  # seed 002: "66 ... বা তার বেশি পয়েন্ট অর্জন" (to make 66 or more points)
SCHNEIDER_THRESHOLD = 33  # seed 002: "পরাজয়কারী 33 পয়েন্টে পৌঁছাতে ব্যর্থ হয় (স্কিনিডার)" (loser short of 33)
GAME_POINTS = {"normal": 1, "schneider": 2, "schwarz": 3}  # seed 002: "একটি গেম পয়েন্ট ... দুটি ... তিনটি"
PENALTY_POINTS = 2  # seed 002: wrong claim or failed closing: "প্রতিপক্ষ দুটি গেম পয়েন্ট ... বা তিনটি"
PENALTY_SCHWARZ_POINTS = 3
LAST_TRICK_BONUS = 10  # seed 002: "শেষ ট্রিকের বিজয়ী 10 পয়েন্ট স্কোর করে" (the winner of the last trick scores 10)
# seed 002: "বিয়ের জন্য 20 পয়েন্ট বা ট্রাম্পে 40" (20 points for a marriage, or 40 in trumps).
MARRIAGE_PLAIN, MARRIAGE_TRUMP = 20, 40


def _options_for(game: str) -> tuple[Option, ...]:
    """The rule points open in ``game``. The seed describes Sixty-Six and calls Schnapsen "প্রায় অভিন্ন" (almost
    identical), so Sixty-Six's defaults are the seed's, and Schnapsen's are pagat's Schnapsen where they differ
    (the last trick, marriages after the stock) (a rules expert's review)."""
    exchange_rank = "nine" if game == "sixtysix" else "jack"
    schnapsen = game == "schnapsen"
    return (
        Option(
            "follow_while_stock",
            False,
            (False, True),
            "Whether suit must be followed while the stock lasts. Default: no, any card may be played; only "
            "after the stock is exhausted or closed do the strict duties apply.",
            f'{PAGAT_66}: "while cards remain in the stock ... you may play any card"; seed 002 says "মামলা '
            'অনুসরণ করা প্রয়োজন" (following suit is required) in its first paragraph, but its English original, '
            'Britannica\'s "sixty-six", says "Suits need not be followed" (a negation lost in translation), and '
            'the seed then says the last six tricks "বিভিন্ন নিয়মে খেলবে" (are played under different rules)',
        ),
        Option(
            "marriages_after_stock",
            schnapsen,
            (False, True),
            "Whether marriages may still be declared once the stock is exhausted or closed. Default: not in "
            "Sixty-Six, as the seed says; yes in Schnapsen, as pagat's Schnapsen has it.",
            f'{SEED}: in the last six tricks "বিবাহ আর ঘোষণাযোগ্য হয় না" (marriages are no longer declarable); '
            f"{PAGAT_SCHNAPSEN} allows them",
            variants=(not schnapsen,),
        ),
        Option(
            "exchange_needs_trick",
            not schnapsen,
            (True, False),
            f"Whether the exchange of the trump {exchange_rank} needs a trick already won by the exchanger. "
            "Default: yes in Sixty-Six, as the seed says; no in Schnapsen, where the player on lead may exchange "
            "while the stock is open (pagat; the `schnapsen` package agrees).",
            f'{SEED}: "শর্ত থাকে যে খেলোয়াড় কমপক্ষে একটি কৌশল জিতেছে" (provided the player has won at least '
            f"one trick); {PAGAT_SCHNAPSEN} names no such condition",
            variants=(schnapsen,),
        ),
        Option(
            "exchange_with_two_left",
            True,
            (True, False),
            f"Whether the trump {exchange_rank} may be exchanged when the stock holds only the turn-up and one "
            "face-down card (the exchanger would then draw a card, the opponent the exchanged one).",
            f"{SEED} names no restriction; some rulebooks forbid the exchange at the last draw ({PAGAT_SCHNAPSEN})",
            variants=(False,),
        ),
        Option(
            "close_before_drawing",
            True,
            (True, False),
            "Whether the leader may close the stock before drawing after a trick (both players then play the "
            "last five tricks from five cards; the engine returns the two drawn cards to the stock), as well as "
            "after drawing.",
            f'{SEED}: "এটি অঙ্কনের আগে বা পরে করা যেতে পারে, খেলার জন্য পাঁচ বা ছয়টি কৌশল ... রেখে" (this may be '
            'done before or after drawing, leaving five or six tricks to play)',
        ),
        Option(
            "last_trick",
            "wins_deal" if schnapsen else "bonus_10",
            ("bonus_10", "wins_deal"),
            "What the last trick is worth when the stock was played out: 10 card points (bonus_10), or the "
            "deal itself for its winner, one game point (wins_deal). Default: bonus_10 in Sixty-Six (the "
            "seed), wins_deal in Schnapsen (pagat; the `schnapsen` package agrees).",
            f'{SEED}: "শেষ ট্রিকের বিজয়ী 10 পয়েন্ট স্কোর করে" (the winner of the last trick scores 10), and '
            f'Schnapsen is "প্রায় অভিন্ন" (almost identical); {PAGAT_SCHNAPSEN} has wins_deal',
            variants=("bonus_10" if schnapsen else "wins_deal",),
        ),
        Option(
            "unclaimed_66",
            "draw",
            ("draw", "counts"),
            "When all tricks are played and the player who reached 66 earlier never declared it: a draw "
            "(draw), or that player wins as if declared (counts). The winner of the last trick always "
            "declares after it if it has 66, since declaring is then its only sensible choice.",
            f'{SEED}: "কোনও খেলোয়াড় ঘোষণা না করেই একজন খেলোয়াড় 66 এ পৌঁছে যায় তবে এটি ড্র হয়" (if a player '
            "reaches 66 without declaring it, it is a draw, the next deal carrying an extra game point)",
        ),
        Option(
            "closer_paid_on",
            "points_at_close" if schnapsen else "points_at_end",
            ("points_at_close", "points_at_end"),
            "When the player who closed the stock goes out, whether the game points (1, 2 or 3) follow the "
            "opponent's card points and tricks at the moment of closing (points_at_close) or at the end "
            "(points_at_end). Default: points_at_end in Sixty-Six (the seed names no moment), points_at_close "
            "in Schnapsen (pagat) (a rules expert's review).",
            f"{PAGAT_SCHNAPSEN} counts the non-closer's points as they were when the talon was closed; {SEED} "
            "says nothing of it",
            variants=("points_at_end" if schnapsen else "points_at_close",),
        ),
        Option(
            "penalty_three_when",
            "awardee_no_trick",
            ("awardee_no_trick", "offender_no_trick"),
            "Whose lack of tricks turns the 2-point penalty for a wrong claim or a failed closing into 3: the "
            "player who receives the points (at the moment of closing, for a failed closing), or the offender.",
            f"{PAGAT_SCHNAPSEN} and older English books on Sixty-Six (three when the opponent had no trick at the "
            f'closing; a rules expert could not confirm it on {PAGAT_66}); {SEED} reads "তিনটি স্কোর করে যদি '
            'কাছাকাছি কোনও কৌশল না নেয়" (three if the "closer" took no trick), a garbled translation',
            variants=("offender_no_trick",),
        ),
    )


@dataclass(frozen=True)
class Rules:
    """Everything fixed for one game and option set: deck, card values, exchange card, action numbers."""

    game: str
    deck: Deck
    values: tuple[int, ...]
    packets: tuple[int, ...]
    exchange_rank: str
    options: tuple[tuple[str, Any], ...]

    @property
    def n(self) -> int:
        return self.deck.size

    def opt(self, name: str) -> Any:
        return dict(self.options)[name]


SPECS: dict[str, GameSpec] = {}
for _name, _title, _deck in (("sixtysix", "Sixty-Six", DECK_66), ("schnapsen", "Schnapsen", DECK_SCHNAPSEN)):
    SPECS[_name] = GameSpec(
        name=_name,
        title=_title,
        players=2,
        equipment=f"{_deck.size} French-suited cards ({' '.join(_deck.ranks)} in four suits)",
        # every card played once, plus at most four marriages, one exchange, one closing and one claim
        max_length=_deck.size + 4 + 3,
        min_return=-3,
        max_return=3,
        options=_options_for(_name),
        sources=(SEED, PAGAT_66 if _name == "sixtysix" else PAGAT_SCHNAPSEN),
    )


@lru_cache(maxsize=64)
def _rules(game: str, options: tuple[tuple[str, Any], ...]) -> Rules:
    if game == "sixtysix":
        # seed 002: "তিন-তিনটি ব্যাচে ছয়টি কার্ড" (six cards in batches of three), then one card turned for trump
        deck, packets, exchange = DECK_66, (3, 3), "9"
    else:
        # seed 002: "প্রতিটি খেলোয়াড়কে পাঁচটি কার্ড" (five cards to each player); pagat Schnapsen deals 3 then 2
        deck, packets, exchange = DECK_SCHNAPSEN, (3, 2), "J"
    table = POINT_TABLES[game]
    return Rules(game, deck, tuple(table.card_values(deck)), packets, exchange, options)


def _resolve_options(game: str, options: dict[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(SPECS[game].with_options(options).items()))


def _copy(value: Any) -> Any:
    """A copy of a state field deep enough that two states share nothing mutable (lists of lists, dicts)."""
    if isinstance(value, list):
        return [list(v) if isinstance(v, list) else v for v in value]
    if isinstance(value, dict):
        return dict(value)
    return value


class SixtySixState(State):
    """One position of a deal of Sixty-Six or Schnapsen; every field is plain JSON data.

    ``stock`` lists the undrawn cards from the top; its last card is the turned-up trump, which is
    drawn last (seed 002: the last card of the stock "যা টার্ন আপ আপ ট্রাম্প হবে", which will be the
    turned-up trump).
    """

    def __init__(self, game: str = "sixtysix", options: dict[str, Any] | None = None) -> None:
        if game not in SPECS:
            raise ValueError(f"unknown game {game!r}; this module plays {', '.join(SPECS)}")
        self.spec = SPECS[game]
        self.rules = _rules(game, _resolve_options(game, options))
        self.hands: list[list[int]] = [[], []]
        self.stock: list[int] = []
        self.trump = 0
        self.leader = 0
        self.turn = 0
        self.trick: list[int] = []
        self.points = [0, 0]  # card points won plus marriages that count, plus the last-trick bonus
        self.pending = [0, 0]  # marriages declared before the declarer won a trick
        self.tricks = [0, 0]
        self.won: list[list[int]] = [[], []]
        self.marriages: list[list[int]] = [[], []]  # suits declared
        self.bonus = [0, 0]
        self.must_lead = -1  # after declaring a marriage: the suit whose king or queen must be led
        self.closed_by = -1
        self.tricks_at_close = [0, 0]
        self.points_at_close = [0, 0]
        self.last: list[int] = []  # the last trick: leader, lead card, reply card, winner
        self.drawn: list[int] = []  # the cards the winner and the loser of the last trick have just drawn
        self.result: dict[str, Any] | None = None
        self.history: list[int] = []

    # --- actions: a card int plays it; after the cards come the declarations --------------------------
    @property
    def exchange_action(self) -> int:
        return self.rules.n + 4

    @property
    def close_action(self) -> int:
        return self.rules.n + 5

    @property
    def claim_action(self) -> int:
        return self.rules.n + 6

    @property
    def close_before_drawing_action(self) -> int:
        return self.rules.n + 7

    def marriage_action(self, suit: int) -> int:
        return self.rules.n + suit

    def _strict(self) -> bool:
        # seed 002: once the stock is taken, "শেষ ছয়টি কৌশল বিভিন্ন নিয়মে খেলবে" (the last six tricks are
        # played under different rules); after closing "এই কৌশলগুলি উপরের হিসাবে খেলানো হয়" (as above).
        return not self.stock or self.closed_by >= 0

    def _exchange_card(self) -> int:
        return self.rules.deck.card(self.rules.exchange_rank, self.rules.deck.suits[self.trump])

    def current_player(self) -> int:
        return -1 if self.result is not None else self.turn

    def is_terminal(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[int]:
        if self.result is not None:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            return sorted(self._replies(hand, self.trick[0]))
        n = self.rules.n
        if self.must_lead >= 0:
            # pagat: a marriage is declared by leading its king or queen after showing both
            k = self.must_lead * len(self.rules.deck.ranks)
            return [k + 2, k + 3, self.claim_action]  # K and Q are ranks 2 and 3 in both decks
        actions = sorted(hand)
        strict = self._strict()
        if not strict or self.rules.opt("marriages_after_stock"):
            # seed 002: "একই মামলাটির রাজা এবং রানী ধরে থাকেন" (holding king and queen of one suit), declared
            # "ট্রিকের দিকে নিয়ে যাওয়ার সময় ... (তবে অনুসরণ করার সময় নয়)" (when leading, but not when following)
            held = set(hand)
            ranks = len(self.rules.deck.ranks)
            for s in range(4):
                if s * ranks + 2 in held and s * ranks + 3 in held:
                    actions.append(n + s)
        if not strict:
            # seed 002: the holder of the trump nine "চালু কার্ডের জন্য বিনিময় করতে পারে" (may exchange it
            # for the turned card), "শর্ত থাকে যে খেলোয়াড় কমপক্ষে একটি কৌশল জিতেছে" (provided the player has
            # won at least one trick); Schnapsen: "ট্রাম্পের জ্যাক" (the trump jack). The seed (and Britannica,
            # its original) allows it before leading or following; the engine lets only the player on lead
            # exchange, as pagat's Sixty-Six and Schnapsen do (a rules expert's review)
            if (
                self._exchange_card() in hand
                and (self.tricks[self.turn] > 0 or not self.rules.opt("exchange_needs_trick"))
                and (len(self.stock) > 2 or self.rules.opt("exchange_with_two_left"))
            ):
                actions.append(self.exchange_action)
            # seed 002: "স্টকটি শেষ হয়ে যাওয়ার আগে, যে কোনও খেলোয়াড় ... স্টকটি "বন্ধ" করতে পারেন" (before the
            # stock is exhausted, either player may "close" it); pagat: the player on lead, before leading
            actions.append(self.close_action)
        # seed 002: play stops "যখন খেলোয়াড়ের দাবি 66 ... পৌঁছেছে" (when a player's claim to have reached 66
        # is made); pagat: the claim is made when it is one's turn, and may be wrong
        actions.append(self.claim_action)
        if self.drawn and self.rules.opt("close_before_drawing"):
            # seed 002: closing "অঙ্কনের আগে" (before drawing): as if the two cards just drawn were still there
            actions.append(self.close_before_drawing_action)
        return actions

    def _replies(self, hand: list[int], lead: int) -> list[int]:
        if not self._strict():
            if self.rules.opt("follow_while_stock"):
                same = [c for c in hand if c // len(self.rules.deck.ranks) == lead // len(self.rules.deck.ranks)]
                return same or list(hand)
            return list(hand)
        # seed 002: "সম্ভব হলে মামলা অনুসরণ করা এবং সম্ভব হলে কৌশলটি জয় করা এবং যদি সম্ভব হয় তবে ট্রাম্প
        # চালানোও বাধ্যতামূলক" (it is obligatory to follow suit if possible, to win the trick if possible,
        # and to trump if possible)
        ranks = len(self.rules.deck.ranks)
        suit = lead // ranks
        same = [c for c in hand if c // ranks == suit]
        if same:
            higher = [c for c in same if c < lead]  # within a suit a smaller card int is a higher card
            return higher or same
        if suit != self.trump:
            trumps = [c for c in hand if c // ranks == self.trump]
            if trumps:
                return trumps
        return list(hand)

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            if self.result is not None:
                raise ValueError(f"{self.spec.name}: the deal is over; no action is legal")
            raise ValueError(
                f"{self.spec.name}: action {action} is not legal for P{self.turn} now; "
                f"legal: {[self.action_to_string(a) for a in self.legal_actions()]}"
            )
        self.history.append(action)
        p = self.turn
        n = self.rules.n
        drawn, self.drawn = self.drawn, []
        if action < n:
            self.hands[p].remove(action)
            if not self.trick:
                self.trick = [action]
                self.must_lead = -1
                self.turn = 1 - p
            else:
                self._finish_trick(self.trick[0], action)
        elif action < n + 4:
            suit = action - n
            value = MARRIAGE_TRUMP if suit == self.trump else MARRIAGE_PLAIN
            # seed 002: "বিবাহের ধারক যদি সেই চুক্তিতে কোনও কৌশল জিততে না পারেন তবে এই স্কোরটি বাতিল হয়ে
            # যায়" (if the holder wins no trick in that deal, the score is void): it counts once a trick is won
            if self.tricks[p]:
                self.points[p] += value
            else:
                self.pending[p] += value
            self.marriages[p].append(suit)
            self.must_lead = suit
        elif action == self.exchange_action:
            card = self._exchange_card()
            self.hands[p].remove(card)
            self.hands[p].append(self.stock[-1])
            self.stock[-1] = card
        elif action in (self.close_action, self.close_before_drawing_action):
            # seed 002: closing by turning the up card face down; no more drawing
            if action == self.close_before_drawing_action:
                # the leader decides before drawing: the drawn cards go back on the stock, the winner's on top
                self.hands[p].remove(drawn[0])
                self.hands[1 - p].remove(drawn[1])
                self.stock[0:0] = drawn
            self.closed_by = p
            self.tricks_at_close = list(self.tricks)
            self.points_at_close = list(self.points)
        else:
            self._claim(p, reason="claim")

    def _finish_trick(self, lead: int, reply: int) -> None:
        leader = self.leader
        follower = 1 - leader
        ranks = len(self.rules.deck.ranks)
        # seed 002: "কৌতুকটি নেতৃত্বাধীন স্যুটটির উচ্চতর কার্ড বা কোনও খেললে উচ্চতর ট্রাম্পের দ্বারা নেওয়া হয়"
        # (the trick is taken by the higher card of the suit led, or the higher trump if any is played)
        if reply // ranks == lead // ranks:
            winner = follower if reply < lead else leader
        elif reply // ranks == self.trump:
            winner = follower
        else:
            winner = leader
        values = self.rules.values
        self.points[winner] += values[lead] + values[reply]
        self.won[winner] += (lead, reply)
        self.tricks[winner] += 1
        if self.pending[winner]:
            self.points[winner] += self.pending[winner]
            self.pending[winner] = 0
        self.trick = []
        self.last = [leader, lead, reply, winner]
        # seed 002: "প্রতিটি কৌতুকের পরে বিজয়ী স্টক থেকে শীর্ষ কার্ডটি আঁকেন, তার পরে হেরে যান" (after each
        # trick the winner draws the top card of the stock, then the loser); the winner leads next
        if self.stock and self.closed_by < 0:
            self.drawn = [self.stock.pop(0), self.stock.pop(0)]
            self.hands[winner].append(self.drawn[0])
            self.hands[1 - winner].append(self.drawn[1])
        self.leader = self.turn = winner
        if not self.hands[winner]:
            self._end_of_play(winner)

    def _game_points(self, winner: int) -> int:
        loser = 1 - winner
        tricks, points = self.tricks, self.points
        if self.closed_by == winner and self.rules.opt("closer_paid_on") == "points_at_close":
            tricks, points = self.tricks_at_close, self.points_at_close
        if tricks[loser] == 0:
            return GAME_POINTS["schwarz"]  # seed 002: "হেরে কোন কৌশল না নেয় (স্কয়ার্জ)" (loser took no trick)
        if points[loser] < SCHNEIDER_THRESHOLD:
            return GAME_POINTS["schneider"]
        return GAME_POINTS["normal"]

    def _penalty(self, awardee: int, at_close: bool) -> int:
        tricks = self.tricks_at_close if at_close else self.tricks
        who = awardee if self.rules.opt("penalty_three_when") == "awardee_no_trick" else 1 - awardee
        return PENALTY_SCHWARZ_POINTS if tricks[who] == 0 else PENALTY_POINTS

    def _claim(self, p: int, reason: str) -> None:
        o = 1 - p
        if self.points[p] >= WINNING_THRESHOLD:
            points = self._game_points(p)
            if self.closed_by == o:
                # pagat: if the closer's opponent reaches 66 first, the closing failed
                points = max(points, self._penalty(p, at_close=True))
            self._end(p, points, reason)
        else:
            # seed 002: "যদি কোনও খেলোয়াড় ভুলভাবে 66 পয়েন্ট দাবি করে ... প্রতিপক্ষ দুটি গেম পয়েন্ট বা তিনটি
            # স্কোর করে" (if a player wrongly claims 66 ... the opponent scores two game points, or three)
            self._end(o, self._penalty(o, at_close=False), "wrong claim")

    def _end_of_play(self, last_winner: int) -> None:
        closed = self.closed_by >= 0
        if not closed:
            if self.rules.opt("last_trick") == "wins_deal":
                self._end(last_winner, GAME_POINTS["normal"], "last trick")  # pagat Schnapsen
                return
            # seed 002: "(যা 12 টি কৌশল চালিত হলেই প্রযোজ্য)" (the 10 applies only when all 12 tricks are played)
            self.points[last_winner] += LAST_TRICK_BONUS
            self.bonus[last_winner] += LAST_TRICK_BONUS
        if self.points[last_winner] >= WINNING_THRESHOLD:
            self._claim(last_winner, reason="claim after the last trick")
        elif closed:
            # seed 002: "বন্ধ হয়ে যাওয়ার পরে 66 এ পৌঁছাতে ব্যর্থ হয়" (fails to reach 66 after closing)
            closer = self.closed_by
            self._end(1 - closer, self._penalty(1 - closer, at_close=True), "failed closing")
        elif self.points[1 - last_winner] >= WINNING_THRESHOLD and self.rules.opt("unclaimed_66") == "counts":
            self._end(1 - last_winner, self._game_points(1 - last_winner), "66 counted after the last trick")
        else:
            # seed 002: "উভয়ের যদি 65 পয়েন্ট থাকে বা ... ঘোষণা না করেই ... 66 এ পৌঁছে যায় তবে এটি ড্র হয়"
            self._end(-1, 0, "draw")

    def _end(self, winner: int, points: int, reason: str) -> None:
        self.result = {"winner": winner, "game_points": points, "reason": reason}
        self.turn = -1

    def returns(self) -> list[float]:
        if self.result is None or self.result["winner"] < 0:
            return [0.0, 0.0]
        w, gp = self.result["winner"], float(self.result["game_points"])
        return [gp, -gp] if w == 0 else [-gp, gp]

    # --- text ------------------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        deck, n, p = self.rules.deck, self.rules.n, self.turn
        if 0 <= action < n:
            return f"P{p} {'leads' if not self.trick else 'plays'} {deck.label(action)}"
        if n <= action < n + 4:
            suit = deck.suits[action - n]
            kind = "40, trumps" if action - n == self.trump else "20"
            return f"P{p} declares the marriage in {suit} ({kind})"
        if action == self.exchange_action:
            up = deck.label(self.stock[-1]) if self.stock else "?"
            return f"P{p} exchanges {deck.label(self._exchange_card())} for the turn-up {up}"
        if action == self.close_action:
            return f"P{p} closes the stock"
        if action == self.close_before_drawing_action:
            return f"P{p} closes the stock before drawing"
        if action == self.claim_action:
            return f"P{p} claims 66"
        return f"action {action} (not an action of {self.spec.name})"

    def __str__(self) -> str:
        deck = self.rules.deck
        suit = deck.suits[self.trump]
        lines = []
        if self.stock:
            up = deck.label(self.stock[-1])
            state = f"closed by P{self.closed_by}" if self.closed_by >= 0 else "open"
            lines.append(f"trump {suit} {SUIT_SYMBOLS[suit]}, turn-up {up}, stock {len(self.stock)} ({state})")
        else:
            lines.append(f"trump {suit} {SUIT_SYMBOLS[suit]}, stock exhausted")
        for p in (0, 1):
            extra = f" +{self.pending[p]} pending" if self.pending[p] else ""
            hand = " ".join(deck.labels(sorted(self.hands[p])))
            lines.append(f"P{p}: {hand:<20} points {self.points[p]}{extra}, tricks {self.tricks[p]}")
        if self.last:
            leader, lead, reply, winner = self.last
            lines.append(
                f"last trick: P{leader} {deck.label(lead)}, P{1 - leader} {deck.label(reply)} -> P{winner}"
            )
        if self.trick:
            lines.append(f"on the table: P{self.leader} led {deck.label(self.trick[0])}")
        if self.result is None:
            lines.append("rules now: " + ("strict (follow, head, trump)" if self._strict() else "free play"))
        else:
            r = self.result
            who = "nobody" if r["winner"] < 0 else f"P{r['winner']}"
            lines.append(f"deal over ({r['reason']}): {who} scores {r['game_points']} game point(s)")
        return "\n".join(lines)

    # --- checks and serialisation ----------------------------------------------------------------
    def check_invariants(self) -> None:
        """The conservation laws of a deal; raises ``AssertionError`` naming the broken one."""
        n = self.rules.n
        everywhere = self.hands[0] + self.hands[1] + self.stock + self.trick + self.won[0] + self.won[1]
        assert sorted(everywhere) == list(range(n)), f"cards not conserved: {sorted(everywhere)}"
        values = self.rules.values
        assert sum(values) == 120, "the pack must hold 120 card points"
        for p in (0, 1):
            counted = sum(
                MARRIAGE_TRUMP if s == self.trump else MARRIAGE_PLAIN for s in self.marriages[p]
            ) - self.pending[p]
            card_points = sum(values[c] for c in self.won[p])
            assert self.points[p] == card_points + counted + self.bonus[p], f"P{p} points do not add up"
            assert self.pending[p] == 0 or self.tricks[p] == 0, f"P{p} has pending marriage points after a trick"
            assert len(self.won[p]) == 2 * self.tricks[p], f"P{p} won cards and tricks disagree"
        if self.result is None:
            lead_player = self.leader
            sizes = [len(h) for h in self.hands]
            expected = sizes[1 - lead_player] - (1 if self.trick else 0)
            assert sizes[lead_player] == expected, f"hand sizes {sizes} do not fit the trick {self.trick}"
        if self.stock:
            ranks = len(self.rules.deck.ranks)
            assert self.stock[-1] // ranks == self.trump, "the turn-up must be a trump"
        if not self.hands[0] and not self.hands[1] and not self.stock and not self.trick:
            total = sum(values[c] for c in self.won[0] + self.won[1]) + sum(self.bonus)
            bonus = LAST_TRICK_BONUS if self.closed_by < 0 and self.rules.opt("last_trick") == "bonus_10" else 0
            assert total == 120 + bonus, f"a played-out deal must total 120 + {bonus}, not {total}"

    _FIELDS = (
        "hands", "stock", "trump", "leader", "turn", "trick", "points", "pending", "tricks", "won",
        "marriages", "bonus", "must_lead", "closed_by", "tricks_at_close", "points_at_close", "last", "drawn",
        "result", "history",
    )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.spec.name, "options": dict(self.rules.options)}
        for name in self._FIELDS:
            data[name] = _copy(getattr(self, name))
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SixtySixState:
        options = dict(data["options"])
        if "points_at_close" not in data and data.get("closed_by", -1) >= 0:  # saved closed before it was kept:
            options["closer_paid_on"] = "points_at_end"  # paid at the end, as then (a review)
        state = cls(data["game"], options)
        for name in cls._FIELDS:
            setattr(state, name, _copy(data.get(name, getattr(state, name))))  # a field added since: its start
        return state

    def clone(self) -> SixtySixState:
        other = SixtySixState.__new__(SixtySixState)
        other.spec, other.rules = self.spec, self.rules
        for name in self._FIELDS:
            setattr(other, name, _copy(getattr(self, name)))
        return other


def new_state(seed: int = 0, options: dict[str, Any] | None = None, game: str = "sixtysix") -> SixtySixState:
    """A fresh deal, shuffled by ``random.Random(seed)``: the same seed gives the same deal.

    >>> new_state(3).to_json() == new_state(3).to_json()
    True
    """
    state = SixtySixState(game, options)
    deck = state.rules.deck
    hands, rest = deal(shuffled(deck.cards(), seed), players=2, packets=state.rules.packets, first=0)
    # seed 002: "ট্রাম্প স্যুট স্থাপনের জন্য একটি কার্ড মুখোমুখি করা হয়, এবং বাকী কার্ডগুলি স্ট্যাক তৈরির জন্য
    # ... ট্রাম্পটি ঢেকে রাখা হয়" (a card is turned face up to fix trumps, the rest form a stock partly
    # covering it): the turn-up lies under the stock and is drawn last
    turn_up, face_down = rest[0], rest[1:]
    state.hands = hands
    state.stock = [*face_down, turn_up]
    state.trump = deck.suit_index(turn_up)
    return state


def deal_state(
    hands: tuple[list[str], list[str]], stock: list[str], game: str = "sixtysix", options: dict[str, Any] | None = None
) -> SixtySixState:
    """A deal given by card labels: the non-dealer's hand, the dealer's, and the stock top first, turn-up last.

    >>> s = deal_state((["AH", "10H", "KH", "QH", "JH"], ["AS", "10S", "KS", "QS", "JS"]),
    ...                ["AC", "10C", "KC", "QC", "JC", "AD", "10D", "KD", "QD", "JD"], game="schnapsen")
    >>> s.rules.deck.suits[s.trump], s.legal_actions()[-3:]
    ('D', [22, 25, 26])
    """
    state = SixtySixState(game, options)
    deck = state.rules.deck
    state.hands = [[deck.parse(c) for c in hands[0]], [deck.parse(c) for c in hands[1]]]
    state.stock = [deck.parse(c) for c in stock]
    state.trump = deck.suit_index(state.stock[-1])
    every = sorted(state.hands[0] + state.hands[1] + state.stock)
    if every != deck.cards():
        raise ValueError(f"{game}: a deal must use each of the {deck.size} cards once")
    return state


def facts(options: dict[str, Any] | None = None, game: str = "sixtysix") -> dict[str, Any]:
    """The rule quantities of the game under ``options``, computed from the engine's own tables.

    >>> f = facts()
    >>> f["deck_size"], f["card_point_total"], f["card_value(rank=9,suit=trump)"], f["game_points(outcome=schwarz)"]
    (24, 120, 0, 3)
    >>> facts(game="schnapsen")["stock_face_down"]
    9
    """
    rules = _rules(game, _resolve_options(game, options))
    deck = rules.deck
    table = POINT_TABLES[game]
    hand = sum(rules.packets)
    out: dict[str, Any] = {
        q.key("players"): SPECS[game].players,
        q.key("deck_size"): deck.size,
        q.key("hand_size"): hand,
        q.key("deal_pattern"): "-".join(str(p) for p in rules.packets),
        q.key("card_point_total"): table.total(deck),
        q.key("last_trick_bonus"): LAST_TRICK_BONUS if rules.opt("last_trick") == "bonus_10" else 0,
        q.key("marriage_value", suit="trump"): MARRIAGE_TRUMP,
        q.key("marriage_value", suit="plain"): MARRIAGE_PLAIN,
        q.key("winning_threshold"): WINNING_THRESHOLD,
        q.key("schneider_threshold"): SCHNEIDER_THRESHOLD,
        q.key("stock_face_down"): deck.size - 2 * hand - 1,
        q.key("follow_suit_while_stock"): rules.opt("follow_while_stock"),
    }
    for outcome, points in GAME_POINTS.items():
        out[q.key("game_points", outcome=outcome)] = points
    for rank in deck.ranks:
        for suit in ("trump", "plain"):
            out[q.key("card_value", rank=rank, suit=suit)] = table.value(rank, trump=suit == "trump")
    return out


def _new_66(seed: int = 0, options: dict[str, Any] | None = None) -> SixtySixState:
    return new_state(seed, options, game="sixtysix")


def _new_schnapsen(seed: int = 0, options: dict[str, Any] | None = None) -> SixtySixState:
    return new_state(seed, options, game="schnapsen")


def _facts_66(options: dict[str, Any] | None = None) -> dict[str, Any]:
    return facts(options, game="sixtysix")


def _facts_schnapsen(options: dict[str, Any] | None = None) -> dict[str, Any]:
    return facts(options, game="schnapsen")


registry.register(Game(SPECS["sixtysix"], _new_66, _facts_66, notes={"seed": SEED}))
registry.register(Game(SPECS["schnapsen"], _new_schnapsen, _facts_schnapsen, notes={"seed": SEED}))
