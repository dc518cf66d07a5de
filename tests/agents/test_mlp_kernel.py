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


@pytest.mark.parametrize("act", [torch.nn.Tanh, torch.nn.ReLU])
def test_numba_forward_equals_the_torch_actor(act):
    pol = _policy(act=act)
    params, layout = export_actor(pol)
    mlp.check_layout(params, layout, 40, 7)
    obs = np.random.default_rng(0).normal(size=(5, 40)).astype(np.float32)
    obs[:, ::3] = 0.0                    # zero features are skipped: still exact
    ref = actor_logits(pol, obs)
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for i in range(5):
        out = np.zeros(7, np.float32)
        mlp.forward(params, layout, obs[i], scratch, out)
        np.testing.assert_allclose(out, ref[i], atol=1e-5)


def test_a_layout_that_does_not_fit_the_game_is_refused():
    params, layout = export_actor(_policy())
    with pytest.raises(ValueError, match="observation features"):
        mlp.check_layout(params, layout, 41, 7)
    with pytest.raises(ValueError, match="parameter row"):
        mlp.check_layout(params[:-1], layout, 40, 7)
