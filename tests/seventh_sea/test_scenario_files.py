"""Scenario files (envs/seventh_sea/scenario.py): every file in tests/scenarios/seventh_sea
loads through the env (GameSpec.from_scenario) into a valid position; bad keys and cards are
refused by name; any position round-trips through to_scenario."""

from pathlib import Path

import numpy as np
import pytest

import envs
from envs.core.errors import ConfigError, StateError
from tests.seventh_sea.scenario_files import FOLDER, read

FILES = sorted(Path(FOLDER).glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_scenario_file_loads_and_names_its_rule(path):
    e = envs.make_raw("seventh_sea")
    e.reset(seed=0)
    e.load_scenario(str(path))
    assert e.game.check_state(e.record) == []
    assert read(path.stem)["rule"]


def test_bad_scenarios_are_refused_by_name():
    e = envs.make_raw("seventh_sea")
    e.reset(seed=0)
    blob = e.save()
    d = read("boarding")
    with pytest.raises(StateError, match="did you mean 'edition'"):
        e.load_scenario({**d, "editon": "original"})
    bad = dict(d)
    bad["player"] = [dict(d["player"][0], hand=["Not A Card"]), d["player"][1]]
    with pytest.raises(ConfigError, match="Not A Card"):
        e.load_scenario(bad)
    assert e.save() == blob


def test_scenario_lists_past_the_record_are_refused_by_field():
    from envs.seventh_sea import scenario
    from envs.seventh_sea.state import MAX_ADV, MAX_HAND

    d = read("boarding")
    p0 = d["player"][0]
    too_many = dict(d, player=[dict(p0, hand=["Deckhands"] * (MAX_HAND + 1)), d["player"][1]])
    with pytest.raises(ConfigError, match=f"player 0 hand: {MAX_HAND + 1} cards, the record holds {MAX_HAND}"):
        scenario.build(too_many)
    advs = dict(d, player=[dict(p0, adventures=[["Sunken Treasure", "La Boca"]] * (MAX_ADV + 1)),
                           d["player"][1]])
    with pytest.raises(ConfigError, match="player 0 adventures"):
        scenario.build(advs)
    with pytest.raises(ConfigError, match="crew: expected a list"):
        scenario.build(dict(d, player=[dict(p0, crew="Deckhands"), d["player"][1]]))


def test_positions_round_trip_through_to_scenario():
    e = envs.make_raw("seventh_sea", num_players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(150):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    f = envs.make_raw("seventh_sea", num_players=2, edition="original")
    f.load_scenario(e.to_scenario(exact=True))
    assert f.record.tobytes() == e.record.tobytes()
