"""Pirates of the Cursed Seas heuristic agent: fetch treasure, carry it home, shoot on the way.

A *state agent* (``needs_state = True``) that reads only what its seat may know: positions,
masts and coin counts (open on the table), and the values of coins the seat has looked at
(``co_seen``). How it plays:

* Turn [Actions]: for each of its ships in fleet order, explore if she may, repair if a mast
  is down and she can, shoot if a mast has a target, otherwise move; then end the turn.
* Move [Moving]: the goal is the home island while she carries treasure worth gold or her
  hold is full, else the nearest wild island still holding treasure; with none left
  ashore, an enemy ship carrying treasure (to sink it: sunk gold is no longer available,
  which brings the end of the game [Winning the Game]). Each segment is chosen
  greedily: every legal segment is tried on a copy of the record (``rules.apply``, no dice
  are rolled while sailing) and the one leaving her closest to the goal wins; docking at the
  goal beats everything. A ship that no segment brings closer (boxed in) sails a random
  segment instead of staying put.
* Shooting: an enemy carrying treasure first, then the one with the fewest masts (a derelict sinks); the mast knocked down is the
  target's best cannon (lowest rank). Repair raises the own best cannon.
* Exploring and boarding spoils: the most valuable coin first; board when her masts are at
  least the enemy's; after a won boarding take treasure when possible.
"""

from __future__ import annotations

import math

import numpy as np

from agents.base import Agent
from envs.cursed_seas.batch import single_apply
from envs.cursed_seas.state import (
    A_NO, A_OPT, A_ORDER, A_SEG, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_REPAIR, ACT_SHOOT,
    LOC_ISLAND, LOC_SHIP, MAX_FLEET, NUM_ACTIONS, PK_TOW, PK_BOARD, PK_BOARD_COIN, PK_BOARD_WIN,
    PK_EXPLORE, PK_MAST, PK_REPAIR, PK_SEGMENT, PK_TARGET, PK_TURN, SHIP_R,
)


def _coins_at(rec, loc, at):
    return np.flatnonzero((rec["co_loc"] == loc) & (rec["co_at"] == at))


def _bow(rec, k):
    return (rec["sh_x"][k] + rec["sh_len"][k] * math.cos(rec["sh_h"][k]),
            rec["sh_y"][k] + rec["sh_len"][k] * math.sin(rec["sh_h"][k]))


def _goal(rec, k, me):
    """Where the ship should sail: (island, -1) or (-1, enemy ship)."""
    aboard = _coins_at(rec, LOC_SHIP, k)
    gold = any(int(rec["co_val"][c]) > 0 and (int(rec["co_seen"][c]) >> me) & 1 for c in aboard)
    cargo = int(rec["cfg"]["ship_cargo"][me, k % MAX_FLEET])
    crew = int((rec["cr_ship"] == k).sum())
    full = crew + sum(1 for c in aboard if not rec["co_up"][c]) >= cargo
    if gold or full:
        return int(rec["home"][me]), -1
    bx, by = _bow(rec, k)
    best, best_d = (int(rec["home"][me]), -1), math.inf
    for i in range(int(rec["n_islands"])):
        if rec["isl_home"][i] >= 0 or len(_coins_at(rec, LOC_ISLAND, i)) == 0:
            continue
        d = math.hypot(rec["isl_x"][i] - bx, rec["isl_y"][i] - by)
        if d < best_d:
            best, best_d = (i, -1), d
    if best[1] < 0 and best_d == math.inf:
        # no treasure left ashore: hunt an enemy ship carrying some (counts are open)
        for j in range(rec["sh_live"].shape[0]):
            if not rec["sh_live"][j] or rec["sh_owner"][j] == me or not len(_coins_at(rec, LOC_SHIP, j)):
                continue
            d = math.hypot(rec["sh_x"][j] - bx, rec["sh_y"][j] - by)
            if d < best_d:
                best, best_d = (-1, j), d
    return best


