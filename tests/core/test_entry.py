"""The entry points of the batch contract over a game's one kernel (envs/core/entry.py), on
the toy game: each entry point gives the same result as the record kernels, every call of
the kernel has one signature (the engine compiles once), and a bad game index is refused
before numba, which checks no bounds, can read past the array."""

import numpy as np
import pytest

import envs
from envs.core.compile import _dispatchers
from tests.core.toy_game import batch, rules
from tests.core.toy_game.observe import observe
from tests.core.toy_game.state import NUM_ACTIONS, OBS_SIZE

SPEC = envs.spec("toy")


def _games(n, seed=3):
    cfgs = SPEC.make_config()
    states = np.zeros(n, dtype=SPEC.state_dtype)
    SPEC.batch_reset(states, cfgs, np.arange(seed, seed + n, dtype=np.uint64))
    return states, cfgs


def test_every_entry_point_matches_the_record_kernels():
    states, cfgs = _games(5)
    ref = states.copy()
    for k in range(5):
        rules.init(ref[k], cfgs[0], np.uint64(3 + k))
    assert states.tobytes() == ref.tobytes()

    masks = np.zeros((5, NUM_ACTIONS), np.uint8)
    SPEC.batch_legal(states, masks)
    one = np.zeros(NUM_ACTIONS, np.uint8)
    for k in range(5):
        rules.legal_mask(ref[k], one)
        assert (masks[k] == one).all()
        SPEC.single.legal(states, k, one)
        assert (masks[k] == one).all()

    seats = np.array([1, 0, 1, 0, 1], dtype=np.int64)
    obs = np.zeros((5, OBS_SIZE), np.float32)
    SPEC.batch_observe_seats(states, seats, obs)
    out = np.zeros(OBS_SIZE, np.float32)
    for k in range(5):
        observe(ref[k], seats[k], out)
        assert (obs[k] == out).all()
        SPEC.single.observe(states, k, seats[k], out)
        assert (obs[k] == out).all()

    a = int(np.flatnonzero(masks[2])[0])
    SPEC.single.apply(states, 2, a, one)
    rules.apply(ref[2], a)
    assert states.tobytes() == ref.tobytes()
    rules.legal_mask(ref[2], masks[2])
    assert (one == masks[2]).all()


def test_single_init_resets_only_its_game():
    states, cfgs = _games(3)
    before = states.copy()
    SPEC.single.init(states, cfgs, 1, np.uint64(99))
    rules.init(before[1], cfgs[0], np.uint64(99))
    assert states.tobytes() == before.tobytes()


def test_integer_arguments_of_any_width_reuse_the_one_compiled_kernel():
    states, cfgs = _games(2)
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    out = np.zeros(OBS_SIZE, np.float32)
    SPEC.single.legal(states, np.int8(1), mask)
    SPEC.single.observe(states, np.int32(0), np.int16(1), out)
    SPEC.single.apply(states, np.uint8(1), np.int32(np.flatnonzero(mask)[0]), mask)
    counts = np.zeros((2, 4), np.int64)
    SPEC.batch_playout(states, cfgs, np.arange(2, dtype=np.uint64), np.int32(3), counts)
    assert len(batch.run.signatures) == 1


@pytest.mark.parametrize("i", [-1, 2, 10**6])
def test_a_game_index_outside_the_array_is_refused_and_nothing_changes(i):
    states, cfgs = _games(2)
    before = states.tobytes()
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    out = np.zeros(OBS_SIZE, np.float32)
    for call in (lambda: SPEC.single.legal(states, i, mask),
                 lambda: SPEC.single.observe(states, i, 0, out),
                 lambda: SPEC.single.apply(states, i, 0, mask),
                 lambda: SPEC.single.init(states, cfgs, i, np.uint64(1))):
        with pytest.raises(IndexError, match=f"game index {i} out of range for 2 states"):
            call()
    assert states.tobytes() == before


def test_the_compile_step_sees_the_one_kernel_behind_the_entry_points():
    assert _dispatchers(SPEC) == [batch.run]
