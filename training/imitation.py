"""Imitation warm start: behaviour cloning of the game's heuristic into the PPO policy network.

``collect`` plays the game's heuristic in every seat over ``VectorGame`` and records, for each
decision, what the seat to play saw (its observation and legal mask, exactly the learner's
inputs in self-play) and what the heuristic chose, plus the seat's discounted return from
that decision on (counted in the seat's own decisions, as the learner's PPO steps are).
Decisions with a single legal action teach nothing and are left out of the data (they still
count as steps of the return).

A demonstrator that breaks ties at random (the Havoc heuristic: about half its decisions are
ties, and two runs of it on one position agree only ~73% of the time) says which actions it
rated best through ``last_best`` (bool[N, NUM_ACTIONS] for its latest ``act_batch``); they are
kept as ``best``. Without it ``best`` is the chosen action alone.

``clone`` trains a ``MaskableActorCriticPolicy`` on that data before PPO starts: cross-entropy
of the heuristic's best set under the masked policy (minus the log of the probability the
policy gives to any action the heuristic rated best; the chosen action alone when it has no
ties), with the same masked distribution PPO samples from, plus ``value_coef`` times the
squared error of the value head against the recorded returns, so PPO's first advantages come
from a critic that already knows the cloned policy's worth. Its own Adam optimiser: PPO's
optimiser state is left untouched.
A decision may carry a weight (``Demonstrations.weight``, 1 unless ``collect`` weighs search
labels by the learner's regret): a label of weight k counts as k copies of it in both terms.

``dagger`` then corrects the clone where it goes wrong (DAgger, Ross et al. 2011): the cloned
policy plays one seat (rotating) against the heuristic, the heuristic labels every decision
of those games, its own and the learner's, and the policy is trained again on all the data
gathered so far. A clone alone meets only positions the heuristic reaches; a single wrong
choice then leads it where it has no data and errors compound (on Seas of Havoc a greedy
clone agreeing with the heuristic on 93% of held-out decisions stalls a quarter of its games).

A search teacher (``teacher="mcts:N"``, parsed like the agents' ``mcts`` spec: DAgger as
expert iteration) labels instead of the heuristic: for each decision of the learner's seat
with more than one legal action it runs the ISMCTS kernel (envs/core/search.py) from that
position for that seat with N simulations and labels the set of most visited legal actions
(``best``) and keeps its visit shares over the legal actions (``target``), which
``clone`` learns as a soft target (cross-entropy of the shares) where a row has them. A
Gumbel root (``mcts:N:gumbel=M``) labels its move instead and its own policy target
(softmax of logit + sigma(completed q): envs/core/halving.py ``improved_policy``), since its
visit counts follow the halving schedule, not the returns. Each search label also keeps the
searching seat's value of the root (``root_value``: its mean return over the root's
simulations); ``clone(value_from_search=w)`` trains the critic on ``(1 - w)`` times the
discounted return plus ``w`` times that value (AlphaZero's value target mixes the two). Only
the learner's decisions are labelled (the positions DAgger is for; the search costs ~10 ms a
label at N = 300), at most ``max_labels`` of them per game so that a game stalled to the
step limit does not spend the label budget on one position loop. The learner may be the
search itself (it then plays its label: one search a move). Expert iteration
(training/expert.py) builds on this with the policy as the search's prior.

``collect_parallel`` splits the games over worker processes: labelling by search is CPU
bound, and so is the heuristic's look-ahead.

Observations are kept sparse (CSR: a Havoc observation has ~250 non-zero of 3,473 features),
so hundreds of games fit in memory.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

import envs


@dataclass
class Demonstrations:
    """Decisions of a demonstrator: sparse observations, legal masks, chosen actions,
    discounted returns of the seat that chose, and the game each decision came from."""

    obs: object            # scipy.sparse.csr_matrix float32[M, OBS_SIZE]
    masks: np.ndarray      # bool[M, NUM_ACTIONS]
    actions: np.ndarray    # int64[M]
    returns: np.ndarray    # float32[M]
    games: np.ndarray      # int64[M]
    best: np.ndarray | None = None     # bool[M, NUM_ACTIONS]: every action rated best
    episodes: int = 0
    seconds: float = 0.0
    #: float32[M, NUM_ACTIONS]: a search's policy over the legal actions, its visit shares or
    #: a Gumbel root's target (rows that sum to 1 are learnt as soft targets; all-zero rows
    #: through ``best``)
    target: np.ndarray | None = None
    #: float32[M]: each decision's weight in the cloning loss (1 unless ``collect`` was given
    #: a ``regret`` coefficient; None in label files written before weights existed)
    weight: np.ndarray | None = None
    #: float32[M]: for a row labelled by a search, the searching seat's value of the root
    #: (its mean return over the root's visits, in terminal reward units); NaN elsewhere
    search_value: np.ndarray | None = None

    def __post_init__(self):
        if self.best is None:
            self.best = np.zeros_like(self.masks, dtype=bool)
            self.best[np.arange(len(self.actions)), self.actions] = True
        if self.target is None:
            self.target = np.zeros(self.masks.shape, dtype=np.float32)
        if self.weight is None:
            self.weight = np.ones(len(self.actions), dtype=np.float32)
        if self.search_value is None:
            self.search_value = np.full(len(self.actions), np.nan, dtype=np.float32)

    def __len__(self) -> int:
        return len(self.actions)

    def take(self, rows) -> "Demonstrations":
        rows = np.asarray(rows, dtype=np.int64)
        return Demonstrations(self.obs[rows], self.masks[rows], self.actions[rows],
                              self.returns[rows], self.games[rows], self.best[rows],
                              len(np.unique(self.games[rows])), self.seconds,
                              self.target[rows], self.weights()[rows],
                              self.search_values()[rows])

    def weights(self) -> np.ndarray:
        """float32[M] loss weights (ones for data from before weights existed)."""
        w = self.weight
        return np.ones(len(self.actions), dtype=np.float32) if w is None else w

    def search_values(self) -> np.ndarray:
        """float32[M] root values of the search labels (all NaN for data from before they
        were kept)."""
        v = getattr(self, "search_value", None)
        return np.full(len(self.actions), np.nan, dtype=np.float32) if v is None else v

    def value_targets(self, from_search: float = 0.0) -> np.ndarray:
        """float32[M] the critic's target: the discounted return, or where a search labelled
        the row ``(1 - from_search) * return + from_search * root value`` (AlphaZero's
        outcome and search value mixed)."""
        v = self.search_values()
        mixed = (1.0 - from_search) * self.returns + from_search * v
        return np.where(np.isfinite(v), mixed, self.returns).astype(np.float32)

    def split(self, held_out: float, seed: int = 0):
        """(train, held-out) by whole games: held-out decisions come from unseen games."""
        ids = np.unique(self.games)
        rng = np.random.default_rng(seed)
        k = int(round(len(ids) * held_out))
        test = rng.choice(ids, size=k, replace=False) if k else np.array([], dtype=np.int64)
        is_test = np.isin(self.games, test)
        return self.take(np.flatnonzero(~is_test)), self.take(np.flatnonzero(is_test))

    def chance(self) -> float:
        """Agreement a uniform legal choice would reach: mean of 1 / legal actions."""
        return float(np.mean(1.0 / self.masks.sum(axis=1))) if len(self) else 0.0

    def chance_best(self) -> float:
        """How often a uniform legal choice lands in the demonstrator's best set."""
        return float(np.mean(self.best.sum(axis=1) / self.masks.sum(axis=1))) \
            if len(self) else 0.0


