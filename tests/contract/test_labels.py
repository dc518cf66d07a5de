"""Action labels, checked on every registered game (issue 29.2; DESIGN "Actions" and "Errors
and bad input").

``GameSpec.action_label(rec, a)`` says in words what action ``a`` means in the pending
decision. Text rendering, replays and every ``IllegalActionError`` message use it, so it must
answer for any action at any decision random play reaches:

- every action 0..N-1, legal or not, gets a non-empty ``str`` (never an exception);
- the legal actions of one decision get pairwise distinct labels (a player choosing by label
  must be able to tell them apart, e.g. two copies of one card);
- actions outside 0..N-1 (-1, N, far beyond) are labelled as out of range, not as some
  in-range choice (a negative index must not wrap round a table);
- ``raw_env().step`` of an illegal or out-of-range action there raises IllegalActionError
  (whose message lists the legal labels) and leaves the env byte-identical.

A game joins by registration: the decisions come from one random game of every
``GameSpec.metadata["test_configs"]`` entry, played to its end. Labelling every action costs
a few ms a decision and a Seas of Havoc game runs to thousands of decisions, so the legal
actions are labelled (and compared) at every decision, but all N actions only at the first
``FULL`` decisions and then while the decision's kind (the pending decision and the seat) has
been swept fewer than ``PER_KIND`` times: every kind of decision the game reaches is swept,
the long tail of repeats is not.
"""

from __future__ import annotations

import numpy as np
import pytest

import envs
from envs.core.errors import IllegalActionError

GAMES = envs.names()
SEED = 3
#: decisions of one game before it is cut short (random games of these configs end before)
MAX_DECISIONS = 20000
#: every one of the first FULL decisions is checked, later ones up to PER_KIND of each kind
FULL = 150
PER_KIND = 12


def configs(game):
    return envs.spec(game).metadata.get("test_configs") or [{}]


def cases():
    return [pytest.param(g, i, id=f"{g}-{i}") for g in GAMES for i in range(len(configs(g)))]


def out_of_range(n):
    return (-1, -n, n, n + 1, 10 ** 6)


def decisions(game, config, seed):
    """(env, legal actions, sweep) at every decision of one random game (the env is live);
    ``sweep``: label all actions here (see the module docstring)."""
    e = envs.make_raw(game, **config)
    e.reset(seed=seed)
    field = _pending_field(e.game)
    rng = np.random.default_rng(seed)
    checked = {}
    for i in range(MAX_DECISIONS):
        rec = e.record[0]
        if rec["to_play"] < 0:
            return
        legal = e.legal_actions()
        kind = (int(rec[field]), int(rec["to_play"]))
        sweep = i < FULL or checked.get(kind, 0) < PER_KIND
        if sweep:
            checked[kind] = checked.get(kind, 0) + 1
        yield e, legal, sweep
        e.step(int(rng.choice(legal)))


def labels_problems(spec, rec, legal, sweep=True) -> list[str]:
    """What is wrong with the labels at this decision: of the legal actions, and with
    ``sweep`` of every action in and out of range."""
    n = spec.num_actions
    problems = []
    labels = {}
    for a in (range(n) if sweep else sorted(legal)):
        try:
            lab = spec.action_label(rec, a)
        except Exception as ex:  # noqa: BLE001 - any exception is the finding
            problems.append(f"action {a}{' (legal)' if a in legal else ''}: "
                            f"{type(ex).__name__}: {ex}")
            continue
        if not isinstance(lab, str) or not lab.strip():
            problems.append(f"action {a}: label {lab!r} is not a non-empty str")
        labels[a] = lab
    seen = {}
    for a in legal:
        if a in labels:
            seen.setdefault(labels[a], []).append(a)
    problems += [f"legal actions {acts} share the label {lab!r}"
                 for lab, acts in seen.items() if len(acts) > 1]
    for a in out_of_range(n) if sweep else ():
        try:
            lab = spec.action_label(rec, a)
        except Exception as ex:  # noqa: BLE001
            problems.append(f"out-of-range action {a}: {type(ex).__name__}: {ex}")
            continue
        if not isinstance(lab, str) or "out of range" not in lab:
            problems.append(f"out-of-range action {a} labelled {lab!r}")
    return problems


@pytest.mark.parametrize("game, ci", cases())
def test_every_action_has_a_label_at_every_decision(game, ci):
    """Random play of each config: every action of every decision reached is labelled, the
    legal ones distinctly, out-of-range ones as such."""
    spec = envs.spec(game)
    found = {}
    count = 0
    e = None
    for e, legal, sweep in decisions(game, configs(game)[ci], SEED):
        count += sweep
        rec = e.record[0]
        for p in labels_problems(spec, rec, set(legal), sweep):
            # one example per kind of problem and pending decision is enough to read
            found.setdefault((p.split(":")[0][:40], str(rec[_pending_field(spec)])), p)
    assert count > 0
    if e.record["to_play"][0] < 0:      # the game is over: labels still answer (replays)
        for p in labels_problems(spec, e.record[0], set()):
            found.setdefault((p.split(":")[0][:40], "game over"), p)
    assert not found, f"{len(found)} kinds of label problems, e.g.:\n" + \
        "\n".join(f"  decision {k[1]}: {v}" for k, v in list(found.items())[:20])


def _pending_field(spec) -> str:
    """The record field naming the pending decision."""
    for name in ("pending", "pk", "to_play"):
        if name in spec.state_dtype.names:
            return name
    return "to_play"


@pytest.mark.parametrize("game, ci", cases())
def test_illegal_and_out_of_range_steps_raise_and_change_nothing(game, ci):
    """[DESIGN: Errors and bad input] at every decision of a random game, stepping an illegal
    action (one at random) or an out-of-range one raises IllegalActionError naming the legal
    labels, never another error, and the env stays byte-identical."""
    spec = envs.spec(game)
    n = spec.num_actions
    rng = np.random.default_rng(ci)
    for e, legal, sweep in decisions(game, configs(game)[ci], SEED + 1):
        if not sweep:
            continue
        illegal = np.setdiff1d(np.arange(n), legal)
        tries = [int(rng.choice(illegal))] if illegal.size else []
        tries.append(int(rng.choice(out_of_range(n))))
        for a in tries:
            before = e.save()
            with pytest.raises(IllegalActionError) as err:
                e.step(a)
            assert err.value.legal_labels == \
                [f"{b}: {spec.action_label(e.record[0], b)}" for b in legal]
            assert e.save() == before, f"step({a}) refused but changed the env"


@pytest.mark.parametrize("game", GAMES)
def test_the_envs_action_label_names_a_value_that_is_not_an_action_never_another_action(game):
    """``raw_env().action_label`` labels what it is given: a float, a string or None is "not
    an integer" (1.7 is not action 1), never an exception or a truncated action."""
    e = envs.make_raw(game)
    e.reset(seed=3)
    for bad in (1.7, "x", None):
        assert "not an integer" in e.action_label(bad)
    assert e.action_label(np.int64(0)) == e.action_label(0)
