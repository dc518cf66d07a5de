"""envs.core.config: the typed check of the options every game has (issue 29.10)."""

import numpy as np
import pytest

from envs.core.config import common_options, flag, integer
from envs.core.errors import ConfigError
from envs.core.spec import config_header

CONFIG = np.dtype(config_header())


def options(**kw):
    return common_options(kw, CONFIG, players=(2, 4), players_rule="2-4 players (Setup)",
                          default_players=2)


def test_defaults_and_accepted_values():
    assert options() == {"num_players": 2, "auto_forced": 0, "max_steps": 0}
    got = options(num_players=np.int64(4), auto_forced=np.bool_(True), max_steps=2**31 - 1)
    assert got == {"num_players": 4, "auto_forced": 1, "max_steps": 2**31 - 1}
    assert all(type(v) is int for v in got.values())


@pytest.mark.parametrize("field, value, says", [
    ("max_steps", 2**31, "0..2147483647"), ("max_steps", 2**40, "0..2147483647"),
    ("max_steps", -1, "0..2147483647"), ("max_steps", True, "not bool"),
    ("max_steps", 3.0, "not float"), ("num_players", 5, "2-4 players (Setup)"),
    ("num_players", False, "not bool"), ("auto_forced", "yes", "True or False"),
    ("auto_forced", 2, "True or False"), ("auto_forced", 1.0, "True or False"),
])
def test_bad_values_are_config_errors_naming_the_field(field, value, says):
    with pytest.raises(ConfigError, match=f"^{field}=") as e:
        options(**{field: value})
    assert says in str(e.value)


def test_integer_and_flag():
    assert integer("k", np.uint8(7), 0, 9) == 7
    with pytest.raises(ConfigError, match="k=10: must be 0..9; a rule"):
        integer("k", 10, 0, 9, "a rule")
    assert [flag("f", v) for v in (True, False, 0, 1, np.int8(1))] == [1, 0, 0, 1, 1]
    for bad in ("1", None, 0.0, -1, [1]):
        with pytest.raises(ConfigError, match="^f="):
            flag("f", bad)
