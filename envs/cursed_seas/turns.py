"""Cursed Seas play kernels: actions, moving, docking, ramming, boarding, exploring,
shooting, repairing, and the end of the game.

Sections: Actions (one of four actions per ship, at most two non-free actions), Moving
(segments, stop on contact, derelicts), Docking (unloading treasure), Ram / Pin / Board,
Exploring (cargo limits, unique treasure, explored islands), Shooting (line of fire, rank
and range, a 1 misses, masts lost, sinking), Repairing, Winning the Game. Every choice is a
decision; dice are rolled by the kernel from the record's own stream.
"""

import math

import numpy as np
from numba import njit

from envs.core.rng import die
from envs.core.spec import NO_SEAT

from .creatures import creature_check, is_creature
from .common import (
    can_ever_move, cargo_room, keywords, masts_up, nmast, release_pins, reveal, sink,
    treasure_keywords, waits_ashore, wrap_angle, works_aboard,
)
from .common import leave_dock, release_tows
from .geometry import wrap
from .tow import behind, tow_ask, tow_dock, tow_sail, tow_seg_kind, tow_turn_ok
from .geometry import (
    far_from,
    bow_touches, bow_x, bow_y, can_fire, edge_room, island_gap, pose_clear, pose_slack, pt_seg,
    sweep,
)
from .terrain import ice_begin, turn_begins
from .forts import (
    enemy_fort_at, fort_at, fort_unload, fort_units, forts_turn_begins, own_fort_at, ship_fort_in,
    ship_fort_ok,
)
from .crew import explorer, printed_reach, reach, reveal_long_guns, reveal_smuggler, smuggled
from .mysterious import myst_roll
from .scuttle import scuttle_due
from .state import (
    ACT_EXPLORE, ACT_MOVE, ACT_SHOOT, EDGE_FLAT, EDGE_ROUND, FAN_DEG, FRACS,
    KW_BOARDER, KW_CANNONEER, KW_CAPTAIN, KW_HELMSMAN, KW_LONG_GUNS, KW_OARSMAN, KW_SHIPWRIGHT,
    L_LEN,
    LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_SHIPS, MAX_PLAYERS,
    PH_OVER, PH_PLAY, PK_BOARD, PK_BOARD_WIN, PK_EXPLORE,
    PK_GUN, PK_MAST, PK_NONE, PK_REEF, REEF_R, PK_TURN, S_LEN, SEG_L, SEG_S, SHIP_R,
    TB_MASTS, TB_POINTS, TB_SHIP_GOLD, TB_UNITS, TOUCH, ARC_STEP,
    LOC_FORT, MAX_FORTS, MAX_FORTS_P,
)


# ----- turns ---------------------------------------------------------------------------------
@njit(cache=True)
def start_turn(s):
    """[Actions] the player to play gives her ships actions; each ship's count restarts and
    where she is docked is noted (exploring needs her to begin the turn docked)."""
    p = s.order[s.cur]
    sank = scuttle_due(s, p)             # doomed derelicts sink first [Scuttling]
    for c in range(MAX_CREW):
        s.cr_moved[c] = 0
    s.pend_piece = -1
    for r in range(s.n_reefs):
        s.rf_rating[r] = 0               # a reef's rating lasts until the end of a turn
    for k in range(MAX_SHIPS):           # her fleet, with any ship a tow brought in [Tow]
        if s.sh_owner[k] != p:
            continue
        s.sh_acts[k] = 0
        s.sh_nav[k] = 0                  # --- trade currents: a Navigator once a turn
        s.sh_last[k] = -1
        s.sh_began[k] = s.sh_dock[k] if s.sh_live[k] else -1
        s.sh_reefs[k] = reefs_touched(s, k) if s.sh_live[k] else 0
        s.sh_reef_in[k] = s.sh_reefs[k]  # spared only until she is clear of them [Reef]
    s.phase = PH_PLAY
    s.pending = PK_TURN
    s.pend_ship = -1
    s.pend_seat = p
    s.to_play = p
    if sank:
        if check_end(s):                 # a scuttled ship may end the game
            return
    # --- forts / terrain / creatures: before any actions [Iceberg; Trade Current] ---
    turn_begins(s, p)
    forts_turn_begins(s, p)
    ice_begin(s)


@njit(cache=True)
def reefs_touched(s, k):
    """Bit r set when ship k's hull touches reef r."""
    out = 0
    for r in range(s.n_reefs):
        if pt_seg(s.rf_x[r], s.rf_y[r], s.sh_x[k], s.sh_y[k], bow_x(s, k), bow_y(s, k)) \
                <= SHIP_R + REEF_R + TOUCH:
            out |= 1 << r
    return out


