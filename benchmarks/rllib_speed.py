"""Env steps/s through the RLlib adapter (``training/rllib``), printed, never asserted.

    python -m benchmarks.rllib_speed [--game havoc] [--seconds 5] [--runners 1,2]

Two levels, each for the single-game env (RLlib's own ``SyncVectorMultiAgentEnv`` over
``BroadsideMultiAgentEnv`` objects) and the batched one (``VectorGameMultiAgentEnv``):

* adapter: random legal play through the env's ``reset``/``step`` in this process, no Ray;
* env runners: RLlib's ``MultiAgentEnvRunner.sample`` on 1 and 2 remote env runners of a
  PPO algorithm (league lineups, masked-module inference and episode bookkeeping included),
  all runners sampling at once; steps/s = env steps of all runners / wall time.

Figures depend on the machine and its load: compare the rows of one run. ``make bench`` runs
this after ``broadside bench`` when the ``scale`` extra is installed.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def adapter_steps_per_s(game: str, config: dict, vector: bool, num_envs: int,
                        seconds: float) -> float:
    """Random legal play through the adapter (no Ray)."""
    from training.rllib.env import BroadsideMultiAgentEnv
    from training.rllib.vector_env import VectorGameMultiAgentEnv

    rng = np.random.default_rng(0)
    if vector:
        env = VectorGameMultiAgentEnv({"game": game, "config": config}, num_envs)
        obs, _ = env.reset(seed=0)
    else:
        envs_ = [BroadsideMultiAgentEnv({"game": game, "config": config, "seed": i})
                 for i in range(num_envs)]
        obs = [e.reset(seed=i)[0] for i, e in enumerate(envs_)]

    def pick(o, ended=False):
        if not o or ended:
            return {}
        (agent, x), = o.items()
        legal = np.flatnonzero(x["action_mask"])
        return {agent: int(legal[rng.integers(len(legal))])}

    steps, t0 = 0, time.perf_counter()
    ended = [False] * num_envs   # a game that ended shows its next one at the next step
    while time.perf_counter() - t0 < seconds:
        for _ in range(50):
            if vector:
                acts = [pick(o, e) for o, e in zip(obs, ended)]
                obs, _, term, trunc, _ = env.step(acts)
                steps += sum(1 for a in acts if a)
                ended = [t["__all__"] or u["__all__"] for t, u in zip(term, trunc)]
            else:
                for i, e in enumerate(envs_):
                    o, _, term, trunc, _ = e.step(pick(obs[i]))
                    steps += 1
                    obs[i] = e.reset()[0] if term["__all__"] or trunc["__all__"] else o
    return steps / (time.perf_counter() - t0)


def runner_steps_per_s(game: str, config: dict, vector: bool, runners: int, num_envs: int,
                       seconds: float) -> float:
    """RLlib env runners sampling in parallel (a PPO algorithm on a local Ray)."""
    from training.rllib.trainer import RLlibConfig, build_algo_config

    cfg = RLlibConfig(game=game, game_config=config, num_env_runners=runners,
                      num_envs_per_env_runner=num_envs, vector=vector,
                      opponents={"self": 0.5, "random": 0.5})
    algo = build_algo_config(cfg, has_heuristic=False).build_algo()
    group = algo.env_runner_group
    chunk = 1000

    def sample(er):
        eps = er.sample(num_timesteps=chunk, explore=True)
        return sum(e.env_steps() for e in eps)

    try:
        group.foreach_env_runner(sample, local_env_runner=False)   # warm up
        steps, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            steps += sum(group.foreach_env_runner(sample, local_env_runner=False))
        return steps / (time.perf_counter() - t0)
    finally:
        algo.stop()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--config", default="num_players=2",
                    help="game config, comma separated key=value (num_players=2)")
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--num-envs", type=int, default=64, help="games per env runner")
    ap.add_argument("--runners", default="1,2", help="env runner counts to measure")
    args = ap.parse_args(argv)
    from training.cli import parse_config

    config = parse_config([c for c in args.config.split(",") if c])
    import numba
    import ray
    import torch

    numba.set_num_threads(1)
    torch.set_num_threads(1)
    rows = []
    for vector in (False, True):
        kind = "VectorGame env" if vector else "single-game envs"
        rows.append((f"adapter, {kind} x{args.num_envs}, no Ray",
                     adapter_steps_per_s(args.game, config, vector, args.num_envs,
                                         args.seconds)))
        print(f"{rows[-1][0]:<58} {rows[-1][1]:>10.0f}", flush=True)
    ray.init(include_dashboard=False, log_to_driver=False)
    try:
        for runners in [int(x) for x in args.runners.split(",")]:
            for vector in (False, True):
                kind = "VectorGame env" if vector else "single-game envs"
                rows.append((f"{runners} env runner(s), {kind} x{args.num_envs}",
                             runner_steps_per_s(args.game, config, vector, runners,
                                                args.num_envs, args.seconds)))
                print(f"{rows[-1][0]:<58} {rows[-1][1]:>10.0f}", flush=True)
    finally:
        ray.shutdown()
    print(f"\n{args.game} {config}: env steps/s through the RLlib adapter")
    for name, v in rows:
        print(f"| {name} | {v:,.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
