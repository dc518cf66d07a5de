"""Seas of Havoc Sea Phase: turn order, playing / passing a card, flag actions, card effects,
cleanup and the end of the game (envs/havoc/sea.py).

Rulebook: Sea Phase Step 1 (Turn by Turn Card Play, Playing a Card, Passing a Turn,
Resolving Cards, Resolving Flag Actions, Ending the Sea Phase), Step 2 (Sea Phase Cleanup),
Ending the Game, 2 Ship Variant, Card Anatomy (ability card effects).
"""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from envs.havoc import cards as C
from envs.havoc import rules, scenario
from envs.havoc import state as S

EMPTY = ["......"] * 6
STOP = S.A_STOP


def sea(ships, crews, **kw):
    """A Sea Phase position on an empty grid, crew 0 to play (overridable)."""
    d = {"players": len(crews), "phase": "sea", "seed": 7, "grid": EMPTY, "wrecks": [],
         "ships": ships, "crews": crews, "first": 0, "cur": 0, "damage_left": 20}
    d.update(kw)
    return scenario.from_scenario(d)


def legal(arr):
    m = np.zeros(S.NUM_ACTIONS, dtype=np.uint8)
    rules.legal_mask(arr[0], m)
    return set(np.flatnonzero(m).tolist())


def act(arr, *actions):
    for a in actions:
        assert a in legal(arr), (a, sorted(legal(arr)), int(arr["pending"][0]))
        rules.apply(arr[0], a)


def hand(name):
    return S.A_HAND + C.card_id(name)


def opt(k):
    return S.A_OPTION + k


def get(arr, field):
    return arr[field][0]


def ship_with(effect):
    """(ship def, upgrade slot) of the ship whose upgrade has this effect."""
    for sd in range(S.NUM_SHIP_DEFS):
        for k in range(2):
            if C.UPGRADE_EFFECT[C.SHIP_UPGRADES[sd, k]] == effect:
                return sd, k
    raise AssertionError(effect)


TWO = [{"crew": 0, "at": [3, 1], "heading": "N"}, {"crew": 1, "at": [0, 4], "heading": "S"}]
THREE = TWO + [{"crew": 2, "at": [5, 5], "heading": "W"}]


# --- turn order -------------------------------------------------------------------------------

def test_first_player_token_holder_plays_first():
    """Sea Phase Step 1: "The player with the First Player token plays first" - the Sea
    Phase begins with the token's holder (the scenario names the holder, not who plays)."""
    d = {"players": 3, "phase": "sea", "seed": 7, "grid": EMPTY, "wrecks": [], "ships": THREE,
         "crews": [{"hand": {"Make Way": 1}}] * 3, "first": 2, "damage_left": 20}
    arr = scenario.from_scenario(d)
    assert get(arr, "pending") == S.PK_PLAY
    assert get(arr, "cur") == 2 and get(arr, "to_play") == 2


def test_island_cleanup_hands_the_sea_phase_to_the_new_token_holder():
    """Capitol: "you will go first in the subsequent Sea and Island Phase" - the Sea Phase
    after an Island Phase where player_2 took the Capitol begins with player_2."""
    d = {"players": 3, "phase": "island", "seed": 7, "cur": 0, "first": 0,
         "crews": [{"skiffs": 1}, {"skiffs": 0}, {"skiffs": 1, "res": [0, 0, 0]}]}
    arr = scenario.from_scenario(d)
    act(arr, S.A_SLOT + S.SLOT_BANK, S.A_SLOT + S.SLOT_CAPITOL, opt(S.SAIL))
    assert get(arr, "phase") == S.PH_SEA and get(arr, "first_crew") == 2
    assert get(arr, "cur") == 2 and get(arr, "pending") == S.PK_PLAY


def test_turns_proceed_clockwise_after_each_card():
    """Sea Phase Step 1: after a card is resolved it is discarded and play proceeds clockwise."""
    arr = sea(THREE, [{"hand": {"Make Way": 2}}] * 3, first=1, cur=1)
    order = []
    for _ in range(4):
        order.append(int(get(arr, "cur")))
        act(arr, hand("Make Way"), opt(0))
    assert order == [1, 2, 0, 1]


def test_play_offers_exactly_the_cards_in_hand():
    """Playing a Card: a player must play a card from their hand."""
    arr = sea(TWO, [{"hand": {"Make Way": 1, "Long Gun": 2}}, {"hand": {"Make Way": 1}}])
    assert legal(arr) == {hand("Make Way"), hand("Long Gun")}


