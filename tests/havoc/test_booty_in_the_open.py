"""Seas of Havoc: whether a crew is asked never shows what its booty is worth.

Rulebook, Booty: only the owner "may secretly check" a booty token's value, and it "can be
spent for its resource value whenever you would spend resources". Every seat sees whom the
game asks, so the decisions booty may pay for (fire [Cannon Fire], the Workshop [Island
Actions: Workshop], a claimed card [Card Purchases], a payment's units [Symbology: Any
Resource]) are asked alike whatever the token is worth; only the options differ, and those
only the owner sees [ruling: Booty decisions are asked in the open]. Booty values 1-3:
token values (cards.WRECK_VALUE) these positions leave free (their one 4 lies on the grid).
"""

import pytest

from envs.havoc import cards as C
from envs.havoc import state as S
from tests.havoc.scenario_files import act, legal, load
from tests.havoc.test_cannon import duel
from tests.havoc.test_sea_turns import get, hand

OPT, STOP, BOOTY = S.A_OPTION, S.A_STOP, S.A_BOOTY
VALUES = (1, 2, 3)


def public(arr):
    """What every seat sees of the pending question: who is asked, and what about."""
    return int(arr["cur"][0]), int(arr["pending"][0])


def cannon_balls(name):
    d = C.card_id(name)
    return [int(C.CARD_CANNON[d, k, 1]) for k in range(C.CARD_CANNON_N[d])]


@pytest.mark.parametrize("auto_forced", [False, True])
def test_fire_is_asked_whatever_the_booty_is_worth(auto_forced):
    """Thunder of Guns (2 or 3 cannonballs) with no cannonballs and booty: the crew is asked
    to fire whatever its booty is worth, with the options that value pays and holding fire
    (so with a 1-value token only holding fire, which auto_forced must not take either)."""
    seen = set()
    for v in VALUES:
        arr = duel("Thunder of Guns", res=(0, 0, 0), crew0={"booty": v}, auto_forced=auto_forced)
        if hand("Thunder of Guns") in legal(arr):      # auto_forced plays a one-card hand
            act(arr, hand("Thunder of Guns"))
        act(arr, min(legal(arr)))                      # the maneuver
        seen.add(public(arr))
        assert public(arr) == (0, S.PK_FIRE)
        paid = {OPT + k for k, balls in enumerate(cannon_balls("Thunder of Guns")) if balls <= v}
        assert legal(arr) == paid | {STOP}
    assert len(seen) == 1


def test_no_fire_question_without_booty_or_cannonballs():
    """With nothing that could pay, nothing is hidden: no question (ruling: Fire decisions)."""
    arr = duel("Thunder of Guns", res=(0, 0, 0))
    act(arr, hand("Thunder of Guns"))
    act(arr, min(legal(arr)))
    assert public(arr) != (0, S.PK_FIRE)


def workshop(booty):
    """player_0's Galleon at the Workshop with no resources and booty of value `booty`."""
    arr = load("scrap_any_deep_cove", ship_classes=["Galleon", "Xebec"],
               crews=[{"skiffs": 1, "res": [0, 0, 0], "booty": booty, "hand": {},
                       "discard": {}}, {"skiffs": 0}])
    act(arr, S.A_SLOT + S.SLOT_WORKSHOP)
    return arr


def test_workshop_is_asked_whatever_the_booty_is_worth():
    """Workshop: "Pay the resource cost of one of your inactive ship upgrades" - with no
    resources and booty the crew is asked alike for every value, offered the upgrades that
    value pays (their whole cost) and declining."""
    galleon = C.ship_id("Galleon")
    seen = set()
    for v in VALUES:
        arr = workshop(v)
        seen.add(public(arr))
        assert public(arr)[1] == S.PK_WORKSHOP
        paid = {OPT + k for k in range(2)
                if int(C.UPGRADE_COST[C.SHIP_UPGRADES[galleon, k]].sum()) <= v}
        assert legal(arr) == paid | {STOP}
    assert len(seen) == 1


def purchase(booty, card):
    arr = load("pay_any_purchase", market=[card, "Tradewind Reach", "Wear Ship",
                                           "Stormrider", "Sprit Run"],
               crews=[{"skiffs": 1, "res": [0, 0, 0], "booty": booty}, {"skiffs": 0}])
    act(arr, S.A_MARKET + 0)                           # claim it: the purchases begin
    return arr


def test_a_claimed_card_is_offered_whatever_the_booty_is_worth():
    """Card Purchases: a claimed card the crew may pay for with its booty is offered alike
    for every value; buying is legal only when the value covers the cost (Three Knots: 2
    sails), leaving it in the Market always is."""
    cost = int(C.CARD_COST[C.card_id("Three Knots")].sum())
    seen = set()
    for v in VALUES:
        arr = purchase(v, "Three Knots")
        seen.add(public(arr))
        assert public(arr)[1] == S.PK_PURCHASE
        assert legal(arr) == ({OPT} if cost <= v else set()) | {STOP}
    assert len(seen) == 1


def test_every_unit_of_a_payment_is_asked_while_booty_is_in_play():
    """Paying Three Knots (2 sails) with booty alone: each sail is a question, whatever the
    token is worth; a 2-value token pays both (the token, then what is left of it)."""
    for v in [x for x in VALUES if x >= 2]:
        arr = purchase(v, "Three Knots")
        act(arr, OPT)
        asked = 0
        while arr["pending"][0] == S.PK_PAY:
            assert legal(arr) == {BOOTY}
            act(arr, BOOTY)
            asked += 1
        assert asked == 2 and arr["hand"][0][0, C.card_id("Three Knots")] == 1
        assert int(get(arr, "booty")[0]) == 0
