"""Blind Twenty-One: STATE and CONFIG dtypes and the action layout. No logic.

Sections: [Setup] (deck, secret cards), [Turn] (the four actions).
"""

import numpy as np

from envs.core.spec import config_header, state_header

MAX_PLAYERS = 4
MIN_PLAYERS = 2
DECK_SIZE = 12           # values 1..6, two of each [Setup]
MAX_VALUE = 6
DEFAULT_TARGET = 21
DEFAULT_MAX_STEPS = 64   # the total grows by at least 1 per decision, so 21 steps suffice

# --- actions [Turn] ----------------------------------------------------------------------
A_ADD = 0                # + k: add k + 1 to the total, k in 0..2
NUM_ADD = 3
A_SECRET = A_ADD + NUM_ADD   # play your secret card
NUM_ACTIONS = A_SECRET + 1
ACTION_RANGES = {"add": (A_ADD, NUM_ADD), "secret": (A_SECRET, 1)}

CONFIG = np.dtype(config_header() + [
    ("target", np.int16),
])

STATE = np.dtype(state_header(MAX_PLAYERS) + [
    ("cfg", CONFIG),
    ("total", np.int16),
    ("card", np.int8, (MAX_PLAYERS,)),      # secret card value per seat, 0 = none (hidden)
    ("played", np.int8, (MAX_PLAYERS,)),    # secret cards played per seat (public)
    ("deck", np.int8, (DECK_SIZE,)),        # face down, top = deck[deck_n - 1] (hidden)
    ("deck_n", np.int8),
    ("last_card", np.int8),                 # value of the last secret card played, 0 none
])

# observation layout, from the observer's point of view (seat 0 = the observer)
OBS_TOTAL = 0                                 # total / target
OBS_CARD = 1                                  # one-hot own secret card value 0..6
OBS_PLAYED = OBS_CARD + MAX_VALUE + 1         # per relative seat: cards played / DECK_SIZE
OBS_PRESENT = OBS_PLAYED + MAX_PLAYERS        # per relative seat: 1 if the seat is in the game
OBS_DECK = OBS_PRESENT + MAX_PLAYERS          # deck_n / DECK_SIZE
OBS_LAST = OBS_DECK + 1                       # last_card / MAX_VALUE
OBS_TO_PLAY = OBS_LAST + 1                    # one-hot relative seat to play
OBS_SIZE = OBS_TO_PLAY + MAX_PLAYERS
