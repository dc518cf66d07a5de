"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24 (as Five Sails' and Cursed Seas' were
before their call trees were flattened) and re-recorded when React windows came to open on
public information, the record grew (crew slots, attachments, adventures), the Experience
target became a choice, the hand slots grew to 33 (issue 32.12: the same moves, by label, as
before; only action numbers and record bytes changed), and an action abandoned before any
point was paid became a Pass (ruling: Unpaid action, game v2), and the table of one boarding
attack's cards grew to both decks (record bytes only), and a hostile attachment came to be
played in the revised edition too (The Golden Rule, game v3), and an Act: that only undoes
its cost stopped being offered (3p only: random play used it; game v4), and the discard
pile came to be reshuffled as soon as the deck runs out, a draw card discarded after its
draw (Discarding and Sinking; audit s66), and a Pass came to be offered after a free
move in the revised edition (13. Pass is an action; audit s66); a kernel
restructuring must not change them. Each case plays uniformly random legal actions and
hashes the actions and the final record bytes
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
    '2p': '101bb61cce53ae0cab4fa868118e088bc1d924f94fb937422b43d5422ca02845',
    '3p': 'cda2be3bf3f14ad92b04bda6adf92de781500315e092b7b97ff63d22bae9be6a',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("seventh_sea", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("seventh_sea", CASES)
