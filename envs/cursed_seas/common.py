"""Helpers shared by the Cursed Seas kernels: ship stats, keywords, cargo, sinking.

Sections: Placing Crew and equipment (nationality, cargo, revealing crew), Derelict,
Sinking a ship, Pin, Winning the Game (who can still move).
"""

import math

from numba import njit

from .geometry import bow_touches
from .state import (
    KW_SHIPWRIGHT, LOC_GONE, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_FORTS,
    MAX_FORTS_P, MAX_SHIPS,
)


@njit(cache=True)
def nmast(s, k):
    return s.cfg.ship_nmast[k // MAX_FLEET, k % MAX_FLEET]


@njit(cache=True)
def masts_up(s, k):
    n = 0
    for m in range(5):
        n += (s.sh_masts[k] >> m) & 1
    return n


@njit(cache=True)
def usable(s, c, k):
    """Crew/equipment c may use its ability aboard ship k: it is aboard, and works there
    (:func:`works_aboard`) [Placing Crew and equipment]."""
    return s.cr_ship[c] == k and works_aboard(s, c, k)


@njit(cache=True, inline="always")
def works_aboard(s, c, k):
    """Crew/equipment c could use its ability aboard ship k wherever it lies now: crew is of
    the ship's nation (equipment has none; ruling: Equipment) [Placing Crew and equipment]."""
    p = c // MAX_CREW_P
    j = c % MAX_CREW_P
    if s.cfg.crew_eq[p, j]:
        return True
    return s.cfg.crew_nation[p, j] == s.cfg.ship_nation[k // MAX_FLEET, k % MAX_FLEET]


@njit(cache=True)
def keywords(s, k):
    """Keyword bits of the crew and equipment aboard ship k that may use their ability
    there. Bits, so two sources of one keyword count once [No Stacking]."""
    out = treasure_keywords(s, k)
    for c in range(MAX_CREW):
        if usable(s, c, k):
            out |= s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P]
    return out


@njit(cache=True, inline="always")
def treasure_keywords(s, k):
    """Keyword bits the face-up unique treasure aboard ship k gives her (ruling: Unique
    treasure): in every seat's view."""
    out = 0
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            out |= s.co_kw[c]
    return out


@njit(cache=True)
def reveal(s, k, kw):
    """Turn face up a crew (or equipment) of ship k giving keyword kw: a crew is revealed
    when its ability is used [Placing Crew and equipment; ruling: Equipment]. One is enough
    (No Stacking). A face-up unique treasure giving it is already in view."""
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and s.co_kw[c] & kw:
            return
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & kw:
            if s.cr_up[c]:
                return
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & kw:
            s.cr_up[c] = 1
            return


@njit(cache=True)
def cost_aboard(s, k):
    """Points of the crew and equipment aboard ship k [Placing Crew and equipment]."""
    n = 0
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            n += s.cfg.crew_cost[c // MAX_CREW_P, c % MAX_CREW_P]
    return n


@njit(cache=True)
def coins_at(s, loc, at):
    """Coins in play at a place (the count is open to every seat; their values are not)."""
    n = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and s.co_loc[c] == loc and s.co_at[c] == at:
            n += 1
    return n


@njit(cache=True)
def cargo_used(s, k):
    """Crew and treasure aboard; unique treasure takes no space [Exploring]."""
    n = 0
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            n += 1
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and not s.co_up[c]:
            n += 1
    return n


@njit(cache=True)
def cargo_room(s, k):
    return s.cfg.ship_cargo[k // MAX_FLEET, k % MAX_FLEET] - cargo_used(s, k)


@njit(cache=True)
def sink(s, k):
    """Remove ship k with every crew, equipment and treasure aboard [Sinking a ship]."""
    s.sh_live[k] = 0
    s.sh_masts[k] = 0
    s.sh_dock[k] = -1
    s.sh_began[k] = -1
    s.sh_explored[k] = 0
    s.sh_pin[k] = -1
    s.sh_lost[k] = -1            # --- forts / terrain / creatures
    s.sh_tangled[k] = -1
    s.sh_scuttle[k] = 0
    s.sh_tow[k] = -1             # --- tow: a sunk tower tows nothing
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k:
            s.cr_ship[c] = -1
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            s.co_loc[c] = LOC_GONE
            s.co_at[c] = -1
    release_pins(s)


@njit(cache=True)
def release_pins(s):
    """A pinned ship stays pinned while her bow touches the ship she rammed and that ship
    still has a mast [Pin]."""
    for k in range(MAX_SHIPS):
        j = s.sh_pin[k]
        if j >= 0:
            if not s.sh_live[k] or not s.sh_live[j] or s.sh_masts[j] == 0 \
                    or not bow_touches(s, k, j):
                s.sh_pin[k] = -1
    release_tows(s)


# --- tow -------------------------------------------------------------------------------------
@njit(cache=True)
def release_tows(s):
    """A tow lasts while the tower is afloat with a mast, the towed ship is still a
    derelict and her bow still touches the tower (ruling: Tow ends) [Tow]."""
    for k in range(MAX_SHIPS):
        j = s.sh_tow[k]
        if j >= 0:
            if not 0 <= j < MAX_SHIPS or not s.sh_live[k] or not s.sh_live[j] or \
                    s.sh_masts[k] == 0 or s.sh_masts[j] != 0 or s.sh_wreck[k] or \
                    s.sh_wreck[j] or s.sh_lost[k] >= 0 or s.sh_lost[j] >= 0 or \
                    not bow_touches(s, j, k):
                s.sh_tow[k] = -1


# --- forts: who holds the fort on an island (here, not in forts.py: can_ever_move needs it)
@njit(cache=True)
def fort_at(s, i):
    """The fort standing on island i, -1 none."""
    for f in range(MAX_FORTS):
        if s.ft_isl[f] == i:
            return f
    return -1


@njit(cache=True)
def own_fort_at(s, i, p):
    f = fort_at(s, i) if i >= 0 else -1
    return f >= 0 and f // MAX_FORTS_P == p


@njit(cache=True)
def can_ever_move(s, p):
    """Seat p may still give a move action some day: a ship with a mast, or a derelict that
    can repair (docked at her home island or her own fort, or a Shipwright aboard)
    [Winning the Game; Derelict; Repairing; ruling: Who can still move]."""
    return can_ever_move_seen(s, p, -1)


@njit(cache=True)
def crew_known(s, c, seat):
    """``seat`` knows which piece crew c is: its own, face up, or one it has looked at."""
    return c // MAX_CREW_P == seat or s.cr_up[c] != 0 or (s.cr_seen[c] >> seat) & 1 != 0


@njit(cache=True)
def seen_shipwright(s, k, seat):
    """Ship k has a Shipwright that ``seat`` knows of: one face up, one the seat has looked
    at or owns (the rest are face down: which piece it is, is hidden; ruling: Equipment)
    [Placing Crew and equipment]."""
    for c in range(MAX_COINS):
        if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and \
                s.co_kw[c] & KW_SHIPWRIGHT:
            return True
    for c in range(MAX_CREW):
        if usable(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & KW_SHIPWRIGHT \
                and crew_known(s, c, seat):
            return True
    return False


@njit(cache=True)
def can_ever_move_seen(s, p, seat):
    """can_ever_move as ``seat`` can tell it (seat < 0: the whole truth, for the end of the
    game). Masts, docking and forts are open; a face-down Shipwright counts only for a seat
    that knows it (ruling: Who can still move) [Winning the Game]."""
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] == p and s.sh_live[k] and not s.sh_wreck[k]:
            if s.sh_masts[k]:
                return True
            if s.home[p] >= 0 and s.sh_dock[k] == s.home[p]:
                return True
            if own_fort_at(s, s.sh_dock[k], p):      # repair at her fort [Repairing]
                return True
            if seat < 0 or seat == p:
                if keywords(s, k) & KW_SHIPWRIGHT:
                    return True
            elif seen_shipwright(s, k, seat):
                return True
    return False


@njit(cache=True)
def wrap_angle(h):
    return math.atan2(math.sin(h), math.cos(h))


@njit(cache=True)
def leave_dock(s, k):
    """A ship leaving a wild island she explored leaves her player's token [Exploring]."""
    i = s.sh_dock[k]
    if i >= 0 and s.sh_explored[k]:
        s.isl_token[i] |= 1 << s.sh_owner[k]
    s.sh_dock[k] = -1
    s.sh_explored[k] = 0
