"""The KL anchor (training/anchor.py): the divergence it adds, and that it holds PPO near the
warm-start policy, on the toy game."""

import math

import pytest
import torch

from training.anchor import Anchor, kl_to, masked_log_probs
from training.trainer import TrainConfig, Trainer


def _cfg(run_dir, **kw):
    base = dict(game="toy", timesteps=2048, num_envs=4, n_steps=64, batch_size=64, n_epochs=4,
                eval_every=2048, eval_games=4, eval_envs=4, net_arch=(16,), seed=5,
                learning_rate=3e-3, ent_coef=0.0, run_dir=str(run_dir), tensorboard=False,
                progress=False, opponents={"random": 1.0})
    base.update(kw)
    return TrainConfig(**base)


def test_kl_of_masked_distributions_by_hand():
    # anchor (1/2, 1/2, 0), policy (1/4, 3/4, 0): KL = 1/2 ln 2 + 1/2 ln(2/3)
    anchor = torch.log(torch.tensor([[0.5, 0.5, 0.0]]))
    policy = torch.log(torch.tensor([[0.25, 0.75, 0.0]]))
    want = 0.5 * math.log(2.0) + 0.5 * math.log(2.0 / 3.0)
    assert float(kl_to(anchor, policy)) == pytest.approx(want, rel=1e-6)
    assert float(kl_to(anchor, anchor)) == 0.0


def test_illegal_actions_add_nothing_to_the_kl(tmp_path):
    tr = Trainer(_cfg(tmp_path))
    obs = torch.as_tensor(tr.env.reset())
    masks = torch.as_tensor(tr.env.action_masks())
    with torch.no_grad():
        logp = masked_log_probs(tr.model.policy, obs, masks)
    assert torch.all(logp.exp()[~masks] < 1e-30)
    assert float(kl_to(logp, logp)) == pytest.approx(0.0, abs=1e-7)


def _kl_after_training(run_dir, anchor: float) -> float:
    tr = Trainer(_cfg(run_dir, anchor=anchor))
    start = tr.pool.snapshots[0].policy
    tr.model.learn(total_timesteps=2048)
    obs = torch.as_tensor(tr.env.reset())
    masks = torch.as_tensor(tr.env.action_masks())
    with torch.no_grad():
        return float(kl_to(masked_log_probs(start, obs, masks),
                           masked_log_probs(tr.model.policy, obs, masks)))


def test_anchor_holds_ppo_near_the_first_snapshot(tmp_path):
    free = _kl_after_training(tmp_path / "free", 0.0)
    held = _kl_after_training(tmp_path / "held", 3.0)
    assert free > 0.01                      # PPO at this learning rate moves the policy
    assert held < free / 3


def test_anchor_is_reattached_on_resume_to_the_same_policy(tmp_path):
    tr = Trainer(_cfg(tmp_path, anchor=1.0, timesteps=512, eval_every=256))
    tr.train(until=256)
    resumed = Trainer.resume(tmp_path)
    assert isinstance(resumed.anchor, Anchor)
    a, b = tr.pool.snapshots[0].policy.state_dict(), resumed.anchor.anchor.state_dict()
    assert all(torch.equal(a[k], b[k]) for k in a)
    resumed.train()
    assert resumed.history[-1]["anchor_kl"] > 0


def test_anchor_coefficient_must_be_positive(tmp_path):
    tr = Trainer(_cfg(tmp_path))
    with pytest.raises(ValueError, match="anchor coefficient"):
        Anchor(tr.model, tr.pool.snapshots[0].policy, 0.0)
