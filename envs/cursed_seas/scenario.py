"""Cursed Seas positions as readable dicts (and TOML files): build one, describe one.

``from_scenario(d, env_cfg)`` starts a game from ``d``'s config and seed, lays the named
islands, ships, coins, crew, reefs, terrain, forts, exploration tokens and lost / tangled
ships over it - all before ``play`` starts the turn, so the turn begins with the table as
described (a ship placed on a reef began her turn there and does not roll for it [Reef]) -
then the raw ``record`` table, and validates the result with ``check_states``. ``to_scenario(rec,
exact)`` describes any position in the same
format (``record`` holds every field the readable keys do not say), so loading it gives
every seat the same observation and mask; ``exact=True`` adds the rng: the same bytes.

Format (every key optional)::

    game = "cursed_seas"   description = "..."   seed = 1
    [config]  num_players = 2  edge = "round" ...      # make_config keywords
    islands = [{x = 3.0, y = 4.0, r = 1.0, home = 0, tokens = [1]}, ...]
                                    # home: seat, -1 wild; tokens: seats that explored it
    ships = [{seat = 0, slot = 0, x = 2.0, y = 2.0, heading = 90.0, masts = [1, 1, 0],
              dock = -1, lost = -1, tangled = -1}, ...]       # heading in degrees;
                                    # lost / tangled: the fog bank / Sargasso Sea (terrain index)
    reefs = [{x = 5.0, y = 5.0}, ...]                         # needs config reefs = 1
    terrain = [{kind = "fog bank", x = 8.0, y = 3.0}, {kind = "iceberg", x = 4.0, y = 8.0,
               number = 3, stuck = 0}, {kind = "trade current", x = 6.0, y = 6.0, owner = 0}]
    forts = [{seat = 0, slot = 0, island = 2, flags = [1, 1, 0]}, ...]  # a built fort
    coins = [{coin = 0, at = "island", where = 2}, ...]       # island / ship / home / gone
    crew = [{crew = 0, at = "island", where = 2, up = 0}, ...]   # ship / island / gone
    order = [1, 0]                                            # seats in turn order
    play = {cur = 0, turn = 1}                                # start a turn: phase play
    [record]   # raw STATE fields laid over the result last
"""

from __future__ import annotations

import math

import numpy as np

from envs.core import schema as S
from envs.core.errors import StateError
from envs.core.scenario import from_dict, to_dict

from . import rules
from .config import KNOWN, make_config
from .state import (
    LOC_GONE, LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_FLEET, MAX_ISLANDS, MAX_MASTS,
    MAX_PLAYERS, PH_PLAY, STATE, CONFIG,
    MAX_FLAGS, MAX_FORTS_P, MAX_REEFS, MAX_TERR, TERRAIN_KINDS,
)
from .turns import pieces_ashore, start_turn

PLACES = {"gone": LOC_GONE, "island": LOC_ISLAND, "ship": LOC_SHIP, "home": LOC_HOME,
          "fort": 4}     # --- forts: inside fort `where` (state.LOC_FORT)
PLACE_NAMES = {v: k for k, v in PLACES.items()}


class _Num(S.Field):
    """A finite number (int or float) within lo..hi."""

    def __init__(self, lo, hi, doc=""):
        self.lo, self.hi, self.doc = lo, hi, doc

    def parse(self, value, path):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
            S.fail(path, f"{value!r} is not a number")
        v = float(value)
        if not math.isfinite(v) or not self.lo <= v <= self.hi:
            S.fail(path, f"{value!r} is outside {self.lo}..{self.hi}")
        return v


