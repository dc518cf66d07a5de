"""Expert iteration (training/expert.py): a PUCT search with the policy itself as prior
labels the greedy policy's decisions with its visit shares, and the policy learns them;
rounds, games, simulations and the window are checked, and the trainer and CLI thread them."""

import numpy as np
import pytest

import training.imitation as im
from agents.mcts import DEFAULT_PUCT_C, MCTSAgent
from training.expert import expert_iteration, expert_round


def _policy():
    from sb3_contrib import MaskablePPO

    from training.pool import OpponentPool
    from training.selfplay_env import SelfPlayVecEnv

    env = SelfPlayVecEnv("toy", 2, OpponentPool("toy", {"random": 1.0}, seed=0), seed=0)
    return MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=16, seed=0, device="cpu",
                       policy_kwargs={"net_arch": [16]}).policy


def test_the_label_search_is_puct_with_the_current_policy_as_its_prior(monkeypatch):
    from agents.policy import export_actor

    policy = _policy()
    params, layout = export_actor(policy)
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        seen.append((agent.prior, agent.c, agent.simulations))
        return real(agent, state, mask, q=q)

    monkeypatch.setattr(im, "search_label", spy)
    got = expert_round(policy, "toy", games=3, sims=12, seed=5)
    assert len(seen) == len(got) > 0
    for prior, c, sims in seen:
        assert np.array_equal(prior[0], params) and np.array_equal(prior[1], layout)
        assert c == DEFAULT_PUCT_C and sims == 12
    rows = np.arange(len(got))
    assert np.allclose(got.target.sum(axis=1), 1.0) and not (got.target[~got.masks] > 0).any()
    assert got.best[rows, got.actions].all()


def test_a_gumbel_expert_labels_with_its_roots_policy_target(monkeypatch):
    """``gumbel=m``: the labelling search has a Gumbel root over m actions and each label's
    soft target is that root's policy target, its action the root's move."""
    import training.imitation as im

    policy = _policy()
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        got = real(agent, state, mask, q=q)
        seen.append((agent.gumbel, got[0], got[1]))
        return got

    monkeypatch.setattr(im, "search_label", spy)
    got = expert_round(policy, "toy", games=3, sims=12, seed=5, gumbel=2)
    assert len(seen) == len(got) > 0
    for row, (m, best, target) in enumerate(seen):
        assert m == 2 and best.sum() == 1
        assert got.actions[row] == np.flatnonzero(best)[0]
        assert np.array_equal(got.target[row], target)


def test_a_round_moves_the_policy_towards_its_labels_and_logs_it():
    policy = _policy()
    seen = []
    log = expert_iteration(policy, "toy", rounds=2, games=4, sims=16, seed=1, epochs=20,
                           lr=3e-3, window=1,
                           after_round=lambda e, labels: seen.append(e))
    assert [e["round"] for e in log] == [1, 2] and seen == log
    assert all(e["labels"] > 0 and e["games"] == 4 for e in log)
    # the round-2 games' labels, re-collected on the same seed, fit the trained policy
    # better than the cross-entropy it started the round from
    assert log[-1]["loss"] < im.evaluate(_policy(), expert_round(
        policy, "toy", games=4, sims=16, seed=1 + 33_333 + 1000))["loss"]


@pytest.mark.parametrize("cut, expect", [(None, "default"), (3, 3), (0, 0)])
def test_the_teacher_cuts_its_playouts_where_the_game_does_unless_told(monkeypatch, cut,
                                                                        expect):
    """``--expert-cut`` (TrainConfig.expert_cut): the label search's playouts stop after that
    many decisions; without it where the game's own search stops them."""
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        seen.append(agent.max_rollout_steps)
        return real(agent, state, mask, q=q)

    monkeypatch.setattr(im, "search_label", spy)
    expert_round(_policy(), "toy", games=2, sims=8, seed=5, cut=cut)
    default = MCTSAgent("toy", 8).max_rollout_steps
    assert seen and set(seen) == {default if expect == "default" else expect}


def test_the_teacher_reads_the_policy_at_the_temperature_it_is_given(monkeypatch):
    """``--expert-temp T`` (TrainConfig.expert_temperature): the label search's prior is the
    policy with its logits divided by T, the student itself unchanged."""
    from agents.mcts import soften
    from agents.policy import export_actor

    policy = _policy()
    params, layout = export_actor(policy)
    seen = []
    real = im.search_label

    def spy(agent, state, mask, q=None):
        seen.append(agent.prior[0])
        return real(agent, state, mask, q=q)

    monkeypatch.setattr(im, "search_label", spy)
    expert_round(policy, "toy", games=2, sims=8, seed=5, temperature=3.0)
    softer = soften((params, layout), 3.0)[0]
    assert seen and not np.array_equal(softer, params)
    assert all(np.array_equal(p, softer) for p in seen)
    assert np.array_equal(export_actor(policy)[0], params)


