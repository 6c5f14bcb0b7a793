"""Playing cards for the engines: decks, labels, seeded shuffles, deals, point tables, trick winners.

A card is a small ``int`` (fast to compare, hash and store in JSON): ``suit_index * len(ranks) +
rank_index`` in its :class:`Deck`. The deck turns it into a readable :class:`Card` or label and back.
Ranks are listed from highest to lowest in the deck's *natural* order; games with another order
(Klaverjas trumps J 9 A 10 ...) pass their own order to :func:`trick_winner`.

>>> deck = Deck("sixtysix", ranks=("A", "10", "K", "Q", "J", "9"))
>>> deck.size
24
>>> deck.label(deck.card("10", "H"))
'10H'
>>> deck.to_card(deck.parse("QS"))
Card(rank='Q', suit='S')
>>> hands, rest = deal(shuffled(deck.cards(), seed=7), players=2, packets=(3, 3))
>>> [len(h) for h in hands], len(rest)
([6, 6], 12)
"""

from __future__ import annotations

import csv
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

# Suit letters in the order card ints use them (clubs, diamonds, hearts, spades: alphabetical,
# as in bridge), with their names and Unicode symbols.
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS: dict[str, str] = {
    "C": "\N{BLACK CLUB SUIT}",
    "D": "\N{BLACK DIAMOND SUIT}",
    "H": "\N{BLACK HEART SUIT}",
    "S": "\N{BLACK SPADE SUIT}",
}
RANK_NAMES: dict[str, str] = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine", "8": "eight",
    "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two",
}
# The full French-suited ranks, high to low (Bisti's 52 cards, bridge order).
FULL_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


@dataclass(frozen=True)
class Card:
    """A readable card: rank and suit letters.

    >>> str(Card("10", "H")), Card("J", "S").name
    ('10H', 'jack of spades')
    """

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def name(self) -> str:
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES.get(self.suit, self.suit)}"


