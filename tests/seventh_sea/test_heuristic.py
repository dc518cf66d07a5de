"""7th Sea CCG heuristic as a kernel (envs/seventh_sea/heuristic.py): the GameSpec's
``heuristic_best``, the agent that wraps it (agents/heuristic/seventh_sea.py) and the
self-play reply kernel that plays it (envs/core/opponents.py ``KIND_HEURISTIC``)."""

import numpy as np
import pytest

import agents
import envs
from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, load, slot, target

CONFIGS = [{"num_players": 2}, {"num_players": 3}, {"num_players": 2, "edition": "original"},
           {"num_players": 4, "edition": "original"}]


def _spec():
    return envs.spec("seventh_sea")


def _best(rec, seat):
    best = np.zeros(S.NUM_ACTIONS, dtype=np.bool_)
    n = _spec().heuristic_best(rec.copy()[0], seat, np.uint64(7), best)
    return n, best


def _legal(rec):
    mask = np.zeros(S.NUM_ACTIONS, np.uint8)
    _spec().legal_mask(rec.copy()[0], mask)
    return mask


def _games(config, seed, steps=600):
    """Records of one game, half the decisions by the heuristic and half random (so the
    positions are varied), with the heuristic's best set at each."""
    e = envs.make_raw("seventh_sea", **config)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        rec = e.record.copy()
        if rec["to_play"][0] < 0:
            return
        seat = int(rec["to_play"][0])
        n, best = _best(rec, seat)
        yield rec, seat, n, best
        a = np.flatnonzero(best)[0] if rng.random() < 0.5 else rng.choice(e.legal_actions())
        e.step(int(a))


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_kernel_marks_one_legal_action_and_the_agent_plays_it(config):
    """heuristic_best marks exactly one legal action (its priorities break every tie) and
    the agent, a wrapper over the same kernel, plays it and reports it in last_best."""
    agent = agents.make("heuristic", "seventh_sea", seed=0)
    assert agent.plays_heuristic_best
    seen = 0
    for seed in range(6):
        for rec, seat, n, best in _games(config, seed):
            mask = _legal(rec)
            assert n == 1 and best.sum() == 1 and mask[np.flatnonzero(best)[0]]
            a = agent.act(np.zeros(_spec().obs_size, np.float32), mask, rec.copy(), seat)
            assert best[a] and np.array_equal(agent.last_best[0], best)
            seen += 1
    assert seen >= 200


def test_heuristic_fires_whenever_a_cannon_attack_is_offered_and_never_sinks_its_captain_early():
    """[9. Perform a Cannon Attack] a cannon attack offered is taken; [Suffering Hits]
    sinking your Captain loses the game, so it is never chosen while another way to absorb
    (a React, tacking or sinking another crew) is legal."""
    fired = absorbed = 0
    for config in CONFIGS:
        for seed in range(4):
            for rec, _seat, _n, best in _games(config, 10 + seed):
                mask = _legal(rec)
                if rec["pk"][0] == S.PK_MAIN and mask[S.A_CANNON]:
                    assert best[S.A_CANNON]
                    fired += 1
                if rec["pk"][0] == S.PK_ABSORB and mask.sum() > 1:
                    assert not best[S.A_SINK + 0]
                    absorbed += 1
    assert fired >= 10 and absorbed >= 10, (fired, absorbed)


def test_heuristic_fires_with_its_best_gunner_and_tacks_before_it_sinks():
    """[9. Perform a Cannon Attack] player_0 fires at player_1 with Powder Priest (Cannon 3,
    over its Captain's 2); [Suffering Hits] player_1 absorbs the 3 Hits by tacking crew, so
    no crew sinks while tacking suffices (Reacts answered by the heuristic too)."""
    arr = load("cannon_attack")
    for want in (S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest")):
        n, best = _best(arr, 0)
        assert n == 1 and best[want]
        act(arr, want)
    for _ in range(8):                        # React windows: the heuristic answers them
        if arr["pk"][0] == S.PK_ABSORB:
            break
        seat = int(arr["cur"][0])
        act(arr, int(np.flatnonzero(_best(arr, seat)[1])[0]))
    assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 1
    crew = int(arr["crew_n"][0][1])
    while arr["pk"][0] == S.PK_ABSORB:
        n, best = _best(arr, 1)
        a = int(np.flatnonzero(best)[0])
        assert S.A_CREW <= a < S.A_SINK
        act(arr, a)
    assert int(arr["crew_n"][0][1]) == crew and not arr["done"][0]


def test_heuristic_reads_nothing_hidden():
    """Other hands and every deck (and the secret starting Crew) re-dealt for the seat to
    play leave the heuristic's choice unchanged."""
    spec = _spec()
    checked = 0
    for rec, seat, _n, best in _games({"num_players": 3}, 5, steps=300):
        other = rec.copy()
        spec.determinize(other[0], seat, np.uint64(99))
        assert np.array_equal(_best(other, seat)[1], best)
        checked += 1
    assert checked >= 100
