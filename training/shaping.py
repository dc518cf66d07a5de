"""Opt-in reward shaping for self-play: potential-based, from the game's value kernel, annealed.

The potential of a position for the learner is the game's ``value`` kernel at its seat
(GameSpec.value: for Seas of Havoc tanh of the final-score differential, Infamy and the
rest of Final Scoring, against the best rival side / 8). Each learner transition from
``s`` to ``s'`` (its move and the opponents' replies) is paid ``c * (gamma * phi(s') -
phi(s))`` on top of the game's reward, with ``phi = 0`` once the game is over, so the
shaping sums to ``-c * phi(start)`` over a game whatever is played: it steers the early
learning signal (a differential that moves every turn instead of one terminal +-1) without
changing which policies are best (Ng, Harada & Russell 1999). ``c`` is annealed linearly
to 0 over the first ``anneal`` share of training, so the late policy is trained on the
game's own reward alone.
"""

from __future__ import annotations

import numpy as np


def batch_potential(spec):
    """A kernel ``(states, seats int64[N], out float64[N])``: ``value`` of game i at seat
    ``seats[i]``. ValueError when the game has no value kernel."""
    from numba import njit

    value = spec.value
    if value is None:
        raise ValueError(f"reward shaping needs the game's value kernel and {spec.name!r} has "
                         "none (GameSpec.value); train without --shaping")
    width = int(spec.max_players)

    @njit
    def run(states, seats, out):
        tmp = np.zeros(width)
        for i in range(states.shape[0]):
            value(states[i], tmp)
            s = seats[i]
            out[i] = tmp[s] if 0 <= s < width else 0.0

    return run


def coefficient(start: float, anneal: float, done_steps: int, total_steps: int) -> float:
    """The shaping coefficient after ``done_steps`` of ``total_steps``: ``start`` falling
    linearly to 0 at ``anneal * total_steps`` (``anneal`` 0: no shaping at all)."""
    if start <= 0 or anneal <= 0 or total_steps <= 0:
        return 0.0
    frac = done_steps / (anneal * total_steps)
    return float(start * max(0.0, 1.0 - frac))