SCHEMA = S.Table({
    "game": S.Str(), "description": S.Str(), "seed": S.Int(0, 2**63 - 1),
    "config": S.RawTable("make_config keywords"),
    "islands": S.ListOf(S.Table({
        "x": _Num(0, 30), "y": _Num(0, 30), "r": _Num(0.5, 1.5),
        "home": S.Int(-1, MAX_PLAYERS - 1),
        "piece": S.Int(-1, MAX_ISLANDS - 1),           # config island piece (mysterious)
        "tokens": S.ListOf(S.Int(0, MAX_PLAYERS - 1), max_len=MAX_PLAYERS)},   # [Exploring]
        required=("x", "y", "r")), max_len=MAX_ISLANDS),
    "ships": S.ListOf(S.Table({
        "seat": S.Int(0, MAX_PLAYERS - 1), "slot": S.Int(0, MAX_FLEET - 1),
        "x": _Num(0, 30), "y": _Num(0, 30), "heading": _Num(-180, 180),
        "masts": S.ListOf(S.Int(0, 1), max_len=MAX_MASTS), "dock": S.Int(-1, MAX_ISLANDS - 1),
        "lost": S.Int(-1, MAX_TERR - 1), "tangled": S.Int(-1, MAX_TERR - 1)},
        required=("seat", "slot", "x", "y", "heading"))),
    "reefs": S.ListOf(S.Table({"x": _Num(0, 30), "y": _Num(0, 30)}, required=("x", "y")),
                      max_len=MAX_REEFS),
    "terrain": S.ListOf(S.Table({
        "kind": S.Choice(list(TERRAIN_KINDS)), "x": _Num(0, 30), "y": _Num(0, 30),  # "none": gone
        "number": S.Int(0, 6), "stuck": S.Int(0, 1), "owner": S.Int(-1, MAX_PLAYERS - 1)},
        required=("kind", "x", "y")), max_len=MAX_TERR),
    "forts": S.ListOf(S.Table({
        "seat": S.Int(0, MAX_PLAYERS - 1), "slot": S.Int(0, MAX_FORTS_P - 1),
        "island": S.Int(0, MAX_ISLANDS - 1), "flags": S.ListOf(S.Int(0, 1), max_len=MAX_FLAGS)},
        required=("seat", "slot", "island"))),
    "coins": S.ListOf(S.Table({
        "coin": S.Int(0, MAX_COINS - 1), "at": S.Choice(list(PLACES)),
        "where": S.Int(-1, 30)}, required=("coin", "at"))),
    # --- cargo / crew / equipment: where crew/equipment c is (default: as the fleet says)
    "crew": S.ListOf(S.Table({
        "crew": S.Int(0, MAX_CREW - 1), "at": S.Choice(["ship", "island", "gone"]),
        "where": S.Int(-1, 30), "up": S.Int(0, 1)}, required=("crew", "at"))),
    "order": S.ListOf(S.Int(0, MAX_PLAYERS - 1), min_len=2, max_len=MAX_PLAYERS),
    "play": S.Table({"cur": S.Int(0, MAX_PLAYERS - 1), "turn": S.Int(0, 10**6)}),
    "record": S.RawTable("raw STATE fields laid over the result"),
})


def build(p: dict, env_cfg=None) -> np.ndarray:
    if "config" in p:
        bad = sorted(set(p["config"]) - set(KNOWN))
        if bad:
            raise StateError(f"scenario field 'config.{bad[0]}': unknown key"
                             + S.closest(bad[0], KNOWN))
        cfg = make_config(**p["config"])
    elif isinstance(p.get("record", {}).get("cfg"), dict):
        # the config a described position was set up with (to_scenario writes it whole)
        cfg = from_dict(p["record"]["cfg"], np.zeros(1, CONFIG))
    elif env_cfg is not None:
        cfg = env_cfg
    else:
        cfg = make_config()
    arr = np.zeros(1, STATE)
    rules.init(arr[0], cfg[0], p.get("seed", 0))
    s = arr[0]
    if "islands" in p:
        s["n_islands"] = len(p["islands"])
        for i, isl in enumerate(p["islands"]):
            s["isl_x"][i], s["isl_y"][i], s["isl_r"][i] = isl["x"], isl["y"], isl["r"]
            s["isl_piece"][i] = isl.get("piece", i if i < 3 * int(s["num_players"]) else -1)
            h = isl.get("home", -1)
            s["isl_home"][i] = h
            if h >= 0:
                s["home"][h] = i
            s["isl_token"][i] = sum(1 << q for q in set(isl.get("tokens", [])))
    for sh in p.get("ships", []):
        k = sh["seat"] * MAX_FLEET + sh["slot"]
        s["sh_live"][k] = 1
        s["sh_x"][k], s["sh_y"][k] = sh["x"], sh["y"]
        s["sh_h"][k] = math.radians(sh["heading"])
        if "masts" in sh:
            s["sh_masts"][k] = sum(b << m for m, b in enumerate(sh["masts"]))
        s["sh_dock"][k] = sh.get("dock", -1)
        s["sh_lost"][k] = sh.get("lost", -1)
        s["sh_tangled"][k] = sh.get("tangled", -1)
    if "reefs" in p:
        s["n_reefs"] = len(p["reefs"])
        for r, rf in enumerate(p["reefs"]):
            s["rf_x"][r], s["rf_y"][r] = rf["x"], rf["y"]
    if "terrain" in p:
        s["n_terr"] = len(p["terrain"])
        for t, tr in enumerate(p["terrain"]):
            s["tr_kind"][t] = TERRAIN_KINDS.index(tr["kind"])
            s["tr_x"][t], s["tr_y"][t] = tr["x"], tr["y"]
            s["tr_num"][t] = tr.get("number", 0)
            s["tr_stuck"][t] = tr.get("stuck", 0)
            s["tr_owner"][t] = tr.get("owner", -1)
    for ft in p.get("forts", []):
        f = ft["seat"] * MAX_FORTS_P + ft["slot"]
        nf = int(s["cfg"]["fort_nflag"][ft["seat"], ft["slot"]])
        s["ft_isl"][f] = ft["island"]
        flags = ft.get("flags", [1] * nf)
        s["ft_flags"][f] = sum(b << g for g, b in enumerate(flags))
    for co in p.get("coins", []):
        c = co["coin"]
        s["co_loc"][c] = PLACES[co["at"]]
        s["co_at"][c] = co.get("where", -1)
        if co["at"] == "home":
            s["co_seen"][c] |= 1 << max(0, co.get("where", 0))
    for cr in p.get("crew", []):
        c = cr["crew"]
        s["cr_ship"][c] = cr.get("where", -1) if cr["at"] == "ship" else -1
        s["cr_isl"][c] = cr.get("where", -1) if cr["at"] == "island" else -1
        s["cr_up"][c] = cr.get("up", 0)
    # everything above is on the table before the turn starts (play below)
    if "order" in p:
        s["order"][:] = -1
        s["order"][:len(p["order"])] = p["order"]
    if "play" in p:
        s["cur"] = p["play"].get("cur", 0)
        pieces_ashore(s)            # as play begins, those not laid above (turns.start_play)
        start_turn(s)
        s["turn"] = p["play"].get("turn", 1)
        if s["pend_count"] > 0 and s["phase"] == PH_PLAY:
            s["pend_count"] = 0
    if "record" in p:
        arr = from_dict(p["record"], arr)
    return arr


