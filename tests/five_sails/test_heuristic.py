"""The heuristic agent plays legal moves only and beats uniform random play (README target:
>= 90 % of games)."""

import numpy as np
import pytest

import envs
from agents.heuristic import make


@pytest.mark.parametrize("n", [2, 3])
def test_heuristic_beats_random(n):
    h = make("five_sails", seed=0)
    rng = np.random.default_rng(n)
    wins = 0
    games = 40
    for g in range(games):
        e = envs.make_raw("five_sails", num_players=n)
        e.reset(seed=1000 + g)
        me = g % n
        while e.record["to_play"][0] >= 0:
            seat = int(e.record["to_play"][0])
            legal = e.legal_actions()
            if seat == me:
                m = np.zeros(e.game.num_actions, np.uint8)
                m[legal] = 1
                a = h.act(None, m, e.record.copy(), seat)
                assert a in legal
            else:
                a = int(rng.choice(legal))
            e.step(a)
        wins += (int(e.record["winner_mask"][0]) >> me) & 1
    assert wins >= 0.85 * games, wins
