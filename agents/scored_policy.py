"""A MaskablePPO policy that scores some actions from observation blocks of their own (DouZero-style).

A game that names, for some actions, the observation block each one is about
(``GameSpec.action_slots``, envs/core/action_slots.py: Cursed Seas' movement segments, Five
Sails' hand cards and crew members) gets this policy from :func:`policy_kwargs`. The plain
MLP reads the observation's trunk; the action logits are the usual linear head on its last
hidden layer ``h`` plus, for each scored action ``a`` of kind ``t``, ``u_t . block(a)`` with
``u_t = h @ W_t + b_t``: the state says what matters now (home when the hold is full, a
strong duellist when a challenge looms), the block says what the action brings to it, and
one weight vector serves every slot of a kind, where a softmax head must learn each slot's
answer on its own. The value head reads the trunk only. envs/core/mlp.py evaluates the same
logits in the numba kernels (the layout's scored rows, written by
``agents.policy.export_actor``).

The actor's latent is ``h`` followed by the observation columns the blocks read, each once
(Cursed Seas: the block after the trunk, a slice; Five Sails: its hand, own crew, City and
approach blocks), which the head gathers per kind.

SB3 builds a policy from its class and keyword arguments; the class lives here (a saved
model names it), and its modules keep SB3's names (``mlp_extractor.policy_net``,
``action_net``) so the rest of the stack finds them. A policy saved with the earlier
keyword ``scored=(first, count, features)`` (one block at the observation's end) loads as
the same single kind. The RLlib extra (training/rllib) keeps its own plain MLP over the
whole observation.
"""

from __future__ import annotations

import contextlib

import numpy as np
import torch
import torch.nn.functional as F
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import MlpExtractor

from envs.core.action_slots import ActionSlots, SlotKind


class SplitMlpExtractor(MlpExtractor):
    """SB3's MLP extractor on the observation's trunk; the actor's latent carries the
    observation columns ``read`` (sorted, :func:`read_columns`) on to :class:`ScoredHead`
    after the last hidden layer."""

    def __init__(self, plain: int, read: np.ndarray, net_arch, activation_fn,
                 device="auto"):
        super().__init__(plain, net_arch=net_arch, activation_fn=activation_fn, device=device)
        self.plain = plain
        # SB3 sizes the action head it builds by ``latent_dim_pi``; the scored head replaces
        # that head, so it is built over ``h`` alone (the latent also carries the columns read)
        self.hidden_pi = self.latent_dim_pi
        # a run of columns is a slice (no copy of indices to follow); others are gathered
        self.span = (int(read[0]), int(read[-1]) + 1) if \
            read[-1] - read[0] + 1 == len(read) else None
        self.register_buffer("read", torch.as_tensor(read, dtype=torch.long), persistent=False)

    def forward(self, features):
        # one tensor for both nets: a sparse first layer (training/sparse_input.py) compresses
        # the batch it is given once and the critic's then finds it cached
        plain = self._plain(features)
        return self._actor(plain, features), self.value_net(plain)

    def forward_actor(self, features):
        return self._actor(self._plain(features), features)

    def _plain(self, features):
        # the whole observation itself where the trunk is all of it: a slice would drop the
        # compressed rows a sparse first layer finds on the batch
        return features if features.shape[1] == self.plain else features[:, :self.plain]

    def _actor(self, plain, features):
        picked = features[:, self.span[0]:self.span[1]] if self.span is not None else \
            features.index_select(1, self.read)
        return torch.cat([self.policy_net(plain), picked], dim=1)

    def forward_critic(self, features):
        return self.value_net(self._plain(features))


#: from this many rows (a PPO minibatch) :meth:`ScoredHead.weights` makes each kind's ``u``
#: only for the rows that offer it; a smaller batch (a rollout step) pays more for the
#: selection's dozens of small operations than for the kinds' whole product
ASKED_ROWS = 256


