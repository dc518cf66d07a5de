"""Seas of Havoc whirlpools and gusts (envs/havoc/maneuver.py sea_feature, envs/havoc/sea.py).

Rulebook: Whirlpools and Gusts ("after each card they play (this includes passing by
discarding a card, but not passing when out of cards)"; whirlpools pivot 90 degrees their
way; gusts move the ship one space without changing its heading, collisions from gusts are
the ship's own; "No further whirlpools or gusts that a ship is moved onto are resolved until
the player plays another card"), Collisions, Collision Penalty.
"""

from envs.havoc import cards as C
from envs.havoc import state as S
from tests.havoc.test_sea_turns import STOP, act, get, hand, legal, opt, sea, ship_with

DMG = C.DAMAGE_DEF


def grid_with(*cells):
    rows = [list("......") for _ in range(6)]
    for r, c, ch in cells:
        rows[r][c] = ch
    return ["".join(r) for r in rows]


def on(grid, at=(3, 2), heading="N", card="Make Way", gust_dir="E", other=(0, 5), **crew):
    ships = [{"crew": 0, "at": list(at), "heading": heading},
             {"crew": 1, "at": list(other), "heading": "S"}]
    c0 = {"hand": {card: 1}, "discard": {}}
    c0.update(crew)
    return sea(ships, [c0, {"hand": {"Make Way": 1}, "discard": {}}], grid=grid,
               gust_dir=gust_dir)


def pos(arr, crew=0):
    i = get(arr, "crew_ships")[crew, 0]
    return int(get(arr, "ship_r")[i]), int(get(arr, "ship_c")[i]), int(get(arr, "ship_h")[i])


def test_clockwise_whirlpool_pivots_the_ship_right():
    """Whirlpools: "The player pivots their ship 90 degrees in the direction the whirlpool
    indicates" - after the card, where the ship ended."""
    arr = on(grid_with((2, 2, "W")))
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 2, S.EAST)


def test_anticlockwise_whirlpool_pivots_the_ship_left():
    arr = on(grid_with((2, 2, "w")))
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 2, S.WEST)


def test_gust_moves_the_ship_without_turning_it():
    """Gusts: move one space in the gust's direction; "The ship's heading is not changed"."""
    arr = on(grid_with((2, 2, "G")), gust_dir="E")
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 3, S.NORTH)


def test_passing_a_card_still_resolves_the_feature_under_the_ship():
    """Whirlpools and Gusts: this includes passing by discarding a card."""
    arr = on(grid_with((3, 2, "G")), gust_dir="S")
    act(arr, hand("Make Way"), opt(1))
    assert pos(arr) == (4, 2, S.NORTH)


def test_automatic_pass_resolves_no_feature():
    """Whirlpools and Gusts: "... but not passing when out of cards"."""
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [0, 5], "heading": "S"}]
    arr = sea(ships, [{"hand": {"Make Way": 2}}, {"hand": {}, "discard": {}}],
              grid=grid_with((0, 5, "W")))
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "cur") == 0
    assert pos(arr, 1) == (0, 5, S.SOUTH)


def test_feature_moved_onto_is_not_resolved_again():
    """Whirlpools and Gusts: no further whirlpools or gusts that a ship is moved onto are
    resolved until the player plays another card."""
    arr = on(grid_with((2, 2, "G"), (2, 3, "G")), card="Make Way", gust_dir="E")
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 3, S.NORTH)


def test_features_sailed_through_do_nothing():
    """Whirlpools and Gusts: only the feature the ship is on after the card counts."""
    arr = on(grid_with((2, 2, "W"), (2, 1, "G")), card="Full Canvas")
    act(arr, hand("Full Canvas"), opt(0))
    assert pos(arr) == (1, 2, S.NORTH)


def test_gust_into_a_rock_is_the_ships_own_collision():
    """Gusts: "Collisions caused by gusts are resolved as if the ship had caused it, even if
    it is not facing the object it hit" - stop, pivot if desired, discard, rock Damage."""
    arr = on(grid_with((2, 2, "G"), (2, 3, "R")), gust_dir="E", hand={"Make Way": 1,
                                                                      "Long Gun": 1})
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 2, S.NORTH) and get(arr, "pending") == S.PK_PIVOT
    act(arr, opt(1))
    assert get(arr, "pending") == S.PK_DISCARD and legal(arr) == {hand("Long Gun")}
    act(arr, hand("Long Gun"))
    assert pos(arr) == (2, 2, S.EAST) and get(arr, "discard")[0, DMG] == 1
    assert get(arr, "cur") == 1


