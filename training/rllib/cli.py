"""``broadside train --backend rllib``: the RLlib options and the command.

    broadside train --backend rllib --game havoc --num-env-runners 2 [--address ray://head:10001]

Without ``--address`` a local Ray instance starts on this machine; with it the run joins a
running cluster (README: "Training on a Ray cluster"). The options shared with the default
backend (``--timesteps``, ``--run-dir``, ``--resume``/``--force``, ``--lr``, ``--gamma``,
``--net-arch``, ``--batch-size``, ``--eval-every``, ``--eval-games``, ``--opponents``,
``--seed``, ``--config``) mean the same here, and a run plays the same game options by
default (``training.cli.train_config``: 2-player Seas of Havoc); ``--batch-size`` is PPO's
minibatch, and each iteration trains on four of them.
"""

from __future__ import annotations

from pathlib import Path


def add_arguments(sp) -> None:
    """RLlib-only options of ``broadside train``."""
    sp.add_argument("--backend", choices=("sb3", "rllib"), default="sb3",
                    help="sb3: MaskablePPO on this machine (default); rllib: Ray RLlib PPO, "
                         "local or on a cluster (needs the 'scale' extra)")
    sp.add_argument("--num-env-runners", type=int, default=1, metavar="N",
                    help="rllib: sampling processes (0 = sample in the driver)")
    sp.add_argument("--envs-per-runner", type=int, default=64,
                    help="rllib: games each env runner steps together")
    sp.add_argument("--no-vector", action="store_true",
                    help="rllib: RLlib's own vectorisation over single-game envs instead of "
                         "one VectorGame per env runner")
    sp.add_argument("--address", default=None,
                    help="rllib: a running Ray cluster (ray://HOST:10001 or auto); default: "
                         "start Ray locally")


def run(args, con, scaled, train_config, prepare_run_dir, check_game, CliError) -> int:
    from training.extras import require

    require("scale", "ray")
    require("training", "openskill")
    from training.rllib.trainer import RLlibConfig, RLlibTrainer

    run_dir = Path(args.run_dir or f"runs/{args.game}-rllib")
    if args.resume and args.force:
        raise CliError("--resume continues a run and --force replaces it; give one of them")
    if args.num_env_runners < 0 or args.envs_per_runner < 1:
        raise CliError("--num-env-runners must be >= 0 and --envs-per-runner >= 1")
    if args.resume:
        if not (run_dir / "checkpoint" / "league.json").exists():
            raise CliError(f"no RLlib checkpoint to resume in {run_dir}; train without "
                           "--resume first, or point --run-dir at an earlier run")
        over = {"address": args.address, "num_env_runners": args.num_env_runners}
        if args.timesteps:
            over["timesteps"] = scaled(args.timesteps)
        trainer = RLlibTrainer.resume(run_dir, **over)
        con.print(f"resumed {run_dir} at {trainer.timesteps} env steps")
    else:
        check_game(args.game)
        prepare_run_dir(run_dir, args.force)
        try:
            hiddens = tuple(int(x) for x in args.net_arch.split(","))
        except ValueError:
            raise CliError(f"--net-arch {args.net_arch!r}: give layer sizes such as 128,128") \
                from None
        batch = scaled(args.batch_size, 16)
        cfg = RLlibConfig(game=args.game, game_config=train_config(args.game, args.config),
                          timesteps=scaled(args.timesteps or 100_000), seed=args.seed,
                          num_env_runners=args.num_env_runners,
                          num_envs_per_env_runner=args.envs_per_runner,
                          vector=not args.no_vector, train_batch_size=4 * batch,
                          minibatch_size=batch, lr=args.lr, gamma=args.gamma,
                          hiddens=hiddens, opponents=args.opponents,
                          eval_every=scaled(args.eval_every), eval_games=scaled(args.eval_games),
                          address=args.address, run_dir=str(run_dir))
        trainer = RLlibTrainer(cfg)

    def report(tr, rec):
        parts = [f"{rec['timesteps']:>9} steps"]
        for k in ("vs_random", "vs_heuristic", "vs_snapshot"):
            if k in rec:
                parts.append(f"{k} {rec[k]['win_rate']:.0%}")
        parts.append(f"{rec['env_steps_per_s']:.0f} steps/s")
        if rec["promoted"]:
            parts.append(f"promoted {rec['promoted']}")
        con.print("  ".join(parts))

    try:
        trainer.train(callback=report)
        path = trainer.save()
    finally:
        trainer.stop()
    con.print(f"saved {path} (RLlib checkpoint + league.json); ratings: "
              f"{run_dir / 'ratings.json'}")
    return 0
