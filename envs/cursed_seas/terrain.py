"""Cursed Seas terrain other than reefs: fog bank, iceberg, Sargasso Sea, trade current,
whirlpool (reefs and shipwrecks are in turns.py).

Sections: Placing Terrain (placed in turn, in the order islands were placed), Terrain
(effects apply when a piece touches terrain at the end of a movement segment, once per move
action), Fog Bank, Iceberg, Sargasso Sea, Trade Current, Whirlpool. Every terrain piece is a
disc of radius TERR_R (ruling: Terrain pieces); geometry is the same segment/disc distance
as geometry.py. These kernels never call back into turns.py: they return what the caller
must do next (codes below), so the import graph stays acyclic.
"""

import math

from numba import njit

from envs.core.rng import die

from .common import masts_up, nmast, sink
from .geometry import first_contact, pose_clear, pt_seg
from .state import (
    EDGE_FLAT, EDGE_ROUND, EDGE_SLOTS, GRID, LOC_GONE, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P,
    MAX_FLEET, MAX_SHIPS, PK_ICE_MAST, PK_UNTANGLE, PK_WHIRL, PK_WHIRL_LOSS, S_LEN, SHIP_R,
    TERR_R, TOUCH, TR_FOG, TR_ICE, TR_NONE, TR_SARGASSO, TR_TRADE, TR_WHIRL,
)

# what terrain_check asks of its caller
GO_ON = 0          # she may sail her remaining segments
ASKED = 1          # a decision is pending
END_MOVE = 2       # her move is over (dock, ram as usual)
ACTIONS_OVER = 3   # her move and her actions this turn are over (lost, whirlpool jump)


# ----- geometry ----------------------------------------------------------------------------------
@njit(cache=True)
def hull_gap(s, k, t):
    """Distance between ship k's hull and terrain piece t (0 when they overlap)."""
    ln = s.sh_len[k]
    bx = s.sh_x[k] + ln * math.cos(s.sh_h[k])
    by = s.sh_y[k] + ln * math.sin(s.sh_h[k])
    return max(0.0, pt_seg(s.tr_x[t], s.tr_y[t], s.sh_x[k], s.sh_y[k], bx, by)
               - SHIP_R - TERR_R)


@njit(cache=True)
def touching(s, k):
    """Bit t set when any part of ship k touches terrain piece t [Terrain]."""
    out = 0
    for t in range(s.n_terr):
        if s.tr_kind[t] != TR_NONE and hull_gap(s, k, t) <= TOUCH:
            out |= 1 << t
    return out


@njit(cache=True)
def out_pose(s, k, t, ang):
    """Ship k outside terrain t, her stern touching it at angle ``ang`` and facing straight
    away from it (ruling: Leaving terrain)."""
    reach = TERR_R + SHIP_R + 1e-4
    return s.tr_x[t] + reach * math.cos(ang), s.tr_y[t] + reach * math.sin(ang), \
        math.atan2(math.sin(ang), math.cos(ang))


@njit(cache=True)
def slot_ok(s, k, t, slot):
    x, y, h = out_pose(s, k, t, 2.0 * math.pi * slot / EDGE_SLOTS)
    return pose_clear(s, k, x, y, h)


@njit(cache=True)
def terr_place_ok(s, x, y):
    """[Placing Terrain] on the table, overlapping no island and no placed terrain (pieces
    may touch; ruling: Terrain pieces)."""
    if x - TERR_R < 0.0 or y - TERR_R < 0.0 or x + TERR_R > s.cfg.table_w or \
            y + TERR_R > s.cfg.table_h:
        return False
    for i in range(s.n_islands):
        if math.sqrt((x - s.isl_x[i]) ** 2 + (y - s.isl_y[i]) ** 2) < TERR_R + s.isl_r[i]:
            return False
    for t in range(s.n_terr):
        if math.sqrt((x - s.tr_x[t]) ** 2 + (y - s.tr_y[t]) ** 2) < 2.0 * TERR_R - 1e-9:
            return False
    for r in range(s.n_reefs):
        if math.sqrt((x - s.rf_x[r]) ** 2 + (y - s.rf_y[r]) ** 2) < 2.0 * TERR_R - 1e-9:
            return False
    return True