@pytest.mark.parametrize("opponent", ["heuristic", "self", "mcts:6"])
def test_the_students_games_are_against_the_opponent_it_is_given(monkeypatch, opponent):
    """``--expert-opponent`` (TrainConfig.expert_opponent): the rivals' seats of a round's
    games are the heuristic (collect's default demonstrator), the student itself, or the
    agent the spec names; the labels are the student's decisions either way."""
    from agents.policy import ActorAgent

    seen = []
    real = im.collect

    def spy(*a, agent=None, **kw):
        seen.append(agent)
        return real(*a, agent=agent, **kw)

    monkeypatch.setattr(im, "collect", spy)
    got = expert_round(_policy(), "toy", games=2, sims=6, seed=5, opponent=opponent)
    assert len(got) > 0 and len(seen) == 1
    if opponent == "heuristic":
        assert seen[0] is None
    elif opponent == "self":
        assert isinstance(seen[0], ActorAgent) and seen[0].name == "student"
    else:
        assert isinstance(seen[0], MCTSAgent) and seen[0].simulations == 6
        assert seen[0].prior is None


def test_the_trainer_passes_its_expert_opponent_to_every_round(tmp_path, monkeypatch):
    import training.expert as ex
    from training.trainer import TrainConfig, Trainer

    opponents = []
    real = ex.expert_round

    def spy(*a, opponent="heuristic", playouts="game", fpu="game", **kw):
        opponents.append((opponent, playouts, fpu))
        return real(*a, opponent=opponent, playouts=playouts, fpu=fpu, **kw)

    monkeypatch.setattr(ex, "expert_round", spy)
    Trainer(TrainConfig(game="toy", timesteps=128, net_arch=(16,), run_dir=str(tmp_path),
                        num_envs=4, n_steps=32, batch_size=64, n_epochs=1, eval_every=128,
                        eval_games=4, eval_envs=4, tensorboard=False, progress=False,
                        imitate=0, expert_rounds=2, expert_games=2, expert_sims=4,
                        expert_opponent="self", expert_playouts="uniform", expert_fpu="on"))
    assert opponents == [("self", "uniform", "on")] * 2


@pytest.mark.parametrize("kw", [{"rounds": -1}, {"games": 0}, {"sims": 0}, {"window": 0},
                                {"cut": -1}, {"temperature": 0.0}, {"temperature": -1.0},
                                {"opponent": "nonsense"}, {"opponent": "ppo:no/such.zip"}])
def test_bad_expert_settings_are_refused_naming_them(kw):
    args = dict(rounds=1, games=2, sims=4, window=2) | kw
    with pytest.raises(ValueError, match="expert iteration"):
        expert_iteration(None, "toy", **args)


def test_with_prior_keeps_the_search_and_checks_the_prior():
    from agents.policy import export_actor

    base = MCTSAgent("toy", 33, max_rollout_steps=None, seed=0)
    params, layout = export_actor(_policy())
    m = base.with_prior((params, layout), seed=3)
    assert m.simulations == 33 and m.max_rollout_steps == base.max_rollout_steps
    assert m.c == DEFAULT_PUCT_C and np.array_equal(m.prior[0], params)
    with pytest.raises(ValueError, match="prior"):
        base.with_prior((params[:-1], layout))


def test_trainer_runs_the_rounds_after_the_warm_start_and_evaluates_each(tmp_path, capsys,
                                                                          monkeypatch):
    """... with the teacher's prior temperature, and every phase reports its progress in
    games (issue 33.3: a log once showed nothing for minutes until PPO began)."""
    import training.expert as ex
    from training.trainer import TrainConfig, Trainer

    temperatures = []
    real = ex.expert_round

    def spy(*a, temperature=1.0, **kw):
        temperatures.append(temperature)
        return real(*a, temperature=temperature, **kw)

    monkeypatch.setattr(ex, "expert_round", spy)
    cfg = TrainConfig(game="toy", timesteps=128, net_arch=(16,), run_dir=str(tmp_path),
                      num_envs=4, n_steps=32, batch_size=64, n_epochs=1, eval_every=128,
                      eval_games=4, eval_envs=4, tensorboard=False, progress=True,
                      imitate=6, imitate_epochs=1, expert_rounds=2, expert_games=2,
                      expert_sims=4, expert_temperature=2.5)
    tr = Trainer(cfg)
    assert temperatures == [2.5, 2.5]
    log = tr.imitation["expert"]
    assert [e["round"] for e in log] == [1, 2]
    assert all(e["vs_heuristic"]["games"] == 4 for e in log)
    assert tr.imitation_seconds >= sum(e["wall_seconds"] for e in log)
    assert (tmp_path / "expert.zip").exists()      # the latest round's policy, kept
    err = capsys.readouterr().err
    # 6 heuristic games, then 3 DAgger rounds of 3; then 2 expert rounds of 2 games
    assert "toy imitation (heuristic games, then DAgger): 15/15 games" in err
    assert "toy expert iteration (mcts:4 labels): 4/4 games" in err


