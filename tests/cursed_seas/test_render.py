"""Cursed Seas' text names the ship a pending decision is about (envs/cursed_seas/render.py,
``pending_text``): the ship that loses the mast when a hit's mast is chosen [Shooting: the
target loses a mast], the ship that loses the crew in a boarding [Board], and no ship at all
where the decision is about no ship (where a moved crew or equipment goes [Docking]), not
whichever ship a previous decision left in ``pend_ship``."""

import envs
from envs.cursed_seas.labels import ship_name
from envs.cursed_seas.render import pending_text
from envs.cursed_seas.state import PK_BOARD_CREW, PK_MAST, PK_PIECE_TO
from tests.render.test_pictures import played


def _position(pk, cond=lambda r: True):
    for seed in range(40):
        arr = played("cursed_seas", 2 + seed % 3, seed, 3000,
                     stop=lambda r: int(r["pending"]) == pk and cond(r))
        if int(arr[0]["pending"]) == pk and cond(arr[0]):
            return arr[0]
    raise AssertionError(f"no position with pending {pk} found")


def test_a_hit_names_the_ship_losing_the_mast():
    """PK_MAST: the player of pend_target picks which of her masts goes; the text names her
    (pend_target), not the shooter (pend_ship)."""
    r = _position(PK_MAST)
    text = pending_text(r)
    assert ship_name(r, int(r["pend_target"])) in text
    assert ship_name(r, int(r["pend_ship"])) not in text
    assert pending_text(r) in envs.spec("cursed_seas").render_ansi(r, None)


def test_a_boarding_names_the_ship_losing_the_crew():
    """PK_BOARD_CREW: the loser picks the crew eliminated from pend_target: she is named."""
    r = _position(PK_BOARD_CREW)
    text = pending_text(r)
    assert ship_name(r, int(r["pend_target"])) in text
    assert ship_name(r, int(r["pend_ship"])) not in text


def test_moving_a_piece_names_no_stale_ship():
    """PK_PIECE_TO: where crew/equipment pend_piece goes - no ship is its subject, so the
    ship a previous decision left in pend_ship is not named."""
    r = _position(PK_PIECE_TO, lambda r: int(r["pend_ship"]) >= 0)
    assert ship_name(r, int(r["pend_ship"])) not in pending_text(r)


def test_a_towed_ship_is_listed_and_clicked_in_her_new_fleet():
    """[Tow] "The towed ship ... become[s] part of the towing player's fleet" and [Actions]
    "you can give actions only to ships in your fleet": in the picture, seat 0 (who towed
    Rustfang in) clicks her for the action a towed ship takes (A_CAPT), seat 1 (who built
    her) clicks her for nothing; seat 0's fleet panel lists her after its own slots, and
    seat 1's still lists the slot, marked as towed away (no longer drawn with her crew)."""
    from envs.cursed_seas.render import panel_ships, render_regions
    from envs.cursed_seas.state import A_CAPT, A_ORDER

    from .test_tow import towed_position

    s = towed_position(rolls=(1,)).record[0]
    assert int(s["to_play"]) == 0 and int(s["sh_owner"][6]) == 0
    clicks = {acts for _, acts in render_regions(s, 0)}
    assert (A_CAPT + 6,) in clicks and tuple(A_ORDER + a for a in range(4)) in clicks
    assert not any(A_CAPT + 6 in acts for _, acts in render_regions(s, 1))
    assert panel_ships(s, 0)[-1] == 6 and 6 in panel_ships(s, 1)
    assert panel_ships(s, 0).count(6) == 1
