"""7th Sea CCG heuristic decision as kernels: the set of actions the heuristic rates best.

``heuristic_best(s, seat, key, best)`` is the whole decision of the hand-written heuristic
(agents/heuristic/seventh_sea.py, whose docstring lists its priorities) for ``seat`` to play
in record ``s``: it marks in bool ``best[NUM_ACTIONS]`` the action it rates best and returns
how many it marked (1, or 0 when nothing is legal). Its priorities break every tie, so one
action is marked. The agent and the self-play reply kernel (envs/core/opponents.py,
``KIND_HEURISTIC``, through ``GameSpec.heuristic_best``) both run these functions.

It plays only on what the seat may know: cards in play (crew, skills, attachments, tacked
state, Ships, Seas), its own hand, hand and pile sizes and the pending decision; never another
hand or any deck. So it needs no re-deal and ``key`` is unused.

Skills are read as the heuristic always has: printed plus the crew's attachments
(:func:`_skill`; the Captain's faction bonus is not counted), a fighter's Hits as its
Swashbuckling plus its printed Swordsman [Boarding].

A game never imports agents: the agent calls these kernels, not the other way round.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .cards import CARD
from .common import same_sea_foes
from .rules import legal_mask
from .state import (
    A_ACT, A_ADV, A_BOARD, A_CANNON, A_CREW, A_DADV, A_DCREW, A_DEF, A_FOE, A_HAND, A_MOVE,
    A_PASS, A_PAYC, A_SEA, A_SINK, A_STOP, A_TARGET, A_XP, AK_CHANTEY, C_COST, C_OP, C_SK0,
    C_SWORD, C_TYPE, CANNON, MAX_CREW, NUM_ACTIONS, OP_DISCARD, OP_DRAW, OP_HITS,
    OP_UNTACK_CAPTAIN, PK_ABSORB, PK_BCARD, PK_BPUSH, PK_CANCEL, PK_DISCARD, PK_FIRE, PK_FOE,
    PK_HOST, PK_MAIN, PK_PAY, PK_REACT, PK_SEA, PK_START, PK_TARGET, SWASH, T_ACTION,
    T_ADVENTURE, T_ATTACH, T_CHANTEY, T_CREW,
)

#: what a decision function returns when it has no preference: the first legal action
NO_PICK = -1


@njit(cache=True)
def _skill(s, p, j, k):
    """Skill k of p's crew j: printed plus the bonus of the crew's attachments [Crew;
    Attachment]."""
    d = s.crew[p, j]
    if d < 0:
        return 0
    v = np.int64(CARD[d, C_SK0 + k])
    for a in range(s.att_n[p]):
        if s.att_host[p, a] == j:
            v += CARD[s.att[p, a], C_SK0 + k]
    return v


@njit(cache=True)
def _hits(s, p, j):
    """Hits p's crew j inflicts with a Boarding Attack: Swashbuckling + Swordsman [Boarding]."""
    return _skill(s, p, j, SWASH) + np.int64(CARD[s.crew[p, j], C_SWORD])


@njit(cache=True)
def card_value(d):
    """Total printed skill plus Swordsman: how much a crew card is worth."""
    v = np.int64(CARD[d, C_SWORD])
    for k in range(5):
        v += CARD[d, C_SK0 + k]
    return v


@njit(cache=True)
def best_fighter(s, p):
    """The most Hits an untacked crew of p inflicts in a Boarding Attack (-1: none)."""
    best = -1
    for j in range(MAX_CREW):
        if s.crew[p, j] >= 0 and not s.tacked[p, j]:
            best = max(best, _hits(s, p, j))
    return best


@njit(cache=True)
def toward(s, p):
    """The adjacent Sea toward the nearest sailing rival's (-1 when one shares p's Sea or
    none sails) [8. Move your Ship]."""
    here = np.int64(s.sea[p])
    near = -1
    for q in range(s.num_players):
        if q == p or not s.alive[q]:
            continue
        k = np.int64(s.sea[q])
        if k == here:
            return -1
        if near < 0 or abs(k - here) < abs(near - here) or (
                abs(k - here) == abs(near - here) and k < near):
            near = k
    if near < 0:
        return -1
    return here + 1 if near > here else here - 1


@njit(cache=True)
def _hand_first(s, p, mask, typ, op):
    """The first legal hand card of type ``typ`` (and opcode ``op`` if >= 0); -1 if none."""
    for i in range(s.hand_n[p]):
        d = s.hand[p, i]
        if mask[A_HAND + i] and CARD[d, C_TYPE] == typ and (op < 0 or CARD[d, C_OP] == op):
            return A_HAND + i
    return -1


@njit(cache=True)
def _first_in(mask, lo, hi):
    for a in range(lo, hi):
        if mask[a]:
            return a
    return -1


@njit(cache=True)
def _start(s, p, mask):
    """[Game Set-Up] the starting Crew with the most total skill (the lowest action on a tie);
    stop when none is left to choose."""
    best = -1
    bv = -(1 << 30)
    for a in range(A_DEF, NUM_ACTIONS):
        if mask[a] and card_value(a - A_DEF) > bv:
            best, bv = a, card_value(a - A_DEF)
    return A_STOP if best < 0 else best


