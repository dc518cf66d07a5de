"""Cursed Seas observation encoder: what one seat may know, observer first.

Sections: Placing Crew and equipment (crew face down: others' crew only as counts and the
keywords of crew turned face up), Placing Treasure / Exploring (treasure face down: a seat
knows the values of the coins it has looked at; of the others only counts), Fleets ("the
identities and complete statistics (including abilities) of all ships and forts in play are
considered open information": each ship's and fort's catalogue piece, nation, cost, base
move, masts or flags with their ranks and ranges; Tow: the fleet a ship is in now; Moving: at
a segment decision, where each segment would leave the ship, steer.py). Seats
are rotated so the observer is relative seat 0; positions are fractions of the table.
Layout constants are in state.py; the index table is on the docs page (env.py).
"""

import math

from numba import njit

from .common import masts_up
from .state import (
    LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_MASTS,
    MAX_PLAYERS, N_ISLAND, N_REEF, N_SEAT, N_SHIP, NUM_PK, OBS_ISLANDS, OBS_REEFS, OBS_SEATS,
    OBS_SHIPS, N_SHIP_X, N_TERR, OBS_SHIP_X, OBS_TERR,
    LOC_FORT, MAX_FORTS_P, N_FORT, OBS_FORTS,
)
from .common import can_ever_move_seen, crew_known
from .mysterious import has_effects
from .state import LINK_SHIP, MAX_FLAGS, MAX_SEGS, NUM_KW, NUM_NATIONS, OBS_SEGF, PK_SEGMENT
from .steer import segment_features


@njit(cache=True)
def _known_gold(s, seat, loc, at):
    """(coins, gold the seat knows of) at a place."""
    n = 0
    g = 0
    for c in range(MAX_COINS):
        if s.co_loc[c] == loc and s.co_at[c] == at:
            n += 1
            if (s.co_seen[c] >> seat) & 1:
                g += s.co_val[c]
    return n, g


@njit(cache=True)
def _cargo_seen(s, seat, p, j):
    """Cargo spaces of seat p's fleet slot j as ``seat`` knows them: the printed figure plus
    the +1 of each link whose crew the seat knows (a link tells which face-down crew are
    aboard) [Placing Crew and equipment: Linked crew and ships; ruling: Equipment]."""
    full = s.cfg.ship_cargo[p, j]
    shown = full
    for t in range(MAX_CREW_P):
        if s.cfg.crew_def[p, t] < 0 or s.cfg.crew_slot[p, t] != j:
            continue
        bits = s.cfg.crew_link[p, t]
        c = p * MAX_CREW_P + t
        if (bits >> LINK_SHIP) & 1:
            shown -= 0 if crew_known(s, c, seat) else 1
        for u in range(MAX_CREW_P):
            if (bits >> u) & 1:
                shown -= 0 if crew_known(s, c, seat) and \
                    crew_known(s, p * MAX_CREW_P + u, seat) else 1
    return max(shown, 0)


