"""Expert iteration on Seas of Havoc: DAgger labelled by a search teacher against DAgger
labelled by the heuristic, from one saved warm-start clone.

    python -m benchmarks.exit --arm start
    python -m benchmarks.exit --arm heuristic --base 100 --episodes 40
    python -m benchmarks.exit --arm mcts:300 --base 100 --episodes 40 --max-labels 60

Each arm loads ``--model`` (a MaskablePPO warm-start clone), then (except ``start``):
collects ``--base`` games of the heuristic (the cloning data the clone was trained on is not
saved with it; every arm gets the same games, seed ``--seed``), runs ``--rounds`` DAgger
rounds of ``--episodes`` games each with the arm's teacher (training/imitation.py ``dagger``:
the greedy clone in one rotating seat against the heuristic; ``heuristic`` labels every
decision, ``mcts:N`` labels at most ``--max-labels`` of the learner's decisions per game with
a search), saves the model to ``--out/<arm>.zip`` and plays ``--games`` seat-rotated 2-player
games greedy against the heuristic (training/evaluate.py, the same seed for every arm):
win/draw/loss with 95% Wilson intervals. CPU seconds are this process's (one torch thread),
which do not depend on the other jobs of a shared machine. Figures go to stdout and
``--out/<arm>.json``; nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import time


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arm", required=True, help="start, heuristic or mcts:N")
    ap.add_argument("--model", default="/work/prof/clone/model.zip")
    ap.add_argument("--out", default="/work/prof/exit")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--episodes", type=int, default=100, help="DAgger games per round")
    ap.add_argument("--base", type=int, default=200, help="heuristic games to train on too")
    ap.add_argument("--max-labels", type=int, default=100)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    import torch

    torch.set_num_threads(1)
    from sb3_contrib import MaskablePPO

    from agents import heuristic
    from agents.policy import PolicyAgent
    from training import imitation
    from training.evaluate import play_games, seatings_vs, tally

    game = "havoc"
    config = {"num_players": 2}          # what ``broadside train --game havoc`` plays
    os.makedirs(args.out, exist_ok=True)
    model = MaskablePPO.load(args.model, device="cpu")
    policy = model.policy
    out: dict = {"arm": args.arm, "model": args.model}
    c0 = time.process_time()
    if args.arm != "start":
        base = imitation.collect(game, args.base, config=config, seed=args.seed + 77_777)
        out["base_decisions"] = len(base)
        out["base_cpu_seconds"] = round(base.seconds, 1)
        c1 = time.process_time()
        data, log = imitation.dagger(policy, game, base, args.rounds, args.episodes,
                                     config=config, seed=args.seed, teacher=args.arm,
                                     max_labels=args.max_labels)
        out["dagger"] = log
        out["dagger_cpu_seconds"] = round(time.process_time() - c1, 1)
        labels = sum(r["decisions"] for r in log)
        collect_cpu = sum(r["collect_cpu_seconds"] for r in log)
        out["labels"] = labels
        out["collect_cpu_seconds_per_label"] = collect_cpu / max(1, labels)
        model.save(os.path.join(args.out, args.arm.replace(":", "_") + ".zip"))
        print(json.dumps(out, default=str), flush=True)
    me = PolicyAgent(policy, deterministic=True, name=args.arm)
    c2 = time.process_time()
    res = play_games(game, [me, heuristic.make(game, seed=args.seed + 1)],
                     seatings_vs(2, args.games), seed=args.seed + 424_242, config=config)
    st = tally(res, 0)
    out["vs_heuristic"] = st.as_dict()
    out["eval_cpu_seconds"] = round(time.process_time() - c2, 1)
    out["mean_length"] = sum(r.length for r in res) / len(res)
    out["cpu_seconds"] = round(time.process_time() - c0, 1)
    print(json.dumps(out, default=str), flush=True)
    with open(os.path.join(args.out, args.arm.replace(":", "_") + ".json"), "w") as f:
        json.dump(out, f, indent=1, default=str)
    return out


if __name__ == "__main__":
    main()
