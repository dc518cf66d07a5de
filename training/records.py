"""Game records: a game saved as its seed, config and action list, replayed exactly.

Because every game's state is one record changed only by its kernels and its in-state
random stream, ``init(seed)`` followed by the same actions reproduces every state byte for
byte. A record is JSON::

    {"format": "broadside-record/1", "game": "havoc", "version": 0, "config": {...},
     "seed": 7, "players": ["human", "heuristic"], "actions": [12, 140, ...],
     "returns": [1.0, -1.0]}

``broadside tournament`` and ``eval`` write one such record a line to ``games.jsonl`` (with
the game's seats, outcomes and length beside it): ``GameRecord.load(path, line=N)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import envs
from envs.core.errors import IllegalActionError

FORMAT = "broadside-record/1"


@dataclass
class GameRecord:
    game: str
    seed: int
    config: dict = field(default_factory=dict)
    actions: list = field(default_factory=list)
    players: list = field(default_factory=list)
    returns: list | None = None
    version: int | None = None

    def to_json(self) -> dict:
        return {"format": FORMAT, "game": self.game, "version": self.version,
                "config": self.config, "seed": int(self.seed), "players": self.players,
                "actions": [int(a) for a in self.actions], "returns": self.returns}

    def save(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1))
        return path

    @classmethod
    def load(cls, path, line: int | None = None) -> "GameRecord":
        """The record saved at ``path`` or, with ``line``, on line ``line`` (from 1) of a
        ``games.jsonl`` that ``broadside tournament``/``eval`` wrote; RecordError naming the
        file, the field and what is expected for anything else (not JSON, another format, a
        field of the wrong type, no such line)."""
        path = Path(path)
        if path.is_dir():
            raise RecordError(f"{path} is a folder, not a game record file")
        try:
            text = path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            raise RecordError(f"no game record at {path}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a game record (not UTF-8 text)") from None
        where = str(path)
        if line is not None:
            lines = text.splitlines()
            if not 1 <= line <= len(lines):
                raise RecordError(f"{path} has {len(lines)} lines: --line {line} is not one "
                                  f"of 1..{len(lines)}")
            text, where = lines[line - 1], f"{path}, line {line}"
        try:
            d = json.loads(text)
        except json.JSONDecodeError as e:
            at = "" if line is not None else f" at line {e.lineno}"
            raise RecordError(f"{where}: not a game record (not JSON: {e.msg}{at}, column "
                              f"{e.colno})") from None
        return cls.from_json(d, where)

    @classmethod
    def from_json(cls, d, where: str = "record") -> "GameRecord":
        """``d`` (parsed JSON) as a record, checked field by field; errors name ``where``."""
        path = where
        if isinstance(d, dict) and line_without_record(d):
            raise RecordError(f"{where}: holds the game's outcome only, not its seed and moves "
                              "(a games.jsonl written before games were saved replayable)")
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            got = d.get("format") if isinstance(d, dict) else type(d).__name__
            raise RecordError(f"{path}: not a Broadside game record (format {got!r}, "
                              f"expected {FORMAT!r})")
        return cls(game=_field(path, d, "game", _is_str, "a game name"),
                   seed=_field(path, d, "seed", _is_seed, "an integer 0 .. 2**64-1"),
                   config=_field(path, d, "config", _is_config, "an object of options",
                                 default={}),
                   actions=_field(path, d, "actions", _is_int_list, "a list of integers"),
                   players=_field(path, d, "players", _is_str_list, "a list of names",
                                  default=[]),
                   returns=_field(path, d, "returns", _is_returns,
                                  "null or a list of finite numbers", default=None),
                   version=_field(path, d, "version", _is_version, "null or an integer",
                                  default=None))


def line_without_record(d: dict) -> bool:
    """A ``games.jsonl`` line that has an outcome but no record (an older file)."""
    return "format" not in d and "outcomes" in d


class RecordError(ValueError):
    """A game record file that cannot be read: the message names the file and the field."""


def _field(path, d: dict, key: str, ok, expected: str, **default):
    if key not in d:
        if default:
            return default["default"]
        raise RecordError(f"{path}: field {key!r} is missing (expected {expected})")
    value = d[key]
    if not ok(value):
        raise RecordError(f"{path}: field {key!r} = {_short(value)} (expected {expected})")
    return value


def _short(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_str(x) -> bool:
    return isinstance(x, str) and bool(x)


def _is_seed(x) -> bool:
    return _is_int(x) and 0 <= x < 2**64


def _is_config(x) -> bool:
    return isinstance(x, dict) and all(isinstance(k, str) for k in x)


def _is_int_list(x) -> bool:
    return isinstance(x, list) and all(_is_int(a) for a in x)


def _is_str_list(x) -> bool:
    return isinstance(x, list) and all(isinstance(a, str) for a in x)


def _is_returns(x) -> bool:
    return x is None or (isinstance(x, list) and all(
        isinstance(r, (int, float)) and not isinstance(r, bool) and np.isfinite(r) for r in x))


def _is_version(x) -> bool:
    return x is None or _is_int(x)


def new_game(game: str, seed: int, config: dict | None = None):
    """(spec, 1-element STATE array) of a fresh game set up from ``seed``, exactly as
    ``env.reset(seed=seed)`` sets it up."""
    from envs.core.compile import ensure_compiled

    spec = envs.spec(game)
    cfg = spec.make_config(**dict(config or {}))
    ensure_compiled(spec)
    state = np.zeros(1, dtype=spec.state_dtype)
    spec.single.init(state, cfg, 0, np.uint64(int(seed) % 2**64))
    return spec, state


def legal_actions(spec, state) -> np.ndarray:
    mask = np.zeros(spec.num_actions, dtype=np.uint8)
    spec.single.legal(state, 0, mask)
    return mask


def apply_action(spec, state, action: int) -> None:
    """Apply ``action`` to the game in ``state`` (a 1-element STATE array)."""
    spec.single.apply(state, 0, int(action), np.zeros(spec.num_actions, dtype=np.uint8))


def agent_action(spec, state, agent, seat: int, mask=None) -> int:
    """The action ``agent`` picks for ``seat`` in ``state`` (a 1-element STATE array) from
    what that seat may see: its observation and legal mask, plus a copy of the record for a
    state agent (``needs_state``; each says what it reads, agents/base.py)."""
    if mask is None:
        mask = legal_actions(spec, state)
    obs = np.zeros(spec.obs_size, dtype=np.float32)
    spec.single.observe(state, 0, seat, obs)
    return int(agent.act(obs, mask, state.copy() if agent.needs_state else None, seat))


def replay(record: GameRecord):
    """Yield ``(i, action, label, seat, state_after)`` for each action of ``record``.

    ``state_after`` is a copy. Raises IllegalActionError at the first action that is not
    legal in the replayed state (a record from another version of the game, or edited).
    """
    spec, state = new_game(record.game, record.seed, record.config)
    if record.version is not None and record.version != spec.version:
        raise ValueError(f"record is for {record.game} v{record.version}; "
                         f"this is v{spec.version}")
    for i, a in enumerate(record.actions):
        mask = legal_actions(spec, state)
        seat = int(state["to_play"][0])
        if not (0 <= a < spec.num_actions) or not mask[a]:
            labels = [f"{b}: {spec.action_label(state[0], b)}" for b in np.flatnonzero(mask)]
            raise IllegalActionError(a, seat, labels, reason=f"not legal at step {i} of the record")
        label = spec.action_label(state[0], a)
        apply_action(spec, state, a)
        yield i, a, label, seat, state.copy()


def final_state(record: GameRecord) -> np.ndarray:
    """The state after the last action of ``record``."""
    spec, state = new_game(record.game, record.seed, record.config)
    for _, _, _, _, st in replay(record):
        state = st
    return state


def play_record(game: str, agents_by_seat: list, seed: int, config: dict | None = None,
                names: list | None = None, max_steps: int = 1_000_000) -> GameRecord:
    """Play one game between agents (one per seat) and return its record."""
    spec, state = new_game(game, seed, config)
    returns = np.zeros(state.dtype["reward"].shape[0])
    actions = []
    for _ in range(max_steps):
        if state["done"][0] or state["truncated"][0]:
            break
        seat = int(state["to_play"][0])
        mask = legal_actions(spec, state)
        agent = agents_by_seat[seat]
        a = agent_action(spec, state, agent, seat, mask)
        if not (0 <= a < spec.num_actions and mask[a]):
            raise IllegalActionError(a, seat, [str(b) for b in np.flatnonzero(mask)],
                                     reason=f"chosen by {agent.name}")
        apply_action(spec, state, a)
        returns += state["reward"][0]
        actions.append(a)
    n = int(state["num_players"][0])
    return GameRecord(game=game, seed=int(seed), config=dict(config or {}), actions=actions,
                      players=list(names or [getattr(a, "name", "?") for a in agents_by_seat]),
                      returns=[float(r) for r in returns[:n]], version=spec.version)