@njit(cache=True)
def observe(s, seat, out):
    # int(): a narrow state field is widened before it offsets an index (numba computes in
    # int64; as plain Python the sum would stay int8 and overflow past 127)
    out[:] = 0.0
    n = s.num_players
    o = 0
    out[o + min(max(int(s.phase), 0), 4)] = 1.0
    o += 5
    out[o + min(max(int(s.pending), 0), NUM_PK - 1)] = 1.0
    o += NUM_PK
    out[o] = min(s.turn, 200) / 200.0
    out[o + 1] = s.cfg.table_w / 30.0
    out[o + 2] = s.cfg.table_h / 30.0
    out[o + 3] = s.pend_count / 12.0
    o += 4
    for i in range(4):
        out[o + i] = (s.seg_used >> i) & 1
    o += 4
    if 0 <= s.pend_mast < MAX_MASTS:
        out[o + int(s.pend_mast)] = 1.0
    o += MAX_MASTS
    out[o + int(s.cfg.edge)] = 1.0
    o += 3
    for m in range(MAX_MASTS):           # cannons / flags fired this shoot action [Shooting]
        out[o + m] = (s.pend_fired >> m) & 1
    # seats
    for r in range(n):
        p = (seat + r) % n
        b = OBS_SEATS + r * N_SEAT
        out[b] = 1.0
        out[b + 1] = 1.0 if s.to_play == p else 0.0
        cnt, g = _known_gold(s, seat, LOC_HOME, p)
        out[b + 2] = cnt / 32.0
        out[b + 3] = g / 64.0
        # only what this seat can know: a face-down Shipwright of another seat is hidden
        out[b + 4] = 1.0 if can_ever_move_seen(s, p, seat) else 0.0
        out[b + 5] = 1.0 if s.order[s.cur] == p else 0.0
    # islands
    for i in range(s.n_islands):
        b = OBS_ISLANDS + i * N_ISLAND
        out[b] = 1.0
        out[b + 1] = s.isl_x[i] / s.cfg.table_w
        out[b + 2] = s.isl_y[i] / s.cfg.table_h
        out[b + 3] = s.isl_r[i]
        out[b + 4] = (s.isl_token[i] >> seat) & 1
        cnt, g = _known_gold(s, seat, LOC_ISLAND, i)
        out[b + 5] = cnt / 8.0
        out[b + 6] = g / 32.0
        out[b + 7] = 1.0 if s.isl_home[i] < 0 else 0.0
        out[b + 8] = 1.0 if s.pending == 2 else 0.0
        if s.isl_home[i] >= 0:
            out[b + 9 + int((s.isl_home[i] - seat + n) % n)] = 1.0
        # --- cargo / crew / equipment: pieces left ashore, face down: counts by kind
        for c in range(MAX_CREW):
            if s.cr_isl[c] == i:
                out[b + 9 + MAX_PLAYERS + int(s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P])] += 1.0 / 6.0
        out[b + 11 + MAX_PLAYERS] = 1.0 if has_effects(s, i) else 0.0
    # ships, by relative seat then fleet slot
    for r in range(n):
        p = (seat + r) % n
        for j in range(MAX_FLEET):
            k = p * MAX_FLEET + j
            if not s.sh_live[k]:
                continue
            b = OBS_SHIPS + (r * MAX_FLEET + j) * N_SHIP
            out[b] = 1.0
            out[b + 1] = s.sh_x[k] / s.cfg.table_w
            out[b + 2] = s.sh_y[k] / s.cfg.table_h
            out[b + 3] = math.cos(s.sh_h[k])
            out[b + 4] = math.sin(s.sh_h[k])
            out[b + 5] = s.sh_len[k]
            out[b + 6] = masts_up(s, k) / 5.0
            out[b + 7] = _cargo_seen(s, seat, p, j) / 8.0
            out[b + 8] = 1.0 if s.sh_dock[k] >= 0 else 0.0
            out[b + 9] = 1.0 if s.sh_dock[k] >= 0 and s.sh_dock[k] == s.home[s.sh_owner[k]] else 0.0
            out[b + 10] = 1.0 if s.sh_pin[k] >= 0 else 0.0
            out[b + 11] = s.sh_acts[k] / 2.0
            cnt, g = _known_gold(s, seat, LOC_SHIP, k)
            out[b + 12] = cnt / 8.0
            out[b + 13] = g / 32.0
            crew = 0
            equip = 0
            shown = 0
            nat = s.cfg.ship_nation[p, j]
            for c in range(MAX_CREW):
                if s.cr_ship[c] == k:
                    # the kind of a face-down piece is open, what it is is not
                    if s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
                        equip += 1
                    else:
                        crew += 1
                    if (s.cr_seen[c] >> seat) & 1 or s.cr_up[c]:
                        if s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P] or \
                                s.cfg.crew_nation[c // MAX_CREW_P, c % MAX_CREW_P] == nat:
                            shown |= s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P]
            for c in range(MAX_COINS):   # face-up unique treasure: its ability is open
                if s.co_up[c] and s.co_loc[c] == LOC_SHIP and s.co_at[c] == k:
                    shown |= s.co_kw[c]
            out[b + 14] = crew / 6.0
            out[b + 15] = 1.0 if k == s.pend_ship else (0.5 if k == s.pend_target else 0.0)
            out[b + 16 + r] = 1.0
            q = b + 16 + MAX_PLAYERS
            for m in range(s.cfg.ship_nmast[p, j]):
                out[q + m] = (s.sh_masts[k] >> m) & 1
                out[q + MAX_MASTS + m] = s.cfg.ship_rank[p, j, m] / 6.0
                out[q + 2 * MAX_MASTS + m] = 1.0 + s.cfg.ship_range[p, j, m]
            q += 3 * MAX_MASTS
            for t in range(NUM_KW):
                out[q + t] = (shown >> t) & 1
            out[q + NUM_KW] = s.sh_wreck[k]
            out[q + NUM_KW + 1] = equip / 6.0
            out[q + NUM_KW + 2] = s.sh_scuttle[k] / 2.0
            _ship_stats(s, p, j, out, q + NUM_KW + 3)
    _observe_sea(s, seat, out)
    for r in range(s.n_reefs):
        b = OBS_REEFS + r * N_REEF
        out[b] = 1.0
        out[b + 1] = s.rf_x[r] / s.cfg.table_w
        out[b + 2] = s.rf_y[r] / s.cfg.table_h
        out[b + 3] = s.rf_rating[r] / 6.0
    # each segment's end pose [Moving], for the seat to play only: which segments are left
    # can hang on a face-down Oarsman [Placing Crew and equipment]
    if s.pending == PK_SEGMENT and seat == s.to_play:
        segment_features(s, out, OBS_SEGF)


