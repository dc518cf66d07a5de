"""Seas of Havoc: the Island Phase - Skiff turns, island actions, purchases and cleanup.

Implements [Island Phase Step 1: Send Out Skiffs], [Step 2: Card Purchases], [Step 3: Island
Cleanup], [Island Actions] (Bank, Blacksmith, Sail Maker, Shipyard, Capitol, Trading Post,
Workshop, Deep Cove, Flags), [The Market: Claiming a Card, Restock], [Blocked Ports] and
[Booty] as far as purchases go. Ghost crews' turns and purchases are ghost.py's
[Ghost Fleet: Island Phase]. Readings of ambiguous rules: docs/rulings.md "Island phase".

Phase state: ``s.phase`` is PH_ISLAND while Skiffs are sent out and PH_PURCHASE while claims
are paid; ``s.turn_start`` is the crew that opened the phase (its order holds for the whole
phase even when the Capitol moves the First Player token); ``s.turn_open`` says whether
``s.cur`` has begun its turn (purchases: its claims). During purchases ``s.pend_slot`` is the
market place last offered to ``s.cur`` and ``s.pay_pool`` what is left of a booty token that
crew spent on an earlier purchase of the same phase. Every cost is paid through payment.py:
the crew chooses how "any" is paid and whether booty pays [Booty].
"""

from numba import njit

from envs.core.bounds import fault
from envs.havoc import ghost, payment
from envs.havoc.cards import CARD_COST, SHIP_UPGRADES, UPGRADE_COST
from envs.havoc.common import (
    SRC_DEEP_COVE, begin_sea, can_pay, cannon_supply_left, capacity, discard_count,
    flag_action, gain, hand_count, has_upgrade, is_ghost, may_pay,
)
from envs.havoc.market import (
    can_claim, can_restock, claim, clear_new, refill_market, restock, take_card,
)
from envs.havoc.state import (
    A_MARKET, A_OPTION, A_RESTOCK, A_SLOT, A_STOP, CANNON, COIN, MARKET_SIZE, MAX_CREWS, NUM_RES,
    NUM_SLOTS, PH_PURCHASE, PK_GAIN_ANY, PK_NONE, PK_PURCHASE, PK_RESTOCK_PICK, PK_SCRAP,
    PK_SKIFF, PK_TRADE_GIVE, PK_TRADE_TAKE, PK_WORKSHOP, SAIL, SKIFFS_PER_CREW, SLOT_BANK,
    SLOT_BLACKSMITH, SLOT_BLACKSMITH_4P, SLOT_CAPITOL, SLOT_DEEP_COVE, SLOT_FLAG0,
    SLOT_MIN_CREWS, SLOT_SAILMAKER, SLOT_SHIPYARD, SLOT_TRADING_POST, SLOT_WORKSHOP,
    UPG_SCRAP, VAR_GHOST,
)

#: Skiff turns in one phase: every Skiff of every crew, plus a turn per crew that finds
#: nowhere to go (envs.core.bounds)
SKIFF_TURN_BOUND = MAX_CREWS * (SKIFFS_PER_CREW + 1) + 1
TRADES = 2          # "exchange up to two of your resources" [Island Actions: Trading Post]
DEEP_COVE_SCRAPS = 2  # "scrap up to 2 cards" [Island Actions: Deep Cove]


# --- where a Skiff may go ------------------------------------------------------------------

@njit(cache=True)
def port_count(s):
    """What the 3+/4+ marks are compared with [Blocked Ports]: the number of different
    players (the 2 Ship Variant's second ships do not count), or the ship count in the Ghost
    Fleet [Ghost Fleet: Island Phase; ruling: Blocked ports]."""
    if s.cfg.variant == VAR_GHOST:
        return s.num_ships
    return s.num_players


@njit(cache=True)
def slot_open(s, k):
    """Unoccupied and not blocked [Island Phase Step 1; Blocked Ports]."""
    return s.slot_crew[k] < 0 and port_count(s) >= SLOT_MIN_CREWS[k]


