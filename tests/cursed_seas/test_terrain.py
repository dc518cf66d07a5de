"""Terrain other than reefs [Placing Terrain; Terrain; Fog Bank; Iceberg; Sargasso Sea; Trade
Current; Whirlpool], the rules text's own Sargasso examples among them: a 3-mast ship over a
Sargasso Sea rated 4 is tangled, a 4-mast ship over one rated 2 is unaffected, equal is
unaffected. Every outcome is derived from the rules text; dice are rigged."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import envs
from envs.core.errors import ConfigError
from envs.cursed_seas.state import (
    A_NO, ACT_MOVE, ACT_SHOOT, EDGE_SLOTS, LOC_GONE, PK_ICE_MAST, PK_PLACE_TERR, PK_SEGMENT,
    PK_TURN, PK_UNTANGLE, PK_WHIRL, PK_WHIRL_LOSS, SHIP_R, TERR_R, TR_FOG, TR_ICE,
    TR_SARGASSO, TR_TRADE, TR_WHIRL,
)

from .helpers import fleet, legal, opt, order, position, rec, seg

FAR = {"seat": 1, "slot": 0, "x": 9.0, "y": 4.0, "heading": 90.0}
PETREL = "Blue Petrel"          # azure, 2 masts, L+S, hull 0.6
REACH = TERR_R + SHIP_R + 1e-4  # a piece placed touching a terrain disc


def terrain(*pieces):
    """Record fields for terrain pieces (kind, x, y, extra)."""
    d = {"n_terr": len(pieces), "tr_kind": [0] * 8, "tr_x": [0.0] * 8, "tr_y": [0.0] * 8,
         "tr_num": [0] * 8, "tr_owner": [-1] * 8}
    for t, (kind, x, y, *extra) in enumerate(pieces):
        d["tr_kind"][t] = kind
        d["tr_x"][t] = x
        d["tr_y"][t] = y
        if kind == TR_ICE:
            d["tr_num"][t] = extra[0]
        if kind == TR_TRADE:
            d["tr_owner"][t] = extra[0]
    return d


def sail_onto(ship, pieces, rolls=None, x=4.0, extra=(), record=(), new_turn=False,
              step=True, **cfg):
    """Seat 0's ``ship`` at (x, 6) heading east sails one whole S straight on."""
    me = {"seat": 0, "slot": 0, "x": x, "y": 6.0, "heading": 0.0}
    rec_ = {**terrain(*pieces), **dict(record)}
    e = position([fleet(ship), fleet("Rustfang")], [me, FAR, *extra], rolls=rolls,
                 record=rec_, **cfg)
    if new_turn:
        e.step(A_NO)
        e.step(A_NO)
    if step:
        e.step(order(0, ACT_MOVE))
        e.step(seg(0))
    return e


# ----- Fog Bank ----------------------------------------------------------------------------------
def test_fog_bank_places_the_whole_ship_within_it_lost_and_her_turn_ends():
    """[Fog Bank] touching a fog bank: the entire piece is placed within it, it is lost and
    its turn ends even if it could move farther (the L segment is not offered)."""
    e = sail_onto(PETREL, [(TR_FOG, 6.0, 6.0)])
    s = rec(e)
    assert s["sh_lost"][0] == 0 and s["pending"] == PK_TURN
    bx = s["sh_x"][0] + 0.6 * math.cos(s["sh_h"][0])
    assert max(abs(s["sh_x"][0] - 6.0), abs(bx - 6.0)) <= TERR_R       # within the disc
    assert all(order(0, a) not in legal(e) for a in range(4))          # turn over


def test_lost_ships_cannot_shoot_or_be_shot():
    """[Fog Bank] 'Lost game pieces can't shoot, be shot at'."""
    lost = {"seat": 1, "slot": 0, "x": 5.7, "y": 6.0, "heading": 0.0}
    e = position([fleet("Jade Lantern"), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 4.5, "y": 7.2, "heading": 0.0}, lost],
                 record={**terrain((TR_FOG, 6.0, 6.0)), "sh_lost": [-1] * 6 + [0] + [-1] * 17})
    assert order(0, ACT_SHOOT) not in legal(e)
    e2 = position([fleet("Jade Lantern"), fleet("Rustfang")],
                  [{"seat": 0, "slot": 0, "x": 4.5, "y": 7.2, "heading": 0.0}, lost])
    assert order(0, ACT_SHOOT) in legal(e2)                             # in the clear: yes


