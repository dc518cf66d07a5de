"""The ``broadside`` command line, run in-process on the toy game: commands, their files, and
one test per failure a newcomer met (issue 13): errors as one line with exit status 2, EOF
and Ctrl-C in play/replay, run folders, TensorBoard folders, progress lines, missing extras,
the bench command."""

import json
import re
import sys

import pytest

from training.cli import CliError, main, parse_config
from training.records import GameRecord, final_state


def _error_line(capsys):
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_parse_config_reads_json_values():
    assert parse_config(["num_players=3", "variant=teams", "auto_forced=true"]) == \
        {"num_players": 3, "variant": "teams", "auto_forced": True}
    with pytest.raises(CliError, match="KEY=VALUE"):
        parse_config(["oops"])


def test_list_shows_games_agents_and_kernel_cache(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "toy" in out and "havoc" in out and "mcts" in out and "cached" in out


def test_tournament_command_writes_tables_and_streams_games(tmp_path, capsys):
    out_dir = tmp_path / "t"
    assert main(["tournament", "--game", "toy", "--agents", "random,heuristic", "--games", "8",
                 "--workers", "1", "--out", str(out_dir)]) == 0
    cap = capsys.readouterr()
    assert "heuristic" in cap.out and "95% Wilson" in cap.out
    data = json.loads((out_dir / "tournament.json").read_text())
    assert data["games"] == 8 and sum(s["games"] for s in data["standings"]) == 16
    assert (out_dir / "heatmap.png").exists() and (out_dir / "standings.csv").exists()
    lines = (out_dir / "games.jsonl").read_text().splitlines()
    assert len(lines) == 8 and set(json.loads(lines[0])) >= {"seats", "outcomes"}
    # not a terminal: one plain progress line at the end, no carriage returns
    assert "toy tournament: 8/8 games (100%)" in cap.err and "\r" not in cap.err


def test_a_tournament_game_replays_by_its_line(tmp_path, capsys):
    """issue 33: games.jsonl keeps each game as a record; `replay FILE --line N` opens one."""
    out_dir = tmp_path / "t"
    assert main(["tournament", "--game", "toy", "--agents", "random,heuristic", "--games", "4",
                 "--workers", "1", "--out", str(out_dir)]) == 0
    games = out_dir / "games.jsonl"
    for n, text in enumerate(games.read_text().splitlines(), 1):
        line = json.loads(text)
        rec = GameRecord.load(games, line=n)
        assert rec.players == line["seats"] and len(rec.actions) == line["length"]
        fin = final_state(rec)
        wins = [(int(fin["winner_mask"][0]) >> p) & 1 for p in range(2)]
        assert [o > 0 for o in line["outcomes"]] == [bool(w) for w in wins]
    capsys.readouterr()
    assert main(["replay", str(games), "--line", "3"]) == 0
    third = json.loads(games.read_text().splitlines()[2])
    assert f"returns {third['returns']}" in capsys.readouterr().out
    assert main(["replay", str(games)]) == 2
    assert "holds 4 games" in _error_line(capsys)
    assert main(["replay", str(games), "--line", "9"]) == 2
    assert "has 4 lines" in _error_line(capsys)


def test_eval_command_runs_in_workers_and_writes_tables(tmp_path, capsys):
    out_dir = tmp_path / "e"
    assert main(["eval", "--game", "toy", "--agent", "heuristic", "--opponents", "random",
                 "--games", "20", "--workers", "2", "--out", str(out_dir)]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "95% Wilson CI" in out
    data = json.loads((out_dir / "evaluation.json").read_text())
    assert data["kind"] == "evaluation" and data["games"] == 20
    assert (out_dir / "heatmap.png").exists()
    # results are never replaced silently: the same folder again needs --force
    again = ["eval", "--game", "toy", "--agent", "heuristic", "--opponents", "random",
             "--games", "4", "--workers", "1", "--out", str(out_dir)]
    capsys.readouterr()
    assert main(again) == 2
    line = _error_line(capsys)
    assert "already holds eval results" in line and "--force" in line
    assert json.loads((out_dir / "evaluation.json").read_text())["games"] == 20
    assert main(again + ["--force"]) == 0
    assert json.loads((out_dir / "evaluation.json").read_text())["games"] == 4


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


@pytest.mark.parametrize("leave", ["q", EOFError, KeyboardInterrupt])
def test_a_game_left_early_is_saved_as_far_as_it_went(tmp_path, monkeypatch, capsys, leave):
    """q, Ctrl-D or Ctrl-C with --save keeps the moves made, and replay opens them."""
    answers = iter(["1", "1", leave])

    def answer(prompt=""):
        a = next(answers)
        if not isinstance(a, str):
            raise a
        return a

    monkeypatch.setattr("builtins.input", answer)
    save = tmp_path / "left.json"
    assert main(["play", "--game", "toy", "--opponent", "random", "--seed", "3",
                 "--save", str(save)]) != 0
    assert "unfinished game" in capsys.readouterr().out
    rec = GameRecord.load(save)
    assert rec.returns is None and rec.actions[0::2] == [0, 0]
    assert not final_state(rec)["done"][0]
    assert main(["replay", str(save)]) == 0


@pytest.mark.parametrize("signal,status", [(EOFError, 1), (KeyboardInterrupt, 130)])
def test_play_ends_politely_on_eof_and_ctrl_c(monkeypatch, capsys, signal, status):
    def raise_(prompt=""):
        raise signal

    monkeypatch.setattr("builtins.input", raise_)
    assert main(["play", "--game", "toy", "--opponent", "random"]) == status
    cap = capsys.readouterr()
    assert "game abandoned" in cap.out and "Traceback" not in cap.out + cap.err


@pytest.mark.parametrize("signal,status", [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_replay_step_ends_politely_on_eof_and_ctrl_c(tmp_path, monkeypatch, capsys, signal,
                                                     status):
    answers = iter(["1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    save = tmp_path / "g.json"
    assert main(["play", "--game", "toy", "--opponent", "random", "--save", str(save)]) == 0
    calls = []

    def stop_on_third(prompt=""):
        calls.append(prompt)
        if len(calls) == 3:
            raise signal
        return ""

    monkeypatch.setattr("builtins.input", stop_on_third)
    capsys.readouterr()
    assert main(["replay", str(save), "--step"]) == status
    cap = capsys.readouterr()
    assert "replay stopped" in cap.out and "   2. player_" in cap.out
    assert "   3. player_" not in cap.out and "Traceback" not in cap.out + cap.err


@pytest.mark.parametrize("text,needle", [
    ("{", "not JSON: Expecting property name enclosed in double quotes at line 1"),
    (b"\xff\xfe", "not UTF-8"),
    ("[1, 2]", "not a Broadside game record (format 'list'"),
    ('{"format": "broadside-record/1", "game": "toy", "seed": 1}', "field 'actions' is missing"),
    ('{"format": "broadside-record/1", "game": "toy", "seed": 1, "actions": [1, "x"]}',
     "field 'actions' = [1, \"x\"] (expected a list of integers)"),
    ('{"format": "broadside-record/1", "game": "toy", "seed": -1, "actions": []}',
     "field 'seed' = -1 (expected an integer 0 .. 2**64-1)"),
    ('{"format": "broadside-record/1", "game": 3, "seed": 1, "actions": []}',
     "field 'game' = 3 (expected a game name)"),
    ('{"format": "broadside-record/1", "game": "toy", "seed": 1, "actions": [], "config": []}',
     "field 'config' = [] (expected an object of options)"),
])
def test_a_damaged_record_file_is_named_with_its_field(tmp_path, capsys, text, needle):
    path = tmp_path / "damaged.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    assert main(["replay", str(path)]) == 2
    line = _error_line(capsys)
    assert str(path) in line and needle in line, line


@pytest.mark.parametrize("argv,needle", [
    (["tournament", "--game", "nosuch", "--agents", "random,heuristic"], "unknown game 'nosuch'"),
    (["eval", "--game", "toy", "--agent", "alphazero"], "unknown agent 'alphazero'"),
    (["eval", "--game", "toy", "--agent", "mcts:lots"], "simulations must be an integer"),
    (["tournament", "--game", "toy", "--agents", "random"], "at least two agents"),
    (["play", "--game", "toy", "--config", "num_players"], "is not KEY=VALUE"),
    (["play", "--game", "toy", "--config", "num_players=9"], "num_players=9"),
    (["play", "--game", "toy", "--config", "colour=red"], "unknown config option"),
    (["replay", "missing.json"], "no game record at missing.json"),
    (["eval", "--game", "toy", "--agent", "ppo:missing.zip"], "missing.zip"),
    (["train", "--game", "toy", "--resume", "--run-dir", "nowhere"], "no checkpoint"),
    (["eval", "--game", "toy", "--agent", "heuristic", "--games", "0"],
     "argument --games: 0 must be at least 1"),
    (["tournament", "--game", "toy", "--agents", "random,heuristic", "--games", "-3"],
     "argument --games: -3 must be at least 1"),
    (["replay", "g.json", "--html", "g.html", "--scale", "0"],
     "argument --scale: 0 must be a number above 0"),
])
def test_errors_are_one_line_with_exit_status_2(argv, needle, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    line = _error_line(capsys)
    assert line.startswith(f"broadside {argv[0]}: error: ") and needle in line, line


def test_debug_shows_the_traceback():
    with pytest.raises(ValueError, match="unknown agent"):
        main(["eval", "--game", "toy", "--agent", "alphazero", "--debug"])
    with pytest.raises(ValueError, match="unknown agent"):
        main(["--debug", "eval", "--game", "toy", "--agent", "alphazero"])


def test_a_missing_extra_names_the_install_command(monkeypatch, capsys):
    """On a base install openskill is absent: the error names the extra and the command."""
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    assert main(["tournament", "--game", "toy", "--agents", "random,heuristic", "--games",
                 "2", "--workers", "1", "--out", "unused"]) == 2
    line = _error_line(capsys)
    assert "openskill is not installed" in line and "'training' extra" in line
    assert "pip install" in line and "[training]" in line


TRAIN = ["--game", "toy", "--num-envs", "4", "--n-steps", "32", "--batch-size", "64",
         "--eval-every", "128", "--eval-games", "8", "--net-arch", "16"]


def test_train_then_resume_with_tensorboard_in_a_run_named_folder(tmp_path, capsys):
    run = tmp_path / "myrun"
    assert main(["train", "--timesteps", "128", "--run-dir", str(run)] + TRAIN) == 0
    assert (run / "model.zip").exists() and (run / "learning_curve.png").exists()
    assert list((run / "tb" / "myrun").glob("events.out.tfevents.*"))
    assert sorted(p.name for p in (run / "tb").iterdir()) == ["myrun"]
    cap = capsys.readouterr()
    assert "toy self-play: 128/128 steps" in cap.err and "\r" not in cap.err
    assert main(["train", "--resume", "--timesteps", "256", "--run-dir", str(run),
                 "--no-progress"]) == 0
    cap = capsys.readouterr()
    assert "resumed" in cap.out and "256 steps" in cap.out
    assert "self-play:" not in cap.err          # --resume honours --no-progress
    # a run folder with an expert network (every default run) names the agent at the end
    (run / "expert.zip").write_bytes((run / "model.zip").read_bytes())
    assert main(["train", "--resume", "--timesteps", "384", "--run-dir", str(run),
                 "--no-progress"]) == 0
    cap = capsys.readouterr()
    assert "play against it: broadside play --game toy --opponent mcts:" in cap.out
    hist = json.loads((run / "history.json").read_text())
    assert [h["timesteps"] for h in hist] == [0, 128, 256, 384]
    ratings = json.loads((run / "ratings.json").read_text())["ratings"]
    assert all(r["games"] > 0 for r in ratings)


def test_train_refuses_an_existing_run_unless_force(tmp_path, capsys):
    run = tmp_path / "run"
    args = ["train", "--timesteps", "128", "--run-dir", str(run), "--no-tensorboard",
            "--no-progress"] + TRAIN
    assert main(args) == 0
    (run / "notes.txt").write_text("mine")
    capsys.readouterr()
    assert main(args) == 2
    line = _error_line(capsys)
    assert "already holds a training run" in line and "--resume" in line and "--force" in line
    first = (run / "model.zip").stat().st_mtime_ns
    assert main(args + ["--force"]) == 0
    assert (run / "model.zip").stat().st_mtime_ns != first
    assert (run / "notes.txt").read_text() == "mine"     # only run artefacts are replaced
    assert json.loads((run / "history.json").read_text())[-1]["timesteps"] == 128


def test_three_player_training_rates_every_agent(tmp_path):
    """After 3-player training ratings.json holds every evaluated agent with games played
    (games where the policy held two seats against one opponent used to be skipped)."""
    run = tmp_path / "r3"
    assert main(["train", "--timesteps", "128", "--run-dir", str(run), "--no-tensorboard",
                 "--no-progress", "--config", "num_players=3"] + TRAIN) == 0
    ratings = json.loads((run / "ratings.json").read_text())["ratings"]
    names = {r["name"]: r for r in ratings}
    assert {"random", "heuristic", "step_128"} <= set(names)
    assert all(r["games"] > 0 for r in ratings)
    assert names["heuristic"]["mu"] != 25.0
    # the model carries its game options: eval plays 3-player games without being told,
    # and says so; --config still wins
    ev = tmp_path / "ev"
    argv = ["eval", "--game", "toy", "--agent", f"ppo:{run / 'model.zip'}", "--opponents",
            "random", "--games", "6", "--workers", "1", "--out", str(ev)]
    assert main(argv) == 0
    data = json.loads((ev / "evaluation.json").read_text())
    assert data["config"] == {"num_players": 3}
    assert {len(r["seats"]) for r in data["results"]} == {3}
    assert main(argv + ["--config", "num_players=2", "--force"]) == 0
    data = json.loads((ev / "evaluation.json").read_text())
    assert data["config"] == {"num_players": 2}
    assert {len(r["seats"]) for r in data["results"]} == {2}


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
    # a second demo replaces the first
    assert main(["demo", "--game", "toy", "--timesteps", "128", "--games", "10",
                 "--out", str(out)]) == 0
    assert all(r["games"] == 10 for r in json.loads((out / "demo.json").read_text())["table"])


def test_bench_quick_writes_results_with_the_baseline(tmp_path, capsys):
    results = tmp_path / "RESULTS.md"
    assert main(["bench", "--quick", "--skip-compile", "--game", "toy",
                 "--results", str(results)]) == 0
    text = results.read_text()
    assert "<!-- game:toy -->" in text and "connect_four_v3.env() steps/s (baseline)" in text
    assert "numba" in text and "nproc" in text
    # the side-by-side section: our measures, every peer as a figure or "not installed"
    side = text.split("<!-- side-by-side -->")[1].split("<!-- /side-by-side -->")[0]
    assert "VectorGame playout, 1 core" in side and "| toy |" in side
    from benchmarks.peers import PEERS

    for peer in PEERS:
        row = next(line for line in side.splitlines() if line.startswith(f"| {peer} |"))
        assert "not installed" in row or re.search(r"\| [0-9.]+[kM]? \|", row), row
    assert (tmp_path / "side_by_side.png").exists()


def test_benchmarks_ship_in_the_distribution():
    """``broadside bench`` imports benchmarks.speed from the installed package."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    conf = tomllib.loads((root / "pyproject.toml").read_text())
    include = conf["tool"]["setuptools"]["packages"]["find"]["include"]
    assert any(fnmatch.fnmatch("benchmarks", pat) for pat in include)
    assert conf["project"]["scripts"]["broadside"] == "training.cli:main"


def test_train_refuses_a_timestep_budget_below_one_before_any_work(tmp_path, capsys):
    from training.cli import main

    for value in ("0", "-5"):
        argv = ["train", "--game", "toy", "--timesteps", value, "--run-dir",
                str(tmp_path / "run"), "--no-progress", "--no-tensorboard"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "--timesteps" in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "run").exists()
