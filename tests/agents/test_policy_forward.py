"""The policy agent's direct actor forward gives SB3's own logits and samples its softmax."""

import gymnasium as gym
import numpy as np
import pytest
import torch

from agents.policy import _actor_layers, actor_logits, policy_actions


def _policy(obs_size=40, actions=7, arch=(16, 16)):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    return MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (obs_size,), np.float32),
                                     gym.spaces.Discrete(actions), lambda _: 1e-3,
                                     net_arch=list(arch))


def test_direct_forward_equals_sb3_logits():
    pol = _policy()
    assert _actor_layers(pol), "SB3's MLP policy takes the direct path"
    obs = np.random.default_rng(0).normal(size=(5, 40)).astype(np.float32)
    with torch.no_grad():
        ref = pol.get_distribution(torch.as_tensor(obs)).distribution.logits.numpy()
    got = actor_logits(pol, obs)
    # SB3 normalises logits (log-softmax); a constant per row does not change the policy
    got = got - np.log(np.exp(got - got.max(1, keepdims=True)).sum(1, keepdims=True)) \
        - got.max(1, keepdims=True)
    np.testing.assert_allclose(got, ref, atol=1e-5)


def test_greedy_is_the_best_legal_action_and_no_legal_action_is_minus_one():
    pol = _policy()
    obs = np.random.default_rng(1).normal(size=(3, 40)).astype(np.float32)
    masks = np.zeros((3, 7), np.uint8)
    masks[0, [1, 4]] = 1
    masks[1, :] = 1
    logits = actor_logits(pol, obs)
    acts = policy_actions(pol, obs, masks, deterministic=True)
    assert acts[0] == [1, 4][int(np.argmax(logits[0, [1, 4]]))]
    assert acts[1] == int(np.argmax(logits[1]))
    assert acts[2] == -1


def test_sampling_follows_the_masked_softmax():
    pol = _policy()
    obs = np.random.default_rng(2).normal(size=(1, 40)).astype(np.float32)
    mask = np.array([[1, 0, 1, 1, 0, 0, 1]], np.uint8)
    logits = actor_logits(pol, obs)[0].astype(np.float64)
    p = np.where(mask[0] > 0, np.exp(logits - logits.max()), 0.0)
    p /= p.sum()
    n = 20000
    gen = torch.Generator().manual_seed(3)
    acts = policy_actions(pol, np.repeat(obs, n, 0), np.repeat(mask, n, 0), False, gen)
    freq = np.bincount(acts, minlength=7) / n
    assert freq[mask[0] == 0].sum() == 0
    np.testing.assert_allclose(freq, p, atol=4 * np.sqrt(0.25 / n))


def test_a_policy_of_another_shape_still_plays():
    pol = _policy()
    pol.mlp_extractor.policy_net = torch.nn.Sequential(*pol.mlp_extractor.policy_net,
                                                       torch.nn.Identity())
    pol.__dict__.pop("_broadside_actor", None)
    assert _actor_layers(pol) is None
    obs = np.zeros((2, 40), np.float32)
    acts = policy_actions(pol, obs, np.ones((2, 7), np.uint8))
    assert acts.shape == (2,) and (acts >= 0).all()


@pytest.mark.parametrize("seed", [0, 1])
def test_the_same_seed_draws_the_same_actions(seed):
    pol = _policy()
    obs = np.random.default_rng(4).normal(size=(6, 40)).astype(np.float32)
    m = np.ones((6, 7), np.uint8)
    a = policy_actions(pol, obs, m, False, torch.Generator().manual_seed(seed))
    b = policy_actions(pol, obs, m, False, torch.Generator().manual_seed(seed))
    assert np.array_equal(a, b)


def _sb3_logits(pol, obs):
    with torch.no_grad():
        out = pol.get_distribution(torch.as_tensor(obs)).distribution.logits.numpy()
    return out


def _normalised(x):
    m = x.max(1, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(1, keepdims=True))


def test_sparse_observations_give_the_same_logits():
    """Observations are mostly zero (one-hot features): the direct path agrees there too."""
    pol = _policy(obs_size=200)
    rng = np.random.default_rng(5)
    obs = np.zeros((3, 200), np.float32)
    for r in range(3):
        obs[r, rng.choice(200, 12, replace=False)] = rng.normal(size=12)
    np.testing.assert_allclose(_normalised(actor_logits(pol, obs)), _sb3_logits(pol, obs),
                               atol=1e-5)


def test_training_the_live_policy_changes_what_it_plays():
    """Self-play's live opponent shares the learner's weights: an in-place update (an
    optimizer step) must show in the next forward pass."""
    pol = _policy()
    obs = np.random.default_rng(6).normal(size=(2, 40)).astype(np.float32)
    before = actor_logits(pol, obs).copy()
    with torch.no_grad():
        pol.action_net.bias.add_(torch.arange(7, dtype=torch.float32))
    after = actor_logits(pol, obs)
    np.testing.assert_allclose(after - before, np.tile(np.arange(7.0), (2, 1)), atol=1e-5)
    np.testing.assert_allclose(_normalised(after), _sb3_logits(pol, obs), atol=1e-5)


def test_the_sparse_first_layer_follows_in_place_updates():
    pol = _policy(obs_size=200)
    obs = np.zeros((2, 200), np.float32)
    obs[0, 3] = obs[1, 150] = 1.0
    actor_logits(pol, obs)                      # caches the transposed first layer
    with torch.no_grad():
        pol.mlp_extractor.policy_net[0].weight.mul_(-2.0)
    np.testing.assert_allclose(_normalised(actor_logits(pol, obs)), _sb3_logits(pol, obs),
                               atol=1e-5)
