"""7th Sea CCG flow driver: what happens between decisions.

Kernels set ``s.pk = PK_NONE`` and a continuation ``s.after`` (F_*); :func:`advance` runs the
automatic steps until the next decision. Sections: I. Determining Turn Order (Sailing totals,
the alphabetical cut), II. Actions (one action each in turn order, until all pass in a
row), III. Draw Cards, IV. Untack, Maximum Hand Size, Action Timing (declare, pay, cancel,
resolve), Canceling, Suffering Hits, Boarding (rounds, draws, pass-pass), The Object
(revised: Control of all five Seas at the end of the turn).
"""

import numpy as np
from numba import njit

from envs.core.bounds import AUTO_STEP_BOUND, fault
from envs.core.rng import randint

from .cards import CARD
from .common import (
    alive_count, available, cost_amount, cost_skill, draw, eliminate, end_game, hand_max,
    is_skeletal, pool_produces, remove_crew, reshuffle, shuffle, skill, swordsman,
    to_discard,
    to_sunk,
)
from .edition import (
    alphabetical_ignores_punctuation, both_fighters_tack, control_wins, fighter_reacts,
    skeletal_trait,
)
from .legal import cancel_cost_of, crew_in_hand, has_react, window_kind
from .state import (
    PK_REACT, R_ABSORB, R_EVADE, C_REACT, OP_END_BOARDING,
    AK_ACTION, AK_ADV_DONE, AK_ATTACH, AK_BOARD, AK_CHANTEY, AK_HIRE, AK_MOVE, AK_NONE,
    C_ADV_DISCARD, C_ARG, C_CANCEL, C_CONTROL, C_OP, C_RANK_ORIG, C_RANK_REV, DRAW_PHASE,
    F_ACTION_DONE, F_BOARD_END, F_BOARD_END_DRAW,
    F_BOARD_HITS_DONE, F_BOARD_NEW_ROUND, F_BOARD_ROUND_END, F_CANCELED, F_DRAW_PHASE,
    F_END_TURN, F_HANDCHECK, F_NEXT_ACTOR, F_PASS, F_RESOLVE, F_SETUP_DONE, F_START_TURN,
    HOST_SEA, HOST_SHIP, MAX_ATT, MAX_CREW, MAX_PLAYERS, NSEAS, OP_BOARDING, OP_DISCARD,
    OP_DRAW, OP_DUEL, OP_HITS, OP_MOVE, OP_RECRUIT, OP_UNTACK_CAPTAIN, PK_PICK, PH_ACTIONS,
    PH_BOARD, PH_DRAW, PK_ABSORB,
    PK_BPUSH, PK_CANCEL, PK_DISCARD, PK_MAIN, PK_NONE, PK_PAY, PK_SEA, SAILING, START_HAND,
    SWASH,
)

CUT_BOUND = 16


@njit(cache=True)
def turn_order(s):
    """[I. Determining Turn Order] most total Sailing first, then clockwise; a tie is broken
    by cutting decks, the first card alphabetically going first (ranks per edition)."""
    n = s.num_players
    best = -1
    tied = np.zeros(MAX_PLAYERS, np.uint8)
    for p in range(n):
        if not s.alive[p]:
            continue
        t = 0
        for j in range(MAX_CREW):
            t += skill(s, p, j, SAILING)
        if t > best:
            best = t
            tied[:] = 0
        if t == best:
            tied[p] = 1
    col = C_RANK_REV if alphabetical_ignores_punctuation(s) else C_RANK_ORIG
    first = -1
    for _ in range(CUT_BOUND):
        k = 0
        for p in range(n):
            k += tied[p]
        if k == 1:
            break
        lo = 1 << 14
        rank = np.full(MAX_PLAYERS, 1 << 14, np.int64)
        for p in range(n):
            if tied[p]:
                if s.deck_n[p] == 0:      # [ruling: Cut on an empty deck]
                    reshuffle(s, p)
                if s.deck_n[p] > 0:
                    rank[p] = CARD[s.deck[p, randint(s, s.deck_n[p])], col]
                    shuffle(s, s.deck[p], s.deck_n[p])   # "then quickly shuffle"
                lo = min(lo, rank[p])
        for p in range(n):
            if tied[p] and rank[p] != lo:
                tied[p] = 0
    for p in range(n):
        if tied[p] and first < 0:
            first = p          # [ruling: Endless cut ties] lowest seat after 16 equal cuts
    for i in range(n):
        s.order[i] = (first + i) % n
    for i in range(n, MAX_PLAYERS):
        s.order[i] = -1


