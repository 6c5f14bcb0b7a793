"""Klaverjas, Amsterdam and Rotterdam rules (seed 003, which follows pagat.com's description).

Four players, partners facing: players 0 and 2 against 1 and 3 (seed 003: "চারজন খেলোয়াড় দুটি জুটিতে
খেলেন, সঙ্গীরা মুখোমুখি বসেন"). 32 cards, seven to ace in each suit, eight each dealt 3, 2, 3 ("32টি তাস
... প্রত্যেকে আটটি তাস পান, তিন, দুই ও তিনটি করে বাঁটা হয়"); play goes clockwise, here 0 → 1 → 2 → 3.

One game is ``deals`` deals (16: "একটি খেলা ষোলোটি দানের"). The deal rotates clockwise; the first dealer
is player 3, so player 0 bids and leads first. Each deal is shuffled from the game's seed and the deal
number, so a seed fixes the whole game.

Actions: 0-31 play that card (``Deck`` ints, suit by suit, A K Q J 10 9 8 7), 32-35 choose clubs,
diamonds, hearts or spades as trumps, 36 pass.

The card values, orders and bonuses are data: ``klaverjas_points.tsv`` and ``klaverjas_bonuses.tsv``
beside this module, each row with its source.

>>> s = new_state(seed=1)
>>> s.current_player(), [s.action_to_string(a) for a in s.legal_actions()]
(0, ['trump C', 'trump D', 'trump H', 'trump S', 'pass'])
>>> for _ in range(4): s.apply_action(PASS)   # all four pass: player 0 must choose
>>> PASS in s.legal_actions()
False
"""

from __future__ import annotations

import csv
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

from puthi.rules import quantities as q
from puthi.rules.engines import registry
from puthi.rules.engines.base import Game, GameSpec, Option, State
from puthi.rules.engines.cards import SUITS, Deck, deal, read_point_tables, shuffled

SEED_FILE = "seeds/003_dd7d695dd97a5b4b.txt"
HERE = Path(__file__).parent

# The roem run order is the natural one: "ক্রম ধরা হয় A K Q J 10 9 8 7" (seed 003), so a run is
# consecutive card ints within one suit.
DECK = Deck("klaverjas", ranks=("A", "K", "Q", "J", "10", "9", "8", "7"))
DEAL_PACKETS = (3, 2, 3)  # "তিন, দুই ও তিনটি করে বাঁটা হয়"; the option deal_packets may make them 4-4
PLAYERS = 4
TRICKS = 8
CHOOSE = 32  # CHOOSE + suit index: name that suit trumps
PASS = 36

POINTS = read_point_tables(HERE / "klaverjas_points.tsv")["klaverjas"]


def _read_orders(path: Path) -> dict[str, dict[str, int]]:
    """Trick-taking order per column (``trump``, ``plain``): rank -> place, 1 the highest."""
    orders: dict[str, dict[str, int]] = {"trump": {}, "plain": {}}
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            orders[row["suit"]][row["rank"]] = int(row["order"])
    return orders


def _read_bonuses(path: Path) -> dict[str, int]:
    with open(path, encoding="utf-8", newline="") as f:
        return {row["kind"]: int(row["points"]) for row in csv.DictReader(f, delimiter="\t")}


ORDERS = _read_orders(HERE / "klaverjas_points.tsv")
BONUS = _read_bonuses(HERE / "klaverjas_bonuses.tsv")

# Lookup lists by card int, so the play loop never touches strings.
SUIT = [DECK.suit_index(c) for c in DECK.cards()]
RANK = [DECK.rank_of(c) for c in DECK.cards()]
# Strength within a suit (higher beats lower): 9 for the top card, 1 for the lowest.
PLAIN_STRENGTH = [9 - ORDERS["plain"][RANK[c]] for c in DECK.cards()]
TRUMP_STRENGTH = [9 - ORDERS["trump"][RANK[c]] for c in DECK.cards()]
PLAIN_POINTS = [POINTS.value(RANK[c]) for c in DECK.cards()]
TRUMP_POINTS = [POINTS.value(RANK[c], trump=True) for c in DECK.cards()]
CARD_POINT_TOTAL = POINTS.total(DECK, trump_suit=0)
# Whether a player whose partner is winning the trick need not trump (seed 003: Amsterdam yes, Rotterdam no).
PARTNER_EXEMPT = {"amsterdam": True, "rotterdam": False}
DEAL_TOTAL = CARD_POINT_TOTAL + BONUS["last_trick"]


