"""City of Five Sails: what a seat cannot see, re-dealt for information-set search.

Hidden from ``seat`` (see observe.py): every Faction Deck order (its own too) [Faction Deck:
randomized], other players' hands [Risk Cards: hidden until played], the City Deck order
[City Deck: randomized, facedown], and other players' planning choices until the reveal
[Planning 1: facedown]. Each is pooled with what it could have been, sorted (so the sample
depends only on what the seat knows), shuffled with the key's stream and dealt back to the
same places; the rng is re-seeded so future draws are unknown too. Other players' Approach
Decks are dealt as they are: the engine keeps their composition [ruling: Approach Decks in
search].

The hand dealt to the seat to play keeps the Wealth its pending decision shows it holds: a
Recruit, a payment or an acting card was begun only because the hand could pay [Wealth;
Playing a Card], so the decision can still be answered (``_keep_payable``; ruling:
Determinisation keeps a begun payment payable).
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, randint, shuffle_sorted

from .cards import C_KW, C_TYPE
from .rules import legal_mask
from .state import (APPROACH, CITY_DECK, KW_WEALTH, MAX_DECK, MAX_HAND, NUM_ACTIONS, T_CHAR,
                    T_SCHEME)


@njit(cache=True)
def _plan(s, p, want, pool):
    """Re-pick p's face-down choice of type ``want`` among the cards it could have been."""
    chosen = s.plan_scheme[p] if want == T_SCHEME else s.plan_char[p]
    if chosen == 0:
        return
    n = 0
    for k in range(APPROACH):
        if s.appr[p, k] > 0 and C_TYPE[s.appr[p, k]] == want:
            pool[n] = s.appr[p, k]
            n += 1
    pool[n] = chosen
    n += 1
    shuffle_sorted(s, pool, n)
    j = 0
    for k in range(APPROACH):
        if s.appr[p, k] > 0 and C_TYPE[s.appr[p, k]] == want:
            s.appr[p, k] = pool[j]
            j += 1
    if want == T_SCHEME:
        s.plan_scheme[p] = pool[j]
    else:
        s.plan_char[p] = pool[j]


@njit(cache=True)
def _answerable(s):
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    legal_mask(s, mask)
    return mask.any()


@njit(cache=True)
def _keep_payable(s, p):
    """p, to play, began a cost its true hand could pay: while its re-dealt hand cannot
    answer the pending decision, the next Wealth card of its re-dealt deck (in deck order)
    changes places with a plain card of the hand at a random slot. Only more Wealth makes a
    begun payment payable [Wealth: "worth 2"], and the choice reads only the re-dealt cards
    and s.rng, never where the cards really were."""
    for j in range(s.deck_n[p]):
        if _answerable(s):
            return
        d = s.deck[p, j]
        if not C_KW[d] & KW_WEALTH:
            continue
        plain = 0
        for i in range(s.hand_n[p]):
            if not C_KW[s.hand[p, i]] & KW_WEALTH:
                plain += 1
        if plain == 0:
            return
        r = randint(s, plain)
        for i in range(s.hand_n[p]):
            if not C_KW[s.hand[p, i]] & KW_WEALTH:
                if r == 0:
                    s.deck[p, j] = s.hand[p, i]
                    s.hand[p, i] = d
                    break
                r -= 1


@njit(cache=True)
def determinize(s, seat, key):
    s.rng = mix64(key)
    pool = np.empty(MAX_DECK + MAX_HAND + CITY_DECK, dtype=np.int16)
    for p in range(s.num_players):
        n = 0
        if p != seat:
            for i in range(s.hand_n[p]):
                pool[n] = s.hand[p, i]
                n += 1
        for i in range(s.deck_n[p]):
            pool[n] = s.deck[p, i]
            n += 1
        shuffle_sorted(s, pool, n)
        n = 0
        if p != seat:
            for i in range(s.hand_n[p]):
                s.hand[p, i] = pool[n]
                n += 1
        for i in range(s.deck_n[p]):
            s.deck[p, i] = pool[n]
            n += 1
        if p != seat and p == s.to_play and not s.done:
            _keep_payable(s, p)
        if p != seat:
            _plan(s, p, T_SCHEME, pool)
            _plan(s, p, T_CHAR, pool)
    for i in range(s.cdeck_n):
        pool[i] = s.cdeck[i]
    shuffle_sorted(s, pool, s.cdeck_n)
    for i in range(s.cdeck_n):
        s.cdeck[i] = pool[i]
    s.rng = mix64(key ^ np.uint64(0x5DEECE66D))
