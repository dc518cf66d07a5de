"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main before the kernel call tree was flattened (issue 10); a
kernel restructuring must not change them. Each case plays uniformly random legal actions and
hashes the actions and the final record bytes (tests/core/trajectory.py).
If a rules change is meant to alter play, re-record with ``python -m
tests.five_sails.test_trajectory``. The two ``_forced`` cases were re-recorded when
auto_forced stopped taking decisions that read hidden hands (issue 29: Forced decisions are
public ones).
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
    '2p': '67f2229fa33f6562ce3cfa2375f95cb976defc1611f7e32327b482770204961a',
    '2p_vodacce_forced': 'b17279f04841d8896e34a9e71f326e8049852b1f702abbeccf4ac3eb8dd91638',
    '3p': '7345113776166e87f5c4fd13c6835aed96de6253e607135595c7b502421fb096',
    '4p_forced': '4fb02ce2b2c9d5f332de6f8e229735bb7ebbf1c7fabcf9324fc71d442114fa19',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("five_sails", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("five_sails", CASES)
