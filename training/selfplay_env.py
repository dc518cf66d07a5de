"""A Stable-Baselines3 ``VecEnv`` over ``VectorGame`` for one learning seat per game.

Each of the ``num_envs`` games has one *learner seat*; every other seat is played inside
``step`` by an opponent drawn from an :class:`~training.pool.OpponentPool`. After the
learner's move the environment keeps stepping the games where an opponent is to play,
computing the opponents' moves for all those games in one ``act_batch`` call per opponent
(one batched forward pass for a policy), until every game is back at the learner's turn.

Replies by random and policy opponents (SB3 MLP actors) run in one numba kernel
(envs/core/opponents.py) in which every game plays on alone to its learner's turn, the actor
exported to numpy (envs/core/mlp.py) and re-exported whenever training moves its weights;
so does the game's heuristic when the GameSpec has its ``heuristic_best`` kernel and the agent
says it plays exactly that (``plays_heuristic_best``: a uniform draw from the set it marks).
Other opponents (a heuristic without that kernel, any Python agent) stop their game and are
moved from Python in one ``act_batch`` call per opponent per round. ``fast=False`` moves
every opponent from Python (the reference the kernel path is tested against).

Reward credit: the learner is paid only from the record's reward for *its own seat*,
summed over its move and all the opponents' replies that follow (so a terminal reward
produced by an opponent's move reaches the learner in the same transition). The
PettingZoo-tutorial bug of crediting the player who moved last is impossible here:
rewards are read at column ``learner_seat``, never ``to_play``.

The learner seat rotates by one each episode of a game, and the opponents are redrawn.
Finished games are reset by ``VectorGame`` itself (auto-reset, as SB3 expects of a VecEnv):
the returned observation is the new game's, and, as SB3 documents, ``infos[i]`` of a finished
game holds ``terminal_observation`` (the learner's view of the record the game ended in, kept
by ``VectorGame(keep_final=True)``) and ``TimeLimit.truncated`` (True when the step bound
stopped the game rather than the rules: SB3 then bootstraps the value of that observation).
Episode return/length and ``is_success`` (the learner won) go into ``infos`` too.

The class is a plain SB3 ``VecEnv``: ``VecMonitor``, ``VecNormalize`` and ``VecFrameStack``
wrap it, and MaskablePPO finds ``action_masks`` through them. The game's GameSpec is
``game_spec`` (``spec`` is Gymnasium's EnvSpec slot, None here, as wrappers expect).
"""

from __future__ import annotations

import time

import gymnasium as gym
import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

import envs
from training.pool import OpponentPool

#: opponent moves allowed between two learner moves before the game is declared stuck
MAX_REPLIES = 1_000_000


