"""Cursed Seas heuristic kernels (envs/cursed_seas/heuristic.py) and the agent that wraps them
(agents/heuristic/cursed_seas.py): it carries gold home [Unloading treasure; Winning the
Game], shoots the ship carrying treasure [Shooting; Sinking a ship], takes the most valuable
coin it knows [Exploring], plays only legal actions, and is the same decision in Python and
in the self-play reply kernel."""

import numpy as np
import pytest

import envs
from agents.heuristic.cursed_seas import CursedSeasHeuristic
from envs.cursed_seas.heuristic import heuristic_best
from envs.cursed_seas.state import (
    A_NO, A_OPT, A_ORDER, A_PIECE, ACT_EXPLORE, ACT_MOVE, ACT_SHOOT, LOC_HOME, NUM_ACTIONS,
    PH_PLAY, PK_EXPLORE, PK_GUN, PK_SEGMENT, PK_TARGET, PK_TURN,
)

from .helpers import fleet, order, position, rec, ship

FAR = ship(1, 0, 9.0, 5.0, 90.0)


def _best(arr, key=1):
    best = np.zeros(NUM_ACTIONS, np.bool_)
    before = arr.tobytes()
    n = heuristic_best(arr[0], int(arr["to_play"][0]), np.uint64(key), best)
    assert arr.tobytes() == before                    # the record is left untouched
    assert n == best.sum()
    return set(int(a) for a in np.flatnonzero(best))


def _legal(e):
    return set(int(a) for a in e.legal_actions())


def test_it_sails_home_with_the_last_gold_and_wins():
    """[Unloading treasure; Winning the Game] seat 0's ship carries the last gold in play (a
    doubloon it has looked at) 0.8 S off its home island: the heuristic orders her to move,
    sails onto the island (docking unloads the gold) and the game ends won, whatever tie it
    draws."""
    spec = envs.spec("cursed_seas")
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    for seed in range(3):
        e = position([fleet("Rustfang"), fleet("Rustfang")],
                     [ship(0, 0, 4.5, 2.0, 180.0), FAR],
                     placed=[{"coin": 5, "at": "ship", "where": 0}], keep_gold=False)
        arr = e.record.copy()
        arr["co_seen"][0][5] = 1
        agent = CursedSeasHeuristic(seed=seed)
        pendings = []
        for _ in range(8):
            if arr["to_play"][0] != 0:
                break
            pendings.append(int(arr["pending"][0]))
            spec.legal_mask(arr[0], mask)
            a = int(agent.act_batch(None, mask[None], arr.copy(), np.array([0]))[0])
            assert mask[a]
            spec.apply(arr[0], a)
        s = arr[0]
        assert PK_SEGMENT in pendings
        assert s["done"] and s["winner_mask"] == 1 and s["reward"][0] == 1.0
        assert s["co_loc"][5] == LOC_HOME
        assert spec.check_states(arr) == [[]]


#: seat 0's Rustfang (range S) between two of seat 1's ships, 0.8 S off each beam
GUNS = [fleet("Rustfang"), fleet("Rustfang", "Anvil Gale")]
BETWEEN = [ship(0, 0, 6.0, 6.0, 0.0), ship(1, 0, 6.0, 6.8, 0.0), ship(1, 1, 6.0, 5.2, 0.0)]


def test_it_shoots_and_aims_at_the_ship_carrying_treasure():
    """[Shooting; Sinking a ship] with an enemy in range the heuristic gives a shoot action
    (no explore or repair to give), and of the two targets in range it fires at the one
    carrying treasure (seat 1's Anvil Gale, ship 7), not the empty one (ship 6)."""
    e = position(GUNS, BETWEEN, placed=[{"coin": 8, "at": "ship", "where": 7}])
    assert rec(e)["pending"] == PK_TURN
    assert _best(e.record) == {order(0, ACT_SHOOT)}
    e.step(order(0, ACT_SHOOT))
    # [Cannon hits] the player picks which cannon fires next: the heuristic fires, never
    # holds the rest back
    assert rec(e)["pending"] == PK_GUN
    fire = _best(e.record)
    assert fire and A_NO not in fire and fire <= _legal(e)
    e.step(min(fire))
    assert rec(e)["pending"] == PK_TARGET
    assert {A_OPT + 6, A_OPT + 7} <= _legal(e)        # both in range and line of fire
    assert _best(e.record) == {A_OPT + 7}


