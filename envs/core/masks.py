"""Kernels over legal-action masks: the check of a VectorGame step before it is applied
(DESIGN: "illegal actions are refused, never applied"), and the marking of a heuristic's
best-rated legal actions (``GameSpec.heuristic_best`` marks every action it rates best).
Its own module so the vector runner, the warm-up that compiles it (compile.py) and the
games' heuristics import it without an import circle (vector -> aec -> compile)."""

import numpy as np
from numba import njit

#: scores within TIE of the highest are equally best (float noise is no preference)
TIE = 1e-9


@njit(cache=True, nogil=True)
def first_illegal(actions, masks):
    """Index of the first game whose action is >= NUM_ACTIONS or not legal, else -1 (one
    pass, a few microseconds for thousands of games; negative actions skip a game)."""
    num = masks.shape[1]
    for i in range(actions.shape[0]):
        a = actions[i]
        if a >= num or (a >= 0 and masks[i, a] == 0):
            return i
    return -1


@njit(cache=True)
def mark_top(score, mask, best):
    """Mark in ``best`` every legal action of ``mask`` whose score is within TIE of the
    highest legal score; how many (every legal action when no score is finite)."""
    top = -np.inf
    for a in range(mask.shape[0]):
        if mask[a] and score[a] > top:
            top = score[a]
    n = 0
    for a in range(mask.shape[0]):
        best[a] = mask[a] != 0 and score[a] >= top - TIE
        n += best[a]
    return n


@njit(cache=True)
def mark_all(mask, best):
    """Mark every legal action of ``mask`` in ``best``; how many."""
    n = 0
    for a in range(mask.shape[0]):
        best[a] = mask[a] != 0
        n += best[a]
    return n
