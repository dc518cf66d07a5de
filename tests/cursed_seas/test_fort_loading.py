"""Cursed Seas [Forts: Treasure]: "You may use a ship to load treasure from a fort and move it
to another fort or to your home island, but a fort must always have a number of gold points
inside of it equal to or greater than its gold point cost." Readings: docs/rulings.md
(Loading from a fort). Seat 0 owns Fort Brimstone (fort 0, cost 4) standing on wild island 2
at (6, 2); seat 0's coins 0-5 are worth 1, 1, 2, 2, 3, 5 gold."""

from envs.cursed_seas.state import (
    A_LOAD, A_NO, ACT_MOVE, LOC_FORT, LOC_HOME, LOC_SHIP, PK_LOAD, PK_TURN,
)
from envs.cursed_seas.validate import check_states

from .helpers import fleet, legal, opt, order, position, rec, seg
from .test_forts import DOCKED2, FAR, FORTS, forts_record, game

FORT0 = [(0, 2, 0b11)]
INSIDE = [{"coin": 2, "at": "fort", "where": 0}, {"coin": 4, "at": "fort", "where": 0},
          {"coin": 5, "at": "fort", "where": 0}]          # 2 + 3 + 5 = 10 gold, cost 4


def test_a_ship_docked_at_her_fort_loads_treasure_keeping_the_forts_cost_inside():
    """[Forts: Treasure] a free action, one decision per coin: any coin may leave while
    the gold left is at least the cost (10 - 2 = 8, then 8 - 3 = 5 >= 4, but 8 - 5 < 4)."""
    e = game([DOCKED2, FAR], INSIDE, forts_record(FORT0))
    assert A_LOAD + 0 in legal(e)
    e.step(A_LOAD + 0)
    assert rec(e)["pending"] == PK_LOAD
    assert legal(e) == {opt(2), opt(4), opt(5)}      # choosing to load meant one coin
    e.step(opt(2))
    s = rec(e)
    assert s["co_loc"][2] == LOC_SHIP and s["co_at"][2] == 0 and s["sh_acts"][0] == 0
    assert legal(e) == {opt(4), A_NO}            # 5 gold would leave 3 < 4
    e.step(opt(4))
    s = rec(e)
    # 5 gold left: nothing more may go, yet she is asked (the gold inside is hidden from
    # the other seats, who see the question; ruling: Loading from a fort)
    assert s["pending"] == PK_LOAD and legal(e) == {A_NO}
    e.step(A_NO)
    s = rec(e)
    assert s["pending"] == PK_TURN
    assert s["co_loc"][5] == LOC_FORT and check_states(e.record)[0] == []


def test_loading_stops_at_the_ships_cargo_limit():
    """[Exploring: cargo capacity; Forts: Treasure] Blue Petrel carries 3: with two coins
    aboard she loads one more, though the fort could spare another."""
    aboard = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 1, "at": "ship", "where": 0}]
    e = game([DOCKED2, FAR], INSIDE + aboard, forts_record(FORT0))
    e.step(A_LOAD + 0)
    e.step(opt(2))
    assert rec(e)["pending"] == PK_LOAD and legal(e) == {A_NO}     # her hold is full
    e.step(A_NO)
    assert rec(e)["pending"] == PK_TURN and A_LOAD + 0 not in legal(e)


def test_no_loading_without_surplus_gold_over_the_cost():
    """[Forts: Treasure] a fort holding exactly its cost (3 + 1 = 4) lets nothing go."""
    inside = [{"coin": 4, "at": "fort", "where": 0}, {"coin": 0, "at": "fort", "where": 0}]
    e = game([DOCKED2, FAR], inside, forts_record(FORT0))
    assert A_LOAD + 0 not in legal(e)


def test_no_loading_from_a_fort_she_is_not_docked_at():
    """[Forts: Treasure] only a ship docked at the fort loads from it."""
    at_sea = {"seat": 0, "slot": 0, "x": 3.5, "y": 5.0, "heading": 0.0}
    e = game([at_sea, FAR], INSIDE, forts_record(FORT0))
    assert A_LOAD + 0 not in legal(e)


def test_sea_creatures_load_no_treasure_from_a_fort():
    """[Sea Creatures: "Nor can they ... load treasure"] a face-up unique coin needs no
    cargo space: Blue Petrel may load it from her fort, a sea creature docked there may
    not."""
    coins = ["copper", "copper", "silver", "silver", "gold", "Cursed Idol"]
    up = [0] * 32
    up[5] = 1
    rec_ = forts_record(FORT0, co_up=up)
    e = position([fleet("Blue Petrel"), fleet("Rustfang")], [DOCKED2, FAR], placed=INSIDE,
                 record=rec_, forts=FORTS, coins=coins)
    assert A_LOAD + 0 in legal(e)
    coil = dict(DOCKED2, x=6.0 - 1.0 - 0.12 - 0.7 - 1e-4)       # 3 segments: hull 0.7 S
    e = position([fleet("Gloomcoil"), fleet("Rustfang")], [coil, FAR], placed=INSIDE,
                 record=rec_, forts=FORTS, coins=coins)
    assert A_LOAD + 0 not in legal(e)


def test_treasure_loaded_from_a_fort_is_unloaded_at_home():
    """[Forts: Treasure; Unloading treasure] the coin carried from the fort to her home
    island is unloaded there and counts as home gold."""
    west = {"seat": 0, "slot": 0, "x": 6.0 - 1.0 - 0.12 - 1e-4, "y": 2.0, "heading": 180.0,
            "dock": 2}                            # stern touching island 2, bow to home
    e = game([west, FAR], INSIDE, forts_record(FORT0))
    e.step(A_LOAD + 0)
    e.step(opt(5))                                # the doubloon: 5 of 10 stay, cost 4
    e.step(A_NO)                                  # no more
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                          # L west: docks at home (island 0)
    s = rec(e)
    assert s["sh_dock"][0] == 0 and s["co_loc"][5] == LOC_HOME and s["co_at"][5] == 0
