"""Training tests run on the toy game (fast) and on Seas of Havoc where the issue asks."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "agents"))

from toy_agents import ensure_toy  # noqa: E402

ensure_toy()
