"""The Gumbel root of the search (envs/core/halving.py, ``search(..., halving=m)``,
``mcts:N:gumbel=M``): Gumbel top-k draws the root's actions as the prior weighs them,
sequential halving shares the simulations among them, and the pick weighs what the search
has seen over the prior."""

import math

import numpy as np
import pytest

import agents
import envs
from envs.core import halving, search
from tests.agents.test_search_prior import ADD1, ADD3, _one_hot_prior, _start


def _visits_by_schedule(m, sims):
    """Each considered action's visits when every simulation visits the best-ranked action
    (the lowest index) among those with the count the schedule asks for."""
    want = np.zeros(sims, np.int64)
    halving.visit_schedule(m, sims, want)
    visits = np.zeros(m, np.int64)
    for target in want:
        visits[int(np.flatnonzero(visits == target)[0])] += 1
    return want, visits


def test_the_schedule_gives_every_action_still_considered_the_same_visits_each_round():
    """Sequential halving over 4 actions and 8 simulations: log2(4) = 2 rounds of
    8 // (2 * k) visits to each of the k actions still in, then halve: 4 x 1, then 2 x 2."""
    want, visits = _visits_by_schedule(4, 8)
    assert want.tolist() == [0, 0, 0, 0, 1, 1, 2, 2]
    assert visits.tolist() == [3, 3, 1, 1]


def test_the_schedule_halves_sixteen_actions_to_two_within_the_budget():
    """16 actions, 200 simulations: rounds of 3, 6, 12 and 25 visits to 16, 8, 4 and 2
    actions (200 // (4 * k)), then the last two share what is left."""
    want, visits = _visits_by_schedule(16, 200)
    assert len(want) == 200 and visits.sum() == 200
    assert sorted(visits.tolist(), reverse=True) == [49, 49, 21, 21, 9, 9, 9, 9] + [3] * 8


def test_one_action_takes_every_simulation():
    want, visits = _visits_by_schedule(1, 5)
    assert want.tolist() == [0, 1, 2, 3, 4] and visits.tolist() == [5]


def test_gumbel_top_one_draws_each_action_as_often_as_the_prior_weighs_it():
    """The Gumbel-max trick: argmax(logit + Gumbel noise) is a draw from softmax(logit), so
    with probabilities 0.7 / 0.2 / 0.1 the first action is drawn about 70% of the time."""
    p = np.array([0.7, 0.2, 0.1])
    logit = np.log(p)
    cand = np.arange(3, dtype=np.int64)
    score = np.empty(3)
    drawn = np.zeros(3)
    x = np.uint64(12345)
    for _ in range(4000):
        m, x = halving.consider(cand, 3, logit, 1.0, 1, x, score)
        x = np.uint64(x)             # the stream word as the search keeps it
        assert m == 1
        drawn[int(np.argmax(score))] += 1
    assert np.abs(drawn / drawn.sum() - p).max() < 0.03


def test_without_noise_the_actions_the_prior_likes_best_are_considered():
    logit = np.array([0.1, 2.0, -1.0, 1.5, 0.0])
    cand = np.array([0, 1, 2, 3, 4], dtype=np.int64)
    score = np.empty(5)
    m, _ = halving.consider(cand, 5, logit, 0.0, 2, np.uint64(1), score)
    assert m == 2
    assert np.flatnonzero(np.isfinite(score)).tolist() == [1, 3]


def test_the_pick_among_the_most_visited_weighs_returns_over_the_prior():
    """Two actions with 20 visits each: the first is the prior's favourite by 1.0 in logit,
    the second returned 0.5 a visit more. sigma(q) = (50 + 20) * 0.1 = 7 for the best
    return against 0 for the worst, so the second is the pick; a third action, less
    visited, is not a candidate however good its score."""
    cand = np.array([0, 1, 2], dtype=np.int64)
    score = np.array([1.0, 0.0, 9.0])
    kids = np.array([1, 2, 3], dtype=np.int32)
    n = np.array([40, 20, 20, 5], dtype=np.int64)
    w = np.array([[0.0], [0.0], [10.0], [5.0]])
    assert halving.root_choice(cand, 3, score, kids, n, w, 0, 0, True) == 1
    # while visiting: the action asked for is the best score among those with that count
    assert halving.root_choice(cand, 3, score, kids, n, w, 0, 5, False) == 2
    assert halving.root_choice(cand, 3, score, kids, n, w, 0, 20, False) == 1


def _target(logit, n, q):
    """halving.improved_policy on a root whose action i has visits ``n[i]`` and mean
    return ``q[i]`` for seat 0 (child node i + 1)."""
    logit = np.asarray(logit, np.float32)
    kids = np.arange(1, len(logit) + 1, dtype=np.int32)
    visits = np.concatenate([[sum(n)], n]).astype(np.int64)
    w = (np.concatenate([[0.0], np.multiply(n, q)]))[:, None]
    out = np.full(len(logit), np.nan)
    halving.improved_policy(logit, kids, visits, w, 0, out)
    return out


def test_the_policy_target_is_softmax_of_logit_plus_sigma_of_the_scaled_return():
    """The paper's target with even logits: two actions visited 10 times each, returns 1
    and 0 (scaled to 1 and 0), sigma = (50 + 10) x 0.1 = 6: p = softmax(6, 0); an illegal
    action (logit -inf) gets 0."""
    out = _target([0.0, 0.0, -np.inf], [10, 10, 0], [1.0, 0.0, 0.0])
    assert out[0] == pytest.approx(1 / (1 + math.exp(-6)), rel=1e-9)
    assert out[1] == pytest.approx(1 - out[0], rel=1e-9) and out[2] == 0.0


