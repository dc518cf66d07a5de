"""Terrain: the reef [Terrain; Reef; Shipwreck; Placing Terrain], the rules text's own
examples among them: a 3-mast ship over a reef rated 4 loses nothing, a 4-mast ship over a
reef rated 2 loses two masts; equal loses nothing; more damage than masts left wrecks her."""


import math

import pytest

import envs
from envs.cursed_seas.state import (
    A_NO, A_OPT, ACT_MOVE, GRID, PK_REEF, PK_SEGMENT, PK_TERRAIN, PK_TURN, REEF_R,
)

from .helpers import fleet, legal, opt, order, position, rec, seg

FAR = {"seat": 1, "slot": 0, "x": 9.0, "y": 4.0, "heading": 90.0}
REEF = {"n_reefs": 1, "rf_x": [5.6, 0.0, 0.0, 0.0], "rf_y": [6.0, 0.0, 0.0, 0.0]}


def over_reef(ship, rolls, masts=None, x=4.0, consort=False, new_turn=False):
    me = {"seat": 0, "slot": 0, "x": x, "y": 6.0, "heading": 0.0}
    if masts is not None:
        me["masts"] = masts
    ships = [me, FAR]
    mine = [ship]
    if consort:                        # a second ship of seat 0, far from the reef
        mine.append("Jade Lantern")
        ships.append({"seat": 0, "slot": 1, "x": 8.0, "y": 2.0, "heading": 90.0})
    e = position([fleet(*mine), fleet("Rustfang")], ships, rolls=rolls, record=REEF,
                 reefs=1)
    if new_turn:                       # a full round, so seat 0's turn begins anew
        e.step(A_NO)
        e.step(A_NO)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))               # S straight on: the segment ends on the reef
    return e


def test_reef_rated_above_a_3_mast_ship_eliminates_nothing():
    """[Reef] 'if a 3-mast ship sails over a reef with a rating of 4, no masts are
    eliminated' (Tidecaller: 3 masts)."""
    e = over_reef("Tidecaller", (4,))
    s = rec(e)
    assert s["rf_rating"][0] == 4 and s["sh_masts"][0] == 0b111
    assert s["pending"] == PK_SEGMENT          # she may sail her L segment


def test_reef_rated_2_eliminates_two_masts_of_a_4_mast_ship():
    """[Reef] 'if a 4-mast ship sails over a reef with a rating of 2, two masts are
    eliminated' (Iron Widow: 4 masts); her player picks them, then she sails on."""
    e = over_reef("Iron Widow", (2,))
    s = rec(e)
    assert s["pending"] == PK_REEF and s["pend_count"] == 2 and s["to_play"] == 0
    e.step(opt(0))
    e.step(opt(1))
    s = rec(e)
    assert s["sh_masts"][0] == 0b1100 and s["pending"] == PK_SEGMENT


def test_reef_rating_equal_to_the_masts_eliminates_nothing():
    e = over_reef("Tidecaller", (3,))
    assert rec(e)["sh_masts"][0] == 0b111


def test_more_damage_than_masts_left_wrecks_the_ship():
    """[Shipwreck] a 4-mast ship with one mast left over a reef rated 2 (two masts of
    damage) is wrecked: she stays, ends her move, takes no actions and is no target."""
    e = over_reef("Iron Widow", (2,), masts=[1, 0, 0, 0], consort=True)
    s = rec(e)
    assert s["sh_wreck"][0] == 1 and s["sh_masts"][0] == 0 and s["sh_live"][0] == 1
    assert s["pending"] == PK_TURN
    assert all(order(0, a) not in legal(e) for a in range(4))
    alone = rec(over_reef("Iron Widow", (2,), masts=[1, 0, 0, 0]))
    assert alone["done"] == 1       # a wreck can never move again [Winning the Game]


def test_each_reef_applies_once_per_move_action():
    """[Terrain] the effect applies once per move action however many segments end on it
    (Iron Widow S+S, rating 3: one mast, not two)."""
    e = over_reef("Iron Widow", (3, 1))
    e.step(opt(3))
    e.step(seg(0, 0, 0.25))               # a quarter S: still on the reef
    s = rec(e)
    assert s["sh_masts"][0] == 0b0111 and s["pending"] == PK_TURN