@njit(cache=True)
def _main(s, p, mask):
    """[II. Actions] the heuristic's action priorities (agent docstring)."""
    if mask[A_CANNON]:
        return A_CANNON                                     # [9. Perform a Cannon Attack]
    a = _hand_first(s, p, mask, T_ACTION, OP_HITS)
    if a >= 0:
        return a
    if mask[A_BOARD]:                                       # [10. Perform a Boarding]
        mine = best_fighter(s, p)
        theirs = -(1 << 30)
        for q in range(s.num_players):
            if q != p and s.alive[q] and s.sea[q] == s.sea[p]:
                theirs = max(theirs, best_fighter(s, q))
        if mine > theirs and mine > 0:
            return A_BOARD
    best = -1                                               # [1. Hire a Crew]
    bv = -(1 << 30)
    for i in range(s.hand_n[p]):
        d = s.hand[p, i]
        if mask[A_HAND + i] and CARD[d, C_TYPE] == T_CREW and card_value(d) > bv:
            best, bv = A_HAND + i, card_value(d)
    if best >= 0:
        return best
    for a in range(NUM_ACTIONS):                            # [6. Complete an Adventure]
        if mask[a] and (A_ADV <= a < A_DADV or A_XP <= a < A_CREW):
            return a
    a = _hand_first(s, p, mask, T_ATTACH, -1)               # [7. Attachment]
    if a >= 0:
        return a
    if mask[A_MOVE] and same_sea_foes(s, p) == 0 and toward(s, p) >= 0:
        return A_MOVE                                       # [8. Move your Ship]
    for i in range(s.hand_n[p]):                            # [4. Adventure; Chantey]
        t = CARD[s.hand[p, i], C_TYPE]
        if mask[A_HAND + i] and (t == T_ADVENTURE or t == T_CHANTEY):
            return A_HAND + i
    for i in range(s.hand_n[p]):
        d = s.hand[p, i]
        o = CARD[d, C_OP]
        if mask[A_HAND + i] and CARD[d, C_TYPE] == T_ACTION and (
                o == OP_DRAW or o == OP_DISCARD or o == OP_UNTACK_CAPTAIN):
            return A_HAND + i
    a = _first_in(mask, A_ACT, A_MOVE)                      # [3. an "Act:" ability]
    if a >= 0:
        return a
    return A_PASS if mask[A_PASS] else NO_PICK


@njit(cache=True)
def _pay(s, p, mask):
    """[Paying Costs] the weakest single crew that pays it all, else the strongest; with no
    crew left, a React card that produces the points."""
    k = s.pay_skill
    need = s.pay_left
    enough = -1
    ev = 0
    most = -1
    mv = 0
    for a in range(A_CREW, A_SINK):
        if not mask[a]:
            continue
        v = _skill(s, p, a - A_CREW, k)
        if v >= need and (enough < 0 or v < ev):
            enough, ev = a, v
        if most < 0 or v > mv:
            most, mv = a, v
    if enough >= 0:
        return enough
    if most >= 0:
        return most
    a = _first_in(mask, 0, A_XP)
    return a if a >= 0 else A_STOP


@njit(cache=True)
def _sea(s, p, mask):
    """[8. Move your Ship] the Sea toward the nearest rival, if offered."""
    want = toward(s, p)
    if want >= 0 and A_SEA + want < mask.shape[0] and mask[A_SEA + want]:
        return A_SEA + want
    return NO_PICK


@njit(cache=True)
def _target(s, p, mask):
    """The rival with the fewest crew (the seat r + 1 places after p for action r)."""
    n = s.num_players
    best = -1
    bv = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            v = np.int64(s.crew_n[(p + a - A_TARGET + 1) % n])
            if best < 0 or v < bv:
                best, bv = a, v
    return best


@njit(cache=True)
def _foe(s, p, mask):
    """[Duels] the target's crew that inflicts the fewest Hits (the lowest action on a tie)."""
    q = s.act_target
    best = -1
    bv = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            v = _hits(s, q, a - A_FOE)
            if best < 0 or v < bv:
                best, bv = a, v
    return best


@njit(cache=True)
def _fire(s, p, mask):
    """[9. Perform a Cannon Attack] fire with the best gunner (the lowest action on a tie)."""
    best = -1
    bv = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            v = _skill(s, p, a - A_CREW, CANNON)
            if best < 0 or v > bv:
                best, bv = a, v
    return best


@njit(cache=True)
def _host(s, p, mask):
    """[7. Attachment] on the best swashbuckler; a hostile one on any card of the target."""
    if s.act_target >= 0 or _first_in(mask, A_FOE, NUM_ACTIONS) >= 0:
        return NO_PICK
    best = -1
    bv = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            v = _skill(s, p, a - A_CREW, SWASH) if a < A_SINK else 0
            if best < 0 or v > bv:
                best, bv = a, v
    return best


