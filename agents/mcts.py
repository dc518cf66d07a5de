"""Information-set Monte Carlo tree search by determinisation (SO-ISMCTS).

A *state agent* (``needs_state = True``) that never uses what its seat cannot know: before
every simulation it takes a private copy of the record and calls the game's determinisation
hook (``agents.determinize``), which re-deals every hidden zone consistently with the
seat's knowledge and re-seeds the in-state random stream, so future dice and shuffles are
unknown too. One tree is shared by all determinisations; a node's children are actions,
and UCB uses *availability* counts (how often a child was legal when its parent was
visited) as Cowling, Powley & Whitehouse's single-observer ISMCTS does. Each node keeps the
return of every seat, and the seat to play at a node maximises its own (max-n), so the
search works for any number of players.

Speed: the tree lives in Python (a dict per node); the game runs at kernel speed through
the game's batch kernels (array arguments cross into numba much faster than a record).
The descent is one one-game ``batch_step`` call per tree level; simulations are taken in
batches of ``batch`` leaves whose random playouts run together, one ``batch_step`` call per
playout step for the whole batch. numba runs these with one thread during a search (the
batches are too small to pay for a parallel launch). Budget = ``simulations`` per move.
"""

from __future__ import annotations

import math

import numpy as np

from agents import determinize as det_hooks
from agents.base import Agent, as_state_array, sample_legal


class _Node:
    __slots__ = ("children", "n", "w", "avail")

    def __init__(self, nseats):
        self.children: dict[int, _Node] = {}
        self.n = 0            # visits (incremented on the way down: a virtual loss for batches)
        self.w = np.zeros(nseats)  # summed return per seat
        self.avail = 0        # times this node's action was legal when its parent was visited


