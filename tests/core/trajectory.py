"""Digests of seeded random games, the guard of refactors that must not change play.

``trajectory(game, config)`` plays ``games`` games of uniformly random legal actions drawn from
a fixed numpy stream through the game's single-game entry points, and hashes every action,
each final record's bytes (every field) and each game's length. A game's
``tests/<game>/test_trajectory.py`` keeps the digests of a few configurations; a kernel
restructuring must reproduce them, and a rules change that is meant to alter play re-records
them with ``python -m tests.<game>.test_trajectory``.
"""

import hashlib

import numpy as np

import envs


def trajectory(game: str, cfg_kw: dict, games: int = 3) -> str:
    spec = envs.spec(game)
    cfgs = spec.make_config(**cfg_kw)
    states = np.zeros(1, spec.state_dtype)
    mask = np.zeros(spec.num_actions, np.uint8)
    h = hashlib.sha256()
    rng = np.random.default_rng(20261123)
    for g in range(games):
        spec.single.init(states, cfgs, 0, 1000 + g)
        spec.single.legal(states, 0, mask)
        steps = 0
        while not (states[0]["done"] or states[0]["truncated"]):
            legal = np.flatnonzero(mask)
            assert len(legal) > 0 and not states[0]["fault"]
            a = int(legal[rng.integers(len(legal))])
            h.update(a.to_bytes(2, "little"))
            spec.single.apply(states, 0, a, mask)
            steps += 1
        h.update(states.tobytes())
        h.update(steps.to_bytes(4, "little"))
    return h.hexdigest()


def print_digests(game: str, cases: dict) -> None:
    """The ``DIGESTS`` lines of ``cases`` for pasting into the game's test_trajectory.py."""
    for name in sorted(cases):
        print(f"    {name!r}: {trajectory(game, cases[name])!r},")
