"""Pirates of the Cursed Seas entry kernels over an array of states (a copy of the template).

Every game's ``batch.py`` is a copy of the template ``tests/core/toy_game/batch.py`` with only
its first line and imports changed (the batch and single-game contract is in
``envs/core/spec.py``). The entry point is one kernel, ``run``, choosing the operation by its
first argument (``envs/core/entry.py``): numba links the whole engine into each kernel Python
calls and optimises it again there, so one kernel instead of ten builds the engine once, not
ten times. It is module level, not built by a factory, because numba never loads a closure's
compiled code from the cache. The
batch loops are serial and release the GIL (``nogil=True``):
``VectorGame`` runs them on slices of the batch in threads, one per core (``parallel=True``
compiled the whole engine twice more for no gain in speed). ``cfgs`` is a CONFIG array of
shape (1,), shared by every slice.
"""

import numpy as np
from numba import njit

from envs.core.entry import (OP_APPLY, OP_LEGAL, OP_OBSERVE, OP_OBSERVE_AS, OP_OBSERVE_SEATS,
                             OP_PLAYOUT, OP_RESET, OP_STEP, EntryPoints)
from envs.core.rng import mix64

from .observe import observe
from .rules import apply, init, legal_mask
from .state import CONFIG, NUM_ACTIONS

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S32 = np.uint64(32)


@njit(cache=True, nogil=True)
def run(op, states, cfgs, x, seeds, ints, counts, rewards, dones, masks, obs):
    """Batch entry point ``op`` (envs.core.entry says what each one reads)."""
    if op == OP_STEP:
        _step(states, cfgs, ints, rewards, dones, masks, obs)
    elif op == OP_PLAYOUT:
        _playout(states, cfgs, seeds, x, counts)
    elif op == OP_RESET:
        for k in range(states.shape[0]):
            init(states[k], cfgs[0], seeds[k])
    elif op == OP_LEGAL:
        for k in range(states.shape[0]):
            legal_mask(states[k], masks[k])
    elif op == OP_OBSERVE:
        # seat 0 once a game is over
        for k in range(states.shape[0]):
            s = states[k]
            observe(s, max(s.to_play, 0), obs[k])
    elif op == OP_OBSERVE_SEATS:
        for k in range(states.shape[0]):
            observe(states[k], ints[k], obs[k])
    elif op == OP_APPLY:
        for k in range(states.shape[0]):
            apply(states[k], x)
            legal_mask(states[k], masks[k])
    elif op == OP_OBSERVE_AS:
        for k in range(states.shape[0]):
            observe(states[k], x, obs[k])


@njit(inline="always")
def _step(states, cfgs, actions, rewards, dones, masks, obs):
    """Apply actions[i] (< 0: skip game i); finished games re-init from mix64(their rng).

    A game whose kernel faulted (envs.core.bounds) is left as it stopped, with an empty
    mask, for VectorGame to report.
    """
    for i in range(states.shape[0]):
        s = states[i]
        a = actions[i]
        if a < 0:
            for p in range(rewards.shape[1]):
                rewards[i, p] = 0.0
            dones[i] = False
        else:
            apply(s, a)
            for p in range(rewards.shape[1]):
                rewards[i, p] = s.reward[p]
            dones[i] = False
            if s.fault:
                masks[i, :] = 0
                obs[i, :] = 0.0
                continue
            if s.done or s.truncated:
                dones[i] = True
                init(s, cfgs[0], mix64(s.rng))
            legal_mask(s, masks[i])
            observe(s, s.to_play, obs[i])


@njit(inline="always")
def _playout(states, cfgs, act_rng, steps, counts):
    """``steps`` uniformly random legal decisions per game, from the stream act_rng[i].

    counts[i] = (decisions, games finished, empty legal masks met before a game's end,
    kernel faults). A faulted game stops where it faulted.
    """
    for i in range(states.shape[0]):
        s = states[i]
        mask = np.empty(NUM_ACTIONS, np.uint8)
        x = act_rng[i]
        decisions = 0
        finished = 0
        stuck = 0
        faults = 0
        for _ in range(steps):
            legal_mask(s, mask)
            n = 0
            for a in range(NUM_ACTIONS):
                n += mask[a]
            if n == 0:
                # a live game with no legal action breaks the contract: count it, start anew
                stuck += 1
                init(s, cfgs[0], mix64(s.rng))
                continue
            x += _GOLDEN
            k = np.int64(((mix64(x) >> _S32) * np.uint64(n)) >> _S32)
            a = 0
            while True:
                if mask[a]:
                    if k == 0:
                        break
                    k -= 1
                a += 1
            apply(s, a)
            decisions += 1
            if s.fault:
                faults += 1
                break
            if s.done or s.truncated:
                finished += 1
                init(s, cfgs[0], mix64(s.rng))
        act_rng[i] = x
        counts[i, 0] = decisions
        counts[i, 1] = finished
        counts[i, 2] = stuck
        counts[i, 3] = faults


# the contract's entry points (envs/core/spec.py), each a call of ``run``
ENTRY = EntryPoints(run, CONFIG)
batch_reset = ENTRY.batch_reset
batch_legal = ENTRY.batch_legal
batch_observe = ENTRY.batch_observe
batch_observe_seats = ENTRY.batch_observe_seats
batch_step = ENTRY.batch_step
batch_playout = ENTRY.batch_playout
single_init = ENTRY.single_init
single_apply = ENTRY.single_apply
single_legal = ENTRY.single_legal
single_observe = ENTRY.single_observe
