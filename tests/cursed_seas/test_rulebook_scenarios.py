"""Cursed Seas rule tests: one position per rule, the outcome derived from the rules text
(section in each test name / docstring). Dice are rigged through the record's rng."""

import math

import pytest

from envs.cursed_seas.labels import action_label
from envs.cursed_seas.validate import check_states
from envs.cursed_seas.state import (
    A_NO, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_REPAIR, ACT_SHOOT, LOC_GONE, LOC_HOME,
    LOC_ISLAND, LOC_SHIP, PK_BOARD, PK_BOARD_COIN, PK_BOARD_CREW, PK_BOARD_WIN, PK_EXPLORE,
    PK_GUN, PK_MAST, PK_REPAIR, PK_SEGMENT, PK_TURN, SHIP_R,
)

from .helpers import ISLANDS, STOP, fleet, gun_targets, guns, legal, opt, order, position, rec, seg, ship
from .test_hidden import redealt

# Blue Petrel: azure, 2 masts ["3S", "5S"], L+S, cargo 3, 8 points, hull 0.6
PETREL = "Blue Petrel"
# Rustfang: iron, 2 masts ["3S", "5S"], L, cargo 5
RUST = "Rustfang"


def two(f0=(PETREL,), f1=(RUST,)):
    return [fleet(*f0), fleet(*f1)]


FAR = ship(1, 0, 9.0, 5.0, 90.0)       # seat 1's ship, out of the way


# ----- Moving --------------------------------------------------------------------------------
def test_moving_stops_on_touching_an_island_and_docks():
    """[Moving] a ship touching an island must stop, even with movement left; [Docking]
    touching a wild island docks her there."""
    e = position(two(), [ship(0, 0, 3.5, 2.0), FAR])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                 # a whole L straight on: 2 S, the island is 0.78 away
    s = rec(e)
    gap = 6.0 - 1.0 - SHIP_R - (3.5 + 0.6)
    assert s["sh_x"][0] == pytest.approx(3.5 + gap, abs=1e-6)
    assert s["sh_dock"][0] == 2
    assert s["pending"] == PK_TURN       # the S segment is lost: she stopped


def test_moving_segments_in_either_order_turning_only_between_them():
    """[Moving] an L+S ship may sail S first, then L; each segment may turn first."""
    e = position(two(), [ship(0, 0, 4.0, 5.0, 90.0), FAR])
    e.step(order(0, ACT_MOVE))
    assert {seg(0), seg(1)} <= legal(e)
    e.step(seg(0))                 # S north
    assert seg(0) not in legal(e)  # the S segment is used
    e.step(seg(1, 90, 0.5))                 # turn 90 right-hand (+90 deg), half an L
    s = rec(e)
    assert s["sh_y"][0] == pytest.approx(6.0)
    assert s["sh_x"][0] == pytest.approx(4.0 - 1.0, abs=1e-9)   # heading 180 deg after +90
    assert s["pending"] == PK_TURN


