"""The Actions phase (rulesheet: II. Actions 1-13, Paying Costs, Action Timing, Canceling,
Unique, Experienced Crew, Adventure, Attachment, Knacks, Chantey, 'Free Move'; original
rulebook: II. Actions 1-9)."""

import pytest

from envs.core.errors import CardDataError
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, load_pool, most_crew
from envs.seventh_sea.common import crew_max, move_cost
from envs.seventh_sea.config import starter
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target


def test_hire_crew_pays_influence_by_tacking_one_skill_each():
    """1. Hire Crew / Paying Costs: Bosun Grell costs 3 Influence; each tacked crew adds its
    Influence; paid, the crew comes aboard untacked."""
    arr = load("hire_and_pay")
    act(arr, S.A_HAND + 0)
    assert arr["pk"][0] == S.PK_PAY and arr["pay_skill"][0] == S.INFLUENCE and arr["pay_left"][0] == 3
    dock = slot(arr, 0, "Dock Rat")
    assert S.A_CREW + dock in legal(arr)
    act(arr, S.A_CREW + slot(arr, 0, "Ship's Surgeon"))      # 2
    assert arr["pay_left"][0] == 1
    act(arr, S.A_CREW + dock)                                # 1
    assert card("Bosun Grell") in list(arr["crew"][0][0])
    assert arr["crew_n"][0][0] == 5 and arr["paid"][0][0][S.INFLUENCE] == 3
    j = slot(arr, 0, "Bosun Grell")
    assert arr["tacked"][0][0][j] == 0
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_stop_paying_cancels_the_action_and_discards_the_card():
    """Paying Costs / Action Timing: a cost not paid cancels the action; the action is used
    and the card discarded (Canceling)."""
    arr = load("hire_and_pay")
    act(arr, S.A_HAND + 1, S.A_STOP)                         # Hired Blades
    assert pile(arr, "discard", 0)[-1] == card("Hired Blades")
    assert arr["cur"][0] == 1 and arr["pk"][0] == S.PK_MAIN


def test_unique_title_blocks_a_second_copy_and_experience_replaces_it():
    """Unique / Experienced Crew / 2. Experience a Crew (revised): Don Alvaro is aboard, so
    neither Don Alvaro nor the Unique Veteran may be hired; the Veteran may replace him,
    keeping his tacked state, at no cost; the replaced card is discarded."""
    arr = load("hire_and_pay", player=[
        {"crew": ["Ship's Surgeon", "Dock Rat", "Don Alvaro"], "tacked": ["Don Alvaro"],
         "hand": ["Bosun Grell", "Hired Blades", "Don Alvaro", "Don Alvaro, Veteran"]},
        {"crew": ["Rogue Cutthroats"]}])
    assert S.A_HAND + 2 not in legal(arr) and S.A_HAND + 3 not in legal(arr)
    assert S.A_XP + 3 in legal(arr)
    j = slot(arr, 0, "Don Alvaro")
    act(arr, S.A_XP + 3)
    assert arr["crew"][0][0][j] == card("Don Alvaro, Veteran") and arr["tacked"][0][0][j] == 1
    assert pile(arr, "discard", 0)[-1] == card("Don Alvaro")


def test_original_has_no_experience_action():
    """Original rulebook II. Actions lists nine actions: no 'Experience a Crew'."""
    arr = load("hire_and_pay", edition="original")
    assert not any(S.A_XP <= a < S.A_XP + S.MAX_HAND for a in legal(arr))


def test_crew_maximum_blocks_hiring():
    """Ship / 1. Hire Crew: no new Crew once the crew (Captain included) reaches the Crew
    Maximum (Bloodwake: 6)."""
    arr = load("hire_and_pay", player=[
        {"crew": ["Ship's Surgeon"]},
        {"crew": ["Rogue Cutthroats", "Rogue Cutthroats", "Skull Gunners", "Skull Gunners",
                  "Ship's Surgeon"], "hand": ["Dock Rat"]}], first=1)
    assert S.A_HAND + 0 not in legal(arr)


