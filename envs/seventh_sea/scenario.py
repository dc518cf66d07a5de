"""7th Sea CCG readable positions: a compact TOML format for rule tests and examples.

The GameSpec round-trips any record through the generic ``state`` table of
``envs.core.scenario`` (field names of ``state.STATE``); this module adds a format a person
can write, for the start of a player's action in the Actions phase::

    rule = "Suffering Hits"          # rulebook section the position illustrates
    players = 2
    edition = "revised"              # or "original"
    decks = ["castille", "crimson_rogers"]   # optional, starter names (default in order)
    seed = 3
    first = 0                        # first player of the turn (order clockwise)
    [[player]]
    sea = "La Boca"                  # default: the Captain's home Sea
    crew = ["Powder Priest"]         # aboard after the Captain, taken from the deck
    tacked = ["Powder Priest"]       # crew (or the Captain) by name
    hand = ["Broadside Volley"]      # taken from the deck
    attach = [["Fine Rapier", "Don Alvaro"], ["Extra Rigging", "ship"], ["Lords of La Boca", "La Boca"]]
    adventures = [["Sunken Treasure", "La Boca"]]
    deck = ["Deckhands"]             # optional: the deck holds only these, the rest discarded
    ship_tacked = false
    chantey = "Capstan Chantey"     # this player's Chantey in play (revised; one at most)

Cards come out of the seat's own deck list, so conservation holds; the result is checked by
``check_states``. Every bad key or card raises ConfigError naming it.
"""

from __future__ import annotations

import tomllib

import numpy as np

from envs.core.errors import ConfigError
from envs.seventh_sea import rules
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import INDEX
from envs.seventh_sea.config import make_config
from envs.seventh_sea.validate import check_states

TOP_KEYS = {"rule", "description", "players", "edition", "decks", "seed", "first", "player"}
PLAYER_KEYS = {"sea", "crew", "tacked", "hand", "attach", "adventures", "deck", "ship_tacked",
               "chantey"}


def _take(rec, p, name, where):
    if name not in INDEX:
        raise ConfigError(f"{where}: unknown card {name!r}")
    d = INDEX[name]
    n = int(rec["deck_n"][p])
    row = rec["deck"][p]
    for i in range(n):
        if int(row[i]) == d:
            row[i] = row[n - 1]
            row[n - 1] = -1
            rec["deck_n"][p] = n - 1
            return d
    raise ConfigError(f"{where}: {name!r} is not left in player {p}'s deck")


def _sea(name, where):
    if name not in S.SEA_NAMES:
        raise ConfigError(f"{where}: unknown Sea {name!r}; Seas: {', '.join(S.SEA_NAMES)}")
    return S.SEA_NAMES.index(name)


def _listed(pl, key, cap, where):
    """pl[key] as a list, refused by name past the record's room for it."""
    items = pl.get(key, [])
    if not isinstance(items, list):
        raise ConfigError(f"{where} {key}: expected a list, got {items!r}")
    if len(items) > cap:
        raise ConfigError(f"{where} {key}: {len(items)} cards, the record holds {cap}")
    return items


