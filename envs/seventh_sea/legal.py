"""7th Sea CCG legality: which card, crew, sea and target each pending decision allows.

Sections: Game Set-Up (starting Crew: Wealth, Crew Maximum, faction), II. Actions (the 13
actions and their costs), Hiring Crew / Experience a Crew, Loyal, Unique, Experienced Crew,
Attachment (hosts), Knacks (requirements, the Swordsman Knack limit), Glossary: Membership,
No Attachments, Adventure (N Seas away, completed in their Sea), Chantey (revised only),
Suffering Hits (tack / sink choices; the original rulebook sinks only tacked Crew), Boarding
(push an untacked Crew, a card whose defence boxes hold the last attack).
"""

from numba import njit

from .cards import CARD
from .edition import (
    chanteys, captain_discardable, experience_action, least_cannon_to_fire,
    must_attack_first_round, one_membership, pass_is_an_action, sink_untacked, skeletal_trait,
    start_by_faction, swordsman_knack_limit,
)
from .common import (
    can_pay, crew_max, producible, same_sea_foes, school_rank, skill,
)
from .state import (
    A_ADV, A_BOARD, A_CANNON, A_CREW, A_DADV, A_DCREW, A_DEF, A_FREE, A_HAND, A_MOVE,
    A_PASS, A_PAYC, A_SEA, A_SHIP, A_SINK, A_STOP, A_TARGET, A_XP, ADVENTURING, AK_ADV_PUT,
    AK_CANNON, AK_BOARD, C_ADV_LOW, C_ADV_SEA, C_CANCEL,
    C_CANCEL_SKILL, C_COST, C_COST_SKILL, C_DEF1, C_DEF2, C_DIST, C_FACTION, C_FEAR,
    C_FREEMOVE, C_HOST, C_OP, C_REQ, C_REQ_VAL, C_SWORD, C_TITLE, C_TRAITS, C_TYPE,
    C_WEALTH, CANNON, H_CAPTAIN, H_CREW, H_SHIP, INFLUENCE, MAX_ADV,
    C_REACT, C_ACT, A_ACT, R_NONE, R_PRODUCE, C_ADV_VILLAIN, C_ADV_DISCARD, AK_ADV_DONE, R_ABSORB, R_CANNON, PK_REACT,
    MAX_CREW, NSEAS, OP_BOARDING, OP_DISCARD, OP_DUEL, OP_HITS, A_FOE, PK_FOE,
    OP_RECRUIT, OP_UNTACK_CAPTAIN, PK_PICK, PK_ABSORB, PK_BCARD,
    PK_BPUSH, PK_CANCEL, PK_DISCARD, PK_FIRE, PK_HOST, PK_MAIN, PK_PAY, PK_SEA, PK_START, AK_XP,
    PK_TARGET, RQ_FEAR, RQ_SKILL, RQ_SORCERY, RQ_SWORDSMAN, RQ_TOPMAN, RQ_VILLAIN, SWASH,
    T_ACTION, T_ADVENTURE, T_ATTACH, T_CHANTEY, T_CREW, TR_EXPERIENCED, TR_LOYAL, A_SHIPACT,
    A_ATTACT, A_CHACT, HOST_SHIP, R_EVADE, R_INSTEAD, C_HOSTILE, MAX_ATT,
    AK_ATTACH as _AK_ATTACH,
    TR_MEMBERSHIP, TR_NO_ATTACH, TR_SKELETAL, TR_TOPMAN, TR_UNIQUE, TR_VILLAINOUS,
)


@njit(cache=True)
def title_blocked(s, p, d):
    """[Unique; Experienced Crew] no second copy of a Unique title aboard (either card)."""
    t = CARD[d, C_TITLE]
    left = s.crew_n[p]          # crew aboard (check_state: crew_n counts the slots held)
    for j in range(MAX_CREW):
        if left <= 0:           # every crew aboard seen: the empty slots after them cannot block
            break
        e = s.crew[p, j]
        if e >= 0:
            left -= 1
            if CARD[e, C_TITLE] == t and ((CARD[d, C_TRAITS] & TR_UNIQUE)
                                          or (CARD[e, C_TRAITS] & TR_UNIQUE)):
                return True
    return False


