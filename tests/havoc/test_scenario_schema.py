"""Seas of Havoc scenario schema: every key typed and range-checked, the placement rules of
the rulebook enforced (envs/havoc/scenario.py SCHEMA, envs/havoc/validate.py), the env left
byte-identical by every refusal."""

import pytest

import envs
from envs.core.errors import ConfigError, StateError

EMPTY = ["......"] * 6


def base(**kw):
    d = {"players": 2, "seed": 3, "phase": "sea", "grid": list(EMPTY), "wrecks": [],
         "ships": [{"crew": 0, "at": [1, 1], "heading": "N"},
                   {"crew": 1, "at": [4, 4], "heading": "S"}],
         "crews": [{"res": [1, 1, 1], "hand": {"Make Way": 1}},
                   {"res": [1, 1, 1], "hand": {"Make Way": 1}}],
         "cur": 0, "first": 0}
    d.update(kw)
    return d


@pytest.fixture
def env():
    e = envs.make_raw("havoc", num_players=3)
    e.reset(seed=9)
    return e


def refused(env, d, match, err=StateError):
    blob = env.save()
    with pytest.raises(err, match=match):
        env.load_scenario(d)
    assert env.save() == blob


def test_a_valid_scenario_loads_and_rebuilds_the_agents(env):
    """A 2-player scenario in a 3-player env: the scenario's player count wins."""
    env.load_scenario(base())
    assert env.possible_agents == ["player_0", "player_1"]
    assert env.agents == env.possible_agents


def test_ship_on_a_rock_is_refused_sea_grid_setup_c(env):
    grid = list(EMPTY)
    grid[1] = ".R...."
    refused(env, base(grid=grid), "ship on a rock")


def test_two_ships_on_one_square_are_refused_collisions(env):
    ships = [{"crew": 0, "at": [2, 2]}, {"crew": 1, "at": [2, 2]}]
    refused(env, base(ships=ships), "two ships on one square")


@pytest.mark.parametrize("res, match", [
    ([-1, 0, 0], r"crews\[0\].res\[0\]': -1 is below 0"),
    ([10, 0, 0], "above the board's capacity 9"),
    ([0, 9, 0], "above the board's capacity 8"),
    ([0, 0, 100], r"crews\[0\].res\[2\]': 100 is above 99"),
])
def test_resources_within_the_board_island_setup_2(env, res, match):
    crews = base()["crews"]
    crews[0] = {"res": res}
    refused(env, base(crews=crews), match)


@pytest.mark.parametrize("crew, match", [
    ({"infamy": -1}, r"infamy': -1 is below 0"),
    ({"hand": {"Make Way": -2}}, r"hand.Make Way': -2 is below 0"),
    ({"skiffs": 99}, r"skiffs': 99 is above 3"),
    ({"hand": {"Not A Card": 1}}, "is not one of"),
    ({"res": [1, 1]}, "needs exactly 3"),
    ({"res": "lots"}, "expected a list"),
    ({"booty": 5}, "no free shipwreck token of value 5"),
    ({"colour": 1}, "unknown key"),
])
def test_crew_fields_are_typed_and_ranged(env, crew, match):
    crews = base()["crews"]
    crews[0] = crew
    refused(env, base(crews=crews), match)


@pytest.mark.parametrize("kw, match", [
    ({"flags": {"Swift": 9}}, r"flags.Swift': 9 is above 5"),
    ({"flags": {"Swift": 4}}, "4 is not a crew of this game"),
    ({"flags": {"Swiftt": 0}}, "did you mean 'Swift'"),
    ({"cur": 7}, r"'cur': 7 is above 5"),
    ({"cur": 2}, "2 is not a crew of this game"),
    ({"first": 3}, "3 is not a crew of this game"),
    ({"shps": []}, "did you mean 'ships'"),
    ({"phase": "battle"}, "is not one of"),
    ({"grid": ["......"] * 5}, "needs exactly 6"),
    ({"grid": ["..X..."] + ["......"] * 5}, "needs 6 characters"),
    ({"damage_left": 50}, "50 is above 42"),
    ({"damage_left": 30, "damage_deck": 20, "crews": [{"hand": {"Damage": 20}}]},
     "does not add up"),
    ({"seed": "seven"}, "is not an integer"),
    ({"seed": 1.5}, "is not an integer"),
    ({"market": ["Make Way"] * 6}, "at most 5"),
    ({"ships": [{"crew": 0, "at": [6, 0]}]}, r"at\[0\]': 6 is above 5"),
    ({"ships": [{"crew": 0, "index": 1, "at": [0, 0]}]}, "has no ship 1"),
    ({"ships": [{"crew": 5, "at": [0, 0]}]}, "5 is not a crew of this game"),
    ({"wrecks": [[1, 1, 2]]}, "shipwreck under a ship"),
])
def test_scenario_keys_are_checked_by_name(env, kw, match):
    refused(env, base(**kw), match)


def test_bad_config_keyword_is_a_config_error(env):
    refused(env, base(players=9), r"players': 9 is above 5")
    refused(env, base(variant="two_ship", players=3), "2 Ship Variant", ConfigError)


def test_wreck_on_a_rock_is_refused_sea_grid_setup_b(env):
    grid = list(EMPTY)
    grid[0] = "R....."
    refused(env, base(grid=grid, wrecks=[[0, 0, 1]]), "shipwreck on a rock")
