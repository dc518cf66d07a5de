"""Play agents against each other over ``VectorGame`` and summarise who wins.

``play_games`` runs a list of seatings (which agent sits in which seat, one per game) with
many games in flight at once: each step, every agent moves in all the games where it is to
play with one ``act_batch`` call. Outcomes are read from the reward of each game's final step:
every game pays the zero-sum terminal +1 to each winner, -1 to each loser and 0 on a draw or
a truncation, so a final-step reward above 1/2 is a win and below -1/2 a loss (opt-in
shaped rewards add far less than 1/2 to a step). Win rates carry Wilson score intervals.

``play_games_fast`` plays the same seatings with every seat inside the self-play reply kernel
(envs/core/opponents.py ``play_opponents`` with no learner seat): policies through their
exported numpy actors (envs/core/mlp.py; greedy = masked argmax, as ``PolicyAgent``), random
agents and the game's kernel heuristic (``GameSpec.heuristic_best``) from per-game streams,
every game in flight at once, so one kernel call plays the whole evaluation. Lock-step
``play_games`` pays a torch call or a Python heuristic loop per agent per step for the
longest game (stalled games run to the 20,000-decision bound); the kernel lets each game
run alone. Agents without a kernel path make it fall back to ``play_games``. The kernel
path draws random and heuristic choices from its own streams, so only deterministic agents
(greedy policies) play the same games on both paths.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

import envs
from agents.base import Agent


@dataclass(frozen=True)
class GameResult:
    """One finished game: agent index per seat, summed reward per seat, decisions taken,
    and the reward of the final step per seat (which says who won)."""

    seats: tuple
    returns: tuple
    length: int
    index: int
    final: tuple = ()
    #: the game's seed and every action, in order: with the config, a replayable record
    #: (training/records.py); None and () where the games were played in the reply kernel
    seed: int | None = None
    actions: tuple = ()

    def outcome(self, seat: int) -> int:
        """+1 win, 0 draw, -1 loss for ``seat``."""
        r = (self.final or self.returns)[seat]
        return 1 if r > 0.5 else (-1 if r < -0.5 else 0)


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion ``k/n`` (95% by default); (0, 1) when n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # clamp: rounding must not push the bounds past the estimate (k = 0 or k = n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def play_games(game: str, agents: list[Agent], seatings: list[tuple], seed: int = 0,
               config: dict | None = None, num_envs: int = 64,
               max_steps: int = 10_000_000, checked: bool = False) -> list[GameResult]:
    """Play one game per seating (agent index per seat); results in seating order, each with
    its seed and actions (a game in env i starts from ``vec.seeds[i]``, the next one in that
    env from ``mix64`` of the record the last one ended in, as ``VectorGame`` resets it).

    ``checked=True`` makes ``VectorGame`` raise IllegalActionError on any illegal action;
    by default the agents' choices go unchecked (they choose from the legal masks).
    """
    from envs.core.rng import mix64

    config = dict(config or {})
    if not seatings:
        return []
    n = min(num_envs, len(seatings))
    vec = envs.make_vector(game, num_envs=n, seed=seed, unchecked=not checked,
                           keep_final=True, **config)
    nplayers = int(vec.states["num_players"][0])
    for s in seatings:
        if len(s) != nplayers:
            raise ValueError(f"seating {s} has {len(s)} seats; the game has {nplayers}")
    nmax = vec.spec.max_players
    seat_agent = np.full((n, nmax), -1, dtype=np.int64)
    game_of_env = np.full(n, -1, dtype=np.int64)
    totals = np.zeros((n, nmax))
    lengths = np.zeros(n, dtype=np.int64)
    results: list[GameResult | None] = [None] * len(seatings)
    game_seed = [int(s) for s in vec.seeds]
    moves: list[list[int]] = [[] for _ in range(n)]
    next_game = 0
    for i in range(n):
        seat_agent[i, :nplayers] = seatings[next_game]
        game_of_env[i] = next_game
        next_game += 1
    rows = np.arange(n)
    for _ in range(max_steps):
        active = game_of_env >= 0
        if not active.any():
            break
        to_play = vec.to_play.astype(np.int64)
        who = np.where(active, seat_agent[rows, np.maximum(to_play, 0)], -1)
        actions = np.full(n, -1, dtype=np.int64)
        for k in np.unique(who[who >= 0]):
            idx = np.flatnonzero(who == k)
            agent = agents[k]
            states = vec.states[idx] if agent.needs_state else None
            actions[idx] = agent.act_batch(vec.obs[idx], vec.masks[idx], states, to_play[idx])
        rewards, dones = vec.step(actions)
        totals[active] += rewards[active]
        lengths[active] += 1
        for i in np.flatnonzero(active):
            moves[i].append(int(actions[i]))
        for i in np.flatnonzero(np.asarray(dones, dtype=bool) & active):
            g = int(game_of_env[i])
            results[g] = GameResult(tuple(int(a) for a in seat_agent[i, :nplayers]),
                                    tuple(float(r) for r in totals[i, :nplayers]),
                                    int(lengths[i]), g,
                                    tuple(float(r) for r in rewards[i, :nplayers]),
                                    game_seed[i], tuple(moves[i]))
            game_seed[i] = int(mix64(vec.final_states["rng"][i]))
            moves[i] = []
            totals[i] = 0
            lengths[i] = 0
            if next_game < len(seatings):
                seat_agent[i, :nplayers] = seatings[next_game]
                game_of_env[i] = next_game
                next_game += 1
            else:
                game_of_env[i] = -1
    else:
        raise RuntimeError(f"{game}: games did not finish within {max_steps} steps")
    return results  # type: ignore[return-value]


def rotations(lineup: tuple) -> list[tuple]:
    """Every cyclic seat order of ``lineup`` (each agent plays each seat once)."""
    return [tuple(lineup[(i + r) % len(lineup)] for i in range(len(lineup)))
            for r in range(len(lineup))]


def seatings_vs(num_players: int, num_games: int) -> list[tuple]:
    """Agent 0 against agent 1 in every other seat, agent 0's seat rotating game by game."""
    out = []
    for g in range(num_games):
        seat = g % num_players
        out.append(tuple(0 if s == seat else 1 for s in range(num_players)))
    return out


