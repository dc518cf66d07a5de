"""Features of each movement segment for a policy that scores actions (GameSpec.action_slots).

Sections: Moving (a segment turns the ship about her stern, then sails an eighth of S or L
straight on, stopping at the first piece she touches or at the edge), Docking, Exploring,
Unloading treasure, Sinking a ship. A segment decision offers up to 384 answers (ruling:
Movement grammar) whose worth is where they leave the ship: a network that sees only the
board must learn that mapping for every heading and distance, and a plain softmax head did
not (benchmarks/TRAINING.md, "why its network does not learn"). Each segment is described
here by the pose it leaves the pending ship in, so a shared scoring (envs/core/mlp.py) can
rate all of them alike.

The pose is that of the segment on the board as it stands: turned about the pivot (turns.pivot:
a creature turns about its middle), then swept straight on until she touches an island or a
ship, or reaches the edge. It is a feature, not the rules' move: the turn's arc, a tow and
the edge rules are the legal mask's and ``apply``'s (a segment the arc forbids is not legal,
and its features are never read). The features read open information only (positions,
islands' and ships' coin counts, not their values), but which segments are left can hang on
a face-down Oarsman [Placing Crew and equipment], so only the seat to play is shown them
(observe.py).

Per segment action, in units of L (``N_SEGF`` values, state.py; zero for a kind with no free
segment): constant 1; the distance sailed; the change of the bow's distance to her home
island, to the nearest wild island holding treasure and to the nearest enemy ship carrying
treasure (0 when there is none); touching a piece at the end, her home island, that treasure
island; the change of the distance to the nearest enemy ship; how far the new heading points
at home and at that island from where she ends (cosines); reaching the edge; the segment
being L.
"""

import math

from numba import njit

from .common import coins_at
from .geometry import edge_room_pose, sweep_pose
from .state import (
    FAN_DEG, FRACS, L_LEN, LOC_ISLAND, LOC_SHIP, MAX_SHIPS, N_SEGF, NUM_FAN,
    NUM_FRAC, S_LEN, SEG_L, SEG_S, SHIP_R, TOUCH,
)
from .turns import free_segment, pivot

#: contact-search steps for a feature: within L * 0.5 ** 16 (3e-5 S), where a rule's move
#: is exact to 1e-9 S (geometry.first_contact)
SWEEP_ITERS = 16


@njit(cache=True)
def _island_gap(s, i, x, y):
    """Distance from a bow at (x, y) to island i's shore, less a hull's half width."""
    return math.hypot(s.isl_x[i] - x, s.isl_y[i] - y) - s.isl_r[i] - SHIP_R


@njit(cache=True)
def _mid(s, j):
    """The middle of ship j's hull."""
    return (s.sh_x[j] + 0.5 * s.sh_len[j] * math.cos(s.sh_h[j]),
            s.sh_y[j] + 0.5 * s.sh_len[j] * math.sin(s.sh_h[j]))


@njit(cache=True)
def _mid_gap(s, j, x, y):
    """Distance from (x, y) to the middle of ship j's hull."""
    mx, my = _mid(s, j)
    return math.hypot(mx - x, my - y)


@njit(cache=True)
def _targets(s, k, bx, by):
    """(home island, nearest wild island holding treasure or -1, nearest enemy ship carrying
    treasure or -1, nearest enemy ship or -1) of ship k, nearest to her bow at (bx, by)."""
    me = s.sh_owner[k]
    home = s.home[me]
    isl = -1
    best = math.inf
    for i in range(s.n_islands):
        if s.isl_home[i] < 0 and coins_at(s, LOC_ISLAND, i) > 0:
            d = _island_gap(s, i, bx, by)
            if d < best:
                isl, best = i, d
    rich = -1
    enemy = -1
    best_rich = math.inf
    best_enemy = math.inf
    for j in range(MAX_SHIPS):
        if not s.sh_live[j] or s.sh_owner[j] == me or s.sh_lost[j] >= 0:
            continue
        d = _mid_gap(s, j, bx, by)
        if d < best_enemy:
            enemy, best_enemy = j, d
        if d < best_rich and coins_at(s, LOC_SHIP, j) > 0:
            rich, best_rich = j, d
    return home, isl, rich, enemy


