"""Bad input is answered, never obeyed (issue 34): each bad request gets its 4xx status and a
JSON message, and the table is unchanged (version, record and log as before)."""

from __future__ import annotations

import json

import pytest

from tests.serve.helpers import new_table, replay_when_written


def snapshot(app, tid):
    t = app.state.store.tables[tid]
    return t.version, t.state.tobytes(), list(t.actions), len(t.log)


@pytest.fixture
def table(app, client):
    """A 2-player Seas of Havoc table with two people (no agent moves in between)."""
    tid, bases = new_table(client, "havoc", ["human", "human"])
    return tid, bases


def _legal_and_illegal(client, base):
    s = client.get(base).json()
    legal = [a["id"] for g in s["groups"] for a in g["actions"]]
    illegal = next(a for a in range(1000) if a not in legal)
    return s, legal, illegal


CASES = {
    # name: (status, how to send it: f(client, tid, bases, s, legal, illegal) -> response)
    "malformed JSON": (400, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", content=b"{action: 1", headers={"content-type": "application/json"})),
    "not an object": (400, lambda c, t, b, s, lg, il: c.post(b[0] + "/action", json=[1, 2])),
    "not UTF-8": (400, lambda c, t, b, s, lg, il: c.post(b[0] + "/action", content=b"\xff\xfe")),
    "action a string": (400, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": str(lg[0]), "version": s["version"]})),
    "action a bool": (400, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": True, "version": s["version"]})),
    "action a float": (400, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": float(lg[0]), "version": s["version"]})),
    "version missing": (400, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": lg[0]})),
    "illegal action": (422, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": il, "version": s["version"]})),
    "action out of range": (422, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": -1, "version": s["version"]})),
    "huge action": (422, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": 10**30, "version": s["version"]})),
    "stale version": (409, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": lg[0], "version": s["version"] - 1})),
    "future version": (409, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", json={"action": lg[0], "version": s["version"] + 1})),
    "not your turn": (409, lambda c, t, b, s, lg, il: c.post(
        b[1] + "/action", json={"action": lg[0], "version": s["version"]})),
    "oversized body": (413, lambda c, t, b, s, lg, il: c.post(
        b[0] + "/action", content=json.dumps({"action": lg[0], "version": s["version"],
                                              "pad": "x" * 20_000}))),
    "unknown table": (404, lambda c, t, b, s, lg, il: c.post(
        b[0].replace(t, "nosuchtable0") + "/action", json={"action": lg[0],
                                                          "version": s["version"]})),
    "unknown seat": (404, lambda c, t, b, s, lg, il: c.post(
        f"/api/tables/{t}/seats/guessed-token/action",
        json={"action": lg[0], "version": s["version"]})),
    "path in the seat": (404, lambda c, t, b, s, lg, il: c.get(
        f"/api/tables/{t}/seats/..%2F..%2Fetc%2Fpasswd/replay.html")),
    "replay before the end": (409, lambda c, t, b, s, lg, il: c.get(b[0] + "/replay.html")),
    "unknown route": (404, lambda c, t, b, s, lg, il: c.get("/api/nothing")),
    "wrong method": (405, lambda c, t, b, s, lg, il: c.get(b[0] + "/action")),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_request_is_refused_and_changes_nothing(app, client, table, case):
    status, send = CASES[case]
    tid, bases = table
    s, legal, illegal = _legal_and_illegal(client, bases[0])
    assert s["your_turn"]
    before = snapshot(app, tid)
    r = send(client, tid, bases, s, legal, illegal)
    assert r.status_code == status, r.text
    assert isinstance(r.json()["error"], str) and r.json()["error"]
    assert snapshot(app, tid) == before
    # and the table still plays: the legal move is taken
    ok = client.post(bases[0] + "/action", json={"action": legal[0], "version": s["version"]})
    assert ok.status_code == 200 and ok.json()["version"] == s["version"] + 1


BAD_TABLES = {
    "unknown game": (404, {"game": "chess", "players": ["human", "random"]}),
    "game not a string": (404, {"game": ["havoc"], "players": ["human", "random"]}),
    "unknown agent": (400, {"game": "havoc", "players": ["human", "alphazero"]}),
    "agent spec a number": (400, {"game": "havoc", "players": ["human", 3]}),
    "bad mcts budget": (400, {"game": "havoc", "players": ["human", "mcts:lots"]}),
    "model outside the models folder": (
        400, {"game": "havoc", "players": ["human", "ppo:../../../etc/passwd"]}),
    "missing model": (400, {"game": "havoc", "players": ["human", "ppo:none.zip"]}),
    "no person": (400, {"game": "havoc", "players": ["random", "random"]}),
    "players missing": (400, {"game": "havoc"}),
    "too many players": (400, {"game": "havoc", "players": ["human"] + ["random"] * 9}),
    "player count disagrees": (400, {"game": "havoc", "players": ["human", "random"],
                                     "config": {"num_players": 3}}),
    "unknown option": (400, {"game": "havoc", "players": ["human", "random"],
                             "config": {"colour": "red"}}),
    "bad variant": (400, {"game": "havoc", "players": ["human", "random"],
                          "config": {"variant": "chaos"}}),
    "config not an object": (400, {"game": "havoc", "players": ["human", "random"],
                                   "config": "num_players=2"}),
    "negative seed": (400, {"game": "havoc", "players": ["human", "random"], "seed": -1}),
}


@pytest.mark.parametrize("case", list(BAD_TABLES))
def test_bad_table_is_refused_and_opens_nothing(app, client, case):
    status, body = BAD_TABLES[case]
    r = client.post("/api/tables", json=body)
    assert r.status_code == status, r.text
    assert r.json()["error"]
    assert app.state.store.tables == {}
    assert not list(app.state.store.games_dir.glob("*"))


def test_the_table_cap_and_the_idle_timeout(tmp_path):
    """At most max_tables open (429 past it, nothing opened); a table idle past the timeout
    is saved as far as it went and freed, which makes room again."""
    import warnings

    from training.records import GameRecord
    from training.serve.app import create_app

    app = create_app(games_dir=tmp_path, max_tables=2, idle_timeout=60.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with TestClient(app) as client:
        store = app.state.store
        first, bases = new_table(client, "havoc", ["human", "human"])
        s = client.get(bases[0]).json()
        a = s["groups"][0]["actions"][0]["id"]
        client.post(bases[0] + "/action", json={"action": a, "version": 0})
        new_table(client, "havoc", ["human", "random"])
        r = client.post("/api/tables", json={"game": "havoc", "players": ["human", "random"]})
        assert r.status_code == 429 and "2 tables" in r.json()["error"]
        assert len(store.tables) == 2
        store.tables[first].touched -= 61.0           # idle past the timeout
        new_table(client, "havoc", ["human", "random"])
        assert first not in store.tables and len(store.tables) == 2
        rec = GameRecord.load(tmp_path / f"{first}.json")
        assert rec.actions == [a] and rec.returns is None     # abandoned, saved as it went
        assert client.get(bases[0]).status_code == 404
    # stopping the server saves the unfinished games it still held
    assert store.tables == {} and len(list(tmp_path.glob("*.json"))) == 3


def test_saved_files_are_named_by_the_server_only(app, client):
    """The only files written are <table id>.json and <table id>-seat<k>.html in the games
    folder, whatever the request text."""
    body = {"game": "seventh_sea", "players": ["human", "random"], "seed": 1,
            "config": {"max_steps": 40}}
    r = client.post("/api/tables", json=body)
    tid = r.json()["table"]
    base = f"/api/tables/{tid}/seats/{r.json()['seats'][0]['token']}"
    left = client.post(base + "/leave").json()
    assert left["over"] and left["result"]["you"] == "left"
    page = replay_when_written(client, left["replay"])
    assert page.status_code == 200 and "<canvas" in page.text
    files = sorted(p.name for p in app.state.store.games_dir.iterdir())
    assert files == [f"{tid}-seat0.html", f"{tid}.json"]
    assert client.post(base + "/action", json={"action": 0, "version": left["version"]}
                       ).status_code == 409


def test_an_idle_table_is_freed_without_any_request(tmp_path):
    """The server's periodic sweep saves and frees an idle table though no request comes."""
    import time
    import warnings

    from training.serve.app import create_app

    app = create_app(games_dir=tmp_path, idle_timeout=0.3)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    with TestClient(app) as client:
        tid, _ = new_table(client, "havoc", ["human", "random"])
        for _ in range(50):
            if not app.state.store.tables:
                break
            time.sleep(0.1)
        assert app.state.store.tables == {}
        assert (tmp_path / f"{tid}.json").exists()
