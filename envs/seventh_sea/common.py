"""7th Sea CCG kernel helpers: skills with bonuses, costs, zones, draws, sinking, the end.

Sections: Crew/Captain (skills, the Captain's crew ability), Ship (Move Cost, Crew Maximum),
Attachment (bonus flags), Chantey (global effects), Paying Costs (what a seat can produce),
Discarding and Sinking, Skeletal, Maximum Hand Size, Draw Deck / Discard Pile (reshuffle),
The Object (last Captain sailing).
"""

from numba import njit

from envs.core.rng import shuffle
from envs.core.spec import NO_SEAT

from .cards import CARD
from .edition import skeletal_trait
from .state import (
    C_CAP_BONUS, C_CAP_NEED, C_CAP_SKILL, C_CREWMAX, C_FACTION, C_HAND_BONUS, C_MOVE,
    C_OP, C_ARG, C_SHIP_CREWMAX, C_SHIP_MOVE, C_SK0, C_SWORD, C_TRAITS, CH_CANNON,
    CH_HAND_MAX, CH_MOVE_COST, HAND_MAX, HOST_SHIP, MAX_ATT, MAX_CREW, MAX_DECK, MAX_HAND,
    MOVE_COST, SAILING, TR_SKELETAL, C_SORC, C_SCHOOL,
    C_SORC2, C_SCHOOL2, C_GUNNERY, C_ARMOUR, OP_DRAW, OP_UNTACK_CAPTAIN, C_TYPE, C_REACT,
    C_COST_SKILL, T_ACTION, R_PRODUCE,
)


@njit(cache=True)
def chantey_arg(s, op):
    """[Chantey] the argument of the chantey in play if it has effect ``op``, else 0."""
    if s.chantey >= 0 and CARD[s.chantey, C_OP] == op:
        return CARD[s.chantey, C_ARG]
    return 0


@njit(cache=True)
def faction_crew(s, p):
    """Crew aboard (Captain excluded) of the Captain's faction [Captain; Glossary: Factions]."""
    f = CARD[s.crew[p, 0], C_FACTION]
    n = 0
    for j in range(1, MAX_CREW):
        d = s.crew[p, j]
        if d >= 0 and f != 0 and CARD[d, C_FACTION] == f:
            n += 1
    return n


@njit(cache=True)
def skill(s, p, j, k):
    """Skill k of p's crew j: printed + crew attachments' bonus flags + the Captain's crew
    ability [Crew; Captain; Attachment]."""
    d = s.crew[p, j]
    if d < 0:
        return 0
    v = CARD[d, C_SK0 + k]
    for a in range(s.att_n[p]):
        if s.att_host[p, a] == j:
            v += CARD[s.att[p, a], C_SK0 + k]
    if j == 0 and CARD[d, C_CAP_BONUS] > 0 and CARD[d, C_CAP_SKILL] == k \
            and faction_crew(s, p) >= CARD[d, C_CAP_NEED]:
        v += CARD[d, C_CAP_BONUS]
    return v


@njit(cache=True)
def swordsman(s, p, j):
    """Swordsman +X of crew j with its attachments' bonus [Glossary: Swordsman +(X)]."""
    v = CARD[s.crew[p, j], C_SWORD]
    for a in range(s.att_n[p]):
        if s.att_host[p, a] == j:
            v += CARD[s.att[p, a], C_SWORD]
    return v


@njit(cache=True)
def ship_mod(s, p, col):
    v = 0
    for a in range(s.att_n[p]):
        if s.att_host[p, a] == HOST_SHIP:
            v += CARD[s.att[p, a], col]
    return v


@njit(cache=True)
def move_cost(s, p):
    """[Ship; Glossary: Move Cost] printed + ship attachments + a chantey [ruling: Move Cost
    floor]."""
    return max(0, CARD[s.ship[p], C_MOVE] + ship_mod(s, p, C_SHIP_MOVE)
               + chantey_arg(s, CH_MOVE_COST))


@njit(cache=True)
def crew_max(s, p):
    return CARD[s.ship[p], C_CREWMAX] + ship_mod(s, p, C_SHIP_CREWMAX)


@njit(cache=True)
def hand_max(s, p):
    """[Maximum Hand Size] seven, changed by cards, without a cap: the hand slots hold the
    largest maximum the card pool allows plus a draw [ruling: Hand size room]."""
    v = HAND_MAX + chantey_arg(s, CH_HAND_MAX)
    for a in range(s.att_n[p]):
        v += CARD[s.att[p, a], C_HAND_BONUS]
    return v


