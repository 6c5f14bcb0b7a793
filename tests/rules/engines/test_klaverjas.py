"""Klaverjas (seed 003): each rule the seed states, checked on positions built for it."""

from __future__ import annotations

import random

import pytest

from puthi.rules.engines import registry
from puthi.rules.engines.cards import SUITS
from puthi.rules.engines.klaverjas import (
    CHOOSE,
    DECK,
    PASS,
    KlaverjasState,
    card_points,
    facts,
    trick_roem,
    winning_position,
)


def cards(text: str) -> list[int]:
    return [DECK.parse(x) for x in text.split()]


def position(hands, trump="C", maker=0, leader=0, trick="", variant="amsterdam", **options):
    """A one-deal game put in the play phase with the given hands (labels) and trick on the table."""
    state = KlaverjasState(0, {"deals": 1, **options}, variant)
    state.hands = [sorted(cards(h)) for h in hands]
    state.phase, state.trump, state.maker, state.leader = "play", SUITS.index(trump), maker, leader
    state.trick = cards(trick)
    state.to_move = (leader + len(state.trick)) % 4
    state.won, state.tricks, state.roem = [[], []], [0, 0], [[], []]
    state._legal = None
    return state


def labels(actions):
    return sorted(DECK.label(a) for a in actions)


# --- equipment and deal -----------------------------------------------------------------------
def test_both_variants_are_registered():
    assert {"klaverjas", "klaverjas-rotterdam"} <= set(registry.names())
    assert registry.get("klaverjas-rotterdam").new_state(0, None).variant == "rotterdam"


def test_deal_gives_eight_cards_each_from_32():
    for seed in range(20):
        state = KlaverjasState(seed)
        assert [len(h) for h in state.hands] == [8, 8, 8, 8]
        assert sorted(c for h in state.hands for c in h) == list(range(32))


def test_seed_values_are_the_engine_values():
    # seed 003: trump J 9 A 10 K Q 8 7 = 20 14 11 10 4 3 0 0; plain A 10 K Q J 9 8 7 = 11 10 4 3 2 0 0 0
    f = facts()
    trump = dict(zip("J 9 A 10 K Q 8 7".split(), (20, 14, 11, 10, 4, 3, 0, 0), strict=True))
    plain = dict(zip("A 10 K Q J 9 8 7".split(), (11, 10, 4, 3, 2, 0, 0, 0), strict=True))
    for rank in trump:
        assert f[f"card_value(rank={rank},suit=trump)"] == trump[rank]
        assert f[f"card_value(rank={rank},suit=plain)"] == plain[rank]
    assert (f["card_point_total"], f["last_trick_bonus"], f["number_of_deals"]) == (152, 10, 16)
    assert (f["deck_size"], f["hand_size"], f["deal_pattern"], f["players"]) == (32, 8, "3-2-3", 4)
    assert [f[f"roem_value(kind={k})"] for k in ("run3", "run4", "four_of_a_kind", "four_jacks", "stuk", "pit")] == [
        20, 50, 100, 200, 20, 100,
    ]  # fmt: skip
    assert facts({"deals": 4})["number_of_deals"] == 4
    # the card table really adds up: every suit as trumps once
    for trump_suit in range(4):
        assert sum(card_points(c, trump_suit) for c in range(32)) == 152


def test_trick_order_trump_and_plain():
    h = SUITS.index("H")
    # trumps J 9 A 10 K Q 8 7: the jack beats the nine beats the ace
    assert winning_position(cards("AH 9H JH 10H"), h) == 2
    # plain A 10 K Q J 9 8 7: the ten beats the king; a card of another suit never wins
    assert winning_position(cards("KS 10S AD QS"), h) == 1
    assert winning_position(cards("KS 7H AS"), h) == 1  # any trump beats the ace of the suit led


# --- bidding ------------------------------------------------------------------------------------
def test_bidding_starts_left_of_dealer_and_forces_a_choice_when_all_pass():
    state = KlaverjasState(3)
    assert state.dealer == 3 and state.current_player() == 0
    for player in range(4):
        assert state.current_player() == player and PASS in state.legal_actions()
        state.apply_action(PASS)
    # "চারজনই পাস দিলে ডিলারের বাঁ দিকের খেলোয়াড়কে বেছে নিতেই হয়"
    assert state.current_player() == 0 and state.legal_actions() == [CHOOSE + s for s in range(4)]
    with pytest.raises(ValueError):
        state.apply_action(PASS)
    state.apply_action(CHOOSE + 2)
    assert (state.trump, state.maker, state.phase, state.current_player()) == (2, 0, "play", 0)


def test_whoever_chooses_the_player_left_of_dealer_leads():
    state = KlaverjasState(5)
    state.apply_action(PASS)
    state.apply_action(PASS)
    state.apply_action(CHOOSE + 1)  # player 2 chooses diamonds
    assert state.maker == 2 and state.current_player() == 0


