"""Pirates of the Cursed Seas: the search's playout policy (GameSpec.playout_move, envs/core/search.py).

A search playout plays a few dozen decisions past its tree before the value kernel
(value.py) scores where it stopped. Drawn uniformly, those decisions rarely shoot: a ship's
action [Actions] is one of up to four for each ship, and shooting one among them, so a
playout in which a rival's broadside is in range rarely has it fire, and the value at the
cut never hears of the masts it would cost [Shooting]. The 2-player agent lost most of its
games as the second player, and the policy wins it more of them (benchmarks/TRAINING.md,
"Playouts that shoot"). Two things are drawn here instead of from the whole set of moves
the search keeps (prune.search_moves), for the playouts' sake and for speed, never for the
rules:

* **A ship's action** [Actions]: where the seat to play may give a ship the shoot action,
  a playout does so with probability ``SHOOT_FIRST`` (uniformly among those orders), else
  it draws uniformly among all it may answer, shooting included. The search's tree still
  tries every answer; the rules offer all of them to every player.
* **A movement segment** [Moving], uniformly among the answers search_moves keeps, by
  rejection: an answer is drawn among every kept one a ship could have (each kind of
  segment she has left, the 12 kept headings, the 2 kept fractions, and stopping) and taken
  if its heading is open, so only the headings drawn are tested for a clear turn where
  search_moves tests all 12. Stopping is taken once some kept heading is known open; when
  none is, the draw is among stopping and every fraction of the open other headings, as
  search_moves then gives. The draw has search_moves' distribution exactly
  (tests/cursed_seas/test_playout.py).

Not a rule (ruling: Playout policy). Every other decision, and a segment whose draws keep
hitting blocked headings (``_MAX_DRAWS``), is left to the search: (-1, the stream word untouched), and the playout
draws uniformly from search_moves' mask. A kernel.
"""

import numpy as np
from numba import njit

from envs.core.rng import stream_uniform

from .prune import sails_nowhere, search_moves
from .state import (
    A_NO, A_ORDER, A_SEG, ACT_SHOOT, FAN_STRAIGHT, MAX_FLEET, NUM_ACTIONS, NUM_FAN, NUM_FRAC,
    PK_SEGMENT, PK_TURN,
)
from .turns import arc_limit, free_segment, room_to_turn, turn_ok

#: the chance a playout gives a shoot action where the seat may give one (module docstring;
#: at 2 players 0.75 won more than 1.0, and at 3 as much as none: benchmarks/TRAINING.md,
#: "Playouts that shoot")
SHOOT_FIRST = 0.75
#: the resolution of that chance's draw
_CHANCE_BITS = 20
#: a heading's state while a segment is drawn: not tested yet, open, blocked
_UNTESTED, _OPEN, _BLOCKED = 0, 1, 2
#: the half turn, which may swing either way round (turns.turn_ok)
FAN_HALF = NUM_FAN - 1
#: draws a segment makes before it is left to the search's mask (a bound, so the kernel
#: cannot loop)
_MAX_DRAWS = 64


@njit(cache=True, inline="always")
def _is_shoot(a):
    return A_ORDER <= a < A_ORDER + MAX_FLEET * 4 and (a - A_ORDER) % 4 == ACT_SHOOT


@njit(cache=True)
def _order(s, x):
    """A ship's action [Actions] (module docstring): (move, next stream word)."""
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    search_moves(s, mask)
    n = 0
    shoot = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            n += 1
            shoot += _is_shoot(a)
    if n == 0:
        return np.int64(-1), x
    u, y = stream_uniform(x, 1 << _CHANCE_BITS)
    want_shoot = shoot > 0 and u < SHOOT_FIRST * (1 << _CHANCE_BITS)
    j, y = stream_uniform(y, shoot if want_shoot else n)
    for a in range(NUM_ACTIONS):
        if mask[a] and (_is_shoot(a) or not want_shoot):
            if j == 0:
                return np.int64(a), y
            j -= 1
    return np.int64(-1), x


