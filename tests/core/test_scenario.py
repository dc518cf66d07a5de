"""envs/core/scenario.py: record <-> dict <-> TOML, validation, and ArrayAECEnv scenarios."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import envs
from envs.core import scenario
from envs.core.errors import ConfigError, StateError
from tests.core.toy_game.state import CONFIG, STATE


def fresh(seed=0, **config):
    e = envs.make_raw("toy", **config)
    e.reset(seed=seed)
    return e


def test_to_dict_full_and_diff():
    e = fresh(3, num_players=3)
    full = scenario.to_dict(e.record)
    assert set(full) == set(STATE.names)
    assert isinstance(full["cfg"], dict) and full["cfg"]["num_players"] == 3
    assert isinstance(full["card"], list) and len(full["card"]) == 4
    base = e.record.copy()
    e.step(2)
    diff = scenario.to_dict(e.record, base)
    assert diff["total"] == 3 and diff["to_play"] == 1 and diff["step"] == 1
    assert "cfg" not in diff and "deck" not in diff


def test_from_dict_overlays_on_a_copy():
    e = fresh(1)
    base = e.record.copy()
    out = scenario.from_dict({"total": 17, "card": [6, 5, 0, 0], "cfg": {"target": 30}}, base)
    assert base.tobytes() == e.record.tobytes()          # base untouched
    assert int(out["total"][0]) == 17 and out["card"][0].tolist() == [6, 5, 0, 0]
    assert int(out["cfg"]["target"][0]) == 30 and int(out["cfg"]["num_players"][0]) == 2


@pytest.mark.parametrize("d, match", [
    ({"totl": 3}, "'totl': unknown field"),
    ({"cfg": {"colour": 1}}, "'cfg.colour': unknown field"),
    ({"card": [1, 2]}, r"'card': 2 entries, expected a list of 4"),
    ({"total": [1]}, r"'total': \[1\] where a single value belongs"),
    ({"total": 40000}, "'total': 40000 is outside int16"),
    ({"card": [1, 2, 3, 200]}, "'card': 200 is outside int8"),
    ({"total": 2.5}, "'total': 2.5 is not an integer"),
    ({"total": "lots"}, "not an integer"),
    ({"cfg": 3}, "'cfg': expected a table"),
])
def test_from_dict_validation(d, match):
    with pytest.raises(StateError, match=match):
        scenario.from_dict(d, np.zeros(1, STATE))


def test_uint64_rng_survives_toml_as_hex():
    e = fresh(12345)
    d = scenario.to_dict(e.record)
    assert d["rng"] >= 0
    d["rng"] = 2**64 - 5
    text = scenario.dump_toml({"state": d})
    assert '"0xfffffffffffffffb"' in text


def test_toml_round_trip_of_an_env_position(tmp_path):
    e = fresh(77, num_players=3, target=25)
    e.step(0)
    e.step(3)
    sc = e.to_scenario(exact=True)
    path = tmp_path / "pos.toml"
    path.write_text(scenario.dump_toml(sc))
    f = envs.make_raw("toy")
    f.load_scenario(str(path))
    assert f.record.tobytes() == e.record.tobytes()
    assert f.possible_agents == e.possible_agents
    assert f.agent_selection == e.agent_selection


def test_scenario_from_seed_plus_overlay():
    e = envs.make("toy", num_players=2)
    e.load_scenario({"game": "toy", "seed": 4, "config": {"num_players": 3},
                     "state": {"total": 18, "to_play": 2}})
    ref = fresh(4, num_players=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    assert e.agent_selection == "player_2"
    assert int(e.record["total"][0]) == 18
    assert e.record["card"].tobytes() == ref.record["card"].tobytes()
    e.step(2)  # +3 -> 21 exactly: player_2 wins
    assert e.rewards == {"player_0": -1.0, "player_1": -1.0, "player_2": 1.0}
    e.reset(seed=1)                     # the scenario's config stays for later games
    assert len(e.agents) == 3


def test_scenario_errors(tmp_path):
    e = envs.make("toy")
    with pytest.raises(StateError, match="game 'havoc'"):
        e.load_scenario({"game": "havoc"})
    with pytest.raises(StateError, match="'sate': unknown key; did you mean 'state'"):
        e.load_scenario({"sate": {}})
    with pytest.raises(StateError, match="seed"):
        e.load_scenario({"seed": "x"})
    bad = tmp_path / "bad.toml"
    bad.write_text("total = = 3")
    with pytest.raises(StateError, match="not valid TOML"):
        e.load_scenario(str(bad))
    with pytest.raises(ConfigError, match="num_players=9"):
        e.load_scenario({"config": {"num_players": 9}})


def test_config_record_overlay():
    e = envs.make("toy")
    e.load_scenario({"seed": 0, "config_record": {"target": 10}})
    assert int(e.config["target"][0]) == 10
    e.reset(seed=0)
    assert int(e.record["cfg"]["target"][0]) == 10


@given(seed=st.integers(0, 2**64 - 1), moves=st.lists(st.integers(0, 3), max_size=12),
       players=st.integers(2, 4))
def test_any_reachable_position_round_trips_through_toml(seed, moves, players):
    e = fresh(seed, num_players=players)
    for m in moves:
        if not e.agents or e.terminations[e.agent_selection]:
            break
        if m in e.legal_actions():
            e.step(m)
    import tomllib

    f = envs.make_raw("toy")
    f.load_scenario(tomllib.loads(scenario.dump_toml(e.to_scenario(exact=True))))
    assert f.record.tobytes() == e.record.tobytes()
    # without exact (no rng) every seat still sees the same position and legal actions
    g = envs.make_raw("toy")
    g.load_scenario(tomllib.loads(scenario.dump_toml(e.to_scenario())))
    ref = fresh(seed, num_players=players)
    ref.load_scenario(e.to_scenario(exact=True))   # e's bookkeeping as a fresh load has it
    for a in ref.possible_agents:
        o1, o2 = ref.observe(a), g.observe(a)
        assert o1["observation"].tobytes() == o2["observation"].tobytes()
        assert o1["action_mask"].tolist() == o2["action_mask"].tolist()


def test_config_dict_round_trip():
    cfg = np.zeros(1, CONFIG)
    cfg["num_players"] = 3
    cfg["target"] = 44
    back = scenario.from_dict(scenario.to_dict(cfg), np.zeros(1, CONFIG))
    assert back.tobytes() == cfg.tobytes()
