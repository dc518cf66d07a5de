"""Cursed Seas hidden and open information in masks, labels, observations, text and pictures.

Hidden [Placing Crew and equipment: "put them face down"; Placing Treasure; Exploring]: which
face-down crew or equipment a seat has not looked at lies where, and what it is (its cost and
nation). The legal mask is part of the seat's observation, so the action indices offered to
the seat to play, their legality and their labels must depend only on what that seat knows:
the determiniser (information-set search) re-deals the hidden pieces and must leave the
seat's whole view unchanged (ruling: Face-down pieces in actions).

Open [Fleets: "the identities and complete statistics (including abilities) of all ships and
forts in play are considered open information"]: two positions differing only in which fort
(or ship) is in play look different to every seat, in the observation, the text and the
picture.
"""

import numpy as np
import pytest

import envs
from envs.cursed_seas.hidden import determinize
from envs.cursed_seas.labels import action_label
from envs.cursed_seas.observe import observe
from envs.cursed_seas.render import render_ansi, render_rgb
from envs.cursed_seas.rules import legal_mask
from envs.cursed_seas.state import (
    A_LOAD, A_NO, A_PIECE, A_SEA, A_YES, ACT_EXPLORE, ACT_MOVE, ACT_SHOOT, LOC_FORT,
    NUM_ACTIONS, OBS_SIZE, PH_ISLANDS, PK_BOARD_CREW, PK_BOARD_WIN, PK_BUILD, PK_EXPLORE, PK_GUN,
    PK_LOAD, PK_PAY, PK_PIECE_TO, PK_REVEAL, PK_SEA_SWAP, PK_SEA_WITH, PK_SEGMENT, PK_TARGET,
    PK_TURN, SEA_CREW,
)
from envs.cursed_seas.validate import check_states

from .helpers import (
    ISLANDS, fleet, first_gun, guns, legal, opt, order, pieces_legal, position, rec, seg, ship,
)

# island 2 (wild) at (6, 2), radius 1: hulls docked west and east of it
WEST = ship(0, 0, 4.88 - 0.6, 2.0, 0.0, dock=2)          # a 2-mast hull (0.6 S)
EAST = ship(1, 0, 7.12 + 0.6, 2.0, 180.0, dock=2)
FAR0 = ship(0, 0, 4.0, 6.0)


def view(arr, seat, picture=False):
    """Everything ``seat`` is shown: the legal mask (when it is to play) with the labels of
    the legal actions, the observation, the text and (optionally) the picture."""
    s = arr[0]
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    if int(s["to_play"]) == seat:
        legal_mask(s, mask)
    labels = [action_label(s, a) for a in np.flatnonzero(mask)]
    obs = np.zeros(OBS_SIZE, np.float32)
    observe(s, seat, obs)
    out = [mask.tobytes(), labels, obs.tobytes(), render_ansi(s, seat)]
    if picture:
        out.append(render_rgb(s, seat).tobytes())
    return out


def record_mask(arr):
    """The legal mask of the seat to play in record ``arr`` (1,)."""
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    legal_mask(arr[0], mask)
    return mask


def redealt(arr, seat, key):
    a = arr.copy()
    determinize(a[0], seat, np.uint64(key))
    assert check_states(a)[0] == []
    return a


def assert_view_kept(arr, seat, keys=range(16), picture=False):
    want = view(arr, seat, picture)
    for key in keys:
        got = view(redealt(arr, seat, key), seat, picture)
        names = ("mask", "labels", "observation", "text", "picture")
        for name, w, g in zip(names, want, got):
            assert w == g, f"determinize(seat {seat}, key {key}) changed the seat's {name}"


# ----- face-down pieces ashore: docking transfers [Docking; Placing Crew and equipment] ---------
def ashore_position(ashore, ship1="Rustfang", crew1=()):
    """Seat 0's Blue Petrel (Smuggler Nix = crew 0, Captain Ysolde = crew 1) with one of them
    left on wild island 2, where seat 1's ship is docked; seat 1 to play."""
    f = [fleet(("Blue Petrel", ["Smuggler Nix", "Captain Ysolde"])),
         fleet((ship1, list(crew1)))]
    return position(f, [FAR0, EAST], cur=1,
                    crew=[{"crew": ashore, "at": "island", "where": 2}])


@pytest.mark.parametrize("ashore", [0, 1])
def test_which_face_down_piece_lies_ashore_does_not_change_the_mask(ashore):
    """[Placing Crew and equipment] "crew and equipment left on wild islands can be loaded by
    any ship": seat 1 may load the face-down piece seat 0 left on island 2, but does not know
    which one it is; the action offering it, its label, and everything else seat 1 is shown
    are the same whichever piece it is, and after any re-deal of what seat 1 cannot see."""
    e = ashore_position(ashore)
    arr = e.record.copy()
    assert pieces_legal(e) == {1}          # the stand-in for "a face-down crew on island 2"
    assert "face-down crew on island 2" in action_label(arr[0], A_PIECE + 1)
    other = ashore_position(1 - ashore).record.copy()
    assert view(arr, 1, picture=True) == view(other, 1, picture=True)
    assert_view_kept(arr, 1, picture=False)


def test_unseen_pieces_cost_does_not_decide_the_offer():
    """[Placing Crew and equipment] "it can't carry crew and equipment with a combined point
    cost more than the ship's point cost": seat 1's Jade Lantern (5 points) already carries
    Captain Lin (3). Whether seat 0's face-down piece ashore is Nix (2: fits) or Ysolde (3:
    does not) is hidden from seat 1, so either way it is offered (ruling: Face-down pieces in
    actions); picking it up she looks at it, and Ysolde stays ashore (moved this turn)."""
    e = ashore_position(1, "Jade Lantern", ["Captain Lin"])
    arr = e.record.copy()
    assert pieces_legal(e) == {1, 6}       # the stand-in, and her own Lin (crew 6) aboard
    assert view(arr, 1) == view(ashore_position(0, "Jade Lantern", ["Captain Lin"]).record, 1)
    assert_view_kept(arr, 1)
    e.step(A_PIECE + 1)
    s = rec(e)
    assert s["pending"] == PK_TURN and s["cr_isl"][1] == 2 and s["cr_moved"][1] == 1
    assert (int(s["cr_seen"][1]) >> 1) & 1, "she looked at it"
    assert pieces_legal(e) == {6}
    assert check_states(e.record)[0] == []


