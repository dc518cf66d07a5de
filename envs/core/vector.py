"""VectorGame: N games of one GameSpec stepped together by the game's parallel batch kernels.

The batched fast path for training, soak tests and benchmarks. The games are one structured
array (``states``); each call is one ``prange`` kernel over all of them. Finished games
reset themselves with a seed drawn from their own rng, so a batch is deterministic from its
reset seed and the actions, and any game can be replayed alone in ``ArrayAECEnv`` (seed it
with ``seeds[i]``, then ``mix64(rng)`` at each end).
"""

from __future__ import annotations

import numpy as np

from envs.core.errors import IllegalActionError
from envs.core.spec import GameSpec


class VectorGame:
    """``num_envs`` games of one game, stepped together.

    Attributes refreshed in place by every call (copy them to keep them):
    ``obs`` float32[N, OBS_SIZE] (observation of each game's seat to play),
    ``masks`` uint8[N, NUM_ACTIONS], ``to_play`` int8[N].
    """

    def __init__(self, spec: GameSpec, num_envs: int, seed: int | None = 0,
                 checked: bool = False, **config):
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, got {num_envs}")
        self.spec = spec
        self.num_envs = int(num_envs)
        self.checked = bool(checked)
        self.cfgs = spec.make_config(**config)
        self.num_players = int(self.cfgs["num_players"][0])
        n = self.num_envs
        self.states = np.zeros(n, dtype=spec.state_dtype)
        self.obs = np.zeros((n, spec.obs_size), dtype=np.float32)
        self.masks = np.zeros((n, spec.num_actions), dtype=np.uint8)
        self._rewards = np.zeros((n, spec.max_players), dtype=np.float32)
        self._dones = np.zeros(n, dtype=np.bool_)
        self.seeds = np.zeros(n, dtype=np.uint64)
        self.act_rng = np.zeros(n, dtype=np.uint64)
        self.counts = np.zeros((n, 3), dtype=np.int64)
        self.reset(seed)

    @property
    def to_play(self) -> np.ndarray:
        return self.states["to_play"]

    def reset(self, seed: int | None = None) -> None:
        """New games; game i gets ``seeds[i]``, all drawn from ``seed``."""
        rng = np.random.default_rng(seed)
        self.seeds[:] = rng.integers(0, 2**64, self.num_envs, dtype=np.uint64)
        # the random-play stream of playout() is separate from the games' own rng
        self.act_rng[:] = rng.integers(0, 2**64, self.num_envs, dtype=np.uint64)
        self.spec.batch_reset(self.states, self.cfgs, self.seeds)
        self.refresh()

    def refresh(self) -> None:
        """Recompute masks and observations from the states (after editing them)."""
        self.spec.batch_legal(self.states, self.masks)
        self.spec.batch_observe(self.states, self.obs)

    def step(self, actions):
        """Apply ``actions[i]`` in game i (< 0: leave game i alone this call).

        Returns ``(rewards float32[N, max_players], dones bool[N])`` (fresh arrays): the
        rewards of this step, and which games ended (they have already been reset; ``obs``
        and ``masks`` describe the new games).
        """
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), got {actions.shape}")
        if self.checked:
            self.check_actions(actions)
        self.spec.batch_step(self.states, self.cfgs, actions, self._rewards, self._dones,
                             self.masks, self.obs)
        return self._rewards.copy(), self._dones.copy()

    def check_actions(self, actions) -> None:
        """Raise IllegalActionError for the first game whose action is out of range or illegal."""
        actions = np.asarray(actions, dtype=np.int64)
        num = self.spec.num_actions
        live = actions >= 0
        ok = ~live
        idx = np.flatnonzero(live & (actions < num))
        ok[idx] = self.masks[idx, actions[idx]] != 0
        bad = np.flatnonzero(~ok)
        if bad.size == 0:
            return
        i = int(bad[0])
        rec = self.states[i]
        a = int(actions[i])
        legal = [f"{b}: {self.spec.action_label(rec, b)}" for b in np.flatnonzero(self.masks[i])]
        why = "out of range" if a >= num else "not legal now"
        raise IllegalActionError(a, int(self.states["to_play"][i]), legal,
                                 reason=f"{why} in env {i}")

    def observe_seats(self, seats) -> np.ndarray:
        """float32[N, OBS_SIZE]: game i observed by seat ``seats[i]``."""
        seats = np.ascontiguousarray(seats, dtype=np.int64)
        if seats.shape != (self.num_envs,):
            raise ValueError(f"seats must have shape ({self.num_envs},), got {seats.shape}")
        if np.any((seats < 0) | (seats >= self.num_players)):
            raise ValueError(f"seats must be in 0..{self.num_players - 1}")
        out = np.empty((self.num_envs, self.spec.obs_size), dtype=np.float32)
        if self.spec.batch_observe_seats is not None:
            self.spec.batch_observe_seats(self.states, seats, out)
        else:
            from envs.core.aec import SingleKernels

            observe = SingleKernels(self.spec).observe
            for i in range(self.num_envs):
                observe(self.states, i, int(seats[i]), out[i])
        return out

    def playout(self, steps: int) -> int:
        """Each game makes ``steps`` random legal decisions; returns the decisions made.

        ``counts[:, 1]`` holds the games finished per env during the call. Raises
        RuntimeError if any game showed an empty legal mask before its end.
        """
        if self.spec.batch_playout is None:
            raise NotImplementedError(f"{self.spec.name} has no batch_playout kernel")
        self.counts[:] = 0
        self.spec.batch_playout(self.states, self.cfgs, self.act_rng, int(steps), self.counts)
        self.refresh()
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
