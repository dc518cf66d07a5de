"""The one agent protocol every player in Broadside follows, and mask helpers.

An agent picks an action for the seat to play. Two kinds exist:

* *observation agents* (``needs_state = False``) see only what the seat may see: its
  observation vector and the legal-action mask. Random and trained-policy agents are these.
* *state agents* (``needs_state = True``) are also handed the exact game record. Each one
  says in its docstring what it reads from it: the heuristic agents read only fields that
  the seat may see; the MCTS agent re-samples every hidden zone before searching.

Both single (``act``) and batched (``act_batch``) calls exist; batched play over
``VectorGame`` uses ``act_batch`` so a policy runs one forward pass for many games.

A record handed to ``act`` comes from outside, so a state agent first validates it with its
game's ``check_states`` (``StateError`` naming the problems; the kernels never read a
corrupt record), and the seat (``SeatError``: not a seat of the game, or a game that is over)
and the mask (one entry per action, one of them legal) with it. ``act_batch`` is the path of
the suite's own loops, whose records a VectorGame or env made or validated, and it trusts
them: checking every decision would cost more than a heuristic's move. A record from
elsewhere enters by ``act``, ``MCTSAgent.search`` or ``VectorGame.set_states``.
"""

from __future__ import annotations

import numpy as np


class Agent:
    """Base class: override ``act_batch`` (preferred) or ``act``."""

    #: short name used in tables and ratings ("random", "heuristic", "mcts:200", ...)
    name: str = "agent"
    #: True when the agent reads the exact game record (see module docstring)
    needs_state: bool = False
    #: the game whose records a state agent reads (``act`` validates them with its
    #: ``check_states``); None for an agent that reads no record
    game: str | None = None

    def act(self, obs, mask, state=None, seat=None) -> int:
        """One action for one game. ``state`` is a record (or 1-element STATE array),
        validated first for a state agent, with the seat and the mask (module docstring)."""
        mask = np.asarray(mask)
        states = None
        if state is not None:
            states = as_state_array(state)
            if self.needs_state and self.game is not None:
                seat = self._check_input(self.game, states, mask, seat)
        seats = None if seat is None else np.array([seat], dtype=np.int64)
        out = self.act_batch(np.asarray(obs, dtype=np.float32)[None], mask[None], states, seats)
        return int(out[0])

    def _check_input(self, game: str, states, mask, seat) -> int | None:
        """Refuse what a state agent's kernels would read out of bounds: a record that
        breaks its game's invariants (StateError), a seat not of the game or a game that is
        over (SeatError), a mask that is not one entry per action with one legal."""
        import envs
        from envs.core.errors import SeatError

        spec = envs.spec(game)
        spec.refuse_invalid(states[:1], f"{self.name}'s record")
        if int(states["to_play"][0]) < 0:
            raise SeatError(f"{self.name}: the game is over, no seat is to play")
        if seat is not None:
            seat = SeatError.check(seat, int(states["num_players"][0]), self.name)
        if mask.shape != (spec.num_actions,):
            raise ValueError(f"{self.name}: the mask must have shape ({spec.num_actions},), "
                             f"got {mask.shape}")
        if not mask.any():
            raise ValueError(f"{self.name}: the mask allows no action")
        return seat

    def act_batch(self, obs, masks, states=None, seats=None) -> np.ndarray:
        """int64[N] actions for N games (rows of ``obs``/``masks``/``states``)."""
        n = len(masks)
        out = np.empty(n, dtype=np.int64)
        for i in range(n):
            st = None if states is None else states[i:i + 1]
            se = None if seats is None else int(seats[i])
            out[i] = self.act(obs[i], masks[i], st, se)
        return out

    def seed(self, seed: int | None) -> None:
        """Reseed any randomness the agent uses (no-op for deterministic agents)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def as_state_array(state) -> np.ndarray:
    """A 1-element STATE array holding a copy-free view of ``state`` when possible."""
    if isinstance(state, np.ndarray) and state.ndim == 1:
        return state
    if isinstance(state, np.ndarray) and state.ndim == 0:
        return state.reshape(1)
    # np.void record taken from an array: rebuild a 1-element array (a copy)
    arr = np.empty(1, dtype=state.dtype)
    arr[0] = state
    return arr


def sample_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Uniform legal action per row of ``masks`` (uint8[N, A]); -1 where nothing is legal.

    Draws one uniform per row and picks the k-th legal action, so it costs one random
    number per game rather than one per action.
    """
    m = np.asarray(masks) != 0
    counts = m.sum(axis=1)
    k = np.floor(rng.random(len(m)) * np.maximum(counts, 1)).astype(np.int64)
    csum = np.cumsum(m, axis=1)
    # first column where the running count of legal actions exceeds k
    out = (csum > k[:, None]).argmax(axis=1).astype(np.int64)
    out[counts == 0] = -1
    return out


def masked_argmax(scores: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Best-scoring legal action per row; -1 where nothing is legal."""
    s = np.where(np.asarray(masks) != 0, scores, -np.inf)
    out = s.argmax(axis=1).astype(np.int64)
    out[~np.isfinite(s.max(axis=1))] = -1
    return out
