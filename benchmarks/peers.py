"""Peer libraries measured beside Broadside by ``broadside bench`` (random legal play).

Each peer is a function ``(seconds) -> decisions (or steps) per second``; one whose library
is missing raises ImportError and is reported as "not installed". The libraries come with
the ``peers`` extra (``pip install -e '.[peers]'``, run by ``make bench``; jax is large, so
``make test`` does not install it):

- PettingZoo ``connect_four_v3`` and ``texas_holdem_no_limit_v6`` (rlcard) through AEC;
- OpenSpiel (``pyspiel``) ``leduc_poker`` and ``hearts``: random rollouts of a state, chance
  nodes sampled by their probabilities, player decisions counted;
- pgx ``leduc_holdem``: batched rollouts (``jax.vmap`` + ``jax.jit``) on the CPU, the
  decisions of unfinished games counted, finished ones set up anew every few steps.
"""

from __future__ import annotations

import sys
import time
import types

import numpy as np

from benchmarks.speed import _timed, aec_steps_per_second


def _no_pygame() -> str:
    """PettingZoo's classic games import pygame at module level only to render."""
    try:
        import pygame  # noqa: F401
        return ""
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
        return "pygame absent: an empty pygame module stands in (nothing renders)"


def pz_connect_four(seconds: float) -> float:
    _no_pygame()
    from pettingzoo.classic import connect_four_v3

    return aec_steps_per_second(connect_four_v3.env(), seconds)


def pz_texas_holdem_no_limit(seconds: float) -> float:
    _no_pygame()
    import rlcard  # noqa: F401  (the peer's own dependency: a clear "not installed")
    from pettingzoo.classic import texas_holdem_no_limit_v6

    return aec_steps_per_second(texas_holdem_no_limit_v6.env(), seconds)


def _spiel(name: str, seconds: float) -> float:
    import pyspiel

    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)

    def chunk():
        decisions = 0
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    p = np.array([pr for _, pr in outcomes])
                    state.apply_action(outcomes[rng.choice(len(outcomes), p=p / p.sum())][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.integers(len(legal))])
                    decisions += 1
        return decisions

    chunk()
    return _timed(chunk, seconds)[0]


def spiel_leduc(seconds: float) -> float:
    return _spiel("leduc_poker", seconds)


def spiel_hearts(seconds: float) -> float:
    return _spiel("hearts", seconds)


def pgx_leduc(seconds: float, batch: int = 1024, steps: int = 16) -> float:
    import os

    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax
    import jax.numpy as jnp
    import pgx

    env = pgx.make("leduc_holdem")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(env.step)

    @jax.jit
    def rollout(state, key):
        def body(carry, k):
            st, n = carry
            logits = jnp.where(st.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k, logits, axis=-1)
            n = n + jnp.sum(~(st.terminated | st.truncated))
            return (step(st, action), n), None

        (state, n), _ = jax.lax.scan(body, (state, 0), jax.random.split(key, steps))
        return state, n

    key = jax.random.PRNGKey(0)

    def chunk():
        nonlocal key
        key, k1, k2 = jax.random.split(key, 3)
        state = init(jax.random.split(k1, batch))
        _, n = rollout(state, k2)
        return int(n)

    chunk()                                     # compile
    return _timed(chunk, seconds)[0]


#: name shown in tables -> (function, library, how it is run)
PEERS = {
    "connect_four_v3 (PettingZoo AEC)": (pz_connect_four, "pettingzoo", "AEC steps/s"),
    "texas_holdem_no_limit_v6 (PettingZoo AEC)": (pz_texas_holdem_no_limit, "rlcard",
                                                  "AEC steps/s"),
    "leduc_poker (OpenSpiel)": (spiel_leduc, "open_spiel", "decisions/s, one rollout at a time"),
    "hearts (OpenSpiel)": (spiel_hearts, "open_spiel", "decisions/s, one rollout at a time"),
    "leduc_holdem (pgx, CPU, 1024 games)": (pgx_leduc, "pgx", "decisions/s, jax.vmap batch"),
}


def measure(seconds: float, out=print) -> dict:
    """{peer name: {"rate": float | None, "note": str, "how": str}}."""
    res = {}
    for name, (fn, lib, how) in PEERS.items():
        t0 = time.perf_counter()
        try:
            rate, note = fn(seconds), ""
        except ImportError as e:
            rate, note = None, f"not installed ({lib}: pip install -e '.[peers]'; {e.name})"
        except Exception as e:  # a peer's own failure is reported, not fatal to the run
            rate, note = None, f"failed: {type(e).__name__}: {e}"[:160]
        res[name] = {"rate": rate, "note": note, "how": how}
        out(f"  {name}: " + (f"{rate:,.0f}" if rate else note)
            + f"  ({time.perf_counter() - t0:.1f} s)")
    return res