@pytest.mark.parametrize("playouts, fpu, want", [("game", "game", (True, None)),
                                                  ("uniform", "off", (False, False)),
                                                  ("game", "on", (True, True))])
def test_the_teacher_draws_its_playouts_and_urges_first_play_as_told(monkeypatch, playouts,
                                                                      fpu, want):
    """``--expert-playouts`` and ``--expert-fpu`` (TrainConfig.expert_playouts, expert_fpu):
    every label's search draws its playouts by the game's policy or uniformly, with the
    game's first-play urgency or with it on or off, as the round is told (by default the
    game's own, as the agent searches)."""
    from envs.core import search as search_module

    seen = []
    real = search_module.search

    def spy(spec, root, sims, **kw):
        seen.append((kw["game_playouts"], kw["fpu"]))
        return real(spec, root, sims, **kw)

    monkeypatch.setattr(search_module, "search", spy)
    expert_round(_policy(), "toy", games=2, sims=8, seed=5, playouts=playouts, fpu=fpu)
    assert seen and set(seen) == {want}


def test_the_trainer_names_its_teacher_with_the_flags_it_was_given():
    """TrainConfig.expert_teacher(): the expert rounds' search as the agent spec that builds it."""
    from training.trainer import TrainConfig

    assert TrainConfig(game="toy", expert_sims=800).expert_teacher() == "mcts:800"
    assert TrainConfig(game="toy", expert_sims=800, expert_cut=40, expert_playouts="uniform",
                       expert_fpu="off").expert_teacher() == "mcts:800:40:playouts=uniform:fpu=off"


def test_train_cli_refuses_bad_expert_flags_in_one_line(tmp_path, capsys):
    from training.cli import main

    for flag, value in (("--expert", "-1"), ("--expert-sims", "0"), ("--workers", "0"),
                        ("--expert-regret", "-2"), ("--expert-regret", "nan"),
                        ("--expert-regret", "inf"), ("--expert-gumbel", "-1"),
                        ("--expert-cut", "-1"), ("--expert-search-value", "1.5"),
                        ("--expert-temp", "0"), ("--expert-temp", "nan"),
                        ("--expert-temp", "inf"),
                        ("--expert-search-value", "-0.1"),
                        ("--expert-search-value", "nan"),
                        ("--expert-opponent", "nonsense"), ("--expert-opponent", "mcts:x"),
                        ("--expert-opponent", "ppo:no/such.zip"),
                        ("--expert-playouts", "shoot"), ("--expert-fpu", "yes"),
                        ("--expert-window", "0")):
        argv = ["train", "--game", "toy", "--imitate", "5", flag, value,
                "--run-dir", str(tmp_path / "run"), "--no-progress", "--no-tensorboard"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert flag in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "run").exists()


def test_expert_rounds_from_an_untrained_network_run_to_the_end_of_train(tmp_path, capsys):
    """``--imitate 0 --expert N`` (City of Five Sails' default): no clone to report, the
    rounds and PPO run and the command ends well (it ended with ``error: held_out_after``),
    and PPO takes the settings it takes after any warm start; the teacher's flags reach the
    run's config."""
    from training.cli import main

    run = tmp_path / "run"
    argv = ["train", "--game", "toy", "--imitate", "0", "--expert", "1", "--expert-games", "2",
            "--expert-sims", "4", "--expert-playouts", "uniform", "--expert-fpu", "off",
            "--expert-window", "3", "--timesteps", "64", "--num-envs", "4", "--n-steps", "16",
            "--batch-size", "32", "--net-arch", "8", "--eval-every", "64", "--eval-games", "2",
            "--run-dir", str(run), "--no-progress", "--no-tensorboard"]
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr()
    assert "cloned" not in out.out and "error" not in out.err
    assert (run / "expert.zip").exists() and (run / "model.zip").exists()
    # the rounds are a warm start: PPO after them keeps their policy close (anchor, low lr)
    import json

    from training.cli import WARM_PPO_DEFAULTS

    cfg = json.loads((run / "checkpoint" / "config.json").read_text())
    assert cfg["anchor"] == WARM_PPO_DEFAULTS["anchor"] > 0
    assert (cfg["expert_playouts"], cfg["expert_fpu"], cfg["expert_window"]) == (
        "uniform", "off", 3)
    assert cfg["learning_rate"] == WARM_PPO_DEFAULTS["lr"]


