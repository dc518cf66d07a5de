"""Seas of Havoc Card Market handling shared by players and ghosts (envs/havoc/market.py):
[Island Setup 4], [The Market: Claiming a Card, Restock], [Island Phase Step 3]."""

from collections import Counter

import numpy as np

from envs.havoc import cards, market
from envs.havoc.scenario import from_scenario
from envs.havoc.state import MARKET_SIZE

ID = cards.card_id
MARKET5 = ["Tradewind Reach", "Fair Current", "Wear Ship", "Three Knots", "Stormrider"]


def table(**kw):
    d = {"players": 3, "seed": 4, "phase": "island", "market": MARKET5}
    d.update(kw)
    arr = from_scenario(d)
    return arr, arr[0]


def test_build_market_deck_deals_five_of_the_shuffled_pool():
    """Island Setup 4: shuffle the Market Deck, 5 cards face up."""
    arr, rec = table()
    market.build_market_deck(rec)
    n = int(rec["market_deck_n"])
    assert n == len(cards.MARKET_POOL) - MARKET_SIZE
    assert Counter(rec["market"].tolist() + rec["market_deck"][:n].tolist()) == Counter(
        cards.MARKET_POOL.tolist())


def test_refill_fills_empty_places_left_to_right_from_the_top():
    """Island Cleanup: the Market is replenished to a total of 5 cards."""
    arr, rec = table()
    rec["market"][1] = -1
    rec["market"][3] = -1
    n = int(rec["market_deck_n"])
    top, second = int(rec["market_deck"][n - 1]), int(rec["market_deck"][n - 2])
    assert market.refill_market(rec) == 2
    assert rec["market"][1] == top and rec["market"][3] == second
    assert rec["market_deck_n"] == n - 2


def test_refill_with_a_short_deck_leaves_empty_places():
    """Island Cleanup: with too few cards in the Market deck, fewer than 5 show."""
    arr, rec = table()
    rec["market"][:3] = -1
    n = int(rec["market_deck_n"])
    rec["market_deck"][0] = ID("Grapeshot")
    rec["market_deck_n"] = 1
    assert market.refill_market(rec) == 1
    assert rec["market"][:3].tolist() == [ID("Grapeshot"), -1, -1]
    assert rec["market_deck_n"] == 0
    assert n > 1


def test_restock_keeps_claimed_cards_and_marks_the_new_ones():
    """The Market: Restock - every unclaimed card is scrapped without giving resources; the
    empty places are refilled and the new cards marked."""
    arr, rec = table()
    rec["market_claim"][0] = 1
    rec["market_claim"][4] = 2
    res_before = rec["res"].copy()
    assert market.restock(rec) == 3
    assert rec["market"][0] == ID("Tradewind Reach") and rec["market"][4] == ID("Stormrider")
    assert rec["market_new"].tolist() == [0, 1, 1, 1, 0]
    assert [rec["scrap"][ID(n)] for n in MARKET5] == [0, 1, 1, 1, 0]
    assert (rec["res"] == res_before).all()
    market.clear_new(rec)
    assert not rec["market_new"].any()


def test_restock_needs_a_card_to_reveal():
    """The Market: Restock must let the Skiff go on a newly revealed card."""
    arr, rec = table()
    assert market.can_restock(rec)
    rec["market_claim"][:] = 0
    assert not market.can_restock(rec)
    rec["market_claim"][2] = -1
    rec["market_deck_n"] = 0
    assert not market.can_restock(rec)


def test_claim_and_take_card():
    """Claiming a Card: a Skiff claims a card for purchase; a bought card leaves the Market
    and its place stays empty until cleanup."""
    arr, rec = table()
    assert market.can_claim(rec, 2)
    market.claim(rec, 1, 2)
    assert rec["market_claim"][2] == 1
    assert not market.can_claim(rec, 2)
    assert market.take_card(rec, 2) == ID("Wear Ship")
    assert rec["market"][2] == -1 and rec["market_claim"][2] == -1
    assert not market.can_claim(rec, 2)


def test_reveal_top_on_an_empty_deck():
    """Island Cleanup: nothing to reveal from an empty Market deck."""
    arr, rec = table()
    rec["market_deck_n"] = 0
    assert market.reveal_top(rec) == -1
    assert np.all(rec["market"] >= 0)
