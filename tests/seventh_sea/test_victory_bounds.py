"""7th Sea CCG, The Object at its boundaries: each way to win met exactly wins (test_hits.py::
test_sinking_the_captain_loses_the_game, test_actions.py::test_control_of_all_five_seas_wins_
revised_only) and the position one step short of it does not (here).

The Object: 'the last Captain sailing' (rulesheet: Suffering Hits - sinking your Captain
sends your Ship to the bottom); revised: 'If you are the only player at the end of the turn
to Control each of the five Seas, you win the game' (Glossary: Control).
"""

from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, load, no_reacts, slot, target


def test_a_sunk_captain_with_two_captains_still_sailing_does_not_end_the_game():
    """The Object; Suffering Hits: in a three-player game player_1 sinks its Captain to
    absorb player_0's 3 Cannon; two Captains still sail, so nobody has won and the turn goes
    on [ruling: Sunk players]."""
    arr = load("cannon_attack", players=3, player=[
        {"sea": "La Boca", "crew": ["Powder Priest", "Marines of the Crown"],
         "hand": ["Fresh Orders"]},
        {"sea": "La Boca", "crew": ["Rogue Cutthroats", "Skull Gunners"],
         "hand": ["Pistol Shot"]},
        {"sea": "Trade Sea", "crew": []}])
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)
    act(arr, S.A_SINK + 0)                        # player_1's Captain: its Ship goes down
    assert list(arr["alive"][0][:3]) == [1, 0, 1]
    assert arr["done"][0] == 0 and arr["winner_mask"][0] == 0
    assert arr["phase"][0] == S.PH_ACTIONS and arr["pk"][0] == S.PK_MAIN


def test_control_of_four_seas_does_not_win_at_the_end_of_the_turn():
    """The Object (revised); Glossary: Control: player_1 holds Control attachments in four
    Seas (Trade Sea, Frothing Sea, La Boca, Forbidden Sea) and does not complete the fifth
    (The Mirror): the turn ends and the next begins without a winner."""
    arr = load("control_all_seas", edition="revised")
    act(arr, S.A_PASS, S.A_PASS)
    assert arr["done"][0] == 0 and arr["winner_mask"][0] == 0
    assert arr["turn"][0] == 2
