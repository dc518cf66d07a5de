"""Cursed Seas [Tow]: "After a ship is given a move action, if any part of her is physically
touching the bow of any derelict, she can tow that derelict as a free action. As a free
action, move the derelict so that her bow touches the stern of the towing ship. The towed
ship and any crew or treasure on that ship become part of the towing player's fleet. The
base move of the towing ship becomes S; the towed ship moves with the towing ship as a free
action. When the towing ship docks, dock the towed ship at the same island or fort as a free
action." With [Scuttling] ("If an opponent begins to tow that ship ... the scuttle attempt
fails") and [Sea Creatures] ("Nor can they ... tow"). Readings: docs/rulings.md (Tow, Tow
ends, Tow movement).

Seat 0 sails Blue Petrel (ship 0: L+S, 2 masts, hull 0.6 S) east from (4, 6); seat 1's
Rustfang (ship 6, hull 0.6 S) lies dismasted north of her course, bow pointing down at it.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envs.cursed_seas.state import (
    A_CAPT, A_NO, A_ORDER, A_SCUTTLE, A_SEG, ACT_MOVE, ACT_REPAIR, ACT_SHOOT, LOC_HOME, NUM_FAN,
    NUM_FRAC, OBS_SHIP_X, N_SHIP_X, MAX_PLAYERS, PK_CAPT, PK_GUN, PK_SEGMENT, PK_TOW, PK_TURN,
    SC_NONE, SC_SINKS, SHIP_R, TOUCH, TR_SARGASSO, TR_TRADE,
)
from envs.cursed_seas.observe import observe
from envs.cursed_seas.state import OBS_SIZE
from envs.cursed_seas.validate import check_states

from .helpers import (
    ISLANDS, fleet, gun_targets, legal, opt, order, position, rec, seg, seg_index, seg_turns, ship,
)

PETREL = "Blue Petrel"
RUST = "Rustfang"
GAP = 2 * SHIP_R + 0.5 * TOUCH          # bow point to stern point of a tow
BOW_Y = 6.0 + 2 * SHIP_R + 0.5e-3       # the derelict's bow just touches the course's hull
DERELICT = ship(1, 0, 6.5, BOW_Y + 0.6, -90.0, masts=[0, 0])
CARGO = [{"coin": 8, "at": "ship", "where": 6}]


FAR_GALE = ship(1, 1, 10.0, 6.0, 90.0)        # seat 1's Anvil Gale: she can still move


def fleets(f0=(PETREL,), f1=((RUST, ["Gunner Slag"]), "Anvil Gale")):
    return [fleet(*f0), fleet(*f1)]


def sail_to_derelict(e):
    """Seat 0's move: L straight east (her hull ends alongside the derelict's bow)."""
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_NO)                                    # and no S segment


def towed_position(extra_ships=(), **kw):
    """Ship 0 (seat 0) at (2, 4.5) heading south, 0.78 S north of her home island, towing
    ship 6 (seat 1's Rustfang, now in seat 0's fleet) in line behind her."""
    record = {"sh_owner": [0] * 6 + [0] + [1] * 5 + [2] * 6 + [3] * 6,
              "sh_tow": [6] + [-1] * 23}
    record.update(kw.pop("record", {}))
    ships = [ship(0, 0, 2.0, 4.5, -90.0), ship(1, 0, 2.0, 4.5 + 0.6 + GAP, -90.0, masts=[0, 0])]
    return position(fleets(), ships + [FAR_GALE] + list(extra_ships), record=record, **kw)


def test_tow_is_offered_after_a_move_touching_a_derelicts_bow():
    """[Tow] after her move she touches the derelict's bow: towing it is her player's
    decision (a free action), yes or no."""
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), DERELICT, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    s = rec(e)
    assert s["pending"] == PK_TOW and s["pend_ship"] == 0 and s["to_play"] == 0
    assert legal(e) == {opt(6), A_NO}
    e.step(A_NO)
    s = rec(e)
    assert s["pending"] == PK_TURN and s["sh_owner"][6] == 1 and s["sh_tow"][0] == -1


def test_towed_derelict_is_placed_bow_to_stern_and_joins_the_towing_fleet():
    """[Tow] the derelict is moved so her bow touches the tower's stern; she and her crew
    and treasure become part of the towing player's fleet (who looks at them)."""
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), DERELICT, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    e.step(opt(6))
    s = rec(e)
    assert s["sh_tow"][0] == 6 and s["sh_owner"][6] == 0
    hx, hy = s["sh_x"][0], s["sh_y"][0]
    bow6 = (s["sh_x"][6] + s["sh_len"][6] * math.cos(s["sh_h"][6]),
            s["sh_y"][6] + s["sh_len"][6] * math.sin(s["sh_h"][6]))
    assert math.hypot(bow6[0] - hx, bow6[1] - hy) <= 2 * SHIP_R + TOUCH
    assert abs(s["sh_h"][6] - s["sh_h"][0]) < 1e-9 and bow6[0] < hx   # in line astern
    assert s["co_seen"][8] & 1                        # her treasure: seat 0 looks at it
    crew = [c for c in range(24) if s["cr_ship"][c] == 6]
    assert crew and all(s["cr_seen"][c] & 1 for c in crew)
    assert check_states(e.record)[0] == []


