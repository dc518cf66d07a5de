"""Seas of Havoc observation encoder: everything one seat may know, from its point of view.

What is public and what is hidden follows the rulebook: hands are "held, hidden from others"
and decks are face-down piles [Core Concepts: Deck Management]; discard piles are face up;
purchases go to hand in view of everyone [Island Phase Step 2], so the union of another
crew's hand and deck is public knowledge even though the split is not; booty may be
"secretly checked" by its owner only and wrecks lie face down [Salvaging Shipwrecks: Booty];
the Market deck is shuffled face down [Island Setup 4]; ghost hands are dealt face down
[Ghost Fleet Setup]. Nothing here reads a deck order, another crew's hand, a face-down
token value or the rng.

Point of view: crews are listed observer first, then the other seats in turn order, then
ghost crews; once the observer's (first) ship is on the grid and setup is over, the torus
grid is translated so that ship sits on square (3, 3) and rotated so it faces north (the
wrapping grid makes every square and heading equivalent [Sailing off the Edge]); headings
and the gust direction are given in that frame. Card features come from ``CARD_FEAT`` (cost,
infamy, type, maneuver summary, cannons, effect, flag) next to each card's def one-hot.

Tactical features, all read off the public board [Cannon Fire; Scoring a Hit; Sailing off
the Edge] (the grid one-hots carry the same facts, but an MLP does not find "who is on
whose beam" in 36 x 13 one-hots): each ship's position relative to the observer's own ship
and its heading in the observer's frame; for each of the observer's ships and each side,
the first ship a shot would hit (range 1-5, rocks block, the board wraps), whether it is a
rival and whether the shot would rake; for every rival ship, whether its shot from each side
would hit one of the observer's ships; for the card being resolved, which of its cannon
options would hit a rival from which side (with the firer's range upgrade); and which
Market cards the observer can pay for [Card Purchases; Booty] (its own booty included, which
it alone knows).

The layout table is ``LAYOUT`` (name, offset, size, meaning) and is reproduced in env.py.
"""

import numpy as np
from numba import njit

from envs.havoc import cards as C
from envs.havoc.cannon import fire_range, is_raking, side_dir, trace_shot
from envs.havoc.common import can_pay, friendly
from envs.havoc.state import (
    DC, DEFAULT_MAX_STEPS, DR, EFFECT_NAMES, GHOST_DECK, GRID, MARKET_SIZE, MAX_ALTS,
    MAX_CANNON_OPTS, MAX_CREWS, MAX_STEPS, NDEFS, NUM_CAPTAINS, NUM_FLAGS, NUM_GHOST_CARDS,
    NUM_PENDING_KINDS, NUM_SHIP_DEFS, NUM_SLOTS, NUM_UPGRADE_DEFS, PH_SETUP, PK_BOOTY,
    PK_FIRE_SIDE, STEP_FORWARD, STEP_LEFT, STEP_RIGHT, UPGRADE_EFFECT_NAMES, VAR_GHOST,
)

NUM_PHASES = 5
NUM_STAGES = 11
NUM_VARIANTS = 4
PEND_SLOT_VALUES = 16
PEND_SOURCE_VALUES = 32       # 0-15 direct, 16 + (source - 100) for 100+ sources
CENTER = GRID // 2

# scales: every feature is a count or amount divided by a typical maximum
S_RES = np.array([9.0, 8.0, 10.0])
S_CARDS = 4.0
S_INFAMY = 60.0


# --- card and upgrade feature tables (Python, at import) ----------------------------------
def _path_summary(steps):
    """forward, left, right counts; end offset ahead / to starboard; final heading change."""
    f = l = r = 0
    h = 0
    ahead = side = 0
    for st in steps:
        if st == STEP_FORWARD:
            f += 1
            ahead += (1, 0, -1, 0)[h]
            side += (0, 1, 0, -1)[h]
        elif st == STEP_LEFT:
            l += 1
            h = (h + 3) % 4
        elif st == STEP_RIGHT:
            r += 1
            h = (h + 1) % 4
    turn = np.zeros(4)
    turn[h] = 1.0
    return [f / 6, l / 3, r / 3, ahead / 6, side / 6, *turn]


