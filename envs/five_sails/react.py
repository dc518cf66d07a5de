"""City of Five Sails Reaction windows: who may react, what a Reaction does, where play goes
back to.

Sections [Types of Abilities: Reaction] (a triggering condition before the bullet; "Reaction:
When" interrupts the ability being resolved and can change it, "Reaction: After" waits until
that ability has completely resolved; Reactions do not use priority), [Once per Day Ability
Activation] (a character's own Reaction once per Day), [Acting Character] (qualifiers met by
the character the trigger concerns), [Playing a Card] (a risk is discarded once resolved),
[Replacement Effects] (``prevent``: fewer wounds instead). The windows are opened by
common.open_window at each trigger (duel.py: wounds; actions.py: claims, moves; common.py:
destructions, after the action) [ruling: Reaction windows].
"""

from numba import njit

from .actions import claim_pressure
from .common import (discard, end_action, hand_take, next_window, qualifies, react_card_ok,
                     react_char_ok, react_ops, react_uses_actor, subject_ok)
from .duel import end_duel, resolve_after, round_end, wounds_taken
from .state import (A_ABILITY, A_CREW, A_HAND, A_PASS, MAX_CREW, PK_RACTOR, PK_REACT,
                    RET_CLAIM, RET_NOPLAY, RET_REFUSE, RET_RESOLVE)


@njit(cache=True)
def react_legal(s, mask):
    """PK_REACT: pass (no more Reactions), a Reaction risk from hand or a character's own
    Reaction; PK_RACTOR: which of the characters the trigger concerns acts."""
    q = s.to_play
    t = s.r_trig
    if s.pk == PK_RACTOR:
        for c in range(MAX_CREW):
            if subject_ok(s, q, c, t) and qualifies(s, q, c, s.pcard):
                mask[A_CREW + c] = 1
        return
    mask[A_PASS] = 1
    for i in range(s.hand_n[q]):
        if react_card_ok(s, q, s.hand[q, i], t):
            mask[A_HAND + i] = 1
    for c in range(MAX_CREW):
        if react_char_ok(s, q, c, t):
            mask[A_ABILITY + c] = 1


@njit(cache=True)
def _used(s, q, c, cid, from_hand):
    """Resolve the Reaction; the player is asked again (another Reaction or pass)."""
    react_ops(s, q, c, cid)
    if from_hand:
        discard(s, q, cid)
    s.pk = PK_REACT
    s.to_play = q


@njit(cache=True)
def react_done(s):
    """Every asked player passed: back to the event the window interrupted or followed."""
    ret = s.r_ret
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
    else:
        s.r_loc = 0
        end_action(s)


@njit(cache=True)
def react_apply(s, action):
    q = s.to_play
    if s.pk == PK_RACTOR:
        cid = s.pcard
        s.pcard = 0
        _used(s, q, action - A_CREW, cid, True)
        return
    if action == A_PASS:
        if not next_window(s):
            react_done(s)
        return
    if A_ABILITY <= action < A_ABILITY + MAX_CREW:
        c = action - A_ABILITY
        s.rused[q, c] = 1
        _used(s, q, c, s.crew[q, c], False)
        return
    cid = hand_take(s, q, action - A_HAND)
    # the acting character: the one the trigger concerns; the player chooses only when
    # several qualify and the effects act on it
    n = 0
    who = -1
    for c in range(MAX_CREW):
        if subject_ok(s, q, c, s.r_trig) and qualifies(s, q, c, cid):
            n += 1
            if who < 0:
                who = c
    if n > 1 and react_uses_actor(cid):
        s.pcard = cid
        s.pk = PK_RACTOR
        return
    _used(s, q, max(who, 0), cid, True)
