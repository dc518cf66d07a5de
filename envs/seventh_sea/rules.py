"""7th Sea CCG kernels: init, legal_mask, apply (the decision handlers).

Sections: Game Set-Up (Seas, Captain and Ship revealed, starting Crew chosen in secret,
Ships in the Captain's home Sea, shuffle, draw seven), II. Actions (the 13 actions: hire,
experience, play an action, put an adventure into play, chantey, complete an adventure,
attachment, move, cannon attack, boarding, discard crew, discard adventure, pass; the
Ship's free move), Paying Costs, Canceling, Suffering Hits, Boarding, Maximum Hand Size.
The automatic steps between decisions are in ``flow.py``.
"""

import numpy as np
from numba import njit

from envs.core.forced import only_option
from envs.core.rng import seed_state
from envs.core.spec import NO_SEAT

from .cards import CARD
from .common import (act_effect, cannon_traits, cannon_bonus, eliminate, hand_max as _hand_max,
                     remove_crew, skill, take_hand, to_discard)
from .edition import pass_pass_ends_without_draw
from .forced import options_public
from .flow import (
    fighter_absorb, put_crew, complete_adventure,
    advance, begin_attack, pay_done, pay_failed, resolve_attack, start_pay,
    next_cancel, cancel_cost, absorbed, cannon_react, next_react,
)
from .legal import adv_cost, can_bring, legal_into, xp_count, xp_slot
from .state import (
    A_ADV, A_BOARD, A_CANNON, A_CREW, A_DADV, A_DCREW, A_DEF, A_FREE, A_HAND, A_MOVE,
    A_PAYC, A_SEA, A_SHIP, A_SINK, A_STOP, A_TARGET, A_XP, ADVENTURING, AK_ACTION,
    AK_ADV_DONE, AK_ADV_PUT, AK_ATTACH, AK_BOARD, AK_CANNON, AK_CHANTEY, AK_FREE, AK_HIRE,
    AK_MOVE, AK_NONE, AK_XP, C_ARG, C_COST, C_COST_SKILL, C_HOME, C_OP, C_BOX, C_TYPE, CANNON,
    DEFAULT_MAX_STEPS, F_ACTION_DONE, F_BOARD_END, F_BOARD_END_DRAW,
    F_BOARD_ROUND_END, F_PASS, F_SETUP_DONE, HOST_SHIP, INFLUENCE, MAX_ADV, MAX_ATT,
    MAX_BOARD_CARDS, MAX_CREW, MAX_DECK, MAX_HAND, MAX_PLAYERS, MOVE_COST, NUM_ACTIONS,
    OP_BOARDING, OP_DISCARD, OP_DUEL, OP_HITS, PK_PICK, A_ACT, C_ACT, C_ACT_ARG, A_FOE, PK_FOE,
    PK_REACT, PH_START, PK_ABSORB, PK_BCARD, PK_BPUSH, PK_CANCEL,
    PK_DISCARD, PK_FIRE, PK_HOST, PK_MAIN, PK_NONE, PK_PAY, PK_SEA, PK_START, PK_TARGET,
    SWASH, T_ACTION, T_ADVENTURE, T_ATTACH, T_CAPTAIN, T_CREW, T_SHIP, MAX_DEFS,
    A_SHIPACT, A_ATTACT, A_CHACT, C_REACT, C_REACT_ARG, HOST_SHIP as _HOST_SHIP, C_HOSTILE,
)

_AUTO_BOUND = 4096