def test_move_only_to_an_adjacent_sea_paying_the_move_cost():
    """8. Move your Ship / Sea: adjacent Seas only; Trade Sea and The Mirror are not
    adjacent; the Move Cost is paid in Sailing."""
    arr = load("adventures", first=1)           # player_1 in the Trade Sea
    act(arr, S.A_MOVE)
    assert {a - S.A_SEA for a in legal(arr)} == {1}
    act(arr, S.A_SEA + 1)
    assert arr["pay_skill"][0] == S.SAILING and arr["pay_left"][0] == 2
    act(arr, S.A_CREW + 0, S.A_CREW + slot(arr, 1, "Skull Gunners"))
    assert arr["sea"][0][1] == 1


def test_free_move_tacks_the_ship_and_must_be_followed_by_an_action():
    """'Free Move' (El Orgullo): tack the Ship to move to an adjacent Sea; an action must
    follow. Original edition (II. Actions: "perform one of the following actions or pass"):
    passing is not allowed while another action is [ruling: Free move with nothing to
    follow]; for the revised edition's "13. Pass" see test_editions."""
    arr = load("hire_and_pay", edition="original")
    act(arr, S.A_FREE, S.A_SEA + 1)
    assert arr["ship_tacked"][0][0] == 1 and arr["sea"][0][0] == 1
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 0
    assert S.A_PASS not in legal(arr) and S.A_FREE not in legal(arr)
    assert S.A_DCREW + slot(arr, 0, "Dock Rat") in legal(arr)


def test_discard_crew_but_not_the_captain():
    """11. Discard a Crew: any crew but the Captain."""
    arr = load("hire_and_pay")
    assert S.A_DCREW + 0 not in legal(arr)
    j = slot(arr, 0, "Dock Rat")
    act(arr, S.A_DCREW + j)
    assert arr["crew"][0][0][j] == -1 and pile(arr, "discard", 0)[-1] == card("Dock Rat")


def test_put_an_adventure_exactly_n_seas_away():
    """4. Put an Adventure into play / Adventure: exactly N Seas from your Ship (La Boca:
    2 away is the Trade Sea or The Mirror, 1 away the Frothing or Forbidden Sea)."""
    arr = load("adventures")
    act(arr, S.A_HAND + 0)                     # Pact of the Frothing Sea, 2 Seas away
    assert {a - S.A_SEA for a in legal(arr)} == {0, 4}
    act(arr, S.A_SEA + 4)
    assert arr["adv"][0][0][1] == card("Pact of the Frothing Sea") and arr["adv_sea"][0][0][1] == 4


def test_complete_an_adventure_cheaper_in_its_sea_becomes_a_control_attachment():
    """6. Complete an Adventure / Adventure / Control: in its correct Sea Lords of La Boca
    costs 3 Adventuring (not 5); completed, it attaches as Control of its Sea."""
    arr = load("adventures")
    act(arr, S.A_ADV + 0)
    assert arr["pay_skill"][0] == S.ADVENTURING and arr["pay_left"][0] == 3
    act(arr, S.A_CREW + slot(arr, 0, "Cartographer"))
    assert arr["adv_n"][0][0] == 0
    assert arr["att"][0][0][0] == card("Lords of La Boca") and arr["att_host"][0][0][0] == S.HOST_SEA + 2


def test_adventures_complete_only_in_their_sea_and_may_be_discarded():
    """6. Complete an Adventure (only in its Sea) / 12. Discard an Adventure."""
    arr = load("adventures", player=[
        {"sea": "Frothing Sea", "crew": ["Cartographer"],
         "adventures": [["Lords of La Boca", "La Boca"]]}, {"crew": ["Skull Gunners"]}])
    assert S.A_ADV + 0 not in legal(arr) and S.A_DADV + 0 in legal(arr)
    act(arr, S.A_DADV + 0)
    assert arr["adv_n"][0][0] == 0 and pile(arr, "discard", 0)[-1] == card("Lords of La Boca")