def test_moving_cannot_pass_through_a_ship():
    """[Moving] a ship can't move through another ship: she stops touching it."""
    e = position(two(), [ship(0, 0, 4.0, 6.0, 0.0), ship(1, 0, 5.5, 5.7, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    # bow reaches x = 5.5 - 2 * SHIP_R: the hulls touch
    assert s["sh_x"][0] + 0.6 == pytest.approx(5.5 - 2 * SHIP_R, abs=1e-6)


def test_moving_a_turn_cannot_swing_the_hull_through_a_ship():
    """[Moving] "A ship can't move through any island or another ship": turning +90 about
    her stern, Lady Marrow's hull (0.9 long) would sweep through Rustfang lying at 45 degrees
    0.4 from her stern, although the hulls are clear of each other at the end of the turn;
    the turn is not offered [ruling: Movement grammar]. Turning -90, away from her, is."""
    c = math.cos(math.radians(45))
    a = {"seat": 0, "slot": 0, "x": 4.0, "y": 6.0, "heading": 0.0}
    b = {"seat": 1, "slot": 0, "x": 4.0 + 0.4 * c, "y": 6.0 + 0.4 * c, "heading": 45.0}
    e = position([fleet("Lady Marrow"), fleet("Rustfang")], [a, b])
    e.step(order(0, ACT_MOVE))
    s = rec(e)
    # at the end of the +90 turn Rustfang's nearest point, her stern, is 0.4 x cos 45 from
    # Lady Marrow's hull: more than two half-widths, so only the sweep is in the way
    assert 0.4 * c > 2 * SHIP_R and s["sh_len"][0] == pytest.approx(0.9)
    assert seg(0, 90, 0.25) not in legal(e)
    assert seg(0, -90, 0.25) in legal(e)


def test_derelict_cannot_be_given_a_move_action():
    """[Derelict] a ship with no masts can't move; explore or repair only."""
    e = position(two(), [ship(0, 0, 4.0, 6.0, 0.0, masts=[0, 0]), FAR])
    assert order(0, ACT_MOVE) not in legal(e)
    assert order(0, ACT_SHOOT) not in legal(e)


def test_actions_one_per_ship_per_turn():
    """[Actions] one of the four actions to each ship; then only end the turn."""
    e = position(two(), [ship(0, 0, 4.0, 6.0, 0.0), FAR])
    e.step(order(0, ACT_MOVE))
    e.step(STOP)
    assert legal(e) == {A_NO}


def test_captain_gives_a_second_action_but_never_a_third():
    """[Actions: Multiple actions] a Captain (our keyword: shoot after a move) gives a
    second non-free action; never more than two."""
    f0 = [("Saltglass", ["Captain Ysolde"])]      # azure, 3 masts 4S 4L 3L, S+S+S
    e = position(two(f0), [ship(0, 0, 4.0, 6.0, 0.0), ship(1, 0, 6.0, 6.8, 0.0)])
    e.step(order(0, ACT_MOVE))
    e.step(STOP)
    assert order(0, ACT_SHOOT) in legal(e)
    e.step(order(0, ACT_SHOOT))
    e.step(A_NO)                                # no cannon fires
    assert legal(e) == {A_NO}
    assert rec(e)["sh_acts"][0] == 2


# ----- Docking / unloading -------------------------------------------------------------------
def test_docking_at_home_unloads_every_coin_worth_gold():
    """[Unloading treasure] docking at your home island unloads all treasure worth gold."""
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 5, "at": "ship", "where": 0}]
    e = position(two(), [ship(0, 0, 4.5, 2.0, 180.0), FAR], placed=coins)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_dock"][0] == 0
    assert list(s["co_loc"][[0, 5]]) == [LOC_HOME, LOC_HOME]
    assert int(s["co_val"][[0, 5]].sum()) == 1 + 5  # copper and doubloon (DEFAULT_COINS)


def test_cannot_dock_at_an_opponents_home_island():
    """[Docking] you can't dock at an opponent's home island: she stops, undocked."""
    e = position(two(), [ship(0, 0, 7.0, 10.0, 0.0), FAR])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_x"][0] + 0.6 == pytest.approx(9.0 - SHIP_R, abs=1e-6)
    assert s["sh_dock"][0] == -1


# ----- Exploring ------------------------------------------------------------------------------
def test_explore_needs_the_ship_to_begin_the_turn_docked():
    """[Exploring] only a ship that began the turn docked at a wild island explores."""
    coins = [{"coin": 2, "at": "island", "where": 2}]
    e = position(two(), [ship(0, 0, 3.5, 2.0), FAR], placed=coins)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                # docks at island 2 this turn
    assert order(0, ACT_EXPLORE) not in legal(e)
    e2 = position(two(), [ship(0, 0, 4.28, 2.0, dock=2), FAR], placed=coins)
    assert order(0, ACT_EXPLORE) in legal(e2)


def test_explore_takes_coins_within_cargo_and_looks_at_all():
    """[Exploring] look at all the treasure, take as much as cargo allows (Petrel: 3)."""
    coins = [{"coin": c, "at": "island", "where": 2} for c in (0, 1, 2, 3)]
    e = position(two(), [ship(0, 0, 4.28, 2.0, dock=2), FAR], placed=coins)
    e.step(order(0, ACT_EXPLORE))
    s = rec(e)
    assert s["pending"] == PK_EXPLORE
    assert all((int(s["co_seen"][c]) & 1) for c in (0, 1, 2, 3))
    for c in (0, 1, 2):
        e.step(opt(c))
    s = rec(e)
    # cargo full: nothing more to take; she is still asked while a coin lies there, "stop"
    # alone legal (her cargo room is hidden: ruling Face-down pieces in actions)
    assert s["pending"] == PK_EXPLORE and legal(e) == {A_NO}
    e.step(A_NO)
    s = rec(e)
    assert s["pending"] == PK_TURN
    assert list(s["co_loc"][[0, 1, 2, 3]]) == [LOC_SHIP] * 3 + [LOC_ISLAND]


def test_unique_treasure_is_taken_first_face_up_without_cargo():
    """[Exploring] unique treasure must be taken by the first to explore, face up, and
    takes no cargo space."""
    coins = [{"coin": 4, "at": "island", "where": 2}, {"coin": 0, "at": "island", "where": 2}]
    e = position(two(), [ship(0, 0, 4.28, 2.0, dock=2), FAR], placed=coins,
                 **{"coins": ["copper", "copper", "silver", "silver", "Cursed Idol", "gold"]})
    e.step(order(0, ACT_EXPLORE))
    s = rec(e)
    assert s["co_loc"][4] == LOC_SHIP and s["co_up"][4] == 1 and s["co_val"][4] == 0
    assert opt(0) in legal(e)


def test_leaving_an_explored_island_leaves_a_token_and_free_explore_on_return():
    """[Exploring] leaving a wild island you explored marks it; docking again at an island
    with your token, you explore it as a free action."""
    coins = [{"coin": 0, "at": "island", "where": 2}, {"coin": 1, "at": "island", "where": 2}]
    e = position(two(), [ship(0, 0, 4.28, 2.0, dock=2), FAR], placed=coins)
    e.step(order(0, ACT_EXPLORE))
    e.step(A_NO)                                 # takes nothing
    e.step(A_NO)                                 # end turn
    e.step(A_NO)                                 # seat 1 ends the turn
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, -90, 0.5))                         # turn -90, sail half S: away from island 2
    assert rec(e)["pending"] == PK_SEGMENT
    e.step(STOP)                                 # the L segment is not sailed
    s = rec(e)
    assert s["isl_token"][2] & 1 and s["sh_dock"][0] == -1
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 90))                         # turn back +90 and sail into the island
    assert rec(e)["pending"] == PK_EXPLORE       # the free explore


