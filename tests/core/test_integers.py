"""``envs.core.integers.is_integer``: the one test every entry point uses for "an integer"
(seats, actions, seeds, counts, config options, card-file numbers)."""

import numpy as np
import pytest

from envs.core.config import integer
from envs.core.errors import ConfigError, SeatError
from envs.core.integers import is_integer

INTEGERS = [0, -3, 2**70, np.int8(1), np.uint8(255), np.int16(-2), np.uint16(7), np.int32(5),
            np.uint32(9), np.int64(-1), np.uint64(2**63)]
NOT_INTEGERS = [True, False, np.bool_(True), np.bool_(False), 1.0, np.float32(1), np.float64(2),
                "1", None, [1], np.array(1), np.array([1]), 1 + 0j]


@pytest.mark.parametrize("value", INTEGERS, ids=repr)
def test_every_integer_width_is_an_integer(value):
    assert is_integer(value)


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
def test_bools_and_non_integers_are_not(value):
    assert not is_integer(value)


@pytest.mark.parametrize("value", [True, np.bool_(False), 1.0])
def test_entry_points_refuse_what_is_not_an_integer(value):
    """A seat and a config option reach the same test: a bool is refused as a seat even though
    Python counts it as the int 1."""
    with pytest.raises(SeatError):
        SeatError.check(value, 2, "act")
    with pytest.raises(ConfigError):
        integer("num_players", value, 1, 4)


@pytest.mark.parametrize("value", [np.uint8(1), np.int64(1), 1])
def test_entry_points_take_an_integer_of_any_width(value):
    assert SeatError.check(value, 2, "act") == 1
    assert integer("num_players", value, 1, 4) == 1