def from_scenario(d: dict, env_cfg=None) -> np.ndarray:
    """A validated STATE array (1,) from a scenario dict; StateError naming the problem."""
    from .validate import check_states

    if not isinstance(d, dict):
        raise StateError(f"scenario must be a table, got {type(d).__name__}")
    arr = build(SCHEMA.parse(d), env_cfg)
    problems = check_states(arr)[0]
    if problems:
        raise StateError("cursed_seas scenario describes no valid position", problems)
    return arr


def readable(rec) -> dict:
    s = rec[0] if isinstance(rec, np.ndarray) and rec.shape == (1,) else rec
    out = {"game": "cursed_seas"}
    out["islands"] = [{"x": float(s["isl_x"][i]), "y": float(s["isl_y"][i]),
                       "r": float(s["isl_r"][i]), "home": int(s["isl_home"][i]),
                      "tokens": [q for q in range(MAX_PLAYERS) if (int(s["isl_token"][i]) >> q) & 1]}
                      for i in range(int(s["n_islands"]))]
    ships = []
    for k in range(s["sh_live"].shape[0]):
        if s["sh_live"][k]:
            p, j = divmod(k, MAX_FLEET)
            nm = int(s["cfg"]["ship_nmast"][p, j])
            ships.append({"seat": p, "slot": j, "x": float(s["sh_x"][k]), "y": float(s["sh_y"][k]),
                          "heading": math.degrees(float(s["sh_h"][k])),
                          "masts": [(int(s["sh_masts"][k]) >> m) & 1 for m in range(nm)],
                          "dock": int(s["sh_dock"][k]), "lost": int(s["sh_lost"][k]),
                          "tangled": int(s["sh_tangled"][k])})
    out["ships"] = ships
    out["reefs"] = [{"x": float(s["rf_x"][r]), "y": float(s["rf_y"][r])}
                    for r in range(int(s["n_reefs"]))]
    out["terrain"] = [{"kind": TERRAIN_KINDS[int(s["tr_kind"][t])], "x": float(s["tr_x"][t]),
                       "y": float(s["tr_y"][t]), "number": int(s["tr_num"][t]),
                       "stuck": int(s["tr_stuck"][t]), "owner": int(s["tr_owner"][t])}
                      for t in range(int(s["n_terr"]))]
    forts = []
    for f in range(s["ft_isl"].shape[0]):
        if s["ft_isl"][f] >= 0:
            q, j = divmod(f, MAX_FORTS_P)
            nf = int(s["cfg"]["fort_nflag"][q, j])
            forts.append({"seat": q, "slot": j, "island": int(s["ft_isl"][f]),
                          "flags": [(int(s["ft_flags"][f]) >> g) & 1 for g in range(nf)]})
    out["forts"] = forts
    return out


def to_scenario(rec, exact: bool = False) -> dict:
    """Describe a position in the from_scenario format (see the module docstring)."""
    out = readable(rec)
    s = rec[0] if isinstance(rec, np.ndarray) and rec.shape == (1,) else rec
    out["record"] = {"cfg": to_dict(s["cfg"])}
    built = build(SCHEMA.parse(out))
    rest = to_dict(s, built)
    if not exact:
        rest.pop("rng", None)
    rest["cfg"] = out["record"]["cfg"]
    out["record"] = rest
    return out
