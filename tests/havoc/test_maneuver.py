"""Seas of Havoc maneuvers: headings, forward steps and pivots, split arrows, the
wrap-around grid and extended maneuvers (envs/havoc/maneuver.py, envs/havoc/sea.py).

Rulebook: Maneuvering (Ship's Heading, Maneuver, Extended Maneuver, split arrows, "your ship
never moves sideways"), Sailing off the Edge, Booty (paying with booty).
"""

from hypothesis import given
from hypothesis import strategies as st

from envs.havoc import rules
from envs.havoc import state as S
from tests.havoc.test_sea_turns import (
    STOP, act, get, hand, legal, opt, sea, ship_with, to_sea,
)

OTHER = {"crew": 1, "at": [0, 5], "heading": "S"}
IDLE = {"hand": {"Make Way": 1}}


def me(arr):
    i = get(arr, "crew_ships")[0, 0]
    return int(get(arr, "ship_r")[i]), int(get(arr, "ship_c")[i]), int(get(arr, "ship_h")[i])


def one(card, at=(3, 2), heading="N", res=(0, 0, 0), **crew):
    ships = [{"crew": 0, "at": list(at), "heading": heading}, OTHER]
    c0 = {"hand": {card: 1}, "res": list(res)}
    c0.update(crew)
    return sea(ships, [c0, IDLE])


def test_forward_step_follows_the_heading():
    """Maneuvering: Ship's Heading - movements start from the ship's current heading."""
    for heading, end in (("N", (2, 2)), ("E", (3, 3)), ("S", (4, 2)), ("W", (3, 1))):
        arr = one("Make Way", heading=heading)
        act(arr, hand("Make Way"), opt(0))
        assert me(arr)[:2] == end and "NESW"[me(arr)[2]] == heading


def test_turn_is_forward_pivot_forward():
    """Maneuvering example: forward, pivot in the square, then forward at the new heading."""
    arr = one("Port Tack")
    act(arr, hand("Port Tack"), opt(0))
    assert me(arr) == (2, 1, S.WEST)
    arr = one("Starboard Tack")
    act(arr, hand("Starboard Tack"), opt(0))
    assert me(arr) == (2, 3, S.EAST)


def test_pivot_card_turns_in_place():
    """Maneuvering: a pivot turns the ship 90 degrees without moving it (never sideways)."""
    arr = one("Helm Hard Over")
    act(arr, hand("Helm Hard Over"), opt(0))
    assert get(arr, "pending") == S.PK_PATH
    act(arr, opt(0))
    assert me(arr) == (3, 2, S.WEST)


def test_split_arrows_offer_a_choice_of_path():
    """Maneuvering: "Splitting arrows allow you to choose one of the paths"."""
    arr = one("Forked Wake")
    act(arr, hand("Forked Wake"), opt(0))
    assert get(arr, "pending") == S.PK_PATH and legal(arr) == {opt(0), opt(1)}
    act(arr, opt(1))
    assert me(arr) == (2, 3, S.EAST)


def test_ship_sailing_off_the_edge_wraps_around():
    """Sailing off the Edge: the ship re-enters on the opposite edge at the same heading."""
    arr = one("Full Canvas", at=(0, 2))
    act(arr, hand("Full Canvas"), opt(0))
    assert me(arr) == (4, 2, S.NORTH)
    arr = one("Make Way", at=(1, 5), heading="E")
    act(arr, hand("Make Way"), opt(0))
    assert me(arr) == (1, 0, S.EAST)


def test_extended_maneuver_paid_with_a_sail():
    """Maneuvering 4 / Card Anatomy 5: pay 1 sail to extend the maneuver."""
    arr = one("Catch the Breeze", res=(2, 0, 0))
    act(arr, hand("Catch the Breeze"), opt(0))
    assert get(arr, "pending") == S.PK_EXTEND and legal(arr) == {opt(0), STOP}
    assert me(arr)[:2] == (2, 2)
    act(arr, opt(0))
    assert me(arr)[:2] == (1, 2) and get(arr, "res")[0, S.SAIL] == 1


def test_extended_maneuver_may_be_declined():
    arr = one("Catch the Breeze", res=(2, 0, 0))
    act(arr, hand("Catch the Breeze"), opt(0), STOP)
    assert me(arr)[:2] == (2, 2) and get(arr, "res")[0, S.SAIL] == 2
    assert get(arr, "cur") == 1


