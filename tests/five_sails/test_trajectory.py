"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main before the kernel call tree was flattened (issue 10); a
kernel restructuring must not change them. Each case plays uniformly random legal actions from
a numpy stream through the single-game kernels and hashes the actions and the final record
bytes (every field: zones, crews, duel, reactions, rng).
If a rules change is meant to alter play, re-record with ``python -m
tests.five_sails.test_trajectory``.
"""

import hashlib

import numpy as np
import pytest

from envs.five_sails import batch
from envs.five_sails.config import make_config
from envs.five_sails.state import NUM_ACTIONS, STATE

CASES = {
    "2p": dict(num_players=2),
    "2p_vodacce_forced": dict(num_players=2, decks=["vodacce", "castille"], auto_forced=1),
    "3p": dict(num_players=3, decks=["eisen", "vodacce", "montaigne"]),
    "4p_forced": dict(num_players=4, auto_forced=1),
}
GAMES = 3

DIGESTS = {
    '2p': '4e7cef48f2494baf9477537f93fdd62318c6218b1001967ef003418d5c3fc91d',
    '2p_vodacce_forced': '57f53a1014c42d064984b6269b04fda88833e680ec2e4b636bf843d973ac6c9d',
    '3p': '7345113776166e87f5c4fd13c6835aed96de6253e607135595c7b502421fb096',
    '4p_forced': 'b821639450ad5096b60aba3bc20ec1d9ce1058505084045877be2799071c4eee',
}


def trajectory(cfg_kw: dict, games: int = GAMES) -> str:
    cfgs = make_config(**cfg_kw)
    states = np.zeros(1, STATE)
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    h = hashlib.sha256()
    rng = np.random.default_rng(20261123)
    for g in range(games):
        batch.single_init(states, cfgs, 0, 1000 + g)
        batch.single_legal(states, 0, mask)
        steps = 0
        while not (states[0]["done"] or states[0]["truncated"]):
            legal = np.flatnonzero(mask)
            assert len(legal) > 0 and not states[0]["fault"]
            a = int(legal[rng.integers(len(legal))])
            h.update(a.to_bytes(2, "little"))
            batch.single_apply(states, 0, a, mask)
            steps += 1
        h.update(states.tobytes())
        h.update(steps.to_bytes(4, "little"))
    return h.hexdigest()


@pytest.mark.parametrize("case", sorted(CASES))
def test_random_trajectory_unchanged(case):
    assert trajectory(CASES[case]) == DIGESTS[case]


if __name__ == "__main__":
    for name in sorted(CASES):
        print(f"    {name!r}: {trajectory(CASES[name])!r},")