def _distance(rec, k, goal):
    if not rec["sh_live"][k]:
        return 1e9
    i, j = goal
    bx, by = _bow(rec, k)
    if j >= 0:
        # about 0.8 S off her beam: within S of most masts, not touching
        d = math.hypot(rec["sh_x"][j] + 0.5 * (_bow(rec, j)[0] - rec["sh_x"][j]) - bx,
                       rec["sh_y"][j] + 0.5 * (_bow(rec, j)[1] - rec["sh_y"][j]) - by)
        return abs(d - 0.8)
    if rec["sh_dock"][k] == i:
        return -1.0
    return math.hypot(rec["isl_x"][i] - bx, rec["isl_y"][i] - by) - rec["isl_r"][i] - SHIP_R


class CursedSeasHeuristic(Agent):
    name = "heuristic"
    needs_state = True

    def __init__(self, seed=None):
        self.rng = np.random.default_rng(seed)
        self._mask = np.zeros(NUM_ACTIONS, np.uint8)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("CursedSeasHeuristic needs the game records (needs_state=True)")
        out = np.empty(len(masks), dtype=np.int64)
        for i in range(len(masks)):
            out[i] = self.decide(states[i:i + 1], np.asarray(masks[i]), int(seats[i]))
        return out

    def decide(self, state, mask, me: int) -> int:
        legal = np.flatnonzero(mask)
        if len(legal) <= 1:
            return int(legal[0]) if len(legal) else -1
        rec = state[0]
        pk = int(rec["pending"])
        if pk == PK_TURN:
            for j in range(MAX_FLEET):
                for act in (ACT_EXPLORE, ACT_REPAIR, ACT_SHOOT, ACT_MOVE):
                    a = A_ORDER + 4 * j + act
                    if mask[a]:
                        return a
            return A_NO
        if pk == PK_SEGMENT:
            return self._sail(state, mask, me)
        if pk == PK_TARGET:
            opts = [a for a in legal if a < A_ORDER]
            if not opts:
                return A_NO
            return min(opts, key=lambda a: (
                -len(_coins_at(rec, LOC_SHIP, a - A_OPT)),
                bin(int(rec["sh_masts"][a - A_OPT])).count("1"), self.rng.random()))
        if pk in (PK_MAST, PK_REPAIR):
            k = int(rec["pend_target"] if pk == PK_MAST else rec["pend_ship"])
            p, j = divmod(k, MAX_FLEET)
            return min((a for a in legal), key=lambda a: rec["cfg"]["ship_rank"][p, j, a - A_OPT])
        if pk in (PK_EXPLORE, PK_BOARD_COIN):
            coins = [a for a in legal if a < A_ORDER]
            if not coins:
                return A_NO
            return max(coins, key=lambda a: int(rec["co_val"][a - A_OPT])
                       if (int(rec["co_seen"][a - A_OPT]) >> me) & 1 else 0)
        if pk == PK_BOARD:
            mine = int(rec["pend_ship"])
            other = int(rec["pend_target"])
            if rec["sh_owner"][mine] != me:
                mine, other = other, mine
            up = [bin(int(rec["sh_masts"][x])).count("1") for x in (mine, other)]
            return A_YES if up[0] >= up[1] else A_NO
        if pk == PK_BOARD_WIN:
            return A_NO if mask[A_NO] else A_YES
        if pk == PK_TOW:                # a tow slows her to S: she sails on for gold
            return A_NO
        return int(legal[self.rng.integers(len(legal))])

    def _sail(self, state, mask, me):
        rec = state[0]
        k = int(rec["pend_ship"])
        goal = _goal(rec, k, me)
        here = _distance(rec, k, goal)
        best, best_v = A_NO, here
        copy = np.zeros(1, state.dtype)
        segs = [int(a) for a in np.flatnonzero(mask) if A_SEG <= a < A_YES]
        for a in segs:
            copy[0] = state[0]
            single_apply(copy, 0, a, self._mask)
            v = _distance(copy[0], k, goal) + 1e-6 * self.rng.random()
            if v < best_v:
                best, best_v = a, v
        if best == A_NO and here > 0 and rec["seg_used"] == 0 and segs:
            # boxed in (an island or a ship between her and the goal): sail anywhere
            best = segs[self.rng.integers(len(segs))]
        return best


def make_agent(seed=None) -> CursedSeasHeuristic:
    return CursedSeasHeuristic(seed=seed)
