"""Training throughput: env steps/s of ``Trainer`` and where a PPO iteration's time goes.

    python -m benchmarks.selfplay_speed --game havoc --rollouts 4
    python -m benchmarks.selfplay_speed --reference      # also the Python opponent loop
    python -m benchmarks.selfplay_speed --train-mix      # broadside train's opponent mix
    python -m benchmarks.selfplay_speed --train-mix --python-heuristic   # ... heuristic from Python
    python -m benchmarks.selfplay_speed --train-mix --serial 2   # pipelined vs serial update
    python -m benchmarks.selfplay_speed --train-mix --anchor 1 --serial 2   # ... as broadside train's PPO

Trains the default ``TrainConfig`` (2 players, the full game, 32 games, 128 steps a
rollout) for one warm-up rollout, then times ``--rollouts`` rollouts + PPO updates.
``--train-mix`` uses the opponent mix ``broadside train`` uses after its warm start
(training/cli.py ``WARM_PPO_DEFAULTS``: half the opponents the heuristic) instead of
TrainConfig's; ``--python-heuristic`` moves the heuristic from Python even where the game's
reply kernel could play it (the path before ``GameSpec.heuristic_best``). Env
steps are the learner's and the opponents' decisions. The time is split into:

* ``ppo_update``: ``MaskablePPO.train`` (the minibatch gradient steps),
* ``learner_forward``: the rest of ``collect_rollouts`` outside the env (the learner's
  forward pass and SB3's buffer and callback work),
* ``game_kernels``: ``VectorGame.step`` calls plus the game kernel part of the opponent
  kernel (the kernel's time less its network and heuristic parts),
* ``opponent_networks``: the opponents' actor evaluations inside the kernel (their count
  times the time of one ``envs.core.mlp.forward_legal``, measured on the run's
  observations and masks),
* ``kernel_heuristic``: the heuristic's decisions inside the opponent kernel (their count
  times the mean time of one ``heuristic_best`` call, measured on the run's positions),
* ``python_opponents``: heuristic (Python) opponents' ``act_batch`` calls,
* ``env_python``: the rest of the VecEnv's ``step_wait`` (reward credit, bookkeeping).

Wall and process CPU seconds are both reported: on a machine shared with other jobs the
wall figure depends on them (the load average is printed). ``--reference`` repeats the run
the way main did it: ``SelfPlayVecEnv(fast=False)`` (every opponent moved from Python in
lock-step rounds) and dense first layers (``sparse_input=False``). Figures go to stdout and ``--out`` (JSON); nothing
here is asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np


def _forward_seconds(env, samples: int = 2000) -> float:
    """Seconds of one opponent actor evaluation (``forward_legal``, the logits of the legal
    actions, as the opponent kernel makes them) on this run's observations and masks: the
    kernel's network cost per policy reply, the observation not counted."""
    from numba import njit

    from envs.core.mlp import forward_legal, num_outputs, width

    t = env._opponent_tables()
    params, layout = t["params"], t["layout"]
    obs = np.ascontiguousarray(env.vec.obs)
    masks = np.ascontiguousarray(env.vec.masks)

    @njit
    def loop(params, layout, obs, masks, reps):
        scratch = np.zeros((2, width(layout)), dtype=np.float32)
        out = np.zeros(num_outputs(layout), dtype=np.float32)
        acc = 0.0
        for r in range(reps):
            i = r % obs.shape[0]
            forward_legal(params[0], layout, obs[i], scratch, out, masks[i])
            acc += out[0]
        return acc

    loop(params, layout, obs, masks, 1)
    t0 = time.perf_counter()
    loop(params, layout, obs, masks, samples)
    return (time.perf_counter() - t0) / samples