@njit(cache=True)
def grid_xy(s, g):
    return (g % GRID + 0.5) * s.cfg.table_w / GRID, (g // GRID + 0.5) * s.cfg.table_h / GRID


@njit(cache=True, inline="always")
def disc_sweep(s, t, ux, uy, dist):
    """How far terrain disc t may slide along u (up to dist) before it touches an island or
    a ship on the table (a ship lost in a fog bank is not): (travel, island i / 100 + ship
    j / -1). Exact contact as in geometry.sweep, so an iceberg never tunnels."""
    cx = s.tr_x[t]
    cy = s.tr_y[t]
    best = dist + 1.0
    hit = -1
    for i in range(s.n_islands):
        d = first_contact(cx, cy, cx, cy, ux, uy, dist, s.isl_x[i], s.isl_y[i],
                          s.isl_x[i], s.isl_y[i], TERR_R + s.isl_r[i])
        if d <= best and d <= dist:
            best = d
            hit = i
    for j in range(MAX_SHIPS):
        if s.sh_live[j] and s.sh_lost[j] < 0:
            ln = s.sh_len[j]
            d = first_contact(cx, cy, cx, cy, ux, uy, dist, s.sh_x[j], s.sh_y[j],
                              s.sh_x[j] + ln * math.cos(s.sh_h[j]),
                              s.sh_y[j] + ln * math.sin(s.sh_h[j]), TERR_R + SHIP_R)
            if d <= best and d <= dist:
                best = d
                hit = 100 + j
    return best, hit


@njit(cache=True)
def disc_edge_room(s, t, ux, uy):
    best = 1e9
    if ux > 1e-12:
        best = min(best, (s.cfg.table_w - TERR_R - s.tr_x[t]) / ux)
    elif ux < -1e-12:
        best = min(best, (s.tr_x[t] - TERR_R) / -ux)
    if uy > 1e-12:
        best = min(best, (s.cfg.table_h - TERR_R - s.tr_y[t]) / uy)
    elif uy < -1e-12:
        best = min(best, (s.tr_y[t] - TERR_R) / -uy)
    return max(0.0, best)


@njit(cache=True)
def disc_clear(s, t, x, y):
    """Disc t at (x, y) overlaps no island and no ship on the table."""
    for i in range(s.n_islands):
        if math.sqrt((x - s.isl_x[i]) ** 2 + (y - s.isl_y[i]) ** 2) < TERR_R + s.isl_r[i]:
            return False
    for j in range(MAX_SHIPS):
        if s.sh_live[j] and s.sh_lost[j] < 0:
            ln = s.sh_len[j]
            if pt_seg(x, y, s.sh_x[j], s.sh_y[j], s.sh_x[j] + ln * math.cos(s.sh_h[j]),
                      s.sh_y[j] + ln * math.sin(s.sh_h[j])) < TERR_R + SHIP_R - 1e-6:
                return False
    return True


# ----- setup -------------------------------------------------------------------------------------
@njit(cache=True)
def init_terrain(s):
    s.n_terr = 0
    s.ice_roll = 0
    for t in range(s.tr_kind.shape[0]):
        s.tr_kind[t] = TR_NONE
        s.tr_x[t] = 0.0
        s.tr_y[t] = 0.0
        s.tr_num[t] = 0
        s.tr_stuck[t] = 0
        s.tr_rating[t] = 0
        s.tr_owner[t] = -1
    for k in range(MAX_SHIPS):
        s.sh_terr[k] = 0
        s.sh_terr_in[k] = 0
        s.sh_lost[k] = -1
        s.sh_tangled[k] = -1
        s.sh_trade[k] = 0


@njit(cache=True)
def terrain_to_place(s):
    n = 0
    for t in range(s.cfg.terr_kind.shape[0]):
        if s.cfg.terr_kind[t] != TR_NONE:
            n += 1
    return n


@njit(cache=True)
def place_terrain(s, g):
    """[Placing Terrain] the next configured piece goes on grid point g."""
    t = s.n_terr
    x, y = grid_xy(s, g)
    s.tr_kind[t] = s.cfg.terr_kind[t]
    s.tr_num[t] = s.cfg.terr_num[t]
    s.tr_x[t] = x
    s.tr_y[t] = y
    s.n_terr += 1


# ----- turns -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def turn_begins(s, p):
    """Ratings last until the end of a player's turn [Sargasso Sea]; a friendly trade current
    a ship begins her turn touching gives her +S this turn [Trade Current; ruling: Trade Current]."""
    for t in range(s.n_terr):
        s.tr_rating[t] = 0
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] != p:
            continue
        s.sh_trade[k] = 0
        s.sh_terr[k] = 0
        s.sh_terr_in[k] = 0
        if s.sh_live[k] and s.sh_lost[k] < 0 and trade_touch(s, k):
            s.sh_trade[k] = 1


