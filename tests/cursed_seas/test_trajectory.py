"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded after the audit fixes (config field crew_link; crew revealed by
Captain, Helmsman and Oarsman use; a turn's swept arc kept clear; a tow ends the tower's pin on
her tow) and re-recorded for issue 29.6 (face-down pieces offered by stand-in indices, from
what the player sees), and re-recorded for issue 32 (Cursed Seas as written: 24 headings
and eighths of a segment, deploy headings, the player's order of fire - a new action layout,
so every random game differs), and re-recorded for the s29 rules audit (a reef never placed on
a reef, a boarding winner who may take nothing, terrain left and re-entered in one move, no
Explorer's second action at sea; a new record field, sh_terr_in; a ship that may carry a
face-down Oarsman is asked "sail on or stop" past her printed segments, with stop alone
legal when she has none; Long Guns that alone give a cannon a target are revealed when the
cannon decision is asked), and re-recorded for the hidden gold / end timing audit (the
build-a-fort and "load another coin" questions asked from what every seat sees, not hidden
gold; the game ends the moment a hit's mast loss leaves one player able to move; a reef
left after beginning the turn on it rolls when sailed onto again - a new record field,
sh_reef_in), and re-recorded for the s47 audit (exploring, exploring at sea and a boarding
party's winner asked from what every seat sees, not hidden cargo room or points; no explore
at an enemy fort; a ship touching her home and another island docks at home; her player
picks which of two different face-down pieces giving a keyword is revealed - new record
fields sh_rv, rv_back, rv_to_play); a kernel restructuring must not change them. Each case plays
uniformly random legal
actions and hashes the actions and the final record bytes (tests/core/trajectory.py).
If a rules change is meant to alter play, re-record with ``python -m
tests.cursed_seas.test_trajectory``.
"""

import pytest

from tests.core.trajectory import print_digests, trajectory

CASES = {
    "2p": dict(num_players=2),
    "3p_reefs_effects": dict(num_players=3, reefs=1, mysterious="effects", edge="round"),
    "4p_flat": dict(num_players=4, edge="flat", board_tie="reroll"),
    "2p_terrain_forts": dict(num_players=2, reefs=1, mysterious="effects",
                             terrain=["Grey Shroud", "Frostfang", "Weedmire", "The Drain",
                                      "Maelstrom Eye"],
                             forts=[["Fort Brimstone", "Gullwatch Battery"],
                                    ["Coral Bastion", "Redoubt of Tears"]]),
}
DIGESTS = {
    '2p': 'e3671cc0b008bf59d65dd666b9bdbc02e60078c32ac565f1d3e765c56009ec2c',
    '2p_terrain_forts': 'd36f054eba2b2b9b57f2f52b3278455a321d6824c2efae3bdfd2109a26ebbe43',
    '3p_reefs_effects': '7ec5372312f0b883110fcdf037e343452b5c4618ac641054aa8eaedb35f4325c',
    '4p_flat': 'd1386ee17a78f6e4fa9d7249d11e4778179fed60ce6e5af9734b7750625d1683',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
