"""Pirates of the Cursed Seas: the GameSpec and the PettingZoo entry points (docs page).

Fleets of sailing ships race for treasure on a continuous table: positions and headings are
real numbers, distances are measured in S (1) and L (2). Players place islands, choose home
islands, then in turn give each ship one action - move, explore, shoot or repair (two with a
Captain or Helmsman) - to carry face-down treasure home. Rules:
``rules/pirates_cursed_seas_rules.txt``; every reading of the rules is in
``envs/cursed_seas/docs/rulings.md``; the pieces are our own design (``pieces.toml``).

| | |
|---|---|
| import | ``envs.make("cursed_seas", num_players=2)`` or ``envs.cursed_seas_v3.env()`` |
| players | 2-4 |
| actions | ``Discrete(584)`` with a legal-action mask (layout in state.py) |
| observation | ``float32`` vector, observer first (layout in state.py / observe.py) |
| hidden information | face-down coin values not yet looked at, face-down crew and equipment not looked at (never named by an action: ruling Face-down pieces in actions) |
| chance | turn-order rolls, island pieces, treasure shuffle, cannon, boarding, reef and terrain dice, mysterious-island d6 |

Actions: ``0-63`` option k of the pending decision (grid point for an island or a reef,
island, deploy option ``slot * 5 + t``: bow at one of 12 points round the home island,
heading -60/-30/0/+30/+60 degrees off its centre; target ship, cannon, mast, coin, crew;
``0`` after a won boarding: take nothing);
``64-87`` give fleet slot j action a (``64 + 4j + a``: move, explore, shoot, repair);
``88-471`` a movement segment (``88 + (kind * 24 + fan) * 8 + frac``: kind S/L, heading
change ``(fan - 11) * 15`` degrees, -165..+180 round the full circle, distance
``(frac + 1) / 8`` of the segment); ``472`` yes (board / eliminate a crew); ``473`` no /
stop / stop shooting / end turn / take a treasure; ``474-475`` give own fort j a shoot
action; ``476-499`` move crew/equipment c at a dock (c: a piece the player knows; one she
does not know, face down on an island, by a stand-in index - ``stand_in.py`` - and she looks
at it when she picks it up; then option k: aboard ship k, or 24: ashore); ``500-505``
scuttle fleet slot j's derelict; ``506-511`` give fleet slot j an explore action at sea
(then option k: the ship touched; then option c: coin c, or 32 + c: crew c crosses; no:
stop); ``512-535`` a ship towed in from another fleet's index, then her action; ``536-559``
load treasure from her fort with ship k; ``560-583`` ship k's Navigator places a trade
current. A shoot action asks which cannon (or a fort's flag) fires next (option m), then its
target; no: the rest hold. Rewards: +1 to winners, -1 to losers, 0 on a draw or truncation.

Observation (float32[7217], observer = relative seat 0; blocks in state.py, filled by
observe.py):

| index | block |
|---|---|
| 0-64 | phase, pending decision, turn, table size, segments sailed, pending mast, edge rule, cannons fired this shoot action |
| 65-88 | 4 seats x 6: present, to play, coins and known gold at home, can still move, turn |
| 89-280 | 12 islands x 16: place, radius, own token, coins / known gold, wild, home owner, face-down crew / equipment ashore (counts), mysterious effects |
| 281-1696 | 24 ships x 59 (relative seat, fleet slot): place, heading, length, masts, cargo spaces as the observer knows them, docked / at home / pinned, actions, coins / known gold, crew count, pending, owner, masts standing with rank and range, known keywords, wrecked, equipment count, scuttle; open statistics [Fleets]: catalogue piece, nation, point cost, base move |
| 1697-1712 | 4 reefs x 4 |
| 1713-1832 | 8 terrain pieces x 15 |
| 1833-2048 | 24 ships x 9: lost, tangled, sea creature, fleet now, towing, towed |
| 2049-2224 | 8 forts x 22: in the collection, built, place, coins / known gold, shot, destroyed, flags standing; open statistics [Fleets]: catalogue piece, gold cost, each flag's rank and range |
| 2225-7216 | 384 movement segments x 13, at a segment decision, to the seat to play only (zero otherwise: a face-down Oarsman may give the segment; ``GameSpec.action_slots``, steer.py): constant, distance sailed, change of the bow's distance to home, to the nearest island holding treasure and to the nearest enemy ship carrying some, touching a piece / home / that island at the end, change of the distance to the nearest enemy ship, new heading toward home / that island, reaching the edge, an L segment [Moving] |

Config (``envs/cursed_seas/config.py``): ``num_players`` (2), ``fleets`` (one per seat: a
name in ``fleets/``, a path or a table: ``name``, ``ship`` rows of ``name``, ``crew`` and
``equipment``, and an optional ``home`` table of ``crew`` and ``equipment`` that start face
down on the home island; ruling Crew placement), ``build_total`` (40), ``reefs`` (0; 1 = each player
places a reef), ``edge`` (wall / flat / round), ``order_rule`` (roll / left), ``home_rule``
(previous / reverse), ``end_rule`` (one_can_move / half_cannot), ``island_spacing`` (recommended / free), ``board_tie`` (none /
reroll), ``tiebreak`` (list of ship_gold, masts, points, units), ``table`` ((w, h) in S),
``coins`` (each seat's contribution), ``islands`` (3 per player), ``mysterious`` (plain /
effects), ``auto_forced``, ``max_steps`` (0 = 4000), ``terrain`` (terrain piece names placed
in setup: fog banks, icebergs, Sargasso Seas, whirlpools), ``forts`` (per seat, the forts in
her collection, built in play).

Version history: v0, the first engine (observation 1897 floats); v1 (issue 29.6/29.9:
face-down pieces named by stand-ins, offers judged from what the player knows; ship and fort
identities and statistics in the observation, 1897 -> 2217 floats; snapshots and models of v0
do not load); v2 (issue 32: any of 24 headings and eighths of a segment, deploy headings,
the player's order of fire - actions 256 -> 584, observation 2217 -> 2224 with the cannons
fired; snapshots and models of v1 do not load). Within v2 the observation grew 2224 -> 7216
(issue 31: each movement segment's features, for a policy that scores actions; the records
and rules are unchanged, so snapshots load; a model of 2224 features is refused by its size);
v3 (rules as written, 2026-12-05: which face-down crew is revealed is the player's decision,
PK_REVEAL, with record fields ``sh_rv``, ``rv_back``, ``rv_to_play`` and a slot of its own in
the pending decision's one-hot, observation 7216 -> 7217; docking, exploring and boarding
questions read only open state; snapshots and models of v2 do not load).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from envs.core.action_slots import ActionSlots, SlotKind
from envs.core.aec import make_env_fns
from envs.core.spec import GameSpec
from envs.cursed_seas import batch, rules
from envs.cursed_seas.config import make_config
from envs.cursed_seas.heuristic import heuristic_best
from envs.cursed_seas.hidden import determinize
from envs.cursed_seas.labels import action_label
from envs.cursed_seas.observe import observe
from envs.cursed_seas.playout import playout_move
from envs.cursed_seas.prune import prune, search_moves
from envs.cursed_seas.render import render_ansi, render_regions, render_rgb
from envs.cursed_seas.scenario import from_scenario, to_scenario
from envs.cursed_seas.state import (
    A_SEG, CONFIG, MAX_PLAYERS, MIN_PLAYERS, N_SEGF, NUM_ACTIONS, NUM_SEG_ACTIONS, OBS_SEGF,
    OBS_SIZE,
    PHASE_NAMES, STATE,
)
from envs.cursed_seas.turns import gold_at_home
from envs.cursed_seas.validate import check_states
from envs.cursed_seas.value import value


@njit(cache=True)
def _gold(states, out):
    s = states[0]
    for p in range(s.num_players):
        out[p] = gold_at_home(s, p, True)


#: decisions a search playout makes before value.py scores the position (GameSpec.search_cut;
#: benchmarks/RESULTS.md, Cursed Seas: tuned against the heuristic)
SEARCH_CUT = 10
#: at four players each seat makes 20 playout decisions, as the trained agent's do
#: (GameSpec.search_cut_by_players): with playouts that shoot the plain search won 95 of
#: 200 deals against three heuristics where it won 77 at 10 (a gain suggested, p = 0.09, not
#: established); at three players 20 a seat won no more than 10 (benchmarks/RESULTS.md,
#: "Cursed Seas' plain search at 4 players: 20 playout decisions a seat")
SEARCH_CUT_BY_PLAYERS = ((4, 80),)
#: UCT's exploration constant of the plain search (GameSpec.search_c): its value is
#: compressed (a coin's margin is worth 0.17), and 0.5 won more at 3 players than 1.0 and as
#: much at 2 (benchmarks/RESULTS.md, "Pirates of the Cursed Seas: what the 2-player search's
#: strength is made of")
SEARCH_C = 0.5
#: the 2-player search with a trained prior (GameSpec.prior_sims, prior_reuse): 300
#: simulations keeping the subtree of each move for the seat's next decision (a seat decides
#: several times in a row: each ship's order, then her segments) took 5.95 ms a decision on
#: an idle core where 200 from a fresh tree took 7.99, and won as much against the heuristic
#: (benchmarks/RESULTS.md, "A search keeps the subtree of its move")
PRIOR_SIMS = 300
PRIOR_REUSE = True


def infos(rec) -> list:
    """Per seat: phase, turn and the gold unloaded at home that every seat knows (coins face
    up or looked at by every seat; all of it once the game is over, the final score).
    ``env.infos`` is readable by every seat's code, so it holds public facts only [ruling:
    Public infos]; a seat's own figure is in its observation, the full one in the record
    (``turns.home_gold``)."""
    gold = np.zeros(MAX_PLAYERS, np.int64)
    _gold(np.frombuffer(rec, dtype=STATE), gold)
    phase = PHASE_NAMES[int(rec["phase"])] if 0 <= int(rec["phase"]) < 5 else "?"
    return [{"gold": int(gold[p]), "phase": phase, "turn": int(rec["turn"])}
            for p in range(int(rec["num_players"]))]


GAME = GameSpec(
    name="cursed_seas", version=3, title="Pirates of the Cursed Seas",
    state_dtype=STATE, config_dtype=CONFIG, num_actions=NUM_ACTIONS, obs_size=OBS_SIZE,
    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, make_config=make_config,
    init=rules.init, legal_mask=rules.legal_mask, apply=rules.apply, observe=observe,
    batch_reset=batch.batch_reset, batch_legal=batch.batch_legal,
    batch_observe=batch.batch_observe, batch_step=batch.batch_step,
    action_label=action_label, render_ansi=render_ansi, render_rgb=render_rgb,
    render_regions=render_regions, infos=infos,
    check_states=check_states, determinize=determinize, value=value,
    heuristic_best=heuristic_best, prune=prune, search_moves=search_moves,
    playout_move=playout_move,
    search_cut=SEARCH_CUT, search_cut_by_players=SEARCH_CUT_BY_PLAYERS, search_c=SEARCH_C,
    prior_sims=PRIOR_SIMS, prior_reuse=PRIOR_REUSE,
    action_slots=ActionSlots(OBS_SEGF, (SlotKind.strided("segment", A_SEG, NUM_SEG_ACTIONS,
                                                       OBS_SEGF, N_SEGF, N_SEGF),)),
    # at 3+ players the search takes its rivals as playing against it: max-n lost to two
    # heuristics (benchmarks/RESULTS.md, "Paranoid search at 3 players")
    search_paranoid=True,
    # at 2 players a prior sure of another segment kept a winning search from ever trying
    # the one that docks; at 3 it lost 6 points to two heuristics (benchmarks/TRAINING.md,
    # "Cursed Seas games a winning agent never ends")
    search_fpu_parent_at=(2,),
    to_scenario=to_scenario, from_scenario=from_scenario,
    metadata={"test_configs": [
        {"num_players": 2}, {"num_players": 3}, {"num_players": 4},
        {"num_players": 2, "edge": "round", "order_rule": "left", "board_tie": "reroll"},
        {"num_players": 3, "edge": "flat", "home_rule": "reverse", "end_rule": "half_cannot"},
        {"num_players": 4, "reefs": 1},
        {"num_players": 3, "mysterious": "effects"},      # two mysterious islands in play
        {"num_players": 2, "auto_forced": True, "coins": ["copper", "silver", "gold",
                                                         "doubloon", "Cursed Idol", "copper"]},
        # --- forts / terrain / creatures ---
        {"num_players": 2, "fleets": ["abyssal_pact", "crown_raiders"], "reefs": 1,
         "terrain": ["Grey Shroud", "Frostfang", "Weedmire", "The Drain", "Maelstrom Eye",
                     "White Widow Berg"],
         "forts": [["Fort Brimstone", "Redoubt of Tears"], ["Coral Bastion"]]},
        # pieces that start on the home island [Placing Crew and equipment]
        {"num_players": 2, "fleets": ["jade_shore", "iron_brotherhood"]},
    ]},
    batch_playout=batch.batch_playout, batch_observe_seats=batch.batch_observe_seats,
    single_init=batch.single_init, single_apply=batch.single_apply,
    single_legal=batch.single_legal, single_observe=batch.single_observe,
)

env, raw_env = make_env_fns(GAME)

__all__ = ["GAME", "env", "raw_env", "make_config", "action_label", "infos"]
