"""Blind Twenty-One (toy): the GameSpec and the PettingZoo entry points.

| import | ``envs.toy_v0`` once registered (tests/conftest.py does) |
|---|---|
| players | 2-4 |
| actions | Discrete(4): add 1, add 2, add 3, play secret card |
| observation | float32 (22,) in [0, 1] (layout in state.py) |
| hidden information | each seat's secret card, the deck order |
| chance | the shuffled deck |

Rewards: +1 winner(s), -1 loser(s), 0 on truncation. Config: ``num_players`` (2),
``target`` (21, 5..60), ``max_steps`` (0 = 64), ``auto_forced`` (no effect: never forced).
"""

import numpy as np

from envs.core.aec import make_env_fns
from envs.core.config import common_options, integer
from envs.core.errors import ConfigError
from envs.core.spec import GameSpec

from . import batch, rules
from .hidden import determinize
from .observe import observe
from .validate import check_states
from .state import (A_ADD, A_SECRET, CONFIG, DEFAULT_TARGET, MAX_PLAYERS, MIN_PLAYERS,
                    NUM_ACTIONS, OBS_SIZE, STATE)

_DEFAULTS = {"num_players": 2, "target": DEFAULT_TARGET, "max_steps": 0, "auto_forced": 1}


def make_config(**kwargs) -> np.ndarray:
    unknown = sorted(set(kwargs) - set(_DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown config option(s) {unknown}; known: {sorted(_DEFAULTS)}")
    c = {**_DEFAULTS, **kwargs}
    c.update(common_options(c, CONFIG, players=(MIN_PLAYERS, MAX_PLAYERS), default_players=2,
                            players_rule=f"toy needs {MIN_PLAYERS}-{MAX_PLAYERS} players "
                                         "(rules: Setup)"))
    c["target"] = integer("target", c["target"], 5, 60)
    cfg = np.zeros(1, CONFIG)
    for k, v in c.items():
        cfg[k] = v
    return cfg


def action_label(s, a) -> str:
    if A_ADD <= a < A_SECRET:
        return f"add {a - A_ADD + 1}"
    if a == A_SECRET:
        return "play secret card"
    return f"action {a}"


def infos(s) -> list:
    total = int(s["total"])
    return [{"total": total, "cards_played": int(s["played"][p])}
            for p in range(int(s["num_players"]))]


def render_ansi(s, viewer) -> str:
    n = int(s["num_players"])
    seats = []
    for p in range(n):
        card = int(s["card"][p])
        shown = str(card) if viewer == p else ("?" if card else "-")
        mark = ">" if int(s["to_play"]) == p else " "
        seats.append(f"{mark}player_{p}: card {shown}, played {int(s['played'][p])}")
    head = f"total {int(s['total'])}/{int(s['cfg']['target'])}, deck {int(s['deck_n'])}"
    return "\n".join([head] + seats)


def render_rgb(s, viewer) -> np.ndarray:
    """A bar: the total (white) against the target (grey), one row per seat's played count."""
    target = int(s["cfg"]["target"])
    img = np.zeros((8 + 4 * MAX_PLAYERS, 4 * 64, 3), np.uint8)
    img[:8, : 4 * target] = 80
    img[:8, : 4 * min(int(s["total"]), 64)] = 255
    for p in range(int(s["num_players"])):
        img[8 + 4 * p: 11 + 4 * p, : 16 * int(s["played"][p])] = (200, 60, 60)
    return img


GAME = GameSpec(
    name="toy", version=0, title="Blind Twenty-One (test game)",
    state_dtype=STATE, config_dtype=CONFIG, num_actions=NUM_ACTIONS, obs_size=OBS_SIZE,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, make_config=make_config,
    init=rules.init, legal_mask=rules.legal_mask, apply=rules.apply, observe=observe,
    batch_reset=batch.batch_reset, batch_legal=batch.batch_legal,
    batch_observe=batch.batch_observe, batch_step=batch.batch_step,
    action_label=action_label, render_ansi=render_ansi, render_rgb=render_rgb, infos=infos,
    check_states=check_states, determinize=determinize,
    metadata={"obs_bounds": (0.0, 1.0),
              "test_configs": [{"num_players": 2}, {"num_players": 3}, {"num_players": 4}]},
    batch_playout=batch.batch_playout, batch_observe_seats=batch.batch_observe_seats,
    single_init=batch.single_init, single_apply=batch.single_apply,
    single_legal=batch.single_legal, single_observe=batch.single_observe,
)

env, raw_env = make_env_fns(GAME)