@njit(cache=True)
def loyal_ok(s, p, d):
    """[Loyal] a Loyal Crew only works for a Captain of its faction."""
    return not (CARD[d, C_TRAITS] & TR_LOYAL) or CARD[d, C_FACTION] == CARD[s.crew[p, 0], C_FACTION]


@njit(cache=True)
def can_start(s, p, d):
    """[Game Set-Up] a starting Crew: within Wealth and the Ship's Crew Maximum (revised:
    "the number of Crew may not exceed the Ship's Crew maximum"; original, Ship: "the
    maximum number of Crew cards you may have in play"); revised also unaligned or of the
    Captain's faction [ruling: Starting crew limits per edition]."""
    # the cheap tests first (a conjunction: the order changes only the time), the Unique
    # title scan over the crew aboard last
    if CARD[d, C_TYPE] != T_CREW:
        return False
    if s.start_cost[p] + CARD[d, C_COST] > CARD[s.crew[p, 0], C_WEALTH]:
        return False
    if start_by_faction(s):
        f = CARD[d, C_FACTION]
        if f != 0 and f != CARD[s.crew[p, 0], C_FACTION]:
            return False
    if s.crew_n[p] >= min(crew_max(s, p), MAX_CREW):
        return False
    if not loyal_ok(s, p, d):
        return False
    return not title_blocked(s, p, d)


@njit(cache=True)
def can_hire(s, p, d):
    """[1. Hire Crew] room under the Crew Maximum, Loyal, Unique; the Influence cost payable
    (MAX_CREW is at least any Crew Maximum of the pool: it only guards the slots)."""
    return (s.crew_n[p] < min(crew_max(s, p), MAX_CREW) and loyal_ok(s, p, d)
            and not title_blocked(s, p, d) and producible(s, p, INFLUENCE) >= CARD[d, C_COST])


@njit(cache=True)
def xp_ok(s, p, d, j):
    """[2. Experience a Crew] may the Experienced card d replace p's crew j (not the Captain,
    the same title, not the same card) [ruling: Experience target]?"""
    if not (CARD[d, C_TRAITS] & TR_EXPERIENCED) or not loyal_ok(s, p, d):
        return False
    e = s.crew[p, j]
    return e >= 0 and e != d and j > 0 and CARD[e, C_TITLE] == CARD[d, C_TITLE]


@njit(cache=True)
def xp_slot(s, p, d):
    """The first crew slot d can replace, -1 none."""
    if not (CARD[d, C_TRAITS] & TR_EXPERIENCED):    # xp_ok's test that needs no slot
        return -1
    for j in range(MAX_CREW):
        if xp_ok(s, p, d, j):
            return j
    return -1


@njit(cache=True)
def xp_count(s, p, d):
    """How many of p's crew d could replace: more than one is the player's choice."""
    n = 0
    for j in range(MAX_CREW):
        if xp_ok(s, p, d, j):
            n += 1
    return n


