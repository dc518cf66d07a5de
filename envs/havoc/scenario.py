"""Seas of Havoc positions as readable dicts (and TOML files): build one, describe one.

``from_scenario(d, env_cfg)`` starts a real game from ``d``'s config and seed, overlays what
``d`` names (phase, grid, ships, crews' zones and resources, market ...), lets the phase
driver ask the next decision, and validates the result with ``check_states``.
``to_scenario(rec, exact)`` describes any position in the same format, so that loading it
gives every seat the same observation and legal mask; with ``exact=True`` the same bytes.

Every key is typed and range-checked by ``SCHEMA`` (``envs.core.schema``): an unknown key is
refused with the closest valid name, a wrong type or value names the key. Rules about the
position as a whole (no ship on a rock or on another ship, resources within capacity, every
shipwreck token once) are ``check_states``'; the cards a scenario places define the game's
card set (``card_total``), so a scenario may put any cards in play.

Format (every key optional)::

    game = "havoc"   description = "..."   seed = 1                  # start from this game
    players = 3  variant = "standard"  ship_classes = [...]  captains = [...]  teams = [...]
    num_ghosts = 2  coop = true  damage_deck = 20  auto_forced = false  max_steps = 0
    shaped_reward = false  stall_limit = 0
        # make_config keywords; with none of them the env's own config is kept
    phase = "island" | "purchase" | "sea"      cur = 0   first = 0   round = 1
    grid = ["......", "..R...", ...]  # R rock, W whirlpool clockwise, w anticlockwise, G gust
    gust_dir = "E"        damage_left = 10     wrecks = [[r, c, value], ...]
    ships = [{crew = 0, index = 0, at = [r, c], heading = "N"}, ...]
    crews = [{res = [sail, cannon, coin], infamy = 0, hand = {"Card" = 2}, discard = {...},
              deck = ["Card", ...] (top last), booty = 2, upgrades = [1, 0], skiffs = 3,
              ghost_hand = ["Ghost card", ...] (a ghost ship's face-down hand, top last)}, ...]
    flags = {Swift = 0}   market = ["Card", ...]   market_deck = ["Card", ...] (top last)
    market_claims = [crew or -1, ...]   slots = {"Bank" = 0, ...}   # Skiffs already out
    ghost_deck = ["Ghost card", ...] (top last)   ghost_discard = [...]   ghost_infamy = 0
        # Ghost Fleet: with any ghost zone given, the ghost cards no zone names go to the
        # bottom of the ghost deck; "Damage" is a Damage card in a ghost zone
    [record]   # raw STATE fields laid over the result last (what the keys above cannot say:
               # a decision in the middle of a card, deck orders written by to_scenario ...)
"""

from __future__ import annotations

import numpy as np

from envs.core import schema as S
from envs.core.errors import StateError
from envs.core.scenario import from_dict, to_dict
from envs.havoc import cards, rules
from envs.havoc.common import begin_island, begin_sea
from envs.havoc.state import (
    A_OPTION, FEAT_GUST, FEAT_NONE, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_NAMES,
    GHOST_DECK, GRID, MARKET_DECK, MARKET_SIZE, MAX_CREWS, MAX_DECK, NDEFS, NORTH,
    NUM_GHOST_CARDS, NUM_WRECKS, PH_ISLAND, PH_PURCHASE, PH_SEA, PH_SETUP, PK_NONE, PK_ORIENT,
    SKIFFS_PER_CREW, SLOT_NAMES, STATE, VAR_GHOST, VARIANT_NAMES,
)

HEADINGS = "NESW"
FEATURE_CHARS = {".": FEAT_NONE, "R": FEAT_ROCK, "W": FEAT_WHIRL_CW, "w": FEAT_WHIRL_CCW,
                 "G": FEAT_GUST}
