"""Seas of Havoc: a new game from a CONFIG record, up to the first Island Phase.

Implements [Player Setup] (ships, captains, 8-card starting decks, 4-card hands, player order,
starting resources), [Sea Grid Setup A-D] (sea features, shipwrecks, ship placement and
headings, Infamy at 0), [Island Setup 1-6] (flags, resources, wreck stack, Card Market, damage
deck, scrap pile), [Blocked Ports] (see island.py), [Variants: 2 Ship Variant, Teams Variant]
and [Ghost Fleet Setup]. Readings of ambiguous rules are in docs/rulings.md "Setup".

Ship placement is the one part of setup with decisions: in placement order each ship's square
is rolled, then its owner chooses the heading (PK_ORIENT); the players choose for ghost ships.
"""

import numpy as np
from numba import njit

from envs.core.bounds import fault
from envs.core.rng import die, randint, seed_state, shuffle
from envs.havoc.cards import CAPTAIN_ABILITIES, SHIP_DECK
from envs.havoc import ghost
from envs.havoc.common import begin_island, draw
from envs.havoc.maneuver import ROLL_BOUND, place_new_wreck, ship_at
from envs.havoc.market import build_market_deck
from envs.havoc.state import (
    A_OPTION, FEAT_GUST, FEAT_NONE, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_NONE, GRID,
    HAND_SIZE, MARKET_SIZE, NDEFS, NORTH, NUM_WRECKS, PH_SETUP, PK_NONE, PK_ORIENT, VAR_GHOST,
    VAR_TEAMS, VAR_TWO_SHIP,
)

#: extra starting resources (sail, cannon, coin) by play order, on top of 1 of each
#: [Player Setup: Starting Resources]; the 6th row (Ghost Fleet hard, 3 players) repeats the
#: 5th [ruling: Starting resources]
START_BONUS = np.array([
    [0, 0, 0],   # 1st: takes the First Player token
    [1, 0, 0],   # 2nd: +1 sail
    [0, 1, 0],   # 3rd: +1 cannonball
    [1, 1, 0],   # 4th: +1 sail +1 cannonball
    [0, 1, 1],   # 5th: +1 cannonball +1 coin
    [0, 1, 1],   # 6th: as the 5th
], dtype=np.int64)

#: sea features by ship count [Sea Grid Setup A]: rocks, whirlpools, gusts
FEATURES_FEW = np.array([3, 1, 2], dtype=np.int64)    # 2-3 ships
FEATURES_MANY = np.array([2, 1, 3], dtype=np.int64)   # 4+ ships

WRECKS_ON_GRID = 2            # [Sea Grid Setup B]


@njit(cache=True)
def _zero(s):
    """Clear every field of the record (a finished game is re-initialised in place)."""
    s.to_play = 0
    s.num_players = 0
    s.done = 0
    s.truncated = 0
    s.step = 0
    s.winner_mask = 0
    s.rng = 0
    s.fault = 0
    s.reward[:] = 0
    s.phase = PH_SETUP
    s.round = 0
    s.num_crews = 0
    s.num_ships = 0
    s.first_crew = 0
    s.cur = 0
    s.turn_open = 0
    s.turn_start = 0
    s.pending = PK_NONE
    s.pend_count = 0
    s.pend_ship = 0
    s.pend_slot = 0
    s.pend_res = 0
    s.pend_source = 0
    s.pay_cost[:] = 0
    s.pay_pool = 0
    s.pay_spent = 0
    s.pay_next = PK_NONE
    s.scrap_gain = 0
    s.crew_seat[:] = -1
    s.crew_team[:] = -1
    s.crew_ships[:, :] = -1
    s.crew_shipdef[:] = -1
    s.crew_captain[:] = -1
    s.res[:, :] = 0
    s.infamy[:] = 0
    s.upgrade_on[:, :] = 0
    s.skiffs[:] = 0
    s.booty[:] = 0
    s.hand[:, :] = 0
    s.discard[:, :] = 0
    s.deck[:, :] = 0
    s.deck_n[:] = 0
    s.flag_owner[:] = FLAG_NONE
    s.ship_r[:] = 0
    s.ship_c[:] = 0
    s.ship_h[:] = 0
    s.ship_crew[:] = -1
    s.ship_placed[:] = 0
    s.feature[:, :] = FEAT_NONE
    s.gust_dir = 0
    s.wreck[:, :] = 0
    s.wreck_stack[:] = 0
    s.wreck_stack_n = 0
    s.slot_crew[:] = -1
    s.market[:] = -1
    s.market_claim[:] = -1
    s.market_new[:] = 0
    s.market_deck[:] = 0
    s.market_deck_n = 0
    s.scrap[:] = 0
    s.card_total[:] = 0
    s.damage_left = 0
    s.damage_extra = 0
    s.damage_this_sea = 0
    s.quiet_seas = 0
    s.card = -1
    s.card_stage = 0
    s.card_ship = -1
    s.card_path[:] = 0
    s.card_path_i = 0
    s.card_collided = 0
    s.card_passed = 0
    s.card_fire_opt = -1
    s.card_shots = 0
    s.extra_turn = 0
    s.ghost_deck[:] = 0
    s.ghost_deck_n = 0
    s.ghost_discard[:] = 0
    s.ghost_discard_n = 0
    s.ghost_hand[:, :] = 0
    s.ghost_hand_n[:] = 0
    s.ghost_infamy = 0
    s.ghost_bought[:] = 0
    s.last_action = -1
    s.last_crew = -1


