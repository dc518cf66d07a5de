"""Cursed Seas value kernel (envs/cursed_seas/value.py): what a stopped search playout is
worth to each seat. Derived from [Winning the Game] (the most gold on the home island and in
the forts wins; treasure on a wreck or lost in a fog bank counts for no one), [Unloading
treasure] and [Sinking a ship]; each seat's value reads only what that seat knows."""

import numpy as np
import pytest

import agents
import envs
from agents.mcts import DEFAULT_ROLLOUT, MCTSAgent
from envs.cursed_seas.state import A_NO, MAX_COINS, MAX_PLAYERS
from envs.cursed_seas.value import DECIDED_LOSS, approach, value
from tests.positions import random_records

from .helpers import fleet, position, ship

TWO = [fleet("Rustfang"), fleet("Rustfang")]
#: seat 0's ship in the open sea between the islands; seat 1's at its home
SEA = [ship(0, 0, 5.0, 6.0, 0.0), ship(1, 0, 9.0, 5.0, 90.0)]


def _value(arr):
    out = np.zeros(MAX_PLAYERS)
    value(arr[0], out)
    return out[:int(arr["num_players"][0])]


def _at(placed, seen=None, ships=SEA):
    """The position with coins ``placed``; ``seen``: coin -> co_seen bits to set."""
    e = position(TWO, ships, placed=placed)
    arr = e.record.copy()
    for c, bits in (seen or {}).items():
        arr["co_seen"][0][c] = bits
    return arr


def test_gold_at_home_is_a_lead_for_its_seat_and_as_much_a_deficit_for_the_rival():
    """[Winning the Game] the most gold at home wins: seat 0's doubloon unloaded at home puts
    it ahead (value > 0) and seat 1 behind by as much (2 players, zero-sum)."""
    v = _value(_at([{"coin": 5, "at": "home", "where": 0}], {5: 3}))
    assert v[0] > 0 > v[1] and v[0] == pytest.approx(-v[1])
    assert np.all(np.abs(v) < 1.0)


def test_more_gold_delivered_is_worth_more():
    """[Winning the Game] monotone in delivered gold: a copper (1), a gold (3), a doubloon
    (5) and doubloon + gold at seat 0's home, every coin known to both seats."""
    vals = []
    for coins in ([0], [4], [5], [5, 4]):
        placed = [{"coin": c, "at": "home", "where": 0} for c in coins]
        vals.append(_value(_at(placed, {c: 3 for c in coins}))[0])
    assert vals == sorted(vals) and len(set(vals)) == 4


def test_delivered_gold_is_worth_more_than_carried_and_carried_more_near_home():
    """[Unloading treasure] gold counts once it is unloaded at home; aboard it can still be
    sunk or taken [Sinking a ship; Board]: the same doubloon is worth most at home, then
    aboard a ship near home, then aboard one far out."""
    home = _value(_at([{"coin": 5, "at": "home", "where": 0}], {5: 3}))[0]
    near = _value(_at([{"coin": 5, "at": "ship", "where": 0}], {5: 3},
                      ships=[ship(0, 0, 3.4, 2.0, 0.0), SEA[1]]))[0]
    far = _value(_at([{"coin": 5, "at": "ship", "where": 0}], {5: 3},
                     ships=[ship(0, 0, 8.0, 5.0, 0.0), SEA[1]]))[0]
    assert home > near > far > 0


def test_treasure_on_a_wreck_counts_for_no_one():
    """[Winning the Game] "Treasure on a ship that is wrecked ... does not count for any
    player": a wrecked ship's doubloon gives her seat nothing."""
    arr = _at([{"coin": 5, "at": "ship", "where": 0}], {5: 3})
    before = _value(arr)[0]
    arr["sh_wreck"][0][0] = 1
    arr["sh_masts"][0][0] = 0
    assert _value(arr)[0] < before and _value(arr)[0] <= 0.0


