"""Single-observer ISMCTS with the whole search in one cached numba kernel, for every game.

The tree lives in flat arrays (``child[node, action]``, lent by the caller and cleared after
use; per node its visits, availability count and the return of every seat). Every simulation
copies the root record, determinises it with the game's kernel (``GameSpec.determinize``:
every zone the searching seat cannot see re-dealt consistently with what it knows, the rng
re-seeded, so future chance is unknown too), descends by UCB over the actions legal in that
determinisation with availability counts (Cowling, Powley & Whitehouse's SO-ISMCTS), expands
one node, plays out at random (or by the game's playout policy) with the game's own kernels
and backs the return of every seat up the path: the seat to play at a node maximises its own
(max-n), so any number of players works. A game may instead have the search take every
rival as playing against the searching seat at 3 or more players
(``GameSpec.search_paranoid``, Sturtevant & Korf's paranoid reading: a rival's node minimises
the searching seat's return), where its rivals' own interests are a poor model of what its
opponents do.

A playout may stop after ``max_rollout`` decisions; the game's ``value`` kernel (GameSpec.value,
each seat's estimated return in reward units) then stands in for the rest of the game (0 for
every seat when the game has none). Random playouts of a long game cost most of a
simulation: a full one on 2-player Havoc is ~3,600 decisions.

With a policy prior (``search(..., prior=(params, layout))``, a MaskablePPO actor exported
by envs/core/mlp.py) selection is PUCT in AlphaZero's form instead: the first simulation to
reach a node evaluates the network on the observation of its seat to play (in that
determinisation), for the logits of the actions legal there only (the last layer's columns,
mlp.forward_legal), and keeps their exponentials; every visit takes the softmax of those
logits over the actions legal in its own determinisation as the prior ``P`` (an action legal
in this one only gets its logit now) and picks the action maximising
``Q + c * P * sqrt(N) / (1 + n)`` (``Q`` = 0 before a visit; at the player counts a game
names in ``GameSpec.search_fpu_parent_at``, the mean return of the actions tried when that is
higher), expanding it if it has no node yet. Without a prior nothing changes (UCT, random
expansion). With ``prior_depth`` = d the prior selects only at the first d levels of the
tree (1: the root alone) and UCT below: the network is then evaluated at those nodes only
(once a search for d = 1), so a simulation costs about what a plain one does
(benchmarks/TRAINING.md, "The prior at the root only").

Where playouts stop, a trained network's value head may score the position instead of, or
mixed with, the game's value kernel (``search(..., value=(params, layout), value_mix=w)``, a
MaskablePPO critic exported by agents.policy.export_critic): each seat's estimate is then
``(1 - w) * kernel + w * critic(observation of that seat)``, one network pass per seat, as
AlphaZero values its leaves (with ``max_rollout`` 0 no playout at all).

The root may instead be a Gumbel root (``search(..., halving=m)``, envs/core/halving.py):
m actions drawn by Gumbel top-k from the prior (uniformly without one) share the
simulations by sequential halving, and the move is the best of the most visited by prior
and mean return, which a small budget over many actions affords where PUCT follows the
prior and UCT spreads too thin (Danihelka et al. 2022). Below the root nothing changes.

A game may also name moves the search need not try (``GameSpec.prune``, e.g. Havoc's
declining of a flag's action, which its horizon cannot value): tree and playouts then choose
among the rest; the rules still offer them to every player. A game whose full mask costs far
more than what the search keeps of it may give the kept moves directly
(``GameSpec.search_moves``, equal to legal-then-prune; Cursed Seas' movement segments): the
search then calls it instead of the two. A playout, which wants one move and not the whole
set, may have the game draw it (``GameSpec.playout_move``, the game's playout policy: Cursed
Seas tests only the heading it draws for a clear turn, where the set tests all 12, and gives
a ship the shoot action first); ``search(..., game_playouts=False)`` draws them uniformly
instead, as an expert-iteration teacher may (training/expert.py).

A playing agent may keep the subtree of the move it plays for its next decision
(:class:`KeptTree`, ``search(..., tree=)``; the ``mcts:N:reuse=on`` agent, as AlphaZero keeps
the subtree of the move played): :func:`reroot` makes the node that move reached the root
of a tree of its own, node for node, and the next search adds its simulations to it. The
tree is open-loop (a node is a sequence of actions from the root, every determinisation
and chance outcome averaged in it), so the kept statistics are of the decision the seat
now faces, read with what it knew one move earlier.

One algorithm serves every game without a per-game copy: the kernel calls the stubs
``game_legal``, ``game_apply``, ``game_determinize`` (and ``game_observe``, ``game_value``,
``game_init``, ``game_moves``; ``game_heuristic`` for the self-play reply kernel), and
:func:`register` gives numba an overload of each for the game's STATE record type, resolved
when the kernel is typed. The calls are direct (no function pointers), so numba caches one
specialisation per game like any other kernel. (Passing the game's kernels as first-class
arguments instead makes numba key the cache on their addresses and recompile in every
process, 15-25 s here.)
"""

