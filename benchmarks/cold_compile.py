"""A game's cold compile, in CPU seconds, for one checkout or two side by side.

``python -m benchmarks.cold_compile GAME [GAME ...] [--against DIR] [--pairs N]`` (GAME: a
registered game, ``havoc``, or the module of any game's ``GAME`` spec) runs
``envs.core.compile.compile_all`` (every kernel the AEC env and ``VectorGame`` call) in a
fresh process with an empty numba cache and prints the CPU seconds that process spent (user +
system: the compile is single-threaded, so about its wall time on an idle core). With
``--against DIR`` a second checkout (another commit) compiles at the same time on the other
core, so both see the same machine: on a 2-core machine single runs of the same code vary by
up to 10 s, while side-by-side pairs share the variation (benchmarks/RESULTS.md, "The Python
wrapper on demand"). The games' 60 s target is this figure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile


def _module(game: str) -> str:
    """The module holding ``game``'s GameSpec (``GAME``)."""
    return game if "." in game else f"envs.{game}.env"

_SCRIPT = """
import importlib, resource, sys
from envs.core.compile import compile_all
compile_all(importlib.import_module(sys.argv[1]).GAME)
use = resource.getrusage(resource.RUSAGE_SELF)
print(use.ru_utime + use.ru_stime)
"""


def _start(checkout: str, game: str, cache: str) -> subprocess.Popen:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache, PYTHONPATH=checkout)
    return subprocess.Popen([sys.executable, "-c", _SCRIPT, _module(game)], cwd=checkout,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _seconds(proc: subprocess.Popen) -> float:
    out, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(f"compile failed:\n{err[-2000:]}")
    return float(out.split()[-1])


def measure(game: str, checkouts: list[str]) -> list[float]:
    """CPU seconds of each checkout's cold compile of ``game``, all run at once."""
    with tempfile.TemporaryDirectory() as tmp:
        procs = [_start(os.path.abspath(c), game, os.path.join(tmp, str(i)))
                 for i, c in enumerate(checkouts)]
        return [_seconds(p) for p in procs]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+")
    ap.add_argument("--against", help="a second checkout compiled at the same time")
    ap.add_argument("--pairs", type=int, default=1, help="runs of each game")
    args = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    checkouts = [here] + ([args.against] if args.against else [])
    print("game | " + " | ".join(checkouts), flush=True)
    for game in args.games:
        for _ in range(args.pairs):
            row = measure(game, checkouts)
            print(f"{game} | " + " | ".join(f"{s:.1f}" for s in row), flush=True)


if __name__ == "__main__":
    main()