@njit(cache=True)
def cannon_bonus(s):
    return chantey_arg(s, CH_CANNON)


@njit(cache=True)
def cost_skill(s, p, k):
    """The skill a cost flag is paid in (the Move Cost wheel is paid in Sailing)."""
    return SAILING if k == MOVE_COST else k


@njit(cache=True)
def cost_amount(s, p, k, n):
    """A cost flag of n in skill k; the wheel means Move Cost + n [Ship's Move Cost]."""
    return move_cost(s, p) + n if k == MOVE_COST else n


@njit(cache=True)
def available(s, p, k):
    """Skill k that p can still produce by tacking untacked crew [Paying Costs]."""
    v = 0
    left = s.crew_n[p]          # crew aboard (check_state: crew_n counts the slots held)
    for j in range(MAX_CREW):
        if left <= 0:           # every crew aboard seen: the rest of the slots are empty
            break
        if s.crew[p, j] >= 0:
            left -= 1
            if s.tacked[p, j] == 0:
                v += max(0, skill(s, p, j, k))
    return v


@njit(cache=True)
def produces(d, k):
    """Skill k that card d produces when played while paying [Paying Costs: "card effects
    ... to produce skill points"]: a React Action of timing "produce" (its skill is its cost
    flag, its amount its argument)."""
    if CARD[d, C_TYPE] == T_ACTION and CARD[d, C_REACT] == R_PRODUCE and CARD[d, C_COST_SKILL] == k:
        return CARD[d, C_ARG]
    return 0


@njit(cache=True)
def pool_produces(k):
    """Does any card of the pool produce skill k? (public: the card pool, not a hand)"""
    for d in range(CARD.shape[0]):
        if produces(d, k) > 0:
            return True
    return False


@njit(cache=True)
def producible(s, p, k):
    """Skill k that p can still produce: untacked crew and the producing React cards in p's
    hand [Paying Costs; ruling: Offered only when payable]. It reads p's hand: only for p's
    own legal actions, never for what other seats see (a decision offered to p)."""
    v = available(s, p, k)
    for i in range(s.hand_n[p]):
        v += produces(s.hand[p, i], k)
    return v


@njit(cache=True)
def can_pay(s, p, k, n):
    kk = cost_skill(s, p, k)
    return producible(s, p, kk) >= cost_amount(s, p, k, n)


@njit(cache=True)
def is_skeletal(d):
    return (CARD[d, C_TRAITS] & TR_SKELETAL) != 0


@njit(cache=True)
def to_discard(s, p, d):
    if s.discard_n[p] < MAX_DECK:
        s.discard[p, s.discard_n[p]] = d
        s.discard_n[p] += 1


@njit(cache=True)
def to_sunk(s, p, d):
    if s.sunk_n[p] < MAX_DECK:
        s.sunk[p, s.sunk_n[p]] = d
        s.sunk_n[p] += 1


@njit(cache=True)
def remove_att(s, p, a):
    for b in range(a, s.att_n[p] - 1):
        s.att[p, b] = s.att[p, b + 1]
        s.att_host[p, b] = s.att_host[p, b + 1]
        s.att_owner[p, b] = s.att_owner[p, b + 1]
    s.att_n[p] -= 1
    s.att[p, s.att_n[p]] = -1
    s.att_host[p, s.att_n[p]] = -1
    s.att_owner[p, s.att_n[p]] = -1


@njit(cache=True)
def remove_crew(s, p, j, sink):
    """Crew j leaves play with its attachments: to the sunk pile (revised: Skeletal crew to
    the discard pile) or, discarded, to the discard pile [Discarding and Sinking; Glossary:
    Skeletal]."""
    d = s.crew[p, j]
    a = 0
    for _ in range(MAX_ATT):
        if a >= s.att_n[p]:
            break
        if s.att_host[p, a] == j:
            o = s.att_owner[p, a]         # an opponent's attachment goes to its owner's pile
            if sink:
                to_sunk(s, o, s.att[p, a])
            else:
                to_discard(s, o, s.att[p, a])
            remove_att(s, p, a)
        else:
            a += 1
    if sink and not (skeletal_trait(s) and is_skeletal(d)):
        to_sunk(s, p, d)
    else:
        to_discard(s, p, d)
    s.crew[p, j] = -1
    s.tacked[p, j] = 0
    s.crew_n[p] -= 1


