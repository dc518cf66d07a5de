"""7th Sea CCG: a position's value per seat, for depth-limited search playouts.

``value(s, out)`` writes each seat's estimated return in terminal reward units [-1, 1]
(+1 win, -1 loss [ruling: Rewards]). A kernel: envs/core/search.py calls it where a
playout stops early. It reads only what every seat sees (cards in play, pile and hand
sizes), so every determinisation of a position has the same value.

How the game is won [The Object]: be the last Captain sailing (sinking your Captain to
absorb a Hit sinks your Ship [Suffering Hits]), or (revised) be the only player with a
Control attachment in each of the five Seas at the end of the turn [Glossary: Control].
So a seat's standing (:func:`strength`) counts:

* how many Hits its Ship can absorb before the Captain must sink [Suffering Hits]: each
  untacked Crew absorbs its Swashbuckling once by tacking (not Skeletal Crew [Skeletal];
  one already tacked, to pay a cost, fire or absorb, cannot tack again until IV. Untack),
  and each Crew but the Captain once more by sinking;
* how hard it hits back: its best gunner's Cannon plus the gunnery traits aboard [9.
  Perform a Cannon Attack], and its best fighter's Swashbuckling + Swordsman [Boarding];
* the Seas it Controls [Glossary: Control], each worth a Crew;
* cards in hand (a public count): Crew to hire, Reacts to absorb Hits [II. Actions].

A seat's value is tanh((its strength - the strongest rival's) / VALUE_SCALE); a sunk seat's
is -1; a finished game's is its reward (0 for all on a truncation); during set-up, while the
starting Crew are secret [Game Set-Up], 0 for all.

Tacked crew: a playout is cut inside a turn, mostly in the Actions Phase, where a Cannon
Attack absorbed by tacking leaves the target's crew unable to tack again this turn: the next
Hits must be absorbed by sinking [Suffering Hits]. Counting every crew's tack whatever its
state made a Cannon Attack absorbed by tacking worth nothing to the search; the heuristic
fires whenever it can and out-shot it. Counting only untacked crew (with the search prune,
prune.py) against two heuristics at 3 players: `mcts:400` 48.0% -> 58.0% of 200, `mcts:1600`
54.5% -> 66.5% of 200 (main: 43.0%); at 2 players `mcts:1000` 95% -> 92% of 100 (main: 81%;
benchmarks/RESULTS.md).

With three or four seats (measured, not kept): the value as a probability of winning
(2 * softmax of strengths / (VALUE_SCALE / 2) - 1, equal to this one with two seats), and
each seat's total Cannon instead of its best gunner's, moved `mcts:400` at 3 players by
less than the noise of 100-200 games (51%, 51%; prune alone 48%). What decides 3-player
games with the default decks is the decks: three heuristics win 92% of games in the Sea
Dogs seat (benchmarks/RESULTS.md).
"""

import numpy as np
from numba import njit

from .cards import CARD
from .common import cannon_traits, is_skeletal, skill, swordsman
from .state import CANNON, C_ARMOUR, C_CONTROL, HOST_SEA, MAX_CREW, NSEAS, PH_START, SWASH

#: strength difference worth ~0.76 of a win (tanh(1)): about two typical crew
VALUE_SCALE = 10.0
#: weights of the strength terms, in Hits absorbed (module docstring)
GUN_W = 1.0
FIGHT_W = 0.5
CONTROL_W = 3.0
HAND_W = 0.25


@njit(cache=True)
def soak(s, p):
    """Hits p's Ship can still absorb before its Captain must sink [Suffering Hits;
    Skeletal]: a crew tacks to absorb only while untacked (module docstring)."""
    v = 0
    for j in range(MAX_CREW):
        d = s.crew[p, j]
        if d < 0:
            continue
        sw = max(0, skill(s, p, j, SWASH))
        if not is_skeletal(d) and not s.tacked[p, j]:
            v += sw          # tacking (an untacked crew only)
        if j > 0:
            v += sw          # sinking (the Captain's sinks the Ship)
    return v


@njit(cache=True)
def controlled_seas(s, p):
    """Seas in which p has a Control attachment [Glossary: Control]."""
    seas = 0
    for a in range(s.att_n[p]):
        h = s.att_host[p, a]
        if h >= HOST_SEA and h < HOST_SEA + NSEAS and CARD[s.att[p, a], C_CONTROL]:
            seas |= 1 << (h - HOST_SEA)
    n = 0
    for k in range(NSEAS):
        n += (seas >> k) & 1
    return n


@njit(cache=True)
def strength(s, p):
    """p's standing in Hits absorbed (module docstring); reads only cards in play and the
    hand's size."""
    gun = 0
    fight = 0
    for j in range(MAX_CREW):
        if s.crew[p, j] >= 0:
            gun = max(gun, skill(s, p, j, CANNON))
            fight = max(fight, skill(s, p, j, SWASH) + swordsman(s, p, j))
    # the gunnery traits aboard, not the armour of any one target [ruling: Cannon traits]
    gun += cannon_traits(s, p, p) + CARD[s.ship[p], C_ARMOUR]
    return (np.float64(soak(s, p)) + GUN_W * max(gun, 0) + FIGHT_W * max(fight, 0)
            + CONTROL_W * controlled_seas(s, p) + HAND_W * s.hand_n[p])


@njit(cache=True)
def value(s, out):
    """Per-seat value in [-1, 1] of the position (module docstring)."""
    out[:] = 0.0
    n = s.num_players
    if s.done or s.truncated:
        for p in range(n):
            if s.done:
                out[p] = 1.0 if (s.winner_mask >> p) & 1 else -1.0
        return
    if s.phase == PH_START:
        # the starting Crew are chosen in secret and revealed together [Game Set-Up], and
        # they also set each Captain's skills (his crew ability): nothing to compare yet
        return
    st = np.zeros(n)
    for p in range(n):
        if s.alive[p]:
            st[p] = strength(s, p)
    for p in range(n):
        if not s.alive[p]:
            out[p] = -1.0
            continue
        best = -1e9
        for q in range(n):
            if q != p and s.alive[q] and st[q] > best:
                best = st[q]
        if best > -1e8:
            out[p] = np.tanh((st[p] - best) / VALUE_SCALE)
