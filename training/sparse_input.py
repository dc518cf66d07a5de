"""The policy's first layers read only the non-zero observation features (numba kernels).

Game observations are mostly one-hot zeros (about 7% of Seas of Havoc's 3,178 features are
set in a typical position), and the first Linear layer of the actor and of the critic is
most of the PPO update's arithmetic: a dense matrix product over every feature, forward and
backward. :func:`enable` switches those two layers to :class:`SparseInputLinear`, which
builds a compressed-row view of the batch and computes ``x @ W.T + b`` and the weight
gradient ``grad.T @ x`` from the non-zero entries only, exactly the same sums (float32,
another order). The parameters, the state dict and the saved model are unchanged (the
class of the module is switched in place); inputs that need a gradient, small batches and
batches that are not sparse take the dense path.

A PPO update reads each rollout in 16 minibatches (4 epochs of 4); :func:`compress_rollouts`
makes their rows come from one compression of the whole rollout, gathered per minibatch,
instead of a scan of every minibatch's dense rows. The same compression serves every other
pass over the rollout (:func:`carrying_rollout_rows`: the pipeline's decoupling, the KL
anchor) and tells a narrowed update which rows to keep (training/live_rows.py), whose
minibatches then carry their columns renumbered (:func:`renumbered`).
"""

from __future__ import annotations

import contextlib
import threading
import weakref

import numpy as np
import torch
import torch.nn.functional as F
from numba import njit

#: below this share of non-zero features the sparse kernels beat the dense product
MAX_DENSITY = 0.25
#: smaller batches (a rollout's forward pass) take the dense path
MIN_ROWS = 16


@njit(cache=True, nogil=True)
def _csr(x, indptr, cols, vals):
    """Compressed rows of ``x`` (float32[B, F]); returns the non-zero count, or -1 when
    there are more than ``cols`` holds (the batch is not sparse: take the dense path)."""
    k = 0
    limit = cols.shape[0]
    for r in range(x.shape[0]):
        indptr[r] = k
        for c in range(x.shape[1]):
            v = x[r, c]
            if v != 0.0:
                if k >= limit:
                    return -1
                cols[k] = c
                vals[k] = v
                k += 1
    indptr[x.shape[0]] = k
    return k


@njit(cache=True, nogil=True)
def _forward(indptr, cols, vals, wt, b, out):
    """out[r] = b + sum over row r's non-zeros of v * wt[c] (wt = W.T, [F, H])."""
    h = wt.shape[1]
    for r in range(out.shape[0]):
        for j in range(h):
            out[r, j] = b[j]
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            v = vals[k]
            for j in range(h):
                out[r, j] += v * wt[c, j]


@njit(cache=True, nogil=True)
def _weight_grad(indptr, cols, vals, gh, gwt):
    """gwt[c] += v * gh[r] over every non-zero (r, c, v): the gradient of W.T."""
    for r in range(gh.shape[0]):
        for k in range(indptr[r], indptr[r + 1]):
            c = cols[k]
            v = vals[k]
            for j in range(gh.shape[1]):
                gwt[c, j] += v * gh[r, j]


@njit(cache=True, nogil=True)
def _gather_rows(indptr, cols, vals, rows, out_indptr, out_cols, out_vals):
    """The compressed rows ``rows`` (each < len(indptr) - 1, checked by the caller) of a
    compressed batch, in that order."""
    k = 0
    for i in range(rows.shape[0]):
        r = rows[i]
        out_indptr[i] = k
        for j in range(indptr[r], indptr[r + 1]):
            out_cols[k] = cols[j]
            out_vals[k] = vals[j]
            k += 1
    out_indptr[rows.shape[0]] = k


def gather_rows(csr, rows: np.ndarray):
    """(indptr, cols, vals) of the batch made of ``csr``'s rows ``rows``."""
    indptr, cols, vals = csr
    rows = np.ascontiguousarray(rows, dtype=np.int64).reshape(-1)
    if rows.size and (rows.min() < 0 or rows.max() >= indptr.shape[0] - 1):
        raise IndexError(f"rows {rows.min()}..{rows.max()} outside a batch of "
                         f"{indptr.shape[0] - 1}")
    nz = int((indptr[rows + 1] - indptr[rows]).sum())
    out = (np.empty(rows.size + 1, dtype=np.int64), np.empty(nz, dtype=np.int32),
           np.empty(nz, dtype=np.float32))
    _gather_rows(indptr, cols, vals, rows, *out)
    return out