class ScoredHead(torch.nn.Module):
    """Action logits from (h, the columns read): ``base(h)``, plus ``u_t . block(a)`` for
    each scored action ``a`` of kind ``t``, ``u_t = score[t](h)``."""

    def __init__(self, hidden: int, num_actions: int, slots: ActionSlots, read: np.ndarray):
        super().__init__()
        self.hidden, self.num_actions, self.slots = hidden, num_actions, slots
        self.base = torch.nn.Linear(hidden, num_actions)
        self.score = torch.nn.ModuleList(torch.nn.Linear(hidden, k.width) for k in slots.kinds)
        #: where each kind's ``u`` and scores lie in :meth:`weights`' output and in
        #: :meth:`logits`' ``scores``
        self.widths = [k.width for k in slots.kinds]
        self.counts = [len(k.actions) for k in slots.kinds]
        self._masks: torch.Tensor | None = None
        # not in the state dict: the game's slots say them, and a saved model names them.
        # The columns the latent carries after ``h``, for a reader of the whole observation
        self.register_buffer("read", torch.as_tensor(read, dtype=torch.long), persistent=False)
        self.register_buffer("acts", torch.as_tensor(
            [a for k in slots.kinds for a in k.actions], dtype=torch.long), persistent=False)
        for t, k in enumerate(slots.kinds):
            self.register_buffer(f"cols{t}", torch.as_tensor(
                np.searchsorted(read, _block_columns(k)), dtype=torch.long), persistent=False)

    def forward(self, latent):
        h = latent[:, :self.hidden]
        read = latent[:, self.hidden:]
        us = self.weights(h).split(self.widths, dim=1)
        return self.logits(h, torch.cat([self.kind_scores(t, u, read)
                                         for t, u in enumerate(us)], dim=1))

    def weights(self, h):
        """[B, sum of widths]: every kind's ``u`` side by side. Within :meth:`asking`, a
        row's ``u_t`` is made only where its mask offers an action of kind ``t`` (zero
        elsewhere: those logits are masked out, so they change no probability and no
        gradient); the kinds' products are most of the network's arithmetic, a decision
        offers one or two kinds."""
        masks = self._masks
        if masks is None or masks.shape[0] != h.shape[0] or h.shape[0] < ASKED_ROWS:
            return F.linear(h, torch.cat([layer.weight for layer in self.score]),
                            torch.cat([layer.bias for layer in self.score]))
        parts = []
        for acts, layer in zip(self.acts.split(self.counts), self.score):
            rows = masks[:, acts].any(dim=1).nonzero().squeeze(1)
            part = h.new_zeros(h.shape[0], layer.out_features)
            if rows.numel():
                part = part.index_copy(0, rows, layer(h.index_select(0, rows)))
            parts.append(part)
        return torch.cat(parts, dim=1)

    @contextlib.contextmanager
    def asking(self, masks):
        """Within it the head knows each row's legal actions (``masks`` [B, actions], or None:
        every kind made for every row), for :meth:`weights`."""
        self._masks = None if masks is None else torch.as_tensor(
            masks, dtype=torch.bool, device=self.acts.device).reshape(-1, self.num_actions)
        try:
            yield
        finally:
            self._masks = None

    def kind_scores(self, t: int, u, read):
        """[B, n_t]: ``u . block(a)`` for each action of kind ``t`` (``read``: the columns
        the blocks read, in order)."""
        # the blocks are the observation's (no parameter below them): their gradient, a
        # product as large as the columns read, is never needed
        feats = read.detach()[:, getattr(self, f"cols{t}")]
        return torch.einsum("bnf,bf->bn", feats, u)

    def logits(self, h, scores):
        """The action logits: the linear head on ``h``, plus ``scores`` [B, scored actions]
        (the kinds' in order) on their actions."""
        return self.base(h).index_add(1, self.acts, scores)

    def _load_from_state_dict(self, state_dict, prefix, *args, **kwargs):
        # a model saved when the head scored one block named its layer ``score``
        for part in ("weight", "bias"):
            old = f"{prefix}score.{part}"
            if old in state_dict:
                state_dict[f"{prefix}score.0.{part}"] = state_dict.pop(old)
        super()._load_from_state_dict(state_dict, prefix, *args, **kwargs)


def _block_columns(kind: SlotKind) -> np.ndarray:
    """[n, width]: the observation columns of each of ``kind``'s blocks."""
    return np.asarray(kind.offsets)[:, None] + np.arange(kind.width)[None, :]


