"""PPO fine-tuning from a saved warm-start policy: one lever setting, evaluated as it trains.

    python -m benchmarks.finetune anchor --clone runs/havoc/snapshots/snapshot_0.zip --anchor 1
    python -m benchmarks.finetune gentle --clone CLONE.zip --lr 1e-4 --ent-coef 0 --minutes 25

Builds ``Trainer`` (2-player Seas of Havoc by default, no warm start of its own), loads the
clone's weights into the learner and into the pool's first snapshot (so ``--anchor`` holds
PPO near it, training/anchor.py), then alternates ``--every`` learner steps of MaskablePPO
with ``--games`` seat-rotated greedy games against the heuristic on the same seeds each
time, until ``--minutes`` of wall time have passed. Prints one JSON line per evaluation
(learner steps, training CPU seconds, wins-draws-losses) and writes them to
``benchmarks/finetune-NAME.json`` unless ``--out`` says otherwise. The figures of
benchmarks/TRAINING.md ("PPO from the clone") come from it; nothing is asserted by tests.
"""

from __future__ import annotations

import argparse
import json
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name")
    ap.add_argument("--clone", required=True, help="a saved MaskablePPO model (.zip)")
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--ent-coef", type=float, default=0.0)
    ap.add_argument("--anchor", type=float, default=0.0)
    ap.add_argument("--opponents", default="self=0.2,snapshot=0.2,heuristic=0.5,random=0.1")
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--every", type=int, default=100_000)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)

    import tempfile

    from sb3_contrib import MaskablePPO

    from agents import heuristic
    from agents.policy import PolicyAgent
    from training.evaluate import play_games_fast, seatings_vs, tally
    from training.trainer import TrainConfig, Trainer

    game_config = {"num_players": a.players}
    cfg = TrainConfig(game=a.game, game_config=game_config, seed=a.seed, learning_rate=a.lr,
                      ent_coef=a.ent_coef, anchor=a.anchor, opponents=a.opponents,
                      run_dir=tempfile.mkdtemp(prefix="finetune-"), tensorboard=False,
                      progress=False)
    tr = Trainer(cfg)
    clone = MaskablePPO.load(a.clone, device="cpu").policy.state_dict()
    tr.model.policy.load_state_dict(clone)
    tr.pool.snapshots[0].policy.load_state_dict(clone)
    rival = heuristic.make(a.game, seed=a.seed + 11)
    out_path = a.out or f"benchmarks/finetune-{a.name}.json"
    rows = []
    t0 = time.time()

    def evaluate():
        me = PolicyAgent(tr.model.policy, deterministic=True)
        res = play_games_fast(a.game, [me, rival], seatings_vs(a.players, a.games),
                              seed=1234, config=game_config, num_envs=a.games)
        st = tally(res, 0)
        rows.append({"steps": tr.timesteps, "train_cpu_s": round(tr.train_cpu_seconds, 1),
                     "wall_s": round(time.time() - t0), "wins": st.wins, "draws": st.draws,
                     "losses": st.losses})
        print(json.dumps(rows[-1]), flush=True)
        with open(out_path, "w") as f:
            json.dump({"args": vars(a), "evaluations": rows}, f, indent=1)

    evaluate()
    while time.time() - t0 < a.minutes * 60:
        c0 = time.process_time()
        tr.model.learn(total_timesteps=a.every, reset_num_timesteps=False)
        tr.train_cpu_seconds += time.process_time() - c0
        evaluate()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
