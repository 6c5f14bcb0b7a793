"""The ``schnapsen`` package from PyPI (VU Amsterdam's Intelligent Systems course platform) as an implementation.

:class:`SchnapsenPackage` drives the package's own ``SchnapsenGamePlayEngine`` move by move (its
move validator, trick implementer and trick scorer, with scripted bots), so that
:func:`puthi.rules.engines.adapters.compare` can play the deals of this project's Schnapsen engine
through it. :data:`DIFFERENCES` documents every way the two disagree; each was read in the package's
source (``schnapsen/game.py`` of version 0.0.5) and is recognised in the observations by a test.

>>> from puthi.rules.engines.adapters import ReferenceImplementation, compare, deals
>>> report = compare(ReferenceImplementation("schnapsen"), SchnapsenPackage(), deals(range(20), "schnapsen"),
...                  DIFFERENCES)
>>> report.unexplained()
[]
>>> "no_closing" in report.counts()
True
"""

from __future__ import annotations

from typing import Any

from puthi.rules import quantities as q
from puthi.rules.engines.adapters import Deal, Difference, Move, Observation

try:  # the package is a development dependency; the module imports without it
    from schnapsen import game as pkg
    from schnapsen.deck import Card, Rank, Suit
except ImportError:  # pragma: no cover - exercised only where the package is missing
    pkg = None

_RANKS = {"A": "ACE", "10": "TEN", "K": "KING", "Q": "QUEEN", "J": "JACK", "9": "NINE"}
_SUITS = {"C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS", "S": "SPADES"}


def _require() -> None:
    if pkg is None:
        raise ImportError("the schnapsen package is not installed; install it with: pip install schnapsen==0.0.5")


def to_card(label: str) -> Any:
    """The package's ``Card`` for a label like ``'10H'``.

    >>> to_card("10H")
    Card.TEN_HEARTS
    """
    _require()
    return Card.get_card(Rank[_RANKS[label[:-1]]], Suit[_SUITS[label[-1]]])


def to_label(card: Any) -> str:
    ranks = {v: k for k, v in _RANKS.items()}
    suits = {v: k for k, v in _SUITS.items()}
    return ranks[card.rank.name] + suits[card.suit.name]


class _Scripted(pkg.Bot if pkg else object):  # type: ignore[misc]
    """A bot that plays the move it is told; it also remembers which player it is."""

    def __init__(self, player: int) -> None:
        super().__init__(name=f"P{player}")
        self.player = player
        self.move: Any = None

    def get_move(self, perspective: Any, leader_move: Any) -> Any:
        return self.move


