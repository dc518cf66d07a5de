"""Blind Twenty-One: what a seat cannot see, re-dealt for information-set search.

Hidden from ``seat`` [Setup]: the other seats' secret cards and the deck order. They are
pooled, shuffled with the key's stream and dealt back to the same places; the rng is
re-seeded so future draws are unknown too.
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, randint

from .state import DECK_SIZE, MAX_PLAYERS


@njit(cache=True)
def determinize(s, seat, key):
    pool = np.empty(DECK_SIZE + MAX_PLAYERS, dtype=np.int64)
    k = 0
    for p in range(s.num_players):
        if p != seat and s.card[p] > 0:
            pool[k] = s.card[p]
            k += 1
    for i in range(s.deck_n):
        pool[k] = s.deck[i]
        k += 1
    # sorted first: the sample depends only on what the seat knows, not the true order
    pool[:k] = np.sort(pool[:k])
    s.rng = mix64(key)
    for i in range(k - 1, 0, -1):
        j = randint(s, i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    k = 0
    for p in range(s.num_players):
        if p != seat and s.card[p] > 0:
            s.card[p] = pool[k]
            k += 1
    for i in range(s.deck_n):
        s.deck[i] = pool[k]
        k += 1
    s.rng = mix64(key ^ np.uint64(0x5DEECE66D))
