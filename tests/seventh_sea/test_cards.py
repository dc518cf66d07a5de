"""The card pool as data: every effect opcode and bonus flag read by the kernels, each
checked on a position (rulesheet: Action, Attachment, Chantey; envs/seventh_sea/cards.toml
header), and the card file's validation (CardDataError naming the card and field)."""

import pytest

from envs.core.errors import CardDataError
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, NDEFS, load_pool
from envs.seventh_sea.common import crew_max, hand_max, swordsman
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target

CASTILLE = ["Powder Priest", "Marines of the Crown"]


def _pos(hand0=(), hand1=(), tacked0=(), first=0, crew1=("Rogue Cutthroats", "Skull Gunners"), **kw):
    return load("cannon_attack", first=first, player=[
        {"sea": "La Boca", "crew": CASTILLE, "hand": list(hand0), "tacked": list(tacked0)},
        {"sea": "La Boca", "crew": list(crew1), "hand": list(hand1)}], **kw)


def test_pool_size_and_types():
    """At least 150 cards; every card type of the Glossary (Card Types) is in the pool."""
    assert NDEFS >= 150
    assert set(int(t) for t in CARD[:, S.C_TYPE]) == set(range(7))


def test_op_draw():
    """Fresh Orders (draw 2, cost 1 Influence): the hand grows by two, the card is discarded."""
    arr = _pos(hand0=["Fresh Orders"])
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Powder Priest"))
    assert arr["hand_n"][0][0] == 2 and pile(arr, "discard", 0)[-1] == card("Fresh Orders")


def test_op_untack_captain():
    """Rally the Captain (cost 2 Influence): untacks your Captain."""
    arr = _pos(hand0=["Rally the Captain"], tacked0=["Capitana Rosa Delgado"])
    act(arr, S.A_HAND + 0, S.A_CREW + 1, S.A_CREW + 2)
    assert arr["tacked"][0][0][0] == 0


def test_op_boarding_is_not_an_attempt():
    """Grappling Hooks (Move Cost in Sailing; cancel 3 Sailing): a Boarding made by a card is
    not 'attempting a Boarding' (Actions and Reacts): only the card's cancel cost applies."""
    arr = _pos(hand0=["Grappling Hooks"])
    act(arr, S.A_HAND + 0, target(arr, 0, 1))
    assert arr["pay_left"][0] == 3 and arr["pay_skill"][0] == S.SAILING
    act(arr, S.A_CREW + 0, S.A_CREW + slot(arr, 0, "Marines of the Crown"))
    assert arr["pk"][0] == S.PK_CANCEL and arr["pay_left"][0] == 0
    act(arr, S.A_STOP)
    assert arr["phase"][0] == S.PH_BOARD and arr["b_att"][0] == 0 and arr["b_def"][0] == 1


def test_op_move():
    """Full Sail (2 Sailing): move to an adjacent Sea of your choice."""
    arr = _pos(hand0=["Full Sail"])
    act(arr, S.A_HAND + 0, S.A_CREW + 0)
    assert {a - S.A_SEA for a in legal(arr)} == {1, 3}
    act(arr, S.A_SEA + 3)
    assert arr["sea"][0][0] == 3 and pile(arr, "discard", 0)[-1] == card("Full Sail")


def test_op_discard_random():
    """Stolen Orders (cancel 2 Influence): the target discards one card at random."""
    arr = _pos(hand0=["Stolen Orders"], hand1=["Pistol Shot", "Fresh Orders"],
               crew1=("Skull Gunners",))
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_CREW + 0)
    if arr["pk"][0] == S.PK_CANCEL:
        act(arr, S.A_STOP)
    assert arr["hand_n"][0][1] == 1 and len(pile(arr, "discard", 1)) == 1


def test_chantey_hand_max_and_attachment_hand_bonus():
    """Song of Plenty (+1 hand maximum for all) and Letter of Marque (+1 for its owner)."""
    arr = _pos(hand0=["Song of Plenty", "Letter of Marque"])
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Powder Priest"))
    assert hand_max(arr[0], 0) == 8 and hand_max(arr[0], 1) == 8
    act(arr, S.A_PASS, S.A_HAND + 0, S.A_CREW + 0)      # Letter of Marque on the Captain
    act(arr, S.A_CREW + 0)                               # paid with her Influence
    assert hand_max(arr[0], 0) == 9 and hand_max(arr[0], 1) == 8