# ----- Shooting ---------------------------------------------------------------------------------
# Petrel at (4, 6) heading 0: masts at x = 4.2 (3S) and 4.4 (5S); Rustfang abeam, 0.8 S off
TARGET = ship(1, 0, 4.0, 6.8, 0.0)


def test_shot_of_at_least_the_rank_hits_and_removes_a_mast():
    """[Shooting] (ruling: Cannon hits) mast 3S rolls 3: a hit; the shooter picks the mast
    lost."""
    e = position(two(), [ship(0, 0, 4.0, 6.0), TARGET], rolls=(3,))
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    assert rec(e)["pend_mast"] == 0 and opt(6) in legal(e)
    e.step(opt(6))
    assert rec(e)["pending"] == PK_MAST
    e.step(opt(1))
    assert rec(e)["sh_masts"][6] == 0b01


def test_shot_below_the_rank_misses():
    """[Shooting] mast 3S rolls 2: a miss."""
    e = position(two(), [ship(0, 0, 4.0, 6.0), TARGET], rolls=(2,))
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    e.step(opt(6))
    assert rec(e)["pending"] == PK_GUN and guns(e) == {1}
    assert rec(e)["sh_masts"][6] == 0b11


def test_a_roll_of_1_always_misses_even_with_a_bonus():
    """[Shooting; Concepts] a roll of 1 always misses - even a Cannoneer's 1 + 1 against a
    rank 2 mast."""
    f0 = [("Jade Monsoon", ["Gunner Hsu"])]    # jade, masts 2S 5L 5S 5L, cannoneer
    e = position(two(f0), [ship(0, 0, 4.0, 6.0), TARGET], rolls=(1,))
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    e.step(opt(6))
    assert rec(e)["pending"] == PK_GUN and 0 not in guns(e)   # missed: the others left
    assert rec(e)["sh_masts"][6] == 0b11
    f1 = position(two(f0), [ship(0, 0, 4.0, 6.0), TARGET], rolls=(2,))
    f1.step(order(0, ACT_SHOOT))
    f1.step(opt(0))
    f1.step(opt(6))
    assert rec(f1)["pending"] == PK_MAST        # 2 (+1) hits rank 2
    assert rec(f1)["cr_up"][0] == 1             # the Cannoneer was revealed to use it