@njit(cache=True)
def start_discards(s, after):
    """[Maximum Hand Size] anyone over the maximum discards at once, in turn order."""
    s.disc_after = after
    for i in range(s.num_players):
        q = s.order[i]
        if q >= 0 and s.alive[q] and s.hand_n[q] > hand_max(s, q):
            s.pk = PK_DISCARD
            s.cur = q
            return
    s.pk = PK_NONE
    s.after = after


@njit(cache=True)
def start_hits(s, q, n, after):
    """[Suffering Hits] seat q must absorb n hits."""
    s.hit_seat = q
    s.hits = n
    s.hit_after = after
    if n <= 0 or not s.alive[q]:
        s.hits = 0
        s.pk = PK_NONE
        s.after = after
    else:
        s.pk = PK_ABSORB
        s.cur = q


@njit(cache=True)
def next_cancel(s):
    """[Canceling] offer the cancel cost to the seats in cw_mask, in turn order after the
    actor, who can pay it; then resolve [ruling: Cancel only when payable]."""
    n = s.num_players
    start = 0
    for i in range(n):
        if s.order[i] == s.actor:
            start = i
    for i in range(1, n + 1):
        q = s.order[(start + i) % n]
        if q < 0 or not (s.cw_mask >> q) & 1:
            continue
        # int(q): a seat read from an int8 field, widened so that the complement 255 - bit is
        # computed in int64 (what numba does) and never in int8, which cannot hold 255
        s.cw_mask = s.cw_mask & (255 - (1 << int(q)))
        if not s.alive[q]:
            continue
        k, amt = cancel_cost(s, q)
        kk = cost_skill(s, q, k)
        # crew (public) can pay it, or q holds cards and the pool has cards producing that
        # skill: q's hand is not read, so other seats learn nothing of it; paying is then
        # offered only if q can produce the cost [Paying Costs]
        if available(s, q, kk) >= cost_amount(s, q, k, amt) or (s.hand_n[q] > 0 and pool_produces(kk)):
            s.pk = PK_CANCEL
            s.cur = q
            return
    s.cw_mask = 0
    s.pk = PK_NONE
    s.after = F_RESOLVE


@njit(cache=True)
def cancel_cost(s, q):
    """(skill, amount) of the cancel cost [Canceling; 10. Attempt a Boarding]."""
    return cancel_cost_of(s)


@njit(cache=True)
def start_pay(s, p, k, n, cancel):
    """[Paying Costs] one cost at a time: tack crew for points in one skill until paid."""
    s.pay_seat = p
    s.pay_skill = cost_skill(s, p, k)
    s.pay_left = cost_amount(s, p, k, n)
    s.pay_cancel = cancel
    s.pay_made = 0
    if s.pay_left <= 0:
        pay_done(s)
    else:
        s.pk = PK_PAY
        s.cur = p


@njit(cache=True)
def react_done(s, ok):
    """[Actions and Reacts] a React paid (ok) takes effect: absorb hits or add Cannon; the
    card is discarded either way; play returns to where the React was played."""
    p = s.pay_seat
    d = s.react_card
    to_discard(s, p, d)
    s.react_card = -1
    s.pay_seat = -1
    s.pay_left = 0
    amount = CARD[d, C_ARG] if ok else 0
    if s.react_ret == PK_ABSORB:
        absorbed(s, p, amount)
    elif s.react_ret == PK_BPUSH:
        instead_done(s, p, d, ok)
    else:
        cannon_react(s, CARD[d, C_REACT], amount)
        next_react(s, p, ok)