class PackageSession:
    """One deal in the package's engine."""

    def __init__(self, deal: Deal) -> None:
        _require()
        self.engine = pkg.SchnapsenGamePlayEngine()
        self.bots = (_Scripted(0), _Scripted(1))
        self.state = pkg.GameState(
            leader=pkg.BotState(implementation=self.bots[0], hand=pkg.Hand([to_card(c) for c in deal.hands[0]])),
            follower=pkg.BotState(implementation=self.bots[1], hand=pkg.Hand([to_card(c) for c in deal.hands[1]])),
            talon=pkg.Talon([to_card(c) for c in deal.stock]),
            previous=None,
        )
        self.leader_move: Any = None
        self.result: tuple[int, int] | None = None

    def to_move(self) -> int:
        if self.result is not None:
            return -1
        side = self.state.follower if self.leader_move is not None else self.state.leader
        return side.implementation.player

    def leading(self) -> bool:
        return self.leader_move is None

    def moves(self) -> set[Move]:
        if self.result is not None:
            return set()
        validator = self.engine.move_validator
        if self.leader_move is not None:
            return {
                ("play", to_label(m.card))
                for m in validator.get_legal_follower_moves(self.engine, self.state, self.leader_move)
            }
        out: set[Move] = set()
        for m in validator.get_legal_leader_moves(self.engine, self.state):
            if m.is_trump_exchange():
                out.add(("exchange",))
            elif m.is_marriage():
                marriage = m.as_marriage()
                led = marriage.underlying_regular_move().card
                out.add(("marry", to_label(marriage.king_card)[-1], to_label(led)))
            else:
                out.add(("play", to_label(m.card)))
        return out

    def play(self, move: Move) -> None:
        if move not in self.moves():
            raise ValueError(f"the schnapsen package does not allow {move} here")
        implementer = self.engine.trick_implementer
        if self.leader_move is None:
            if move[0] == "exchange":
                jack = to_card("J" + to_label(self.state.talon.trump_card())[-1])
                self.state = implementer.play_trick_with_fixed_leader_move(
                    self.engine, self.state, pkg.TrumpExchange(jack)
                )
            elif move[0] == "marry":
                self.leader_move = pkg.Marriage(to_card("Q" + move[1]), to_card("K" + move[1]))
            else:
                self.leader_move = pkg.RegularMove(to_card(move[1]))
        else:
            follower = self.state.follower.implementation
            follower.move = pkg.RegularMove(to_card(move[1]))
            self.state = implementer.play_trick_with_fixed_leader_move(self.engine, self.state, self.leader_move)
            self.leader_move = None
        won = self.engine.trick_scorer.declare_winner(self.state)
        if won is not None:
            bot_state, points = won
            self.result = (bot_state.implementation.player, points)

    def _by_player(self, value: Any) -> tuple[Any, Any]:
        leader, follower = value(self.state.leader), value(self.state.follower)
        return (leader, follower) if self.state.leader.implementation.player == 0 else (follower, leader)

    def scores(self) -> tuple[int, int]:
        return self._by_player(lambda b: b.score.direct_points)

    def outcome(self) -> tuple[int, int] | None:
        return self.result

    def context(self) -> dict[str, Any]:
        return {"pending": list(self._by_player(lambda b: b.score.pending_points)), "talon": len(self.state.talon)}


def _probe_winner(leader_points: int, follower_points: int, all_played: bool = False) -> tuple[bool, int] | None:
    """Ask the package's scorer who wins a position with these points (None: play goes on)."""
    hand = [] if all_played else [to_card("AH")]
    talon = [] if all_played else [to_card("AS"), to_card("KS")]
    state = pkg.GameState(
        leader=pkg.BotState(_Scripted(0), pkg.Hand(hand), score=pkg.Score(direct_points=leader_points)),
        follower=pkg.BotState(_Scripted(1), pkg.Hand(list(hand)), score=pkg.Score(direct_points=follower_points)),
        talon=pkg.Talon(talon, trump_suit=Suit.SPADES),
        previous=None,
    )
    won = pkg.SchnapsenTrickScorer().declare_winner(state)
    return None if won is None else (won[0].implementation.player == 0, won[1])


