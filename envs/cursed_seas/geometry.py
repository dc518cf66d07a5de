"""Table geometry for Pirates of the Cursed Seas: distances, swept contact, lines of fire.

Sections: Moving (no passing through islands or ships, stop on contact), Ram (bow contact),
Shooting (line of fire from the mast, range), Setup (table edges). A ship is a capsule (the
stern-to-bow segment thickened by ``SHIP_R``), an island a disc (a segment of length 0
thickened by its radius), so every test is one segment-to-segment distance. A straight move
is a translation, and the distance between two convex pieces under a translation is a
convex function of the distance travelled; the first contact is found by locating that
function's minimum (golden section) and bisecting before it - exact to ~1e-9 S whatever the
step length, so nothing tunnels through a piece (tests/cursed_seas/test_geometry.py).
Few kernels, shared by every rule, to keep the cold compile short.
"""

import math

from numba import njit

from .state import MAX_FLEET, SHIP_R, TERR_R, TOUCH, TR_FOG

_GOLD = 0.6180339887498949
_ITERS = 48


@njit(cache=True)
def pt_seg(px, py, ax, ay, bx, by):
    """Distance from point p to segment ab."""
    ex = bx - ax
    ey = by - ay
    ll = ex * ex + ey * ey
    t = 0.0
    if ll > 0.0:
        t = ((px - ax) * ex + (py - ay) * ey) / ll
        t = min(1.0, max(0.0, t))
    dx = ax + t * ex - px
    dy = ay + t * ey - py
    return math.sqrt(dx * dx + dy * dy)


@njit(cache=True)
def seg_seg(ax, ay, bx, by, cx, cy, dx, dy):
    """Distance between segments ab and cd (0 when they cross)."""
    # proper crossing: the endpoints of each lie strictly on both sides of the other
    d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx)
    d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx)
    d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax)
    if ((d1 > 0.0 and d2 < 0.0) or (d1 < 0.0 and d2 > 0.0)) and \
            ((d3 > 0.0 and d4 < 0.0) or (d3 < 0.0 and d4 > 0.0)):
        return 0.0
    r = pt_seg(ax, ay, cx, cy, dx, dy)
    r = min(r, pt_seg(bx, by, cx, cy, dx, dy))
    r = min(r, pt_seg(cx, cy, ax, ay, bx, by))
    return min(r, pt_seg(dx, dy, ax, ay, bx, by))


@njit(cache=True)
def far_from(dx, dy, r):
    """The offset (dx, dy) is longer than r by more than 1e-6, a margin far above rounding:
    a bound that lets a caller skip an exact test it could not fail (False on NaN)."""
    r = r + 1e-6
    return dx * dx + dy * dy > r * r


@njit(cache=True)
def swept_gap(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy):
    """The least distance from segment cd to segment ab translated anywhere up to ``dist``
    along u: the distance to the parallelogram ab sweeps, which is the least over its four
    edges unless cd lies inside it (then 0, as when unsure) [Moving: stop on contact]."""
    ex = ux * dist
    ey = uy * dist
    g = seg_seg(ax, ay, bx, by, cx, cy, dx, dy)
    g = min(g, seg_seg(ax + ex, ay + ey, bx + ex, by + ey, cx, cy, dx, dy))
    g = min(g, seg_seg(ax, ay, ax + ex, ay + ey, cx, cy, dx, dy))
    g = min(g, seg_seg(bx, by, bx + ex, by + ey, cx, cy, dx, dy))
    # cd clear of the four edges lies wholly inside or wholly outside: test c. A flat
    # parallelogram (det 0) is the union of its edges; a near-flat one has no point inside
    # farther than a rounding from an edge, so a wrong side there only costs the bound
    det = (bx - ax) * ey - (by - ay) * ex
    if det != 0.0:
        rx = cx - ax
        ry = cy - ay
        s = (rx * ey - ry * ex) / det
        t = ((bx - ax) * ry - (by - ay) * rx) / det
        if -1e-9 <= s <= 1.0 + 1e-9 and -1e-9 <= t <= 1.0 + 1e-9:
            return 0.0
    return g


