"""A PPO update steps only the first-layer rows its rollout or Adam's moments reach.

A 7th Sea observation has 35,313 features, but a self-play rollout sets about 1,950 of them
and four rollouts about 2,150 (6%: most are card features of hand, crew and attachment
slots that stay empty, and the seats of players the game does not have). The gradient of a
sparse first layer's weight (training/sparse_input.py) is zero in the row of every feature
no minibatch sets, and Adam without weight decay leaves a row whose gradient and moments
are all zero exactly as it is; yet every minibatch's backward pass, gradient clipping and
Adam step went over all 35,313 x 128 weights of the actor's and of the critic's first
layer.

:func:`narrowed` gives those layers, for the length of an update, only their live rows: the
features the update's inputs set and every row where a moment is not zero. The rows'
weights and moments are gathered into matrices of that many rows, the inputs' compressed
columns are renumbered to match (``sparse_input.renumbered``), and on leaving the rows are
written back. A row left out would have been left as it is by every step, so the update is
plain Adam's element for element; only gradient clipping's norm is summed in another order
(float rounding).

:class:`LiveRowsPPO` is MaskablePPO whose ``train`` runs narrowed; :func:`install` switches a
model to it in place (SB3 saves no class: a saved model loads as plain MaskablePPO).
"""

from __future__ import annotations

import contextlib
import weakref

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from training import sparse_input

#: narrowing pays for its gathers and write-backs while at most this share of rows is live
MAX_LIVE = 0.75


class LiveRowsPPO(MaskablePPO):
    """MaskablePPO whose updates step only the live rows of its sparse first layers."""

    def train(self) -> None:
        buffer = self.rollout_buffer
        # the minibatches' rows reach the first layers only when they read the observation
        # as SB3 hands it over (not a slice of it: agents/scored_policy.py)
        csr = (sparse_input.rollout_rows(buffer) if sparse_input.reads_rows_only(self.policy)
               else None)
        layers = sparse_input.first_layers(self.policy)
        with narrowed(layers, self.policy.optimizer, None if csr is None else csr[1]) as columns:
            if columns is None:
                return super().train()
            with sparse_input.renumbered(buffer, columns):
                return super().train()


def install(model):
    """Make a plain MaskablePPO ``model`` a :class:`LiveRowsPPO` in place; returns it."""
    if type(model) is MaskablePPO:
        model.__class__ = LiveRowsPPO
    return model


@contextlib.contextmanager
def narrowed(layers, optimizer, used_columns):
    """Within the block the weights of ``layers`` (sparse first layers of one input size,
    stepped by ``optimizer``) hold only their live rows: the features in ``used_columns``
    (the column of every non-zero input the block will give them) and the rows with a
    non-zero moment. Yields the new column of each feature (int32, -1 for a row left out),
    or None when the layers stay whole (no inputs known, another optimizer, weight decay,
    or too many rows live)."""
    live = None if used_columns is None else _live_rows(layers, optimizer, used_columns)
    if live is None:
        yield None
        return
    columns = np.full(layers[0].weight.shape[1], -1, dtype=np.int32)
    columns[live] = np.arange(live.size, dtype=np.int32)
    held = []
    try:
        for layer in layers:
            held.append(_Narrowed(layer, optimizer, live))
        yield columns
    finally:
        for h in held:
            h.widen()


def _live_rows(layers, optimizer, used_columns) -> np.ndarray | None:
    """The sorted live rows of ``layers`` (module docstring), or None (see :func:`narrowed`)."""
    if not layers or not isinstance(optimizer, torch.optim.Adam):
        return None
    group_of = {p: g for g in optimizer.param_groups for p in g["params"]}
    n = layers[0].weight.shape[1]
    for layer in layers:
        w = layer.weight
        if (w not in group_of or group_of[w]["weight_decay"] != 0 or not w.requires_grad
                or w.dim() != 2 or w.shape[1] != n or layer._broadside_narrowed):
            return None
    live = np.zeros(n, dtype=bool)
    live[np.asarray(used_columns)] = True
    for layer in layers:
        live |= _moment_rows(layer, optimizer.state.get(layer.weight, {}))
    rows = np.flatnonzero(live)
    return rows if rows.size <= MAX_LIVE * n else None


def _elementwise(weight, state) -> dict:
    """The entries of an optimizer's ``state`` for ``weight`` kept per element (Adam's
    moments)."""
    return {k: t for k, t in state.items() if torch.is_tensor(t) and t.shape == weight.shape}


def _moment_rows(layer, state) -> np.ndarray:
    """bool[F]: the rows of ``layer``'s weight where a moment may not be zero: those of its
    last narrowed update while its moments are the tensors that update wrote back,
    unchanged since; else read from the moments."""
    moments = list(_elementwise(layer.weight, state).values())
    seen = getattr(layer, "_broadside_moment_rows", None)
    if seen is not None and len(seen[0]) == len(moments) and all(
            ref() is t and version == t._version
            for (ref, version), t in zip(seen[0], moments)):
        return seen[1]
    rows = np.zeros(layer.weight.shape[1], dtype=bool)
    for t in moments:
        rows |= (t.t() != 0).any(1).numpy()
    return rows


def _rows(t: torch.Tensor, live: torch.Tensor) -> torch.Tensor:
    """Columns ``live`` of the [H, F] matrix ``t``, laid out as W.T (rows of features)."""
    return torch.index_select(t.t(), 0, live).t()


def _put_rows(t: torch.Tensor, live: torch.Tensor, part: torch.Tensor) -> None:
    t.t().index_copy_(0, live, part.t())


class _Narrowed:
    """One layer's weight and its optimizer state narrowed to ``live`` until :meth:`widen`.

    The narrow weight is a Parameter of its own, put in the layer's and the optimizer's
    place of the whole one (a Parameter whose data changed shape could meet a gradient
    accumulator autograd made for its old shape)."""

    def __init__(self, layer, optimizer, live: np.ndarray):
        self.layer, self.optimizer, self.live = layer, optimizer, torch.from_numpy(live)
        self.whole = whole = layer.weight
        whole.grad = None      # the last update's, of every row; zeroed before any use
        self.state = optimizer.state.pop(whole, {})
        self.part = part = torch.nn.Parameter(_rows(whole.detach(), self.live))
        per_element = _elementwise(whole, self.state)
        optimizer.state[part] = {k: _rows(t, self.live) if k in per_element else t
                                 for k, t in self.state.items()}
        self._swap(whole, part)
        layer._broadside_narrowed = True

    def _swap(self, old, new) -> None:
        for group in self.optimizer.param_groups:
            group["params"] = [new if p is old else p for p in group["params"]]
        self.layer.weight = new

    def widen(self) -> None:
        whole, part, live = self.whole, self.part, self.live
        self._swap(part, whole)
        with torch.no_grad():
            _put_rows(whole, live, part)
        state = self.state
        for k, t in self.optimizer.state.pop(part, {}).items():
            if torch.is_tensor(t) and t.shape == part.shape:
                if k not in state:              # made by Adam's first step in the update
                    state[k] = torch.zeros_like(whole)
                _put_rows(state[k], live, t)
            else:
                state[k] = t
        if state:
            self.optimizer.state[whole] = state
        rows = np.zeros(whole.shape[1], dtype=bool)
        rows[live.numpy()] = True
        self.layer._broadside_moment_rows = (
            [(weakref.ref(t), t._version) for t in _elementwise(whole, state).values()], rows)
        self.layer._broadside_narrowed = False
