"""Seas of Havoc card pool: ``cards.toml`` -> validated numpy tables the kernels import.

Implements the data side of the rulebook's Box Contents (component counts), Player Setup
(ship decks, upgrades, captains, recommended decks), Card Anatomy (cost, maneuver, type,
infamy, extended maneuver, cannon fire, flag action), Maneuvering (split arrows), Cannon Fire
(multiple options, "each"), Salvaging Shipwrecks (wreck values) and The Ghost Fleet (ghost
cards). The file format is documented at the top of ``cards.toml`` [ruling: Card file format];
design choices are in ``docs/rulings.md`` (Card pool): the pool is ours [ruling: Our own
design] and follows the box's counts [ruling: Component counts].

:func:`load_pool` builds every table from any file (tests load broken ones); the module-level
names below come from the default file and are imported by the kernels as constants.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from envs.core import cards as cc
from envs.core.errors import CardDataError
from envs.havoc import state as S

DEFAULT_PATH = Path(__file__).with_name("cards.toml")

KIND_NAMES = ("starter", "ability", "market", "damage")            # KIND_* order
TYPE_NAMES = ("sailing", "firing", "pivot", "sailing_firing", "ability", "damage")  # TYPE_*
FIRE_NAMES = ("none", "start", "end", "ext", "each")                # FIRE_*
EXT_COST_NAMES = ("none", "sail", "free")                          # EXT_*
FLAG_KEYS = ("none", "purser", "breaker", "lookout", "swift")      # FLAG_NONE, FLAG_*
COST_KEYS = ("sail", "cannon", "coin", "any")                      # SAIL, CANNON, COIN, ANY
#: ghost placement targets, in SLOT_* order, then the Market
GHOST_SLOT_KEYS = ("bank", "blacksmith", "blacksmith_4p", "sail_maker", "shipyard", "capitol",
                   "trading_post", "workshop", "deep_cove", "purser_flag", "breaker_flag",
                   "lookout_flag", "swift_flag", "market")
#: ghosts make no choices, so an effect that asks for one (pivot) is not a ghost ability
GHOST_EFFECTS = tuple(n for n in S.EFFECT_NAMES if n not in ("none", "pivot"))
STEP_CODES = {"F": S.STEP_FORWARD, "L": S.STEP_LEFT, "R": S.STEP_RIGHT}
MAX_GHOST_SAILS = 9      # a ghost ship holds at most 9 sails [Ghost Fleet Concepts]
MAX_RANGE = 5

_PATHS = cc.StrList(1, S.MAX_ALTS, alphabet="FLR", max_len=S.MAX_STEPS, default=[])

CARD_SCHEMA = {
    "name": cc.Str(40),
    "kind": cc.Enum(KIND_NAMES),
    "copies": cc.Int(1, 4, default=1),
    "cost": cc.IntTable(COST_KEYS, 0, 4, total=(0, 4), default=[0, 0, 0, 0]),
    "type": cc.Enum(TYPE_NAMES),
    "infamy": cc.Int(-3, 3, default=0),
    "move": _PATHS,
    "ext": _PATHS,
    "ext_cost": cc.Enum(EXT_COST_NAMES, default=S.EXT_NONE),
    "fire_at": cc.Enum(FIRE_NAMES, default=S.FIRE_NONE),
    "cannons": cc.IntRows(((1, MAX_RANGE), (0, 3), (1, 3)), 0, S.MAX_CANNON_OPTS, default=[]),
    "effect": cc.Str(20, default="none"),
    "effect_arg": cc.Int(0, 3, default=0),
    "flag": cc.Enum(FLAG_KEYS, base=-1, default=S.FLAG_NONE),
    "text": cc.Str(80),
}
UPGRADE_SCHEMA = {
    "name": cc.Str(40),
    "cost": cc.IntTable(COST_KEYS, 0, 4, total=(1, 6)),
    "infamy": cc.Int(0, 5),
    "effect": cc.Str(20),
    "arg": cc.Int(1, 3),
    "text": cc.Str(80),
}
SHIP_SCHEMA = {
    "name": cc.Str(40),
    "deck": cc.StrList(6, 6, unique=False, max_len=40),
    "upgrades": cc.StrList(2, 2, max_len=40),
    "text": cc.Str(80),
}
CAPTAIN_SCHEMA = {
    "name": cc.Str(40),
    "abilities": cc.StrList(2, 2, max_len=40),
    "text": cc.Str(80),
}
RECOMMENDED_SCHEMA = {"ship": cc.Str(40), "captain": cc.Str(40)}
GHOST_SCHEMA = {
    "name": cc.Str(40),
    "slot": cc.Enum(GHOST_SLOT_KEYS),
    "moves": cc.TableList({"min_sails": cc.Int(0, MAX_GHOST_SAILS),
                           "path": cc.Str(S.MAX_STEPS)}, 1, 3),
    "abilities": cc.TableList({"ship": cc.Str(40), "effect": cc.Str(20),
                               "arg": cc.Int(1, 3)}, 0, S.NUM_SHIP_DEFS, default=[]),
    "flag": cc.Enum(FLAG_KEYS, base=-1, default=S.FLAG_NONE),
    "text": cc.Str(80),
}
WRECK_SCHEMA = {"values": cc.IntList(S.NUM_WRECKS, S.NUM_WRECKS, 1, 9)}


def _steps(path: str) -> list[int]:
    return [STEP_CODES[ch] for ch in path]


def _check_card(c: dict, file, def_id: int) -> None:
    """Cross-field rules of one card def [Card Anatomy; Maneuvering; Cannon Fire]."""
    name = c["name"]

    def bad(field, problem):
        raise CardDataError(file, name, field, problem)

    kind, typ = c["kind"], c["type"]
    eff = c["effect_id"] = cc.opcode(c["effect"], S.EFFECT_NAMES, file, name, "effect")
    if (def_id == 0) != (kind == S.KIND_DAMAGE):
        bad("kind", "the first card must be the Damage card and the only one of kind damage")
    if (kind == S.KIND_DAMAGE) != (typ == S.TYPE_DAMAGE):
        bad("type", "type damage goes with kind damage and only with it")
    if (kind == S.KIND_ABILITY) != (typ == S.TYPE_ABILITY):
        bad("type", "type ability goes with kind ability and only with it")
    if kind != S.KIND_MARKET and c["copies"] != 1:
        bad("copies", "only market cards have copies")
    if kind == S.KIND_DAMAGE:
        if any(c[f] for f in ("move", "ext", "cannons")) or eff != S.EFF_NONE \
                or c["flag"] != S.FLAG_NONE or sum(c["cost"]):
            bad("kind", "a Damage card has no cost, maneuver, cannons, effect or flag")
        return
    move, ext, cannons, fire = c["move"], c["ext"], c["cannons"], c["fire_at"]
    if typ == S.TYPE_PIVOT and (not move or any(set(p) - {"L", "R"} for p in move)):
        bad("move", "a pivot card's move pivots in place (only L and R)")
    if typ in (S.TYPE_SAILING, S.TYPE_SAILING_FIRING) and not any("F" in p for p in move):
        bad("move", "a sailing card must sail forward at least once")
    if typ in (S.TYPE_FIRING, S.TYPE_SAILING_FIRING) and not cannons:
        bad("cannons", "a firing card needs at least one cannon option")
    if typ == S.TYPE_FIRING and move:
        bad("move", "a firing card does not move (use type sailing_firing)")
    if typ == S.TYPE_SAILING and cannons:
        bad("cannons", "a sailing card does not fire (use type sailing_firing)")
    if bool(cannons) != (fire != S.FIRE_NONE):
        bad("fire_at", "fire_at must be set exactly when the card has cannons")
    if fire in (S.FIRE_END, S.FIRE_EXT, S.FIRE_EACH) and not move:
        bad("fire_at", "firing after a maneuver needs a move")
    if fire in (S.FIRE_EXT, S.FIRE_EACH) and not ext:
        bad("fire_at", "firing after the extended maneuver needs an ext")
    if ext and not move:
        bad("ext", "an extended maneuver extends a move")
    if bool(ext) != (c["ext_cost"] != S.EXT_NONE):
        bad("ext_cost", "ext_cost ('sail' or 'free') is required with ext, and only with it")
    if (eff != S.EFF_NONE) != (c["effect_arg"] > 0):
        bad("effect_arg", "effect_arg must be 1-3 with an effect and 0 without")
    if kind == S.KIND_ABILITY and eff == S.EFF_NONE:
        bad("effect", "an ability card needs an effect")


def _count(items, expected, file, section):
    if len(items) != expected:
        raise CardDataError(file, cc.FILE_LEVEL, section,
                            f"{len(items)} entries, the game needs exactly {expected}")


def load_pool(path=DEFAULT_PATH) -> dict:
    """Load and validate a pool file; return every table under its module-level name."""
    file = Path(path)
    data = cc.load_toml(file)
    known = {"card", "upgrade", "ship", "captain", "recommended", "shipwrecks", "ghost"}
    for key in data:
        if key not in known:
            raise CardDataError(file, cc.FILE_LEVEL, key,
                                f"unknown section; known: {', '.join(sorted(known))}")

    cards = cc.validate_section(cc.section(data, "card", file, 1, S.NDEFS), CARD_SCHEMA,
                                file, "card")
    for i, c in enumerate(cards):
        _check_card(c, file, i)
    card_ix = cc.name_index(cards)
    n = S.NDEFS

    kind = cc.table([c["kind"] for c in cards], (n,), np.int8)
    typ = cc.table([c["type"] for c in cards], (n,), np.int8)
    cost = cc.table([c["cost"] for c in cards], (n, 4), np.int16)
    infamy = cc.table([c["infamy"] for c in cards], (n,), np.int16)
    move = cc.table([[_steps(p) for p in c["move"]] for c in cards],
                    (n, S.MAX_ALTS, S.MAX_STEPS), np.int8)
    move_alts = cc.table([len(c["move"]) for c in cards], (n,), np.int8)
    ext = cc.table([[_steps(p) for p in c["ext"]] for c in cards],
                   (n, S.MAX_ALTS, S.MAX_STEPS), np.int8)
    ext_alts = cc.table([len(c["ext"]) for c in cards], (n,), np.int8)
    ext_cost = cc.table([c["ext_cost"] for c in cards], (n,), np.int8)
    fire_at = cc.table([c["fire_at"] for c in cards], (n,), np.int8)
    cannon = cc.table([c["cannons"] for c in cards], (n, S.MAX_CANNON_OPTS, 3), np.int8)
    cannon_n = cc.table([len(c["cannons"]) for c in cards], (n,), np.int8)
    effect = cc.table([c["effect_id"] for c in cards], (n,), np.int8)
    effect_arg = cc.table([c["effect_arg"] for c in cards], (n,), np.int8)
    flag = cc.table([c["flag"] for c in cards], (n,), np.int8, fill=S.FLAG_NONE)

    market = []
    for i, c in enumerate(cards):
        if c["kind"] == S.KIND_MARKET:
            market += [i] * c["copies"]
    if len(market) != S.MARKET_DECK:
        raise CardDataError(file, cc.FILE_LEVEL, "copies",
                            f"market copies total {len(market)}, the game needs {S.MARKET_DECK}")

    # --- upgrades, ships, captains [Player Setup; Card Anatomy: Upgrade Cards] -------------
    upgrades = cc.validate_section(cc.section(data, "upgrade", file), UPGRADE_SCHEMA,
                                   file, "upgrade")
    _count(upgrades, S.NUM_UPGRADE_DEFS, file, "upgrade")
    upg_effect = [cc.opcode(u["effect"], S.UPGRADE_EFFECT_NAMES, file, u["name"], "effect")
                  for u in upgrades]
    upg_ix = cc.name_index(upgrades)

    ships = cc.validate_section(cc.section(data, "ship", file), SHIP_SCHEMA, file, "ship")
    _count(ships, S.NUM_SHIP_DEFS, file, "ship")
    ship_ix = cc.name_index(ships)
    ship_deck, ship_upg, upg_owner = [], [], {}
    for s in ships:
        deck = cc.resolve(s["deck"], card_ix, file, s["name"], "deck")
        for d in deck:
            if cards[d]["kind"] != S.KIND_STARTER:
                raise CardDataError(file, s["name"], "deck",
                                    f"{cards[d]['name']!r} is not a starter card")
        ups = cc.resolve(s["upgrades"], upg_ix, file, s["name"], "upgrades")
        for u in ups:
            if u in upg_owner:
                raise CardDataError(file, s["name"], "upgrades",
                                    f"{upgrades[u]['name']!r} already belongs to {upg_owner[u]!r}")
            upg_owner[u] = s["name"]
        ship_deck.append(deck)
        ship_upg.append(ups)
    for u, up in enumerate(upgrades):
        if u not in upg_owner:
            raise CardDataError(file, up["name"], "name", "upgrade belongs to no ship")

    captains = cc.validate_section(cc.section(data, "captain", file), CAPTAIN_SCHEMA,
                                   file, "captain")
    _count(captains, S.NUM_CAPTAINS, file, "captain")
    cap_ix = cc.name_index(captains)
    cap_ab, ab_owner = [], {}
    for cap in captains:
        abil = cc.resolve(cap["abilities"], card_ix, file, cap["name"], "abilities")
        for a in abil:
            if cards[a]["kind"] != S.KIND_ABILITY:
                raise CardDataError(file, cap["name"], "abilities",
                                    f"{cards[a]['name']!r} is not an ability card")
            if a in ab_owner:
                raise CardDataError(file, cap["name"], "abilities",
                                    f"{cards[a]['name']!r} already belongs to {ab_owner[a]!r}")
            ab_owner[a] = cap["name"]
        cap_ab.append(abil)
    for i, c in enumerate(cards):
        if c["kind"] == S.KIND_ABILITY and i not in ab_owner:
            raise CardDataError(file, c["name"], "kind", "ability card belongs to no captain")
        if c["kind"] == S.KIND_STARTER and not any(i in d for d in ship_deck):
            raise CardDataError(file, c["name"], "kind", "starter card is in no ship deck")

    recommended = []
    for i, r in enumerate(cc.section(data, "recommended", file, 1, S.NUM_SHIP_DEFS)):
        label = f"recommended[{i}]"
        r = cc.validate(r, RECOMMENDED_SCHEMA, file, label)
        recommended.append((cc.resolve([r["ship"]], ship_ix, file, label, "ship")[0],
                            cc.resolve([r["captain"]], cap_ix, file, label, "captain")[0]))

    # --- shipwrecks [Board Setup B; Salvaging Shipwrecks: Booty] ---------------------------
    wrecks = data.get("shipwrecks")
    if not isinstance(wrecks, dict):
        raise CardDataError(file, cc.FILE_LEVEL, "shipwrecks", "missing [shipwrecks] table")
    vals = cc.validate(wrecks, WRECK_SCHEMA, file, "shipwrecks")
    wreck_value = cc.table(vals["values"], (S.NUM_WRECKS,), np.int8)

    # --- ghost cards [The Ghost Fleet] ---------------------------------------------------
    ghosts = cc.validate_section(cc.section(data, "ghost", file), GHOST_SCHEMA, file, "ghost")
    _count(ghosts, S.NUM_GHOST_CARDS, file, "ghost")
    g_slot, g_move, g_min, g_ab, g_arg = [], [], [], [], []
    for g in ghosts:
        name = g["name"]
        mins = [m["min_sails"] for m in g["moves"]]
        if mins[0] != 0 or any(b <= a for a, b in zip(mins, mins[1:])):
            raise CardDataError(file, name, "moves",
                                f"min_sails {mins}: must start at 0 and increase")
        paths = []
        for j, m in enumerate(g["moves"]):
            bad = set(m["path"]) - set(STEP_CODES)
            if bad:
                raise CardDataError(file, name, f"moves[{j}].path",
                                    f"{m['path']!r}: only F, L and R allowed")
            paths.append(_steps(m["path"]))
        row_ab = [-1] * S.NUM_SHIP_DEFS
        row_arg = [0] * S.NUM_SHIP_DEFS
        for j, a in enumerate(g["abilities"]):
            sh = cc.resolve([a["ship"]], ship_ix, file, name, f"abilities[{j}].ship")[0]
            if row_ab[sh] != -1:
                raise CardDataError(file, name, f"abilities[{j}].ship",
                                    f"two abilities for {a['ship']!r}")
            if a["effect"] not in GHOST_EFFECTS:
                raise CardDataError(file, name, f"abilities[{j}].effect",
                                    f"{a['effect']!r} is not a ghost effect; "
                                    f"known: {', '.join(GHOST_EFFECTS)}")
            row_ab[sh] = cc.opcode(a["effect"], S.EFFECT_NAMES, file, name,
                                   f"abilities[{j}].effect")
            row_arg[sh] = a["arg"]
        g_slot.append(g["slot"] if g["slot"] < S.NUM_SLOTS else S.GHOST_SLOT_MARKET)
        g_move.append(paths)
        g_min.append(mins)
        g_ab.append(row_ab)
        g_arg.append(row_arg)

    return {
        "NUM_CARD_DEFS": len(cards),
        "CARD_NAMES": tuple(c["name"] for c in cards),
        "CARD_TEXT": tuple(c["text"] for c in cards),
        "CARD_KIND": kind, "CARD_TYPE": typ, "CARD_COST": cost, "CARD_INFAMY": infamy,
        "CARD_MOVE": move, "CARD_MOVE_ALTS": move_alts,
        "CARD_EXT": ext, "CARD_EXT_ALTS": ext_alts, "CARD_EXT_COST": ext_cost,
        "CARD_FIRE_AT": fire_at, "CARD_CANNON": cannon, "CARD_CANNON_N": cannon_n,
        "CARD_EFFECT": effect, "CARD_EFFECT_ARG": effect_arg, "CARD_FLAG": flag,
        "SHIP_NAMES": tuple(s["name"] for s in ships),
        "SHIP_TEXT": tuple(s["text"] for s in ships),
        "SHIP_DECK": cc.table(ship_deck, (S.NUM_SHIP_DEFS, 6), np.int8),
        "SHIP_UPGRADES": cc.table(ship_upg, (S.NUM_SHIP_DEFS, 2), np.int8),
        "UPGRADE_NAMES": tuple(u["name"] for u in upgrades),
        "UPGRADE_TEXT": tuple(u["text"] for u in upgrades),
        "UPGRADE_COST": cc.table([u["cost"] for u in upgrades], (S.NUM_UPGRADE_DEFS, 4), np.int16),
        "UPGRADE_INFAMY": cc.table([u["infamy"] for u in upgrades], (S.NUM_UPGRADE_DEFS,), np.int16),
        "UPGRADE_EFFECT": cc.table(upg_effect, (S.NUM_UPGRADE_DEFS,), np.int8),
        "UPGRADE_ARG": cc.table([u["arg"] for u in upgrades], (S.NUM_UPGRADE_DEFS,), np.int8),
        "CAPTAIN_NAMES": tuple(c["name"] for c in captains),
        "CAPTAIN_TEXT": tuple(c["text"] for c in captains),
        "CAPTAIN_ABILITIES": cc.table(cap_ab, (S.NUM_CAPTAINS, 2), np.int8),
        "MARKET_POOL": cc.table(market, (S.MARKET_DECK,), np.int8),
        "WRECK_VALUE": wreck_value,
        "GHOST_NAMES": tuple(g["name"] for g in ghosts),
        "GHOST_TEXT": tuple(g["text"] for g in ghosts),
        "GHOST_SLOT": cc.table(g_slot, (S.NUM_GHOST_CARDS,), np.int8),
        "GHOST_MOVE": cc.table(g_move, (S.NUM_GHOST_CARDS, 3, S.MAX_STEPS), np.int8),
        "GHOST_MOVE_MIN_SAILS": cc.table(g_min, (S.NUM_GHOST_CARDS, 3), np.int8, fill=-1),
        "GHOST_ABILITY": cc.table(g_ab, (S.NUM_GHOST_CARDS, S.NUM_SHIP_DEFS), np.int8),
        "GHOST_ABILITY_ARG": cc.table(g_arg, (S.NUM_GHOST_CARDS, S.NUM_SHIP_DEFS), np.int8),
        "GHOST_FLAG": cc.table([g["flag"] for g in ghosts], (S.NUM_GHOST_CARDS,), np.int8),
        "RECOMMENDED": tuple(recommended),
    }


def _lookup(kind: str, names: tuple, name: str) -> int:
    if name not in names:
        raise cc.unknown_name(kind, name, names)
    return names.index(name)


def card_id(name: str) -> int:
    """Def id of a card by name (UnknownNameError, a ConfigError and KeyError, if unknown)."""
    return _lookup("card", CARD_NAMES, name)


def ship_id(name: str) -> int:
    """Ship def id by name."""
    return _lookup("ship", SHIP_NAMES, name)


def captain_id(name: str) -> int:
    """Captain id by name."""
    return _lookup("captain", CAPTAIN_NAMES, name)


def upgrade_id(name: str) -> int:
    """Upgrade def id by name."""
    return _lookup("upgrade", UPGRADE_NAMES, name)


# --- the default pool, as constants for the kernels ----------------------------------------
_P = load_pool(DEFAULT_PATH)
DAMAGE_DEF = 0
NUM_CARD_DEFS = _P["NUM_CARD_DEFS"]
CARD_NAMES = _P["CARD_NAMES"]
CARD_TEXT = _P["CARD_TEXT"]
CARD_KIND = _P["CARD_KIND"]
CARD_TYPE = _P["CARD_TYPE"]
CARD_COST = _P["CARD_COST"]
CARD_INFAMY = _P["CARD_INFAMY"]
CARD_MOVE = _P["CARD_MOVE"]
CARD_MOVE_ALTS = _P["CARD_MOVE_ALTS"]
CARD_EXT = _P["CARD_EXT"]
CARD_EXT_ALTS = _P["CARD_EXT_ALTS"]
CARD_EXT_COST = _P["CARD_EXT_COST"]
CARD_FIRE_AT = _P["CARD_FIRE_AT"]
CARD_CANNON = _P["CARD_CANNON"]
CARD_CANNON_N = _P["CARD_CANNON_N"]
CARD_EFFECT = _P["CARD_EFFECT"]
CARD_EFFECT_ARG = _P["CARD_EFFECT_ARG"]
CARD_FLAG = _P["CARD_FLAG"]
SHIP_NAMES = _P["SHIP_NAMES"]
SHIP_TEXT = _P["SHIP_TEXT"]
SHIP_DECK = _P["SHIP_DECK"]
SHIP_UPGRADES = _P["SHIP_UPGRADES"]
UPGRADE_NAMES = _P["UPGRADE_NAMES"]
UPGRADE_TEXT = _P["UPGRADE_TEXT"]
UPGRADE_COST = _P["UPGRADE_COST"]
UPGRADE_INFAMY = _P["UPGRADE_INFAMY"]
UPGRADE_EFFECT = _P["UPGRADE_EFFECT"]
UPGRADE_ARG = _P["UPGRADE_ARG"]
CAPTAIN_NAMES = _P["CAPTAIN_NAMES"]
CAPTAIN_TEXT = _P["CAPTAIN_TEXT"]
CAPTAIN_ABILITIES = _P["CAPTAIN_ABILITIES"]
MARKET_POOL = _P["MARKET_POOL"]
WRECK_VALUE = _P["WRECK_VALUE"]
GHOST_NAMES = _P["GHOST_NAMES"]
GHOST_TEXT = _P["GHOST_TEXT"]
GHOST_SLOT = _P["GHOST_SLOT"]
GHOST_MOVE = _P["GHOST_MOVE"]
GHOST_MOVE_MIN_SAILS = _P["GHOST_MOVE_MIN_SAILS"]
GHOST_ABILITY = _P["GHOST_ABILITY"]
GHOST_ABILITY_ARG = _P["GHOST_ABILITY_ARG"]
GHOST_FLAG = _P["GHOST_FLAG"]
RECOMMENDED = _P["RECOMMENDED"]
del _P
