"""A trained network's value head valuing the search's leaves (envs/core/search.py
``value=``, agents/mcts.py ``mcts:N:value=PATH``; issue 30: "the search may instead evaluate
a trained network's value head in the kernel")."""

import gymnasium as gym
import numpy as np
import pytest
import torch

import agents
import envs
from agents.policy import export_critic
from envs.core import mlp, search
from tests.core.toy_game.state import OBS_TOTAL

ADD1, ADD2, ADD3 = 0, 1, 2


def _total_value(spec, slope):
    """A value network (one hidden unit, no activation) of ``slope`` x the total so far:
    every seat's estimate rises (slope > 0) or falls with the running total."""
    n = spec.obs_size
    w1 = np.zeros(n, np.float32)
    w1[OBS_TOTAL] = slope
    params = np.concatenate([w1, np.zeros(1, np.float32), np.ones(1, np.float32),
                             np.zeros(1, np.float32)])
    layout = np.array([[n, 1, 0, n, 0], [1, 1, n + 1, n + 2, 0]], dtype=np.int64)
    return params, layout


def _start(players=2, secret=2):
    """Total 0, seat 0 to play holding a secret card of ``secret`` (between adding 1 and 3)."""
    vec = envs.make_vector("toy", num_envs=1, seed=0, num_players=players)
    s = vec.states
    s["total"][0] = 0
    held = int(s["card"][0][0])
    if held != secret:              # swap with a copy still in the deck
        i = int(np.flatnonzero(s["deck"][0][:s["deck_n"][0]] == secret)[0])
        s["deck"][0][i], s["card"][0][0] = held, secret
    vec.refresh()
    return vec


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("slope, best, worst", [(5.0, ADD3, ADD1), (-5.0, ADD1, ADD3)])
def test_the_value_network_values_each_new_node_where_no_playout_is_made(players, slope,
                                                                          best, worst):
    """max_rollout 0, one simulation per root action: each root action's return is the
    network's value of the position it leads to, from the searching seat's own observation
    whoever is to play there: a value rising with the total makes adding 3 the best move (the
    secret 2 in between), one falling with it adding 1."""
    spec = envs.spec("toy")
    vec = _start(players)
    q = np.zeros(spec.num_actions)
    visits = search.search(spec, vec.states[0:1], 4, seed=3, max_rollout=0, q=q,
                           value=_total_value(spec, slope))
    assert visits.tolist() == [1, 1, 1, 1]
    assert q[best] > q[ADD2] > q[worst]


def test_a_value_weighed_zero_leaves_the_search_unchanged():
    """value_mix 0: the game's value kernel alone, the same visits as without a network."""
    spec = envs.spec("toy")
    vec = _start()
    plain = search.search(spec, vec.states[0:1], 200, seed=5, max_rollout=2)
    mixed = search.search(spec, vec.states[0:1], 200, seed=5, max_rollout=2,
                          value=_total_value(spec, 5.0), value_mix=0.0)
    np.testing.assert_array_equal(plain, mixed)


def test_a_value_that_does_not_fit_is_refused():
    spec = envs.spec("toy")
    vec = _start()
    params, layout = _total_value(spec, 1.0)
    wide = layout.copy()
    wide[0, 0] = spec.obs_size + 1
    with pytest.raises(ValueError, match="reads"):
        search.search(spec, vec.states[0:1], 10, value=(params, wide))
    with pytest.raises(ValueError, match="value_mix"):
        search.search(spec, vec.states[0:1], 10, value=(params, layout), value_mix=1.5)
    bad = params.copy()
    bad[OBS_TOTAL] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        search.search(spec, vec.states[0:1], 10, value=(bad, layout))


@pytest.mark.parametrize("act", [torch.nn.Tanh, torch.nn.ReLU])
def test_the_exported_critic_gives_the_torch_value(act):
    """export_critic: the numba forward of the critic equals SB3's predict_values."""
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    pol = MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (40,), np.float32),
                                    gym.spaces.Discrete(7), lambda _: 1e-3,
                                    net_arch=[16, 16], activation_fn=act)
    params, layout = export_critic(pol)
    mlp.check_layout(params, layout, 40, 1)
    obs = np.random.default_rng(0).normal(size=(5, 40)).astype(np.float32)
    with torch.no_grad():
        ref = pol.predict_values(torch.as_tensor(obs)).numpy()[:, 0]
    scratch = np.zeros((2, mlp.width(layout)), np.float32)
    for i in range(5):
        out = np.zeros(1, np.float32)
        mlp.forward(params, layout, obs[i], scratch, out)
        assert out[0] == pytest.approx(ref[i], abs=1e-5)


def test_the_agent_spec_names_the_value_and_its_weight(tmp_path):
    """mcts:N:value=PATH:vmix=W builds the search with that model's critic and weight."""
    from sb3_contrib import MaskablePPO

    from training.pool import OpponentPool
    from training.selfplay_env import SelfPlayVecEnv

    env = SelfPlayVecEnv("toy", 2, OpponentPool("toy", {"random": 1.0}), seed=0)
    path = tmp_path / "v.zip"
    MaskablePPO("MlpPolicy", env, n_steps=8, seed=0, device="cpu",
                policy_kwargs={"net_arch": [8]}).save(str(path))
    agent = agents.make(f"mcts:30:0:value={path}:vmix=0.5", "toy", seed=0)
    assert agent.value is not None and agent.value_mix == 0.5
    assert agent.max_rollout_steps == 0 and f"value={path}" in agent.name
    assert agents.model_paths(f"mcts:30:value={path}:prior=pretrained") == [str(path)]
    vec = _start()
    assert agent.search(vec.states[0:1]) in (0, 1, 2, 3)
    with pytest.raises(ValueError, match="vmix"):
        agents.make("mcts:30:vmix=0.5", "toy")
    with pytest.raises(ValueError, match="vmix"):
        agents.make(f"mcts:30:value={path}:vmix=x", "toy")
