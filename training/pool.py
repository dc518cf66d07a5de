"""The opponent pool of self-play: who plays the seats the learner does not.

Four kinds of opponent, each with a sampling weight (config):

* ``self``      the policy being trained, sampled stochastically, live weights
* ``snapshot``  frozen copies of past policies promoted into the pool (weight shared
                equally among them; the newest ``max_snapshots`` are kept)
* ``heuristic`` the game's hand-written agent (skipped for a game without one)
* ``random``    uniform legal play

Kinds with no member yet (no snapshot promoted, no heuristic) drop out and the others'
weights are renormalised. Each seat of each episode draws its opponent independently.

Prioritised fictitious self-play (``pfsp`` > 0, AlphaStar's PFSP): the snapshot share is
split among the active snapshots in proportion to ``(1 - p) ** pfsp``, ``p`` the learner's
score against that snapshot (win 1, draw 1/2, with one win and one loss of prior), so the
learner meets most the past selves it still loses to. ``pfsp = 0`` splits it equally.
The learner's scores against every member are kept (``record``), checkpointed with the pool.
"""

from __future__ import annotations

import numpy as np

from agents.base import Agent
from agents.policy import PolicyAgent
from agents.random_agent import RandomAgent

DEFAULT_WEIGHTS = {"self": 0.5, "snapshot": 0.3, "heuristic": 0.1, "random": 0.1}


def parse_weights(text: str | dict | None) -> dict[str, float]:
    """``"self=0.5,snapshot=0.3,random=0.2"`` -> dict; kinds not named get weight 0."""
    if text is None:
        return dict(DEFAULT_WEIGHTS)
    if isinstance(text, dict):
        items = text.items()
    else:
        items = []
        for part in text.split(","):
            if not part.strip():
                continue
            k, sep, v = part.partition("=")
            if not sep:
                raise ValueError(f"opponent weight {part!r}: expected kind=weight")
            items.append((k.strip(), float(v)))
    out = {k: 0.0 for k in DEFAULT_WEIGHTS}
    for k, v in items:
        if k not in out:
            raise ValueError(f"unknown opponent kind {k!r}; kinds: {', '.join(out)}")
        if v < 0:
            raise ValueError(f"opponent weight {k}={v} is negative")
        out[k] = float(v)
    if sum(out.values()) <= 0:
        raise ValueError("opponent weights sum to zero")
    return out


