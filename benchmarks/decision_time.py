"""CPU time a decision of any agents, measured on their own games against the heuristic.

    python -m benchmarks.decision_time --game havoc --games 4 pretrained mcts:1500 mcts:1800

Each agent plays two warm-up games (kernels loaded, caches filled), then ``--games``
seat-rotated games (``--players``, 2 by default) against the game's heuristic in every other
seat, one at a time in this process; the figure is the CPU seconds this process spent inside
the agent over its decisions. It is how
"the same CPU time a decision" is found for the trained agents' rows against plain search
(agents/models/*.json) and how a game's ``GameSpec.prior_sims`` was set (benchmarks/
TRAINING.md, "The search budget of the trained agent"). ``--full-budget`` times each agent
a second time with its search spending every simulation, on the same games (the stop once
the move is decided changes no move, only the time). Run it on an idle machine: other
jobs share the caches. Nothing here is asserted.
"""

from __future__ import annotations

import argparse
import time


class TimedAgent:
    """Wraps an agent and times its decisions (wall and this process's CPU)."""

    def __init__(self, agent):
        self.agent = agent
        self.needs_state = agent.needs_state
        self.name = agent.name
        self.decisions = 0
        self.wall = 0.0
        self.cpu = 0.0

    def act_batch(self, obs, masks, states=None, seats=None):
        t0, c0 = time.perf_counter(), time.process_time()
        out = self.agent.act_batch(obs, masks, states, seats)
        self.wall += time.perf_counter() - t0
        self.cpu += time.process_time() - c0
        self.decisions += len(masks)
        return out

    def seed(self, seed):
        self.agent.seed(seed)


def cpu_ms_a_decision(game: str, spec_text: str, games: int, seed: int = 9,
                      players: int = 2, full_budget: bool = False) -> tuple[float, int]:
    """(CPU ms a decision, decisions timed) of agent ``spec_text`` over ``games`` games
    against ``game``'s heuristic in every other seat, after two warm-up games; with
    ``full_budget`` a search spends every simulation even once its move is decided."""
    import agents
    from training.evaluate import play_games, seatings_vs

    agent = agents.make(spec_text, game, seed=1)
    if full_budget:
        agent.stop_when_decided = False
    me = TimedAgent(agent)
    heur = agents.make("heuristic", game, seed=2)
    config = {"num_players": players}
    play_games(game, [me, heur], seatings_vs(players, 2), seed=3, config=config, num_envs=2)
    me.cpu, me.decisions = 0.0, 0
    play_games(game, [me, heur], seatings_vs(players, games), seed=seed, config=config,
               num_envs=1)
    return 1000.0 * me.cpu / max(me.decisions, 1), me.decisions


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("agents", nargs="+", help="agent specs (agents.make)")
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--full-budget", action="store_true",
                    help="also time each search spending every simulation (no stop once its "
                         "move is decided), right after it: the same games, the same moves")
    args = ap.parse_args(argv)
    for text in args.agents:
        for full in (False, True) if args.full_budget else (False,):
            ms, n = cpu_ms_a_decision(args.game, text, args.games, args.seed, args.players,
                                      full)
            how = " (full budget)" if full else ""
            print(f"{args.game} {text}{how}: {n} decisions, {ms:.2f} ms CPU a decision",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
