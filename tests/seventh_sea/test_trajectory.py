"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24 (as Five Sails' and Cursed Seas' were before
their call trees were flattened) and re-recorded when React windows came to open on public
information, the record grew (crew slots, attachments, adventures) and the Experience target
became a choice; a kernel restructuring must not change them. Each case plays
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
    '2p': '7b92049df385dc6273211003e7bcc71399b08349d6753ae0fd5c403e58a57995',
    '3p': 'b458aa571ef90bfc341ecfa21b09842cfd692f36e65bdc72021f9dbffad58f83',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("seventh_sea", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("seventh_sea", CASES)
