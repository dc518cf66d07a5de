"""ArrayAECEnv: the PettingZoo AEC environment over any GameSpec.

The game lives in one numpy record (``self._state``, shape (1,)); this class is only the
PettingZoo glue around the game's kernels. A step is two kernel calls: ``apply`` and
``legal_mask`` into a cached buffer; ``observe`` runs when an agent asks.

Two flavours, one class:

- ``strict=True`` (``raw_env()``): an out-of-range or illegal action raises
  ``IllegalActionError`` naming the seat and the legal labels; the state is unchanged.
- ``strict=False`` (``env()``): PettingZoo's classic stack, reproduced in place rather than by
  stacking wrapper classes (which cut throughput about fourfold): ``OrderEnforcingWrapper``
  (step/observe/render before reset is an error, step with no agents left warns),
  ``AssertOutOfBoundsWrapper`` (AssertionError on an action outside the space) and
  ``TerminateIllegalWrapper(illegal_reward=-1)`` (an illegal move ends the game: the mover
  gets -1, the others 0, every agent is terminated and truncated, and a warning is logged).
"""

from __future__ import annotations

import copy
import struct

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from envs.core.errors import ConfigError, IllegalActionError
from envs.core.spec import GameSpec

_MAGIC = b"BRDSIDE1"
_HEADER = struct.Struct("<8sHIII")  # magic, len(name), len(state), len(config), num_players


class SingleKernels:
    """A game's single-game entry points over an array of states, for calls from Python.

    ``init(states, cfgs, i, seed)``, ``apply(states, i, action, mask)`` (apply, then the next
    legal mask), ``legal(states, i, mask)``, ``observe(states, i, seat, out)``. They are the
    game's ``single_*`` kernels when it has them (about 1 us a call), otherwise the record
    kernels on ``states[i]`` (numba unboxes a record slowly: ~15 us for a large STATE).
    """

    def __init__(self, spec: GameSpec):
        self.init = spec.single_init or (lambda st, cf, i, seed: spec.init(st[i], cf[0], seed))
        self.legal = spec.single_legal or (lambda st, i, mask: spec.legal_mask(st[i], mask))
        self.observe = spec.single_observe or (
            lambda st, i, seat, out: spec.observe(st[i], seat, out))
        if spec.single_apply is not None:
            self.apply = spec.single_apply
        else:
            def apply(st, i, action, mask):
                spec.apply(st[i], action)
                spec.legal_mask(st[i], mask)

            self.apply = apply


