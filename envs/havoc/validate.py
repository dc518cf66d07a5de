"""Seas of Havoc: ``check_states``, the one validator of positions from outside.

Used by ``load()``, ``load_scenario()``, ``VectorGame.set_states``/``refresh`` and the soak
tests (envs/core/validate.py explains the staging). A record that passes can be handed to
every kernel: no index leaves its array, no zone overflows, no loop runs away.

Stages and the rulebook sections behind them:

1. header: seats, to_play, done/truncated, the step bound (a live game below it), no kernel
   fault;
2. config: ``cfg`` is a configuration ``make_config`` builds (Player Setup; Variants; Ghost
   Fleet Setup), and the crews, teams and ships follow from it as setup lays them out;
3. ranges: every field a kernel uses as an index, every counter within its zone's size;
4. conservation: every card in exactly one zone and as many copies as the game started with
   (``card_total``; Damage: deck + dealt = ``damage_deck`` + box cards taken) [Box Contents;
   Deck Management; Scrapping Cards; Ending the Game], the 24 ghost cards and 9 shipwreck
   tokens each in one place [Ghost Fleet Concepts; Salvaging Shipwrecks];
5. board: ships on the grid, off rocks and off one another, no wreck under a ship or on a
   rock [Sea Grid Setup; Collisions; Salvaging Shipwrecks]; resources within the board's
   capacity, Infamy not negative [Island Setup 2; Ghost Fleet: Individual Resources; Set
   Starting Infamy];
6. the pending decision: asked in the phase that owns it, of the crew to act, with the card,
   ship, market place or token it concerns [Quick Reference: Round Sequence];
7. a live seat has a legal action.
"""

from __future__ import annotations

import numpy as np

from envs.core import validate as V
from envs.havoc import cards as C
from envs.havoc.common import CANNON_SUPPLY, GHOST_CAP, PLAYER_CAP
from envs.havoc.state import (
    DAMAGE_IN_BOX, DEFAULT_MAX_STEPS, FEAT_GUST, FEAT_ROCK, FLAG_LOOKOUT, FLAG_SWIFT,
    GHOST_DECK, GRID, MARKET_DECK, MARKET_SIZE, MAX_CANNON_OPTS, MAX_CREWS, MAX_DECK, MAX_SHIPS,
    MAX_STEPS, NDEFS, NUM_ACTIONS, NUM_FLAGS, NUM_GHOST_CARDS, NUM_PENDING_KINDS, NUM_WRECKS,
    CANNON, PH_ISLAND,
    PH_OVER, PH_PURCHASE, PH_SEA, PH_SETUP, PK_BOOTY, PK_DISCARD, PK_EXTEND, PK_FIRE,
    PK_FIRE_SIDE, PK_FLAG, PK_GAIN_ANY, PK_MODE, PK_NONE, PK_ORIENT, PK_PATH, PK_PAY, PK_PIVOT,
    PK_PLAY, PK_PURCHASE, PK_RESTOCK_PICK, PK_SCRAP, PK_SCRAP_GAIN, PK_SHIP, PK_SKIFF, PK_TRADE_GIVE,
    PK_TRADE_TAKE, PK_WORKSHOP, SKIFFS_PER_CREW, ST_DONE, ST_EXT, ST_EXT_OFFER,
    ST_EFFECT, ST_FIRE_START, ST_FLAG, ST_MAIN, ST_IDLE, ST_FIRE_END, ST_FIRE_EXT, ST_FEATURES,
    FIRE_START, FIRE_END, FIRE_EXT, FIRE_EACH, UPG_CANNON_CAP, UPG_SAIL_CAP, VAR_GHOST,
    VAR_TEAMS, VAR_TWO_SHIP,
)
from envs.havoc.state import MAX_PLAYERS, STATE
from envs.havoc import batch
from envs.havoc.sea import SRC_COLLISION, SRC_EFFECT_PIVOT
from envs.havoc.state import MIN_PLAYERS

#: phases in which each pending decision may be asked
_ISLAND = (PH_ISLAND,)
_SEA = (PH_SEA,)
PENDING_PHASES = {
    PK_ORIENT: (PH_SETUP,), PK_SKIFF: _ISLAND, PK_RESTOCK_PICK: _ISLAND,
    PK_GAIN_ANY: (PH_ISLAND, PH_SEA), PK_TRADE_GIVE: _ISLAND, PK_TRADE_TAKE: _ISLAND,
    PK_WORKSHOP: _ISLAND, PK_SCRAP: (PH_ISLAND, PH_SEA), PK_PURCHASE: (PH_PURCHASE,),
    PK_BOOTY: _SEA, PK_PLAY: _SEA, PK_MODE: _SEA, PK_SHIP: _SEA, PK_PATH: _SEA,
    PK_PIVOT: _SEA, PK_DISCARD: _SEA, PK_FIRE: _SEA, PK_FIRE_SIDE: _SEA, PK_EXTEND: _SEA,
    PK_PAY: (PH_ISLAND, PH_PURCHASE, PH_SEA), PK_SCRAP_GAIN: (PH_ISLAND, PH_SEA),
    PK_FLAG: (PH_ISLAND, PH_SEA),
}
#: pending decisions taken while a card is being resolved (s.card >= 0)
CARD_DECISIONS = (PK_MODE, PK_SHIP, PK_PATH, PK_PIVOT, PK_DISCARD, PK_FIRE, PK_FIRE_SIDE,
                  PK_EXTEND, PK_BOOTY)
