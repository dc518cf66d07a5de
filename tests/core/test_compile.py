"""First run: a game's kernels compile once, announced on stderr, and load from the cache
afterwards (envs.core.compile)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

FIRST_USE = """
import envs
from envs.core.compile import is_cached
envs.register("toy", "tests.core.toy_game.env")
spec = envs.spec("toy")
print("cached before:", is_cached(spec))
env = envs.make("toy")
env.reset(seed=0)
vec = envs.make_vector("toy", 4, seed=0)
vec.playout(3)
print("cached after:", is_cached(spec))
"""


def _run(cache, xdg):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), XDG_CACHE_HOME=str(xdg),
               PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-c", FIRST_USE], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=900)


def test_first_run_announces_the_compile_and_the_next_run_is_silent(tmp_path):
    first = _run(tmp_path / "numba", tmp_path / "xdg")
    assert first.returncode == 0, first.stderr[-2000:]
    assert "cached before: False" in first.stdout and "cached after: True" in first.stdout
    lines = [ln for ln in first.stderr.splitlines() if "kernels" in ln]
    assert lines[0] == ("compiling Blind Twenty-One (test game) kernels (first run only, "
                        "about 60 s)")
    assert lines[1].startswith("compiled Blind Twenty-One (test game) kernels in ")
    assert len(lines) == 2                       # AEC env and VectorGame: one compile
    # the measured time becomes the next estimate; a warm run says nothing
    assert (tmp_path / "xdg" / "broadside" / "compile_seconds.json").exists()
    second = _run(tmp_path / "numba", tmp_path / "xdg")
    assert second.returncode == 0, second.stderr[-2000:]
    assert "cached before: True" in second.stdout and "kernels" not in second.stderr
