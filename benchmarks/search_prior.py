"""PUCT with a policy prior against plain UCT: strength against the heuristic and speed.

    python -m benchmarks.search_prior --model runs/x/model.zip --sims 200 --games 40

Plays ``mcts:SIMS`` (UCT) and ``mcts:SIMS:prior=MODEL`` (PUCT, envs/core/search.py) each
against the game's heuristic in ``--games`` seat-rotated games of the 2-player game
(training/evaluate.py), and reports the win rate with its 95% Wilson interval and the
search's decisions per second (wall and per CPU second of this process, which does not
depend on the other jobs of a shared machine). ``--max-steps`` truncates a game that runs
long (a draw). Figures go to stdout and ``--out`` (JSON); nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import time

from benchmarks.decision_time import TimedAgent


def measure(game: str, spec_text: str, games: int, seed: int, config: dict,
            c: float | None = None) -> dict:
    import agents
    from training.evaluate import play_games, seatings_vs, tally

    agent = agents.make(spec_text, game, seed=seed)
    if c is not None:
        agent.c = float(c)
    me = TimedAgent(agent)
    heur = agents.make("heuristic", game, seed=seed + 1)
    load = os.getloadavg()
    t0 = time.perf_counter()
    res = play_games(game, [me, heur], seatings_vs(2, games), seed=seed, config=config,
                     num_envs=min(games, 8))
    st = tally(res, 0).as_dict()
    return {"agent": spec_text, "c": agent.c, "games": games, "vs_heuristic": st,
            "decisions": me.decisions, "decisions_per_s": me.decisions / max(me.wall, 1e-9),
            "decisions_per_cpu_s": me.decisions / max(me.cpu, 1e-9),
            "wall_s": time.perf_counter() - t0, "load_avg": load}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--model", required=True, help="a saved MaskablePPO model (.zip)")
    ap.add_argument("--sims", type=int, default=200)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--only", choices=["uct", "puct"], default=None)
    ap.add_argument("--c", type=float, default=None,
                    help="exploration constant (default: UCT 1.0, PUCT agents.mcts.DEFAULT_PUCT_C)")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    import numba
    import torch

    numba.set_num_threads(1)
    torch.set_num_threads(1)
    config = {"num_players": 2, "max_steps": args.max_steps}
    specs = {"uct": f"mcts:{args.sims}", "puct": f"mcts:{args.sims}:prior={args.model}"}
    rows = []
    for key, text in specs.items():
        if args.only and key != args.only:
            continue
        r = measure(args.game, text, args.games, args.seed, config, args.c)
        rows.append(r)
        v = r["vs_heuristic"]
        print(f"{args.game} {text} (c={r['c']}) vs heuristic: {v['win_rate']:.1%} "
              f"[{v['ci_low']:.1%}, {v['ci_high']:.1%}] over {v['games']} games; "
              f"{r['decisions_per_s']:.1f} decisions/s wall ({r['decisions_per_cpu_s']:.1f} "
              f"per CPU s), load average {r['load_avg'][0]:.2f}", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
