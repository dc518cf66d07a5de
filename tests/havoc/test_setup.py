"""Seas of Havoc setup: Player Setup, Sea Grid Setup A-D, Island Setup 1-6, Variants and
Ghost Fleet Setup (envs/havoc/setup.py)."""

from collections import Counter

import numpy as np
import pytest

from envs.havoc import cards, rules, setup
from envs.havoc.config import make_config
from envs.havoc.state import (
    A_OPTION, FEAT_GUST, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, MARKET_SIZE, NUM_ACTIONS,
    NUM_WRECKS, PH_ISLAND, PH_SETUP, PK_ORIENT, PK_SKIFF, STATE,
)


def new_game(seed=0, **kw):
    cfg = make_config(**kw)
    arr = np.zeros(1, dtype=STATE)
    rules.init(arr[0], cfg[0], seed)
    return arr


def orient_all(arr, heading=0):
    """Answer every heading decision; returns [(ship, crew, seat)] in the order asked."""
    rec = arr[0]
    asked = []
    while rec["phase"] == PH_SETUP:
        assert rec["pending"] == PK_ORIENT
        i = int(rec["pend_ship"])
        asked.append((i, int(rec["ship_crew"][i]), int(rec["to_play"])))
        rules.apply(rec, A_OPTION + heading)
    return asked


def legal(rec):
    mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
    rules.legal_mask(rec, mask)
    return set(np.flatnonzero(mask).tolist())


@pytest.mark.parametrize("kw,rocks,gusts", [
    (dict(num_players=2), 3, 2),
    (dict(num_players=3), 3, 2),
    (dict(num_players=1, variant="ghost", num_ghosts=2), 3, 2),
    (dict(num_players=4), 2, 3),
    (dict(num_players=5), 2, 3),
    (dict(num_players=2, variant="two_ship"), 2, 3),
    (dict(num_players=3, variant="ghost", num_ghosts=3), 2, 3),
])
def test_sea_features_by_ship_count(kw, rocks, gusts):
    """Sea Grid Setup A: 2-3 ships 3 rocks, 1 whirlpool, 2 gusts; 4+ ships 2, 1, 3 (ghost
    ships and second ships count)."""
    for seed in range(4):
        f = new_game(seed, **kw)[0]["feature"]
        assert (f == FEAT_ROCK).sum() == rocks
        assert ((f == FEAT_WHIRL_CW) | (f == FEAT_WHIRL_CCW)).sum() == 1
        assert (f == FEAT_GUST).sum() == gusts


def test_gusts_point_the_agreed_direction_or_a_rolled_one():
    """Sea Grid Setup A: all gusts point one direction agreed by the players."""
    assert new_game(1, num_players=3, gust_dir="W")[0]["gust_dir"] == 3
    assert new_game(1, num_players=3, gust_dir="N")[0]["gust_dir"] == 0
    rolled = {int(new_game(s, num_players=3)[0]["gust_dir"]) for s in range(40)}
    assert rolled == {0, 1, 2, 3}


def test_whirlpool_turning_direction_is_random():
    """Sea Grid Setup A: the whirlpool token is placed with either turning direction."""
    kinds = set()
    for s in range(30):
        f = new_game(s, num_players=3)[0]["feature"]
        kinds |= set(np.unique(f[(f == FEAT_WHIRL_CW) | (f == FEAT_WHIRL_CCW)]).tolist())
    assert kinds == {FEAT_WHIRL_CW, FEAT_WHIRL_CCW}


def test_two_facedown_wrecks_never_on_rocks_and_seven_in_the_stack():
    """Sea Grid Setup B; Island Setup 3: 2 wrecks on the grid, not on rocks or each other;
    the other tokens stay in a shuffled stack."""
    stacks = set()
    for seed in range(15):
        rec = new_game(seed, num_players=4)[0]
        w = rec["wreck"]
        assert (w > 0).sum() == 2
        assert not ((w > 0) & (rec["feature"] == FEAT_ROCK)).any()
        n = int(rec["wreck_stack_n"])
        assert n == NUM_WRECKS - 2
        tokens = sorted(w[w > 0].tolist() + rec["wreck_stack"][:n].tolist())
        assert tokens == list(range(1, NUM_WRECKS + 1))
        stacks.add(tuple(rec["wreck_stack"][:n]))
    assert len(stacks) > 1


@pytest.mark.parametrize("kw", [dict(num_players=5), dict(num_players=2, variant="two_ship"),
                                dict(num_players=3, variant="ghost", num_ghosts=3)])