@njit(cache=True)
def first_contact(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy, reach, iters=_ITERS):
    """How far segment ab may translate along the unit vector u (up to ``dist``) before it
    comes within ``reach`` of segment cd. Returns ``dist`` + 1 when it never does; 0 when it
    starts in contact and the move would bring it closer [Moving: stop on contact].
    ``iters`` bounds each search's steps (fewer: an estimate within dist * 0.5 ** iters)."""
    f0 = seg_seg(ax, ay, bx, by, cx, cy, dx, dy)
    if f0 - dist > reach:          # too far to reach: f(t) >= f(0) - t
        return dist + 1.0
    if f0 <= reach:
        h = min(1e-6, dist)
        f1 = seg_seg(ax + h * ux, ay + h * uy, bx + h * ux, by + h * uy, cx, cy, dx, dy)
        if f1 < f0 - 1e-12:
            return 0.0
        return dist + 1.0         # convex and not decreasing: only ever further away
    # the whole sweep stays beyond reach by far more than a rounding: every distance the
    # search below would evaluate exceeds reach and it would return dist + 1 (speed: most
    # pieces within the sweep's bounding circle are never touched)
    if swept_gap(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy) > reach + 1e-9:
        return dist + 1.0
    # golden-section search for the minimum of the convex distance on [0, dist]
    lo = 0.0
    hi = dist
    m1 = hi - _GOLD * (hi - lo)
    m2 = lo + _GOLD * (hi - lo)
    f1 = seg_seg(ax + m1 * ux, ay + m1 * uy, bx + m1 * ux, by + m1 * uy, cx, cy, dx, dy)
    f2 = seg_seg(ax + m2 * ux, ay + m2 * uy, bx + m2 * ux, by + m2 * uy, cx, cy, dx, dy)
    for _ in range(iters):
        if f1 <= reach or f2 <= reach:
            break
        if f1 < f2:
            hi = m2
            m2 = m1
            f2 = f1
            m1 = hi - _GOLD * (hi - lo)
            f1 = seg_seg(ax + m1 * ux, ay + m1 * uy, bx + m1 * ux, by + m1 * uy, cx, cy, dx, dy)
        else:
            lo = m1
            m1 = m2
            f1 = f2
            m2 = lo + _GOLD * (hi - lo)
            f2 = seg_seg(ax + m2 * ux, ay + m2 * uy, bx + m2 * ux, by + m2 * uy, cx, cy, dx, dy)
    if f1 <= reach:
        inside = m1
    elif f2 <= reach:
        inside = m2
    else:
        fe = seg_seg(ax + dist * ux, ay + dist * uy, bx + dist * ux, by + dist * uy,
                     cx, cy, dx, dy)
        if fe > reach:
            return dist + 1.0
        inside = dist
    # bisect on [0, inside]: the distance is decreasing there, above reach at 0
    lo = 0.0
    hi = inside
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        fm = seg_seg(ax + mid * ux, ay + mid * uy, bx + mid * ux, by + mid * uy, cx, cy, dx, dy)
        if fm <= reach:
            hi = mid
        else:
            lo = mid
    return lo


@njit(cache=True)
def bow_x(s, k):
    return s.sh_x[k] + s.sh_len[k] * math.cos(s.sh_h[k])


@njit(cache=True)
def bow_y(s, k):
    return s.sh_y[k] + s.sh_len[k] * math.sin(s.sh_h[k])


@njit(cache=True, inline="always")
def ship_gap(s, k, j):
    """Distance between the hulls of ships k and j (0 when they touch or overlap)."""
    d = seg_seg(s.sh_x[k], s.sh_y[k], bow_x(s, k), bow_y(s, k),
                s.sh_x[j], s.sh_y[j], bow_x(s, j), bow_y(s, j))
    return max(0.0, d - 2.0 * SHIP_R)


@njit(cache=True)
def island_gap(s, k, i):
    """Distance between the hull of ship k and island i."""
    d = pt_seg(s.isl_x[i], s.isl_y[i], s.sh_x[k], s.sh_y[k], bow_x(s, k), bow_y(s, k))
    return max(0.0, d - SHIP_R - s.isl_r[i])


@njit(cache=True)
def bow_touches(s, k, j):
    """The bow of ship k touches ship j [Ram: 'any part of her bow']. The bow zone is the
    forward end of the hull: the bow point with the hull's half-width around it."""
    d = pt_seg(bow_x(s, k), bow_y(s, k), s.sh_x[j], s.sh_y[j], bow_x(s, j), bow_y(s, j))
    return d <= 2.0 * SHIP_R + TOUCH