def test_a_coin_only_its_owner_has_seen_is_worth_its_value_to_it_and_the_mean_to_the_rival():
    """Face-down values are hidden from everyone but who looked [Placing Treasure; Exploring:
    the explorer looks "without revealing it to the other players"]: seat 0's coin at home,
    seen only by seat 0, counts at its true value for seat 0, so swapping a copper (1) for a
    doubloon (5) there raises seat 0's value, while seat 1, which has not seen it, values it
    as any coin it has not seen and its value does not move."""
    arr = _at([{"coin": 0, "at": "home", "where": 0}], {0: 1})
    v = _value(arr)
    arr["co_val"][0][[0, 5]] = arr["co_val"][0][[5, 0]]       # swap the copper and the doubloon
    w = _value(arr)
    assert w[0] > v[0] and w[1] == v[1]


def _positions(config, games=3, steps=900, every=45):
    return random_records("cursed_seas", config, games, steps, every, seed=11)


@pytest.mark.parametrize("config", [{"num_players": 2}, {"num_players": 3}])
def test_every_determinisation_for_every_seat_has_the_same_value(config):
    """The value stands in for the rest of the game in every seat's search, so a seat's
    value reads only what that seat knows: re-dealing what a seat cannot see (hidden.py: coin
    values, face-down crew) never changes its value. Positions from random play, mid-game
    included."""
    played = 0
    for k, rec in enumerate(_positions(config)):
        v = _value(rec)
        assert np.all((v <= 1.0) & ((v >= -1.0) | (v == DECIDED_LOSS)))
        for seat in range(config["num_players"]):
            for key in (1, 2):
                d = rec.copy()
                envs.spec("cursed_seas").determinize(d[0], seat, np.uint64(97 * k + key))
                assert _value(d)[seat] == v[seat]
        played += int(rec["turn"][0] > 2)
    assert played >= 5


def test_a_finished_game_is_worth_its_reward():
    """[Winning the Game] at the end the value is the reward: +1 the winner, -1 the loser
    (0 each on a draw)."""
    e = envs.make_raw("cursed_seas", num_players=2)
    rng = np.random.default_rng(2)
    ended = 0
    for g in range(12):                 # random games: about half end before the cap
        if ended >= 2:
            break
        e.reset(seed=g)
        while e.record["to_play"][0] >= 0 and e.record["step"][0] < 3000:
            e.step(int(rng.choice(e.legal_actions())))
        if e.record["done"][0]:
            assert np.array_equal(_value(e.record), e.record["reward"][0][:2])
            ended += 1
    assert ended >= 1


def test_the_search_cuts_cursed_seas_playouts_where_the_game_says():
    """With a value kernel on the GameSpec, ``mcts`` stops its playouts after the game's own
    ``search_cut`` (a full Cursed Seas playout is ~2,000 decisions; the shared default of 20
    random decisions lost to the heuristic: benchmarks/RESULTS.md)."""
    spec = envs.spec("cursed_seas")
    assert spec.value is value
    assert spec.search_cut is not None and spec.search_cut != DEFAULT_ROLLOUT
    assert MCTSAgent("cursed_seas", 10).max_rollout_steps == spec.search_cut
    assert MCTSAgent("cursed_seas", 10, max_rollout_steps=3).max_rollout_steps == 3


def test_the_plain_search_explores_with_the_games_constant():
    """Cursed Seas' plain search explores with the game's own ``search_c`` (its value is
    compressed: benchmarks/RESULTS.md); a policy prior keeps PUCT's, and ``c=`` overrides."""
    import agents
    from agents.mcts import DEFAULT_PUCT_C, DEFAULT_UCT_C, default_c

    spec = envs.spec("cursed_seas")
    assert spec.search_c is not None and spec.search_c != DEFAULT_UCT_C
    assert MCTSAgent("cursed_seas", 10).c == spec.search_c
    assert default_c(spec, prior=True) == DEFAULT_PUCT_C
    assert agents.make("mcts:10:c=2", "cursed_seas").c == 2.0