FEATURE_LETTER = {v: k for k, v in FEATURE_CHARS.items()}
PHASES = {"island": PH_ISLAND, "purchase": PH_PURCHASE, "sea": PH_SEA}
PHASE_NAMES = {v: k for k, v in PHASES.items()}
#: scenario key -> make_config keyword
CONFIG_KEYS = {"players": "num_players", "num_players": "num_players", "variant": "variant",
               "ship_classes": "ships", "captains": "captains", "teams": "teams",
               "num_ghosts": "num_ghosts", "damage_deck": "damage_deck",
               "auto_forced": "auto_forced", "max_steps": "max_steps",
               "shaped_reward": "shaped_reward", "config_gust_dir": "gust_dir",
               "coop": "coop", "stall_limit": "stall_limit"}

_CARD = S.Choice(cards.CARD_NAMES[: cards.NUM_CARD_DEFS], "a card name from cards.toml")
GHOST_CARD_NAMES = tuple(cards.GHOST_NAMES) + ("Damage",)
_GHOST_CARD = S.Choice(GHOST_CARD_NAMES, "a ghost card name from cards.toml, or Damage")
_GHOST_PILE = S.ListOf(_GHOST_CARD, max_len=GHOST_DECK, doc="ghost cards, top last")
_SQUARE = S.ListOf(S.Int(0, GRID - 1), length=2, doc="[row, column] on the 6x6 sea grid")


class _NameOrId(S.Field):
    """A ship class or captain by name or by id."""

    def __init__(self, names):
        self.names = S.Choice(names)
        self.ids = S.Int(0, len(names) - 1)

    def parse(self, value, path):
        return self.names.parse(value, path) if isinstance(value, str) else \
            self.ids.parse(value, path)


_CREW = S.Table({
    "res": S.ListOf(S.Int(0, 99), length=3, doc="sail, cannon, coin"),
    "infamy": S.Int(0, 10000, "Infamy is never below 0 [Set Starting Infamy]"),
    "hand": S.MapOf(_CARD, S.Int(0, 100)),
    "discard": S.MapOf(_CARD, S.Int(0, 100)),
    "deck": S.ListOf(_CARD, max_len=MAX_DECK, doc="top card last"),
    "booty": S.Int(0, 9, "the value of the shipwreck token held, 0 = none"),
    "upgrades": S.ListOf(S.Int(0, 1), length=2),
    "skiffs": S.Int(0, SKIFFS_PER_CREW, "Skiffs not yet placed this Island Phase"),
    "ghost_hand": S.ListOf(_GHOST_CARD, max_len=12, doc="a ghost ship's hand, top last"),
})
_SHIP = S.Table({
    "crew": S.Int(0, MAX_CREWS - 1), "index": S.Int(0, 1, "the crew's first or second ship"),
    "at": _SQUARE, "heading": S.Choice(list(HEADINGS)),
})

SCHEMA = S.Table({
    "game": S.Str(), "description": S.Str(),
    "seed": S.Int(-(2**63), 2**64 - 1, "the game set up with this seed is the starting point"),
    "players": S.Int(1, 5), "num_players": S.Int(1, 5),
    "variant": S.Choice(VARIANT_NAMES),
    "ship_classes": S.ListOf(_NameOrId(cards.SHIP_NAMES), max_len=MAX_CREWS),
    "captains": S.ListOf(_NameOrId(cards.CAPTAIN_NAMES), max_len=5),
    "teams": S.ListOf(S.Int(0, 4), max_len=5),
    "num_ghosts": S.Int(0, 3), "damage_deck": S.Int(1, 42),
    "auto_forced": S.Bool(), "max_steps": S.Int(0, 2**31 - 1), "shaped_reward": S.Bool(),
    "coop": S.Bool(), "stall_limit": S.Int(0, 100, "0 = the rulebook's end only"),
    "config_gust_dir": S.Choice(list(HEADINGS), "the config's fixed gust direction"),
    "phase": S.Choice(list(PHASES)),
    "cur": S.Int(0, MAX_CREWS - 1, "the crew to act"),
    "first": S.Int(0, MAX_CREWS - 1, "the First Player token's holder"),
    "round": S.Int(1, 32000),
    "grid": S.ListOf(S.Str(), length=GRID, doc="6 rows of 6 characters . R W w G"),
    "gust_dir": S.Choice(list(HEADINGS)),
    "damage_left": S.Int(0, 42, "cards in the Damage deck"),
    "wrecks": S.ListOf(S.ListOf(S.Int(0, 9), min_len=2, max_len=3), max_len=NUM_WRECKS,
                       doc="[row, column, value]"),
    "ships": S.ListOf(_SHIP, max_len=2 * MAX_CREWS),
    "crews": S.ListOf(_CREW, max_len=MAX_CREWS),
    "flags": S.MapOf(S.Choice(FLAG_NAMES), S.Int(-1, MAX_CREWS - 1)),
    "market": S.ListOf(S.Choice(cards.CARD_NAMES[: cards.NUM_CARD_DEFS] + ("",)),
                       max_len=MARKET_SIZE, doc="card names, '' for an empty place"),
    "market_deck": S.ListOf(_CARD, max_len=MARKET_DECK, doc="the Market deck, top last"),
    "market_claims": S.ListOf(S.Int(-1, MAX_CREWS - 1), max_len=MARKET_SIZE,
                              doc="the crew whose Skiff claims each market card, -1 none"),
    "slots": S.MapOf(S.Choice(SLOT_NAMES), S.Int(-1, MAX_CREWS - 1),
                     doc="island slots taken by a crew's Skiff this Island Phase"),
    "ghost_deck": _GHOST_PILE, "ghost_discard": _GHOST_PILE,
    "ghost_infamy": S.Int(0, 10000, "the Ghost Fleet's Infamy tracker"),
    "record": S.RawTable("raw STATE fields, checked by name and dtype when laid over"),
})