#: card stages at which a payment is made in the Sea Phase: a volley (at a firing point)
#: or the extended maneuver (sea.py)
PAY_STAGES = (ST_MAIN, ST_EXT_OFFER, ST_EXT, ST_EFFECT)
#: the card stages (ST_*) at which each decision is asked while a card is being resolved
#: (sea.run_card sets the next stage before the step that may ask, see sea.py): the mode on
#: the card just played (apply_play), the ship before it resolves or, passed, before its
#: flag action (apply_mode, _pass), a split path while sailing (PK_PATH), a collision's
#: pivot and discard after the path (stage already past it) or at a whirlpool or gust, an
#: effect's pivot (ST_EFFECT -> ST_FLAG before _effect), a volley, its side and payment at
#: the card's firing points (ST_FIRE_START -> ST_MAIN, ST_FIRE_END -> ST_EXT_OFFER,
#: ST_FIRE_EXT -> ST_EFFECT), the extended maneuver's offer and payment, a booty while
#: sailing or at a feature, an effect's or a flag's choices
CARD_STAGES = {
    PK_MODE: (ST_IDLE,), PK_SHIP: (ST_FIRE_START, ST_FLAG), PK_PATH: (ST_MAIN, ST_EXT),
    PK_PIVOT: (ST_FIRE_END, ST_FIRE_EXT, ST_FLAG, ST_FEATURES),
    PK_DISCARD: (ST_FIRE_END, ST_FIRE_EXT, ST_FEATURES),
    PK_FIRE: (ST_MAIN, ST_EXT_OFFER, ST_EFFECT), PK_FIRE_SIDE: (ST_MAIN, ST_EXT_OFFER, ST_EFFECT),
    PK_EXTEND: (ST_EXT_OFFER,), PK_PAY: PAY_STAGES, PK_BOOTY: (ST_MAIN, ST_EXT, ST_FEATURES),
    PK_GAIN_ANY: (ST_FLAG, ST_FEATURES), PK_SCRAP: (ST_FLAG, ST_FEATURES),
    PK_SCRAP_GAIN: (ST_FLAG, ST_FEATURES), PK_FLAG: (ST_FEATURES,),
}
#: the stage a volley is offered at for each firing point of a card (sea.run_card)
VOLLEY_STAGES = ((ST_MAIN, (FIRE_START,)), (ST_EXT_OFFER, (FIRE_END, FIRE_EACH)),
                 (ST_EFFECT, (FIRE_EXT, FIRE_EACH)))
#: decisions whose pend_count counts choices still to make
COUNTED = (PK_GAIN_ANY, PK_SCRAP, PK_TRADE_GIVE, PK_TRADE_TAKE)
#: what a payment may lead to once paid (payment.py)
PAY_NEXT = (PK_NONE, PK_FIRE_SIDE)


def _config_problem(cfg) -> str:
    """'' if ``cfg`` is what make_config builds from its own options, else why not."""
    from envs.havoc.config import config_kwargs, make_config

    try:
        rebuilt = make_config(**config_kwargs(cfg))
    except (ValueError, IndexError, KeyError, TypeError) as e:
        return f"cfg: not a configuration make_config builds: {e}"
    if rebuilt.tobytes() == cfg.tobytes():
        return ""
    diff = [n for n in cfg.dtype.names if rebuilt[0][n].tobytes() != cfg[n].tobytes()]
    return f"cfg: fields {diff} differ from what make_config builds for these options"


def _config(states, r):
    """cfg is what make_config builds; crews, seats, teams and ships follow from it."""
    verdicts: dict[bytes, str] = {}     # a batch usually shares one config: check it once
    for j in range(states.shape[0]):
        cfg = states["cfg"][j]
        key = cfg.tobytes()
        if key not in verdicts:
            verdicts[key] = _config_problem(cfg)
        if verdicts[key]:
            r.flag(np.arange(states.shape[0]) == j, verdicts[key])
    players = states["num_players"].astype(np.int64)
    variant = states["cfg"]["variant"].astype(np.int64)
    ghosts = np.where(variant == VAR_GHOST, states["cfg"]["num_ghosts"], 0).astype(np.int64)
    crews = players + ghosts
    r.flag(states["num_crews"] != crews,
           lambda j: f"num_crews = {states['num_crews'][j]}: this config has {crews[j]} crews "
                     "(players + ghost ships) [Player Setup; Ghost Fleet Setup]")
    ships = np.where(variant == VAR_TWO_SHIP, 2 * players, crews)
    r.flag(states["num_ships"] != ships,
           lambda j: f"num_ships = {states['num_ships'][j]}: this config has {ships[j]} ships "
                     "[Player Setup; 2 Ship Variant]")
    c = np.arange(MAX_CREWS)[None, :]
    seat = np.where(c < players[:, None], c, -1)
    r.flag((states["crew_seat"] != seat).any(axis=1),
           "crew_seat: crews 0..players-1 are the seats in order, ghost ships and unused "
           "crews -1 [Player Setup]")
    team_cfg = np.full((states.shape[0], MAX_CREWS), -1)
    team_cfg[:, :states["cfg"]["team"].shape[1]] = states["cfg"]["team"]
    # Ghost Fleet: the players' teams of the config, the fleet one more team (co-op: players
    # 0, fleet 1; competitive: players 0..n-1, fleet n)
    fleet_team = np.where(states["cfg"]["coop"] > 0, 1, players)[:, None]
    ghost_side = np.where(c < players[:, None], team_cfg, fleet_team)
    team = np.where(variant[:, None] == VAR_TEAMS, team_cfg,
                    np.where(variant[:, None] == VAR_GHOST, ghost_side, c))
    team = np.where(c < crews[:, None], team, -1)
    r.flag((states["crew_team"] != team).any(axis=1),
           "crew_team: not the teams of the config [Teams Variant; Ghost Fleet: Co-op]")
    shipdef = np.where(c < crews[:, None], states["cfg"]["ship"], -1)
    r.flag((states["crew_shipdef"] != shipdef).any(axis=1),
           "crew_shipdef: not the ships of the config [Select a Ship]")
    cap = np.full((states.shape[0], MAX_CREWS), -1)
    cap[:, :states["cfg"]["captain"].shape[1]] = states["cfg"]["captain"]
    cap = np.where(c < players[:, None], cap, -1)
    r.flag((states["crew_captain"] != cap).any(axis=1),
           "crew_captain: not the captains of the config (ghost ships have none) "
           "[Select a Captain]")
    # ship indices: each crew's ships are distinct ships of the game, and ship_crew the inverse
    cs = states["crew_ships"].astype(np.int64)
    sc = states["ship_crew"].astype(np.int64)
    ns = states["num_ships"].astype(np.int64)
    for j in range(states.shape[0]):
        owner = np.full(MAX_SHIPS, -1)
        bad = False
        for k in range(MAX_CREWS):
            want = 2 if (k < crews[j] and variant[j] == VAR_TWO_SHIP) else \
                1 if k < crews[j] else 0
            for t in range(2):
                i = cs[j, k, t]
                if t < want:
                    if not 0 <= i < ns[j] or owner[i] >= 0:
                        bad = True
                    else:
                        owner[i] = k
                elif i != -1:
                    bad = True
        if bad or (owner[:ns[j]] < 0).any() or (sc[j, :ns[j]] != owner[:ns[j]]).any() \
                or (sc[j, ns[j]:] != -1).any():
            r.flag(np.arange(states.shape[0]) == j,
                   "crew_ships / ship_crew: not one ship per crew (two in the 2 Ship "
                   "Variant), each ship owned by exactly one crew [Sea Grid Setup C]")


