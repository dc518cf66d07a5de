"""The scored policy's head reads its blocks from the observation's compressed rows.

The scored head (agents/scored_policy.py) adds ``u_t . block(a)`` to each scored action's
logit. Dense, it gathers every block of every kind from the observation each minibatch: for
Five Sails 12,400 floats a row (its crew blocks read by eight kinds), of which a small share
is not zero (empty hand and crew slots); and a dense head keeps the
minibatches from being compressed rows only, and the update from stepping only the live
rows of the first layers (training/live_rows.py). Cursed Seas' segment block: 1,024 x
4,992 floats a minibatch, about 530 a row not zero (benchmarks/RESULTS.md, "Self-play
throughput: live rows, the masked softmax and the scored head").

:func:`enable` switches, in place, a scored policy's extractor to
:class:`RowsSplitMlpExtractor` and its head to :class:`RowsScoredHead`: the extractor hands
the head the observation on the latent instead of a copy of the columns it reads (and, where
the trunk is a slice of the observation, splits the batch's compressed rows at the trunk for
its sparse first layers); the head scores every kind from the rows' non-zero entries (numba
kernels, forward and backward) through a map from each observation column to the (scored
action, weight) pairs that read it, or from the dense observation for a batch without
compressed rows. The same sums in another order; the parameters, the state dict and the
saved model are unchanged. A policy whose trunk is the whole observation then reads it only
through rows (training/sparse_input.py ``reads_rows_only``).
"""

from __future__ import annotations

import numpy as np
import torch
from numba import njit

from agents.scored_policy import ScoredHead, SplitMlpExtractor
from envs.core.action_slots import ActionSlots


@njit(cache=True, nogil=True)
def _leading(indptr, cols, vals, at, out_indptr, out_cols, out_vals):
    """Each row's entries below column ``at``, in their order; returns their count."""
    n = 0
    for r in range(indptr.shape[0] - 1):
        out_indptr[r] = n
        for k in range(indptr[r], indptr[r + 1]):
            if cols[k] < at:
                out_cols[n] = cols[k]
                out_vals[n] = vals[k]
                n += 1
    out_indptr[indptr.shape[0] - 1] = n
    return n


def leading_rows(csr, at: int):
    """The rows of the entries in columns < ``at`` of a compressed batch (indptr, cols,
    vals): what a trunk of the observation's leading ``at`` columns reads."""
    indptr, cols, vals = csr
    out = (np.empty_like(indptr), np.empty_like(cols), np.empty_like(vals))
    n = _leading(indptr, cols, vals, at, *out)
    return out[0], out[1][:n], out[2][:n]


def observed_rows(x: torch.Tensor):
    """The compressed rows ``x`` carries in the observation's own column numbers
    (training/sparse_input.py ``carry_rows``), or None: none carried, or ``x`` changed since."""
    version, csr = getattr(x, "_broadside_observed_rows", (-1, None))
    if csr is None or version != x._version or x.requires_grad:
        return None
    return csr


def column_map(slots: ActionSlots, obs_size: int) -> tuple[np.ndarray, np.ndarray]:
    """(starts int64[obs_size + 1], pairs int64[E, 2]): the pairs ``starts[c]:starts[c + 1]``
    are (scored action in the kinds' order, weight in the kinds' ``u`` side by side) of every
    block feature at observation column ``c``."""
    cols, pairs = [], []
    slot = weight = 0
    for k in slots.kinds:
        for i, o in enumerate(k.offsets):
            for f in range(k.width):
                cols.append(o + f)
                pairs.append((slot + i, weight + f))
        slot += len(k.offsets)
        weight += k.width
    order = np.argsort(np.asarray(cols), kind="stable")
    starts = np.zeros(obs_size + 1, dtype=np.int64)
    np.add.at(starts, np.asarray(cols) + 1, 1)
    return np.cumsum(starts), np.asarray(pairs, dtype=np.int64)[order]