@njit(cache=True)
def roll_square(s):
    """Roll the two Coordinate Dice: (row, column), 0-based [Sea Grid Setup A; ruling:
    Coordinate dice]."""
    r = die(s, GRID) - 1
    c = die(s, GRID) - 1
    return r, c


@njit(cache=True)
def _place_feature(s, kind):
    """Roll a free square for a feature; re-roll onto another feature [Sea Grid Setup A]."""
    for _ in range(ROLL_BOUND):
        r, c = roll_square(s)
        if s.feature[r, c] == FEAT_NONE:
            s.feature[r, c] = kind
            return
    fault(s)


@njit(cache=True)
def place_sea_features(s):
    """Rocks, one whirlpool (random turning direction) and gusts all pointing one way:
    cfg.gust_dir (0..3 = N, E, S, W) or a random direction [Sea Grid Setup A; ruling:
    Gust direction]."""
    counts = FEATURES_FEW if s.num_ships <= 3 else FEATURES_MANY
    for _ in range(counts[0]):
        _place_feature(s, FEAT_ROCK)
    for _ in range(counts[1]):
        _place_feature(s, FEAT_WHIRL_CW if randint(s, 2) == 0 else FEAT_WHIRL_CCW)
    for _ in range(counts[2]):
        _place_feature(s, FEAT_GUST)
    g = s.cfg.gust_dir
    s.gust_dir = g if 0 <= g <= 3 else randint(s, 4)


@njit(cache=True)
def _setup_wrecks(s):
    """Shuffle the 9 tokens (stored as token id + 1) and place 2, re-rolling onto rocks and
    other wrecks [Sea Grid Setup B; Island Setup 3]."""
    for k in range(NUM_WRECKS):
        s.wreck_stack[k] = k + 1
    s.wreck_stack_n = NUM_WRECKS
    shuffle(s, s.wreck_stack, NUM_WRECKS)
    for _ in range(WRECKS_ON_GRID):
        place_new_wreck(s)


@njit(cache=True)
def _assign_ships(s):
    """Ship indices in placement order [Sea Grid Setup C; 2 Ship Variant: Player 1 places a
    ship, then Player 2 both, then Player 1 its second; ruling: Ship placement]."""
    n = s.num_crews
    first = s.first_crew
    i = 0
    if s.cfg.variant == VAR_TWO_SHIP:
        for k in range(n):
            c = (first + k) % n
            s.crew_ships[c, 0] = i
            s.ship_crew[i] = c
            i += 1
            if k > 0:
                s.crew_ships[c, 1] = i
                s.ship_crew[i] = c
                i += 1
        s.crew_ships[first, 1] = i
        s.ship_crew[i] = first
        i += 1
    else:
        for k in range(n):
            c = (first + k) % n
            s.crew_ships[c, 0] = i
            s.ship_crew[i] = c
            i += 1
    s.num_ships = i


@njit(cache=True)
def _starting_deck(s, c):
    """Ship deck + the captain's 2 ability cards, shuffled face down; draw 4 [Select a
    Captain]."""
    n = 0
    sd = s.crew_shipdef[c]
    for k in range(SHIP_DECK.shape[1]):
        s.deck[c, n] = SHIP_DECK[sd, k]
        n += 1
    cap = s.crew_captain[c]
    for k in range(CAPTAIN_ABILITIES.shape[1]):
        s.deck[c, n] = CAPTAIN_ABILITIES[cap, k]
        n += 1
    s.deck_n[c] = n
    shuffle(s, s.deck[c], n)
    draw(s, c, HAND_SIZE)


