"""Seas of Havoc configuration: keyword arguments -> a validated CONFIG record array (1,).

Implements the setup choices of the rulebook: player count [Player Setup], Select a Ship /
Select a Captain / Recommended Decks [Player Setup], the damage deck size [Island Setup 5],
the gust direction agreed by the players [Sea Grid Setup A] and the variants [Variants:
2 Ship Variant, Teams Variant; The Ghost Fleet: Solo & Co-op]. Every bad value raises a
ConfigError naming the field, the value and the rule it breaks.
"""

from __future__ import annotations

import numpy as np

from envs.core.config import common_options, flag
from envs.core.errors import ConfigError
from envs.core.integers import is_integer
from envs.havoc import cards
from envs.havoc.state import (
    CONFIG, DEFAULT_MAX_STEPS, MAX_CREWS, MAX_PLAYERS, MAX_STALL_LIMIT, NUM_SHIP_DEFS,
    VAR_GHOST, VAR_STANDARD, VAR_TEAMS, VAR_TWO_SHIP, VARIANT_NAMES,
)

#: the box holds 42 Damage cards [Box Contents]
MAX_DAMAGE_DECK = 42
HEADING_LETTERS = "NESW"
KNOWN = ("num_players", "variant", "ships", "captains", "teams", "num_ghosts", "coop",
         "damage_deck", "gust_dir", "auto_forced", "max_steps", "shaped_reward", "stall_limit")


def _int(name, value, rule):
    if not is_integer(value):
        raise ConfigError(f"{name}={value!r}: must be an integer ({rule})")
    return int(value)


def _resolve(kind, value, names, lookup, field):
    """A ship or captain given by name or id -> id."""
    if isinstance(value, str):
        try:
            return lookup(value)
        except (KeyError, ConfigError):
            raise ConfigError(
                f"{field}: unknown {kind} {value!r}; {kind}s are {', '.join(names)} "
                "(rulebook: Player Setup)") from None
    v = _int(field, value, "rulebook: Player Setup")
    if not 0 <= v < len(names):
        raise ConfigError(f"{field}={v}: {kind} ids are 0-{len(names) - 1} "
                          "(rulebook: Player Setup)")
    return v


def _ship_count(variant, num_players, num_ghosts):
    if variant == VAR_TWO_SHIP:
        return 2 * num_players
    if variant == VAR_GHOST:
        return num_players + num_ghosts
    return num_players


def _check_players(variant, n):
    """The player count each variant allows (1-5 in all is checked by common_options)."""
    if variant == VAR_STANDARD and n < 2:
        raise ConfigError(f"num_players={n}: a solo game is played against the Ghost Fleet; "
                          "use variant='ghost' (rulebook: The Ghost Fleet: Solo & Co-op)")
    if variant == VAR_TWO_SHIP and n != 2:
        raise ConfigError(f"num_players={n}: the 2 Ship Variant is a 2 player game "
                          "(rulebook: Variants: 2 Ship Variant)")
    if variant == VAR_TEAMS and not 3 <= n <= 5:
        raise ConfigError(f"num_players={n}: a team game is played at the 3, 4 or 5 player "
                          "count (rulebook: Variants: Teams Variant)")
    if variant == VAR_GHOST and not 1 <= n <= 3:
        raise ConfigError(f"num_players={n}: the Ghost Fleet plays solo or with 2 or 3 "
                          "players (rulebook: The Ghost Fleet: Solo & Co-op)")


def _ships(ships, variant, n, n_ghosts):
    """(first ship per crew incl. ghosts, second ship per seat) as lists of ids."""
    crews = n + n_ghosts
    total = _ship_count(variant, n, n_ghosts)
    if ships is None:
        given = [int(s) for s, _ in cards.RECOMMENDED[:n]]
    else:
        if isinstance(ships, (str, bytes)) or not hasattr(ships, "__len__"):
            raise ConfigError(f"ships={ships!r}: give a list of ship names or ids, one per "
                              "player (rulebook: Player Setup: Select a Ship)")
        allowed = sorted({n, crews, total})
        if len(ships) not in allowed:
            raise ConfigError(
                f"ships: {len(ships)} given, this game needs {' or '.join(map(str, allowed))} "
                "(one per player; ghost ships and 2nd ships are optional) "
                "(rulebook: Player Setup: Select a Ship)")
        given = [_resolve("ship", s, cards.SHIP_NAMES, cards.ship_id, f"ships[{i}]")
                 for i, s in enumerate(ships)]
    if len(set(given)) != len(given):
        raise ConfigError(f"ships={list(ships) if ships is not None else given}: every ship "
                          "is a different piece; choose distinct ships "
                          "(rulebook: Player Setup: Select a Ship)")
    if total > NUM_SHIP_DEFS:
        raise ConfigError(f"{total} ships needed, the box holds {NUM_SHIP_DEFS} "
                          "(rulebook: Box Contents)")
    rest = [s for s in range(NUM_SHIP_DEFS) if s not in given]
    order = given + rest[: total - len(given)]
    if variant == VAR_TWO_SHIP:
        # flat order: each seat's deck ship, then each seat's second ship
        return order[:n], order[n:2 * n]
    return order[:crews], []