@njit(cache=True, inline="always")
def reef_check(s, k, over):
    """[Reef] a ship touching a reef at the end of a segment rolls its rating (once per turn
    per reef, kept until the end of the turn); a rating below the masts she was built with
    eliminates the difference (her player picks which), more than she has left wrecks her.
    Each reef applies once per move action (ruling: Reef); a ship that began her turn on
    it does not roll when she moves off, but once a segment ends clear of it, sailing onto
    it again rolls. True when a mast choice is pending."""
    if not s.sh_live[k] or s.sh_wreck[k]:
        return False
    touch = reefs_touched(s, k)
    # the text spares her only "when it moves off of the reef": a reef she began the turn
    # on and has now left acts on her if she comes back
    left = int(s.sh_reef_in[k]) & ~touch
    s.sh_reefs[k] &= ~left & 0xFF        # complement kept to the uint8 field
    s.sh_reef_in[k] &= touch
    for r in range(s.n_reefs):
        if (touch >> r) & 1 and not (s.sh_reefs[k] >> r) & 1:
            s.sh_reefs[k] |= 1 << r
            if s.rf_rating[r] == 0:
                s.rf_rating[r] = die(s, 6)
            damage = nmast(s, k) - s.rf_rating[r]
            if damage <= 0:
                continue
            if damage > masts_up(s, k) and is_creature(s, k):
                sink(s, k)               # all segments gone: eliminated [Shipwreck]
                return False
            if damage > masts_up(s, k):
                s.sh_wreck[k] = 1        # she remains on the reef [Shipwreck]
                s.sh_masts[k] = 0
                release_pins(s)
                return False
            s.pending = PK_REEF
            s.pend_ship = k
            s.pend_count = damage
            s.pend_target = 1 if over else 0
            s.to_play = s.sh_owner[k]
            return True
    return False


