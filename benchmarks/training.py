"""Training levers measured: one run per lever at equal learner steps, written to TRAINING.md.

    python -m benchmarks.training run ppo --steps 300000           # one lever, runs/levers/ppo
    python -m benchmarks.training run bc --steps 300000 --imitate 100
    python -m benchmarks.training report                           # TRAINING.md + the picture

A *lever* is a set of ``TrainConfig`` overrides (``LEVERS``) on a common base: the game
(Seas of Havoc by default, 2 players, the full game), the seed and the evaluation schedule.
``run`` trains one lever into ``runs/levers/<lever>/`` and then plays the greedy policy
against the heuristic in ``--final-games`` seat-rotated games (Wilson 95% interval),
saving ``lever.json`` beside the run's ``history.json``. ``report`` gathers every
``lever.json`` into ``benchmarks/TRAINING.md``: the table (final win rate, learner steps,
training CPU seconds and wall seconds) and the learning curves, win rate against the
heuristic by training CPU time, drawn to ``benchmarks/training_curves.png``.

CPU seconds (the training process's own, imitation included, evaluation excluded) are the
clock that compares runs on a shared machine; wall seconds are reported beside them. Runs
are one at a time and single-threaded (one numba, one torch thread).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import time
from pathlib import Path

from benchmarks.figures import committed

#: TrainConfig overrides of each lever (the base is ``base_config``)
LEVERS = {
    "ppo": {},
    "bc_only": {"imitate": 100, "timesteps": 0},
    "bc": {"imitate": 100},
    "pfsp": {"pfsp": 2.0},
    "heuristic_share": {"opponents": {"self": 0.4, "snapshot": 0.2, "heuristic": 0.3,
                                      "random": 0.1}},
    "shaping": {"shaping": 0.5},
    "bc_slow": {"imitate": 100, "learning_rate": 3e-4},
    "bc_set": {"imitate": 200, "timesteps": 0, "dagger_rounds": 0},
    "dagger": {"imitate": 200, "timesteps": 0},
    "dagger_ppo": {"imitate": 200, "learning_rate": 3e-4,
                   "opponents": {"self": 0.2, "snapshot": 0.2, "heuristic": 0.5,
                                 "random": 0.1}},
}

#: what each lever is, for the table
DESCRIBE = {
    "ppo": "MaskablePPO alone, default opponent mix (self 0.5, snapshot 0.3, heuristic 0.1, "
           "random 0.1)",
    "bc_only": "behaviour cloning of the heuristic alone (no PPO step)",
    "bc": "behaviour cloning, then PPO",
    "pfsp": "prioritised fictitious self-play over the snapshots ((1-p)^2 weighting)",
    "heuristic_share": "heuristic share of the opponents raised to 0.3",
    "shaping": "potential-based value (score-differential) shaping, coefficient 0.5 "
               "annealed to 0 over the first half",
    "bc_slow": "behaviour cloning, then PPO at learning rate 3e-4 (default 1e-3)",
    "bc_set": "behaviour cloning of the heuristic's best set (its ties) with the tactical "
              "observation, 200 games, no DAgger, no PPO",
    "dagger": "bc_set, then 3 DAgger rounds of 100 games (the clone plays, the heuristic "
              "labels), no PPO",
    "dagger_ppo": "dagger, then PPO at learning rate 3e-4 with half the opponents the "
                  "heuristic",
}


#: TRAINING.md keeps what follows this line when the tables are rewritten
NOTES = "<!-- findings: kept by `report` -->"

#: decisions before a game of these runs is truncated (a draw)
STEP_BOUND = 3000


def base_config(game: str, steps: int, seed: int, run_dir: str) -> dict:
    import envs

    spec = envs.spec(game)
    cfg = {"num_players": 2} if spec.min_players <= 2 <= spec.max_players else {}
    # greedy policies can stall a game (a Havoc game ends when the Damage deck runs out):
    # a game still going after STEP_BOUND decisions is truncated, a draw, instead of
    # running to the engine's 20,000 (the heuristic's own games end well before)
    try:
        spec.make_config(**cfg, max_steps=STEP_BOUND)
        cfg["max_steps"] = STEP_BOUND
    except Exception:       # a game without the option keeps its own bound
        pass
    return dict(game=game, game_config=cfg, timesteps=steps, seed=seed, run_dir=run_dir,
                eval_every=max(1, steps // 4), eval_games=50, tensorboard=False,
                progress=False)


def run_lever(lever: str, game: str = "havoc", steps: int = 300_000, seed: int = 0,
              out_root: str = "runs/levers", final_games: int = 200, name: str | None = None,
              **extra) -> dict:
    """Train one lever and play the final evaluation (module docstring)."""
    from agents import heuristic
    from agents.policy import PolicyAgent
    from training.evaluate import play_games, seatings_vs, tally
    from training.trainer import TrainConfig, Trainer, clear_run

    name = name or lever
    run_dir = Path(out_root) / name
    clear_run(run_dir)
    settings = base_config(game, steps, seed, str(run_dir))
    settings.update(LEVERS[lever])
    settings.update({k: v for k, v in extra.items() if v is not None})
    rounds = settings.pop("dagger_rounds", None)
    cfg = TrainConfig(**settings)
    t0 = time.perf_counter()
    from training import imitation

    kept = imitation.DAGGER_ROUNDS
    if rounds is not None:           # the warm start's DAgger rounds, for this run only
        imitation.DAGGER_ROUNDS = rounds
    try:
        tr = Trainer(cfg)
    finally:
        imitation.DAGGER_ROUNDS = kept
    if cfg.timesteps > 0:
        tr.train()
    else:
        tr.evaluate(promote=False)
    wall = time.perf_counter() - t0
    tr.save_model()
    me = PolicyAgent(tr.model.policy, deterministic=True, name="trained")
    heur = heuristic.make(game, seed=seed + 5)
    res = play_games(game, [me, heur], seatings_vs(tr.num_players, final_games),
                     seed=90_000 + seed, config=cfg.game_config)
    final = tally(res, 0).as_dict()
    out = {"lever": lever, "name": name, "describe": DESCRIBE.get(lever, lever),
           "config": cfg.to_json(), "learner_steps": tr.timesteps,
           "train_cpu_seconds": round(tr.train_cpu_seconds, 3),
           "train_seconds": round(tr.train_seconds, 1), "wall_seconds": round(wall, 1),
           "final_vs_heuristic": final, "imitation": tr.imitation, "dagger_rounds": rounds,
           "date": _dt.date.today().isoformat()}
    (run_dir / "lever.json").write_text(json.dumps(out, indent=2))
    return out


def curve(history: list[dict], key: str = "vs_heuristic"):
    """[training CPU minutes], [win rate], [low], [high] against ``key``'s opponent."""
    pts = [(h.get("train_cpu_seconds", h.get("train_seconds", 0.0)) / 60.0,
            h[key]["win_rate"], h[key]["ci_low"], h[key]["ci_high"])
           for h in history if key in h]
    return [list(c) for c in zip(*pts)] if pts else None


