"""Agent tests run on the toy game; its heuristic and determinisation come from here."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from toy_agents import ensure_toy  # noqa: E402

ensure_toy()
