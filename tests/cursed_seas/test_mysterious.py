"""Cursed Seas mysterious islands [Docking: Mysterious islands]: "when you dock at a
mysterious island, before any other action is taken (including any free explore action),
roll a d6 for special effects as indicated by the table on the island ... If you can't
fulfill a mysterious island effect, ignore it"; [Placing Islands] "you can also choose to
play them as regular islands" (config ``mysterious``). Tables (our design, pieces.toml):
Fever Isle 1 fever, 2 nothing, 3 fresh water, 4 nothing, 5 hidden cache, 6 storm;
Whispering Cove 1 nothing, 2 ghost lights, 3 nothing, 4 hidden cache, 5 nothing, 6 fresh
water. Readings: docs/rulings.md (Mysterious islands)."""

import pytest

from envs.core.errors import ConfigError
from envs.cursed_seas.config import make_config
from envs.cursed_seas.state import (
    ACT_MOVE, PK_EXPLORE, PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP, PK_TURN,
)

from .helpers import fleet, legal, opt, order, position, rec, seg, ship

# config islands in this order: island 2 of the test table is Fever Isle, 3 Whispering Cove
NAMES = ["Gull Rock", "Palm Key", "Fever Isle", "Whispering Cove", "Long Cay", "Turtle Bank"]


FAR = ship(1, 0, 9.0, 5.0, 90.0)
PETREL = [fleet(("Blue Petrel", ["Smuggler Nix"], ["Boarding Pikes"])), fleet("Rustfang")]


TABLE = [{"x": 2.0, "y": 2.0, "r": 1.0, "home": 0}, {"x": 10.0, "y": 10.0, "r": 1.0, "home": 1},
         {"x": 6.0, "y": 2.0, "r": 1.0, "home": -1}, {"x": 2.0, "y": 9.0, "r": 1.0, "home": -1}]


def dock_at_fever(roll, masts=None, fleets=PETREL, mode="effects", **kw):
    e = position(fleets, [ship(0, 0, 3.5, 2.0, masts=masts), FAR], rolls=(roll,),
                 islands=TABLE, config_islands=NAMES, mysterious=mode, **kw)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                 # L straight on: she docks at island 2
    assert rec(e)["sh_dock"][0] == 2
    return e


def test_fever_her_player_picks_a_crew_lost_not_equipment():
    """Fever (1): a crew aboard is eliminated, her player's choice; equipment is no crew."""
    e = dock_at_fever(1)
    s = rec(e)
    assert s["pending"] == PK_MYST_CREW and s["to_play"] == 0 and s["myst_roll"] == 1
    assert legal(e) == {opt(0)}
    e.step(opt(0))
    assert rec(e)["cr_ship"][0] == -1 and rec(e)["cr_ship"][1] == 0
    assert rec(e)["pending"] == PK_TURN


def test_fever_without_crew_is_ignored():
    """"If you can't fulfill a mysterious island effect, ignore it": no crew, no choice."""
    e = dock_at_fever(1, fleets=[fleet("Blue Petrel"), fleet("Rustfang")])
    assert rec(e)["pending"] == PK_TURN


def test_fresh_water_brings_back_a_mast():
    """Fresh water (3): a lost mast comes back, her player's choice."""
    e = dock_at_fever(3, masts=[1, 0])
    assert rec(e)["pending"] == PK_MYST_UP and legal(e) == {opt(1)}
    e.step(opt(1))
    assert rec(e)["sh_masts"][0] == 0b11 and rec(e)["pending"] == PK_TURN


def test_storm_breaks_a_mast_of_her_players_choice():
    """Storm (6): she loses a mast, her player's choice."""
    e = dock_at_fever(6)
    assert rec(e)["pending"] == PK_MYST_DOWN and legal(e) == {opt(0), opt(1)}
    e.step(opt(0))
    assert rec(e)["sh_masts"][0] == 0b10


def test_hidden_cache_shows_her_player_the_islands_treasure():
    """Hidden cache (5): her player looks at the island's treasure without exploring."""
    e = dock_at_fever(5, placed=[{"coin": 1, "at": "island", "where": 2}])
    assert rec(e)["co_seen"][1] & 1 and rec(e)["pending"] == PK_TURN


def test_plain_mysterious_islands_roll_nothing():
    """[Placing Islands] played as regular islands: no roll, no effect."""
    e = dock_at_fever(1, mode="plain")
    assert rec(e)["pending"] == PK_TURN and rec(e)["myst_roll"] == 0
    assert rec(e)["cr_ship"][0] == 0