def _ranges(states, r):
    """Every index field within its array; every counter within its zone."""
    n = states["num_crews"].astype(np.int64)
    ns = states["num_ships"].astype(np.int64)
    c = np.arange(MAX_CREWS)[None, :]
    present = c < n[:, None]
    ghost = present & (states["crew_seat"] < 0)
    player = present & ~ghost
    V.in_range(r, states, "phase", PH_SETUP, PH_OVER, "a phase id")
    V.in_range(r, states, "round", 0, 32000, "rounds played")
    V.in_range(r, states, "first_crew", 0, n - 1, "a crew of this game")
    V.in_range(r, states, "cur", 0, n - 1, "a crew of this game")
    V.in_range(r, states, "turn_start", 0, n - 1, "a crew of this game")
    V.in_range(r, states, "turn_open", 0, 1, "a flag")
    V.in_range(r, states, "extra_turn", 0, 1, "a flag")
    V.in_range(r, states, "pending", 0, NUM_PENDING_KINDS - 1, "a decision kind (PK_*)")
    V.in_range(r, states, "pend_count", 0, 8, "choices left")
    V.in_range(r, states, "pend_ship", -1, MAX_SHIPS - 1, "a ship index")
    V.in_range(r, states, "pend_slot", -1, MARKET_SIZE + NUM_WRECKS, "a market place or token")
    V.in_range(r, states, "pend_res", -1, 16, "a resource or a count")
    V.in_range(r, states, "pend_source", 0, 127, "what asked the decision")
    V.in_range(r, states, "res", 0, 99, "resources on a board")
    V.in_range(r, states, "infamy", 0, 10000, "Infamy never goes below 0 [Set Starting Infamy]")
    V.in_range(r, states, "ghost_infamy", 0, 10000, "Infamy never goes below 0")
    V.in_range(r, states, "upgrade_on", 0, 1, "a flag")
    V.in_range(r, states, "upgrade_on", 0, 0, "ghost ships have no upgrades", where=ghost[..., None])
    V.in_range(r, states, "skiffs", 0, SKIFFS_PER_CREW, "3 Skiffs per crew [Island Phase]")
    V.in_range(r, states, "booty", 0, NUM_WRECKS, "a shipwreck token id + 1, 0 = empty hold")
    V.in_range(r, states, "booty", 0, 0, "only players hold booty (ghosts cash wrecks)",
               where=~player)
    unused_def = np.arange(NDEFS) >= C.NUM_CARD_DEFS
    for f in ("hand", "discard"):
        V.in_range(r, states, f, 0, 0, "no card def beyond cards.toml's",
                   where=unused_def[None, None, :])
    for f in ("scrap", "card_total", "ghost_bought"):
        V.in_range(r, states, f, 0, 0, "no card def beyond cards.toml's",
                   where=unused_def[None, :])
    V.in_range(r, states, "hand", 0, 100, "cards of a def in hand")
    V.in_range(r, states, "discard", 0, 100, "cards of a def in the discard pile")
    V.in_range(r, states, "hand", 0, 0, "only players hold cards", where=~player[..., None])
    V.in_range(r, states, "discard", 0, 0, "only players have a discard pile",
               where=~player[..., None])
    V.in_range(r, states, "deck_n", 0, MAX_DECK, "cards in a deck")
    V.in_range(r, states, "deck_n", 0, 0, "only players have a deck", where=~player)
    live = np.arange(MAX_DECK)[None, None, :] < states["deck_n"][:, :, None]
    V.in_range(r, states, "deck", 1, C.NUM_CARD_DEFS - 1, "a card def (Damage 0 is "
               "counted in the hand/discard/deck arrays)", where=live & (states["deck"] != 0))
    V.in_range(r, states, "deck", 0, 0, "cleared above the deck top", where=~live)
    V.in_range(r, states, "flag_owner", -1, n - 1, "a crew of this game or -1")
    V.in_range(r, states, "ship_r", 0, GRID - 1, "a row of the sea grid")
    V.in_range(r, states, "ship_c", 0, GRID - 1, "a column of the sea grid")
    V.in_range(r, states, "ship_h", 0, 3, "a heading N/E/S/W")
    V.in_range(r, states, "ship_placed", 0, 1, "a flag")
    V.in_range(r, states, "ship_placed", 0, 0, "ships beyond num_ships are not on the grid",
               where=np.arange(MAX_SHIPS)[None, :] >= ns[:, None])
    V.in_range(r, states, "feature", 0, FEAT_GUST, "a sea feature id")
    V.in_range(r, states, "gust_dir", 0, 3, "a heading")
    V.in_range(r, states, "wreck", 0, NUM_WRECKS, "a shipwreck token id + 1, 0 = none")
    V.in_range(r, states, "wreck_stack_n", 0, NUM_WRECKS, "tokens in the stack")
    live = np.arange(NUM_WRECKS)[None, :] < states["wreck_stack_n"][:, None]
    V.in_range(r, states, "wreck_stack", 1, NUM_WRECKS, "a token id + 1", where=live)
    V.in_range(r, states, "slot_crew", -1, n - 1, "a crew of this game or -1")
    V.in_range(r, states, "market", -1, C.NUM_CARD_DEFS - 1, "a card def or -1")
    V.in_range(r, states, "market_claim", -1, n - 1, "a crew of this game or -1")
    V.in_range(r, states, "market_new", 0, 1, "a flag")
    V.in_range(r, states, "market_deck_n", 0, MARKET_DECK, "cards in the Market deck")
    live = np.arange(MARKET_DECK)[None, :] < states["market_deck_n"][:, None]
    V.in_range(r, states, "market_deck", 0, C.NUM_CARD_DEFS - 1, "a card def", where=live)
    V.in_range(r, states, "scrap", 0, 1000, "scrapped cards of a def")
    V.in_range(r, states, "card_total", 0, 100, "copies of a def in this game")
    V.in_range(r, states, "damage_left", 0, DAMAGE_IN_BOX, "the Damage deck [Box Contents: 42]")
    V.in_range(r, states, "damage_extra", 0, DAMAGE_IN_BOX - states["cfg"]["damage_deck"]
               .astype(np.int64), "Damage cards taken from the box once the deck ran out")
    V.in_range(r, states, "damage_this_sea", 0, 10000, "Damage dealt this Sea Phase")
    V.in_range(r, states, "quiet_seas", 0, states["cfg"]["stall_limit"].astype(np.int64),
               "Sea Phases without Damage, counted only up to cfg.stall_limit")
    # sea._stalled ends the game at the Sea Phase cleanup that brings quiet_seas to the
    # limit, so a live game is below it; at the limit the next quiet Sea Phase counted past
    # it (audit s67)
    stall = states["cfg"]["stall_limit"].astype(np.int64)
    V.in_range(r, states, "quiet_seas", 0, stall - 1, "a live game ends when quiet_seas "
               "reaches cfg.stall_limit [ruling: Stalled games]",
               where=(states["to_play"] >= 0) & (stall > 0))
    V.in_range(r, states, "pay_cost", 0, 6, "units of a cost still to pay")
    V.in_range(r, states, "pay_pool", 0, 9, "value left of a spent booty token")
    V.in_range(r, states, "pay_spent", 0, 1, "a booty token was spent on this payment")
    V.in_range(r, states, "pay_next", 0, NUM_PENDING_KINDS - 1, "a decision kind (PK_*)")
    V.in_range(r, states, "scrap_gain", 0, 8, "'any' resources of scrapped cards to take")
    V.in_range(r, states, "card", -1, C.NUM_CARD_DEFS - 1, "the card being resolved or -1")
    V.in_range(r, states, "card_stage", 0, ST_DONE, "a resolution stage (ST_*)")
    V.in_range(r, states, "card_ship", -1, ns - 1, "a ship of this game or -1")
    V.in_range(r, states, "card_path", 0, 3, "a maneuver step")
    V.in_range(r, states, "card_path_i", -1, MAX_STEPS, "a step index")
    V.in_range(r, states, "card_collided", 0, 1, "a flag")
    V.in_range(r, states, "card_passed", 0, 1, "a flag")
    V.in_range(r, states, "card_fire_opt", -1, MAX_CANNON_OPTS - 1, "a cannon option or -1")
    V.in_range(r, states, "card_shots", 0, 9, "shots of a volley")
    V.in_range(r, states, "ghost_deck_n", 0, GHOST_DECK, "cards in the ghost deck")
    live = np.arange(GHOST_DECK)[None, :] < states["ghost_deck_n"][:, None]
    V.in_range(r, states, "ghost_deck", 0, NUM_GHOST_CARDS, "a ghost card (24 = Damage)",
               where=live)
    V.in_range(r, states, "ghost_discard_n", 0, GHOST_DECK, "cards in the ghost discard pile")
    live = np.arange(GHOST_DECK)[None, :] < states["ghost_discard_n"][:, None]
    V.in_range(r, states, "ghost_discard", 0, NUM_GHOST_CARDS, "a ghost card (24 = Damage)",
               where=live)
    hand_cap = states["ghost_hand"].shape[2]
    V.in_range(r, states, "ghost_hand_n", 0, hand_cap, "cards in a ghost hand")
    V.in_range(r, states, "ghost_hand_n", 0, 0, "only ghost ships hold ghost cards",
               where=~ghost)
    live = np.arange(hand_cap)[None, None, :] < states["ghost_hand_n"][:, :, None]
    V.in_range(r, states, "ghost_hand", 0, NUM_GHOST_CARDS, "a ghost card (24 = Damage)",
               where=live)
    V.in_range(r, states, "ghost_bought", 0, 100, "purchased cards of a def")
    V.in_range(r, states, "last_action", -1, NUM_ACTIONS - 1, "an action or -1")
    V.in_range(r, states, "last_crew", -1, MAX_CREWS - 1, "a crew or -1")