class SchnapsenPackage:
    """The ``schnapsen`` package as an :class:`~puthi.rules.engines.adapters.Implementation`."""

    name = "schnapsen 0.0.5 (PyPI)"

    def __init__(self) -> None:
        _require()

    def facts(self) -> dict[str, Any]:
        """The package's rule quantities, read from its tables and by probing its scorer."""
        deck = list(pkg.SchnapsenDeckGenerator().get_initial_deck())
        hand1, hand2, talon = pkg.SchnapsenHandGenerator.generateHands(pkg.OrderedCardCollection(deck))
        scorer = pkg.SchnapsenTrickScorer()
        # its dealer gives cards 0, 2, 4 ... to one hand and 1, 3, 5 ... to the other: one at a time
        dealt = list(hand1.get_cards())
        first = list(deck)
        pattern = "-".join("1" for _ in dealt) if all(first.index(c) % 2 == 0 for c in dealt) else "?"
        out: dict[str, Any] = {
            q.key("players"): 2,
            q.key("deck_size"): len(deck),
            q.key("hand_size"): len(dealt),
            q.key("deal_pattern"): pattern,
            q.key("stock_face_down"): len(talon) - 1,
            q.key("card_point_total"): sum(scorer.rank_to_points(c.rank) for c in deck),
        }
        for rank in {c.rank for c in deck}:
            label = {v: k for k, v in _RANKS.items()}[rank.name]
            for suit in ("trump", "plain"):
                out[q.key("card_value", rank=label, suit=suit)] = scorer.rank_to_points(rank)
        probe = pkg.GameState(
            leader=pkg.BotState(_Scripted(0), hand1),
            follower=pkg.BotState(_Scripted(1), hand2),
            talon=talon,
            previous=None,
        )
        trump = probe.trump_suit
        plain = next(s for s in Suit if s is not trump)
        for kind, suit in (("trump", trump), ("plain", plain)):
            marriage = pkg.Marriage(Card.get_card(Rank.QUEEN, suit), Card.get_card(Rank.KING, suit))
            out[q.key("marriage_value", suit=kind)] = scorer.marriage(marriage, probe).pending_points
        out[q.key("winning_threshold")] = next(p for p in range(130) if _probe_winner(p, 40) is not None)
        out[q.key("schneider_threshold")] = next(p for p in range(1, 66) if _probe_winner(70, p) == (True, 1))
        out[q.key("game_points", outcome="normal")] = _probe_winner(70, 40)[1]
        out[q.key("game_points", outcome="schneider")] = _probe_winner(70, 20)[1]
        out[q.key("game_points", outcome="schwarz")] = _probe_winner(70, 0)[1]
        # the last trick: with all cards played below 66, the package gives its winner the deal (1 point)
        # and adds no card points; the quantity is 0 here
        out[q.key("last_trick_bonus")] = 0 if _probe_winner(60, 60, all_played=True) == (True, 1) else None
        out[q.key("follow_suit_while_stock")] = _probe_follow_while_stock()
        return out

    def nine_value(self) -> int | None:
        """What the package's scorer gives a nine, or None when it has no value for it (no 24-card game)."""
        try:
            return pkg.SchnapsenTrickScorer().rank_to_points(Rank.NINE)
        except KeyError:
            return None

    def start(self, deal: Deal) -> PackageSession:
        if deal.game != "schnapsen":
            raise ValueError(f"the schnapsen package plays only 20-card Schnapsen, not {deal.game}")
        return PackageSession(deal)


def _probe_follow_while_stock() -> bool:
    """Whether the package makes the follower follow suit at the first trick (the stock full),
    found in the first shuffled deal whose follower holds the led suit and another."""
    from puthi.rules.engines.adapters import deals

    for deal in deals(range(50), "schnapsen"):
        led = deal.hands[0][0]
        follower = deal.hands[1]
        if any(c[-1] == led[-1] for c in follower) and any(c[-1] != led[-1] for c in follower):
            session = PackageSession(deal)
            session.play(("play", led))
            return not any(m[1][-1] != led[-1] for m in session.moves())
    raise AssertionError("no deal to probe the follower's duty")


# --- the documented differences --------------------------------------------------------------------


def _only_in(obs: Observation, side: str) -> Move | None:
    """The move of a moves observation when only ``side`` ("reference" or "other") allows it."""
    if obs.kind == "moves" and obs.detail["only_in"] == side:
        return tuple(obs.detail["move"])
    return None


def _is_facts(obs: Observation, key: str) -> bool:
    return obs.kind == "facts" and obs.detail["key"] == key


def _marriage_waits(obs: Observation) -> bool:
    if obs.kind == "scores":
        ref, other = obs.detail["reference"], obs.detail["other"]
    elif obs.kind == "outcome" and "other_scores" in obs.detail:  # the deal ended with the marriage pending
        ref, other = obs.detail["scores"], obs.detail["other_scores"]
    else:
        return False
    pending = obs.detail["other_context"]["pending"]
    return all(ref[p] - other[p] in (0, pending[p]) for p in (0, 1)) and ref != other


def _automatic_66(obs: Observation) -> bool:
    return obs.kind == "outcome" and obs.detail.get("ended_by") == "other" and obs.detail["other"][0] >= 0


def _last_trick(obs: Observation) -> bool:
    if obs.kind == "scores" and obs.context.get("cards_left") == 0:
        w = obs.context.get("last_trick_winner")
        ref, other = obs.detail["reference"], obs.detail["other"]
        return ref[w] - other[w] == 10 and ref[1 - w] == other[1 - w]
    return (
        obs.kind == "outcome"
        and obs.detail.get("ended_by") is None
        and obs.context.get("cards_left") == 0
        and obs.detail["other"] == (obs.context.get("last_trick_winner"), 1)
    )


