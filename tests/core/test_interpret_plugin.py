"""benchmarks/interpret.py, the interpreted pass of ``benchmarks.mutants`` (issue 35.3): a kernel
run as plain Python must see and change the caller's record exactly as a compiled kernel
does, or a mutant's interpreted verdict would mean nothing."""

import os
import subprocess
import sys

import numpy as np
import pytest

from benchmarks.interpret import _decorator, as_record_view

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DT = np.dtype([("round", np.int16), ("rng", np.uint64), ("a", np.int8, (3,)),
               ("sub", [("x", np.int16)], (2,))])


@_decorator(cache=True)
def _step(states, k):
    s = states[k]
    s.round += 1               # a field named like a numpy method is the field
    s.a[2] = 7
    s.sub[1].x = 5             # a nested record
    _bump(s)


@_decorator
def _bump(s):
    s.rng = s.rng + np.uint64(3)


def test_a_kernel_changes_the_callers_structured_array_in_place():
    arr = np.zeros(3, DT)
    _step(arr, 1)
    assert arr[1]["round"] == 1 and arr[1]["rng"] == 3 and list(arr[1]["a"]) == [0, 0, 7]
    assert arr[1]["sub"][1]["x"] == 5
    assert arr[0] == np.zeros(1, DT)[0] and arr[2] == np.zeros(1, DT)[0]


def test_a_single_record_passed_alone_is_changed_in_place():
    arr = np.zeros(2, DT)
    _bump(arr[1])
    assert arr[1]["rng"] == 3 and arr[0]["rng"] == 0


def test_plain_arrays_and_numbers_pass_unchanged():
    x = np.arange(3)
    assert as_record_view(x) is x and as_record_view(4) == 4


# --- every game's kernels as plain Python (issue 35: narrow integers) --------------------------
# A random game interpreted, each seat to play observing, the record checked as it goes. A kernel
# summing an int8 field into an index past 127, or complementing a bit into a uint8 field,
# overflows there (numba widens to int64), and every scenario test reaching that line was left
# out of the mutants' interpreted pass. On the code before the fix each of these games stops
# with such an OverflowError within seconds (its observer's index offsets).
_RANDOM_GAME = """
import sys
import numpy as np
import benchmarks.interpret  # noqa: F401  (replaces numba.njit before envs is imported)
import envs
game, n, seed, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
e = envs.make_raw(game, num_players=n)
e.reset(seed=seed)
rng = np.random.default_rng(seed)
spec = envs.spec(game)
for k in range(steps):
    legal = e.legal_actions()
    if not legal:
        break
    e.observe(e.agent_selection)
    e.step(int(rng.choice(legal)))
    if k % 10 == 0:
        assert spec.check_state(e.record[0]) == [], (k, spec.check_state(e.record[0]))
assert spec.check_state(e.record[0]) == [], spec.check_state(e.record[0])
print("ok", k)
"""


@pytest.mark.parametrize("game,n,steps", [("seventh_sea", 3, 300), ("five_sails", 3, 300),
                                          ("havoc", 3, 150), ("cursed_seas", 2, 100)])
def test_every_game_plays_a_random_game_with_its_kernels_as_plain_python(game, n, steps):
    env = dict(os.environ, NUMBA_DISABLE_JIT="1", PYTHONPATH=ROOT)
    res = subprocess.run([sys.executable, "-c", _RANDOM_GAME, game, str(n), "1", str(steps)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0 and res.stdout.startswith("ok"), res.stderr[-3000:]