@njit(cache=True)
def absorbed(s, p, amount):
    """[Suffering Hits 3] a React absorbed ``amount`` hits; the hits are over or p goes on."""
    s.hits -= amount
    if s.hits <= 0:
        s.hits = 0
        s.fighter_abs = -1
        s.pk = PK_NONE
        s.after = s.hit_after
    else:
        s.pk = PK_ABSORB
        s.cur = p


@njit(cache=True)
def cannon_react(s, kind, amount):
    """[9. Perform a Cannon Attack] a Cannon React adds Cannon; an evading React of the
    target removes it (never below zero)."""
    if kind == R_EVADE:
        s.fire_hits = max(0, s.fire_hits - amount)
    else:
        s.fire_hits += amount


@njit(cache=True)
def next_react(s, p, played):
    """[Actions and Reacts] "If more than one player wants to play a React at the same time,
    they play them in the order for the turn, playing one React then passing to the left":
    the seat after p (the first player of the turn when p < 0) with a legal React of its
    timing is offered the window; a React played offers it to everyone again, a pass takes
    the seat out; the window closes once every seat has passed [ruling: React priority]."""
    n = s.num_players
    start = 0
    if played:
        s.rw_mask = 0
        for q in range(n):
            if s.alive[q]:
                s.rw_mask |= 1 << q
    elif p >= 0:
        s.rw_mask &= 255 - (1 << int(p))
    if p >= 0:
        for i in range(n):
            if s.order[i] == p:
                start = i + 1
    for i in range(n):
        o = (start + i) % n
        q = s.order[o]
        if q < 0 or not (s.rw_mask >> q) & 1:
            continue
        if has_react(s, q, window_kind(s, q)):
            s.rw_pos = o
            s.pk = PK_REACT
            s.cur = q
            return
        s.rw_mask &= 255 - (1 << int(q))
    s.rw_mask = 0
    s.rw_pos = -1
    fire(s)


@njit(cache=True)
def instead_done(s, p, d, ok):
    """[Boarding: "React: Play instead of performing a Boarding Attack"] paid, the card's
    effect replaces p's boarding attack: hits on the other Ship, or the Boarding ends;
    unpaid, p has its opportunity back [ruling: Instead of a Boarding Attack]."""
    if not ok:
        s.pk = PK_BPUSH
        s.cur = p
        return
    if CARD[d, C_OP] == OP_END_BOARDING:
        s.pk = PK_NONE
        s.after = F_BOARD_END
        return
    other = s.b_def if p == s.b_att else s.b_att
    start_hits(s, other, CARD[d, C_ARG], F_BOARD_HITS_DONE)


@njit(cache=True)
def fire(s):
    """[9. Perform a Cannon Attack] the target suffers the Cannon produced."""
    n = s.fire_hits
    s.fire_hits = 0
    start_hits(s, s.act_target, n, F_ACTION_DONE)


@njit(cache=True)
def pay_done(s):
    """[Action Timing] paid: a cancel succeeds; an action opens its cancel window."""
    if s.react_card >= 0:
        react_done(s, True)
        return
    s.pk = PK_NONE
    if s.pay_cancel:
        s.after = F_CANCELED
        return
    s.cw_mask = 0
    if s.act_kind == AK_BOARD:
        s.cw_mask = 1 << s.act_target
    elif (s.act_kind == AK_ACTION or s.act_kind == AK_ATTACH) and CARD[s.limbo, C_CANCEL] > 0 \
            and s.act_target >= 0:
        # [Canceling; original Attachment: "the target's controller may pay to have the
        # card discarded instead of attached to his card"]
        s.cw_mask = 1 << s.act_target
    elif s.act_kind == AK_CHANTEY and CARD[s.limbo, C_CANCEL] > 0:
        # [Chantey] any player may pay its cancel cost
        for q in range(s.num_players):
            if q != s.actor and s.alive[q]:
                s.cw_mask |= 1 << q
    next_cancel(s)


