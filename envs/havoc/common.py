"""Seas of Havoc: small rules shared by every phase.

Resources and capacity [Island Setup 2; Ghost Fleet: Individual Resources], what booty and
resources can pay [Booty] (the payment itself is payment.py), deck handling [Core Concepts:
Deck Management], damage cards [Scoring a Hit; Collision Penalty; Ending the Game],
scrapping [Scrapping Cards], Infamy [Set Starting Infamy; Teams Variant; 2 Ship Variant] and
flag actions [Island Actions: Flags].
"""

import numpy as np
from numba import njit

from envs.core.rng import randint, shuffle
from envs.havoc.cards import (
    CARD_COST, CARD_KIND, DAMAGE_DEF, UPGRADE_ARG, UPGRADE_EFFECT, WRECK_VALUE,
    SHIP_UPGRADES,
)
from envs.havoc.state import (
    ANY, CANNON, DAMAGE_IN_BOX, FLAG_BREAKER, FLAG_LOOKOUT, FLAG_PURSER, FLAG_SWIFT, KIND_DAMAGE,
    NDEFS, NUM_GHOST_CARDS, NUM_RES, PH_ISLAND, PH_SEA, PK_FLAG, PK_GAIN_ANY, PK_NONE, PK_SCRAP,
    SAIL,
    SKIFFS_PER_CREW, UPG_CANNON_CAP, UPG_SAIL_CAP,
    VAR_GHOST, VAR_TEAMS,
)

#: capacity of a player board: sails, cannonballs, coins (coins are unlimited; 99 is a storage
#: bound) [ruling: Resource capacity]
PLAYER_CAP = np.array([9, 8, 99], dtype=np.int64)
#: a ghost ship holds at most 9, 8 and 7 [Ghost Fleet: Individual Resources]
GHOST_CAP = np.array([9, 8, 7], dtype=np.int64)
#: cannonballs in the whole game [Box Contents: 40 cannonball tokens; Island Setup 2 calls
#: only the coin supply infinite] (ruling: Resource capacity)
CANNON_SUPPLY = 40

SRC_DEEP_COVE = 1
SRC_BREAKER = 2
SRC_REPAIR = 3


@njit(cache=True)
def is_ghost(s, c):
    return s.crew_seat[c] < 0


@njit(cache=True)
def has_upgrade(s, c, effect):
    """Sum of the args of `c`'s active upgrades with this effect (0 when none); the effects
    are our design [ruling: Upgrades]."""
    total = 0
    if is_ghost(s, c):
        return 0
    sd = s.crew_shipdef[c]
    for k in range(2):
        if s.upgrade_on[c, k]:
            u = SHIP_UPGRADES[sd, k]
            if UPGRADE_EFFECT[u] == effect:
                total += UPGRADE_ARG[u]
    return total


@njit(cache=True)
def capacity(s, c, r):
    if is_ghost(s, c):
        return GHOST_CAP[r]
    cap = PLAYER_CAP[r]
    if r == SAIL:
        cap += has_upgrade(s, c, UPG_SAIL_CAP)
    elif r == CANNON:
        cap += has_upgrade(s, c, UPG_CANNON_CAP)
    return cap


@njit(cache=True)
def cannon_supply_left(s):
    """Cannonballs left in the 40-token supply: those no crew holds [Box Contents; ruling:
    Resource capacity]."""
    left = CANNON_SUPPLY
    for k in range(s.num_crews):
        left -= s.res[k, CANNON]
    return left


@njit(cache=True)
def gain(s, c, r, n):
    """Gain up to n of resource r; what does not fit on the board, or is no longer in the
    cannonball supply, is lost. Returns gained."""
    room = capacity(s, c, r) - s.res[c, r]
    if r == CANNON:
        room = min(room, cannon_supply_left(s))
    g = min(n, room)
    if g > 0:
        s.res[c, r] += g
        return g
    return 0


@njit(cache=True)
def total_resources(s, c):
    return s.res[c, 0] + s.res[c, 1] + s.res[c, 2]


@njit(cache=True)
def booty_value(s, c):
    if s.booty[c] == 0:
        return 0
    return WRECK_VALUE[s.booty[c] - 1]


@njit(cache=True)
def return_wreck_token(s, token):
    """Mix a spent or discarded booty token back into the face-down stack at random [Booty]."""
    n = s.wreck_stack_n
    pos = randint(s, n + 1)
    for i in range(n, pos, -1):
        s.wreck_stack[i] = s.wreck_stack[i - 1]
    s.wreck_stack[pos] = token
    s.wreck_stack_n = n + 1


