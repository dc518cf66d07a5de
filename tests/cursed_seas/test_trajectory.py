"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded after the audit fixes (config field crew_link; crew revealed by
Captain, Helmsman and Oarsman use; a turn's swept arc kept clear; a tow ends the tower's pin on
her tow); a kernel restructuring must not change them. Each case plays uniformly random legal
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
    '2p': '82aa61c5e8abc9685a2775778474b7c85eca61ef5a8acc2b9e8295e9b85ccfdf',
    '2p_terrain_forts': '7a156e2ca54bdcd6dc20a68e956d4f55b3c0e036b19f40c66f53b9505c0a4422',
    '3p_reefs_effects': 'c9c4bb4a986af876eef18b4b9b36bc34d4f9c14f8424cd23d1ee01b3e3ae7a8b',
    '4p_flat': '63ff5be7ff27bb12bc8d5a3d9b209b7a8cfb6c3733d088221acfc715b0910c1a',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