from __future__ import annotations

import threading

import numpy as np
from numba import njit, types
from numba.core.extending import overload

from envs.core.halving import (checked_root_actions, consider, improved_policy, root_choice,
                               visit_schedule)
from envs.core.mlp import forward, forward_legal, input_size, width
from envs.core.rng import mix64, stream_uniform

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_REGISTERED: set[str] = set()
#: (params, layout) standing for "no prior" (typed like a real one, never read)
_NO_PRIOR = (np.zeros(1, dtype=np.float32), np.zeros((1, 5), dtype=np.int64))
_NO_POLICY = np.zeros(0, dtype=np.float64)    # no policy target wanted


def _per_action(name: str, out: np.ndarray, num_actions: int) -> np.ndarray:
    """``out`` if it is a float64[num_actions] the kernel can write; ValueError otherwise."""
    if (not isinstance(out, np.ndarray) or out.dtype != np.float64
            or out.shape != (num_actions,) or not out.flags.c_contiguous):
        raise ValueError(f"search {name}: float64[{num_actions}] expected, got "
                         f"{getattr(out, 'dtype', type(out).__name__)}"
                         f"{list(np.shape(out))}")
    return out


def game_legal(s, mask):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_legal is only callable from numba kernels")


def game_apply(s, action):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_apply is only callable from numba kernels")


def game_determinize(s, seat, key):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_determinize is only callable from numba kernels")


def game_value(s, out):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_value is only callable from numba kernels")


def game_observe(s, seat, out):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_observe is only callable from numba kernels")


def game_init(s, cfg, seed):
    """Stub resolved per STATE record type (see register)."""
    raise NotImplementedError("game_init is only callable from numba kernels")


def game_heuristic(s, seat, key, best):
    """Stub resolved per STATE record type (see register): ``GameSpec.heuristic_best``."""
    raise NotImplementedError("game_heuristic is only callable from numba kernels")


def game_moves(s, mask):
    """Stub resolved per STATE record type (see register): ``GameSpec.search_moves``, or
    the game's legal mask less what its ``prune`` kernel clears."""
    raise NotImplementedError("game_moves is only callable from numba kernels")


def game_playout_move(s, x):
    """Stub resolved per STATE record type (see register): ``GameSpec.playout_move``, or
    (-1, ``x``) (no draw: the playout gathers ``game_moves``' mask)."""
    raise NotImplementedError("game_playout_move is only callable from numba kernels")


@njit(cache=True)
def _no_prune(s, mask):
    pass


@njit(cache=True, inline="always")
def _gather(words, mask, cand):
    """The actions set in ``mask`` into ``cand``, ascending; returns their count. ``mask`` is
    the first bytes of ``words`` (padding zero), which is scanned eight actions at a time: a
    mask holds a few legal actions among hundreds, and a scan byte by byte of every mask
    was a large share of a simulation outside the game's own kernels."""
    k = 0
    n = mask.shape[0]
    for i in range(words.shape[0]):
        if words[i] != 0:
            for a in range(8 * i, min(8 * i + 8, n)):
                if mask[a]:
                    cand[k] = a
                    k += 1
    return k


@njit(cache=True, inline="always")
def _search_moves(s, mask, words, cand):
    """The legal moves the search tries, into ``cand`` (their count returned): the game's
    legal mask less what its ``prune`` kernel clears (``game_moves``), all of them again if
    that would clear every one."""
    game_moves(s, mask)
    k = _gather(words, mask, cand)
    if k == 0:
        game_legal(s, mask)
        k = _gather(words, mask, cand)
    return k


@njit(cache=True)
def _no_value(s, out):
    out[:] = 0.0


@njit(cache=True)
def _no_playout_move(s, x):
    return -1, x


@njit(cache=True)
def _no_heuristic(s, seat, key, best):
    """A game without a heuristic kernel: nothing rated (the reply kernel never asks it:
    training/selfplay_env.py plays such a heuristic from Python)."""
    best[:] = False
    return 0


