"""PUCT with a policy prior in the numba search (envs/core/search.py, agents/mcts.py)."""

import dataclasses

import numpy as np
import pytest

import agents
import envs
from agents.mcts import MCTSAgent
from envs.core import search

ADD1, ADD2, ADD3 = 0, 1, 2


def _one_hot_prior(spec, action, strength=30.0):
    """An MLP prior (one hidden layer of zeros) whose logits put all the mass on
    ``action``: the output bias alone."""
    h = 4
    w1 = np.zeros(spec.obs_size * h, np.float32)
    b1 = np.zeros(h, np.float32)
    w2 = np.zeros(h * spec.num_actions, np.float32)
    b2 = np.zeros(spec.num_actions, np.float32)
    b2[action] = strength
    params = np.concatenate([w1, b1, w2, b2])
    o1 = spec.obs_size * h
    layout = np.array([[spec.obs_size, h, 0, o1, 1],
                       [h, spec.num_actions, o1 + h, o1 + h + h * spec.num_actions, 0]],
                      dtype=np.int64)
    return params, layout


def _start():
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = 0
    vec.refresh()
    return vec


@pytest.mark.parametrize("favoured", [ADD1, ADD2])
def test_a_prior_concentrated_on_one_action_gets_most_visits(favoured):
    """PUCT: at an even position the action the prior puts its mass on is searched most,
    whichever it is; UCT without the prior spreads its visits."""
    spec = envs.spec("toy")
    vec = _start()
    visits = search.search(spec, vec.states[0:1], 300, c=2.0, seed=1,
                           prior=_one_hot_prior(spec, favoured))
    assert int(np.argmax(visits)) == favoured
    assert visits[favoured] > 0.8 * visits.sum()
    plain = search.search(spec, vec.states[0:1], 300, seed=1)
    assert plain[favoured] < 0.8 * plain.sum()


def test_the_prior_does_not_hide_a_winning_move_forever():
    """[End] total 18: adding 3 wins. A prior on adding 1 is followed first, but once the
    win has been seen PUCT's Q term keeps returning to it with a prior that is not
    absolute."""
    spec = envs.spec("toy")
    vec = _start()
    vec.states["total"][0] = 18
    vec.refresh()
    visits = search.search(spec, vec.states[0:1], 2000, c=2.0, seed=0,
                           prior=_one_hot_prior(spec, ADD1, strength=3.0))
    assert int(np.argmax(visits)) == ADD3


def test_the_search_kernel_is_compiled_once_per_game_with_or_without_a_prior():
    """The prior is data (arrays and a flag), not a new kernel: one specialisation for the
    game's record type serves both searches."""
    import numba

    spec = envs.spec("toy")
    vec = _start()
    search.search(spec, vec.states[0:1], 20, seed=0)
    search.search(spec, vec.states[0:1], 20, seed=0, prior=_one_hot_prior(spec, ADD2))
    rec = numba.from_dtype(spec.state_dtype)
    mine = [sig for sig in search.search_kernel.signatures if sig[1].dtype == rec]
    assert len(mine) == 1


def test_a_prior_that_does_not_fit_the_game_is_refused():
    spec = envs.spec("toy")
    params, layout = _one_hot_prior(spec, ADD1)
    layout = layout.copy()
    layout[0, 0] += 1
    with pytest.raises(ValueError, match="observation features"):
        search.search(spec, _start().states[0:1], 5, prior=(params, layout))


def test_a_prior_with_nan_or_infinite_parameters_is_refused_by_name():
    """A diverged network (NaN logits) would leave every node without a prior and the search
    without a single visit; the agent refuses it when it loads it."""
    from agents.mcts import load_prior

    spec = envs.spec("toy")
    params, layout = _one_hot_prior(spec, ADD1)
    assert load_prior((params, layout), spec)[0].shape == params.shape
    for bad in (np.nan, np.inf):
        broken = params.copy()
        broken[-1] = bad
        with pytest.raises(ValueError, match="NaN or infinity"):
            load_prior((broken, layout), spec)