def _options(variant: str) -> tuple[Option, ...]:
    rotterdam = variant == "rotterdam"
    return (
        Option(
            name="deals",
            default=16,
            choices=(1, 2, 4, 8, 16),
            doc="Deals in one game; the team with more points after the last deal wins.",
            source="seed 003: 'একটি খেলা ষোলোটি দানের' (a game is sixteen deals); fewer deals for quick tests",
        ),
        Option(
            name="deal_packets",
            default="3-2-3",
            choices=("3-2-3", "4-4"),
            doc="The packets each player is dealt, one round of packets after another.",
            source="seed 003: 'তিন, দুই ও তিনটি করে বাঁটা হয়' (dealt three, two and three); nl.wikipedia's "
            "Klaverjassen deals 3-2-3 'of anders 4-4' (or else 4-4) (a rules expert's review)",
            variants=("4-4",),
        ),
        Option(
            name="undertrump",
            default="required" if rotterdam else "avoid",
            choices=("avoid", "required"),
            doc=(
                "When you cannot follow suit, must trump, and cannot beat a trump already in the trick: "
                "'avoid' = play a card of another suit if you have one (a lower trump only when you hold "
                "nothing else); 'required' = play a lower trump anyway."
            ),
            source=(
                "seed 003, Rotterdam: 'পারলে সবসময় তুরুপ দিতেই হবে ... প্রতিটি তুরুপকে, পারলে, ... বড় হতে হবে' "
                "(always trump, higher if possible), read literally as 'required'; pagat's general rule keeps "
                "'avoid' in Rotterdam too"
                if rotterdam
                else "seed 003: 'বড় তুরুপ দিতে না পারলে ছোট তুরুপ না দিয়ে অন্য রঙের তাস ফেলুন, যদি না আপনার হাতে "
                "শুধু ছোট তুরুপই থাকে'"
            ),
            variants=("avoid" if rotterdam else "required",),
        ),
    )


def _spec(variant: str) -> GameSpec:
    rotterdam = variant == "rotterdam"
    return GameSpec(
        name="klaverjas-rotterdam" if rotterdam else "klaverjas",
        title=f"Klaverjas ({'Rotterdam' if rotterdam else 'Amsterdam'} rules)",
        players=PLAYERS,
        equipment="32 cards, A K Q J 10 9 8 7 in four suits; 4 players in 2 partnerships",
        # Per deal: at most 4 passes and the forced choice, then 32 cards.
        max_length=16 * (PLAYERS + 1 + DECK.size),
        min_return=-1.0,
        max_return=1.0,
        options=_options(variant),
        sources=(SEED_FILE, "https://www.pagat.com/jass/klaverjas.html"),
    )


SPECS = {"amsterdam": _spec("amsterdam"), "rotterdam": _spec("rotterdam")}


def team(player: int) -> int:
    """Players 0 and 2 are team 0, players 1 and 3 team 1.

    >>> [team(p) for p in range(4)]
    [0, 1, 0, 1]
    """
    return player % 2


def strength(card: int, trump: int) -> int:
    """How high ``card`` ranks in a trick: any trump beats every card of another suit.

    >>> c = DECK.suits.index("C")
    >>> strength(DECK.parse("9C"), c) > strength(DECK.parse("AC"), c) > strength(DECK.parse("AH"), c)
    True
    """
    return 10 + TRUMP_STRENGTH[card] if SUIT[card] == trump else PLAIN_STRENGTH[card]


