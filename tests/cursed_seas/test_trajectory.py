"""Determinism across refactors: a fixed seed's random games give the same trajectory.

The digests were recorded from main before the speed work of issue 11 (kernel restructuring
must not change behaviour). Each case plays uniformly random legal actions from a numpy
stream through the single-game kernels and hashes the actions and the final record bytes.
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
    '2p': 'e3ebef6eb6253d5a9fe008ee9c94cc8254493514fc90a754ed0dbb6b4f587e67',
    '2p_terrain_forts': '9a1427877bdc7eefedc406fb116e3be78dc32599adda97879e0f904aacae34fb',
    '3p_reefs_effects': '6f798bc2a70f838044d9e7f42c010505773999f08bcd9313757aff8013a1c5d8',
    '4p_flat': '5bdd77e255bf23012dcb21aa08ea8bd1f86e28ec6462ad5559a43ba74eaefed3',
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
