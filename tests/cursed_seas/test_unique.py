"""Cursed Seas unique treasure abilities [Unique treasure; Exploring]: "a unique treasure's
value may change later in the game, depending on its ability text"; "any ability a face-up
unique treasure has comes into play immediately (as a free action)". Ours (pieces.toml,
our design): the Sunken Crown gives the ship carrying it face up the Captain keyword, the
Cursed Idol the Boarder keyword. Readings: docs/rulings.md (Unique treasure)."""

from envs.cursed_seas.state import A_NO, ACT_EXPLORE, ACT_MOVE, ACT_SHOOT

from .helpers import fleet, legal, order, position, rec, ship

COINS = ["copper", "copper", "silver", "silver", "Sunken Crown", "gold"]


def test_sunken_crown_face_up_aboard_gives_a_captains_second_action():
    """[Unique treasure] a face-up Sunken Crown aboard: after a move she may shoot (Captain
    [Multiple actions]); the same ship without it may not."""
    f = [fleet("Blue Petrel"), fleet("Rustfang")]
    pos = [ship(0, 0, 4.0, 6.0), ship(1, 0, 4.0, 6.8, 0.0)]
    up = [0] * 32
    up[4] = 1
    for aboard, can in ((True, True), (False, False)):
        placed = [{"coin": 4, "at": "ship" if aboard else "island", "where": 0 if aboard else 2}]
        e = position(f, pos, placed=placed, coins=COINS,
                     record={"co_up": up} if aboard else None)
        e.step(order(0, ACT_MOVE))
        e.step(A_NO)                         # stop at once: the move action is over
        assert (order(0, ACT_SHOOT) in legal(e)) == can


def test_exploring_takes_the_unique_treasure_face_up_and_its_ability_applies_at_once():
    """[Exploring] the first ship to explore takes the unique treasure, face up; its ability
    comes into play immediately: the Petrel (docked at wild island 2) then has the Crown's
    Captain keyword."""
    from envs.cursed_seas.common import keywords
    from envs.cursed_seas.state import KW_CAPTAIN

    f = [fleet("Blue Petrel"), fleet("Rustfang")]
    west = ship(0, 0, 4.88 - 0.6, 2.0, 0.0, dock=2)
    e = position(f, [west, ship(1, 0, 9.0, 5.0, 90.0)], coins=COINS,
                 placed=[{"coin": 4, "at": "island", "where": 2}],
                 record={"sh_began": [2] + [-1] * 23})
    assert keywords(rec(e), 0) & KW_CAPTAIN == 0
    e.step(order(0, ACT_EXPLORE))
    s = rec(e)
    assert s["co_at"][4] == 0 and s["co_up"][4] == 1
    assert keywords(s, 0) & KW_CAPTAIN