@njit(cache=True)
def init(s, cfg, seed):
    """[Game Set-Up] Captains and Ships revealed, ships in the home Sea; the deck is the rest
    (shuffled after the starting Crew are chosen); seat 0 chooses its starting Crew first."""
    seed_state(s, seed)
    s.cfg = cfg
    n = cfg.num_players
    s.num_players = n
    s.fault = 0
    s.done = 0
    s.truncated = 0
    s.step = 0
    s.winner_mask = 0
    s.phase = PH_START
    s.turn = 0
    s.passes = 0
    s.must_act = 0
    s.opos = 0
    s.chantey = -1
    s.chantey_owner = -1
    s.actor = 0
    s.act_kind = AK_NONE
    s.act_slot = -1
    s.act_target = -1
    s.act_host = -1
    s.limbo = -1
    s.react_card = -1
    s.react_ret = 0
    s.fire_hits = 0
    s.fighter_abs = -1
    s.rw_mask = 0
    s.rw_pos = -1
    s.cw_mask = 0
    s.pay_seat = -1
    s.pay_skill = 0
    s.pay_left = 0
    s.pay_cancel = 0
    s.pay_made = 0
    s.hits = 0
    s.hit_seat = -1
    s.b_att = -1
    s.b_def = -1
    s.b_half = 0
    s.b_pass = 0
    s.b_round = 0
    s.b_pushed = 0
    s.b_duel = 0
    s.b_last = -1
    s.b_box = -1
    s.b_n = 0
    s.after = 0
    s.hit_after = 0
    s.disc_after = 0
    s.f_seat[:] = -1
    s.f_slot[:] = -1
    s.b_cards[:] = -1
    s.b_card_seat[:] = -1
    s.crew[:, :] = -1
    s.tacked[:, :] = 0
    s.att[:, :] = -1
    s.att_host[:, :] = -1
    s.att_owner[:, :] = -1
    s.adv[:, :] = -1
    s.adv_sea[:, :] = -1
    s.hand[:, :] = -1
    s.deck[:, :] = -1
    s.discard[:, :] = -1
    s.sunk[:, :] = -1
    s.paid[:, :] = 0
    for p in range(MAX_PLAYERS):
        s.reward[p] = 0.0
        s.alive[p] = 0
        s.ship[p] = -1
        s.sea[p] = -1
        s.ship_tacked[p] = 0
        s.crew_n[p] = 0
        s.att_n[p] = 0
        s.adv_n[p] = 0
        s.hand_n[p] = 0
        s.deck_n[p] = 0
        s.discard_n[p] = 0
        s.sunk_n[p] = 0
        s.owned[p] = 0
        s.start_done[p] = 0
        s.start_cost[p] = 0
        s.order[p] = p if p < n else -1
        if p >= n:
            continue
        s.alive[p] = 1
        for d in range(MAX_DEFS):
            for _ in range(cfg.deck[p, d]):
                s.owned[p] += 1
                t = CARD[d, C_TYPE] if d < CARD.shape[0] else -1
                if t == T_CAPTAIN and s.crew[p, 0] < 0:
                    s.crew[p, 0] = d
                    s.crew_n[p] = 1
                elif t == T_SHIP and s.ship[p] < 0:
                    s.ship[p] = d
                elif s.deck_n[p] < MAX_DECK:
                    s.deck[p, s.deck_n[p]] = d
                    s.deck_n[p] += 1
        s.sea[p] = CARD[s.crew[p, 0], C_HOME]
    s.pk = PK_START
    s.cur = 0
    s.to_play = 0


@njit(cache=True)
def legal_mask(s, mask):
    mask[:] = 0
    if s.to_play < 0 or s.done or s.truncated or s.fault:
        return
    legal_into(s, mask)


@njit(cache=True)
def _target_seat(s, p, r):
    return (p + r + 1) % s.num_players


@njit(cache=True)
def _experience(s, p, j, d):
    """[2. Experience a Crew] d replaces p's crew j, which is discarded."""
    to_discard(s, p, s.crew[p, j])
    s.crew[p, j] = d
    s.pk = PK_NONE
    s.after = F_ACTION_DONE


