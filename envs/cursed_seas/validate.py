"""Cursed Seas check_states: the validator of records from outside (envs/core/validate.py).

Stages: the common header; the config copied into the record (fleet statistics, table,
options), and that config rebuilt by make_config from the pieces it names (every statistic
the catalogue's, every fleet legal); index ranges and finite positions; the position's invariants - treasure and crew
conservation [Placing Treasure; Placing Crew and equipment], masts within 0..built
[Shooting; Repairing], cargo limits [Exploring], no ship overlapping an island or a ship and
every ship on the table [Moving], a well-formed pending decision; then a legal action for a
live seat. Every message names the field and the rule.
"""

from __future__ import annotations

import functools

import numpy as np

from envs.core import validate as V
from envs.core.errors import ConfigError

from . import config

from . import pieces
from .state import (
    DEFAULT_MAX_STEPS, LOC_GONE, LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_COINS_P,
    MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_ISLANDS, MAX_MASTS, MAX_PLAYERS, MAX_SHIPS, NUM_PK,
    PH_PLAY, PK_BOARD, PK_BOARD_COIN, PK_BOARD_CREW, PK_BOARD_WIN, PK_DEPLOY, PK_EXPLORE,
    PK_HOME, PK_MAST, PK_NONE, PK_PLACE, PK_REEF, PK_REPAIR, PK_SEGMENT, PK_TARGET, PK_TERRAIN,
    PK_TURN, REEF_R, SHIP_R,
    MAX_TERR, PK_ICE_MAST, PK_PLACE_TERR, PK_UNTANGLE, PK_WHIRL, PK_WHIRL_LOSS, TERR_R,
    TERRAIN_KINDS, TR_FOG, TR_ICE, TR_NONE, TR_SARGASSO, TR_TRADE, TR_WHIRL,
    LOC_FORT, MAX_FLAGS, MAX_FORTS, MAX_FORTS_P, PK_BUILD, PK_FLAG, PK_FORT_MAST,
    PK_FORT_TARGET, PK_PAY,
)
from .state import KW_NAVIGATOR, KW_SHIPWRIGHT, LINK_SHIP, PK_CAPT, PK_LOAD, PK_NAV, PK_TOW
from .state import ACT_SHOOT, PK_FORT_GUN, PK_GUN
from .state import CONFIG, STATE
from .state import (
    NUM_KW, PK_MYST_CREW, PK_MYST_DOWN, PK_MYST_UP, PK_PIECE_TO, PK_REVEAL, PK_SEA_SWAP,
    PK_SEA_WITH, SC_TRIED,
)
from . import batch
from .state import MIN_PLAYERS, NUM_ACTIONS

N_SHIP_DEFS = len(pieces.CATALOGUE.ships)
N_CREW_DEFS = len(pieces.CATALOGUE.crew)


def _config(states, r):
    c = "cfg."
    V.in_range(r, states, c + "build_total", 10, 200, "Fleets: build total")
    V.in_range(r, states, c + "edge", 0, 2, "wall, flat or round earth [Setup]")
    V.in_range(r, states, c + "reefs", 0, 1, "reefs per player [Placing Terrain]")
    for f in ("order_rule", "home_rule", "end_rule", "board_tie", "island_spacing"):
        V.in_range(r, states, c + f, 0, 1, "a rule option")
    V.in_range(r, states, c + "tiebreak", 0, 4, "tie-breaker codes [Winning the Game]")
    cfg = states["cfg"]
    for f in ("table_w", "table_h"):
        v = cfg[f]
        r.flag(~np.isfinite(v) | (v < 8.0) | (v > 30.0), f"cfg.{f}: table side outside 8..30 S")
    n = states["num_players"].astype(np.int64)
    isl = np.arange(MAX_ISLANDS)[None, :] < 3 * n[:, None]
    ir = cfg["island_r"]
    r.flag((~np.isfinite(ir) | (isl & ((ir < 0.5) | (ir > 1.5))) | (~isl & (ir != 0))).any(1),
           "cfg.island_r: an island piece's radius is 0.5..1.5 S, three per player")
    V.in_range(r, states, c + "island_myst", 0, 1, "a flag")
    seat = np.arange(MAX_PLAYERS)[None, :, None] < n[:, None, None]
    sdef = cfg["ship_def"]
    V.in_range(r, states, c + "ship_def", -1, N_SHIP_DEFS - 1, "a ship of pieces.toml")
    r.flag(((sdef >= 0) & ~seat[:, :, 0:1].repeat(MAX_FLEET, 2)).any((1, 2)),
           "cfg.ship_def: a ship for a seat outside the game")
    live = sdef >= 0
    V.in_range(r, states, c + "ship_nmast", 1, MAX_MASTS, "1-5 masts [Shooting]", where=live)
    V.in_range(r, states, c + "ship_nseg", 1, 3, "1-3 move segments [Moving]", where=live)
    V.in_range(r, states, c + "ship_seg", 0, 1, "S or L [Moving]")
    V.in_range(r, states, c + "ship_rank", 0, 6, "cannon rank [Shooting]")
    V.in_range(r, states, c + "ship_range", 0, 1, "S or L [Shooting]")
    V.in_range(r, states, c + "ship_cargo", 0, 12, "cargo spaces")
    V.in_range(r, states, c + "ship_cost", 0, 40, "point cost [Fleets]")
    V.in_range(r, states, c + "ship_nation", 0, len(pieces.NATIONS) - 1, "a nation")
    V.in_range(r, states, c + "crew_def", -1, N_CREW_DEFS - 1, "a crew of pieces.toml")
    V.in_range(r, states, c + "crew_nation", -1, len(pieces.NATIONS) - 1,
               "a nation (-1: equipment)")
    V.in_range(r, states, c + "crew_cost", 0, 20, "point cost")
    V.in_range(r, states, c + "crew_kw", 0, (1 << NUM_KW) - 1, "keyword bits")
    V.in_range(r, states, c + "crew_eq", 0, 1, "a flag: equipment")
    V.in_range(r, states, c + "crew_link", 0, (1 << (LINK_SHIP + 1)) - 1,
               "link bits [Linked crew and ships]")
    V.in_range(r, states, c + "myst_mode", 0, 1, "plain or effects [Mysterious Islands]")
    V.in_range(r, states, c + "coin_kw", 0, (1 << NUM_KW) - 1, "keyword bits [Unique treasure]")
    V.in_range(r, states, c + "island_fx", 0, 5, "a mysterious-island effect")
    V.in_range(r, states, c + "crew_slot", -1, MAX_FLEET - 1, "a fleet slot")
    V.in_range(r, states, c + "coin_val", -1, 20, "a coin's gold, -1 none [Placing Treasure]")
    V.in_range(r, states, c + "coin_unique", 0, 1, "a flag")
    # --- forts / terrain / creatures ---
    V.in_range(r, states, c + "terr_kind", 0, len(TERRAIN_KINDS) - 1, "a terrain kind [Terrain]")
    V.in_range(r, states, c + "terr_num", 0, 6, "an iceberg's gold number [Iceberg]")
    V.in_range(r, states, c + "ship_creature", 0, 1, "a flag [Sea Creatures]")
    V.in_range(r, states, c + "fort_def", -1, len(pieces.CATALOGUE.forts) - 1,
               "a fort of pieces.toml [Forts]")
    V.in_range(r, states, c + "fort_cost", 0, 40, "a fort's gold cost [Building Forts]")
    V.in_range(r, states, c + "fort_nflag", 0, MAX_FLAGS, "a fort's flags [Forts]")
    V.in_range(r, states, c + "fort_rank", 0, 6, "cannon rank [Forts: Shooting]")
    V.in_range(r, states, c + "fort_range", 0, 1, "S or L [Forts: Shooting]")


def _config2(states, r):
    cfg = states["cfg"]
    n = states["num_players"].astype(np.int64)
    for i in range(states.shape[0]):
        bad = []
        for p in range(MAX_PLAYERS):
            for j in range(MAX_CREW_P):
                if cfg["crew_def"][i, p, j] >= 0:
                    sl = cfg["crew_slot"][i, p, j]
                    # -1: it starts on the home island [Placing Crew and equipment]
                    if p >= n[i] or (sl >= 0 and cfg["ship_def"][i, p, sl] < 0):
                        bad.append(f"cfg.crew_slot[{p}, {j}]: crew assigned to no ship of seat {p}")
            for j in range(MAX_FLEET):
                if cfg["ship_def"][i, p, j] >= 0:
                    nm = cfg["ship_nmast"][i, p, j]
                    if (cfg["ship_rank"][i, p, j, :nm] < 2).any():
                        bad.append(f"cfg.ship_rank[{p}, {j}]: a mast's rank is 2..6 [Shooting]")
            if p < n[i] and (cfg["ship_def"][i, p] < 0).all():
                bad.append(f"cfg.ship_def[{p}]: every fleet has a ship [Fleets]")
        for b in bad[:3]:
            r.flag(np.arange(states.shape[0]) == i, b)