def test_leaving_a_fog_bank_at_the_rolled_number_facing_away():
    """[Fog Bank] a move action to exit: roll a d6, place the piece outside touching that
    number, facing away; it is no longer lost and moves on from there (numbers 1-6 every
    60 degrees from east: ruling Terrain pieces)."""
    e = sail_onto(PETREL, [(TR_FOG, 6.0, 6.0)], rolls=(4,), new_turn=False)
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))
    s = rec(e)
    assert s["sh_lost"][0] == -1 and s["pending"] == PK_SEGMENT
    assert s["sh_x"][0] == pytest.approx(6.0 - REACH) and s["sh_y"][0] == pytest.approx(6.0)
    assert math.cos(s["sh_h"][0]) == pytest.approx(-1.0)               # facing away (west)
    e.step(seg(0))                      # sailing off: the fog does not take her again
    assert rec(e)["sh_lost"][0] == -1


def test_terrain_a_fog_bank_sailed_clear_of_and_back_into_in_the_same_move_takes_her_again():
    """[Terrain] effects apply whenever a segment ends touching a piece, once per move
    action; [Fog Bank] "When any part of a ship ... touches a fog bank ... the game piece's
    turn ends". Leaving the fog she starts her move touching it, and that alone does not
    lose her again; but once a segment has ended clear of it, a later segment ending in it
    loses her (ruling: Terrain once per move action)."""
    e = sail_onto(PETREL, [(TR_FOG, 6.0, 6.0)], rolls=(4,), new_turn=False)
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))          # out at number 4: west side, facing west
    e.step(seg(0))                      # S straight on: clear of the fog
    s = rec(e)
    assert s["sh_lost"][0] == -1 and s["pending"] == PK_SEGMENT
    e.step(seg(1, 180, 0.5))            # about, and half an L back east into it
    s = rec(e)
    assert s["sh_lost"][0] == 0 and s["pending"] == PK_TURN
    assert all(order(0, a) not in legal(e) for a in range(4))


def test_fog_banks_block_lines_of_fire():
    """[Fog Bank] 'Fog banks block lines of fire.'"""
    ships = [{"seat": 0, "slot": 0, "x": 3.0, "y": 6.0, "heading": 90.0},
             {"seat": 1, "slot": 0, "x": 5.0, "y": 6.0, "heading": 90.0}]
    clear = position([fleet("Jade Lantern"), fleet("Rustfang")], ships)
    assert order(0, ACT_SHOOT) in legal(clear)
    fog = position([fleet("Jade Lantern"), fleet("Rustfang")], ships,
                   record=terrain((TR_FOG, 4.0, 7.4)))
    assert order(0, ACT_SHOOT) in legal(fog)                           # beside the line
    fog = position([fleet("Jade Lantern"), fleet("Rustfang")], ships,
                   record=terrain((TR_FOG, 4.0, 6.3)))
    assert order(0, ACT_SHOOT) not in legal(fog)


# ----- Iceberg -----------------------------------------------------------------------------------
def ice_turn(pieces, rolls, extra=()):
    """Seat 0 ends her turn; seat 1's turn begins with the iceberg roll."""
    e = position([fleet(PETREL), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 3.0, "y": 6.0, "heading": 90.0}, FAR, *extra],
                 rolls=rolls, record=terrain(*pieces))
    e.step(A_NO)
    return e


def test_iceberg_moves_s_from_the_rolled_number_when_its_gold_number_comes_up():
    """[Iceberg] the turn's d6 matches the gold number: another d6 picks the edge number and
    the iceberg moves S straight out from it, without turning."""
    s = rec(ice_turn([(TR_ICE, 6.0, 6.0, 3)], (3, 2)))
    assert s["tr_x"][0] == pytest.approx(6.0 + math.cos(math.pi / 3))
    assert s["tr_y"][0] == pytest.approx(6.0 + math.sin(math.pi / 3))
    assert s["pending"] == PK_TURN and s["to_play"] == 1


