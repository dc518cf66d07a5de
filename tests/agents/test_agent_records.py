"""A record handed to an agent from outside is validated before any kernel reads it
(agents/base.py, envs/core/search.py): a corrupt one is refused with ``StateError`` naming
the field, and nothing reads it, changes it or crashes."""

import numpy as np
import pytest

import agents
import envs
from envs.core import search
from envs.core.errors import SeatError, StateError

#: (game, field, value the game's check_states refuses): a seat outside every game, and the
#: Cursed Seas ship index a segment kernel reads ("pend_ship", 0..MAX_SHIPS - 1)
CORRUPTIONS = [(g, "to_play", 9) for g in ("havoc", "seventh_sea", "five_sails", "cursed_seas")]
CORRUPTIONS.append(("cursed_seas", "pend_ship", 99))


def _corrupt(game, field, value):
    """A record of a game some random moves in, with ``field`` set to ``value``; its mask."""
    vec = envs.make_vector(game, num_envs=1, seed=4)
    rng = np.random.default_rng(4)
    for _ in range(12):
        vec.step(np.array([rng.choice(np.flatnonzero(vec.masks[0]))]))
    rec = vec.states[0:1].copy()
    mask = vec.masks[0].copy()
    if field is not None:
        rec[field][0] = value
    return rec, mask


@pytest.mark.parametrize("game, field, value", CORRUPTIONS)
def test_every_entry_that_takes_a_record_from_outside_refuses_a_corrupt_one(game, field, value):
    rec, mask = _corrupt(game, field, value)
    before = rec.tobytes()
    obs = np.zeros(envs.spec(game).obs_size, dtype=np.float32)
    mcts = agents.make("mcts:8", game)
    entries = {
        "envs.core.search.search": lambda: search.search(envs.spec(game), rec, 8),
        "MCTSAgent.search": lambda: mcts.search(rec, mask),
        "MCTSAgent.act": lambda: mcts.act(obs, mask, rec, 0),
        "heuristic act": lambda: agents.make("heuristic", game).act(obs, mask, rec, 0),
    }
    for entry, call in entries.items():
        with pytest.raises(StateError, match=field) as refused:
            call()
        assert "refused" in str(refused.value), entry
        assert rec.tobytes() == before, entry



GAMES = ("havoc", "seventh_sea", "five_sails", "cursed_seas")


def _live(game):
    """A valid record some random moves in, and its mask."""
    return _corrupt(game, None, None)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [-1, 4, 99, 10**6, -10**6, 2**40, True, 1.0, "0"])
def test_a_state_agents_act_refuses_a_seat_that_is_not_one_of_the_games(game, seat):
    """The seat indexes the kernels' per-seat tables: one outside 0..num_players-1 (or not
    an integer) is a SeatError before any kernel runs, for every state agent."""
    rec, mask = _live(game)
    before = rec.tobytes()
    obs = np.zeros(envs.spec(game).obs_size, dtype=np.float32)
    for agent in (agents.make("heuristic", game), agents.make("mcts:8", game)):
        with pytest.raises(SeatError, match="seat"):
            agent.act(obs, mask, rec, seat)
        assert rec.tobytes() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_state_agents_act_refuses_a_finished_game_and_a_mask_of_another_shape(game):
    rec, mask = _live(game)
    obs = np.zeros(envs.spec(game).obs_size, dtype=np.float32)
    agent = agents.make("heuristic", game)
    with pytest.raises(ValueError, match="mask must have shape"):
        agent.act(obs, mask[:-1], rec, int(rec["to_play"][0]))
    with pytest.raises(ValueError, match="allows no action"):
        agent.act(obs, np.zeros_like(mask), rec, int(rec["to_play"][0]))
    over = _finished(game)
    assert envs.spec(game).check_state(over[0]) == [] and over["to_play"][0] == -1
    with pytest.raises(SeatError, match="game is over"):
        agent.act(obs, mask, over, None)


def _finished(game):
    """The record a random game ended in (VectorGame keeps it: keep_final)."""
    vec = envs.make_vector(game, num_envs=1, seed=5, keep_final=True)
    rng = np.random.default_rng(5)
    while True:
        _, done = vec.step(np.array([rng.choice(np.flatnonzero(vec.masks[0]))]))
        if done[0]:
            return vec.final_states[0:1].copy()
