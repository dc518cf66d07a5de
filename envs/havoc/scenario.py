"""Seas of Havoc positions as readable dicts (and TOML files): build one, describe one.

``from_scenario(d)`` starts a real game from ``d``'s config and seed, then overlays what
``d`` names (phase, grid, ships, crews' zones and resources, market ...) and lets the phase
driver ask the next decision. ``to_scenario(rec)`` describes any position in the same
format, so ``from_scenario(to_scenario(rec))`` reproduces every described part. Card
conservation is not enforced here: a scenario may add cards to show one rule.

Format (every key optional)::

    players = 3, variant = "standard", seed = 1, auto_forced = false, ...  # make_config kwargs
    ship_classes = ["Xebec", ...]   captains = [...]      # config "ships" and "captains"
    phase = "island" | "purchase" | "sea"      cur = 0   first = 0   round = 1
    grid = ["......", "..R...", ...]  # R rock, W whirlpool clockwise, w anticlockwise, G gust
    gust_dir = "E"        damage_left = 10     wrecks = [[r, c, value], ...]
    ships = [{crew = 0, index = 0, at = [r, c], heading = "N"}, ...]
    crews = [{res = [sail, cannon, coin], infamy = 0, hand = {"Card" = 2}, discard = {...},
              deck = ["Card", ...] (top last), booty = 2, upgrades = [1, 0], skiffs = 3}, ...]
    flags = {Swift = 0}   market = ["Card", ...]
"""

import numpy as np

from envs.core.errors import ConfigError
from envs.havoc import cards, rules
from envs.havoc.common import begin_island, begin_sea
from envs.havoc.state import (
    FEAT_GUST, FEAT_NONE, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_NAMES, GRID,
    MARKET_SIZE, NDEFS, NUM_WRECKS, PH_ISLAND, PH_PURCHASE, PH_SEA, PK_NONE, STATE,
)

HEADINGS = "NESW"
FEATURE_CHARS = {".": FEAT_NONE, "R": FEAT_ROCK, "W": FEAT_WHIRL_CW, "w": FEAT_WHIRL_CCW,
                 "G": FEAT_GUST}
FEATURE_LETTER = {v: k for k, v in FEATURE_CHARS.items()}
PHASES = {"island": PH_ISLAND, "purchase": PH_PURCHASE, "sea": PH_SEA}
CONFIG_KEYS = ("num_players", "variant", "captains", "teams", "num_ghosts",
               "damage_deck", "auto_forced", "max_steps", "gust_dir", "shaped_reward")


def _fail(key, problem):
    raise ConfigError(f"scenario field {key!r}: {problem}")


def _card(name, key):
    try:
        return cards.card_id(name)
    except (KeyError, ValueError, ConfigError):
        _fail(key, f"unknown card {name!r}")


def _heading(h, key):
    if isinstance(h, str) and h in HEADINGS:
        return HEADINGS.index(h)
    _fail(key, f"heading {h!r} is not one of N, E, S, W")


def _cell(at, key):
    r, c = at
    if not (0 <= r < GRID and 0 <= c < GRID):
        _fail(key, f"square {at} is off the {GRID}x{GRID} sea grid")
    return r, c


def _wreck_token(rec, value, taken, key):
    """A token id (1-based) of the given booty value that is not already in use."""
    for t in range(1, NUM_WRECKS + 1):
        if cards.WRECK_VALUE[t - 1] == value and t not in taken:
            taken.add(t)
            return t
    _fail(key, f"no free shipwreck token of value {value}")


def _counts(d, key):
    out = np.zeros(NDEFS, dtype=np.int8)
    for name, n in d.items():
        out[_card(name, key)] += int(n)
    return out