def test_iceberg_stays_when_the_roll_does_not_match():
    s = rec(ice_turn([(TR_ICE, 6.0, 6.0, 3)], (5, 1)))
    assert (s["tr_x"][0], s["tr_y"][0]) == (6.0, 6.0)


def test_iceberg_touching_a_ship_stops_and_she_loses_a_mast():
    """[Iceberg] 'If an iceberg touches any ship ..., stop moving it and eliminate one mast'
    (her player picks which: ruling Iceberg), then the turn goes on."""
    victim = {"seat": 0, "slot": 1, "x": 7.2, "y": 5.7, "heading": 90.0}
    e = position([fleet(PETREL, "Jade Lantern"), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 3.0, "y": 6.0, "heading": 90.0}, victim, FAR],
                 rolls=(3, 1), record=terrain((TR_ICE, 6.0, 6.0, 3)))
    e.step(A_NO)
    s = rec(e)
    assert s["tr_x"][0] == pytest.approx(7.2 - SHIP_R - TERR_R, abs=1e-6)
    assert s["pending"] == PK_ICE_MAST and s["to_play"] == 0 and s["pend_ship"] == 1
    e.step(opt(1))
    s = rec(e)
    assert s["sh_masts"][1] == 0b01 and s["pending"] == PK_TURN and s["to_play"] == 1


def test_iceberg_a_ship_ending_a_segment_on_an_iceberg_loses_nothing():
    """[Iceberg] "If an iceberg touches any ship ... stop moving it and eliminate one mast"
    is the moving iceberg's effect; a ship whose segment ends on one loses nothing and may
    sail on (ruling: Iceberg)."""
    e = sail_onto(PETREL, [(TR_ICE, 6.0, 6.0, 3)])
    s = rec(e)
    assert s["sh_x"][0] + 0.6 > 6.0 - TERR_R - SHIP_R        # her bow is on the iceberg
    assert s["sh_masts"][0] == 0b11 and s["pending"] == PK_SEGMENT


def test_iceberg_hitting_an_island_never_moves_again():
    """[Iceberg] 'If an iceberg hits an island, it can no longer move the rest of the game.'"""
    e = ice_turn([(TR_ICE, 8.2, 2.0, 3)], (3, 4, 3, 1))      # 4: west, into island 2
    s = rec(e)
    assert s["tr_x"][0] == pytest.approx(6.0 + 1.0 + TERR_R, abs=1e-6)
    assert s["tr_stuck"][0] == 1
    e.step(A_NO)                                              # seat 0's turn: 3 again
    assert rec(e)["tr_x"][0] == pytest.approx(6.0 + 1.0 + TERR_R, abs=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.floats(1.5, 10.5), st.floats(1.5, 10.5), st.integers(1, 6))
def test_a_moving_iceberg_never_overlaps_an_island_or_a_ship(x, y, d):
    """Geometry property: the iceberg's swept contact is exact (no tunnelling)."""
    e = position([fleet(PETREL), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 3.0, "y": 6.0, "heading": 90.0}, FAR],
                 rolls=(3, d), record=terrain((TR_ICE, x, y, 3)))
    s0 = rec(e)
    inside = any(math.hypot(x - s0["isl_x"][i], y - s0["isl_y"][i]) < TERR_R + s0["isl_r"][i]
                 for i in range(4))
    e.step(A_NO)
    s = rec(e)
    cx, cy = s["tr_x"][0], s["tr_y"][0]
    assert math.hypot(cx - x, cy - y) <= 1.0 + 1e-9
    if inside:
        return
    for i in range(4):
        assert math.hypot(cx - s["isl_x"][i], cy - s["isl_y"][i]) >= \
            TERR_R + s["isl_r"][i] - 1e-6
    for k in (0, 6):
        from envs.cursed_seas.geometry import pt_seg
        ln = s["sh_len"][k]
        d2 = pt_seg(cx, cy, s["sh_x"][k], s["sh_y"][k], s["sh_x"][k] + ln * math.cos(s["sh_h"][k]),
                    s["sh_y"][k] + ln * math.sin(s["sh_h"][k]))
        before = pt_seg(x, y, s["sh_x"][k], s["sh_y"][k],
                        s["sh_x"][k] + ln * math.cos(s["sh_h"][k]),
                        s["sh_y"][k] + ln * math.sin(s["sh_h"][k]))
        if before >= TERR_R + SHIP_R:
            assert d2 >= TERR_R + SHIP_R - 1e-6


