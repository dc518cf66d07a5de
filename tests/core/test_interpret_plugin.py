"""benchmarks/interpret.py, the interpreted pass of ``benchmarks.mutants`` (issue 35.3): a kernel
run as plain Python must see and change the caller's record exactly as a compiled kernel
does, or a mutant's interpreted verdict would mean nothing."""

import numpy as np

from benchmarks.interpret import _decorator, as_record_view

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
