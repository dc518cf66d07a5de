"""Paranoid search at 3 or more players (envs/core/search.py, ``GameSpec.search_paranoid``).

The toy game with no secret cards left is a game of perfect information: from a total of 14
(target 21) with three seats and seat 0 to move, a coalition of seats 1 and 2 beats every move
of seat 0 (the paranoid value of each is a loss), while with each rival playing for itself
(max-n, rivals choosing evenly among their own equal outcomes) adding 1 keeps seat 0 a third
of a win in expectation. Both values are worked out by hand from [Turn] and [End]:
reaching 21 exactly wins, passing it makes every other seat a winner.
"""

import dataclasses

import numpy as np
import pytest

import envs
from envs.core import search
from test_search_prior import _one_hot_prior

ADD1, ADD2, ADD3 = 0, 1, 2


def _open_position(players: int, total: int = 14):
    vec = envs.make_vector("toy", num_envs=1, seed=0, num_players=players)
    rec = vec.states[0:1].copy()
    rec["total"][0] = total
    rec["card"][0] = 0           # no secret card anywhere, an empty deck: nothing hidden
    rec["deck_n"][0] = 0
    rec["deck"][0] = 0
    rec["to_play"][0] = 0
    return rec


def _search(spec, root, *args, **kwargs):
    """The search of a study position: with no card anywhere it is outside the toy's deck
    invariant, which ``check_states`` would refuse, so the test vouches for it (``checked``)."""
    return search.search(spec, root, *args, checked=True, **kwargs)


def _root_values(paranoid, prior=None, players=3, sims=6000):
    spec = envs.spec("toy")
    q = np.zeros(spec.num_actions)
    visits = _search(spec, _open_position(players), sims, c=1.0, seed=1, q=q,
                           prior=prior, paranoid=paranoid)
    return visits, q


@pytest.mark.parametrize("prior", [None, "uniform"])
def test_a_paranoid_search_sees_the_coalition_win_and_max_n_does_not(prior):
    """At 14 every move loses to a coalition (paranoid: each move's mean return near -1);
    under max-n some move keeps seat 0 far from a sure loss (adding 1: +1/3 when rivals
    choose evenly among their equal outcomes)."""
    spec = envs.spec("toy")
    p = None if prior is None else _one_hot_prior(spec, ADD1, strength=0.0)
    visits, q = _root_values(True, p)
    assert (q[[ADD1, ADD2, ADD3]] < -0.8).all(), q[:3]
    visits, q = _root_values(False, p)
    assert q[[ADD1, ADD2, ADD3]].max() > -0.5, q[:3]


def test_at_two_players_paranoid_changes_nothing():
    """With two seats the only rival's interest is the searching seat's loss already: the
    same visits either way."""
    a, qa = _root_values(True, players=2, sims=800)
    b, qb = _root_values(False, players=2, sims=800)
    assert np.array_equal(a, b) and np.array_equal(qa, qb)


def test_the_game_chooses_the_default_and_the_caller_may_override_it():
    """``paranoid=None`` takes the game's ``search_paranoid``."""
    spec = envs.spec("toy")
    mine = dataclasses.replace(spec, search_paranoid=True)
    root = _open_position(3)
    want = _search(spec, root, 1500, seed=2, paranoid=True)
    assert np.array_equal(_search(mine, root, 1500, seed=2), want)
    assert not np.array_equal(_search(spec, root, 1500, seed=2), want)
    assert np.array_equal(_search(mine, root, 1500, seed=2, paranoid=False),
                          _search(spec, root, 1500, seed=2))


@pytest.mark.parametrize("bad", ["yes", 1, 0.0])
def test_a_paranoid_setting_that_is_not_a_bool_is_refused(bad):
    with pytest.raises(ValueError, match="paranoid"):
        _search(envs.spec("toy"), _open_position(3), 5, paranoid=bad)
