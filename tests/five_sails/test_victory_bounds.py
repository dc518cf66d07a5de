"""City of Five Sails victory and the game's end at their boundaries [Victory], [Day Limit]:
each condition met exactly wins, and the position one step short of it does not (the
conditions met are in tests/five_sails/test_day.py and test_duel.py).

4. Plunder checks a. Dominance, b. takes Renown, c. Economic Victory, d. Fifth Day; every
test here ends High Drama (both players pass) on a position set up for the Plunder.
"""

import pytest

from envs.five_sails import state as S
from tests.five_sails.helpers import act, check, high_drama, new

CORE = {"The Docks": S.L_DOCKS, "The Forums": S.L_FORUMS, "The Grand Bazaar": S.L_BAZAAR}


def _plunder(st):
    act(st, S.A_PASS)
    act(st, S.A_PASS)


@pytest.mark.parametrize("missing", sorted(CORE))
def test_dominance_needs_all_three_core_locations_two_do_not_win(missing):
    """[Victory: Dominance] 'control the three Core City Locations: The Docks, The Forums,
    and The Grand Bazaar': seat 1 controls the other two at the end of the Day and does not
    win; the Day ends and the next one begins."""
    st = new(2)
    high_drama(st)
    s = st[0]
    for name, loc in CORE.items():
        if name != missing:
            s["ctrl"][loc] = 1
    _plunder(st)
    assert s["done"] == 0 and s["winner_mask"] == 0
    assert s["day"] == 2
    check(st)


def test_economic_victory_six_renown_does_not_win():
    """[Victory: Economic] 'control seven or more Renown': 5 + 1 for the location seat 1
    controls = 6 after Plunder's Renown is one short, and the game goes on."""
    st = new(2)
    high_drama(st)
    s = st[0]
    s["renown"][1] = 5
    s["ctrl"][S.L_FORUMS] = 1
    _plunder(st)
    assert s["renown"][1] == 6
    assert s["done"] == 0 and s["day"] == 2
    check(st)


def test_the_fourth_day_ends_without_a_day_limit_winner():
    """[Day Limit] 'The game ends at the end of the fifth day': at the end of the fourth Day
    the player ahead on Renown has not won; the fifth Day begins (the fifth Day's end with
    its tie-breakers is test_day.py::test_fifth_day_tie_breakers_in_order)."""
    st = new(2)
    high_drama(st)
    s = st[0]
    s["day"] = 4
    s["renown"][:2] = [3, 2]
    _plunder(st)
    assert s["done"] == 0 and s["winner_mask"] == 0
    assert s["day"] == 5
    check(st)
