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
    '2p': '2f650ff6f430469e4a8dd23a1f9e6d573f174342f9a3bb5637b57244455a12c8',
    '2p_vodacce_forced': '17ac283ba4738a67e7dc236fad2552bd77faf50862df76c7ed0cf82e5cdbd114',
    '3p': 'c0d02add076d0faaeda36026dbf55f262a8bebde07ef83257f7e661dc729aa11',
    '4p_forced': '7169d737b2572ad454443f6dadb2e2bb46127d094f56d11d77a1f9093d347824',
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory("five_sails", CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    print_digests("five_sails", CASES)