PATH_FEAT = 9
CARD_FEAT_NAMES = (
    ["kind_" + k for k in ("starter", "ability", "market", "damage")]
    + ["type_" + t for t in ("sailing", "firing", "pivot", "sailing_firing", "ability", "damage")]
    + ["cost_" + k for k in ("sail", "cannon", "coin", "any")] + ["infamy"]
    + ["move_alts"] + [f"move{a}_{x}" for a in range(MAX_ALTS)
                       for x in ("F", "L", "R", "ahead", "side", "hN", "hE", "hS", "hW")]
    + ["ext_alts"] + [f"ext{a}_{x}" for a in range(MAX_ALTS)
                      for x in ("F", "L", "R", "ahead", "side", "hN", "hE", "hS", "hW")]
    + ["ext_" + k for k in ("none", "sail", "free")]
    + ["fire_" + k for k in ("none", "start", "end", "ext", "each")]
    + [f"cannon{k}_{x}" for k in range(MAX_CANNON_OPTS) for x in ("range", "cost", "shots")]
    + ["cannon_opts"] + ["effect_" + e for e in EFFECT_NAMES] + ["effect_arg"]
    + ["flag_" + f for f in ("none", "purser", "breaker", "lookout", "swift")]
)
CARD_F = len(CARD_FEAT_NAMES)


def _card_features():
    out = np.zeros((NDEFS, CARD_F), dtype=np.float32)
    for d in range(C.NUM_CARD_DEFS):
        v = []
        v += list(np.eye(4)[C.CARD_KIND[d]]) + list(np.eye(6)[C.CARD_TYPE[d]])
        v += [C.CARD_COST[d, k] / 4 for k in range(4)] + [C.CARD_INFAMY[d] / 3]
        for moves, alts in ((C.CARD_MOVE, C.CARD_MOVE_ALTS), (C.CARD_EXT, C.CARD_EXT_ALTS)):
            v.append(alts[d] / MAX_ALTS)
            for a in range(MAX_ALTS):
                v += _path_summary(moves[d, a]) if a < alts[d] else [0.0] * PATH_FEAT
        v += list(np.eye(3)[C.CARD_EXT_COST[d]]) + list(np.eye(5)[C.CARD_FIRE_AT[d]])
        for k in range(MAX_CANNON_OPTS):
            rng, cost, shots = C.CARD_CANNON[d, k]
            v += [rng / 5, cost / 3, shots / 3]
        v.append(C.CARD_CANNON_N[d] / MAX_CANNON_OPTS)
        v += list(np.eye(len(EFFECT_NAMES))[C.CARD_EFFECT[d]]) + [C.CARD_EFFECT_ARG[d] / 3]
        v += list(np.eye(5)[C.CARD_FLAG[d] + 1])
        out[d] = v
    return out


UPG_F = 4 + 1 + len(UPGRADE_EFFECT_NAMES) + 1


def _upgrade_features():
    out = np.zeros((NUM_UPGRADE_DEFS, UPG_F), dtype=np.float32)
    for u in range(NUM_UPGRADE_DEFS):
        out[u, :4] = C.UPGRADE_COST[u] / 4
        out[u, 4] = C.UPGRADE_INFAMY[u] / 5
        out[u, 5 + C.UPGRADE_EFFECT[u]] = 1.0
        out[u, -1] = C.UPGRADE_ARG[u] / 3
    return out


CARD_FEAT = _card_features()
UPG_FEAT = _upgrade_features()
GHOST_CARD_IDS = NUM_GHOST_CARDS + 1       # ghost cards and the ghost deck's Damage id

# --- layout ----------------------------------------------------------------------------------
LAYOUT = []


def _field(name, size, meaning):
    off = LAYOUT[-1][1] + LAYOUT[-1][2] if LAYOUT else 0
    LAYOUT.append((name, off, size, meaning))
    return off


O_PHASE = _field("phase", NUM_PHASES, "one-hot: setup, island, purchase, sea, over")
O_ROUND = _field("round", 1, "round / 20")
O_DAMAGE = _field("damage", 2, "damage deck left / 40, cards taken from the box / 10")
O_PILES = _field("piles", 2, "market deck size / 64, face-down shipwreck stack / 9")
O_GUST = _field("gust", 4, "gust direction one-hot in the observer's frame (N=ahead)")
O_VARIANT = _field("variant", NUM_VARIANTS, "one-hot: standard, two_ship, teams, ghost")
O_COUNTS = _field("counts", 2, "players / 5, crews / 6")
O_MISC = _field("misc", 4, "extra turn (Swift), egocentric frame on, decisions / max_steps, "
                "Sea Phases without Damage / stall_limit (0 when off)")
