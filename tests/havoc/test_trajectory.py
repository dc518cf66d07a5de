"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24 and again on 2026-11-27, when taking Lookout's
and Swift's flag actions became a decision [Flags] (as Five Sails' and Cursed Seas' were before
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
    '2p': 'b7bec50b61bc829237c6afd016ddbb1d08efdca36018ed2550328e676f354331',
    '3p': '51dbb1caa85ea932a73e49d25250a6ab9486a2feac1029b5e9e9ff83b763d735',
    '4p_teams': 'fc2675180237af706536e3688ef3dd46cc1c050d7f5b75b1a76ce4b8d5a8d9d4',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("havoc", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("havoc", CASES)
