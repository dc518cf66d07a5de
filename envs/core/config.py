"""Typed checks of the config options every game has (``spec.config_header``).

Every game's ``make_config`` reads ``num_players``, ``auto_forced`` and ``max_steps`` through
:func:`common_options`, so the four games (and the tests' toy game) accept and refuse the
same values with the same error:

- an integer option (``num_players``, ``max_steps``) takes a Python or numpy integer, never
  a bool, a float or a string, within the game's range *and* the range of the CONFIG field
  it is stored in (``max_steps=2**40`` does not fit an int32: refused, not an OverflowError);
- a flag (``auto_forced``) takes True/False (numpy bools too) or the integers 0 and 1,
  nothing else (not "yes", not 2, not 1.0) [ruling: flags accept bools and 0/1].

Anything else is a ``ConfigError`` naming the field and the value. Core code: no game
imports here, the games pass their own ranges and rulebook references.
"""

from __future__ import annotations

import numpy as np

from envs.core.errors import ConfigError
from envs.core.integers import is_integer

#: the options every game's CONFIG has (``spec.config_header``)
COMMON = ("num_players", "auto_forced", "max_steps")


def integer(name: str, value, lo: int, hi: int, rule: str = "", range_msg: str = "") -> int:
    """``value`` as an int in ``lo..hi``; ConfigError naming ``name`` otherwise.

    ``rule`` (the rulebook section or what the option means) is quoted after the problem;
    ``range_msg``, when given, is the whole sentence said of a value out of range."""
    why = f"; {rule}" if rule else ""
    if not is_integer(value):
        raise ConfigError(f"{name}={value!r}: must be an integer, not "
                          f"{type(value).__name__}{why}")
    if not lo <= int(value) <= hi:
        raise ConfigError(f"{name}={value!r}: " + (range_msg or f"must be {lo}..{hi}{why}"))
    return int(value)


def flag(name: str, value) -> int:
    """``value`` as 0 or 1: True/False (numpy bools too) or the integers 0 and 1."""
    if isinstance(value, (bool, np.bool_)):
        return int(value)
    if is_integer(value) and int(value) in (0, 1):
        return int(value)
    raise ConfigError(f"{name}={value!r}: must be True or False (or 0/1)")


def field_range(config_dtype: np.dtype, name: str) -> tuple[int, int]:
    """(min, max) of the integer CONFIG field ``name``: what the record can hold."""
    info = np.iinfo(config_dtype[name])
    return int(info.min), int(info.max)


def common_options(kwargs: dict, config_dtype: np.dtype, *, players: tuple[int, int],
                   players_rule: str, default_players: int, default_max_steps: int = 0,
                   default_auto_forced: bool = False) -> dict:
    """{"num_players", "auto_forced", "max_steps"} from a game's ``make_config`` keywords.

    ``players`` is the game's (min, max) seat count and ``players_rule`` the sentence that
    says so with its rulebook section (quoted when a count is refused); ``max_steps`` runs
    from 0 (the game's default bound) to the largest value the CONFIG field holds.
    """
    lo, hi = players
    f_lo, f_hi = field_range(config_dtype, "num_players")
    n = integer("num_players", kwargs.get("num_players", default_players),
                max(lo, f_lo), min(hi, f_hi), players_rule, range_msg=players_rule)
    steps_hi = field_range(config_dtype, "max_steps")[1]
    steps = integer("max_steps", kwargs.get("max_steps", default_max_steps), 0, steps_hi,
                    f"decisions before truncation, 0 = the game's default bound; the "
                    f"record holds 0..{steps_hi}")
    auto = flag("auto_forced", kwargs.get("auto_forced", default_auto_forced))
    return {"num_players": n, "auto_forced": auto, "max_steps": steps}
