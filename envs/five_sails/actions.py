"""City of Five Sails High Drama actions and how their costs are paid.

Sections [3. High Drama] a. Use an Action (on a character, a risk in hand, an Event once per
player per Day, Brutes played from hand), b. Move Action (engage unless at Home; adjacent
locations; Home adjacent to every City location; never into an enemy Home; [ruling: Move
Action from Home]), c. Equip Action (from hand to your character; an available City
attachment to a character there), d. Recruit Action with [Parley], e. Challenge Action
(engage; a duel of Combat), f. Claim Action ([Pressures] of Influence, ties fail; [ruling:
Claim]); [Paying Costs and Spending] (discard cards, Wealth counts two), [Costs vs Effects]
(costs, then targets, then effects in order), [Once per Day Ability Activation],
[Attachment Cards] (one Weapon, Armor, Attire: the controller chooses which to destroy),
[Crew Cap] after a recruit.
"""

from numba import njit

from .cards import C_AB, C_ABENG, C_ALT, C_ARG, C_COST, C_HOSTILE, C_KW, C_OP, C_SLOT, C_TYPE
from .common import (action_ok, add_crew, att_owner, att_room, challenge_stat, copy_any, copy_ok,
                     discard, draw, end_action, opposing, free_att, free_slot, hand_take, hand_value,
                     has_opponent, is_dash, loc_live, note_move, rivals_at,
                     open_window, reveal_top, stat, stat0, wound)
from envs.core.rng import shuffle
from .day import do_pass, over_cap
from .duel import start_challenge
from .state import (A_ABILITY, A_CEQUIP, A_CHALLENGE, A_CLAIM, A_CREW, A_EVENT, A_HAND,
                    A_LOC, A_MOVE, A_PASS, A_RECRUIT, A_TECH, AB_ACTION, DASH, GO_ABILITY,
                    GO_ATTACH, GO_BRUTE, GO_CEQUIP, GO_EVENT, GO_RECRUIT, GO_RISK, HOME,
                    KW_WEALTH, MAX_ATT, MAX_CREW, NLOC, NOPS, OP_CHALLENGE, OP_DRAW, OP_GARDE,
                    OP_HEAL, OP_INF, OP_RENOWN, PK_ACTOR, PK_EQUIP, PK_LOCKER, PK_MOVE,
                    PK_PARLEY, PK_PAY, PK_SLOT, S_COM, S_INF, SLOT_NONE, T_ATTACH, T_BRUTE,
                    T_CATTACH, T_EVENT, T_MERC, T_RISK, PK_MAIN, RET_CLAIM, RT_WHEN_CLAIM,
                    OP_SINK, PK_SINK, SINK_MAX, A_KEEP, MAX_HAND, OP_COPY, PK_COPY, A_TARGET)


@njit(cache=True)
def _parley_inf(s, p, e, l):
    """Influence crew slot e can parley with at l: en garde, non-Mercenary, no dash; -1 none."""
    cid = s.crew[p, e]
    if cid == 0 or s.eng[p, e] or s.loc[p, e] != l or C_TYPE[cid] == T_MERC:
        return -1
    v = stat(s, p, e, S_INF)
    return -1 if v == DASH else v


@njit(cache=True)
def _best_parley(s, p, l):
    best = 0
    for e in range(MAX_CREW):
        best = max(best, _parley_inf(s, p, e, l))
    return best


