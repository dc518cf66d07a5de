"""Cursed Seas kernels: init, legal_mask, apply (the kernel contract of envs/core/spec.py).

``apply`` answers the pending decision (``s.pending``) and runs every automatic step up to
the next one (with ``auto_forced``, also every public decision with a single option:
forced.py). Sections: Setup, Placing Islands, Choosing Home Islands, Placing Crew and
equipment, Placing Treasure, Actions, Moving, Ram, Board, Exploring, Shooting, Repairing,
Winning the Game (through setup.py and turns.py).

Compile shape (issue 11): numba optimises a called kernel's whole callee subtree again in
every kernel that calls it, so the routers here and the kernels with one call site in the
engine are ``inline="always"``, and ``apply`` makes each of its tail calls from one place
(``_T_*``); ``apply`` itself is one body, as inlining a body this large deep-copies its IR
scope once per block.
"""

import numpy as np
from numba import njit

from envs.core.forced import only_option
from envs.core.rng import seed_state
from envs.core.spec import NO_SEAT

from .cargo import dest_ok, move_piece, pick_up, piece_ok
from .stand_in import piece_of, stand_in
from .common import ask_reveal, keywords, nmast, release_pins, reveal, reveal_due, reveal_option, sink
from .crew import carpenter
from .forced import options_public
from .scuttle import scuttle, scuttle_ok
from .sea import any_swap, any_swap_seen, coin_swap_ok, crew_swap_ok, look, partner_ok, sea_ok, swap
from .setup import (
    ask_home, deploy_ok, deploy_pose, grid_point, next_deploy, place_options,
    place_treasure, reef_ok, roll_order, shuffle_islands,
)
from .state import (
    A_NO, A_OPT, A_ORDER, A_SEG, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_SHOOT,
    DEFAULT_MAX_STEPS, KW_SHIPWRIGHT, GRID, LOC_GONE, LOC_SHIP, MAX_COINS, MAX_COINS_P,
    MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_ISLANDS, MAX_REEFS, PK_REEF, PK_TERRAIN, MAX_PLAYERS,
    MAX_SHIPS, NUM_FAN, NUM_FRAC,
    NUM_ACTIONS, NUM_OPT, PH_ISLANDS, PK_BOARD, PK_BOARD_COIN, PK_BOARD_CREW, PK_BOARD_WIN, PK_DEPLOY,
    OPT_TAKE_NOTHING,
    PK_EXPLORE, PK_HOME, PK_MAST, PK_PLACE, PK_REPAIR, PK_SEGMENT, PK_TARGET, PK_TURN,
)
from . import forts as F
from . import terrain as T
from .creatures import creature_check
from .state import (
    EDGE_SLOTS, PK_ICE_MAST, PK_PLACE_TERR, PK_UNTANGLE, PK_WHIRL, PK_WHIRL_LOSS, TR_WHIRL,
    A_FORT, LOC_HOME, MAX_FORTS, MAX_FORTS_P, OPT_FORT, PK_BUILD, PK_FLAG, PK_FORT_MAST,
    PK_FORT_TARGET, PK_PAY,
)
from .state import (
    A_PIECE, A_SCUTTLE, A_SEA, KW_CARPENTER, KW_EXPLORER, OPT_ASHORE, PK_PIECE_TO,
    PK_SEA_SWAP, PK_SEA_WITH, SEA_CREW, PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP,
)
from .crew import nav_ok, nav_place, nav_slot_ok
from .tow import tow, towable
from .state import A_CAPT, A_LOAD, A_NAV, CAPT_SCUTTLE, PK_CAPT, PK_LOAD, PK_NAV, PK_TOW
from .state import KW_CAPTAIN, KW_HELMSMAN, KW_NAVIGATOR, KW_OARSMAN
from .state import MAX_FLAGS, MAX_MASTS, NUM_DEPLOY, PK_FORT_GUN, PK_GUN, PK_REVEAL
from .common import release_tows
from .turns import after_tow
from .turns import (
    action_ok, ask_gun, arc_limit, back_to_turn, check_end, begin_explore, board, coin_takeable, end_move,
    island_coins,
    end_turn, finish_board, fire, free_segment, lose_mast, reef_check, sail, spoil_ok, start_play,
    gun_ok, room_to_turn, target_ok, turn_ok, crew_on, cargo_room, leave_dock, end_move_rest,
    may_row, repairs_at_home,
)


# apply's tail calls, each made from one place after its branch: for numba every call site
# of an inlined kernel is typed, lowered and optimised again (compile time, issue 11)
_T_NONE = 0
_T_TURN = 1             # back_to_turn
_T_END_TURN = 2         # end_turn
_T_SEGMENT = 3          # _after_segment (tk = ship, tm = over)
_T_END_MOVE = 4         # end_move (tk = ship)
_T_MOVE_REST = 5        # end_move_rest (tk = ship)
_T_TARGET = 6           # ask_gun (tk = ship)
_T_BOARD = 7            # finish_board
_T_ORDER = 8            # order_ship (tk = ship, tm = action)
_T_DEPLOY = 9           # _deploy_next
_T_TERRAIN = 10         # _terrain_or_homes


