"""Why a Cursed Seas network does not learn: a clone of the heuristic, decision kind by kind.

    python -m benchmarks.cursed_seas_steering --games 300 --play 40

Plays ``--games`` games of the heuristic in every seat (training/imitation.py ``collect``),
clones it into a fresh network of the kind training makes (``clone``, the training defaults:
``--net`` 128x128, ``--epochs`` 4; agents/scored_policy.py: the segments scored by their
features, envs/cursed_seas/steer.py) on 85% of the games, and reports on the held-out 15%,
per pending decision kind (envs/cursed_seas/state.py ``PK_NAMES``, read from the
observation's one-hot), how many decisions there were, their legal actions and best-set
size (the actions the heuristic rates best) and how often the clone's greedy choice is in
that set. Then each of three agents plays
``--play`` seat-rotated 2-player games against the heuristic (95% Wilson intervals):

* the clone alone;
* the clone with the heuristic taking its movement segments (``PK_SEGMENT``) for it;
* the heuristic with the clone taking its movement segments.

If the first two differ as much as the first and the third, steering is what the clone
cannot learn. Figures go to stdout and ``--out`` (JSON); nothing here is asserted.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

GAME = "cursed_seas"


def pending_kinds(obs) -> np.ndarray:
    """int[M] pending decision kind of each observation row (envs/cursed_seas/observe.py:
    five phase slots, then the one-hot of ``pending``)."""
    from envs.cursed_seas.state import NUM_PK, OBS_GLOBAL

    part = obs[:, OBS_GLOBAL + 5:OBS_GLOBAL + 5 + NUM_PK]
    return np.asarray(part.argmax(axis=1)).ravel()


def fresh_policy(net_arch: list[int], seed: int):
    import gymnasium as gym
    import torch

    import envs
    from agents.scored_policy import policy_kwargs

    spec = envs.spec(GAME)
    torch.manual_seed(seed)
    policy, kwargs = policy_kwargs(spec, net_arch)
    return policy(gym.spaces.Box(-np.inf, np.inf, (spec.obs_size,), np.float32),
                  gym.spaces.Discrete(spec.num_actions), lambda _: 1e-3, **kwargs)


class SegmentsBy:
    """Plays ``rest`` on every decision but the movement segments, which ``segments`` takes."""

    needs_state = True

    def __init__(self, name: str, segments, rest):
        self.name = name
        self.segments = segments
        self.rest = rest

    def act_batch(self, obs, masks, states=None, seats=None):
        from envs.cursed_seas.state import PK_SEGMENT

        obs, masks = np.asarray(obs), np.asarray(masks)
        seg = pending_kinds(obs) == PK_SEGMENT
        out = np.zeros(len(masks), dtype=np.int64)
        for agent, rows in ((self.segments, seg), (self.rest, ~seg)):
            if rows.any():                # each agent decides only its own rows
                out[rows] = agent.act_batch(
                    obs[rows], masks[rows], None if states is None else states[rows],
                    None if seats is None else np.asarray(seats)[rows])
        return out

    def seed(self, seed):
        for agent in (self.segments, self.rest):
            if hasattr(agent, "seed"):
                agent.seed(seed)


def by_kind(policy, test) -> list[dict]:
    from envs.cursed_seas.state import PK_NAMES
    from training.imitation import agreement_by

    kinds = pending_kinds(test.obs)
    legal = test.masks.sum(axis=1)
    best = test.best.sum(axis=1)
    rows = []
    for k, (n, agree) in sorted(agreement_by(test, policy, kinds).items()):
        at = kinds == k
        rows.append({"kind": PK_NAMES[k], "decisions": n, "legal": float(legal[at].mean()),
                     "best": float(best[at].mean()), "agreement": agree})
    return rows


def play(agent, games: int, seed: int) -> dict:
    import agents
    from training.evaluate import play_games, seatings_vs, tally, wilson

    heuristic = agents.make("heuristic", GAME, seed=seed + 1)
    res = play_games(GAME, [agent, heuristic], seatings_vs(2, games), seed=seed)
    t = tally(res, 0)
    lo, hi = wilson(t.wins, t.games)
    return {"agent": agent.name, "games": t.games, "wins": t.wins, "draws": t.draws,
            "losses": t.losses, "win_rate": t.wins / t.games, "wilson": [lo, hi]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=300, help="heuristic games to clone")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--net", default="128,128", help="hidden layer widths")
    ap.add_argument("--play", type=int, default=40, help="games each agent plays")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)

    import agents
    from agents.policy import PolicyAgent
    from training.imitation import clone, collect, evaluate

    t0 = time.perf_counter()
    demos = collect(GAME, args.games, seed=args.seed + 5)
    train, test = demos.split(0.15, seed=args.seed)
    policy = fresh_policy([int(w) for w in args.net.split(",")], args.seed)
    clone(policy, train, epochs=args.epochs, seed=args.seed)
    policy.set_training_mode(False)
    held = evaluate(policy, test)
    kinds = by_kind(policy, test)
    print(f"{len(train)} decisions cloned, {len(test)} held out: agreement "
          f"{held['agreement']:.1%} (chance {held['chance']:.1%})")
    print("| decision | held-out decisions | legal | best set | agreement |")
    print("|---|---:|---:|---:|---:|")
    for r in kinds:
        print(f"| {r['kind']} | {r['decisions']} | {r['legal']:.1f} | {r['best']:.1f} | "
              f"{r['agreement']:.1%} |")

    net = PolicyAgent(policy, deterministic=True, name="clone")
    heuristic = agents.make("heuristic", GAME, seed=args.seed + 7)
    lineup = [net, SegmentsBy("clone, heuristic's segments", heuristic, net),
              SegmentsBy("heuristic, clone's segments", net, heuristic)]
    results = [play(a, args.play, args.seed + 3) for a in lineup] if args.play else []
    for r in results:
        lo, hi = r["wilson"]
        print(f"{r['agent']}: {r['wins']}-{r['draws']}-{r['losses']} of {r['games']} against "
              f"the heuristic, {r['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]")
    print(f"{time.perf_counter() - t0:.0f} s")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"args": vars(args), "held_out": held, "by_kind": kinds,
                       "play": results}, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