class _RolloutRows:
    """One buffer's compressed rollout (made once per rollout) and the renumbering of its
    columns a narrowed update asks of its minibatches (training/live_rows.py)."""

    def __init__(self):
        self.obs = None          # weak reference to the observations compressed
        self.csr = None
        #: int32[F] new column of each feature (-1: none), or None: columns as they are
        self.columns: np.ndarray | None = None

    def of(self, buffer, obs):
        """The compressed rows of ``obs``, ``buffer``'s flat observations, or None when they
        are not sparse. A buffer with an ``obs_rows`` slot keeps them there (an
        EnvMajorRolloutBuffer, whose reset empties the slot and whose arrays and slot move
        together between a pipeline's buffers: training/rollout_buffer.py); for another the
        same array object is the same rollout."""
        if hasattr(buffer, "obs_rows"):
            if buffer.obs_rows is None:
                buffer.obs_rows = (_compress_array(obs),)
            return buffer.obs_rows[0]
        if self.obs is None or self.obs() is not obs:
            self.obs, self.csr = weakref.ref(obs), _compress_array(obs)
        return self.csr


#: the :class:`_RolloutRows` of each buffer :func:`compress_rollouts` patched
_ROLLOUTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def compress_rollouts(buffer, rows_only: bool = False) -> None:
    """Each minibatch ``buffer`` (an SB3 rollout buffer with flat observations) yields carries
    its rows' compressed form, gathered from one compression of the rollout per update
    (module docstring); :class:`SparseInputLinear` uses it while the batch is unchanged.

    With ``rows_only`` (for a policy that reads observations through its sparse first
    layers alone: :func:`reads_rows_only`) a compressed rollout's minibatches carry no dense
    rows: their observations are a placeholder of the batch's shape that any other reader
    is refused (a 7th Sea minibatch's dense rows are 144 MB, gathered 16 times an update)."""
    get_samples = buffer._get_samples
    held = _ROLLOUTS[buffer] = _RolloutRows()

    def samples(batch_inds, env=None):
        obs = buffer.observations
        csr = rollout_rows(buffer)
        if csr is None:
            return get_samples(batch_inds, env)
        if rows_only:
            buffer.observations = obs[:, :0]        # SB3 gathers every array but these
            try:
                out = get_samples(batch_inds, env)
            finally:
                buffer.observations = obs
            out = out._replace(observations=rows_only_batch(len(batch_inds), obs.shape[1]))
        else:
            out = get_samples(batch_inds, env)
        indptr, cols, vals = gather_rows(csr, batch_inds)
        observed = (indptr, cols, vals)
        if held.columns is not None:
            cols = held.columns[cols]
        carry_rows(out.observations, (indptr, cols, vals), observed)
        return out

    buffer._get_samples = samples


def carry_rows(x: torch.Tensor, csr, observed=None) -> torch.Tensor:
    """``x`` (a batch of observations) carrying ``csr``, its compressed rows, for the sparse
    layers that read it while it is unchanged; returns ``x``. ``observed`` (default ``csr``)
    are the same rows with the observation's own column numbers, where a narrowed update
    renumbered ``csr``'s (training/live_rows.py), for a reader of observation columns (the
    scored head, training/scored_rows.py)."""
    x._broadside_rows = (x._version, csr)
    x._broadside_observed_rows = (x._version, csr if observed is None else observed)
    return x



def rows_only_batch(rows: int, features: int) -> torch.Tensor:
    """A placeholder batch of that shape with no memory of its own, for compressed rows to
    ride on (:func:`carry_rows`): a first layer that finds it without them refuses it."""
    x = torch.zeros((), dtype=torch.float32).expand(rows, features)
    x._broadside_rows_only = True
    return x