@njit(cache=True)
def host_ok(s, p, d, j):
    """[Attachment; Knacks; Glossary: Membership, No Attachments] may d attach to crew j?"""
    e = s.crew[p, j]
    if e < 0 or (CARD[e, C_TRAITS] & TR_NO_ATTACH):
        return False
    h = CARD[d, C_HOST]
    if h == H_CAPTAIN and j != 0:
        return False
    if h != H_CREW and h != H_CAPTAIN:
        return False
    if (CARD[d, C_TRAITS] & TR_MEMBERSHIP) and one_membership(s):
        for a in range(s.att_n[p]):
            if s.att_host[p, a] == j and (CARD[s.att[p, a], C_TRAITS] & TR_MEMBERSHIP):
                return False
    rq = CARD[d, C_REQ]
    v = CARD[d, C_REQ_VAL]
    if rq == RQ_SWORDSMAN:
        if CARD[e, C_SWORD] < max(v, 1):
            return False
        n = 0
        for a in range(s.att_n[p]):
            if s.att_host[p, a] == j and CARD[s.att[p, a], C_REQ] == RQ_SWORDSMAN:
                n += 1
        if n >= CARD[e, C_SWORD] and swordsman_knack_limit(s):   # [ruling: Knack requirement values]
            return False
    elif rq == RQ_TOPMAN:
        if not (CARD[e, C_TRAITS] & TR_TOPMAN):
            return False
    elif rq == RQ_FEAR:
        # [Knacks: "equal to or greater"; original Glossary: Knack, "the correct trait";
        # ruling: Knack requirement values] Fear v or more, both editions
        if CARD[e, C_FEAR] < v:
            return False
    elif rq == RQ_SORCERY:
        # [Glossary: Sorcery Knack; ruling: Sorcery schools] a rank at least the knack's in
        # the knack's own school
        if school_rank(e, v // 16) < v % 16:
            return False
    elif rq == RQ_SKILL:
        if skill(s, p, j, v // 16) < v % 16:
            return False
    elif rq == RQ_VILLAIN:
        if not (CARD[e, C_TRAITS] & TR_VILLAINOUS):
            return False
    return True


@njit(cache=True)
def foe_host_ok(s, q, d, j):
    """[Attachment; The Golden Rule] may the hostile attachment d go on q's crew j?"""
    e = s.crew[q, j]
    if e < 0 or (CARD[e, C_TRAITS] & TR_NO_ATTACH):
        return False
    h = CARD[d, C_HOST]
    return h == H_CREW or (h == H_CAPTAIN and j == 0)


@njit(cache=True)
def foe_has_host(s, q, d):
    if s.att_n[q] >= MAX_ATT:
        return False
    if CARD[d, C_HOST] == H_SHIP:
        return True
    for j in range(MAX_CREW):
        if foe_host_ok(s, q, d, j):
            return True
    return False


@njit(cache=True)
def any_host(s, p, d):
    if CARD[d, C_HOST] == H_SHIP:
        return True
    for j in range(MAX_CREW):
        if host_ok(s, p, d, j):
            return True
    return False


@njit(cache=True)
def dist_sea_ok(s, p, d):
    sea = s.sea[p]
    n = CARD[d, C_DIST]
    return sea - n >= 0 or sea + n < NSEAS


@njit(cache=True)
def adv_cost(s, p, k):
    """[Adventure] cheaper in the correct Sea, or on another condition (here a Villainous
    Captain). Only the revised rulesheet names other conditions; there is no edition switch:
    a card that says so applies in both editions [The Golden Rule]."""
    d = s.adv[p, k]
    if CARD[d, C_ADV_VILLAIN] and (CARD[s.crew[p, 0], C_TRAITS] & TR_VILLAINOUS):
        return CARD[d, C_ADV_LOW]
    return CARD[d, C_ADV_LOW] if s.sea[p] == CARD[d, C_ADV_SEA] else CARD[d, C_COST]


@njit(cache=True)
def untacked_crew(s, q):
    for j in range(MAX_CREW):
        if s.crew[q, j] >= 0 and s.tacked[q, j] == 0:
            return True
    return False


@njit(cache=True)
def crew_in_hand(s, p):
    for i in range(s.hand_n[p]):
        if CARD[s.hand[p, i], C_TYPE] == T_CREW:
            return True
    return False


@njit(cache=True)
def can_bring(s, p, d):
    """[1. Hire Crew] "brings a Crew into play": hiring without cost, so every other hiring
    rule (Crew Maximum, Loyal, Unique) still applies."""
    return (s.crew_n[p] < min(crew_max(s, p), MAX_CREW) and loyal_ok(s, p, d)
            and not title_blocked(s, p, d))


@njit(cache=True)
def has_foe(s, p, op):
    if op == OP_RECRUIT:
        return crew_in_hand(s, p)
    if op == OP_DUEL:
        # [Duels; ruling: Duel crews] a crew of yours and another player's untacked crew
        # in your Sea, and a card to start the boarding attack with
        if not untacked_crew(s, p) or s.hand_n[p] < 2:
            return False
        for q in range(s.num_players):
            if q != p and s.alive[q] and s.sea[q] == s.sea[p] and untacked_crew(s, q):
                return True
        return False
    if op == OP_HITS or op == OP_BOARDING:
        return same_sea_foes(s, p) > 0
    if op == OP_DISCARD:
        for q in range(s.num_players):
            if q != p and s.alive[q] and s.hand_n[q] > 0:
                return True
        return False
    return True


@njit(cache=True)
def target_ok(s, p, q, kind, op):
    if q == p or not s.alive[q]:
        return False
    if kind == _AK_ATTACH:
        return foe_has_host(s, q, s.limbo)
    if op == OP_DUEL:
        return s.sea[q] == s.sea[p] and untacked_crew(s, q)
    if kind == AK_CANNON or kind == AK_BOARD or op == OP_HITS or op == OP_BOARDING:
        return s.sea[q] == s.sea[p]
    return s.hand_n[q] > 0


@njit(cache=True)
def playable(s, p, d):
    """[ruling: Offered only when payable] the card can be declared and paid for now."""
    t = CARD[d, C_TYPE]
    if t == T_CREW:
        return can_hire(s, p, d)
    if t == T_ACTION:
        if CARD[d, C_REACT] != R_NONE:     # [Actions and Reacts] only at their time
            return False
        return can_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST]) and has_foe(s, p, CARD[d, C_OP])
    if t == T_ATTACH:
        if CARD[d, C_HOSTILE]:
            # [The Golden Rule; Attachment] both texts: "only ... on cards you control", and
            # the card's own text puts it on an opponent's card [ruling: Hostile attachments]
            if not can_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST]):
                return False
            for q in range(s.num_players):
                if q != p and s.alive[q] and foe_has_host(s, q, d):
                    return True
            return False
        # [Attachment; ruling: Engine limits] only while the record has room for it
        return (s.att_n[p] < MAX_ATT and can_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST])
                and any_host(s, p, d))
    if t == T_ADVENTURE:
        # [4. Put an Adventure into play; ruling: Engine limits] only while there is room
        return s.adv_n[p] < MAX_ADV and dist_sea_ok(s, p, d)
    if t == T_CHANTEY:
        # [ruling: Original Chanteys] revised only
        return chanteys(s) and can_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST])
    return False


