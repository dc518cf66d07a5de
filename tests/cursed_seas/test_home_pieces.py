"""Cursed Seas crew and equipment that start face down on the home island.

[Placing Crew and equipment] "If you have chosen crew and/or equipment, put them face down
either on your home island or on the deckplate card of the ship to which you assign them."
A fleet's ``home`` table names the pieces it keeps ashore (ruling: Crew placement). They are
assigned to no ship, so no ship's cargo, points, nation or links count them; they go ashore
once every ship is placed, the setup step the section names, and are loaded from there as any
piece left on an island [Docking]. Which face-down piece waits ashore and which aboard is hidden
from the other seats, before play as after.
"""

import numpy as np
import pytest

import envs
from envs.core.errors import ConfigError
from envs.cursed_seas import config as C
from envs.cursed_seas.pieces import CATALOGUE
from envs.cursed_seas.state import A_PIECE, MAX_CREW_P, PH_PLAY, PK_TURN
from envs.cursed_seas.validate import check_states

from .helpers import fleet, legal, position, ship
from .test_hidden import redealt, view

#: seat 0: Jade Lantern (5 points, cargo 2) carries Captain Lin (3); Carpenter Tull (1) and
#: Oar Master Wen (0) start ashore - three pieces her cargo of 2 could not all carry
LANTERN = dict(fleet(("Jade Lantern", ["Captain Lin"])),
               home={"crew": ["Carpenter Tull", "Oar Master Wen"]})
IRON = fleet(("Rustfang", ["Gunner Slag"]))


def with_home(table, **home):
    return dict(table, home=home)


# ----- the fleet file ------------------------------------------------------------------------
def test_placing_crew_and_equipment_pieces_kept_ashore_take_no_cargo_space():
    """Three pieces within Jade Lantern's 5 points do not fit her cargo of 2 aboard, but she
    may carry one and leave the other two on the home island."""
    aboard = fleet(("Jade Lantern", ["Captain Lin", "Carpenter Tull", "Oar Master Wen"]))
    with pytest.raises(ConfigError, match="cargo"):
        C.check_fleet(aboard, 40)
    rows, home = C.check_fleet(LANTERN, 40)
    names = [CATALOGUE.crew[c].name for c in home]
    assert names == ["Carpenter Tull", "Oar Master Wen"]
    assert [CATALOGUE.crew[c].name for c in rows[0][1]] == ["Captain Lin"]


def test_fleets_pieces_ashore_count_towards_the_build_total():
    """[Fleets] crew and equipment are chosen "with a combined point cost up to" the build
    total wherever they start: Jade Lantern (5) with Captain Lin (3) ashore is 8 points."""
    table = with_home(fleet("Jade Lantern"), crew=["Captain Lin"])
    C.check_fleet(table, 8)
    with pytest.raises(ConfigError, match="8 points exceed the build total 7"):
        C.check_fleet(table, 7)


def test_fleets_no_duplicates_holds_between_ship_and_shore():
    """[Fleets: The No-Duplicates Rule] a named crew once per fleet, aboard or ashore; generic
    equipment is not limited."""
    with pytest.raises(ConfigError, match="No-Duplicates"):
        C.check_fleet(with_home(fleet(("Rustfang", ["Gunner Slag"])), crew=["Gunner Slag"]), 40)
    C.check_fleet(with_home(fleet(("Rustfang", [], ["Boarding Pikes"])),
                            equipment=["Boarding Pikes"]), 40)


@pytest.mark.parametrize("home, message", [
    ({"crw": ["Gunner Slag"]}, "unknown key"),
    (["Gunner Slag"], "'home' is a table"),
    ({"crew": "Gunner Slag"}, "must be a list"),
    ({"crew": ["Long Nines"]}, "is equipment"),
    ({"crew": ["Nobody"]}, "unknown crew"),
])
def test_placing_crew_and_equipment_a_bad_home_table_is_refused_by_name(home, message):
    with pytest.raises(ConfigError, match=message):
        C.check_fleet(dict(fleet("Rustfang"), home=home), 40)


def test_placing_crew_and_equipment_a_zero_point_crew_may_wait_ashore_in_any_fleet():
    """"A crew with a point cost of 0 can be assigned only to a ship that shares its
    nationality": ashore it is assigned to no ship (ruling: Crew placement), so an Iron fleet
    may keep Oar Master Wen (Jade, 0) at home; aboard Rustfang it is refused."""
    C.check_fleet(with_home(IRON, crew=["Oar Master Wen"]), 40)
    with pytest.raises(ConfigError, match="0-point crew"):
        C.check_fleet(fleet(("Rustfang", ["Gunner Slag", "Oar Master Wen"])), 40)


def test_linked_crew_and_ships_a_crew_ashore_gives_its_ship_no_space():
    """[Linked crew and ships] "if one crew is assigned to a ship to which it is linked, that
    ship gets +1 cargo space": Gunner Hsu is linked to Jade Monsoon; ashore he is assigned to
    none, and she keeps her printed cargo."""
    monsoon = CATALOGUE.ships[CATALOGUE.ship("Jade Monsoon")]
    aboard = C.make_config(fleets=[fleet(("Jade Monsoon", ["Gunner Hsu"])), IRON])[0]
    ashore = C.make_config(fleets=[with_home(fleet("Jade Monsoon"), crew=["Gunner Hsu"]),
                                   IRON])[0]
    assert aboard["ship_cargo"][0, 0] == monsoon.cargo + 1
    assert ashore["ship_cargo"][0, 0] == monsoon.cargo
    assert ashore["crew_slot"][0, 0] == -1 and ashore["crew_link"][0, 0] == 0


