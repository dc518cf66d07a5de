"""Run many games between agents in parallel worker processes, streaming results back.

A *job* is a short list of seatings (agent index per seat, one per game) with its own seed.
Jobs are planned independently of the number of workers and every job seeds its games and
agents from its own seed, so the results do not depend on how many processes ran them or in
which order they finished.

Workers are spawned processes (one per core by default), each with one numba and one torch
thread. The game's kernels and the agents' are compiled once in this process before any
worker starts (``warm_up``), so workers load them from the cache instead of each compiling
the same kernels. A worker keeps the agents it built (a trained policy is loaded
once) and reseeds them for every job.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

import numpy as np

from training.evaluate import GameResult, play_games

#: most games per job: fast agents play a job as one batch
DEFAULT_CHUNK = 8


def chunk_for(games: int) -> int:
    """Games per job for ``games`` games of one match-up: up to ``DEFAULT_CHUNK``, but at
    least 8 jobs per match-up, so slow agents (MCTS) balance over the workers and results
    stream in. Depends on ``games`` only, never on the number of workers."""
    return max(1, min(DEFAULT_CHUNK, games // 8))


@dataclass(frozen=True)
class Job:
    index: int
    seatings: tuple          # agent index per seat, one tuple per game
    seed: int


def chunked(seatings: list, seed: int, chunk: int = DEFAULT_CHUNK, first_index: int = 0,
            ) -> list[Job]:
    """Split ``seatings`` into jobs of at most ``chunk`` games, seeded from ``seed``."""
    jobs = []
    for k in range(0, len(seatings), chunk):
        i = first_index + len(jobs)
        jobs.append(Job(i, tuple(seatings[k:k + chunk]), seed * 100_003 + i))
    return jobs


def build_agent(spec, game: str, seed: int):
    """An agent from a spec string (``agents.make``) or a factory ``f(seed=...)``."""
    if isinstance(spec, str):
        import agents

        return agents.make(spec, game, seed=seed)
    return spec(seed=seed)


_BUILT: dict = {}   # per process: (game, spec string) -> agent, reseeded for every job


def _agent(spec, game: str, seed: int):
    if not isinstance(spec, str):
        return build_agent(spec, game, seed)
    key = (game, spec)
    if key not in _BUILT:
        _BUILT[key] = build_agent(spec, game, seed)
    agent = _BUILT[key]
    agent.seed(seed)
    return agent


def run_job(game: str, agent_specs: list, job: Job, config: dict, num_envs: int):
    """Play one job (in a worker or here); agents are built only for the seats used."""
    used = sorted({a for s in job.seatings for a in s})
    agents = [None] * len(agent_specs)
    for a in used:
        agents[a] = _agent(agent_specs[a], game, seed=job.seed * 31 + a)
    res = play_games(game, agents, list(job.seatings), seed=job.seed, config=config,
                     num_envs=num_envs)
    return job.index, res


def _run_job_args(args):
    return run_job(*args)


def exit_with_parent(parent: int, every: float = 1.0) -> None:
    """In a worker process: end it once process ``parent`` is gone. A parent killed by a
    signal it cannot handle (``timeout``'s SIGTERM, SIGKILL) never tells its pool to stop,
    and its workers would go on searching, then wait forever on a pipe nobody reads."""
    import threading
    import time

    def watch():
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def registrations() -> tuple[dict, dict]:
    """The games and heuristics registered in this process, a test's toy game among them:
    a spawned worker starts from the packages' own registries and needs them again."""
    import envs
    from agents import heuristic

    return dict(envs.REGISTRY), dict(heuristic._FACTORIES)


def adopt(registry: dict, heuristics: dict, parent: int | None = None) -> None:
    """A spawned worker's start: the parent's ``registrations()``, and with ``parent`` the
    worker ends with that process (``exit_with_parent``)."""
    import envs
    from agents import heuristic

    if parent is not None:
        exit_with_parent(parent)
    for name, path in registry.items():
        envs.register(name, path)
    for name, f in heuristics.items():
        heuristic.register(name, f)


def _worker_init(registry, heuristics, sys_path, parent=None):
    """Give a spawned worker the parent's path and registrations (``adopt``); leave Ctrl-C
    to the parent, which stops the workers."""
    import signal
    import sys

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for p in reversed(sys_path):
        if p not in sys.path:
            sys.path.insert(0, p)
    import numba

    adopt(registry, heuristics, parent)
    numba.set_num_threads(1)   # one process per core already
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:
        pass


def default_workers() -> int:
    return os.cpu_count() or 1


def run_jobs(game: str, agent_specs: list, jobs: list[Job], config: dict | None = None,
             workers: int = 0, num_envs: int = 64,
             on_done: Callable[[Job, list[GameResult]], None] | None = None,
             ) -> dict[int, list[GameResult]]:
    """Play every job; ``on_done(job, results)`` is called as each one finishes.

    ``workers`` = 0 uses every core; 1 plays here, in this process. Returns job index ->
    results in seating order.
    """
    config = dict(config or {})
    workers = default_workers() if workers <= 0 else workers
    workers = min(workers, len(jobs))
    by_job: dict[int, list[GameResult]] = {}
    if workers <= 1:
        for job in jobs:
            i, res = run_job(game, agent_specs, job, config, num_envs)
            by_job[i] = res
            if on_done is not None:
                on_done(job, res)
        return by_job

    import multiprocessing as mp
    import sys

    # compile here, once, what the workers would otherwise each compile
    warm_up(game, [s for s in agent_specs if isinstance(s, str)], config)
    init_args = (*registrations(), list(sys.path), os.getpid())
    jobs_by_index = {j.index: j for j in jobs}
    tasks = [(game, agent_specs, j, config, num_envs) for j in jobs]
    pool = mp.get_context("spawn").Pool(workers, initializer=_worker_init, initargs=init_args)
    try:
        for i, res in pool.imap_unordered(_run_job_args, tasks):
            by_job[i] = res
            if on_done is not None:
                on_done(jobs_by_index[i], res)
    except BaseException:
        pool.terminate()   # Ctrl-C or a failed job: stop every worker now
        raise
    else:
        pool.close()
    finally:
        pool.join()
    return by_job


def warm_up(game: str, agent_specs, config: dict | None = None, replies: bool = False) -> None:
    """Compile (or load) the kernels of ``game`` and of each agent (one decision each in a
    fresh game), and with ``replies`` the self-play opponent kernel training uses, so that
    worker processes started next load them from the cache."""
    import envs
    from envs.core.compile import ensure_compiled

    ensure_compiled(envs.spec(game))
    vec = envs.make_vector(game, 1, seed=0, **dict(config or {}))
    for spec in agent_specs:
        agent = build_agent(spec, game, seed=0)
        states = vec.states.copy() if agent.needs_state else None
        agent.act_batch(vec.obs.copy(), vec.masks.copy(), states,
                        vec.to_play.astype(np.int64))
    if replies:
        from training.selfplay_env import warm_up_replies

        warm_up_replies(game)


def game_agents(game: str) -> list[str]:
    """The agents with kernels of their own for ``game``: its heuristic, if it has one, and
    MCTS (the search kernel over the game's kernels)."""
    import envs
    from agents import heuristic

    out = ["heuristic"] if heuristic.available(game) else []
    if envs.spec(game).determinize is not None:   # MCTS refuses a game without one
        out.append("mcts:2")
    return out


def _compile_one(game: str) -> tuple[str, float]:
    import time

    t0 = time.perf_counter()
    warm_up(game, game_agents(game), replies=True)
    return game, time.perf_counter() - t0


def compile_games(games: list[str], jobs: int = 0, out=print) -> None:
    """Compile (or load) every kernel of ``games`` and of their agents, one process per game,
    ``jobs`` at a time (0 = one per core)."""
    import multiprocessing as mp
    import time
    from concurrent.futures import ProcessPoolExecutor

    jobs = min(len(games), jobs if jobs > 0 else default_workers())
    t0 = time.perf_counter()
    if jobs <= 1:
        for g in games:
            _compile_one(g)
    else:
        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn"), initializer=adopt,
                                 initargs=(*registrations(), os.getpid())) as ex:
            for g, sec in ex.map(_compile_one, games):
                out(f"{g}: kernels ready ({sec:.0f} s)")
    out(f"{len(games)} games ready in {time.perf_counter() - t0:.0f} s ({jobs} processes)")
