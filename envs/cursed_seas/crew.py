"""Cursed Seas keyword effects of crew and equipment (our design; ruling: Keywords).

Sections: Keywords (ability text is followed in addition to the rules), Placing Crew and
equipment (a crew is revealed when its ability is used), No Stacking (keywords are bits).
The first six keywords (Captain, Helmsman, Shipwright, Cannoneer, Oarsman, Boarder) act in
turns.py where the rule they change lives; these helpers hold the four added with
equipment: Explorer, Smuggler, Carpenter, Long Guns, and the Navigator that places trade
currents [Trade Current].
"""

import math

from numba import njit

from .common import keywords, reveal, usable
from .geometry import bow_x, bow_y, can_fire, pt_seg
from .state import (
    KW_CARPENTER, KW_EXPLORER, KW_LONG_GUNS, KW_SMUGGLER, L_LEN, LOC_SHIP, MAX_COINS,
    MAX_FLEET, S_LEN, SEG_L,
)
from .state import (
    EDGE_SLOTS, KW_NAVIGATOR, MAX_CREW, MAX_CREW_P, MAX_SHIPS, MAX_TERR, SHIP_R, TERR_R,
    TOUCH, TR_TRADE,
)
from .terrain import terr_place_ok


@njit(cache=True)
def reach(s, k, m):
    """Range of mast m of ship k [Shooting]: its printed S or L; Long Guns make S reach L."""
    if keywords(s, k) & KW_LONG_GUNS:
        return L_LEN
    return printed_reach(s, k, m)


@njit(cache=True)
def printed_reach(s, k, m):
    """Range of mast m of ship k as printed: what she reaches without Long Guns [Shooting]."""
    return L_LEN if s.cfg.ship_range[k // MAX_FLEET, k % MAX_FLEET, m] == SEG_L else S_LEN


@njit(cache=True, inline="always")
def reveal_long_guns(s, k, m, j, nm):
    """Long Guns are used (and revealed) when an S cannon fires at a target beyond S (and
    already when only they let a cannon fire: turns.ask_gun)."""
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


@njit(cache=True, inline="always")
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


# --- trade currents: the Navigator keyword (our design; ruling: Navigator) -------------------------
@njit(cache=True)
def nav_crew(s, k):
    """A Navigator aboard ship k that may use its ability and has not placed its trade
    current yet (once a game), -1 none."""
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & KW_NAVIGATOR \
                and not s.cr_nav[c]:
            return c
    return -1


@njit(cache=True)
def nav_spot(s, k, a):
    """Centre of a trade current touching ship k's hull in direction a * 45 degrees from her
    heading, seen from mid-hull: found by bisection along that ray (the hull is convex)."""
    th = s.sh_h[k] + 2.0 * math.pi * a / EDGE_SLOTS
    ux = math.cos(th)
    uy = math.sin(th)
    bx = bow_x(s, k)
    by = bow_y(s, k)
    mx = 0.5 * (s.sh_x[k] + bx)
    my = 0.5 * (s.sh_y[k] + by)
    want = SHIP_R + TERR_R + 0.5 * TOUCH
    lo = 0.0
    hi = s.sh_len[k] + want
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        if pt_seg(mx + mid * ux, my + mid * uy, s.sh_x[k], s.sh_y[k], bx, by) < want:
            lo = mid
        else:
            hi = mid
    return mx + hi * ux, my + hi * uy


@njit(cache=True)
def nav_slot_ok(s, k, a):
    """The trade current fits there: a free terrain slot, and the Placing Terrain limits (on
    the table, overlapping no island, reef or other terrain)."""
    if s.n_terr >= MAX_TERR:
        return False
    x, y = nav_spot(s, k, a)
    return terr_place_ok(s, x, y)


@njit(cache=True, inline="always")
def nav_ok(s, k):
    """[Trade Current: "crew with the Navigator keyword can place trade currents"] a ship of
    the player to play, afloat and not lost, with an unused Navigator, once a turn per ship
    (No Stacking), with room for the piece."""
    if not 0 <= k < MAX_SHIPS or not s.sh_live[k] or s.sh_wreck[k] or s.sh_lost[k] >= 0:
        return False
    if s.sh_nav[k] or nav_crew(s, k) < 0:
        return False
    for a in range(EDGE_SLOTS):
        if nav_slot_ok(s, k, a):
            return True
    return False


@njit(cache=True, inline="always")
def nav_place(s, k, a):
    """Place the trade current: friendly to ship k's player; the Navigator is revealed and
    spent."""
    c = nav_crew(s, k)
    x, y = nav_spot(s, k, a)
    t = s.n_terr
    s.tr_kind[t] = TR_TRADE
    s.tr_x[t] = x
    s.tr_y[t] = y
    s.tr_num[t] = 0
    s.tr_stuck[t] = 0
    s.tr_rating[t] = 0
    s.tr_owner[t] = s.sh_owner[k]
    s.n_terr += 1
    s.cr_nav[c] = 1
    s.cr_up[c] = 1
    s.sh_nav[k] = 1
