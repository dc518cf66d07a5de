"""Seas of Havoc collisions: stopping before rocks and ships, the optional pivot, the
collision penalty (discard, rock Damage, ramming) and fire after a collision
(envs/havoc/maneuver.py, envs/havoc/sea.py).

Rulebook: Collisions, Collision Penalty (Collision with Rocks, Collision with other Ships
(Ramming)), Collisions and Cannon Fire, Maneuvering 4 (no extended maneuver after a
collision), Sailing off the Edge ("Regular collision rules apply"), 2 Ship Variant and
Teams Variant (no Infamy for friendly ships), Quick Reference: Damaging Your Opponents.
"""

from envs.havoc import cards as C
from envs.havoc import state as S
from tests.havoc.test_sea_turns import STOP, act, get, hand, legal, opt, sea, ship_with

DMG = C.DAMAGE_DEF
ROCK_AT_1_2 = ["......", "..R...", "......", "......", "......", "......"]


def pos(arr, crew=0, k=0):
    i = get(arr, "crew_ships")[crew, k]
    return int(get(arr, "ship_r")[i]), int(get(arr, "ship_c")[i]), int(get(arr, "ship_h")[i])


def rock_run(card="Full Canvas", hand_extra=None, **crew):
    """Crew 0 at (3,2) heading N sails at the rock on (1,2)."""
    h = {card: 1}
    h.update(hand_extra or {})
    c0 = {"hand": h, "discard": {}, "res": [0, 0, 0]}
    c0.update(crew)
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [5, 5], "heading": "W"}]
    return sea(ships, [c0, {"hand": {"Make Way": 1}, "discard": {}}], grid=ROCK_AT_1_2)


def test_collision_with_rock_stops_before_it_and_deals_damage():
    """Collisions: "The maneuver ends immediately before the occupied space"; Collision with
    Rocks: the colliding player places a Damage card into their discard pile; the player
    discards a card."""
    arr = rock_run(hand_extra={"Long Gun": 1, "Make Way": 1})
    left = int(get(arr, "damage_left"))
    act(arr, hand("Full Canvas"), opt(0))
    assert pos(arr)[:2] == (2, 2)
    assert get(arr, "pending") == S.PK_PIVOT and legal(arr) == {opt(0), opt(1), STOP}
    act(arr, STOP)
    assert get(arr, "pending") == S.PK_DISCARD
    assert legal(arr) == {hand("Long Gun"), hand("Make Way")}
    act(arr, hand("Long Gun"))
    assert get(arr, "discard")[0, DMG] == 1 and get(arr, "damage_left") == left - 1
    assert get(arr, "discard")[0, C.card_id("Long Gun")] == 1
    assert get(arr, "hand")[0].sum() == 1 and get(arr, "cur") == 1
    assert get(arr, "infamy")[0] == 0


def test_colliding_ship_may_pivot_either_way():
    """Collisions: "The colliding ship may pivot 90 degrees in either direction"."""
    arr = rock_run()
    act(arr, hand("Full Canvas"), opt(0), opt(0))
    assert pos(arr) == (2, 2, S.WEST)
    arr = rock_run()
    act(arr, hand("Full Canvas"), opt(0), opt(1))
    assert pos(arr) == (2, 2, S.EAST)


def test_collision_with_an_empty_hand_discards_nothing():
    """Collision Penalty: "if their hand is empty, they do not discard"."""
    arr = rock_run()
    act(arr, hand("Full Canvas"), opt(0), STOP)
    assert get(arr, "cur") == 1 and get(arr, "discard")[0, DMG] == 1


