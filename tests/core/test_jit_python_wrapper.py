"""The Python wrapper on demand (envs.core.jit): a kernel only other kernels call is compiled
without numba's Python wrapper; one Python calls gets it, at once or by one recompilation,
and a cached kernel without it is never entered from Python; the cache keeps what later
kernels link of a kernel without machine code (tests/core/test_jit_link_only.py)."""

import os
import subprocess
import sys
import textwrap

import pytest
from numba import njit

import envs.core.spec  # noqa: F401  (installs the policy, as every game module does)
from envs.core import jit
from envs.core.jit import has_python_wrapper

jit.claim(__name__)


@njit
def _leaf(x):
    return 3 * x + 1


@njit
def _calls_leaf(x):
    return _leaf(x) + 1


@njit
def _called_from_python_first(x):
    return x - 1


@njit
def _facing(x):
    return x + 2


jit.python_facing(_facing)


@njit
def _calls_facing(x):
    return _facing(x)


def _only(dispatcher):
    assert len(dispatcher.overloads) == 1, dispatcher.overloads
    return next(iter(dispatcher.overloads.values()))


def test_a_kernel_only_kernels_call_has_no_python_wrapper():
    assert _calls_leaf(2) == 8
    assert not has_python_wrapper(_only(_leaf))
    assert has_python_wrapper(_only(_calls_leaf))


def test_a_kernel_python_calls_first_is_compiled_once():
    assert _called_from_python_first(4) == 3
    assert has_python_wrapper(_only(_called_from_python_first))
    assert sum(_called_from_python_first._cache_misses.values()) == 1


def test_a_python_facing_kernel_has_its_wrapper_when_a_kernel_compiles_it_first():
    assert _calls_facing(1) == 3
    assert has_python_wrapper(_only(_facing))
    assert _facing(2) == 4 and sum(_facing._cache_misses.values()) == 1


_CONTRACT = textwrap.dedent("""
    import envs.core.spec
    from envs.core.compile import compile_all
    from envs.core.jit import has_python_wrapper
    from tests.core.toy_game.env import GAME
    compile_all(GAME)
    for name in GAME.PYTHON_FACING:
        for cres in getattr(getattr(GAME, name), "overloads", {}).values():
            print(name, has_python_wrapper(cres))
""")


def test_the_game_contracts_kernels_are_built_with_the_wrapper(tmp_path):
    """What tests and notebooks call (GameSpec.PYTHON_FACING) never compiles twice: every
    contract kernel a cold compile of the env's kernels reaches (the toy game's) has it."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=repo)
    done = subprocess.run([sys.executable, "-c", _CONTRACT], env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = dict(line.split() for line in done.stdout.splitlines())
    assert {"init", "legal_mask", "apply", "observe"} <= set(rows), rows
    assert set(rows.values()) == {"True"}, rows


def test_other_code_keeps_numbas_python_wrapper():
    ns = {}
    exec("from numba import njit\n@njit\ndef f(x):\n    return x + 1\n"
         "@njit\ndef g(x):\n    return f(x) * 2\n", ns)
    ns["f"].py_func.__module__ = ns["g"].py_func.__module__ = "users_notebook"
    assert ns["g"](1) == 4
    assert has_python_wrapper(_only(ns["f"]))


_PROBE = textwrap.dedent("""
    from numba import njit

    @njit(cache=True)
    def leaf(x):
        return 3 * x + 1

    @njit(cache=True)
    def calls_leaf(x):
        return leaf(x) + 1

    @njit
    def new_caller(x):
        return leaf(x) * 2
""")

_RUN = textwrap.dedent("""
    import sys
    import envs.core.spec
    from envs.core import jit
    jit.claim("wrapper_probe")
    import wrapper_probe as m
    for step in sys.argv[1].split(","):
        if step == "kernel":
            print(m.calls_leaf(2))
        elif step == "new_caller":
            print(m.new_caller(2), sum(m.leaf._cache_hits.values()))
        else:
            print(m.leaf(2), sum(m.leaf._cache_hits.values()),
                  sum(m.leaf._cache_misses.values()))
""")


@pytest.fixture
def probe(tmp_path):
    """Run the steps ("kernel": a kernel calls ``leaf``; "new_caller": a kernel not cached
    calls it; "python": Python calls it) in a
    fresh process sharing one numba cache; each step's output. In a subprocess, because a
    Python call of a kernel without its wrapper would crash the process running it."""
    (tmp_path / "wrapper_probe.py").write_text(_PROBE)
    (tmp_path / "run.py").write_text(_RUN)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), repo]))

    def run(steps):
        done = subprocess.run([sys.executable, str(tmp_path / "run.py"), steps], env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.split("\n")[:-1]
    return run


def test_python_calls_a_kernel_compiled_for_kernels_once_more_with_the_wrapper(probe):
    # leaf: compiled for calls_leaf, then for Python; the second process loads that one
    assert probe("kernel,python") == ["8", "7 0 2"]
    assert probe("python") == ["7 1 0"]


def test_a_cached_kernel_without_the_wrapper_is_never_entered_from_python(probe):
    """A later process loads the kernel-only version from the cache; its Python call must
    not jump to the missing wrapper (a crash) but compile it, once: the process after that
    loads the wrapped version and compiles nothing."""
    assert probe("kernel") == ["8"]
    assert probe("python") == ["7 1 1"]
    assert probe("python,kernel") == ["7 1 0", "8"]


def test_a_kernel_python_calls_first_is_cached_with_its_wrapper(probe):
    assert probe("python") == ["7 0 1"]
    assert probe("kernel,python") == ["8", "7 1 0"]


def test_a_kernel_linking_a_cached_kernel_only_kernels_call_runs(probe):
    """The cache keeps what kernels link of a kernel without machine code: a new caller in a
    later process loads it and links it in."""
    assert probe("kernel") == ["8"]
    assert probe("new_caller") == ["14 1"]
