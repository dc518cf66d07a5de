"""Records of random games, for property tests that check a kernel on reachable positions."""

import numpy as np

import envs
from envs.core import snapshot


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


def first_reached(game, pred, config, seeds, depth=3000):
    """The first record random play of ``game`` under ``config`` reaches (seed by seed, moves
    drawn from the seed, at most ``depth`` decisions a game) that satisfies ``pred`` (of the
    record); it must be valid. A test that finds none fails: its position was not reached."""
    e = envs.make_raw(game, **config)
    for seed in seeds:
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(depth):
            if e.record["to_play"][0] < 0:
                break
            if pred(e.record[0]):
                out = e.record.copy()
                problems = envs.spec(game).check_state(out)
                assert problems == [], problems
                return out
            e.step(int(rng.choice(e.legal_actions())))
    raise AssertionError(f"{game}: no record of the kind asked for in seeds {seeds}")


def sealed(game, rec):
    """A save blob of record ``rec`` with the AEC bookkeeping a fresh game at it would have
    (whoever is to play selected, no rewards yet): the way a record from outside comes in
    to ``env.load``."""
    spec = envs.spec(game)
    names = spec.agent_names(int(rec["num_players"][0]))
    tp = int(rec["to_play"][0])
    book = {"agents": names, "agent_selection": names[max(tp, 0)],
            "rewards": dict.fromkeys(names, 0.0), "_cumulative_rewards": dict.fromkeys(names, 0.0),
            "terminations": dict.fromkeys(names, bool(rec["done"][0])),
            "truncations": dict.fromkeys(names, bool(rec["truncated"][0])), "seed_rng": None,
            "skip_agent_selection": None}
    return snapshot.pack(spec, rec, book)