IM_HEADER = ("| run | games cloned | decisions | DAgger rounds | DAgger decisions | CPU s | "
             "loss before | loss after | agreement before | after cloning | after DAgger "
             "(exact) | chance |")
EVAL_HEADER = ("Per evaluation during training (training CPU seconds: win rate against the "
               "heuristic / against random, 50 games each):")


def _kept_rows(old: str, header: str, names: set, prefix: str = "| ") -> list[str]:
    """Rows of ``old``'s block whose header line starts like ``header``, for runs not under
    the runs folder any more (earlier runs whose folders are gone keep their line).
    Imitation rows of the earlier 9-column table are widened to the current columns."""
    lines = old.splitlines()
    key = header.split(" |")[0] if prefix == "- " else "|".join(header.split("|")[:3])
    start = next((i for i, ln in enumerate(lines) if ln.startswith(key)), None)
    if start is None:
        return []
    out, seen = [], False
    for ln in lines[start + 1:]:
        if not ln.strip():
            if seen:
                break
            continue
        if ln.startswith("|---"):
            continue
        if not ln.startswith(prefix):
            break
        seen = True
        name = ln[len(prefix):].split(" |")[0].split(":")[0].strip()
        if name in names:
            continue
        cells = [c.strip() for c in ln.strip("|").split("|")]
        if header == IM_HEADER and len(cells) == 9:
            cells = cells[:3] + ["0", "0"] + cells[3:7] + [cells[7], cells[7] + " (-)",
                                                            cells[8]]
            ln = "| " + " | ".join(cells) + " |"
        out.append(ln)
    return out


