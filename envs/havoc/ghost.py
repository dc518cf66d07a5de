"""Seas of Havoc: the Ghost Fleet, solo and co-op [The Ghost Fleet: Solo & Co-op].

Ghost crews (``s.crew_seat[c] < 0``) never decide anything: every ghost turn runs inside the
phase driver. This file implements Ghost Fleet Setup (the 24-card ghost deck, 4 face-down
cards per ghost ship), Ghost Fleet Concepts (collective Infamy, discard pile and purchased
pile; individual resources with a 9/8/7 cap; the wild-resource rule), Island Phase (skiff
placement from the flipped ghost card, Capitol then Market fall-backs, the die roll for
market claims, Deep Cove, flags, purchases from the leftmost skiff) and Sea Phase (ghost
maneuvers chosen by sail count, ramming players, stopping short of rocks and ghost ships,
shipwrecks cashed at once, one cannon per outline at a player within range 3, the ship
colour's ability). Readings of its open points are in docs/rulings.md "Ghost Fleet".
"""

import numpy as np
from numba import njit

from envs.core.rng import die, shuffle
from envs.havoc.cards import (
    CARD_COST, CARD_INFAMY, GHOST_ABILITY, GHOST_ABILITY_ARG, GHOST_FLAG, GHOST_MOVE,
    GHOST_MOVE_MIN_SAILS, GHOST_SLOT, WRECK_VALUE,
)
from envs.havoc.common import (
    gain, is_ghost, return_wreck_token, score,
)
from envs.havoc import market
from envs.havoc.maneuver import HIT_ROCK, collision_penalty, lift_wreck, ship_at, wrap
from envs.havoc.cannon import SIDE_LEFT, SIDE_RIGHT, is_raking, resolve_hit, side_dir, trace_shot
from envs.havoc.state import (
    ANY, CANNON, COIN, DAMAGE_DEF_GHOST, DC, DR, EFF_DRAW, EFF_GAIN_ANY, EFF_GAIN_CANNON,
    EFF_GAIN_COIN, EFF_GAIN_SAIL, EFF_INFAMY, EFF_REPAIR, FEAT_GUST, FEAT_ROCK,
    FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_BREAKER, FLAG_LOOKOUT, FLAG_PURSER, FLAG_SWIFT,
    GHOST_SLOT_MARKET, HAND_SIZE, MARKET_SIZE, MAX_STEPS, NUM_GHOST_CARDS, NUM_RES, SAIL,
    SLOT_BANK, SLOT_BLACKSMITH, SLOT_BLACKSMITH_4P, SLOT_CAPITOL, SLOT_DEEP_COVE,
    SLOT_FLAG0, SLOT_MIN_CREWS, SLOT_SAILMAKER, SLOT_SHIPYARD, STEP_FORWARD, STEP_LEFT,
    STEP_RIGHT,
)

GHOST_RANGE = 3          # "if a player's ship is within Range 3" [Ghost Maneuvers: Cannon Fire]
#: wild resources go to the one held least; ties in this order [Ghost Fleet Concepts;
#: ruling: Ghost wild resources]
WILD_ORDER = np.array([SAIL, CANNON, COIN], dtype=np.int64)


# --- ghost deck ----------------------------------------------------------------------------

@njit(cache=True)
def setup_fleet(s):
    """Shuffle the ghost deck and deal each ghost ship 4 cards face down [Ghost Fleet Setup]."""
    for g in range(NUM_GHOST_CARDS):
        s.ghost_deck[g] = g
    s.ghost_deck_n = NUM_GHOST_CARDS
    s.ghost_discard_n = 0
    shuffle(s, s.ghost_deck, NUM_GHOST_CARDS)
    for c in range(s.num_crews):
        s.ghost_hand_n[c] = 0
        if is_ghost(s, c):
            deal(s, c, HAND_SIZE)


@njit(cache=True)
def flip(s):
    """Top card of the ghost deck, reshuffling the ghost discard pile when it is empty; -1 if
    neither holds a card."""
    if s.ghost_deck_n == 0:
        n = s.ghost_discard_n
        for i in range(n):
            s.ghost_deck[i] = s.ghost_discard[i]
        s.ghost_deck_n = n
        s.ghost_discard_n = 0
        shuffle(s, s.ghost_deck, n)
        if n == 0:
            return -1
    s.ghost_deck_n -= 1
    return s.ghost_deck[s.ghost_deck_n]


