"""Round-robin tournaments between agents: win rates, Wilson intervals, openskill ratings.

Every lineup of ``num_players`` distinct agents meets (every agent pair in a 2-player
game) and plays ``games`` games, spread evenly over every seat permutation of the lineup so
no agent profits from a seat. Work is split into tasks (one per lineup and permutation),
run in worker processes (``workers`` > 1) or in this one; every task seeds its agents and
games from its own index, so results do not depend on the number of workers.

Outputs (``save``): ``tournament.json`` (everything), ``standings.csv`` (per agent),
``pairwise.csv`` (head to head) and ``heatmap.png`` (row agent's win rate against column).
"""

from __future__ import annotations

import csv
import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path

from training.evaluate import (AgentStats, GameResult, PairTable, lineups, pair_table,
                               play_games, tally, wilson)
from training.ratings import Ratings


@dataclass
class Task:
    index: int
    seatings: list          # agent index per seat, one tuple per game
    seed: int


def plan(num_agents: int, num_players: int, games: int, seed: int) -> list[Task]:
    """The tasks of a tournament: each lineup's games over its seat permutations."""
    tasks = []
    for lineup in lineups(num_agents, num_players):
        perms = sorted(set(itertools.permutations(lineup)))
        for j, perm in enumerate(perms):
            # games spread as evenly as possible over the permutations
            n = games // len(perms) + (1 if j < games % len(perms) else 0)
            if n:
                tasks.append(Task(len(tasks), [perm] * n, seed * 100_003 + len(tasks)))
    return tasks


def build_agent(spec, game: str, seed: int):
    """An agent from a spec string (``agents.make``) or a factory ``f(seed=...)``."""
    if isinstance(spec, str):
        import agents

        return agents.make(spec, game, seed=seed)
    return spec(seed=seed)


def _run_task(game, agent_specs, task: Task, config, num_envs):
    """Play one task (in a worker or here); agents built only for the seats used."""
    used = sorted({a for s in task.seatings for a in s})
    agents = [None] * len(agent_specs)
    for a in used:
        agents[a] = build_agent(agent_specs[a], game, seed=task.seed * 31 + a)
    res = play_games(game, agents, task.seatings, seed=task.seed, config=config,
                     num_envs=num_envs)
    return task.index, res


def _worker_init(registry, heuristics):
    """Give a spawned worker the games and agents registered in the parent."""
    import numba

    import envs
    from agents import heuristic

    for name, path in registry.items():
        envs.register(name, path)
    for name, f in heuristics.items():
        heuristic.register(name, f)
    numba.set_num_threads(1)   # one process per core already
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass


@dataclass
class TournamentResult:
    game: str
    names: list
    results: list
    standings: list
    pairs: PairTable
    ratings: Ratings

    def to_json(self) -> dict:
        k = len(self.names)
        return {
            "game": self.game,
            "agents": self.names,
            "games": len(self.results),
            "standings": [dict(s.as_dict(), name=n) for n, s in zip(self.names, self.standings)],
            "pairwise": {
                "games": self.pairs.games.tolist(),
                "wins": self.pairs.wins.tolist(),
                "draws": self.pairs.draws.tolist(),
                "win_rate": [[None if self.pairs.games[i, j] == 0 else self.pairs.rate(i, j)
                              for j in range(k)] for i in range(k)],
            },
            "ratings": self.ratings.to_json()["ratings"],
            "results": [{"seats": [self.names[a] for a in r.seats], "returns": list(r.returns),
                         "outcomes": [r.outcome(i) for i in range(len(r.seats))],
                         "length": r.length} for r in self.results],
        }


