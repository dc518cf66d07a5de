"""7th Sea CCG: what one seat cannot see, re-dealt for information-set search.

``determinize(s, seat, key)`` rewrites in place every zone ``seat`` cannot see, consistently
with what it knows (``observe.py``), then re-seeds the rng from ``key``:

* each other player's hand and deck are pooled and dealt back with the same (public) sizes
  [Game Set-Up: hands are hidden; Draw Deck: face down];
* during set-up, the secret starting Crew of a player who has chosen (or is choosing) them
  go back into that pool and a legal starting Crew is dealt again from it [Game Set-Up:
  revealed simultaneously];
* the seat's own deck order.

Pools are sorted before shuffling, so the sample depends only on the pooled cards (the deck
list, which is public, while crew are secret), never on their true arrangement. Discard piles
are not re-dealt: cards go there face up [Glossary: Discard Pile; ruling: Determinisation].
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, shuffle_sorted

from .cards import CARD
from .legal import can_start
from .state import C_COST, MAX_CREW, MAX_DECK, MAX_HAND, PH_START

_SALT = np.uint64(0xA24BAED4963EE407)


@njit(cache=True)
def _secret_crew(s, q, pool, k):
    """Move q's secret starting crew into the pool (from k); the new pool size."""
    for j in range(1, MAX_CREW):
        if s.crew[q, j] >= 0:
            pool[k] = s.crew[q, j]
            k += 1
            s.crew[q, j] = -1
            s.tacked[q, j] = 0
    s.crew_n[q] = 1
    s.start_cost[q] = 0
    return k


@njit(cache=True)
def _deal_crew(s, q, pool, k):
    """[Game Set-Up] a starting Crew for q: every card of the shuffled pool, in order, that
    can still start (Wealth, Crew Maximum, Loyal, Unique); the pool is compacted."""
    out = 0
    for i in range(k):
        d = pool[i]
        if can_start(s, q, d):
            for j in range(1, MAX_CREW):
                if s.crew[q, j] < 0:
                    s.crew[q, j] = d
                    break
            s.crew_n[q] += 1
            s.start_cost[q] += CARD[d, C_COST]
        else:
            pool[out] = d
            out += 1
    return out


@njit(cache=True)
def determinize(s, seat, key):
    pool = np.empty(MAX_DECK + MAX_HAND + MAX_CREW, dtype=np.int64)
    s.rng = mix64(key)
    for q in range(s.num_players):
        k = 0
        secret = q != seat and s.phase == PH_START and q <= s.cur
        if q != seat:
            for i in range(s.hand_n[q]):
                pool[k] = s.hand[q, i]
                k += 1
        for i in range(s.deck_n[q]):
            pool[k] = s.deck[q, i]
            k += 1
        if secret:
            k = _secret_crew(s, q, pool, k)
        shuffle_sorted(s, pool, k)
        if secret:
            k = _deal_crew(s, q, pool, k)
            for i in range(k, MAX_DECK):
                s.deck[q, i] = -1
            s.deck_n[q] = k - (s.hand_n[q] if q != seat else 0)
        k = 0
        if q != seat:
            for i in range(s.hand_n[q]):
                s.hand[q, i] = pool[k]
                k += 1
        for i in range(s.deck_n[q]):
            s.deck[q, i] = pool[k]
            k += 1
    s.rng = mix64(key ^ _SALT)
