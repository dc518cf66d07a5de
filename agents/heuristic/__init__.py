"""Hand-written heuristic agents, one module per game: ``agents/heuristic/<game>.py``.

A game's module exports ``make_agent(seed=None) -> Agent``. A game joins by adding that
module (found by name), or by calling :func:`register` (used by test games that live
outside the package).
"""

from __future__ import annotations

import importlib
from typing import Callable

_FACTORIES: dict[str, Callable] = {}


def register(game: str, factory: Callable) -> None:
    """Make ``factory(seed=None) -> Agent`` the heuristic of ``game``."""
    _FACTORIES[game] = factory


def make(game: str, seed=None):
    """The heuristic agent of ``game``; KeyError if the game has none."""
    if game not in _FACTORIES:
        try:
            mod = importlib.import_module(f"agents.heuristic.{game}")
        except ModuleNotFoundError as e:
            if e.name != f"agents.heuristic.{game}":
                raise
            raise KeyError(f"no heuristic agent for game {game!r}: write "
                           f"agents/heuristic/{game}.py or call agents.heuristic.register") from None
        _FACTORIES[game] = mod.make_agent
    return _FACTORIES[game](seed=seed)


def available(game: str) -> bool:
    """True when ``game`` has a heuristic agent."""
    try:
        make(game)
    except KeyError:
        return False
    return True
