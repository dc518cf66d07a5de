"""How well a game's value kernel and a trained critic tell who will win.

    python -m benchmarks.value_quality --game seventh_sea --model runs/G/expert.zip --games 100

The search scores a position where its playouts stop with the game's value kernel
(GameSpec.value); issue 30 lets it use a trained network's value head instead. Before
building that, this measures which of the two knows more. The model's greedy policy plays
``--games`` 2-player games against the game's heuristic, its seat alternating game by game;
at every decision of either seat both estimates are taken for the seat to move (the value
kernel's entry for that seat; the critic of the model on that seat's observation) and paired
with the sign of that seat's final reward. Printed per estimate: the correlation with the
outcome, how often its sign is the outcome's, and the mean squared error of its best affine
fit (the critic is trained on discounted returns, so its scale is not the outcome's); "both"
is the sum of the two, each divided by its spread. Positions come from the games the critic
learnt on (network against heuristic), which favours it; the search's positions are off
that path. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def positions(game: str, model_path: str, games: int, seed: int = 7, num_envs: int = 32):
    """(value kernel, critic, outcome) float64 arrays over every decision of ``games`` games."""
    import torch

    import agents
    import envs
    from agents.policy import ActorAgent, load_model

    spec = envs.spec(game)
    policy = load_model(model_path, game).policy
    players = [ActorAgent.of(policy, name="network"), agents.make("heuristic", game, seed=1)]
    vec = envs.make_vector(game, num_envs=num_envs, seed=seed, keep_final=True, num_players=2)
    rows = np.arange(num_envs)
    started = np.arange(num_envs)
    # the agent in each seat: the network sits in seat game % 2
    lineup = np.stack([started % 2, 1 - started % 2], axis=1)
    pending: list[list[tuple[int, float, float]]] = [[] for _ in range(num_envs)]
    kernel, critic, outcome = [], [], []
    value = np.zeros(spec.max_players, dtype=np.float32)
    finished = 0
    while finished < games:
        to_play = vec.to_play.astype(np.int64)
        with torch.no_grad():
            v = policy.predict_values(torch.from_numpy(np.asarray(vec.obs, np.float32)))
        v = v.numpy().ravel()
        for i in np.flatnonzero(to_play >= 0):
            spec.value(vec.states[i:i + 1][0], value)
            pending[i].append((int(to_play[i]), float(value[to_play[i]]), float(v[i])))
        who = lineup[rows, np.maximum(to_play, 0)]
        actions = np.full(num_envs, -1, dtype=np.int64)
        for k, agent in enumerate(players):
            idx = np.flatnonzero((who == k) & (to_play >= 0))
            if len(idx):
                states = vec.states[idx] if agent.needs_state else None
                actions[idx] = agent.act_batch(vec.obs[idx], vec.masks[idx], states,
                                               to_play[idx])
        rewards, dones = vec.step(actions)
        for i in np.flatnonzero(dones):
            for seat, k, c in pending[i]:
                kernel.append(k)
                critic.append(c)
                outcome.append(float(np.sign(rewards[i, seat])))
            pending[i] = []
            finished += 1
            g = started.max() + 1
            started[i] = g
            lineup[i] = (g % 2, 1 - g % 2)
    return np.array(kernel), np.array(critic), np.array(outcome)


def quality(estimate: np.ndarray, outcome: np.ndarray) -> dict:
    """Correlation with the outcome, sign agreement, and the best affine fit's squared error."""
    fit = np.vstack([estimate, np.ones_like(estimate)]).T
    coef, *_ = np.linalg.lstsq(fit, outcome, rcond=None)
    return {"corr": float(np.corrcoef(estimate, outcome)[0, 1]),
            "sign": float(np.mean(np.sign(estimate) == outcome)),
            "mse": float(np.mean((fit @ coef - outcome) ** 2))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--model", required=True, help="a saved MaskablePPO model (.zip)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    kernel, critic, outcome = positions(args.game, args.model, args.games, args.seed)
    print(f"{args.game}: {len(outcome)} positions of {args.games} games "
          f"({time.perf_counter() - t0:.0f} s)")
    both = kernel / kernel.std() + critic / critic.std()
    for name, est in (("value kernel", kernel), ("critic", critic), ("both", both)):
        q = quality(est, outcome)
        print(f"  {name:12s} corr {q['corr']:.3f}  sign {q['sign']:.3f}  "
              f"fitted mse {q['mse']:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
