"""Seas of Havoc: what one seat cannot see, re-dealt for information-set search.

``determinize(s, seat, key)`` rewrites in place every zone ``seat`` cannot see with a sample
consistent with what it knows (the hidden zones of ``observe.py`` and the rulebook sections
it cites), then re-seeds the rng from ``key`` so future dice and shuffles are unknown too:

* other crews' hands: "held, hidden from others" [Core Concepts: Deck Management]. A crew's
  hand + deck together is public (purchases are seen, discards are face up), the split is
  not: each other crew's hand and deck are pooled, shuffled and dealt back with the same
  (public) hand and deck sizes;
* every deck's order, the seat's own included (face-down piles);
* the Market deck order [Island Setup 4];
* face-down shipwreck values on the grid and in the stack, other crews' booty (only its
  owner may check it) and a token another crew is deciding whether to keep (PK_BOOTY)
  [Salvaging Shipwrecks; Booty]; a crew in the middle of paying a cost began it knowing
  its token could cover what its resources do not, which every seat saw, so its token is
  dealt from those that can (:func:`_payer_keeps_paying`);
* ghost ships' hands and the ghost deck (dealt face down) [Ghost Fleet Setup].

Not re-dealt: ``s.pay_pool``, what is left of a token the crew to play spent on this payment
or these purchases (its owner's secret, observe.py). Only that crew decides while it is in
play (validate.py: the pending decision is crew ``cur``'s, and the pool is kept only during
its payment or purchases), so a search, which determinizes for the seat to play, never
holds another crew's pool; re-dealing it for another seat would need the booty units paid
so far, which the record does not keep.

Pools are sorted before shuffling, so the sample depends only on what the seat knows, never
on the true arrangement. A kernel (envs/core/search.py calls it for every simulation).
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, randint, shuffle_sorted
from envs.havoc.payment import can_go_on
from envs.havoc.state import GHOST_DECK, GRID, MAX_DECK, NDEFS, NUM_WRECKS, PK_BOOTY, PK_PAY

_SALT = np.uint64(0xD1B54A32D192ED03)


@njit(cache=True)
def _hands_and_decks(s, seat, pool):
    for c in range(s.num_crews):
        if s.crew_seat[c] < 0:
            continue
        n = s.deck_n[c]
        k = 0
        if c != seat:
            for d in range(NDEFS):
                for _ in range(s.hand[c, d]):
                    pool[k] = d
                    k += 1
        h = k
        for i in range(n):
            pool[k] = s.deck[c, i]
            k += 1
        shuffle_sorted(s, pool, k)
        if c != seat:
            for d in range(NDEFS):
                s.hand[c, d] = 0
            for i in range(h):
                s.hand[c, pool[i]] += 1
        for i in range(n):
            s.deck[c, i] = pool[h + i]


@njit(cache=True)
def _market_deck(s, pool):
    m = s.market_deck_n
    for i in range(m):
        pool[i] = s.market_deck[i]
    shuffle_sorted(s, pool, m)
    for i in range(m):
        s.market_deck[i] = pool[i]


@njit(cache=True)
def _shipwrecks(s, seat, pool):
    """Face-down wreck tokens (grid, stack), others' booty and a token another crew holds
    undecided: one unknown pool, dealt back to the same places."""
    pending_other = (s.pending == PK_BOOTY and s.pend_slot > 0 and s.to_play >= 0
                     and s.crew_seat[s.cur] != seat)
    k = 0
    for r in range(GRID):
        for c in range(GRID):
            if s.wreck[r, c] > 0:
                pool[k] = s.wreck[r, c]
                k += 1
    for i in range(s.wreck_stack_n):
        pool[k] = s.wreck_stack[i]
        k += 1
    payer_at = -1
    for c in range(s.num_crews):
        if c != seat and s.booty[c] > 0 and s.crew_seat[c] >= 0:
            if c == s.cur and s.pending == PK_PAY and s.to_play >= 0:
                payer_at = k
            pool[k] = s.booty[c]
            k += 1
    if pending_other:
        pool[k] = s.pend_slot
        k += 1
    shuffle_sorted(s, pool, k)
    if payer_at >= 0:
        _payer_keeps_paying(s, pool, k, payer_at)
    k = 0
    for r in range(GRID):
        for c in range(GRID):
            if s.wreck[r, c] > 0:
                s.wreck[r, c] = pool[k]
                k += 1
    for i in range(s.wreck_stack_n):
        s.wreck_stack[i] = pool[k]
        k += 1
    for c in range(s.num_crews):
        if c != seat and s.booty[c] > 0 and s.crew_seat[c] >= 0:
            s.booty[c] = pool[k]
            k += 1
    if pending_other:
        s.pend_slot = pool[k]


@njit(cache=True)
def _payer_keeps_paying(s, pool, n, mine):
    """The crew paying a cost (PK_PAY, ``s.cur``) holds a token that lets it pay on [Booty]:
    if the token dealt to its place ``mine`` of ``pool`` cannot, it swaps with one of the
    ``n`` dealt tokens that can, drawn uniformly (the true token is among them)."""
    c = s.cur
    held = s.booty[c]
    s.booty[c] = pool[mine]
    if not can_go_on(s, c):
        ok = np.zeros(n, dtype=np.bool_)
        m = 0
        for j in range(n):
            s.booty[c] = pool[j]
            ok[j] = can_go_on(s, c)
            m += ok[j]
        pick = randint(s, m)
        for j in range(n):
            if ok[j]:
                if pick == 0:
                    pool[mine], pool[j] = pool[j], pool[mine]
                    break
                pick -= 1
    s.booty[c] = held


@njit(cache=True)
def _ghosts(s, pool):
    """Ghost hands (face down) and the ghost deck: pooled, shuffled, dealt back."""
    k = 0
    for c in range(s.num_crews):
        if s.crew_seat[c] < 0:
            for i in range(s.ghost_hand_n[c]):
                pool[k] = s.ghost_hand[c, i]
                k += 1
    for i in range(s.ghost_deck_n):
        pool[k] = s.ghost_deck[i]
        k += 1
    shuffle_sorted(s, pool, k)
    k = 0
    for c in range(s.num_crews):
        if s.crew_seat[c] < 0:
            for i in range(s.ghost_hand_n[c]):
                s.ghost_hand[c, i] = pool[k]
                k += 1
    for i in range(s.ghost_deck_n):
        s.ghost_deck[i] = pool[k]
        k += 1


@njit(cache=True)
def determinize(s, seat, key):
    """Re-deal everything ``seat`` cannot see (module docstring); re-seed the rng."""
    pool = np.empty(MAX_DECK + NDEFS + GHOST_DECK + GRID * GRID + NUM_WRECKS, dtype=np.int64)
    s.rng = mix64(key)
    _hands_and_decks(s, seat, pool)
    _market_deck(s, pool)
    _shipwrecks(s, seat, pool)
    _ghosts(s, pool)
    s.rng = mix64(key ^ _SALT)
