"""Seas of Havoc: the rulebook as written, one scenario test per point of the rules review.

Each test sets up a position from ``tests/scenarios/havoc/<name>.toml``, plays the actions a
player would, and checks the exact outcome the rulebook gives (never the engine's own
output). Sections cited in each docstring; readings in envs/havoc/docs/rulings.md.
"""

from envs.havoc import cards as C
from envs.havoc import state as S
from envs.havoc.cannon import RAKING_INFAMY
from tests.havoc.scenario_files import act, legal, load

HAND, OPT, STOP, BOOTY = S.A_HAND, S.A_OPTION, S.A_STOP, S.A_BOOTY
DMG = C.DAMAGE_DEF
LEFT, RIGHT = OPT + 0, OPT + 1


def card(name):
    return HAND + C.card_id(name)


def ghost_ids(arr, field, n_field, crew=None):
    """Ghost card names in a ghost pile (bottom first)."""
    names = C.GHOST_NAMES + ("Damage",)
    if crew is None:
        return [names[g] for g in arr[field][0][: arr[n_field][0]]]
    return [names[g] for g in arr[field][0][crew, : arr[n_field][0][crew]]]


def resolve_counting_volleys(arr, name, extend=True):
    """Play `name` and resolve it, firing option 0 to starboard at every offer; returns the
    number of volleys the card offered."""
    act(arr, card(name), OPT + 0)
    volleys = 0
    while arr["cur"][0] == 0 and arr["pending"][0] != S.PK_PLAY:
        k = int(arr["pending"][0])
        if k == S.PK_FIRE:
            volleys += 1
            act(arr, OPT + 0)
        elif k == S.PK_FIRE_SIDE:
            act(arr, RIGHT)
        elif k == S.PK_EXTEND:
            act(arr, OPT + 0 if extend else STOP)
        elif k == S.PK_PATH:
            act(arr, OPT + 0)
        else:
            raise AssertionError(f"unexpected decision {k}")
    return volleys


# --- 1. "each" fire ------------------------------------------------------------------------

def test_each_fire_volleys_only_at_the_cards_printed_firing_points():
    """Cannon Fire: "each" cards fire "from different spaces during the same card action" -
    at the firing points the card prints, after its maneuver and after its extended
    maneuver: Dread Armada (FF, then F) fires twice, not once per square sailed."""
    arr = load("each_fire_dread_armada")
    assert resolve_counting_volleys(arr, "Dread Armada") == 2
    # the first volley, from (3,1) after FF, broadsides the Galleon at (3,3) [Scoring a Hit]
    assert arr["infamy"][0][0] == 2 and arr["discard"][0][1, DMG] == 1
    assert arr["res"][0][0].tolist() == [0, 4, 0]          # 1 cannonball per volley
    i = arr["crew_ships"][0][0, 0]
    assert (arr["ship_r"][0][i], arr["ship_c"][0][i]) == (2, 1)


def test_each_fire_gauntlet_run_and_hit_and_run_fire_twice_or_once_without_extension():
    """Cannon Fire "each" on the other cards: Gauntlet Run (F, then F as well) fires twice;
    Hit and Run (FF, a sail for FLF/FRF) twice when extended, once when not."""
    for name, res, extend, volleys in (("Gauntlet Run", [0, 6, 0], True, 2),
                                       ("Hit and Run", [1, 6, 0], True, 2),
                                       ("Hit and Run", [1, 6, 0], False, 1)):
        arr = load("each_fire_dread_armada",
                   crews=[{"res": res, "hand": {name: 1}, "discard": {}},
                          {"res": [1, 1, 1], "hand": {"Make Way": 1}, "discard": {}}])
        assert resolve_counting_volleys(arr, name, extend) == volleys, (name, extend)


# --- 2. reshuffle in the Sea Phase ------------------------------------------------------------

def test_sea_phase_draw_reshuffles_the_discard_pile_when_the_deck_is_empty():
    """Deck Management: "If you must draw but there are no cards left in your deck, shuffle
    your discard pile and place it face down as your new Deck" - in the Sea Phase too
    (Lookout flag: draw 1 card). Spin on a Shilling, passed, was discarded at once ("passing
    by discarding a card" [Whirlpools and Gusts]; ruling: The card in play), so the new deck
    is it and the two Sprit Runs."""
    arr = load("sea_reshuffle_lookout")
    act(arr, card("Spin on a Shilling"), OPT + 1)          # pass; the flag still acts
    assert arr["pending"][0] == S.PK_FLAG                  # "You may" [Flags]: it does
    act(arr, OPT + 0)
    sprit, spin = C.card_id("Sprit Run"), C.card_id("Spin on a Shilling")
    assert arr["hand"][0][0].sum() == 1 and arr["discard"][0][0].sum() == 0
    assert arr["deck_n"][0][0] == 2
    pool = arr["hand"][0][0].copy()
    for d in arr["deck"][0][0, :2]:
        pool[d] += 1
    assert pool[sprit] == 2 and pool[spin] == 1 and pool.sum() == 3
    # the drawn card is another turn for player_0 this Sea Phase [Ending the Sea Phase]
    act(arr, card("Make Way"), OPT + 1)
    assert arr["cur"][0] == 0 and arr["phase"][0] == S.PH_SEA


