"""Broadside environments: the game registry and the PettingZoo-style entry points.

    import envs
    env = envs.make("havoc", num_players=3)          # PettingZoo AEC env (classic semantics)
    raw = envs.make_raw("havoc", num_players=3)      # strict: illegal actions raise
    vec = envs.make_vector("havoc", 4096, seed=0)    # batched fast path (VectorGame)
    env = envs.havoc_v1.env(num_players=3)           # the same, PettingZoo style

``REGISTRY`` maps a game name to the module whose ``GAME`` attribute is its GameSpec and
which defines ``env()`` and ``raw_env()``. Game modules are imported on first use, so
``import envs`` stays cheap; it only points numba at the source-keyed kernel cache
(``envs.core.cache``) before any kernel can be loaded.
"""

from __future__ import annotations

import importlib

from envs.core import cache as _cache

_cache.configure()

#: game name -> module path (the module defines GAME, env, raw_env)
REGISTRY: dict[str, str] = {"havoc": "envs.havoc.env", "cursed_seas": "envs.cursed_seas.env"}


def register(name: str, module_path: str) -> None:
    """Add (or replace) a game; its module is imported on first use."""
    REGISTRY[name] = module_path


def names() -> list[str]:
    """Registered game names, sorted."""
    return sorted(REGISTRY)


def _module(name: str):
    try:
        path = REGISTRY[name]
    except KeyError:
        from envs.core.errors import ConfigError

        raise ConfigError(f"unknown game {name!r}; registered games: {', '.join(names())}") from None
    return importlib.import_module(path)


def spec(name: str):
    """The GameSpec of a registered game."""
    return _module(name).GAME


def make(name: str, **config):
    """The PettingZoo AEC env of a game with classic-stack semantics (``env()``)."""
    return _module(name).env(**config)


def make_raw(name: str, **config):
    """The strict AEC env of a game: illegal actions raise IllegalActionError (``raw_env()``)."""
    return _module(name).raw_env(**config)


def make_vector(name: str, num_envs: int, seed: int | None = 0, **config):
    """A VectorGame of ``num_envs`` games of ``name``."""
    from envs.core.vector import VectorGame

    return VectorGame(spec(name), num_envs, seed=seed, **config)


def __getattr__(attr: str):
    """PettingZoo-style versioned aliases: ``envs.<name>_v<version>`` is the game's env module."""
    name, sep, version = attr.rpartition("_v")
    if sep and name in REGISTRY and version.isdigit():
        module = _module(name)
        if module.GAME.version == int(version):
            return module
        raise AttributeError(
            f"module 'envs' has no attribute {attr!r}: {name} is at version {module.GAME.version}"
        )
    raise AttributeError(f"module 'envs' has no attribute {attr!r}")