def test_it_takes_the_most_valuable_coin_it_has_seen():
    """[Exploring] docked at a wild island since the turn began, the heuristic explores
    first; having looked at the copper and the doubloon there it takes the doubloon."""
    e = position([fleet("Rustfang"), fleet("Rustfang")],
                 [ship(0, 0, 7.12 + 0.6, 2.0, 180.0, dock=2), FAR],
                 placed=[{"coin": 0, "at": "island", "where": 2},
                         {"coin": 5, "at": "island", "where": 2}])
    assert _best(e.record) == {order(0, ACT_EXPLORE)}
    e.step(order(0, ACT_EXPLORE))
    assert rec(e)["pending"] == PK_EXPLORE
    assert {A_OPT + 0, A_OPT + 5} <= _legal(e)
    assert _best(e.record) == {A_OPT + 5}


CONFIGS = [{"num_players": 2}, {"num_players": 3}, {"num_players": 4, "reefs": 1},
           {"num_players": 2, "fleets": ["abyssal_pact", "crown_raiders"], "reefs": 1,
            "terrain": ["Grey Shroud", "Frostfang", "Weedmire", "The Drain"],
            "forts": [["Fort Brimstone", "Redoubt of Tears"], ["Coral Bastion"]]}]


def _positions(config, steps=700, every=9, seed=0):
    """Records reached by random play."""
    e = envs.make_raw("cursed_seas", **config)
    rng = np.random.default_rng(seed)
    out = []
    e.reset(seed=seed)
    for t in range(steps):
        if e.record["to_play"][0] < 0:
            e.reset(seed=seed + t)
        if t % every == 0:
            out.append(e.record.copy())
        e.step(int(rng.choice(e.legal_actions())))
    return out


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: str(c.get("num_players")) +
                         ("forts" if "forts" in c else ""))
def test_it_marks_only_legal_actions_and_the_agent_draws_from_them(config):
    """From positions of random play (set-up, turns, segments, targets, forts, terrain):
    heuristic_best marks at least one action whenever one is legal and never an illegal one;
    the agent, drawing the same key, marks the same set and plays one of it."""
    spec = envs.spec("cursed_seas")
    segments = 0
    for k, st in enumerate(_positions(config, seed=len(config))):
        seat = int(st["to_play"][0])
        if seat < 0:
            continue
        mask = np.zeros(NUM_ACTIONS, np.uint8)
        spec.legal_mask(st.copy()[0], mask)
        agent = CursedSeasHeuristic(seed=k)
        a = int(agent.act_batch(None, mask[None], st.copy(), np.array([seat]))[0])
        key = np.uint64(np.random.default_rng(k).integers(2**63))   # the agent's first draw
        best = np.zeros(NUM_ACTIONS, np.bool_)
        n = heuristic_best(st.copy()[0], seat, key, best)
        np.testing.assert_array_equal(best, agent.last_best[0])
        assert n >= 1 and n == best.sum() and best[a] and mask[a]
        assert not (best & (mask == 0)).any()
        segments += int(st["pending"][0]) == PK_SEGMENT
    assert segments > 0


def test_a_full_hold_sails_on_instead_of_exploring_for_nothing():
    """[Exploring; Actions; Winning the Game] issue 30: docked at a wild island since the turn
    began with her hold full (Anvil Gale, cargo 3, three coins she has looked at) the
    heuristic gives her a move, not the explore that is still legal (a coin lies ashore) but
    could take nothing: it would spend her action every turn and the gold aboard would never
    come home (the game never ended)."""
    e = position([fleet("Anvil Gale"), fleet("Rustfang")],
                 [ship(0, 0, 7.12 + 0.7, 2.0, 180.0, dock=2), FAR],
                 placed=[{"coin": c, "at": "ship", "where": 0} for c in (0, 2, 4)] +
                        [{"coin": 1, "at": "island", "where": 2}])
    arr = e.record.copy()
    for c in (0, 2, 4):
        arr["co_seen"][0][c] = 1
    assert order(0, ACT_EXPLORE) in _legal(e) and order(0, ACT_MOVE) in _legal(e)
    assert _best(arr) == {order(0, ACT_MOVE)}
    # with room aboard she still explores first [Exploring]
    arr["co_loc"][0][4] = LOC_HOME
    assert _best(arr) == {order(0, ACT_EXPLORE)}