def winning_position(trick: list[int], trump: int) -> int:
    """Index in ``trick`` of the card that wins it so far: the highest trump, else the highest of the suit led.

    >>> t = DECK.suits.index("H")
    >>> winning_position([DECK.parse("AS"), DECK.parse("7H"), DECK.parse("10S")], trump=t)
    1
    >>> winning_position([DECK.parse("9H"), DECK.parse("AH"), DECK.parse("JH")], trump=t)
    2
    """
    led = SUIT[trick[0]]
    best, best_strength = 0, strength(trick[0], trump)
    for i in range(1, len(trick)):
        c = trick[i]
        if SUIT[c] != led and SUIT[c] != trump:
            continue  # a discard never wins
        s = strength(c, trump)
        if s > best_strength:
            best, best_strength = i, s
    return best


def card_points(card: int, trump: int) -> int:
    """Points of ``card`` with ``trump`` as the trump suit.

    >>> t = DECK.suits.index("C")
    >>> card_points(DECK.parse("JC"), t), card_points(DECK.parse("JD"), t), card_points(DECK.parse("9C"), t)
    (20, 2, 14)
    """
    return TRUMP_POINTS[card] if SUIT[card] == trump else PLAIN_POINTS[card]


def trick_roem(trick: list[int], trump: int) -> list[tuple[str, int]]:
    """The roem in a finished trick, for the team that wins it (seed 003: "রুম (roem) হলো বোনাস পয়েন্ট, যা পায়
    সেই দল যে এমন একটি ট্রিক নেয়"; counted automatically: "যে দল ট্রিক নেয়, তার রুম আপনা থেকেই গোনা হয়").

    >>> t = DECK.suits.index("S")
    >>> trick_roem([DECK.parse(x) for x in ("JH", "JS", "JD", "JC")], t)
    [('four_jacks', 200)]
    >>> trick_roem([DECK.parse(x) for x in ("KS", "QS", "JS", "7H")], t)
    [('run3', 20), ('stuk', 20)]
    >>> trick_roem([DECK.parse(x) for x in ("10D", "9D", "8D", "7D")], t)
    [('run4', 50)]
    >>> trick_roem([DECK.parse(x) for x in ("9H", "9S", "9D", "9C")], t)  # only K, Q, A, 10 and J count
    []
    """
    found: list[tuple[str, int]] = []
    ranks = {RANK[c] for c in trick}
    if len(trick) == PLAYERS and len(ranks) == 1:
        rank = next(iter(ranks))
        # "চারটি সাহেব, বিবি, টেক্কা বা দহলায় 100, চারটি গোলামে 200"
        if rank == "J":
            found.append(("four_jacks", BONUS["four_jacks"]))
        elif rank in ("K", "Q", "A", "10"):
            found.append(("four_of_a_kind", BONUS["four_of_a_kind"]))
    else:
        # "একই রঙের তিন তাসের সিকোয়েন্স (20) বা চার তাসের সিকোয়েন্স (50)": the longest run in one suit.
        longest = 1
        for suit in range(len(DECK.suits)):
            idx = sorted(c for c in trick if SUIT[c] == suit)
            run = 1
            for a, b in pairwise(idx):
                run = run + 1 if b == a + 1 else 1
                longest = max(longest, run)
        if longest >= 4:
            found.append(("run4", BONUS["run4"]))
        elif longest == 3:
            found.append(("run3", BONUS["run3"]))
    # "তুরুপের সাহেব ও বিবি একসঙ্গে (স্টুক, stuk) আরও 20": on top of any run they belong to.
    if DECK.card("K", DECK.suits[trump]) in trick and DECK.card("Q", DECK.suits[trump]) in trick:
        found.append(("stuk", BONUS["stuk"]))
    return found