# seat 0's Golden Abacus (masts 5S, 4S) with seat 1's Anvil Gale between S and L of both
# masts; seat 1's derelict Rustfang off her bow within S of mast 1 only (mast 0 lies beyond S,
# and mast 1 stands in its line of fire)
ABACUS = ship(0, 0, 4.0, 6.0)
GALE = ship(1, 0, 4.0, 7.6, 0.0)
HULK = ship(1, 1, 5.35, 6.0, 0.0, masts=[0, 0])


def guns_position(aboard, hulk=True, rolls=(6, 6)):
    """Golden Abacus with Long Nines (crew 0) and Spare Oars (crew 1): the piece ``aboard``
    on her, the other left on island 2, so seat 1 cannot tell which is aboard."""
    f = [fleet(("Golden Abacus", [], ["Long Nines", "Spare Oars"])),
         fleet("Anvil Gale", "Rustfang")]
    return position(f, [ABACUS, GALE] + ([HULK] if hulk else []), rolls=rolls,
                    crew=[{"crew": 1 - aboard, "at": "island", "where": 2}])


def test_a_redeal_keeps_the_face_down_long_guns_a_chosen_cannon_needs():
    """[Shooting] a cannon chosen to fire must take a target; Long Guns (Keywords) let an S
    cannon reach L, and stay face down until used [Placing Crew and equipment]. Mast 1 has
    the derelict within S, so the shoot action does not need the Long Nines; mast 0 is then
    chosen, whose only target lies beyond S: every seat saw it chosen, so no deal of what
    seat 1 cannot see may leave it without a target, even though seat 1 does not know
    whether the Long Nines or the Spare Oars are aboard."""
    e = guns_position(0)
    e.step(order(0, ACT_SHOOT))
    assert rec(e)["pending"] == PK_GUN and guns(e) == {0, 1}
    first_gun(e)
    arr = e.record.copy()
    assert arr[0]["pending"] == PK_TARGET and arr[0]["cr_up"][0] == 0
    target = legal(e)
    assert target == {opt(6)}
    for key in range(32):
        other = redealt(arr, 1, key)
        assert other[0]["cr_ship"][0] == 0, f"key {key}: the Long Nines left the ship"
        assert set(np.flatnonzero(record_mask(other)).tolist()) == target


def test_a_redeal_keeps_something_to_move_for_a_ship_exploring_at_sea():
    """[Exploring] "you can also explore any allied ship or derelict that your ship
    touches": every seat saw seat 3 give the explore action at sea, so a touching ship has
    something her pieces (face down to the others, known to her) may move; no re-deal of
    what seat 0 cannot see may leave her choice of partner without an answer. A random
    4-player position (the one a contract test found: envs' played(), seed 0, 199 moves)."""
    from tests.contract.test_contract import played

    arr = played("cursed_seas", {"num_players": 4, "reefs": 1, "auto_forced": False}, 0,
                 199).record.copy()
    assert arr[0]["pending"] == PK_SEA_WITH and arr[0]["to_play"] == 3
    for key in range(64):
        other = redealt(arr, 0, key)        # which checks the record
        assert record_mask(other).any(), f"key {key}: seat 3 cannot answer"


def test_placing_crew_and_equipment_long_guns_giving_the_shoot_action_are_used_and_revealed():
    """[Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability"; Long Guns (Keywords): S cannons reach L. With the Anvil Gale beyond S of every
    mast, only the Long Nines make a shoot action possible; every seat sees the action given
    (the cannon decision that follows), so giving it is using them: they turn face up then,
    and stay face up when she stops without firing. Before it, seat 1 sees the same whether
    the Long Nines or the Spare Oars are aboard."""
    e = guns_position(0, hulk=False)
    assert view(e.record, 1) == view(guns_position(1, hulk=False).record, 1)
    assert order(0, ACT_SHOOT) not in legal(guns_position(1, hulk=False))
    e.step(order(0, ACT_SHOOT))
    assert rec(e)["pending"] == PK_GUN and rec(e)["cr_up"][0] == 1
    e.step(A_NO)
    assert rec(e)["pending"] == PK_TURN and rec(e)["cr_up"][0] == 1
    assert_view_kept(e.record.copy(), 1, keys=range(4))


def test_placing_crew_and_equipment_long_guns_keeping_the_shoot_action_going_are_revealed():
    """[Placing Crew and equipment; Shooting] the derelict lets mast 1 fire without the Long
    Nines, so giving the shoot action reveals nothing (seat 1 sees the same with the Spare
    Oars aboard instead). Mast 1 hits (a 6) and sinks her [Shooting: "if a ship with no
    masts is hit, she sinks"]; mast 0 may fire next only with the Long Nines: asking which
    cannon fires next uses them, so they turn face up (without them the action ends)."""
    e, other = guns_position(0), guns_position(1)
    for x in (e, other):
        x.step(order(0, ACT_SHOOT))
        x.step(opt(1))
        x.step(opt(7))
        assert not rec(x)["sh_live"][7]
    assert rec(other)["pending"] == PK_TURN
    s = rec(e)
    assert s["pending"] == PK_GUN and guns(e) == {0} and s["cr_up"][0] == 1


