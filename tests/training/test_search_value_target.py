"""The critic's target from the search (training/imitation.py ``root_value``, ``collect``,
``Demonstrations.value_targets``, ``clone(value_from_search=)``): each search label keeps the
searching seat's value of the root, its mean return over the root's simulations, and the
critic may learn it mixed with the game's discounted return (AlphaZero's value target)."""

import pickle

import numpy as np
import pytest

import training.imitation as im
from tests.training.test_expert import _policy
from tests.training.test_expert_regret import _First
from training.imitation import clone, collect, make_teacher, root_value


def test_the_root_value_is_the_visit_weighted_mean_return_of_the_legal_moves():
    q = np.array([0.5, -1.0, 0.25, 9.0])
    visits = np.array([2, 1, 1, 5])
    mask = np.array([True, True, True, False])        # an illegal action's entry is ignored
    assert root_value(q, visits, mask) == pytest.approx((1.0 - 1.0 + 0.25) / 4)
    assert np.isnan(root_value(q, np.zeros(4, dtype=np.int64), mask))


def test_each_search_label_keeps_its_roots_value_and_heuristic_rows_none(monkeypatch):
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        best, target, visits = real(agent, state, mask, q=q)
        seen.append(root_value(q, visits, mask))
        return best, target, visits

    monkeypatch.setattr(im, "search_label", spy)
    got = collect("toy", 5, seed=3, learner=_First(), search_teacher=make_teacher(
        "toy", "mcts:24", seed=1), max_labels=10_000)
    assert len(seen) == len(got) > 0
    assert np.allclose(got.search_value, seen)
    assert np.all(np.abs(got.search_value) <= 1.0)      # returns of +1 / -1 / 0 averaged
    assert np.isnan(collect("toy", 2, seed=3).search_value).all()


def _data(returns, values):
    data = collect("toy", 1, seed=2).take([0, 1, 2])
    data.returns = np.asarray(returns, dtype=np.float32)
    data.search_value = np.asarray(values, dtype=np.float32)
    return data


def test_the_value_target_mixes_return_and_root_value_where_a_search_labelled():
    data = _data([1.0, 1.0, 0.5], [-1.0, 0.0, np.nan])
    assert np.allclose(data.value_targets(0.0), [1.0, 1.0, 0.5])
    assert np.allclose(data.value_targets(1.0), [-1.0, 0.0, 0.5])
    assert np.allclose(data.value_targets(0.25), [0.5, 0.75, 0.5])


def test_a_critic_cloned_on_search_values_follows_them_not_the_returns():
    data = _data([1.0, 1.0, 1.0], [-1.0, -1.0, -1.0])
    data = im.concat([data] * 20)
    by_returns, by_search = _policy(), _policy()
    by_search.load_state_dict(by_returns.state_dict())
    clone(by_returns, data, epochs=30, batch_size=16, lr=1e-2)
    clone(by_search, data, epochs=30, batch_size=16, lr=1e-2, value_from_search=1.0)
    obs, _, mask, _, _, _ = im._tensors(data, np.arange(3))
    assert float(im._forward(by_returns, obs, mask)[0].detach().mean()) > 0.5
    assert float(im._forward(by_search, obs, mask)[0].detach().mean()) < -0.5


def test_a_weight_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError, match="value_from_search"):
        clone(_policy(), _data([1, 1, 1], [0, 0, 0]), epochs=1, value_from_search=1.5)


def test_labels_saved_before_root_values_existed_have_none():
    data = collect("toy", 1, seed=2)
    old = pickle.loads(pickle.dumps(data))
    del old.__dict__["search_value"]          # a label file written by an older version
    assert np.isnan(old.search_values()).all() and np.isnan(old.take([0]).search_value).all()
    assert np.allclose(old.value_targets(1.0), old.returns)
    assert len(im.concat([old, data]).search_values()) == 2 * len(data)


def test_expert_iteration_hands_the_weight_to_every_rounds_cloning(monkeypatch):
    import training.expert as ex

    seen = []
    real = ex.clone

    def spy(policy, demos, **kw):
        seen.append((kw["value_from_search"], np.isfinite(demos.search_value).all()))
        return real(policy, demos, **kw)

    monkeypatch.setattr(ex, "clone", spy)
    ex.expert_iteration(_policy(), "toy", rounds=2, games=2, sims=8, seed=1, epochs=1,
                        value_from_search=0.5)
    assert seen == [(0.5, True), (0.5, True)]     # every expert row is a search label
