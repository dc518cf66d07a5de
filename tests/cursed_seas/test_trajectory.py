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
sh_reef_in); a kernel restructuring must not change them. Each case plays
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
    '2p': '60f025d986602700bbd65cc057db951ebdd2e238d68f1a19a3629c5486e7d8f7',
    '2p_terrain_forts': '6be1485b8cc877580099aee4420714031d6198bd32cc23a01753c48d6d200f7d',
    '3p_reefs_effects': '27db4bfdc4220d4be83c2184d68aaab84dcc1f764aa1436a000e915212ceaac3',
    '4p_flat': '310ebd9288071a1291a0e77c90fda7534b9214951a79f774546acdb5e8fc7631',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
