"""Attachments played on an opponent's card (The Golden Rule: the card's text over the
rulebook's "You may only play Attachments on cards you control", which both texts print;
original rulebook, Attachment: "If you can play the Attachment on an opponent's card, then it
may have a Cancel Flag so the target's controller may pay to have the card discarded instead
of attached to his card") [ruling: Hostile attachments]."""

import pytest

from envs.seventh_sea import state as S
from envs.seventh_sea.common import move_cost
from envs.seventh_sea.env import GAME
from tests.seventh_sea.scenario_files import act, card, legal, load, pile, target


def _declare(arr):
    act(arr, S.A_HAND + 0, target(arr, 0, 1))
    assert arr["pk"][0] == S.PK_HOST and legal(arr) == {S.A_SHIP}
    act(arr, S.A_SHIP, S.A_CREW + 0)                     # Rosa pays 2 Sailing
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1


@pytest.mark.parametrize("edition", ["original", "revised"])
def test_attachment_on_an_opponents_ship_stays_its_players_card(edition):
    """Attachment, The Golden Rule (both editions) [ruling: Hostile attachments]: Fouled Hull
    goes on player_1's Ship (in another Sea) and raises its Move Cost by 1; it is still
    player_0's card."""
    arr = load("hostile_attachment", edition=edition)
    _declare(arr)
    act(arr, S.A_STOP)
    assert arr["att_n"][0][1] == 1 and arr["att"][0][1][0] == card("Fouled Hull")
    assert arr["att_host"][0][1][0] == S.HOST_SHIP and arr["att_owner"][0][1][0] == 0
    assert move_cost(arr[0], 1) == 3 and GAME.check_state(arr) == []


@pytest.mark.parametrize("edition", ["original", "revised"])
def test_target_may_pay_the_cancel_flag_and_the_attachment_is_discarded(edition):
    """Attachment / Canceling (original; revised Canceling: "If ... the bringing of a card
    into play is canceled, the card is discarded"): player_1 pays 2 Sailing; Fouled Hull goes
    to player_0's discard pile instead of attaching."""
    arr = load("hostile_attachment", edition=edition)
    _declare(arr)
    act(arr, S.A_PAYC, S.A_CREW + 1, S.A_CREW + 2)
    assert arr["att_n"][0][1] == 0 and move_cost(arr[0], 1) == 2
    assert pile(arr, "discard", 0)[-1] == card("Fouled Hull")


def test_an_ordinary_attachment_only_on_your_own_cards():
    """Attachment (both texts): "You may only play Attachments on cards you control": a card
    whose text does not say otherwise (Figurehead of Theus, a Ship attachment) is never offered
    on an opponent's Ship, even one in its Sea: no target is asked, only its own Ship."""
    arr = load("hostile_attachment", edition="revised",
               player=[{"sea": "La Boca", "crew": ["Cartographer"], "hand": ["Figurehead of Theus"]},
                       {"sea": "La Boca", "crew": ["Rogue Cutthroats", "Skull Gunners"]}])
    act(arr, S.A_HAND + 0)
    assert arr["pk"][0] == S.PK_HOST and arr["act_target"][0] == -1
    assert legal(arr) == {S.A_SHIP}