@njit(cache=True)
def _main(s, p, a):
    """[II. Actions] declare one action [ruling: Targets at declaration]."""
    s.actor = p
    if A_HAND <= a < A_HAND + MAX_HAND:
        i = a - A_HAND
        d = take_hand(s, p, i)
        s.limbo = d
        t = CARD[d, C_TYPE]
        if t == T_CREW:
            s.act_kind = AK_HIRE
            start_pay(s, p, INFLUENCE, CARD[d, C_COST], 0)
        elif t == T_ACTION:
            s.act_kind = AK_ACTION
            op = CARD[d, C_OP]
            if op == OP_HITS or op == OP_BOARDING or op == OP_DISCARD or op == OP_DUEL:
                s.pk = PK_TARGET
                s.cur = p
            else:
                start_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST], 0)
        elif t == T_ATTACH:
            s.act_kind = AK_ATTACH
            s.pk = PK_TARGET if CARD[d, C_HOSTILE] else PK_HOST
            s.cur = p
        elif t == T_ADVENTURE:
            s.act_kind = AK_ADV_PUT
            s.pk = PK_SEA
            s.cur = p
        else:
            s.act_kind = AK_CHANTEY
            start_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST], 0)
    elif A_XP <= a < A_XP + MAX_HAND:
        # [2. Experience a Crew] replaces the crew: attachments, tacked state kept; no cost;
        # with several crew of its title, the player picks which [ruling: Experience target]
        d = s.hand[p, a - A_XP]
        if xp_count(s, p, d) > 1:
            s.limbo = take_hand(s, p, a - A_XP)
            s.act_kind = AK_XP
            s.pk = PK_HOST
            s.cur = p
            return
        j = xp_slot(s, p, d)
        take_hand(s, p, a - A_XP)
        _experience(s, p, j, d)
    elif A_ADV <= a < A_ADV + MAX_ADV:
        s.act_kind = AK_ADV_DONE
        s.act_slot = a - A_ADV
        start_pay(s, p, ADVENTURING, adv_cost(s, p, a - A_ADV), 0)
    elif A_DADV <= a < A_DADV + MAX_ADV:
        k = a - A_DADV
        to_discard(s, p, s.adv[p, k])
        for j in range(k, s.adv_n[p] - 1):
            s.adv[p, j] = s.adv[p, j + 1]
            s.adv_sea[p, j] = s.adv_sea[p, j + 1]
        s.adv_n[p] -= 1
        s.adv[p, s.adv_n[p]] = -1
        s.adv_sea[p, s.adv_n[p]] = -1
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif A_ACT <= a < A_ACT + MAX_CREW:
        # [3. Play or Perform an Action] "Act:" tack the crew for its effect
        j = a - A_ACT
        d = s.crew[p, j]
        s.tacked[p, j] = 1
        act_effect(s, p, CARD[d, C_ACT], CARD[d, C_ACT_ARG])
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif a == A_SHIPACT:
        # [Ship: "each Ship has one or more special abilities"] its "Act:" tacks the Ship
        s.ship_tacked[p] = 1
        act_effect(s, p, CARD[s.ship[p], C_ACT], CARD[s.ship[p], C_ACT_ARG])
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif A_ATTACT <= a < A_ATTACT + MAX_ATT:
        # [Attachment] an attachment's "Act:", used by its owner, tacks the card it is on
        d = s.att[p, a - A_ATTACT]
        h = s.att_host[p, a - A_ATTACT]
        if h == _HOST_SHIP:
            s.ship_tacked[p] = 1
        else:
            s.tacked[p, h] = 1
        act_effect(s, p, CARD[d, C_ACT], CARD[d, C_ACT_ARG])
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif a == A_CHACT:
        # [Chantey] "all players are considered to have that ability printed on their
        # Captains": the Captain tacks for the Chantey's "Act:"
        s.tacked[p, 0] = 1
        act_effect(s, p, CARD[s.chantey, C_ACT], CARD[s.chantey, C_ACT_ARG])
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif A_DCREW <= a < A_DCREW + MAX_CREW:
        # [Discard a Crew] (original: the Captain too; he no longer sails, so his player is
        # out [ruling: Discarding the Captain])
        remove_crew(s, p, a - A_DCREW, False)
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
        if a == A_DCREW:
            eliminate(s, p)
    elif a == A_MOVE or a == A_FREE:
        s.act_kind = AK_MOVE if a == A_MOVE else AK_FREE
        s.pk = PK_SEA
        s.cur = p
    elif a == A_CANNON or a == A_BOARD:
        s.act_kind = AK_CANNON if a == A_CANNON else AK_BOARD
        s.pk = PK_TARGET
        s.cur = p
    else:
        s.pk = PK_NONE
        s.after = F_PASS