def test_gust_into_a_ship_is_a_ram():
    """Gusts + Ramming: the pushed ship scores 1 and the other crew takes Damage."""
    arr = on(grid_with((2, 2, "G")), gust_dir="E", other=(2, 3))
    act(arr, hand("Make Way"), opt(0), STOP)
    assert pos(arr)[:2] == (2, 2)
    assert get(arr, "infamy")[0] == 1 and get(arr, "discard")[1, DMG] == 1


def test_whirlpool_after_a_collision_still_applies():
    """Whirlpools and Gusts are resolved after the card, whatever happened during it."""
    arr = on(grid_with((3, 2, "W"), (2, 2, "R")))
    act(arr, hand("Make Way"), opt(0), STOP)
    assert pos(arr) == (3, 2, S.EAST)


def test_steady_keel_ignores_whirlpools_and_gusts():
    """Battened Hatches (steady_keel upgrade, ruling): whirlpools and gusts do not move you."""
    sd, k = ship_with(S.UPG_STEADY)
    up = [0, 0]
    up[k] = 1
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [0, 5], "heading": "S"}]
    arr = sea(ships, [{"hand": {"Make Way": 2}, "upgrades": up}, {"hand": {"Make Way": 1}}],
              grid=grid_with((2, 2, "W"), (1, 2, "G")), ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Make Way"), opt(0))
    assert pos(arr) == (2, 2, S.NORTH)
    act(arr, hand("Make Way"), opt(1), hand("Make Way"), opt(0))
    assert pos(arr) == (1, 2, S.NORTH)


TWO_SHIPS = [{"crew": 0, "index": 0, "at": [3, 2], "heading": "N"},
             {"crew": 0, "index": 1, "at": [4, 4], "heading": "W"},
             {"crew": 1, "index": 0, "at": [0, 0], "heading": "S"},
             {"crew": 1, "index": 1, "at": [0, 5], "heading": "S"}]


def test_two_ship_gust_moves_only_the_ship_the_card_moved():
    """2 Ship Variant: "Each card you play applies only to one ship" - the second ship, on a
    gust, stays where it is after a card that moved the first [ruling: Two ships and sea
    features]."""
    arr = sea(TWO_SHIPS, [{"hand": {"Make Way": 1}}, {"hand": {"Make Way": 1}}],
              variant="two_ship", grid=grid_with((2, 2, "G"), (4, 4, "G")), gust_dir="E")
    act(arr, hand("Make Way"), opt(0), opt(0))
    i0, i1 = get(arr, "crew_ships")[0]
    assert (get(arr, "ship_r")[i0], get(arr, "ship_c")[i0]) == (2, 3)
    assert (get(arr, "ship_r")[i1], get(arr, "ship_c")[i1]) == (4, 4)


def test_two_ship_pass_asks_no_ship_when_no_feature_would_act():
    """Passing a Turn with two ships and no whirlpool or gust under either: nothing to
    choose, the card is simply discarded."""
    arr = sea(TWO_SHIPS, [{"hand": {"Make Way": 1}}, {"hand": {"Make Way": 1}}],
              variant="two_ship")
    act(arr, hand("Make Way"), opt(1))
    assert get(arr, "cur") == 1 and get(arr, "pending") == S.PK_PLAY


def test_two_ship_damage_card_played_asks_which_ship_it_applies_to():
    """Whirlpools and Gusts after a card played to pass - a Damage card too: with a ship on
    a whirlpool the player says which ship the card applies to."""
    arr = sea(TWO_SHIPS, [{"hand": {"Damage": 1}}, {"hand": {"Make Way": 1}}],
              variant="two_ship", grid=grid_with((4, 4, "W")))
    act(arr, hand("Damage"))
    assert get(arr, "pending") == S.PK_SHIP
    act(arr, opt(0))                                   # the first ship: not on the whirlpool
    i0, i1 = get(arr, "crew_ships")[0]
    assert get(arr, "ship_h")[i1] == S.WEST and get(arr, "ship_h")[i0] == S.NORTH
    assert get(arr, "cur") == 1