def test_rock_hull_upgrade_takes_no_damage_from_rocks():
    """Shallow Draught (rock_hull upgrade): no Damage card for hitting a rock."""
    sd, k = ship_with(S.UPG_ROCK_HULL)
    up = [0, 0]
    up[k] = 1
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [5, 5], "heading": "W"}]
    arr = sea(ships, [{"hand": {"Full Canvas": 1}, "discard": {}, "upgrades": up},
                      {"hand": {"Make Way": 1}}], grid=ROCK_AT_1_2,
              ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Full Canvas"), opt(0), STOP)
    assert pos(arr)[:2] == (2, 2) and get(arr, "discard")[0, DMG] == 0


def test_collision_across_the_edge():
    """Sailing off the Edge: "Regular collision rules apply" across the wrap."""
    grid = ["......", "......", "......", "......", "......", "..R..."]
    ships = [{"crew": 0, "at": [0, 2], "heading": "N"}, {"crew": 1, "at": [3, 5], "heading": "W"}]
    arr = sea(ships, [{"hand": {"Make Way": 1}, "discard": {}}, {"hand": {"Make Way": 1}}],
              grid=grid)
    act(arr, hand("Make Way"), opt(0), STOP)
    assert pos(arr)[:2] == (0, 2) and get(arr, "discard")[0, DMG] == 1


def ram(others, variant="standard", upgrades=None, ship_classes=None):
    """Crew 0 at (3,2) heading N sails Full Canvas at whatever ship is on (1,2)."""
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}] + others
    players = 2 if variant != "teams" else 3
    crews = [{"hand": {"Full Canvas": 1}, "discard": {}, "upgrades": upgrades or [0, 0]}]
    crews += [{"hand": {"Make Way": 1}, "discard": {}} for _ in range(players - 1)]
    kw = {"variant": variant}
    if ship_classes:
        kw["ship_classes"] = ship_classes
    return sea(ships, crews, **kw)


TARGET_1 = [{"crew": 1, "at": [1, 2], "heading": "E"}]


def test_ramming_scores_one_and_the_rammed_crew_takes_damage():
    """Collision with other Ships (Ramming): the colliding player scores 1 Infamy, the rammed
    ship places a Damage card into their discard pile (Quick Reference: Ram)."""
    arr = ram(TARGET_1)
    act(arr, hand("Full Canvas"), opt(0))
    assert pos(arr)[:2] == (2, 2) and pos(arr, 1)[:2] == (1, 2)
    assert get(arr, "infamy")[0] == 1
    assert get(arr, "discard")[1, DMG] == 1 and get(arr, "discard")[0, DMG] == 0
    assert get(arr, "pending") == S.PK_PIVOT


def test_ram_upgrade_adds_infamy():
    """Iron Prow (ram upgrade): +1 Infamy per ram."""
    sd, k = ship_with(S.UPG_RAM)
    up = [0, 0]
    up[k] = 1
    arr = ram(TARGET_1, upgrades=up, ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "infamy")[0] == 2


def test_two_ship_variant_ramming_own_ship_earns_no_infamy():
    """2 Ship Variant: "It is possible to take damage from your own ship. In these cases, no
    Infamy is earned"."""
    arr = ram([{"crew": 0, "index": 1, "at": [1, 2], "heading": "E"},
               {"crew": 1, "index": 0, "at": [5, 5], "heading": "W"},
               {"crew": 1, "index": 1, "at": [5, 0], "heading": "W"}], variant="two_ship")
    act(arr, hand("Full Canvas"), opt(0), opt(0))   # resolve, with ship 0
    assert pos(arr)[:2] == (2, 2)
    assert get(arr, "infamy")[0] == 0 and get(arr, "discard")[0, DMG] == 1


def test_teams_variant_ramming_a_team_mate_earns_no_infamy():
    """Teams Variant: team mates "can still damage one another but do not score Infamy"."""
    # teams alternate seats by default: crews 0 and 2 are team mates
    arr = ram([{"crew": 2, "at": [1, 2], "heading": "E"},
               {"crew": 1, "at": [5, 5], "heading": "W"}], variant="teams")
    assert get(arr, "crew_team")[0] == get(arr, "crew_team")[2]
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "infamy")[0] == 0 and get(arr, "discard")[2, DMG] == 1
    arr = ram([{"crew": 1, "at": [1, 2], "heading": "E"},
               {"crew": 2, "at": [5, 5], "heading": "W"}], variant="teams")
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "infamy")[0] == 1 and get(arr, "discard")[1, DMG] == 1


def test_no_extended_maneuver_after_a_collision():
    """Maneuvering 4: "Extended maneuvers may only be performed if no collision has occurred
    in the first maneuver"."""
    grid = ["......", "......", "..R...", "......", "......", "......"]
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [5, 5], "heading": "W"}]
    arr = sea(ships, [{"hand": {"Catch the Breeze": 1}, "res": [3, 0, 0], "discard": {}},
                      {"hand": {"Make Way": 1}}], grid=grid)
    act(arr, hand("Catch the Breeze"), opt(0), STOP)
    assert get(arr, "cur") == 1 and get(arr, "res")[0, S.SAIL] == 3
    assert pos(arr)[:2] == (3, 2)


