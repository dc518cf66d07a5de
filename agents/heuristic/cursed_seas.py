"""Pirates of the Cursed Seas heuristic agent: a thin wrapper over the game's heuristic kernels.

A *state agent* (``needs_state = True``) that reads only what its seat may know: positions,
masts and coin counts (open on the table), and the values of coins the seat has looked at
(``co_seen``). How it plays is the docstring of ``envs/cursed_seas/heuristic.py``: fetch
treasure, carry it home, shoot on the way (each ship explores, repairs, shoots or moves, in
that order; each movement segment is the one leaving her closest to her goal; the target
carrying the most treasure, then the weakest; the best cannon knocked down or raised).

The decision is numba (``heuristic_best``), the same function the self-play reply kernel
runs for a heuristic opponent (``GameSpec.heuristic_best``, envs/core/opponents.py
``KIND_HEURISTIC``). This class only draws the re-deal key and the tie-break from its
generator: where the heuristic rates several actions best it marks them all and the agent
draws one (``last_best``: one bool[NUM_ACTIONS] row per game of the latest ``act_batch``).
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from envs.cursed_seas.heuristic import heuristic_best_at
from envs.cursed_seas.state import NUM_ACTIONS


class CursedSeasHeuristic(Agent):
    """Treasure-run heuristic for Pirates of the Cursed Seas (see the module docstring)."""

    name = "heuristic"
    needs_state = True
    game = "cursed_seas"
    #: its choice is a uniform draw from the set ``heuristic_best`` marks, so a kernel may
    #: play it
    plays_heuristic_best = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self._best = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        self.last_best = np.zeros((0, NUM_ACTIONS), dtype=bool)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("CursedSeasHeuristic needs the game records (needs_state=True)")
        states = np.ascontiguousarray(states)
        out = np.empty(len(masks), dtype=np.int64)
        best = np.zeros((len(masks), NUM_ACTIONS), dtype=bool)
        for i in range(len(masks)):
            seat = int(states["to_play"][i]) if seats is None else int(seats[i])
            out[i] = self._decide(states, i, seat)
            best[i] = self._best
        self.last_best = best
        return out

    def decide(self, state, mask, me: int) -> int:
        """The action for seat ``me`` in ``state`` (a 1-element STATE array); ``mask`` is its
        legal mask (the kernel computes the same one)."""
        return self._decide(np.ascontiguousarray(state[:1]), 0, int(me))

    def _decide(self, states, i: int, seat: int) -> int:
        key = np.uint64(self.rng.integers(2**63))
        n = heuristic_best_at(states, i, seat, key, self._best)
        if n == 0:
            return -1
        top = np.flatnonzero(self._best)
        return int(top[0]) if n == 1 else int(top[self.rng.integers(len(top))])


def make_agent(seed=None) -> CursedSeasHeuristic:
    return CursedSeasHeuristic(seed=seed)
