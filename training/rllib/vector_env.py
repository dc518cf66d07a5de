"""The batched path: many games in one ``VectorGame`` behind RLlib's ``MultiAgentEnvRunner``.

RLlib's ``MultiAgentEnvRunner`` builds a ``SyncVectorMultiAgentEnv`` over N separate
``MultiAgentEnv`` objects and steps them one by one in Python. ``VectorGameMultiAgentEnv``
speaks the same ``VectorMultiAgentEnv`` protocol (lists of per-game multi-agent dicts,
"next_step" auto-reset) over one ``GameTable``, so each RLlib step is one batch kernel call
for all N games. ``VectorGameEnvRunner`` is the env runner that builds it
(``config.env_runners(env_runner_cls=VectorGameEnvRunner)``); the games, observations and
rewards are exactly those of ``BroadsideMultiAgentEnv`` (``table.py``).
"""

from __future__ import annotations

from training.extras import require

require("scale", "ray")

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
from ray.rllib.env.env_context import EnvContext  # noqa: E402
from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner  # noqa: E402
from ray.rllib.env.vector.vector_multi_agent_env import VectorMultiAgentEnv  # noqa: E402
from ray.rllib.callbacks.utils import make_callback  # noqa: E402

from training.rllib.env import env_seed  # noqa: E402
from training.rllib.table import GameTable  # noqa: E402


class SubEnv:
    """Game ``i`` of a table, as RLlib's runner addresses a sub-env (``envs[i].unwrapped``):
    spaces, agent names and ``set_lineup`` for the league."""

    def __init__(self, table: GameTable, i: int):
        self.table, self.i = table, i
        self.possible_agents = list(table.agents)
        self.observation_spaces = table.observation_spaces
        self.action_spaces = table.action_spaces

    @property
    def unwrapped(self):
        return self

    def get_observation_space(self, agent):
        return self.observation_spaces[agent]

    def get_action_space(self, agent):
        return self.action_spaces[agent]

    def set_lineup(self, lineup) -> None:
        self.table.set_lineup(self.i, lineup)


class VectorGameMultiAgentEnv(VectorMultiAgentEnv):
    """``num_envs`` games as one ``VectorMultiAgentEnv`` (see module docstring)."""

    def __init__(self, env_config: dict, num_envs: int):
        super().__init__()
        self.table = GameTable(env_config.get("game", "havoc"), num_envs,
                               seed=env_seed(env_config), config=env_config.get("config") or {})
        self.num_envs = num_envs
        self.envs = [SubEnv(self.table, i) for i in range(num_envs)]
        self.single_observation_spaces = self.table.observation_spaces
        self.single_action_spaces = self.table.action_spaces
        self.single_observation_space = gym.spaces.Dict(self.single_observation_spaces)
        self.single_action_space = gym.spaces.Dict(self.single_action_spaces)
        self.metadata = {"autoreset_mode": "next_step"}
        self._autoreset = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.table.vec.reset(self.table.fresh_seed() if seed is None else int(seed))
        self._autoreset[:] = False
        return self.table.reset_rows(range(self.num_envs))

    def step(self, actions):
        n = self.num_envs
        obs, rew = [{} for _ in range(n)], [{} for _ in range(n)]
        term, trunc = [{} for _ in range(n)], [{} for _ in range(n)]
        infos = [{} for _ in range(n)]
        fresh = np.flatnonzero(self._autoreset).tolist()
        if fresh:
            o, inf = self.table.reset_rows(fresh)
            for k, i in enumerate(fresh):
                obs[i], infos[i] = o[k], inf[k]
                term[i], trunc[i] = {"__all__": False}, {"__all__": False}
        moves = {}
        for i, act in enumerate(actions):
            if self._autoreset[i] or not act:
                continue
            (agent, a), = act.items()
            moves[i] = a
        for i, (o, r, te, tr, inf) in self.table.step_rows(moves).items():
            obs[i], rew[i], term[i], trunc[i], infos[i] = o, r, te, tr, inf
        self._autoreset[:] = [t.get("__all__", False) or u.get("__all__", False)
                              for t, u in zip(term, trunc)]
        return obs, np.array(rew), np.array(term), np.array(trunc), np.array(infos)


class VectorGameEnvRunner(MultiAgentEnvRunner):
    """``MultiAgentEnvRunner`` whose env is a ``VectorGameMultiAgentEnv`` of
    ``num_envs_per_env_runner`` games (``env_config`` as for ``BroadsideMultiAgentEnv``)."""

    def make_env(self):
        if self.env is not None:
            self.env.close()
        env_ctx = self.config.env_config
        if not isinstance(env_ctx, EnvContext):
            env_ctx = EnvContext(env_ctx, worker_index=self.worker_index,
                                 num_workers=self.config.num_env_runners,
                                 remote=self.config.remote_worker_envs)
        self.env = VectorGameMultiAgentEnv(env_ctx, self.config.num_envs_per_env_runner)
        self.num_envs = self.env.num_envs
        self._needs_initial_reset = True
        make_callback("on_environment_created", callbacks_objects=self._callbacks,
                      callbacks_functions=self.config.callbacks_on_environment_created,
                      kwargs=dict(env_runner=self, metrics_logger=self.metrics,
                                  env=self.env.unwrapped, env_context=env_ctx))
