"""Blind Twenty-One observation encoder: what a seat may know (hidden: others' cards, deck).

Sections [Setup] (secret cards are face down) and [Turn] (played cards are revealed).
Seats are rotated so the observer is relative seat 0; every feature lies in [0, 1].
"""

from numba import njit

from .state import (DECK_SIZE, MAX_VALUE, OBS_CARD, OBS_DECK, OBS_LAST,
                    OBS_PLAYED, OBS_PRESENT, OBS_TO_PLAY, OBS_TOTAL)


@njit(cache=True)
def observe(s, seat, out):
    out[:] = 0.0
    n = s.num_players
    out[OBS_TOTAL] = min(s.total, s.cfg.target) / s.cfg.target
    out[OBS_CARD + s.card[seat]] = 1.0
    for k in range(n):
        q = (seat + k) % n
        out[OBS_PLAYED + k] = s.played[q] / DECK_SIZE
        out[OBS_PRESENT + k] = 1.0
    out[OBS_DECK] = s.deck_n / DECK_SIZE
    out[OBS_LAST] = s.last_card / MAX_VALUE
    if s.to_play >= 0:
        out[OBS_TO_PLAY + (s.to_play - seat + n) % n] = 1.0