# ----- Sargasso Sea ------------------------------------------------------------------------------
def test_sargasso_rated_4_tangles_a_3_mast_ship():
    """[Sargasso Sea] 'if a 3-mast ship sails over a Sargasso Sea with a rating of 4, she is
    tangled' - her move ends there (the L segment is lost)."""
    e = sail_onto("Tidecaller", [(TR_SARGASSO, 5.6, 6.0)], rolls=(4,))
    s = rec(e)
    assert s["tr_rating"][0] == 4 and s["sh_tangled"][0] == 0 and s["pending"] == PK_TURN


def test_sargasso_rated_2_leaves_a_4_mast_ship_unaffected():
    """[Sargasso Sea] 'If a 4-mast ship sails over a Sargasso Sea with a rating of 2, the
    ship is unaffected'; she sails her next segment."""
    s = rec(sail_onto("Iron Widow", [(TR_SARGASSO, 5.6, 6.0)], rolls=(2,)))
    assert s["sh_tangled"][0] == -1 and s["pending"] == PK_SEGMENT


def test_sargasso_rating_equal_to_the_masts_leaves_her_unaffected():
    s = rec(sail_onto("Tidecaller", [(TR_SARGASSO, 5.6, 6.0)], rolls=(3,)))
    assert s["sh_tangled"][0] == -1


def test_freeing_a_tangled_ship_needs_d6_plus_masts_above_6():
    """[Sargasso Sea] her action tries to free her: d6 + masts > 6 untangles her, placed
    touching its edge facing away (a decision); she moves normally next turn."""
    e = sail_onto("Tidecaller", [(TR_SARGASSO, 5.6, 6.0)], rolls=(4, 3, 4))
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))                # 3 + 3 masts = 6: still tangled
    s = rec(e)
    assert s["sh_tangled"][0] == 0 and s["pending"] == PK_TURN
    assert order(0, ACT_MOVE) not in legal(e)
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))                # 4 + 3 = 7: free
    assert rec(e)["pending"] == PK_UNTANGLE
    slots = [a - opt(0) for a in legal(e)]
    e.step(opt(slots[0]))
    s = rec(e)
    ang = 2 * math.pi * slots[0] / EDGE_SLOTS
    assert s["sh_tangled"][0] == -1 and s["pending"] == PK_TURN
    assert s["sh_x"][0] == pytest.approx(5.6 + REACH * math.cos(ang))
    assert order(0, ACT_MOVE) not in legal(e)  # her action is spent this turn


def test_terrain_a_sargasso_sea_she_was_freed_from_applies_again_once_she_sails_clear():
    """[Terrain] once per move action; [Sargasso Sea] freed, she is placed touching its edge
    and "can be given a move action to move normally next turn": sailing off, it does not
    act on her, but sailing clear of it and back onto it in the same move rolls its rating
    again (ruling: Terrain once per move action)."""
    e = sail_onto("Tidecaller", [(TR_SARGASSO, 5.6, 6.0)], rolls=(4, 4, 5))
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))                # 4 + 3 masts = 7: free
    e.step(opt(4))                            # placed at its west edge, facing west
    s = rec(e)
    assert s["sh_tangled"][0] == -1 and math.cos(s["sh_h"][0]) == pytest.approx(-1.0)
    e.step(A_NO)
    e.step(A_NO)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))                            # S straight on: clear of it
    assert rec(e)["sh_tangled"][0] == -1 and rec(e)["pending"] == PK_SEGMENT
    e.step(seg(1, 180, 0.5))                  # about, and back onto it: rated 5 > 3 masts
    s = rec(e)
    assert s["tr_rating"][0] == 5 and s["sh_tangled"][0] == 0 and s["pending"] == PK_TURN