# ----- the Oarsman's +S [Placing Crew and equipment; Moving] -------------------------------------
def oars_position(aboard):
    """Seat 0's Rustfang (move L) with Spare Oars (crew 0) and Boarding Pikes (crew 1): the
    piece ``aboard`` on her, the other left on island 2; she is given a move and sails L."""
    f = [fleet(("Rustfang", [], ["Spare Oars", "Boarding Pikes"])), fleet("Rustfang")]
    e = position(f, [ship(0, 0, 5.0, 6.0), ship(1, 0, 9.0, 5.0, 90.0)],
                 crew=[{"crew": 1 - aboard, "at": "island", "where": 2}])
    e.step(order(0, ACT_MOVE))
    e.step(seg(1))
    return e


def test_placing_crew_and_equipment_a_face_down_oarsman_is_not_betrayed_by_the_segment_decision():
    """[Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability"; Oarsman: +S to the base move (ruling: Keywords). Rustfang has sailed her
    printed L. Seat 1 cannot tell whether the face-down piece aboard is the Spare Oars or the
    Boarding Pikes, so "sail on or stop" is asked either way: with the Pikes only stopping is
    legal; with the Oars she may also sail their S. Stopping leaves the Oars face down and
    seat 1's view the same; sailing the S reveals them. A ship with no face-down piece that
    could be an Oarsman is not asked."""
    oars, pikes = oars_position(0), oars_position(1)
    assert view(oars.record, 1) == view(pikes.record, 1)
    assert rec(oars)["pending"] == rec(pikes)["pending"] == PK_SEGMENT
    assert legal(pikes) == {A_NO}
    assert seg(0) in legal(oars) and seg(1) not in legal(oars)
    sail_on = oars.clone()
    for x in (oars, pikes):
        x.step(A_NO)
        assert rec(x)["pending"] == PK_TURN
    assert rec(oars)["cr_up"][0] == 0
    assert view(oars.record, 1) == view(pikes.record, 1)
    sail_on.step(seg(0))
    assert rec(sail_on)["cr_up"][0] == 1 and rec(sail_on)["sh_x"][0] == pytest.approx(8.0)
    bare = position([fleet("Rustfang"), fleet("Rustfang")],
                    [ship(0, 0, 5.0, 6.0), ship(1, 0, 9.0, 5.0, 90.0)])
    bare.step(order(0, ACT_MOVE))
    bare.step(seg(1))
    assert rec(bare)["pending"] == PK_TURN


def test_placing_crew_and_equipment_the_trade_currents_plus_s_is_sailed_before_the_oarsmans():
    """[Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability"; [Trade Current] a friendly ship beginning her turn touching a friendly trade
    current "gets +S to her base move". Blue Petrel (L+S) with a face-down Oarsman
    (Navigator Quill, azure) begins her turn touching her own trade current and sails S, L
    and one more S: the current alone gives that S, so the Oarsman's ability is not used and
    stays face down; her own S is still offered, and sailing it reveals her (ruling:
    Keywords)."""
    from envs.cursed_seas.state import TR_TRADE
    cur = {"n_terr": 1, "tr_kind": [TR_TRADE] + [0] * 7, "tr_x": [4.3] + [0.0] * 7,
           "tr_y": [6.8] + [0.0] * 7, "tr_num": [0] * 8, "tr_owner": [0] + [-1] * 7}
    e = position([fleet(("Blue Petrel", ["Navigator Quill"])), fleet("Rustfang")],
                 [ship(0, 0, 4.0, 6.0), ship(1, 0, 9.0, 4.0, 90.0)], record=cur)
    e.step(A_NO)
    e.step(A_NO)                        # her turn begins touching her trade current
    s = rec(e)
    assert s["to_play"] == 0 and s["sh_trade"][0] == 1 and s["cr_up"][0] == 0
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))
    e.step(seg(1))
    e.step(seg(0))                      # one S beyond her printed move: the current's
    s = rec(e)
    assert s["pending"] == PK_SEGMENT and s["sh_trade"][0] == 2 and s["cr_up"][0] == 0
    assert seg(0) in legal(e)           # the Oarsman's S is still hers to sail
    sail_on = e.clone()
    e.step(A_NO)
    assert rec(e)["cr_up"][0] == 0 and rec(e)["pending"] == PK_TURN
    sail_on.step(seg(0))
    assert rec(sail_on)["cr_up"][0] == 1


def test_an_unseen_piece_that_fits_is_loaded_after_the_look():
    """[Docking] the piece seat 1 picks up fits her Rustfang: she looks at it, then chooses
    where it goes (aboard; a piece from the island is not put back) and knows it from then."""
    e = ashore_position(0)
    e.step(A_PIECE + 1)
    s = rec(e)
    assert s["pending"] == PK_PIECE_TO and s["pend_piece"] == 0
    assert (int(s["cr_seen"][0]) >> 1) & 1
    assert legal(e) == {opt(6)}
    e.step(opt(6))
    assert rec(e)["cr_ship"][0] == 6


# ----- exploring at sea [Exploring] --------------------------------------------------------------
A = ship(0, 0, 4.0, 6.0)                      # two hulls 2 x 0.12 S apart: touching
DERELICT = ship(1, 1, 4.0, 6.24, masts=[0, 0, 0])
FAR1 = ship(1, 0, 9.0, 5.0, 90.0)


def sea_position(crew_name):
    """Seat 0's Jade Lantern (5 points) with Captain Lin (3) aboard touches seat 1's
    derelict Regal Tempest, whose only cargo is one face-down crew seat 0 has not seen."""
    f = [fleet(("Jade Lantern", ["Captain Lin"])),
         fleet("Rustfang", ("Regal Tempest", [crew_name]))]
    return position(f, [A, DERELICT, FAR1])


