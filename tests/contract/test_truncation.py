"""Truncated games end in valid records, in every registered game (issue 29.1).

A game cut short by ``max_steps`` stops after a decision is fully applied, with the next one
pending: the record is the live position frozen (``truncated = 1``, ``to_play = -1``). The
game's ``check_state`` must accept it — judging it as the live position it froze
(envs/core/validate.py: ``run_stages``) — and ``load(save())`` must give it back byte for byte.

The soak: for every max_steps from 1 to 300, one seeded uniformly random game (the test
configs cycled, so every player count and variant is truncated at about 300 / len(configs)
points), every record it reaches checked, the final one saved and loaded into a fresh env.
A game joins by registration: these tests read ``GameSpec.metadata["test_configs"]``.
"""

from __future__ import annotations

import numpy as np
import pytest

import envs

GAMES = envs.names()
MAX_STEPS = range(1, 301)


def configs(game):
    return envs.spec(game).metadata.get("test_configs") or [{}]


def truncated_game(game, config, max_steps, seed):
    """The env after uniform random legal play (``default_rng(seed)``) to the end, and every
    record it reached (the reset one first)."""
    e = envs.make_raw(game, max_steps=max_steps, **config)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    records = [e.record.copy()]
    while e.record["to_play"][0] >= 0:
        e.step(int(rng.choice(e.legal_actions())))
        records.append(e.record.copy())
    return e, np.concatenate(records)


@pytest.mark.parametrize("game", GAMES)
def test_truncation_soak_every_record_is_valid_and_reloads(game):
    """[Truncation] every record of random games truncated at each max_steps 1..300 passes
    check_state; the final record reloads into a fresh env with identical bytes."""
    spec = envs.spec(game)
    cfgs = configs(game)
    truncated = 0
    for m in MAX_STEPS:
        config = cfgs[m % len(cfgs)]
        e, records = truncated_game(game, config, m, seed=m)
        final = records[-1]
        assert final["step"] <= m
        if not final["done"]:
            assert final["truncated"] == 1 and final["step"] == m, \
                f"{game} {config} max_steps={m}: a game ends by its rules or at the bound"
            truncated += 1
        problems = spec.check_states(records)
        bad = [(k, p) for k, p in enumerate(problems) if p]
        assert not bad, (f"{game} {config} max_steps={m} seed={m}: record after decision "
                         f"{bad[0][0]} of {len(records) - 1} refused: {bad[0][1][:3]}")
        fresh = envs.make_raw(game, **config)
        fresh.reset(seed=m + 1)
        fresh.load(e.save())
        assert fresh.record.tobytes() == e.record.tobytes()
        assert fresh.legal_actions() == []
    assert truncated >= len(MAX_STEPS) // 2, "the soak must mostly end games by truncation"