def test_range_s_cannot_reach_past_s():
    """[Shooting] an S mast reaches S: a ship 1.6 S away is out of range."""
    e = position(two(), [ship(0, 0, 4.0, 6.0), ship(1, 0, 6.2, 5.7, 90.0)])
    assert order(0, ACT_SHOOT) not in legal(e)


def test_line_of_fire_blocked_by_an_island():
    """[Shooting] a line of fire crossing an island can't be drawn. Saltglass (masts 4S 4L
    3L) and Rustfang 1.6 S apart: in L range; an island between them blocks every line."""
    from .helpers import ISLANDS
    pos = [ship(0, 0, 4.0, 6.0), ship(1, 0, 4.0, 7.6, 0.0)]
    clear = position(two(("Saltglass",)), pos)
    assert order(0, ACT_SHOOT) in legal(clear)
    blocked = position(two(("Saltglass",)), pos,
                       islands=ISLANDS + [{"x": 4.3, "y": 6.8, "r": 0.5, "home": -1}])
    assert order(0, ACT_SHOOT) not in legal(blocked)


def test_line_of_fire_blocked_by_another_ship():
    """[Shooting] lines crossing ships other than the target are blocked."""
    f1 = [RUST, "Anvil Gale"]
    pos = [ship(0, 0, 4.0, 6.0), ship(1, 0, 4.0, 7.6, 0.0)]
    e = position(two(("Saltglass",), f1), pos + [ship(1, 1, 3.9, 6.8, 0.0)])
    e.step(order(0, ACT_SHOOT))
    aims = gun_targets(e)                       # mast 0 (S) reaches neither
    assert not any(opt(6) in t for t in aims.values()) and any(opt(7) in t for t in aims.values())
    e2 = position(two(("Saltglass",), f1), pos + [ship(1, 1, 9.0, 3.0, 90.0)])
    e2.step(order(0, ACT_SHOOT))
    assert any(opt(6) in t for t in gun_targets(e2).values())


def test_no_shots_at_own_fleet_or_ships_docked_at_their_home():
    """[Shooting] you can't shoot a ship of your own fleet or one docked at her home."""
    f0 = [PETREL, "Jade Lantern"]
    e = position(two(f0), [ship(0, 0, 4.0, 6.0), ship(0, 1, 5.0, 5.6, 90.0), FAR])
    assert order(0, ACT_SHOOT) not in legal(e)
    shooter = ship(0, 0, 10.3, 7.9, 180.0)
    docked = ship(1, 0, 10.0, 8.28, 90.0, dock=1)   # bow touching home island 1
    e2 = position(two(), [shooter, docked])
    assert order(0, ACT_SHOOT) not in legal(e2)
    e3 = position(two(), [shooter, {**docked, "dock": -1}])
    assert order(0, ACT_SHOOT) in legal(e3)