def register(spec, search: bool = True) -> None:
    """Overload the stubs with ``spec``'s kernels for its STATE record type (idempotent).
    ``search=False`` (self-play opponents, envs/core/opponents.py) accepts a game without a
    determinize kernel; its ``game_determinize`` then stays unresolved."""
    if spec.determinize is None and search:
        raise ValueError(f"{spec.name} has no determinize kernel: searching its true state "
                         "would read hidden information")
    if spec.name in _REGISTERED:
        return
    dtype = spec.state_dtype
    legal, apply_, det = spec.legal_mask, spec.apply, spec.determinize
    observe, init = spec.observe, spec.init
    val = spec.value if spec.value is not None else _no_value
    heur = spec.heuristic_best if spec.heuristic_best is not None else _no_heuristic
    prune = spec.prune if spec.prune is not None else _no_prune
    draw = spec.playout_move if spec.playout_move is not None else _no_playout_move

    def mine(s):
        return isinstance(s, types.Record) and s.dtype == dtype

    @overload(game_legal)
    def _legal(s, mask):
        if mine(s):
            return lambda s, mask: legal(s, mask)

    @overload(game_apply)
    def _apply(s, action):
        if mine(s):
            return lambda s, action: apply_(s, action)

    if det is not None:
        @overload(game_determinize)
        def _det(s, seat, key):
            if mine(s):
                return lambda s, seat, key: det(s, seat, key)

    @overload(game_observe)
    def _observe(s, seat, out):
        if mine(s):
            return lambda s, seat, out: observe(s, seat, out)

    @overload(game_init)
    def _init(s, cfg, seed):
        if mine(s):
            return lambda s, cfg, seed: init(s, cfg, seed)

    @overload(game_value)
    def _value(s, out):
        if mine(s):
            return lambda s, out: val(s, out)

    @overload(game_heuristic)
    def _heuristic(s, seat, key, best):
        if mine(s):
            return lambda s, seat, key, best: heur(s, seat, key, best)

    @overload(game_playout_move)
    def _playout_move(s, x):
        if mine(s):
            return lambda s, x: draw(s, x)

    moves = spec.search_moves

    @overload(game_moves)
    def _moves(s, mask):
        if not mine(s):
            return None
        if moves is not None:
            return lambda s, mask: moves(s, mask)

        def legal_then_prune(s, mask):
            legal(s, mask)
            prune(s, mask)
        return legal_then_prune

    _REGISTERED.add(spec.name)


@njit(cache=True, inline="always")
def _chooser_return(w, ch, p, seat, paranoid):
    """The summed return node ``ch`` holds for the seat ``p`` choosing it: ``p``'s own
    (max-n), or with ``paranoid`` at a rival's node the searching seat's, negated."""
    if paranoid and p != seat:
        return -w[ch, seat]
    return w[ch, p]


@njit(cache=True)
def _puct(weight, cand, m, kids, n, w, p, c, seat, paranoid, fpu_parent):
    """The action among ``cand[:m]`` (those legal in this determinisation) maximising
    AlphaZero's PUCT for seat ``p``: ``Q + c * P * sqrt(N) / (1 + n)``, ``P`` the node's
    prior ``weight`` (exp of each logit less one constant of the node, :func:`_weigh`)
    normalised over those actions, ``Q`` the seat's mean return (before a visit 0, or with
    ``fpu_parent`` the mean return of the tried actions where that is above 0:
    GameSpec.search_fpu_parent_at), ``N`` the visits of their children (at least 1, so the
    prior orders the first choice); with ``paranoid`` a rival's ``Q`` is the searching
    seat's (``seat``) mean return, negated. -1 when nothing is legal, -2 when a legal action
    has no weight yet (NaN)."""
    z = 0.0
    total = 0
    tried = 0.0
    for i in range(m):
        a = cand[i]
        if np.isnan(weight[a]):
            return -2
        z += weight[a]
        ch = kids[a]
        if ch >= 0 and n[ch] > 0:
            total += n[ch]
            tried += _chooser_return(w, ch, p, seat, paranoid)
    sq = np.sqrt(max(total, 1))
    first = max(0.0, tried / total) if fpu_parent and total > 0 else 0.0
    best = -1
    best_u = -np.inf
    for i in range(m):
        a = cand[i]
        prior = weight[a] / z if z > 0.0 else 1.0 / m
        ch = kids[a]
        visits = n[ch] if ch >= 0 else 0
        q = _chooser_return(w, ch, p, seat, paranoid) / visits if visits > 0 else first
        u = q + c * prior * sq / (1.0 + visits)
        if u > best_u:
            best_u = u
            best = a
    return best


@njit(cache=True)
def _weigh(logits, cand, m, weight, node, top):
    """Store ``exp(logit - top[node])`` as the weight of each action of ``cand[:m]`` that has
    none yet; ``top[node]`` is the largest of the first logits made for the node (so no
    weight overflows), then fixed, so weights made later in another determinisation share
    the scale. The exponentials are taken once a node and action, not at every selection."""
    if np.isnan(top[node]):
        hi = -np.inf
        for i in range(m):
            hi = max(hi, np.float64(logits[cand[i]]))
        top[node] = hi
    for i in range(m):
        a = cand[i]
        if np.isnan(weight[node, a]):
            weight[node, a] = np.exp(np.float64(logits[a]) - top[node])


@njit(cache=True)
def _leaf_value(s, est, vparams, vlayout, vmix, vob, vscratch, vout):
    """``est[q]`` for every seat of the game: the game's value kernel, mixed with weight
    ``vmix`` (0: the kernel alone) with the value network's estimate from that seat's own
    observation, whoever is to play (benchmarks/TRAINING.md, "A learned value in the
    search")."""
    game_value(s, est)
    if vmix <= 0.0:
        return
    for q in range(s.num_players):
        game_observe(s, q, vob)
        forward(vparams, vlayout, vob, vscratch, vout)
        est[q] = (1.0 - vmix) * est[q] + vmix * np.float64(vout[0])


