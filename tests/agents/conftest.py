"""Agent tests run on the toy game; its heuristic and determinisation come from here."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from toy_agents import ensure_toy  # noqa: E402

ensure_toy()


def _one_thread_each():
    """Tests run two at a time (pytest -n 2) on two cores: a second numba or torch thread per
    process only fights the other test for a core, and a contended parallel launch can cost
    milliseconds per kernel call."""
    import numba
    import torch

    numba.set_num_threads(1)
    torch.set_num_threads(1)


_one_thread_each()


@pytest.fixture
def searches(monkeypatch):
    """Every call of ``envs.core.search.search`` from here on, as the keywords it was given
    and its ``sims``; the real search still runs."""
    from envs.core import search

    calls = []
    real = search.search

    def spy(spec, root, sims, **kw):
        calls.append({"sims": sims, **kw})
        return real(spec, root, sims, **kw)

    monkeypatch.setattr(search, "search", spy)
    return calls
