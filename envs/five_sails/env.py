"""7th Sea: City of Five Sails: the GameSpec and the PettingZoo entry points (docs page).

Players lead factions competing for the City of Five Sails over at most five Days: each Day
they secretly plan a scheme and a character, muster, then take turns in High Drama moving
characters between City locations, recruiting Mercenaries, equipping attachments, claiming
locations by Influence and challenging each other to duels fought with threat pools and
combat cards; Plunder scores Renown and checks Dominance, Economic and Fifth-Day victory.
Reactions ("when" and "after") are answered in windows that ask the players a trigger
concerns, one at a time (a decision: a Reaction or pass), opened on public information.
Rules: ``rules/city_of_five_sails_rulebook.txt``; every open reading is in
``envs/five_sails/docs/rulings.md``; what is implemented or missing is in
``docs/rules_table.md``. The card pool is our own design, not the published cards.

| | |
|---|---|
| import | ``envs.make("five_sails", num_players=3)`` or ``envs.five_sails_v1.env()`` |
| players | 2-4; agents ``player_0`` ... |
| actions | ``Discrete(NUM_ACTIONS)`` with a legal-action mask (ranges in ``state.ACTION_RANGES``) |
| observation | ``{"observation": Box(float32, (OBS_SIZE,)), "action_mask": ...}``, layout ``observe.LAYOUT`` |
| face up (card by card) | crews, attachments, schemes, City cards, every discard pile and The Locker, the City discard and City Locker, the dueling lines, gambled and revealed cards, a card announced or a risk whose challenge is dueled (``observe.LAYOUT``: ``piles``, ``city_piles``, ``dueling_lines``, ``duel_risk``) |
| hidden information | other hands, deck orders, the City Deck order, others' Approach Decks, face-down planning choices until the reveal |
| chance | Faction Deck and City Deck shuffles, the First Player Token on a tie with no holder, the order of sunk cards |

Rewards: terminal, +1 to each winner, -1 to each loser (a player whose Leader was destroyed
included); on a fifth-Day Draw 0 to the players still tied after every tie-breaker and -1 to
the others [Ties]; 0 to all on a truncation (with more than two players they do not sum to
zero). ``infos[agent]``: renown, day, phase.
Config: ``num_players`` (2), ``decks`` (deck names in ``decks/`` or dicts; default castille,
eisen, montaigne, ussura), ``auto_forced`` (0), ``max_steps`` (0 = 6000).

Version history: v0, the first engine (observation 9355 floats); v1 (issue 32.22: the face-up
zones card by card, discard piles, The Locker, the City piles, the dueling lines and a risk
whose challenge is dueled, 9355 -> 11065 floats; issue 32.18: the record holds that risk,
``d_risk``; snapshots and models of v0 do not load).
"""

from __future__ import annotations

from envs.core.aec import make_env_fns
from envs.core.spec import GameSpec

from . import batch, rules
from .config import make_config
from .heuristic import heuristic_best
from .hidden import determinize
from .labels import action_label
from .observe import ACTION_SLOTS, OBS_SIZE, observe
from .prune import prune
from .render import render_ansi, render_regions, render_rgb
from .scenario import from_scenario, to_scenario
from .state import CONFIG, MAX_PLAYERS, MIN_PLAYERS, NUM_ACTIONS, PHASE_NAMES, STATE
from .validate import check_states
from .value import value


def infos(rec) -> list:
    return [{"renown": int(rec["renown"][p]), "day": int(rec["day"]),
             "phase": PHASE_NAMES[int(rec["phase"])], "out": bool(rec["out"][p])}
            for p in range(int(rec["num_players"]))]


GAME = GameSpec(
    name="five_sails", version=1, title="7th Sea: City of Five Sails",
    state_dtype=STATE, config_dtype=CONFIG, num_actions=NUM_ACTIONS, obs_size=OBS_SIZE,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, make_config=make_config,
    init=rules.init, legal_mask=rules.legal_mask, apply=rules.apply, observe=observe,
    batch_reset=batch.batch_reset, batch_legal=batch.batch_legal,
    batch_observe=batch.batch_observe, batch_step=batch.batch_step,
    action_label=action_label, render_ansi=render_ansi, render_rgb=render_rgb,
    render_regions=render_regions, infos=infos,
    check_states=check_states, determinize=determinize, value=value,
    heuristic_best=heuristic_best, prune=prune,
    to_scenario=to_scenario, from_scenario=from_scenario,
    metadata={"obs_bounds": (-1.0, 2.0),
              "test_configs": [{"num_players": 2}, {"num_players": 3}, {"num_players": 4}]},
    batch_playout=batch.batch_playout, batch_observe_seats=batch.batch_observe_seats,
    single_init=batch.single_init, single_apply=batch.single_apply,
    single_legal=batch.single_legal, single_observe=batch.single_observe,
    action_slots=ACTION_SLOTS,
)

env, raw_env = make_env_fns(GAME)