def test_attachment_hosts_follow_knacks_and_no_attachments():
    """Attachment / Knacks / No Attachments: a Swordsman Knack needs a Swordsman (none
    aboard: not playable); a Villainous Knack goes only on the Villainous Dock Rat; never on
    Marooned Castaway (No Attachments); a Ship attachment on the Ship lowers its Move Cost."""
    arr = load("attachments")
    assert S.A_HAND + 0 not in legal(arr)          # Fine Rapier
    act(arr, S.A_HAND + 1)                         # Cruel Reputation
    assert legal(arr) == {S.A_CREW + slot(arr, 0, "Dock Rat")}
    arr = load("attachments")
    assert move_cost(arr[0], 0) == 3
    act(arr, S.A_HAND + 2, S.A_SHIP)               # Extra Rigging: 3 Sailing
    act(arr, S.A_CREW + 0, S.A_CREW + slot(arr, 0, "Bosun Grell"))
    assert arr["att_host"][0][0][0] == S.HOST_SHIP and move_cost(arr[0], 0) == 2


def test_action_card_cancelled_by_its_target():
    """Canceling: the target pays the copper cancel flag (Broadside Volley: 3 Sailing); the
    effects do not occur, the card is discarded, the action is used."""
    arr = load("cancel_action")
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Rattling Gunners"))
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1
    act(arr, S.A_PAYC, S.A_CREW + slot(arr, 1, "Tarred Topmen"))
    assert pile(arr, "discard", 0)[-1] == card("Broadside Volley")
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1 and arr["hits"][0] == 0


def test_an_action_abandoned_before_any_point_is_paid_is_a_pass():
    """II. Actions ("When all players Pass in a row, the Actions Phase is over"); Paying
    Costs ("If for any reason you do not produce enough skill points to pay the cost, the
    action is canceled"); ruling: Unpaid action. A Boarding attempt abandoned before a point
    of its Move Cost is produced has done nothing: it is a Pass, and the other player's Pass
    after it ends the Actions Phase (both draw three; turn 2 begins)."""
    arr = load("boarding")
    hands = [int(arr["hand_n"][0][p]) for p in range(2)]
    act(arr, S.A_BOARD, target(arr, 0, 1), S.A_STOP)
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1
    assert arr["passes"][0] == 1 and arr["act_kind"][0] == S.AK_NONE
    act(arr, S.A_PASS)
    assert arr["turn"][0] == 2 and arr["phase"][0] == S.PH_ACTIONS and arr["passes"][0] == 0
    assert [int(arr["hand_n"][0][p]) for p in range(2)] == [h + 3 for h in hands]


def test_an_action_abandoned_after_a_point_or_with_its_card_is_an_action():
    """Paying Costs; ruling: Stopped payment and Unpaid action. Abandoned after Don Alvaro
    produced 1 of the 3 Sailing, the Boarding attempt is an action taken: he stays tacked,
    and the other player's Pass does not end the Actions Phase. An Action card abandoned
    unpaid is discarded: an action taken too."""
    arr = load("boarding")
    don = slot(arr, 0, "Don Alvaro")
    act(arr, S.A_BOARD, target(arr, 0, 1), S.A_CREW + don, S.A_STOP)
    assert arr["tacked"][0][0][don] == 1 and arr["passes"][0] == 0
    act(arr, S.A_PASS)
    assert arr["turn"][0] == 1 and arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 0
    arr = load("cancel_action")
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_STOP)
    assert pile(arr, "discard", 0)[-1] == card("Broadside Volley")
    assert arr["passes"][0] == 0 and arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_action_card_not_cancelled_resolves():
    """Action Timing: not cancelled, the action resolves (3 hits on the target)."""
    arr = load("cancel_action")
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Rattling Gunners"), S.A_STOP)
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 3 and arr["cur"][0] == 1


