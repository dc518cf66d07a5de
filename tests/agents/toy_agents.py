"""Agents and hooks for the toy game (Blind Twenty-One) used by the agent/training tests.

The toy game lives in tests/, so its heuristic is registered from
here rather than written under agents/. Rules referenced: toy env docstring sections
[Setup], [Turn], [End].
"""

from __future__ import annotations

import numpy as np

from agents import heuristic
from agents.base import Agent

A_SECRET = 3


class ToyHeuristic(Agent):
    """Reach the target exactly when possible, never overshoot, else leave the next seat a
    distance it cannot close with 1-3 (a multiple of 4) and out of reach of a secret card.

    A state agent: reads ``total``, ``cfg.target`` and only its own secret card.
    """

    name = "heuristic"
    needs_state = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        out = np.empty(len(masks), dtype=np.int64)
        for i in range(len(masks)):
            s = states[i]
            total, target = int(s["total"]), int(s["cfg"]["target"])
            card = int(s["card"][int(seats[i])])
            best, best_score = -1, -np.inf
            for a in np.flatnonzero(masks[i]):
                add = card if a == A_SECRET else int(a) + 1
                d = target - (total + add)
                if d == 0:
                    score = 100.0
                elif d < 0:
                    score = -100.0
                else:
                    score = (5.0 if d % 4 == 0 else 0.0) - (20.0 if d <= 3 else 0.0) \
                        - (3.0 if d <= 6 else 0.0) + self.rng.random() * 0.01
                if score > best_score:
                    best, best_score = int(a), score
            out[i] = best
        return out


def make_toy_heuristic(seed=None):
    return ToyHeuristic(seed)


class Fixed(Agent):
    """Always the same add (rigged match-ups)."""

    def __init__(self, add, seed=None):
        self.add = add
        self.name = f"add{add}"

    def act_batch(self, obs, masks, states=None, seats=None):
        return np.full(len(masks), self.add - 1, dtype=np.int64)


class Finisher(Agent):
    """Adds exactly what reaches the target when 1-3 does, else adds 1 (rigged match-ups)."""

    name = "finisher"
    needs_state = True

    def __init__(self, seed=None):
        pass

    def act_batch(self, obs, masks, states=None, seats=None):
        d = states["cfg"]["target"].astype(np.int64) - states["total"].astype(np.int64)
        return np.where((d >= 1) & (d <= 3), d - 1, 0).astype(np.int64)


def add1(seed=None):
    return Fixed(1)


def add3(seed=None):
    return Fixed(3)


def finisher(seed=None):
    return Finisher()


def ensure_toy():
    """Register the toy game's heuristic (the game itself, with its determinize kernel, is
    registered by tests/conftest.py)."""
    heuristic.register("toy", make_toy_heuristic)