@njit(cache=True)
def _absorb(s, p, mask):
    """[Suffering Hits] a React first; then tack the strongest Swashbuckler (another crew
    before the Captain on a tie); then sink the cheapest crew that absorbs every Hit left,
    or else the strongest; the Captain only when nothing else is left."""
    a = _first_in(mask, 0, A_XP)
    if a >= 0:
        return a
    best = -1
    bv = 0
    for a in range(A_CREW, A_SINK):
        if mask[a]:
            v = 2 * _skill(s, p, a - A_CREW, SWASH) + (1 if a != A_CREW else 0)
            if best < 0 or v > bv:
                best, bv = a, v
    if best >= 0:
        return best
    done = -1
    dv = 0
    most = -1
    mv = 0
    for a in range(A_SINK + 1, A_DCREW):
        if not mask[a]:
            continue
        sw = _skill(s, p, a - A_SINK, SWASH)
        if sw >= s.hits:
            v = card_value(s.crew[p, a - A_SINK])
            if done < 0 or v < dv:
                done, dv = a, v
        if most < 0 or sw > mv:
            most, mv = a, sw
    if done >= 0:
        return done
    if most >= 0:
        return most
    return A_SINK


@njit(cache=True)
def _discard(s, p, mask):
    """[Maximum Hand Size] the cheapest card (skill + cost)."""
    best = -1
    bv = 0
    for a in range(NUM_ACTIONS):
        if mask[a]:
            d = s.hand[p, a - A_HAND]
            v = card_value(d) + CARD[d, C_COST]
            if best < 0 or v < bv:
                best, bv = a, v
    return best


@njit(cache=True)
def _push(s, p, mask):
    """[Boarding] push the best fighter when it out-hits the enemy's; fight back only with a
    crew that out-hits the attacker."""
    best = -1
    mine = 0
    for a in range(A_CREW, A_SINK):
        if mask[a]:
            v = _hits(s, p, a - A_CREW)
            if best < 0 or v >= mine:
                best, mine = a, v
    if best < 0:
        return A_STOP
    other = s.b_def if p == s.b_att else s.b_att
    if s.f_seat[0] < 0:                      # starting an attack
        if mine > 0 and (mine >= best_fighter(s, other) or not mask[A_STOP]):
            return best
        return A_STOP if mask[A_STOP] else best
    return best if mine >= _hits(s, other, s.f_slot[0]) else A_STOP


@njit(cache=True)
def _card(s, p, mask):
    """[Boarding] the weakest boarding card (one that reverses the attack is always played)."""
    best = -1
    bv = 0
    for a in range(A_XP):
        if mask[a]:
            v = card_value(s.hand[p, a - A_HAND])
            if best < 0 or v < bv:
                best, bv = a, v
    return A_STOP if best < 0 else best


@njit(cache=True)
def decide(s, seat, mask):
    """The heuristic's action for ``seat`` given its legal ``mask`` (uint8[NUM_ACTIONS]);
    -1 when nothing is legal."""
    first = _first_in(mask, 0, NUM_ACTIONS)
    if first < 0:
        return -1
    p = seat
    pk = s.pk
    a = NO_PICK
    if pk == PK_START:
        a = _start(s, p, mask)
    elif pk == PK_MAIN:
        a = _main(s, p, mask)
    elif pk == PK_PAY:
        a = _pay(s, p, mask)
    elif pk == PK_CANCEL:                    # [Canceling] pay against hits and boardings
        a = A_STOP if s.act_kind == AK_CHANTEY else A_PAYC
    elif pk == PK_SEA:
        a = _sea(s, p, mask)
    elif pk == PK_TARGET:
        a = _target(s, p, mask)
    elif pk == PK_FIRE:
        a = _fire(s, p, mask)
    elif pk == PK_ABSORB:
        a = _absorb(s, p, mask)
    elif pk == PK_DISCARD:
        a = _discard(s, p, mask)
    elif pk == PK_BPUSH:
        a = _push(s, p, mask)
    elif pk == PK_BCARD:
        a = _card(s, p, mask)
    elif pk == PK_HOST:
        a = _host(s, p, mask)
    elif pk == PK_FOE:
        a = _foe(s, p, mask)
    elif pk == PK_REACT:                     # [Actions and Reacts] always React
        a = _first_in(mask, 0, A_XP)
        if a < 0:
            a = A_STOP
    if a < 0 or a >= NUM_ACTIONS or not mask[a]:
        return first
    return a


@njit(cache=True)
def heuristic_best(s, seat, key, best):
    """Mark in ``best`` (bool[NUM_ACTIONS]) the action the heuristic rates best for ``seat``
    to play in ``s`` (left untouched); ``key`` is unused (it reads nothing hidden). Returns
    how many are marked (0 when nothing is legal)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    legal_mask(s, mask)
    best[:] = False
    a = decide(s, seat, mask)
    if a < 0:
        return 0
    best[a] = True
    return 1


@njit(cache=True)
def decide_at(states, i, seat, mask):
    """:func:`decide` on ``states[i]`` (an array unboxes faster than a record from Python)."""
    return decide(states[i], seat, mask)
