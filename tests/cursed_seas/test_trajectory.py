"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded after the audit fixes (config field crew_link; crew revealed by
Captain, Helmsman and Oarsman use; a turn's swept arc kept clear; a tow ends the tower's pin on
her tow) and re-recorded for issue 29.6 (face-down pieces offered by stand-in indices, from
what the player sees), and re-recorded for issue 32 (Cursed Seas as written: 24 headings
and eighths of a segment, deploy headings, the player's order of fire - a new action layout,
so every random game differs), and re-recorded for two hidden-information leaks (a ship
that may carry a face-down Oarsman is asked "sail on or stop" past her printed segments,
with stop alone legal when she has none; Long Guns that alone give a cannon a target are
revealed when the cannon decision is asked); a kernel restructuring must not change them. Each case plays uniformly random legal
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
    '2p': 'e9005486d155e5a030a84d8dd208410d72a147759362d3d3f3deffb50d2e1173',
    '2p_terrain_forts': 'c276eef042fae3bb9a81d00e647e1e81f06ff63278db4fd3831590c6f499a4b7',
    '3p_reefs_effects': '5d64916aa8d1b83969ac7c9ce9fca30712f94d72a62ba11b3c293d5e47eb60cb',
    '4p_flat': '6ab47d0884a81dcafb495bde92819404c4b9e1a4bf30a21e8c0ddcd910dee6ab',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
