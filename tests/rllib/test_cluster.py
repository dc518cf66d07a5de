"""``broadside train --backend rllib --address ...`` joins a running Ray cluster (README:
"Training on a Ray cluster"): a head node started apart from the command (as ``ray start
--head`` does), the command in its own process with one remote env runner on it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_train_joins_a_running_cluster(tmp_path):
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 2})
    address = cluster.address
    try:
        run_dir = tmp_path / "run"
        res = subprocess.run(
            [sys.executable, "-m", "training.cli", "train", "--backend", "rllib",
             "--game", "havoc", "--config", "num_players=2", "--config", "damage_deck=2",
             "--num-env-runners", "1", "--envs-per-runner", "8", "--timesteps", "1024",
             "--batch-size", "128", "--eval-every", "1024", "--eval-games", "2",
             "--opponents", "self=0.5,random=0.5", "--run-dir", str(run_dir),
             "--address", address],
            capture_output=True, text=True, timeout=600,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        cluster.shutdown()
    assert res.returncode == 0, res.stderr[-3000:]
    league = json.loads((run_dir / "checkpoint" / "league.json").read_text())
    assert league["timesteps"] >= 1024
    assert league["config"]["address"] == address