def test_the_roll_comes_before_the_free_explore():
    """"Before any other action is taken (including any free explore action)": docking at
    an island bearing her token, the fever comes first, then the free explore."""
    coins = [{"coin": 1, "at": "island", "where": 2}]
    e = dock_at_fever(1, placed=coins, record={"isl_token": [0, 0, 1, 0] + [0] * 8})
    assert rec(e)["pending"] == PK_MYST_CREW
    e.step(opt(0))
    assert rec(e)["pending"] == PK_EXPLORE


def test_ghost_lights_end_the_ships_actions():
    """Ghost lights (Whispering Cove, 2): she can be given no further action this turn,
    though a Captain would allow a shoot after the move."""
    f = [fleet(("Regal Tempest", ["Captain Marrow"])), fleet("Rustfang")]
    e = position(f, [ship(0, 0, 2.0, 6.5, 90.0), ship(1, 0, 3.0, 7.0, 90.0)], rolls=(2,),
                 islands=TABLE, config_islands=NAMES, mysterious="effects")
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_dock"][0] == 3 and s["myst_roll"] == 2 and s["sh_acts"][0] == 2
    assert not {a for a in legal(e) if order(0, 0) <= a <= order(0, 3)}


def test_mysterious_option_is_checked():
    with pytest.raises(ConfigError, match="mysterious"):
        make_config(mysterious="haunted")


def test_every_new_decision_has_a_label():
    """labels.py names the island effects, piece transfers and exploring at sea that random
    games with mysterious effects reach (never the bare fallback)."""
    import numpy as np

    import envs
    from envs.cursed_seas import env as cs_env

    for seed in range(3):
        e = envs.make_raw("cursed_seas", num_players=3, mysterious="effects")
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(1500):
            if e.record["to_play"][0] < 0:
                break
            legal = e.legal_actions()
            for a in legal:
                assert not cs_env.GAME.action_label(e.record[0], int(a)).startswith("option")
            e.step(int(rng.choice(legal)))


def test_storm_taking_a_creatures_last_segment_eliminates_it():
    """[Sea Creatures] 'When a sea creature has no segments, it is eliminated' (ruling: Sea
    creatures): Gloomcoil (a sea serpent) with one segment left docks at Fever Isle and
    rolls 6, storm: her last segment goes and she leaves the game at once."""
    e = position([fleet("Gloomcoil", "Jade Lantern"), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 6.0, "y": 5.0, "heading": -90.0,
                   "masts": [1, 0, 0]},
                  ship(0, 1, 4.0, 6.0), ship(1, 0, 9.0, 6.0, 90.0)],
                 rolls=(6,), config_islands=["Gull Rock", "Palm Key", "Fever Isle", "Long Cay",
                                             "Smuggler's Rest", "Turtle Bank"],
                 mysterious="effects")
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    assert rec(e)["pending"] == PK_MYST_DOWN and legal(e) == {opt(0)}
    e.step(opt(0))
    s = rec(e)
    assert s["sh_live"][0] == 0 and s["pending"] == PK_TURN and s["done"] == 0


def test_the_text_and_picture_show_which_placed_island_is_mysterious():
    """[Placing Islands] "Mysterious islands are always placed so that the symbol is face
    up": every seat sees which island on the table is mysterious. Islands are drawn at
    random, so the island placed second may be any piece: here island 2 is Long Cay (piece
    4) and island 3 Fever Isle (piece 2). The text marks island 3 mysterious, not island 2,
    and the picture changes when island 2 is Fever Isle instead."""
    from envs.cursed_seas.render import render_ansi, render_rgb

    def table(p2, p3):
        t = [dict(x) for x in TABLE]
        for i, q in enumerate((0, 1, p2, p3)):
            t[i]["piece"] = q
        return position(PETREL, [ship(0, 0, 4.0, 6.0), FAR], islands=t, config_islands=NAMES)

    e = table(4, 2)
    lines = {ln.split(" (")[0]: ln for ln in render_ansi(rec(e), 0).splitlines()
             if ln.startswith("island ")}
    assert "mysterious" in lines["island 3"] and "mysterious" not in lines["island 2"]
    swapped = table(2, 4)
    assert render_rgb(rec(e), 0).tobytes() != render_rgb(rec(swapped), 0).tobytes()
