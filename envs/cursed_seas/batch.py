"""Pirates of the Cursed Seas batch kernels: a copy of the template tests/core/toy_game/batch.py.

Every game's ``batch.py`` is a copy of this file with only the imports changed (see the batch
kernel contract in ``envs/core/spec.py``). The kernels are module level, not built by a
factory, because numba never loads a closure's compiled code from the cache. They are serial
loops that release the GIL (``nogil=True``): ``VectorGame`` runs them on slices of the batch
in threads, one per core. (``parallel=True`` kernels compiled the whole game engine twice
more per kernel, a third of a cold compile, for no gain in speed.) ``cfgs`` is a CONFIG array
of shape (1,), shared by every slice.
"""

import numpy as np
from numba import njit

from envs.core.rng import mix64

from .observe import observe
from .rules import apply, init, legal_mask
from .state import NUM_ACTIONS

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S32 = np.uint64(32)


@njit(cache=True, nogil=True)
def batch_reset(states, cfgs, seeds):
    for i in range(states.shape[0]):
        init(states[i], cfgs[0], seeds[i])


@njit(cache=True, nogil=True)
def batch_legal(states, masks):
    for i in range(states.shape[0]):
        legal_mask(states[i], masks[i])


@njit(cache=True, nogil=True)
def batch_observe(states, obs):
    """Observation of each game from its seat to play (seat 0 once a game is over)."""
    for i in range(states.shape[0]):
        s = states[i]
        observe(s, max(s.to_play, 0), obs[i])


@njit(cache=True, nogil=True)
def batch_observe_seats(states, seats, obs):
    for i in range(states.shape[0]):
        observe(states[i], seats[i], obs[i])


@njit(cache=True, nogil=True)
def batch_step(states, cfgs, actions, rewards, dones, masks, obs):
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


@njit(cache=True, nogil=True)
def batch_playout(states, cfgs, act_rng, steps, counts):
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


# --- single-game entry points over an array of states (fast to call from Python) ------------
@njit(cache=True)
def single_init(states, cfgs, i, seed):
    init(states[i], cfgs[0], seed)


@njit(cache=True)
def single_apply(states, i, action, mask):
    s = states[i]
    apply(s, action)
    legal_mask(s, mask)


@njit(cache=True)
def single_legal(states, i, mask):
    legal_mask(states[i], mask)


@njit(cache=True)
def single_observe(states, i, seat, out):
    observe(states[i], seat, out)