@njit(cache=True)
def _count_cards(s):
    """card_total: the copies of each card in this game, from the zones as dealt (starting
    decks, Market and its deck); what check_states holds every later position to."""
    for c in range(s.num_crews):
        for d in range(NDEFS):
            s.card_total[d] += s.hand[c, d] + s.discard[c, d]
        for i in range(s.deck_n[c]):
            s.card_total[s.deck[c, i]] += 1
    for i in range(MARKET_SIZE):
        if s.market[i] >= 0:
            s.card_total[s.market[i]] += 1
    for i in range(s.market_deck_n):
        s.card_total[s.market_deck[i]] += 1


@njit(cache=True)
def setup_game(s, cfg, seed):
    """New game from cfg [Player Setup; Sea Grid Setup; Island Setup; Variants; Ghost Fleet
    Setup]. Leaves phase PH_SETUP with no decision pending: setup_continue asks for the
    ship headings and then starts the first Island Phase."""
    _zero(s)
    s.cfg = cfg
    seed_state(s, seed)
    players = cfg.num_players
    v = cfg.variant
    ghosts = cfg.num_ghosts if v == VAR_GHOST else 0
    n = players + ghosts
    s.num_players = players
    s.num_crews = n
    for c in range(n):
        human = c < players
        s.crew_seat[c] = c if human else -1
        if v == VAR_TEAMS:
            s.crew_team[c] = cfg.team[c]
        elif v == VAR_GHOST:
            # co-op: all players one team, the Ghost Fleet the other; competitive: each
            # player a team, the fleet one more [ruling: Ghost Fleet competitive]
            s.crew_team[c] = cfg.team[c] if human else (1 if cfg.coop else players)
        else:
            s.crew_team[c] = c
        s.crew_shipdef[c] = cfg.ship[c]
        s.crew_captain[c] = cfg.captain[c] if human else -1
    # seat order; the Ghost Fleet draws the first player at random [ruling: Player order]
    first = randint(s, n) if v == VAR_GHOST else 0
    s.first_crew = first
    s.cur = first
    s.turn_start = first
    for k in range(n):
        c = (first + k) % n
        row = k if k < START_BONUS.shape[0] else START_BONUS.shape[0] - 1
        for r in range(3):
            s.res[c, r] = 1 + START_BONUS[row, r]
    for c in range(players):
        _starting_deck(s, c)
    if v == VAR_GHOST:
        # ghost ships get no deck: 4 cards each from the shared ghost deck [Ghost Fleet Setup]
        ghost.setup_fleet(s)
    _assign_ships(s)
    place_sea_features(s)
    _setup_wrecks(s)
    # 10 + 5 per ship unless the config says otherwise (config.py) [Island Setup 5;
    # ruling: Damage deck size]
    s.damage_left = cfg.damage_deck
    build_market_deck(s)
    _count_cards(s)
    s.phase = PH_SETUP
    s.pending = PK_NONE


@njit(cache=True)
def _free_for_ship(s, r, c):
    """Ships start off rocks, ships and shipwrecks [Sea Grid Setup C]."""
    return s.feature[r, c] != FEAT_ROCK and s.wreck[r, c] == 0 and ship_at(s, r, c) < 0


@njit(cache=True)
def setup_continue(s):
    """Roll the next ship's square and ask for its heading; start the Island Phase once every
    ship is on the grid [Sea Grid Setup C; Island Phase]. The seat of a ghost ship's crew is
    -1, so the players (seat 0) choose its heading (rules.decider) [ruling: Ship placement]."""
    for i in range(s.num_ships):
        if not s.ship_placed[i]:
            found = False
            r, c = 0, 0
            for _ in range(ROLL_BOUND):
                r, c = roll_square(s)
                if _free_for_ship(s, r, c):
                    found = True
                    break
            if not found:
                fault(s)
                return
            s.ship_r[i] = r
            s.ship_c[i] = c
            s.ship_h[i] = NORTH
            s.ship_placed[i] = 1
            s.cur = s.ship_crew[i]
            s.pend_ship = i
            s.pending = PK_ORIENT
            return
    begin_island(s)


@njit(cache=True)
def legal_orient(s, c, mask):
    """Any orthogonal heading [Sea Grid Setup C]."""
    for h in range(4):
        mask[A_OPTION + h] = 1


@njit(cache=True)
def apply_orient(s, c, action):
    s.ship_h[s.pend_ship] = action - A_OPTION
    s.pending = PK_NONE