@njit(cache=True)
def to_discard(s, g):
    s.ghost_discard[s.ghost_discard_n] = g
    s.ghost_discard_n += 1


@njit(cache=True)
def deal(s, c, n):
    """Draw n ghost cards to ghost crew c's face-down hand (its hand holds at most 12)."""
    for _ in range(n):
        if s.ghost_hand_n[c] >= s.ghost_hand.shape[1]:
            return
        g = flip(s)
        if g < 0:
            return
        s.ghost_hand[c, s.ghost_hand_n[c]] = g
        s.ghost_hand_n[c] += 1


@njit(cache=True)
def draw_up(s):
    """Sea Phase cleanup: each ghost ship draws back up to 4 [ruling: Ghost redraw]."""
    for c in range(s.num_crews):
        if is_ghost(s, c) and s.ghost_hand_n[c] < HAND_SIZE:
            deal(s, c, HAND_SIZE - s.ghost_hand_n[c])


@njit(cache=True)
def scrap_damage(s, n):
    """Scrap up to n Damage cards from the ghost discard pile [Deep Cove; Breaker's flag]."""
    done = 0
    i = 0
    while i < s.ghost_discard_n and done < n:
        if s.ghost_discard[i] == DAMAGE_DEF_GHOST:
            s.ghost_discard_n -= 1
            s.ghost_discard[i] = s.ghost_discard[s.ghost_discard_n]
            s.scrap[0] += 1
            done += 1
        else:
            i += 1
    return done


# --- resources -------------------------------------------------------------------------------

@njit(cache=True)
def wild_gain(s, c, n):
    """Gain n wild resources, each the kind held least; ties sail, cannonball, coin."""
    for _ in range(n):
        best = WILD_ORDER[0]
        for k in range(1, NUM_RES):
            r = WILD_ORDER[k]
            if s.res[c, r] < s.res[c, best]:
                best = r
        gain(s, c, best, 1)


@njit(cache=True)
def can_afford(s, c, cost):
    spare = 0
    for r in range(NUM_RES):
        if s.res[c, r] < cost[r]:
            return False
        spare += s.res[c, r] - cost[r]
    return spare >= cost[ANY]


@njit(cache=True)
def pay_exact(s, c, cost):
    """A ghost pays the "any" part from the resource it holds most (ties: sail, cannonball,
    coin) [ruling: Ghost payments]."""
    for r in range(NUM_RES):
        s.res[c, r] -= cost[r]
    for _ in range(cost[ANY]):
        best = 0
        for r in range(1, NUM_RES):
            if s.res[c, r] > s.res[c, best]:
                best = r
        s.res[c, best] -= 1


# --- island phase ---------------------------------------------------------------------------

@njit(cache=True)
def _slot_open(s, slot):
    return s.slot_crew[slot] < 0 and s.num_ships >= SLOT_MIN_CREWS[slot]


@njit(cache=True)
def _market_claim(s, c):
    """Roll a die for the card to claim; on a 6 or a taken card restock and claim the first
    available from the left. Returns False when no card can be claimed, and the caller
    draws a new ghost card [Ghost Fleet: The Market]. A restock needs a card to reveal, as a
    player's does; with an empty Market deck the ghost claims the first available card
    as the Market stands [ruling: Ghost restock]."""
    roll = die(s, 6)
    if roll <= MARKET_SIZE:
        i = roll - 1
        if s.market[i] >= 0 and s.market_claim[i] < 0:
            market.claim(s, c, i)
            return True
    if market.can_restock(s):
        market.restock(s)
    for i in range(MARKET_SIZE):
        if s.market[i] >= 0 and s.market_claim[i] < 0:
            market.claim(s, c, i)
            return True
    return False


@njit(cache=True)
def _flag_action(s, c, flag):
    """A ghost ship's flag action [Ghost Fleet: Flags]: Purser a wild resource, Breaker
    scrap a Damage card from the ghost discard pile, Lookout draw a ghost card, Swift take
    another turn (another Skiff, or another card in the Sea Phase)."""
    if flag == FLAG_PURSER:
        wild_gain(s, c, 1)
    elif flag == FLAG_BREAKER:
        scrap_damage(s, 1)
    elif flag == FLAG_LOOKOUT:
        deal(s, c, 1)
    elif flag == FLAG_SWIFT:
        s.extra_turn = 1