def legal_cards(hand: list[int], trick: list[int], trump: int, player: int, leader: int, undertrump: str,
                partner_exempt: bool) -> list[int]:
    """The cards ``player`` may play to ``trick`` (led by ``leader``), sorted.

    ``partner_exempt`` is the Amsterdam rule: a player whose partner is winning the trick need not trump.

    >>> c, t = DECK.parse, DECK.suits.index("H")
    >>> trick = [c("KC"), c("9H"), c("8C")]  # player 1 led clubs, player 2 trumped; player 0, no clubs, to play
    >>> hand = [c("7H"), c("JH"), c("AS")]
    >>> DECK.labels(legal_cards(hand, trick, t, player=0, leader=1, undertrump="avoid", partner_exempt=True))
    ['JH', 'AS']
    >>> DECK.labels(legal_cards(hand, trick, t, player=0, leader=1, undertrump="avoid", partner_exempt=False))
    ['JH']
    >>> hand = [c("7H"), c("QH"), c("AS")]  # no trump above the 9
    >>> DECK.labels(legal_cards(hand, trick, t, player=0, leader=1, undertrump="avoid", partner_exempt=False))
    ['AS']
    >>> DECK.labels(legal_cards(hand, trick, t, player=0, leader=1, undertrump="required", partner_exempt=False))
    ['QH', '7H']
    """
    return duty(hand, trick, trump, player, leader, undertrump, partner_exempt)[0]


def duty(hand: list[int], trick: list[int], trump: int, player: int, leader: int, undertrump: str,
         partner_exempt: bool) -> tuple[list[int], str]:
    """:func:`legal_cards` with the rule that decided them, in words.

    >>> c, t = DECK.parse, DECK.suits.index("H")
    >>> duty([c("7H"), c("AS")], [c("KC"), c("9H"), c("8C")], t, 0, 1, "avoid", True)[1]
    'partner winning: any card but a lower trump'
    """
    if not trick:
        return sorted(hand), "lead: any card"
    led = SUIT[trick[0]]
    follow = [x for x in hand if SUIT[x] == led]
    top_trump = max((TRUMP_STRENGTH[x] for x in trick if SUIT[x] == trump), default=0)
    if led == trump:
        # "তুরুপ চালা হলে, পারলে ট্রিকে আগে পড়া সব তুরুপের চেয়ে বড় তুরুপ দিতে হবে, সঙ্গীর তুরুপের উপরেও"
        higher = [x for x in follow if TRUMP_STRENGTH[x] > top_trump]
        if higher:
            return sorted(higher), "trumps led: a higher trump"
        return (sorted(follow), "trumps led: follow, cannot go higher") if follow else (sorted(hand), "no trump")
    if follow:
        return sorted(follow), "follow suit"  # "পারলে একই রং খেলতেই হবে"
    trumps = [x for x in hand if SUIT[x] == trump]
    if not trumps:
        return sorted(hand), "cannot follow, no trump: any card"
    higher = [x for x in trumps if TRUMP_STRENGTH[x] > top_trump]
    others = [x for x in hand if SUIT[x] != trump]
    winner = (leader + winning_position(trick, trump)) % PLAYERS
    if partner_exempt and team(winner) == team(player):
        # "আপনার সঙ্গী ট্রিকটি জিতছেন এমন হলে আপনি যেকোনো তাস খেলতে পারেন, তবে সঙ্গীর তুরুপের চেয়ে ছোট তুরুপ
        # দিতে পারবেন না, যদি না আপনার হাতে শুধু ছোট তুরুপই থাকে"
        if others + higher:
            return sorted(others + higher), "partner winning: any card but a lower trump"
        return sorted(hand), "partner winning, only lower trumps left"
    # "না পারলে আর প্রতিপক্ষ ট্রিকটি জিতছে এমন হলে, তুরুপ দিতে হবে, আর আগেই কোনো তুরুপ পড়ে থাকলে তার চেয়ে বড়
    # তুরুপ দিতে হবে" (Rotterdam: the same even when the partner is winning)
    who = "partner" if team(winner) == team(player) else "opponent"
    if higher:
        return sorted(higher), f"cannot follow, {who} winning: trump, higher than any trump in the trick"
    if undertrump == "required":
        return sorted(trumps), f"cannot follow, {who} winning, cannot overtrump: a lower trump"
    if others:
        # "বড় তুরুপ দিতে না পারলে ছোট তুরুপ না দিয়ে অন্য রঙের তাস ফেলুন"
        return sorted(others), f"cannot follow, {who} winning, cannot overtrump: discard, no lower trump"
    return sorted(trumps), "cannot follow or overtrump, only lower trumps left"  # "যদি না ... শুধু ছোট তুরুপই থাকে"


