"""Depth-limited search: the value kernel that scores a stopped playout, and the agent
strings that choose the playout length."""

import numpy as np
import pytest

import agents
import envs
from agents.mcts import DEFAULT_ROLLOUT, MCTSAgent
from agents.base import sample_legal
from envs.core.search import playout_steps, search

VALUED = [g for g in envs.names() if envs.spec(g).value is not None
          and envs.spec(g).determinize is not None]


def _positions(game, n, seed=0):
    """Live 2-player positions after 0..n-1 x 37 random decisions."""
    vec = envs.make_vector(game, num_envs=1, seed=seed, num_players=2)
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n * 37):
        if i % 37 == 0:
            out.append(vec.states[0:1].copy())
        vec.step(sample_legal(vec.masks, rng))
    return out


def _value(spec, rec):
    out = np.zeros(rec.dtype["reward"].shape[0])
    spec.value(rec[0], out)
    return out


@pytest.mark.parametrize("game", VALUED)
def test_value_is_a_return_and_a_seat_s_value_ignores_what_it_cannot_see(game):
    """A value stands in for the rest of the game's reward (per seat, +1 a win, -1 a loss;
    below -1 only for a seat sure to lose a game not over yet, so that a search prefers
    ending it to stalling, as Cursed Seas' DECIDED_LOSS), and a seat's value reads only what
    that seat knows: determinising for a seat never changes that seat's value (the search
    determinises for the seat to play, and reward shaping reads the learner's own value)."""
    spec = envs.spec(game)
    for k, rec in enumerate(_positions(game, 6)):
        v = _value(spec, rec)
        assert np.all(v <= 1.0) and np.all(v >= -1.5)
        for seat in range(2):
            d = rec.copy()
            spec.determinize(d[0], seat, np.uint64(1000 + k))
            assert _value(spec, d)[seat] == v[seat]


def test_a_cut_playout_is_shorter_and_the_search_still_counts_every_simulation():
    spec = envs.spec("havoc")
    root = _positions("havoc", 1)[0]
    info = np.zeros(2, np.int64)
    visits = search(spec, root, 60, seed=1, max_rollout=5, info=info)
    assert visits.sum() == 60          # every simulation passes through one root action
    assert info[1] <= 5 * 60
    assert playout_steps(spec, root, 3, seed=1) > 5 * 3    # a full game is far longer


@pytest.mark.parametrize("text, rollout", [("mcts:300", "default"), ("mcts:300:7", 7),
                                           ("mcts:300:full", None), ("mcts:300:0", 0)])
def test_mcts_agent_string_chooses_the_playout_length(text, rollout):
    a = agents.make(text, "havoc", seed=0)
    assert a.simulations == 300
    expect = {"default": envs.spec("havoc").search_cut, None: -1}.get(rollout, rollout)
    assert a.max_rollout_steps == expect


def test_a_game_without_a_value_kernel_plays_out_in_full_by_default():
    assert envs.spec("toy").value is None
    assert MCTSAgent("toy", 10).max_rollout_steps == -1


@pytest.mark.parametrize("text", ["mcts:x", "mcts:10:y", "mcts:10:-3"])
def test_bad_mcts_strings_are_refused(text):
    with pytest.raises(ValueError):
        agents.make(text, "havoc")


def test_a_game_names_its_own_playout_cut_through_its_spec():
    """GameSpec.search_cut sets the search's default playout cut (agents.mcts.default_rollout,
    read by MCTSAgent); without a value kernel playouts still run to the end."""
    import dataclasses

    from agents.mcts import default_rollout

    sails = envs.spec("five_sails")             # a value kernel and no cut of its own
    assert sails.value is not None and sails.search_cut is None
    assert default_rollout(sails) == DEFAULT_ROLLOUT
    assert default_rollout(dataclasses.replace(sails, search_cut=7)) == 7
    assert default_rollout(dataclasses.replace(sails, search_cut=0)) == 0
    havoc = envs.spec("havoc")
    assert default_rollout(havoc) == havoc.search_cut != DEFAULT_ROLLOUT
    toy = envs.spec("toy")
    assert default_rollout(dataclasses.replace(toy, search_cut=7)) is None


def test_a_game_names_its_own_exploration_constant_through_its_spec():
    """GameSpec.search_c sets UCT's exploration constant of the search without a prior
    (agents.mcts.default_c, read by MCTSAgent); with a prior PUCT keeps its own."""
    import dataclasses

    from agents.mcts import DEFAULT_PUCT_C, DEFAULT_UCT_C, default_c

    havoc = envs.spec("havoc")
    assert havoc.search_c is None
    assert default_c(havoc, prior=False) == DEFAULT_UCT_C
    assert default_c(dataclasses.replace(havoc, search_c=0.4), prior=False) == 0.4
    assert default_c(dataclasses.replace(havoc, search_c=0.4), prior=True) == DEFAULT_PUCT_C


def test_a_games_prior_temperature_is_a_positive_number():
    """GameSpec.prior_temperature divides a trained prior's logits: 0, a negative number or
    infinity is refused when the game is declared (1: the network as trained)."""
    import dataclasses

    assert envs.spec("toy").prior_temperature == 1.0
    for bad in (0.0, -2.0, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="prior_temperature"):
            dataclasses.replace(envs.spec("toy"), prior_temperature=bad)


def _search_moves_of(spec, rec):
    """The moves the search tries at ``rec``: the legal mask less what ``prune`` clears."""
    mask = np.zeros(spec.num_actions, dtype=np.uint8)
    spec.legal_mask(rec[0], mask)
    if spec.prune is not None:
        spec.prune(rec[0], mask)
    return np.flatnonzero(mask)


@pytest.mark.parametrize("game", VALUED)
def test_the_search_tries_every_move_it_may_and_no_other(game):
    """With more simulations than moves, the search's first visits expand every move it may
    try at the root once (UCT tries each untried move before any twice), wherever the move
    lies in the action space, and never visit another action."""
    spec = envs.spec(game)
    found = 0
    for rec in _positions(game, 12, seed=3):
        if rec["to_play"][0] < 0:
            continue
        moves = _search_moves_of(spec, rec)
        if len(moves) < 3:
            continue
        visits = search(spec, rec, sims=len(moves) + 4, seed=1, max_rollout=2)
        assert np.array_equal(np.flatnonzero(visits), moves), (game, moves)
        found += 1
    assert found >= 3, f"{game}: too few positions with a choice"
