"""The replay link is ready when a person follows it (issue 34: "the page links to its HTML
replay"): the server writes each seat's replay in the background as soon as the game ends,
and a request before it is written is answered at once (503, Retry-After), never held."""

from __future__ import annotations

import time

import pytest

from tests.serve.helpers import new_table


@pytest.fixture
def app(tmp_path):
    """The app as ``broadside serve`` makes it: replays written in the background."""
    from training.serve.app import create_app

    return create_app(games_dir=tmp_path / "games", models_dir=tmp_path / "models")


def finish(client, game="seventh_sea"):
    """A table left at once by its person (an abandoned game is over and saved)."""
    tid, bases = new_table(client, game, ["human", "random"], seed=1,
                           config={"max_steps": 40})
    return tid, bases[0], client.post(bases[0] + "/leave").json()


def test_the_replay_is_written_when_the_game_ends_without_any_request(app, client):
    tid, _, left = finish(client)
    path = app.state.store.games_dir / f"{tid}-seat0.html"
    end = time.monotonic() + 120
    while not path.exists() and time.monotonic() < end:
        time.sleep(0.1)
    assert path.exists(), "no replay was written before anyone asked for it"
    page = client.get(left["replay"])
    assert page.status_code == 200 and "<canvas" in page.text


def test_a_replay_not_written_yet_is_answered_at_once_with_when_to_retry(app, client):
    app.state.store.replays.close()         # the writer stops: the replay stays unwritten
    app.state.store.replays.thread.join(5)
    tid, _, left = finish(client)
    t0 = time.monotonic()
    r = client.get(left["replay"])
    assert time.monotonic() - t0 < 2.0
    assert r.status_code == 503 and int(r.headers["retry-after"]) > 0
    assert "being written" in r.json()["error"]
    assert not (app.state.store.games_dir / f"{tid}-seat0.html").exists()

