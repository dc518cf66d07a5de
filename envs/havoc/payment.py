"""Seas of Havoc: paying a cost, one unit at a time, with the payer choosing the source.

A cost is (sail, cannon, coin, any) [Symbology: "Any Resource"; Card Anatomy: Card Cost].
Whoever pays decides how: which resource pays each "any" unit, and whether booty pays
instead of resources - "Booty in your hold can be spent for its resource value whenever you
would spend resources" [Booty]. So a payment is a short sequence of PK_PAY decisions:

- units are paid in a fixed order: sails, cannonballs, coins, then the "any" units;
- a sail/cannonball/coin unit is paid with that resource (OPTION r) or with booty
  (A_BOOTY); an "any" unit with any resource held (OPTION r) or with booty;
- a source is offered only if the rest of the cost can still be paid after it, and only if
  it changes what the payer can end up keeping: two sources leading to the same set of
  possible final holdings are one option (the first is offered). A unit whose sources all
  lead to the same set is paid without a question, so a payment asks nothing unless the
  payer can really end with different holdings [ruling: Paying costs];
- except while hidden booty value is in play (the payer holds a token, or spent one on this
  payment: ``s.pay_spent``, public, while ``s.pay_pool`` is not): then every unit is asked,
  even with one real source, since which units have one depends on that value and whether a
  crew is asked is seen by every seat [ruling: Booty decisions are asked in the open].

What a payment can end with is the resources spent from now on (x_sail, x_cannon, x_coin);
the booty value used is what is left of the cost, and the token is spent iff some is used.
``_reachable`` tests one such end for a remaining cost; comparing the ends reachable after
each source decides which sources are real choices.

Spending booty returns the token to the face-down stack at once and its value becomes a
pool (``s.pay_pool``) that pays later units; what is left of it is lost when the payment
ends [Booty: "any excess is lost when spent"], except during Card Purchases, where it
stays for the crew's later purchases of the same step [ruling: Booty across purchases]
(island.py clears it when the crew's purchases are over).

``begin(s, c, cost, nxt)`` starts a payment; when every unit is paid the pending decision
becomes ``nxt`` (PK_NONE: the caller's machine continues). Ghost ships make no choices and
pay with ghost.pay_exact [ruling: Ghost payments].
"""

import numpy as np
from numba import njit

from envs.core.bounds import fault
from envs.havoc.cards import WRECK_VALUE
from envs.havoc.common import booty_secret, booty_value, return_wreck_token
from envs.havoc.state import A_BOOTY, A_OPTION, ANY, NUM_RES, PH_PURCHASE, PK_NONE, PK_PAY

#: units in one payment: a cost is at most 4 resources, an upgrade's at most 6
MAX_UNITS = 16


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
def _reachable(x, f, a, r, w):
    """Can a remaining cost (fixed parts f, a "any" units) end with resources x spent, from
    resources r and booty value w? Booty pays the rest, and must cover every fixed unit not
    paid by its own resource (the any units take whatever else is spent)."""
    b = f[0] + f[1] + f[2] + a - x[0] - x[1] - x[2]
    if b < 0 or b > w:
        return False
    short = 0
    for k in range(NUM_RES):
        if x[k] > r[k]:
            return False
        if f[k] > x[k]:
            short += f[k] - x[k]
    return short <= b


@njit(cache=True)
def _after(s, c, part, source, f, r):
    """Remaining cost (f[0..2] fixed, f[3] any), resources and booty value once this unit
    of `part` is paid from `source` (a resource, or NUM_RES for booty); w < 0 if impossible.
    Fills f and r; returns w."""
    for k in range(4):
        f[k] = s.pay_cost[k]
    for k in range(NUM_RES):
        r[k] = s.res[c, k]
    w = wild(s, c)
    f[part] -= 1
    if source == NUM_RES:
        w -= 1
    else:
        r[source] -= 1
        if r[source] < 0:
            return -1
    return w


