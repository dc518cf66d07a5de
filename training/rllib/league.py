"""The self-play league on RLlib: who plays each seat, episode by episode.

Members (module ids of the MultiRLModule, plus one built-in):

* ``main``        the policy being trained (the only module PPO updates)
* ``snap_<k>``    frozen copies of ``main``, added by ``promote`` when its win rate against the
                  newest snapshot passes the threshold (the newest ``max_snapshots`` play)
* ``random``      uniform over the legal actions (``MaskedPPOModule`` with ``uniform``)
* ``heuristic``   the game's hand-written agent. It reads the game record, which an RLModule
                  fed from one seat's observation must not see, so the env plays it itself
                  (a built-in seat, ``table.py``); RLlib never sees that seat.

Per episode (``LeagueCallbacks.on_episode_created``, before the env resets): one seat,
uniformly drawn, is ``main``'s; every other seat draws a kind by the weights of
``training.pool`` (``self`` = ``main`` again, ``snapshot`` = one active snapshot uniformly,
``heuristic``, ``random``; kinds with no member drop out). The draw is stored in the
episode's ``custom_data`` and the built-in seats are handed to the env; the policy mapping
function (``module_for_agent``) then reads the episode's draw, so the mapping is per episode
and travels with the episode across rollout fragments.
"""

from __future__ import annotations

from training.extras import require

require("scale", "ray")

import numpy as np  # noqa: E402
from ray.rllib.callbacks.callbacks import RLlibCallback  # noqa: E402

from training.rllib.table import RLLIB  # noqa: E402

MAIN = "main"
RANDOM = "random"
SNAPSHOT_PREFIX = "snap_"


def snapshot_id(k: int) -> str:
    return f"{SNAPSHOT_PREFIX}{k}"


def active_snapshots(module_ids, max_snapshots: int) -> list[str]:
    """The newest ``max_snapshots`` snapshot ids among ``module_ids``."""
    snaps = sorted((m for m in module_ids if m.startswith(SNAPSHOT_PREFIX)),
                   key=lambda m: int(m[len(SNAPSHOT_PREFIX):]))
    return snaps[-max_snapshots:] if max_snapshots > 0 else []


def draw_lineup(rng, num_players: int, weights: dict, snapshots: list[str],
                has_heuristic: bool) -> list[str]:
    """Member of each seat for one episode: ``main`` in one uniform seat, the others drawn
    by ``weights`` over the kinds that have members (see module docstring)."""
    kinds, p = [], []
    for kind, w in weights.items():
        if w <= 0 or (kind == "snapshot" and not snapshots) or \
                (kind == "heuristic" and not has_heuristic):
            continue
        kinds.append(kind)
        p.append(w)
    if not kinds:
        raise ValueError(f"no opponent kind with a positive weight has members ({weights}, "
                         f"{len(snapshots)} snapshots, heuristic: {has_heuristic})")
    p = np.asarray(p) / np.sum(p)
    learner = int(rng.integers(num_players))
    out = []
    for seat in range(num_players):
        if seat == learner:
            out.append(MAIN)
            continue
        kind = kinds[int(rng.choice(len(kinds), p=p))]
        if kind == "self":
            out.append(MAIN)
        elif kind == "snapshot":
            out.append(snapshots[int(rng.integers(len(snapshots)))])
        else:
            out.append(kind)
    return out


def module_for_agent(agent_id, episode, **kwargs) -> str:
    """Policy mapping: the module the episode's lineup gave this agent (``main`` when the
    episode has none, e.g. an env created outside the league). RLlib also calls it while it
    builds the continuation of a cut episode, before that episode's ``custom_data`` exists,
    and then discards the answer for the module ids it carries over."""
    data = getattr(episode, "_custom_data", None) or {}
    return data.get("modules", {}).get(agent_id, MAIN)


class LeagueCallbacks(RLlibCallback):
    """Draws each episode's lineup (``on_episode_created``) and records ``main``'s results.

    Configure with ``callbacks(functools.partial(LeagueCallbacks, weights=..., ...))``.
    """

    def __init__(self, weights: dict | None = None, max_snapshots: int = 8, seed: int = 0,
                 has_heuristic: bool = False, torch_threads: int = 1):
        super().__init__()
        from training.pool import parse_weights

        self.weights = parse_weights(weights)
        self.max_snapshots = max_snapshots
        self.seed = seed
        self.has_heuristic = has_heuristic
        self.torch_threads = torch_threads
        self._rng = None

    def on_environment_created(self, *, env_runner=None, **kwargs):
        """Threads of an env runner process: one each for torch and numba by default. The
        networks are small and the game batches too short to split; a second torch thread
        per runner only fights the other runners and the learner (measured: a remote runner
        on 2 busy cores sampled 6x slower with torch's default of one thread per core)."""
        if self.torch_threads > 0:
            import numba
            import torch

            torch.set_num_threads(self.torch_threads)
            numba.set_num_threads(min(self.torch_threads, numba.config.NUMBA_NUM_THREADS))

    def on_episode_created(self, *, episode, env_runner=None, env=None, env_index=0,
                           **kwargs):
        if self._rng is None:
            worker = int(getattr(env_runner, "worker_index", 0) or 0)
            self._rng = np.random.default_rng([self.seed, worker])
        sub = env.envs[env_index].unwrapped
        agents = list(sub.possible_agents)
        module_ids = list(env_runner.module.keys()) if env_runner.module is not None else []
        lineup = draw_lineup(self._rng, len(agents), self.weights,
                             active_snapshots(module_ids, self.max_snapshots),
                             self.has_heuristic)
        sub.set_lineup([RLLIB if m != "heuristic" else "heuristic" for m in lineup])
        episode.custom_data["modules"] = {a: m for a, m in zip(agents, lineup)
                                          if m != "heuristic"}
        episode.custom_data["lineup"] = lineup

    def on_episode_end(self, *, episode, metrics_logger=None, **kwargs):
        """``main``'s win rate in training games (terminal reward > 1/2 is a win, as in
        ``training.evaluate``), over the last 100 episodes."""
        if metrics_logger is None:
            return
        rewards = episode.get_rewards()
        for agent, module in episode.custom_data.get("modules", {}).items():
            if module == MAIN and agent in rewards and len(rewards[agent]):
                metrics_logger.log_value("main_win_rate", float(rewards[agent][-1] > 0.5),
                                         reduce="mean", window=100)
