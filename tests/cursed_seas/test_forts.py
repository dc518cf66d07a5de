"""Forts [Forts; Building Forts; Treasure; Shooting; Abandoned forts; Destroying forts;
Docking; Unloading treasure; Repairing; Winning the Game]. Seat 0 owns Fort Brimstone (cost
4 gold, flags 3S 4L), seat 1 the Redoubt of Tears (cost 5, flags 4L 4L); fort index
p * 2 + j. Island 2 (wild) is at (6, 2), radius 1."""

import pytest

import envs
from envs.core.errors import ConfigError
from envs.cursed_seas.state import (
    A_FORT, A_NO, ACT_MOVE, ACT_REPAIR, ACT_SHOOT, LOC_FORT, LOC_ISLAND, LOC_SHIP,
    OPT_FORT, PK_BUILD, PK_FLAG, PK_FORT_GUN, PK_FORT_MAST, PK_FORT_TARGET, PK_PAY, PK_TARGET,
    PK_TURN,
    TR_FOG,
)

from .helpers import first_gun, fleet, guns, legal, opt, order, position, rec, seg

FORTS = [["Fort Brimstone"], ["Redoubt of Tears"]]
FAR = {"seat": 1, "slot": 0, "x": 9.0, "y": 5.0, "heading": 90.0}
DOCKED2 = {"seat": 0, "slot": 0, "x": 6.0 - 1.0 - 0.12 - 0.6 - 1e-4, "y": 2.0,
           "heading": 0.0, "dock": 2}


def forts_record(built=(), tokens=(0, 0, 0, 0), **extra):
    """Record fields: built = [(fort, island, flag bits)]."""
    d = {"ft_isl": [-1] * 8, "ft_flags": [0] * 8, "isl_token": list(tokens) + [0] * 8}
    for f, i, flags in built:
        d["ft_isl"][f] = i
        d["ft_flags"][f] = flags
    d.update(extra)
    return d


def game(ships, coins, record, f0=("Blue Petrel",), f1=("Rustfang",), rolls=None, **kw):
    return position([fleet(*f0), fleet(*f1)], ships, placed=coins, record=record,
                    rolls=rolls, forts=FORTS, **kw)


# ----- Building Forts ----------------------------------------------------------------------------
BUILD_COINS = [{"coin": 4, "at": "home", "where": 0}, {"coin": 5, "at": "home", "where": 0},
               {"coin": 2, "at": "island", "where": 2}]


def test_building_a_fort_at_the_end_of_the_turn_moves_the_islands_treasure_inside():
    """[Building Forts] at the end of her turn, with the fort in her collection, gold >= its
    cost at home and a ship docked at a wild island she explored, she may build it there:
    the island's face-down treasure moves inside, then she pays from home (coin by coin
    until the cost is met); all that gold still counts."""
    e = game([DOCKED2, FAR], BUILD_COINS, forts_record(tokens=(0, 0, 1, 0)))
    assert rec(e)["pending"] == PK_TURN
    e.step(A_NO)
    assert rec(e)["pending"] == PK_BUILD and legal(e) == {opt(0 * 12 + 2), A_NO}
    e.step(opt(2))
    s = rec(e)
    assert s["ft_isl"][0] == 2 and s["ft_flags"][0] == 0b11
    assert s["co_loc"][2] == LOC_FORT and s["co_at"][2] == 0 and s["co_seen"][2] & 1
    assert s["pending"] == PK_PAY and legal(e) == {opt(4), opt(5)}
    e.step(opt(4))                      # 3 gold of 4: not paid yet
    assert rec(e)["pending"] == PK_PAY
    e.step(opt(5))
    s = rec(e)
    assert s["co_loc"][4] == LOC_FORT and s["co_loc"][5] == LOC_FORT
    assert s["pending"] == PK_TURN and s["to_play"] == 1


@pytest.mark.parametrize("why", ["unexplored", "poor", "not docked", "home island"])
def test_no_fort_without_every_condition(why):
    """[Building Forts] every one of the three conditions is needed. Too little gold at home
    is hidden from the other seats, so she is still asked, with declining alone legal
    (ruling: Building forts)."""
    ship, coins, tokens = dict(DOCKED2), list(BUILD_COINS), (0, 0, 1, 0)
    if why == "unexplored":
        tokens = (0, 0, 0, 0)
    elif why == "poor":
        coins = [{"coin": 4, "at": "home", "where": 0}]          # 3 gold < 4
    elif why == "not docked":
        ship.update(x=3.0, y=6.0, dock=-1)
    else:                                                          # her home is no wild island
        ship.update(x=2.0 + 1.0 + 0.12 + 0.6 + 1e-4, heading=180.0, dock=0)
        tokens = (1, 0, 0, 0)
    e = game([ship, FAR], coins, forts_record(tokens=tokens))
    e.step(A_NO)
    if why == "poor":
        assert rec(e)["pending"] == PK_BUILD and legal(e) == {A_NO}
        e.step(A_NO)
    assert rec(e)["pending"] == PK_TURN and rec(e)["to_play"] == 1