@njit(cache=True)
def _same_ends(s, c, part, s1, s2):
    """Sources s1 and s2 for this unit lead to the same set of possible final spends."""
    f1 = np.zeros(4, dtype=np.int64)
    r1 = np.zeros(3, dtype=np.int64)
    f2 = np.zeros(4, dtype=np.int64)
    r2 = np.zeros(3, dtype=np.int64)
    w1 = _after(s, c, part, s1, f1, r1)
    w2 = _after(s, c, part, s2, f2, r2)
    x = np.zeros(3, dtype=np.int64)
    y = np.zeros(3, dtype=np.int64)
    top = 1 + s.pay_cost[0] + s.pay_cost[1] + s.pay_cost[2] + s.pay_cost[3]
    for x0 in range(top):
        for x1 in range(top - x0):
            for x2 in range(top - x0 - x1):
                # x: the whole spend from now on, this unit included
                x[0], x[1], x[2] = x0, x1, x2
                y[0], y[1], y[2] = x0, x1, x2
                ok1 = False
                if s1 < NUM_RES:
                    y[s1] -= 1
                if w1 >= 0 and y[0] >= 0 and y[1] >= 0 and y[2] >= 0:
                    ok1 = _reachable(y, f1, f1[3], r1, w1)
                y[0], y[1], y[2] = x0, x1, x2
                ok2 = False
                if s2 < NUM_RES:
                    y[s2] -= 1
                if w2 >= 0 and y[0] >= 0 and y[1] >= 0 and y[2] >= 0:
                    ok2 = _reachable(y, f2, f2[3], r2, w2)
                if ok1 != ok2:
                    return False
    return True


@njit(cache=True)
def _possible(s, c, part, source):
    """The rest of the cost can still be paid after paying this unit from `source`."""
    f = np.zeros(4, dtype=np.int64)
    r = np.zeros(3, dtype=np.int64)
    w = _after(s, c, part, source, f, r)
    if w < 0:
        return False
    short = 0
    spare = 0
    for k in range(NUM_RES):
        if r[k] >= f[k]:
            spare += r[k] - f[k]
        else:
            short += f[k] - r[k]
    if f[3] > spare:
        short += f[3] - spare
    return short <= w


@njit(cache=True)
def _sources(s, c, out):
    """out[k] = 1 for each source of the next unit worth offering (resources 0-2, booty 3):
    possible, and not leading to the same ends as an earlier one. Returns how many."""
    part = _unit(s)
    n = 0
    for k in range(NUM_RES + 1):
        out[k] = 0
    if part < 0:
        return 0
    for k in range(NUM_RES + 1):
        if k < NUM_RES and part != ANY and part != k:
            continue
        if not _possible(s, c, part, k):
            continue
        fresh = True
        for j in range(k):
            if out[j] and _same_ends(s, c, part, j, k):
                fresh = False
                break
        if fresh:
            out[k] = 1
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
        s.pay_spent = 1
    s.pay_pool -= 1


@njit(cache=True)
def _settle(s, c):
    """Pay every unit with a single source worth offering; ask PK_PAY at the first real
    choice; when all is paid, go on to pay_next."""
    out = np.zeros(NUM_RES + 1, dtype=np.int64)
    for _ in range(MAX_UNITS):
        n = _sources(s, c, out)
        if _unit(s) < 0:
            if s.phase != PH_PURCHASE:
                s.pay_pool = 0
                s.pay_spent = 0
            s.pending = s.pay_next
            s.pay_next = PK_NONE
            return
        if n >= 2 or (n == 1 and booty_secret(s, c)):
            # with hidden booty value in play every unit is asked: which units have one
            # real source depends on that value [ruling: Booty decisions are asked in the open]
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
def can_go_on(s, c):
    """Crew c, in the middle of a payment, can still pay its next unit from some source
    (with its resources and booty value as they stand)."""
    out = np.zeros(NUM_RES + 1, dtype=np.int64)
    return _sources(s, c, out) > 0


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
