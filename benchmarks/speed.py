"""Speed benchmark: every registered game against PettingZoo's connect_four_v3 in one run.

    broadside bench                                  # every registered game (make bench)
    broadside bench --game havoc --quick
    python -m benchmarks.speed --register toy=tests.core.toy_game.env --game toy

Per game: kernel decisions/s on one core (``batch_playout`` on a small batch with one numba
thread), VectorGame decisions/s on all cores at 4096 games (``playout``, and ``step`` fed
random legal actions, timed around the step call only), AEC steps/s through ``env()`` and
``raw_env()`` (random legal action from the observed mask, reset at the end), cold compile time
(a fresh process with an empty NUMBA_CACHE_DIR: import, compiling every kernel, AEC and
vector, as a first run does, then the first AEC reset/step and VectorGame step/playout) and
warm import time (the same in a process with that cache warm). The PettingZoo
``connect_four_v3.env()`` AEC figure is measured in the same run as the baseline.

Prints a table and updates the game's section of ``RESULTS.md`` in the run folder
``runs/bench/`` (``--update-figures``: the committed ``benchmarks/RESULTS.md``; ``--results``
to choose a file; benchmarks/figures.py).
Figures are throughput only: nothing here is asserted by tests.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import types

import numpy as np

from benchmarks.figures import add_update_argument, figures_path, replace_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ----- measurement helpers ---------------------------------------------------------------------
def _timed(fn, min_seconds: float) -> tuple[float, int]:
    """Call ``fn() -> count`` until ``min_seconds`` pass; (count per second, count)."""
    total = 0
    t0 = time.perf_counter()
    while True:
        total += fn()
        dt = time.perf_counter() - t0
        if dt >= min_seconds:
            return total / dt, total


def aec_steps_per_second(env, seconds: float, seed: int = 0) -> float:
    """Random legal play through the AEC API, resetting at the end of each game."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)

    def chunk():
        steps = 0
        for _ in range(500):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.reset()
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        return steps

    chunk()  # warm up (compile or load kernels, fill caches)
    return _timed(chunk, seconds)[0]


def kernel_one_core(spec, seconds: float, batch: int = 64, steps: int = 2000) -> float:
    import numba

    from envs.core.vector import VectorGame

    saved = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        vec = VectorGame(spec, batch, seed=0)
        vec.playout(10)
        return _timed(lambda: vec.playout(steps), seconds)[0]
    finally:
        numba.set_num_threads(saved)


def vector_all_cores(spec, seconds: float, num_envs: int = 4096) -> tuple[float, float, float]:
    """(playout decisions/s, unchecked step decisions/s, checked step decisions/s) at
    ``num_envs`` games on every numba thread. The two step paths alternate call by call on
    twin batches, so machine noise hits both alike."""
    from envs.core.vector import VectorGame

    vec = VectorGame(spec, num_envs, seed=0)
    vec.playout(2)
    playout = _timed(lambda: vec.playout(50), seconds)[0]

    rng = np.random.default_rng(0)
    pair = {False: VectorGame(spec, num_envs, seed=1, unchecked=True),
            True: VectorGame(spec, num_envs, seed=1)}
    inside = {False: 0.0, True: 0.0}

    def round_of_steps():
        for checked, v in pair.items():
            # uniform over each game's legal actions: argmax of random keys on legal entries
            keys = rng.random(v.masks.shape, dtype=np.float32) + v.masks
            actions = keys.argmax(axis=1)
            t0 = time.perf_counter()
            v.step(actions)
            inside[checked] += time.perf_counter() - t0

    round_of_steps()                       # warm up: load or compile the step kernels
    inside = {False: 0.0, True: 0.0}
    steps = 0
    t_end = time.perf_counter() + 2 * seconds
    # at least 3 timed rounds however slow a step is (a time budget alone may time none)
    while time.perf_counter() < t_end or steps < 3 * num_envs:
        round_of_steps()
        steps += num_envs
    return playout, steps / inside[False], steps / inside[True]


