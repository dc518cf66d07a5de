"""ArrayAECEnv: the PettingZoo AEC environment over any GameSpec.

The game lives in one numpy record (``self._state``, shape (1,)); this class is only the
PettingZoo glue around the game's kernels. A step is one kernel call (``apply``, then the
next legal mask into a cached buffer); ``observe`` runs when an agent asks.

Two flavours, one class:

- ``strict=True`` (``raw_env()``): an out-of-range or illegal action raises
  ``IllegalActionError`` naming the seat and the legal labels, a non-integer one
  ``ActionTypeError``; the state is unchanged.
- ``strict=False`` (``env()``): PettingZoo's classic stack, reproduced in place rather than by
  stacking wrapper classes (which cut throughput about fourfold): ``OrderEnforcingWrapper``
  (step/observe/render before reset is an error, step with no agents left warns),
  ``AssertOutOfBoundsWrapper`` (AssertionError on an action outside the space, bools and
  floats included) and ``TerminateIllegalWrapper(illegal_reward=-1)`` (an illegal move ends
  the game: the mover gets -1, the others 0, every agent is terminated and truncated, and a
  warning is logged).

The core contract (README "Bad input"): nothing from outside reaches a kernel unchecked.
Seeds and actions are type-checked; ``load`` and ``load_scenario`` validate a copy with the
game's ``check_states`` and swap it in only when valid (``StateError`` otherwise, the env
byte-identical); a kernel that meets a loop bound (``fault``) has its step undone and raises
``StateError``; ``copy.deepcopy``, ``pickle`` and ``clone()`` give envs that continue exactly
as the original does.
"""

from __future__ import annotations

import math
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from envs.core import snapshot
from envs.core.compile import ensure_compiled
from envs.core.errors import (
    ActionTypeError, ConfigError, IllegalActionError, ResetNeededError, SeatError, StateError,
)
from envs.core.integers import is_integer
from envs.core.spec import FAULT_MESSAGES, GameSpec, SingleKernels  # noqa: F401 (re-export)

#: AEC bookkeeping kept in snapshots (with the record), so a loaded env continues exactly
_BOOKKEEPING = ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations",
                "truncations")


def check_seed(seed):
    """``seed`` as a Python int (or None); TypeError naming ``seed`` for anything else."""
    if seed is None:
        return None
    if not is_integer(seed):
        raise TypeError(f"seed must be an int, a numpy integer or None, got "
                        f"{type(seed).__name__} {seed!r}")
    return int(seed)


def as_action(action):
    """``action`` as a Python int, or None if it is not an integer (bools excluded)."""
    if is_integer(action):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        return int(action)
    return None