#: the rule each config field keeps when it is not what make_config builds from the catalogue
#: (a field not listed is an option: it is compared too, and only differs if make_config would
#: store the option differently)
_CFG_RULES = {
    "ship_def": "Fleets: ships fill a fleet's slots in order",
    "ship_nation": "Fleets: a ship's nation is her card's",
    "ship_cost": "Fleets: a ship's cost is her card's",
    "ship_cargo": "Placing Crew and equipment: a ship's cargo is her card's, +1 for each link",
    "ship_nseg": "Moving: a ship's base move is her card's",
    "ship_seg": "Moving: a ship's base move is her card's",
    "ship_nmast": "Shooting: a ship's masts are her card's",
    "ship_rank": "Shooting: a mast's cannon is her card's",
    "ship_range": "Shooting: a mast's cannon is her card's",
    "ship_creature": "Sea Creatures: a sea creature is one by her card",
    "crew_def": "Placing Crew and equipment: crew are listed ship by ship, crew before equipment",
    "crew_slot": "Placing Crew and equipment: crew are listed ship by ship, crew before "
                 "equipment, then those on the home island",
    "crew_nation": "Placing Crew and equipment: a crew's nation is its card's",
    "crew_cost": "Placing Crew and equipment: a crew's cost is its card's",
    "crew_kw": "Placing Crew and equipment: a crew's keyword is its card's",
    "crew_eq": "Placing Crew and equipment: equipment is equipment by its card",
    "crew_link": "Placing Crew and equipment: Linked crew and ships",
    "island_r": "Placing Islands: an island piece's radius is its card's",
    "island_myst": "Placing Islands: Mysterious Islands",
    "island_fx": "Placing Islands: a mysterious island's d6 table is its card's",
    "coin_val": "Placing Treasure: every player contributes the same coins",
    "coin_unique": "Placing Treasure: Unique treasure",
    "coin_kw": "Placing Treasure: Unique treasure",
    "terr_kind": "Terrain: the pieces are placed in order, each once",
    "terr_num": "Iceberg: an iceberg's gold number is its card's",
    "fort_def": "Forts: a seat's forts fill her slots in order",
    "fort_cost": "Building Forts: a fort's cost is its card's",
    "fort_nflag": "Forts: a fort's flags are its card's",
    "fort_rank": "Forts: a flag's cannon is its card's",
    "fort_range": "Forts: a flag's cannon is its card's",
}


@functools.lru_cache(maxsize=256)
def _catalogue_problems(raw: bytes) -> tuple:
    """The problems of one CONFIG record (its bytes): the keywords it names (config_kwargs)
    must be legal (make_config: check_fleet's points, cargo and No-Duplicates, the coins,
    terrain and forts) and must build this very record, field by field, so every statistic
    copied from the catalogue is the named piece's."""
    c = np.frombuffer(raw, CONFIG)[0]
    try:
        want = config.make_config(**config.config_kwargs(c))[0]
    except ConfigError as e:
        return (str(e) if str(e).startswith("cfg.") else f"cfg: {e}",)
    out = []
    for f in CONFIG.names:
        a, b = np.asarray(c[f]), np.asarray(want[f])
        if np.array_equal(a, b):
            continue
        pos = tuple(np.argwhere(a != b)[0]) if a.ndim else ()
        at = f"[{', '.join(str(int(x)) for x in pos)}]" if pos else ""
        rule = _CFG_RULES.get(f, "a make_config option")
        out.append(f"cfg.{f}{at} = {a[pos].item()}: {rule} (expected {b[pos].item()})")
    return tuple(out)


def _catalogue(states, r):
    """The record's config is untrusted: each distinct cfg of the batch is one make_config
    builds from the pieces it names (_catalogue_problems, cached by its bytes)."""
    cfg = np.ascontiguousarray(states["cfg"])
    for i in range(states.shape[0]):
        for msg in _catalogue_problems(cfg[i].tobytes())[:5]:
            r.flag(np.arange(states.shape[0]) == i, msg)


def _ranges(states, r):
    n = states["num_players"].astype(np.int64)
    V.in_range(r, states, "phase", 0, 4, "a phase")
    V.in_range(r, states, "pending", 0, NUM_PK - 1, "a pending decision kind")
    # --- revealing crew (ruling: Revealing crew)
    V.in_range(r, states, "sh_rv", 0, (1 << NUM_KW) - 1, "keyword bits [Keywords]")
    V.in_range(r, states, "rv_back", 0, PK_REVEAL - 1, "a pending decision kind (not a reveal)")
    V.in_range(r, states, "rv_to_play", -1, n - 1, "a seat")
    V.in_range(r, states, "pend_seat", -1, n - 1, "a seat")
    V.in_range(r, states, "pend_ship", -1, MAX_SHIPS - 1, "a ship")
    V.in_range(r, states, "pend_target", -1, MAX_SHIPS - 1, "a ship")
    V.in_range(r, states, "pend_mast", -1, MAX_MASTS - 1, "a mast")
    V.in_range(r, states, "pend_count", 0, max(MAX_PLAYERS, MAX_TERR - 1),
               "choices made / a terrain piece")
    # turns.end_turn counts a turn only once a PK_TURN was answered (a decision, counted in
    # step): the turns still to come, one a decision at most before truncation, must fit the
    # int32 counter, or it wraps negative (a scenario starts at step 0 on any turn)
    limit = V.step_limit(states, DEFAULT_MAX_STEPS)
    V.in_range(r, states, "turn", 0, 2**31 - 1 - (limit - states["step"].astype(np.int64)),
               "turns, with room for one a decision left before truncation [Actions]")
    V.in_range(r, states, "cur", 0, n - 1, "whose turn in the order")
    V.in_range(r, states, "first_roll", 0, 6, "a d6")
    V.in_range(r, states, "n_islands", 0, 3 * n, "three islands per player [Placing Islands]")
    V.in_range(r, states, "isl_home", -1, n - 1, "a seat's home, -1 wild")
    V.in_range(r, states, "isl_token", 0, (1 << n) - 1, "exploration tokens of the seats")
    V.in_range(r, states, "home", -1, states["n_islands"].astype(np.int64) - 1, "an island")
    V.in_range(r, states, "sh_live", 0, 1, "a flag")
    V.in_range(r, states, "sh_masts", 0, (1 << MAX_MASTS) - 1, "mast bits")
    V.in_range(r, states, "sh_acts", 0, 2, "at most two non-free actions [Actions]")
    V.in_range(r, states, "sh_last", -1, 3, "an action")
    nis = states["n_islands"].astype(np.int64)
    V.in_range(r, states, "sh_dock", -1, nis - 1, "an island")
    V.in_range(r, states, "sh_began", -2, nis - 1, "an island")
    V.in_range(r, states, "sh_explored", 0, 1, "a flag")
    V.in_range(r, states, "sh_pin", -1, MAX_SHIPS - 1, "a ship")
    V.in_range(r, states, "seg_used", 0, 31, "segment bits")
    V.in_range(r, states, "cr_ship", -1, MAX_SHIPS - 1, "a ship")
    V.in_range(r, states, "cr_up", 0, 1, "a flag")
    V.in_range(r, states, "co_loc", 0, LOC_FORT, "a coin place")
    V.in_range(r, states, "co_at", -1, MAX_SHIPS - 1, "a coin's island, ship or seat")
    V.in_range(r, states, "co_val", -1, 20, "a coin's gold")
    V.in_range(r, states, "co_up", 0, 1, "a flag")
    V.in_range(r, states, "co_uniq", 0, 1, "a flag")
    V.in_range(r, states, "board_roll", 0, 13, "a boarding total")
    # --- cargo / crew / equipment
    V.in_range(r, states, "cr_isl", -1, nis - 1, "an island [Docking]")
    V.in_range(r, states, "cr_seen", 0, (1 << n) - 1, "seats that know a piece")
    V.in_range(r, states, "cr_moved", 0, 1, "a flag (ruling: Docking transfers)")
    V.in_range(r, states, "co_moved", 0, 1, "a flag (ruling: Exploring at sea)")
    V.in_range(r, states, "isl_piece", -1, 3 * n - 1, "an island piece of the config")
    V.in_range(r, states, "myst_roll", 0, 6, "a d6 [Docking: Mysterious islands]")
    V.in_range(r, states, "co_kw", 0, (1 << NUM_KW) - 1, "keyword bits [Unique treasure]")
    V.in_range(r, states, "pend_piece", -1, MAX_CREW - 1, "a crew or equipment")
    V.in_range(r, states, "sh_scuttle", 0, SC_TRIED, "a scuttle state [Scuttling]")
    V.in_range(r, states, "n_reefs", 0, n * states["cfg"]["reefs"].astype(np.int64),
               "reefs placed [Placing Terrain]")
    V.in_range(r, states, "rf_rating", 0, 6, "a reef's d6 rating, 0 not rolled [Reef]")
    V.in_range(r, states, "sh_wreck", 0, 1, "a flag")
    V.in_range(r, states, "sh_reefs", 0, (1 << states["n_reefs"].astype(np.int64)) - 1,
               "reef bits")
    r.flag((states["sh_reef_in"] & ~states["sh_reefs"]).any(1),
           "sh_reef_in: a reef spared as her turn began is one applied this turn [Reef]")
    # --- forts / terrain / creatures ---
    nt = states["n_terr"].astype(np.int64)
    V.in_range(r, states, "n_terr", 0, MAX_TERR, "terrain pieces [Terrain]")
    V.in_range(r, states, "tr_kind", 0, len(TERRAIN_KINDS) - 1, "a terrain kind [Terrain]")
    V.in_range(r, states, "tr_num", 0, 6, "an iceberg's gold number [Iceberg]")
    V.in_range(r, states, "tr_stuck", 0, 1, "a flag [Iceberg]")
    V.in_range(r, states, "tr_rating", 0, 6, "a Sargasso Sea's d6 rating [Sargasso Sea]")
    V.in_range(r, states, "tr_owner", -1, n - 1, "a seat [Trade Current]")
    V.in_range(r, states, "ice_roll", 0, 6, "the iceberg d6 [Iceberg]")
    V.in_range(r, states, "sh_terr", 0, (1 << nt) - 1, "terrain bits [Terrain]")
    V.in_range(r, states, "sh_terr_in", 0, (1 << nt) - 1, "terrain bits [Terrain]")
    r.flag((states["sh_terr_in"] & ~states["sh_terr"]).any(1),
           "sh_terr_in: a piece spared as her move began is one done this move action [Terrain]")
    V.in_range(r, states, "sh_lost", -1, nt - 1, "a fog bank [Fog Bank]")
    V.in_range(r, states, "sh_tangled", -1, nt - 1, "a Sargasso Sea [Sargasso Sea]")
    V.in_range(r, states, "sh_trade", 0, 2, "trade current +S: 0, due, used [Trade Current]")
    V.in_range(r, states, "ft_isl", -1, states["n_islands"].astype(np.int64) - 1,
               "an island [Forts]")
    V.in_range(r, states, "ft_flags", 0, (1 << MAX_FLAGS) - 1, "flag bits [Forts]")
    V.in_range(r, states, "ft_gone", 0, 1, "a flag [Destroying forts]")
    V.in_range(r, states, "ft_acts", 0, 1, "a fort's shoot action this turn [Forts]")
    V.in_range(r, states, "pend_fort", -1, MAX_FORTS - 1, "a fort")
    V.in_range(r, states, "pend_paid", 0, 400, "gold paid [Building Forts]")
    # --- tow / fort loading / trade currents
    V.in_range(r, states, "sh_owner", 0, MAX_PLAYERS - 1, "a seat [Tow]")
    V.in_range(r, states, "sh_tow", -1, MAX_SHIPS - 1, "a ship [Tow]")
    V.in_range(r, states, "cr_nav", 0, 1, "a flag (ruling: Navigator)")
    V.in_range(r, states, "sh_nav", 0, 1, "a flag (ruling: Navigator)")
    for f in ("isl_x", "isl_y", "isl_r", "sh_x", "sh_y", "sh_h", "sh_len", "rf_x", "rf_y",
              "tr_x", "tr_y"):
        v = states[f]
        r.flag((~np.isfinite(v)).any(1), f"{f}: not a finite number")


