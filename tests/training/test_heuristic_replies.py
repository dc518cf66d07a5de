"""The Seas of Havoc heuristic inside the self-play reply kernel (envs/core/opponents.py,
``KIND_HEURISTIC``) and its one code path with the Python agent (agents/heuristic/havoc.py).

The agent and the kernel both call envs/havoc/heuristic.py: the agent draws the re-deal key
and the tie-break from its numpy generator, the reply kernel from its stream. The kernel
must play only actions the heuristic rates best, and only legal ones.
"""

import numpy as np
import pytest

import agents
import envs
from agents.heuristic.havoc import HavocHeuristic
from envs.core.opponents import (KIND_HEURISTIC, KIND_PYTHON, KIND_RANDOM, STOP_BOUND,
                                 STOP_ENDED, play_opponents)
from envs.core.rng import mix64
from envs.havoc.heuristic import heuristic_best
from training.pool import OpponentPool
from training.selfplay_env import SelfPlayVecEnv

GOLDEN = 0x9E3779B97F4A7C15
CONFIGS = [{"num_players": 2}, {"num_players": 3}, {"num_players": 2, "variant": "two_ship"},
           {"num_players": 2, "variant": "ghost", "num_ghosts": 2}]


def _positions(config, n_envs=4, steps=400, every=25, seed=0):
    """Records reached by random play (one batch of ``n_envs`` every ``every`` steps)."""
    vec = envs.make_vector("havoc", num_envs=n_envs, seed=seed, **config)
    rng = np.random.default_rng(seed)
    out = []
    for r in range(steps):
        if r % every == 0:
            out.extend(vec.states[i:i + 1].copy() for i in range(n_envs))
        vec.step(agents.sample_legal(vec.masks, rng))
    return out


def _legal(rec):
    spec = envs.spec("havoc")
    mask = np.zeros(spec.num_actions, np.uint8)
    spec.legal_mask(rec.copy(), mask)
    return mask


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.get("variant", str(c)))
def test_kernel_heuristic_marks_the_set_the_agent_chooses_from(config):
    """heuristic_best with the key the agent draws marks exactly the agent's best set, and
    the agent's action is in it (seeded positions of every variant)."""
    searched = 0
    for k, st in enumerate(_positions(config, seed=len(config))):
        seat = int(st["to_play"][0])
        if seat < 0:
            continue
        mask = _legal(st[0])
        agent = HavocHeuristic(seed=k)
        a = int(agent.act_batch(None, mask[None], st.copy(), np.array([seat]))[0])
        key = np.uint64(np.random.default_rng(k).integers(2**63))   # the agent's first draw
        best = np.zeros(mask.shape[0], dtype=np.bool_)
        rec = st.copy()
        n = heuristic_best(rec[0], seat, key, best)
        assert rec.tobytes() == st.tobytes()          # the record itself is left untouched
        np.testing.assert_array_equal(best, agent.last_best[0])
        assert n == best.sum() and best[a] and mask[a]
        assert not (best & (mask == 0)).any()
        searched += n > 1
    assert searched > 0       # ties occur: the search path was exercised, not only rules


def _after(rec, action):
    spec = envs.spec("havoc")
    out = rec.copy()
    spec.apply(out[0], action)
    return out


