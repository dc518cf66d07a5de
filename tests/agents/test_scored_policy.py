"""The policy that scores actions from observation blocks of their own (agents/scored_policy.py):
which games get it, and that it survives what training does to a policy (save and load, copy,
export), a policy saved in the earlier one-block form included."""

import gymnasium as gym
import numpy as np
import torch

import envs
from agents.policy import actor_logits, copy_policy, export_actor
from agents.scored_policy import ScoredActorCriticPolicy, policy_kwargs
from envs.core.action_slots import ActionSlots, SlotKind
from envs.core import mlp


def test_a_game_with_action_slots_gets_the_scored_policy_the_others_the_plain_one():
    for name in envs.names():
        spec = envs.spec(name)
        cls, kwargs = policy_kwargs(spec, (32, 32))
        assert kwargs["net_arch"] == [32, 32]
        if spec.action_slots is None:
            assert cls is not ScoredActorCriticPolicy and "slots" not in kwargs
        else:
            assert cls is ScoredActorCriticPolicy
            assert ActionSlots.from_tuple(kwargs["slots"]) == spec.action_slots
    assert envs.spec("cursed_seas").action_slots is not None


class _Spec:
    #: a block of 2 actions x 2 features after a trunk of 8, and one action from inside it
    action_slots = ActionSlots(8, (SlotKind.strided("block", 1, 2, 8, 2, 2),
                                   SlotKind("inside", 3, (4,), (2,))))


def test_a_scored_policy_saves_loads_copies_and_exports_to_the_same_logits(tmp_path):
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_util import DummyVecEnv

    class Env(gym.Env):
        observation_space = gym.spaces.Box(-1, 1, (12,), np.float32)
        action_space = gym.spaces.Discrete(5)

        def reset(self, seed=None, options=None):
            return np.zeros(12, np.float32), {}

        def step(self, a):
            return np.zeros(12, np.float32), 0.0, True, False, {}

        def action_masks(self):
            return np.ones(5, bool)

    cls, kwargs = policy_kwargs(_Spec, (8,))
    torch.manual_seed(0)
    model = MaskablePPO(cls, DummyVecEnv([Env]), policy_kwargs=kwargs, n_steps=8,
                        batch_size=8, device="cpu")
    with torch.no_grad():
        for p in model.policy.action_net.parameters():
            p.normal_()
    obs = np.random.default_rng(0).normal(size=(4, 12)).astype(np.float32)
    want = actor_logits(model.policy, obs)
    model.save(tmp_path / "m.zip")
    back = MaskablePPO.load(tmp_path / "m.zip", device="cpu")
    assert isinstance(back.policy, ScoredActorCriticPolicy)
    assert back.policy.slots == _Spec.action_slots
    np.testing.assert_allclose(actor_logits(back.policy, obs), want, atol=1e-6)
    np.testing.assert_allclose(actor_logits(copy_policy(model.policy), obs), want, atol=1e-6)
    params, layout = export_actor(back.policy)
    mlp.check_layout(params, layout, 12, 5)
    out = np.zeros(5, np.float32)
    mlp.forward(params, layout, obs[0], np.zeros((2, mlp.width(layout)), np.float32), out)
    np.testing.assert_allclose(out, want[0], atol=1e-5)


def test_a_policy_saved_with_one_block_of_action_features_loads_as_one_kind():
    """The earlier form: ``scored=(first, count, features)``, a block at the observation's
    end, its head's layer named ``score``."""
    space = gym.spaces.Box(-1, 1, (12,), np.float32)
    torch.manual_seed(0)
    old = ScoredActorCriticPolicy(space, gym.spaces.Discrete(5), lambda _: 1e-3,
                                  net_arch=[8], scored=(1, 3, 2))
    assert old.slots == ActionSlots(6, (SlotKind("scored", 2, (1, 2, 3), (6, 8, 10)),))
    with torch.no_grad():
        for p in old.action_net.parameters():
            p.normal_()
    saved = {k.replace("action_net.score.0.", "action_net.score."): v
             for k, v in old.state_dict().items()}
    assert "action_net.score.weight" in saved
    new = ScoredActorCriticPolicy(space, gym.spaces.Discrete(5), lambda _: 1e-3,
                                  net_arch=[8], scored=(1, 3, 2))
    new.load_state_dict(saved)
    obs = np.random.default_rng(3).normal(size=(4, 12)).astype(np.float32)
    np.testing.assert_allclose(actor_logits(new, obs), actor_logits(old, obs), atol=1e-6)


def test_a_minibatch_makes_each_kinds_weights_only_where_its_mask_offers_it(monkeypatch):
    """With masks (a PPO minibatch), the head makes a kind's ``u`` only for the rows whose
    mask offers one of its actions; every legal action's log-probability, the entropy, the
    value and every gradient are those of the whole product."""
    from agents import scored_policy

    space = gym.spaces.Box(-1, 1, (40,), np.float32)
    slots = (40, (("hand", 3, (3, 0), (10, 4)), ("crew", 5, (5, 6, 1), (20, 25, 33))))
    torch.manual_seed(0)
    pol = ScoredActorCriticPolicy(space, gym.spaces.Discrete(7), lambda _: 1e-3,
                                  net_arch=[16], slots=slots)
    with torch.no_grad():
        for p in pol.action_net.parameters():
            p.normal_()
    rng = np.random.default_rng(5)
    rows = scored_policy.ASKED_ROWS + 44
    obs = torch.from_numpy(rng.normal(size=(rows, 40)).astype(np.float32))
    masks = rng.random((rows, 7)) < 0.3
    masks[np.arange(rows), rng.integers(0, 7, rows)] = True
    masks[:20] = False                  # rows that offer one kind only, or the other
    masks[:10, 3] = True
    masks[10:20, 6] = True
    acts = torch.from_numpy(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))

    def answers():
        pol.zero_grad()
        out = pol.evaluate_actions(obs, acts, masks)
        sum(o.sum() for o in out).backward()
        return out, {n: p.grad.clone() for n, p in pol.named_parameters()}

    asked, asked_grads = answers()
    monkeypatch.setattr(scored_policy, "ASKED_ROWS", 10**9)
    whole, whole_grads = answers()
    for a, b in zip(asked, whole):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)
    for n, g in whole_grads.items():
        torch.testing.assert_close(asked_grads[n], g, atol=1e-5, rtol=1e-5, msg=n)
