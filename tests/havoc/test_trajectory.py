"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24 (as Five Sails' and Cursed Seas' were before
their call trees were flattened); a kernel restructuring must not change them. Each case plays
uniformly random legal actions and hashes the actions and the final record bytes
(tests/core/trajectory.py). If a rules change is meant to alter play, re-record with
``python -m tests.havoc.test_trajectory``.
"""

import pytest

from tests.core.trajectory import print_digests, trajectory

CASES = {
    "2p": dict(num_players=2),
    "3p": dict(num_players=3),
    "4p_teams": dict(num_players=4, variant="teams"),
}
DIGESTS = {
    '2p': '5ac1ff3d226818eeb988356aa54c6fd82803a58fa4aab382aa498b52596eacba',
    '3p': 'ff709c502a2cd4c0f021aed5eea847d9aa7c72f214a56bb63de3f519e0d48bff',
    '4p_teams': '0f74ec37f04d7e9f382f5293481705d8e24810db067c3f8c95e0cf9f18338fc1',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("havoc", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("havoc", CASES)
