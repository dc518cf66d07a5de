"""Each seat sees only what it may (issue 34): two people at one table, seat 1's responses
checked against the game's own seat views."""

from __future__ import annotations

import copy
import io
import threading

import numpy as np
import pytest

import envs
from training.serve.views import state_for
from training.serve.visibility import HIDDEN

from tests.serve.helpers import new_table, play_to_end

GAMES = [g for g in envs.names() if envs.spec(g).determinize is not None]


def world_for(table, seat: int, key: int):
    """The table with every zone ``seat`` cannot see re-dealt (the game's determinize)."""
    other = copy.copy(table)
    other.state = table.state.copy()
    other.spec.determinize(other.state[0], seat, np.uint64(key))
    other.state["rng"] = table.state["rng"]
    other.lock, other.pictures = threading.RLock(), {}
    return other


def without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


@pytest.mark.parametrize("game", GAMES)
def test_seat_1_state_is_the_same_in_every_world_it_cannot_tell_apart(app, client, game):
    """Seat 1's state (legal labels, infos, decision, result) does not change when seat 0's
    hidden cards are re-dealt, and its picture is render_rgb(record, viewer=1)."""
    from PIL import Image

    tid, bases = new_table(client, game, ["human", "human"], seed=11,
                           config={"max_steps": 120})
    table = app.state.store.tables[tid]
    seen = {"checks": 0}

    def check(seat, s):
        if seat != 1 or s["version"] % 7:
            return
        for key in (1, 2):
            assert without_log(state_for(world_for(table, 1, key), 1)) == without_log(
                state_for(table, 1)), f"seat 1's view at version {s['version']}"
        if s["version"] % 28 == 0:
            png = client.get(s["picture"]).content
            got = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
            assert np.array_equal(got, table.spec.render_rgb(table.state[0], 1))
        seen["checks"] += 1

    play_to_end(client, bases, seed=3, on_state=check)
    assert seen["checks"] >= 1


SECRET = {"seventh_sea": "starting crew:", "five_sails": "plan "}


@pytest.mark.parametrize("game", sorted(SECRET))
def test_secret_choices_of_seat_0_stay_out_of_seat_1_log(app, client, game):
    """A secret starting crew (7th Sea CCG) or plan (City of Five Sails) picked by seat 0 is
    in seat 0's own log and reaches seat 1 only as a hidden choice."""
    tid, bases = new_table(client, game, ["human", "human"], seed=2)
    logs = {}

    def keep(seat, s):
        logs[seat] = s["log"]

    play_to_end(client, bases, seed=1, on_state=keep)
    mine = [e for e in logs[0] if e["seat"] == 0 and e["label"].startswith(SECRET[game])]
    assert mine, "seat 0 made no secret choice"
    theirs = {e["n"]: e["label"] for e in logs[1]}
    assert all(theirs[e["n"]] == HIDDEN for e in mine)
    assert not any(SECRET[game] in e["label"] for e in logs[1] if e["seat"] == 0)
    # seat 1 still reads seat 0's public moves
    assert any(e["seat"] == 0 and e["label"] != HIDDEN for e in logs[1])
