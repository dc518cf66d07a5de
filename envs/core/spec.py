"""GameSpec: the one object a game package exports, and the common record headers.

Every game's ``STATE`` dtype starts with :func:`state_header` and every ``CONFIG`` dtype with
:func:`config_header`, so game-agnostic code (``aec.py``, ``vector.py``, agents, training,
benchmarks) reads ``to_play``, ``done``, ``reward`` ... the same way for every game.

Kernel contract (all ``@njit(cache=True)``, identical signatures in every game)::

    init(s, cfg, seed)        new game from a CONFIG record; copies it into s.cfg
    legal_mask(s, mask)       fill uint8[NUM_ACTIONS] for seat s.to_play (all zero when over)
    apply(s, action)          apply one legal action, then every automatic step up to the next
                              real decision; writes s.reward (this action's reward per seat)
    observe(s, seat, out)     fill float32[OBS_SIZE] with what `seat` may know

Batch kernels (module level in each game's ``batch.py``, ``@njit(parallel=True, cache=True)``)::

    batch_reset(states, cfgs, seeds)
    batch_legal(states, masks)
    batch_observe(states, obs)                           observation for each state's to_play
    batch_step(states, cfgs, actions, rewards, dones, masks, obs)
                                                         actions[i] < 0 leaves game i untouched
                                                         (rewards 0, dones False); otherwise
                                                         apply, copy s.reward to rewards[i],
                                                         dones[i] = done or truncated and then
                                                         re-init with seed mix64(s.rng); finally
                                                         fill the next masks[i]/obs[i]
    batch_playout(states, cfgs, act_rng, steps, counts)
                                                         each game makes `steps` uniformly random
                                                         legal decisions drawn from its own
                                                         uint64 stream act_rng[i] (not s.rng),
                                                         auto-resetting as batch_step does;
                                                         counts[i] = (decisions, finished games,
                                                         empty masks met before the end)
    batch_observe_seats(states, seats, obs)              optional: obs[i] from seat seats[i]

Single-game array entry points (same file, plain ``@njit(cache=True)``, optional but every
game should have them)::

    single_init(states, cfgs, i, seed)                   init(states[i], cfgs[0], seed)
    single_apply(states, i, action, mask)                apply, then legal_mask into mask
    single_legal(states, i, mask)
    single_observe(states, i, seat, out)

They exist for speed only: numba unboxes a record passed from Python (``np.void``) through
the buffer protocol, which rebuilds the dtype's format string on every call (about 15 us for
the Seas of Havoc STATE), while a structured array unboxes in under 1 us. ArrayAECEnv and
Python-side agents call these; they fall back to the record kernels when absent.

``tests/core/toy_game/batch.py`` is the template every game's ``batch.py`` copies: same
functions, same shape, only the imports differ.

``cfgs`` is always a CONFIG array of shape (1,): numba cannot pass a bare record into a
``prange`` loop body.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

#: ``to_play`` value once the game is over.
NO_SEAT = -1


def state_header(max_players: int) -> list[tuple]:
    """Fields every STATE begins with."""
    return [
        ("to_play", np.int8),        # seat that must act; NO_SEAT when over
        ("num_players", np.int8),    # seats in this game
        ("done", np.uint8),          # game over by the rules
        ("truncated", np.uint8),     # stopped by cfg.max_steps
        ("step", np.int32),          # decisions taken so far
        ("winner_mask", np.uint8),   # bit i set when seat i won (all clear on a draw)
        ("rng", np.uint64),          # splitmix64 counter, see envs.core.rng
        ("reward", np.float32, (max_players,)),  # reward of the last apply, per seat
    ]


def config_header() -> list[tuple]:
    """Fields every CONFIG begins with."""
    return [
        ("num_players", np.int8),
        ("auto_forced", np.uint8),   # apply single-option decisions automatically
        ("max_steps", np.int32),     # decisions before truncation (0 = the game's default bound)
    ]


@dataclass(frozen=True)
class GameSpec:
    """Everything game-agnostic code needs to know about one game."""

    name: str
    version: int
    title: str
    state_dtype: np.dtype
    config_dtype: np.dtype
    num_actions: int
    obs_size: int
    min_players: int
    max_players: int
    #: ``make_config(**kwargs) -> CONFIG array of shape (1,)``; raises ConfigError.
    make_config: Callable[..., np.ndarray]
    init: Any
    legal_mask: Any
    apply: Any
    observe: Any
    batch_reset: Any
    batch_legal: Any
    batch_observe: Any
    batch_step: Any
    #: ``action_label(state_record, action) -> str``
    action_label: Callable[[Any, int], str]
    #: ``render_ansi(state_record, viewer) -> str``; viewer None = spectator (all hidden)
    render_ansi: Callable[[Any, Any], str]
    #: ``render_rgb(state_record, viewer) -> uint8[H, W, 3]``
    render_rgb: Callable[[Any, Any], np.ndarray]
    #: ``infos(state_record) -> list of per-seat dicts`` (scores, phase ...)
    infos: Callable[[Any], list]
    #: ``to_scenario(state_record) -> dict`` and ``from_scenario(dict) -> STATE array (1,)``
    to_scenario: Callable[[Any], dict] | None = None
    from_scenario: Callable[[dict], np.ndarray] | None = None
    #: seat names; defaults to player_0 ... player_{n-1}
    metadata: dict = field(default_factory=dict)
    #: random legal play over a batch (see the batch kernel contract above)
    batch_playout: Any = None
    #: ``batch_observe_seats(states, seats, obs)``; VectorGame loops over ``observe`` without it
    batch_observe_seats: Any = None
    #: single-game array entry points (see the contract above)
    single_init: Any = None
    single_apply: Any = None
    single_legal: Any = None
    single_observe: Any = None

    def agent_names(self, num_seats: int) -> list[str]:
        return [f"player_{i}" for i in range(num_seats)]
