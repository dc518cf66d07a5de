"""A person who plays random legal moves through the HTTP API of ``broadside serve``."""

from __future__ import annotations

import random
import time

#: each game's options for a short complete game (max_steps ends a long one by truncation)
SMALL = {"havoc": {"max_steps": 400}, "seventh_sea": {"max_steps": 400},
         "five_sails": {"max_steps": 400}, "cursed_seas": {"max_steps": 300}}


def opponent(game: str) -> str:
    """The game's heuristic agent; random for a game without one (the test suite's toy)."""
    import agents

    try:
        agents.make("heuristic", game, seed=0)
    except (KeyError, ValueError):
        return "random"
    return "heuristic"


def new_table(client, game, players, seed=5, config=None) -> tuple[str, dict]:
    """(table id, {seat: API base of that seat})."""
    r = client.post("/api/tables", json={"game": game, "players": players, "seed": seed,
                                         "config": dict(SMALL.get(game, {}), **(config or {}))})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["table"], {s["seat"]: f"/api/tables/{body['table']}/seats/{s['token']}"
                           for s in body["seats"]}


def play_to_end(client, bases: dict, seed=0, on_state=None) -> dict:
    """Every person's seat plays random legal moves until the game is over; the final state
    of the first seat. ``on_state(seat, state)`` sees every state fetched."""
    rng = random.Random(seed)
    while True:
        states = {p: client.get(b).json() for p, b in bases.items()}
        for p, s in states.items():
            if on_state:
                on_state(p, s)
        first = states[min(states)]
        if first["over"]:
            return first
        mover = [p for p, s in states.items() if s["your_turn"]]
        assert len(mover) == 1, states
        s = states[mover[0]]
        ids = [a["id"] for g in s["groups"] for a in g["actions"]]
        r = client.post(bases[mover[0]] + "/action",
                        json={"action": rng.choice(ids), "version": s["version"]})
        assert r.status_code == 200, r.text


def replay_when_written(client, url, timeout=120.0):
    """The replay at ``url`` once the server's background writer has written it (each 503
    answer must say when to ask again)."""
    end = time.monotonic() + timeout
    while True:
        r = client.get(url)
        if r.status_code != 503 or time.monotonic() > end:
            return r
        assert int(r.headers["retry-after"]) > 0
        time.sleep(0.1)