def _zone_counts(states) -> np.ndarray:
    """int64[N, NDEFS]: copies of each def over every zone a card can be in."""
    n = states.shape[0]
    rows = np.arange(n)
    counts = states["hand"].astype(np.int64).sum(axis=1) + states["discard"].sum(axis=1)
    deck, deck_n = states["deck"], states["deck_n"]
    for c in range(deck.shape[1]):
        live = np.arange(deck.shape[2])[None, :] < deck_n[:, c:c + 1]
        np.add.at(counts, (np.broadcast_to(rows[:, None], live.shape)[live],
                           deck[:, c][live].astype(np.int64)), 1)
    market = states["market"]
    ok = market >= 0
    np.add.at(counts, (np.broadcast_to(rows[:, None], market.shape)[ok], market[ok]), 1)
    md = states["market_deck"]
    live = np.arange(md.shape[1])[None, :] < states["market_deck_n"][:, None]
    np.add.at(counts, (np.broadcast_to(rows[:, None], md.shape)[live], md[live]), 1)
    counts += states["scrap"] + states["ghost_bought"]
    # the card in play, unless it was passed: a passed card is already in the discard pile
    # (or wherever its flag action took it) [Passing a Turn; ruling: The card in play]
    card = states["card"]
    inplay = (card >= 0) & (states["card_passed"] == 0)
    np.add.at(counts, (rows[inplay], card[inplay]), 1)
    return counts


def _ghost_counts(states) -> np.ndarray:
    """int64[N, 25]: each ghost card (and Damage, id 24) over ghost deck, discard and hands."""
    n = states.shape[0]
    rows = np.arange(n)
    out = np.zeros((n, NUM_GHOST_CARDS + 1), np.int64)
    for field, nfield in (("ghost_deck", "ghost_deck_n"), ("ghost_discard", "ghost_discard_n")):
        arr = states[field]
        live = np.arange(arr.shape[1])[None, :] < states[nfield][:, None]
        np.add.at(out, (np.broadcast_to(rows[:, None], arr.shape)[live], arr[live]), 1)
    gh = states["ghost_hand"]
    for c in range(gh.shape[1]):
        live = np.arange(gh.shape[2])[None, :] < states["ghost_hand_n"][:, c:c + 1]
        np.add.at(out, (np.broadcast_to(rows[:, None], live.shape)[live], gh[:, c][live]), 1)
    return out


