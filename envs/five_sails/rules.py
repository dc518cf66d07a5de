"""City of Five Sails kernels: init, legal_mask, apply.

Sections [Game Setup] (City Deck shuffled, locations by player count, Leaders en garde at
Home, Approach Decks not shuffled, Faction Decks shuffled, no starting hand) and the
dispatch of every pending decision to its phase module (day.py, actions.py, duel.py).
``apply`` takes one decision, then (with ``cfg.auto_forced``) every decision that has a
single legal option following from public state (forced.py) [ruling: Forced decisions are
public ones], and truncates at ``max_steps`` decisions [Bound].
"""

import numpy as np
from numba import njit

from envs.core.forced import only_option
from envs.core.rng import seed_state, shuffle
from envs.core.spec import NO_SEAT

from .actions import (copy_apply, copy_legal, main_apply, main_legal, sink_apply,
                      sink_legal, step_apply, step_legal)
from .day import (begin_day, dusk_apply, locker_legal, locker_apply, order_apply, order_legal,
                  plan_apply, plan_legal)
from .duel import duel_apply, duel_legal
from .forced import options_public
from .react import is_react_action, react_apply, react_legal
from .cards import C_AB, C_TRIG, C_TYPE
from .state import (A_HAND, DEFAULT_MAX_STEPS, HOME, MAX_PLAYERS, NUM_ACTIONS, PH_PLANNING,
                    PK_ACTOR, PK_CHAR, PK_DUSK,
                    PK_EQUIP, PK_LOCKER, PK_MAIN, PK_MOVE, PK_NONE, PK_PARLEY, PK_PAY,
                    PK_RESPOND, PK_SCHEME, PK_SLOT, CITY_DECK, APPROACH, PK_ORDER,
                    PK_REACT, PK_RACTOR, AB_REACTION, PK_SINK, PK_RPAY, PK_COPY, T_RISK)


@njit(cache=True)
def _clear(s):
    s.day = 1
    s.phase = PH_PLANNING
    s.first = -1
    s.prio = 0
    s.passes = 0
    s.plan_seat = 0
    s.out[:] = 0
    s.renown[:] = 0
    s.appr[:, :] = 0
    s.plan_scheme[:] = 0
    s.plan_char[:] = 0
    s.scheme[:] = 0
    s.rev_slot[:] = 0
    s.deck[:, :] = 0
    s.deck_n[:] = 0
    s.hand[:, :] = 0
    s.hand_n[:] = 0
    s.disc[:, :] = 0
    s.disc_n[:] = 0
    s.locker[:, :] = 0
    s.locker_n[:] = 0
    s.crew[:, :] = 0
    s.loc[:, :] = 0
    s.eng[:, :] = 0
    s.wounds[:, :] = 0
    s.att[:, :, :] = 0
    s.att_own[:, :, :] = 0
    s.used[:, :] = 0
    s.rused[:, :] = 0
    s.buff[:, :] = 0
    s.tech[:, :] = 0
    s.event_used[:, :] = 0
    s.cdeck[:] = 0
    s.cdeck_n = 0
    s.cslot[:] = 0
    s.cdisc[:] = 0
    s.cdisc_n = 0
    s.clocker[:] = 0
    s.clocker_n = 0
    s.ctrl[:] = -1
    s.pk = PK_NONE
    s.go = 0
    s.pa = 0
    s.pb = 0
    s.pc = 0
    s.pd = 0
    s.pcard = 0
    s.pay = 0
    s.queue = 0
    s.r_has[:] = 0
    s.r_trig = 0
    s.r_ret = 0
    s.r_queue = 0
    s.r_from = 0
    s.r_loc = 0
    s.r_p = 0
    s.r_c = 0
    s.r_amt = 0
    s.r_dest = 0
    s.r_move = 0
    s.r_mover = 0
    s.r_src = 0
    s.r_act = 0
    s.r_pay = 0
    s.r_card = 0
    s.sink[:] = 0
    s.d_on = 0
    s.d_stat = 0
    s.d_loc = 0
    s.d_seat[:] = -1
    s.d_slot[:] = -1
    s.d_alive[:] = 0
    s.d_lkstat[:] = 0
    s.d_pool[:] = 0
    s.d_ploc[:] = 0
    s.d_active = 0
    s.d_out = 0
    s.d_must[:] = 0
    s.d_gambles[:] = 0
    s.d_lethal[:] = 0
    s.d_line[:, :] = 0
    s.d_line_n[:] = 0
    s.d_card = 0
    s.d_man = 0
    s.d_tround = 0
    s.d_cv[:] = 0
    s.d_reveal[:] = 0
    s.d_threat = 0
    s.d_risk = 0


