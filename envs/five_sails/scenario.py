"""City of Five Sails scenarios: readable positions by card and location names.

    game = "five_sails"
    players = 2
    decks = ["castille", "eisen"]        # starter decks (decks/*.toml); other decks: record
    seed = 3                             # the game set up with this seed is the start
    day = 2
    first = 0                            # First Player Token holder (-1 none)
    priority = 0                         # High Drama with this seat to act
    city = { docks = "Countess Morrow" } # the City cards on locations (others empty)
    control = { forums = 1 }
    [[seats]]
    renown = 2
    scheme = "Open Purse"                # from the Approach Deck
    hand = ["Steady Guard", "Purse of Ducats"]   # from the Faction Deck
    crew = [{ card = "Marisol de Alcazar", at = "docks", engaged = true, wounds = 1,
              attachments = ["Alcazar Rapier"] }]
    [record]                             # raw STATE fields laid over the result

Cards named in a seat are taken from where a new game holds them (the Approach Deck, the
Faction Deck, the City Deck), so a written position keeps card conservation. ``to_scenario``
writes what these keys can say and puts every other difference in ``record``; loading it
gives every seat the same observation and mask (``exact=True``: the same bytes). Sections:
[Game Setup], [Decks and Card Types]; [ruling: Scenario files].
"""

from __future__ import annotations

import numpy as np

from envs.core import schema as S
from envs.core.errors import StateError
from envs.core.scenario import from_dict, to_dict

from . import cards as C
from . import state as T

LOC_KEYS = ("inn", "docks", "forums", "bazaar", "gardens", "home")
_CARD = S.Choice(C.POOL.names[1:], "a card name from cards.toml")


def _deck_names():
    from .config import deck_names

    return deck_names()


_CREW = S.Table({
    "card": _CARD,
    "at": S.Choice(LOC_KEYS, "a City location or home"),
    "engaged": S.Bool(),
    "wounds": S.Int(0, 20),
    "attachments": S.ListOf(_CARD, max_len=T.MAX_ATT),
}, required=("card",))
_SEAT = S.Table({
    "renown": S.Int(0, 200),
    "scheme": _CARD,
    "hand": S.ListOf(_CARD, max_len=T.MAX_HAND),
    "crew": S.ListOf(_CREW, max_len=T.MAX_CREW),
})
SCHEMA = S.Table({
    "game": S.Str(), "description": S.Str(),
    "seed": S.Int(-(2**63), 2**64 - 1, "the game set up with this seed is the start"),
    "players": S.Int(T.MIN_PLAYERS, T.MAX_PLAYERS),
    "decks": S.ListOf(S.Choice(_deck_names()), min_len=T.MIN_PLAYERS, max_len=T.MAX_PLAYERS),
    "auto_forced": S.Bool(), "max_steps": S.Int(0, 2**31 - 1),
    "day": S.Int(1, T.DAYS),
    "first": S.Int(-1, T.MAX_PLAYERS - 1, "First Player Token holder, -1 none"),
    "priority": S.Int(0, T.MAX_PLAYERS - 1, "High Drama with this seat to act"),
    "city": S.MapOf(S.Choice(LOC_KEYS[:5]), _CARD),
    "control": S.MapOf(S.Choice(LOC_KEYS[:5]), S.Int(0, T.MAX_PLAYERS - 1)),
    "seats": S.ListOf(_SEAT, max_len=T.MAX_PLAYERS),
    "record": S.RawTable("raw STATE fields, checked by name and dtype when laid over"),
})


def _take(s, field, count, p, cid, path):
    """Remove one ``cid`` from a counted zone (p None: a City zone); StateError if absent."""
    row = s[field] if p is None else s[field][p]
    n = int(s[count]) if p is None else int(s[count][p])
    for i in range(n):
        if row[i] == cid:
            row[i:n - 1] = row[i + 1:n].copy()
            row[n - 1] = 0
            if p is None:
                s[count] = n - 1
            else:
                s[count][p] = n - 1
            return
    raise StateError(f"scenario field {path!r}: {C.POOL.names[cid]!r} is not left in the "
                     f"{'City Deck' if p is None else 'Faction Deck'} to take it from")