def test_no_extension_offered_without_a_sail_to_pay():
    arr = one("Catch the Breeze", res=(0, 3, 3), booty=0)
    act(arr, hand("Catch the Breeze"), opt(0))
    assert get(arr, "cur") == 1 and me(arr)[:2] == (2, 2)


def test_booty_pays_for_the_extension():
    """Booty: "Booty in your hold can be spent for its resource value whenever you would
    spend resources"; spent booty is mixed back into the stack."""
    arr = one("Catch the Breeze", res=(0, 0, 0), booty=2)
    n = int(get(arr, "wreck_stack_n"))
    act(arr, hand("Catch the Breeze"), opt(0), opt(0))
    assert get(arr, "pending") == S.PK_PAY and legal(arr) == {S.A_BOOTY}   # asked (ruling:
    act(arr, S.A_BOOTY)                                     # Booty decisions are asked in the open)
    assert me(arr)[:2] == (1, 2)
    assert get(arr, "booty")[0] == 0 and get(arr, "wreck_stack_n") == n + 1


def test_free_extension_is_performed_as_well():
    """Card Anatomy 3: "Perform the extended maneuver as well" - no payment, no question."""
    arr = one("Slipstream", at=(5, 2), res=(0, 0, 0))
    act(arr, hand("Slipstream"), opt(0))
    assert me(arr)[:2] == (1, 2) and get(arr, "cur") == 1


def test_extension_with_split_arrows():
    """An extended maneuver may itself split (Fair Current: F, then FLF or FRF for a sail)."""
    arr = one("Fair Current", res=(1, 0, 0))
    act(arr, hand("Fair Current"), opt(0), opt(0))
    assert get(arr, "pending") == S.PK_PATH
    act(arr, opt(1))
    assert me(arr) == (1, 3, S.EAST)


def test_extend_any_upgrade_pays_with_another_resource():
    """Chase Rigging (extend_any upgrade): an extension may be paid with any resource."""
    sd, k = ship_with(S.UPG_EXT_ANY)
    up = [0, 0]
    up[k] = 1
    ships = [{"crew": 0, "at": [3, 2], "heading": "N"}, OTHER]
    arr = sea(ships, [{"hand": {"Catch the Breeze": 1}, "res": [0, 0, 2], "upgrades": up},
                      IDLE], ship_classes=[sd, (sd + 1) % 6])
    act(arr, hand("Catch the Breeze"), opt(0), opt(0))
    assert me(arr)[:2] == (1, 2) and get(arr, "res")[0].tolist() == [0, 0, 1]


def test_two_ship_variant_other_ship_does_not_move():
    """2 Ship Variant: a card moves only the chosen ship."""
    ships = [{"crew": 0, "index": 0, "at": [3, 2], "heading": "N"},
             {"crew": 0, "index": 1, "at": [4, 4], "heading": "W"},
             {"crew": 1, "index": 0, "at": [0, 0], "heading": "S"},
             {"crew": 1, "index": 1, "at": [0, 5], "heading": "S"}]
    arr = sea(ships, [{"hand": {"Full Canvas": 1}}, IDLE], variant="two_ship")
    act(arr, hand("Full Canvas"), opt(0), opt(0))
    assert me(arr)[:2] == (1, 2)
    i1 = get(arr, "crew_ships")[0, 1]
    assert (get(arr, "ship_r")[i1], get(arr, "ship_c")[i1], get(arr, "ship_h")[i1]) == (4, 4, 3)


@given(seed=st.integers(0, 999), choices=st.lists(st.integers(0, 10**6), min_size=150,
                                                   max_size=150))
def test_ships_never_share_a_square_or_sit_on_a_rock(seed, choices):
    """Collisions: a ship never enters a space occupied by a ship or a rock."""
    arr = to_sea(seed, players=4)
    for x in choices:
        if get(arr, "phase") != S.PH_SEA:
            break
        moves = sorted(legal(arr))
        rules.apply(arr[0], moves[x % len(moves)])
        n = int(get(arr, "num_ships"))
        squares = {(int(get(arr, "ship_r")[i]), int(get(arr, "ship_c")[i])) for i in range(n)}
        assert len(squares) == n
        assert all(get(arr, "feature")[r, c] != S.FEAT_ROCK for r, c in squares)
        assert all(0 <= r < S.GRID and 0 <= c < S.GRID for r, c in squares)
