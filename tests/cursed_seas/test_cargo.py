"""Cursed Seas equipment and docking transfers: [Placing Crew and equipment] (face down,
one cargo space each, crew and equipment cost no more than the ship, 0-point crew on its
own nation's ships, crew and equipment left on wild islands can be loaded by any ship),
[Fleets] (No-Duplicates: generic equipment is not limited), [Docking] (drop off, board and
transfer crew or equipment as a free action at the island a ship is docked at). Readings:
docs/rulings.md (Equipment, Docking transfers)."""

import numpy as np
import pytest

from envs.core.errors import ConfigError
from envs.cursed_seas import config as C
from envs.cursed_seas.hidden import determinize
from envs.cursed_seas.observe import observe
from envs.cursed_seas.state import (
    A_NO, A_PIECE, OBS_SIZE, OPT_ASHORE, PK_PIECE_TO, PK_TURN,
)
from envs.cursed_seas.validate import check_states

from .helpers import fleet, legal, opt, pieces_legal, position, rec, ship


# ----- equipment in fleets ---------------------------------------------------------------------
def test_equipment_cost_counts_with_crew_against_the_ship():
    """[Placing Crew and equipment] "it can't carry crew and equipment with a combined point
    cost more than the ship's point cost": Golden Abacus (5) with Long Nines (3) and Spare
    Oars (2) is legal (5 = 5); Long Nines with Gun Captain Ferro (3) is not (6)."""
    C.check_fleet(fleet(("Golden Abacus", [], ["Long Nines", "Spare Oars"])), 40)
    with pytest.raises(ConfigError, match="cost 6 > her 5"):
        C.check_fleet(fleet(("Golden Abacus", ["Gun Captain Ferro"], ["Long Nines"])), 40)


def test_equipment_takes_a_cargo_space():
    """[Placing Crew and equipment] "each crew/equipment takes up one cargo space": the
    Abacus (cargo 2) can't carry three Boarding Pikes (3 points)."""
    with pytest.raises(ConfigError, match="cargo"):
        C.check_fleet(fleet(("Golden Abacus", [], ["Boarding Pikes"] * 3)), 40)


def test_generic_equipment_is_not_limited_by_no_duplicates():
    """[Fleets: The No-Duplicates Rule] "generic crew and equipment are not limited in this
    way": two ships may each carry Boarding Pikes; a named crew twice is refused."""
    C.check_fleet(fleet(("Rustfang", [], ["Boarding Pikes"]),
                        ("Anvil Gale", [], ["Boarding Pikes"])), 40)
    with pytest.raises(ConfigError, match="No-Duplicates"):
        C.check_fleet(fleet(("Rustfang", ["Gunner Slag"]), ("Anvil Gale", ["Gunner Slag"])), 40)


def test_equipment_and_crew_are_listed_apart():
    """Fleet files name crew under ``crew`` and equipment under ``equipment``."""
    with pytest.raises(ConfigError, match="is equipment"):
        C.check_fleet(fleet(("Rustfang", ["Long Nines"])), 40)
    with pytest.raises(ConfigError, match="is crew"):
        C.check_fleet(fleet(("Rustfang", [], ["Gunner Slag"])), 40)


def test_equipment_carries_no_nation_so_no_zero_point_rule():
    """[Placing Crew and equipment] the 0-point rule is about crew; equipment has no nation
    (ruling: Equipment) and sails on any ship."""
    C.check_fleet(fleet(("Ledger", [], ["Long Nines"])), 40)


# ----- drop off and load at a wild island ------------------------------------------------------
# island 2 (wild) at (6, 2), radius 1: a 2-mast hull (0.6) docks with her bow at x = 4.88
WEST = ship(0, 0, 4.88 - 0.6, 2.0, 0.0, dock=2)
EAST = ship(1, 0, 7.12 + 0.6, 2.0, 180.0, dock=2)


def test_drop_off_at_a_wild_island_then_any_ship_loads_it():
    """[Docking] a docked ship drops off a crew as a free action; [Placing Crew and
    equipment] "crew and equipment left on wild islands can be loaded by any ship": the
    opponent's ship docked there loads it (and looks at it). An azure crew on an iron ship
    can't use its ability."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix"])), fleet("Rustfang")]
    e = position(f, [WEST, EAST])
    assert pieces_legal(e) == {0}
    e.step(A_PIECE + 0)
    assert rec(e)["pending"] == PK_PIECE_TO and legal(e) == {opt(OPT_ASHORE)}
    e.step(opt(OPT_ASHORE))
    s = rec(e)
    assert s["cr_ship"][0] == -1 and s["cr_isl"][0] == 2 and s["pending"] == PK_TURN
    assert s["sh_acts"][0] == 0                       # a free action
    assert pieces_legal(e) == set()                   # once a turn (ruling: Docking transfers)
    e.step(A_NO)
    assert pieces_legal(e) == {0}                     # seat 1's turn
    e.step(A_PIECE + 0)
    assert legal(e) == {opt(6)}
    e.step(opt(6))
    s = rec(e)
    assert s["cr_ship"][0] == 6 and s["cr_isl"][0] == -1 and s["cr_seen"][0] & 0b10
    from envs.cursed_seas.common import keywords
    assert keywords(s, 6) == 0


def test_no_transfers_at_sea():
    """[Docking] transfers need a ship docked at an island: at sea nothing is offered."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix"])), fleet("Rustfang")]
    e = position(f, [ship(0, 0, 4.0, 6.0), ship(1, 0, 9.0, 5.0, 90.0)])
    assert pieces_legal(e) == set()