def _conservation(states, r):
    """Cards, Damage, ghost cards and shipwreck tokens each in exactly one place."""
    counts = _zone_counts(states)
    total = states["card_total"].astype(np.int64)
    bad = (counts[:, 1:] != total[:, 1:]).any(axis=1)

    def card_msg(j):
        d = int(np.flatnonzero(counts[j, 1:] != total[j, 1:])[0]) + 1
        return (f"card {C.CARD_NAMES[d]!r}: {counts[j, d]} copies in the zones, the game has "
                f"{total[j, d]} (card_total) [Deck Management; Scrapping Cards]")

    r.flag(bad, card_msg)
    r.flag(total[:, 0] != 0, "card_total: Damage (def 0) is counted by the Damage deck")
    ghosts = _ghost_counts(states)
    damage = counts[:, 0] + ghosts[:, NUM_GHOST_CARDS] + states["damage_left"]
    dealt = states["cfg"]["damage_deck"].astype(np.int64) + states["damage_extra"]
    r.flag(damage != dealt, lambda j: f"Damage cards: {damage[j]} in play and deck, the game "
                                      f"dealt from {dealt[j]} [Ending the Game]")
    is_ghost_game = states["cfg"]["variant"] == VAR_GHOST
    r.flag(is_ghost_game & (ghosts[:, :NUM_GHOST_CARDS] != 1).any(axis=1),
           "ghost cards: each of the 24 must be in exactly one of ghost deck, discard pile "
           "and hands [Ghost Fleet Concepts]")
    r.flag(~is_ghost_game & (ghosts.sum(axis=1) != 0),
           "ghost cards: only a Ghost Fleet game has them")
    r.flag(~is_ghost_game & (states["ghost_bought"].sum(axis=1) != 0),
           "ghost_bought: only a Ghost Fleet game has a purchased pile")
    # room: no deck, ghost pile or zone counter can overflow whatever happens next. A crew
    # can come to own what it owns now plus every card nobody owns that may still be dealt
    # or bought (scrapped cards and the Ghost Fleet's purchases never come back; scrapped
    # Damage may be dealt again)
    player = (np.arange(MAX_CREWS)[None, :] < states["num_players"][:, None])
    owned = states["hand"].astype(np.int64).sum(axis=2) + states["discard"].sum(axis=2) + \
        states["deck_n"]
    unowned = (states["market"] >= 0).sum(axis=1) + states["market_deck_n"] + \
        ((states["card"] >= 0) & (states["card_passed"] == 0)) + states["scrap"][:, 0] + \
        states["damage_left"] + \
        (DAMAGE_IN_BOX - dealt)
    r.flag((player & (owned + unowned[:, None] > MAX_DECK)).any(axis=1),
           f"cards: a crew could come to own more than {MAX_DECK} cards (the deck array) - "
           "too many cards in this game")
    r.flag(NUM_GHOST_CARDS + damage > GHOST_DECK,
           "ghost piles: 24 ghost cards and the Damage could overflow the ghost discard pile")
    tokens = np.zeros((states.shape[0], NUM_WRECKS + 1), np.int64)
    rows = np.arange(states.shape[0])
    st = states["wreck_stack"]
    live = np.arange(st.shape[1])[None, :] < states["wreck_stack_n"][:, None]
    np.add.at(tokens, (np.broadcast_to(rows[:, None], st.shape)[live], st[live]), 1)
    grid = states["wreck"].reshape(states.shape[0], -1)
    np.add.at(tokens, (np.broadcast_to(rows[:, None], grid.shape)[grid > 0], grid[grid > 0]), 1)
    booty = states["booty"]
    np.add.at(tokens, (np.broadcast_to(rows[:, None], booty.shape)[booty > 0], booty[booty > 0]), 1)
    choosing = (states["pending"] == PK_BOOTY) & (states["pend_slot"] > 0) & \
        (states["pend_slot"] <= NUM_WRECKS)
    np.add.at(tokens, (rows[choosing], states["pend_slot"][choosing]), 1)
    r.flag((tokens[:, 1:] != 1).any(axis=1),
           "shipwreck tokens: each of the 9 must be in exactly one place (stack, grid, a hold, "
           "the booty being chosen) [Salvaging Shipwrecks; Booty]")


