"""Seas of Havoc: the Ghost Fleet's turns, played out from scenario files (envs/havoc/ghost.py).

Rulebook: The Ghost Fleet: Solo & Co-op - Ghost Fleet Concepts (wild resources, a 9/8/7
board), Island Phase (the flipped card's slot, Damage to Deep Cove, occupied slots to the
Capitol then the Market), Island Actions (the Market die roll, purchases from the leftmost
Skiff, Deep Cove, flags), Sea Phase (the maneuver for the ship's sails, the colour's
ability), Ghost Maneuvers (shipwrecks, ramming the player, stopping short of rocks and ghost
ships, one cannon per outline at a player within range 3). Readings: docs/rulings.md
"Ghost Fleet". Expected values come from the rulebook and the cards' printed data.
"""

import pytest

from envs.havoc import cards as C
from envs.havoc import state as S
from envs.havoc.scoring import final_score
from tests.havoc.scenario_files import load

DMG = C.DAMAGE_DEF
NAMES = C.GHOST_NAMES + ("Damage",)


def pile(arr, field):
    return [NAMES[g] for g in arr[field][0][: arr[field + "_n"][0]]]


def hand_of(arr, c):
    return [NAMES[g] for g in arr["ghost_hand"][0][c, : arr["ghost_hand_n"][0][c]]]


def ship(arr, crew):
    i = arr["crew_ships"][0][crew, 0]
    return int(arr["ship_r"][0][i]), int(arr["ship_c"][0][i]), int(arr["ship_h"][0][i])


def res(arr, crew):
    return arr["res"][0][crew].tolist()


# --- Island Phase --------------------------------------------------------------------------

def test_ghost_skiff_goes_to_the_slot_its_card_shows():
    """Ghost Island Phase: "discard a card from the solo deck ... and place a Skiff on the
    space shown at the bottom" - Fog Bank shows the Bank: one coin."""
    arr = load("ghost_island", ghost_deck=["Fog Bank"])
    assert arr["slot_crew"][0][S.SLOT_BANK] == 1 and res(arr, 1) == [1, 1, 2]
    assert pile(arr, "ghost_discard") == ["Fog Bank"] and arr["skiffs"][0][1] == 0
    assert arr["cur"][0] == 0 and arr["pending"][0] == S.PK_SKIFF


def test_ghost_skiff_on_an_occupied_slot_goes_to_the_capitol():
    """Ghost Island Phase: "If a Skiff would be placed in an occupied space, the Skiff is
    instead placed in the Capitol" - it takes the First Player token and a wild resource,
    the one it holds least [Capitol; Ghost Fleet Concepts: Wild Resources]."""
    arr = load("ghost_island", ghost_deck=["Fog Bank"], crews=[
        {"skiffs": 1}, {"skiffs": 1, "res": [2, 0, 1], "ghost_hand": []},
        {"skiffs": 0, "ghost_hand": []}], slots={"Bank": 0})
    assert arr["slot_crew"][0][S.SLOT_CAPITOL] == 1 and arr["first_crew"][0] == 1
    assert res(arr, 1) == [2, 1, 1]


def test_ghost_skiff_with_capitol_taken_too_claims_at_the_market():
    """Ghost Island Phase: "If the Capitol is already occupied their Skiff is placed in the
    Market instead" - with only place 4 unclaimed, that card is claimed whatever the die."""
    for seed in range(4):
        arr = load("ghost_island", seed=seed, ghost_deck=["Fog Bank"],
                   slots={"Bank": 0, "Capitol": 0}, market_claims=[0, 0, 0, 0, -1])
        assert arr["market_claim"][0].tolist() == [0, 0, 0, 0, 1]
        assert arr["skiffs"][0][1] == 0 and res(arr, 1) == [1, 1, 1]


def test_ghost_damage_card_sends_the_skiff_to_deep_cove():
    """Ghost Island Phase: "If a Damage card is drawn, the Skiff is placed in Deep Cove";
    Deep Cove: "Scrap up to 2 Damage cards from the ghost discard pile"."""
    arr = load("ghost_island", ghost_deck=["Damage"],
               ghost_discard=["Damage", "Damage", "Grey Tide"])
    assert arr["slot_crew"][0][S.SLOT_DEEP_COVE] == 1
    assert sorted(pile(arr, "ghost_discard")) == ["Damage", "Grey Tide"]
    assert arr["scrap"][0][DMG] == 2


