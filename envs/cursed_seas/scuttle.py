"""Cursed Seas scuttling: a player's free action on one of her derelicts.

Section: Scuttling ("at any time during your turn, you can give one of your derelict ships a
free action and declare that you plan to scuttle that ship. Roll a d6. On a result of 5 or
6, that derelict ship sinks at the beginning of your next turn. If an opponent begins to tow
that ship before the beginning of your next turn, the scuttle attempt fails (tow.py) ... All
crew, equipment, and treasure on a scuttled ship are eliminated"). Readings: docs/rulings.md (ruling: Scuttling).
"""

from numba import njit

from envs.core.rng import die

from .common import sink
from .state import MAX_SHIPS, SC_NONE, SC_SINKS, SC_TRIED


@njit(cache=True)
def scuttle_ok(s, k):
    """A derelict (no masts, not a wreck) not declared yet since her player's last turn."""
    return s.sh_live[k] and not s.sh_wreck[k] and s.sh_masts[k] == 0 and \
        s.sh_scuttle[k] == SC_NONE


@njit(cache=True)
def scuttle(s, k):
    """Declare: a d6 of 5 or 6 dooms her; otherwise the attempt is spent for this turn."""
    s.sh_scuttle[k] = SC_SINKS if die(s, 6) >= 5 else SC_TRIED


@njit(cache=True, inline="always")
def scuttle_due(s, p):
    """At the beginning of seat p's turn her doomed ships sink with everything aboard;
    a failed attempt may be made again. True when a ship sank."""
    sank = False
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] != p:           # her fleet now [Tow]
            continue
        if s.sh_scuttle[k] == SC_SINKS and s.sh_live[k]:
            sink(s, k)
            sank = True
        s.sh_scuttle[k] = SC_NONE
    return sank
