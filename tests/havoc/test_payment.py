"""Seas of Havoc payments: every way of paying a cost is the payer's choice (envs/havoc/payment.py).

Rulebook: Symbology ("Any Resource"), Booty ("Booty in your hold can be spent for its
resource value whenever you would spend resources. Booty does not need to be spent for its
entire value, though any excess is lost when spent. The resource value of booty can be split
across multiple simultaneous transactions"), Island Actions: Workshop, Card Anatomy: Extended
Maneuver, Cannon Fire. Readings: docs/rulings.md "Paying costs".
"""

import numpy as np

from envs.havoc import cards as C
from envs.havoc import state as S
from envs.havoc.labels import action_label
from envs.havoc.validate import check_states
from tests.havoc.scenario_files import act, legal, load

OPT, STOP, BOOTY = S.A_OPTION, S.A_STOP, S.A_BOOTY


def card(name):
    return S.A_HAND + C.card_id(name)


def workshop(res, booty=0):
    """player_0's Galleon at the Workshop (Treasure Hold: 2 coins + 1 any)."""
    arr = load("scrap_any_deep_cove", ship_classes=["Galleon", "Xebec"],
               crews=[{"skiffs": 1, "res": res, "booty": booty, "hand": {}, "discard": {}},
                      {"skiffs": 0}])
    act(arr, S.A_SLOT + S.SLOT_WORKSHOP)
    return arr


def test_upgrade_any_cost_is_paid_with_the_resource_chosen():
    """Workshop: "Pay the resource cost of one of your inactive ship upgrades" - Treasure
    Hold's "any" is paid with whichever resource the player names."""
    arr = workshop([1, 1, 3])
    act(arr, OPT + 1)                                     # Treasure Hold
    assert arr["upgrade_on"][0][0].tolist() == [0, 1]
    assert arr["pending"][0] == S.PK_PAY and arr["pay_cost"][0].tolist() == [0, 0, 0, 1]
    assert legal(arr) == {OPT + S.SAIL, OPT + S.CANNON, OPT + S.COIN}
    act(arr, OPT + S.CANNON)
    assert arr["res"][0][0].tolist() == [1, 0, 1]


def test_a_unit_with_one_possible_source_is_paid_without_a_question():
    """Paying costs (ruling): a decision only when there is a choice - Treasure Hold with
    exactly 3 coins and nothing else is paid at once."""
    arr = workshop([0, 0, 3])
    act(arr, OPT + 1)
    assert arr["res"][0][0].tolist() == [0, 0, 0] and arr["pending"][0] != S.PK_PAY
    assert arr["upgrade_on"][0][0].tolist() == [0, 1]


def test_only_sources_that_leave_the_rest_payable_are_offered():
    """Booty covers Treasure Hold's third unit only if the coins pay the coins: with 2 coins
    and a 1-value booty the booty may not go on a coin unit. With booty in the hold every
    unit is asked, each with its one source [ruling: Booty decisions are asked in the open]."""
    arr = workshop([0, 0, 2], booty=1)
    act(arr, OPT + 1)
    for source in (OPT + S.COIN, OPT + S.COIN, BOOTY):
        assert arr["pending"][0] == S.PK_PAY and legal(arr) == {source}
        act(arr, source)
    assert arr["res"][0][0].tolist() == [0, 0, 0] and arr["booty"][0][0] == 0
    assert arr["pending"][0] != S.PK_PAY


def test_booty_may_pay_a_coin_unit_and_keep_a_coin():
    """Booty "whenever you would spend resources": with 3 coins and a 2-value booty the
    player may let the booty pay the first coin (then what is left of it pays on)."""
    arr = workshop([0, 0, 3], booty=2)
    act(arr, OPT + 1)
    assert arr["pending"][0] == S.PK_PAY and legal(arr) == {OPT + S.COIN, BOOTY}
    act(arr, BOOTY)                                       # token spent, 1 of its value left
    assert arr["pay_pool"][0] == 1 and legal(arr) == {OPT + S.COIN, BOOTY}
    act(arr, BOOTY)                                       # the "any" unit: a coin, no choice,
    assert arr["pay_pool"][0] == 0 and legal(arr) == {OPT + S.COIN}   # asked all the same
    act(arr, OPT + S.COIN)
    assert arr["res"][0][0].tolist() == [0, 0, 2] and arr["pending"][0] != S.PK_PAY


