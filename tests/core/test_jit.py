"""The kernel specialisation policy (envs.core.jit): calls between kernels resolve on plain
types, so a helper called with different constants or integer widths compiles once."""

import numpy as np
from numba import literally, njit

import envs.core.spec  # noqa: F401  (installs the policy, as every game module does)
from envs.core import jit
from envs.core.jit import plain
from numba.core import types

jit.claim(__name__)     # the kernels below are this project's, as game kernels are


@njit
def _add(x, k):
    return x + k


@njit
def _calls_with_constants_and_widths(x):
    small = np.int8(x)
    mid = np.int32(x)
    return _add(x, 1) + _add(x, 2) + _add(small, 3) + _add(mid, 4) + _add(x, True)


@njit
def _wants_literal(k):
    return literally(k)


@njit
def _calls_literally():
    return _wants_literal(5)


@njit
def _unsigned(x, y):
    return x - y


@njit
def _calls_unsigned(a):
    return _unsigned(np.uint8(a), np.uint8(5))


def test_constants_and_signed_widths_share_one_specialisation():
    assert _calls_with_constants_and_widths(10) == 11 + 12 + 13 + 14 + 11
    sigs = _add.signatures
    assert len(sigs) == 2, sigs                  # (int64, int64) and (int64, bool)
    assert all(s[0] == types.int64 for s in sigs)


def test_literally_still_gets_its_literal():
    assert _calls_literally() == 5


def test_unsigned_integers_keep_their_wrap_around():
    """uint8 - uint8 is unsigned arithmetic in numba: not widened to a signed int64."""
    assert _calls_unsigned(3) == np.uint64(2**64 - 2)
    assert _unsigned.signatures == [(types.uint8, types.uint8)]


def test_other_code_keeps_numbas_own_typing():
    """A kernel outside the project's packages (a user's notebook) is specialised as numba
    always does: each constant its own literal type."""
    ns = {}
    exec("from numba import njit\n@njit\ndef f(x, k):\n    return x + k\n"
         "@njit\ndef g(x):\n    return f(x, 1) + f(x, 2)\n", ns)
    ns["f"].py_func.__module__ = ns["g"].py_func.__module__ = "users_notebook"
    assert ns["g"](1) == 5
    assert len(ns["f"].signatures) == 2


def test_plain_types():
    assert plain(types.literal(3)) == types.int64
    assert plain(types.int8) == types.int64 and plain(types.int32) == types.int64
    assert plain(types.uint8) == types.uint8 and plain(types.float32) == types.float32
    assert plain(types.literal(True)) == types.boolean


def _has_cfunc_wrapper(dispatcher) -> bool:
    cres = next(iter(dispatcher.overloads.values()))
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cfunc_wrapper_name) != 0


def test_kernels_compile_without_the_first_class_function_wrapper():
    """The project's kernels (callees and the kernel Python calls) are built without
    numba's cfunc wrapper, a cold-compile cost no kernel uses; they still run from Python."""
    assert _calls_with_constants_and_widths(1) == 2 + 3 + 4 + 5 + 2
    assert not _has_cfunc_wrapper(_add)
    assert not _has_cfunc_wrapper(_calls_with_constants_and_widths)


def test_other_code_keeps_its_cfunc_wrapper():
    ns = {}
    exec("from numba import njit\n@njit\ndef h(x):\n    return x + 1\n", ns)
    ns["h"].py_func.__module__ = "users_notebook"
    assert ns["h"](1) == 2
    assert _has_cfunc_wrapper(ns["h"])