def test_reply_kernel_heuristic_plays_only_legal_actions_the_heuristic_rates_best():
    """[KIND_HEURISTIC] one reply per call from many positions: the record the kernel left
    (or the one a game ended in) is the one some best-rated legal action leads to, the best
    set recomputed from the key the kernel's stream gives."""
    from envs.core import search

    spec = envs.spec("havoc")
    search.register(spec, search=False)
    cfgs = spec.make_config(num_players=3)
    states = np.concatenate(_positions({"num_players": 3}, n_envs=6, steps=300, every=60,
                                       seed=5))
    live = states["to_play"] >= 0
    states = np.ascontiguousarray(states[live])
    n, seats = len(states), spec.max_players
    kind = np.full((n, seats), KIND_HEURISTIC, dtype=np.int64)
    slot = np.full((n, seats), -1, dtype=np.int64)
    rng = np.random.default_rng(9).integers(0, 2**63, n, dtype=np.uint64)
    greedy = np.ones(1, dtype=np.bool_)
    params, layout = np.zeros((1, 1), np.float32), np.zeros((1, 5), np.int64)
    acc = np.zeros((n, seats))
    stop, moves = np.zeros(n, np.int64), np.zeros(n, np.int64)
    final = np.zeros(n, dtype=spec.state_dtype)
    masks = np.zeros((n, spec.num_actions), np.uint8)
    obs = np.zeros((n, spec.obs_size), np.float32)
    tally = np.zeros(3, np.int64)
    learner = np.full(n, -1, dtype=np.int64)        # never the learner: opponents only
    checked = ties = 0
    for _ in range(12):
        before = states.copy()
        x0 = rng.copy()
        play_opponents(states, cfgs, learner, kind, slot, greedy, params, layout, rng, acc,
                       stop, moves, final, masks, obs, 1, tally)
        for i in range(n):
            if moves[i] == 0:
                continue
            assert stop[i] in (STOP_BOUND, STOP_ENDED)
            seat = int(before["to_play"][i])
            key = mix64(np.uint64((int(x0[i]) + GOLDEN) % 2**64))
            best = np.zeros(spec.num_actions, np.bool_)
            heuristic_best(before[i:i + 1].copy()[0], seat, np.uint64(key), best)
            got = (final if stop[i] == STOP_ENDED else states)[i:i + 1].tobytes()
            legal = _legal(before[i])
            leads = [a for a in np.flatnonzero(legal)
                     if _after(before[i:i + 1], a).tobytes() == got]
            assert leads, "the kernel played an illegal action"
            assert any(best[a] for a in leads), (leads, np.flatnonzero(best))
            checked += 1
            ties += best.sum() > 1
    assert checked >= 100 and ties > 0 and tally[2] == checked


def test_every_game_has_its_heuristic_as_a_kernel():
    """[issue 30: credible heuristics are kernels] every game of the suite wires
    ``heuristic_best`` into its GameSpec, so the test below covers each of them."""
    import pathlib

    games = [p.parent.name for p in pathlib.Path(envs.__file__).parent.glob("*/env.py")]
    assert len(games) == 4
    assert [g for g in games if envs.spec(g).heuristic_best is None] == []


@pytest.mark.parametrize("game", [g for g in envs.names()
                                  if envs.spec(g).heuristic_best is not None])
def test_selfplay_plays_the_heuristic_in_the_kernel(game):
    """With ``heuristic_best`` on the GameSpec the heuristic share of the self-play opponents
    never stops a game for Python: act_batch is not called, the reply kernel counts the
    heuristic's replies (every game that has the kernel: one test of the shared mechanism)."""
    pool = OpponentPool(game, {"heuristic": 0.5, "random": 0.5}, seed=0)
    assert pool.heuristic.plays_heuristic_best
    env = SelfPlayVecEnv(game, 4, pool, seed=0, config={"num_players": 2})
    calls = []
    env.pool.heuristic.act_batch = lambda *a, **k: calls.append(1)
    env.reset()
    kinds = env._opponent_tables()["kind"]
    assert kinds[env.pool.members.index(env.pool.heuristic)] == KIND_HEURISTIC
    assert kinds[env.pool.members.index(env.pool.random)] == KIND_RANDOM
    for _ in range(60):
        env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
        assert np.array_equal(env.vec.to_play.astype(np.int64), env.learner_seat)
    assert not calls and env.reply_tally[2] > 0 and env.opponent_seconds == 0.0


def test_a_heuristic_with_another_look_ahead_stays_a_python_opponent():
    """Only the default look-ahead is what the kernel plays; another budget is moved from
    Python (its decisions would differ)."""
    pool = OpponentPool("havoc", {"heuristic": 1.0}, seed=0)
    h = pool.heuristic
    assert h.plays_heuristic_best
    h.budget = 16
    env = SelfPlayVecEnv("havoc", 2, pool, seed=0, config={"num_players": 2})
    env.reset()
    kinds = env._opponent_tables()["kind"]
    assert kinds[pool.members.index(h)] == KIND_PYTHON
