"""Cursed Seas rules as the rulebook writes them (issue 32 items 1-9): turning to any heading
between measurements and stopping anywhere along a segment, the deploying player's heading,
the player's order of fire, sea creatures measured from anywhere on their base, "any part
of the target", no ram between pinned ships, stopping on contact at a segment's end, the
small readings of item 8 and scenario keys for the whole table. One position per rule; the
section is in each test's name and docstring."""

import math

import pytest

import envs
from envs.cursed_seas import state as S
from envs.cursed_seas.state import (
    A_NO, ACT_EXPLORE, ACT_MOVE, ACT_SHOOT, LOC_HOME, PK_BOARD, PK_DEPLOY, PK_SEGMENT, PK_TARGET,
    PK_TURN, SHIP_R, TOUCH,
)
from envs.cursed_seas.validate import check_states

from .helpers import STOP, fleet, legal, opt, order, position, rec, seg, seg_turns, ship

PETREL = "Blue Petrel"      # azure, masts 3S 5S, L+S, hull 0.6
RUST = "Rustfang"           # iron, masts 3S 5S, L, hull 0.6
KRAKEN = "Maw of the Shoals"    # kraken: 4 segments, S+S, base 0.8
FAR = ship(1, 0, 9.0, 5.0, 90.0)


def two(f0=(PETREL,), f1=(RUST,)):
    return [fleet(*f0), fleet(*f1)]


def tokens(*pairs):
    """An isl_token record field: (island, seat) pairs explored."""
    t = [0] * 12
    for i, p in pairs:
        t[i] |= 1 << p
    return t


# ----- 1. Turning: any heading between measurements, stopping anywhere ---------------------
def test_moving_a_ship_bow_in_at_an_island_turns_to_any_heading_and_heads_away():
    """[Moving] "she can change direction only between each measurement" limits when she
    turns, not how far: lying bow-in at an island she turns about and sails straight away
    in one move, and may stop at any eighth of the segment (ruling: Movement grammar)."""
    bow = 6.0 + 1.0 + SHIP_R + 1e-4               # island 2: (6, 2), radius 1
    e = position(two(), [ship(0, 0, bow + 0.6, 2.0, 180.0, dock=2), FAR])
    e.step(order(0, ACT_MOVE))
    assert 180.0 in seg_turns(e, kind=1)
    assert {seg(1, 180.0, (f + 1) / 8) for f in range(8)} <= legal(e)
    e.step(seg(1, 180.0))
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(bow + 0.6 + 2.0, abs=1e-9)
    assert math.cos(s["sh_h"][0]) == pytest.approx(1.0)
    assert s["sh_dock"][0] == -1 and check_states(e.record)[0] == []


def test_moving_stops_at_any_eighth_of_a_segment():
    """[Moving] the player measures: an S segment may end 3/8 S along (ruling: Movement
    grammar: eighths of the segment)."""
    e = position(two(), [ship(0, 0, 4.0, 5.0, 90.0), FAR])
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 0, 3 / 8))
    assert rec(e)["sh_y"][0] == pytest.approx(5.375, abs=1e-9)


def test_moving_a_turn_never_swings_the_hull_past_the_table_edge():
    """[Setup: the edge is a wall; Moving] a turn about the stern that would swing the
    hull over the edge on its way is not offered, although it ends on the table: lying
    along the bottom edge heading east, +165 (through north) is offered, -165 (through
    south, off the table) is not (issue 32 item 8)."""
    e = position(two(), [ship(0, 0, 5.0, 0.35, 0.0), FAR])
    e.step(order(0, ACT_MOVE))
    turns = seg_turns(e)
    # -165 would end with her bow 0.35 - 0.6 sin 15 = 0.19 S from the edge: on the table
    assert 165.0 in turns and -165.0 not in turns


