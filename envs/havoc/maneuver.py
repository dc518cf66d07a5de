"""Seas of Havoc: moving ships on the wrap-around sea grid.

Primitives shared by the crews' Sea Phase (sea.py) and the Ghost Fleet (ghost.py); they
never ask for a decision, so the pivot and discard after a collision and the choice between
two booty tokens are left to the caller. Rulebook sections:

- Maneuvering: Ship's Heading (headings N/E/S/W, pivots of 90 degrees in place, ships never
  move sideways);
- Sailing off the Edge (the grid wraps around);
- Collisions (a forward step onto a rock or a ship stops before it) and the Collision
  Penalty (rock: Damage to the collider; ram: 1 Infamy to the collider, Damage to the
  rammed crew);
- Whirlpools and Gusts;
- Salvaging Shipwrecks (lifting a wreck, placing a new one by coordinate dice).
"""

from numba import njit

from envs.core.bounds import fault
from envs.core.rng import die
from envs.havoc.common import friendly, has_upgrade, score, take_damage
from envs.havoc.state import (
    DC, DR, FEAT_GUST, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, GRID, UPG_RAM,
    UPG_ROCK_HULL, UPG_STEADY,
)

#: result of step(): the ship moved (a value >= 0 is the index of the ship in the way)
MOVED = -1
#: result of step(): a rock is in the way
HIT_ROCK = -2
#: result of sea_feature(): the ship did not change square (no feature, a whirlpool, steady keel)
STAYED = -3
#: coordinate-dice re-rolls before giving up (with one free square in 36 the chance of
#: missing it this often is below 1e-800)
ROLL_BOUND = 1 << 16


@njit(cache=True)
def wrap(r, c):
    """The square (r, c) folded back onto the grid [Sailing off the Edge]."""
    return (r % GRID + GRID) % GRID, (c % GRID + GRID) % GRID


@njit(cache=True)
def turned(h, right):
    """Heading after a 90-degree pivot to the right (clockwise) or left."""
    return (h + 1) % 4 if right else (h + 3) % 4


@njit(cache=True)
def pivot(s, i, right):
    """Ship i pivots 90 degrees in place [Maneuvering: L/R steps; Collisions: pivot]."""
    s.ship_h[i] = turned(s.ship_h[i], right)


@njit(cache=True)
def ship_at(s, r, c):
    """Index of the ship on square (r, c), or -1."""
    for j in range(s.num_ships):
        if s.ship_placed[j] and s.ship_r[j] == r and s.ship_c[j] == c:
            return j
    return -1


@njit(cache=True)
def step(s, i, d):
    """Ship i moves one square in direction d, keeping its heading, unless a rock or a ship
    is there: then it stays and the obstacle is returned [Collisions: "the maneuver ends
    immediately before the occupied space"]. Returns MOVED, HIT_ROCK or the other ship."""
    r, c = wrap(s.ship_r[i] + DR[d], s.ship_c[i] + DC[d])
    if s.feature[r, c] == FEAT_ROCK:
        return HIT_ROCK
    j = ship_at(s, r, c)
    if j >= 0:
        return j
    s.ship_r[i] = r
    s.ship_c[i] = c
    return MOVED


@njit(cache=True)
def collision_penalty(s, i, hit):
    """Damage and Infamy for ship i colliding with `hit` (HIT_ROCK or a ship index)
    [Collision Penalty], dealt at once [ruling: Collision order]. The collider's discard is
    the caller's (it is a choice).

    Rock: the collider's crew takes a Damage card (not with a rock_hull upgrade).
    Ram: the collider scores 1 (+ ram upgrade) unless the rammed ship is friendly (its own
    second ship [2 Ship Variant], a team mate [Teams Variant]); the rammed crew takes Damage.
    """
    c = s.ship_crew[i]
    if hit == HIT_ROCK:
        if has_upgrade(s, c, UPG_ROCK_HULL) == 0:
            take_damage(s, c)
        return
    o = s.ship_crew[hit]
    if not friendly(s, c, o):
        score(s, c, 1 + has_upgrade(s, c, UPG_RAM))
    take_damage(s, o)


@njit(cache=True)
def feature_acts(s, i):
    """Ship i stands on a whirlpool or gust that would act on it [Whirlpools and Gusts]."""
    if has_upgrade(s, s.ship_crew[i], UPG_STEADY) > 0:
        return False
    f = s.feature[s.ship_r[i], s.ship_c[i]]
    return f == FEAT_WHIRL_CW or f == FEAT_WHIRL_CCW or f == FEAT_GUST


@njit(cache=True)
def sea_feature(s, i):
    """Resolve the whirlpool or gust under ship i once [Whirlpools and Gusts].

    A whirlpool pivots the ship 90 degrees its way; a gust moves it one square in the gust
    direction without turning it (a collision is returned to the caller, who resolves it as
    the ship's own). A steady_keel upgrade ignores both [ruling: Steady keel]. Returns
    STAYED, MOVED, HIT_ROCK or the index of the ship in the way.
    """
    if has_upgrade(s, s.ship_crew[i], UPG_STEADY) > 0:
        return STAYED
    f = s.feature[s.ship_r[i], s.ship_c[i]]
    if f == FEAT_WHIRL_CW:
        pivot(s, i, True)
    elif f == FEAT_WHIRL_CCW:
        pivot(s, i, False)
    elif f == FEAT_GUST:
        return step(s, i, s.gust_dir)
    return STAYED


@njit(cache=True)
def place_new_wreck(s):
    """Put the top token of the face-down stack on a square rolled with the coordinate dice,
    re-rolling onto rocks, ships and other wrecks (whirlpools and gusts are fine); none when
    the stack is empty [Salvaging Shipwrecks]."""
    n = s.wreck_stack_n
    if n == 0:
        return
    free = 0
    for r in range(GRID):
        for c in range(GRID):
            if s.feature[r, c] != FEAT_ROCK and s.wreck[r, c] == 0 and ship_at(s, r, c) < 0:
                free += 1
    if free == 0:
        return
    found = False
    r, c = 0, 0
    for _ in range(ROLL_BOUND):
        r = die(s, GRID) - 1
        c = die(s, GRID) - 1
        if s.feature[r, c] != FEAT_ROCK and s.wreck[r, c] == 0 and ship_at(s, r, c) < 0:
            found = True
            break
    if not found:
        fault(s)
        return
    s.wreck[r, c] = s.wreck_stack[n - 1]
    s.wreck_stack[n - 1] = 0
    s.wreck_stack_n = n - 1


@njit(cache=True)
def lift_wreck(s, i):
    """Ship i moved onto a square: if a wreck lies there, lift it (token id + 1) and roll a
    new wreck; 0 when there is none [Salvaging Shipwrecks: "moving over or ending a
    maneuver on a Shipwreck"], mid-maneuver too [ruling: Shipwrecks]. What happens to the
    token is the caller's (booty or cash)."""
    r = s.ship_r[i]
    c = s.ship_c[i]
    t = s.wreck[r, c]
    if t == 0:
        return 0
    s.wreck[r, c] = 0
    place_new_wreck(s)
    return t