def test_a_config_with_pieces_ashore_reads_back_as_its_fleet():
    """The record's config names its fleets (``config_kwargs``), the home table included, so
    the validator rebuilds the very record."""
    cfg = C.make_config(fleets=[LANTERN, IRON])
    kw = C.config_kwargs(cfg[0])
    assert kw["fleets"][0]["home"] == {"crew": ["Carpenter Tull", "Oar Master Wen"],
                                       "equipment": []}
    assert "home" not in kw["fleets"][1]
    assert (C.make_config(**kw) == cfg).all()


# ----- in play -------------------------------------------------------------------------------
def play_to(e, stop):
    """Take the first legal action until ``stop(record)``; the records on the way."""
    seen = []
    while not stop(e.record[0]):
        seen.append(e.record.copy())
        e.step(int(min(legal(e))))
    return seen


def lantern_game(seed=0):
    e = envs.make_raw("cursed_seas", num_players=2, fleets=[LANTERN, IRON])
    e.reset(seed=seed)
    return e


def test_placing_crew_and_equipment_pieces_kept_ashore_lie_face_down_on_the_home_island():
    """Before play they are in no place (the section places crew after every ship); when play
    begins each lies face down on its own player's home island, known only to her."""
    e = lantern_game()
    before = play_to(e, lambda s: s["phase"] == PH_PLAY)
    tull, wen = 1, 2                       # seat 0's pieces: Lin, Tull, Wen
    for r in before:
        assert r["cr_ship"][0, tull] < 0 and r["cr_isl"][0, tull] < 0
        assert check_states(r)[0] == []
    s = e.record[0]
    for c in (tull, wen):
        assert s["cr_isl"][c] == s["home"][0] and s["cr_ship"][c] == -1
        assert not s["cr_up"][c] and s["cr_seen"][c] == 1
    assert s["cr_ship"][0] == 0            # Lin aboard Jade Lantern
    assert check_states(e.record)[0] == []


def test_docking_a_piece_kept_ashore_is_loaded_at_home_on_the_first_turn():
    """[Docking] "a ship docked at an island can drop off and board crew or equipment" as a
    free action: every ship starts docked at home, so seat 0 may pick up either piece there
    on her first turn."""
    e = lantern_game()
    play_to(e, lambda s: s["phase"] == PH_PLAY and s["pending"] == PK_TURN and s["to_play"] == 0)
    offered = {a - A_PIECE for a in legal(e) if A_PIECE <= a < A_PIECE + MAX_CREW_P}
    assert {1, 2} <= offered


def two_deals():
    """A record before play (seat 1 deciding its setup) and the same with Lin and Tull's
    places traded: what seat 1 is shown of them is the same."""
    e = lantern_game()
    play_to(e, lambda s: s["phase"] != 0 and s["to_play"] == 1)
    a = e.record.copy()
    b = a.copy()
    b["cr_ship"][0, 0], b["cr_ship"][0, 1] = a["cr_ship"][0, 1], a["cr_ship"][0, 0]
    assert check_states(a)[0] == [] and check_states(b)[0] == []
    return a, b


def test_placing_crew_and_equipment_which_piece_waits_ashore_is_redealt_for_other_seats():
    """Which face-down piece waits ashore is hidden, so seat 1's re-deals of two records that
    differ only there are alike, each passes the validator, and both Lin and Tull are found
    aboard in some; seat 0 knows her pieces, so her re-deal keeps each where it is."""
    a, b = two_deals()
    assert view(a, 1, picture=True) == view(b, 1, picture=True)
    aboard = set()
    for key in range(60):
        ra, rb = redealt(a, 1, key), redealt(b, 1, key)
        assert ra.tobytes() == rb.tobytes()
        aboard.add(int(np.flatnonzero(ra["cr_ship"][0, :3] == 0)[0]))
    assert aboard == {0, 1, 2}
    own = redealt(a, 0, 5)
    assert (own["cr_ship"] == a["cr_ship"]).all() and (own["cr_isl"] == a["cr_isl"]).all()


def test_placing_crew_and_equipment_a_piece_missing_before_play_is_refused_by_name():
    """Nothing is lost before play: a piece in no place is one the fleet keeps ashore, so a
    record with more of them than the fleet keeps is refused."""
    e = envs.make_raw("cursed_seas", num_players=2, fleets=[fleet(("Rustfang", ["Gunner Slag"])),
                                                             IRON])
    e.reset(seed=0)
    bad = e.record.copy()
    bad["cr_ship"][0, 0] = -1
    assert any("in no place before play" in m for m in check_states(bad)[0])
    a, _ = two_deals()
    assert check_states(a)[0] == []


def test_a_scenario_starting_play_lays_the_pieces_kept_ashore_on_the_home_island():
    """A scenario that starts a turn (``play``) begins play, so the pieces its fleets keep
    ashore lie on their home islands, as in a game (turns.start_play)."""
    e = position([LANTERN, IRON], [ship(0, 0, 3.12 + 0.6, 2.0, 180.0, dock=0),
                                   ship(1, 0, 8.0, 10.0, 0.0)])
    s = e.record[0]
    assert list(s["cr_isl"][1:3]) == [0, 0] and s["cr_ship"][0] == 0
    assert {1, 2} <= {a - A_PIECE for a in legal(e) if A_PIECE <= a < A_PIECE + MAX_CREW_P}
