"""Cursed Seas search pruning (envs/cursed_seas/prune.py, GameSpec.prune): the search tries
fewer movement segments [Moving], deploy headings [Choosing Home Islands] and no early end of
the turn [Actions], but never loses a legal move the rules leave as the only way on, and the
rules themselves still offer everything."""

import numpy as np
import pytest

import envs
from envs.core.search import search
from envs.cursed_seas.prune import prune, sails_nowhere, search_moves, seg_kept
from envs.cursed_seas.state import (
    A_NO, A_OPT, A_ORDER, A_SEG, ACT_MOVE, FAN_DEG, FAN_STRAIGHT, MAX_FLEET, NUM_ACTIONS,
    NUM_DEPLOY, NUM_FAN, NUM_FRAC, NUM_SEG_ACTIONS, PK_DEPLOY, PK_SEGMENT, PK_TURN,
)

from .helpers import fleet, order, position, random_decisions, ship

SPEC = envs.spec("cursed_seas")


def _masks(rec):
    legal = np.zeros(NUM_ACTIONS, np.uint8)
    SPEC.legal_mask(rec, legal)
    kept = legal.copy()
    prune(rec, kept)
    return legal, kept



def test_pruning_keeps_a_legal_subset_and_never_the_last_way_on():
    """At every decision of random 2- and 3-player games the pruned mask is a subset of the
    legal one, is never empty while something is legal, and keeps a segment of each kind (S,
    L) the ship may still sail [Moving]; what it prunes is only segment answers, deploy
    headings and ending the turn while a ship may still be given a move [Actions]."""
    seen = {PK_SEGMENT: 0, PK_DEPLOY: 0, PK_TURN: 0}
    for config in ({"num_players": 2}, {"num_players": 3, "reefs": 1}):
        for rec in random_decisions(config, games=3, steps=700, seed=5):
            legal, kept = _masks(rec)
            assert np.all(kept <= legal)
            assert kept.sum() >= 1 or legal.sum() == 0
            gone = np.flatnonzero(legal & (kept == 0))
            pk = int(rec["pending"])
            if pk in seen and len(gone):
                seen[pk] += 1
            if pk == PK_SEGMENT:
                assert all(A_SEG <= a < A_SEG + NUM_SEG_ACTIONS for a in gone)
                for kind in range(2):
                    block = slice(A_SEG + kind * NUM_FAN * NUM_FRAC,
                                  A_SEG + (kind + 1) * NUM_FAN * NUM_FRAC)
                    # a straight segment into the piece she touches moves nothing
                    moving = legal[block].copy()
                    if sails_nowhere(rec, int(rec["pend_ship"])):
                        moving[FAN_STRAIGHT * NUM_FRAC:(FAN_STRAIGHT + 1) * NUM_FRAC] = 0
                    assert kept[block].any() == moving.any()
            elif pk == PK_DEPLOY:
                assert all(A_OPT <= a < A_OPT + NUM_DEPLOY for a in gone)
                assert kept[A_OPT:A_OPT + NUM_DEPLOY].any()
            elif pk == PK_TURN:
                assert list(gone) in ([], [A_NO])
                moves = [legal[A_ORDER + 4 * j + ACT_MOVE] for j in range(MAX_FLEET)]
                assert kept[A_NO] == (legal[A_NO] and not any(moves))
            else:
                assert len(gone) == 0
    assert all(v > 0 for v in seen.values()), seen


def test_segments_the_search_tries_turn_by_thirty_degrees_and_sail_half_or_all():
    """[Moving] in open water every heading and fraction is legal; the search tries the 12
    headings 30 degrees apart, each at half or the whole of an S or an L segment, and may
    still stop."""
    e = position([fleet("Rustfang"), fleet("Rustfang")],
                 [ship(0, 0, 5.0, 6.0, 0.0), ship(1, 0, 9.0, 5.0, 90.0)])
    e.step(order(0, ACT_MOVE))
    rec = e.record[0]
    assert rec["pending"] == PK_SEGMENT
    legal, kept = _masks(rec)
    block = NUM_FAN * NUM_FRAC                   # the answers of one kind (S or L)
    kinds = sum(legal[A_SEG + k * block:A_SEG + (k + 1) * block].any() for k in range(2))
    assert kinds >= 1
    assert legal[A_SEG:A_SEG + NUM_SEG_ACTIONS].sum() == kinds * block
    assert kept[A_SEG:A_SEG + NUM_SEG_ACTIONS].sum() == kinds * 12 * 2 and kept[A_NO]
    for a in np.flatnonzero(kept[A_SEG:A_SEG + NUM_SEG_ACTIONS]):
        fan, frac = a // NUM_FRAC % NUM_FAN, a % NUM_FRAC
        assert seg_kept(fan, frac)
        assert (fan - 11) * 15 % 30 == 0 and frac in (3, 7)