@njit(cache=True)
def cancel_cost_of(s):
    """(skill, amount): a Boarding attempt is cancelled with the target's Move Cost in
    Sailing [10. Attempt a Boarding]; a card with its copper flag [Canceling]."""
    if s.act_kind == AK_BOARD:
        return 5, 0
    return CARD[s.limbo, C_CANCEL_SKILL], CARD[s.limbo, C_CANCEL]


@njit(cache=True)
def react_ok(s, p, d, kind):
    """[Actions and Reacts] a React of this timing from hand, its cost payable now."""
    return (CARD[d, C_TYPE] == T_ACTION and CARD[d, C_REACT] == kind
            and can_pay(s, p, CARD[d, C_COST_SKILL], CARD[d, C_COST]))


@njit(cache=True)
def printed_react_ok(s, p, j, kind):
    """[Actions and Reacts] a React printed on p's crew (or Captain) j: it tacks to use it."""
    d = s.crew[p, j]
    return d >= 0 and s.tacked[p, j] == 0 and CARD[d, C_REACT] == kind


@njit(cache=True)
def chantey_react_ok(s, p, kind):
    """[Chantey] a React printed on the Chantey is printed on every Captain: he tacks."""
    return (s.chantey >= 0 and CARD[s.chantey, C_REACT] == kind and s.crew[p, 0] >= 0
            and s.tacked[p, 0] == 0)


@njit(cache=True)
def pool_has_react(kind):
    """Does the card pool hold a React Action card of this timing? (public information)"""
    for d in range(CARD.shape[0]):
        if CARD[d, C_TYPE] == T_ACTION and CARD[d, C_REACT] == kind:
            return True
    return False


@njit(cache=True)
def has_react(s, p, kind):
    """A React window opens for a seat that may hold a React, judged from what every seat
    sees: a React printed on its untacked card in play, or any card in its hand when the
    pool has React cards of this timing; its hand is not read, so the window does not tell
    the other seats whether it holds one. "No React" is always an answer [ruling: React
    windows]."""
    if kind == R_NONE:
        return False
    if s.hand_n[p] > 0 and pool_has_react(kind):
        return True
    for j in range(MAX_CREW):
        if printed_react_ok(s, p, j, kind):
            return True
    return chantey_react_ok(s, p, kind)


