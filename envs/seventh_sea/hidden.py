"""7th Sea CCG: what one seat cannot see, re-dealt for information-set search.

``determinize(s, seat, key)`` rewrites in place every zone ``seat`` cannot see, consistently
with what it knows (``observe.py``), then re-seeds the rng from ``key``:

* each other player's hand and deck are pooled and dealt back with the same (public) sizes
  [Game Set-Up: hands are hidden; Draw Deck: face down];
* the seat's own deck order.

Pools are sorted before shuffling, so the sample depends only on the pooled cards, never on
their true arrangement. Not re-dealt [ruling: Determinisation]:
another player's starting Crew while still secret, and discard piles (counts only in the
observation, contents kept).
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, shuffle_sorted

from .state import MAX_DECK, MAX_HAND

_SALT = np.uint64(0xA24BAED4963EE407)


@njit(cache=True)
def determinize(s, seat, key):
    pool = np.empty(MAX_DECK + MAX_HAND, dtype=np.int64)
    s.rng = mix64(key)
    for q in range(s.num_players):
        k = 0
        if q != seat:
            for i in range(s.hand_n[q]):
                pool[k] = s.hand[q, i]
                k += 1
        for i in range(s.deck_n[q]):
            pool[k] = s.deck[q, i]
            k += 1
        shuffle_sorted(s, pool, k)
        k = 0
        if q != seat:
            for i in range(s.hand_n[q]):
                s.hand[q, i] = pool[k]
                k += 1
        for i in range(s.deck_n[q]):
            s.deck[q, i] = pool[k]
            k += 1
    s.rng = mix64(key ^ _SALT)
