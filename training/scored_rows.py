"""The scored policy's head reads its action features from the observation's compressed rows.

Cursed Seas' observation ends with a block of 384 actions x 13 features that the scored
head (agents/scored_policy.py) multiplies by a vector per row (one kind of scored action,
its blocks side by side right after the trunk); its extractor concatenates the block onto
the actor's latent and the head splits it off again. A PPO minibatch's
block is 1,024 x 4,992 floats, of which about 530 a row are not zero (10.6% in a
self-play rollout), and the batched products over it, forward and backward, and the
concatenation were the largest part of the update (benchmarks/RESULTS.md, "Self-play
throughput: live rows, the masked softmax and the scored head").

:func:`enable` switches, in place, a scored policy's extractor to
:class:`RowsSplitMlpExtractor` and its head to :class:`RowsScoredHead`: the extractor
splits a batch's compressed rows (training/sparse_input.py) at the block into the plain
part's rows, which its sparse first layers read, and the block's, and hands the head the
observation on the latent instead of a copy of the block; the head scores the block from
its non-zero entries (numba kernels, forward and backward), or from the dense block for a
batch without compressed rows. The same sums in another order; the parameters, the state
dict and the saved model are unchanged.
"""

from __future__ import annotations

import numpy as np
import torch
from numba import njit

from agents.scored_policy import ScoredHead, SplitMlpExtractor


@njit(cache=True, nogil=True)
def _split_rows(indptr, cols, at, lo_indptr, hi_indptr):
    """Row starts of the entries of each row below column ``at`` and of those from it on
    (kept in their order); returns their counts."""
    n_lo = n_hi = 0
    for r in range(indptr.shape[0] - 1):
        lo_indptr[r] = n_lo
        hi_indptr[r] = n_hi
        for k in range(indptr[r], indptr[r + 1]):
            if cols[k] < at:
                n_lo += 1
            else:
                n_hi += 1
    lo_indptr[indptr.shape[0] - 1] = n_lo
    hi_indptr[indptr.shape[0] - 1] = n_hi
    return n_lo, n_hi


@njit(cache=True, nogil=True)
def _fill_split(indptr, cols, vals, at, lo_cols, lo_vals, hi_cols, hi_vals):
    i = j = 0
    for k in range(indptr[indptr.shape[0] - 1]):
        if cols[k] < at:
            lo_cols[i] = cols[k]
            lo_vals[i] = vals[k]
            i += 1
        else:
            hi_cols[j] = cols[k] - at
            hi_vals[j] = vals[k]
            j += 1


def split_rows(csr, at: int):
    """(rows of columns < ``at``, rows of columns >= ``at`` renumbered from 0) of a
    compressed batch (indptr, cols, vals)."""
    indptr, cols, vals = csr
    lo_indptr = np.empty_like(indptr)
    hi_indptr = np.empty_like(indptr)
    n_lo, n_hi = _split_rows(indptr, cols, at, lo_indptr, hi_indptr)
    lo = (lo_indptr, np.empty(n_lo, cols.dtype), np.empty(n_lo, vals.dtype))
    hi = (hi_indptr, np.empty(n_hi, cols.dtype), np.empty(n_hi, vals.dtype))
    _fill_split(indptr, cols, vals, at, lo[1], lo[2], hi[1], hi[2])
    return lo, hi


@njit(cache=True, nogil=True)
def _scores(indptr, cols, vals, nf, u, out):
    """out[r, a] = sum over row r's block entries (a * nf + f, v) of v * u[r, f]."""
    out[:] = 0.0
    for r in range(out.shape[0]):
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            out[r, c // nf] += vals[k] * u[r, c % nf]


@njit(cache=True, nogil=True)
def _scores_grad(indptr, cols, vals, nf, g, gu):
    """gu[r, f] = sum over row r's block entries (a * nf + f, v) of v * g[r, a]."""
    gu[:] = 0.0
    for r in range(g.shape[0]):
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            gu[r, c % nf] += vals[k] * g[r, c // nf]


class _BlockScores(torch.autograd.Function):
    @staticmethod
    def forward(ctx, u, indptr, cols, vals, count, nf):
        un = np.ascontiguousarray(u.detach().numpy(), dtype=np.float32)
        out = np.empty((un.shape[0], count), dtype=np.float32)
        _scores(indptr, cols, vals, nf, un, out)
        ctx.rows = (indptr, cols, vals, nf)
        return torch.from_numpy(out)

    @staticmethod
    def backward(ctx, grad):
        indptr, cols, vals, nf = ctx.rows
        g = np.ascontiguousarray(grad.detach().numpy(), dtype=np.float32)
        gu = np.empty((g.shape[0], nf), dtype=np.float32)
        _scores_grad(indptr, cols, vals, nf, g, gu)
        return torch.from_numpy(gu), None, None, None, None, None


class RowsSplitMlpExtractor(SplitMlpExtractor):
    """``SplitMlpExtractor`` whose actor latent carries the observation (and the block's
    compressed rows) to :class:`RowsScoredHead` instead of a copy of the block."""

    def forward(self, features):
        plain, block_rows = self._split(features)
        return self._carry(plain, features, block_rows), self.value_net(plain)

    def forward_actor(self, features):
        plain, block_rows = self._split(features)
        return self._carry(plain, features, block_rows)

    def forward_critic(self, features):
        return self.value_net(self._split(features)[0])

    def _split(self, features):
        """(the plain part, carrying its compressed rows when ``features`` carries its own;
        the block's compressed rows or None)."""
        plain = features[:, :self.plain]
        version, csr = getattr(features, "_broadside_rows", (-1, None))
        if csr is None or version != features._version or features.requires_grad:
            return plain, None
        lo, hi = split_rows(csr, self.plain)
        plain._broadside_rows = (plain._version, lo)
        return plain, hi

    def _carry(self, plain, features, block_rows):
        h = self.policy_net(plain)
        h._broadside_observation = (features, block_rows)
        return h


class RowsScoredHead(ScoredHead):
    """``ScoredHead`` reading the block from the observation its latent carries."""

    def forward(self, h):
        carried = getattr(h, "_broadside_observation", None)
        if carried is None:
            raise RuntimeError("the scored head (training/scored_rows.py) was given a latent "
                               "that does not carry its observation")
        features, block_rows = carried
        u = self.score[0](h)
        count, nf = len(self.slots.kinds[0].actions), self.slots.kinds[0].width
        if block_rows is not None:
            scores = _BlockScores.apply(u, *block_rows, count, nf)
        else:
            scores = self.kind_scores(0, u, features[:, self.lo:self.lo + count * nf])
        return self.logits(h, [scores])


def enable(policy) -> bool:
    """Switch a scored policy's extractor and head to their row-reading classes (module
    docstring); False (and the policy left alone) for another policy, or a scored one whose
    blocks are not one block right after the trunk."""
    ext, head = getattr(policy, "mlp_extractor", None), getattr(policy, "action_net", None)
    if type(ext) is not SplitMlpExtractor or type(head) is not ScoredHead or \
            not head.one_block() or ext.span is None or ext.span[0] != ext.plain:
        return False
    ext.__class__ = RowsSplitMlpExtractor
    head.__class__ = RowsScoredHead
    return True
