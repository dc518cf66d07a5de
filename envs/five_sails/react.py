"""City of Five Sails Reaction windows: who may react, what a Reaction costs and does, where
play goes back to.

Sections [Types of Abilities: Reaction] (a triggering condition before the bullet; "Reaction:
When" interrupts the ability being resolved and can change it, "Reaction: After" waits until
that ability has completely resolved; Reactions do not use priority), [Once per Day Ability
Activation] (a character's or an attachment's Reaction once per printed instance per Day),
[Event Cards] (an Event's Reaction once per player per Day, by a character at its location),
[Attachment Cards] (an attachment's Reaction while equipped), [Acting Character] (qualifiers
met by the character the trigger concerns), [Playing a Card] / [Costs vs Effects] (announce,
pay the Wealth cost and the additional costs before the bullet: engage the acting
character, discard cards, Wealth counting two; then the effects; a risk is discarded once
resolved), [Replacement Effects] (``prevent``: fewer wounds instead). The windows are opened
by common.open_window at each trigger (duel.py: wounds; actions.py: claims, moves; common.py:
destructions, after the action; day.py: the Day's named timing points) [ruling: Reaction
windows]; the challenged player's Reactions are offered in the challenge's answer step
(duel.py) and resolved here.
"""

from numba import njit

from .actions import claim_pressure
from .cards import C_ABDISC, C_ABENG, C_COST, C_KW, C_TRIG
from .common import (discard, end_action, hand_take, next_window, react_actor_ok, react_ops,
                     react_src_card, react_src_legal, react_uses_actor)
from .day import dawn, dusk_from
from .duel import end_duel, resolve_after, round_end, wounds_taken
from .state import (A_ABILITY, A_CREW, A_EVENT, A_HAND, A_PASS, A_RATT, KW_WEALTH, MAX_ATT,
                    MAX_CREW, PK_RACTOR, PK_REACT, PK_RESPOND, PK_RPAY, R_ATT, R_EVENT, R_HAND,
                    R_NONE, R_OWN, RET_CLAIM, RET_DAY, RET_NOPLAY, RET_REFUSE, RET_RESOLVE,
                    RT_BEGIN_DAWN, RT_BEGIN_DAY, RT_BEGIN_DUSK, RT_END_DAWN, RT_END_DUSK)


@njit(cache=True)
def react_legal(s, mask):
    """PK_REACT: pass (no more Reactions) or a Reaction (risk from hand, a character's own,
    an attachment's, the Event there); PK_RACTOR: which of the characters the trigger
    concerns acts; PK_RPAY: a card to discard for its costs."""
    q = s.to_play
    if s.pk == PK_RACTOR:
        cid = s.pcard
        for c in range(MAX_CREW):
            if react_actor_ok(s, q, c, cid, C_TRIG[cid]):
                mask[A_CREW + c] = 1
        return
    if s.pk == PK_RPAY:
        for i in range(s.hand_n[q]):
            mask[A_HAND + i] = 1
        return
    mask[A_PASS] = 1
    react_src_legal(s, q, s.r_trig, mask)


@njit(cache=True)
def is_react_action(action):
    """In the challenge's answer step: the actions that use a Reaction (not accept, refuse or
    intervene)."""
    return (A_ABILITY <= action < A_ABILITY + MAX_CREW or A_HAND <= action < A_CREW
            or A_EVENT <= action < A_EVENT + MAX_CREW
            or A_RATT <= action < A_RATT + MAX_CREW * MAX_ATT)


@njit(cache=True)
def _costs(s):
    """[Playing a Card] the costs: engage the acting character, then the Wealth cost (a risk
    from hand, an Event) and the additional discard cost, card by card (PK_RPAY)."""
    q = s.to_play
    cid = s.r_card
    c = s.r_act
    if C_ABENG[cid]:
        s.eng[q, c] = 1
    pay = C_ABDISC[cid]
    if s.r_src == R_HAND or s.r_src == R_EVENT:
        pay += C_COST[cid]
    s.r_pay = pay
    if pay > 0:
        s.pk = PK_RPAY
    else:
        _resolve(s)


