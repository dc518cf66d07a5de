"""The masked distribution normalised by log_softmax (training/masked_softmax.py) is
sb3-contrib's MaskableCategorical: the same logits, probabilities, log-probabilities,
entropy and gradients, illegal actions at probability 0."""

import numpy as np
import pytest
import torch
from sb3_contrib.common.maskable.distributions import MaskableCategorical

from training.masked_softmax import SoftmaxMaskableCategorical, install

ROWS, ACTIONS = 64, 437


def _logits_and_masks(seed=0):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(ROWS, ACTIONS, generator=g) * 3
    masks = torch.rand(ROWS, ACTIONS, generator=g) < 0.1
    masks[torch.arange(ROWS), torch.randint(0, ACTIONS, (ROWS,), generator=g)] = True
    return logits, masks.numpy()


def _measures(cls, logits, masks, actions):
    raw = logits.clone().requires_grad_()
    d = cls(logits=raw)
    d.apply_masking(masks)
    out = {"logits": d.logits, "probs": d.probs, "log_prob": d.log_prob(actions),
           "entropy": d.entropy()}
    (out["log_prob"].sum() + out["entropy"].sum()).backward()
    out["grad"] = raw.grad
    return {k: v.detach() for k, v in out.items()}


def test_it_is_sb3_contribs_masked_distribution():
    logits, masks = _logits_and_masks()
    legal = torch.as_tensor(masks)
    actions = torch.multinomial(legal.float(), 1, generator=torch.Generator().manual_seed(1))[:, 0]
    want = _measures(MaskableCategorical, logits, masks, actions)
    got = _measures(SoftmaxMaskableCategorical, logits, masks, actions)
    for k in ("log_prob", "entropy", "grad", "probs"):
        torch.testing.assert_close(got[k], want[k], atol=1e-5, rtol=1e-5, msg=k)
    torch.testing.assert_close(got["logits"][legal], want["logits"][legal], atol=1e-5, rtol=1e-5)
    assert torch.all(got["probs"][~legal] == 0)
    assert torch.all(got["logits"][~legal] < -1e7)
    torch.testing.assert_close(got["probs"].sum(-1), torch.ones(ROWS))


def test_unmasking_restores_the_plain_distribution():
    logits, masks = _logits_and_masks(3)
    d = SoftmaxMaskableCategorical(logits=logits)
    d.apply_masking(masks)
    d.apply_masking(None)
    torch.testing.assert_close(d.probs, torch.softmax(logits, -1))
    assert d.masks is None


def test_install_switches_a_policys_distribution_and_keeps_its_answers():
    import gymnasium as gym
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(0)
    pol = MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (20,), np.float32),
                                    gym.spaces.Discrete(ACTIONS), lambda _: 1e-3,
                                    net_arch=[16])
    obs = torch.randn(ROWS, 20)
    _, masks = _logits_and_masks(5)
    acts = torch.as_tensor(masks.argmax(1))
    with torch.no_grad():
        want = pol.evaluate_actions(obs, acts, action_masks=masks)
    assert install(pol) is pol
    assert type(pol.get_distribution(obs, masks).distribution) is SoftmaxMaskableCategorical
    with torch.no_grad():
        got = pol.evaluate_actions(obs, acts, action_masks=masks)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize("masks", [None, "all legal"])
def test_without_masks_or_with_every_action_legal_it_is_plain_softmax(masks):
    logits, _ = _logits_and_masks(7)
    d = SoftmaxMaskableCategorical(logits=logits)
    d.apply_masking(None if masks is None else np.ones((ROWS, ACTIONS), bool))
    torch.testing.assert_close(d.logits, torch.log_softmax(logits, -1))