@dataclass
class AgentStats:
    """Win/draw/loss tally of one agent."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def as_dict(self) -> dict:
        lo, hi = self.ci
        return {"games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_rate": self.win_rate, "ci_low": lo, "ci_high": hi}


def tally(results: list[GameResult], agent: int) -> AgentStats:
    """Results of ``agent`` over every seat it held in ``results``."""
    st = AgentStats()
    for r in results:
        for seat, a in enumerate(r.seats):
            if a != agent:
                continue
            st.games += 1
            o = r.outcome(seat)
            st.wins += o > 0
            st.draws += o == 0
            st.losses += o < 0
    return st


def evaluate_vs(game: str, agent: Agent, opponent: Agent, num_games: int, seed: int = 0,
                config: dict | None = None, num_envs: int = 64) -> AgentStats:
    """``agent`` in one seat (rotating), ``opponent`` in all others: ``agent``'s tally."""
    nplayers = _num_players(game, config)
    res = play_games(game, [agent, opponent], seatings_vs(nplayers, num_games), seed=seed,
                     config=config, num_envs=num_envs)
    return tally(res, 0)


def _num_players(game: str, config: dict | None) -> int:
    spec = envs.spec(game)
    cfg = spec.make_config(**dict(config or {}))
    return int(cfg["num_players"][0])


@dataclass
class PairTable:
    """Pairwise results: ``wins[i, j]`` games agent i won that agent j also played."""

    names: list[str]
    games: np.ndarray = field(default=None)
    wins: np.ndarray = field(default=None)
    draws: np.ndarray = field(default=None)

    def rate(self, i: int, j: int) -> float:
        g = self.games[i, j]
        return self.wins[i, j] / g if g else float("nan")


def pair_table(results: list[GameResult], names: list[str]) -> PairTable:
    """Head-to-head counts between every two distinct agents sharing a game."""
    k = len(names)
    t = PairTable(list(names), np.zeros((k, k), np.int64), np.zeros((k, k), np.int64),
                  np.zeros((k, k), np.int64))
    for r in results:
        for si, ai in enumerate(r.seats):
            oi = r.outcome(si)
            for aj in set(r.seats):
                if aj == ai:
                    continue
                t.games[ai, aj] += 1
                t.wins[ai, aj] += oi > 0
                t.draws[ai, aj] += oi == 0
    return t


def lineups(num_agents: int, num_players: int) -> list[tuple]:
    """Which agents meet: every ``num_players``-subset (with repeats if too few agents)."""
    if num_agents >= num_players:
        return list(itertools.combinations(range(num_agents), num_players))
    return [c for c in itertools.combinations_with_replacement(range(num_agents), num_players)
            if len(set(c)) > 1]