@njit(cache=True)
def trade_touch(s, k):
    p = s.sh_owner[k]
    for t in range(s.n_terr):
        if s.tr_kind[t] == TR_TRADE and s.tr_owner[t] == p and hull_gap(s, k, t) <= TOUCH:
            return True
    return False


@njit(cache=True, inline="always")
def ice_begin(s):
    """[Iceberg; ruling: Iceberg] at the beginning of each turn, before any actions, the player rolls a d6;
    icebergs whose gold number matches move. Rolled only when an iceberg is in play. True
    when a decision is pending."""
    s.ice_roll = 0
    for t in range(s.n_terr):
        if s.tr_kind[t] == TR_ICE:
            s.ice_roll = die(s, 6)
            return ice_from(s, 0)
    return False


@njit(cache=True)
def ice_from(s, t0):
    """Move every matching iceberg from t0 on: a d6 picks the number on its edge, it moves S
    straight out from that number without turning. Touching a ship or sea creature stops it
    and eliminates one mast or segment (the piece's player picks which: a decision);
    hitting an island stops it for the rest of the game. True when a decision is pending."""
    for t in range(t0, s.n_terr):
        if s.tr_kind[t] != TR_ICE or s.tr_stuck[t] or s.tr_num[t] != s.ice_roll:
            continue
        ang = (die(s, 6) - 1) * math.pi / 3.0
        ux = math.cos(ang)
        uy = math.sin(ang)
        travel, hit = disc_sweep(s, t, ux, uy, S_LEN)
        room = disc_edge_room(s, t, ux, uy)
        go = min(travel, S_LEN, room)
        s.tr_x[t] += go * ux
        s.tr_y[t] += go * uy
        if room < min(travel, S_LEN):
            if s.cfg.edge == EDGE_FLAT:          # over the edge: gone [Setup: Flat Earth]
                s.tr_kind[t] = TR_NONE
                s.tr_x[t] = 0.0
                s.tr_y[t] = 0.0
                s.tr_num[t] = 0
            elif s.cfg.edge == EDGE_ROUND:       # to the opposite edge [Round Earth]
                ice_wrap(s, t, ux, uy)
            continue
        if 0 <= hit < 100:
            s.tr_stuck[t] = 1
        elif hit >= 100:
            j = hit - 100
            if s.sh_masts[j] != 0 and not s.sh_wreck[j]:
                s.pending = PK_ICE_MAST
                s.pend_ship = j
                s.pend_count = t
                s.to_play = s.sh_owner[j]
                return True
    return False


@njit(cache=True, inline="always")
def ice_wrap(s, t, ux, uy):
    """[Setup: Round Earth] an iceberg reaching an edge is placed touching the opposite
    edge, same position along it; it stays if that spot is taken (ruling: Edges)."""
    x = s.tr_x[t]
    y = s.tr_y[t]
    if ux > 1e-12 and x >= s.cfg.table_w - TERR_R - 1e-9:
        x = TERR_R
    elif ux < -1e-12 and x <= TERR_R + 1e-9:
        x = s.cfg.table_w - TERR_R
    if uy > 1e-12 and y >= s.cfg.table_h - TERR_R - 1e-9:
        y = TERR_R
    elif uy < -1e-12 and y <= TERR_R + 1e-9:
        y = s.cfg.table_h - TERR_R
    if disc_clear(s, t, x, y):
        s.tr_x[t] = x
        s.tr_y[t] = y


