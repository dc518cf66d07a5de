"""Self-play PPO on Ray RLlib for any registered game: ``broadside train --backend rllib``.

The loop (``RLlibTrainer.train``) alternates RLlib PPO iterations with, every ``eval_every``
env steps, the bookkeeping of ``training.trainer`` done by the same code:

1. Sampling: env runners play the league (``league.py``): ``main`` in one seat, snapshots,
   random, ``main`` itself or the built-in heuristic in the others, drawn per episode.
2. Evaluation (``training.evaluate.play_games`` over ``VectorGame``, fixed seeds): greedy
   ``main`` against random, the heuristic (if the game has one) and the newest snapshot;
   openskill ratings of every member (``training.ratings``, ``ratings.json``).
3. Promotion: ``main`` is frozen into the league as ``snap_<k>`` when its win rate against the
   newest snapshot (against random before the first) reaches ``promote_threshold`` (default:
   the fair share 1/players plus 0.05).
4. A checkpoint (``checkpoint/``: RLlib's own, plus ``league.json`` with the config, the
   snapshot ids, history and ratings); ``RLlibTrainer.resume(run_dir)`` continues from it.

Ray: ``address=None`` starts a local Ray on this machine (``num_cpus`` cores); otherwise it
joins a running cluster (``"auto"``, ``"ray://head:10001"``; README: "Training on a Ray
cluster"). ``vector=True`` steps ``num_envs_per_env_runner`` games per env runner in one
``VectorGame`` (``vector_env.py``); ``vector=False`` uses RLlib's own vectorisation over
``BroadsideMultiAgentEnv`` objects.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from agents.base import Agent
from training.extras import require
from training.matches import warm_up
from training.pool import DEFAULT_WEIGHTS, parse_weights

#: iterations in a row with no sample from any env runner before a run gives up
EMPTY_ITERATIONS = 10


@dataclass
class RLlibConfig:
    """Everything that defines an RLlib training run (saved with its checkpoints)."""

    game: str = "havoc"
    game_config: dict = field(default_factory=dict)
    timesteps: int = 100_000
    seed: int = 0
    num_env_runners: int = 0
    num_envs_per_env_runner: int = 64
    vector: bool = True
    train_batch_size: int = 2048
    minibatch_size: int = 512
    num_epochs: int = 4
    lr: float = 1e-3
    gamma: float = 0.99
    lambda_: float = 0.95
    entropy_coeff: float = 0.01
    clip_param: float = 0.2
    hiddens: tuple = (128, 128)
    opponents: dict = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    max_snapshots: int = 8
    promote_threshold: float | None = None
    eval_every: int = 20_000
    eval_games: int = 100
    eval_config: dict | None = None
    address: str | None = None
    num_cpus: int | None = None
    torch_threads: int = 1
    run_dir: str = "runs/rllib"

    def to_json(self) -> dict:
        d = dataclasses.asdict(self)
        d["hiddens"] = list(self.hiddens)
        return d

    @classmethod
    def from_json(cls, d: dict) -> "RLlibConfig":
        d = dict(d)
        d["hiddens"] = tuple(d.get("hiddens", (128, 128)))
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


class RLModuleAgent(Agent):
    """An RLModule as a ``training``/``agents`` Agent: greedy (masked argmax) by default,
    sampling from the masked softmax with its own seeded generator otherwise."""

    needs_state = False

    def __init__(self, module, name: str = "rllib", deterministic: bool = True, seed=None):
        self.module, self.name, self.deterministic = module, name, deterministic
        self.seed(seed)

    def seed(self, seed):
        import torch

        self._gen = None if seed is None else torch.Generator().manual_seed(int(seed))

    def act_batch(self, obs, masks, states=None, seats=None):
        import torch

        masks = np.asarray(masks)
        logits = self.module.masked_logits(obs, masks)
        if self.deterministic:
            out = logits.argmax(dim=1)
        else:
            out = torch.multinomial(torch.softmax(logits, dim=1), 1, generator=self._gen)[:, 0]
        out = out.numpy().astype(np.int64)
        out[~masks.any(axis=1)] = -1
        return out


def frozen_agent(module, name: str) -> RLModuleAgent:
    """A greedy agent on an independent copy of ``module`` (later training leaves it be)."""
    import copy

    return RLModuleAgent(copy.deepcopy(module), name=name)


def init_ray(address: str | None, num_cpus: int | None) -> None:
    """Join ``address`` (a running cluster), or start a local Ray on this machine."""
    ray = require("scale", "ray")
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        # "local": a new instance of this process's own, never one another job started
        ray.init(address="local", num_cpus=num_cpus, include_dashboard=False,
                 log_to_driver=False)


def build_algo_config(cfg: RLlibConfig, has_heuristic: bool):
    """The PPOConfig of a run: env, env runners, the league's modules and mapping."""
    require("scale", "ray")
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    from training.rllib.env import BroadsideMultiAgentEnv
    from training.rllib.league import MAIN, RANDOM, LeagueCallbacks, module_for_agent
    from training.rllib.module import MaskedPPOModule
    from training.rllib.vector_env import VectorGameEnvRunner

    runners = {"num_env_runners": cfg.num_env_runners,
               "num_envs_per_env_runner": cfg.num_envs_per_env_runner,
               "num_cpus_per_env_runner": 1}
    if cfg.vector:
        runners["env_runner_cls"] = VectorGameEnvRunner
    specs = {MAIN: RLModuleSpec(module_class=MaskedPPOModule,
                                model_config={"hiddens": list(cfg.hiddens)}),
             RANDOM: RLModuleSpec(module_class=MaskedPPOModule,
                                  model_config={"hiddens": [8], "uniform": True})}
    return (
        PPOConfig()
        .environment(BroadsideMultiAgentEnv,
                     env_config={"game": cfg.game, "config": dict(cfg.game_config),
                                 "seed": cfg.seed})
        .env_runners(**runners)
        .multi_agent(policies=list(specs), policy_mapping_fn=module_for_agent,
                     policies_to_train=[MAIN])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs))
        .callbacks(functools.partial(LeagueCallbacks, weights=dict(cfg.opponents),
                                     max_snapshots=cfg.max_snapshots, seed=cfg.seed,
                                     has_heuristic=has_heuristic,
                                     torch_threads=cfg.torch_threads))
        .training(train_batch_size_per_learner=cfg.train_batch_size,
                  minibatch_size=cfg.minibatch_size, num_epochs=cfg.num_epochs, lr=cfg.lr,
                  gamma=cfg.gamma, lambda_=cfg.lambda_, entropy_coeff=cfg.entropy_coeff,
                  clip_param=cfg.clip_param,
                  # the clipped objective alone, as training/ (MaskablePPO) uses: RLlib's
                  # default adds an adaptive KL penalty that slows these short runs down
                  use_kl_loss=False)
        .debugging(seed=cfg.seed)
        .reporting(metrics_num_episodes_for_smoothing=100)
    )


