"""openskill (Plackett-Luce) ratings of every agent that ever played, saved as JSON.

Each seat is its own team; seats are ranked by their outcome (win, draw, loss: see
``GameResult.outcome``), ties sharing a rank. A game where one agent held several seats
says nothing about that agent's strength against itself and is skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

from openskill.models import PlackettLuce


class Ratings:
    """A table name -> (mu, sigma), updated game by game."""

    def __init__(self):
        self.model = PlackettLuce()
        self.table: dict[str, object] = {}
        self.games: dict[str, int] = {}

    def rating(self, name: str):
        if name not in self.table:
            self.table[name] = self.model.rating(name=name)
            self.games[name] = 0
        return self.table[name]

    def update(self, names_by_seat: list[str], returns: list[float]) -> None:
        """One game: the agent name of each seat and each seat's score (higher is better)."""
        if len(set(names_by_seat)) < len(names_by_seat):
            return
        teams = [[self.rating(n)] for n in names_by_seat]
        new = self.model.rate(teams, scores=[float(r) for r in returns])
        for n, team in zip(names_by_seat, new):
            self.table[n] = team[0]
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
        rows = [{"name": n, "mu": float(r.mu), "sigma": float(r.sigma),
                 "ordinal": float(r.ordinal()), "games": self.games[n]}
                for n, r in self.table.items()]
        return sorted(rows, key=lambda d: -d["ordinal"])

    def to_json(self) -> dict:
        return {"model": "PlackettLuce", "ratings": self.leaderboard()}

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
