"""Strength benchmark: a round robin of the agents a player can meet, one section per game of
STRENGTH.md.

    broadside bench --strength --game havoc                       # random, heuristic, mcts
    broadside bench --strength --game havoc --run-dir runs/x      # + runs/x/model.zip
    broadside bench --strength --model path/model.zip --strength-games 100

Agents: random, the game's heuristic (if it has one), ``mcts:SIMS`` (if the game has a
determinize kernel), a trained policy (greedy, ``ppo:PATH``) when ``--model`` or
``--run-dir`` names one, and the game's shipped opponent (``pretrained-net``, the network
alone, and ``pretrained``, it as the prior of its search: agents/pretrained.py) when the
package has one for the players measured. Every pair meets in ``--strength-games`` games
spread over the seat orders (training/tournament.py: the same code as ``broadside
tournament``); the table gives each agent's win rate with its 95% Wilson interval, its
openskill rating (mu +- 1.96 sigma) and the head-to-head rates. With ``--run-dir``, the
run's ``history.json`` gives the learning curve: the greedy policy's win rate against the
heuristic by training wall-clock time, drawn to ``strength_curve_<game>.png`` beside the
page; the run's ``expert.zip`` (the policy after expert iteration), where it has one, is the
search's prior, as in the command ``broadside train`` prints. Games run in worker processes
on every core. Small budgets by default (a few minutes): the intervals say how little they
prove. The page is ``runs/bench/STRENGTH.md``, or the committed ``benchmarks/STRENGTH.md``
with ``--update-figures``; a run replaces its game's section and keeps the others
(benchmarks/figures.py).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import time
from pathlib import Path

from benchmarks.figures import figures_path, replace_section

def agent_specs(game: str, sims: int, model: str | None, prior: str | None = None,
                num_players: int = 2, pretrained: bool = False) -> list[str]:
    """random, heuristic, mcts:SIMS, with a model the trained policy greedy and, as
    ``broadside train`` names it, a PUCT search with ``prior`` (default: the model) as its
    prior (``agents.mcts.trained_agent``), and with
    ``pretrained`` the game's shipped network alone and as the prior of its search."""
    import envs
    from agents import heuristic
    from agents.mcts import trained_agent

    out = ["random"]
    if heuristic.available(game):
        out.append("heuristic")
    search = envs.spec(game).determinize is not None
    if search:
        out.append(f"mcts:{sims}")
    if model:
        out.append(f"ppo:{model}")
        if search:
            out.append(trained_agent(num_players, envs.spec(game), prior or model))
    if pretrained:
        out += ["pretrained-net", "pretrained"]
    return out


def ships_pretrained(game: str, num_players: int) -> bool:
    """``game`` ships a model (agents/pretrained.py) trained for ``num_players`` seats that
    the installed game accepts: its main model, or one for that count beside it
    (``pretrained.own_models``)."""
    from agents import pretrained

    if game not in pretrained.available():
        return False
    try:                                # the agents load every one of them
        meta = pretrained.metadata(game)
        own = [pretrained.metadata(game, num_players=n) for n in pretrained.own_models(game)]
    except pretrained.PretrainedModelError:
        return False
    return num_players in {pretrained.players(m) for m in [meta, *own]}


def agent_name(spec: str) -> str:
    """The table's name of an agent spec: a search whose prior is a run's ``expert.zip`` (the
    policy after expert iteration) is ``expert+mcts:N``, with another model ``trained+mcts:N``
    (``:temp=T`` after it where the prior is read at a temperature)."""
    if spec.startswith("ppo:"):
        return "trained"
    if ":prior=" in spec:
        search, _, prior = spec.partition(":prior=")
        who = "expert" if Path(prior).name == "expert.zip" else "trained"
        return f"{who}+{search}"
    return spec


