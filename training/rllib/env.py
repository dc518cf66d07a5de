"""BroadsideMultiAgentEnv: one game of any registered game as an RLlib ``MultiAgentEnv``.

AEC turn order over RLlib's multi-agent API: only the seat to play receives an observation
each step; per-agent Dict spaces hold the observation and the legal-action mask (see
``table.py`` for rewards, ends, illegal actions and built-in seats). RLlib's own
``PettingZooEnv`` wrapper does not fit (it expects other Dict keys and infers the spaces
from one agent), hence this adapter; it is game-agnostic: everything comes from the GameSpec.

``env_config`` keys: ``game`` (registered name, "havoc"), ``config`` (the game's config
kwargs), ``seed`` (base seed; each env runner / sub-env adds its index). RLlib builds it as
``BroadsideMultiAgentEnv(env_config)``.
"""

from __future__ import annotations

from training.extras import require

require("scale", "ray")

from ray.rllib.env.multi_agent_env import MultiAgentEnv  # noqa: E402

from training.rllib.table import GameTable  # noqa: E402


def env_seed(env_config) -> int:
    """Base seed of one env instance: the configured seed, spread by RLlib's worker index
    and sub-env index (EnvContext attributes; 0 for a plain dict)."""
    base = int(env_config.get("seed", 0) or 0)
    worker = int(getattr(env_config, "worker_index", 0) or 0)
    vector = int(getattr(env_config, "vector_index", 0) or 0)
    return base * 1_000_003 + worker * 1009 + vector


class BroadsideMultiAgentEnv(MultiAgentEnv):
    """One game; ``set_lineup`` hands seats to built-in agents from the next reset."""

    def __init__(self, env_config: dict | None = None):
        super().__init__()
        env_config = env_config if env_config is not None else {}
        self.table = GameTable(env_config.get("game", "havoc"), 1, seed=env_seed(env_config),
                               config=env_config.get("config") or {})
        self.spec = self.table.spec
        self.possible_agents = list(self.table.agents)
        self.agents = list(self.possible_agents)
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.metadata = {"name": f"{self.spec.name}_v{self.spec.version}"}

    def set_lineup(self, lineup) -> None:
        self.table.set_lineup(0, lineup)

    def reset(self, *, seed=None, options=None):
        """A new game from ``seed``; without one, from the env's own generator (seeded by the
        env_config seed), so a run is reproducible from its configuration."""
        self.table.seed_game(0, self.table.fresh_seed() if seed is None else int(seed))
        obs, infos = self.table.reset_rows([0])
        self.agents = self.table.rllib_agents(0)
        return obs[0], infos[0]

    def step(self, action_dict):
        if len(action_dict) != 1:
            raise ValueError(f"one agent acts per step (AEC turn order); got actions for "
                             f"{sorted(action_dict)}")
        (agent, action), = action_dict.items()
        seat = int(self.table.vec.to_play[0])
        if seat < 0 or agent != self.possible_agents[seat]:
            expected = self.possible_agents[seat] if seat >= 0 else "nobody (game over)"
            raise ValueError(f"{agent!r} acted but {expected} is to play")
        return self.table.step_rows({0: action})[0]