# ----- transfer between own ships at the same island ------------------------------------------
# home island 0 at (2, 2): Jade Lantern (hull 0.6) bow east of it, Quiet Junk (0.7) north
LANTERN = ship(0, 0, 3.12 + 0.6, 2.0, 180.0, dock=0)
JUNK = ship(0, 1, 2.0, 3.12 + 0.7, -90.0, dock=0)
FAR = ship(1, 0, 9.0, 5.0, 90.0)
TWO_SHIPS = [fleet(("Jade Lantern", ["Captain Lin"]),
                   ("Quiet Junk", ["Gun Captain Ferro", "Carpenter Bao"])), fleet("Rustfang")]


@pytest.mark.parametrize("coin, want", [(False, {OPT_ASHORE, 0}), (True, {OPT_ASHORE})])
def test_transfer_to_another_ship_docked_at_the_same_island(coin, want):
    """[Docking] "transfer crew or equipment to and from another ship docked at the same
    island": Carpenter Bao (2) may go from the Junk to the Lantern (5 points, Captain Lin
    3 aboard), unless a coin fills the Lantern's second cargo space [Exploring: cargo]."""
    placed = [{"coin": 0, "at": "ship", "where": 0}] if coin else []
    e = position(TWO_SHIPS, [LANTERN, JUNK, FAR], placed=placed)
    e.step(A_PIECE + 2)
    assert {a - opt(0) for a in legal(e)} == want
    if not coin:
        e.step(opt(0))
        assert rec(e)["cr_ship"][2] == 0


def test_transfer_keeps_crew_cost_within_the_ship():
    """[Placing Crew and equipment] "it can't carry crew and equipment with a combined point
    cost more than the ship's point cost": Gun Captain Ferro (3) can't join Captain Lin (3)
    on the 5-point Lantern; the Junk (11) takes Lin."""
    e = position(TWO_SHIPS, [LANTERN, JUNK, FAR])
    e.step(A_PIECE + 1)
    assert {a - opt(0) for a in legal(e)} == {OPT_ASHORE}
    e.step(opt(OPT_ASHORE))                  # left on the home island
    assert rec(e)["cr_isl"][1] == 0
    e.step(A_PIECE + 0)
    assert {a - opt(0) for a in legal(e)} == {OPT_ASHORE, 1}


def test_zero_point_crew_moves_only_to_a_ship_of_its_nation():
    """[Placing Crew and equipment] "a crew with a point cost of 0 can be assigned only to a
    ship that shares its nationality" (ruling: Docking transfers: also when moved): Oar
    Master Wen (jade, 0) may not board the gilded Abacus."""
    f = [fleet(("Jade Lantern", ["Oar Master Wen"]), "Golden Abacus"), fleet("Rustfang")]
    abacus = ship(0, 1, 2.0, 3.12 + 0.6, -90.0, dock=0)
    e = position(f, [LANTERN, abacus, FAR])
    e.step(A_PIECE + 0)
    assert {a - opt(0) for a in legal(e)} == {OPT_ASHORE}


# ----- hidden information ------------------------------------------------------------------------
def _obs(arr, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], seat, out)
    return out


def test_which_face_down_piece_is_ashore_is_hidden_from_the_others():
    """[Placing Crew and equipment] face down: seat 1 sees that a piece of seat 0 lies on
    island 2, not which; the determiniser re-deals it and seat 1's view stays the same."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix", "Shipwright Oda"])), fleet("Rustfang")]
    e = position(f, [WEST, EAST], crew=[{"crew": 1, "at": "island", "where": 2}])
    arr = e.record.copy()
    swapped = arr.copy()
    swapped["cr_ship"][0][0], swapped["cr_ship"][0][1] = -1, 0
    swapped["cr_isl"][0][0], swapped["cr_isl"][0][1] = 2, -1
    assert check_states(swapped)[0] == []
    assert _obs(arr, 1).tobytes() == _obs(swapped, 1).tobytes()
    assert _obs(arr, 0).tobytes() != _obs(swapped, 0).tobytes()
    moved = set()
    for key in range(12):
        a = arr.copy()
        determinize(a[0], 1, np.uint64(key))
        assert check_states(a)[0] == []
        assert _obs(a, 1).tobytes() == _obs(arr, 1).tobytes()
        moved.add(int(a["cr_isl"][0][0]))
    assert moved == {-1, 2}                  # either piece may be the one ashore


def test_no_transfer_to_a_ship_docked_at_another_island():
    """[Docking] "another ship docked at the same island": a ship of the same fleet docked
    at her home island is not offered to a ship docked at wild island 2."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix"]), "Tidecaller"), fleet("Rustfang")]
    at_home = ship(0, 1, 3.12 + 0.7, 2.0, 180.0, dock=0)
    e = position(f, [WEST, at_home, FAR])
    e.step(A_PIECE + 0)
    assert {a - opt(0) for a in legal(e)} == {OPT_ASHORE}
