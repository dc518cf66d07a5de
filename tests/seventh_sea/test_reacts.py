"""Reacts (rulesheet: Actions and Reacts, 9. Perform a Cannon Attack "you may also play
Cannon Reacts", Suffering Hits 3 "Reacts that absorb or reduce Hits"; original rulebook,
Actions and Reacts: "React cards will tell you when you are allowed to play them", so by The
Golden Rule its cannon attack takes the same Cannon Reacts [ruling: React windows])."""

import pytest

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target


def _fire(arr):
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))


def test_reacts_are_not_actions():
    """Actions and Reacts: a React is played only at its time, never as an action."""
    arr = load("reacts")
    assert S.A_HAND + 0 not in legal(arr)         # Extra Powder
    assert S.A_HAND + 1 in legal(arr)             # Fresh Orders is an action


@pytest.mark.parametrize("edition", ["revised", "original"])
def test_cannon_react_adds_cannon_to_the_attack(edition):
    """9. Perform a Cannon Attack (revised; original by The Golden Rule): Cannon Reacts
    increase the Cannon produced: Powder Priest 3 + Extra Powder 2 = 5 hits; the card is
    discarded."""
    arr = load("reacts", edition=edition)
    _fire(arr)
    assert arr["pk"][0] == S.PK_REACT and legal(arr) == {S.A_HAND + 0, S.A_STOP}
    act(arr, S.A_HAND + 0)
    assert arr["pk"][0] == S.PK_PAY and arr["pay_skill"][0] == S.INFLUENCE
    act(arr, S.A_CREW + 0)                        # Rosa pays 1 Influence
    no_reacts(arr)                                # asked again: neither plays another
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 5 and arr["cur"][0] == 1
    assert pile(arr, "discard", 0)[-1] == card("Extra Powder")


@pytest.mark.parametrize("edition", ["revised", "original"])
def test_react_window_opens_only_with_a_legal_react(edition):
    """Actions and Reacts [ruling: React windows]: no Cannon React in hand - no window."""
    arr = load("reacts", edition=edition,
               player=[{"sea": "La Boca", "crew": ["Powder Priest"]},
                       {"sea": "La Boca", "crew": ["Skull Gunners"]}])
    _fire(arr)
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 3


def test_absorbing_react_reduces_the_hits():
    """Suffering Hits 3: Reacts that absorb hits: Brace for Impact absorbs 2 of 3, paid with
    1 Sailing; the last hit is absorbed normally."""
    arr = load("reacts")
    _fire(arr)
    no_reacts(arr)                                # no Cannon / evading React played
    assert S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0)
    assert arr["pk"][0] == S.PK_PAY and arr["pay_skill"][0] == S.SAILING and arr["hits"][0] == 3
    act(arr, S.A_CREW + slot(arr, 1, "Skull Gunners"))
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 1 and arr["cur"][0] == 1
    assert pile(arr, "discard", 1)[-1] == card("Brace for Impact")


def test_unpaid_react_is_discarded_without_effect():
    """Paying Costs: a React whose cost is not paid is cancelled (and discarded)."""
    arr = load("reacts")
    _fire(arr)
    no_reacts(arr)
    act(arr, S.A_HAND + 0, S.A_STOP)
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 3
    assert pile(arr, "discard", 1)[-1] == card("Brace for Impact")


def _lost_fight(edition):
    """Don Alvaro (3 + Swordsman 1 = 4 hits) beats Rogue Cutthroats (Swashbuckling 3)."""
    arr = load("boarding_react", edition=edition)
    act(arr, S.A_BOARD, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Old Navigator"), S.A_STOP)
    act(arr, S.A_CREW + slot(arr, 0, "Don Alvaro"), S.A_HAND + 0)          # Chain Shot
    act(arr, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"), S.A_HAND + 0)    # Fresh Orders
    act(arr, S.A_HAND + 0, S.A_STOP)                                       # Pistol Shot wins
    return arr


def test_revised_reacts_absorb_before_the_losing_fighter():
    """Boarding (revised): a React absorbs 2 of the 4 hits first; the fighter then absorbs
    the other 2 by tacking (Swashbuckling 3) and survives."""
    arr = _lost_fight("revised")
    assert arr["pk"][0] == S.PK_ABSORB and arr["fighter_abs"][0] >= 0 and arr["hits"][0] == 4
    assert legal(arr) == {S.A_HAND + 0, S.A_STOP}
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 1, "Skull Gunners"))        # pay 1 Sailing
    assert arr["hits"][0] == 2 and arr["pk"][0] == S.PK_ABSORB
    act(arr, S.A_STOP)
    cut = slot(arr, 1, "Rogue Cutthroats")
    assert arr["crew"][0][1][cut] == card("Rogue Cutthroats") and arr["tacked"][0][1][cut] == 1
    assert arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 1


def test_original_no_reacts_until_the_losing_fighter_sinks():
    """Original Boarding: the losing fighter absorbs first (tack 3, then sink for 3): no React
    window opens for it."""
    arr = _lost_fight("original")
    assert card("Rogue Cutthroats") in pile(arr, "sunk", 1)
    assert arr["fighter_abs"][0] == -1