@njit(cache=True)
def _any_place(s):
    for k in range(NUM_SLOTS):
        if slot_open(s, k):
            return True
    for i in range(MARKET_SIZE):
        if can_claim(s, i):
            return True
    return can_restock(s)


@njit(cache=True)
def legal_skiff(s, c, mask):
    """Any open slot, any unclaimed market card, or a restock [Island Phase Step 1; The
    Market]. A slot is legal even when its action would do nothing for c [ruling: Useless
    slots]."""
    for k in range(NUM_SLOTS):
        if slot_open(s, k):
            mask[A_SLOT + k] = 1
    for i in range(MARKET_SIZE):
        if can_claim(s, i):
            mask[A_MARKET + i] = 1
    if can_restock(s):
        mask[A_RESTOCK] = 1


# --- the Skiff turns ---------------------------------------------------------------------------

@njit(cache=True)
def _skiff_turns(s):
    """One Skiff per turn in the current order until every Skiff is out [Step 1]; the Swift
    flag gives the same crew another turn if it has a Skiff left [Flags; ruling: Swift
    flag]."""
    n = s.num_crews
    for _ in range(SKIFF_TURN_BOUND):
        if s.turn_open:
            s.turn_open = 0
            if s.extra_turn and s.skiffs[s.cur] > 0:
                s.extra_turn = 0
            else:
                s.extra_turn = 0
                s.cur = (s.cur + 1) % n
        nxt = -1
        for k in range(n):
            c = (s.cur + k) % n
            if s.skiffs[c] > 0:
                nxt = c
                break
        if nxt < 0:
            _begin_purchases(s)
            return
        s.cur = nxt
        s.turn_open = 1
        clear_new(s)
        if is_ghost(s, nxt):
            ghost.island_turn(s)
            continue
        if not _any_place(s):
            # nowhere left to go: the crew keeps its remaining Skiffs ashore [ruling: Nowhere
            # to go]
            s.skiffs[nxt] = 0
            continue
        s.pending = PK_SKIFF
        return
    fault(s)


@njit(cache=True)
def _slot_action(s, c, k):
    """Resolve a board slot at once [Island Phase Step 1; Island Actions]."""
    if k == SLOT_BANK:
        gain(s, c, COIN, 1)
    elif k == SLOT_BLACKSMITH or k == SLOT_BLACKSMITH_4P:
        gain(s, c, CANNON, 1)
    elif k == SLOT_SAILMAKER:
        gain(s, c, SAIL, 1)
    elif k == SLOT_SHIPYARD:
        s.pending = PK_GAIN_ANY
        s.pend_count = 1
    elif k == SLOT_CAPITOL:
        # the token moves now; this phase keeps its order (turn_start) [ruling: Capitol]
        s.first_crew = c
        s.pending = PK_GAIN_ANY
        s.pend_count = 1
    elif k == SLOT_TRADING_POST:
        if _can_give_any(s, c):
            s.pending = PK_TRADE_GIVE
            s.pend_count = TRADES
    elif k == SLOT_WORKSHOP:
        if _workshop_offered(s, c):
            s.pending = PK_WORKSHOP
    elif k == SLOT_DEEP_COVE:
        # up to 2 (+ upgrade) cards, one at a time [ruling: Deep Cove]
        if hand_count(s, c) + discard_count(s, c) > 0:
            s.pending = PK_SCRAP
            s.pend_count = DEEP_COVE_SCRAPS + has_upgrade(s, c, UPG_SCRAP)
            s.pend_source = SRC_DEEP_COVE
    else:
        flag = k - SLOT_FLAG0
        s.flag_owner[flag] = c
        flag_action(s, c, flag)