def test_a_tangled_derelict_taken_in_tow_is_pulled_free_of_the_sargasso():
    """[Tow] "move the derelict so that her bow touches the stern of the towing ship" with
    [Sargasso Sea] (a tangled piece is freed onto the Sargasso's edge by its own action; a
    derelict can take none): nothing forbids towing a tangled derelict, and the tow moves her
    out of the weeds, so she is no longer tangled (ruling: Tow). Kept tangled, her next move
    would be spent freeing her from weeds she no longer touches, and the record would fail
    the game's own validator."""
    sx, sy = 6.5, BOW_Y + 0.6 + SHIP_R + 0.75          # a Sargasso Sea touching her stern
    terrain = {"n_terr": 1, "tr_kind": [TR_SARGASSO] + [0] * 7, "tr_x": [sx] + [0.0] * 7,
               "tr_y": [sy] + [0.0] * 7, "tr_num": [0] * 8, "tr_owner": [-1] * 8}
    derelict = dict(DERELICT, tangled=0)
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), derelict, FAR_GALE], record=terrain)
    assert rec(e)["sh_tangled"][6] == 0 and check_states(e.record)[0] == []
    sail_to_derelict(e)
    e.step(opt(6))
    s = rec(e)
    assert s["sh_tow"][0] == 6 and s["sh_tangled"][6] == -1
    assert math.hypot(s["sh_x"][6] - sx, s["sh_y"][6] - sy) > 0.75 + SHIP_R
    assert check_states(e.record)[0] == []