def test_the_deal_rotates_clockwise():
    state = KlaverjasState(8, {"deals": 4})
    rng = random.Random(8)
    dealers = []
    while not state.is_terminal():
        if state.phase == "bid" and state.passes == 0 and state.dealer not in dealers:
            dealers.append(state.dealer)
        state.apply_action(rng.choice(state.legal_actions()))
    assert dealers == [3, 0, 1, 2]


# --- play duties ----------------------------------------------------------------------------------
def test_must_follow_suit():
    # player 1 led the king of clubs; player 2 holds one club, and trumps, and must still follow
    state = position(["", "", "9H 7C 8D 10S", ""], trump="H", leader=1, trick="KC")
    assert state.current_player() == 2 and labels(state.legal_actions()) == ["7C"]


def test_amsterdam_partner_winning_frees_the_player_but_forbids_undertrumping():
    # player 1 leads clubs, player 2 trumps with the nine, player 3 follows; player 0, void in clubs, holds
    # the jack of trumps: with the partner winning he may discard or overtrump, but not play the seven.
    state = position(["7H JH AS 8S", "", "", ""], trump="H", leader=1, trick="KC 9H 8C")
    assert labels(state.legal_actions()) == ["8S", "AS", "JH"]


def test_rotterdam_must_trump_even_when_the_partner_is_winning():
    state = position(["7H JH AS 8S", "", "", ""], trump="H", leader=1, trick="KC 9H 8C", variant="rotterdam")
    assert labels(state.legal_actions()) == ["JH"]


def test_opponent_winning_must_trump_and_overtrump():
    # player 1 leads clubs, player 2 (partner of 0) plays low, player 3 trumps with the queen; player 0 must beat it
    state = position(["7H KH AS 8S", "", "", ""], trump="H", leader=1, trick="KC 7C QH")
    assert labels(state.legal_actions()) == ["KH"]
    # with nothing higher than the queen, no undertrumping: discard instead (Amsterdam)
    state = position(["7H 8H AS 8S", "", "", ""], trump="H", leader=1, trick="KC 7C QH")
    assert labels(state.legal_actions()) == ["8S", "AS"]
    # ... unless only lower trumps are left
    state = position(["7H 8H", "", "", ""], trump="H", leader=1, trick="KC 7C QH")
    assert labels(state.legal_actions()) == ["7H", "8H"]


def test_undertrump_option():
    # Rotterdam's default reads "always trump" literally: a lower trump when it cannot overtrump
    state = position(["7H 8H AS 8S", "", "", ""], trump="H", leader=1, trick="KC 7C QH", variant="rotterdam")
    assert labels(state.legal_actions()) == ["7H", "8H"]
    state = position(
        ["7H 8H AS 8S", "", "", ""], trump="H", leader=1, trick="KC 7C QH", variant="rotterdam", undertrump="avoid"
    )
    assert labels(state.legal_actions()) == ["8S", "AS"]


def test_trumps_led_must_be_beaten_even_over_the_partner():
    # "তুরুপ চালা হলে, পারলে ... বড় তুরুপ দিতে হবে, সঙ্গীর তুরুপের উপরেও"
    state = position(["JH 8H AS", "", "", ""], trump="H", leader=2, trick="9H QH")
    assert labels(state.legal_actions()) == ["JH"]
    state = position(["7H 8H AS", "", "", ""], trump="H", leader=2, trick="9H QH")
    assert labels(state.legal_actions()) == ["7H", "8H"]  # cannot go higher: still follow suit


# --- roem, pit, nat -----------------------------------------------------------------------------
def test_roem_in_a_trick():
    s = SUITS.index("S")
    assert trick_roem(cards("AD KD QD 7C"), s) == [("run3", 20)]
    assert trick_roem(cards("JD 10D 9D 8D"), s) == [("run4", 50)]
    assert trick_roem(cards("QS KS 7D 8C"), s) == [("stuk", 20)]
    assert trick_roem(cards("QS KS JS 8C"), s) == [("run3", 20), ("stuk", 20)]
    assert trick_roem(cards("10H 10C 10S 10D"), s) == [("four_of_a_kind", 100)]
    assert trick_roem(cards("JH JC JS JD"), s) == [("four_jacks", 200)]
    assert trick_roem(cards("8H 8C 8S 8D"), s) == []
    # runs follow A K Q J 10 9 8 7 even in trumps, not the trump order J 9 A ...
    assert trick_roem(cards("JS 9S AS 7H"), s) == []
    assert trick_roem(cards("10S 9S JS 7H"), s) == [("run3", 20)]
    # and the run must be in one suit
    assert trick_roem(cards("AD KH QD 7C"), s) == []


