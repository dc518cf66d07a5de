"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded after the audit fixes (config field crew_link; crew revealed by
Captain, Helmsman and Oarsman use; a turn's swept arc kept clear; a tow ends the tower's pin on
her tow) and re-recorded for issue 29.6 (face-down pieces offered by stand-in indices, from
what the player sees); a kernel restructuring must not change them. Each case plays uniformly random legal
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
    '2p': 'c88106b094f0059f521f9261afb8cdce7727386f8589e359ea0df39fbb91064d',
    '2p_terrain_forts': 'd642a34055bed1378d7fb2cece6b47e053b64aeb5fe3679a62e4373854274b67',
    '3p_reefs_effects': '07e000f1f52d0cb73ed21e03029716b24e50886461aea456af85d35bbb628c36',
    '4p_flat': '63ff5be7ff27bb12bc8d5a3d9b209b7a8cfb6c3733d088221acfc715b0910c1a',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
