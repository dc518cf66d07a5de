"""Cursed Seas docking transfers of crew and equipment (free actions, one decision each).

Sections: Docking ("as a free action, a ship docked at an island can drop off and board
crew or equipment, or transfer crew or equipment to and from another ship docked at the same
island"; not at an opponent's home island or an enemy fort), Sea Creatures (they carry no
crew or equipment), Fog Bank (a lost ship is at sea), Placing Crew and equipment (one cargo space
each, crew and equipment cost no more than the ship carrying them, 0-point crew only on a
ship of its nation, crew and equipment left on wild islands can be loaded by any ship).
Readings: docs/rulings.md (ruling: Docking transfers; ruling: Face-down pieces in actions).
What is offered for a piece the player has not looked at is judged from what she sees.
"""

from numba import njit

from .common import cargo_room, cost_aboard, crew_known
from .forts import enemy_fort_at
from .state import MAX_CREW_P, MAX_FLEET, MAX_SHIPS, OPT_ASHORE, PK_PIECE_TO


@njit(cache=True)
def piece_island(s, c):
    """Island where piece c can be handled: the one its ship is docked at, or the one it
    was left on; -1 none (at sea, or out of play)."""
    k = s.cr_ship[c]
    if 0 <= k < MAX_SHIPS:
        if s.sh_live[k] and not s.sh_wreck[k] and s.sh_lost[k] < 0:   # lost: at sea [Fog Bank]
            return s.sh_dock[k]
        return -1
    return s.cr_isl[c]


@njit(cache=True)
def dest_ok(s, c, p, d):
    """Seat p may put piece c on ship d (option d) or ashore (OPT_ASHORE) now."""
    return _dest(s, c, p, d, False)


@njit(cache=True)
def dest_seen_ok(s, c, p, d):
    """dest_ok as seat p can judge it before picking the piece up: a piece she does not
    know may go to a ship with a free cargo space (its points and nation are hidden)."""
    return _dest(s, c, p, d, True)


@njit(cache=True, inline="always")
def transfer_island(s, c, p):
    """The island piece c is at when seat p may move it there, -1 when she may not: no
    transfers at an enemy fort [Docking]."""
    i = piece_island(s, c)
    if i < 0 or enemy_fort_at(s, i, p):
        return -1
    return i


@njit(cache=True, inline="always")
def _dest(s, c, p, d, seen):
    i = transfer_island(s, c, p)
    if i < 0:
        return False
    k = s.cr_ship[c]
    if d == OPT_ASHORE:
        return 0 <= k < MAX_SHIPS and s.sh_owner[k] == p
    if not 0 <= d < MAX_SHIPS or s.sh_owner[d] != p or d == k:
        return False
    if not s.sh_live[d] or s.sh_wreck[d] or s.sh_dock[d] != i:
        return False
    if seen:
        return carry_seen_ok(s, c, d, p)
    return carry_ok(s, c, d)


@njit(cache=True)
def carry_ok(s, c, d):
    """Ship d can take piece c aboard: a free cargo space, crew and equipment worth no more
    than her points, and a 0-point crew only on a ship of its nation."""
    p = d // MAX_FLEET
    q = c // MAX_CREW_P
    j = c % MAX_CREW_P
    if s.cfg.ship_creature[p, d % MAX_FLEET]:
        return False                     # sea creatures carry no crew or equipment [Sea Creatures]
    if cargo_room(s, d) <= 0:
        return False
    if cost_aboard(s, d) + s.cfg.crew_cost[q, j] > s.cfg.ship_cost[p, d % MAX_FLEET]:
        return False
    if s.cfg.crew_cost[q, j] == 0 and not s.cfg.crew_eq[q, j] and \
            s.cfg.crew_nation[q, j] != s.cfg.ship_nation[p, d % MAX_FLEET]:
        return False
    return True


@njit(cache=True)
def carry_seen_ok(s, c, d, p):
    """carry_ok as seat p knows it: for a piece she has not looked at only the open limits
    count - a free cargo space on a ship (no sea creature); its point cost and nation are
    learnt when she looks (ruling: Face-down pieces in actions)."""
    if crew_known(s, c, p):
        return carry_ok(s, c, d)
    return not s.cfg.ship_creature[d // MAX_FLEET, d % MAX_FLEET] and cargo_room(s, d) > 0


@njit(cache=True, inline="always")
def piece_ok(s, c, p):
    """Seat p may pick up piece c for a docking transfer: not moved yet this turn, on
    one of her docked ships or on an island where one of them is docked, with somewhere
    to go, as far as she can tell (a piece she does not know: a free cargo space) [Docking]."""
    if s.cr_moved[c]:
        return False
    k = s.cr_ship[c]
    if k >= 0 and s.sh_owner[k] != p:
        return False
    if k < 0 and s.cr_isl[c] < 0:
        return False
    # every destination needs the piece at an island that is no enemy fort and a ship of
    # hers docked there (_dest): found once, not per ship (speed: the turn's mask asks this
    # of every piece while a ship of hers is docked)
    i = transfer_island(s, c, p)
    if i < 0:
        return False
    if dest_ok(s, c, p, OPT_ASHORE):
        return True
    for d in range(MAX_SHIPS):          # any ship of her fleet [Tow: ships join it]
        if s.sh_owner[d] == p and s.sh_dock[d] == i and dest_seen_ok(s, c, p, d):
            return True
    return False


@njit(cache=True)
def any_dest(s, c, p):
    """Piece c (known to seat p) has somewhere to go."""
    for d in range(OPT_ASHORE + 1):
        if dest_ok(s, c, p, d):
            return True
    return False


@njit(cache=True)
def pick_up(s, c, p):
    """Seat p picks up piece c (A_PIECE): she looks at it if she did not know it (ruling:
    Face-down pieces in actions). True: it has somewhere to go, and where is the next
    decision (PK_PIECE_TO). False: none of her ships there may carry it, so it stays where
    it lies, moved this turn (once a turn; ruling: Docking transfers)."""
    s.cr_seen[c] |= 1 << p
    if any_dest(s, c, p):
        s.pend_piece = c
        s.pending = PK_PIECE_TO
        return True
    s.cr_moved[c] = 1
    return False


@njit(cache=True)
def move_piece(s, c, d):
    """Put piece c on ship d or ashore; a player loading a piece looks at it."""
    i = piece_island(s, c)
    s.cr_moved[c] = 1
    if d == OPT_ASHORE:
        s.cr_ship[c] = -1
        s.cr_isl[c] = i
        return
    s.cr_ship[c] = d
    s.cr_isl[c] = -1
    s.cr_seen[c] |= 1 << s.sh_owner[d]