def test_a_ship_sailing_for_treasure_is_worth_more_the_closer_she_is():
    """[Exploring; Moving] treasure ashore is fetched by a ship with room in her hold: seat
    0's ship docked at wild island 3 (coin 13 ashore there) is worth more than the same ship
    3 S off, and that more than 6 S off; seat 1's ship is at its home throughout."""
    vals = []
    for pose in (ship(0, 0, 2.0, 7.88 - 0.6, 90.0, dock=3), ship(0, 0, 2.0, 5.0, 90.0),
                 ship(0, 0, 5.0, 4.0, 90.0)):
        vals.append(_value(_at([], ships=[pose, SEA[1]]))[0])
    assert vals[0] > vals[1] > vals[2]


def test_a_ship_with_no_room_is_not_drawn_to_treasure_ashore():
    """[Exploring] a ship takes coins only into free cargo spaces: with her hold full, the
    treasure ashore adds nothing for her however close she is; with room, it does."""
    from envs.cursed_seas.state import MAX_ISLANDS

    gold = np.zeros((1, MAX_ISLANDS))            # as one seat tells it
    count = np.zeros(MAX_ISLANDS, np.int64)
    gold[0, 3], count[3] = 2.0, 1                # coin 13 ashore on island 3
    near = ship(0, 0, 2.0, 7.88 - 0.6, 90.0, dock=3)

    def worth(arr):
        out = np.zeros(1)
        approach(arr[0], 0, gold, count, out)
        return out[0]

    assert worth(_at([], ships=[near, SEA[1]])) > 0.0
    room = int(_at([])[0]["cfg"]["ship_cargo"][0, 0])
    assert worth(_at([{"coin": c, "at": "ship", "where": 0} for c in range(room)],
                     ships=[near, SEA[1]])) == 0.0


# ----- issue 30: a game the home gold has already decided ---------------------------------------
#: seat 0's ship 1 S above its home island (island 0 at (2, 2)), bow towards it
NEAR_HOME = [ship(0, 0, 2.0, 4.2, -90.0), SEA[1]]


def _decided(aboard=(0,), gone=(1, 2), home0=(3, 4, 5), home1=(8, 9, 10, 11, 12, 13),
             seen_by_0=True, ships=NEAR_HOME):
    """The end of issue 30's truncated game: seat 0 (coins 0-5 worth 1 1 2 2 3 5) has 10 at
    home (coins 3, 4, 5), seat 1 (coins 8-13, the same values) 14; coin 0 (1 gold) is the
    only gold still in play, aboard seat 0's ship; coins 1 and 2 sank aboard seat 0's ships.
    Each seat has looked at its own coins at home and aboard (``seen_by_0``: seat 0 at the
    sunk ones too)."""
    placed = ([{"coin": c, "at": "ship", "where": 0} for c in aboard]
              + [{"coin": c, "at": "gone"} for c in gone]
              + [{"coin": c, "at": "home", "where": 0} for c in home0]
              + [{"coin": c, "at": "home", "where": 1} for c in home1])
    seen = [0] * MAX_COINS
    for c in home0:
        seen[c] = 1
    for c in home1:
        seen[c] = 2
    for c in list(aboard) + (list(gone) if seen_by_0 else []):
        seen[c] = 1                             # loaded: her player looked at it [Exploring]
    return position(TWO, ships, placed=placed, keep_gold=False, record={"co_seen": seen})


def test_a_seat_no_coin_left_can_save_is_worth_less_than_a_loss_and_the_winner_less_than_a_win():
    """[Winning the Game; Unloading treasure] seat 1's 14 at home beats the most seat 0 can
    end with (10 + the 1 aboard): the game is decided, and seat 0 knows it (it has seen its
    own coins; seat 1's are the rest of the pool). Seat 0 is worth DECIDED_LOSS, below the
    -1 its search gets by ending the game, so stalling never looks better than losing
    (issue 30); seat 1 keeps its estimate, below the +1 the end would pay it."""
    v = _value(_decided().record)
    assert v[0] == DECIDED_LOSS < -1.0
    assert 0.0 < v[1] < 1.0