def test_a_prior_by_player_count_steers_the_search_at_that_count_only():
    """``priors_by_players`` is the prior of a game of that many seats (the record's
    ``num_players``), ``prior`` of the others: each count's search follows its own prior;
    ``with_prior`` is another model, at every count; a prior by count needs a default."""
    spec = envs.spec("toy")
    agent = MCTSAgent("toy", 300, c=2.0, seed=0, prior=_one_hot_prior(spec, ADD1),
                      priors_by_players={3: _one_hot_prior(spec, ADD2)})
    for n, favoured in ((2, ADD1), (3, ADD2), (4, ADD1)):
        vec = envs.make_vector("toy", num_envs=1, seed=0, num_players=n)
        vec.states["total"][0] = 0
        vec.refresh()
        assert agent.search(vec.states[0:1]) == favoured, n
    assert set(agent.priors_by_players) == {3}
    other = agent.with_prior(_one_hot_prior(spec, ADD2))
    assert other.priors_by_players == {} and other.prior_for(2)[1] is other.prior[1]
    with pytest.raises(ValueError, match="need a prior"):
        MCTSAgent("toy", 30, priors_by_players={3: _one_hot_prior(spec, ADD2)})
    with pytest.raises(ValueError, match="observation features"):
        bad = _one_hot_prior(spec, ADD2)
        MCTSAgent("toy", 30, prior=_one_hot_prior(spec, ADD1),
                  priors_by_players={3: (bad[0], bad[1] + np.array([[1, 0, 0, 0, 0], [0] * 5]))})


def test_a_prior_kept_to_the_root_takes_one_network_pass_a_search():
    """``prior_depth=1``: PUCT on the prior picks among the root's moves only (visits still
    follow it there), UCT below, so the network is asked once a search (the root's moves
    are the searching seat's own, the same in every determinisation); at every depth once
    a node with a choice; at depth 2 for the root and its children (the toy's four moves)
    only. A depth past the tree's is the search at every depth, simulation for
    simulation."""
    spec = envs.spec("toy")
    vec = _start()
    prior = _one_hot_prior(spec, ADD2)
    passes = {}
    for depth in (1, 2, None, 400):
        info = np.zeros(3, np.int64)
        visits = search.search(spec, vec.states[0:1], 300, c=2.0, seed=1, prior=prior,
                               prior_depth=depth, info=info)
        assert int(np.argmax(visits)) == ADD2, depth
        passes[depth] = (int(info[2]), visits.tolist())
    assert passes[1][0] == 1
    assert 1 < passes[2][0] <= 5
    assert passes[None][0] > 20
    assert passes[400] == passes[None]
    with pytest.raises(ValueError, match="prior_depth 0"):
        search.search(spec, vec.states[0:1], 10, prior=prior, prior_depth=0)


@pytest.mark.parametrize("bad", [0, -1, True, 1.5, "1"])
def test_the_agent_refuses_a_prior_depth_that_is_not_a_number_of_levels(bad):
    spec = envs.spec("toy")
    with pytest.raises(ValueError, match="prior depth"):
        MCTSAgent("toy", 10, prior=_one_hot_prior(spec, ADD1), prior_depth=bad)
    with pytest.raises(ValueError, match="prior depth"):
        MCTSAgent("toy", 10, prior=_one_hot_prior(spec, ADD1), depths_by_players={3: bad})


def test_mcts_prior_agent_string_loads_a_saved_model(tmp_path):
    from sb3_contrib import MaskablePPO

    from training.pool import OpponentPool
    from training.selfplay_env import SelfPlayVecEnv

    env = SelfPlayVecEnv("toy", 2, OpponentPool("toy", {"random": 1.0}), seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=8, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8]})
    path = tmp_path / "m.zip"
    model.save(str(path))
    a = agents.make(f"mcts:30:prior={path}", "toy", seed=0)
    assert isinstance(a, MCTSAgent) and a.prior is not None and a.simulations == 30
    b = agents.make(f"mcts:30:5:prior={path}", "toy", seed=0)
    assert b.max_rollout_steps == 5 and b.prior is not None
    vec = _start()
    assert vec.masks[0, a.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)]
    with pytest.raises(ValueError, match="prior= needs"):
        agents.make("mcts:30:prior=", "toy")
    plain = agents.make("mcts:30", "toy")
    assert plain.prior is None and plain.c == 1.0


def test_the_search_reports_each_root_actions_mean_return_for_its_seat():
    """[End] total 20 of 21: adding 1 wins (+1 for the seat), adding 2 or 3 goes over and
    loses (-1): every simulation through a move returns the same, so its mean return is
    exactly that; the visits are those of the same search without ``q``."""
    spec = envs.spec("toy")
    vec = _start()
    vec.states["total"][0] = 20
    vec.refresh()
    q = np.zeros(spec.num_actions)
    visits = search.search(spec, vec.states[0:1], 60, seed=3, q=q)
    assert q[ADD1] == 1.0 and q[ADD2] == -1.0 and q[ADD3] == -1.0
    assert np.array_equal(visits, search.search(spec, vec.states[0:1], 60, seed=3))
    with pytest.raises(ValueError, match="q"):
        search.search(spec, vec.states[0:1], 10, seed=3, q=np.zeros(2))


