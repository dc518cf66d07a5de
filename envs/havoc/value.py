"""Seas of Havoc: a position's value per seat, for depth-limited search playouts.

``value(s, out)`` writes, for every seat, tanh((its final score as it stands - the best
rival side's) / VALUE_SCALE): the terminal reward's sign (+1 win, -1 loss [Ending the Game;
Final Scoring]) in the same [-1, 1] units, softened by the margin. Final scores count
Infamy, cards and upgrades and the Damage penalty as the rulebook's Final Scoring does
(scoring.final_score). Team mates (Teams Variant) and the ghost fleet (The Ghost Fleet) are
one side each (common.friendly). A kernel; envs/core/search.py calls it where a playout
stops early. Reads only what every seat sees (scores are public).
"""

import numpy as np
from numba import njit

from envs.havoc.common import friendly
from envs.havoc.scoring import final_score

#: score margin that is worth ~0.76 of a win (tanh(1)); a typical game ends 5-15 apart
VALUE_SCALE = 8.0


@njit(cache=True)
def value(s, out):
    """Per-seat value in [-1, 1] of the position (module docstring)."""
    out[:] = 0.0
    for p in range(s.num_players):
        mine = final_score(s, p)
        best = -1e9
        for c in range(s.num_crews):
            if not friendly(s, p, c):
                v = final_score(s, c)
                if v > best:
                    best = v
        if best > -1e8:
            out[p] = np.tanh((mine - best) / VALUE_SCALE)
