"""Cursed Seas keywords of crew and equipment (our design; docs/rulings.md: Keywords,
Equipment): each test names the rule it changes and the section, the outcome derived from
the keyword's text in pieces.toml and the rules text. Dice are rigged through the rng."""

import pytest

from envs.cursed_seas.state import (
    A_NO, A_SEA, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_REPAIR, ACT_SHOOT, PK_BOARD_WIN, PK_EXPLORE,
    PK_GUN, PK_REPAIR, PK_REVEAL, PK_TARGET, PK_TURN,
)

from .helpers import first_gun, fleet, legal, opt, order, position, rec, seg, ship


FAR = ship(1, 0, 9.0, 5.0, 90.0)


def two(f0, f1=("Rustfang",)):
    return [fleet(*f0), fleet(*f1)]


# ----- Explorer ---------------------------------------------------------------------------------
def _docked_at_wild_island(scout):
    """Seat 0's Scarlet Heron (with the Explorer Scout Amsel, or no crew) given a move and
    sailing L straight on: she docks at wild island 2, one coin ashore."""
    f0 = [("Scarlet Heron", ["Scout Amsel"] if scout else [])]
    coins = [{"coin": 1, "at": "island", "where": 2}]
    e = position(two(f0), [ship(0, 0, 3.5, 2.0), FAR], placed=coins)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    return e


@pytest.mark.parametrize("scout, can", [(True, True), (False, False)])
def test_explorer_explores_the_turn_she_docks_as_a_second_action(scout, can):
    """Explorer (Keywords; [Exploring] "if a ship begins one of your turns docked at a wild
    island"; [Multiple actions]): with the keyword she explores the island she has just
    docked at, as her second action; without it she must wait for her next turn. Using it
    reveals the crew [Placing Crew and equipment]."""
    e = _docked_at_wild_island(scout)
    assert rec(e)["sh_dock"][0] == 2 and rec(e)["pending"] == PK_TURN
    assert (order(0, ACT_EXPLORE) in legal(e)) == can
    if can:
        assert rec(e)["cr_up"][0] == 0
        e.step(order(0, ACT_EXPLORE))
        s = rec(e)
        assert s["pending"] == PK_EXPLORE and s["cr_up"][0] == 1 and s["sh_acts"][0] == 2
        assert opt(1) in legal(e)


def test_explorer_explores_as_a_second_action_where_she_began_and_is_revealed():
    """Explorer (Keywords; [Actions: Multiple actions]; [Placing Crew and equipment] "You must
    reveal (turn face up) a crew when using its ability"): she began the turn docked at a
    wild island and was given a move of no distance; exploring there now is a second action
    after a move, which only the keyword gives, so the crew giving it turns face up even at
    the island she began the turn at. Without it the explore is not offered."""
    for scout in (True, False):
        e = _docked_at_wild_island(scout)
        e.step(A_NO)                   # seat 0 ends her turn
        e.step(A_NO)                   # and seat 1
        assert rec(e)["sh_began"][0] == rec(e)["sh_dock"][0] == 2
        e.step(order(0, ACT_MOVE))
        e.step(A_NO)                   # she stops before her first segment: still docked
        assert rec(e)["sh_acts"][0] == 1 and rec(e)["sh_dock"][0] == 2
        assert (order(0, ACT_EXPLORE) in legal(e)) == scout
        if scout:
            assert rec(e)["cr_up"][0] == 0
            e.step(order(0, ACT_EXPLORE))
            s = rec(e)
            assert s["pending"] == PK_EXPLORE and s["sh_acts"][0] == 2 and s["cr_up"][0] == 1


def test_explorer_gives_no_third_action():
    """[Actions: Multiple actions] no ship gets more than two non-free actions: an Explorer
    that moved and explored can't be given a shoot action even with a Captain."""
    f0 = [("Regal Tempest", ["Scout Amsel", "Captain Marrow"])]
    coins = [{"coin": 1, "at": "island", "where": 2}]
    e = position(two(f0), [ship(0, 0, 3.4, 2.0), ship(1, 0, 4.6, 3.3, 0.0)], placed=coins)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(order(0, ACT_EXPLORE))        # her cargo is full of crew: nothing to take, but
    assert legal(e) == {A_NO}            # she is asked (her cargo room is hidden; ruling:
    e.step(A_NO)                         # Face-down pieces in actions)
    assert rec(e)["pending"] == PK_TURN and rec(e)["sh_acts"][0] == 2
    assert {a for a in legal(e) if order(0, 0) <= a <= order(0, 3)} == set()


