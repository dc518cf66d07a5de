"""Expert iteration after the imitation warm start: the policy learns from a search that
starts from its own preferences.

Each round (Anthony, Tian & Barber 2017, "Thinking Fast and Slow"; AlphaZero's policy
target): the greedy policy plays ``games`` games against the game's heuristic (or another
``opponent``: itself, or any agent such as a plain search), one seat rotating game by game;
for up to ``max_labels`` of its decisions a game (those with more than one legal action) a
PUCT search (envs/core/search.py) with the policy itself as the prior and ``sims``
simulations labels the position with its root visit shares (with ``gumbel`` = m > 0 a
Gumbel root over m actions labels it with its own policy target, softmax of logit +
sigma(completed q): training/imitation.py ``search_label``); the policy then trains on
those soft targets (training/imitation.py ``clone``) over the labels of the last ``window``
rounds. A search that starts from the policy's choices and looks ahead plays
better than the policy alone, so the policy moves towards it, and the next round's search
starts from a better prior. The expert's labels stay consistent with the student (it is the
student, improved), which is why this works where labels of a plain UCT search mixed into the
heuristic's data did not (benchmarks/TRAINING.md, "Expert iteration").

The games run in ``workers`` processes (``collect_parallel``); a round's policy crosses to
them as its exported numpy actor, so only an MLP policy can be the student and the prior.
"""

from __future__ import annotations

import time
from contextlib import contextmanager

from training.imitation import Demonstrations, clone, collect_parallel, concat, evaluate


@contextmanager
def _threads(n: int):
    """torch intra-op threads raised to ``n`` for the block."""
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(max(before, int(n)))
    try:
        yield
    finally:
        torch.set_num_threads(before)


def teacher_spec(sims: int, gumbel: int = 0, cut: int | None = None,
                 playouts: str = "game", fpu: str = "game") -> str:
    """The search that labels an expert round, as an agent spec: its playouts cut where the
    game's search cuts them, or after ``cut`` decisions at every player count; drawn by the
    game's playout policy, or uniformly (``playouts`` "uniform"); with first-play urgency
    where the game uses it, or ``fpu`` "on" or "off" at every count (the agent spec's
    ``playouts=`` and ``fpu=``, agents/__init__.py). A teacher may search otherwise than the
    agent its network will guide: benchmarks/TRAINING.md, "A teacher that searches as the
    shipped one did"."""
    return (f"mcts:{int(sims)}" + ("" if cut is None else f":{int(cut)}")
            + (f":gumbel={int(gumbel)}" if gumbel else "")
            + ("" if playouts == "game" else f":playouts={playouts}")
            + ("" if fpu == "game" else f":fpu={fpu}"))


def checked_opponent(game: str, spec: str) -> str:
    """``spec`` if it names who a round's student may meet in ``game``: ``"heuristic"``,
    ``"self"`` or an agent ``agents.make`` builds; ValueError naming it otherwise (before any
    game is played, not in a worker process mid-round)."""
    if spec in ("heuristic", "self"):
        return spec
    import agents

    try:
        agents.make(spec, game)
    except (ValueError, OSError) as e:
        raise ValueError(f"opponent {spec!r}: 'heuristic', 'self' or an agent ({e})") from None
    return spec


def expert_round(policy, game: str, games: int, sims: int, seed: int,
                 config: dict | None = None, workers: int = 1, gamma: float = 0.99,
                 max_labels: int = 200, regret: float = 0.0, gumbel: int = 0,
                 progress=None, cut: int | None = None,
                 temperature: float = 1.0, opponent: str = "heuristic",
                 playouts: str = "game", fpu: str = "game") -> Demonstrations:
    """One round's labels: ``games`` games of the greedy ``policy`` against ``opponent`` (the
    heuristic; ``"self"``: the policy in every seat; or an agent spec: ``collect_parallel``),
    its decisions labelled by ``mcts:sims`` (``mcts:sims:gumbel=m`` with ``gumbel``, playouts
    cut after ``cut`` decisions where it is given, drawn and urged as ``playouts`` and
    ``fpu`` say: ``teacher_spec``) with the policy as prior,
    its logits divided by ``temperature`` (``agents.mcts.soften``; each label weighted by the
    policy's regret there when ``regret`` > 0: training/imitation.py ``collect``)."""
    from agents.mcts import soften
    from agents.policy import ActorAgent

    me = ActorAgent.of(policy, name="student")
    prior = soften((me.params, me.layout), temperature)
    return collect_parallel(game, games, workers=workers, seed=seed, learner=me,
                            teacher=teacher_spec(sims, gumbel, cut, playouts, fpu), prior=prior,
                            config=config, gamma=gamma, max_labels=max_labels,
                            regret=regret, progress=progress, opponent=opponent)