@njit(cache=True)
def pose_clear(s, k, x, y, h):
    """Ship k with her stern at (x, y) and heading h overlaps no island and no other ship
    (touching is allowed) and lies on the table."""
    ln = s.sh_len[k]
    bx = x + ln * math.cos(h)
    by = y + ln * math.sin(h)
    w = s.cfg.table_w
    ht = s.cfg.table_h
    for px, py in ((x, y), (bx, by)):
        if px < SHIP_R - 1e-9 or px > w - SHIP_R + 1e-9 or py < SHIP_R - 1e-9 or \
                py > ht - SHIP_R + 1e-9:
            return False
    return hull_clear(s, k, x, y, h)


@njit(cache=True)
def hull_clear(s, k, x, y, h):
    """Ship k with her stern at (x, y) and heading h overlaps no island and no other ship
    (touching is allowed)."""
    ln = s.sh_len[k]
    bx = x + ln * math.cos(h)
    by = y + ln * math.sin(h)
    # far pieces are passed over on a bound (the hull lies within half its length of its
    # middle), which only skips exact tests that could not fail
    mx = 0.5 * (x + bx)
    my = 0.5 * (y + by)
    half = 0.5 * abs(ln)
    for i in range(s.n_islands):
        if far_from(s.isl_x[i] - mx, s.isl_y[i] - my, half + SHIP_R + s.isl_r[i]):
            continue
        if pt_seg(s.isl_x[i], s.isl_y[i], x, y, bx, by) < SHIP_R + s.isl_r[i] - 1e-6:
            return False
    for j in range(s.sh_live.shape[0]):
        if j != k and s.sh_live[j] and s.sh_lost[j] < 0:     # lost: within a fog bank
            if far_from(s.sh_x[j] - mx, s.sh_y[j] - my, half + abs(s.sh_len[j]) + 2.0 * SHIP_R):
                continue
            d = seg_seg(x, y, bx, by, s.sh_x[j], s.sh_y[j], bow_x(s, j), bow_y(s, j))
            if d < 2.0 * SHIP_R - 1e-6:
                return False
    return True


@njit(cache=True, inline="always")
def _beyond(dx, dy, r):
    """The offset (dx, dy) is longer than r by 1e-6, far above rounding, tested on squares:
    then ``hypot(dx, dy) - r >= 0`` holds too, so pose_slack may skip its hypot, which gives
    the same answer (speed)."""
    r = r + 1e-6
    return r <= 0.0 or dx * dx + dy * dy >= r * r


@njit(cache=True)
def pose_slack(s, k, x, y, h):
    """How far every point of ship k's hull (stern at (x, y), heading h) may move with
    ``pose_clear`` still true: a lower bound of her margin to the table's edges, each
    island and each ship (the distances are 1-Lipschitz in the hull's points). A turn whose
    hull points move less than this cannot fail on the way (``turns.arc_limit``'s
    skip-ahead, speed)."""
    ln = s.sh_len[k]
    bx = x + ln * math.cos(h)
    by = y + ln * math.sin(h)
    lo = SHIP_R - 1e-9
    hx = s.cfg.table_w - SHIP_R + 1e-9
    hy = s.cfg.table_h - SHIP_R + 1e-9
    slack = min(min(x, bx) - lo, min(y, by) - lo, hx - max(x, bx), hy - max(y, by))
    mx = 0.5 * (x + bx)
    my = 0.5 * (y + by)
    half = 0.5 * abs(ln)
    for i in range(s.n_islands):
        need = SHIP_R + s.isl_r[i] - 1e-6
        # the hull lies within half its length of its middle: a piece whose bound already
        # exceeds the slack found cannot lower it
        if _beyond(s.isl_x[i] - mx, s.isl_y[i] - my, slack + half + need):
            continue
        if math.hypot(s.isl_x[i] - mx, s.isl_y[i] - my) - half - need >= slack:
            continue
        slack = min(slack, pt_seg(s.isl_x[i], s.isl_y[i], x, y, bx, by) - need)
    need = 2.0 * SHIP_R - 1e-6
    for j in range(s.sh_live.shape[0]):
        if j != k and s.sh_live[j] and s.sh_lost[j] < 0:
            if _beyond(s.sh_x[j] - mx, s.sh_y[j] - my, slack + half + abs(s.sh_len[j]) + need):
                continue
            if math.hypot(s.sh_x[j] - mx, s.sh_y[j] - my) - half - abs(s.sh_len[j]) - need \
                    >= slack:
                continue
            slack = min(slack, seg_seg(x, y, bx, by, s.sh_x[j], s.sh_y[j], bow_x(s, j),
                                       bow_y(s, j)) - need)
    return slack