O_PEND = _field("pending", NUM_PENDING_KINDS, "pending decision kind one-hot (PK_*)")
O_PCOUNT = _field("pend_count", 1, "choices left in the pending decision / 4")
O_PSHIP = _field("pend_ship", MAX_CREWS + 2, "ship concerned: relative crew one-hot, which "
                 "of its ships (2)")
O_PSLOT = _field("pend_slot", PEND_SLOT_VALUES, "pend_slot one-hot (market index / slot); "
                 "not for a booty choice")
O_PRES = _field("pend_res", 3, "resource chosen in a trade")
O_PSRC = _field("pend_source", PEND_SOURCE_VALUES, "what asked the decision: 0-15 slot/source "
                "id, 16+ for 100+ sources")
O_PBOOTY = _field("pend_booty", 1, "value / 4 of the booty just salvaged, only for the crew "
                  "choosing")
O_PAY = _field("payment", 7, "payment in progress: sail, cannon, coin, any units left / 4, "
               "booty value left / 4 (only for the crew paying), then the firing side next; "
               "'any' resources of a scrapped card left / 4")
O_CARD = _field("card", NDEFS, "card being resolved: def one-hot")
O_CARDF = _field("card_feat", CARD_F, "card being resolved: features (CARD_FEAT_NAMES)")
O_STAGE = _field("card_stage", NUM_STAGES, "resolution stage one-hot (ST_*)")
O_CSHIP = _field("card_ship", MAX_CREWS + 2, "ship the card moves: relative crew, which ship")
O_CPATH = _field("card_path", MAX_STEPS * 3, "path being sailed: per step F/L/R one-hot")
O_CSTATE = _field("card_state", 4 + MAX_CANNON_OPTS,
                  "(step index + 1) / 7, collided, passed, shots left / 3, fire option "
                  "one-hot")
O_FLAGS = _field("flags", NUM_FLAGS * (MAX_CREWS + 1),
                 "per flag: owner one-hot over relative crews, then 'nobody'")
O_SLOTS = _field("slots", NUM_SLOTS * (MAX_CREWS + 1),
                 "per island slot: skiff owner one-hot over relative crews, then 'free'")
MARKET_F = 2 + NDEFS + CARD_F + MAX_CREWS + 1
O_MARKET = _field("market", MARKET_SIZE * MARKET_F,
                  "per market place: card present, newly revealed, def one-hot, features, "
                  "claim one-hot over relative crews then 'unclaimed'")
O_SCRAP = _field("scrap", NDEFS, "scrap pile counts per def / 4")
O_SELF = _field("self", 2 * NDEFS + 1,
                "observer: hand counts per def / 4, deck composition per def / 4 (order "
                "unknown), own booty value / 4")
CREW_HEAD = 15
CREW_F = (CREW_HEAD + NUM_SHIP_DEFS + NUM_CAPTAINS + 2 * (1 + UPG_F) + 2 * NDEFS)
O_CREWS = _field("crews", MAX_CREWS * CREW_F,
                 "per relative crew: present, ghost, self, friendly, first player, to act, "
                 "sail/9 cannon/8 coin/10, infamy/60, skiffs/3, holds booty, hand/10, "
                 "deck/30, discard/30; ship def one-hot; captain one-hot; 2 x (upgrade active, "
                 "upgrade features); discard counts per def / 4; hand+deck counts per def / 4")
O_GHOST = _field("ghost_fleet", 4 + GHOST_CARD_IDS,
                 "ghost deck / 72, fleet infamy / 60, purchased pile infamy / 20, purchased "
                 "cards / 10, ghost discard counts per ghost card (and Damage) / 4")
CELL_F = 5 + MAX_CREWS + 4 + 1
O_GRID = _field("grid", GRID * GRID * CELL_F,
                "per square in the observer's frame (row-major): rock, whirlpool cw, whirlpool "
                "ccw, gust, wreck; ship's relative crew one-hot; ship heading one-hot "
                "(relative); second ship of its crew")