class ArrayAECEnv(AECEnv):
    """PettingZoo AEC env for one game described by a GameSpec."""

    def __init__(self, spec: GameSpec, render_mode=None, strict: bool = False, **config):
        super().__init__()
        self.game = spec
        self._k = SingleKernels(spec)
        self.strict = bool(strict)
        self._config_kwargs = dict(config)
        self._cfg = spec.make_config(**config)
        self.metadata = {
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
        # Never rebound: the field views below and the record view point into this memory.
        self._state = np.zeros(1, dtype=spec.state_dtype)
        self._rec = self._state[0]
        self._v_to_play = self._state["to_play"]
        self._v_done = self._state["done"]
        self._v_trunc = self._state["truncated"]
        self._v_reward = self._state["reward"][0]
        self._mask = np.zeros(spec.num_actions, dtype=np.uint8)
        self._has_reset = False
        self._seed_rng = None
        self._infos_stale = False
        self._skip_agent_selection = None
        self._setup_agents()

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
        self._act_spaces = {a: spaces.Discrete(self.game.num_actions) for a in self.possible_agents}

    def observation_space(self, agent):
        return self._obs_spaces[agent]

    def action_space(self, agent):
        return self._act_spaces[agent]

    # ----- reset / step ----------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """New game. ``seed`` (any int) sets it up exactly; without one the seed is drawn from
        the env's own generator, itself seeded by the last explicit seed (as Gymnasium does),
        so ``reset(seed=s)`` followed by plain ``reset()`` calls is reproducible."""
        if seed is None:
            if self._seed_rng is None:
                self._seed_rng = np.random.default_rng()
            seed = int(self._seed_rng.integers(0, 2**64, dtype=np.uint64))
        else:
            seed = int(seed) % 2**64
            self._seed_rng = np.random.default_rng(seed)
        # every seed reaches the kernel as uint64: one compiled specialisation, and the
        # auto-reset seeds of VectorGame (mix64 of the rng, full 64 bits) are reproducible here
        self._k.init(self._state, self._cfg, 0, np.uint64(seed))
        self._sync_from_record()

    def _sync_from_record(self) -> None:
        """Rebuild the PettingZoo bookkeeping from the record (after reset, load, scenario)."""
        self._has_reset = True
        self._skip_agent_selection = None
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
            raise AssertionError("reset() needs to be called before step.")
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        if type(action) is int:
            in_range = 0 <= action < self.game.num_actions
        else:
            in_range = action is not None and self._act_spaces[agent].contains(action)
        if dead:
            if not self.strict and action is not None and not in_range:
                raise AssertionError("action is not in action space")
            self._was_dead_step(action)
            return
        if not in_range:
            if self.strict:
                raise IllegalActionError(action, self._seat_of[agent], self._legal_labels(),
                                         reason=f"out of range 0..{self.game.num_actions - 1}")
            raise AssertionError("action is not in action space")
        action = int(action)
        if not self._mask[action]:
            if self.strict:
                raise IllegalActionError(action, self._seat_of[agent], self._legal_labels())
            self._terminate_illegal(agent)
            return
        self._apply(agent, action)

    def _apply(self, agent, action: int) -> None:
        self._cumulative_rewards[agent] = 0.0
        self._k.apply(self._state, 0, action, self._mask)
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
            raise AssertionError("reset() needs to be called before observe.")
        seat = self._seat_of[agent]
        obs = np.empty(self.game.obs_size, dtype=np.float32)
        self._k.observe(self._state, 0, seat, obs)
        if agent == self.agent_selection and self._v_to_play[0] == seat:
            mask = self._mask.astype(np.int8)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    # ----- extras ----------------------------------------------------------------------------
    @property
    def state(self) -> np.ndarray:
        """The game record, a structured array of shape (1,) (live: do not keep it across steps)."""
        return self._state

    @property
    def config(self) -> np.ndarray:
        """The CONFIG record array, shape (1,)."""
        return self._cfg

    def action_label(self, action: int) -> str:
        return self.game.action_label(self._rec, int(action))

    def legal_actions(self) -> list[int]:
        """Legal actions of the seat to play (empty when the game is over)."""
        return np.flatnonzero(self._mask).tolist()

    def _legal_labels(self) -> list[str]:
        return [f"{a}: {self.game.action_label(self._rec, a)}" for a in self.legal_actions()]

    def save(self) -> bytes:
        """An exact snapshot: the record and config bytes, tagged with the game name."""
        name = self.game.name.encode()
        st = self._state.tobytes()
        cf = self._cfg.tobytes()
        head = _HEADER.pack(_MAGIC, len(name), len(st), len(cf), len(self.possible_agents))
        return head + name + st + cf

    def load(self, blob: bytes) -> None:
        """Restore a ``save()`` snapshot of the same game (config included)."""
        try:
            magic, nlen, slen, clen, _ = _HEADER.unpack_from(blob, 0)
        except struct.error:
            raise ConfigError("not a Broadside snapshot (too short)") from None
        if magic != _MAGIC:
            raise ConfigError("not a Broadside snapshot (bad magic)")
        off = _HEADER.size
        name = bytes(blob[off:off + nlen]).decode()
        if name != self.game.name:
            raise ConfigError(f"snapshot is of game {name!r}, this env plays {self.game.name!r}")
        if slen != self._state.nbytes or clen != self._cfg.nbytes or \
                len(blob) != off + nlen + slen + clen:
            raise ConfigError("snapshot sizes do not match this game's STATE/CONFIG dtypes")
        off += nlen
        self._state[:] = np.frombuffer(blob, self._state.dtype, 1, off)
        self._cfg[:] = np.frombuffer(blob, self._cfg.dtype, 1, off + slen)
        self._after_config_change()
        self._sync_from_record()

    def _after_config_change(self) -> None:
        if int(self._cfg["num_players"][0]) != len(self.possible_agents):
            self._setup_agents()

    def clone(self) -> "ArrayAECEnv":
        """A new env in exactly this position, PettingZoo bookkeeping included."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._state = self._state.copy()
        other._cfg = self._cfg.copy()
        other._rec = other._state[0]
        other._v_to_play = other._state["to_play"]
        other._v_done = other._state["done"]
        other._v_trunc = other._state["truncated"]
        other._v_reward = other._state["reward"][0]
        other._mask = self._mask.copy()
        other._config_kwargs = dict(self._config_kwargs)
        other._seed_rng = copy.deepcopy(self._seed_rng)
        if self._has_reset:
            other.agents = self.agents[:]
            other.rewards = dict(self.rewards)
            other._cumulative_rewards = dict(self._cumulative_rewards)
            other.terminations = dict(self.terminations)
            other.truncations = dict(self.truncations)
            other._infos = {a: dict(d) for a, d in self.infos.items()}
            other._infos_stale = False
        return other

    def to_scenario(self) -> dict:
        """The position as a plain dict (see envs.core.scenario)."""
        from envs.core import scenario

        return scenario.env_to_scenario(self)

    def load_scenario(self, source) -> None:
        """Set up a position from a scenario dict or TOML file (see envs.core.scenario)."""
        from envs.core import scenario

        scenario.env_load_scenario(self, source)

    def render(self):
        if not self._has_reset:
            raise AssertionError("reset() needs to be called before render.")
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
