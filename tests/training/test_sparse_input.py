"""The sparse first layer (training/sparse_input.py) gives the dense layer's outputs and
gradients, and a policy trained through it trains as the dense one does."""

import gymnasium as gym
import numpy as np
import pytest
import torch

from training import sparse_input


def _policy(obs_size=300, actions=9):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    return MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (obs_size,), np.float32),
                                     gym.spaces.Discrete(actions), lambda _: 1e-3,
                                     net_arch=[32, 32])


def _sparse_batch(rows=128, cols=300, density=0.07, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, cols)).astype(np.float32)
    x[rng.random((rows, cols)) > density] = 0.0
    return torch.from_numpy(x)


def test_outputs_and_gradients_equal_the_dense_layer():
    dense = torch.nn.Linear(300, 32)
    sparse = torch.nn.Linear(300, 32)
    sparse.load_state_dict(dense.state_dict())
    sparse.__class__ = sparse_input.SparseInputLinear
    x = _sparse_batch()
    g = torch.randn(128, 32)
    yd, ys = dense(x), sparse(x)
    torch.testing.assert_close(ys, yd, atol=1e-5, rtol=1e-5)
    (yd * g).sum().backward()
    (ys * g).sum().backward()
    torch.testing.assert_close(sparse.weight.grad, dense.weight.grad, atol=1e-4, rtol=1e-5)
    torch.testing.assert_close(sparse.bias.grad, dense.bias.grad, atol=1e-4, rtol=1e-5)


def test_dense_and_small_batches_take_the_dense_path():
    lin = torch.nn.Linear(300, 8)
    lin.__class__ = sparse_input.SparseInputLinear
    x = torch.randn(128, 300)                       # no zeros: dense
    torch.testing.assert_close(lin(x), torch.nn.functional.linear(x, lin.weight, lin.bias))
    assert lin(x).grad_fn.__class__.__name__ != "_SparseLinearBackward"
    small = _sparse_batch(rows=4)
    torch.testing.assert_close(lin(small), torch.nn.functional.linear(small, lin.weight,
                                                                      lin.bias))


def test_enable_switches_both_first_layers_and_keeps_the_state_dict():
    pol = _policy()
    before = {k: v.clone() for k, v in pol.state_dict().items()}
    params = list(pol.parameters())
    assert sparse_input.enable(pol) == 2
    assert type(pol.mlp_extractor.policy_net[0]) is sparse_input.SparseInputLinear
    assert type(pol.mlp_extractor.value_net[0]) is sparse_input.SparseInputLinear
    after = pol.state_dict()
    assert list(after) == list(before)
    assert all(torch.equal(after[k], v) for k, v in before.items())
    assert all(a is b for a, b in zip(pol.parameters(), params))   # the optimizer's own
    # the weights are laid out as W.T, and stay so when a state dict is loaded into them
    other = _policy()
    torch.manual_seed(7)
    for q in other.parameters():
        q.data.normal_()
    pol.load_state_dict(other.state_dict())
    for net in (pol.mlp_extractor.policy_net, pol.mlp_extractor.value_net):
        assert net[0].weight.t().is_contiguous()
    got = pol.state_dict()
    assert all(torch.equal(got[k], v) for k, v in other.state_dict().items())


def test_a_gradient_step_through_the_sparse_layers_matches_the_dense_one():
    a, b = _policy(), _policy()
    sparse_input.enable(b)
    x = _sparse_batch(seed=3)
    acts = torch.from_numpy(np.random.default_rng(1).integers(0, 9, 128))
    for pol in (a, b):
        values, logp, ent = pol.evaluate_actions(x, acts)
        (values.sum() - logp.sum() - ent.sum()).backward()
    for (n, pa), pb in zip(a.named_parameters(), b.parameters()):
        torch.testing.assert_close(pb.grad, pa.grad, atol=1e-4, rtol=1e-4, msg=n)
    for pol in (a, b):
        pol.optimizer.step()
    for (n, pa), pb in zip(a.named_parameters(), b.parameters()):
        torch.testing.assert_close(pb, pa, atol=1e-6, rtol=1e-5, msg=n)


def _filled_buffer(buf=None, seed=0):
    from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer

    if buf is None:
        obs_space = gym.spaces.Box(-1, 1, (300,), np.float32)
        buf = MaskableRolloutBuffer(64, obs_space, gym.spaces.Discrete(9), n_envs=4)
    buf.reset()
    rng = np.random.default_rng(7)
    for t in range(64):
        buf.add(_sparse_batch(rows=4, seed=1000 * seed + t).numpy(), rng.integers(0, 9, (4, 1)),
                np.zeros(4, np.float32), np.zeros(4, bool), torch.zeros(4), torch.zeros(4),
                action_masks=np.ones((4, 9), np.float32))
    return buf


