"""7th Sea CCG card pool: ``cards.toml`` -> one validated int16 table the kernels import.

Data side of Types of Cards (Crew, Captain, Ship, Action, Attachment, Adventure, Chantey),
Paying Costs (cost flags, the Move Cost wheel, "Move Cost + N"), Canceling (cancel flags),
Boarding (boarding boxes), Knacks, Experienced Crew, Loyal, Unique and the Glossary traits,
and the Alphabetical glossary entry (the cut ranks of both editions). The pool is our own
design [ruling: Our own card pool]. ``load_pool`` builds the table from any file (tests load
broken ones); the module-level names come from the default file.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from envs.core import cards as cc
from envs.core.errors import CardDataError
from envs.seventh_sea import state as S

DEFAULT_PATH = Path(__file__).with_name("cards.toml")
COST_SKILLS = ("cannon", "sailing", "adventuring", "influence", "swashbuckling", "move")
SEAS = S.SEA_NAMES

_BOX = cc.Enum(S.BOX_NAMES)
CARD_SCHEMA = {
    "name": cc.Str(48),
    "title": cc.Str(48, default=None),
    "type": cc.Enum(S.TYPE_NAMES),
    "faction": cc.Enum(S.FACTION_NAMES, default=0),
    "cost": cc.Int(0, 9, default=0),
    "cost_skill": cc.Enum(COST_SKILLS, default=3),
    "cancel": cc.Int(0, 9, default=0),
    "cancel_skill": cc.Enum(COST_SKILLS, default=3),
    "skills": cc.IntList(5, 5, 0, 9, default=[0, 0, 0, 0, 0]),
    "traits": cc.StrList(0, 6, default=[]),
    "swordsman": cc.Int(0, 4, default=0),
    "fear": cc.Int(0, 4, default=0),
    "sorcery": cc.Int(0, 4, default=0),
    "school": cc.Enum(S.SCHOOL_NAMES, default=0),
    "sorcery2": cc.Int(0, 4, default=0),
    "school2": cc.Enum(S.SCHOOL_NAMES, default=0),
    "req_school": cc.Enum(S.SCHOOL_NAMES, default=0),
    "react_arg": cc.Int(0, 9, default=0),
    "gunnery": cc.Int(0, 3, default=0),
    "armour": cc.Int(0, 3, default=0),
    "hostile": cc.Int(0, 1, default=0),
    "wealth": cc.Int(0, 20, default=0),
    "home": cc.Enum(SEAS, default=0),
    "cap_need": cc.Int(0, 9, default=0),
    "cap_skill": cc.Enum(COST_SKILLS[:5], default=0),
    "cap_bonus": cc.Int(0, 3, default=0),
    "move": cc.Int(0, 9, default=0),
    "crew_max": cc.Int(0, S.MAX_CREW - 1, default=0),
    "free_move": cc.Int(0, 1, default=0),
    "box": _BOX,
    "defence": cc.StrList(2, 2),
    "host": cc.Enum(S.HOST_NAMES, default=0),
    "req": cc.Enum(S.REQ_NAMES, default=0),
    "req_val": cc.Int(0, 9, default=0),
    "req_skill": cc.Enum(COST_SKILLS[:5], default=0),
    "op": cc.Enum(S.OP_NAMES, default=0),
    "arg": cc.Int(0, 9, default=0),
    "dist": cc.Int(0, 4, default=0),
    "adv_sea": cc.Enum(SEAS, default=0),
    "adv_low": cc.Int(0, 9, default=0),
    "control": cc.Int(0, 1, default=0),
    "hand_bonus": cc.Int(0, 2, default=0),
    "ship_move": cc.Int(-2, 2, default=0),
    "ship_crew_max": cc.Int(0, 2, default=0),
    "chantey": cc.Enum(S.CHANTEY_OP_NAMES, default=0),
    "chantey_arg": cc.Int(0, 3, default=0),
    "react": cc.Enum(S.REACT_NAMES, default=0),
    "adv_villain": cc.Int(0, 1, default=0),
    "adv_discard": cc.Int(0, 2, default=0),
    "act": cc.Enum(S.ACT_NAMES, default=0),
    "act_arg": cc.Int(0, 3, default=0),
}


def alpha_key(name: str, edition: int):
    """[Glossary: Alphabetical] spaces ignored, numbers one character and before letters;
    the revised rulesheet also ignores punctuation ([I. Turn Order]); in the original a
    punctuation mark sorts by its character code, before letters [I. Determining Turn
    Order; ruling: Punctuation in the original cut]."""
    s = name.lower().replace(" ", "")
    if edition == S.ED_REVISED:
        s = re.sub(r"[^0-9a-z]", "", s)
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|.", s)]


def _ranks(names, edition):
    keys = [alpha_key(n, edition) for n in names]
    order = sorted(set(map(tuple, keys)))
    return [order.index(tuple(k)) for k in keys]


def _copies(tab):
    """The most copies of each card that can be in play for one player: three (The Deck), a
    hostile Attachment three from each opponent too."""
    return np.where(tab[:, S.C_HOSTILE] != 0, 3 * S.MAX_PLAYERS, 3)


def most_crew(tab) -> int:
    """The most Crew (Captain included) a player can have in play with this pool [Ship;
    Glossary: Crew Maximum; Game Set-Up]: the largest printed Crew Maximum plus three copies
    (The Deck) of every Ship attachment or non-Control Adventure raising it (a hostile one
    from each opponent too). The starting Crew fit the Crew Maximum in both editions
    (revised Game Set-Up; original Ship: "the maximum number of Crew cards you may have in
    play")."""
    ty = tab[:, S.C_TYPE]
    on_ship = (((ty == S.T_ATTACH) & (tab[:, S.C_HOST] == S.H_SHIP))
               | ((ty == S.T_ADVENTURE) & (tab[:, S.C_CONTROL] == 0)))
    ships = tab[ty == S.T_SHIP, S.C_CREWMAX]
    return (int(ships.max()) if ships.size else 0) + int(
        (np.maximum(tab[:, S.C_SHIP_CREWMAX], 0) * _copies(tab) * on_ship).sum())


def most_hand(tab) -> int:
    """The largest hand a player can hold with this pool [Maximum Hand Size: "cards can
    increase ... your maximum"; ruling: Hand size room]: seven, plus the largest hand_max
    Chantey, plus every hand bonus of the pool in play at once (three copies of each
    Attachment or Adventure, a hostile one from each opponent too), plus the most cards one
    effect draws before the hand is checked (III. Draw Cards: three; an action card or an
    "Act:" draw)."""
    ty = tab[:, S.C_TYPE]
    ch = tab[(ty == S.T_CHANTEY) & (tab[:, S.C_OP] == S.CH_HAND_MAX), S.C_ARG]
    bonus = int((np.maximum(tab[:, S.C_HAND_BONUS], 0) * _copies(tab)
                 * ((ty == S.T_ATTACH) | (ty == S.T_ADVENTURE))).sum())
    draws = [S.DRAW_PHASE, int(tab[:, S.C_ACT_ARG][tab[:, S.C_ACT] == S.OP_DRAW].max(initial=0)),
             int(tab[(ty == S.T_ACTION) & (tab[:, S.C_OP] == S.OP_DRAW), S.C_ARG].max(initial=0))]
    return S.HAND_MAX + int(ch.max(initial=0)) + bonus + max(draws)


def load_pool(path=DEFAULT_PATH) -> dict:
    data = cc.load_toml(path)
    items = data.get("cards")
    if not isinstance(items, list) or not items:
        raise CardDataError(path, cc.FILE_LEVEL, "cards", "expected a non-empty array cards = [...]")
    if len(items) > S.MAX_DEFS:
        raise CardDataError(path, cc.FILE_LEVEL, "cards", f"{len(items)} cards, at most {S.MAX_DEFS}")
    clean = cc.validate_section(items, CARD_SCHEMA, path, "cards")
    n = len(clean)
    titles = []
    for c in clean:
        t = c["title"] or c["name"]
        if t not in titles:
            titles.append(t)
    rank_rev = _ranks([c["name"] for c in clean], S.ED_REVISED)
    rank_orig = _ranks([c["name"] for c in clean], S.ED_ORIGINAL)
    tab = np.zeros((n, S.NCOLS), np.int16)
    for d, c in enumerate(clean):
        name = c["name"]
        bits = 0
        for t in c["traits"]:
            if t not in S.TRAIT_NAMES:
                raise CardDataError(path, name, "traits", f"unknown trait {t!r}; known: "
                                    + ", ".join(S.TRAIT_NAMES))
            bits |= 1 << S.TRAIT_NAMES.index(t)
        defs = []
        for b in c["defence"]:
            if b not in S.BOX_NAMES:
                raise CardDataError(path, name, "defence", f"unknown boarding box {b!r}; known: "
                                    + ", ".join(S.BOX_NAMES))
            defs.append(S.BOX_NAMES.index(b))
        if c["box"] in defs or defs[0] == defs[1]:
            raise CardDataError(path, name, "defence", "the three boarding boxes must differ")
        ty = c["type"]
        if ty == S.T_CAPTAIN and c["wealth"] == 0:
            raise CardDataError(path, name, "wealth", "a Captain needs a starting Wealth")
        if ty == S.T_SHIP and (c["move"] == 0 or c["crew_max"] < 2):
            raise CardDataError(path, name, "move", "a Ship needs a Move Cost and a Crew Maximum >= 2")
        if ty == S.T_ACTION and c["op"] == S.OP_NONE and not c["react"]:
            raise CardDataError(path, name, "op", "an Action card needs an effect")
        if ty == S.T_ADVENTURE and c["dist"] == 0:
            raise CardDataError(path, name, "dist", "an Adventure is put 1-4 Seas away")
        if ty == S.T_CHANTEY and c["chantey"] == S.CH_NONE and not c["act"] and not c["react"]:
            raise CardDataError(path, name, "chantey", "a Chantey needs a global effect or an "
                                "ability (act / react) printed on every Captain")
        # [Glossary: Sorcerer] a rank needs its school, a school its rank
        for rk, sc in (("sorcery", "school"), ("sorcery2", "school2")):
            if (c[rk] > 0) != (c[sc] > 0):
                raise CardDataError(path, name, sc, f"{rk} (a rank) and {sc} (its school) go together")
        if c["school2"] and c["school2"] == c["school"]:
            raise CardDataError(path, name, "school2", "a second school must differ from the first")
        if c["req"] == S.RQ_SORCERY and not c["req_school"]:
            raise CardDataError(path, name, "req_school", "a Sorcery Knack names its school "
                                "(Glossary: Sorcery Knack)")
        row = tab[d]
        row[S.C_TYPE] = ty
        row[S.C_FACTION] = c["faction"]
        row[S.C_TITLE] = titles.index(c["title"] or name)
        row[S.C_RANK_REV] = rank_rev[d]
        row[S.C_RANK_ORIG] = rank_orig[d]
        row[S.C_COST] = c["cost"]
        row[S.C_COST_SKILL] = c["cost_skill"]
        row[S.C_CANCEL] = c["cancel"]
        row[S.C_CANCEL_SKILL] = c["cancel_skill"]
        for k in range(5):
            row[S.C_SK0 + k] = c["skills"][k]
        row[S.C_TRAITS] = bits
        row[S.C_SWORD] = c["swordsman"]
        row[S.C_FEAR] = c["fear"]
        row[S.C_SORC] = c["sorcery"]
        row[S.C_WEALTH] = c["wealth"]
        row[S.C_HOME] = c["home"]
        row[S.C_MOVE] = c["move"]
        row[S.C_CREWMAX] = c["crew_max"]
        row[S.C_FREEMOVE] = c["free_move"]
        row[S.C_BOX] = c["box"]
        row[S.C_DEF1], row[S.C_DEF2] = defs
        row[S.C_HOST] = c["host"]
        row[S.C_REQ] = c["req"]
        row[S.C_REQ_VAL] = c["req_val"] + 16 * (c["req_skill"] if c["req"] == S.RQ_SKILL
                                                 else c["req_school"] if c["req"] == S.RQ_SORCERY
                                                 else 0)
        row[S.C_SCHOOL] = c["school"]
        row[S.C_SORC2] = c["sorcery2"]
        row[S.C_SCHOOL2] = c["school2"]
        row[S.C_REACT_ARG] = c["react_arg"]
        row[S.C_GUNNERY] = c["gunnery"]
        row[S.C_ARMOUR] = c["armour"]
        row[S.C_HOSTILE] = c["hostile"]
        # original rulebook: an Attachment played on an opponent's card (its cancel flag is
        # paid by that card's controller)
        # [Attachment: "or one of the five Seas"] only completed Control Adventures attach to
        # a Sea in this engine; an Attachment card for a Sea would never be offered
        if ty == S.T_ATTACH and c["host"] == S.H_SEA:
            raise CardDataError(path, name, "host", "this engine plays no Attachment cards on a "
                                "Sea (host = crew, captain or ship; a Control Adventure "
                                "attaches to its Sea when completed)")
        # [Knacks] a requirement is checked on the crew an Attachment goes on; an Action
        # Knack ("the Crew ... using the knack") names no crew in this engine
        if c["req"] != S.RQ_NONE and ty != S.T_ATTACH:
            raise CardDataError(path, name, "req", "only Attachments carry a knack requirement "
                                "in this engine (an Action Knack names no crew using it)")
        if c["hostile"] and (ty != S.T_ATTACH or c["host"] not in (S.H_CREW, S.H_CAPTAIN, S.H_SHIP)
                             or c["req"] != S.RQ_NONE):
            raise CardDataError(path, name, "hostile", "a hostile card is an Attachment for an "
                                "opponent's crew, Captain or Ship, without a knack requirement")
        row[S.C_OP] = c["op"] if ty == S.T_ACTION else c["chantey"]
        row[S.C_ARG] = c["arg"] if ty == S.T_ACTION else c["chantey_arg"]
        row[S.C_DIST] = c["dist"]
        row[S.C_ADV_SEA] = c["adv_sea"]
        row[S.C_ADV_LOW] = c["adv_low"]
        row[S.C_HAND_BONUS] = c["hand_bonus"]
        row[S.C_CONTROL] = c["control"]
        row[S.C_CAP_NEED] = c["cap_need"]
        row[S.C_CAP_SKILL] = c["cap_skill"]
        row[S.C_CAP_BONUS] = c["cap_bonus"]
        row[S.C_SHIP_MOVE] = c["ship_move"]
        row[S.C_SHIP_CREWMAX] = c["ship_crew_max"]
        row[S.C_REACT] = c["react"]
        row[S.C_ADV_VILLAIN] = c["adv_villain"]
        row[S.C_ADV_DISCARD] = c["adv_discard"]
        # "Act:" ability printed on a card in play [Ability]: a crew or Captain tacks itself, a
        # Ship tacks itself, an Attachment tacks its host, a Chantey's is on every Captain
        row[S.C_ACT] = (S.OP_NONE, S.OP_DRAW, S.OP_UNTACK_CAPTAIN)[c["act"]]
        row[S.C_ACT_ARG] = c["act_arg"]
        if c["act"] and ty not in (S.T_CREW, S.T_CAPTAIN, S.T_SHIP, S.T_ATTACH, S.T_CHANTEY):
            raise CardDataError(path, name, "act", "an Act: ability is printed on a card in play "
                                "(crew, Captain, Ship, Attachment, Chantey)")
        if c["act"] == 1 and c["act_arg"] == 0:
            raise CardDataError(path, name, "act_arg", "an Act: draw needs a number of cards")
        # "React:" printed on a card in play (crew / Captain: tack it; Chantey: on every
        # Captain) [Actions and Reacts: "printed on a card you have in play"]
        printed = ty in (S.T_CREW, S.T_CAPTAIN, S.T_CHANTEY)
        if c["react"] and ty != S.T_ACTION and not (
                printed and c["react"] in (S.R_ABSORB, S.R_CANNON, S.R_EVADE) and c["react_arg"] > 0):
            raise CardDataError(path, name, "react", "a React ability printed on a crew, Captain or "
                                "Chantey absorbs, adds or removes Cannon by react_arg (> 0)")
        if c["react_arg"] and not (c["react"] and ty != S.T_ACTION):
            raise CardDataError(path, name, "react_arg", "only a printed React ability has react_arg")
        if c["react"] == S.R_INSTEAD and ty == S.T_ACTION:
            if c["op"] not in (S.OP_HITS, S.OP_END_BOARDING) or (c["op"] == S.OP_HITS and c["arg"] == 0):
                raise CardDataError(path, name, "op", "a card played instead of performing a "
                                    "Boarding Attack inflicts hits (arg) or ends the Boarding")
        elif c["react"] and ty == S.T_ACTION and (c["op"] != S.OP_NONE or c["arg"] == 0):
            raise CardDataError(path, name, "react", "a React is an Action card with an amount "
                                "(arg) and no other effect (op = none)")
        if c["op"] == S.OP_END_BOARDING and c["react"] != S.R_INSTEAD:
            raise CardDataError(path, name, "op", "end_boarding is played instead of performing a "
                                "Boarding Attack (react = instead)")
        if c["gunnery"] and ty not in (S.T_CREW, S.T_CAPTAIN):
            raise CardDataError(path, name, "gunnery", "a gunnery trait is printed on a crew")
        if c["armour"] and ty != S.T_SHIP:
            raise CardDataError(path, name, "armour", "an armour trait is printed on a Ship")
        if c["react"] == S.R_PRODUCE and (c["cost"] != 0 or c["cost_skill"] == 5):
            raise CardDataError(path, name, "cost", "a React producing skill points costs nothing; "
                                "cost_skill names the skill it produces")
        if c["react"] == S.R_PRODUCE and c["cost_skill"] == S.SWASH:
            raise CardDataError(path, name, "cost_skill", "a React producing Swashbuckling "
                                "(revised Suffering Hits / Boarding: it absorbs hits and adds "
                                "boarding hits): this engine does not implement it")
    most = most_crew(tab)
    if most > S.MAX_CREW:
        raise CardDataError(path, cc.FILE_LEVEL, "crew_max",
                            f"a player could have {most} Crew in play (the largest Ship Crew "
                            f"Maximum with three copies of every card raising it); this engine "
                            f"holds at most {S.MAX_CREW} (state.MAX_CREW)")
    most = most_hand(tab)
    if most > S.MAX_HAND:
        raise CardDataError(path, cc.FILE_LEVEL, "hand_bonus",
                            f"a player could hold {most} cards (seven, the largest hand_max "
                            f"Chantey, three copies of every hand bonus in play and a draw); "
                            f"this engine holds at most {S.MAX_HAND} (state.MAX_HAND)")
    return {"CARD": tab, "NAMES": [c["name"] for c in clean], "NDEFS": n,
            "INDEX": cc.name_index(clean)}


_P = load_pool(DEFAULT_PATH)
CARD = _P["CARD"]
CARD_NAMES = _P["NAMES"]
NDEFS = _P["NDEFS"]
INDEX = _P["INDEX"]


def card_id(name: str) -> int:
    if name not in INDEX:
        raise cc.unknown_name("card", name, CARD_NAMES)
    return INDEX[name]