@njit(cache=True)
def _slot_action(s, c, slot):
    """A ghost's action at a board slot [Ghost Island Actions]; Trading Post and Workshop:
    no action [ruling: Ghost island actions]."""
    s.slot_crew[slot] = c
    if slot == SLOT_BANK:
        gain(s, c, COIN, 1)
    elif slot == SLOT_BLACKSMITH or slot == SLOT_BLACKSMITH_4P:
        gain(s, c, CANNON, 1)
    elif slot == SLOT_SAILMAKER:
        gain(s, c, SAIL, 1)
    elif slot == SLOT_SHIPYARD:
        wild_gain(s, c, 1)
    elif slot == SLOT_CAPITOL:
        s.first_crew = c
        wild_gain(s, c, 1)
    elif slot == SLOT_DEEP_COVE:
        scrap_damage(s, 2)
    elif slot >= SLOT_FLAG0:
        flag = slot - SLOT_FLAG0
        s.flag_owner[flag] = c
        _flag_action(s, c, flag)


@njit(cache=True)
def island_turn(s):
    """Place one skiff for ghost crew s.cur from a flipped ghost card [Ghost Island Phase].

    A Damage card sends the skiff to Deep Cove; an occupied (or blocked [ruling: Ghost
    blocked slots]) space sends it to the Capitol, then to the Market. With no card
    claimable, flip another ghost card. Each card names its target [ruling: Ghost skiff
    targets].
    """
    c = s.cur
    for _ in range(64):
        g = flip(s)
        if g < 0:
            target = SLOT_CAPITOL
        else:
            to_discard(s, g)
            target = SLOT_DEEP_COVE if g == DAMAGE_DEF_GHOST else GHOST_SLOT[g]
        if target != GHOST_SLOT_MARKET and not _slot_open(s, target):
            target = SLOT_CAPITOL if _slot_open(s, SLOT_CAPITOL) else GHOST_SLOT_MARKET
        if target == GHOST_SLOT_MARKET:
            if _market_claim(s, c):
                s.skiffs[c] -= 1
                return
            continue
        s.skiffs[c] -= 1
        _slot_action(s, c, target)
        return
    # every flip led to a full board and an empty market: the ghost keeps its remaining
    # Skiffs ashore, as a player with nowhere to go does [ruling: Ghost nowhere to go]
    s.skiffs[c] = 0


@njit(cache=True)
def purchases(s, c):
    """Buy claimed cards from the leftmost skiff while resources last; bought cards go face
    down to the fleet's purchased pile [Ghost: The Market]."""
    for i in range(MARKET_SIZE):
        if s.market_claim[i] == c and s.market[i] >= 0:
            d = s.market[i]
            if can_afford(s, c, CARD_COST[d]):
                pay_exact(s, c, CARD_COST[d])
                s.ghost_bought[d] += 1
                s.market[i] = -1
            s.market_claim[i] = -1


# --- sea phase ---------------------------------------------------------------------------------

@njit(cache=True)
def _blocks(s, ship, r, q):
    """Rocks and *other* ghost ships stop ghost ship `ship` short [Ghost Maneuvers]. Moves
    are planned with the ship still on its old square, which it will have left: it never
    blocks itself."""
    if s.feature[r, q] == FEAT_ROCK:
        return True
    o = ship_at(s, r, q)
    return o >= 0 and o != ship and is_ghost(s, s.ship_crew[o])


@njit(cache=True)
def _facing_block(s, ship, r, q, h):
    """Would `ship` on (r, q) heading h face a rock or another ghost ship right ahead?"""
    nr, nq = wrap(r + DR[h], q + DC[h])
    return _blocks(s, ship, nr, nq)


@njit(cache=True)
def _cash_wreck(s, c, ship):
    """A ghost ship earns a wreck's value at once, as wild resources, and returns the token
    to the stack [Ghost Maneuvers: Shipwrecks; ruling: Ghost shipwrecks]."""
    t = lift_wreck(s, ship)
    if t > 0:
        wild_gain(s, c, WRECK_VALUE[t - 1])
        return_wreck_token(s, t)


@njit(cache=True)
def _fire_from(s, c, ship):
    """One cannon at a player's ship within range 3 on either side, if a cannonball is
    left; the side that scores more (left on a tie) [Ghost Maneuvers: Cannon Fire; ruling:
    Ghost firing side]."""
    if s.res[c, CANNON] <= 0:
        return
    best_side = -1
    best_target = -1
    best_pts = 0
    for side in (SIDE_LEFT, SIDE_RIGHT):
        d = side_dir(s.ship_h[ship], side)
        t = trace_shot(s, ship, d, GHOST_RANGE)
        if t >= 0 and not is_ghost(s, s.ship_crew[t]):
            pts = 3 if is_raking(s, t, d) else 2
            if pts > best_pts:
                best_pts, best_side, best_target = pts, d, t
    if best_target >= 0:
        s.res[c, CANNON] -= 1
        resolve_hit(s, c, best_target, best_side)