def report(out_root: str = "runs/levers", out: str | None = None) -> str:
    """Write TRAINING.md and training_curves.png from every lever run under ``out_root``."""
    from training.plots import win_rate_curves

    out = out or committed("TRAINING.md")
    runs = []
    for p in sorted(Path(out_root).glob("*/lever.json")):
        lev = json.loads(p.read_text())
        hist = p.parent / "history.json"
        lev["history"] = json.loads(hist.read_text()) if hist.exists() else []
        runs.append(lev)
    pictures = {}
    for key, opp in (("vs_heuristic", "heuristic"), ("vs_random", "random")):
        series = []
        for r in runs:
            c = curve(r["history"], key)
            if c and len(c[0]) > 1:
                series.append((r["name"], *c))
        if series:
            suffix = "" if opp == "heuristic" else "_vs_random"
            pictures[opp] = os.path.join(os.path.dirname(out), f"training_curves{suffix}.png")
            win_rate_curves(series, pictures[opp],
                            "training CPU minutes (imitation + PPO, one core)",
                            f"greedy policy vs {opp}, by lever (95% Wilson bands)")
    old = Path(out).read_text() if Path(out).exists() else ""
    names = {r["name"] for r in runs}
    lines = ["# Training levers", "",
             "Written by `python -m benchmarks.training report` (benchmarks/training.py) from "
             f"the runs under `{out_root}`. Each row is one training run of the lever on the "
             "same base (game, seed, evaluation schedule); the final win rate is the greedy "
             "policy against the heuristic over seat-rotated games with its 95% Wilson "
             "interval. CPU seconds are the training process's own (imitation + PPO, "
             "evaluation excluded) on a machine shared with other jobs, so wall seconds run "
             "longer.", "",
             "| run | lever | game config | learner steps | training CPU s | wall s | games | "
             "win rate vs heuristic | 95% CI |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    lines += _kept_rows(old, lines[-2], names)
    for r in runs:
        f = r["final_vs_heuristic"]
        lines.append(f"| {r['name']} | {r['describe']} | {json.dumps(r['config']['game_config'])}"
                     f" | {r['learner_steps']} | {r['train_cpu_seconds']:.0f} | "
                     f"{r['wall_seconds']:.0f} | {f['games']} | {f['win_rate']:.1%} | "
                     f"{f['ci_low']:.1%}-{f['ci_high']:.1%} |")
    # a run without a warm start keeps only its expert rounds there: no cloning row
    ims = [r for r in runs if (r.get("imitation") or {}).get("held_out_after")]
    kept_ims = _kept_rows(old, IM_HEADER, names)
    if ims or kept_ims:
        lines += ["", "Behaviour cloning on held-out heuristic games (greedy agreement with "
                      "the heuristic: runs before the best-set loss count only its drawn "
                      "action, later runs any action it rated best, with 'exact' the drawn "
                      "one; chance = a uniform legal choice landing in that set; DAgger "
                      "rounds after cloning):", "",
                  IM_HEADER, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        lines += kept_ims
        for r in ims:
            im = r["imitation"]
            b, a = im["held_out_before"], im["held_out_after"]
            c = im.get("held_out_cloned", a)
            ex = f"{a['agreement_exact']:.1%}" if "agreement_exact" in a else "-"
            lines.append(f"| {r['name']} | {im['episodes']} | {im['decisions']} | "
                         f"{len(im.get('dagger', []))} | {im.get('dagger_decisions', 0)} | "
                         f"{im['cpu_seconds']:.0f} | {b['loss']:.3f} | {a['loss']:.3f} | "
                         f"{b['agreement']:.1%} | {c['agreement']:.1%} | {a['agreement']:.1%} "
                         f"({ex}) | {a['chance']:.1%} |")
    for opp in ("heuristic", "random"):
        head = f"Learning curves against {opp} by training CPU time: "
        if opp in pictures:
            lines += ["", head + f"![training curves vs {opp}]"
                              f"({os.path.basename(pictures[opp])})"]
        else:   # no run here has a curve: the earlier picture (and its line) stays
            lines += ["", ln] if (ln := next((x for x in old.splitlines()
                                               if x.startswith(head)), None)) else []
    lines += ["", EVAL_HEADER, ""]
    lines += _kept_rows(old, EVAL_HEADER, names, prefix="- ")
    for r in runs:
        pts = [f"{h.get('train_cpu_seconds', 0):.0f} s: {h['vs_heuristic']['win_rate']:.0%}"
               f" / {h['vs_random']['win_rate']:.0%}"
               for h in r["history"] if "vs_heuristic" in h and "vs_random" in h]
        lines.append(f"- {r['name']}: " + ", ".join(pts))
    # hand-written findings below the marker survive a rewrite
    notes = old[old.index(NOTES):] if NOTES in old else NOTES + "\n"
    Path(out).write_text("\n".join(lines) + "\n\n" + notes)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("lever", choices=sorted(LEVERS))
    r.add_argument("--name", default=None, help="run folder name (default: the lever)")
    r.add_argument("--game", default="havoc")
    r.add_argument("--steps", type=int, default=300_000)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--imitate", type=int, default=None)
    r.add_argument("--final-games", type=int, default=200)
    r.add_argument("--out-root", default="runs/levers")
    rp = sub.add_parser("report")
    rp.add_argument("--out-root", default="runs/levers")
    rp.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    import numba
    import torch

    numba.set_num_threads(1)
    torch.set_num_threads(1)
    if args.cmd == "run":
        out = run_lever(args.lever, game=args.game, steps=args.steps, seed=args.seed,
                        out_root=args.out_root, final_games=args.final_games, name=args.name,
                        imitate=args.imitate)
        print(json.dumps({k: v for k, v in out.items() if k not in ("config", "imitation")},
                         indent=1))
    else:
        print("wrote", report(args.out_root, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
