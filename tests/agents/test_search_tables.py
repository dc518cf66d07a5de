"""The search's lent tables (envs/core/search.py ``_tree_tables``): a search hands its tree's
tables back as it found them, so no search depends on one run before it, even one that
stopped on a kernel fault (which clears a kept tree too)."""

import dataclasses

import numpy as np
import pytest
from numba import njit

import envs
from envs.core import search
from envs.core.errors import StateError
from envs.core.spec import NO_SEAT
from tests.core.toy_game.rules import apply as toy_apply
from test_search_prior import _one_hot_prior

ADD3 = 2


def _clean(spec, prior: bool) -> bool:
    nseats = spec.state_dtype["reward"].shape[0]
    return cleared(search._tree_tables(1, spec.num_actions, nseats, prior))


def cleared(tables, start: int = 0) -> bool:
    """Whether every row of a tree's tables from ``start`` on is as a fresh tree's."""
    child, pw, top, avail, _up, _via, n, w = tables
    return (bool((child[start:] == -1).all()) and bool(np.isnan(pw[start:]).all())
            and bool(np.isnan(top[start:]).all()) and not avail[start:].any()
            and not n[start:].any() and not w[start:].any())


def _position(total: int):
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = total
    vec.refresh()
    return vec.states[0:1].copy()


@pytest.mark.parametrize("prior_kind", ["none", "every level", "root only"])
def test_a_search_does_not_depend_on_the_searches_before_it(prior_kind):
    """The same search gives the same visits and values fresh, after other searches of
    other positions and budgets, and with tables grown by a larger search."""
    spec = envs.spec("toy")
    prior = None if prior_kind == "none" else _one_hot_prior(spec, ADD3, strength=1.0)
    depth = 1 if prior_kind == "root only" else None

    def run(total, sims, seed):
        q = np.zeros(spec.num_actions)
        v = search.search(spec, _position(total), sims, c=1.5, seed=seed, q=q, prior=prior,
                          prior_depth=depth)
        return np.concatenate([v, q])

    search._LENT.tables = {}
    first = run(5, 200, 3)
    assert _clean(spec, prior is not None)
    for total, sims, seed in ((0, 500, 1), (12, 50, 2), (7, 3000, 4)):
        run(total, sims, seed)
        assert _clean(spec, prior is not None)
    assert np.array_equal(run(5, 200, 3), first)


@njit(cache=True)
def _apply_then_fault(s, action):
    """The toy game's move, then a fault where the total lands on 13 (a kernel bug stand-in:
    some playouts from below 13 reach it, none from above)."""
    toy_apply(s, action)
    if s.total == 13:
        s.fault = 9
        s.to_play = NO_SEAT


def _faulty_spec():
    """The toy game with an apply that faults, on a record type of its own (the search's
    overloads are chosen by record type)."""
    spec = envs.spec("toy")
    dtype = np.dtype(spec.state_dtype.descr + [("faulty_marker", np.int8)])
    return dataclasses.replace(spec, name="toy_faulty", state_dtype=dtype,
                               apply=_apply_then_fault)


def test_a_search_that_faults_raises_and_leaves_its_tables_clean():
    """A playout that faults stops the search with StateError after it has grown a tree;
    the entries it wrote are cleared before it returns, so the next search is the same as a
    fresh one."""
    spec = _faulty_spec()
    toy = _position(0)

    def root(total):
        r = np.zeros(1, dtype=spec.state_dtype)
        for name in toy.dtype.names:
            r[name] = toy[name]
        r["total"][0] = total
        return r

    # checked: the stand-in game has no validator of its own record type (the toy's would
    # compile the toy's kernels for it once more)
    search._LENT.tables = {}
    fresh = search.search(spec, root(14), 300, seed=0, checked=True)
    with pytest.raises(StateError, match="toy_faulty: a search playout stopped the kernel"):
        search.search(spec, root(0), 400, seed=0, checked=True)
    assert _clean(spec, False)
    assert np.array_equal(search.search(spec, root(14), 300, seed=0, checked=True), fresh)
    kept = search.KeptTree()
    search.search(spec, root(14), 300, seed=0, checked=True, tree=kept)
    with pytest.raises(StateError, match="toy_faulty: a search playout stopped the kernel"):
        search.search(spec, root(0), 400, seed=0, checked=True, tree=kept)
    assert kept.nodes == 0 and cleared(kept.tables)