def test_ghost_wild_resource_ties_go_sail_first():
    """Ghost Fleet Concepts: a wild resource is the one held least; ties in the order sail,
    cannonball, coin [ruling: Ghost wild resources] (Sunken Chapel: the Shipyard, 3+)."""
    arr = load("ghost_island", ghost_deck=["Sunken Chapel"])
    assert arr["slot_crew"][0][S.SLOT_SHIPYARD] == 1 and res(arr, 1) == [2, 1, 1]


def test_ghost_swift_flag_places_another_skiff():
    """Ghost Flags: Swift - "Island Phase: Ghost places another Skiff"; the ghost owns the
    flag from then on."""
    arr = load("ghost_island", ghost_deck=["Fog Bank", "Rusted Anchor"],
               crews=[{"skiffs": 1}, {"skiffs": 2, "ghost_hand": []},
                      {"skiffs": 0, "ghost_hand": []}])
    assert arr["flag_owner"][0][S.FLAG_SWIFT] == 1
    assert arr["slot_crew"][0][S.SLOT_BANK] == 1 and arr["skiffs"][0][1] == 0
    assert arr["cur"][0] == 0


def test_ghost_purser_and_lookout_flags():
    """Ghost Flags: Purser - gain 1 of any resource (wild); Lookout - draw 1 card from the
    ghost deck to the ghost ship's hand."""
    arr = load("ghost_island", ghost_deck=["Moonlit Shoal"],
               crews=[{"skiffs": 1}, {"skiffs": 1, "res": [1, 0, 1], "ghost_hand": []},
                      {"skiffs": 0, "ghost_hand": []}])
    assert arr["flag_owner"][0][S.FLAG_PURSER] == 1 and res(arr, 1) == [1, 1, 1]
    arr = load("ghost_island", ghost_deck=["Fog Bank", "Silent Bosun"])
    assert arr["flag_owner"][0][S.FLAG_LOOKOUT] == 1 and hand_of(arr, 1) == ["Fog Bank"]


def test_ghost_breaker_flag_scraps_one_damage_card():
    """Ghost Flags: Breaker - "Scrap 1 Damage card from the ghost discard pile (if able)" -
    Phantom Gale sends the Skiff to the Breaker's flag: the ghost takes the flag and scraps
    one of the two Damage cards; the flipped card itself is on the discard pile ("discard a
    card from the solo deck ... and place a Skiff")."""
    arr = load("ghost_island", ghost_deck=["Phantom Gale"],
               ghost_discard=["Damage", "Damage", "Grey Tide"])
    assert arr["flag_owner"][0][S.FLAG_BREAKER] == 1
    assert sorted(pile(arr, "ghost_discard")) == ["Damage", "Grey Tide", "Phantom Gale"]
    assert arr["scrap"][0][DMG] == 1


def test_ghost_purchases_from_its_leftmost_skiff_while_it_can_pay():
    """Ghost Market: "Ghosts purchase cards starting from their leftmost Skiff. If the ghost
    owns the resources for a card, they are subtracted, the card is added face down to the
    ghost fleet's 'purchase' pile ... If the ghost does not own the necessary resources,
    the card remains." Stormrider (2 sails + 2 coins) is bought; Three Knots (2 sails) is
    then unaffordable and stays."""
    arr = load("ghost_island", phase="purchase", crews=[
        {"skiffs": 0}, {"skiffs": 0, "res": [3, 0, 3], "ghost_hand": []},
        {"skiffs": 0, "ghost_hand": []}], market_claims=[-1, 1, -1, 1, -1])
    sr, tk = C.card_id("Stormrider"), C.card_id("Three Knots")
    assert arr["ghost_bought"][0][sr] == 1 and arr["ghost_bought"][0][tk] == 0
    assert res(arr, 1) == [1, 0, 1]
    assert arr["market"][0][3] == tk and arr["market"][0][1] != sr
    assert final_score(arr[0], 1) == C.CARD_INFAMY[sr]        # the purchased pile counts
    assert arr["phase"][0] == S.PH_SEA


