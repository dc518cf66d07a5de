"""Fixtures of the browser-app tests (issue 34): an app on a temporary games folder and a
TestClient on it (no sockets)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")


@pytest.fixture
def app(tmp_path):
    from training.serve.app import create_app

    # replays are written when asked for here (tests/serve/test_replays.py checks the
    # background writer), so no thread draws pictures while later tests run
    return create_app(games_dir=tmp_path / "games", models_dir=tmp_path / "models",
                      replays_in_background=False)


@pytest.fixture
def client(app):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # starlette's note on httpx versions
        from starlette.testclient import TestClient
    with TestClient(app) as c:
        yield c