def test_roem_goes_to_the_team_that_takes_the_trick():
    # player 0 leads the ace of diamonds, everyone follows with K Q: a run of three; team 0 wins the trick
    state = position(["AD 7S", "KD 7C", "QD 8C", "7D 9C"], trump="S", leader=0)
    for card in ("AD", "KD", "QD", "7D"):
        state.apply_action(DECK.parse(card))
    assert state.roem == [[["run3", 20]], []] and state.tricks == [1, 0]


def _all_clubs_to_player_0(maker):
    # clubs are trumps and player 0 holds them all; nobody else can follow or trump, so team 0 takes every trick
    return position(
        ["AC KC QC JC 10C 9C 8C 7C", "AD KD QD JD 10D 9D 8D 7D", "AH KH QH JH 10H 9H 8H 7H",
         "AS KS QS JS 10S 9S 8S 7S"],
        trump="C", maker=maker, leader=0,
    )  # fmt: skip


def _play_out(state):
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_pit_all_eight_tricks():
    state = _play_out(_all_clubs_to_player_0(maker=0))
    r = state.last_result
    assert r["tricks"] == [8, 0] and r["card_points"] == [162, 0]
    assert ["pit", 100] in r["roem"][0]
    assert not r["nat"] and state.scores[0] >= 262 and state.scores[1] == 0


def test_nat_gives_everything_to_the_other_team():
    state = _play_out(_all_clubs_to_player_0(maker=1))
    r = state.last_result
    assert r["nat"] and r["scored"][1] == 0
    total = 162 + sum(p for team_roem in r["roem"] for _, p in team_roem)
    assert r["scored"][0] == total and state.scores == [total, 0]
    assert state.returns() == [1.0, -1.0, 1.0, -1.0]


def test_a_tie_is_nat():
    # "অন্য দলের চেয়ে বেশি পয়েন্ট": equal is not more. Team 0 chose trumps and took 71 + 10 = 81 of 162.
    state = position(["", "", "", ""], trump="C", maker=0)
    state.won = [cards("AD 10D KD QD JD AH 10H KH QH JH AS"), cards(
        "9D 8D 7D 9H 8H 7H 10S KS QS JS 9S 8S 7S AC KC QC JC 10C 9C 8C 7C"
    )]
    state.tricks, state.last_trick = [4, 4], 0
    state._score_deal()
    r = state.last_result
    assert r["card_points"] == [81, 81] and r["nat"] and r["scored"] == [0, 162]


def test_playing_team_that_makes_it_keeps_its_points_and_so_do_the_others():
    state = position(["", "", "", ""], trump="C", maker=0)
    state.won = [cards("AD 10D KD QD JD AH 10H KH QH JH AS 10S"), cards(
        "9D 8D 7D 9H 8H 7H KS QS JS 9S 8S 7S AC KC QC JC 10C 9C 8C 7C"
    )]
    state.tricks, state.last_trick = [4, 4], 0
    state._score_deal()
    # 81 card points and the last trick's 10 against 71: each team keeps what it took
    assert state.last_result["scored"] == [91, 71] and not state.last_result["nat"]


# --- the whole game -------------------------------------------------------------------------------
def test_a_game_is_sixteen_deals_and_the_higher_total_wins():
    state = KlaverjasState(11)
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        state.check_invariants()
    assert state.deal_no == 16 and len(state.deal_scores) == 16
    best = 0 if state.scores[0] > state.scores[1] else 1
    assert state.returns()[best] == 1.0 and state.returns()[1 - best] == -1.0


def test_invariants_catch_a_lost_card():
    state = KlaverjasState(2)
    state.hands[0].pop()
    with pytest.raises(AssertionError, match="cards not conserved"):
        state.check_invariants()


def test_bad_options_are_refused_with_the_choices():
    with pytest.raises(ValueError, match="not one of"):
        KlaverjasState(0, {"deals": 3})
    with pytest.raises(ValueError, match="no option"):
        KlaverjasState(0, {"trumps": "C"})


def test_a_deal_in_two_packets_of_four_is_an_option():
    # a rules expert's review: nl.wikipedia deals 3-2-3 "of anders 4-4"
    from puthi.rules.engines.cards import deal, shuffled
    from puthi.rules.engines.klaverjas import facts, new_state

    for packets, option in (((3, 2, 3), {}), ((4, 4), {"deal_packets": "4-4"})):
        state = new_state(seed=3, options=option)
        hands, _ = deal(shuffled(DECK.cards(), seed=300), players=4, packets=packets, first=0)
        assert state.hands == [sorted(h) for h in hands]
    assert new_state(seed=3).hands != new_state(seed=3, options={"deal_packets": "4-4"}).hands
    assert facts({"deal_packets": "4-4"})["deal_pattern"] == "4-4" and facts()["deal_pattern"] == "3-2-3"
