"""Seas of Havoc cannon fire: sides, range, first obstacle, wrap-around, broadside and raking
scores, options and their cost, fire timing (start / end / extended / each) and friendly
fire (envs/havoc/cannon.py, envs/havoc/sea.py).

Rulebook: Cannon Fire (sides, range, "Your shots hit the first obstacle in their range",
wrap-around, multiple options, "each"), Scoring a Hit (Broadside 2, Raking Shot 3, multiple
shots), Maneuvering 3 (fire not depicted at the start needs the maneuver first), Booty,
2 Ship Variant and Teams Variant (no Infamy for friendly hits).
"""

from envs.havoc import cards as C
from envs.havoc import state as S
from tests.havoc.test_sea_turns import STOP, act, get, hand, legal, opt, sea, ship_with

DMG = C.DAMAGE_DEF
LEFT, RIGHT = opt(0), opt(1)


def duel(card, target_at=(3, 3), target_heading="N", res=(0, 3, 0), me_at=(3, 1),
         me_heading="N", grid=None, **kw):
    """Crew 0 (at me_at) holds `card`; crew 1's ship is the target."""
    ships = [{"crew": 0, "at": list(me_at), "heading": me_heading},
             {"crew": 1, "at": list(target_at), "heading": target_heading}]
    c0 = {"hand": {card: 1}, "res": list(res), "discard": {}}
    c0.update(kw.pop("crew0", {}))
    extra = {"grid": grid} if grid else {}
    extra.update(kw)
    return sea(ships, [c0, {"hand": {"Make Way": 1}, "discard": {}}], **extra)


def test_broadside_hit_scores_two_and_deals_damage():
    """Scoring a Hit: the shot player adds a Damage card to their discard pile; Broadside: a
    hit to the side of a ship earns 2 Infamy."""
    arr = duel("Warning Shot")
    left = int(get(arr, "damage_left"))
    act(arr, hand("Warning Shot"), opt(0))
    assert get(arr, "pending") == S.PK_FIRE and legal(arr) == {opt(0), STOP}
    act(arr, opt(0))
    assert get(arr, "pending") == S.PK_FIRE_SIDE and legal(arr) == {LEFT, RIGHT}
    act(arr, RIGHT)
    assert get(arr, "infamy")[0] == 2 and get(arr, "discard")[1, DMG] == 1
    assert get(arr, "damage_left") == left - 1 and get(arr, "res")[0, S.CANNON] == 2


def test_raking_shot_scores_three():
    """Raking Shot: a hit to the bow or stern earns 3 Infamy."""
    for heading in ("E", "W"):
        arr = duel("Warning Shot", target_heading=heading)
        act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
        assert get(arr, "infamy")[0] == 3 and get(arr, "discard")[1, DMG] == 1


def test_cannons_fire_from_the_chosen_side_only():
    """Cannon Fire: "Cannons only fire from one side (left or right) of your ship"."""
    arr = duel("Warning Shot")
    act(arr, hand("Warning Shot"), opt(0), opt(0), LEFT)
    assert get(arr, "infamy")[0] == 0 and get(arr, "discard")[1, DMG] == 0
    assert get(arr, "res")[0, S.CANNON] == 2          # the shot was paid and missed