@njit(cache=True)
def _open(s, k, f, state, free, still, arcs):
    """Heading ``f`` is open for ship k's segment (search_moves' test), from ``state[f]`` or
    tested now; ``still`` (sails_nowhere: -1 unknown) and the arc limits ``arcs``
    (anticlockwise, clockwise; NaN until needed) are worked out the first time a heading
    needs them."""
    if state[f] == _UNTESTED:
        ok = True
        if f == FAN_STRAIGHT:
            if still[0] < 0:
                still[0] = 1 if sails_nowhere(s, k) else 0
            ok = still[0] == 0
        if ok and not free and f != FAN_STRAIGHT:
            # turn_ok reads the arc on the side she turns (both for the half turn)
            if f > FAN_STRAIGHT and arcs[0] != arcs[0]:
                arcs[0] = arc_limit(s, k, 1.0)
            if (f < FAN_STRAIGHT or f == FAN_HALF) and arcs[1] != arcs[1]:
                arcs[1] = arc_limit(s, k, -1.0)
            ok = turn_ok(s, k, f, arcs[0], arcs[1])
        state[f] = _OPEN if ok else _BLOCKED
    return state[f] == _OPEN


@njit(cache=True, inline="always")
def _all_blocked(state, parity):
    """Every heading of ``parity`` (1: the kept, odd ones) is known blocked."""
    for f in range(parity, NUM_FAN, 2):
        if state[f] != _BLOCKED:
            return False
    return True


@njit(cache=True)
def _segment(s, x):
    """A movement segment [Moving], by rejection (module docstring): (move, next word)."""
    k = s.pend_ship
    kinds = np.zeros(2, np.int64)
    nk = 0
    for kind in range(2):
        if free_segment(s, k, kind) >= 0:
            kinds[nk] = kind
            nk += 1
    if nk == 0:
        return np.int64(A_NO), x
    y = x
    state = np.zeros(NUM_FAN, np.int8)
    still = np.full(1, -1, np.int64)
    arcs = np.full(2, np.nan)
    free = room_to_turn(s, k)
    headings = NUM_FAN // 2
    per_kind = headings * 2            # the kept headings (odd), the kept fractions
    some_open = False
    for _ in range(_MAX_DRAWS):
        u, y = stream_uniform(y, 1 + nk * per_kind)
        if u == 0:
            # stopping is a kept answer only while some kept heading is open
            if not some_open:
                for f in range(1, NUM_FAN, 2):
                    if _open(s, k, f, state, free, still, arcs):
                        some_open = True
                        break
            if some_open:
                return np.int64(A_NO), y
            break
        u -= 1
        kind = kinds[u // per_kind]
        f = 2 * ((u % per_kind) // 2) + 1
        fr = NUM_FRAC // 2 - 1 if u % 2 == 0 else NUM_FRAC - 1
        if _open(s, k, f, state, free, still, arcs):
            return np.int64(A_SEG + (kind * NUM_FAN + f) * NUM_FRAC + fr), y
        if _all_blocked(state, 1):
            break
    else:
        return np.int64(-1), x
    # no kept heading is open: stopping, or any fraction of an open other heading
    per_kind = headings * NUM_FRAC
    for _ in range(_MAX_DRAWS):
        u, y = stream_uniform(y, 1 + nk * per_kind)
        if u == 0:
            return np.int64(A_NO), y
        u -= 1
        kind = kinds[u // per_kind]
        f = 2 * ((u % per_kind) // NUM_FRAC)
        fr = u % NUM_FRAC
        if _open(s, k, f, state, free, still, arcs):
            return np.int64(A_SEG + (kind * NUM_FAN + f) * NUM_FRAC + fr), y
        if _all_blocked(state, 0):
            return np.int64(A_NO), y
    return np.int64(-1), x


@njit(cache=True)
def playout_move(s, x):
    """(a move for a search playout, the playout's stream word after it) from the word
    ``x`` (module docstring; GameSpec.playout_move); (-1, ``x``) where the search's own
    uniform draw from search_moves' mask decides."""
    if s.to_play < 0 or s.done or s.truncated:
        return np.int64(-1), x
    if s.pending == PK_TURN:
        return _order(s, x)
    if s.pending == PK_SEGMENT:
        return _segment(s, x)
    return np.int64(-1), x
