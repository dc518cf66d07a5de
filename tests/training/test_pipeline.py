"""The pipelined PPO loop (training/pipeline.py): which weights collect each rollout, how a
lagged rollout is reweighted (decoupled PPO), that every collected rollout is trained on,
that runs reproduce, and that a failing collection stops the run cleanly."""

import threading

import numpy as np
import pytest
import torch

from agents.policy import copy_policy
from training.trainer import TrainConfig, Trainer


def _trainer(tmp_path, pipeline=True, **kw):
    cfg = dict(game="toy", timesteps=10**6, num_envs=4, n_steps=32, batch_size=64, n_epochs=2,
               eval_every=10**6, net_arch=(16,), seed=5, run_dir=str(tmp_path),
               tensorboard=False, progress=False, pipeline=pipeline,
               opponents={"self": 0.5, "random": 0.5})
    cfg.update(kw)
    return Trainer(TrainConfig(**cfg))


def _spy_updates(model):
    """Record, at the start of each PPO update, the weights it starts from and the rollout
    it trains on."""
    seen = []
    train = model.train

    def spying_train():
        buf = model.rollout_buffer
        seen.append({"weights": {k: v.clone() for k, v in model.policy.state_dict().items()},
                     "obs": buf.observations.copy(), "actions": buf.actions.copy(),
                     "masks": buf.action_masks.copy(), "log_probs": buf.log_probs.copy(),
                     "advantages": buf.advantages.copy()})
        return train()

    model.train = spying_train
    return seen


def _log_probs(model, weights, rec):
    """log pi(action | obs) of a recorded rollout under ``weights``."""
    policy = copy_policy(model.policy)
    policy.load_state_dict(weights)
    n = rec["actions"].shape[0] * rec["actions"].shape[1]
    with torch.no_grad():
        _, logp, _ = policy.evaluate_actions(
            torch.as_tensor(rec["obs"].reshape(n, -1)),
            torch.as_tensor(rec["actions"].reshape(n)),
            action_masks=rec["masks"].reshape(n, -1))
    return logp.numpy().reshape(rec["log_probs"].shape)


def _spy_collections(monkeypatch):
    """Record each rollout as collected (before any reweighting): its log-probabilities
    and advantages."""
    from training import pipeline

    seen = []
    take = pipeline._take_rollout

    def spying_take(dst, src):
        seen.append({"log_probs": src.log_probs.copy(), "advantages": src.advantages.copy()})
        return take(dst, src)

    monkeypatch.setattr(pipeline, "_take_rollout", spying_take)
    return seen


def test_serial_updates_train_on_rollouts_of_their_own_weights(tmp_path):
    tr = _trainer(tmp_path, pipeline=False)
    seen = _spy_updates(tr.model)
    tr._learn(3 * tr.cfg.rollout_size, None)
    assert len(seen) == 3 and tr.timesteps == 3 * tr.cfg.rollout_size
    for rec in seen:
        np.testing.assert_allclose(_log_probs(tr.model, rec["weights"], rec), rec["log_probs"],
                                   atol=1e-5)


def test_pipelined_rollouts_come_from_one_update_back_and_are_reweighted(tmp_path,
                                                                         monkeypatch):
    """Rollout k (k >= 1) is collected with the weights update k-1 starts from; update k
    trains on it with its own starting weights as the proximal policy and each advantage
    times min(1, pi_prox / pi_collecting) (decoupled PPO)."""
    tr = _trainer(tmp_path)
    collected = _spy_collections(monkeypatch)
    seen = _spy_updates(tr.model)
    tr._learn(3 * tr.cfg.rollout_size, None)
    assert len(seen) == len(collected) == 3           # every collected rollout is trained on
    assert tr.timesteps == 3 * tr.cfg.rollout_size
    for k, (got, rec) in enumerate(zip(collected, seen)):
        behaviour = _log_probs(tr.model, seen[max(0, k - 1)]["weights"], rec)
        np.testing.assert_allclose(behaviour, got["log_probs"], atol=1e-5)
        prox = _log_probs(tr.model, rec["weights"], rec)
        np.testing.assert_allclose(prox, rec["log_probs"], atol=1e-5)
        weight = np.minimum(1.0, np.exp(prox - behaviour))
        np.testing.assert_allclose(rec["advantages"], got["advantages"] * weight,
                                   rtol=1e-4, atol=1e-6)
        if k:       # the update moved the weights: the lag and the reweighting are real
            assert not np.allclose(prox, behaviour, atol=1e-5)
            assert (weight < 0.999).any()


def test_rollouts_differ_from_update_to_update(tmp_path):
    """The collected rollout is moved into the buffer PPO trains on (not the previous one
    trained twice)."""
    tr = _trainer(tmp_path)
    seen = _spy_updates(tr.model)
    tr._learn(3 * tr.cfg.rollout_size, None)
    assert not np.array_equal(seen[0]["obs"], seen[1]["obs"])
    assert not np.array_equal(seen[1]["obs"], seen[2]["obs"])


def test_the_self_opponent_plays_the_collecting_copy(tmp_path):
    tr = _trainer(tmp_path)
    tr._learn(2 * tr.cfg.rollout_size, None)
    behavior = tr.pool.current.policy
    assert behavior is tr._behavior and behavior is not tr.model.policy
    assert not any(p.requires_grad for p in behavior.parameters())
    own = {id(p) for p in tr.model.policy.parameters()}
    assert not any(id(p) in own for p in behavior.parameters())


def test_a_failing_collection_raises_in_the_caller_and_leaves_no_thread(tmp_path):
    tr = _trainer(tmp_path)
    step_wait = tr.env.step_wait
    calls = {"n": 0}

    def failing():
        calls["n"] += 1
        if calls["n"] == tr.cfg.n_steps + 5:      # inside the second, background collection
            raise RuntimeError("the game kernel faulted")
        return step_wait()

    tr.env.step_wait = failing
    before = threading.active_count()
    with pytest.raises(RuntimeError, match="the game kernel faulted"):
        tr._learn(3 * tr.cfg.rollout_size, None)
    assert threading.active_count() == before
    assert not any(t.name == "ppo-collector" for t in threading.enumerate())


def test_pipelined_runs_are_reproducible(tmp_path):
    runs = []
    for name in "ab":          # a Trainer seeds torch and numpy: build each just before use
        tr = _trainer(tmp_path / name)
        tr._learn(3 * tr.cfg.rollout_size, None)
        runs.append(tr)
    a, b = runs
    sa, sb = a.model.policy.state_dict(), b.model.policy.state_dict()
    for k in sa:
        assert torch.equal(sa[k], sb[k]), k
    assert a.env.vec.states.tobytes() == b.env.vec.states.tobytes()


def test_copying_the_policy_leaves_the_global_generator_alone(tmp_path):
    """The collecting copy is made on a run's first PPO chunk; a resumed run makes it later,
    so making it must not draw from torch's generator (a resumed run would diverge)."""
    tr = _trainer(tmp_path)
    before = torch.get_rng_state()
    copy = copy_policy(tr.model.policy)
    assert torch.equal(torch.get_rng_state(), before)
    for a, b in zip(copy.state_dict().values(), tr.model.policy.state_dict().values()):
        assert torch.equal(a, b)