@njit(cache=True)
def sweep(s, k, ux, uy, dist):
    """How far ship k may sail along u (up to dist) before touching an island or a ship:
    (travel, what she touches: island i as i, ship j as 100 + j; nothing: dist + 1, -1)."""
    return sweep_pose(s, k, s.sh_x[k], s.sh_y[k], bow_x(s, k), bow_y(s, k), ux, uy, dist)


@njit(cache=True)
def sweep_pose(s, k, ax, ay, bx, by, ux, uy, dist, iters=_ITERS):
    """:func:`sweep` of ship k's hull put stern (ax, ay) to bow (bx, by): where she would
    be after a turn, without moving her (``iters``: see :func:`first_contact`)."""
    best = dist + 1.0
    hit = -1
    # a piece out of reach of the whole sweep is passed over on a bound (first_contact would
    # find it too far at once and return dist + 1)
    mx = 0.5 * (ax + bx)
    my = 0.5 * (ay + by)
    half = 0.5 * abs(s.sh_len[k]) + dist
    for i in range(s.n_islands):
        if far_from(s.isl_x[i] - mx, s.isl_y[i] - my, half + SHIP_R + s.isl_r[i]):
            continue
        t = first_contact(ax, ay, bx, by, ux, uy, dist, s.isl_x[i], s.isl_y[i],
                          s.isl_x[i], s.isl_y[i], SHIP_R + s.isl_r[i], iters)
        if t <= best and t <= dist:
            best = t
            hit = i
    for j in range(s.sh_live.shape[0]):
        if j != k and s.sh_live[j] and s.sh_lost[j] < 0:     # lost: within a fog bank
            if far_from(s.sh_x[j] - mx, s.sh_y[j] - my, half + abs(s.sh_len[j]) + 2.0 * SHIP_R):
                continue
            t = first_contact(ax, ay, bx, by, ux, uy, dist, s.sh_x[j], s.sh_y[j],
                              bow_x(s, j), bow_y(s, j), 2.0 * SHIP_R, iters)
            if t <= best and t <= dist:
                best = t
                hit = 100 + j
    return best, hit


@njit(cache=True)
def edge_room(s, k, ux, uy):
    """How far ship k may sail along u before her hull reaches an edge of the table."""
    return edge_room_pose(s, s.sh_x[k], s.sh_y[k], bow_x(s, k), bow_y(s, k), ux, uy)


@njit(cache=True)
def edge_room_pose(s, ax, ay, bx, by, ux, uy):
    """:func:`edge_room` of a hull from stern (ax, ay) to bow (bx, by)."""
    best = 1e9
    for px, py in ((ax, ay), (bx, by)):
        if ux > 1e-12:
            best = min(best, (s.cfg.table_w - SHIP_R - px) / ux)
        elif ux < -1e-12:
            best = min(best, (px - SHIP_R) / -ux)
        if uy > 1e-12:
            best = min(best, (s.cfg.table_h - SHIP_R - py) / uy)
        elif uy < -1e-12:
            best = min(best, (py - SHIP_R) / -uy)
    return max(0.0, best)


@njit(cache=True)
def mast_xy(s, k, m, nmast):
    """Position of mast m of n on ship k: evenly spaced from stern to bow [Shooting]."""
    f = (m + 1.0) / (nmast + 1.0)
    return s.sh_x[k] + f * s.sh_len[k] * math.cos(s.sh_h[k]), \
        s.sh_y[k] + f * s.sh_len[k] * math.sin(s.sh_h[k])


@njit(cache=True)
def line_clear(s, px, py, qx, qy, k, m, nmast, j):
    """The line from (px, py) (mast m of ship k) to (qx, qy) on ship j crosses no fog bank,
    no island, no ship other than k and j, and none of k's other masts [Shooting; Fog
    Bank]. From a fort's flag (k < 0) only fog banks block it [Forts: Shooting]."""
    # --- forts / terrain / creatures: fog banks block lines of fire [Fog Bank] ---
    for t in range(s.n_terr):
        if s.tr_kind[t] == TR_FOG and pt_seg(s.tr_x[t], s.tr_y[t], px, py, qx, qy) < TERR_R:
            return False
    if k < 0:
        return True
    for i in range(s.n_islands):
        if pt_seg(s.isl_x[i], s.isl_y[i], px, py, qx, qy) < s.isl_r[i]:
            return False
    for o in range(s.sh_live.shape[0]):
        if o != k and o != j and s.sh_live[o] and s.sh_lost[o] < 0:
            if seg_seg(px, py, qx, qy, s.sh_x[o], s.sh_y[o], bow_x(s, o), bow_y(s, o)) < SHIP_R:
                return False
    if s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET]:
        return True          # a sea creature's segments do not block its line of fire
    for o in range(nmast):
        if o != m and (s.sh_masts[k] >> o) & 1:
            ox, oy = mast_xy(s, k, o, nmast)
            if pt_seg(ox, oy, px, py, qx, qy) < 0.5 * SHIP_R:
                return False
    return True