def demonstrator(game: str, seed: int = 0):
    """The game's heuristic agent; ValueError naming the game when it has none."""
    from agents import heuristic

    try:
        return heuristic.make(game, seed=seed)
    except KeyError:
        raise ValueError(f"imitation needs a heuristic to copy and game {game!r} has none: "
                         f"write agents/heuristic/{game}.py or train without --imitate") \
            from None


def make_teacher(game: str, spec: str = "heuristic", seed: int = 0, prior=None):
    """The DAgger labeller named by ``spec``: None for ``"heuristic"`` (the demonstrator
    labels), an ``MCTSAgent`` for ``"mcts:N[:ROLLOUT][:prior=P]"`` (the agents' spec);
    ValueError naming the spec for anything else. ``prior`` (an exported actor: params,
    layout) makes the search PUCT with that prior (expert iteration, training/expert.py)."""
    from agents import make

    text = str(spec).strip()
    if text.lower() == "heuristic":
        return None
    if text.partition(":")[0].lower() != "mcts":
        raise ValueError(f"teacher {spec!r}: expected 'heuristic' or 'mcts:N' "
                         "(a search teacher with N simulations per label)")
    try:
        agent = make(text, game, seed=seed)
    except ValueError as e:
        raise ValueError(f"teacher {spec!r}: {e}") from None
    return agent if prior is None else agent.with_prior(prior, seed=seed)