def _board(states, r):
    """Ships, wrecks and features where the rules can put them; resources within capacity."""
    n = states.shape[0]
    rows = np.arange(n)
    placed = states["ship_placed"] > 0
    rr = states["ship_r"].astype(np.int64)
    cc = states["ship_c"].astype(np.int64)
    feat = states["feature"][rows[:, None], rr, cc]
    r.flag((placed & (feat == FEAT_ROCK)).any(axis=1),
           "ship on a rock: a ship stops before a rock [Collisions; Sea Grid Setup C]")
    wreck = states["wreck"][rows[:, None], rr, cc]
    r.flag((placed & (wreck > 0)).any(axis=1),
           "shipwreck under a ship: a ship salvages the wreck it sails onto [Salvaging "
           "Shipwrecks]")
    sq = np.where(placed, rr * GRID + cc, -1 - np.arange(MAX_SHIPS)[None, :])
    srt = np.sort(sq, axis=1)
    r.flag(((srt[:, 1:] == srt[:, :-1]) & (srt[:, 1:] >= 0)).any(axis=1),
           "two ships on one square: a ship stops before another [Collisions]")
    r.flag(((states["wreck"] > 0) & (states["feature"] == FEAT_ROCK)).any(axis=(1, 2)),
           "shipwreck on a rock: wrecks are re-rolled off rocks [Sea Grid Setup B]")
    setup = states["phase"] == PH_SETUP
    ns = states["num_ships"].astype(np.int64)
    unplaced = (~placed) & (np.arange(MAX_SHIPS)[None, :] < ns[:, None])
    r.flag(~setup & unplaced.any(axis=1), "ship_placed: every ship is on the grid once setup "
                                          "is over [Sea Grid Setup C]")
    taken = (states["feature"] == FEAT_ROCK) | (states["wreck"] > 0)
    taken = taken.reshape(n, -1).copy()
    for i in range(MAX_SHIPS):
        taken[rows[placed[:, i]], (rr * GRID + cc)[placed[:, i], i]] = True
    free = GRID * GRID - taken.sum(axis=1)
    r.flag(setup & (free < unplaced.sum(axis=1)),
           "feature: no free square left for a ship still to be placed [Sea Grid Setup C]")
    # capacity: a player's board (and upgrades), a ghost ship's 9/8/7
    res = states["res"].astype(np.int64)
    c = np.arange(MAX_CREWS)[None, :]
    present = c < states["num_crews"][:, None]
    ghost = present & (states["crew_seat"] < 0)
    player = present & ~ghost
    cap = np.broadcast_to(PLAYER_CAP, res.shape).copy()
    sd = np.clip(states["crew_shipdef"], 0, None)
    for k in range(2):
        u = C.SHIP_UPGRADES[sd, k]
        on = player & (states["upgrade_on"][:, :, k] > 0)
        eff, arg = C.UPGRADE_EFFECT[u], C.UPGRADE_ARG[u].astype(np.int64)
        cap[:, :, 0] += np.where(on & (eff == UPG_SAIL_CAP), arg, 0)
        cap[:, :, 1] += np.where(on & (eff == UPG_CANNON_CAP), arg, 0)
    cap = np.where(ghost[..., None], GHOST_CAP[None, None, :], cap)
    over = present[..., None] & (res > cap)
    r.flag(over.any(axis=(1, 2)), lambda j: (
        f"res{list(map(int, np.argwhere(over[j])[0]))}: above the board's capacity "
        f"{int(cap[j][tuple(np.argwhere(over[j])[0])])} [Island Setup 2; Ghost Fleet: "
        "Individual Resources]"))
    r.flag((~present[..., None] & (res != 0)).any(axis=(1, 2)),
           "res: crews beyond num_crews hold nothing")
    r.flag(res[:, :, CANNON].sum(axis=1) > CANNON_SUPPLY,
           f"res: at most {CANNON_SUPPLY} cannonballs held in all [Box Contents; Island Setup 2]")