@njit(cache=True)
def pieces_ashore(s):
    """Every ship is placed: the pieces the fleets keep ashore go face down on their home
    islands [Placing Crew and equipment]."""
    for c in range(MAX_CREW):
        if waits_ashore(s, c):
            s.cr_isl[c] = s.home[c // MAX_CREW_P]


@njit(cache=True, inline="always")
def start_play(s):
    pieces_ashore(s)
    s.cur = 0
    s.turn = 1
    start_turn(s)


@njit(cache=True, inline="always")
def end_turn(s):
    if check_end(s):
        return
    s.cur = (s.cur + 1) % s.num_players
    s.turn += 1
    start_turn(s)


# ----- which actions a ship may take ------------------------------------------------------------
@njit(cache=True)
def docked_home(s, k):
    p = s.sh_owner[k]
    return s.sh_dock[k] >= 0 and s.sh_dock[k] == s.home[p]


@njit(cache=True)
def can_move(s, k):
    """[Moving; Derelict; Pin] a ship with a mast that is not pinned."""
    return s.sh_live[k] and s.sh_masts[k] != 0 and s.sh_pin[k] < 0


@njit(cache=True)
def target_ok(s, k, m, j):
    """Mast m of ship k may shoot ship j [Shooting]: another fleet's ship, not docked at her
    home island, within the mast's range, with a clear line of fire."""
    if not s.sh_live[j] or s.sh_owner[j] == s.sh_owner[k] or s.sh_wreck[j]:
        return False
    if s.sh_lost[j] >= 0 or s.sh_lost[k] >= 0:    # lost pieces can't shoot or be shot [Fog Bank]
        return False
    if docked_home(s, j):
        return False
    if far_from(s.sh_x[j] - s.sh_x[k], s.sh_y[j] - s.sh_y[k],
                abs(s.sh_len[k]) + abs(s.sh_len[j]) + SHIP_R + L_LEN):
        return False         # beyond the longest range on a bound (as can_fire would find)
    return can_fire(s, k, m, nmast(s, k), j, reach(s, k, m))


@njit(cache=True, inline="always")
def mast_has_target(s, k, m):
    for j in range(MAX_SHIPS):
        if target_ok(s, k, m, j):
            return True
    for f in range(MAX_FORTS):          # --- forts: an enemy fort is a target [Forts]
        if ship_fort_ok(s, k, m, f):
            return True
    return False


@njit(cache=True)
def gun_ok(s, k, m, fired):
    """Mast m of ship k may fire next: standing, not among ``fired`` (bits of the masts
    that fired this shoot action), with a target [Shooting: the text sets no order of fire,
    and a cannon not fired yet may still fire later in the action]."""
    return 0 <= m < nmast(s, k) and (s.sh_masts[k] >> m) & 1 and not (fired >> m) & 1 \
        and mast_has_target(s, k, m)


@njit(cache=True, inline="always")
def near_targets(s, k):
    """Bits of the enemy ships that pass target_ok's tests not depending on the mast
    (afloat, found, not docked at her home, within the longest range on a bound) [Shooting;
    Fog Bank]: no other ship can be a target of any mast of ship k, so any_gun tests each
    mast against these only (speed: the legal mask of a turn asks it for every ship)."""
    near = 0
    if s.sh_lost[k] >= 0:
        return near
    for j in range(MAX_SHIPS):
        if s.sh_live[j] and s.sh_owner[j] != s.sh_owner[k] and not s.sh_wreck[j] and \
                s.sh_lost[j] < 0 and not docked_home(s, j) and \
                not far_from(s.sh_x[j] - s.sh_x[k], s.sh_y[j] - s.sh_y[k],
                             abs(s.sh_len[k]) + abs(s.sh_len[j]) + SHIP_R + L_LEN):
            near |= 1 << j
    return near


@njit(cache=True)
def any_gun(s, k, fired):
    """Some mast of ship k may fire (gun_ok) [Shooting]."""
    return guns_reach(s, k, fired, True)


@njit(cache=True)
def guns_reach(s, k, fired, long_guns):
    """any_gun, with her Long Guns counted or (``long_guns`` False) not: the ship tests of
    target_ok that do not depend on the mast are made once (near_targets), not for every
    mast, and the forts are tried only when an enemy fort stands (ship_fort_in needs one)
    [Forts]."""
    near = near_targets(s, k)
    fort = False
    if s.sh_lost[k] < 0:                 # a lost ship shoots nothing [Fog Bank]
        for f in range(MAX_FORTS):
            if s.ft_isl[f] >= 0 and f // MAX_FORTS_P != s.sh_owner[k]:
                fort = True
    if near == 0 and not fort:
        return False
    nm = nmast(s, k)
    for m in range(nm):
        if not (s.sh_masts[k] >> m) & 1 or (fired >> m) & 1:
            continue
        r = reach(s, k, m) if long_guns else printed_reach(s, k, m)
        if near != 0:
            for j in range(MAX_SHIPS):
                if (near >> j) & 1 and can_fire(s, k, m, nm, j, r):
                    return True
        if fort:
            for f in range(MAX_FORTS):
                if ship_fort_in(s, k, m, f, r):
                    return True
    return False


@njit(cache=True)
def island_coins(s, i):
    n = 0
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i:
            n += 1
    return n


@njit(cache=True)
def can_explore(s, k):
    """[Exploring] a ship that began the turn docked at a wild island, still there (an
    Explorer: docked there now), with treasure on it - or, with none, one her player has not
    explored yet: the look finds nothing, but the island is explored (Building Forts: "a
    wild island you have explored"; ruling: Explored islands). Never where an enemy fort
    has been built since she docked: "you can't dock ... at an enemy fort" [Docking], so she
    is docked there no more (ruling: Docking transfers)."""
    i = s.sh_dock[k]
    if not (i >= 0 and (s.sh_began[k] == i or explorer(s, k)) and s.isl_home[i] < 0):
        return False
    if enemy_fort_at(s, i, s.sh_owner[k]):
        return False
    return island_coins(s, i) > 0 or \
        not ((s.isl_token[i] >> s.sh_owner[k]) & 1 or s.sh_explored[k])


@njit(cache=True, inline="always")
def can_repair(s, k):
    """[Repairing] docked at her home island (or anywhere with a Shipwright), a mast down."""
    full = (1 << nmast(s, k)) - 1
    if s.sh_masts[k] == full:
        return False
    return repairs_at_home(s, k) or (keywords(s, k) & KW_SHIPWRIGHT) != 0


@njit(cache=True)
def repairs_at_home(s, k):
    """Ship k may repair without a Shipwright: docked at her home island, or at her own fort
    [Repairing; Forts]."""
    return docked_home(s, k) or own_fort_at(s, s.sh_dock[k], s.sh_owner[k])


@njit(cache=True)
def action_ok(s, k, act):
    """Ship k may be given ``act`` now [Actions: at most two non-free actions]. A second
    action comes only from a keyword: Captain (shoot after a move), Helmsman (move after a
    shoot) (ruling: Actions)."""
    if not s.sh_live[k] or s.sh_wreck[k]:
        return False
    n = s.sh_acts[k]
    if n >= 2:
        return False
    if n == 1:
        # the keyword is looked up only for the one pairing that could allow ``act``
        # (speed: keywords scans every crew and coin, and the turn's mask asks each act)
        last = s.sh_last[k]
        if act == ACT_SHOOT and last == ACT_MOVE:
            if not keywords(s, k) & KW_CAPTAIN:
                return False
        elif act == ACT_MOVE and last == ACT_SHOOT:
            if not keywords(s, k) & KW_HELMSMAN:
                return False
        elif act == ACT_EXPLORE and last == ACT_MOVE:
            if not explorer(s, k):
                return False
        else:
            return False
    # --- forts / terrain / creatures ---
    if s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET] and act != ACT_MOVE and \
            act != ACT_SHOOT:
        return False                 # sea creatures: move and shoot only [Sea Creatures]
    if s.sh_lost[k] >= 0 and act == ACT_SHOOT:
        return False                 # [Fog Bank]
    if act == ACT_MOVE:
        return can_move(s, k)
    if act == ACT_EXPLORE:
        return can_explore(s, k)
    if act == ACT_SHOOT:
        return s.sh_masts[k] != 0 and any_gun(s, k, 0)
    return can_repair(s, k)


