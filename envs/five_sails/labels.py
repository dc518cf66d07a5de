"""City of Five Sails action labels: what an action means for the pending decision, in words.

Labels read only what the seat to play may know (its own hand and approach deck, cards in
play, cards revealed face up by a gamble [Gambling] or a sink effect [Glossary: Sink]).
Every action in range gets a non-empty label in every decision, legal or not; the core's
``GameSpec.action_label`` labels out-of-range actions. A character or attachment is named
with its slot, so two copies of one card (Brutes) still give distinct labels.
Plain Python over a record, never called by kernels."""

from __future__ import annotations

from . import cards as C
from .state import (A_ABILITY, A_ACCEPT, A_APPROACH, A_CEQUIP, A_CHALLENGE, A_CLAIM, A_CREW,
                    A_EVENT, A_GAMBLE, A_HAND, A_KEEP, A_LOC, A_MANEUVER, A_MOVE, A_PASS,
                    A_RECRUIT, A_TARGET, A_TECH, HOME, LOC_NAMES, MAX_CREW, PK_DPLAY,
                    PK_DUSK, PK_LOCKER, PK_MAIN, PK_PARLEY, PK_PAY, PK_RESPOND, PK_SLOT, PK_CTECH,
                    PK_DABIL, PK_EQUIP, PK_ACTOR, PK_ORDER, PK_REACT, PK_RACTOR, RT_TEXT, PK_SINK,
                    PK_RPAY, PK_COPY, PK_KEEP, MAX_ATT)


def _name(cid) -> str:
    return C.POOL.names[int(cid)] if 0 < int(cid) < C.NCARDS else "nothing"


def _loc(l) -> str:
    return "Home" if int(l) == HOME else LOC_NAMES[int(l)]


def _char(s, q, d) -> str:
    """Character in crew slot d of seat q, with its slot: cards in play are public."""
    return f"{_name(s['crew'][q][d])} (crew {d})"


def action_label(s, a) -> str:
    """What action ``a`` (0..NUM_ACTIONS-1) means for the seat to play, in words."""
    a = int(a)
    pk = int(s["pk"])
    p = int(s["to_play"])

    def who(c):
        return _char(s, p, c) if p >= 0 else f"crew {c}"

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
            what = ("scheme", "character")[d] if d < 2 else f"card {d}"
            return f"resolve player_{q}'s {what} 'when revealed' effect"
        if pk in (PK_REACT, PK_RESPOND):
            c, j = divmod(a - A_TARGET, MAX_ATT)
            att = s["att"][p][c][j] if p >= 0 else 0
            return f"use the Reaction of {_name(att)} (attachment {j}) on {who(c)}"
        if pk == PK_COPY:
            return f"copy the Action of player_{q}'s {_char(s, q, d)}"
        if pk == PK_EQUIP:
            # [Attachment Cards] "unless otherwise specified": an opposing character
            return f"equip to player_{q}'s {_char(s, q, d)}"
        return f"challenge player_{q}'s {_char(s, q, d)}"
    if A_LOC <= a < A_APPROACH:
        return f"to {_loc(a - A_LOC)}"
    if A_APPROACH <= a < A_KEEP:
        k = a - A_APPROACH
        return f"plan {_name(s['appr'][p][k])} (approach card {k})" if p >= 0 else f"approach card {k}"
    if A_KEEP <= a < A_TECH:
        k = a - A_KEEP
        if pk == PK_SINK:
            return f"put {_name(s['sink'][k])} (revealed card {k}) into your hand, sink the rest"
        # a gamble reveals two cards [Gambling]: the third keep slot names none
        if pk == PK_KEEP and k < len(s["d_reveal"]):
            return f"keep {_name(s['d_reveal'][k])} (gambled card {k})"
        return f"keep revealed card {k}"
    k = a - A_TECH
    if pk == PK_SLOT:
        # [Attachment Cards] a second Weapon, Armor or Attire: which one to destroy; the
        # character is s.pa of the seat to play, its attachment k - 1, or (k = 0) the new
        # one held out while her cells are full
        c = int(s["pa"])
        if p < 0 or not 0 <= c < MAX_CREW:
            return "destroy one of the attachments"
        if k == 0:
            return f"destroy {_name(s['pcard'])} (the one being equipped) of {who(c)}"
        return f"destroy {_name(s['att'][p][c][k - 1])} (attachment {k - 1}) of {who(c)}"
    return f"technique of {'the character' if k == 0 else f'attachment {k - 1}'}"
