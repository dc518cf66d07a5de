"""7th Sea CCG: what one seat cannot see, re-dealt for information-set search.

``determinize(s, seat, key)`` rewrites in place every zone ``seat`` cannot see, consistently
with what it knows (``observe.py``), then re-seeds the rng from ``key``:

* each other player's hand and deck are pooled and dealt back with the same (public) sizes
  [Game Set-Up: hands are hidden; Draw Deck: face down];
* during set-up, the secret starting Crew of a player who has chosen (or is choosing) them
  go back into that pool and a legal starting Crew is dealt again from it [Game Set-Up:
  revealed simultaneously];
* the seat's own deck order;
* the hand of the seat to play keeps what its pending decision says it holds, so the
  decision can still be answered: a crew card while a recruit waits for one [1. Hire Crew],
  a card that holds the last attack while a crew pushed forward to reply must play one
  [Boarding] (see ``_answers``).

Pools are sorted before shuffling, so the sample depends only on the pooled cards (the deck
list, which is public, while crew are secret), never on their true arrangement. Discard piles
are not re-dealt: cards go there face up [Glossary: Discard Pile; ruling: Determinisation].
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, randint, shuffle_sorted

from .cards import CARD
from .legal import can_start, card_matches
from .state import (
    AK_ACTION,
    C_COST,
    C_TYPE,
    MAX_CREW,
    MAX_DECK,
    MAX_HAND,
    PH_START,
    PK_BCARD,
    PK_PICK,
    T_CREW,
)

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
def _answers(s, d):
    """Does card d, in the hand of the seat to play, answer its pending decision where that
    decision is public proof the seat holds such a card? A recruit waits for a crew from hand
    only when the seat holds one (flow.resolve) [1. Hire Crew]; a crew is pushed forward to
    reply only with a card that holds the last attack, and that card must follow (legal:
    PK_BPUSH, PK_BCARD) [Boarding]. Every other decision: any card (True)."""
    if s.pk == PK_PICK and s.act_kind == AK_ACTION:
        return CARD[d, C_TYPE] == T_CREW
    if s.pk == PK_BCARD and s.b_pushed and s.b_n > 0:
        return card_matches(s, d)
    return True


@njit(cache=True)
def _keep_answer(s, pool, h, k):
    """The shuffled pool deals its first h cards to the hand of the seat to play: if none of
    them answers its pending decision, swap the pool's first card that does (the true hand
    held one, so the pool has one) into a random hand slot. The choice reads only the shuffled
    pool and s.rng, never where the cards really were."""
    for i in range(h):
        if _answers(s, pool[i]):
            return
    for j in range(h, k):
        if _answers(s, pool[j]):
            i = randint(s, h)
            pool[i], pool[j] = pool[j], pool[i]
            return


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
        if q != seat and q == s.to_play and s.hand_n[q] > 0:
            _keep_answer(s, pool, s.hand_n[q], k)
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
