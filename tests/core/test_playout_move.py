"""GameSpec.playout_move (envs/core/search.py): a game may draw the moves of the search's
playouts itself, where drawing one costs less than the whole set of moves the search keeps,
or where its playouts should play otherwise than uniformly; the tree still chooses among
every move. Shown on the toy game (Blind Twenty-One, tests/core/toy_game)."""

import dataclasses

import numpy as np
from numba import njit

from envs.core.search import search
from tests.core.toy_game.state import A_ADD, A_SECRET, NUM_ACTIONS


#: the target at which the kernel below draws nothing
NO_DRAW_TARGET = 22


@njit
def _add_one(s, x):
    """Every playout decision: add 1; at the target NO_DRAW_TARGET nothing is drawn (one
    kernel, so one compiled search, serves both tests)."""
    if s.cfg.target == NO_DRAW_TARGET:
        return np.int64(-1), x
    return np.int64(A_ADD), x


def _toy_with(toy_spec):
    """The toy game under another name and an own STATE dtype (the search's kernels are
    resolved per record type), with :func:`_add_one` as its playout_move kernel."""
    dtype = np.dtype(toy_spec.state_dtype.descr + [("playout_move_test", "u1")])
    return dataclasses.replace(toy_spec, name="toy_playout_move", state_dtype=dtype,
                               playout_move=_add_one)


def _root(spec, toy_spec, target=21):
    root = np.zeros(1, spec.state_dtype)
    cfg = toy_spec.make_config(num_players=2, target=target)
    toy_spec.init(root[0], cfg[0], np.uint64(3))
    return root


def _by_parity(root):
    """[Turn; End] the searching seat's return after each root action when every later
    move adds 1: the seat that brings the total to the target (21) wins, so the seat to move
    at 20 does, and who that is follows from the total's parity after the root action."""
    card = int(root["card"][0][0])
    want = {}
    for a in (A_ADD, A_ADD + 1, A_ADD + 2, A_SECRET):
        total = card if a == A_SECRET else a - A_ADD + 1
        # the rival moves at `total`; the searching seat at total + 1, and so on
        want[a] = 1.0 if (20 - total) % 2 == 1 else -1.0
    return want


def test_the_search_plays_out_with_the_games_draw(toy_spec):
    """With four simulations each root action is expanded once and played out once to the
    end. Where the game's kernel adds 1 at every playout decision, each root action's mean
    return is what adding 1 to the end gives it, exactly; drawn uniformly from the legal
    mask (no kernel) the playouts stray from it."""
    spec = _toy_with(toy_spec)
    root = _root(spec, toy_spec)
    want = _by_parity(root)
    for seed in range(5):
        q = np.zeros(NUM_ACTIONS)
        visits = search(spec, root, len(want), seed=seed, q=q)
        assert all(visits[a] == 1 for a in want)
        assert {a: q[a] for a in want} == want, seed
    plain_root = _root(toy_spec, toy_spec)
    strayed = 0
    for seed in range(5):
        q = np.zeros(NUM_ACTIONS)
        search(toy_spec, plain_root, len(want), seed=seed, q=q)
        strayed += any(q[a] != w for a, w in want.items())
    assert strayed


def test_a_kernel_that_draws_nothing_leaves_the_search_as_it_was(toy_spec):
    """(-1, the word untouched) hands every playout decision back to the search's own draw,
    from the same stream: the same visits and returns as a game without the kernel."""
    spec = _toy_with(toy_spec)
    for seed in range(3):
        q, q_plain = np.zeros(NUM_ACTIONS), np.zeros(NUM_ACTIONS)
        visits = search(spec, _root(spec, toy_spec, NO_DRAW_TARGET), 64, seed=seed, q=q)
        plain = search(toy_spec, _root(toy_spec, toy_spec, NO_DRAW_TARGET), 64, seed=seed,
                       q=q_plain)
        assert np.array_equal(visits, plain) and np.array_equal(q, q_plain)



def test_a_search_told_to_draw_uniformly_ignores_the_games_draw(toy_spec):
    """``search(..., game_playouts=False)``, an expert-iteration teacher's
    ``playouts=uniform``: every playout move is drawn by the search itself, from the same
    stream, so the search is the one of the game without the kernel (which the first test
    shows strays from adding 1)."""
    spec = _toy_with(toy_spec)
    for seed in range(3):
        q, q_plain = np.zeros(NUM_ACTIONS), np.zeros(NUM_ACTIONS)
        visits = search(spec, _root(spec, toy_spec), 64, seed=seed, q=q, game_playouts=False)
        plain = search(toy_spec, _root(toy_spec, toy_spec), 64, seed=seed, q=q_plain)
        assert np.array_equal(visits, plain) and np.array_equal(q, q_plain)
