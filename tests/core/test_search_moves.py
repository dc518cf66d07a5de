"""GameSpec.search_moves (envs/core/search.py): a game may hand the search the moves it tries
in one kernel instead of its legal mask then its prune kernel; tree and playouts then choose
only among those, and the rules' own mask is untouched. Shown on the toy game (Blind
Twenty-One, tests/core/toy_game) with a kernel that keeps only "add 1"."""

import dataclasses

import numpy as np
from numba import njit

from envs.core.search import search
from tests.core.toy_game.rules import legal_mask
from tests.core.toy_game.state import A_ADD, NUM_ACTIONS


@njit
def _add_one_only(s, mask):
    """The toy's legal mask less everything but adding 1."""
    legal_mask(s, mask)
    mask[A_ADD + 1:] = 0


def _toy_with(toy_spec, moves):
    """The toy game under another name and an own STATE dtype (the search's kernels are
    resolved per record type), with ``moves`` as its search_moves kernel."""
    dtype = np.dtype(toy_spec.state_dtype.descr + [("search_moves_test", "u1")])
    return dataclasses.replace(toy_spec, name="toy_search_moves", state_dtype=dtype,
                               search_moves=moves)


def test_the_search_tries_only_what_the_games_search_moves_kernel_gives(toy_spec):
    """[Turn] every add is legal, but the search's tree and playouts choose among the kernel's
    moves only: every root visit goes to "add 1", and as every playout then adds 1 until the
    total passes the target, each game ends the same way, so the root's mean return is
    exactly a win or a loss (random playouts of the full mask give a fraction)."""
    spec = _toy_with(toy_spec, _add_one_only)
    cfg = toy_spec.make_config(num_players=2)
    root = np.zeros(1, spec.state_dtype)
    toy_spec.init(root[0], cfg[0], np.uint64(3))
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    toy_spec.legal_mask(root[0], mask)
    assert mask[A_ADD:A_ADD + 3].all()           # the rules still offer every add
    q = np.zeros(NUM_ACTIONS)
    visits = search(spec, root, 64, seed=1, q=q)
    assert visits[A_ADD] == 64 and visits.sum() == 64
    assert abs(q[A_ADD]) == 1.0

    plain = toy_spec.state_dtype
    root2 = np.zeros(1, plain)
    toy_spec.init(root2[0], cfg[0], np.uint64(3))
    q2 = np.zeros(NUM_ACTIONS)
    visits2 = search(toy_spec, root2, 64, seed=1, q=q2)
    assert (visits2[A_ADD:A_ADD + 3] > 0).all()  # without it: every legal add is tried
