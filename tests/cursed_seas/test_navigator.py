"""Cursed Seas [Trade Current]: "A trade current is a type of terrain not placed at the
beginning of the game. Instead, game effects allow trade currents to be placed during the
game. For example, crew with the Navigator keyword can place trade currents. A trade
current is friendly to the player who placed it. Once per turn when a friendly ship moves
over or begins her turn touching a friendly trade current, she gets +S to her base move."
Our Navigator (pieces.toml: Chartmaster Wren, azure; Tide-Caller Sefa, jade) and its
placement grammar: docs/rulings.md (Navigator)."""

from envs.cursed_seas.crew import nav_crew
from envs.cursed_seas.state import (
    A_NAV, A_NO, KW_NAVIGATOR, PK_NAV, PK_TURN, SHIP_R, TERR_R, TOUCH, TR_TRADE,
)
from envs.cursed_seas.validate import check_states

from .helpers import ISLANDS, fleet, legal, opt, position, rec, ship
from .test_hidden import redealt

WREN = ("Blue Petrel", ["Chartmaster Wren"])         # azure ship, azure Navigator
SEFA = ("Blue Petrel", ["Tide-Caller Sefa"])         # azure ship, jade Navigator
PETREL = ship(0, 0, 4.0, 6.0)                        # heading east, hull (4..4.6, 6)
FAR = ship(1, 0, 10.0, 5.0, 90.0)


def game(f0=WREN, islands=ISLANDS):
    return position([fleet(f0), fleet("Rustfang")], [PETREL, FAR], islands=islands)


def test_navigator_places_a_friendly_trade_current_touching_her_ship():
    """[Trade Current; Keywords] as a free action her player places a trade current
    touching the ship (one of eight directions from mid-hull); it is friendly to her
    player, the Navigator is revealed, and the ship's actions are untouched."""
    e = game()
    assert A_NAV + 0 in legal(e)
    e.step(A_NAV + 0)
    assert rec(e)["pending"] == PK_NAV and opt(2) in legal(e)
    n0 = int(rec(e)["n_terr"])
    e.step(opt(2))                                   # 90 degrees left of her heading
    s = rec(e)
    t = n0
    assert s["n_terr"] == n0 + 1 and s["tr_kind"][t] == TR_TRADE and s["tr_owner"][t] == 0
    assert abs(s["tr_x"][t] - 4.3) < 1e-6
    assert abs(s["tr_y"][t] - (6.0 + SHIP_R + TERR_R + 0.5 * TOUCH)) < 1e-6
    crew = [c for c in range(24) if s["cr_ship"][c] == 0]
    assert any(s["cr_up"][c] and s["cr_nav"][c] for c in crew)
    assert s["pending"] == PK_TURN and s["sh_acts"][0] == 0
    assert check_states(e.record)[0] == []


def test_a_ship_that_begins_her_turn_touching_her_trade_current_gets_plus_s():
    """[Trade Current] the current placed beside her: at the beginning of her player's
    next turn she touches a friendly trade current and gets +S."""
    e = game()
    e.step(A_NAV + 0)
    e.step(opt(2))
    e.step(A_NO)                                     # end seat 0's turn
    e.step(A_NO)                                     # end seat 1's turn
    s = rec(e)
    assert s["to_play"] == 0 and s["sh_trade"][0] == 1


def test_each_navigator_places_one_trade_current_a_game():
    """(ruling: Navigator) once a game per Navigator: not again this turn nor later."""
    e = game()
    e.step(A_NAV + 0)
    e.step(opt(6))
    assert A_NAV + 0 not in legal(e)
    e.step(A_NO)
    e.step(A_NO)
    assert rec(e)["to_play"] == 0 and A_NAV + 0 not in legal(e)


def test_a_used_navigator_is_not_renewed_by_a_foreign_one_aboard():
    """(ruling: Navigator) once a game per Navigator, and [Placing Crew and equipment] a
    foreign Navigator aboard cannot use its ability: once Wren's current is placed, her ship
    carries no Navigator that may place another, although jade Sefa aboard has never used
    hers."""
    e = game(f0=("Blue Petrel", ["Chartmaster Wren", "Tide-Caller Sefa"]))
    assert A_NAV + 0 in legal(e)
    e.step(A_NAV + 0)
    e.step(opt(6))
    e.step(A_NO)
    e.step(A_NO)
    assert rec(e)["to_play"] == 0 and A_NAV + 0 not in legal(e)


def test_placing_is_optional_and_choosing_it_commits_to_a_direction():
    """[Trade Current: "can place"; ruling: Navigator] a turn may end with the Navigator
    unused (she may place it later); once her player chooses to place it, the decision
    left is where."""
    e = game()
    e.step(A_NO)
    e.step(A_NO)
    assert rec(e)["to_play"] == 0 and A_NAV + 0 in legal(e)
    e.step(A_NAV + 0)
    assert A_NO not in legal(e) and len(legal(e)) == 8


def test_a_foreign_navigator_cannot_use_its_ability():
    """[Placing Crew and equipment: "If a crew and ship are not of the same nationality,
    that crew can't use its ability while on that ship"]."""
    e = game(f0=SEFA)
    assert A_NAV + 0 not in legal(e)


def test_a_trade_current_is_not_placed_over_an_island():
    """[Placing Terrain] the current may not overlap an island: the direction toward the
    island north of her is not offered, the others are."""
    isl = ISLANDS + [{"x": 4.3, "y": 7.4, "r": 0.5, "home": -1}]
    e = game(islands=isl)
    e.step(A_NAV + 0)
    got = {a - opt(0) for a in legal(e) if a != A_NO}
    assert 2 not in got and 6 in got


def test_navigator_is_a_catalogue_keyword():
    """[Keywords] Navigator is one of our keywords, on crew of the catalogue."""
    from envs.cursed_seas import pieces

    navs = [c.name for c in pieces.CATALOGUE.crew if c.keyword & KW_NAVIGATOR]
    assert set(navs) >= {"Chartmaster Wren", "Tide-Caller Sefa"}


def test_a_redeal_keeps_the_navigator_whose_trade_current_is_being_placed():
    """Every seat saw seat 0 choose to place a trade current from Blue Petrel, whose
    Navigator is revealed only as it is placed (ruling: Navigator): a re-deal for seat 1,
    which may trade the face-down crew of her fleet between Petrel and Tidecaller, always
    leaves an unused Navigator of Petrel's nation aboard her, and passes the validator."""
    f0 = fleet(WREN, ("Tidecaller", ["Smuggler Nix"]))
    e = position([f0, fleet("Rustfang")], [PETREL, ship(0, 1, 4.0, 8.0), FAR])
    e.step(A_NAV + 0)
    s = rec(e)
    assert s["pending"] == PK_NAV
    assert not any((s["cr_seen"][c] >> 1) & 1 or s["cr_up"][c] for c in (0, 1))
    for key in range(64):
        assert nav_crew(redealt(e.record, 1, key)[0], 0) >= 0
