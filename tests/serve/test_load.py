"""The server under load on loopback (issue 34): 20 simultaneous tables driven through the
HTTP API by 20 threads against a real uvicorn server, to the end, with 0 errors; every saved
record replays to the final state the server reached. And ``broadside serve`` itself starts,
listens on loopback and prints its address."""

from __future__ import annotations

import os
import random
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from training.records import GameRecord, final_state

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["havoc", "seventh_sea", "five_sails", "cursed_seas"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    """(base url, app) of a uvicorn server in a thread on a free loopback port."""
    import uvicorn

    from training.serve.app import create_app

    app = create_app(games_dir=tmp_path / "games", replays_in_background=False)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    assert srv.started
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    th.join(timeout=10)


def drive(base: str, game: str, k: int, out: dict) -> None:
    """One person plays table ``k`` to the end against a random agent; the final state (or
    the error) goes in ``out[k]``."""
    import httpx

    rng = random.Random(k)
    try:
        with httpx.Client(base_url=base, timeout=60) as c:
            r = c.post("/api/tables", json={"game": game, "players": ["human", "random"],
                                            "seed": 100 + k,
                                            "config": {"max_steps": 50}})
            r.raise_for_status()
            body = r.json()
            seat = f"/api/tables/{body['table']}/seats/{body['seats'][0]['token']}"
            while True:
                s = c.get(seat).json()
                if s["over"]:
                    break
                if not s["your_turn"]:       # the agent is still moving: poll
                    time.sleep(0.01)
                    continue
                ids = [a["id"] for g in s["groups"] for a in g["actions"]]
                r = c.post(seat + "/action", json={"action": rng.choice(ids),
                                                   "version": s["version"]})
                r.raise_for_status()
            out[k] = (body["table"], s)
    except Exception as e:                   # reported by the test, with the table number
        out[k] = e


def test_twenty_tables_at_once_to_the_end_with_no_error(server):
    base, app = server
    out: dict = {}
    threads = [threading.Thread(target=drive, args=(base, GAMES[k % 4], k, out))
               for k in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    errors = {k: v for k, v in out.items() if isinstance(v, Exception)}
    assert len(out) == 20 and not errors, errors
    store = app.state.store
    for k, (tid, end) in out.items():
        table = store.tables[tid]
        rec = GameRecord.load(table.record_path())
        assert rec.game == GAMES[k % 4] and len(rec.actions) == len(end["log"])
        assert final_state(rec).tobytes() == table.state.tobytes()
        assert end["result"]["returns"] == rec.returns


def test_the_serve_command_listens_on_loopback_and_prints_its_address(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "training.cli", "serve", "--port", str(port),
                             "--games-dir", str(tmp_path / "games")], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        import httpx

        for _ in range(100):
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
                break
            except httpx.ConnectError:
                time.sleep(0.1)
        assert page.status_code == 200 and "<html" in page.text.lower()
        games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).json()
        assert {"havoc", "seventh_sea", "five_sails", "cursed_seas"} <= {
            g["name"] for g in games["games"]}
    finally:
        proc.terminate()
        proc.wait(timeout=20)