class OpponentPool:
    """Agents the self-play environment draws opponents from (see module docstring).

    ``members`` only grows (ids stay valid for games already in flight); a snapshot pushed
    out by ``max_snapshots`` stays a member with sampling weight 0.
    """

    def __init__(self, game: str, weights=None, seed: int = 0, max_snapshots: int = 8,
                 pfsp: float = 0.0):
        if not pfsp >= 0:
            raise ValueError(f"pfsp={pfsp}: give an exponent >= 0 (0 = uniform snapshots)")
        self.game = game
        self.pfsp = float(pfsp)
        #: the learner's summed score (win 1, draw 1/2) and games against each member id
        self.score: dict[int, float] = {}
        self.games: dict[int, int] = {}
        self.weights = parse_weights(weights)
        self.rng = np.random.default_rng(seed)
        self.max_snapshots = max_snapshots
        self.current = PolicyAgent(None, deterministic=False, name="self",
                                   seed=int(self.rng.integers(2**31)))
        self.random = RandomAgent(seed + 1)
        self.heuristic: Agent | None = None
        if self.weights["heuristic"] > 0:
            from agents import heuristic

            try:
                self.heuristic = heuristic.make(game, seed=seed + 2)
            except KeyError:
                self.heuristic = None
        self.members: list[Agent] = [self.current, self.random]
        self.kinds: list[str] = ["self", "random"]
        if self.heuristic is not None:
            self.members.append(self.heuristic)
            self.kinds.append("heuristic")
        self.snapshots: list[PolicyAgent] = []

    # -- membership ---------------------------------------------------------------------
    def set_current(self, policy) -> None:
        """The live policy being trained (its weights move as training goes on)."""
        self.current.policy = policy

    def add_snapshot(self, policy, name: str) -> PolicyAgent:
        """Freeze a copy of ``policy`` into the pool; the oldest beyond the cap stops playing."""
        snap = PolicyAgent.frozen(policy, name=name, deterministic=False,
                                  seed=int(self.rng.integers(2**31)))
        self.members.append(snap)
        self.kinds.append("snapshot")
        self.snapshots.append(snap)
        return snap

    def active_snapshots(self) -> list[PolicyAgent]:
        return self.snapshots[-self.max_snapshots:] if self.max_snapshots > 0 else []

    def agents(self) -> list[Agent]:
        """Every member, index = opponent id."""
        return self.members

    def probabilities(self) -> np.ndarray:
        """Sampling probability of each member."""
        active = {id(s) for s in self.active_snapshots()}
        p = np.zeros(len(self.members))
        for i, (kind, agent) in enumerate(zip(self.kinds, self.members)):
            if kind == "self":
                p[i] = self.weights["self"] if self.current.policy is not None else 0.0
            elif kind == "snapshot":
                p[i] = self._snapshot_priority(i) if id(agent) in active else 0.0
            else:
                p[i] = self.weights[kind]
        snaps = [i for i, k in enumerate(self.kinds) if k == "snapshot"]
        total = p[snaps].sum() if snaps else 0.0
        if total > 0:
            p[snaps] *= self.weights["snapshot"] / total
        if p.sum() <= 0:
            raise ValueError(f"no opponent with a positive weight is in the pool "
                             f"(weights {self.weights}, {len(active)} snapshots)")
        return p / p.sum()

    def learner_score(self, member: int) -> float:
        """The learner's mean score against ``member``, with one win and one loss of prior."""
        return (self.score.get(member, 0.0) + 1.0) / (self.games.get(member, 0) + 2.0)

    def _snapshot_priority(self, member: int) -> float:
        if self.pfsp == 0:
            return 1.0
        # a floor keeps a beaten snapshot in the mix (it may be forgotten again)
        return max(1e-3, (1.0 - self.learner_score(member)) ** self.pfsp)

    def record(self, members, score: float) -> None:
        """The learner scored ``score`` (1 win, 1/2 draw, 0 loss) against each of ``members``."""
        for m in members:
            m = int(m)
            self.score[m] = self.score.get(m, 0.0) + float(score)
            self.games[m] = self.games.get(m, 0) + 1

    def sample(self, n: int) -> np.ndarray:
        """``n`` opponent ids drawn by weight."""
        p = self.probabilities()
        return self.rng.choice(len(p), size=n, p=p)

    # -- checkpointing ------------------------------------------------------------------
    def state_dict(self) -> dict:
        return {
            "weights": self.weights,
            "rng": self.rng.bit_generator.state,
            "pfsp": self.pfsp, "score": dict(self.score), "games": dict(self.games),
            "snapshots": [(s.name, s.policy.state_dict()) for s in self.snapshots],
        }

    def load_state_dict(self, d: dict, policy_template) -> None:
        """Restore snapshots (built on copies of ``policy_template``) and the sampler."""
        self.weights = dict(d["weights"])
        self.rng.bit_generator.state = d["rng"]
        self.pfsp = float(d.get("pfsp", self.pfsp))
        self.score = {int(k): float(v) for k, v in d.get("score", {}).items()}
        self.games = {int(k): int(v) for k, v in d.get("games", {}).items()}
        keep = [k != "snapshot" for k in self.kinds]
        self.members = [m for m, k in zip(self.members, keep) if k]
        self.kinds = [k for k in self.kinds if k != "snapshot"]
        self.snapshots = []
        for name, sd in d["snapshots"]:
            snap = PolicyAgent.frozen(policy_template, name=name, deterministic=False)
            snap.policy.load_state_dict(sd)
            self.members.append(snap)
            self.kinds.append("snapshot")
            self.snapshots.append(snap)
