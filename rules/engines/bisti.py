"""Bisti (বিস্তি) for two, as seed 000 describes it (a c. 1900 Bengali encyclopedia entry, real OCR).

What the seed states, and this engine does:

* two players, one cuts and the other deals: "কেবল দুইজন লোকে খেলে একজন কাটায় ও আর একজন তাস দেয়".
  Player 0 cuts, player 1 deals;
* eight cards each, dealt two then three and three: "প্রথমে দুই পরে তিন তিন করিয়া আটখানি তাস";
* the card shown by the cut lies face up with the other fifteen face down on it: "যে তাসখানি কাটান
  হইয়াছিল সেইখনি চিত করিয়া রাখিয়া অপর ১৫ খানি তাস তাহার উপর উপুড় করিয়া রাখে". Completing a cut puts
  that card at the bottom of the pack, so after the deal it is the bottom card of the stock: 8 + 8 + 1 + 15
  makes a pack of 32;
* the cutter leads: "যে কাটায় সেই খেলিতে থাকে";
* after each trick the winner draws the top card, the loser the next: "যে পিঠ পায় সে ঐ উপুড় করা তাস হইতে
  প্রথম তাসখানি লয় যে হারে সে দ্বিতীয়খানি লয়"; after eight tricks the sixteen cards are gone, the face-up
  card last ("আটবার খেলার পর জমা করা তাস ১৬ খানি ফুরাইয়া যায়"), then the hands are played out;
* the last trick is worth five ফোটা, "হাতের পাঁচ", which count with the rest ("শেষ পিঠ যে পাইবে, সেই হাতের
  পাঁচ পাইবে", "ফোটা গণিবার সময়ে হাতের পাচের পাচ ফোটাও ধরা হইয়া থাকে": Grabu rules, which Bisti shares,
  "ফোটা গণা ... সমস্তই গ্রাবু খেলার ন্যায়");
* ফোটা are counted in কুড়ি (twenties) and the one with more twenties holds that many কাগজ: "উভয়ের ফোটা গণিয়া
  যাহার যত কুড়ি বেশী হয় সে ততখানি কাগজ ধরে". :meth:`BistiState.returns` is that number of কাগজ, won or lost.

What the seed leaves open is an :class:`Option` (see :data:`OPTIONS`): the trump suit, the ranks of the
32-card pack and their order, the ফোটা of each card (on the Grabu page the entry refers to, which the seed
does not contain), the duty to follow suit, and how the twenties are compared. The declarations the
entry mentions (বিস্তি, পঞ্চাশ, ইস্তক) are defined on that missing page too, so they are not modelled.
Card values are therefore not offered as facts to the rule-claim checker: only what the seed states is.

Actions are card ints 0-31 of :data:`DECK` (suit by suit, A K Q J 10 9 8 7).

>>> s = new_state(seed=3)
>>> len(s.hands[0]), len(s.hands[1]), len(s.stock), s.current_player()
(8, 8, 16, 0)
>>> s.stock[-1] == s.face_up  # the cut card lies face up under the other fifteen
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from puthi.rules import quantities as q
from puthi.rules.engines import registry
from puthi.rules.engines.base import Game, GameSpec, Option, State
from puthi.rules.engines.cards import SUITS, Deck, deal, read_point_tables, shuffled

SEED_FILE = "seeds/000_768383804696228d.txt"
DECK = Deck("bisti", ranks=("A", "K", "Q", "J", "10", "9", "8", "7"))
DEAL_PACKETS = (2, 3, 3)  # "প্রথমে দুই পরে তিন তিন করিয়া আটখানি"
STOCK_FACE_DOWN = 15  # "অপর ১৫ খানি তাস তাহার উপর উপুড় করিয়া রাখে"
LAST_TRICK = 5  # "হাতের পাঁচ"
KURI = 20  # কুড়ি, a score of twenty
PLAYERS = 2
POINT_TABLES = read_point_tables(Path(__file__).parent / "bisti_points.tsv")

# Trick-taking orders, high to low.
ORDERS = {
    "ace_ten": ("A", "10", "K", "Q", "J", "9", "8", "7"),
    "natural": ("A", "K", "Q", "J", "10", "9", "8", "7"),
}

OPTIONS = (
    Option(
        name="trump",
        default="cut_card",
        choices=("cut_card", "none"),
        doc="The trump suit: that of the card turned up by the cut, or no trumps.",
        source=(
            "not stated for Bisti; seed 000 uses 'কাটাইয়া ... রং' (cutting decides the suit) for its other games: "
            "'কাটাইয়া যে রং হয় সেই রংয়ের বিবি', 'কাটাইয়া রং করিয়া'"
        ),
    ),
    Option(
        name="card_points",
        default="ace_ten",
        choices=tuple(sorted(POINT_TABLES)),
        doc="ফোটা of each card (tables in bisti_points.tsv): 'ace_ten' = A 11, 10 10, K 4, Q 3, J 2.",
        source="assumption: seed 000 refers to Grabu for counting ফোটা and its page with the values is missing",
    ),
    Option(
        name="rank_order",
        default="ace_ten",
        choices=tuple(ORDERS),
        doc="Order of the cards within a suit in a trick: A 10 K Q J 9 8 7, or A K Q J 10 9 8 7.",
        source=(
            "assumption matching card_points; seed 000 only implies king above queen ('বিবি-বড়-বিন্তি' is beaten "
            "by 'সাহেব বড় বিস্তি'), true of both orders"
        ),
    ),
    Option(
        name="follow",
        default="always",
        choices=("always", "after_stock"),
        doc="When a player must follow suit if able: in every trick, or only once the stock is gone.",
        source="not stated in seed 000; 'after_stock' is the rule of the stock games on pagat.com (Sixty-Six)",
    ),
    Option(
        name="kagoj",
        default="twenties_each",
        choices=("twenties_each", "twenties_of_difference"),
        doc=(
            "কাগজ won: each side's whole twenties compared (floor(a/20) - floor(b/20)), or the whole twenties "
            "in the difference (floor((a - b)/20))."
        ),
        source="seed 000: 'উভয়ের ফোটা গণিয়া যাহার যত কুড়ি বেশী হয় সে ততখানি কাগজ ধরে' reads either way",
        variants=("twenties_of_difference",),
    ),
)


def _max_kagoj() -> int:
    best = max(t.total(DECK) for t in POINT_TABLES.values()) + LAST_TRICK
    return best // KURI


SPEC = GameSpec(
    name="bisti",
    title="Bisti (বিস্তি), two players",
    players=PLAYERS,
    equipment="32 cards (8 + 8 dealt, 1 face up under 15 face down)",
    max_length=DECK.size,
    min_return=-float(_max_kagoj()),
    max_return=float(_max_kagoj()),
    options=OPTIONS,
    sources=(SEED_FILE,),
)


def kagoj(photas: list[int], rule: str = "twenties_each") -> list[int]:
    """কাগজ each player wins (negative: loses) from the ফোটা both took.

    >>> kagoj([79, 46])
    [1, -1]
    >>> kagoj([79, 46], "twenties_of_difference")
    [1, -1]
    >>> kagoj([61, 64]), kagoj([61, 64], "twenties_of_difference")
    ([0, 0], [0, 0])
    >>> kagoj([100, 25]), kagoj([100, 25], "twenties_of_difference")
    ([4, -4], [3, -3])
    """
    a, b = photas
    won = a // KURI - b // KURI if rule == "twenties_each" else (abs(a - b) // KURI) * (1 if a >= b else -1)
    return [won, -won]


class BistiState(State):
    """One deal of two-handed Bisti: hands, the stock (top first, the face-up card last), the trick."""

    spec = SPEC

    def __init__(self, seed: int = 0, options: dict[str, Any] | None = None) -> None:
        self.seed = seed
        self.options = SPEC.with_options(options)
        order = shuffled(DECK.cards(), seed=seed)
        # The dealer (player 1) deals to the cutter (player 0) first.
        self.hands, self.stock = deal(order, players=PLAYERS, packets=DEAL_PACKETS, first=0)
        for hand in self.hands:
            hand.sort()
        self.face_up = self.stock[-1]
        self.trump = DECK.suit_index(self.face_up) if self.options["trump"] == "cut_card" else -1
        self.leader = self.to_move = 0  # "যে কাটায় সেই খেলিতে থাকে"
        self.trick: list[int] = []
        self.won: list[list[int]] = [[], []]
        self.tricks = [0, 0]
        self.last_trick = -1

    # --- tables ----------------------------------------------------------------------------------
    def _strength(self, card: int) -> int:
        order = ORDERS[self.options["rank_order"]]
        s = len(order) - order.index(DECK.rank_of(card))
        return s + 100 if DECK.suit_index(card) == self.trump else s

    def _points(self, card: int) -> int:
        return POINT_TABLES[self.options["card_points"]].value(DECK.rank_of(card))

    def photas(self) -> list[int]:
        """ফোটা taken so far by each player, with the last trick's five once it is played."""
        pts = [sum(self._points(c) for c in self.won[p]) for p in (0, 1)]
        if self.last_trick >= 0:
            pts[self.last_trick] += LAST_TRICK
        return pts

    # --- protocol --------------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.to_move

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        hand = self.hands[self.to_move]
        if not self.trick or (self.options["follow"] == "after_stock" and self.stock):
            return sorted(hand)
        led = DECK.suit_index(self.trick[0])
        return sorted([c for c in hand if DECK.suit_index(c) == led] or hand)

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal Bisti play {action} ({self.action_to_string(action)}) by player {self.to_move}")
        self.hands[self.to_move].remove(action)
        self.trick.append(action)
        if len(self.trick) == 1:
            self.to_move = 1 - self.to_move
            return
        lead, reply = self.trick
        # The higher card of the suit led wins, or a trump (the usual trick rule; pagat.com glossary).
        beats = (DECK.suit_index(reply) == DECK.suit_index(lead) or DECK.suit_index(reply) == self.trump) and (
            self._strength(reply) > self._strength(lead)
        )
        winner = self.to_move if beats else self.leader
        self.won[winner].extend(self.trick)
        self.tricks[winner] += 1
        self.trick = []
        if self.stock:
            # "যে পিঠ পায় সে ... প্রথম তাসখানি লয় যে হারে সে দ্বিতীয়খানি লয়"
            self.hands[winner].append(self.stock.pop(0))
            self.hands[1 - winner].append(self.stock.pop(0))
            self.hands[winner].sort()
            self.hands[1 - winner].sort()
        self.leader = self.to_move = winner  # the winner of a trick leads to the next
        if not self.hands[0] and not self.hands[1]:
            self.last_trick = winner  # "শেষ পিঠ যে পাইবে, সেই হাতের পাঁচ পাইবে"

    def is_terminal(self) -> bool:
        return self.last_trick >= 0

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [float(k) for k in kagoj(self.photas(), self.options["kagoj"])]

    def action_to_string(self, action: int) -> str:
        return DECK.label(action) if 0 <= action < DECK.size else f"<no card {action}>"

    def check_invariants(self) -> None:
        """Every card is in exactly one place; both hands are equal between tricks; ফোটা add up at the end."""
        cards = self.hands[0] + self.hands[1] + self.stock + self.trick + self.won[0] + self.won[1]
        if sorted(cards) != DECK.cards():
            raise AssertionError(f"cards not conserved: {sorted(cards)}")
        if not self.trick and len(self.hands[0]) != len(self.hands[1]):
            raise AssertionError(f"hands of {len(self.hands[0])} and {len(self.hands[1])} cards between tricks")
        if self.stock and self.stock[-1] != self.face_up:
            raise AssertionError("the face-up card is not at the bottom of the stock")
        if self.is_terminal():
            total = POINT_TABLES[self.options["card_points"]].total(DECK) + LAST_TRICK
            if sum(self.photas()) != total:
                raise AssertionError(f"ফোটা {self.photas()} do not add up to {total}")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": SPEC.name, "seed": self.seed, "options": self.options, "hands": self.hands,
            "stock": self.stock, "face_up": self.face_up, "trump": self.trump, "leader": self.leader,
            "to_move": self.to_move, "trick": self.trick, "won": self.won, "tricks": self.tricks,
            "last_trick": self.last_trick,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BistiState:
        state = cls.__new__(cls)
        state.options = SPEC.with_options(data["options"])
        for name in (
            "seed", "hands", "stock", "face_up", "trump", "leader", "to_move", "trick", "won", "tricks", "last_trick",
        ):  # fmt: skip
            setattr(state, name, data[name])
        return state

    def __str__(self) -> str:
        trump = SUITS[self.trump] if self.trump >= 0 else "none"
        up = DECK.label(self.face_up)
        stock = f"stock {len(self.stock)}, {up} face up at the bottom" if self.stock else f"stock gone ({up} face up)"
        lines = [f"trump {trump}; {stock}"]
        lines += [f"P{p}: {' '.join(DECK.labels(h)) or '-'}" for p, h in enumerate(self.hands)]
        photas = self.photas()
        lines.append(f"tricks {self.tricks}, ফোটা {photas}")
        if self.is_terminal():
            lines.append(f"P{self.last_trick} took the last trick (+{LAST_TRICK}); কাগজ {self.returns()}")
        elif self.trick:
            lines.append(f"trick: P{self.leader} led {DECK.label(self.trick[0])}; P{self.to_move} to play")
        else:
            lines.append(f"P{self.to_move} to lead")
        return "\n".join(lines)


