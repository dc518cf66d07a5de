"""Agent tests run on the toy game; its heuristic and determinisation come from here."""

import os
import sys

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
