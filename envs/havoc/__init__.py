"""Seas of Havoc (``envs.havoc``): deck-building naval combat for 1-5 players.

The documentation page is the docstring of :mod:`envs.havoc.env`, which defines ``GAME``,
``env()`` and ``raw_env()`` (``envs.havoc_v1`` is that module). Importing this package is
cheap: ``envs.havoc.GAME`` loads the kernels on first use, so ``envs.havoc.state`` or
``envs.havoc.cards`` can be imported without compiling anything.
"""


def __getattr__(name):
    if name == "GAME":
        from envs.havoc.env import GAME

        return GAME
    raise AttributeError(f"module 'envs.havoc' has no attribute {name!r}")
