"""Cursed Seas setup kernels: turn order, islands, home islands, ships, crew, treasure.

Sections: Setup (first player by d6 with re-rolls, both seat-order rules), Placing Islands
(three per player, placed in turn, 1L-6L apart), Choosing Home Islands (both rules; bows
touching the home island), Placing Crew and equipment (face down on their ships), Placing
Treasure (shuffled face down, an equal number to each wild island).
"""

import math

import numpy as np
from numba import njit

from envs.core.rng import die, shuffle

from .geometry import pose_clear
from .state import (
    DEPLOY_SLOTS, DEPLOY_TURN, NUM_DEPLOY, GRID, L_LEN, REEF_R, LOC_ISLAND, MAX_COINS_P, MAX_FLEET, MAX_PLAYERS,
    PH_DEPLOY, PH_HOME, PK_DEPLOY, PK_HOME, S_LEN, SHIP_R,
)


@njit(cache=True, inline="always")
def roll_order(s):
    """[Setup] each player rolls a d6, ties re-rolled; highest first. Comparing the players'
    sequences of rolls (first roll, then each re-roll) is the same as re-rolling only the
    tied players (ruling: Re-rolled ties). Order rule 0: by the rolls; rule 1: the first
    player, then the players to her left (seat p + 1 sits to the left of seat p; ruling: Seats)."""
    n = s.num_players
    key = np.zeros(MAX_PLAYERS, np.int64)
    for p in range(MAX_PLAYERS):
        s.first_roll[p] = 0
        s.order[p] = -1
    for p in range(n):
        s.first_roll[p] = die(s, 6)
        key[p] = s.first_roll[p]
        for _ in range(5):
            key[p] = key[p] * 6 + die(s, 6) - 1
    used = 0
    for i in range(n):
        best = -1
        for p in range(n):
            if not (used >> p) & 1 and (best < 0 or key[p] > key[best]):
                best = p
        s.order[i] = best
        used |= 1 << best
    if s.cfg.order_rule == 1:
        first = s.order[0]
        for i in range(n):
            s.order[i] = (first + i) % n


@njit(cache=True)
def grid_point(s, g):
    gx = g % GRID
    gy = g // GRID
    return (gx + 0.5) * s.cfg.table_w / GRID, (gy + 0.5) * s.cfg.table_h / GRID


@njit(cache=True)
def place_tier(s, g):
    """How well grid point g suits the next island [Placing Islands]: 3 = the recommended
    1L-6L from the islands placed (and at least S inside the table edge); 2 = at least S
    from every island and the edge; 1 = on the table, touching no island; 0 = not allowed.
    Only the best tier any point offers is legal (ruling: Island placement)."""
    x, y = grid_point(s, g)
    r = s.isl_r[s.n_islands]
    if x - r < 0.0 or y - r < 0.0 or x + r > s.cfg.table_w or y + r > s.cfg.table_h:
        return 0
    inner = not (x - r < S_LEN or y - r < S_LEN or x + r > s.cfg.table_w - S_LEN or
                 y + r > s.cfg.table_h - S_LEN)
    near = s.n_islands == 0
    tier = 3 if inner else 1
    for i in range(s.n_islands):
        gap = math.sqrt((x - s.isl_x[i]) ** 2 + (y - s.isl_y[i]) ** 2) - r - s.isl_r[i]
        if gap <= 0.0:
            return 0
        if gap <= 2.0 * SHIP_R:
            return 1
        if gap < S_LEN:
            tier = 1
        elif gap < L_LEN:
            tier = min(tier, 2)
        if gap <= 6 * L_LEN:
            near = True
    if not near:
        tier = min(tier, 2)
    return tier


@njit(cache=True)
def least_crowded(s, g):
    """Smallest gap from grid point g's island to the placed ones (-1e9 off the table)."""
    x, y = grid_point(s, g)
    r = s.isl_r[s.n_islands]
    if x - r < 0.0 or y - r < 0.0 or x + r > s.cfg.table_w or y + r > s.cfg.table_h:
        return -1e9
    best = 1e9
    for i in range(s.n_islands):
        best = min(best, math.sqrt((x - s.isl_x[i]) ** 2 + (y - s.isl_y[i]) ** 2)
                   - r - s.isl_r[i])
    return best


@njit(cache=True, inline="always")
def place_options(s, mask, base):
    """Mark mask[base + g] for each grid point g the next island may go to [Placing
    Islands]: the points of the best tier any point offers, or with ``island_spacing`` free
    (the spacing is only recommended) every point of tier 1 or more; with no point of any
    tier, the least crowded ones (ruling: Island placement). Each point's tier is found
    once and held in the mask until the best is known (speed)."""
    best = 0
    for g in range(GRID * GRID):
        t = place_tier(s, g)
        mask[base + g] = t
        best = max(best, t)
    if best > 0:
        lo = 1 if s.cfg.island_spacing == 1 else best
        for g in range(GRID * GRID):
            mask[base + g] = 1 if mask[base + g] >= lo else 0
        return
    top = -1e9
    for g in range(GRID * GRID):
        top = max(top, least_crowded(s, g))
    for g in range(GRID * GRID):
        if least_crowded(s, g) >= top - 1e-9:
            mask[base + g] = 1


