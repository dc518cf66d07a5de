"""benchmarks/cursed_seas_steering.py: the decision kind it reads from an observation is the
record's, the agent that splits segments from the rest plays each on its own decisions, and
the command TRAINING.md prints runs (with a small budget)."""

from __future__ import annotations

import json

import numpy as np

import envs
from benchmarks import cursed_seas_steering as steering
from envs.cursed_seas.observe import observe
from envs.cursed_seas.state import A_NO, A_SEG, NUM_SEG_ACTIONS, PK_NAMES, PK_SEGMENT
from tests.cursed_seas.helpers import random_decisions


def test_the_decision_kind_read_from_an_observation_is_the_pending_one_of_its_record():
    spec = envs.spec("cursed_seas")
    rows, kinds = [], []
    for rec in random_decisions({"num_players": 2}, games=3, steps=300, seed=4):
        out = np.zeros(spec.obs_size, np.float32)
        observe(rec, int(rec["to_play"]), out)
        rows.append(out)
        kinds.append(int(rec["pending"]))
    assert PK_SEGMENT in kinds and len(set(kinds)) > 3
    assert steering.pending_kinds(np.array(rows)).tolist() == kinds


class _Fixed:
    """Always the same action (an agent the split must route decisions to)."""

    needs_state = False

    def __init__(self, action):
        self.action = action

    def act_batch(self, obs, masks, states=None, seats=None):
        return np.full(len(masks), self.action, dtype=np.int64)


def test_segments_go_to_one_agent_and_every_other_decision_to_the_other():
    spec = envs.spec("cursed_seas")
    segment, turn = np.zeros((2, spec.obs_size), np.float32)
    segment[5 + PK_SEGMENT] = 1.0
    turn[5 + PK_NAMES.index("turn")] = 1.0
    split = steering.SegmentsBy("split", _Fixed(A_SEG + NUM_SEG_ACTIONS - 1), _Fixed(A_NO))
    masks = np.ones((2, spec.num_actions), bool)
    got = split.act_batch(np.stack([segment, turn]), masks)
    assert got.tolist() == [A_SEG + NUM_SEG_ACTIONS - 1, A_NO]


def test_the_benchmark_reports_every_decision_kind_and_three_matches(tmp_path, capsys):
    out = tmp_path / "steering.json"
    assert steering.main(["--games", "6", "--epochs", "1", "--net", "16,16", "--play", "2",
                          "--out", str(out)]) == 0
    rep = json.loads(out.read_text())
    kinds = {r["kind"]: r for r in rep["by_kind"]}
    assert "segment" in kinds
    assert all(0.0 <= r["agreement"] <= 1.0 and 1.0 <= r["best"] <= r["legal"]
               for r in kinds.values())
    assert sum(r["decisions"] for r in kinds.values()) == rep["held_out"]["decisions"]
    assert [r["games"] for r in rep["play"]] == [2, 2, 2]
    assert all(r["wins"] + r["draws"] + r["losses"] == 2 for r in rep["play"])
    assert "| segment |" in capsys.readouterr().out