@njit(cache=True)
def apply_skiff(s, c, action):
    s.pending = PK_NONE
    if action == A_RESTOCK:
        restock(s)
        s.pending = PK_RESTOCK_PICK
        return
    if A_MARKET <= action < A_MARKET + MARKET_SIZE:
        claim(s, c, action - A_MARKET)
        s.skiffs[c] -= 1
        return
    k = action - A_SLOT
    s.slot_crew[k] = c
    s.skiffs[c] -= 1
    _slot_action(s, c, k)


@njit(cache=True)
def legal_restock_pick(s, c, mask):
    """After a restock the Skiff must go on a newly revealed card [The Market: Restock]."""
    for i in range(MARKET_SIZE):
        if s.market_new[i] and can_claim(s, i):
            mask[A_MARKET + i] = 1


@njit(cache=True)
def apply_restock_pick(s, c, action):
    claim(s, c, action - A_MARKET)
    s.skiffs[c] -= 1
    clear_new(s)
    s.pending = PK_NONE


# --- Trading Post --------------------------------------------------------------------------

@njit(cache=True)
def _can_take(s, c, r):
    """r has room on c's board and the supply can give it: the 40 cannonballs may all be
    held [Trading Post: "for any other two from the supply"; ruling: Trading Post]."""
    if r == CANNON and cannon_supply_left(s) <= 0:
        return False
    return s.res[c, r] < capacity(s, c, r)


@njit(cache=True)
def _can_give(s, c, r):
    """r is held and some other resource can be taken in exchange (_can_take)."""
    if s.res[c, r] <= 0:
        return False
    for t in range(NUM_RES):
        if t != r and _can_take(s, c, t):
            return True
    return False


@njit(cache=True)
def _can_give_any(s, c):
    for r in range(NUM_RES):
        if _can_give(s, c, r):
            return True
    return False


@njit(cache=True)
def legal_trade_give(s, c, mask):
    """A held resource to hand over, or stop ("up to two") [Trading Post; ruling: Trading
    Post]."""
    for r in range(NUM_RES):
        if _can_give(s, c, r):
            mask[A_OPTION + r] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_trade_give(s, c, action):
    if action == A_STOP:
        s.pending = PK_NONE
        return
    r = action - A_OPTION
    s.res[c, r] -= 1
    s.pend_res = r
    s.pending = PK_TRADE_TAKE


@njit(cache=True)
def legal_trade_take(s, c, mask):
    """A different resource with room on the board that the supply can give ("any other
    two from the supply") [Trading Post; ruling: Trading Post]."""
    for r in range(NUM_RES):
        if r != s.pend_res and _can_take(s, c, r):
            mask[A_OPTION + r] = 1


@njit(cache=True)
def apply_trade_take(s, c, action):
    gain(s, c, action - A_OPTION, 1)
    s.pend_count -= 1
    if s.pend_count > 0 and _can_give_any(s, c):
        s.pending = PK_TRADE_GIVE
    else:
        s.pending = PK_NONE


# --- Workshop ----------------------------------------------------------------------------------

@njit(cache=True)
def _upgrade_cost(s, c, k):
    """The cost of crew c's ship's upgrade k [Card Anatomy: Upgrade Cards]."""
    return UPGRADE_COST[SHIP_UPGRADES[s.crew_shipdef[c], k]]


@njit(cache=True)
def _can_activate(s, c, k):
    return not s.upgrade_on[c, k] and can_pay(s, c, _upgrade_cost(s, c, k))


@njit(cache=True)
def _workshop_offered(s, c):
    """Some inactive upgrade may be paid for as every seat can tell (common.may_pay): the
    Workshop is then asked, with the upgrades c really can pay for [ruling: Workshop; Booty
    decisions are asked in the open]."""
    for k in range(2):
        if not s.upgrade_on[c, k] and may_pay(s, c, _upgrade_cost(s, c, k)):
            return True
    return False