# --- 3. the end of the game -------------------------------------------------------------------

def test_game_goes_on_after_quiet_sea_phases_while_the_damage_deck_lasts():
    """Ending the Game: only an empty Damage deck ends the game; by default Sea Phases
    without Damage, however many, lead to the next Island Phase."""
    arr = load("quiet_sea_phase")
    assert arr["cfg"]["stall_limit"][0] == 0
    act(arr, card("Make Way"), OPT + 1, card("Make Way"), OPT + 1)
    assert arr["phase"][0] == S.PH_ISLAND and not arr["done"][0]
    assert arr["quiet_seas"][0] == 0


def test_opt_in_stall_limit_ends_the_game_after_exactly_that_many_quiet_sea_phases():
    """Opt-in stall_limit=8 (ruling: Stalled games): the 8th Sea Phase in a row without a
    Damage card ends the game; the 7th does not."""
    arr = load("quiet_sea_phase", stall_limit=8, record={"quiet_seas": 7})
    act(arr, card("Make Way"), OPT + 1, card("Make Way"), OPT + 1)
    assert arr["done"][0] and arr["phase"][0] == S.PH_OVER
    arr = load("quiet_sea_phase", stall_limit=8, record={"quiet_seas": 6})
    act(arr, card("Make Way"), OPT + 1, card("Make Way"), OPT + 1)
    assert arr["phase"][0] == S.PH_ISLAND and arr["quiet_seas"][0] == 7


def test_damage_dealt_resets_the_quiet_count():
    """A Sea Phase with Damage is not quiet (ruling: Stalled games)."""
    arr = load("quiet_sea_phase", stall_limit=3, record={"quiet_seas": 2},
               crews=[{"hand": {"Warning Shot": 1}, "res": [0, 1, 0], "discard": {},
                       "deck": ["Long Gun"] * 4},
                      {"hand": {"Make Way": 1}, "discard": {}, "deck": ["Long Gun"] * 4}],
               ships=[{"crew": 0, "at": [3, 1], "heading": "N"},
                      {"crew": 1, "at": [3, 2], "heading": "N"}])
    act(arr, card("Warning Shot"), OPT + 0, OPT + 0, RIGHT, card("Make Way"), OPT + 1)
    assert arr["phase"][0] == S.PH_ISLAND and arr["quiet_seas"][0] == 0


# --- 4. ghost restock ---------------------------------------------------------------------------

def test_ghost_claims_the_card_left_when_the_market_deck_is_empty():
    """Ghost Fleet, The Market: a restock reveals new cards; with none to reveal the ghost
    claims "the first available card from the left" and scraps nothing (ruling: Ghost
    restock). Whatever it rolls, the only card (place 2) is the one claimed."""
    for seed in range(6):
        arr = load("ghost_market_empty_deck", seed=seed)
        sr = C.card_id("Stormrider")
        assert arr["market_claim"][0].tolist() == [-1, -1, 1, -1, -1]
        assert arr["market"][0][2] == sr and arr["scrap"][0][sr] == 0
        assert arr["skiffs"][0][1] == 0
        # the next ghost card (Fog Bank, the Bank) was not needed
        assert ghost_ids(arr, "ghost_deck", "ghost_deck_n")[-1] == "Fog Bank"
        assert arr["slot_crew"][0][S.SLOT_BANK] == -1
        assert arr["cur"][0] == 0 and arr["pending"][0] == S.PK_SKIFF


# --- 5. ghost fire after a pivot ----------------------------------------------------------------

def test_ghost_fires_with_the_heading_its_outline_has_after_the_pivot():
    """Ghost Maneuvers, Cannon Fire: one cannon at each ship outline; Pale Helmsman's FL
    outline faces west, so the ghost's starboard guns point north at player_0 on (0,2)
    (a broadside: 2 Infamy to the fleet, a Damage card to the player)."""
    arr = load("ghost_pivot_fire")
    g = arr["crew_ships"][0][1, 0]
    assert (arr["ship_r"][0][g], arr["ship_c"][0][g], arr["ship_h"][0][g]) == (2, 2, S.WEST)
    assert arr["ghost_infamy"][0] == 2 and arr["discard"][0][0, DMG] == 1
    assert arr["res"][0][1].tolist() == [0, 0, 0]
    assert arr["cur"][0] == 0 and arr["pending"][0] == S.PK_PLAY


