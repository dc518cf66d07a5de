"""The shipped models' weights in 8 bits: one byte a weight, a scale per input row.

A network's actor (``envs.core.mlp`` form: ``params`` float32[P] and ``layout`` rows ``(in,
out, weight offset, bias offset, activation)``, weights stored [in, out]) is written as
``weights`` int8 (every layer's weights, in layout order), ``scales`` float32 (one per input
row of every layer: that row's largest magnitude / 127, so each weight is within half a
scale step of its value) and ``biases`` float16. The first layer holds nearly every weight
(35,313 inputs x 128 in 7th Sea CCG), so the file is about half a float16 one: 4.45 MB for a
7th Sea actor instead of 8.5 MB. A row's own scale keeps a rarely-seen feature's small weights
as precise as a frequent one's large weights. The strength a shipped model records is
measured with these rounded weights (``agents.pretrained``).
"""

from __future__ import annotations

import numpy as np


def _layers(layout):
    from envs.core.mlp import weight_blocks

    return weight_blocks(layout)


def pack(params: np.ndarray, layout: np.ndarray) -> dict[str, np.ndarray]:
    """The arrays an 8-bit file stores for ``params`` laid out by ``layout``."""
    params = np.asarray(params, dtype=np.float32)
    weights, scales, biases = [], [], []
    for n_in, n_out, wo, bo in _layers(layout):
        w = params[wo:wo + n_in * n_out].reshape(n_in, n_out)
        top = np.abs(w).max(axis=1)
        scale = np.where(top > 0, top / 127.0, 1.0).astype(np.float32)
        weights.append(np.rint(w / scale[:, None]).astype(np.int8).ravel())
        scales.append(scale)
        biases.append(params[bo:bo + n_out].astype(np.float16))
    return {"weights": np.concatenate(weights), "scales": np.concatenate(scales),
            "biases": np.concatenate(biases), "layout": np.asarray(layout, dtype=np.int64)}


def unpack(weights: np.ndarray, scales: np.ndarray, biases: np.ndarray,
           layout: np.ndarray) -> np.ndarray:
    """The float32 parameter row ``envs.core.mlp`` evaluates; ``ValueError`` when the arrays
    do not hold what ``layout`` describes."""
    layers = list(_layers(layout))
    if not layers or min(min(row) for row in layers) < 0:
        raise ValueError("8-bit weights: the layout has no layer or a negative entry")
    sizes = (sum(i * o for i, o, _, _ in layers), sum(i for i, _, _, _ in layers),
             sum(o for _, o, _, _ in layers))
    if (weights.size, scales.size, biases.size) != sizes:
        raise ValueError(f"8-bit weights of {weights.size}/{scales.size}/{biases.size} values "
                         f"(weights/scales/biases); the layout needs {sizes[0]}/{sizes[1]}/"
                         f"{sizes[2]}")
    total = max(max(wo + i * o, bo + o) for i, o, wo, bo in layers)
    if total != sizes[0] + sizes[2]:
        raise ValueError(f"8-bit weights: the layout spans {total} parameters, not the "
                         f"{sizes[0] + sizes[2]} stored")
    params = np.zeros(total, dtype=np.float32)
    w_at = r_at = b_at = 0
    for n_in, n_out, wo, bo in layers:
        q = weights[w_at:w_at + n_in * n_out].reshape(n_in, n_out).astype(np.float32)
        params[wo:wo + n_in * n_out] = (q * scales[r_at:r_at + n_in, None]).ravel()
        params[bo:bo + n_out] = biases[b_at:b_at + n_out]
        w_at, r_at, b_at = w_at + n_in * n_out, r_at + n_in, b_at + n_out
    return params
