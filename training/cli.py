"""The ``broadside`` command line: list, train, eval, tournament, play, replay, demo, bench.

    broadside list
    broadside train --game havoc --timesteps 200000 [--resume] [--run-dir runs/x]
    broadside eval --game havoc --agent ppo:runs/x/model.zip --opponents random,heuristic
    broadside tournament --game havoc --agents random,heuristic,mcts:200 --games 100
    broadside play --game havoc --opponent heuristic [--seat 0] [--save game.json]
    broadside replay game.json [--step]
    broadside demo
    broadside bench [args for benchmarks.speed]

Game options go through ``--config key=value`` (repeatable), e.g. ``--config num_players=3``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _value(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_config(items) -> dict:
    """``["num_players=3", "variant=teams"]`` -> ``{"num_players": 3, "variant": "teams"}``."""
    out = {}
    for item in items or []:
        k, sep, v = item.partition("=")
        if not sep or not k:
            raise SystemExit(f"--config {item!r}: expected key=value")
        out[k.strip()] = _value(v.strip())
    return out


def _console():
    from rich.console import Console

    return Console()


# -- commands ---------------------------------------------------------------------------
def cmd_list(args) -> int:
    from rich.table import Table

    import agents
    import envs

    t = Table(title="Broadside games")
    for c in ("name", "title", "players", "actions", "observation"):
        t.add_column(c)
    for name in envs.names():
        try:
            s = envs.spec(name)
        except Exception as e:  # a game still being written should not hide the others
            t.add_row(name, f"(unavailable: {type(e).__name__}: {e})", "", "", "")
            continue
        t.add_row(name, s.title, f"{s.min_players}-{s.max_players}", str(s.num_actions),
                  f"float32[{s.obs_size}]")
    con = _console()
    con.print(t)
    con.print("agents: " + ", ".join(agents.KINDS))
    return 0


def cmd_train(args) -> int:
    from training.plots import learning_curve
    from training.trainer import TrainConfig, Trainer

    con = _console()
    run_dir = args.run_dir or f"runs/{args.game}"
    if args.resume:
        over = {"timesteps": args.timesteps} if args.timesteps else {}
        trainer = Trainer.resume(run_dir, **over)
        con.print(f"resumed {run_dir} at {trainer.timesteps} timesteps")
    else:
        cfg = TrainConfig(game=args.game, timesteps=args.timesteps or 100_000,
                          game_config=parse_config(args.config), seed=args.seed,
                          num_envs=args.num_envs, n_steps=args.n_steps,
                          batch_size=args.batch_size, learning_rate=args.lr,
                          gamma=args.gamma,
                          eval_every=args.eval_every, eval_games=args.eval_games,
                          opponents=args.opponents, run_dir=run_dir,
                          tensorboard=not args.no_tensorboard, progress=not args.no_progress,
                          net_arch=tuple(int(x) for x in args.net_arch.split(",")))
        trainer = Trainer(cfg)

    def report(tr, rec):
        parts = [f"{rec['timesteps']:>9} steps"]
        for k in ("vs_random", "vs_heuristic", "vs_snapshot"):
            if k in rec:
                parts.append(f"{k} {rec[k]['win_rate']:.0%}")
        parts.append("promoted" if rec["promoted"] else "")
        con.print("  ".join(parts))

    trainer.train(callback=report)
    path = trainer.save_model()
    learning_curve(trainer.history, Path(run_dir) / "learning_curve.png",
                   title=f"{trainer.cfg.game}: self-play MaskablePPO")
    last = trainer.history[-1] if trainer.history else {}
    con.print(f"saved {path}; {last.get('env_steps_per_s', 0):.0f} env steps/s, game kernels "
              f"{last.get('env_kernel_share', 0):.1%} of training time")
    return 0


def cmd_eval(args) -> int:
    import agents
    from rich.table import Table

    from training.evaluate import evaluate_vs

    config = parse_config(args.config)
    me = agents.make(args.agent, args.game, seed=args.seed)
    t = Table(title=f"{args.game}: {args.agent} (95% Wilson CI)")
    for c in ("opponent", "games", "W", "D", "L", "win rate", "95% CI"):
        t.add_column(c)
    for opp_spec in args.opponents.split(","):
        opp = agents.make(opp_spec, args.game, seed=args.seed + 1)
        st = evaluate_vs(args.game, me, opp, args.games, seed=args.seed, config=config)
        lo, hi = st.ci
        t.add_row(opp_spec, str(st.games), str(st.wins), str(st.draws), str(st.losses),
                  f"{st.win_rate:.1%}", f"{lo:.1%}-{hi:.1%}")
    _console().print(t)
    return 0


def cmd_tournament(args) -> int:
    import os

    from training import tournament as tmod

    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    workers = args.workers or os.cpu_count() or 1
    res = tmod.run_tournament(args.game, specs, games=args.games, seed=args.seed,
                              config=parse_config(args.config), workers=workers)
    con = _console()
    con.print(tmod.rich_table(res))
    con.print(tmod.pair_rich_table(res))
    out = args.out or f"runs/tournament-{args.game}"
    paths = tmod.save(res, out)
    con.print("saved " + ", ".join(str(p) for p in paths.values()))
    return 0


def cmd_play(args) -> int:
    from training.play import play_human

    rec = play_human(args.game, opponent=args.opponent, seat=args.seat, seed=args.seed,
                     config=parse_config(args.config), save=args.save)
    return 0 if rec is not None else 1


def cmd_replay(args) -> int:
    from training.play import replay_record
    from training.records import GameRecord

    rec = GameRecord.load(args.file)
    viewer = None if args.viewer is None else int(args.viewer)
    replay_record(rec, viewer=viewer, interactive=args.step)
    return 0


def cmd_demo(args) -> int:
    from training.demo import run_demo

    over = {}
    if args.timesteps:
        over["timesteps"] = args.timesteps
    if args.game:
        over["game"] = args.game
    run_demo(args.out, games=args.games, **over)
    return 0


def cmd_bench(args) -> int:
    from benchmarks import speed

    return int(speed.main(args.rest) or 0)


# -- parser ---------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="broadside", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)

    def game_opts(sp, default="havoc"):
        sp.add_argument("--game", default=default)
        sp.add_argument("--config", action="append", metavar="KEY=VALUE",
                        help="game option (repeatable)")
        sp.add_argument("--seed", type=int, default=0)

    sp = sub.add_parser("list", help="registered games and agent kinds")
    sp.set_defaults(func=cmd_list)

    sp = sub.add_parser("train", help="self-play MaskablePPO training")
    game_opts(sp)
    sp.add_argument("--timesteps", type=int, default=None, help="learner timesteps (100000)")
    sp.add_argument("--run-dir", default=None, help="default runs/<game>")
    sp.add_argument("--resume", action="store_true", help="continue the run in --run-dir")
    sp.add_argument("--num-envs", type=int, default=32)
    sp.add_argument("--n-steps", type=int, default=128)
    sp.add_argument("--batch-size", type=int, default=1024)
    sp.add_argument("--lr", type=float, default=1e-3)
    sp.add_argument("--gamma", type=float, default=0.99)
    sp.add_argument("--net-arch", default="128,128")
    sp.add_argument("--eval-every", type=int, default=20_000)
    sp.add_argument("--eval-games", type=int, default=100)
    sp.add_argument("--opponents", default="self=0.5,snapshot=0.3,heuristic=0.1,random=0.1",
                    help="pool sampling weights")
    sp.add_argument("--no-tensorboard", action="store_true")
    sp.add_argument("--no-progress", action="store_true")
    sp.set_defaults(func=cmd_train)

    sp = sub.add_parser("eval", help="one agent against opponents, with Wilson intervals")
    game_opts(sp)
    sp.add_argument("--agent", required=True)
    sp.add_argument("--opponents", default="random,heuristic")
    sp.add_argument("--games", type=int, default=200)
    sp.set_defaults(func=cmd_eval)

    sp = sub.add_parser("tournament", help="round robin over seat permutations")
    game_opts(sp)
    sp.add_argument("--agents", required=True, help="comma list, e.g. random,heuristic,mcts:200")
    sp.add_argument("--games", type=int, default=100, help="games per lineup")
    sp.add_argument("--workers", type=int, default=0, help="processes (0 = all cores)")
    sp.add_argument("--out", default=None, help="default runs/tournament-<game>")
    sp.set_defaults(func=cmd_tournament)

    sp = sub.add_parser("play", help="play in the terminal against an agent")
    game_opts(sp)
    sp.add_argument("--opponent", default="heuristic")
    sp.add_argument("--seat", type=int, default=0)
    sp.add_argument("--save", default=None, help="save the game record (JSON) here")
    sp.set_defaults(func=cmd_play)

    sp = sub.add_parser("replay", help="step through a saved game record")
    sp.add_argument("file")
    sp.add_argument("--step", action="store_true", help="wait for Enter between moves")
    sp.add_argument("--viewer", default=None, help="seat whose hidden cards are shown")
    sp.set_defaults(func=cmd_replay)

    sp = sub.add_parser("demo", help="short training + evaluation (make demo)")
    sp.add_argument("--out", default="runs/demo")
    sp.add_argument("--game", default=None)
    sp.add_argument("--timesteps", type=int, default=None)
    sp.add_argument("--games", type=int, default=200, help="evaluation games per match-up")
    sp.set_defaults(func=cmd_demo)

    sp = sub.add_parser("bench", help="speed benchmarks (benchmarks.speed)")
    sp.add_argument("rest", nargs=argparse.REMAINDER)
    sp.set_defaults(func=cmd_bench)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