SHIP_SLOTS = 2 * MAX_CREWS           # relative crew x which of its ships
MAX_RANGE = GRID - 1                 # a shot never flies further [ruling: Range cap]
REL_F = 8
O_REL = _field("ship_rel", SHIP_SLOTS * REL_F,
               "per ship (relative crew x which ship): on the grid, rows ahead / 3, columns "
               "to starboard / 3 (nearest way round the wrapping grid), Manhattan distance / "
               "6, heading one-hot in the observer's frame")
LINE_F = MAX_RANGE + 3
O_LINES = _field("my_lines", 2 * 2 * LINE_F,
                 "per own ship (2) and side (left, right): distance one-hot (1-5) of the "
                 "first ship a shot would hit, it is a rival, it is friendly, the shot rakes")
THREAT_F = MAX_RANGE + 1
O_THREAT = _field("threats", SHIP_SLOTS * 2 * THREAT_F,
                  "per rival ship (relative crew x which ship) and side: distance one-hot "
                  "(1-5) at which its shot would hit one of the observer's ships, the shot "
                  "rakes")
O_FIREOPT = _field("fire_options", MAX_CANNON_OPTS * 2 * 3,
                   "card being resolved, per cannon option and side of the ship it moves: "
                   "a shot in range hits a rival, hits a friendly ship, rakes")
O_AFFORD = _field("affordable", MARKET_SIZE,
                  "per market place: the observer can pay for the card (resources + its booty)")
OBS_SIZE = LAYOUT[-1][1] + LAYOUT[-1][2]


# --- kernels -----------------------------------------------------------------------------------
@njit(cache=True)
def rel_crew(s, seat, c):
    """Relative index of crew c for the observer `seat`: seats rotate, ghosts keep theirs."""
    p = s.num_players
    if c < p:
        return int((c - seat + p) % p)
    return int(c)


@njit(cache=True)
def _frame(s, seat):
    """(r0, c0, h0, on): the observer's ship square and heading, or the identity frame."""
    sh = s.crew_ships[seat, 0]
    if s.phase != PH_SETUP and sh >= 0 and s.ship_placed[sh]:
        return int(s.ship_r[sh]), int(s.ship_c[sh]), int(s.ship_h[sh]), 1
    return CENTER, CENTER, 0, 0


@njit(cache=True)
def _cell(r, c, r0, c0, h0):
    """Square (r, c) in the frame centred on (r0, c0) and turned so heading h0 is north."""
    dr = r - r0
    dc = c - c0
    for _ in range(h0):
        t = dr
        dr = -dc
        dc = t
    return int((CENTER + dr) % GRID), int((CENTER + dc) % GRID)


@njit(cache=True)
def _ship_pos(s, seat, sh, out, off):
    """One-hot relative crew of ship sh and which of its crew's ships it is."""
    if sh < 0:
        return
    c = s.ship_crew[sh]
    out[off + rel_crew(s, seat, c)] = 1.0
    k = 1 if s.crew_ships[c, 1] == sh else 0
    out[off + MAX_CREWS + k] = 1.0


@njit(cache=True)
def _card_feat(d, out, off):
    for j in range(CARD_F):
        out[off + j] = CARD_FEAT[d, j]