def _take_card(s, p, cid, path):
    """From where a new game holds the card: Approach Deck, Faction Deck or City Deck."""
    t = int(C.C_TYPE[cid])
    if t in (T.T_CHAR, T.T_SCHEME):
        row = s["appr"][p]
        hits = np.flatnonzero(row == cid)
        if not hits.size:
            raise StateError(f"scenario field {path!r}: {C.POOL.names[cid]!r} is not in "
                             f"seat {p}'s Approach Deck")
        row[hits[0]] = 0
    elif t in T.CITY_TYPES:
        _take(s, "cdeck", "cdeck_n", None, cid, path)
    elif t == T.T_LEADER:
        raise StateError(f"scenario field {path!r}: a Leader is not a card to take")
    else:
        _take(s, "deck", "deck_n", p, cid, path)


def build(d: dict, env_cfg=None) -> np.ndarray:
    from .batch import single_apply, single_init
    from .config import make_config

    kw = {}
    if "players" in d:
        kw["num_players"] = d["players"]
    elif env_cfg is not None:
        kw["num_players"] = int(np.asarray(env_cfg)["num_players"].reshape(-1)[0])
    if "decks" in d:
        kw["decks"] = d["decks"]
    for k in ("auto_forced", "max_steps"):
        if k in d:
            kw[k] = d[k]
    if env_cfg is not None and not {"players", "decks", "auto_forced", "max_steps"} & set(d):
        cfg = np.asarray(env_cfg).reshape(1).copy()   # no config key: the env's config, whole
    else:
        cfg = make_config(**kw)
    arr = np.zeros(1, T.STATE)
    single_init(arr, cfg, 0, np.uint64(int(d.get("seed", 0)) % 2**64))
    s = arr[0]
    # the set-up Day's Dawn timing-point windows [1. Dawn]: every player passes them
    mask = np.zeros(T.NUM_ACTIONS, np.uint8)
    for _ in range(4 * T.MAX_PLAYERS):
        if s["pk"] != T.PK_REACT:
            break
        single_apply(arr, 0, T.A_PASS, mask)
    n = int(s["num_players"])
    if len(d.get("seats", [])) > n:
        raise StateError(f"scenario field 'seats': {len(d['seats'])} seats for {n} players")
    if "city" in d or "seats" in d:
        # the City cards the set-up Dawn dealt go back: "city" says what lies where
        for l in range(T.NLOC):
            if s["cslot"][l]:
                s["cdeck"][s["cdeck_n"]] = s["cslot"][l]
                s["cdeck_n"] += 1
                s["cslot"][l] = 0
    for l, name in d.get("city", {}).items():
        loc = LOC_KEYS.index(l)
        cid = C.POOL.index[name]
        if C.C_TYPE[cid] not in T.CITY_TYPES:
            raise StateError(f"scenario field 'city.{l}': {name!r} is not a City card")
        _take(s, "cdeck", "cdeck_n", None, cid, f"city.{l}")
        s["cslot"][loc] = cid
    for l, q in d.get("control", {}).items():
        s["ctrl"][LOC_KEYS.index(l)] = q
    for p, seat in enumerate(d.get("seats", [])):
        path = f"seats[{p}]"
        s["renown"][p] = seat.get("renown", 0)
        if "scheme" in seat:
            cid = C.POOL.index[seat["scheme"]]
            if C.C_TYPE[cid] != T.T_SCHEME:
                raise StateError(f"scenario field '{path}.scheme': not a scheme")
            _take_card(s, p, cid, f"{path}.scheme")
            s["scheme"][p] = cid
        for i, name in enumerate(seat.get("hand", [])):
            cid = C.POOL.index[name]
            _take(s, "deck", "deck_n", p, cid, f"{path}.hand[{i}]")
            s["hand"][p][s["hand_n"][p]] = cid
            s["hand_n"][p] += 1
        for i, m in enumerate(seat.get("crew", [])):
            cpath = f"{path}.crew[{i}]"
            cid = C.POOL.index[m["card"]]
            if C.C_TYPE[cid] not in (T.T_LEADER, T.T_CHAR, T.T_BRUTE, T.T_MERC):
                raise StateError(f"scenario field '{cpath}.card': not a character")
            if cid == s["crew"][p][0]:
                c = 0
            else:
                _take_card(s, p, cid, f"{cpath}.card")
                free = [k for k in range(1, T.MAX_CREW) if s["crew"][p][k] == 0]
                if not free:
                    raise StateError(f"scenario field '{cpath}': no crew slot left")
                c = free[0]
                s["crew"][p][c] = cid
            s["loc"][p][c] = LOC_KEYS.index(m.get("at", "home"))
            s["eng"][p][c] = int(m.get("engaged", False))
            s["wounds"][p][c] = m.get("wounds", 0)
            for j, name in enumerate(m.get("attachments", [])):
                a = C.POOL.index[name]
                if C.C_TYPE[a] not in (T.T_ATTACH, T.T_CATTACH):
                    raise StateError(f"scenario field '{cpath}.attachments[{j}]': not an attachment")
                _take_card(s, p, a, f"{cpath}.attachments[{j}]")
                s["att"][p][c][j] = a
    if "day" in d:
        s["day"] = d["day"]
    if "first" in d:
        if d["first"] >= n:
            raise StateError("scenario field 'first': not a seat of this game")
        s["first"] = d["first"]
    if "priority" in d:
        q = d["priority"]
        if q >= n:
            raise StateError("scenario field 'priority': not a seat of this game")
        s["phase"] = T.PH_HIGH_DRAMA
        s["pk"] = T.PK_MAIN
        s["prio"] = q
        s["to_play"] = q
        s["passes"] = 0
        if s["first"] < 0:
            s["first"] = q
    if "record" in d:
        arr = from_dict(d["record"], arr)
    return arr


