"""Cursed Seas forts [Forts; Building Forts; Treasure; Shooting; Abandoned forts; Destroying
forts; Docking; Unloading treasure; Repairing; Winning the Game].

A fort stands at the centre of a wild island: a square whose corners (its flags, the
cannons) lie FORT_R from the centre, so two opposite corners are on the island (ruling:
Forts). It is built at the end of its player's turn, paid with gold from her home island,
holds treasure that counts toward victory, shoots with its flags (lines of fire blocked only
by fog banks), loses a flag per hit (its player picks), is abandoned with no flags and
destroyed when hit abandoned: its gold goes back on the island, which reverts to an
unexplored wild island. Like terrain.py these kernels never call back into turns.py.
"""

import math

import numpy as np
from numba import njit

from envs.core.rng import die

from .common import cargo_room, fort_at, keywords, own_fort_at, reveal
from .crew import reach
from .geometry import aim_clear, bow_x, bow_y, mast_xy, pt_seg, seg_seg
from .state import (
    FORT_R, KW_CANNONEER, KW_LONG_GUNS, L_LEN, LOC_FORT, LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS,
    MAX_FLEET, MAX_FORTS, MAX_FORTS_P, MAX_SHIPS, PK_BUILD, PK_FLAG, PK_FORT_GUN, PK_PAY,
    S_LEN, SEG_L, SHIP_R, TERR_R, TR_FOG,
)


# ----- who, where ----------------------------------------------------------------------------------
@njit(cache=True)
def enemy_fort_at(s, i, p):
    f = fort_at(s, i) if i >= 0 else -1
    return f >= 0 and f // MAX_FORTS_P != p


@njit(cache=True)
def gold_in(s, loc, at):
    """Gold of the coins at ``loc`` (LOC_FORT: fort ``at``; LOC_HOME: seat ``at``'s home)."""
    g = 0
    for c in range(MAX_COINS):
        if s.co_loc[c] == loc and s.co_at[c] == at:
            g += s.co_val[c]
    return g


@njit(cache=True)
def flag_xy(s, f, g):
    """Flag g of fort f: at corner g of the square (45 + 90 g degrees)."""
    i = s.ft_isl[f]
    a = math.pi / 4.0 + g * math.pi / 2.0
    return s.isl_x[i] + FORT_R * math.cos(a), s.isl_y[i] + FORT_R * math.sin(a)