# ----- moving ----------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def seg_kind(s, k, i):
    """Kind of segment i of ship k's base move: printed segments, then +S for an Oarsman."""
    if s.sh_tow[k] >= 0:
        return tow_seg_kind(s, k, i)     # --- tow: her base move becomes S [Tow]
    p = k // MAX_FLEET
    n = s.cfg.ship_nseg[p, k % MAX_FLEET]
    if i < n:
        return s.cfg.ship_seg[p, k % MAX_FLEET, i]
    if i == n and keywords(s, k) & KW_OARSMAN:
        return SEG_S
    if s.sh_trade[k] == 1 and i == n + (1 if keywords(s, k) & KW_OARSMAN else 0):
        return SEG_S                 # +S from a friendly trade current [Trade Current]
    return -1


@njit(cache=True)
def may_row(s, k):
    """Ship k may carry an Oarsman for all a seat that has not looked at her pieces can tell
    [Placing Crew and equipment]: one in view (face up, or a face-up unique treasure giving
    it), or a face-down piece aboard whose fleet and kind (crew or equipment) have a
    face-down Oarsman in play that could use its ability aboard her - a piece the
    determiniser (hidden.py) may deal there. Open state only, so every seat reads it alike."""
    if treasure_keywords(s, k) & KW_OARSMAN:
        return True
    for c in range(MAX_CREW):
        if s.cr_ship[c] != k:
            continue
        if s.cr_up[c]:
            if works_aboard(s, c, k) and s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & KW_OARSMAN:
                return True
            continue
        q = c // MAX_CREW_P
        eq = s.cfg.crew_eq[q, c % MAX_CREW_P]
        for x in range(q * MAX_CREW_P, min((q + 1) * MAX_CREW_P, MAX_CREW)):
            j = x % MAX_CREW_P
            if not s.cr_up[x] and (s.cr_ship[x] >= 0 or s.cr_isl[x] >= 0) and \
                    s.cfg.crew_eq[q, j] == eq and s.cfg.crew_kw[q, j] & KW_OARSMAN and \
                    works_aboard(s, x, k):
                return True
    return False


@njit(cache=True)
def free_segment(s, k, kind):
    """Index of an unused segment of ``kind`` (S or L, either order [Moving]), -1 none."""
    for i in range(5):
        if not (s.seg_used >> i) & 1 and seg_kind(s, k, i) == kind:
            return i
    return -1


@njit(cache=True)
def pivot(s, k, h):
    """Stern point of ship k turned to heading h. A ship turns about her stern; a sea
    creature about the middle of its base, its movement measured "from anywhere on its
    base" (ruling: Sea creatures), so each segment carries the whole base the measured
    distance in the chosen direction, straight back included [Sea Creatures]."""
    if not is_creature(s, k):
        return s.sh_x[k], s.sh_y[k]
    half = 0.5 * s.sh_len[k]
    mx = s.sh_x[k] + half * math.cos(s.sh_h[k])
    my = s.sh_y[k] + half * math.sin(s.sh_h[k])
    return mx - half * math.cos(h), my - half * math.sin(h)


@njit(cache=True)
def arc_limit(s, k, sign):
    """The first heading change (radians, anticlockwise for sign 1, clockwise for -1) at
    which ship k (and her tow, in line behind her) would overlap an island or a ship or
    leave the table, tested at headings close enough that no point of either hull moves
    more than ARC_STEP between two tests; 4.0 when the whole half circle is clear [Moving:
    "A ship can't move through any island or another ship"; ruling: Movement grammar]."""
    h0 = s.sh_h[k]
    reach = abs(s.sh_len[k]) * (0.5 if is_creature(s, k) else 1.0)
    j = s.sh_tow[k]
    if j >= 0:
        reach = max(reach, abs(s.sh_len[j]) + 2.0 * SHIP_R + TOUCH)
    n = max(1, int(math.ceil(math.pi * reach / ARC_STEP)))
    # no hull point is farther than reach from the pivot, so none moves more than
    # reach * pi / n between two tests: the tests a clear pose's slack covers are skipped,
    # which finds the same first failing test (speed)
    step = reach * math.pi / n
    i = 1
    while i <= n:
        a = math.pi * i / n
        h = h0 + sign * a
        x, y = pivot(s, k, h)
        slack = pose_slack(s, k, x, y, h)
        if not _clear(s, k, x, y, h, slack):
            return a
        if j >= 0:
            tx, ty = behind(s, k, j, h)
            sj = pose_slack(s, j, tx, ty, h)
            if not _clear(s, j, tx, ty, h, sj):
                return a
            slack = min(slack, sj)
        i += 1 + max(0, int(0.999 * slack / step))
    return 4.0


@njit(cache=True, inline="always")
def _clear(s, k, x, y, h, slack):
    """pose_clear(s, k, x, y, h) [Moving], read off the pose's slack where its sign is
    sure: every margin pose_slack weighs is one pose_clear compares with zero (the same
    thresholds), and a piece it passes over lies farther than the slack, so a slack above
    1e-9 (far above rounding) means clear, one below -1e-9 blocked; in between pose_clear
    decides (speed: arc_limit needs both at every heading it tests)."""
    if slack > 1e-9:
        return True
    if slack < -1e-9:
        return False
    return pose_clear(s, k, x, y, h)