def _record(s, n) -> list:
    """Problems of one record past the range stages (indices are safe here)."""
    out = []
    cfg = s["cfg"]
    w, h = float(cfg["table_w"]), float(cfg["table_h"])
    order = [int(x) for x in s["order"][:n]]
    if sorted(order) != list(range(n)) or (s["order"][n:] != -1).any():
        out.append(f"order = {s['order'].tolist()}: not the seats in some order [Setup]")
    ni = int(s["n_islands"])
    for i in range(MAX_ISLANDS):
        if i < ni:
            x, y, rad = float(s["isl_x"][i]), float(s["isl_y"][i]), float(s["isl_r"][i])
            if not (0.5 <= rad <= 1.5 and rad <= x <= w - rad and rad <= y <= h - rad):
                out.append(f"isl_x/isl_y/isl_r[{i}]: island off the table or of a wrong size")
        elif i < 3 * n:
            if not 0.5 <= float(s["isl_r"][i]) <= 1.5:
                out.append(f"isl_r[{i}]: island piece of a wrong size")
        if i >= ni and (s["isl_home"][i] != -1 or s["isl_token"][i] != 0):
            out.append(f"isl_home/isl_token[{i}]: an island not placed yet")
    for p in range(MAX_PLAYERS):
        hp = int(s["home"][p])
        if hp >= 0 and (p >= n or s["isl_home"][hp] != p):
            out.append(f"home[{p}] = {hp}: isl_home does not name seat {p} [Choosing Home Islands]")
    for i in range(ni):
        q = int(s["isl_home"][i])
        if q >= 0 and s["home"][q] != i:
            out.append(f"isl_home[{i}] = {q}: home[{q}] is not island {i}")
    phase = int(s["phase"])
    for q in range(s["rf_x"].shape[0]):
        x, y = float(s["rf_x"][q]), float(s["rf_y"][q])
        if q < int(s["n_reefs"]):
            if not (REEF_R <= x <= w - REEF_R and REEF_R <= y <= h - REEF_R):
                out.append(f"rf_x/rf_y[{q}]: reef off the table [Placing Terrain]")
        elif x != 0.0 or y != 0.0 or s["rf_rating"][q] != 0:
            out.append(f"rf_x/rf_y/rf_rating[{q}]: a reef not placed")
    out += _terrain_record(s, n, w, h)
    out += _tow_record(s, n)
    out += _fort_record(s, n)
    for k in range(MAX_SHIPS):
        if s["sh_wreck"][k] and (not s["sh_live"][k] or s["sh_masts"][k] != 0):
            out.append(f"sh_wreck[{k}]: a wreck stays on the table without masts [Shipwreck]")
    # ships
    live = []
    for k in range(MAX_SHIPS):
        p, j = divmod(k, MAX_FLEET)
        d = int(cfg["ship_def"][p, j])
        if s["sh_live"][k] and d < 0:
            out.append(f"sh_live[{k}]: no such ship in the fleets")
            continue
        if d < 0:
            if s["sh_masts"][k] or s["sh_pin"][k] != -1 or s["sh_dock"][k] != -1:
                out.append(f"sh_*[{k}]: fields set for a ship not in the fleets")
            continue
        nm = int(cfg["ship_nmast"][p, j])
        if int(s["sh_masts"][k]) >> nm:
            out.append(f"sh_masts[{k}] = {s['sh_masts'][k]}: more masts than the {nm} built")
        if abs(float(s["sh_len"][k]) - (0.4 + 0.1 * nm)) > 1e-9:
            out.append(f"sh_len[{k}]: hull length is 0.4 + 0.1 per mast (ruling: Hull size)")
        if s["sh_live"][k]:
            live.append(k)
        elif s["sh_dock"][k] != -1 or s["sh_pin"][k] != -1 or s["sh_explored"][k]:
            out.append(f"sh_dock/sh_pin/sh_explored[{k}]: set on a ship out of play")
    for k in live:
        x, y, hd, ln = (float(s[f][k]) for f in ("sh_x", "sh_y", "sh_h", "sh_len"))
        if abs(hd) > np.pi + 1e-6:
            out.append(f"sh_h[{k}] = {hd}: heading outside -pi..pi")
        bx, by = x + ln * np.cos(hd), y + ln * np.sin(hd)
        for px, py in ((x, y), (bx, by)):
            if not (SHIP_R - 1e-6 <= px <= w - SHIP_R + 1e-6 and SHIP_R - 1e-6 <= py <= h - SHIP_R + 1e-6):
                out.append(f"sh_x/sh_y[{k}]: ship off the table [Setup]")
                break
        if s["sh_lost"][k] >= 0:
            continue                 # within a fog bank: no overlaps (see _terrain_record)
        for i in range(ni):
            d = _pt_seg(float(s["isl_x"][i]), float(s["isl_y"][i]), x, y, bx, by)
            if d < SHIP_R + float(s["isl_r"][i]) - 1e-5:
                out.append(f"sh_x/sh_y[{k}]: ship overlaps island {i} [Moving]")
        for k2 in live:
            if k2 > k and s["sh_lost"][k2] < 0:
                x2, y2, h2, l2 = (float(s[f][k2]) for f in ("sh_x", "sh_y", "sh_h", "sh_len"))
                d = _seg_seg(x, y, bx, by, x2, y2, x2 + l2 * np.cos(h2), y2 + l2 * np.sin(h2))
                if d < 2 * SHIP_R - 1e-5:
                    out.append(f"sh_x/sh_y[{k}]: ship overlaps ship {k2} [Moving]")
        pin = int(s["sh_pin"][k])
        if pin >= 0 and (not s["sh_live"][pin] or s["sh_owner"][pin] == s["sh_owner"][k]):
            out.append(f"sh_pin[{k}] = {pin}: pinned to a ship not an enemy in play [Pin]")
        dk = int(s["sh_dock"][k])
        if dk >= 0 and s["isl_home"][dk] >= 0 and s["isl_home"][dk] != s["sh_owner"][k]:
            out.append(f"sh_dock[{k}]: docked at an opponent's home island [Docking]")
    # crew conservation [Placing Crew and equipment]
    for c in range(MAX_CREW):
        p, j = divmod(c, MAX_CREW_P)
        at = int(s["cr_ship"][c])
        started = phase == PH_PLAY or s["done"] or s["truncated"]
        aboard = s["sh_live"][at] if started else \
            at // MAX_FLEET == p and cfg["ship_def"][p, at % MAX_FLEET] >= 0 and \
            s["sh_began"][at] != -2
        if at >= 0 and (cfg["crew_def"][p, j] < 0 or not aboard):
            out.append(f"cr_ship[{c}] = {at}: no such crew, or on a ship out of play")
        elif at >= 0 and cfg["crew_cost"][p, j] == 0 and not cfg["crew_eq"][p, j] and \
                cfg["crew_nation"][p, j] != cfg["ship_nation"][at // MAX_FLEET, at % MAX_FLEET]:
            # config.py refuses such a fleet and cargo.carry_ok such a transfer
            out.append(f"cr_ship[{c}] = {at}: a 0-point crew aboard a ship of another nation "
                       "[Placing Crew and equipment]")
        # --- cargo / crew / equipment: on one ship, or left on one island [Docking]
        isl = int(s["cr_isl"][c])
        if isl >= 0 and (at >= 0 or cfg["crew_def"][p, j] < 0 or not started or isl >= ni):
            out.append(f"cr_isl[{c}] = {isl}: a piece ashore is on no ship, in play [Docking]")
        if cfg["crew_def"][p, j] >= 0 and p < n and not (int(s["cr_seen"][c]) >> p) & 1:
            out.append(f"cr_seen[{c}]: its owner always knows her piece")
        if s["cr_moved"][c] and not started:
            out.append(f"cr_moved[{c}]: moved before play")
    if not (phase == PH_PLAY or s["done"] or s["truncated"]):
        # before play nothing is lost: a piece in no place waits to go ashore at home
        # (common.waits_ashore), as many of each kind as the fleet keeps there
        for p in range(n):
            for eq in range(2):
                mine = (np.arange(MAX_CREW) // MAX_CREW_P == p) & \
                    (cfg["crew_def"].reshape(-1) >= 0) & (cfg["crew_eq"].reshape(-1) == eq)
                waiting = int((mine & (s["cr_ship"] < 0) & (s["cr_isl"] < 0)).sum())
                kept = int((mine & (cfg["crew_slot"].reshape(-1) < 0)).sum())
                if waiting != kept:
                    out.append(f"cr_ship: {waiting} {('crew', 'equipment')[eq]} of seat {p} in "
                               f"no place before play, but her fleet keeps {kept} on her home "
                               "island [Placing Crew and equipment]")
        # before play the pieces wait aboard ships not placed yet (rules.init puts each on
        # the ship bought with it; hidden.determinize re-deals them among those places, so not
        # by cfg.crew_slot, and keeps each place's count): a sea creature carries none and no
        # ship more than her cargo, as the checks of ships in play will ask once she is placed
        for k in range(n * MAX_FLEET):
            p, j = divmod(k, MAX_FLEET)
            on = int((s["cr_ship"] == k).sum())
            if s["sh_live"][k] and int(s["sh_dock"][k]) != int(s["home"][p]):
                # rules.py's PK_DEPLOY docks a placed ship at her seat's home, and nothing
                # moves her before play: docked elsewhere, the island later chosen as a foe's
                # home has her docked at an opponent's home island
                out.append(f"sh_dock[{k}]: before play a placed ship is docked at her seat's "
                           "home [Choosing Home Islands]")
            if s["sh_live"][k] or cfg["ship_def"][p, j] < 0 or not on:
                continue
            if cfg["ship_creature"][p, j] or on > cfg["ship_cargo"][p, j]:
                out.append(f"cr_ship: {on} pieces wait aboard ship {k}, a sea creature or "
                           "beyond her cargo [Placing Crew and equipment; Sea Creatures]")
            pts = int(cfg["crew_cost"].reshape(-1)[s["cr_ship"] == k].sum())
            if pts > cfg["ship_cost"][p, j]:
                # the points a ship carries are checked once she is in play, and PK_DEPLOY
                # puts the pieces waiting aboard her in play as they are
                out.append(f"cr_ship: pieces worth {pts} points wait aboard ship {k}, beyond "
                           f"her {cfg['ship_cost'][p, j]} [Placing Crew and equipment]")
    for k in range(MAX_SHIPS):
        if s["sh_scuttle"][k] and (not s["sh_live"][k] or s["sh_wreck"][k]):
            out.append(f"sh_scuttle[{k}]: scuttling declared for a ship out of play [Scuttling]")
    # treasure conservation [Placing Treasure]
    vals = s["co_val"]
    want = sorted(int(v) for v in cfg["coin_val"][:n].ravel() if v >= 0)
    have = sorted(int(v) for v in vals if v >= 0)
    if want != have:
        out.append("co_val: the coins are not the ones contributed [Placing Treasure]")
    for c in range(MAX_COINS):
        loc, at, v = int(s["co_loc"][c]), int(s["co_at"][c]), int(vals[c])
        if c // MAX_COINS_P >= n and (v != -1 or loc != LOC_GONE):
            out.append(f"co_val[{c}]: a coin of a seat outside the game")
        if v < 0 and loc != LOC_GONE:
            out.append(f"co_loc[{c}]: no such coin, yet it lies somewhere")
        if s["co_kw"][c] and not s["co_uniq"][c]:
            out.append(f"co_kw[{c}]: only unique treasure has an ability [Unique treasure]")
        if s["co_uniq"][c] and v != 0:
            out.append(f"co_val[{c}]: unique treasure is worth 0 [Unique treasure]")
        if s["co_up"][c] and not s["co_uniq"][c]:
            out.append(f"co_up[{c}]: only unique treasure is face up [Exploring]")
        if loc == LOC_ISLAND and not (0 <= at < ni and s["isl_home"][at] < 0):
            out.append(f"co_at[{c}] = {at}: treasure lies only on wild islands")
        if loc == LOC_SHIP and not (0 <= at < MAX_SHIPS and s["sh_live"][at]):
            out.append(f"co_at[{c}] = {at}: treasure on a ship out of play")
        if loc == LOC_HOME and not (0 <= at < n):
            out.append(f"co_at[{c}] = {at}: not a seat's home")
        if loc == LOC_FORT and not (0 <= at < MAX_FORTS):
            out.append(f"co_at[{c}] = {at}: not a fort [Forts: Treasure]")
        if loc == LOC_GONE and at != -1:
            out.append(f"co_at[{c}]: set for a coin out of play")
        if not s["co_up"][c] and int(s["co_seen"][c]) >> n:
            out.append(f"co_seen[{c}]: seen by a seat outside the game")
    for k in live:
        p, j = divmod(k, MAX_FLEET)
        used = int((s["cr_ship"] == k).sum()) + int(((s["co_loc"] == LOC_SHIP) & (s["co_at"] == k)
                                                     & (s["co_up"] == 0)).sum())
        if used > cfg["ship_cargo"][p, j]:
            out.append(f"ship {k}: {used} crew and treasure exceed her cargo [Exploring]")
        on = s["cr_ship"] == k
        pts = int(cfg["crew_cost"].reshape(-1)[on].sum())
        if pts > cfg["ship_cost"][p, j]:
            out.append(f"ship {k}: crew and equipment worth {pts} points exceed her "
                       f"{cfg['ship_cost'][p, j]} [Placing Crew and equipment]")
    out += _reveal(s, n, phase, live)
    return out


def _reveal(s, n, phase, live) -> list:
    """A reveal waits for its player's choice only while PK_REVEAL is asked: of the player of
    the first ship with one waiting, a face-down piece aboard giving that keyword there;
    the decision it interrupted (rv_back, rv_to_play) is itself well formed (ruling:
    Revealing crew) [Placing Crew and equipment]."""
    pk = int(s["pending"])
    waiting = [k for k in range(MAX_SHIPS) if int(s["sh_rv"][k])]
    if pk != PK_REVEAL:
        if waiting:
            return [f"sh_rv[{waiting[0]}]: a reveal waits only while PK_REVEAL is asked"]
        return _pending(s, n, phase, live)
    if s["done"] or s["truncated"]:
        return ["pending: set after the end"]
    cfg = s["cfg"]
    due = []
    for k in waiting:
        if k not in live:
            return [f"sh_rv[{k}]: a reveal waits for a ship out of play"]
        for i in range(NUM_KW):
            kw = 1 << i
            if not int(s["sh_rv"][k]) & kw:
                continue
            for c in range(MAX_CREW):
                q, j = divmod(c, MAX_CREW_P)
                if s["cr_ship"][c] == k and not s["cr_up"][c] and int(cfg["crew_kw"][q, j]) & kw \
                        and (cfg["crew_eq"][q, j] or cfg["crew_nation"][q, j]
                             == cfg["ship_nation"][k // MAX_FLEET, k % MAX_FLEET]):
                    due.append(k)
                    break
            if due:
                break
        if due:
            break
    if not due:
        return ["sh_rv: PK_REVEAL asked with no face-down piece giving that keyword aboard"]
    if int(s["to_play"]) != int(s["sh_owner"][due[0]]):
        return ["to_play: her own player picks the piece turned up [Placing Crew and equipment]"]
    back = int(s["rv_back"])
    if back in (PK_NONE, PK_REVEAL) or not 0 <= int(s["rv_to_play"]) < n:
        return ["rv_back: a reveal interrupts a decision of the game in play"]
    t = s.copy()
    t["pending"] = back
    t["to_play"] = s["rv_to_play"]
    return _pending(t, n, phase, live) or _after_reveal(s)


def _after_reveal(s) -> list:
    """The interrupted decision comes back once the piece is picked (common.ask_reveal) and
    is answered from the mask legal_mask builds then; rv_back's own options are not in the
    PK_REVEAL mask the legal-action stage reads, so each pick is played (the kernels, on a
    copy) and the decision it brings back must have a legal action (ruling: Revealing crew)."""
    rec = np.zeros(1, STATE)
    rec[0] = s
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    batch.single_legal(rec, 0, mask)
    for a in np.flatnonzero(mask):
        t = rec.copy()
        after = np.zeros(NUM_ACTIONS, np.uint8)
        batch.single_apply(t, 0, int(a), after)
        if t["fault"][0] or (t["to_play"][0] >= 0 and not after.any()):
            return [f"rv_back = {int(s['rv_back'])}: the decision the reveal interrupted has "
                    "no legal action once the piece is picked (ruling: Revealing crew)"]
    return []


def _pending(s, n, phase, live) -> list:
    pk = int(s["pending"])
    tp = int(s["to_play"])
    over = s["done"] or s["truncated"]
    if over:
        return [] if pk in (PK_NONE,) or s["truncated"] else ["pending: set after the end"]
    ship, tgt, seat = int(s["pend_ship"]), int(s["pend_target"]), int(s["pend_seat"])
    setup = {PK_PLACE: 0, PK_HOME: 1, PK_DEPLOY: 2, PK_TERRAIN: 0, PK_PLACE_TERR: 0}
    if pk == PK_PLACE_TERR and (s["n_islands"] != 3 * n or
                                s["n_reefs"] != n * int(s["cfg"]["reefs"]) or
                                s["n_terr"] >= int((s["cfg"]["terr_kind"] != 0).sum())):
        return ["pending: terrain is placed after the islands and reefs, each configured "
                "piece once [Placing Terrain]"]
    if pk == PK_TERRAIN and (s["n_islands"] != 3 * n or
                             s["n_reefs"] >= n * int(s["cfg"]["reefs"])):
        return ["pending: a reef is placed after the islands, one per player [Placing Terrain]"]
    if pk == PK_NONE:
        return ["pending: none while the game is live"]
    if pk in setup:
        if phase != setup[pk]:
            return [f"phase = {phase}: does not match pending {pk}"]
        if pk == PK_PLACE and s["n_islands"] >= 3 * n:
            return ["n_islands: every island placed, yet one more is asked"]
        if pk in (PK_HOME, PK_DEPLOY) and (seat < 0 or s["n_islands"] != 3 * n):
            return ["pend_seat: a home choice needs a seat and every island placed"]
        if pk == PK_DEPLOY and (ship < 0 or ship // MAX_FLEET != seat or s["home"][seat] < 0
                                or s["sh_live"][ship] or tp != seat
                                or s["cfg"]["ship_def"][seat, ship % MAX_FLEET] < 0):
            return ["pend_ship: not a ship of the seat waiting to be placed at her home"]
        if pk == PK_HOME and s["home"][seat] >= 0:
            return ["pend_seat: that seat's home is already chosen"]
        if pk in (PK_HOME, PK_DEPLOY):
            return _home_sequence(s, n, pk)
        return []
    if phase != PH_PLAY:
        return [f"phase = {phase}: pending {pk} is a play decision"]
    cur = int(s["order"][int(s["cur"])])
    piece = int(s["pend_piece"])
    if (pk == PK_PIECE_TO) != (piece >= 0):
        return ["pend_piece: set exactly while a piece is being moved [Docking]"]
    if pk == PK_PIECE_TO:
        if tp != cur or s["cr_moved"][piece]:
            return ["pend_piece: the player to play moves a piece once a turn [Docking]"]
        return []
    if pk == PK_TURN:
        return [] if tp == cur else ["to_play: the turn belongs to another seat"]
    # --- forts ---
    fo = int(s["pend_fort"])
    if pk in (PK_BUILD, PK_PAY):
        if tp != cur or (pk == PK_PAY and not (0 <= fo < MAX_FORTS and fo // MAX_FORTS_P == cur
                                               and s["ft_isl"][fo] >= 0)):
            return ["pend_fort: forts are built by the player to play [Building Forts]"]
        if pk == PK_PAY:
            # forts.build_ok offers a fort only when her home gold pays its cost, and the
            # PK_PAY mask offers only her home coins: short of it, paying runs out of options
            f = s["cfg"]["fort_cost"][cur, fo % MAX_FORTS_P]
            home = (s["co_loc"] == LOC_HOME) & (s["co_at"] == cur)
            if int(s["pend_paid"]) + int(s["co_val"][home].sum()) < int(f):
                return [f"pend_paid: {int(s['pend_paid'])} paid and her home gold leave fort "
                        f"{fo}'s cost {int(f)} unpaid [Building Forts]"]
        return []
    if pk == PK_FORT_GUN:
        if not (0 <= fo < MAX_FORTS and fo // MAX_FORTS_P == cur and s["ft_isl"][fo] >= 0
                and tp == cur and s["ft_acts"][fo]):
            return ["pend_fort: a fort of the player to play given its shoot action [Forts: "
                    "Shooting]"]
        return []
    if pk in (PK_FORT_TARGET, PK_FORT_MAST):
        if not (0 <= fo < MAX_FORTS and fo // MAX_FORTS_P == cur and s["ft_isl"][fo] >= 0
                and tp == cur and 0 <= s["pend_mast"] < s["cfg"]["fort_nflag"][cur, fo % MAX_FORTS_P]):
            return ["pend_fort: a fort of the player to play fires a flag [Forts: Shooting]"]
        if not s["ft_acts"][fo]:
            # a flag fires only in the shoot action rules.py gives the fort (ft_acts = 1), and
            # forts.ask_flag brings back PK_FORT_GUN, which is asked only of a fort given one
            return ["ft_acts: a fort's flag fires only in the fort's shoot action [Forts: "
                    "Shooting]"]
        if pk == PK_FORT_TARGET and (int(s["pend_fired"]) >> int(s["pend_mast"])) & 1:
            return ["pend_fired: each flag fires once per shoot action [Forts: Shooting]"]
        if pk == PK_FORT_MAST and not (0 <= tgt < MAX_SHIPS and s["sh_live"][tgt]
                                       and s["sh_masts"][tgt] and s["sh_owner"][tgt] != cur):
            return ["pend_target: an enemy ship with a mast [Forts: Shooting]"]
        return []
    if pk == PK_FLAG:
        h = int(s["pend_count"])
        if not (0 <= h < MAX_FORTS and s["ft_isl"][h] >= 0 and s["ft_flags"][h] and
                tp == h // MAX_FORTS_P and h // MAX_FORTS_P != cur):
            return ["pend_count: the hit fort's player eliminates a flag [Abandoned forts]"]
        # once the flag is chosen the shooter fires on: forts.ask_flag for a fort's shot
        # (pend_fort, asked only of a fort given its shoot action), turns.ask_gun for a ship's
        # (pend_fort -1: hit_fort left pend_ship the shooter, in her shoot action)
        if fo >= 0:
            if fo // MAX_FORTS_P != cur or not s["ft_acts"][fo]:
                return ["pend_fort: the fort that hit fires on in its shoot action [Forts: "
                        "Shooting]"]
        elif not (0 <= ship < MAX_SHIPS and s["sh_live"][ship] and s["sh_owner"][ship] == cur
                  and s["sh_last"][ship] == ACT_SHOOT):
            return ["pend_ship: the ship whose cannon hit the fort fires on in her shoot action "
                    "[Forts: Shooting]"]
        return []
    if not (0 <= ship < MAX_SHIPS and s["sh_live"][ship]):
        return ["pend_ship: the decision concerns no ship in play"]
    owner = int(s["sh_owner"][ship])            # her fleet now [Tow]
    if pk in (PK_TOW, PK_CAPT, PK_LOAD, PK_NAV):   # --- tow / fort loading / trade currents
        if owner != cur or tp != cur or s["sh_wreck"][ship]:
            return ["pend_ship: a ship of the player to play [Tow; Forts: Treasure; "
                    "Trade Current]"]
        if pk == PK_CAPT and ship // MAX_FLEET == cur:
            return ["pend_ship: only a ship a tow brought into her fleet is chosen so [Tow]"]
        if pk == PK_NAV and (s["sh_nav"][ship] or s["sh_lost"][ship] >= 0
                             or not _navigator_aboard(s, ship)):
            # crew.nav_ok asks PK_NAV only then; nav_place spends crew.nav_crew, which is -1
            # (the last crew's slot) with no such Navigator aboard
            return ["pend_ship: a trade current is placed from a ship not lost with an unused "
                    "Navigator aboard, once a turn (ruling: Navigator)"]
        return []
    # --- forts / terrain / creatures ---
    if pk == PK_ICE_MAST:
        t = int(s["pend_count"])
        if tp != owner or s["sh_masts"][ship] == 0 or not (
                t < int(s["n_terr"]) and s["tr_kind"][t] == TR_ICE):
            return ["pend_ship: an iceberg takes a mast of a ship it touched, her player "
                    "picks [Iceberg]"]
        return []
    if pk in (PK_WHIRL, PK_WHIRL_LOSS, PK_UNTANGLE):
        if owner != cur or tp != cur or s["sh_lost"][ship] >= 0:
            return ["pend_ship: not a ship of the player to play [Whirlpool; Sargasso Sea]"]
        t = int(s["pend_count"])
        if pk == PK_WHIRL and (tgt not in (0, 1) or not (
                t < int(s["n_terr"]) and s["tr_kind"][t] == TR_WHIRL)):
            return ["pend_count: the whirlpool she touches [Whirlpool]"]
        if pk == PK_WHIRL and s["sh_tangled"][ship] >= 0:
            # PK_WHIRL is asked mid-move (terrain.terrain_check) and staying sails on
            # (PK_SEGMENT); a tangled ship sails no segment, and terrain_check ends the move as
            # she tangles, before any whirlpool
            return ["pend_ship: a tangled ship is never asked to use a whirlpool [Whirlpool; "
                    "Sargasso Sea]"]
        if pk == PK_UNTANGLE and s["sh_tangled"][ship] < 0:
            return ["sh_tangled: only a tangled piece is freed [Sargasso Sea]"]
        return []
    if pk == PK_REEF:
        up = bin(int(s["sh_masts"][ship])).count("1")
        if owner != cur or tp != cur or not 1 <= s["pend_count"] <= up or tgt not in (0, 1) \
                or s["sh_wreck"][ship]:
            return ["pend_count: a reef takes 1 to (masts standing) masts from the mover [Reef]"]
        return []
    if s["sh_wreck"][ship]:
        return ["pend_ship: a wreck is given no actions [Shipwreck]"]
    if pk in (PK_MYST_CREW, PK_MYST_UP, PK_MYST_DOWN) and (owner != cur or tp != cur or
                                                          s["sh_dock"][ship] < 0):
        return ["pend_ship: a mysterious island's effect falls on the ship that docked"]
    if pk in (PK_SEA_WITH, PK_SEA_SWAP) and (owner != cur or tp != cur):
        return ["pend_ship: exploring at sea is the player to play's action [Exploring]"]
    if pk == PK_SEA_SWAP and not (0 <= tgt < MAX_SHIPS and s["sh_live"][tgt] and tgt != ship):
        return ["pend_target: exploring at sea needs another ship in play [Exploring]"]
    if pk in (PK_SEGMENT, PK_TARGET, PK_MAST, PK_GUN, PK_REPAIR, PK_EXPLORE) and \
            (owner != cur or tp != cur):
        return ["pend_ship: not a ship of the player to play"]
    if pk == PK_SEGMENT and (s["sh_masts"][ship] == 0 or s["sh_pin"][ship] >= 0):
        return ["pend_ship: a derelict or pinned ship cannot move [Derelict; Pin]"]
    if pk == PK_SEGMENT and (s["sh_tangled"][ship] >= 0 or s["sh_lost"][ship] >= 0):
        # terrain.start_move spends a tangled ship's move on getting free and brings a lost
        # one out of the fog first; terrain_check ends the move as she tangles or is lost
        return ["pend_ship: a tangled or lost ship sails no segment [Sargasso Sea; Fog Bank]"]
    if pk == PK_EXPLORE and (s["sh_dock"][ship] < 0 or s["isl_home"][s["sh_dock"][ship]] >= 0):
        return ["pend_ship: exploring needs a ship docked at a wild island"]
    nm = int(s["cfg"]["ship_nmast"][ship // MAX_FLEET, ship % MAX_FLEET])
    if pk in (PK_TARGET, PK_MAST) and not (0 <= s["pend_mast"] < nm):
        return ["pend_mast: not a mast of the shooting ship"]
    if pk == PK_TARGET and not (int(s["sh_masts"][ship]) >> int(s["pend_mast"])) & 1:
        return ["pend_mast: that mast is down"]
    if pk == PK_TARGET and (int(s["pend_fired"]) >> int(s["pend_mast"])) & 1:
        return ["pend_fired: each cannon fires once per shoot action [Shooting]"]
    if pk in (PK_TARGET, PK_MAST) and s["sh_last"][ship] != ACT_SHOOT:
        # a cannon is aimed and hits in the shoot action turns.order_ship gave (sh_last), and
        # the next one is picked by turns.ask_gun (PK_GUN, asked of her player in it)
        return ["pend_ship: a cannon fires only in her shoot action [Shooting]"]
    if pk == PK_GUN and (s["sh_masts"][ship] == 0 or s["sh_last"][ship] != ACT_SHOOT):
        return ["pend_ship: a ship with a mast given a shoot action picks her cannon [Shooting]"]
    if pk in (PK_MAST, PK_BOARD, PK_BOARD_WIN, PK_BOARD_CREW, PK_BOARD_COIN):
        if not (0 <= tgt < MAX_SHIPS and s["sh_live"][tgt]) or s["sh_owner"][tgt] == owner:
            return ["pend_target: not an enemy ship in play"]
    if pk == PK_MAST and (s["sh_masts"][tgt] == 0 or tp != cur):
        return ["pend_target: a ship without masts sinks when hit [Sinking a ship]"]
    if pk == PK_BOARD and (seat not in (owner, s["sh_owner"][tgt]) or tp != seat or owner != cur):
        return ["pend_seat: boarding is offered to the two players of the ram [Board]"]
    if pk == PK_BOARD_WIN and tp != owner:
        return ["to_play: the winner of the boarding party chooses [Board]"]
    if pk == PK_BOARD_CREW and tp != s["sh_owner"][tgt]:
        return ["to_play: the loser chooses the crew eliminated [Board]"]
    if pk == PK_BOARD_COIN and tp != owner:
        return ["to_play: the winner chooses the treasure taken [Board]"]
    if pk == PK_REPAIR and int(s["sh_masts"][ship]) == (1 << nm) - 1:
        return ["pend_ship: nothing to repair"]
    if pk == PK_REPAIR and not _repairs_at_home(s, ship) and \
            not _face_up_keyword(s, ship, KW_SHIPWRIGHT) and \
            not int(s["sh_rv"][ship]) & KW_SHIPWRIGHT:
        # rules.order_ship reveals her Shipwright as the repair is given away from home (or
        # asks her player which one turns up: sh_rv, PK_REVEAL interrupting this decision)
        return ["pend_ship: a repair away from home without a face-up Shipwright aboard "
                "[Repairing; Placing Crew and equipment]"]
    return []


def _repairs_at_home(s, k) -> bool:
    """turns.repairs_at_home: docked at her home island or at a fort of her own."""
    dock, p = int(s["sh_dock"][k]), int(s["sh_owner"][k])
    return dock >= 0 and (dock == int(s["home"][p]) or
                          any(int(s["ft_isl"][f]) == dock and f // MAX_FORTS_P == p
                              for f in range(MAX_FORTS)))


def _face_up_keyword(s, k, kw) -> bool:
    """A face-up piece aboard ship k gives keyword kw there: crew of her nation or equipment
    (common.works_aboard), or a face-up treasure aboard (common.treasure_keywords)."""
    cfg = s["cfg"]
    for c in range(MAX_CREW):
        q, j = divmod(c, MAX_CREW_P)
        if int(s["cr_ship"][c]) == k and s["cr_up"][c] and int(cfg["crew_kw"][q, j]) & kw and \
                _works_aboard(cfg, c, k):
            return True
    return any(s["co_up"][c] and int(s["co_loc"][c]) == LOC_SHIP and int(s["co_at"][c]) == k
               and int(s["co_kw"][c]) & kw for c in range(MAX_COINS))


def _navigator_aboard(s, k) -> bool:
    """crew.nav_crew(s, k) >= 0: a Navigator aboard ship k that works there (crew of her
    nation, or equipment; common.works_aboard) and has not placed its trade current."""
    cfg = s["cfg"]
    for c in range(MAX_CREW):
        q, j = divmod(c, MAX_CREW_P)
        if int(s["cr_ship"][c]) == k and not s["cr_nav"][c] and \
                int(cfg["crew_kw"][q, j]) & KW_NAVIGATOR and _works_aboard(cfg, c, k):
            return True
    return False


def _works_aboard(cfg, c, k) -> bool:
    """common.works_aboard: piece c could use its ability aboard ship k (crew of her nation,
    or equipment)."""
    q, j = divmod(c, MAX_CREW_P)
    return bool(cfg["crew_eq"][q, j]) or \
        cfg["crew_nation"][q, j] == cfg["ship_nation"][k // MAX_FLEET, k % MAX_FLEET]


def _home_sequence(s, n, pk) -> list:
    """The homes are chosen one at a time in the order setup.home_chooser gives, pend_count
    choices made so far (setup.ask_home), and each seat's ships are placed at her home slot
    by slot (or set aside, sh_began -2) before the next choice (setup.next_deploy): the
    kernels read pend_count to ask the next choice and never check it against the homes,
    so a count or seat out of step with them chooses a home twice or none, and starts play
    with ships never placed [Choosing Home Islands]."""
    i = int(s["pend_count"])
    if not 0 <= i < n:
        return [f"pend_count = {i}: the home choices made before one is asked are "
                f"0..{n - 1} [Choosing Home Islands]"]
    order = [int(x) for x in s["order"][:n]]

    def choice(j):             # (chooser, seat whose home is chosen): setup.home_chooser
        if int(s["cfg"]["home_rule"]) == 0:
            return order[(j - 1 + n) % n], order[j]
        return order[n - 1 - j], order[n - 1 - j]

    by, seat = choice(i)
    if int(s["pend_seat"]) != seat or (pk == PK_HOME and int(s["to_play"]) != by):
        return [f"pend_seat/to_play: home choice {i + 1} is seat {by}'s, for seat {seat} "
                "[Choosing Home Islands]"]
    before = [choice(j)[1] for j in range(i)]
    chosen = before + ([seat] if pk == PK_DEPLOY else [])
    if sorted(chosen) != [p for p in range(n) if s["home"][p] >= 0]:
        return [f"home: the homes chosen are seats {sorted(chosen)}'s, the first "
                f"{len(chosen)} choices [Choosing Home Islands]"]
    cfg = s["cfg"]
    for k in range(n * MAX_FLEET):
        p, j = divmod(k, MAX_FLEET)
        if cfg["ship_def"][p, j] < 0:
            continue
        placed = bool(s["sh_live"][k]) or int(s["sh_began"][k]) == -2
        want = p in before or (pk == PK_DEPLOY and p == seat and k < int(s["pend_ship"]))
        if placed != want:
            return [f"sh_live[{k}]: a seat's ships are placed in slot order once her home is "
                    "chosen, before the next choice [Choosing Home Islands]"]
    return []


def _fort_record(s, n) -> list:
    """--- forts: built forts stand alone on wild islands with their own flags, hold the
    treasure paid for them; treasure lies inside built forts only."""
    out = []
    cfg = s["cfg"]
    pk = int(s["rv_back"]) if int(s["pending"]) == PK_REVEAL else int(s["pending"])
    paying = int(s["pend_fort"]) if pk == PK_PAY else -1        # as hidden._paying
    seen_isl = set()
    for f in range(MAX_FORTS):
        p, j = divmod(f, MAX_FORTS_P)
        i, flags = int(s["ft_isl"][f]), int(s["ft_flags"][f])
        if i < 0:
            if flags or s["ft_acts"][f]:
                out.append(f"ft_flags[{f}]: set for a fort not standing")
            if ((s["co_loc"] == LOC_FORT) & (s["co_at"] == f)).any():
                out.append(f"co_at: treasure inside fort {f}, which is not standing [Forts]")
            continue
        if p >= n or cfg["fort_def"][p, j] < 0 or s["ft_gone"][f]:
            out.append(f"ft_isl[{f}]: no such fort in the collections, or destroyed [Forts]")
            continue
        if s["isl_home"][i] >= 0 or i in seen_isl:
            out.append(f"ft_isl[{f}]: one fort on a wild island at a time [Forts]")
        seen_isl.add(i)
        if flags >> int(cfg["fort_nflag"][p, j]):
            out.append(f"ft_flags[{f}]: more flags than the fort has [Forts]")
        # forts.build's payment and forts.load_ok keep it so, and a re-deal of the values
        # inside keeps it too (hidden._gold_short)
        gold = int(s["co_val"][(s["co_loc"] == LOC_FORT) & (s["co_at"] == f)].sum())
        if f != paying and gold < int(cfg["fort_cost"][p, j]):
            out.append(f"co_val: fort {f} holds {gold} gold, less than its cost; a fort must "
                       "always hold its cost [Forts: Treasure]")
        if ((s["co_loc"] == LOC_ISLAND) & (s["co_at"] == i)).any():
            out.append(f"co_at: treasure left on island {i} under fort {f} [Forts: Treasure]")
    return out


def _terrain_record(s, n, w, h) -> list:
    """--- forts / terrain / creatures: pieces on the table, lost ships inside their fog
    bank, tangled ships touching their Sargasso Sea, sea creatures carrying nothing."""
    out = []
    nt = int(s["n_terr"])
    for t in range(MAX_TERR):
        x, y, kind = float(s["tr_x"][t]), float(s["tr_y"][t]), int(s["tr_kind"][t])
        if t < nt and kind != TR_NONE:
            if not (TERR_R - 1e-6 <= x <= w - TERR_R + 1e-6 and
                    TERR_R - 1e-6 <= y <= h - TERR_R + 1e-6):
                out.append(f"tr_x/tr_y[{t}]: terrain off the table [Placing Terrain]")
            if (kind == TR_ICE) != (1 <= int(s["tr_num"][t]) <= 6):
                out.append(f"tr_num[{t}]: only an iceberg has a gold number 1-6 [Iceberg]")
            if (kind == TR_TRADE) != (int(s["tr_owner"][t]) >= 0):
                out.append(f"tr_owner[{t}]: a trade current is friendly to its placer")
        elif t < nt:
            if x != 0.0 or y != 0.0:
                out.append(f"tr_x/tr_y[{t}]: an iceberg gone over a flat edge stays cleared")
        elif x != 0.0 or y != 0.0 or kind != 0 or s["tr_rating"][t] != 0 or s["tr_stuck"][t]:
            out.append(f"tr_kind/tr_x/tr_y[{t}]: a terrain piece not placed")
        if kind != TR_ICE and s["tr_stuck"][t]:
            out.append(f"tr_stuck[{t}]: only an iceberg gets stuck [Iceberg]")
        if t >= nt and s["tr_owner"][t] != -1:
            # init_terrain's -1 stays until crew.nav_place fills the slot; place_terrain
            # keeps it, so a set-up piece placed there would be a trade current's
            out.append(f"tr_owner[{t}]: a terrain piece not placed has no placer [Trade Current]")
    for k in range(MAX_SHIPS):
        lost, tang = int(s["sh_lost"][k]), int(s["sh_tangled"][k])
        if not s["sh_live"][k]:
            if lost >= 0 or tang >= 0:
                out.append(f"sh_lost/sh_tangled[{k}]: set on a ship out of play")
            continue
        x, y, hd, ln = (float(s[f][k]) for f in ("sh_x", "sh_y", "sh_h", "sh_len"))
        bx, by = x + ln * np.cos(hd), y + ln * np.sin(hd)
        if lost >= 0:
            if s["tr_kind"][lost] != TR_FOG:
                out.append(f"sh_lost[{k}]: lost only in a fog bank [Fog Bank]")
            elif max(np.hypot(x - s["tr_x"][lost], y - s["tr_y"][lost]),
                     np.hypot(bx - s["tr_x"][lost], by - s["tr_y"][lost])) > TERR_R:
                out.append(f"sh_x/sh_y[{k}]: a lost ship lies within her fog bank [Fog Bank]")
            if s["sh_pin"][k] >= 0 or (s["sh_pin"] == k).any():
                out.append(f"sh_pin[{k}]: lost pieces neither pin nor are pinned [Fog Bank]")
        if tang >= 0:
            if s["tr_kind"][tang] != TR_SARGASSO:
                out.append(f"sh_tangled[{k}]: tangled only in a Sargasso Sea [Sargasso Sea]")
            elif _pt_seg(float(s["tr_x"][tang]), float(s["tr_y"][tang]), x, y, bx, by) > \
                    TERR_R + SHIP_R + 1e-3:
                out.append(f"sh_x/sh_y[{k}]: a tangled ship touches her Sargasso Sea")
        p, j = divmod(k, MAX_FLEET)
        if s["cfg"]["ship_creature"][p, j]:
            if (s["cr_ship"] == k).any() or ((s["co_loc"] == LOC_SHIP) & (s["co_at"] == k)).any():
                out.append(f"ship {k}: a sea creature carries no crew or treasure [Sea Creatures]")
            if s["sh_masts"][k] == 0:
                out.append(f"sh_masts[{k}]: a sea creature with no segments is eliminated")
            if s["sh_pin"][k] >= 0:
                out.append(f"sh_pin[{k}]: sea creatures can't ram or be pinned [Sea Creatures]")
    return out


def _tow_record(s, n) -> list:
    """--- tow / trade currents: a ship's fleet is a seat in the game and changes only for a
    ship in play towed in; a tow links a tower with a mast to a derelict afloat of her fleet
    whose bow touches her [Tow]; only a Navigator is spent (ruling: Navigator)."""
    out = []
    cfg = s["cfg"]
    for k in range(MAX_SHIPS):
        p, j = divmod(k, MAX_FLEET)
        o = int(s["sh_owner"][k])
        if o != p and (p >= n or o >= n or cfg["ship_def"][p, j] < 0):
            out.append(f"sh_owner[{k}] = {o}: only a ship of the game changes fleet [Tow]")
        elif o != p and int(s["phase"]) < PH_PLAY:
            # init puts every ship in her own fleet and only tow.py (a move in play) changes
            # it; in setup her seat's home and deploy questions are asked by slot, so another
            # fleet's ship would be placed at this seat's home and docked at a foe's island
            out.append(f"sh_owner[{k}] = {o}: a ship is her own seat's until a tow in play "
                       "[Tow]")
        t = int(s["sh_tow"][k])
        if t < 0:
            continue
        bad = not (s["sh_live"][k] and s["sh_live"][t] and t != k and s["sh_masts"][k]
                   and s["sh_masts"][t] == 0 and not s["sh_wreck"][t]
                   and s["sh_lost"][k] < 0 and s["sh_lost"][t] < 0
                   and s["sh_owner"][t] == o and s["sh_tow"][t] < 0
                   and (s["sh_tow"] == t).sum() == 1 and not cfg["ship_creature"][p, j])
        if not bad:
            lt, ht = float(s["sh_len"][t]), float(s["sh_h"][t])
            bx = float(s["sh_x"][t]) + lt * np.cos(ht)
            by = float(s["sh_y"][t]) + lt * np.sin(ht)
            lk, hk = float(s["sh_len"][k]), float(s["sh_h"][k])
            xk, yk = float(s["sh_x"][k]), float(s["sh_y"][k])
            bad = _pt_seg(bx, by, xk, yk, xk + lk * np.cos(hk), yk + lk * np.sin(hk)) > \
                2 * SHIP_R + 2e-3
        if bad:
            out.append(f"sh_tow[{k}] = {t}: a ship with a mast tows one derelict of her fleet "
                       "whose bow touches her [Tow]")
    for c in range(MAX_CREW):
        q, j = divmod(c, MAX_CREW_P)
        if s["cr_nav"][c] and not int(cfg["crew_kw"][q, j]) & KW_NAVIGATOR:
            out.append(f"cr_nav[{c}]: only a Navigator places a trade current (ruling: Navigator)")
    return out


def _pt_seg(px, py, ax, ay, bx, by):
    ex, ey = bx - ax, by - ay
    ll = ex * ex + ey * ey
    t = 0.0 if ll == 0 else min(1.0, max(0.0, ((px - ax) * ex + (py - ay) * ey) / ll))
    return float(np.hypot(ax + t * ex - px, ay + t * ey - py))


def _seg_seg(ax, ay, bx, by, cx, cy, dx, dy):
    def cross(ox, oy, px, py, qx, qy):
        return (px - ox) * (qy - oy) - (py - oy) * (qx - ox)
    d1, d2 = cross(cx, cy, dx, dy, ax, ay), cross(cx, cy, dx, dy, bx, by)
    d3, d4 = cross(ax, ay, bx, by, cx, cy), cross(ax, ay, bx, by, dx, dy)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return 0.0
    return min(_pt_seg(ax, ay, cx, cy, dx, dy), _pt_seg(bx, by, cx, cy, dx, dy),
               _pt_seg(cx, cy, ax, ay, bx, by), _pt_seg(dx, dy, ax, ay, bx, by))


def _semantic(states, r):
    n = states["num_players"].astype(np.int64)
    for i in range(states.shape[0]):
        probs = _record(states[i], int(n[i]))
        for p in probs[:5]:
            r.flag(np.arange(states.shape[0]) == i, p)


def _unused_pieces(prefix: str, what: str, per_seat: int, blank: tuple[str, ...], skip=()):
    """The ships (crew, coins) of seats not in the game: index ``p * per_seat + j`` is seat p's."""
    fields = tuple(f for f in STATE.names if f.startswith(prefix) and f not in skip)
    return V.unused_slots_stage(fields, lambda states: states["num_players"] * per_seat,
                                {f: -1 for f in blank}, what)


#: seats not in the game (their fleets, crew and coins too) stay as set-up leaves them: -1 (no
#: piece, no place in the turn order, no home) or 0. Reefs are one per player at most but are
#: numbered as placed, not per seat; sh_owner of such a ship is its seat, checked with the fleets.
_UNUSED = (
    V.unused_seats_stage(V.seat_fields(STATE, MAX_PLAYERS, exclude=("rf_x", "rf_y", "rf_rating")),
                         {f: -1 for f in ("cfg.ship_def", "cfg.crew_def", "cfg.crew_slot",
                                          "cfg.coin_val", "cfg.fort_def", "order", "home")}),
    _unused_pieces("sh_", "ship", MAX_FLEET, ("sh_last", "sh_dock", "sh_began", "sh_pin", "sh_lost",
                                              "sh_tangled", "sh_tow"), skip=("sh_owner",)),
    _unused_pieces("cr_", "crew", MAX_CREW_P, ("cr_ship", "cr_isl")),
    _unused_pieces("co_", "coin", MAX_COINS_P, ("co_at", "co_val")),
)


def check_states(states):
    """One list of problems per record (empty when valid)."""
    return V.run_stages(states, [V.header_stage(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_MAX_STEPS), *_UNUSED, _config,
                                 _config2, _catalogue,
                                 _ranges, _semantic, V.legal_action_stage(NUM_ACTIONS, batch.batch_legal)])