def test_ghost_pays_any_from_the_resource_it_holds_most():
    """Ghost purchase of Gybe and Go (1 sail + 1 any) [ruling: Ghost payments]: the "any"
    comes from the cannonballs it holds most."""
    arr = load("ghost_island", phase="purchase", market=["Gybe and Go", "Stormrider",
                                                         "Wear Ship", "Three Knots",
                                                         "Tradewind Reach"],
               crews=[{"skiffs": 0}, {"skiffs": 0, "res": [1, 2, 1], "ghost_hand": []},
                      {"skiffs": 0, "ghost_hand": []}],
               market_claims=[1, -1, -1, -1, -1])
    assert arr["ghost_bought"][0][C.card_id("Gybe and Go")] == 1
    assert res(arr, 1) == [0, 1, 1]


# --- Sea Phase: maneuvers ---------------------------------------------------------------------

@pytest.mark.parametrize("sails,end", [(0, (3, 2)), (2, (3, 2)), (3, (2, 2)), (5, (2, 2)),
                                       (6, (1, 2))])
def test_ghost_takes_the_maneuver_its_sails_reach(sails, end):
    """Ghost Sea Phase: "perform the maneuver ... based on the ship's current sails" - Fog
    Bank prints F from 0 sails, FF from 3, FFF from 6 [ruling: Ghost maneuver brackets]."""
    arr = load("ghost_sea", crews=[{"hand": {"Make Way": 1}},
                                   {"res": [sails, 0, 0], "ghost_hand": ["Fog Bank"]},
                                   {"ghost_hand": []}])
    assert ship(arr, 1) == (*end, S.NORTH)
    assert pile(arr, "ghost_discard") == ["Fog Bank"] and arr["cur"][0] == 0


def test_ghost_stops_at_the_last_outline_not_facing_a_rock():
    """Ghost Maneuvers: "A ghost ship does not complete maneuvers that would leave it facing
    and immediately next to a rock or another ghost ship ... the ghost ship ends its
    maneuver at the last shown ship outline" - FF toward a rock on (1,2) ends on (3,2)."""
    arr = load("ghost_sea", grid=["......", "..R...", "......", "......", "......", "......"],
               crews=[{"hand": {"Make Way": 1}}, {"res": [3, 0, 0], "ghost_hand": ["Fog Bank"]},
                      {"ghost_hand": []}])
    assert ship(arr, 1) == (3, 2, S.NORTH)
    assert arr["damage_left"][0] == 20                 # no collision


def test_ghost_blocked_at_once_stays_and_fires_from_where_it_is():
    """Ghost Maneuvers: with a rock right ahead no maneuver is taken; "If no maneuver was
    taken (due to obstacles) the ghost ship may fire from its current location"."""
    arr = load("ghost_sea", grid=["......", "......", "......", "..R...", "......", "......"],
               ships=[{"crew": 0, "at": [4, 4], "heading": "N"},
                      {"crew": 1, "at": [4, 2], "heading": "N"},
                      {"crew": 2, "at": [0, 0], "heading": "W"}],
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [0, 1, 0], "ghost_hand": ["Fog Bank"]}, {"ghost_hand": []}])
    assert ship(arr, 1) == (4, 2, S.NORTH)
    assert arr["ghost_infamy"][0] == 2 and arr["discard"][0][0, DMG] == 1
    assert res(arr, 1) == [0, 0, 0]


def test_ghost_collects_a_shipwrecks_value_at_once():
    """Ghost Maneuvers: "A ghost ship immediately earns the value of shipwrecks it collects
    and returns the token to the supply" (as wild resources) [ruling: Ghost shipwrecks]."""
    arr = load("ghost_sea", wrecks=[[3, 2, 3]])
    stack = [int(t) for t in arr["wreck_stack"][0][: arr["wreck_stack_n"][0]]]
    assert ship(arr, 1) == (3, 2, S.NORTH) and res(arr, 1) == [1, 1, 1]
    assert arr["booty"][0].tolist()[1] == 0 and len(stack) == 9 - (arr["wreck"][0] > 0).sum()