@njit(cache=True)
def room_to_turn(s, k):
    """No island, no other ship and no table edge within reach of the point ship k turns
    about: every heading is then clear, the arc and the end pose alike - a bound that
    skips arc_limit's and turn_ok's exact tests, which could not fail there (speed)."""
    if s.sh_tow[k] >= 0:
        return False
    ln = abs(s.sh_len[k])
    r = 0.5 * ln if is_creature(s, k) else ln
    cx, cy = pivot(s, k, s.sh_h[k])
    if is_creature(s, k):
        cx += r * math.cos(s.sh_h[k])
        cy += r * math.sin(s.sh_h[k])
    if cx - r < SHIP_R or cy - r < SHIP_R or cx + r > s.cfg.table_w - SHIP_R or \
            cy + r > s.cfg.table_h - SHIP_R:
        return False
    for i in range(s.n_islands):
        if not far_from(s.isl_x[i] - cx, s.isl_y[i] - cy, r + SHIP_R + s.isl_r[i]):
            return False
    for j in range(MAX_SHIPS):
        if j != k and s.sh_live[j] and s.sh_lost[j] < 0 and \
                pt_seg(cx, cy, s.sh_x[j], s.sh_y[j], bow_x(s, j), bow_y(s, j)) \
                <= r + 2.0 * SHIP_R + 1e-6:
            return False
    return True


@njit(cache=True, inline="always")
def turn_ok(s, k, fan, lim_left, lim_right):
    """Turning by FAN_DEG[fan] (any of 24 heading changes round the full circle; ruling:
    Movement grammar) leaves ship k clear of every piece and on the table, and the arc she
    (and her tow) sweeps on the way crosses no island, no ship and no table edge
    (``lim_left`` / ``lim_right``: arc_limit anticlockwise / clockwise). A half turn may
    swing either way round."""
    d = FAN_DEG[fan] * math.pi / 180.0
    if d == 0.0:
        return True
    h = s.sh_h[k] + d
    if d >= math.pi - 1e-9:
        if lim_left <= math.pi and lim_right <= math.pi:
            return False
    elif d > 0.0:
        if lim_left <= d:
            return False
    elif lim_right <= -d:
        return False
    if s.sh_tow[k] >= 0 and not tow_turn_ok(s, k, h):
        return False                     # --- tow: the towed ship turns with her [Tow]
    x, y = pivot(s, k, h)
    return pose_clear(s, k, x, y, h)