def _config(d: dict, env_cfg):
    """The CONFIG array: from the scenario's config keys, else the env's."""
    from envs.havoc.config import make_config

    kw = {CONFIG_KEYS[k]: v for k, v in d.items() if k in CONFIG_KEYS}
    if not kw and env_cfg is not None:
        return env_cfg.copy()
    if "ships" in kw:
        kw["ships"] = list(kw["ships"])
    return make_config(**kw)


def _wreck_token(value, taken, key):
    """A token id (1-based) of the given booty value that is not already in use."""
    for t in range(1, NUM_WRECKS + 1):
        if cards.WRECK_VALUE[t - 1] == value and t not in taken:
            taken.add(t)
            return t
    S.fail(key, f"no free shipwreck token of value {value} (values: "
                f"{sorted(int(v) for v in cards.WRECK_VALUE)})")


def _counts(d):
    out = np.zeros(NDEFS, dtype=np.int64)
    for name, n in d.items():
        out[cards.card_id(name)] += n
    return out


def _check_crew_index(value, n, key):
    if value >= n:
        S.fail(key, f"{value} is not a crew of this game (0..{n - 1})")


def build(d: dict, env_cfg=None) -> np.ndarray:
    """The STATE array (1,) a parsed scenario describes (not yet validated)."""
    cfg = _config(d, env_cfg)
    arr = np.zeros(1, dtype=STATE)
    rules.init(arr[0], cfg[0], np.uint64(d.get("seed", 0) % 2**64))
    rec = arr[0]
    v = arr  # field access by name on the array keeps writes in place
    # finish setup as the dice place the ships (every heading north); the keys below move them
    while rec["phase"] == PH_SETUP and rec["pending"] == PK_ORIENT:
        rules.apply(rec, A_OPTION + NORTH)
    n = int(rec["num_crews"])
    for key in ("cur", "first"):
        if key in d:
            _check_crew_index(d[key], n, key)
    if "grid" in d:
        for r, row in enumerate(d["grid"]):
            if len(row) != GRID or any(ch not in FEATURE_CHARS for ch in row):
                S.fail(f"grid[{r}]", f"{row!r}: needs {GRID} characters of . R W w G")
            for c, ch in enumerate(row):
                v["feature"][0][r, c] = FEATURE_CHARS[ch]
    if "gust_dir" in d:
        v["gust_dir"][0] = HEADINGS.index(d["gust_dir"])
    if "wrecks" in d:
        taken = set()
        v["wreck"][0][:] = 0
        for i, w in enumerate(d["wrecks"]):
            value = w[2] if len(w) > 2 else int(cards.WRECK_VALUE[0])
            if w[0] >= GRID or w[1] >= GRID:
                S.fail(f"wrecks[{i}]", f"square {w[:2]} is off the {GRID}x{GRID} sea grid")
            v["wreck"][0][w[0], w[1]] = _wreck_token(value, taken, f"wrecks[{i}]")
        stack = [t for t in range(1, NUM_WRECKS + 1) if t not in taken]
        v["wreck_stack"][0][:] = 0
        v["wreck_stack"][0][: len(stack)] = stack
        v["wreck_stack_n"][0] = len(stack)
    for i, sh in enumerate(d.get("ships", [])):
        key = f"ships[{i}]"
        crew = sh.get("crew", 0)
        _check_crew_index(crew, n, key + ".crew")
        idx = rec["crew_ships"][crew, sh.get("index", 0)]
        if idx < 0:
            S.fail(key, f"crew {crew} has no ship {sh.get('index', 0)} in this variant")
        if "at" in sh:
            v["ship_r"][0][idx], v["ship_c"][0][idx] = sh["at"]
        if "heading" in sh:
            v["ship_h"][0][idx] = HEADINGS.index(sh["heading"])
    if len(d.get("crews", [])) > n:
        S.fail("crews", f"{len(d['crews'])} crews given, this game has {n}")
    for c, cd in enumerate(d.get("crews", [])):
        if "res" in cd:
            v["res"][0][c, :] = cd["res"]
        if "infamy" in cd:
            v["infamy"][0][c] = cd["infamy"]
        if "hand" in cd:
            v["hand"][0][c, :] = _counts(cd["hand"])
        if "discard" in cd:
            v["discard"][0][c, :] = _counts(cd["discard"])
        if "deck" in cd:
            ids = [cards.card_id(name) for name in cd["deck"]]
            v["deck"][0][c, :] = 0
            v["deck"][0][c, : len(ids)] = ids
            v["deck_n"][0][c] = len(ids)
        if "booty" in cd:
            taken = {int(t) for t in rec["wreck"].ravel() if t} | {
                int(t) for k, t in enumerate(rec["booty"]) if t and k != c}
            token = 0 if not cd["booty"] else _wreck_token(cd["booty"], taken,
                                                            f"crews[{c}].booty")
            v["booty"][0][c] = token
            st = [t for t in rec["wreck_stack"][: rec["wreck_stack_n"]] if t != token]
            v["wreck_stack"][0][:] = 0
            v["wreck_stack"][0][: len(st)] = st
            v["wreck_stack_n"][0] = len(st)
        if "upgrades" in cd:
            v["upgrade_on"][0][c, :] = cd["upgrades"]
    for name, crew in d.get("flags", {}).items():
        if crew >= 0:
            _check_crew_index(crew, n, f"flags.{name}")
        v["flag_owner"][0][FLAG_NAMES.index(name)] = crew
    if "market" in d:
        v["market"][0][:] = -1
        for i, name in enumerate(d["market"]):
            v["market"][0][i] = cards.card_id(name) if name else -1
    if "market_deck" in d:
        ids = [cards.card_id(name) for name in d["market_deck"]]
        v["market_deck"][0][:] = 0
        v["market_deck"][0][: len(ids)] = ids
        v["market_deck_n"][0] = len(ids)
    _ghost_zones(v, d)
    _count_damage(v, d)
    # the cards the scenario put in play are this game's cards
    from envs.havoc.validate import _zone_counts

    total = _zone_counts(arr)[0]
    total[0] = 0
    v["card_total"][0][:] = total
    if "first" in d:
        v["first_crew"][0] = d["first"]

    phase = PHASES[d.get("phase", "island")]
    if phase == PH_SEA:
        begin_sea(rec)
    else:
        begin_island(rec)
        v["phase"][0] = phase
    for c, cd in enumerate(d.get("crews", [])):
        if "skiffs" in cd:
            v["skiffs"][0][c] = cd["skiffs"]
    for i, crew in enumerate(d.get("market_claims", [])):
        if crew >= 0:
            _check_crew_index(crew, n, f"market_claims[{i}]")
        v["market_claim"][0][i] = crew
    for name, crew in d.get("slots", {}).items():
        if crew >= 0:
            _check_crew_index(crew, n, f"slots.{name}")
        v["slot_crew"][0][SLOT_NAMES.index(name)] = crew
    if "round" in d:
        v["round"][0] = d["round"]
    if "cur" in d:
        v["cur"][0] = d["cur"]
        v["turn_start"][0] = d["cur"]
    v["pending"][0] = PK_NONE
    # the position starts the step count; a max_steps below the set-up decisions above must
    # not leave it truncated
    v["step"][0] = 0
    v["truncated"][0] = 0
    rules.resume(rec)
    if "record" in d:
        arr = from_dict(d["record"], arr)
    return arr