def describe(name: str, game: str | None = None) -> str:
    """One line on what an agent of the table is (``game``: whose playout cut to name)."""
    if name.startswith(("trained+mcts:", "expert+mcts:")):
        opts = name.split(":")[1:]
        read = "".join(f" read at temperature {o[5:]}" for o in opts if o.startswith("temp="))
        if "reuse=on" in opts:
            read += ", keeping the subtree of its move for its next decision"
        if name.startswith("trained+"):
            return (f"`{name}` PUCT search with the trained policy as its prior{read}, "
                    f"{opts[0]} simulations a decision")
        return (f"`{name}` PUCT search with the run's policy after expert iteration "
                f"(`expert.zip`) as its prior{read}, {opts[0]} simulations a decision: the "
                "agent `broadside train` names to play against")
    if name.startswith("mcts:"):
        from agents.mcts import DEFAULT_ROLLOUT, default_rollout

        cut = DEFAULT_ROLLOUT
        if game is not None:
            import envs

            cut = default_rollout(envs.spec(game))
            if cut is None:
                return (f"`{name}` ISMCTS, {name.split(':')[1]} simulations a decision, "
                        "full random playouts (the game has no value kernel)")
        return (f"`{name}` ISMCTS, {name.split(':')[1]} simulations a decision, playouts cut "
                f"at {cut} decisions and scored by the game's value kernel (full "
                "playouts for a game without one)")
    return {"random": "`random` uniform legal play",
            "heuristic": "`heuristic` the game's hand-written agent",
            "trained": "`trained` the trained policy, greedy",
            "pretrained-net": "`pretrained-net` the network shipped in the package "
                              "(agents/models), greedy",
            "pretrained": "`pretrained` the shipped network as the prior of its search "
                          "(the opponent `--opponent pretrained` plays)"}.get(name, f"`{name}`")


def curve_points(history: list[dict]) -> list[tuple[float, float, float, float]]:
    """(training seconds, win rate vs heuristic, Wilson low, high) per evaluation, the
    expert-iteration rounds of the warm start (kept with the first record) included."""
    pts = []
    for h in history:
        for e in (h.get("imitation") or {}).get("expert", []):
            _point(pts, e)
        _point(pts, h)
    return pts


def _point(pts: list, rec: dict) -> None:
    v = rec.get("vs_heuristic")
    if v is not None and "train_seconds" in rec:
        pts.append((float(rec["train_seconds"]), v["win_rate"], v["ci_low"], v["ci_high"]))


def draw_curve(points, path, title: str) -> Path:
    from training.plots import win_rate_curves

    x = [p[0] / 60.0 for p in points]
    return win_rate_curves([("greedy policy vs heuristic (95% Wilson band)", x,
                             [p[1] for p in points], [p[2] for p in points],
                             [p[3] for p in points])],
                           path, "training wall-clock minutes", title)


