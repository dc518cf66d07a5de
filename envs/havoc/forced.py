"""Seas of Havoc ``auto_forced``: the pending decisions whose options every seat can work out
[ruling: Forced decisions are public ones] (the rule is envs/core/forced.py's).

Hidden from the other seats (observe.py, hidden.py): a crew's hand, "held, hidden from
others", and the order of its deck [Core Concepts: Deck Management]; the value of its booty,
which only its owner may "secretly check", and what is left of a booty spent on a payment
[Salvaging Shipwrecks: Booty]; the Market deck [Island Setup 4] and ghost hands [Ghost Fleet
Setup], which no seat decides with. Resources, upgrades, the grid, the island slots, the
Market, discard piles, the sizes of hands and decks and whether a crew holds booty are open.
A crew's hand and deck together are a public pool (purchases go to hand in view of
everyone [Island Phase Step 2], discards are face up), so what no hand drawn from that pool
could change is public too.

Options read from the hand:

- playing a card [Sea Phase: Playing a Card] and the discard after a collision [Collision
  Penalty] offer every card in hand: public when each card of the pool must be in any hand
  of that size (the deck is empty, or the pool is one card over and over), or when the
  hand holds one card: one option whichever card it is, and the card is shown when played
  or discarded, so taking it unasked tells no seat anything;
- scrapping [Island Actions: Deep Cove; Flags: Breaker; Card Anatomy: repair] offers the
  cards in hand (a repair: its Damage cards) with the discard pile: public when the hand's
  share follows from the pool the same way.

Options read from the booty's value (booty "can be spent for its resource value whenever
you would spend resources" [Booty]): which cannon options can be paid [Cannon Fire], which
upgrades [Island Actions: Workshop], whether the extended maneuver [Extended Maneuver] or
an offered card [Card Purchases] can be paid are public when no hidden booty value is in
play (``common.booty_secret``: the crew holds no token and has spent none on this payment
or Step 2); the sources of a unit being paid [Symbology: Any Resource; Booty] never are.
Whether these decisions are asked at all never reads the value either: they are asked when
the crew may pay as far as every seat can tell (``common.may_pay``), with only "hold back"
legal when it really cannot [ruling: Booty decisions are asked in the open].

Every other decision reads open state only: headings, Skiff places and restock picks,
resources gained, traded or returned by a scrap, which booty to keep (two options
whatever the values), resolve or pass, ships, split arrows, pivots, firing sides and flag
actions.
"""

from numba import njit

from envs.havoc.cards import DAMAGE_DEF
from envs.havoc.common import SRC_REPAIR, booty_secret, pool_count
from envs.havoc.state import (
    NDEFS, PK_DISCARD, PK_EXTEND, PK_FIRE, PK_PAY, PK_PLAY, PK_PURCHASE, PK_SCRAP, PK_WORKSHOP,
)


@njit(cache=True)
def _hand_defs_public(s, c, only_damage):
    """Which defs (all, or only Damage) crew c's hand holds follows from public state: the
    hand size and the pool of hand and deck. A def of the pool is surely in the hand when
    the rest of the pool is smaller than the hand; the answer is public when every def the
    pool offers is surely there (or the pool offers none)."""
    h = 0
    for d in range(NDEFS):
        h += s.hand[c, d]
    if h == 0 or s.deck_n[c] == 0:
        return True
    total = h + s.deck_n[c]
    for d in range(NDEFS):
        if only_damage and d != DAMAGE_DEF:
            continue
        n = pool_count(s, c, d)
        if n > 0 and total - n >= h:
            return False      # some hand of this size holds no card of def d
    return True


@njit(cache=True)
def _one_card_in_hand(s, c):
    h = 0
    for d in range(NDEFS):
        h += s.hand[c, d]
    return h == 1


@njit(cache=True)
def options_public(s):
    """Do the options of the pending decision of crew s.cur follow from public state (or,
    for a card from a one-card hand, their number: one)?"""
    c = s.cur
    pk = s.pending
    if pk == PK_PLAY or pk == PK_DISCARD:
        return _one_card_in_hand(s, c) or _hand_defs_public(s, c, False)
    if pk == PK_SCRAP:
        return _hand_defs_public(s, c, s.pend_source == SRC_REPAIR)
    if pk == PK_FIRE or pk == PK_WORKSHOP or pk == PK_EXTEND or pk == PK_PURCHASE:
        return not booty_secret(s, c)
    if pk == PK_PAY:
        return False
    return True
