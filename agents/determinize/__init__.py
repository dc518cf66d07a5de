"""Determinisation hooks for information-set MCTS, one module per game.

``agents/determinize/<game>.py`` exports ``determinize(states, seat, rng)``: it takes a
1-element STATE array (a private copy) and rewrites, in place, every zone that ``seat``
cannot see with a sample consistent with what ``seat`` knows, and re-seeds the record's
``rng`` so that future dice and shuffles are unknown too. ``rng`` is a numpy Generator.

A game with no hidden information beyond future chance may register
:func:`reseed_only`. Keeping these hooks here keeps ``envs/`` free of agent code.
"""

from __future__ import annotations

import importlib
from typing import Callable

import numpy as np

_HOOKS: dict[str, Callable] = {}


def reseed_only(states, seat, rng) -> None:
    """Hide only the future: re-seed the in-state random stream."""
    states["rng"][0] = np.uint64(rng.integers(0, 2**63))


def register(game: str, hook: Callable) -> None:
    """Make ``hook(states, seat, rng)`` the determinisation of ``game``."""
    _HOOKS[game] = hook


def get(game: str) -> Callable:
    """The determinisation hook of ``game``; KeyError if it has none."""
    if game not in _HOOKS:
        try:
            mod = importlib.import_module(f"agents.determinize.{game}")
        except ModuleNotFoundError as e:
            if e.name != f"agents.determinize.{game}":
                raise
            raise KeyError(f"no determinisation for game {game!r}: write "
                           f"agents/determinize/{game}.py or call agents.determinize.register")
        _HOOKS[game] = mod.determinize
    return _HOOKS[game]