class KlaverjasState(State):
    """A Klaverjas game in progress: the current deal, the trick on the table and the running scores."""

    def __init__(self, seed: int = 0, options: dict[str, Any] | None = None, variant: str = "amsterdam") -> None:
        if variant not in SPECS:
            raise ValueError(f"unknown Klaverjas variant {variant!r}; use 'amsterdam' or 'rotterdam'")
        self.variant = variant
        self.spec = SPECS[variant]
        self.options = self.spec.with_options(options)
        self.seed = seed
        self.scores = [0, 0]
        self.deal_scores: list[list[int]] = []  # what each team scored in each finished deal
        self.last_result: dict[str, Any] | None = None  # the full record of the last finished deal
        self.deal_no = 0
        self.dealer = PLAYERS - 1
        self._legal: list[int] | None = None  # legal actions of this position, once asked for
        self._start_deal()

    # --- dealing and bidding ---------------------------------------------------------------------
    def _start_deal(self) -> None:
        order = shuffled(DECK.cards(), seed=self.seed * 100 + self.deal_no)
        first = (self.dealer + 1) % PLAYERS
        self.hands, rest = deal(order, players=PLAYERS, packets=_packets(self.options), first=first)
        assert not rest
        for hand in self.hands:
            hand.sort()
        self.phase = "bid"
        # "ডিলারের বাঁ দিক থেকে শুরু করে প্রত্যেক খেলোয়াড় একটি রং তুরুপ বলতে পারেন, অথবা পাস দিতে পারেন"
        self.to_move = first
        self.passes = 0
        self.trump = -1
        self.maker = -1
        self.leader = first  # "যিনিই বেছে নিন, প্রথম ট্রিকে প্রথম তাস চালেন ডিলারের বাঁ দিকের খেলোয়াড়"
        self.trick: list[int] = []
        self.won: list[list[int]] = [[], []]  # cards taken by each team this deal
        self.tricks = [0, 0]
        self.roem: list[list[list[Any]]] = [[], []]  # [kind, points] per team this deal
        self.last_trick = -1

    def _bid(self, action: int) -> None:
        if action == PASS:
            self.passes += 1
            self.to_move = (self.to_move + 1) % PLAYERS
            return
        self.trump, self.maker = action - CHOOSE, self.to_move
        self.phase = "play"
        self.to_move = self.leader

    # --- play ------------------------------------------------------------------------------------
    def _play(self, card: int) -> None:
        self.hands[self.to_move].remove(card)
        self.trick.append(card)
        if len(self.trick) < PLAYERS:
            self.to_move = (self.to_move + 1) % PLAYERS
            return
        winner = (self.leader + winning_position(self.trick, self.trump)) % PLAYERS
        side = team(winner)
        self.won[side].extend(self.trick)
        self.tricks[side] += 1
        self.roem[side].extend([kind, pts] for kind, pts in trick_roem(self.trick, self.trump))
        self.trick = []
        self.leader = self.to_move = winner  # the winner of a trick leads to the next (pagat)
        if self.tricks[0] + self.tricks[1] == TRICKS:
            self.last_trick = side
            self._score_deal()

    def _score_deal(self) -> None:
        cards = [sum(card_points(c, self.trump) for c in self.won[t]) for t in (0, 1)]
        cards[self.last_trick] += BONUS["last_trick"]  # "শেষ ট্রিকের জন্য আরও 10"
        roem = [sum(p for _, p in self.roem[t]) for t in (0, 1)]
        for t in (0, 1):
            if self.tricks[t] == TRICKS:
                # "আটটি ট্রিকই নেওয়ার (পিট, pit) মূল্য 100"
                self.roem[t].append(["pit", BONUS["pit"]])
                roem[t] += BONUS["pit"]
        total = [cards[t] + roem[t] for t in (0, 1)]
        playing = team(self.maker)
        # "যে দল তুরুপ বেছেছে তাকে অন্য দলের চেয়ে বেশি পয়েন্ট (তাস ও রুম মিলিয়ে) নিতে হবে। পারলে প্রত্যেক দল নিজের
        # পয়েন্ট পায়। না পারলে দলটি নাট (nat) হয়: সে কিছুই পায় না, আর অন্য দল ওই দানের সব পয়েন্ট পায়।"
        nat = total[playing] <= total[1 - playing]
        scored = list(total)
        if nat:
            scored[1 - playing], scored[playing] = total[0] + total[1], 0
        for t in (0, 1):
            self.scores[t] += scored[t]
        self.deal_scores.append(list(scored))
        self.last_result = (
            {
                "deal": self.deal_no, "dealer": self.dealer, "trump": SUITS[self.trump], "maker": self.maker,
                "card_points": cards, "roem": [list(r) for r in self.roem], "tricks": list(self.tricks),
                "nat": nat, "scored": scored,
            }
        )  # fmt: skip
        self.deal_no += 1
        if self.deal_no == self.options["deals"]:
            self.phase = "over"
            self.to_move = -1
            return
        self.dealer = (self.dealer + 1) % PLAYERS  # "খেলা চলে ঘড়ির কাঁটার দিকে"
        self._start_deal()

    # --- protocol --------------------------------------------------------------------------------
    def current_player(self) -> int:
        return self.to_move

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[int]:
        if self.phase == "bid":
            choices = [CHOOSE + s for s in range(len(DECK.suits))]
            # "চারজনই পাস দিলে ডিলারের বাঁ দিকের খেলোয়াড়কে বেছে নিতেই হয়"
            return choices if self.passes == PLAYERS else [*choices, PASS]
        if self.phase == "play":
            p = self.to_move
            return legal_cards(
                self.hands[p], self.trick, self.trump, p, self.leader, self.options["undertrump"],
                partner_exempt=PARTNER_EXEMPT[self.variant],
            )  # fmt: skip
        return []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(
                f"illegal Klaverjas action {action} ({self.action_to_string(action)}) for player {self.to_move}"
                f" in phase {self.phase}; legal: {[self.action_to_string(a) for a in self.legal_actions()]}"
            )
        self._legal = None
        if self.phase == "bid":
            self._bid(action)
        else:
            self._play(action)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        """+1 for each member of the team with more points after the last deal, -1 for the others, 0 on a tie."""
        if self.phase != "over" or self.scores[0] == self.scores[1]:
            return [0.0] * PLAYERS
        best = 0 if self.scores[0] > self.scores[1] else 1
        return [1.0 if team(p) == best else -1.0 for p in range(PLAYERS)]

    def action_to_string(self, action: int) -> str:
        if action == PASS:
            return "pass"
        if CHOOSE <= action < PASS:
            return f"trump {SUITS[action - CHOOSE]}"
        if 0 <= action < DECK.size:
            return DECK.label(action)
        return f"<no action {action}>"

    def check_invariants(self) -> None:
        """All 32 cards are somewhere exactly once; finished deals scored 162 card points between the teams."""
        cards = [c for h in self.hands for c in h] + self.trick + self.won[0] + self.won[1]
        if self.phase != "over" and sorted(cards) != DECK.cards():
            raise AssertionError(f"cards not conserved in deal {self.deal_no}: {sorted(cards)}")
        r = self.last_result  # checked after every action, so every deal is checked once it ends
        if r is not None:
            if sum(r["card_points"]) != DEAL_TOTAL:
                raise AssertionError(f"deal {r['deal']}: card points {r['card_points']} do not add up to {DEAL_TOTAL}")
            if sum(r["tricks"]) != TRICKS:
                raise AssertionError(f"deal {r['deal']}: {r['tricks']} tricks")
            if r["nat"] and (r["scored"][team(r["maker"])] != 0 or sum(r["scored"]) < DEAL_TOTAL):
                raise AssertionError(f"deal {r['deal']}: a nat team scored {r['scored']}")
        if len(self.deal_scores) != self.deal_no:
            raise AssertionError(f"{len(self.deal_scores)} deal scores after {self.deal_no} deals")
        if [sum(d[t] for d in self.deal_scores) for t in (0, 1)] != self.scores:
            raise AssertionError(f"running scores {self.scores} differ from the deal scores {self.deal_scores}")
        if self.phase == "play":
            taken = sum(card_points(c, self.trump) for t in (0, 1) for c in self.won[t])
            if taken > CARD_POINT_TOTAL:
                raise AssertionError(f"{taken} card points taken, more than {CARD_POINT_TOTAL}")

    def clone(self) -> KlaverjasState:
        """A copy that shares nothing mutable with this state (faster than the JSON round trip)."""
        other = KlaverjasState.__new__(KlaverjasState)
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.scores = list(self.scores)
        other.deal_scores = [list(d) for d in self.deal_scores]  # last_result is replaced, never changed
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.won = [list(w) for w in self.won]
        other.tricks = list(self.tricks)
        other.roem = [[list(r) for r in team_roem] for team_roem in self.roem]
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.name, "variant": self.variant, "seed": self.seed, "options": self.options,
            "scores": self.scores, "deal_scores": self.deal_scores, "last_result": self.last_result,
            "deal_no": self.deal_no, "dealer": self.dealer,
            "hands": self.hands, "phase": self.phase, "to_move": self.to_move, "passes": self.passes,
            "trump": self.trump, "maker": self.maker, "leader": self.leader, "trick": self.trick,
            "won": self.won, "tricks": self.tricks, "roem": self.roem, "last_trick": self.last_trick,
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KlaverjasState:
        state = cls.__new__(cls)
        state.variant = data["variant"]
        state.spec = SPECS[state.variant]
        state.options = state.spec.with_options(data["options"])
        state._legal = None
        for name in (
            "seed", "scores", "deal_scores", "last_result", "deal_no", "dealer", "hands", "phase", "to_move",
            "passes", "trump", "maker", "leader", "trick", "won", "tricks", "roem", "last_trick",
        ):  # fmt: skip
            setattr(state, name, data[name])
        return state

    def __str__(self) -> str:
        lines = [f"deal {self.deal_no + 1} of {self.options['deals']}, dealer P{self.dealer}, scores {self.scores}"]
        lines += [f"P{p}: {' '.join(DECK.labels(h)) or '-'}" for p, h in enumerate(self.hands)]
        if self.phase == "bid":
            forced = ", must choose (all four passed)" if self.passes == PLAYERS else ""
            lines.append(f"bidding: P{self.to_move} to choose trumps or pass, {self.passes} passes{forced}")
        elif self.phase == "play":
            lines.append(f"trump {SUITS[self.trump]}, chosen by P{self.maker}: team {team(self.maker)} must outscore")
            taken = [sum(card_points(c, self.trump) for c in self.won[t]) for t in (0, 1)]
            roem = ["+".join(f"{k} {v}" for k, v in r) or "none" for r in self.roem]
            lines.append(f"tricks {self.tricks}, card points {taken}, roem: team 0 {roem[0]}, team 1 {roem[1]}")
            played = ", ".join(f"P{(self.leader + i) % PLAYERS} {DECK.label(c)}" for i, c in enumerate(self.trick))
            rule = duty(
                self.hands[self.to_move], self.trick, self.trump, self.to_move, self.leader,
                self.options["undertrump"], self.variant == "amsterdam",
            )[1]  # fmt: skip
            lines.append(f"trick: {played or '-'}; P{self.to_move} to play ({rule})")
        r = self.last_result
        if r is not None and (self.phase == "over" or (self.phase == "bid" and self.passes == 0)):
            roem = ["+".join(f"{k} {v}" for k, v in team_roem) or "none" for team_roem in r["roem"]]
            verdict = "nat: the other team takes all" if r["nat"] else "made: each team keeps its own"
            lines.append(
                f"deal {r['deal'] + 1} result: trump {r['trump']} by P{r['maker']}, tricks {r['tricks']}, card points"
                f" {r['card_points']}, roem {roem[0]} / {roem[1]}; {verdict}; scored {r['scored']}"
            )
        return "\n".join(lines)