def _moves_her(arr, k):
    """Ship k could sail somewhere on a move from record ``arr``: some legal first segment
    [Moving] leaves her at another place or heading."""
    spec = envs.spec("cursed_seas")
    st = arr.copy()
    st["pending"][0] = PK_SEGMENT
    st["pend_ship"][0] = k
    st["seg_used"][0] = 0
    st["to_play"][0] = st["sh_owner"][0][k]
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    spec.legal_mask(st[0], mask)
    for a in np.flatnonzero(mask):
        if a == A_NO:
            continue
        w = st.copy()
        spec.apply(w[0], int(a))
        # (a sail into the piece she touches moves her by rounding only)
        if abs(w["sh_x"][0][k] - st["sh_x"][0][k]) + abs(w["sh_y"][0][k] - st["sh_y"][0][k]) \
                > 1e-6 or abs(w["sh_h"][0][k] - st["sh_h"][0][k]) > 1e-6:
            return True
    return False


#: issue 30, from a heuristic-vs-heuristic game that ran to the step bound: seat 0's Lady
#: Marrow (ship 0, coin 9 aboard) and Regal Tempest (ship 1) docked bow-on side by side at
#: wild island 3; a small sail of Regal Tempest's left both pinned there for good
PINNED_ISLANDS = [{"x": 5.25, "y": 8.25, "r": 0.8, "home": 0},
                  {"x": 5.25, "y": 2.25, "r": 0.8, "home": -1},
                  {"x": 9.75, "y": 6.75, "r": 1.1, "home": -1},
                  {"x": 2.25, "y": 5.25, "r": 1.0, "home": -1},
                  {"x": 9.75, "y": 2.25, "r": 0.9, "home": 1},
                  {"x": 6.75, "y": 5.25, "r": 0.9, "home": -1}]
PINNED_SHIPS = [ship(0, 0, 4.1293299865107, 5.96698938925072, -165.0, dock=3),
                ship(0, 1, 3.333986630250439, 6.702186828544764, -120.0, dock=3),
                ship(0, 2, 5.3621399428375245, 5.7168369648622805, 15.0, dock=5),
                ship(1, 0, 6.84604539019662, 2.8248841846406716, -150.0, dock=1),
                ship(1, 1, 11.203851921597654, 0.41367652289246143, -15.0),
                ship(1, 2, 6.444218245271006, 3.089827550564207, -165.0, dock=1)]
PINNED_COINS = ([{"coin": 9, "at": "ship", "where": 0}, {"coin": 0, "at": "ship", "where": 2}] +
                [{"coin": c, "at": "ship", "where": 6} for c in (2, 3, 5)] +
                [{"coin": c, "at": "home", "where": 1} for c in (1, 4, 11)] +
                [{"coin": c, "at": "home", "where": 0} for c in (8, 10, 12, 13)])


@pytest.mark.parametrize("key", range(4))
def test_it_never_sails_where_she_or_her_consort_is_boxed_in(key):
    """[Moving: "A ship can't move through any island or another ship"; Winning the Game]
    issue 30: whatever segment the heuristic marks for Regal Tempest beside Lady Marrow at
    island 3, each of the two can still sail somewhere on a later move (a turn's arc clear or
    open water ahead); two ships pinning each other bow-on to an island kept the gold aboard
    at sea for ever."""
    e = position(["crown_raiders", "iron_brotherhood"], PINNED_SHIPS, islands=PINNED_ISLANDS,
                 placed=PINNED_COINS, keep_gold=False)
    e.step(order(1, ACT_MOVE))
    assert rec(e)["pending"] == PK_SEGMENT and rec(e)["pend_ship"] == 1
    assert _moves_her(e.record, 0) and _moves_her(e.record, 1)
    marked = _best(e.record, key)
    assert marked and marked <= _legal(e)
    for a in marked:
        c = e.clone()
        c.step(a)
        assert _moves_her(c.record, 0) and _moves_her(c.record, 1), a


