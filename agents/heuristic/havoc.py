"""Seas of Havoc heuristic agent: a short look-ahead over the seat's own decisions.

A *state agent* (``needs_state = True``) that plays only on what its seat may know: it first
re-deals every hidden zone with the game's determinize kernel (``envs/havoc/hidden.py``),
then searches that copy, so neither other hands, deck orders, face-down wrecks nor future
dice can steer it.

How it plays:

* Most decisions (which card to play, resolve or pass, path, pivot, cannon option, firing
  side, extension, orientation, island slots, gains, scraps, upgrades) go through
  :func:`lookahead`: a depth-first search, in numba on copies of the record, over every
  sequence of the seat's own decisions up to the end of its turn (the next card or skiff,
  or another seat to play), at most ``budget`` applications. Leaves are scored by
  :func:`evaluate`: the seat's final score (Infamy scored, on cards and upgrades, Damage -1
  each [Final Scoring]) minus the best rival's, plus small values for resources and for
  the firing lines after the move (an enemy within range 3 off its beam is good, being off
  an enemy's beam is bad [Cannon Fire]). A won game is +100, a lost one -100.
* Claims at the Market [Island Phase: Claiming a Card] pay off only at the purchase step,
  which the look-ahead does not reach, so a rule claims the best affordable card (Infamy,
  cannon options, extensions, flag actions); purchases are always made; after a restock
  the best new card is taken.

Ties: when several actions score the same, one is drawn at random. ``last_best`` (one
bool[NUM_ACTIONS] row per game of the latest ``act_batch``) holds every action the heuristic
rated best, so that behaviour cloning can learn the set it is indifferent between instead
of its coin flips (about half of its decisions are ties, and two runs of the heuristic on
the same position agree only ~73% of the time).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from agents.base import Agent
from envs.havoc.cannon import is_raking, side_dir, trace_shot
from envs.havoc.cards import (CARD_CANNON_N, CARD_COST, CARD_EXT_ALTS, CARD_FLAG,
                              CARD_INFAMY)
from envs.havoc.common import booty_value, friendly
from envs.havoc.hidden import determinize
from envs.havoc.rules import apply, legal_mask
from envs.havoc.scoring import final_score
from envs.havoc.state import (A_MARKET, A_OPTION, A_RESTOCK, CANNON, COIN, MARKET_SIZE,
                              NUM_ACTIONS, PK_PLAY, PK_PURCHASE, PK_RESTOCK_PICK, PK_SKIFF,
                              SAIL)

WIN_VALUE = 100.0
THREAT_RANGE = 3


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
    """Value of a state for crew ``me`` (see the module docstring)."""
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


def card_value(d: int) -> float:
    """How much a Market card is worth owning (Infamy, cannon options, extension, flag)."""
    return (float(CARD_INFAMY[d]) + 0.8 * float(CARD_CANNON_N[d])
            + 0.3 * float(CARD_EXT_ALTS[d] > 0) + 0.3 * float(CARD_FLAG[d] >= 0))


def affordable(rec, me: int, d: int) -> bool:
    """Crew ``me`` holds the resources (booty included) for card ``d`` [Card Purchases]."""
    res = np.asarray(rec["res"][me], dtype=np.int64)
    cost = np.asarray(CARD_COST[d], dtype=np.int64)
    short = np.maximum(cost[:3] - res, 0).sum()
    spare = (res - np.minimum(cost[:3], res)).sum()
    booty = int(rec["booty"][me]) > 0
    return short + max(int(cost[3]) - spare, 0) <= (3 if booty else 0)


class HavocHeuristic(Agent):
    """Look-ahead heuristic for Seas of Havoc (see the module docstring)."""

    name = "heuristic"
    needs_state = True

    def __init__(self, seed=None, budget: int = 256, max_depth: int = 10):
        self.rng = np.random.default_rng(seed)
        self.budget = budget
        self.max_depth = max_depth
        self._stack = None
        self._masks = np.zeros((max_depth + 1, NUM_ACTIONS), dtype=np.uint8)
        self._q = np.zeros(NUM_ACTIONS)
        self._best = np.zeros(NUM_ACTIONS, dtype=bool)
        self.last_best = np.zeros((0, NUM_ACTIONS), dtype=bool)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("HavocHeuristic needs the game records (needs_state=True)")
        out = np.empty(len(masks), dtype=np.int64)
        best = np.zeros((len(masks), NUM_ACTIONS), dtype=bool)
        for i in range(len(masks)):
            out[i] = self.decide(states[i:i + 1], np.asarray(masks[i]), int(seats[i]))
            best[i] = self._best
        self.last_best = best
        return out

    def decide(self, state, mask, seat: int) -> int:
        """The action for ``seat``; ``self._best`` is left marking every action rated best."""
        a = self._decide(state, mask, seat)
        if a >= 0 and not self._best[a]:      # a rule's pick, not a search tie
            self._best[:] = False
            self._best[a] = True
        return a

    def _decide(self, state, mask, seat: int) -> int:
        self._best[:] = False
        legal = np.flatnonzero(mask)
        if len(legal) <= 1:
            return int(legal[0]) if len(legal) else -1
        rec = state[0]
        pk = int(rec["pending"])
        if pk == PK_PURCHASE and mask[A_OPTION]:
            return A_OPTION
        if pk in (PK_SKIFF, PK_RESTOCK_PICK):
            pick = self._market_pick(rec, mask, seat, need_afford=(pk == PK_SKIFF))
            if pick is not None:
                return pick
            if pk == PK_SKIFF:
                mask = mask.copy()
                mask[A_MARKET:A_MARKET + MARKET_SIZE] = 0
                mask[A_RESTOCK] = 0
                if not mask.any():
                    return int(legal[0])
        return self._search(state, mask, seat)

    def _market_pick(self, rec, mask, me, need_afford):
        claimed = int((np.asarray(rec["market_claim"]) == me).sum())
        best, best_v = None, 1.0 if need_afford else -np.inf
        if need_afford and claimed:
            return None
        for i in range(MARKET_SIZE):
            a = A_MARKET + i
            d = int(rec["market"][i])
            if not mask[a] or d < 0:
                continue
            if need_afford and not affordable(rec, me, d):
                continue
            v = card_value(d)
            if v > best_v:
                best, best_v = a, v
        return best

    def _search(self, state, mask, seat) -> int:
        root = np.array(state, copy=True)
        determinize(root[0], seat, np.uint64(self.rng.integers(2**63)))
        if self._stack is None or self._stack.dtype != root.dtype:
            self._stack = np.zeros(self.max_depth + 1, dtype=root.dtype)
        lookahead(root, seat, self.budget, self.max_depth, self._stack, self._masks, self._q)
        q = np.where(mask != 0, self._q, -np.inf)
        top = np.flatnonzero(q >= q.max() - 1e-9)
        self._best[top] = True
        return int(top[self.rng.integers(len(top))])


def make_agent(seed=None) -> HavocHeuristic:
    return HavocHeuristic(seed=seed)
