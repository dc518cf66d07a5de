"""Self-play opponents' replies in one numba kernel: each game plays on alone to its learner.

``training/selfplay_env.py`` steps a batch of games from one *learner seat* each; after the
learner's move every other seat is played by an opponent until the learner is to play again.
Done in lock-step rounds from Python, every round waits for the game with the longest run of
opponent moves and pays a torch call for one or two games. This kernel instead plays each
game's replies to the end of the run on its own: random opponents draw a uniform legal
action, policy opponents evaluate their actor (envs/core/mlp.py) on the seat's observation
and take the masked argmax or a draw from the masked softmax, heuristic opponents
(``KIND_HEURISTIC``, a game whose GameSpec has ``heuristic_best``) draw uniformly from the set
of actions the game's heuristic kernel rates best (what its Python agent does with its own
generator). Only opponents the kernel cannot play (``KIND_PYTHON``: the heuristic of a game
without that kernel, any other Python agent) stop a game, and Python then moves them in
batches as before.

A game stops at its learner's turn, at a Python opponent's turn, at the end of a game (its
final record is copied to ``final`` and it is re-initialised exactly as ``batch_step`` does,
so Python can pay the learner, rotate the seat and redraw the opponents before the new game
moves), on a kernel fault, or after ``max_moves`` replies (a bound; Python calls again).

The game's kernels are reached through the stubs of envs/core/search.py (``register(spec,
search=False)``), so the kernel is cached once per game like the search kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from envs.core.mlp import forward_legal, width
from envs.core.rng import mix64
from envs.core.search import game_apply, game_heuristic, game_init, game_legal, game_observe

KIND_PYTHON, KIND_RANDOM, KIND_POLICY, KIND_HEURISTIC = 0, 1, 2, 3
#: why a game stopped: learner to play, Python opponent to play, game ended, fault, bound
STOP_LEARNER, STOP_PYTHON, STOP_ENDED, STOP_FAULT, STOP_BOUND = 0, 1, 2, 3, 4

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True, inline="always")
def _unit(x):
    """(a uniform float in [0, 1), the next stream word) from a splitmix64 stream."""
    x = x + _GOLDEN
    return np.float64(mix64(x) >> _S11) * _INV53, x


@njit(cache=True, inline="always")
def _draw_marked(marked, cnt, x):
    """(one of the ``cnt`` marked entries of ``marked`` drawn uniformly, or -1 when there are
    none; the next stream word)."""
    if cnt <= 0:
        return -1, x
    u, x = _unit(x)
    j = min(np.int64(u * cnt), cnt - 1)
    for b in range(marked.shape[0]):
        if marked[b]:
            if j == 0:
                return b, x
            j -= 1
    return -1, x


@njit(cache=True)
def choose(logits, mask, greedy, x):
    """(masked argmax or a draw from the masked softmax of ``logits``, next stream word);
    -1 when nothing is legal."""
    best = -1
    top = -np.inf
    for a in range(mask.shape[0]):
        if mask[a] and logits[a] > top:
            top = logits[a]
            best = a
    if best < 0 or greedy:
        return best, x
    total = 0.0
    for a in range(mask.shape[0]):
        if mask[a]:
            total += np.exp(np.float64(logits[a]) - top)
    u, x = _unit(x)
    u *= total
    last = best
    for a in range(mask.shape[0]):
        if mask[a]:
            u -= np.exp(np.float64(logits[a]) - top)
            last = a
            if u < 0.0:
                return a, x
    return last, x


@njit(cache=True, nogil=True)
def play_opponents(states, cfgs, learner, kind, slot, greedy, params, layout, rng, acc,
                   stop, moves, final, masks, obs, max_moves, tally):
    """Play every game's opponents until it stops (see the module docstring).

    ``kind``/``slot`` int64[N, seats]: each seat's opponent kind and parameter row
    (``params[slot]``, ``greedy[slot]``); ``rng`` uint64[N] the opponents' random streams;
    ``acc`` float64[N, seats] += every reward of the replies; ``stop``/``moves`` int64[N]
    receive why each game stopped and the replies it made; ``final`` a STATE array that
    receives the record each ended game ended in; ``masks``/``obs`` receive each game's legal
    mask and observation from its seat to play (the learner's, when it stopped there);
    ``tally`` int64[3] += the random, the policy and the heuristic replies (throughput
    figures). A heuristic reply draws its re-deal key and its pick from the game's stream.
    Returns the replies made in all."""
    n = states.shape[0]
    seats = kind.shape[1]
    num_actions = masks.shape[1]
    scratch = np.zeros((2, width(layout)), dtype=np.float32)
    logits = np.zeros(num_actions, dtype=np.float32)
    mask = np.zeros(num_actions, dtype=np.uint8)
    best = np.zeros(num_actions, dtype=np.bool_)
    ob = np.zeros(obs.shape[1], dtype=np.float32)
    nslots = params.shape[0]
    total = 0
    for i in range(n):
        s = states[i]
        x = rng[i]
        made = 0
        why = STOP_BOUND
        touched = False
        while made < max_moves:
            p = s.to_play
            if p == learner[i]:
                why = STOP_LEARNER
                break
            if p < 0 or p >= seats:
                why = STOP_FAULT
                break
            k = kind[i, p]
            if k != KIND_RANDOM and k != KIND_POLICY and k != KIND_HEURISTIC:
                why = STOP_PYTHON
                break
            touched = True
            game_legal(s, mask)
            a = -1
            if k - KIND_RANDOM < tally.shape[0]:
                tally[k - KIND_RANDOM] += 1
            if k == KIND_RANDOM:
                cnt = 0
                for b in range(num_actions):
                    cnt += mask[b]
                a, x = _draw_marked(mask, cnt, x)
            elif k == KIND_HEURISTIC:
                x = x + _GOLDEN
                cnt = game_heuristic(s, p, mix64(x), best)
                a, x = _draw_marked(best, cnt, x)
                if a >= 0 and not mask[a]:
                    a = -1      # the heuristic rated an illegal action: a bug, stop the game
            else:
                r = slot[i, p]
                if r < 0 or r >= nslots:
                    why = STOP_FAULT
                    break
                game_observe(s, p, ob)
                forward_legal(params[r], layout, ob, scratch, logits, mask)
                a, x = choose(logits, mask, greedy[r], x)
            if a < 0:
                why = STOP_FAULT
                break
            game_apply(s, a)
            made += 1
            if s.fault:
                why = STOP_FAULT
                break
            for q in range(acc.shape[1]):
                acc[i, q] += s.reward[q]
            if s.done or s.truncated:
                final[i] = s
                game_init(s, cfgs[0], mix64(s.rng))
                why = STOP_ENDED
                break
        rng[i] = x
        stop[i] = why
        moves[i] = made
        total += made
        if touched and why != STOP_FAULT:
            game_legal(s, masks[i])
            game_observe(s, max(s.to_play, 0), obs[i])
    return total
