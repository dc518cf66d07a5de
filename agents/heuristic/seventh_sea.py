"""7th Sea CCG heuristic agent: hand-written priorities over the visible position.

A *state agent* (``needs_state = True``) that reads only what its seat may see: cards in
play (crew, skills, tacked state, ships, seas), its own hand, pile sizes and the pending
decision; never another hand or any deck. How it plays [sections of the rulesheet]:

* starting Crew: the crew with the most total skill it can still afford [Game Set-Up];
* actions, in order: cannon attack a ship in its Sea with its best gunner [9.]; a card that
  inflicts hits; a boarding when its best fighter outclasses the target's [10.]; hire the
  best crew [1.]; complete an adventure [6.]; an attachment [7.]; sail toward the nearest
  enemy [8.]; put an adventure into play [4.]; a crew's Act: ability [3.]; pass;
* paying: tack the crew with the most of the needed skill (fewest tacks) [Paying Costs];
  always pay a cancel cost against hits or a boarding [Canceling];
* Reacts: always, when one is legal (more Cannon, fewer hits) [Actions and Reacts];
* hits: tack the strongest Swashbuckler first, sink the cheapest crew that finishes the job,
  the Captain only when nothing else is left [Suffering Hits];
* boarding: push its best fighter when it out-hits the enemy's, fight back only with a crew
  that out-hits the attacker, always play a card that reverses the attack [Boarding];
* discards: the cheapest cards [Maximum Hand Size].

The decision itself is numba: ``envs/seventh_sea/heuristic.py`` (``decide``), which the
self-play reply kernel also runs for a heuristic opponent (``GameSpec.heuristic_best``,
envs/core/opponents.py ``KIND_HEURISTIC``). Its priorities break every tie, so it rates one
action best and draws nothing; ``last_best`` (one bool[NUM_ACTIONS] row per game of the
latest ``act_batch``) marks that action, as the Havoc heuristic's marks its tied set.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from envs.seventh_sea.heuristic import decide_at
from envs.seventh_sea.state import NUM_ACTIONS


class SeventhSeaHeuristic(Agent):
    """Priority heuristic for the 7th Sea CCG (see the module docstring)."""

    name = "heuristic"
    needs_state = True
    game = "seventh_sea"
    #: its choice is the one action ``heuristic_best`` marks, so a kernel may play it
    plays_heuristic_best = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self.last_best = np.zeros((0, NUM_ACTIONS), dtype=bool)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("SeventhSeaHeuristic needs the game records (needs_state=True)")
        states = np.ascontiguousarray(states)
        out = np.empty(len(masks), dtype=np.int64)
        best = np.zeros((len(masks), NUM_ACTIONS), dtype=bool)
        for i in range(len(masks)):
            seat = int(states["cur"][i]) if seats is None else int(seats[i])
            self._mask[:] = np.asarray(masks[i]) != 0
            out[i] = decide_at(states, i, seat, self._mask)
            if out[i] >= 0:
                best[i, out[i]] = True
        self.last_best = best
        return out


def make_agent(seed=None):
    return SeventhSeaHeuristic(seed)
