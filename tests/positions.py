"""Records of random games, for property tests that check a kernel on reachable positions."""

import numpy as np

import envs


def random_records(game, config, games, steps, every, seed):
    """Every ``every``-th record of ``games`` random games of ``game`` under ``config`` (reset
    with seeds 0..games-1; moves drawn from ``seed``), at most ``steps`` decisions each."""
    e = envs.make_raw(game, **config)
    rng = np.random.default_rng(seed)
    out = []
    for g in range(games):
        e.reset(seed=g)
        for t in range(steps):
            if e.record["to_play"][0] < 0:
                break
            if t % every == 0:
                out.append(e.record.copy())
            e.step(int(rng.choice(e.legal_actions())))
    return out
