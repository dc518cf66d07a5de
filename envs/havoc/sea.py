"""Seas of Havoc: the Sea Phase - turn order and the card-resolution machine.

Rulebook sections: Sea Phase Step 1 (Turn by Turn Card Play, Playing a Card, Passing a Turn,
Resolving Cards, Resolving Flag Actions, Ending the Sea Phase), Step 2 (Sea Phase Cleanup),
Ending the Game, Maneuvering (split arrows, Extended Maneuver), Collisions (Collision
Penalty, Collisions and Cannon Fire), Whirlpools and Gusts, Salvaging Shipwrecks (Booty),
Cannon Fire (options, "each") and the 2 Ship Variant. Movement and shots are in
maneuver.py and cannon.py, paying in payment.py; readings of open points are in
docs/rulings.md "Sea phase".

A card being resolved lives in ``s.card`` (its own zone: out of the hand, not yet in the
discard pile) and walks through the stages ST_* of state.py; every decision on the way
suspends the machine and ``sea_continue`` resumes it where it stopped:

    PK_PLAY -> PK_MODE (resolve / pass) -> [PK_SHIP] -> ST_FIRE_START -> ST_MAIN (path)
    -> ST_FIRE_END -> ST_EXT_OFFER -> ST_EXT -> ST_FIRE_EXT -> ST_EFFECT -> ST_FLAG
    -> ST_FEATURES -> ST_DONE (card to the discard pile, next turn)

Field use while a card resolves: ``card_path``/``card_path_i`` the path being sailed
(``card_path_i`` = -1 before a path is chosen), ``card_fire_opt`` the chosen cannon option,
``card_shots`` the shots of the chosen option, ``pend_ship`` the ship a pivot or discard
concerns, ``pend_source`` who asked for a pivot (SRC_COLLISION / SRC_EFFECT_PIVOT).

Cannons fire at the points the card prints: before moving ("start"), after the maneuver
("end"), after the extended maneuver ("ext"), or both of the last two ("each": "fire ... from
different spaces during the same card action. Pay ... for each/either of these shots")
[Cannon Fire; Card Anatomy: Fire Cannon].
"""

import numpy as np
from numba import njit

from envs.havoc import ghost, payment
from envs.havoc.cards import (
    CARD_CANNON, CARD_CANNON_N, CARD_EFFECT, CARD_EFFECT_ARG, CARD_EXT, CARD_EXT_ALTS,
    CARD_EXT_COST, CARD_FIRE_AT, CARD_FLAG, CARD_MOVE, CARD_MOVE_ALTS,
)
from envs.havoc.cannon import balls_cost, can_pay_balls, fire_range, volley
from envs.havoc.common import (
    SRC_REPAIR, begin_island, can_pay, damage_owned, draw, flag_action, gain, hand_count,
    has_upgrade, is_damage, is_ghost, may_pay, score,
)
from envs.havoc.maneuver import (
    MOVED, STAYED, collision_penalty, feature_acts, lift_wreck, pivot, sea_feature,
    step,
)
from envs.havoc.state import (
    A_HAND, A_OPTION, A_STOP, ANY, CANNON, COIN, EFF_DRAW, EFF_GAIN_ANY, EFF_GAIN_CANNON,
    EFF_GAIN_COIN, EFF_GAIN_SAIL, EFF_INFAMY, EFF_PIVOT, EFF_REPAIR, EXT_FREE, EXT_NONE,
    FIRE_EACH, FIRE_END, FIRE_EXT, FIRE_START, HAND_SIZE, MAX_CREWS, MAX_STEPS, NDEFS,
    PH_OVER, PH_SEA,
    PK_BOOTY, PK_DISCARD, PK_EXTEND, PK_FIRE, PK_FIRE_SIDE, PK_GAIN_ANY, PK_MODE, PK_NONE,
    PK_PATH, PK_PIVOT, PK_PLAY, PK_SCRAP, PK_SHIP, SAIL, ST_DONE, ST_EFFECT, ST_EXT,
    ST_EXT_OFFER, ST_FEATURES, ST_FIRE_END, ST_FIRE_EXT, ST_FIRE_START, ST_FLAG, ST_IDLE,
    ST_MAIN, STEP_END, STEP_LEFT, STEP_RIGHT, UPG_EXT_ANY, UPG_HAND, UPG_SALVAGE,
)

SRC_COLLISION = 20                  # pend_source: pivot/discard after a collision
SRC_EFFECT_PIVOT = 100 + EFF_PIVOT  # pend_source: a card's optional pivot effect
MODE_RESOLVE, MODE_PASS = 0, 1


