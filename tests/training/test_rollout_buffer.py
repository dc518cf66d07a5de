"""The env-major rollout buffer (training/rollout_buffer.py) yields SB3's minibatches element
for element, without copying its observations at an update or making them again at a
rollout, and a pipelined trainer's two buffers never share their arrays."""

import gymnasium as gym
import numpy as np
import torch
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer

from training.pipeline import _take_rollout
from training.rollout_buffer import EnvMajorRolloutBuffer, install, like

STEPS, ENVS, OBS, ACTIONS = 16, 3, 7, 5


def _buffer(cls):
    return cls(STEPS, gym.spaces.Box(-1, 1, (OBS,), np.float32), gym.spaces.Discrete(ACTIONS),
               device="cpu", gamma=0.9, gae_lambda=0.8, n_envs=ENVS)


def _fill(buf, seed):
    rng = np.random.default_rng(seed)
    buf.reset()
    for _ in range(STEPS):
        buf.add(rng.normal(size=(ENVS, OBS)).astype(np.float32),
                rng.integers(0, ACTIONS, (ENVS, 1)), rng.normal(size=ENVS).astype(np.float32),
                rng.random(ENVS) < 0.2, torch.as_tensor(rng.normal(size=ENVS)),
                torch.as_tensor(rng.normal(size=ENVS)),
                action_masks=(rng.random((ENVS, ACTIONS)) < 0.7).astype(np.float32))
    buf.compute_returns_and_advantage(torch.as_tensor(rng.normal(size=ENVS)),
                                      rng.random(ENVS) < 0.5)


def _minibatches(buf, seed):
    np.random.seed(seed)            # SB3 shuffles with numpy's global generator
    return [[t.clone() for t in batch] for batch in buf.get(10)]


def test_minibatches_equal_sb3s_element_for_element():
    sb3, ours = _buffer(MaskableRolloutBuffer), _buffer(EnvMajorRolloutBuffer)
    for rollout in range(2):           # the second reuses the first's observation memory
        _fill(sb3, seed=rollout)
        _fill(ours, seed=rollout)
        want, got = _minibatches(sb3, seed=rollout), _minibatches(ours, seed=rollout)
        assert len(got) == len(want) == 5
        for a, b in zip(want, got):
            for x, y in zip(a, b):
                torch.testing.assert_close(y, x, atol=0, rtol=0)
        np.testing.assert_array_equal(ours.observations, sb3.observations)


def test_the_update_reads_the_kept_observations_in_place():
    buf = _buffer(EnvMajorRolloutBuffer)
    store = buf.obs_store
    for rollout in range(3):
        _fill(buf, seed=rollout)
        next(buf.get(10))
        assert buf.obs_store is store                    # made once for the buffer's life
        assert buf.observations.shape == (STEPS * ENVS, OBS)
        assert np.shares_memory(buf.observations, store)      # flattened without a copy


def test_exchanged_buffers_hand_over_the_rollout_and_share_no_array():
    trained, collecting = _buffer(EnvMajorRolloutBuffer), _buffer(EnvMajorRolloutBuffer)
    _fill(trained, seed=1)
    _fill(collecting, seed=2)
    rollout = collecting.observations.copy()
    old_store = trained.obs_store
    _take_rollout(trained, collecting)
    np.testing.assert_array_equal(trained.observations, rollout)
    assert collecting.obs_store is old_store
    _fill(collecting, seed=3)                # the next collection, while the update trains
    np.testing.assert_array_equal(trained.observations, rollout)
    for k, v in vars(trained).items():
        if isinstance(v, np.ndarray):
            assert not np.shares_memory(v, getattr(collecting, k)), k


def test_install_replaces_the_models_buffer_with_one_of_its_size():
    class Model:
        rollout_buffer = _buffer(MaskableRolloutBuffer)

    m = Model()
    buf = install(m)
    assert m.rollout_buffer is buf and type(buf) is EnvMajorRolloutBuffer
    assert (buf.buffer_size, buf.n_envs, buf.gamma, buf.gae_lambda) == (STEPS, ENVS, 0.9, 0.8)
    assert type(like(buf)) is EnvMajorRolloutBuffer


def test_a_trainer_trains_with_it_as_with_sb3s_buffer(tmp_path, monkeypatch, short_havoc_run):
    """The pipelined trainer's buffers (env-major, exchanged, minibatches of compressed rows
    only) change no weight of a run: the same seed gives the same policy as SB3's buffer."""
    from training import sparse_input, trainer

    run = short_havoc_run
    ours = run(tmp_path / "a")
    assert type(ours.model.rollout_buffer) is EnvMajorRolloutBuffer
    # the plain policy's minibatches carry compressed rows, no dense ones
    assert next(ours.model.rollout_buffer.get(64)).observations.stride() == (0, 0)
    monkeypatch.setattr(trainer, "install_buffer", lambda model: model.rollout_buffer)
    monkeypatch.setattr(sparse_input, "reads_rows_only", lambda policy: False)
    sb3 = run(tmp_path / "b")
    assert type(sb3.model.rollout_buffer) is MaskableRolloutBuffer
    want, got = sb3.model.policy.state_dict(), ours.model.policy.state_dict()
    assert all(torch.equal(got[k], v) for k, v in want.items())