def markdown(tr, game: str, config: dict, seconds: float, curve: str | None,
             points) -> str:
    from training.evaluate import wilson

    rating = {r["name"]: r for r in tr.ratings.leaderboard()}
    order = sorted(range(len(tr.names)), key=lambda i: -rating[tr.names[i]]["ordinal"])
    lines = [
        f"<!-- strength:{game} -->",
        f"## {title_of(game)}",
        "",
        f"Written by `broadside bench --strength` (benchmarks/strength.py) on "
        f"{_dt.date.today().isoformat()}: game `{game}`, config {json.dumps(config)}, "
        f"{len(tr.results)} games in {seconds:.0f} s. Round robin: every pair of agents "
        "meets equally often, over every seat order. Win rates with 95% Wilson intervals; "
        "openskill (Plackett-Luce) mu with mu +- 1.96 sigma; ordinal = mu - 3 sigma.",
        "",
        "Agents: " + "; ".join(describe(n, game) for n in tr.names) + ".",
        "",
        "| agent | games | W | D | L | win rate | 95% CI | openskill mu [interval] | ordinal |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for i in order:
        s = tr.standings[i]
        lo, hi = s.ci
        r = rating[tr.names[i]]
        lines.append(f"| {tr.names[i]} | {s.games} | {s.wins} | {s.draws} | {s.losses} | "
                     f"{s.win_rate:.1%} | {lo:.1%}-{hi:.1%} | {r['mu']:.1f} "
                     f"[{r['low']:.1f}, {r['high']:.1f}] | {r['ordinal']:.1f} |")
    lines += ["", "Head to head (row's win rate against column; games, 95% CI):", "",
              "| | " + " | ".join(tr.names) + " |", "|---|" + "---:|" * len(tr.names)]
    for i, n in enumerate(tr.names):
        cells = []
        for j in range(len(tr.names)):
            g = int(tr.pairs.games[i, j])
            if i == j or g == 0:
                cells.append("-")
                continue
            w = int(tr.pairs.wins[i, j])
            lo, hi = wilson(w, g)
            cells.append(f"{w / g:.0%} (n={g}, {lo:.0%}-{hi:.0%})")
        lines.append(f"| {n} | " + " | ".join(cells) + " |")
    if points:
        lines += ["", f"Learning curve (win rate against the heuristic by training wall-clock "
                      f"time): ![learning curve]({os.path.basename(curve)})", "",
                  "| training minutes | vs heuristic | 95% CI |", "|---:|---:|---:|"]
        lines += [f"| {t / 60:.1f} | {w:.1%} | {lo:.1%}-{hi:.1%} |" for t, w, lo, hi in points]
    lines.append(f"<!-- /strength:{game} -->")
    return "\n".join(lines)


HEAD = ("# Strength results\n\nOne section per game, each written by `broadside bench "
        "--strength --game G --update-figures` (benchmarks/strength.py) and replaced when that "
        "game is measured again; notes outside the sections are kept.\n")


def title_of(game: str) -> str:
    import envs

    return f"{envs.spec(game).title} (`{game}`)"


def run_strength(game: str, games: int = 20, sims: int = 1000, model: str | None = None,
                 run_dir: str | None = None, config: dict | None = None, seed: int = 0,
                 workers: int = 1, out: str | None = None) -> dict:
    from training.tournament import num_players_of, run_tournament

    config = dict(config or {})
    history = []
    prior = None
    if run_dir:
        rd = Path(run_dir)
        if model is None and (rd / "model.zip").exists():
            model = str(rd / "model.zip")
        if (rd / "expert.zip").exists():
            prior = str(rd / "expert.zip")
        if (rd / "history.json").exists():
            history = json.loads((rd / "history.json").read_text())
    players = num_players_of(game, config)
    specs = agent_specs(game, sims, model, prior, players, ships_pretrained(game, players))
    names = [agent_name(s) for s in specs]
    t0 = time.perf_counter()
    tr = run_tournament(game, specs, games=games, seed=seed, config=config, workers=workers,
                        num_envs=8, names=names)
    seconds = time.perf_counter() - t0
    out = out or figures_path("STRENGTH.md")
    points = curve_points(history)
    curve = None
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    if points:
        curve = os.path.join(os.path.dirname(out), f"strength_curve_{game}.png")
        draw_curve(points, curve, f"{game}: trained policy vs heuristic")
    replace_section(out, f"strength:{game}", markdown(tr, game, config, seconds, curve, points),
                    HEAD)
    return {"path": out, "curve": curve, "result": tr, "seconds": seconds}


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--strength", action="store_true",
                    help="only the strength round robin (benchmarks/STRENGTH.md)")
    ap.add_argument("--strength-games", type=int, default=20,
                    help="games per pair of agents (strength)")
    ap.add_argument("--model", default=None, help="a trained policy .zip to include (strength)")
    ap.add_argument("--run-dir", default=None,
                    help="a training run: its model.zip and learning curve (strength)")
    ap.add_argument("--strength-out", default=None, metavar="PATH",
                    help="the page to update (default runs/bench/STRENGTH.md)")


def run(args) -> int:
    import envs

    game = (args.game or ["havoc"])[0]
    spec = envs.spec(game)
    cfg = {"num_players": 2} if spec.min_players <= 2 <= spec.max_players else {}
    r = run_strength(game, games=args.strength_games, sims=args.sims, model=args.model,
                     run_dir=args.run_dir, config=cfg, workers=0,
                     out=args.strength_out or figures_path("STRENGTH.md", args.update_figures))
    from training.tournament import rich_table

    try:
        from rich.console import Console

        Console().print(rich_table(r["result"]))
    except ImportError:
        pass
    print(f"wrote {r['path']}" + (f" and {r['curve']}" if r["curve"] else ""))
    return 0