def _captains(captains, n):
    if captains is None:
        return [int(c) for _, c in cards.RECOMMENDED[:n]]
    if isinstance(captains, (str, bytes)) or not hasattr(captains, "__len__"):
        raise ConfigError(f"captains={captains!r}: give a list of captain names or ids, one "
                          "per player (rulebook: Player Setup: Select a Captain)")
    if len(captains) != n:
        raise ConfigError(f"captains: {len(captains)} given for {n} players; one captain per "
                          "player (rulebook: Player Setup: Select a Captain)")
    ids = [_resolve("captain", c, cards.CAPTAIN_NAMES, cards.captain_id, f"captains[{i}]")
           for i, c in enumerate(captains)]
    if len(set(ids)) != len(ids):
        raise ConfigError(f"captains={list(captains)}: each player chooses a different "
                          "character (rulebook: Player Setup: Select a Captain)")
    return ids


def _teams(teams, variant, n, coop):
    if variant == VAR_GHOST:
        if teams is not None:
            raise ConfigError(f"teams={list(teams)}: against the Ghost Fleet the players are "
                              "one team (coop=True) or each on their own (coop=False) "
                              "(rulebook: The Ghost Fleet: Solo & Co-op)")
        return [0] * n if coop else list(range(n))
    if variant != VAR_TEAMS:
        if teams is not None:
            raise ConfigError(f"teams={list(teams)}: teams need variant='teams' "
                              "(rulebook: Variants: Teams Variant)")
        return list(range(n))
    if teams is None:
        # seats alternate so team mates sit across from one another
        return [i % 2 for i in range(n)]
    if isinstance(teams, (str, bytes)) or not hasattr(teams, "__len__") or len(teams) != n:
        raise ConfigError(f"teams={teams!r}: give one team id per player ({n} players) "
                          "(rulebook: Variants: Teams Variant)")
    ids = [_int(f"teams[{i}]", t, "rulebook: Variants: Teams Variant")
           for i, t in enumerate(teams)]
    for i, t in enumerate(ids):
        if not 0 <= t < n:
            raise ConfigError(f"teams[{i}]={t}: team ids are 0-{n - 1} "
                              "(rulebook: Variants: Teams Variant)")
    if len(set(ids)) < 2:
        raise ConfigError(f"teams={ids}: a team game needs at least two teams "
                          "(rulebook: Variants: Teams Variant)")
    return ids


def _gust(value):
    if value is None:
        return -1
    if isinstance(value, str) and value.upper() in HEADING_LETTERS and len(value) == 1:
        return HEADING_LETTERS.index(value.upper())
    if is_integer(value) and 0 <= value < 4:
        return int(value)
    raise ConfigError(f"gust_dir={value!r}: gusts point N, E, S or W (or None to roll it) "
                      "(rulebook: Sea Grid Setup A)")


