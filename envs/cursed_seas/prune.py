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
* a segment straight on into a wall [Setup: the table edge is an impassable wall], an
  island or a ship she already touches dead ahead [Moving: "she must stop"] leaves the ship
  where she was (rulings: Edges, Movement grammar): it is never tried, and it does not
  count as a kept answer, so a ship facing the piece with every turn of a multiple of 30
  degrees blocked still tries the smaller turns that free her (issue 30: the search sailed
  such a ship into the edge for 3,000 decisions, and kept another docked bow-on with her
  gold aboard, free to turn only 15 degrees, to the end of the game, trying only answers
  that did not move her);
* a ship deployed at her home island [Choosing Home Islands] is headed straight off its
  centre (1 of the 5 headings at each of the 12 points) wherever that pose is clear;
* the turn [Actions] does not end while a ship of hers may still be given a move: the
  search ends a ship's part in it by moving her no distance (stopping before her first
  segment), which leaves the position as it was, so a random playout no longer throws
  away every other ship's action one time in a few (ruling: Search pruning).

A kernel; nothing else is pruned. ``search_moves`` (GameSpec.search_moves) gives the search
the same kept moves in one pass: at a segment it tests only the 12 kept headings (the 12
others only when none of those is open) and writes 48 answers instead of 384 then clearing
336, at a deploy only the 12 straight poses (the 48 others only when none is clear); every
other decision is the legal mask then ``prune``.
"""

import math

from numba import njit

from .geometry import edge_room, sweep
from .rules import legal_mask
from .setup import deploy_ok
from .turns import arc_limit, free_segment, room_to_turn, turn_ok
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
def sails_nowhere(s, k):
    """Ship k sailing straight on would not move: her hull already touches, dead ahead, the
    table edge where it is a wall (config ``edge``; turns.sail: the segment ends at once,
    ruling: Edges), or an island or a ship (the segment touches it at once, within the touch
    tolerance, and ends the move: "she must stop"; ruling: Movement grammar). A towing ship
    is never counted (her tow sails too)."""
    if s.sh_tow[k] >= 0:
        return False
    ux = math.cos(s.sh_h[k])
    uy = math.sin(s.sh_h[k])
    if s.cfg.edge == EDGE_WALL and edge_room(s, k, ux, uy) <= TOUCH:
        return True
    _, hit = sweep(s, k, ux, uy, TOUCH)
    return hit >= 0


@njit(cache=True)
def prune(s, mask):
    """Clear from the legal ``mask`` the answers the search need not try (module
    docstring)."""
    pk = s.pending
    if pk == PK_SEGMENT:
        still = sails_nowhere(s, s.pend_ship)
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


@njit(cache=True)
def search_moves(s, mask):
    """Exactly ``legal_mask`` then ``prune`` (tests/cursed_seas/test_prune.py compares them
    at random positions), for the search. A segment's legality [Moving] does not depend on
    its kind or fraction, only on whether a kind has a segment left and the heading's turn
    is clear (rules.legal_mask, the same tests called here), so the kept answers are the
    kept fractions of every open kept heading; only when none is open (the straight one
    sailing nowhere, every other odd one blocked) does prune keep every legal answer, i.e.
    the open even headings too (straight on is odd: FAN_STRAIGHT = 11). Likewise a deploy
    [Choosing Home Islands] tests the 12 straight poses first and the 48 others only when
    none is clear (then, as the rules say, stopping when none of those is either)."""
    pk = s.pending
    if (pk != PK_SEGMENT and pk != PK_DEPLOY) or s.to_play < 0 or s.done or s.truncated:
        legal_mask(s, mask)
        prune(s, mask)
        return
    mask[:] = 0
    k = s.pend_ship
    if pk == PK_DEPLOY:
        found = False
        for a in range(DEPLOY_STRAIGHT, NUM_DEPLOY, 5):
            if deploy_ok(s, k, a):
                mask[A_OPT + a] = 1
                found = True             # a kept pose: nothing else is tried
        if not found:
            for a in range(NUM_DEPLOY):
                if a % 5 != DEPLOY_STRAIGHT and deploy_ok(s, k, a):
                    mask[A_OPT + a] = 1
                    found = True
        if not found:
            mask[A_NO] = 1               # no pose is clear [Choosing Home Islands]
        return
    kinds = 0
    for kind in range(2):
        if free_segment(s, k, kind) >= 0:
            kinds |= 1 << kind
    if kinds:
        still = sails_nowhere(s, k)
        free = room_to_turn(s, k)
        left = 4.0 if free else arc_limit(s, k, 1.0)
        right = 4.0 if free else arc_limit(s, k, -1.0)
        kept = False
        for parity in range(1, -1, -1):      # the kept (odd) headings, then the others
            if parity == 0 and kept:
                break
            for f in range(parity, NUM_FAN, 2):
                if still and f == FAN_STRAIGHT:
                    continue                 # sails nowhere: never tried
                if free or turn_ok(s, k, f, left, right):
                    kept = True
                    for kind in range(2):
                        if (kinds >> kind) & 1:
                            for fr in range(NUM_FRAC):
                                if parity == 0 or seg_kept(f, fr):
                                    mask[A_SEG + (kind * NUM_FAN + f) * NUM_FRAC + fr] = 1
    mask[A_NO] = 1