@njit(cache=True)
def shortfall(s, c, cost):
    """Resources (any kind) that booty would have to cover to pay cost (sail, cannon, coin, any)."""
    short = 0
    spare = 0
    for r in range(NUM_RES):
        have = s.res[c, r]
        need = cost[r]
        if have >= need:
            spare += have - need
        else:
            short += need - have
    if cost[ANY] > spare:
        short += cost[ANY] - spare
    return short


@njit(cache=True)
def can_pay(s, c, cost):
    """Resources plus booty cover `cost` [Booty]; the crew paying may also have what is left
    of a booty it spent earlier in this Step 2 [Card Purchases] (payment.py)."""
    pool = s.pay_pool if c == s.cur else 0
    return shortfall(s, c, cost) <= booty_value(s, c) + pool


#: the most a face-down booty token can be worth: what every seat knows of one it cannot see
MAX_BOOTY_VALUE = int(WRECK_VALUE.max())


@njit(cache=True)
def booty_secret(s, c):
    """May hidden booty value pay crew c's costs? It holds a token, or it is the crew paying
    and spent one on this payment (Card Purchases: this Step 2), whose value left may be 0 or
    more. Public: holding a token and spending one are seen by every seat [Booty]."""
    return s.booty[c] > 0 or (c == s.cur and s.pay_spent != 0)


@njit(cache=True)
def may_pay(s, c, cost):
    """Could crew c pay `cost` as far as every other seat can tell: its resources plus the
    most its hidden booty value may be. A decision whose options are paid for is asked when
    this holds, the options it really can pay are offered, and holding back always is, so
    whether a crew is asked never tells its booty's value [ruling: Booty decisions are asked
    in the open]."""
    bound = 0
    if s.booty[c] > 0:
        bound += MAX_BOOTY_VALUE
    if c == s.cur and s.pay_spent != 0:
        bound += MAX_BOOTY_VALUE - 1
    return shortfall(s, c, cost) <= bound


@njit(cache=True)
def owned_count(s, c):
    n = s.deck_n[c]
    for d in range(NDEFS):
        n += s.hand[c, d] + s.discard[c, d]
    return n


@njit(cache=True)
def pool_count(s, c, d):
    """Cards of def d in crew c's hand and deck: the pool whose split between the two is
    hidden from the other crews [Deck Management]."""
    n = s.hand[c, d]
    for i in range(s.deck_n[c]):
        n += s.deck[c, i] == d
    return n


@njit(cache=True)
def damage_owned(s, c):
    """Damage cards crew c owns, in hand, deck and discard pile: public (each was taken from
    the supply or scrapped in view), unlike where each one lies [Deck Management: the hand is
    hidden from others]."""
    return pool_count(s, c, DAMAGE_DEF) + s.discard[c, DAMAGE_DEF]


@njit(cache=True)
def hand_count(s, c):
    n = 0
    for d in range(NDEFS):
        n += s.hand[c, d]
    return n


@njit(cache=True)
def discard_count(s, c):
    n = 0
    for d in range(NDEFS):
        n += s.discard[c, d]
    return n


@njit(cache=True)
def reshuffle(s, c):
    """Discard pile becomes the new face-down deck [Deck Management]."""
    n = 0
    for d in range(NDEFS):
        for _ in range(s.discard[c, d]):
            s.deck[c, n] = d
            n += 1
        s.discard[c, d] = 0
    s.deck_n[c] = n
    shuffle(s, s.deck[c], n)


@njit(cache=True)
def draw(s, c, n):
    """Draw n cards; when the deck is empty, shuffle the discard pile into a new deck and
    go on [Deck Management: "If you must draw but there are no cards left in your deck,
    shuffle your discard pile"] - in either phase. Returns the number drawn."""
    got = 0
    for _ in range(n):
        if s.deck_n[c] == 0:
            reshuffle(s, c)
            if s.deck_n[c] == 0:
                break
        s.deck_n[c] -= 1
        d = s.deck[c, s.deck_n[c]]
        s.deck[c, s.deck_n[c]] = 0
        s.hand[c, d] += 1
        got += 1
    return got


@njit(cache=True)
def take_damage(s, c):
    """`c` puts a Damage card into its discard pile (ghosts: the ghost discard pile).

    When the damage deck is empty the Sea Phase finishes "using extra damage cards from the
    scrap pile or the box" [Ending the Game]: first the rest of the box's 42, then scrapped
    Damage cards; with none left anywhere no card is taken [ruling: Damage supply]. Returns 1
    if a card was dealt.
    """
    if s.damage_left > 0:
        s.damage_left -= 1
    elif s.cfg.damage_deck + s.damage_extra < DAMAGE_IN_BOX:
        s.damage_extra += 1
    elif s.scrap[DAMAGE_DEF] > 0:
        s.scrap[DAMAGE_DEF] -= 1
    else:
        return 0
    s.damage_this_sea += 1
    if is_ghost(s, c):
        s.ghost_discard[s.ghost_discard_n] = NUM_GHOST_CARDS   # the ghost deck's damage id
        s.ghost_discard_n += 1
    else:
        s.discard[c, DAMAGE_DEF] += 1
    return 1


