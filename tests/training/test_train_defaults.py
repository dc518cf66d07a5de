"""``broadside train`` defaults (training/cli.py): Seas of Havoc trains the 2-player game
(issue 12's target) unless ``--config`` says otherwise; other games keep their own."""

import pytest

from training.cli import train_config


def test_havoc_trains_two_players_by_default():
    assert train_config("havoc", []) == {"num_players": 2}


def test_config_on_the_command_line_wins_over_the_default():
    assert train_config("havoc", ["num_players=3"]) == {"num_players": 3}
    assert train_config("havoc", ["variant=teams", "num_players=4"]) == \
        {"num_players": 4, "variant": "teams"}


def test_other_games_keep_their_own_defaults():
    assert train_config("toy", []) == {}


def test_a_game_with_a_heuristic_starts_from_its_clone_by_default(monkeypatch):
    """The imitation warm start is on by default when there is a heuristic to copy."""
    from agents import heuristic
    from training.cli import DEFAULT_IMITATE, default_imitate

    assert default_imitate("havoc") == DEFAULT_IMITATE > 0
    monkeypatch.setattr(heuristic, "available", lambda game: False)
    assert default_imitate("havoc") == 0


def test_expert_iteration_follows_a_warm_start_where_the_search_cuts_its_playouts():
    """On by default after a warm start for a game with a value kernel (cheap labels: cut
    playouts); off without a warm start or where every playout runs to the end."""
    from training.cli import DEFAULT_EXPERT, default_expert

    assert default_expert("havoc", 200) == DEFAULT_EXPERT > 0
    assert default_expert("havoc", 0) == 0
    assert default_expert("seventh_sea", 200) == DEFAULT_EXPERT   # its value kernel cuts them
    # so does Cursed Seas', whose rounds are fewer: each takes ~4.5 min (EXPERT_ROUNDS)
    assert 0 < default_expert("cursed_seas", 200) < DEFAULT_EXPERT
    assert default_expert("toy", 200) == 0                # no value kernel


def test_ppo_after_a_warm_start_is_gentler_and_meets_the_heuristic_more():
    from training.cli import PPO_DEFAULTS, WARM_PPO_DEFAULTS, ppo_defaults

    assert ppo_defaults(0) == PPO_DEFAULTS and ppo_defaults(200) == WARM_PPO_DEFAULTS
    assert WARM_PPO_DEFAULTS["lr"] < PPO_DEFAULTS["lr"]
    assert "heuristic=0.5" in WARM_PPO_DEFAULTS["opponents"]
    assert WARM_PPO_DEFAULTS["anchor"] > 0 and PPO_DEFAULTS["anchor"] == 0
    assert WARM_PPO_DEFAULTS["ent_coef"] < PPO_DEFAULTS["ent_coef"]


def test_train_defaults_reach_the_trainer_config(tmp_path, capsys, monkeypatch):
    """`broadside train` with no flags: 2 players, the warm start, its PPO settings, the
    pipelined update; it names the search agent worth playing against. The default number of
    expert rounds is read where the command reads it, set to 2 here (20 rounds would only
    repeat the first two at the cost of half a minute)."""
    import json

    import agents
    import envs

    from training import cli
    from training.cli import main

    monkeypatch.setattr(cli, "DEFAULT_EXPERT", 2)

    run = tmp_path / "r"
    assert main(["train", "--game", "havoc", "--timesteps", "64", "--num-envs", "2",
                 "--n-steps", "32", "--batch-size", "32", "--eval-every", "64",
                 "--eval-games", "2", "--imitate", "1", "--expert-games", "1",
                 "--expert-sims", "4", "--workers", "1", "--run-dir", str(run),
                 "--no-tensorboard", "--no-progress"]) == 0
    cfg = json.loads((run / "checkpoint" / "config.json").read_text())
    assert cfg["game_config"] == {"num_players": 2}
    assert cfg["imitate"] == 1 and cfg["learning_rate"] == 1e-4
    assert cfg["expert_rounds"] == cli.DEFAULT_EXPERT == 2 and cfg["expert_sims"] == 4
    assert cfg["ent_coef"] == 0.0 and cfg["anchor"] == 1.0
    assert cfg["opponents"]["heuristic"] == 0.5
    assert cfg["pipeline"] is True
    # the search of the game's own budget and prior temperature (GameSpec.prior_sims and
    # prior_temperature: Havoc's 600 simulations, its network's logits divided by 4)
    spec = f"mcts:{envs.spec('havoc').prior_sims}:temp=4:prior={run / 'expert.zip'}"
    assert envs.spec("havoc").prior_sims == 600
    assert (f"broadside play --game havoc --opponent {spec} --config num_players=2"
            in capsys.readouterr().out)
    assert agents.make(spec, "havoc", seed=0).prior_temperature == 4.0


def test_a_three_player_run_names_a_larger_search(tmp_path, capsys):
    """A max-n search over three seats needs more simulations to use the network
    (benchmarks/TRAINING.md: 1,600 won two games in three against two heuristics)."""
    from training.cli import main

    run = tmp_path / "r3"
    assert main(["train", "--game", "havoc", "--config", "num_players=3", "--timesteps", "64",
                 "--num-envs", "2", "--n-steps", "32", "--batch-size", "32",
                 "--eval-every", "64", "--eval-games", "2", "--imitate", "1", "--expert", "1",
                 "--expert-games", "1", "--expert-sims", "4", "--workers", "1",
                 "--run-dir", str(run), "--no-tensorboard", "--no-progress"]) == 0
    assert (f"--opponent mcts:1600:prior={run / 'expert.zip'} --config num_players=3"
            in capsys.readouterr().out)


def test_five_sails_and_seventh_sea_learn_from_the_search_from_the_start():
    """City of Five Sails' and 7th Sea's plain searches beat their heuristics in most games:
    their expert iteration starts from an untrained network (no clone), with the default
    rounds; Havoc's still starts from its heuristic's clone."""
    from training.cli import DEFAULT_EXPERT, SEARCH_FIRST, default_expert, default_imitate

    for game in ("five_sails", "seventh_sea"):
        assert game in SEARCH_FIRST
        assert default_imitate(game) == 0
        assert default_expert(game, 0) == DEFAULT_EXPERT
    assert default_imitate("havoc") > 0 and default_expert("havoc", 0) == 0


def test_five_sails_teacher_reads_the_student_at_its_temperature_at_two_players(
        tmp_path, monkeypatch):
    """City of Five Sails' expert rounds read the student at temperature 4 by default at 2
    players (its network then guided the search better: benchmarks/TRAINING.md, "A softer
    teacher"); at 3 players, in the other games and with ``--expert-temp`` given, the flag's
    value or 1. The command's config is caught where the trainer would start."""
    from training import trainer as tr
    from training.cli import main

    seen = []

    class Caught(BaseException):     # past the command's report of unexpected errors
        pass

    def catch(cfg):
        seen.append(cfg.expert_temperature)
        raise Caught

    monkeypatch.setattr(tr, "Trainer", catch)
    runs = [(["--game", "five_sails"], 4.0),
            (["--game", "five_sails", "--expert-temp", "1"], 1.0),
            (["--game", "five_sails", "--config", "num_players=3"], 1.0),
            (["--game", "seventh_sea"], 1.0),
            (["--game", "havoc", "--expert-temp", "2.5"], 2.5)]
    for i, (flags, _) in enumerate(runs):
        with pytest.raises(Caught):
            main(["train", *flags, "--run-dir", str(tmp_path / f"r{i}"), "--no-progress",
                  "--no-tensorboard"])
    assert seen == [t for _, t in runs]
