"""The self-play VecEnv: reward credit to the learner's own seat, seats, batching, SB3 use.

Scenarios use the toy game (Blind Twenty-One, target 21): [End] reaching exactly the target
wins for the mover, going over loses for the mover.
"""

import numpy as np
import pytest

from training.pool import OpponentPool, parse_weights
from training.selfplay_env import SelfPlayVecEnv

ADD1, ADD2, ADD3 = 0, 1, 2


def _env(n=2, weights=None, seed=0, fast=True, **config):
    pool = OpponentPool("toy", weights or {"heuristic": 1.0}, seed=seed)
    env = SelfPlayVecEnv("toy", n, pool, seed=seed, config=config, fast=fast)
    env.reset()
    return env


def _set_totals(env, totals):
    env.vec.states["total"][:] = totals
    env.vec.refresh()


def test_every_game_waits_at_its_learner_seat_after_reset():
    env = _env(n=6)
    assert env.learner_seat.tolist() == [0, 1, 0, 1, 0, 1]
    assert np.array_equal(env.vec.to_play.astype(np.int64), env.learner_seat)


def test_reward_credit_forced_win_pays_plus_one_to_the_learner():
    """[End] learner at 18 adds 3 -> exactly 21: the learner (seat 0 or 1) gets +1."""
    env = _env(n=2)
    _set_totals(env, [18, 18])
    obs, rew, done, infos = env.step(np.array([ADD3, ADD3]))
    assert rew.tolist() == [1.0, 1.0]
    assert done.tolist() == [True, True]
    assert [i["is_success"] for i in infos] == [True, True]
    assert [i["learner_seat"] for i in infos] == [0, 1]
    assert [i["episode"]["r"] for i in infos] == [1.0, 1.0]


def test_reward_credit_opponent_win_after_the_learners_move_pays_minus_one():
    """The opponent's winning reply is credited to the learner in the same transition,
    as the learner's -1 (never the mover's +1): learner 17 -> 18, opponent adds 3 -> 21."""
    env = _env(n=2)
    _set_totals(env, [17, 17])
    _, rew, done, infos = env.step(np.array([ADD1, ADD1]))
    assert rew.tolist() == [-1.0, -1.0]
    assert done.tolist() == [True, True]
    assert [i["is_success"] for i in infos] == [False, False]


def test_reward_credit_overshoot_costs_the_learner():
    """[End] learner at 20 adds 3 -> 23, over the target: the learner loses (-1)."""
    env = _env(n=2)
    _set_totals(env, [20, 20])
    _, rew, done, _ = env.step(np.array([ADD3, ADD3]))
    assert rew.tolist() == [-1.0, -1.0]
    assert done.all()


@pytest.mark.parametrize("fast", [True, False])
def test_opponent_finishing_move_decides_the_learners_sign(fast):
    """Learner 19 -> 20; the random opponent (no secret card) then ends the game: adding 1
    reaches 21 and wins for it (learner -1), adding 2 or 3 overshoots (learner +1)."""
    env = _env(n=8, weights={"random": 1.0}, fast=fast)
    _set_totals(env, [19] * 8)
    st = env.vec.states
    st["played"] += (st["card"] > 0)               # every held secret card has been played
    st["card"][:] = 0
    env.vec.refresh()
    _, rew, done, _ = env.step(np.full(8, ADD1))
    assert done.all()
    # the game each learner lost ended on exactly 21 (the opponent's +1)
    expected = np.where(env.vec.final_states["total"] == 21, -1.0, 1.0)
    assert rew.tolist() == expected.tolist()
    assert 0 < (expected > 0).sum() < 8   # both outcomes met with this seed


def test_learner_seat_rotates_and_opponents_are_redrawn_each_episode():
    env = _env(n=2)
    _set_totals(env, [18, 18])
    env.step(np.array([ADD3, ADD3]))
    assert env.learner_seat.tolist() == [1, 0]
    assert np.array_equal(env.vec.to_play.astype(np.int64), env.learner_seat)


