"""Seas of Havoc: the Card Market as pure state handling, shared by players and the Ghost Fleet.

Implements [Island Setup 4: Prepare the Card Market], [The Market: Claiming a Card],
[The Market: Restock] and the refill of [Island Phase Step 3: Island Cleanup]. Deciding *what*
to claim or buy is left to the callers (island.py for players, ghost.py for ghost ships).

The market is ``s.market[i]`` (card def or -1 for an empty place, counted from the left),
``s.market_claim[i]`` (crew whose Skiff claims the card, -1 none) and ``s.market_new[i]``
(revealed by the restock in progress). The market deck is ``s.market_deck[:market_deck_n]``,
top = last.
"""

from numba import njit

from envs.core.rng import shuffle
from envs.havoc.cards import MARKET_POOL
from envs.havoc.state import MARKET_SIZE


@njit(cache=True)
def build_market_deck(s):
    """Shuffle the whole market pool face down and deal the 5 face-up cards [Island Setup 4]."""
    n = MARKET_POOL.shape[0]
    for k in range(n):
        s.market_deck[k] = MARKET_POOL[k]
    s.market_deck_n = n
    shuffle(s, s.market_deck, n)
    for i in range(MARKET_SIZE):
        s.market[i] = -1
        s.market_claim[i] = -1
        s.market_new[i] = 0
    refill_market(s)


@njit(cache=True)
def reveal_top(s):
    """Top card of the market deck (removed), or -1 when the deck is empty."""
    if s.market_deck_n == 0:
        return -1
    s.market_deck_n -= 1
    d = s.market_deck[s.market_deck_n]
    s.market_deck[s.market_deck_n] = 0
    return d


@njit(cache=True)
def refill_market(s):
    """Fill the empty places, left to right, from the market deck; fewer when it runs out.

    [Island Phase Step 3: "the Market is replenished ... to a total of 5 cards"].
    Returns how many cards were revealed.
    """
    got = 0
    for i in range(MARKET_SIZE):
        if s.market[i] < 0:
            d = reveal_top(s)
            if d < 0:
                break
            s.market[i] = d
            got += 1
    return got


@njit(cache=True)
def can_restock(s):
    """A restock reveals at least one card: the market deck has cards and some place is not
    claimed (an unclaimed card to scrap, or an empty place) [The Market: Restock; ruling:
    Restock]."""
    if s.market_deck_n == 0:
        return False
    for i in range(MARKET_SIZE):
        if s.market_claim[i] < 0:
            return True
    return False


@njit(cache=True)
def restock(s):
    """Scrap every unclaimed market card (no resources to anyone) and refill the empty places,
    marking the newly revealed cards in ``market_new`` [The Market: Restock].

    Returns how many cards were revealed.
    """
    for i in range(MARKET_SIZE):
        s.market_new[i] = 0
        if s.market_claim[i] < 0 and s.market[i] >= 0:
            s.scrap[s.market[i]] += 1
            s.market[i] = -1
    got = 0
    for i in range(MARKET_SIZE):
        if s.market[i] < 0:
            d = reveal_top(s)
            if d < 0:
                break
            s.market[i] = d
            s.market_new[i] = 1
            got += 1
    return got


@njit(cache=True)
def clear_new(s):
    for i in range(MARKET_SIZE):
        s.market_new[i] = 0


@njit(cache=True)
def can_claim(s, i):
    """A Skiff may go on a market card that no Skiff claims yet [Island Phase Step 1]."""
    return s.market[i] >= 0 and s.market_claim[i] < 0


@njit(cache=True)
def claim(s, c, i):
    """Crew c's Skiff claims market card i [The Market: Claiming a Card]. The caller takes
    the Skiff from the crew's supply (``s.skiffs``)."""
    s.market_claim[i] = c


@njit(cache=True)
def take_card(s, i):
    """Remove bought card i from the market (its place stays empty until cleanup). Returns def."""
    d = s.market[i]
    s.market[i] = -1
    s.market_claim[i] = -1
    s.market_new[i] = 0
    return d
