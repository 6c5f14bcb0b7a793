"""Dash-guti (seed 004): the board's geometry, the start, and every rule, each shown on a position."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise

import pytest

from puthi.rules.engines.dashguti import (
    CENTRE,
    JUMPS,
    LINES,
    POINTS,
    START,
    STEPS,
    DashGutiState,
    _jumped,
    facts,
    new_state,
)

N = len(POINTS)


def board(x=(), o=(), player=0, **options):
    """A position with player 0's pieces on ``x`` and player 1's on ``o``."""
    state = DashGutiState(options)
    state.board = [-1] * N
    for p in x:
        state.board[p] = 0
    for p in o:
        state.board[p] = 1
    state.captured = [10 - len(x), 10 - len(o)]
    state.player = player
    return state


def moves(state):
    return sorted(state.action_to_string(a) for a in state.legal_actions())


# --- geometry -----------------------------------------------------------------------------------
def test_twenty_one_points_nineteen_intersections_two_end_points():
    # seed 004: "মুঠ ২১টা বিন্দুৰ বাবে মুঠ ১৯টা ছেদক বিন্দু আৰু ২টা শেষ বিন্দু"
    on_lines = Counter(p for line in LINES for p in line)
    assert len(POINTS) == 21 and set(on_lines) == set(range(21))
    assert sum(1 for p in on_lines if on_lines[p] >= 2) == 19
    assert sorted(p for p in on_lines if on_lines[p] == 1) == [9, 11]


def test_every_line_is_straight_and_evenly_spaced():
    for line in LINES:
        steps = {(POINTS[b][0] - POINTS[a][0], POINTS[b][1] - POINTS[a][1]) for a, b in pairwise(line)}
        assert len(steps) == 1, f"line {line} bends"


def test_the_centre_is_the_common_apex_on_four_lines():
    assert POINTS[CENTRE] == (0, 0)
    assert sum(1 for line in LINES if CENTRE in line) == 4
    assert sorted(STEPS[CENTRE]) == [6, 7, 8, 9, 11, 12, 13, 14]


def test_jumps_are_straight_two_point_leaps_along_a_line():
    triples = {t for line in LINES for seq in (line, line[::-1]) for t in zip(seq, seq[1:], seq[2:], strict=False)}
    for src, pairs in JUMPS.items():
        for over, to in pairs:
            assert (src, over, to) in triples
    # the base corner 0 jumps along its rank (over 1 to 2) and up its side (over 3 to 6) only
    assert JUMPS[0] == [(1, 2), (3, 6)]


def test_start_ten_each_on_the_first_four_ranks_centre_empty():
    state = new_state()
    assert state.pieces() == [10, 10] and state.board[CENTRE] == -1
    assert {POINTS[p][1] for p in START[0]} == {-3, -2, -1, 0}  # ranks one to four from player 0's side
    assert {POINTS[p][1] for p in START[1]} == {3, 2, 1, 0}
    assert state.board.count(-1) == 1


# --- the forced opening is a consequence, not a rule ------------------------------------------------
def test_first_move_is_forced_into_the_centre_and_is_captured_at_once():
    """Seed 004: "প্ৰথম খোজটো কেন্দ্ৰীয় পইণ্টত খেলিবলৈ বাধ্য হয়, আৰু আনজন খেলুৱৈৰ টুকুৰাৰ দ্বাৰা ধৰা পৰে".

    Nothing in the engine names the centre for the first move: the centre is the only empty point, so
    every legal first move goes there; the reply then has exactly one legal move, the capture of that
    piece, landing on the point it left.
    """
    start = new_state()
    first_moves = start.legal_actions()
    assert len(first_moves) == 4
    for action in first_moves:
        src, to = divmod(action, N)
        assert to == CENTRE and _jumped(src, to) is None
        state = start.clone()
        state.apply_action(action)
        replies = state.legal_actions()
        assert len(replies) == 1, f"after {state.action_to_string(action)}: {moves(state)}"
        r_src, r_to = divmod(replies[0], N)
        assert _jumped(r_src, r_to) == CENTRE and r_to == src
        state.apply_action(replies[0])
        assert state.pieces() == [9, 10] and state.board[CENTRE] == -1


def test_the_opening_follows_from_the_empty_point_not_from_code():
    # empty another point instead of the centre and the "forced first move" is gone
    state = new_state()
    state.board[CENTRE], state.board[4] = 0, -1
    targets = {a % N for a in state.legal_actions()}
    assert CENTRE not in targets and targets == {4}
    assert facts()["first_move_forced"] == "centre"


# --- rules ----------------------------------------------------------------------------------------
def test_steps_go_along_lines_to_an_adjacent_empty_point():
    state = board(x=[0], o=[20])
    assert moves(state) == ["0-1", "0-3"]
    state = board(x=[CENTRE], o=[20])
    assert moves(state) == [f"{CENTRE}-{p}" for p in sorted(STEPS[CENTRE], key=str)]


def test_capture_is_compulsory():
    # "বন্দী কৰাটো বাধ্যতামূলক": player 0 could step 0-1 or 0-3, but 7 can jump 10 to 13, so it must
    state = board(x=[0, 7], o=[CENTRE, 20])
    assert moves(state) == ["7x10-13"]
    state.apply_action(state.legal_actions()[0])
    assert state.pieces() == [2, 1] and state.board[CENTRE] == -1 and state.board[13] == 0


def test_no_jump_over_an_own_piece_or_onto_an_occupied_point():
    assert "7x10-13" not in moves(board(x=[7, CENTRE], o=[20]))
    assert "7x10-13" not in moves(board(x=[7], o=[CENTRE, 13]))


def test_capturing_every_piece_wins():
    state = board(x=[7], o=[CENTRE])
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.end_reason == "all pieces captured"


def test_a_blocked_player_loses():
    # player 0's only piece is in the corner; 1 and 3 are taken and so are the points behind them (2 and 6)
    state = board(x=[0], o=[1, 2, 3, 6, 19], player=1)
    state.apply_action(19 * N + 16)  # player 1 moves elsewhere; player 0 has no step and no jump
    assert state.is_terminal() and state.end_reason == "blocked" and state.returns() == [-1.0, 1.0]
    # the same position with the point behind 1 open is not blocked: 0 must capture 1
    state = board(x=[0], o=[1, 3, 6, 19], player=1)
    state.apply_action(19 * N + 16)
    assert not state.is_terminal() and moves(state) == ["0x1-2"]
    assert facts()["outcome_when_blocked"] == "loss"


def test_when_no_one_captures_any_more_the_side_with_more_pieces_wins():
    # two pieces against one, far apart; the quiet_plies-th ply in a row without a capture ends the game
    state = board(x=[0, 2], o=[19], quiet_plies=20)
    state.quiet = 18
    state.apply_action(0 * N + 1)
    assert not state.is_terminal() and state.quiet == 19
    state.apply_action(19 * N + 16)
    assert state.is_terminal() and state.returns() == [1.0, -1.0] and state.end_reason == "no capture in 20 plies"
    # a capture resets the count
    state = board(x=[7], o=[CENTRE, 20], quiet_plies=20)
    state.quiet = 19
    state.apply_action(7 * N + 13)
    assert state.quiet == 0 and not state.is_terminal()


def test_equal_pieces_at_the_end_is_a_draw():
    state = board(x=[0], o=[20], quiet_plies=20)
    state.quiet = 19
    state.apply_action(0 * N + 1)
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.end_reason == "no capture in 20 plies"


def test_chain_captures_option():
    # player 0 on 0 jumps 3 landing on 6, from where it could jump 7 landing on 8
    single = board(x=[0], o=[3, 7, 20])
    single.apply_action(0 * N + 6)
    assert single.current_player() == 1 and single.pieces() == [1, 2]
    chain = board(x=[0], o=[3, 7, 20], chain_captures="compulsory")
    chain.apply_action(0 * N + 6)
    assert chain.current_player() == 0 and moves(chain) == ["6x7-8"]  # the same piece must go on
    chain.apply_action(6 * N + 8)
    assert chain.current_player() == 1 and chain.pieces() == [1, 1]
    # a rules expert's review: other descriptions allow multiple captures without making them compulsory
    for stop in (False, True):
        free = board(x=[0], o=[3, 7, 20], chain_captures="optional")
        free.apply_action(0 * N + 6)
        assert free.current_player() == 0 and moves(free) == ["6 stops", "6x7-8"]
        free.apply_action(6 * N + (6 if stop else 8))
        assert free.current_player() == 1 and free.pieces() == [1, 2 if stop else 1] and free.chain is None
        free.check_invariants()


def test_random_games_never_grow_a_side_and_end_within_the_bound():
    lengths = []
    for seed in range(200):
        state, rng = new_state(), random.Random(seed)
        counts = state.pieces()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            now = state.pieces()
            assert now[0] <= counts[0] and now[1] <= counts[1]
            counts = now
            state.check_invariants()
        lengths.append(state.plies)
    assert max(lengths) <= state.spec.max_length


def test_illegal_move_and_bad_option():
    with pytest.raises(ValueError, match="illegal Dash-guti move"):
        new_state().apply_action(0 * N + 1)
    with pytest.raises(ValueError, match="not one of"):
        new_state(options={"quiet_plies": 7})


def test_facts():
    f = facts()
    assert (f["board_points"], f["pieces_per_player"], f["players"]) == (21, 10, 2)
    assert (f["first_move_forced"], f["capture_compulsory"], f["outcome_when_blocked"]) == ("centre", 1, "loss")