@njit(cache=True)
def _collide(s, c, ship, hit):
    """Ghost ship `ship` collides with `hit` (HIT_ROCK or a ship): the Collision Penalty -
    rock: a Damage card to the fleet; a player's ship: +1 fleet Infamy and the player takes
    Damage; another ghost ship: it takes Damage, no Infamy (same side) - then the ghost
    discards the top card of its hand. It keeps its heading [Ghost Maneuvers: Ramming the
    Player: "Discard cards from the ship's 'hand' ... following normal collision rules";
    Collision Penalty; ruling: Ghost collisions]."""
    collision_penalty(s, ship, hit)
    if s.ghost_hand_n[c] > 0:
        s.ghost_hand_n[c] -= 1
        to_discard(s, s.ghost_hand[c, s.ghost_hand_n[c]])


@njit(cache=True)
def _maneuver(s, c, ship, g):
    """Sail the ghost card's maneuver for the ship's sail count; returns outlines reached.

    The maneuver taken is the one with the highest minimum sail count the ship meets
    [Ghost Fleet: Sea Phase; ruling: Ghost maneuver brackets]. An outline is the ship drawn
    after a forward step, turned by the pivots made in that square (a pivot before any
    forward step turns the ship on its starting square: an outline too) [ruling: Ghost
    outlines]; the ghost fires from each.
    """
    sails = s.res[c, SAIL]
    k = 0
    for j in range(3):
        m = GHOST_MOVE_MIN_SAILS[g, j]
        if m >= 0 and sails >= m:
            k = j
    # dry run: the outlines (square + heading) and how the maneuver ends
    r0, q0, h0 = s.ship_r[ship], s.ship_c[ship], s.ship_h[ship]
    out_r = np.empty(MAX_STEPS + 1, dtype=np.int64)
    out_q = np.empty(MAX_STEPS + 1, dtype=np.int64)
    out_h = np.empty(MAX_STEPS + 1, dtype=np.int64)
    n = 0
    r, q, h = np.int64(r0), np.int64(q0), np.int64(h0)
    rammed = -1
    blocked = False
    for i in range(MAX_STEPS):
        st = GHOST_MOVE[g, k, i]
        if st == 0:
            break
        if st == STEP_LEFT or st == STEP_RIGHT:
            h = (h + 1) % 4 if st == STEP_RIGHT else (h + 3) % 4
            if n == 0:
                out_r[0], out_q[0] = r, q
                n = 1
            out_h[n - 1] = h
        elif st == STEP_FORWARD:
            nr, nq = wrap(r + DR[h], q + DC[h])
            if _blocks(s, ship, nr, nq):
                blocked = True
                break
            o = ship_at(s, nr, nq)
            if o >= 0 and o != ship:     # its own start square is empty by then
                rammed = o
                break
            r, q = nr, nq
            out_r[n], out_q[n], out_h[n] = r, q, h
            n += 1
    # a completed maneuver (or a ram) keeps its end; otherwise end at the last shown outline
    # that does not leave the ship facing a rock or ghost ship right ahead [ruling: Ghost
    # stops short]
    stop = n
    if rammed < 0 and (blocked or _facing_block(s, ship, r, q, h)):
        while stop > 0 and _facing_block(s, ship, out_r[stop - 1], out_q[stop - 1],
                                         out_h[stop - 1]):
            stop -= 1
    for i in range(stop):
        s.ship_r[ship], s.ship_c[ship], s.ship_h[ship] = out_r[i], out_q[i], out_h[i]
        _cash_wreck(s, c, ship)
        _fire_from(s, c, ship)
    if rammed >= 0:
        _collide(s, c, ship, rammed)
    return stop


