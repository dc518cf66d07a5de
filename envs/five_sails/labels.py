"""City of Five Sails action labels: what an action means for the pending decision, in words.

Labels read only what the seat to play may know (its own hand, public cards)."""

from __future__ import annotations

from . import cards as C
from .state import (A_ABILITY, A_ACCEPT, A_APPROACH, A_CEQUIP, A_CHALLENGE, A_CLAIM, A_CREW,
                    A_EVENT, A_GAMBLE, A_HAND, A_KEEP, A_LOC, A_MANEUVER, A_MOVE, A_PASS,
                    A_RECRUIT, A_TARGET, A_TECH, HOME, LOC_NAMES, MAX_CREW, NUM_ACTIONS, PK_DPLAY,
                    PK_DUSK, PK_LOCKER, PK_MAIN, PK_PARLEY, PK_PAY, PK_RESPOND, PK_SLOT, PK_CTECH,
                    PK_DABIL, PK_EQUIP, PK_ACTOR, PK_ORDER, PK_REACT, PK_RACTOR, RT_TEXT, PK_SINK,
                    PK_RPAY, PK_COPY, MAX_ATT)


def _name(cid) -> str:
    return C.POOL.names[int(cid)] if 0 < int(cid) < C.NCARDS else "nothing"


def _loc(l) -> str:
    return "Home" if int(l) == HOME else LOC_NAMES[int(l)]


def action_label(s, a) -> str:
    a = int(a)
    if not 0 <= a < NUM_ACTIONS:
        return f"action {a} (out of range)"
    pk = int(s["pk"])
    p = int(s["to_play"])
    crew = s["crew"][p] if p >= 0 else None

    def who(c):
        return _name(crew[c]) if crew is not None else f"crew {c}"

    if a == A_PASS:
        return {PK_MAIN: "pass", PK_RESPOND: "refuse the challenge", PK_DPLAY: "play no combat card",
                PK_PARLEY: "no parley", PK_CTECH: "no technique", PK_DABIL: "resolve combat values",
                PK_REACT: f"no (more) Reactions ({RT_TEXT[int(s['r_trig'])]})"}.get(pk, "pass")
    if a == A_ACCEPT:
        return "accept the challenge"
    if a == A_GAMBLE:
        return "gamble (reveal the top two, keep one)"
    if a == A_MANEUVER:
        return f"use the Maneuver of {_name(s['d_card'])}"
    for base, verb in ((A_MOVE, "move"), (A_CLAIM, "claim with"), (A_CHALLENGE, "challenge with"),
                       (A_RECRUIT, "recruit with"), (A_CEQUIP, "equip the City attachment to"),
                       (A_EVENT, "use the Event with"), (A_ABILITY, "use the Action of")):
        if base <= a < base + MAX_CREW:
            if base == A_ABILITY and pk in (PK_REACT, PK_RESPOND):
                verb = "use the Reaction of"
            if base == A_EVENT and pk in (PK_REACT, PK_RESPOND):
                verb = "use the Event's Reaction with"
            return f"{verb} {who(a - base)}"
    if A_HAND <= a < A_CREW:
        i = a - A_HAND
        cid = s["hand"][p][i] if p >= 0 else 0
        verb = {PK_MAIN: "play", PK_PAY: "discard to pay:", PK_RPAY: "discard to pay:", PK_DUSK: "discard", PK_DPLAY:
                "play in the duel:", PK_RESPOND: "react with", PK_REACT: "react with"}.get(pk, "choose")
        return f"{verb} {_name(cid)} (hand slot {i})"
    if A_CREW <= a < A_TARGET:
        c = a - A_CREW
        if pk == PK_PAY:
            return f"engage {who(c)} instead of paying the cost"
        verb = {PK_LOCKER: "send to The Locker:", PK_PARLEY: "parley with", PK_RESPOND:
                "intervene with", PK_EQUIP: "equip to", PK_ACTOR: "acting character:",
                PK_RACTOR: "the Reaction's acting character:"}.get(pk, "choose")
        return f"{verb} {who(c)}"
    if A_TARGET <= a < A_LOC:
        q, d = divmod(a - A_TARGET, MAX_CREW)
        if pk == PK_ORDER:
            return f"resolve player_{q}'s {'character' if d else 'scheme'} 'when revealed' effect"
        if pk in (PK_REACT, PK_RESPOND):
            c, j = divmod(a - A_TARGET, MAX_ATT)
            att = s["att"][p][c][j] if p >= 0 else 0
            return f"use the Reaction of {_name(att)} on {who(c)}"
        if pk == PK_COPY:
            return f"copy the Action of player_{q}'s {_name(s['crew'][q][d])}"
        return f"challenge player_{q}'s {_name(s['crew'][q][d])}"
    if A_LOC <= a < A_APPROACH:
        return f"to {_loc(a - A_LOC)}"
    if A_APPROACH <= a < A_KEEP:
        k = a - A_APPROACH
        return f"plan {_name(s['appr'][p][k])}" if p >= 0 else f"approach card {k}"
    if A_KEEP <= a < A_TECH:
        if pk == PK_SINK:
            return f"put {_name(s['sink'][a - A_KEEP])} into your hand, sink the rest"
        return f"keep {_name(s['d_reveal'][a - A_KEEP])}"
    k = a - A_TECH
    if pk == PK_SLOT:
        return f"destroy attachment {_name(crew[s['pa']][k - 1])}"
    return f"technique of {'the character' if k == 0 else f'attachment {k}'}"