# --- turn order [Sea Phase Step 1-2; Ending the Game] ---------------------------------------

@njit(cache=True)
def has_cards(s, c):
    """Crew c still has a card to play this Sea Phase.

    Ghost crews play from their face-down ghost hands [Ghost Fleet: Sea Phase].
    """
    if is_ghost(s, c):
        return s.ghost_hand_n[c] > 0
    return hand_count(s, c) > 0


@njit(cache=True)
def _anyone_has_cards(s):
    for c in range(s.num_crews):
        if has_cards(s, c):
            return True
    return False


@njit(cache=True)
def _end_turn(s):
    """The Swift flag gives the same crew another card; otherwise play passes clockwise."""
    if s.extra_turn:
        s.extra_turn = 0
    else:
        s.cur = (s.cur + 1) % s.num_crews
    s.turn_open = 0


@njit(cache=True)
def _stalled(s):
    """Opt-in (cfg.stall_limit > 0, off by default): after that many Sea Phases in a row
    without a Damage card dealt the game ends and is scored as if the Damage deck had run
    out [ruling: Stalled games]. The rulebook ends a game only when the Damage deck is empty
    [Ending the Game]; by default a game where no Damage is dealt any more runs until
    max_steps truncates it."""
    limit = s.cfg.stall_limit
    quiet = s.damage_this_sea == 0
    s.damage_this_sea = 0
    if limit <= 0:
        return False
    s.quiet_seas = s.quiet_seas + 1 if quiet else 0
    return s.quiet_seas >= limit


@njit(cache=True)
def _cleanup(s):
    """Sea Phase Cleanup: everyone draws back up to 4 (+ hand_size upgrade) [ruling: Sea
    cleanup]; then the game ends if the Damage deck is empty [Ending the Game], else the
    Island Phase begins."""
    for c in range(s.num_crews):
        if is_ghost(s, c):
            continue
        want = HAND_SIZE + has_upgrade(s, c, UPG_HAND) - hand_count(s, c)
        if want > 0:
            draw(s, c, want)
    ghost.draw_up(s)
    s.card = -1
    s.card_stage = ST_IDLE
    s.turn_open = 0
    s.extra_turn = 0
    if s.damage_left <= 0 or _stalled(s):
        s.phase = PH_OVER
        s.pending = PK_NONE
    else:
        begin_island(s)


@njit(cache=True)
def sea_continue(s):
    """Run the Sea Phase until a crew must decide or the phase ends [Sea Phase Step 1].

    Turns go round from the First Player token's holder; a crew with no cards passes
    automatically (no whirlpools or gusts for it); when nobody has cards, cleanup [ruling:
    Turn order]. Returns after a round of turns with no decision, so the phase driver counts
    automatic steps (ghost ships may keep drawing cards with no seat deciding anything).
    """
    for _ in range(2 * MAX_CREWS):
        if s.pending != PK_NONE or s.phase != PH_SEA or s.fault:
            return
        if s.card >= 0:
            run_card(s)
            continue
        if s.turn_open:
            _end_turn(s)
        if not _anyone_has_cards(s):
            _cleanup(s)
            return
        c = s.cur
        if not has_cards(s, c):
            s.cur = (c + 1) % s.num_crews
            continue
        if is_ghost(s, c):
            # a ghost ship plays the top card of its hand by itself [Ghost Fleet: Sea Phase]
            ghost.sea_turn(s)
            s.turn_open = 1
            continue
        s.turn_open = 1
        s.pending = PK_PLAY


# --- playing a card [Playing a Card; Passing a Turn; 2 Ship Variant] -------------------------

@njit(cache=True)
def legal_hand_card(s, c, mask):
    """Any card in hand: the card to play [Playing a Card] or to discard after a collision
    [Collision Penalty] (PK_PLAY and PK_DISCARD)."""
    for d in range(NDEFS):
        if s.hand[c, d] > 0:
            mask[A_HAND + d] = 1


@njit(cache=True)
def apply_play(s, c, action):
    """The card leaves the hand and is resolved or passed; a Damage card has nothing to
    resolve, so playing it passes [ruling: Damage cards]."""
    d = action - A_HAND
    s.hand[c, d] -= 1
    s.card = d
    s.card_ship = s.crew_ships[c, 0]
    s.card_path_i = -1
    s.card_collided = 0
    s.card_fire_opt = -1
    s.card_shots = 0
    if is_damage(d):
        _pass(s, c)
    else:
        s.card_passed = 0
        s.card_stage = ST_IDLE
        s.pending = PK_MODE


