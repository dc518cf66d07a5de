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
    """(value kernel, critic, outcome) float64 arrays over every decision of ``games`` games:
    played by ``training.evaluate.play_games`` (the network in seat ``game % 2``), then each
    replayed from its record to score the positions."""
    import torch

    import agents
    from agents.policy import ActorAgent, load_model
    from training.evaluate import play_games
    from training.records import apply_action, new_game

    policy = load_model(model_path, game).policy
    players = [ActorAgent.of(policy, name="network"), agents.make("heuristic", game, seed=1)]
    config = {"num_players": 2}
    seatings = [(g % 2, 1 - g % 2) for g in range(games)]
    kernel, critic, outcome = [], [], []
    for result in play_games(game, players, seatings, seed=seed, config=config,
                             num_envs=num_envs):
        spec, state = new_game(game, result.seed, config)
        value = np.zeros(spec.max_players, dtype=np.float32)
        obs = np.zeros((len(result.actions), spec.obs_size), dtype=np.float32)
        for k, action in enumerate(result.actions):
            seat = int(state["to_play"][0])
            spec.value(state[0], value)
            spec.single.observe(state, 0, seat, obs[k])
            kernel.append(float(value[seat]))
            outcome.append(float(np.sign(result.final[seat])))
            apply_action(spec, state, action)
        with torch.no_grad():
            critic.extend(policy.predict_values(torch.from_numpy(obs)).numpy().ravel())
    return np.array(kernel), np.array(critic, dtype=np.float64), np.array(outcome)


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