def test_mid_game_step_gives_zero_reward_and_keeps_the_game():
    env = _env(n=2)
    _set_totals(env, [0, 0])
    _, rew, done, infos = env.step(np.array([ADD1, ADD1]))
    assert rew.tolist() == [0.0, 0.0] and not done.any()
    assert infos == [{}, {}]


def test_opponents_move_in_one_batched_call_per_opponent_per_round():
    env = _env(n=16, weights={"random": 1.0}, fast=False)
    calls = []
    real = env.pool.random.act_batch

    def counting(obs, masks, states=None, seats=None):
        calls.append(len(masks))
        return real(obs, masks, states, seats)

    env.pool.random.act_batch = counting
    rounds = []
    real_step = env.vec.step

    def counting_step(actions):
        rounds.append(int((actions >= 0).sum()))
        return real_step(actions)

    env.vec.step = counting_step
    before = env.opponent_steps
    for _ in range(20):
        env.step(np.zeros(16, dtype=np.int64))
    reply_rounds = len(rounds) - 20
    assert len(calls) == reply_rounds
    assert sum(calls) == env.opponent_steps - before
    assert max(calls) > 1


def test_parse_weights_validates():
    assert parse_weights("self=1,random=0.5")["random"] == 0.5
    with pytest.raises(ValueError, match="unknown opponent"):
        parse_weights("alien=1")
    with pytest.raises(ValueError, match="sum to zero"):
        parse_weights("random=0")
    with pytest.raises(ValueError, match="negative"):
        parse_weights("random=-1")


def test_pool_probabilities_follow_the_weights():
    from sb3_contrib import MaskablePPO

    pool = OpponentPool("toy", {"self": 0.5, "snapshot": 0.3, "heuristic": 0.2}, seed=0)
    assert pool.kinds == ["self", "random", "heuristic"]
    assert pool.probabilities().tolist() == [0.0, 0.0, 1.0]   # no policy or snapshot yet
    env = SelfPlayVecEnv("toy", 2, pool)
    model = MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=16, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8]})
    pool.set_current(model.policy)
    pool.add_snapshot(model.policy, "a")
    pool.add_snapshot(model.policy, "b")
    assert np.allclose(pool.probabilities(), [0.5, 0.0, 0.2, 0.15, 0.15])
    pool.max_snapshots = 1   # "a" is pushed out but keeps its id
    assert np.allclose(pool.probabilities(), [0.5, 0.0, 0.2, 0.0, 0.3])
    only_self = OpponentPool("toy", {"self": 1.0}, seed=0)
    with pytest.raises(ValueError, match="no opponent"):
        only_self.probabilities()


def test_maskable_ppo_runs_on_the_vecenv():
    from sb3_contrib import MaskablePPO

    pool = OpponentPool("toy", {"self": 1.0}, seed=0)
    env = SelfPlayVecEnv("toy", 4, pool, seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=32, n_epochs=1, seed=0,
                        device="cpu", policy_kwargs={"net_arch": [16]})
    env.pool.set_current(model.policy)
    model.learn(64)
    assert model.num_timesteps == 64
    assert env.games_finished > 0


# -- SB3 conventions: terminal_observation, TimeLimit.truncated, the standard wrappers --------
def test_a_finished_game_reports_its_terminal_observation_from_the_learner_seat():
    """[End] learner at 18 adds 3 -> 21 and wins. The returned observation is the new game's
    (auto-reset), and infos carry the learner's view of the final position, as SB3 expects."""
    from tests.core.toy_game.state import OBS_TO_PLAY, OBS_TOTAL

    env = _env(n=2)
    _set_totals(env, [18, 18])
    obs, _, done, infos = env.step(np.array([ADD3, ADD3]))
    assert done.all()
    for i in range(2):
        term = infos[i]["terminal_observation"]
        assert term.shape == (env.observation_space.shape[0],) and term.dtype == np.float32
        assert term[OBS_TOTAL] == 1.0                    # total 21 of target 21
        assert not term[OBS_TO_PLAY:].any()              # nobody to play: the game is over
        # the new game: the learner's seat moved on, so at most one reply (<= 6) was made
        assert obs[i, OBS_TOTAL] <= 6 / 21
        assert infos[i]["TimeLimit.truncated"] is False


