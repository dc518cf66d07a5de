"""A game's entry points over two compiled kernels, and their contract signatures.

numba links the whole game engine into every kernel that Python calls and optimises it and
emits machine code for it again there. With ten entry points (the batch kernels of
``VectorGame`` and the single-game kernels of the AEC env) a cold compile built the engine ten
more times over: on Pirates of the Cursed Seas the entry points were a quarter of the compile.
So each game's ``batch.py`` has two kernels: ``run`` for the batch entry points,

    run(op, states, cfgs, x, seeds, ints, counts, rewards, dones, masks, obs)

and ``run_one`` for the single-game calls of the AEC env's every step, kept apart because
each unused argument costs its unboxing on every call (one kernel for all: ~4 us more a call,
a quarter of the AEC env's speed)::

    run_one(op, states, i, x, mask, out)

The arguments an operation does not use are empty arrays. :class:`EntryPoints` gives each
entry point back its contract signature (``envs/core/spec.py``), so nothing that calls them
changes. What each operation reads::

    OP_RESET          init(states[k], cfgs[0], seeds[k]) for every k
    OP_LEGAL          legal_mask(states[k], masks[k])
    OP_OBSERVE        observe(states[k], max(to_play, 0), obs[k])
    OP_OBSERVE_SEATS  observe(states[k], ints[k], obs[k])
    OP_STEP           batch_step with actions = ints
    OP_PLAYOUT        batch_playout with act_rng = seeds, steps = x
    OP_APPLY_ONE      (run_one) apply(states[i], x), then legal_mask(states[i], mask)
    OP_LEGAL_ONE      (run_one) legal_mask(states[i], mask)
    OP_OBSERVE_ONE    (run_one) observe(states[i], x, out)

Integer arguments are passed as Python ints, so a caller's numpy int8 or int32 never makes
numba compile the engine again for another signature.
"""

from __future__ import annotations

import numpy as np

OP_RESET, OP_LEGAL, OP_OBSERVE, OP_OBSERVE_SEATS, OP_STEP, OP_PLAYOUT = range(6)
OP_APPLY_ONE, OP_LEGAL_ONE, OP_OBSERVE_ONE = range(3)

# the arguments an operation does not use: empty (and writeable, as a read-only array would be
# another type and compile the engine again)
_NO_SEEDS = np.zeros(0, dtype=np.uint64)
_NO_INTS = np.zeros(0, dtype=np.int64)
_NO_COUNTS = np.zeros((0, 4), dtype=np.int64)
_NO_REWARDS = np.zeros((0, 1), dtype=np.float32)
_NO_DONES = np.zeros(0, dtype=np.bool_)
_NO_MASKS = np.zeros((0, 1), dtype=np.uint8)
_NO_OBS = np.zeros((0, 1), dtype=np.float32)
_NO_MASK = np.zeros(0, dtype=np.uint8)
_NO_OUT = np.zeros(0, dtype=np.float32)


class EntryPoints:
    """The batch and single-game entry points of the contract over a game's two kernels.

    ``run`` and ``run_one`` are the game's kernels (numba dispatchers, module level in its
    ``batch.py``); ``config_dtype`` its CONFIG dtype (an empty CONFIG array stands for the
    ``cfgs`` of the operations that do not read it).
    """

    def __init__(self, run, run_one, config_dtype: np.dtype):
        self.run = run
        self.run_one = run_one
        self.kernels = (run, run_one)
        self._no_cfgs = np.zeros(0, dtype=config_dtype)

    # --- batch (VectorGame runs these on slices of its arrays, in threads) -------------------
    def batch_reset(self, states, cfgs, seeds):
        self.run(OP_RESET, states, cfgs, 0, seeds, _NO_INTS, _NO_COUNTS, _NO_REWARDS,
                 _NO_DONES, _NO_MASKS, _NO_OBS)

    def batch_legal(self, states, masks):
        self.run(OP_LEGAL, states, self._no_cfgs, 0, _NO_SEEDS, _NO_INTS, _NO_COUNTS,
                 _NO_REWARDS, _NO_DONES, masks, _NO_OBS)

    def batch_observe(self, states, obs):
        self.run(OP_OBSERVE, states, self._no_cfgs, 0, _NO_SEEDS, _NO_INTS, _NO_COUNTS,
                 _NO_REWARDS, _NO_DONES, _NO_MASKS, obs)

    def batch_observe_seats(self, states, seats, obs):
        self.run(OP_OBSERVE_SEATS, states, self._no_cfgs, 0, _NO_SEEDS, seats, _NO_COUNTS,
                 _NO_REWARDS, _NO_DONES, _NO_MASKS, obs)

    def batch_step(self, states, cfgs, actions, rewards, dones, masks, obs):
        self.run(OP_STEP, states, cfgs, 0, _NO_SEEDS, actions, _NO_COUNTS, rewards, dones,
                 masks, obs)

    def batch_playout(self, states, cfgs, act_rng, steps, counts):
        self.run(OP_PLAYOUT, states, cfgs, int(steps), act_rng, _NO_INTS, counts,
                 _NO_REWARDS, _NO_DONES, _NO_MASKS, _NO_OBS)

    # --- one game ``i`` of an array of states (the AEC env, Python-side agents) --------------
    def single_init(self, states, cfgs, i, seed):
        _check_index(states, i)
        self.batch_reset(states[i:i + 1], cfgs, np.array([seed], dtype=np.uint64))

    def single_apply(self, states, i, action, mask):
        _check_index(states, i)
        self.run_one(OP_APPLY_ONE, states, int(i), int(action), mask, _NO_OUT)

    def single_legal(self, states, i, mask):
        _check_index(states, i)
        self.run_one(OP_LEGAL_ONE, states, int(i), 0, mask, _NO_OUT)

    def single_observe(self, states, i, seat, out):
        _check_index(states, i)
        self.run_one(OP_OBSERVE_ONE, states, int(i), int(seat), _NO_MASK, out)


def _check_index(states, i) -> None:
    # numba does not check bounds: a bad index would read and write outside the array
    if not 0 <= i < states.shape[0]:
        raise IndexError(f"game index {i} out of range for {states.shape[0]} states")
