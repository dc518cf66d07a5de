"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main after towing, fort loading and Navigators landed (issue
11); a kernel restructuring must not change them. Each case plays uniformly random legal
actions from a numpy stream through the single-game kernels and hashes the actions and the
final record bytes.
If a rules change is meant to alter play, re-record with ``python -m
tests.cursed_seas.test_trajectory``.
"""

import hashlib

import numpy as np
import pytest

from envs.cursed_seas import batch
from envs.cursed_seas.config import make_config
from envs.cursed_seas.state import NUM_ACTIONS, STATE

CASES = {
    "2p": dict(num_players=2),
    "3p_reefs_effects": dict(num_players=3, reefs=1, mysterious="effects", edge="round"),
    "4p_flat": dict(num_players=4, edge="flat", board_tie="reroll"),
    "2p_terrain_forts": dict(num_players=2, reefs=1, mysterious="effects",
                             terrain=["Grey Shroud", "Frostfang", "Weedmire", "The Drain",
                                      "Maelstrom Eye"],
                             forts=[["Fort Brimstone", "Gullwatch Battery"],
                                    ["Coral Bastion", "Redoubt of Tears"]]),
}
GAMES = 3

DIGESTS = {
    '2p': '1fe79acb63f6f8ef94d2fd995e24563be851d2fd472650a57f1b276f2e2b8bc1',
    '2p_terrain_forts': 'adadda6124056351ac2ad1d553f5524ac12ea42f0f773ce8a1cbcb65c123a01e',
    '3p_reefs_effects': '2b8ba3c5629cfaacc7639c7297089410cf743cea8e3b30fe6bc1b7a3e412d32e',
    '4p_flat': 'e12d901e18aab9ed864164886b295470c310c94d2ddcaf40267b1834c80b13dd',
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
