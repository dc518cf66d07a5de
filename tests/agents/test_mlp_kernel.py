"""The numba actor (envs/core/mlp.py) gives the torch actor's logits and refuses misfits."""

import gymnasium as gym
import numpy as np
import pytest
import torch

from agents.policy import actor_logits, export_actor
from envs.core import mlp


def _policy(obs_size=40, actions=7, arch=(16, 16), act=torch.nn.Tanh):
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    return MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (obs_size,), np.float32),
                                     gym.spaces.Discrete(actions), lambda _: 1e-3,
                                     net_arch=list(arch), activation_fn=act)


def _same_logits(pol, params, layout, seed, every, atol):
    """mlp.forward gives the torch actor's logits on 5 random observations of 40 features
    (every ``every``-th zero: zero features are skipped, still exact)."""
    obs = np.random.default_rng(seed).normal(size=(5, 40)).astype(np.float32)
    obs[:, ::every] = 0.0
    ref = actor_logits(pol, obs)
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for i in range(5):
        out = np.zeros(7, np.float32)
        mlp.forward(params, layout, obs[i], scratch, out)
        np.testing.assert_allclose(out, ref[i], atol=atol)


@pytest.mark.parametrize("act", [torch.nn.Tanh, torch.nn.ReLU])
def test_numba_forward_equals_the_torch_actor(act):
    pol = _policy(act=act)
    params, layout = export_actor(pol)
    mlp.check_layout(params, layout, 40, 7)
    _same_logits(pol, params, layout, seed=0, every=3, atol=1e-5)


def test_a_sparse_observation_gives_the_torch_logits():
    """Game observations are mostly zero, skipped a block of features at a time: features
    set only in the last full block, in the tail after the last block, a negative zero and
    whole empty blocks still give the torch actor's logits."""
    pol = _policy(obs_size=100)
    params, layout = export_actor(pol)
    rng = np.random.default_rng(3)
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for on in ([95], [47, 99], [0, 16, 31, 32, 80], [63, 64]):
        obs = np.zeros(100, np.float32)
        obs[on] = rng.normal(size=len(on)).astype(np.float32)
        obs[40] = -0.0
        out = np.zeros(7, np.float32)
        mlp.forward(params, layout, obs, scratch, out)
        np.testing.assert_allclose(out, actor_logits(pol, obs[None])[0], atol=1e-5)


def test_a_layout_that_does_not_fit_the_game_is_refused():
    params, layout = export_actor(_policy())
    with pytest.raises(ValueError, match="observation features"):
        mlp.check_layout(params, layout, 41, 7)
    with pytest.raises(ValueError, match="parameter row"):
        mlp.check_layout(params[:-1], layout, 40, 7)


def _scored(obs_size=40, actions=7, scored=(2, 4, 3), arch=(16, 16)):
    from agents.scored_policy import ScoredActorCriticPolicy

    torch.manual_seed(0)
    pol = ScoredActorCriticPolicy(gym.spaces.Box(-1, 1, (obs_size,), np.float32),
                                  gym.spaces.Discrete(actions), lambda _: 1e-3,
                                  net_arch=list(arch), scored=scored)
    with torch.no_grad():                # SB3's small initial head would hide a wrong sum
        for p in pol.action_net.parameters():
            p.normal_()
    return pol


def test_the_scoring_head_adds_each_action_features_dot_the_state_weights():
    pol = _scored()
    obs = np.random.default_rng(1).normal(size=(3, 40)).astype(np.float32)
    x = torch.from_numpy(obs)
    head = pol.action_net
    h = pol.mlp_extractor.policy_net(x[:, :28])
    u = head.score(h)                                # [3, 3]: one weight per feature
    want = head.base(h).detach().numpy().copy()
    for a in range(4):
        want[:, 2 + a] += (u * x[:, 28 + 3 * a:31 + 3 * a]).sum(1).detach().numpy()
    np.testing.assert_allclose(actor_logits(pol, obs), want, atol=1e-5)
    # an action outside the block ignores the features
    moved = obs.copy()
    moved[:, 28:] += 1.0
    got = actor_logits(pol, moved)
    np.testing.assert_allclose(got[:, [0, 1, 6]], want[:, [0, 1, 6]], atol=1e-5)
    assert np.abs(got[:, 2:6] - want[:, 2:6]).max() > 1e-3