class ArrayAECEnv(AECEnv):
    """PettingZoo AEC env for one game described by a GameSpec."""

    def __init__(self, spec: GameSpec, render_mode=None, strict: bool = False, **config):
        super().__init__()
        self.game = spec
        self.strict = bool(strict)
        self._cfg = spec.make_config(**config)
        ensure_compiled(spec)   # a first run says it is compiling instead of hanging silently
        self.metadata: dict[str, Any] = {
            "render_modes": ["human", "ansi", "rgb_array"],
            "name": f"{spec.name}_v{spec.version}",
            "is_parallelizable": False,
            "render_fps": 2,
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self._state = np.zeros(1, dtype=spec.state_dtype)
        self._backup = np.zeros(1, dtype=spec.state_dtype)
        self._mask = np.zeros(spec.num_actions, dtype=np.uint8)
        self._has_reset = False
        self._seed_rng: np.random.Generator | None = None
        self._infos_stale = False
        self.state_space = spaces.Box(low=-np.inf, high=np.inf, shape=(spec.state_size,),
                                      dtype=np.float32)
        self._bind()
        self._setup_agents()

    def _bind(self) -> None:
        """Views into ``_state`` and the kernel table (rebuilt after copy and unpickling)."""
        self._k = self.game.single
        self._rec = self._state[0]
        self._bytes = self._state.view(np.uint8)
        self._backup_bytes = self._backup.view(np.uint8)
        self._v_to_play = self._state["to_play"]
        self._v_done = self._state["done"]
        self._v_trunc = self._state["truncated"]
        self._v_fault = self._state["fault"]
        self._v_reward = self._state["reward"][0]

    # ----- agents and spaces -------------------------------------------------------------
    def _setup_agents(self) -> None:
        n = int(self._cfg["num_players"][0])
        self.possible_agents = list(self.game.agent_names(n))
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = self.game.metadata.get("obs_bounds", (-np.inf, np.inf))
        # one space object per agent, built once: api_test checks identity, seed_test seeds each
        self._obs_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, shape=(self.game.obs_size,),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.game.num_actions,),
                                          dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self._act_spaces: dict[str, spaces.Space] = {
            a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}

    def observation_space(self, agent):
        return self._obs_spaces[agent]

    def action_space(self, agent):
        return self._act_spaces[agent]

    # ----- reset / step ----------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """New game. ``seed`` (an int, a numpy integer or None) sets it up exactly; without
        one the seed is drawn from the env's own generator, itself seeded by the last
        explicit seed (as Gymnasium does), so ``reset(seed=s)`` followed by plain
        ``reset()`` calls is reproducible. Seeds are taken modulo 2**64."""
        seed = check_seed(seed)
        if seed is None:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng()
            seed = int(self._seed_rng.integers(0, 2**64, dtype=np.uint64))
        else:
            seed %= 2**64
            self._seed_rng = np.random.default_rng(seed)
        # every seed reaches the kernel as uint64: one compiled specialisation, and the
        # auto-reset seeds of VectorGame (mix64 of the rng, full 64 bits) are reproducible here
        self._k.init(self._state, self._cfg, 0, np.uint64(seed))
        self._sync_from_record()

    def _sync_from_record(self) -> None:
        """Rebuild the PettingZoo bookkeeping from the record (after reset and scenarios)."""
        self._has_reset = True
        self.agents = self.possible_agents[:]
        done = bool(self._v_done[0])
        trunc = bool(self._v_trunc[0])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, done)
        self.truncations = dict.fromkeys(self.agents, trunc)
        self._infos = dict(zip(self.agents, self.game.infos(self._rec)))
        self._infos_stale = False
        seat = int(self._v_to_play[0])
        self.agent_selection = self.possible_agents[seat if seat >= 0 else 0]
        self._refresh_mask()

    def _refresh_mask(self) -> None:
        if self._v_to_play[0] >= 0:
            self._k.legal(self._state, 0, self._mask)
        else:
            self._mask[:] = 0

    def step(self, action):
        if not self._has_reset:
            raise ResetNeededError("step")
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if dead and action is None:
            self._was_dead_step(action)
            return
        a = as_action(action)
        if a is None:
            if self.strict:
                raise ActionTypeError(action, self._seat_of[agent], self._legal_labels(),
                                      reason=f"not an integer action ({type(action).__name__})")
            raise AssertionError(f"action is not in action space: {action!r} "
                                 f"({type(action).__name__}) is not an integer")
        in_range = 0 <= a < self.game.num_actions
        if not in_range:
            if self.strict and not dead:
                raise IllegalActionError(action, self._seat_of[agent], self._legal_labels(),
                                         reason=f"out of range 0..{self.game.num_actions - 1}")
            raise AssertionError(f"action is not in action space: {a} is outside "
                                 f"0..{self.game.num_actions - 1}")
        if dead:
            self._was_dead_step(action)
            return
        if not self._mask[a]:
            if self.strict:
                raise IllegalActionError(a, self._seat_of[agent], self._legal_labels())
            self._terminate_illegal(agent)
            return
        self._apply(agent, a)

    def _apply(self, agent, action: int) -> None:
        np.copyto(self._backup_bytes, self._bytes)   # ~1 us: a fault undoes the step
        self._k.apply(self._state, 0, action, self._mask)
        if self._v_fault[0]:
            code = int(self._v_fault[0])
            np.copyto(self._bytes, self._backup_bytes)
            self._refresh_mask()
            raise StateError(
                f"{self.game.name}: action {action} of {agent} stopped the kernel: "
                f"{FAULT_MESSAGES.get(code, f'fault {code}')}; the step was undone")
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        cumulative = self._cumulative_rewards
        for a, r in zip(self.possible_agents, self._v_reward.tolist()):
            rewards[a] = r
            cumulative[a] += r
        self._infos_stale = True
        seat = int(self._v_to_play[0])
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            return
        done = bool(self._v_done[0])
        trunc = bool(self._v_trunc[0])
        if not (done or trunc):
            raise RuntimeError(
                f"{self.game.name}: apply left no seat to play but the game is neither done "
                f"nor truncated (after action {action} of {agent})")
        for a in self.possible_agents:
            self.terminations[a] = done
            self.truncations[a] = trunc
        self._mask[:] = 0
        # as the classic envs do: after the last move the turn passes on, and every agent
        # then takes its dead step
        nxt = (self._seat_of[agent] + 1) % len(self.possible_agents)
        self.agent_selection = self.possible_agents[nxt]

    def _terminate_illegal(self, agent) -> None:
        """TerminateIllegalWrapper(illegal_reward=-1), inlined; the record is not touched."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._mask[:] = 0
        self._deads_step_first()

    @property
    def infos(self) -> dict:
        """Per-agent info dicts from ``spec.infos``, computed when read rather than every step
        (a game's infos may be costly and many training loops never read them). The dict is
        updated in place, so a reference taken earlier sees the values at its next read."""
        if self._infos_stale:
            self._infos_stale = False
            infos = self._infos
            for a, d in zip(self.possible_agents, self.game.infos(self._rec)):
                if a in infos:
                    infos[a] = d
        return self._infos

    @infos.setter
    def infos(self, value: dict) -> None:
        self._infos = value
        self._infos_stale = False

    # ----- observation -----------------------------------------------------------------------
    def observe(self, agent):
        if not self._has_reset:
            raise ResetNeededError("observe")
        if agent not in self._seat_of:
            raise SeatError(f"observe: {agent!r} is not one of {self.possible_agents}")
        seat = self._seat_of[agent]
        obs = np.empty(self.game.obs_size, dtype=np.float32)
        self._k.observe(self._state, 0, seat, obs)
        if agent == self.agent_selection and self._v_to_play[0] == seat:
            mask = self._mask.astype(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise ResetNeededError("last")
        return super().last(observe)

    def state(self) -> np.ndarray:
        """PettingZoo's global state: float32[state_size], everything about the position,
        hidden zones included (for centralised critics; never give it to a seat's policy)."""
        if not self._has_reset:
            raise ResetNeededError("state")
        return self.game.global_state(self._state)

    # ----- extras ----------------------------------------------------------------------------
    @property
    def record(self) -> np.ndarray:
        """The game record, a read-only structured array of shape (1,) (live: it changes with
        every step; copy it to keep it). Change a position through ``load``/``load_scenario``."""
        view = self._state.view()
        view.flags.writeable = False
        return view

    @property
    def config(self) -> np.ndarray:
        """The CONFIG record array, shape (1,)."""
        return self._cfg

    def action_label(self, action: int) -> str:
        """The action's text for the seat to play; any other value (a float, a string, None,
        an integer out of range) is labelled as such (spec.BoundedLabel), never truncated."""
        return self.game.action_label(self._rec, action)

    def legal_actions(self) -> list[int]:
        """Legal actions of the seat to play (empty when the game is over)."""
        return np.flatnonzero(self._mask).tolist()

    def _legal_labels(self) -> list[str]:
        return [f"{a}: {self.game.action_label(self._rec, a)}" for a in self.legal_actions()]

    # ----- snapshots ---------------------------------------------------------------------------
    def _bookkeeping(self) -> dict:
        out = {k: getattr(self, k) for k in _BOOKKEEPING}
        out = {k: (list(v) if k == "agents" else dict(v) if isinstance(v, dict) else v)
               for k, v in out.items()}
        out["seed_rng"] = None if self._seed_rng is None else \
            self._seed_rng.bit_generator.state["state"]
        # PettingZoo's dead steps return the turn to this agent once all are removed
        out["skip_agent_selection"] = getattr(self, "_skip_agent_selection", None)
        return out

    def save(self) -> bytes:
        """An exact snapshot: the record (config included) and the AEC bookkeeping, tagged
        with the game, its version and layout, and checksummed (``envs.core.snapshot``)."""
        if not self._has_reset:
            raise ResetNeededError("save")
        return snapshot.pack(self.game, self._state, self._bookkeeping())

    def load(self, blob: bytes) -> None:
        """Restore a ``save()`` snapshot of the same game (config included).

        The blob is unpacked and validated (``GameSpec.check_states``) on a copy; on any
        problem ``StateError`` names it and this env is left exactly as it was.
        """
        record, aec = snapshot.unpack(self.game, blob)
        self._validate(record, "snapshot")
        book = self._check_bookkeeping(record, aec)
        self._install(record)
        for k in _BOOKKEEPING:
            setattr(self, k, book[k])
        self._skip_agent_selection = book["skip_agent_selection"]
        self._infos = dict(zip(self.possible_agents, self.game.infos(self._rec)))
        self._infos = {a: self._infos[a] for a in self.agents}
        self._infos_stale = False
        if book["seed_rng"] is not None:
            self._seed_rng = np.random.default_rng()
            bg = self._seed_rng.bit_generator
            bg.state = {**bg.state, "state": book["seed_rng"]}
        sel = self.agent_selection
        if sel not in self.terminations or self.terminations[sel] or self.truncations[sel]:
            self._mask[:] = 0       # as after the step that ended it: no legal move is left

    def _validate(self, record: np.ndarray, what: str) -> None:
        self.game.refuse_invalid(record, what)

    def _install(self, record: np.ndarray) -> None:
        """Swap in a validated record (its config becomes the env's)."""
        n_before = len(self.possible_agents)
        self._state[:] = record
        self._cfg[:] = record["cfg"]
        self._has_reset = True
        if int(self._cfg["num_players"][0]) != n_before:
            self._setup_agents()
        self._refresh_mask()

    def _check_bookkeeping(self, record, aec) -> dict:
        """The snapshot's AEC fields, checked against the record they came with.

        Exactly what ``save()`` can write loads, nothing else (StateError naming the field),
        so a loaded env never reports a live game as over nor the reverse:

        - a live game (``to_play`` >= 0): every agent present, none terminated or truncated,
          the seat to play selected;
        - or the end ``env()`` gives an illegal move (TerminateIllegalWrapper), the record
          left live: every agent still present terminated *and* truncated, -1 to the mover
          (the record's seat to play, its cumulative reward -1 too), 0 to the others, the
          first agent selected; the dead steps then remove the agents in seat order;
        - a game over (``to_play`` = -1): each agent still present terminated exactly when the
          record is ``done`` and truncated exactly when it is ``truncated``;
        - after a dead step (an agent removed): the first agent left is selected and every
          reward is 0;
        - ``rewards``: finite, each 0 or the record's ``reward`` of that seat (the last
          step's), or the illegal mover's -1; ``_cumulative_rewards``: finite numbers (their
          size is not bounded by the rules: they add up a whole game).
        """
        n = int(record["num_players"][0])
        names = list(self.game.agent_names(n))

        def bad(why):
            return StateError(f"{self.game.name} snapshot refused, nothing was changed: AEC "
                              f"bookkeeping {why}")

        agents = aec.get("agents")
        if not isinstance(agents, list) or any(a not in names for a in agents) or \
                agents != [a for a in names if a in agents]:
            raise bad(f"'agents' = {agents!r} is not an ordered subset of {names}")
        sel = aec.get("agent_selection")
        if sel not in names:
            raise bad(f"'agent_selection' = {sel!r} is not one of {names}")
        skip = aec.get("skip_agent_selection")
        if skip is not None and skip not in names:
            raise bad(f"'skip_agent_selection' = {skip!r} is not one of {names}")
        book = {"agents": agents, "agent_selection": sel, "seed_rng": aec.get("seed_rng"),
                "skip_agent_selection": skip}
        for k in ("rewards", "_cumulative_rewards", "terminations", "truncations"):
            d = aec.get(k)
            if not isinstance(d, dict) or set(d) != set(agents):
                raise bad(f"{k!r} does not have exactly the agents {agents}")
            kind = bool if k in ("terminations", "truncations") else (int, float)
            if any(isinstance(v, bool) != (kind is bool) or not isinstance(v, kind)
                   for v in d.values()):
                raise bad(f"{k!r} holds a value of the wrong type")
            if kind is not bool and not all(math.isfinite(v) for v in d.values()):
                raise bad(f"{k!r} holds a value that is not finite: {d}")
            book[k] = {a: d[a] for a in agents}
        term, trunc = book["terminations"], book["truncations"]
        rewards = book["rewards"]
        to_play = int(record["to_play"][0])
        record_reward = dict(zip(names, record["reward"][0].tolist()))
        if to_play >= 0 and all(term[a] and trunc[a] for a in agents):
            # env()'s illegal-move end: the record is untouched, the mover (the seat to
            # play) gets -1, every agent is terminated and truncated and the first selected
            mover = names[to_play]
            if agents != names[len(names) - len(agents):]:
                raise bad(f"'agents' = {agents}: after an illegal move the dead steps remove "
                          f"the agents in seat order")
            if agents == names:
                if sel != names[0]:
                    raise bad(f"selects {sel!r} after an illegal move, not {names[0]!r}")
                others = [a for a in agents if a != mover and rewards[a] != 0]
                if rewards[mover] != -1 or book["_cumulative_rewards"][mover] != -1 or others:
                    raise bad(f"marks every agent terminated and truncated while the record's "
                              f"game is live, but its rewards {rewards} are not an illegal "
                              f"move's end (-1 to {mover!r}, the seat to play, 0 to the others)")
        elif to_play >= 0:
            if agents != names:
                raise bad(f"'agents' = {agents} but the record's game is live: every agent "
                          f"plays on ({names})")
            dead = [a for a in agents if term[a] or trunc[a]]
            if dead:
                raise bad(f"marks {dead} terminated or truncated but the record's game is "
                          f"live (seat {to_play} to play)")
            if sel != names[to_play]:
                raise bad(f"selects {sel!r} but the record's seat to play is "
                          f"{names[to_play]!r}")
        else:
            done, truncated = bool(record["done"][0]), bool(record["truncated"][0])
            if not (done or truncated):
                raise bad("has no seat to play but the record's game is neither done nor "
                          "truncated")
            wrong = [a for a in agents if term[a] != done or trunc[a] != truncated]
            if wrong:
                raise bad(f"'terminations'/'truncations' of {wrong} disagree with the record "
                          f"(done={int(done)}, truncated={int(truncated)})")
        if agents and agents != names and sel != agents[0]:
            # a dead step removes the selected agent and selects the first one left
            raise bad(f"selects {sel!r} after dead steps, not the first agent left "
                      f"{agents[0]!r}")
        if agents != names and any(rewards[a] != 0 for a in agents):
            raise bad(f"'rewards' = {rewards}: a dead step clears every reward to 0")
        off = {a: r for a, r in rewards.items() if r not in (0, record_reward[a])
               and not (r == -1 and to_play >= 0 and a == names[to_play] and term[a])}
        if off:
            raise bad(f"'rewards' {off}: a reward is 0 or the record's last reward of that "
                      f"seat ({ {a: record_reward[a] for a in off} })")
        seed = book["seed_rng"]
        if seed is not None and not (isinstance(seed, dict) and set(seed) == {"state", "inc"}
                                     and all(isinstance(v, int) and 0 <= v < 2**128
                                             for v in seed.values())):
            raise bad("'seed_rng' is not a PCG64 state")
        return book

    # ----- copies ------------------------------------------------------------------------------
    def __getstate__(self):
        """Pickle and deepcopy state: everything but the views and kernels (rebuilt after)."""
        d = dict(self.__dict__)
        for k in ("_k", "_rec", "_bytes", "_backup_bytes", "_v_to_play", "_v_done",
                  "_v_trunc", "_v_fault", "_v_reward"):
            d.pop(k, None)
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)
        self._bind()

    def clone(self) -> "ArrayAECEnv":
        """A new env in exactly this position, PettingZoo bookkeeping included."""
        import copy

        if self._infos_stale:
            self.infos  # noqa: B018  (materialise before copying)
        return copy.deepcopy(self)

    # ----- scenarios -----------------------------------------------------------------------------
    def to_scenario(self, exact: bool = False) -> dict:
        """The position as a plain dict (see envs.core.scenario); ``exact=True`` adds deck
        orders and the rng so that ``load_scenario`` restores the same bytes."""
        from envs.core import scenario

        return scenario.env_to_scenario(self, exact=exact)

    def load_scenario(self, source) -> None:
        """Set up a position from a scenario dict or TOML file (see envs.core.scenario);
        validated like ``load``: StateError/ConfigError and the env unchanged on a problem."""
        from envs.core import scenario

        record = scenario.build_record(self, source)
        self._validate(record, "scenario")
        self._install(record)
        self._sync_from_record()

    def render(self):
        if not self._has_reset:
            raise ResetNeededError("render")
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        if self.render_mode == "rgb_array":
            return self.game.render_rgb(self._rec, None)
        text = self.game.render_ansi(self._rec, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


def make_env_fns(spec: GameSpec):
    """``(env, raw_env)`` constructors for a game, so its env.py is two lines."""

    def env(**config):
        return ArrayAECEnv(spec, strict=False, **config)

    def raw_env(**config):
        return ArrayAECEnv(spec, strict=True, **config)

    env.__doc__ = f"{spec.title}: PettingZoo AEC env (illegal move ends the game, -1)."
    raw_env.__doc__ = f"{spec.title}: strict AEC env (illegal action raises IllegalActionError)."
    return env, raw_env