def from_scenario(d: dict) -> np.ndarray:
    """Build a STATE array (1,) from a scenario dict; raises ConfigError naming the bad key."""
    from envs.havoc.config import make_config

    kw = {k: d[k] for k in CONFIG_KEYS if k in d}
    if "players" in d:
        kw["num_players"] = d["players"]
    if "ship_classes" in d:  # "ships" in a scenario places ship pieces
        kw["ships"] = d["ship_classes"]
    cfg = make_config(**kw)
    arr = np.zeros(1, dtype=STATE)
    rules.init(arr[0], cfg[0], int(d.get("seed", 0)))
    rec = arr[0]
    view = arr  # field access by name on the array keeps writes in place

    for s in range(rec["num_ships"]):
        view["ship_placed"][0][s] = 1
    if "grid" in d:
        rows = d["grid"]
        if len(rows) != GRID or any(len(r) != GRID for r in rows):
            _fail("grid", f"needs {GRID} rows of {GRID} characters")
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch not in FEATURE_CHARS:
                    _fail("grid", f"unknown feature {ch!r} at {r},{c} (use . R W w G)")
                view["feature"][0][r, c] = FEATURE_CHARS[ch]
    if "gust_dir" in d:
        view["gust_dir"][0] = _heading(d["gust_dir"], "gust_dir")
    if "wrecks" in d:
        taken = set()
        view["wreck"][0][:] = 0
        for i, w in enumerate(d["wrecks"]):
            r, c = _cell(w[:2], f"wrecks[{i}]")
            value = w[2] if len(w) > 2 else int(cards.WRECK_VALUE[0])
            view["wreck"][0][r, c] = _wreck_token(rec, value, taken, f"wrecks[{i}]")
        stack = [t for t in range(1, NUM_WRECKS + 1) if t not in taken]
        view["wreck_stack"][0][:] = 0
        view["wreck_stack"][0][: len(stack)] = stack
        view["wreck_stack_n"][0] = len(stack)
    for i, sh in enumerate(d.get("ships", [])):
        key = f"ships[{i}]"
        crew = int(sh.get("crew", 0))
        if not 0 <= crew < rec["num_crews"]:
            _fail(key, f"crew {crew} is not in this game ({rec['num_crews']} crews)")
        idx = rec["crew_ships"][crew, int(sh.get("index", 0))]
        if idx < 0:
            _fail(key, f"crew {crew} has no ship {sh.get('index', 0)}")
        if "at" in sh:
            r, c = _cell(sh["at"], key)
            view["ship_r"][0][idx], view["ship_c"][0][idx] = r, c
        if "heading" in sh:
            view["ship_h"][0][idx] = _heading(sh["heading"], key)
    for c, cd in enumerate(d.get("crews", [])):
        key = f"crews[{c}]"
        if c >= rec["num_crews"]:
            _fail(key, f"only {rec['num_crews']} crews in this game")
        if "res" in cd:
            view["res"][0][c, :] = cd["res"]
        if "infamy" in cd:
            view["infamy"][0][c] = cd["infamy"]
        if "hand" in cd:
            view["hand"][0][c, :] = _counts(cd["hand"], key + ".hand")
        if "discard" in cd:
            view["discard"][0][c, :] = _counts(cd["discard"], key + ".discard")
        if "deck" in cd:
            ids = [_card(n, key + ".deck") for n in cd["deck"]]
            view["deck"][0][c, :] = 0
            view["deck"][0][c, : len(ids)] = ids
            view["deck_n"][0][c] = len(ids)
        if "booty" in cd:
            taken = set(int(t) for t in rec["wreck"].ravel() if t) | set(
                int(t) for t in rec["booty"] if t)
            token = 0 if not cd["booty"] else _wreck_token(rec, cd["booty"], taken, key)
            view["booty"][0][c] = token
            st = [t for t in rec["wreck_stack"][: rec["wreck_stack_n"]] if t != token]
            view["wreck_stack"][0][:] = 0
            view["wreck_stack"][0][: len(st)] = st
            view["wreck_stack_n"][0] = len(st)
        if "upgrades" in cd:
            view["upgrade_on"][0][c, :] = cd["upgrades"]
    for name, crew in d.get("flags", {}).items():
        if name not in FLAG_NAMES:
            _fail("flags", f"unknown flag {name!r}; flags are {', '.join(FLAG_NAMES)}")
        view["flag_owner"][0][FLAG_NAMES.index(name)] = crew
    if "market" in d:
        if len(d["market"]) > MARKET_SIZE:
            _fail("market", f"at most {MARKET_SIZE} cards")
        view["market"][0][:] = -1
        for i, name in enumerate(d["market"]):
            view["market"][0][i] = _card(name, "market")
    if "damage_left" in d:
        view["damage_left"][0] = d["damage_left"]
    if "first" in d:
        view["first_crew"][0] = d["first"]

    phase = d.get("phase", "island")
    if phase not in PHASES:
        _fail("phase", f"{phase!r} is not one of {', '.join(PHASES)}")
    if PHASES[phase] == PH_SEA:
        begin_sea(rec)
    else:
        begin_island(rec)
        view["phase"][0] = PHASES[phase]
    for c, cd in enumerate(d.get("crews", [])):
        if "skiffs" in cd:
            view["skiffs"][0][c] = cd["skiffs"]
    if "round" in d:
        view["round"][0] = d["round"]
    if "cur" in d:
        view["cur"][0] = d["cur"]
        view["turn_start"][0] = d["cur"]
    view["pending"][0] = PK_NONE
    rules.resume(rec)
    return arr