def rollout_rows(buffer):
    """The compressed rows of the rollout in ``buffer`` (patched by :func:`compress_rollouts`)
    in the order SB3's minibatches index them, or None: not patched, or the observations
    are not sparse."""
    held = _ROLLOUTS.get(buffer)
    obs = buffer.observations
    if held is None or not isinstance(obs, np.ndarray) or obs.ndim not in (2, 3):
        return None
    if obs.ndim == 3:
        obs = buffer.swap_and_flatten(obs)      # as SB3's first minibatch will
    return held.of(buffer, obs)


def carrying_rollout_rows(buffer, x: torch.Tensor) -> torch.Tensor:
    """``x``, the rollout's flat observations in ``buffer`` as a tensor, carrying their
    compressed rows for any sparse layer that reads it (one compression per rollout)."""
    csr = None if x.requires_grad or x.dim() != 2 else rollout_rows(buffer)
    if csr is not None and csr[0].shape[0] == x.shape[0] + 1:
        carry_rows(x, csr)
    return x


@contextlib.contextmanager
def renumbered(buffer, columns: np.ndarray):
    """Within the block the minibatches of ``buffer`` carry their compressed rows with
    feature ``c`` as column ``columns[c]`` (training/live_rows.py)."""
    held = _ROLLOUTS[buffer]
    held.columns = columns
    try:
        yield
    finally:
        held.columns = None


def first_layers(policy) -> list:
    """The layers :func:`enable` switched in ``policy``: the first Linear of its actor and
    of its critic when they are :class:`SparseInputLinear`."""
    ext = getattr(policy, "mlp_extractor", None)
    nets = [getattr(ext, k, None) for k in ("policy_net", "value_net")]
    return [net[0] for net in nets if isinstance(net, torch.nn.Sequential) and len(net)
            and type(net[0]) is SparseInputLinear]


def reads_rows_only(policy) -> bool:
    """Whether ``policy`` reads its observations only through compressed rows: the first
    layers :func:`enable` switched, each given the observation as SB3 hands it over (SB3's MLP
    policy: flattening extractors, SB3's own MLP extractor), and a scored head that reads
    them too (training/scored_rows.py: a scored policy whose trunk is the whole
    observation); not a policy whose first layers read a slice of it."""
    from stable_baselines3.common.torch_layers import FlattenExtractor, MlpExtractor

    from training.scored_rows import RowsScoredHead, RowsSplitMlpExtractor

    ext = getattr(policy, "mlp_extractor", None)
    feats = [getattr(policy, k, None) for k in ("features_extractor", "pi_features_extractor",
                                                 "vf_features_extractor")]
    whole = type(ext) is MlpExtractor or (
        type(ext) is RowsSplitMlpExtractor and type(policy.action_net) is RowsScoredHead
        and ext.plain == policy.features_dim)
    return (whole and all(f is None or type(f) is FlattenExtractor for f in feats)
            and len(first_layers(policy)) == 2)


def _transposed(weight) -> np.ndarray:
    """``weight.T`` as a contiguous array: a view of a weight laid out as W.T
    (:meth:`SparseInputLinear.lay_out_transposed`), else a copy, made again only when the
    weight changed in place (torch's version counter: optimizer steps, loads)."""
    key = (weight._version, weight.data_ptr())
    cached = getattr(weight, "_broadside_wt", None)
    if cached is None or cached[0] != key:
        cached = (key, weight.detach().t().contiguous().numpy())
        weight._broadside_wt = cached
    return cached[1]


class _SparseLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight, bias, indptr, cols, vals):
        wt = _transposed(weight)
        out = np.empty((x.shape[0], weight.shape[0]), dtype=np.float32)
        b = (bias.detach().numpy() if bias is not None
             else np.zeros(weight.shape[0], dtype=np.float32))
        _forward(indptr, cols, vals, wt, b, out)
        ctx.csr = (indptr, cols, vals, weight.shape[1])
        ctx.has_bias = bias is not None
        return torch.from_numpy(out)

    @staticmethod
    def backward(ctx, grad):
        indptr, cols, vals, n_in = ctx.csr
        gh = np.ascontiguousarray(grad.detach().numpy(), dtype=np.float32)
        gw = gb = None
        if ctx.needs_input_grad[1]:
            gwt = np.zeros((n_in, gh.shape[1]), dtype=np.float32)
            _weight_grad(indptr, cols, vals, gh, gwt)
            gw = torch.from_numpy(gwt).t()     # kept as is by a weight laid out as W.T
        if ctx.has_bias and ctx.needs_input_grad[2]:
            gb = torch.from_numpy(gh.sum(0))
        return None, gw, gb, None, None, None


