"""Cursed Seas mysterious islands: the d6 table rolled when a ship docks.

Section: Docking: Mysterious islands ("when you dock at a mysterious island, before any other
action is taken (including any free explore action), roll a d6 for special effects as
indicated by the table on the island. The rolled effect occurs immediately ... determined
each time a ship docks there ... If you can't fulfill a mysterious island effect, ignore
it"); Placing Islands: Mysterious Islands (played with effects or as regular islands: config
``mysterious``); Building Forts ("the effects of a mysterious island are ignored if a fort is
present on the island"). The tables are our own design (pieces.toml). Readings: docs/rulings.md
(ruling: Mysterious islands).
"""

from numba import njit

from envs.core.rng import die

from .common import masts_up, nmast
from .forts import fort_at
from .state import (
    LOC_ISLAND, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_ISLANDS, MY_CACHE, MY_FEVER,
    MY_GHOST, MY_STORM, MY_WATER, PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP,
)


@njit(cache=True)
def has_effects(s, i):
    """Island i rolls on docking: effects are played, it is a mysterious piece, and it is
    wild (a mysterious home island is played plain)."""
    if s.cfg.myst_mode == 0 or not 0 <= i < s.n_islands or s.isl_home[i] >= 0:
        return False
    if fort_at(s, i) >= 0:
        return False                     # ignored where a fort stands [Building Forts]
    q = s.isl_piece[i]
    return 0 <= q < MAX_ISLANDS and s.cfg.island_myst[q] != 0


@njit(cache=True)
def crew_aboard(s, k):
    for c in range(MAX_CREW):
        if s.cr_ship[c] == k and not s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
            return True
    return False


@njit(cache=True, inline="always")
def myst_roll(s, k, i):
    """Ship k has just docked at island i: roll and apply its effect. True when her player
    must choose (a crew or a mast): the pending decision is set."""
    if not has_effects(s, i):
        return False
    r = die(s, 6)
    s.myst_roll = r
    fx = s.cfg.island_fx[s.isl_piece[i], r - 1]
    p = s.sh_owner[k]
    full = (1 << nmast(s, k)) - 1
    if fx == MY_FEVER and crew_aboard(s, k):
        s.pending = PK_MYST_CREW
    elif fx == MY_WATER and s.sh_masts[k] != full:
        s.pending = PK_MYST_UP
    elif fx == MY_STORM and masts_up(s, k) > 0:
        s.pending = PK_MYST_DOWN
    else:
        if fx == MY_GHOST:
            s.sh_acts[k] = 2             # no further action this turn
        elif fx == MY_CACHE:
            for c in range(MAX_COINS):
                if s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i:
                    s.co_seen[c] |= 1 << p
        return False
    s.pend_ship = k
    s.to_play = p
    return True
