"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main before the kernel call tree was flattened (issue 10); a
kernel restructuring must not change them. Each case plays uniformly random legal actions and
hashes the actions and the final record bytes (tests/core/trajectory.py).
If a rules change is meant to alter play, re-record with ``python -m
tests.five_sails.test_trajectory``.
"""

import pytest

from tests.core.trajectory import print_digests, trajectory

CASES = {
    "2p": dict(num_players=2),
    "2p_vodacce_forced": dict(num_players=2, decks=["vodacce", "castille"], auto_forced=1),
    "3p": dict(num_players=3, decks=["eisen", "vodacce", "montaigne"]),
    "4p_forced": dict(num_players=4, auto_forced=1),
}
DIGESTS = {
    '2p': '4e7cef48f2494baf9477537f93fdd62318c6218b1001967ef003418d5c3fc91d',
    '2p_vodacce_forced': '57f53a1014c42d064984b6269b04fda88833e680ec2e4b636bf843d973ac6c9d',
    '3p': '7345113776166e87f5c4fd13c6835aed96de6253e607135595c7b502421fb096',
    '4p_forced': 'b821639450ad5096b60aba3bc20ec1d9ce1058505084045877be2799071c4eee',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("five_sails", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("five_sails", CASES)