@njit(cache=True)
def deck_triggers(cfg, p):
    """Reaction triggers of the risks on seat p's Faction Deck list (bits): deck lists are
    open, so a window may be opened on them without revealing a hand; attachments react only
    once equipped, in plain view [ruling: Reaction windows]."""
    m = 0
    for i in range(cfg.faction_n[p]):
        cid = cfg.faction[p, i]
        if C_AB[cid] == AB_REACTION and C_TYPE[cid] == T_RISK:
            m |= 1 << int(C_TRIG[cid])
    return m


@njit(cache=True)
def init(s, cfg, seed):
    """[Game Setup] then the first Day's Dawn and Planning."""
    seed_state(s, seed)
    s.fault = 0
    s.cfg = cfg
    n = cfg.num_players
    s.num_players = n
    s.done = 0
    s.truncated = 0
    s.step = 0
    s.winner_mask = 0
    for p in range(MAX_PLAYERS):
        s.reward[p] = 0.0
    _clear(s)
    for i in range(CITY_DECK):
        s.cdeck[i] = cfg.city[i]
    s.cdeck_n = CITY_DECK
    shuffle(s, s.cdeck, CITY_DECK)
    for p in range(n):
        s.crew[p, 0] = cfg.leader[p]
        s.loc[p, 0] = HOME
        for k in range(APPROACH):
            s.appr[p, k] = cfg.approach[p, k]
        m = cfg.faction_n[p]
        for i in range(m):
            s.deck[p, i] = cfg.faction[p, i]
        s.deck_n[p] = m
        shuffle(s, s.deck[p], m)
        s.r_has[p] = deck_triggers(cfg, p)
    begin_day(s)


@njit(cache=True)
def legal_mask(s, mask):
    mask[:] = 0
    if s.to_play < 0 or s.done or s.truncated or s.fault:
        return
    pk = s.pk
    if pk == PK_SCHEME or pk == PK_CHAR:
        plan_legal(s, mask)
    elif pk == PK_LOCKER:
        locker_legal(s, mask)
    elif pk == PK_ORDER:
        order_legal(s, mask)
    elif pk == PK_REACT or pk == PK_RACTOR or pk == PK_RPAY:
        react_legal(s, mask)
    elif pk == PK_SINK:
        sink_legal(s, mask)
    elif pk == PK_COPY:
        copy_legal(s, mask)
    elif pk == PK_MAIN:
        main_legal(s, mask)
    elif pk == PK_DUSK:
        for i in range(s.hand_n[s.to_play]):
            mask[A_HAND + i] = 1
    elif (pk == PK_MOVE or pk == PK_PAY or pk == PK_PARLEY or pk == PK_EQUIP
          or pk == PK_ACTOR or pk == PK_SLOT):
        step_legal(s, mask)
    else:
        duel_legal(s, mask)


@njit(cache=True)
def apply(s, action):
    """Apply one legal action; with auto_forced, also every single-option decision after it
    whose options follow from public state [ruling: Forced decisions are public ones].

    The phase modules' appliers are inlined here, each at its one call site (numba gives
    an inlined function no compiled library of its own, so the cold compile optimises the
    engine once here instead of once more per dispatch layer)."""
    for q in range(MAX_PLAYERS):
        s.reward[q] = 0.0
    action = np.int64(action)
    # the chosen decision, then at most DEFAULT_MAX_STEPS forced ones
    for k in range(DEFAULT_MAX_STEPS + 1):
        pk = s.pk
        if pk == PK_SCHEME or pk == PK_CHAR:
            plan_apply(s, action)
        elif pk == PK_LOCKER:
            locker_apply(s, action)
        elif pk == PK_ORDER:
            order_apply(s, action)
        elif pk == PK_REACT or pk == PK_RACTOR or pk == PK_RPAY or (pk == PK_RESPOND
                                                                    and is_react_action(action)):
            react_apply(s, action)
        elif pk == PK_SINK:
            sink_apply(s, action)
        elif pk == PK_COPY:
            copy_apply(s, action)
        elif pk == PK_MAIN:
            main_apply(s, action)
        elif pk == PK_DUSK:
            dusk_apply(s, action)
        elif (pk == PK_MOVE or pk == PK_PAY or pk == PK_PARLEY or pk == PK_EQUIP
              or pk == PK_ACTOR or pk == PK_SLOT):
            step_apply(s, action)
        else:
            duel_apply(s, action)
        s.step += 1
        if not s.done and not s.fault:
            bound = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS
            if s.step >= bound:
                s.truncated = 1
                s.to_play = NO_SEAT
        # a decision whose options read hidden cards is asked even with one option: skipping
        # it would tell every seat so [ruling: Forced decisions are public ones]
        if (not s.cfg.auto_forced or k == DEFAULT_MAX_STEPS or s.to_play < 0
                or not options_public(s)):
            return
        if k == 0:
            mask = np.empty(NUM_ACTIONS, np.uint8)     # only with auto_forced: no allocation per step
        legal_mask(s, mask)
        a = only_option(mask)
        if a < 0:
            return
        action = a