def test_react_producing_skill_points_pays_a_cost():
    """Paying Costs: 'You may also use card effects instead of, or in addition to, tacking
    Crew to produce skill points': Hidden Purse produces 2 Influence and pays Doldrums'
    cost; no crew tacks; the card is discarded."""
    arr = load("chantey", player=[{"crew": ["Fortune Teller"], "hand": ["Doldrums", "Hidden Purse"]},
                                  {"crew": ["Ship's Surgeon"]}])
    act(arr, S.A_HAND + 0)
    assert S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0)
    assert pile(arr, "discard", 0)[-1] == card("Hidden Purse")
    assert not arr["tacked"][0][0].any()
    assert arr["pk"][0] in (S.PK_CANCEL, S.PK_MAIN)


def _seat_view(arr, seat):
    import numpy as np

    from envs.seventh_sea.observe import OBS_SIZE, observe
    out = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], seat, out)
    return out


def test_cannon_react_window_does_not_reveal_the_targets_hand():
    """Actions and Reacts / Game Set-Up (hands are hidden) [ruling: React windows]: player_1
    holds one card, an evading React (Hard to Port) or not (Pistol Shot); either way it is
    asked after player_0 fires, so player_0 sees the same; holding no legal React its only
    answer is "no React", holding one it may play it."""
    views = []
    for held in ("Hard to Port", "Pistol Shot"):
        arr = load("reacts", player=[{"sea": "La Boca", "crew": ["Powder Priest"], "hand": ["Fresh Orders"]},
                                     {"sea": "La Boca", "crew": ["Skull Gunners"], "hand": [held]}])
        _fire(arr)
        # player_0 (first this turn, holding a card) is asked first, then player_1
        assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 0 and legal(arr) == {S.A_STOP}
        views.append(_seat_view(arr, 0))
        act(arr, S.A_STOP)
        assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 1
        assert legal(arr) == ({S.A_HAND + 0, S.A_STOP} if held == "Hard to Port" else {S.A_STOP})
        views.append(_seat_view(arr, 0))
        act(arr, S.A_STOP)                         # no React: the attack fires
        assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 3
    assert (views[0] == views[2]).all() and (views[1] == views[3]).all()


def test_boarding_react_window_does_not_reveal_the_losers_hand():
    """Boarding (revised: "you may still use Reacts to absorb") [ruling: React windows]: the
    losing fighter's player holds an absorbing React (Brace for Impact) or not (Pistol Shot);
    either way it is asked before its fighter absorbs, and player_0 sees the same."""
    views = []
    for held in ("Brace for Impact", "Pistol Shot"):
        arr = load("boarding_react", player=[
            {"sea": "Forbidden Sea", "crew": ["Don Alvaro", "Marines of the Crown", "Old Navigator"],
             "hand": ["Chain Shot", "Pistol Shot"]},
            {"sea": "Forbidden Sea", "crew": ["Rogue Cutthroats", "Skull Gunners"],
             "hand": ["Fresh Orders", held]}])
        act(arr, S.A_BOARD, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Old Navigator"), S.A_STOP)
        act(arr, S.A_CREW + slot(arr, 0, "Don Alvaro"), S.A_HAND + 0)          # Chain Shot
        act(arr, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"), S.A_HAND + 0)    # Fresh Orders
        act(arr, S.A_HAND + 0, S.A_STOP)                                       # Pistol Shot wins
        assert arr["pk"][0] == S.PK_ABSORB and arr["cur"][0] == 1 and arr["fighter_abs"][0] >= 0
        assert legal(arr) == ({S.A_HAND + 0, S.A_STOP} if held == "Brace for Impact" else {S.A_STOP})
        views.append(_seat_view(arr, 0))
        act(arr, S.A_STOP)                         # the fighter absorbs 4: tack 3, sink
        assert card("Rogue Cutthroats") in pile(arr, "sunk", 1)
    assert (views[0] == views[1]).all()


def test_paying_costs_counts_producing_reacts_in_hand():
    """Paying Costs ("You may also use card effects instead of, or in addition to, tacking
    Crew to produce skill points") [ruling: Offered only when payable]: 2 Influence from the
    Captain + Hidden Purse's 2 pay Gun Deck Veterans' 3: hiring is offered and succeeds."""
    arr = load("reacts", decks=["sea_dogs", "crimson_rogers"], player=[
        {"sea": "Trade Sea", "crew": ["Tarred Topmen"], "hand": ["Gun Deck Veterans", "Hidden Purse"]},
        {"sea": "La Boca", "crew": ["Skull Gunners"], "hand": []}])
    assert S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0, S.A_CREW + 0, S.A_HAND + 0)
    assert card("Gun Deck Veterans") in list(arr["crew"][0][0])
    assert pile(arr, "discard", 0)[-1] == card("Hidden Purse")
    # without the Purse the 2 Influence do not pay 3: not offered
    arr = load("reacts", decks=["sea_dogs", "crimson_rogers"], player=[
        {"sea": "Trade Sea", "crew": ["Tarred Topmen"], "hand": ["Gun Deck Veterans"]},
        {"sea": "La Boca", "crew": ["Skull Gunners"], "hand": []}])
    assert S.A_HAND + 0 not in legal(arr)