def search_label(agent, state, mask, q=None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(best bool[NUM_ACTIONS], target float32[NUM_ACTIONS], visits int64[NUM_ACTIONS]) of
    one search by ``agent`` (an MCTSAgent) from ``state`` (a 1-element STATE array of a
    VectorGame, so not validated again) for its seat to play. ``best`` is every legal action
    whose visit count equals the maximum over the legal actions, ``target`` their visit
    shares over the legal actions; for a Gumbel root ``best`` is its move and ``target`` its
    policy target (module docstring). ``q`` (float64[NUM_ACTIONS], optional) receives the
    seat's mean return after each root action (envs/core/search.py)."""
    from agents.base import as_state_array
    from envs.core.search import search

    mask = np.asarray(mask).astype(bool)
    info = np.zeros(4, dtype=np.int64)
    policy = np.zeros(len(mask)) if agent.gumbel else None
    root = as_state_array(state)
    visits = search(agent.spec, root, agent.simulations, c=agent.c,
                    seed=int(agent.rng.integers(2**63)),
                    max_rollout=agent.rollout_for(int(root["num_players"][0])),
                    prior=agent.prior, q=q, info=info, halving=agent.gumbel, policy=policy,
                    checked=True, game_playouts=agent.game_playouts, fpu=agent.fpu)
    best = np.zeros(len(mask), dtype=bool)
    if policy is not None and 0 <= info[3] and mask[info[3]]:
        best[info[3]] = True
        share = np.where(mask, policy, 0.0).astype(np.float32)
    else:
        legal = np.flatnonzero(mask)
        if len(legal):
            v = visits[legal]
            best[legal[v == v.max()]] = True
        share = np.where(mask, visits, 0).astype(np.float32)
    return best, share / max(1.0, float(share.sum())), visits


def root_value(q, visits, mask) -> float:
    """The searching seat's value of a searched position: its mean return over the root's
    simulations, each legal move's mean return ``q`` weighted by its visits (NaN when no
    simulation ran)."""
    v = np.where(np.asarray(mask, dtype=bool), visits, 0).astype(np.float64)
    n = v.sum()
    return float(np.dot(v, q) / n) if n > 0 else float("nan")


def collect(game: str, episodes: int, config: dict | None = None, seed: int = 0,
            num_envs: int = 32, gamma: float = 0.99, agent=None,
            max_per_game: int = 2000, learner=None, search_teacher=None,
            max_labels: int = 200, regret: float = 0.0, progress=None) -> Demonstrations:
    """Record ``episodes`` games of ``agent`` (default: the game's heuristic) in every seat;
    ``progress`` (training/progress.py ``Progress``) counts each game as it ends.

    With ``learner`` (an agent) the learner plays seat ``game % players`` of each game in
    the demonstrator's place; the demonstrator still labels every decision (DAgger).

    A game longer than ``max_per_game`` decisions (a stalled game running to the step limit)
    gives a uniform sample of that many, so that one such game does not outweigh ten others.

    With ``search_teacher`` (an MCTSAgent, see ``make_teacher``; needs ``learner``) only the
    learner's decisions are kept, at most ``max_labels`` per game (the first ones met), each
    labelled by a search (``search_label``); ``seconds`` then includes the searches.
    With ``regret`` > 0 a label's weight in the cloning loss is ``1 + regret * r``, ``r``
    the learner's regret there by the search's own values: the searching seat's mean return
    after the search's move less that after the learner's greedy move (at least 0; 0 when
    the search never tried the learner's move). A decision that costs the learner a game
    then counts for more than one where any move will do.
    """
    import scipy.sparse as sp

    if episodes < 1:
        raise ValueError(f"imitation episodes={episodes}: give at least 1")
    if search_teacher is not None and learner is None:
        raise ValueError("a search teacher labels the learner's decisions: give a learner")
    agent = agent if agent is not None else demonstrator(game, seed)
    t0 = time.process_time()
    n = min(num_envs, episodes)
    vec = envs.make_vector(game, num_envs=n, seed=seed, unchecked=True, **dict(config or {}))
    nseat = vec.spec.max_players
    # per decision: which game, which seat, forced or not, reward paid after it
    game_of, seat_of, forced, paid = [], [], [], []
    obs_parts, mask_parts, act_parts, best_parts = [], [], [], []
    labelled: list[bool] = []                         # kept as a label (search teacher)
    targets: dict[int, np.ndarray] = {}               # decision -> the search's policy
    weights: dict[int, float] = {}                    # decision -> its loss weight (regret)
    root_values: dict[int, float] = {}                # decision -> the search's root value
    qs: dict[int, tuple] = {}         # row of this step -> the search's values, visits, move
    plays = search_teacher is not None and learner is search_teacher
    nlabels = np.zeros(n, dtype=np.int64)             # labels of the game in env i
    last = np.full((n, nseat), -1, dtype=np.int64)   # each seat's latest decision
    mine: list[list[int]] = [[] for _ in range(n)]    # decisions of the game in env i
    game_id = np.arange(n, dtype=np.int64)
    nplay = np.asarray(vec.states["num_players"], dtype=np.int64)
    started = n
    finished: list[int] = []
    returns: dict[int, float] = {}
    count = 0
    while len(finished) < episodes:
        active = game_id >= 0
        to_play = vec.to_play.astype(np.int64)
        act = np.full(n, -1, dtype=np.int64)
        idx = np.flatnonzero(active & (to_play >= 0))
        states = vec.states[idx] if agent.needs_state else None
        act[idx] = agent.act_batch(vec.obs[idx], vec.masks[idx], states, to_play[idx])
        masks = vec.masks[idx].astype(bool)
        obs_parts.append(sp.csr_matrix(vec.obs[idx]))
        mask_parts.append(masks)
        act_parts.append(act[idx])
        best = getattr(agent, "last_best", None)
        if best is None or len(best) != len(idx):
            best = np.zeros_like(masks)
        best = best & masks
        best[np.arange(len(idx)), act[idx]] = True
        if learner is not None:        # the learner's seat plays its own choice instead
            is_own = to_play[idx] == game_id[idx] % nplay[idx]
            rest = is_own.copy()       # own decisions the learner's act_batch answers
            if search_teacher is not None:
                lab = np.zeros(len(idx), dtype=bool)
                for j in np.flatnonzero(is_own & (masks.sum(axis=1) > 1)):
                    i = idx[j]
                    keep_label = nlabels[i] < max_labels
                    if not (keep_label or plays):
                        continue
                    q = np.zeros(len(masks[j]), dtype=np.float64)
                    b, target, visits = search_label(search_teacher, vec.states[i:i + 1],
                                                     masks[j], q=q)
                    top = int(np.flatnonzero(b)[np.argmax(visits[b])])
                    if plays:              # the search's move is the label's: one search
                        act[i] = top
                        rest[j] = False
                    if keep_label:
                        best[j] = b
                        act_parts[-1][j] = top
                        targets[count + j] = target
                        root_values[count + j] = root_value(q, visits, masks[j])
                        qs[j] = (q, visits, top)
                        lab[j] = True
                        nlabels[i] += 1
                labelled.extend(lab.tolist())
            own = idx[rest]
            if len(own):
                lstates = vec.states[own] if learner.needs_state else None
                act[own] = learner.act_batch(vec.obs[own], vec.masks[own], lstates,
                                             to_play[own])
            for j, (q, visits, top) in qs.items():     # the learner's move is known now
                a = act[idx[j]]
                if visits[a] > 0:                      # a move never searched has no value
                    weights[count + j] = 1.0 + regret * max(0.0, q[top] - q[a])
            qs.clear()
        best_parts.append(best)
        for j, i in enumerate(idx):
            mine[i].append(count + j)
            last[i, to_play[i]] = count + j
        game_of.extend(game_id[idx].tolist())
        seat_of.extend(to_play[idx].tolist())
        forced.extend((masks.sum(axis=1) <= 1).tolist())
        paid.extend([0.0] * len(idx))
        count += len(idx)
        rewards, dones = vec.step(act)
        for i, s in zip(*np.nonzero(rewards[:, :nseat] * active[:, None])):
            if last[i, s] >= 0:   # paid before the seat's first decision: nobody to credit
                paid[last[i, s]] += float(rewards[i, s])
        for i in np.flatnonzero(dones & active):
            _returns(mine[i], seat_of, paid, gamma, returns)
            finished.append(int(game_id[i]))
            if progress is not None:
                progress.update(1)
            mine[i] = []
            last[i] = -1
            nlabels[i] = 0
            if started < episodes:
                game_id[i] = started
                started += 1
            else:
                game_id[i] = -1
    obs = sp.vstack(obs_parts, format="csr").astype(np.float32)
    games = np.asarray(game_of, dtype=np.int64)
    keep = ~np.asarray(forced, dtype=bool) & np.isin(games, finished)
    if search_teacher is not None:
        keep &= np.asarray(labelled, dtype=bool)
    keep = _cap_per_game(np.flatnonzero(keep), games, max_per_game,
                         np.random.default_rng(seed))
    ret = np.array([returns.get(k, 0.0) for k in range(count)], dtype=np.float32)
    target = np.zeros((len(keep), vec.spec.num_actions), dtype=np.float32)
    weight = np.ones(len(keep), dtype=np.float32)
    search_value = np.full(len(keep), np.nan, dtype=np.float32)
    for r, k in enumerate(keep):
        if k in targets:
            target[r] = targets[k]
        weight[r] = weights.get(k, 1.0)
        search_value[r] = root_values.get(k, np.nan)
    return Demonstrations(obs[keep], np.concatenate(mask_parts)[keep],
                          np.concatenate(act_parts)[keep].astype(np.int64), ret[keep],
                          np.asarray(game_of, dtype=np.int64)[keep],
                          np.concatenate(best_parts)[keep], len(finished),
                          time.process_time() - t0, target, weight, search_value)


def collect_parallel(game: str, episodes: int, workers: int = 1, seed: int = 0,
                     learner=None, teacher: str = "heuristic", prior=None, progress=None,
                     opponent: str = "heuristic", **kw) -> Demonstrations:
    """``collect`` with its games split over ``workers`` processes (one when ``workers`` is
    1 or there are fewer games than workers): what labelling by search costs is CPU, and
    every core can search. ``teacher`` is the spec string (``make_teacher``) each process
    builds its own search from (with ``prior``); ``learner`` is a picklable agent
    (``ActorAgent``) or ``"teacher"``: the search plays the learner's seat and its label is
    its move. ``opponent`` plays every other seat: ``"heuristic"`` (the demonstrator),
    ``"self"`` (the learner itself) or an agent spec each process builds (``"mcts:200"``).
    The games go out in ``PARTS_PER_WORKER`` parts a worker, part k played from
    ``seed + 1_000_003 * k``, so that ``progress`` (a ``Progress``) moves as parts end; game
    ids of the result are distinct across the parts; ``seconds`` sums their CPU time."""
    workers = max(1, min(int(workers), int(episodes)))
    if workers == 1:
        return _collect_part((game, episodes, seed, learner, teacher, prior, opponent, kw),
                             progress)
    parts = min(int(episodes), workers * PARTS_PER_WORKER)
    chunks = [episodes // parts + (k < episodes % parts) for k in range(parts)]
    jobs = [(game, n, seed + 1_000_003 * k, learner, teacher, prior, opponent, kw)
            for k, n in enumerate(chunks)]
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor

    from training.matches import adopt, registrations

    # spawn, not fork: a forked torch (or numba threading layer) can deadlock in the child;
    # the workers register what the caller registered at run time (a test's toy game)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                             initializer=adopt, initargs=(*registrations(), os.getpid())) as ex:
        futures = [ex.submit(_collect_part, job) for job in jobs]
        out = []
        for f, n in zip(futures, chunks):      # in order: the data set does not depend on timing
            out.append(f.result())
            if progress is not None:
                progress.update(n)
        return concat(out)


#: parts of a parallel collection per worker process: progress moves as each part ends
PARTS_PER_WORKER = 4


def _collect_part(job, progress=None) -> Demonstrations:
    game, episodes, seed, learner, teacher, prior, opponent, kw = job
    search = make_teacher(game, teacher, seed=seed, prior=prior)
    if isinstance(learner, str):
        if learner != "teacher" or search is None:
            raise ValueError(f"learner {learner!r}: only 'teacher' with a search teacher")
        learner = search
    return collect(game, episodes, seed=seed, learner=learner, search_teacher=search,
                   agent=_opponent(game, opponent, learner, seed), progress=progress, **kw)


def _opponent(game: str, spec: str, learner, seed: int):
    """The agent in the learner's rivals' seats (``collect_parallel``'s ``opponent``); None:
    the demonstrator (the game's heuristic)."""
    if spec == "heuristic":
        return None
    if spec == "self":
        if learner is None:
            raise ValueError("opponent 'self' plays the learner in every seat: give a learner")
        return learner
    import agents

    return agents.make(spec, game, seed=seed + 77)


def _cap_per_game(keep, games, cap, rng):
    per = np.bincount(games[keep]) if len(keep) else np.zeros(0, dtype=np.int64)
    if not len(per) or per.max() <= cap:
        return keep
    parts = []
    for g in np.flatnonzero(per):
        rows = keep[games[keep] == g]
        parts.append(np.sort(rng.choice(rows, cap, replace=False)) if len(rows) > cap else rows)
    return np.sort(np.concatenate(parts))


def _returns(decisions, seat_of, paid, gamma, out) -> None:
    """Discounted return of each decision of one finished game, from its seat's view."""
    running: dict[int, float] = {}
    for k in reversed(decisions):
        s = seat_of[k]
        g = paid[k] + gamma * running.get(s, 0.0)
        running[s] = g
        out[k] = g


def _tensors(demos: Demonstrations, rows, columns=None, rows_only: bool = False):
    """The batch ``rows`` as tensors; its observations carry their compressed rows (the
    sparse first layers read them as they are stored), the columns renumbered by
    ``columns`` for narrowed layers (training/live_rows.py), and with ``rows_only`` are
    those rows alone (no dense batch: training/sparse_input.py ``rows_only_batch``)."""
    import torch

    from training import sparse_input

    sub = demos.obs[rows]
    cols = sub.indices.astype(np.int32)
    # the scored head reads observation columns; only the first layers' copy is renumbered
    observed = (sub.indptr.astype(np.int64), cols, sub.data.astype(np.float32, copy=False))
    csr = observed if columns is None else (observed[0], columns[cols], observed[2])
    obs = (sparse_input.rows_only_batch(*sub.shape) if rows_only
           else torch.from_numpy(sub.toarray().astype(np.float32, copy=False)))
    sparse_input.carry_rows(obs, csr, observed)
    return (obs, torch.from_numpy(demos.actions[rows]), torch.from_numpy(demos.masks[rows]),
            torch.from_numpy(demos.returns[rows]), torch.from_numpy(demos.best[rows]),
            torch.from_numpy(demos.target[rows]))


def _forward(policy, obs, mask):
    """(values, masked log-probabilities [N, A]): one pass through the policy network, the
    same masked distribution ``evaluate_actions`` gives PPO."""
    features = policy.extract_features(obs)
    if policy.share_features_extractor:
        latent_pi, latent_vf = policy.mlp_extractor(features)
    else:
        latent_pi = policy.mlp_extractor.forward_actor(features[0])
        latent_vf = policy.mlp_extractor.forward_critic(features[1])
    dist = policy._get_action_dist_from_latent(latent_pi)
    dist.apply_masking(mask)
    return policy.value_net(latent_vf).flatten(), dist.distribution.logits


def _set_nll(logp, best):
    """-log P(the policy picks an action of the best set), per row."""
    import torch

    return -torch.logsumexp(logp.masked_fill(~best, float("-inf")), dim=1)


def _imitation_nll(logp, best, target):
    """Per row: the cross-entropy of the search's visit shares where the row has them
    (``target`` sums to 1), else ``_set_nll`` of the best set."""
    import torch

    soft = target.sum(dim=1) > 0
    ce = -torch.where(target > 0, target * logp, torch.zeros_like(logp)).sum(dim=1)
    return torch.where(soft, ce, _set_nll(logp, best))


def evaluate(policy, demos: Demonstrations, batch_size: int = 2048) -> dict:
    """Mean cross-entropy of the demonstrator's best set, value error, and how often the
    greedy masked policy picks an action the demonstrator rated best (``agreement``) or
    exactly the one it drew (``agreement_exact``), with chance for both."""
    import torch

    if not len(demos):
        return {"loss": float("nan"), "value_mse": float("nan"), "agreement": float("nan"),
                "agreement_exact": float("nan"), "chance": 0.0, "chance_exact": 0.0,
                "decisions": 0}
    policy.set_training_mode(False)
    ce = mse = agree = exact = 0.0
    with torch.no_grad():
        for a in range(0, len(demos), batch_size):
            rows = np.arange(a, min(a + batch_size, len(demos)))
            obs, act, mask, ret, best, target = _tensors(demos, rows)
            values, logp = _forward(policy, obs, mask)
            greedy = logp.argmax(dim=1)
            ce += float(_imitation_nll(logp, best, target).sum())
            mse += float(((values - ret) ** 2).sum())
            agree += float(best[torch.arange(len(rows)), greedy].sum())
            exact += float((greedy == act).sum())
    m = len(demos)
    return {"loss": ce / m, "value_mse": mse / m, "agreement": agree / m,
            "agreement_exact": exact / m, "chance": demos.chance_best(),
            "chance_exact": demos.chance(), "decisions": m}


def agreement_by(demos: Demonstrations, policy, key: np.ndarray) -> dict:
    """{key value: (decisions, agreement with the best set)} of the greedy policy, e.g. per
    pending decision kind (read from the game records by the caller)."""
    import torch

    out = {}
    with torch.no_grad():
        for k in np.unique(key):
            rows = np.flatnonzero(key == k)
            obs, _, mask, _, best, _ = _tensors(demos, rows)
            _, logp = _forward(policy, obs, mask)
            greedy = logp.argmax(dim=1)
            out[int(k)] = (len(rows), float(best[torch.arange(len(rows)), greedy].float()
                                            .mean()))
    return out


def clone(policy, demos: Demonstrations, epochs: int = 4, batch_size: int = 256,
          lr: float = 1e-3, value_coef: float = 0.5, seed: int = 0,
          value_from_search: float = 0.0) -> list[dict]:
    """Behaviour cloning (module docstring); returns the mean losses of each epoch. The
    critic learns ``demos.value_targets(value_from_search)``: the discounted returns, mixed
    with the search's root values where a search labelled the row."""
    import torch

    if epochs < 0:
        raise ValueError(f"imitation epochs={epochs}: give 0 or more")
    if not 0.0 <= value_from_search <= 1.0:
        raise ValueError(f"value_from_search={value_from_search}: give a weight in [0, 1]")
    value_target = torch.from_numpy(demos.value_targets(value_from_search))
    from training import live_rows, sparse_input
    from training.adam import adopt

    opt = adopt(torch.optim.Adam(policy.parameters(), lr=lr))
    rng = np.random.default_rng(seed)
    log = []
    # a policy reading observations through its sparse first layers alone steps only the
    # rows the demonstrations reach (training/live_rows.py) and needs no dense batches
    rows_only = sparse_input.reads_rows_only(policy)
    layers = sparse_input.first_layers(policy) if rows_only else []
    used = np.unique(demos.obs.indices) if layers else None
    policy.set_training_mode(True)
    with live_rows.narrowed(layers, opt, used) as columns:
        for epoch in range(epochs):
            order = rng.permutation(len(demos))
            tot_ce = tot_v = 0.0
            for a in range(0, len(order), batch_size):
                rows = np.sort(order[a:a + batch_size])
                obs, act, mask, _, best, target = _tensors(demos, rows, columns, rows_only)
                ret = value_target[rows]
                values, logp = _forward(policy, obs, mask)
                w = torch.from_numpy(demos.weights()[rows])   # weight k: as k copies of it
                ce = (w * _imitation_nll(logp, best, target)).sum() / w.sum()
                v = (w * (values - ret) ** 2).sum() / w.sum()
                loss = ce + value_coef * v
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                opt.step()
                tot_ce += float(ce.detach()) * len(rows)
                tot_v += float(v.detach()) * len(rows)
            log.append({"epoch": epoch + 1, "loss": tot_ce / max(1, len(demos)),
                        "value_mse": tot_v / max(1, len(demos))})
    policy.set_training_mode(False)
    return log


def concat(parts: list[Demonstrations]) -> Demonstrations:
    """One data set of several (game ids renumbered so that they stay distinct)."""
    import scipy.sparse as sp

    games, base = [], 0
    for p in parts:
        games.append(p.games + base)
        base += int(p.games.max()) + 1 if len(p) else 0
    return Demonstrations(sp.vstack([p.obs for p in parts], format="csr"),
                          np.concatenate([p.masks for p in parts]),
                          np.concatenate([p.actions for p in parts]),
                          np.concatenate([p.returns for p in parts]),
                          np.concatenate(games), np.concatenate([p.best for p in parts]),
                          sum(p.episodes for p in parts), sum(p.seconds for p in parts),
                          np.concatenate([p.target for p in parts]),
                          np.concatenate([p.weights() for p in parts]),
                          np.concatenate([p.search_values() for p in parts]))


def dagger(policy, game: str, data: Demonstrations, rounds: int, episodes: int,
           config: dict | None = None, seed: int = 0, epochs: int = 2, gamma: float = 0.99,
           lr: float = 1e-3, batch_size: int = 256, teacher: str = "heuristic",
           max_labels: int = 200, workers: int = 1,
           progress=None) -> tuple[Demonstrations, list[dict]]:
    """``rounds`` rounds of DAgger (module docstring) from the cloned ``policy``: each
    collects ``episodes`` games of the greedy policy against the heuristic, labelled by
    ``teacher`` (the heuristic, or a search: ``"mcts:N"``, see ``collect``), over
    ``workers`` processes (``collect_parallel``), and trains ``epochs`` more epochs on
    everything gathered."""
    from agents.policy import ActorAgent, PolicyAgent

    make_teacher(game, teacher, seed=seed)          # a bad spec fails before any game
    log = []
    for r in range(rounds):
        try:
            me = ActorAgent.of(policy, name="clone")
        except ValueError:                           # not an MLP: torch, in this process
            me, workers = PolicyAgent(policy, deterministic=True, name="clone"), 1
        new = collect_parallel(game, episodes, workers=workers, seed=seed + 55_555 + 1000 * r,
                               learner=me, teacher=teacher, config=config, gamma=gamma,
                               max_labels=max_labels, progress=progress)
        data = concat([data, new])
        ep = clone(policy, data, epochs=epochs, lr=lr, batch_size=batch_size, seed=seed + r)
        log.append({"round": r + 1, "episodes": new.episodes, "decisions": len(new),
                    "loss": ep[-1]["loss"], "collect_cpu_seconds": round(new.seconds, 3),
                    "worker_cpu_seconds": round(new.seconds, 3) if workers > 1 else 0.0,
                    "teacher": teacher})
    return data, log


#: DAgger rounds and games per round the warm start runs after cloning (``warm_start``)
DAGGER_ROUNDS = 3
DAGGER_SHARE = 0.5


def warm_start(policy, game: str, episodes: int, config: dict | None = None, seed: int = 0,
               epochs: int = 4, gamma: float = 0.99, held_out: float = 0.1,
               lr: float = 1e-3, batch_size: int = 256, dagger_rounds: int | None = None,
               dagger_share: float | None = None, teacher: str = "heuristic",
               workers: int = 1, progress=None) -> dict:
    """Collect, clone, correct with DAgger and report (what ``Trainer`` runs for
    ``imitate > 0``): ``dagger_rounds`` rounds of ``dagger_share * episodes`` games each
    (none for fewer than 5 games; None: ``DAGGER_ROUNDS`` and ``DAGGER_SHARE``). The
    held-out games are the heuristic's own. ``teacher`` labels the DAgger rounds (``dagger``).
    Games are played over ``workers`` processes (``collect_parallel``). ``progress`` is
    called as ``progress(total_games)`` for a ``Progress`` that counts every game played.
    """
    make_teacher(game, teacher)          # a bad spec fails before any game is played
    t0 = time.process_time()
    dagger_rounds = DAGGER_ROUNDS if dagger_rounds is None else dagger_rounds
    dagger_share = DAGGER_SHARE if dagger_share is None else dagger_share
    rounds = dagger_rounds if episodes >= 5 else 0
    per = max(1, int(round(episodes * dagger_share)))
    bar = progress(episodes + rounds * per) if progress is not None else None
    demos = collect_parallel(game, episodes, workers=workers, seed=seed + 77_777,
                             config=config, gamma=gamma, progress=bar)
    train, test = demos.split(held_out if episodes >= 5 else 0.0, seed=seed)
    before = evaluate(policy, test)
    log = clone(policy, train, epochs=epochs, lr=lr, batch_size=batch_size, seed=seed)
    cloned = evaluate(policy, test)
    data, dlog = dagger(policy, game, train, rounds, per, config=config, seed=seed,
                        epochs=max(1, epochs // 2), gamma=gamma, lr=lr,
                        batch_size=batch_size, teacher=teacher, workers=workers,
                        progress=bar)
    if bar is not None:
        bar.close()
    after = evaluate(policy, test)
    # CPU time of worker processes (this process's own is ``process_time``)
    worker_cpu = (demos.seconds if workers > 1 else 0.0) + sum(r["worker_cpu_seconds"]
                                                                for r in dlog)
    return {"episodes": demos.episodes, "decisions": len(train), "held_out": len(test),
            "epochs": log, "held_out_before": before, "held_out_cloned": cloned,
            "held_out_after": after, "dagger": dlog, "dagger_decisions": len(data) - len(train),
            "collect_cpu_seconds": round(demos.seconds, 3),
            "worker_cpu_seconds": round(worker_cpu, 3),
            "cpu_seconds": round(time.process_time() - t0 + worker_cpu, 3)}
