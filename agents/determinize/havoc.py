"""Seas of Havoc determinisation: re-deal everything one seat cannot see.

Hidden zones follow ``envs/havoc/observe.py`` (and the rulebook sections it cites):

* other crews' hands: "held, hidden from others" [Core Concepts: Deck Management]. A
  crew's hand + deck together is public (purchases are seen, discards are face up), the
  split is not, so each other crew's hand and deck are pooled, shuffled, and dealt back
  with the same hand size (public) and deck size;
* every deck's order, the seat's own included (face-down piles);
* the Market deck order [Island Setup 4];
* face-down shipwreck values on the grid and in the stack, and other crews' booty (only
  its owner may check it) [Salvaging Shipwrecks; Booty], including a token another crew is
  deciding whether to keep (``PK_BOOTY``);
* ghost ships' hands and the ghost deck (dealt face down) [Ghost Fleet Setup];
* the future: the in-state random stream is re-seeded (dice, shuffles).

Pools are sorted before shuffling, so the sample depends only on what the seat knows, never
on the true arrangement. Plain numpy on a 1-element STATE array.
"""

from __future__ import annotations

import numpy as np

from envs.havoc.state import PK_BOOTY


def determinize(states, seat, rng) -> None:
    """Rewrite, in ``states`` (shape (1,)), every zone ``seat`` cannot see (see above)."""
    s = states[0:1]
    ncrews = int(s["num_crews"][0])
    crew_seat = s["crew_seat"][0]
    hand = s["hand"][0]
    deck = s["deck"][0]
    deck_n = s["deck_n"][0]
    me = int(seat)

    for c in range(ncrews):
        if crew_seat[c] < 0:
            continue
        n = int(deck_n[c])
        if c == me:
            order = np.sort(deck[c, :n])
            rng.shuffle(order)
            deck[c, :n] = order
            continue
        counts = hand[c].astype(np.int64)
        pool = np.concatenate([np.repeat(np.arange(len(counts)), counts), deck[c, :n]])
        pool = np.sort(pool.astype(np.int64))
        rng.shuffle(pool)
        h = int(counts.sum())
        hand[c] = np.bincount(pool[:h], minlength=len(counts)).astype(hand.dtype)
        deck[c, :n] = pool[h:]

    # Market deck order
    m = int(s["market_deck_n"][0])
    md = s["market_deck"][0]
    order = np.sort(md[:m])
    rng.shuffle(order)
    md[:m] = order

    _shipwrecks(s, me, rng)
    _ghosts(s, rng)
    s["rng"][0] = np.uint64(rng.integers(0, 2**63))


def _shipwrecks(s, me, rng) -> None:
    """Face-down wreck tokens (grid, stack), others' booty and a token another crew holds
    undecided: one unknown pool, dealt back to the same places."""
    wreck = s["wreck"][0]
    stack = s["wreck_stack"][0]
    sn = int(s["wreck_stack_n"][0])
    booty = s["booty"][0]
    ncrews = int(s["num_crews"][0])
    crew_seat = s["crew_seat"][0]
    grid_pos = np.argwhere(wreck > 0)
    others = [c for c in range(ncrews) if c != me and booty[c] > 0 and crew_seat[c] >= 0]
    pending_other = (int(s["pending"][0]) == PK_BOOTY and int(s["pend_slot"][0]) > 0
                     and int(crew_seat[int(s["cur"][0])]) != me)
    # tokens are stored as id + 1 everywhere (0 = none)
    pool = [int(wreck[r, c]) for r, c in grid_pos] + [int(t) for t in stack[:sn]]
    pool += [int(booty[c]) for c in others]
    if pending_other:
        pool.append(int(s["pend_slot"][0]))
    pool = np.sort(np.array(pool, dtype=np.int64))
    rng.shuffle(pool)
    k = 0
    for r, c in grid_pos:
        wreck[r, c] = pool[k]
        k += 1
    for i in range(sn):
        stack[i] = pool[k]
        k += 1
    for c in others:
        booty[c] = pool[k]
        k += 1
    if pending_other:
        s["pend_slot"][0] = pool[k]


def _ghosts(s, rng) -> None:
    """Ghost hands (face down) and the ghost deck: pooled, shuffled, dealt back."""
    gh = s["ghost_hand"][0]
    ghn = s["ghost_hand_n"][0]
    gd = s["ghost_deck"][0]
    gdn = int(s["ghost_deck_n"][0])
    crews = [c for c in range(int(s["num_crews"][0])) if s["crew_seat"][0][c] < 0 and ghn[c] > 0]
    if not crews and gdn == 0:
        return
    pool = [int(x) for c in crews for x in gh[c, :ghn[c]]] + [int(x) for x in gd[:gdn]]
    pool = np.sort(np.array(pool, dtype=np.int64))
    rng.shuffle(pool)
    k = 0
    for c in crews:
        n = int(ghn[c])
        gh[c, :n] = pool[k:k + n]
        k += n
    gd[:gdn] = pool[k:]
