"""Seas of Havoc: the GameSpec and the PettingZoo entry points (this docstring is its docs page).

Seas of Havoc is a deck-building naval combat game: in the **Island Phase** crews send
skiffs to island slots for resources, upgrades, flags and Market cards; in the **Sea
Phase** they play their hands one card at a time to sail a wrapping 6x6 sea grid, ram and
fire broadsides and raking shots for Infamy, dealing Damage cards. The game ends after the
Sea Phase in which the Damage deck runs out; the most Infamy (scored + cards + upgrades)
wins. Every choice the rulebook gives a player is a decision: which resource pays an "any"
cost and whether booty pays instead of resources [Booty], which resource a scrapped card's
"any" cost returns, which ship a passed card applies to in the 2 Ship Variant. Rules:
``rules/seas_of_havoc_rulebook.txt``; every open reading is in
``envs/havoc/docs/rulings.md``. The card pool is our own design, not the published cards.

| | |
|---|---|
| import | ``envs.make("havoc", num_players=3)`` or ``envs.havoc_v1.env(num_players=3)`` |
| players | 1-5 (1 only against the Ghost Fleet); agents ``player_0`` ... |
| actions | ``Discrete(157)`` with a legal-action mask |
| observation | ``{"observation": Box(float32, (3474,)), "action_mask": Box(int8, (157,))}`` |
| hidden information | other crews' hands (and which of their cards are in hand or deck), every deck order, face-down shipwreck values and others' booty, the Market deck order, ghost hands |
| chance | deck shuffles, coordinate dice (features, wrecks, ships), the Market deck, shipwreck tokens, whirlpool direction, gust direction (unless configured), ghost cards and dice |

Observation
-----------
One float32 vector from the observing seat's point of view (``envs/havoc/observe.py``,
``LAYOUT``). Crews are listed observer first, then the other seats in turn order, then
ghost crews ("relative crews", 6 slots). Once the observer's first ship is on the grid and
setup is over, the wrapping grid is translated so that ship is on square (3, 3) and rotated
so it faces north; headings and the gust direction are relative to that frame. Counts are
divided by small constants so features stay near [0, 1]; card features (``CARD_FEAT_NAMES``:
kind, type, cost, infamy, maneuver summary, extension, fire timing, cannon options, effect,
flag) accompany each visible card's def one-hot.

| index | field | size | meaning |
|---|---|---|---|
| 0-4 | `phase` | 5 | one-hot: setup, island, purchase, sea, over |
| 5-5 | `round` | 1 | round / 20 |
| 6-7 | `damage` | 2 | damage deck left / 40, cards taken from the box / 10 |
| 8-9 | `piles` | 2 | market deck size / 64, face-down shipwreck stack / 9 |
| 10-13 | `gust` | 4 | gust direction one-hot in the observer's frame (N=ahead) |
| 14-17 | `variant` | 4 | one-hot: standard, two_ship, teams, ghost |
| 18-19 | `counts` | 2 | players / 5, crews / 6 |
| 20-23 | `misc` | 4 | extra turn (Swift), egocentric frame on, decisions / max_steps, Sea Phases without Damage / stall_limit (0 when off) |
| 24-46 | `pending` | 23 | pending decision kind one-hot (PK_*) |
| 47-47 | `pend_count` | 1 | choices left in the pending decision / 4 |
| 48-55 | `pend_ship` | 8 | ship concerned: relative crew one-hot, which of its ships (2) |
| 56-71 | `pend_slot` | 16 | pend_slot one-hot (market index / slot); not for a booty choice |
| 72-74 | `pend_res` | 3 | resource chosen in a trade |
| 75-106 | `pend_source` | 32 | what asked the decision: 0-15 slot/source id, 16+ for 100+ sources |
| 107-107 | `pend_booty` | 1 | value / 4 of the booty just salvaged, only for the crew choosing |
| 108-114 | `payment` | 7 | payment in progress: sail, cannon, coin, any units left / 4, booty value left / 4 (only for the crew paying), then the firing side next; 'any' resources of a scrapped card left / 4 |
| 115-178 | `card` | 64 | card being resolved: def one-hot |
| 179-264 | `card_feat` | 86 | card being resolved: features (CARD_FEAT_NAMES) |
| 265-275 | `card_stage` | 11 | resolution stage one-hot (ST_*) |
| 276-283 | `card_ship` | 8 | ship the card moves: relative crew, which ship |
| 284-301 | `card_path` | 18 | path being sailed: per step F/L/R one-hot |
| 302-308 | `card_state` | 7 | (step index + 1) / 7, collided, passed, shots left / 3, fire option one-hot |
| 309-336 | `flags` | 28 | per flag: owner one-hot over relative crews, then 'nobody' |
| 337-427 | `slots` | 91 | per island slot: skiff owner one-hot over relative crews, then 'free' |
| 428-1222 | `market` | 795 | per market place: card present, newly revealed, def one-hot, features, claim one-hot over relative crews then 'unclaimed' |
| 1223-1286 | `scrap` | 64 | scrap pile counts per def / 4 |
| 1287-1415 | `self` | 129 | observer: hand counts per def / 4, deck composition per def / 4 (order unknown), own booty value / 4 |
| 1416-2573 | `crews` | 1158 | per relative crew: present, ghost, self, friendly, first player, to act, sail/9 cannon/8 coin/10, infamy/60, skiffs/3, holds booty, hand/10, deck/30, discard/30; ship def one-hot; captain one-hot; 2 x (upgrade active, upgrade features); discard counts per def / 4; hand+deck counts per def / 4 |
| 2574-2602 | `ghost_fleet` | 29 | ghost deck / 72, fleet infamy / 60, purchased pile infamy / 20, purchased cards / 10, ghost discard counts per ghost card (and Damage) / 4 |
| 2603-3178 | `grid` | 576 | per square in the observer's frame (row-major): rock, whirlpool cw, whirlpool ccw, gust, wreck; ship's relative crew one-hot; ship heading one-hot (relative); second ship of its crew |
| 3179-3274 | `ship_rel` | 96 | per ship (relative crew x which ship): on the grid, rows ahead / 3, columns to starboard / 3 (nearest way round the wrapping grid), Manhattan distance / 6, heading one-hot in the observer's frame |
| 3275-3306 | `my_lines` | 32 | per own ship (2) and side (left, right): distance one-hot (1-5) of the first ship a shot would hit, it is a rival, it is friendly, the shot rakes |
| 3307-3450 | `threats` | 144 | per rival ship (relative crew x which ship) and side: distance one-hot (1-5) at which its shot would hit one of the observer's ships, the shot rakes |
| 3451-3468 | `fire_options` | 18 | card being resolved, per cannon option and side of the ship it moves: a shot in range hits a rival, hits a friendly ship, rakes |
| 3469-3473 | `affordable` | 5 | per market place: the observer can pay for the card (resources + its booty) |

Legal action mask
-----------------
``action_mask[a] == 1`` exactly for the actions the pending decision allows the seat to play
(``envs.havoc.rules.legal_mask``); all zero for the other seats and once the game is over.
With ``auto_forced=True`` a decision that has a single legal option is taken automatically
when its options follow from public state (``envs/havoc/forced.py``; a card to play from a
hand the others cannot see is still asked), and counts as a step like a chosen one.

Action space
------------
The pending decision (``pending`` in the observation) gives each range its meaning;
``env.unwrapped.action_label(a)`` says it in words.

| actions | range | used by |
|---|---|---|
| 0-63 | ``hand + card def`` | play a card; scrap from hand; discard after a collision |
| 64-127 | ``discard + card def`` | scrap from the discard pile (Deep Cove, Breaker's flag, repair) |
| 128-135 | ``option + k`` | heading N/E/S/W; gain/trade resource sail/cannon/coin; upgrade 0/1; buy; booty keep held/new; resolve/pass; ship 0/1; path 0/1; pivot left/right; cannon option k; side left/right; pay the extension; pay a cost unit with sail/cannon/coin; the resource a scrapped card's "any" cost returns |
| 136-148 | ``slot + k`` | place a skiff on island slot k (Bank ... Swift Flag) |
| 149-153 | ``market + i`` | claim market card i (also the pick after a restock) |
| 154 | ``restock`` | restock the Market, then claim a new card |
| 155 | ``stop`` | stop / decline / hold fire / no pivot / skip the extension |
| 156 | ``booty`` | pay a cost unit with booty (spends the token; its value pays on) |

Paying (``pending`` = pay): a cost is paid unit by unit - sails, cannonballs, coins, then
"any" units - and the seat is asked only for a unit with two or more possible sources (the
resource itself or booty; for "any", each resource held or booty), offering only sources
that leave the rest payable. Whatever is left of a spent booty pays later units and is lost
when the payment ends; during Card Purchases it carries over to the crew's next purchase
[Booty]. A scrapped card's "any" cost asks which resource it returns (``pending`` = scrap:
resource for 'any') when two or more resources have room.

Rewards
-------
Terminal: +1 to each winner, -1 to each loser, 0 to all on a draw or a truncation
(``max_steps`` decisions); with more than two sides they do not sum to zero. Ties break on
resources, then fewest Damage cards (per ship for teams and the Ghost Fleet); teams (and
co-op players against the Ghost Fleet) win or lose together [Final Scoring; Teams Variant;
Ghost Fleet]. ``shaped_reward=True`` adds 0.01 per Infamy point as it is
scored. ``infos[agent]`` holds ``infamy``, ``final_score`` (what the game would score now),
``phase`` and ``round``.

Variants and config
-------------------
``envs.make("havoc", **config)`` with (``envs/havoc/config.py``):
``num_players`` (3); ``variant`` = ``"standard"`` (2-5), ``"two_ship"`` (2 players, two ships
each), ``"teams"`` (3-5, ``teams=[team id per seat]``, default alternate seats) or
``"ghost"`` (1-3 players against ``num_ghosts`` = 2 or 3 ghost ships; ``coop=True`` puts
the players on one team, ``coop=False`` has each play for themselves with the fleet as an
added opponent); ``ships`` and ``captains`` (names or ids, distinct; default the
rulebook's recommended pairs); ``damage_deck`` (10 + 5 per ship); ``gust_dir`` (``"N" "E"
"S" "W"``, None = rolled); ``auto_forced`` (False); ``max_steps`` (20000);
``shaped_reward`` (False); ``stall_limit`` (0).

The game ends as the rulebook says, after the Sea Phase in which the Damage deck runs out.
A game in which no Damage can be dealt any more (ships boxed in, decks scrapped) then runs
until ``max_steps`` truncates it (reward 0 to all); ``stall_limit=N`` opts in to ending it,
scored as usual, after N Sea Phases in a row without a Damage card dealt. Soaks and
training use a ``max_steps`` of a few thousand decisions.

Version history
---------------
- v0: first release: all phases, the 2 Ship, Teams and Ghost Fleet variants.
- v1: the rulebook as written and every choice the player's. New decisions: paying a cost
  unit by unit (``pay``, the new ``booty`` action 156) and the resource a scrapped card's
  "any" cost returns; a passed card's ship in the 2 Ship Variant. "Each" fire follows the
  card's printed firing points; the Sea Phase reshuffles the discard pile when a draw needs
  it; the 8-quiet-Sea-Phases end became the opt-in ``stall_limit``; Ghost Fleet: restock
  only with cards to reveal, fire with the heading after a pivot, gust collisions, flag
  actions in the Sea Phase, ``coop=False``; whirlpools and gusts move only the ship the card
  applied to; Ghost Fleet tie-breakers per ship. Observation 3178 floats (``misc`` +1,
  ``payment`` 7, ``pending`` 22 kinds); then 3473 with the tactical block (relative
  ships, firing lines, threats, fire options, affordable Market cards); then 3474 with the
  ``pending`` kind PK_FLAG (taking or declining Lookout's and Swift's actions is the
  owner's decision [Flags: "You may then perform"]).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from envs.core.aec import make_env_fns
from envs.core.spec import GameSpec
from envs.havoc import batch, rules, scoring
from envs.havoc.config import make_config
from envs.havoc.heuristic import heuristic_best
from envs.havoc.hidden import determinize
from envs.havoc.labels import action_label
from envs.havoc.observe import OBS_SIZE, observe
from envs.havoc.prune import prune
from envs.havoc.render import PHASE_NAMES, render_ansi, render_regions, render_rgb
from envs.havoc.scenario import from_scenario, to_scenario
from envs.havoc.state import CONFIG, MAX_PLAYERS, MIN_PLAYERS, NUM_ACTIONS, STATE
from envs.havoc.validate import check_states
from envs.havoc.value import value



@njit(cache=True)
def _final_scores(states, out):
    """Final score of each seat as it stands [Final Scoring]. Takes a (1,) array: passing a
    record of this size from Python costs ~25 us, an array ~1 us."""
    s = states[0]
    for c in range(s.num_players):
        out[c] = scoring.final_score(s, c)


#: simulations of the 2-player search with a trained prior (GameSpec.prior_sims), within the
#: 10 ms a decision the trained agent may take: at the search's cut of 40 (below) 600 took
#: 9.1 ms a decision with the shipped network on an idle core, 700 about 11
#: (benchmarks/TRAINING.md, "The teacher's horizon")
PRIOR_SIMS = 600
#: the temperature that search reads its trained prior at (GameSpec.prior_temperature): the
#: shipped network's logits divided by 4 won 60.5% of 800 games against plain mcts:1200,
#: 56.1% as trained, paired by deal p = 0.043 (benchmarks/TRAINING.md, "A softer prior")
PRIOR_TEMPERATURE = 4.0
#: decisions a 2-player search playout makes before value.py scores the position
#: (GameSpec.search_cut; it grows with the seats, search_cut_grows): at 40 rather than the
#: shared 20, plain mcts:1000 won 82.8% [78.7, 86.1] of 400 games against the heuristic
#: against 72.2% on the same deals, and mcts:700 at 40 (5.2 ms a decision) 78.0%; doubled at
#: 4 players, 70.8% against 60.5% (benchmarks/RESULTS.md, "A longer horizon")
SEARCH_CUT = 40


def infos(rec) -> list:
    """Per seat: Infamy scored so far, the final score as it stands, phase and round."""
    phase = PHASE_NAMES.get(int(rec["phase"]), str(int(rec["phase"])))
    rnd = int(rec["round"])
    scores = np.zeros(MAX_PLAYERS, np.int64)
    _final_scores(np.frombuffer(rec, dtype=STATE), scores)
    infamy = rec["infamy"].tolist()
    return [{"infamy": infamy[c], "final_score": int(scores[c]), "phase": phase, "round": rnd}
            for c in range(int(rec["num_players"]))]


GAME = GameSpec(
    name="havoc", version=1, title="Seas of Havoc",
    state_dtype=STATE, config_dtype=CONFIG, num_actions=NUM_ACTIONS, obs_size=OBS_SIZE,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, make_config=make_config,
    init=rules.init, legal_mask=rules.legal_mask, apply=rules.apply, observe=observe,
    batch_reset=batch.batch_reset, batch_legal=batch.batch_legal,
    batch_observe=batch.batch_observe, batch_step=batch.batch_step,
    action_label=action_label, render_ansi=render_ansi, render_rgb=render_rgb,
    render_regions=render_regions, infos=infos,
    check_states=check_states, determinize=determinize, value=value,
    heuristic_best=heuristic_best, prune=prune, prior_sims=PRIOR_SIMS,
    prior_temperature=PRIOR_TEMPERATURE, search_cut=SEARCH_CUT, search_cut_grows=True,
    to_scenario=to_scenario, from_scenario=from_scenario,
    metadata={"test_configs": [  # every variant, for the game-agnostic tests and fuzzing
        {"num_players": 2}, {"num_players": 3}, {"num_players": 5},
        {"num_players": 2, "variant": "two_ship"}, {"num_players": 4, "variant": "teams"},
        {"num_players": 1, "variant": "ghost"},
        {"num_players": 3, "variant": "ghost", "num_ghosts": 3},
        {"num_players": 2, "auto_forced": True},
        {"num_players": 2, "variant": "ghost", "coop": False, "stall_limit": 4},
    ]},
    batch_playout=batch.batch_playout, batch_observe_seats=batch.batch_observe_seats,
    single_init=batch.single_init, single_apply=batch.single_apply,
    single_legal=batch.single_legal, single_observe=batch.single_observe,
)

env, raw_env = make_env_fns(GAME)

__all__ = ["GAME", "env", "raw_env", "make_config", "action_label", "infos"]
