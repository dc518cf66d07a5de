"""The in-state random numbers (envs.core.rng): a determiniser's deal depends only on which
values are hidden and on the stream, never on the order the hidden values lay in."""

import numpy as np
import pytest
from numba import njit

from envs.core.rng import SMALL_SORT, seed_state, shuffle, shuffle_sorted

RECORD = np.dtype([("rng", np.uint64)])


@njit(cache=True)
def _deal(rec, arr, n):
    shuffle_sorted(rec[0], arr, n)


@njit(cache=True)
def _sorted_then_shuffled(rec, arr, n):
    arr[:n] = np.sort(arr[:n])
    shuffle(rec[0], arr, n)


def _stream(seed):
    rec = np.zeros(1, dtype=RECORD)
    seed_state(rec[0], seed)
    return rec


@pytest.mark.parametrize("n", [0, 1, 2, 7, SMALL_SORT, SMALL_SORT + 1, 150])
def test_a_deal_depends_on_the_hidden_values_and_the_stream_only(n):
    rng = np.random.default_rng(n)
    values = rng.integers(0, 40, size=n).astype(np.int16)    # repeats: a deck holds copies
    tail = np.full(5, 99, dtype=np.int16)                    # past n: never touched
    deals = []
    for _ in range(6):
        arr = np.concatenate([rng.permutation(values), tail])
        rec = _stream(1234)
        _deal(rec, arr, n)
        assert np.array_equal(arr[n:], tail)
        assert sorted(arr[:n].tolist()) == sorted(values.tolist())
        deals.append(arr[:n].copy())
        ref = np.concatenate([rng.permutation(values), tail])
        ref_rec = _stream(1234)
        _sorted_then_shuffled(ref_rec, ref, n)
        assert np.array_equal(arr, ref) and ref_rec[0]["rng"] == rec[0]["rng"]
    assert all(np.array_equal(d, deals[0]) for d in deals)
