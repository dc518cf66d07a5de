"""City of Five Sails: a position's value per seat, for depth-limited search playouts.

``value(s, out)`` writes each seat's estimated return in terminal reward units [-1, 1]
(+1 win, -1 loss, 0 draw [Ties]). A kernel: envs/core/search.py calls it where a playout
stops early. It reads only what every seat sees (Renown, control, characters in play, their
stats, wounds and attachments, hand sizes), never a hand, a deck or a face-down plan, so every
determinisation of a position has the same value.

How the game is won [Achieving Victory]:

* Assassination: a destroyed Leader loses [Leader Cards; Victory: Assassination]; a seat out
  of the game is worth -1.
* Dominance: control The Docks, The Forums and The Grand Bazaar at the end of the Day
  [Victory: Dominance; 4. Plunder 1a]: each core location held is worth DOMINANCE_W, all
  three DOMINANCE_ALL more (a win at the next Plunder unless one is taken back).
* Economic: seven Renown at the end of the Day [Victory: Economic], and the most Renown at
  the end of the fifth Day [Day Limit]: Renown counts one each, and every location held one
  more (the Renown it yields at the next Plunder [4. Plunder 1b]).
* Ties at the fifth Day go to locations, then Influence, then the Leader's wounds [Ties]:
  material counts a little, in the same order: Influence and Combat of the characters in
  play [Claim Action; Issuing a Challenge], cards in hand (a public count, the duel's and the
  costs' currency [Paying Costs]), and how far the Leader is from its Resolve [Stats:
  Resolve].

A seat's standing is the sum of those terms; its value is tanh((its standing - the best live
rival's) / VALUE_SCALE). A finished game's value is its final reward (0 for all on a truncation).
"""

import numpy as np
from numba import njit

from .common import loc_live, stat0
from .state import L_BAZAAR, L_DOCKS, L_FORUMS, MAX_CREW, NLOC, S_COM, S_INF, S_RES

#: standing difference worth ~0.76 of a win (tanh(1)): about three Renown
VALUE_SCALE = 3.0
#: weights of the standing terms, in Renown (module docstring)
LOCATION_W = 1.0
DOMINANCE_W = 0.5
DOMINANCE_ALL = 3.0
INFLUENCE_W = 0.15
COMBAT_W = 0.08
HAND_W = 0.1
LEADER_W = 1.0


@njit(cache=True)
def core_held(s, p):
    """Core City Locations p controls [Victory: Dominance]."""
    n = 0
    for l in (L_DOCKS, L_FORUMS, L_BAZAAR):
        if s.ctrl[l] == p:
            n += 1
    return n


@njit(cache=True)
def standing(s, p):
    """p's standing in Renown units (module docstring); p must still be in the game."""
    v = np.float64(s.renown[p])
    for l in range(NLOC):
        if loc_live(s, l) and s.ctrl[l] == p:
            v += LOCATION_W
    core = core_held(s, p)
    v += DOMINANCE_W * core
    if core == 3:
        v += DOMINANCE_ALL
    for c in range(MAX_CREW):
        if s.crew[p, c] > 0:
            v += INFLUENCE_W * stat0(s, p, c, S_INF) + COMBAT_W * stat0(s, p, c, S_COM)
    v += HAND_W * s.hand_n[p]
    if s.crew[p, 0] > 0:
        res = stat0(s, p, 0, S_RES)
        if res > 0:
            # the share of its Resolve the Leader has left [Stats: Resolve]
            v += LEADER_W * max(res - s.wounds[p, 0], 0) / res
    return v


@njit(cache=True)
def value(s, out):
    """Per-seat value in [-1, 1] of the position (module docstring)."""
    out[:] = 0.0
    n = s.num_players
    if s.done:
        # the game's own final reward: +1 each winner, -1 each loser; a Draw is 0 to the
        # players still tied and -1 to those a tie-breaker beat or who were out [Ties]
        for p in range(n):
            out[p] = s.reward[p]
        return
    if s.truncated:
        return
    st = np.zeros(n)
    for p in range(n):
        if not s.out[p]:
            st[p] = standing(s, p)
    for p in range(n):
        if s.out[p]:
            out[p] = -1.0
            continue
        best = -1e9
        for q in range(n):
            if q != p and not s.out[q] and st[q] > best:
                best = st[q]
        if best > -1e8:
            out[p] = np.tanh((st[p] - best) / VALUE_SCALE)


@njit(cache=True)
def value_at(states, i, out):
    """:func:`value` of ``states[i]`` (a record unboxes slowly from Python; an array does
    not)."""
    value(states[i], out)
