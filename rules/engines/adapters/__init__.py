"""Cross-checking an engine against another implementation of the same game.

An *implementation* (:class:`Implementation`) states its rule facts and can play a given deal move by
move (:class:`Session`). Moves are written in a small shared vocabulary, so two implementations with
different APIs can be compared: ``("play", "AH")``, ``("marry", "H", "KH")`` (declare the marriage in
hearts and lead the king), ``("exchange",)``, ``("close",)``, ``("claim",)``.

:func:`compare` plays the same deals through two implementations, choosing at random among the moves
both allow, and records every disagreement as an :class:`Observation`: a fact, a move only one side allows,
the points after a trick, or the outcome. Each observation is then named by the first documented
:class:`Difference` that explains it, or ``"unexplained"``. To cross-check another implementation,
write an :class:`Implementation` for it and a list of the differences you know (see
``schnapsen_pkg.py``).

>>> from puthi.rules.engines.adapters import Deal, ReferenceImplementation, compare
>>> ref = ReferenceImplementation("schnapsen")
>>> report = compare(ref, ReferenceImplementation("schnapsen"), deals(range(3), "schnapsen"), [])
>>> report.counts()
{}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from puthi.rules.engines import sixtysix

Move = tuple[str, ...]


@dataclass(frozen=True)
class Deal:
    """A deal by card labels: the first leader's hand, the other hand, the stock top first (turn-up last)."""

    game: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    stock: tuple[str, ...]


class Session(Protocol):
    """One deal in progress in some implementation."""

    def to_move(self) -> int:
        """The player to move (0 leads first), or -1 when the deal is over."""

    def leading(self) -> bool:
        """True when no card is on the table (the player to move leads)."""

    def moves(self) -> set[Move]: ...

    def play(self, move: Move) -> None: ...

    def scores(self) -> tuple[int, int]:
        """Each player's points that count now (cards won, marriages counted, bonuses)."""

    def outcome(self) -> tuple[int, int] | None:
        """``(winner, game points)`` once the deal is over (winner -1 for a draw), else None."""

    def context(self) -> dict[str, Any]:
        """Facts about the position that explain differences (stock size, tricks won ...)."""


class Implementation(Protocol):
    name: str

    def facts(self) -> dict[str, Any]:
        """Rule quantities by the keys of ``puthi.rules.quantities``."""

    def start(self, deal: Deal) -> Session: ...


@dataclass(frozen=True)
class Observation:
    """One disagreement: ``kind`` is facts, moves, scores or outcome; ``detail`` says what differs."""

    kind: str
    deal: int
    step: int
    detail: dict[str, Any]
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Difference:
    """A named, documented rule difference and the test that recognises its observations."""

    name: str
    status: str  # "confirmed" / "refuted" (a difference someone expected), "found" (seen here first), or "option"
    # (seen only when the reference is set to an option other than its default)
    doc: str
    explains: Callable[[Observation], bool]


@dataclass
class Report:
    observations: list[tuple[str, Observation]] = field(default_factory=list)
    deals: int = 0

    def counts(self) -> dict[str, int]:
        """How often each named difference (or ``unexplained``) was observed."""
        return dict(Counter(name for name, _ in self.observations))

    def unexplained(self) -> list[Observation]:
        return [o for name, o in self.observations if name == "unexplained"]

    def to_markdown(self, differences: Iterable[Difference]) -> str:
        counts = self.counts()
        lines = ["| difference | status | observations | what it is |", "|---|---|---|---|"]
        for d in differences:
            lines.append(f"| `{d.name}` | {d.status} | {counts.get(d.name, 0)} | {d.doc} |")
        if counts.get("unexplained"):
            lines.append(f"| `unexplained` | to investigate | {counts['unexplained']} | |")
        return "\n".join(lines)


def name_of(observation: Observation, differences: Iterable[Difference]) -> str:
    for difference in differences:
        if difference.explains(observation):
            return difference.name
    return "unexplained"


def compare_facts(reference: dict[str, Any], other: dict[str, Any]) -> list[Observation]:
    """One observation per quantity the two fact tables disagree on (or only one states).

    >>> [o.detail for o in compare_facts({"deck_size": 20, "hand_size": 5}, {"deck_size": 24})]
    [{'key': 'deck_size', 'reference': 20, 'other': 24}, {'key': 'hand_size', 'reference': 5, 'other': None}]
    """
    out = []
    for key in sorted(set(reference) | set(other)):
        a, b = reference.get(key), other.get(key)
        if a != b:
            out.append(Observation("facts", -1, -1, {"key": key, "reference": a, "other": b}))
    return out


def deals(seeds: Iterable[int], game: str) -> list[Deal]:
    """Deals shuffled by the reference engine for ``seeds``."""
    out = []
    for seed in seeds:
        state = sixtysix.new_state(seed, game=game)
        deck = state.rules.deck
        hands = (tuple(deck.labels(state.hands[0])), tuple(deck.labels(state.hands[1])))
        out.append(Deal(game, hands, tuple(deck.labels(state.stock))))
    return out


