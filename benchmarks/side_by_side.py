"""``broadside bench``: every registered game and the peer libraries, side by side, one run.

Ours, per game (random legal play; see benchmarks/speed.py for how each is measured): kernel
decisions/s on one core; VectorGame decisions/s on one core and on every core, both
``step`` with observations and ``playout``; AEC ``env()`` steps/s; cold compile and warm
import. Peers (benchmarks/peers.py, the ``peers`` extra): PettingZoo connect_four_v3 and
texas_holdem_no_limit_v6 through AEC, OpenSpiel leduc_poker and hearts rollouts, pgx
leduc_holdem batched on the CPU; a peer not installed is a row saying so.

The ratio table divides each of our figures by each peer's. The games differ (a decision of
Seas of Havoc moves ships, resolves cannon fire and observes ~2,600 floats; one of Leduc
poker is a bet), so a ratio says how fast a research loop runs on each, not which engine is
better built. Writes the side-by-side section of ``RESULTS.md`` (machine, versions, date,
tables), each game's own section (benchmarks/speed.py) and the bar chart
``side_by_side.png``, in the run folder ``runs/bench/`` or, with ``--update-figures``, in
the committed ``benchmarks/`` (benchmarks/figures.py).
"""

from __future__ import annotations

import datetime as _dt
import os
import sys

from benchmarks import peers as peers_mod
from benchmarks import speed
from benchmarks.figures import replace_section

#: our measures: key in the result dict -> label
OURS = (("kernel_1core", "kernel, 1 core"),
        ("vec1_step", "VectorGame step + obs, 1 core"),
        ("vec1_playout", "VectorGame playout, 1 core"),
        ("vec_step_checked", "VectorGame step + obs, all cores"),
        ("vec_playout", "VectorGame playout, all cores"),
        ("aec_env", "AEC env() steps"))


def vector_one_core(spec, seconds: float, num_envs: int) -> tuple[float, float]:
    """(playout, checked step) decisions/s of a VectorGame held to one numba thread."""
    import numba

    saved = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        playout, _, step_checked = speed.vector_all_cores(spec, seconds, num_envs)
    finally:
        numba.set_num_threads(saved)
    return playout, step_checked


def ours(name: str, module, seconds: float, num_envs: int, compile_time: bool) -> dict:
    import envs

    r = speed.bench_game(name, module, seconds, num_envs, (0.0, ""),
                         compile_time=compile_time)
    r["vec1_playout"], r["vec1_step"] = vector_one_core(envs.spec(name), seconds, num_envs)
    return r


def _fmt(x) -> str:
    return "-" if x is None or x != x else speed._fmt(x)


def _ratio(x: float) -> str:
    return f"{x:.1f}x" if x >= 1 else f"{x:.2g}x"


def versions() -> str:
    from importlib import metadata

    out = []
    for dist in ("numpy", "numba", "pettingzoo", "rlcard", "open_spiel", "pgx", "jax"):
        try:
            out.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            out.append(f"{dist} not installed")
    return ", ".join(out)


def markdown(results: dict, peers: dict) -> str:
    m = speed.machine()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = ["<!-- side-by-side -->", "## Side by side with peer libraries", "",
             f"Measured {_dt.date.today().isoformat()} by `broadside bench` on {m['cpu']}, nproc "
             f"{m['nproc']}, 1-min load average {load:.2f} after the run; Python "
             f"{sys.version.split()[0]}; {versions()}. Random legal play throughout. The games "
             "differ, so a ratio compares research loops, not engines (see "
             "benchmarks/side_by_side.py). All-core figures mean something only on an "
             "otherwise idle machine.", "",
             "### Ours", "",
             "| game | " + " | ".join(label for _, label in OURS)
             + " | cold compile (import + AEC + vector) | warm import + first steps |",
             "|---|" + "---:|" * (len(OURS) + 2)]
    for g, r in results.items():
        cold = r.get("cold", {})
        warm = r.get("warm", {})
        cold_s = (f"{cold['total']:.1f} s wall, {cold['compile_cpu']:.1f} s CPU compiling"
                  if cold else "-")
        warm_s = f"{warm['total']:.2f} s" if warm else "-"
        lines.append(f"| {g} | " + " | ".join(_fmt(r.get(k)) for k, _ in OURS)
                     + f" | {cold_s} | {warm_s} |")
    lines += ["", "### Peers", "", "| peer | measure | per second | note |", "|---|---|---:|---|"]
    for p, v in peers.items():
        lines.append(f"| {p} | {v['how']} | {_fmt(v['rate'])} | "
                     f"{v['note'] or ''} |")
    live = {p: v for p, v in peers.items() if v["rate"]}
    if live and results:
        lines += ["", "### Ratios: ours / peer", "",
                  "| game: measure | " + " | ".join(live) + " |",
                  "|---|" + "---:|" * len(live)]
        for g, r in results.items():
            for k, label in OURS:
                cells = [_ratio(r[k] / v["rate"]) if r.get(k) else "-" for v in live.values()]
                lines.append(f"| {g}: {label} | " + " | ".join(cells) + " |")
    lines += ["", "![side by side](side_by_side.png)", "<!-- /side-by-side -->"]
    return "\n".join(lines)


def write_results(block: str, path: str) -> str:
    """The side-by-side section, above the per-game sections."""
    return replace_section(path, "side-by-side", block, "# Speed results\n", where="top")


def bar_chart(results: dict, peers: dict, path) -> str:
    """Horizontal log-scale bars: each of our measures per game, then each peer."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, values, colours = [], [], []
    for g, r in results.items():
        for k, label in OURS:
            if r.get(k):
                labels.append(f"{g}: {label}")
                values.append(r[k])
                colours.append("#2c6fb0")
    for p, v in peers.items():
        if v["rate"]:
            labels.append(p)
            values.append(v["rate"])
            colours.append("#d08a2a")
    fig, ax = plt.subplots(figsize=(9, 0.38 * len(labels) + 1.2))
    ax.barh(range(len(labels)), values, color=colours)
    ax.set_yticks(range(len(labels)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("decisions (or AEC steps) per second, log scale; blue ours, orange peers")
    for i, v in enumerate(values):
        ax.text(v, i, " " + speed._fmt(v), va="center", fontsize=7)
    ax.set_title("Broadside beside peer libraries (random legal play)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return str(path)


def run(args) -> int:
    modules = speed.register_games(args)
    import envs

    games = args.game or envs.names()
    seconds = 0.5 if args.quick else args.seconds
    num_envs = 1024 if args.quick else args.num_envs
    print("peers:")
    peers = {} if args.no_peers else peers_mod.measure(seconds)
    c4 = peers.get("connect_four_v3 (PettingZoo AEC)", {}).get("rate") or 0.0
    results = {}
    for name in games:
        print(f"{name}:", flush=True)
        r = ours(name, modules.get(name), seconds, num_envs, not args.skip_compile)
        r["c4_env"] = c4
        results[name] = r
        speed.print_table(name, r)
        if not args.no_write:
            speed.update_results(name, r, speed.results_path(args))
    block = markdown(results, peers)
    print(block)
    if not args.no_write:
        path = write_results(block, speed.results_path(args))
        chart = bar_chart(results, peers, os.path.join(os.path.dirname(path),
                                                        "side_by_side.png"))
        print(f"updated {path} and {chart}")
    return 0


def add_arguments(ap) -> None:
    speed.add_arguments(ap)
    ap.add_argument("--no-peers", action="store_true", help="measure our games only")
