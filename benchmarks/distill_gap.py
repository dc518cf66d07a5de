"""Where a policy loses to its own search: the search takes over one kind of decision at a time.

    python -m benchmarks.distill_gap --model runs/havoc/expert.zip --games 100

Expert iteration (training/expert.py) trains a policy towards a PUCT search that uses the
policy as its prior; the search wins far more often than the policy although the two agree
on ~89% of decisions. This benchmark finds which decisions carry the difference. Each arm
plays ``--games`` seat-rotated 2-player games against the game's heuristic with the same
seeds: the greedy policy decides everything, except the decisions whose pending kind (the
record's ``pending`` field) is in the arm's groups (``--arms mode+sailing`` joins two), which
the search (``mcts:SIMS`` with the policy as prior, agents/mcts.py) decides. Arms ``none`` (the
policy alone) and ``all`` (the
search alone) bound the others. A group whose arm gains most is where the policy's input or
training falls short. Figures go to stdout and ``--out`` (JSON); nothing here is asserted.
The decision groups are Seas of Havoc's pending kinds (envs/havoc/state.py PK_*).
"""

from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np

from agents.base import Agent
from envs.havoc import state as S

#: Seas of Havoc's pending decision kinds grouped by what the player decides
HAVOC_GROUPS = {
    "island": (S.PK_SKIFF, S.PK_RESTOCK_PICK),
    "resource": (S.PK_GAIN_ANY, S.PK_TRADE_GIVE, S.PK_TRADE_TAKE, S.PK_PAY, S.PK_SCRAP_GAIN),
    "market": (S.PK_WORKSHOP, S.PK_PURCHASE, S.PK_BOOTY),
    "scrap": (S.PK_SCRAP, S.PK_DISCARD),
    "play": (S.PK_PLAY,),
    "mode": (S.PK_MODE,),                 # resolve the played card or pass
    "sailing": (S.PK_ORIENT, S.PK_SHIP, S.PK_PATH, S.PK_PIVOT, S.PK_EXTEND),
    "firing": (S.PK_FIRE, S.PK_FIRE_SIDE),
}


class _StudentAndSearch(Agent):
    """A state agent holding the greedy student and its search (``_load``)."""

    needs_state = True

    def __init__(self, student, search, name: str):
        self.student = student
        self.search_agent = search
        self.name = name

    def seed(self, seed):
        self.search_agent.seed(seed)


class Takeover(_StudentAndSearch):
    """The policy's greedy move, except where the pending kind is in ``kinds``: the search's."""

    def __init__(self, student, search, kinds: set[int], name: str):
        super().__init__(student, search, name)
        self.kinds = kinds
        self.searched = 0
        self.decisions = 0
        self.search_cpu = 0.0

    def act_batch(self, obs, masks, states=None, seats=None):
        out = self.student.act_batch(obs, masks)
        self.decisions += len(masks)
        for i in range(len(masks)):
            if int(states["pending"][i]) in self.kinds and int(np.count_nonzero(masks[i])) > 1:
                c0 = time.process_time()
                out[i] = self.search_agent.search(states[i:i + 1], np.asarray(masks[i]),
                                                  checked=True)
                self.search_cpu += time.process_time() - c0
                self.searched += 1
        return out


class Recorder(_StudentAndSearch):
    """Plays the policy's greedy move; at each of its decisions with a choice, asks the
    search twice (independent seeds) and records (group, policy's move, search 1, search 2)."""

    def __init__(self, student, search, groups: dict):
        super().__init__(student, search, "recorder")
        self.group_of = {k: g for g, kinds in groups.items() for k in kinds}
        self.rows: list[tuple[str, int, int, int]] = []

    def act_batch(self, obs, masks, states=None, seats=None):
        out = self.student.act_batch(obs, masks)
        for i in range(len(masks)):
            if int(np.count_nonzero(masks[i])) > 1:
                m = np.asarray(masks[i])
                a = self.search_agent.search(states[i:i + 1], m, checked=True)
                b = self.search_agent.search(states[i:i + 1], m, checked=True)
                group = self.group_of.get(int(states["pending"][i]), "other")
                self.rows.append((group, int(out[i]), a, b))
        return out


def _vs_heuristic(game: str, me, games: int, seed: int, max_steps: int):
    """``games`` seat-rotated 2-player games of ``me`` against the game's heuristic."""
    import agents
    from training.evaluate import play_games, seatings_vs

    heur = agents.make("heuristic", game, seed=seed + 1)
    return play_games(game, [me, heur], seatings_vs(2, games), seed=seed,
                      config={"num_players": 2, "max_steps": max_steps}, num_envs=8)


