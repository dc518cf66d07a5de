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

Batch entry points (in each game's ``batch.py``: calls of the game's one ``run`` kernel,
``@njit(cache=True, nogil=True)``, see ``envs/core/entry.py``; serial loops over the games that
``VectorGame`` runs on slices of the batch in threads)::

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

Single-game array entry points (same file and kernel, optional but every game has them)::

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

``cfgs`` is always a CONFIG array of shape (1,), shared by every game of the batch (and every
slice of it).

Bounds: every kernel loop whose length depends on state has a bound taken from the dtype
sizes. Reaching it sets ``s.fault`` (a ``FAULT_*`` code), ends the kernel with ``to_play``
= -1 and touches nothing more; ``ArrayAECEnv`` restores the record it had before the step
and ``VectorGame`` names the game; both raise ``StateError``. A validated record
(``check_states``) never reaches a bound: a fault is a bug to report.

Validation: ``check_states(states) -> list[list[str]]`` (one list of problems per record,
empty when valid) is the single source of truth about valid positions; see
``envs/core/validate.py`` for how games write it.
"""

from __future__ import annotations

import functools
import importlib
import operator
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np
from numpy.lib import recfunctions as rfn

from envs.core import jit, mlp
from envs.core.action_slots import ActionSlots

# before any game kernel compiles: kernels specialise on argument types, not constant values
jit.install()

#: ``to_play`` value once the game is over.
NO_SEAT = -1

#: ``fault`` codes set by a kernel that met a bound instead of hanging or writing out of range
FAULT_NONE = 0
FAULT_LOOP = 1       # a loop reached its bound without progress
FAULT_INDEX = 2      # an index computed from state fell outside its array
FAULT_MESSAGES = {
    FAULT_LOOP: "a kernel loop reached its bound (the position cannot be continued)",
    FAULT_INDEX: "a kernel met an index outside its array (the position is corrupt)",
}


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
        ("fault", np.uint8),         # FAULT_* code: a kernel stopped on a bound (never in play)
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
    #: ``action_label(state_record, action) -> str``: the game's function labels every action
    #: in 0..num_actions-1 in every decision (legal or not); the spec wraps it so that any
    #: other action is labelled as out of range (see ``BoundedLabel``)
    action_label: Callable[[Any, int], str]
    #: ``render_ansi(state_record, viewer) -> str``; viewer None = spectator (all hidden)
    render_ansi: Callable[[Any, Any], str]
    #: ``render_rgb(state_record, viewer) -> uint8[H, W, 3]``
    render_rgb: Callable[[Any, Any], np.ndarray]
    #: ``infos(state_record) -> list of per-seat dicts`` (scores, phase ...)
    infos: Callable[[Any], list]
    #: ``check_states(states (N,)) -> list of N lists of problems`` (see envs/core/validate.py)
    check_states: Callable[[np.ndarray], list]
    #: ``to_scenario(state_record) -> dict`` and ``from_scenario(dict) -> STATE array (1,)``
    to_scenario: Callable[[Any], dict] | None = None
    from_scenario: Callable[[dict], np.ndarray] | None = None
    #: seat names; defaults to player_0 ... player_{n-1}
    metadata: dict = field(default_factory=dict)
    #: ``render_regions(state_record, viewer) -> [((x0, y0, x1, y1), (action, ...)), ...]``:
    #: the parts of ``render_rgb``'s picture that stand for actions (a card in hand, a slot),
    #: drawn from what ``viewer`` sees (envs/core/draw.py); None: no clickable parts
    render_regions: Callable[[Any, Any], list] | None = None
    #: random legal play over a batch (see the batch kernel contract above)
    batch_playout: Any = None
    #: ``batch_observe_seats(states, seats, obs)``; VectorGame loops over ``observe`` without it
    batch_observe_seats: Any = None
    #: single-game array entry points (see the contract above)
    single_init: Any = None
    single_apply: Any = None
    single_legal: Any = None
    single_observe: Any = None

    #: ``determinize(s, seat, key)`` kernel: re-deal, in place, every zone ``seat`` cannot see
    #: consistently with what it knows, and re-seed ``s.rng`` from the uint64 ``key``
    #: (information-set search, agents/search.py); None = the game has not written one
    determinize: Any = None
    #: ``state_vector(states (1,), out float32[STATE_SIZE])``: PettingZoo's global state;
    #: None = every numeric field of the record but ``rng`` (see ``global_state``)
    state_vector: Any = None
    #: ``value(s, out float64[num seats])``: each seat's estimated return in the reward's
    #: units, where a search playout stops early (envs/core/search.py); None = 0 for all.
    #: A seat's value reads only what that seat knows (determinising for it never changes
    #: it); below -1 only for a seat sure to lose a game not over yet, so the search ends it
    #: rather than stall to the decision cap (Cursed Seas' DECIDED_LOSS)
    value: Any = None
    #: ``heuristic_best(s, seat, key, best bool[num_actions]) -> int``: mark every action the
    #: game's heuristic agent rates best for ``seat`` (the uint64 ``key`` seeds its re-deal of
    #: hidden zones), return how many; the self-play reply kernel (envs/core/opponents.py)
    #: then plays the heuristic itself. None = the heuristic is moved from Python
    heuristic_best: Any = None
    #: ``prune(s, mask)``: clear from a legal mask the moves the search need not try (a
    #: dominated choice); the search's tree and playouts both use it, the game's rules never
    #: do (every legal move stays legal). A mask it empties is restored. None = try them all
    prune: Any = None
    #: ``search_moves(s, mask)``: the moves the search tries, computed in one pass: exactly the
    #: mask ``legal_mask`` then ``prune`` give (the search still restores a mask it empties),
    #: for a game whose full legal mask costs much more than the few moves the search keeps
    #: (Cursed Seas' movement segments: 384 answers, 48 kept). Only the search calls it; the
    #: rules, every agent and the env still see ``legal_mask``. None = legal_mask then prune
    search_moves: Any = None
    #: ``playout_move(s, x) -> (action, x)``: the game's playout policy: a move for a search
    #: playout, one of those ``search_moves`` gives, drawn from the playout's splitmix64
    #: stream at word ``x`` (envs/core/rng.py ``stream_uniform``; the word after the draws is
    #: returned), or -1 and ``x`` untouched where the game draws none (the playout then
    #: draws uniformly from that mask, as without the kernel). For a decision whose set costs
    #: far more than testing the move drawn, or where uniform playouts mislead the value at
    #: the cut (Cursed Seas: a segment drawn by testing only its heading; a ship given the
    #: shoot action first). Only playouts call it; the tree still tries the whole set.
    #: None = playouts draw uniformly from the mask at every decision
    playout_move: Any = None
    #: decisions a search playout makes at two players before the game's ``value`` kernel
    #: scores the position (agents/mcts.py's default ``max_rollout_steps``; the issue-30
    #: benchmarks tune it per game, as a turn spans a different number of decisions in each
    #: game).
    #: None = the search's own default (``agents.mcts.DEFAULT_ROLLOUT``); ignored without
    #: a ``value`` kernel, where playouts run to the end
    search_cut: int | None = None
    #: the playout cut grows with the seats: ``search_cut`` at two players (and one), n/2
    #: times it at n (agents.mcts.default_rollout), so each seat makes as many playout
    #: decisions as at two. Set where measured to win (Havoc at 4 players; Cursed Seas at 3
    #: lost with it: benchmarks/RESULTS.md, "The playout horizon grows with the seats")
    search_cut_grows: bool = False
    #: ``((players, cut), ...)``: the playout cut at a player count where another one was
    #: measured to win, before ``search_cut`` and its growth (agents.mcts.default_rollout).
    #: Cursed Seas cuts at 10 at two and three players but at 80 at four, 20 decisions a seat.
    #: Empty = ``search_cut`` (grown where ``search_cut_grows``) at every count
    search_cut_by_players: tuple[tuple[int, int], ...] = ()
    #: UCT's exploration constant for the game's search without a policy prior, where its
    #: value kernel's scale makes another constant search better (agents.mcts.default_c).
    #: None = the search's own default (``agents.mcts.DEFAULT_UCT_C``)
    search_c: float | None = None
    #: at 3 or more players the search takes every rival to play against the searching seat
    #: (paranoid: each rival's node minimises the searching seat's return) instead of for its
    #: own return (max-n, the default); at 2 players the two agree. Set where it was measured
    #: to win (envs/core/search.py; benchmarks/RESULTS.md, "Paranoid search at 3 players")
    search_paranoid: bool = False
    #: the player counts at which, with a policy prior, an action no simulation has tried yet
    #: is rated at the mean return its tried siblings give the seat to choose when that is
    #: above 0 (first-play urgency at the parent's value), not at 0: where a search that is
    #: winning (mean return near 1) would never try an action a confident prior ranks low
    #: (envs/core/search.py ``_puct``). Below 0 an untried action keeps 0, so a losing search
    #: still looks for a way out. Set where it was measured to win
    search_fpu_parent_at: tuple[int, ...] = ()
    #: simulations a decision of the search with a trained policy prior at two players (the
    #: agent ``broadside train`` names and a shipped model's default): what about 8 ms of one
    #: core buys, inside the issue-31 budget of 10 ms (benchmarks/STRENGTH.md). None = the
    #: search's own default (``agents.mcts.prior_sims``)
    prior_sims: int | None = None
    #: the 2-player search with a trained prior keeps the subtree of its move for its next
    #: decision where the same seat decides next (``mcts:N:reuse=on``; envs/core/search.py
    #: ``KeptTree``): set where keeping them was measured to save time and lose no strength
    #: (benchmarks/RESULTS.md, "A search keeps the subtree of its move"). False = a fresh
    #: tree a decision
    prior_reuse: bool = False
    #: the temperature that 2-player search reads a trained prior at (its logits divided by it;
    #: ``agents.mcts.soften``): above 1 where a network trained to imitate its teacher is
    #: surer of its moves than its search should be (benchmarks/TRAINING.md, "A softer
    #: prior"). 1 = the network as trained
    prior_temperature: float = 1.0
    #: actions a policy scores from an observation block of their own, one set of weights a
    #: kind (envs/core/action_slots.py; agents/scored_policy.py, and envs/core/mlp.py in the
    #: kernels): Cursed Seas' movement segments from a block written for them at the
    #: observation's end, Five Sails' hand cards, crew members, locations and approach cards
    #: from theirs. None = a softmax head over every action
    action_slots: ActionSlots | None = None

    #: the kernel-contract fields Python code calls directly (tests, notebooks): compiled
    #: with numba's Python wrapper from the start (envs/core/jit.py)
    PYTHON_FACING = ("init", "legal_mask", "apply", "observe", "determinize", "state_vector",
                     "value", "heuristic_best", "prune", "search_moves", "playout_move")

    def __post_init__(self):
        for name in self.PYTHON_FACING:
            jit.python_facing(getattr(self, name))
        # one place for what no game's labeller should have to know: actions outside the
        # space (IllegalActionError messages, replays, ``env.action_label(-1)``)
        if not isinstance(self.action_label, BoundedLabel):
            object.__setattr__(self, "action_label",
                               BoundedLabel(self.action_label, self.num_actions))
        try:
            mlp.checked_temperature(self.prior_temperature)
        except ValueError as e:
            raise ValueError(f"{self.name}: prior_temperature: {e}") from None
        try:
            bad_cut = any(len(pair) != 2 or int(pair[0]) < 1 or int(pair[1]) < 0
                          for pair in self.search_cut_by_players)
        except (TypeError, ValueError):
            bad_cut = True
        if bad_cut:
            raise ValueError(f"{self.name}: search_cut_by_players {self.search_cut_by_players}: "
                             "pairs (player count >= 1, playout decisions >= 0)")
        if self.action_slots is not None:
            bad = self.action_slots.problems(self.obs_size, self.num_actions)
            if bad:
                raise ValueError(f"{self.name}: action_slots: {'; '.join(bad)}")

    def agent_names(self, num_seats: int) -> list[str]:
        return [f"player_{i}" for i in range(num_seats)]

    def check_state(self, rec) -> list[str]:
        """Problems of one record (a record, or an array of shape (1,)); empty when valid."""
        arr = np.asarray(rec).reshape(-1)
        if arr.dtype != self.state_dtype or arr.shape != (1,):
            return [f"record: dtype/shape {arr.dtype}/{arr.shape} is not one {self.name} STATE"]
        return self.check_states(arr)[0]

    def refuse_invalid(self, states, what: str, row: str = "record") -> None:
        """Raise ``StateError`` when a record of ``states`` (this game's STATE records, any
        shape) fails ``check_states``: it names ``what`` was refused and each bad record's
        problems (the first five records, four problems each, as ``row i: problem``; a single
        record's problems as they are). Nothing is changed either way."""
        from envs.core.errors import StateError

        arr = np.asarray(states).reshape(-1)
        if arr.dtype != self.state_dtype:
            raise StateError(f"{self.name} {what} refused: dtype {arr.dtype} is not the "
                             f"game's STATE")
        problems = self.check_states(arr)
        bad = [(i, p) for i, p in enumerate(problems) if p]
        if not bad:
            return
        if len(arr) == 1:
            raise StateError(f"{self.name} {what} refused, nothing was changed", bad[0][1])
        lines = [f"{row} {i}: {msg}" for i, p in bad[:5] for msg in p[:4]]
        raise StateError(f"{self.name} {what}: {len(bad)} of {len(arr)} records refused, "
                         "nothing was changed", lines)

    @functools.cached_property
    def single(self) -> "SingleKernels":
        """The single-game entry points (see SingleKernels)."""
        return SingleKernels(self)

    @functools.cached_property
    def global_fields(self) -> list[str]:
        """Record fields in the PettingZoo global state: all but the rng counter."""
        return [n for n in self.state_dtype.names or () if n != "rng"]

    @functools.cached_property
    def state_size(self) -> int:
        """Length of the PettingZoo global state vector."""
        if self.state_vector is not None:
            return int(self.metadata["state_size"])
        return int(sum(_flat_size(self.state_dtype[n]) for n in self.global_fields))

    def global_state(self, states) -> np.ndarray:
        """float32[state_size]: everything about the position, hidden parts included, for
        centralised critics (PettingZoo ``state()``)."""
        if self.state_vector is not None:
            out = np.zeros(self.state_size, dtype=np.float32)
            self.state_vector(states, out)
            return out
        sub = states[self.global_fields]
        return rfn.structured_to_unstructured(sub, dtype=np.float32).reshape(-1)

    # a spec is immutable and holds compiled kernels: copies share it, pickles name it
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_spec_of_module, (self.home_module,))

    @functools.cached_property
    def home_module(self) -> str:
        """The module whose ``GAME`` is this spec (its env module): a pickle names it, so
        unpickling imports the game itself, with no registry (the core knows none). Any
        module that imported ``GAME`` holds it too (a test, a notebook's ``__main__``), and
        one that was being imported when it imported the game comes first in ``sys.modules``:
        the module of the game's own package (the package of its ``make_config``) is named."""
        own = getattr(self.make_config, "__module__", "").rpartition(".")[0]
        found = [name for name, mod in list(sys.modules.items())
                 if getattr(mod, "__dict__", {}).get("GAME") is self]
        for name in found:
            if name.rpartition(".")[0] == own:
                return name
        if found:
            return found[0]
        raise TypeError(f"GameSpec {self.name!r} is not the GAME of an imported module, so "
                        "it cannot be pickled by reference")