def test_the_search_only_ever_visits_moves_the_prune_keeps():
    """The search's tree uses GameSpec.prune (envs/core/search.py): from a segment decision
    in open water no root visit goes to a pruned answer."""
    assert SPEC.prune is prune
    e = position([fleet("Rustfang"), fleet("Rustfang")],
                 [ship(0, 0, 5.0, 6.0, 0.0), ship(1, 0, 9.0, 5.0, 90.0)])
    e.step(order(0, ACT_MOVE))
    legal, kept = _masks(e.record[0])
    visits = search(SPEC, e.record.copy(), 300, seed=3, max_rollout=4)
    assert visits.sum() == 300
    assert visits[(legal == 1) & (kept == 0)].sum() == 0
    assert (visits > 0).sum() == kept.sum()   # every kept answer is tried


# ----- issue 30: the sail that does not move ---------------------------------------------------
#: issue 30's table corner: seat 0's home island (0) by the left edge
CORNER = [{"x": 2.25, "y": 9.75, "r": 0.9, "home": 0}, {"x": 10.0, "y": 2.0, "r": 1.0, "home": 1},
          {"x": 6.0, "y": 2.0, "r": 1.0, "home": -1}, {"x": 6.0, "y": 6.0, "r": 1.0, "home": -1}]
#: Lady Marrow where issue 30's game left her: stern by her home, bow on the left table edge
MARROW = ship(0, 0, 0.8994228634059952, 9.667564434701788, 150.0)
#: issue 30's trap: Regal Tempest docked astern of her, so only the 15-degree turns free her
BOXED = [MARROW, ship(0, 1, 0.6751206530392091, 10.419522728182585, -30.0, dock=0),
         ship(1, 0, 9.0, 5.0, 90.0)]


def _kept_moves(fleets, ships):
    """(the segment answers the search tries at seat 0's first segment, {answer: whether it
    changes her pose})."""
    e = position(fleets, ships, islands=CORNER)
    e.step(order(0, ACT_MOVE))
    rec = e.record[0]
    assert rec["pending"] == PK_SEGMENT
    legal, kept = _masks(rec)
    return legal, kept, _moved(e, 0, kept)


def _moved(e, k, mask):
    """{segment answer of ``mask``: whether it changes ship k's pose} in env ``e``."""
    rec = e.record[0]
    moved = {}
    for a in np.flatnonzero(mask[A_SEG:A_SEG + NUM_SEG_ACTIONS]) + A_SEG:
        c = e.clone()
        c.step(int(a))
        q = c.record[0]
        moved[int(a)] = any(abs(float(q[f][k]) - float(rec[f][k])) > 1e-9
                            for f in ("sh_x", "sh_y", "sh_h"))
    return moved


def test_a_segment_into_the_wall_she_touches_is_never_tried():
    """[Setup: the table edge is an impassable wall; ruling: Edges] a ship whose bow touches
    the wall sails nowhere straight on: the rules still offer that segment, the search never
    tries it (nor anything else that leaves her where she was); every turn it keeps moves
    her, and stopping stays."""
    fleets = [fleet("Lady Marrow"), fleet("Rustfang")]
    legal, kept, moved = _kept_moves(fleets, [MARROW, ship(1, 0, 9.0, 5.0, 90.0)])
    straight = A_SEG + FAN_STRAIGHT * NUM_FRAC          # kind S, turning +0
    assert legal[straight:straight + NUM_FRAC].all()
    assert not kept[straight:straight + NUM_FRAC].any() and kept[A_NO]
    assert moved and all(moved.values())