@njit(cache=True)
def search_kernel(root, work, seat, sims, c, seed, max_rollout, nseats, visits, qout, info,
                  params, layout, use_prior, prior_depth, tree, kept, keep, paranoid, halving,
                  noise, policy, vparams, vlayout, vmix, vob, decided, fpu_parent,
                  game_playouts):
    """Run ``sims`` simulations from the record ``root[0]``; the visit count of each root
    action goes to ``visits`` and the searching seat's mean return after it to ``qout`` (0
    where it was never visited). ``work`` is a 1-element STATE array (the copy target of
    every simulation). ``tree`` is the tree's tables (:func:`_tree_tables`, at least
    ``kept + sims + 2`` rows), lent by the caller: the kernel writes only the entries its
    tree uses and, unless ``keep``, clears those, where fresh tables would cost the search a
    page fault per node. Its first ``kept`` nodes are a tree kept from an earlier search
    (:func:`reroot`), node 0 this root: the simulations add to its counts. ``info``
    receives (nodes made, playout decisions, network passes; as many as it holds). With
    ``use_prior`` the policy network ``params``/``layout`` (envs/core/mlp.py) gives the
    prior of each node less than ``prior_depth`` levels below the root (every node for -1)
    and selection there is PUCT with constant ``c`` (see :func:`_puct`); otherwise UCT.
    With ``paranoid`` a rival's node selects on the searching seat's negated return
    (:func:`_chooser_return`). With ``halving`` = m > 0 the root instead draws m actions by
    Gumbel top-k (``noise`` the Gumbel scale) and visits them by sequential halving
    (envs/core/halving.py); the move it picks goes to ``info[3]`` when ``info`` holds four,
    and its policy target (halving.py ``improved_policy``) to ``policy`` when that holds
    an entry per action. With ``vmix`` > 0 the value network ``vparams``/``vlayout`` is mixed
    into the value of a position where a playout stops (:func:`_leaf_value`; ``vob`` a
    float32 buffer of the game's observation size). With ``decided`` (no Gumbel root) the
    simulations stop once the most visited root action leads every other by more than the
    simulations left: the most visited action is then the one the whole budget would give.
    ``fpu_parent``: first-play urgency at every node (:func:`_puct`). Without
    ``game_playouts`` a playout draws every move uniformly from the search's moves instead
    of asking the game's playout policy (``GameSpec.playout_move``).
    Returns the nodes made, or -1 if a kernel faulted."""
    num_actions = visits.shape[0]
    child, pw, top, avail, up, via, n, w = tree
    cap = kept + sims + 2
    # pw: the prior's weight of each node and action (NaN until made: _weigh), from the
    # observation of its seat to play, for the actions legal the first time a simulation
    # reaches it; another determinisation may make another action legal there (a hidden
    # piece's ability), and its weight is made then
    logits = np.zeros(num_actions if use_prior or halving > 0 else 1, dtype=np.float32)
    ob = np.zeros(input_size(layout) if use_prior else 1, dtype=np.float32)
    scratch = np.zeros((2, width(layout)), dtype=np.float32)
    path = np.empty(cap, dtype=np.int64)
    words = np.zeros((num_actions + 7) // 8, dtype=np.uint64)
    mask = words.view(np.uint8)[:num_actions]   # the game writes it; _gather reads words
    cand = np.empty(num_actions, dtype=np.int64)
    fresh = np.empty(num_actions, dtype=np.int64)
    ret = np.zeros(nseats, dtype=np.float64)
    est = np.zeros(nseats, dtype=np.float64)
    vscratch = np.zeros((2, width(vlayout)), dtype=np.float32)
    vout = np.zeros(1, dtype=np.float32)
    # the Gumbel root: each action's logit + noise (-inf unless considered), the visit
    # count each simulation's root action must have, and how many are considered (0: not
    # drawn yet, at the first simulation to reach the root's choice)
    rscore = np.full(num_actions if halving > 0 else 1, -np.inf, dtype=np.float64)
    want = np.zeros(sims if halving > 0 else 1, dtype=np.int64)
    rlogit = np.full(num_actions if halving > 0 else 1, -np.inf, dtype=np.float32)
    drawn = 0
    nodes = max(kept, 1)
    played = 0
    passes = 0
    faulted = False
    # the root's most visited action, its visits and the most any other root action has
    lead_action = -1
    lead = 0
    runner_up = 0
    for a in range(num_actions):
        ch = child[0, a]
        if ch >= 0 and n[ch] > lead:
            runner_up = lead
            lead = n[ch]
            lead_action = a
        elif ch >= 0 and n[ch] > runner_up:
            runner_up = n[ch]
    x = mix64(np.uint64(seed) + _GOLDEN)
    for sim in range(sims):
        work[0] = root[0]
        s = work[0]
        x = x + _GOLDEN
        game_determinize(s, seat, mix64(x))
        ret[:] = 0.0
        node = 0
        depth = 0
        path[0] = 0
        expanded = False
        while s.to_play >= 0 and not expanded:
            m = _search_moves(s, mask, words, cand)
            p = s.to_play
            a = -1
            if halving > 0 and depth == 0 and m > 0:
                if drawn == 0:
                    logits[:] = 0.0
                    if use_prior:
                        game_observe(s, p, ob)
                        forward_legal(params, layout, ob, scratch, logits, mask)
                        passes += 1
                    for i in range(m):
                        rlogit[cand[i]] = logits[cand[i]]
                    drawn, x = consider(cand, m, logits, noise, halving, x, rscore)
                    visit_schedule(drawn, sims, want)
                a = root_choice(cand, m, rscore, child[0], n, w, seat, want[sim], False)
            if a >= 0:
                if child[0, a] < 0:
                    child[0, a] = nodes
                    up[nodes] = 0
                    via[nodes] = a
                    nodes += 1
                    expanded = True
            elif use_prior and (prior_depth < 0 or depth < prior_depth):
                # select by PUCT on the policy prior; an untried choice is expanded. With
                # one legal action PUCT picks it whatever its weight, so no network pass
                # is made for it (its weight is made if another determinisation offers more)
                if m == 1:
                    a = cand[0]
                else:
                    a = _puct(pw[node], cand, m, child[node], n, w, p, c, seat,
                              paranoid, fpu_parent)
                if a == -2:
                    game_observe(s, p, ob)
                    forward_legal(params, layout, ob, scratch, logits, mask)
                    passes += 1
                    _weigh(logits, cand, m, pw, node, top)
                    a = _puct(pw[node], cand, m, child[node], n, w, p, c, seat,
                              paranoid, fpu_parent)
                if a >= 0 and child[node, a] < 0:
                    child[node, a] = nodes
                    up[nodes] = node
                    via[nodes] = a
                    nodes += 1
                    expanded = True
            else:
                k = 0
                for i in range(m):
                    if child[node, cand[i]] < 0:
                        fresh[k] = cand[i]
                        k += 1
                if k > 0:
                    # expand: a random action never tried from here
                    j, x = stream_uniform(x, k)
                    a = fresh[j]
                    child[node, a] = nodes
                    up[nodes] = node
                    via[nodes] = a
                    avail[nodes] += 1
                    nodes += 1
                    expanded = True
                else:
                    # select: UCB1 on the seat to play's mean return, availability for the log
                    a = -1
                    best_u = -np.inf
                    for i in range(m):
                        b = cand[i]
                        ch = child[node, b]
                        avail[ch] += 1
                        u = (_chooser_return(w, ch, p, seat, paranoid) / n[ch]
                             + c * np.sqrt(np.log(avail[ch]) / n[ch]))
                        if u > best_u:
                            best_u = u
                            a = b
            if a < 0:
                break
            game_apply(s, a)
            if s.fault:
                faulted = True
                break
            for q in range(nseats):
                ret[q] += s.reward[q]
            node = child[node, a]
            depth += 1
            path[depth] = node
        if faulted:
            break
        steps = 0
        while s.to_play >= 0 and (max_rollout < 0 or steps < max_rollout):
            a = -1
            if game_playouts:
                a, x = game_playout_move(s, x)
            if a < 0:
                k = _search_moves(s, mask, words, cand)
                if k == 0:
                    break
                j, x = stream_uniform(x, k)
                a = cand[j]
            game_apply(s, a)
            if s.fault:
                faulted = True
                break
            for q in range(nseats):
                ret[q] += s.reward[q]
            steps += 1
        if faulted:
            break
        played += steps
        if s.to_play >= 0:
            # stopped early: the value of the position stands in for the rest
            _leaf_value(s, est, vparams, vlayout, vmix, vob, vscratch, vout)
            for q in range(nseats):
                ret[q] += est[q]
        for d in range(depth + 1):
            nd = path[d]
            n[nd] += 1
            for q in range(nseats):
                w[nd, q] += ret[q]
        if decided and halving == 0 and depth > 0:
            # visits grow by one a simulation, so the two leading counts follow exactly
            a = via[path[1]]
            k = n[path[1]]
            if a == lead_action:
                lead = k
            elif k > lead:
                runner_up = lead
                lead = k
                lead_action = a
            elif k > runner_up:
                runner_up = k
            if lead - runner_up > sims - 1 - sim:
                break
    for a in range(num_actions):
        ch = child[0, a]
        visits[a] = n[ch] if ch >= 0 else 0
        qout[a] = w[ch, seat] / n[ch] if ch >= 0 and n[ch] > 0 else 0.0
    if info.shape[0] > 3:
        k = 0
        for a in range(rscore.shape[0]):
            if rscore[a] > -np.inf:
                cand[k] = a
                k += 1
        info[3] = root_choice(cand, k, rscore, child[0], n, w, seat, 0, True) if k else -1
    if drawn > 0 and policy.shape[0] == num_actions:
        improved_policy(rlogit, child[0], n, w, seat, policy)
    if faulted or not keep:
        clear_tree(tree, nodes)
    if faulted:
        return -1
    info[0] = nodes
    info[1] = played
    if info.shape[0] > 2:
        info[2] = passes
    return nodes


@njit(cache=True)
def clear_tree(tree, nodes):
    """Hand the first ``nodes`` nodes of a tree's tables back as :func:`_tree_tables` makes
    them: every child link -1, every prior weight and top logit NaN, every count 0."""
    child, pw, top, avail, up, via, n, w = tree
    for nd in range(1, nodes):
        child[up[nd], via[nd]] = -1
    for nd in range(nodes):
        if not np.isnan(top[nd]):
            pw[nd, :] = np.nan
            top[nd] = np.nan
        avail[nd] = 0
        n[nd] = 0
        w[nd, :] = 0.0


@njit(cache=True)
def reroot(tree, nodes, action):
    """Keep the subtree under the root's ``action`` of a tree of ``nodes`` nodes as a tree
    of its own, its node 0 the new root, and clear the rest (:func:`clear_tree`'s state);
    the number of nodes kept (0 if the action has none). A node's parent was made before
    it, so numbering the kept nodes in the order they were made moves every row to a row
    not above its own, and the moves can be made in that order in place."""
    child, pw, top, avail, up, via, n, w = tree
    root = child[0, action] if nodes > 0 else -1
    if root < 0:
        clear_tree(tree, nodes)
        return 0
    new = np.full(nodes, -1, dtype=np.int64)
    had = np.empty(nodes, dtype=np.bool_)      # which rows hold prior weights now
    for nd in range(nodes):
        had[nd] = not np.isnan(top[nd])
    new[root] = 0
    kept = 1
    for nd in range(root + 1, nodes):
        if new[up[nd]] >= 0:
            new[nd] = kept
            kept += 1
    for nd in range(1, nodes):
        child[up[nd], via[nd]] = -1
    for nd in range(root, nodes):
        j = new[nd]
        if j < 0:
            continue
        if j > 0:
            up[j] = new[up[nd]]
            via[j] = via[nd]
            child[up[j], via[j]] = j
        n[j] = n[nd]
        w[j, :] = w[nd, :]
        avail[j] = avail[nd]
        top[j] = top[nd]
        if had[nd]:
            pw[j, :] = pw[nd, :]
        elif had[j]:
            pw[j, :] = np.nan
    for nd in range(kept, nodes):
        if had[nd]:
            pw[nd, :] = np.nan
        top[nd] = np.nan
        avail[nd] = 0
        n[nd] = 0
        w[nd, :] = 0.0
    return kept


def new_tree(rows: int, num_actions: int, nseats: int, prior: bool) -> tuple:
    """A search tree's tables of ``rows`` nodes, as :func:`clear_tree` leaves them: the
    child table (int32, -1), the prior's weights (float64, NaN; one row without a prior) and
    each node's top logit, availability, parent, action from it, visits and return of
    every seat."""
    return (np.full((rows, num_actions), -1, np.int32),
            np.full((rows if prior else 1, num_actions), np.nan, np.float64),
            np.full(rows, np.nan, np.float64), np.zeros(rows, np.int32),
            np.zeros(rows, np.int64), np.zeros(rows, np.int64), np.zeros(rows, np.int64),
            np.zeros((rows, nseats), np.float64))


def grown_tree(tree: tuple, rows: int, kept: int, prior: bool) -> tuple:
    """``tree`` with at least ``rows`` rows, its first ``kept`` nodes carried over."""
    if tree[0].shape[0] >= rows and (tree[1].shape[0] > 1 or not prior):
        return tree
    out = new_tree(max(rows, tree[0].shape[0]), tree[0].shape[1], tree[7].shape[1], prior)
    for new, old in zip(out, tree):
        k = min(kept, old.shape[0], new.shape[0])
        new[:k] = old[:k]
    return out


class KeptTree:
    """A search tree kept from one search to the next (AlphaZero keeps the subtree of the
    move played): ``search(..., tree=kept)`` adds its simulations to the tree ``kept``
    holds, whose root must be the record searched; ``keep(action)`` then keeps the subtree
    under the root's ``action`` for a search from the record that action leads to, and
    ``clear()`` drops it. The tables are this object's own, not the thread's lent ones."""

    def __init__(self) -> None:
        self.tables: tuple | None = None
        self.nodes = 0

    def tables_for(self, sims: int, num_actions: int, nseats: int,
                   prior: bool) -> tuple[tuple, int]:
        """Tables of room for ``sims`` more simulations, and the nodes kept in them (none
        where they were made for another game, seat count or kind of search)."""
        t = self.tables
        if (t is None or t[0].shape[1] != num_actions or t[7].shape[1] != nseats
                or (t[1].shape[0] > 1) != prior):
            t, self.nodes = new_tree(sims + 2, num_actions, nseats, prior), 0
        self.tables = grown_tree(t, self.nodes + sims + 2, self.nodes, prior)
        return self.tables, self.nodes

    def keep(self, action: int) -> int:
        """Keep the subtree under the root's ``action`` (:func:`reroot`); its nodes."""
        self.nodes = 0 if self.tables is None else int(reroot(self.tables, self.nodes, action))
        return self.nodes

    def visits(self) -> int:
        """The simulations the kept tree's root holds."""
        return int(self.tables[6][0]) if self.nodes and self.tables is not None else 0

    def clear(self) -> None:
        if self.tables is not None:
            clear_tree(self.tables, self.nodes)
        self.nodes = 0


_LENT = threading.local()


def _tree_tables(rows: int, num_actions: int, nseats: int, prior: bool) -> tuple:
    """This thread's tree tables (:func:`new_tree`) of at least ``rows`` rows, for
    :func:`search_kernel` to borrow: made once a thread, width and seat count, grown when a
    search needs more, never shrunk (a 1,000-simulation search of 584 actions keeps 2.3
    MB, 7 MB with a prior)."""
    tables = getattr(_LENT, "tables", None)
    if tables is None:
        tables = _LENT.tables = {}
    key = (num_actions, nseats, prior)
    tree = tables.get(key)
    if tree is None or tree[0].shape[0] < rows:
        tree = tables[key] = new_tree(rows, num_actions, nseats, prior)
    return tree


def checked_value(value: tuple, obs_size: int) -> tuple[np.ndarray, np.ndarray]:
    """(params float32, layout int64) of a value network, refused (ValueError) unless it maps
    at most the game's ``obs_size`` leading observation features to one output with finite
    parameters (a critic may read only the plain part before an action-feature block)."""
    from envs.core import mlp

    params = np.ascontiguousarray(value[0], dtype=np.float32)
    layout = np.ascontiguousarray(value[1], dtype=np.int64)
    if layout.ndim != 2 or layout.shape[1] != 5 or layout.shape[0] < 1:
        raise ValueError(f"search value: layout must be int64[L, 5], got {list(layout.shape)}")
    reads = int(layout[0, 0])
    if not 0 < reads <= obs_size:
        raise ValueError(f"search value: the network reads {reads} features; the game's "
                         f"observation has {obs_size}")
    mlp.check_layout(params, layout, reads, 1, "search value")
    if not np.isfinite(params).all():
        raise ValueError("search value: its parameters hold NaN or infinity")
    return params, layout


def search(spec, root, sims: int, c: float = 1.0, seed: int = 0,
           max_rollout: int = -1, info: np.ndarray | None = None,
           prior: tuple | None = None, q: np.ndarray | None = None,
           prior_depth: int | None = None, paranoid: bool | None = None,
           halving: int = 0, noise: float = 1.0,
           policy: np.ndarray | None = None, value: tuple | None = None,
           value_mix: float = 1.0, stop_when_decided: bool = False,
           checked: bool = False, game_playouts: bool = True,
           fpu: bool | None = None, tree: "KeptTree | None" = None) -> np.ndarray:
    """Visit counts of the root actions (int64[NUM_ACTIONS]) after ``sims`` simulations from
    ``root`` (a 1-element STATE array, left untouched) for its seat to play. ``info``
    (int64[2], [3] or [4], optional) receives (tree nodes made, playout decisions, network
    passes, the Gumbel root's move); ``q`` (float64[NUM_ACTIONS], optional) the seat's mean
    return after each root action (0 where never visited). ``prior`` (params float32[P],
    layout int64[L, 5], from agents.policy.export_actor) turns on PUCT with that policy
    network's prior; ``c`` is then the PUCT constant, and
    ``prior_depth`` (None: every depth) the tree levels it selects at (module docstring).
    ``paranoid`` (None: the game's ``search_paranoid``) has every rival play against the
    searching seat at 3 or more players; at 2 it changes nothing. ``halving`` = m > 0 makes
    the root draw m actions by Gumbel top-k (``noise`` the Gumbel scale, 0 for the top m of
    the prior) and share the simulations among them by sequential halving
    (envs/core/halving.py); its move, which need not be the most visited, goes to
    ``info[3]``, and ``policy`` (float64[NUM_ACTIONS], optional; needs ``halving``) receives
    its policy target (halving.py ``improved_policy``; 0 off the root's legal actions).
    ``value`` (params, layout of a network with one output, agents.policy.export_critic)
    scores a position where a playout stops, mixed with the game's value kernel by
    ``value_mix`` (1: the network alone; module docstring). ``stop_when_decided`` ends the
    search once no root action can overtake the most visited one in the simulations left
    (no Gumbel root): the same most visited action for less time, but fewer visits, so not
    for visit-count labels. ``tree`` (a :class:`KeptTree`) is a tree kept from the search
    before, its root ``root`` (``KeptTree.keep``): the simulations add to it, and it holds
    the whole tree after (no Gumbel root). ``game_playouts`` False draws every playout move uniformly
    instead of by the game's playout policy; ``fpu`` (None: at the player counts the game
    names in ``search_fpu_parent_at``) turns first-play urgency on or off (a teacher may
    search otherwise than the agent: training/expert.py). ``root`` is validated with the
    game's ``check_states`` first (``StateError`` naming its problems), as every record from
    outside is, unless ``checked`` says the caller holds a record already validated or made
    by the game's kernels (a VectorGame's or env's: the suite's loops, where validating every
    decision would cost more than some searches)."""
    from envs.core import mlp

    from envs.core.errors import StateError
    from envs.core.spec import FAULT_MESSAGES

    register(spec)
    if not checked:
        spec.refuse_invalid(root[:1], "search root")
    if prior_depth is not None and prior_depth < 1:
        raise ValueError(f"search prior_depth {prior_depth}: the prior selects at the root "
                         "at least (1), or at every depth (None)")
    root = np.ascontiguousarray(root[:1])
    work = np.zeros(1, dtype=root.dtype)
    visits = np.zeros(spec.num_actions, dtype=np.int64)
    nseats = root.dtype["reward"].shape[0]
    info = np.zeros(3, dtype=np.int64) if info is None else info
    q = np.zeros(spec.num_actions) if q is None else _per_action("q", q, spec.num_actions)
    if prior is None:
        params, layout = _NO_PRIOR
    else:
        params = np.ascontiguousarray(prior[0], dtype=np.float32)
        layout = np.ascontiguousarray(prior[1], dtype=np.int64)
        mlp.check_layout(params, layout, spec.obs_size, spec.num_actions, "search prior")
    sims = max(1, sims)
    halving = checked_root_actions(halving)
    if not np.isfinite(noise) or noise < 0:
        raise ValueError(f"search noise {noise!r}: a Gumbel scale >= 0")
    if policy is None:
        policy = _NO_POLICY
    elif not halving:
        raise ValueError("search policy: the policy target is a Gumbel root's; give halving=m")
    else:
        _per_action("policy", policy, spec.num_actions)
    if value is None:
        vparams, vlayout = _NO_PRIOR
        vmix = 0.0
    else:
        vparams, vlayout = checked_value(value, spec.obs_size)
        vmix = float(value_mix)
        if not 0.0 <= vmix <= 1.0:
            raise ValueError(f"search value_mix {value_mix!r}: a weight in [0, 1]")
    vob = np.zeros(spec.obs_size if vmix > 0.0 else 1, dtype=np.float32)
    if paranoid is not None and not isinstance(paranoid, bool):
        raise ValueError(f"search paranoid: True, False or None (the game's), not {paranoid!r}")
    paranoid = spec.search_paranoid if paranoid is None else paranoid
    fpu_parent = _fpu_here(spec, root, fpu)
    if tree is None:
        tables, kept = _tree_tables(sims + 2, spec.num_actions, nseats, prior is not None), 0
    elif halving:
        raise ValueError("search tree: a Gumbel root's schedule is for a tree of its own")
    else:
        tables, kept = tree.tables_for(sims, spec.num_actions, nseats, prior is not None)
    try:
        made = search_kernel(root, work, np.int64(root["to_play"][0]), np.int64(sims),
                             np.float64(c), np.uint64(seed % 2**64), np.int64(max_rollout),
                             np.int64(nseats), visits, q, info, params, layout,
                             prior is not None,
                             np.int64(-1 if prior_depth is None else prior_depth), tables,
                             np.int64(kept), tree is not None,
                             bool(paranoid) and int(root["num_players"][0]) > 2,
                             np.int64(halving), np.float64(noise), policy, vparams, vlayout,
                             np.float64(vmix), vob, bool(stop_when_decided),
                             fpu_parent, bool(game_playouts))
    except BaseException:
        _LENT.tables = {}       # a kernel that raised may have left its tables written
        if tree is not None:
            tree.tables, tree.nodes = None, 0
        raise
    if tree is not None:
        tree.nodes = max(int(made), 0)
    if made < 0:
        raise StateError(f"{spec.name}: a search playout stopped the kernel: "
                         f"{FAULT_MESSAGES.get(int(work['fault'][0]), 'fault')}")
    return visits


def _fpu_here(spec, root, fpu: bool | None) -> bool:
    """Whether a search from ``root`` uses first-play urgency: ``fpu`` where given (a bool),
    else where the game names the root's player count in ``search_fpu_parent_at``."""
    if fpu is None:
        return int(root["num_players"][0]) in spec.search_fpu_parent_at
    if not isinstance(fpu, (bool, np.bool_)):
        raise ValueError(f"search fpu: True, False or None (the game's), not {fpu!r}")
    return bool(fpu)


def playout_steps(spec, root, games: int, seed: int = 0) -> int:
    """Decisions made by ``games`` full random playouts of the search from ``root``."""
    info = np.zeros(2, dtype=np.int64)
    search(spec, root, games, seed=seed, info=info)
    return int(info[1])