def test_rollout_minibatches_carry_their_rows_of_one_compression_of_the_rollout(
        monkeypatch):
    """A minibatch's attached rows are exactly its own compressed rows, the sparse layers
    use them (no scan of the minibatch), and a gradient step through them matches the
    dense layers'."""
    buf = _filled_buffer()
    sparse_input.compress_rollouts(buf)
    a, b = _policy(), _policy()
    sparse_input.enable(b)
    batches = 0
    for data in buf.get(64):
        x = data.observations
        _, rows = x._broadside_rows
        for got, want in zip(rows, sparse_input._compress(x)):
            np.testing.assert_array_equal(got, want)
        acts = data.actions.long().flatten()
        scans = []
        compress = sparse_input._compress
        monkeypatch.setattr(sparse_input, "_compress", lambda t: scans.append(1) or compress(t))
        for pol in (a, b):
            pol.zero_grad()
            values, logp, ent = pol.evaluate_actions(x, acts)
            (values.sum() - logp.sum() - ent.sum()).backward()
        monkeypatch.setattr(sparse_input, "_compress", compress)
        assert not scans
        for (n, pa), pb in zip(a.named_parameters(), b.parameters()):
            torch.testing.assert_close(pb.grad, pa.grad, atol=1e-4, rtol=1e-4, msg=n)
        batches += 1
    assert batches == 4


def test_gathering_rows_outside_the_batch_is_refused():
    csr = sparse_input._compress(_sparse_batch(rows=32))
    with pytest.raises(IndexError, match="outside a batch of 32"):
        sparse_input.gather_rows(csr, np.array([0, 32]))


def test_rows_only_minibatches_hold_no_dense_rows_and_train_as_the_dense_ones():
    """With ``rows_only`` a minibatch's observations are a placeholder (no memory of their
    own) and the policy's gradient through its compressed rows is the dense policy's on
    the dense rows of the same minibatch."""
    dense_buf, rows_buf = _filled_buffer(), _filled_buffer()
    sparse_input.compress_rollouts(rows_buf, rows_only=True)
    a, b = _policy(), _policy()
    sparse_input.enable(b)
    assert sparse_input.reads_rows_only(b) and not sparse_input.reads_rows_only(a)
    np.random.seed(3)
    want = list(dense_buf.get(64))
    np.random.seed(3)
    got = list(rows_buf.get(64))
    assert len(got) == len(want) == 4
    for d, r in zip(want, got):
        assert r.observations.shape == d.observations.shape
        assert r.observations.stride() == (0, 0)
        for x, y in zip(d[1:], r[1:]):
            torch.testing.assert_close(y, x, atol=0, rtol=0)
        acts = d.actions.long().flatten()
        for pol, x in ((a, d.observations), (b, r.observations)):
            pol.zero_grad()
            values, logp, ent = pol.evaluate_actions(x, acts)
            (values.sum() - logp.sum() - ent.sum()).backward()
        for (n, pa), pb in zip(a.named_parameters(), b.parameters()):
            torch.testing.assert_close(pb.grad, pa.grad, atol=1e-4, rtol=1e-4, msg=n)


def test_a_rows_only_minibatch_that_lost_its_rows_is_refused():
    buf = _filled_buffer()
    sparse_input.compress_rollouts(buf, rows_only=True)
    pol = _policy()
    sparse_input.enable(pol)
    x = next(buf.get(64)).observations
    x._broadside_rows = (x._version - 1, x._broadside_rows[1])     # as if written since
    with pytest.raises(RuntimeError, match="compressed rows only"):
        pol.mlp_extractor.policy_net[0](x)


def test_a_policy_that_reads_features_past_its_first_layers_gets_dense_rows():
    from agents.scored_policy import ScoredActorCriticPolicy

    torch.manual_seed(0)
    pol = ScoredActorCriticPolicy(gym.spaces.Box(-1, 1, (300,), np.float32),
                                  gym.spaces.Discrete(9), lambda _: 1e-3, net_arch=[32],
                                  slots=(280, (("block", 5, (2, 3, 4, 5),
                                                (280, 285, 290, 295)),)))
    assert sparse_input.enable(pol) == 2
    assert not sparse_input.reads_rows_only(pol)


def test_one_compression_of_a_rollout_serves_its_update_and_the_next_rollout_makes_its_own(
        monkeypatch):
    """The rows a tensor of the whole rollout carries (as the pipeline's decoupling and the
    KL anchor read it) and every minibatch's come from one compression per rollout, and a
    new rollout in the same (kept) memory is compressed again, never read from the last."""
    from training.rollout_buffer import EnvMajorRolloutBuffer

    buf = EnvMajorRolloutBuffer(64, gym.spaces.Box(-1, 1, (300,), np.float32),
                                gym.spaces.Discrete(9), n_envs=4)
    sparse_input.compress_rollouts(buf)
    made = []
    compress = sparse_input._compress_array
    monkeypatch.setattr(sparse_input, "_compress_array", lambda a: made.append(1) or compress(a))
    for rollout in range(2):
        _filled_buffer(buf, seed=rollout)
        flat = buf.swap_and_flatten(buf.observations)
        x = sparse_input.carrying_rollout_rows(buf, torch.as_tensor(flat))
        for got, want in zip(x._broadside_rows[1], compress(np.ascontiguousarray(flat))):
            np.testing.assert_array_equal(got, want)
        for data in buf.get(64):
            obs = data.observations
            for got, want in zip(obs._broadside_rows[1], compress(obs.numpy())):
                np.testing.assert_array_equal(got, want)
        assert len(made) == rollout + 1