def test_puct_asks_for_the_weight_of_a_legal_action_it_has_not_made():
    """A node's prior weights are made for the actions legal when a simulation first reaches
    it; in another determinisation another action may be legal there (a hidden piece's
    ability). PUCT then asks for its weight (-2) instead of ranking it without a prior."""
    kids = np.full(3, -1, np.int32)
    n = np.zeros(1, np.int64)
    w = np.zeros((1, 2), np.float64)
    made = np.array([1.0, np.nan, 0.1])
    assert search._puct(made, np.array([0, 2]), 2, kids, n, w, 0, 1.0, 0, False, False) == 0
    assert search._puct(made, np.array([2]), 1, kids, n, w, 0, 1.0, 0, False, False) == 2
    assert search._puct(made, np.array([0, 1, 2]), 3, kids, n, w, 0, 1.0, 0, False, False) == -2
    assert search._puct(made, np.array([], np.int64), 0, kids, n, w, 0, 1.0, 0, False, False) == -1


def test_weights_made_in_another_determinisation_share_the_node_scale():
    """_weigh: exp(logit - the node's largest first logit), kept when made; a logit made
    later for a newly legal action is weighed on the same scale, so the prior's ratios are
    the softmax's."""
    weight = np.full((1, 3), np.nan)
    top = np.full(1, np.nan)
    logits = np.array([2.0, 5.0, 1.0], np.float32)
    search._weigh(logits, np.array([0, 2]), 2, weight, 0, top)
    assert top[0] == 2.0 and weight[0, 0] == 1.0 and np.isnan(weight[0, 1])
    search._weigh(np.array([9.0, 5.0, 9.0], np.float32), np.array([0, 1, 2]), 3, weight, 0, top)
    np.testing.assert_allclose(weight[0], np.exp([0.0, 3.0, -1.0]))


def _share_of_favoured(temperature):
    spec = envs.spec("toy")
    agent = MCTSAgent("toy", 300, c=2.0, seed=1, prior=_one_hot_prior(spec, ADD2, 6.0),
                      prior_temperature=temperature)
    visits = search.search(spec, _start().states[0:1], 300, c=2.0, seed=1, prior=agent.prior)
    return visits[ADD2] / visits.sum()


def test_a_warmer_prior_spreads_the_visits_the_network_would_give_one_action():
    """``prior_temperature`` T reads the network's logits divided by T: at T = 1 the action
    the prior is sure of takes most visits of an even position; the warmer the prior, the
    more the search spreads them (T = 1000 is nearly UCT's even prior)."""
    shares = [_share_of_favoured(t) for t in (1.0, 3.0, 1000.0)]
    assert shares[0] > 0.8
    assert shares[0] > shares[1] > shares[2]
    assert shares[2] < 0.5


@pytest.mark.parametrize("bad", [0, -1.0, float("nan"), True, "4"])
def test_the_agent_refuses_a_prior_temperature_that_is_not_a_positive_number(bad):
    spec = envs.spec("toy")
    with pytest.raises(ValueError, match="prior temperature"):
        MCTSAgent("toy", 10, prior=_one_hot_prior(spec, ADD1), prior_temperature=bad)


def test_the_temp_option_softens_the_prior_it_names_and_needs_one(tmp_path):
    from envs.core import mlp

    spec = envs.spec("toy")
    params, layout = _one_hot_prior(spec, ADD1, 6.0)
    np.savez(tmp_path / "net.npz", params=params, layout=layout)
    plain = MCTSAgent("toy", 10, prior=(params, layout))
    warm = MCTSAgent("toy", 10, prior=(params, layout), prior_temperature=4.0)
    assert np.array_equal(warm.prior[0], mlp.scale_logits(params, layout, 0.25))
    assert np.array_equal(plain.prior[0], params) and "temp" not in plain.name
    assert ":temp=4" in warm.name
    # every prior the agent is given is read at its temperature, a player count's too
    other = _one_hot_prior(spec, ADD2, 6.0)
    both = MCTSAgent("toy", 10, prior=(params, layout), priors_by_players={3: other},
                     prior_temperature=4.0)
    assert np.array_equal(both.prior_for(3)[0], mlp.scale_logits(other[0], layout, 0.25))
    # the same search with another prior keeps the temperature
    assert warm.with_prior((params, layout)).prior_temperature == 4.0
    with pytest.raises(ValueError, match="temp= softens a prior"):
        agents.make("mcts:30:temp=4", "toy")
    for bad in ("hot", "0", "-1", "inf"):
        with pytest.raises(ValueError, match="temp= needs"):
            agents.make(f"mcts:30:temp={bad}:prior=x.zip", "toy")
    with pytest.raises(ValueError, match="softens a prior"):
        MCTSAgent("toy", 10, prior_temperature=2.0)