# ----- 2. Deployment: the player chooses the heading -----------------------------------------
def test_choosing_home_islands_the_player_chooses_her_ships_heading_bow_touching():
    """[Choosing Home Islands] ships are placed "so that their bows touch that island": the
    heading is her player's choice (not only facing the island's centre), the bow still the
    part touching (ruling: Home islands and deploying)."""
    e = envs.make_raw("cursed_seas", num_players=2)
    e.reset(seed=3)
    while rec(e)["pending"] != PK_DEPLOY:
        e.step(min(legal(e)))
    s = rec(e)
    k = int(s["pend_ship"])
    turned = [a for a in sorted(legal(e)) if a < 64 and S.DEPLOY_TURN[a % 5] == 30.0]
    assert turned
    e.step(turned[0])
    s = rec(e)
    i = int(s["home"][k // 6])
    ln = float(s["sh_len"][k])
    bx = s["sh_x"][k] + ln * math.cos(s["sh_h"][k])
    by = s["sh_y"][k] + ln * math.sin(s["sh_h"][k])
    cx, cy = float(s["isl_x"][i]), float(s["isl_y"][i])
    assert math.hypot(bx - cx, by - cy) - SHIP_R - s["isl_r"][i] <= TOUCH   # bow touches
    to_centre = math.atan2(cy - by, cx - bx)
    off = math.degrees(math.atan2(math.sin(s["sh_h"][k] - to_centre),
                                  math.cos(s["sh_h"][k] - to_centre)))
    assert off == pytest.approx(30.0, abs=1e-6)
    assert s["sh_dock"][k] == i and check_states(e.record)[0] == []


# ----- 3. Cannon order: the player's ------------------------------------------------------------
def test_shooting_the_player_chooses_which_cannon_fires_next_and_a_held_one_may_fire_later():
    """[Shooting] the text sets no order of fire: her player picks the cannon that fires
    next; a cannon not yet fired is not lost for the action (ruling: Cannon hits)."""
    pos = [ship(0, 0, 4.0, 6.0, 0.0), ship(1, 0, 4.2, 6.6, 0.0)]
    e = position(two(), pos, rolls=(1, 1))
    e.step(order(0, ACT_SHOOT))
    assert rec(e)["pending"] == S.PK_GUN and {opt(0), opt(1), A_NO} <= legal(e)
    e.step(opt(1))                                # the second cannon first
    assert rec(e)["pending"] == PK_TARGET and rec(e)["pend_mast"] == 1
    assert A_NO not in legal(e)                   # chosen to fire: it fires
    e.step(opt(6))                                # a 1 misses
    assert rec(e)["pending"] == S.PK_GUN and legal(e) == {opt(0), A_NO}   # the first is left
    e.step(opt(0))
    e.step(opt(6))
    assert rec(e)["pending"] == PK_TURN


# ----- 4. Sea creatures: measured from anywhere on the base -------------------------------------
def test_sea_creatures_measure_movement_from_anywhere_on_their_base_and_move_straight_back():
    """[Sea Creatures] "Measure a sea creature's movement from anywhere on its base": the
    Maw of the Shoals (S+S) facing east moves 2 S straight west, its base carried the
    measured distance (it turns about its middle; ruling: Sea creatures)."""
    e = position([fleet(KRAKEN), fleet(RUST)], [ship(0, 0, 6.0, 6.0, 0.0), FAR])
    mid0 = 6.0 + 0.4
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 180.0))
    e.step(seg(0))
    s = rec(e)
    mid = s["sh_x"][0] + 0.4 * math.cos(s["sh_h"][0])
    assert mid == pytest.approx(mid0 - 2.0, abs=1e-9)
    assert s["sh_y"][0] + 0.4 * math.sin(s["sh_h"][0]) == pytest.approx(6.0, abs=1e-9)
    assert check_states(e.record)[0] == []


