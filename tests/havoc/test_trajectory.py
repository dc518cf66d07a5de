"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24, again on 2026-11-27, when taking
Lookout's and Swift's flag actions became a decision [Flags] (as Five Sails' and Cursed
Seas' were before their call trees were flattened), and on 2026-11-28, when booty decisions
came to be asked in the open [ruling: Booty decisions are asked in the open]; a kernel
restructuring must not change them. Each case plays uniformly random legal actions and
hashes the actions and the final record bytes
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
    '2p': '9415d16479d8237bef81c95016bbcee645407b5017c802f4f99e145575819b15',
    '3p': '6e500fae94fb5b2fe3580c05fde5b141bedeaff0449149a2c8e72e95ab4568bb',
    '4p_teams': '37c68c8a3c3c53d116ffbfeb361e46c189f6d9ca48ccd0cd48e965e37a51af2e',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("havoc", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("havoc", CASES)
