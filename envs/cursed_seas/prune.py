"""Pirates of the Cursed Seas: the moves the search need not try (GameSpec.prune, envs/core/search.py).

The rules offer fine choices whose differences a depth-limited search cannot value: its
playouts stop after a few random decisions and the value kernel (value.py) scores gold and
distances, which a 15-degree heading or an eighth of a segment moves by a hair. Left in,
they swamp the tree (384 segment answers, 60 deploy options a ship: 1,000 simulations try
each a couple of times) and make random playouts wander. Every legal move stays legal
(the rules, the heuristic and every other agent see the full mask); only the search
chooses among fewer:

* a movement segment [Moving] turns by a multiple of 30 degrees (12 of the 24 headings,
  straight on and the half turn included) and sails half or all of the segment (2 of the
  8 fractions: a segment stops anyway at the first piece it touches, which is how a ship
  docks); a kind (S or L) none of whose kept answers is legal keeps all of its answers, so
  a ship boxed in by an island or the edge can still move;
* a segment straight on into a wall she already touches [Setup: the table edge is an
  impassable wall] leaves the ship where she was (ruling: Edges): it is never tried, and
  it does not count as a kept answer, so a ship facing the wall with every turn of a
  multiple of 30 degrees blocked still tries the smaller turns that free her (issue 30: the
  search sailed such a ship into the edge for 3,000 decisions, trying only answers that
  did not move her);
* a ship deployed at her home island [Choosing Home Islands] is headed straight off its
  centre (1 of the 5 headings at each of the 12 points) wherever that pose is clear;
* the turn [Actions] does not end while a ship of hers may still be given a move: the
  search ends a ship's part in it by moving her no distance (stopping before her first
  segment), which leaves the position as it was, so a random playout no longer throws
  away every other ship's action one time in a few (ruling: Search pruning).

A kernel; nothing else is pruned.
"""

import math

from numba import njit

from .geometry import edge_room
from .state import (
    A_NO, A_OPT, A_ORDER, A_SEG, ACT_MOVE, EDGE_WALL, FAN_STRAIGHT, MAX_FLEET, NUM_DEPLOY,
    NUM_FAN, NUM_FRAC, PK_DEPLOY, PK_SEGMENT, PK_TURN, TOUCH,
)

#: the deploy heading kept: DEPLOY_TURN[2] = 0, straight off the island's centre
DEPLOY_STRAIGHT = 2


@njit(cache=True, inline="always")
def seg_kept(fan, frac):
    """A segment answer the search tries: a turn of a multiple of 30 degrees (FAN_DEG =
    (fan - 11) * 15), half (frac 3) or all (frac 7) of the segment."""
    return (fan % 2) == 1 and (frac == NUM_FRAC // 2 - 1 or frac == NUM_FRAC - 1)


@njit(cache=True)
def walled(s, k):
    """Ship k sailing straight on would not move: the table edge is a wall (config ``edge``)
    and her hull already touches it ahead (turns.sail: the segment ends at once). A towing
    ship is never counted (her tow sails too)."""
    if s.cfg.edge != EDGE_WALL or s.sh_tow[k] >= 0:
        return False
    return edge_room(s, k, math.cos(s.sh_h[k]), math.sin(s.sh_h[k])) <= TOUCH


@njit(cache=True)
def prune(s, mask):
    """Clear from the legal ``mask`` the answers the search need not try (module
    docstring)."""
    pk = s.pending
    if pk == PK_SEGMENT:
        still = walled(s, s.pend_ship)
        for kind in range(2):
            base = A_SEG + kind * NUM_FAN * NUM_FRAC
            if still:                    # sails nowhere: stopping (A_NO) stays offered
                for fr in range(NUM_FRAC):
                    mask[base + FAN_STRAIGHT * NUM_FRAC + fr] = 0
            kept = False
            for f in range(NUM_FAN):
                for fr in range(NUM_FRAC):
                    if mask[base + f * NUM_FRAC + fr] and seg_kept(f, fr):
                        kept = True
            if kept:
                for f in range(NUM_FAN):
                    for fr in range(NUM_FRAC):
                        if not seg_kept(f, fr):
                            mask[base + f * NUM_FRAC + fr] = 0
    elif pk == PK_DEPLOY:
        kept = False
        for a in range(DEPLOY_STRAIGHT, NUM_DEPLOY, 5):
            if mask[A_OPT + a]:
                kept = True
        if kept:
            for a in range(NUM_DEPLOY):
                if a % 5 != DEPLOY_STRAIGHT:
                    mask[A_OPT + a] = 0
    elif pk == PK_TURN:
        for j in range(MAX_FLEET):
            if mask[A_ORDER + 4 * j + ACT_MOVE]:
                mask[A_NO] = 0
                break
