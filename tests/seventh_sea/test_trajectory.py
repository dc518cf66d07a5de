"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24 (as Five Sails' and Cursed Seas' were before
their call trees were flattened); a kernel restructuring must not change them. Each case plays
uniformly random legal actions and hashes the actions and the final record bytes
(tests/core/trajectory.py). If a rules change is meant to alter play, re-record with
``python -m tests.seventh_sea.test_trajectory``.
"""

import pytest

from tests.core.trajectory import print_digests, trajectory

CASES = {
    "2p": dict(num_players=2),
    "3p": dict(num_players=3),
}
DIGESTS = {
    '2p': 'd1c09220372afe2c6436bdea2acded76479206f8d1ad68d99f0a4b71f373acc6',
    '3p': 'b5506a16e020c8d0bcad36601bece505df22e4f6e89eaa5544458ad869dc9b38',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("seventh_sea", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("seventh_sea", CASES)
