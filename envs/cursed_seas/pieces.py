"""Pirates of the Cursed Seas piece catalogue: ``pieces.toml`` -> validated Python tables.

The catalogue is our own design (names, numbers and abilities invented for this project;
ruling: Our own design).
Sections: Fleets (point cost, nationality), Placing Crew and equipment (cargo, links),
Placing Islands (mysterious islands and their d6 tables; ruling: Mysterious islands),
Placing Treasure (unique treasure), Shooting (each mast's rank and range). Kernels never read
this module: the config copies each chosen piece's numbers into the CONFIG record.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from envs.core.errors import CardDataError

from .state import KEYWORD_NAMES, MAX_MASTS, MAX_SEGS, MY_NAMES

DEFAULT_PATH = Path(__file__).with_name("pieces.toml")
NATIONS = ("crown", "azure", "jade", "iron", "gilded")


@dataclass(frozen=True)
class Ship:
    name: str
    nation: int
    cost: int
    cargo: int
    segs: tuple        # 0 = S, 1 = L, in printed order
    ranks: tuple
    ranges: tuple      # 0 = S, 1 = L
    links: tuple = ()
    creature: int = 0  # --- forts / terrain / creatures: CREATURE_KEYWORDS index, 0 a ship


@dataclass(frozen=True)
class Crew:
    name: str
    nation: int
    cost: int
    keyword: int       # KW_* bit
    links: tuple = ()
    equipment: bool = False     # --- cargo / crew / equipment: an [[equipment]] row


@dataclass(frozen=True)
class Island:
    name: str
    radius: float
    mysterious: bool
    table: tuple = ()


@dataclass(frozen=True)
class Coin:
    name: str
    value: int
    unique: bool
    keyword: int = 0   # unique treasure's ability: a KW_* bit while face up aboard


# --- forts / terrain / creatures ---
CREATURE_KEYWORDS = ("", "kraken", "sea serpent", "leviathan")
TERRAIN_KINDS = ("none", "fog bank", "iceberg", "sargasso sea", "trade current", "whirlpool")


@dataclass(frozen=True)
class Terrain:
    name: str
    kind: int          # index in TERRAIN_KINDS (state.TR_*)
    number: int = 0    # an iceberg's gold number


@dataclass(frozen=True)
class Fort:
    name: str
    cost: int          # gold points [Building Forts]
    ranks: tuple       # one per flag
    ranges: tuple      # 0 = S, 1 = L


@dataclass
class Catalogue:
    ships: list = field(default_factory=list)
    crew: list = field(default_factory=list)
    islands: list = field(default_factory=list)
    coins: list = field(default_factory=list)
    terrain: list = field(default_factory=list)
    forts: list = field(default_factory=list)

    def ship(self, name):
        return _find(self.ships, name, "ship")

    def crew_named(self, name):
        return _find(self.crew, name, "crew")

    def coin(self, name):
        return _find(self.coins, name, "coin")


def _bad(message):
    """A CardDataError naming the file, the piece and the field (``ship[3].move: ...``)."""
    where, _, problem = message.partition(": ")
    piece, _, fld = where.partition(".")
    return CardDataError(DEFAULT_PATH.name, piece, fld or "-", problem or message)


def _find(rows, name, kind):
    for i, r in enumerate(rows):
        if r.name == name:
            return i
    raise KeyError(f"unknown {kind} {name!r}")


def _need(d, key, typ, where):
    if key not in d:
        raise _bad(f"{where}: missing field {key!r}")
    v = d[key]
    if typ is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise _bad(f"{where}.{key}: {v!r} is not an integer")
    if typ is not int and not isinstance(v, typ):
        raise _bad(f"{where}.{key}: {v!r} is not a {typ.__name__}")
    return v


def _keyword_and_cost(r, w):
    """A crew or equipment row's keyword (one of KEYWORD_NAMES) and point cost (0..20)."""
    kw = _need(r, "keyword", str, w)
    if kw not in KEYWORD_NAMES:
        raise _bad(f"{w}.keyword: {kw!r} is not one of {', '.join(KEYWORD_NAMES)}")
    cost = _need(r, "cost", int, w)
    if not 0 <= cost <= 20:
        raise _bad(f"{w}.cost: {cost} outside 0..20")
    return kw, cost


def _nation(v, where):
    if v not in NATIONS:
        raise _bad(f"{where}.nation: {v!r} is not one of {', '.join(NATIONS)}")
    return NATIONS.index(v)


def _segments(text, where):
    parts = text.split("+")
    if not 1 <= len(parts) <= MAX_SEGS or any(p not in ("S", "L") for p in parts):
        raise _bad(f"{where}.move: {text!r} is not 1-{MAX_SEGS} segments of S or L "
                            "joined by '+' [Moving]")
    return tuple(0 if p == "S" else 1 for p in parts)


def _masts(rows, where):
    if not isinstance(rows, list) or not 1 <= len(rows) <= MAX_MASTS:
        raise _bad(f"{where}.masts: needs 1-{MAX_MASTS} masts")
    ranks, ranges = [], []
    for m in rows:
        if not (isinstance(m, str) and len(m) == 2 and m[0] in "23456" and m[1] in "SL"):
            raise _bad(f"{where}.masts: {m!r} is not '<rank 2-6><S|L>' [Shooting]")
        ranks.append(int(m[0]))
        ranges.append(0 if m[1] == "S" else 1)
    return tuple(ranks), tuple(ranges)


