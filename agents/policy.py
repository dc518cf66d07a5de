"""Trained-policy agent: a MaskablePPO policy (in memory or loaded from a ``.zip``).

An observation agent (``needs_state = False``): it sees the seat's observation and the
legal-action mask, exactly what it was trained on. A batch of games is one forward pass.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent


class PolicyAgent(Agent):
    """Plays a ``MaskableActorCriticPolicy``; greedy by default, sampling if asked.

    ``seed`` seeds torch's generator used for sampling (greedy play needs none).
    """

    needs_state = False

    def __init__(self, policy, deterministic: bool = True, name: str = "ppo", seed=None):
        self.policy = policy
        self.deterministic = deterministic
        self.name = name
        self._gen = None
        self.seed(seed)

    @classmethod
    def load(cls, path, deterministic: bool = True, name: str | None = None, seed=None):
        """Load a model saved by ``MaskablePPO.save`` (the policy alone is kept)."""
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(str(path), device="cpu")
        return cls(model.policy, deterministic=deterministic,
                   name=name or f"ppo:{path}", seed=seed)

    @classmethod
    def frozen(cls, policy, name: str, deterministic: bool = False, seed=None):
        """An independent copy of ``policy`` whose weights later training will not move."""
        # rebuilt from its constructor arguments (as SB3's own policy save/load does):
        # deepcopy fails on a policy that has been trained
        clone = type(policy)(**policy._get_constructor_parameters())
        clone.load_state_dict(policy.state_dict())
        clone.set_training_mode(False)
        return cls(clone, deterministic=deterministic, name=name, seed=seed)

    def seed(self, seed):
        import torch

        if seed is None:
            self._gen = None
        else:
            self._gen = torch.Generator().manual_seed(int(seed) & 0x7FFFFFFF)

    def act_batch(self, obs, masks, states=None, seats=None):
        return policy_actions(self.policy, obs, masks, self.deterministic, self._gen)


def policy_actions(policy, obs, masks, deterministic=True, generator=None) -> np.ndarray:
    """Actions of a masked policy for a batch: one forward pass of the actor, no gradient.

    Goes straight from the actor's logits to actions (masked argmax, or a draw from the
    masked softmax) instead of building SB3's distribution objects, which cost more than
    the forward pass itself for the small batches of self-play.
    """
    import torch

    obs = np.asarray(obs, dtype=np.float32)
    masks = np.asarray(masks).astype(bool)
    with torch.no_grad():
        obs_t = torch.as_tensor(obs)
        features = policy.pi_features_extractor(obs_t)
        latent = policy.mlp_extractor.forward_actor(features)
        logits = policy.action_net(latent)
        logits = logits.masked_fill(~torch.as_tensor(masks), -torch.inf)
        if deterministic:
            acts = logits.argmax(dim=1)
        else:
            probs = torch.softmax(logits.nan_to_num(neginf=-1e30), dim=1)
            acts = torch.multinomial(probs, 1, generator=generator).squeeze(1)
    out = acts.cpu().numpy().astype(np.int64)
    out[~masks.any(axis=1)] = -1
    return out