@njit(cache=True)
def pay_failed(s):
    """[Paying Costs] not enough produced: the action (or the cancel attempt) is cancelled."""
    if s.react_card >= 0:
        react_done(s, False)
    elif s.pay_cancel:
        next_cancel(s)
    elif s.pay_made or s.limbo >= 0 or s.must_act:
        s.pk = PK_NONE
        s.after = F_CANCELED
    else:
        # [II. Actions: "When all players Pass in a row"; ruling: Unpaid action] nothing
        # produced and no card lost: the seat has done nothing, a Pass (else declaring and
        # abandoning an action could keep the Actions Phase from ever ending)
        s.pk = PK_NONE
        end_action(s)
        s.after = F_PASS


@njit(cache=True)
def end_action(s):
    """The action (taken, or abandoned unpaid) is over: back to the Actions Phase."""
    s.act_kind = AK_NONE
    s.act_target = -1
    s.act_host = -1
    s.act_slot = -1
    s.phase = PH_ACTIONS


@njit(cache=True)
def add_att(s, p, d, host, owner):
    """d attaches to p's card ``host``; ``owner`` put it into play [Attachment]. Legality
    offers no attachment without room [ruling: Engine limits]; should the record still be
    full, the card goes to its owner's discard pile rather than vanish (The Deck)."""
    if s.att_n[p] < MAX_ATT:
        s.att[p, s.att_n[p]] = d
        s.att_host[p, s.att_n[p]] = host
        s.att_owner[p, s.att_n[p]] = owner
        s.att_n[p] += 1
    else:
        to_discard(s, owner, d)


@njit(cache=True)
def put_crew(s, p, d):
    for j in range(MAX_CREW):
        if s.crew[p, j] < 0:
            s.crew[p, j] = d
            s.tacked[p, j] = 0
            s.crew_n[p] += 1
            return


@njit(cache=True)
def begin_attack(s, side):
    """[Boarding] the side pushes a crew forward or passes."""
    s.f_seat[0] = -1
    s.f_seat[1] = -1
    s.f_slot[0] = -1
    s.f_slot[1] = -1
    s.b_n = 0
    s.b_pushed = 0
    s.b_box = -1
    s.b_last = -1
    s.pk = PK_BPUSH
    s.cur = side


@njit(cache=True)
def start_boarding(s, a, d):
    s.phase = PH_BOARD
    s.b_att = a
    s.b_def = d
    s.b_round = 0
    s.b_half = 0
    s.b_pass = 0
    begin_attack(s, a)


@njit(cache=True)
def start_duel(s, p, q, j):
    """[Duels] resolved like one boarding attack between p's crew (pushed now) and q's crew
    j, which need only still be in play: it was named, not pushed, and [Boarding] "A tacked
    Crew may still produce Swashbuckling to inflict Hits during a Boarding Attack" (so a
    target that tacks it towards a cancel it then abandons still fights). If p has no
    untacked crew or no card left after paying, it fizzles [ruling: Duel crews]. The
    original rulebook has no Duel rule: the card's text applies, with the original's
    boarding attack [ruling: Duels in the original edition]."""
    ok = s.hand_n[p] > 0 and s.crew[q, j] >= 0
    mine = False
    for k in range(MAX_CREW):
        if s.crew[p, k] >= 0 and s.tacked[p, k] == 0:
            mine = True
    if not (ok and mine):
        return
    start_boarding(s, p, q)
    s.b_duel = 1
    s.f_seat[1] = q
    s.f_slot[1] = j


@njit(cache=True)
def resolve_attack(s, w):
    """[Boarding] the crew that played the last attack inflicts Swashbuckling + Swordsman
    hits; a losing fighter absorbs first, tacking then sinking, before anything else
    [ruling: Fighter absorbs first]."""
    ws = s.f_seat[w]
    s.b_last = w
    hits = skill(s, ws, s.f_slot[w], SWASH) + swordsman(s, ws, s.f_slot[w])
    ls = s.b_def if ws == s.b_att else s.b_att
    lf = s.f_slot[1 - w] if s.f_seat[1 - w] >= 0 else -1
    # revised: "you may still use Reacts to absorb or reduce the Hits" before the fighter
    # absorbs; original: nothing but tacking and sinking that Crew until it is sunk
    if lf >= 0 and hits > 0 and fighter_reacts(s) and has_react(s, ls, R_ABSORB):
        s.fighter_abs = 1 - w
        s.hit_seat = ls
        s.hits = hits
        s.hit_after = F_BOARD_HITS_DONE
        s.pk = PK_ABSORB
        s.cur = ls
        return
    fighter_absorb(s, 1 - w, hits)


