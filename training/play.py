"""A person plays any game in the terminal against agents, and steps through saved games.

``play_human``: the board is rendered from the human's seat after every move; on their turn
the human picks a number from the list of labelled legal actions. The game is returned as a
:class:`~training.records.GameRecord` (and saved if asked), so it can be replayed.

``replay_record``: prints each move of a record and the board after it; interactive mode
waits for Enter between moves.
"""

from __future__ import annotations

import numpy as np

import agents as agents_mod
from training.records import (GameRecord, agent_action, apply_action, legal_actions, new_game,
                              replay)


def _echo(out, text=""):
    out(text)


def choose(spec, state, mask, input_fn, out) -> int | None:
    """Ask the human for one of the legal actions; None if they quit."""
    legal = [int(a) for a in np.flatnonzero(mask)]
    for i, a in enumerate(legal, 1):
        _echo(out, f"  {i:>3}. {spec.action_label(state[0], a)}")
    while True:
        raw = input_fn(f"your move [1-{len(legal)}, q to quit]: ").strip().lower()
        if raw in ("q", "quit", "exit"):
            return None
        if raw.isdigit() and 1 <= int(raw) <= len(legal):
            return legal[int(raw) - 1]
        _echo(out, f"  '{raw}' is not a number from 1 to {len(legal)}")


def play_human(game: str, opponent: str = "heuristic", seat: int = 0, seed: int = 0,
               config: dict | None = None, input_fn=None, out=print,
               save=None) -> GameRecord | None:
    """Human in ``seat`` against ``opponent`` (an agent spec) in every other seat."""
    input_fn = input_fn or input
    config = dict(config or {})
    spec, state = new_game(game, seed, config)
    n = int(state["num_players"][0])
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not in 0..{n - 1}")
    bots = {p: agents_mod.make(opponent, game, seed=seed * 10 + p) for p in range(n) if p != seat}
    returns = np.zeros(state.dtype["reward"].shape[0])
    actions = []
    names = ["human" if p == seat else opponent for p in range(n)]
    # the record grows with every move, so a game left early is saved as far as it went
    rec = GameRecord(game=game, seed=seed, config=config, actions=actions, players=names,
                     returns=None, version=spec.version)
    _echo(out, f"{spec.title}: you are player_{seat}; opponents: {opponent}")
    _echo(out, spec.render_ansi(state[0], seat))
    try:
        while not (state["done"][0] or state["truncated"][0]):
            p = int(state["to_play"][0])
            mask = legal_actions(spec, state)
            if p == seat:
                a = choose(spec, state, mask, input_fn, out)
                if a is None:
                    _echo(out, "game abandoned")
                    _save(rec, save, out)
                    return None
            else:
                a = agent_action(spec, state, bots[p], p, mask)
            label = spec.action_label(state[0], a)
            apply_action(spec, state, a)
            returns += state["reward"][0]
            actions.append(a)
            _echo(out, f"player_{p}{' (you)' if p == seat else ''}: {label}")
            _echo(out, spec.render_ansi(state[0], seat))
    except (EOFError, KeyboardInterrupt):
        _save(rec, save, out)
        raise
    wm = int(state["winner_mask"][0])
    verdict = "won" if (wm >> seat) & 1 else ("drew" if wm == 0 else "lost")
    scores = "; ".join(f"player_{q}: " + ", ".join(f"{k} {v}" for k, v in d.items())
                       for q, d in enumerate(spec.infos(state[0])[:n]))
    _echo(out, f"game over: you {verdict} (returns "
               + ", ".join(f"{r:+g}" for r in returns[:n]) + f"). {scores}")
    rec.returns = [float(r) for r in returns[:n]]
    _save(rec, save, out)
    return rec


def _save(rec: GameRecord, path, out) -> None:
    """Save ``rec`` (finished or not) where ``--save`` asked, and say how to replay it."""
    if not path:
        return
    rec.save(path)
    state = "" if rec.returns is not None else f"the unfinished game ({len(rec.actions)} moves) "
    _echo(out, f"saved {state}to {path}; replay it: broadside replay {path}")


def replay_record(record: GameRecord, viewer=None, interactive: bool = False,
                  input_fn=None, out=print) -> np.ndarray:
    """Print every move of ``record`` and the board after it; return the final state."""
    input_fn = input_fn or input
    spec, state = new_game(record.game, record.seed, record.config)
    _echo(out, f"{spec.title}, seed {record.seed}, players {record.players}")
    _echo(out, spec.render_ansi(state[0], viewer))
    for i, _a, label, seat, st in replay(record):
        if interactive:
            if input_fn("[Enter] next move, q to stop: ").strip().lower() == "q":
                return st
        name = record.players[seat] if seat < len(record.players) else f"player_{seat}"
        _echo(out, f"{i + 1:>4}. player_{seat} ({name}): {label}")
        _echo(out, spec.render_ansi(st[0], viewer))
        state = st
    if record.returns is not None:
        _echo(out, f"returns {record.returns}")
    return state
