"""Seas of Havoc: final scores, standings and the terminal reward.

Implements [Ending the Game], [Final Scoring] (Infamy track + Infamy of owned cards and active
upgrades, Damage cards -1 each; ties: most resources, then least Damage), [Teams Variant]
(team score = members' total // members) and [Ghost Fleet: Ending the Game] (players divide
by their count, the fleet does not). Readings: docs/rulings.md "Final scoring and the end".

``final_score`` reads any live state, so infos can show the score a crew would finish with.
"""

import numpy as np
from numba import njit

from envs.core.spec import NO_SEAT
from envs.havoc import ghost
from envs.havoc.cards import (
    CARD_INFAMY, DAMAGE_DEF, SHIP_UPGRADES, UPGRADE_INFAMY,
)
from envs.havoc.common import is_ghost, total_resources
from envs.havoc.state import MAX_CREWS, NDEFS, PH_OVER


@njit(cache=True)
def damage_cards(s, c):
    """Damage cards c owns (deck, hand, discard); for a ghost crew the whole fleet's."""
    if is_ghost(s, c):
        return ghost.fleet_damage(s)
    n = s.hand[c, DAMAGE_DEF] + s.discard[c, DAMAGE_DEF]
    for i in range(s.deck_n[c]):
        n += s.deck[c, i] == DAMAGE_DEF
    return n


@njit(cache=True)
def final_score(s, c):
    """Infamy scored + Infamy on cards owned (deck, hand, discard; Damage -1) + Infamy on
    active upgrades [Final Scoring; ruling: Final score]. A ghost crew returns the Ghost
    Fleet's collective score [Ghost Fleet Concepts: Collective Scoring]."""
    if is_ghost(s, c):
        return ghost.fleet_score(s)
    total = np.int64(s.infamy[c])
    for d in range(NDEFS):
        total += (s.hand[c, d] + s.discard[c, d]) * np.int64(CARD_INFAMY[d])
    for i in range(s.deck_n[c]):
        total += CARD_INFAMY[s.deck[c, i]]
    sd = s.crew_shipdef[c]
    for k in range(2):
        if s.upgrade_on[c, k]:
            total += UPGRADE_INFAMY[SHIP_UPGRADES[sd, k]]
    return total


@njit(cache=True)
def _side_totals(s, t):
    """(score, resources, damage, ships) of team t [Final Scoring; Teams Variant].

    A team's Infamy is its members' total divided by their number, rounded down. The Ghost
    Fleet (a side of ghost crews) has one collective score, not divided [Ghost Fleet:
    Ending the Game], and its Damage is its shared piles'. For the tie-breakers every side
    is compared per ship - per player, per ghost ship [ruling: Ghost Fleet tie-breakers].
    """
    score = np.int64(0)
    res = np.int64(0)
    dmg = np.int64(0)
    members = 0
    ghosts = 0
    for c in range(s.num_crews):
        if s.crew_team[c] != t:
            continue
        res += total_resources(s, c)
        if is_ghost(s, c):
            ghosts += 1
            continue
        members += 1
        score += final_score(s, c)
        dmg += damage_cards(s, c)
    if ghosts > 0:
        return ghost.fleet_score(s), res, ghost.fleet_damage(s), ghosts
    return score // members, res, dmg, members


@njit(cache=True)
def _compare(a, b):
    """+1 if side a ranks above b, -1 below, 0 tied [Final Scoring; ruling: Ties]. Sides are
    (score, resources, damage, ships); resources and Damage compare per ship, exactly (by
    cross-multiplying) [ruling: Team tie-breakers]."""
    if a[0] != b[0]:
        return 1 if a[0] > b[0] else -1
    ra = a[1] * b[3]
    rb = b[1] * a[3]
    if ra != rb:
        return 1 if ra > rb else -1
    da = a[2] * b[3]
    db = b[2] * a[3]
    if da != db:
        return 1 if da < db else -1
    return 0


@njit(cache=True)
def standings(s, out):
    """out[c] = 1 for every crew on a winning side, 0 otherwise; returns the number of sides
    that share the win and the number of sides."""
    sides = np.zeros((MAX_CREWS, 4), dtype=np.int64)
    team_of = np.full(MAX_CREWS, -1, dtype=np.int64)
    n = 0
    for c in range(s.num_crews):
        t = s.crew_team[c]
        seen = False
        for k in range(n):
            if team_of[k] == t:
                seen = True
        if not seen:
            team_of[n] = t
            sc, res, dmg, m = _side_totals(s, t)
            sides[n, 0] = sc
            sides[n, 1] = res
            sides[n, 2] = dmg
            sides[n, 3] = m
            n += 1
    best = 0
    for k in range(1, n):
        if _compare(sides[k], sides[best]) > 0:
            best = k
    winners = 0
    for k in range(n):
        if _compare(sides[k], sides[best]) == 0:
            winners += 1
            for c in range(s.num_crews):
                if s.crew_team[c] == team_of[k]:
                    out[c] = 1
    return winners, n


@njit(cache=True)
def finish_game(s):
    """Game over: winners +1, losers -1, all 0 when every side ties [Ending the Game; Final
    Scoring]. Tied winners share the win."""
    if s.done:
        return
    s.phase = PH_OVER
    s.done = 1
    s.to_play = NO_SEAT
    won = np.zeros(MAX_CREWS, dtype=np.int64)
    winners, sides = standings(s, won)
    s.winner_mask = 0
    if winners == sides:
        return
    for c in range(s.num_crews):
        seat = s.crew_seat[c]
        if seat < 0:
            continue
        if won[c]:
            s.winner_mask |= 1 << seat
            s.reward[seat] += 1.0
        else:
            s.reward[seat] -= 1.0