# ----- 5. Any part of the target -----------------------------------------------------------------
def test_shooting_range_is_to_any_part_of_the_target_hull():
    """[Shooting] range is measured to "any part of the target": a hull whose nearest part
    is 0.995 S from the cannon is within S although her stern, middle and bow are not
    (ruling: Line of fire)."""
    # mast 0 of the Petrel (2 masts, hull 0.6) stands 0.2 from her stern: (4, 6.2)
    d = 1.0 + SHIP_R - 0.005                       # keel 1.115 away: hull 0.995 away
    target = ship(1, 0, 4.0 + d, 6.2 - 0.25 * 0.6, 90.0)    # nearest keel point a quarter along
    e = position(two(), [ship(0, 0, 4.0, 6.0, 90.0, masts=[1, 0]), target])
    assert order(0, ACT_SHOOT) in legal(e)


def test_shooting_a_ship_half_hidden_can_be_shot_through_a_clear_line_to_her_exposed_part():
    """[Shooting] a line of fire to any part of the target: own ships hide Rustfang's
    stern, middle and bow from the cannon, but the line to a part between her middle and
    bow is clear (ruling: Line of fire)."""
    f0 = fleet(PETREL, "Jade Lantern", "Golden Abacus")
    pos = [ship(0, 0, 4.0, 6.0, 90.0, masts=[1, 0]), ship(0, 1, 4.5, 5.65, 90.0),
           ship(0, 2, 4.65, 7.3, -90.0), ship(1, 0, 5.0, 6.2, 90.0)]
    e = position([f0, fleet(RUST)], pos)
    assert order(0, ACT_SHOOT) in legal(e)
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    assert opt(6) in legal(e)


# ----- 6. Pinned ships cannot ram each other ------------------------------------------------------
def test_ram_ships_cannot_ram_each_other_while_they_are_pinned():
    """[Ram] "Ships can't ram each other while they are pinned": the rammed ship, her bow
    touching the rammer that is pinned to her, rams nothing after a move of 0 S - no second
    boarding party, no lock (ruling: Ram)."""
    bow1 = 4.6 + 2 * SHIP_R + 5e-4
    pos = [ship(0, 0, 4.0, 6.0, 0.0), ship(1, 0, bow1 + 0.6, 6.0, 180.0)]
    e = position(two(), pos)
    e.step(order(0, ACT_MOVE))
    e.step(STOP)                                   # 0 S: her bow touches Rustfang's
    assert rec(e)["pending"] == PK_BOARD and rec(e)["sh_pin"][0] == 6
    e.step(A_NO)
    e.step(A_NO)
    e.step(A_NO)                                   # end of seat 0's turn
    assert rec(e)["to_play"] == 1
    e.step(order(0, ACT_MOVE))
    e.step(STOP)
    s = rec(e)
    assert s["pending"] == PK_TURN and s["sh_pin"][6] == -1 and s["sh_pin"][0] == 6


# ----- 7. Stopping on contact at a segment's end -------------------------------------------------
def test_moving_a_segment_ending_touching_an_island_stops_her():
    """[Moving] "If a ship touches ... an island during her movement, she must stop": a
    segment ending within the touch tolerance of an island ends the move (she docks), as a
    contact found on the way does (ruling: Movement grammar)."""
    bow_end = 6.0 + 1.0 + SHIP_R + 5e-4           # island 2 (6, 2) r 1: 0.0005 short of it
    e = position(two(), [ship(0, 0, bow_end + 2.0 + 0.6, 2.0, 180.0), FAR])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))                                 # a whole L, the S left
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(bow_end + 0.6, abs=1e-9)
    assert s["pending"] == PK_TURN and s["sh_dock"][0] == 2


# ----- 8. Small items --------------------------------------------------------------------------
def _docked_at_island_2(**kw):
    bow = 6.0 - 1.0 - SHIP_R - 1e-4
    return position(two(), [ship(0, 0, bow - 0.6, 2.0, 0.0, dock=2), FAR], **kw)