def _heuristic_seconds(env, samples: int = 300) -> float:
    """Mean seconds of one in-kernel heuristic decision (``GameSpec.heuristic_best``) over
    this run's positions, from the seat to play; 0 for a game without the kernel."""
    from numba import njit

    from envs.core import search
    from envs.core.search import game_heuristic

    spec = env.game_spec
    if spec.heuristic_best is None:
        return 0.0
    search.register(spec, search=False)

    @njit
    def loop(states, reps, best):
        total = 0
        for r in range(reps):
            s = states[r % states.shape[0]]     # heuristic_best leaves it untouched
            total += game_heuristic(s, max(s.to_play, 0), np.uint64(r), best)
        return total

    states = np.ascontiguousarray(env.vec.states)
    best = np.zeros(spec.num_actions, dtype=np.bool_)
    loop(states, 1, best)
    t0 = time.perf_counter()
    loop(states, samples, best)
    return (time.perf_counter() - t0) / samples


def measure(game: str = "havoc", rollouts: int = 4, fast: bool = True, seed: int = 0,
            python_heuristic: bool = False, **overrides) -> dict:
    import envs
    from training.trainer import TrainConfig, Trainer

    spec = envs.spec(game)
    cfg = {"num_players": 2} if spec.min_players <= 2 <= spec.max_players else {}
    tc = TrainConfig(game=game, game_config=cfg, seed=seed, eval_every=10**12,
                     run_dir=f"/tmp/broadside-selfplay-speed-{os.getpid()}", tensorboard=False,
                     progress=False, **overrides)
    tr = Trainer(tc)
    env = tr.env
    env.fast = fast
    if python_heuristic:
        env.kernel_heuristic = False
        env._tables = None          # rebuilt on the next reply: the heuristic as KIND_PYTHON
    model = tr.model
    rollout = tc.rollout_size
    tr._learn(rollout, None)      # warm-up
    timers = {"train": 0.0, "collect": 0.0, "step_wait": 0.0}

    def timed(name, fn):
        def run(*a, **k):
            t0 = time.perf_counter()
            try:
                return fn(*a, **k)
            finally:
                timers[name] += time.perf_counter() - t0
        return run

    # on the class: the pipeline's collecting thread calls them on a view of the model
    cls = type(model)
    patched = {k: cls.__dict__.get(k) for k in ("train", "collect_rollouts")}
    cls.train = timed("train", cls.train)
    cls.collect_rollouts = timed("collect", cls.collect_rollouts)
    env.step_wait = timed("step_wait", env.step_wait)
    before = {k: getattr(env, k) for k in ("kernel_seconds", "opponent_seconds",
                                           "reply_kernel_seconds", "opponent_steps")}
    tally0 = env.reply_tally.copy()
    steps0 = model.num_timesteps
    load = os.getloadavg()
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        tr._learn(rollouts * rollout, None)
    finally:
        for k, fn in patched.items():
            if fn is None:
                delattr(cls, k)
            else:
                setattr(cls, k, fn)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    learner = model.num_timesteps - steps0
    d = {k: getattr(env, k) - v for k, v in before.items()}
    policy_replies = int(env.reply_tally[1] - tally0[1])
    heuristic_replies = int(env.reply_tally[2] - tally0[2])
    nets = policy_replies * _forward_seconds(env) if fast else 0.0
    heur = heuristic_replies * _heuristic_seconds(env) if heuristic_replies else 0.0
    parts = {
        "ppo_update": timers["train"],
        "learner_forward": timers["collect"] - timers["step_wait"],
        "game_kernels": d["kernel_seconds"] + d["reply_kernel_seconds"] - nets - heur,
        "opponent_networks": nets,
        "kernel_heuristic": heur,
        "python_opponents": d["opponent_seconds"],
    }
    parts["env_python"] = timers["step_wait"] - sum(
        parts[k] for k in ("game_kernels", "opponent_networks", "kernel_heuristic",
                           "python_opponents"))
    # pipelined, the update and the collection overlap: "other" is then negative by the
    # overlap, and the shares add up to more than 100%
    parts["other"] = wall - timers["train"] - timers["collect"]
    env_steps = learner + d["opponent_steps"]
    return {"game": game, "config": cfg, "fast": fast, "sparse_input": tc.sparse_input,
            "pipeline": tc.pipeline, "anchor": tc.anchor,
            "rollouts": rollouts,
            "num_envs": tc.num_envs, "torch_threads": tc.torch_threads,
            "learner_steps": learner,
            "opponents": dict(tc.opponents), "python_heuristic": python_heuristic,
            "opponent_steps": int(d["opponent_steps"]), "policy_replies_in_kernel":
            policy_replies, "heuristic_replies_in_kernel": heuristic_replies, "wall_s": wall,
            "cpu_s": cpu, "env_steps_per_s": env_steps / wall,
            "env_steps_per_cpu_s": env_steps / cpu, "load_avg": load,
            "share": {k: v / wall for k, v in parts.items()}}


