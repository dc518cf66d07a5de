"""Seas of Havoc heuristic agent: a short look-ahead over the seat's own decisions.

A *state agent* (``needs_state = True``) that plays only on what its seat may know: it first
re-deals every hidden zone with the game's determinize kernel (``envs/havoc/hidden.py``),
then searches that copy, so neither other hands, deck orders, face-down wrecks nor future
dice can steer it.

How it plays:

* Most decisions (which card to play, resolve or pass, path, pivot, cannon option, firing
  side, extension, orientation, island slots, gains, scraps, upgrades) go through
  :func:`lookahead`: a depth-first search, in numba on copies of the record, over every
  sequence of the seat's own decisions up to the end of its turn (the next card or skiff,
  or another seat to play), at most ``budget`` applications. Leaves are scored by
  :func:`evaluate`: the seat's final score (Infamy scored, on cards and upgrades, Damage -1
  each [Final Scoring]) minus the best rival's, plus small values for resources and for
  the firing lines after the move (an enemy within range 3 off its beam is good, being off
  an enemy's beam is bad [Cannon Fire]). A won game is +100, a lost one -100.
* Claims at the Market [Island Phase: Claiming a Card] pay off only at the purchase step,
  which the look-ahead does not reach, so a rule claims the best affordable card (Infamy,
  cannon options, extensions, flag actions); purchases are always made; after a restock
  the best new card is taken.

Ties: when several actions score the same, one is drawn at random. ``last_best`` (one
bool[NUM_ACTIONS] row per game of the latest ``act_batch``) holds every action the heuristic
rated best, so that behaviour cloning can learn the set it is indifferent between instead
of its coin flips (about half of its decisions are ties, and two runs of the heuristic on
the same position agree only ~73% of the time).

The decision itself is numba: the kernels of ``envs/havoc/heuristic.py`` (``rule_best``, then
``search_best``), which the self-play reply kernel also runs for a heuristic opponent
(``GameSpec.heuristic_best``, envs/core/opponents.py ``KIND_HEURISTIC``). This class only
draws the re-deal key and the tie-break from its generator, in the order it always did: a
key only when the look-ahead runs, then one draw among the tied actions.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from envs.havoc.heuristic import (BUDGET, MAX_DEPTH, RULE_NONE, RULE_PICK, evaluate,
                                  lookahead, rule_best_at, search_best_at)
from envs.havoc.state import NUM_ACTIONS

__all__ = ["HavocHeuristic", "make_agent", "evaluate", "lookahead"]


class HavocHeuristic(Agent):
    """Look-ahead heuristic for Seas of Havoc (see the module docstring)."""

    name = "heuristic"
    needs_state = True
    game = "havoc"

    def __init__(self, seed=None, budget: int = BUDGET, max_depth: int = MAX_DEPTH):
        self.rng = np.random.default_rng(seed)
        self.budget = budget
        self.max_depth = max_depth
        self._root = None
        self._stack = None
        self._masks = np.zeros((max_depth + 1, NUM_ACTIONS), dtype=np.uint8)
        self._q = np.zeros(NUM_ACTIONS)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self._best = np.zeros(NUM_ACTIONS, dtype=bool)
        self.last_best = np.zeros((0, NUM_ACTIONS), dtype=bool)

    @property
    def plays_heuristic_best(self) -> bool:
        """True when this agent's choice is a uniform draw from the set the game's
        ``heuristic_best`` kernel marks (its default look-ahead), so a kernel may play it."""
        return self.budget == BUDGET and self.max_depth == MAX_DEPTH

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("HavocHeuristic needs the game records (needs_state=True)")
        states = np.ascontiguousarray(states)
        out = np.empty(len(masks), dtype=np.int64)
        best = np.zeros((len(masks), NUM_ACTIONS), dtype=bool)
        for i in range(len(masks)):
            out[i] = self._decide(states, i, masks[i], int(seats[i]))
            best[i] = self._best
        self.last_best = best
        return out

    def decide(self, state, mask, seat: int) -> int:
        """The action for ``seat`` in ``state`` (a 1-element STATE array); ``self._best`` is
        left marking every action rated best."""
        return self._decide(np.ascontiguousarray(state[:1]), 0, mask, seat)

    def _decide(self, states, i: int, mask, seat: int) -> int:
        m = self._mask
        m[:] = np.asarray(mask) != 0     # the rule strikes declined claims from its copy
        got = rule_best_at(states, i, seat, m, self._best)
        if got == RULE_NONE:
            return -1
        if got == RULE_PICK:
            return int(np.flatnonzero(self._best)[0])
        if self._stack is None or self._stack.dtype != states.dtype:
            self._root = np.zeros(1, dtype=states.dtype)
            self._stack = np.zeros(self.max_depth + 1, dtype=states.dtype)
        key = np.uint64(self.rng.integers(2**63))
        search_best_at(states, i, seat, key, m, self._best, self.budget, self.max_depth,
                       self._root, self._stack, self._masks, self._q)
        top = np.flatnonzero(self._best)
        return int(top[self.rng.integers(len(top))])


def make_agent(seed=None) -> HavocHeuristic:
    return HavocHeuristic(seed=seed)
