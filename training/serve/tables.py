"""Tables: one game record each, its seats, and the store that caps and frees them.

A table holds the game as the 1-element STATE array the kernels update
(:mod:`training.records`), its seats (people, each with an unguessable seat token from
:func:`secrets.token_urlsafe`, and agents), the move log and a version that every move
bumps (a client's action names the version it saw: an older one is stale). A finished game
is saved at once as a replayable :class:`~training.records.GameRecord`; an abandoned one
(a seat leaves, the idle timeout, the server stops) is saved as far as it went. Files are
named from the server-made table id only (``<games_dir>/<id>.json``, ``<id>-seat<k>.html``),
never from request text.
"""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path

import numpy as np

from training.serve.errors import ServeError
from training.serve.opponents import PERSON, build
from training.serve.replays import ReplayWriter
from training.serve.visibility import visible_to

MAX_TABLES = 32
IDLE_TIMEOUT = 30 * 60.0     # seconds without a request before a table is saved and freed


def new_id() -> str:
    """An unguessable id (96 random bits, URL- and file-name-safe: A-Z a-z 0-9 - _)."""
    return secrets.token_urlsafe(12)


class Table:
    """One game at one table; every method that reads or changes it takes ``lock``."""

    def __init__(self, game: str, config: dict, seed: int, players: list[str],
                 agents_by_seat: dict, games_dir: Path):
        from training.records import new_game

        self.id = new_id()
        self.game, self.config, self.seed = game, dict(config), int(seed)
        self.spec, self.state = new_game(game, self.seed, self.config)
        self.players = list(players)
        self.agents = agents_by_seat
        self.tokens = {p: secrets.token_urlsafe(16) for p, kind in enumerate(players)
                       if kind == PERSON}
        self.games_dir = Path(games_dir)
        self.lock = threading.RLock()
        self.version = 0
        self.log: list[dict] = []
        self.actions: list[int] = []
        self.returns = np.zeros(self.state.dtype["reward"].shape[0])
        self.thinking = False
        self.error: str | None = None
        self.abandoned = False
        self.saved: Path | None = None
        self.touched = time.monotonic()
        self.pictures: dict[int, tuple[int, bytes]] = {}
        #: seat -> (record bytes, clickable regions) (training.serve.views.regions_of)
        self.regions_cache: dict[int, tuple[bytes, list]] = {}
        #: called with the table once it is over and saved (the store queues its replays)
        self.on_over = None
        self.replays_queued = False

    # -- seats ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return int(self.state["num_players"][0])

    def seat_of(self, token: str) -> int:
        """The seat whose token is ``token``; 404 otherwise (compared in constant time)."""
        found = None
        for seat, t in self.tokens.items():
            if secrets.compare_digest(t.encode(), str(token).encode()):
                found = seat
        if found is None:
            raise ServeError(404, "no such seat at this table (check the seat link)")
        return found

    def touch(self) -> None:
        self.touched = time.monotonic()

    # -- the game ------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return bool(self.state["done"][0] or self.state["truncated"][0])

    @property
    def over(self) -> bool:
        return self.finished or self.abandoned

    def to_play(self) -> int:
        return int(self.state["to_play"][0])

    def mask(self) -> np.ndarray:
        from training.records import legal_actions

        return legal_actions(self.spec, self.state)

    def play(self, seat: int, action, version) -> None:
        """A person's move: 409 when the game is over, it is not ``seat``'s turn or
        ``version`` is not the current one; 422 when ``action`` is not legal now."""
        with self.lock:
            self.touch()
            if self.over:
                raise ServeError(409, "the game is over")
            if self.to_play() != seat:
                raise ServeError(409, f"not your turn: player_{self.to_play()} is to play")
            if version != self.version:
                raise ServeError(409, f"stale action: the table is at version {self.version}, "
                                      f"you saw {version}; reload the state")
            mask = self.mask()
            if not (0 <= action < self.spec.num_actions and mask[action]):
                raise ServeError(422, f"action {action} is not legal now; legal: "
                                      + ", ".join(str(a) for a in np.flatnonzero(mask)))
            self._apply(int(action))

    def _apply(self, action: int) -> None:
        from training.records import apply_action

        seat = self.to_play()
        before = self.state.copy()
        label = self.spec.action_label(before[0], action)
        seen = [p for p in self.tokens
                if p == seat or visible_to(self.spec, before, action, label, p,
                                           key=self.seed * 1_000_003 + len(self.actions))]
        apply_action(self.spec, self.state, action)
        self.returns += self.state["reward"][0]
        self.actions.append(action)
        self.log.append({"n": len(self.actions), "seat": seat, "label": label, "seen": seen})
        self.version += 1
        if self.finished:
            self.save()

    # -- agent turns (training.serve.opponents) ------------------------------------------
    def agent_seat(self) -> int | None:
        p = self.to_play()
        return p if not self.over and self.error is None and p in self.agents else None

    def claim_runner(self) -> bool:
        """True (and the table is "thinking") when an agent is to play and no worker is
        playing its turns yet: the caller then runs ``play_agent_turns``."""
        with self.lock:
            if self.thinking or self.agent_seat() is None:
                return False
            self.thinking = True
            return True

    def agent_job(self):
        """(seat, agent, copy of the record, version) of the agent to play, or None."""
        with self.lock:
            seat = self.agent_seat()
            if seat is None:
                return None
            return seat, self.agents[seat], self.state.copy(), self.version

    def agent_moved(self, seat: int, action: int, version: int) -> None:
        with self.lock:
            if version != self.version or self.over:
                return              # the table moved on (left, timed out) meanwhile
            mask = self.mask()
            if not (0 <= action < self.spec.num_actions and mask[action]):
                raise RuntimeError(f"agent {self.players[seat]} chose illegal action {action}")
            self._apply(action)

    def agent_failed(self, message: str) -> None:
        with self.lock:
            self.error = f"player_{self.to_play()} ({self.players[self.to_play()]}) failed: " \
                         + message

    def runner_done(self) -> None:
        with self.lock:
            self.thinking = False

    # -- records -------------------------------------------------------------------------
    def record(self):
        from training.records import GameRecord

        n = self.num_players
        returns = [float(r) for r in self.returns[:n]] if self.finished else None
        return GameRecord(game=self.game, seed=self.seed, config=dict(self.config),
                          actions=list(self.actions), players=list(self.players),
                          returns=returns, version=self.spec.version)

    def record_path(self) -> Path:
        return self.games_dir / f"{self.id}.json"

    def save(self) -> Path:
        with self.lock:
            self.saved = self.record().save(self.record_path())
            if self.over and not self.replays_queued and self.on_over is not None:
                self.replays_queued = True
                self.on_over(self)
            return self.saved

    def abandon(self) -> None:
        """End the game where it stands (a seat left, idle, server stopping) and save it."""
        with self.lock:
            if not self.over:
                self.abandoned = True
                self.save()

    def replay_path(self, seat: int) -> Path:
        return self.games_dir / f"{self.id}-seat{int(seat)}.html"

    def replay_html(self, seat: int) -> Path:
        """The saved game as an HTML replay seen from ``seat``: written in the background
        when the game ends (:mod:`training.serve.replays`); 503 with ``Retry-After`` until
        it is, 409 before the game is over. A table without a writer writes it here."""
        from training.serve.replays import RETRY_AFTER, write_replay

        with self.lock:
            if not self.over:
                raise ServeError(409, "the replay exists once the game is over")
            path = self.replay_path(seat)
            queued = self.replays_queued
            record = self.record()
        if path.exists():
            return path
        if queued:
            raise ServeError(503, "the replay is still being written; try again in a few "
                                  "seconds", headers={"Retry-After": str(RETRY_AFTER)})
        return write_replay(record, path, seat)