@njit(cache=True)
def react_into(s, p, kind, mask):
    """The Reacts of one timing p may use now (hand cards, printed abilities)."""
    if kind == R_NONE:
        return
    for i in range(s.hand_n[p]):
        if react_ok(s, p, s.hand[p, i], kind):
            mask[A_HAND + i] = 1
    for j in range(MAX_CREW):
        if printed_react_ok(s, p, j, kind):
            mask[A_ACT + j] = 1
    if chantey_react_ok(s, p, kind):
        mask[A_CHACT] = 1


@njit(cache=True)
def window_kind(s, q):
    """The React timing open to seat q in a cannon attack's React window: the attacker adds
    Cannon, the target's Reacts reduce it; nobody else has a React of this timing."""
    if q == s.actor:
        return R_CANNON
    if q == s.act_target:
        return R_EVADE
    return R_NONE


@njit(cache=True)
def instead_ok(s, p):
    """[Boarding] a card "instead of performing a Boarding Attack": only when p would push a
    crew forward to start one, never in a Duel [Duels]."""
    return s.f_seat[0] < 0 and not s.b_duel


@njit(cache=True)
def undoes_its_cost(act, tacked_slot):
    """[ruling: An Act that only undoes its cost] an "Act:" paid by tacking the Captain
    (crew slot 0) whose effect is to untack the Captain leaves the game as it was."""
    return act == OP_UNTACK_CAPTAIN and tacked_slot == 0


@njit(cache=True)
def att_act_ok(s, p, a):
    """[Attachment: only the player who put it into play may use its actions] an "Act:" on
    p's attachment a, paid by tacking its host (a crew or the Ship) [ruling: Abilities
    printed on cards in play]."""
    d = s.att[p, a]
    if d < 0 or CARD[d, C_ACT] == 0 or s.att_owner[p, a] != p:
        return False
    h = s.att_host[p, a]
    if h < MAX_CREW:
        if undoes_its_cost(CARD[d, C_ACT], h):
            return False
        return s.crew[p, h] >= 0 and s.tacked[p, h] == 0
    if h == HOST_SHIP:
        return s.ship_tacked[p] == 0
    return False


@njit(cache=True)
def can_fire(s, p):
    least = least_cannon_to_fire(s)
    for j in range(MAX_CREW):
        if s.crew[p, j] >= 0 and s.tacked[p, j] == 0 and skill(s, p, j, CANNON) >= least:
            return True
    return False


@njit(cache=True)
def card_matches(s, d):
    """[Boarding] a reply must hold the last attack in one of its two defence boxes."""
    return CARD[d, C_DEF1] == s.b_box or CARD[d, C_DEF2] == s.b_box


@njit(cache=True)
def can_reply(s, p):
    for i in range(s.hand_n[p]):
        if card_matches(s, s.hand[p, i]):
            return True
    return False


