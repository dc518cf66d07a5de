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
    A_NO, A_OPT, ACT_EXPLORE, ACT_SHOOT, LOC_HOME, NUM_ACTIONS, PK_EXPLORE, PK_GUN, PK_SEGMENT,
    PK_TARGET, PK_TURN,
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
