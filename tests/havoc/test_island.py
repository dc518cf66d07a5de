"""Seas of Havoc Island Phase: Skiff turns, every island action, restock, purchases and
cleanup (envs/havoc/island.py). Each test names its rule and cites the rulebook section."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from envs.havoc import cards, rules
from envs.havoc import island as island_rules
from envs.havoc.config import make_config
from envs.havoc.scenario import from_scenario
from envs.havoc.state import (
    A_BOOTY, A_DISCARD, A_HAND, A_MARKET, A_OPTION, A_RESTOCK, A_SLOT, A_STOP, CANNON, COIN,
    KIND_MARKET, MARKET_SIZE, NUM_ACTIONS, PH_ISLAND, PH_PURCHASE, PH_SEA,
    PH_SETUP, PK_FLAG, PK_GAIN_ANY, PK_NONE, PK_PAY, PK_PURCHASE, PK_RESTOCK_PICK, PK_SCRAP, PK_SKIFF,
    PK_TRADE_GIVE, PK_TRADE_TAKE, PK_WORKSHOP, SAIL, SLOT_BANK, SLOT_BLACKSMITH,
    SLOT_BLACKSMITH_4P, SLOT_CAPITOL, SLOT_DEEP_COVE, SLOT_FLAG0, SLOT_SAILMAKER,
    SLOT_SHIPYARD, SLOT_TRADING_POST, SLOT_WORKSHOP, STATE, FLAG_BREAKER, FLAG_LOOKOUT,
    FLAG_PURSER, FLAG_SWIFT,
)

ID = cards.card_id


def legal(rec):
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    rules.legal_mask(rec, mask)
    return set(np.flatnonzero(mask).tolist())


def act(rec, *actions):
    for a in actions:
        assert a in legal(rec), (a, sorted(legal(rec)))
        rules.apply(rec, a)


def island(crews, **kw):
    """A 3-player Island Phase, crew 0 to place; `crews` overlays the crews."""
    d = {"players": 3, "seed": 1, "phase": "island", "cur": 0, "first": 0}
    d.update(kw)
    d["crews"] = crews
    arr = from_scenario(d)
    return arr, arr[0]


def slot(k):
    return A_SLOT + k


# --- Skiff turns ---------------------------------------------------------------------------

def test_skiffs_are_placed_one_per_turn_in_player_order():
    """Island Phase Step 1: starting with the First Player token holder, each player places
    one Skiff per turn, clockwise, until all are placed."""
    arr, rec = island([{"skiffs": 2}, {"skiffs": 2}, {"skiffs": 1}], cur=1, first=1)
    order = []
    picks = [SLOT_BANK, SLOT_BLACKSMITH, SLOT_SAILMAKER, SLOT_TRADING_POST, SLOT_WORKSHOP]
    for k in picks:
        assert rec["pending"] == PK_SKIFF
        order.append(int(rec["cur"]))
        act(rec, slot(k))
        while rec["pending"] in (PK_TRADE_GIVE, PK_WORKSHOP):
            act(rec, A_STOP)
    assert order == [1, 2, 0, 1, 0]
    assert rec["phase"] == PH_SEA


def test_only_one_skiff_per_slot_or_market_card():
    """Island Phase Step 1: only a single Skiff may occupy a slot or card at a time."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_BANK))
    assert slot(SLOT_BANK) not in legal(rec)
    act(rec, A_MARKET + 2)
    assert A_MARKET + 2 not in legal(rec)
    assert rec["market_claim"][2] == 1


def test_blacksmith_both_slots_may_go_to_the_same_player_on_different_turns():
    """Island Phase Step 1: the Blacksmith's two slots can both be taken by the same player,
    one Skiff per turn (4+ players)."""
    arr, rec = island([{"skiffs": 2, "res": [0, 0, 0]}] + [{"skiffs": 1}] * 3, players=4)
    act(rec, slot(SLOT_BLACKSMITH))
    assert rec["cur"] == 1
    act(rec, slot(SLOT_BANK), slot(SLOT_SAILMAKER), slot(SLOT_CAPITOL), A_OPTION + 0)
    assert rec["cur"] == 0
    act(rec, slot(SLOT_BLACKSMITH_4P))
    assert rec["res"][0].tolist() == [0, 2, 0]


