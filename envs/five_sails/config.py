"""City of Five Sails configuration: ``make_config(**kwargs)`` and the deck-building rules.

Sections [Deck Building Requirements] (Leader, Approach Deck of five characters and five
schemes, Faction Deck of at least 40, two copies, Unique, Loyal/Neutral), [Brute] (Brutes
go in the Faction Deck), [City Deck] (exactly 30) and [Game Setup] (2-4 players). Each
broken rule is a ConfigError naming the deck and the rule.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from envs.core.config import common_options
from envs.core.errors import ConfigError
from envs.five_sails import cards as C
from envs.five_sails import state as S

DECK_DIR = Path(__file__).with_name("decks")
DEFAULT_DECKS = ("castille", "eisen", "montaigne", "ussura")
_DEFAULTS = {"num_players": 2, "decks": None, "auto_forced": 0, "max_steps": 0}


def deck_names() -> list[str]:
    return sorted(p.stem for p in DECK_DIR.glob("*.toml"))


def load_deck(deck) -> dict:
    """A deck: a file stem in ``decks/``, a path, or a dict {name, leader, approach, faction}."""
    if isinstance(deck, dict):
        return deck
    if not isinstance(deck, (str, Path)):
        raise ConfigError(f"deck {deck!r}: a deck name ({', '.join(deck_names())}), a path or a dict")
    path = DECK_DIR / f"{deck}.toml" if str(deck) in deck_names() else Path(deck)
    if not path.is_file():
        raise ConfigError(f"deck {deck!r}: no such deck; known: {', '.join(deck_names())}")
    with open(path, "rb") as f:
        try:
            return tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"deck {deck!r}: not TOML ({e})") from None


def _card(name, deck, field, pool=C.POOL):
    if not isinstance(name, str) or name not in pool.index:
        raise ConfigError(f'deck "{deck}": {field} names unknown card {name!r}')
    return pool.index[name]


def check_deck(d: dict, pool: C.Pool = C.POOL) -> tuple[int, list[int], list[int]]:
    """(leader id, 10 approach ids, faction ids) of a legal deck of ``pool`` (the game's
    card pool unless given), else ConfigError."""
    name = d.get("name", "unnamed") if isinstance(d, dict) else "?"
    if not isinstance(d, dict) or set(d) - {"name", "leader", "approach", "faction"}:
        raise ConfigError(f'deck "{name}": keys are name, leader, approach, faction')
    lead = _card(d.get("leader"), name, "leader", pool)
    if pool.type[lead] != S.T_LEADER:
        raise ConfigError(f'deck "{name}": {d["leader"]!r} is not a Leader '
                          "(Deck Building Requirements: 1. Choose a Leader)")
    faction = int(pool.faction[lead])

    def allowed(i, what):
        if pool.faction[i] not in (C.F_NEUTRAL, faction):
            raise ConfigError(f'deck "{name}": {pool.names[i]!r} is neither Neutral nor Loyal '
                              f"to {C.FACTIONS[faction]} (Deck Building Requirements: {what})")

    appr = d.get("approach")
    if not isinstance(appr, list):
        raise ConfigError(f'deck "{name}": approach must be a list of ten card names')
    ids = [_card(n, name, "approach", pool) for n in appr]
    chars = [i for i in ids if pool.type[i] == S.T_CHAR]
    schemes = [i for i in ids if pool.type[i] == S.T_SCHEME]
    if len(ids) != S.APPROACH or len(chars) != 5 or len(schemes) != 5:
        raise ConfigError(f'deck "{name}": Approach Deck has {len(chars)} characters and '
                          f"{len(schemes)} schemes of {len(ids)} cards; exactly ten, five of each "
                          "(Deck Building Requirements: 2. Construct an Approach Deck)")
    if len(set(ids)) != len(ids):
        raise ConfigError(f'deck "{name}": Approach Deck repeats a card; schemes and characters '
                          "are Unique by title (Deck Building Requirements: 2a, 2b)")
    # 2b binds characters only: the text sets schemes no faction rule (2a: Unique by title)
    for i in chars:
        allowed(i, "2b. Characters must all be Neutral or Loyal")
    fac = d.get("faction")
    if not isinstance(fac, dict):
        raise ConfigError(f'deck "{name}": faction must be a table of card name = copies')
    out = []
    for n, k in fac.items():
        i = _card(n, name, "faction", pool)
        if pool.type[i] not in (S.T_ATTACH, S.T_RISK, S.T_BRUTE):
            raise ConfigError(f'deck "{name}": {n!r} ({S.TYPE_NAMES[pool.type[i]]}) cannot go in a '
                              "Faction Deck: attachments, risks and Brutes (Faction Deck; Brute)")
        allowed(i, "3a. Faction Decks are Neutral and Loyal cards")
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise ConfigError(f'deck "{name}": {n!r} = {k!r}, copies must be a positive integer')
        if pool.kw[i] & S.KW_UNIQUE and k != 1:
            # a Brute is a character: Unique unless its card states otherwise [Character
            # Cards; ruling: Unique characters and Brutes]
            raise ConfigError(f'deck "{name}": {k} copies of Unique {n!r}; exactly one allowed '
                              "(Deck Building Requirements: 3b; Character Cards: characters "
                              "are Unique unless stated otherwise)")
        if k > 2:
            raise ConfigError(f'deck "{name}": {k} copies of {n!r}; at most two allowed '
                              "(Deck Building Requirements: 3b)")
        out += [i] * k
    if len(out) < S.MIN_DECK:
        raise ConfigError(f'deck "{name}": Faction Deck has {len(out)} cards; at least '
                          f"{S.MIN_DECK} (Deck Building Requirements: 3)")
    if len(out) > S.MAX_DECK:
        raise ConfigError(f'deck "{name}": Faction Deck has {len(out)} cards; this engine holds '
                          f"at most {S.MAX_DECK} [ruling: Faction Deck size]")
    return lead, ids, out


def make_config(**kwargs) -> np.ndarray:
    unknown = sorted(set(kwargs) - set(_DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown config option(s) {unknown}; known: {sorted(_DEFAULTS)}")
    c = {**_DEFAULTS, **kwargs}
    c.update(common_options(
        c, S.CONFIG, players=(S.MIN_PLAYERS, S.MAX_PLAYERS), default_players=2,
        players_rule=f"City of Five Sails needs {S.MIN_PLAYERS}-{S.MAX_PLAYERS} players "
                     "(Game Setup)"))
    n = c["num_players"]
    decks = c["decks"] if c["decks"] is not None else list(DEFAULT_DECKS[:n])
    if not isinstance(decks, (list, tuple)) or len(decks) != n:
        raise ConfigError(f"decks: one deck per player ({n}), got {decks!r}")
    cfg = np.zeros(1, S.CONFIG)
    cfg["num_players"] = n
    cfg["auto_forced"] = c["auto_forced"]
    cfg["max_steps"] = c["max_steps"]
    for p, deck in enumerate(decks):
        lead, appr, fac = check_deck(load_deck(deck))
        cfg["leader"][0, p] = lead
        cfg["approach"][0, p, :] = appr
        cfg["faction"][0, p, :len(fac)] = fac
        cfg["faction_n"][0, p] = len(fac)
    cfg["city"][0, :] = C.city_deck()
    return cfg
