"""Cursed Seas keyword effects of crew and equipment (our design; ruling: Keywords).

Sections: Keywords (ability text is followed in addition to the rules), Placing Crew and
equipment (a crew is revealed when its ability is used), No Stacking (keywords are bits).
The first six keywords (Captain, Helmsman, Shipwright, Cannoneer, Oarsman, Boarder) act in
turns.py where the rule they change lives; these helpers hold the four added with
equipment: Explorer, Smuggler, Carpenter, Long Guns.
"""

from numba import njit

from .common import keywords, reveal
from .geometry import can_fire
from .state import (
    KW_CARPENTER, KW_EXPLORER, KW_LONG_GUNS, KW_SMUGGLER, L_LEN, LOC_SHIP, MAX_COINS,
    MAX_FLEET, S_LEN, SEG_L,
)


@njit(cache=True)
def reach(s, k, m):
    """Range of mast m of ship k [Shooting]: its printed S or L; Long Guns make S reach L."""
    if s.cfg.ship_range[k // MAX_FLEET, k % MAX_FLEET, m] == SEG_L:
        return L_LEN
    if keywords(s, k) & KW_LONG_GUNS:
        return L_LEN
    return S_LEN


@njit(cache=True)
def reveal_long_guns(s, k, m, j, nm):
    """Long Guns are used (and revealed) when an S cannon fires at a target beyond S."""
    if s.cfg.ship_range[k // MAX_FLEET, k % MAX_FLEET, m] != SEG_L and \
            keywords(s, k) & KW_LONG_GUNS and not can_fire(s, k, m, nm, j, S_LEN):
        reveal(s, k, KW_LONG_GUNS)


@njit(cache=True)
def explorer(s, k):
    """Explorer: she may explore at the wild island she docked at this turn, as her second
    action after a move [Exploring: begins the turn docked; Multiple actions]."""
    return (keywords(s, k) & KW_EXPLORER) != 0


@njit(cache=True)
def smuggled(s, k):
    """Smuggler: her treasure can't be taken by a boarding party she lost [Board]."""
    return (keywords(s, k) & KW_SMUGGLER) != 0


@njit(cache=True)
def reveal_smuggler(s, k):
    """Revealed when it keeps treasure from a winning boarding party."""
    if not smuggled(s, k):
        return
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            reveal(s, k, KW_SMUGGLER)
            return


@njit(cache=True)
def carpenter(s, k):
    """Carpenter: a repair action brings back two masts [Repairing]."""
    return (keywords(s, k) & KW_CARPENTER) != 0
