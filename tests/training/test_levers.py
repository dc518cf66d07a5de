"""Training levers other than imitation: prioritised fictitious self-play over the snapshot
pool, potential-based shaping from the game's value kernel (annealed), and their CLI flags."""

import numpy as np
import pytest

from agents.base import sample_legal
from training.cli import main
from training.pool import OpponentPool
from training.selfplay_env import SelfPlayVecEnv
from training.shaping import coefficient
from training.trainer import TrainConfig, Trainer


def _pool(pfsp, tmp_path):
    cfg = TrainConfig(game="toy", timesteps=64, num_envs=2, n_steps=32, batch_size=32,
                      net_arch=(8,), run_dir=str(tmp_path), tensorboard=False, progress=False,
                      opponents={"self": 0.0, "snapshot": 1.0, "heuristic": 0.0, "random": 0.0},
                      pfsp=pfsp)
    tr = Trainer(cfg)
    tr.pool.add_snapshot(tr.model.policy, "second")
    return tr.pool


def _snapshot_probs(pool):
    p = pool.probabilities()
    return [p[pool.members.index(s)] for s in pool.snapshots]


def test_pfsp_favours_the_snapshot_the_learner_loses_to(tmp_path):
    pool = _pool(2.0, tmp_path)
    first, second = (pool.members.index(s) for s in pool.snapshots)
    assert np.allclose(_snapshot_probs(pool), [0.5, 0.5])        # no games yet: equal
    pool.record([first], 1.0)
    for _ in range(9):
        pool.record([first], 1.0)     # the learner beats the first snapshot 10 times
        pool.record([second], 0.0)    # and loses to the second 9 times
    p_first, p_second = _snapshot_probs(pool)
    # (1 - 11/12)^2 : (1 - 1/11)^2 -> about 1% : 99% of the snapshot share
    assert p_second > 0.95 and p_first < 0.05
    assert np.isclose(p_first + p_second, 1.0)


def test_pfsp_zero_splits_the_snapshot_share_equally_whatever_the_scores(tmp_path):
    pool = _pool(0.0, tmp_path)
    pool.record([pool.members.index(pool.snapshots[0])], 1.0)
    assert np.allclose(_snapshot_probs(pool), [0.5, 0.5])


def test_pfsp_scores_come_from_finished_self_play_games_and_are_checkpointed():
    pool = OpponentPool("toy", {"heuristic": 1.0}, seed=0, pfsp=1.0)
    env = SelfPlayVecEnv("toy", 4, pool, seed=0)
    env.reset()
    rng = np.random.default_rng(0)
    finished = 0
    while finished < 6:
        _, rew, done, infos = env.step(sample_legal(env.action_masks(), rng))
        finished += int(done.sum())
    h = pool.members.index(pool.heuristic)
    assert pool.games[h] == finished and 0 <= pool.score[h] <= finished
    again = OpponentPool("toy", {"heuristic": 1.0}, seed=0)
    again.load_state_dict(pool.state_dict(), None)
    assert again.pfsp == 1.0 and again.games == pool.games and again.score == pool.score


def test_shaping_coefficient_anneals_linearly_to_zero():
    assert coefficient(0.5, 0.5, 0, 1000) == 0.5
    assert coefficient(0.5, 0.5, 250, 1000) == 0.25
    assert coefficient(0.5, 0.5, 500, 1000) == 0.0 == coefficient(0.5, 0.5, 900, 1000)
    assert coefficient(0.0, 0.5, 0, 1000) == 0.0 == coefficient(0.5, 0.0, 0, 1000)


HAVOC_SHORT = {"num_players": 2, "auto_forced": True, "damage_deck": 4, "max_steps": 3000}


def test_potential_shaping_sums_to_minus_the_start_potential_over_a_game():
    """Potential-based shaping telescopes (gamma 1): over a whole game the bonus is
    -c * phi(first learner position), whatever was played; the terminal +-1 is unchanged."""
    pool = OpponentPool("havoc", {"random": 1.0}, seed=3)
    env = SelfPlayVecEnv("havoc", 2, pool, seed=3, config=HAVOC_SHORT)
    env.reset()
    env.enable_shaping(gamma=1.0)
    env.shaping_coef = 0.5
    start = env._phi.copy()
    plain = np.zeros(2)
    shaped = np.zeros(2)
    rng = np.random.default_rng(1)
    ended = np.zeros(2, dtype=bool)
    bonus_steps = 0
    for _ in range(20_000):
        _, rew, done, infos = env.step(sample_legal(env.action_masks(), rng))
        for i in np.flatnonzero(~ended):
            shaped[i] += rew[i]
            bonus_steps += bool(not done[i] and abs(rew[i]) > 1e-6)
            if done[i]:
                plain[i] = infos[i]["episode"]["r"]
                ended[i] = True
        if ended.all():
            break
    assert ended.all()
    assert bonus_steps > 0          # the score differential moved during the games
    assert np.allclose(shaped - plain, -0.5 * start, atol=1e-5)
    assert set(np.round(plain, 6)) <= {-1.0, 0.0, 1.0}


