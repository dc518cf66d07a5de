"""Pirates of the Cursed Seas heuristic decision as kernels: the actions the heuristic rates best.

``heuristic_best(s, seat, key, best)`` is the whole decision of the hand-written heuristic
(agents/heuristic/cursed_seas.py) for ``seat`` to play in record ``s`` (left untouched): it
marks in bool ``best[NUM_ACTIONS]`` every action it rates best and returns how many (0 when
nothing is legal). The agent draws one of them with its generator; the self-play reply kernel
(envs/core/opponents.py, ``KIND_HEURISTIC``, through ``GameSpec.heuristic_best``) with its
stream. How it plays: fetch treasure, carry it home, shoot on the way.

* Turn [Actions]: for each of its ships in fleet order, explore if she may, repair if a mast
  is down and she can, shoot if a mast has a target, otherwise move; then end the turn.
* Move [Moving]: the goal is the home island while she carries treasure the seat knows is
  worth gold, or her hold is full [Unloading treasure]; else the nearest wild island still
  holding treasure [Exploring]; with none left ashore, an enemy ship carrying treasure (to
  sink it [Sinking a ship], which brings the end of the game [Winning the Game]). Each
  segment decision is rated by applying every legal answer to a copy of the record and
  measuring how close she ends to the goal (docked at it beats everything), so it follows
  the rules' own movement, whatever the action layout; stopping wins when nothing brings her
  closer. A ship that no segment brings closer (boxed in by an island or a ship) on her
  first segment sails any segment instead of staying put: all those that move her and leave
  her free to sail on are marked; with none she stops, unless she is boxed in where she is
  (then all are marked).
* Never boxed in [Moving: "A ship can't move through any island or another ship"; Winning
  the Game]: a segment that leaves her where no later move could take her anywhere (every
  turn's arc blocked and nothing ahead but the piece she touches; e.g. docked bow-on beside
  her own ship) is rated BOX_COST S further from her goal, so she docks where she can leave
  again. Two of her ships docked side by side could otherwise pin each other for ever and
  the game, with their gold aboard, would never end. Likewise a segment that frees a boxed-in
  ship of hers beside her is rated BOX_COST closer (half that for standing off 2 hull
  widths from her when she stays boxed in by others), and a ship idle at her goal makes
  way (the same half) for one of hers beside her still sailing for it: a ship docked at
  home with nothing to unload sails off to let the one carrying the last coin dock.
* Explore only when it can take something [Exploring; Actions]: a ship with no cargo room
  (and no unique coin she knows of ashore) sails instead; exploring would spend her action
  every turn and take nothing, so she would never bring her gold home.
* Shooting [Shooting]: every cannon that can fire does (the order of fire is the player's
  choice; none is held back); the enemy carrying the most treasure, then the one with the
  fewest masts (a derelict sinks); a fort only when no ship may be hit. The mast knocked down is
  the target's best cannon (lowest rank); a repair raises the own best cannon [Repairing].
* Exploring and boarding spoils: the most valuable coin the seat knows first [Exploring;
  Board]; board when her masts are at least the enemy's (the roll adds masts [Board]); after
  a won boarding take treasure when possible, else eliminate a crew (never take nothing:
  either costs the enemy); never tow (a tow slows her to S [Tow]).
* Pieces kept ashore [Placing Crew and equipment; Docking]: at the start of her turn, before
  any order, each piece of hers lying on her home island that a ship of hers docked there may
  carry is picked up and put aboard one (any that may take it: picked up from an island, a
  piece has only ships to go to); only those the fleet file kept ashore lie there, since she
  never drops a piece off.
* Anything else (set-up, forts, terrain, other crew transfers): every legal action is marked.

It plays only on what the seat may know: positions, masts, coin counts and the values of
coins it has looked at (``co_seen``). Before trying segments it re-deals a copy's hidden
zones with the game's determinize kernel (hidden.py), keyed from ``key``, so no future die
(reefs, terrain) steers it.

A game never imports agents: the agent calls these kernels, not the other way round.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from envs.core.masks import TIE, mark_all, mark_top

from .common import cargo_room, coins_at, masts_up
from .geometry import edge_room, ship_gap, sweep
from .hidden import determinize
from .rules import apply, legal_mask
from .state import (
    A_NO, A_OPT, A_ORDER, A_PIECE, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_REPAIR, ACT_SHOOT,
    FAN_STRAIGHT, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_SHIPS,
    NUM_ACTIONS, NUM_OPT, PK_BOARD, PK_BOARD_COIN, PK_BOARD_WIN, PK_EXPLORE,
    PK_FORT_GUN, PK_GUN, PK_MAST, PK_REPAIR, PK_SEGMENT, PK_TARGET, PK_TOW, PK_TURN,
    SHIP_R, STATE, TOUCH,
)
from .turns import arc_limit, room_to_turn, turn_ok

#: the distance of a ship that has sunk (worse than any)
FAR = 1e9
#: where a hunting ship aims: this far (in S) from the middle of her prey's hull
HUNT_GAP = 0.8
#: how much worse (in S) an end pose she could never sail out of is rated [Moving]
BOX_COST = 4.0
#: the order in which a ship's actions are given [Actions]
TURN_ORDER = (ACT_EXPLORE, ACT_REPAIR, ACT_SHOOT, ACT_MOVE)


@njit(cache=True)
def _bow(s, k):
    return (s.sh_x[k] + s.sh_len[k] * math.cos(s.sh_h[k]),
            s.sh_y[k] + s.sh_len[k] * math.sin(s.sh_h[k]))


@njit(cache=True)
def goal(s, k, me):
    """Where ship k of ``me`` should sail: (island, -1), or (-1, enemy ship) (module
    docstring)."""
    gold = False
    loose = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
            if s.co_val[c] > 0 and (s.co_seen[c] >> me) & 1:
                gold = True
            if not s.co_up[c]:
                loose += 1
    crew = 0
    for c in range(MAX_CREW):
        crew += s.cr_ship[c] == k
    home = s.home[me]
    if gold or crew + loose >= s.cfg.ship_cargo[k // MAX_FLEET, k % MAX_FLEET]:
        return home, -1
    bx, by = _bow(s, k)
    best_i = home
    best_d = np.inf
    for i in range(s.n_islands):
        if s.isl_home[i] >= 0 or coins_at(s, LOC_ISLAND, i) == 0:
            continue
        d = math.hypot(s.isl_x[i] - bx, s.isl_y[i] - by)
        if d < best_d:
            best_i, best_d = i, d
    if best_d < np.inf:
        return best_i, -1
    # no treasure left ashore: hunt an enemy ship carrying some (counts are open)
    best_j = -1
    for j in range(MAX_SHIPS):
        if not s.sh_live[j] or s.sh_owner[j] == me or coins_at(s, LOC_SHIP, j) == 0:
            continue
        d = math.hypot(s.sh_x[j] - bx, s.sh_y[j] - by)
        if d < best_d:
            best_j, best_d = j, d
    if best_j >= 0:
        return -1, best_j
    return home, -1


@njit(cache=True)
def distance(s, k, gi, gj):
    """How far ship k is from the goal (gi, gj) of :func:`goal`; -1 docked at it."""
    if not s.sh_live[k]:
        return FAR
    bx, by = _bow(s, k)
    if gj >= 0:
        # off her beam, within S of most masts, not touching
        jx, jy = _bow(s, gj)
        mx = s.sh_x[gj] + 0.5 * (jx - s.sh_x[gj])
        my = s.sh_y[gj] + 0.5 * (jy - s.sh_y[gj])
        return abs(math.hypot(mx - bx, my - by) - HUNT_GAP)
    if gi < 0:
        return FAR
    if s.sh_dock[k] == gi:
        return -1.0
    return math.hypot(s.isl_x[gi] - bx, s.isl_y[gi] - by) - s.isl_r[gi] - SHIP_R


@njit(cache=True)
def boxed(s, k):
    """Ship k (live) could not sail out of where she is on a move [Moving]: she cannot sail
    ahead (the piece she touches, or the edge) and the smallest turn either way (one fan
    step, 15 degrees) is blocked on its arc or at its end."""
    if room_to_turn(s, k):
        return False
    ux = math.cos(s.sh_h[k])
    uy = math.sin(s.sh_h[k])
    t, _ = sweep(s, k, ux, uy, 4.0 * TOUCH)
    if min(t, edge_room(s, k, ux, uy)) > 2.0 * TOUCH:
        return False
    # the rules' own turn test, the smallest turn each way; turn_ok reads only the arc limit
    # of the side it turns to, so the other side's is computed only when needed
    left = arc_limit(s, k, 1.0)
    if turn_ok(s, k, FAN_STRAIGHT + 1, left, 4.0):
        return False
    return not turn_ok(s, k, FAN_STRAIGHT - 1, left, arc_limit(s, k, -1.0))


@njit(cache=True)
def _mark_one(a, best):
    best[:] = False
    best[a] = True
    return 1


@njit(cache=True)
def sail_best(s, seat, key, mask, best):
    """A segment decision [Moving] (module docstring): every legal answer applied to a
    determinised copy and rated by the distance she is left from her goal."""
    k = s.pend_ship
    gi, gj = goal(s, k, seat)
    here = distance(s, k, gi, gj)
    root = np.zeros(1, dtype=STATE)
    root[0] = s
    determinize(root[0], seat, key)
    # her own ships already boxed in before this segment (she is not to blame for them)
    was_boxed = np.zeros(MAX_SHIPS, dtype=np.bool_)
    for j in range(MAX_SHIPS):
        if j != k and s.sh_live[j] and s.sh_owner[j] == seat:
            was_boxed[j] = boxed(s, j)
    # those of them she may be boxing in: beside her
    near = np.zeros(MAX_SHIPS, dtype=np.bool_)
    # and, when she is idle at her goal, those beside her still sailing for it (she is in
    # their way: docked at home with nothing to unload while one brings the last coin)
    wait = np.zeros(MAX_SHIPS, dtype=np.bool_)
    for j in range(MAX_SHIPS):
        if j == k or not s.sh_live[j] or s.sh_owner[j] != seat or \
                ship_gap(s, k, j) >= 2.0 * SHIP_R:
            continue
        near[j] = was_boxed[j]
        if here < 0 and not near[j] and s.sh_dock[j] != gi:
            ji, jj = goal(s, j, seat)
            wait[j] = ji == gi and jj == gj
    work = np.zeros(1, dtype=STATE)
    score = np.full(NUM_ACTIONS, -np.inf)
    # 1 she ends where she began, 2 she (or a ship of hers she comes beside) is boxed in
    idle = np.zeros(NUM_ACTIONS, dtype=np.int64)
    top = -np.inf
    for a in range(NUM_ACTIONS):
        if not mask[a]:
            continue
        work[0] = root[0]
        apply(work[0], a)
        w = work[0]
        score[a] = -distance(w, k, gi, gj)
        if not w.sh_live[k]:
            continue
        if abs(w.sh_x[k] - s.sh_x[k]) + abs(w.sh_y[k] - s.sh_y[k]) < TOUCH and \
                abs(w.sh_h[k] - s.sh_h[k]) < 1e-6:
            idle[a] = 1                 # (a sail into what she touches moves her by rounding)
        pen = boxed(w, k)
        for j in range(MAX_SHIPS):
            if pen:
                break
            if j != k and w.sh_live[j] and w.sh_owner[j] == seat and not was_boxed[j] and \
                    math.hypot(w.sh_x[j] - w.sh_x[k], w.sh_y[j] - w.sh_y[k]) < \
                    abs(w.sh_len[j]) + abs(w.sh_len[k]) + 4.0 * SHIP_R:
                pen = boxed(w, j)
        if pen:
            score[a] -= BOX_COST        # no later move could sail out of there (docstring)
            idle[a] = 2
        for j in range(MAX_SHIPS):
            if wait[j] and w.sh_live[j] and ship_gap(w, k, j) > 2.0 * SHIP_R:
                score[a] += 0.5 * BOX_COST          # she makes way for her
            if near[j] and w.sh_live[j]:
                if not boxed(w, j):
                    score[a] += BOX_COST            # she frees a ship of hers
                elif ship_gap(w, k, j) > 2.0 * SHIP_R:
                    score[a] += 0.5 * BOX_COST      # she stands off: one blocker fewer
        if score[a] > top:
            top = score[a]
    if top > -here + TIE:
        return mark_top(score, mask, best)
    if mask[A_NO]:
        if here > 0 and s.seg_used == 0:
            # nothing brings her closer: sail anywhere rather than stay put, where she moves
            # and is left free to sail on; with no such segment she stops unless she is boxed
            # in where she is (then any segment: one may turn her free)
            for level in range(2):
                if level == 1 and idle[A_NO] != 2:
                    break
                n = 0
                for a in range(NUM_ACTIONS):
                    best[a] = mask[a] != 0 and a != A_NO and (level == 1 or idle[a] == 0)
                    n += best[a]
                if n > 0:
                    return n
        return _mark_one(A_NO, best)
    return mark_top(score, mask, best)


@njit(cache=True)
def _explore_takes(s, seat, j):
    """Exploring with ship j of ``seat``'s fleet can take something [Exploring]: she has
    cargo room, the island holds no coin (the look itself explores it: Building Forts), or
    a coin ashore she knows is unique (taken without a cargo space). A full hold otherwise
    explores for nothing and spends her action (module docstring)."""
    k = seat * MAX_FLEET + j
    if cargo_room(s, k) > 0:
        return True
    i = s.sh_dock[k]
    n = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i:
            n += 1
            if s.co_uniq[c] and (s.co_up[c] or (s.co_seen[c] >> seat) & 1):
                return True
    return n == 0


@njit(cache=True)
def decide(s, seat, key, mask, best):
    """Mark in ``best`` every action of the legal ``mask`` the heuristic rates best for
    ``seat`` in ``s`` (module docstring); how many."""
    best[:] = False
    n = 0
    only = -1
    for a in range(NUM_ACTIONS):
        if mask[a]:
            n += 1
            only = a
    if n <= 1:
        if n == 1:
            best[only] = True
        return n
    pk = s.pending
    if pk == PK_TURN:
        for c in range(seat * MAX_CREW_P, (seat + 1) * MAX_CREW_P):
            # her pieces kept on her home island go aboard first [Placing Crew and
            # equipment; Docking]: a free action, once a piece and turn (cr_moved)
            if mask[A_PIECE + c] and s.cr_isl[c] == s.home[seat]:
                return _mark_one(A_PIECE + c, best)
        for j in range(MAX_FLEET):
            for act in TURN_ORDER:
                a = A_ORDER + 4 * j + act
                if mask[a] and not (act == ACT_EXPLORE and not _explore_takes(s, seat, j)):
                    return _mark_one(a, best)
        if mask[A_NO]:
            return _mark_one(A_NO, best)
        return mark_all(mask, best)
    if pk == PK_SEGMENT:
        return sail_best(s, seat, key, mask, best)
    if pk == PK_GUN or pk == PK_FORT_GUN:
        # [Cannon hits] the order of fire is the player's: every cannon that can fire does
        # (in any order), none is held back
        n = 0
        for a in range(NUM_ACTIONS):
            best[a] = mask[a] != 0 and a != A_NO
            n += best[a]
        return n if n > 0 else mark_all(mask, best)
    score = np.full(NUM_ACTIONS, -np.inf)
    if pk == PK_TARGET:
        for o in range(NUM_OPT):
            if mask[A_OPT + o]:
                if o < MAX_SHIPS:
                    # the most treasure aboard first, then the fewest masts
                    score[A_OPT + o] = 10.0 * coins_at(s, LOC_SHIP, o) - masts_up(s, o)
                else:
                    score[A_OPT + o] = -100.0
        if score.max() == -np.inf:
            return _mark_one(A_NO, best) if mask[A_NO] else mark_all(mask, best)
        return mark_top(score, mask, best)
    if pk == PK_MAST or pk == PK_REPAIR:
        k = s.pend_target if pk == PK_MAST else s.pend_ship
        p = k // MAX_FLEET
        j = k % MAX_FLEET
        for m in range(s.cfg.ship_rank.shape[2]):
            if mask[A_OPT + m]:
                score[A_OPT + m] = -np.float64(s.cfg.ship_rank[p, j, m])
        return mark_top(score, mask, best)
    if pk == PK_EXPLORE or pk == PK_BOARD_COIN:
        for c in range(MAX_COINS):
            if mask[A_OPT + c]:
                score[A_OPT + c] = s.co_val[c] if (s.co_seen[c] >> seat) & 1 else 0.0
        if score.max() == -np.inf:
            return _mark_one(A_NO, best) if mask[A_NO] else mark_all(mask, best)
        return mark_top(score, mask, best)
    if pk == PK_BOARD and mask[A_YES] and mask[A_NO]:
        mine = s.pend_ship
        other = s.pend_target
        if s.sh_owner[mine] != seat:
            mine, other = other, mine
        return _mark_one(A_YES if masts_up(s, mine) >= masts_up(s, other) else A_NO, best)
    if pk == PK_BOARD_WIN:            # taking nothing (option 0) only when nothing else is legal
        if mask[A_NO] or mask[A_YES]:
            return _mark_one(A_NO if mask[A_NO] else A_YES, best)
        return mark_all(mask, best)
    if pk == PK_TOW and mask[A_NO]:
        return _mark_one(A_NO, best)
    return mark_all(mask, best)


@njit(cache=True)
def heuristic_best(s, seat, key, best):
    """Mark in ``best`` (bool[NUM_ACTIONS]) every action the heuristic rates best for
    ``seat`` to play in ``s`` (left untouched); the uint64 ``key`` seeds the re-deal of what
    the seat cannot see. Returns how many are marked (0 when nothing is legal)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    legal_mask(s, mask)
    return decide(s, seat, key, mask, best)


@njit(cache=True)
def heuristic_best_at(states, i, seat, key, best):
    """:func:`heuristic_best` on ``states[i]`` (a record unboxes slowly from Python; an
    array does not)."""
    return heuristic_best(states[i], seat, key, best)