@njit(cache=True, inline="always")
def sail(s, k, kind, fan, frac):
    """One movement segment: turn, then sail FRACS[frac] of S or L [Moving]. Returns 1 when
    the move is over (contact, or the ship left the table), else 0."""
    if s.sh_tow[k] >= 0:
        return tow_sail(s, k, kind, fan, frac)     # --- tow: both ships sail [Tow]
    i = free_segment(s, k, kind)
    n = s.cfg.ship_nseg[k // MAX_FLEET, k % MAX_FLEET]
    oars = keywords(s, k) & KW_OARSMAN
    # a trade current's +S still due is sailed before the Oarsman's: the current alone gives
    # that segment, so the Oarsman's ability is not needed and her crew may stay face down
    # [Trade Current; Placing Crew and equipment]
    if i == n and oars and s.sh_trade[k] == 1:
        i = n + 1
    s.seg_used |= 1 << i
    if i == n and oars:
        reveal(s, k, KW_OARSMAN)     # the Oarsman's +S is used [Placing Crew and equipment]
    if s.sh_trade[k] == 1 and i >= n and not (i == n and oars):
        s.sh_trade[k] = 2            # the trade current's +S, once per turn
    h = wrap_angle(s.sh_h[k] + FAN_DEG[fan] * math.pi / 180.0)
    x, y = pivot(s, k, h)                # a sea creature turns about its middle
    s.sh_x[k] = x
    s.sh_y[k] = y
    s.sh_h[k] = h
    ux = math.cos(h)
    uy = math.sin(h)
    dist = FRACS[frac] * (L_LEN if kind == SEG_L else S_LEN)
    # a piece within the touch tolerance of where the segment ends is touched: she stops
    # there as at any contact [Moving: "she must stop"; ruling: Movement grammar]
    t, hit = sweep(s, k, ux, uy, dist + TOUCH)
    room = edge_room(s, k, ux, uy)
    travel = min(t, dist, room)
    if travel > 0.0:
        leave_dock(s, k)
    s.sh_x[k] += travel * ux
    s.sh_y[k] += travel * uy
    if room < min(t, dist):
        if s.cfg.edge == EDGE_FLAT:      # over the edge: gone [Setup: Flat Earth]
            sink(s, k)
            return 1
        if s.cfg.edge == EDGE_ROUND:     # to the opposite edge, same heading [Round Earth]
            wrap(s, k)
        return 0                         # a wall ends the segment (ruling: Edges)
    if hit >= 0:
        return 1                         # touched a piece: she must stop [Moving]
    return 0


@njit(cache=True, inline="always")
def end_move(s, k):
    """After a move action [Docking; Unloading treasure; Ram; Exploring]: dock at a touched
    island (not an opponent's home; ruling: Docking), unload at home, ram an enemy ship the
    bow touches (ruling: Ram), then a free explore at an island bearing the player's token
    (ruling: Explored islands)."""
    p = s.sh_owner[k]
    s.pend_count = 0
    if not s.sh_live[k] or s.sh_wreck[k]:
        back_to_turn(s)
        return
    release_pins(s)
    undock_clear(s, k)
    new = s.sh_dock[k] < 0               # she left her dock (a move of 0 S docks nowhere new)
    if new:
        # "docked at (touching) an island": touching several, she is docked at each; the
        # one dock kept is her home island, else her own fort's island, where unloading is
        # compulsory [Unloading treasure], else the lowest-numbered (ruling: Docking)
        best = -1
        rank = 3
        for i in range(s.n_islands):
            if island_gap(s, k, i) <= TOUCH and (s.isl_home[i] < 0 or s.isl_home[i] == p) \
                    and not enemy_fort_at(s, i, p):     # not at an enemy fort [Docking]
                r = 0 if s.isl_home[i] == p else (1 if own_fort_at(s, i, p) else 2)
                if r < rank:
                    best = i
                    rank = r
        if best >= 0:
            s.sh_dock[k] = best
            # a mysterious island's roll comes before anything else [Docking]
            if myst_roll(s, k, best):
                return
    end_move_rest(s, k, new)


@njit(cache=True, inline="always")
def undock_clear(s, k):
    """[Docking] "a ship docked at (touching) an island": a ship whose hull no longer touches
    the island she was docked at has left it, though she travelled 0 S after turning (a turn
    about her stern swings her hull clear; sail leaves the dock only on travel). Her tow,
    docked with her, leaves with her unless she touches that island herself [Tow]."""
    i = s.sh_dock[k]
    if i >= 0 and island_gap(s, k, i) > TOUCH:
        leave_dock(s, k)
        j = s.sh_tow[k]
        if j >= 0 and s.sh_dock[j] == i and island_gap(s, j, i) > TOUCH:
            leave_dock(s, j)


@njit(cache=True)
def end_move_rest(s, k, new):
    """The rest of a move's end, after any mysterious-island effect: unload, free explore
    (only after docking anew: a move of 0 S is no docking; ruling: Explored islands), ram
    and board (never a ship pinned to her: "ships can't ram each other while they are
    pinned"; ruling: Ram)."""
    p = s.sh_owner[k]
    i = s.sh_dock[k]
    if i >= 0 and s.isl_home[i] == p:
        unload(s, k)
    elif own_fort_at(s, i, p):
        fort_unload(s, k, fort_at(s, i))     # at her fort [Unloading treasure]
    elif new and i >= 0 and s.isl_token[i] & (1 << p) and island_coins(s, i) > 0 and \
            not is_creature(s, k):
        s.pend_count = 1                 # free explore after any boarding
    tow_dock(s, k)                       # --- tow: the towed ship docks with her [Tow]
    if check_end(s):                     # the last gold unloaded ends the game at once
        return                           # [Winning the Game: "immediately"; ruling: End timing]
    if s.sh_masts[k] != 0 and s.sh_pin[k] < 0 and not is_creature(s, k) and \
            s.sh_lost[k] < 0:
        for j in range(MAX_SHIPS):
            if s.sh_live[j] and not s.sh_wreck[j] and s.sh_owner[j] != p and \
                    not is_creature(s, j) and s.sh_lost[j] < 0 and s.sh_pin[j] != k and \
                    bow_touches(s, k, j):
                s.sh_pin[k] = j          # she rams and is pinned [Ram]
                s.pending = PK_BOARD
                s.pend_target = j
                s.pend_seat = p
                s.to_play = p
                return
    after_board(s)


@njit(cache=True)
def unload(s, k):
    """[Unloading treasure] every coin worth gold goes ashore at home (unique treasure,
    worth 0, stays aboard)."""
    p = s.sh_owner[k]
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and s.co_val[c] > 0:
            s.co_loc[c] = LOC_HOME
            s.co_at[c] = p
            s.co_seen[c] |= 1 << p


@njit(cache=True)
def after_board(s):
    """After a ram's boarding (or none): the free explore, if one is due, else the turn."""
    k = s.pend_ship
    if tow_ask(s, k):                    # --- tow: a free action after a move [Tow]
        return
    after_tow(s)


@njit(cache=True)
def after_tow(s):
    """After the tow question: the free explore, if one is due, else the turn."""
    k = s.pend_ship
    if s.pend_count == 1 and s.sh_live[k]:
        s.pend_count = 0
        begin_explore(s, k)
        return
    back_to_turn(s)


@njit(cache=True)
def back_to_turn(s):
    release_tows(s)                      # --- tow: a repaired ship is towed no more
    s.pend_fort = -1
    s.pending = PK_TURN
    s.pend_target = -1
    s.pend_mast = -1
    s.pend_seat = s.order[s.cur]
    s.to_play = s.order[s.cur]
    check_end(s)


# ----- exploring ---------------------------------------------------------------------------------
@njit(cache=True)
def coin_takeable(s, k, c):
    i = s.sh_dock[k]
    return s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i and (cargo_room(s, k) > 0)


@njit(cache=True)
def begin_explore(s, k):
    """[Exploring] look at every coin on the island; unique treasure is taken first, face up
    and without a cargo space (ruling: Unique treasure); then take coins one by one within
    the cargo limit. She is asked while coins lie on the island ("stop" is always hers):
    her cargo room reads the +1 of linked crew, which another seat may not know [Placing
    Crew and equipment: Linked crew], and every seat sees whether she is asked (ruling:
    Face-down pieces in actions)."""
    i = s.sh_dock[k]
    p = s.sh_owner[k]
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i:
            s.co_seen[c] |= 1 << p
            if s.co_uniq[c]:
                s.co_loc[c] = LOC_SHIP
                s.co_at[c] = k
                s.co_up[c] = 1
                s.co_seen[c] = 0xFF
    s.sh_explored[k] = 1
    s.pend_ship = k
    s.pending = PK_EXPLORE
    s.to_play = p
    if island_coins(s, i) == 0:
        back_to_turn(s)


# ----- shooting ----------------------------------------------------------------------------------
@njit(cache=True)
def ask_gun(s, k):
    """[Shooting] her player picks the cannon that fires next, among those that have not
    fired this action and have a target, or stops (the rest hold); none left ends it. When
    only her Long Guns give a cannon a target, asking is using them: they are revealed
    [Placing Crew and equipment]."""
    if not s.sh_live[k] or not any_gun(s, k, np.int64(s.pend_fired)):
        back_to_turn(s)
        return
    # every seat sees this decision asked (and the shoot action given): were the Long
    # Guns to stay face down, a stop would tell every seat they are aboard
    if not guns_reach(s, k, np.int64(s.pend_fired), False):
        reveal(s, k, KW_LONG_GUNS)
    s.pending = PK_GUN
    s.pend_ship = k
    s.pend_mast = -1
    s.to_play = s.sh_owner[k]


@njit(cache=True, inline="always")
def fire(s, k, m, j):
    """Mast m of ship k fires at ship j [Shooting]: a d6 of at least the mast's rank hits,
    a 1 always misses; a Cannoneer adds 1 (ruling: Cannon hits). A hit on a ship without
    masts sinks her; otherwise the shooter picks the mast she loses (ruling: Mast loss)."""
    p = k // MAX_FLEET
    reveal_long_guns(s, k, m, j, nmast(s, k))
    roll = die(s, 6)
    total = roll
    if keywords(s, k) & KW_CANNONEER:
        reveal(s, k, KW_CANNONEER)
        total += 1
    if roll != 1 and total >= s.cfg.ship_rank[p, k % MAX_FLEET, m]:
        if s.sh_masts[j] == 0:
            sink(s, j)
            if check_end(s):             # ends the game at once (ruling: End timing)
                return
        else:
            s.pending = PK_MAST
            s.pend_target = j
            s.to_play = s.sh_owner[k]
            return
    ask_gun(s, k)


@njit(cache=True)
def lose_mast(s, j, m):
    s.sh_masts[j] &= ~(1 << int(m)) & 0xFF  # complement kept to the uint8 field
    release_pins(s)
    creature_check(s, j)


# ----- boarding ---------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def board(s):
    """[Board] each side rolls a d6 plus the masts remaining on her ship (+1 for a Boarder);
    the higher total wins (ruling: Boarding). Ties: nothing, or re-roll (config; ruling:
    Boarding ties)."""
    k = s.pend_ship
    j = s.pend_target
    for _ in range(64):
        a = die(s, 6) + masts_up(s, k)
        b = die(s, 6) + masts_up(s, j)
        if keywords(s, k) & KW_BOARDER:
            reveal(s, k, KW_BOARDER)
            a += 1
        if keywords(s, j) & KW_BOARDER:
            reveal(s, j, KW_BOARDER)
            b += 1
        s.board_roll[0] = a
        s.board_roll[1] = b
        if a != b or s.cfg.board_tie == 0:
            break
    if a == b:
        after_board(s)
        return
    win = k if a > b else j
    lose = j if a > b else k
    reveal_smuggler(s, lose)
    s.pend_ship = win
    s.pend_target = lose
    # whether she can take a coin reads her cargo room (the +1 of linked crew another seat
    # may not know), so every seat sees her asked while a coin she might take is aboard the
    # loser (a Smuggler keeping it is face up by now); "take nothing" is always hers
    # (ruling: Boarding spoils; ruling: Face-down pieces in actions)
    if not crew_on(s, lose) and not spoil_seen(s, lose):
        s.pend_ship = k
        after_board(s)
        return
    s.pending = PK_BOARD_WIN
    s.to_play = s.sh_owner[win]


@njit(cache=True)
def crew_on(s, k):
    """A crew (not equipment: "eliminate one crew") aboard ship k [Board]."""
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k and not s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
            return True
    return False


@njit(cache=True)
def spoil_ok(s, win, lose):
    """The winner can take a coin: one aboard the loser, and cargo room (a unique coin
    needs none; ruling: Boarding spoils). A Smuggler aboard the loser keeps it all."""
    if smuggled(s, lose):
        return False
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == lose:
            if s.co_up[c] or cargo_room(s, win) > 0:
                return True
    return False


@njit(cache=True)
def spoil_seen(s, lose):
    """A coin a boarding party's winner might take, as every seat can tell: one aboard the
    loser, no Smuggler in view aboard her (reveal_smuggler turned it up) [Board]."""
    guarded = smuggled(s, lose)
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == lose and not guarded:
            return True
    return False


@njit(cache=True, inline="always")
def finish_board(s):
    """Boarding over: back to the rammer's move (pend_ship = the rammer again)."""
    a = s.pend_ship
    b = s.pend_target
    p = s.order[s.cur]
    s.pend_ship = a if s.sh_owner[a] == p else b
    after_board(s)


# ----- the end ------------------------------------------------------------------------------------
@njit(cache=True)
def check_end(s):
    """[Winning the Game] all gold unloaded, or too few players can still move (end rule
    0: only one; 1: half or more cannot; ruling: Who can still move), checked once an action
    or a turn has resolved (ruling: End timing)."""
    gold_left = False
    for c in range(MAX_COINS):
        if s.co_val[c] > 0 and (s.co_loc[c] == LOC_ISLAND or s.co_loc[c] == LOC_SHIP):
            gold_left = True             # a wreck's gold too: wrecks can be explored
    movers = 0
    for p in range(s.num_players):
        if can_ever_move(s, p):
            movers += 1
    stuck = s.num_players - movers
    if s.cfg.end_rule == 0:
        over = movers <= 1
    else:
        over = 2 * stuck >= s.num_players
    if gold_left and not over:
        return False
    score_game(s)
    return True


@njit(cache=True)
def home_gold(s, p):
    """Gold on p's home island and in her forts [Winning the Game]."""
    return gold_at_home(s, p, False)


@njit(cache=True)
def gold_at_home(s, p, public):
    """Gold on p's home island and in her forts; with ``public``, only the coins whose value
    every seat knows (face up, or looked at by every seat) until the game is over, when the
    final scores are public [ruling: Public infos]."""
    every = (1 << s.num_players) - 1
    g = 0
    for c in range(MAX_COINS):
        if public and not s.done and not s.co_up[c] and (s.co_seen[c] & every) != every:
            continue
        if s.co_loc[c] == LOC_HOME and s.co_at[c] == p:
            g += s.co_val[c]
        elif s.co_loc[c] == LOC_FORT and s.co_at[c] // MAX_FORTS_P == p:
            g += s.co_val[c]
    return g


@njit(cache=True)
def tiebreak_value(s, p, tb):
    """[Winning the Game] the tie-breakers the players may agree on, by config."""
    v = 0
    for k in range(MAX_SHIPS):
        j = k % MAX_FLEET
        if s.sh_owner[k] != p or not s.sh_live[k] or s.sh_wreck[k]:
            continue
        if tb == TB_SHIP_GOLD and s.sh_lost[k] >= 0:
            continue                 # treasure lost in a fog bank counts for no one
        if tb == TB_SHIP_GOLD:
            for c in range(MAX_COINS):
                if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
                    v += s.co_val[c]
        elif tb == TB_MASTS:
            v += masts_up(s, k)
        elif tb == TB_POINTS:
            v += s.cfg.ship_cost[k // MAX_FLEET, j]
            for c in range(MAX_CREW):
                if s.cr_ship[c] == k:
                    v += s.cfg.crew_cost[c // MAX_CREW_P, c % MAX_CREW_P]
        elif tb == TB_UNITS:
            v += 1
    if tb == TB_UNITS:
        v += fort_units(s, p)          # forts are units [Winning the Game]
    return v


@njit(cache=True, inline="always")
def score_game(s):
    """Highest home gold wins; ties go through cfg.tiebreak in order; players still tied
    share the win; if everyone ties it is a draw (ruling: Tie-breakers)."""
    n = s.num_players
    tied = (1 << n) - 1
    best = -1
    for p in range(n):
        best = max(best, home_gold(s, p))
    for p in range(n):
        if home_gold(s, p) != best:
            tied &= ~(1 << p)
    for t in range(3):
        tb = s.cfg.tiebreak[t]
        if tb == 0 or tied & (tied - 1) == 0:
            continue
        top = -1
        for p in range(n):
            if (tied >> p) & 1:
                top = max(top, tiebreak_value(s, p, tb))
        for p in range(n):
            if (tied >> p) & 1 and tiebreak_value(s, p, tb) != top:
                tied &= ~(1 << p)
    s.done = 1
    s.phase = PH_OVER
    s.pending = PK_NONE
    s.to_play = NO_SEAT
    if tied == (1 << n) - 1:
        s.winner_mask = 0
        for p in range(MAX_PLAYERS):
            s.reward[p] = 0.0
        return
    s.winner_mask = tied
    for p in range(n):
        s.reward[p] = 1.0 if (tied >> p) & 1 else -1.0
