"""A record handed to an agent from outside is validated before any kernel reads it
(agents/base.py, envs/core/search.py): a corrupt one is refused with ``StateError`` naming
the field, and nothing reads it, changes it or crashes."""

import numpy as np
import pytest

import agents
import envs
from envs.core import search
from envs.core.errors import StateError

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

