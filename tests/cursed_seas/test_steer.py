"""Each movement segment's features in the observation (envs/cursed_seas/steer.py) [Moving].

The expected figures come from the geometry of the rules' movement: a segment turns the ship
about her stern, then she sails the segment's eighths of S or L straight on and stops on
touching a piece [Moving: "she must stop"]. A ship on the diagonal towards her home island's
centre comes exactly as much closer as she sails straight on.
"""

import math

import numpy as np
import pytest

import envs
from envs.cursed_seas.state import (
    A_SEG, ACT_MOVE, N_SEGF, NUM_SEG_ACTIONS, OBS_SEGF, PK_SEGMENT, SHIP_R,
)

from .helpers import fleet, order, position, rec, seg, ship

SPEC = envs.spec("cursed_seas")
#: feature columns (steer.py module docstring)
SAILED, HOME, TOUCH, AT_HOME, HOME_BEARING, EDGE, IS_L = 1, 2, 5, 6, 9, 11, 12
#: seat 1's ship well clear of the diagonal from (8, 8) to seat 0's home at (2, 2)
AWAY = ship(1, 0, 10.0, 4.0, 90.0)


def _moving(x, y, heading=-135.0):
    """Seat 0's Rustfang (base move L, length 0.6 S) at (x, y), ordered to move."""
    e = position([fleet("Rustfang"), fleet("Rustfang")], [ship(0, 0, x, y, heading), AWAY])
    e.step(order(0, ACT_MOVE))
    assert rec(e)["pending"] == PK_SEGMENT
    return e


def _block(e, seat=0):
    out = np.zeros(SPEC.obs_size, np.float32)
    SPEC.observe(rec(e), seat, out)
    return out[OBS_SEGF:].reshape(NUM_SEG_ACTIONS, N_SEGF)


def test_sailing_straight_at_home_comes_as_much_closer_as_she_sails():
    """[Moving] straight on for the whole L (2 S): 2 S sailed and 2 S closer, in units of L."""
    e = _moving(8.0, 8.0)
    f = _block(e)[seg(1, 0, 1.0) - A_SEG]
    assert f[0] == 1.0 and f[IS_L] == 1.0
    assert f[SAILED] == pytest.approx(1.0, abs=1e-5)
    assert f[HOME] == pytest.approx(-1.0, abs=1e-5)
    assert f[HOME_BEARING] == pytest.approx(1.0, abs=1e-5)
    assert f[TOUCH] == 0.0 and f[EDGE] == 0.0


def test_an_eighth_and_a_half_turn_are_their_own_actions():
    """[Moving; ruling: Movement grammar] half of L straight on is 1 S; a half turn about
    her stern swings her bow 2 x 0.6 S back and points her away from home, so an eighth of L
    more leaves the bow 1.2 + 0.25 S further off."""
    e = _moving(8.0, 8.0)
    blk = _block(e)
    half = blk[seg(1, 0, 0.5) - A_SEG]
    assert half[SAILED] == pytest.approx(0.5, abs=1e-5)
    assert half[HOME] == pytest.approx(-0.5, abs=1e-5)
    back = blk[seg(1, 180, 0.125) - A_SEG]
    assert seg(1, 180, 0.125) in set(int(a) for a in e.legal_actions())
    assert back[SAILED] == pytest.approx(0.125, abs=1e-5)
    assert back[HOME] == pytest.approx((1.2 + 0.25) / 2.0, abs=1e-5)
    assert back[HOME_BEARING] == pytest.approx(-1.0, abs=1e-5)


def test_she_stops_on_touching_her_home_island():
    """[Moving: "she must stop"; Docking] the whole L would overrun her home island's shore:
    she sails only up to it, and the segment is marked as touching it."""
    e = _moving(4.5, 4.5)
    f = _block(e)[seg(1, 0, 1.0) - A_SEG]
    bow = 4.5 - 0.6 / math.sqrt(2.0)                  # her bow, on the diagonal
    gap = math.hypot(bow - 2.0, bow - 2.0) - 1.0 - SHIP_R
    assert f[SAILED] == pytest.approx(gap / 2.0, abs=1e-4)
    assert f[HOME] == pytest.approx(-gap / 2.0, abs=1e-4)
    assert f[TOUCH] == 1.0 and f[AT_HOME] == 1.0
    short = _block(e)[seg(1, 0, 0.5) - A_SEG]
    assert short[TOUCH] == 0.0 and short[AT_HOME] == 0.0


def test_only_a_kind_with_a_free_segment_and_only_a_segment_decision_have_features():
    """[Moving] a Rustfang's base move is one L: no S segment is offered, and none has
    features; after a turn's order the block is empty until a segment is pending."""
    e = _moving(8.0, 8.0)
    blk = _block(e)
    offered = {int(a) - A_SEG for a in e.legal_actions() if A_SEG <= a < A_SEG + NUM_SEG_ACTIONS}
    described = set(np.flatnonzero(blk[:, 0]).tolist())
    assert offered and offered <= described
    assert all(a >= NUM_SEG_ACTIONS // 2 for a in described)     # every one an L
    before = position([fleet("Rustfang"), fleet("Rustfang")], [ship(0, 0, 8.0, 8.0, -135.0), AWAY])
    assert not _block(before).any()


def test_only_the_seat_to_play_sees_its_segments_which_may_hang_on_a_face_down_oarsman():
    """[Placing Crew and equipment] crew and equipment stay face down until used; Oarsman: +S
    to the base move. Scarlet Heron (L+S) with Spare Oars face down has sailed L and S: her
    third segment, an S, is the oars'. Her own seat sees it offered and described; the other
    seat sees no segment at all, so it cannot learn that the oars are aboard."""
    e = position([fleet(("Scarlet Heron", [], ["Spare Oars"])), fleet("Rustfang")],
                 [ship(0, 0, 3.0, 6.0), ship(1, 0, 10.0, 7.0, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(seg(0))
    assert rec(e)["pending"] == PK_SEGMENT and rec(e)["cr_up"][0] == 0
    described = np.flatnonzero(_block(e, 0)[:, 0])
    assert len(described) and all(a < NUM_SEG_ACTIONS // 2 for a in described)   # every one an S
    assert not _block(e, 1).any()
