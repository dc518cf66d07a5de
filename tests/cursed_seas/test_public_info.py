"""What every seat may read: ``env.infos`` holds public facts only [ruling: Public infos],
and ``auto_forced`` takes a decision by itself only where its options follow from public
state [ruling: Forced decisions are public ones]."""

from envs.cursed_seas.state import (
    A_NO, ACT_MOVE, ACT_SHOOT, LOC_HOME, PK_GUN, PK_MAST, PK_TURN,
)

from .helpers import fleet, guns, legal, opt, order, position, rec, seg, ship

FAR = ship(1, 0, 9.0, 5.0, 90.0)
COINS = [{"coin": 0, "at": "ship", "where": 0}, {"coin": 5, "at": "ship", "where": 0}]


def _unloaded():
    """Seat 0's ship docks at home and unloads coins 0 and 5, which only seat 0 has seen."""
    e = position([fleet("Blue Petrel"), fleet("Rustfang")],
                 [ship(0, 0, 4.5, 2.0, 180.0), FAR], placed=COINS)
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    s = e.record.copy()[0]              # a copy the test may rewrite
    assert list(s["co_loc"][[0, 5]]) == [LOC_HOME, LOC_HOME]
    assert not s["co_seen"][5] >> 1 & 1
    return e, s


def test_infos_gold_counts_no_coin_another_seat_has_not_seen():
    """[Unloading treasure] gold at home scores, but a face-down coin only seat 0 has looked
    at is not counted in infos: the figure is the same whatever its value."""
    e, s = _unloaded()
    other = s.copy()
    other["co_val"][5] = 2 if s["co_val"][5] != 2 else 3    # seat 1 cannot tell them apart
    assert e.game.infos(other) == e.game.infos(s)
    assert e.game.infos(s)[0]["gold"] == 0


def test_infos_gold_counts_a_coin_every_seat_has_seen_and_all_at_the_end():
    """A coin every seat has looked at is public: it counts; once the game is over the final
    score is public: every coin counts [Winning the Game]."""
    e, s = _unloaded()
    s["co_seen"][0] = 0b11
    assert e.game.infos(s)[0]["gold"] == int(s["co_val"][0])
    s["done"] = 1
    assert e.game.infos(s)[0]["gold"] == int(s["co_val"][0]) + int(s["co_val"][5])


def test_auto_forced_takes_a_public_single_option_and_asks_a_hidden_one():
    """[Shooting] a hit on a ship with one mast standing removes that mast: one option that
    every seat sees, taken by itself with auto_forced; ending the turn is asked even when it
    is the only option (a Captain aboard would give a second action). Seat 1 keeps a ship
    that can move, so the game goes on."""
    target = ship(1, 0, 4.0, 6.8, 0.0, masts=[0, 1])      # Rustfang, mast 1 standing
    consort = ship(1, 1, 9.0, 5.0, 90.0)
    for auto in (False, True):
        e = position([fleet("Blue Petrel"), fleet("Rustfang", "Jade Lantern")],
                     [ship(0, 0, 4.0, 6.0), target, consort], rolls=(3,), auto_forced=auto)
        e.step(order(0, ACT_SHOOT))
        e.step(opt(0))
        e.step(opt(6))                                    # mast 3S rolls 3: a hit
        if not auto:
            assert rec(e)["pending"] == PK_MAST and legal(e) == {opt(1)}
            e.step(opt(1))
        s = rec(e)
        assert s["sh_masts"][6] == 0
        assert s["pending"] == PK_GUN and guns(e) == {1}
    # mast 3S rolls 2 at the two-masted Rustfang: a miss; holding fire with mast 5S leaves
    # only "end the turn", still asked
    e = position([fleet("Blue Petrel"), fleet("Rustfang")],
                 [ship(0, 0, 4.0, 6.0), ship(1, 0, 4.0, 6.8, 0.0)], rolls=(2,), auto_forced=True)
    e.step(order(0, ACT_SHOOT))
    e.step(opt(0))
    e.step(opt(6))
    assert rec(e)["pending"] == PK_GUN and guns(e) == {1}
    e.step(A_NO)
    assert rec(e)["pending"] == PK_TURN and rec(e)["to_play"] == 0 and legal(e) == {A_NO}