@njit(cache=True)
def legal_mode(s, c, mask):
    mask[A_OPTION + MODE_RESOLVE] = 1
    mask[A_OPTION + MODE_PASS] = 1


@njit(cache=True)
def _two_ships(s, c):
    i = s.crew_ships[c, 1]
    return i >= 0 and s.ship_placed[i] != 0


@njit(cache=True)
def _pass(s, c):
    """The card is played to pass: it is discarded at once ("passing by discarding a card",
    Whirlpools and Gusts; "discards to pass", Quick Reference), then only its flag action
    ("once ... you have passed using that card") and the whirlpool or gust follow [Passing a
    Turn; Resolving Flag Actions; ruling: The card in play]. ``s.card`` still names it
    (``card_passed`` = 1: it is already in the discard pile, where a Breaker flag may scrap
    it or a Lookout draw reshuffle it). With two ships the card still applies to one of them
    ("Each card you play applies only to one ship"): the crew chooses which when that
    decides whether a whirlpool or gust is resolved [ruling: Two ships and sea features]."""
    s.card_passed = 1
    s.discard[c, s.card] += 1
    s.card_stage = ST_FLAG
    s.pending = PK_NONE
    if _two_ships(s, c):
        i0 = s.crew_ships[c, 0]
        i1 = s.crew_ships[c, 1]
        if feature_acts(s, i0) or feature_acts(s, i1):
            s.pending = PK_SHIP


@njit(cache=True)
def apply_mode(s, c, action):
    """Resolve the card, or pass by discarding it (its flag action still applies)."""
    if action == A_OPTION + MODE_PASS:
        _pass(s, c)
        return
    s.card_stage = ST_FIRE_START
    if _two_ships(s, c):
        s.pending = PK_SHIP
    else:
        s.pending = PK_NONE


@njit(cache=True)
def legal_ship(s, c, mask):
    mask[A_OPTION + 0] = 1
    mask[A_OPTION + 1] = 1


@njit(cache=True)
def apply_ship(s, c, action):
    """2 Ship Variant: "Each card you play applies only to one ship" - the one it moves, or,
    for a passed card, the one whose whirlpool or gust it resolves."""
    s.card_ship = s.crew_ships[c, action - A_OPTION]
    s.pending = PK_NONE


# --- maneuvers [Maneuvering; Collisions; Salvaging Shipwrecks] --------------------------------

@njit(cache=True)
def _load_path(s, ext, k):
    d = s.card
    for j in range(MAX_STEPS):
        s.card_path[j] = CARD_EXT[d, k, j] if ext else CARD_MOVE[d, k, j]
    s.card_path_i = 0


@njit(cache=True)
def legal_path(s, c, mask):
    mask[A_OPTION + 0] = 1
    mask[A_OPTION + 1] = 1


@njit(cache=True)
def apply_path(s, c, action):
    """Split arrows: the crew picks one of the two paths [Maneuvering; ruling: Split
    arrows]."""
    _load_path(s, s.card_stage == ST_EXT, action - A_OPTION)
    s.pending = PK_NONE


@njit(cache=True)
def _salvage(s, c, i):
    """Ship i entered a square: a wreck there goes to the hold as booty; holding one already,
    the crew keeps one of the two (PK_BOOTY). Returns True when that decision is pending."""
    t = lift_wreck(s, i)
    if t == 0:
        return False
    bonus = has_upgrade(s, c, UPG_SALVAGE)
    if bonus > 0:
        score(s, c, bonus)
    if s.booty[c] == 0:
        s.booty[c] = t
        return False
    s.pend_slot = t
    s.pending = PK_BOOTY
    return True


@njit(cache=True)
def _collide(s, c, i, hit):
    """Ship i ran into `hit`: penalty now, then the optional pivot and the discard
    [Collisions; Collision Penalty; ruling: Collision order]."""
    collision_penalty(s, i, hit)
    s.pend_ship = i
    s.pend_source = SRC_COLLISION
    s.pending = PK_PIVOT


@njit(cache=True)
def _sail_path(s):
    """Sail the loaded path from card_path_i. Returns True when the path is over (finished,
    or cut short by a collision whose decisions are now pending), False when suspended by a
    booty choice in the middle."""
    c = s.cur
    i = s.card_ship
    while True:
        k = s.card_path_i
        if k >= MAX_STEPS or s.card_path[k] == STEP_END:
            return True
        s.card_path_i = k + 1
        st = s.card_path[k]
        if st == STEP_LEFT:
            pivot(s, i, False)
            continue
        if st == STEP_RIGHT:
            pivot(s, i, True)
            continue
        hit = step(s, i, s.ship_h[i])
        if hit == MOVED:
            if _salvage(s, c, i):
                return False
            continue
        s.card_collided = 1
        _collide(s, c, i, hit)
        return True


