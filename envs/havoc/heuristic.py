"""Seas of Havoc heuristic decision as kernels: the set of actions the heuristic rates best.

``heuristic_best(s, seat, key, best)`` is the whole decision of the hand-written heuristic
(agents/heuristic/havoc.py, whose docstring explains how it plays) for ``seat`` to play in
record ``s``: it marks in bool ``best[NUM_ACTIONS]`` every action the heuristic rates best
and returns how many. The agent draws one of them with its own generator; the self-play
reply kernel (envs/core/opponents.py, ``KIND_HEURISTIC``, reached through
``GameSpec.heuristic_best``) draws one with its stream. Both run these same functions.

It plays only on what the seat may know: before searching it re-deals every hidden zone of a
copy with the game's determinize kernel (hidden.py), keyed from ``key``, so neither other
hands, deck orders, face-down wrecks nor future dice can steer it.

* :func:`rule_best`: a forced choice (one legal action), a purchase [Island Phase: Card
  Purchases] (always made) and the best affordable Market claim [Island Phase: Claiming a
  Card] or restock pick [The Market: Restocking], by :func:`card_value`. A claim pays off
  only at the purchase step, which the look-ahead does not reach, hence the rule. A flag's
  action offered (Lookout's draw, Swift's other turn) is always taken [Flags]: the look-ahead
  scores neither a card in hand nor a turn, so it would decline them at random.
* :func:`search_best`: every other decision, by :func:`lookahead` over the seat's own
  decisions to the end of its turn, leaves scored by :func:`evaluate` (Final Scoring; Cannon
  Fire; Scoring a Hit). Ties are all marked: about half the heuristic's decisions are ties.

A game never imports agents: the agent calls these kernels, not the other way round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from envs.core.masks import mark_top
from envs.havoc.cannon import is_raking, side_dir, trace_shot
from envs.havoc.cards import (CARD_CANNON_N, CARD_COST, CARD_EXT_ALTS, CARD_FLAG,
                              CARD_INFAMY)
from envs.havoc.common import booty_value, friendly
from envs.havoc.hidden import determinize
from envs.havoc.prune import prune
from envs.havoc.rules import apply, legal_mask
from envs.havoc.scoring import final_score
from envs.havoc.state import (A_MARKET, A_OPTION, A_RESTOCK, CANNON, COIN, MARKET_SIZE,
                              NUM_ACTIONS, PK_PLAY, PK_PURCHASE, PK_RESTOCK_PICK, PK_SKIFF,
                              SAIL, STATE)

WIN_VALUE = 100.0
THREAT_RANGE = 3
#: the heuristic's look-ahead: applications per decision and decisions deep
BUDGET = 256
MAX_DEPTH = 10
#: what :func:`rule_best` decided: nothing legal, a rule's (or the only) action, search needed
RULE_NONE, RULE_PICK, RULE_SEARCH = -1, 1, 0


@njit(cache=True)
def _lines(s, me):
    """(enemy ships off my beams within range, my ships off enemy beams), raking counted
    1.5 [Cannon Fire; Scoring a Hit]."""
    mine = 0.0
    theirs = 0.0
    for i in range(s.num_ships):
        if not s.ship_placed[i]:
            continue
        ci = s.ship_crew[i]
        for side in range(2):
            d = side_dir(s.ship_h[i], side)
            j = trace_shot(s, i, d, THREAT_RANGE)
            if j < 0:
                continue
            cj = s.ship_crew[j]
            w = 1.5 if is_raking(s, j, d) else 1.0
            if ci == me and not friendly(s, me, cj):
                mine += w
            elif cj == me and not friendly(s, ci, me):
                theirs += w
    return mine, theirs


@njit(cache=True)
def evaluate(s, me):
    """Value of a state for crew ``me``: its final score [Final Scoring] minus the best
    rival's, small values for resources and for firing lines [Cannon Fire]; a won game is
    +100, a lost one -100."""
    if s.done:
        if (s.winner_mask >> me) & 1:
            return WIN_VALUE
        return 0.0 if s.winner_mask == 0 else -WIN_VALUE
    my = final_score(s, me)
    best = -1e9
    fleet_seen = False
    for c in range(s.num_crews):
        if c == me or friendly(s, me, c):
            continue
        if s.crew_seat[c] < 0:
            if fleet_seen:
                continue
            fleet_seen = True
        v = final_score(s, c)
        if v > best:
            best = v
    if best < -1e8:
        best = 0.0
    v = float(my - best)
    cannons = s.res[me, CANNON] + booty_value(s, me) * 0.5
    v += 0.25 * min(cannons, 4.0) + 0.05 * max(cannons - 4.0, 0.0)
    v += 0.12 * min(s.res[me, SAIL], 4) + 0.12 * min(s.res[me, COIN], 5)
    mine, theirs = _lines(s, me)
    if s.res[me, CANNON] > 0:
        v += 0.6 * mine
    v -= 0.6 * theirs
    return v


@njit(cache=True)
def lookahead(root, me, budget, max_depth, stack, masks, q):
    """Depth-first search over ``me``'s own decisions from ``root`` (STATE array (1,)).

    ``stack``: STATE array (max_depth + 1,) of scratch records; ``masks``:
    uint8[max_depth + 1, NUM_ACTIONS]; ``q``: float64[NUM_ACTIONS] receives the value of
    each legal root action (-inf for the others). Once ``budget`` applications are spent,
    the remaining actions are still each applied once and scored, never expanded.
    """
    for a in range(q.shape[0]):
        q[a] = -np.inf
    stack[0] = root[0]
    phase = stack[0].phase
    legal_mask(stack[0], masks[0])
    best = np.full(max_depth + 1, -np.inf)
    cur = np.full(max_depth + 1, -1, dtype=np.int64)
    d = 0
    nodes = 0
    while True:
        a = cur[d] + 1
        while a < NUM_ACTIONS and masks[d, a] == 0:
            a += 1
        if a >= NUM_ACTIONS:
            if d == 0:
                break
            v = best[d]
            d -= 1
            if v > best[d]:
                best[d] = v
            if d == 0:
                q[cur[0]] = v
            continue
        cur[d] = a
        stack[d + 1] = stack[d]
        child = stack[d + 1]
        apply(child, a)
        nodes += 1
        mine_again = (child.to_play == me and not child.done and child.phase == phase
                      and child.pending != PK_PLAY and child.pending != PK_SKIFF)
        if mine_again and d + 1 < max_depth and nodes < budget:
            legal_mask(child, masks[d + 1])
            best[d + 1] = -np.inf
            cur[d + 1] = -1
            d += 1
            continue
        v = evaluate(child, me)
        if v > best[d]:
            best[d] = v
        if d == 0:
            q[a] = v
    return nodes


@njit(cache=True)
def card_value(d):
    """How much a Market card is worth owning (Infamy, cannon options, extension, flag)."""
    return (np.float64(CARD_INFAMY[d]) + 0.8 * np.float64(CARD_CANNON_N[d])
            + 0.3 * np.float64(CARD_EXT_ALTS[d] > 0) + 0.3 * np.float64(CARD_FLAG[d] >= 0))


@njit(cache=True)
def affordable(s, me, d):
    """Crew ``me`` holds the resources (booty included) for card ``d`` [Card Purchases]."""
    short = 0
    spare = 0
    for r in range(3):
        have = np.int64(s.res[me, r])
        cost = np.int64(CARD_COST[d, r])
        short += max(cost - have, 0)
        spare += have - min(cost, have)
    cover = 3 if s.booty[me] > 0 else 0
    return short + max(np.int64(CARD_COST[d, 3]) - spare, 0) <= cover


@njit(cache=True)
def _market_pick(s, mask, me, need_afford):
    """The Market action of the best card (affordable, worth more than 1, and only while
    ``me`` has claimed none, when ``need_afford``); -1 when there is none."""
    claimed = 0
    for i in range(s.market_claim.shape[0]):
        if s.market_claim[i] == me:
            claimed += 1
    if need_afford and claimed:
        return -1
    best = -1
    best_v = 1.0 if need_afford else -np.inf
    for i in range(MARKET_SIZE):
        a = A_MARKET + i
        d = np.int64(s.market[i])
        if not mask[a] or d < 0 or d >= CARD_COST.shape[0]:
            continue
        if need_afford and not affordable(s, me, d):
            continue
        v = card_value(d)
        if v > best_v:
            best, best_v = a, v
    return best


@njit(cache=True)
def rule_best(s, seat, mask, best):
    """The decisions taken by a rule (module docstring). ``mask`` is the seat's legal mask;
    a Market claim the rule declines is struck from it (the search then chooses among the
    rest). Returns RULE_PICK with the one action marked in ``best``, RULE_NONE when nothing
    is legal, or RULE_SEARCH."""
    best[:] = False
    prune(s, mask)           # a flag's action offered is taken (envs/havoc/prune.py)
    n = 0
    only = -1
    for a in range(NUM_ACTIONS):
        if mask[a]:
            if only < 0:
                only = a
            n += 1
    if n == 0:
        return RULE_NONE
    if n == 1:
        best[only] = True
        return RULE_PICK
    pk = s.pending
    if pk == PK_PURCHASE and mask[A_OPTION]:
        best[A_OPTION] = True
        return RULE_PICK
    if pk == PK_SKIFF or pk == PK_RESTOCK_PICK:
        pick = _market_pick(s, mask, seat, pk == PK_SKIFF)
        if pick >= 0:
            best[pick] = True
            return RULE_PICK
        if pk == PK_SKIFF:
            left = False
            for i in range(MARKET_SIZE):
                mask[A_MARKET + i] = 0
            mask[A_RESTOCK] = 0
            for a in range(NUM_ACTIONS):
                if mask[a]:
                    left = True
                    break
            if not left:
                best[only] = True
                return RULE_PICK
    return RULE_SEARCH


@njit(cache=True)
def search_best(root, seat, key, mask, best, budget, max_depth, stack, masks, q):
    """Determinise ``root`` (STATE array (1,), changed) for ``seat`` from ``key``, run the
    look-ahead and mark in ``best`` every action of ``mask`` whose value is within TIE of the
    best (every action of ``mask`` if none has a value). Returns how many are marked."""
    determinize(root[0], seat, key)
    lookahead(root, seat, budget, max_depth, stack, masks, q)
    return mark_top(q, mask, best)


@njit(cache=True)
def heuristic_best(s, seat, key, best):
    """Mark in ``best`` (bool[NUM_ACTIONS]) every action the heuristic rates best for
    ``seat`` to play in ``s`` (left untouched); the uint64 ``key`` seeds the re-deal of what
    the seat cannot see. Returns how many are marked (0 when nothing is legal)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    legal_mask(s, mask)
    got = rule_best(s, seat, mask, best)
    if got == RULE_NONE:
        return 0
    if got == RULE_PICK:
        return 1
    root = np.zeros(1, dtype=STATE)
    root[0] = s
    stack = np.zeros(MAX_DEPTH + 1, dtype=STATE)
    masks = np.zeros((MAX_DEPTH + 1, NUM_ACTIONS), dtype=np.uint8)
    q = np.zeros(NUM_ACTIONS)
    return search_best(root, seat, key, mask, best, BUDGET, MAX_DEPTH, stack, masks, q)


# -- array entry points for the agent's calls from Python (a record unboxes slowly) ---------
@njit(cache=True)
def rule_best_at(states, i, seat, mask, best):
    """:func:`rule_best` on ``states[i]``."""
    return rule_best(states[i], seat, mask, best)


@njit(cache=True)
def search_best_at(states, i, seat, key, mask, best, budget, max_depth, root, stack, masks,
                   q):
    """:func:`search_best` on a copy of ``states[i]`` (``root``: STATE array (1,))."""
    root[0] = states[i]
    return search_best(root, seat, key, mask, best, budget, max_depth, stack, masks, q)
