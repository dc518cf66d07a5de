"""City of Five Sails ``auto_forced``: the pending decisions whose options every seat can
work out [ruling: Forced decisions are public ones] (the rule is envs/core/forced.py's).

A player's hand is hidden from the other seats [Risk Cards: hidden until played]; crews,
attachments, the duel, a card announced from hand and the sizes of hands and decks are
open. The cards a player holds in hand or deck together are a public pool (the Faction Deck
list is open and every card that left it was shown), so a property no card of that pool
has is public too. Options that read the hand are therefore public only when the hand is
empty, or when no card of the pool could change them:

- the hand's Wealth [Wealth: a card counts two with the Wealth keyword] decides paying,
  parley, an acting character's cost and whether a Reaction's costs can be paid; it is
  public when the pool holds no Wealth card (then it is the hand's size), and a threshold
  at most the hand's size (or above twice it) is met (or missed) whatever the hand holds;
- a Reaction window or a challenge's answer [Reaction] reads which hand cards are
  Reactions with that trigger: public when the pool holds none;
- High Drama's main actions read which hand cards are playable: public only with an empty
  hand.

Options read from the hand's size alone (discarding at Dusk or for a Reaction's costs,
playing a card in a duel) and every other decision (planning among the Approach Deck's
remaining slots, The Locker, ordering, targets, moves, duels, revealed cards) are public.
"""

from numba import njit

from .cards import C_AB, C_COST, C_KW, C_TRIG
from .state import (AB_REACTION, KW_WEALTH, PK_ACTOR, PK_MAIN, PK_PARLEY, PK_PAY, PK_REACT,
                    PK_RESPOND, RT_CHALLENGED, RT_WHEN_CHALLENGED)


@njit(cache=True)
def _pool_has(s, p, trig):
    """Does a card of p's hand or deck have the Wealth keyword (trig < 0), or is it a
    Reaction with trigger ``trig``?"""
    for zone in range(2):
        n = s.hand_n[p] if zone == 0 else s.deck_n[p]
        for i in range(n):
            cid = s.hand[p, i] if zone == 0 else s.deck[p, i]
            if trig < 0:
                if C_KW[cid] & KW_WEALTH:
                    return True
            elif C_AB[cid] == AB_REACTION and C_TRIG[cid] == trig:
                return True
    return False


@njit(cache=True)
def _value_public(s, p):
    """The Wealth p's hand can pay follows from public state."""
    return s.hand_n[p] == 0 or not _pool_has(s, p, -1)


@njit(cache=True)
def _can_pay_public(s, p, need):
    """Whether p's hand can pay ``need`` Wealth follows from public state (each card
    counts one or two)."""
    n = s.hand_n[p]
    return need <= n or need > 2 * n or _value_public(s, p)


@njit(cache=True)
def _reacts_public(s, p, trig):
    """p's Reactions to ``trig`` (hand cards and, by their costs, the ones in play) follow
    from public state."""
    if s.hand_n[p] == 0:
        return True
    return not _pool_has(s, p, trig) and _value_public(s, p)


@njit(cache=True)
def options_public(s):
    """Do the options of the pending decision of s.to_play follow from public state?"""
    p = s.to_play
    pk = s.pk
    if pk == PK_MAIN:
        return s.hand_n[p] == 0
    if pk == PK_PAY:
        return _can_pay_public(s, p, s.pay)
    if pk == PK_ACTOR:
        return _can_pay_public(s, p, C_COST[s.pcard])
    if pk == PK_PARLEY:
        return _value_public(s, p)
    if pk == PK_REACT:
        return _reacts_public(s, p, s.r_trig)
    if pk == PK_RESPOND:
        q = s.d_seat[1]
        return _reacts_public(s, q, RT_CHALLENGED) and _reacts_public(s, q, RT_WHEN_CHALLENGED)
    return True