def test_chantey_cannon():
    """Gunner's Hymn: every cannon attack does one more hit (Skull Gunners 3 -> 4)."""
    arr = _pos(hand1=["Gunner's Hymn", "Ship's Surgeon"], first=1,
               crew1=("Skull Gunners", "Ship's Surgeon"))
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 1, "Ship's Surgeon"))
    if arr["pk"][0] == S.PK_CANCEL:
        act(arr, S.A_STOP)
    act(arr, S.A_PASS, S.A_CANNON, target(arr, 1, 0), S.A_CREW + slot(arr, 1, "Skull Gunners"))
    no_reacts(arr)
    assert arr["hits"][0] == 4 and arr["cur"][0] == 0


def test_ship_crew_max_and_swordsman_bonus_attachments():
    """Reinforced Hull: Crew Maximum +1; Dueling Gloves: Swordsman +1 (Swordsman Knack)."""
    arr = _pos(hand1=["Reinforced Hull"], first=1, crew1=("Skull Gunners", "Ship's Surgeon"))
    before = crew_max(arr[0], 1)
    act(arr, S.A_HAND + 0, S.A_SHIP, S.A_CREW + 0, S.A_CREW + slot(arr, 1, "Ship's Surgeon"))
    assert crew_max(arr[0], 1) == before + 1
    arr = load("duel", player=[{"sea": "The Mirror", "crew": ["Hild Axe-Arm"], "hand": ["Dueling Gloves"]},
                               {"sea": "The Mirror", "crew": ["Charming Rogue"]}])
    h = slot(arr, 0, "Hild Axe-Arm")
    assert swordsman(arr[0], 0, h) == 1
    act(arr, S.A_HAND + 0, S.A_CREW + h, S.A_CREW + 0)
    assert swordsman(arr[0], 0, h) == 2


def _broken(tmp_path, line):
    src = open(load_pool.__globals__["DEFAULT_PATH"]).read()
    i = src.rstrip().rindex("]")
    p = tmp_path / "cards.toml"
    p.write_text(src[:i] + line + "\n]\n")
    return p


@pytest.mark.parametrize("line, field", [
    ('{name = "X", type = "crew", box = "Slash", defence = ["Slash", "Kick"]},', "defence"),
    ('{name = "X", type = "crew", trait = ["loyal"], box = "Slash", defence = ["Parry", "Kick"]},', "trait"),
    ('{name = "X", type = "crew", traits = ["brave"], box = "Slash", defence = ["Parry", "Kick"]},', "traits"),
    ('{name = "X", type = "action", box = "Slash", defence = ["Parry", "Kick"]},', "op"),
    ('{name = "X", type = "action", op = "hits", react = "absorb", arg = 1, box = "Slash", '
     'defence = ["Parry", "Kick"]},', "react"),
    ('{name = "X", type = "ship", move = 0, crew_max = 5, box = "Slash", defence = ["Parry", "Kick"]},', "move"),
    ('{name = "Deckhands", type = "crew", box = "Slash", defence = ["Parry", "Kick"]},', "name"),
])
def test_card_file_errors_name_the_card_and_field(tmp_path, line, field):
    with pytest.raises(CardDataError, match=field):
        load_pool(_broken(tmp_path, line))


def test_op_recruit_brings_a_crew_into_play_without_cost():
    """1. Hire Crew: a card that 'brings a Crew into play' hires it without cost (Bosun Grell
    comes aboard, no Influence paid); a Crew you could not normally hire (a second Unique
    Don Alvaro) is immediately discarded."""
    arr = load("cannon_attack", player=[
        {"crew": ["Don Alvaro"], "hand": ["Press Gang", "Bosun Grell", "Don Alvaro"]},
        {"crew": ["Skull Gunners"]}])
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Don Alvaro"))   # 3 Swashbuckling
    assert arr["pk"][0] == S.PK_PICK and legal(arr) == {S.A_HAND + 0, S.A_HAND + 1}
    act(arr, S.A_HAND + 0)
    j = slot(arr, 0, "Bosun Grell")
    assert arr["tacked"][0][0][j] == 0 and arr["paid"][0][0][S.INFLUENCE] == 0
    assert pile(arr, "discard", 0)[-1] == card("Press Gang")
    arr = load("cannon_attack", player=[
        {"crew": ["Don Alvaro"], "hand": ["Press Gang", "Don Alvaro"]},
        {"crew": ["Skull Gunners"]}])
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Don Alvaro"), S.A_HAND + 0)
    assert pile(arr, "discard", 0)[-2:] == [card("Don Alvaro"), card("Press Gang")]
    assert arr["crew_n"][0][0] == 2
