"""Cursed Seas towing: a ship that has moved takes a derelict in tow [Tow].

Section: Tow ("After a ship is given a move action, if any part of her is physically touching
the bow of any derelict, she can tow that derelict as a free action. As a free action, move
the derelict so that her bow touches the stern of the towing ship. The towed ship and any
crew or treasure on that ship become part of the towing player's fleet. The base move of the
towing ship becomes S; the towed ship moves with the towing ship as a free action. When the
towing ship docks, dock the towed ship at the same island or fort as a free action."), with
Scuttling ("If an opponent begins to tow that ship ... the scuttle attempt fails") and Sea
Creatures ("Nor can they ... tow"). Readings: docs/rulings.md [ruling: Tow; ruling: Tow
ends; ruling: Tow movement]. The towed ship's fleet is ``sh_owner``; ``sh_tow[k]`` is the ship k tows. These
kernels never call back into turns.py.
"""

import math

from numba import njit

from .common import keywords, leave_dock, release_tows, reveal, sink
from .creatures import is_creature
from .forts import fort_at, fort_unload, own_fort_at
from .geometry import bow_touches, edge_room, pose_clear, sweep, wrap
from .state import (
    EDGE_FLAT, EDGE_ROUND, FAN_DEG, FRACS, KW_OARSMAN, L_LEN, LOC_HOME, LOC_SHIP, MAX_COINS,
    MAX_CREW, MAX_SHIPS, PK_TOW, S_LEN, SC_NONE, SEG_L, SEG_S, SHIP_R, TOUCH,
)


# ----- where the towed ship lies --------------------------------------------------------------
@njit(cache=True)
def behind(s, k, j, h):
    """Stern point of ship j placed with her bow touching the stern of ship k, k heading h:
    in line behind her, facing the same way [Tow: 'her bow touches the stern']."""
    d = s.sh_len[j] + 2.0 * SHIP_R + 0.5 * TOUCH
    return s.sh_x[k] - d * math.cos(h), s.sh_y[k] - d * math.sin(h)


@njit(cache=True)
def towable(s, k, j):
    """Ship k, just given a move action, may take j in tow: k is a ship (not a sea creature)
    with a mast, towing nothing, not lost or wrecked; j is a derelict afloat (no masts, not a
    wreck, not lost in fog, not already in tow) whose bow k touches, and there is room for j
    behind k's stern (ruling: Tow)."""
    if not 0 <= j < MAX_SHIPS or j == k or not s.sh_live[j] or s.sh_masts[j] != 0:
        return False
    if s.sh_wreck[j] or s.sh_lost[j] >= 0 or is_creature(s, j):
        return False
    for t in range(MAX_SHIPS):
        if s.sh_tow[t] == j:
            return False
    if not bow_touches(s, j, k):
        return False
    x, y = behind(s, k, j, s.sh_h[k])
    return pose_clear(s, j, x, y, s.sh_h[k])


@njit(cache=True, inline="always")
def tow_ask(s, k):
    """After a move action: if she can tow a derelict, her player decides (PK_TOW). Only
    computed here, at the end of a move, never in the legal-mask hot path."""
    if not 0 <= k < MAX_SHIPS or not s.sh_live[k] or s.sh_masts[k] == 0 or \
            s.sh_tow[k] >= 0 or s.sh_wreck[k] or s.sh_lost[k] >= 0 or is_creature(s, k):
        return False
    for j in range(MAX_SHIPS):
        if towable(s, k, j):
            s.pending = PK_TOW
            s.pend_ship = k
            s.to_play = s.sh_owner[k]
            return True
    return False


@njit(cache=True, inline="always")
def tow(s, k, j):
    """Ship k takes derelict j in tow: j is placed bow to k's stern and joins k's fleet with
    her crew and treasure (her new player looks at them); a scuttle declared by another
    player fails; a ship that joins may be given actions this turn; a tangled derelict is
    pulled free of her Sargasso Sea (ruling: Tow)."""
    p = s.sh_owner[k]
    leave_dock(s, j)
    x, y = behind(s, k, j, s.sh_h[k])
    s.sh_x[j] = x
    s.sh_y[j] = y
    s.sh_h[j] = s.sh_h[k]
    s.sh_pin[j] = -1
    s.sh_tangled[j] = -1                 # pulled out of the weeds (ruling: Tow)
    if s.sh_owner[j] != p:
        s.sh_owner[j] = p
        s.sh_scuttle[j] = SC_NONE        # [Scuttling] an opponent began to tow her
        s.sh_acts[j] = 0
        s.sh_last[j] = -1
        s.sh_began[j] = -1
        s.sh_trade[j] = 0
        s.sh_nav[j] = 0
    for m in range(MAX_SHIPS):
        # a pin holds a ship to an enemy [Pin]: one of p's ships pinned to the ship now in
        # her fleet (the tower herself, say) is released
        if s.sh_pin[m] == j and s.sh_owner[m] == p:
            s.sh_pin[m] = -1
    for c in range(MAX_CREW):
        if s.cr_ship[c] == j:
            s.cr_seen[c] |= 1 << p
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == j:
            s.co_seen[c] |= 1 << p
    s.sh_tow[k] = j
    tow_dock(s, k)


