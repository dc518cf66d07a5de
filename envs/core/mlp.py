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

A game may also describe some actions by features of their own (``GameSpec.action_features``:
a block of ``n`` actions from action ``first``, ``F`` features each, at the end of the
observation). A policy that scores them (agents/scored_policy.py) adds a trailing layout
row ``(first, n, weight offset, bias offset, ACT_SCORE)``: from the last hidden layer ``h`` it
makes ``F`` weights ``u = h @ W + b`` (W stored [hidden, F]) and adds ``u . feature[a]`` to
the logit of each action of the block. The plain layers then read only the observation
before the block (the first layer's ``in`` is its offset). This is DouZero's scoring of a
state-action pair, made bilinear so that one action costs ``F`` multiplications.

``agents.policy.export_actor`` flattens an SB3 MLP policy into this form (the core knows
no agent or torch code); a policy of another shape (a custom feature extractor) cannot be
exported, and its callers fall back to torch.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ACT_NONE, ACT_TANH, ACT_RELU = 0, 1, 2
#: the activation column of the action-scoring row (module docstring), never a layer's
ACT_SCORE = 3


@njit(cache=True)
def _layers(layout):
    """Plain layers of ``layout``: every row but a trailing action-scoring one."""
    n = layout.shape[0]
    return n - 1 if n > 1 and layout[n - 1, 4] == ACT_SCORE else n


@njit(cache=True)
def scored(layout):
    """(first action, actions, features) of the layout's action-scoring row; (0, 0, 0) without."""
    nl = _layers(layout)
    if nl == layout.shape[0]:
        return 0, 0, 0
    r = layout[nl]
    return r[0], r[1], (r[3] - r[2]) // layout[nl - 1, 0]


@njit(cache=True)
def width(layout):
    """Scratch floats ``forward`` needs per buffer: the widest layer output or feature row."""
    w = 1
    for li in range(_layers(layout)):
        w = max(w, layout[li, 1])
    return max(w, scored(layout)[2])


@njit(cache=True)
def input_size(layout):
    """The observation size the network reads: the plain layers' input and the feature block."""
    first, n, nf = scored(layout)
    return layout[0, 0] + n * nf


@njit(cache=True)
def num_outputs(layout):
    """The number of logits (the game's actions)."""
    return layout[_layers(layout) - 1, 1]


def weight_blocks(layout) -> list[tuple[int, int, int, int]]:
    """(in, out, weight offset, bias offset) of every weight matrix, the scoring one last."""
    layout = np.ascontiguousarray(layout, dtype=np.int64)
    if layout.ndim != 2 or layout.shape[1] != 5 or layout.shape[0] < 1:
        raise ValueError(f"layout must be int64[L, 5], got {list(layout.shape)}")
    nl = int(_layers(layout))
    out = [(int(row[0]), int(row[1]), int(row[2]), int(row[3])) for row in layout[:nl]]
    if nl < layout.shape[0]:
        if nl < 2 or layout[nl - 1, 0] < 1:
            raise ValueError("layout: an action-scoring row needs a hidden layer before it")
        _, _, nf = scored(layout)
        r = layout[nl]
        out.append((int(layout[nl - 1, 0]), int(nf), int(r[2]), int(r[3])))
    return out


def checked_temperature(t) -> float:
    """A prior's temperature checked (ValueError otherwise): a positive finite number; the
    search reads the network's logits divided by it (1: as trained). The one rule for a
    game's ``GameSpec.prior_temperature``, the agent, a shipped model's metadata and the
    expert's teacher."""
    if isinstance(t, bool) or not isinstance(t, (int, float, np.integer, np.floating)) or \
            not 0.0 < float(t) < np.inf:
        raise ValueError(f"prior temperature {t!r}: a positive number (1: the network's "
                         "own logits)")
    return float(t)


def scale_logits(params: np.ndarray, layout, factor: float) -> np.ndarray:
    """A copy of ``params`` whose every action logit is ``factor`` times the network's: the
    last plain layer and the action-scoring row are linear in their weights, so scaling them
    scales the logits exactly (``factor`` = 1 / T softens a softmax policy to temperature T)."""
    if not np.isfinite(factor) or factor <= 0:
        raise ValueError(f"logit factor {factor!r}: a positive number")
    out = np.array(params, dtype=np.float32, copy=True)
    blocks = weight_blocks(layout)
    last = 2 if scored(np.ascontiguousarray(layout, dtype=np.int64))[1] > 0 else 1
    for n_in, n_out, wo, bo in blocks[-last:]:
        out[wo:wo + n_in * n_out] *= factor
        out[bo:bo + n_out] *= factor
    return out


#: "every action" for :func:`forward_legal` (a constant, never written)
_EVERY = np.zeros(0, dtype=np.uint8)


@njit(cache=True, nogil=True)
def forward(params, layout, x, scratch, out):
    """``out`` = the actor's logits for observation ``x`` (float32[input_size]); ``scratch``
    float32[2, width] holds the hidden layers. Zero inputs are skipped (observations are
    mostly one-hot zeros), which is exact."""
    forward_legal(params, layout, x, scratch, out, _EVERY)


@njit(cache=True, nogil=True)
def forward_legal(params, layout, x, scratch, out, mask):
    """``out[a]`` = the actor's logit of each action ``a`` with ``mask[a]`` set (every action
    for an empty ``mask``); every other entry is then its logit too or left as it was. The
    last layer is the widest (584 actions in Cursed Seas): the search's prior and self-play's
    opponents pay only for the columns of the actions they may take. Each logit is summed in
    :func:`forward`'s order, so it is the same float32 value."""
    nl = _layers(layout)
    src = -1
    for li in range(nl - 1):
        dst = 1 if src == 0 else 0
        acc = scratch[dst, :layout[li, 1]]
        _dense(params, layout, li, x, scratch, src, acc)
        act = layout[li, 4]
        if act == ACT_TANH:
            for j in range(acc.shape[0]):
                acc[j] = np.tanh(acc[j])
        elif act == ACT_RELU:
            for j in range(acc.shape[0]):
                acc[j] = max(acc[j], np.float32(0.0))
        src = dst
    li = nl - 1
    n_out = layout[li, 1]
    k = n_out
    if mask.shape[0]:
        k = 0
        for j in range(n_out):
            k += mask[j] != 0
    # a column is strided: past a quarter of them the whole layer, vectorised, is cheaper
    # (and then every logit is made whole)
    if 4 * k >= n_out:
        _dense(params, layout, li, x, scratch, src, out[:n_out])
        mask = _EVERY
    else:
        _columns(params, layout, li, x, scratch, src, out, mask)
    if nl < layout.shape[0]:
        _score(params, layout, nl, x, scratch[src], scratch[1 - src], out, mask)


#: observation features tested for zero at once by :func:`_dense` (16: LLVM vectorises the
#: test; at 64 it no longer does)
_CHUNK = 16


@njit(cache=True, nogil=True)
def _dense(params, layout, li, x, scratch, src, acc):
    """``acc`` = layer ``li`` before its activation; its input is ``x`` (``src`` < 0) or the
    hidden layer ``scratch[src]``."""
    n_in = layout[li, 0]
    n_out = layout[li, 1]
    wo = layout[li, 2]
    bo = layout[li, 3]
    # slices, not ``params[base + j]``: an index known non-negative needs no wraparound
    # test, so LLVM vectorises the inner loops (3x faster; each sum in the same order)
    bias = params[bo:bo + n_out]
    for j in range(n_out):
        acc[j] = bias[j]
    if src >= 0:
        _add_rows(params, wo, n_out, scratch[src, :n_in], 0, n_in, acc)
        return
    # an observation is thousands of features, a few hundred of them set: a block of
    # _CHUNK all-zero words (one vectorised OR) is skipped whole, which a test of each
    # feature cannot be (7th Sea's 35,313 features: 15 -> 7 us a forward pass)
    bits = x[:n_in].view(np.uint32)
    full = n_in - n_in % _CHUNK
    for base in range(0, full, _CHUNK):
        o = np.uint32(0)
        for k in range(_CHUNK):
            o |= bits[base + k]
        if o != 0:
            _add_rows(params, wo, n_out, x, base, base + _CHUNK, acc)
    _add_rows(params, wo, n_out, x, full, n_in, acc)


@njit(cache=True, nogil=True, inline="always")
def _add_rows(params, wo, n_out, v, lo, hi, acc):
    """``acc += v[i] * W[i]`` for each input ``i`` in [lo, hi) in order, a zero ``v[i]``
    skipped (exact: it adds nothing)."""
    for i in range(lo, hi):
        vi = v[i]
        if vi == 0.0:
            continue
        w = params[wo + i * n_out:wo + (i + 1) * n_out]
        for j in range(n_out):
            acc[j] += vi * w[j]


@njit(cache=True, nogil=True)
def _columns(params, layout, li, x, scratch, src, out, mask):
    """``out[j]`` = output ``j`` of layer ``li`` for each ``j`` with ``mask[j]`` set, summed in
    :func:`_dense`'s order."""
    n_in = layout[li, 0]
    n_out = layout[li, 1]
    wo = layout[li, 2]
    bo = layout[li, 3]
    for j in range(n_out):
        if mask[j]:
            t = params[bo + j]
            for i in range(n_in):
                v = x[i] if src < 0 else scratch[src, i]
                if v != 0.0:
                    t += v * params[wo + i * n_out + j]
            out[j] = t


@njit(cache=True, nogil=True)
def _score(params, layout, nl, x, h, u, out, mask):
    """Add each scored action's ``u . feature`` to its logit (each with ``mask`` set; every
    one for an empty ``mask``); ``h`` is the last hidden layer."""
    first, n, wo, bo = layout[nl, 0], layout[nl, 1], layout[nl, 2], layout[nl, 3]
    hidden = layout[nl - 1, 0]
    nf = (bo - wo) // hidden
    u[:nf] = params[bo:bo + nf]
    for i in range(hidden):
        v = h[i]
        if v != 0.0:
            w = params[wo + i * nf:wo + (i + 1) * nf]
            for f in range(nf):
                u[f] += v * w[f]
    every = mask.shape[0] == 0
    base = layout[0, 0]
    for a in range(n):
        if not every and not mask[first + a]:
            continue
        feat = x[base + a * nf:base + (a + 1) * nf]
        acc = np.float32(0.0)
        for f in range(nf):
            acc += u[f] * feat[f]
        out[first + a] += acc


def check_layout(params: np.ndarray, layout: np.ndarray, obs_size: int, num_actions: int,
                 what: str = "policy") -> None:
    """Refuse a parameter row whose layout does not fit the game or the row (the kernels
    index ``params`` by the layout without bounds checks)."""
    layout = np.asarray(layout)
    if layout.ndim != 2 or layout.shape[1] != 5 or layout.shape[0] < 1 or \
            layout.dtype != np.int64:
        raise ValueError(f"{what}: layout must be int64[L, 5], got {layout.dtype}"
                         f"{list(layout.shape)}")
    nl = int(_layers(layout))
    if nl < layout.shape[0]:                 # before anything divides by its hidden width
        first, n, wo, bo, _ = layout[nl]
        hidden = layout[nl - 1, 0]
        if nl < 2 or hidden < 1 or first < 0 or n < 1 or first + n > num_actions or wo < 0 or \
                bo <= wo or (bo - wo) % hidden or bo + (bo - wo) // hidden > params.shape[-1]:
            raise ValueError(f"{what}: the action-scoring row does not fit the parameter row "
                             f"or the actions")
    if input_size(layout) != obs_size or num_outputs(layout) != num_actions:
        raise ValueError(f"{what}: the network maps {input_size(layout)} inputs to "
                         f"{num_outputs(layout)} outputs; the game has {obs_size} observation "
                         f"features and {num_actions} actions")
    for li, (n_in, n_out, wo, bo, act) in enumerate(layout[:nl]):
        if li and n_in != layout[li - 1, 1]:
            raise ValueError(f"{what}: layer {li} takes {n_in} inputs after {layout[li-1, 1]}")
        if wo < 0 or bo != wo + n_in * n_out or bo + n_out > params.shape[-1] or act not in (
                ACT_NONE, ACT_TANH, ACT_RELU):
            raise ValueError(f"{what}: layer {li} does not fit the parameter row")
