"""Cursed Seas: what a seat cannot see, re-dealt for information-set search.

Hidden from ``seat`` [Placing Treasure; Exploring; Placing Crew and equipment; Docking;
Forts: Treasure]: the values (and uniqueness) of every face-down coin it has not looked at,
wherever it lies (each fort standing keeps its cost, one being paid for stays payable:
``_coins_ok``), and which face-down crew (or equipment) of a fleet it has not looked at lies
where (aboard a ship, left on an island, or before play waiting to go ashore at home; every
ship within her points, each 0-point crew on a ship of its nation: ``_deal_ok``). Both are
pooled, sorted (so the sample depends only on what the seat knows), shuffled with the key's
stream and dealt back to the same places; the rng is re-seeded so future dice are unknown
too.

Pieces are pooled by the fleet they were built with, wherever they are now: a tow [Tow]
moves a ship (and her pieces) into another fleet, and her new player looks at them, so they
leave the pool of that player's unknowns through ``cr_seen`` / ``co_seen``.

A deal no seat could be in (``_coins_ok``, ``_deal_ok``) is drawn again: the first
``EXACT_TRIES`` draws are uniform over the deals that pass, and where the pass is so rare
that they all fail, each later draw is first repaired by swapping re-dealt values or places
towards the rule it breaks (``_repair_coins``, ``_repair_costs``). Every draw and every
repair reads only what the seat knows and the key, so the re-deal never depends on the true
one. Only a position where all ``DEAL_TRIES`` draws fail keeps its true deal; none was found
in play (ruling: Face-down pieces in actions).
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64, randint, shuffle_sorted

from .cargo import any_dest
from .crew import nav_crew
from .common import cost_aboard, piece_place, put_piece_at, reveal_due, waits_ashore
from .forts import gold_in
from .sea import has_partner
from .state import (
    LOC_FORT, LOC_HOME, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_FORTS, MAX_FORTS_P, MAX_SHIPS, PK_PAY,
    PK_NAV, PK_PIECE_TO, PK_REVEAL, PK_SEA_WITH, PK_TARGET,
)
from .turns import mast_has_target


#: uniform draws of a deal before the later ones are repaired (``_repair_coins``,
#: ``_repair_costs``)
EXACT_TRIES = 16
#: draws of a deal in all; past them the true deal stands
DEAL_TRIES = 64


@njit(cache=True)
def determinize(s, seat, key):
    s.rng = mix64(key)
    # coins: (value, unique, ability) among the coins the seat has not seen
    slots = np.empty(MAX_COINS, np.int64)
    pool = np.empty(MAX_COINS, np.int64)
    k = 0
    for c in range(MAX_COINS):
        if s.co_val[c] >= 0 and not s.co_up[c] and not (s.co_seen[c] >> seat) & 1:
            slots[k] = c
            pool[k] = (s.co_kw[c] * 64 + s.co_val[c]) * 2 + s.co_uniq[c]
            k += 1
    # the pool is sorted before each shuffle, so every draw deals the same coins
    val0 = s.co_val.copy()
    uniq0 = s.co_uniq.copy()
    kw0 = s.co_kw.copy()
    for t in range(DEAL_TRIES):
        shuffle_sorted(s, pool, k)
        for i in range(k):
            s.co_val[slots[i]] = (pool[i] // 2) % 64
            s.co_uniq[slots[i]] = pool[i] % 2
            s.co_kw[slots[i]] = pool[i] // 128
        if t >= EXACT_TRIES:
            _repair_coins(s, slots, k)
        if _coins_ok(s):
            break
        s.co_val[:] = val0
        s.co_uniq[:] = uniq0
        s.co_kw[:] = kw0
    # crew and equipment: the face-down pieces of each fleet the seat does not know, by
    # kind (crew or equipment is open), dealt over the same places (ship or island); a
    # piece in the middle of a docking transfer stays as it is [Placing Crew and equipment]
    ship0 = s.cr_ship.copy()
    isl0 = s.cr_isl.copy()
    moved0 = s.cr_moved.copy()
    seen0 = s.cr_seen.copy()
    for t in range(DEAL_TRIES):
        _deal_pieces(s, seat, slots, pool)
        if t >= EXACT_TRIES:
            _repair_costs(s, seat)
        if _deal_ok(s):
            break
        s.cr_ship[:] = ship0
        s.cr_isl[:] = isl0
        s.cr_moved[:] = moved0
        s.cr_seen[:] = seen0
    s.rng = mix64(key ^ np.uint64(0x5DEECE66D))


@njit(cache=True)
def _deal_pieces(s, seat, slots, pool):
    for q in range(s.num_players):
        for eq in range(2):
            m = 0
            for c in range(q * MAX_CREW_P, (q + 1) * MAX_CREW_P):
                if _redealt(s, seat, c) and s.cfg.crew_eq[q, c % MAX_CREW_P] == eq:
                    slots[m] = c
                    # the moved flag and who else knows the piece there travel with the
                    # place
                    pool[m] = (piece_place(s, c) * 2 + s.cr_moved[c]) * 256 + s.cr_seen[c]
                    m += 1
            shuffle_sorted(s, pool, m)
            for i in range(m):
                c = slots[i]
                put_piece_at(s, c, (pool[i] // 256) // 2)
                s.cr_moved[c] = (pool[i] // 256) % 2
                s.cr_seen[c] = pool[i] % 256


@njit(cache=True)
def _redealt(s, seat, c):
    """Piece c is in the pool re-dealt for ``seat``: in play (or waiting to go ashore at
    home), face down, not looked at, and not in the middle of a docking transfer."""
    placed = s.cr_ship[c] >= 0 or s.cr_isl[c] >= 0 or waits_ashore(s, c)
    return placed and not s.cr_up[c] and not (s.cr_seen[c] >> seat) & 1 and c != s.pend_piece


@njit(cache=True)
def _repair_costs(s, seat):
    """While a ship carries more points than she may, swap the places of a re-dealt piece
    aboard her and a cheaper one of the same pool (fleet and kind) elsewhere that still
    fits where it goes, the pair drawn from the key's stream; stop where no such pair is
    left. The places, the moved flags and who knows each piece there travel as in
    ``_deal_pieces``."""
    for _ in range(MAX_CREW):
        k = _over_points(s)
        if k < 0:
            return
        pairs = 0
        for a in range(MAX_CREW):
            for b in range(MAX_CREW):
                pairs += _swap_fits(s, seat, k, a, b)
        if pairs == 0:
            return
        pick = randint(s, pairs)
        for a in range(MAX_CREW):
            for b in range(MAX_CREW):
                if _swap_fits(s, seat, k, a, b):
                    if pick == 0:
                        s.cr_ship[a], s.cr_ship[b] = s.cr_ship[b], s.cr_ship[a]
                        s.cr_isl[a], s.cr_isl[b] = s.cr_isl[b], s.cr_isl[a]
                        s.cr_moved[a], s.cr_moved[b] = s.cr_moved[b], s.cr_moved[a]
                        s.cr_seen[a], s.cr_seen[b] = s.cr_seen[b], s.cr_seen[a]
                    pick -= 1


@njit(cache=True)
def _over_points(s):
    """The first ship carrying more points of crew and equipment than her own, -1 none: in
    play, or before play with the pieces that wait aboard her until she is placed (they go
    into play as they are) [Placing Crew and equipment]."""
    load = np.zeros(MAX_SHIPS, np.int64)         # one pass over the pieces, not one a ship
    for c in range(MAX_CREW):
        if s.cr_ship[c] >= 0:
            load[s.cr_ship[c]] += s.cfg.crew_cost[c // MAX_CREW_P, c % MAX_CREW_P]
    for k in range(MAX_SHIPS):
        if load[k] > s.cfg.ship_cost[k // MAX_FLEET, k % MAX_FLEET]:
            return k
    return -1


@njit(cache=True)
def _foreign_ok(s, c, k):
    """Piece c may be aboard ship k as far as nations go: "a crew with a point cost of 0 can
    be assigned only to a ship that shares its nationality" [Placing Crew and equipment]."""
    q = c // MAX_CREW_P
    j = c % MAX_CREW_P
    return s.cfg.crew_cost[q, j] != 0 or s.cfg.crew_eq[q, j] or \
        s.cfg.crew_nation[q, j] == s.cfg.ship_nation[k // MAX_FLEET, k % MAX_FLEET]


@njit(cache=True)
def _swap_fits(s, seat, k, a, b):
    """Re-dealt piece a aboard ship k and a cheaper re-dealt piece b of the same pool
    elsewhere that may go aboard her, whose place (an island, or a ship with room for a in
    b's stead) takes a (a costs a point or more, so any nation's ship may)."""
    if s.cr_ship[a] != k or s.cr_ship[b] == k or a // MAX_CREW_P != b // MAX_CREW_P:
        return False
    q = a // MAX_CREW_P
    if s.cfg.crew_eq[q, a % MAX_CREW_P] != s.cfg.crew_eq[q, b % MAX_CREW_P] or \
            not _redealt(s, seat, a) or not _redealt(s, seat, b):
        return False
    ca = s.cfg.crew_cost[q, a % MAX_CREW_P]
    cb = s.cfg.crew_cost[q, b % MAX_CREW_P]
    if cb >= ca:
        return False
    if not _foreign_ok(s, b, k):
        return False
    j = s.cr_ship[b]
    return j < 0 or cost_aboard(s, j) - cb + ca <= s.cfg.ship_cost[j // MAX_FLEET, j % MAX_FLEET]


@njit(cache=True)
def _repair_coins(s, slots, k):
    """While some gold lacks (``_gold_short``), swap the value of a re-dealt coin where it
    lacks with a higher one re-dealt elsewhere whose own place can spare the difference, the
    pair drawn from the key's stream. Each swap lowers the gold lacking in all and adds none,
    so the repair ends; where no such pair is left the draw fails. Where only a fort's payer
    lacks gold a pair is always left until she has it (a valid record's true deal shows the
    gold is there)."""
    for _ in range(k * k):
        short = _first_short(s)
        if short < 0:
            return
        pairs = 0
        for i in range(k):
            for j in range(k):
                pairs += _raises_gold(s, short, slots[i], slots[j])
        if pairs == 0:
            return
        pick = randint(s, pairs)
        for i in range(k):
            for j in range(k):
                a = slots[i]
                b = slots[j]
                if _raises_gold(s, short, a, b):
                    if pick == 0:
                        s.co_val[a], s.co_val[b] = s.co_val[b], s.co_val[a]
                        s.co_uniq[a], s.co_uniq[b] = s.co_uniq[b], s.co_uniq[a]
                        s.co_kw[a], s.co_kw[b] = s.co_kw[b], s.co_kw[a]
                    pick -= 1


@njit(cache=True)
def _raises_gold(s, short, a, b):
    """Coin a lies where gold lacks (``short``, a place of ``_gold_short``) and coin b, worth
    more, elsewhere, where the difference may go."""
    if _gold_place(s, a) != short or s.co_val[b] <= s.co_val[a]:
        return False
    there = _gold_place(s, b)
    return there != short and (there < 0 or _gold_short(s, there) + s.co_val[b] - s.co_val[a] <= 0)


@njit(cache=True)
def _paying(s):
    """The fort being paid for (PK_PAY, or the payment a reveal interrupted), -1 none."""
    pk = s.pending
    if pk == PK_REVEAL:
        pk = s.rv_back
    f = s.pend_fort
    return f if pk == PK_PAY and 0 <= f < MAX_FORTS else -1


@njit(cache=True)
def _gold_place(s, c):
    """Where coin c lies among the places of ``_gold_short``: its fort, ``MAX_FORTS`` for the
    home of the player paying for a fort, -1 elsewhere."""
    if s.co_loc[c] == LOC_FORT:
        return s.co_at[c]
    f = _paying(s)
    if f >= 0 and s.co_loc[c] == LOC_HOME and s.co_at[c] == f // MAX_FORTS_P:
        return MAX_FORTS
    return -1


@njit(cache=True)
def _gold_short(s, place):
    """The gold ``place`` lacks of what every seat knows it holds (0 or less: none). A fort
    standing and paid for holds its cost, since "a fort must always have a number of gold
    points inside of it equal to or greater than its gold point cost" [Forts: Treasure;
    forts.load_ok]; the home of a fort's payer (``MAX_FORTS``) still covers what she has
    not paid: forts.build_ok offered the fort only while her home gold covered the cost, and
    every seat saw it chosen. Paying ran out of coins from a deal that broke that [Building
    Forts]."""
    f = _paying(s)
    if place == MAX_FORTS:
        if f < 0:
            return 0
        p = f // MAX_FORTS_P
        return s.cfg.fort_cost[p, f % MAX_FORTS_P] - s.pend_paid - gold_in(s, LOC_HOME, p)
    if s.ft_isl[place] < 0 or place == f:
        return 0
    return s.cfg.fort_cost[place // MAX_FORTS_P, place % MAX_FORTS_P] - gold_in(s, LOC_FORT, place)


@njit(cache=True)
def _first_short(s):
    """The first place of ``_gold_short`` that lacks gold, -1 none."""
    for place in range(MAX_FORTS + 1):
        if _gold_short(s, place) > 0:
            return place
    return -1


@njit(cache=True)
def _coins_ok(s):
    """No fort standing lacks its gold, nor the player paying for one hers (``_gold_short``):
    a deal that breaks either is not a position anyone may be in."""
    return _first_short(s) < 0


@njit(cache=True)
def _deal_ok(s):
    """No ship carries what she may not (more points than her own, or a 0-point crew of
    another nation; in play or waiting to be placed), a piece in hand still has a place, a
    ship exploring at sea still has something to move, and a cannon chosen to fire still has
    a target, and a Navigator chosen to place a trade current is still aboard: every seat
    saw it chosen, so a deal that takes away the face-down piece it needs (Long Guns beyond
    S, the Navigator) is not a position anyone may be in [Shooting; Trade Current; Placing
    Crew and equipment]. The cannon decision before it needs no such test: Long Guns that
    alone give some cannon a target are revealed when it is asked (turns.ask_gun), and
    face-up pieces are not re-dealt."""
    if _over_points(s) >= 0:
        return False
    for c in range(MAX_CREW):
        if s.cr_ship[c] >= 0 and not _foreign_ok(s, c, s.cr_ship[c]):
            return False
    pk = s.pending
    tp = s.to_play
    if pk == PK_REVEAL:
        # every seat saw a piece's ability used: one giving it is still aboard; then the
        # decision the reveal interrupted (ruling: Revealing crew)
        if reveal_due(s)[0] < 0:
            return False
        pk = s.rv_back
        tp = s.rv_to_play
    if pk == PK_PIECE_TO and 0 <= s.pend_piece < MAX_CREW:
        return any_dest(s, s.pend_piece, tp)
    if pk == PK_TARGET:
        return mast_has_target(s, s.pend_ship, s.pend_mast)
    if pk == PK_NAV:
        # every seat saw her choose to place a trade current: the unused Navigator it needs,
        # revealed only as the current is placed, is still aboard [Trade Current]
        return nav_crew(s, s.pend_ship) >= 0
    if pk == PK_SEA_WITH:
        # every seat saw her choose to explore at sea, so a ship she touches has something
        # her face-down pieces (which she knows) may move [Exploring]
        return has_partner(s, s.pend_ship)
    return True
