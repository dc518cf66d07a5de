"""The legal mask's and the sweep's shortcuts give what the plain tests give (speed only).

Each shortcut is checked against the computation it replaces, kept here as the reference:
``first_contact``'s swept-parallelogram bound against the golden-section search alone
[Moving: stop on contact]; ``any_gun`` against ``gun_ok`` mast by mast [Shooting];
``piece_ok`` against ``dest_ok`` / ``dest_seen_ok`` for every destination [Docking];
the placing mask against the tiers found point by point [Placing Islands]; arc_limit's
clear test read off the slack against ``pose_clear`` [Moving].
"""

import math

import numpy as np

import envs
from envs.cursed_seas.cargo import dest_ok, dest_seen_ok, piece_ok
from envs.cursed_seas.geometry import first_contact, pose_clear, pose_slack, seg_seg
from envs.cursed_seas.setup import least_crowded, place_tier
from envs.cursed_seas.state import (
    A_OPT, GRID, MAX_CREW, MAX_FLEET, MAX_SHIPS, NUM_ACTIONS, OPT_ASHORE, PK_PLACE,
)
from envs.cursed_seas.turns import _clear, any_gun, gun_ok
from envs.cursed_seas.rules import legal_mask

from .helpers import random_decisions

_GOLD = 0.6180339887498949


def _contact_reference(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy, reach, iters=48):
    """geometry.first_contact as it was before the bound: golden section, then bisection."""
    f0 = seg_seg(ax, ay, bx, by, cx, cy, dx, dy)
    if f0 - dist > reach:
        return dist + 1.0
    if f0 <= reach:
        h = min(1e-6, dist)
        f1 = seg_seg(ax + h * ux, ay + h * uy, bx + h * ux, by + h * uy, cx, cy, dx, dy)
        return 0.0 if f1 < f0 - 1e-12 else dist + 1.0

    def f(t):
        return seg_seg(ax + t * ux, ay + t * uy, bx + t * ux, by + t * uy, cx, cy, dx, dy)

    lo, hi = 0.0, dist
    m1, m2 = hi - _GOLD * (hi - lo), lo + _GOLD * (hi - lo)
    f1, f2 = f(m1), f(m2)
    for _ in range(iters):
        if f1 <= reach or f2 <= reach:
            break
        if f1 < f2:
            hi, m2, f2 = m2, m1, f1
            m1 = hi - _GOLD * (hi - lo)
            f1 = f(m1)
        else:
            lo, m1, f1 = m1, m2, f2
            m2 = lo + _GOLD * (hi - lo)
            f2 = f(m2)
    if f1 <= reach:
        inside = m1
    elif f2 <= reach:
        inside = m2
    else:
        if f(dist) > reach:
            return dist + 1.0
        inside = dist
    lo, hi = 0.0, inside
    for _ in range(iters):
        mid = 0.5 * (lo + hi)
        if f(mid) <= reach:
            hi = mid
        else:
            lo = mid
    return lo


def test_the_swept_bound_never_changes_the_first_contact():
    """Random hulls, headings off and along the hull (a towed ship, a disc), pieces near
    and far: the contact distance is bit for bit the reference's, contacts and misses
    alike [Moving: stop on contact]."""
    rng = np.random.default_rng(5)
    hits = misses = 0
    for n in range(4000):
        ax, ay = rng.uniform(0, 12, 2)
        ln = 0.0 if n % 7 == 0 else rng.uniform(-3, 3)
        hh = rng.uniform(-math.pi, math.pi)
        bx, by = ax + ln * math.cos(hh), ay + ln * math.sin(hh)
        h = hh if n % 3 == 0 else rng.uniform(-math.pi, math.pi)    # along the hull, or not
        ux, uy = math.cos(h), math.sin(h)
        dist = rng.uniform(0, 8)
        along = rng.uniform(0, dist)            # the piece about the sweep's path
        cx, cy = ax + along * ux + rng.uniform(-3, 3), ay + along * uy + rng.uniform(-3, 3)
        cl = 0.0 if n % 2 else rng.uniform(0, 3)
        ch = rng.uniform(-math.pi, math.pi)
        dx, dy = cx + cl * math.cos(ch), cy + cl * math.sin(ch)
        reach = rng.uniform(0.05, 1.5)
        got = first_contact(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy, reach)
        want = _contact_reference(ax, ay, bx, by, ux, uy, dist, cx, cy, dx, dy, reach)
        assert got == want, n
        hits += want <= dist
        misses += want > dist
    assert hits > 300 and misses > 300, (hits, misses)


def _positions():
    """Every third decision of random games (a record read from Python unboxes slowly)."""
    for config in ({"num_players": 2}, {"num_players": 3, "reefs": 1}, {"num_players": 4},
                   {"num_players": 2, "fleets": ["abyssal_pact", "crown_raiders"],
                    "forts": [["Fort Brimstone"], ["Coral Bastion"]]}):
        for n, s in enumerate(random_decisions(config, games=1, steps=900, seed=3)):
            if n % 3 == 0 or int(s["pending"]) == PK_PLACE:
                yield s


def test_turn_mask_shortcuts_match_the_plain_tests():
    """At every decision of random 2-, 3- and 4-player games (forts, creatures): any_gun is
    gun_ok of some mast [Shooting]; piece_ok is dest_ok ashore or dest_seen_ok on some ship
    [Docking]; the slack's reading of a pose is pose_clear's, for each ship at her place
    and turned [Moving]; the placing mask is the best tier's points [Placing Islands]."""
    guns = pieces = poses = places = 0
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    for s in _positions():
        p = int(s["to_play"])
        for k in range(MAX_SHIPS):
            if not s["sh_live"][k]:
                continue
            nm = int(s["cfg"]["ship_nmast"][k // MAX_FLEET, k % MAX_FLEET])
            want = any(gun_ok(s, k, m, np.int64(0)) for m in range(nm))
            assert any_gun(s, k, np.int64(0)) == want
            guns += want
            for turn in (0.0, 0.7, -2.0):
                h = s["sh_h"][k] + turn
                x, y = s["sh_x"][k], s["sh_y"][k]
                assert _clear(s, k, x, y, h, pose_slack(s, k, x, y, h)) == \
                    pose_clear(s, k, x, y, h)
                poses += not pose_clear(s, k, x, y, h)
        for c in range(MAX_CREW):
            want = False
            if not s["cr_moved"][c] and (s["cr_ship"][c] < 0 or
                                         s["sh_owner"][s["cr_ship"][c]] == p):
                want = bool(dest_ok(s, c, p, OPT_ASHORE)) or \
                    any(dest_seen_ok(s, c, p, d) for d in range(MAX_SHIPS))
            assert piece_ok(s, c, p) == want
            pieces += want
        if int(s["pending"]) == PK_PLACE:
            legal_mask(s, mask)
            tiers = [place_tier(s, g) for g in range(GRID * GRID)]
            best = max(tiers)
            if best > 0:
                lo = 1 if s["cfg"]["island_spacing"] == 1 else best
                want = [int(t >= lo) for t in tiers]
            else:
                top = max(least_crowded(s, g) for g in range(GRID * GRID))
                want = [int(least_crowded(s, g) >= top - 1e-9) for g in range(GRID * GRID)]
            assert list(mask[A_OPT:A_OPT + GRID * GRID]) == want
            places += 1
    assert guns > 20 and pieces > 100 and poses > 100 and places > 10, \
        (guns, pieces, poses, places)


def test_the_spec_is_the_one_tested():
    assert envs.spec("cursed_seas").legal_mask is legal_mask