def new_state(seed: int = 0, options: dict[str, Any] | None = None) -> BistiState:
    """A shuffled, cut and dealt Bisti deal.

    >>> s = new_state(seed=5, options={"trump": "none"})
    >>> s.trump, len(s.stock), s.current_player()
    (-1, 16, 0)
    """
    return BistiState(seed, options)


def facts(options: dict[str, Any] | None = None) -> dict[str, Any]:
    """What seed 000 states, read off the engine (card values are assumptions and left out).

    >>> f = facts()
    >>> f["deck_size"], f["hand_size"], f["deal_pattern"], f["stock_face_down"], f["last_trick_bonus"]
    (32, 8, '2-3-3', 15, 5)
    """
    SPEC.with_options(options)
    return {
        q.key("players"): PLAYERS,
        q.key("deck_size"): DECK.size,
        q.key("hand_size"): sum(DEAL_PACKETS),
        q.key("deal_pattern"): "-".join(map(str, DEAL_PACKETS)),
        q.key("stock_face_down"): STOCK_FACE_DOWN,
        q.key("last_trick_bonus"): LAST_TRICK,
    }


GAME = registry.register(
    Game(
        spec=SPEC,
        new_state=new_state,
        facts=facts,
        notes={
            "declarations": "বিস্তি, পঞ্চাশ, ইস্তক are defined on the Grabu page the seed lacks; not modelled",
            "card_values": "assumed (option card_points), so not offered as facts",
            "returns": "কাগজ won or lost in the deal",
        },
    )
)
