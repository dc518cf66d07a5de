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


#: one block of 4 actions x 3 features after a trunk of 28 (Cursed Seas' form)
BLOCK = (28, (("block", 3, (2, 3, 4, 5), (28, 31, 34, 37)),))
#: two kinds inside a trunk that is the whole observation, actions out of order and apart
#: (Five Sails' form: hand cards, crew members)
INSIDE = (40, (("hand", 3, (3, 0), (10, 4)), ("crew", 5, (5, 6, 1), (20, 25, 33))))


def _scored(obs_size=40, actions=7, slots=BLOCK, arch=(16, 16)):
    from agents.scored_policy import ScoredActorCriticPolicy

    torch.manual_seed(0)
    pol = ScoredActorCriticPolicy(gym.spaces.Box(-1, 1, (obs_size,), np.float32),
                                  gym.spaces.Discrete(actions), lambda _: 1e-3,
                                  net_arch=list(arch), slots=slots)
    with torch.no_grad():                # SB3's small initial head would hide a wrong sum
        for p in pol.action_net.parameters():
            p.normal_()
    return pol


def _by_hand(pol, obs, slots):
    """The logits as the module docstring defines them, from the policy's own layers."""
    x = torch.from_numpy(obs)
    head = pol.action_net
    h = pol.mlp_extractor.policy_net(x[:, :slots[0]])
    want = head.base(h).detach().numpy().copy()
    for (_, width, actions, offsets), layer in zip(slots[1], head.score):
        u = layer(h)                                 # one weight a block feature
        for a, o in zip(actions, offsets):
            want[:, a] += (u * x[:, o:o + width]).sum(1).detach().numpy()
    return want


@pytest.mark.parametrize("slots", [BLOCK, INSIDE], ids=["block", "inside"])
def test_the_scoring_head_adds_each_actions_block_dot_its_kinds_state_weights(slots):
    pol = _scored(slots=slots)
    obs = np.random.default_rng(1).normal(size=(3, 40)).astype(np.float32)
    want = _by_hand(pol, obs, slots)
    np.testing.assert_allclose(actor_logits(pol, obs), want, atol=1e-5)
    # moving one scored action's block past the trunk changes that action's logit alone
    kind = slots[1][-1]
    a, o = kind[2][0], kind[3][0]
    moved = obs.copy()
    moved[:, o:o + kind[1]] += 1.0
    got = actor_logits(pol, moved)
    if slots[0] <= o:
        others = [b for b in range(7) if b != a]
        np.testing.assert_allclose(got[:, others], want[:, others], atol=1e-5)
    np.testing.assert_allclose(got, _by_hand(pol, moved, slots), atol=1e-5)
    assert np.abs(got[:, a] - want[:, a]).max() > 1e-3


@pytest.mark.parametrize("slots", [BLOCK, INSIDE], ids=["block", "inside"])
def test_numba_forward_equals_the_torch_actor_that_scores_actions(slots):
    pol = _scored(slots=slots)
    params, layout = export_actor(pol)
    kinds = mlp.slot_kinds(layout)
    assert [(w, tuple(acts), tuple(offs)) for w, acts, offs, _, _ in kinds] == \
        [(w, acts, offs) for _, w, acts, offs in slots[1]]
    mlp.check_layout(params, layout, 40, 7)
    assert (mlp.input_size(layout), mlp.num_outputs(layout)) == (40, 7)
    _same_logits(pol, params, layout, seed=2, every=4, atol=1e-4)
    # a row too short for the scoring weights, a slot beyond the actions or a header
    # without its slot rows is refused
    with pytest.raises(ValueError, match="scored kind"):
        mlp.check_layout(params[:-1], layout, 40, 7)
    bad = layout.copy()
    bad[-1, 0] = 7
    with pytest.raises(ValueError, match="scored kind"):
        mlp.check_layout(params, bad, 40, 7)
    with pytest.raises(ValueError, match="scored kind"):
        mlp.check_layout(params, layout[:-1], 40, 7)
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
        slots = (40, (("block", 3, tuple(range(8, 48)), tuple(range(40, 160, 3))),
                      ("inside", 4, (60, 2), (0, 17))))
        pol, size = _scored(obs_size=160, actions=64, slots=slots), 160
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
    """mlp.scale_logits (a prior's temperature) scales the last plain layer and every scored
    kind's rows, so every logit, the scored actions' too, is the factor times the network's;
    the weights it was given are left as they were."""
    params, layout = export_actor(_policy() if net == "tanh" else _scored(slots=INSIDE))
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
