"""Pretrained opponents shipped in the package (issue 31): one trained network per game,
and one for a player count where a network trained for it plays better.

``agents.make("pretrained", game)`` is the game's shipped network as the prior of its small
search, the agent ``broadside train`` names at its end (``mcts:N:prior=...``, N from
the model's metadata, else ``agents.mcts.prior_sims`` for the game and the players it was
trained for; the metadata may give another N at another player count, ``search_sims``);
its ``prior_depth`` (absent: every level, as AlphaZero) keeps the network's prior to the
first levels of the tree where that was measured to play better (``MCTSAgent``), and its
``paranoid`` (absent: the game's ``search_paranoid``) how the search models the rivals at 3
or more players, where the measured one differs from the game's; and its ``playout_cut``
(absent: the search's default at each count, ``agents.mcts.default_rollout``) the playout
decisions its figures were measured with wherever the model plays, ``playout_cut_by_players``
another cut from a count on (``search_cut``); and its ``prior_temperature`` (absent: 1) the
temperature its network's logits are read at as the search's prior (``priors``); and its
``reuse`` (absent: false) whether the search keeps the subtree of its move for its next
decision (``mcts:N:reuse=on``), ``reuse_by_players`` another setting from a count on
(``search_reuse``).
``"pretrained-net"`` is the network alone, greedy; ``"mcts:N:prior=pretrained"``
any other search budget with it (the prior at every level).

Format: ``agents/models/<game>.npz`` holds the actor MLP only, in the form ``envs.core.mlp``
evaluates (``layout`` int64[L, 5], see ``agents.policy.export_actor``), its weights in 8 bits
(format 2: ``weights``/``scales``/``biases``, ``agents.weights_int8``) or as trained (format 1:
``params`` float32[P], or float16[P] in older files; ``export --weights float32``, where the
file stays small: Pirates of the Cursed Seas' network, whose 8-bit weights won 4 points fewer
games with its search on one seed, not a significant gap, benchmarks/TRAINING.md) and
computed in float32; ``agents/models/<game>.json`` says what it is (game, game version,
observation size and layout id, action count, game options, the seeded training command,
its wall time and the measured strength). The search and the greedy network need nothing
else, so the shipped file is the actor's weights instead of the training zip (critic,
optimizer state: several times larger), and playing it needs neither torch nor
stable-baselines3: a plain ``pip install`` plays it.
Nothing is downloaded: both files are package data (pyproject.toml).

``<game>.npz``/``.json`` is the game's main model, and it plays every player count unless a
model trained for that count ships beside it: ``<game>-<N>p.npz``/``.json`` (e.g.
``seventh_sea-3p.json``), in the same format, whose game options say ``num_players`` N
(``own_models``). At N players the ``pretrained`` agents use that network (the prior of the
search, or the greedy network), with that model's ``sims``; at other counts the main one.
``export(..., players=N)`` (``export --players N``) writes one.

A model is refused (``ModelMismatchError``, naming both sides) when the game it was made
for, that game's version, its observation size, its observation layout id or its action
count differ from the installed game's, and when its weights file is not the one the
metadata names (sha256); a ``<game>-<N>p`` model also when its game options are not N
players. A game without a model raises ``NoPretrainedModelError`` saying how to train one.
``python -m agents.pretrained export`` writes both files from a trained ``expert.zip`` /
``model.zip``, with the package versions, source revision and CPU the model was trained
with (``trained_with``, ``agents.provenance``; absent from models trained before 2026-12-06).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import re
from pathlib import Path

import numpy as np

from envs.core.errors import BroadsideError

#: the folder of the shipped models (package data)
MODELS_DIR = Path(__file__).resolve().parent / "models"
#: version of the .npz/.json pair this module writes (8-bit weights; format 1 holds them as
#: trained, ``export(weights="float32")``), and those it reads
FORMAT = 2
FORMATS = (1, 2)
#: the agent specs this module serves (``mcts:N:prior=pretrained`` too)
KINDS = ("pretrained", "pretrained-net")


class PretrainedModelError(BroadsideError, ValueError):
    """A shipped model that cannot be used (base of the two below)."""


class NoPretrainedModelError(PretrainedModelError):
    """The game has no shipped model; the message says how to train one."""


class ModelMismatchError(PretrainedModelError):
    """A shipped model made for another game, game version, observation layout or action
    space than the installed game's (or whose weights are not the file its metadata names):
    refused, never mis-read. The message names both sides."""


def observation_layout_id(spec) -> str:
    """A short id of ``spec``'s observation and action layout: a hash of the observation size,
    the action count and the (name, offset, size) rows of the game's ``observe.LAYOUT``
    table, when it has one. A field that moves, grows or is renamed changes it; the
    meanings' wording does not."""
    rows = None
    pkg = spec.home_module.rpartition(".")[0]
    try:
        table = getattr(importlib.import_module(pkg + ".observe"), "LAYOUT", None)
    except ImportError:
        table = None
    if isinstance(table, dict):
        rows = [[str(k), int(v[0]), int(v[1])] for k, v in table.items()]
    elif isinstance(table, (list, tuple)):
        rows = [[str(r[0]), int(r[1]), int(r[2])] for r in table]
    text = json.dumps({"obs_size": int(spec.obs_size), "num_actions": int(spec.num_actions),
                       "fields": rows}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _describe(d: dict) -> str:
    return (f"{d['game']} v{d['version']} (observation layout {d['layout_id']}, "
            f"{d['obs_size']} features, {d['num_actions']} actions)")


def identity(game: str) -> dict:
    """What a model must have been made for to be read as the installed ``game``: name,
    version, observation size and layout id, action count."""
    import envs

    spec = envs.spec(game)
    return {"game": spec.name, "version": int(spec.version), "obs_size": int(spec.obs_size),
            "num_actions": int(spec.num_actions), "layout_id": observation_layout_id(spec)}


def _dir(directory) -> Path:
    return Path(directory) if directory is not None else MODELS_DIR


def _own_name(stem: str) -> tuple[str, int] | None:
    """(game, N) of a ``<game>-<N>p`` file stem, None for a main model's."""
    m = re.fullmatch(r"(.+)-([0-9]+)p", stem)
    return (m.group(1), int(m.group(2))) if m else None


def _pairs(d: Path) -> list[str]:
    return sorted(p.stem for p in d.glob("*.json") if p.with_suffix(".npz").exists())


def available(directory=None) -> list[str]:
    """The games with a shipped model in ``directory`` (default ``MODELS_DIR``); a model
    trained for another player count (``<game>-<N>p``) is not a game (``own_models``)."""
    return [s for s in _pairs(_dir(directory)) if _own_name(s) is None]


def own_models(game: str, directory=None) -> list[int]:
    """The player counts with a model of their own for ``game`` (``<game>-<N>p.npz`` and
    ``.json`` beside its main model), ascending; unchecked until read (``metadata``)."""
    names = [_own_name(s) for s in _pairs(_dir(directory))]
    return sorted(got[1] for got in names if got is not None and got[0] == game)


def _own_count(game: str, directory, num_players) -> int | None:
    """``num_players`` when a model of its own plays ``game`` at that count, else None (the
    main model plays it)."""
    if num_players is not None and int(num_players) in own_models(game, directory):
        return int(num_players)
    return None


def _stem(game: str, own: int | None) -> str:
    """The file stem of ``game``'s main model (``own`` None) or of its model for ``own``
    players."""
    return game if own is None else f"{game}-{own}p"


def metadata(game: str, directory=None, num_players: int | None = None) -> dict:
    """The metadata of ``game``'s shipped model, checked against the installed game
    (``ModelMismatchError``); ``NoPretrainedModelError`` when there is none. With
    ``num_players``, the model trained for that count when one ships (``own_models``),
    else the main one."""
    d = _dir(directory)
    own = _own_count(game, d, num_players)
    stem = _stem(game, own)
    path = d / f"{stem}.json"
    if not path.exists() or not path.with_suffix(".npz").exists():
        shipped = ", ".join(available(d)) or "none"
        raise NoPretrainedModelError(
            f"no pretrained opponent ships for {game} (games with one: {shipped}); train one "
            f"with `broadside train --game {game}` and play the agent it names at its end "
            f"(mcts:N:prior=RUN/expert.zip), or play heuristic or mcts:N")
    try:
        meta = json.loads(path.read_text())
    except ValueError as e:
        raise ModelMismatchError(f"pretrained model metadata {path} is not JSON ({e})") \
            from None
    keys = ("format", "game", "version", "obs_size", "num_actions", "layout_id", "config",
            "sha256")
    missing = [k for k in keys if not isinstance(meta, dict) or k not in meta]
    if missing:
        raise ModelMismatchError(f"pretrained model metadata {path} lacks {', '.join(missing)}")
    if meta["format"] not in FORMATS:
        raise ModelMismatchError(f"pretrained model {path} is in format {meta['format']}; "
                                 f"this version of broadside reads formats "
                                 f"{', '.join(map(str, FORMATS))}")
    _check_by_players(meta, "sims_by_players", 1, "simulations", path)
    from agents.mcts import checked_depth
    from envs.core.mlp import checked_temperature

    try:
        checked_depth(meta.get("prior_depth"))
    except ValueError as e:
        raise ModelMismatchError(f"pretrained model metadata {path}: prior_depth: {e}") \
            from None
    try:
        checked_temperature(meta.get("prior_temperature", 1.0))
    except ValueError as e:
        raise ModelMismatchError(f"pretrained model metadata {path}: prior_temperature: "
                                 f"{e}") from None
    for key in ("paranoid", "reuse"):
        if not isinstance(meta.get(key, False), bool):
            raise ModelMismatchError(f"pretrained model metadata {path}: {key} must be true "
                                     f"or false, not {meta[key]!r}")
    _check_by_players(meta, "reuse_by_players", None, "true or false", path)
    cut = meta.get("playout_cut", 0)
    if type(cut) is not int or cut < 0:
        raise ModelMismatchError(f"pretrained model metadata {path}: playout_cut must be a "
                                 f"whole number of decisions >= 0, not {cut!r}")
    _check_by_players(meta, "playout_cut_by_players", 0, "decisions", path)
    have = identity(game)
    if any(meta[k] != have[k] for k in have):
        raise ModelMismatchError(
            f"pretrained model {path} was made for {_describe(meta)}, but the installed game "
            f"is {_describe(have)}: it would be mis-read; train a new one with `broadside "
            f"train --game {game}` and export it (python -m agents.pretrained export)")
    if own is not None and players(meta) != own:
        raise ModelMismatchError(
            f"pretrained model {path} is filed as the model for {own} players, but it was "
            f"trained for {players(meta)} (its config's num_players): only a network "
            f"trained for {own} players ships as {stem}")
    return meta


def _check_by_players(meta: dict, key: str, least: int | None, what: str, path: Path) -> None:
    """``meta[key]``, where given, maps player counts ("3") to whole numbers >= ``least``
    (``least`` None: to true or false)."""
    counts = meta.get(key, {})
    if not isinstance(counts, dict) or not all(
            str(k).isdigit() and int(k) >= 1
            and (type(v) is bool if least is None else type(v) is int and v >= least)
            for k, v in counts.items()):
        bound = "" if least is None else f" >= {least}"
        raise ModelMismatchError(f"pretrained model metadata {path}: {key} must map player "
                                 f"counts to {what}{bound}, not {counts!r}")


@functools.lru_cache(maxsize=None)
def _load(game: str, directory: str, own: int | None) -> tuple[np.ndarray, np.ndarray, dict]:
    from agents import weights_int8
    from envs.core import mlp

    meta = metadata(game, directory, own)
    path = Path(directory) / f"{_stem(game, own)}.npz"
    blob = path.read_bytes()
    if hashlib.sha256(blob).hexdigest() != meta["sha256"]:
        raise ModelMismatchError(f"pretrained model {path} is not the file its metadata "
                                 f"{path.with_suffix('.json').name} describes (sha256 differs)")
    try:
        with np.load(path) as z:
            layout = np.ascontiguousarray(z["layout"], dtype=np.int64)
            if meta["format"] == 1:
                params = np.ascontiguousarray(z["params"], dtype=np.float32)
            else:
                params = weights_int8.unpack(z["weights"], z["scales"], z["biases"], layout)
        mlp.check_layout(params, layout, meta["obs_size"], meta["num_actions"],
                         f"pretrained model {path}")
    except (KeyError, ValueError) as e:
        raise ModelMismatchError(f"pretrained model {path} (format {meta['format']}): "
                                 f"{e}") from None
    params.flags.writeable = False
    layout.flags.writeable = False
    return params, layout, meta


def load(game: str, directory=None, num_players: int | None = None
         ) -> tuple[np.ndarray, np.ndarray, dict]:
    """(params, layout, metadata) of ``game``'s shipped actor, checked (see ``metadata``;
    ``num_players`` picks the model trained for that count when one ships); cached per
    process and file."""
    d = _dir(directory).resolve()
    return _load(game, str(d), _own_count(game, d, num_players))


def by_players(game: str, directory=None) -> dict[int, tuple[np.ndarray, np.ndarray, dict]]:
    """{N: (params, layout, metadata)} of every model trained for N players that ships
    beside ``game``'s main one, each checked (``load``)."""
    return {n: load(game, directory, n) for n in own_models(game, directory)}


def priors(game: str, directory=None, temperature: float | None = None
           ) -> tuple[tuple, dict[int, tuple]]:
    """The search priors of the shipped models: ``(params, layout)`` of the main model and
    {N: (params, layout)} of those trained for N players (``MCTSAgent``'s ``prior`` and
    ``priors_by_players``), each read at its metadata's ``prior_temperature`` (absent: 1)
    unless ``temperature`` is given (``agents.mcts.soften``)."""
    from agents.mcts import soften

    def read(model):
        t = model[2].get("prior_temperature", 1.0) if temperature is None else temperature
        return soften(model[:2], float(t))

    return read(load(game, directory)), {n: read(m) for n, m in
                                         by_players(game, directory).items()}


def players(meta: dict) -> int:
    """The player count a model was trained for (its game options; 2 when they name none)."""
    return int(meta["config"].get("num_players", 2))


def search_sims(meta: dict, num_players: int | None = None) -> int:
    """Simulations a decision of the ``pretrained`` agent in a game of ``num_players`` seats
    (default: the count the model was trained for). At the model's own count: the metadata's
    ``sims``, else what ``broadside train`` names for it. The metadata's ``sims_by_players``
    ({"3": 500}: measured to buy more at that count within the agent's time budget) overrides
    a count; a count it does not list takes the budget of the nearest count below it that has
    one (at least the model's own)."""
    import envs
    from agents.mcts import prior_sims

    own = players(meta)
    base = int(meta["sims"]) if meta.get("sims") else prior_sims(own, envs.spec(meta["game"]))
    n = own if num_players is None else int(num_players)
    return _from_count(meta, "sims_by_players", n, {own: base}, base)


def search_cut(meta: dict, num_players: int | None = None) -> int | None:
    """Playout decisions of the ``pretrained`` agent's search in a game of ``num_players``
    seats (default: the count the model was trained for), or None where the model fixes
    none (the search's default at that count). The metadata's ``playout_cut`` holds at every
    count; its ``playout_cut_by_players`` ({"3": 60}: the cut a count's figures were
    measured with) overrides a count and the counts above it up to the next it lists, as
    ``sims_by_players`` does the budget."""
    n = players(meta) if num_players is None else int(num_players)
    return _from_count(meta, "playout_cut_by_players", n, {}, meta.get("playout_cut"))


def search_reuse(meta: dict, num_players: int | None = None) -> bool:
    """Whether the ``pretrained`` agent's search keeps the subtree of its move at a player
    count (``mcts:N:reuse=on``): the metadata's ``reuse_by_players`` ({"3": true}: from 3
    players on, as ``playout_cut_by_players`` does the cut), else its ``reuse`` (absent:
    false)."""
    n = players(meta) if num_players is None else int(num_players)
    return bool(_from_count(meta, "reuse_by_players", n, {}, meta.get("reuse", False)))


def _from_count(meta: dict, key: str, n: int, known: dict, fallback):
    """The value of ``meta[key]`` ({"3": value}, over ``known``) at the nearest count at or
    below ``n`` that has one, else ``fallback``."""
    known = {**known, **{int(k): int(v) for k, v in meta.get(key, {}).items()}}
    below = [k for k in known if k <= n]
    return known[max(below)] if below else fallback


def search_budgets(meta: dict, own: dict[int, dict] | None = None) -> dict[int, int]:
    """{player count: simulations} of the ``pretrained`` agent for every count the game
    seats: ``search_sims`` of the model that plays that count, ``own[n]`` (the metadata of
    a model trained for n players that ships beside the main one, ``by_players``) where
    there is one, else the main model's ``meta``."""
    import envs

    spec = envs.spec(meta["game"])
    own = own or {}
    return {n: search_sims(own.get(n, meta), n)
            for n in range(spec.min_players, spec.max_players + 1)}


def make(kind: str, game: str, seed=None, directory=None, simulations: int | None = None):
    """The ``pretrained`` agent (the network as the prior of its search) or
    ``pretrained-net`` (the network alone, greedy); at a player count with a model of its
    own (``own_models``) each plays that model's network (and its budget). ``simulations``
    gives the search that budget at every player count, its other settings (prior depth,
    rivals' model, playout cut) as the models ship them."""
    if kind not in KINDS:
        raise ValueError(f"unknown pretrained agent {kind!r}; expected one of {KINDS}")
    main, own = load(game, directory), by_players(game, directory)
    if kind == "pretrained-net":
        from agents.policy import ActorAgent

        nets = {n: m[:2] for n, m in own.items()}
        return ActorAgent(*main[:2], name="pretrained-net", by_players=nets or None)
    import envs
    from agents.mcts import MCTSAgent

    meta, own_meta = main[2], {n: m[2] for n, m in own.items()}
    budgets = search_budgets(meta, own_meta) if simulations is None else {}
    spec = envs.spec(game)
    cuts = {n: search_cut(own_meta.get(n, meta), n)
            for n in range(spec.min_players, spec.max_players + 1)}
    prior, nets = priors(game, directory)
    agent = MCTSAgent(game, seed=seed,
                      simulations=search_sims(meta) if simulations is None else simulations,
                      prior=prior, priors_by_players=nets, by_players=budgets,
                      prior_depth=meta.get("prior_depth"),
                      depths_by_players={n: m.get("prior_depth") for n, m in own_meta.items()},
                      paranoid=meta.get("paranoid"), reuse=meta.get("reuse", False),
                      reuses_by_players={n: search_reuse(own_meta.get(n, meta), n)
                                         for n in range(spec.min_players, spec.max_players + 1)},
                      cuts_by_players={n: c for n, c in cuts.items() if c is not None})
    agent.name = "pretrained"
    return agent


def uses_pretrained(spec: str) -> bool:
    """``spec`` names the shipped model (``pretrained``, ``pretrained-net`` or a search
    with ``prior=pretrained``)."""
    s = spec.strip().lower()
    return s in KINDS or (s.startswith("mcts") and s.endswith("prior=pretrained"))


def summary(game: str) -> str:
    """One line for ``broadside list``: what the game's shipped opponent is and is worth."""
    try:
        meta = metadata(game)
    except NoPretrainedModelError:
        return "-"
    except PretrainedModelError:
        return "refused (made for another version)"
    parts = [f"{players(meta)} players"]
    row = strength_row(meta, "pretrained", _is_heuristic)
    if row:
        parts.append(f"{row['win_rate']:.0%} vs heuristic")
    text = ", ".join(parts)
    ok, refused = [], []
    for n in own_models(game):
        try:
            metadata(game, num_players=n)
            ok.append(str(n))
        except PretrainedModelError:
            refused.append(str(n))
    if ok:
        text += "; own model for " + ", ".join(ok)
    if refused:
        text += "; model for " + ", ".join(refused) + " refused"
    return text


def _is_heuristic(opponent: str) -> bool:
    return opponent == "heuristic"


def strength_row(meta: dict, agent: str, opponent, seats: int | None = None) -> dict | None:
    """The first metadata ``strength`` row of ``agent`` against an opponent ``opponent(name)``
    accepts, at ``seats`` players (default: the model's own count; a row naming none is at
    that count); None when there is none."""
    own = players(meta)
    seats = own if seats is None else seats
    return next((r for r in meta.get("strength", []) if r.get("agent") == agent
                 and int(r.get("players", own)) == seats
                 and opponent(str(r.get("opponent", "")))), None)


def worth(game: str) -> str:
    """What the shipped opponent is worth, from its metadata's ``strength`` rows: the network
    with its search and alone against the heuristic, with its search against plain search
    (``mcts:N``, a row whose ``opponent`` is one; with the CPU time a decision of each, the
    row's ``cpu_ms``, where it was measured), and with its search at another player count
    than the model's against heuristics in every other seat (from the metadata of the model
    trained for that count when one ships, ``own_models``). The one source: README.md's list
    (``worth_list``, which the agents guide includes) prints this sentence, and
    tests/agents/test_pretrained.py checks it is up to date."""
    meta = metadata(game)
    rows = meta.get("strength", [])
    own = {n: metadata(game, num_players=n) for n in own_models(game)}

    def fig(row):
        lo, hi = row["ci95"]
        return (f"{row['win_rate']:.1%} [{100 * lo:.1f}, {100 * hi:.1f}] of {row['games']} "
                "seat-rotated games")

    parts = []
    search = strength_row(meta, "pretrained", _is_heuristic)
    if search:
        parts.append(f"its network as the prior of {_searched(meta)} won {fig(search)} "
                     "against the heuristic")
    alone = strength_row(meta, "pretrained-net", _is_heuristic)
    if alone:
        parts.append(f"the network alone (`pretrained-net`) {fig(alone)}")
    plain = strength_row(meta, "pretrained", lambda o: o.startswith("mcts:"))
    if plain:
        cpu = plain.get("cpu_ms")          # [the trained agent's, the plain search's]
        when = (f" (the agent {cpu[0]:.2f} ms of CPU a decision, the plain search {cpu[1]:.2f})"
                if cpu else "")
        parts.append(f"and with its search {fig(plain)} against plain `{plain['opponent']}`"
                     + when)
    text = ", ".join(parts) or "not measured yet"
    others = sorted(({int(r["players"]) for r in rows if "players" in r} | set(own))
                    - {players(meta)})
    for n in [n for n in others if n not in own]:
        more = strength_row(meta, "pretrained", _is_heuristic, n)
        if more:
            text += (f"; with {n} players ({_searched(meta, n)}) it won {fig(more)} "
                     f"against {n - 1} heuristics (chance {1 / n:.0%})")
    made = _training(meta)
    text += f" (trained by {made})" if made else ""
    # a model of its own after the main one's training, which it does not share
    for n in [n for n in others if n in own]:
        more = strength_row(own[n], "pretrained", _is_heuristic, n)
        if more:
            made, sims = _training(own[n]), _searched(own[n], n)
            how = f" by {made}, as the prior of {sims}," if made else f" ({sims})"
            text += (f"; with {n} players a network trained for {n}{how} won {fig(more)} "
                     f"against {n - 1} heuristics (chance {1 / n:.0%})")
    return text


def worth_list() -> str:
    """What every shipped opponent is worth, one Markdown item a game in the registry's order:
    the game, which networks it ships, and ``worth``. README.md's ``<!-- worth -->`` section
    (rendered by ``python -m benchmarks.worth``; the agents guide includes it) is this text."""
    import envs

    shipped = available()
    items = []
    for game in (g for g in envs.REGISTRY if g in shipped):
        counts = [players(metadata(game)), *own_models(game)]
        nets = ("one network", "two networks", "three networks")[len(counts) - 1]
        seats = " and for ".join(str(n) for n in counts)
        items.append(f"- **{envs.spec(game).title}** ({nets}, trained for {seats} players): "
                     f"{worth(game)}.")
    return "\n".join(items)


def _searched(meta: dict, num_players: int | None = None) -> str:
    """The ``pretrained`` agent's search with a model at a player count, as the README
    says it: "`mcts:N`" (its playout cut after it, "`mcts:N:CUT`", where the metadata fixes
    one at that count: ``search_cut``; then its prior's temperature, "`mcts:N:temp=T`", where
    it is not 1; from 3 players on its reading of the rivals, "`mcts:N:paranoid=off`", where
    the metadata's ``paranoid`` is not the game's own; "`mcts:N:reuse=on`" where the
    metadata's ``reuse`` keeps the subtree of each move), and where the prior keeps to the
    first levels of the tree (``prior_depth``), which ones: with ``:prior=pretrained`` after
    it, the spec of the same search."""
    import envs

    depth = meta.get("prior_depth")
    where = ("" if depth is None else " at the root only" if depth == 1
             else f" in the first {depth} levels of its tree")
    fixed = search_cut(meta, num_players)
    cut = "" if fixed is None else f":{fixed}"
    t = float(meta.get("prior_temperature", 1.0))
    temp = "" if t == 1.0 else f":temp={t:g}"
    said = meta.get("paranoid")
    rivals = ("" if num_players is None or num_players < 3 or said is None
              or said == envs.spec(meta["game"]).search_paranoid
              else f":paranoid={'on' if said else 'off'}")
    kept = ":reuse=on" if search_reuse(meta, num_players) else ""
    return f"`mcts:{search_sims(meta, num_players)}{cut}{temp}{rivals}{kept}`{where}"


def _training(meta: dict) -> str:
    """"`COMMAND` in N min on two cores" from a model's metadata, or "" without them."""
    if not (meta.get("command") and meta.get("wall_seconds")):
        return ""
    return f"`{meta['command']}` in {meta['wall_seconds'] / 60:.0f} min on two cores"


# -- writing a model (needs the training extra) ---------------------------------------------
#: how ``export`` may store the weights: in 8 bits (format 2, the default) or as trained
#: (format 1, float32), where a file of 4 bytes a weight is still small
WEIGHTS = ("int8", "float32")


def export(model_path, game: str, out_dir=None, players: int | None = None,
           weights: str = "int8", **info) -> tuple[Path, Path]:
    """Write ``<game>.npz`` (the actor of the MaskablePPO model at ``model_path``) and
    ``<game>.json`` (its metadata; ``info`` adds fields such as ``command``,
    ``wall_seconds``, ``strength``) into ``out_dir`` (default ``MODELS_DIR``). The game
    options come from the model (``agents.policy.model_game``). With ``players`` N the
    files are ``<game>-<N>p.*``, the model for N players beside the main one; a model
    trained for another count is refused (``ModelMismatchError``). ``weights`` "float32"
    stores the weights as trained (format 1) instead of in 8 bits (format 2)."""
    import io

    import envs
    from agents import weights_int8
    from agents.mcts import trained_search
    from agents.policy import export_actor, load_model, model_game

    if weights not in WEIGHTS:
        raise ValueError(f"export weights {weights!r}: one of {', '.join(WEIGHTS)}")
    out = Path(out_dir) if out_dir is not None else MODELS_DIR
    out.mkdir(parents=True, exist_ok=True)
    model = load_model(model_path, game)
    got = export_actor(model.policy)
    if got is None:
        raise ValueError(f"{model_path}: only a plain MLP policy can be shipped")
    entry = model_game(model_path) or {}
    if entry and entry.get("game") != game:
        raise ModelMismatchError(f"{model_path} is a {entry.get('game')} model, not {game}")
    config = dict(entry.get("config", {}))
    # the player count the search budget and the summary read: the game's default when the
    # run named none
    config.setdefault("num_players",
                      int(envs.spec(game).make_config(**config)["num_players"][0]))
    trained = int(config["num_players"])
    if players is not None and int(players) != trained:
        raise ModelMismatchError(f"{model_path} was trained for {trained} players (its game "
                                 f"options), not {int(players)}: it cannot ship as "
                                 f"{game}-{int(players)}p")
    stem = _stem(game, None if players is None else int(players))
    buf = io.BytesIO()
    # a byte a weight (a 7th Sea actor: 8.5 MB in float16, 4.45 MB); the loader computes in
    # float32, and the strength recorded is that of the shipped, rounded weights
    if weights == "int8":
        np.savez_compressed(buf, **weights_int8.pack(*got))
    else:
        np.savez_compressed(buf, params=np.asarray(got[0], dtype=np.float32),
                            layout=np.asarray(got[1], dtype=np.int64))
    npz = out / f"{stem}.npz"
    npz.write_bytes(buf.getvalue())
    meta = {"format": FORMAT if weights == "int8" else 1, **identity(game), "config": config,
            "sha256": hashlib.sha256(buf.getvalue()).hexdigest(),
            "source": str(model_path), **info}
    if isinstance(entry.get("trained_with"), dict):
        meta.setdefault("trained_with", entry["trained_with"])
    spec = envs.spec(game)
    searched = trained_search(trained, spec)
    meta.setdefault("sims", searched["sims"])
    if searched["prior_temperature"] != 1.0:
        meta.setdefault("prior_temperature", searched["prior_temperature"])
    if searched["reuse"]:
        meta.setdefault("reuse", True)
    js = out / f"{stem}.json"
    js.write_text(json.dumps(meta, indent=2) + "\n")
    _load.cache_clear()
    return npz, js


def main(argv=None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m agents.pretrained",
                                description="ship a trained model as a pretrained opponent")
    sub = p.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("export", help="write agents/models/<game>.npz and .json")
    e.add_argument("model", help="a saved MaskablePPO model (RUN/expert.zip)")
    e.add_argument("--game", required=True)
    e.add_argument("--out", default=None, help=f"folder (default {MODELS_DIR})")
    e.add_argument("--players", type=int, default=None, metavar="N",
                   help="write <game>-<N>p.npz/.json, the model for N players beside the "
                        "game's main one (the model must be trained for N)")
    e.add_argument("--weights", choices=WEIGHTS, default="int8",
                   help="store the weights in 8 bits (format 2) or as trained (format 1)")
    e.add_argument("--command", default=None, help="the seeded training command")
    e.add_argument("--wall-seconds", type=float, default=None)
    e.add_argument("--machine", default=None, help="where and under what load it trained")
    e.add_argument("--strength", default=None,
                   help="a JSON list of measured results to record")
    args = p.parse_args(argv)
    info = {k: v for k, v in (("command", args.command), ("wall_seconds", args.wall_seconds),
                              ("machine", args.machine)) if v is not None}
    if args.strength:
        info["strength"] = json.loads(args.strength)
    try:
        paths = export(args.model, args.game, args.out, players=args.players,
                       weights=args.weights, **info)
    except PretrainedModelError as e:
        p.error(str(e))
    for path in paths:
        print(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