def _ghost_zones(v, d):
    """Lay out the ghost deck, discard pile and hands the scenario names [Ghost Fleet Setup];
    ghost cards no zone names go to the bottom of the ghost deck."""
    rec = v[0]
    if "ghost_infamy" in d:
        v["ghost_infamy"][0] = d["ghost_infamy"]
    hands = {c: cd["ghost_hand"] for c, cd in enumerate(d.get("crews", [])) if "ghost_hand" in cd}
    if not hands and "ghost_deck" not in d and "ghost_discard" not in d:
        return
    if int(rec["cfg"]["variant"]) != VAR_GHOST:
        S.fail("ghost_deck", "ghost cards are only in a Ghost Fleet game (variant = 'ghost')")
    ids = {name: k for k, name in enumerate(GHOST_CARD_NAMES)}
    named = [ids[n] for n in d.get("ghost_deck", []) + d.get("ghost_discard", [])]
    for c, hand in hands.items():
        if int(rec["crew_seat"][c]) >= 0:
            S.fail(f"crews[{c}].ghost_hand", f"crew {c} is a player, not a ghost ship")
        named += [ids[n] for n in hand]
    seen = [g for g in named if g != NUM_GHOST_CARDS]
    if len(seen) != len(set(seen)):
        S.fail("ghost_deck", "a ghost card is named in two places (there is one of each)")
    rest = [g for g in range(NUM_GHOST_CARDS) if g not in seen]
    deck = rest + [ids[n] for n in d.get("ghost_deck", [])]
    discard = [ids[n] for n in d.get("ghost_discard", [])]
    v["ghost_deck"][0][:] = 0
    v["ghost_deck"][0][: len(deck)] = deck
    v["ghost_deck_n"][0] = len(deck)
    v["ghost_discard"][0][:] = 0
    v["ghost_discard"][0][: len(discard)] = discard
    v["ghost_discard_n"][0] = len(discard)
    for c in range(int(rec["num_crews"])):
        if int(rec["crew_seat"][c]) >= 0:
            continue
        hand = [ids[n] for n in hands.get(c, [])]
        v["ghost_hand"][0][c, :] = 0
        v["ghost_hand"][0][c, : len(hand)] = hand
        v["ghost_hand_n"][0][c] = len(hand)