# ----- Trade Current -----------------------------------------------------------------------------
def test_friendly_trade_current_gives_plus_s_once_per_turn():
    """[Trade Current] a friendly ship that begins her turn touching a friendly trade current
    gets +S to her base move (L+S becomes L+S+S); an enemy's current gives nothing."""
    cur = [(TR_TRADE, 4.3, 6.8, 0)]
    e = sail_onto(PETREL, cur, new_turn=True, step=False)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))
    e.step(seg(1))
    assert rec(e)["pending"] == PK_SEGMENT and seg(0) in legal(e)
    e.step(seg(0))
    assert rec(e)["sh_x"][0] == pytest.approx(8.0) and rec(e)["sh_trade"][0] == 2
    foe = sail_onto(PETREL, [(TR_TRADE, 4.3, 6.8, 1)], new_turn=True, step=False)
    foe.step(order(0, ACT_MOVE))
    foe.step(seg(0))
    foe.step(seg(1))
    assert rec(foe)["pending"] == PK_TURN


def test_trade_current_is_never_placed_in_setup():
    """[Trade Current] 'not placed at the beginning of the game'."""
    with pytest.raises(ConfigError, match="Trade Current"):
        envs.make_raw("cursed_seas", terrain=["Warm Road"])


# ----- Whirlpool ---------------------------------------------------------------------------------
WHIRLS = [(TR_WHIRL, 5.6, 6.0), (TR_WHIRL, 8.0, 8.0)]


