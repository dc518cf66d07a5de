"""Seas of Havoc: decisions shared by both phases.

- PK_GAIN_ANY: "gain 1 of any resource" [Shipyard; Capitol; Purser's flag; ability cards]
- PK_SCRAP: scrap cards from hand or discard pile [Deep Cove; Breaker's flag; repair effects]
- PK_SCRAP_GAIN: the resource the "any" part of a scrapped card's cost returns [Scrapping
  Cards: "they receive its cost in resources"; Symbology: any], asked only when two or more
  resources have room on the board (one with room is taken, none: the resource is lost)
  [ruling: Scrapped "any" costs]
- PK_BOOTY: keep one booty when a second is salvaged [Booty]
- PK_FLAG: take or decline Lookout's or Swift's action [Flags: "You may then perform"]

Each pair is ``legal_*(s, c, mask)`` / ``apply_*(s, c, action)``; an apply clears
``s.pending`` when the decision is complete so the phase driver in rules.py continues.
"""

from numba import njit

from envs.havoc.cards import DAMAGE_DEF
from envs.havoc.common import (
    SRC_REPAIR, capacity, damage_owned, gain, return_wreck_token, scrap_from, take_flag,
)
from envs.havoc.state import (
    A_DISCARD, A_HAND, A_OPTION, A_STOP, NDEFS, NUM_RES, PK_NONE, PK_SCRAP, PK_SCRAP_GAIN,
)


@njit(cache=True)
def legal_gain_any(s, c, mask):
    for r in range(NUM_RES):
        mask[A_OPTION + r] = 1


@njit(cache=True)
def apply_gain_any(s, c, action):
    gain(s, c, action - A_OPTION, 1)
    s.pend_count -= 1
    if s.pend_count <= 0:
        s.pending = PK_NONE


@njit(cache=True)
def legal_scrap(s, c, mask):
    """Any card in hand or discard (repair: Damage cards only), or stop [Deep Cove: "up to"]."""
    only_damage = s.pend_source == SRC_REPAIR
    for d in range(NDEFS):
        if only_damage and d != DAMAGE_DEF:
            continue
        if s.hand[c, d] > 0:
            mask[A_HAND + d] = 1
        if s.discard[c, d] > 0:
            mask[A_DISCARD + d] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_scrap(s, c, action):
    if action == A_STOP:
        s.pending = PK_NONE
        return
    from_hand = action < A_DISCARD
    d = action - A_HAND if from_hand else action - A_DISCARD
    scrap_from(s, c, d, from_hand, s.pend_source != SRC_REPAIR)
    s.pend_count -= 1
    _after_scrap(s, c)


@njit(cache=True)
def _rooms(s, c):
    """Resources with room on c's board: (how many, the last such resource)."""
    n = 0
    last = -1
    for r in range(NUM_RES):
        if s.res[c, r] < capacity(s, c, r):
            n += 1
            last = r
    return n, last


@njit(cache=True)
def _after_scrap(s, c):
    """Take the "any" resources of the scrapped card (asking when there is a choice), then
    go on scrapping while scraps and cards are left."""
    while s.scrap_gain > 0:
        n, r = _rooms(s, c)
        if n >= 2:
            s.pending = PK_SCRAP_GAIN
            return
        if n == 1:
            gain(s, c, r, 1)
        s.scrap_gain -= 1
    if s.pend_count <= 0:
        s.pending = PK_NONE
        return
    # nothing left to scrap ends the decision early; a repair counts every Damage card she
    # owns, as when it was asked (sea.py): where they lie is hidden
    if s.pend_source == SRC_REPAIR:
        left = damage_owned(s, c)
    else:
        left = 0
        for k in range(NDEFS):
            left += s.hand[c, k] + s.discard[c, k]
    s.pending = PK_SCRAP if left > 0 else PK_NONE


@njit(cache=True)
def legal_scrap_gain(s, c, mask):
    """A resource with room on the board [Scrapping Cards; Island Setup 2: capacity]."""
    for r in range(NUM_RES):
        if s.res[c, r] < capacity(s, c, r):
            mask[A_OPTION + r] = 1


@njit(cache=True)
def apply_scrap_gain(s, c, action):
    gain(s, c, action - A_OPTION, 1)
    s.scrap_gain -= 1
    _after_scrap(s, c)


@njit(cache=True)
def legal_booty(s, c, mask):
    mask[A_OPTION + 0] = 1
    mask[A_OPTION + 1] = 1


@njit(cache=True)
def apply_booty(s, c, action):
    """OPTION 0 keeps the booty held, OPTION 1 the new one (pend_slot = new token id + 1)."""
    new_token = s.pend_slot
    if action == A_OPTION + 1:
        old = s.booty[c]
        s.booty[c] = new_token
        return_wreck_token(s, old)
    else:
        return_wreck_token(s, new_token)
    s.pend_slot = -1     # the token id is private [Booty: "You may secretly check its value"]
    s.pending = PK_NONE


@njit(cache=True)
def legal_flag(s, c, mask):
    """Take the flag's action (OPTION 0) or decline it (STOP) [Flags: "You may"]."""
    mask[A_OPTION] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_flag(s, c, action):
    if action == A_OPTION:
        take_flag(s, c, s.pend_source)
    s.pending = PK_NONE
