"""Where a search simulation spends its time: the game kernels it calls, timed one by one.

    python -m benchmarks.kernel_profile --game cursed_seas

A simulation of envs/core/search.py copies the root record, determinises it, then makes
decisions (legal mask + apply each) down the tree and along the playout, and scores a cut
playout with the game's value kernel. This replays the decisions of random cut playouts from
the positions of benchmarks/search.py and times each kernel alone over the same records
(one thread, microseconds per call, CPU time of this process), plus the mean per decision by
pending decision code where the game has one (``s.pending``). "search moves" is what the search
calls instead of the legal mask (``GameSpec.search_moves``, or legal mask then prune), "a
playout's draw" what a playout calls (``GameSpec.playout_move``, and search moves where it
draws nothing): the decisions replayed are drawn from the full legal mask, as before.
Figures only.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from envs.core.search import (game_apply, game_determinize, game_legal, game_moves,
                              game_playout_move, game_value)


@njit(cache=True)
def _copies(dst, src, n):
    for _ in range(n):
        for i in range(src.shape[0]):
            dst[i] = src[i]


def _time(fn, reps: int) -> float:
    """CPU seconds per call of ``fn()`` (best of three batches of ``reps``)."""
    best = np.inf
    for _ in range(3):
        c0 = time.process_time()
        for _ in range(reps):
            fn()
        best = min(best, (time.process_time() - c0) / reps)
    return best


def profile(name: str, rollout: int = 20, playouts: int = 200, midgame: int = 400,
            seed: int = 0) -> list[str]:
    import envs
    from benchmarks.search import positions
    from envs.core import search as S

    spec = envs.spec(name)
    S.register(spec)
    lines = []
    for label, root in positions(name, midgame, seed):
        rng = np.random.default_rng(seed)
        recs, acts = [], []
        mask = np.zeros(spec.num_actions, np.uint8)
        dets = np.repeat(root, playouts)
        seat = int(root["to_play"][0])
        for g in range(playouts):
            spec.determinize(dets[g], seat, np.uint64(g + 1))
            s = dets[g:g + 1].copy()
            for _ in range(rollout):
                if s["to_play"][0] < 0:
                    break
                spec.legal_mask(s[0], mask)
                a = int(rng.choice(np.flatnonzero(mask)))
                recs.append(s.copy())
                acts.append(a)
                spec.apply(s[0], a)
        recs = np.concatenate(recs)
        acts = np.array(acts, np.int64)
        n = len(recs)
        work = recs.copy()
        masks = np.zeros((n, spec.num_actions), np.uint8)
        est = np.zeros(recs.dtype["reward"].shape[0])
        t_legal = _time(lambda: _legal_all(spec, work, masks), 3) / n
        t_moves = _time(lambda: _moves_kernel(work, masks), 3) / n
        t_draw = _time(lambda: _draw_kernel(work, masks), 3) / n
        t_apply = _time(lambda: (_copies(work, recs, 1), _apply_all(spec, work, acts)), 3) / n
        t_copy = _time(lambda: _copies(work, recs, 1), 3) / n
        t_apply -= t_copy
        t_det = _time(lambda: (_copies(work, recs, 1), _det_all(spec, work, seat)), 3) / n - t_copy
        t_val = (_time(lambda: _value_all(spec, recs, est), 3) / n) if spec.value else 0.0
        per_sim = t_copy + t_det + rollout * (t_legal + t_apply) + t_val
        lines.append(
            f"{name} ({label}): per decision legal_mask {t_legal * 1e6:.2f} us (search moves "
            f"{t_moves * 1e6:.2f} us, a playout's draw {t_draw * 1e6:.2f} us), apply "
            f"{t_apply * 1e6:.2f} us; per simulation record copy {t_copy * 1e6:.2f} us, "
            f"determinize {t_det * 1e6:.2f} us, value {t_val * 1e6:.2f} us; a {rollout}-decision "
            f"cut simulation ~{per_sim * 1e6:.0f} us ({1 / per_sim:,.0f}/s): legal "
            f"{rollout * t_legal / per_sim:.0%}, apply {rollout * t_apply / per_sim:.0%}, "
            f"determinize {t_det / per_sim:.0%}")
        if "pending" in recs.dtype.names:
            pk = recs["pending"]
            parts = []
            for code in np.unique(pk):
                sel = np.flatnonzero(pk == code)
                sub, sa = recs[sel].copy(), acts[sel]
                w2, m2 = sub.copy(), np.zeros((len(sel), spec.num_actions), np.uint8)
                tl = _time(lambda: _legal_all(spec, w2, m2), 3) / len(sel)
                tm = _time(lambda: _moves_kernel(w2, m2), 3) / len(sel)
                td = _time(lambda: _draw_kernel(w2, m2), 3) / len(sel)
                ta = _time(lambda: (_copies(w2, sub, 1), _apply_all(spec, w2, sa)), 3) / len(sel)
                parts.append(f"pending {int(code)}: {len(sel) / n:.0%} of decisions, legal "
                             f"{tl * 1e6:.1f} us (search moves {tm * 1e6:.1f}, a playout's draw "
                             f"{td * 1e6:.1f}), copy+apply {ta * 1e6:.1f} us")
            lines.append("    " + "; ".join(parts))
    return lines


def _legal_all(spec, states, masks):
    _legal_kernel(states, masks)


def _apply_all(spec, states, acts):
    _apply_kernel(states, acts)


def _det_all(spec, states, seat):
    _det_kernel(states, np.int64(seat))


def _value_all(spec, states, est):
    _value_kernel(states, est)


@njit(cache=True)
def _legal_kernel(states, masks):
    for i in range(states.shape[0]):
        game_legal(states[i], masks[i])


@njit(cache=True)
def _moves_kernel(states, masks):
    for i in range(states.shape[0]):
        game_moves(states[i], masks[i])


@njit(cache=True)
def _draw_kernel(states, masks):
    x = np.uint64(1)
    for i in range(states.shape[0]):
        a, x = game_playout_move(states[i], x)
        if a < 0:
            game_moves(states[i], masks[i])


@njit(cache=True)
def _apply_kernel(states, acts):
    for i in range(states.shape[0]):
        game_apply(states[i], acts[i])


@njit(cache=True)
def _det_kernel(states, seat):
    for i in range(states.shape[0]):
        game_determinize(states[i], seat, np.uint64(i + 1))


@njit(cache=True)
def _value_kernel(states, est):
    for i in range(states.shape[0]):
        game_value(states[i], est)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append")
    ap.add_argument("--rollout", type=int, default=20)
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--midgame", type=int, default=400)
    args = ap.parse_args(argv)
    import numba

    import envs

    numba.set_num_threads(1)
    for g in args.game or [g for g in envs.names() if envs.spec(g).determinize is not None]:
        for line in profile(g, args.rollout, args.playouts, args.midgame):
            print(line, flush=True)


if __name__ == "__main__":
    main()