def test_ships_start_on_free_squares_with_the_chosen_heading(kw):
    """Sea Grid Setup C: each ship's square is rolled, re-rolled on a rock, ship or wreck;
    the owner orients it in any orthogonal direction."""
    for seed in range(6):
        arr = new_game(seed, **kw)
        rec = arr[0]
        assert legal(rec) == {A_OPTION + h for h in range(4)}
        orient_all(arr, heading=2)
        n = int(rec["num_ships"])
        squares = {(int(rec["ship_r"][i]), int(rec["ship_c"][i])) for i in range(n)}
        assert len(squares) == n
        for r, c in squares:
            assert rec["feature"][r, c] != FEAT_ROCK
            assert rec["wreck"][r, c] == 0
        assert (rec["ship_h"][:n] == 2).all()
        assert rec["ship_placed"][:n].all()


def test_each_heading_option_sets_that_heading():
    """Sea Grid Setup C: OPTION 0..3 = N, E, S, W."""
    for h in range(4):
        arr = new_game(3, num_players=2)
        rules.apply(arr[0], A_OPTION + h)
        assert arr[0]["ship_h"][0] == h


def test_two_ship_variant_placement_order():
    """2 Ship Variant: Player 1 places their 1st ship, Player 2 both, Player 1 the 2nd."""
    arr = new_game(0, num_players=2, variant="two_ship")
    rec = arr[0]
    assert rec["num_ships"] == 4
    asked = orient_all(arr)
    assert [(i, crew, seat) for i, crew, seat in asked] == [
        (0, 0, 0), (1, 1, 1), (2, 1, 1), (3, 0, 0)]
    assert rec["crew_ships"][0].tolist() == [0, 3]
    assert rec["crew_ships"][1].tolist() == [1, 2]


def test_ghost_ship_headings_are_chosen_by_the_players():
    """Ghost Fleet Setup: 'When placing ghost ships, the player(s) choose their
    orientation' - seat 0 decides for every ghost ship."""
    arr = new_game(2, num_players=2, variant="ghost", num_ghosts=3)
    asked = orient_all(arr)
    ghosts = [seat for _, crew, seat in asked if crew >= 2]
    assert len(ghosts) == 3 and set(ghosts) == {0}


def test_ships_are_placed_in_player_order_from_the_first_player():
    """Sea Grid Setup C: 'In player order, roll the dice to determine your starting Ship
    location'; the Ghost Fleet's first player is random (Ghost Fleet Setup)."""
    firsts = set()
    for seed in range(12):
        arr = new_game(seed, num_players=2, variant="ghost", num_ghosts=2)
        rec = arr[0]
        first = int(rec["first_crew"])
        firsts.add(first)
        crews = [crew for _, crew, _ in orient_all(arr)]
        assert crews == [(first + k) % 4 for k in range(4)]
    assert firsts == {0, 1, 2, 3}


def test_damage_deck_is_ten_plus_five_per_ship():
    """Island Setup 5: 10 Damage cards plus 5 per ship (ghost ships and second ships
    count), or the number the players choose."""
    assert new_game(0, num_players=3)[0]["damage_left"] == 25
    assert new_game(0, num_players=2, variant="two_ship")[0]["damage_left"] == 30
    assert new_game(0, num_players=1, variant="ghost", num_ghosts=3)[0]["damage_left"] == 30
    assert new_game(0, num_players=3, damage_deck=12)[0]["damage_left"] == 12


def test_market_has_five_face_up_cards_from_the_shuffled_market_deck():
    """Island Setup 4: shuffle the Market Deck and place 5 cards face up."""
    decks = set()
    for seed in range(3):
        rec = new_game(seed, num_players=3)[0]
        assert (rec["market"] >= 0).sum() == MARKET_SIZE
        n = int(rec["market_deck_n"])
        assert n == len(cards.MARKET_POOL) - MARKET_SIZE
        assert Counter(rec["market"].tolist() + rec["market_deck"][:n].tolist()) == Counter(
            cards.MARKET_POOL.tolist())
        assert (rec["market_claim"] == -1).all()
        decks.add(tuple(rec["market_deck"][:n]))
    assert len(decks) == 3


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_starting_deck_is_ship_deck_and_captain_abilities_with_four_drawn(players):
    """Select a Captain: shuffle the 2 Ability Cards with the 6 Starting Ship Cards into an
    8-card deck and draw 4."""
    rec = new_game(7, num_players=players)[0]
    for c in range(players):
        expected = Counter(cards.SHIP_DECK[rec["crew_shipdef"][c]].tolist()
                           + cards.CAPTAIN_ABILITIES[rec["crew_captain"][c]].tolist())
        hand = Counter({d: int(n) for d, n in enumerate(rec["hand"][c]) if n})
        assert sum(hand.values()) == 4
        assert rec["deck_n"][c] == 4
        deck = Counter(rec["deck"][c][:4].tolist())
        assert hand + deck == expected
        assert rec["discard"][c].sum() == 0