# --- cannon fire [Cannon Fire] -------------------------------------------------------------

@njit(cache=True)
def _offer_fire(s):
    """Ask PK_FIRE when at least one cannon option may be paid as every seat can tell
    (common.may_pay); True when asked [ruling: Fire decisions; Booty decisions are asked in
    the open]."""
    d = s.card
    c = s.cur
    for k in range(CARD_CANNON_N[d]):
        if may_pay(s, c, balls_cost(CARD_CANNON[d, k, 1])):
            s.pending = PK_FIRE
            return True
    return False


@njit(cache=True)
def legal_fire(s, c, mask):
    d = s.card
    for k in range(CARD_CANNON_N[d]):
        if can_pay_balls(s, c, CARD_CANNON[d, k, 1]):
            mask[A_OPTION + k] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_fire(s, c, action):
    """Choose one cannon option and pay for it (payment.py), then the side; or hold fire
    [ruling: Cannon options]."""
    if action == A_STOP:
        s.card_fire_opt = -1
        s.pending = PK_NONE
        return
    k = action - A_OPTION
    s.card_fire_opt = k
    s.card_shots = CARD_CANNON[s.card, k, 2]
    payment.begin(s, c, balls_cost(CARD_CANNON[s.card, k, 1]), PK_FIRE_SIDE)


@njit(cache=True)
def legal_fire_side(s, c, mask):
    mask[A_OPTION + 0] = 1
    mask[A_OPTION + 1] = 1


@njit(cache=True)
def apply_fire_side(s, c, action):
    """All shots of the option leave the chosen side [Cannon Fire]."""
    k = s.card_fire_opt
    rng = fire_range(s, c, CARD_CANNON[s.card, k, 0])
    volley(s, s.card_ship, action - A_OPTION, rng, s.card_shots)
    s.card_shots = 0
    s.card_fire_opt = -1
    s.pending = PK_NONE


# --- extended maneuver [Maneuvering 4] ------------------------------------------------------

@njit(cache=True)
def _extension_cost(s, c):
    """1 sail [Card Anatomy: Extended Maneuver]; with the extend_any upgrade 1 of any
    resource [ruling: Extended maneuver cost]."""
    cost = np.zeros(4, dtype=np.int64)
    if has_upgrade(s, c, UPG_EXT_ANY) > 0:
        cost[ANY] = 1
    else:
        cost[SAIL] = 1
    return cost


@njit(cache=True)
def legal_extend(s, c, mask):
    """Sail the extended maneuver if c can really pay for it, or skip it [Extended Maneuver;
    ruling: Booty decisions are asked in the open]."""
    if can_pay(s, c, _extension_cost(s, c)):
        mask[A_OPTION + 0] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_extend(s, c, action):
    """Pay for the extended maneuver and sail it, or skip it."""
    s.pending = PK_NONE
    if action == A_STOP:
        s.card_stage = ST_EFFECT
        return
    s.card_stage = ST_EXT
    s.card_path_i = -1
    payment.begin(s, c, _extension_cost(s, c), PK_NONE)


# --- effects and pivots -----------------------------------------------------------------------

@njit(cache=True)
def _effect(s, c):
    """An ability card's effect, after maneuver and fire, before the flag action [ruling:
    Card effects]."""
    d = s.card
    e = CARD_EFFECT[d]
    n = CARD_EFFECT_ARG[d]
    if e == EFF_GAIN_SAIL:
        gain(s, c, SAIL, n)
    elif e == EFF_GAIN_CANNON:
        gain(s, c, CANNON, n)
    elif e == EFF_GAIN_COIN:
        gain(s, c, COIN, n)
    elif e == EFF_GAIN_ANY:
        s.pend_count = n
        s.pending = PK_GAIN_ANY
    elif e == EFF_DRAW:
        draw(s, c, n)
    elif e == EFF_REPAIR:
        # asked whenever she owns a Damage card: whether one is in her hidden hand must not
        # show in whether she is asked (ruling: Forced decisions are public ones)
        if damage_owned(s, c) > 0:
            s.pend_count = n
            s.pend_source = SRC_REPAIR
            s.pending = PK_SCRAP
    elif e == EFF_INFAMY:
        score(s, c, n)
    elif e == EFF_PIVOT:
        s.pend_count = n
        s.pend_ship = s.card_ship
        s.pend_source = SRC_EFFECT_PIVOT
        s.pending = PK_PIVOT