def test_whirlpool_is_optional_and_declining_sails_on():
    """[Whirlpool] 'The use of a whirlpool's effect is optional'; not used, no die roll."""
    e = sail_onto(PETREL, WHIRLS, rolls=(1,))
    s = rec(e)
    assert s["pending"] == PK_WHIRL and A_NO in legal(e)
    assert all(opt(a) // EDGE_SLOTS != 0 for a in legal(e) - {A_NO})  # never its own
    e.step(A_NO)
    assert rec(e)["pending"] == PK_SEGMENT and rec(e)["rng"] == s["rng"]
    e.step(seg(0 + 1, 0, 0.25))                  # a quarter L: still touching it
    assert rec(e)["pending"] == PK_TURN       # once per move action


def test_whirlpool_jump_places_her_at_another_and_ends_her_move():
    """[Whirlpool] placed touching another whirlpool; a d6 of 4-6 costs nothing; the jump
    ends her entire move action."""
    e = sail_onto(PETREL, WHIRLS, rolls=(5,))
    e.step(opt(1 * EDGE_SLOTS + 0))
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(8.0 + REACH) and s["sh_y"][0] == pytest.approx(8.0)
    assert s["pending"] == PK_TURN and order(0, ACT_SHOOT) not in legal(e)


def test_whirlpool_roll_of_1_to_3_takes_a_mast_treasure_or_crew():
    """[Whirlpool] on 1-3 eliminate one mast, one treasure or one crew (her player picks);
    treasure taken is gone from the game."""
    e = sail_onto(PETREL, WHIRLS, rolls=(2,), record={})
    e2 = position([fleet(PETREL), fleet("Rustfang")],
                  [{"seat": 0, "slot": 0, "x": 4.0, "y": 6.0, "heading": 0.0}, FAR],
                  placed=[{"coin": 0, "at": "ship", "where": 0}], rolls=(2,),
                  record=terrain(*WHIRLS))
    e2.step(order(0, ACT_MOVE))
    e2.step(seg(0))
    e2.step(opt(1 * EDGE_SLOTS + 0))
    s = rec(e2)
    assert s["pending"] == PK_WHIRL_LOSS
    assert legal(e2) == {opt(0), opt(1), opt(16 + 0)}
    e2.step(opt(16))
    s = rec(e2)
    assert s["co_loc"][0] == LOC_GONE and s["sh_masts"][0] == 0b11 and s["pending"] == PK_TURN
    e.step(opt(1 * EDGE_SLOTS + 0))
    assert legal(e) == {opt(0), opt(1)}


# ----- Placing Terrain ---------------------------------------------------------------------------
def test_terrain_is_placed_in_turn_after_islands_and_reefs():
    """[Placing Terrain] the same number each, in the order islands were placed."""
    e = envs.make_raw("cursed_seas", num_players=2, reefs=1,
                      terrain=["Grey Shroud", "The Drain", "Frostfang", "Weedmire"])
    e.reset(seed=3)
    for _ in range(8):
        e.step(int(e.legal_actions()[0]))
    s = rec(e)
    assert s["pending"] == PK_PLACE_TERR and s["to_play"] == s["order"][0]
    for t in range(4):
        assert rec(e)["to_play"] == rec(e)["order"][t % 2]
        e.step(int(e.legal_actions()[0]))
    s = rec(e)
    assert s["n_terr"] == 4 and list(s["tr_kind"][:4]) == [TR_FOG, TR_WHIRL, TR_ICE, TR_SARGASSO]
    assert s["tr_num"][2] == 3 and s["pending"] != PK_PLACE_TERR
    for t in range(4):               # on the table, off every island and other piece
        for i in range(6):
            assert math.hypot(s["tr_x"][t] - s["isl_x"][i], s["tr_y"][t] - s["isl_y"][i]) \
                >= TERR_R + s["isl_r"][i]


def test_unknown_terrain_piece_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown piece"):
        envs.make_raw("cursed_seas", terrain=["Nowhere"])


def test_random_games_with_every_terrain_stay_valid():
    """Soak: random play over fog, icebergs, Sargasso Seas and whirlpools; the validator
    accepts every state reached and every game ends or truncates."""
    from envs.cursed_seas.validate import check_states

    rng = np.random.default_rng(5)
    for seed in range(6):
        e = envs.make_raw("cursed_seas", num_players=2 + seed % 3, max_steps=1500,
                          terrain=["Grey Shroud", "Frostfang", "White Widow Berg", "Weedmire",
                                   "The Drain", "Maelstrom Eye"])
        e.reset(seed=seed)
        while not (rec(e)["done"] or rec(e)["truncated"]):
            acts = e.legal_actions()
            e.step(int(rng.choice(acts)))
            if rec(e)["step"] % 50 == 0:
                assert check_states(e.record)[0] == []
        assert check_states(e.record)[0] == []


def test_whirlpool_never_eliminates_equipment():
    """[Whirlpool] 'Whirlpools only eliminate masts, treasure, and crew. They will not
    eliminate equipment' (ruling: Whirlpool). Blue Petrel carries only Boarding Pikes
    (equipment): on a roll of 2 her player may lose a mast, never the Pikes."""
    e = position([fleet(("Blue Petrel", [], ["Boarding Pikes"])), fleet("Rustfang")],
                 [{"seat": 0, "slot": 0, "x": 4.0, "y": 6.0, "heading": 0.0}, FAR],
                 rolls=(2,), record=terrain(*WHIRLS))
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))
    e.step(opt(1 * EDGE_SLOTS + 0))
    assert rec(e)["pending"] == PK_WHIRL_LOSS
    assert legal(e) == {opt(0), opt(1)}
    # with a crew beside the equipment, option 8 is that crew and takes it, not the Pikes
    e2 = position([fleet(("Blue Petrel", ["Smuggler Nix"], ["Boarding Pikes"])),
                   fleet("Rustfang")],
                  [{"seat": 0, "slot": 0, "x": 4.0, "y": 6.0, "heading": 0.0}, FAR],
                  rolls=(2,), record=terrain(*WHIRLS))
    e2.step(order(0, ACT_MOVE))
    e2.step(seg(0))
    e2.step(opt(1 * EDGE_SLOTS + 0))
    assert legal(e2) == {opt(0), opt(1), opt(8)}
    s = rec(e2)
    eq = [c for c in range(2) if s["cfg"]["crew_eq"][0, c]]
    e2.step(opt(8))
    s = rec(e2)
    assert s["cr_ship"][eq[0]] == 0 and s["cr_ship"][1 - eq[0]] == -1