def _names(counts):
    return {cards.CARD_NAMES[k]: int(n) for k, n in enumerate(counts) if n}


def to_scenario(rec) -> dict:
    """Describe a position in the from_scenario format."""
    from envs.havoc.state import VARIANT_NAMES

    phase = {v: k for k, v in PHASES.items()}.get(int(rec["phase"]), "over")
    out = {
        "players": int(rec["num_players"]),
        "variant": VARIANT_NAMES[int(rec["cfg"]["variant"])],
        "phase": phase,
        "cur": int(rec["cur"]),
        "first": int(rec["first_crew"]),
        "round": int(rec["round"]),
        "grid": ["".join(FEATURE_LETTER[int(v)] for v in row) for row in rec["feature"]],
        "gust_dir": HEADINGS[int(rec["gust_dir"]) % 4],
        "damage_left": int(rec["damage_left"]),
        "wrecks": [[r, c, int(cards.WRECK_VALUE[rec["wreck"][r, c] - 1])]
                   for r in range(GRID) for c in range(GRID) if rec["wreck"][r, c]],
        "ships": [],
        "crews": [],
        "flags": {FLAG_NAMES[f]: int(o) for f, o in enumerate(rec["flag_owner"]) if o >= 0},
        "market": [cards.CARD_NAMES[m] for m in rec["market"] if m >= 0],
    }
    n = int(rec["num_crews"])
    out["ship_classes"] = [int(x) for x in rec["cfg"]["ship"][:n]]
    out["captains"] = [int(x) for x in rec["cfg"]["captain"][: int(rec["num_players"])]]
    if rec["cfg"]["num_ghosts"]:
        out["num_ghosts"] = int(rec["cfg"]["num_ghosts"])
    for c in range(rec["num_crews"]):
        for k in range(2):
            s = rec["crew_ships"][c, k]
            if s >= 0:
                out["ships"].append({"crew": c, "index": k,
                                     "at": [int(rec["ship_r"][s]), int(rec["ship_c"][s])],
                                     "heading": HEADINGS[int(rec["ship_h"][s])]})
        booty = int(rec["booty"][c])
        out["crews"].append({
            "res": [int(x) for x in rec["res"][c]],
            "infamy": int(rec["infamy"][c]),
            "hand": _names(rec["hand"][c]),
            "discard": _names(rec["discard"][c]),
            "deck": [cards.CARD_NAMES[x] for x in rec["deck"][c, : rec["deck_n"][c]]],
            "booty": int(cards.WRECK_VALUE[booty - 1]) if booty else 0,
            "upgrades": [int(x) for x in rec["upgrade_on"][c]],
            "skiffs": int(rec["skiffs"][c]),
        })
    return out