def _load(game: str, model: str, sims: int, seed: int):
    """(the policy's greedy actor, the PUCT search with it as prior) of a saved model."""
    from agents.mcts import MCTSAgent
    from agents.policy import ActorAgent, export_actor
    from sb3_contrib import MaskablePPO

    try:
        got = export_actor(MaskablePPO.load(model, device="cpu").policy)
    except (ValueError, KeyError, OSError) as e:
        raise ValueError(f"--model {model}: not a saved MaskablePPO model ({e})") from None
    if got is None:
        raise ValueError(f"--model {model}: only a plain MLP policy can be a search prior")
    params, layout = got
    return (ActorAgent(params, layout, name="student"),
            MCTSAgent(game, sims, seed=seed, prior=(params, layout)))


def consistency(game: str, model: str, sims: int, games: int, seed: int,
                max_steps: int) -> dict:
    """Per decision group: how often two searches of the same position agree, and how often
    the policy plays the first search's move (the policy's games against the heuristic)."""
    rec = Recorder(*_load(game, model, sims, seed), HAVOC_GROUPS)
    _vs_heuristic(game, rec, games, seed, max_steps)
    out = {}
    for g in ["all", *HAVOC_GROUPS, "other"]:
        rows = [r for r in rec.rows if g == "all" or r[0] == g]
        if rows:
            out[g] = {"decisions": len(rows),
                      "search_vs_search": float(np.mean([r[2] == r[3] for r in rows])),
                      "policy_vs_search": float(np.mean([r[1] == r[2] for r in rows]))}
    return out


def run_arm(game: str, model: str, arm: str, sims: int, games: int, seed: int,
            max_steps: int) -> dict:
    from training.evaluate import tally

    kinds = set(range(S.NUM_PENDING_KINDS)) if arm == "all" else set() if arm == "none" else \
        {k for g in arm.split("+") for k in HAVOC_GROUPS[g]}
    me = Takeover(*_load(game, model, sims, seed), kinds, arm)
    t0 = time.perf_counter()
    res = _vs_heuristic(game, me, games, seed, max_steps)
    return {"arm": arm, "sims": sims, **tally(res, 0).as_dict(), "decisions": me.decisions,
            "searched": me.searched,
            "search_ms": 1000 * me.search_cpu / max(me.searched, 1),
            "wall_s": round(time.perf_counter() - t0, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="havoc")
    ap.add_argument("--model", required=True, help="a saved MaskablePPO model (.zip)")
    ap.add_argument("--arms", default=",".join(["none", "all", *HAVOC_GROUPS]),
                    help="comma-separated: none, all, or decision groups joined by + "
                         f"({', '.join(HAVOC_GROUPS)})")
    ap.add_argument("--sims", type=int, default=400)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--consistency", type=int, default=0, metavar="GAMES",
                    help="instead of the arms: in GAMES games of the policy, how often two "
                         "searches of the same position agree, and the policy with them")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    if args.game != "havoc":
        ap.error("the decision groups are Seas of Havoc's (--game havoc)")
    if not os.path.isfile(args.model):
        ap.error(f"--model {args.model}: no such file (a saved MaskablePPO .zip)")
    arms = [a.strip() for a in args.arms.split(",") if a.strip()]
    for a in arms:
        if a not in ("none", "all") and not set(a.split("+")) <= set(HAVOC_GROUPS):
            ap.error(f"--arms: unknown arm {a!r} (none, all, or groups joined by +: "
                     f"{', '.join(HAVOC_GROUPS)})")
    try:
        result = _measure(args, arms)
    except ValueError as e:
        ap.error(str(e))
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1)
    return 0


def _measure(args, arms: list[str]):
    """The consistency table or the arms' rows, printed as they come."""
    if args.consistency:
        result = consistency(args.game, args.model, args.sims, args.consistency, args.seed,
                             args.max_steps)
        for g, row in result.items():
            print(f"{g:>9}: {row['decisions']:6d} decisions, two searches agree "
                  f"{100 * row['search_vs_search']:.1f}%, the policy plays the search's move "
                  f"{100 * row['policy_vs_search']:.1f}%", flush=True)
    else:
        result = []
        for a in arms:
            row = run_arm(args.game, args.model, a, args.sims, args.games, args.seed,
                          args.max_steps)
            result.append(row)
            print(f"{a:>9}: {row['wins']}-{row['draws']}-{row['losses']} "
                  f"{100 * row['win_rate']:.1f}% [{100 * row['ci_low']:.1f}, "
                  f"{100 * row['ci_high']:.1f}]  searched {row['searched']}/{row['decisions']} "
                  f"({row['search_ms']:.1f} ms)  {row['wall_s']} s", flush=True)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