@pytest.mark.parametrize("kw,shipyard,blacksmith2", [
    (dict(players=2), False, False),
    (dict(players=3), True, False),
    (dict(players=4), True, True),
    (dict(players=5), True, True),
    (dict(players=2, variant="two_ship"), False, False),
    (dict(players=1, variant="ghost", num_ghosts=2), True, False),
    (dict(players=1, variant="ghost", num_ghosts=3), True, True),
])
def test_blocked_ports_need_enough_players(kw, shipyard, blacksmith2):
    """Blocked Ports: 3+/4+ slots need that many different players (the 2 Ship Variant's
    second ships add no player); the Ghost Fleet counts ships (Ghost Fleet: Island Phase)."""
    d = {"seed": 2, "phase": "island", "cur": 0, "first": 0}
    d.update(kw)
    rec = from_scenario(d)[0]
    assert rec["pending"] == PK_SKIFF and rec["cur"] == 0
    ok = legal(rec)
    assert (slot(SLOT_SHIPYARD) in ok) == shipyard
    assert (slot(SLOT_BLACKSMITH_4P) in ok) == blacksmith2
    for k in (SLOT_BANK, SLOT_BLACKSMITH, SLOT_CAPITOL, SLOT_DEEP_COVE, SLOT_FLAG0):
        assert slot(k) in ok


# --- resource producers ----------------------------------------------------------------

@pytest.mark.parametrize("k,res", [(SLOT_BANK, COIN), (SLOT_BLACKSMITH, CANNON),
                                   (SLOT_SAILMAKER, SAIL)])
