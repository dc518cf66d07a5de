"""Information-set Monte Carlo tree search (SO-ISMCTS) at kernel speed.

A *state agent* (``needs_state = True``) that never uses what its seat cannot know: the
search (``envs/core/search.py``, one cached numba kernel per game) determinises a private
copy of the record before every simulation with the game's ``determinize`` kernel, which
re-deals every hidden zone consistently with the seat's knowledge and re-seeds the rng, so
future dice and shuffles are unknown too. One tree is shared by all determinisations; UCB
uses availability counts; each node keeps the return of every seat and the seat to play
maximises its own (max-n), so the search works for any number of players. The move is the
most visited legal root action.

With a policy prior (``prior=`` a saved MaskablePPO model, ``mcts:N:prior=PATH``) the
network is evaluated in the kernel at each node and selection is PUCT (envs/core/search.py),
exploration constant ``DEFAULT_PUCT_C`` unless ``c`` is given; ``prior_depth`` = d keeps the
prior to the first d levels of the tree (UCT below), as a shipped model's metadata may ask;
``prior_temperature`` = T reads the network's logits divided by T (``mcts:N:temp=T``): a
network trained to imitate its teacher is surer of its move than a guide of the search
should be (benchmarks/TRAINING.md, "A softer prior").

With a value network (``value=`` a saved MaskablePPO model, ``mcts:N:value=PATH``) its critic
scores each position where a playout stops, mixed with the game's value kernel by
``value_mix`` (1: the critic alone; ``mcts:N:vmix=W``).

Playouts: a full random playout of a long game costs most of a simulation (~3,600 decisions
on 2-player Havoc, a few hundred simulations/s), so for a game with a ``value`` kernel
(GameSpec.value) playouts stop after ``DEFAULT_ROLLOUT`` decisions by default (more with more
seats where the game says so: ``default_rollout``) and the value kernel scores the position
(benchmarks/search.py measures both). Games without one play out in full.
"""

from __future__ import annotations

import math
from collections import OrderedDict

import numpy as np

from agents.base import Agent, as_state_array
from envs.core.integers import is_integer


#: playout decisions before the game's value kernel takes over (games that have one and
#: name no ``GameSpec.search_cut`` of their own)
DEFAULT_ROLLOUT = 20
#: UCT's exploration constant without a policy prior (games that name no
#: ``GameSpec.search_c`` of their own)
DEFAULT_UCT_C = 1.0
#: PUCT's exploration constant with a policy prior (UCT's is 1.0 or the game's): mcts:200 with a
#: behaviour-cloned prior won 50% against the Havoc heuristic at 0.7 and 35% at 2.0 (40
#: games each, benchmarks/search_prior.py)
DEFAULT_PUCT_C = 0.7


def default_rollout(spec, num_players: int = 2) -> int | None:
    """The playout cut a search of ``spec``'s game of ``num_players`` seats uses unless told
    otherwise: the game's ``search_cut`` (or DEFAULT_ROLLOUT) when it has a value kernel to
    score where playouts stop, None (full playouts) without one. In a game whose cut grows
    with the seats (``GameSpec.search_cut_grows``) that is the 2-player cut, and n seats
    share ``n / 2`` times as many decisions (rounded up): at 4 players each seat then makes
    as many playout decisions as at 2. A count the game names in ``search_cut_by_players``
    takes the cut named there."""
    if spec.value is None:
        return None
    named = dict(spec.search_cut_by_players)
    if int(num_players) in named:
        return int(named[int(num_players)])
    cut = DEFAULT_ROLLOUT if spec.search_cut is None else int(spec.search_cut)
    if not spec.search_cut_grows:
        return cut
    return (cut * max(int(num_players), 2) + 1) // 2


def default_c(spec, prior: bool) -> float:
    """The exploration constant of a search of ``spec``'s game unless told otherwise: PUCT's
    ``DEFAULT_PUCT_C`` with a policy prior, else the game's ``search_c`` (or
    ``DEFAULT_UCT_C``)."""
    if prior:
        return DEFAULT_PUCT_C
    return DEFAULT_UCT_C if spec.search_c is None else float(spec.search_c)


def prior_sims(num_players: int, spec=None) -> int:
    """Simulations a decision for the search with a trained prior that ``broadside train``
    names to play against: with two players the game's ``GameSpec.prior_sims`` (what about
    8 ms of one core buys), else 200 (75.5% of 800 games against the Havoc heuristic at ~4 ms
    a decision); a max-n search over three seats' replies needs 1,600 (64.5% against two
    heuristics; benchmarks/TRAINING.md)."""
    if num_players != 2:
        return 1600
    return 200 if spec is None or spec.prior_sims is None else int(spec.prior_sims)