@pytest.mark.parametrize("crew_name", ["Gun Captain Ferro", "Deckhand Bly"])
def test_exploring_a_derelict_at_sea_is_offered_from_what_the_seat_sees(crew_name):
    """[Exploring] "explore any allied ship or derelict that your ship touches": whether the
    derelict's face-down crew could cross (Gunner Slag 2 would fit the Lantern; Gun Captain
    Ferro 3 would pass her 5 points; Deckhand Bly is a 0-point crown crew, not for a jade
    ship) is hidden until she looks, so the explore action is offered alike; after the look
    only what may cross is offered (ruling: Face-down pieces in actions)."""
    e = sea_position(crew_name)
    assert A_SEA + 0 in legal(e)
    assert view(e.record, 0) == view(sea_position("Gunner Slag").record, 0)
    assert_view_kept(e.record.copy(), 0)
    e.step(A_SEA + 0)
    assert rec(e)["pending"] == PK_SEA_WITH
    e.step(opt(7))
    assert rec(e)["pending"] == PK_SEA_SWAP
    assert legal(e) == {A_NO}, "nothing may cross: she stops, the action spent on the look"


# ----- random positions ---------------------------------------------------------------------------
CONFIGS = envs.spec("cursed_seas").metadata["test_configs"]


@pytest.mark.parametrize("ci", range(len(CONFIGS)))
def test_random_positions_keep_the_seat_to_plays_view(ci):
    """Over a random game of each test config: at every decision the seat to play's mask,
    legal labels, observation and text (and once its picture) survive a re-deal of what it
    cannot see (one re-deal a decision: a leak shows under any re-deal that moves the hidden
    pieces, and the 400 decisions bring many)."""
    rng = np.random.default_rng(ci)
    e = envs.make_raw("cursed_seas", **CONFIGS[ci])
    e.reset(seed=100 * ci)
    for step in range(400):
        seat = int(rec(e)["to_play"])
        if seat < 0:
            break
        assert_view_kept(e.record.copy(), seat, keys=(step,), picture=step == 200)
        e.step(int(rng.choice(sorted(legal(e)))))


# ----- hidden gold: building forts and loading from them [Building Forts; Forts: Treasure] -------
FORTS = [["Fort Brimstone"], ["Redoubt of Tears"]]        # Brimstone: cost 4 gold
DOCKED2 = ship(0, 0, 6.0 - 1.0 - 0.12 - 0.6 - 1e-4, 2.0, 0.0, dock=2)


def build_position(home):
    """Seat 0's ship docked at wild island 2, which she explored; ``home``: the coins at her
    home (coins 0, 1: copper 1; 4: gold 3; 5: doubloon 5), which seat 1 never looked at."""
    d = {"ft_isl": [-1] * 8, "ft_flags": [0] * 8, "isl_token": [0, 0, 1, 0] + [0] * 8}
    coins = [{"coin": c, "at": "home", "where": 0} for c in home] + \
        [{"coin": 2, "at": "island", "where": 2}]
    return position([fleet("Blue Petrel"), fleet("Rustfang")], [DOCKED2, FAR1],
                    placed=coins, record=d, forts=FORTS)


def assert_unseen_by_seat_1(e, coins):
    for c in coins:
        assert not (int(rec(e)["co_seen"][c]) >> 1) & 1


def test_building_forts_hidden_home_gold_does_not_decide_whether_she_is_asked():
    """[Building Forts] "You must have an amount of gold points on your home island equal to
    or greater than the fort's gold point cost ... If these three prerequisites are met at
    the end of one of your turns, you may build the fort"; the values of face-down coins a
    seat has not looked at are hidden from it [Placing Treasure; Exploring]. Seat 0's home
    coins are worth 3 + 5 or 1 + 1 against Fort Brimstone's cost of 4: she is asked in both
    positions (seat 1 sees the question, not her gold), may build only with enough gold,
    and may always decline (ruling: Building forts)."""
    rich, poor = build_position((4, 5)), build_position((0, 1))
    assert_unseen_by_seat_1(rich, (4, 5))
    assert_unseen_by_seat_1(poor, (0, 1))
    assert view(rich.record, 1) == view(poor.record, 1)
    rich.step(A_NO)
    poor.step(A_NO)                     # her turn ends: the build question
    assert rec(rich)["pending"] == PK_BUILD and rec(poor)["pending"] == PK_BUILD
    assert legal(rich) == {opt(0 * 12 + 2), A_NO} and legal(poor) == {A_NO}
    assert view(rich.record, 1) == view(poor.record, 1)
    for key in range(8):                # seat 1's guesses at her gold: declining stays legal
        assert record_mask(redealt(rich.record, 1, key))[A_NO]
    rich.step(A_NO)
    poor.step(A_NO)
    assert rec(rich)["pending"] == PK_TURN and rec(rich)["to_play"] == 1
    assert view(rich.record, 1) == view(poor.record, 1)


def load_position(inside, ashore=()):
    """Seat 0's Fort Brimstone (cost 4) on island 2, her ship docked there; ``inside``: the
    coins in the fort, which seat 1 never looked at; ``ashore``: coins on island 3."""
    d = {"ft_isl": [2] + [-1] * 7, "ft_flags": [0b11] + [0] * 7,
         "isl_token": [0, 0, 1, 0] + [0] * 8}
    coins = [{"coin": c, "at": "fort", "where": 0} for c in inside] + \
        [{"coin": c, "at": "island", "where": 3} for c in ashore]
    return position([fleet("Blue Petrel"), fleet("Rustfang")], [DOCKED2, FAR1],
                    placed=coins, record=d, forts=FORTS)