def _packets(options: dict[str, Any]) -> tuple[int, ...]:
    """The deal's packets under ``options`` ("3-2-3" → (3, 2, 3))."""
    return tuple(int(n) for n in options["deal_packets"].split("-"))


def facts(options: dict[str, Any] | None = None, variant: str = "amsterdam") -> dict[str, Any]:
    """Rule quantities read off the engine's tables.

    >>> f = facts()
    >>> f["card_value(rank=9,suit=trump)"], f["card_point_total"], f["roem_value(kind=four_jacks)"]
    (14, 152, 200)
    >>> f["trump_over_partner"], facts(variant="rotterdam")["trump_over_partner"]
    (False, True)
    """
    chosen = SPECS[variant].with_options(options)
    out: dict[str, Any] = {
        q.key("players"): PLAYERS,
        q.key("deck_size"): DECK.size,
        q.key("hand_size"): sum(DEAL_PACKETS),
        q.key("deal_pattern"): "-".join(map(str, _packets(chosen))),
        q.key("card_point_total"): CARD_POINT_TOTAL,
        q.key("last_trick_bonus"): BONUS["last_trick"],
        # The playing team must take more than the others; without roem that is more than half of 162.
        q.key("winning_threshold"): DEAL_TOTAL // 2 + 1,
        q.key("number_of_deals"): chosen["deals"],
        # seed 003: Amsterdam "আপনার সঙ্গী ট্রিকটি জিতছেন এমন হলে আপনি যেকোনো তাস খেলতে পারেন" (the partner's
        # winning frees you); Rotterdam "তুরুপ দিতেই হবে, এমনকি সঙ্গী ট্রিক জিতছেন তখনও" (even then); legal_cards
        q.key("trump_over_partner"): not PARTNER_EXEMPT[variant],
    }
    for rank in DECK.ranks:
        out[q.key("card_value", rank=rank, suit="trump")] = POINTS.value(rank, trump=True)
        out[q.key("card_value", rank=rank, suit="plain")] = POINTS.value(rank)
    for kind in ("run3", "run4", "four_of_a_kind", "four_jacks", "stuk", "pit"):
        out[q.key("roem_value", kind=kind)] = BONUS[kind]
    return out