def trained_search(num_players: int, spec) -> dict:
    """The settings of the search with a trained prior that ``broadside train`` names and a
    model exported for ``num_players`` records: ``sims`` (``prior_sims``); with two players,
    where they were measured, the game's ``prior_temperature`` and whether it keeps the
    subtree of its move (``GameSpec.prior_reuse``), else the network as trained and a fresh
    tree a move. The one source for ``trained_agent`` and ``agents.pretrained.export``."""
    two = num_players == 2
    return {"sims": prior_sims(num_players, spec),
            "prior_temperature": float(spec.prior_temperature) if two else 1.0,
            "reuse": two and bool(spec.prior_reuse)}


def trained_agent(num_players: int, spec, prior) -> str:
    """The agent string of the search with the trained prior ``prior`` (a path) that
    ``broadside train`` names and the strength tables play (``trained_search``)."""
    s = trained_search(num_players, spec)
    t = s["prior_temperature"]
    return (f"mcts:{s['sims']}" + (":reuse=on" if s["reuse"] else "")
            + (f":temp={t:g}" if t != 1.0 else "") + f":prior={prior}")


def checked_depth(d) -> int | None:
    """A prior depth checked (ValueError otherwise): None (every level) or a whole number of
    tree levels >= 1. The one rule for the agent and a shipped model's metadata."""
    if d is None:
        return None
    if not is_integer(d) or d < 1:
        raise ValueError(f"prior depth {d!r}: a whole number of tree levels >= 1 (1: the "
                         "root alone), or None for every level")
    return int(d)


def soften(prior, temperature: float):
    """``prior`` (params, layout) read at ``temperature`` (``envs.core.mlp.
    checked_temperature``): its logits divided by it."""
    from envs.core import mlp

    temperature = mlp.checked_temperature(temperature)
    if temperature == 1.0:
        return prior
    return mlp.scale_logits(prior[0], prior[1], 1.0 / temperature), prior[1]


def load_value(source, spec):
    """(params, layout) of a value network for ``spec``'s search: the critic of ``source``, a
    saved MaskablePPO model (``.zip``) or a policy object, or an exported (params, layout);
    ValueError when it is not an MLP critic of this game's observation (envs.core.search
    ``checked_value``)."""
    from agents.policy import export_critic, load_model
    from envs.core.search import checked_value

    if isinstance(source, tuple):
        return checked_value(source, spec.obs_size)
    policy = load_model(source, spec).policy if isinstance(source, str) else source
    got = export_critic(policy)
    if got is None:
        raise ValueError(f"value {source!r}: only a plain MLP critic can value the search")
    return checked_value(got, spec.obs_size)


def load_prior(source, spec):
    """(params, layout) of a policy prior for ``spec``'s search: ``source`` is a saved
    MaskablePPO model (``.zip``), a policy object or an exported actor (params, layout);
    ValueError when it is not an MLP policy of this game's observation and action sizes, or
    when a parameter is NaN or infinite (a diverged run: the search would find no prior for
    any action and return no visits)."""
    from agents.policy import export_actor, load_model
    from envs.core import mlp

    if isinstance(source, tuple):
        got = (np.ascontiguousarray(source[0], dtype=np.float32),
               np.ascontiguousarray(source[1], dtype=np.int64))
        what = "prior"
    else:
        policy = source
        if isinstance(source, str):
            policy = load_model(source, spec).policy
        got = export_actor(policy)
        what = f"prior {source!r}"
        if got is None:
            raise ValueError(f"{what}: only a plain MLP policy can be a search prior")
    mlp.check_layout(got[0], got[1], spec.obs_size, spec.num_actions, what)
    if not np.isfinite(got[0]).all():
        raise ValueError(f"{what}: its parameters hold NaN or infinity")
    return got


