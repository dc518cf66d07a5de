"""Ship's Move Cost on a cost flag, with an extra amount (rulesheet: Paying Costs, Ship's Move
Cost: 'Some actions cost your Ship's Move Cost plus extra Sailing, so an action requiring Move
Cost +2 would cost you a total of five Sailing').

Boarding Party (cards.toml: cost 1 on the wheel, a Boarding) costs Move Cost + 1 in Sailing.
player_0 plays Vesten: Jarl Sigrun (Sailing 3) on a Ship of Move Cost 2, with Raiders of the
North (Sailing 2); player_1 shares The Mirror, so both Boarding Party and a plain Boarding
attempt (10. Attempt a Boarding: the Move Cost alone) can be made.
"""

from envs.seventh_sea import state as S
from envs.seventh_sea.common import move_cost
from tests.seventh_sea.scenario_files import act, legal, load, slot, target


def _pos(tacked=()):
    return load("duel", player=[
        {"sea": "The Mirror", "crew": ["Raiders of the North"], "hand": ["Boarding Party"],
         "tacked": list(tacked)},
        {"sea": "The Mirror", "crew": ["Charming Rogue"]}])


def test_move_cost_plus_one_costs_one_sailing_more_than_the_move_cost():
    """Ship's Move Cost: Boarding Party asks for Move Cost 2 + 1 = 3 Sailing; after Raiders
    of the North's 2 one Sailing is still owed, and only Jarl Sigrun's tack completes it."""
    arr = _pos()
    assert move_cost(arr[0], 0) == 2
    act(arr, S.A_HAND + 0, target(arr, 0, 1))             # Boarding Party at player_1
    assert arr["pk"][0] == S.PK_PAY and arr["pay_skill"][0] == S.SAILING
    assert arr["pay_left"][0] == 2 + 1
    act(arr, S.A_CREW + slot(arr, 0, "Raiders of the North"))
    assert arr["pk"][0] == S.PK_PAY and arr["pay_left"][0] == 1
    act(arr, S.A_CREW + slot(arr, 0, "Jarl Sigrun"))
    assert arr["pk"][0] != S.PK_PAY and arr["pay_left"][0] == 0


def test_move_cost_plus_one_cannot_be_paid_with_the_move_cost_alone():
    """Ship's Move Cost; Paying Costs: with Jarl Sigrun tacked only Raiders of the North's 2
    Sailing is left, exactly the Move Cost: a Boarding attempt (the Move Cost) can be paid,
    Boarding Party (Move Cost + 1) cannot be played."""
    arr = _pos(tacked=["Jarl Sigrun"])
    assert S.A_BOARD in legal(arr)
    assert S.A_HAND + 0 not in legal(arr)