@njit(cache=True)
def fighter_absorb(s, fi, hits):
    """The losing fighter f_*[fi] absorbs as much as it can, then the ship the rest."""
    ls = s.b_def if s.f_seat[1 - fi] == s.b_att else s.b_att
    lf = s.f_slot[fi] if s.f_seat[fi] >= 0 else -1
    if lf >= 0 and hits > 0:
        d = s.crew[ls, lf]
        sw = skill(s, ls, lf, SWASH)
        if s.tacked[ls, lf] == 0 and not (skeletal_trait(s) and is_skeletal(d)):
            s.tacked[ls, lf] = 1
            hits -= max(sw, 0)
        if hits > 0:
            remove_crew(s, ls, lf, True)
            s.f_slot[fi] = -1
            hits -= max(sw, 0)
            if lf == 0:
                eliminate(s, ls)
                if s.done:
                    return
                hits = 0
    # [Duels] hits left after the losing crew sinks are reduced to zero
    start_hits(s, ls, 0 if s.b_duel else max(hits, 0), F_BOARD_HITS_DONE)


@njit(cache=True)
def board_hits_done(s):
    """[Boarding] revised: both fighters tack; original: the winner tacks. The cards go to
    their owners' discard piles in the order played; then the other side's attack, or the
    round's draw."""
    w = s.b_last
    for i in range(2):
        if s.f_seat[i] >= 0 and s.f_slot[i] >= 0 and (both_fighters_tack(s) or i == w):
            if s.crew[s.f_seat[i], s.f_slot[i]] >= 0:
                s.tacked[s.f_seat[i], s.f_slot[i]] = 1
    for i in range(s.b_n):
        to_discard(s, s.b_card_seat[i], s.b_cards[i])
        s.b_cards[i] = -1
        s.b_card_seat[i] = -1
    s.b_n = 0
    if not s.alive[s.b_att] or not s.alive[s.b_def] or s.b_duel:
        s.after = F_BOARD_END
    elif s.b_half == 0:
        s.b_half = 1
        begin_attack(s, s.b_def)
    else:
        s.after = F_BOARD_ROUND_END


@njit(cache=True)
def complete_adventure(s, p):
    """[Adventure; ruling: Completed adventures attach]"""
    i = s.act_slot
    d = s.adv[p, i]
    host = HOST_SEA + s.adv_sea[p, i] if CARD[d, C_CONTROL] else HOST_SHIP
    for j in range(i, s.adv_n[p] - 1):
        s.adv[p, j] = s.adv[p, j + 1]
        s.adv_sea[p, j] = s.adv_sea[p, j + 1]
    s.adv_n[p] -= 1
    s.adv[p, s.adv_n[p]] = -1
    s.adv_sea[p, s.adv_n[p]] = -1
    add_att(s, p, d, host, p)