def run_tournament(game: str, agent_specs: list, games: int = 100, seed: int = 0,
                   config: dict | None = None, workers: int = 1, num_envs: int = 64,
                   names: list | None = None) -> TournamentResult:
    """Round robin of ``agent_specs`` (spec strings, or Agent factories when workers = 1)."""
    import envs

    config = dict(config or {})
    spec = envs.spec(game)
    nplayers = int(spec.make_config(**config)["num_players"][0])
    if len(agent_specs) < 2:
        raise ValueError("a tournament needs at least two agents")
    if names is None:
        names = [s if isinstance(s, str) else getattr(s, "__name__", f"agent{i}")
                 for i, s in enumerate(agent_specs)]
    if len(set(names)) != len(names):
        raise ValueError(f"agent names must differ: {names}")
    tasks = plan(len(agent_specs), nplayers, games, seed)
    by_task: dict[int, list[GameResult]] = {}
    if workers <= 1 or len(tasks) <= 1:
        for t in tasks:
            i, res = _run_task(game, agent_specs, t, config, num_envs)
            by_task[i] = res
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        from agents import heuristic

        init_args = (dict(envs.REGISTRY), dict(heuristic._FACTORIES))
        with ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context("spawn"),
                                 initializer=_worker_init, initargs=init_args) as ex:
            futs = [ex.submit(_run_task, game, agent_specs, t, config, num_envs) for t in tasks]
            for f in futs:
                i, res = f.result()
                by_task[i] = res
    results = []
    for t in tasks:
        for r in by_task[t.index]:
            results.append(GameResult(r.seats, r.returns, r.length, len(results), r.final))
    standings = [tally(results, a) for a in range(len(agent_specs))]
    ratings = Ratings()
    for n in names:
        ratings.rating(n)
    ratings.update_results(results, names)
    return TournamentResult(game, list(names), results, standings, pair_table(results, names),
                            ratings)


# -- output ---------------------------------------------------------------------------------
def save(tr: TournamentResult, out_dir) -> dict:
    """Write JSON, CSVs and the heatmap; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / "tournament.json", "standings": out / "standings.csv",
             "pairwise": out / "pairwise.csv", "heatmap": out / "heatmap.png"}
    paths["json"].write_text(json.dumps(tr.to_json(), indent=2))
    rating = {r["name"]: r for r in tr.ratings.leaderboard()}
    with open(paths["standings"], "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["agent", "games", "wins", "draws", "losses", "win_rate", "ci_low",
                    "ci_high", "mu", "sigma", "ordinal"])
        for n, s in zip(tr.names, tr.standings):
            lo, hi = s.ci
            r = rating[n]
            w.writerow([n, s.games, s.wins, s.draws, s.losses, f"{s.win_rate:.4f}",
                        f"{lo:.4f}", f"{hi:.4f}", f"{r['mu']:.3f}", f"{r['sigma']:.3f}",
                        f"{r['ordinal']:.3f}"])
    with open(paths["pairwise"], "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["agent", "opponent", "games", "wins", "draws", "win_rate", "ci_low",
                    "ci_high"])
        k = len(tr.names)
        for i in range(k):
            for j in range(k):
                g = int(tr.pairs.games[i, j])
                if i == j or g == 0:
                    continue
                wins = int(tr.pairs.wins[i, j])
                lo, hi = wilson(wins, g)
                w.writerow([tr.names[i], tr.names[j], g, wins, int(tr.pairs.draws[i, j]),
                            f"{wins / g:.4f}", f"{lo:.4f}", f"{hi:.4f}"])
    from training.plots import heatmap

    heatmap(tr.pairs, paths["heatmap"], title=f"{tr.game}: row agent's win rate vs column")
    return paths


def rich_table(tr: TournamentResult):
    """A rich Table of the standings, best openskill rating first."""
    from rich.table import Table

    rating = {r["name"]: r for r in tr.ratings.leaderboard()}
    t = Table(title=f"{tr.game} tournament: {len(tr.results)} games")
    for col in ("agent", "games", "W", "D", "L", "win rate", "95% CI", "openskill mu",
                "ordinal"):
        t.add_column(col, justify="left" if col == "agent" else "right")
    order = sorted(range(len(tr.names)), key=lambda i: -rating[tr.names[i]]["ordinal"])
    for i in order:
        s: AgentStats = tr.standings[i]
        lo, hi = s.ci
        r = rating[tr.names[i]]
        t.add_row(tr.names[i], str(s.games), str(s.wins), str(s.draws), str(s.losses),
                  f"{s.win_rate:.1%}", f"{lo:.0%}-{hi:.0%}", f"{r['mu']:.2f}",
                  f"{r['ordinal']:.2f}")
    return t


def pair_rich_table(tr: TournamentResult):
    """Head-to-head win rates (row vs column) as a rich Table."""
    from rich.table import Table

    t = Table(title="head to head: row's win rate against column")
    t.add_column("")
    for n in tr.names:
        t.add_column(n, justify="right")
    for i, n in enumerate(tr.names):
        cells = []
        for j in range(len(tr.names)):
            r = tr.pairs.rate(i, j) if i != j else math.nan
            cells.append("-" if math.isnan(r) else f"{r:.0%}")
        t.add_row(n, *cells)
    return t
