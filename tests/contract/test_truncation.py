"""Truncated games end in valid records, in every registered game (issue 29.1).

A game cut short by ``max_steps`` stops after a decision is fully applied, with the next one
pending: the record is the live position frozen (``truncated = 1``, ``to_play = -1``). The
game's ``check_state`` must accept it — judging it as the live position it froze
(envs/core/validate.py: ``run_stages``) — and ``load(save())`` must give it back byte for byte.

The soak truncates uniformly random games at every ``max_steps`` from 1 to 300, for every
test config (every player count and variant). Replaying a game from its start for each bound
would repeat the same records hundreds of times, so each seeded game is played once with the
largest bound, every record it reaches is checked, and at each of its truncation points the
position is saved, loaded into an env made with ``max_steps = m`` (the bound is part of the
record's config) and stepped with the same action: the kernel truncates it there. That this
gives the very bytes of a game made with ``max_steps = m`` from the start is checked for the
early bounds (setup, where most refusals were).

A game joins by registration: these tests read ``GameSpec.metadata["test_configs"]``.
"""

from __future__ import annotations

import numpy as np
import pytest

import envs
from envs.core import snapshot
from envs.core.errors import StateError

GAMES = envs.names()
MAX_STEPS = range(1, 301)
#: seeded games per registered game (at least one per test config); bound m is cut from
#: game m % count
MIN_GAMES = 8
#: bounds up to this one are also played from the start, to check the cut is the real game
REPLAYED = 20


def configs(game):
    return envs.spec(game).metadata.get("test_configs") or [{}]


def bounded(game, config, blob, max_steps):
    """A fresh env holding the position of ``blob``, set up with ``max_steps`` instead."""
    spec = envs.spec(game)
    rec, aec = snapshot.unpack(spec, blob)
    rec["cfg"]["max_steps"] = max_steps
    out = envs.make_raw(game, max_steps=max_steps, **config)
    out.reset(seed=0)
    out.load(snapshot.pack(spec, rec, aec))
    return out


def replayed(game, config, max_steps, seed, actions):
    """A game made with ``max_steps`` from the start, ``actions`` played until it ends."""
    e = envs.make_raw(game, max_steps=max_steps, **config)
    e.reset(seed=seed)
    for a in actions:
        if e.record["to_play"][0] < 0:
            break
        e.step(a)
    return e


def assert_valid_and_reloads(game, config, env, where):
    spec = envs.spec(game)
    problems = spec.check_state(env.record)
    assert not problems, f"{where}: final record refused: {problems[:3]}"
    fresh = envs.make_raw(game, **config)
    fresh.reset(seed=1)
    fresh.load(env.save())
    assert fresh.record.tobytes() == env.record.tobytes(), f"{where}: load(save()) differs"
    assert fresh.legal_actions() == []


@pytest.mark.parametrize("game", GAMES)
def test_truncation_soak_every_record_is_valid_and_reloads(game):
    """[Truncation] random games truncated at each max_steps 1..300: every record reached
    passes check_state; each truncated record is the game made with that bound, passes
    check_state and reloads with identical bytes."""
    spec = envs.spec(game)
    cfgs = configs(game)
    count = max(MIN_GAMES, len(cfgs))
    top = MAX_STEPS[-1]
    truncated = 0
    for g in range(count):
        config = cfgs[g % len(cfgs)]
        cuts = [m for m in MAX_STEPS if m % count == g and m < top]
        e = envs.make_raw(game, max_steps=top, **config)
        e.reset(seed=g)
        rng = np.random.default_rng(g)
        records, actions = [e.record.copy()], []
        while e.record["to_play"][0] >= 0:
            a = int(rng.choice(e.legal_actions()))
            actions.append(a)
            before = e.save()
            e.step(a)
            # every bound this decision reaches (one, or more in a chain of forced decisions)
            while cuts and cuts[0] <= e.record["step"][0]:
                m = cuts.pop(0)
                where = f"{game} {config} seed={g} max_steps={m}"
                cut = bounded(game, config, before, m)
                cut.step(a)
                assert cut.record["to_play"][0] < 0, f"{where}: the game goes on past its bound"
                if not cut.record["done"][0]:
                    assert cut.record["truncated"][0] == 1 and cut.record["step"][0] == m, where
                    truncated += 1
                assert_valid_and_reloads(game, config, cut, where)
                if m <= REPLAYED:
                    scratch = replayed(game, config, m, g, actions)
                    assert scratch.record.tobytes() == cut.record.tobytes(), \
                        f"{where}: cutting the game is not the game made with that bound"
            records.append(e.record.copy())
        where = f"{game} {config} seed={g} max_steps={top}"
        truncated += int(e.record["truncated"][0])
        assert_valid_and_reloads(game, config, e, where)
        problems = spec.check_states(np.concatenate(records))
        bad = [(k, p) for k, p in enumerate(problems) if p]
        assert not bad, (f"{where}: record after decision {bad[0][0]} of {len(records) - 1} "
                         f"refused: {bad[0][1][:3]}")
        assert not cuts or cuts[0] > e.record["step"][0], f"{where}: a bound left uncut"
    assert truncated > 0, f"{game}: no game reached a bound; the soak truncated nothing"


@pytest.mark.parametrize("game", GAMES)
def test_a_live_record_at_its_step_bound_is_refused(game):
    """Every game's kernel truncates the moment ``step`` reaches the bound, so a live record
    at it is one play never leaves live: its next decision would carry the game past its
    bound (audit s67). The header refuses it by name, one below it is accepted, and a load
    of it changes nothing."""
    spec = envs.spec(game)
    config = configs(game)[0]
    e = envs.make_raw(game, **dict(config, max_steps=40))
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    while e.record["step"][0] < 5:
        e.step(int(rng.choice(e.legal_actions())))
    assert e.record["to_play"][0] >= 0, f"{game}: the game ended before step 5"
    live = e.record.copy()
    for step, refused in ((39, False), (40, True)):
        rec = live.copy()
        rec["step"] = step
        problems = spec.check_state(rec)
        assert any(p.startswith(f"step = {step}: a live game") for p in problems) == refused, \
            (step, problems)
    before = e.save()
    rec["step"] = 40
    with pytest.raises(StateError, match="step = 40"):
        e.load(snapshot.pack(spec, rec, snapshot.unpack(spec, before)[1]))
    assert e.save() == before