@njit(cache=True)
def legal_pivot(s, c, mask):
    mask[A_OPTION + 0] = 1
    mask[A_OPTION + 1] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_pivot(s, c, action):
    """Pivot 90 degrees left / right, or not at all. After a collision the crew then
    discards a card if it has one [Collision Penalty]."""
    if action != A_STOP:
        pivot(s, s.pend_ship, action == A_OPTION + 1)
    if s.pend_source == SRC_COLLISION:
        s.pending = PK_DISCARD if hand_count(s, c) > 0 else PK_NONE
        return
    s.pend_count -= 1
    if action == A_STOP or s.pend_count <= 0:
        s.pending = PK_NONE


@njit(cache=True)
def apply_discard(s, c, action):
    d = action - A_HAND
    s.hand[c, d] -= 1
    s.discard[c, d] += 1
    s.pending = PK_NONE


# --- whirlpools and gusts [Whirlpools and Gusts] ------------------------------------------------

@njit(cache=True)
def _features(s, c):
    """The ship the card applied to resolves the whirlpool or gust it is on, once; a gust
    collision is the ship's own [Whirlpools and Gusts; 2 Ship Variant: "Each card you play
    applies only to one ship"; ruling: Two ships and sea features]. Returns False while a
    decision is pending (card_path_i: 0 before, 1 once resolved)."""
    if s.card_path_i != 0:
        return True
    s.card_path_i = 1
    i = s.card_ship
    res = sea_feature(s, i)
    if res == MOVED:
        if _salvage(s, c, i):
            return False
    elif res != STAYED:
        _collide(s, c, i, res)
        return False
    return True


# --- the machine -----------------------------------------------------------------------------

@njit(cache=True)
def run_card(s):
    """Advance the card being resolved until a decision is pending or the card is done, in
    the stages of the module docstring [ruling: Order of a resolved card]; firing at the
    card's printed points [ruling: Firing points]; a resolved card stays out of hand and
    discard until its turn is over, a passed one was discarded when played [ruling: The card
    in play]."""
    c = s.cur
    d = s.card
    fire = CARD_FIRE_AT[d]
    while s.pending == PK_NONE and not s.fault:
        st = s.card_stage
        if st == ST_IDLE:
            s.card_stage = ST_FIRE_START
        elif st == ST_FIRE_START:
            s.card_stage = ST_MAIN
            s.card_path_i = -1
            if fire == FIRE_START:
                _offer_fire(s)
        elif st == ST_MAIN or st == ST_EXT:
            ext = st == ST_EXT
            if s.card_path_i < 0:
                alts = CARD_EXT_ALTS[d] if ext else CARD_MOVE_ALTS[d]
                if alts == 0:
                    s.card_stage = ST_FIRE_EXT if ext else ST_FIRE_END
                    continue
                if alts == 1:
                    _load_path(s, ext, 0)
                else:
                    s.pending = PK_PATH
                    continue
            if _sail_path(s):
                s.card_stage = ST_FIRE_EXT if ext else ST_FIRE_END
        elif st == ST_FIRE_END:
            s.card_stage = ST_EXT_OFFER
            if fire == FIRE_END or fire == FIRE_EACH:
                _offer_fire(s)
        elif st == ST_EXT_OFFER:
            cost = CARD_EXT_COST[d]
            s.card_path_i = -1
            if cost == EXT_NONE or s.card_collided:
                s.card_stage = ST_EFFECT
            elif cost == EXT_FREE:
                s.card_stage = ST_EXT
            elif may_pay(s, c, _extension_cost(s, c)):
                s.pending = PK_EXTEND
            else:
                s.card_stage = ST_EFFECT
        elif st == ST_FIRE_EXT:
            s.card_stage = ST_EFFECT
            if fire == FIRE_EXT or fire == FIRE_EACH:
                _offer_fire(s)
        elif st == ST_EFFECT:
            s.card_stage = ST_FLAG
            _effect(s, c)
        elif st == ST_FLAG:
            s.card_stage = ST_FEATURES
            s.card_path_i = 0
            f = CARD_FLAG[d]
            if f >= 0 and s.flag_owner[f] == c:
                flag_action(s, c, f)
        elif st == ST_FEATURES:
            if _features(s, c):
                s.card_stage = ST_DONE
        else:
            if not s.card_passed:
                s.discard[c, d] += 1      # a passed card was discarded when it was played
            s.card = -1
            s.card_stage = ST_IDLE
            s.card_path_i = -1
            s.card_ship = -1
            return