def _pending(states, r):
    """The pending decision belongs to its phase, its crew and the thing it concerns."""
    n = states.shape[0]
    rows = np.arange(n)
    pend = states["pending"].astype(np.int64)
    phase = states["phase"].astype(np.int64)
    live = states["to_play"] >= 0
    cur = states["cur"].astype(np.int64)
    seat_of_cur = states["crew_seat"][rows, cur].astype(np.int64)
    r.flag(live & (pend == PK_NONE), "pending: a live game waits on a decision (PK_*)")
    r.flag(~live & (states["done"] > 0) & (phase != PH_OVER),
           "phase: a finished game is in the 'over' phase [Ending the Game]")
    r.flag(live & (phase == PH_OVER), "phase: 'over' while the game is live")
    decider = np.where(seat_of_cur >= 0, seat_of_cur, 0)
    r.flag(live & (states["to_play"] != decider),
           lambda j: f"to_play = {states['to_play'][j]}: the decision is crew {cur[j]}'s "
                     f"(seat {decider[j]})")
    ok_phase = np.zeros(n, bool)
    for k, phases in PENDING_PHASES.items():
        ok_phase |= (pend == k) & np.isin(phase, phases)
    r.flag(live & ~ok_phase, lambda j: f"pending = {pend[j]}: not a decision of phase "
                                       f"{phase[j]} [Quick Reference: Round Sequence]")
    r.flag(live & (pend != PK_ORIENT) & (seat_of_cur < 0),
           "pending: ghost ships decide nothing but their heading at setup [Ghost Fleet]")
    card = states["card"].astype(np.int64)
    in_card = np.isin(pend, CARD_DECISIONS)
    r.flag(live & in_card & (card < 0), "card: this decision concerns the card being "
                                        "resolved, but none is [Resolving Cards]")
    r.flag((card >= 0) & (phase != PH_SEA), "card: a card is resolved only in the Sea Phase")
    r.flag((card >= 0) & (states["card_ship"] < 0), "card_ship: the card being resolved moves "
                                                    "no ship")
    cship = np.clip(states["card_ship"].astype(np.int64), 0, None)
    r.flag((card >= 0) & (states["ship_crew"][rows, cship] != cur),
           "card_ship: the card moves a ship of another crew [2 Ship Variant]")
    cnt = states["pend_count"]
    r.flag(live & np.isin(pend, COUNTED) & (cnt < 1), "pend_count: a counted decision with "
                                                      "no choice left")
    ship = states["pend_ship"].astype(np.int64)
    needs_ship = live & ((pend == PK_ORIENT) | (pend == PK_PIVOT))
    r.flag(needs_ship & ((ship < 0) | (ship >= states["num_ships"])),
           "pend_ship: this decision concerns a ship of the game")
    r.flag(live & (pend == PK_ORIENT) & (states["ship_crew"][rows, np.clip(ship, 0, None)]
                                         != cur),
           "pend_ship: the ship being oriented belongs to the crew to act [Sea Grid Setup C]")
    # a pivot is asked by sea._collide (SRC_COLLISION; the path or feature of the card's ship
    # ran into something, so the stage is already past the sailing: ST_FIRE_END, ST_FIRE_EXT
    # or ST_FEATURES) or by sea._effect's EFF_PIVOT (SRC_EFFECT_PIVOT, at ST_FLAG, pend_count
    # pivots left); both for card_ship. sea.apply_pivot reads pend_source to choose between
    # the collision's discard and counting the effect down, so any other source, or an
    # effect with no pivot left, drove pend_count below 0 (audit s67)
    pivot = live & (pend == PK_PIVOT)
    stage_now = states["card_stage"].astype(np.int64)
    src = states["pend_source"].astype(np.int64)
    by_collision = (src == SRC_COLLISION) & np.isin(stage_now, (ST_FIRE_END, ST_FIRE_EXT,
                                                                ST_FEATURES))
    by_effect = (src == SRC_EFFECT_PIVOT) & (stage_now == ST_FLAG)
    r.flag(pivot & ~by_collision & ~by_effect,
           lambda j: f"pend_source = {src[j]}: a pivot is asked by a collision "
                     f"({SRC_COLLISION}, after the path: stage ST_FIRE_END/ST_FIRE_EXT/"
                     f"ST_FEATURES) or a card's pivot effect ({SRC_EFFECT_PIVOT}, stage "
                     f"ST_FLAG), not at card_stage {stage_now[j]} "
                     "[Collisions; ruling: Card effects]")
    r.flag(pivot & by_effect & (states["pend_count"] < 1),
           "pend_count: a card's pivot effect being resolved has a pivot left "
           "[ruling: Card effects]")
    r.flag(pivot & (ship != states["card_ship"]),
           "pend_ship: a pivot turns the ship the card being resolved moves (card_ship) "
           "[Collisions; 2 Ship Variant]")
    # island._skiff_turns asks PK_SKIFF only of a crew with a Skiff left, and the Skiff of a
    # restock (PK_RESTOCK_PICK) is taken from the supply once a revealed card is picked;
    # with none left apply_skiff / apply_restock_pick drove skiffs below 0 (audit s67)
    skiff_asked = live & np.isin(pend, (PK_SKIFF, PK_RESTOCK_PICK))
    r.flag(skiff_asked & (states["skiffs"][rows, cur] < 1),
           lambda j: f"skiffs[{cur[j]}] = {states['skiffs'][j, cur[j]]}: a crew places a "
                     "Skiff (PK_SKIFF, PK_RESTOCK_PICK) only while it has one left "
                     "[Island Phase Step 1]")
    slot = states["pend_slot"].astype(np.int64)
    buy = live & (pend == PK_PURCHASE)
    r.flag(buy & ((slot < 0) | (slot >= MARKET_SIZE)), "pend_slot: the market place offered")
    mslot = np.clip(slot, 0, MARKET_SIZE - 1)
    r.flag(buy & ((states["market"][rows, mslot] < 0) |
                  (states["market_claim"][rows, mslot] != cur)),
           "pend_slot: the card offered is not claimed by the crew buying [Card Purchases]")
    r.flag(live & (pend == PK_BOOTY) & ((slot < 1) | (slot > NUM_WRECKS)),
           "pend_slot: the booty being chosen is a token id + 1 [Booty]")
    r.flag(live & (pend == PK_BOOTY) & (states["booty"][rows, cur] == 0),
           "pending: a booty choice needs booty already in the hold [Booty]")
    stage = states["card_stage"].astype(np.int64)
    passed = states["card_passed"] > 0
    # sea.apply_mode / sea._pass ask PK_SHIP only when sea._two_ships holds (the crew's second
    # ship index is set); sea.apply_ship takes crew_ships[cur, option] as the card's ship, so
    # asked of a one-ship crew its option 1 made card_ship -1 and the maneuver wrote ship -1,
    # the last slot of the ship arrays (audit s68)
    r.flag(live & (pend == PK_SHIP) & (states["crew_ships"][rows, cur, 1] < 0),
           lambda j: f"pending = {pend[j]}: a ship is chosen (PK_SHIP) only by a crew with two "
                     f"ships, and crew {cur[j]} has one (crew_ships) [2 Ship Variant]")
    r.flag(live & (pend == PK_SHIP) & ~((stage == ST_FIRE_START) & ~passed) &
           ~((stage == ST_FLAG) & passed),
           "card_stage: a ship is chosen for a card about to resolve, or for a passed card "
           "before its flag action [2 Ship Variant]")
    r.flag(live & (pend == PK_PATH) & ~np.isin(stage, (ST_MAIN, ST_EXT)),
           "card_stage: a path is chosen while sailing the maneuver [Maneuvering]")
    r.flag(live & (pend == PK_FIRE_SIDE) & (states["card_fire_opt"] < 0),
           "card_fire_opt: a side is chosen for a chosen cannon option [Cannon Fire]")
    opts = C.CARD_CANNON_N[np.clip(card, 0, None)]
    r.flag((card >= 0) & (states["card_fire_opt"] >= opts),
           "card_fire_opt: beyond the card's cannon options")
    r.flag(live & (pend == PK_TRADE_TAKE) & ((states["pend_res"] < 0) | (states["pend_res"] > 2)),
           "pend_res: the resource given at the Trading Post")
    # a flag's action offered to its owner: Lookout or Swift [Flags; ruling: Optional flag
    # actions]
    flag = states["pend_source"].astype(np.int64)
    offered = live & (pend == PK_FLAG)
    r.flag(offered & ~np.isin(flag, (FLAG_LOOKOUT, FLAG_SWIFT)),
           "pend_source: the flag whose action is offered is Lookout or Swift [Flags]")
    owner = states["flag_owner"][np.arange(len(states)), np.clip(flag, 0, NUM_FLAGS - 1)]
    r.flag(offered & (owner != states["cur"]),
           "flag_owner: a flag's action is offered to the crew that owns the flag [Flags]")
    r.flag(live & np.isin(pend, (PK_EXTEND, PK_MODE)) & (card == 0),
           "card: Damage has no maneuver to resolve")
    # [Playing a Card; Resolving Cards] in the Sea Phase a crew chooses a card to play only
    # while none is being resolved (sea.sea_continue asks PK_PLAY once run_card has cleared
    # s.card), and every other Sea Phase decision is part of resolving the card played
    # (apply_play sets s.card, then PK_MODE; choices come from run_card's stages)
    sea = live & (phase == PH_SEA)
    r.flag(sea & (pend == PK_PLAY) & (card >= 0),
           "pending: a card is chosen to play (PK_PLAY) while card is still being resolved "
           "[Playing a Card; Resolving Cards]")
    r.flag(sea & (pend != PK_PLAY) & (card < 0),
           lambda j: f"card: -1, but Sea Phase decision {pend[j]} concerns the card being "
                     "resolved; only PK_PLAY comes between cards [Resolving Cards]")
    idle = live & (card < 0)
    r.flag(idle & ((stage != ST_IDLE) | (states["card_ship"] != -1)
                   | (states["card_fire_opt"] != -1) | (states["card_shots"] != 0)),
           "card_stage/card_ship/card_fire_opt/card_shots: cleared (ST_IDLE, -1, -1, 0) while "
           "no card is being resolved (sea.run_card, setup)")
    ok_stage = np.zeros(n, bool)
    for k, stages in CARD_STAGES.items():
        ok_stage |= (pend == k) & np.isin(stage, stages)
    r.flag(sea & (card >= 0) & ~ok_stage,
           lambda j: f"card_stage = {stage[j]}: decision {pend[j]} is not asked at this stage of "
                     "resolving a card [ruling: Order of a resolved card]")
    r.flag(live & (card >= 0) & passed & ~((stage == ST_FEATURES) | ((stage == ST_FLAG) & (pend == PK_SHIP))),
           "card_passed: a passed card goes straight to its flag action and the sea feature "
           "[Passing a Turn]")
    fire_at = C.CARD_FIRE_AT[np.clip(card, 0, None)]
    volley = sea & (card >= 0) & (np.isin(pend, (PK_FIRE, PK_FIRE_SIDE))
                                  | ((pend == PK_PAY) & (states["pay_next"] == PK_FIRE_SIDE)))
    at_point = np.zeros(n, bool)
    for st, points in VOLLEY_STAGES:
        at_point |= (stage == st) & np.isin(fire_at, points)
    r.flag(volley & ~at_point, "card_stage: a volley is fired at the card's printed firing "
                               "point [Cannon Fire; ruling: Firing points]")
    aiming = volley & (pend != PK_FIRE)
    r.flag(live & (card >= 0) & ~aiming & (states["card_fire_opt"] != -1),
           "card_fire_opt: a cannon option is held only from its choice to its side (PK_FIRE_SIDE, "
           "or paying for it) [Cannon Fire]")
    fopt = np.clip(states["card_fire_opt"].astype(np.int64), 0, MAX_CANNON_OPTS - 1)
    shots = C.CARD_CANNON[np.clip(card, 0, None), fopt, 2]
    r.flag(live & (card >= 0) & (states["card_shots"] != np.where(aiming, shots, 0)),
           "card_shots: the shots of the chosen cannon option, 0 when none is chosen [Cannon Fire]")
    r.flag(sea & (pend == PK_PAY) & (card >= 0) & ((stage == ST_EXT) != (states["pay_next"] == PK_NONE)),
           "pay_next: a Sea Phase payment for the extended maneuver (ST_EXT) leads on to nothing, "
           "one for a volley to its side [Extended Maneuver; Cannon Fire]")
    r.flag(sea & (pend == PK_EXTEND) & (states["card_collided"] > 0),
           "card_collided: a ship that collided sails no extended maneuver [Collisions]")
    # a payment in progress [Booty; Symbology: any] (payment.py)
    paying = live & (pend == PK_PAY)
    units = states["pay_cost"].astype(np.int64).sum(axis=1)
    r.flag(paying & (units < 1), "pay_cost: a payment with nothing left to pay")
    r.flag(~paying & (units > 0), "pay_cost: units to pay with no payment pending")
    r.flag(~np.isin(states["pay_next"], PAY_NEXT),
           "pay_next: a payment leads on to no decision or to the firing side")
    r.flag(~paying & (states["pay_next"] != PK_NONE), "pay_next: set with no payment pending")
    r.flag(paying & (phase == PH_SEA) & ((card < 0) | ~np.isin(stage, PAY_STAGES)),
           "card_stage: a Sea Phase payment is for a volley or the extended maneuver of the "
           "card being resolved [Cannon Fire; Extended Maneuver]")
    r.flag(paying & (states["pay_next"] == PK_FIRE_SIDE) & (states["card_fire_opt"] < 0),
           "card_fire_opt: paying for a volley needs its cannon option [Cannon Fire]")
    pool_ok = paying | (live & (phase == PH_PURCHASE))
    r.flag(~pool_ok & (states["pay_pool"] > 0),
           "pay_pool: booty value is kept only during a payment or the paying crew's "
           "purchases [Booty: excess is lost]")
    r.flag((states["pay_pool"] > 0) & (states["booty"][rows, cur] > 0),
           "pay_pool: a crew spending booty value has no token left in its hold [Booty]")
    r.flag(~pool_ok & (states["pay_spent"] > 0),
           "pay_spent: a spent booty is remembered only during a payment or the paying "
           "crew's purchases [Booty: excess is lost]")
    r.flag((states["pay_pool"] > 0) & (states["pay_spent"] == 0),
           "pay_pool: booty value is left only once a token was spent (pay_spent) [Booty]")
    gaining = live & (pend == PK_SCRAP_GAIN)
    r.flag(gaining & (states["scrap_gain"] < 1), "scrap_gain: no resource left to choose")
    r.flag(~gaining & (states["scrap_gain"] > 0),
           "scrap_gain: resources to choose with no PK_SCRAP_GAIN pending")


