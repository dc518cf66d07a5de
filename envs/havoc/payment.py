"""Seas of Havoc: paying a cost, one unit at a time, with the payer choosing the source.

A cost is (sail, cannon, coin, any) [Symbology: "Any Resource"; Card Anatomy: Card Cost].
Whoever pays decides how: which resource pays each "any" unit, and whether booty pays
instead of resources - "Booty in your hold can be spent for its resource value whenever you
would spend resources" [Booty]. So a payment is a short sequence of PK_PAY decisions, one
per unit, asked only when the unit has two or more possible sources (a unit with one
possible source is paid at once, with no question):

- units are paid in a fixed order: sails, cannonballs, coins, then the "any" units;
- a sail/cannonball/coin unit is paid with that resource (OPTION r) or with booty
  (A_BOOTY); an "any" unit with any resource held (OPTION r) or with booty;
- a source is offered only if the rest of the cost can still be paid after it
[ruling: Paying costs].

Spending booty returns the token to the face-down stack at once and its value becomes a
pool (``s.pay_pool``) that pays later units; what is left of it is lost when the payment
ends [Booty: "any excess is lost when spent"], except during Card Purchases, where it
stays for the crew's later purchases of the same step [Booty: "The resource value of booty
can be split across multiple simultaneous transactions (ex: when 2 Market cards being
purchased)"] (island.py clears it when the crew's purchases are over).

``begin(s, c, cost, nxt)`` starts a payment; when every unit is paid the pending decision
becomes ``nxt`` (PK_NONE: the caller's machine continues). Ghost ships make no choices and
pay with ghost.pay_exact [ruling: Ghost payments].
"""

import numpy as np
from numba import njit

from envs.core.bounds import fault
from envs.havoc.cards import WRECK_VALUE
from envs.havoc.common import booty_value, return_wreck_token
from envs.havoc.state import A_BOOTY, A_OPTION, ANY, NUM_RES, PH_PURCHASE, PK_NONE, PK_PAY

#: units in one payment: a cost is at most 4 resources, an upgrade's at most 6
MAX_UNITS = 16


@njit(cache=True)
def _short(r0, r1, r2, c0, c1, c2, cany):
    """Units booty must cover for cost (c0, c1, c2, cany) from resources (r0, r1, r2)."""
    short = 0
    spare = 0
    for have, need in ((r0, c0), (r1, c1), (r2, c2)):
        if have >= need:
            spare += have - need
        else:
            short += need - have
    if cany > spare:
        short += cany - spare
    return short


@njit(cache=True)
def wild(s, c):
    """Value booty can still pay: the pool of a spent token plus the token held."""
    return s.pay_pool + booty_value(s, c)


@njit(cache=True)
def _unit(s):
    """Which part the next unit belongs to: 0-2 a resource, ANY, or -1 when all is paid."""
    for k in range(4):
        if s.pay_cost[k] > 0:
            return k
    return -1


@njit(cache=True)
def _ok_after(s, c, part, source):
    """Can the rest be paid once this unit of `part` is paid from `source` (a resource, or
    NUM_RES for booty)?"""
    r = np.zeros(3, dtype=np.int64)
    for k in range(NUM_RES):
        r[k] = s.res[c, k]
    cost = np.zeros(4, dtype=np.int64)
    for k in range(4):
        cost[k] = s.pay_cost[k]
    w = wild(s, c)
    cost[part] -= 1
    if source == NUM_RES:
        if w <= 0:
            return False
        w -= 1
    else:
        if r[source] <= 0:
            return False
        r[source] -= 1
    return _short(r[0], r[1], r[2], cost[0], cost[1], cost[2], cost[3]) <= w


@njit(cache=True)
def _sources(s, c, out):
    """out[k] = 1 for each legal source of the next unit (resources 0-2, booty 3); count."""
    part = _unit(s)
    n = 0
    for k in range(NUM_RES + 1):
        out[k] = 0
    if part < 0:
        return 0
    for k in range(NUM_RES):
        if (part == ANY or part == k) and _ok_after(s, c, part, k):
            out[k] = 1
            n += 1
    if _ok_after(s, c, part, NUM_RES):
        out[NUM_RES] = 1
        n += 1
    return n


@njit(cache=True)
def _pay_unit(s, c, source):
    part = _unit(s)
    s.pay_cost[part] -= 1
    if source < NUM_RES:
        s.res[c, source] -= 1
        return
    if s.pay_pool <= 0:
        # the token is spent: back into the stack, its value a pool for this payment
        token = s.booty[c]
        s.booty[c] = 0
        return_wreck_token(s, token)
        s.pay_pool = WRECK_VALUE[token - 1]
    s.pay_pool -= 1


@njit(cache=True)
def _settle(s, c):
    """Pay every unit that has a single source; ask PK_PAY at the first real choice; when
    all is paid, go on to pay_next."""
    out = np.zeros(NUM_RES + 1, dtype=np.int64)
    for _ in range(MAX_UNITS):
        n = _sources(s, c, out)
        if _unit(s) < 0:
            if s.phase != PH_PURCHASE:
                s.pay_pool = 0
            s.pending = s.pay_next
            s.pay_next = PK_NONE
            return
        if n >= 2:
            s.pending = PK_PAY
            return
        if n == 0:
            fault(s)     # a caller began a payment it had not checked with can_pay
            return
        for k in range(NUM_RES + 1):
            if out[k]:
                _pay_unit(s, c, k)
                break
    fault(s)

@njit(cache=True)
def begin(s, c, cost, nxt):
    """Crew c pays `cost` (sail, cannon, coin, any; the caller checked common.can_pay),
    then the pending decision becomes `nxt`."""
    for k in range(4):
        s.pay_cost[k] = cost[k]
    s.pay_next = nxt
    _settle(s, c)


@njit(cache=True)
def legal_pay(s, c, mask):
    out = np.zeros(NUM_RES + 1, dtype=np.int64)
    _sources(s, c, out)
    for k in range(NUM_RES):
        if out[k]:
            mask[A_OPTION + k] = 1
    if out[NUM_RES]:
        mask[A_BOOTY] = 1


@njit(cache=True)
def apply_pay(s, c, action):
    _pay_unit(s, c, NUM_RES if action == A_BOOTY else action - A_OPTION)
    _settle(s, c)
