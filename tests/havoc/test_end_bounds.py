"""Seas of Havoc, the end and the winner at their boundaries [Ending the Game], [Final
Scoring]: the game ends after a Sea Phase that empties the Damage deck
(test_sea_turns.py::test_game_ends_after_the_sea_phase_when_damage_deck_is_empty) and not
after one that leaves a single card; a one-Infamy lead wins outright, the tie-breakers only
deciding equal scores (test_scoring.py covers the ties). The opt-in stall limit is tested both
ways in test_rulebook_scenarios.py.
"""

from envs.havoc import state as S
from tests.havoc.test_scoring import finish, position
from tests.havoc.test_sea_turns import TWO, act, get, hand, opt, sea


def test_one_damage_card_left_after_the_sea_phase_does_not_end_the_game():
    """Ending the Game: 'The game ends at the end of a Sea Phase when the Damage deck is
    empty': with one Damage card left the Sea Phase's cleanup leads to the next Island Phase."""
    arr = sea(TWO, [{"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6},
                    {"hand": {"Make Way": 1}, "deck": ["Long Gun"] * 6}], damage_left=1)
    act(arr, hand("Make Way"), opt(1))
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "damage_left") == 1
    assert not get(arr, "done") and get(arr, "phase") == S.PH_ISLAND


def test_one_infamy_more_wins_against_more_resources_and_less_damage():
    """Final Scoring: 'The most infamous captain wins!'; the tie-breakers (most resources,
    then least Damage) apply only 'in the case of a tie': 6 Infamy beats 5 with nine
    resources and no Damage."""
    _, rec = position([{"infamy": 7, "res": [0, 0, 0], "discard": {"Damage": 1}},
                         {"infamy": 5, "res": [3, 3, 3]}])
    assert finish(rec) == ([1.0, -1.0], 0b01)