def test_card_in_resolution_is_out_of_hand_and_not_yet_discarded():
    """Resolving Cards: the card is placed in view while it resolves, then discarded."""
    arr = sea(TWO, [{"hand": {"Make Way": 1, "Long Gun": 1}}, {"hand": {"Make Way": 1}}])
    d = C.card_id("Long Gun")
    act(arr, hand("Long Gun"))
    assert get(arr, "card") == d and get(arr, "pending") == S.PK_MODE
    assert get(arr, "hand")[0, d] == 0 and get(arr, "discard")[0, d] == 0
    assert legal(arr) == {opt(0), opt(1)}
    act(arr, opt(1))
    assert get(arr, "card") == -1 and get(arr, "discard")[0, d] == 1


def test_passing_discards_the_card_without_its_actions():
    """Passing a Turn: a card may be played without taking any of its actions."""
    arr = sea(TWO, [{"hand": {"Full Canvas": 1}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Full Canvas"), opt(1))
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (3, 1)
    assert get(arr, "discard")[0, C.card_id("Full Canvas")] == 1
    assert get(arr, "cur") == 1


def test_damage_card_can_only_pass():
    """Damage cards have no action (rulings: Damage cards): playing one passes the turn."""
    arr = sea(TWO, [{"hand": {"Damage": 1, "Make Way": 1}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Damage"))
    assert get(arr, "cur") == 1 and get(arr, "pending") == S.PK_PLAY
    assert get(arr, "discard")[0, C.DAMAGE_DEF] == 1


def test_empty_handed_crew_passes_automatically():
    """Passing a Turn: "When a player's turn comes and they have no cards, their turn is
    automatically passed"."""
    arr = sea(THREE, [{"hand": {"Make Way": 2}}, {"hand": {}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Make Way"), opt(0))
    assert get(arr, "cur") == 2


def test_crew_with_more_cards_gets_more_turns():
    """Ending the Sea Phase: players with more cards in their hands get more turns."""
    arr = sea(TWO, [{"hand": {"Make Way": 3}, "deck": ["Long Gun"] * 6},
                    {"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6}])
    order = []
    while get(arr, "phase") == S.PH_SEA:
        order.append(int(get(arr, "cur")))
        act(arr, hand("Make Way"), opt(1))
    assert order == [0, 1, 0, 0]


def test_sea_phase_ends_only_when_every_hand_is_empty():
    """Ending the Sea Phase: "When no player has cards remaining in their hands, cleanup"."""
    arr = sea(TWO, [{"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6},
                    {"hand": {"Make Way": 2}, "deck": ["Long Gun"] * 6}])
    act(arr, hand("Make Way"), opt(1))          # crew 0 is now out of cards
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "phase") == S.PH_SEA and get(arr, "cur") == 1
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "phase") == S.PH_ISLAND


def test_cleanup_draws_back_up_to_four_then_island_phase():
    """Sea Phase Cleanup: each player draws a new hand of 4 cards; then the Island Phase."""
    arr = sea(TWO, [{"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6},
                    {"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 2, "discard": {}}])
    rnd = int(get(arr, "round"))
    act(arr, hand("Make Way"), opt(1), hand("Make Way"), opt(1))
    assert get(arr, "phase") == S.PH_ISLAND and get(arr, "round") == rnd + 1
    lg = C.card_id("Long Gun")
    assert get(arr, "hand")[0].sum() == 4 and get(arr, "hand")[0, lg] == 4
    # crew 1's deck ran out: its discard pile (the Make Way) is shuffled in [Deck Management]
    assert get(arr, "hand")[1].sum() == 3 and get(arr, "deck_n")[1] == 0


def test_hand_size_upgrade_draws_one_more_at_cleanup():
    """Sea Phase Cleanup with an active hand_size upgrade (Chart Room): draw up to 5."""
    sd, k = ship_with(S.UPG_HAND)
    up = [0, 0]
    up[k] = 1
    arr = sea(TWO, [{"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6, "upgrades": up},
                    {"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6}],
              ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Make Way"), opt(1), hand("Make Way"), opt(1))
    assert get(arr, "hand")[0].sum() == 5 and get(arr, "hand")[1].sum() == 4


def test_game_ends_after_the_sea_phase_when_damage_deck_is_empty():
    """Ending the Game: "The game ends at the end of a Sea Phase when the Damage deck is
    empty"."""
    arr = sea(TWO, [{"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6},
                    {"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6}], damage_left=0)
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "phase") == S.PH_SEA and not get(arr, "done")
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "phase") == S.PH_OVER and get(arr, "done")


def test_damage_beyond_the_deck_is_still_dealt_from_the_box():
    """Ending the Game: players complete that Sea Phase using extra damage cards."""
    ships = [{"crew": 0, "at": [3, 1], "heading": "N"}, {"crew": 1, "at": [3, 2], "heading": "N"}]
    arr = sea(ships, [{"hand": {"Grapeshot": 1}, "res": [0, 2, 0]},
                      {"hand": {"Make Way": 1}, "discard": {}}], damage_left=1)
    act(arr, hand("Grapeshot"), opt(0), opt(0), opt(1))
    assert get(arr, "damage_left") == 0 and get(arr, "damage_extra") == 1
    assert get(arr, "discard")[1, C.DAMAGE_DEF] == 2


# --- flag actions [Resolving Flag Actions] ------------------------------------------------------

def test_passed_card_still_triggers_its_flag_action():
    """Resolving Flag Actions: flags resolve "once all other actions ... have been resolved or
    you have passed using that card" (Reminders: cards played to pass may still activate)."""
    arr = sea(TWO, [{"hand": {"Tradewind Reach": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}], flags={"Purser": 0})
    act(arr, hand("Tradewind Reach"), opt(1))
    assert get(arr, "pending") == S.PK_GAIN_ANY
    act(arr, opt(S.CANNON))
    assert get(arr, "res")[0].tolist() == [0, 1, 0]
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (3, 1)


def test_flag_action_needs_the_matching_flag():
    """Resolving Flag Actions: only if the player owns the matching flag."""
    arr = sea(TWO, [{"hand": {"Tradewind Reach": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}], flags={"Purser": 1})
    act(arr, hand("Tradewind Reach"), opt(1))
    assert get(arr, "cur") == 1 and get(arr, "res")[0].tolist() == [0, 0, 0]


def test_flag_action_comes_after_the_maneuver():
    """Resolving Flag Actions: flag actions are resolved last."""
    arr = sea(TWO, [{"hand": {"Tradewind Reach": 1}}, {"hand": {"Make Way": 1}}],
              flags={"Purser": 0})
    act(arr, hand("Tradewind Reach"), opt(0))
    assert get(arr, "pending") == S.PK_GAIN_ANY
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (1, 1)


def test_swift_flag_plays_another_card():
    """Flags: Swift - Sea Phase: play another card."""
    arr = sea(TWO, [{"hand": {"Three Knots": 1, "Make Way": 1}}, {"hand": {"Make Way": 1}}],
              flags={"Swift": 0})
    act(arr, hand("Three Knots"), opt(1))
    assert get(arr, "pending") == S.PK_FLAG            # "You may" [Flags]
    act(arr, opt(0))
    assert get(arr, "cur") == 0 and get(arr, "pending") == S.PK_PLAY
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "cur") == 1


def test_flags_swift_on_a_passed_card_may_be_declined():
    """Flags: "You may then perform the associated Flag's action once"; a passed card may
    still activate its flag [Reminders]: declining Swift, play passes clockwise."""
    arr = sea(TWO, [{"hand": {"Three Knots": 1, "Make Way": 1}}, {"hand": {"Make Way": 1}}],
              flags={"Swift": 0})
    act(arr, hand("Three Knots"), opt(1), S.A_STOP)
    assert get(arr, "cur") == 1 and get(arr, "pending") == S.PK_PLAY
    assert get(arr, "hand")[0, C.card_id("Make Way")] == 1


def test_swift_flag_with_an_empty_hand_passes_on():
    """Flags: Swift - with no card left, there is no other card to play."""
    arr = sea(TWO, [{"hand": {"Three Knots": 1}}, {"hand": {"Make Way": 1}}],
              flags={"Swift": 0})
    act(arr, hand("Three Knots"), opt(1))
    assert get(arr, "cur") == 1 and get(arr, "extra_turn") == 0


def test_lookout_flag_draws_a_card():
    """Flags: Lookout - draw 1 card from your deck to your hand."""
    arr = sea(TWO, [{"hand": {"Spin on a Shilling": 1}, "deck": ["Long Gun"]},
                    {"hand": {"Make Way": 1}}], flags={"Lookout": 0})
    act(arr, hand("Spin on a Shilling"), opt(1), opt(0))
    assert get(arr, "hand")[0, C.card_id("Long Gun")] == 1
    # the drawn card gives crew 0 another turn later in this Sea Phase
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "cur") == 0 and get(arr, "phase") == S.PH_SEA


def test_draw_effect_reshuffles_the_discard_pile_when_the_deck_is_empty():
    """Deck Management: "If you must draw but there are no cards left in your deck, shuffle
    your discard pile and place it face down as your new Deck. You may then draw the cards
    you require" - Old Sea Chart's draw in the Sea Phase (the card itself is not yet in the
    discard pile [Resolving Cards])."""
    arr = sea(TWO, [{"hand": {"Old Sea Chart": 1, "Make Way": 1}, "deck": [],
                     "discard": {"Long Gun": 2}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Old Sea Chart"), opt(0), opt(0))
    lg = C.card_id("Long Gun")
    assert get(arr, "hand")[0, lg] == 1 and get(arr, "hand")[0].sum() == 2
    assert get(arr, "deck_n")[0] == 1 and get(arr, "deck")[0, 0] == lg
    assert get(arr, "discard")[0].tolist()[C.card_id("Old Sea Chart")] == 1
    assert get(arr, "discard")[0].sum() == 1


def test_draw_with_empty_deck_and_discard_pile_draws_nothing():
    """Deck Management: with no deck and no discard pile there is nothing to draw."""
    arr = sea(TWO, [{"hand": {"Old Sea Chart": 1, "Make Way": 1}, "deck": [],
                     "discard": {}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Old Sea Chart"), opt(0), opt(0))
    assert get(arr, "hand")[0].sum() == 1 and get(arr, "deck_n")[0] == 0


def test_breaker_flag_scraps_a_card_for_its_cost():
    """Flags: Breaker - scrap 1 card from hand or discard pile and gain its cost."""
    arr = sea(TWO, [{"hand": {"Grapeshot": 1, "Long Gun": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}], flags={"Breaker": 0})
    act(arr, hand("Grapeshot"), opt(1))
    assert get(arr, "pending") == S.PK_SCRAP
    act(arr, hand("Long Gun"))
    assert get(arr, "res")[0].tolist() == [0, 1, 0]
    assert get(arr, "scrap")[C.card_id("Long Gun")] == 1


def test_breaker_flag_of_a_passed_card_may_scrap_that_card():
    """Passing a Turn is discarding the card: Whirlpools and Gusts "(this includes passing by
    discarding a card ...)", Quick Reference "follows its instructions or discards to pass";
    its flag action follows: "Flag actions are resolved last, once ... you have passed using
    that card" [Resolving Flag Actions]. So the passed Grapeshot is on the discard pile when
    its Breaker flag action ("Scrap 1 card from your hand or discard pile and gain the
    resources equal to the cost of that card") is taken, and may be the card scrapped."""
    arr = sea(TWO, [{"hand": {"Grapeshot": 1, "Long Gun": 1}, "res": [0, 0, 0], "discard": {}},
                    {"hand": {"Make Way": 1}}], flags={"Breaker": 0})
    gs = C.card_id("Grapeshot")
    act(arr, hand("Grapeshot"), opt(1))
    assert get(arr, "pending") == S.PK_SCRAP
    assert legal(arr) == {hand("Long Gun"), S.A_DISCARD + gs, STOP}
    act(arr, S.A_DISCARD + gs)
    assert get(arr, "scrap")[gs] == 1 and get(arr, "res")[0].tolist() == [0, 1, 0]
    assert get(arr, "discard")[0, gs] == 0 and get(arr, "hand")[0, gs] == 0
    assert get(arr, "card") == -1 and get(arr, "cur") == 1


def test_lookout_flag_of_a_passed_card_reshuffles_it_when_the_deck_is_empty():
    """A passed card is discarded before its flag action [Passing a Turn; Whirlpools and Gusts:
    "passing by discarding a card"; Resolving Flag Actions]; Lookout then draws from an empty
    deck: "shuffle your discard pile and place it face down as your new Deck. You may then
    draw the cards you require" [Deck Management] - the discard pile holds the passed Spin on
    a Shilling, which is drawn back."""
    spin = C.card_id("Spin on a Shilling")
    arr = sea(TWO, [{"hand": {"Spin on a Shilling": 1, "Make Way": 1}, "deck": [],
                     "discard": {}}, {"hand": {"Make Way": 1}}], flags={"Lookout": 0})
    act(arr, hand("Spin on a Shilling"), opt(1))
    assert get(arr, "pending") == S.PK_FLAG
    act(arr, opt(0))
    assert get(arr, "hand")[0, spin] == 1 and get(arr, "hand")[0].sum() == 2
    assert get(arr, "deck_n")[0] == 0 and get(arr, "discard")[0].sum() == 0
    assert get(arr, "cur") == 1


# --- effects of ability cards [Card Anatomy: Ability Cards] -------------------------------------

def test_gain_effect_after_the_maneuver():
    """Ability card effect: Cutlass Charge sails FF then gains a cannonball."""
    arr = sea(TWO, [{"hand": {"Cutlass Charge": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}])
    act(arr, hand("Cutlass Charge"), opt(0))
    assert get(arr, "res")[0].tolist() == [0, 1, 0]
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (1, 1)


def test_passed_ability_card_has_no_effect():
    """Passing a Turn: no actions of the card are taken."""
    arr = sea(TWO, [{"hand": {"Glint of Gold": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}])
    act(arr, hand("Glint of Gold"), opt(1))
    assert get(arr, "res")[0].tolist() == [0, 0, 0]


def test_gain_any_effect_asks_for_the_resource():
    arr = sea(TWO, [{"hand": {"Signal Hoist": 1}, "res": [0, 0, 0]},
                    {"hand": {"Make Way": 1}}])
    act(arr, hand("Signal Hoist"), opt(0))
    assert get(arr, "pending") == S.PK_GAIN_ANY
    act(arr, opt(S.SAIL))
    assert get(arr, "res")[0].tolist() == [1, 0, 0] and get(arr, "cur") == 1


def test_draw_effect_draws_from_the_deck():
    arr = sea(TWO, [{"hand": {"Old Sea Chart": 1}, "deck": ["Long Gun", "Make Way"]},
                    {"hand": {"Make Way": 1}}])
    act(arr, hand("Old Sea Chart"), opt(0), opt(0))
    assert get(arr, "hand")[0, C.card_id("Make Way")] == 1 and get(arr, "deck_n")[0] == 1


def test_infamy_effect_scores():
    arr = sea(TWO, [{"hand": {"Dread Majesty": 1}, "infamy": 4}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Dread Majesty"), opt(0))
    assert get(arr, "infamy")[0] == 5


def test_repair_effect_scraps_damage_cards_only():
    """Repair effect: scrap up to n Damage cards from hand or discard (rulings: Card pool)."""
    arr = sea(TWO, [{"hand": {"Royal Shipwright": 1, "Damage": 1}, "discard": {"Damage": 2,
                     "Long Gun": 1}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Royal Shipwright"), opt(0))
    assert get(arr, "pending") == S.PK_SCRAP
    dmg = C.DAMAGE_DEF
    assert legal(arr) == {S.A_HAND + dmg, S.A_DISCARD + dmg, STOP}
    act(arr, S.A_HAND + dmg, S.A_DISCARD + dmg)
    assert get(arr, "hand")[0, dmg] == 0 and get(arr, "discard")[0, dmg] == 1
    assert get(arr, "scrap")[dmg] == 2 and get(arr, "cur") == 1


def test_repair_with_no_damage_asks_nothing():
    arr = sea(TWO, [{"hand": {"Royal Shipwright": 1}, "discard": {}},
                    {"hand": {"Make Way": 1}}])
    act(arr, hand("Royal Shipwright"), opt(0))
    assert get(arr, "cur") == 1 and get(arr, "pending") == S.PK_PLAY


def test_repair_asks_whoever_owns_damage_so_the_hand_stays_hidden():
    """Repair effect with [Deck Management: the hand is "hidden from others"] (ruling: Forced
    decisions are public ones): whether the scrap is asked follows from the Damage cards she
    owns, never from where they lie. With her one Damage card in her hand or in her deck
    (the other seat cannot tell which), she is asked alike and the other seat's observation
    stays the same; from the deck she can only stop."""
    from envs.havoc.observe import OBS_SIZE, observe

    seen = []
    dmg = C.DAMAGE_DEF
    for in_hand in (True, False):
        held = {"Royal Shipwright": 1, ("Damage" if in_hand else "Long Gun"): 1}
        arr = sea(TWO, [{"hand": held, "deck": ["Long Gun" if in_hand else "Damage"],
                         "discard": {}}, {"hand": {"Make Way": 1}}])
        act(arr, hand("Royal Shipwright"), opt(0))
        assert get(arr, "pending") == S.PK_SCRAP and get(arr, "cur") == 0
        assert legal(arr) == ({S.A_HAND + dmg, STOP} if in_hand else {STOP})
        o = np.zeros(OBS_SIZE, dtype=np.float32)
        observe(arr[0], 1, o)
        seen.append(o)
    assert np.array_equal(seen[0], seen[1])


def test_pivot_effect_is_optional():
    """Slip the Anchor: sail FF, then one optional 90-degree pivot."""
    arr = sea(TWO, [{"hand": {"Slip the Anchor": 2}}, {"hand": {"Make Way": 2}}])
    act(arr, hand("Slip the Anchor"), opt(0))
    assert get(arr, "pending") == S.PK_PIVOT
    assert legal(arr) == {opt(0), opt(1), STOP}
    act(arr, opt(1))
    assert get(arr, "ship_h")[0] == S.EAST and get(arr, "cur") == 1
    act(arr, hand("Make Way"), opt(1))
    act(arr, hand("Slip the Anchor"), opt(0), STOP)
    assert get(arr, "ship_h")[0] == S.EAST


# --- 2 Ship Variant -----------------------------------------------------------------------------

TWO_SHIPS = [{"crew": 0, "index": 0, "at": [3, 1], "heading": "N"},
             {"crew": 0, "index": 1, "at": [3, 4], "heading": "E"},
             {"crew": 1, "index": 0, "at": [0, 0], "heading": "S"},
             {"crew": 1, "index": 1, "at": [5, 5], "heading": "W"}]


def test_two_ship_variant_card_applies_to_the_chosen_ship():
    """2 Ship Variant: "Each card you play applies only to one ship"."""
    arr = sea(TWO_SHIPS, [{"hand": {"Make Way": 1}}, {"hand": {"Make Way": 1}}],
              variant="two_ship")
    act(arr, hand("Make Way"), opt(0))
    assert get(arr, "pending") == S.PK_SHIP and legal(arr) == {opt(0), opt(1)}
    act(arr, opt(1))
    i0, i1 = get(arr, "crew_ships")[0]
    assert (get(arr, "ship_r")[i0], get(arr, "ship_c")[i0]) == (3, 1)
    assert (get(arr, "ship_r")[i1], get(arr, "ship_c")[i1]) == (3, 5)


# --- properties -----------------------------------------------------------------------------------

def to_sea(seed, players=3, **config):
    """A real game played at random from its start up to its first Sea Phase."""
    from envs.havoc.config import make_config

    rnd = np.random.default_rng(seed)
    arr = np.zeros(1, dtype=S.STATE)
    rules.init(arr[0], make_config(num_players=players, **config)[0], seed)
    while get(arr, "phase") != S.PH_SEA:
        moves = sorted(legal(arr))
        rules.apply(arr[0], moves[int(rnd.integers(len(moves)))])
    return arr


@given(seed=st.integers(0, 999), choices=st.lists(st.integers(0, 10**6), min_size=200,
                                                   max_size=200))
def test_random_sea_phase_ends_with_cards_conserved(seed, choices):
    """Random legal play always leaves the Sea Phase, never shows an empty mask, and every
    card stays in exactly one zone (hand, deck, discard, the card in play, scrap pile; a
    passed card is discarded at once [ruling: The card in play])."""
    arr = to_sea(seed)

    def total():
        n = int(get(arr, "scrap").sum())
        n += int(get(arr, "card") >= 0 and not get(arr, "card_passed"))
        for c in range(3):
            n += int(get(arr, "hand")[c].sum() + get(arr, "discard")[c].sum()
                     + get(arr, "deck_n")[c])
        return n

    def dealt():
        return -int(get(arr, "damage_left")) + int(get(arr, "damage_extra"))

    start = total() - dealt()
    for x in choices:
        if get(arr, "phase") != S.PH_SEA:
            break
        moves = sorted(legal(arr))
        assert moves
        rules.apply(arr[0], moves[x % len(moves)])
        assert total() - dealt() == start
    assert get(arr, "phase") != S.PH_SEA