def test_a_ship_boxed_in_against_the_wall_still_tries_the_turn_that_frees_her():
    """Issue 30's trap: with Regal Tempest docked astern, Lady Marrow may only sail straight
    into the wall (nowhere) or turn 15 degrees [Moving]. No kept answer (a multiple of 30
    degrees) moved her, so the search sailed her into the edge for 3,000 decisions; now the
    15-degree turns are tried, and they move her."""
    fleets = [fleet("Lady Marrow", "Regal Tempest"), fleet("Rustfang")]
    legal, kept, moved = _kept_moves(fleets, BOXED)
    turns = {float(FAN_DEG[(a - A_SEG) // NUM_FRAC % NUM_FAN])
             for a in np.flatnonzero(legal[A_SEG:A_SEG + NUM_SEG_ACTIONS]) + A_SEG}
    assert turns == {-15.0, 0.0}
    assert moved and all(moved.values())


#: issue 30, from a game of `mcts:1000` against the heuristic that ran to the step bound: the
#: search's Rustfang (seat 1, coins aboard) docked bow-on at wild island 5 beside Iron Widow
BERTH_ISLANDS = [{"x": 2.25, "y": 2.25, "r": 0.9, "home": 1},
                 {"x": 9.75, "y": 2.25, "r": 0.8, "home": 0},
                 {"x": 8.25, "y": 9.75, "r": 0.8, "home": -1},
                 {"x": 5.25, "y": 6.75, "r": 1.0, "home": -1},
                 {"x": 2.25, "y": 9.75, "r": 1.1, "home": -1},
                 {"x": 2.25, "y": 6.75, "r": 0.9, "home": -1}]
BERTH_SHIPS = [ship(0, 0, 10.5, 5.0, 90.0),
               ship(1, 0, 1.1744026037109982, 8.987793813529622, -60.0),
               ship(1, 1, 1.5588712653011532, 8.055476564577758, -30.0, dock=5)]


def test_a_ship_docked_bow_on_still_tries_the_turn_that_frees_her():
    """[Moving: "If a ship touches ... an island during her movement, she must stop"] issue
    30's berth: Rustfang's bow touches island 5, so a segment straight on ends at once where
    she is; Iron Widow and the island block every turn but 15 degrees one way. The search
    tried only the straight segments (a multiple of 30 degrees is the kept turn, and they
    counted as kept), never moved her, and the game ran to the step bound with her coins
    aboard. Now the straight ones are not tried and the 15-degree turns are, and move her;
    the search's one-pass kernel agrees."""
    e = position([fleet("Lady Marrow"), fleet("Iron Widow", "Rustfang")], BERTH_SHIPS,
                 islands=BERTH_ISLANDS, cur=1)
    e.step(order(1, ACT_MOVE))
    rec = e.record[0]
    assert rec["pending"] == PK_SEGMENT and rec["pend_ship"] == MAX_FLEET + 1
    k = int(rec["pend_ship"])
    legal, kept = _masks(rec)
    assert np.array_equal(_fast(rec), kept)
    freeing = {a for a, m in _moved(e, k, legal).items() if m}
    assert freeing and {float(FAN_DEG[(a - A_SEG) // NUM_FRAC % NUM_FAN]) for a in freeing} \
        <= {-15.0, 15.0}
    tried = set(np.flatnonzero(kept[A_SEG:A_SEG + NUM_SEG_ACTIONS]) + A_SEG)
    assert tried and tried <= freeing and kept[A_NO]
    assert sails_nowhere(rec, k)


# ----- issue 30: the search's moves in one pass (GameSpec.search_moves) ------------------------
def _fast(rec):
    mask = np.full(NUM_ACTIONS, 7, np.uint8)     # whatever the search's buffer held before
    search_moves(rec, mask)
    return mask


@pytest.mark.parametrize("config", SPEC.metadata["test_configs"], ids=str)
def test_search_moves_equal_the_legal_mask_then_prune_at_random_positions(config):
    """The search's one-pass kernel gives exactly the legal mask less what prune clears, at
    every decision of random games of every test config (tows, creatures, round and flat
    edges, forts and terrain included), played half from the full mask and half from the
    kept moves as the search plays [Moving; Actions; Choosing Home Islands]."""
    assert SPEC.search_moves is search_moves
    rng = np.random.default_rng(11)
    cfg = SPEC.make_config(**config)
    s = np.zeros(1, SPEC.state_dtype)
    segments = 0
    for g in range(3):
        SPEC.init(s[0], cfg[0], np.uint64(g))
        for step in range(500):
            if s["to_play"][0] < 0:
                break
            legal, kept = _masks(s[0])
            assert np.array_equal(_fast(s[0]), kept), (g, step, int(s["pending"][0]))
            segments += int(s["pending"][0]) == PK_SEGMENT
            pick = kept if kept.any() and rng.random() < 0.5 else legal
            SPEC.apply(s[0], int(rng.choice(np.flatnonzero(pick))))
    assert segments >= 10


def test_search_moves_equal_the_legal_mask_then_prune_against_the_wall():
    """Issue 30's corner: the straight sail into the wall she touches is not tried, and when
    no kept heading is open the search's kernel, like prune, falls back to every open heading
    (here the 15-degree turn) [Setup: the table edge is an impassable wall; ruling: Edges]."""
    ships = [MARROW, ship(1, 0, 9.0, 5.0, 90.0)]
    for fleets, pieces, turns in (([fleet("Lady Marrow"), fleet("Rustfang")], ships, None),
                                  ([fleet("Lady Marrow", "Regal Tempest"), fleet("Rustfang")],
                                   BOXED, {-15.0})):
        e = position(fleets, pieces, islands=CORNER)
        e.step(order(0, ACT_MOVE))
        rec = e.record[0]
        assert rec["pending"] == PK_SEGMENT and sails_nowhere(rec, 0)
        legal, kept = _masks(rec)
        fast = _fast(rec)
        assert np.array_equal(fast, kept)
        tried = {float(FAN_DEG[(a - A_SEG) // NUM_FRAC % NUM_FAN])
                 for a in np.flatnonzero(fast[A_SEG:A_SEG + NUM_SEG_ACTIONS]) + A_SEG}
        assert 0.0 not in tried and tried
        if turns is not None:
            assert tried == turns
