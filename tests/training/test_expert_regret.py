"""Regret-weighted labels (training/imitation.py ``collect(regret=)``, ``clone``;
``--expert-regret``): a label's weight is 1 + coef x the learner's regret there by the
search's own values, and cloning counts a label of weight k as k copies of it."""

import pickle

import numpy as np

import training.imitation as im
from tests.training.test_expert import _policy
from training.imitation import clone, collect, make_teacher


class _First:
    """Always the first legal action (add 1 in the toy game)."""

    needs_state = False

    def act_batch(self, obs, masks, states=None, seats=None):
        return np.array([int(np.flatnonzero(m)[0]) for m in masks], dtype=np.int64)


def test_a_labels_weight_is_one_plus_the_learners_regret_by_the_searchs_values(monkeypatch):
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        best, target, visits = real(agent, state, mask, q=q)
        seen.append((q.copy(), visits.copy(), best.copy()))
        return best, target, visits

    monkeypatch.setattr(im, "search_label", spy)
    got = collect("toy", 6, seed=3, learner=_First(), search_teacher=make_teacher(
        "toy", "mcts:24", seed=1), max_labels=10_000, regret=3.0)
    assert len(seen) == len(got) > 0
    want = []
    for q, visits, best in seen:
        top = int(np.flatnonzero(best)[np.argmax(visits[best])])
        mine = 0                          # the learner adds 1
        want.append(1.0 + 3.0 * max(0.0, q[top] - q[mine]) if visits[mine] > 0 else 1.0)
    assert np.allclose(got.weight, want)
    assert (got.weight > 1).any() and (got.weight == 1).any()
    plain = collect("toy", 6, seed=3, learner=_First(), search_teacher=make_teacher(
        "toy", "mcts:24", seed=1), max_labels=10_000)
    assert (plain.weight == 1).all()


def test_cloning_counts_a_label_of_weight_two_as_two_copies_of_it():
    data = collect("toy", 2, seed=5)
    twice = data.take([0, 0, 1])
    weighted = data.take([0, 1])
    weighted.weight = np.array([2.0, 1.0], dtype=np.float32)
    a, b, c = _policy(), _policy(), _policy()
    b.load_state_dict(a.state_dict())
    c.load_state_dict(a.state_dict())
    clone(a, twice, epochs=1, batch_size=8, lr=1e-2)
    clone(b, weighted, epochs=1, batch_size=8, lr=1e-2)
    for pa, pb in zip(a.parameters(), b.parameters()):
        assert np.allclose(pa.detach().numpy(), pb.detach().numpy(), atol=1e-6)
    clone(c, data.take([0, 1]), epochs=1, batch_size=8, lr=1e-2)   # the weights matter
    assert any(not np.allclose(pb.detach().numpy(), pc.detach().numpy())
               for pb, pc in zip(b.parameters(), c.parameters()))


def test_labels_saved_before_weights_existed_weigh_one_each():
    data = collect("toy", 1, seed=2)
    old = pickle.loads(pickle.dumps(data))
    del old.__dict__["weight"]               # a label file written by an older version
    assert (old.weights() == 1).all() and len(old.take([0]).weight) == 1
    assert len(im.concat([old, data]).weights()) == 2 * len(data)
