"""Seas of Havoc: cannon shots - tracing a shot across the grid and scoring a hit.

Shared by the crews' Sea Phase (sea.py) and the Ghost Fleet (ghost.py). Rulebook sections:

- Cannon Fire: shots leave one side (left or right) of the ship, perpendicular to its
  heading, travel up to the range in squares and hit the first obstacle: a rock stops the
  shot (a ship may hide behind a rock or another ship); whirlpools and gusts do not matter;
  cannon fire wraps around the board like ships do [Sailing off the Edge].
- Scoring a Hit: the hit ship's crew takes a Damage card; the firer scores 2 Infamy for a
  Broadside (the shot strikes the target's side) or 3 for a Raking Shot (bow or stern);
  each shot of a volley scores and deals Damage on its own. No Infamy for hitting a friendly
  ship [2 Ship Variant; Teams Variant].
"""

import numpy as np
from numba import njit

from envs.havoc.common import can_pay, friendly, has_upgrade, score, take_damage
from envs.havoc.maneuver import ship_at, wrap
from envs.havoc.state import (
    CANNON, DC, DR, FEAT_ROCK, GRID, UPG_BROADSIDE, UPG_RAKING, UPG_RANGE,
)

SIDE_LEFT, SIDE_RIGHT = 0, 1
BROADSIDE_INFAMY = 2
RAKING_INFAMY = 3


@njit(cache=True)
def side_dir(h, side):
    """Direction a shot flies from a ship heading h out of its left or right side."""
    return (h + 3) % 4 if side == SIDE_LEFT else (h + 1) % 4


@njit(cache=True)
def fire_range(s, c, base):
    """Range of crew c's shot: the option's range + the range upgrade, at most GRID - 1 so
    that a wrapping shot can never come back round onto the firer [ruling: Range cap]."""
    return min(base + has_upgrade(s, c, UPG_RANGE), GRID - 1)


@njit(cache=True)
def trace_shot(s, i, d, rng):
    """Ship hit by a shot from ship i flying in direction d up to rng squares, or -1 when it
    strikes a rock or flies out of range [Cannon Fire: "Your shots hit the first obstacle in
    their range"]."""
    r = np.int64(s.ship_r[i])
    c = np.int64(s.ship_c[i])
    for _ in range(rng):
        r, c = wrap(r + DR[d], c + DC[d])
        if s.feature[r, c] == FEAT_ROCK:
            return -1
        j = ship_at(s, r, c)
        if j >= 0:
            return j
    return -1


@njit(cache=True)
def is_raking(s, target, d):
    """A shot flying parallel to the target's heading strikes its bow or stern [ruling:
    Broadside or raking]."""
    return (s.ship_h[target] % 2) == (d % 2)


@njit(cache=True)
def resolve_hit(s, c, target, d):
    """One shot of crew c flying in direction d hits ship `target` [Scoring a Hit]."""
    take_damage(s, s.ship_crew[target])
    if friendly(s, c, s.ship_crew[target]):
        return
    if is_raking(s, target, d):
        score(s, c, RAKING_INFAMY + has_upgrade(s, c, UPG_RAKING))
    else:
        score(s, c, BROADSIDE_INFAMY + has_upgrade(s, c, UPG_BROADSIDE))


@njit(cache=True)
def volley(s, i, side, rng, shots):
    """Ship i fires `shots` shots out of one side; every shot follows the same line, so all
    of them strike the same first obstacle and each hit counts. Returns the ship hit or -1."""
    c = s.ship_crew[i]
    d = side_dir(s.ship_h[i], side)
    t = trace_shot(s, i, d, rng)
    if t >= 0:
        for _ in range(shots):
            resolve_hit(s, c, t, d)
    return t


@njit(cache=True)
def balls_cost(n):
    """A cost vector (sail, cannon, coin, any) of n cannonballs."""
    cost = np.zeros(4, dtype=np.int64)
    cost[CANNON] = n
    return cost


@njit(cache=True)
def can_pay_balls(s, c, n):
    """Crew c can pay n cannonballs (booty may cover them) [Cannon Fire; Booty]."""
    return can_pay(s, c, balls_cost(n))
