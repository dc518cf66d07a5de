"""Cursed Seas, Winning the Game at its boundaries: 'The game ends immediately when one of the
following conditions has been met: All available gold has been unloaded to home islands. Only
one player is able to give any future move actions to any of their ships (OR half or more
players have no possibility of giving any future move actions to any of their ships.)'

Each condition met exactly ends the game (test_rulebook_scenarios.py::test_game_ends_when_*
and the two-player half_cannot case here); the position one step short of it does not. Every
test lets seat 0's ship sail home (an action that resolves, so the end is checked; ruling:
End timing).
"""

import pytest

from envs.cursed_seas.state import ACT_MOVE, LOC_HOME, LOC_ISLAND

from .helpers import ISLANDS, fleet, order, position, rec, seg, ship

PETREL = "Blue Petrel"
RUST = "Rustfang"
HOME_RUN = ship(0, 0, 4.5, 2.0, 180.0)             # one L straight ahead docks at home (island 0)
#: a third home island (seat 2's) for three-player tables
ISLANDS_3 = ISLANDS + [{"x": 10.0, "y": 3.0, "r": 1.0, "home": 2}]


def _sail_home(e):
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    assert rec(e)["sh_dock"][0] == 0


def test_a_last_copper_left_on_an_island_keeps_the_game_going():
    """[Winning the Game] 'All available gold has been unloaded': seat 0 unloads its doubloon
    (5) at home while a copper (1 gold, DEFAULT_COINS) still lies on wild island 2 - gold is
    still available, so the game goes on."""
    coins = [{"coin": 5, "at": "ship", "where": 0}, {"coin": 1, "at": "island", "where": 2}]
    e = position([fleet(PETREL), fleet(RUST)], [HOME_RUN, ship(1, 0, 9.0, 5.0, 90.0)],
                 placed=coins, keep_gold=False)
    _sail_home(e)
    s = rec(e)
    assert s["co_loc"][5] == LOC_HOME and s["co_loc"][1] == LOC_ISLAND and s["co_val"][1] == 1
    assert s["done"] == 0 and s["winner_mask"] == 0


def _stuck_table(n, end_rule):
    """``n`` seats, the last one's only ship a derelict at sea (no mast, not docked, no
    Shipwright: she can never move again [ruling: Who can still move]); the others sail."""
    fleets = [fleet(PETREL)] + [fleet(RUST)] * (n - 1)
    ships = [HOME_RUN] + [ship(q, 0, 9.0, 2.0 + 3.0 * q, 90.0) for q in range(1, n)]
    ships[-1] = {**ships[-1], "masts": [0, 0]}
    return position(fleets, ships, islands=ISLANDS_3 if n == 3 else ISLANDS,
                    end_rule=end_rule)


@pytest.mark.parametrize("end_rule", ["one_can_move", "half_cannot"])
def test_one_of_three_players_stuck_does_not_end_the_game(end_rule):
    """[Winning the Game] three players, one of whom can never move again: two can still move
    (not 'only one'), and one of three is less than half - under either end rule the game
    goes on."""
    e = _stuck_table(3, end_rule)
    _sail_home(e)
    assert rec(e)["done"] == 0


def test_half_cannot_one_of_two_players_stuck_ends_the_game():
    """[Winning the Game] '(OR half or more players have no possibility of giving any future
    move actions ...)' (end_rule half_cannot): one of two players stuck is half, so the game
    ends as soon as seat 0's action resolves (one_can_move ends it too: only one can move)."""
    e = _stuck_table(2, "half_cannot")
    _sail_home(e)
    assert rec(e)["done"] == 1
