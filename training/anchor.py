"""PPO held near the warm-start policy: ``coef * KL(anchor || policy)`` added to PPO's loss.

After an imitation warm start (training/imitation.py) PPO drifts away from the clone: on
2-player Seas of Havoc its win rate against the heuristic fell from the clone's 36-38% to
24-33% within 400k learner steps at every learning rate tried (benchmarks/TRAINING.md).
AlphaStar's remedy (Vinyals et al. 2019) is a KL penalty toward the supervised policy;
this module adds it to MaskablePPO without changing SB3's update:

* the rollout buffer's ``get`` is wrapped so the minibatch SB3 is about to train on is known;
* an optimizer step pre-hook adds the gradient of ``coef * mean KL(anchor || policy)`` over
  that minibatch's legal actions to the gradients of PPO's loss (after SB3 has clipped
  them), so each Adam step minimises PPO's loss plus the penalty.

The anchor is a frozen copy (``PolicyAgent.frozen``): the trainer passes the pool's first
snapshot, the warm-start policy, which the checkpoint keeps, so a resumed run is anchored to
the same policy. The KL is over the masked distributions (illegal actions have probability 0
under both), the direction that penalises the policy for dropping an action the anchor plays.
"""

from __future__ import annotations

import torch


def masked_log_probs(policy, obs, masks) -> torch.Tensor:
    """log pi(a | obs) over the legal actions of each row (illegal: a very large negative)."""
    return torch.log_softmax(policy.get_distribution(obs, masks).distribution.logits, -1)


def kl_to(anchor_logp: torch.Tensor, logp: torch.Tensor) -> torch.Tensor:
    """Mean over rows of KL(anchor || policy); illegal actions (anchor probability 0) add 0."""
    p = anchor_logp.exp()
    terms = torch.where(p > 0, p * (anchor_logp - logp), torch.zeros_like(p))
    return terms.sum(-1).mean()


class Anchor:
    """The penalty on one MaskablePPO ``model`` toward ``anchor_policy`` (module docstring).
    ``last_kl`` is the KL of the latest minibatch (logged by the trainer)."""

    def __init__(self, model, anchor_policy, coef: float):
        if not coef > 0:
            raise ValueError(f"anchor coefficient {coef}: give a number > 0")
        self.coef = float(coef)
        self.policy = model.policy
        self.anchor = anchor_policy
        self.last_kl = 0.0
        self._batch = None
        buffer = self._buffer = model.rollout_buffer
        get = type(buffer).get

        def remembering_get(batch_size=None):
            for data in get(buffer, batch_size):
                self._batch = data
                yield data

        buffer.get = remembering_get
        self._hook = self.policy.optimizer.register_step_pre_hook(self._add_gradient)

    def _add_gradient(self, optimizer, args, kwargs) -> None:
        data, self._batch = self._batch, None
        if data is None:      # a step outside PPO's minibatch loop: nothing to anchor
            return
        with torch.no_grad():
            target = masked_log_probs(self.anchor, data.observations, data.action_masks)
        kl = kl_to(target, masked_log_probs(self.policy, data.observations,
                                            data.action_masks))
        (self.coef * kl).backward()
        self.last_kl = float(kl.detach())

    def remove(self) -> None:
        """Stop adding the penalty."""
        self._hook.remove()
        del self._buffer.get
