"""Cursed Seas: how forts, terrain and sea creatures meet docking transfers, exploring at sea
and mysterious islands. [Docking] "you can't dock at an opponent's home island or at an enemy
fort"; [Building Forts] "the effects of a mysterious island are ignored if a fort is present
on the island"; [Fog Bank] lost pieces are out of contact; [Sea Creatures] move and shoot
only, nothing aboard. Readings: docs/rulings.md (Docking transfers, Exploring at sea,
Mysterious islands)."""

from envs.cursed_seas.state import (
    A_PIECE, A_SEA, ACT_EXPLORE, ACT_MOVE, OPT_ASHORE, PK_MYST_CREW, PK_TURN, TR_FOG,
)

from .helpers import fleet, legal, opt, order, pieces_legal, position, rec, seg, ship
from .test_mysterious import NAMES, PETREL, TABLE
from .test_terrain import terrain


def sea_legal(e):
    return {a - A_SEA for a in legal(e) if A_SEA <= a < A_SEA + 6}


FORTS = [["Fort Brimstone"], ["Redoubt of Tears"]]
WEST = ship(0, 0, 4.88 - 0.6, 2.0, 0.0, dock=2)       # docked at wild island 2
FAR = ship(1, 0, 9.0, 5.0, 90.0)


# gold paid for each fort lies inside it [Building Forts] (as in test_forts)
PAID = {0: [{"coin": 4, "at": "fort", "where": 0}, {"coin": 5, "at": "fort", "where": 0}],
        2: [{"coin": 10, "at": "fort", "where": 2}, {"coin": 12, "at": "fort", "where": 2}],
        None: []}


def fort_on_2(f):
    if f is None:
        return None
    return {"ft_isl": [2 if g == f else -1 for g in range(8)],
            "ft_flags": [0b11 if g == f else 0 for g in range(8)]}


# ----- Docking: no transfers at an enemy fort ---------------------------------------------------
def test_no_transfers_at_an_enemy_fort():
    """[Docking] "you can't dock ... at an enemy fort": a ship left at an island where an
    opponent has since built a fort may not drop off crew there; at her own fort, or with
    no fort, she may."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix"])), fleet("Rustfang")]
    for fort, want in ((2, set()), (0, {0}), (None, {0})):      # seat 1's fort, seat 0's, none
        e = position(f, [WEST, FAR], forts=FORTS, record=fort_on_2(fort), placed=PAID[fort])
        assert pieces_legal(e) == want, fort
        if want:
            e.step(A_PIECE + 0)
            assert legal(e) == {opt(OPT_ASHORE)}


def test_no_explore_action_at_an_enemy_fort():
    """[Docking] "You can't dock at an opponent's home island or at an enemy fort";
    [Exploring] "If a ship begins one of your turns docked at a wild island, give her an
    explore action". A ship left at wild island 2, unexplored by her player, where an
    opponent has since built a fort is docked there no more: no explore action (the look at
    an empty island would still explore it); with her own fort there or none, she may."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix"])), fleet("Rustfang")]
    for fort, want in ((2, False), (0, True), (None, True)):    # seat 1's fort, seat 0's, none
        e = position(f, [WEST, FAR], forts=FORTS, record=fort_on_2(fort), placed=PAID[fort])
        assert rec(e)["sh_began"][0] == 2
        assert (order(0, ACT_EXPLORE) in legal(e)) == want, fort


# ----- Sea creatures: no transfers, never explored, never explore ----------------------------------
A = ship(0, 0, 4.0, 6.0)
B = ship(0, 1, 4.0, 6.24)          # touching A
CROWN_UP = [1 if c == 4 else 0 for c in range(32)]
COINS = ["copper", "copper", "silver", "silver", "Sunken Crown", "gold"]


def test_sea_creatures_take_no_part_in_exploring_at_sea():
    """[Sea Creatures] a creature carries nothing and is given only move and shoot actions:
    a ship touching her own creature can't explore it to hand over a face-up unique treasure
    (which needs no cargo space), and the creature can't explore the ship. Two ships in the
    same place may (the control)."""
    crown = [{"coin": 4, "at": "ship", "where": 0}]
    e = position([fleet("Jade Lantern", "Gloomcoil"), fleet("Rustfang")], [A, B, FAR],
                 placed=crown, coins=COINS, record={"co_up": CROWN_UP})
    assert sea_legal(e) == set()
    e = position([fleet("Jade Lantern", "Quiet Junk"), fleet("Rustfang")], [A, B, FAR],
                 placed=crown, coins=COINS, record={"co_up": CROWN_UP})
    assert sea_legal(e) == {0, 1}


def test_sea_creatures_take_no_part_in_transfers():
    """[Sea Creatures] no crew or equipment: at an island where her creature lies docked a
    ship may put her crew ashore but never aboard the creature."""
    lantern = ship(0, 0, 3.12 + 0.6, 2.0, 180.0, dock=0)
    serpent = ship(0, 1, 2.0, 3.12 + 0.8, -90.0, dock=0)
    e = position([fleet(("Jade Lantern", ["Captain Lin"]), "Gloomcoil"), fleet("Rustfang")],
                 [lantern, serpent, FAR])
    e.step(A_PIECE + 0)
    assert legal(e) == {opt(OPT_ASHORE)}


# ----- Fog Bank: lost ships are out of contact ---------------------------------------------------
def lost_record(k):
    return {**terrain((TR_FOG, 4.0, 6.1)), "sh_lost": [0 if j == k else -1 for j in range(24)]}


def test_a_ship_lost_in_fog_cannot_explore_at_sea():
    """[Fog Bank] a lost ship is out of contact (ruling: Exploring at sea): she can't explore
    the allied ship she touches; the other, in the clear, can't explore her either."""
    coins = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 1, "at": "ship", "where": 1}]
    f = [fleet("Blue Petrel", "Quiet Junk"), fleet("Rustfang")]
    e = position(f, [A, B, FAR], placed=coins, record=lost_record(0))
    assert sea_legal(e) == set()
    e = position(f, [A, B, FAR], placed=coins)
    assert sea_legal(e) == {0, 1}


def test_a_ship_lost_in_fog_cannot_be_explored():
    """[Fog Bank] the lost one is the touched ship: not offered as the ship explored."""
    coins = [{"coin": 1, "at": "ship", "where": 1}]
    f = [fleet("Blue Petrel", "Quiet Junk"), fleet("Rustfang")]
    e = position(f, [A, B, FAR], placed=coins, record=lost_record(1))
    assert 0 not in sea_legal(e)


# ----- Mysterious islands: a fort silences them ---------------------------------------------------
def test_a_fort_on_a_mysterious_island_ignores_its_effects():
    """[Building Forts] "the effects of a mysterious island are ignored if a fort is present
    on the island": docking at her own fort on Fever Isle rolls nothing; without the fort the
    same roll of 1 is a fever."""
    for fort, want in ((0, PK_TURN), (None, PK_MYST_CREW)):
        e = position(PETREL, [ship(0, 0, 3.5, 2.0), FAR], rolls=(1,), islands=TABLE,
                     config_islands=NAMES, mysterious="effects", forts=FORTS,
                     record=fort_on_2(fort), placed=PAID[fort])
        e.step(order(0, ACT_MOVE))
        e.step(seg(1))
        s = rec(e)
        assert s["sh_dock"][0] == 2 and s["pending"] == want, fort
