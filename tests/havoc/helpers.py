"""Positions for the Seas of Havoc agent and search tests: mid-game records reached by random
play, sea-phase positions built from envs/havoc/scenario.py dictionaries, and a seat's
observation."""

import numpy as np

import agents
import envs

#: a short 2-player game (12 Damage cards), forced decisions played by the engine
SHORT = {"num_players": 2, "auto_forced": True, "damage_deck": 12}
#: an open 6x6 sea: no rocks, whirlpools or gusts
EMPTY = ["......"] * 6


def positions(config, n_envs=4, rounds=(40, 150, 400), seed=0):
    """Mid-game records reached by random play."""
    vec = envs.make_vector("havoc", num_envs=n_envs, seed=seed, **config)
    rng = np.random.default_rng(seed)
    out = []
    for r in range(max(rounds) + 1):
        if r in rounds:
            out.extend(vec.states[i:i + 1].copy() for i in range(n_envs))
        acts = agents.sample_legal(vec.masks, rng)
        vec.step(acts)
    return out


def observe(state, seat):
    """``seat``'s observation of a 1-element STATE array."""
    spec = envs.spec("havoc")
    out = np.zeros(spec.obs_size, np.float32)
    spec.observe(state[0], seat, out)
    return out


def sea(ships, crews, **kw):
    """A Sea Phase position on an ``EMPTY`` grid, seat 0 to play; ``kw`` overrides any key of
    the scenario dictionary (grid, flags, ...)."""
    from envs.havoc import scenario

    d = {"players": len(crews), "phase": "sea", "seed": 7, "grid": EMPTY, "wrecks": [],
         "ships": ships, "crews": crews, "first": 0, "cur": 0, "damage_left": 20}
    d.update(kw)
    return scenario.from_scenario(d)