@njit(cache=True)
def main_mask(s, p, mask):
    """[II. Actions] the actions p may declare now."""
    any_act = False
    for i in range(s.hand_n[p]):
        d = s.hand[p, i]
        if playable(s, p, d):
            mask[A_HAND + i] = 1
            any_act = True
        if experience_action(s) and xp_slot(s, p, d) >= 0:
            mask[A_XP + i] = 1
            any_act = True
    for k in range(s.adv_n[p]):
        mask[A_DADV + k] = 1
        any_act = True
        # [6. Complete an Adventure; ruling: Engine limits] it becomes an attachment: only
        # while the record has room for one more
        if s.adv_sea[p, k] == s.sea[p] and producible(s, p, ADVENTURING) >= adv_cost(s, p, k) \
                and s.hand_n[p] >= CARD[s.adv[p, k], C_ADV_DISCARD] and s.att_n[p] < MAX_ATT:
            mask[A_ADV + k] = 1
    # [Discard a Crew] revised: "You may not discard your Captain"; original: any Crew, the
    # Captain included [ruling: Discarding the Captain]
    for j in range(0 if captain_discardable(s) else 1, MAX_CREW):
        if s.crew[p, j] >= 0:
            mask[A_DCREW + j] = 1
            any_act = True
    for j in range(MAX_CREW):
        # [3. Play or Perform an Action] an "Act:" ability of a crew in play (it tacks)
        d = s.crew[p, j]
        if d >= 0 and s.tacked[p, j] == 0 and CARD[d, C_ACT] != 0 \
                and not undoes_its_cost(CARD[d, C_ACT], j):
            mask[A_ACT + j] = 1
            any_act = True
    if CARD[s.ship[p], C_ACT] != 0 and s.ship_tacked[p] == 0:
        mask[A_SHIPACT] = 1             # the Ship's "Act:" (it tacks)
        any_act = True
    for a in range(s.att_n[p]):
        if att_act_ok(s, p, a):
            mask[A_ATTACT + a] = 1
            any_act = True
    # [Chantey] its "Act:" is printed on every Captain while it is in play
    if s.chantey >= 0 and CARD[s.chantey, C_ACT] != 0 and s.tacked[p, 0] == 0 \
            and not undoes_its_cost(CARD[s.chantey, C_ACT], 0):
        mask[A_CHACT] = 1
        any_act = True
    if can_pay(s, p, 5, 0):
        mask[A_MOVE] = 1
        any_act = True
    if same_sea_foes(s, p) > 0:
        if can_fire(s, p):
            mask[A_CANNON] = 1
            any_act = True
        if can_pay(s, p, 5, 0):
            mask[A_BOARD] = 1
    if CARD[s.ship[p], C_FREEMOVE] and s.ship_tacked[p] == 0 and not s.must_act:
        mask[A_FREE] = 1
    # ['Free Move'] an action must follow: revised, "13. Pass" is one; original, a Pass is
    # not, unless no action is legal [II. Actions; ruling: Free move with nothing to follow]
    if not s.must_act or not any_act or pass_is_an_action(s):
        mask[A_PASS] = 1