_CHILD = r"""
import json, sys, time
t0 = time.perf_counter()
import numpy as np
import envs
from envs.core.compile import ensure_compiled
name, module = sys.argv[1], sys.argv[2]
if module:
    envs.register(name, module)
spec = envs.spec(name)
t1 = time.perf_counter()
c1 = time.process_time()
ensure_compiled(spec)
t2 = time.perf_counter()
compile_cpu = time.process_time() - c1
env = envs.make(name)
env.reset(seed=0)
env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
t3 = time.perf_counter()
vec = envs.make_vector(name, 8, seed=0)
vec.step(vec.masks.argmax(axis=1))
vec.playout(4)
t4 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "compile": t2 - t1, "compile_cpu": compile_cpu,
                  "aec_first": t3 - t2, "vector_first": t4 - t3, "total": t4 - t0}))
"""


def compile_times(name: str, module: str | None) -> tuple[dict, dict]:
    """(cold, warm) timings of a fresh process: empty kernel cache, then the same cache warm."""
    with tempfile.TemporaryDirectory(prefix="broadside-bench-") as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=ROOT)
        runs = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", _CHILD, name, module or ""], env=env,
                                 cwd=ROOT, capture_output=True, text=True)
            if out.returncode != 0:
                raise RuntimeError(f"compile-time child failed:\n{out.stderr[-2000:]}")
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        return runs[0], runs[1]


def connect_four_env(seconds: float) -> tuple[float, str]:
    """PettingZoo classic connect_four_v3.env() steps/s, and a note on how it was imported."""
    note = ""
    try:
        import pygame  # noqa: F401
    except ImportError:
        # connect_four imports pygame at module level only to render; nothing here renders.
        sys.modules["pygame"] = types.ModuleType("pygame")
        note = "pygame not installed: imported with an empty pygame module (no rendering used)"
    from pettingzoo.classic import connect_four_v3

    return aec_steps_per_second(connect_four_v3.env(), seconds), note


# ----- reporting -------------------------------------------------------------------------------
def machine() -> dict:
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    import numba

    try:
        layer = numba.threading_layer()
    except ValueError:  # no parallel kernel has run yet
        layer = "not initialised"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"nproc": os.cpu_count(), "cpu": cpu, "numba_threads": numba.config.NUMBA_NUM_THREADS,
            "threading_layer": layer, "load": load,
            "python": platform.python_version(), "numba": numba.__version__,
            "numpy": np.__version__}


def _fmt(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def rows(r: dict) -> list[tuple[str, str, str]]:
    base = r["c4_env"]
    ratio = lambda x: f"{x / base:.1f}x" if base else "-"  # noqa: E731
    return [
        ("kernel decisions/s, 1 core (batch_playout)", _fmt(r["kernel_1core"]), ratio(r["kernel_1core"])),
        (f"VectorGame playout decisions/s, {r['num_envs']} games, all cores",
         _fmt(r["vec_playout"]), ratio(r["vec_playout"])),
        (f"VectorGame step decisions/s, {r['num_envs']} games, all cores, unchecked=True",
         _fmt(r["vec_step"]), ratio(r["vec_step"])),
        (f"VectorGame step decisions/s, {r['num_envs']} games, all cores, checked (default)",
         _fmt(r["vec_step_checked"]),
         f"{r['vec_step_checked'] / r['vec_step']:.0%} of unchecked"),
        ("AEC env() steps/s", _fmt(r["aec_env"]), ratio(r["aec_env"])),
        ("AEC raw_env() steps/s", _fmt(r["aec_raw"]), ratio(r["aec_raw"])),
        ("PettingZoo connect_four_v3.env() steps/s (baseline)", _fmt(base), "1.0x"),
    ] + compile_rows(r)


def compile_rows(r: dict) -> list[tuple[str, str, str]]:
    if "cold" not in r:
        return []
    cold, warm = r["cold"], r["warm"]
    first = lambda d: d["aec_first"] + d["vector_first"]  # noqa: E731
    return [
        ("cold compile: every kernel, AEC and vector together (target <= 60 s)",
         f"{cold['compile'] + first(cold):.1f} s", ""),
        ("cold compile: CPU seconds of the compiling process (load-independent)",
         f"{cold.get('compile_cpu', float('nan')):.1f} s", ""),
        ("cold: import", f"{cold['import']:.2f} s", ""),
        ("warm: import + load every kernel + first AEC and VectorGame steps",
         f"{warm['import'] + warm['compile'] + first(warm):.2f} s", ""),
    ]


def print_table(name: str, r: dict) -> None:
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        for label, value, ratio in rows(r):
            print(f"{label:60s} {value:>10s} {ratio:>8s}")
        return
    t = Table(title=f"{name}: speed ({r['machine']['cpu']}, {r['machine']['nproc']} cores)")
    t.add_column("measure")
    t.add_column("value", justify="right")
    t.add_column("vs connect_four env()", justify="right")
    for row in rows(r):
        t.add_row(*row)
    Console().print(t)


def section(name: str, r: dict) -> str:
    m = r["machine"]
    lines = [
        f"<!-- game:{name} -->",
        f"## {name}",
        "",
        f"Measured {r['date']} on {m['cpu']}, nproc {m['nproc']} (numba threads "
        f"{m['numba_threads']}, threading layer {m['threading_layer']}, 1-min load average "
        f"{m['load_before']:.2f} before the run, {m['load']:.2f} after); Python {m['python']}, "
        f"numba {m['numba']}, numpy {m['numpy']}. All-core figures are only meaningful on an "
        "otherwise idle machine.",
        "",
        "| measure | value | vs connect_four_v3.env() |",
        "|---|---:|---:|",
    ]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows(r)]
    if r.get("note"):
        lines += ["", f"Note: {r['note']}."]
    lines.append(f"<!-- /game:{name} -->")
    return "\n".join(lines)