def _count_damage(v, d):
    """Damage in play and in the deck adds up to the deck size and box cards taken [Ending the
    Game]: damage_left (given or derived) fixes damage_extra; Damage cards the scenario
    neither places nor leaves in the deck were dealt and scrapped (scrap pile)."""
    rec = v[0]
    in_play = int(rec["hand"][:, 0].sum() + rec["discard"][:, 0].sum())
    for c in range(int(rec["num_crews"])):
        in_play += int((rec["deck"][c, : rec["deck_n"][c]] == 0).sum())
    in_play += int(rec["scrap"][0])
    for field, nfield in (("ghost_deck", "ghost_deck_n"), ("ghost_discard", "ghost_discard_n")):
        in_play += int((rec[field][: rec[nfield]] == 24).sum())
    for c in range(int(rec["num_crews"])):
        in_play += int((rec["ghost_hand"][c, : rec["ghost_hand_n"][c]] == 24).sum())
    deck = int(rec["cfg"]["damage_deck"])
    left = d.get("damage_left", max(0, deck - in_play))
    extra = in_play + left - deck
    if extra < 0:
        v["scrap"][0][0] += -extra
        extra = 0
    if deck + extra > 42:
        S.fail("damage_left", f"{left} left with {in_play} Damage cards in play does not add up "
                              f"to the {deck}-card Damage deck plus cards from the 42 in the box")
    v["damage_left"][0] = left
    v["damage_extra"][0] = extra