# Blue Petrel docked bow-on (heading 180) at her home island 0, (2, 2) radius 1
_HOME_STERN_X = 2.0 + 1.0 + SHIP_R + 0.6 + 1e-4


def test_docking_a_ship_turned_in_place_clear_of_her_island_is_docked_no_more():
    """[Docking] "a ship docked at (touching) an island": Blue Petrel turns +90 about her
    stern, which swings her hull 0.6 S clear of her home island, and her consort dead
    ahead stops the segment at once (travel 0). She touches the island no more, so she is
    not docked at it, and [Shooting] "you can't shoot at ships docked at their home
    islands" no longer shields her: Rustfang may fire at her."""
    me = ship(0, 0, _HOME_STERN_X, 2.0, 180.0, dock=0)
    consort = ship(0, 1, _HOME_STERN_X - 0.3, 2.0 - 0.6 - 2 * SHIP_R, 0.0)
    enemy = ship(1, 0, _HOME_STERN_X + 0.78, 1.5, 90.0)
    e = position([fleet(PETREL, "Jade Lantern"), fleet(RUST)], [me, consort, enemy])
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 90, 1 / 8))          # heading 270, then stopped at once by her consort
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(_HOME_STERN_X) and s["sh_y"][0] == pytest.approx(2.0)
    assert s["pending"] == PK_TURN
    assert s["sh_dock"][0] == -1
    e.step(STOP)                       # seat 0's turn ends
    e.step(order(0, ACT_SHOOT))
    assert all(0 in targets for targets in gun_targets(e).values())


def test_docking_a_ship_turned_in_place_onto_another_island_docks_there():
    """[Docking] a ship touching an island is docked at it: Blue Petrel, docked at her home
    island, turns +90 about her stern and her bow comes to touch wild island 2 (travel 0:
    the island is dead ahead). She has left home and is docked at island 2."""
    isl = [dict(d) for d in ISLANDS]
    isl[2] = {"x": _HOME_STERN_X, "y": 2.0 - 0.6 - SHIP_R - 0.5, "r": 0.5, "home": -1}
    e = position([fleet(PETREL), fleet(RUST)], [ship(0, 0, _HOME_STERN_X, 2.0, 180.0, dock=0),
                                                FAR], islands=isl)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 90, 1 / 8))
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(_HOME_STERN_X) and s["sh_y"][0] == pytest.approx(2.0)
    assert s["sh_dock"][0] == 2