def kernel_members(spec, agents: list, heuristic: bool = True):
    """(kind int64[agents], slot int64[agents], greedy bool[max(K, 1)], params float32[K, P],
    layout): how the reply kernel (envs/core/opponents.py) plays each agent. Random agents,
    the game's heuristic (``heuristic`` and ``GameSpec.heuristic_best``) and policies that
    export to numpy actors of one architecture have a kind; any other agent is KIND_PYTHON
    (Python must move it). The self-play env and ``play_games_fast`` both build on it."""
    from agents.policy import PolicyAgent, export_actor
    from agents.random_agent import RandomAgent
    from envs.core import mlp
    from envs.core.opponents import KIND_HEURISTIC, KIND_POLICY, KIND_PYTHON, KIND_RANDOM

    kind = np.full(len(agents), KIND_PYTHON, dtype=np.int64)
    slot = np.full(len(agents), -1, dtype=np.int64)
    rows, greedy, layout = [], [], None
    heuristic = heuristic and spec.heuristic_best is not None
    for i, a in enumerate(agents):
        if type(a) is RandomAgent:
            kind[i] = KIND_RANDOM
        elif heuristic and getattr(a, "plays_heuristic_best", False):
            kind[i] = KIND_HEURISTIC
        elif isinstance(a, PolicyAgent) and a.policy is not None:
            got = export_actor(a.policy)
            if got is None or (layout is not None and not np.array_equal(got[1], layout)):
                continue
            layout = got[1]
            kind[i] = KIND_POLICY
            slot[i] = len(rows)
            rows.append(got[0])
            greedy.append(bool(a.deterministic))
    if layout is None:
        layout = np.zeros((1, 5), dtype=np.int64)
        params = np.zeros((1, 1), dtype=np.float32)
    else:
        params = np.stack(rows)
        mlp.check_layout(params, layout, spec.obs_size, spec.num_actions)
    # never empty (numba types the argument from an array with an element)
    return kind, slot, np.array(greedy or [True], dtype=np.bool_), params, layout


def kernel_tables(game: str, agents: list[Agent]):
    """``kernel_members`` of ``agents``, or None when one of them has no kernel path (a
    Python agent, a heuristic without ``heuristic_best``, a policy that does not export or
    whose architecture differs from the other policies')."""
    from envs.core.opponents import KIND_PYTHON

    tables = kernel_members(envs.spec(game), agents)
    return None if (tables[0] == KIND_PYTHON).any() else tables


def play_games_fast(game: str, agents: list[Agent], seatings: list[tuple], seed: int = 0,
                    config: dict | None = None, num_envs: int = 64,
                    max_steps: int = 10_000_000) -> list[GameResult]:
    """``play_games`` with every game played to its end in the reply kernel (module
    docstring); falls back to ``play_games`` (``num_envs`` games in flight) when an agent
    has no kernel path. Game ``g`` starts from the record ``VectorGame`` deals its game
    ``g`` from ``seed`` (what ``play_games`` plays when every game is in flight at once)."""
    tables = kernel_tables(game, agents)
    if tables is None:
        return play_games(game, agents, seatings, seed=seed, config=config,
                          num_envs=num_envs, max_steps=max_steps)
    if not seatings:
        return []
    from envs.core import search
    from envs.core.opponents import STOP_ENDED, STOP_FAULT, play_opponents

    kind_of, slot_of, greedy, params, layout = tables
    n = len(seatings)
    vec = envs.make_vector(game, num_envs=n, seed=seed, unchecked=True, **dict(config or {}))
    search.register(vec.spec, search=False)
    nplayers = int(vec.states["num_players"][0])
    for s in seatings:
        if len(s) != nplayers:
            raise ValueError(f"seating {s} has {len(s)} seats; the game has {nplayers}")
    nmax = vec.spec.max_players
    seat_agent = np.zeros((n, nmax), dtype=np.int64)
    seat_agent[:, :nplayers] = np.asarray(seatings, dtype=np.int64)
    kind = kind_of[seat_agent]
    slot = slot_of[seat_agent]
    # no learner seat: the kernel plays every seat until the game ends
    learner = np.full(n, -1, dtype=np.int64)
    # the kernel's streams for random and heuristic choices, apart from the games' own
    rng = np.random.default_rng([seed, 0xE7A1]).integers(0, 2**64, n, dtype=np.uint64)
    acc = np.zeros((n, nmax), dtype=np.float64)
    stop = np.zeros(n, dtype=np.int64)
    moves = np.zeros(n, dtype=np.int64)
    final = vec.states.copy()
    play_opponents(vec.states, vec.cfgs, learner, kind, slot, greedy, params, layout, rng, acc,
                   stop, moves, final, vec.masks, vec.obs, max_steps, np.zeros(3, np.int64))
    if (stop == STOP_FAULT).any():
        vec._raise_faults("an evaluation game")
        raise RuntimeError(f"{game}: the kernel stopped evaluation games "
                           f"{np.flatnonzero(stop == STOP_FAULT)[:10].tolist()}")
    if (stop != STOP_ENDED).any():
        raise RuntimeError(f"{game}: games did not finish within {max_steps} steps")
    reward = final["reward"]
    return [GameResult(tuple(int(a) for a in seat_agent[g, :nplayers]),
                       tuple(float(r) for r in acc[g, :nplayers]), int(moves[g]), g,
                       tuple(float(r) for r in reward[g, :nplayers]))
            for g in range(n)]
