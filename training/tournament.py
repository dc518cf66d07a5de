"""Round-robin tournaments and evaluations: win rates, Wilson intervals, openskill ratings.

Tournament: every lineup of ``num_players`` agents meets (every agent pair in a 2-player
game; with fewer agents than seats, every multiset with at least two different agents) and
plays ``games`` games, spread evenly over every seat permutation of the lineup so no agent
profits from a seat. Evaluation: one agent against each opponent in turn, the agent in one
seat (rotating) and the opponent in all the others.

Games run in parallel worker processes (``training.matches``: all cores by default), as
jobs of a few games each, seeded from their index, so results do not depend on the number of
workers. ``on_game`` sees every finished game as it arrives (the CLI streams them to
``games.jsonl``, one replayable game record a line, and a progress bar).

Outputs (``save``): ``tournament.json`` (everything), ``standings.csv`` (per agent, with
Wilson intervals and ratings), ``pairwise.csv`` (head to head) and ``heatmap.png`` (row
agent's win rate against column).
"""

from __future__ import annotations

import csv
import dataclasses
import itertools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from training.evaluate import (AgentStats, GameResult, PairTable, lineups, pair_table,
                               seatings_vs, tally, wilson)
from training.matches import Job, chunk_for, chunked, run_jobs
from training.ratings import Ratings


def plan(num_agents: int, num_players: int, games: int, seed: int,
         chunk: int | None = None) -> list[Job]:
    """The jobs of a tournament: each lineup's games spread evenly over its seat
    permutations (``games // perms`` each, the first ``games % perms`` one more), in jobs of
    at most ``chunk`` games (default ``chunk_for(games)``)."""
    chunk = chunk or chunk_for(games)
    jobs: list[Job] = []
    for lineup in lineups(num_agents, num_players):
        perms = sorted(set(itertools.permutations(lineup)))
        counts = [games // len(perms) + (1 if j < games % len(perms) else 0)
                  for j in range(len(perms))]
        # interleaved (p0, p1, ..., p0, p1, ...) so every job mixes the seat orders
        seatings = [perm for r in range(max(counts, default=0))
                    for perm, c in zip(perms, counts) if r < c]
        jobs += chunked(seatings, seed, chunk, first_index=len(jobs))
    return jobs


def plan_vs(num_opponents: int, num_players: int, games: int, seed: int,
            chunk: int | None = None) -> list[Job]:
    """The jobs of an evaluation: agent 0 against agent k (k = 1..num_opponents), ``games``
    games each, agent 0 in one seat rotating over the seats (``seatings_vs``)."""
    chunk = chunk or chunk_for(games)
    jobs: list[Job] = []
    for k in range(1, num_opponents + 1):
        seatings = [tuple(0 if a == 0 else k for a in s) for s in seatings_vs(num_players, games)]
        jobs += chunked(seatings, seed, chunk, first_index=len(jobs))
    return jobs


@dataclass
class TournamentResult:
    game: str
    names: list
    results: list
    standings: list
    pairs: PairTable
    ratings: Ratings
    kind: str = "tournament"
    config: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        k = len(self.names)
        return {
            "kind": self.kind,
            "game": self.game,
            "config": self.config,
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
            "results": [game_json(r, self.names) for r in self.results],
        }


def game_json(r: GameResult, names: list) -> dict:
    """One finished game's outcome as JSON (an entry of ``tournament.json``'s results)."""
    return {"seats": [names[a] for a in r.seats], "returns": list(r.returns),
            "outcomes": [r.outcome(i) for i in range(len(r.seats))], "length": r.length}


def game_line(r: GameResult, names: list, game: str, config: dict | None) -> dict:
    """One finished game as a line of ``games.jsonl``: its outcome (``game_json``) and, when
    its seed and actions are known, the game record ``broadside play --save`` writes, so
    ``broadside replay games.jsonl --line N`` replays it."""
    from training.records import GameRecord

    out = game_json(r, names)
    if r.seed is not None:
        import envs

        rec = GameRecord(game, r.seed, dict(config or {}), list(r.actions),
                         [names[a] for a in r.seats], list(r.returns), envs.spec(game).version)
        out.update(rec.to_json())
    return out


def num_players_of(game: str, config: dict | None) -> int:
    import envs

    return int(envs.spec(game).make_config(**dict(config or {}))["num_players"][0])


def _names(agent_specs, names):
    if names is None:
        names = [s if isinstance(s, str) else getattr(s, "__name__", f"agent{i}")
                 for i, s in enumerate(agent_specs)]
    if len(set(names)) != len(names):
        raise ValueError(f"agent names must differ: {names}")
    return list(names)


def run_matches(game: str, agent_specs: list, jobs: list[Job], names: list,
                config: dict | None = None, workers: int = 1, num_envs: int = 64,
                on_game: Callable[[GameResult], None] | None = None,
                kind: str = "tournament") -> TournamentResult:
    """Play ``jobs`` and summarise them (standings, head to head, ratings)."""
    def done(job, res):
        if on_game is not None:
            for r in res:
                on_game(r)

    by_job = run_jobs(game, agent_specs, jobs, config=config, workers=workers,
                      num_envs=num_envs, on_done=done)
    results = []
    for job in jobs:
        for r in by_job[job.index]:
            results.append(dataclasses.replace(r, index=len(results)))
    standings = [tally(results, a) for a in range(len(agent_specs))]
    ratings = Ratings()
    for n in names:
        ratings.rating(n)
    ratings.update_results(results, names)
    return TournamentResult(game, list(names), results, standings, pair_table(results, names),
                            ratings, kind, dict(config or {}))