@njit(cache=True)
def friendly(s, a, b):
    """No Infamy for hitting yourself [2 Ship Variant] or a team mate [Teams Variant]."""
    if a == b:
        return True
    v = s.cfg.variant
    if v == VAR_TEAMS or v == VAR_GHOST:
        return s.crew_team[a] == s.crew_team[b]
    return False


@njit(cache=True)
def score(s, c, n):
    """Score n Infamy for crew c; the track never goes below zero [Set Starting Infamy]."""
    if is_ghost(s, c):
        s.ghost_infamy = max(0, s.ghost_infamy + n)
        return
    before = s.infamy[c]
    s.infamy[c] = max(0, before + n)
    if s.cfg.shaped_reward:
        seat = s.crew_seat[c]
        s.reward[seat] += 0.01 * (s.infamy[c] - before)


@njit(cache=True)
def scrap_from(s, c, d, from_hand, gain_cost):
    """Scrap one card; the owner gains its cost [Scrapping Cards]. The "any" part of the
    cost is the crew's to choose: it is added to ``s.scrap_gain`` for choices.py to ask."""
    if from_hand:
        s.hand[c, d] -= 1
    else:
        s.discard[c, d] -= 1
    s.scrap[d] += 1
    if gain_cost:
        for r in range(NUM_RES):
            if CARD_COST[d, r] > 0:
                gain(s, c, r, CARD_COST[d, r])
        s.scrap_gain += CARD_COST[d, ANY]


@njit(cache=True)
def flag_action(s, c, flag):
    """Offer a flag's action once [Island Actions: Flags: "You may then perform the associated
    Flag's action once"; Resolving Flag Actions].

    Sets a pending decision for the choices: Purser's resource, Breaker's scrap (or STOP),
    and for Lookout and Swift whether to take it at all (PK_FLAG, pend_source = the flag),
    asked only when taking it would change something [Flags; ruling: Optional flag actions].
    """
    if flag == FLAG_PURSER:
        s.pending = PK_GAIN_ANY
        s.pend_count = 1
    elif flag == FLAG_BREAKER:
        if hand_count(s, c) + discard_count(s, c) > 0:
            s.pending = PK_SCRAP
            s.pend_count = 1
            s.pend_source = SRC_BREAKER
    elif flag_matters(s, c, flag):
        s.pending = PK_FLAG
        s.pend_source = flag


@njit(cache=True)
def flag_matters(s, c, flag):
    """Would Lookout draw a card (deck or discard pile not empty), would Swift's other turn
    place a Skiff or play a card (one left) [Flags; ruling: Optional flag actions]."""
    if flag == FLAG_LOOKOUT:
        return s.deck_n[c] + discard_count(s, c) > 0
    if flag == FLAG_SWIFT:
        if s.phase == PH_ISLAND:
            return s.skiffs[c] > 0
        return hand_count(s, c) > 0
    return False


@njit(cache=True)
def take_flag(s, c, flag):
    """Lookout draws 1 card; Swift: another turn, another Skiff or card [Flags]."""
    if flag == FLAG_LOOKOUT:
        draw(s, c, 1)
    elif flag == FLAG_SWIFT:
        s.extra_turn = 1


@njit(cache=True)
def is_damage(d):
    return CARD_KIND[d] == KIND_DAMAGE


@njit(cache=True)
def begin_island(s):
    """Start an Island Phase: every crew gets its 3 Skiffs back [Island Phase Step 1, Step 3]."""
    s.phase = PH_ISLAND
    s.round += 1
    for c in range(s.num_crews):
        s.skiffs[c] = SKIFFS_PER_CREW
    for k in range(s.slot_crew.shape[0]):
        s.slot_crew[k] = -1
    for i in range(s.market_claim.shape[0]):
        s.market_claim[i] = -1
        s.market_new[i] = 0
    s.cur = s.first_crew
    s.turn_start = s.first_crew
    s.turn_open = 0
    s.extra_turn = 0
    s.pending = PK_NONE


@njit(cache=True)
def begin_sea(s):
    """Start a Sea Phase with the First Player token's holder [Sea Phase Step 1]."""
    s.phase = PH_SEA
    s.cur = s.first_crew
    s.turn_start = s.first_crew
    s.turn_open = 0
    s.extra_turn = 0
    s.card = -1
    s.pending = PK_NONE