@njit(cache=True, inline="always")
def _toward(x, y, ux, uy, tx, ty):
    """(distance from (x, y) to (tx, ty), cosine of the angle between the unit heading (ux,
    uy) and the direction to it)."""
    d = math.hypot(tx - x, ty - y)
    return d, 1.0 if d < 1e-9 else (ux * (tx - x) + uy * (ty - y)) / d


@njit(cache=True)
def segment_features(s, out, base):
    """Write the features of every segment action of the pending ship ``s.pend_ship`` to
    ``out[base + a * N_SEGF ...]`` for segment action ``A_SEG + a`` (a = (kind * NUM_FAN +
    fan) * NUM_FRAC + frac, state.py); ``out`` must hold zeros there."""
    k = s.pend_ship
    if k < 0 or k >= MAX_SHIPS or not s.sh_live[k]:
        return
    ln = s.sh_len[k]
    bx0 = s.sh_x[k] + ln * math.cos(s.sh_h[k])
    by0 = s.sh_y[k] + ln * math.sin(s.sh_h[k])
    home, isl, rich, enemy = _targets(s, k, bx0, by0)
    # where each target is (a ship's middle), and the bow's distance to it now
    hx, hy, hr = (s.isl_x[home], s.isl_y[home], s.isl_r[home] + SHIP_R) if home >= 0 else \
        (0.0, 0.0, 0.0)
    ix, iy, ir = (s.isl_x[isl], s.isl_y[isl], s.isl_r[isl] + SHIP_R) if isl >= 0 else \
        (0.0, 0.0, 0.0)
    rx, ry = _mid(s, rich) if rich >= 0 else (0.0, 0.0)
    qx, qy = _mid(s, enemy) if enemy >= 0 else (0.0, 0.0)
    home_now = math.hypot(hx - bx0, hy - by0) - hr
    isl_now = math.hypot(ix - bx0, iy - by0) - ir
    rich_now = math.hypot(rx - bx0, ry - by0)
    enemy_now = math.hypot(qx - bx0, qy - by0)
    free_s = free_segment(s, k, SEG_S) >= 0
    free_l = free_segment(s, k, SEG_L) >= 0
    if not (free_s or free_l):
        return
    reach = (L_LEN if free_l else S_LEN) + TOUCH
    for fan in range(NUM_FAN):
        h = s.sh_h[k] + FAN_DEG[fan] * math.pi / 180.0
        ax, ay = pivot(s, k, h)
        ux = math.cos(h)
        uy = math.sin(h)
        bx = ax + ln * ux
        by = ay + ln * uy
        # one sweep serves both kinds (an S ends on the L's line); a feature needs no more
        # than SWEEP_ITERS steps of the contact search
        t, hit = sweep_pose(s, k, ax, ay, bx, by, ux, uy, reach, SWEEP_ITERS)
        room = edge_room_pose(s, ax, ay, bx, by, ux, uy)
        for kind in range(2):
            if not (free_l if kind == SEG_L else free_s):
                continue
            length = L_LEN if kind == SEG_L else S_LEN
            for frac in range(NUM_FRAC):
                dist = FRACS[frac] * length
                travel = min(t, dist, room)
                ex = bx + travel * ux
                ey = by + travel * uy
                touch = t <= dist + TOUCH and hit >= 0
                o = base + ((kind * NUM_FAN + fan) * NUM_FRAC + frac) * N_SEGF
                out[o] = 1.0
                out[o + 1] = travel / L_LEN
                if home >= 0:
                    d, c = _toward(ex, ey, ux, uy, hx, hy)
                    out[o + 2] = (d - hr - home_now) / L_LEN
                    out[o + 9] = c
                if isl >= 0:
                    d, c = _toward(ex, ey, ux, uy, ix, iy)
                    out[o + 3] = (d - ir - isl_now) / L_LEN
                    out[o + 10] = c
                if rich >= 0:
                    out[o + 4] = (math.hypot(rx - ex, ry - ey) - rich_now) / L_LEN
                out[o + 5] = 1.0 if touch else 0.0
                out[o + 6] = 1.0 if touch and hit == home else 0.0
                out[o + 7] = 1.0 if touch and isl >= 0 and hit == isl else 0.0
                if enemy >= 0:
                    out[o + 8] = (math.hypot(qx - ex, qy - ey) - enemy_now) / L_LEN
                out[o + 11] = 1.0 if room < min(t, dist) else 0.0
                out[o + 12] = 1.0 if kind == SEG_L else 0.0
