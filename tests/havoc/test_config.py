"""Seas of Havoc configuration: defaults from the rulebook and a ConfigError for every bad field.

Rulebook sections: Player Setup (player count, Select a Ship / Captain, Recommended Decks),
Island Setup 5 (damage deck), Sea Grid Setup A (gust direction), Variants (2 Ship, Teams),
The Ghost Fleet (solo and co-op).
"""

import pytest
from hypothesis import given, strategies as st

from envs.core.errors import ConfigError
from envs.havoc import cards
from envs.havoc.config import config_kwargs, make_config
from envs.havoc.state import (
    DEFAULT_MAX_STEPS, VAR_GHOST, VAR_STANDARD, VAR_TEAMS, VAR_TWO_SHIP,
)


def _err(**kw):
    with pytest.raises(ConfigError) as e:
        make_config(**kw)
    return str(e.value)


def test_defaults_are_three_players_with_the_recommended_decks():
    """Player Setup: Recommended Decks pair ships and captains in order."""
    cfg = make_config()[0]
    assert cfg["num_players"] == 3 and cfg["variant"] == VAR_STANDARD
    for seat in range(3):
        ship, captain = cards.RECOMMENDED[seat]
        assert cfg["ship"][seat] == ship and cfg["captain"][seat] == captain
    assert list(cfg["ship"][3:]) == [-1, -1, -1]
    assert cfg["max_steps"] == DEFAULT_MAX_STEPS
    assert cfg["gust_dir"] == -1 and not cfg["auto_forced"] and not cfg["shaped_reward"]
    assert list(cfg["team"][:3]) == [0, 1, 2]


@pytest.mark.parametrize("players,ships", [(2, 2), (3, 3), (4, 4), (5, 5)])
def test_damage_deck_is_ten_plus_five_per_ship(players, ships):
    """Island Setup 5: 10 Damage cards plus 5 per ship."""
    assert make_config(num_players=players)[0]["damage_deck"] == 10 + 5 * ships


def test_damage_deck_counts_every_ship_in_two_ship_and_ghost_games():
    """Island Setup 5 with 2 Ship Variant (4 ships) and Ghost Fleet Setup ("count ghost ships")."""
    assert make_config(num_players=2, variant="two_ship")[0]["damage_deck"] == 30
    assert make_config(num_players=1, variant="ghost", num_ghosts=3)[0]["damage_deck"] == 30
    assert make_config(num_players=3, variant="ghost", num_ghosts=3)[0]["damage_deck"] == 40


def test_player_count_outside_one_to_five_is_refused():
    """Player Setup: the box seats 1-5 players (5th player resources are the last row)."""
    assert _err(num_players=6) == ("num_players=6: Seas of Havoc seats 1-5 players "
                                   "(rulebook: Player Setup)")
    assert "seats 1-5" in _err(num_players=0)
    assert "integer" in _err(num_players=2.5)
    assert "integer" in _err(num_players=True)


def test_solo_play_needs_the_ghost_fleet():
    """The Ghost Fleet: Solo & Co-op - a 1 player game is played against ghost ships."""
    msg = _err(num_players=1)
    assert "num_players=1" in msg and "ghost" in msg
    cfg = make_config(num_players=1, variant="ghost")[0]
    assert cfg["variant"] == VAR_GHOST and cfg["num_ghosts"] == 2


def test_two_players_are_allowed_in_a_standard_game():
    """Variants: 2 players only *recommend* the co-op or 2 ship variant."""
    assert make_config(num_players=2)[0]["num_players"] == 2


def test_two_ship_variant_is_exactly_two_players_with_second_ships():
    """Variants: 2 Ship Variant - a 2 player game, each player chooses a second ship."""
    assert "2 Ship Variant" in _err(num_players=3, variant="two_ship")
    cfg = make_config(num_players=2, variant="two_ship")[0]
    assert cfg["variant"] == VAR_TWO_SHIP
    ships = set(cfg["ship"][:2]) | set(cfg["ship2"][:2])
    assert len(ships) == 4
    cfg = make_config(num_players=2, variant="two_ship", ships=["Brig", "Xebec", "Galleon",
                                                                 "War Junk"])[0]
    assert list(cfg["ship"][:2]) == [cards.ship_id("Brig"), cards.ship_id("Xebec")]
    assert list(cfg["ship2"][:2]) == [cards.ship_id("Galleon"), cards.ship_id("War Junk")]


def test_teams_variant_needs_three_to_five_players_and_defaults_to_alternate_seats():
    """Variants: Teams Variant - 3, 4 or 5 players; team mates sit across from one another."""
    assert "3, 4 or 5" in _err(num_players=2, variant="teams")
    cfg = make_config(num_players=4, variant="teams")[0]
    assert cfg["variant"] == VAR_TEAMS and list(cfg["team"][:4]) == [0, 1, 0, 1]
    cfg = make_config(num_players=5, variant="teams", teams=[0, 0, 1, 1, 2])[0]
    assert list(cfg["team"][:5]) == [0, 0, 1, 1, 2]


