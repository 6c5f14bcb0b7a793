"""The protocol every game engine implements (after OpenSpiel's game/state split).

A :class:`GameSpec` declares the game: players, equipment, bounds and its named options with their
documented defaults. A :class:`State` is one position; actions are integers. Engines are deterministic
given a seed: chance (the deal) is drawn from ``random.Random(seed)`` when the state is created.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """A rule point the sources leave open: a name, its default, the allowed values and why; ``variants``: the
    choices besides the default that a source gives as the rule (not those kept for quick tests), which a text
    may state without being wrong (:func:`puthi.rules.check.variants_stating`)."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    doc: str
    source: str
    variants: tuple[Any, ...] = ()


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    players: int
    equipment: str
    max_length: int
    min_return: float
    max_return: float
    options: tuple[Option, ...] = ()
    sources: tuple[str, ...] = ()

    def defaults(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def with_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The defaults with ``options`` set; a ``ValueError`` names an unknown option or a value not allowed.

        >>> spec = GameSpec("g", "G", 2, "", 1, -1.0, 1.0, (Option("points", 66, (66, 100), "", ""),))
        >>> spec.with_options({"points": 100})
        {'points': 100}
        >>> spec.with_options({"point": 100})
        Traceback (most recent call last):
        ValueError: g has no option 'point'; options: points
        """
        merged = self.defaults()
        for name, value in (options or {}).items():
            opt = next((o for o in self.options if o.name == name), None)
            if opt is None:
                raise ValueError(f"{self.name} has no option {name!r}; options: {', '.join(merged) or 'none'}")
            if value not in opt.choices:
                raise ValueError(f"{self.name} option {name}={value!r} is not one of {opt.choices}")
            merged[name] = value
        return merged


class State(ABC):
    """One position of a game. Subclasses keep all their state in JSON-serialisable fields."""

    spec: GameSpec

    @abstractmethod
    def current_player(self) -> int:
        """The player to move, or -1 when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions allowed now, sorted; empty only when the game is over."""

    @abstractmethod
    def apply_action(self, action: int) -> None:
        """Play ``action``; raises ``ValueError`` for an illegal one."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Each player's result; within the spec's bounds."""

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> State: ...

    def clone(self) -> State:
        return type(self).from_json(json.loads(json.dumps(self.to_json())))

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` naming a broken conservation law (cards, points, pieces).

        The conformance suite calls it after every action of every playout; engines override it.
        The base version checks only what every game shares: a terminal state has no legal action.
        """
        if self.is_terminal():
            assert not self.legal_actions(), "a finished game must have no legal action"


@dataclass
class Game:
    """A registered game: its spec, a factory for a new state, and the rule facts it can be asked about."""

    spec: GameSpec
    new_state: Any  # Callable[[int, dict], State]: (seed, options) -> State
    facts: Any = None  # Callable[[dict], dict[str, Any]]: options -> quantities (see rules.claims)
    notes: dict[str, str] = field(default_factory=dict)
    # Options for the conformance suite's thousand playouts when a default game is long (Klaverjas plays
    # sixteen deals; {"deals": 1} tests the same rules sixteen times faster). A few default games still run.
    test_options: dict[str, Any] = field(default_factory=dict)