def test_an_unvisited_action_is_completed_with_the_prior_weighted_mean_return():
    """Logits log 3, 0, 0: the visited actions (prior 3 : 1) returned 1 and 0, so the unvisited
    third is valued (3 x 1 + 1 x 0) / 4 = 0.75; sigma = (50 + 4) x 0.1 = 5.4, so its score is
    0 + 5.4 x 0.75 against log 3 + 5.4 and 0 + 0."""
    out = _target([math.log(3), 0.0, 0.0], [4, 4, 0], [1.0, 0.0, 0.0])
    z = np.array([math.log(3) + 5.4, 0.0, 5.4 * 0.75])
    assert out == pytest.approx(np.exp(z) / np.exp(z).sum(), rel=1e-6)


def test_equal_returns_leave_the_prior_as_it_was():
    out = _target([1.0, 0.0, -1.0], [5, 5, 5], [0.5, 0.5, 0.5])
    assert out == pytest.approx(np.exp([1.0, 0.0, -1.0]) / np.exp([1.0, 0.0, -1.0]).sum())


def test_the_search_teaches_the_win_its_prior_hides():
    """[End] total 18: adding 3 wins. The prior puts its mass on adding 1; after 30
    simulations by a Gumbel root considering every legal action (4) the target puts most
    of it on adding 3, over the legal actions only."""
    spec = envs.spec("toy")
    vec = _start()
    vec.states["total"][0] = 18
    vec.refresh()
    prior = _one_hot_prior(spec, ADD1, strength=3.0)
    legal = np.zeros(spec.num_actions, np.uint8)
    spec.single.legal(vec.states[0:1].copy(), 0, legal)
    assert legal.sum() == 4
    for seed in range(3):
        policy = np.zeros(spec.num_actions)
        search.search(spec, vec.states[0:1], 30, c=0.7, seed=seed, prior=prior, halving=4,
                      policy=policy)
        assert policy.sum() == pytest.approx(1.0) and not policy[legal == 0].any()
        assert policy[ADD3] > 0.5 > policy[ADD1]


def test_a_policy_target_without_a_gumbel_root_is_refused():
    vec = _start()
    with pytest.raises(ValueError, match="halving"):
        search.search(envs.spec("toy"), vec.states[0:1], 10,
                      policy=np.zeros(envs.spec("toy").num_actions))
    with pytest.raises(ValueError, match="policy"):
        search.search(envs.spec("toy"), vec.states[0:1], 10, halving=2, policy=np.zeros(3))


def test_the_gumbel_root_finds_the_win_the_prior_hides_with_few_simulations():
    """[End] total 18: adding 3 wins. With a prior on adding 1 and 12 simulations, PUCT's
    most visited move mostly follows the prior (the hidden cards make the returns noisy);
    the Gumbel root gives each of the three adds the same first visits and mostly picks the
    one that won (measured on seeds 0-9: PUCT 2 of 10, the Gumbel root 9 of 10)."""
    spec = envs.spec("toy")
    vec = _start()
    vec.states["total"][0] = 18
    vec.refresh()
    prior = _one_hot_prior(spec, ADD1, strength=3.0)
    puct = gumbel = 0
    for seed in range(10):
        visits = search.search(spec, vec.states[0:1], 12, c=0.7, seed=seed, prior=prior)
        puct += int(np.argmax(visits)) == ADD3
        info = np.zeros(4, np.int64)
        search.search(spec, vec.states[0:1], 12, c=0.7, seed=seed, prior=prior, info=info,
                      halving=3, noise=0.0)
        gumbel += int(info[3]) == ADD3
    assert puct <= 3 and gumbel >= 8


def test_the_agent_plays_the_gumbel_roots_pick():
    vec = _start()
    vec.states["total"][0] = 18
    vec.refresh()
    agent = agents.make("mcts:30:gumbel=3", "toy", seed=0)
    assert agent.gumbel == 3 and agent.name == "mcts:30:gumbel=3"
    mask = np.zeros(envs.spec("toy").num_actions, np.uint8)
    envs.spec("toy").single.legal(vec.states[0:1].copy(), 0, mask)
    assert agent.search(vec.states[0:1], mask) == ADD3


def test_the_gumbel_root_is_data_not_another_kernel():
    import numba

    spec = envs.spec("toy")
    vec = _start()
    search.search(spec, vec.states[0:1], 20, seed=0)
    search.search(spec, vec.states[0:1], 20, seed=0, halving=2)
    rec = numba.from_dtype(spec.state_dtype)
    assert len([s for s in search.search_kernel.signatures if s[1].dtype == rec]) == 1


@pytest.mark.parametrize("bad", [-1, 1.5, True])
def test_a_bad_number_of_root_actions_is_refused(bad):
    vec = _start()
    with pytest.raises(ValueError, match="root actions"):
        search.search(envs.spec("toy"), vec.states[0:1], 10, halving=bad)


@pytest.mark.parametrize("bad", [-0.5, math.inf, math.nan])
def test_a_bad_gumbel_scale_is_refused(bad):
    vec = _start()
    with pytest.raises(ValueError, match="noise"):
        search.search(envs.spec("toy"), vec.states[0:1], 10, halving=2, noise=bad)


def test_a_bad_agent_spec_names_the_gumbel_option():
    with pytest.raises(ValueError, match="gumbel"):
        agents.make("mcts:30:gumbel=many", "toy")