def print_row(r: dict) -> None:
    path = ("opponent kernel" if r["fast"] else "Python opponent rounds") + (
        ", sparse first layers" if r["sparse_input"] else ", dense first layers") + (
        ", heuristic from Python" if r["python_heuristic"] else "") + (
        ", pipelined" if r["pipeline"] else ", serial") + (
        f", anchor {r['anchor']:g}" if r["anchor"] else "")
    mix = ",".join(f"{k}={v:g}" for k, v in r["opponents"].items() if v)
    print(f"{r['game']} {r['config']} {mix} [{path}, torch threads {r['torch_threads']}]: "
          f"{r['env_steps_per_s']:,.0f} env steps/s wall ({r['env_steps_per_cpu_s']:,.0f} per "
          f"CPU s; {r['learner_steps']} learner + {r['opponent_steps']} opponent steps in "
          f"{r['wall_s']:.1f} s wall, {r['cpu_s']:.1f} s CPU; load average "
          f"{r['load_avg'][0]:.2f})")
    print("  " + ", ".join(f"{k} {v:.1%}" for k, v in r["share"].items()), flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--rollouts", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--torch-threads", type=int, default=None)
    ap.add_argument("--reference", action="store_true",
                    help="also measure the Python opponent loop (fast=False)")
    ap.add_argument("--train-mix", action="store_true",
                    help="broadside train's opponent mix after its warm start (half heuristic)")
    ap.add_argument("--python-heuristic", action="store_true",
                    help="move the heuristic from Python, not in the reply kernel")
    ap.add_argument("--anchor", type=float, default=0.0, metavar="COEF",
                    help="with the KL penalty toward the starting policy, as broadside "
                         "train's PPO after a warm start (training/anchor.py)")
    ap.add_argument("--serial", type=int, default=0, metavar="PAIRS",
                    help="measure PAIRS alternating pairs of the serial (pipeline=False) and "
                         "the pipelined update in this process, and print their ratio")
    ap.add_argument("--out", default=None, help="write the figures as JSON here")
    args = ap.parse_args(argv)
    if args.rollouts < 2 or args.serial < 0:
        ap.error("--rollouts must be >= 2 (the pipeline overlaps consecutive rollouts) and "
                 "--serial >= 0")
    extra = {} if args.torch_threads is None else {"torch_threads": args.torch_threads}
    if args.anchor:
        extra["anchor"] = args.anchor
    if args.train_mix:
        from training.cli import WARM_PPO_DEFAULTS

        extra["opponents"] = WARM_PPO_DEFAULTS["opponents"]
    rows = []
    for pipe in [False, True] * args.serial or [None]:      # None: TrainConfig's default
        over = extra if pipe is None else dict(extra, pipeline=pipe)
        rows.append(measure(args.game, args.rollouts, True, args.seed,
                            python_heuristic=args.python_heuristic, **over))
        print_row(rows[-1])
    if args.serial:
        rate = {p: np.mean([r["env_steps_per_s"] for r in rows if r["pipeline"] == p])
                for p in (False, True)}
        print(f"pipelined / serial env steps/s: {rate[True] / rate[False]:.2f}x "
              f"({rate[True]:,.0f} against {rate[False]:,.0f}, {args.serial} pairs)")
    if args.reference:
        rows.append(measure(args.game, args.rollouts, False, args.seed, sparse_input=False,
                            **extra))
        print_row(rows[-1])
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
