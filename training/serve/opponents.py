"""The agents at a table: built from the specs a request names, and their turns played.

Specs are those ``broadside play``/``tournament`` take (random, heuristic, mcts:N,
pretrained, ppo:PATH ...; see :func:`agents.make`). A model path in a spec is looked up
inside the server's models folder only (``--models-dir``): a request never names a file
elsewhere. Each agent acts through :func:`training.records.agent_action`, the path
``broadside play`` uses, so it sees only its seat's observation and legal mask (a state
agent also gets a copy of the record and reads only what it documents, agents/base.py).
"""

from __future__ import annotations

import time
from pathlib import Path

from training.serve.errors import ServeError

PERSON = "human"


def _inside(root: Path, text: str) -> str:
    """The model file ``text`` names, resolved inside ``root``; refused when it leaves it."""
    root = root.resolve()
    path = (root / text).resolve()
    if root != path and root not in path.parents:
        raise ServeError(400, f"model path {text!r} is outside the server's models folder")
    if not path.is_file():
        raise ServeError(400, f"no model {text!r} in the server's models folder")
    return str(path)


def resolve_spec(spec: str, models_dir: Path) -> str:
    """``spec`` with any model path it names resolved inside ``models_dir``."""
    from agents import model_paths

    out = spec
    for text in model_paths(spec):
        if text:
            out = out.replace(text, _inside(models_dir, text), 1)
    return out


def build(spec: str, game: str, seed: int, models_dir: Path):
    """The agent ``spec`` names for ``game``; ServeError(400) saying why when it cannot be
    built (unknown kind, bad number, missing model, a model for another game)."""
    import agents

    if not isinstance(spec, str) or not spec.strip() or len(spec) > 200:
        raise ServeError(400, f"agent spec {spec!r}: expected a short text such as "
                              "'heuristic' or 'mcts:200'")
    try:
        return agents.make(resolve_spec(spec, models_dir), game, seed=seed)
    except ServeError:
        raise
    except Exception as e:     # any refusal of the spec (ValueError, model errors ...)
        raise ServeError(400, f"agent {spec!r} cannot play {game}: "
                              f"{str(e).splitlines()[0] if str(e) else type(e).__name__}"
                         ) from None


def play_agent_turns(table, delay: float = 0.0) -> None:
    """Play every agent turn now due at ``table``, one move at a time (each is logged and
    bumps the table's version, so a page polling the state shows them one by one). Runs in
    a worker thread; the search runs outside the table's lock on a copy of the record."""
    from training.records import agent_action

    try:
        while True:
            job = table.agent_job()
            if job is None:
                return
            seat, agent, state, version = job
            action = agent_action(table.spec, state, agent, seat)
            if delay:
                time.sleep(delay)
            table.agent_moved(seat, action, version)
    except Exception as e:     # an agent that fails stops its turns; the page says why
        table.agent_failed(f"{type(e).__name__}: {e}")
    finally:
        table.runner_done()
