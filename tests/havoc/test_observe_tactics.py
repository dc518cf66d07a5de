"""Seas of Havoc observation, tactical block (envs/havoc/observe.py ``tactics``): relative
ship positions, firing lines, threats, the resolving card's fire options, affordable cards.

Each feature restates a rule read off the public board: Cannon Fire (shots leave the left
or right side, fly up to the range, "Your shots hit the first obstacle in their range",
cannon fire wraps around the board), Scoring a Hit (a shot parallel to the target's
heading rakes), Sailing off the Edge (the wrapping grid), Card Purchases and Booty (a card
is bought with resources, booty covering what is short). That the block shows nothing
hidden is covered by tests/havoc/test_observe.py's scrambled-hidden-state property test.
"""

import numpy as np
import pytest

from envs.havoc import cards as C
from envs.havoc.observe import (
    LINE_F, MAX_RANGE, O_AFFORD, O_FIREOPT, O_LINES, O_REL, O_THREAT, OBS_SIZE, REL_F,
    THREAT_F, observe,
)
from envs.havoc.state import MARKET_SIZE, PK_FIRE
from tests.havoc.test_cannon import duel
from tests.havoc.test_sea_turns import act, get, hand, opt

LEFT, RIGHT = 0, 1
RIVAL, FRIEND, RAKE = MAX_RANGE, MAX_RANGE + 1, MAX_RANGE + 2


def obs(arr, seat=0):
    out = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], seat, out)
    return out


def my_line(o, side, ship=0):
    base = O_LINES + (2 * ship + side) * LINE_F
    return o[base:base + LINE_F]


def threat(o, rel_crew, side, ship=0):
    base = O_THREAT + ((2 * rel_crew + ship) * 2 + side) * THREAT_F
    return o[base:base + THREAT_F]


def distance(part):
    hot = np.flatnonzero(part[:MAX_RANGE])
    return int(hot[0]) + 1 if len(hot) else 0


def test_cannon_fire_line_shows_a_rival_on_the_starboard_beam_two_squares_off():
    """Cannon Fire: my ship at (3,1) facing north fires east out of its right side; the
    rival at (3,3) facing north is the first ship on that line, 2 squares off, broadside;
    out of the left side the shot flies west round the edge [Sailing off the Edge] and meets
    the same rival 4 squares off."""
    o = obs(duel("Warning Shot"))
    right = my_line(o, RIGHT)
    assert distance(right) == 2 and right[RIVAL] == 1 and right[FRIEND] == 0
    assert right[RAKE] == 0
    assert distance(my_line(o, LEFT)) == 4 and my_line(o, LEFT)[RIVAL] == 1


@pytest.mark.parametrize("heading", ["E", "W"])
def test_scoring_a_hit_line_rakes_a_ship_lying_along_the_shot(heading):
    """Scoring a Hit: a shot parallel to the target's heading strikes bow or stern."""
    o = obs(duel("Warning Shot", target_heading=heading))
    assert my_line(o, RIGHT)[RAKE] == 1


def test_cannon_fire_first_obstacle_a_rock_blocks_the_line():
    """Cannon Fire: "Your shots hit the first obstacle in their range": a rock between the
    ships hides the rival."""
    grid = ["......", "......", "......", "..R...", "......", "......"]
    o = obs(duel("Warning Shot", grid=grid))
    assert not my_line(o, RIGHT).any()


def test_cannon_fire_wraps_round_the_edge_of_the_board():
    """Sailing off the Edge / Cannon Fire: a shot east from column 4 reaches column 0 two
    squares later."""
    o = obs(duel("Warning Shot", me_at=(3, 4), target_at=(3, 0)))
    assert distance(my_line(o, RIGHT)) == 2 and my_line(o, RIGHT)[RIVAL] == 1


def test_threats_show_the_rival_ship_that_has_me_on_its_beam():
    """Cannon Fire, seen from the target: two north-facing ships in one row have each other
    on their beams, 2 squares one way and 4 round the edge; a rival facing east fires north
    and south, so the ship to its west is on neither of its beams."""
    arr = duel("Warning Shot")
    for seat, near in ((0, LEFT), (1, RIGHT)):
        o = obs(arr, seat)
        assert distance(threat(o, 1, near)) == 2 and threat(o, 1, near)[MAX_RANGE] == 0
        assert distance(threat(o, 1, 1 - near)) == 4
    o = obs(duel("Warning Shot", target_heading="E"), 0)
    assert not o[O_THREAT:O_THREAT + 24 * THREAT_F].any()


def test_relative_position_of_the_rival_ship_in_my_frame():
    """Sailing off the Edge: positions are offsets from my own ship, turned so I face
    north: the rival two squares east of my north-facing ship is 0 ahead, 2 to starboard;
    when my ship faces east the same rival lies 2 squares ahead and faces my port side."""
    o = obs(duel("Warning Shot"))
    rel = o[O_REL + 2 * REL_F:O_REL + 3 * REL_F]             # relative crew 1, ship 0
    assert rel[0] == 1 and rel[1] == 0 and rel[2] == pytest.approx(2 / 3)
    assert rel[3] == pytest.approx(2 / 6) and rel[4] == 1     # faces north like me
    o = obs(duel("Warning Shot", me_heading="E"))
    rel = o[O_REL + 2 * REL_F:O_REL + 3 * REL_F]
    assert rel[1] == pytest.approx(2 / 3) and rel[2] == 0
    assert rel[4 + 3] == 1                                    # north is to my port (W)


def test_fire_options_show_which_range_reaches_the_rival():
    """Cannon Fire: range 2 (Warning Shot) falls short of a ship 3 squares away, range 3
    (Long Gun) reaches it; on a 6-square board it is 3 squares off either side (the shot
    west wraps round the edge)."""
    for card, hits in (("Warning Shot", 0), ("Long Gun", 1)):
        arr = duel(card, target_at=(3, 4))
        act(arr, hand(card), opt(0))
        assert get(arr, "pending") == PK_FIRE
        o = obs(arr)
        for side in (LEFT, RIGHT):
            assert o[O_FIREOPT + 3 * side] == hits               # option 0 hits a rival
            assert o[O_FIREOPT + 3 * side + 1] == 0              # no friendly ship


def test_card_purchases_affordable_market_cards_follow_resources_and_booty():
    """Card Purchases / Booty: with no resources and no booty only a free card can be paid
    for; with full resources every card in the Market can."""
    arr = duel("Warning Shot")
    market = [int(d) for d in get(arr, "market")]
    assert any(d >= 0 for d in market)
    get(arr, "res")[0] = (0, 0, 0)
    get(arr, "booty")[0] = 0
    o = obs(arr)
    for i in range(MARKET_SIZE):
        d = market[i]
        free = d >= 0 and int(C.CARD_COST[d].sum()) == 0
        assert o[O_AFFORD + i] == (1.0 if free else 0.0)
    get(arr, "res")[0] = (9, 8, 10)
    o = obs(arr)
    for i in range(MARKET_SIZE):
        assert o[O_AFFORD + i] == (1.0 if market[i] >= 0 else 0.0)