def from_scenario(d: dict, env_cfg=None) -> np.ndarray:
    """A validated STATE array (1,) from a scenario dict; StateError naming the bad key or
    the broken invariant (ConfigError for a bad config keyword)."""
    from envs.havoc.validate import check_states

    parsed = SCHEMA.parse(d)
    arr = build(parsed, env_cfg)
    problems = check_states(arr)[0]
    if problems:
        raise StateError("havoc scenario describes no valid position", problems)
    return arr


def _names(counts):
    return {cards.CARD_NAMES[k]: int(n) for k, n in enumerate(counts) if n}


def readable(rec) -> dict:
    """The position in the readable keys (what ``build`` can set up from them)."""
    from envs.havoc.config import config_kwargs

    kw = config_kwargs(rec["cfg"])
    out = {"players": kw["num_players"], "variant": kw["variant"],
           "ship_classes": kw["ships"], "captains": kw["captains"],
           "damage_deck": kw["damage_deck"], "auto_forced": kw["auto_forced"],
           "max_steps": kw["max_steps"], "shaped_reward": kw["shaped_reward"],
           "stall_limit": kw["stall_limit"]}
    for key in ("teams", "num_ghosts", "coop"):
        if key in kw:
            out[key] = kw[key]
    if kw["gust_dir"] is not None:
        out["config_gust_dir"] = kw["gust_dir"]
    phase = PHASE_NAMES.get(int(rec["phase"]))
    if phase is not None:
        out["phase"] = phase
    out.update({
        "cur": int(rec["cur"]),
        "first": int(rec["first_crew"]),
        "grid": ["".join(FEATURE_LETTER[int(x)] for x in row) for row in rec["feature"]],
        "gust_dir": HEADINGS[int(rec["gust_dir"]) % 4],
        "damage_left": int(rec["damage_left"]),
        "wrecks": [[r, c, int(cards.WRECK_VALUE[rec["wreck"][r, c] - 1])]
                   for r in range(GRID) for c in range(GRID) if rec["wreck"][r, c]],
        "ships": [],
        "crews": [],
        "flags": {FLAG_NAMES[f]: int(o) for f, o in enumerate(rec["flag_owner"]) if o >= 0},
        "market": [cards.CARD_NAMES[m] if m >= 0 else "" for m in rec["market"]],
        "market_deck": [cards.CARD_NAMES[m] for m in rec["market_deck"][: rec["market_deck_n"]]],
        "market_claims": [int(x) for x in rec["market_claim"]],
        "slots": {SLOT_NAMES[k]: int(x) for k, x in enumerate(rec["slot_crew"]) if x >= 0},
    })
    if int(rec["round"]) >= 1:
        out["round"] = int(rec["round"])
    if int(rec["cfg"]["variant"]) == VAR_GHOST:
        out["ghost_deck"] = [GHOST_CARD_NAMES[g] for g in rec["ghost_deck"][: rec["ghost_deck_n"]]]
        out["ghost_discard"] = [GHOST_CARD_NAMES[g]
                                for g in rec["ghost_discard"][: rec["ghost_discard_n"]]]
        out["ghost_infamy"] = int(rec["ghost_infamy"])
    for c in range(int(rec["num_crews"])):
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
        if int(rec["crew_seat"][c]) < 0:
            out["crews"][-1]["ghost_hand"] = [
                GHOST_CARD_NAMES[g] for g in rec["ghost_hand"][c, : rec["ghost_hand_n"][c]]]
    return out


def to_scenario(rec, exact: bool = False) -> dict:
    """Describe a position in the from_scenario format.

    The readable keys say what they can; the ``record`` table holds every other field that
    differs from the position those keys build (a decision halfway through a card, the
    Market deck and ghost deck orders ...), so loading the result gives every seat the same
    observation and legal mask. ``exact=True`` adds the rng: the same bytes.
    """
    out = readable(rec)
    built = build(SCHEMA.parse(out))
    rest = to_dict(rec, built)
    if not exact:
        rest.pop("rng", None)
    if rest:
        out["record"] = rest
    return out