def test_chantey_is_global_and_a_new_one_sinks_the_old():
    """Chantey / 5. Put a Chantey into play: any player may pay its cancel cost; Doldrums
    raises every Move Cost; a new Chantey sinks the previous one to its owner's sunk pile."""
    arr = load("chantey")
    before = (move_cost(arr[0], 0), move_cost(arr[0], 1))
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 0, "Fortune Teller"))
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1
    act(arr, S.A_STOP)
    assert arr["chantey"][0] == card("Doldrums") and arr["chantey_owner"][0] == 0
    assert (move_cost(arr[0], 0), move_cost(arr[0], 1)) == (before[0] + 1, before[1] + 1)
    act(arr, S.A_HAND + 0, S.A_CREW + slot(arr, 1, "Ship's Surgeon"))
    if arr["pk"][0] == S.PK_CANCEL:
        act(arr, S.A_STOP)
    assert arr["chantey"][0] == card("Gunner's Hymn") and arr["chantey_owner"][0] == 1
    assert pile(arr, "sunk", 0) == [card("Doldrums")]


def test_original_has_no_chanteys():
    """Original rulebook: six card types, no Chantey; the card cannot be put into play."""
    arr = load("chantey", edition="original")
    assert S.A_HAND + 0 not in legal(arr)


def test_all_pass_in_a_row_then_draw_three_and_untack():
    """II. Actions: the phase ends when all pass in a row; III. Draw Cards: three each;
    IV. Untack: everything untacks; a new turn begins."""
    arr = load("cannon_attack")
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)
    act(arr, S.A_CREW + 0)                          # Vasco absorbs 3 by tacking
    hands = list(arr["hand_n"][0][:2])
    act(arr, S.A_PASS, S.A_PASS)
    assert arr["turn"][0] == 2 and arr["phase"][0] == S.PH_ACTIONS
    assert list(arr["hand_n"][0][:2]) == [hands[0] + 3, hands[1] + 3]
    assert not arr["tacked"][0].any() and not arr["ship_tacked"][0].any()


def test_hand_maximum_discards_at_once():
    """Maximum Hand Size / III. Draw Cards: seven; above it, discard down at once."""
    hand = ["Chain Shot", "Raking Fire", "Pistol Shot", "Fresh Orders", "Rally the Captain",
            "Full Sail", "Grappling Hooks"]
    arr = load("cannon_attack", player=[{"crew": ["Powder Priest"], "hand": hand},
                                        {"crew": ["Skull Gunners"]}])
    act(arr, S.A_PASS, S.A_PASS)
    assert arr["pk"][0] == S.PK_DISCARD and arr["cur"][0] == 0 and arr["hand_n"][0][0] == 10
    act(arr, S.A_HAND + 0, S.A_HAND + 0, S.A_HAND + 0)
    assert arr["hand_n"][0][0] == 7 and arr["pk"][0] == S.PK_MAIN


def test_control_of_all_five_seas_wins_revised_only():
    """The Object (revised): the only player with Control in each of the five Seas at the end
    of the turn wins; the original rulebook knows only the last Captain sailing."""
    for edition, won in (("revised", True), ("original", False)):
        arr = load("control_all_seas", edition=edition)
        act(arr, S.A_ADV + 0, S.A_CREW + slot(arr, 1, "Cartographer"))
        act(arr, S.A_PASS, S.A_PASS)
        if won:
            assert arr["done"][0] == 1 and arr["winner_mask"][0] == 2
        else:
            assert arr["done"][0] == 0 and arr["turn"][0] == 2


def test_act_ability_tacks_the_crew_for_its_effect():
    """3. Play or Perform an Action: an 'Act:' ability printed on a crew in play is an action;
    ours tack the crew (Quartermaster: draw a card; Ship's Chaplain: untack your Captain);
    a tacked crew cannot use it again."""
    arr = load("cannon_attack", decks=["sea_dogs", "black_freighter"], player=[
        {"crew": ["Quartermaster"], "hand": ["Fresh Orders"]},
        {"crew": ["Ship's Chaplain"], "tacked": ["The Hollow Captain"]}])
    q = slot(arr, 0, "Quartermaster")
    act(arr, S.A_ACT + q)
    assert arr["tacked"][0][0][q] == 1 and arr["hand_n"][0][0] == 2
    assert arr["cur"][0] == 1
    c = slot(arr, 1, "Ship's Chaplain")
    act(arr, S.A_ACT + c)
    assert arr["tacked"][0][1][c] == 1 and arr["tacked"][0][1][0] == 0
    assert S.A_ACT + q not in legal(arr)