class SelfPlayVecEnv(VecEnv):
    """``num_envs`` self-play games of ``game`` seen from their learner seats."""

    def __init__(self, game: str, num_envs: int, pool: OpponentPool, seed: int = 0,
                 config: dict | None = None, fast: bool = True, kernel_heuristic: bool = True):
        self.game = game
        self.fast = bool(fast)
        #: play the game's heuristic in the reply kernel when its GameSpec allows it (False:
        #: from Python, as before ``GameSpec.heuristic_best``; the same best sets either way)
        self.kernel_heuristic = bool(kernel_heuristic)
        self.config = dict(config or {})
        # the learner and the opponents choose from the legal masks: the unchecked fast path
        self.vec = envs.make_vector(game, num_envs=num_envs, seed=seed, unchecked=True,
                                    keep_final=True, **self.config)
        self.game_spec = self.vec.spec
        #: Gymnasium's EnvSpec of a registered env; this VecEnv is not one
        self.spec = None
        self.pool = pool
        self._seed = seed
        obs_space = gym.spaces.Box(-np.inf, np.inf, (self.game_spec.obs_size,), np.float32)
        act_space = gym.spaces.Discrete(self.game_spec.num_actions)
        self.render_mode = None
        super().__init__(num_envs, obs_space, act_space)
        n = num_envs
        self.learner_seat = np.zeros(n, dtype=np.int64)
        self.opponent = np.zeros((n, self.game_spec.max_players), dtype=np.int64)
        self.ep_return = np.zeros(n, dtype=np.float64)
        self.ep_len = np.zeros(n, dtype=np.int64)
        self._carry = np.zeros(n, dtype=np.float64)
        self._actions = None
        #: opt-in potential-based shaping (training/shaping.py): the coefficient now (the
        #: trainer anneals it), the discount, and each game's potential at the learner's turn
        self.shaping_coef = 0.0
        self.gamma = 0.99
        self._potential = None
        self._phi = np.zeros(n, dtype=np.float64)
        self._t0 = time.time()
        #: env steps taken by opponents, finished games, and seconds spent in the game
        #: kernels and in opponents' act_batch (for throughput figures)
        self.opponent_steps = 0
        self.games_finished = 0
        self.kernel_seconds = 0.0
        self.opponent_seconds = 0.0
        #: seconds in the fused opponent kernel (game kernels and opponents' networks)
        self.reply_kernel_seconds = 0.0
        #: the opponents' random streams in the kernel, and the exported actors
        self._opp_rng = np.zeros(n, dtype=np.uint64)
        self._tables = None
        #: replies the kernel made by a random, a policy and a heuristic opponent
        self.reply_tally = np.zeros(3, dtype=np.int64)
        self._stop = np.zeros(n, dtype=np.int64)
        self._moves = np.zeros(n, dtype=np.int64)
        self._acc = np.zeros((n, self.game_spec.max_players), dtype=np.float64)
        if self.fast:
            from envs.core import search

            search.register(self.game_spec, search=False)

    # -- VecEnv API ----------------------------------------------------------------------
    def reset(self):
        seed = self._seed
        seeds = getattr(self, "_seeds", None)
        if seeds and seeds[0] is not None:   # set by VecEnv.seed()
            seed = seeds[0]
        t0 = time.perf_counter()
        self.vec.reset(seed=seed)
        self.kernel_seconds += time.perf_counter() - t0
        self._reset_seeds()
        n = self.num_envs
        # the opponents' streams in the kernel: from the seed, apart from the games' own
        self._opp_rng[:] = np.random.default_rng([seed, 0x0990]).integers(
            0, 2**64, n, dtype=np.uint64)
        nplayers = self.vec.states["num_players"].astype(np.int64)
        self.learner_seat = np.arange(n, dtype=np.int64) % nplayers
        self._draw_opponents(np.arange(n))
        self.ep_return[:] = 0
        self.ep_len[:] = 0
        self._carry[:] = 0
        self._play_opponents(np.zeros(n, dtype=bool), np.zeros(n), [{} for _ in range(n)])
        if self._potential is not None:
            self._potential(self.vec.states, self.learner_seat, self._phi)
        return self.vec.obs.copy()

    def step_async(self, actions):
        self._actions = np.asarray(actions, dtype=np.int64).reshape(-1)

    def step_wait(self):
        n = self.num_envs
        acc = self._carry.copy()
        self._carry[:] = 0
        dones = np.zeros(n, dtype=bool)
        infos: list[dict] = [{} for _ in range(n)]
        self.ep_len += 1
        t0 = time.perf_counter()
        rewards, finished = self.vec.step(self._actions)
        self.kernel_seconds += time.perf_counter() - t0
        self._credit(rewards, finished, acc, dones, infos)
        self._play_opponents(dones, acc, infos)
        if self._potential is not None:
            self._shape(acc, dones)
        return self.vec.obs.copy(), acc.astype(np.float32), dones, infos

    def enable_shaping(self, gamma: float) -> None:
        """Compute the learner's potential from now on (training/shaping.py); the bonus is
        paid while ``shaping_coef`` is not 0."""
        from training.shaping import batch_potential

        self.gamma = float(gamma)
        self._potential = batch_potential(self.game_spec)
        self._potential(self.vec.states, self.learner_seat, self._phi)

    def _shape(self, acc, dones) -> None:
        """Add ``c * (gamma * phi(s') - phi(s))`` to each transition, ``phi`` = 0 at a
        game's end (the game a done transition starts is the learner's next ``s``)."""
        new = np.zeros(self.num_envs, dtype=np.float64)
        self._potential(self.vec.states, self.learner_seat, new)
        if self.shaping_coef:
            after = np.where(dones, 0.0, self.gamma * new)
            acc += self.shaping_coef * (after - self._phi)
        self._phi = new

    def action_masks(self) -> np.ndarray:
        """Legal actions of the learner in every game (bool[N, NUM_ACTIONS])."""
        return self.vec.masks.astype(bool)

    def close(self):
        pass

    def get_attr(self, attr_name, indices=None):
        return [getattr(self, attr_name) for _ in self._get_indices(indices)]

    def set_attr(self, attr_name, value, indices=None):
        setattr(self, attr_name, value)

    def env_method(self, method_name, *method_args, indices=None, **method_kwargs):
        if method_name == "action_masks":
            m = self.action_masks()
            return [m[i] for i in self._get_indices(indices)]
        out = getattr(self, method_name)(*method_args, **method_kwargs)
        return [out for _ in self._get_indices(indices)]

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False for _ in self._get_indices(indices)]

    def has_attr(self, attr_name):
        return hasattr(self, attr_name)

    # -- checkpointing --------------------------------------------------------------------
    def state_dict(self) -> dict:
        """Everything needed to continue these games exactly (see ``Trainer.resume``)."""
        v = self.vec
        return {"states": v.states.copy(), "seeds": v.seeds.copy(), "act_rng": v.act_rng.copy(),
                "learner_seat": self.learner_seat.copy(), "opponent": self.opponent.copy(),
                "ep_return": self.ep_return.copy(), "ep_len": self.ep_len.copy(),
                "carry": self._carry.copy(), "phi": self._phi.copy(),
                "opp_rng": self._opp_rng.copy(),
                "shaping_coef": self.shaping_coef, "opponent_steps": self.opponent_steps,
                "games_finished": self.games_finished, "kernel_seconds": self.kernel_seconds,
                "opponent_seconds": self.opponent_seconds,
                "reply_kernel_seconds": self.reply_kernel_seconds}

    def load_state_dict(self, d: dict) -> None:
        v = self.vec
        v.set_states(d["states"])           # validated: a checkpoint is input from outside
        v.seeds[:] = d["seeds"]
        v.act_rng[:] = d["act_rng"]
        self.learner_seat[:] = d["learner_seat"]
        self.opponent[:] = d["opponent"]
        self.ep_return[:] = d["ep_return"]
        self.ep_len[:] = d["ep_len"]
        self._carry[:] = d["carry"]
        if "opp_rng" in d:
            self._opp_rng[:] = d["opp_rng"]
        if "phi" in d:
            self._phi = np.array(d["phi"], dtype=np.float64)
            self.shaping_coef = float(d["shaping_coef"])
        self.opponent_steps = d["opponent_steps"]
        self.games_finished = d["games_finished"]
        self.kernel_seconds = d["kernel_seconds"]
        self.opponent_seconds = d["opponent_seconds"]
        self.reply_kernel_seconds = d.get("reply_kernel_seconds", 0.0)

    # -- internals -----------------------------------------------------------------------
    def _draw_opponents(self, idx):
        if len(idx):
            self.opponent[idx] = self.pool.sample(len(idx) * self.opponent.shape[1]).reshape(
                len(idx), -1)

    def _credit(self, rewards, finished, acc, dones, infos):
        """Pay each learner its own seat's reward; close the episodes that ended."""
        if not np.any(finished) and not np.any(rewards):
            return      # most replies: nothing paid, nothing ended (terminal rewards)
        n = self.num_envs
        rows = np.arange(n)
        mine = rewards[rows, self.learner_seat].astype(np.float64)
        # a game that already ended in this transition: rewards of the next game are carried
        fresh = ~dones
        acc[fresh] += mine[fresh]
        self._carry[~fresh] += mine[~fresh]
        self.ep_return[fresh] += mine[fresh]
        finished = np.asarray(finished, dtype=bool)
        ended = np.flatnonzero(finished)
        if len(ended) == 0:
            return
        now = time.time() - self._t0
        final = self.vec.final_states
        for i in np.flatnonzero(finished & fresh):
            seat = int(self.learner_seat[i])
            infos[i]["episode"] = {"r": float(self.ep_return[i]), "l": int(self.ep_len[i]),
                                   "t": round(now, 6)}
            infos[i]["is_success"] = bool(mine[i] > 0.5)   # the terminal +1 (see evaluate)
            nseats = int(self.vec.states["num_players"][i])
            self.pool.record([self.opponent[i, s] for s in range(nseats) if s != seat],
                             1.0 if mine[i] > 0.5 else (0.0 if mine[i] < -0.5 else 0.5))
            infos[i]["learner_seat"] = seat
            infos[i]["terminal_observation"] = self.vec.observe_final(i, seat)
            infos[i]["TimeLimit.truncated"] = bool(final["truncated"][i]
                                                   and not final["done"][i])
        # a further game that ended before the learner moved in it pays nobody
        self._carry[finished & ~fresh] = 0
        dones[ended] = True
        self.games_finished += len(ended)
        nplayers = self.vec.states["num_players"][ended].astype(np.int64)
        self.learner_seat[ended] = (self.learner_seat[ended] + 1) % nplayers
        self.ep_return[ended] = 0
        self.ep_len[ended] = 0
        self._draw_opponents(ended)

    def _python_round(self, need, to_play, dones, acc, infos):
        """One move in every game flagged by ``need``, by its Python opponent: one batched
        ``act_batch`` call per pool member, then one step of every game."""
        v = self.vec
        rows = np.arange(self.num_envs)
        actions = np.full(self.num_envs, -1, dtype=np.int64)
        opp = self.opponent[rows, np.maximum(to_play, 0)]
        t0 = time.perf_counter()
        for k in np.unique(opp[need]):
            idx = np.flatnonzero(need & (opp == k))
            agent = self.pool.members[k]
            states = v.states[idx] if agent.needs_state else None
            actions[idx] = agent.act_batch(v.obs[idx], v.masks[idx], states, to_play[idx])
        t1 = time.perf_counter()
        self.opponent_steps += int(need.sum())
        rewards, finished = v.step(actions)
        self.opponent_seconds += t1 - t0
        self.kernel_seconds += time.perf_counter() - t1
        self._credit(rewards, finished, acc, dones, infos)

    def _play_opponents(self, dones, acc, infos):
        """Step every game where an opponent is to play until the learner is to play."""
        if self.fast:
            return self._play_opponents_fast(dones, acc, infos)
        for _ in range(MAX_REPLIES):
            to_play = self.vec.to_play.astype(np.int64)
            need = to_play != self.learner_seat
            if not need.any():
                return
            self._python_round(need, to_play, dones, acc, infos)
        raise RuntimeError(f"{self.game}: opponents played {MAX_REPLIES} moves in a row")

    def _opponent_tables(self):
        """(kind int64[members], slot int64[members], params float32[K, P], layout,
        greedy bool[max(K, 1)]): how the kernel plays each pool member
        (training/evaluate.py ``kernel_members``). Rebuilt when the pool's members change;
        the live policy's row is re-exported when its weights moved."""
        from agents.policy import export_actor
        from envs.core.opponents import KIND_POLICY
        from training.evaluate import kernel_members

        members = self.pool.members
        key = tuple(id(m) for m in members) + tuple(id(getattr(m, "policy", None))
                                                   for m in members)
        t = self._tables
        if t is None or t["key"] != key:
            kind, slot, greedy, params, layout = kernel_members(
                self.game_spec, members, heuristic=self.kernel_heuristic)
            live = [(int(slot[i]), m, _version(m.policy)) for i, m in enumerate(members)
                    if kind[i] == KIND_POLICY]
            t = self._tables = {"key": key, "kind": kind, "slot": slot, "params": params,
                                "layout": layout, "greedy": greedy, "live": live}
        else:
            for j, (r, m, ver) in enumerate(t["live"]):
                now = _version(m.policy)
                if now != ver:
                    t["params"][r] = export_actor(m.policy)[0]
                    t["live"][j] = (r, m, now)
        return t

    def _play_opponents_fast(self, dones, acc, infos):
        """The kernel path (module docstring): the kernel plays random and policy
        opponents; Python moves the others one batched call per opponent per round."""
        from envs.core.opponents import STOP_ENDED, STOP_FAULT, play_opponents

        rows = np.arange(self.num_envs)
        v = self.vec
        for _ in range(MAX_REPLIES):
            to_play = v.to_play.astype(np.int64)
            need = to_play != self.learner_seat
            if not need.any():
                return
            t = self._opponent_tables()
            kind = t["kind"][self.opponent]
            slot = t["slot"][self.opponent]
            self._acc[:] = 0.0
            t0 = time.perf_counter()
            made = play_opponents(v.states, v.cfgs, self.learner_seat, kind, slot, t["greedy"],
                                  t["params"], t["layout"], self._opp_rng, self._acc,
                                  self._stop, self._moves, v.final_states, v.masks, v.obs,
                                  MAX_REPLIES, self.reply_tally)
            self.reply_kernel_seconds += time.perf_counter() - t0
            self.opponent_steps += int(made)
            if (self._stop == STOP_FAULT).any():
                v._raise_faults("an opponent's reply")
                raise RuntimeError(f"{self.game}: the opponent kernel stopped games "
                                   f"{np.flatnonzero(self._stop == STOP_FAULT)[:10].tolist()}")
            ended = self._stop == STOP_ENDED
            if made:
                self._credit(self._acc, ended, acc, dones, infos)
            # the rest are at a Python opponent's turn: one batched call per opponent
            to_play = v.to_play.astype(np.int64)
            need = to_play != self.learner_seat
            need &= kind[rows, np.maximum(to_play, 0)] == 0
            need &= ~ended          # a new game's opponents were just redrawn: kernel first
            if not need.any():
                continue
            self._python_round(need, to_play, dones, acc, infos)
        raise RuntimeError(f"{self.game}: opponents played {MAX_REPLIES} rounds in a row")


def _version(policy) -> int:
    """A number that changes whenever the policy's parameters change in place (torch's
    version counters: optimizer steps, load_state_dict)."""
    params = policy.__dict__.get("_broadside_params")
    if params is None:
        params = policy.__dict__["_broadside_params"] = list(policy.parameters())
    return sum(p._version for p in params)


def warm_up_replies(game: str) -> None:
    """Compile (or load) ``game``'s opponent-reply kernel: one step of one game against a
    random opponent, whose call has the same argument types as a policy or a heuristic
    opponent's (one specialisation holds all kinds, the game's heuristic kernel too). Run by
    ``broadside compile`` so that test and training workers load it instead of compiling it
    each (the kernel carries the game's whole engine: tens of seconds)."""
    env = SelfPlayVecEnv(game, 1, OpponentPool(game, {"random": 1.0}, seed=0), seed=0)
    env.reset()
    for _ in range(10_000):   # until an opponent has replied (the learner may move on first)
        env.step_async(np.array([int(np.flatnonzero(env.vec.masks[0])[0])], dtype=np.int64))
        env.step_wait()
        if env.opponent_steps:
            return

