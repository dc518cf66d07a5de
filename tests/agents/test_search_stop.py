"""The search stops once its move is decided (envs/core/search.py ``stop_when_decided``): as
soon as no root action can overtake the most visited one in the simulations left, the rest
could not change the move, so a playing agent saves them. The move must be the one the
whole budget gives, in every game, with and without a prior."""

import numpy as np
import pytest

import agents
import envs
from envs.core.search import search

GAMES = ["havoc", "seventh_sea", "five_sails", "cursed_seas"]


def _positions(game: str, count: int, seed: int):
    """``count`` positions of random games with a choice to make (a 1-element record
    each), from the opening to the middle game."""
    vec = envs.make_vector(game, num_envs=count, seed=seed)
    out = []
    rng = np.random.default_rng(seed)
    for depth in rng.integers(0, 60, size=count):
        vec.reset(seed=int(rng.integers(2**31)))
        if depth:
            vec.playout(int(depth))
        for i in range(count):
            if vec.masks[i].sum() > 1 and len(out) < count:
                out.append((vec.states[i:i + 1].copy(), vec.masks[i].copy()))
        if len(out) >= count:
            break
    return out


def _move(visits, mask):
    legal = np.flatnonzero(mask)
    return int(legal[np.argmax(visits[legal])])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("prior", [False, True], ids=["uct", "prior"])
def test_a_search_stopped_once_decided_makes_the_move_of_its_whole_budget(game, prior):
    """Same seed, same positions: the stopped search's most visited action is the full
    search's, its lead over every other action exceeds what the simulations it skipped
    could have given them, and over the positions it saves simulations."""
    spec = envs.spec(game)
    net = None
    if prior:
        from agents.pretrained import load

        net = load(game)[:2]
    sims, saved = 60, 0
    for k, (root, mask) in enumerate(_positions(game, 6, seed=11)):
        full = search(spec, root, sims, seed=k, prior=net)
        short = search(spec, root, sims, seed=k, prior=net, stop_when_decided=True)
        assert _move(short, mask) == _move(full, mask), (game, k)
        done = int(short.sum())
        assert done <= int(full.sum())
        if done < int(full.sum()):
            lead, rest = np.sort(short)[-1], np.sort(short)[-2]
            assert lead - rest > sims - done, (game, k)
        saved += int(full.sum()) - done
    assert saved > 0, game


def test_the_stopped_search_keeps_its_visits_until_the_move_is_decided():
    """Until the lead exceeds what is left the search runs on: a root whose two best
    actions stay level spends the whole budget: with 2 simulations, one leading visit
    after the first is not more than the one left, so the second runs."""
    spec = envs.spec("havoc")
    (root, mask), = _positions("havoc", 1, seed=3)
    assert mask.sum() > 1
    assert search(spec, root, 2, seed=0, stop_when_decided=True).sum() == 2


def test_the_playing_agent_stops_once_decided_and_a_gumbel_root_does_not(searches):
    """MCTSAgent plays the most visited action, so it stops once that is decided; the
    Gumbel root picks by sequential halving, which needs its whole schedule (the kernel
    ignores the stop there)."""
    (root, mask), = _positions("havoc", 1, seed=5)
    agents.make("mcts:20", "havoc", seed=0).search(root, mask)
    assert searches[-1]["stop_when_decided"] is True
    spec = envs.spec("havoc")
    info = np.zeros(4, dtype=np.int64)
    visits = search(spec, root, 16, seed=0, halving=4, info=info, stop_when_decided=True)
    assert visits.sum() == 16


def test_an_agent_that_stops_once_decided_plays_the_games_of_its_whole_budget():
    """Whole games, seat-rotated against the heuristic: every move the same."""
    from training.evaluate import play_games, seatings_vs

    games = []
    for stop in (True, False):
        agent = agents.make("mcts:40", "five_sails", seed=3)
        agent.stop_when_decided = stop
        lineup = [agent, agents.make("heuristic", "five_sails", seed=4)]
        games.append(play_games("five_sails", lineup, seatings_vs(2, 2), seed=5,
                                config={"num_players": 2}, num_envs=2))
    assert [r.actions for r in games[0]] == [r.actions for r in games[1]]
