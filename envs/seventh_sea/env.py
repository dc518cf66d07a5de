"""7th Sea CCG: the GameSpec and the PettingZoo entry points (docs: docs/rules_table.md).

The 7th Sea collectible card game (1999): captains of rival ships crew up, adventure across
five Seas and sink each other with cannon attacks and boardings. Rules: the revised
rulesheet (``edition="revised"``, default) or the original rulebook (``"original"``); every
difference is a config switch (docs/rulings.md, docs/rules_table.md). The card pool and the
six starter decks are our own design, not the published cards.

| | |
|---|---|
| import | ``envs.make("seventh_sea", num_players=2)`` or ``envs.seventh_sea_v4.env()`` |
| players | 2-4; agents ``player_0`` ... |
| actions | ``Discrete(NUM_ACTIONS)`` with a legal-action mask (``state.ACTION_RANGES``) |
| observation | ``{"observation": Box(float32, (OBS_SIZE,)), "action_mask": ...}``, layout ``observe.LAYOUT`` (v1: 35,313 floats, 33 hand slots) |
| hidden information | other hands, every deck, discard and sunk pile contents, others' starting Crew until revealed |
| chance | deck shuffles, turn-order cuts, random discards |

Rewards: +1 to the winner, -1 to every other seat (with three or four seats they do not sum
to zero); 0 to all on a truncation (``max_steps``, default 6000 decisions). Config:
``num_players`` (2), ``edition`` ("revised"), ``decks`` (starter names or deck tables, one
per seat; default the starters in order), ``auto_forced`` (False), ``max_steps`` (0 = 6000).
"""

from __future__ import annotations

from envs.core.aec import make_env_fns
from envs.core.spec import GameSpec
from envs.seventh_sea import batch, rules
from envs.seventh_sea.config import make_config
from envs.seventh_sea.heuristic import heuristic_best
from envs.seventh_sea.hidden import determinize
from envs.seventh_sea.labels import action_label
from envs.seventh_sea.observe import ACTION_SLOTS, OBS_SIZE, observe
from envs.seventh_sea.prune import prune
from envs.seventh_sea.render import render_ansi, render_regions, render_rgb
from envs.seventh_sea.scenario import from_scenario, to_scenario
from envs.seventh_sea.state import (
    CONFIG, MAX_PLAYERS, MIN_PLAYERS, NUM_ACTIONS, PH_START, PHASE_NAMES, STATE,
)
from envs.seventh_sea.validate import check_states
from envs.seventh_sea.value import value


#: decisions a search playout makes before value.py scores the position (GameSpec.search_cut,
#: at every player count): at 40 rather than the shared 20, plain mcts:1000 won 97.0% [94.8,
#: 98.3] of 400 games against the heuristic at 2 players against 90.0% on the same deals, and
#: mcts:500:40 94.2% at less CPU a decision than mcts:1000; at 4 players 58.0% either way
#: (benchmarks/RESULTS.md, "A longer horizon")
SEARCH_CUT = 40


def infos(rec) -> list:
    """Per seat: sailing or sunk, turn, phase, crew face up aboard, cards in hand. Public
    facts only: ``env.infos`` is one dict every seat's code can read, so during set-up, when
    the starting Crew are chosen in secret [Game Set-Up: "revealing them simultaneously"],
    a seat's crew count is its Captain alone, as every seat sees it."""
    phase = PHASE_NAMES[int(rec["phase"])]
    secret = int(rec["phase"]) == PH_START
    return [{"sailing": bool(rec["alive"][p]), "turn": int(rec["turn"]), "phase": phase,
             "crew": 1 if secret else int(rec["crew_n"][p]), "hand": int(rec["hand_n"][p])}
            for p in range(int(rec["num_players"]))]


GAME = GameSpec(
    name="seventh_sea", version=4, title="7th Sea CCG",
    state_dtype=STATE, config_dtype=CONFIG, num_actions=NUM_ACTIONS, obs_size=OBS_SIZE,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, make_config=make_config,
    init=rules.init, legal_mask=rules.legal_mask, apply=rules.apply, observe=observe,
    batch_reset=batch.batch_reset, batch_legal=batch.batch_legal,
    batch_observe=batch.batch_observe, batch_step=batch.batch_step,
    action_label=action_label, render_ansi=render_ansi, render_rgb=render_rgb,
    render_regions=render_regions, infos=infos,
    check_states=check_states, determinize=determinize, value=value,
    heuristic_best=heuristic_best, prune=prune, search_cut=SEARCH_CUT,
    action_slots=ACTION_SLOTS,
    to_scenario=to_scenario, from_scenario=from_scenario,
    metadata={"obs_bounds": (-1.0, 2.0), "test_configs": [
        {"num_players": 2}, {"num_players": 3}, {"num_players": 4},
        {"num_players": 2, "edition": "original"}, {"num_players": 3, "edition": "original"},
        {"num_players": 4, "edition": "original", "auto_forced": True},
        {"num_players": 2, "auto_forced": True},
    ]},
    batch_playout=batch.batch_playout, batch_observe_seats=batch.batch_observe_seats,
    single_init=batch.single_init, single_apply=batch.single_apply,
    single_legal=batch.single_legal, single_observe=batch.single_observe,
)

env, raw_env = make_env_fns(GAME)

__all__ = ["GAME", "env", "raw_env", "make_config", "action_label", "infos"]
