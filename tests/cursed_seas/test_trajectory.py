"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main after towing, fort loading and Navigators landed (issue
11); a kernel restructuring must not change them. Each case plays uniformly random legal
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
    '2p': '1fe79acb63f6f8ef94d2fd995e24563be851d2fd472650a57f1b276f2e2b8bc1',
    '2p_terrain_forts': 'adadda6124056351ac2ad1d553f5524ac12ea42f0f773ce8a1cbcb65c123a01e',
    '3p_reefs_effects': '2b8ba3c5629cfaacc7639c7297089410cf743cea8e3b30fe6bc1b7a3e412d32e',
    '4p_flat': 'e12d901e18aab9ed864164886b295470c310c94d2ddcaf40267b1834c80b13dd',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