class RLlibTrainer:
    """A league self-play run in ``cfg.run_dir`` (see the module docstring)."""

    def __init__(self, cfg: RLlibConfig):
        import torch

        from agents import heuristic
        from training.ratings import Ratings

        cfg.opponents = parse_weights(cfg.opponents)
        self.cfg = cfg
        if cfg.torch_threads > 0:
            torch.set_num_threads(cfg.torch_threads)
        torch.manual_seed(cfg.seed)
        self.has_heuristic = heuristic.available(cfg.game)
        # compile (or load) the game's kernels here first: each env runner would otherwise
        # compile them inside its first sample, past RLlib's sample timeout, and the first
        # iteration would come back empty (a cold cache on a fresh clone)
        warm_up(cfg.game, ["heuristic"] if self.has_heuristic else [], cfg.game_config)
        init_ray(cfg.address, cfg.num_cpus)
        self.algo = build_algo_config(cfg, self.has_heuristic).build_algo()
        self.snapshots: list[str] = []
        self.history: list[dict] = []
        self.ratings = Ratings()
        self.timesteps = 0
        self.run_dir = Path(cfg.run_dir)

    @property
    def num_players(self) -> int:
        import envs

        return int(envs.spec(self.cfg.game).make_config(**self.cfg.game_config)
                   ["num_players"][0])

    def main_module(self):
        from training.rllib.league import MAIN

        return self.algo.get_module(MAIN)

    def agent(self, deterministic: bool = True, name: str = "main") -> RLModuleAgent:
        return RLModuleAgent(self.main_module(), name=name, deterministic=deterministic)

    # ----- league ------------------------------------------------------------------------------
    def promote(self) -> str:
        """Freeze ``main`` into the league as the next ``snap_<k>``."""
        from training.rllib.league import snapshot_id

        mid = snapshot_id(len(self.snapshots))
        self._add_snapshot_module(mid)
        self.algo.set_state({"learner_group": {"learner": {"rl_module": {
            mid: self.main_module().get_state()}}}})
        # PPO syncs only the modules it trains; a new snapshot's weights go out once
        self.algo.env_runner_group.sync_weights(
            from_worker_or_learner_group=self.algo.learner_group, policies=[mid],
            inference_only=True)
        self.snapshots.append(mid)
        return mid

    def _add_snapshot_module(self, mid: str) -> None:
        from ray.rllib.core.rl_module.rl_module import RLModuleSpec

        from training.rllib.league import MAIN

        self.algo.add_module(module_id=mid,
                             module_spec=RLModuleSpec.from_module(self.main_module()),
                             new_should_module_be_updated=[MAIN])

    def threshold(self) -> float:
        t = self.cfg.promote_threshold
        return 1.0 / self.num_players + 0.05 if t is None else float(t)

    # ----- loop --------------------------------------------------------------------------------
    def train(self, callback=None) -> None:
        """PPO iterations until ``cfg.timesteps`` env steps; evaluation, promotion and a
        checkpoint every ``eval_every`` steps and at the end."""
        next_eval = self.timesteps + self.cfg.eval_every
        t0, steps0 = time.perf_counter(), self.timesteps
        empty = 0
        while self.timesteps < self.cfg.timesteps:
            result = self.algo.train()
            if "env_runners" not in result:     # no env runner returned a sample in time
                empty += 1
                if empty >= EMPTY_ITERATIONS:
                    raise RuntimeError(
                        f"RLlib sampled nothing in {empty} iterations in a row: its env "
                        "runners are not answering (see Ray's logs)")
                continue
            empty = 0
            self.timesteps = int(result["env_runners"].get("num_env_steps_sampled_lifetime",
                                                           self.timesteps))
            if self.timesteps >= next_eval or self.timesteps >= self.cfg.timesteps:
                next_eval = self.timesteps + self.cfg.eval_every
                dt = time.perf_counter() - t0
                rec = self.evaluate(result)
                rec["env_steps_per_s"] = (self.timesteps - steps0) / max(dt, 1e-9)
                self.save()
                if callback is not None:
                    callback(self, rec)
                t0, steps0 = time.perf_counter(), self.timesteps

    def evaluate(self, result=None) -> dict:
        """Greedy ``main`` against random, the heuristic and the newest snapshot with the code
        of ``training.trainer`` (seed ``cfg.seed + 1000`` every time, so evaluations compare
        like with like), openskill ratings, then promotion."""
        import agents
        from training.evaluate import play_games, seatings_vs, tally

        cfg = self.cfg
        game_cfg = cfg.eval_config if cfg.eval_config is not None else cfg.game_config
        name = f"main@{self.timesteps}"
        me = self.agent(name=name)
        rec: dict = {"timesteps": self.timesteps, "iteration": self.algo.iteration,
                     "name": name}
        if result is not None:
            rec["train_win_rate"] = result["env_runners"].get("main_win_rate")
        opponents = {"random": agents.make("random", cfg.game, seed=cfg.seed + 1)}
        if self.has_heuristic:
            opponents["heuristic"] = agents.make("heuristic", cfg.game, seed=cfg.seed + 2)
        if self.snapshots:
            newest = self.snapshots[-1]
            opponents["snapshot"] = frozen_agent(self.algo.get_module(newest), newest)
        seatings = seatings_vs(self.num_players, cfg.eval_games)
        for key, opp in opponents.items():
            res = play_games(cfg.game, [me, opp], seatings, seed=cfg.seed + 1000,
                             config=game_cfg)
            rec[f"vs_{key}"] = dict(tally(res, 0).as_dict(), opponent=opp.name)
            self.ratings.update_results(res, [name, opp.name])
        versus = rec.get("vs_snapshot", rec["vs_random"])
        rec["promoted"] = None
        if versus["win_rate"] >= self.threshold():
            rec["promoted"] = self.promote()
        rec["ratings"] = self.ratings.leaderboard()
        self.history.append(rec)
        return rec

    # ----- checkpoints -------------------------------------------------------------------------
    def save(self) -> Path:
        """RLlib's checkpoint of the algorithm plus the league (``league.json``)."""
        path = (self.run_dir / "checkpoint").resolve()
        path.mkdir(parents=True, exist_ok=True)
        self.algo.save_to_path(str(path))
        (path / "league.json").write_text(json.dumps({
            "config": self.cfg.to_json(), "snapshots": self.snapshots,
            "timesteps": self.timesteps, "history": self.history}, indent=1, default=float))
        self.ratings.save(self.run_dir / "ratings.json")
        return path

    @classmethod
    def resume(cls, run_dir, **overrides) -> "RLlibTrainer":
        """The run saved in ``run_dir/checkpoint``: same config (``overrides`` applied), the
        league's snapshots rebuilt, then every module, optimiser and env runner state
        restored by RLlib."""
        from training.ratings import Ratings

        path = (Path(run_dir) / "checkpoint").resolve()
        meta = json.loads((path / "league.json").read_text())
        cfg = RLlibConfig.from_json(dict(meta["config"], **overrides))
        tr = cls(cfg)
        for mid in meta["snapshots"]:
            tr._add_snapshot_module(mid)
        tr.snapshots = list(meta["snapshots"])
        tr.algo.restore_from_path(str(path))
        tr.timesteps = int(meta["timesteps"])
        tr.history = list(meta["history"])
        tr.ratings = Ratings.load(Path(run_dir) / "ratings.json")
        return tr

    def stop(self) -> None:
        self.algo.stop()