@njit(cache=True)
def resolve(s):
    """[Action Timing] resolve a paid, uncancelled action."""
    p = s.actor
    k = s.act_kind
    s.after = F_ACTION_DONE
    if k == AK_HIRE:
        put_crew(s, p, s.limbo)
        s.limbo = -1
    elif k == AK_ATTACH:
        # a hostile attachment goes on the target's card, still the actor's
        add_att(s, s.act_target if s.act_target >= 0 else p, s.limbo, s.act_host, p)
        s.limbo = -1
    elif k == AK_ADV_DONE:
        n = CARD[s.adv[p, s.act_slot], C_ADV_DISCARD]
        if n > 0:
            # [Adventure] "some other cost ... in addition to Adventuring (like discarding a
            # card from your hand)": paid next, card by card
            s.act_host = n
            s.pk = PK_PICK
            s.cur = p
            return
        complete_adventure(s, p)
    elif k == AK_MOVE:
        s.sea[p] = s.act_host
    elif k == AK_CHANTEY:
        # [Chantey] a new chantey sinks the one in play
        if s.chantey >= 0:
            to_sunk(s, s.chantey_owner, s.chantey)
        s.chantey = s.limbo
        s.chantey_owner = p
        s.limbo = -1
    elif k == AK_BOARD:
        start_boarding(s, p, s.act_target)
    elif k == AK_ACTION:
        d = s.limbo
        op = CARD[d, C_OP]
        arg = CARD[d, C_ARG]
        q = s.act_target
        if op == OP_MOVE:
            s.pk = PK_SEA        # the card stays in limbo until its move is chosen
            s.cur = p
            return
        if op == OP_RECRUIT and crew_in_hand(s, p):
            s.pk = PK_PICK       # the card stays in limbo until the crew is chosen
            s.cur = p
            return
        s.limbo = -1
        if op == OP_DRAW:
            # [Glossary: Discard] "Action cards are discarded after their effects are
            # resolved": after the draw, so a draw that empties the deck does not shuffle the
            # card into the new one [ruling: Reshuffle when the deck runs out]
            draw(s, p, arg)
            to_discard(s, p, d)
            return
        to_discard(s, p, d)
        if op == OP_HITS:
            start_hits(s, q, arg, F_ACTION_DONE)
        elif op == OP_UNTACK_CAPTAIN:
            s.tacked[p, 0] = 0
        elif op == OP_BOARDING:            # no Move-Cost cancel [ruling: Card boardings]
            start_boarding(s, p, q)
        elif op == OP_DUEL:
            start_duel(s, p, q, s.act_host)
        elif op == OP_DISCARD:                 # [ruling: Random discard]
            for _ in range(arg):
                if s.hand_n[q] > 0:
                    i = randint(s, s.hand_n[q])
                    dd = s.hand[q, i]
                    for j in range(i, s.hand_n[q] - 1):
                        s.hand[q, j] = s.hand[q, j + 1]
                    s.hand_n[q] -= 1
                    s.hand[q, s.hand_n[q]] = -1
                    to_discard(s, q, dd)


@njit(cache=True)
def next_actor(s):
    n = s.num_players
    for i in range(1, n + 1):
        o = (s.opos + i) % n
        q = s.order[o]
        if q >= 0 and s.alive[q]:
            s.opos = o
            s.must_act = 0
            s.actor = q
            s.cur = q
            s.pk = PK_MAIN
            return


@njit(cache=True)
def control_winner(s):
    """[The Object; Glossary: Control] revised: the only player with a Control attachment
    in each of the five Seas at the end of the turn wins [ruling: Control of all five]."""
    winner = -1
    count = 0
    for p in range(s.num_players):
        if not s.alive[p]:
            continue
        seas = 0
        for a in range(s.att_n[p]):
            h = s.att_host[p, a]
            if h >= HOST_SEA and CARD[s.att[p, a], C_CONTROL]:
                seas |= 1 << (h - HOST_SEA)
        if seas == (1 << NSEAS) - 1:
            winner = p
            count += 1
    return winner if count == 1 else -1


