"""A MaskablePPO policy that scores some actions from their own features (DouZero-style).

A game whose observation ends with a block of per-action features (``GameSpec.
action_features = (first, count, F)``: Cursed Seas' movement segments, where each would leave
the ship) gets this policy from :func:`policy_kwargs`. The plain MLP reads the observation
before the block; the action logits are the usual linear head on its last hidden layer
``h`` plus, for each action of the block, ``u . feature[a]`` with ``u = h @ W + b``: the
state says what matters now (home when the hold is full, the nearest treasure otherwise),
the features say how far each action goes towards it, and one weight vector serves every
action alike, where a softmax head must learn each of 384 answers on its own. The value
head reads the plain part only. envs/core/mlp.py evaluates the same logits in the numba
kernels (the layout's ACT_SCORE row, written by ``agents.policy.export_actor``).

SB3 builds a policy from its class and keyword arguments; the class lives here (a saved
model names it), and its modules keep SB3's names (``mlp_extractor.policy_net``,
``action_net``) so the rest of the stack finds them. The RLlib extra (training/rllib) keeps
its own plain MLP over the whole observation.
"""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from stable_baselines3.common.torch_layers import MlpExtractor


class SplitMlpExtractor(MlpExtractor):
    """SB3's MLP extractor on the observation before the feature block; the actor's latent
    carries the block on to :class:`ScoredHead` (``latent_dim_pi`` = hidden + block)."""

    def __init__(self, plain: int, block: int, net_arch, activation_fn, device="auto"):
        super().__init__(plain, net_arch=net_arch, activation_fn=activation_fn, device=device)
        self.plain = plain
        self.hidden_pi = self.latent_dim_pi
        self.latent_dim_pi = self.hidden_pi + block

    def forward(self, features):
        # one slice for both nets: a sparse first layer (training/sparse_input.py) compresses
        # the batch it is given once and the critic's then finds it cached
        plain = features[:, :self.plain]
        return self._actor(plain, features), self.value_net(plain)

    def forward_actor(self, features):
        return self._actor(features[:, :self.plain], features)

    def _actor(self, plain, features):
        return torch.cat([self.policy_net(plain), features[:, self.plain:]], dim=1)

    def forward_critic(self, features):
        return self.value_net(features[:, :self.plain])


class ScoredHead(torch.nn.Module):
    """Action logits from (h, block): ``base(h)``, plus ``score(h) . feature`` on the block."""

    def __init__(self, hidden: int, num_actions: int, first: int, count: int, nf: int):
        super().__init__()
        self.hidden, self.num_actions = hidden, num_actions
        self.first, self.count, self.nf = first, count, nf
        self.base = torch.nn.Linear(hidden, num_actions)
        self.score = torch.nn.Linear(hidden, nf)

    def forward(self, latent):
        h = latent[:, :self.hidden]
        return self.logits(h, self.block_scores(self.score(h), latent[:, self.hidden:]))

    def block_scores(self, u, block):
        """[B, count]: ``u . feature[a]`` for each action of the block ([B, count * nf])."""
        # the block is the observation's (no parameter below it): its gradient, a product as
        # large as the block, is never needed
        feats = block.detach().reshape(-1, self.count, self.nf)
        return torch.einsum("bnf,bf->bn", feats, u)

    def logits(self, h, scores):
        """The action logits: the linear head on ``h``, plus ``scores`` on the block."""
        pad = (self.first, self.num_actions - self.first - self.count)
        return self.base(h) + F.pad(scores, pad)


class ScoredActorCriticPolicy(MaskableActorCriticPolicy):
    """MaskableActorCriticPolicy with :class:`ScoredHead` (module docstring); ``scored`` is
    the game's ``action_features`` (first, count, features)."""

    def __init__(self, *args, scored=(0, 1, 1), **kwargs):
        self.scored = tuple(int(v) for v in scored)
        super().__init__(*args, **kwargs)

    def _build_mlp_extractor(self) -> None:
        _, count, nf = self.scored
        self.mlp_extractor = SplitMlpExtractor(self.features_dim - count * nf, count * nf,
                                               self.net_arch, self.activation_fn, self.device)

    def _build(self, lr_schedule) -> None:
        super()._build(lr_schedule)
        # SB3 made a Linear head over (hidden + block); the scored head replaces it, with
        # SB3's small initial gain, and the optimizer is made again over the new parameters
        first, count, nf = self.scored
        extractor = self.mlp_extractor
        assert isinstance(extractor, SplitMlpExtractor)
        self.action_net = ScoredHead(extractor.hidden_pi,
                                     int(self.action_space.n),  # type: ignore[attr-defined]
                                     first, count, nf)
        if self.ortho_init:
            self.action_net.apply(lambda m: self.init_weights(m, gain=0.01))
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),  # type: ignore[call-arg]
                                              **self.optimizer_kwargs)

    def _get_constructor_parameters(self) -> dict:
        data = super()._get_constructor_parameters()
        data["scored"] = self.scored
        return data


def policy_kwargs(spec, net_arch) -> tuple[type, dict]:
    """(policy class, its keyword arguments) for a game: the scored policy where the game
    describes actions by features (``spec.action_features``), SB3's MLP policy otherwise."""
    if spec.action_features is None:
        return MaskableActorCriticPolicy, {"net_arch": list(net_arch)}
    return ScoredActorCriticPolicy, {"net_arch": list(net_arch),
                                     "scored": tuple(spec.action_features)}


def head_rows(head: ScoredHead, offset: int) -> tuple[list[np.ndarray], list[int]]:
    """The scoring row of ``envs.core.mlp`` for ``head``: (float32 parts: W [hidden, F] then
    b, the layout row (first, count, weight offset, bias offset, ACT_SCORE))."""
    from envs.core.mlp import ACT_SCORE

    w = head.score.weight.detach().t().contiguous().numpy().astype(np.float32).ravel()
    b = head.score.bias.detach().numpy().astype(np.float32)
    return [w, b], [head.first, head.count, offset, offset + w.size, ACT_SCORE]
