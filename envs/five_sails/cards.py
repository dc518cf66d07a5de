"""City of Five Sails card pool: ``cards.toml`` -> validated numpy tables the kernels import.

Implements the data side of [Decks and Card Types] (card types, Brute, Wealth, Unique,
attachment slots), [Card Anatomy] (cost, stats, dashes, Panache, Crew Cap, Initiative, combat
values, traits) and [Types of Abilities] (Action, Maneuver, Technique, scheme text, qualifiers,
additional costs) with effects as opcodes [ruling: Effects as opcodes]. The pool is our own
design [ruling: Our own card pool].

:func:`load_pool` builds every table from any file (tests load broken ones); the module-level
names below come from the default file and are imported by the kernels as constants.
Card id 0 is "no card"; ids 1.. follow the file order.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from envs.core import cards as cc
from envs.core.errors import CardDataError
from envs.five_sails import state as S

DEFAULT_PATH = Path(__file__).with_name("cards.toml")
FACTIONS = ("neutral", "castille", "eisen", "montaigne", "ussura", "vodacce", "city")
F_NEUTRAL, F_CITY = 0, 6
TRAITS = ("leader", "mercenary", "duelist", "scoundrel", "scholar", "noble", "thug", "sailor",
          "soldier", "musketeer")
TR_LEADER, TR_MERC = 1, 2
KEYWORDS = ("wealth", "unique", "not_unique")
#: card types that are characters: Unique unless the card states otherwise [Character Cards]
CHARACTERS = (S.T_LEADER, S.T_CHAR, S.T_BRUTE, S.T_MERC)
SLOTS = ("none", "weapon", "armor", "attire")
WHERE = ("any", "city", "home")
MAX_CARDS = 160
#: effects each Reaction trigger may carry: what the engine can apply at that moment
REACT_OPS = {
    S.RT_CHALLENGED: {S.OP_DRAW, S.OP_HEAL, S.OP_GARDE},
    S.RT_WHEN_CHALLENGED: {S.OP_DRAW, S.OP_HEAL, S.OP_GARDE, S.OP_CANCEL},
    S.RT_WHEN_WOUNDED: {S.OP_DRAW, S.OP_HEAL, S.OP_PREVENT},
    S.RT_WHEN_CLAIM: {S.OP_DRAW, S.OP_GARDE, S.OP_INF},
    S.RT_DESTROYED: {S.OP_DRAW, S.OP_RENOWN},
    S.RT_MOVED: {S.OP_DRAW, S.OP_GARDE, S.OP_INF},
}
#: the Day's named timing points [1. Dawn] [5. Dusk]: effects on the player and its crew
for _t in range(S.RT_BEGIN_DAY, S.RT_END_DAY + 1):
    REACT_OPS[_t] = {S.OP_DRAW, S.OP_HEAL, S.OP_GARDE, S.OP_INF, S.OP_RENOWN}
#: set_<stat> opcodes and the stat each sets [Glossary: Set]
SET_OPS = {S.OP_SET_RES: S.S_RES, S.OP_SET_COM: S.S_COM, S.OP_SET_FIN: S.S_FIN,
           S.OP_SET_INF: S.S_INF}

CARD_SCHEMA = {
    "name": cc.Str(40),
    "type": cc.Enum(S.TYPE_NAMES[1:], base=1),
    "faction": cc.Enum(FACTIONS),
    "copies": cc.Int(1, 4, default=1),
    "cost": cc.Int(0, 4, default=0),
    "stats": cc.IntList(4, 4, -2, 9, default=[0, 0, 0, 0]),
    "cv": cc.IntList(3, 3, 0, 4, default=[0, 0, 0]),
    "panache": cc.Int(-2, 6, default=0),
    "crew_cap": cc.Int(0, S.MAX_CREW, default=0),
    "initiative": cc.Int(0, 9, default=0),
    "keywords": cc.StrList(0, 2, default=[]),
    "slot": cc.Enum(SLOTS, default=0),
    "traits": cc.StrList(0, 4, default=[]),
    "ability": cc.Enum(S.AB_NAMES, default=0),
    "ab_trait": cc.Str(20, default="none"),
    "ab_where": cc.Enum(WHERE, default=0),
    "ab_engage": cc.Int(0, 1, default=0),
    "ab_discard": cc.Int(0, 2, default=0),
    "trigger": cc.Enum(S.RT_NAMES, default=0),
    "cost_instead": cc.Enum(("none", "engage"), default=0),
    "final_strike": cc.Int(0, 1, default=0),
    "attach_opposing": cc.Int(0, 1, default=0),
    "eff": cc.IntRows((), 0, 0, default=[]),     # replaced below: rows of [name, int]
    "text": cc.Str(120, default="-"),
}
CARD_SCHEMA["eff"] = None  # checked by hand: rows mix a name and an integer


@dataclass
class Pool:
    names: list
    index: dict
    type: np.ndarray
    faction: np.ndarray
    copies: np.ndarray
    cost: np.ndarray
    stat: np.ndarray
    cv: np.ndarray
    panache: np.ndarray
    cap: np.ndarray
    init: np.ndarray
    kw: np.ndarray
    slot: np.ndarray
    trait: np.ndarray
    ab: np.ndarray
    ab_trait: np.ndarray
    ab_where: np.ndarray
    ab_engage: np.ndarray
    ab_disc: np.ndarray
    trig: np.ndarray
    alt: np.ndarray
    aura: np.ndarray
    setv: np.ndarray
    nochal: np.ndarray
    final: np.ndarray
    hostile: np.ndarray
    op: np.ndarray
    arg: np.ndarray
    text: list


def _eff(entry, file, card):
    rows = entry.get("eff", [])
    if not isinstance(rows, list) or len(rows) > S.NOPS:
        raise CardDataError(file, card, "eff", f"expected at most {S.NOPS} [opcode, argument] rows")
    out = []
    for row in rows:
        if (not isinstance(row, list) or len(row) != 2 or not isinstance(row[0], str)
                or isinstance(row[1], bool) or not isinstance(row[1], int) or not -3 <= row[1] <= 4):
            raise CardDataError(file, card, "eff", f"{row!r}: expected [opcode name, integer -3..4]")
        out.append((cc.opcode(row[0], S.OP_NAMES, file, card, "eff"), row[1]))
    return out


def _check_card(e, eff, file, card):
    """Rules a card must follow to be playable by the kernels (each names the field)."""
    t = e["type"]
    ab = e["ability"]
    ops = [o for o, _ in eff]
    if (ab == S.AB_NONE) != (not eff):
        raise CardDataError(file, card, "eff", "an ability needs effects and effects an ability")
    if t in (S.T_MERC, S.T_CATTACH, S.T_EVENT) and e["faction"] != F_CITY:
        raise CardDataError(file, card, "faction", "City Deck cards belong to faction 'city' [City Deck]")
    if e["faction"] == F_CITY and t not in (S.T_MERC, S.T_CATTACH, S.T_EVENT):
        raise CardDataError(file, card, "type", "the City Deck holds characters, attachments "
                            "and events only [City Deck]")
    if t == S.T_MERC and "mercenary" not in e["traits"]:
        raise CardDataError(file, card, "traits", "City Deck characters have the Mercenary trait")
    if t == S.T_LEADER and ("leader" not in e["traits"] or e["crew_cap"] < 1 or e["panache"] < 1):
        raise CardDataError(file, card, "crew_cap", "a Leader has the Leader trait, Crew Cap and "
                            "Panache [Leader Cards]")
    if t in (S.T_LEADER, S.T_CHAR, S.T_BRUTE, S.T_MERC) and e["stats"][0] < 1:
        raise CardDataError(file, card, "stats", "a character's Resolve is at least 1")
    if ab == S.AB_MANEUVER and t not in (S.T_RISK, S.T_ATTACH, S.T_BRUTE):
        raise CardDataError(file, card, "ability", "Maneuvers are on Faction Deck cards [Maneuvers]")
    # features of the rulebook the kernels do not implement: refused, never loaded and ignored
    # (rules_table.md lists each as missing) [Card Anatomy; ruling: Card features not
    # implemented are refused]
    if ab == S.AB_MANEUVER and (e["cost"] > 0 or e["ab_engage"]):
        raise CardDataError(file, card, "cost", "a Maneuver with a cost (Wealth or engaging): "
                            "not implemented, the duel would use it unpaid [Maneuvers: 'the "
                            "player must pay all costs'; rules_table.md: missing]")
    if t in (S.T_LEADER, S.T_CHAR, S.T_SCHEME) and e["cost"] > 0:
        raise CardDataError(file, card, "cost", "a Wealth cost on an Approach Deck card: not "
                            "implemented, Muster would bring it in unpaid [Character Cards: "
                            "'Players must pay for these characters'; rules_table.md: missing]")
    # [Playing a Card] "Additional costs must be paid before effects can resolve": the kernels
    # engage the acting character for a character's own Action (actions.py) and for Reactions
    # (react.py), nowhere else (a Maneuver's is refused above)
    if e["ab_engage"] and ab != S.AB_MANEUVER and not (
            ab == S.AB_REACTION or ab == S.AB_ACTION and t in (S.T_LEADER, S.T_CHAR)):
        raise CardDataError(file, card, "ab_engage", "an engage cost on a risk's or an Event's "
                            "Action, a Technique, scheme text or a Passive Ability: not "
                            "implemented, it would be used without engaging anyone [Costs vs "
                            "Effects: 'All costs must be paid'; rules_table.md: missing]")
    # [Qualified Abilities] qualifiers are met by an acting character: scheme, Plunder and
    # "when revealed" text and Passive Abilities have none, so the kernels never read them
    if ab in (S.AB_NONE, S.AB_SCHEME, S.AB_PLUNDER, S.AB_REVEAL, S.AB_PASSIVE):
        for f, none in (("ab_trait", "none"), ("ab_where", 0)):
            if e[f] != none:
                raise CardDataError(file, card, f, "a qualifier on text no acting character "
                                    "carries out (scheme, Plunder, 'when revealed', Passive): "
                                    "not implemented, it would be ignored [Qualified Abilities; "
                                    "rules_table.md: missing]")
    # [Leader Cards] "The stats Crew Cap and Panache only appear on Leaders"; [Card Anatomy:
    # Schemes] a Panache modifier and an Initiative value: read only from those two
    for f, types in (("panache", (S.T_LEADER, S.T_SCHEME)), ("crew_cap", (S.T_LEADER,)),
                     ("initiative", (S.T_SCHEME,))):
        if e[f] and t not in types:
            raise CardDataError(file, card, f, f"{f} on a {S.TYPE_NAMES[t]}: not implemented, "
                                "only a Leader's Panache and Crew Cap and a scheme's Panache and "
                                "Initiative are read [Leader Cards; Card Anatomy; rules_table.md: "
                                "missing]")
    # [Planning 5) Resolve Scheme] the kernels resolve scheme text that draws, heals the
    # Leader or gains Renown (day.continue_muster)
    if ab == S.AB_SCHEME and set(ops) - {S.OP_DRAW, S.OP_HEAL, S.OP_RENOWN}:
        raise CardDataError(file, card, "eff", "scheme text other than draw, heal (the Leader) "
                            "and Renown: not implemented, Planning would ignore it [Resolve "
                            "Scheme; rules_table.md: missing]")
    if t == S.T_EVENT and ab not in (S.AB_ACTION, S.AB_REACTION):
        raise CardDataError(file, card, "ability", "an Event without an Action or Reaction has "
                            "Passive Abilities, always in effect: not implemented [Glossary: "
                            "Events; rules_table.md: missing]")
    kws = e["keywords"]
    if "not_unique" in kws and (t not in CHARACTERS or "unique" in kws):
        raise CardDataError(file, card, "keywords", "not_unique: a character that states it is "
                            "not Unique [Character Cards]; other cards are Unique only with "
                            "'unique'")
    if ab == S.AB_REVEAL and (t not in (S.T_SCHEME, S.T_CHAR) or set(ops) - {S.OP_DRAW, S.OP_RENOWN}):
        raise CardDataError(file, card, "ability", "when revealed: schemes and approach "
                            "characters, draw or renown effects in this pool [Planning 2a]")
    tr = e["trigger"]
    if (ab == S.AB_REACTION) != (tr != S.RT_NONE):
        raise CardDataError(file, card, "trigger", "a Reaction names its triggering condition "
                            "and only a Reaction has one [Reaction]")
    if e["attach_opposing"] and (t != S.T_ATTACH or e["slot"] != S.SLOT_NONE or ab != S.AB_NONE):
        raise CardDataError(file, card, "attach_opposing", "attaching to an opposing character: "
                            "a Faction Deck attachment without slot or ability in this pool "
                            "[ruling: Attachments on opposing characters]")
    if e["ab_discard"] and ab != S.AB_REACTION:
        raise CardDataError(file, card, "ab_discard", "discarding cards as an additional cost: "
                            "on Reactions in this pool [ruling: Reaction costs]")
    if ab == S.AB_REACTION:
        if t in (S.T_SCHEME, S.T_BRUTE):
            raise CardDataError(file, card, "type", "Reactions are on risks, characters, "
                                "Mercenaries, attachments and Events [Reaction]")
        if set(ops) - REACT_OPS[tr]:
            raise CardDataError(file, card, "eff", f"a '{S.RT_NAMES[tr]}' Reaction may use "
                                f"{sorted(S.OP_NAMES[o] for o in REACT_OPS[tr])}")
    if ab in (S.AB_SCHEME, S.AB_PLUNDER) and t != S.T_SCHEME:
        raise CardDataError(file, card, "ability", "scheme text is on schemes")
    if ab == S.AB_TECHNIQUE and t not in (S.T_LEADER, S.T_CHAR, S.T_MERC, S.T_ATTACH, S.T_CATTACH, S.T_BRUTE):
        raise CardDataError(file, card, "ability", "Techniques are on cards in play [Techniques]")
    if ab == S.AB_ACTION and t in (S.T_ATTACH, S.T_CATTACH, S.T_SCHEME, S.T_BRUTE, S.T_MERC):
        raise CardDataError(file, card, "ability", "an Action on an attachment, a scheme, a "
                            "Brute or a Mercenary: not implemented (Actions are on Approach "
                            "characters, Leaders, risks and Events) [Attachment Cards: "
                            "'Actions'; rules_table.md: missing]")
    chars = (S.T_LEADER, S.T_CHAR, S.T_MERC, S.T_BRUTE)
    passive_ops = {S.OP_AURA_COM, S.OP_NOCHAL} | set(SET_OPS)
    if (ab == S.AB_PASSIVE) != bool(set(ops) & passive_ops) or (ab == S.AB_PASSIVE and set(ops) - passive_ops):
        raise CardDataError(file, card, "eff", "passive text (aura_combat, set_<stat>, "
                            "unchallengeable) is the whole of a Passive Ability [Passive Abilities]")
    for o, a in eff:
        if o in (S.OP_AURA_COM, S.OP_NOCHAL) and t not in chars:
            raise CardDataError(file, card, "eff", f"{S.OP_NAMES[o]} is a character's passive")
        if o in SET_OPS and t not in (S.T_ATTACH, S.T_CATTACH):
            raise CardDataError(file, card, "eff", f"{S.OP_NAMES[o]} is an attachment's passive "
                                "(it sets the equipped character's stat) [Glossary: Set]")
        if o == S.OP_AURA_COM and not 1 <= a <= 2:
            raise CardDataError(file, card, "eff", "aura_combat: amount 1..2")
        if o in SET_OPS and not (1 if o == S.OP_SET_RES else 0) <= a <= 4:
            raise CardDataError(file, card, "eff", f"{S.OP_NAMES[o]}: value 0..4 (Resolve 1..4)")
        if o == S.OP_COPY and (ab not in (S.AB_TECHNIQUE, S.AB_ACTION) or len(ops) != 1
                               or ab == S.AB_ACTION and t not in chars):
            raise CardDataError(file, card, "eff", "copy is the whole of a Technique or of a "
                                "character's Action [Self Referentials]")
        if o == S.OP_SINK and (ab != S.AB_ACTION or t != S.T_RISK or len(ops) != 1
                               or not 1 <= a <= S.SINK_MAX):
            raise CardDataError(file, card, "eff", f"sink: the whole of a risk's Action, "
                                f"revealing 1..{S.SINK_MAX} cards [Glossary: Sink]")
    if e["cost_instead"] and (t != S.T_RISK or ab != S.AB_ACTION or e["ab_engage"] or e["cost"] < 1):
        raise CardDataError(file, card, "cost_instead", "engaging the acting character instead "
                            "of the Wealth cost: a risk's Action with a cost and no engage cost")
    if (S.OP_PREVENT in ops or S.OP_CANCEL in ops) and ab != S.AB_REACTION:
        raise CardDataError(file, card, "eff", "prevent and cancel are Reaction effects")
    duel_ops = (S.OP_THRUST, S.OP_PARRY, S.OP_LETHAL, S.OP_MOVE, S.OP_CV_T, S.OP_CV_P, S.OP_CV_R)
    for o, a in eff:
        if ab == S.AB_PASSIVE or o == S.OP_COPY:
            continue
        in_duel = ab in (S.AB_MANEUVER, S.AB_TECHNIQUE)
        if in_duel != (o in duel_ops):
            raise CardDataError(file, card, "eff", f"{S.OP_NAMES[o]}: duel effects belong to "
                                "Maneuvers and Techniques, the others to Actions and schemes")
        if o == S.OP_MOVE and ab != S.AB_MANEUVER:
            raise CardDataError(file, card, "eff", "move is a Maneuver")
        if o == S.OP_CHALLENGE and (ab != S.AB_ACTION or not 1 <= a <= 3):
            raise CardDataError(file, card, "eff", "challenge: an Action with stat 1..3")
        if o == S.OP_IF_CTRL and (ab != S.AB_PLUNDER or not 0 <= a < S.NLOC):
            raise CardDataError(file, card, "eff", "if_control: a plunder scheme with a location")
        if ab == S.AB_PLUNDER and o != S.OP_IF_CTRL:
            raise CardDataError(file, card, "eff", "plunder text gives conditional Renown only")
        if o == S.OP_DRAW and t == S.T_RISK and a > e["cost"] + 1:
            raise CardDataError(file, card, "eff", "a risk draws at most cost + 1 (hands stay bounded)")
        if o in (S.OP_DRAW, S.OP_HEAL, S.OP_INF, S.OP_RENOWN, S.OP_THRUST, S.OP_PARRY,
                 S.OP_PREVENT) and not 1 <= a <= 3:
            raise CardDataError(file, card, "eff", f"{S.OP_NAMES[o]}: amount 1..3")
    if e["final_strike"] and (ab != S.AB_MANEUVER or set(ops) != {S.OP_THRUST}):
        raise CardDataError(file, card, "final_strike", "Final Strike is an additional cost of "
                            "a Thrust Maneuver in this pool [Final Strike]")
    if S.OP_CHALLENGE in ops and len(ops) > 1:
        raise CardDataError(file, card, "eff", "challenge is the whole effect")


def load_pool(path=DEFAULT_PATH) -> Pool:
    data = cc.load_toml(path)
    items = data.get("card")
    if not isinstance(items, list) or not 1 <= len(items) < MAX_CARDS:
        raise CardDataError(path, cc.FILE_LEVEL, "card", f"expected 1..{MAX_CARDS - 1} [[card]] entries")
    schema = {k: v for k, v in CARD_SCHEMA.items() if v is not None}
    raw = []
    for i, e in enumerate(items):
        if not isinstance(e, dict):
            raise CardDataError(path, f"card {i}", "card", "expected a table")
        raw.append(e)
    clean = cc.validate_section([{k: v for k, v in e.items() if k != "eff"} for e in raw],
                                schema, path, "card")
    n = len(clean) + 1
    P = Pool(names=["-"], index={}, type=np.zeros(n, np.int8), faction=np.zeros(n, np.int8),
             copies=np.zeros(n, np.int8), cost=np.zeros(n, np.int8), stat=np.zeros((n, 4), np.int8),
             cv=np.zeros((n, 3), np.int8), panache=np.zeros(n, np.int8), cap=np.zeros(n, np.int8),
             init=np.zeros(n, np.int8), kw=np.zeros(n, np.int8), slot=np.zeros(n, np.int8),
             trait=np.zeros(n, np.int32), ab=np.zeros(n, np.int8), ab_trait=np.zeros(n, np.int32),
             ab_where=np.zeros(n, np.int8), ab_engage=np.zeros(n, np.int8), ab_disc=np.zeros(n, np.int8),
             trig=np.zeros(n, np.int8), alt=np.zeros(n, np.int8), aura=np.zeros((n, 4), np.int8),
             setv=np.full((n, 4), -1, np.int8), nochal=np.zeros(n, np.int8),
             final=np.zeros(n, np.int8), hostile=np.zeros(n, np.int8),
             op=np.zeros((n, S.NOPS), np.int8), arg=np.zeros((n, S.NOPS), np.int8), text=["-"])
    for i, (e, r) in enumerate(zip(clean, raw), start=1):
        card = e["name"]
        eff = _eff(r, path, card)
        for kw in e["keywords"]:
            if kw not in KEYWORDS:
                raise CardDataError(path, card, "keywords", f"{kw!r}: known {KEYWORDS}")
        for tr in e["traits"]:
            if tr not in TRAITS:
                raise CardDataError(path, card, "traits", f"{tr!r}: known {TRAITS}")
        if e["ab_trait"] != "none" and e["ab_trait"] not in TRAITS:
            raise CardDataError(path, card, "ab_trait", f"{e['ab_trait']!r}: known {TRAITS}")
        if e["copies"] > 1 and e["type"] not in (S.T_CATTACH, S.T_EVENT):
            raise CardDataError(path, card, "copies", "only City attachments and events repeat "
                                "in the City Deck; Faction Deck copies are set by deck lists")
        _check_card(e, eff, path, card)
        P.names.append(card)
        P.index[card] = i
        P.type[i] = e["type"]
        P.faction[i] = e["faction"]
        P.copies[i] = e["copies"]
        P.cost[i] = e["cost"]
        P.stat[i] = e["stats"]
        P.cv[i] = e["cv"]
        P.panache[i] = e["panache"]
        P.cap[i] = e["crew_cap"]
        P.init[i] = e["initiative"]
        # [Character Cards] "All characters are always Unique unless otherwise stated on
        # the card" (Brutes too) [ruling: Unique characters and Brutes]
        unique = ("unique" in e["keywords"]
                  or e["type"] in CHARACTERS and "not_unique" not in e["keywords"])
        P.kw[i] = ((S.KW_WEALTH if "wealth" in e["keywords"] else 0)
                   | (S.KW_UNIQUE if unique else 0)
                   | (S.KW_BRUTE if e["type"] == S.T_BRUTE else 0))
        P.slot[i] = e["slot"]
        P.trait[i] = sum(1 << TRAITS.index(t) for t in e["traits"])
        P.ab[i] = e["ability"]
        P.ab_trait[i] = 0 if e["ab_trait"] == "none" else 1 << TRAITS.index(e["ab_trait"])
        P.ab_where[i] = e["ab_where"]
        P.ab_engage[i] = e["ab_engage"]
        P.ab_disc[i] = e["ab_discard"]
        P.trig[i] = e["trigger"]
        P.alt[i] = e["cost_instead"]
        P.final[i] = e["final_strike"]
        P.hostile[i] = e["attach_opposing"]
        for k, (o, a) in enumerate(eff):
            P.op[i, k] = o
            P.arg[i, k] = a
            if o == S.OP_AURA_COM:
                P.aura[i, S.S_COM] = a
            elif o in SET_OPS:
                P.setv[i, SET_OPS[o]] = a
            elif o == S.OP_NOCHAL:
                P.nochal[i] = 1
        P.text.append(e["text"])
    city = sum(int(P.copies[i]) for i in range(1, n) if P.faction[i] == F_CITY)
    if city != S.CITY_DECK:
        raise CardDataError(path, cc.FILE_LEVEL, "copies", f"the City Deck has {city} cards, "
                            f"exactly {S.CITY_DECK} required [City Deck]")
    return P


POOL = load_pool()
NCARDS = len(POOL.names)
C_TYPE = POOL.type
C_FACTION = POOL.faction
C_COST = POOL.cost
C_STAT = POOL.stat
C_CV = POOL.cv
C_PAN = POOL.panache
C_CAP = POOL.cap
C_INIT = POOL.init
C_KW = POOL.kw
C_SLOT = POOL.slot
C_TRAIT = POOL.trait
C_AB = POOL.ab
C_ABTRAIT = POOL.ab_trait
C_WHERE = POOL.ab_where
C_ABENG = POOL.ab_engage
C_ABDISC = POOL.ab_disc
C_TRIG = POOL.trig
C_ALT = POOL.alt
C_AURA = POOL.aura
#: stats some aura of the pool modifies: stat() looks for auras only for those
C_AURA_K = (POOL.aura != 0).any(axis=0).astype(np.int8)
C_SETV = POOL.setv
C_NOCHAL = POOL.nochal
C_FINAL = POOL.final
C_HOSTILE = POOL.hostile
C_OP = POOL.op
C_ARG = POOL.arg


def city_deck(pool: Pool = POOL) -> list[int]:
    """The 30 City Deck card ids (copies repeated), in file order."""
    out = []
    for i in range(1, len(pool.names)):
        if pool.faction[i] == F_CITY:
            out += [i] * int(pool.copies[i])
    return out