@njit(cache=True)
def reef_ok(s, g):
    """[Placing Terrain] a reef may go anywhere on the table, touching other terrain but
    overlapping no island and no reef already placed ("each piece can touch any other piece
    of terrain": touch, not lie on it; ruling: Reef)."""
    x, y = grid_point(s, g)
    if x - REEF_R < 0.0 or y - REEF_R < 0.0 or x + REEF_R > s.cfg.table_w or \
            y + REEF_R > s.cfg.table_h:
        return False
    for i in range(s.n_islands):
        if math.sqrt((x - s.isl_x[i]) ** 2 + (y - s.isl_y[i]) ** 2) < REEF_R + s.isl_r[i]:
            return False
    for r in range(s.n_reefs):
        # the tolerance keeps grid neighbours exactly 2 REEF_R apart touching
        if math.sqrt((x - s.rf_x[r]) ** 2 + (y - s.rf_y[r]) ** 2) < 2.0 * REEF_R - 1e-9:
            return False
    return True


@njit(cache=True)
def deploy_pose(s, k, i, a):
    """Ship k with her bow touching island i [Choosing Home Islands: "so that their bows
    touch that island"]: option a = slot * 5 + t, her bow point on the island's radius at
    angle slot (12 points 30 degrees apart), her heading DEPLOY_TURN[t] (-60 .. +60 degrees)
    off the island's centre - the heading is her player's choice; any heading within 90
    degrees of the centre keeps the bow the part that touches (ruling: Home islands and
    deploying)."""
    ang = 2.0 * math.pi * (a // 5) / DEPLOY_SLOTS
    reach = s.isl_r[i] + SHIP_R + 1e-4
    bx = s.isl_x[i] + reach * math.cos(ang)
    by = s.isl_y[i] + reach * math.sin(ang)
    h = math.atan2(-math.sin(ang), -math.cos(ang)) + DEPLOY_TURN[a % 5] * math.pi / 180.0
    h = math.atan2(math.sin(h), math.cos(h))
    return bx - s.sh_len[k] * math.cos(h), by - s.sh_len[k] * math.sin(h), h


@njit(cache=True)
def deploy_ok(s, k, a):
    p = k // MAX_FLEET
    x, y, h = deploy_pose(s, k, s.home[p], a)
    return pose_clear(s, k, x, y, h)


@njit(cache=True)
def home_chooser(s, i):
    """(chooser, seat whose home is chosen) for the i-th choice [Choosing Home Islands]:
    rule 0, the last player chooses the first player's, then each player the next one's;
    rule 1, the last player chooses her own first, then the one before her, ... (ruling: Home
    islands and deploying)."""
    n = s.num_players
    if s.cfg.home_rule == 0:
        return s.order[(i - 1 + n) % n], s.order[i]
    return s.order[n - 1 - i], s.order[n - 1 - i]


@njit(cache=True)
def ask_home(s):
    """Ask the next home island choice; False once every home is chosen."""
    i = s.pend_count
    if i >= s.num_players:
        return False
    chooser, seat = home_chooser(s, i)
    s.phase = PH_HOME
    s.pending = PK_HOME
    s.pend_seat = seat
    s.to_play = chooser
    return True


@njit(cache=True, inline="always")
def next_deploy(s):
    """Ask the next ship of pend_seat to place at her home, or the next home choice:
    0 a ship to place, 1 a home to choose, 2 every home chosen, 3 no room to place."""
    p = s.pend_seat
    for j in range(MAX_FLEET):
        k = p * MAX_FLEET + j
        if s.cfg.ship_def[p, j] >= 0 and not s.sh_live[k] and s.sh_began[k] != -2:
            s.phase = PH_DEPLOY
            s.pending = PK_DEPLOY
            s.pend_ship = k
            s.to_play = p
            for a in range(NUM_DEPLOY):
                if deploy_ok(s, k, a):
                    return 0
            return 3       # no room left around the island (ruling: Crowded home)
    s.pend_count += 1
    return 1 if ask_home(s) else 2


@njit(cache=True, inline="always")
def place_treasure(s):
    """[Placing Treasure] every contributed coin, shuffled face down, an equal number to
    each wild island (islands in placement order; ruling: Treasure contributions)."""
    n = s.num_players
    pool = np.full(MAX_PLAYERS * MAX_COINS_P, -1, np.int64)
    m = 0
    for c in range(MAX_PLAYERS * MAX_COINS_P):
        if c // MAX_COINS_P < n and s.co_val[c] >= 0:
            pool[m] = c
            m += 1
    shuffle(s, pool, m)
    wild = np.full(12, -1, np.int64)
    nw = 0
    for i in range(s.n_islands):
        if s.isl_home[i] < 0:
            wild[nw] = i
            nw += 1
    for t in range(m):
        c = pool[t]
        s.co_loc[c] = LOC_ISLAND
        s.co_at[c] = wild[t % nw] if nw > 0 else 0


@njit(cache=True)
def shuffle_islands(s):
    """[Placing Islands] islands are chosen at random: shuffle the pieces' order."""
    n = 3 * s.num_players
    idx = np.arange(n)
    shuffle(s, idx, n)
    for i in range(s.isl_r.shape[0]):
        s.isl_r[i] = 0.0
    for i in range(n):
        s.isl_r[i] = s.cfg.island_r[idx[i]]
        s.isl_piece[i] = idx[i]             # which piece: mysterious islands' tables