@njit(cache=True)
def observe(s, seat, out):
    """Fill float32[OBS_SIZE] with what `seat` may know (see LAYOUT).

    Narrow (int8) state fields are widened with int() before they offset an index: numba
    computes such sums in int64, plain Python would keep them int8 and overflow past 127."""
    out[:] = 0.0
    ncrew = s.num_crews
    r0, c0, h0, ego = _frame(s, seat)

    out[O_PHASE + int(s.phase)] = 1.0
    out[O_ROUND] = s.round / 20.0
    out[O_DAMAGE] = s.damage_left / 40.0
    out[O_DAMAGE + 1] = s.damage_extra / 10.0
    out[O_PILES] = s.market_deck_n / 64.0
    out[O_PILES + 1] = s.wreck_stack_n / 9.0
    if s.gust_dir >= 0:
        out[O_GUST + int((s.gust_dir - h0 + 4) % 4)] = 1.0
    out[O_VARIANT + int(s.cfg.variant)] = 1.0
    out[O_COUNTS] = s.num_players / 5.0
    out[O_COUNTS + 1] = ncrew / 6.0
    out[O_MISC] = s.extra_turn
    out[O_MISC + 1] = ego
    limit = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS
    out[O_MISC + 2] = s.step / limit
    if s.cfg.stall_limit > 0:
        out[O_MISC + 3] = s.quiet_seas / s.cfg.stall_limit

    # pending decision (public: everyone at the table sees what is being decided)
    k = int(s.pending)
    out[O_PEND + k] = 1.0
    out[O_PCOUNT] = s.pend_count / 4.0
    _ship_pos(s, seat, s.pend_ship, out, O_PSHIP)
    if k == PK_BOOTY:
        if s.crew_seat[s.cur] == seat and s.pend_slot > 0:
            out[O_PBOOTY] = C.WRECK_VALUE[s.pend_slot - 1] / 4.0
    elif 0 <= s.pend_slot < PEND_SLOT_VALUES:
        out[O_PSLOT + int(s.pend_slot)] = 1.0
    if 0 <= s.pend_res < 3:
        out[O_PRES + int(s.pend_res)] = 1.0
    # a payment in progress, and the "any" resources of a scrapped card still to choose
    for k in range(4):
        out[O_PAY + k] = s.pay_cost[k] / 4.0
    if s.crew_seat[s.cur] == seat:
        out[O_PAY + 4] = s.pay_pool / 4.0     # what is left of a booty is its owner's secret
    out[O_PAY + 5] = 1.0 if s.pay_next == PK_FIRE_SIDE else 0.0
    out[O_PAY + 6] = s.scrap_gain / 4.0
    src = int(s.pend_source)
    if 0 <= src < 16:
        out[O_PSRC + src] = 1.0
    elif src >= 100:
        out[O_PSRC + 16 + min(src - 100, 15)] = 1.0

    # the card being resolved is face up [Sea Phase: Resolving Cards]
    if s.card >= 0:
        out[O_CARD + int(s.card)] = 1.0
        _card_feat(s.card, out, O_CARDF)
        if 0 <= s.card_stage < NUM_STAGES:
            out[O_STAGE + int(s.card_stage)] = 1.0
        _ship_pos(s, seat, s.card_ship, out, O_CSHIP)
        for i in range(MAX_STEPS):
            st = int(s.card_path[i])
            if 1 <= st <= 3:
                out[O_CPATH + 3 * i + st - 1] = 1.0
        out[O_CSTATE] = (s.card_path_i + 1) / (MAX_STEPS + 1)
        out[O_CSTATE + 1] = s.card_collided
        out[O_CSTATE + 2] = s.card_passed
        out[O_CSTATE + 3] = s.card_shots / 3.0
        if 0 <= s.card_fire_opt < MAX_CANNON_OPTS:
            out[O_CSTATE + 4 + int(s.card_fire_opt)] = 1.0

    for f in range(NUM_FLAGS):
        o = s.flag_owner[f]
        base = O_FLAGS + f * (MAX_CREWS + 1)
        out[base + (rel_crew(s, seat, o) if o >= 0 else MAX_CREWS)] = 1.0
    for j in range(NUM_SLOTS):
        o = s.slot_crew[j]
        base = O_SLOTS + j * (MAX_CREWS + 1)
        out[base + (rel_crew(s, seat, o) if o >= 0 else MAX_CREWS)] = 1.0

    for i in range(MARKET_SIZE):
        base = O_MARKET + i * MARKET_F
        d = int(s.market[i])
        if d >= 0:
            out[base] = 1.0
            out[base + 2 + d] = 1.0
            _card_feat(d, out, base + 2 + NDEFS)
        out[base + 1] = s.market_new[i]
        o = s.market_claim[i]
        out[base + 2 + NDEFS + CARD_F + (rel_crew(s, seat, o) if o >= 0 else MAX_CREWS)] = 1.0

    for d in range(NDEFS):
        out[O_SCRAP + d] = s.scrap[d] / S_CARDS

    # the observer's own hand and deck composition (never its order)
    for d in range(NDEFS):
        out[O_SELF + d] = s.hand[seat, d] / S_CARDS
    for i in range(s.deck_n[seat]):
        out[O_SELF + NDEFS + int(s.deck[seat, i])] += 1.0 / S_CARDS
    if s.booty[seat] > 0:
        out[O_SELF + 2 * NDEFS] = C.WRECK_VALUE[s.booty[seat] - 1] / 4.0

    my_team = s.crew_team[seat]
    for c in range(ncrew):
        base = O_CREWS + rel_crew(s, seat, c) * CREW_F
        ghost = s.crew_seat[c] < 0
        out[base] = 1.0
        out[base + 1] = 1.0 if ghost else 0.0
        out[base + 2] = 1.0 if c == seat else 0.0
        out[base + 3] = 1.0 if s.crew_team[c] == my_team else 0.0
        out[base + 4] = 1.0 if s.first_crew == c else 0.0
        out[base + 5] = 1.0 if (s.cur == c and s.phase != PH_SETUP) else 0.0
        for r in range(3):
            out[base + 6 + r] = s.res[c, r] / S_RES[r]
        out[base + 9] = s.infamy[c] / S_INFAMY
        out[base + 10] = s.skiffs[c] / 3.0
        out[base + 11] = 1.0 if s.booty[c] > 0 else 0.0
        hand_n = 0
        disc_n = 0
        for d in range(NDEFS):
            hand_n += s.hand[c, d]
            disc_n += s.discard[c, d]
        if ghost:
            hand_n = s.ghost_hand_n[c]
        out[base + 12] = hand_n / 10.0
        out[base + 13] = s.deck_n[c] / 30.0
        out[base + 14] = disc_n / 30.0
        sd = int(s.crew_shipdef[c])
        if 0 <= sd < NUM_SHIP_DEFS:
            out[base + CREW_HEAD + sd] = 1.0
        cap = int(s.crew_captain[c])
        if not ghost and 0 <= cap < NUM_CAPTAINS:
            out[base + CREW_HEAD + NUM_SHIP_DEFS + cap] = 1.0
        ub = base + CREW_HEAD + NUM_SHIP_DEFS + NUM_CAPTAINS
        if not ghost and 0 <= sd < NUM_SHIP_DEFS:
            for u in range(2):
                out[ub + u * (1 + UPG_F)] = s.upgrade_on[c, u]
                ud = C.SHIP_UPGRADES[sd, u]
                for j in range(UPG_F):
                    out[ub + u * (1 + UPG_F) + 1 + j] = UPG_FEAT[ud, j]
        cb = ub + 2 * (1 + UPG_F)
        for d in range(NDEFS):
            out[cb + d] = s.discard[c, d] / S_CARDS
        # hand + deck together is public (purchases go to hand in view of all)
        for d in range(NDEFS):
            out[cb + NDEFS + d] = s.hand[c, d] / S_CARDS
        for i in range(s.deck_n[c]):
            out[cb + NDEFS + int(s.deck[c, i])] += 1.0 / S_CARDS

    # the Ghost Fleet's shared piles [Ghost Fleet Concepts]
    if s.cfg.variant == VAR_GHOST:
        out[O_GHOST] = s.ghost_deck_n / GHOST_DECK
        out[O_GHOST + 1] = s.ghost_infamy / S_INFAMY
        bought = 0
        bought_n = 0
        for d in range(NDEFS):
            bought += s.ghost_bought[d] * C.CARD_INFAMY[d]
            bought_n += s.ghost_bought[d]
        out[O_GHOST + 2] = bought / 20.0
        out[O_GHOST + 3] = bought_n / 10.0
        for i in range(s.ghost_discard_n):
            g = int(s.ghost_discard[i])
            if 0 <= g < GHOST_CARD_IDS:
                out[O_GHOST + 4 + g] += 1.0 / S_CARDS

    for r in range(GRID):
        for c in range(GRID):
            rr, cc = _cell(r, c, r0, c0, h0)
            base = O_GRID + (rr * GRID + cc) * CELL_F
            f = int(s.feature[r, c])
            if f > 0:
                out[base + f - 1] = 1.0
            if s.wreck[r, c] > 0:
                out[base + 4] = 1.0
    for sh in range(s.num_ships):
        if not s.ship_placed[sh]:
            continue
        rr, cc = _cell(s.ship_r[sh], s.ship_c[sh], r0, c0, h0)
        base = O_GRID + (rr * GRID + cc) * CELL_F
        crew = s.ship_crew[sh]
        out[base + 5 + rel_crew(s, seat, crew)] = 1.0
        out[base + 5 + MAX_CREWS + int((s.ship_h[sh] - h0 + 4) % 4)] = 1.0
        if s.crew_ships[crew, 1] == sh:
            out[base + 5 + MAX_CREWS + 4] = 1.0
    tactics(s, seat, out)