@njit(cache=True, nogil=True)
def _scores(indptr, cols, vals, starts, pairs, u, out):
    """out[r, s] = sum over row r's entries (c, v) and the pairs (s, j) of column c of
    v * u[r, j]."""
    out[:] = 0.0
    for r in range(out.shape[0]):
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            v = vals[k]
            for e in range(starts[c], starts[c + 1]):
                out[r, pairs[e, 0]] += v * u[r, pairs[e, 1]]


@njit(cache=True, nogil=True)
def _scores_grad(indptr, cols, vals, starts, pairs, g, gu):
    """gu[r, j] = sum over row r's entries (c, v) and the pairs (s, j) of column c of
    v * g[r, s]."""
    gu[:] = 0.0
    for r in range(g.shape[0]):
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            v = vals[k]
            for e in range(starts[c], starts[c + 1]):
                gu[r, pairs[e, 1]] += v * g[r, pairs[e, 0]]


class _SlotScores(torch.autograd.Function):
    @staticmethod
    def forward(ctx, u, indptr, cols, vals, starts, pairs, count):
        un = np.ascontiguousarray(u.detach().numpy(), dtype=np.float32)
        out = np.empty((un.shape[0], count), dtype=np.float32)
        _scores(indptr, cols, vals, starts, pairs, un, out)
        ctx.rows = (indptr, cols, vals, starts, pairs, un.shape[1])
        return torch.from_numpy(out)

    @staticmethod
    def backward(ctx, grad):
        indptr, cols, vals, starts, pairs, nu = ctx.rows
        g = np.ascontiguousarray(grad.detach().numpy(), dtype=np.float32)
        gu = np.empty((g.shape[0], nu), dtype=np.float32)
        _scores_grad(indptr, cols, vals, starts, pairs, g, gu)
        return torch.from_numpy(gu), None, None, None, None, None, None


class RowsSplitMlpExtractor(SplitMlpExtractor):
    """``SplitMlpExtractor`` whose actor latent carries the observation to
    :class:`RowsScoredHead` instead of a copy of the columns it reads."""

    def forward(self, features):
        plain = self._split(features)
        return self._carry(plain, features), self.value_net(plain)

    def forward_actor(self, features):
        return self._carry(self._split(features), features)

    def forward_critic(self, features):
        return self.value_net(self._split(features))

    def _split(self, features):
        """The trunk: the observation itself, or its leading columns carrying their part of
        its compressed rows when it carries its own."""
        plain = self._plain(features)
        version, csr = getattr(features, "_broadside_rows", (-1, None))
        if plain is not features and csr is not None and version == features._version and \
                not features.requires_grad:
            plain._broadside_rows = (plain._version, leading_rows(csr, self.plain))
        return plain

    def _carry(self, plain, features):
        h = self.policy_net(plain)
        h._broadside_observation = features
        return h


class RowsScoredHead(ScoredHead):
    """``ScoredHead`` reading the blocks from the observation its latent carries."""

    def forward(self, h):
        features = getattr(h, "_broadside_observation", None)
        if features is None:
            raise RuntimeError("the scored head (training/scored_rows.py) was given a latent "
                               "that does not carry its observation")
        u = self.weights(h)
        rows = observed_rows(features)
        if rows is None:
            if getattr(features, "_broadside_rows_only", False):
                raise RuntimeError("a minibatch that carries compressed rows only (sparse_input"
                                   ".compress_rollouts) lost them before the scored head")
            read = features.index_select(1, self.read)
            return self.logits(h, torch.cat([
                self.kind_scores(t, ut, read)
                for t, ut in enumerate(u.split(self.widths, dim=1))], dim=1))
        if not hasattr(self, "_column_map"):
            self._column_map = column_map(self.slots, features.shape[1])
        return self.logits(h, _SlotScores.apply(u, *rows, *self._column_map, sum(self.counts)))


def enable(policy) -> bool:
    """Switch a scored policy's extractor and head to their row-reading classes (module
    docstring); False (and the policy left alone) for another policy."""
    ext, head = getattr(policy, "mlp_extractor", None), getattr(policy, "action_net", None)
    if type(ext) is not SplitMlpExtractor or type(head) is not ScoredHead:
        return False
    ext.__class__ = RowsSplitMlpExtractor
    head.__class__ = RowsScoredHead
    return True