def test_shaping_needs_a_value_kernel():
    pool = OpponentPool("toy", {"random": 1.0}, seed=0)
    env = SelfPlayVecEnv("toy", 2, pool, seed=0)
    with pytest.raises(ValueError, match="value kernel"):
        env.enable_shaping(0.99)


TRAIN = ["train", "--game", "toy", "--num-envs", "4", "--n-steps", "32", "--batch-size", "64",
         "--eval-every", "128", "--eval-games", "8", "--net-arch", "16", "--timesteps", "128",
         "--no-tensorboard", "--no-progress"]


@pytest.mark.parametrize("extra,needle", [
    (["--imitate", "-1"], "--imitate -1"),
    (["--imitate", "5", "--imitate-epochs", "0"], "--imitate-epochs 0"),
    (["--pfsp", "-2"], "--pfsp -2"),
    (["--shaping", "-0.1"], "--shaping -0.1"),
    (["--shaping", "0.5"], "no value kernel"),
    (["--shaping-anneal", "1.5"], "--shaping-anneal 1.5"),
    (["--anchor", "-1"], "--anchor -1"),
    (["--ent-coef", "-0.5"], "--ent-coef -0.5"),
])
def test_train_lever_flags_are_validated(extra, needle, tmp_path, capsys):
    assert main(TRAIN + ["--run-dir", str(tmp_path / "r")] + extra) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and needle in err[0], err
    assert not (tmp_path / "r" / "checkpoint").exists()


def test_imitate_flag_needs_a_heuristic(tmp_path, capsys, monkeypatch):
    from agents import heuristic

    monkeypatch.setattr(heuristic, "available", lambda game: False)
    assert main(TRAIN + ["--run-dir", str(tmp_path / "r"), "--imitate", "3"]) == 2
    assert "no heuristic to copy" in capsys.readouterr().err


def test_train_with_imitation_pfsp_and_flags_runs(tmp_path, capsys):
    run = tmp_path / "r"
    assert main(TRAIN + ["--run-dir", str(run), "--imitate", "10", "--imitate-epochs", "1",
                         "--pfsp", "2"]) == 0
    out = capsys.readouterr().out
    assert "cloned" in out and "agreement with the heuristic" in out
    import json

    hist = json.loads((run / "history.json").read_text())
    assert hist[0]["imitation"]["episodes"] == 10
    cfg = json.loads((run / "checkpoint" / "config.json").read_text())
    assert cfg["imitate"] == 10 and cfg["pfsp"] == 2.0
    # throughput is over PPO's time: the warm start plays no self-play step
    import pickle

    blob = pickle.loads((run / "checkpoint" / "state.pkl").read_bytes())
    last = hist[-1]
    ppo = blob["train_seconds"] - blob["imitation_seconds"]
    assert blob["imitation_seconds"] > 0 and ppo > 0
    assert last["env_steps_per_s"] == pytest.approx(
        (last["learner_steps"] + last["opponent_steps"]) / ppo)


def test_shaping_bonus_is_c_times_gamma_phi_next_minus_phi_and_zero_potential_at_the_end():
    """F = c * (gamma * phi(s') - phi(s)); a transition that ends the game uses phi = 0 for
    its end (the next game's start becomes the learner's next s)."""
    pool = OpponentPool("toy", {"random": 1.0}, seed=0)
    env = SelfPlayVecEnv("toy", 2, pool, seed=0)
    env.reset()

    def potential(states, seats, out):
        out[:] = [0.3, 0.5]

    env._potential = potential
    env._phi = np.array([0.2, 0.4])
    env.shaping_coef, env.gamma = 2.0, 0.9
    acc = np.zeros(2)
    env._shape(acc, np.array([False, True]))
    assert np.allclose(acc, [2.0 * (0.9 * 0.3 - 0.2), 2.0 * (0.0 - 0.4)])
    assert np.allclose(env._phi, [0.3, 0.5])
