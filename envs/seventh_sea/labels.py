"""7th Sea CCG action labels: what an action means in the pending decision, in words."""

from __future__ import annotations

from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, CARD_NAMES


def _name(d) -> str:
    d = int(d)
    return CARD_NAMES[d] if 0 <= d < len(CARD_NAMES) else f"card {d}"


def _crew(s, p, j) -> str:
    d = int(s["crew"][p][j])
    return f"{_name(d)} (crew {j})" if d >= 0 else f"empty crew slot {j}"


def action_label(s, a) -> str:
    a = int(a)
    p = int(s["cur"])
    pk = int(s["pk"])
    n = int(s["num_players"])
    if p < 0:
        return f"action {a}"
    if S.A_HAND <= a < S.A_XP:
        i = a - S.A_HAND
        d = int(s["hand"][p][i])
        verb = {S.PK_DISCARD: "discard", S.PK_BCARD: "play as boarding attack",
                S.PK_ABSORB: "react with", S.PK_REACT: "react with",
                S.PK_PICK: "bring into play",
                S.PK_BPUSH: "instead of a boarding attack, play"}.get(pk, "play")
        if pk == S.PK_PICK and int(s["act_kind"]) == S.AK_ADV_DONE:
            # [Adventure: "some other cost ... (like discarding a card from your hand)"]
            return f"discard {_name(d)} (hand {i}) to pay for {_name(s['adv'][p][int(s['act_slot'])])}"
        if pk == S.PK_MAIN and 0 <= d < len(CARD_NAMES):
            t = int(CARD[d, S.C_TYPE])
            verb = {S.T_CREW: "hire", S.T_ADVENTURE: "put into play",
                    S.T_ATTACH: "attach", S.T_CHANTEY: "sing"}.get(t, "play")
        return f"{verb} {_name(d)} (hand {i})"
    if S.A_XP <= a < S.A_CREW:
        i = a - S.A_XP
        return f"experience with {_name(s['hand'][p][i])} (hand {i})"
    if S.A_CREW <= a < S.A_SINK:
        j = a - S.A_CREW
        if pk == S.PK_HOST and int(s["act_kind"]) == S.AK_XP:
            # [2. Experience a Crew: "replace the Crew in play with the Experienced one"]
            return f"replace {_crew(s, p, j)} with {_name(s['limbo'])}"
        what = {S.PK_PAY: f"tack for {S.SKILL_NAMES[int(s['pay_skill'])]}",
                S.PK_ABSORB: "tack to absorb", S.PK_FIRE: "fire cannon with",
                S.PK_BPUSH: "push forward", S.PK_HOST: "attach to"}.get(pk, "choose")
        return f"{what} {_crew(s, p, j)}"
    if S.A_SINK <= a < S.A_DCREW:
        return f"sink {_crew(s, p, a - S.A_SINK)} to absorb"
    if S.A_DCREW <= a < S.A_SEA:
        return f"discard {_crew(s, p, a - S.A_DCREW)}"
    if S.A_SEA <= a < S.A_TARGET:
        return f"sea: {S.SEA_NAMES[a - S.A_SEA]}"
    if S.A_TARGET <= a < S.A_ADV:
        r = a - S.A_TARGET
        if r >= n - 1:       # more places after you than there are other seats
            return f"target the ship {r + 1} places after you (no such player)"
        return f"target player_{(p + r + 1) % n}'s ship"
    if S.A_ADV <= a < S.A_DADV:
        k = a - S.A_ADV
        return f"complete adventure {_name(s['adv'][p][k])}"
    if S.A_DADV <= a < S.A_SHIP:
        k = a - S.A_DADV
        return f"discard adventure {_name(s['adv'][p][k])}"
    if S.A_FOE <= a < S.A_FOE + S.MAX_CREW and pk == S.PK_HOST:
        q = int(s["act_target"])
        return f"attach to {_crew(s, q, a - S.A_FOE)} of player_{q}"
    if a == S.A_SHIP and pk == S.PK_HOST and int(s["act_target"]) >= 0:
        return f"attach to player_{int(s['act_target'])}'s ship"
    if S.A_FOE <= a < S.A_FOE + S.MAX_CREW:
        q = int(s["act_target"])
        return f"duel against {_crew(s, q, a - S.A_FOE)} of player_{q}" if q >= 0 else f"action {a}"
    if S.A_DEF <= a < S.NUM_ACTIONS:
        return f"starting crew: {_name(a - S.A_DEF)}"
    if S.A_ACT <= a < S.A_MOVE:
        if pk in (S.PK_REACT, S.PK_ABSORB):
            return f"React: tack {_crew(s, p, a - S.A_ACT)} for its ability"
        return f"Act: tack {_crew(s, p, a - S.A_ACT)} for its ability"
    if a == S.A_SHIPACT:
        return f"Act: tack your ship {_name(s['ship'][p])} for its ability"
    if S.A_ATTACT <= a < S.A_ATTACT + S.MAX_ATT:
        k = a - S.A_ATTACT
        return f"Act: {_name(s['att'][p][k])} (attachment {k}; tacks the card it is on)"
    if a == S.A_CHACT:
        what = "React" if pk in (S.PK_REACT, S.PK_ABSORB) else "Act"
        return f"{what}: tack your Captain for the Chantey {_name(s['chantey'])}"
    fixed = {S.A_SHIP: "attach to your ship", S.A_MOVE: "move your ship",
             S.A_CANNON: "cannon attack", S.A_BOARD: "attempt a boarding",
             S.A_FREE: "free move (tack the ship)", S.A_PASS: "pass",
             S.A_PAYC: "pay the cancel cost"}
    if a == S.A_STOP:
        return {S.PK_PAY: "stop paying (the action is cancelled)",
                S.PK_CANCEL: "do not cancel", S.PK_START: "starting crew done",
                S.PK_BPUSH: "pass the boarding attack" if int(s["f_seat"][0]) < 0 else "take the hits",
                S.PK_BCARD: "stop (the other crew's attack lands)",
                S.PK_REACT: "no React now (pass the React window)",
                S.PK_ABSORB: "no more Reacts: the fighter absorbs"}.get(pk, "stop")
    return fixed.get(a, f"action {a}")