@dataclass(frozen=True)
class Deck:
    """A pack: its ranks (high to low in the natural order) and suits; cards are ints.

    >>> piquet = Deck("piquet", ranks=("A", "K", "Q", "J", "10", "9", "8", "7"))
    >>> piquet.size, piquet.rank_of(piquet.card("J", "D")), piquet.suit_of(piquet.card("J", "D"))
    (32, 'J', 'D')
    >>> piquet.parse("1H")
    Traceback (most recent call last):
    ...
    ValueError: not a card of the piquet deck: '1H'; write rank then suit, e.g. 'AC' or '10H'
    """

    name: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...] = SUITS
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for s, suit in enumerate(self.suits):
            for r, rank in enumerate(self.ranks):
                self._index[rank + suit] = s * len(self.ranks) + r

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits)

    def cards(self) -> list[int]:
        """Every card of the pack, in int order (suit by suit, high rank first)."""
        return list(range(self.size))

    def card(self, rank: str, suit: str) -> int:
        return self._index[rank + suit]

    def rank_index(self, card: int) -> int:
        return card % len(self.ranks)

    def suit_index(self, card: int) -> int:
        return card // len(self.ranks)

    def rank_of(self, card: int) -> str:
        return self.ranks[card % len(self.ranks)]

    def suit_of(self, card: int) -> str:
        return self.suits[card // len(self.ranks)]

    def to_card(self, card: int) -> Card:
        return Card(self.rank_of(card), self.suit_of(card))

    def label(self, card: int) -> str:
        """``'10H'``-style label of ``card``."""
        return self.rank_of(card) + self.suit_of(card)

    def labels(self, cards: Iterable[int]) -> list[str]:
        return [self.label(c) for c in cards]

    def parse(self, label: str) -> int:
        """The card int of a label like ``'AC'`` or ``'10H'`` (case-insensitive)."""
        try:
            return self._index[label.strip().upper()]
        except KeyError:
            raise ValueError(
                f"not a card of the {self.name} deck: {label!r}; write rank then suit, e.g. 'AC' or '10H'"
            ) from None

    def of_suit(self, suit: int) -> range:
        """The card ints of suit number ``suit`` (high rank first)."""
        n = len(self.ranks)
        return range(suit * n, suit * n + n)


def shuffled(cards: Sequence[int], seed: int) -> list[int]:
    """A copy of ``cards`` shuffled by ``random.Random(seed)``: the same seed, the same order.

    >>> shuffled(range(6), seed=1) == shuffled(range(6), seed=1)
    True
    >>> sorted(shuffled(range(6), seed=1))
    [0, 1, 2, 3, 4, 5]
    """
    order = list(cards)
    random.Random(seed).shuffle(order)
    return order


def deal(
    order: Sequence[int], players: int, packets: Sequence[int], first: int = 0
) -> tuple[list[list[int]], list[int]]:
    """Deal ``order`` from the top in packets, each packet round the table starting with ``first``.

    ``packets=(3, 2, 3)`` gives every player 3 cards, then 2, then 3. Returns the hands (indexed by
    player) and the undealt rest in order (its first card is the next to be dealt).

    >>> deal(list(range(10)), players=2, packets=(2, 1), first=1)
    ([[2, 3, 5], [0, 1, 4]], [6, 7, 8, 9])
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for size in packets:
        for k in range(players):
            hands[(first + k) % players].extend(order[pos : pos + size])
            pos += size
    if pos > len(order):
        raise ValueError(f"cannot deal {pos} cards from a pack of {len(order)}")
    return hands, list(order[pos:])


@dataclass(frozen=True)
class PointTable:
    """Card points by rank, with an optional separate trump column (Klaverjas).

    >>> t = PointTable("demo", plain={"A": 11, "J": 2}, trump={"A": 11, "J": 20})
    >>> t.value("J"), t.value("J", trump=True), t.value("7")
    (2, 20, 0)
    """

    name: str
    plain: dict[str, int]
    trump: dict[str, int] | None = None
    sources: tuple[str, ...] = ()

    def value(self, rank: str, trump: bool = False) -> int:
        column = self.trump if trump and self.trump is not None else self.plain
        return column.get(rank, 0)

    def card_values(self, deck: Deck, trump_suit: int | None = None) -> list[int]:
        """Points of every card int of ``deck`` (a lookup list for fast engines)."""
        return [
            self.value(deck.rank_of(c), trump=trump_suit is not None and deck.suit_index(c) == trump_suit)
            for c in deck.cards()
        ]

    def total(self, deck: Deck, trump_suit: int | None = None) -> int:
        """Sum of the card points in the pack (one suit counted as trumps when given)."""
        return sum(self.card_values(deck, trump_suit))


def read_point_tables(path: Path | str) -> dict[str, PointTable]:
    """Point tables from a TSV with columns ``table rank suit points source`` (suit ``plain`` or ``trump``).

    >>> import tempfile, os
    >>> text = "table\\trank\\tsuit\\tpoints\\tsource\\nx\\tA\\tplain\\t11\\tpagat\\nx\\tA\\ttrump\\t12\\tpagat\\n"
    >>> with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
    ...     _ = f.write(text)
    >>> tables = read_point_tables(f.name); os.unlink(f.name)
    >>> tables["x"].value("A"), tables["x"].value("A", trump=True), tables["x"].sources
    (11, 12, ('pagat',))
    """
    plain: dict[str, dict[str, int]] = {}
    trump: dict[str, dict[str, int]] = {}
    sources: dict[str, list[str]] = {}
    with open(path, encoding="utf-8", newline="") as f:
        for n, row in enumerate(csv.DictReader(f, delimiter="\t"), start=2):
            try:
                name, rank, suit, points = row["table"], row["rank"], row["suit"], int(row["points"])
            except (KeyError, TypeError, ValueError):
                raise ValueError(
                    f"{path}:{n}: expected columns table, rank, suit, points (an integer), source"
                ) from None
            if suit not in ("plain", "trump"):
                raise ValueError(f"{path}:{n}: suit must be 'plain' or 'trump', not {suit!r}")
            (plain if suit == "plain" else trump).setdefault(name, {})[rank] = points
            src = (row.get("source") or "").strip()
            if src and src not in sources.setdefault(name, []):
                sources[name].append(src)
    return {
        name: PointTable(name, plain.get(name, {}), trump.get(name), tuple(sources.get(name, ())))
        for name in sorted(set(plain) | set(trump))
    }


def trick_winner(
    trick: Sequence[int],
    deck: Deck,
    trump_suit: int | None,
    strength: Callable[[int], int] | None = None,
) -> int:
    """Position in ``trick`` of the winning card: the highest trump, else the highest of the suit led.

    ``strength(card)`` orders cards of one suit (higher wins); the default is the deck's natural
    order (its first rank highest). Klaverjas passes its own trump order.

    >>> d = Deck("sixtysix", ranks=("A", "10", "K", "Q", "J", "9"))
    >>> trick_winner([d.parse("KH"), d.parse("AH")], d, trump_suit=None)
    1
    >>> trick_winner([d.parse("AH"), d.parse("9S")], d, trump_suit=d.suits.index("S"))
    1
    >>> trick_winner([d.parse("AH"), d.parse("AC")], d, trump_suit=d.suits.index("S"))
    0
    """
    if strength is None:
        n = len(deck.ranks)

        def strength(card: int) -> int:
            return n - card % n

    best = 0  # the card led wins unless beaten by a higher one of its suit or by a trump
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        cs, bs = deck.suit_index(c), deck.suit_index(b)
        if cs == bs:
            if strength(c) > strength(b):
                best = i
        elif cs == trump_suit:  # a trump beats any card of another suit
            best = i
    return best
