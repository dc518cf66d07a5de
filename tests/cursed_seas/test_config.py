"""Fleet building and options [Fleets; Placing Crew and equipment; Placing Treasure;
Setup]: every illegal fleet is a ConfigError naming the rule."""

import pytest

from envs.core.errors import CardDataError, ConfigError
from envs.cursed_seas import pieces
from envs.cursed_seas.config import FLEET_DIR, check_fleet, load_fleet, make_config

from .helpers import fleet


def test_catalogue_size_and_nations():
    """pieces.toml (our own design): >= 24 ships over >= 5 nations, crew with keywords."""
    cat = pieces.CATALOGUE
    assert len(cat.ships) >= 24
    assert len({s.nation for s in cat.ships}) >= 5
    crew = [c for c in cat.crew if not c.equipment]
    assert len({c.keyword for c in crew}) >= 10          # issue 11: ten documented keywords
    assert len([c for c in cat.crew if c.equipment]) >= 4
    assert any(i.mysterious and len(i.table) == 6 for i in cat.islands)
    assert any(c.unique and c.value == 0 for c in cat.coins)


@pytest.mark.parametrize("path", sorted(FLEET_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_fleet_is_legal_at_40_points(path):
    rows, home = check_fleet(load_fleet(path), 40)
    cat = pieces.CATALOGUE
    total = sum(cat.ships[s].cost + sum(cat.crew[c].cost for c in crew) for s, crew in rows)
    assert total + sum(cat.crew[c].cost for c in home) <= 40


def test_at_least_four_fleets():
    assert len(list(FLEET_DIR.glob("*.toml"))) >= 4


def test_build_total_is_enforced():
    """[Fleets] ships and crew cost at most the build total."""
    big = fleet("Lady Marrow", "Crimson Sovereign", "Azure Warden")        # 45 points
    with pytest.raises(ConfigError, match="exceed the build total 40"):
        make_config(fleets=[big, "iron_brotherhood"])
    make_config(fleets=[big, "iron_brotherhood"], build_total=45)


def test_no_duplicates_rule():
    with pytest.raises(ConfigError, match="No-Duplicates"):
        make_config(fleets=[fleet("Rustfang", "Rustfang"), "azure_traders"])


def test_crew_cost_no_more_than_the_ship():
    """[Placing Crew and equipment] crew cost at most the ship's points (Jade Lantern: 5)."""
    with pytest.raises(ConfigError, match="cost no more than the ship"):
        make_config(fleets=[fleet(("Jade Lantern", ["Captain Lin", "Gunner Hsu",
                                                    "Carpenter Tull"])), "azure_traders"])


def test_zero_point_crew_only_on_its_own_nation():
    with pytest.raises(ConfigError, match="0-point crew"):
        make_config(fleets=[fleet(("Rustfang", ["Deckhand Bly"])), "azure_traders"])
    make_config(fleets=[fleet(("Scarlet Heron", ["Deckhand Bly"])), "azure_traders"])


def test_each_crew_takes_a_cargo_space_and_links_add_one():
    """[Placing Crew; Linked crew] Blue Petrel carries 3; Ysolde and Quill are linked to
    each other: +1 cargo when both sail on one ship."""
    with pytest.raises(ConfigError, match="cargo"):
        make_config(fleets=[fleet(("Scarlet Heron", ["Deckhand Bly", "Helmsman Pike",
                                                     "Captain Marrow"])), "azure_traders"])
    cfg = make_config(fleets=["azure_traders", "iron_brotherhood"])
    assert cfg["ship_cargo"][0, 0, 0] == 5 + 1            # Saltglass with the linked pair
    assert cfg["ship_cargo"][0, 1, 0] == 5 + 1            # Iron Widow with Vex linked to her


@pytest.mark.parametrize("table, where, key", [
    ({"ship": [{"name": "Jade Lantern"}], "harbour": ["Gunner Hsu"]}, "fleets\\[0\\]",
     "harbour"),
    ({"ship": [{"name": "Jade Lantern", "crwe": ["Gunner Hsu"]}]}, "ship 'Jade Lantern'", "crwe"),
    ({"ship": [{"name": "Jade Lantern", "ashore": ["Gunner Hsu"]}]}, "ship 'Jade Lantern'",
     "ashore"),
], ids=["fleet-harbour", "ship-crwe", "ship-ashore"])
def test_placing_crew_and_equipment_an_unknown_fleet_key_is_refused(table, where, key):
    """[Fleets; Placing Crew and equipment] crew and equipment are placed as the fleet says:
    a key the fleet format does not know (a misspelt ``crew``, a ``harbour`` list) is a
    ConfigError naming it and the keys allowed, at the fleet's level and at a ship's - never
    ignored, which loaded the fleet with no crew."""
    allowed = "name, ship, home" if where.startswith("fleets") else "name, crew, equipment"
    with pytest.raises(ConfigError, match=f"{where}.*unknown key.*'{key}'.*allowed: {allowed}"):
        make_config(fleets=[table, "azure_traders"])


@pytest.mark.parametrize("bad, match", [
    ({"num_players": 5}, "num_players"), ({"edge": "square"}, "edge"),
    ({"order_rule": "dice"}, "order_rule"), ({"tiebreak": ["gold"]}, "tiebreak"),
    ({"coins": ["copper"] * 3}, "divide equally"), ({"coins": ["Cursed Idol"] * 2}, "unique"),
    ({"mysterious": "full"}, "mysterious"), ({"table": (5, 5)}, "table"),
    ({"fleets": ["nope", "azure_traders"]}, "no such fleet"), ({"colour": 1}, "unknown"),
])
def test_bad_options_name_the_rule(bad, match):
    with pytest.raises(ConfigError, match=match):
        make_config(**bad)


def test_malformed_catalogue_is_refused(tmp_path):
    p = tmp_path / "bad.toml"
    p.write_text('[[ship]]\nname = "X"\nnation = "crown"\ncost = 5\ncargo = 2\nmove = "S+Q"\n'
                 'masts = ["3S"]\n')
    with pytest.raises(CardDataError, match="move"):
        pieces.load(p)
