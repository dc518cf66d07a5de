"""Abilities printed on cards in play and sorcery schools (rulesheet: Ability - "Act:" text on
a card in play; 3. Play or Perform an Action; Ship - "each Ship has one or more special
abilities"; Attachment - "Only the player who put the Attachment into play may use any actions
on it"; Chantey - "all players are considered to have that ability printed on their
Captains"; Glossary: Sorcerer, Sorcery Knack)."""

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, legal, load, slot


def test_ship_act_ability_tacks_the_ship_for_its_effect():
    """Ship / 3. Perform an action: the Stormwolf's Act: tacks it and draws a card; it is
    the seat's action; a tacked Ship has no free move and its abilities are spent."""
    arr = load("abilities")
    assert {S.A_SHIPACT, S.A_ATTACT + 0, S.A_FREE} <= legal(arr)
    hand = int(arr["hand_n"][0][0])
    act(arr, S.A_SHIPACT)
    assert arr["ship_tacked"][0][0] == 1 and arr["hand_n"][0][0] == hand + 1
    assert arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1
    act(arr, S.A_PASS)
    assert not {S.A_SHIPACT, S.A_ATTACT + 0, S.A_FREE} & legal(arr)


def test_attachment_act_ability_tacks_the_card_it_is_on():
    """Attachment: Ship's Log's Act: tacks the Ship it is attached to and draws a card."""
    arr = load("abilities")
    hand = int(arr["hand_n"][0][0])
    act(arr, S.A_ATTACT + 0)
    assert arr["ship_tacked"][0][0] == 1 and arr["hand_n"][0][0] == hand + 1
    assert arr["cur"][0] == 1


def test_attachment_act_on_a_crew_tacks_that_crew():
    """Attachment: Bosun's Whistle (Act: untack your Captain) tacks the crew it is on; on a
    tacked crew it cannot be used."""
    me = {"sea": "La Boca", "crew": ["Powder Priest", "Dock Rat"],
          "attach": [["Bosun's Whistle", "Powder Priest"]], "tacked": ["Capitana Rosa Delgado"]}
    foe = {"sea": "La Boca", "crew": ["Rogue Cutthroats"]}
    arr = load("reacts", player=[me, foe])
    act(arr, S.A_ATTACT + 0)
    assert arr["tacked"][0][0][slot(arr, 0, "Powder Priest")] == 1 and arr["tacked"][0][0][0] == 0
    arr = load("reacts", player=[dict(me, tacked=["Powder Priest"]), foe])
    assert S.A_ATTACT + 0 not in legal(arr)


def test_captain_act_ability():
    """Ability / Captain: Lady Morwen Gosse's Act: tacks her and draws a card."""
    arr = load("cannon_traits")
    hand = int(arr["hand_n"][0][0])
    act(arr, S.A_ACT + 0)
    assert arr["tacked"][0][0][0] == 1 and arr["hand_n"][0][0] == hand + 1 and arr["cur"][0] == 1


def test_chantey_act_is_printed_on_every_captain():
    """Chantey: Capstan Chantey's Act: (tack your Captain: draw a card) belongs to every
    Captain, the owner's and the others'."""
    arr = load("reacts", player=[
        {"sea": "La Boca", "crew": ["Powder Priest"], "chantey": "Capstan Chantey"},
        {"sea": "La Boca", "crew": ["Rogue Cutthroats"]}])
    act(arr, S.A_CHACT)
    assert arr["tacked"][0][0][0] == 1 and arr["hand_n"][0][0] == 1
    assert arr["cur"][0] == 1 and S.A_CHACT in legal(arr)
    act(arr, S.A_CHACT)
    assert arr["tacked"][0][1][0] == 1 and arr["hand_n"][0][1] == 1


def test_sorcery_knack_needs_a_rank_in_its_own_school():
    """Glossary: Sorcery Knack - "a Fate 2 Knack may only be attached to a Sorcerer with the
    trait Fate 2 or more" [ruling: Sorcery schools]: Rune Tattoo (Laerdom 2) goes on Rune
    Caller (Laerdom 2), not on Fortune Teller (Fate 1) nor on anyone else."""
    arr = load("abilities")
    act(arr, S.A_HAND + 0)
    assert arr["pk"][0] == S.PK_HOST
    assert legal(arr) == {S.A_CREW + slot(arr, 0, "Rune Caller")}


def test_sorcery_knack_rank_of_another_school_does_not_count():
    """Glossary: Sorcerer: Hex of Fortune (Fate 1) goes on Fortune Teller (Fate 1), never on
    Blood Pact Sorcerer (Porte 2: a higher rank, another school)."""
    arr = load("abilities", decks=["crimson_rogers", "vesten"], player=[
        {"sea": "La Boca", "crew": ["Fortune Teller", "Blood Pact Sorcerer"], "hand": ["Hex of Fortune"]},
        {"sea": "La Boca", "crew": ["Raiders of the North"]}])
    act(arr, S.A_HAND + 0)
    assert legal(arr) == {S.A_CREW + slot(arr, 0, "Fortune Teller")}


def test_sorcerer_with_two_schools():
    """Glossary: Sorcerer (a crew with one or more sorcery traits): Harbor Witch (Scry 2,
    Pyeryem 1) takes Beast Shape (Pyeryem 1 Knack)."""
    arr = load("abilities", decks=["gosse", "vesten"], player=[
        {"sea": "La Boca", "crew": ["Harbor Witch", "Charming Rogue"], "hand": ["Beast Shape"]},
        {"sea": "La Boca", "crew": ["Raiders of the North"]}])
    act(arr, S.A_HAND + 0)
    assert legal(arr) == {S.A_CREW + slot(arr, 0, "Harbor Witch")}


def test_bosuns_whistle_on_the_captain_is_not_offered_its_act():
    """Attachment / Ability [ruling: An Act that only undoes its cost]: Bosun's Whistle (Act:
    untack your Captain) on the Captain would tack the Captain and untack it, changing
    nothing, so it is not offered; the seat's other actions and its Pass still are."""
    me = {"sea": "La Boca", "crew": ["Powder Priest"],
          "attach": [["Bosun's Whistle", "Capitana Rosa Delgado"]]}
    foe = {"sea": "La Boca", "crew": ["Rogue Cutthroats"]}
    arr = load("reacts", player=[me, foe])
    assert S.A_ATTACT + 0 not in legal(arr)
    assert S.A_PASS in legal(arr)


def test_bosuns_whistle_may_still_be_attached_to_the_captain():
    """Attachment: a "Crew Attachment" may be attached to "any one of your Crew cards
    (including your Captain)"; the ruling on its Act does not take that choice away."""
    me = {"sea": "La Boca", "crew": ["Powder Priest"], "hand": ["Bosun's Whistle"]}
    foe = {"sea": "La Boca", "crew": ["Rogue Cutthroats"]}
    arr = load("reacts", player=[me, foe])
    act(arr, S.A_HAND + 0)
    assert S.A_CREW + 0 in legal(arr)