def from_scenario(d: dict, env_cfg=None) -> np.ndarray:
    from .validate import check_states

    parsed = SCHEMA.parse(d)
    arr = build(parsed, env_cfg)
    problems = check_states(arr)[0]
    if problems:
        raise StateError("five_sails scenario describes no valid position", problems)
    return arr


def _starter_decks(rec):
    """Deck names when every seat plays a starter deck as configured, else None."""
    from .config import check_deck, load_deck

    out = []
    for p in range(int(rec["num_players"])):
        cfg = rec["cfg"]
        for name in _deck_names():
            lead, appr, fac = check_deck(load_deck(name))
            n = int(cfg["faction_n"][p])
            if (lead == cfg["leader"][p] and list(cfg["approach"][p]) == appr
                    and list(cfg["faction"][p][:n]) == fac):
                out.append(name)
                break
        else:
            return None
    return out


def readable(rec) -> dict:
    names = C.POOL.names
    n = int(rec["num_players"])
    out = {"players": n, "day": int(rec["day"]), "first": int(rec["first"]),
           "auto_forced": bool(rec["cfg"]["auto_forced"]),
           "max_steps": int(rec["cfg"]["max_steps"])}
    decks = _starter_decks(rec)
    if decks is None:
        return out        # other decks: the record overlay carries the whole position
    out["decks"] = decks
    out["city"] = {LOC_KEYS[l]: names[int(rec["cslot"][l])] for l in range(T.NLOC)
                   if rec["cslot"][l] > 0}
    out["control"] = {LOC_KEYS[l]: int(rec["ctrl"][l]) for l in range(T.NLOC)
                      if rec["ctrl"][l] >= 0}
    if rec["phase"] == T.PH_HIGH_DRAMA and rec["pk"] == T.PK_MAIN and not rec["d_on"]:
        out["priority"] = int(rec["prio"])
    seats = []
    for p in range(n):
        seat = {"renown": int(rec["renown"][p]),
                "hand": [names[int(c)] for c in rec["hand"][p][:int(rec["hand_n"][p])]],
                "crew": []}
        if rec["scheme"][p] > 0:
            seat["scheme"] = names[int(rec["scheme"][p])]
        for c in range(T.MAX_CREW):
            cid = int(rec["crew"][p][c])
            if cid == 0:
                continue
            seat["crew"].append({
                "card": names[cid], "at": LOC_KEYS[int(rec["loc"][p][c])],
                "engaged": bool(rec["eng"][p][c]), "wounds": int(rec["wounds"][p][c]),
                "attachments": [names[int(a)] for a in rec["att"][p][c] if a > 0]})
        seats.append(seat)
    out["seats"] = seats
    return out


def to_scenario(rec, exact: bool = False) -> dict:
    """The readable keys, plus in ``record`` every field they do not reproduce."""
    if isinstance(rec, np.ndarray) and rec.ndim == 1:
        rec = rec[0]
    out = readable(rec)
    built = build(SCHEMA.parse(out))
    rest = to_dict(rec, built)
    if not exact:
        rest.pop("rng", None)
    if rest:
        out["record"] = rest
    return out