def test_forts_need_a_collection_and_no_duplicates():
    with pytest.raises(ConfigError, match="No-Duplicates"):
        envs.make_raw("cursed_seas", forts=[["Fort Brimstone", "Fort Brimstone"], []])
    with pytest.raises(ConfigError, match="unknown fort"):
        envs.make_raw("cursed_seas", forts=[["Fort Nowhere"], []])


# ----- Docking, unloading, repairing -------------------------------------------------------------
FORT0 = [(0, 2, 0b11)]
INSIDE0 = [{"coin": 4, "at": "fort", "where": 0}, {"coin": 5, "at": "fort", "where": 0}]


def test_docking_at_her_fort_unloads_treasure_inside():
    """[Unloading treasure] 'When you dock at your home island or a fort, you must unload all
    treasure worth gold points'; it is placed inside the fort."""
    e = game([{"seat": 0, "slot": 0, "x": 3.5, "y": 2.0, "heading": 0.0}, FAR],
             INSIDE0 + [{"coin": 1, "at": "ship", "where": 0}], forts_record(FORT0))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_dock"][0] == 2 and s["co_loc"][1] == LOC_FORT and s["co_at"][1] == 0


def test_cannot_dock_at_an_enemy_fort():
    """[Docking] 'You can't dock ... at an enemy fort': she stops touching it, undocked,
    and keeps her treasure."""
    e = game([{"seat": 0, "slot": 0, "x": 3.5, "y": 2.0, "heading": 0.0}, FAR],
             [{"coin": 10, "at": "fort", "where": 2}, {"coin": 12, "at": "fort", "where": 2},
              {"coin": 1, "at": "ship", "where": 0}], forts_record([(2, 2, 0b11)]))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_dock"][0] == -1 and s["co_loc"][1] == LOC_SHIP


def test_repair_at_her_fort():
    """[Repairing] 'a ship docked at her home island or fort' repairs one mast."""
    ship = dict(DOCKED2, masts=[1, 0])
    e = game([ship, FAR], INSIDE0, forts_record(FORT0))
    assert order(0, ACT_REPAIR) in legal(e)
    e2 = game([ship, FAR], [], forts_record())
    assert order(0, ACT_REPAIR) not in legal(e2)


# ----- Shooting ----------------------------------------------------------------------------------
TARGET = {"seat": 1, "slot": 0, "x": 6.0, "y": 4.2, "heading": 0.0}
HOME0 = {"seat": 0, "slot": 0, "x": 2.0 + 1.0 + 0.12 + 1e-4, "y": 2.0, "heading": 0.0,
         "dock": 0}


def test_fort_shoots_with_its_flags_at_rank_and_range():
    """[Forts: Shooting] only shoot actions; each flag fires with its rank and range,
    measured from the flag (flag 0, 3S, is out of S; flag 1, 4L, reaches); a hit takes a
    mast, the fort's player picks it."""
    e = game([HOME0, TARGET], INSIDE0, forts_record(FORT0), rolls=(4,))
    assert A_FORT + 0 in legal(e)
    e.step(A_FORT + 0)
    assert rec(e)["pending"] == PK_FORT_GUN and guns(e) == {1}   # flag 0 reaches nothing
    e.step(opt(1))
    s = rec(e)
    assert s["pending"] == PK_FORT_TARGET and s["pend_mast"] == 1 and opt(6) in legal(e)
    e.step(opt(6))
    assert rec(e)["pending"] == PK_FORT_MAST and rec(e)["to_play"] == 0
    e.step(opt(0))
    s = rec(e)
    assert s["sh_masts"][6] == 0b10 and s["pending"] == PK_TURN
    assert A_FORT + 0 not in legal(e)          # one shoot action a turn (ruling: Forts)


def test_fort_roll_below_the_flags_rank_misses():
    """[Forts: Shooting] like ship cannons: a roll below the flag's rank (3 < 4) misses."""
    e = game([HOME0, TARGET], INSIDE0, forts_record(FORT0), rolls=(3,))
    e.step(A_FORT + 0)
    e.step(opt(1))
    e.step(opt(6))
    assert rec(e)["sh_masts"][6] == 0b11 and rec(e)["pending"] == PK_TURN