def test_resource_producers_give_their_resource_at_once(k, res):
    """Island Actions: Bank a coin, Blacksmith a cannonball, Sail Maker a sail."""
    arr, rec = island([{"skiffs": 1, "res": [1, 1, 1]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(k))
    expected = [1, 1, 1]
    expected[res] += 1
    assert rec["res"][0].tolist() == expected
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_the_blacksmith_gives_no_cannonball_the_supply_of_40_lacks():
    """Box Contents: 40 cannonball tokens; Island Setup 2 calls only the coin supply
    "infinite" (ruling: Resource capacity): five crews hold 8 cannonballs each, the first
    with room for a ninth (a capacity upgrade); the supply is empty, so the Blacksmith gives
    her none. With one cannonball spent the Blacksmith gives it back."""
    from envs.havoc import state as S
    from envs.havoc.validate import check_states

    sd, k = next((sd, k) for sd in range(S.NUM_SHIP_DEFS) for k in range(2)
                 if cards.UPGRADE_EFFECT[cards.SHIP_UPGRADES[sd, k]] == S.UPG_CANNON_CAP)
    upgrades = [0, 0]
    upgrades[k] = 1
    others = [x for x in range(S.NUM_SHIP_DEFS) if x != sd][:4]
    for held, gained in ((8, 0), (7, 1)):
        crews = [{"res": [1, 8, 1], "upgrades": upgrades}] + [{"res": [1, 8, 1]}] * 3 \
            + [{"res": [1, held, 1]}]
        arr, rec = island(crews, players=5, ship_classes=[sd] + others)
        act(rec, slot(SLOT_BLACKSMITH))
        assert rec["res"][0][CANNON] == 8 + gained
        assert rec["res"][:5, CANNON].sum() == 32 + held + gained <= 40
        assert check_states(arr)[0] == []


def test_sail_maker_at_full_capacity_gains_nothing():
    """Island Setup 2: players cannot hold more sails than fit on their board (9)."""
    arr, rec = island([{"skiffs": 1, "res": [9, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_SAILMAKER))
    assert rec["res"][0].tolist() == [9, 0, 0]


def test_shipyard_gives_one_resource_of_choice():
    """Island Actions: Shipyard - gain 1 of any resource."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_SHIPYARD))
    assert rec["pending"] == PK_GAIN_ANY and rec["cur"] == 0
    assert legal(rec) == {A_OPTION + 0, A_OPTION + 1, A_OPTION + 2}
    act(rec, A_OPTION + CANNON)
    assert rec["res"][0].tolist() == [0, 1, 0]
    assert rec["cur"] == 1


def test_capitol_takes_the_token_now_without_changing_this_phase_order():
    """Capitol: take the First Player token immediately and gain any 1 resource; the rest of
    this Island Phase keeps the current order, the token holder goes first at sea."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 2, "res": [0, 0, 0]}, {"skiffs": 1}])
    act(rec, slot(SLOT_BANK))
    act(rec, slot(SLOT_CAPITOL))
    assert rec["first_crew"] == 1
    assert rec["pending"] == PK_GAIN_ANY
    act(rec, A_OPTION + SAIL)
    assert rec["res"][1].tolist() == [1, 0, 0]
    assert rec["cur"] == 2
    act(rec, slot(SLOT_SAILMAKER))
    assert rec["cur"] == 1
    act(rec, slot(SLOT_BLACKSMITH))
    assert rec["phase"] == PH_SEA
    assert rec["cur"] == 1 and rec["first_crew"] == 1


def test_capitol_takes_the_token_from_its_holder():
    """Capitol: take the First Player token from its current owner."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}],
                      first=2)
    assert rec["first_crew"] == 2
    act(rec, slot(SLOT_CAPITOL), A_OPTION + COIN)
    assert rec["first_crew"] == 0
    assert rec["res"][0].tolist() == [0, 0, 1]
    assert slot(SLOT_CAPITOL) not in legal(rec)


# --- Trading Post ------------------------------------------------------------------------

def test_trading_post_exchanges_up_to_two_resources():
    """Trading Post: exchange up to two of your resources for any other two, one at a time."""
    arr, rec = island([{"skiffs": 1, "res": [2, 1, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_TRADING_POST))
    assert rec["pending"] == PK_TRADE_GIVE
    assert legal(rec) == {A_OPTION + SAIL, A_OPTION + CANNON, A_STOP}
    act(rec, A_OPTION + SAIL)
    assert rec["pending"] == PK_TRADE_TAKE
    assert legal(rec) == {A_OPTION + CANNON, A_OPTION + COIN}   # "any other"
    act(rec, A_OPTION + COIN)
    assert rec["res"][0].tolist() == [1, 1, 1]
    assert rec["pending"] == PK_TRADE_GIVE and rec["cur"] == 0
    act(rec, A_OPTION + CANNON, A_OPTION + SAIL)
    assert rec["res"][0].tolist() == [2, 0, 1]
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_trading_post_may_stop_after_one_exchange():
    """Trading Post: 'up to two' - the player may stop."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 3]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_TRADING_POST), A_OPTION + COIN, A_OPTION + SAIL, A_STOP)
    assert rec["res"][0].tolist() == [1, 0, 2]
    assert rec["cur"] == 1


def test_trading_post_with_nothing_to_give_is_a_wasted_skiff():
    """Trading Post with no resources: the Skiff is placed and the turn passes (ruling)."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_TRADING_POST))
    assert rec["slot_crew"][SLOT_TRADING_POST] == 0
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_trading_post_only_gives_what_can_be_replaced():
    """Trading Post at full sail and cannonball capacity: coins cannot be traded for a
    resource with no room left (ruling)."""
    arr, rec = island([{"skiffs": 1, "res": [9, 8, 2]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_TRADING_POST))
    assert legal(rec) == {A_OPTION + SAIL, A_OPTION + CANNON, A_STOP}
    act(rec, A_OPTION + SAIL)
    assert legal(rec) == {A_OPTION + COIN}



def test_trading_post_takes_in_exchange_only_what_the_supply_can_give():
    """Island Actions: Trading Post - "exchange up to two of your resources for any other two
    from the supply" (ruling: Trading Post): the 40 cannonballs are all held, so none is
    offered in exchange, and a sail that only a cannonball could replace (coins at the
    storage bound) is not offered at all. A cannonball handed over goes back to the supply
    and may be taken in the second exchange."""
    from envs.havoc import state as S
    from envs.havoc.validate import check_states

    sd, k = next((sd, k) for sd in range(S.NUM_SHIP_DEFS) for k in range(2)
                 if cards.UPGRADE_EFFECT[cards.SHIP_UPGRADES[sd, k]] == S.UPG_CANNON_CAP)
    upgrades = [0, 0]
    upgrades[k] = 1
    others = [x for x in range(S.NUM_SHIP_DEFS) if x != sd][:4]
    crews = [{"skiffs": 1, "res": [2, 8, 0], "upgrades": upgrades}] \
        + [{"skiffs": 1, "res": [0, 8, 0]}] * 4
    arr, rec = island(crews, players=5, ship_classes=[sd] + others)
    assert rec["res"][:5, CANNON].sum() == 40
    act(rec, slot(SLOT_TRADING_POST))
    assert legal(rec) == {A_OPTION + SAIL, A_OPTION + CANNON, A_STOP}
    act(rec, A_OPTION + SAIL)
    assert legal(rec) == {A_OPTION + COIN}                 # no cannonball left to take
    act(rec, A_OPTION + COIN, A_OPTION + CANNON)           # a cannonball back to the supply
    assert legal(rec) == {A_OPTION + SAIL, A_OPTION + COIN}
    act(rec, A_OPTION + COIN)
    assert rec["res"][0].tolist() == [1, 7, 2]
    assert check_states(arr)[0] == []

    crews[0] = {"skiffs": 1, "res": [1, 8, 99], "upgrades": upgrades}
    arr, rec = island(crews, players=5, ship_classes=[sd] + others)
    act(rec, slot(SLOT_TRADING_POST))
    assert legal(rec) == {A_OPTION + CANNON, A_OPTION + COIN, A_STOP}   # not the sail


# --- Workshop ----------------------------------------------------------------------------

def test_workshop_activates_an_affordable_upgrade():
    """Workshop: pay the cost of one inactive upgrade to flip it active."""
    # Xebec upgrades: Lateen Rigging (2 coins), Shallow Draught (1 sail + 1 coin)
    arr, rec = island([{"skiffs": 1, "res": [0, 1, 2]}, {"skiffs": 1}, {"skiffs": 1}],
                      ship_classes=["Xebec", "Galleon", "Brig"])
    act(rec, slot(SLOT_WORKSHOP))
    assert rec["pending"] == PK_WORKSHOP
    assert legal(rec) == {A_OPTION + 0, A_STOP}
    act(rec, A_OPTION + 0)
    assert rec["upgrade_on"][0].tolist() == [1, 0]
    assert rec["res"][0].tolist() == [0, 1, 0]
    assert rec["cur"] == 1


def test_workshop_upgrade_paid_with_booty():
    """Workshop; Booty: booty is spent for its value whenever you would spend resources."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "booty": 2}, {"skiffs": 1},
                       {"skiffs": 1}], ship_classes=["Xebec", "Galleon", "Brig"])
    stack = int(rec["wreck_stack_n"])
    act(rec, slot(SLOT_WORKSHOP), A_OPTION + 1)
    assert rec["upgrade_on"][0].tolist() == [0, 1]
    while rec["pending"] == PK_PAY:            # each unit asked [ruling: Booty decisions
        assert legal(rec) == {A_BOOTY}         # are asked in the open]
        act(rec, A_BOOTY)
    assert rec["booty"][0] == 0
    assert rec["wreck_stack_n"] == stack + 1   # spent booty goes back into the stack


def test_workshop_without_the_means_is_a_wasted_skiff():
    """Workshop: a Skiff may go there even when no upgrade can be paid (ruling)."""
    arr, rec = island([{"skiffs": 1, "res": [1, 1, 0]}, {"skiffs": 1}, {"skiffs": 1}],
                      ship_classes=["Xebec", "Galleon", "Brig"])
    act(rec, slot(SLOT_WORKSHOP))
    assert rec["upgrade_on"][0].tolist() == [0, 0]
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_workshop_does_not_offer_an_active_upgrade():
    """Workshop: only inactive upgrades can be flipped."""
    arr, rec = island([{"skiffs": 1, "res": [1, 0, 4], "upgrades": [1, 0]}, {"skiffs": 1},
                       {"skiffs": 1}], ship_classes=["Xebec", "Galleon", "Brig"])
    act(rec, slot(SLOT_WORKSHOP))
    assert legal(rec) == {A_OPTION + 1, A_STOP}


# --- Deep Cove --------------------------------------------------------------------------

def test_deep_cove_scraps_up_to_two_cards_for_their_cost():
    """Deep Cove: scrap up to 2 cards from hand or discard pile and take their cost."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "hand": {"Damage": 1, "Make Way": 1},
                        "discard": {"Long Gun": 1}}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_DEEP_COVE))
    assert rec["pending"] == PK_SCRAP
    assert legal(rec) == {A_HAND + ID("Damage"), A_HAND + ID("Make Way"),
                          A_DISCARD + ID("Long Gun"), A_STOP}
    act(rec, A_HAND + ID("Make Way"), A_DISCARD + ID("Long Gun"))
    assert rec["res"][0].tolist() == [1, 1, 0]
    assert rec["scrap"][ID("Make Way")] == 1 and rec["scrap"][ID("Long Gun")] == 1
    assert rec["hand"][0][ID("Damage")] == 1
    assert rec["cur"] == 1


def test_deep_cove_removes_damage_and_may_stop_early():
    """Deep Cove: 'up to 2' - scrapping a Damage card yields nothing; stop after one."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "hand": {"Damage": 2}},
                       {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_DEEP_COVE), A_HAND + ID("Damage"), A_STOP)
    assert rec["hand"][0][ID("Damage")] == 1
    assert rec["scrap"][ID("Damage")] == 1
    assert rec["res"][0].tolist() == [0, 0, 0]


def test_deep_cove_upgrade_scraps_one_more():
    """Deep Cove with the Brig's Ship's Chandler active: 3 cards (upgrade text)."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "hand": {"Damage": 4},
                        "upgrades": [0, 1]}, {"skiffs": 1}, {"skiffs": 1}],
                      ship_classes=["Brig", "Galleon", "Xebec"])
    act(rec, slot(SLOT_DEEP_COVE))
    act(rec, *[A_HAND + ID("Damage")] * 3)
    assert rec["hand"][0][ID("Damage")] == 1
    assert rec["cur"] == 1


# --- Flags ------------------------------------------------------------------------------

def test_purser_flag_taken_from_its_owner_and_gives_a_resource():
    """Flags: take the flag from the board or from another player, then its action once:
    Purser - gain 1 of any resource."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}],
                      flags={"Purser": 2})
    act(rec, slot(SLOT_FLAG0 + FLAG_PURSER))
    assert rec["flag_owner"][FLAG_PURSER] == 0
    assert rec["pending"] == PK_GAIN_ANY
    act(rec, A_OPTION + COIN)
    assert rec["res"][0].tolist() == [0, 0, 1]