def update_results(name: str, r: dict, path: str) -> None:
    head = ("# Speed results\n\nWritten by `python -m benchmarks.speed` (`make bench`); each "
            "game's section is replaced when it is measured again.\n")
    replace_section(path, f"game:{name}", section(name, r), head)


# ----- main ------------------------------------------------------------------------------------
def bench_game(name: str, module: str | None, seconds: float, num_envs: int,
               c4: tuple[float, str], compile_time: bool = True) -> dict:
    import envs
    from envs.core.compile import ensure_compiled

    spec = envs.spec(name)
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    r = {"date": _dt.date.today().isoformat(), "num_envs": num_envs,
         "c4_env": c4[0], "note": c4[1]}
    if compile_time:
        r["cold"], r["warm"] = compile_times(name, module)
    ensure_compiled(spec)
    r["kernel_1core"] = kernel_one_core(spec, seconds)
    r["vec_playout"], r["vec_step"], r["vec_step_checked"] = vector_all_cores(
        spec, seconds, num_envs)
    r["aec_env"] = aec_steps_per_second(envs.make(name), seconds)
    r["aec_raw"] = aec_steps_per_second(envs.make_raw(name), seconds)
    r["machine"] = dict(machine(), load_before=load_before)
    return r


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The benchmark's options (shared by ``python -m benchmarks.speed`` and ``broadside
    bench``)."""
    ap.add_argument("--game", action="append", help="game to measure (repeatable; default: "
                    "every registered game)")
    ap.add_argument("--register", action="append", default=[], metavar="NAME=MODULE",
                    help="register a game module first (e.g. toy=tests.core.toy_game.env)")
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--quick", action="store_true", help="0.5 s per measurement, 1024 games")
    ap.add_argument("--num-envs", type=int, default=4096)
    ap.add_argument("--skip-compile", action="store_true",
                    help="do not measure cold and warm compile times (fresh processes)")
    ap.add_argument("--results", default=None, metavar="PATH",
                    help="the Markdown file to update (default runs/bench/RESULTS.md)")
    ap.add_argument("--no-write", action="store_true", help="do not write RESULTS.md")
    add_update_argument(ap)


def results_path(args) -> str:
    return args.results or figures_path("RESULTS.md", args.update_figures)


def register_games(args) -> dict:
    """Register ``--register NAME=MODULE`` games, check ``--game`` names; {name: module}."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    import envs

    modules = {}
    for item in args.register:
        name, sep, module = item.partition("=")
        if not sep:
            raise ValueError(f"--register {item!r}: expected NAME=MODULE")
        envs.register(name, module)
        modules[name] = module
    for name in args.game or []:
        if name not in envs.REGISTRY:
            raise ValueError(f"unknown game {name!r}; registered: {', '.join(envs.names())}")
    return modules


def run(args) -> int:
    import envs

    modules = register_games(args)
    seconds = 0.5 if args.quick else args.seconds
    num_envs = 1024 if args.quick else args.num_envs
    c4 = connect_four_env(seconds)
    for name in args.game or envs.names():
        r = bench_game(name, modules.get(name), seconds, num_envs, c4,
                       compile_time=not args.skip_compile)
        print_table(name, r)
        if not args.no_write:
            update_results(name, r, results_path(args))
            print(f"updated {results_path(args)}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