@njit(cache=True)
def aim_clear(s, px, py, j, reach, k, m, nmast):
    """A cannon at (px, py) (mast m of ship k, or a fort's flag: k < 0) has a clear line of
    fire within ``reach`` to some part of ship j ["any part of the target"; ruling: Line of
    fire]. Range is to the nearest part of her hull; the line may go to any point of her
    keel in range: tried at the point nearest the cannon, then at points along the keel at
    most the hull's half-width apart, stern to bow."""
    ax = s.sh_x[j]
    ay = s.sh_y[j]
    ex = bow_x(s, j) - ax
    ey = bow_y(s, j) - ay
    ll = ex * ex + ey * ey
    t0 = 0.0
    if ll > 0.0:
        t0 = min(1.0, max(0.0, ((px - ax) * ex + (py - ay) * ey) / ll))
    qx = ax + t0 * ex
    qy = ay + t0 * ey
    if math.sqrt((qx - px) ** 2 + (qy - py) ** 2) - SHIP_R > reach:
        return False                     # even her nearest part is out of range
    if line_clear(s, px, py, qx, qy, k, m, nmast, j):
        return True
    n = max(1, int(math.ceil(math.sqrt(ll) / SHIP_R)))
    for i in range(n + 1):
        qx = ax + ex * i / n
        qy = ay + ey * i / n
        if math.sqrt((qx - px) ** 2 + (qy - py) ** 2) - SHIP_R <= reach and \
                line_clear(s, px, py, qx, qy, k, m, nmast, j):
            return True
    return False


@njit(cache=True)
def can_fire(s, k, m, nmast, j, reach):
    """Mast m of ship k has a clear line of fire within ``reach`` to some part of ship j
    (aim_clear; ruling: Line of fire)."""
    # out of range on a bound (the mast within k's length of her stern, every part of j
    # within j's length of j's stern): no part could be in range
    if far_from(s.sh_x[j] - s.sh_x[k], s.sh_y[j] - s.sh_y[k],
                abs(s.sh_len[k]) + abs(s.sh_len[j]) + SHIP_R + reach):
        return False
    px, py = mast_xy(s, k, m, nmast)
    return aim_clear(s, px, py, j, reach, k, m, nmast)


@njit(cache=True)
def wrap(s, k):
    """[Setup: Round Earth] the hull touching an edge is placed touching the opposite edge
    at the same heading; if that spot is taken she stays (ruling: Edges)."""
    ln = s.sh_len[k]
    bx = s.sh_x[k] + ln * math.cos(s.sh_h[k])
    by = s.sh_y[k] + ln * math.sin(s.sh_h[k])
    w = s.cfg.table_w
    ht = s.cfg.table_h
    nx = s.sh_x[k]
    ny = s.sh_y[k]
    lo_x = min(s.sh_x[k], bx)
    hi_x = max(s.sh_x[k], bx)
    lo_y = min(s.sh_y[k], by)
    hi_y = max(s.sh_y[k], by)
    if hi_x >= w - SHIP_R - 1e-9 and math.cos(s.sh_h[k]) > 1e-12:
        nx -= lo_x - SHIP_R
    elif lo_x <= SHIP_R + 1e-9 and math.cos(s.sh_h[k]) < -1e-12:
        nx += (w - SHIP_R) - hi_x
    if hi_y >= ht - SHIP_R - 1e-9 and math.sin(s.sh_h[k]) > 1e-12:
        ny -= lo_y - SHIP_R
    elif lo_y <= SHIP_R + 1e-9 and math.sin(s.sh_h[k]) < -1e-12:
        ny += (ht - SHIP_R) - hi_y
    if pose_clear(s, k, nx, ny, s.sh_h[k]):
        s.sh_x[k] = nx
        s.sh_y[k] = ny