def read_columns(slots: ActionSlots) -> np.ndarray:
    """The observation columns the scored blocks read, sorted, each once (several kinds may
    read one block: every Five Sails action naming a crew member reads hers)."""
    return np.unique(np.concatenate([_block_columns(k).ravel() for k in slots.kinds]))


class ScoredActorCriticPolicy(MaskableActorCriticPolicy):
    """MaskableActorCriticPolicy with :class:`ScoredHead` (module docstring); ``slots`` is
    the game's ``action_slots`` in its plain form (``ActionSlots.as_tuple``)."""

    def __init__(self, observation_space, *args, slots=None, scored=None, **kwargs):
        if slots is None:
            if scored is None:
                raise ValueError("a scored policy needs the game's action slots")
            first, count, nf = (int(v) for v in scored)
            trunk = int(np.prod(observation_space.shape)) - count * nf
            slots = ActionSlots(trunk, (SlotKind.strided("scored", first, count, trunk, nf,
                                                         nf),)).as_tuple()
        self.slots = ActionSlots.from_tuple(slots)
        super().__init__(observation_space, *args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = SplitMlpExtractor(self.slots.trunk, read_columns(self.slots),
                                               self.net_arch, self.activation_fn, self.device)

    def _build(self, lr_schedule) -> None:
        super()._build(lr_schedule)
        # SB3 made a Linear head over the hidden layer; the scored head replaces it, with
        # SB3's small initial gain, and the optimizer is made again over the new parameters
        extractor = self.mlp_extractor
        assert isinstance(extractor, SplitMlpExtractor)
        self.action_net = ScoredHead(extractor.hidden_pi,
                                     int(self.action_space.n),  # type: ignore[attr-defined]
                                     self.slots, read_columns(self.slots))
        if self.ortho_init:
            self.action_net.apply(lambda m: self.init_weights(m, gain=0.01))
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),  # type: ignore[call-arg]
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        data = super()._get_constructor_parameters()
        data["slots"] = self.slots.as_tuple()
        return data

    # each entry point with masks tells the head the rows' legal actions (ScoredHead.asking)
    def forward(self, obs, deterministic=False, action_masks=None):
        with self._asking(action_masks):
            return super().forward(obs, deterministic, action_masks)

    def evaluate_actions(self, obs, actions, action_masks=None):
        with self._asking(action_masks):
            return super().evaluate_actions(obs, actions, action_masks)

    def get_distribution(self, obs, action_masks=None):
        with self._asking(action_masks):
            return super().get_distribution(obs, action_masks)

    def _asking(self, masks):
        head = self.action_net
        return head.asking(masks) if isinstance(head, ScoredHead) else contextlib.nullcontext()


def policy_kwargs(spec, net_arch) -> tuple[type, dict]:
    """(policy class, its keyword arguments) for a game: the scored policy where the game
    scores actions from blocks of their own (``spec.action_slots``), SB3's MLP policy
    otherwise."""
    if spec.action_slots is None:
        return MaskableActorCriticPolicy, {"net_arch": list(net_arch)}
    return ScoredActorCriticPolicy, {"net_arch": list(net_arch),
                                     "slots": spec.action_slots.as_tuple()}


def head_rows(head: ScoredHead, offset: int) -> tuple[list[np.ndarray], list[list[int]]]:
    """The scored rows of ``envs.core.mlp`` for ``head``, its parameters placed from
    ``offset``: (float32 parts, per kind W [hidden, width] then b; layout rows, per kind its
    header (n, width, weight offset, bias offset, ACT_SCORE) and its slot rows (action,
    observation offset, 0, 0, ACT_SLOT))."""
    from envs.core.mlp import ACT_SCORE, ACT_SLOT

    parts: list[np.ndarray] = []
    rows: list[list[int]] = []
    for k, layer in zip(head.slots.kinds, head.score):
        w = layer.weight.detach().t().contiguous().numpy().astype(np.float32).ravel()
        b = layer.bias.detach().numpy().astype(np.float32)
        parts += [w, b]
        rows.append([len(k.actions), k.width, offset, offset + w.size, ACT_SCORE])
        rows += [[a, o, 0, 0, ACT_SLOT] for a, o in zip(k.actions, k.offsets)]
        offset += w.size + b.size
    return parts, rows