def _toy_expert_cfg(run_dir, **kw):
    from training.trainer import TrainConfig

    base = dict(game="toy", timesteps=256, net_arch=(16,), run_dir=str(run_dir), num_envs=4,
                n_steps=32, batch_size=64, n_epochs=1, eval_every=128, eval_games=4,
                eval_envs=4, tensorboard=False, progress=False, imitate=6, imitate_epochs=1,
                expert_rounds=3, expert_games=2, expert_sims=4, expert_window=2, seed=5)
    return TrainConfig(**(base | kw))


def _killed_after_round(n, run_dir, monkeypatch):
    """A run of ``_toy_expert_cfg`` killed right after expert round ``n``'s checkpoint."""
    from training.trainer import Trainer

    checkpoint = Trainer.save_checkpoint

    def stop_after_round_n(self):
        path = checkpoint(self)
        if self.expert_done == n:
            raise KeyboardInterrupt
        return path

    monkeypatch.setattr(Trainer, "save_checkpoint", stop_after_round_n)
    with pytest.raises(KeyboardInterrupt):
        Trainer(_toy_expert_cfg(run_dir))
    monkeypatch.undo()


def test_a_run_stopped_in_the_expert_rounds_resumes_them_as_if_it_had_not_stopped(
        tmp_path, monkeypatch):
    import torch

    from training.trainer import Trainer

    straight = Trainer(_toy_expert_cfg(tmp_path / "a"))
    warm = {k: v.clone() for k, v in straight.model.policy.state_dict().items()}
    straight.train()           # before the other run: the trainers share torch's global RNG
    _killed_after_round(2, tmp_path / "b", monkeypatch)
    kept = sorted(p.name for p in (tmp_path / "b" / "expert_labels").iterdir())
    assert kept == ["round_0001.pkl", "round_0002.pkl"]      # the window: 2 rounds

    resumed = Trainer.resume(tmp_path / "b")      # round 3 trains on rounds 2 and 3
    untimed = {"round", "games", "labels", "agreement_before", "loss", "vs_heuristic"}
    assert [{k: e[k] for k in untimed} for e in resumed.imitation["expert"]] == \
        [{k: e[k] for k in untimed} for e in straight.imitation["expert"]]
    now = resumed.model.policy.state_dict()
    assert all(torch.equal(warm[k], now[k]) for k in warm)
    assert [s.name for s in resumed.pool.snapshots] == ["snapshot_0"]
    assert not (tmp_path / "b" / "expert_labels").exists()    # the warm start is over
    resumed.train()
    assert resumed.timesteps == straight.timesteps == 256
    sa, sb = straight.model.policy.state_dict(), resumed.model.policy.state_dict()
    assert all(torch.equal(sa[k], sb[k]) for k in sa)


def test_a_resume_without_the_windows_labels_says_which_are_missing(tmp_path, monkeypatch):
    from training.trainer import Trainer

    _killed_after_round(1, tmp_path, monkeypatch)
    (tmp_path / "expert_labels" / "round_0001.pkl").unlink()
    with pytest.raises(FileNotFoundError, match="expert round 1"):
        Trainer.resume(tmp_path)


def test_a_damaged_label_file_is_refused_naming_it_and_nothing_is_lost(tmp_path, monkeypatch):
    from training.trainer import Trainer

    _killed_after_round(2, tmp_path, monkeypatch)
    damaged = tmp_path / "expert_labels" / "round_0002.pkl"
    damaged.write_bytes(damaged.read_bytes()[:200])
    before = {p.name: p.read_bytes() for p in (tmp_path / "expert_labels").iterdir()}
    with pytest.raises(ValueError, match="round_0002.pkl: cannot read the labels of expert "
                                         "round 2"):
        Trainer.resume(tmp_path)
    assert {p.name: p.read_bytes() for p in (tmp_path / "expert_labels").iterdir()} == before
    (tmp_path / "checkpoint" / "state.pkl").write_bytes(b"not a pickle")
    with pytest.raises(ValueError, match="state.pkl: cannot read the checkpoint's state"):
        Trainer.resume(tmp_path)