def test_teams_are_validated():
    """Teams Variant: one team id per player, at least two teams; teams need the variant."""
    assert "one team id per player" in _err(num_players=4, variant="teams", teams=[0, 1])
    assert "at least two teams" in _err(num_players=3, variant="teams", teams=[1, 1, 1])
    assert "teams[2]=7" in _err(num_players=3, variant="teams", teams=[0, 1, 7])
    assert "variant='teams'" in _err(num_players=3, teams=[0, 1, 0])


def test_ghost_fleet_has_two_or_three_ghosts_and_one_to_three_players():
    """Ghost Fleet Setup: 2 (normal) or 3 (hard) ghost ships; solo or 2-3 players."""
    assert "num_ghosts=4" in _err(num_players=2, variant="ghost", num_ghosts=4)
    assert "num_players=4" in _err(num_players=4, variant="ghost")
    assert "variant='ghost'" in _err(num_players=3, num_ghosts=2)
    cfg = make_config(num_players=3, variant="ghost", num_ghosts=3)[0]
    assert len(set(cfg["ship"][:6])) == 6        # ghost crews get the remaining ships
    assert list(cfg["team"][:3]) == [0, 0, 0]
    assert "one team" in _err(num_players=2, variant="ghost", teams=[0, 1])


def test_ships_and_captains_by_name_or_id_must_be_distinct():
    """Player Setup: Select a Ship / Select a Captain - each player takes their own."""
    cfg = make_config(num_players=2, ships=["Brig", 0], captains=["Admiral", "Rebel"])[0]
    assert list(cfg["ship"][:2]) == [cards.ship_id("Brig"), 0]
    assert list(cfg["captain"][:2]) == [cards.captain_id("Admiral"), cards.captain_id("Rebel")]
    assert "distinct" in _err(num_players=2, ships=["Brig", "Brig"])
    assert "different character" in _err(num_players=2, captains=[1, 1])
    assert "unknown ship 'Raft'" in _err(num_players=2, ships=["Raft", "Brig"])
    assert "captains[1]=9" in _err(num_players=2, captains=[0, 9])
    assert "3 given" in _err(num_players=2, ships=[0, 1, 2])
    assert "one captain per player" in _err(num_players=2, captains=[0])


def test_gust_direction_is_a_compass_letter_or_rolled():
    """Sea Grid Setup A: all gusts point in one direction agreed by the players."""
    assert make_config(gust_dir="W")[0]["gust_dir"] == 3
    assert make_config(gust_dir="n")[0]["gust_dir"] == 0
    assert make_config(gust_dir=None)[0]["gust_dir"] == -1
    assert "gust_dir='NE'" in _err(gust_dir="NE")


def test_damage_deck_and_max_steps_bounds():
    """Island Setup 5 lets players adjust the damage deck; the box holds 42 Damage cards."""
    assert make_config(damage_deck=5)[0]["damage_deck"] == 5
    assert "damage_deck=0" in _err(damage_deck=0)
    assert "damage_deck=43" in _err(damage_deck=43)
    assert "max_steps=-1" in _err(max_steps=-1)


def test_stall_limit_is_off_by_default_and_bounded():
    """Ending the Game: the game ends only when the Damage deck runs out; ending a game with
    no Damage dealt is opt-in (stall_limit, ruling: Stalled games)."""
    assert make_config()[0]["stall_limit"] == 0
    assert make_config(stall_limit=8)[0]["stall_limit"] == 8
    assert "stall_limit=-1" in _err(stall_limit=-1)
    assert "Ending the Game" in _err(stall_limit=101)
    assert "stall_limit=True" in _err(stall_limit=True)


def test_ghost_fleet_co_op_or_competitive():
    """The Ghost Fleet: co-op (the default, all players one team) or "for added challenge in a
    2 or 3 player game" with each player on their own; solo is co-op; only ghost games."""
    assert make_config(num_players=2, variant="ghost")[0]["coop"] == 1
    cfg = make_config(num_players=3, variant="ghost", coop=False)[0]
    assert cfg["coop"] == 0 and list(cfg["team"][:3]) == [0, 1, 2]
    assert "solo" in _err(num_players=1, variant="ghost", coop=False)
    assert "variant='ghost'" in _err(num_players=3, coop=False)


def test_unknown_options_and_variants_are_named():
    assert "['colour']" in _err(colour="red")
    assert "variant='coop'" in _err(variant="coop")
    assert "auto_forced=2" in _err(auto_forced=2)


@given(st.sampled_from([("standard", n) for n in range(2, 6)] + [("two_ship", 2)]
                       + [("teams", n) for n in range(3, 6)]
                       + [("ghost", n) for n in range(1, 4)]),
       st.sampled_from([2, 3]), st.booleans())
def test_config_kwargs_round_trip(vn, ghosts, forced):
    """Every valid config is rebuilt exactly from its own keyword arguments."""
    variant, n = vn
    kw = {"num_players": n, "variant": variant, "auto_forced": forced,
          "stall_limit": 3 if forced else 0}
    if variant == "ghost":
        kw["num_ghosts"] = ghosts
        kw["coop"] = n == 1 or not forced
    cfg = make_config(**kw)
    again = make_config(**config_kwargs(cfg[0]))
    assert again.tobytes() == cfg.tobytes()