def test_explorer_second_action_explores_where_she_docks_never_at_sea():
    """Explorer (Keywords; pieces.toml: "this ship may explore the turn she docks, as a
    second action after a move"; [Exploring] "you can also explore any allied ship ... that
    your ship touches"): with Scout Amsel aboard, exploring her consort at sea is offered
    as a first action, but not as a second action after a move that docked her nowhere
    (ruling: Exploring at sea)."""
    f0 = [("Scarlet Heron", ["Scout Amsel"]), "Regal Tempest"]
    coins = [{"coin": 1, "at": "ship", "where": 1}]
    alongside = [ship(0, 0, 5.0, 6.0), ship(0, 1, 5.0, 6.2405), ship(1, 0, 10.0, 4.0, 90.0)]
    e = position(two(f0), alongside, placed=coins)
    assert A_SEA + 0 in legal(e)
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 0, 0.125))            # an eighth of S straight on: still alongside her
    e.step(A_NO)                        # stop: her L is not sailed
    s = rec(e)
    assert s["pending"] == PK_TURN and s["sh_dock"][0] == -1 and s["sh_acts"][0] == 1
    assert A_SEA + 0 not in legal(e) and s["cr_up"][0] == 0


# ----- Smuggler ----------------------------------------------------------------------------------
RAM = [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)]