@njit(cache=True)
def init(s, cfg, seed):
    """[Setup] roll for the first player, shuffle the island pieces, crew face down on their
    ships (placed when the ships are; ruling: Crew placement), coins counted in, then the
    first island placement."""
    seed_state(s, seed)
    s.cfg = cfg
    n = cfg.num_players
    s.num_players = n
    s.fault = 0
    s.done = 0
    s.truncated = 0
    s.step = 0
    s.winner_mask = 0
    for p in range(MAX_PLAYERS):
        s.reward[p] = 0.0
        s.home[p] = -1
    s.turn = 0
    s.cur = 0
    s.pend_seat = -1
    s.pend_ship = -1
    s.pend_mast = -1
    s.pend_target = -1
    s.pend_count = 0
    s.pend_fired = 0
    s.rv_back = 0                        # --- revealing crew (ruling: Revealing crew)
    s.rv_to_play = -1
    for k in range(MAX_SHIPS):
        s.sh_rv[k] = 0
    s.seg_used = 0
    s.board_roll[0] = 0
    s.board_roll[1] = 0
    s.n_islands = 0
    s.n_reefs = 0
    for r in range(MAX_REEFS):
        s.rf_x[r] = 0.0
        s.rf_y[r] = 0.0
        s.rf_rating[r] = 0
    for i in range(MAX_ISLANDS):
        s.isl_x[i] = 0.0
        s.isl_y[i] = 0.0
        s.isl_home[i] = -1
        s.isl_token[i] = 0
        s.isl_piece[i] = -1
    s.myst_roll = 0
    for k in range(MAX_SHIPS):
        p = k // MAX_FLEET
        j = k % MAX_FLEET
        s.sh_live[k] = 0
        s.sh_x[k] = 0.0
        s.sh_y[k] = 0.0
        s.sh_h[k] = 0.0
        s.sh_len[k] = 0.0
        s.sh_masts[k] = 0
        if p < n and cfg.ship_def[p, j] >= 0:
            s.sh_len[k] = 0.4 + 0.1 * cfg.ship_nmast[p, j]    # (ruling: Hull size)
            s.sh_masts[k] = (1 << cfg.ship_nmast[p, j]) - 1
        s.sh_acts[k] = 0
        s.sh_last[k] = -1
        s.sh_dock[k] = -1
        s.sh_began[k] = -1
        s.sh_explored[k] = 0
        s.sh_pin[k] = -1
        s.sh_wreck[k] = 0
        s.sh_reefs[k] = 0
        s.sh_reef_in[k] = 0
        s.sh_scuttle[k] = 0
    s.pend_piece = -1
    for c in range(MAX_CREW):
        p = c // MAX_CREW_P
        s.cr_ship[c] = -1
        s.cr_up[c] = 0
        s.cr_isl[c] = -1
        s.cr_seen[c] = 1 << p if p < n else 0       # face down: its owner knows it
        s.cr_moved[c] = 0
        slot = cfg.crew_slot[p, c % MAX_CREW_P] if p < n else -1
        if slot >= 0 and cfg.crew_def[p, c % MAX_CREW_P] >= 0:
            # aboard the ship bought with it; a piece kept ashore waits for its home island
            # (common.waits_ashore)
            s.cr_ship[c] = p * MAX_FLEET + slot
    for c in range(MAX_COINS):
        p = c // MAX_COINS_P
        s.co_loc[c] = LOC_GONE
        s.co_at[c] = -1
        s.co_val[c] = -1
        s.co_seen[c] = 0
        s.co_up[c] = 0
        s.co_uniq[c] = 0
        s.co_moved[c] = 0
        s.co_kw[c] = 0
        if p < n and cfg.coin_val[p, c % MAX_COINS_P] >= 0:
            s.co_val[c] = cfg.coin_val[p, c % MAX_COINS_P]
            s.co_uniq[c] = cfg.coin_unique[p, c % MAX_COINS_P]
            s.co_kw[c] = cfg.coin_kw[p, c % MAX_COINS_P]
    T.init_terrain(s)
    F.init_forts(s)
    for k in range(MAX_SHIPS):           # --- tow / trade currents
        s.sh_owner[k] = k // MAX_FLEET   # her fleet until a tow brings her into another
        s.sh_tow[k] = -1
        s.sh_nav[k] = 0
    for c in range(MAX_CREW):
        s.cr_nav[c] = 0
    roll_order(s)
    shuffle_islands(s)
    s.phase = PH_ISLANDS
    s.pending = PK_PLACE
    s.to_play = s.order[0]