def test_extended_maneuver_with_chase_rigging_is_paid_with_any_resource_chosen():
    """Chase Rigging (extend_any) [ruling: Extended maneuver cost]: the extension costs one
    resource of any kind, the player's choice."""
    arr = load("quiet_sea_phase", ship_classes=["Sloop-of-War", "Xebec"],
               crews=[{"hand": {"Catch the Breeze": 1}, "res": [1, 0, 2], "upgrades": [1, 0],
                       "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}])
    act(arr, card("Catch the Breeze"), OPT + 0, OPT + 0)
    assert arr["pending"][0] == S.PK_PAY and legal(arr) == {OPT + S.SAIL, OPT + S.COIN}
    act(arr, OPT + S.COIN)
    assert arr["res"][0][0].tolist() == [1, 0, 1]
    i = arr["crew_ships"][0][0, 0]
    assert (arr["ship_r"][0][i], arr["ship_c"][0][i]) == (1, 1)


def test_purchase_payable_one_way_only_asks_nothing():
    """Sprit Run (1 sail + 1 coin) with 1 sail and 1 coin: each unit has its resource as the
    only source, so no question [ruling: Paying costs]."""
    arr = load("pay_any_purchase", market=["Sprit Run", "Tradewind Reach", "Wear Ship",
                                           "Three Knots", "Stormrider"],
               crews=[{"skiffs": 1, "res": [1, 0, 1]}, {"skiffs": 0}])
    act(arr, S.A_MARKET + 0, OPT + 0)
    assert arr["phase"][0] == S.PH_SEA
    assert arr["res"][0][0].tolist() == [0, 0, 0]
    assert arr["hand"][0][0, C.card_id("Sprit Run")] == 1


def test_purchase_payable_one_way_with_booty_asks_each_unit():
    """Sprit Run (1 sail + 1 coin) with a sail and a 1-value booty: the sail pays the sail
    and the booty the coin - the only way, yet each unit is asked, since with another value
    of the booty there would be a choice [ruling: Booty decisions are asked in the open]."""
    arr = load("pay_any_purchase", market=["Sprit Run", "Tradewind Reach", "Wear Ship",
                                           "Three Knots", "Stormrider"],
               crews=[{"skiffs": 1, "res": [1, 0, 0], "booty": 1}, {"skiffs": 0}])
    act(arr, S.A_MARKET + 0, OPT + 0)
    for source in (OPT + S.SAIL, BOOTY):
        assert arr["pending"][0] == S.PK_PAY and legal(arr) == {source}
        act(arr, source)
    assert arr["phase"][0] == S.PH_SEA
    assert arr["res"][0][0].tolist() == [0, 0, 0] and arr["booty"][0][0] == 0
    assert arr["hand"][0][0, C.card_id("Sprit Run")] == 1


def test_pay_labels_name_the_unit_and_the_source():
    arr = workshop([0, 0, 3], booty=2)
    act(arr, OPT + 1)
    rec = arr[0]
    assert action_label(rec, OPT + S.COIN) == "pay the coin with 1 coin"
    assert action_label(rec, BOOTY) == "pay the coin with booty (spend the token)"


def test_check_states_refuses_a_payment_out_of_place():
    """The validator: units to pay with no payment pending, or booty value kept outside a
    payment, is no position the rules reach."""
    arr = workshop([1, 1, 3])
    act(arr, OPT + 1)
    assert check_states(arr) == [[]]
    bad = arr.copy()
    bad["pending"] = S.PK_SKIFF
    assert any("pay_cost" in p for p in check_states(bad)[0])
    ok = load("quiet_sea_phase")
    bad = ok.copy()
    bad["pay_pool"] = 2
    assert any("pay_pool" in p for p in check_states(bad)[0])
    assert np.array_equal(check_states(ok), [[]])


def test_check_states_refuses_a_spent_booty_out_of_place():
    """The validator: a booty spent (pay_spent) is remembered only during a payment or the
    paying crew's purchases, a booty value left (pay_pool) only once one was spent, and the
    flag is 0 or 1 [Booty: excess is lost; ruling: Booty decisions are asked in the open]."""
    ok = load("quiet_sea_phase")
    assert check_states(ok) == [[]]
    for field, value in (("pay_spent", 1), ("pay_spent", 2)):
        bad = ok.copy()
        bad[field] = value
        assert any("pay_spent" in p for p in check_states(bad)[0]), (field, value)
    arr = workshop([0, 0, 3], booty=2)
    act(arr, OPT + 1, BOOTY)                  # token spent, 1 of its value left
    assert arr["pay_spent"][0] == 1 and check_states(arr) == [[]]
    bad = arr.copy()
    bad["pay_spent"] = 0
    assert any("pay_pool" in p for p in check_states(bad)[0])