def test_adventure_cheaper_with_a_villainous_captain():
    """Adventure (revised): 'Some Adventures do not cost as much to complete if you meet some
    other condition (like ... having a Villainous Captain)': Black Flag Rendezvous costs 3,
    not 5, away from La Boca for Vasco the Red Hand (Villainous)."""
    from envs.seventh_sea.legal import adv_cost

    arr = load("adventures", first=1, player=[
        {"crew": ["Cartographer"]},
        {"sea": "Trade Sea", "crew": ["Skull Gunners"],
         "adventures": [["Black Flag Rendezvous", "Trade Sea"]]}])
    assert adv_cost(arr[0], 1, 0) == 3
    other = arr.copy()                     # the same position under a non-Villainous Captain
    other["crew"][0][1][0] = card("Capitana Rosa Delgado")
    assert adv_cost(other[0], 1, 0) == 5


def test_adventure_with_a_discard_cost():
    """Adventure (revised): 'an Adventure may require you to pay some other cost ... in
    addition to Adventuring (like discarding a card from your hand)': Smugglers' Cache costs
    1 Adventuring in the Frothing Sea, then one card discarded, then it attaches."""
    arr = load("adventures", decks=["gosse", "crimson_rogers"], player=[
        {"sea": "Frothing Sea", "crew": ["Cartographer"], "hand": ["Chain Shot", "Plunder"],
         "adventures": [["Smugglers' Cache", "Frothing Sea"]]},
        {"crew": ["Skull Gunners"]}])
    act(arr, S.A_ADV + 0, S.A_CREW + slot(arr, 0, "Cartographer"))
    assert arr["pk"][0] == S.PK_PICK and legal(arr) == {S.A_HAND + 0, S.A_HAND + 1}
    act(arr, S.A_HAND + 1)
    assert pile(arr, "discard", 0)[-1] == card("Plunder") and arr["hand_n"][0][0] == 1
    assert arr["att"][0][0][0] == card("Smugglers' Cache") and arr["att_host"][0][0][0] == S.HOST_SHIP
    arr = load("adventures", decks=["gosse", "crimson_rogers"], player=[
        {"sea": "Frothing Sea", "crew": ["Cartographer"],
         "adventures": [["Smugglers' Cache", "Frothing Sea"]]}, {"crew": ["Skull Gunners"]}])
    assert S.A_ADV + 0 not in legal(arr)          # no card to discard: cannot be completed


def test_experience_a_crew_the_player_picks_which_crew_is_replaced():
    """2. Experience a Crew ("you may replace the Crew in play with the Experienced one")
    [ruling: Experience target]: with two Drowned Bosuns aboard, the player picks which one
    Drowned Bosun, Tide-Risen replaces; it keeps that crew's tacked state; the other stays."""
    arr = load("hire_and_pay", decks=["black_freighter", "crimson_rogers"], first=0, player=[
        {"crew": ["Drowned Bosun", "Drowned Bosun"], "tacked": [], "hand": ["Drowned Bosun, Tide-Risen"]},
        {"crew": ["Skull Gunners"], "hand": []}])
    arr["tacked"][0][0][2] = 1                     # the second Drowned Bosun is tacked
    act(arr, S.A_XP + 0)
    assert arr["pk"][0] == S.PK_HOST and arr["cur"][0] == 0
    assert legal(arr) == {S.A_CREW + 1, S.A_CREW + 2}
    act(arr, S.A_CREW + 2)
    assert arr["crew"][0][0][2] == card("Drowned Bosun, Tide-Risen") and arr["tacked"][0][0][2] == 1
    assert arr["crew"][0][0][1] == card("Drowned Bosun")
    assert pile(arr, "discard", 0)[-1] == card("Drowned Bosun")
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


