"""Blind Twenty-One: check_states, the validator of records from outside (envs/core/validate.py).

Stages: the common header, index ranges, card conservation [Setup: 12 cards, two of each
value], the end condition [End], a legal action for a live seat.
"""

import numpy as np

from envs.core import validate as V

from .state import DECK_SIZE, DEFAULT_MAX_STEPS, MAX_PLAYERS, MAX_VALUE
from . import batch
from .state import MIN_PLAYERS, NUM_ACTIONS


def _ranges(states, r):
    n = states["num_players"].astype(np.int64)
    seat = np.arange(MAX_PLAYERS)[None, :]
    V.in_range(r, states, "cfg.target", 5, 60, "target 5..60")
    V.in_range(r, states, "deck_n", 0, DECK_SIZE, "cards left in the deck")
    live = np.arange(DECK_SIZE)[None, :] < states["deck_n"][:, None]
    V.in_range(r, states, "deck", 1, MAX_VALUE, "card values [Setup]", where=live)
    V.in_range(r, states, "deck", 0, 0, "cleared below the deck top", where=~live)
    V.in_range(r, states, "card", 0, MAX_VALUE, "a held card's value, 0 = none")
    V.in_range(r, states, "card", 0, 0, "seats outside the game hold no card",
               where=seat >= n[:, None])
    V.in_range(r, states, "played", 0, DECK_SIZE, "secret cards played")
    V.in_range(r, states, "last_card", 0, MAX_VALUE, "a card value")
    V.in_range(r, states, "total", 0, states["cfg"]["target"].astype(np.int64) + 2 * MAX_VALUE,
               "the total can pass the target by one last move")


def _conservation(states, r):
    held = (states["card"] > 0).sum(axis=1) + states["played"].astype(np.int64).sum(axis=1)
    r.flag(held + states["deck_n"] != DECK_SIZE,
           "deck, held and played cards: not the 12 cards of the deck [Setup]")
    for v in range(1, MAX_VALUE + 1):
        live = np.arange(DECK_SIZE)[None, :] < states["deck_n"][:, None]
        copies = ((states["deck"] == v) & live).sum(axis=1) + (states["card"] == v).sum(axis=1)
        r.flag(copies > 2, f"card value {v}: more than the two copies in the deck [Setup]")
    target = states["cfg"]["target"]
    live = states["to_play"] >= 0
    r.flag(live & (states["total"] >= target), "total: the game ends once it reaches the target [End]")


def check_states(states):
    """One list of problems per record (empty when valid)."""
    return V.run_stages(states, [V.header_stage(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_MAX_STEPS), _ranges,
                                 _conservation, V.legal_action_stage(NUM_ACTIONS, batch.batch_legal)])