def _positions(game, seed=0):
    """(a position whose seat to play has one legal action, one with several), from a
    random game of ``game``."""
    from training.records import apply_action, legal_actions, new_game

    spec, st = new_game(game, seed, {"num_players": 2})
    rng = np.random.default_rng(seed)
    one = many = None
    while st["to_play"][0] >= 0 and (one is None or many is None):
        mask = legal_actions(spec, st)
        if mask.sum() == 1 and one is None:
            one = st.copy()
        elif mask.sum() > 1 and many is None:
            many = st.copy()
        apply_action(spec, st, int(rng.choice(np.flatnonzero(mask))))
    return spec, one, many


def test_a_choice_of_one_costs_no_network_pass():
    """PUCT picks the only legal action whatever its prior, so a node with one makes no
    network pass: with the prior at the root only, a search from a position with one legal
    action makes none, from one with several exactly one (the root's, made once)."""
    spec, one, many = _positions("five_sails")
    prior = _one_hot_prior(spec, 0)
    for root, passes in ((one, 0), (many, 1)):
        info = np.zeros(3, dtype=np.int64)
        search.search(spec, root, 40, seed=0, prior=prior, prior_depth=1, info=info)
        assert info[2] == passes


def _visits_at(total, spec, action, players=2, fpu=None):
    vec = envs.make_vector("toy", num_envs=1, seed=0, num_players=players)
    vec.states["total"][0] = total
    vec.refresh()
    return search.search(spec, vec.states[0:1], 400, c=1.0, seed=0,
                         prior=_one_hot_prior(spec, action, strength=3.0), fpu=fpu)


def test_a_game_may_have_a_winning_search_try_what_its_prior_ranks_low():
    """GameSpec.search_fpu_parent_at. [End] at 20 adding 1 wins: with the prior on it, an
    untried action counted at 0 never catches up with the winning one's mean return, so the
    search never leaves it; counted at the tried actions' mean return, every action is
    tried and the win is still the most visited. At 17 every move loses against best play
    (the rival reaches 21): the mean return is below 0, untried actions count 0 either way,
    and the visits are the same."""
    spec = envs.spec("toy")
    fpu = dataclasses.replace(spec, search_fpu_parent_at=(2,))
    plain, parent = _visits_at(20, spec, ADD1), _visits_at(20, fpu, ADD1)
    assert plain[ADD1] == plain.sum()
    assert (parent[[ADD1, ADD2, ADD3]] > 0).all() and int(np.argmax(parent)) == ADD1
    for favoured in (ADD1, ADD2, ADD3):
        assert np.array_equal(_visits_at(17, spec, favoured), _visits_at(17, fpu, favoured))


def test_first_play_urgency_holds_at_the_player_counts_the_game_names_only():
    """GameSpec.search_fpu_parent_at names player counts: a 3-player search at 20 (adding 1
    wins [End]) is the plain one when only 2 is named, and tries more when 3 is."""
    spec = envs.spec("toy")
    plain = _visits_at(20, spec, ADD1, players=3)
    assert np.array_equal(_visits_at(20, dataclasses.replace(spec, search_fpu_parent_at=(2,)),
                                     ADD1, players=3), plain)
    three = _visits_at(20, dataclasses.replace(spec, search_fpu_parent_at=(3,)), ADD1, players=3)
    assert np.count_nonzero(three[[ADD1, ADD2, ADD3]]) > np.count_nonzero(plain[[ADD1, ADD2, ADD3]])


def test_a_search_may_turn_first_play_urgency_on_or_off_whatever_the_game_names():
    """``search(..., fpu=)``, an expert-iteration teacher's ``fpu=on|off``: True searches at
    20 as a game naming the count does (every action tried), False as a game naming none
    (the favoured win alone), at any count; None keeps the game's. A flag that is not a
    bool is refused."""
    spec = envs.spec("toy")
    named = dataclasses.replace(spec, search_fpu_parent_at=(2,))
    plain, parent = _visits_at(20, spec, ADD1), _visits_at(20, named, ADD1)
    assert not np.array_equal(plain, parent)
    assert np.array_equal(_visits_at(20, spec, ADD1, fpu=True), parent)
    assert np.array_equal(_visits_at(20, named, ADD1, fpu=False), plain)
    assert np.array_equal(_visits_at(20, named, ADD1, fpu=None), parent)
    three = _visits_at(20, dataclasses.replace(spec, search_fpu_parent_at=(3,)), ADD1,
                       players=3)
    assert np.array_equal(_visits_at(20, spec, ADD1, players=3, fpu=True), three)
    with pytest.raises(ValueError, match="fpu"):
        _visits_at(20, spec, ADD1, fpu="off")