def test_a_pin_on_the_ship_taken_in_tow_is_released():
    """[Pin] a pin holds a ship to an enemy; [Tow] the towed ship joins the tower's fleet:
    the tower's pin on her (left from ramming her before she lost her last mast) ends, so
    no ship stays pinned to one of her own fleet."""
    from envs.cursed_seas.tow import tow

    e = position(fleets(), [ship(0, 0, 4.0, 6.0), DERELICT, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    arr = e.record.copy()
    arr["sh_pin"][0, 0] = 6                 # her pin from a ram, the derelict enemy until now
    tow(arr[0], 0, 6)
    assert arr["sh_tow"][0, 0] == 6 and arr["sh_owner"][0, 6] == 0
    assert arr["sh_pin"][0, 0] == -1


def test_a_ship_towed_away_is_no_longer_her_old_players():
    """[Tow; Actions: "you can give actions only to ships in your fleet"] the new player
    may give her a free action (here: declare her scuttled, one of her derelicts now); the
    old player can give her nothing."""
    e = towed_position(rolls=(1,))
    assert A_CAPT + 6 in legal(e)
    e.step(A_CAPT + 6)
    assert rec(e)["pending"] == PK_CAPT and opt(4) in legal(e)      # CAPT_SCUTTLE
    e.step(opt(4))
    e.step(A_NO)                                    # seat 1's turn
    assert rec(e)["to_play"] == 1
    assert not any(A_ORDER + 0 * 4 + a in legal(e) for a in range(4))
    assert A_SCUTTLE + 0 not in legal(e)


def test_the_towing_ships_base_move_becomes_s():
    """[Tow] Blue Petrel's L+S becomes S while she tows: one S segment, no L."""
    e = towed_position()
    e.step(order(0, ACT_MOVE))
    assert rec(e)["pending"] == PK_SEGMENT
    segs = {a - A_SEG for a in legal(e) if A_SEG <= a < A_SEG + 2 * NUM_FAN * NUM_FRAC}
    assert segs and all(o // (NUM_FAN * NUM_FRAC) == 0 for o in segs)      # S only
    e.step(seg(0, 90, 0.25))                            # a quarter S after turning 90 degrees
    assert rec(e)["pending"] != PK_SEGMENT          # her only segment is spent


def test_the_towed_ship_moves_with_the_towing_ship():
    """[Tow] the towed ship moves with her (turning with her, in line astern)."""
    e = towed_position()
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 45, 0.5))                            # turn +45 degrees, sail S/2
    s = rec(e)
    h = s["sh_h"][0]
    assert abs(h - (-math.pi / 4)) < 1e-9 and abs(s["sh_h"][6] - h) < 1e-12
    assert abs(s["sh_x"][0] - (2.0 + 0.5 * math.cos(h))) < 1e-9
    assert abs(s["sh_y"][0] - (4.5 + 0.5 * math.sin(h))) < 1e-9
    d = 0.6 + GAP
    assert abs(s["sh_x"][6] - (s["sh_x"][0] - d * math.cos(h))) < 1e-9
    assert abs(s["sh_y"][6] - (s["sh_y"][0] - d * math.sin(h))) < 1e-9
    assert s["sh_tow"][0] == 6 and check_states(e.record)[0] == []


def test_the_tow_turns_only_where_the_towed_ship_fits():
    """[Tow; Moving: a ship can't move through an island] turning swings the towed ship
    about the tower's stern: a turn that would put her on an island is not offered."""
    isl = ISLANDS + [{"x": 0.65, "y": 4.5, "r": 0.6, "home": -1}]
    e = towed_position(islands=isl)
    e.step(order(0, ACT_MOVE))
    fans = seg_turns(e)
    # heading south: -90 turns her west (tow swings east), +90 east (tow swings west onto
    # the island at (0.65, 4.5), which the tower's own hull turned west clears)
    assert -90.0 in fans and 90.0 not in fans


def test_the_towed_ship_docks_with_the_towing_ship_and_unloads_at_home():
    """[Tow; Unloading treasure] the tower docks at her home island: the towed ship docks
    at the same island and unloads every coin worth gold there."""
    e = towed_position(placed=[{"coin": 8, "at": "ship", "where": 6}])
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))                            # S west: stops on touching home
    s = rec(e)
    assert s["sh_dock"][0] == 0 and s["sh_dock"][6] == 0
    assert s["co_loc"][8] == LOC_HOME and s["co_at"][8] == 0
    assert check_states(e.record)[0] == []


def test_scuttle_fails_when_an_opponent_begins_to_tow_her():
    """[Scuttling] seat 1 declared the derelict scuttled (a 5: she would sink at seat 1's
    next turn); seat 0 tows her first: the attempt fails and she stays afloat."""
    sc = [0] * 24
    sc[6] = SC_SINKS
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), DERELICT, FAR_GALE], placed=CARGO,
                 record={"sh_scuttle": sc})
    sail_to_derelict(e)
    e.step(opt(6))
    assert rec(e)["sh_scuttle"][6] == SC_NONE
    e.step(A_NO)                                    # seat 1's turn begins
    s = rec(e)
    assert s["to_play"] == 1 and s["sh_live"][6] == 1