@njit(cache=True)
def _resolve(s):
    """Effects in order; back to the window (another Reaction or pass) or to the answer of
    the challenge; a "when ... challenged" Reaction that cancels ends the duel before it
    began [Reaction: When]."""
    q = s.to_play
    cancel = react_ops(s, q, s.r_act, s.r_card)
    if s.r_src == R_HAND:
        discard(s, q, s.pcard)
        s.pcard = 0
    s.r_src = R_NONE
    s.r_act = 0
    s.r_pay = 0
    s.r_card = 0
    if s.r_trig == 0:
        # the challenged player's answer step (no window is open there)
        if cancel:
            end_duel(s)
            return
        s.pk = PK_RESPOND
    else:
        s.pk = PK_REACT
    s.to_play = q


@njit(cache=True, inline="always")
def react_done(s):
    """Every asked player passed: back to the event the window interrupted or followed."""
    ret = s.r_ret
    t = s.r_trig
    s.r_trig = 0
    s.r_ret = 0
    s.r_from = 0
    if ret == RET_CLAIM:
        claim_pressure(s)
    elif ret == RET_RESOLVE:
        n = s.r_amt
        s.r_amt = 0
        s.r_p = 0
        s.r_c = 0
        resolve_after(s, n)
    elif ret == RET_NOPLAY:
        wounds_taken(s, s.d_active)
        round_end(s)
    elif ret == RET_REFUSE:
        wounds_taken(s, 1)
        end_duel(s)
    elif ret == RET_DAY:
        # the step after the timing point [1. Dawn] [5. Dusk]
        if t == RT_BEGIN_DAY:
            dawn(s, 1)
        elif t == RT_BEGIN_DAWN:
            dawn(s, 2)
        elif t == RT_END_DAWN:
            dawn(s, 4)
        elif t == RT_BEGIN_DUSK:
            dusk_from(s, 1)
        elif t == RT_END_DUSK:
            dusk_from(s, 3)
        else:
            dusk_from(s, 4)
    else:
        # r_loc is kept: after a destroyed window the moved window of the same action may
        # still be pending (r_move) and needs the location moved to; end_action clears it
        # once no window opens [Reaction: After; ruling: When and after]
        end_action(s)


@njit(cache=True, inline="always")
def react_apply(s, action):
    q = s.to_play
    if s.pk == PK_RACTOR:
        s.r_act = action - A_CREW
        _costs(s)
        return
    if s.pk == PK_RPAY:
        cid = hand_take(s, q, action - A_HAND)
        discard(s, q, cid)
        s.r_pay -= 2 if C_KW[cid] & KW_WEALTH else 1
        if s.r_pay <= 0:
            s.r_pay = 0
            _resolve(s)
        return
    if action == A_PASS:
        if not next_window(s):
            react_done(s)
        return
    if A_HAND <= action < A_CREW:
        cid = hand_take(s, q, action - A_HAND)
        s.pcard = cid
        s.r_card = cid
        s.r_src = R_HAND
        # the acting character: the one the trigger concerns; the player chooses only when
        # several qualify and the effects act on it
        t = C_TRIG[cid]
        n = 0
        who = -1
        for c in range(MAX_CREW):
            if react_actor_ok(s, q, c, cid, t):
                n += 1
                if who < 0:
                    who = c
        s.r_act = max(who, 0)
        if n > 1 and (react_uses_actor(cid) or C_ABENG[cid]):
            s.pk = PK_RACTOR
            return
        _costs(s)
        return
    if A_ABILITY <= action < A_ABILITY + MAX_CREW:
        c = action - A_ABILITY
        k = 0
        s.r_src = R_OWN
    elif A_EVENT <= action < A_EVENT + MAX_CREW:
        c = action - A_EVENT
        k = MAX_ATT + 1
        s.r_src = R_EVENT
        # [Event Cards] once per player per Day
        s.event_used[q, s.loc[q, c]] = 1
    else:
        x = action - A_RATT
        c = x // MAX_ATT
        k = 1 + x % MAX_ATT
        s.r_src = R_ATT + k - 1
    if k <= MAX_ATT:
        # [Once per Day Ability Activation] per printed instance
        s.rused[q, c] = s.rused[q, c] | (1 << k)
    s.r_act = c
    s.r_card = react_src_card(s, q, c, k)
    _costs(s)
