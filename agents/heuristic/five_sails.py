"""City of Five Sails heuristic agent: a thin wrapper over the game's heuristic kernels.

A *state agent* (``needs_state = True``) that reads only what its seat may see: characters,
control, Renown, City cards, hand sizes, the duel and its own hand (never other hands, deck
orders or face-down plans). How it plays is the docstring of ``envs/five_sails/heuristic.py``:
High Drama actions scored by the pressure they create at each location (claims that win,
first the one completing Dominance; moves that win or keep a location; challenges that
destroy or tip a location; recruiting and equipping with a hand to spare; the Leader kept
out of locations where a rival's duelist could destroy it), and fixed rules for planning,
duels, costs and Dusk.

The decision is numba (``decide``), the same function the self-play reply kernel runs for a
heuristic opponent (``GameSpec.heuristic_best``, envs/core/opponents.py ``KIND_HEURISTIC``).
Where the heuristic has a preference it marks one action; where it has none it marks every
legal one and this agent draws one with its generator (``last_best``: one bool[NUM_ACTIONS]
row per game of the latest ``act_batch``).
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from envs.five_sails.heuristic import decide_at
from envs.five_sails.state import NUM_ACTIONS


class FiveSailsHeuristic(Agent):
    """Pressure heuristic for City of Five Sails (see the module docstring)."""

    name = "heuristic"
    needs_state = True
    game = "five_sails"
    #: its choice is a uniform draw from the set ``heuristic_best`` marks, so a kernel may
    #: play it
    plays_heuristic_best = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self._best = np.zeros(NUM_ACTIONS, dtype=bool)
        self.last_best = np.zeros((0, NUM_ACTIONS), dtype=bool)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("FiveSailsHeuristic needs the game records (needs_state=True)")
        states = np.ascontiguousarray(states)
        out = np.empty(len(masks), dtype=np.int64)
        best = np.zeros((len(masks), NUM_ACTIONS), dtype=bool)
        for i in range(len(masks)):
            seat = int(states["to_play"][i]) if seats is None else int(seats[i])
            out[i] = self._decide(states, i, masks[i], seat)
            best[i] = self._best
        self.last_best = best
        return out

    def _decide(self, states, i: int, mask, seat: int) -> int:
        m = self._mask
        m[:] = np.asarray(mask) != 0
        n = decide_at(states, i, seat, m, self._best)
        if n == 0:
            return -1
        top = np.flatnonzero(self._best)
        return int(top[0]) if n == 1 else int(top[self.rng.integers(len(top))])


def make_agent(seed=None) -> FiveSailsHeuristic:
    return FiveSailsHeuristic(seed=seed)
