"""Seas of Havoc soak: thousands of random games through VectorGame, invariants at every check.

Invariants: ``check_states`` (envs/havoc/validate.py, the validator every load uses) holds
for every state at every check - card, Damage, ghost-card and shipwreck-token conservation,
capacities, the board, the pending decision, a legal action for a live seat - and every
game ends within max_steps.
"""

import numba
import numpy as np
import pytest
from numba import njit

from envs.core.rng import mix64

from envs.core.vector import VectorGame
from envs.havoc import env as havoc_env
from envs.havoc import rules
from envs.havoc.state import (
    DEFAULT_MAX_STEPS, NUM_ACTIONS,
)

SOAK = {
    "standard2": {"num_players": 2},
    "standard3": {"num_players": 3},
    "standard4": {"num_players": 4},
    "standard5": {"num_players": 5},
    "two_ship": {"num_players": 2, "variant": "two_ship"},
    "teams4": {"num_players": 4, "variant": "teams"},
    "ghost1": {"num_players": 1, "variant": "ghost"},
    "ghost3": {"num_players": 3, "variant": "ghost", "num_ghosts": 3},
}
NUM_ENVS = 64
CHUNK = 400
GAMES_PER_CONFIG = 300          # 8 configs: 2400 games per run
MAX_CHUNKS = 400


def check_invariants(states, cfg):
    """Every state passes check_states, the validator loads use too (envs/havoc/validate.py:
    card, Damage, ghost-card and token conservation, capacities, the board, the pending
    decision, a legal action for a live seat), and no game ran past its step bound."""
    problems = havoc_env.GAME.check_states(states)
    bad = [(i, p) for i, p in enumerate(problems) if p]
    assert not bad, f"{len(bad)} invalid states, e.g. env {bad[0][0]}: {bad[0][1]}"
    limit = int(cfg["max_steps"]) or DEFAULT_MAX_STEPS
    assert (states["step"] <= limit).all()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_play_soak(name):
    """Random legal play: no stuck game, no lost card, token or resource, games finish."""
    prev = numba.get_num_threads()
    numba.set_num_threads(1)          # the CI box is shared: one core for the soak
    try:
        vec = VectorGame(havoc_env.GAME, NUM_ENVS, seed=sorted(SOAK).index(name), **SOAK[name])
        cfg = vec.cfgs[0]
        check_invariants(vec.states, cfg)
        finished = 0
        for _ in range(MAX_CHUNKS):
            vec.playout(CHUNK)            # raises on an empty mask before a game's end
            finished += vec.games_finished
            check_invariants(vec.states, cfg)
            if finished >= GAMES_PER_CONFIG:
                break
        assert finished >= GAMES_PER_CONFIG, f"only {finished} games finished"
    finally:
        numba.set_num_threads(prev)


@njit
def _play_to_end(states, cfgs, seeds, out):
    """Random legal play from a fresh game to its end; out[i] = (decisions, done, truncated)."""
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


def stalemate(rec) -> bool:
    """No Damage can ever be dealt again: no player crew owns a card, the Market and its deck
    are empty and no ghost ship holds a ghost card (the rulebook has no end for this)."""
    n = int(rec["num_crews"])
    for c in range(n):
        if rec["crew_seat"][c] >= 0:
            if rec["hand"][c].sum() + rec["deck_n"][c] + rec["discard"][c].sum() > 0:
                return False
        elif rec["ghost_hand_n"][c] > 0:
            return False
    return rec["market_deck_n"] == 0 and (rec["market"] < 0).all()


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_games_end_by_the_rules_unless_stalemated(name):
    """Ending the Game: the game ends after the Sea Phase that empties the Damage deck.

    Every random game ends within max_steps. The step bound may only end a stalemate the
    rulebook has no end for: every crew has scrapped its whole deck and the Market is
    empty, so no Damage can ever be dealt.
    """
    n = 128
    cfg = havoc_env.GAME.make_config(**SOAK[name])
    states = np.zeros(n, havoc_env.GAME.state_dtype)
    out = np.zeros((n, 3), np.int64)
    _play_to_end(states, cfg, np.arange(1, n + 1, dtype=np.uint64), out)
    limit = int(cfg["max_steps"][0]) or DEFAULT_MAX_STEPS
    assert ((out[:, 1] == 1) ^ (out[:, 2] == 1)).all(), "a game stopped without ending"
    assert (out[out[:, 1] == 1, 0] < limit).all()
    for i in np.flatnonzero(out[:, 2]):
        assert out[i, 0] == limit
        ok = stalemate(states[i])
        rec = states[i]
        assert ok, (f"game {i} truncated at {limit} steps without a stalemate: phase "
                    f"{rec['phase']}, round {rec['round']}, hands {rec['hand'].sum(1).tolist()}, "
                    f"decks {rec['deck_n'].tolist()}, ghost hands {rec['ghost_hand_n'].tolist()}")