@njit(cache=True)
def nflag(s, f):
    return s.cfg.fort_nflag[f // MAX_FORTS_P, f % MAX_FORTS_P]


@njit(cache=True)
def flag_reach(s, f, g):
    return L_LEN if s.cfg.fort_range[f // MAX_FORTS_P, f % MAX_FORTS_P, g] == SEG_L else S_LEN


# ----- building ----------------------------------------------------------------------------------
@njit(cache=True)
def build_ok(s, f, i):
    """[Building Forts; ruling: Building forts] seat p may build fort f on island i
    (build_seen) and her home island holds at least its gold cost."""
    p = f // MAX_FORTS_P
    return build_seen(s, f, i) and \
        gold_in(s, LOC_HOME, p) >= s.cfg.fort_cost[p, f % MAX_FORTS_P]


@njit(cache=True)
def build_seen(s, f, i):
    """The prerequisites every seat can see: seat p owns fort f, not built nor destroyed;
    island i is wild with no fort, she has explored it (her token, or her ship there
    explored it) and a ship of hers is docked there. Her home gold is not read: the values
    of coins another seat has not looked at are hidden [Placing Treasure; Exploring]."""
    p = f // MAX_FORTS_P
    if s.cfg.fort_def[p, f % MAX_FORTS_P] < 0 or s.ft_isl[f] >= 0 or s.ft_gone[f]:
        return False
    if i < 0 or i >= s.n_islands or s.isl_home[i] >= 0 or fort_at(s, i) >= 0:
        return False
    docked = False
    explored = (s.isl_token[i] >> p) & 1
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] == p and s.sh_live[k] and s.sh_dock[k] == i and not s.sh_wreck[k]:
            docked = True
            if s.sh_explored[k]:
                explored = 1
    return docked and explored != 0


@njit(cache=True)
def may_build_any(s, p):
    """Some fort of p's meets the prerequisites every seat can see (build_seen)."""
    for j in range(MAX_FORTS_P):
        for i in range(s.n_islands):
            if build_seen(s, p * MAX_FORTS_P + j, i):
                return True
    return False


@njit(cache=True)
def ask_build(s, p):
    """At the end of her turn, if she meets the conditions, she may build (a decision).
    Every seat sees whether she is asked, so her hidden home gold must not decide it: she
    is asked whenever the open prerequisites hold (may_build_any), and her legal mask
    offers only the forts her gold pays for, declining always (ruling: Building forts)."""
    if not may_build_any(s, p):
        return False
    s.pending = PK_BUILD
    s.to_play = p
    s.pend_fort = -1
    return True


@njit(cache=True)
def build(s, f, i):
    """[Building Forts; Treasure] the fort stands on island i with every flag; face-down
    treasure on the island moves inside (now hers: she sees it); she then pays its cost
    from her home island (PK_PAY)."""
    p = f // MAX_FORTS_P
    s.ft_isl[f] = i
    s.ft_flags[f] = (1 << nflag(s, f)) - 1
    s.ft_acts[f] = 0
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_ISLAND and s.co_at[c] == i:
            s.co_loc[c] = LOC_FORT
            s.co_at[c] = f
            s.co_seen[c] |= 1 << p
    s.pending = PK_PAY
    s.pend_fort = f
    s.pend_paid = 0
    s.to_play = p


@njit(cache=True)
def pay(s, f, c):
    """[Building Forts] 'Take the gold used to pay for it from your home island and place
    it inside of the assembled fort; this gold still counts toward winning the game.'"""
    s.co_loc[c] = LOC_FORT
    s.co_at[c] = f
    s.pend_paid += s.co_val[c]
    return s.pend_paid >= s.cfg.fort_cost[f // MAX_FORTS_P, f % MAX_FORTS_P]


# ----- docking -----------------------------------------------------------------------------------
@njit(cache=True)
def fort_unload(s, k, f):
    """[Unloading treasure] docked at her own fort a ship unloads every coin worth gold
    into it (unique treasure, worth 0, stays aboard as at home)."""
    p = s.sh_owner[k]
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_SHIP and s.co_at[c] == k and s.co_val[c] > 0:
            s.co_loc[c] = LOC_FORT
            s.co_at[c] = f
            s.co_seen[c] |= 1 << p


# ----- shooting ----------------------------------------------------------------------------------
@njit(cache=True)
def fog_clear(s, px, py, qx, qy):
    for t in range(s.n_terr):
        if s.tr_kind[t] == TR_FOG and pt_seg(s.tr_x[t], s.tr_y[t], px, py, qx, qy) < TERR_R:
            return False
    return True


@njit(cache=True, inline="always")
def ship_line_to_fort(s, k, m, nm, f, px, py):
    """From mast m of ship k to a point of fort f [Shooting]: blocked by islands other than
    the fort's own, ships other than k, k's other masts and fog banks."""
    i = s.ft_isl[f]
    for g in range(nflag(s, f) + 1):
        if g < nflag(s, f):
            qx, qy = flag_xy(s, f, g)
        else:
            qx = s.isl_x[i]
            qy = s.isl_y[i]
        ok = fog_clear(s, px, py, qx, qy)
        for o in range(s.n_islands):
            if ok and o != i and pt_seg(s.isl_x[o], s.isl_y[o], px, py, qx, qy) < s.isl_r[o]:
                ok = False
        for o in range(MAX_SHIPS):
            if ok and o != k and s.sh_live[o] and s.sh_lost[o] < 0:
                if seg_seg(px, py, qx, qy, s.sh_x[o], s.sh_y[o], bow_x(s, o), bow_y(s, o)) \
                        < SHIP_R:
                    ok = False
        if ok and not s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET]:
            for o in range(nm):
                if o != m and (s.sh_masts[k] >> o) & 1:
                    ox, oy = mast_xy(s, k, o, nm)
                    if pt_seg(ox, oy, px, py, qx, qy) < 0.5 * SHIP_R:
                        ok = False
        if ok:
            return True
    return False


@njit(cache=True)
def fort_in_range(s, px, py, f, reach):
    i = s.ft_isl[f]
    return math.sqrt((s.isl_x[i] - px) ** 2 + (s.isl_y[i] - py) ** 2) - FORT_R <= reach


@njit(cache=True)
def ship_fort_ok(s, k, m, f):
    """Mast m of ship k may shoot fort f: an enemy fort standing, in range, line clear."""
    # the same range as at a ship: Long Guns make an S cannon reach L [Keywords; ruling: Keywords]
    return ship_fort_in(s, k, m, f, reach(s, k, m))


@njit(cache=True)
def ship_fort_in(s, k, m, f, r):
    """ship_fort_ok with the mast's range given: ``r`` (turns.ask_gun also asks it without
    Long Guns)."""
    if s.ft_isl[f] < 0 or f // MAX_FORTS_P == s.sh_owner[k] or s.sh_lost[k] >= 0:
        return False
    p = k // MAX_FLEET
    nm = s.cfg.ship_nmast[p, k % MAX_FLEET]
    px, py = mast_xy(s, k, m, nm)
    return fort_in_range(s, px, py, f, r) and ship_line_to_fort(s, k, m, nm, f, px, py)


@njit(cache=True)
def reveal_long_guns_fort(s, k, m, f):
    """Long Guns are used (and revealed) when an S cannon fires at a fort beyond S, as at a
    ship [Placing Crew and equipment: reveal a crew when using its ability; ruling: Keywords]."""
    p = k // MAX_FLEET
    if s.cfg.ship_range[p, k % MAX_FLEET, m] != SEG_L and keywords(s, k) & KW_LONG_GUNS:
        px, py = mast_xy(s, k, m, s.cfg.ship_nmast[p, k % MAX_FLEET])
        if not fort_in_range(s, px, py, f, S_LEN):
            reveal(s, k, KW_LONG_GUNS)


@njit(cache=True, inline="always")
def fort_ship_ok(s, f, g, j):
    """Flag g of fort f may shoot ship j: an enemy ship on the table, not docked at her home
    island, not lost, within the flag's range; the line is blocked only by fog banks
    ('not blocked by other ships, sea creatures, or islands')."""
    if not s.sh_live[j] or s.sh_wreck[j] or s.sh_lost[j] >= 0 or \
            s.sh_owner[j] == f // MAX_FORTS_P:
        return False
    q = s.sh_owner[j]
    if s.sh_dock[j] >= 0 and s.sh_dock[j] == s.home[q]:
        return False
    px, py = flag_xy(s, f, g)
    # any part of the target, as for a ship's cannon; only fog blocks a fort's line
    return aim_clear(s, px, py, j, flag_reach(s, f, g), -1, 0, 0)


@njit(cache=True, inline="always")
def fort_fort_ok(s, f, g, h):
    """Flag g of fort f may shoot enemy fort h (fort cannons shoot like ship cannons)."""
    if s.ft_isl[h] < 0 or h // MAX_FORTS_P == f // MAX_FORTS_P:
        return False
    px, py = flag_xy(s, f, g)
    if not fort_in_range(s, px, py, h, flag_reach(s, f, g)):
        return False
    return fog_clear(s, px, py, s.isl_x[s.ft_isl[h]], s.isl_y[s.ft_isl[h]])


@njit(cache=True)
def fort_target_ok(s, f, g, o):
    """Option o of PK_FORT_TARGET: ship o, or fort o - 32."""
    if o < MAX_SHIPS:
        return fort_ship_ok(s, f, g, o)
    if 32 <= o < 32 + MAX_FORTS:
        return fort_fort_ok(s, f, g, o - 32)
    return False


@njit(cache=True)
def flag_ok(s, f, g, fired):
    """Flag g of fort f may fire next: standing, not among ``fired`` this action, with a
    target (any order, as a ship's cannons [Forts: Shooting "just like" ships])."""
    if not (0 <= g < nflag(s, f)) or not (s.ft_flags[f] >> g) & 1 or (fired >> g) & 1:
        return False
    for o in range(32 + MAX_FORTS):
        if fort_target_ok(s, f, g, o):
            return True
    return False


@njit(cache=True)
def any_flag(s, f, fired):
    for g in range(nflag(s, f)):
        if flag_ok(s, f, g, fired):
            return True
    return False


@njit(cache=True, inline="always")
def fort_can_shoot(s, f):
    """[Forts: Shooting; Abandoned forts] a fort standing with a flag, not yet given its
    action this turn, with a target."""
    return s.ft_isl[f] >= 0 and s.ft_flags[f] != 0 and s.ft_acts[f] == 0 and \
        any_flag(s, f, 0)


@njit(cache=True)
def ask_flag(s, f):
    """Ask which flag fires next (those not fired this action with a target); False when
    the fort's shoot action is over."""
    if s.ft_isl[f] < 0 or not any_flag(s, f, np.int64(s.pend_fired)):
        s.pend_fort = -1
        return False
    s.pending = PK_FORT_GUN
    s.pend_fort = f
    s.pend_mast = -1
    s.pend_ship = -1
    s.to_play = f // MAX_FORTS_P
    return True


@njit(cache=True)
def roll_hits(s, rank, k):
    """A d6 of at least the rank hits, a 1 always misses; a ship's Cannoneer adds 1."""
    roll = die(s, 6)
    total = roll
    if k >= 0 and keywords(s, k) & KW_CANNONEER:
        reveal(s, k, KW_CANNONEER)
        total += 1
    return roll != 1 and total >= rank


@njit(cache=True)
def hit_fort(s, h):
    """[Abandoned forts; Destroying forts] 'When a fort is hit, its player eliminates a
    flag' (a decision); an abandoned fort hit is removed, its gold back on the island,
    which reverts to an unexplored wild island. True when a decision is pending."""
    if s.ft_flags[h] != 0:
        s.pending = PK_FLAG
        s.pend_target = -1
        s.pend_count = h
        s.to_play = h // MAX_FORTS_P
        return True
    i = s.ft_isl[h]
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_FORT and s.co_at[c] == h:
            s.co_loc[c] = LOC_ISLAND
            s.co_at[c] = i
    s.isl_token[i] = 0
    for k in range(MAX_SHIPS):
        if s.sh_dock[k] == i:
            s.sh_explored[k] = 0
    s.ft_isl[h] = -1
    s.ft_flags[h] = 0
    # removed from the game: the shoot action it was given this round (kept until its
    # player's next turn, forts_turn_begins) goes with it
    s.ft_acts[h] = 0
    s.ft_gone[h] = 1
    return False


@njit(cache=True)
def fort_units(s, p):
    """Forts that can still be given a shoot action count as units [Winning the Game]."""
    n = 0
    for j in range(MAX_FORTS_P):
        f = p * MAX_FORTS_P + j
        if s.ft_isl[f] >= 0 and s.ft_flags[f] != 0:
            n += 1
    return n


@njit(cache=True)
def init_forts(s):
    s.pend_fort = -1
    s.pend_paid = 0
    for f in range(MAX_FORTS):
        s.ft_isl[f] = -1
        s.ft_flags[f] = 0
        s.ft_gone[f] = 0
        s.ft_acts[f] = 0


@njit(cache=True)
def forts_turn_begins(s, p):
    for j in range(MAX_FORTS_P):
        s.ft_acts[p * MAX_FORTS_P + j] = 0


# ----- loading treasure from a fort ------------------------------------------------------------------
@njit(cache=True)
def load_ok(s, k, c):
    """[Forts: Treasure] "You may use a ship to load treasure from a fort and move it to
    another fort or to your home island, but a fort must always have a number of gold points
    inside of it equal to or greater than its gold point cost": ship k, docked at her
    player's fort, may take coin c from it when the gold left is still at least the fort's
    cost and she has a cargo space (a face-up unique coin needs none). A free action, one
    decision per coin (ruling: Loading from a fort); sea creatures load no treasure."""
    if not 0 <= k < MAX_SHIPS or not 0 <= c < MAX_COINS:
        return False
    if not s.sh_live[k] or s.sh_wreck[k] or s.sh_lost[k] >= 0 or \
            s.cfg.ship_creature[k // MAX_FLEET, k % MAX_FLEET]:
        return False
    i = s.sh_dock[k]
    if not own_fort_at(s, i, s.sh_owner[k]):
        return False
    f = fort_at(s, i)
    if s.co_loc[c] != LOC_FORT or s.co_at[c] != f:
        return False
    if gold_in(s, LOC_FORT, f) - s.co_val[c] < s.cfg.fort_cost[f // MAX_FORTS_P, f % MAX_FORTS_P]:
        return False
    return s.co_up[c] != 0 or cargo_room(s, k) > 0


@njit(cache=True)
def can_load(s, k):
    if not 0 <= k < MAX_SHIPS or s.sh_dock[k] < 0 or \
            not own_fort_at(s, s.sh_dock[k], s.sh_owner[k]):
        return False                     # cheap test first: the legal mask asks every turn
    for c in range(MAX_COINS):
        if load_ok(s, k, c):
            return True
    return False


@njit(cache=True)
def may_load_more(s, k):
    """Ship k may still be asked to load from the fort she is docked at, for all a seat
    that has not looked at its coins can tell: a coin is left inside. Whether the gold left
    lets one go (load_ok) reads hidden values, and every seat sees whether she is asked;
    her legal mask offers only the coins that may go, stopping always (ruling: Loading
    from a fort)."""
    f = fort_at(s, s.sh_dock[k])
    for c in range(MAX_COINS):
        if s.co_loc[c] == LOC_FORT and s.co_at[c] == f:
            return True
    return False


@njit(cache=True, inline="always")
def load(s, k, c):
    """Coin c goes aboard ship k; her player looks at it. True while she is asked for
    another (may_load_more)."""
    s.co_loc[c] = LOC_SHIP
    s.co_at[c] = k
    s.co_seen[c] |= 1 << s.sh_owner[k]
    return may_load_more(s, k)