def test_a_ship_beginning_her_turn_on_a_reef_does_not_roll_moving_off():
    """[Reef] 'A game piece that begins its turn on a reef does not have to roll'."""
    e = over_reef("Iron Widow", (1,), x=4.9, new_turn=True)   # on the reef as her turn begins
    s = rec(e)
    assert s["rf_rating"][0] == 0 and s["sh_masts"][0] == 0b1111
    fresh = rec(over_reef("Iron Widow", (1,), x=4.0))          # sailing onto it: rated 1
    assert fresh["rf_rating"][0] == 1 and fresh["pending"] == PK_REEF


def test_reef_a_ship_that_began_on_a_reef_rolls_when_she_sails_back_onto_it():
    """[Reef] "A game piece that begins its turn on a reef does not have to roll ... when it
    moves off of the reef", and "When any part of a ship ... moves onto a reef, roll a d6":
    Iron Widow (4 masts, S+S) begins her turn touching the reef, sails a full S clear of
    it, then turns about and sails back onto it. Moving onto it is no moving off: it rolls
    (rigged 1: 3 masts of damage; ruling: Reef)."""
    me = {"seat": 0, "slot": 0, "x": 4.9, "y": 6.0, "heading": 0.0}
    e = position([fleet("Iron Widow"), fleet("Rustfang")], [me, FAR], rolls=(1, 1, 1, 1),
                 record=REEF, reefs=1)
    e.step(A_NO)
    e.step(A_NO)                        # a full round: her turn begins on the reef
    s = rec(e)
    assert s["to_play"] == 0 and s["rf_rating"][0] == 0 and s["sh_reefs"][0] == 1
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 180, 1.0))            # turn about, a full S: clear of the reef
    s = rec(e)
    assert s["pending"] == PK_SEGMENT and s["rf_rating"][0] == 0
    assert abs(5.6 - s["sh_x"][0]) - REEF_R - 0.12 > 0.5      # she has left the reef
    e.step(seg(0, 180, 1.0))            # turn about again, a full S: back onto the reef
    s = rec(e)
    assert s["rf_rating"][0] == 1 and s["pending"] == PK_REEF and s["pend_count"] == 3


def test_reefs_are_placed_in_turn_after_the_islands():
    """[Placing Terrain] terrain placed in the order islands were, after them."""
    e = envs.make_raw("cursed_seas", num_players=2, reefs=1)
    e.reset(seed=4)
    for _ in range(6):
        e.step(int(e.legal_actions()[0]))
    s = rec(e)
    assert s["pending"] == PK_TERRAIN and s["to_play"] == s["order"][0]
    e.step(int(e.legal_actions()[0]))
    assert rec(e)["to_play"] == rec(e)["order"][1]
    e.step(int(e.legal_actions()[0]))
    assert rec(e)["n_reefs"] == 2 and rec(e)["pending"] != PK_TERRAIN


def test_placing_terrain_a_reef_may_touch_a_placed_reef_but_never_overlap_it():
    """[Placing Terrain] "each piece can touch any other piece of terrain": touching, not
    overlapping - the second reef is offered no grid point where its disc would overlap the
    first reef's, and the points where the two discs just touch stay offered (ruling: Reef)."""
    e = envs.make_raw("cursed_seas", num_players=2, reefs=1)
    e.reset(seed=0)
    while rec(e)["pending"] != PK_TERRAIN:
        e.step(int(e.legal_actions()[0]))
    # a point whose east neighbour (2 REEF_R away: the discs would touch) is open too
    first = min(a for a in legal(e) if a + 1 in legal(e) and (a - A_OPT) % GRID < GRID - 1)
    e.step(first)
    s = rec(e)
    assert s["pending"] == PK_TERRAIN and s["n_reefs"] == 1 and first not in legal(e)
    w = s["cfg"]["table_w"] / GRID
    h = s["cfg"]["table_h"] / GRID
    gaps = [math.hypot(((a - A_OPT) % GRID + 0.5) * w - s["rf_x"][0],
                       ((a - A_OPT) // GRID + 0.5) * h - s["rf_y"][0]) - 2.0 * REEF_R
            for a in legal(e)]
    assert min(gaps) == pytest.approx(0.0, abs=1e-9)       # touching is allowed
    assert first + 1 in legal(e)