def test_the_new_player_repairs_the_towed_ship_at_home_and_the_tow_ends():
    """[Tow; Repairing] docked at her new player's home she may be given a repair action
    (chosen as a ship that joined, then the action); with a mast she is no derelict, so
    the tow ends and she moves on her own."""
    e = towed_position()
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))                            # both dock at seat 0's home
    assert A_CAPT + 6 in legal(e)
    e.step(A_CAPT + 6)
    assert rec(e)["pending"] == PK_CAPT
    assert opt(ACT_REPAIR) in legal(e) and opt(ACT_MOVE) not in legal(e)
    e.step(opt(ACT_REPAIR))
    e.step(opt(0))                                  # the mast she gets back
    s = rec(e)
    assert s["sh_masts"][6] == 1 and s["sh_tow"][0] == -1 and s["sh_owner"][6] == 0


def test_own_fleet_is_never_shot_and_the_towed_ship_is_a_target_for_her_old_fleet():
    """[Shooting: "you can't shoot at a ship in your own fleet"] after the tow the towed
    ship is seat 0's: seat 1's Anvil Gale may fire at her, and Blue Petrel, with her right
    astern within S and a clear line, may not."""
    gale = ship(1, 1, 5.0, 7.2, 0.0)
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), DERELICT, gale], placed=CARGO)
    sail_to_derelict(e)
    e.step(opt(6))
    e.step(A_NO)                                    # seat 1's turn
    e.step(order(1, ACT_SHOOT))
    assert rec(e)["pending"] == PK_GUN and any(opt(6) in t for t in gun_targets(e).values())
    while rec(e)["to_play"] == 1 and rec(e)["pending"] != PK_TURN:
        e.step(A_NO)
    e.step(A_NO)                                    # seat 0's turn
    assert rec(e)["to_play"] == 0 and order(0, ACT_SHOOT) not in legal(e)


def test_before_the_tow_her_own_fleet_may_not_fire_at_the_derelict():
    """[Shooting] the same pieces with the derelict still seat 1's and seat 1 to play:
    Anvil Gale may fire at Blue Petrel but not at her own derelict."""
    pos = [ship(0, 0, 6.0, 6.0), ship(1, 0, 6.0 - 0.6 - GAP, 6.0, 0.0, masts=[0, 0]),
           ship(1, 1, 5.0, 7.2, 0.0)]
    e = position(fleets(), pos, placed=CARGO, cur=1)
    assert rec(e)["to_play"] == 1
    e.step(order(1, ACT_SHOOT))
    assert rec(e)["pending"] == PK_GUN
    aims = set().union(*gun_targets(e).values())
    assert opt(0) in aims and opt(6) not in aims


def test_sea_creatures_cannot_tow():
    """[Sea Creatures: "Nor can they ... tow"]."""
    e = position(fleets(f0=("Gloomcoil",)), [ship(0, 0, 4.0, 6.0), DERELICT, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    assert rec(e)["pending"] != PK_TOW


def test_a_ship_with_masts_is_not_towed():
    """[Tow] "tow that derelict": a ship with a mast can't be towed."""
    d = dict(DERELICT)
    d["masts"] = [1, 0]
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), d, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    assert rec(e)["pending"] != PK_TOW


def test_touching_the_derelicts_stern_is_no_tow():
    """[Tow] she must touch the derelict's bow: touching her stern is not enough."""
    d = ship(1, 0, 6.5, BOW_Y, 90.0, masts=[0, 0])      # stern at the course, bow north
    e = position(fleets(), [ship(0, 0, 4.0, 6.0), d, FAR_GALE], placed=CARGO)
    sail_to_derelict(e)
    assert rec(e)["pending"] != PK_TOW


def test_observation_shows_which_fleet_a_ship_is_in_now():
    """[Fleets: open information; Tow] each seat sees the towed ship in seat 0's fleet."""
    e = towed_position()
    obs = np.zeros(OBS_SIZE, np.float32)
    observe(e.record[0], 1, obs)
    b = OBS_SHIP_X + (0 * 6 + 0) * N_SHIP_X          # seat 1's slot 0, seen by seat 1
    assert obs[b + 3 + 1] == 1.0 and obs[b + 3] == 0.0       # in seat 0's fleet (relative 1)
    assert obs[b + 4 + MAX_PLAYERS] == 1.0                   # in tow


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, NUM_FAN - 1), st.integers(0, NUM_FRAC - 1)),
                min_size=1, max_size=6))
