"""Cursed Seas exploring at sea: allied ships, derelicts and wrecks a ship touches.

Sections: Exploring ("you can also explore any allied ship or derelict that your ship
touches, which allows you to transfer crew and treasure between ships while at sea"),
Shipwreck ("any crew or treasure on a wreck remains on the wreck, and wrecks can be
explored"), Placing Crew and equipment (cargo spaces, crew cost no more than the ship,
0-point crew only on its nation's ships), Multiple actions, Fog Bank and Sea Creatures
(a lost ship or a creature neither explores nor is explored). Readings: docs/rulings.md
(ruling: Exploring at sea; ruling: Face-down pieces in actions).
"""

from numba import njit

from .cargo import carry_seen_ok
from .common import cargo_room
from .geometry import far_from, ship_gap
from .state import (
    LOC_SHIP, MAX_COINS, MAX_CREW, MAX_FLEET, MAX_SHIPS, SEA_CREW, SHIP_R, TOUCH,
)


@njit(cache=True)
def partner_ok(s, k, j):
    """Ship k touches j, and j is of k's fleet, a derelict or a wreck."""
    if j == k or not 0 <= j < MAX_SHIPS or not s.sh_live[j]:
        return False
    if s.sh_lost[j] >= 0 or s.cfg.ship_creature[j // MAX_FLEET, j % MAX_FLEET]:
        return False                     # lost in fog [Fog Bank]; a creature [Sea Creatures]
    if s.sh_owner[j] != s.sh_owner[k] and s.sh_masts[j] != 0:
        return False
    if far_from(s.sh_x[j] - s.sh_x[k], s.sh_y[j] - s.sh_y[k],
                abs(s.sh_len[k]) + abs(s.sh_len[j]) + 2.0 * SHIP_R + TOUCH):
        return False         # apart on a bound (as ship_gap would find)
    return ship_gap(s, k, j) <= TOUCH


@njit(cache=True)
def _receiver_ok(s, k, j, to):
    """Items may go to ``to`` (k or j): only to a ship of k's fleet that is no wreck."""
    return s.sh_owner[to] == s.sh_owner[k] and not s.sh_wreck[to]


@njit(cache=True)
def coin_swap_ok(s, k, j, c):
    """Coin c aboard k or j may cross to the other ship once per explore; it needs a
    cargo space there unless unique (face up)."""
    if s.co_loc[c] != LOC_SHIP or s.co_moved[c]:
        return False
    src = s.co_at[c]
    if src != k and src != j:
        return False
    to = j if src == k else k
    if not _receiver_ok(s, k, j, to):
        return False
    return s.co_up[c] != 0 or cargo_room(s, to) > 0


@njit(cache=True)
def crew_swap_ok(s, k, j, c):
    """Crew/equipment c aboard k or j may cross (once a turn) within the carrying limits,
    as k's player can tell: before she looks, a face-down piece of another fleet aboard j
    needs only a free cargo space aboard k (its points and nation are hidden; ruling:
    Face-down pieces in actions); the look shows it, and from then the full limits apply."""
    if s.cr_moved[c]:
        return False
    src = s.cr_ship[c]
    if src != k and src != j:
        return False
    to = j if src == k else k
    if not _receiver_ok(s, k, j, to):
        return False
    return carry_seen_ok(s, c, to, s.sh_owner[k])


@njit(cache=True)
def any_swap(s, k, j):
    for c in range(MAX_COINS):
        if coin_swap_ok(s, k, j, c):
            return True
    for c in range(MAX_CREW):
        if crew_swap_ok(s, k, j, c):
            return True
    return False


@njit(cache=True)
def any_swap_seen(s, k, j):
    """Something aboard k or j has not crossed in this explore and may go to the other ship
    as far as every seat can tell: ship k's own fleet receives, a wreck never (open). Cargo
    room (the +1 of linked crew) and the points of face-down pieces are not read: another
    seat may not know them, and it sees whether she is asked again, "stop" always legal
    (ruling: Exploring at sea; ruling: Face-down pieces in actions)."""
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and not s.co_moved[c] and \
                (s.co_at[c] == k or s.co_at[c] == j) and \
                _receiver_ok(s, k, j, j if s.co_at[c] == k else k):
            return True
    for c in range(MAX_CREW):
        if not s.cr_moved[c] and (s.cr_ship[c] == k or s.cr_ship[c] == j) and \
                _receiver_ok(s, k, j, j if s.cr_ship[c] == k else k):
            return True
    return False


@njit(cache=True)
def sea_ok(s, k):
    """Ship k may be given an explore action at sea [Exploring]: it is her first action
    (no keyword gives it as a second: the Explorer's second action explores where she
    docks, pieces.toml; ruling: Exploring at sea) and a ship she touches has something to
    move."""
    if not s.sh_live[k] or s.sh_wreck[k] or s.sh_acts[k] >= 1:
        return False
    if s.sh_lost[k] >= 0 or s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET]:
        return False                     # lost in fog [Fog Bank]; a creature [Sea Creatures]
    return has_partner(s, k)


@njit(cache=True)
def has_partner(s, k):
    """A ship k touches has something to move to or from her (the choice of explore at sea,
    PK_SEA_WITH, has an answer)."""
    o = s.sh_owner[k]
    for j in range(MAX_SHIPS):
        # partner_ok's first tests, made here to spare a call per empty or enemy slot (speed)
        if s.sh_live[j] and j != k and (s.sh_owner[j] == o or s.sh_masts[j] == 0) and \
                partner_ok(s, k, j) and any_swap(s, k, j):
            return True
    return False


@njit(cache=True)
def look(s, k, j):
    """Exploring j: her player looks at all the treasure and crew aboard."""
    p = s.sh_owner[k]
    for c in range(MAX_COINS):
        s.co_moved[c] = 0
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == j:
            s.co_seen[c] |= 1 << p
    for c in range(MAX_CREW):
        if s.cr_ship[c] == j:
            s.cr_seen[c] |= 1 << p


@njit(cache=True)
def swap(s, k, j, o):
    """Option o: coin o, or crew o - SEA_CREW, crosses to the other ship."""
    if o < SEA_CREW:
        s.co_at[o] = j if s.co_at[o] == k else k
        s.co_moved[o] = 1
        s.co_seen[o] |= 1 << s.sh_owner[k]
        return
    c = o - SEA_CREW
    s.cr_ship[c] = j if s.cr_ship[c] == k else k
    s.cr_moved[c] = 1
    s.cr_seen[c] |= 1 << s.sh_owner[k]
