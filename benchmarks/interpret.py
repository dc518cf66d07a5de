"""pytest plugin: run the game kernels as plain Python (``NUMBA_DISABLE_JIT=1``), no compile.

Used by ``python -m benchmarks.mutants --interpret`` (``-p benchmarks.interpret``): a mutant's
scenario tests then run in seconds instead of after a cold numba compile of minutes. Loaded
as a ``-p`` plugin it is imported before any test module, so before ``envs`` imports
``numba.njit``.

With the JIT off numba hands back each kernel's Python function unchanged, and one thing
numba supports is missing in plain numpy: a kernel reads and writes record fields as
attributes (``s.rng = ...``), which a ``numpy.void`` (an element of a structured array)
refuses. So :func:`njit` wraps each kernel to pass structured arrays as views whose
elements are :class:`FieldRecord` (an ``np.record`` whose fields come first, so a field
named like a numpy method, Havoc's ``round``, is the field) and structured scalars as such
records of the same memory: the kernel then mutates the caller's state as the compiled one
does. Integer overflow warnings are silenced (the in-state
random generator wraps ``uint64`` on purpose).

Arithmetic still differs in places from numba's (numpy keeps an ``int8`` field ``int8`` where
numba widens to ``int64``), and kernels using numba-only features (``@overload`` search hooks)
do not run: that is why ``benchmarks.mutants`` counts a failure here as a kill only when the
same test files pass unmutated under this plugin, and otherwise compiles.
"""

from __future__ import annotations

import functools
import os
import signal

import numpy as np

ACTIVE = os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0")


class _Interface:
    """Carrier of an ``__array_interface__`` (numpy reads the pointer, no copy)."""

    def __init__(self, iface: dict):
        self.__array_interface__ = iface


class FieldRecord(np.record):
    """A record whose fields win over numpy's own attributes: a state field named ``round``
    (Havoc) is the field, as in a compiled kernel, not ``np.record.round``."""

    def __getattribute__(self, attr):
        fields = np.void.__getattribute__(self, "dtype").fields
        if fields is not None and attr in fields:
            return as_record_view(self.getfield(*fields[attr][:2]))
        return np.record.__getattribute__(self, attr)

    def __setattr__(self, attr, val):
        fields = np.void.__getattribute__(self, "dtype").fields
        if fields is not None and attr in fields:
            self.setfield(val, *fields[attr][:2])
            return
        np.record.__setattr__(self, attr, val)


def _records(arr: np.ndarray) -> np.ndarray:
    """``arr`` (structured) with :class:`FieldRecord` elements, same memory (not a recarray:
    its ``__array_finalize__`` turns the element type back into ``np.record``)."""
    return arr.view(np.dtype((FieldRecord, arr.dtype)))


def as_record_view(x):
    """``x`` with attribute access to its fields, sharing its memory: a structured ndarray as
    ``np.recarray``, a structured ``np.void`` as ``np.record``; anything else unchanged."""
    if isinstance(x, np.ndarray):
        if x.dtype.names is not None and x.dtype.type is not FieldRecord:
            return _records(x)
        return x
    if isinstance(x, np.void) and not isinstance(x, FieldRecord) and x.dtype.names is not None:
        iface = {k: v for k, v in x.__array_interface__.items() if k != "__ref"}
        arr = np.asarray(_Interface(iface)).view(x.dtype)
        return _records(arr.reshape(1))[0]
    return x


def _wrap(fn):
    @functools.wraps(fn)
    def kernel(*args, **kwargs):
        return fn(*[as_record_view(a) for a in args],
                  **{k: as_record_view(v) for k, v in kwargs.items()})
    kernel.py_func = fn
    return kernel


def _decorator(*args, **kwargs):
    """Stand-in for ``numba.njit`` / ``numba.jit``, with or without options."""
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _wrap(args[0])
    return _wrap


if ACTIVE:
    import numba

    np.seterr(all="ignore")
    numba.njit = _decorator
    numba.jit = _decorator


#: seconds one test may take interpreted (``BROADSIDE_INTERP_TEST_TIMEOUT``): a test slower
#: than that is no small scenario test; it fails with :class:`InterpreterTimeout`, so the
#: baseline leaves it out and a mutant run hands the decision to the compiled run
TEST_TIMEOUT = float(os.environ.get("BROADSIDE_INTERP_TEST_TIMEOUT", "10"))


class InterpreterTimeout(Exception):
    """A test ran longer than TEST_TIMEOUT seconds with the kernels interpreted."""


def _alarm(signum, frame):
    # The timer may run out just as the test returns, in pytest's or pluggy's own code: an
    # exception raised there is a pytest INTERNALERROR that ends the whole run (seen under
    # load), so there the test is given a moment more, and the hook clears the timer.
    name = frame.f_code.co_filename if frame is not None else ""
    if f"{os.sep}_pytest{os.sep}" in name or f"{os.sep}pluggy{os.sep}" in name:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        return
    raise InterpreterTimeout(f"over {TEST_TIMEOUT:.0f}s interpreted")


if ACTIVE and TEST_TIMEOUT > 0:
    import pytest

    def _timed():
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, TEST_TIMEOUT)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)

    # fixture setup (a module-scoped fixture may play whole games) and the call, each timed
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(item):
        yield from _timed()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(item):
        yield from _timed()
