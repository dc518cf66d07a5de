"""Cursed Seas sea creatures: the ways they differ from ships [Sea Creatures]
(ruling: Sea creatures).

Sea creatures are ships of the catalogue with a creature keyword (our own: kraken, sea
serpent, leviathan); segments act as masts for shooting and damage. Here: a creature with no
segments left is eliminated. The other differences are checks in the kernels that own the
rule: move and shoot actions only (turns.action_ok), no ramming or being rammed, pinned or
boarded (turns.end_move), no loading treasure (turns.end_move, no explore action), no crew
(config.check_fleet), its own segments never block its line of fire (geometry.line_clear),
a reef, iceberg or mysterious-island storm that takes its last segment eliminates it
(turns.reef_check, terrain.ice_damage, rules PK_MYST_DOWN), a whirlpool never takes its last segment
(terrain.whirl_loss_ok).
"""

from numba import njit

from .common import sink
from .state import MAX_FLEET


@njit(cache=True)
def is_creature(s, k):
    return s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET] != 0


@njit(cache=True)
def creature_check(s, k):
    """[Sea Creatures] 'When a sea creature has no segments, it is eliminated.'"""
    if s.sh_live[k] and s.sh_masts[k] == 0 and is_creature(s, k):
        sink(s, k)