def test_forts_treasure_hidden_fort_gold_does_not_decide_whether_she_is_asked_for_more():
    """[Forts: Treasure] "You may use a ship to load treasure from a fort ... but a fort must
    always have a number of gold points inside of it equal to or greater than its gold point
    cost"; the coins inside seat 0's fort are hidden from seat 1. Three coins worth 1 + 1 + 5
    or 1 + 1 + 3: after she loads a copper, one more may go from the first fort, none from
    the second. She is asked for another coin in both (seat 1 sees the question, not the
    gold), "stop" alone legal in the second (ruling: Loading from a fort)."""
    rich, poor = load_position((0, 1, 5)), load_position((0, 1, 4))
    assert_unseen_by_seat_1(rich, (0, 1, 5))
    assert_unseen_by_seat_1(poor, (0, 1, 4))
    assert view(rich.record, 1) == view(poor.record, 1)
    for e in (rich, poor):
        e.step(A_LOAD + 0)
        e.step(opt(0))                  # load copper coin 0
    assert rec(rich)["pending"] == PK_LOAD and rec(poor)["pending"] == PK_LOAD
    assert legal(rich) == {opt(1), A_NO} and legal(poor) == {A_NO}
    assert view(rich.record, 1) == view(poor.record, 1)
    for key in range(8):                # seat 1's guesses at the gold: stopping stays legal
        assert record_mask(redealt(rich.record, 1, key))[A_NO]
    for e in (rich, poor):
        e.step(A_NO)                    # she stops
    assert rec(rich)["pending"] == PK_TURN and rec(poor)["pending"] == PK_TURN
    assert view(rich.record, 1) == view(poor.record, 1)


# ----- open information: forts and ships [Fleets; Forts] ------------------------------------------
def fort_position(name):
    """Seat 0's fort (the named one) built on island 2 with both flags standing and 5 gold
    inside; seat 1 to play."""
    rec_d = {"ft_isl": [2] + [-1] * 7, "ft_flags": [0b11] + [0] * 7}
    return position([fleet("Blue Petrel"), fleet("Rustfang")],
                    [ship(0, 0, 4.0, 6.0), ship(1, 0, 9.0, 5.0, 90.0)],
                    placed=[{"coin": 5, "at": "fort", "where": 0}], record=rec_d,
                    forts=[[name], []], cur=1)


def test_fort_identity_and_statistics_are_open_to_every_seat():
    """[Fleets] "the identities and complete statistics ... of all ships and forts in play
    are considered open information": Fort Brimstone (4 gold, flags 3S 4L) and the Redoubt
    of Tears (5 gold, 4L 4L) both have two flags, yet every seat tells them apart in its
    observation, its text and its picture."""
    a = fort_position("Fort Brimstone").record.copy()
    b = fort_position("Redoubt of Tears").record.copy()
    assert a["co_loc"][0][5] == LOC_FORT and check_states(a)[0] == []
    for seat in (0, 1):
        va, vb = view(a, seat, picture=True), view(b, seat, picture=True)
        assert va[2] != vb[2], f"seat {seat}'s observation"
        assert va[3] != vb[3], f"seat {seat}'s text"
        assert va[4] != vb[4], f"seat {seat}'s picture"
    text = render_ansi(a[0], 1)
    assert "Fort Brimstone" in text and "3S 4L" in text


@pytest.mark.parametrize("field, index, value", [
    ("ship_def", (1, 0), 16), ("ship_nation", (1, 0), 0), ("ship_cost", (1, 0), 12),
    ("ship_seg", (1, 0, 0), 0),
    ("fort_def", (0, 0), 1), ("fort_cost", (0, 0), 6), ("fort_rank", (0, 0, 0), 5),
    ("fort_range", (0, 0, 0), 1)])
def test_each_open_statistic_is_shown_to_every_seat(field, index, value):
    """[Fleets] a ship's identity, nation, point cost and base move, and a fort's identity,
    gold cost and flags (rank and range each) are open: two positions differing only in one
    of them (seat 1's Rustfang: piece 15, iron, 10 points, move L; seat 0's Fort Brimstone:
    piece 0, 4 gold, 3S 4L) look different to every seat in its observation, text and
    picture."""
    a = fort_position("Fort Brimstone").record.copy()
    b = a.copy()
    assert b["cfg"][field][0][index] != value
    b["cfg"][field][0][index] = value
    for seat in (0, 1):
        va, vb = view(a, seat, picture=True), view(b, seat, picture=True)
        for i, name in ((2, "observation"), (3, "text"), (4, "picture")):
            assert va[i] != vb[i], f"seat {seat}'s {name}"


# ----- cargo room and points aboard decide no question [Placing Crew and equipment] ------------
# Captain Ysolde and Navigator Quill are linked: aboard Blue Petrel (printed cargo 3) they
# give her a fourth space ("When two linked crew are assigned to the same ship, that ship
# gets +1 cargo space"); Ysolde with Shipwright Oda gives none. Which crew lie face down
# aboard is hidden from seat 1, so whether she has room must not decide what seat 0 is
# asked: every seat sees it asked (ruling: Face-down pieces in actions; ruling: Forced
# decisions are public ones).
LINKED = ["Captain Ysolde", "Navigator Quill"]
UNLINKED = ["Captain Ysolde", "Shipwright Oda"]


@pytest.mark.parametrize("aboard", [1, 0])
def test_exploring_her_cargo_room_does_not_decide_whether_she_is_asked(aboard):
    """[Exploring] "look at all the treasure on that island ... and choose as much treasure
    as you want to take (within the ship's cargo capacity limits)". Blue Petrel explores
    island 2 with ``aboard`` coins on her deck: with the linked pair she has one space more.
    With a coin aboard the unlinked ship is full before she takes any; without, after she
    takes one. While coins lie on the island she is asked (taking nothing, "stop", is always
    hers), so seat 1 sees the same whichever crew she carries."""
    def pos(crew):
        placed = [{"coin": c, "at": "island", "where": 2} for c in (2, 3)]
        placed += [{"coin": 1, "at": "ship", "where": 0}] * aboard
        return position([fleet(("Blue Petrel", crew)), fleet("Rustfang")], [WEST, FAR1],
                        placed=placed)

    linked, plain = pos(LINKED), pos(UNLINKED)
    assert view(linked.record, 1) == view(plain.record, 1)
    for e in (linked, plain):
        e.step(order(0, ACT_EXPLORE))
        assert rec(e)["pending"] == PK_EXPLORE
        if not aboard:
            e.step(opt(2))              # the unlinked ship's last space
    assert view(linked.record, 1) == view(plain.record, 1)
    assert rec(plain)["pending"] == PK_EXPLORE and legal(plain) == {A_NO}
    assert opt(3) in legal(linked)
    plain.step(A_NO)
    assert rec(plain)["pending"] == PK_TURN


