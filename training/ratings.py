"""openskill (Plackett-Luce) ratings of every agent that ever played, saved as JSON.

Works for any number of players. Each seat of a game is its own team, ranked by its outcome
(win, draw, loss: see ``GameResult.outcome``; ties share a rank). An agent holding several
seats (a 3-player game between two agents, or self-play against a copy) enters the game once
per seat, as independent copies of its current rating, and then gets one update per seat:
its mu moves by the sum of the seats' mu changes and its sigma shrinks by the product of their
sigma ratios. Its seats' results against each other cancel out; its results against the other
agents count. The leaderboard key is the conservative ``ordinal`` (mu - 3 sigma); ``interval``
is mu +- 1.96 sigma.
"""

from __future__ import annotations

import json
from pathlib import Path

from training.extras import require

#: half-width of the rating interval in sigmas (95% for a normal belief)
INTERVAL_Z = 1.96


class Ratings:
    """A table name -> (mu, sigma), updated game by game."""

    def __init__(self):
        PlackettLuce = require("training", "openskill.models").PlackettLuce
        self.model = PlackettLuce()
        self.table: dict[str, object] = {}
        self.games: dict[str, int] = {}

    def rating(self, name: str):
        if name not in self.table:
            self.table[name] = self.model.rating(name=name)
            self.games[name] = 0
        return self.table[name]

    def update(self, names_by_seat: list[str], outcomes: list[float]) -> None:
        """One game: the agent name of each seat and each seat's outcome (higher is better)."""
        if len(names_by_seat) != len(outcomes):
            raise ValueError(f"{len(names_by_seat)} seats but {len(outcomes)} outcomes")
        if len(set(names_by_seat)) < 2:
            return   # an agent alone against itself: nothing to learn about anyone
        # distinct rating objects per seat: openskill must not see one object twice
        teams = [[self.model.rating(mu=self.rating(n).mu, sigma=self.rating(n).sigma, name=n)]
                 for n in names_by_seat]
        ranks = [-float(o) for o in outcomes]
        new = self.model.rate(teams, ranks=ranks)
        mu = {n: self.table[n].mu for n in set(names_by_seat)}
        sigma = {n: self.table[n].sigma for n in set(names_by_seat)}
        for n, old, team in zip(names_by_seat, teams, new):
            mu[n] += team[0].mu - old[0].mu
            sigma[n] *= team[0].sigma / old[0].sigma
        for n in set(names_by_seat):
            self.table[n] = self.model.rating(mu=mu[n], sigma=sigma[n], name=n)
            self.games[n] += 1

    def update_results(self, results, names: list[str]) -> None:
        """Every :class:`~training.evaluate.GameResult`, in game order."""
        for r in sorted(results, key=lambda r: r.index):
            self.update([names[a] for a in r.seats],
                        [r.outcome(seat) for seat in range(len(r.seats))])

    def ordinal(self, name: str) -> float:
        """Conservative skill estimate mu - 3 sigma (the leaderboard key)."""
        return float(self.rating(name).ordinal())

    def leaderboard(self) -> list[dict]:
        """Rows (name, mu, sigma, ordinal, low, high, games), best ordinal first."""
        rows = []
        for n, r in self.table.items():
            mu, sigma = float(r.mu), float(r.sigma)
            rows.append({"name": n, "mu": mu, "sigma": sigma, "ordinal": float(r.ordinal()),
                         "low": mu - INTERVAL_Z * sigma, "high": mu + INTERVAL_Z * sigma,
                         "games": self.games[n]})
        return sorted(rows, key=lambda d: -d["ordinal"])

    def to_json(self) -> dict:
        return {"model": "PlackettLuce", "team": "seat", "interval": "mu +- 1.96 sigma",
                "ratings": self.leaderboard()}

    @classmethod
    def from_json(cls, d: dict) -> "Ratings":
        out = cls()
        for row in d.get("ratings", []):
            out.table[row["name"]] = out.model.rating(mu=row["mu"], sigma=row["sigma"],
                                                      name=row["name"])
            out.games[row["name"]] = int(row.get("games", 0))
        return out

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=2))

    @classmethod
    def load(cls, path) -> "Ratings":
        p = Path(path)
        if not p.exists():
            return cls()
        return cls.from_json(json.loads(p.read_text()))