def test_numba_forward_equals_the_torch_actor_that_scores_actions():
    pol = _scored()
    params, layout = export_actor(pol)
    assert layout[-1, 4] == mlp.ACT_SCORE and mlp.scored(layout) == (2, 4, 3)
    mlp.check_layout(params, layout, 40, 7)
    assert (mlp.input_size(layout), mlp.num_outputs(layout)) == (40, 7)
    _same_logits(pol, params, layout, seed=2, every=4, atol=1e-4)
    # a row too short for the scoring weights, or a block beyond the actions, is refused
    with pytest.raises(ValueError, match="action-scoring row"):
        mlp.check_layout(params[:-1], layout, 40, 7)
    bad = layout.copy()
    bad[-1, 0] = 5
    with pytest.raises(ValueError, match="action-scoring row"):
        mlp.check_layout(params, bad, 40, 7)
    with pytest.raises(ValueError, match="observation features"):
        mlp.check_layout(params, layout, 41, 7)


def test_a_scoring_policy_survives_8_bit_packing():
    from agents import weights_int8

    params, layout = export_actor(_scored())
    packed = weights_int8.pack(params, layout)
    back = weights_int8.unpack(packed["weights"], packed["scales"], packed["biases"], layout)
    assert back.shape == params.shape
    np.testing.assert_allclose(back, params, atol=np.abs(params).max() / 100)


@pytest.mark.parametrize("legal", [1, 6, 40], ids=["one", "a_few_columns", "most_dense"])
@pytest.mark.parametrize("net", ["tanh", "relu", "scored"])
def test_the_legal_actions_logits_are_forwards_to_the_bit(net, legal):
    """forward_legal (the search's prior, self-play's opponents) gives each legal action the
    float32 logit forward gives it, through the last layer's columns (few legal actions of
    64) or the whole layer; with columns the other entries are left as they were."""
    if net == "scored":
        pol, size = _scored(obs_size=160, actions=64, scored=(8, 40, 3)), 160
    else:
        pol, size = _policy(actions=64, act=torch.nn.Tanh if net == "tanh" else torch.nn.ReLU), 40
    params, layout = export_actor(pol)
    rng = np.random.default_rng(7)
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for _ in range(6):
        obs = rng.normal(size=size).astype(np.float32)
        obs[::3] = 0.0
        full = np.zeros(64, np.float32)
        mlp.forward(params, layout, obs, scratch, full)
        mask = np.zeros(64, np.uint8)
        mask[rng.choice(64, legal, replace=False)] = 1
        out = np.full(64, np.nan, np.float32)
        mlp.forward_legal(params, layout, obs, scratch, out, mask)
        on = mask == 1
        assert np.array_equal(out[on], full[on])
        rest = out[~on]
        if 4 * legal < 64:
            assert np.isnan(rest).all()
        else:
            assert np.array_equal(rest, full[~on])


@pytest.mark.parametrize("net", ["tanh", "scored"])
def test_scaled_logits_are_every_action_logit_times_the_factor(net):
    """mlp.scale_logits (a prior's temperature) scales the last plain layer and the
    action-scoring row, so every logit, the scored block's too, is the factor times the
    network's; the weights it was given are left as they were."""
    params, layout = export_actor(_policy() if net == "tanh" else _scored())
    kept = params.copy()
    soft = mlp.scale_logits(params, layout, 0.25)
    assert np.array_equal(params, kept)
    obs = np.random.default_rng(4).normal(size=(3, 40)).astype(np.float32)
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for x in obs:
        raw, got = np.zeros(7, np.float32), np.zeros(7, np.float32)
        mlp.forward(params, layout, x, scratch, raw)
        mlp.forward(soft, layout, x, scratch, got)
        np.testing.assert_allclose(got, 0.25 * raw, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("bad", [0.0, -1.0, float("nan"), float("inf")])
def test_a_logit_factor_that_is_not_positive_and_finite_is_refused(bad):
    params, layout = export_actor(_policy())
    with pytest.raises(ValueError, match="logit factor"):
        mlp.scale_logits(params, layout, bad)
