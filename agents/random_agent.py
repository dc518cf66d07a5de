"""Uniform random play: the baseline every other agent is measured against.

An observation agent (``needs_state = False``): it looks only at the legal-action mask.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent, sample_legal


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    needs_state = False

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        return sample_legal(masks, self.rng)