@njit(cache=True, inline="always")
def _ship_stats(s, p, j, out, b):
    """Seat p's fleet slot j, open to all [Fleets]: catalogue piece, nation, point cost and
    printed base move (per segment 1 = S, 2 = L)."""
    out[b] = (s.cfg.ship_def[p, j] + 1) / 32.0
    out[b + 1 + min(max(int(s.cfg.ship_nation[p, j]), 0), NUM_NATIONS - 1)] = 1.0
    out[b + 1 + NUM_NATIONS] = s.cfg.ship_cost[p, j] / 16.0
    for g in range(min(max(s.cfg.ship_nseg[p, j], 0), MAX_SEGS)):
        out[b + 2 + NUM_NATIONS + g] = 1.0 + s.cfg.ship_seg[p, j, g]


# --- forts / terrain / creatures ---------------------------------------------------------------
@njit(cache=True, inline="always")
def _observe_sea(s, seat, out):
    """Terrain pieces (kind, place, iceberg number and stuck, Sargasso rating, a trade
    current's owner relative to the observer) and, per ship, lost / tangled / sea creature:
    all open information on the table."""
    n = s.num_players
    for t in range(s.n_terr):
        b = OBS_TERR + t * N_TERR
        if s.tr_kind[t] == 0:
            continue
        out[b] = 1.0
        out[b + 1] = s.tr_x[t] / s.cfg.table_w
        out[b + 2] = s.tr_y[t] / s.cfg.table_h
        out[b + 3] = s.tr_num[t] / 6.0 + s.ice_roll / 60.0
        out[b + 4] = s.tr_rating[t] / 6.0 + 0.5 * s.tr_stuck[t]
        out[b + 5 + min(max(int(s.tr_kind[t]), 0), 5)] = 1.0
        if s.tr_owner[t] >= 0:
            out[b + 11 + int((s.tr_owner[t] - seat + n) % n)] = 1.0
    for r in range(n):
        p = (seat + r) % n
        for j in range(MAX_FLEET):
            k = p * MAX_FLEET + j
            if not s.sh_live[k]:
                continue
            b = OBS_SHIP_X + (r * MAX_FLEET + j) * N_SHIP_X
            out[b] = 1.0 if s.sh_lost[k] >= 0 else 0.0
            out[b + 1] = 1.0 if s.sh_tangled[k] >= 0 else 0.0
            out[b + 2] = 1.0 if s.cfg.ship_creature[p, j] else 0.0
            # --- tow: the fleet she is in now (relative seat), towing, in tow [Tow]
            out[b + 3 + int((s.sh_owner[k] - seat + n) % n)] = 1.0
            out[b + 3 + MAX_PLAYERS] = 1.0 if s.sh_tow[k] >= 0 else 0.0
            for t in range(s.sh_tow.shape[0]):
                if s.sh_tow[t] == k:
                    out[b + 4 + MAX_PLAYERS] = 1.0
    for r in range(n):
        p = (seat + r) % n
        for j in range(MAX_FORTS_P):
            f = p * MAX_FORTS_P + j
            b = OBS_FORTS + (r * MAX_FORTS_P + j) * N_FORT
            if s.cfg.fort_def[p, j] < 0:
                continue
            out[b] = 1.0                                   # in the collection
            out[b + 7] = s.ft_gone[f]
            # which fort, its gold cost, each flag's rank and range: open [Fleets; Forts]
            q = b + 8 + MAX_FLAGS
            out[q] = (s.cfg.fort_def[p, j] + 1) / 8.0
            out[q + 1] = s.cfg.fort_cost[p, j] / 10.0
            for g2 in range(min(max(s.cfg.fort_nflag[p, j], 0), MAX_FLAGS)):
                out[q + 2 + g2] = s.cfg.fort_rank[p, j, g2] / 6.0
                out[q + 2 + MAX_FLAGS + g2] = 1.0 + s.cfg.fort_range[p, j, g2]
            i = s.ft_isl[f]
            if i < 0:
                continue
            out[b + 1] = 1.0
            out[b + 2] = s.isl_x[i] / s.cfg.table_w
            out[b + 3] = s.isl_y[i] / s.cfg.table_h
            cnt, g = _known_gold(s, seat, LOC_FORT, f)
            out[b + 4] = cnt / 8.0
            out[b + 5] = g / 32.0
            out[b + 6] = s.ft_acts[f]
            for g2 in range(s.cfg.fort_nflag[p, j]):
                out[b + 8 + g2] = 1.0 + ((s.ft_flags[f] >> g2) & 1)