def test_boarding_the_winners_cargo_room_does_not_decide_whether_she_is_asked():
    """[Board] "The player with the highest total can eliminate one crew on, or take one
    treasure from, the other ship". Blue Petrel, a coin aboard, rams seat 1's crewless
    Rustfang carrying a coin and wins the party (6 + 2 against 1 + 2). With the linked pair
    she has a space for the coin, without it none: she is asked either way (taking nothing
    is always hers), so seat 1 does not learn which crew she carries."""
    def pos(crew):
        placed = [{"coin": 1, "at": "ship", "where": 0}, {"coin": 8, "at": "ship", "where": 6}]
        e = position([fleet(("Blue Petrel", crew)), fleet("Rustfang")],
                     [ship(0, 0, 4.0, 6.0), ship(1, 0, 5.5, 5.7, 90.0)], placed=placed,
                     rolls=(6, 1))
        e.step(order(0, ACT_MOVE))
        e.step(seg(1))
        e.step(A_YES)
        return e

    linked, plain = pos(LINKED), pos(UNLINKED)
    assert list(rec(plain)["board_roll"]) == [8, 3]
    assert view(linked.record, 1) == view(plain.record, 1)
    assert rec(plain)["pending"] == PK_BOARD_WIN and legal(plain) == {opt(0)}
    assert A_NO in legal(linked)          # take a treasure


def rivet_position(crew):
    """Seat 0's Black Rivet (11 points, cargo 5; ship 0) carries three 3-point crew (9) and
    touches her Jade Lantern (5 points, cargo 2; ship 1), which carries a coin and one
    face-down crew: 2 points (Gunner Hsu) or 3 (Captain Lin)."""
    f0 = fleet(("Black Rivet", ["Gun Captain Ferro", "Captain Aurum", "Captain Marrow"]),
               ("Jade Lantern", [crew]))
    return position([f0, fleet("Rustfang")], [A, ship(0, 1, 4.0, 6.24), FAR1],
                    placed=[{"coin": 1, "at": "ship", "where": 1}])


def test_exploring_at_sea_the_points_aboard_do_not_decide_whether_she_is_asked_again():
    """[Exploring] "explore any allied ship ... which allows you to transfer crew and
    treasure between ships"; [Placing Crew and equipment] "it can't carry crew and equipment
    with a combined point cost more than the ship's point cost". After the Lantern's coin
    crosses to the Rivet, Gunner Hsu (2) could follow it (9 + 2 = 11) and Captain Lin (3)
    could not, nor could a Rivet crew join Lin (3 + 3 > 5). Those points are hidden from
    seat 1, so she is asked again either way ("stop" alone legal with Lin)."""
    hsu, lin = rivet_position("Gunner Hsu"), rivet_position("Captain Lin")
    assert view(hsu.record, 1) == view(lin.record, 1)
    for e in (hsu, lin):
        e.step(A_SEA + 0)
        e.step(opt(1))                  # explore the Lantern
        assert rec(e)["pending"] == PK_SEA_SWAP
        e.step(opt(1))                  # coin 1 crosses to the Rivet
    assert view(hsu.record, 1) == view(lin.record, 1)
    assert rec(lin)["pending"] == PK_SEA_SWAP and legal(lin) == {A_NO}
    assert opt(SEA_CREW + 3) in legal(hsu)


# ----- which crew is revealed [Placing Crew and equipment] (ruling: Revealing crew) -----------
def oars_pair(petrel_eq, heron_eq):
    """Seat 0's Blue Petrel (L+S, ship 0) with Navigator Quill (azure, Oarsman) and one
    equipment, her Scarlet Heron (ship 1) with another; seat 1's Rustfang far off."""
    f0 = fleet(("Blue Petrel", ["Navigator Quill"], petrel_eq), ("Scarlet Heron", [], heron_eq))
    return position([f0, fleet("Rustfang")],
                    [ship(0, 0, 4.0, 6.0), ship(0, 1, 5.0, 10.0), ship(1, 0, 9.0, 4.0, 90.0)])


def piece(e, name):
    """The index of seat 0's crew or equipment piece ``name``."""
    from envs.cursed_seas.pieces import CATALOGUE
    for j in range(6):
        d = int(rec(e)["cfg"]["crew_def"][0, j])
        if d >= 0 and CATALOGUE.crew[d].name == name:
            return j
    raise AssertionError(name)


def sail_oars(e):
    e.step(order(0, ACT_MOVE))
    e.step(seg(0))
    e.step(seg(1))
    e.step(seg(0))                      # the Oarsman's +S: her ability is used


def test_placing_crew_and_equipment_her_player_picks_which_oarsman_is_revealed():
    """[Placing Crew and equipment] "You must reveal (turn face up) a crew when using its
    ability"; [No Stacking] two sources of one ability on a ship are used once. Blue Petrel
    carries two different Oarsmen face down, Navigator Quill (a 2-point azure crew) and
    Spare Oars (2-point equipment): which one uses its ability, and so is turned up, is her
    player's choice, and it shows the other seats different pieces. She is asked (PK_REVEAL,
    one of her pieces), turns up the Spare Oars and Quill stays face down; her turn goes
    on."""
    e = oars_pair(["Spare Oars"], ["Boarding Pikes"])
    quill, oars = piece(e, "Navigator Quill"), piece(e, "Spare Oars")
    sail_oars(e)
    s = rec(e)
    assert s["pending"] == PK_REVEAL and s["to_play"] == 0 and s["rv_back"] == PK_TURN
    assert legal(e) == {opt(quill), opt(oars)}
    assert s["cr_up"][quill] == 0 and s["cr_up"][oars] == 0
    assert check_states(e.record)[0] == []
    obs = np.zeros(OBS_SIZE, np.float32)
    observe(s, 1, obs)
    assert obs[5 + PK_REVEAL] == 1.0 and obs[5 + PK_BOARD_CREW] == 0.0   # a slot of its own
    e.step(opt(oars))
    s = rec(e)
    assert s["cr_up"][oars] == 1 and s["cr_up"][quill] == 0
    assert s["pending"] == PK_TURN and s["to_play"] == 0 and not s["sh_rv"].any()


