"""Replay every golden playthrough in golden/ and compare it line by line with what the engine plays now."""

from __future__ import annotations

from pathlib import Path

import pytest

from puthi.rules.engines.playthrough import compare_golden, parse_header, playthrough, regenerate_command

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays(path):
    text = path.read_text(encoding="utf-8")
    difference = compare_golden(text)
    header = parse_header(text)
    assert difference is None, (
        f"{path.name}: {difference}. If the rule change is intended, regenerate with "
        f"{regenerate_command(header['name'], header['seed'], header['options'], header['policy'])} "
        "and keep the header comments"
    )


def test_a_changed_golden_is_caught():
    text = playthrough("sixtysix", seed=385, policy="sensible")
    # a transcript where the trick went to the other player must not pass
    broken = text.replace("-> P0", "-> P1", 1)
    assert broken != text
    assert compare_golden(broken) is not None
