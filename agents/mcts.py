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

Speed: the tree lives in Python (a dict per node); the game runs at kernel speed. The
descent calls the game's ``legal_mask``/``apply`` kernels on the copy; simulations are
taken in batches of ``batch`` leaves whose random playouts run together through the game's
parallel ``batch_step`` kernel, one call per playout step for the whole batch. Budget =
``simulations`` per decision.
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
        spec = self.spec
        root_arr = as_state_array(root_state)
        if root_mask is None:
            root_mask = np.zeros(spec.num_actions, dtype=np.uint8)
            spec.legal_mask(root_arr.copy()[0], root_mask)
        legal = np.flatnonzero(root_mask)
        if len(legal) == 0:
            return -1
        if len(legal) == 1:
            return int(legal[0])
        seat = int(root_arr["to_play"][0])
        nseats = root_arr.dtype["reward"].shape[0]
        root = _Node(nseats)
        cfg = _config_of(spec, root_arr)
        mask = np.zeros(spec.num_actions, dtype=np.uint8)
        done_sims = 0
        while done_sims < self.simulations:
            nb = min(self.batch, self.simulations - done_sims)
            leaves = np.empty(nb, dtype=root_arr.dtype)
            paths, path_returns = [], np.zeros((nb, nseats))
            for b in range(nb):
                s = root_arr.copy()
                if self.determinize is not None:
                    self.determinize(s, seat, self.rng)
                path = self._descend(root, s, mask, path_returns[b])
                paths.append(path)
                leaves[b] = s[0]
            returns = path_returns + self._playout(leaves, cfg)
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

    def _descend(self, root, s, mask, ret):
        """Select and expand one node on the determinised copy ``s``; returns the path."""
        spec = self.spec
        rec = s[0]
        node = root
        node.n += 1
        path = [node]
        while not s["done"][0] and not s["truncated"][0]:
            spec.legal_mask(rec, mask)
            legal = np.flatnonzero(mask)
            if len(legal) == 0:
                break
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
                spec.apply(rec, a)
                ret += s["reward"][0]
                child.n += 1
                path.append(child)
                return path
            node = node.children[best]
            spec.apply(rec, best)
            ret += s["reward"][0]
            node.n += 1
            path.append(node)
        return path

    def _playout(self, leaves, cfg):
        """Random play from each leaf to the end (or ``max_rollout_steps``), batched."""
        spec = self.spec
        nb = len(leaves)
        nseats = leaves.dtype["reward"].shape[0]
        total = np.zeros((nb, nseats))
        active = (leaves["done"] == 0) & (leaves["truncated"] == 0)
        if not active.any():
            return total
        masks = np.zeros((nb, spec.num_actions), dtype=np.uint8)
        obs = np.zeros((nb, spec.obs_size), dtype=np.float32)
        rewards = np.zeros((nb, nseats), dtype=np.float32)
        dones = np.zeros(nb, dtype=np.uint8)
        spec.batch_legal(leaves, masks)
        steps = 0
        limit = self.max_rollout_steps
        while active.any() and (limit is None or steps < limit):
            acts = sample_legal(masks, self.rng)
            acts[~active] = -1
            spec.batch_step(leaves, cfg, acts, rewards, dones, masks, obs)
            total[active] += rewards[active]
            active &= dones == 0
            steps += 1
        return total


def _config_of(spec, arr) -> np.ndarray:
    """The CONFIG array (shape (1,)) the game was set up with."""
    if "cfg" in arr.dtype.names:
        return np.ascontiguousarray(arr["cfg"][:1]).copy()
    return spec.make_config(num_players=int(arr["num_players"][0]))