def test_fort_lines_of_fire_ignore_ships_but_not_fog():
    """[Forts: Shooting] 'Lines of fire drawn from forts are not blocked by other ships, sea
    creatures, or islands' (a ship of the target's fleet in between does not stop it, nor
    the fort's own island); fog banks still block."""
    screen = {"seat": 1, "slot": 1, "x": 5.4, "y": 3.5, "heading": 0.0}
    e = game([HOME0, TARGET, screen], INSIDE0, forts_record(FORT0),
             f1=("Rustfang", "Jade Lantern"))
    assert A_FORT + 0 in legal(e)
    fog = {"n_terr": 1, "tr_kind": [TR_FOG] + [0] * 7, "tr_x": [6.0] + [0.0] * 7,
           "tr_y": [3.6] + [0.0] * 7}
    e = game([HOME0, TARGET], INSIDE0, forts_record(FORT0, **fog))
    assert A_FORT + 0 not in legal(e)


FORT2 = [{"coin": 10, "at": "fort", "where": 2}, {"coin": 12, "at": "fort", "where": 2}]
GUN = {"seat": 0, "slot": 0, "x": 4.0, "y": 3.5, "heading": 0.0}


def test_a_hit_fort_loses_a_flag_its_player_picks():
    """[Abandoned forts] 'When a fort is hit, its player eliminates a flag.'"""
    e = game([GUN, FAR], FORT2, forts_record([(2, 2, 0b11)]), f0=("Jade Lantern",),
             rolls=(6,))
    e.step(order(0, ACT_SHOOT))
    first_gun(e)
    assert rec(e)["pending"] == PK_TARGET and opt(OPT_FORT + 2) in legal(e)
    e.step(opt(OPT_FORT + 2))
    s = rec(e)
    assert s["pending"] == PK_FLAG and s["to_play"] == 1 and legal(e) == {opt(0), opt(1)}
    e.step(opt(1))
    s = rec(e)
    assert s["ft_flags"][2] == 0b01 and s["pending"] == PK_TURN and s["to_play"] == 0


def test_an_abandoned_fort_takes_no_actions_and_a_hit_destroys_it():
    """[Abandoned forts; Destroying forts] with no flags it may not be given actions; hit,
    it is removed, its gold placed back on the island, which reverts to an unexplored wild
    island."""
    near = {"seat": 1, "slot": 0, "x": 6.3, "y": 3.3, "heading": 0.0}
    e = game([GUN, near], FORT2, forts_record([(2, 2, 0)], tokens=(0, 0, 3, 0)),
             f0=("Jade Lantern",), rolls=(6,))
    e.step(order(0, ACT_SHOOT))
    first_gun(e)
    e.step(opt(OPT_FORT + 2))
    s = rec(e)
    assert s["ft_isl"][2] == -1 and s["ft_gone"][2] == 1 and s["isl_token"][2] == 0
    assert s["co_loc"][10] == LOC_ISLAND and s["co_at"][10] == 2 and s["co_loc"][12] == LOC_ISLAND
    abandoned = game([GUN, near], FORT2, forts_record([(2, 2, 0)]), f0=("Jade Lantern",),
                     cur=1)
    assert A_FORT + 0 not in legal(abandoned)
    standing = game([GUN, near], FORT2, forts_record([(2, 2, 0b11)]), f0=("Jade Lantern",),
                    cur=1)
    assert A_FORT + 0 in legal(standing)


# ----- Winning the Game ----------------------------------------------------------------------------
def test_gold_in_forts_counts_toward_victory():
    """[Winning the Game] players add up the gold on their home islands and in their forts:
    seat 0's fort holds 8, seat 1's home 7."""
    coins = INSIDE0 + [{"coin": 12, "at": "home", "where": 1},
                       {"coin": 10, "at": "home", "where": 1}, {"coin": 11, "at": "home", "where": 1}]
    e = game([HOME0, FAR], coins, forts_record(FORT0), keep_gold=False)
    e.step(A_NO)
    s = rec(e)
    assert s["done"] == 1 and s["reward"][0] == 1.0 and s["reward"][1] == -1.0


def test_random_games_with_forts_stay_valid():
    import numpy as np

    from envs.cursed_seas.validate import check_states

    rng = np.random.default_rng(3)
    built = 0
    for seed in range(8):
        n = 2 + seed % 3
        e = envs.make_raw("cursed_seas", num_players=n, max_steps=2500,
                          forts=[["Fort Brimstone", "Redoubt of Tears"], ["Coral Bastion"],
                                 ["Gullwatch Battery"], ["Saint Oriel's Keep"]][:n])
        e.reset(seed=seed)
        while not (rec(e)["done"] or rec(e)["truncated"]):
            acts = e.legal_actions()
            build = [a for a in acts if rec(e)["pending"] == PK_BUILD and a != A_NO]
            e.step(int(build[0]) if build else int(rng.choice(acts)))
            if rec(e)["step"] % 50 == 0:
                assert check_states(e.record)[0] == []
        built += int((rec(e)["ft_isl"] >= 0).sum() + rec(e)["ft_gone"].sum())
        assert check_states(e.record)[0] == []
    assert built > 0