def test_exploring_a_move_of_0_s_is_no_docking_and_gives_no_free_explore():
    """[Exploring; Docking] the free explore follows docking at an island bearing her
    token; a ship already docked there that moves 0 S docks nowhere new (ruling:
    Explored islands)."""
    e = _docked_at_island_2(placed=[{"coin": 0, "at": "island", "where": 2}],
                            record={"isl_token": tokens((2, 0))})
    e.step(order(0, ACT_MOVE))
    e.step(STOP)
    assert rec(e)["pending"] == PK_TURN


def test_exploring_an_empty_wild_island_explores_it_for_a_fort():
    """[Exploring; Building Forts: "a wild island you have explored"] a wild island with no
    treasure left can still be explored (the look finds nothing), so it can count as
    explored (ruling: Explored islands)."""
    e = _docked_at_island_2()
    assert order(0, ACT_EXPLORE) in legal(e)
    e.step(order(0, ACT_EXPLORE))
    s = rec(e)
    assert s["sh_explored"][0] == 1 and s["pending"] == PK_TURN
    assert order(0, ACT_EXPLORE) not in legal(e)


def test_winning_the_game_ends_immediately_when_the_last_gold_is_unloaded():
    """[Winning the Game] "The game ends immediately when ... all available gold has been
    unloaded": unloading the last coin at home ends it before the ram her bow would make
    (ruling: End timing)."""
    bow = (2.0 + 1.0 + SHIP_R + 1e-4, 2.0)        # home island 0: (2, 2) r 1
    a = math.radians(93.0)
    px, py = bow[0] + 0.2405 * math.cos(a), bow[1] + 0.2405 * math.sin(a)
    pos = [ship(0, 0, bow[0] + 0.6, 2.0, 180.0, dock=0), ship(1, 0, px, py, 90.0)]
    e = position(two(), pos, keep_gold=False,
                 placed=[{"coin": 0, "at": "ship", "where": 0}])
    e.step(order(0, ACT_MOVE))
    e.step(STOP)
    s = rec(e)
    assert s["co_loc"][0] == LOC_HOME
    assert s["done"] == 1 and s["pending"] != PK_BOARD and s["winner_mask"] == 1


def test_winning_the_game_ends_immediately_when_a_hit_leaves_only_one_player_able_to_move():
    """[Winning the Game] "The game ends immediately when one of the following conditions has
    been met: ... Only one player is able to give any future move actions to any of their
    ships." Seat 1's only ship (one mast left, 1 gold aboard, at sea) loses her last mast to
    Blue Petrel's first cannon: only seat 0 can move from then on, so the game ends before
    the second cannon may fire and sink her - tied at 0 gold at home, seat 1 wins on gold on
    remaining ships, the first tie-breaker (ruling: End timing)."""
    target = ship(1, 0, 4.0, 6.8, 0.0, masts=[1, 0])
    coins = [{"coin": 8, "at": "ship", "where": 6}]          # seat 1's copper, aboard her
    e = position(two(), [ship(0, 0, 4.0, 6.0), target], placed=coins, rolls=(6, 6),
                 keep_gold=False)
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))                      # cannon 0 (3S) fires first
    e.step(opt(6))                      # at seat 1's ship: a 6 hits
    e.step(opt(0))                      # her last mast goes: a derelict at sea
    s = rec(e)
    assert s["sh_masts"][6] == 0 and s["sh_live"][6] == 1
    assert s["done"] == 1 and s["winner_mask"] == 0b10


def test_placing_islands_the_spacing_is_a_recommendation_the_config_may_drop():
    """[Placing Islands] islands "are recommended to be placed at least 1L but not more
    than 6L from each other": config island_spacing = "free" offers every point that
    touches no island (ruling: Island placement)."""
    def points(**cfg):
        e = envs.make_raw("cursed_seas", num_players=2, **cfg)
        e.reset(seed=5)
        e.step(min(legal(e)))                      # the first island
        return legal(e)
    kept, free = points(), points(island_spacing="free")
    assert kept < free


