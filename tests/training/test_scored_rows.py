"""The scored policy reading its action features from compressed rows
(training/scored_rows.py) gives the scored policy's values, log-probabilities, entropies and
gradients, with rows and without."""

import gymnasium as gym
import numpy as np
import pytest
import torch

from agents.policy import copy_policy
from agents.scored_policy import ScoredActorCriticPolicy
from training import scored_rows, sparse_input

OBS, ACTIONS = 300, 9
#: the block after a trunk of 280: 4 actions x 5 features
SLOTS = (280, (("block", 5, (2, 3, 4, 5), (280, 285, 290, 295)),))


def _policy():
    torch.manual_seed(0)
    return ScoredActorCriticPolicy(gym.spaces.Box(-1, 1, (OBS,), np.float32),
                                   gym.spaces.Discrete(ACTIONS), lambda _: 1e-3,
                                   net_arch=[32], slots=SLOTS)


def _batch(rows=128, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, OBS)).astype(np.float32)
    x[rng.random((rows, OBS)) > 0.1] = 0.0
    return torch.from_numpy(x)


def test_leading_rows_are_a_batchs_entries_before_a_column():
    x = _batch(rows=40, seed=1).numpy()
    indptr, cols, vals = scored_rows.leading_rows(sparse_input._compress_array(x), 280)
    want = x[:, :280]
    got = np.zeros_like(want)
    for r in range(len(want)):
        got[r, cols[indptr[r]:indptr[r + 1]]] = vals[indptr[r]:indptr[r + 1]]
    np.testing.assert_array_equal(got, want)


def _answers(pol, x, acts):
    pol.zero_grad()
    values, logp, ent = pol.evaluate_actions(x, acts)
    (values.sum() - logp.sum() - ent.sum()).backward()
    return [values, logp, ent], {n: p.grad.clone() for n, p in pol.named_parameters()}


@pytest.mark.parametrize("with_rows", [True, False])
def test_it_answers_as_the_scored_policy(with_rows):
    plain, ours = _policy(), _policy()
    assert sparse_input.enable(ours) == 2
    assert type(ours.mlp_extractor) is scored_rows.RowsSplitMlpExtractor
    assert type(ours.action_net) is scored_rows.RowsScoredHead
    x = _batch(seed=3)
    if with_rows:
        sparse_input.carry_rows(x, sparse_input._compress(x))
    acts = torch.from_numpy(np.random.default_rng(1).integers(0, ACTIONS, 128))
    want, want_grads = _answers(plain, x, acts)
    got, got_grads = _answers(ours, x, acts)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)
    for n, g in want_grads.items():
        torch.testing.assert_close(got_grads[n], g, atol=1e-4, rtol=1e-4, msg=n)


def test_the_block_is_scored_from_the_rows_when_the_batch_carries_them(monkeypatch):
    pol = _policy()
    sparse_input.enable(pol)
    dense = []
    monkeypatch.setattr(scored_rows.RowsScoredHead, "kind_scores",
                        lambda self, t, u, span: dense.append(1))
    x = _batch(seed=4)
    sparse_input.carry_rows(x, sparse_input._compress(x))
    pol.evaluate_actions(x, torch.zeros(128, dtype=torch.long))
    assert not dense


def test_a_copy_keeps_the_row_reading_classes_and_the_head_refuses_a_bare_latent():
    pol = _policy()
    sparse_input.enable(pol)
    twin = copy_policy(pol)
    assert type(twin.mlp_extractor) is scored_rows.RowsSplitMlpExtractor
    assert type(twin.action_net) is scored_rows.RowsScoredHead
    with pytest.raises(RuntimeError, match="does not carry its observation"):
        pol.action_net(torch.zeros(3, 32))


def test_another_policy_is_left_alone():
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    pol = MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (OBS,), np.float32),
                                    gym.spaces.Discrete(ACTIONS), lambda _: 1e-3,
                                    net_arch=[32])
    assert not scored_rows.enable(pol)


def test_a_policy_scoring_blocks_inside_its_trunk_reads_them_from_the_rows_too():
    """Blocks inside a trunk that is the whole observation, several kinds reading one block
    (Five Sails), are scored from the rows in the observation's own columns, also when the
    first layers' rows are renumbered (a narrowed update, training/live_rows.py)."""
    torch.manual_seed(0)
    slots = (OBS, (("hand", 5, (2, 3), (10, 15)), ("crew", 5, (4, 6, 7), (10, 40, 290)),
                   ("tail", 3, (8,), (297,))))
    pol = ScoredActorCriticPolicy(gym.spaces.Box(-1, 1, (OBS,), np.float32),
                                  gym.spaces.Discrete(ACTIONS), lambda _: 1e-3, net_arch=[32],
                                  slots=slots)
    plain = copy_policy(pol)
    assert sparse_input.enable(pol) == 2
    assert type(pol.action_net) is scored_rows.RowsScoredHead
    assert sparse_input.reads_rows_only(pol)
    x = _batch(seed=5)
    acts = torch.from_numpy(np.random.default_rng(2).integers(0, ACTIONS, 128))
    want, want_grads = _answers(plain, x, acts)
    rows = sparse_input._compress(x)
    sparse_input.carry_rows(x, rows)
    got, got_grads = _answers(pol, x, acts)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, atol=1e-5, rtol=1e-5)
    for n, g in want_grads.items():
        torch.testing.assert_close(got_grads[n], g, atol=1e-4, rtol=1e-4, msg=n)
    # the head reads the observed columns, never the renumbered ones the first layers get
    with torch.no_grad():
        y = _batch(seed=5)
        sparse_input.carry_rows(y, (rows[0], (rows[1] + 1) % OBS, rows[2]), rows)
        torch.testing.assert_close(pol.action_net(_latent(pol, y)),
                                   plain.action_net(plain.mlp_extractor.forward_actor(y)),
                                   atol=1e-5, rtol=1e-5)


def _latent(pol, x):
    """The row-reading actor's latent for ``x``, its first layer read densely (the head alone
    under test)."""
    h = pol.mlp_extractor.policy_net[1:](torch.nn.functional.linear(
        x, pol.mlp_extractor.policy_net[0].weight, pol.mlp_extractor.policy_net[0].bias))
    h._broadside_observation = x
    return h