def test_derelict_docked_at_her_fort_can_still_move_so_the_game_goes_on():
    """[Winning the Game] the game ends when only one player 'is able to give any future
    move actions'; [Repairing] 'a ship docked at her home island or fort' repairs a mast
    (ruling: Who can still move). Seat 0's only ship is a derelict docked at her own fort:
    next turn she repairs there and can move again, so seat 1 ending her turn ends nothing."""
    derelict = dict(DOCKED2, masts=[0, 0])
    e = game([derelict, FAR], INSIDE0, forts_record(FORT0), cur=1)
    e.step(A_NO)                                       # seat 1 ends her turn
    s = rec(e)
    assert s["done"] == 0 and s["to_play"] == 0
    assert order(0, ACT_REPAIR) in legal(e)
    # at a wild island with no fort of hers she could never move again: the game ends
    e2 = game([derelict, FAR], [{"coin": 4, "at": "island", "where": 3}], forts_record(),
              cur=1)
    e2.step(A_NO)
    assert rec(e2)["done"] == 1      # (0 gold each; seat 1 wins on masts standing: Tie-breakers)


def test_game_ends_immediately_when_a_forts_hit_leaves_only_one_player_able_to_move():
    """[Winning the Game] "The game ends immediately when one of the following conditions has
    been met: ... Only one player is able to give any future move actions to any of their
    ships." Fort Brimstone's flag 4L takes the last mast of seat 1's only ship: the game
    ends before flag 3S, which reaches her too, may fire (ruling: End timing). Seat 0 wins
    with the 8 gold in her fort."""
    target = dict(TARGET, y=3.4, masts=[1, 0])
    e = game([HOME0, target], INSIDE0, forts_record(FORT0), rolls=(4,))
    e.step(A_FORT + 0)
    assert guns(e) == {0, 1}
    e.step(opt(1))
    e.step(opt(6))                      # a 4 hits
    assert rec(e)["pending"] == PK_FORT_MAST
    e.step(opt(0))                      # her last mast goes: a derelict at sea
    s = rec(e)
    assert s["sh_masts"][6] == 0 and s["sh_live"][6] == 1
    assert s["done"] == 1 and s["winner_mask"] == 0b01


def test_long_guns_reach_l_at_a_fort_and_are_revealed():
    """Long Guns (pieces.toml: 'this ship's cannons of range S shoot up to L'; ruling:
    Keywords) apply to a fort target as to a ship [Forts: Shooting]: Golden Abacus (two S
    masts) with Long Nines lies 1.51-1.54 S from seat 1's fort square (between S and L), so
    the shot is offered; the shoot action only they allow reveals the equipment when it is
    given, and with a derelict within S giving it anyway, firing at the fort beyond S does
    [Placing Crew and equipment]."""
    fleets = [fleet(("Golden Abacus", [], ["Long Nines"])), fleet("Rustfang", "Anvil Gale")]
    shooter = {"seat": 0, "slot": 0, "x": 6.0, "y": 4.0, "heading": 0.0}
    far1 = {"seat": 1, "slot": 0, "x": 10.0, "y": 6.5, "heading": 90.0}
    hulk = {"seat": 1, "slot": 1, "x": 6.0, "y": 4.8, "heading": 0.0, "masts": [0, 0, 0]}
    inside1 = [{"coin": c, "at": "fort", "where": 2} for c in (8, 10, 11)]   # 5 gold: its cost
    for near in (False, True):
        e = position(fleets, [shooter, far1] + ([hulk] if near else []), placed=inside1,
                     record=forts_record([(2, 2, 0b11)]), forts=FORTS, rolls=(1,))
        assert order(0, ACT_SHOOT) in legal(e)
        e.step(order(0, ACT_SHOOT))
        assert rec(e)["cr_up"][0] == (0 if near else 1)
        first_gun(e)
        assert rec(e)["pending"] == PK_TARGET and opt(OPT_FORT + 2) in legal(e)
        e.step(opt(OPT_FORT + 2))
        assert rec(e)["cr_up"][0] == 1
    # without Long Guns an S cannon does not reach the fort
    e2 = position([fleet("Golden Abacus"), fleet("Rustfang")], [shooter, far1], placed=inside1,
                  record=forts_record([(2, 2, 0b11)]), forts=FORTS)
    assert order(0, ACT_SHOOT) not in legal(e2)
