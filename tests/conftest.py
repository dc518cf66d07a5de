"""Shared test setup: the repo on sys.path, the toy game registered, hypothesis settings, the
longest tests first.

The toy game (``tests/core/toy_game``) exercises the game-agnostic core; registering it here
makes ``envs.make("toy")`` and ``envs.toy_v0`` work in every test.
"""

import os
import sys

import pytest
from hypothesis import HealthCheck, settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import envs  # noqa: E402  (after sys.path: the registry sets up the numba cache folder)

envs.register("toy", "tests.core.toy_game.env")

# Kernels compile on first use (seconds) and load from cache later: wall-clock deadlines
# would make property tests flaky, so none are used.
settings.register_profile(
    "broadside", deadline=None, max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "broadside"))


@pytest.fixture(scope="session")
def toy_spec():
    return envs.spec("toy")


def pytest_collection_modifyitems(items):
    """Run the tests marked ``slow`` (a minute or more each) first: pytest-xdist hands tests
    out in collection order, so a long test collected late would run alone at the end while
    the other worker idles (longest-first keeps the two workers' finishing times close)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