# --- 6. gusts push ghosts into collisions --------------------------------------------------------

def test_gust_pushing_a_ghost_into_a_rock_is_its_collision():
    """Whirlpools and Gusts: "Collisions caused by gusts are resolved as if the ship had
    caused it" - the ghost stays, takes a Damage card and discards the top card of its
    hand [Collision Penalty; Ghost Maneuvers]; Fog Bank, the card it played, went to the
    discard pile first ("discard the top card from their 'hand' and perform the
    maneuver" [Ghost Fleet: Sea Phase])."""
    arr = load("ghost_gust_collision")
    g = arr["crew_ships"][0][1, 0]
    assert (arr["ship_r"][0][g], arr["ship_c"][0][g], arr["ship_h"][0][g]) == (2, 2, S.NORTH)
    assert arr["ghost_hand_n"][0][1] == 0
    assert ghost_ids(arr, "ghost_discard", "ghost_discard_n") == \
        ["Fog Bank", "Damage", "Salt Wraith"]
    assert arr["damage_left"][0] == 19 and arr["ghost_infamy"][0] == 0


def test_gust_pushing_a_ghost_into_another_ghost_damages_it_without_infamy():
    """Gust collision with a ghost ship of the same fleet: a ram on a friendly ship - Damage,
    no Infamy [Collision Penalty; Teams Variant]; the pushed ghost discards a card."""
    arr = load("ghost_gust_collision", grid=["......", "......", "..G...", "......",
                                            "......", "......"],
               ships=[{"crew": 0, "at": [5, 5], "heading": "S"},
                      {"crew": 1, "at": [3, 2], "heading": "N"},
                      {"crew": 2, "at": [2, 3], "heading": "S"}])
    g = arr["crew_ships"][0][1, 0]
    assert (arr["ship_r"][0][g], arr["ship_c"][0][g]) == (2, 2)
    assert ghost_ids(arr, "ghost_discard", "ghost_discard_n") == \
        ["Fog Bank", "Damage", "Salt Wraith"]
    assert arr["ghost_infamy"][0] == 0 and arr["damage_left"][0] == 19


# --- 7-9. every payment choice is the player's -----------------------------------------------

def test_player_chooses_which_resource_pays_the_any_part_of_a_cost():
    """Symbology: "Any Resource" - Powder Trail costs a cannonball and any 1: the player
    chooses the sail or the coin [Island Phase Step 2]."""
    for choice, left in ((S.SAIL, [0, 0, 1]), (S.COIN, [1, 0, 0])):
        arr = load("pay_any_purchase")
        act(arr, S.A_MARKET + 0, OPT + 0)
        assert arr["pending"][0] == S.PK_PAY
        assert legal(arr) == {OPT + S.SAIL, OPT + S.COIN}
        assert arr["pay_cost"][0].tolist() == [0, 0, 0, 1]
        act(arr, OPT + choice)
        assert arr["res"][0][0].tolist() == left
        assert arr["hand"][0][0, C.card_id("Powder Trail")] == 1
        assert arr["phase"][0] == S.PH_SEA


def test_player_chooses_the_resource_a_scrapped_cards_any_cost_returns():
    """Scrapping Cards: the scrapper receives the card's cost; its "any" part is a resource
    of the player's choice [Deep Cove]."""
    arr = load("scrap_any_deep_cove")
    act(arr, S.A_SLOT + S.SLOT_DEEP_COVE, card("Powder Trail"))
    assert arr["pending"][0] == S.PK_SCRAP_GAIN and arr["res"][0][0].tolist() == [0, 1, 0]
    assert legal(arr) == {OPT + 0, OPT + 1, OPT + 2}
    act(arr, OPT + S.SAIL)
    assert arr["res"][0][0].tolist() == [1, 1, 0] and arr["pending"][0] == S.PK_SCRAP
    act(arr, card("Gybe and Go"), OPT + S.CANNON)
    assert arr["res"][0][0].tolist() == [2, 2, 0]
    assert arr["scrap"][0][C.card_id("Powder Trail")] == 1


def test_scrapped_any_cost_with_room_for_one_resource_asks_nothing():
    """Island Setup 2: what does not fit on the board is not taken; with room only for coins
    the "any" part is a coin, no question asked."""
    arr = load("scrap_any_deep_cove", crews=[
        {"skiffs": 1, "res": [9, 7, 0], "hand": {"Powder Trail": 1}, "discard": {}},
        {"skiffs": 0}])
    act(arr, S.A_SLOT + S.SLOT_DEEP_COVE, card("Powder Trail"))
    assert arr["res"][0][0].tolist() == [9, 8, 1]
    assert arr["phase"][0] == S.PH_SEA                  # nothing was asked