@njit(cache=True, inline="always")
def ice_damage(s, j, m):
    """The iceberg's touched piece loses mast m; a sea creature with no segment left is
    eliminated [Sea Creatures]."""
    s.sh_masts[j] &= ~(1 << int(m)) & 0xFF  # complement kept to the uint8 field
    if s.sh_masts[j] == 0 and s.cfg.ship_creature[j // MAX_FLEET, j % MAX_FLEET]:
        sink(s, j)


# ----- moving ------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def start_move(s, k):
    """A move action given to ship k. Tangled: the action is the attempt to free her
    [Sargasso Sea; ruling: Sargasso Sea]; lost: she leaves the fog bank first [Fog Bank]. Terrain she touches as
    the move begins does not affect her while she still touches it: once a segment has ended
    clear of it, it acts again if a later segment ends on it (terrain_check; ruling: Terrain
    once per move action). Returns GO_ON (sail), ASKED (a decision is pending) or END_MOVE
    (the action is spent)."""
    p = s.sh_owner[k]
    t = s.sh_tangled[k]
    if t >= 0:
        if die(s, 6) + masts_up(s, k) <= 6:
            return END_MOVE
        for a in range(EDGE_SLOTS):
            if slot_ok(s, k, t, a):
                s.pending = PK_UNTANGLE
                s.pend_ship = k
                s.to_play = p
                return ASKED
        s.sh_tangled[k] = -1                 # no room at its edge: freed where she is
        return END_MOVE
    f = s.sh_lost[k]
    if f >= 0:
        x, y, h = out_pose(s, k, f, (die(s, 6) - 1) * math.pi / 3.0)
        if not pose_clear(s, k, x, y, h):
            return END_MOVE                  # that number is blocked: still lost (ruling: Fog Bank)
        s.sh_x[k] = x
        s.sh_y[k] = y
        s.sh_h[k] = h
        s.sh_lost[k] = -1
    s.sh_terr[k] = touching(s, k)
    s.sh_terr_in[k] = s.sh_terr[k]
    return GO_ON


@njit(cache=True)
def untangle(s, k, slot):
    """[Sargasso Sea] the freed piece is placed touching the edge, facing away."""
    x, y, h = out_pose(s, k, s.sh_tangled[k], 2.0 * math.pi * slot / EDGE_SLOTS)
    s.sh_x[k] = x
    s.sh_y[k] = y
    s.sh_h[k] = h
    s.sh_tangled[k] = -1


@njit(cache=True, inline="always")
def other_whirl(s, k, t):
    for w in range(s.n_terr):
        if w != t and s.tr_kind[w] == TR_WHIRL:
            for a in range(EDGE_SLOTS):
                if slot_ok(s, k, w, a):
                    return True
    return False


@njit(cache=True, inline="always")
def terrain_check(s, k, over):
    """[Terrain] ship k ended a movement segment: each terrain piece she touches that has
    not acted on her this move action applies now, in piece order; a piece she began the
    move touching is spared only until a segment ends clear of it (ruling: Terrain once per
    move action). ``over``: the segment ended on contact (kept for the whirlpool question).
    Returns GO_ON, ASKED, END_MOVE or ACTIONS_OVER."""
    if not s.sh_live[k] or s.sh_wreck[k] or s.sh_lost[k] >= 0:
        return GO_ON
    p = s.sh_owner[k]
    touch = touching(s, k)
    # sailing off a fog bank or a Sargasso Sea is not entering it; coming back after leaving
    # it is [Fog Bank: "when any part of a ship ... touches a fog bank"]
    left = int(s.sh_terr_in[k]) & ~touch
    s.sh_terr[k] &= ~left & 0xFF            # complement kept to the uint8 field
    s.sh_terr_in[k] &= touch
    for t in range(s.n_terr):
        if not (touch >> t) & 1 or (s.sh_terr[k] >> t) & 1:
            continue
        s.sh_terr[k] |= 1 << t
        kind = s.tr_kind[t]
        if kind == TR_FOG:
            lose_in_fog(s, k, t)
            return ACTIONS_OVER
        if kind == TR_SARGASSO:
            if s.tr_rating[t] == 0:
                s.tr_rating[t] = die(s, 6)
            if s.tr_rating[t] > nmast(s, k):
                s.sh_tangled[k] = t
                return END_MOVE
        elif kind == TR_TRADE:
            if s.tr_owner[t] == p and s.sh_trade[k] == 0:
                s.sh_trade[k] = 1
        elif kind == TR_WHIRL:
            if other_whirl(s, k, t):
                s.pending = PK_WHIRL
                s.pend_ship = k
                s.pend_count = t
                s.pend_target = 1 if over else 0
                s.to_play = p
                return ASKED
    return GO_ON


@njit(cache=True)
def lose_in_fog(s, k, t):
    """[Fog Bank] the whole piece is placed within the fog bank (centred on it, same
    heading) and is lost; her turn ends. Lost pieces neither pin nor are pinned."""
    ln = s.sh_len[k]
    s.sh_x[k] = s.tr_x[t] - 0.5 * ln * math.cos(s.sh_h[k])
    s.sh_y[k] = s.tr_y[t] - 0.5 * ln * math.sin(s.sh_h[k])
    s.sh_lost[k] = t
    s.sh_acts[k] = 2
    s.sh_pin[k] = -1
    for j in range(MAX_SHIPS):
        if s.sh_pin[j] == k:
            s.sh_pin[j] = -1


@njit(cache=True, inline="always")
def whirl_jump(s, k, w, slot):
    """[Whirlpool; ruling: Whirlpool] ship k is placed touching whirlpool w; roll a d6: on 1-3 she loses a
    mast or segment, a treasure or a crew (her player picks: PK_WHIRL_LOSS). The jump ends
    her whole move action. Returns ASKED or ACTIONS_OVER."""
    x, y, h = out_pose(s, k, w, 2.0 * math.pi * slot / EDGE_SLOTS)
    s.sh_x[k] = x
    s.sh_y[k] = y
    s.sh_h[k] = h
    s.sh_terr[k] |= touching(s, k)
    s.sh_acts[k] = 2
    if die(s, 6) <= 3 and whirl_any(s, k):
        s.pending = PK_WHIRL_LOSS
        s.pend_ship = k
        s.to_play = s.sh_owner[k]
        return ASKED
    return ACTIONS_OVER


@njit(cache=True)
def whirl_loss_ok(s, k, o):
    """Option o of PK_WHIRL_LOSS: mast o (0-4), crew 8 + j (the j-th crew aboard her, in index
    order: a tow brings other fleets' crew; equipment is never offered), coin 16 + c.
    Whirlpools never sink: a sea creature's last segment is not taken [Whirlpool]."""
    if o < 5:
        if not (s.sh_masts[k] >> o) & 1 or o >= nmast(s, k):
            return False
        return not (s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET] and
                    masts_up(s, k) == 1)
    if 8 <= o < 16:
        return crew_nth(s, k, o - 8) >= 0
    if 16 <= o < 16 + MAX_COINS:
        c = o - 16
        return s.co_loc[c] == LOC_SHIP and s.co_at[c] == k
    return False


@njit(cache=True)
def crew_nth(s, k, r):
    """The r-th crew aboard ship k in index order, -1 none. Equipment is skipped: "Whirlpools
    only eliminate masts, treasure, and crew. They will not eliminate equipment" [Whirlpool;
    ruling: Whirlpool]."""
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k and not s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
            if r == 0:
                return c
            r -= 1
    return -1


@njit(cache=True)
def whirl_any(s, k):
    for o in range(16 + MAX_COINS):
        if whirl_loss_ok(s, k, o):
            return True
    return False


@njit(cache=True)
def whirl_lose(s, k, o):
    if o < 5:
        s.sh_masts[k] &= ~(1 << int(o)) & 0xFF  # complement kept to the uint8 field
    elif o < 16:
        s.cr_ship[crew_nth(s, k, o - 8)] = -1
    else:
        s.co_loc[o - 16] = LOC_GONE
        s.co_at[o - 16] = -1