def test_a_game_stopped_by_the_step_bound_is_flagged_truncated():
    """max_steps = 2: the learner's move and one reply end the game by truncation, not by the
    rules (reward 0), so SB3 must bootstrap it: TimeLimit.truncated is True."""
    from tests.core.toy_game.state import OBS_TOTAL

    env = _env(n=4, max_steps=2)
    _set_totals(env, [0] * 4)
    _, rew, done, infos = env.step(np.full(4, ADD1))
    assert done.all() and rew.tolist() == [0.0] * 4
    for info in infos:
        assert info["TimeLimit.truncated"] is True
        assert 0 < info["terminal_observation"][OBS_TOTAL] < 1


def test_spec_is_not_a_game_spec():
    env = _env()
    assert env.spec is None and env.game_spec.name == "toy"


@pytest.mark.parametrize("wrap", ["monitor", "normalize", "framestack", "all"])
def test_standard_sb3_wrappers_stack_and_train(wrap):
    """VecMonitor, VecNormalize and VecFrameStack wrap the VecEnv (each, then all three) and
    MaskablePPO trains through them, finding the action masks below the wrappers."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import VecFrameStack, VecMonitor, VecNormalize

    pool = OpponentPool("toy", {"random": 1.0}, seed=0)
    base = SelfPlayVecEnv("toy", 4, pool, seed=0, config={"max_steps": 6})
    venv, stack = base, 1
    if wrap in ("monitor", "all"):
        venv = VecMonitor(venv)
    if wrap in ("normalize", "all"):
        venv = VecNormalize(venv)
    if wrap in ("framestack", "all"):
        venv, stack = VecFrameStack(venv, n_stack=3), 3
    size = base.observation_space.shape[0] * stack
    obs = venv.reset()
    assert obs.shape == (4, size)
    ended = []
    for _ in range(30):
        masks = np.stack(venv.env_method("action_masks"))
        acts = np.array([np.flatnonzero(m)[0] for m in masks])
        obs, rew, done, infos = venv.step(acts)
        assert obs.shape == (4, size) and rew.shape == (4,)
        ended += [infos[i] for i in np.flatnonzero(done)]
    assert ended
    for info in ended:
        assert info["terminal_observation"].shape == (size,)
        assert "TimeLimit.truncated" in info
        if wrap in ("monitor", "all"):
            assert set(info["episode"]) >= {"r", "l", "t"}
    model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=32, n_epochs=1, seed=0,
                        device="cpu", policy_kwargs={"net_arch": [16]})
    model.learn(64)
    assert model.num_timesteps == 64


# -- the opponent kernel (envs/core/opponents.py) against the Python reference ---------------
def _toy_policy(seed=0):
    import gymnasium as gym
    import torch
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    import envs

    spec = envs.spec("toy")
    torch.manual_seed(seed)
    return MaskableActorCriticPolicy(gym.spaces.Box(-np.inf, np.inf, (spec.obs_size,),
                                                    np.float32),
                                     gym.spaces.Discrete(spec.num_actions), lambda _: 1e-3,
                                     net_arch=[16, 16])


def _greedy_self_env(fast, n=8, seed=3):
    pool = OpponentPool("toy", {"self": 1.0}, seed=seed)
    pool.set_current(_toy_policy())
    pool.current.deterministic = True
    env = SelfPlayVecEnv("toy", n, pool, seed=seed, fast=fast)
    return env


def test_kernel_opponents_play_exactly_as_the_python_reference_when_greedy():
    """A greedy policy opponent makes the same replies in the kernel as through torch: the
    same observations, rewards, ends and terminal observations step after step."""
    a, b = _greedy_self_env(True), _greedy_self_env(False)
    oa, ob = a.reset(), b.reset()
    np.testing.assert_array_equal(oa, ob)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        masks = a.action_masks()
        np.testing.assert_array_equal(masks, b.action_masks())
        act = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        oa, ra, da, ia = a.step(act)
        ob, rb, db, ib = b.step(act)
        np.testing.assert_array_equal(oa, ob)
        np.testing.assert_array_equal(ra, rb)
        np.testing.assert_array_equal(da, db)
        for x, y in zip(ia, ib):
            assert x.keys() == y.keys()
            if "terminal_observation" in x:
                np.testing.assert_array_equal(x["terminal_observation"],
                                              y["terminal_observation"])
        ended += int(da.sum())
    assert ended > 0 and a.opponent_steps == b.opponent_steps > 0


def test_kernel_opponents_are_seeded():
    """Sampling policy and random opponents in the kernel: the same seed, the same games."""
    def run():
        pool = OpponentPool("toy", {"self": 0.5, "random": 0.5}, seed=1)
        pool.set_current(_toy_policy())
        env = SelfPlayVecEnv("toy", 6, pool, seed=1)
        out = [env.reset()]
        for _ in range(40):
            out.append(env.step(np.array([np.flatnonzero(m)[0]
                                          for m in env.action_masks()]))[0])
        return np.stack(out), env.opponent_steps

    x, y = run(), run()
    np.testing.assert_array_equal(x[0], y[0])
    assert x[1] == y[1]


def test_kernel_policy_opponents_sample_their_masked_softmax():
    """[the kernel's draw] the share of each reply follows softmax(logits) over the legal
    actions (chi-square-free check: within 4 standard errors per action)."""
    from envs.core.opponents import choose

    logits = np.array([0.5, -1.0, 2.0, 0.0, 9.0], np.float32)
    mask = np.array([1, 1, 1, 1, 0], np.uint8)
    p = np.exp(logits[:4] - logits[:4].max())
    p /= p.sum()
    counts = np.zeros(5)
    x = np.uint64(7)
    n = 20000
    for _ in range(n):
        a, x = choose(logits, mask, False, x)
        x = np.uint64(x)          # numba hands the stream word back as a Python int
        counts[a] += 1
    assert counts[4] == 0
    se = np.sqrt(p * (1 - p) / n)
    assert np.all(np.abs(counts[:4] / n - p) < 4 * se + 1e-9)
    assert choose(logits, mask, True, x)[0] == 2


def test_the_live_policy_is_re_exported_when_training_moves_it():
    import torch

    env = _greedy_self_env(True)
    env.reset()
    first = env._opponent_tables()["params"].copy()
    with torch.no_grad():
        for prm in env.pool.current.policy.parameters():
            prm.add_(0.5)
    again = env._opponent_tables()["params"]
    assert not np.array_equal(first, again)


def test_python_opponents_still_move_in_one_batched_call_per_round_beside_the_kernel():
    """Heuristic seats stop their game in the kernel; Python moves them in batches and the
    kernel plays the random seats: every game is back at its learner after each step."""
    env = _env(n=16, weights={"random": 0.5, "heuristic": 0.5})
    calls = []
    real = env.pool.heuristic.act_batch

    def counting(obs, masks, states=None, seats=None):
        calls.append(len(masks))
        return real(obs, masks, states, seats)

    env.pool.heuristic.act_batch = counting
    for _ in range(20):
        env.step(np.zeros(16, dtype=np.int64))
        assert np.array_equal(env.vec.to_play.astype(np.int64), env.learner_seat)
        masks = np.zeros_like(env.vec.masks)
        env.vec.spec.batch_legal(env.vec.states, masks)
        assert np.array_equal(masks, env.vec.masks)     # the kernel refreshed the masks
    assert calls and max(calls) > 1
