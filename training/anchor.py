"""PPO held near the warm-start policy: ``coef * KL(anchor || policy)`` added to PPO's loss.

After an imitation warm start (training/imitation.py) PPO drifts away from the clone: on
2-player Seas of Havoc its win rate against the heuristic fell from the clone's 36-38% to
24-33% within 400k learner steps at every learning rate tried (benchmarks/TRAINING.md).
AlphaStar's remedy (Vinyals et al. 2019) is a KL penalty toward the supervised policy;
this module adds it to MaskablePPO without changing SB3's update, at almost no cost:

* the anchor's probabilities are computed once per rollout (the anchor is frozen, and
  PPO reads every row ``n_epochs`` times): the rollout buffer's ``_get_samples`` is wrapped
  so the rows of the minibatch SB3 is about to train on are known;
* the KL reuses the logits PPO's own forward pass computes (a forward hook on the policy's
  ``action_net``), and its gradient rides PPO's own backward pass: the log-probabilities
  ``evaluate_actions`` returns pass through :class:`_WithGradientOf`, the identity in the
  forward direction that also sends a gradient of 1 into ``coef * KL``. So each Adam step
  minimises PPO's loss plus the penalty (gradient clipping applies to their sum) with one
  forward and one backward pass per minibatch, as plain PPO does.

The anchor is a frozen copy (``PolicyAgent.frozen``): the trainer passes the pool's first
snapshot, the warm-start policy, which the checkpoint keeps, so a resumed run is anchored to
the same policy. The KL is over the masked distributions (illegal actions have probability 0
under both), the direction that penalises the policy for dropping an action the anchor plays.
"""

from __future__ import annotations

import weakref

import numpy as np
import torch

from training.sparse_input import carrying_rollout_rows

#: the logit MaskableCategorical gives an illegal action
_ILLEGAL = -1e8


def masked_log_probs(policy, obs, masks) -> torch.Tensor:
    """log pi(a | obs) over the legal actions of each row (illegal: a very large negative)."""
    return torch.log_softmax(policy.get_distribution(obs, masks).distribution.logits, -1)


def kl_to(anchor_logp: torch.Tensor, logp: torch.Tensor) -> torch.Tensor:
    """Mean over rows of KL(anchor || policy); illegal actions (anchor probability 0) add 0."""
    return _kl(*_anchor_part(anchor_logp), logp)


def _anchor_part(anchor_logp: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The anchor's probabilities and, per row, its sum of p log p over the legal actions:
    all of the KL that does not depend on the policy."""
    p = anchor_logp.exp()
    return p, torch.where(p > 0, p * anchor_logp, torch.zeros_like(p)).sum(-1)


def _kl(p: torch.Tensor, p_logp: torch.Tensor, logp: torch.Tensor) -> torch.Tensor:
    """Mean over rows of sum p (log p - logp); an illegal action (p = 0) adds 0."""
    cross = torch.where(p > 0, p * logp, torch.zeros_like(p)).sum(-1)
    return (p_logp - cross).mean()


class _WithGradientOf(torch.autograd.Function):
    """``x`` unchanged; backward also sends a gradient of 1 into the scalar ``extra``, so the
    loss PPO builds from ``x`` is differentiated as if ``extra`` were added to it."""

    @staticmethod
    def forward(ctx, x, extra):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return grad, torch.ones((), dtype=grad.dtype)


class Anchor:
    """The penalty on one MaskablePPO ``model`` toward ``anchor_policy`` (module docstring).
    ``last_kl`` is the KL of the latest minibatch (logged by the trainer)."""

    def __init__(self, model, anchor_policy, coef: float):
        if not coef > 0:
            raise ValueError(f"anchor coefficient {coef}: give a number > 0")
        self.coef = float(coef)
        self.policy = policy = model.policy
        self.anchor = anchor_policy
        self.last_kl = 0.0
        self._target = None         # the anchor's (p, sum p log p), next minibatch
        self._logits: torch.Tensor | None = None    # PPO's logits for that minibatch
        self._rollout = None                        # (weakref to its observations, targets)
        self._buffer = buffer = model.rollout_buffer
        get_samples = buffer._get_samples
        evaluate = policy.evaluate_actions

        def samples(batch_inds, env=None):
            data = get_samples(batch_inds, env)
            rows = torch.as_tensor(batch_inds)
            self._target = tuple(t[rows] for t in self._rollout_targets())
            return data

        def evaluate_actions(obs, actions, action_masks=None):
            values, log_prob, entropy = evaluate(obs, actions, action_masks=action_masks)
            target, self._target = self._target, None
            logits, self._logits = self._logits, None
            if target is None or logits is None or not torch.is_grad_enabled():
                return values, log_prob, entropy          # outside PPO's minibatch loop
            legal = torch.as_tensor(action_masks).bool().reshape(logits.shape)
            logp = torch.log_softmax(torch.where(legal, logits, _ILLEGAL), -1)
            kl = _kl(*target, logp)
            self.last_kl = float(kl.detach())
            return values, _WithGradientOf.apply(log_prob, self.coef * kl), entropy

        buffer._get_samples = samples
        policy.evaluate_actions = evaluate_actions
        self._hook = policy.action_net.register_forward_hook(self._keep_logits)

    def _keep_logits(self, module, args, out) -> None:
        if self._target is not None:
            self._logits = out

    def _rollout_targets(self) -> tuple[torch.Tensor, torch.Tensor]:
        """The anchor's probabilities over the legal actions and its sum of p log p, for
        every row of the buffer's (flattened) rollout, computed once per rollout."""
        buf = self._buffer
        obs = buf.observations
        if self._rollout is None or self._rollout[0]() is not obs:
            if not isinstance(obs, np.ndarray):
                raise TypeError("the KL anchor needs flat array observations, got "
                                f"{type(obs).__name__}")
            n = buf.action_masks.shape[0]
            x = carrying_rollout_rows(buf, torch.as_tensor(obs.reshape(n, -1)))
            with torch.no_grad():
                logp = masked_log_probs(self.anchor, x,
                                        torch.as_tensor(buf.action_masks.reshape(n, -1)))
            self._rollout = (weakref.ref(obs), _anchor_part(logp))
        return self._rollout[1]
