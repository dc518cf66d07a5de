"""7th Sea CCG configuration: keyword arguments -> a validated CONFIG record array (1,).

Deck construction [The Deck; Ship; Captain] is checked here, each broken rule raising a
ConfigError naming the deck and the rule: at least 60 cards including the Captain and Ship,
at most 3 copies of any card, a Captain card and a Ship card the Captain may sail (revised:
a faction Ship only for its faction's Captain, an unaligned Ship for anyone; original: only
a Ship of the Captain's faction). ``edition`` selects the rulebook ("revised" = the rulesheet,
default; "original" = the first rulebook); the kernels read each rule the two write
differently through its own switch in ``edition.py``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from envs.core.config import common_options
from envs.core.errors import ConfigError
from envs.core.integers import is_integer
from envs.seventh_sea import cards
from envs.seventh_sea import state as S

DECK_DIR = Path(__file__).with_name("decks")
STARTERS = ("castille", "crimson_rogers", "sea_dogs", "vesten", "black_freighter", "gosse")
KNOWN = ("num_players", "edition", "decks", "auto_forced", "max_steps")
MIN_DECK = 60
MAX_COPIES = 3


def starter(name: str) -> dict:
    path = DECK_DIR / f"{name}.toml"
    if not path.exists():
        raise ConfigError(f"unknown starter deck {name!r}; starters: {', '.join(STARTERS)}")
    with open(path, "rb") as f:
        return tomllib.load(f)


def deck_counts(deck, edition: int) -> np.ndarray:
    """Copies per card def of a deck dict {name, captain, ship, cards}; ConfigError names
    the deck and the rule it breaks [ruling: Unaligned Ship per edition]."""
    if isinstance(deck, str):
        deck = starter(deck)
    if not isinstance(deck, dict):
        raise ConfigError(f"deck {deck!r}: a starter name or a table {{name, captain, ship, cards}}")
    label = deck.get("name", "(unnamed)")
    unknown = sorted(set(deck) - {"name", "captain", "ship", "cards"})
    if unknown:
        raise ConfigError(f'deck "{label}": unknown key(s) {unknown}; known: name, captain, ship, cards')
    counts = np.zeros(S.MAX_DEFS, np.int64)

    def cid(name, field):
        if not isinstance(name, str) or name not in cards.INDEX:
            raise ConfigError(f'deck "{label}": {field}: unknown card {name!r}')
        return cards.INDEX[name]

    cap = cid(deck.get("captain"), "captain")
    ship = cid(deck.get("ship"), "ship")
    if cards.CARD[cap, S.C_TYPE] != S.T_CAPTAIN:
        raise ConfigError(f'deck "{label}": captain {deck["captain"]!r} is not a Captain card (rulesheet: Captain)')
    if cards.CARD[ship, S.C_TYPE] != S.T_SHIP:
        raise ConfigError(f'deck "{label}": ship {deck["ship"]!r} is not a Ship card (rulesheet: Ship)')
    cf, sf = int(cards.CARD[cap, S.C_FACTION]), int(cards.CARD[ship, S.C_FACTION])
    if edition == S.ED_ORIGINAL and sf != cf:
        raise ConfigError(f'deck "{label}": {deck["ship"]!r} may only be sailed by a Captain of its '
                          'faction (original rulebook: Ship)')
    if edition == S.ED_REVISED and sf != 0 and sf != cf:
        raise ConfigError(f'deck "{label}": {deck["ship"]!r} has a faction symbol and may only be '
                          'sailed by a Captain from that faction (rulesheet: Ship)')
    counts[cap] += 1
    counts[ship] += 1
    body = deck.get("cards", {})
    if not isinstance(body, dict):
        raise ConfigError(f'deck "{label}": cards must be a table {{card name = copies}}')
    for name, k in body.items():
        d = cid(name, "cards")
        if not is_integer(k) or k < 1:
            raise ConfigError(f'deck "{label}": {name!r} = {k!r}: copies must be a positive integer')
        if cards.CARD[d, S.C_TYPE] in (S.T_CAPTAIN, S.T_SHIP):
            raise ConfigError(f'deck "{label}": {name!r}: the deck names its one Captain and Ship '
                              'under captain/ship [ruling: One Captain and Ship per deck]')
        counts[d] += int(k)
    bad = np.flatnonzero(counts > MAX_COPIES)
    if bad.size:
        raise ConfigError(f'deck "{label}": {int(counts[bad[0]])} copies of '
                          f'"{cards.CARD_NAMES[bad[0]]}", at most {MAX_COPIES} allowed (rulesheet: The Deck)')
    total = int(counts.sum())
    if total < MIN_DECK:
        raise ConfigError(f'deck "{label}": {total} cards, at least {MIN_DECK} including the Captain, '
                          'Ship and starting Crew (rulesheet: The Deck)')
    if total > S.MAX_DECK:
        raise ConfigError(f'deck "{label}": {total} cards, this engine holds at most {S.MAX_DECK}')
    return counts


def make_config(**kwargs) -> np.ndarray:
    unknown = sorted(set(kwargs) - set(KNOWN))
    if unknown:
        raise ConfigError(f"unknown config option(s) {unknown}; known: {sorted(KNOWN)}")
    common = common_options(
        kwargs, S.CONFIG, players=(S.MIN_PLAYERS, S.MAX_PLAYERS), default_players=2,
        players_rule=f"7th Sea needs at least two players (rulesheet: The Object); this "
                     f"engine seats {S.MIN_PLAYERS}-{S.MAX_PLAYERS}")
    n = common["num_players"]
    ed = kwargs.get("edition", "revised")
    if ed not in S.EDITION_NAMES[1:]:
        raise ConfigError(f"edition={ed!r}: one of {', '.join(S.EDITION_NAMES[1:])}")
    edition = S.EDITION_NAMES.index(ed)
    decks = kwargs.get("decks")
    if decks is None:
        decks = list(STARTERS[:n])
    if not isinstance(decks, (list, tuple)) or len(decks) != n:
        raise ConfigError(f"decks: one deck per player ({n}), got {decks!r}")
    cfg = np.zeros(1, S.CONFIG)
    cfg["num_players"] = n
    cfg["auto_forced"] = common["auto_forced"]
    cfg["max_steps"] = common["max_steps"]
    cfg["edition"] = edition
    for p, d in enumerate(decks):
        cfg["deck"][0, p] = deck_counts(d, edition)
    return cfg