@njit(cache=True)
def legal_workshop(s, c, mask):
    """An inactive upgrade c can pay for, or stop [Island Actions: Workshop; ruling:
    Workshop]."""
    for k in range(2):
        if _can_activate(s, c, k):
            mask[A_OPTION + k] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_workshop(s, c, action):
    """The upgrade flips once chosen; its cost is paid right after (payment.py)."""
    s.pending = PK_NONE
    if action != A_STOP:
        k = action - A_OPTION
        s.upgrade_on[c, k] = 1
        payment.begin(s, c, _upgrade_cost(s, c, k), PK_NONE)


# --- purchases ---------------------------------------------------------------------------

@njit(cache=True)
def _begin_purchases(s):
    s.phase = PH_PURCHASE
    s.cur = s.turn_start
    s.turn_open = 0


@njit(cache=True)
def can_buy(s, c, i):
    """Resources plus booty (or what is left of a booty spent on an earlier purchase this
    phase) cover the card's cost [Step 2; ruling: Booty across purchases]."""
    return can_pay(s, c, CARD_COST[s.market[i]])


@njit(cache=True)
def _offered(s, c, i):
    """A card c claimed is offered when it may be paid for as every seat can tell
    (common.may_pay); buying it is legal only when c really can [Step 2: Unpurchased Cards;
    ruling: Booty decisions are asked in the open]."""
    return s.market_claim[i] == c and s.market[i] >= 0 and may_pay(s, c, CARD_COST[s.market[i]])


@njit(cache=True)
def _purchases(s):
    """Each crew in the phase's turn order (from the crew that opened it) pays for its
    claimed cards, left to right; only affordable cards are offered, the rest stay in the
    Market [Step 2: Unpurchased Cards; ruling: Purchases]."""
    n = s.num_crews
    for _ in range(MAX_CREWS + 1):
        c = s.cur
        if not s.turn_open:
            s.turn_open = 1
            s.pend_slot = -1
            s.pay_pool = 0
            s.pay_spent = 0
            if is_ghost(s, c):
                ghost.purchases(s, c)
                s.pend_slot = MARKET_SIZE
        i = s.pend_slot + 1
        while i < MARKET_SIZE:
            if _offered(s, c, i):
                s.pend_slot = i
                s.pending = PK_PURCHASE
                return
            i += 1
        s.pay_pool = 0        # booty value left after the crew's last purchase is lost
        s.pay_spent = 0
        s.turn_open = 0
        s.cur = (c + 1) % n
        if s.cur == s.turn_start:
            _cleanup(s)
            return
    fault(s)


@njit(cache=True)
def legal_purchase(s, c, mask):
    """Buy the offered card if c can pay for it, or leave it in the Market [Step 2]."""
    if can_buy(s, c, s.pend_slot):
        mask[A_OPTION + 0] = 1
    mask[A_STOP] = 1


@njit(cache=True)
def apply_purchase(s, c, action):
    """A bought card goes straight to the hand [Step 2; Deck Management: Hand]; its cost is
    paid right after (payment.py)."""
    s.pending = PK_NONE
    if action != A_STOP:
        d = take_card(s, s.pend_slot)
        s.hand[c, d] += 1
        payment.begin(s, c, CARD_COST[d], PK_NONE)


@njit(cache=True)
def _cleanup(s):
    """Skiffs come home, the Market is refilled to 5 (fewer when its deck runs out), then the
    Sea Phase begins [Step 3: Island Cleanup; ruling: Island cleanup]."""
    for k in range(NUM_SLOTS):
        s.slot_crew[k] = -1
    for i in range(MARKET_SIZE):
        s.market_claim[i] = -1
    clear_new(s)
    for c in range(s.num_crews):
        s.skiffs[c] = SKIFFS_PER_CREW
    s.pend_slot = -1
    s.pay_pool = 0
    s.pay_spent = 0
    refill_market(s)
    begin_sea(s)


@njit(cache=True, inline="always")
def island_continue(s):
    """Phase driver hook: next Skiff turn, next purchase offer, or cleanup."""
    if s.phase == PH_PURCHASE:
        _purchases(s)
    else:
        _skiff_turns(s)
