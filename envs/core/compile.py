"""Compile a game's kernels before first use, once, and say so while it takes a while.

numba compiles a game's kernels the first time they run (tens of seconds for a full game)
and caches them under ``NUMBA_CACHE_DIR`` (``envs.core.cache``), so every later process
loads them in about a second. ``ensure_compiled(spec)`` runs once per game and process: when
the cache already holds the game's entry points it does nothing; otherwise it prints

    compiling Seas of Havoc kernels (first run only, about 50 s)

on stderr and compiles every entry point at once, the single-game ones the AEC env calls and
the batch ones ``VectorGame`` calls, by running each on a tiny batch. ``ArrayAECEnv``
and ``VectorGame`` call it when they are made, and parallel runners call it in the parent
before starting workers, so workers load kernels instead of each compiling the same ones.
The estimate is the last cold compile measured on this machine (``compile_seconds.json``
beside the cache folders), or 60 s before the first.

``broadside compile`` (``training.matches.compile_games``) compiles every game, and its agents'
kernels, in parallel processes: the warm-up step of ``make test``.
"""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np

from envs.core.masks import first_illegal

#: estimate for a game never compiled on this machine (the per-game target of the benchmarks)
DEFAULT_SECONDS = 60.0

#: GameSpec fields holding kernels, in the order ``compile_all`` runs them
ENTRY_POINTS = ("single_init", "single_legal", "single_apply", "single_observe",
                "batch_reset", "batch_legal", "batch_observe", "batch_observe_seats",
                "batch_step", "batch_playout")

_done: set[str] = set()


def _dispatchers(spec) -> list:
    """The numba dispatchers behind ``spec``'s entry points: a game's ``run`` (for
    ``envs.core.entry.EntryPoints`` methods), or the kernels themselves."""
    found = []
    for f in ENTRY_POINTS:
        point = getattr(spec, f, None)
        for d in getattr(getattr(point, "__self__", None), "kernels", (point,)):
            if getattr(d, "_cache", None) is not None and d not in found:
                found.append(d)
    return found


def is_cached(spec) -> bool:
    """True when numba's cache holds every compiled entry point of ``spec`` (an index file
    per kernel in ``NUMBA_CACHE_DIR``)."""
    try:
        return all(os.path.exists(d._cache._cache_file._index_path)
                   for d in _dispatchers(spec))
    except AttributeError:   # a numba without these internals: assume cached, stay quiet
        return True


def _times_path() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "broadside", "compile_seconds.json")


def _read_times() -> dict:
    try:
        with open(_times_path()) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def estimate_seconds(spec) -> float:
    """Seconds a cold compile of ``spec`` should take here (last measured, else 60)."""
    return float(_read_times().get(spec.name, DEFAULT_SECONDS))


def _record_time(name: str, seconds: float) -> None:
    times = _read_times()
    times[name] = round(seconds, 1)
    path = _times_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            json.dump(times, f, indent=1, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        pass   # a read-only home only loses the estimate


def compile_all(spec) -> None:
    """Run every kernel of ``spec`` once on a tiny batch (compiling what is not cached)."""
    cfgs = spec.make_config()
    n = 2
    states = np.zeros(n, dtype=spec.state_dtype)
    masks = np.zeros((n, spec.num_actions), dtype=np.uint8)
    obs = np.zeros((n, spec.obs_size), dtype=np.float32)
    seeds = np.arange(1, n + 1, dtype=np.uint64)
    # the single-game entry points of the AEC env (the same argument types it uses)
    single = spec.single
    single.init(states, cfgs, 0, np.uint64(seeds[0]))
    single.legal(states, 0, masks[0])
    single.observe(states, 0, 0, obs[0])
    legal = np.flatnonzero(masks[0])
    if len(legal):
        single.apply(states, 0, int(legal[0]), masks[0])
    spec.infos(states[0])
    spec.global_state(states[:1])
    # the batch kernels of VectorGame
    spec.batch_reset(states, cfgs, seeds)
    spec.batch_legal(states, masks)
    spec.batch_observe(states, obs)
    if spec.batch_observe_seats is not None:
        spec.batch_observe_seats(states, np.zeros(n, dtype=np.int64), obs)
    actions = np.where(masks.any(axis=1), masks.argmax(axis=1), -1).astype(np.int64)
    rewards = np.zeros((n, spec.max_players), dtype=np.float32)
    dones = np.zeros(n, dtype=np.bool_)
    spec.batch_step(states, cfgs, actions, rewards, dones, masks, obs)
    first_illegal(actions, masks)
    if spec.batch_playout is not None:
        spec.batch_playout(states, cfgs, seeds.copy(), 2, np.zeros((n, 4), dtype=np.int64))


def ensure_compiled(spec, stream=None) -> float:
    """Compile ``spec``'s kernels now if the cache lacks them, saying so on ``stream``
    (stderr); once per game and process. Returns the seconds spent compiling (0 if cached)."""
    if spec.name in _done:
        return 0.0
    _done.add(spec.name)
    if is_cached(spec):
        return 0.0
    stream = sys.stderr if stream is None else stream
    print(f"compiling {spec.title} kernels (first run only, about "
          f"{estimate_seconds(spec):.0f} s)", file=stream, flush=True)
    t0 = time.perf_counter()
    compile_all(spec)
    seconds = time.perf_counter() - t0
    _record_time(spec.name, seconds)
    print(f"compiled {spec.title} kernels in {seconds:.0f} s; later runs load them from "
          "the cache", file=stream, flush=True)
    return seconds
