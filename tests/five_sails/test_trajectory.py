"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main before the kernel call tree was flattened (issue 10); a
kernel restructuring must not change them. Each case plays uniformly random legal actions and
hashes the actions and the final record bytes (tests/core/trajectory.py).
If a rules change is meant to alter play, re-record with ``python -m
tests.five_sails.test_trajectory``. The two ``_forced`` cases were re-recorded when
auto_forced stopped taking decisions that read hidden hands (issue 29: Forced decisions are
public ones). All four were re-recorded for issue 32 (items 18-19): the record gained
``d_risk`` (a risk waits beside the duel it issued [Risk Cards]) and Brutes leave at the end of
the Day [Brute]; the twelve games' actions, lengths and rewards are those of before, only the
final records' bytes differ. ``2p_vodacce_forced`` and ``3p`` were re-recorded when the Dusk
2e discards came to be asked from the First Player clockwise instead of from seat 0 (rules
audit 2026-12-02; ruling: Dusk discards from the First Player): the random games that reach
a Dusk with two players over their Panache and the token off seat 0 play differently.
All four were re-recorded when the record gained ``r_mover`` (the "after an opposing
character moves" window is asked from the mover's left [ruling: Reaction windows],
2026-12-05); the twelve games' actions, lengths and winners are those of before.
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
    '2p': '19d080cab19c9db010770f23fd98451503454b0794c483135022080280bd4b76',
    '2p_vodacce_forced': 'bde8ea7153ab476e2e6fd23e57f2f39b17ea2e4a810b0ec065c5875fe8154b65',
    '3p': 'e6213d220da2f0cff33734d9e251b43e703af91497069b11158fa9d7d9c64411',
    '4p_forced': 'a5a59e61c52318db6fea9d457b14b37c56e08d376bc41167ab7ba5e14fdd603a',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("five_sails", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("five_sails", CASES)