@njit(cache=True)
def main_legal(s, mask):
    """[3. High Drama] the actions open to the player with priority."""
    p = s.to_play
    mask[A_PASS] = 1
    hv = hand_value(s, p, -1)
    for c in range(MAX_CREW):
        cid = s.crew[p, c]
        if cid == 0:
            continue
        l = s.loc[p, c]
        if l == HOME or s.eng[p, c] == 0:
            mask[A_MOVE + c] = 1
        if s.used[p, c] == 0 and action_ok(s, p, c, cid) and (C_OP[cid, 0] != OP_COPY
                                                              or copy_any(s, p, c)):
            mask[A_ABILITY + c] = 1
        if l >= HOME:
            continue
        if s.eng[p, c] == 0:
            if not is_dash(s, p, c, S_INF):
                mask[A_CLAIM + c] = 1
            if not is_dash(s, p, c, S_COM) and has_opponent(s, p, c):
                mask[A_CHALLENGE + c] = 1
        cs = s.cslot[l]
        if cs == 0:
            continue
        t = C_TYPE[cs]
        if t == T_MERC:
            if free_slot(s, p) >= 0 and hv >= C_COST[cs] - _best_parley(s, p, l):
                mask[A_RECRUIT + c] = 1
        elif t == T_CATTACH:
            if att_room(s, p, c, cs) and hv >= C_COST[cs]:
                mask[A_CEQUIP + c] = 1
        elif t == T_EVENT:
            if s.event_used[p, l] == 0 and action_ok(s, p, c, cs) and hv >= C_COST[cs]:
                mask[A_EVENT + c] = 1
    for i in range(s.hand_n[p]):
        cid = s.hand[p, i]
        t = C_TYPE[cid]
        if hand_value(s, p, i) < C_COST[cid]:
            # [Replacement Effects] a cost it may replace: engage an en garde actor instead
            if C_ALT[cid] and t == T_RISK:
                for c in range(MAX_CREW):
                    if action_ok(s, p, c, cid) and s.eng[p, c] == 0:
                        mask[A_HAND + i] = 1
            continue
        ok = False
        if t == T_BRUTE:
            ok = free_slot(s, p) >= 0
        elif t == T_ATTACH:
            for c in range(MAX_CREW):
                if s.crew[p, c] > 0 and att_room(s, p, c, cid):
                    ok = True
            if C_HOSTILE[cid] and not ok:
                ok = _hostile_any(s, p)
        elif t == T_RISK and C_AB[cid] == AB_ACTION:
            for c in range(MAX_CREW):
                if action_ok(s, p, c, cid):
                    ok = True
        if ok:
            mask[A_HAND + i] = 1


@njit(cache=True)
def claim_pressure(s):
    """[f. Claim Action] [Pressures] Influence summed per player at the location (en garde
    and engaged); the claimer's strictly highest total claims, ties fail."""
    p = s.r_p
    l = s.r_loc
    s.r_p = 0
    s.r_c = 0
    s.r_loc = 0
    mine = 0
    other = 0
    for q in range(s.num_players):
        tot = 0
        for d in range(MAX_CREW):
            if s.crew[q, d] > 0 and s.loc[q, d] == l:
                tot += stat0(s, q, d, S_INF)
        if q == p:
            mine = tot
        else:
            other = max(other, tot)
    # strictly greater than every other player's total, 0 for a player with nobody there:
    # a lone claimer with 0 Influence ties and fails [Pressures; ruling: Pressure totals]
    if mine > other:
        s.ctrl[l] = p
    end_action(s)


@njit(cache=True)
def alt_pay_ok(s, p):
    """The risk being paid for lets its en garde acting character engage instead of the
    whole Wealth cost (none of it paid yet) [ruling: Replaced cost]."""
    cid = s.pcard
    return (s.go == GO_RISK and cid > 0 and C_ALT[cid] == 1 and s.pay == C_COST[cid]
            and s.crew[p, s.pa] > 0 and s.eng[p, s.pa] == 0)


@njit(cache=True)
def _begin_pay(s):
    if s.pay <= 0:
        s.pay = 0
        finish(s)
    else:
        s.pk = PK_PAY


@njit(cache=True, inline="always")
def main_apply(s, action):
    p = s.to_play
    if action == A_PASS:
        do_pass(s)
        return
    if A_MOVE <= action < A_CLAIM:
        s.pa = action - A_MOVE
        s.pk = PK_MOVE
    elif A_CLAIM <= action < A_CHALLENGE:
        # [f. Claim Action] engage; before the pressure the other players with characters
        # there may use "when" Reactions to it [Reaction: When], then the pressure
        c = action - A_CLAIM
        l = s.loc[p, c]
        s.eng[p, c] = 1
        s.r_p = p
        s.r_c = c
        s.r_loc = l
        if not open_window(s, RT_WHEN_CLAIM, p, rivals_at(s, p, l), RET_CLAIM):
            claim_pressure(s)
    elif A_CHALLENGE <= action < A_RECRUIT:
        c = action - A_CHALLENGE
        s.eng[p, c] = 1
        start_challenge(s, p, c, S_COM)
    elif A_RECRUIT <= action < A_CEQUIP:
        c = action - A_RECRUIT
        l = s.loc[p, c]
        s.go = GO_RECRUIT
        s.pa = l
        s.pay = C_COST[s.cslot[l]]
        s.pk = PK_PARLEY
    elif A_CEQUIP <= action < A_EVENT:
        c = action - A_CEQUIP
        s.go = GO_CEQUIP
        s.pa = c
        s.pb = s.loc[p, c]
        s.pay = C_COST[s.cslot[s.pb]]
        _begin_pay(s)
    elif A_EVENT <= action < A_ABILITY:
        c = action - A_EVENT
        s.go = GO_EVENT
        s.pa = c
        s.pb = s.loc[p, c]
        s.pay = C_COST[s.cslot[s.pb]]
        _begin_pay(s)
    elif A_ABILITY <= action < A_HAND:
        c = action - A_ABILITY
        s.go = GO_ABILITY
        s.pa = c
        s.used[p, c] = 1
        if C_ABENG[s.crew[p, c]]:
            s.eng[p, c] = 1
        s.pay = 0
        _begin_pay(s)
    else:
        cid = hand_take(s, p, action - A_HAND)
        s.pcard = cid
        t = C_TYPE[cid]
        if t == T_ATTACH:
            s.go = GO_ATTACH
            s.pk = PK_EQUIP
        elif t == T_RISK:
            s.go = GO_RISK
            s.pk = PK_ACTOR
        else:
            s.go = GO_BRUTE
            s.pay = C_COST[cid]
            _begin_pay(s)