#: seats, crews (seats then ghosts) and ships the game does not have stay as set-up leaves
#: them: -1 (no seat, team, ship, captain) or 0. The market row is as long as the seat axis
#: but is not per seat.
_UNUSED = (
    V.unused_seats_stage(V.seat_fields(STATE, MAX_PLAYERS, exclude=("market", "market_claim",
                                                                    "market_new")),
                         {"cfg.ship2": -1, "cfg.captain": -1, "cfg.team": -1}),
    V.unused_slots_stage(
        ("cfg.ship", "crew_seat", "crew_team", "crew_ships", "crew_shipdef", "crew_captain",
         "res", "infamy", "upgrade_on", "skiffs", "booty", "hand", "discard", "deck", "deck_n",
         "ghost_hand", "ghost_hand_n"),
        lambda states: states["num_crews"],
        {f: -1 for f in ("cfg.ship", "crew_seat", "crew_team", "crew_ships", "crew_shipdef",
                         "crew_captain")}, "crew"),
    V.unused_slots_stage(("ship_r", "ship_c", "ship_h", "ship_crew", "ship_placed"),
                         lambda states: states["num_ships"], {"ship_crew": -1}, "ship"),
)


def check_states(states):
    """One list of problems per record, empty when the record is a valid position."""
    return V.run_stages(states, [
        V.header_stage(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_MAX_STEPS), *_UNUSED, _config, _ranges, _conservation, _board,
        _pending, V.legal_action_stage(NUM_ACTIONS, batch.batch_legal),
    ])