def test_booty_may_be_spent_instead_of_resources():
    """Booty: "can be spent for its resource value whenever you would spend resources" -
    with cannonballs in hand the player may still pay the shot with booty; the token goes
    back to the stack and its excess is lost."""
    arr = load("booty_instead_of_cannonballs")
    stack = int(arr["wreck_stack_n"][0])
    act(arr, card("Warning Shot"), OPT + 0, OPT + 0)
    assert arr["pending"][0] == S.PK_PAY and legal(arr) == {OPT + S.CANNON, BOOTY}
    act(arr, BOOTY)
    assert arr["booty"][0][0] == 0 and arr["wreck_stack_n"][0] == stack + 1
    assert arr["pay_pool"][0] == 0                      # the rest of its value is lost
    act(arr, RIGHT)
    assert arr["res"][0][0].tolist() == [0, 3, 0]
    assert arr["infamy"][0][0] == RAKING_INFAMY and arr["discard"][0][1, DMG] == 1
    # or keep the booty and pay a cannonball
    arr = load("booty_instead_of_cannonballs")
    act(arr, card("Warning Shot"), OPT + 0, OPT + 0, OPT + S.CANNON, RIGHT)
    assert arr["res"][0][0].tolist() == [0, 2, 0] and arr["booty"][0][0] > 0


# --- 10. two ships -----------------------------------------------------------------------------

def test_two_ship_whirlpools_turn_only_the_ship_the_card_applied_to():
    """2 Ship Variant: "Each card you play applies only to one ship"; Whirlpools and Gusts
    are resolved after the card for that ship (ruling: Two ships and sea features)."""
    arr = load("two_ship_whirlpools")
    i0, i1 = arr["crew_ships"][0][0]
    act(arr, card("Make Way"), OPT + 0, OPT + 0)          # resolve, with the first ship
    assert arr["ship_h"][0][i0] == S.EAST                 # clockwise whirlpool at (2,2)
    assert arr["ship_h"][0][i1] == S.WEST                 # not turned by its own whirlpool
    act(arr, card("Make Way"), OPT + 1)                   # player_1 passes
    # player_0 passes: both ships stand on whirlpools, it chooses which the card applies to
    act(arr, card("Make Way"), OPT + 1)
    assert arr["pending"][0] == S.PK_SHIP and legal(arr) == {OPT + 0, OPT + 1}
    act(arr, OPT + 1)
    assert arr["ship_h"][0][i1] == S.SOUTH and arr["ship_h"][0][i0] == S.EAST


# --- 11. Ghost Fleet tie-breakers -------------------------------------------------------------

def test_ghost_fleet_tie_breaker_compares_resources_per_ship():
    """Final Scoring tie-breakers against the Ghost Fleet (ruling: Ghost Fleet tie-breakers):
    tied at 5, the players hold 3 resources per player, the fleet 2.5 per ghost ship, so
    the players win."""
    arr = load("ghost_tie_break")
    act(arr, card("Make Way"), OPT + 1, card("Make Way"), OPT + 1)
    assert arr["done"][0] and arr["winner_mask"][0] == 0b11
    assert arr["reward"][0][:2].tolist() == [1.0, 1.0]


# --- 12. Ghost Fleet in a competitive game; ghost flags at sea ----------------------------------

def test_ghost_fleet_as_an_added_opponent_in_a_competitive_game():
    """The Ghost Fleet "for added challenge in a 2 or 3 player game" (coop=False): each
    player scores alone (no division) against the other and the fleet: 6 beats the fleet's
    5 and the other player's 4."""
    arr = load("ghost_tie_break", coop=False)
    assert arr["crew_team"][0][:4].tolist() == [0, 1, 2, 2]
    act(arr, card("Make Way"), OPT + 1, card("Make Way"), OPT + 1)
    assert arr["done"][0] and arr["winner_mask"][0] == 0b01
    assert arr["reward"][0][:2].tolist() == [1.0, -1.0]


def test_ghost_swift_flag_plays_another_card_at_sea():
    """Ghost Fleet, Flags: Swift - "Sea Phase: Ghost plays another card" (ruling: Ghost card
    flags): Restless Keel (R, a Swift card) then Fog Bank (F) before the next crew plays."""
    arr = load("ghost_swift_flag")
    g = arr["crew_ships"][0][1, 0]
    assert arr["ghost_hand_n"][0][1] == 0
    assert (arr["ship_r"][0][g], arr["ship_c"][0][g], arr["ship_h"][0][g]) == (3, 3, S.EAST)
    g2 = arr["crew_ships"][0][2, 0]
    assert arr["ship_h"][0][g2] == S.SOUTH                 # ghost 2 then played Salt Wraith
    assert arr["cur"][0] == 0 and arr["pending"][0] == S.PK_PLAY
    # without the flag the first ghost plays one card and the next crew follows
    arr = load("ghost_swift_flag", flags={"Swift": 2})
    assert arr["ghost_hand_n"][0][1] == 1