@njit(cache=True)
def legal_into(s, mask):
    """Fill mask for the pending decision of seat s.cur."""
    p = s.cur
    pk = s.pk
    if pk == PK_START:
        # can_start reads only the seat and the card: a def already offered (another copy in
        # the deck) is not tested again
        for i in range(s.deck_n[p]):
            d = s.deck[p, i]
            if mask[A_DEF + d] == 0 and can_start(s, p, d):
                mask[A_DEF + d] = 1
        mask[A_STOP] = 1
    elif pk == PK_MAIN:
        main_mask(s, p, mask)
    elif pk == PK_PAY:
        for j in range(MAX_CREW):
            if s.crew[p, j] >= 0 and s.tacked[p, j] == 0 and skill(s, p, j, s.pay_skill) >= 1:
                mask[A_CREW + j] = 1
        # [Paying Costs] "card effects ... to produce skill points" (Reacts that produce)
        for i in range(s.hand_n[p]):
            d = s.hand[p, i]
            if CARD[d, C_TYPE] == T_ACTION and CARD[d, C_REACT] == R_PRODUCE \
                    and CARD[d, C_COST_SKILL] == s.pay_skill:
                mask[A_HAND + i] = 1
        mask[A_STOP] = 1
    elif pk == PK_CANCEL:
        # [Canceling; ruling: Cancel only when payable] paying only if p can produce it
        k, amt = cancel_cost_of(s)
        if can_pay(s, p, k, amt):
            mask[A_PAYC] = 1
        mask[A_STOP] = 1
    elif pk == PK_SEA:
        for k in range(NSEAS):
            dk = abs(k - s.sea[p])
            if s.act_kind == AK_ADV_PUT:
                if dk == CARD[s.limbo, C_DIST]:
                    mask[A_SEA + k] = 1
            elif dk == 1:
                mask[A_SEA + k] = 1
    elif pk == PK_TARGET:
        n = s.num_players
        op = CARD[s.limbo, C_OP] if s.limbo >= 0 else 0
        for r in range(1, n):
            if target_ok(s, p, (p + r) % n, s.act_kind, op):
                mask[A_TARGET + r - 1] = 1
    elif pk == PK_FIRE:
        least = least_cannon_to_fire(s)
        for j in range(MAX_CREW):
            if s.crew[p, j] >= 0 and s.tacked[p, j] == 0 and skill(s, p, j, CANNON) >= least:
                mask[A_CREW + j] = 1
    elif pk == PK_HOST and s.act_kind == AK_XP:
        # [2. Experience a Crew: "you may replace the Crew in play"] which one is p's choice
        for j in range(MAX_CREW):
            if xp_ok(s, p, s.limbo, j):
                mask[A_CREW + j] = 1
    elif pk == PK_HOST and CARD[s.limbo, C_HOSTILE]:
        q = s.act_target
        if CARD[s.limbo, C_HOST] == H_SHIP:
            mask[A_SHIP] = 1                # the target's Ship
        else:
            for j in range(MAX_CREW):
                if foe_host_ok(s, q, s.limbo, j):
                    mask[A_FOE + j] = 1
    elif pk == PK_HOST:
        if CARD[s.limbo, C_HOST] == H_SHIP:
            mask[A_SHIP] = 1
        else:
            for j in range(MAX_CREW):
                if host_ok(s, p, s.limbo, j):
                    mask[A_CREW + j] = 1
    elif pk == PK_ABSORB and s.fighter_abs >= 0:
        # revised Boarding: Reacts first, then the losing fighter absorbs (A_STOP)
        react_into(s, p, R_ABSORB, mask)
        mask[A_STOP] = 1
    elif pk == PK_ABSORB:                   # [ruling: Absorbing choices absorb]
        for j in range(MAX_CREW):
            d = s.crew[p, j]
            if d < 0:
                continue
            sw = skill(s, p, j, SWASH)
            # original: "Sink a tacked Crew", the Captain too: an untacked Captain tacks
            # first (even absorbing nothing) so that he can then be sunk
            first = j == 0 and not sink_untacked(s)
            skel = skeletal_trait(s) and (CARD[d, C_TRAITS] & TR_SKELETAL) != 0
            if s.tacked[p, j] == 0 and (sw >= 1 or first) and not skel:
                mask[A_CREW + j] = 1
            sink_ok = s.tacked[p, j] == 1 or sink_untacked(s)
            if sink_ok and (sw >= 1 or j == 0):
                mask[A_SINK + j] = 1
        react_into(s, p, R_ABSORB, mask)
    elif pk == PK_REACT:
        react_into(s, p, window_kind(s, p), mask)
        mask[A_STOP] = 1
    elif pk == PK_PICK:
        for i in range(s.hand_n[p]):
            # an adventure's discard cost takes any card; a recruit, a crew
            if s.act_kind == AK_ADV_DONE or CARD[s.hand[p, i], C_TYPE] == T_CREW:
                mask[A_HAND + i] = 1
    elif pk == PK_FOE:
        q = s.act_target
        for j in range(MAX_CREW):
            if s.crew[q, j] >= 0 and s.tacked[q, j] == 0:
                mask[A_FOE + j] = 1
    elif pk == PK_DISCARD:
        for i in range(s.hand_n[p]):
            mask[A_HAND + i] = 1
    elif pk == PK_BPUSH:                    # [ruling: Push needs a card]
        starter = s.f_seat[0] < 0
        for j in range(MAX_CREW):
            if s.crew[p, j] >= 0 and s.tacked[p, j] == 0:
                if (starter and s.hand_n[p] > 0) or (not starter and can_reply(s, p)):
                    mask[A_CREW + j] = 1
        # original: the attacker must attack in the first round if able [Boarding]
        forced = (starter and must_attack_first_round(s) and s.b_round == 0
                  and s.b_half == 0) or s.b_duel
        has = False
        for j in range(MAX_CREW):
            if mask[A_CREW + j]:
                has = True
        if not (forced and has):
            mask[A_STOP] = 1
        if instead_ok(s, p):
            for i in range(s.hand_n[p]):
                if react_ok(s, p, s.hand[p, i], R_INSTEAD):
                    mask[A_HAND + i] = 1
    elif pk == PK_BCARD:
        opening = s.b_n == 0
        for i in range(s.hand_n[p]):
            if opening or card_matches(s, s.hand[p, i]):
                mask[A_HAND + i] = 1
        # a crew just pushed forward must play its card; otherwise a side may stop
        if not s.b_pushed:
            mask[A_STOP] = 1
