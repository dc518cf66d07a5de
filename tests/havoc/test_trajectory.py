"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main on 2026-11-24, again on 2026-11-27, when taking
Lookout's and Swift's flag actions became a decision [Flags] (as Five Sails' and Cursed
Seas' were before their call trees were flattened), and on 2026-11-28, when booty decisions
came to be asked in the open [ruling: Booty decisions are asked in the open], and on
2026-12-05 (rules audit s47), when a passed card came to be discarded at once, before its
flag action [ruling: The card in play]; a kernel
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
    '2p': 'cec393bbcdf3b107632f3627be2332f63c40514ebe05db59f8325ed6ddec47e4',
    '3p': 'd12758e836602692935dfc2065a72b04cac0dd0bfdc49ec5daaffd0c9a64da94',
    '4p_teams': '7a9e82dc5152b6745b3b457d7d71b641ff2ee558f5b3bd8273e0b4d004343768',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("havoc", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("havoc", CASES)
