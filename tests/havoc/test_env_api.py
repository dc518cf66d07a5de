"""Seas of Havoc through PettingZoo: api_test and seed_test at every player count and variant.

Rulebook sections: Player Setup (1-5 players), Variants (2 Ship, Teams), The Ghost Fleet
(solo and co-op), Ending the Game / Final Scoring (terminal rewards).
"""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs.core.errors import ConfigError, IllegalActionError
from envs.havoc import env as havoc_env
from envs.havoc.state import NUM_ACTIONS

GAMES = {
    "ghost_solo": {"num_players": 1, "variant": "ghost"},
    "ghost_solo_hard": {"num_players": 1, "variant": "ghost", "num_ghosts": 3},
    "ghost_coop3": {"num_players": 3, "variant": "ghost", "num_ghosts": 3},
    "standard2": {"num_players": 2},
    "standard3": {"num_players": 3},
    "standard4": {"num_players": 4},
    "standard5": {"num_players": 5},
    "two_ship": {"num_players": 2, "variant": "two_ship"},
    "teams3": {"num_players": 3, "variant": "teams"},
    "teams4": {"num_players": 4, "variant": "teams"},
    "teams5": {"num_players": 5, "variant": "teams", "teams": [0, 1, 2, 0, 1]},
    "auto_forced": {"num_players": 3, "auto_forced": True},
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_api(name):
    """Player Setup / Variants: every player count and variant passes PettingZoo's api_test."""
    api_test(havoc_env.env(**GAMES[name]), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_seed(name):
    """Same seed, same sampled actions: the same game, step for step."""
    seed_test(lambda: havoc_env.env(**GAMES[name]), num_cycles=150)


@pytest.mark.parametrize("name", ["standard3", "ghost_solo", "two_ship", "teams4"])
def test_random_game_ends_with_terminal_win_loss_rewards(name):
    """Ending the Game / Final Scoring: +1 each winner, -1 each loser, 0 to all on a draw."""
    e = havoc_env.raw_env(**GAMES[name])
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    infos = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        totals[agent] += reward
        if term or trunc:
            infos[agent] = info
            e.step(None)
            continue
        assert obs["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    rec = e.unwrapped.record[0]
    assert rec["done"] == 1 and rec["truncated"] == 0 and steps < 20000
    winners = int(rec["winner_mask"])
    if rec["cfg"]["num_ghosts"]:
        # Ghost Fleet: the players win or lose together; winner_mask 0 is a loss to the
        # fleet (-1) or a draw with it (0) [Ghost Fleet: Ending the Game]
        values = {totals[a] for a in e.possible_agents}
        assert len(values) == 1
        value = values.pop()
        assert value in (-1.0, 0.0, 1.0)
        assert (value == 1.0) == (winners != 0)
        return
    for seat, agent in enumerate(e.possible_agents):
        if winners == 0:
            assert totals[agent] == 0.0
        else:
            assert totals[agent] == (1.0 if winners >> seat & 1 else -1.0)
    for seat, agent in enumerate(e.possible_agents):
        assert infos[agent]["infamy"] == int(rec["infamy"][seat])
        assert infos[agent]["phase"] == "game over"
        assert isinstance(infos[agent]["final_score"], int)


def test_raw_env_refuses_an_illegal_action_and_names_the_legal_ones():
    """Setup C: the first decision is the heading of player_0's ship (4 options)."""
    e = havoc_env.raw_env(num_players=3)
    e.reset(seed=0)
    before = e.save()
    with pytest.raises(IllegalActionError) as err:
        e.step(0)
    assert "heading N" in str(err.value)
    assert e.save() == before
    with pytest.raises(IllegalActionError):
        e.step(NUM_ACTIONS)


def test_env_ends_the_game_on_an_illegal_action_with_minus_one():
    e = havoc_env.env(num_players=3)
    e.reset(seed=0)
    agent = e.agent_selection
    e.step(0)
    assert e._cumulative_rewards[agent] == -1.0
    assert all(e.terminations.values())


def test_registry_and_versioned_alias():
    e = envs.make("havoc", num_players=2)
    assert envs.havoc_v1.GAME.name == "havoc" and envs.spec("havoc") is havoc_env.GAME
    assert type(e).__name__ == "ArrayAECEnv"
    with pytest.raises(ConfigError):
        envs.make("havoc", num_players=9)


@pytest.mark.parametrize("mode", ["ansi", "rgb_array"])
def test_render_modes(mode):
    e = havoc_env.env(num_players=3, render_mode=mode)
    e.reset(seed=1)
    out = e.render()
    if mode == "ansi":
        assert isinstance(out, str) and "Seas of Havoc" in out
    else:
        assert out.dtype == np.uint8 and out.shape[2] == 3


def test_scenario_round_trip_through_the_env():
    """The position a scenario describes is the position the env plays from."""
    e = havoc_env.raw_env(num_players=3)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        e.step(int(rng.choice(e.legal_actions())))
    d = havoc_env.GAME.to_scenario(e.record[0])
    again = havoc_env.GAME.from_scenario(d)
    assert havoc_env.GAME.to_scenario(again[0]) == d
