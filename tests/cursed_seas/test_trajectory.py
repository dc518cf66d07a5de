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
cannon decision is asked); a kernel restructuring must not change them. Each case plays
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
    '2p': '8369ae563002f18d3bdbb8fa60b0b16bca2d6f135413a928d3c2fb9e4209fdc6',
    '2p_terrain_forts': '162927a08a24fff4283cec4d0f374cbe7c56bd688020d49b20b2fcbb29819c47',
    '3p_reefs_effects': 'db36571d7dd417ac457b4cfaa30fc0e81aae5878a89b0c234fb2bf702e108e1f',
    '4p_flat': 'bd00830a87e16233d0d91a316cbb2e76066af235893dba4cfadfaf6ba23fdc71',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("cursed_seas", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("cursed_seas", CASES)
