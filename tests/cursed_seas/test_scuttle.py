"""Cursed Seas [Scuttling]: "at any time during your turn, you can give one of your derelict
ships a free action and declare that you plan to scuttle that ship. Roll a d6. On a result
of 5 or 6, that derelict ship sinks at the beginning of your next turn ... All crew,
equipment, and treasure on a scuttled ship are eliminated when she sinks." Readings:
docs/rulings.md (Scuttling)."""

from envs.cursed_seas.state import A_NO, A_SCUTTLE, LOC_GONE, LOC_SHIP, PK_TURN

from .helpers import fleet, legal, position, rec, ship


FLEETS = [fleet("Blue Petrel", ("Jade Lantern", ["Captain Lin"])), fleet("Rustfang")]
SHIPS = [ship(0, 0, 4.0, 6.0), ship(0, 1, 4.0, 8.0, masts=[0, 0]), ship(1, 0, 9.0, 5.0, 90.0)]
COIN = [{"coin": 0, "at": "ship", "where": 1}]


def test_scuttle_on_5_or_6_sinks_at_the_beginning_of_the_next_turn():
    """[Scuttling] a 5: the derelict stays afloat for the rest of the turn and the
    opponent's, then sinks with her crew and treasure when her player's turn begins."""
    e = position(FLEETS, SHIPS, placed=COIN, rolls=(5,))
    assert A_SCUTTLE + 1 in legal(e)
    e.step(A_SCUTTLE + 1)
    s = rec(e)
    assert s["sh_live"][1] == 1 and s["pending"] == PK_TURN and s["sh_acts"][1] == 0
    assert A_SCUTTLE + 1 not in legal(e)
    e.step(A_NO)
    assert rec(e)["sh_live"][1] == 1            # the opponent's turn: still afloat
    e.step(A_NO)
    s = rec(e)
    assert s["sh_live"][1] == 0 and s["co_loc"][0] == LOC_GONE and s["cr_ship"][0] == -1


def test_scuttle_below_5_fails_and_may_be_declared_again_next_turn():
    """[Scuttling] a 4: nothing happens; (ruling: Scuttling) one declaration per ship per
    turn, a new one on her player's next turn."""
    e = position(FLEETS, SHIPS, placed=COIN, rolls=(4,))
    e.step(A_SCUTTLE + 1)
    assert A_SCUTTLE + 1 not in legal(e)
    e.step(A_NO)
    e.step(A_NO)
    s = rec(e)
    assert s["sh_live"][1] == 1 and s["co_loc"][0] == LOC_SHIP
    assert A_SCUTTLE + 1 in legal(e)


def test_only_derelicts_can_be_scuttled():
    """[Scuttling] "one of your derelict ships": a ship with a mast can't be, nor can an
    opponent's derelict."""
    e = position(FLEETS, SHIPS[:2] + [ship(1, 0, 9.0, 5.0, 90.0, masts=[0, 0])], placed=COIN)
    got = {a - A_SCUTTLE for a in legal(e) if a >= A_SCUTTLE}
    assert got == {1}
