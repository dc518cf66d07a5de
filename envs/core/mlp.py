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

A game may also score some actions from observation blocks of their own
(``GameSpec.action_slots``, envs/core/action_slots.py). A policy that scores them
(agents/scored_policy.py) adds, after the plain layers, per kind of action a header row
``(n, width, weight offset, bias offset, ACT_SCORE)`` and ``n`` slot rows ``(action,
observation offset, 0, 0, ACT_SLOT)``: from the last hidden layer ``h`` the kind makes
``width`` weights ``u = h @ W + b`` (W stored [hidden, width]) and adds ``u . x[offset:offset
+ width]`` to the logit of each of its actions. The first plain layer reads the observation's
leading ``in`` features (the trunk); the slots may point inside it or past it (a block
written for the scored actions only). This is DouZero's scoring of a state-action pair, made
bilinear so that one action costs ``width`` multiplications.

``agents.policy.export_actor`` flattens an SB3 MLP policy into this form (the core knows
no agent or torch code); a policy of another shape (a custom feature extractor) cannot be
exported, and its callers fall back to torch.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ACT_NONE, ACT_TANH, ACT_RELU = 0, 1, 2
#: the activation column of a scored kind's header row and of its slot rows (module
#: docstring), never a layer's
ACT_SCORE, ACT_SLOT = 3, 4


@njit(cache=True)
def _layers(layout):
    """Plain layers of ``layout``: the rows before the first scored kind's header."""
    for r in range(layout.shape[0]):
        if layout[r, 4] == ACT_SCORE:
            return r
    return layout.shape[0]


@njit(cache=True)
def width(layout):
    """Scratch floats ``forward`` needs per buffer: the widest layer output or scored block."""
    nl = _layers(layout)
    w = 1
    for li in range(nl):
        w = max(w, layout[li, 1])
    r = nl
    while r < layout.shape[0]:
        w = max(w, layout[r, 1])
        r += 1 + layout[r, 0]
    return w


@njit(cache=True)
def input_size(layout):
    """The observation size the network reads: the trunk and every scored block."""
    nl = _layers(layout)
    size = layout[0, 0]
    r = nl
    while r < layout.shape[0]:
        n, w = layout[r, 0], layout[r, 1]
        for k in range(r + 1, r + 1 + n):
            size = max(size, layout[k, 1] + w)
        r += 1 + n
    return size


@njit(cache=True)
def num_outputs(layout):
    """The number of logits (the game's actions)."""
    return layout[_layers(layout) - 1, 1]


def slot_kinds(layout) -> list[tuple[int, np.ndarray, np.ndarray, int, int]]:
    """(width, actions, observation offsets, weight offset, bias offset) of each scored kind."""
    layout = np.asarray(layout)
    out = []
    r = int(_layers(np.ascontiguousarray(layout, dtype=np.int64)))
    while r < layout.shape[0]:
        n, w, wo, bo, _ = (int(v) for v in layout[r])
        rows = layout[r + 1:r + 1 + n]
        out.append((w, rows[:, 0].copy(), rows[:, 1].copy(), wo, bo))
        r += 1 + n
    return out


def weight_blocks(layout) -> list[tuple[int, int, int, int]]:
    """(in, out, weight offset, bias offset) of every weight matrix, the scored kinds' last."""
    layout = np.ascontiguousarray(layout, dtype=np.int64)
    if layout.ndim != 2 or layout.shape[1] != 5 or layout.shape[0] < 1:
        raise ValueError(f"layout must be int64[L, 5], got {list(layout.shape)}")
    nl = int(_layers(layout))
    out = [(int(row[0]), int(row[1]), int(row[2]), int(row[3])) for row in layout[:nl]]
    kinds = _checked_kinds(layout, nl)
    for w, _, _, wo, bo in kinds:
        out.append((int(layout[nl - 1, 0]), w, wo, bo))
    return out


def _checked_kinds(layout, nl):
    """:func:`slot_kinds`, refused (ValueError) unless each header is followed by its slot
    rows and a hidden layer comes before them."""
    r = nl
    while r < layout.shape[0]:
        n, w = int(layout[r, 0]), int(layout[r, 1])
        rows = layout[r + 1:r + 1 + n]
        if layout[r, 4] != ACT_SCORE or n < 1 or w < 1 or rows.shape[0] != n or \
                (rows[:, 4] != ACT_SLOT).any():
            raise ValueError("layout: a scored kind's header is not followed by its slot rows")
        r += 1 + n
    if r > nl and (nl < 2 or layout[nl - 1, 0] < 1):
        raise ValueError("layout: a scored kind needs a hidden layer before it")
    return slot_kinds(layout)


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
    last plain layer and the scored kinds' rows are linear in their weights, so scaling them
    scales the logits exactly (``factor`` = 1 / T softens a softmax policy to temperature T)."""
    if not np.isfinite(factor) or factor <= 0:
        raise ValueError(f"logit factor {factor!r}: a positive number")
    out = np.array(params, dtype=np.float32, copy=True)
    blocks = weight_blocks(layout)
    nl = int(_layers(np.ascontiguousarray(layout, dtype=np.int64)))
    for n_in, n_out, wo, bo in blocks[nl - 1:]:
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
    """Add each scored action's ``u . block`` to its logit (each with ``mask`` set; every
    one for an empty ``mask``); ``h`` is the last hidden layer. A kind none of whose actions
    is asked for is skipped whole (a decision offers one or two kinds)."""
    hidden = layout[nl - 1, 0]
    every = mask.shape[0] == 0
    r = nl
    while r < layout.shape[0]:
        n, nf, wo, bo = layout[r, 0], layout[r, 1], layout[r, 2], layout[r, 3]
        slots = layout[r + 1:r + 1 + n]
        r += 1 + n
        asked = every
        for k in range(n):
            if asked:
                break
            asked = mask[slots[k, 0]] != 0
        if not asked:
            continue
        u[:nf] = params[bo:bo + nf]
        for i in range(hidden):
            v = h[i]
            if v != 0.0:
                w = params[wo + i * nf:wo + (i + 1) * nf]
                for f in range(nf):
                    u[f] += v * w[f]
        for k in range(n):
            a = slots[k, 0]
            if not every and not mask[a]:
                continue
            feat = x[slots[k, 1]:slots[k, 1] + nf]
            acc = np.float32(0.0)
            for f in range(nf):
                acc += u[f] * feat[f]
            out[a] += acc


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
    if nl < layout.shape[0]:                 # before anything reads a slot row
        try:
            kinds = _checked_kinds(layout, nl)
        except ValueError as e:
            raise ValueError(f"{what}: {e}") from None
        hidden = int(layout[nl - 1, 0])
        for w, actions, offsets, wo, bo in kinds:
            if (actions < 0).any() or (actions >= num_actions).any() or (offsets < 0).any() \
                    or wo < 0 or bo != wo + hidden * w or bo + w > params.shape[-1]:
                raise ValueError(f"{what}: a scored kind does not fit the parameter row or "
                                 f"the actions")
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