def test_smuggler_keeps_treasure_from_a_winning_boarding_party():
    """Smuggler (Keywords; [Board] "the player with the highest total can eliminate one crew
    on, or take one treasure from, the other ship"): with a False Bulkhead (equipment,
    Smuggler) and no crew aboard, the winner has nothing to take: the boarding ends and
    the equipment is revealed. Equipment is not crew: it can't be eliminated."""
    f1 = [("Anvil Gale", [], ["False Bulkhead"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}, {"coin": 9, "at": "ship", "where": 6}]
    e = position(two(("Blue Petrel",), f1), RAM, placed=coins, rolls=(6, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)                        # 6 + 2 against 1 + 3: seat 0 wins
    s = rec(e)
    assert list(s["board_roll"]) == [8, 4]
    assert s["pending"] == PK_TURN and s["co_at"][8] == 6 and s["co_at"][9] == 6
    assert s["cr_up"][6] == 1 and s["cr_ship"][6] == 6


def test_smuggler_with_crew_aboard_the_winner_may_only_eliminate_a_crew():
    """Smuggler (Keywords: "a boarding party won against this ship can't take her
    treasure"); [Board] the winner "can eliminate one crew on, or take one treasure from,
    the other ship". The False Bulkhead's ship also carries a crew: the winner is asked, may
    eliminate the crew or take nothing, never her treasure; the Bulkhead is revealed."""
    f1 = [("Anvil Gale", ["Gunner Slag"], ["False Bulkhead"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two(("Blue Petrel",), f1), RAM, placed=coins, rolls=(6, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)                        # 6 + 2 against 1 + 3: seat 0 wins
    s = rec(e)
    assert s["pending"] == PK_BOARD_WIN and s["to_play"] == 0
    assert legal(e) == {A_YES, opt(0)}
    assert s["cr_up"][7] == 1


def test_without_smuggler_the_winner_may_take_treasure():
    """[Board] the same boarding party with Boarding Pikes (no Smuggler): the winner may take
    a treasure, and may not eliminate the equipment (only crew)."""
    f1 = [("Anvil Gale", [], ["Boarding Pikes"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two(("Blue Petrel",), f1), RAM, placed=coins, rolls=(6, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)
    assert rec(e)["pending"] == PK_BOARD_WIN and legal(e) == {A_NO, opt(0)}   # or nothing


def test_no_stacking_crew_and_equipment_with_one_keyword_add_once():
    """[No Stacking] a Boarder crew and Boarding Pikes (Boarder) on one ship add +1 once:
    rammer 3 + 2 masts = 5, rammed 1 + 3 masts + 1 = 5, a tie: nothing happens. One of the
    two is used, and her player picks which is turned up (ruling: Revealing crew)."""
    f1 = [("Anvil Gale", ["Boarding Chief Krell"], ["Boarding Pikes"])]
    coins = [{"coin": 8, "at": "ship", "where": 6}]
    e = position(two(("Blue Petrel",), f1), RAM, placed=coins, rolls=(3, 1))
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(A_YES)
    s = rec(e)
    assert list(s["board_roll"]) == [5, 5]
    assert s["pending"] == PK_REVEAL and s["to_play"] == 1 and legal(e) == {opt(6), opt(7)}
    e.step(opt(7))
    s = rec(e)
    assert s["pending"] == PK_TURN and s["to_play"] == 0
    assert s["cr_up"][7] == 1 and s["cr_up"][6] == 0


# ----- Carpenter -------------------------------------------------------------------------------
def _junk_at_home(masts, crew=("Carpenter Bao",)):
    f0 = [("Quiet Junk", list(crew))]   # jade, 3 masts, hull 0.7
    return position(two(f0), [ship(0, 0, 3.12 + 0.7, 2.0, 180.0, masts=masts, dock=0), FAR])


def test_carpenter_repair_brings_back_two_masts():
    """Carpenter (Keywords; [Repairing] "repair (bring back into play) one mast"): one
    repair action brings back two masts, each chosen by her player; the crew is revealed."""
    e = _junk_at_home([0, 0, 1])
    e.step(order(0, ACT_REPAIR))
    e.step(opt(0))
    s = rec(e)
    assert s["pending"] == PK_REPAIR and legal(e) == {opt(1)} and s["cr_up"][0] == 1
    e.step(opt(1))
    s = rec(e)
    assert s["sh_masts"][0] == 0b111 and s["pending"] == PK_TURN and s["sh_acts"][0] == 1


def test_repair_without_carpenter_brings_back_one_mast():
    """[Repairing] one mast per repair action without the keyword."""
    e = _junk_at_home([0, 0, 1], crew=())
    e.step(order(0, ACT_REPAIR))
    e.step(opt(0))
    assert rec(e)["sh_masts"][0] == 0b101 and rec(e)["pending"] == PK_TURN


# ----- Long Guns ---------------------------------------------------------------------------------
@pytest.mark.parametrize("f0, can", [
    ([("Rustfang", ["Gun Captain Ferro"])], True),        # iron crew on an iron ship
    ([("Rustfang", [])], False),
    ([("Golden Abacus", [], ["Long Nines"])], True),      # equipment works on any nation
    ([("Blue Petrel", ["Gun Captain Ferro"])], False),     # foreign crew: no ability
])
def test_long_guns_let_s_cannons_reach_l(f0, can):
    """Long Guns (Keywords; [Shooting] rank and range per mast): S cannons shoot up to L.
    The target lies between S and L from every mast. Crew of another nation can't use its
    ability [Placing Crew and equipment]; equipment has no nation (ruling: Equipment). Only
    the Long Guns give her the shoot action, so giving it uses them: revealed then [Placing
    Crew and equipment]."""
    f1 = [("Anvil Gale", [])]
    e = position(two(f0, f1[0:1] and ("Anvil Gale",)),
                 [ship(0, 0, 4.0, 6.0), ship(1, 0, 4.0, 7.6, 0.0)], rolls=(6, 6))
    assert (order(0, ACT_SHOOT) in legal(e)) == can
    if can:
        e.step(order(0, ACT_SHOOT))
        assert rec(e)["cr_up"][0] == 1        # the shoot action only they allow: revealed
        first_gun(e)
        assert rec(e)["pending"] == PK_TARGET
        e.step(opt(6))
        assert rec(e)["cr_up"][0] == 1


# ----- revealing Captain, Helmsman, Oarsman ----------------------------------------------------
REVEAL_ME = ship(0, 0, 4.0, 6.0)
REVEAL_TGT = ship(1, 0, 5.2, 4.8, 90.0)


def test_captain_is_revealed_when_her_ship_shoots_after_a_move():
    """[Placing Crew and equipment] 'You must reveal (turn face up) a crew when using its
    ability'; Captain: a shoot action after a move (ruling: Actions). Captain Marrow stays
    face down through the move and turns face up when the second action is given."""
    e = position(two([("Scarlet Heron", ["Captain Marrow"])]), [REVEAL_ME, REVEAL_TGT])
    e.step(order(0, ACT_MOVE))
    e.step(seg(0, 0, 0.25))
    e.step(A_NO)
    assert rec(e)["cr_up"][0] == 0 and order(0, ACT_SHOOT) in legal(e)
    e.step(order(0, ACT_SHOOT))
    assert rec(e)["pending"] == PK_GUN and rec(e)["cr_up"][0] == 1


def test_helmsman_is_revealed_when_her_ship_moves_after_a_shoot():
    """[Placing Crew and equipment] reveal a crew when using its ability; Helmsman: a move
    action after a shoot (ruling: Actions)."""
    e = position(two([("Regal Tempest", ["Helmsman Pike"])]), [REVEAL_ME, REVEAL_TGT])
    e.step(order(0, ACT_SHOOT))
    e.step(A_NO)                                       # every mast holds fire
    assert rec(e)["cr_up"][0] == 0 and order(0, ACT_MOVE) in legal(e)
    e.step(order(0, ACT_MOVE))
    assert rec(e)["cr_up"][0] == 1


def test_oarsman_is_revealed_when_the_extra_segment_is_sailed():
    """[Placing Crew and equipment] reveal a piece when using its ability; Oarsman: +S to
    the base move (ruling: Keywords). Scarlet Heron (L+S) with Spare Oars sails L and S
    with the oars face down; the third segment, S, is the Oarsman's: 3 + 2 + 1 + 1 = 7."""
    e = position(two([("Scarlet Heron", [], ["Spare Oars"])]),
                 [ship(0, 0, 3.0, 6.0), ship(1, 0, 10.0, 7.0, 90.0)])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    e.step(seg(0))
    assert rec(e)["cr_up"][0] == 0
    e.step(seg(0))
    s = rec(e)
    assert s["sh_x"][0] == pytest.approx(7.0) and s["cr_up"][0] == 1
