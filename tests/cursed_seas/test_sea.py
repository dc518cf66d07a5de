"""Cursed Seas exploring at sea [Exploring]: "you can also explore any allied ship or
derelict that your ship touches, which allows you to transfer crew and treasure between
ships while at sea"; [Shipwreck] "wrecks can be explored". Readings: docs/rulings.md
(Exploring at sea)."""

from envs.cursed_seas.state import (
    A_NO, A_SEA, ACT_MOVE, LOC_SHIP, PK_SEA_SWAP, PK_SEA_WITH, PK_TURN, SEA_CREW,
)

from .helpers import fleet, legal, opt, order, position, rec, ship


# two hulls side by side, 2 x 0.12 S apart: touching
A = ship(0, 0, 4.0, 6.0)
B = ship(0, 1, 4.0, 6.24)
FAR = ship(1, 0, 9.0, 5.0, 90.0)


def swaps(e):
    return {a - opt(0) for a in legal(e) if a < opt(SEA_CREW + 24)}


def test_explore_an_allied_ship_at_sea_moves_treasure_and_crew_both_ways():
    """[Exploring] two ships of one fleet touching at sea: coins cross either way within
    cargo limits, and a crew too; it is the ship's explore action (one non-free action
    [Actions])."""
    f = [fleet("Blue Petrel", ("Jade Lantern", ["Captain Lin"])), fleet("Rustfang")]
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 1, "at": "ship", "where": 1}]
    e = position(f, [A, B, FAR], placed=coins)
    assert A_SEA + 0 in legal(e) and A_SEA + 1 in legal(e)
    e.step(A_SEA + 0)
    assert rec(e)["pending"] == PK_SEA_WITH and legal(e) == {opt(1)}
    e.step(opt(1))
    assert rec(e)["pending"] == PK_SEA_SWAP
    # the Lantern (cargo 2) is full with Lin and coin 1: coin 0 can't cross yet
    assert swaps(e) == {1, SEA_CREW + 0}
    e.step(opt(1))                                   # coin 1: Lantern -> Petrel
    s = rec(e)
    assert s["co_loc"][1] == LOC_SHIP and s["co_at"][1] == 0
    assert swaps(e) == {0, SEA_CREW + 0}             # once per explore; room for coin 0
    e.step(opt(SEA_CREW + 0))                        # Captain Lin -> Petrel
    assert rec(e)["cr_ship"][0] == 0
    e.step(A_NO)
    s = rec(e)
    assert s["pending"] == PK_TURN and s["sh_acts"][0] == 1
    assert order(0, ACT_MOVE) not in legal(e)        # no second action without a keyword


def test_take_from_an_enemy_derelict_but_put_nothing_aboard():
    """[Exploring] "any ... derelict that your ship touches": seat 0 looks at and takes
    the derelict's treasure; her own coin can't be given to another fleet's ship."""
    f = [fleet("Blue Petrel"), fleet("Rustfang", "Anvil Gale")]
    wreckless = ship(1, 1, 4.0, 6.24, masts=[0, 0, 0])
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 8, "at": "ship", "where": 7}]
    e = position(f, [A, wreckless, FAR], placed=coins)
    e.step(A_SEA + 0)
    e.step(opt(7))
    assert rec(e)["co_seen"][8] & 1                  # she looks at all its treasure
    assert swaps(e) == {8}
    e.step(opt(8))
    assert rec(e)["co_at"][8] == 0


def test_an_enemy_ship_with_masts_cannot_be_explored():
    """[Exploring] only allied ships and derelicts: a touching enemy with masts is not."""
    f = [fleet("Blue Petrel"), fleet("Rustfang", "Anvil Gale")]
    coins = [{"coin": 8, "at": "ship", "where": 7}]
    e = position(f, [A, ship(1, 1, 4.0, 6.24), FAR], placed=coins)
    assert A_SEA + 0 not in legal(e)


def test_a_ship_not_touching_cannot_explore_at_sea():
    """[Exploring] "that your ship touches": 0.1 S apart is not touching."""
    f = [fleet("Blue Petrel", ("Jade Lantern", ["Captain Lin"])), fleet("Rustfang")]
    e = position(f, [A, ship(0, 1, 4.0, 6.34), FAR])
    assert A_SEA + 0 not in legal(e) and A_SEA + 1 not in legal(e)


def test_exploring_a_wreck_brings_its_treasure_back():
    """[Shipwreck] "any crew or treasure on a wreck remains on the wreck, and wrecks can be
    explored": a ship touching seat 1's wreck takes its coin."""
    f = [fleet("Blue Petrel"), fleet("Rustfang", "Anvil Gale")]
    wreck = ship(1, 1, 4.0, 6.24, masts=[0, 0, 0])
    coins = [{"coin": 8, "at": "ship", "where": 7}]
    flags = [0] * 24
    flags[7] = 1
    e = position(f, [A, wreck, FAR], placed=coins, record={"sh_wreck": flags})
    e.step(A_SEA + 0)
    e.step(opt(7))
    e.step(opt(8))
    assert rec(e)["co_at"][8] == 0
