"""Cursed Seas: action indices of face-down pieces a seat does not know (stand-in indices).

Sections: Placing Crew and equipment (crew and equipment lie face down; "crew and equipment
left on wild islands can be loaded by any ship"), Docking. A seat may pick up a face-down
piece of another fleet that it has never looked at; the action must not say which piece it
is (ruling: Face-down pieces in actions). What the seat does see of such a piece: the fleet
it was built with, its kind (crew or equipment: the backs differ) and where it lies. So the
unknown pieces of one fleet and kind are a group whose members the seat cannot tell apart,
exactly the group the determiniser (hidden.py) re-deals over the same places.

A piece the seat knows is named by its own index. An unknown piece is named by a stand-in:
sort the group by place (``common.piece_place``; the moved flag next; then index) and give
the r-th of that order the group's r-th smallest index. The stand-in of each place
is then the same whichever piece lies there, and after any re-deal.
"""

from numba import njit

from .common import crew_known, piece_place
from .state import MAX_CREW, MAX_CREW_P


@njit(cache=True, inline="always")
def _place_key(s, c):
    """Where piece c lies, as the determiniser deals it (``common.piece_place``); then the
    moved flag (it travels with the place)."""
    return piece_place(s, c) * 2 + s.cr_moved[c]


@njit(cache=True)
def unknown(s, c, seat):
    """Piece c is in play (aboard or ashore) and ``seat`` does not know which piece it is."""
    if not 0 <= c < MAX_CREW or (s.cr_ship[c] < 0 and s.cr_isl[c] < 0):
        return False
    q = c // MAX_CREW_P
    if q >= s.num_players or s.cfg.crew_def[q, c % MAX_CREW_P] < 0:
        return False
    return not crew_known(s, c, seat)


@njit(cache=True, inline="always")
def _same_group(s, c, x, seat):
    """x is an unknown piece of c's fleet and kind (c unknown)."""
    q = c // MAX_CREW_P
    return x // MAX_CREW_P == q and unknown(s, x, seat) and \
        s.cfg.crew_eq[q, x % MAX_CREW_P] == s.cfg.crew_eq[q, c % MAX_CREW_P]


@njit(cache=True, inline="always")
def _rank(s, c, seat):
    """Position of unknown piece c in its group's order by (place, index)."""
    kc = _place_key(s, c)
    r = 0
    q = c // MAX_CREW_P
    for x in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
        if x != c and _same_group(s, c, x, seat):
            kx = _place_key(s, x)
            if kx < kc or (kx == kc and x < c):
                r += 1
    return r


@njit(cache=True)
def stand_in(s, seat, c):
    """The index naming piece c in ``seat``'s actions: c itself if the seat knows it, else
    the stand-in of its place in its group."""
    if not unknown(s, c, seat):
        return c
    r = _rank(s, c, seat)
    q = c // MAX_CREW_P
    n = 0
    for x in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
        if _same_group(s, c, x, seat):
            if n == r:
                return x
            n += 1
    return c


@njit(cache=True)
def piece_of(s, seat, v):
    """The piece an action index v names for ``seat`` (the inverse of stand_in)."""
    if not unknown(s, v, seat):
        return v
    r = 0                                       # v is the r-th smallest index of its group
    q = v // MAX_CREW_P
    for x in range(q * MAX_CREW_P, v):
        if _same_group(s, v, x, seat):
            r += 1
    for x in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
        if _same_group(s, v, x, seat) and _rank(s, x, seat) == r:
            return x
    return v