def test_hit_on_a_ship_without_masts_sinks_her_with_everything_aboard():
    """[Sinking a ship] a hit on a ship with no masts sinks her; crew, treasure go."""
    f1 = [("Anvil Gale", ["Boarding Chief Krell"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two((PETREL,), f1), [ship(0, 0, 4.0, 6.0),
                                      ship(1, 0, 4.0, 6.8, 0.0, masts=[0, 0, 0])],
                 placed=coins, rolls=(6,))
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    e.step(opt(6))
    s = rec(e)
    assert s["sh_live"][6] == 0 and s["co_loc"][8] == LOC_GONE and s["cr_ship"][6] == -1


# ----- Repairing -------------------------------------------------------------------------------
def test_repair_only_docked_at_home():
    """[Repairing] a ship docked at her home island repairs one mast; at sea she can't."""
    at_home = ship(0, 0, 3.12 + 0.6, 2.0, 180.0, masts=[0, 1], dock=0)
    e = position(two(), [at_home, FAR])
    e.step(order(0, ACT_REPAIR))
    assert rec(e)["pending"] == PK_REPAIR and legal(e) == {opt(0)}
    e.step(opt(0))
    assert rec(e)["sh_masts"][0] == 0b11
    e2 = position(two(), [ship(0, 0, 4.0, 6.0, masts=[0, 1]), FAR])
    assert order(0, ACT_REPAIR) not in legal(e2)


def test_shipwright_repairs_at_sea_and_is_revealed():
    """Keyword Shipwright (our design): repair anywhere; a crew is revealed to use it
    [Placing Crew and equipment]."""
    f0 = [("Tidecaller", ["Shipwright Oda"])]
    e = position(two(f0), [ship(0, 0, 4.0, 6.0, masts=[1, 0, 1]), FAR])
    e.step(order(0, ACT_REPAIR))
    e.step(opt(1))
    assert rec(e)["sh_masts"][0] == 0b111 and rec(e)["cr_up"][0] == 1


def test_shipwright_is_revealed_as_the_repair_at_sea_is_given():
    """[Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability": repairing at sea is the Shipwright's ability, used as the repair action is given,
    so she is face up before her player picks the mast (as a Captain turns up when the second
    action is given). Every seat saw the action given, so no re-deal for seat 1 may move her:
    face up, she is not re-dealt, and each re-deal passes the validator; a record asking the
    mast with her face down is refused by name."""
    f0 = [("Tidecaller", ["Shipwright Oda"]), ("Blue Petrel", ["Smuggler Nix"])]
    e = position(two(f0), [ship(0, 0, 4.0, 6.0, masts=[1, 0, 1]), ship(0, 1, 4.0, 8.0), FAR])
    e.step(order(0, ACT_REPAIR))
    s = rec(e)
    assert s["pending"] == PK_REPAIR and s["cr_up"][0] == 1 and s["cr_up"][1] == 0
    for key in range(32):
        assert redealt(e.record, 1, key)["cr_ship"][0, 0] == 0
    hidden = e.record.copy()
    hidden["cr_up"][0, 0] = 0
    assert any("without a face-up Shipwright" in m for m in check_states(hidden)[0])


def test_foreign_crew_cannot_use_its_ability():
    """[Placing Crew and equipment] crew of another nation can't use its ability."""
    f0 = [("Golden Abacus", ["Shipwright Oda"])]     # gilded ship, azure crew
    e = position(two(f0), [ship(0, 0, 4.0, 6.0, masts=[1, 0]), FAR])
    assert order(0, ACT_REPAIR) not in legal(e)


# ----- Ram, pin, board ------------------------------------------------------------------------------
def test_ram_pins_the_rammer_and_offers_boarding_mover_first():
    """[Ram; Pin; Board] bow touching an enemy after a move: she rams and is pinned; the
    player whose turn it is decides first whether to board, then the other player."""
    e = position(two(), [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_pin"][0] == 6 and s["pending"] == PK_BOARD and s["to_play"] == 0
    e.step(A_NO)
    assert rec(e)["to_play"] == 1 and rec(e)["pending"] == PK_BOARD
    e.step(A_NO)
    assert rec(e)["pending"] == PK_TURN
    e.step(A_NO)
    e.step(A_NO)
    assert order(0, ACT_MOVE) not in legal(e)   # pinned while the rammed ship stays


def test_boarding_winner_takes_treasure_loser_picks_crew():
    """[Board] d6 + masts each; the higher total eliminates a crew (the loser picks which)
    or takes a treasure (the winner picks after looking)."""
    f1 = [("Anvil Gale", ["Boarding Chief Krell"])]    # 3 masts, boarder +1
    coins = [{"coin": 8, "at": "ship", "where": 6}, {"coin": 9, "at": "ship", "where": 6}]
    pos = [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)]
    # rammer: 6 + 2 masts = 8; rammed: 1 + 3 + 1 = 5
    e = position(two((PETREL,), f1), pos, placed=coins, rolls=(6, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)
    s = rec(e)
    assert list(s["board_roll"]) == [8, 5] and s["pending"] == PK_BOARD_WIN
    assert legal(e) == {A_YES, A_NO, opt(0)}
    e.step(A_NO)                                # take a treasure
    assert rec(e)["pending"] == PK_BOARD_COIN and rec(e)["co_seen"][9] & 1
    e.step(opt(9))
    assert rec(e)["co_loc"][9] == LOC_SHIP and rec(e)["co_at"][9] == 0
    e2 = position(two((PETREL,), f1), pos, placed=coins, rolls=(6, 1))
    e2.step(order(0, ACT_MOVE))
    e2.step(seg(1))
    e2.step(A_YES)
    e2.step(A_YES)                              # eliminate a crew: the loser picks
    assert rec(e2)["pending"] == PK_BOARD_CREW and rec(e2)["to_play"] == 1
    e2.step(opt(6))
    assert rec(e2)["cr_ship"][6] == -1


def test_board_the_winner_may_take_nothing():
    """[Board] "The player with the highest total can eliminate one crew on, or take one
    treasure from, the other ship": can, not must - the winner may also take nothing
    (option 0 of the decision); the boarding party ends with both ships as they were and
    no look at the loser's treasure (ruling: Boarding)."""
    f1 = [("Anvil Gale", ["Boarding Chief Krell"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two((PETREL,), f1), [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)],
                 placed=coins, rolls=(6, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)                               # 6 + 2 against 1 + 3 + 1: seat 0 wins
    s = rec(e)
    assert s["pending"] == PK_BOARD_WIN and s["to_play"] == 0 and opt(0) in legal(e)
    assert action_label(s, opt(0)) == "take nothing"
    e.step(opt(0))
    s = rec(e)
    assert s["pending"] == PK_TURN and s["to_play"] == 0
    assert s["cr_ship"][6] == 6 and s["co_loc"][8] == LOC_SHIP and s["co_at"][8] == 6
    assert not s["co_seen"][8] & 1


@pytest.mark.parametrize("tie, expect", [("none", PK_TURN), ("reroll", PK_BOARD_WIN)])
def test_boarding_tie_config(tie, expect):
    """[Board] (ruling: Boarding ties) equal totals: nothing, or re-roll (config)."""
    f1 = [("Jade Lantern", [])]         # 2 masts like the Petrel
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two((PETREL,), f1), [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)],
                 placed=coins, rolls=(3, 3, 5, 1), board_tie=tie)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)
    assert rec(e)["pending"] == expect


# ----- Winning the game ---------------------------------------------------------------------------
def test_game_ends_when_all_gold_is_unloaded_and_most_gold_wins():
    """[Winning the Game] the last gold unloaded ends the game; the most gold wins."""
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 10, "at": "home", "where": 1}]
    e = position(two(), [ship(0, 0, 4.5, 2.0, 180.0), FAR], placed=coins, keep_gold=False)
    e.step(order(0, ACT_MOVE))
    assert not rec(e)["done"]
    e.step(seg(1))
    s = rec(e)
    # seat 0 unloads its copper (1 gold); seat 1 has a silver (2) at home
    assert s["done"] == 1 and s["winner_mask"] == 0b10
    assert list(s["reward"][:2]) == [-1.0, 1.0]


def test_game_ends_when_only_one_player_can_still_move():
    """[Winning the Game] only one player able to give future move actions ends it."""
    coins = [{"coin": 0, "at": "island", "where": 2}, {"coin": 8, "at": "home", "where": 1}]
    e = position(two(), [ship(0, 0, 4.0, 6.0), {**TARGET, "masts": [1, 0]}],
                 placed=coins, rolls=(6,), keep_gold=False)
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    e.step(opt(6))
    e.step(opt(0))                  # seat 1's last mast: a derelict at sea, no way to move
    s = rec(e)                      # it ends at once: mast 1 never fires (ruling: End timing)
    assert s["done"] == 1 and s["winner_mask"] == 0b10     # 0 gold against 1


@pytest.mark.parametrize("tb, winner", [(["masts"], 0b01), (["points"], 0b10), ([], 0)])
def test_tie_breakers_are_config_options(tb, winner):
    """[Winning the Game] (ruling: Tie-breakers) equal gold: the agreed tie-breakers in
    order; none agreed: a draw."""
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 8, "at": "home", "where": 1}]
    e = position(two(), [ship(0, 0, 4.5, 2.0, 180.0), ship(1, 0, 9.0, 5.0, 90.0, masts=[1, 0])],
                 placed=coins, tiebreak=tb, keep_gold=False)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["done"] == 1 and s["winner_mask"] == winner