def test_a_tow_never_overlaps_anything_and_stays_bow_to_stern(moves):
    """[Tow; Moving] over turns of towing moves the pair never overlaps a piece (swept
    contact for both hulls) and the towed ship's bow keeps touching the tower's stern while
    the tow lasts; every position is valid."""
    e = towed_position(islands=ISLANDS + [{"x": 5.5, "y": 4.0, "r": 0.6, "home": -1}])
    for fan, frac in moves:
        s = rec(e)
        if s["done"] or s["to_play"] != 0:
            break
        if order(0, ACT_MOVE) not in legal(e):
            break
        e.step(order(0, ACT_MOVE))
        a = seg_index(0, fan, frac)
        if a in legal(e):
            e.step(a)
        while rec(e)["to_play"] == 0 and rec(e)["pending"] != PK_TURN:
            e.step(min(legal(e)))
        assert check_states(e.record)[0] == []
        if rec(e)["to_play"] == 0:
            e.step(A_NO)
        while not rec(e)["done"] and rec(e)["to_play"] == 1:
            e.step(A_NO)


def test_a_towing_ships_trade_current_plus_s_is_sailed_before_her_oarsmans():
    """[Tow] "The base move of the towing ship becomes S"; [Trade Current] a friendly ship
    beginning her turn touching a friendly trade current "gets +S to her base move";
    [Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability". Blue Petrel, towing, with a face-down Oarsman (Navigator Quill) begins her
    turn touching her own trade current: her base S, then one more S that the current alone
    gives (the Oarsman stays face down), then the Oarsman's own S, which reveals her
    (ruling: Keywords; ruling: Tow movement)."""
    cur = {"n_terr": 1, "tr_kind": [TR_TRADE] + [0] * 7, "tr_x": [2.85] + [0.0] * 7,
           "tr_y": [4.3] + [0.0] * 7, "tr_num": [0] * 8, "tr_owner": [0] + [-1] * 7,
           "sh_owner": [0] * 6 + [0] + [1] * 5 + [2] * 6 + [3] * 6, "sh_tow": [6] + [-1] * 23}
    ships = [ship(0, 0, 2.0, 4.5, -90.0), ship(1, 0, 2.0, 4.5 + 0.6 + GAP, -90.0, masts=[0, 0]),
             FAR_GALE]
    e = position(fleets(f0=((PETREL, ["Navigator Quill"]),)), ships, record=cur)
    e.step(A_NO)
    e.step(A_NO)                        # her turn begins touching her trade current
    s = rec(e)
    assert s["to_play"] == 0 and s["sh_tow"][0] == 6 and s["sh_trade"][0] == 1
    assert s["cr_up"][0] == 0
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 90, 0.5))             # her base move, S (turned east)
    e.step(seg(0, 0, 0.5))              # one S beyond it: the current's
    s = rec(e)
    assert s["pending"] == PK_SEGMENT and s["sh_trade"][0] == 2 and s["cr_up"][0] == 0
    assert seg(0, 0, 0.5) in legal(e)   # the Oarsman's S is still hers to sail
    stop = e.clone()
    stop.step(A_NO)
    assert rec(stop)["cr_up"][0] == 0 and rec(stop)["pending"] == PK_TURN
    e.step(seg(0, 0, 0.5))
    s = rec(e)
    assert s["cr_up"][0] == 1 and s["sh_tow"][0] == 6
    assert s["sh_x"][0] == pytest.approx(3.5) and check_states(e.record)[0] == []