class MCTSAgent(Agent):
    """ISMCTS with random-playout evaluation; the budget is ``simulations`` per move.

    Parameters: ``c`` the UCB exploration constant (returns are in [-1, 1] per seat by
    default rewards); ``batch`` leaves evaluated together; ``max_rollout_steps`` stops a
    playout early (its return is then what was earned so far, 0 by default terminal
    rewards); ``perfect_information=True`` skips determinisation (a cheating baseline).
    """

    needs_state = True

    def __init__(self, game: str, simulations: int = 200, c: float = 1.0, batch: int = 16,
                 max_rollout_steps: int | None = None, seed=None,
                 perfect_information: bool = False):
        import envs

        if simulations < 1:
            raise ValueError("MCTS needs at least one simulation")
        self.game = game
        self.spec = envs.spec(game)
        self.simulations = int(simulations)
        self.c = float(c)
        self.batch = max(1, int(batch))
        self.max_rollout_steps = max_rollout_steps
        self.name = f"mcts:{simulations}"
        self.rng = np.random.default_rng(seed)
        self.determinize = None if perfect_information else det_hooks.get(game)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("MCTSAgent needs the game records (needs_state=True)")
        out = np.empty(len(masks), dtype=np.int64)
        for i in range(len(masks)):
            out[i] = self.search(states[i:i + 1], np.asarray(masks[i]))
        return out

    # -- search ------------------------------------------------------------------------
    def search(self, root_state, root_mask=None) -> int:
        """The most visited legal root action after ``simulations`` simulations."""
        import numba

        threads = numba.get_num_threads()
        # the batches are small: one thread avoids the parallel launch cost of every call
        numba.set_num_threads(1)
        try:
            return self._search(as_state_array(root_state), root_mask)
        finally:
            numba.set_num_threads(threads)

    def _search(self, root_arr, root_mask) -> int:
        spec = self.spec
        root_arr = np.ascontiguousarray(root_arr[:1])
        if root_mask is None:
            root_mask = np.zeros((1, spec.num_actions), dtype=np.uint8)
            spec.batch_legal(root_arr.copy(), root_mask)
            root_mask = root_mask[0]
        legal = np.flatnonzero(root_mask)
        if len(legal) == 0:
            return -1
        if len(legal) == 1:
            return int(legal[0])
        seat = int(root_arr["to_play"][0])
        nseats = root_arr.dtype["reward"].shape[0]
        root = _Node(nseats)
        cfg = _config_of(spec, root_arr)
        w = _Work(spec, nseats)
        done_sims = 0
        while done_sims < self.simulations:
            nb = min(self.batch, self.simulations - done_sims)
            leaves = np.empty(nb, dtype=root_arr.dtype)
            live = np.zeros(nb, dtype=bool)
            paths, path_returns = [], np.zeros((nb, nseats))
            for b in range(nb):
                s = root_arr.copy()
                if self.determinize is not None:
                    self.determinize(s, seat, self.rng)
                path, alive = self._descend(root, s, cfg, w, path_returns[b])
                paths.append(path)
                if alive:
                    leaves[b] = s[0]
                    live[b] = True
            returns = path_returns
            if live.any():
                returns[live] += self._playout(leaves[live], cfg)
            for b in range(nb):
                for node in paths[b]:
                    node.w += returns[b]
            done_sims += nb
        best, best_n = -1, -1
        for a in legal:
            child = root.children.get(int(a))
            if child is not None and child.n > best_n:
                best, best_n = int(a), child.n
        return best

    def _descend(self, root, s, cfg, w, ret):
        """Select and expand one node on the determinised copy ``s`` (shape (1,)).

        Returns the path of nodes and whether the leaf is a live game (to be played out).
        Each step is one ``batch_step`` call: it applies, and fills the next legal mask.
        """
        spec = self.spec
        node = root
        node.n += 1
        path = [node]
        spec.batch_legal(s, w.mask)
        while True:
            legal = np.flatnonzero(w.mask[0])
            if len(legal) == 0:
                return path, False
            p = int(s["to_play"][0])
            untried = []
            best, best_u = None, -math.inf
            for a in legal:
                a = int(a)
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if child.n == 0:
                    u = math.inf
                else:
                    u = child.w[p] / child.n + self.c * math.sqrt(math.log(child.avail) / child.n)
                if u > best_u:
                    best, best_u = a, u
            if untried:
                a = untried[int(self.rng.integers(len(untried)))]
                child = _Node(len(ret))
                child.avail = 1
                node.children[a] = child
                node = child
            else:
                a = best
                node = node.children[a]
            node.n += 1
            path.append(node)
            w.act[0] = a
            # a finished game is reset by batch_step: its rewards and done flag say how it ended
            spec.batch_step(s, cfg, w.act, w.rew, w.done, w.mask, w.obs)
            ret += w.rew[0]
            if w.done[0]:
                return path, False
            if untried:
                return path, True

    def _playout(self, leaves, cfg):
        """Random play from each leaf to the end (or ``max_rollout_steps``), batched."""
        spec = self.spec
        nb = len(leaves)
        nseats = leaves.dtype["reward"].shape[0]
        total = np.zeros((nb, nseats))
        active = np.ones(nb, dtype=bool)
        masks = np.zeros((nb, spec.num_actions), dtype=np.uint8)
        obs = np.zeros((nb, spec.obs_size), dtype=np.float32)
        rewards = np.zeros((nb, nseats), dtype=np.float32)
        dones = np.zeros(nb, dtype=np.bool_)
        spec.batch_legal(leaves, masks)
        steps = 0
        limit = self.max_rollout_steps
        while active.any() and (limit is None or steps < limit):
            acts = sample_legal(masks, self.rng)
            acts[~active] = -1
            spec.batch_step(leaves, cfg, acts, rewards, dones, masks, obs)
            total[active] += rewards[active]
            active &= ~dones
            steps += 1
        return total


class _Work:
    """Scratch buffers for one-game ``batch_step`` calls during the descent."""

    def __init__(self, spec, nseats):
        self.mask = np.zeros((1, spec.num_actions), dtype=np.uint8)
        self.obs = np.zeros((1, spec.obs_size), dtype=np.float32)
        self.rew = np.zeros((1, nseats), dtype=np.float32)
        self.done = np.zeros(1, dtype=np.bool_)
        self.act = np.zeros(1, dtype=np.int64)


def _config_of(spec, arr) -> np.ndarray:
    """The CONFIG array (shape (1,)) the game was set up with."""
    if "cfg" in arr.dtype.names:
        return np.ascontiguousarray(arr["cfg"][:1]).copy()
    return spec.make_config(num_players=int(arr["num_players"][0]))
