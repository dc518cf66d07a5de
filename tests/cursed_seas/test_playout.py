"""Cursed Seas' playout policy (envs/cursed_seas/playout.py, GameSpec.playout_move): a
movement segment [Moving] is drawn exactly as uniformly as from the moves the search keeps
(prune.search_moves), a ship's action [Actions] is the shoot action at the rate set where
one may shoot [Shooting], and every other decision is left to the search's own draw."""

import numpy as np
import pytest
from numba import njit

import envs
from envs.cursed_seas.playout import SHOOT_FIRST, playout_move
from envs.cursed_seas.prune import search_moves
from envs.cursed_seas.state import (
    A_NO, A_ORDER, A_SEG, ACT_MOVE, ACT_SHOOT, MAX_FLEET, NUM_ACTIONS, NUM_FAN, NUM_FRAC,
    PK_SEGMENT, PK_TURN,
)

from .helpers import fleet, order, position, random_decisions
from .test_prune import BERTH_ISLANDS, BERTH_SHIPS, BOXED, CORNER

SPEC = envs.spec("cursed_seas")


@njit
def _draws(states, i, n, seed):
    """``n`` playout moves drawn at ``states[i]``, each from its own stream word; -2 where
    a draw left the word it was given changed though it drew nothing."""
    out = np.empty(n, np.int64)
    x = np.uint64(seed)
    for j in range(n):
        x = x * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
        a, y = playout_move(states[i], x)
        out[j] = a if a >= 0 or y == x else -2
    return out


def _kept(rec):
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    search_moves(rec, mask)
    return np.flatnonzero(mask)


def _chi2(draws, kept):
    """Pearson's statistic of the draws against a uniform choice among ``kept``."""
    counts = np.array([(draws == a).sum() for a in kept], dtype=float)
    want = len(draws) / len(kept)
    return float(((counts - want) ** 2 / want).sum())


def _positions(pending, config, games, seed):
    return [rec.copy() for rec in random_decisions(config, games=games, steps=600, seed=seed)
            if rec["pending"] == pending]


def _boxed():
    """Issue 30's corner and berth (tests/cursed_seas/test_prune.py): no kept heading is
    open, so the search keeps stopping and the 15-degree turns."""
    out = []
    for fleets, pieces, islands, cur in (
            ([fleet("Lady Marrow", "Regal Tempest"), fleet("Rustfang")], BOXED, CORNER, 0),
            ([fleet("Lady Marrow"), fleet("Iron Widow", "Rustfang")], BERTH_SHIPS,
             BERTH_ISLANDS, 1)):
        e = position(fleets, pieces, islands=islands, cur=cur)
        e.step(order(cur, ACT_MOVE))        # slot 0 at the corner, Rustfang at the berth
        out.append(e.record[0].copy())
    return out


def _draw_checked(recs, per_answer, seed):
    """Every draw at each record is a kept move, or rarely none (the word untouched: the
    search then draws from the kept moves itself), and the draws are uniform among them:
    Pearson's statistic within 6 standard deviations of its mean, at each and in all."""
    states = np.array(recs)
    total = dof = 0.0
    left = made = 0
    for i, rec in enumerate(recs):
        kept = _kept(rec)
        draws = _draws(states, i, per_answer * len(kept), seed + i)
        left += (draws == -1).sum()
        made += len(draws)
        draws = draws[draws != -1]
        assert np.isin(draws, kept).all(), (i, sorted(set(draws) - set(kept)))
        if len(kept) > 1:
            stat, df = _chi2(draws, kept), len(kept) - 1
            assert stat < df + 6 * np.sqrt(2 * df), (i, stat, df)
            total, dof = total + stat, dof + df
    assert total < dof + 6 * np.sqrt(2 * dof)
    assert left < 0.01 * made


@pytest.mark.parametrize("config", [{"num_players": 2}, SPEC.metadata["test_configs"][8]],
                         ids=str)
def test_a_playout_sails_a_segment_drawn_as_uniformly_as_from_the_kept_moves(config):
    """[Moving] at the segments of random games (and of a game with terrain, forts, reefs
    and creatures), a playout's segment is one the search keeps, drawn uniformly among them."""
    recs = _positions(PK_SEGMENT, config, games=2, seed=5)[::3]
    assert len(recs) >= 20
    _draw_checked(recs, per_answer=150, seed=1)


def test_a_boxed_in_ship_draws_among_stopping_and_the_turns_that_free_her():
    """[Moving] where no turn of a multiple of 30 degrees is open, the search keeps stopping
    and every fraction of the smaller turns that are (prune.search_moves); the playout draws
    uniformly among exactly those, not stopping the more often."""
    recs = _boxed()
    for rec in recs:
        kept = _kept(rec)
        fans = {(a - A_SEG) // NUM_FRAC % NUM_FAN for a in kept if a != A_NO}
        assert A_NO in kept and fans and all(f % 2 == 0 for f in fans)
        assert len(kept) > 1 + NUM_FRAC - 1          # every fraction of a free turn
    _draw_checked(recs, per_answer=400, seed=7)


def test_a_playout_gives_a_ship_the_shoot_action_at_the_rate_set():
    """[Actions; Shooting] where the seat to play may give a ship the shoot action, a
    playout gives one with probability SHOOT_FIRST + (1 - SHOOT_FIRST) * shoot / n (n the
    answers the search keeps, shoot those that shoot), every shoot order alike, and never a
    move the search does not keep."""
    recs = [r for r in _positions(PK_TURN, {"num_players": 2}, games=6, seed=3)
            if any((a - A_ORDER) % 4 == ACT_SHOOT for a in _kept(r)
                   if A_ORDER <= a < A_ORDER + MAX_FLEET * 4)]
    assert len(recs) >= 5
    states = np.array(recs)
    for i, rec in enumerate(recs):
        kept = _kept(rec)
        shoot = [a for a in kept if A_ORDER <= a < A_ORDER + MAX_FLEET * 4
                 and (a - A_ORDER) % 4 == ACT_SHOOT]
        n = 4000
        draws = _draws(states, i, n, 11 + i)
        assert np.isin(draws, kept).all()
        p = SHOOT_FIRST + (1 - SHOOT_FIRST) * len(shoot) / len(kept)
        hits = np.isin(draws, shoot).sum()
        assert abs(hits - n * p) < 5 * np.sqrt(n * p * (1 - p)), (hits, n * p)
        if len(shoot) > 1:
            shots = draws[np.isin(draws, shoot)]
            stat = _chi2(shots, shoot)
            assert stat < len(shoot) - 1 + 6 * np.sqrt(2 * (len(shoot) - 1))


def test_every_other_decision_is_left_to_the_searchs_own_draw():
    """Island placement, homes, deploying, shooting's cannons and targets, exploring and the
    rest: the kernel draws nothing and leaves the stream word as it was."""
    recs = [r.copy() for r in random_decisions({"num_players": 3, "reefs": 1}, games=2,
                                               steps=400, seed=9)
            if r["pending"] not in (PK_SEGMENT, PK_TURN)]
    assert len({int(r["pending"]) for r in recs}) >= 5
    states = np.array(recs)
    for i in range(len(recs)):
        assert (_draws(states, i, 3, i) == -1).all()