def test_placing_crew_and_equipment_whether_the_reveal_is_asked_reads_only_what_others_see():
    """[Placing Crew and equipment] seat 1 knows that seat 0's fleet has one face-down crew
    Oarsman (Quill) and the Spare Oars among its equipment, not which equipment lies aboard
    the Petrel. Whether she carries the Oars or the Boarding Pikes, she is asked which piece
    turns up (with the Pikes, Quill alone may), so seat 1 sees the same either way."""
    two_oars = oars_pair(["Spare Oars"], ["Boarding Pikes"])
    one_oars = oars_pair(["Boarding Pikes"], ["Spare Oars"])
    assert view(two_oars.record, 1) == view(one_oars.record, 1)
    for e in (two_oars, one_oars):
        sail_oars(e)
        assert rec(e)["pending"] == PK_REVEAL
    assert view(two_oars.record, 1) == view(one_oars.record, 1)
    quill = piece(one_oars, "Navigator Quill")
    assert legal(one_oars) == {opt(quill)}
    one_oars.step(opt(quill))
    assert rec(one_oars)["cr_up"][quill] == 1 and rec(one_oars)["pending"] == PK_TURN


def test_placing_crew_and_equipment_identical_copies_need_no_choice():
    """Two Spare Oars aboard, and no other Oarsman in the fleet: whichever turns up shows the
    same piece, so she is not asked; one of them is revealed."""
    e = position([fleet(("Blue Petrel", [], ["Spare Oars", "Spare Oars"])), fleet("Rustfang")],
                 [ship(0, 0, 4.0, 6.0), ship(1, 0, 9.0, 4.0, 90.0)])
    sail_oars(e)
    s = rec(e)
    assert s["pending"] == PK_TURN and int(s["cr_up"][:2].sum()) == 1


# ----- a re-deal never falls back on the true deal [Placing Crew and equipment; Building Forts] --
# A re-deal that breaks a rule every seat knows holds is drawn again (hidden._deal_ok,
# _coins_ok). Where few deals pass, the draws used to run out and leave the true deal standing,
# so the search saw what its seat cannot. Two records that differ only in what the seat cannot
# see must be re-dealt alike, key by key.
ISLANDS_3 = ISLANDS + [{"x": 10.0, "y": 2.0, "r": 1.0, "home": 2}]
#: two 5-point ships (Jade Lantern, Golden Abacus) each with a face-up 3-point Captain and room
#: for one face-down 1-point piece (Carpenter Tull, Scout Orrin), and two 3-point pieces ashore
#: (Captain Marrow, Gun Captain Ferro): a deal must put the two 1-point pieces aboard
TIGHT = fleet(("Jade Lantern", ["Captain Lin", "Carpenter Tull"]),
              ("Golden Abacus", ["Captain Aurum", "Scout Orrin"]),
              ("Lion's Wake", ["Captain Marrow", "Gun Captain Ferro"]))


def tight_fleets(swapped):
    """Seats 0 and 1 each with fleet TIGHT, seat 2 to play; in the seats of ``swapped`` Tull
    and Orrin trade ships (what seat 2 cannot see)."""
    ships, crew = [], []
    for p in (0, 1):
        ships += [ship(p, j, 4.0 + 2 * j, 5.0 + p) for j in range(3)]
        first, second = (3, 1) if p in swapped else (1, 3)
        c, k = 6 * p, 6 * p                 # the seat's first piece and first ship
        crew += [{"crew": c, "at": "ship", "where": k, "up": 1},
                 {"crew": c + 2, "at": "ship", "where": k + 1, "up": 1},
                 {"crew": c + first, "at": "ship", "where": k},
                 {"crew": c + second, "at": "ship", "where": k + 1},
                 {"crew": c + 4, "at": "island", "where": 2},
                 {"crew": c + 5, "at": "island", "where": 2}]
    return position([TIGHT, TIGHT, fleet("Rustfang")], ships + [ship(2, 0, 10.0, 7.0)],
                    islands=ISLANDS_3, crew=crew, cur=2).record.copy()


def assert_redealt_alike(a, b, seat, keys=range(200)):
    for key in keys:
        x, y = redealt(a, seat, key), redealt(b, seat, key)
        assert x.tobytes() == y.tobytes(), f"key {key}: the re-deal read the true deal"


def test_placing_crew_and_equipment_a_redeal_of_tight_ships_never_reads_the_true_deal():
    """[Placing Crew and equipment] a ship carries no more points than her own. Seat 2 knows
    that a 1-point piece waits aboard each 5-point ship beside her face-up Captain, not which
    one: one uniform deal in 36 puts both there for seats 0 and 1. Where the deals drawn
    all failed, the true one used to stand (121 keys of these 200); now each later draw is
    repaired (hidden._repair_costs), so both positions are re-dealt alike and valid."""
    one, other = tight_fleets(()), tight_fleets((0, 1))
    assert view(one, 2) == view(other, 2)
    assert one.tobytes() != other.tobytes()
    assert_redealt_alike(one, other, 2)


