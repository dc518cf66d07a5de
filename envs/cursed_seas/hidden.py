"""Cursed Seas: what a seat cannot see, re-dealt for information-set search.

Hidden from ``seat`` [Placing Treasure; Exploring; Placing Crew and equipment]: the values
(and uniqueness) of every face-down coin it has not looked at, wherever it lies, and which
face-down crew of another fleet sails on which of that fleet's ships. Both are pooled,
sorted (so the sample depends only on what the seat knows), shuffled with the key's stream
and dealt back to the same places; the rng is re-seeded so future dice are unknown too.
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, shuffle_sorted

from .state import MAX_COINS, MAX_CREW, MAX_CREW_P


@njit(cache=True)
def determinize(s, seat, key):
    s.rng = mix64(key)
    # coins: (value, unique) pairs among the coins the seat has not seen
    slots = np.empty(MAX_COINS, np.int64)
    pool = np.empty(MAX_COINS, np.int64)
    k = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and not s.co_up[c] and not (s.co_seen[c] >> seat) & 1:
            slots[k] = c
            pool[k] = s.co_val[c] * 2 + s.co_uniq[c]
            k += 1
    shuffle_sorted(s, pool, k)
    for i in range(k):
        s.co_val[slots[i]] = pool[i] // 2
        s.co_uniq[slots[i]] = pool[i] % 2
    # crew: another fleet's face-down crew aboard, dealt over the same ships
    for q in range(s.num_players):
        if q == seat:
            continue
        m = 0
        for c in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
            if c < MAX_CREW and s.cr_ship[c] >= 0 and not s.cr_up[c]:
                slots[m] = c
                pool[m] = s.cr_ship[c]
                m += 1
        shuffle_sorted(s, pool, m)
        for i in range(m):
            s.cr_ship[slots[i]] = pool[i]
    s.rng = mix64(key ^ np.uint64(0x5DEECE66D))