def out_of_range_label(action, num_actions: int) -> str:
    """The label of an action outside ``0..num_actions-1``."""
    return f"action {action} (out of range 0..{num_actions - 1})"


class BoundedLabel:
    """A game's ``action_label(rec, a)`` that answers for any action: an integer outside
    ``0..num_actions-1`` (or no integer at all) is labelled as out of range without calling
    the game, whose labeller may then index its tables with ``a`` freely."""

    __slots__ = ("label", "num_actions")

    def __init__(self, label: Callable[[Any, int], str], num_actions: int):
        self.label = label
        self.num_actions = int(num_actions)

    def __call__(self, rec, action) -> str:
        try:
            a = operator.index(action)
        except TypeError:
            return f"action {action!r} (not an integer)"
        if not 0 <= a < self.num_actions:
            return out_of_range_label(a, self.num_actions)
        return self.label(rec, a)

    def __repr__(self) -> str:
        return f"BoundedLabel({self.label!r}, {self.num_actions})"


def _flat_size(dt: np.dtype) -> int:
    if dt.names is not None:
        return sum(_flat_size(dt[n]) for n in dt.names)
    if dt.subdtype is not None:
        sub, shape = dt.subdtype
        return int(np.prod(shape)) * _flat_size(sub)
    return 1


def _spec_of_module(module: str) -> "GameSpec":
    return importlib.import_module(module).GAME


class SingleKernels:
    """A game's single-game entry points over an array of states, for calls from Python.

    ``init(states, cfgs, i, seed)``, ``apply(states, i, action, mask)`` (apply, then the next
    legal mask), ``legal(states, i, mask)``, ``observe(states, i, seat, out)``. They are the
    game's ``single_*`` kernels when it has them (about 1 us a call), otherwise the record
    kernels on ``states[i]`` (numba unboxes a record slowly: ~15 us for a large STATE).
    """

    def __init__(self, spec: GameSpec):
        self.init = spec.single_init or (lambda st, cf, i, seed: spec.init(st[i], cf[0], seed))
        self.legal = single_legal(spec)
        self.observe = spec.single_observe or (
            lambda st, i, seat, out: spec.observe(st[i], seat, out))
        if spec.single_apply is not None:
            self.apply = spec.single_apply
        else:
            def apply(st, i, action, mask):
                spec.apply(st[i], action)
                spec.legal_mask(st[i], mask)

            self.apply = apply


def single_legal(spec: GameSpec):
    """``legal(states, i, mask)`` for one game of an array of states."""
    return spec.single_legal or (lambda st, i, mask: spec.legal_mask(st[i], mask))
