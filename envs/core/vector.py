"""VectorGame: N games of one GameSpec stepped together by the game's batch kernels.

The batched fast path for training, soak tests and benchmarks. The games are one structured
array (``states``); each call is one batch kernel over all of them. Finished games reset
themselves with a seed drawn from their own rng, so a batch is deterministic from its reset
seed and the actions, and any game can be replayed alone in ``ArrayAECEnv`` (seed it with
``seeds[i]``, then ``mix64(rng)`` at each end).

Bad input never reaches a kernel: ``step`` refuses non-integer, out-of-range and illegal
actions with ``IllegalActionError`` (naming the game index, the action and the legal labels)
before any game moves, unless the VectorGame was made with ``unchecked=True`` — the fast path
for callers that sample from the masks themselves. States set from outside go through
``set_states`` (or ``refresh`` after editing ``states`` in place), which run the game's
``check_states`` and refuse invalid ones with ``StateError``.

The batch kernels are serial loops that release the GIL; ``VectorGame`` splits the games into
one contiguous slice per numba thread (``numba.get_num_threads()``, so ``set_num_threads(1)``
keeps everything in the calling thread) and runs the slices in a shared thread pool. Small
batches (under ``MIN_GAMES_PER_THREAD`` games a thread) run in the calling thread.

Finished games are re-initialised inside the step kernel, so the record a game ended in is
gone when ``step`` returns. ``keep_final=True`` keeps it: ``step`` copies the records before
the kernel runs and rebuilds the final record of each game that ended by applying its action
again on that copy with the single-game kernel (the same bytes, as every kernel is
deterministic); ``final_states[i]`` then holds it until the next step. Training wrappers use it
for Gymnasium's ``terminal_observation`` (``observe_final``).
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

from envs.core.aec import check_seed
from envs.core.compile import ensure_compiled
from envs.core.errors import ActionTypeError, IllegalActionError, SeatError, StateError
from envs.core.integers import is_integer
from envs.core.masks import first_illegal
from envs.core.spec import FAULT_MESSAGES, GameSpec


#: a kernel call is split over threads only if every thread gets at least this many games
MIN_GAMES_PER_THREAD = 64

_pool: ThreadPoolExecutor | None = None


def run_batch(kernel, args: tuple, sliced: tuple, n: int) -> None:
    """``kernel(*args)`` over ``n`` games, split into one slice of rows per numba thread.

    ``sliced[k]`` says whether ``args[k]`` has one row per game (sliced) or is shared (the
    CONFIG array, a step count). A ``parallel=True`` kernel threads itself: called once.
    """
    threads = 1
    if not getattr(kernel, "targetoptions", {}).get("parallel"):
        threads = min(numba.get_num_threads(), n // MIN_GAMES_PER_THREAD)
    if threads <= 1:
        kernel(*args)
        return
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(max_workers=os.cpu_count() or 1,
                                   thread_name_prefix="broadside-batch")
    bounds = np.linspace(0, n, threads + 1).astype(np.int64)

    def part(k):
        lo, hi = bounds[k], bounds[k + 1]
        kernel(*[a[lo:hi] if cut else a for a, cut in zip(args, sliced)])

    futures = [_pool.submit(part, k) for k in range(1, threads)]
    part(0)
    for f in futures:
        f.result()


class VectorGame:
    """``num_envs`` games of one game, stepped together.

    Attributes refreshed in place by every call (copy them to keep them):
    ``obs`` float32[N, OBS_SIZE] (observation of each game's seat to play),
    ``masks`` uint8[N, NUM_ACTIONS], ``to_play`` int8[N].
    """

    def __init__(self, spec: GameSpec, num_envs: int, seed: int | None = 0,
                 unchecked: bool = False, keep_final: bool = False, **config):
        if not is_integer(num_envs):
            raise TypeError(f"num_envs must be an integer, got {type(num_envs).__name__}")
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        self.spec = spec
        self.num_envs = int(num_envs)
        self.unchecked = bool(unchecked)
        self.cfgs = spec.make_config(**config)
        self.num_players = int(self.cfgs["num_players"][0])
        ensure_compiled(spec)   # a first run says it is compiling instead of hanging silently
        n = self.num_envs
        self.states = np.zeros(n, dtype=spec.state_dtype)
        self.obs = np.zeros((n, spec.obs_size), dtype=np.float32)
        self.masks = np.zeros((n, spec.num_actions), dtype=np.uint8)
        self._rewards = np.zeros((n, spec.max_players), dtype=np.float32)
        self._dones = np.zeros(n, dtype=np.bool_)
        self.seeds = np.zeros(n, dtype=np.uint64)
        self.act_rng = np.zeros(n, dtype=np.uint64)
        self.counts = np.zeros((n, 4), dtype=np.int64)
        self.keep_final = bool(keep_final)
        if self.keep_final:
            self._before = np.zeros(n, dtype=spec.state_dtype)
            self.final_states = np.zeros(n, dtype=spec.state_dtype)
            self._scratch_mask = np.zeros(spec.num_actions, dtype=np.uint8)
        self.reset(seed)

    @property
    def to_play(self) -> np.ndarray:
        return self.states["to_play"]

    def reset(self, seed: int | None = None) -> None:
        """New games; game i gets ``seeds[i]``, all drawn from ``seed`` (int or None)."""
        rng = np.random.default_rng(check_seed(seed))
        self.seeds[:] = rng.integers(0, 2**64, self.num_envs, dtype=np.uint64)
        # the random-play stream of playout() is separate from the games' own rng
        self.act_rng[:] = rng.integers(0, 2**64, self.num_envs, dtype=np.uint64)
        self._run(self.spec.batch_reset, (self.states, self.cfgs, self.seeds), (1, 0, 1))
        self._fill()

    def _run(self, kernel, args, sliced) -> None:
        run_batch(kernel, args, sliced, self.num_envs)

    def _fill(self) -> None:
        self._run(self.spec.batch_legal, (self.states, self.masks), (1, 1))
        self._run(self.spec.batch_observe, (self.states, self.obs), (1, 1))

    def set_states(self, states) -> None:
        """Replace every game by ``states`` (a STATE array of shape (num_envs,)), validated
        with the game's ``check_states``; StateError naming each bad game, nothing changed."""
        states = np.asarray(states)
        if states.dtype != self.spec.state_dtype or states.shape != (self.num_envs,):
            raise StateError(f"set_states needs a {self.spec.name} STATE array of shape "
                             f"({self.num_envs},), got {states.dtype} {states.shape}")
        self._check(states, "set_states")
        self.states[:] = states
        self._fill()

    def refresh(self) -> None:
        """Validate ``states`` after editing them in place, then recompute masks and
        observations. On StateError the masks and observations are left as they were."""
        self._check(self.states, "refresh")
        self._fill()

    def _check(self, states, what: str) -> None:
        """StateError unless every record is valid and was set up with this VectorGame's
        config (a finished game re-inits with it, and ``num_players`` and the seats it
        observes are read from it)."""
        self.spec.refuse_invalid(states, "VectorGame states", row="env")
        cfg_bytes = self.cfgs.tobytes()
        other = [i for i in range(self.num_envs) if states["cfg"][i].tobytes() != cfg_bytes]
        if other:
            raise StateError(f"{what}: games {other[:10]} were set up with another config "
                             "than this VectorGame's (finished games re-init with its config)")

    def step(self, actions):
        """Apply ``actions[i]`` in game i (< 0: leave game i alone this call).

        Returns ``(rewards float32[N, max_players], dones bool[N])`` (fresh arrays): the
        rewards of this step, and which games ended (they have already been reset; ``obs``
        and ``masks`` describe the new games). Unless ``unchecked``, every action is
        checked first and nothing moves when one is refused.
        """
        actions = self._as_actions(actions)
        if not self.unchecked:
            self.check_actions(actions)
        if self.keep_final:
            # a byte copy: a structured copy goes field by field, ~70 us a Havoc record
            np.copyto(self._before.view(np.uint8), self.states.view(np.uint8))
        self._run(self.spec.batch_step, (self.states, self.cfgs, actions, self._rewards,
                                         self._dones, self.masks, self.obs),
                  (1, 0, 1, 1, 1, 1, 1))
        self._raise_faults("step")
        if self.keep_final and self._dones.any():
            self._rebuild_final(actions)
        return self._rewards.copy(), self._dones.copy()

    def _rebuild_final(self, actions) -> None:
        """``final_states[i]`` = the record game i ended in, for each game that ended."""
        apply = self.spec.single.apply
        fb, bb = self.final_states.view(np.uint8), self._before.view(np.uint8)
        size = self.spec.state_dtype.itemsize
        for i in np.flatnonzero(self._dones):
            fb[i * size:(i + 1) * size] = bb[i * size:(i + 1) * size]
            apply(self.final_states, int(i), int(actions[i]), self._scratch_mask)

    def observe_final(self, i: int, seat: int) -> np.ndarray:
        """float32[OBS_SIZE]: the final record of game ``i`` (``keep_final``; game ``i``
        ended in the last step) observed by ``seat``."""
        if not self.keep_final:
            raise RuntimeError("observe_final needs a VectorGame made with keep_final=True")
        if not is_integer(i) or not (
                0 <= i < self.num_envs):
            raise IndexError(f"observe_final: game {i!r} is not one of 0..{self.num_envs - 1}")
        n = int(self.final_states["num_players"][i])
        if n == 0:
            raise StateError(f"observe_final: game {i} has not ended yet, so it has no final "
                             "record")
        seat = SeatError.check(seat, n, "observe_final")
        out = np.empty(self.spec.obs_size, dtype=np.float32)
        self.spec.single.observe(self.final_states, int(i), seat, out)
        return out

    def _as_actions(self, actions) -> np.ndarray:
        a = np.asarray(actions)
        if a.dtype.kind not in "iu":
            raise ActionTypeError(actions if a.ndim == 0 else f"array of {a.dtype}", None, [],
                                  reason="not integer actions (bool, float and str are refused)")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {a.shape}")
        if a.dtype.kind == "u" and a.dtype.itemsize >= 8 and not self.unchecked:
            big = np.flatnonzero(a > np.iinfo(np.int64).max)
            if big.size:
                i = int(big[0])
                raise IllegalActionError(int(a[i]), int(self.states["to_play"][i]),
                                         self._labels(i), reason=f"out of range in env {i}")
        return np.ascontiguousarray(a, dtype=np.int64)

    def check_actions(self, actions) -> None:
        """Raise IllegalActionError for the first game whose action is out of range or not
        legal (negative actions skip a game and are always accepted)."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        num = self.spec.num_actions
        i = first_illegal(actions, self.masks)
        if i < 0:
            return
        a = int(actions[i])
        why = f"out of range 0..{num - 1}" if a >= num else "not legal now"
        raise IllegalActionError(a, int(self.states["to_play"][i]), self._labels(i),
                                 reason=f"{why} in env {i}")

    def _labels(self, i: int) -> list[str]:
        rec = self.states[i]
        return [f"{b}: {self.spec.action_label(rec, int(b))}" for b in np.flatnonzero(self.masks[i])]

    def _raise_faults(self, what: str) -> None:
        faults = self.states["fault"]
        if faults.any():
            bad = np.flatnonzero(faults)
            code = int(faults[bad[0]])
            raise StateError(
                f"{self.spec.name}: {what} stopped the kernel of envs {bad[:10].tolist()}: "
                f"{FAULT_MESSAGES.get(code, f'fault {code}')}; those games are left as they "
                "stopped (set them anew with set_states or reset)")

    def observe_seats(self, seats) -> np.ndarray:
        """float32[N, OBS_SIZE]: game i observed by seat ``seats[i]``."""
        seats = np.asarray(seats)
        if seats.dtype.kind not in "iu":
            raise SeatError(f"observe_seats: seats must be integers, got {seats.dtype}")
        if seats.shape != (self.num_envs,):
            raise ValueError(f"seats must have shape ({self.num_envs},), got {seats.shape}")
        if np.any((seats < 0) | (seats >= self.num_players)):
            raise SeatError(f"observe_seats: seats must be in 0..{self.num_players - 1}")
        seats = np.ascontiguousarray(seats, dtype=np.int64)
        out = np.empty((self.num_envs, self.spec.obs_size), dtype=np.float32)
        if self.spec.batch_observe_seats is not None:
            self._run(self.spec.batch_observe_seats, (self.states, seats, out), (1, 1, 1))
        else:
            observe = self.spec.single.observe
            for i in range(self.num_envs):
                observe(self.states, i, int(seats[i]), out[i])
        return out

    def playout(self, steps: int) -> int:
        """Each game makes ``steps`` random legal decisions; returns the decisions made.

        ``counts[:, 1]`` holds the games finished per env during the call. Raises
        RuntimeError if any game showed an empty legal mask before its end, StateError if a
        kernel faulted.
        """
        if self.spec.batch_playout is None:
            raise NotImplementedError(f"{self.spec.name} has no batch_playout kernel")
        if not is_integer(steps) or not (
                0 <= steps < 2**62):
            raise ValueError(f"playout: steps must be a whole number >= 0, got {steps!r}")
        self.counts[:] = 0
        self._run(self.spec.batch_playout,
                  (self.states, self.cfgs, self.act_rng, int(steps), self.counts),
                  (1, 0, 1, 0, 1))
        self._raise_faults("playout")
        self._fill()
        stuck = np.flatnonzero(self.counts[:, 2])
        if stuck.size:
            raise RuntimeError(
                f"{self.spec.name}: empty legal mask before the end of a game in envs "
                f"{stuck[:10].tolist()} during playout"
            )
        return int(self.counts[:, 0].sum())

    @property
    def games_finished(self) -> int:
        """Games finished during the last playout()."""
        return int(self.counts[:, 1].sum())
