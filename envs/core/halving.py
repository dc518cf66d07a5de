"""The root of a search by Gumbel top-k sampling and sequential halving (Danihelka et al.,
"Policy improvement by planning with Gumbel", ICLR 2022), as kernels for envs/core/search.py.

PUCT spends a small budget where the prior points, so a prior that is wrong at the root
wastes it; UCT spreads it over every action, which a large action set cannot afford. This
root does both: it draws ``m`` distinct actions without replacement from the prior
(the ``m`` largest of logit + Gumbel noise: :func:`consider`), then visits them in rounds,
each round giving every action still considered the same number of simulations and keeping
the better half (:func:`visit_schedule`), by logit + noise + ``sigma(q)`` where ``q`` is the
searching seat's mean return scaled to [0, 1] over the actions visited and
``sigma(q) = (C_VISIT + most visits) * C_SCALE * q`` (:func:`root_choice`): the more the
search has seen, the more the returns decide over the prior. The move is the action of
that score among the most visited (``final=True``). Below the root the search is unchanged.

What the root teaches (:func:`improved_policy`, the paper's policy target): softmax of
logit + ``sigma(completed q)`` over every legal root action, an action never visited
completed with the prior-weighted mean return of those visited. Unlike visit shares, it
improves on the prior with a handful of simulations and does not depend on the schedule.

Without a prior every logit is 0: the ``m`` actions are drawn uniformly and halving ranks
them by their returns alone.
"""

import numpy as np
from numba import njit

from envs.core.integers import is_integer
from envs.core.rng import mix64

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_S11 = np.uint64(11)
#: sigma(q) = (C_VISIT + most visits of a root action) * C_SCALE * q (the paper's defaults)
C_VISIT = 50.0
C_SCALE = 0.1


def checked_root_actions(m) -> int:
    """The number of root actions a Gumbel root draws, checked (ValueError otherwise): a
    whole number >= 0 (0: no Gumbel root). The one rule for the search and its agent."""
    if not is_integer(m) or m < 0:
        raise ValueError(f"gumbel root of {m!r} actions: the number of root actions to draw, "
                         "a whole number >= 0 (0: no Gumbel root)")
    return int(m)


