"""The self-play trainer on the toy game: checkpoint/resume reproduces, outputs are written."""

import json

import numpy as np
import torch
from PIL import Image

from training.plots import learning_curve
from training.trainer import TrainConfig, Trainer

TIMING = {"train_seconds", "train_cpu_seconds", "env_steps_per_s", "env_kernel_share",
          "opponent_share", "reply_kernel_share"}


def _cfg(run_dir, **kw):
    base = dict(game="toy", timesteps=1024, num_envs=4, n_steps=32, batch_size=64, n_epochs=2,
                eval_every=256, eval_games=16, eval_envs=8, net_arch=(16,), seed=3,
                run_dir=str(run_dir), tensorboard=False, progress=False,
                opponents={"self": 0.4, "snapshot": 0.3, "heuristic": 0.1, "random": 0.2},
                promote_threshold=0.4)
    base.update(kw)
    return TrainConfig(**base)


def _strip(history):
    return [{k: v for k, v in h.items() if k not in TIMING} for h in history]


def test_checkpoint_resume_reproduces_an_uninterrupted_run(tmp_path):
    straight = Trainer(_cfg(tmp_path / "a"))
    straight.train()

    first = Trainer(_cfg(tmp_path / "b"))
    first.train(until=512)
    del first                       # the interruption: nothing survives but the run folder
    resumed = Trainer.resume(tmp_path / "b")
    assert resumed.timesteps == 512
    resumed.train()

    assert resumed.timesteps == straight.timesteps == 1024
    sa, sb = straight.model.policy.state_dict(), resumed.model.policy.state_dict()
    assert sa.keys() == sb.keys()
    for k in sa:
        assert torch.equal(sa[k], sb[k]), k
    assert _strip(resumed.history) == _strip(straight.history)
    assert resumed.env.vec.states.tobytes() == straight.env.vec.states.tobytes()
    assert [s.name for s in resumed.pool.snapshots] == [s.name for s in straight.pool.snapshots]
    assert resumed.ratings.leaderboard() == straight.ratings.leaderboard()


def test_training_writes_history_ratings_snapshots_and_checkpoint(tmp_path):
    tr = Trainer(_cfg(tmp_path, timesteps=512))
    rec = tr.train()
    assert rec["timesteps"] == 512
    assert [h["timesteps"] for h in tr.history] == [0, 256, 512]   # untrained baseline first
    assert not tr.history[0]["promoted"]
    for key in ("vs_random", "vs_heuristic", "vs_snapshot"):
        assert rec[key]["games"] == 16
    assert (tmp_path / "checkpoint" / "state.pkl").exists()
    assert (tmp_path / "snapshots" / "snapshot_0.zip").exists()
    assert json.loads((tmp_path / "history.json").read_text())[-1]["timesteps"] == 512
    names = {r["name"] for r in json.loads((tmp_path / "ratings.json").read_text())["ratings"]}
    assert {"random", "heuristic", "snapshot_0", "step_256", "step_512"} <= names
    assert rec["learner_steps"] == 512 and rec["opponent_steps"] > 0
    assert 0 < rec["env_kernel_share"] < 1
    png = learning_curve(tr.history, tmp_path / "curve.png")
    assert Image.open(png).size[0] > 100


def test_snapshots_are_promoted_only_past_the_threshold(tmp_path):
    never = Trainer(_cfg(tmp_path / "n", timesteps=512, promote_threshold=1.01))
    never.train()
    assert [s.name for s in never.pool.snapshots] == ["snapshot_0"]
    assert not any(h["promoted"] for h in never.history)
    always = Trainer(_cfg(tmp_path / "y", timesteps=512, promote_threshold=0.0))
    always.train()
    assert [s.name for s in always.pool.snapshots] == ["snapshot_0", "step_256", "step_512"]


def test_tensorboard_logs_evaluation_scalars(tmp_path):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    tr = Trainer(_cfg(tmp_path, timesteps=256, tensorboard=True))
    tr.train()
    assert tr.tb_dir == tmp_path / "tb" / tmp_path.name     # one subfolder per run
    acc = EventAccumulator(str(tr.tb_dir))
    acc.Reload()
    tags = set(acc.Tags()["scalars"])
    assert {"eval/win_rate_vs_random", "eval/win_rate_vs_heuristic",
            "eval/openskill_ordinal"} <= tags
    assert any(t.startswith("train/") for t in tags)
    ev = acc.Scalars("eval/win_rate_vs_random")
    last = tr.history[-1]["vs_random"]
    # the logged value is the evaluation's own tally: wins over the games played
    assert last["games"] == 16 and last["wins"] + last["draws"] + last["losses"] == 16
    assert last["win_rate"] == last["wins"] / 16
    assert ev[-1].step == 256 and abs(ev[-1].value - last["win_rate"]) < 1e-6


def test_evaluation_is_seeded(tmp_path):
    a = Trainer(_cfg(tmp_path / "a", timesteps=256))
    b = Trainer(_cfg(tmp_path / "b", timesteps=256))
    ra, rb = a.evaluate(), b.evaluate()
    assert {k: ra[k] for k in ("vs_random", "vs_heuristic")} == \
        {k: rb[k] for k in ("vs_random", "vs_heuristic")}
    assert np.isfinite(ra["ordinal"])