# --- sizes of the record against the rules (Attachment, Adventure, 4. Put an Adventure into
# play, 6. Complete an Adventure, Ship / Glossary: Crew Maximum, The Deck): a card paid for
# never vanishes, the Crew Maximum is never cut short [ruling: Engine limits] ---
SHIP_ATT = ["Extra Rigging", "Expanded Berths", "Reinforced Hull", "Copper Sheathing",
            "Figurehead of Theus", "Ship's Log"]
SHIP_ADV = ["Sunken Treasure", "Lost Shipwright's Plans", "Secret Current", "Hidden Cove",
            "Sea Serpent Hunt", "Map of the Isles", "Wreck of the Aurora"]


def _deck(extra):
    deck = starter("castille")
    deck["cards"] = dict(deck["cards"])
    deck["cards"].update(extra)
    return deck


def test_attachment_beyond_sixteen_in_play_attaches():
    """Attachment (no limit in the rules) / The Deck: with 16 Attachments in play, a 17th
    (Lucky Coin, 1 Influence, on the Captain) is offered, paid for and stays in play; no card
    leaves the game (check_state after each step)."""
    atts = ([["Parrot", "Capitana Rosa Delgado"]] * 2 + [["Tricorn Hat", "Capitana Rosa Delgado"]] * 3
            + [["Lucky Coin", "Capitana Rosa Delgado"]] * 2 + [["Extra Rigging", "ship"]] * 3
            + [["Expanded Berths", "ship"]] * 3 + [["Reinforced Hull", "ship"]] * 3)
    deck = _deck({n: 3 for n in ["Parrot", "Tricorn Hat", "Lucky Coin", "Extra Rigging",
                                 "Expanded Berths", "Reinforced Hull"]})
    arr = load("attachments", decks=[deck, "crimson_rogers"], first=0, player=[
        {"crew": ["Powder Priest", "Don Alvaro"], "hand": ["Lucky Coin"], "attach": atts},
        {"crew": ["Skull Gunners"], "hand": []}])
    assert arr["att_n"][0][0] == 16
    assert S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0, S.A_CREW + 0, S.A_CREW + slot(arr, 0, "Powder Priest"))
    assert arr["att_n"][0][0] == 17
    assert arr["att"][0][0][16] == card("Lucky Coin") and arr["att_host"][0][0][16] == 0


def test_full_record_offers_no_attachment_nor_adventure_completion():
    """[ruling: Engine limits] with 40 Attachments in play, neither another Attachment nor the
    completion of an Adventure (it would become one) is offered; discarding it still is."""
    atts = [[n, "ship"] for n in SHIP_ATT for _ in range(3)]
    atts += [[n, "ship"] for n in SHIP_ADV for _ in range(3)] + [["Charts of the Trade Winds", "Trade Sea"]]
    extra = {n: 3 for n in SHIP_ATT + SHIP_ADV}
    extra.update({"Lucky Coin": 1, "Smugglers' Cache": 1})
    deck = _deck(extra)
    # keep the deck within the engine's 90 cards: drop starter cards not used here
    for n in ["Marines of the Crown", "Don Alvaro, Veteran", "Hired Blades", "Grenado",
              "Inquisition Gunners", "Dona Ines, Navigator", "Gun Deck Chief", "Bosun's Whistle",
              "Old Navigator", "Ship's Surgeon"]:
        deck["cards"].pop(n, None)
    arr = load("attachments", decks=[deck, "crimson_rogers"], first=0, player=[
        {"sea": "Frothing Sea", "crew": ["Powder Priest", "Don Alvaro", "Cartographer"],
         "hand": ["Lucky Coin", "Full Sail"], "attach": atts,
         "adventures": [["Smugglers' Cache", "Frothing Sea"]]},
        {"crew": ["Skull Gunners"], "hand": []}])
    assert arr["att_n"][0][0] == S.MAX_ATT == 40
    L = legal(arr)
    assert S.A_HAND + 0 not in L and S.A_ADV + 0 not in L and S.A_DADV + 0 in L
    # one fewer in play (Charts of the Trade Winds left in the deck): both are offered
    arr = load("attachments", decks=[deck, "crimson_rogers"], first=0, player=[
        {"sea": "Frothing Sea", "crew": ["Powder Priest", "Don Alvaro", "Cartographer"],
         "hand": ["Lucky Coin", "Full Sail"], "attach": atts[:-1],
         "adventures": [["Smugglers' Cache", "Frothing Sea"]]},
        {"crew": ["Skull Gunners"], "hand": []}])
    assert {S.A_HAND + 0, S.A_ADV + 0} <= legal(arr)


