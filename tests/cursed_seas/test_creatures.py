"""Sea creatures [Sea Creatures]: ship-like pieces given only move and shoot actions, never
ramming, rammed, pinned or boarded, loading no treasure and no crew, eliminated with their
last segment, their own segments never blocking their line of fire."""

import pytest

import envs
from envs.core.errors import ConfigError
from envs.cursed_seas.state import (
    ACT_EXPLORE, ACT_MOVE, ACT_REPAIR, ACT_SHOOT, PK_MAST, PK_TARGET, PK_TURN,
)

from .helpers import first_gun, fleet, guns, legal, opt, order, position, rec, seg

SERPENT = "Gloomcoil"            # sea serpent: 3 segments 4S 4S 3S, L+S, hull 0.7
KRAKEN = "Maw of the Shoals"     # kraken: 4 segments, S+S
FAR = {"seat": 1, "slot": 0, "x": 9.0, "y": 4.0, "heading": 90.0}


def at(seat, slot, x, y, heading=0.0, **kw):
    return {"seat": seat, "slot": slot, "x": x, "y": y, "heading": heading, **kw}


def test_sea_creatures_can_be_given_only_move_and_shoot_actions():
    """[Sea Creatures] 'Sea creatures can be given only move and shoot actions': docked at
    a wild island with treasure since the turn began, a ship may explore, a creature not;
    docked at home with a segment down, a ship may repair, a creature not."""
    wild = {"coin": 0, "at": "island", "where": 2}
    # island 2 is at (6, 2) radius 1: a hull from (3.68, 2) to (4.38, 2) touches it
    for name, can in ((SERPENT, False), ("Tidecaller", True)):
        e = position([fleet(name), fleet("Rustfang")],
                     [at(0, 0, 6.0 - 1.0 - 0.12 - 0.7, 2.0, dock=2), FAR], placed=[wild],
                     record={"sh_began": [2] + [-1] * 23})
        assert (order(0, ACT_EXPLORE) in legal(e)) == can
        # home island 0 at (2, 2): bow touching it from the east, one segment down
        e = position([fleet(name), fleet("Rustfang")],
                     [at(0, 0, 2.0 + 1.0 + 0.12 + 0.7, 2.0, 180.0, dock=0, masts=[1, 1, 0]), FAR])
        assert (order(0, ACT_REPAIR) in legal(e)) == can
        assert order(0, ACT_MOVE) in legal(e)


def test_sea_creatures_cannot_ram():
    """[Sea Creatures] 'Nor can they ram': a creature ending her move with her bow on an
    enemy ship neither rams nor is pinned, and no boarding is offered."""
    e = position([fleet(SERPENT), fleet("Rustfang")],
                 [at(0, 0, 4.0, 6.0), at(1, 0, 5.5, 5.7, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_pin"][0] == -1 and s["pending"] == PK_TURN
    ship = position([fleet("Tidecaller"), fleet("Rustfang")],
                    [at(0, 0, 4.0, 6.0), at(1, 0, 5.5, 5.7, 90.0)])
    ship.step(order(0, ACT_MOVE))
    ship.step(seg(1))
    assert rec(ship)["sh_pin"][0] == 6                 # a ship does


def test_sea_creatures_cannot_be_rammed():
    """[Sea Creatures] 'Sea creatures can't be rammed, pinned, or boarded.'"""
    e = position([fleet("Tidecaller"), fleet(SERPENT)],
                 [at(0, 0, 4.0, 6.0), at(1, 0, 5.5, 5.7, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = rec(e)
    assert s["sh_pin"][0] == -1 and s["pending"] == PK_TURN


def test_a_sea_creature_with_no_segments_is_eliminated():
    """[Sea Creatures] 'When a sea creature has no segments, it is eliminated' - at once,
    not left as a derelict."""
    e = position([fleet("Jade Lantern"), fleet(SERPENT)],
                 [at(0, 0, 4.5, 7.2), at(1, 0, 5.7, 6.0, masts=[0, 1, 0])], rolls=(6,))
    e.step(order(0, ACT_SHOOT))
    first_gun(e)
    assert rec(e)["pending"] == PK_TARGET
    e.step(opt(6))
    assert rec(e)["pending"] == PK_MAST
    e.step(opt(1))
    s = rec(e)
    assert s["sh_live"][6] == 0


def test_a_reef_taking_every_segment_eliminates_the_creature():
    """[Shipwreck] 'Sea creatures that have all their segments eliminated by a reef are
    eliminated as normal' (not wrecked)."""
    reef = {"n_reefs": 1, "rf_x": [5.6, 0.0, 0.0, 0.0], "rf_y": [6.0, 0.0, 0.0, 0.0]}
    e = position([fleet(KRAKEN, "Jade Lantern"), fleet("Rustfang")],
                 [at(0, 0, 4.0, 6.0, masts=[1, 0, 0, 0]), at(0, 1, 8.0, 2.0, 90.0), FAR],
                 rolls=(2,), record=reef, reefs=1)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))
    s = rec(e)
    assert s["sh_live"][0] == 0 and s["sh_wreck"][0] == 0


def test_a_sea_creatures_segments_do_not_block_its_line_of_fire():
    """[Sea Creatures] 'A sea creature's segments do not block its line of fire': firing
    straight ahead along the hull, a ship's rear mast is blocked by her own masts, a
    creature's rear segment is not."""
    target = at(1, 0, 5.0, 5.7, 90.0)
    ship = position([fleet("Tidecaller"), fleet("Rustfang")], [at(0, 0, 4.0, 6.0), target])
    ship.step(order(0, ACT_SHOOT))
    assert 0 not in guns(ship) and 1 in guns(ship)     # mast 0 has no clear line
    beast = position([fleet(SERPENT), fleet("Rustfang")], [at(0, 0, 4.0, 6.0), target])
    beast.step(order(0, ACT_SHOOT))
    assert 0 in guns(beast)


def test_sea_creatures_are_assigned_no_crew():
    """[Sea Creatures] 'Nor can they ... be assigned crew.'"""
    with pytest.raises(ConfigError, match="Sea Creatures"):
        envs.make_raw("cursed_seas", fleets=[fleet((SERPENT, ["Oar Master Wen"])),
                                             "azure_traders"])


def test_random_games_with_sea_creatures_stay_valid():
    import numpy as np

    from envs.cursed_seas.validate import check_states

    rng = np.random.default_rng(2)
    for seed in range(4):
        e = envs.make_raw("cursed_seas", num_players=2, max_steps=1500,
                          fleets=["abyssal_pact", "crown_raiders"])
        e.reset(seed=seed)
        while not (rec(e)["done"] or rec(e)["truncated"]):
            e.step(int(rng.choice(e.legal_actions())))
            if rec(e)["step"] % 50 == 0:
                assert check_states(e.record)[0] == []
        assert check_states(e.record)[0] == []