def expert_iteration(policy, game: str, rounds: int, games: int, sims: int,
                     config: dict | None = None, seed: int = 0, epochs: int = 2,
                     lr: float = 1e-3, batch_size: int = 256, window: int = 4,
                     workers: int = 1, gamma: float = 0.99, max_labels: int = 200,
                     after_round=None, start: int = 0,
                     recent: list[Demonstrations] | None = None,
                     regret: float = 0.0, gumbel: int = 0, progress=None,
                     value_from_search: float = 0.0, cut: int | None = None,
                     temperature: float = 1.0, opponent: str = "heuristic",
                     playouts: str = "game", fpu: str = "game") -> list[dict]:
    """Rounds ``start + 1`` to ``rounds`` (module docstring); ``after_round(log_entry,
    labels)`` is called after each with the round's labels (the trainer evaluates and
    checkpoints there). A run resumed after round ``start`` passes the labels of its last
    rounds as ``recent`` and continues as if it had not stopped: each round's games and
    training are seeded by its number. ``progress`` (a ``Progress``) counts every game
    played. The critic learns the returns mixed with the search's root values by
    ``value_from_search`` (training/imitation.py ``clone``). The teacher's playouts stop where
    the game's search stops them, or after ``cut`` decisions, drawn and urged as
    ``playouts`` and ``fpu`` say (``teacher_spec``); it reads the policy as its
    prior at ``temperature``; its games are against ``opponent`` (``expert_round``). Returns
    one log entry per round run."""
    from envs.core.mlp import checked_temperature

    try:
        checked_temperature(temperature)
        checked_opponent(game, opponent)
    except ValueError as e:
        raise ValueError(f"expert iteration: {e}") from None
    if (rounds < 0 or games < 1 or sims < 1 or window < 1 or not 0 <= start <= rounds
            or (cut is not None and cut < 0)):
        raise ValueError(f"expert iteration: rounds={rounds} (>= 0), games={games}, "
                         f"sims={sims}, window={window} (each >= 1), start={start} "
                         f"(0 to rounds), cut={cut} (None or >= 0)")
    recent = list(recent or [])[-window:]
    log = []
    for r in range(start, rounds):
        t0, c0 = time.perf_counter(), time.process_time()
        new = expert_round(policy, game, games, sims, seed=seed + 33_333 + 1000 * r,
                           config=config, workers=workers, gamma=gamma, max_labels=max_labels,
                           regret=regret, gumbel=gumbel, progress=progress, cut=cut,
                           temperature=temperature, opponent=opponent,
                           playouts=playouts, fpu=fpu)
        before = evaluate(policy, new)      # how often the student already plays the label
        recent = (recent + [new])[-window:]
        with _threads(workers):      # the worker processes are idle while the policy learns
            ep = clone(policy, concat(recent), epochs=epochs, lr=lr, batch_size=batch_size,
                       seed=seed + r, value_from_search=value_from_search)
        entry = {"round": r + 1, "games": new.episodes, "labels": len(new),
                 "agreement_before": before["agreement"], "loss": ep[-1]["loss"],
                 "collect_cpu_seconds": round(new.seconds, 3),
                 "worker_cpu_seconds": round(new.seconds, 3) if workers > 1 else 0.0,
                 "cpu_seconds": round(time.process_time() - c0
                                      + (new.seconds if workers > 1 else 0.0), 3),
                 "wall_seconds": round(time.perf_counter() - t0, 3)}
        log.append(entry)
        if after_round is not None:
            after_round(entry, new)
    return log