@njit(cache=True)
def _start(s, p, a):
    """[Game Set-Up] choose starting Crew one at a time, hidden until all are chosen
    [ruling: Starting crew in seat order, hidden]."""
    if a == A_STOP:
        s.start_done[p] = 1
        for q in range(s.num_players):
            if not s.start_done[q]:
                s.cur = q
                return
        s.pk = PK_NONE
        s.after = F_SETUP_DONE
        return
    d = a - A_DEF
    for i in range(s.deck_n[p]):
        if s.deck[p, i] == d:
            s.deck_n[p] -= 1
            s.deck[p, i] = s.deck[p, s.deck_n[p]]
            s.deck[p, s.deck_n[p]] = -1
            break
    for j in range(MAX_CREW):
        if s.crew[p, j] < 0:
            s.crew[p, j] = d
            s.crew_n[p] += 1
            break
    s.start_cost[p] += CARD[d, C_COST]


@njit(cache=True)
def _react(s, p, a, ret):
    """[Actions and Reacts] play a React from hand: pay its cost, then it takes effect."""
    d = take_hand(s, p, a - A_HAND)
    s.react_card = d
    s.react_ret = ret
    start_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST], 0)


@njit(cache=True)
def _absorb(s, q, a):
    """[Suffering Hits] tack a crew (its Swashbuckling absorbs) or sink one; sinking the
    Captain sinks the Ship."""
    if a < A_SINK:
        j = a - A_CREW
        s.tacked[q, j] = 1
        s.hits -= skill(s, q, j, SWASH)
    else:
        j = a - A_SINK
        sw = max(skill(s, q, j, SWASH), 0)
        remove_crew(s, q, j, True)
        s.hits -= sw
        if j == 0:
            eliminate(s, q)
            s.hits = 0
    if s.hits <= 0:
        s.hits = 0
        s.pk = PK_NONE
        s.after = s.hit_after


@njit(cache=True)
def _board(s, p, a):
    """[Boarding] push a crew forward, play a boarding attack card, or pass / stop
    [ruling: Boarding pass rule]."""
    if s.pk == PK_BPUSH:
        if a < A_XP:                       # a card instead of performing a Boarding Attack
            _react(s, p, a, PK_BPUSH)
            return
        if a == A_STOP:
            if s.f_seat[0] < 0:            # the side passes its boarding attack
                s.pk = PK_NONE
                if s.b_half == 0:
                    s.b_pass = 1
                    s.b_half = 1
                    begin_attack(s, s.b_def)
                elif s.b_pass:
                    s.after = F_BOARD_END if pass_pass_ends_without_draw(s) else F_BOARD_END_DRAW
                else:
                    s.after = F_BOARD_ROUND_END
            else:                          # the defender takes the hits
                resolve_attack(s, 0)
            return
        idx = 0 if s.f_seat[0] < 0 else 1
        s.f_seat[idx] = p
        s.f_slot[idx] = a - A_CREW
        s.b_pushed = 1
        s.pk = PK_BCARD
        return
    if a == A_STOP:
        resolve_attack(s, s.b_last)
        return
    d = take_hand(s, p, a - A_HAND)
    if s.b_n < MAX_BOARD_CARDS:
        s.b_cards[s.b_n] = d
        s.b_card_seat[s.b_n] = p
        s.b_n += 1
    s.b_box = CARD[d, C_BOX]
    idx = 0 if s.f_seat[0] == p else 1
    s.b_last = idx
    s.b_pushed = 0
    o = 1 - idx
    if s.f_seat[o] >= 0:
        s.pk = PK_BCARD
        s.cur = s.f_seat[o]
    else:
        s.pk = PK_BPUSH
        s.cur = s.b_def if p == s.b_att else s.b_att


