"""Search benchmark: ISMCTS simulations per second (envs/core/search.py) per game, one core.

    broadside bench --search --game havoc
    python -m benchmarks.search --game havoc --sims 1000

For each game with a determinize kernel, from two positions of a 2-player game (the first
decision, and the position after ``--midgame`` random decisions): simulations/s of one
``mcts:SIMS`` decision with full random playouts and with playouts stopped after
``--rollout`` decisions (the game's value kernel then scores the position; by default where
the game's own agents cut them, ``agents.mcts.default_rollout``: ``GameSpec.search_cut``, else
20), with ``--prior
MODEL`` (or ``--prior pretrained``, the game's shipped network) also PUCT with that policy
prior (cut playouts), and the mean decisions of a full random playout from that position
(what a full playout costs). One
numba thread; the ratio of the two playout kinds is measured in the same process. Figures
only: nothing here is asserted by tests.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def positions(name: str, midgame: int, seed: int = 0) -> list[tuple[str, np.ndarray]]:
    """(label, 1-element STATE array) pairs: the first decision, and after ``midgame``
    random decisions (fewer if the game ends first)."""
    import envs
    from agents.base import sample_legal

    spec = envs.spec(name)
    cfg = {"num_players": 2} if spec.min_players <= 2 <= spec.max_players else {}
    vec = envs.make_vector(name, num_envs=1, seed=seed, **cfg)
    out = [("start", vec.states[0:1].copy())]
    rng = np.random.default_rng(seed)
    for _ in range(midgame):
        if vec.states["to_play"][0] < 0:
            break
        s = vec.states[0:1].copy()
        vec.step(sample_legal(vec.masks, rng))
        if vec.states["to_play"][0] < 0 or vec.states["step"][0] < s["step"][0]:
            vec.states[:] = s      # the game ended (auto-reset): keep the last live position
            vec.refresh()
            break
    out.append((f"after {int(vec.states['step'][0])} random decisions",
                vec.states[0:1].copy()))
    return out


def playout_length(spec, root: np.ndarray, games: int = 100, seed: int = 0) -> float:
    """Mean decisions of a random playout from ``root`` (determinised as the search does)."""
    from envs.core import search

    steps = search.playout_steps(spec, root, games, seed)
    return steps / games


def rate(spec, root: np.ndarray, sims: int, rollout: int, seconds: float,
         prior=None) -> tuple[float, float]:
    """(simulations per wall-clock second, per CPU second of this process) of
    ``search(spec, root, sims, max_rollout=rollout)``. On a shared machine the CPU figure is
    the one that does not depend on the other processes."""
    from envs.core.search import search

    done = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    seed = 0
    while True:
        search(spec, root, sims, seed=seed, max_rollout=rollout, prior=prior)
        done += sims
        seed += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return done / dt, done / max(time.process_time() - c0, 1e-9)


def bench_search(name: str, sims: int = 1000, rollout: int | None = None, midgame: int = 400,
                 seconds: float = 2.0, prior_model: str | None = None) -> list[dict]:
    import numba

    import envs
    from agents.mcts import DEFAULT_ROLLOUT, default_rollout
    from envs.core import search

    numba.set_num_threads(1)
    spec = envs.spec(name)
    if spec.determinize is None:
        return []
    if rollout is None:
        own = default_rollout(spec)
        rollout = DEFAULT_ROLLOUT if own is None else own
    search.register(spec)
    prior = None
    if prior_model:
        from agents.mcts import load_prior

        if prior_model == "pretrained":
            from agents import pretrained

            prior_model = pretrained.load(name)[:2]
        prior = load_prior(prior_model, spec)
    rows = []
    for label, root in positions(name, midgame):
        search.search(spec, root, 2, max_rollout=rollout)           # load / compile
        full, full_cpu = rate(spec, root, sims, -1, seconds)
        short, short_cpu = rate(spec, root, sims, rollout, seconds)
        extra = {}
        if prior is not None:
            search.search(spec, root, 2, max_rollout=rollout, prior=prior)
            extra["prior_sims_s"], extra["prior_sims_cpu_s"] = rate(spec, root, sims, rollout,
                                                                    seconds, prior)
        rows.append({**extra, "game": name, "position": label, "sims": sims, "rollout": rollout,
                     "full_sims_s": full, "short_sims_s": short,
                     "full_sims_cpu_s": full_cpu, "short_sims_cpu_s": short_cpu,
                     "playout_decisions": playout_length(spec, root),
                     "has_value": spec.value is not None})
    return rows


def print_rows(rows: list[dict]) -> None:
    for r in rows:
        ms = 1000.0 * r["sims"] / r["short_sims_s"]
        print(f"{r['game']} ({r['position']}): full random playouts "
              f"({r['playout_decisions']:.0f} decisions each) {r['full_sims_s']:,.0f} sims/s "
              f"({r['full_sims_cpu_s']:,.0f} per CPU s); playouts cut at {r['rollout']} "
              f"decisions + {'value kernel' if r['has_value'] else 'no value (0)'} "
              f"{r['short_sims_s']:,.0f} sims/s ({r['short_sims_cpu_s']:,.0f} per CPU s, "
              f"{r['short_sims_cpu_s'] / r['full_sims_cpu_s']:.1f}x); mcts:{r['sims']} "
              f"decides in {ms:.0f} ms wall", flush=True)
        if "prior_sims_s" in r:
            print(f"  with the PUCT policy prior (cut playouts): {r['prior_sims_s']:,.0f} sims/s "
                  f"({r['prior_sims_cpu_s']:,.0f} per CPU s); mcts:{r['sims']} decides in "
                  f"{1000.0 * r['sims'] / r['prior_sims_s']:.0f} ms wall", flush=True)


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--sims", type=int, default=1000, help="simulations per search")
    ap.add_argument("--rollout", type=int, default=None,
                    help="decisions before a depth-limited playout stops (default: where the "
                         "game's own search stops them, its search_cut or 20)")
    ap.add_argument("--midgame", type=int, default=400,
                    help="random decisions before the second position")
    ap.add_argument("--prior", default=None,
                    help="a saved MaskablePPO model, or 'pretrained' (the game's shipped one): "
                         "also time PUCT with its policy prior")


def run(args) -> int:
    import envs

    seconds = 0.5 if getattr(args, "quick", False) else getattr(args, "seconds", 2.0)
    for name in args.game or envs.names():
        print_rows(bench_search(name, args.sims, args.rollout, args.midgame, seconds,
                                getattr(args, "prior", None)))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append")
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--quick", action="store_true")
    add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
