"""Scenario files (tests/scenarios/cursed_seas) load through the AEC env and play by the
rules: Unloading treasure, Shooting (ruling: Cannon hits, Mast loss)."""

from pathlib import Path

import pytest

import envs
from envs.core.errors import StateError
from envs.cursed_seas.state import A_OPT, A_ORDER, ACT_MOVE, ACT_SHOOT, LOC_HOME, PK_MAST

from .helpers import seg

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "cursed_seas"


def load(name):
    e = envs.make_raw("cursed_seas", num_players=2)
    e.reset(seed=0)
    e.load_scenario(SCENARIOS / name)
    return e


def test_dock_and_unload_file():
    e = load("dock_and_unload.toml")
    e.step(A_ORDER + ACT_MOVE)
    e.step(seg(1))                               # L, straight on, the whole segment
    s = e.record[0]
    home = (s["co_loc"] == LOC_HOME) & (s["co_at"] == 0)
    assert int(s["co_val"][home].sum()) == 6        # the score: gold unloaded at home


def test_broadside_hit_file():
    e = load("broadside_hit.toml")
    e.step(A_ORDER + ACT_SHOOT)
    e.step(A_OPT + 0)                            # cannon 0 fires first
    e.step(A_OPT + 6)
    assert e.record[0]["pending"] == PK_MAST
    e.step(A_OPT + 0)
    assert e.record[0]["sh_masts"][6] == 0b10


def test_scenario_keys_are_checked_by_name():
    e = load("dock_and_unload.toml")
    d = e.to_scenario()
    d["ships"][0]["heading"] = 400.0
    with pytest.raises(StateError, match="heading"):
        e.load_scenario(d)
    d = e.to_scenario()
    d["ships"][0]["x"] = 2.0                      # on top of island 0
    with pytest.raises(StateError, match="overlaps island"):
        e.load_scenario(d)
    d = e.to_scenario()
    d["shipz"] = []
    with pytest.raises(StateError, match="did you mean 'ships'"):
        e.load_scenario(d)