def test_fire_after_the_maneuver_still_resolves_after_a_collision():
    """Collisions and Cannon Fire: "After resolving the collision, Cannon fire depicted at
    the end of the current maneuver may be resolved" - after the pivot."""
    grid = ["......", "......", "..R...", "......", "......", "......"]
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [3, 4], "heading": "N"}]
    arr = sea(ships, [{"hand": {"Run Out the Guns": 1}, "res": [0, 1, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], grid=grid)
    act(arr, hand("Run Out the Guns"), opt(0))
    assert get(arr, "pending") == S.PK_PIVOT
    act(arr, STOP)
    assert get(arr, "pending") == S.PK_FIRE
    act(arr, opt(0), opt(1))                      # right side: east, range 2
    assert get(arr, "discard")[1, DMG] == 1 and get(arr, "infamy")[0] == 2


def test_ram_mid_turn_keeps_remaining_steps_unplayed():
    """Collisions: the maneuver ends at the collision - later steps of the path are lost."""
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [1, 2], "heading": "E"}]
    arr = sea(ships, [{"hand": {"Wide Berth": 1}, "discard": {}}, {"hand": {"Make Way": 1}}])
    act(arr, hand("Wide Berth"), opt(0), opt(0), STOP)   # FFLF: blocked on the 2nd F
    assert pos(arr) == (2, 2, S.NORTH) and get(arr, "cur") == 1


def test_pivot_after_collision_turns_the_guns_too():
    """Collisions and Cannon Fire: the fire after the collision uses the pivoted heading."""
    grid = ["......", "......", "..R...", "......", "......", "......"]
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [5, 2], "heading": "E"}]
    arr = sea(ships, [{"hand": {"Run Out the Guns": 1}, "res": [0, 1, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], grid=grid)
    act(arr, hand("Run Out the Guns"), opt(0), opt(1))   # collide, pivot right: now east
    act(arr, opt(0), opt(1))                              # fire right: south, range 2
    assert pos(arr) == (3, 2, S.EAST)
    assert get(arr, "discard")[1, DMG] == 1 and get(arr, "infamy")[0] == 2


def test_each_card_blocked_at_once_still_fires_its_end_of_maneuver_volley():
    """Collisions and Cannon Fire: "After resolving the collision, Cannon fire depicted at
    the end of the current maneuver may be resolved" - Gauntlet Run blocked on its first
    square fires from where it stopped; no extended maneuver, so no second volley."""
    grid = ["......", "......", "..R...", "......", "......", "......"]
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [3, 4], "heading": "N"}]
    arr = sea(ships, [{"hand": {"Gauntlet Run": 1}, "res": [0, 2, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], grid=grid)
    act(arr, hand("Gauntlet Run"), opt(0), STOP)
    assert get(arr, "pending") == S.PK_FIRE
    act(arr, opt(0), opt(1))
    assert get(arr, "infamy")[0] == 2 and get(arr, "cur") == 1
    assert get(arr, "res")[0, S.CANNON] == 1


def test_each_card_blocked_mid_maneuver_fires_once_after_the_collision():
    """Cannon Fire "each" fires at the card's printed points [ruling: Firing points]:
    Dread Armada (FF, then F) blocked on its second square collides first, then fires the
    volley printed after the maneuver; the extended maneuver (and its volley) is lost
    [Maneuvering 4; Collisions and Cannon Fire]."""
    grid = ["......", "..R...", "......", "......", "......", "......"]
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [2, 4], "heading": "N"}]
    arr = sea(ships, [{"hand": {"Dread Armada": 1}, "res": [0, 3, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], grid=grid)
    act(arr, hand("Dread Armada"), opt(0))
    assert get(arr, "pending") == S.PK_PIVOT         # blocked by the rock on (1,2)
    assert pos(arr)[:2] == (2, 2) and get(arr, "discard")[0, DMG] == 1
    act(arr, STOP)
    assert get(arr, "pending") == S.PK_FIRE
    act(arr, opt(0), opt(1))                        # range 3 to starboard: (2,4)
    assert get(arr, "infamy")[0] == 2 and get(arr, "discard")[1, DMG] == 1
    assert get(arr, "cur") == 1 and get(arr, "res")[0, S.CANNON] == 2