#: issue 30, from a heuristic-vs-random game that ran to the step bound: seat 0 has 27 of
#: the 28 gold at home; the last coin (9) is aboard Lady Marrow (ship 0), boxed in off the
#: home island by Regal Tempest and Scarlet Heron, docked there with nothing left to do
CROWDED_ISLANDS = [{"x": 2.25, "y": 2.25, "r": 0.9, "home": 0},
                   {"x": 3.75, "y": 6.75, "r": 1.1, "home": -1},
                   {"x": 6.75, "y": 3.75, "r": 0.9, "home": -1},
                   {"x": 9.75, "y": 9.75, "r": 0.8, "home": 1},
                   {"x": 5.25, "y": 9.75, "r": 1.0, "home": -1},
                   {"x": 8.25, "y": 6.75, "r": 0.8, "home": -1}]
CROWDED_SHIPS = [ship(0, 0, 3.7951286733219414, 3.9634480671345154, -135.0),
                 ship(0, 1, 3.117308609418935, 3.735303559249463, -120.0, dock=0),
                 ship(0, 2, 3.58211717903025, 3.139240121950536, -135.0, dock=0),
                 ship(1, 0, 11.379756073373905, 11.18717967697245, 60.0),
                 ship(1, 1, 10.735435448461025, 11.541133111919983, 15.0),
                 ship(1, 2, 11.455735931288071, 0.5900423049461431, -45.0)]


@pytest.mark.parametrize("seed", range(3))
def test_ships_idle_at_home_stand_off_so_the_last_coin_comes_home(seed):
    """[Winning the Game: all available gold unloaded ends the game; Unloading treasure;
    Moving] issue 30: Lady Marrow carries the last coin but cannot move (every turn's arc
    blocked by her two consorts docked at home, nothing ahead but one of them); the
    heuristic sails them off, she docks, unloads, and the game ends won by seat 0 (seat 1
    only ever ends its turn). On main the two stayed docked and the game ran to the bound."""
    spec = envs.spec("cursed_seas")
    e = position(["crown_raiders", "iron_brotherhood"], CROWDED_SHIPS, islands=CROWDED_ISLANDS,
                 placed=[{"coin": 9, "at": "ship", "where": 0}] +
                        [{"coin": c, "at": "home", "where": 0}
                         for c in (0, 1, 2, 3, 4, 5, 8, 10, 11, 12, 13)], keep_gold=False)
    arr = e.record.copy()
    assert not _moves_her(arr, 0)
    agent = CursedSeasHeuristic(seed=seed)
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    for _ in range(300):
        seat = int(arr["to_play"][0])
        if seat < 0:
            break
        spec.legal_mask(arr[0], mask)
        if seat == 0:
            a = int(agent.act_batch(None, mask[None], arr.copy(), np.array([0]))[0])
        else:
            a = A_NO if mask[A_NO] else int(np.flatnonzero(mask)[0])
        assert mask[a]
        spec.apply(arr[0], a)
    s = arr[0]
    assert s["done"] and not s["truncated"] and s["winner_mask"] == 1
    assert s["co_loc"][9] == LOC_HOME
    assert spec.check_states(arr) == [[]]


def test_it_takes_aboard_the_pieces_its_fleet_kept_at_home():
    """[Placing Crew and equipment; Docking] the fleet keeps Carpenter Tull and Oar Master Wen
    on the home island (Jade Lantern carries Captain Lin, one cargo space left): on her first
    turn, before any order, the heuristic picks one of them up and puts it aboard the
    Lantern, docked there; the other stays ashore (no room), and then she gives her orders."""
    lantern = dict(fleet(("Jade Lantern", ["Captain Lin"])),
                   home={"crew": ["Carpenter Tull", "Oar Master Wen"]})
    e = envs.make_raw("cursed_seas", num_players=2, fleets=[lantern, fleet("Rustfang")])
    e.reset(seed=0)
    while not (rec(e)["phase"] == PH_PLAY and rec(e)["to_play"] == 0):
        e.step(min(_best(e.record)))
    chosen = []
    while rec(e)["to_play"] == 0:
        a = min(_best(e.record))
        chosen.append(a)
        if A_ORDER <= a < A_ORDER + 24:
            break
        e.step(a)
    s = rec(e)
    assert chosen[0] in (A_PIECE + 1, A_PIECE + 2)
    assert sorted(int(s["cr_ship"][c]) for c in (1, 2)) == [-1, 0]
    assert sorted(int(s["cr_isl"][c]) for c in (1, 2)) == [-1, int(s["home"][0])]
