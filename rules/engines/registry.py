"""The registry of game engines by name.

>>> from puthi.rules.engines import registry
>>> "sixtysix" in registry.names() and "schnapsen" in registry.names()
True
>>> registry.get("sixtysix").spec.title
'Sixty-Six'
"""

from __future__ import annotations

import importlib

from puthi.rules.engines.base import Game

# Engine modules; each calls ``register`` at import time.
_MODULES = (
    "puthi.rules.engines.sixtysix",
    "puthi.rules.engines.klaverjas",
    "puthi.rules.engines.dashguti",
    "puthi.rules.engines.bisti",
)

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.spec.name] = game
    return game


def _load() -> None:
    for module in _MODULES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def names() -> list[str]:
    _load()
    return sorted(_GAMES)


def get(name: str) -> Game:
    """The game called ``name``; ``KeyError`` naming the known games otherwise."""
    _load()
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(sorted(_GAMES))}") from None
