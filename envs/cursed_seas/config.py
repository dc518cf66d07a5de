"""Pirates of the Cursed Seas configuration: keyword arguments -> a CONFIG record array (1,).

Implements Fleets (build total, the No-Duplicates Rule, mixed nationalities), Placing Crew
and equipment (aboard a ship or on the home island, one cargo space per crew, crew cost at
most the ship's cost, 0-point crew only on their own nation's ships, linked crew +1 cargo),
Setup (turn-order rule, table edges), Placing Islands (three per player), Choosing Home
Islands (both rules), Placing Treasure (equal contributions, an equal number of coins per
wild island, unique treasure) and Winning the Game (end rule, tie-breakers). An illegal
fleet or option is a ConfigError naming the rule it breaks.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from envs.core.config import common_options
from envs.core.errors import ConfigError
from envs.core.integers import is_integer

from . import pieces
from .state import (
    CONFIG, EDGE_NAMES, LINK_SHIP, MAX_COINS_P, MAX_CREW_P, MAX_FLEET, MAX_ISLANDS, MAX_PLAYERS,
    MIN_PLAYERS, MY_NAMES, TIEBREAK_NAMES, MAX_TERR, TR_TRADE, MAX_FORTS_P,
)

FLEET_DIR = Path(__file__).with_name("fleets")
DEFAULT_FLEETS = ("crown_raiders", "iron_brotherhood", "azure_traders", "gilded_company")
DEFAULT_COINS = ("copper", "copper", "silver", "silver", "gold", "doubloon")
ORDER_RULES = ("roll", "left")
HOME_RULES = ("previous", "reverse")
END_RULES = ("one_can_move", "half_cannot")
BOARD_TIES = ("none", "reroll")
ISLAND_SPACINGS = ("recommended", "free")
KNOWN = ("num_players", "fleets", "build_total", "reefs", "edge", "order_rule", "home_rule",
         "end_rule", "board_tie", "tiebreak", "table", "coins", "islands", "mysterious",
         "auto_forced", "max_steps", "island_spacing",
         "terrain", "forts")   # --- forts / terrain / creatures


def _int(name, v, lo, hi, rule):
    if not is_integer(v):
        raise ConfigError(f"{name}={v!r}: must be an integer ({rule})")
    if not lo <= int(v) <= hi:
        raise ConfigError(f"{name}={v}: must be {lo}..{hi} ({rule})")
    return int(v)


def _choice(name, v, options, rule):
    if v not in options:
        raise ConfigError(f"{name}={v!r}: one of {', '.join(options)} ({rule})")
    return options.index(v)


def load_fleet(source) -> dict:
    """A fleet from a name in ``fleets/``, a TOML path or a dict ``{name, ship: [{name, crew,
    equipment}], home: {crew, equipment}}`` (check_fleet refuses any other key: FLEET_KEYS,
    SHIP_KEYS, HOME_KEYS)."""
    if isinstance(source, dict):
        return source
    if not isinstance(source, (str, Path)):
        raise ConfigError(f"fleet {source!r}: a fleet name, TOML path or table [Fleets]")
    path = Path(source)
    if not path.suffix:
        path = FLEET_DIR / f"{source}.toml"
    if not path.exists():
        known = sorted(p.stem for p in FLEET_DIR.glob("*.toml"))
        raise ConfigError(f"fleet {source!r}: no such fleet; fleets: {', '.join(known)}")
    with open(path, "rb") as f:
        return tomllib.load(f)


#: the keys of a fleet table and of each of its ships; any other key is refused, never
#: ignored (a misspelt ``crew`` would load a fleet without its crew)
FLEET_KEYS = ("name", "ship", "home")
SHIP_KEYS = ("name", "crew", "equipment")
HOME_KEYS = ("crew", "equipment")


def _known_keys(table: dict, allowed, where: str):
    unknown = sorted(str(key) for key in table if key not in allowed)
    if unknown:
        raise ConfigError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}; allowed: "
                          f"{', '.join(allowed)} [Fleets; Placing Crew and equipment]")


def _piece_list(table: dict, key: str, where: str, cat) -> list:
    """Catalogue indices of the crew (``key`` "crew") or equipment ("equipment") listed
    under ``key`` of ``table`` (a ship, or the fleet's ``home``) [Fleets]."""
    names = table.get(key, [])
    if not isinstance(names, list):
        raise ConfigError(f"{where}.{key} must be a list of {key} names")
    out = []
    for name in names:
        try:
            i = cat.crew_named(name)
        except KeyError:
            raise ConfigError(f"{where}: unknown {key} {name!r} [Fleets]") from None
        # --- cargo / crew / equipment: equipment is listed apart from crew
        if cat.crew[i].equipment != (key == "equipment"):
            other = "crew" if key == "equipment" else "equipment"
            raise ConfigError(f"{where}: {name!r} is {other}; list it under {other!r}")
        out.append(i)
    return out


def check_fleet(fleet: dict, build_total: int, cat=pieces.CATALOGUE, who="fleet"):
    """``([(ship index, [piece indices]), ...], [piece indices])`` for a legal fleet: each
    ship with the crew then the equipment assigned to her, and the pieces that start face down
    on the home island (the fleet's ``home`` table) [Placing Crew and equipment: "put them face
    down either on your home island or on the deckplate card of the ship to which you assign
    them"]; a ConfigError naming the rule otherwise."""
    if isinstance(fleet, dict):
        _known_keys(fleet, FLEET_KEYS, who)
    ships = fleet.get("ship") if isinstance(fleet, dict) else None
    if not isinstance(ships, list) or not 1 <= len(ships) <= MAX_FLEET:
        raise ConfigError(f"{who}: needs 1-{MAX_FLEET} ships (table 'ship') [Fleets]")
    out, total, seen = [], 0, set()

    def no_duplicates(names):
        # generic equipment is not limited [Fleets: The No-Duplicates Rule]
        for name in names:
            if name in seen:
                raise ConfigError(f"{who}: {name!r} twice breaks the No-Duplicates Rule [Fleets]")
            seen.add(name)

    for row in ships:
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            raise ConfigError(f"{who}: each ship is a table with a 'name' [Fleets]")
        _known_keys(row, SHIP_KEYS, f"{who}: ship {row['name']!r}")
        try:
            si = cat.ship(row["name"])
        except KeyError:
            raise ConfigError(f"{who}: unknown ship {row['name']!r} [Fleets]") from None
        ship = cat.ships[si]
        crew = _piece_list(row, "crew", f"{who}: {ship.name}", cat)
        # --- cargo / crew / equipment: it shares cargo and the cost limit with crew
        crew += _piece_list(row, "equipment", f"{who}: {ship.name}", cat)
        no_duplicates([ship.name] + [cat.crew[c].name for c in crew if not cat.crew[c].equipment])
        cc = [cat.crew[c] for c in crew]
        if ship.creature and cc:
            raise ConfigError(f"{who}: {ship.name} is a sea creature; sea creatures can't be "
                              "assigned crew [Sea Creatures]")
        if sum(c.cost for c in cc) > ship.cost:
            raise ConfigError(f"{who}: crew and equipment on {ship.name} cost "
                              f"{sum(c.cost for c in cc)} > her "
                              f"{ship.cost} points; crew and equipment cost no more than the "
                              "ship [Placing Crew and equipment]")
        for c in cc:
            if c.cost == 0 and not c.equipment and c.nation != ship.nation:
                raise ConfigError(f"{who}: 0-point crew {c.name} only on a ship of its own "
                                  f"nation, not {ship.name} [Placing Crew and equipment]")
        if len(cc) > cargo_of(ship, cc):
            raise ConfigError(f"{who}: {len(cc)} crew and equipment on {ship.name} exceed her "
                              f"{cargo_of(ship, cc)} cargo spaces; each takes one "
                              "[Placing Crew and equipment]")
        total += ship.cost + sum(c.cost for c in cc)
        out.append((si, crew))
    home_table = fleet.get("home", {})
    if not isinstance(home_table, dict):
        raise ConfigError(f"{who}: 'home' is a table of the crew and equipment that start "
                          "on the home island [Placing Crew and equipment]")
    _known_keys(home_table, HOME_KEYS, f"{who}: home")
    home = _piece_list(home_table, "crew", f"{who}: home", cat)
    home += _piece_list(home_table, "equipment", f"{who}: home", cat)
    no_duplicates([cat.crew[c].name for c in home if not cat.crew[c].equipment])
    total += sum(cat.crew[c].cost for c in home)
    ncrew = sum(len(crew) for _, crew in out) + len(home)
    if ncrew > MAX_CREW_P:
        raise ConfigError(f"{who}: {ncrew} crew and equipment; this environment seats at most "
                          f"{MAX_CREW_P}")
    if total > build_total:
        raise ConfigError(f"{who}: {total} points exceed the build total {build_total} [Fleets]")
    return out, home


def _put_piece(c, p, k, piece, index) -> None:
    """Copy catalogue piece ``index`` into seat p's crew slot k of CONFIG record ``c``."""
    c["crew_def"][p, k] = index
    c["crew_nation"][p, k] = piece.nation
    c["crew_cost"][p, k] = piece.cost
    c["crew_kw"][p, k] = piece.keyword
    c["crew_eq"][p, k] = int(piece.equipment)


def link_bits(ship, crew) -> list:
    """Per piece of ``crew`` (in order), its links giving +1 cargo: bit t = linked to piece t
    (t after it), bit LINK_SHIP = linked to the ship; equipment has none [Placing Crew and
    equipment: Linked crew and ships]."""
    bits = [0] * len(crew)
    for i, a in enumerate(crew):
        if a.equipment:
            continue
        if ship.name in a.links:
            bits[i] |= 1 << LINK_SHIP
        for t in range(i + 1, len(crew)):
            b = crew[t]
            if not b.equipment and (b.name in a.links or a.name in b.links):
                bits[i] |= 1 << t
    return bits


def cargo_of(ship, crew) -> int:
    """Cargo spaces with links: +1 for each crew linked to the ship, +1 for each pair of
    crew linked to each other [Placing Crew and equipment: Linked crew and ships]."""
    return ship.cargo + sum(bin(b).count("1") for b in link_bits(ship, crew))


def make_config(**kwargs) -> np.ndarray:
    unknown = sorted(set(kwargs) - set(KNOWN))
    if unknown:
        raise ConfigError(f"unknown config option(s) {unknown}; known: {', '.join(KNOWN)}")
    cat = pieces.CATALOGUE
    common = common_options(kwargs, CONFIG, players=(MIN_PLAYERS, MAX_PLAYERS),
                            default_players=2, players_rule=f"{MIN_PLAYERS}-{MAX_PLAYERS} players in this environment")
    n = common["num_players"]
    build = _int("build_total", kwargs.get("build_total", 40), 10, 200, "Fleets: build total")
    cfg = np.zeros(1, CONFIG)
    c = cfg[0]
    c["num_players"] = n
    c["auto_forced"] = common["auto_forced"]
    c["max_steps"] = common["max_steps"]
    c["build_total"] = build
    c["reefs"] = _int("reefs", kwargs.get("reefs", 0), 0, 1,
                      "Placing Terrain: reefs placed by each player (terrain is optional; other "
                      "terrain is not implemented)")
    c["edge"] = _choice("edge", kwargs.get("edge", "wall"), EDGE_NAMES, "Setup: play area")
    c["order_rule"] = _choice("order_rule", kwargs.get("order_rule", "roll"), ORDER_RULES,
                              "Setup: turn order")
    c["home_rule"] = _choice("home_rule", kwargs.get("home_rule", "previous"), HOME_RULES,
                             "Choosing Home Islands")
    c["end_rule"] = _choice("end_rule", kwargs.get("end_rule", "one_can_move"), END_RULES,
                            "Winning the Game")
    c["board_tie"] = _choice("board_tie", kwargs.get("board_tie", "none"), BOARD_TIES,
                             "Board: tied totals (ruling)")
    # islands "are recommended to be placed at least 1L but not more than 6L from each
    # other": kept where it can be, or not at all (ruling: Island placement)
    c["island_spacing"] = _choice("island_spacing", kwargs.get("island_spacing", "recommended"),
                                  ISLAND_SPACINGS, "Placing Islands: a recommendation")
    tb = kwargs.get("tiebreak", ("ship_gold", "masts", "points"))
    if isinstance(tb, str) or not isinstance(tb, (list, tuple)) or len(tb) > 3:
        raise ConfigError(f"tiebreak={tb!r}: a list of up to 3 of {', '.join(TIEBREAK_NAMES)} "
                          "[Winning the Game]")
    for i in range(3):
        c["tiebreak"][i] = _choice("tiebreak", tb[i], TIEBREAK_NAMES,
                                   "Winning the Game") if i < len(tb) else 0
    # --- mysterious islands: "plain" (as regular islands, which Placing Islands allows) or
    # "effects" (the d6 table on docking at a wild one; ruling: Mysterious islands)
    c["myst_mode"] = _choice("mysterious", kwargs.get("mysterious", "plain"),
                             ("plain", "effects"), "Placing Islands: Mysterious Islands")
    w, h = kwargs.get("table", {2: (12.0, 12.0), 3: (15.0, 15.0), 4: (18.0, 18.0)}[n])
    for nm, v in (("table width", w), ("table height", h)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 8.0 <= v <= 30.0:
            raise ConfigError(f"{nm}={v!r}: 8..30 S (ruling: Table size)")
    c["table_w"] = float(w)
    c["table_h"] = float(h)
    isl = kwargs.get("islands")
    if isl is None:
        isl = [i.name for i in cat.islands[:3 * n]]
    if not isinstance(isl, (list, tuple)) or len(isl) != 3 * n:
        raise ConfigError(f"islands: {3 * n} island names, three per player [Placing Islands]")
    c["island_r"][:] = 0.0
    for i, name in enumerate(isl):
        rows = [x for x in cat.islands if x.name == name]
        if not rows:
            raise ConfigError(f"islands: unknown island {name!r} [Placing Islands]")
        c["island_r"][i] = rows[0].radius
        c["island_myst"][i] = int(rows[0].mysterious)
        for r, fx in enumerate(rows[0].table):
            c["island_fx"][i, r] = MY_NAMES.index(fx)
    fleets = kwargs.get("fleets", DEFAULT_FLEETS[:n])
    if not isinstance(fleets, (list, tuple)) or len(fleets) != n:
        raise ConfigError(f"fleets: one fleet per player ({n}) [Fleets]")
    c["ship_def"][:] = -1
    c["crew_def"][:] = -1
    c["crew_slot"][:] = -1
    for p, src in enumerate(fleets):
        rows, home = check_fleet(load_fleet(src), build, cat, who=f"fleets[{p}]")
        k = 0
        for j, (si, crew) in enumerate(rows):
            sh = cat.ships[si]
            c["ship_def"][p, j] = si
            c["ship_nation"][p, j] = sh.nation
            c["ship_cost"][p, j] = sh.cost
            c["ship_cargo"][p, j] = cargo_of(sh, [cat.crew[x] for x in crew])
            links = link_bits(sh, [cat.crew[x] for x in crew])
            c["ship_nseg"][p, j] = len(sh.segs)
            c["ship_seg"][p, j, :len(sh.segs)] = sh.segs
            c["ship_nmast"][p, j] = len(sh.ranks)
            c["ship_rank"][p, j, :len(sh.ranks)] = sh.ranks
            c["ship_range"][p, j, :len(sh.ranges)] = sh.ranges
            c["ship_creature"][p, j] = int(sh.creature != 0)
            for i, ci in enumerate(crew):
                _put_piece(c, p, k, cat.crew[ci], ci)
                c["crew_slot"][p, k] = j
                # piece t of this ship is crew k - i + t of the seat
                c["crew_link"][p, k] = sum(1 << (k - i + t if t < LINK_SHIP else LINK_SHIP)
                                           for t in range(LINK_SHIP + 1)
                                           if (links[i] >> t) & 1)
                k += 1
        for ci in home:
            # on the home island (crew_slot -1): assigned to no ship, so linked to none and
            # not limited by a ship's cargo, points or nation until a ship loads it
            # (cargo.carry_ok)
            _put_piece(c, p, k, cat.crew[ci], ci)
            k += 1
    coins = kwargs.get("coins", DEFAULT_COINS)
    if not isinstance(coins, (list, tuple)) or not 1 <= len(coins) <= MAX_COINS_P:
        raise ConfigError(f"coins: 1-{MAX_COINS_P} coin names each player contributes "
                          "[Placing Treasure]")
    uniq = [x for x in coins if isinstance(x, str) and x in [q.name for q in cat.coins if q.unique]]
    if len(set(uniq)) != len(uniq):
        raise ConfigError("coins: no more than one unique treasure with the same name per "
                          "player [Placing Treasure: Unique treasure]")
    c["coin_val"][:] = -1
    for p in range(n):
        for j, name in enumerate(coins):
            try:
                co = cat.coins[cat.coin(name)]
            except (KeyError, TypeError):
                raise ConfigError(f"coins: unknown coin {name!r} [Placing Treasure]") from None
            c["coin_val"][p, j] = co.value
            c["coin_unique"][p, j] = int(co.unique)
            c["coin_kw"][p, j] = co.keyword
    wild = 2 * n
    if (n * len(coins)) % wild:
        raise ConfigError(f"coins: {n * len(coins)} coins do not divide equally among {wild} "
                          "wild islands [Placing Treasure]")
    assert 3 * n <= MAX_ISLANDS
    _terrain(c, kwargs.get("terrain", ()), cat)
    _forts(c, kwargs.get("forts", ()), n, cat)
    return cfg


def _forts(c, forts, n, cat):
    """--- forts: per seat, the forts in her collection [Building Forts]; the No-Duplicates
    Rule applies to forts [Fleets]."""
    c["fort_def"][:] = -1
    if isinstance(forts, str) or not isinstance(forts, (list, tuple)) or \
            (forts and len(forts) != n):
        raise ConfigError(f"forts={forts!r}: one list of fort names per player [Forts]")
    for p, names in enumerate(forts):
        if isinstance(names, str) or not isinstance(names, (list, tuple)) or \
                len(names) > MAX_FORTS_P:
            raise ConfigError(f"forts[{p}]: up to {MAX_FORTS_P} fort names [Forts]")
        if len(set(names)) != len(names):
            raise ConfigError(f"forts[{p}]: a fort twice breaks the No-Duplicates Rule [Fleets]")
        for j, name in enumerate(names):
            rows = [i for i, x in enumerate(cat.forts) if x.name == name]
            if not rows:
                known = ", ".join(x.name for x in cat.forts)
                raise ConfigError(f"forts[{p}]: unknown fort {name!r}; forts: {known} [Forts]")
            fo = cat.forts[rows[0]]
            c["fort_def"][p, j] = rows[0]
            c["fort_cost"][p, j] = fo.cost
            c["fort_nflag"][p, j] = len(fo.ranks)
            c["fort_rank"][p, j, :len(fo.ranks)] = fo.ranks
            c["fort_range"][p, j, :len(fo.ranges)] = fo.ranges


def _terrain(c, names, cat):
    """--- forts / terrain / creatures: the terrain pieces placed in setup, in the order
    given; players place them in turn, in the order they placed islands [Placing Terrain]."""
    if isinstance(names, str) or not isinstance(names, (list, tuple)) or \
            len(names) > MAX_TERR:
        raise ConfigError(f"terrain={names!r}: a list of up to {MAX_TERR} terrain piece names "
                          "[Placing Terrain]")
    c["terr_kind"][:] = 0
    c["terr_num"][:] = 0
    for t, name in enumerate(names):
        rows = [x for x in cat.terrain if x.name == name]
        if not rows:
            known = ", ".join(x.name for x in cat.terrain)
            raise ConfigError(f"terrain: unknown piece {name!r}; pieces: {known} [Terrain]")
        if rows[0].kind == TR_TRADE:
            raise ConfigError(f"terrain: {name!r} is a trade current, which is not placed at "
                              "the beginning of the game [Trade Current]")
        if list(names).count(name) > 1:
            raise ConfigError(f"terrain: {name!r} twice; each piece is placed once [Terrain]")
        c["terr_kind"][t] = rows[0].kind
        c["terr_num"][t] = rows[0].number


def config_kwargs(c, cat=pieces.CATALOGUE) -> dict:
    """The make_config keywords a CONFIG record ``c`` (a row) names: its options as they are,
    its fleets, forts and terrain by the catalogue indices or the statistics it copies.
    ``make_config(**config_kwargs(c))`` equals ``c`` exactly when ``c`` is a config
    make_config builds; the validator compares the two (a record's cfg is untrusted).

    Pieces the record names only by their statistics (islands, coins, terrain pieces) get
    the name of a catalogue piece with those statistics, a different piece of the same
    statistics for each repeat (so a legal repeat is never mistaken for a duplicate, and an
    illegal one is make_config's "twice"); a row that matches no piece is a ConfigError naming
    the field. Everything else the comparison with make_config's record finds.
    """
    n = int(c["num_players"])
    kw = {"num_players": n, "auto_forced": bool(c["auto_forced"]),
          "max_steps": int(c["max_steps"]), "build_total": int(c["build_total"]),
          "reefs": int(c["reefs"]), "edge": EDGE_NAMES[int(c["edge"])],
          "order_rule": ORDER_RULES[int(c["order_rule"])],
          "home_rule": HOME_RULES[int(c["home_rule"])],
          "end_rule": END_RULES[int(c["end_rule"])],
          "board_tie": BOARD_TIES[int(c["board_tie"])],
          "island_spacing": ISLAND_SPACINGS[int(c["island_spacing"])],
          "tiebreak": [TIEBREAK_NAMES[int(t)] for t in c["tiebreak"]],
          "mysterious": ("plain", "effects")[int(c["myst_mode"])],
          "table": (float(c["table_w"]), float(c["table_h"]))}

    def named(rows, key, items, field, rule, where=None):
        """Names for ``items`` (statistics tuples): the k-th repeat of a tuple -> the k-th
        catalogue row with that tuple (the last one once they run out); ConfigError naming
        ``field`` for a tuple no catalogue row has."""
        seen: dict = {}
        out = []
        for i, it in enumerate(items):
            match = [r.name for r in rows if key(r) == it]
            if not match:
                at = i if where is None else where[i]
                raise ConfigError(f"{field}[{at}]: no piece of pieces.toml has the statistics "
                                  f"{it} [{rule}]")
            k = seen.get(it, 0)
            seen[it] = k + 1
            out.append(match[min(k, len(match) - 1)])
        return out

    def isl_key(r):
        fx = [MY_NAMES.index(x) for x in r.table] + [0] * (c["island_fx"].shape[1] - len(r.table))
        return (float(r.radius), int(r.mysterious), tuple(fx))
    kw["islands"] = named(cat.islands, isl_key,
                          [(float(c["island_r"][i]), int(c["island_myst"][i]),
                            tuple(int(x) for x in c["island_fx"][i])) for i in range(3 * n)],
                          "cfg.island_r", "Placing Islands")
    # every seat contributes the same coins (seat 0's, up to the first empty slot); a unique
    # coin's repeats get different names, a common coin's the same one
    nc = 0
    while nc < c["coin_val"].shape[1] and c["coin_val"][0, nc] >= 0:
        nc += 1
    coins = [(int(c["coin_val"][0, j]), int(c["coin_unique"][0, j]), int(c["coin_kw"][0, j]))
             for j in range(nc)]
    coin_key = lambda r: (r.value, int(r.unique), r.keyword)  # noqa: E731
    common = {t: [r.name for r in cat.coins if coin_key(r) == t] for t in coins if not t[1]}
    for j, t in enumerate(coins):
        if not t[1] and not common[t]:
            raise ConfigError(f"cfg.coin_val[0, {j}]: no coin of pieces.toml has the statistics "
                              f"{t} [Placing Treasure]")
    uniq = iter(named(cat.coins, coin_key, [t for t in coins if t[1]], "cfg.coin_unique",
                      "Placing Treasure: Unique treasure",
                      [f"0, {j}" for j, t in enumerate(coins) if t[1]]))
    kw["coins"] = [next(uniq) if t[1] else common[t][0] for t in coins]
    nt = 0
    while nt < MAX_TERR and c["terr_kind"][nt] != 0:
        nt += 1
    kw["terrain"] = named(cat.terrain, lambda r: (r.kind, r.number),
                          [(int(c["terr_kind"][t]), int(c["terr_num"][t])) for t in range(nt)],
                          "cfg.terr_kind", "Terrain")
    kw["fleets"] = [_fleet_of(c, p, cat) for p in range(n)]
    forts = [[cat.forts[int(d)].name for d in c["fort_def"][p] if d >= 0] for p in range(n)]
    kw["forts"] = forts if any(forts) else ()
    return kw


def _fleet_of(c, p, cat) -> dict:
    """Seat p's fleet table from the catalogue indices in ``c``: her ships in slot order, each
    with the crew then the equipment assigned to her slot, in crew-slot order."""
    ships = []
    for j in range(c["ship_def"].shape[1]):
        d = int(c["ship_def"][p, j])
        if d < 0:
            continue
        crew = [cat.crew[int(c["crew_def"][p, k])] for k in range(c["crew_def"].shape[1])
                if c["crew_def"][p, k] >= 0 and c["crew_slot"][p, k] == j]
        ships.append({"name": cat.ships[d].name,
                      "crew": [x.name for x in crew if not x.equipment],
                      "equipment": [x.name for x in crew if x.equipment]})
    home = [cat.crew[int(c["crew_def"][p, k])] for k in range(c["crew_def"].shape[1])
            if c["crew_def"][p, k] >= 0 and c["crew_slot"][p, k] < 0]
    if not home:
        return {"ship": ships}
    return {"ship": ships, "home": {"crew": [x.name for x in home if not x.equipment],
                                    "equipment": [x.name for x in home if x.equipment]}}
