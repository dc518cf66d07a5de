"""The KL anchor (training/anchor.py): the divergence it adds, and that it holds PPO near the
warm-start policy, on the toy game."""

import math

import numpy as np

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


def test_one_backward_pass_carries_ppo_loss_and_the_penalty(tmp_path):
    """The log-probs PPO gets back inside its minibatch loop differentiate as PPO's loss plus
    coef * KL(anchor || policy) over that minibatch's own rows (training/anchor.py)."""
    coef = 2.0
    tr = Trainer(_cfg(tmp_path, anchor=coef, timesteps=256, eval_every=256))
    model, anchor = tr.model, tr.anchor
    model.learn(total_timesteps=256)             # one rollout: the buffer holds 256 rows
    buf = model.rollout_buffer
    with torch.no_grad():                        # far from the anchor: a KL worth its gradient
        model.policy.action_net.weight.add_(torch.linspace(-0.5, 0.5,
                                            model.policy.action_net.weight.numel()
                                            ).reshape(model.policy.action_net.weight.shape))
    rows = np.array([250, 3, 17, 128, 64, 200, 9, 99])
    weights = torch.linspace(-1.0, 2.0, rows.size)

    def grads(loss):
        model.policy.zero_grad()
        loss.backward()
        return [p.grad.clone() for p in model.policy.parameters() if p.grad is not None]

    data = buf._get_samples(rows)                # arms the penalty for this minibatch
    acts = data.actions.long().flatten()
    _, logp, _ = model.policy.evaluate_actions(data.observations, acts,
                                               action_masks=data.action_masks)
    got = grads((weights * logp).sum())
    _, plain, _ = model.policy.evaluate_actions(data.observations, acts,
                                                action_masks=data.action_masks)
    assert torch.equal(plain, logp)              # forward: PPO's log-probs unchanged
    with torch.no_grad():
        target = masked_log_probs(anchor.anchor, data.observations, data.action_masks)
    kl = kl_to(target, masked_log_probs(model.policy, data.observations, data.action_masks))
    want = grads((weights * plain).sum() + coef * kl)
    assert anchor.last_kl == pytest.approx(float(kl.detach()), rel=1e-4)
    assert float(kl.detach()) > 0.05
    assert len(got) == len(want)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-6)