@pytest.mark.parametrize("players,expected", [
    (2, [[1, 1, 1], [2, 1, 1]]),
    (3, [[1, 1, 1], [2, 1, 1], [1, 2, 1]]),
    (4, [[1, 1, 1], [2, 1, 1], [1, 2, 1], [2, 2, 1]]),
    (5, [[1, 1, 1], [2, 1, 1], [1, 2, 1], [2, 2, 1], [1, 2, 2]]),
])
def test_starting_resources_by_play_order(players, expected):
    """Starting Resources: 1 of each, plus 2nd +1 sail, 3rd +1 cannonball, 4th +1 sail +1
    cannonball, 5th +1 cannonball +1 coin; the 1st takes the First Player token."""
    rec = new_game(0, num_players=players)[0]
    assert rec["first_crew"] == 0
    assert rec["res"][:players].tolist() == expected


def test_ghost_fleet_resources_follow_the_random_play_order():
    """Ghost Fleet Setup: 'Players and ghost ships receive starting resources based on their
    play order'; a 6th crew (3 players, hard fleet) gets the 5th's bonus (ruling)."""
    bonus = [[1, 1, 1], [2, 1, 1], [1, 2, 1], [2, 2, 1], [1, 2, 2], [1, 2, 2]]
    for seed in range(5):
        rec = new_game(seed, num_players=3, variant="ghost", num_ghosts=3)[0]
        first = int(rec["first_crew"])
        for k in range(6):
            assert rec["res"][(first + k) % 6].tolist() == bonus[k]


def test_ghost_crews_get_no_deck_but_four_ghost_cards():
    """Ghost Fleet Setup: ghost ships get no starting deck, upgrades or captain; each is
    dealt 4 ghost cards face down."""
    rec = new_game(4, num_players=1, variant="ghost", num_ghosts=2)[0]
    assert rec["crew_seat"][:3].tolist() == [0, -1, -1]
    for g in (1, 2):
        assert rec["deck_n"][g] == 0 and rec["hand"][g].sum() == 0
        assert rec["crew_captain"][g] == -1
        assert rec["ghost_hand_n"][g] == 4
    assert rec["hand"][0].sum() == 4


def test_teams_come_from_the_config_and_the_ghost_fleet_is_one_team():
    """Teams Variant: players divided into teams; Ghost Fleet co-op: all players on one
    team, the fleet the other; otherwise every crew plays for itself."""
    rec = new_game(0, num_players=4, variant="teams", teams=[0, 1, 1, 0])[0]
    assert rec["crew_team"][:4].tolist() == [0, 1, 1, 0]
    rec = new_game(0, num_players=2, variant="ghost", num_ghosts=2)[0]
    assert rec["crew_team"][:4].tolist() == [0, 0, 1, 1]
    rec = new_game(0, num_players=3)[0]
    assert rec["crew_team"][:3].tolist() == [0, 1, 2]


def test_setup_ends_in_the_first_island_phase():
    """Island Phase: the game begins with the Island Phase, the First Player token holder
    first; flags unowned on the board, Infamy at 0, 3 Skiffs each."""
    arr = new_game(5, num_players=3)
    orient_all(arr)
    rec = arr[0]
    assert rec["phase"] == PH_ISLAND and rec["round"] == 1
    assert rec["pending"] == PK_SKIFF and rec["cur"] == 0 and rec["to_play"] == 0
    assert (rec["flag_owner"] == -1).all()
    assert (rec["infamy"] == 0).all()
    assert rec["skiffs"][:3].tolist() == [3, 3, 3]
    assert (rec["slot_crew"] == -1).all()


def test_setup_overwrites_every_field_of_a_used_record():
    """Determinism: a record re-initialised in place (batch auto-reset) equals a fresh one."""
    cfg = make_config(num_players=4, variant="teams")
    fresh = np.zeros(1, dtype=STATE)
    setup.setup_game(fresh[0], cfg[0], 11)
    dirty = np.frombuffer(np.full(STATE.itemsize, 0x5A, dtype=np.uint8).tobytes(),
                          dtype=STATE).copy()
    setup.setup_game(dirty[0], cfg[0], 11)
    assert dirty.tobytes() == fresh.tobytes()


def test_same_seed_same_setup():
    """Determinism: the same seed gives the same bytes; another seed another table."""
    a = new_game(9, num_players=5)
    b = new_game(9, num_players=5)
    c = new_game(10, num_players=5)
    assert a.tobytes() == b.tobytes()
    assert a.tobytes() != c.tobytes()