@njit(cache=True)
def _ship_slot(s, seat, sh):
    c = s.ship_crew[sh]
    return 2 * rel_crew(s, seat, c) + (1 if s.crew_ships[c, 1] == sh else 0)


@njit(cache=True)
def _offset(v):
    """A wrapped grid offset folded to the nearest way round: -2..3 on a 6-square grid."""
    v = v % GRID
    return v - GRID if v > GRID // 2 else v


@njit(cache=True)
def tactics(s, seat, out):
    """The tactical block (module docstring): relative ships, firing lines, threats, the
    resolving card's fire options and affordable Market cards, for observer ``seat``."""
    r0, c0, h0, _ = _frame(s, seat)
    for sh in range(s.num_ships):
        if not s.ship_placed[sh]:
            continue
        base = O_REL + _ship_slot(s, seat, sh) * REL_F
        rr, cc = _cell(s.ship_r[sh], s.ship_c[sh], r0, c0, h0)
        dr = _offset(rr - CENTER)
        dc = _offset(cc - CENTER)
        out[base] = 1.0
        out[base + 1] = -dr / 3.0
        out[base + 2] = dc / 3.0
        out[base + 3] = (abs(dr) + abs(dc)) / 6.0
        out[base + 4 + int((s.ship_h[sh] - h0 + 4) % 4)] = 1.0
    if s.phase != PH_SETUP:
        for k in range(2):
            sh = s.crew_ships[seat, k]
            if sh < 0 or not s.ship_placed[sh]:
                continue
            for side in range(2):
                d = side_dir(s.ship_h[sh], side)
                j = trace_shot(s, sh, d, MAX_RANGE)
                if j < 0:
                    continue
                base = O_LINES + (2 * k + side) * LINE_F
                out[base + _distance(s, sh, j, d) - 1] = 1.0
                if friendly(s, seat, s.ship_crew[j]):
                    out[base + MAX_RANGE + 1] = 1.0
                else:
                    out[base + MAX_RANGE] = 1.0
                out[base + MAX_RANGE + 2] = 1.0 if is_raking(s, j, d) else 0.0
        for sh in range(s.num_ships):
            c = s.ship_crew[sh]
            if not s.ship_placed[sh] or friendly(s, seat, c):
                continue
            for side in range(2):
                d = side_dir(s.ship_h[sh], side)
                j = trace_shot(s, sh, d, MAX_RANGE)
                if j < 0 or s.ship_crew[j] != seat:
                    continue
                base = O_THREAT + (_ship_slot(s, seat, sh) * 2 + side) * THREAT_F
                out[base + _distance(s, sh, j, d) - 1] = 1.0
                out[base + MAX_RANGE] = 1.0 if is_raking(s, j, d) else 0.0
    sh = s.card_ship
    if s.card >= 0 and sh >= 0 and s.ship_placed[sh]:
        c = s.ship_crew[sh]
        for o in range(C.CARD_CANNON_N[s.card]):
            rng = fire_range(s, c, C.CARD_CANNON[s.card, o, 0])
            for side in range(2):
                d = side_dir(s.ship_h[sh], side)
                j = trace_shot(s, sh, d, rng)
                if j < 0:
                    continue
                base = O_FIREOPT + (o * 2 + side) * 3
                if friendly(s, c, s.ship_crew[j]):
                    out[base + 1] = 1.0
                else:
                    out[base] = 1.0
                out[base + 2] = 1.0 if is_raking(s, j, d) else 0.0
    for i in range(MARKET_SIZE):
        d = s.market[i]
        if 0 <= d < C.NUM_CARD_DEFS and can_pay(s, seat, C.CARD_COST[d]):
            out[O_AFFORD + i] = 1.0


@njit(cache=True)
def _distance(s, a, b, d):
    """Squares a shot from ship a flying in direction d travels to ship b (round the
    wrapping edge if that is the way it flew)."""
    n = ((s.ship_r[b] - s.ship_r[a]) * DR[d] + (s.ship_c[b] - s.ship_c[a]) * DC[d]) % GRID
    return int(max(1, min(MAX_RANGE, n)))
