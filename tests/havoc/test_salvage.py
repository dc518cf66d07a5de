"""Seas of Havoc shipwrecks and booty (envs/havoc/maneuver.py lift_wreck / place_new_wreck,
envs/havoc/sea.py, envs/havoc/choices.py PK_BOOTY).

Rulebook: Salvaging Shipwrecks ("When moving over or ending a maneuver on a Shipwreck, it is
placed in your ship's hold as booty. Roll a location for a new Shipwreck"; new wrecks not on
rocks, ships or other wrecks; "Shipwrecks do not cause collisions"), Booty (one booty in the
hold - choose one to discard; discarded booty is mixed back into the stack).
"""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from envs.havoc import cards as C
from envs.havoc import rules
from envs.havoc import state as S
from tests.havoc.test_sea_turns import act, get, hand, legal, opt, sea, ship_with, to_sea

SHIPS = [{"crew": 0, "at": [3, 2], "heading": "N"}, {"crew": 1, "at": [0, 5], "heading": "S"}]


def voyage(card="Full Canvas", wrecks=([2, 2, 3],), crew0=None, **kw):
    c0 = {"hand": {card: 1}}
    c0.update(crew0 or {})
    return sea(SHIPS, [c0, {"hand": {"Make Way": 1}}], wrecks=[list(w) for w in wrecks], **kw)


def tokens(arr):
    """Every shipwreck token: on the grid, in the stack, in a hold, or just salvaged while
    its crew chooses which booty to keep."""
    w = get(arr, "wreck")
    out = [int(t) for t in w[w > 0]]
    out += [int(t) for t in get(arr, "wreck_stack")[: get(arr, "wreck_stack_n")]]
    out += [int(t) for t in get(arr, "booty") if t]
    if get(arr, "pending") == S.PK_BOOTY:
        out.append(int(get(arr, "pend_slot")))
    return out


def value(t):
    return int(C.WRECK_VALUE[t - 1])


def test_moving_over_a_wreck_takes_it_as_booty():
    """Salvaging Shipwrecks: moving over a wreck places it in the hold as booty; wrecks do
    not cause collisions."""
    arr = voyage()
    act(arr, hand("Full Canvas"), opt(0))
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (1, 2)
    assert get(arr, "booty")[0] and value(get(arr, "booty")[0]) == 3
    assert get(arr, "wreck")[2, 2] == 0


def test_ending_a_maneuver_on_a_wreck_takes_it():
    arr = voyage(card="Make Way")
    act(arr, hand("Make Way"), opt(0))
    assert value(get(arr, "booty")[0]) == 3


def test_a_new_wreck_is_rolled_from_the_stack():
    """Salvaging Shipwrecks: roll a location for a new Shipwreck - never on rocks, ships or
    other wrecks."""
    grid = ["......", "RRRRRR", "R.....", "......", "......", "......"]
    arr = voyage(grid=grid, wrecks=([2, 2, 3], [4, 4, 1]))
    n = int(get(arr, "wreck_stack_n"))
    top = int(get(arr, "wreck_stack")[n - 1])
    act(arr, hand("Full Canvas"), opt(0))
    # Full Canvas takes the wreck on (2,2), then stops there before the rock on (1,2)
    assert get(arr, "booty")[0] and get(arr, "wreck_stack_n") == n - 1
    w = get(arr, "wreck")
    placed = [(r, c) for r in range(6) for c in range(6) if w[r, c] == top]
    assert len(placed) == 1
    r, c = placed[0]
    assert get(arr, "feature")[r, c] != S.FEAT_ROCK and (r, c) not in ((2, 2), (4, 4))
    assert (r, c) != (int(get(arr, "ship_r")[1]), int(get(arr, "ship_c")[1]))
    assert (r, c) != (int(get(arr, "ship_r")[0]), int(get(arr, "ship_c")[0]))


def test_no_new_wreck_when_the_stack_is_empty():
    arr = voyage()
    arr["wreck_stack_n"][0] = 0
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "booty")[0] and (get(arr, "wreck") > 0).sum() == 0


def test_second_booty_choose_which_to_keep():
    """Booty: "You may only have 1 booty in your hold, if you collect another, you must choose
    1 to discard"; discarded booty goes back into the stack."""
    arr = voyage(crew0={"booty": 1})
    held = int(get(arr, "booty")[0])
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "pending") == S.PK_BOOTY and legal(arr) == {opt(0), opt(1)}
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (2, 2)   # mid-maneuver
    act(arr, opt(1))
    assert value(get(arr, "booty")[0]) == 3
    assert held in get(arr, "wreck_stack")[: get(arr, "wreck_stack_n")].tolist()
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (1, 2)   # the maneuver goes on
    assert sorted(tokens(arr)) == list(range(1, 10))


def test_second_booty_keep_the_one_held():
    arr = voyage(crew0={"booty": 1})
    held = int(get(arr, "booty")[0])
    act(arr, hand("Full Canvas"), opt(0), opt(0))
    assert get(arr, "booty")[0] == held
    assert sorted(tokens(arr)) == list(range(1, 10))


def test_salvage_upgrade_scores_infamy():
    """Treasure Hold (salvage upgrade): +1 Infamy per wreck salvaged."""
    sd, k = ship_with(S.UPG_SALVAGE)
    up = [0, 0]
    up[k] = 1
    arr = voyage(crew0={"upgrades": up, "infamy": 0}, ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Full Canvas"), opt(0))
    assert get(arr, "infamy")[0] == 1


def test_gust_onto_a_wreck_salvages_it():
    """Ruling: a gust moving a ship onto a wreck is moving over it."""
    grid = ["......", "......", "..G...", "......", "......", "......"]
    arr = voyage(card="Make Way", wrecks=([2, 3, 4],), grid=grid, gust_dir="E")
    act(arr, hand("Make Way"), opt(0))
    assert (get(arr, "ship_r")[0], get(arr, "ship_c")[0]) == (2, 3)
    assert value(get(arr, "booty")[0]) == 4


def test_each_volley_still_offered_after_the_booty_choice():
    """Cannon Fire "each" and Booty: a booty choice mid-maneuver does not cost the volley."""
    arr = voyage(card="Gauntlet Run", wrecks=([2, 2, 3],), crew0={"booty": 1,
                                                                   "res": [0, 2, 0]})
    act(arr, hand("Gauntlet Run"), opt(0))
    assert get(arr, "pending") == S.PK_BOOTY
    act(arr, opt(0))
    assert get(arr, "pending") == S.PK_FIRE


@given(seed=st.integers(0, 999), choices=st.lists(st.integers(0, 10**6), min_size=150,
                                                   max_size=150))
def test_shipwreck_tokens_are_conserved(seed, choices):
    """Nine shipwreck tokens [Box Contents], each always in exactly one place: on the grid,
    in the stack or in a hold; wrecks never lie under a ship or on a rock."""
    arr = to_sea(seed)
    for x in choices:
        if get(arr, "phase") != S.PH_SEA:
            break
        moves = sorted(legal(arr))
        rules.apply(arr[0], moves[x % len(moves)])
        assert sorted(tokens(arr)) == list(range(1, 10))
        w = get(arr, "wreck")
        assert not np.any((w > 0) & (get(arr, "feature") == S.FEAT_ROCK))
        for i in range(int(get(arr, "num_ships"))):
            assert w[get(arr, "ship_r")[i], get(arr, "ship_c")[i]] == 0