@njit(cache=True)
def step_legal(s, mask):
    """The small steps inside an action: destination, payment, parley, target, actor, slot."""
    p = s.to_play
    pk = s.pk
    if pk == PK_MOVE:
        c = s.pa
        l = s.loc[p, c]
        for d in range(NLOC):
            if loc_live(s, d) and (l == HOME or d == l - 1 or d == l + 1):
                mask[A_LOC + d] = 1
        if l != HOME:
            mask[A_LOC + HOME] = 1
    elif pk == PK_PAY:
        if hand_value(s, p, -1) >= s.pay:
            for i in range(s.hand_n[p]):
                mask[A_HAND + i] = 1
        if alt_pay_ok(s, p):
            mask[A_CREW + s.pa] = 1
    elif pk == PK_PARLEY:
        hv = hand_value(s, p, -1)
        cost = s.pay
        if hv >= cost:
            mask[A_PASS] = 1
        for e in range(MAX_CREW):
            v = _parley_inf(s, p, e, s.pa)
            if v >= 0 and hv >= cost - v:
                mask[A_CREW + e] = 1
    elif pk == PK_EQUIP:
        for c in range(MAX_CREW):
            if s.crew[p, c] > 0 and att_room(s, p, c, s.pcard):
                mask[A_CREW + c] = 1
        if C_HOSTILE[s.pcard]:
            for q in range(s.num_players):
                for d in range(MAX_CREW):
                    if _hostile_ok(s, p, q, d):
                        mask[A_TARGET + q * MAX_CREW + d] = 1
    elif pk == PK_ACTOR:
        can_pay = hand_value(s, p, -1) >= C_COST[s.pcard]
        for c in range(MAX_CREW):
            if action_ok(s, p, c, s.pcard) and (can_pay or C_ALT[s.pcard] and s.eng[p, c] == 0):
                mask[A_CREW + c] = 1
    elif pk == PK_SLOT:
        c = s.pa
        for j in range(MAX_ATT):
            a = s.att[p, c, j]
            if a > 0 and C_SLOT[a] == s.pb:
                mask[A_TECH + 1 + j] = 1
        if s.pcard:
            # the new one, held out while her cells are full (_equip)
            mask[A_TECH] = 1