@njit(cache=True)
def reshuffle(s, p):
    """[Discard Pile] out of cards: the discard pile is shuffled to form a new deck."""
    for i in range(s.discard_n[p]):
        s.deck[p, s.deck_n[p]] = s.discard[p, i]
        s.deck_n[p] += 1
        s.discard[p, i] = -1
    s.discard_n[p] = 0
    shuffle(s, s.deck[p], s.deck_n[p])


@njit(cache=True)
def draw(s, p, n):
    """p draws n cards. [Discarding and Sinking] "When you go through your entire deck,
    shuffle your discard pile and use it to replenish your deck"; [Glossary: Discard Pile]
    "If you run out of cards in your deck, shuffle your discard pile to form a new Draw
    Deck": drawing the last card reshuffles at once, so a card discarded later stays in the
    discard pile. A deck that ran out while the discard pile was empty is replenished at
    its next draw (or cut) from what was discarded since [ruling: Reshuffle when the deck
    runs out]."""
    for _ in range(n):
        if s.deck_n[p] == 0:
            reshuffle(s, p)
        if s.deck_n[p] == 0 or s.hand_n[p] >= MAX_HAND:
            return
        s.deck_n[p] -= 1
        s.hand[p, s.hand_n[p]] = s.deck[p, s.deck_n[p]]
        s.deck[p, s.deck_n[p]] = -1
        s.hand_n[p] += 1
        if s.deck_n[p] == 0:
            reshuffle(s, p)


@njit(cache=True)
def take_hand(s, p, i):
    """Remove hand card i (order of the rest kept) and return its def."""
    d = s.hand[p, i]
    for k in range(i, s.hand_n[p] - 1):
        s.hand[p, k] = s.hand[p, k + 1]
    s.hand_n[p] -= 1
    s.hand[p, s.hand_n[p]] = -1
    return d


@njit(cache=True)
def alive_count(s):
    n = 0
    for p in range(s.num_players):
        n += s.alive[p]
    return n


@njit(cache=True)
def end_game(s, winners):
    """+1 to each winner, -1 to the others [ruling: Rewards]."""
    s.done = 1
    s.winner_mask = winners
    for p in range(s.num_players):
        s.reward[p] = 1.0 if (winners >> p) & 1 else -1.0
    s.to_play = NO_SEAT
    s.cur = NO_SEAT


@njit(cache=True)
def eliminate(s, p):
    """[Suffering Hits] sinking your Captain sends your Ship to the bottom; the last Captain
    sailing wins [The Object; ruling: Sunk players]."""
    s.alive[p] = 0
    if alive_count(s) == 1:
        for q in range(s.num_players):
            if s.alive[q]:
                end_game(s, 1 << q)


@njit(cache=True)
def same_sea_foes(s, p):
    n = 0
    for q in range(s.num_players):
        if q != p and s.alive[q] and s.sea[q] == s.sea[p]:
            n += 1
    return n


@njit(cache=True)
def school_rank(d, school):
    """[Glossary: Sorcerer] d's rank in one sorcery school (0 if d lacks that trait)."""
    if school > 0 and CARD[d, C_SCHOOL] == school:
        return CARD[d, C_SORC]
    if school > 0 and CARD[d, C_SCHOOL2] == school:
        return CARD[d, C_SORC2]
    return 0


@njit(cache=True)
def cannon_traits(s, p, q):
    """[Ability: text without Act:/React: is a trait] gunnery traits of p's crew aboard add
    to p's cannon attack, the armour trait of q's Ship takes from it; traits apply before
    any React of the same timing [Actions and Reacts; ruling: Cannon traits]."""
    v = 0
    for j in range(MAX_CREW):
        d = s.crew[p, j]
        if d >= 0:
            v += CARD[d, C_GUNNERY]
    return v - CARD[s.ship[q], C_ARMOUR]


@njit(cache=True)
def act_effect(s, p, op, arg):
    """The effect of an "Act:" ability [3. Play or Perform an Action]."""
    if op == OP_DRAW:
        draw(s, p, arg)
    elif op == OP_UNTACK_CAPTAIN:
        s.tacked[p, 0] = 0