def compare(
    reference: Implementation,
    other: Implementation,
    deal_list: Iterable[Deal],
    differences: list[Difference],
    seed: int = 0,
) -> Report:
    """Play every deal through both implementations and name each disagreement.

    Moves are chosen by ``random.Random(seed)`` among those both allow. Points are compared after
    every trick; the deal is abandoned at the first difference in points (after comparing the outcome,
    when that trick ended the deal), since the two games no longer describe the same position. When
    only ``other`` has ended the deal (it declares a winner by itself), the reference player to move
    claims, if it may, and the outcomes are compared.
    """
    report = Report()
    for obs in compare_facts(reference.facts(), other.facts()):
        report.observations.append((name_of(obs, differences), obs))
    rng = random.Random(seed)
    for index, deal in enumerate(deal_list):
        report.deals += 1
        a, b = reference.start(deal), other.start(deal)
        step = 0
        while True:

            def note(kind: str, detail: dict[str, Any], index: int = index, step: int = step, a: Session = a) -> None:
                obs = Observation(kind, index, step, detail, a.context())
                report.observations.append((name_of(obs, differences), obs))

            oa, ob = a.outcome(), b.outcome()
            if ob is not None and oa is None and ("claim",) in a.moves():
                note("outcome", {"reference": None, "other": ob, "ended_by": "other"})
                a.play(("claim",))
                oa = a.outcome()
            if oa is not None or ob is not None:
                if oa != ob:
                    scores = {"scores": a.scores(), "other_scores": b.scores(), "other_context": b.context()}
                    note("outcome", {"reference": oa, "other": ob, **scores})
                break
            if a.to_move() != b.to_move():
                note("turn", {"reference": a.to_move(), "other": b.to_move()})
                break
            ma, mb = a.moves(), b.moves()
            for m in sorted(ma - mb):
                note("moves", {"move": m, "only_in": "reference"})
            for m in sorted(mb - ma):
                note("moves", {"move": m, "only_in": "other"})
            common = sorted(ma & mb)
            if not common:
                note("stuck", {"reference": sorted(ma), "other": sorted(mb)})
                break
            move = rng.choice(common)
            was_leading = a.leading()
            a.play(move)
            b.play(move)
            step += 1
            if not was_leading and move[0] == "play" and a.scores() != b.scores():
                note("scores", {"reference": a.scores(), "other": b.scores(), "other_context": b.context()})
                if a.outcome() is None and b.outcome() is None:
                    break  # the positions differ from here on; a finished deal still compares its outcome
    return report


class ReferenceSession:
    """A deal of :mod:`puthi.rules.engines.sixtysix` behind the :class:`Session` vocabulary."""

    def __init__(self, deal: Deal, options: dict[str, Any] | None = None) -> None:
        hands = (list(deal.hands[0]), list(deal.hands[1]))
        self.state = sixtysix.deal_state(hands, list(deal.stock), deal.game, options)
        self.deck = self.state.rules.deck

    def to_move(self) -> int:
        return self.state.current_player()

    def leading(self) -> bool:
        return not self.state.trick

    def moves(self) -> set[Move]:
        s, deck = self.state, self.deck
        out: set[Move] = set()
        for action in s.legal_actions():
            if action < s.rules.n:
                out.add(("play", deck.label(action)))
            elif action < s.rules.n + 4:
                suit = deck.suits[action - s.rules.n]
                out.add(("marry", suit, "K" + suit))
                out.add(("marry", suit, "Q" + suit))
            elif action == s.exchange_action:
                out.add(("exchange",))
            elif action == s.close_action:
                out.add(("close",))  # closing before drawing is left out: the package has no closing at all
            elif action == s.claim_action:
                out.add(("claim",))
        return out

    def play(self, move: Move) -> None:
        s, deck = self.state, self.deck
        if move[0] == "play":
            s.apply_action(deck.parse(move[1]))
        elif move[0] == "marry":
            s.apply_action(s.marriage_action(deck.suits.index(move[1])))
            s.apply_action(deck.parse(move[2]))
        else:
            s.apply_action({"exchange": s.exchange_action, "close": s.close_action, "claim": s.claim_action}[move[0]])

    def scores(self) -> tuple[int, int]:
        return (self.state.points[0], self.state.points[1])

    def outcome(self) -> tuple[int, int] | None:
        r = self.state.result
        return None if r is None else (r["winner"], r["game_points"])

    def context(self) -> dict[str, Any]:
        s = self.state
        p = s.current_player()
        return {
            "stock": len(s.stock),
            "strict": s._strict(),
            "mover": p,
            "mover_tricks": s.tricks[p] if p >= 0 else None,
            "tricks": list(s.tricks),
            "pending": list(s.pending),
            "cards_left": len(s.hands[0]) + len(s.hands[1]) + len(s.stock),
            "last_trick_winner": s.last[3] if s.last else None,
        }


class ReferenceImplementation:
    """This project's engine as an :class:`Implementation` (the side every other one is compared with)."""

    def __init__(self, game: str = "schnapsen", options: dict[str, Any] | None = None) -> None:
        self.name = f"puthi {game}"
        self.game = game
        self.options = options

    def facts(self) -> dict[str, Any]:
        return sixtysix.facts(self.options, game=self.game)

    def start(self, deal: Deal) -> ReferenceSession:
        return ReferenceSession(deal, self.options)