# ----- 9. Scenario keys for the whole table ------------------------------------------------------
def _table(ships, config=(), **extra):
    d = {"config": {"num_players": 2, "fleets": two(), **dict(config)},
         "islands": [{"x": 2.0, "y": 2.0, "r": 1.0, "home": 0},
                     {"x": 10.0, "y": 10.0, "r": 1.0, "home": 1},
                     {"x": 6.0, "y": 2.0, "r": 1.0, "tokens": [1]},
                     {"x": 2.0, "y": 9.0, "r": 1.0}],
         "ships": ships, "coins": [{"coin": 13, "at": "island", "where": 3}],
         "order": [0, 1], "play": {"cur": 0, "turn": 1}, **extra}
    e = envs.make_raw("cursed_seas", **d["config"])
    e.reset(seed=0)
    e.load_scenario(d)
    return e


def test_scenario_a_ship_placed_on_a_reef_began_her_turn_there_and_does_not_roll():
    """[Reef] "A game piece that begins its turn on a reef does not have to roll ... when it
    moves off": a scenario's reefs are on the table before the turn starts, so a ship placed
    touching one does not roll when a segment ends still touching it."""
    e = _table([ship(0, 0, 4.0, 5.0, 90.0), FAR], config={"reefs": 1},
               reefs=[{"x": 4.5, "y": 5.3}])
    assert rec(e)["sh_reefs"][0] & 1
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 0, 1 / 8))
    s = rec(e)
    assert s["rf_rating"][0] == 0 and s["pending"] == PK_SEGMENT


def test_scenario_terrain_tokens_and_lost_ships_have_readable_keys_that_round_trip():
    """[Terrain; Fog Bank; Exploring] a scenario names terrain pieces, exploration tokens
    and a ship lost in a fog bank by readable keys, and describing the position gives them
    back: loading that description rebuilds the same record."""
    e = _table([ship(0, 0, 7.7, 7.7, 0.0) | {"lost": 0}, FAR],
               terrain=[{"kind": "fog bank", "x": 8.0, "y": 7.8}])
    s = rec(e)
    assert s["isl_token"][2] == 2 and s["sh_lost"][0] == 0 and s["n_terr"] == 1
    out = e.to_scenario()
    assert out["terrain"][0]["kind"] == "fog bank" and out["ships"][0]["lost"] == 0
    assert out["islands"][2]["tokens"] == [1]
    for f in ("isl_token", "sh_lost", "n_terr", "tr_kind", "tr_x", "tr_y"):
        assert f not in out["record"]
    e.load_scenario(out)
    assert e.to_scenario() == out and check_states(e.record)[0] == []


def test_docking_touching_her_home_island_and_a_wild_one_she_unloads_at_home():
    """[Docking] "a ship docked at (touching) an island"; [Unloading treasure] "When you
    dock at your home island or a fort, you must unload all treasure worth gold points".
    Blue Petrel sails into the 0.2 S gap between wild island 0 and her home island 1 and
    stops touching both: she is docked at her home island (touching it is docking there, no
    choice of hers), so she must unload; the engine's one dock is her home (ruling:
    Docking)."""
    isl = [{"x": 4.0, "y": 2.0, "r": 1.0, "home": -1}, {"x": 6.2, "y": 2.0, "r": 1.0, "home": 0},
           {"x": 10.0, "y": 10.0, "r": 1.0, "home": 1}, {"x": 2.0, "y": 9.0, "r": 1.0, "home": -1}]
    e = position(two(), [ship(0, 0, 5.1, 3.5, -90.0), ship(1, 0, 9.0, 5.0, 90.0)], islands=isl,
                 placed=[{"coin": 1, "at": "ship", "where": 0}])
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))                      # S south: she stops touching both islands
    s = rec(e)
    assert s["sh_y"][0] == pytest.approx(2.0 + math.sqrt(1.12 ** 2 - 1.1 ** 2) + 0.6, abs=2e-3)
    assert s["sh_dock"][0] == 1
    assert s["co_loc"][1] == LOC_HOME and s["co_at"][1] == 0
    assert check_states(e.record)[0] == []