GUST_ROW4 = ["......", "......", "......", "......", "..G...", "......"]


def test_gust_moves_a_ghost_ship_heading_against_the_gust():
    """Whirlpools and Gusts: "The player moves their ship one space in the direction the gust
    indicates. The ship's heading is not changed"; Ghost Maneuvers, Rocks and other Ghost
    Ships: only "a rock or another ghost ship" right ahead stops it - Drowned Bell's "L"
    leaves the ghost on (4,2) heading W on a gust blowing E: pushed to (4,3), it faces the
    square it has just left, which is empty (it does not block itself)."""
    arr = load("ghost_sea", grid=GUST_ROW4, gust_dir="E",
               crews=[{"hand": {"Make Way": 1}},
                      {"res": [0, 0, 0], "ghost_hand": ["Drowned Bell"]},
                      {"ghost_hand": []}])
    assert ship(arr, 1) == (4, 3, S.WEST)
    assert pile(arr, "ghost_discard") == ["Drowned Bell"]


@pytest.mark.parametrize("blocker,end", [("R", (3, 2, S.NORTH)), (".", (3, 2, S.EAST))])
def test_ghost_whirlpool_does_not_turn_it_to_face_a_rock(blocker, end):
    """Ghost Maneuvers, Rocks and other Ghost Ships: "A ghost ship does not complete
    maneuvers that would leave it facing and immediately next to a rock ... This includes if
    it would be forced into this position by a whirlpool or gust. Instead, the ghost ship
    ends its maneuver at the last shown ship outline" [ruling: Ghost stops short] - Fog Bank
    (F) takes the ghost onto the clockwise whirlpool on (3,2): turned east it would face the
    rock on (3,3), so it stays heading north; with no rock there the whirlpool turns it."""
    grid = ["......", "......", "......", "..W" + blocker + "..", "......", "......"]
    arr = load("ghost_sea", grid=grid)
    assert ship(arr, 1) == end


@pytest.mark.parametrize("blocker,end", [("R", (3, 2)), ("ghost", (3, 2)), (".", (3, 3))])
def test_ghost_gust_does_not_push_it_to_face_a_rock_or_ghost_ship(blocker, end):
    """Ghost Maneuvers, Rocks and other Ghost Ships: "... This includes if it would be forced
    into this position by a whirlpool or gust" [ruling: Ghost stops short] - Fog Bank (F)
    ends on the gust on (3,2) blowing east: pushed to (3,3) heading north the ghost would
    face (2,3); a rock or the other ghost ship there keeps it on (3,2), an open square does
    not."""
    grid = ["......", "......", "......", "..G...", "......", "......"]
    ships = [{"crew": 0, "at": [0, 5], "heading": "S"}, {"crew": 1, "at": [4, 2], "heading": "N"},
             {"crew": 2, "at": [5, 5], "heading": "W"}]
    if blocker == "R":
        grid[2] = "...R.."
    elif blocker == "ghost":
        ships[2]["at"] = [2, 3]
    arr = load("ghost_sea", grid=grid, gust_dir="E", ships=ships)
    assert ship(arr, 1) == (*end, S.NORTH)


# --- Sea Phase: cannon fire -------------------------------------------------------------------

def test_ghost_fires_one_cannon_at_each_outline_with_a_player_in_range():
    """Ghost Maneuvers, Cannon Fire: "fires 1 cannon at each ship outline (excluding its
    starting position) ... if a player's ship is within Range 3. The ghost ship must be able
    to pay 1 [cannonball] to fire" - FF: the outline on (3,2) has player_0 two squares to
    starboard (a broadside), the outline on (2,2) nobody."""
    arr = load("ghost_sea", ships=[{"crew": 0, "at": [3, 4], "heading": "N"},
                                   {"crew": 1, "at": [4, 2], "heading": "N"},
                                   {"crew": 2, "at": [0, 0], "heading": "W"}],
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [3, 2, 0], "ghost_hand": ["Fog Bank"]}, {"ghost_hand": []}])
    assert ship(arr, 1) == (2, 2, S.NORTH)
    assert arr["ghost_infamy"][0] == 2 and arr["discard"][0][0, DMG] == 1
    assert res(arr, 1) == [3, 1, 0]