@njit(cache=True, inline="always")
def step_apply(s, action):
    p = s.to_play
    pk = s.pk
    if pk == PK_MOVE:
        c = s.pa
        if s.loc[p, c] != HOME:
            s.eng[p, c] = 1          # [b. Move Action] engage unless at Home
        l = action - A_LOC
        s.loc[p, c] = l
        if l < HOME:
            note_move(s, p, l)
        end_action(s)
    elif pk == PK_PAY and action >= A_CREW:
        # [Replacement Effects] "instead": the cost is replaced, so it is satisfied
        s.eng[p, s.pa] = 1
        s.pay = 0
        _begin_pay(s)
    elif pk == PK_PAY:
        cid = hand_take(s, p, action - A_HAND)
        discard(s, p, cid)
        s.pay -= 2 if C_KW[cid] & KW_WEALTH else 1
        _begin_pay(s)
    elif pk == PK_PARLEY:
        if action != A_PASS:
            e = action - A_CREW
            v = _parley_inf(s, p, e, s.pa)
            s.eng[p, e] = 1
            s.pay = max(s.pay - v, 0)
        _begin_pay(s)
    elif pk == PK_EQUIP and action >= A_TARGET:
        # [Attachment Cards] "unless otherwise specified": an opposing character
        x = action - A_TARGET
        s.pb = x // MAX_CREW
        s.pa = x % MAX_CREW
        s.pay = C_COST[s.pcard]
        _begin_pay(s)
    elif pk == PK_EQUIP or pk == PK_ACTOR:
        s.pa = action - A_CREW
        s.pb = p
        s.pay = C_COST[s.pcard]
        _begin_pay(s)
    elif pk == PK_SLOT:
        j = action - A_TECH - 1
        new = s.pcard
        s.pcard = 0
        if j < 0:
            discard(s, p, new)
        else:
            discard(s, att_owner(s, p, s.pa, j), s.att[p, s.pa, j])
            s.att[p, s.pa, j] = new
            s.att_own[p, s.pa, j] = 0
            if new:
                s.rused[p, s.pa] = s.rused[p, s.pa] & (255 ^ (1 << (1 + j)))
        # a lower Resolve may reach the wounds: destroyed at once [Stats: Resolve]
        wound(s, p, s.pa, 0)
        end_action(s)


@njit(cache=True)
def _hostile_ok(s, p, q, d):
    """An opposing character at the location of one of p's characters, with room for one
    more attachment [ruling: Attachments on opposing characters]."""
    if q == p or s.crew[q, d] == 0 or free_att(s, q, d) < 0:
        return False
    for c in range(MAX_CREW):
        if opposing(s, p, c, q, d):
            return True
    return False


@njit(cache=True)
def _hostile_any(s, p):
    for q in range(s.num_players):
        for d in range(MAX_CREW):
            if _hostile_ok(s, p, q, d):
                return True
    return False


@njit(cache=True)
def _equip(s, p, c, cid):
    """Attach; a second Weapon, Armor or Attire asks which one to destroy [Attachment Cards].
    With her cells full (ruling Attachment room) the new one is held out as the card being
    played (``pcard``) while its controller chooses: the new one or the old."""
    j = free_att(s, p, c)
    if j < 0:
        s.pcard = cid
        s.pa = c
        s.pb = C_SLOT[cid]
        s.pk = PK_SLOT
        return
    s.att[p, c, j] = cid
    s.att_own[p, c, j] = 0
    # a new printed instance: its Reaction has not been used today
    s.rused[p, c] = s.rused[p, c] & (255 ^ (1 << (1 + j)))
    sl = C_SLOT[cid]
    if sl != SLOT_NONE:
        for k in range(MAX_ATT):
            if k != j and s.att[p, c, k] > 0 and C_SLOT[s.att[p, c, k]] == sl:
                s.pa = c
                s.pb = sl
                s.pk = PK_SLOT
                return
    # a Resolve set below the wounds destroys at once [Glossary: Set; Stats: Resolve]
    wound(s, p, c, 0)
    end_action(s)


@njit(cache=True)
def resolve_ops(s, p, c, cid):
    """[Playing a Card] effects in the order they appear, acting character c; True when
    the action goes on: a challenge issued (the duel then completes the action), an Action
    to copy or revealed cards to choose from."""
    for j in range(NOPS):
        o = C_OP[cid, j]
        x = C_ARG[cid, j]
        if o == OP_DRAW:
            draw(s, p, x)
        elif o == OP_HEAL:
            s.wounds[p, c] = max(s.wounds[p, c] - x, 0)
        elif o == OP_GARDE:
            s.eng[p, c] = 0
        elif o == OP_INF:
            s.buff[p, c] = min(s.buff[p, c] + x, 100)
        elif o == OP_RENOWN:
            s.renown[p] += x
        elif o == OP_CHALLENGE:
            start_challenge(s, p, c, challenge_stat(cid))
            return True
        elif o == OP_COPY:
            # [Self Referentials] which Action to copy: asked (PK_COPY); the copied effects
            # then act for this card and its acting character
            s.pa = c
            s.pk = PK_COPY
            return True
        elif o == OP_SINK:
            # [Glossary: Reveal] the top x cards of the Faction Deck, face up; the player
            # keeps one, the rest sink (PK_SINK)
            n = 0
            for _ in range(min(x, SINK_MAX)):
                r = reveal_top(s, p)
                if r > 0:
                    s.sink[n] = r
                    n += 1
            if n > 0:
                s.pk = PK_SINK
                return True
    return False