@njit(cache=True)
def legal_mask(s, mask):
    """Mark in ``mask`` the legal answers to the pending decision (``s.pending``), each
    branch by its own section (module docstring) [Actions: a turn gives each ship of the
    fleet an action]; a ship whose every test would say no is passed over without calling
    them (speed)."""
    mask[:] = 0
    if s.to_play < 0 or s.done or s.truncated:
        return
    pk = s.pending
    if pk == PK_REVEAL:                  # which piece turns up (ruling: Revealing crew)
        k, kw = reveal_due(s)
        for c in range(MAX_CREW):
            if k >= 0 and reveal_option(s, k, kw, c):
                mask[A_OPT + c] = 1
        return
    if pk == PK_PLACE:
        # the spacing is only recommended: kept where it can be, or free (config
        # island_spacing; ruling: Island placement)
        place_options(s, mask, A_OPT)
    elif pk == PK_TERRAIN:
        any_ok = False
        for g in range(GRID * GRID):
            if reef_ok(s, g):
                mask[A_OPT + g] = 1
                any_ok = True
        if not any_ok:
            for g in range(GRID * GRID):
                mask[A_OPT + g] = 1
    elif pk == PK_REEF or pk == PK_ICE_MAST:
        k = s.pend_ship
        for m in range(nmast(s, k)):
            if (s.sh_masts[k] >> m) & 1:
                mask[A_OPT + m] = 1
    # --- forts / terrain / creatures ---
    elif pk == PK_PLACE_TERR:
        any_ok = False
        for g in range(GRID * GRID):
            x, y = T.grid_xy(s, g)
            if T.terr_place_ok(s, x, y):
                mask[A_OPT + g] = 1
                any_ok = True
        if not any_ok:
            for g in range(GRID * GRID):
                mask[A_OPT + g] = 1
    elif pk == PK_WHIRL:
        k = s.pend_ship
        for w in range(s.n_terr):
            if w != s.pend_count and s.tr_kind[w] == TR_WHIRL:
                for a in range(EDGE_SLOTS):
                    if T.slot_ok(s, k, w, a):
                        mask[A_OPT + w * EDGE_SLOTS + a] = 1
        mask[A_NO] = 1
    elif pk == PK_WHIRL_LOSS:
        for o in range(NUM_OPT):
            if T.whirl_loss_ok(s, s.pend_ship, o):
                mask[A_OPT + o] = 1
    elif pk == PK_UNTANGLE:
        k = s.pend_ship
        for a in range(EDGE_SLOTS):
            if T.slot_ok(s, k, s.sh_tangled[k], a):
                mask[A_OPT + a] = 1
    elif pk == PK_HOME:
        for i in range(s.n_islands):
            if s.isl_home[i] < 0:
                mask[A_OPT + i] = 1
    elif pk == PK_DEPLOY:
        any_ok = False
        for a in range(NUM_DEPLOY):
            if deploy_ok(s, s.pend_ship, a):
                mask[A_OPT + a] = 1
                any_ok = True
        if not any_ok:
            mask[A_NO] = 1
    elif pk == PK_TURN:
        p = s.to_play
        for j in range(MAX_FLEET):
            if s.sh_owner[p * MAX_FLEET + j] != p:
                continue                 # --- tow: towed into another fleet
            if not s.sh_live[p * MAX_FLEET + j] or s.sh_wreck[p * MAX_FLEET + j]:
                continue                 # sunk or a wreck: action_ok, scuttle_ok, sea_ok say no
            for act in range(4):
                if action_ok(s, p * MAX_FLEET + j, act):
                    mask[A_ORDER + j * 4 + act] = 1
            if scuttle_ok(s, p * MAX_FLEET + j):
                mask[A_SCUTTLE + j] = 1
            if sea_ok(s, p * MAX_FLEET + j):
                mask[A_SEA + j] = 1
        _turn_mask_extra(s, p, mask)     # --- tow / fort loading / trade currents
        for j in range(MAX_FORTS_P):     # --- forts: shoot actions only [Forts: Shooting]
            if F.fort_can_shoot(s, p * MAX_FORTS_P + j):
                mask[A_FORT + j] = 1
        if _any_docked(s, p):           # a transfer needs a ship of hers docked [Docking]
            for c in range(MAX_CREW):   # a piece she does not know: by its stand-in
                if piece_ok(s, c, p):
                    mask[A_PIECE + stand_in(s, p, c)] = 1
        mask[A_NO] = 1
    elif pk == PK_GUN:                   # which cannon fires next, or stop [Shooting]
        for m in range(MAX_MASTS):
            if gun_ok(s, s.pend_ship, m, np.int64(s.pend_fired)):
                mask[A_OPT + m] = 1
        mask[A_NO] = 1
    elif pk == PK_FORT_GUN:              # which flag fires next, or stop [Forts: Shooting]
        for g in range(MAX_FLAGS):
            if F.flag_ok(s, s.pend_fort, g, np.int64(s.pend_fired)):
                mask[A_OPT + g] = 1
        mask[A_NO] = 1
    elif pk >= PK_TOW:                   # --- tow / fort loading / trade currents
        _mask_extra(s, pk, mask)
    elif pk == PK_MYST_CREW:
        for c in range(MAX_CREW):
            if s.cr_ship[c] == s.pend_ship and not s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
                mask[A_OPT + c] = 1
    elif pk == PK_MYST_UP or pk == PK_MYST_DOWN:
        k = s.pend_ship
        for m in range(nmast(s, k)):
            if ((s.sh_masts[k] >> m) & 1) == (1 if pk == PK_MYST_DOWN else 0):
                mask[A_OPT + m] = 1
    elif pk == PK_SEA_WITH:
        for j in range(MAX_SHIPS):
            if partner_ok(s, s.pend_ship, j) and any_swap(s, s.pend_ship, j):
                mask[A_OPT + j] = 1
    elif pk == PK_SEA_SWAP:
        for c in range(MAX_COINS):
            if coin_swap_ok(s, s.pend_ship, s.pend_target, c):
                mask[A_OPT + c] = 1
        for c in range(MAX_CREW):
            if crew_swap_ok(s, s.pend_ship, s.pend_target, c):
                mask[A_OPT + SEA_CREW + c] = 1
        mask[A_NO] = 1
    elif pk == PK_PIECE_TO:
        for d in range(OPT_ASHORE + 1):
            if dest_ok(s, s.pend_piece, s.to_play, d):
                mask[A_OPT + d] = 1
    elif pk == PK_SEGMENT:
        k = s.pend_ship
        kinds = 0
        for kind in range(2):
            if free_segment(s, k, kind) >= 0:
                kinds |= 1 << kind
        if kinds:
            # the arc a turn sweeps, found once each way round (ruling: Movement grammar);
            # open water all round her pivot: every heading, without the exact tests
            free = room_to_turn(s, k)
            left = 4.0 if free else arc_limit(s, k, 1.0)
            right = 4.0 if free else arc_limit(s, k, -1.0)
            for f in range(NUM_FAN):
                if free or turn_ok(s, k, f, left, right):
                    for kind in range(2):
                        if (kinds >> kind) & 1:
                            for fr in range(NUM_FRAC):
                                mask[A_SEG + (kind * NUM_FAN + f) * NUM_FRAC + fr] = 1
        mask[A_NO] = 1
    elif pk == PK_TARGET:            # the cannon was chosen to fire: a target, no holding
        for j in range(MAX_SHIPS):
            if target_ok(s, s.pend_ship, s.pend_mast, j):
                mask[A_OPT + j] = 1
        for f in range(MAX_FORTS):
            if F.ship_fort_ok(s, s.pend_ship, s.pend_mast, f):
                mask[A_OPT + OPT_FORT + f] = 1
    # --- forts ---
    elif pk == PK_BUILD:
        p = s.to_play
        for j in range(MAX_FORTS_P):
            for i in range(s.n_islands):
                if F.build_ok(s, p * MAX_FORTS_P + j, i):
                    mask[A_OPT + j * MAX_ISLANDS + i] = 1
        mask[A_NO] = 1
    elif pk == PK_PAY:
        for c in range(MAX_COINS):
            if s.co_loc[c] == LOC_HOME and s.co_at[c] == s.to_play:
                mask[A_OPT + c] = 1
    elif pk == PK_FORT_TARGET:       # the flag was chosen to fire: a target
        for o in range(OPT_FORT + MAX_FORTS):
            if F.fort_target_ok(s, s.pend_fort, s.pend_mast, o):
                mask[A_OPT + o] = 1
    elif pk == PK_FORT_MAST:
        j = s.pend_target
        for m in range(nmast(s, j)):
            if (s.sh_masts[j] >> m) & 1:
                mask[A_OPT + m] = 1
    elif pk == PK_FLAG:
        h = s.pend_count
        for g in range(F.nflag(s, h)):
            if (s.ft_flags[h] >> g) & 1:
                mask[A_OPT + g] = 1
    elif pk == PK_MAST:
        j = s.pend_target
        for m in range(nmast(s, j)):
            if (s.sh_masts[j] >> m) & 1:
                mask[A_OPT + m] = 1
    elif pk == PK_REPAIR:            # the player picks the mast (ruling: Repair choice)
        k = s.pend_ship
        for m in range(nmast(s, k)):
            if not (s.sh_masts[k] >> m) & 1:
                mask[A_OPT + m] = 1
    elif pk == PK_EXPLORE:
        for c in range(MAX_COINS):
            if coin_takeable(s, s.pend_ship, c):
                mask[A_OPT + c] = 1
        mask[A_NO] = 1
    elif pk == PK_BOARD:
        mask[A_YES] = 1
        mask[A_NO] = 1
    elif pk == PK_BOARD_WIN:
        if crew_on(s, s.pend_target):
            mask[A_YES] = 1
        if spoil_ok(s, s.pend_ship, s.pend_target):
            mask[A_NO] = 1
        mask[A_OPT + OPT_TAKE_NOTHING] = 1      # the winner "can", so she may decline [Board]
    elif pk == PK_BOARD_CREW:
        for c in range(MAX_CREW):
            if s.cr_ship[c] == s.pend_target and not s.cfg.crew_eq[c // MAX_CREW_P, c % MAX_CREW_P]:
                mask[A_OPT + c] = 1
    elif pk == PK_BOARD_COIN:
        for c in range(MAX_COINS):
            if s.co_loc[c] == LOC_SHIP and s.co_at[c] == s.pend_target and \
                    (s.co_up[c] or cargo_room(s, s.pend_ship) > 0):
                mask[A_OPT + c] = 1


@njit(cache=True, inline="always")
def apply(s, a):
    """Answer the pending decision with action a (legal); with ``cfg.auto_forced``, then
    every decision with a single legal option that follows from public state (forced.py)
    [ruling: Forced decisions are public ones]. A decision whose options read hidden pieces
    is asked even with one option: skipping it would tell every seat so."""
    for q in range(MAX_PLAYERS):
        s.reward[q] = 0.0
    _apply_one(s, a)
    if s.cfg.auto_forced:
        mask = np.zeros(NUM_ACTIONS, np.uint8)
        for _ in range(DEFAULT_MAX_STEPS):      # each forced decision counts a step
            if s.to_play < 0 or s.done or s.truncated or not options_public(s):
                return
            legal_mask(s, mask)
            only = only_option(mask)
            if only < 0:
                return
            _apply_one(s, only)


@njit(cache=True)
def _apply_one(s, a):
    """Answer the pending decision with action a (legal), then count the step and truncate
    at the step bound (ruling: Truncation). One body with no early return rather than an
    inlined helper: numba's inliner deep-copies the callee's whole IR scope once per block,
    which cost seconds of cold compile for a body this size."""
    pk = s.pending
    o = a - A_OPT
    then = _T_NONE          # the tail call, made after the branch: one call site each
    tk = -1
    tm = 0
    if pk == PK_REVEAL:                  # her player's piece turns up (ruling: Revealing crew)
        k, kw = reveal_due(s)
        s.cr_up[o] = 1
        s.sh_rv[k] &= ~kw & 0xFFFF       # complement kept to the uint16 field
    elif pk == PK_PLACE:
        i = s.n_islands
        x, y = grid_point(s, o)
        s.isl_x[i] = x
        s.isl_y[i] = y
        s.n_islands += 1
        if s.n_islands < 3 * s.num_players:
            s.to_play = s.order[s.n_islands % s.num_players]
        else:
            then = _T_TERRAIN
    elif pk == PK_TERRAIN:
        x, y = grid_point(s, o)
        s.rf_x[s.n_reefs] = x
        s.rf_y[s.n_reefs] = y
        s.n_reefs += 1
        then = _T_TERRAIN
    elif pk == PK_REEF:
        k = s.pend_ship
        s.sh_masts[k] &= ~(1 << int(o)) & 0xFF  # complement kept to the uint8 field
        release_pins(s)
        s.pend_count -= 1
        creature_check(s, k)
        if not s.sh_live[k]:
            then = _T_TURN
        elif s.pend_count == 0:
            then = _T_SEGMENT
            tk = k
            tm = int(s.pend_target == 1)
    # --- forts / terrain / creatures ---
    elif pk == PK_PLACE_TERR:
        T.place_terrain(s, o)
        then = _T_TERRAIN
    elif pk == PK_ICE_MAST:
        T.ice_damage(s, s.pend_ship, o)
        release_pins(s)
        if not T.ice_from(s, s.pend_count + 1):
            s.pend_count = 0
            then = _T_TURN
    elif pk == PK_WHIRL:
        k = s.pend_ship
        over = int(s.pend_target == 1)
        s.pend_target = -1
        s.pend_count = 0
        if a == A_NO:
            then = _T_SEGMENT
            tk = k
            tm = over
        else:
            leave_dock(s, k)
            r = T.whirl_jump(s, k, o // EDGE_SLOTS, o % EDGE_SLOTS)
            release_pins(s)
            if r != T.ASKED:
                then = _T_TURN
    elif pk == PK_WHIRL_LOSS:
        T.whirl_lose(s, s.pend_ship, o)
        release_pins(s)
        then = _T_TURN
    elif pk == PK_UNTANGLE:
        T.untangle(s, s.pend_ship, o)
        release_pins(s)
        then = _T_TURN
    elif pk == PK_HOME:
        p = s.pend_seat
        s.home[p] = o
        s.isl_home[o] = p
        then = _T_DEPLOY
    elif pk == PK_DEPLOY:
        k = s.pend_ship
        if a != A_NO:
            x, y, h = deploy_pose(s, k, s.home[k // MAX_FLEET], o)
            s.sh_x[k] = x
            s.sh_y[k] = y
            s.sh_h[k] = h
            s.sh_live[k] = 1
            s.sh_dock[k] = s.home[k // MAX_FLEET]
        else:                   # no room at home: set aside (ruling: Crowded home)
            s.sh_masts[k] = 0
            s.sh_began[k] = -2  # set aside
            for c in range(MAX_CREW):
                if s.cr_ship[c] == k:
                    s.cr_ship[c] = -1
        then = _T_DEPLOY
    elif pk == PK_GUN:                          # [Shooting] the cannon that fires next
        if a == A_NO:
            then = _T_TURN                      # the others hold
        else:
            s.pend_mast = o
            s.pending = PK_TARGET
    elif pk == PK_FORT_GUN:                     # [Forts: Shooting] the flag that fires next
        if a == A_NO:
            s.pend_fort = -1
            then = _T_TURN
        else:
            s.pend_mast = o
            s.pending = PK_FORT_TARGET
    elif pk == PK_CAPT and o < 4:               # a ship a tow brought in: her action [Tow]
        then = _T_ORDER
        tk = s.pend_ship
        tm = o
    elif pk >= PK_TOW or (pk == PK_TURN and a >= A_CAPT):
        _step_extra(s, a)                       # --- tow / fort loading / trade currents
    elif pk == PK_TURN:
        p = int(s.to_play)                      # int(): p * MAX_FLEET + a in int64, not int8
        if a == A_NO:
            if not F.ask_build(s, s.to_play):   # build at the end of the turn [Forts]
                then = _T_END_TURN
        elif a >= A_SEA:                        # explore action at sea [Exploring]
            sea_order(s, p * MAX_FLEET + a - A_SEA)
        elif a >= A_SCUTTLE:                    # a free action [Scuttling]
            scuttle(s, p * MAX_FLEET + a - A_SCUTTLE)
            then = _T_TURN
        elif a >= A_PIECE:                      # a free action [Docking]
            if not pick_up(s, piece_of(s, p, a - A_PIECE), p):
                then = _T_TURN                  # looked at, and no ship may carry it
        elif a >= A_FORT:                       # --- forts: a shoot action
            f = p * MAX_FORTS_P + a - A_FORT
            s.ft_acts[f] = 1
            s.pend_fired = 0
            if not F.ask_flag(s, f):
                then = _T_TURN
        else:
            o = a - A_ORDER
            then = _T_ORDER
            tk = p * MAX_FLEET + o // 4
            tm = o % 4
    elif pk == PK_MYST_CREW:                     # fever: the crew her player picks
        s.cr_ship[o] = -1
        then = _T_MOVE_REST
        tk = s.pend_ship
    elif pk == PK_MYST_UP:                       # fresh water: a mast comes back
        s.sh_masts[s.pend_ship] |= 1 << o
        then = _T_MOVE_REST
        tk = s.pend_ship
    elif pk == PK_MYST_DOWN:                     # storm: a mast is lost
        s.sh_masts[s.pend_ship] &= ~(1 << int(o)) & 0xFF  # complement kept to the uint8 field
        release_pins(s)
        # a sea creature losing its last segment is eliminated [Sea Creatures; ruling: Sea creatures]
        creature_check(s, s.pend_ship)
        if not s.sh_live[s.pend_ship]:
            then = _T_TURN
        else:
            then = _T_MOVE_REST
            tk = s.pend_ship
    elif pk == PK_SEA_WITH:
        s.pend_target = o
        look(s, s.pend_ship, o)
        s.pending = PK_SEA_SWAP
    elif pk == PK_SEA_SWAP:
        if a == A_NO:
            then = _T_TURN
        else:
            swap(s, s.pend_ship, s.pend_target, o)
            # asked again while something might still cross as every seat can tell: what
            # fits reads the points of face-down pieces (ruling: Exploring at sea)
            if not any_swap_seen(s, s.pend_ship, s.pend_target):
                then = _T_TURN
    elif pk == PK_PIECE_TO:
        move_piece(s, s.pend_piece, o)
        s.pend_piece = -1
        then = _T_TURN
    elif pk == PK_SEGMENT:
        k = s.pend_ship
        if a == A_NO:
            then = _T_END_MOVE
            tk = k
        else:
            o = a - A_SEG
            fr = o % NUM_FRAC
            f = (o // NUM_FRAC) % NUM_FAN
            kind = o // (NUM_FRAC * NUM_FAN)
            then = _T_SEGMENT
            tk = k
            tm = sail(s, k, kind, f, fr)
    elif pk == PK_TARGET:
        s.pend_fired |= 1 << s.pend_mast        # this cannon has fired this action
        if o >= OPT_FORT:                       # --- forts: a ship's cannon hits a fort
            k = s.pend_ship
            F.reveal_long_guns_fort(s, k, s.pend_mast, o - OPT_FORT)
            if not (F.roll_hits(s, s.cfg.ship_rank[k // MAX_FLEET, k % MAX_FLEET, s.pend_mast], k)
                    and F.hit_fort(s, o - OPT_FORT)):   # a fort's loss may end the game
                then = _T_TARGET
                tk = k
        else:
            fire(s, s.pend_ship, s.pend_mast, o)
    # --- forts ---
    elif pk == PK_BUILD:
        if a == A_NO:
            then = _T_END_TURN
        else:
            F.build(s, s.to_play * MAX_FORTS_P + o // MAX_ISLANDS, o % MAX_ISLANDS)
    elif pk == PK_PAY:
        if F.pay(s, s.pend_fort, o):
            s.pend_fort = -1
            s.pend_paid = 0
            if not F.ask_build(s, s.to_play):
                then = _T_END_TURN
    elif pk == PK_FORT_TARGET:
        f = s.pend_fort
        g = s.pend_mast
        s.pend_fired |= 1 << g                   # this flag has fired this action
        asked = False                            # a decision is pending: stop here
        if F.roll_hits(s, s.cfg.fort_rank[f // MAX_FORTS_P, f % MAX_FORTS_P, g], -1):
            if o >= OPT_FORT:
                asked = F.hit_fort(s, o - OPT_FORT)
            elif s.sh_masts[o] == 0:
                sink(s, o)
                asked = check_end(s)             # ends the game at once (ruling: End timing)
            else:
                s.pending = PK_FORT_MAST
                s.pend_target = o
                asked = True
        if not asked and not F.ask_flag(s, f):
            then = _T_TURN
    elif pk == PK_FORT_MAST:
        lose_mast(s, s.pend_target, o)
        s.pend_target = -1
        # a mast lost may leave too few players able to move: the game ends at once,
        # before the next flag fires (ruling: End timing)
        if not check_end(s) and not F.ask_flag(s, s.pend_fort):
            then = _T_TURN
    elif pk == PK_FLAG:
        s.ft_flags[s.pend_count] &= ~(1 << int(o)) & 0xFF  # complement kept to the uint8 field
        s.pend_count = 0
        if s.pend_fort >= 0:
            if not F.ask_flag(s, s.pend_fort):
                then = _T_TURN
        else:
            then = _T_TARGET
            tk = s.pend_ship
    elif pk == PK_MAST:
        lose_mast(s, s.pend_target, o)
        # a mast lost may leave too few players able to move: the game ends at once,
        # before the next cannon fires (ruling: End timing)
        if not check_end(s):
            then = _T_TARGET
            tk = s.pend_ship
    elif pk == PK_REPAIR:
        k = s.pend_ship
        s.sh_masts[k] |= 1 << o
        release_tows(s)                         # --- tow: with a mast she is towed no more
        if s.pend_count == 0 and carpenter(s, k) and \
                s.sh_masts[k] != (1 << nmast(s, k)) - 1:
            reveal(s, k, KW_CARPENTER)          # a second mast, same action
            s.pend_count = 1
        else:
            s.pend_count = 0
            then = _T_TURN
    elif pk == PK_EXPLORE:
        if a == A_NO:
            then = _T_TURN
        else:
            s.co_loc[o] = LOC_SHIP
            s.co_at[o] = s.pend_ship
            # asked again while coins are left on the island: her cargo room reads hidden
            # links, and every seat sees whether she is asked [Exploring; ruling: Face-down
            # pieces in actions]
            if island_coins(s, s.sh_dock[s.pend_ship]) == 0:
                then = _T_TURN
    elif pk == PK_BOARD:
        if a == A_YES:
            board(s)
        elif s.pend_seat == s.order[s.cur]:
            q = s.sh_owner[s.pend_target]       # the rammed player may board instead
            s.pend_seat = q
            s.to_play = q
        else:
            then = _T_BOARD
    elif pk == PK_BOARD_WIN:
        if a == A_OPT + OPT_TAKE_NOTHING:
            then = _T_BOARD
        elif a == A_YES:
            s.pending = PK_BOARD_CREW
            s.to_play = s.sh_owner[s.pend_target]
        else:
            p = s.sh_owner[s.pend_ship]
            for c in range(MAX_COINS):          # the winner looks at the ship's treasure
                if s.co_loc[c] == LOC_SHIP and s.co_at[c] == s.pend_target:
                    s.co_seen[c] |= 1 << p
            s.pending = PK_BOARD_COIN
            s.to_play = p
    elif pk == PK_BOARD_CREW:
        s.cr_ship[o] = -1
        then = _T_BOARD
    elif pk == PK_BOARD_COIN:
        s.co_loc[o] = LOC_SHIP
        s.co_at[o] = s.pend_ship
        then = _T_BOARD
    if then == _T_SEGMENT:
        then = _after_segment(s, tk, tm)
    if then == _T_END_MOVE:
        end_move(s, tk)
    elif then == _T_MOVE_REST:
        end_move_rest(s, tk, True)         # after a mysterious island: docked anew
    elif then == _T_TARGET:
        ask_gun(s, tk)
    elif then == _T_BOARD:
        finish_board(s)
    elif then == _T_END_TURN:
        end_turn(s)
    elif then == _T_TURN:
        back_to_turn(s)
    elif then == _T_ORDER:
        order_ship(s, tk, tm)
    elif then == _T_DEPLOY:
        _deploy_next(s)
    elif then == _T_TERRAIN:
        _terrain_or_homes(s)
    if s.pending == PK_REVEAL or _reveal_waits(s):
        ask_reveal(s)                    # before anything else (ruling: Revealing crew)
    s.step += 1
    if s.to_play == NO_SEAT or s.done:
        return
    bound = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS   # ruling: Truncation
    if s.step >= bound:
        s.truncated = 1
        s.to_play = NO_SEAT


@njit(cache=True, inline="always")
def order_ship(s, k, act):
    """[Actions] ship k of the player to play is given action ``act``."""
    s.sh_acts[k] += 1
    if s.sh_acts[k] == 2:       # a second action: the keyword giving it is used and revealed
        if act == ACT_SHOOT and s.sh_last[k] == ACT_MOVE:      # [Placing Crew and equipment]
            reveal(s, k, KW_CAPTAIN)
        elif act == ACT_MOVE and s.sh_last[k] == ACT_SHOOT:
            reveal(s, k, KW_HELMSMAN)
        elif act == ACT_EXPLORE and s.sh_last[k] == ACT_MOVE:
            reveal(s, k, KW_EXPLORER)       # even at the island she began the turn at
    s.sh_last[k] = act
    s.pend_ship = k
    if act == ACT_MOVE:
        s.seg_used = 0
        r = T.start_move(s, k)       # tangled / lost first [Sargasso Sea; Fog Bank]
        if r == T.GO_ON:
            s.pending = PK_SEGMENT
        elif r == T.END_MOVE:
            back_to_turn(s)
    elif act == ACT_EXPLORE:
        if s.sh_began[k] != s.sh_dock[k]:
            reveal(s, k, KW_EXPLORER)       # exploring an island she docked at this turn
        begin_explore(s, k)
    elif act == ACT_SHOOT:
        s.pend_fired = 0
        ask_gun(s, k)
    else:
        if not repairs_at_home(s, k):
            # her Shipwright's ability is used as the action is given, so it turns up now,
            # before the mast is chosen, as a Captain's or an Explorer's does
            reveal(s, k, KW_SHIPWRIGHT)
        s.pending = PK_REPAIR
        s.pend_count = 0


@njit(cache=True)
def sea_order(s, k):
    """[Exploring] ship k is given an explore action at sea (always her first: sea_ok)."""
    s.sh_acts[k] += 1
    s.sh_last[k] = ACT_EXPLORE
    s.pend_ship = k
    s.pending = PK_SEA_WITH


@njit(cache=True, inline="always")
def _terrain_or_homes(s):
    """[Placing Terrain] reefs placed in turn, in island order; then the home islands."""
    if s.n_reefs < s.cfg.reefs * s.num_players:
        s.pending = PK_TERRAIN
        s.to_play = s.order[s.n_reefs % s.num_players]
        return
    if s.n_terr < T.terrain_to_place(s):     # the other terrain, in the same order
        s.pending = PK_PLACE_TERR
        s.to_play = s.order[(s.n_reefs + s.n_terr) % s.num_players]
        return
    s.pend_count = 0
    ask_home(s)


@njit(cache=True, inline="always")
def _after_segment(s, k, over):
    """[Terrain] a reef touched at the end of a segment applies at once; a ship that is not
    derelict or wrecked may then sail her remaining segments. Past the last of them a ship
    that may carry an Oarsman for all another seat can tell (may_row) is still asked, with
    only "stop" legal when she has none [Placing Crew and equipment]. Returns apply's tail
    call: _T_END_MOVE, _T_TURN or _T_NONE."""
    if reef_check(s, k, over):
        return _T_NONE
    r = T.terrain_check(s, k, over)
    if r == T.ASKED:
        return _T_NONE
    if r == T.ACTIONS_OVER:
        release_pins(s)
        return _T_TURN
    if r == T.END_MOVE:
        return _T_END_MOVE
    if over or not s.sh_live[k] or s.sh_masts[k] == 0:
        return _T_END_MOVE
    # every seat sees whether she is asked: a face-down Oarsman's +S alone must not decide
    # it, or her stopping would tell every seat the Oarsman is aboard
    if free_segment(s, k, 0) < 0 and free_segment(s, k, 1) < 0 and \
            (keywords(s, k) & KW_OARSMAN or not may_row(s, k)):
        return _T_END_MOVE
    s.pending = PK_SEGMENT
    return _T_NONE


@njit(cache=True, inline="always")
def _reveal_waits(s):
    for k in range(MAX_SHIPS):
        if s.sh_rv[k]:
            return True
    return False


@njit(cache=True, inline="always")
def _any_docked(s, p):
    """A ship of seat p's fleet is afloat and docked: piece_ok is False for every piece
    without one (its destination or its own ship must be hers and docked: cargo.py), so the
    turn's legal mask skips the pieces (speed)."""
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] == p and s.sh_live[k] and s.sh_dock[k] >= 0:
            return True
    return False


@njit(cache=True, inline="always")
def _deploy_next(s):
    r = next_deploy(s)
    if r == 2:
        for k in range(MAX_SHIPS):
            s.sh_began[k] = -1
        place_treasure(s)
        start_play(s)


# --- tow / fort loading / trade currents ---------------------------------------------------------
@njit(cache=True, inline="always")
def _capt_ok(s, k, o):
    """PK_CAPT option o for ship k, towed into her player's fleet from another's index:
    ACT_* as for any ship of hers, CAPT_SCUTTLE, CAPT_SEA [Tow; Actions]."""
    if o < 4:
        return action_ok(s, k, o)
    if o == CAPT_SCUTTLE:
        return scuttle_ok(s, k)
    return sea_ok(s, k)


@njit(cache=True, inline="always")
def _turn_mask_extra(s, p, mask):
    nav = 0                                     # ships with an unused Navigator aboard:
    for c in range(MAX_CREW):                   # one pass, as most fleets have none
        k = s.cr_ship[c]
        if 0 <= k < MAX_SHIPS and not s.cr_nav[c] and \
                s.cfg.crew_kw[c // MAX_CREW_P, c % MAX_CREW_P] & KW_NAVIGATOR:
            nav |= 1 << k
    fort = False                                # a fort of hers standing: loading
    for f in range(p * MAX_FORTS_P, (p + 1) * MAX_FORTS_P):
        if s.ft_isl[f] >= 0:
            fort = True
    for k in range(MAX_SHIPS):
        if s.sh_owner[k] != p or not s.sh_live[k]:
            continue
        if k // MAX_FLEET != p:                 # a ship a tow brought in [Tow]
            for o in range(6):
                if _capt_ok(s, k, o):
                    mask[A_CAPT + k] = 1
                    break
        if fort and F.can_load(s, k):           # [Forts: Treasure]
            mask[A_LOAD + k] = 1
        if (nav >> k) & 1 and nav_ok(s, k):     # [Trade Current] a Navigator
            mask[A_NAV + k] = 1


@njit(cache=True, inline="always")
def _mask_extra(s, pk, mask):
    k = s.pend_ship
    if pk == PK_TOW:
        for j in range(MAX_SHIPS):
            if towable(s, k, j):
                mask[A_OPT + j] = 1
        mask[A_NO] = 1
    elif pk == PK_CAPT:
        for o in range(6):
            if _capt_ok(s, k, o):
                mask[A_OPT + o] = 1
    elif pk == PK_LOAD:                 # the first coin is the one she chose to load for
        for c in range(MAX_COINS):
            if F.load_ok(s, k, c):
                mask[A_OPT + c] = 1
        if s.pend_count > 0:
            mask[A_NO] = 1
    elif pk == PK_NAV:                  # choosing A_NAV was the choice to place it
        for a in range(EDGE_SLOTS):
            if nav_slot_ok(s, k, a):
                mask[A_OPT + a] = 1


@njit(cache=True, inline="always")
def _step_extra(s, a):
    """PK_TURN: a joined ship chosen (then her action), a load from a fort, a Navigator;
    then the answers to those decisions and to the tow question."""
    pk = s.pending
    k = s.pend_ship
    o = a - A_OPT
    if pk == PK_TURN:
        if a >= A_NAV:
            s.pend_ship = a - A_NAV
            s.pending = PK_NAV
        elif a >= A_LOAD:
            s.pend_ship = a - A_LOAD
            s.pending = PK_LOAD
            s.pend_count = 0
        else:
            s.pend_ship = a - A_CAPT
            s.pending = PK_CAPT
    elif pk == PK_TOW:
        if a != A_NO:
            tow(s, k, o)
        after_tow(s)
    elif pk == PK_CAPT:                 # (an action, o < 4, is apply's order_ship call)
        if o == CAPT_SCUTTLE:
            scuttle(s, k)
            back_to_turn(s)
        else:
            sea_order(s, k)
    elif pk == PK_LOAD:
        s.pend_count = 1
        if a == A_NO or not F.load(s, k, o):
            s.pend_count = 0
            back_to_turn(s)
    elif pk == PK_NAV:
        nav_place(s, k, o)
        back_to_turn(s)