@njit(cache=True)
def _ability(s, c, g):
    """The ability printed for this ghost ship's colour [Ghost Fleet: Sea Phase; ruling:
    Ghost abilities]."""
    eff = GHOST_ABILITY[g, s.crew_shipdef[c]]
    arg = GHOST_ABILITY_ARG[g, s.crew_shipdef[c]]
    if eff == EFF_GAIN_SAIL:
        gain(s, c, SAIL, arg)
    elif eff == EFF_GAIN_CANNON:
        gain(s, c, CANNON, arg)
    elif eff == EFF_GAIN_COIN:
        gain(s, c, COIN, arg)
    elif eff == EFF_GAIN_ANY:
        wild_gain(s, c, arg)
    elif eff == EFF_DRAW:
        deal(s, c, arg)
    elif eff == EFF_INFAMY:
        score(s, c, arg)
    elif eff == EFF_REPAIR:
        scrap_damage(s, arg)


@njit(cache=True)
def _features(s, c, ship):
    """Whirlpool or gust under the ghost ship, unless it would leave it facing a rock or
    another ghost ship ("This includes if it would be forced into this position by a
    whirlpool or gust") [Ghost Maneuvers: Rocks and other Ghost Ships; ruling: Ghost stops
    short]. A gust into a rock or a ship is a collision the ghost ship caused [Whirlpools
    and Gusts: "Collisions caused by gusts are resolved as if the ship had caused it"]."""
    r, q, h = s.ship_r[ship], s.ship_c[ship], s.ship_h[ship]
    f = s.feature[r, q]
    if f == FEAT_WHIRL_CW or f == FEAT_WHIRL_CCW:
        nh = (h + 1) % 4 if f == FEAT_WHIRL_CW else (h + 3) % 4
        if not _facing_block(s, ship, r, q, nh):
            s.ship_h[ship] = nh
    elif f == FEAT_GUST:
        nr, nq = wrap(r + DR[s.gust_dir], q + DC[s.gust_dir])
        if s.feature[nr, nq] == FEAT_ROCK:
            _collide(s, c, ship, HIT_ROCK)
            return
        o = ship_at(s, nr, nq)
        if o >= 0:
            _collide(s, c, ship, o)
            return
        if not _facing_block(s, ship, nr, nq, h):
            s.ship_r[ship], s.ship_c[ship] = nr, nq
            _cash_wreck(s, c, ship)


@njit(cache=True)
def sea_turn(s):
    """Ghost crew s.cur plays the top card of its hand [Ghost Fleet: Sea Phase]: the card
    goes to the ghost discard pile first ("discard the top card from their 'hand' and
    perform the maneuver on the top of the card"), so a draw during the turn that reshuffles
    that pile takes it in; then its maneuver, the ability of its colour, then the card's
    flag action if the ghost ship owns that flag (flag actions come last [Resolving Flag
    Actions; ruling: Ghost card flags]), then the whirlpool or gust. A Damage card in a
    ghost hand is discarded with no effect of its own, but the whirlpool or gust still
    resolves: discarding it is playing a card [Whirlpools and Gusts; ruling: Damage in a
    ghost hand]."""
    c = s.cur
    if s.ghost_hand_n[c] == 0:
        return
    s.ghost_hand_n[c] -= 1
    g = s.ghost_hand[c, s.ghost_hand_n[c]]
    to_discard(s, g)
    ship = s.crew_ships[c, 0]
    if g != DAMAGE_DEF_GHOST:
        moved = _maneuver(s, c, ship, g)
        if moved == 0:
            _fire_from(s, c, ship)
        _ability(s, c, g)
        f = GHOST_FLAG[g]
        if f >= 0 and s.flag_owner[f] == c:
            _flag_action(s, c, f)
    # after every card played, a discarded Damage card included [Whirlpools and Gusts]
    _features(s, c, ship)


@njit(cache=True)
def fleet_damage(s):
    """Damage cards in the ghost deck, hands and discard pile."""
    dmg = 0
    for i in range(s.ghost_deck_n):
        dmg += s.ghost_deck[i] == DAMAGE_DEF_GHOST
    for i in range(s.ghost_discard_n):
        dmg += s.ghost_discard[i] == DAMAGE_DEF_GHOST
    for c in range(s.num_crews):
        if is_ghost(s, c):
            for i in range(s.ghost_hand_n[c]):
                dmg += s.ghost_hand[c, i] == DAMAGE_DEF_GHOST
    return dmg


@njit(cache=True)
def fleet_score(s):
    """Collective score: tracker + purchased pile - Damage in the ghost deck, hands and
    discard pile [Ghost Fleet: Collective Scoring; ruling: Ghost Fleet score]."""
    total = np.int64(s.ghost_infamy)
    for d in range(s.ghost_bought.shape[0]):
        total += s.ghost_bought[d] * CARD_INFAMY[d]
    return total - fleet_damage(s)