DIFFERENCES: list[Difference] = [
    Difference(
        "no_closing",
        "confirmed",
        "The package has no closing of the stock: at a lead with the stock open the reference also offers "
        "('close',) (seed 002: either player may close the stock).",
        lambda o: _only_in(o, "reference") == ("close",),
    ),
    Difference(
        "no_claim",
        "found",
        "The package has no claim of 66: it ends the deal itself after a trick that brings the winner to 66 "
        "(declare_winner). The reference lets the player to lead claim, rightly or wrongly (seed 002).",
        lambda o: _only_in(o, "reference") == ("claim",),
    ),
    Difference(
        "marriage_leads_king_only",
        "found",
        "The package's Marriage move always leads the king (underlying_regular_move returns the king); the "
        "reference lets the declarer lead the king or the queen (pagat: either card is led).",
        lambda o: (m := _only_in(o, "reference")) is not None and m[0] == "marry" and m[2].startswith("Q"),
    ),
    Difference(
        "exchange_without_won_trick",
        "option",
        "With the seed's Sixty-Six rule (option exchange_needs_trick=True; Schnapsen's default is False, as pagat "
        "and the package have it), the package lets the leader exchange the trump jack before winning any trick "
        "and the reference does not (seed 002: 'provided the player has won at least one trick').",
        lambda o: _only_in(o, "other") == ("exchange",) and o.context.get("mover_tricks") == 0,
    ),
    Difference(
        "marriage_after_stock",
        "option",
        "With the seed's Sixty-Six rule (option marriages_after_stock=False; Schnapsen's default is True, as "
        "pagat and the package have it), the package allows marriages after the stock is exhausted and the "
        "reference does not (seed 002: 'marriages are no longer declarable').",
        lambda o: (m := _only_in(o, "other")) is not None and m[0] == "marry" and o.context.get("strict") is True,
    ),
    Difference(
        "marriage_waits_for_next_trick",
        "found",
        "A marriage declared by a player who has already won a trick counts at once in the reference (seed 002: "
        "void only if the holder wins no trick); the package keeps it pending until that player wins another "
        "trick (Score.pending_points, redeemed in score()).",
        _marriage_waits,
    ),
    Difference(
        "automatic_66",
        "found",
        "The package ends the deal by itself when the winner of a trick has 66; in the reference that player "
        "must claim (the comparison then claims for it and compares the results).",
        _automatic_66,
    ),
    Difference(
        "last_trick_wins_deal",
        "option",
        "With the seed's Sixty-Six rule (option last_trick=bonus_10; Schnapsen's default is wins_deal, as pagat "
        "and the package have it): when all cards are played with nobody at 66, the package gives the winner of "
        "the last trick the deal and one game point, and the reference adds 10 card points for the last trick "
        "and counts; the points after the last trick differ by 10 and the outcomes may differ.",
        _last_trick,
    ),
    Difference(
        "last_trick_bonus",
        "option",
        "Fact last_trick_bonus with option last_trick=bonus_10: 10 in the reference, 0 in the package (same rule "
        "as last_trick_wins_deal).",
        lambda o: _is_facts(o, "last_trick_bonus"),
    ),
    Difference(
        "deals_one_card_at_a_time",
        "found",
        "Fact deal_pattern: the package deals the hands one card at a time (cards 0, 2, 4 ... and 1, 3, 5 ...); "
        "the reference deals 3 + 2 (pagat Schnapsen). The comparison hands both the same deal, so play is not "
        "affected.",
        lambda o: _is_facts(o, "deal_pattern"),
    ),
    Difference(
        "nines_score_one",
        "refuted",
        "Expected: the package's 24-card variant scores nines 1 instead of 0. Version 0.0.5 has no 24-card "
        "variant: its deck generator makes 20 cards and its scorer has no value for a nine (KeyError), see "
        "SchnapsenPackage.nine_value().",
        lambda o: _is_facts(o, "card_value(rank=9,suit=plain)") and o.detail["other"] == 1,
    ),
]