@njit(cache=True)
def tow_dock(s, k):
    """When the towing ship is docked, the towed ship docks at the same island or fort and,
    at her player's home island or fort, unloads every coin worth gold [Tow; Unloading
    treasure]. The towed ship rolls no mysterious-island die (ruling: Tow)."""
    j = s.sh_tow[k]
    i = s.sh_dock[k]
    if j < 0 or i < 0:
        return
    s.sh_dock[j] = i
    p = s.sh_owner[k]
    if s.isl_home[i] == p:
        for c in range(MAX_COINS):
            if s.co_loc[c] == LOC_SHIP and s.co_at[c] == j and s.co_val[c] > 0:
                s.co_loc[c] = LOC_HOME
                s.co_at[c] = p
                s.co_seen[c] |= 1 << p
    elif own_fort_at(s, i, p):
        fort_unload(s, j, fort_at(s, i))


# ----- moving with a tow ----------------------------------------------------------------------------
@njit(cache=True)
def tow_seg_kind(s, k, i):
    """Segment i of a towing ship: her base move is S; an Oarsman's +S and a trade current's
    +S still add to it (ruling: Tow movement)."""
    if i == 0:
        return SEG_S
    oars = 1 if keywords(s, k) & KW_OARSMAN else 0
    if i == 1 and oars:
        return SEG_S
    if s.sh_trade[k] == 1 and i == 1 + oars:
        return SEG_S
    return -1


@njit(cache=True, inline="always")
def tow_turn_ok(s, k, h):
    """The tow turns with her about her stern: the towed ship, in line behind the new
    heading h, must overlap nothing."""
    j = s.sh_tow[k]
    x, y = behind(s, k, j, h)
    return pose_clear(s, j, x, y, h)


@njit(cache=True, inline="always")
def tow_sail(s, k, kind, fan, frac):
    """One segment of a towing ship [Tow; Moving]: she turns, her tow swings in line behind
    her, and both sail together; either touching a piece stops both (swept contact for each
    hull; the tower is no obstacle to her own tow). At an edge the hull that reaches it
    meets the edge rule; a tow that is split up ends. Returns 1 when the move is over."""
    j = s.sh_tow[k]
    i = -1
    for q in range(5):
        if not (s.seg_used >> q) & 1 and tow_seg_kind(s, k, q) == kind:
            i = q
            break
    oars = 1 if keywords(s, k) & KW_OARSMAN else 0
    if i == 1 and oars and s.sh_trade[k] == 1:
        i = 2                        # the trade current's +S first: the Oarsman stays unused
    s.seg_used |= 1 << i
    if i == 1 and oars:
        reveal(s, k, KW_OARSMAN)     # the Oarsman's +S is used [Placing Crew and equipment]
    if s.sh_trade[k] == 1 and i == 1 + oars:
        s.sh_trade[k] = 2            # the trade current's +S, once per turn
    h = math.atan2(math.sin(s.sh_h[k] + FAN_DEG[fan] * math.pi / 180.0),
                   math.cos(s.sh_h[k] + FAN_DEG[fan] * math.pi / 180.0))
    s.sh_h[k] = h
    x, y = behind(s, k, j, h)
    s.sh_x[j] = x
    s.sh_y[j] = y
    s.sh_h[j] = h
    ux = math.cos(h)
    uy = math.sin(h)
    dist = FRACS[frac] * (L_LEN if kind == SEG_L else S_LEN)
    t, hit = sweep(s, k, ux, uy, dist + TOUCH)    # touching where she ends stops her too
    s.sh_live[k] = 0                 # the tower is no obstacle to her own tow
    t2, hit2 = sweep(s, j, ux, uy, dist + TOUCH)
    s.sh_live[k] = 1
    if t2 < t:
        t = t2
        hit = hit2
    room_k = edge_room(s, k, ux, uy)
    room_j = edge_room(s, j, ux, uy)
    room = min(room_k, room_j)
    travel = min(t, dist, room)
    if travel > 0.0:
        leave_dock(s, k)
        leave_dock(s, j)
    s.sh_x[k] += travel * ux
    s.sh_y[k] += travel * uy
    s.sh_x[j] += travel * ux
    s.sh_y[j] += travel * uy
    if room < min(t, dist):
        e = k if room_k <= room_j else j
        if s.cfg.edge == EDGE_FLAT:      # over the edge: gone [Setup: Flat Earth]
            sink(s, e)
            return 1 if e == k else 0
        if s.cfg.edge == EDGE_ROUND:     # to the opposite edge [Round Earth]: the tow ends
            wrap(s, e)
            release_tows(s)
        return 0
    if hit >= 0:
        return 1
    return 0
