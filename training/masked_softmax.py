"""The policy's masked action distribution normalised by torch's softmax kernel.

sb3-contrib's ``MaskableCategorical`` gives every illegal action the logit -1e8 and then
normalises the masked logits as torch's ``Categorical`` does, ``logits - logsumexp(logits)``.
On the CPU, torch 2.13 computes ``exp`` of an input below about -88 (whose result
underflows) one element at a time: on a PPO minibatch of 7th Sea logits (1,024 rows x 437
actions, most of them illegal) that normalisation costs 3.4 ms forward and as much again
backward, against 0.45 ms and 0.55 ms for ``log_softmax``, the same function computed by
the softmax kernel (tests/training/test_masked_softmax.py shows both).

:class:`SoftmaxMaskableCategorical` normalises the masked logits with ``log_softmax``: the
same logits, probabilities, log-probabilities and entropy up to float rounding, and the
illegal actions keep their logit and probability 0. :func:`install` switches a policy's
action distribution to make it (in place: the policy, its parameters and what it saves are
unchanged).
"""

from __future__ import annotations

import torch
from sb3_contrib.common.maskable.distributions import (
    MaskableCategorical, MaskableCategoricalDistribution)

#: the logit of an illegal action, as sb3-contrib gives it
ILLEGAL_LOGIT = -1e8


class SoftmaxMaskableCategorical(MaskableCategorical):
    """``MaskableCategorical`` whose masked logits are normalised by ``log_softmax``."""

    def apply_masking(self, masks) -> None:
        if masks is None:
            return super().apply_masking(masks)
        raw = self._original_logits
        self.masks = torch.as_tensor(masks, dtype=torch.bool,
                                     device=raw.device).reshape(raw.shape)
        masked = torch.where(self.masks, raw, torch.tensor(ILLEGAL_LOGIT, dtype=raw.dtype,
                                                           device=raw.device))
        # the shape is the one Categorical was made with: only the parameter changes
        self.__dict__.pop("probs", None)
        self.logits = self._param = torch.log_softmax(masked, -1)


class SoftmaxMaskableCategoricalDistribution(MaskableCategoricalDistribution):
    """``MaskableCategoricalDistribution`` making :class:`SoftmaxMaskableCategorical`."""

    def proba_distribution(self, action_logits: torch.Tensor):
        self.distribution = SoftmaxMaskableCategorical(
            logits=action_logits.view(-1, self.action_dim))
        return self


def install(policy):
    """Switch ``policy``'s action distribution (sb3-contrib's masked categorical) to
    :class:`SoftmaxMaskableCategoricalDistribution`; returns the policy."""
    if type(getattr(policy, "action_dist", None)) is MaskableCategoricalDistribution:
        policy.action_dist.__class__ = SoftmaxMaskableCategoricalDistribution
    return policy