class TableStore:
    """The open tables: at most ``max_tables``; one idle ``idle_timeout`` seconds is saved
    and freed (checked on every request that reaches the store, and by a periodic sweep)."""

    def __init__(self, games_dir="runs/serve", max_tables: int = MAX_TABLES,
                 idle_timeout: float = IDLE_TIMEOUT, models_dir="runs",
                 replays_in_background: bool = True):
        self.games_dir = Path(games_dir)
        self.models_dir = Path(models_dir)
        self.max_tables = int(max_tables)
        self.idle_timeout = float(idle_timeout)
        self.tables: dict[str, Table] = {}
        self.lock = threading.Lock()
        #: writes each finished game's replays at once (None: only when asked for)
        self.replays = ReplayWriter() if replays_in_background else None

    def create(self, game, config, players, seed=None) -> Table:
        """A new table; 404 for an unknown game, 400 for bad options, players or agents,
        429 when ``max_tables`` are open."""
        import envs
        from envs.core.errors import BroadsideError

        if not isinstance(game, str) or game not in envs.REGISTRY:
            raise ServeError(404, f"unknown game {game!r}; choose one of "
                                  + ", ".join(envs.names()))
        spec = envs.spec(game)
        if not isinstance(config, dict) or not all(isinstance(k, str) for k in config):
            raise ServeError(400, "config must be an object of game options")
        if (not isinstance(players, list) or not players
                or not all(isinstance(p, str) for p in players)):
            raise ServeError(400, "players must be a list with one entry a seat: 'human' or "
                                  "an agent spec such as 'heuristic'")
        if PERSON not in players:
            raise ServeError(400, "players must seat at least one 'human'")
        config = dict(config)
        if config.setdefault("num_players", len(players)) != len(players):
            raise ServeError(400, f"config num_players={config['num_players']!r} but "
                                  f"{len(players)} players are listed")
        if seed is None:
            seed = secrets.randbits(32)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise ServeError(400, "seed must be an integer 0 .. 2**32-1")
        try:
            spec.make_config(**config)
        except (BroadsideError, TypeError, ValueError) as e:
            raise ServeError(400, f"bad options for {game}: {e}") from None
        agents_by_seat = {p: build(kind, game, seed * 10 + p, self.models_dir)
                          for p, kind in enumerate(players) if kind != PERSON}
        self._room()
        # set up outside the store's lock: a game's first table loads its kernels
        table = Table(game, config, seed, players, agents_by_seat, self.games_dir)
        table.on_over = self.replays.submit if self.replays is not None else None
        self._room(table)
        return table

    def _room(self, table: Table | None = None) -> None:
        """429 when ``max_tables`` are open; else add ``table`` (if given)."""
        with self.lock:
            self.reap()
            if len(self.tables) >= self.max_tables:
                raise ServeError(429, f"{self.max_tables} tables are open, the most this "
                                      "server keeps; finish or leave one, or try later")
            if table is not None:
                self.tables[table.id] = table

    def get(self, table_id: str) -> Table:
        with self.lock:
            self.reap()
            table = self.tables.get(str(table_id))
        if table is None:
            raise ServeError(404, "no such table (finished tables are freed after the idle "
                                  "timeout; the game is saved)")
        table.touch()
        return table

    def sweep(self) -> list[str]:
        """Free the idle tables now (the server's periodic sweep)."""
        with self.lock:
            return self.reap()

    def reap(self, now: float | None = None) -> list[str]:
        """Save and free every table idle longer than the timeout (not while an agent is
        thinking); the ids freed. Called with ``self.lock`` held."""
        now = time.monotonic() if now is None else now
        gone = [tid for tid, t in self.tables.items()
                if not t.thinking and now - t.touched > self.idle_timeout]
        # saved before it leaves the store: whoever finds a table gone finds its game saved
        for tid in gone:
            self.tables[tid].abandon()
            del self.tables[tid]
        return gone

    def close(self) -> None:
        """The server stops: save every unfinished game; replays not started are dropped."""
        with self.lock:
            for t in self.tables.values():
                t.abandon()
            self.tables.clear()
        if self.replays is not None:
            self.replays.close()
