"""7th Sea CCG soak: random games through VectorGame, invariants at every check.

Invariants: ``check_states`` (envs/seventh_sea/validate.py, the validator loads use) holds
for every state at every check - card conservation across deck, hand, Crew, Attachments,
Adventures, discard and sunk piles, the card being played, boarding cards and the Chantey;
a well-formed pending decision; a legal action for the seat to play - and every game ends
(The Object: the last Captain sailing, or, revised, Control of all five Seas).
"""

import numba
import numpy as np
import pytest
from numba import njit

from envs.core.rng import mix64
from envs.core.vector import VectorGame
from envs.seventh_sea import env as ss_env
from envs.seventh_sea import rules
from envs.seventh_sea.state import DEFAULT_MAX_STEPS, NUM_ACTIONS

SOAK = {
    "revised2": {"num_players": 2}, "revised3": {"num_players": 3},
    "revised4": {"num_players": 4}, "original2": {"num_players": 2, "edition": "original"},
    "original4": {"num_players": 4, "edition": "original"},
}
NUM_ENVS = 32
CHUNK = 300
GAMES_PER_CONFIG = 60
MAX_CHUNKS = 200


def check_invariants(states, cfg):
    problems = ss_env.GAME.check_states(states)
    bad = [(i, p) for i, p in enumerate(problems) if p]
    assert not bad, f"{len(bad)} invalid states, e.g. env {bad[0][0]}: {bad[0][1]}"
    limit = int(cfg["max_steps"]) or DEFAULT_MAX_STEPS
    assert (states["step"] <= limit).all()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_play_soak(name):
    """Random legal play: no stuck game, no lost card, games finish."""
    prev = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        vec = VectorGame(ss_env.GAME, NUM_ENVS, seed=sorted(SOAK).index(name), **SOAK[name])
        cfg = vec.cfgs[0]
        check_invariants(vec.states, cfg)
        finished = 0
        for _ in range(MAX_CHUNKS):
            vec.playout(CHUNK)
            finished += vec.games_finished
            check_invariants(vec.states, cfg)
            if finished >= GAMES_PER_CONFIG:
                break
        assert finished >= GAMES_PER_CONFIG, f"only {finished} games finished"
    finally:
        numba.set_num_threads(prev)


@njit
def _play_to_end(states, cfgs, seeds, out):
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    for i in range(states.shape[0]):
        s = states[i]
        rules.init(s, cfgs[0], seeds[i])
        x = seeds[i]
        while s.to_play >= 0:
            rules.legal_mask(s, mask)
            n = 0
            for a in range(NUM_ACTIONS):
                n += mask[a]
            if n == 0:
                break
            x = mix64(x + np.uint64(1))
            k = np.int64(x % np.uint64(n))
            a = 0
            while True:
                if mask[a]:
                    if k == 0:
                        break
                    k -= 1
                a += 1
            rules.apply(s, a)
        out[i, 0] = s.step
        out[i, 1] = s.done
        out[i, 2] = s.truncated
        out[i, 3] = s.alive[:s.num_players].sum()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_games_end_by_the_rules(name):
    """The Object: every random game ends by the rules well before the step bound, with one
    winner: the last Captain sailing, or (revised) the sole controller of all five Seas."""
    n = 128
    cfg = ss_env.GAME.make_config(**SOAK[name])
    states = np.zeros(n, ss_env.GAME.state_dtype)
    out = np.zeros((n, 4), np.int64)
    _play_to_end(states, cfg, np.arange(1, n + 1, dtype=np.uint64), out)
    assert (out[:, 1] == 1).all(), "a random game was truncated"
    for i in range(n):
        w = int(states["winner_mask"][i])
        assert w and w & (w - 1) == 0, "exactly one winner"
        winner = w.bit_length() - 1
        assert states["alive"][i][winner] == 1
        if out[i, 3] > 1:
            assert states["cfg"]["edition"][i] == 1, "Control victory is revised only"