@njit(cache=True)
def copy_legal(s, mask):
    p = s.to_play
    for q in range(s.num_players):
        for d in range(MAX_CREW):
            if copy_ok(s, p, s.pa, q, d):
                mask[A_TARGET + q * MAX_CREW + d] = 1


@njit(cache=True, inline="always")
def copy_apply(s, action):
    """The chosen Action's effects, in order, as if printed on the copying character: "this
    character" is the copier [Self Referentials]; its costs are not paid again and its own
    once-per-Day use is not spent [ruling: Copying an Action]."""
    p = s.to_play
    x = action - A_TARGET
    src = s.crew[x // MAX_CREW, x % MAX_CREW]
    c = s.pa
    s.pa = 0
    s.pk = PK_MAIN
    if not resolve_ops(s, p, c, src):
        end_action(s)


@njit(cache=True)
def sink_legal(s, mask):
    for k in range(SINK_MAX):
        if s.sink[k] > 0:
            mask[A_KEEP + k] = 1


@njit(cache=True, inline="always")
def sink_apply(s, action):
    """Put the chosen revealed card into the hand, then [Glossary: Sink] the rest: on the
    bottom of the deck in a random order [ruling: Sink]."""
    p = s.to_play
    k = action - A_KEEP
    keep = s.sink[k]
    s.sink[k] = 0
    if s.hand_n[p] < MAX_HAND:
        s.hand[p, s.hand_n[p]] = keep
        s.hand_n[p] += 1
    else:
        s.sink[k] = keep            # engine limit: a full hand sinks it too
    m = 0
    for j in range(SINK_MAX):
        if s.sink[j] > 0:
            s.sink[m] = s.sink[j]
            if m != j:
                s.sink[j] = 0
            m += 1
    shuffle(s, s.sink, m)
    n = s.deck_n[p]
    if n + m > s.deck.shape[1]:
        m = 0                       # unreachable: the deck had held these cards
    for i in range(n - 1, -1, -1):
        s.deck[p, i + m] = s.deck[p, i]
    for j in range(m):
        s.deck[p, j] = s.sink[j]
        s.sink[j] = 0
    s.deck_n[p] = n + m
    end_action(s)


@njit(cache=True, inline="always")
def finish(s):
    """Costs are paid: resolve what they paid for."""
    p = s.to_play
    g = s.go
    s.go = 0
    if g == GO_ATTACH:
        cid = s.pcard
        s.pcard = 0
        q = s.pb
        if q != p and 0 <= q < s.num_players:
            # on an opposing character: it stays p's card [ruling: Attachments on opposing
            # characters]; no slot, so no limit to check
            j = free_att(s, q, s.pa)
            s.att[q, s.pa, j] = cid
            s.att_own[q, s.pa, j] = p + 1
            s.rused[q, s.pa] = s.rused[q, s.pa] & (255 ^ (1 << (1 + j)))
            wound(s, q, s.pa, 0)
            end_action(s)
        else:
            _equip(s, p, s.pa, cid)
    elif g == GO_CEQUIP:
        cid = s.cslot[s.pb]
        s.cslot[s.pb] = 0
        _equip(s, p, s.pa, cid)
    elif g == GO_RISK:
        cid = s.pcard
        s.pcard = 0
        # [Risk Cards] "Risks go to the player's discard pile after they are fully
        # resolved": one that issues a challenge waits beside the duel (its effect) and is
        # discarded when the duel ends, so no reshuffle during it can bring it back
        # [ruling: Risk that challenges]
        more = resolve_ops(s, p, s.pa, cid)     # a duel, or a revealed card to choose
        if more and s.d_on:
            s.d_risk = cid
        else:
            discard(s, p, cid)
        if not more:
            end_action(s)
    elif g == GO_BRUTE:
        cid = s.pcard
        s.pcard = 0
        add_crew(s, p, cid, HOME)
        end_action(s)
    elif g == GO_RECRUIT:
        l = s.pa
        cid = s.cslot[l]
        s.cslot[l] = 0
        add_crew(s, p, cid, l)
        if over_cap(s, p):
            s.pk = PK_LOCKER
        else:
            end_action(s)
    elif g == GO_EVENT:
        s.event_used[p, s.pb] = 1
        if not resolve_ops(s, p, s.pa, s.cslot[s.pb]):
            end_action(s)
    elif g == GO_ABILITY:
        if not resolve_ops(s, p, s.pa, s.crew[p, s.pa]):
            end_action(s)