def new_state(seed: int = 0, options: dict[str, Any] | None = None) -> KlaverjasState:
    """A new game under Amsterdam rules.

    >>> s = new_state(seed=4, options={"deals": 2})
    >>> s.variant, s.options["deals"], [len(h) for h in s.hands]
    ('amsterdam', 2, [8, 8, 8, 8])
    """
    return KlaverjasState(seed, options, "amsterdam")


def new_rotterdam_state(seed: int = 0, options: dict[str, Any] | None = None) -> KlaverjasState:
    """A new game under Rotterdam rules.

    >>> new_rotterdam_state(seed=4).options["undertrump"]
    'required'
    """
    return KlaverjasState(seed, options, "rotterdam")


NOTES = {
    "bidding": "free choice from dealer's left, forced choice for the first bidder when all four pass (seed 003)",
    "nat": "a tie is nat: the seed asks for more points than the other team",
    "first_dealer": "player 3, so player 0 bids and leads first",
}
# One deal plays every rule; the conformance suite's thousand playouts use it (and a few full games).
TEST_OPTIONS = {"deals": 1}
AMSTERDAM = registry.register(
    Game(spec=SPECS["amsterdam"], new_state=new_state, facts=facts, notes=NOTES, test_options=TEST_OPTIONS)
)
ROTTERDAM = registry.register(
    Game(spec=SPECS["rotterdam"], new_state=new_rotterdam_state, facts=partial(facts, variant="rotterdam"), notes=NOTES,
         test_options=TEST_OPTIONS)
)