@njit(cache=True)
def _apply_one(s, a):
    p = s.cur
    pk = s.pk
    if pk == PK_START:
        _start(s, p, a)
    elif pk == PK_MAIN:
        _main(s, p, a)
    elif pk == PK_PAY:
        if a == A_STOP:
            pay_failed(s)
        elif a < A_XP:
            # a React producing points of the skill being paid; discarded once used
            d = take_hand(s, p, a - A_HAND)
            to_discard(s, p, d)
            s.pay_made = 1
            s.pay_left -= CARD[d, C_ARG]
            if s.pay_left <= 0:
                pay_done(s)
        else:
            j = a - A_CREW
            v = skill(s, p, j, s.pay_skill)     # [ruling: Overpaying] any excess is lost
            s.tacked[p, j] = 1
            s.pay_made = 1
            s.paid[p, s.pay_skill] += v
            s.pay_left -= v
            if s.pay_left <= 0:
                pay_done(s)
    elif pk == PK_CANCEL:
        if a == A_PAYC:
            k, n = cancel_cost(s, p)
            start_pay(s, p, k, n, 1)
        else:
            next_cancel(s)
    elif pk == PK_SEA:
        k = a - A_SEA
        ak = s.act_kind
        if ak == AK_MOVE:
            s.act_host = k
            start_pay(s, p, MOVE_COST, 0, 0)
        elif ak == AK_FREE:
            # ['Free Move'] tack the Ship, move to an adjacent Sea; an action must follow
            s.ship_tacked[p] = 1
            s.sea[p] = k
            s.must_act = 1
            s.act_kind = AK_NONE
            s.pk = PK_MAIN
        elif ak == AK_ADV_PUT:              # [ruling: Adventures put for free]
            s.adv[p, s.adv_n[p]] = s.limbo
            s.adv_sea[p, s.adv_n[p]] = k
            s.adv_n[p] += 1
            s.limbo = -1
            s.pk = PK_NONE
            s.after = F_ACTION_DONE
        else:                               # an action card's move, at resolution
            s.sea[p] = k
            to_discard(s, p, s.limbo)
            s.limbo = -1
            s.pk = PK_NONE
            s.after = F_ACTION_DONE
    elif pk == PK_TARGET:
        s.act_target = _target_seat(s, p, a - A_TARGET)
        if s.act_kind == AK_CANNON:
            s.pk = PK_FIRE
        elif s.act_kind == AK_ACTION and CARD[s.limbo, C_OP] == OP_DUEL:
            s.pk = PK_FOE
        elif s.act_kind == AK_BOARD:
            start_pay(s, p, MOVE_COST, 0, 0)
        elif s.act_kind == AK_ATTACH:
            s.pk = PK_HOST                  # a hostile attachment: a card of the target
        else:
            start_pay(s, p, CARD[s.limbo, C_COST_SKILL], CARD[s.limbo, C_COST], 0)
    elif pk == PK_FIRE:
        # [9. Perform a Cannon Attack] tack one crew: hits = its Cannon
        j = a - A_CREW
        s.tacked[p, j] = 1
        # traits first, then the React window [Actions and Reacts: "the trait occurs before
        # the React"]
        s.fire_hits = max(0, skill(s, p, j, CANNON) + cannon_bonus(s)
                          + cannon_traits(s, p, s.act_target))
        # [9. Perform a Cannon Attack: "you may also play Cannon Reacts"; original, Actions
        # and Reacts: "React cards will tell you when you are allowed to play them"] both
        # editions [ruling: React windows]
        next_react(s, -1, True)
    elif pk == PK_REACT:
        if a == A_STOP:
            next_react(s, p, False)
        elif a < A_XP:
            _react(s, p, a, PK_REACT)
        else:
            # a React printed on a crew / Captain (it tacks) or on the Chantey (the Captain)
            j = 0 if a == A_CHACT else a - A_ACT
            d = s.chantey if a == A_CHACT else s.crew[p, j]
            s.tacked[p, j] = 1
            cannon_react(s, CARD[d, C_REACT], CARD[d, C_REACT_ARG])
            next_react(s, p, True)
    elif pk == PK_PICK and s.act_kind == AK_ADV_DONE:
        to_discard(s, p, take_hand(s, p, a - A_HAND))
        s.act_host -= 1
        if s.act_host <= 0:
            s.act_host = -1
            complete_adventure(s, p)
            s.pk = PK_NONE
            s.after = F_ACTION_DONE
    elif pk == PK_PICK:
        # [1. Hire Crew] brought into play without cost; one that could not be hired is
        # discarded at once
        d = take_hand(s, p, a - A_HAND)
        if can_bring(s, p, d):
            put_crew(s, p, d)
        else:
            to_discard(s, p, d)
        to_discard(s, p, s.limbo)
        s.limbo = -1
        s.pk = PK_NONE
        s.after = F_ACTION_DONE
    elif pk == PK_FOE:
        # [Duels] the other player's crew is named with the card, before paying
        s.act_host = a - A_FOE
        start_pay(s, p, CARD[s.limbo, C_COST_SKILL], CARD[s.limbo, C_COST], 0)
    elif pk == PK_HOST and s.act_kind == AK_XP:
        d = s.limbo
        s.limbo = -1
        _experience(s, p, a - A_CREW, d)
    elif pk == PK_HOST:
        s.act_host = HOST_SHIP if a == A_SHIP else a - A_FOE if a >= A_FOE else a - A_CREW
        start_pay(s, p, CARD[s.limbo, C_COST_SKILL], CARD[s.limbo, C_COST], 0)
    elif pk == PK_ABSORB:
        if a < A_XP:
            _react(s, p, a, PK_ABSORB)
        elif a == A_CHACT or A_ACT <= a < A_ACT + MAX_CREW:
            # [Suffering Hits 3] a React printed on a card in play absorbs (it tacks)
            j = 0 if a == A_CHACT else a - A_ACT
            d = s.chantey if a == A_CHACT else s.crew[p, j]
            s.tacked[p, j] = 1
            absorbed(s, p, CARD[d, C_REACT_ARG])
        elif a == A_STOP:                   # no more Reacts: the losing fighter absorbs
            fi = s.fighter_abs
            n = s.hits
            s.fighter_abs = -1
            s.hits = 0
            fighter_absorb(s, fi, n)
        else:
            _absorb(s, p, a)
    elif pk == PK_DISCARD:
        to_discard(s, p, take_hand(s, p, a - A_HAND))
        # next seat over its maximum, or continue
        from_seat = -1
        for i in range(s.num_players):
            q = s.order[i]
            if q >= 0 and s.alive[q] and s.hand_n[q] > _hand_max(s, q):
                from_seat = q
                break
        if from_seat >= 0:
            s.cur = from_seat
        else:
            s.pk = PK_NONE
            s.after = s.disc_after
    else:
        _board(s, p, a)
    s.step += 1
    advance(s)
    if not s.done and not s.fault:
        bound = s.cfg.max_steps if s.cfg.max_steps > 0 else DEFAULT_MAX_STEPS
        if s.step >= bound:
            s.truncated = 1
            s.cur = NO_SEAT
    s.to_play = s.cur if not (s.done or s.truncated or s.fault) else NO_SEAT


@njit(cache=True)
def apply(s, action):
    """Apply one legal action, then every automatic step (and, with auto_forced, every
    decision with a single legal option that follows from public state) up to the next
    real decision [ruling: Forced decisions are public ones]."""
    for q in range(MAX_PLAYERS):
        s.reward[q] = 0.0
    _apply_one(s, action)
    if s.cfg.auto_forced:
        mask = np.zeros(NUM_ACTIONS, np.uint8)
        for _ in range(_AUTO_BOUND):
            if s.to_play < 0 or not options_public(s):
                return
            legal_mask(s, mask)
            only = only_option(mask)
            if only < 0:
                return
            _apply_one(s, only)
