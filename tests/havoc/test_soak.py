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
from envs.havoc.state import DEFAULT_MAX_STEPS, NUM_ACTIONS, PH_OVER

#: random play ends by the rules in a few hundred to a few thousand decisions; a game where
#: no Damage can be dealt any more runs to max_steps (the rulebook has no other end)
SOAK_STEPS = 5000
SOAK = {
    "standard2": {"num_players": 2, "max_steps": SOAK_STEPS},
    "standard3": {"num_players": 3, "max_steps": SOAK_STEPS},
    "standard4": {"num_players": 4, "max_steps": SOAK_STEPS},
    "standard5": {"num_players": 5, "max_steps": SOAK_STEPS},
    "two_ship": {"num_players": 2, "variant": "two_ship", "max_steps": SOAK_STEPS},
    "teams4": {"num_players": 4, "variant": "teams", "max_steps": SOAK_STEPS},
    "ghost1": {"num_players": 1, "variant": "ghost", "max_steps": SOAK_STEPS},
    "ghost3": {"num_players": 3, "variant": "ghost", "num_ghosts": 3, "max_steps": SOAK_STEPS},
    "ghost2_compete": {"num_players": 2, "variant": "ghost", "coop": False,
                       "max_steps": SOAK_STEPS},
    "stall3": {"num_players": 3, "stall_limit": 4, "max_steps": SOAK_STEPS},
}
NUM_ENVS = 64
CHUNK = 400
GAMES_PER_CONFIG = 300          # 10 configs: 3000 games per run
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


@pytest.mark.parametrize("name", sorted(SOAK))
def test_random_games_end_by_the_rules_or_are_truncated(name):
    """Ending the Game: a game ends after the Sea Phase that empties the Damage deck (or, with
    the opt-in stall_limit, after that many Sea Phases without Damage [ruling: Stalled
    games]). Only a stalemate, where no Damage can be dealt any more, runs on to max_steps
    and is truncated; no game stops half-way."""
    n = 128
    cfg = havoc_env.GAME.make_config(**SOAK[name])
    states = np.zeros(n, havoc_env.GAME.state_dtype)
    out = np.zeros((n, 3), np.int64)
    _play_to_end(states, cfg, np.arange(1, n + 1, dtype=np.uint64), out)
    limit = int(cfg["max_steps"][0]) or DEFAULT_MAX_STEPS
    assert ((out[:, 1] == 1) ^ (out[:, 2] == 1)).all(), "a game stopped without ending"
    done = out[:, 1] == 1
    assert (out[done, 0] < limit).all() and (out[~done, 0] == limit).all()
    assert (states["phase"][done] == PH_OVER).all()
    stall = int(cfg["stall_limit"][0])
    by_rule = states["damage_left"][done] == 0
    if stall:
        by_rule |= states["quiet_seas"][done] == stall
    assert by_rule.all(), "a game ended with Damage left in the deck and no stall limit"
    for i in np.flatnonzero(~done):
        rec = states[i]
        assert stalemate(rec), (
            f"game {i} truncated at {limit} steps without a stalemate: phase {rec['phase']}, "
            f"round {rec['round']}, hands {rec['hand'].sum(1).tolist()}, decks "
            f"{rec['deck_n'].tolist()}, ghost hands {rec['ghost_hand_n'].tolist()}")


def stalemate(rec) -> bool:
    """No Damage can ever be dealt again: no player crew owns a card and the Market and its
    deck are empty (random play scraps whole decks at Deep Cove), and no ghost ship holds a
    ghost card. The rulebook has no end for such a game but an empty Damage deck, so only
    max_steps ends it [ruling: Stalled games]."""
    for c in range(int(rec["num_crews"])):
        if rec["crew_seat"][c] >= 0:
            if rec["hand"][c].sum() + rec["deck_n"][c] + rec["discard"][c].sum() > 0:
                return False
        elif rec["ghost_hand_n"][c] > 0:
            return False
    return rec["market_deck_n"] == 0 and (rec["market"] < 0).all()
