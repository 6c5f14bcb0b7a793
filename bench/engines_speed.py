"""Random playouts per second for every registered engine; Schnapsen against the schnapsen package in the same run.

A playout is one complete game from a seeded deal with uniformly random legal moves. For each engine
the benchmark plays for a fixed time budget and reports playouts per second and actions per second.
The anchor is the ``schnapsen`` package's own engine (``SchnapsenGamePlayEngine.play_game`` with two of
its ``RandBot``), timed in the same run; the ratio ours / package must be at least 1.

Two Schnapsen figures are given, because the two engines do not play the same game: uniformly random
moves in this project's engine often claim 66 wrongly and end the deal early, while the package has
no claim. ``schnapsen (package-like play)`` restricts our random player to what the package allows
(no claim unless at 66, no closing), so the deals are as long as the package's; that is the fair
anchor comparison.

Run: ``nice .venv/bin/python -m bench.engines_speed [--seconds 2] [--out bench/results/engines.md]``
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path

from puthi.rules.engines import registry


def _random_playout(name: str) -> Callable[[int], int]:
    game = registry.get(name)

    def run(seed: int) -> int:
        state = game.new_state(seed, None)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def _package_like_schnapsen() -> Callable[[int], int]:
    game = registry.get("schnapsen")

    def run(seed: int) -> int:
        state = game.new_state(seed, None)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            claim = state.claim_action
            if claim in legal and state.points[state.turn] >= 66:
                action = claim
            else:
                action = rng.choice([a for a in legal if a not in (claim, state.close_action)] or legal)
            state.apply_action(action)
            steps += 1
        return steps

    return run


def _package_schnapsen() -> Callable[[int], int] | None:
    try:
        from schnapsen.bots import RandBot
        from schnapsen.game import SchnapsenGamePlayEngine
    except ImportError:
        return None
    engine = SchnapsenGamePlayEngine()

    def run(seed: int) -> int:
        rng = random.Random(seed)
        engine.play_game(RandBot(random.Random(seed + 1)), RandBot(random.Random(seed + 2)), rng)
        return 0  # the package does not count moves

    return run


def measure(run: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Playouts per second and actions per second over ``seconds`` of wall time."""
    start = time.perf_counter()
    playouts = steps = 0
    while time.perf_counter() - start < seconds:
        steps += run(playouts)
        playouts += 1
    elapsed = time.perf_counter() - start
    return playouts / elapsed, steps / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time budget per engine")
    parser.add_argument("--out", type=Path, help="write the results as Markdown to this file")
    args = parser.parse_args(argv)

    rows: list[tuple[str, float, float]] = []
    for name in registry.names():
        rows.append((name, *measure(_random_playout(name), args.seconds)))
    fair = measure(_package_like_schnapsen(), args.seconds)
    rows.append(("schnapsen (package-like play)", *fair))
    package = _package_schnapsen()
    anchor = measure(package, args.seconds) if package else None

    lines = [
        "# Engines: random playouts per second",
        "",
        f"Command: `nice .venv/bin/python -m bench.engines_speed --seconds {args.seconds:g}`; "
        f"Python {platform.python_version()}, one process, {args.seconds:g} s per engine, machine shared.",
        "",
        "| engine | playouts/s | actions/s |",
        "|---|---:|---:|",
    ]
    for name, per_s, steps_s in rows:
        lines.append(f"| {name} | {per_s:,.0f} | {steps_s:,.0f} |")
    if anchor:
        lines.append(f"| schnapsen package 0.0.5 (anchor, RandBot vs RandBot) | {anchor[0]:,.0f} | n/a |")
        lines += [
            "",
            f"Schnapsen ratio, ours / package: {fair[0] / anchor[0]:.1f}x with package-like play "
            f"(the fair comparison), {dict((r[0], r[1]) for r in rows)['schnapsen'] / anchor[0]:.1f}x with "
            "uniformly random play (shorter deals: random wrong claims).",
        ]
    else:
        lines += ["", "The schnapsen package is not installed: no anchor in this run."]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