def paying_for_the_keep():
    """Seat 0 pays for Saint Oriel's Keep (8 gold) with a doubloon (5) and a gold (3) at home;
    each seat's coins are a doubloon, a gold and six coppers, the rest on island 3, none
    looked at by seat 1. The other record has seat 1's doubloon at her home instead of the
    gold (what seat 1 cannot see)."""
    coins = [{"coin": c, "at": "home" if c < 2 else "island", "where": 0 if c < 2 else 3}
             for c in range(16)]
    e = position([fleet("Blue Petrel"), fleet("Rustfang")], [DOCKED2, FAR1], placed=coins,
                 record={"isl_token": [0, 0, 1, 0] + [0] * 8}, keep_gold=False,
                 forts=[["Saint Oriel's Keep"], []], coins=["doubloon", "gold"] + ["copper"] * 6)
    e.step(A_NO)                        # her turn ends: the build question
    e.step(opt(0 * 12 + 2))             # the Keep on island 2; she pays from home
    one = e.record.copy()
    assert one["pending"][0] == PK_PAY and list(one["co_val"][0][:2]) == [5, 3]
    other = one.copy()
    for field in ("co_val", "co_uniq", "co_kw"):
        other[field][0][[1, 8]] = other[field][0][[8, 1]]
    assert check_states(other)[0] == []
    return one, other


def test_building_forts_a_redeal_of_the_payers_gold_never_reads_the_true_deal():
    """[Building Forts] a fort is paid for from home gold that covers its cost. Seat 1 knows
    that seat 0's two home coins make 8 gold, not which: one uniform deal of the 16 coins in
    24 gives them that. Where the deals drawn all failed the true one used to stand (94
    keys of these 200); now each later draw is repaired (hidden._repair_coins), so both
    positions are re-dealt alike, always payable."""
    one, other = paying_for_the_keep()
    assert view(one, 1) == view(other, 1)
    assert_redealt_alike(one, other, 1)
    for key in range(200):
        home = redealt(one, 1, key)["co_val"][0][:2]
        assert int(home.sum()) >= 8, key


def test_placing_crew_and_equipment_before_play_a_redeal_keeps_each_waiting_ship_in_her_points():
    """[Placing Crew and equipment] "the total point cost of the crew and equipment ... can't
    exceed the ship's point cost". Before play the pieces wait aboard the ships bought with
    them (face down), and a re-deal moves them among those ships: it used to check only ships
    in play, and put Captain Marrow and Gun Captain Ferro (3 + 3) aboard the 5-point Jade
    Lantern in about half of the re-deals, a record the validator refuses and that goes into
    play as it is."""
    e = envs.make_raw("cursed_seas", num_players=2, fleets=[TIGHT, TIGHT])
    e.reset(seed=0)
    base = e.record.copy()
    seat = int(base["to_play"][0])
    assert base["phase"][0] == PH_ISLANDS and not base["sh_live"][0].any()
    moved = 0
    for key in range(50):
        d = redealt(base, seat, key)        # asserts the validator passes it
        moved += d["cr_ship"][0].tobytes() != base["cr_ship"][0].tobytes()
    assert moved, "no re-deal moved a piece: the test shows nothing"


def test_placing_crew_and_equipment_a_redeal_keeps_each_0_point_crew_on_a_ship_of_its_nation():
    """[Placing Crew and equipment] "A crew with a point cost of 0 can be assigned only to a
    ship that shares its nationality". A mixed fleet's two 0-point crew, Oar Master Wen
    (jade) aboard the Jade Lantern and Rower Pell (gilded) aboard the Golden Abacus, wait
    face down before play: a re-deal that trades them is no position anyone may be in, and
    the validator refuses it by name."""
    mixed = fleet(("Jade Lantern", ["Oar Master Wen", "Captain Lin"]),
                  ("Golden Abacus", ["Rower Pell", "Captain Aurum"]))
    e = envs.make_raw("cursed_seas", num_players=2, fleets=[mixed, mixed])
    e.reset(seed=0)
    base = e.record.copy()
    seat = int(base["to_play"][0])
    other = 6 * (1 - seat)                  # the other seat's first piece: Wen, then Lin
    nation = base["cfg"]["ship_nation"][0]
    moved = 0
    for key in range(50):
        d = redealt(base, seat, key)        # asserts the validator passes it
        ships = d["cr_ship"][0][other:other + 4]
        for c, k in zip((0, 2), (ships[0], ships[2])):      # Wen, Pell
            assert nation[1 - seat, k % 6] == base["cfg"]["crew_nation"][0][1 - seat, c], key
        moved += ships.tobytes() != base["cr_ship"][0][other:other + 4].tobytes()
    assert moved, "no re-deal moved a piece: the test shows nothing"
    bad = base.copy()
    bad["cr_ship"][0][[other, other + 2]] = bad["cr_ship"][0][[other + 2, other]]
    problems = check_states(bad)[0]
    assert any("0-point crew aboard a ship of another nation" in p for p in problems), problems


def test_forts_treasure_a_redeal_keeps_each_fort_at_its_cost():
    """[Forts: Treasure] "a fort must always have a number of gold points inside of it equal
    to or greater than its gold point cost". Seat 0's Fort Brimstone (cost 4) holds a copper
    and a gold (1 + 3) that seat 1 never looked at, with a copper and two silvers on island 3:
    a deal of two of the six values below 4 is no position anyone may be in (the validator
    refuses it), so every re-deal keeps 4 gold or more inside."""
    base = load_position((0, 4), ashore=(1, 2, 3)).record.copy()
    inside = (base["co_loc"][0] == LOC_FORT) & (base["co_at"][0] == 0)
    assert int(base["co_val"][0][inside].sum()) == 4
    seen = set()
    for key in range(50):
        d = redealt(base, 1, key)           # asserts the validator passes it
        gold = d["co_val"][0][inside]
        assert int(gold.sum()) >= 4, key
        seen.add(tuple(sorted(gold)))
    assert len(seen) > 1, "the fort's coins were never re-dealt: the test shows nothing"
    bad = base.copy()
    bad["co_val"][0][[4, 1]] = bad["co_val"][0][[1, 4]]   # a copper for the gold: 2 inside
    problems = check_states(bad)[0]
    assert any("less than its cost" in p for p in problems), problems