class SparseInputLinear(torch.nn.Linear):
    """``nn.Linear`` whose product skips zero input features (module docstring)."""

    #: per thread, (weak reference to the last input, its version, its compressed rows): the
    #: actor's and the critic's first layers read the same observation batch, and a
    #: collecting thread (training/pipeline.py) must not evict the update's batch
    _last = threading.local()
    #: its weight holds only the live rows of a narrowed update (training/live_rows.py)
    _broadside_narrowed = False

    def lay_out_transposed(self) -> None:
        """Store the weight as W.T in memory (the same Parameter, shape and values; a
        state dict loaded into it keeps the layout): the kernels read W.T and hand back
        its gradient without a transposing copy per minibatch."""
        with torch.no_grad():
            self.weight.data = self.weight.data.t().contiguous().t()

    def forward(self, x):
        version, csr = getattr(x, "_broadside_rows", (-1, None))
        if csr is not None and version == x._version and not x.requires_grad:
            return _SparseLinear.apply(x, self.weight, self.bias, *csr)   # a minibatch
        if self._broadside_narrowed:
            raise RuntimeError("a narrowed first layer (training/live_rows.py) was given a "
                               "batch without its renumbered compressed rows")
        if getattr(x, "_broadside_rows_only", False):
            raise RuntimeError("a minibatch that carries compressed rows only (sparse_input."
                               "compress_rollouts) lost them before a first layer")
        if (x.requires_grad or x.dim() != 2 or x.shape[0] < MIN_ROWS
                or x.dtype != torch.float32 or x.device.type != "cpu"):
            return F.linear(x, self.weight, self.bias)
        last = SparseInputLinear._last
        ref, version, csr = getattr(last, "batch", (None, -1, None))
        if ref is None or ref() is not x or version != x._version:
            csr = _compress(x)
            last.batch = (weakref.ref(x), x._version, csr)
        if csr is None:
            return F.linear(x, self.weight, self.bias)
        return _SparseLinear.apply(x, self.weight, self.bias, *csr)


def _compress(x):
    """(indptr, cols, vals) of the batch, or None when it is not sparse enough."""
    return _compress_array(x.detach().numpy())


def _compress_array(xn):
    xn = np.ascontiguousarray(xn, dtype=np.float32)
    limit = int(xn.shape[0] * xn.shape[1] * MAX_DENSITY)
    indptr = np.empty(xn.shape[0] + 1, dtype=np.int64)
    cols = np.empty(limit, dtype=np.int32)
    vals = np.empty(limit, dtype=np.float32)
    nz = _csr(xn, indptr, cols, vals)
    if nz < 0:
        return None
    return indptr, cols[:nz], vals[:nz]


def enable(policy) -> int:
    """Switch the first Linear of an SB3 MLP policy's actor and critic networks to
    :class:`SparseInputLinear`, and a scored policy's extractor and head to read the
    compressed rows too (training/scored_rows.py); returns how many first layers were
    switched (0 for another shape of policy, which is left alone)."""
    from stable_baselines3.common.torch_layers import FlattenExtractor

    from training import scored_rows

    done = 0
    ext = getattr(policy, "mlp_extractor", None)
    for feat, name in ((getattr(policy, "pi_features_extractor", None), "policy_net"),
                       (getattr(policy, "vf_features_extractor", None), "value_net")):
        net = getattr(ext, name, None)
        if not isinstance(feat, (FlattenExtractor, torch.nn.Flatten)):
            continue
        if isinstance(net, torch.nn.Sequential) and len(net) and \
                type(net[0]) in (torch.nn.Linear, SparseInputLinear):
            net[0].__class__ = SparseInputLinear
            net[0].lay_out_transposed()
            done += 1
    if done == 2:
        scored_rows.enable(policy)
    return done