class MCTSAgent(Agent):
    """ISMCTS with random-playout evaluation; the budget is ``simulations`` per move.

    ``by_players`` ({player count: simulations}) gives another budget to a game of that many
    seats (a max-n search over more seats' replies needs more simulations to see as far);
    other counts use ``simulations``. Likewise ``priors_by_players`` ({player count: prior},
    each as ``prior``: a network trained for that many seats) gives another prior to a game
    of that many seats; other counts use ``prior``, which it needs. ``c`` is the UCB
    exploration constant (returns are in [-1, 1] per seat by default rewards);
    ``prior_depth`` (None: every depth) is the number of tree levels at which the prior
    selects, ``depths_by_players`` ({player count: depth or None}) another one at a count
    (each with that count's prior). ``max_rollout_steps`` stops a playout early (its
    return is then what was earned so far plus the game's value kernel, 0 without one):
    ``"default"`` is ``default_rollout`` at each player count (the game's cut for a game
    with a value kernel, grown with the seats or named for the count where it says so;
    full playouts otherwise),
    None is always full playouts, a number that many decisions at every count;
    ``cuts_by_players`` ({player count: decisions}) another cut at a count.
    ``paranoid`` (None: the game's ``search_paranoid``) has every rival play against this
    seat at 3 or more players.
    ``gumbel`` = m > 0 gives the root to Gumbel top-k and sequential halving over m actions
    (envs/core/halving.py), whose pick is the move. ``value`` (see ``load_value``) scores
    where playouts stop, mixed with the game's value kernel by ``value_mix`` (1: the
    network alone). ``prior_temperature`` (see ``soften``) softens every prior it is given.
    ``game_playouts`` False draws playout moves uniformly instead of by the game's playout
    policy (``GameSpec.playout_move``), and ``fpu`` (None: the game's
    ``search_fpu_parent_at``) turns first-play urgency on or off at every count: an
    expert-iteration teacher may search so (training/expert.py ``teacher_spec``).
    """

    needs_state = True
    #: stop a search once no root action can overtake the most visited one (the move is
    #: the whole budget's, for less time); benchmarks/decision_time.py ``--full-budget``
    #: turns it off to measure what it saves
    stop_when_decided = True
    #: trees kept at once with ``reuse``, at least (each a few MB)
    KEPT_TREES = 16
    #: trees kept at once: the games of the last batch (``act_batch``)
    kept_bound = KEPT_TREES
    #: cleared trees kept for their tables
    SPARE_TREES = 4

    def __init__(self, game: str, simulations: int = 200, c: float | None = None,
                 max_rollout_steps: int | str | None = "default", seed=None,
                 prior: str | None = None, by_players: dict[int, int] | None = None,
                 priors_by_players: dict | None = None, prior_depth: int | None = None,
                 depths_by_players: dict | None = None, paranoid: bool | None = None,
                 gumbel: int = 0, value=None, value_mix: float = 1.0,
                 cuts_by_players: dict[int, int] | None = None,
                 prior_temperature: float = 1.0, game_playouts: bool = True,
                 fpu: bool | None = None, reuse: bool = False,
                 reuses_by_players: dict[int, bool] | None = None):
        import envs
        from envs.core import search
        from envs.core.halving import checked_root_actions
        from envs.core.mlp import checked_temperature

        budgets = {int(n): int(k) for n, k in (by_players or {}).items()}
        if simulations < 1 or min(budgets.values(), default=1) < 1:
            raise ValueError("MCTS needs at least one simulation")
        self.game = game
        self.spec = envs.spec(game)
        search.register(self.spec)            # refuses a game without a determinize kernel
        self.simulations = int(simulations)
        self.by_players = budgets
        #: the policy prior (params, layout) for PUCT, or None (UCT)
        self.prior = None
        self.prior_path = prior
        self.prior_temperature = checked_temperature(prior_temperature)
        if prior is not None:
            self.prior = soften(load_prior(prior, self.spec), self.prior_temperature)
        elif self.prior_temperature != 1.0:
            raise ValueError("a prior temperature softens a prior: give the prior")
        if priors_by_players and prior is None:
            raise ValueError("priors by player count need a prior for the other counts")
        #: {player count: (params, layout)}: the prior of a game of that many seats
        self.priors_by_players = {
            int(n): soften(load_prior(p, self.spec), self.prior_temperature)
            for n, p in (priors_by_players or {}).items()}
        self.prior_depth = checked_depth(prior_depth)
        self.depths_by_players = {int(n): checked_depth(d)
                                  for n, d in (depths_by_players or {}).items()}
        if paranoid is not None and not isinstance(paranoid, bool):
            raise ValueError(f"paranoid: True, False or None (the game's), not {paranoid!r}")
        self.paranoid = paranoid
        if not isinstance(game_playouts, bool):
            raise ValueError(f"game_playouts: True or False, not {game_playouts!r}")
        if fpu is not None and not isinstance(fpu, bool):
            raise ValueError(f"fpu: True, False or None (the game's), not {fpu!r}")
        self.game_playouts, self.fpu = game_playouts, fpu
        self.reuses_by_players = {int(n): r for n, r in (reuses_by_players or {}).items()}
        if not all(isinstance(r, bool) for r in (reuse, *self.reuses_by_players.values())):
            raise ValueError(f"reuse: True or False, not {reuse!r} "
                             f"(by players: {reuses_by_players!r})")
        self.reuse = reuse
        #: the trees kept for this agent's next decisions, by the record each is rooted at
        self.kept: OrderedDict[bytes, object] = OrderedDict()
        #: cleared trees whose tables the next fresh tree takes (no new pages a search)
        self.spare: list = []
        self.gumbel = checked_root_actions(gumbel)
        #: the value network (params, layout) mixed into the leaves' value, or None
        self.value = None if value is None else load_value(value, self.spec)
        self.value_mix = float(value_mix)
        if not 0.0 <= self.value_mix <= 1.0:
            raise ValueError(f"value_mix {value_mix!r}: a weight in [0, 1]")
        named_c = c is not None
        if c is None:
            c = default_c(self.spec, self.prior is not None)
        self.c = float(c)
        if not 0.0 < self.c < math.inf:
            raise ValueError(f"c {c!r}: a positive exploration constant")
        #: whether the playout cut follows the player count (``rollout_for``)
        self.rollout_default = max_rollout_steps == "default"
        if self.rollout_default:
            max_rollout_steps = default_rollout(self.spec)
        if max_rollout_steps is not None and int(max_rollout_steps) < 0:
            raise ValueError("max_rollout_steps must be >= 0 (None: full playouts)")
        self.max_rollout_steps = -1 if max_rollout_steps is None else int(max_rollout_steps)
        self.cuts_by_players = {int(n): int(k) for n, k in (cuts_by_players or {}).items()}
        if min(self.cuts_by_players.values(), default=0) < 0:
            raise ValueError("cuts_by_players: playout decisions >= 0 at each count")
        self.name = f"mcts:{simulations}" + (f":c={self.c:g}" if named_c else "") + (
            f":gumbel={gumbel}" if gumbel else "") + (
            "" if game_playouts else ":playouts=uniform") + (
            "" if fpu is None else f":fpu={'on' if fpu else 'off'}") + (
            "" if paranoid is None else f":paranoid={'on' if paranoid else 'off'}") + (
            ":reuse=on" if reuse else "") + (
            f":temp={self.prior_temperature:g}" if self.prior_temperature != 1.0 else "") + (
            "" if value is None else f":value={value}" if isinstance(value, str) else ":value") + (
            f":vmix={self.value_mix:g}" if value is not None and self.value_mix != 1.0 else "") + (
            "" if prior is None else f":prior={prior}" if isinstance(prior, str) else ":prior")
        self.rng = np.random.default_rng(seed)

    def seed(self, seed):
        self.rng = np.random.default_rng(seed)
        for tree in self.kept.values():     # a reseeded agent plays as a fresh one would
            self._drop(tree)
        self.kept.clear()

    def with_prior(self, prior, seed=None) -> "MCTSAgent":
        """The same search (simulations, playouts, prior temperature, first-play urgency)
        with ``prior`` (see ``load_prior``) and PUCT's default exploration constant, at every
        player count (another model: the priors by player count are not kept)."""
        rollout = ("default" if self.rollout_default else
                   None if self.max_rollout_steps < 0 else self.max_rollout_steps)
        return MCTSAgent(self.game, self.simulations, max_rollout_steps=rollout, seed=seed,
                         prior=prior, by_players=self.by_players, prior_depth=self.prior_depth,
                         paranoid=self.paranoid, gumbel=self.gumbel,
                         value=self.value, value_mix=self.value_mix,
                         cuts_by_players=self.cuts_by_players,
                         prior_temperature=self.prior_temperature,
                         game_playouts=self.game_playouts, fpu=self.fpu, reuse=self.reuse,
                         reuses_by_players=self.reuses_by_players)

    def budget(self, num_players: int) -> int:
        """Simulations a decision in a game of ``num_players`` seats."""
        return self.by_players.get(int(num_players), self.simulations)

    def rollout_for(self, num_players: int) -> int:
        """Playout decisions before the value kernel scores, in a game of ``num_players``
        seats (-1: full playouts)."""
        if int(num_players) in self.cuts_by_players:
            return self.cuts_by_players[int(num_players)]
        if not self.rollout_default:
            return self.max_rollout_steps
        cut = default_rollout(self.spec, num_players)
        return -1 if cut is None else cut

    def prior_for(self, num_players: int):
        """The prior (params, layout) of a game of ``num_players`` seats, or None (UCT)."""
        return self.priors_by_players.get(int(num_players), self.prior)

    def depth_for(self, num_players: int) -> int | None:
        """The tree levels the prior selects at in a game of ``num_players`` seats (None:
        every level)."""
        return self.depths_by_players.get(int(num_players), self.prior_depth)

    def reuse_for(self, num_players: int) -> bool:
        """Whether the search keeps the subtree of its move in a game of ``num_players``
        seats (``reuse``)."""
        return self.reuses_by_players.get(int(num_players), self.reuse)

    def act_batch(self, obs, masks, states=None, seats=None):
        if states is None:
            raise ValueError("MCTSAgent needs the game records (needs_state=True)")
        out = np.empty(len(masks), dtype=np.int64)
        # a tree for each game of the batch: the decisions a kept tree waits for are the
        # next batch's
        self.kept_bound = max(self.KEPT_TREES, len(masks))
        for i in range(len(masks)):
            out[i] = self.search(states[i:i + 1], np.asarray(masks[i]), checked=True)
        return out

    def search(self, root_state, root_mask=None, checked: bool = False) -> int:
        """The most visited legal root action after ``simulations`` simulations (the search
        stops as soon as no other action can overtake it), or the Gumbel root's pick (-1
        when nothing is legal). ``root_state`` is validated with the game's ``check_states``
        (``StateError``) unless ``checked`` says the caller holds a validated record
        (``act_batch``: see agents/base.py)."""
        from envs.core.search import search

        root = as_state_array(root_state)
        if not checked:
            self.spec.refuse_invalid(root[:1], "search root")
        if root_mask is None:
            root_mask = np.zeros(self.spec.num_actions, dtype=np.uint8)
            self.spec.single.legal(root.copy(), 0, root_mask)
        legal = np.flatnonzero(root_mask)
        if len(legal) <= 1:
            return int(legal[0]) if len(legal) else -1
        n = int(root["num_players"][0])
        info = np.zeros(4, dtype=np.int64)
        tree = self._tree_at(root) if self.reuse_for(n) and not self.gumbel else None
        # a kept tree's visits count towards the budget: the root reaches it, as fresh
        sims = self.budget(n) if tree is None else max(1, self.budget(n) - tree.visits())
        visits = search(self.spec, root, sims, c=self.c,
                        seed=int(self.rng.integers(2**63)), max_rollout=self.rollout_for(n),
                        info=info, prior=self.prior_for(n), prior_depth=self.depth_for(n),
                        paranoid=self.paranoid, halving=self.gumbel, value=self.value,
                        value_mix=self.value_mix, stop_when_decided=self.stop_when_decided,
                        checked=True, game_playouts=self.game_playouts, fpu=self.fpu,
                        tree=tree)
        if self.gumbel and info[3] >= 0 and root_mask[info[3]]:
            return int(info[3])
        action = int(legal[np.argmax(visits[legal])])
        if tree is not None:
            self._keep(root, tree, action)
        return action

    def _tree_at(self, root):
        """The tree kept for the record ``root`` (``reuse``), or a fresh one (a spare's
        tables, cleared, where there is one)."""
        from envs.core.search import KeptTree

        return self.kept.pop(root.tobytes(), None) or (
            self.spare.pop() if self.spare else KeptTree())

    def _drop(self, tree) -> None:
        """Clear ``tree`` and keep its tables for a fresh tree (a few at most)."""
        if len(self.spare) < self.SPARE_TREES:
            tree.clear()
            self.spare.append(tree)

    def _keep(self, root, tree, action: int) -> None:
        """Keep ``tree``'s subtree under ``action`` for the record that action leads to,
        where this seat decides next: a decision of another seat between the two would
        change the record, so the tree is only ever found again for the position it is
        rooted at. The trees of the last batch are kept (``act_batch``), at least the last
        ``KEPT_TREES``."""
        after = root.copy()
        self.spec.single.apply(after, 0, action, np.zeros(self.spec.num_actions, np.uint8))
        if after["to_play"][0] != root["to_play"][0] or after["fault"][0]:
            self._drop(tree)
        elif tree.keep(action):
            self.kept[after.tobytes()] = tree
            while len(self.kept) > self.kept_bound:
                self._drop(self.kept.popitem(last=False)[1])
        else:
            self._drop(tree)