def build(d: dict) -> np.ndarray:
    """The STATE array (1,) of a compact scenario dict (see the module docstring)."""
    bad = sorted(set(d) - TOP_KEYS)
    if bad:
        raise ConfigError(f"scenario: unknown key(s) {bad}; known: {sorted(TOP_KEYS)}")
    n = d.get("players", 2)
    kw = {"num_players": n, "edition": d.get("edition", "revised")}
    if "decks" in d:
        kw["decks"] = d["decks"]
    cfg = make_config(**kw)
    arr = np.zeros(1, S.STATE)
    rules.init(arr[0], cfg[0], np.uint64(d.get("seed", 0)))
    rec = arr[0]
    players = d.get("player", [])
    if len(players) != n:
        raise ConfigError(f"scenario: {len(players)} [[player]] tables for {n} players")
    for p, pl in enumerate(players):
        bad = sorted(set(pl) - PLAYER_KEYS)
        if bad:
            raise ConfigError(f"player {p}: unknown key(s) {bad}; known: {sorted(PLAYER_KEYS)}")
        w = f"player {p}"
        crew = _listed(pl, "crew", S.MAX_CREW - 1, w)
        hand = _listed(pl, "hand", S.MAX_HAND, w)
        attach = _listed(pl, "attach", S.MAX_ATT, w)
        adventures = _listed(pl, "adventures", S.MAX_ADV, w)
        names = {}
        for j, name in enumerate(crew, start=1):
            rec["crew"][p][j] = _take(rec, p, name, w + " crew")
            names[name] = j
        rec["crew_n"][p] = 1 + len(crew)
        names[S_name(int(rec["crew"][p][0]))] = 0
        for name in pl.get("tacked", []):
            if name not in names:
                raise ConfigError(f"{w} tacked: {name!r} is not aboard")
            rec["tacked"][p][names[name]] = 1
        for i, name in enumerate(hand):
            rec["hand"][p][i] = _take(rec, p, name, w + " hand")
        rec["hand_n"][p] = len(hand)
        for a, (name, host) in enumerate(attach):
            rec["att"][p][a] = _take(rec, p, name, w + " attach")
            if host == "ship":
                h = S.HOST_SHIP
            elif host in S.SEA_NAMES:
                h = S.HOST_SEA + S.SEA_NAMES.index(host)
            elif host in names:
                h = names[host]
            else:
                raise ConfigError(f"{w} attach: host {host!r} is not aboard, 'ship' or a Sea")
            rec["att_host"][p][a] = h
            rec["att_owner"][p][a] = p
        rec["att_n"][p] = len(attach)
        for k, (name, sea) in enumerate(adventures):
            rec["adv"][p][k] = _take(rec, p, name, w + " adventures")
            rec["adv_sea"][p][k] = _sea(sea, w + " adventures")
        rec["adv_n"][p] = len(adventures)
        if "sea" in pl:
            rec["sea"][p] = _sea(pl["sea"], w + " sea")
        rec["ship_tacked"][p] = int(bool(pl.get("ship_tacked", False)))
        if "chantey" in pl:
            if int(rec["chantey"]) >= 0:
                raise ConfigError(f"{w} chantey: only one Chantey is in play (rulesheet: Chantey)")
            rec["chantey"] = _take(rec, p, pl["chantey"], w + " chantey")
            rec["chantey_owner"] = p
        if "deck" in pl:
            keep = [_take(rec, p, name, w + " deck") for name in pl["deck"]]
            for i in range(int(rec["deck_n"][p])):
                rec["discard"][p][i] = rec["deck"][p][i]
                rec["deck"][p][i] = -1
            rec["discard_n"][p] = rec["deck_n"][p]
            for i, c in enumerate(keep):
                rec["deck"][p][i] = c
            rec["deck_n"][p] = len(keep)
        rec["start_done"][p] = 1
    first = d.get("first", 0)
    rec["phase"] = S.PH_ACTIONS
    rec["turn"] = 1
    for i in range(n):
        rec["order"][i] = (first + i) % n
    rec["opos"] = 0
    rec["cur"] = first
    rec["actor"] = first
    rec["to_play"] = first
    rec["pk"] = S.PK_MAIN
    problems = check_states(arr)[0]
    if problems:
        raise ConfigError(f"scenario: invalid position: {problems[:3]}")
    return arr


def S_name(d: int) -> str:
    from envs.seventh_sea.cards import CARD_NAMES

    return CARD_NAMES[d]


def load(path, **overrides) -> np.ndarray:
    with open(path, "rb") as f:
        d = tomllib.load(f)
    d.update(overrides)
    return build(d)


# --- the GameSpec's scenario pair -----------------------------------------------------------
GENERIC_KEYS = ("game", "description", "seed", "config", "config_record", "state")


def to_scenario(rec, exact: bool = False) -> dict:
    """Any position as a scenario: the record's fields that differ from an all-zero record
    (``state`` table, field names of ``state.STATE``); ``exact=True`` keeps the rng so the
    same bytes load back."""
    from envs.core.scenario import to_dict

    zero = np.zeros(1, S.STATE)
    state = to_dict(rec, zero)
    if not exact:
        state.pop("rng", None)
    return {"game": "seventh_sea", "state": state}


def from_scenario(d: dict, env_cfg=None) -> np.ndarray:
    """A STATE array (1,) from either format: the compact one of this module (``players``,
    ``[[player]]`` ...; what tests/scenarios/seventh_sea holds) or the ``state`` table that
    :func:`to_scenario` writes. Unknown keys are refused by name."""
    from envs.core.errors import StateError
    from envs.core.scenario import from_dict, start_record
    from envs.core.schema import closest

    if not isinstance(d, dict):
        raise StateError("scenario must be a table")
    keys = set(d) - {"game"}
    if keys <= set(GENERIC_KEYS) and (keys & {"state", "config", "config_record"}
                                      or not keys - {"description", "seed"}):
        config = d.get("config")
        if config is not None and not isinstance(config, dict):
            raise StateError("scenario field 'config': expected a table of make_config keywords")
        cfg = make_config(**config) if config is not None else (
            env_cfg.copy() if env_cfg is not None else make_config())
        if "config_record" in d:
            cfg = from_dict(d["config_record"], cfg)
        base = start_record(d, cfg, S.STATE, lambda b, c, seed: rules.init(b[0], c[0], seed))
        return from_dict(d.get("state", {}), base)
    unknown = sorted(keys - set(GENERIC_KEYS) - TOP_KEYS)
    if unknown:
        raise StateError(f"scenario key {unknown[0]!r}: unknown key"
                         + closest(unknown[0], set(GENERIC_KEYS) | TOP_KEYS))
    try:
        return build({k: v for k, v in d.items() if k != "game"})
    except ConfigError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as e:
        raise ConfigError(f"scenario: {type(e).__name__}: {e}") from None
