"""GameTable: N games of one GameSpec seen through RLlib's multi-agent protocol.

The shared core of ``env.py`` (N = 1) and ``vector_env.py`` (N games in one ``VectorGame``);
it imports no ray, so it is tested and benchmarked without it.

AEC turn order: in each game only the seat to play receives an observation, as a Dict
``{"observation": float32[OBS_SIZE], "action_mask": float32[NUM_ACTIONS]}`` (the same keys as
the PettingZoo env; the mask is float so RLlib batches it with the observation). A step takes
the action of that seat alone. Rewards go to every seat RLlib plays, each step; RLlib adds
the rewards of seats without an observation this step to their next one.

Built-in seats: a lineup (``set_lineup``, read at the next reset of a game) may hand seats to
an agent the env runs itself, e.g. the game's heuristic, which reads the game record and so
cannot be an RLModule fed from observations. Those seats never reach RLlib; their moves are
made inside ``step``/``reset`` until a seat RLlib plays is to act or the game ends. Their
rewards are not reported (no RLlib agent learns from them).

End of a game: every seat RLlib plays gets its last observation (its own view of the final
position, an all-zero mask), its reward, and ``terminated`` (rules) or ``truncated``
(``max_steps``), with ``__all__``. An action outside the legal mask ends the game as PettingZoo's
classic envs do (``TerminateIllegalWrapper``): the mover gets -1, the others 0, ``info``
says ``illegal_action``; the position is left unplayed.

After the end, the game is set up anew with a seed drawn from its own rng (``VectorGame``'s
auto-reset), and the next ``reset_rows`` shows it: RLlib's "next_step" auto-reset.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

import envs
from envs.core.vector import VectorGame

#: lineup value of a seat RLlib plays (any other string names a built-in agent kind)
RLLIB = ""

#: built-in moves a reset or step may make before a seat RLlib plays is to act; a game that
#: needs more is a bug in the game or the agent, reported rather than looped on forever
MAX_BUILTIN_MOVES = 100_000


def agent_spaces(spec, num_players: int) -> tuple[dict, dict]:
    """Per-agent observation and action spaces (one object per agent, built once)."""
    low, high = spec.metadata.get("obs_bounds", (-np.inf, np.inf))
    names = spec.agent_names(num_players)
    obs = {a: spaces.Dict({
        "observation": spaces.Box(low=low, high=high, shape=(spec.obs_size,),
                                  dtype=np.float32),
        "action_mask": spaces.Box(low=0.0, high=1.0, shape=(spec.num_actions,),
                                  dtype=np.float32),
    }) for a in names}
    act = {a: spaces.Discrete(spec.num_actions) for a in names}
    return obs, act


def make_builtin(kind: str, game: str, seed: int):
    """A built-in agent: ``heuristic`` (the game's, agents/heuristic) or ``random``."""
    if kind == "heuristic":
        from agents import heuristic

        return heuristic.make(game, seed=seed)
    if kind == "random":
        from agents.random_agent import RandomAgent

        return RandomAgent(seed)
    raise ValueError(f"unknown built-in agent {kind!r}: heuristic or random")


class GameTable:
    """``num_envs`` games of ``game`` (see module docstring)."""

    def __init__(self, game: str, num_envs: int = 1, seed: int | None = 0,
                 config: dict | None = None):
        self.game = game
        self.spec = envs.spec(game)
        self.vec = VectorGame(self.spec, num_envs, seed=seed, unchecked=True, keep_final=True,
                              **dict(config or {}))
        self.num_envs = num_envs
        self.num_players = self.vec.num_players
        self.agents = list(self.spec.agent_names(self.num_players))
        self.observation_spaces, self.action_spaces = agent_spaces(self.spec,
                                                                   self.num_players)
        n, p = num_envs, self.num_players
        #: per game and seat: RLLIB or a built-in kind, for the running / the next episode
        self.lineup = np.full((n, p), RLLIB, dtype=object)
        self.next_lineup = np.full((n, p), RLLIB, dtype=object)
        self._exposed = np.ones((n, p), dtype=bool)
        self._pending = np.zeros((n, p), dtype=np.float32)   # rewards not yet reported
        self._builtins: dict[str, object] = {}
        self._seed = 0 if seed is None else int(seed)
        self._rng = np.random.default_rng(seed)

    # ----- lineups ---------------------------------------------------------------------------
    def set_lineup(self, i: int, lineup) -> None:
        """Who plays each seat of game ``i`` from its next reset: RLLIB ("") or a built-in
        kind. At least one seat must be RLlib's."""
        lineup = list(lineup)
        if len(lineup) != self.num_players:
            raise ValueError(f"lineup {lineup} has {len(lineup)} seats; the game has "
                             f"{self.num_players}")
        if all(k != RLLIB for k in lineup):
            raise ValueError(f"lineup {lineup}: at least one seat must be played by RLlib")
        for k in lineup:
            if k != RLLIB:
                self._builtin(k)   # fail now (no heuristic for this game), not mid-episode
        self.next_lineup[i] = lineup

    def _builtin(self, kind: str):
        if kind not in self._builtins:
            seed = self._seed * 7919 + len(self._builtins) + 1
            self._builtins[kind] = make_builtin(kind, self.game, seed)
        return self._builtins[kind]

    def fresh_seed(self) -> int:
        """A game seed from the table's own generator (seeded by its seed)."""
        return int(self._rng.integers(0, 2**63))

    def rllib_agents(self, i: int) -> list[str]:
        """The agents RLlib plays in game ``i``'s running episode."""
        return [a for s, a in enumerate(self.agents) if self._exposed[i, s]]

    # ----- observations ----------------------------------------------------------------------
    def _obs(self, i: int) -> dict:
        return {"observation": self.vec.obs[i].copy(),
                "action_mask": self.vec.masks[i].astype(np.float32)}

    def _final_obs(self, i: int, seat: int, from_final: bool) -> dict:
        if from_final:
            obs = self.vec.observe_final(i, seat)
        else:
            obs = np.empty(self.spec.obs_size, dtype=np.float32)
            self.spec.single.observe(self.vec.states, i, seat, obs)
        return {"observation": obs,
                "action_mask": np.zeros(self.spec.num_actions, dtype=np.float32)}

    # ----- resets ------------------------------------------------------------------------------
    def seed_game(self, i: int, seed: int) -> None:
        """Set game ``i`` up anew from ``seed`` (an explicit reset)."""
        k = self.spec.single
        k.init(self.vec.states, self.vec.cfgs, i, np.uint64(int(seed) % 2**64))
        k.legal(self.vec.states, i, self.vec.masks[i])
        if self.vec.to_play[i] >= 0:
            k.observe(self.vec.states, i, int(self.vec.to_play[i]), self.vec.obs[i])

    def reset_rows(self, rows) -> tuple[list, list]:
        """Start the next episode of each game in ``rows`` (already set up: by ``seed_game``
        or the auto-reset after its last step): lineups take effect, built-in seats move.
        Returns ``(obs, infos)`` per row: the seat to play's observation."""
        rows = list(rows)
        for i in rows:
            self.lineup[i] = self.next_lineup[i]
            self._exposed[i] = self.lineup[i] == RLLIB
            self._pending[i] = 0.0
        self._advance(rows, fresh=True)
        out_obs, out_info = [], []
        for i in rows:
            a = self.agents[int(self.vec.to_play[i])]
            out_obs.append({a: self._obs(i)})
            out_info.append({a: {}})
        return out_obs, out_info

    # ----- steps -------------------------------------------------------------------------------
    def step_rows(self, actions: dict) -> dict:
        """``actions``: row -> action of the seat to play there. Returns row -> (obs,
        rewards, terminateds, truncateds, infos) in RLlib's multi-agent dict format."""
        n = self.num_envs
        acts = np.full(n, -1, dtype=np.int64)
        out: dict = {}
        illegal = []
        for i, a in actions.items():
            a = int(a)
            if 0 <= a < self.spec.num_actions and self.vec.masks[i, a]:
                acts[i] = a
            else:
                illegal.append((i, a))
        for i, a in illegal:
            out[i] = self._end_illegal(i, a)
        stepped = [i for i in actions if acts[i] >= 0]
        if stepped:
            ended = self._step(acts)
            for i in ended:
                out[i] = self._end(i, from_final=True)
            live = [i for i in stepped if i not in ended]
            ended = self._advance(live, fresh=False)
            for i in ended:
                out[i] = self._end(i, from_final=True)
            for i in live:
                if i in ended:
                    continue
                seat = int(self.vec.to_play[i])
                a = self.agents[seat]
                out[i] = ({a: self._obs(i)}, self._take_rewards(i),
                          {"__all__": False}, {"__all__": False}, {})
        return out

    def _step(self, acts) -> list[int]:
        """One VectorGame step; rewards of RLlib seats pile up; rows that ended."""
        rewards, dones = self.vec.step(acts)
        moved = acts >= 0
        self._pending[moved] += rewards[moved, :self.num_players] * self._exposed[moved]
        return np.flatnonzero(dones & moved).tolist()

    def _advance(self, rows, fresh: bool) -> list[int]:
        """Built-in seats of ``rows`` move until a seat RLlib plays is to act. A game that
        ends meanwhile: with ``fresh`` (no RLlib seat has seen it yet) the auto-reset game
        simply continues the episode; otherwise the row is returned as ended."""
        rows = list(rows)
        ended: list[int] = []
        for _ in range(MAX_BUILTIN_MOVES):
            tp = self.vec.to_play.astype(np.int64)
            who = {}
            for i in rows:
                if i in ended:
                    continue
                kind = self.lineup[i, tp[i]]
                if kind != RLLIB:
                    who.setdefault(kind, []).append(i)
            if not who:
                return ended
            acts = np.full(self.num_envs, -1, dtype=np.int64)
            for kind, idx in who.items():
                agent = self._builtins[kind]
                idx = np.asarray(idx)
                states = self.vec.states[idx] if agent.needs_state else None
                acts[idx] = agent.act_batch(self.vec.obs[idx], self.vec.masks[idx], states,
                                            tp[idx])
            for i in self._step(acts):
                if fresh:
                    self._pending[i] = 0.0
                else:
                    ended.append(i)
        raise RuntimeError(f"{self.game}: built-in agents made {MAX_BUILTIN_MOVES} moves "
                           "without a seat RLlib plays coming to act")

    def _take_rewards(self, i: int) -> dict:
        r = self._pending[i]
        out = {a: float(r[s]) for s, a in enumerate(self.agents) if self._exposed[i, s]}
        self._pending[i] = 0.0
        return out

    def _end(self, i: int, from_final: bool) -> tuple:
        """Last observation, reward and done flags of every RLlib seat of game ``i``."""
        rec = self.vec.final_states[i] if from_final else self.vec.states[i]
        done, trunc = bool(rec["done"]), bool(rec["truncated"]) and not bool(rec["done"])
        seats = [s for s in range(self.num_players) if self._exposed[i, s]]
        obs = {self.agents[s]: self._final_obs(i, s, from_final) for s in seats}
        term = {self.agents[s]: done for s in seats}
        tr = {self.agents[s]: trunc for s in seats}
        term["__all__"], tr["__all__"] = done, trunc
        return obs, self._take_rewards(i), term, tr, {}

    def _end_illegal(self, i: int, action: int) -> tuple:
        """An action outside the legal mask: the game ends, the mover -1 (module docstring)."""
        mover = int(self.vec.to_play[i])
        seats = [s for s in range(self.num_players) if self._exposed[i, s]]
        obs = {self.agents[s]: self._final_obs(i, s, from_final=False) for s in seats}
        rew = {self.agents[s]: (-1.0 if s == mover else 0.0) for s in seats}
        self._pending[i] = 0.0
        term = {self.agents[s]: True for s in seats}
        term["__all__"] = True
        tr = {self.agents[s]: False for s in seats}
        tr["__all__"] = False
        info = {self.agents[mover]: {"illegal_action": int(action)}}
        # the next episode starts from a fresh game, as after any other end
        self.seed_game(i, self.fresh_seed())
        return obs, rew, term, tr, info
