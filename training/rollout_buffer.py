"""A PPO rollout buffer whose observations are laid out for the update and kept between rollouts.

SB3's rollout buffer stores observations step-major ([steps, envs, F]), makes them again
(zeroed, in fresh memory) at every rollout, and at every update copies them once more into
the env-major rows its minibatches index ([envs * steps, F], ``swap_and_flatten``). A 7th
Sea rollout (32 games x 128 steps x 35,313 features, float32) is 578 MB: the copy and the
first touch of the fresh memory cost 0.8 s a rollout on our 2-core test machine, more than
the gradient steps of the sparse first layers (benchmarks/RESULTS.md, "Self-play
throughput: the rollout's observations and the optimizer").

:class:`EnvMajorRolloutBuffer` keeps one observation array per buffer, env-major in memory,
for the buffer's life; ``observations`` is its step-major view, so SB3's ``add`` writes the
same rows and its ``swap_and_flatten`` becomes a view instead of a copy. Rows, values and
minibatches are those of SB3's buffer, element for element. The memory is reused: a
pipelined trainer's two buffers exchange their arrays (training/pipeline.py), they never
share one.
"""

from __future__ import annotations

import numpy as np
from sb3_contrib.common.maskable.buffers import MaskableRolloutBuffer


class EnvMajorRolloutBuffer(MaskableRolloutBuffer):
    """MaskableRolloutBuffer with its observations kept env-major (module docstring)."""

    #: float32[envs, steps, F]: the observations, written through the step-major view
    obs_store: np.ndarray | None = None
    #: the rollout's observations compressed, made on first use (training/sparse_input.py)
    #: and emptied with the rollout; it moves with the arrays it describes
    obs_rows: tuple | None = None

    def reset(self) -> None:
        # SB3 zeroes a fresh array here; calloc'd and never touched, it costs nothing, and
        # every row of the kept one is written by ``add`` before a full rollout is read
        super().reset()
        self.obs_rows = None
        shape = (self.n_envs, self.buffer_size, *self.obs_shape)
        store = self.obs_store
        if store is None or store.shape != shape or store.dtype != self.observations.dtype:
            store = self.obs_store = np.empty(shape, dtype=self.observations.dtype)
        self.observations = store.swapaxes(0, 1)


def install(model) -> EnvMajorRolloutBuffer:
    """Give ``model`` (a MaskablePPO with a flat Box observation) an
    :class:`EnvMajorRolloutBuffer` like the one it made; returns it. Call before anything
    patches the buffer instance."""
    old = model.rollout_buffer
    if not isinstance(old, MaskableRolloutBuffer):
        raise TypeError(f"expected a MaskableRolloutBuffer, got {type(old).__name__}")
    model.rollout_buffer = like(old, EnvMajorRolloutBuffer)
    return model.rollout_buffer


def like(buf: MaskableRolloutBuffer, cls: type | None = None) -> MaskableRolloutBuffer:
    """A new, empty buffer of ``buf``'s size and spaces, of class ``cls`` (``buf``'s own by
    default)."""
    return (cls or type(buf))(buf.buffer_size, buf.observation_space, buf.action_space,
                              device=buf.device, gae_lambda=buf.gae_lambda, gamma=buf.gamma,
                              n_envs=buf.n_envs)