def test_shot_beyond_range_misses():
    """Cannon Fire: "Range 3 means a Cannonball would travel 3 spaces from your ship"."""
    arr = duel("Warning Shot", target_at=(3, 4))       # range 2, target 3 squares away
    act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 0 and get(arr, "discard")[1, DMG] == 0
    arr = duel("Long Gun", target_at=(3, 4))           # range 3 reaches it
    act(arr, hand("Long Gun"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2


def test_ship_hides_behind_a_rock():
    """Cannon Fire: shots hit the first obstacle - "a ship may hide behind a rock"."""
    grid = ["......", "......", "......", "..R...", "......", "......"]
    arr = duel("Warning Shot", grid=grid)
    act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 0 and get(arr, "discard")[1, DMG] == 0


def test_ship_hides_behind_another_ship():
    """Cannon Fire: "... or another ship" - the nearer ship takes the shot."""
    ships = [{"crew": 0, "at": [3, 1], "heading": "N"}, {"crew": 1, "at": [3, 3], "heading": "N"},
             {"crew": 2, "at": [3, 2], "heading": "E"}]
    crews = [{"hand": {"Long Gun": 1}, "res": [0, 1, 0]}] + [
        {"hand": {"Make Way": 1}, "discard": {}} for _ in range(2)]
    arr = sea(ships, crews)
    act(arr, hand("Long Gun"), opt(0), opt(0), RIGHT)
    assert get(arr, "discard")[2, DMG] == 1 and get(arr, "discard")[1, DMG] == 0
    assert get(arr, "infamy")[0] == 3


def test_cannon_fire_wraps_around_the_board():
    """Cannon Fire: "Cannon fire wraps around the board just as ships do"."""
    arr = duel("Warning Shot", me_at=(3, 5), target_at=(3, 0))
    act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2 and get(arr, "discard")[1, DMG] == 1


def test_range_never_wraps_back_onto_the_firer():
    """Ruling: range is capped at GRID - 1 (Marksman's Eye 5 + Long Nines 1 = 6 -> 5), so a
    shot along an empty row never hits the ship that fired it."""
    sd, k = ship_with(S.UPG_RANGE)
    up = [0, 0]
    up[k] = 1
    arr = duel("Marksman's Eye", target_at=(0, 0), crew0={"upgrades": up},
               ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Marksman's Eye"), opt(0), opt(0), RIGHT)
    assert get(arr, "discard")[0, DMG] == 0 and get(arr, "infamy")[0] == 0


def test_range_upgrade_extends_the_range():
    """Long Nines (range upgrade): +1 range."""
    sd, k = ship_with(S.UPG_RANGE)
    up = [0, 0]
    up[k] = 1
    arr = duel("Warning Shot", target_at=(3, 4), crew0={"upgrades": up},
               ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2


def test_only_affordable_options_are_offered():
    """Cannon Fire: "You may only choose and pay for one of these" options."""
    arr = duel("Long Nine Shot", res=(0, 1, 0))
    act(arr, hand("Long Nine Shot"), opt(0))
    assert legal(arr) == {opt(0), STOP}
    arr = duel("Long Nine Shot", res=(0, 2, 0))
    act(arr, hand("Long Nine Shot"), opt(0))
    assert legal(arr) == {opt(0), opt(1), STOP}
    act(arr, opt(1), RIGHT)
    assert get(arr, "res")[0, S.CANNON] == 0 and get(arr, "infamy")[0] == 2


def test_no_fire_decision_without_cannonballs():
    arr = duel("Warning Shot", res=(3, 0, 3))
    act(arr, hand("Warning Shot"), opt(0))
    assert get(arr, "cur") == 1 and get(arr, "discard")[1, DMG] == 0


def test_holding_fire_costs_nothing():
    arr = duel("Warning Shot")
    act(arr, hand("Warning Shot"), opt(0), STOP)
    assert get(arr, "res")[0, S.CANNON] == 3 and get(arr, "cur") == 1


def test_booty_pays_for_a_volley():
    """Booty: spent for its resource value whenever you would spend resources (the crew is
    asked to spend it even as the only source [ruling: Booty decisions are asked in the
    open])."""
    arr = duel("Warning Shot", res=(0, 0, 0), crew0={"booty": 1})
    act(arr, hand("Warning Shot"), opt(0), opt(0))
    assert get(arr, "pending") == S.PK_PAY and legal(arr) == {S.A_BOOTY}
    act(arr, S.A_BOOTY, RIGHT)
    assert get(arr, "booty")[0] == 0 and get(arr, "infamy")[0] == 2


def test_multiple_shots_score_and_damage_individually():
    """Scoring a Hit: "If multiple shots were fired, score Infamy and deal Damage for each
    individually" (Grapeshot: range 1, two shots)."""
    arr = duel("Grapeshot", target_at=(3, 2), target_heading="E")
    act(arr, hand("Grapeshot"), opt(0), opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 6 and get(arr, "discard")[1, DMG] == 2


def test_broadside_and_raking_upgrades_add_infamy():
    """Double Gun Deck (broadside +1) and Raking Battery (raking +1)."""
    for effect, heading, expected in ((S.UPG_BROADSIDE, "N", 3), (S.UPG_RAKING, "E", 4)):
        sd, k = ship_with(effect)
        up = [0, 0]
        up[k] = 1
        arr = duel("Warning Shot", target_heading=heading, crew0={"upgrades": up},
                   ship_classes=[sd, (sd + 1) % 6])
        act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
        assert get(arr, "infamy")[0] == expected


def test_fire_at_start_happens_before_the_maneuver():
    """Maneuvering 3: fire depicted at the starting location is resolved before moving
    (Opening Volley: fire, then FF)."""
    arr = duel("Opening Volley")
    act(arr, hand("Opening Volley"), opt(0))
    assert get(arr, "pending") == S.PK_FIRE
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (3, 1)
    act(arr, opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2 and (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (1, 1)


def test_fire_at_end_happens_after_the_maneuver():
    """Maneuvering 3: "Cannon fire not depicted at your starting location requires you to
    resolve a maneuver before firing" (Run Out the Guns: F, then fire range 2)."""
    arr = duel("Run Out the Guns", me_at=(4, 1))
    act(arr, hand("Run Out the Guns"), opt(0))
    assert get(arr, "pending") == S.PK_FIRE and get(arr, "ship_r")[0] == 3
    act(arr, opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2


def test_fire_after_extension_only_when_the_extension_was_sailed():
    """Ruling: fire drawn after the extended maneuver needs the extension (Broadside Pass)."""
    arr = duel("Broadside Pass", me_at=(5, 1), res=(1, 1, 0))
    act(arr, hand("Broadside Pass"), opt(0), STOP)
    assert get(arr, "cur") == 1 and get(arr, "res")[0, S.CANNON] == 1
    arr = duel("Broadside Pass", me_at=(5, 1), res=(1, 1, 0))
    act(arr, hand("Broadside Pass"), opt(0), opt(0))
    assert get(arr, "pending") == S.PK_FIRE and get(arr, "ship_r")[0] == 3
    act(arr, opt(0), RIGHT)
    assert get(arr, "infamy")[0] == 2


def test_each_fire_offers_a_volley_at_every_outline():
    """Cannon Fire: "each" - fire from different spaces during the same card action, paying
    for each shot (Gauntlet Run: F, then F as well; a volley after each step)."""
    arr = duel("Gauntlet Run", me_at=(5, 1), target_at=(3, 3), res=(0, 2, 0))
    act(arr, hand("Gauntlet Run"), opt(0))
    assert get(arr, "pending") == S.PK_FIRE and get(arr, "ship_r")[0] == 4
    act(arr, opt(0), RIGHT)                            # from (4,1): misses
    assert get(arr, "pending") == S.PK_FIRE and get(arr, "ship_r")[0] == 3
    act(arr, opt(0), RIGHT)                            # from (3,1): hits
    assert get(arr, "res")[0, S.CANNON] == 0 and get(arr, "infamy")[0] == 2
    assert get(arr, "cur") == 1


def test_each_fire_stops_offering_when_out_of_cannonballs():
    arr = duel("Gauntlet Run", me_at=(5, 1), res=(0, 1, 0))
    act(arr, hand("Gauntlet Run"), opt(0), opt(0), LEFT)
    assert get(arr, "cur") == 1 and get(arr, "ship_r")[0] == 3


def test_friendly_fire_in_two_ship_variant_damages_but_scores_nothing():
    """2 Ship Variant: "It is possible to take damage from your own ship. In these cases, no
    Infamy is earned"."""
    ships = [{"crew": 0, "index": 0, "at": [3, 1], "heading": "N"},
             {"crew": 0, "index": 1, "at": [3, 3], "heading": "E"},
             {"crew": 1, "index": 0, "at": [0, 0], "heading": "S"},
             {"crew": 1, "index": 1, "at": [5, 5], "heading": "W"}]
    arr = sea(ships, [{"hand": {"Warning Shot": 1}, "res": [0, 1, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], variant="two_ship")
    act(arr, hand("Warning Shot"), opt(0), opt(0), opt(0), RIGHT)
    assert get(arr, "discard")[0, DMG] == 1 and get(arr, "infamy")[0] == 0


def test_second_ship_fires_in_two_ship_variant():
    """2 Ship Variant: "Infamy can be earned by either ship"."""
    ships = [{"crew": 0, "index": 0, "at": [0, 0], "heading": "N"},
             {"crew": 0, "index": 1, "at": [3, 1], "heading": "N"},
             {"crew": 1, "index": 0, "at": [3, 3], "heading": "E"},
             {"crew": 1, "index": 1, "at": [5, 5], "heading": "W"}]
    arr = sea(ships, [{"hand": {"Warning Shot": 1}, "res": [0, 1, 0], "discard": {}},
                      {"hand": {"Make Way": 1}, "discard": {}}], variant="two_ship")
    act(arr, hand("Warning Shot"), opt(0), opt(1), opt(0), RIGHT)
    assert get(arr, "discard")[1, DMG] == 1 and get(arr, "infamy")[0] == 3


def test_hitting_a_team_mate_scores_nothing():
    """Teams Variant: no Infamy for hitting friendly ships (they still take Damage)."""
    ships = [{"crew": 0, "at": [3, 1], "heading": "N"}, {"crew": 2, "at": [3, 3], "heading": "N"},
             {"crew": 1, "at": [0, 5], "heading": "S"}]
    crews = [{"hand": {"Warning Shot": 1}, "res": [0, 1, 0]}] + [
        {"hand": {"Make Way": 1}, "discard": {}} for _ in range(2)]
    arr = sea(ships, crews, variant="teams")
    act(arr, hand("Warning Shot"), opt(0), opt(0), RIGHT)
    assert get(arr, "discard")[2, DMG] == 1 and get(arr, "infamy")[0] == 0