def test_ghost_range_reaches_three_squares():
    """Ghost Cannon Fire: "if a player's ship is within Range 3" - a player three squares off
    the beam is hit (on the 6-wide wrapping grid no square of the row is further)."""
    arr = load("ghost_sea", ships=[{"crew": 0, "at": [3, 4], "heading": "N"},
                                   {"crew": 1, "at": [4, 1], "heading": "N"},
                                   {"crew": 2, "at": [0, 3], "heading": "W"}],
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [0, 1, 0], "ghost_hand": ["Fog Bank"]}, {"ghost_hand": []}])
    assert ship(arr, 1)[:2] == (3, 1)
    assert arr["ghost_infamy"][0] == 2 and arr["discard"][0][0, DMG] == 1


def test_ghost_without_a_cannonball_does_not_fire():
    """Ghost Cannon Fire: "The ghost ship must be able to pay 1 [cannonball] to fire"."""
    arr = load("ghost_sea", ships=[{"crew": 0, "at": [3, 4], "heading": "N"},
                                   {"crew": 1, "at": [4, 2], "heading": "N"},
                                   {"crew": 2, "at": [0, 0], "heading": "W"}],
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [0, 0, 3], "ghost_hand": ["Fog Bank"]}, {"ghost_hand": []}])
    assert arr["ghost_infamy"][0] == 0 and arr["discard"][0][0, DMG] == 0


def test_ghost_fires_to_the_side_that_scores_more():
    """Ghost Cannon Fire with players on both sides [ruling: Ghost firing side]: a raking
    shot (3) before a broadside (2)."""
    arr = load("ghost_sea", players=2, ship_classes=["Xebec", "Galleon", "War Junk", "Brig"],
               ships=[{"crew": 0, "at": [3, 0], "heading": "N"},
                      {"crew": 1, "at": [3, 4], "heading": "E"},
                      {"crew": 2, "at": [4, 2], "heading": "N"},
                      {"crew": 3, "at": [0, 5], "heading": "W"}],
               cur=2, first=2,
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [0, 1, 0], "ghost_hand": ["Fog Bank"]}, {"ghost_hand": []}])
    assert ship(arr, 2)[:2] == (3, 2)
    assert arr["ghost_infamy"][0] == 3
    assert arr["discard"][0][1, DMG] == 1 and arr["discard"][0][0, DMG] == 0


# --- Sea Phase: ramming, abilities, Damage --------------------------------------------------

def test_ghost_rams_a_player():
    """Ghost Maneuvers, Ramming the Player: the ghost stops before the player's ship, scores
    1 for the fleet, the player takes a Damage card, the ghost discards a card from its
    hand and "does not change direction" [Collision Penalty]. Fog Bank, the card played, was
    discarded first ("discard the top card from their 'hand' and perform the maneuver")."""
    arr = load("ghost_sea", ships=[{"crew": 0, "at": [2, 2], "heading": "E"},
                                   {"crew": 1, "at": [4, 2], "heading": "N"},
                                   {"crew": 2, "at": [0, 0], "heading": "W"}],
               crews=[{"hand": {"Make Way": 1}, "discard": {}},
                      {"res": [3, 0, 0], "ghost_hand": ["Salt Wraith", "Fog Bank"]},
                      {"ghost_hand": []}])
    assert ship(arr, 1) == (3, 2, S.NORTH)
    assert arr["ghost_infamy"][0] == 1 and arr["discard"][0][0, DMG] == 1
    assert hand_of(arr, 1) == [] and pile(arr, "ghost_discard") == ["Fog Bank", "Salt Wraith"]


