"""A policy network's actor as numpy arrays, evaluated by numba kernels.

Self-play opponents (envs/core/opponents.py) and the search's PUCT prior
(envs/core/search.py) run a trained MaskablePPO actor inside numba, one observation at a
time, with no torch call: at self-play's batch sizes (one or two games a reply round) the
torch call costs far more than the arithmetic.

The actor is flattened into one float32 parameter row and a layout: ``layout[l] = (in, out,
weight offset, bias offset, activation)`` per Linear layer, weights stored [in, out] (a
feature's weights side by side, so a zero feature is skipped by reading nothing), the
activation applied after the layer (``ACT_NONE``/``ACT_TANH``/``ACT_RELU``; the last layer,
the action logits, has none). Several policies of one architecture share one layout and
stack their rows (``params[k]``).

``agents.policy.export_actor`` flattens an SB3 MLP policy into this form (the core knows
no agent or torch code); a policy of another shape (a custom feature extractor) cannot be
exported, and its callers fall back to torch.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ACT_NONE, ACT_TANH, ACT_RELU = 0, 1, 2


def width(layout) -> int:
    """The widest layer output (the scratch size ``forward`` needs per buffer)."""
    return int(layout[:, 1].max())


@njit(cache=True, nogil=True)
def forward(params, layout, x, scratch, out):
    """``out`` = the actor's logits for observation ``x`` (float32[in]); ``scratch``
    float32[2, width] holds the hidden layers. Zero inputs are skipped (observations are
    mostly one-hot zeros), which is exact."""
    nl = layout.shape[0]
    src = 0
    for li in range(nl):
        n_in = layout[li, 0]
        n_out = layout[li, 1]
        wo = layout[li, 2]
        bo = layout[li, 3]
        act = layout[li, 4]
        dst = 1 - src
        last = li == nl - 1
        # slices, not ``params[base + j]``: an index known non-negative needs no wraparound
        # test, so LLVM vectorises the inner loops (3x faster; each sum in the same order)
        acc = out[:n_out] if last else scratch[dst, :n_out]
        bias = params[bo:bo + n_out]
        for j in range(n_out):
            acc[j] = bias[j]
        for i in range(n_in):
            v = x[i] if li == 0 else scratch[src, i]
            if v == 0.0:
                continue
            w = params[wo + i * n_out:wo + (i + 1) * n_out]
            for j in range(n_out):
                acc[j] += v * w[j]
        if not last:
            if act == ACT_TANH:
                for j in range(n_out):
                    acc[j] = np.tanh(acc[j])
            elif act == ACT_RELU:
                for j in range(n_out):
                    acc[j] = max(acc[j], np.float32(0.0))
            src = dst


def check_layout(params: np.ndarray, layout: np.ndarray, obs_size: int, num_actions: int,
                 what: str = "policy") -> None:
    """Refuse a parameter row whose layout does not fit the game or the row (the kernels
    index ``params`` by the layout without bounds checks)."""
    layout = np.asarray(layout)
    if layout.ndim != 2 or layout.shape[1] != 5 or layout.shape[0] < 1:
        raise ValueError(f"{what}: layout must be int64[L, 5], got {layout.shape}")
    if layout[0, 0] != obs_size or layout[-1, 1] != num_actions:
        raise ValueError(f"{what}: the network maps {layout[0, 0]} inputs to "
                         f"{layout[-1, 1]} outputs; the game has {obs_size} observation "
                         f"features and {num_actions} actions")
    for li, (n_in, n_out, wo, bo, act) in enumerate(layout):
        if li and n_in != layout[li - 1, 1]:
            raise ValueError(f"{what}: layer {li} takes {n_in} inputs after {layout[li-1, 1]}")
        if wo < 0 or bo != wo + n_in * n_out or bo + n_out > params.shape[-1] or act not in (
                ACT_NONE, ACT_TANH, ACT_RELU):
            raise ValueError(f"{what}: layer {li} does not fit the parameter row")
