"""Playthrough transcripts: a whole game written out as text, to read as rule documentation and to test against.

A transcript starts with a header naming the game, the seed, the options and the policy that chose the
moves; the body shows each position (``str(state)``), the legal actions and the action taken, and the
returns at the end. :func:`compare_golden` regenerates the body from the header and reports the first
difference, so a stored transcript ("golden") pins every rule the game touched.

Policies are generic, so they work for every registered engine:

- ``random`` picks uniformly among the legal actions (``random.Random(seed)``);
- ``sensible`` takes an action that ends the game in the mover's favour when there is one, never one
  that ends it against the mover when another exists, and otherwise picks at random. It plays long,
  complete games without knowing the rules (in Sixty-Six: it claims 66 only when right).

>>> text = playthrough("sixtysix", seed=2, policy="sensible")
>>> text.splitlines()[0]
'# playthrough of sixtysix (Sixty-Six)'
>>> compare_golden(text) is None
True
>>> compare_golden(text.replace("P0 leads", "P0 plays", 1)).startswith("line ")
True

Write a golden for an engine with
``python -m puthi.rules.engines.playthrough NAME --seed N [--policy sensible] > tests/rules/engines/golden/NAME.txt``.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
from typing import Any

from puthi.rules.engines import registry
from puthi.rules.engines.base import State

POLICIES = ("random", "sensible")


def choose(state: State, rng: random.Random, policy: str = "random") -> int:
    """An action for the player to move under ``policy`` (see the module docstring).

    >>> from puthi.rules.engines import registry
    >>> s = registry.get("sixtysix").new_state(0, None)
    >>> choose(s, random.Random(0), "sensible") in s.legal_actions()
    True
    """
    actions = state.legal_actions()
    if policy == "random" or len(actions) == 1:
        return rng.choice(actions)
    if policy != "sensible":
        raise ValueError(f"unknown policy {policy!r}; use one of {', '.join(POLICIES)}")
    me = state.current_player()
    going_on, neutral = [], []
    for action in actions:
        after = state.clone()
        after.apply_action(action)
        if not after.is_terminal():
            going_on.append(action)
            continue
        result = after.returns()[me] if me >= 0 else 0.0
        if result > 0:
            return action
        if result == 0:
            neutral.append(action)
    return rng.choice(going_on or neutral or actions)


def _describe(state: State) -> str:
    text = str(state)
    if type(state).__str__ is object.__str__:
        text = json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)
    return text


def play(
    name: str, seed: int, options: dict[str, Any] | None = None, policy: str = "random"
) -> tuple[State, list[int]]:
    """Play one game of ``name`` from deal ``seed`` with ``policy``; the final state and the actions.

    >>> final, actions = play("schnapsen", seed=4, policy="sensible")
    >>> final.is_terminal(), len(actions) <= final.spec.max_length
    (True, True)
    """
    game = registry.get(name)
    state = game.new_state(seed, options)
    rng = random.Random(seed)
    actions: list[int] = []
    while not state.is_terminal():
        action = choose(state, rng, policy)
        actions.append(action)
        state.apply_action(action)
    return state, actions


def regenerate_command(name: str, seed: int, options: dict[str, Any] | None = None, policy: str = "random") -> str:
    """The shell command that prints the transcript of this game again.

    >>> print(regenerate_command("sixtysix", 3, {"close_before_drawing": False}, "sensible").split(" --seed ")[1])
    3 --policy sensible --options '{"close_before_drawing": false}'
    """
    command = f"python -m puthi.rules.engines.playthrough {name} --seed {seed} --policy {policy}"
    return command + (f" --options {shlex.quote(json.dumps(options, sort_keys=True))}" if options else "")


def playthrough(name: str, seed: int, options: dict[str, Any] | None = None, policy: str = "random") -> str:
    """The transcript of one game (header and body), ending with a newline."""
    game = registry.get(name)
    header = [
        f"# playthrough of {name} ({game.spec.title})",
        f"# seed: {seed}",
        f"# options: {json.dumps(options or {}, sort_keys=True)}",
        f"# policy: {policy}",
        f"# regenerate: {regenerate_command(name, seed, options, policy)}",
    ]
    return "\n".join(header + _body(name, seed, options, policy)) + "\n"


def _body(name: str, seed: int, options: dict[str, Any] | None, policy: str) -> list[str]:
    game = registry.get(name)
    state = game.new_state(seed, options)
    rng = random.Random(seed)
    lines: list[str] = []
    step = 0
    while not state.is_terminal():
        lines.append("")
        lines.append(f"[{step}] " + _describe(state).replace("\n", "\n    "))
        legal = state.legal_actions()
        lines.append("    legal: " + " | ".join(state.action_to_string(a) for a in legal))
        action = choose(state, rng, policy)
        lines.append(f"  > {state.action_to_string(action)}")
        state.apply_action(action)
        step += 1
    lines.append("")
    lines.append("[end] " + _describe(state).replace("\n", "\n    "))
    lines.append(f"returns: {state.returns()}")
    return lines


def parse_header(text: str) -> dict[str, Any]:
    """Game, seed, options and policy from a transcript's header lines.

    >>> parse_header("# playthrough of bisti (Bisti)\\n# seed: 3\\n# options: {}\\n# policy: random\\n")
    {'name': 'bisti', 'seed': 3, 'options': {}, 'policy': 'random'}
    """
    fields: dict[str, Any] = {}
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        if line.startswith("# playthrough of "):
            fields["name"] = line.removeprefix("# playthrough of ").split(" ", 1)[0]
        elif line.startswith("# seed: "):
            fields["seed"] = int(line.removeprefix("# seed: "))
        elif line.startswith("# options: "):
            fields["options"] = json.loads(line.removeprefix("# options: "))
        elif line.startswith("# policy: "):
            fields["policy"] = line.removeprefix("# policy: ").strip()
    missing = {"name", "seed", "options", "policy"} - set(fields)
    if missing:
        raise ValueError(f"transcript header lacks {', '.join(sorted(missing))}; regenerate it with playthrough()")
    return fields


def compare_golden(text: str) -> str | None:
    """``None`` when the engine still plays the transcript exactly, else the first differing line.

    Header lines (``#``) are not compared, so a golden may carry comments there.
    """
    header = parse_header(text)
    expected = [line for line in text.splitlines() if not line.startswith("#")]
    actual = "\n".join(_body(header["name"], header["seed"], header["options"] or None, header["policy"])).split("\n")
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            return f"line {i + 1} of the body: golden {want!r}, engine {got!r}"
    if len(expected) != len(actual):
        return f"the golden has {len(expected)} body lines, the engine plays {len(actual)}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print a playthrough transcript of a registered game.")
    parser.add_argument("name", help=f"game name: {', '.join(registry.names())}")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", choices=POLICIES, default="random")
    parser.add_argument("--options", default="{}", help='JSON object of options, e.g. \'{"last_trick": "wins_deal"}\'')
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
        text = playthrough(args.name, args.seed, options or None, args.policy)
    except (KeyError, ValueError) as exc:
        print(f"playthrough: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
