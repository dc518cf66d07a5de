"""The config a record carries is untrusted [Fleets; Placing Crew and equipment; Sea
Creatures; Terrain; Forts; Placing Islands; Placing Treasure]: check_states refuses a ``cfg``
that make_config could not build from the pieces it names, naming the field and the rule.
The audit (s66 F3b) found edited ship costs, cargo, creature flags and terrain kinds accepted,
and legal play from them reaching records the validator refuses."""

import itertools

import numpy as np
import pytest

import envs
from envs.core.errors import StateError
from envs.cursed_seas import pieces
from envs.cursed_seas.config import FLEET_DIR, config_kwargs, make_config
from envs.cursed_seas.state import TERRAIN_KINDS
from envs.cursed_seas.validate import _catalogue_problems, check_states
from tests.positions import sealed

SPEC = envs.spec("cursed_seas")
CAT = pieces.CATALOGUE
FLEETS = sorted(p.stem for p in FLEET_DIR.glob("*.toml"))
TERRAIN = [t.name for t in CAT.terrain if TERRAIN_KINDS[t.kind] != "trade current"]


def _start(seed=1, **config):
    e = envs.make_raw("cursed_seas", num_players=2, **config)
    e.reset(seed=seed)
    assert check_states(e.record)[0] == []
    return e


def _edited(rec, field, index, value):
    m = rec.copy()
    m["cfg"][field][0][index] = value
    return m


def _load(rec):
    """env.load of a re-sealed snapshot of ``rec`` (the way outside records come in)."""
    envs.make_raw("cursed_seas").load(sealed("cursed_seas", rec))