def test_crew_maximum_above_ten_allows_hiring():
    """Ship / 1. Hire Crew: Deadweight's Crew Maximum 9 + Reinforced Hull + Expanded Berths =
    11: with 10 crew aboard (Captain included) an 11th may be hired, and is."""
    deck = starter("black_freighter")
    deck["cards"] = dict(deck["cards"])
    deck["cards"].update({"Reinforced Hull": 1, "Expanded Berths": 1})
    crew = ["Bone Crew"] * 3 + ["Rattling Gunners"] * 3 + ["Drowned Bosun"] * 3
    arr = load("attachments", decks=[deck, "crimson_rogers"], first=0, player=[
        {"crew": crew, "hand": ["Deckhands"],
         "attach": [["Reinforced Hull", "ship"], ["Expanded Berths", "ship"]]},
        {"crew": ["Skull Gunners"], "hand": []}])
    assert crew_max(arr[0], 0) == 11 and arr["crew_n"][0][0] == 10
    assert S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0)
    while arr["pk"][0] == S.PK_PAY:
        act(arr, min(a for a in legal(arr) if S.A_CREW <= a < S.A_CREW + S.MAX_CREW))
    assert arr["crew_n"][0][0] == 11 and card("Deckhands") in list(arr["crew"][0][0])


def test_crew_slots_hold_the_largest_crew_maximum_of_the_pool():
    """Ship / Glossary: Crew Maximum: the pool's largest Crew Maximum (Deadweight 9 + three
    copies of each of four cards adding 1 = 21) fits the crew slots; a pool that could go
    beyond them is refused, naming the field."""
    assert most_crew(CARD) == 21 <= S.MAX_CREW


def test_card_pool_beyond_the_crew_slots_is_refused(tmp_path):
    src = open(load_pool.__globals__["DEFAULT_PATH"]).read()
    i = src.rstrip().rindex("]")
    p = tmp_path / "cards.toml"
    p.write_text(src[:i] + '{name = "Huge Berths", type = "attachment", host = "ship", '
                 'ship_crew_max = 2, box = "Punch", defence = ["Slash", "Kick"]},\n]\n')
    with pytest.raises(CardDataError, match="crew_max"):
        load_pool(p)


def test_more_than_four_adventures_in_play():
    """4. Put an Adventure into play (no limit in the rules): with four uncompleted
    Adventures in play a fifth may be put into play."""
    advs = [["Map of the Isles", "Trade Sea"], ["Secret Current", "Trade Sea"],
            ["Sunken Treasure", "La Boca"], ["Hidden Cove", "Frothing Sea"]]
    deck = _deck({"Map of the Isles": 1, "Secret Current": 1, "Sunken Treasure": 1, "Hidden Cove": 2})
    arr = load("attachments", decks=[deck, "crimson_rogers"], first=0, player=[
        {"sea": "La Boca", "crew": ["Powder Priest"], "hand": ["Hidden Cove"], "adventures": advs},
        {"crew": ["Skull Gunners"], "hand": []}])
    assert arr["adv_n"][0][0] == 4 and S.A_HAND + 0 in legal(arr)
    act(arr, S.A_HAND + 0, S.A_SEA + 1)
    assert arr["adv_n"][0][0] == 5 and arr["adv"][0][0][4] == card("Hidden Cove")