def make_config(**kw) -> np.ndarray:
    """A CONFIG array of shape (1,) from keyword arguments; raises ConfigError.

    num_players (3), variant ("standard" | "two_ship" | "teams" | "ghost"), ships (names or
    ids: one per player; ghost: optionally also the ghost ships; two_ship: optionally the
    four ships, each seat's deck ship first then the second ships), captains, teams (teams
    variant, one id per seat; default alternate seats), num_ghosts (ghost: 2 normal or 3
    hard), coop (ghost: True = the players are one team against the fleet, False = each
    player on their own, the fleet an added opponent), damage_deck (10 + 5 per ship),
    gust_dir ("N" "E" "S" "W" or None = rolled), auto_forced (False), max_steps
    (DEFAULT_MAX_STEPS), shaped_reward (False), stall_limit (0 = off, the rulebook's end;
    N = the game also ends after N Sea Phases in a row without a Damage card dealt).
    """
    unknown = sorted(set(kw) - set(KNOWN))
    if unknown:
        raise ConfigError(f"unknown config option(s) {unknown}; known: {', '.join(KNOWN)}")
    variant_name = kw.get("variant", "standard")
    if variant_name not in VARIANT_NAMES:
        raise ConfigError(f"variant={variant_name!r}: variants are {', '.join(VARIANT_NAMES)} "
                          "(rulebook: Variants; The Ghost Fleet)")
    variant = VARIANT_NAMES.index(variant_name)
    common = common_options(kw, CONFIG, players=(1, MAX_PLAYERS), default_players=3,
                            players_rule="Seas of Havoc seats 1-5 players (rulebook: Player "
                                         "Setup)", default_max_steps=DEFAULT_MAX_STEPS)
    n = common["num_players"]
    _check_players(variant, n)

    n_ghosts = 0
    if variant == VAR_GHOST:
        g = kw.get("num_ghosts")
        n_ghosts = _int("num_ghosts", 2 if g is None else g, "rulebook: Ghost Fleet Setup")
        if n_ghosts not in (2, 3):
            raise ConfigError(f"num_ghosts={n_ghosts}: the Ghost Fleet has 2 (normal) or 3 "
                              "(hard) ships (rulebook: Ghost Fleet Setup)")
    elif kw.get("num_ghosts") not in (None, 0):
        raise ConfigError(f"num_ghosts={kw['num_ghosts']}: ghost ships need variant='ghost' "
                          "(rulebook: The Ghost Fleet: Solo & Co-op)")
    if n + n_ghosts > MAX_CREWS:
        raise ConfigError(f"{n} players + {n_ghosts} ghosts: at most {MAX_CREWS} ships "
                          "(rulebook: Box Contents)")

    coop = flag("coop", kw.get("coop", True))
    if variant == VAR_GHOST and n == 1 and not coop:
        raise ConfigError("coop=False: a solo game has no other player to compete with "
                          "(rulebook: The Ghost Fleet: Solo & Co-op)")
    if variant != VAR_GHOST and "coop" in kw and kw["coop"] is not None:
        raise ConfigError(f"coop={kw['coop']!r}: only a Ghost Fleet game is co-operative or "
                          "not (variant='ghost') (rulebook: The Ghost Fleet: Solo & Co-op)")
    first, second = _ships(kw.get("ships"), variant, n, n_ghosts)
    captains = _captains(kw.get("captains"), n)
    teams = _teams(kw.get("teams"), variant, n, coop)
    num_ships = _ship_count(variant, n, n_ghosts)

    damage = kw.get("damage_deck")
    if damage is None:
        damage = 10 + 5 * num_ships
    damage = _int("damage_deck", damage, "rulebook: Island Setup 5")
    if not 1 <= damage <= MAX_DAMAGE_DECK:
        raise ConfigError(f"damage_deck={damage}: 1-{MAX_DAMAGE_DECK} Damage cards (the box "
                          "holds 42) (rulebook: Island Setup 5; Box Contents)")

    stall = _int("stall_limit", kw.get("stall_limit", 0),
                 "Sea Phases without Damage before a stalled game ends, 0 = never")
    if not 0 <= stall <= MAX_STALL_LIMIT:
        raise ConfigError(f"stall_limit={stall}: 0 (the rulebook: the game ends only when the "
                          f"Damage deck is empty) or 1-{MAX_STALL_LIMIT} Sea Phases "
                          "(rulebook: Ending the Game)")

    cfg = np.zeros(1, dtype=CONFIG)
    cfg["num_players"] = n
    cfg["auto_forced"] = common["auto_forced"]
    cfg["max_steps"] = common["max_steps"]
    cfg["variant"] = variant
    cfg["num_ghosts"] = n_ghosts
    cfg["ship"][0][:] = -1
    cfg["ship"][0][: len(first)] = first
    cfg["ship2"][0][:] = -1
    cfg["ship2"][0][: len(second)] = second
    cfg["captain"][0][:] = -1
    cfg["captain"][0][:n] = captains
    cfg["team"][0][:] = -1
    cfg["team"][0][:n] = teams
    cfg["damage_deck"] = damage
    cfg["gust_dir"] = _gust(kw.get("gust_dir"))
    cfg["shaped_reward"] = flag("shaped_reward", kw.get("shaped_reward", False))
    cfg["stall_limit"] = stall
    cfg["coop"] = coop if variant == VAR_GHOST else 0
    return cfg


def config_kwargs(cfg) -> dict:
    """The make_config keyword arguments that rebuild a CONFIG record (ids, not names)."""
    n = int(cfg["num_players"])
    variant = int(cfg["variant"])
    ghosts = int(cfg["num_ghosts"])
    out = {"num_players": n, "variant": VARIANT_NAMES[variant],
           "captains": [int(c) for c in cfg["captain"][:n]],
           "damage_deck": int(cfg["damage_deck"]),
           "gust_dir": None if int(cfg["gust_dir"]) < 0 else HEADING_LETTERS[int(cfg["gust_dir"])],
           "auto_forced": bool(cfg["auto_forced"]), "max_steps": int(cfg["max_steps"]),
           "shaped_reward": bool(cfg["shaped_reward"]), "stall_limit": int(cfg["stall_limit"])}
    if variant == VAR_TWO_SHIP:
        out["ships"] = [int(s) for s in cfg["ship"][:n]] + [int(s) for s in cfg["ship2"][:n]]
    else:
        out["ships"] = [int(s) for s in cfg["ship"][: n + ghosts]]
    if variant == VAR_GHOST:
        out["num_ghosts"] = ghosts
        out["coop"] = bool(cfg["coop"])
    if variant == VAR_TEAMS:
        out["teams"] = [int(t) for t in cfg["team"][:n]]
    return out