@njit(cache=True)
def step_flow(s):
    f = s.after
    s.after = 0
    n = s.num_players
    if f == F_SETUP_DONE:
        # [Game Set-Up] shuffle the remaining deck, draw seven
        for p in range(n):
            shuffle(s, s.deck[p], s.deck_n[p])
            draw(s, p, START_HAND)
        s.turn = 1
        s.after = F_START_TURN
    elif f == F_START_TURN:
        s.phase = PH_ACTIONS
        turn_order(s)
        s.passes = 0
        s.must_act = 0
        for p in range(MAX_PLAYERS):
            for k in range(5):
                s.paid[p, k] = 0
        s.opos = n - 1
        next_actor(s)
    elif f == F_ACTION_DONE:
        s.passes = 0
        s.must_act = 0
        end_action(s)
        s.after = F_HANDCHECK
    elif f == F_HANDCHECK:
        start_discards(s, F_NEXT_ACTOR)
    elif f == F_PASS:
        s.passes += 1
        s.after = F_DRAW_PHASE if s.passes >= alive_count(s) else F_NEXT_ACTOR
    elif f == F_NEXT_ACTOR:
        next_actor(s)
    elif f == F_DRAW_PHASE:
        # [III. Draw Cards] everyone draws three, then discards down to the maximum
        s.phase = PH_DRAW
        for i in range(n):
            q = s.order[i]
            if q >= 0 and s.alive[q]:
                draw(s, q, DRAW_PHASE)
        start_discards(s, F_END_TURN)
    elif f == F_END_TURN:
        # [IV. Untack] then the end of the turn
        for p in range(n):
            s.ship_tacked[p] = 0
            for j in range(MAX_CREW):
                s.tacked[p, j] = 0
        if control_wins(s):
            w = control_winner(s)
            if w >= 0:
                end_game(s, 1 << w)
                return
        s.turn += 1
        s.after = F_START_TURN
    elif f == F_RESOLVE:
        resolve(s)
    elif f == F_CANCELED:
        # [Canceling; ruling: Stopped payment] the card is discarded; an adventure stays
        if s.limbo >= 0:
            to_discard(s, s.actor, s.limbo)
            s.limbo = -1
        s.after = F_ACTION_DONE
    elif f == F_BOARD_HITS_DONE:
        board_hits_done(s)
    elif f == F_BOARD_ROUND_END:
        draw(s, s.b_att, DRAW_PHASE)
        draw(s, s.b_def, DRAW_PHASE)
        start_discards(s, F_BOARD_NEW_ROUND)
    elif f == F_BOARD_NEW_ROUND:
        s.b_round += 1
        s.b_half = 0
        s.b_pass = 0
        begin_attack(s, s.b_att)
    elif f == F_BOARD_END_DRAW:
        # original: both pass in a round -> each draws three and the Boarding is over
        draw(s, s.b_att, DRAW_PHASE)
        draw(s, s.b_def, DRAW_PHASE)
        start_discards(s, F_BOARD_END)
    elif f == F_BOARD_END:
        s.b_att = -1
        s.b_def = -1
        for i in range(2):
            s.f_seat[i] = -1
            s.f_slot[i] = -1
        s.b_round = 0
        s.b_half = 0
        s.b_pass = 0
        s.b_pushed = 0
        s.b_duel = 0
        s.b_last = -1
        s.b_box = -1
        s.after = F_ACTION_DONE


@njit(cache=True)
def advance(s):
    """Run automatic steps until a decision is pending or the game is over; then clear what
    the pending decision does not use (one canonical record per position)."""
    for _ in range(AUTO_STEP_BOUND):
        if s.done or s.fault:
            return
        if s.pk != PK_NONE:
            s.after = 0
            reacting = s.pk == PK_PAY and s.react_card >= 0
            if not reacting:
                s.react_ret = 0
            if s.pk != PK_REACT and not (reacting and s.react_ret == PK_REACT):
                s.fire_hits = 0
                s.rw_mask = 0
                s.rw_pos = -1
            if s.pk != PK_ABSORB and not (reacting and s.react_ret == PK_ABSORB):
                s.fighter_abs = -1
                s.hits = 0
                s.hit_seat = -1
                s.hit_after = 0
            if s.pk != PK_DISCARD:
                s.disc_after = 0
            if s.pk != PK_PAY:
                s.pay_seat = -1
                s.pay_skill = 0
                s.pay_left = 0
                s.pay_cancel = 0
                s.pay_made = 0
            if s.pk != PK_CANCEL and not (s.pk == PK_PAY and s.pay_cancel):
                s.cw_mask = 0
            return
        step_flow(s)
    fault(s)