def run_tournament(game: str, agent_specs: list, games: int = 100, seed: int = 0,
                   config: dict | None = None, workers: int = 1, num_envs: int = 64,
                   names: list | None = None, chunk: int | None = None,
                   on_game=None) -> TournamentResult:
    """Round robin of ``agent_specs`` (spec strings, or Agent factories ``f(seed=...)``
    defined at module level when workers > 1)."""
    if len(agent_specs) < 2:
        raise ValueError("a tournament needs at least two agents")
    names = _names(agent_specs, names)
    nplayers = num_players_of(game, config)
    jobs = plan(len(agent_specs), nplayers, games, seed, chunk)
    return run_matches(game, agent_specs, jobs, names, config, workers, num_envs, on_game)


def run_evaluation(game: str, agent_spec, opponent_specs: list, games: int = 100,
                   seed: int = 0, config: dict | None = None, workers: int = 1,
                   num_envs: int = 64, names: list | None = None,
                   chunk: int | None = None, on_game=None) -> TournamentResult:
    """``agent_spec`` against each of ``opponent_specs``, ``games`` games each."""
    if not opponent_specs:
        raise ValueError("an evaluation needs at least one opponent")
    specs = [agent_spec] + list(opponent_specs)
    names = _names(specs, names)
    nplayers = num_players_of(game, config)
    jobs = plan_vs(len(opponent_specs), nplayers, games, seed, chunk)
    return run_matches(game, specs, jobs, names, config, workers, num_envs, on_game,
                       kind="evaluation")


# -- output ---------------------------------------------------------------------------------
def save(tr: TournamentResult, out_dir) -> dict:
    """Write JSON, CSVs and the heatmap; returns the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / f"{tr.kind}.json", "standings": out / "standings.csv",
             "pairwise": out / "pairwise.csv", "heatmap": out / "heatmap.png"}
    paths["json"].write_text(json.dumps(tr.to_json(), indent=2))
    rating = {r["name"]: r for r in tr.ratings.leaderboard()}
    with open(paths["standings"], "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["agent", "games", "wins", "draws", "losses", "win_rate", "ci_low",
                    "ci_high", "mu", "sigma", "mu_low", "mu_high", "ordinal"])
        for n, s in zip(tr.names, tr.standings):
            lo, hi = s.ci
            r = rating[n]
            w.writerow([n, s.games, s.wins, s.draws, s.losses, f"{s.win_rate:.4f}",
                        f"{lo:.4f}", f"{hi:.4f}", f"{r['mu']:.3f}", f"{r['sigma']:.3f}",
                        f"{r['low']:.3f}", f"{r['high']:.3f}", f"{r['ordinal']:.3f}"])
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

    heatmap(tr.pairs, paths["heatmap"], title=f"{tr.game}: row agent's win rate vs column "
                                              "(n = games they shared)")
    return paths


def rich_table(tr: TournamentResult):
    """A rich Table of the standings, best openskill ordinal first."""
    from rich.table import Table
    from rich.text import Text    # agent names are data: "mcts:100:prior=..." is no emoji code

    rating = {r["name"]: r for r in tr.ratings.leaderboard()}
    t = Table(title=Text(f"{tr.game} {tr.kind}: {len(tr.results)} games"),
              caption="95% Wilson intervals; openskill mu \\[mu +- 1.96 sigma]; "
                      "ordinal = mu - 3 sigma")
    for col in ("agent", "games", "W", "D", "L", "win rate", "95% CI", "openskill mu",
                "ordinal"):
        t.add_column(col, justify="left" if col == "agent" else "right")
    order = sorted(range(len(tr.names)), key=lambda i: -rating[tr.names[i]]["ordinal"])
    for i in order:
        s: AgentStats = tr.standings[i]
        lo, hi = s.ci
        r = rating[tr.names[i]]
        t.add_row(Text(tr.names[i]), str(s.games), str(s.wins), str(s.draws), str(s.losses),
                  f"{s.win_rate:.1%}", f"{lo:.0%}-{hi:.0%}",
                  f"{r['mu']:.1f} [{r['low']:.0f}, {r['high']:.0f}]", f"{r['ordinal']:.1f}")
    return t


def eval_rich_table(tr: TournamentResult):
    """An evaluation's table: the agent (index 0) against each opponent."""
    from rich.table import Table
    from rich.text import Text    # agent names are data: "mcts:100:prior=..." is no emoji code

    t = Table(title=Text(f"{tr.game}: {tr.names[0]} against each opponent (95% Wilson CI)"))
    for c in ("opponent", "games", "W", "D", "L", "win rate", "95% CI"):
        t.add_column(c, justify="left" if c == "opponent" else "right")
    for k in range(1, len(tr.names)):
        g, w, d = (int(tr.pairs.games[0, k]), int(tr.pairs.wins[0, k]),
                   int(tr.pairs.draws[0, k]))
        lo, hi = wilson(w, g)
        t.add_row(Text(tr.names[k]), str(g), str(w), str(d), str(g - w - d),
                  f"{w / g:.1%}" if g else "-", f"{lo:.1%}-{hi:.1%}")
    return t


def pair_rich_table(tr: TournamentResult):
    """Head-to-head win rates (row vs column) as a rich Table."""
    from rich.table import Table
    from rich.text import Text

    t = Table(title="head to head: row's win rate against column")
    t.add_column("")
    for n in tr.names:
        t.add_column(Text(n), justify="right")
    for i, n in enumerate(tr.names):
        cells = []
        for j in range(len(tr.names)):
            r = tr.pairs.rate(i, j) if i != j else math.nan
            cells.append("-" if math.isnan(r) else f"{r:.0%}")
        t.add_row(Text(n), *cells)
    return t
