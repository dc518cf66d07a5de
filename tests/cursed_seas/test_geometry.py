"""Geometry property tests [Moving; Shooting; Setup: edges]: segment distance symmetry, swept
contact never tunnels through an island whatever the step length, round-earth wrap-around."""

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from envs.cursed_seas.geometry import first_contact, pt_seg, seg_seg
from envs.cursed_seas.state import ACT_MOVE, SHIP_R

from .helpers import fleet, legal, order, position, rec, seg

coord = st.floats(-5.0, 5.0, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(coord, coord, coord, coord, coord, coord, coord, coord)
def test_segment_distance_is_symmetric_and_bounded_by_endpoints(ax, ay, bx, by, cx, cy, dx, dy):
    d1 = seg_seg(ax, ay, bx, by, cx, cy, dx, dy)
    d2 = seg_seg(cx, cy, dx, dy, ax, ay, bx, by)
    d3 = seg_seg(bx, by, ax, ay, dx, dy, cx, cy)
    assert d1 == d2 == d3 or abs(d1 - d2) < 1e-12 and abs(d1 - d3) < 1e-12
    assert d1 <= math.hypot(ax - cx, ay - cy) + 1e-12
    # brute force: sampled points on both segments never come closer than d1
    t = np.linspace(0, 1, 41)
    p = np.stack([ax + t * (bx - ax), ay + t * (by - ay)], 1)
    q = np.stack([cx + t * (dx - cx), cy + t * (dy - cy)], 1)
    brute = np.sqrt(((p[:, None, :] - q[None, :, :]) ** 2).sum(-1)).min()
    assert d1 <= brute + 1e-9


@settings(max_examples=300, deadline=None)
@given(st.floats(0.0, 2 * math.pi), st.floats(0.01, 50.0), st.floats(-1.5, 1.5),
       st.floats(0.5, 1.5), st.floats(0.2, 1.0))
def test_no_tunnelling_through_an_island_at_any_step_length(ang, dist, offset, rad, ln):
    """A hull sailing towards a disc at any distance stops before it overlaps, however
    long the step: the swept contact is exact, not sampled."""
    ux, uy = math.cos(ang), math.sin(ang)
    # the island lies ahead, its centre 3 S along the heading, offset sideways
    cx = 3.0 * ux - offset * uy
    cy = 3.0 * uy + offset * ux
    ax, ay, bx, by = -ln * ux, -ln * uy, 0.0, 0.0
    reach = SHIP_R + rad
    t = first_contact(ax, ay, bx, by, ux, uy, dist, cx, cy, cx, cy, reach)
    travel = min(t, dist)
    # never inside at the stop, nor anywhere along the way
    for f in np.linspace(0.0, 1.0, 201):
        x = f * travel
        d = pt_seg(cx, cy, ax + x * ux, ay + x * uy, bx + x * ux, by + x * uy)
        assert d >= reach - 1e-7
    hits = abs(offset) < reach and dist >= 3.0 - math.sqrt(reach ** 2 - offset ** 2) + 1e-6
    if hits:
        assert t <= dist
        end = pt_seg(cx, cy, ax + t * ux, ay + t * uy, bx + t * ux, by + t * uy)
        assert abs(end - reach) < 1e-6          # stopped touching it
    elif abs(offset) >= reach + 1e-6:
        assert t > dist                          # passed beside it


def test_round_earth_wraps_to_the_opposite_edge_at_the_same_heading():
    """[Setup: Round Earth] a ship sailing over an edge is placed on the opposite edge at
    the same heading and may continue with her remaining segments."""
    e = position([fleet("Blue Petrel"), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 11.0, "y": 6.0, "heading": 0.0},
                  {"seat": 1, "slot": 0, "x": 9.0, "y": 4.0, "heading": 90.0}], edge="round")
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                 # L east: the bow reaches the edge at x = 12 - SHIP_R
    s = rec(e)
    assert s["sh_x"][0] == np.float64(SHIP_R) or abs(s["sh_x"][0] - SHIP_R) < 1e-9
    assert abs(s["sh_y"][0] - 6.0) < 1e-9 and abs(s["sh_h"][0]) < 1e-12
    assert seg(0) in legal(e)      # the S segment is still to sail


def test_wall_stops_and_flat_earth_removes():
    """[Setup] the edge as a wall stops the ship at it; over a flat-earth edge she is gone."""
    ships = [{"seat": 0, "slot": 0, "x": 11.0, "y": 6.0, "heading": 0.0},
             {"seat": 1, "slot": 0, "x": 9.0, "y": 4.0, "heading": 90.0}]
    wall = position([fleet("Blue Petrel"), fleet("Rustfang")], ships, edge="wall")
    wall.step(order(0, 0))
    wall.step(seg(1))
    assert abs(rec(wall)["sh_x"][0] + 0.6 - (12.0 - SHIP_R)) < 1e-9
    flat = position([fleet("Blue Petrel"), fleet("Rustfang")], ships, edge="flat")
    flat.step(order(0, 0))
    flat.step(seg(1))
    assert rec(flat)["sh_live"][0] == 0