def load(path=DEFAULT_PATH) -> Catalogue:
    """The catalogue in ``path``; CardDataError naming the piece and field when malformed."""
    with open(path, "rb") as f:
        try:
            d = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise _bad(f"{path}: not valid TOML: {e}") from None
    cat = Catalogue()
    for i, r in enumerate(d.get("ship", [])):
        w = f"ship[{i}]"
        name = _need(r, "name", str, w)
        ranks, ranges = _masts(_need(r, "masts", list, w), w)
        cost = _need(r, "cost", int, w)
        cargo = _need(r, "cargo", int, w)
        if not 1 <= cost <= 40 or not 0 <= cargo <= 8:
            raise _bad(f"{w} {name}: cost 1..40 and cargo 0..8")
        cr = r.get("creature", "")
        if cr not in CREATURE_KEYWORDS:
            raise _bad(f"{w}.creature: {cr!r} is not one of {', '.join(CREATURE_KEYWORDS[1:])} "
                       "[Sea Creatures]")
        if cr and cargo != 0:
            raise _bad(f"{w}.cargo: a sea creature can't load treasure or crew [Sea Creatures]")
        cat.ships.append(Ship(name, _nation(_need(r, "nation", str, w), w), cost, cargo,
                              _segments(_need(r, "move", str, w), w), ranks, ranges,
                              tuple(r.get("links", ())), CREATURE_KEYWORDS.index(cr)))
    for i, r in enumerate(d.get("crew", [])):
        w = f"crew[{i}]"
        kw, cost = _keyword_and_cost(r, w)
        cat.crew.append(Crew(_need(r, "name", str, w), _nation(_need(r, "nation", str, w), w),
                             cost, 1 << KEYWORD_NAMES.index(kw), tuple(r.get("links", ()))))
    # --- cargo / crew / equipment: equipment rows join the crew table (nation -1)
    for i, r in enumerate(d.get("equipment", [])):
        w = f"equipment[{i}]"
        kw, cost = _keyword_and_cost(r, w)
        cat.crew.append(Crew(_need(r, "name", str, w), -1, cost,
                             1 << KEYWORD_NAMES.index(kw), (), True))
    for i, r in enumerate(d.get("island", [])):
        w = f"island[{i}]"
        rad = r.get("radius")
        if not isinstance(rad, (int, float)) or not 0.5 <= rad <= 1.5:
            raise _bad(f"{w}.radius: {rad!r} outside 0.5..1.5 S")
        myst = bool(r.get("mysterious", False))
        table = tuple(r.get("table", ()))
        if myst and len(table) != 6:
            raise _bad(f"{w}: a mysterious island has a d6 table of 6 results "
                                "[Placing Islands: Mysterious Islands]")
        for fx in table:
            if fx not in MY_NAMES:
                raise _bad(f"{w}.table: {fx!r} is not one of {', '.join(MY_NAMES)} "
                           "[Docking: Mysterious islands]")
        cat.islands.append(Island(_need(r, "name", str, w), float(rad), myst, table))
    for i, r in enumerate(d.get("coin", [])):
        w = f"coin[{i}]"
        v = _need(r, "value", int, w)
        uniq = bool(r.get("unique", False))
        if uniq and v != 0:
            raise _bad(f"{w}: unique treasure is worth 0 gold at the start "
                                "[Placing Treasure: Unique treasure]")
        if not 0 <= v <= 20:
            raise _bad(f"{w}.value: {v} outside 0..20")
        kw = r.get("keyword")
        if kw is not None and (not uniq or kw not in KEYWORD_NAMES):
            raise _bad(f"{w}.keyword: {kw!r}: only unique treasure has an ability, one of "
                       f"{', '.join(KEYWORD_NAMES)} [Unique treasure]")
        cat.coins.append(Coin(_need(r, "name", str, w), v, uniq,
                              1 << KEYWORD_NAMES.index(kw) if kw else 0))
    for i, r in enumerate(d.get("terrain", [])):
        w = f"terrain[{i}]"
        kind = _need(r, "kind", str, w)
        if kind not in TERRAIN_KINDS[1:]:
            raise _bad(f"{w}.kind: {kind!r} is not one of {', '.join(TERRAIN_KINDS[1:])} "
                       "[Terrain]")
        num = r.get("number", 0)
        if kind == "iceberg" and (isinstance(num, bool) or not isinstance(num, int)
                                  or not 1 <= num <= 6):
            raise _bad(f"{w}.number: an iceberg has a gold number 1-6 [Iceberg]")
        cat.terrain.append(Terrain(_need(r, "name", str, w), TERRAIN_KINDS.index(kind),
                                   num if kind == "iceberg" else 0))
    for i, r in enumerate(d.get("fort", [])):
        w = f"fort[{i}]"
        cost = _need(r, "cost", int, w)
        if not 1 <= cost <= 40:
            raise _bad(f"{w}.cost: {cost} outside 1..40 gold [Building Forts]")
        flags = _need(r, "flags", list, w)
        if not 2 <= len(flags) <= 4:
            raise _bad(f"{w}.flags: a fort has 2-4 flags [Forts]")
        ranks, ranges = _masts(flags, w)
        cat.forts.append(Fort(_need(r, "name", str, w), cost, ranks, ranges))
    names = [s.name for s in cat.ships] + [c.name for c in cat.crew]
    for n in names:
        if names.count(n) > 1:
            raise _bad(f"piece name {n!r} appears twice")
    for c in cat.crew:
        for ln in c.links:
            if ln not in names:
                raise _bad(f"crew {c.name}: link to unknown piece {ln!r}")
    return cat


CATALOGUE = load()
