"""The kernel evaluation path (training/evaluate.py ``play_games_fast``) against lock-step
``play_games``: deterministic agents play the same games on both, every game is seated as
asked and ends, and agents without a kernel path fall back to ``play_games``.

Havoc games end in a win, a loss or a draw by the stalled-game bound (envs/havoc/docs/
rulings.md "Stalled games"); outcomes are read from the final step's rewards on both paths.
"""

import gymnasium as gym
import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import envs
from agents import heuristic
from agents.base import Agent
from agents.policy import PolicyAgent
from agents.random_agent import RandomAgent
from envs.core.opponents import KIND_HEURISTIC, KIND_POLICY, KIND_RANDOM
from training.evaluate import (kernel_tables, play_games, play_games_fast, seatings_vs,
                               tally)
from training.trainer import TrainConfig, Trainer

SPEC = envs.spec("havoc")


def _policy(seed, width=16):
    """A small untrained Havoc actor (its greedy play is deterministic)."""
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    torch.manual_seed(seed)
    p = MaskableActorCriticPolicy(gym.spaces.Box(-np.inf, np.inf, (SPEC.obs_size,), np.float32),
                                  gym.spaces.Discrete(SPEC.num_actions), lambda _: 1e-3,
                                  net_arch=[width, width])
    p.set_training_mode(False)
    return p


A = PolicyAgent(_policy(1), deterministic=True, name="a")
B = PolicyAgent(_policy(2), deterministic=True, name="b")


class FirstLegal(Agent):
    """A Python agent with no kernel path: the lowest legal action."""

    name = "first"

    def act_batch(self, obs, masks, states=None, seats=None):
        return np.argmax(np.asarray(masks, dtype=bool), axis=1).astype(np.int64)


def _same(fast, slow):
    assert len(fast) == len(slow)
    for f, s in zip(fast, slow):
        assert (f.index, f.seats, f.length) == (s.index, s.seats, s.length)
        assert f.final == s.final
        assert f.returns == pytest.approx(s.returns, abs=1e-9)


@pytest.mark.parametrize("players", [2, 3])
def test_greedy_policies_play_the_same_games_on_both_paths(players):
    """Greedy policy vs greedy policy: no randomness but the games' own, so game g dealt
    from the same seed is the same game, move for move, on both paths."""
    cfg = {"num_players": players}
    seatings = seatings_vs(players, 2 * players)
    fast = play_games_fast("havoc", [A, B], seatings, seed=5, config=cfg)
    slow = play_games("havoc", [A, B], seatings, seed=5, config=cfg, num_envs=len(seatings))
    _same(fast, slow)
    assert {r.outcome(s) for r in fast for s in range(players)} & {1, -1}


def test_swapped_seats_play_other_games():
    """The seating decides who plays which seat: swapping it changes the games (so a path
    that ignored the seating could not pass the test above)."""
    cfg = {"num_players": 2}
    one = play_games_fast("havoc", [A, B], [(0, 1)] * 3, seed=5, config=cfg)
    other = play_games_fast("havoc", [A, B], [(1, 0)] * 3, seed=5, config=cfg)
    assert [r.length for r in one] != [r.length for r in other]


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.sampled_from([2, 3]), games=st.integers(1, 7), seed=st.integers(0, 2**31),
       who=st.sampled_from(["random", "policy", "both"]))
def test_every_game_is_seat_rotated_and_finishes(players, games, seed, who):
    """Agent 0 takes seat g % players in game g, the opponent every other seat; every game
    ends (a win with losers, or a draw for all)."""
    agents = {"random": [RandomAgent(seed=1), RandomAgent(seed=2)],
              "policy": [A, RandomAgent(seed=2)], "both": [A, B]}[who]
    seatings = seatings_vs(players, games)
    res = play_games_fast("havoc", agents, seatings, seed=seed,
                          config={"num_players": players})
    assert [r.index for r in res] == list(range(games))
    for g, r in enumerate(res):
        assert r.seats == tuple(0 if s == g % players else 1 for s in range(players))
        assert 0 < r.length <= 20_000
        outs = [r.outcome(s) for s in range(players)]
        # ended: someone won and someone lost, or a draw for all (the stalled-game bound)
        assert (1 in outs and -1 in outs) or outs == [0] * players
    st_ = tally(res, 0)
    assert st_.games == games and st_.wins + st_.draws + st_.losses == games


def test_kernel_tables_play_each_agent_kind_and_refuse_python_agents():
    h = heuristic.make("havoc", seed=0)
    kind, slot, greedy, params, layout = kernel_tables("havoc", [A, RandomAgent(0), h, B])
    assert kind.tolist() == [KIND_POLICY, KIND_RANDOM, KIND_HEURISTIC, KIND_POLICY]
    assert slot[0] != slot[3] and greedy.tolist() == [True, True]
    assert params.shape[0] == 2
    sampler = PolicyAgent(A.policy, deterministic=False)
    assert kernel_tables("havoc", [sampler, A])[2].tolist() == [False, True]
    assert kernel_tables("havoc", [A, FirstLegal()]) is None
    wide = PolicyAgent(_policy(3, width=8))        # another architecture: no shared layout
    assert kernel_tables("havoc", [A, wide]) is None


def test_an_agent_without_a_kernel_path_falls_back_to_play_games():
    cfg = {"num_players": 2}
    seatings = seatings_vs(2, 4)
    fast = play_games_fast("havoc", [A, FirstLegal()], seatings, seed=9, config=cfg,
                           num_envs=2)
    slow = play_games("havoc", [A, FirstLegal()], seatings, seed=9, config=cfg, num_envs=2)
    _same(fast, slow)


def test_the_kernel_heuristic_beats_random_from_its_seats():
    """The heuristic seat is played by the heuristic (a far stronger player than random)
    whichever seat it holds; were the seating or the kinds crossed, random would win."""
    res = play_games_fast("havoc", [heuristic.make("havoc", seed=0), RandomAgent(0)],
                          seatings_vs(2, 4), seed=1, config={"num_players": 2})
    assert tally(res, 0).wins >= 3
    assert tally(res, 1).wins <= 1


def test_trainer_evaluation_records_agree_on_both_paths(tmp_path):
    """``Trainer.evaluate`` on the kernel path writes the record keys of the lock-step path,
    and against the newest snapshot (both greedy) the same outcomes when the lock-step path
    has every game in flight."""
    def run(kernel, sub):
        cfg = TrainConfig(game="havoc", game_config={"num_players": 2}, timesteps=0,
                          num_envs=2, n_steps=8, batch_size=16, n_epochs=1, eval_games=4,
                          eval_envs=4, net_arch=(8,), seed=2, run_dir=str(tmp_path / sub),
                          tensorboard=False, progress=False, eval_kernel=kernel)
        tr = Trainer(cfg)
        tr.evaluate(promote=False)
        return tr.history[-1]
    fast, slow = run(True, "fast"), run(False, "slow")
    assert fast.keys() == slow.keys()
    for key in ("vs_random", "vs_heuristic", "vs_snapshot"):
        assert fast[key].keys() == slow[key].keys() and fast[key]["games"] == 4
    assert fast["vs_snapshot"] == slow["vs_snapshot"]
