"""A game's entry points over one compiled kernel, and their contract signatures.

numba links the whole game engine into every kernel that Python calls and optimises it and
emits machine code for it again there. With ten entry points (the batch kernels of
``VectorGame`` and the single-game kernels of the AEC env) a cold compile built the engine ten
more times over: on Pirates of the Cursed Seas the entry points were a quarter of the compile.
So each game's ``batch.py`` has one kernel, ``run``, choosing the operation by its first
argument::

    run(op, states, cfgs, x, seeds, ints, counts, rewards, dones, masks, obs)

The AEC env's single-game calls are ``run`` on a one-game view of the array
(``states[i:i + 1]``, ``mask[None]``). A second kernel for them with fewer arguments was
about 2 us a call quicker to enter (each argument is unboxed on every call) but built the
engine once more, 3-4 s of every game's cold compile: the compile is the scarcer budget.
The arguments an operation does not use are empty arrays. :class:`EntryPoints` gives each
entry point back its contract signature (``envs/core/spec.py``), so nothing that calls them
changes. What each operation reads::

    OP_RESET          init(states[k], cfgs[0], seeds[k]) for every k
    OP_LEGAL          legal_mask(states[k], masks[k])
    OP_OBSERVE        observe(states[k], max(to_play, 0), obs[k])
    OP_OBSERVE_SEATS  observe(states[k], ints[k], obs[k])
    OP_STEP           batch_step with actions = ints
    OP_PLAYOUT        batch_playout with act_rng = seeds, steps = x
    OP_APPLY          apply(states[k], x), then legal_mask(states[k], masks[k])
    OP_OBSERVE_AS     observe(states[k], x, obs[k])

Integer arguments are passed as Python ints, so a caller's numpy int8 or int32 never makes
numba compile the engine again for another signature.
"""

from __future__ import annotations

import numpy as np

(OP_RESET, OP_LEGAL, OP_OBSERVE, OP_OBSERVE_SEATS, OP_STEP, OP_PLAYOUT, OP_APPLY,
 OP_OBSERVE_AS) = range(8)

# the arguments an operation does not use: empty (and writeable, as a read-only array would be
# another type and compile the engine again)
_NO_SEEDS = np.zeros(0, dtype=np.uint64)
_NO_INTS = np.zeros(0, dtype=np.int64)
_NO_COUNTS = np.zeros((0, 4), dtype=np.int64)
_NO_REWARDS = np.zeros((0, 1), dtype=np.float32)
_NO_DONES = np.zeros(0, dtype=np.bool_)
_NO_MASKS = np.zeros((0, 1), dtype=np.uint8)
_NO_OBS = np.zeros((0, 1), dtype=np.float32)


class EntryPoints:
    """The batch and single-game entry points of the contract over a game's kernel.

    ``run`` is the game's kernel (a numba dispatcher, module level in its ``batch.py``);
    ``config_dtype`` its CONFIG dtype (an empty CONFIG array stands for the ``cfgs`` of the
    operations that do not read it).
    """

    def __init__(self, run, config_dtype: np.dtype):
        self.run = run
        self.kernels = (run,)
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
        self.run(OP_APPLY, states[i:i + 1], self._no_cfgs, int(action), _NO_SEEDS, _NO_INTS,
                 _NO_COUNTS, _NO_REWARDS, _NO_DONES, mask[None], _NO_OBS)

    def single_legal(self, states, i, mask):
        _check_index(states, i)
        self.batch_legal(states[i:i + 1], mask[None])

    def single_observe(self, states, i, seat, out):
        _check_index(states, i)
        self.run(OP_OBSERVE_AS, states[i:i + 1], self._no_cfgs, int(seat), _NO_SEEDS, _NO_INTS,
                 _NO_COUNTS, _NO_REWARDS, _NO_DONES, _NO_MASKS, out[None])


def _check_index(states, i) -> None:
    # numba does not check bounds: a bad index would read and write outside the array
    if not 0 <= i < states.shape[0]:
        raise IndexError(f"game index {i} out of range for {states.shape[0]} states")
