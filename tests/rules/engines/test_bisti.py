"""Bisti for two (seed 000): what the seed states, and the options for what it leaves open."""

from __future__ import annotations

import random

import pytest

from puthi.rules.engines.bisti import (
    DEAL_PACKETS,
    DECK,
    LAST_TRICK,
    STOCK_FACE_DOWN,
    BistiState,
    facts,
    kagoj,
    new_state,
)


def cards(text: str) -> list[int]:
    return [DECK.parse(x) for x in text.split()]


def play_random(state, seed=0):
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        state.check_invariants()
    return state


def test_the_seeds_arithmetic_makes_a_pack_of_32():
    # "প্রথমে দুই পরে তিন তিন করিয়া আটখানি", one card face up, "অপর ১৫ খানি" face down, "জমা করা তাস ১৬ খানি"
    assert DEAL_PACKETS == (2, 3, 3) and STOCK_FACE_DOWN == 15
    assert 2 * sum(DEAL_PACKETS) + 1 + STOCK_FACE_DOWN == DECK.size == 32


def test_deal_eight_each_and_the_cut_card_face_up_under_fifteen():
    for seed in range(20):
        state = new_state(seed)
        assert [len(h) for h in state.hands] == [8, 8]
        assert len(state.stock) == 16 and state.stock[-1] == state.face_up
        assert sorted(state.hands[0] + state.hands[1] + state.stock) == DECK.cards()
        assert state.trump == DECK.suit_index(state.face_up)


def test_the_cutter_leads():
    assert all(new_state(seed).current_player() == 0 for seed in range(10))


def test_trick_winner_draws_first_and_the_loser_second():
    state = new_state(4)
    top, second = state.stock[0], state.stock[1]
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    winner = state.current_player()  # the winner leads the next trick
    assert state.tricks[winner] == 1
    assert top in state.hands[winner] and second in state.hands[1 - winner]
    assert len(state.stock) == 14 and [len(h) for h in state.hands] == [8, 8]


def test_stock_is_gone_after_eight_tricks_the_face_up_card_last_to_the_loser():
    # "এইরূপে আটবার খেলার পর জমা করা তাস ১৬ খানি ফুরাইয়া যায়"
    state = new_state(9)
    rng = random.Random(9)
    face_up = state.face_up
    for _trick in range(8):
        assert state.stock
        state.apply_action(rng.choice(state.legal_actions()))
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.stock and [len(h) for h in state.hands] == [8, 8]
    loser = 1 - state.current_player()  # the winner of the eighth trick leads the ninth
    assert face_up in state.hands[loser]
    play_random(state)  # "তাহার পর হাতের তাসগুলিও ক্রমে ফুরাইয়া যায়"
    assert sum(state.tricks) == 16 and state.hands == [[], []]


def test_higher_card_of_the_suit_led_or_a_trump_wins():
    state = new_state(0)
    state.hands = [cards("KS 7H"), cards("AS 7D")]
    state.stock, state.trump, state.leader, state.to_move = [], DECK.suits.index("H"), 0, 0
    state.won = [[c for c in DECK.cards() if c not in state.hands[0] + state.hands[1]], []]
    state.apply_action(DECK.parse("KS"))
    state.apply_action(DECK.parse("AS"))
    assert state.current_player() == 1 and state.tricks == [0, 1]
    state.apply_action(DECK.parse("7D"))
    state.apply_action(DECK.parse("7H"))  # the seven of trumps beats the diamond
    assert state.tricks == [1, 1] and state.is_terminal() and state.last_trick == 0


def test_last_trick_five_and_all_the_photas_add_up():
    for seed in range(30):
        state = play_random(new_state(seed), seed)
        # 120 card points in the Ace-Ten count plus "হাতের পাঁচ"
        assert sum(state.photas()) == 120 + LAST_TRICK
        last = state.last_trick
        assert state.photas()[last] >= LAST_TRICK


def test_kagoj_by_twenties():
    # "যাহার যত কুড়ি বেশী হয় সে ততখানি কাগজ ধরে"
    assert kagoj([85, 40]) == [2, -2]  # four twenties against two
    assert kagoj([85, 40], "twenties_of_difference") == [2, -2]
    assert kagoj([79, 46]) == [1, -1]  # three twenties against two
    assert kagoj([60, 65]) == [0, 0]
    assert kagoj([39, 86], "twenties_of_difference") == [-2, 2]


def test_returns_are_kagoj_and_within_the_spec():
    state = play_random(new_state(7), 7)
    assert state.returns() == [float(k) for k in kagoj(state.photas())]
    assert state.spec.min_return <= state.returns()[0] <= state.spec.max_return


def test_follow_suit_options():
    # player 0 led the ace of spades; player 1 holds a spade
    state = new_state(1)
    state.hands, state.trick, state.to_move, state.leader = [cards("7H"), cards("KS 8D QC")], cards("AS"), 1, 0
    assert [DECK.label(a) for a in state.legal_actions()] == ["KS"]  # default: always follow
    free = new_state(1, {"follow": "after_stock"})
    free.hands, free.trick, free.to_move, free.leader = [cards("7H"), cards("KS 8D QC")], cards("AS"), 1, 0
    assert len(free.legal_actions()) == 3  # the stock is still there: any card
    free.stock = []
    assert [DECK.label(a) for a in free.legal_actions()] == ["KS"]


def test_no_trump_option():
    state = new_state(2, {"trump": "none"})
    assert state.trump == -1
    play_random(state, 2)


def test_facts_are_what_the_seed_states():
    f = facts()
    assert f == {
        "players": 2, "deck_size": 32, "hand_size": 8, "deal_pattern": "2-3-3", "stock_face_down": 15,
        "last_trick_bonus": 5,
    }  # fmt: skip
    assert not any(k.startswith("card_value") for k in f), "assumed card values must not pose as the seed's"


def test_bad_option():
    with pytest.raises(ValueError, match="no option"):
        BistiState(0, {"trumps": "none"})
