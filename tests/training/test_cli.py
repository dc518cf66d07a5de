"""The ``broadside`` command line, run in-process on the toy game."""

import json

import pytest

from training.cli import main, parse_config
from training.records import GameRecord, final_state


def test_parse_config_reads_json_values():
    assert parse_config(["num_players=3", "variant=teams", "auto_forced=true"]) == \
        {"num_players": 3, "variant": "teams", "auto_forced": True}
    with pytest.raises(SystemExit):
        parse_config(["oops"])


def test_list_shows_games_and_agents(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out and "havoc" in out and "mcts" in out


def test_tournament_command_writes_tables(tmp_path, capsys):
    out_dir = tmp_path / "t"
    assert main(["tournament", "--game", "toy", "--agents", "random,heuristic", "--games", "8",
                 "--workers", "1", "--out", str(out_dir)]) == 0
    text = capsys.readouterr().out
    assert "heuristic" in text and "95% CI" in text
    data = json.loads((out_dir / "tournament.json").read_text())
    assert data["games"] == 8 and sum(s["games"] for s in data["standings"]) == 16
    assert (out_dir / "heatmap.png").exists() and (out_dir / "standings.csv").exists()


def test_eval_command(capsys):
    assert main(["eval", "--game", "toy", "--agent", "heuristic", "--opponents", "random",
                 "--games", "20"]) == 0
    assert "random" in capsys.readouterr().out


def test_play_then_replay(tmp_path, monkeypatch, capsys):
    answers = iter(["x", "0", "1"] + ["1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "game.json"
    assert main(["play", "--game", "toy", "--opponent", "random", "--seed", "3",
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "is not a number" in out and "game over" in out and "add 1" in out
    rec = GameRecord.load(save)
    assert rec.players == ["human", "random"]
    human_moves = rec.actions[0::2]
    assert set(human_moves) == {0}       # "1" picks the first legal action: add 1
    fin = final_state(rec)
    assert fin["done"][0]
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert f"{len(rec.actions):>4}. player_" in out


def test_play_quit_returns_nonzero(monkeypatch):
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(["play", "--game", "toy", "--opponent", "heuristic"]) == 1


def test_train_then_resume(tmp_path, capsys):
    run = tmp_path / "run"
    common = ["--game", "toy", "--num-envs", "4", "--n-steps", "32", "--batch-size", "64",
              "--eval-every", "128", "--eval-games", "8", "--run-dir", str(run),
              "--no-tensorboard", "--no-progress", "--net-arch", "16"]
    assert main(["train", "--timesteps", "128"] + common) == 0
    assert (run / "model.zip").exists() and (run / "learning_curve.png").exists()
    assert main(["train", "--resume", "--timesteps", "256", "--run-dir", str(run)]) == 0
    out = capsys.readouterr().out
    assert "resumed" in out and "256 steps" in out
    hist = json.loads((run / "history.json").read_text())
    assert [h["timesteps"] for h in hist] == [0, 128, 256]


def test_demo_on_the_toy_game(tmp_path, capsys):
    out = tmp_path / "demo"
    assert main(["demo", "--game", "toy", "--timesteps", "256", "--games", "20",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "trained" in text and "untrained" in text and "heuristic" in text
    report = json.loads((out / "demo.json").read_text())
    assert {r["opponent"] for r in report["table"]} == {"random", "heuristic"}
    assert all(r["games"] == 20 for r in report["table"])
    for name in ("model.zip", "ratings.json", "learning_curve.png"):
        assert (out / name).exists()