def test_a_game_short_of_decided_keeps_the_estimate():
    """[Winning the Game] gold direction: seat 1 leads 14 to 7 with 7 still in play (coins
    0, 1, 2 and 4 aboard seat 0's ship), so seat 0 could still tie: not decided, both values
    strictly between a loss and a win; with coin 1 sunk (6 in play) it is decided."""
    v = _value(_decided(aboard=(0, 1, 2, 4), gone=(), home0=(3, 5)).record)
    assert -1.0 < v[0] < 0.0 < v[1] < 1.0
    v = _value(_decided(aboard=(0, 2, 4), gone=(1,), home0=(3, 5)).record)
    assert v[0] == DECIDED_LOSS


def test_a_decided_game_counts_only_for_a_seat_that_knows_it():
    """Knowledge direction (face-down coins [Placing Treasure; Exploring]): when seat 0 has
    not looked at the coins that sank (1 and 2), seat 1's six home coins might for all seat 0
    knows be the smallest of the eight it has not seen (1 1 1 2 2 2 = 9 < 11), so seat 0 keeps
    the estimate; with the same gold where it is but the sunk coins seen, it knows it has
    lost."""
    rec = _decided(seen_by_0=False).record
    v = _value(rec)
    assert -1.0 < v[0] < 0.0 < v[1] < 1.0
    assert _value(_decided().record)[0] == DECIDED_LOSS
    # what decides it is read with the seat's own knowledge: determinising for a seat
    # (hidden.py) never changes that seat's value, here or in the position both seats know
    spec = envs.spec("cursed_seas")
    for r in (rec, _decided().record):
        v = _value(r)
        for seat in range(2):
            for key in range(1, 6):
                d = r.copy()
                spec.determinize(d[0], seat, np.uint64(key))
                assert _value(d)[seat] == v[seat]


def test_the_search_ends_a_lost_game_instead_of_stalling_it():
    """Issue 30: seat 0 trails 10 to 14 with its last coin (1 gold) aboard, a segment from
    its home. Docking unloads it [Unloading treasure] and ends the game [Winning the Game]
    with seat 0 losing; the search used to keep the coin aboard (an unfinished lost position
    was worth more than -1, and a truncated game is a draw). Now seat 0's mcts docks in the
    turn."""
    e = _decided()
    agent = MCTSAgent("cursed_seas", 120, seed=0)
    for _ in range(12):
        if e.record["to_play"][0] != 0:
            break
        e.step(agent.search(e.record.copy()))
    assert e.record["done"][0] and e.record["reward"][0][0] == -1.0


@pytest.mark.parametrize("where", [(2.0, 4.2, -90.0), (2.0, 6.0, -90.0), (8.0, 5.0, 180.0)],
                         ids=["a_segment_off", "two_segments_off", "across_the_sea"])
def test_the_trained_agent_brings_the_winning_coin_home(where):
    """[Winning the Game; Unloading treasure] seat 0 has 14 at home, seat 1 10, and the last
    gold in play is seat 0's coin aboard its ship: docking at home unloads it and ends the
    game, won. The shipped agent (its network as the prior of its search) must dock within
    twelve turns, its rival passing, whatever the seed of its search (four tried; the
    slowest took 11 turns before the playout policy and 9 with it). Its prior is sure of
    other segments; counting an untried segment at 0, far below a winning search's mean
    return, its search never tried the one that docks and the agent sailed about for 30
    turns in each of these places (GameSpec.search_fpu_parent_at)."""
    spec = envs.spec("cursed_seas")
    for seed in range(4):
        e = _decided(home0=(8, 9, 10, 11, 12, 13), home1=(3, 4, 5),
                     ships=[ship(0, 0, *where), SEA[1]])
        agent = agents.make("pretrained", "cursed_seas", seed=seed)
        turns = 0
        while not e.record["done"][0] and turns < 12:
            mask = np.zeros(spec.num_actions, np.uint8)
            spec.single.legal(e.record.copy(), 0, mask)
            if e.record["to_play"][0] == 0:
                e.step(int(agent.act(None, mask, e.record.copy(), 0)))
            else:
                turns += 1
                e.step(A_NO if mask[A_NO] else int(np.flatnonzero(mask)[0]))
        assert e.record["done"][0] and e.record["reward"][0][0] == 1.0, seed