def test_breaker_flag_scraps_one_card_for_its_cost():
    """Flags: Breaker - scrap 1 card from hand or discard and gain its cost."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "hand": {"Helm Hard Over": 1},
                        "discard": {"Warning Shot": 1}}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_BREAKER))
    assert rec["pending"] == PK_SCRAP
    act(rec, A_DISCARD + ID("Warning Shot"))
    assert rec["res"][0].tolist() == [0, 1, 0]
    assert rec["discard"][0].sum() == 0 and rec["hand"][0][ID("Helm Hard Over")] == 1
    assert rec["cur"] == 1


def test_lookout_flag_draws_one_card():
    """Flags: Lookout - draw 1 card from your deck to your hand ("You may then perform the
    associated Flag's action once": the crew takes it)."""
    arr, rec = island([{"skiffs": 1, "hand": {}, "deck": ["Make Way", "Long Gun"]},
                       {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_LOOKOUT))
    assert rec["flag_owner"][FLAG_LOOKOUT] == 0
    assert rec["pending"] == PK_FLAG and legal(rec) == {A_OPTION, A_STOP}
    act(rec, A_OPTION)
    assert rec["hand"][0][ID("Long Gun")] == 1 and rec["hand"][0].sum() == 1
    assert rec["deck_n"][0] == 1


def test_flags_lookout_may_be_declined():
    """Flags: "You may then perform the associated Flag's action once": declined, nothing is
    drawn; the flag is owned all the same and play moves on."""
    arr, rec = island([{"skiffs": 1, "hand": {}, "deck": ["Make Way", "Long Gun"]},
                       {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_LOOKOUT), A_STOP)
    assert rec["hand"][0].sum() == 0 and rec["deck_n"][0] == 2
    assert rec["flag_owner"][FLAG_LOOKOUT] == 0
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_flags_lookout_with_nothing_to_draw_asks_nothing():
    """Flags: Lookout with an empty deck and discard pile draws nothing: no decision
    [ruling: Optional flag actions]."""
    arr, rec = island([{"skiffs": 1, "hand": {}, "deck": []}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_LOOKOUT))
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF


def test_swift_flag_places_another_skiff():
    """Flags: Swift - immediately take another turn: place another Skiff."""
    arr, rec = island([{"skiffs": 2, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_SWIFT))
    assert rec["pending"] == PK_FLAG and legal(rec) == {A_OPTION, A_STOP}
    act(rec, A_OPTION)
    assert rec["cur"] == 0 and rec["pending"] == PK_SKIFF
    act(rec, slot(SLOT_BANK))
    assert rec["cur"] == 1


def test_flags_swift_may_be_declined():
    """Flags: Swift's other turn is the owner's to take: declined, play moves on to the next
    crew although a Skiff is left."""
    arr, rec = island([{"skiffs": 2, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_SWIFT), A_STOP)
    assert rec["cur"] == 1 and rec["pending"] == PK_SKIFF and rec["skiffs"][0] == 1


def test_swift_flag_with_no_skiff_left_passes_the_turn():
    """Flags: Swift with no Skiff left - there is no Skiff to place, play moves on."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 1}, {"skiffs": 1}])
    act(rec, slot(SLOT_FLAG0 + FLAG_SWIFT))
    assert rec["cur"] == 1 and rec["extra_turn"] == 0


# --- the Market: claims and restock ----------------------------------------------------

MARKET5 = ["Tradewind Reach", "Fair Current", "Wear Ship", "Three Knots", "Stormrider"]


def test_restock_scraps_unclaimed_cards_and_the_skiff_goes_on_a_new_one():
    """The Market: Restock - scrap all unclaimed cards (no resources to anyone), replenish,
    then place the Skiff on a newly revealed card."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0]}, {"skiffs": 1}, {"skiffs": 1}],
                      market=MARKET5)
    rec["market_claim"][1] = 2
    n = int(rec["market_deck_n"])
    top4 = rec["market_deck"][n - 4:n][::-1].tolist()
    act(rec, A_RESTOCK)
    assert rec["pending"] == PK_RESTOCK_PICK and rec["cur"] == 0
    for name in ("Tradewind Reach", "Wear Ship", "Three Knots", "Stormrider"):
        assert rec["scrap"][ID(name)] == 1
    assert rec["market"][1] == ID("Fair Current")
    assert [rec["market"][i] for i in (0, 2, 3, 4)] == top4
    assert rec["market_deck_n"] == n - 4
    assert rec["res"][0].tolist() == [0, 0, 0]
    assert legal(rec) == {A_MARKET + i for i in (0, 2, 3, 4)}
    act(rec, A_MARKET + 3)
    assert rec["market_claim"][3] == 0 and rec["skiffs"][0] == 0
    assert not rec["market_new"].any()
    assert rec["cur"] == 1


def test_restock_not_offered_with_an_empty_market_deck():
    """The Market: Restock needs cards to replenish from (ruling: it must reveal one)."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 1}, {"skiffs": 1}])
    assert A_RESTOCK in legal(rec)
    rec["market_deck_n"] = 0
    assert A_RESTOCK not in legal(rec)


def test_restock_not_offered_when_every_card_is_claimed():
    """The Market: Restock scraps unclaimed cards; with every card claimed nothing would be
    revealed for the Skiff."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 1}, {"skiffs": 1}])
    rec["market_claim"][:] = 2
    ok = legal(rec)
    assert A_RESTOCK not in ok
    assert not any(A_MARKET + i in ok for i in range(MARKET_SIZE))


# --- purchases ---------------------------------------------------------------------------

def test_claimed_card_is_paid_and_goes_straight_to_hand():
    """Card Purchases: pay the cost and add the card directly to your hand."""
    arr, rec = island([{"skiffs": 1, "res": [2, 0, 1]}, {"skiffs": 0}, {"skiffs": 0}],
                      market=MARKET5)
    act(rec, A_MARKET + 3)                 # Three Knots: 2 sails
    assert rec["phase"] == PH_PURCHASE and rec["pending"] == PK_PURCHASE
    assert rec["pend_slot"] == 3 and rec["cur"] == 0
    assert legal(rec) == {A_OPTION + 0, A_STOP}
    act(rec, A_OPTION + 0)
    assert rec["res"][0].tolist() == [0, 0, 1]
    assert rec["hand"][0][ID("Three Knots")] == 1
    assert rec["phase"] == PH_SEA


def test_unaffordable_claim_is_not_offered_and_stays_in_the_market():
    """Unpurchased Cards: cards not paid for, no matter the reason, remain in the Market."""
    arr, rec = island([{"skiffs": 1, "res": [1, 0, 0]}, {"skiffs": 0}, {"skiffs": 0}],
                      market=MARKET5)
    act(rec, A_MARKET + 3)
    assert rec["phase"] == PH_SEA
    assert rec["market"][3] == ID("Three Knots")
    assert rec["market_claim"][3] == -1
    assert rec["hand"][0][ID("Three Knots")] == 0


def test_declined_claim_stays_in_the_market():
    """Unpurchased Cards: a claimed card need not be bought."""
    arr, rec = island([{"skiffs": 1, "res": [2, 0, 0]}, {"skiffs": 0}, {"skiffs": 0}],
                      market=MARKET5)
    act(rec, A_MARKET + 3, A_STOP)
    assert rec["market"][3] == ID("Three Knots")
    assert rec["res"][0].tolist() == [2, 0, 0]


def test_purchases_resolve_in_turn_order_left_to_right():
    """Card Purchases: claimed cards are paid in turn order after all Skiffs are placed."""
    arr, rec = island([{"skiffs": 1, "res": [3, 0, 3]}, {"skiffs": 1, "res": [3, 0, 3]},
                       {"skiffs": 0, "res": [3, 0, 3]}], market=MARKET5, cur=1, first=1)
    rec["market_claim"][4] = 2
    rec["market_claim"][0] = 1
    act(rec, A_MARKET + 2)   # crew 1
    act(rec, A_MARKET + 1)   # crew 0
    seen = []
    while rec["phase"] == PH_PURCHASE:
        seen.append((int(rec["cur"]), int(rec["pend_slot"])))
        act(rec, A_OPTION + 0)
    assert seen == [(1, 0), (1, 2), (2, 4), (0, 1)]


def test_purchases_keep_the_phase_order_after_the_capitol_moves_the_token():
    """Capitol: "For the remainder of the current Island Phase, however, players continue
    placing Skiffs following the current player order" and purchases "are resolved in turn
    order" [Step 2]: crew 1 takes the token, yet crew 0 (who opened the phase) buys first
    and every crew's claim is offered."""
    arr, rec = island([{"skiffs": 1, "res": [3, 0, 3]}, {"skiffs": 1, "res": [0, 0, 0]},
                       {"skiffs": 1, "res": [3, 0, 3]}], market=MARKET5)
    act(rec, A_MARKET + 0, slot(SLOT_CAPITOL), A_OPTION + SAIL, A_MARKET + 1)
    assert rec["first_crew"] == 1
    seen = []
    while rec["phase"] == PH_PURCHASE:
        seen.append((int(rec["cur"]), int(rec["pend_slot"])))
        act(rec, A_OPTION + 0)
    assert seen == [(0, 0), (2, 1)]
    assert rec["hand"][0][ID("Tradewind Reach")] == 1 and rec["hand"][2][ID("Fair Current")] == 1
    assert rec["cur"] == 1                             # the new holder starts the Sea Phase


def test_booty_value_splits_across_purchases():
    """Booty: its value can be split across simultaneous transactions (2 Market cards)."""
    arr, rec = island([{"skiffs": 1, "res": [0, 0, 0], "booty": 3}, {"skiffs": 0},
                       {"skiffs": 0}], market=MARKET5)
    rec["market_claim"][0] = 0
    rec["market_claim"][1] = 0
    rec["market_claim"][3] = 0
    act(rec, A_MARKET + 2)                 # Tradewind Reach, Fair Current, Wear Ship: 1 sail
    for left in (2, 1, 0):                 # booty 3 pays 1, 2 left; then 1 left, then 0
        act(rec, A_OPTION + 0)
        assert rec["pending"] == PK_PAY and legal(rec) == {A_BOOTY}
        act(rec, A_BOOTY)
        assert rec["booty"][0] == 0 and rec["pay_pool"] == left
    for name in MARKET5[:3]:
        assert rec["hand"][0][ID(name)] == 1
    # Three Knots (2 sails) cannot be bought: the booty's value is used up. It is offered all
    # the same, since the others cannot tell [ruling: Booty decisions are asked in the open]
    assert rec["pending"] == PK_PURCHASE and legal(rec) == {A_STOP}
    act(rec, A_STOP)
    assert rec["phase"] == PH_SEA
    assert rec["market"][3] == ID("Three Knots")


def test_booty_left_over_is_lost_after_the_crews_purchases():
    """Booty: "any excess is lost when spent" - Three Knots (2 sails) paid with the sail held
    and the 3-value booty: 2 of its value are lost once the crew's purchases are over."""
    arr, rec = island([{"skiffs": 1, "res": [1, 0, 0], "booty": 3}, {"skiffs": 0},
                       {"skiffs": 0}], market=MARKET5)
    act(rec, A_MARKET + 3, A_OPTION + 0)   # Three Knots: 2 sails, 1 held + booty
    assert rec["pending"] == PK_PAY        # the first sail: the sail held, or the booty
    assert legal(rec) == {A_OPTION + SAIL, A_BOOTY}
    act(rec, A_OPTION + SAIL)              # the second sail can only be the booty: asked all
    assert rec["pending"] == PK_PAY and legal(rec) == {A_BOOTY}     # the same (ruling)
    act(rec, A_BOOTY)
    assert rec["booty"][0] == 0 and rec["pay_pool"] == 0
    assert rec["res"][0].tolist() == [0, 0, 0]
    assert rec["hand"][0][ID("Three Knots")] == 1 and rec["phase"] == PH_SEA


def test_booty_may_pay_both_units_and_keep_the_sail():
    """Booty: spent "whenever you would spend resources" - the booty pays the first sail,
    what is left of it the second; the sail held is kept."""
    arr, rec = island([{"skiffs": 1, "res": [1, 0, 0], "booty": 3}, {"skiffs": 0},
                       {"skiffs": 0}], market=MARKET5)
    act(rec, A_MARKET + 3, A_OPTION + 0, A_BOOTY)
    assert rec["pending"] == PK_PAY and rec["pay_pool"] == 2
    act(rec, A_BOOTY)
    assert rec["res"][0].tolist() == [1, 0, 0] and rec["booty"][0] == 0
    assert rec["phase"] == PH_SEA and rec["pay_pool"] == 0


# --- cleanup ----------------------------------------------------------------------------

def test_cleanup_returns_skiffs_and_refills_the_market():
    """Island Cleanup: Skiffs are retrieved and the Market is replenished to 5 cards; then
    the Sea Phase begins with the First Player token holder."""
    arr, rec = island([{"skiffs": 1, "res": [2, 0, 0]}, {"skiffs": 1}, {"skiffs": 0}],
                      market=MARKET5)
    n = int(rec["market_deck_n"])
    top = int(rec["market_deck"][n - 1])
    act(rec, A_MARKET + 3, slot(SLOT_BANK), A_OPTION + 0)
    assert rec["phase"] == PH_SEA and rec["cur"] == 0
    assert (rec["slot_crew"] == -1).all() and (rec["market_claim"] == -1).all()
    assert rec["market"][3] == top and rec["market_deck_n"] == n - 1
    assert (rec["market"] >= 0).all()
    assert rec["skiffs"][:3].tolist() == [3, 3, 3]


def test_cleanup_with_an_empty_market_deck_leaves_gaps():
    """Island Cleanup: replenish from the Market deck; when it is empty fewer cards show."""
    arr, rec = island([{"skiffs": 1, "res": [3, 0, 2]}, {"skiffs": 0}, {"skiffs": 0}],
                      market=MARKET5)
    rec["market_claim"][0] = 0
    rec["market_deck_n"] = 0
    act(rec, A_MARKET + 1, A_OPTION + 0, A_OPTION + 0)
    assert rec["phase"] == PH_SEA
    assert rec["market"].tolist()[:2] == [-1, -1]


# --- the phase always ends --------------------------------------------------------------

def test_phase_ends_when_all_skiffs_are_placed_even_on_useless_slots():
    """Island Phase Step 1: play continues until all Skiffs are placed, whatever the slots
    give; a crew with nothing to spend still places its Skiffs."""
    arr, rec = island([{"skiffs": 3, "res": [0, 0, 0], "hand": {}, "discard": {}},
                       {"skiffs": 0}, {"skiffs": 0}], ship_classes=["Xebec", "Galleon", "Brig"])
    for k in (SLOT_TRADING_POST, SLOT_WORKSHOP, SLOT_DEEP_COVE):
        assert rec["pending"] == PK_SKIFF
        act(rec, slot(k))
    assert rec["phase"] == PH_SEA


def test_a_crew_with_nowhere_to_go_keeps_its_skiffs():
    """Island Phase Step 1 with every slot and card taken: the remaining Skiffs stay home and
    the phase ends (ruling)."""
    arr, rec = island([{"skiffs": 1}, {"skiffs": 2}, {"skiffs": 0, "res": [0, 0, 0]}])
    rec["slot_crew"][:] = 2
    rec["market_claim"][:] = 2
    rec["market_deck_n"] = 0
    rec["pending"] = PK_NONE
    rec["turn_open"] = 0
    rules.resume(rec)
    assert rec["phase"] == PH_SEA


# --- property: random Island Phases -----------------------------------------------------

def _market_cards_everywhere(rec):
    n = 0
    kind = cards.CARD_KIND
    for c in range(rec["num_crews"]):
        for d in range(len(kind)):
            if kind[d] == KIND_MARKET:
                n += int(rec["hand"][c][d]) + int(rec["discard"][c][d])
        n += sum(1 for d in rec["deck"][c][: rec["deck_n"][c]] if kind[d] == KIND_MARKET)
    n += sum(int(rec["scrap"][d]) for d in range(len(kind)) if kind[d] == KIND_MARKET)
    n += int((rec["market"] >= 0).sum()) + int(rec["market_deck_n"])
    n += sum(int(rec["ghost_bought"][d]) for d in range(len(kind)))
    return n


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1),
       kw=st.sampled_from([dict(num_players=2), dict(num_players=3), dict(num_players=5),
                           dict(num_players=2, variant="two_ship"),
                           dict(num_players=4, variant="teams"),
                           dict(num_players=2, variant="ghost", num_ghosts=3)]))
def test_random_island_phases_place_every_skiff_and_conserve_market_cards(seed, kw):
    """Island Phase: every decision has a legal action, every Skiff is placed exactly once,
    market cards are conserved, and the phase ends in the Sea Phase with 5 market cards."""
    cfg = make_config(**kw)
    arr = np.zeros(1, dtype=STATE)
    rec = arr[0]
    rules.init(rec, cfg[0], seed)
    rng = np.random.default_rng(seed)
    while rec["phase"] == PH_SETUP:
        rules.apply(rec, A_OPTION + int(rng.integers(4)))
    assert rec["phase"] == PH_ISLAND
    humans = [c for c in range(rec["num_crews"]) if rec["crew_seat"][c] >= 0]
    for _ in range(400):
        if rec["phase"] not in (PH_ISLAND, PH_PURCHASE):
            break
        ok = sorted(legal(rec))
        assert ok, (rec["phase"], rec["pending"])
        placed = sum(3 - int(rec["skiffs"][c]) for c in range(rec["num_crews"]))
        on_board = int((rec["slot_crew"] >= 0).sum()) + int((rec["market_claim"] >= 0).sum())
        if rec["phase"] == PH_ISLAND:
            # a crew with nowhere to go keeps its remaining Skiffs ashore (ruling): a player
            # only when no space is open, a ghost when its flips find no open target
            assert on_board <= placed
            if on_board < placed and not rec["cfg"]["num_ghosts"]:
                assert not island_rules._any_place(rec)
        assert (rec["res"] >= 0).all()
        assert _market_cards_everywhere(rec) == len(cards.MARKET_POOL)
        # only players decide; ghost turns run by themselves [Ghost Fleet: Island Phase]
        assert int(rec["cur"]) in humans and rec["to_play"] == rec["crew_seat"][rec["cur"]]
        rules.apply(rec, int(rng.choice(ok)))
    assert rec["phase"] == PH_SEA
    assert (rec["market"] >= 0).sum() == MARKET_SIZE or rec["market_deck_n"] == 0
    assert (rec["slot_crew"] == -1).all()
    assert _market_cards_everywhere(rec) == len(cards.MARKET_POOL)
