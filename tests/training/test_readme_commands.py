"""Every command the README prints, run as printed (parsed from README.md) in a fresh folder,
with budgets scaled down by ``BROADSIDE_SCALE``: a newcomer's first hour (issue 13).

The ``broadside`` lines run in README order as ``python -m training.cli`` subprocesses (the
``broadside`` console script is the same ``training.cli:main``), so a later command finds
what an earlier one wrote (eval loads the model train saved; replay the game play saved).
Each must exit 0, print what it promises and write its files. The Python example runs too,
and ``make demo`` / ``make bench`` are checked to be the commands tested here.
"""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
#: budgets (timesteps, games, simulations, rollouts) are this fraction of the printed ones
SCALE = "0.001"


def blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def commands() -> list[list[str]]:
    """The ``broadside ...`` lines of the README's bash blocks, comments removed."""
    out = []
    for block in blocks("bash"):
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("broadside "):
                out.append(shlex.split(line, comments=True))
    return out


def _run(argv, cwd, stdin="", timeout=600):
    env = dict(os.environ, BROADSIDE_SCALE=SCALE, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "training.cli"] + argv, cwd=cwd, env=env,
                          input=stdin, capture_output=True, text=True, timeout=timeout)


def _option(argv, name, default=None):
    return argv[argv.index(name) + 1] if name in argv else default


def check_output(argv, res, cwd: Path) -> None:
    """What each command promises, beyond exit status 0."""
    cmd = argv[1]
    game = _option(argv, "--game", "havoc")
    out = res.stdout
    if cmd == "list":
        assert game in out and "mcts" in out
    elif cmd == "train":
        run = cwd / _option(argv, "--run-dir", f"runs/{game}")
        assert (run / "model.zip").exists() and (run / "learning_curve.png").exists()
        assert list((run / "tb" / run.name).glob("events.out.tfevents.*"))
        ratings = json.loads((run / "ratings.json").read_text())["ratings"]
        assert ratings and all(r["games"] > 0 for r in ratings)
    elif cmd in ("eval", "tournament"):
        kind = "evaluation" if cmd == "eval" else "tournament"
        folder = cwd / _option(argv, "--out", f"runs/{cmd}-{game}")
        for name in (f"{kind}.json", "standings.csv", "pairwise.csv", "heatmap.png",
                     "games.jsonl"):
            assert (folder / name).exists(), name
        assert "95%" in out
    elif cmd == "play":
        assert "game over" in out
        if "--save" in argv:
            assert (cwd / _option(argv, "--save")).exists()
    elif cmd == "replay":
        assert "   1. player_" in out
    assert "Traceback" not in res.stderr


def test_the_readme_prints_the_commands_this_module_runs():
    kinds = [c[1] for c in commands()]
    for kind in ("list", "train", "eval", "tournament", "play", "replay"):
        assert kind in kinds, f"README has no `broadside {kind}` line"
    # replay reads the record that play saves, in this order
    play = next(c for c in commands() if c[1] == "play")
    replay = next(c for c in commands() if c[1] == "replay")
    assert kinds.index("play") < kinds.index("replay") and _option(play, "--save") == replay[2]
    make = (ROOT / "Makefile").read_text()
    assert "broadside demo" in make and "broadside bench" in make


@pytest.mark.slow
def test_every_readme_command_runs_as_printed(tmp_path):
    for argv in commands():
        stdin = ""
        if argv[1] == "play":
            stdin = "1\n" * 20_000          # always the first legal action, to the end
        elif argv[1] == "replay":
            stdin = "\n" * 20_000           # Enter for every move of --step
        res = _run(argv[1:], tmp_path, stdin)
        assert res.returncode == 0, (argv, res.stdout[-2000:], res.stderr[-3000:])
        check_output(argv, res, tmp_path)


@pytest.mark.slow
def test_make_demo_runs_as_printed(tmp_path):
    """``make demo`` is ``broadside demo`` (Makefile), here with scaled budgets."""
    res = _run(["demo"], tmp_path)
    assert res.returncode == 0, res.stderr[-3000:]
    for name in ("model.zip", "ratings.json", "learning_curve.png", "demo.json"):
        assert (tmp_path / "runs" / "demo" / name).exists()
    assert "win rates" in res.stdout


def test_the_python_example_runs(tmp_path):
    code = next(b for b in blocks("python") if "agent_iter" in b)
    res = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=600, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert res.returncode == 0, res.stderr[-3000:]