@njit(cache=True)
def visit_schedule(m, sims, out):
    """Write to ``out[:sims]`` the visit count the action chosen at each simulation must
    have (the considered visit): rounds of sequential halving over ``m`` actions, each
    round ``max(1, sims // (ceil(log2 m) * k))`` visits to each of the ``k`` still
    considered, ``k`` halved (never below 2) after the round. With one action, 0, 1, 2..."""
    if m <= 1:
        for i in range(sims):
            out[i] = i
        return
    rounds = 0
    while (1 << rounds) < m:
        rounds += 1
    k = m
    level = 0
    i = 0
    while i < sims:
        extra = max(1, sims // (rounds * k))
        for _ in range(extra):
            for _j in range(k):
                if i < sims:
                    out[i] = level
                    i += 1
            level += 1
        k = max(2, k // 2)


@njit(cache=True)
def consider(cand, k, logit, noise, m, x, score):
    """Draw the root's considered actions: every action of ``cand[:k]`` gets ``score`` =
    its ``logit`` + Gumbel noise scaled by ``noise``; the ``m`` largest keep it, the rest
    (and every other action) get -inf. Returns (how many are considered, the stream word)."""
    for a in range(score.shape[0]):
        score[a] = -np.inf
    for i in range(k):
        a = cand[i]
        x = x + _GOLDEN
        u = (np.float64(mix64(x) >> _S11) + 0.5) * (1.0 / 9007199254740992.0)
        score[a] = logit[a] - noise * np.log(-np.log(u))
    m = min(m, k)
    kept = np.zeros(k, dtype=np.bool_)
    for _ in range(m):
        best = -1
        for i in range(k):
            if not kept[i] and (best < 0 or score[cand[i]] > score[cand[best]]):
                best = i
        kept[best] = True
    for i in range(k):
        if not kept[i]:
            score[cand[i]] = -np.inf
    return m, x


@njit(cache=True)
def root_choice(cand, k, score, kids, n, w, seat, want, final):
    """The considered action of ``cand[:k]`` (those legal in this determinisation) to visit
    now: among those with ``want`` visits, the largest ``score`` + sigma(q) (``kids`` the
    root's child of each action, ``n`` visits and ``w[:, seat]`` the searching seat's summed
    return of each node). With ``final`` ``want`` is ignored: the move, the best of the
    most visited. If none has ``want`` visits (an action legal in another determinisation
    only), the least visited; -1 when no considered action is legal here."""
    lo = np.inf
    hi = -np.inf
    most = 0
    for i in range(k):
        a = cand[i]
        ch = kids[a]
        if score[a] > -np.inf and ch >= 0 and n[ch] > 0:
            q = w[ch, seat] / n[ch]
            lo = min(lo, q)
            hi = max(hi, q)
            most = max(most, n[ch])
    sigma = (C_VISIT + most) * C_SCALE
    if final:
        want = most
    best = -1
    best_u = -np.inf
    fewest = -1
    fewest_n = 0
    for i in range(k):
        a = cand[i]
        if score[a] == -np.inf:
            continue
        ch = kids[a]
        visits = n[ch] if ch >= 0 else 0
        u = score[a]
        if visits > 0 and hi > lo:
            u += sigma * (w[ch, seat] / visits - lo) / (hi - lo)
        if visits == want and u > best_u:
            best_u = u
            best = a
        if fewest < 0 or visits < fewest_n:
            fewest = a
            fewest_n = visits
    return best if best >= 0 else fewest


@njit(cache=True)
def improved_policy(logit, kids, n, w, seat, out):
    """Write to ``out`` the Gumbel root's policy target (Danihelka et al., section 4):
    softmax over the actions with a finite ``logit`` (the root's legal actions, -inf
    elsewhere) of logit + ``sigma(completed q)``. An action's completed q is the searching
    seat's mean return after it (``kids`` the root's child of each action, ``n`` visits,
    ``w[:, seat]`` summed returns), or for one never visited the mean of the visited ones
    weighted by the prior (the paper's v_mix without a value network: its own estimate weighs
    1 against the visits' sum, so the visits decide); q is scaled to [0, 1] over the legal
    actions, and ``sigma`` grows with the most visits, as in :func:`root_choice`. Every other
    entry of ``out`` is 0."""
    top = -np.inf
    for a in range(logit.shape[0]):
        top = max(top, np.float64(logit[a]))
    weight = 0.0
    mean = 0.0
    most = 0
    for a in range(logit.shape[0]):
        ch = kids[a]
        if logit[a] > -np.inf and ch >= 0 and n[ch] > 0:
            p = np.exp(np.float64(logit[a]) - top)
            weight += p
            mean += p * w[ch, seat] / n[ch]
            most = max(most, n[ch])
    mix = mean / weight if weight > 0 else 0.0
    lo = np.inf
    hi = -np.inf
    for a in range(logit.shape[0]):
        out[a] = 0.0
        if logit[a] > -np.inf:
            ch = kids[a]
            q = w[ch, seat] / n[ch] if ch >= 0 and n[ch] > 0 else mix
            out[a] = q
            lo = min(lo, q)
            hi = max(hi, q)
    sigma = (C_VISIT + most) * C_SCALE
    best = -np.inf
    for a in range(logit.shape[0]):
        if logit[a] > -np.inf:
            scaled = (out[a] - lo) / (hi - lo) if hi > lo else 0.0
            out[a] = np.float64(logit[a]) + sigma * scaled
            best = max(best, out[a])
    total = 0.0
    for a in range(logit.shape[0]):
        if logit[a] > -np.inf:
            out[a] = np.exp(out[a] - best)
            total += out[a]
    for a in range(logit.shape[0]):
        if total > 0:
            out[a] /= total
