"""One conformance suite over every registered engine (after OpenSpiel's games_sim_test).

For each game: 1,000 seeded, uniformly random playouts (with the game's ``test_options`` when it
declares them, e.g. one deal of Klaverjas instead of sixteen, plus a few games with the defaults),
then playouts with the ``sensible`` policy of
``puthi.rules.engines.playthrough`` (complete games instead of ones ended early by a blunder such as a
wrong claim) until a budget of steps is spent; that policy looks one action ahead, which is costly in
long games, hence the budget rather than a number of games.
After every action the engine's own ``check_invariants`` runs (cards conserved, Sixty-Six 120 + 10,
Klaverjas 152 + 10, Dash-guti piece counts never growing ...), the legal action list is checked, and
the JSON round trip is checked at every step of the first playouts and at every third step after
that, to keep the suite inside its time budget. Clone independence, determinism for a seed, illegal
actions, spec and facts sanity are separate tests. New engines are picked up from the registry.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from puthi.rules import quantities
from puthi.rules.engines import registry
from puthi.rules.engines.base import State
from puthi.rules.engines.playthrough import choose

PLAYOUTS = 1000
DEFAULT_PLAYOUTS = 20  # extra games with the default options, for engines that declare test_options
SENSIBLE_STEPS = 3000  # steps of sensible play per engine, after the random playouts
FULL_JSON_PLAYOUTS = 200  # playouts with the JSON round trip at every step; then every third step
GOLDEN = Path(__file__).parent / "golden"
NAMES = registry.names()


def _round_trip(state: State) -> None:
    data = state.to_json()
    text = json.dumps(data, sort_keys=True)
    back = type(state).from_json(json.loads(text))
    assert json.dumps(back.to_json(), sort_keys=True) == text, "JSON round trip changed the state"
    assert back.legal_actions() == state.legal_actions(), "JSON round trip changed the legal actions"
    assert back.current_player() == state.current_player()
    assert back.is_terminal() == state.is_terminal()


def _check_position(state: State, players: int) -> list[int]:
    legal = state.legal_actions()
    if state.is_terminal():
        assert legal == [], "a finished game has no legal action"
        assert state.current_player() == -1
        return legal
    assert legal, "a game that is not over must offer an action"
    assert legal == sorted(set(legal)), f"legal actions must be sorted and unique: {legal}"
    assert all(isinstance(a, int) for a in legal)
    assert 0 <= state.current_player() < players
    return legal


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_keep_the_invariants(name):
    game = registry.get(name)
    spec = game.spec
    finals: set[str] = set()
    sensible_steps, i = 0, 0
    extra = DEFAULT_PLAYOUTS if game.test_options else 0
    while i < PLAYOUTS + extra or sensible_steps < SENSIBLE_STEPS:
        seed = 1000 + i
        options = game.test_options if i < PLAYOUTS and game.test_options else None
        state = game.new_state(seed, options)
        rng = random.Random(seed)
        policy = "random" if i < PLAYOUTS + extra else "sensible"
        steps = 0
        state.check_invariants()
        _round_trip(state)
        while not state.is_terminal():
            legal = _check_position(state, spec.players)
            action = choose(state, rng, policy)
            assert action in legal
            state.apply_action(action)
            steps += 1
            assert steps <= spec.max_length, f"seed {seed}: longer than the declared maximum {spec.max_length}"
            state.check_invariants()
            if i < FULL_JSON_PLAYOUTS or steps % 3 == 0:
                _round_trip(state)
        _check_position(state, spec.players)
        _round_trip(state)
        returns = state.returns()
        assert len(returns) == spec.players
        assert all(spec.min_return <= r <= spec.max_return for r in returns), f"seed {seed}: returns {returns}"
        finals.add(json.dumps(state.to_json(), sort_keys=True))
        sensible_steps += steps if policy == "sensible" else 0
        i += 1
    # the playouts must actually explore: most of them end in a position of their own
    assert len(finals) > i // 2, f"{name}: only {len(finals)} different final positions in {i} playouts"


@pytest.mark.parametrize("name", NAMES)
def test_clone_is_independent(name):
    game = registry.get(name)
    for seed in range(40):
        state = game.new_state(seed, None)
        rng = random.Random(seed)
        stop = rng.randrange(game.spec.max_length)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        before = json.dumps(state.to_json(), sort_keys=True)
        copy = state.clone()
        assert json.dumps(copy.to_json(), sort_keys=True) == before
        while not copy.is_terminal():
            copy.apply_action(rng.choice(copy.legal_actions()))
        assert json.dumps(state.to_json(), sort_keys=True) == before, "playing the clone changed the original"


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name):
    game = registry.get(name)
    deals = set()
    for seed in range(20):
        first, second = game.new_state(seed, None), game.new_state(seed, None)
        assert first.to_json() == second.to_json(), "a seed must fix the deal"
        deals.add(json.dumps(first.to_json(), sort_keys=True))
        rng = random.Random(seed)
        while not first.is_terminal():
            action = rng.choice(first.legal_actions())
            first.apply_action(action)
            second.apply_action(action)
        assert first.to_json() == second.to_json() and first.returns() == second.returns()
    chance = any("seed" in o.name for o in game.spec.options) or len(deals) > 1
    assert chance or name in {"dashguti"}, f"{name}: twenty seeds gave one deal"


@pytest.mark.parametrize("name", NAMES)
def test_illegal_action_is_refused(name):
    game = registry.get(name)
    state = game.new_state(0, None)
    illegal = max(state.legal_actions()) + 10_000
    with pytest.raises(ValueError):
        state.apply_action(illegal)


@pytest.mark.parametrize("name", NAMES)
def test_spec_options_and_facts_are_declared(name):
    game = registry.get(name)
    spec = game.spec
    assert spec.players >= 1 and spec.max_length > 0 and spec.min_return <= spec.max_return
    assert spec.sources, f"{name}: a spec must name its sources"
    for option in spec.options:
        assert option.default in option.choices, f"{name}: option {option.name} default not among its choices"
        assert option.doc and option.source, f"{name}: option {option.name} needs a doc and a source"
        assert set(option.variants) <= set(option.choices) - {option.default}, f"{name}: {option.name} variants"
    assert game.facts is not None, f"{name}: an engine must expose facts(options)"
    facts = game.facts(None)
    assert facts, f"{name}: facts() is empty"
    for k in facts:
        quantity, _ = quantities.parse_key(k)
        assert quantity in quantities.QUANTITIES, f"{name}: fact {k!r} is not a quantity of rules.quantities"
    assert facts.get("players", spec.players) == spec.players


@pytest.mark.parametrize("name", NAMES)
def test_engine_declares_its_invariants(name):
    state = registry.get(name).new_state(0, None)
    assert type(state).check_invariants is not State.check_invariants, (
        f"{name}: override State.check_invariants with the game's conservation laws"
    )


@pytest.mark.parametrize("name", NAMES)
def test_engine_has_a_golden_playthrough(name):
    goldens = [p for p in GOLDEN.glob("*.txt") if p.read_text(encoding="utf-8").startswith(f"# playthrough of {name} ")]
    assert goldens, (
        f"no golden transcript for {name}; write one with "
        f"python -m puthi.rules.engines.playthrough {name} --seed N --policy sensible > {GOLDEN}/{name}.txt"
    )