def test_ghost_ability_of_its_colour_after_the_maneuver():
    """Ghost Sea Phase: "After maneuvering, if there is an ability matching the ghost ship's
    colour, perform it" - Fog Bank gives a Brig 1 coin and a Galleon 2 ghost cards; a War
    Junk nothing."""
    arr = load("ghost_sea", ship_classes=["Xebec", "Brig", "War Junk"])
    assert res(arr, 1) == [0, 0, 1]
    arr = load("ghost_sea", ship_classes=["Xebec", "Galleon", "War Junk"],
               ghost_deck=["Salt Wraith", "Grey Tide"])
    assert sorted(hand_of(arr, 1)) == ["Grey Tide", "Salt Wraith"]


def test_ghost_card_goes_to_the_discard_pile_before_its_maneuver():
    """Ghost Sea Phase: "On a ghost's turn, discard the top card from their 'hand' and
    perform the maneuver on the top of the card" - the card is on the ghost discard pile
    while it resolves, so a draw that reshuffles that pile takes it in [Deck Management: "If
    you must draw but there are no cards left in your deck, shuffle your discard pile"].
    The Galleon ghost plays Fog Bank (F, then its Galleon ability: draw 2 ghost cards) with
    the ghost deck empty and the other 23 ghost cards in the discard pile: all 24 are
    shuffled into a new deck and 2 drawn, leaving 22 in the deck and none discarded."""
    others = [n for n in C.GHOST_NAMES if n != "Fog Bank"]
    arr = load("ghost_sea", ship_classes=["Xebec", "Galleon", "War Junk"],
               ghost_deck=[], ghost_discard=others,
               crews=[{"hand": {"Make Way": 1}},
                      {"res": [0, 0, 0], "ghost_hand": ["Fog Bank"]},
                      {"ghost_hand": []}])
    assert ship(arr, 1) == (3, 2, S.NORTH) and arr["cur"][0] == 0
    assert arr["ghost_discard_n"][0] == 0
    assert arr["ghost_deck_n"][0] == 22 and len(hand_of(arr, 1)) == 2
    assert "Fog Bank" in hand_of(arr, 1) + pile(arr, "ghost_deck")


def test_damage_card_in_a_ghost_hand_is_discarded_without_effect():
    """Ruling: Damage in a ghost hand - played, it does nothing and goes to the discard."""
    arr = load("ghost_sea", crews=[{"hand": {"Make Way": 1}}, {"res": [3, 1, 0],
                                                             "ghost_hand": ["Damage"]},
                                   {"ghost_hand": []}])
    assert ship(arr, 1) == (4, 2, S.NORTH) and pile(arr, "ghost_discard") == ["Damage"]


def test_ghost_discarding_a_damage_card_still_resolves_its_gust():
    """Whirlpools and Gusts: "A player resolves whirlpools and gusts their ship is located on
    after each card they play (this includes passing by discarding a card ...)"; Ghost Sea
    Phase: "discard the top card from their 'hand'" [ruling: Damage in a ghost hand] - the
    Damage card does nothing itself, but the gust under the ghost on (4,2) blowing E pushes
    it to (4,3), heading unchanged."""
    arr = load("ghost_sea", grid=GUST_ROW4, gust_dir="E",
               crews=[{"hand": {"Make Way": 1}},
                      {"res": [3, 1, 0], "ghost_hand": ["Damage"]},
                      {"ghost_hand": []}])
    assert ship(arr, 1) == (4, 3, S.NORTH) and pile(arr, "ghost_discard") == ["Damage"]
    assert res(arr, 1) == [3, 1, 0]


def test_ghost_ships_draw_back_up_to_four_at_cleanup():
    """Sea Phase Step 2 for ghost ships [ruling: Ghost redraw]: 4 ghost cards each."""
    arr = load("ghost_sea", cur=0, first=0,
               crews=[{"hand": {}, "discard": {}}, {"res": [0, 0, 0], "ghost_hand": ["Fog Bank"]},
                      {"ghost_hand": []}])
    assert arr["phase"][0] == S.PH_ISLAND and arr["cur"][0] == 0
    assert arr["ghost_hand_n"][0][1] == 4 and arr["ghost_hand_n"][0][2] == 4
