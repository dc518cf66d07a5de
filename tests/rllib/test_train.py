"""RLlib PPO self-play on Seas of Havoc in local mode on two cores (issue 15).

The game is the two-player skirmish of ``tests/training/test_learning_havoc.py`` (two-card
Damage deck, Island Setup 5; auto_forced), trained with the opt-in shaped reward and
evaluated on the plain game. One run serves every test here: ``broadside train --backend
rllib`` in a subprocess with ``PYTHONHASHSEED=0`` (RLlib orders some per-agent work by set
iteration, so a run is reproducible only with the hash seed pinned as well as the seed).

- training raises the greedy policy's win rate against random above the untrained policy's
  (the initial weights of the same seeded config, the same random opponent, the same 200
  seeded games), by more than the two 95% Wilson intervals allow by chance;
- the checkpoint restores: the resumed policy plays the run's last evaluation games exactly
  as the run recorded them, the league keeps its snapshots and step count, and ``--resume``
  trains on; an existing run is never overwritten.

Both checks are one test function: under pytest-xdist two tests may land on two workers and
each would pay for the run (about 70 s on two cores).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray.rllib")

import agents  # noqa: E402
from training.evaluate import evaluate_vs  # noqa: E402
from training.rllib.trainer import (  # noqa: E402
    RLlibConfig, RLlibTrainer, RLModuleAgent, init_ray,
)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SKIRMISH = {"num_players": 2, "auto_forced": True, "damage_deck": 2}
TIMESTEPS = 65536


def cli_args(run_dir, *extra) -> list[str]:
    return ["train", "--backend", "rllib", "--game", "havoc", "--config", "num_players=2",
            "--config", "auto_forced=true", "--config", "damage_deck=2",
            "--config", "shaped_reward=true", "--num-env-runners", "0",
            "--envs-per-runner", "16", "--batch-size", "512", "--lr", "1e-3", "--seed", "0",
            "--opponents", "self=0.3,random=0.7", "--eval-games", "20",
            "--run-dir", str(run_dir), *extra]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """(run folder, league.json) of a finished run; Ray started here for the tests."""
    import ray

    run_dir = tmp_path_factory.mktemp("rllib") / "run"
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT))
    res = subprocess.run([sys.executable, "-m", "training.cli"] +
                         cli_args(run_dir, "--timesteps", str(TIMESTEPS),
                                  "--eval-every", str(TIMESTEPS)),
                         env=env, capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-3000:]
    init_ray(None, 2)
    yield run_dir, json.loads((run_dir / "checkpoint" / "league.json").read_text())
    ray.shutdown()


def vs_random(module, games=200, seed=1234, config=SKIRMISH):
    return evaluate_vs("havoc", RLModuleAgent(module), agents.make("random", "havoc", seed=1),
                       games, seed=seed, config=config)


def test_rllib_ppo_learns_and_its_checkpoint_restores(run):
    """One test, so that one pytest-xdist worker pays for the training run."""
    ppo_beats_random_more_often_than_the_untrained_policy(*run)
    checkpoint_restores_the_policy_the_league_and_training(*run)


def ppo_beats_random_more_often_than_the_untrained_policy(run_dir, league):
    cfg = RLlibConfig.from_json(dict(league["config"], run_dir=str(run_dir / "fresh")))
    fresh = RLlibTrainer(cfg)
    trained = RLlibTrainer.resume(run_dir)
    try:
        before, after = vs_random(fresh.main_module()), vs_random(trained.main_module())
    finally:
        fresh.stop()
        trained.stop()
    print("untrained", before.as_dict(), "trained", after.as_dict())
    assert after.ci[0] > before.ci[1], (before.as_dict(), after.as_dict())


def checkpoint_restores_the_policy_the_league_and_training(run_dir, league):
    from training.cli import main

    last = league["history"][-1]
    resumed = RLlibTrainer.resume(run_dir)
    try:
        cfg = resumed.cfg
        again = vs_random(resumed.main_module(), cfg.eval_games, cfg.seed + 1000,
                          cfg.game_config)
        assert resumed.snapshots == league["snapshots"]
        assert resumed.timesteps == league["timesteps"] >= TIMESTEPS
    finally:
        resumed.stop()
    recorded = last["vs_random"]
    assert (again.wins, again.draws, again.losses) == \
        (recorded["wins"], recorded["draws"], recorded["losses"])

    assert main(cli_args(run_dir, "--resume", "--timesteps", str(league["timesteps"] + 2048),
                         "--eval-every", "2048")) == 0
    after = json.loads((run_dir / "checkpoint" / "league.json").read_text())
    assert after["timesteps"] >= league["timesteps"] + 2048
    assert len(after["history"]) == len(league["history"]) + 1
    assert main(cli_args(run_dir, "--timesteps", "512")) == 2, "a run is never overwritten"
