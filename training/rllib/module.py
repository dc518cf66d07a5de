"""MaskedPPOModule: a torch RLModule for any Broadside game, illegal actions masked.

The observation is the adapter's Dict (``observation``, ``action_mask``). The policy and
the value function are two MLPs (``model_config["hiddens"]``, default 128, 128) over
``observation``; illegal actions get a logit of ``FLOAT_MIN`` so that neither sampling nor
argmax ever picks one, and their probability (hence their gradient) is zero. The value
function reads only ``observation`` too: a seat's critic sees what the seat may see.

``model_config["uniform"] = True`` gives the league's ``random`` member: zero logits before
masking, i.e. uniform over the legal actions when sampled (never trained).
"""

from __future__ import annotations

from training.extras import require

require("scale", "ray")

import torch  # noqa: E402
from ray.rllib.core.columns import Columns  # noqa: E402
from ray.rllib.core.rl_module.apis.value_function_api import ValueFunctionAPI  # noqa: E402
from ray.rllib.core.rl_module.torch import TorchRLModule  # noqa: E402
from ray.rllib.utils.torch_utils import FLOAT_MIN  # noqa: E402

DEFAULT_HIDDENS = (128, 128)


def mlp(sizes, out: int, head_gain: float) -> torch.nn.Sequential:
    """Tanh MLP with orthogonal initialisation as SB3's policies have (hidden gain sqrt 2;
    policy head 0.01, so the untrained policy is near uniform over the legal actions)."""
    layers: list = []
    for a, b in zip(sizes[:-1], sizes[1:]):
        layers += [_orthogonal(torch.nn.Linear(a, b), 2 ** 0.5), torch.nn.Tanh()]
    layers.append(_orthogonal(torch.nn.Linear(sizes[-1], out), head_gain))
    return torch.nn.Sequential(*layers)


def _orthogonal(layer: torch.nn.Linear, gain: float) -> torch.nn.Linear:
    torch.nn.init.orthogonal_(layer.weight, gain=gain)
    torch.nn.init.zeros_(layer.bias)
    return layer


class MaskedPPOModule(TorchRLModule, ValueFunctionAPI):
    """Masked actor-critic over the adapter's Dict observation (see module docstring)."""

    def setup(self):
        cfg = dict(self.model_config or {})
        obs_size = self.observation_space["observation"].shape[0]
        hiddens = tuple(cfg.get("hiddens", DEFAULT_HIDDENS))
        self.uniform = bool(cfg.get("uniform", False))
        self.pi = mlp((obs_size, *hiddens), self.action_space.n, head_gain=0.01)
        self.vf = mlp((obs_size, *hiddens), 1, head_gain=1.0)
        if self.uniform:
            for p in self.parameters():
                p.requires_grad_(False)

    def _logits(self, obs: dict) -> torch.Tensor:
        x = obs["observation"]
        logits = torch.zeros(x.shape[0], self.action_space.n) if self.uniform else self.pi(x)
        return logits + torch.clamp(torch.log(obs["action_mask"]), min=FLOAT_MIN)

    def _forward(self, batch, **kwargs):
        return {Columns.ACTION_DIST_INPUTS: self._logits(batch[Columns.OBS])}

    def _forward_inference(self, batch, **kwargs):
        with torch.no_grad():
            return self._forward(batch)

    def _forward_exploration(self, batch, **kwargs):
        with torch.no_grad():
            return self._forward(batch)

    def compute_values(self, batch, embeddings=None):
        x = batch[Columns.OBS]["observation"]
        if self.uniform:
            return torch.zeros(x.shape[0])
        return self.vf(x).squeeze(-1)

    def masked_logits(self, obs, masks) -> torch.Tensor:
        """Logits for numpy observation and mask arrays (evaluation outside RLlib)."""
        with torch.no_grad():
            return self._logits({"observation": torch.as_tensor(obs, dtype=torch.float32),
                                 "action_mask": torch.as_tensor(masks, dtype=torch.float32)})