# ----- the audit's four records (s66 F3b), refused by name ---------------------------------------
@pytest.mark.parametrize("field, index, value, match", [
    # Crimson Sovereign (15 points) at 0: 7 points of crew would exceed her cost
    ("ship_cost", (0, 0), 0, "cfg.ship_cost[0, 0] = 0: Fleets: a ship's cost is her card's"),
    # no room for her crew and treasure
    ("ship_cargo", (0, 0), 0, "cfg.ship_cargo[0, 0] = 0: Placing Crew and equipment: a ship's "
                              "cargo is her card's"),
    # a ship with crew turned into a sea creature
    ("ship_creature", (0, 0), 1, "cfg.ship_creature[0, 0] = 1: Sea Creatures"),
    # an iceberg without a gold number: no terrain piece of the catalogue
    ("terr_kind", 0, 2, "cfg.terr_kind[0]: no piece of pieces.toml has the statistics (2, 0)"),
])
def test_the_audits_edited_configs_are_refused_by_name(field, index, value, match):
    rec = _start().record
    bad = _edited(rec, field, index, value)
    problems = check_states(bad)[0]
    assert any(match in p for p in problems), problems
    with pytest.raises(StateError) as info:
        _load(bad)
    assert any(f"cfg.{field}" in p for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("field, index, value, match", [
    # a fog bank's kind edited into an iceberg keeps no iceberg's number
    ("terr_kind", 0, TERRAIN_KINDS.index("iceberg"), "cfg.terr_kind[0]: no piece"),
    # an iceberg's gold number is its card's
    ("terr_num", 2, 6, "cfg.terr_kind[2]: no piece"),
    # a gap: the pieces are placed in order (the ones after it are not make_config's)
    ("terr_kind", 1, 0, "cfg.terr_kind[2] = 2: Terrain: the pieces are placed in order"),
])
def test_edited_terrain_is_refused(field, index, value, match):
    """[Terrain; Iceberg] the terrain kinds and numbers are a catalogue piece's each, at most
    once each, in the order they are placed."""
    rec = _start(terrain=TERRAIN[:4]).record
    assert [TERRAIN_KINDS[k] for k in rec["cfg"]["terr_kind"][0][:4]] == \
        ["fog bank", "fog bank", "iceberg", "iceberg"]
    problems = check_states(_edited(rec, field, index, value))[0]
    assert any(match in p for p in problems), problems


def test_a_terrain_piece_twice_is_refused():
    """[Terrain] each piece is placed once: a third iceberg numbered 3 is not in the box."""
    rec = _start(terrain=TERRAIN[:4]).record
    bad = _edited(_edited(rec, "terr_kind", 4, TERRAIN_KINDS.index("iceberg")), "terr_num", 4, 3)
    bad = _edited(bad, "terr_kind", 5, TERRAIN_KINDS.index("iceberg"))
    bad = _edited(bad, "terr_num", 5, 3)
    problems = check_states(bad)[0]
    assert any("twice; each piece is placed once [Terrain]" in p for p in problems), problems


@pytest.mark.parametrize("field, index, value, match", [
    ("ship_nation", (0, 0), 1, "cfg.ship_nation[0, 0] = 1: Fleets: a ship's nation is her card's"),
    ("ship_nmast", (1, 0), 1, "cfg.ship_nmast[1, 0] = 1: Shooting: a ship's masts"),
    ("ship_rank", (1, 0, 0), 2, "cfg.ship_rank[1, 0, 0] = 2: Shooting"),
    ("ship_seg", (0, 0, 0), 1, "cfg.ship_seg[0, 0, 0] = 1: Moving"),
    ("crew_cost", (0, 0), 0, "cfg.crew_cost[0, 0] = 0: Placing Crew and equipment: a crew's cost"),
    ("crew_kw", (0, 0), 2, "cfg.crew_kw[0, 0] = 2: Placing Crew and equipment: a crew's keyword"),
    ("crew_link", (0, 0), 0, "cfg.crew_link[0, 0] = 0: Placing Crew and equipment: Linked"),
    ("crew_eq", (0, 0), 1, "cfg.crew_eq[0, 0] = 1"),
    ("coin_val", (1, 0), 5, "cfg.coin_val[1, 0] = 5: Placing Treasure: every player contributes"),
    ("island_r", 0, 1.5, "cfg.island_r[0]: no piece of pieces.toml"),
    ("island_myst", 0, 1, "cfg.island_r[0]: no piece of pieces.toml"),
    # Lady Marrow swapped for Crimson Sovereign (also 15 points): not her cargo, move or masts
    ("ship_def", (0, 0), 3, "cfg.ship_seg[0, 0, 0] = 0: Moving"),
    # Deckhand Bly twice in one fleet
    ("crew_def", (0, 0), 2, "No-Duplicates Rule [Fleets]"),
    # a second Crimson Sovereign in the other fleet: 55 points
    ("ship_def", (1, 1), 3, "exceed the build total 40 [Fleets]"),
])
def test_every_catalogue_statistic_is_the_named_pieces(field, index, value, match):
    """Every statistic make_config copies from pieces.toml is the named piece's, and the
    fleets named are legal ones [Fleets]."""
    rec = _start().record
    assert rec["cfg"][field][0][index] != value
    problems = check_states(_edited(rec, field, index, value))[0]
    assert any(match in p for p in problems), problems


@pytest.mark.parametrize("field, index, value, match", [
    ("fort_cost", (0, 0), 1, "cfg.fort_cost[0, 0] = 1: Building Forts: a fort's cost"),
    ("fort_rank", (0, 0, 0), 6, "cfg.fort_rank[0, 0, 0] = 6: Forts"),
    ("fort_def", (0, 1), 0, "twice breaks the No-Duplicates Rule"),
])
def test_edited_forts_are_refused(field, index, value, match):
    forts = [[f.name for f in CAT.forts[:2]], [CAT.forts[-1].name]]
    rec = _start(forts=forts).record
    problems = check_states(_edited(rec, field, index, value))[0]
    assert any(match in p for p in problems), problems


# ----- every config make_config builds still passes ----------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_shipped_fleet_in_every_seat_rebuilds_its_config(n):
    """Every ordered choice of the shipped fleets: config_kwargs names the pieces back and
    make_config rebuilds the very record; the validator's config stage has nothing to say."""
    for combo in itertools.permutations(FLEETS, n):
        cfg = make_config(num_players=n, fleets=list(combo))
        again = make_config(**config_kwargs(cfg[0]))
        assert again.tobytes() == cfg.tobytes(), combo
        assert _catalogue_problems(cfg[0].tobytes()) == (), combo


UNIQUE = [c.name for c in CAT.coins if c.unique]
OPTIONS = [
    {"terrain": TERRAIN[-8:], "reefs": 1},
    {"forts": [[f.name for f in CAT.forts[-2:]], [CAT.forts[0].name]], "fleets": FLEETS[-2:]},
    {"mysterious": "effects", "islands": [i.name for i in CAT.islands[-6:]]},
    {"islands": [CAT.islands[0].name] * 6},
    {"coins": ["copper", "copper", "gold", "gold"] + UNIQUE[:2]},
    {"edge": "round", "order_rule": "left", "home_rule": "reverse", "end_rule": "half_cannot",
     "board_tie": "reroll", "island_spacing": "free", "tiebreak": ["masts"],
     "table": (20, 9.5), "auto_forced": True, "max_steps": 77},
    {"build_total": 200, "fleets": [{"ship": [{"name": "Lady Marrow", "crew": ["Deckhand Bly"]},
                                              {"name": "Crimson Sovereign"}]}, FLEETS[-1]]},
    {"num_players": 4, "terrain": TERRAIN[:6], "forts": [[CAT.forts[i].name] for i in range(4)]},
]


@pytest.mark.parametrize("options", OPTIONS, ids=range(len(OPTIONS)))
def test_config_options_and_their_games_stay_valid(options):
    """The options (terrain, forts, islands, coins, rules, table) rebuild exactly, and a
    random game from them passes the validator at every step."""
    kw = dict(options)
    n = kw.pop("num_players", 2)
    cfg = make_config(num_players=n, **kw)
    assert make_config(**config_kwargs(cfg[0])).tobytes() == cfg.tobytes()
    e = envs.make_raw("cursed_seas", num_players=n, **kw)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(60):
        assert check_states(e.record)[0] == []
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))


def test_a_batch_of_one_config_is_checked_once():
    """The config check is cached by the record's bytes: a large batch sharing one config
    costs one rebuild, and each record is still judged on its own."""
    rec = _start().record
    batch = np.repeat(rec, 64)
    batch["cfg"]["ship_cost"][5, 0, 0] = 0
    problems = check_states(batch)
    assert [i for i, p in enumerate(problems) if p] == [5]
    assert "cfg.ship_cost[0, 0]" in problems[5][0]
