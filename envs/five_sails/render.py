"""City of Five Sails rendering: ansi text and an rgb_array picture of a position.

Both show what a seat at the table sees [Game Setup; Phases of the Day]: the Day and phase,
the pending decision, the City locations in order with their City card, controller and the
characters there; each player's Renown, scheme in play, crew (stats with attachments,
wounds, engaged, location), pile sizes; the duel [Issuing a Challenge and Dueling]: the
dueling characters and stat, threat pools and where they lie, the dueling lines, revealed
gambled cards. Hidden (drawn face down, counts only) [Planning 1: facedown; Risk Cards;
Faction Deck; Approach Deck]: other players' hands, every deck, other players' Approach
Decks and, until the reveal, their planning choices. A viewer sees its own hand, its own
Approach Deck and its own plan. viewer None = spectator: no hand face up.
"""

from __future__ import annotations

import numpy as np

from envs.core import draw

from . import cards as C
from . import state as S
from .state import (
    AB_NAMES, APPROACH, DASH, DAYS, HOME, LOC_NAMES, MAX_CREW, MAX_PLAYERS, NLOC, NOPS,
    OP_CHALLENGE, OP_CV_P, OP_CV_R, OP_CV_T, OP_DRAW, OP_GARDE, OP_HEAL, OP_IF_CTRL, OP_INF,
    OP_LETHAL, OP_MOVE, OP_NAMES, OP_PARRY, OP_RENOWN, OP_THRUST, PHASE_NAMES, PK_NAMES, S_INF,
    TYPE_NAMES,
)

_HIDDEN = "##"
STAT_NAMES = ("Resolve", "Combat", "Finesse", "Influence")
STAT_SHORT = ("R", "C", "F", "I")


def _ok(cid) -> bool:
    return 0 < int(cid) < C.NCARDS


def _n(cid) -> str:
    return C.POOL.names[int(cid)] if _ok(cid) else "-"


def _live(n, l):
    return 1 <= l <= 3 or (l == 0 and n >= 3) or (l == 4 and n >= 4)


def _mine(viewer, p) -> bool:
    return viewer is not None and int(viewer) == p


def _where(l) -> str:
    l = int(l)
    return "Home" if l == HOME else LOC_NAMES[l] if 0 <= l < NLOC else "?"


def stat(s, p, c, k) -> int:
    """Stat k of crew slot c as the rules compute it (common.stat, in Python): its
    attachments' modifiers, the Day's Influence and the Passive auras of p's other
    characters at its location; then an attachment's set value replaces the result [Passive
    Abilities; Glossary: Set]. DASH stays a dash [Dashes as Values]."""
    cid = int(s["crew"][p][c])
    base = int(C.C_STAT[cid, k])
    if base < 0:
        return DASH
    v = base
    setv = -1
    for a in s["att"][p][c]:
        if _ok(a):
            v += int(C.C_STAT[a, k])
            if int(C.C_SETV[a, k]) >= 0:
                setv = int(C.C_SETV[a, k])
    if k == S_INF:
        v += int(s["buff"][p][c])
    if C.C_AURA_K[k]:
        here = int(s["loc"][p][c])
        v += sum(int(C.C_AURA[e, k]) for d, e in enumerate(s["crew"][p])
                 if d != c and _ok(e) and int(s["loc"][p][d]) == here)
    if setv >= 0:
        return setv
    return max(v, 0)


def _stat_text(v) -> str:
    return "-" if v == DASH else str(v)


def pending_text(s) -> str:
    if s["done"] or int(s["to_play"]) < 0:
        return "game over"
    pk = int(s["pk"])
    return (f"player_{int(s['to_play'])} to decide: "
            f"{PK_NAMES[pk] if 0 <= pk < len(PK_NAMES) else pk}")


def render_ansi(s, viewer) -> str:
    n = int(s["num_players"])
    ph = int(s["phase"])
    lines = [f"Day {int(s['day'])} of {DAYS}, {PHASE_NAMES[ph] if 0 <= ph < 4 else ph}; "
             f"{pending_text(s)}; First Player "
             f"{'player_' + str(int(s['first'])) if int(s['first']) >= 0 else '-'}; City Deck "
             f"{int(s['cdeck_n'])}, City discard {int(s['cdisc_n'])}"]
    if s["done"]:
        won = [f"player_{q}" for q in range(n) if int(s["winner_mask"]) >> q & 1]
        lines.append("winners: " + (", ".join(won) or "none (draw)"))
    for l in range(NLOC):
        if not _live(n, l):
            continue
        ctrl = int(s["ctrl"][l])
        here = [f"{_n(s['crew'][p][c])} (seat {p})" for p in range(n) for c in range(MAX_CREW)
                if _ok(s["crew"][p][c]) and int(s["loc"][p][c]) == l]
        lines.append(f"  {LOC_NAMES[l]}: City card {_n(s['cslot'][l])}; "
                     f"{'uncontrolled' if ctrl < 0 else f'controlled by player_{ctrl}'}; "
                     f"here: {', '.join(here) or '-'}")
    for label, arr, cnt in (("City discard", "cdisc", "cdisc_n"), ("City Locker", "clocker", "clocker_n")):
        if int(s[cnt]):
            lines.append(f"  {label}: " + ", ".join(_n(c) for c in s[arr][:int(s[cnt])]))
    if int(s["pcard"]) > 0:
        lines.append(f"  card announced: {_n(s['pcard'])}")
    for p in range(n):
        mine = _mine(viewer, p)
        head = (f"player_{p}{' (out)' if s['out'][p] else ''}: Renown {int(s['renown'][p])}, "
                f"hand {int(s['hand_n'][p])}, deck {int(s['deck_n'][p])}, discard "
                f"{int(s['disc_n'][p])}, Locker {int(s['locker_n'][p])}, approach deck "
                f"{sum(1 for a in s['appr'][p] if a > 0)}, scheme {_n(s['scheme'][p])}")
        lines.append(head)
        if s["plan_scheme"][p] or s["plan_char"][p]:
            plan = (f"{_n(s['plan_scheme'][p])} / {_n(s['plan_char'][p])}" if mine
                    else f"{_HIDDEN} / {_HIDDEN}")
            lines.append(f"    plan (face down): {plan}")
        if mine:
            hand = ", ".join(_n(c) for c in s["hand"][p][:int(s["hand_n"][p])]) or "-"
            appr = ", ".join(_n(a) for a in s["appr"][p] if a > 0) or "-"
            lines.append(f"    approach deck: {appr}")
        else:
            hand = " ".join([_HIDDEN] * int(s["hand_n"][p])) or "-"
        lines.append(f"    hand: {hand}")
        # face-up zones [Glossary: Discard Pile, The Locker], oldest first
        for label, arr, cnt in (("discard pile", "disc", "disc_n"), ("The Locker", "locker", "locker_n")):
            pile = ", ".join(_n(c) for c in s[arr][p][:int(s[cnt][p])]) or "-"
            lines.append(f"    {label}: {pile}")
        for c in range(MAX_CREW):
            cid = int(s["crew"][p][c])
            if not _ok(cid):
                continue
            att = ", ".join(_n(a) for a in s["att"][p][c] if _ok(a))
            st = "/".join(_stat_text(stat(s, p, c, k)) for k in range(4))
            lines.append(f"    {_n(cid)} [R/C/F/I {st}] at {_where(s['loc'][p][c])}"
                         f"{' engaged' if s['eng'][p][c] else ''}, wounds {int(s['wounds'][p][c])}"
                         f"{'; ' + att if att else ''}")
    if s["d_on"]:
        sides = []
        for a in range(2):
            q, d = int(s["d_seat"][a]), int(s["d_slot"][a])
            who = _n(s["crew"][q][d]) if 0 <= q < MAX_PLAYERS and 0 <= d < MAX_CREW else "?"
            line = ", ".join(_n(c) for c in s["d_line"][a][:int(s["d_line_n"][a])])
            pool = int(s["d_pool"][a])
            at = f" at {_where(s['d_ploc'][a])}" if pool else ""
            sides.append(f"{who} (player_{q}) threat {pool}{at} line [{line}]")
        st = int(s["d_stat"])
        lines.append(f"  duel of {STAT_NAMES[st] if 0 <= st < 4 else '?'} at "
                     f"{_where(s['d_loc'])}: " + " vs ".join(sides))
        if _ok(s["d_risk"]):
            lines.append(f"  challenge issued by the risk {_n(s['d_risk'])} (discarded when "
                         "the duel ends)")
        rev = [_n(c) for c in s["d_reveal"] if _ok(c)]
        if rev:
            lines.append(f"  gambled, face up: {', '.join(rev)}")
    return "\n".join(lines)


# --- RGB image ------------------------------------------------------------------------------
# The Havoc layout: the game and the City on top (locations in order with their City card,
# controller stripe and the characters there), one panel per player (Renown, piles, scheme,
# plan, the characters at Home), then the duel and the viewer's hand and Approach Deck.
W, H = 1320, 960               # fixed, so frames of one game stack into a video
TYPE_COLOURS = {1: (236, 200, 90), 2: (226, 160, 110), 3: (170, 150, 220), 4: (130, 190, 230),
                5: (230, 120, 110), 6: (190, 140, 100), 7: (140, 210, 150), 8: (120, 200, 210),
                9: (235, 235, 235)}
STAT_COLOURS = ((120, 90, 160), (200, 60, 50), (60, 140, 200), (230, 190, 50))
CITY_Y0, CITY_Y1 = 96, 362
SEAT_Y0, SEAT_H = 370, 80
BOTTOM_Y0 = SEAT_Y0 + MAX_PLAYERS * (SEAT_H + 4)
APPR_Y0 = BOTTOM_Y0 + 128
DUEL_X0 = 820


def _colour(cid):
    return TYPE_COLOURS.get(int(C.C_TYPE[int(cid)]), (220, 220, 220)) if _ok(cid) else draw.PANEL


def _chips(cv, x, y, vals, size=12):
    for k, v in enumerate(vals):
        bg = STAT_COLOURS[k]
        cv.d.rounded_rectangle([x, y, x + size + 3, y + size], radius=3, fill=bg,
                               outline=draw.INK)
        cv.text(x + (size + 3) / 2, y + size / 2, _stat_text(v), size - 3,
                draw.text_colour_on(bg), anchor="mm")
        x += size + 5
    return x


def _char(cv, box, s, p, c, where=False):
    """A character in play: name, stats with attachments (R C F I), wounds, engaged."""
    x0, y0, x1, y1 = (int(v) for v in box)
    cid = int(s["crew"][p][c])
    eng = bool(s["eng"][p][c])
    att = [a for a in s["att"][p][c] if _ok(a)]
    cap = []
    if where:
        cap.append(_where(s["loc"][p][c]))
    if eng:
        cap.append("engaged")
    if att:
        cap.append(", ".join(_n(a) for a in att))
    w = int(s["wounds"][p][c])
    cv.card(box, _n(cid), _colour(cid), border=draw.seat_colour(p), faded=eng,
            caption=" | ".join(cap) or None,
            badge=f"{w} wound{'s' if w > 1 else ''}" if w else None)
    if y1 - y0 >= 40:
        _chips(cv, x0 + 4, y1 - (32 if w else 15), [stat(s, p, c, k) for k in range(4)])


def _op_words(op, arg) -> str:
    """One effect opcode in the rulebook's words."""
    words = {
        OP_DRAW: f"draw {arg}", OP_HEAL: f"heal {arg} wound{'s' if arg != 1 else ''}",
        OP_GARDE: "en garde", OP_INF: f"+{arg} Influence today", OP_RENOWN: f"+{arg} Renown",
        OP_CHALLENGE: f"challenge ({ {1: 'Combat', 2: 'Finesse'}.get(arg, 'Influence') })",
        OP_IF_CTRL: f"+1 Renown if you control {LOC_NAMES[arg] if 0 <= arg < NLOC else '?'}",
        OP_THRUST: f"Thrust {arg}", OP_PARRY: f"Parry {arg}", OP_LETHAL: "Lethal",
        OP_MOVE: "move", OP_CV_T: f"+{arg} Thrust", OP_CV_P: f"+{arg} Parry",
        OP_CV_R: f"+{arg} Riposte"}
    return words.get(op, OP_NAMES[op] if 0 <= op < len(OP_NAMES) else "?")


def _ability(cid) -> str:
    """The card's text, or its ability kind and effects in words when it has none."""
    cid = int(cid)
    text = C.POOL.text[cid] if cid < len(C.POOL.text) else "-"
    if text and text != "-":
        return text
    ab = int(C.C_AB[cid])
    if not 0 < ab < len(AB_NAMES):
        return ""
    effs = []
    for k in range(NOPS):
        op, arg = int(C.C_OP[cid, k]), int(C.C_ARG[cid, k])
        if 0 < op < len(OP_NAMES):
            effs.append(_op_words(op, arg))
    where = ("", "City ", "Home ")[int(C.C_WHERE[cid])] if 0 <= int(C.C_WHERE[cid]) < 3 else ""
    kind = AB_NAMES[ab].replace("_", " ")
    return f"{where}{kind[0].upper() + kind[1:]}: " + ", ".join(effs) + "."


def _card(cv, box, cid, *, face_down=False, border=None, caption=None, detail=True):
    """A card by type: cost, stats, combat values (Riposte/Parry/Thrust), panache, text."""
    if face_down or not _ok(cid):
        cv.card(box, face_down=True, border=border)
        return
    cid = int(cid)
    x0, y0, x1, y1 = (int(v) for v in box)
    t = int(C.C_TYPE[cid])
    cap = caption or TYPE_NAMES[t].replace("_", " ")
    if int(C.C_COST[cid]):
        cap += f" - cost {int(C.C_COST[cid])}"
    cv.card(box, _n(cid), _colour(cid), caption=cap, border=border)
    if not detail or y1 - y0 < 70:
        return
    tc = draw.text_colour_on(_colour(cid))
    y = y1 - 16
    cvs = [int(v) for v in C.C_CV[cid]]
    info = []
    if any(cvs):
        info.append(f"R{cvs[0]} P{cvs[1]} T{cvs[2]}")
    if int(C.C_PAN[cid]):
        info.append(f"Panache {int(C.C_PAN[cid]):+d}")
    if t in (1, 2, 6, 7):
        _chips(cv, x0 + 4, y, [int(v) for v in C.C_STAT[cid]])
        y -= 14
    elif any(int(v) for v in C.C_STAT[cid]):
        info.append(" ".join(f"{STAT_SHORT[k]}{int(v):+d}" for k, v in enumerate(C.C_STAT[cid])
                             if int(v)))
    if info:
        cv.text(x0 + 4, y, ", ".join(info), 10, tc, max_w=x1 - x0 - 8)
        y -= 2
    text = _ability(cid)
    if text:
        # below the name (one or two lines) and the type line
        wide = cv.d.textlength(_n(cid), font=draw.font(12)) > x1 - x0 - 10
        top = y0 + (46 if wide else 32)
        room = max(0, (y - top) // 12)
        if room:
            cv.text_lines(x0 + 4, top, text, 10, x1 - x0 - 8, int(room), tc)


def _game(cv, s):
    x0, y0, x1, y1 = cv.panel((8, 8, W - 8, CITY_Y0 - 6), "game")
    n = int(s["num_players"])
    ph = int(s["phase"])
    cv.text(x0, y0, f"Day {int(s['day'])} of {DAYS}  |  "
            f"{PHASE_NAMES[ph].replace('_', ' ') if 0 <= ph < 4 else ph}  |  decision "
            f"{int(s['step'])}", 14)
    y = y0 + 22
    if int(s["to_play"]) >= 0:
        cv.disc(x0 + 7, y + 8, 7, draw.seat_colour(int(s["to_play"])))
        cv.text(x0 + 20, y, pending_text(s), 13, max_w=560)
    elif s["done"]:
        won = [f"player_{q}" for q in range(n) if int(s["winner_mask"]) >> q & 1]
        cv.text(x0, y, "winners: " + (", ".join(won) or "none (draw)"), 14, max_w=560)
    x = 620
    cv.text(x, y0 + 8, "City Deck", 12, draw.MUTED, anchor="lm")
    x += 66
    x += cv.counter(x, y0, "deck", int(s["cdeck_n"]), 16)
    x += cv.counter(x, y0, "discard", int(s["cdisc_n"]), 16)
    x += cv.counter(x, y0, "skull", int(s["clocker_n"]), 16)
    cv.text(x, y0 + 8, "deck, discard, The Locker", 11, draw.MUTED, anchor="lm")
    first = int(s["first"])
    cv.text(620, y + 8, "First Player Token", 12, draw.MUTED, anchor="lm")
    if first >= 0:
        cv.disc(742, y + 8, 8, draw.seat_colour(first))
        cv.text(742, y + 8, first, 11, draw.text_colour_on(draw.seat_colour(first)),
                anchor="mm")
    pc = int(s["pcard"])
    if pc > 0:
        cv.text(780, y + 8, f"card announced: {_n(pc)}", 13, anchor="lm", max_w=200)
    cv.text(x1, y + 8, "faded: engaged; dark tab: wounds; seat colour: controller", 10,
            draw.MUTED, anchor="rm")
    xl = x1 - 4 * 64
    for k in range(4):
        cv.d.rounded_rectangle([xl + k * 64, y0 + 2, xl + k * 64 + 14, y0 + 14], radius=3,
                               fill=STAT_COLOURS[k], outline=draw.INK)
        cv.text(xl + k * 64 + 18, y0 + 8, STAT_NAMES[k], 10, draw.MUTED, anchor="lm")


def _own_character(c) -> tuple[int, ...]:
    """The actions that name one's own character in crew slot c."""
    return tuple(base + c for base in (S.A_MOVE, S.A_CLAIM, S.A_CHALLENGE, S.A_RECRUIT,
                                       S.A_CEQUIP, S.A_EVENT, S.A_ABILITY, S.A_CREW))


def _city(cv, s, viewer):
    n = int(s["num_players"])
    live = [l for l in range(NLOC) if _live(n, l)]
    x0, y0, x1, y1 = cv.panel((8, CITY_Y0, W - 8, CITY_Y1), "the City (from the City Deck "
                              "outward)")
    w = (x1 - x0) // 5
    for i, l in enumerate(live):
        bx0 = x0 + i * w
        bx1 = bx0 + w - 6
        ctrl = int(s["ctrl"][l])
        duel_here = bool(s["d_on"]) and int(s["d_loc"]) == l
        inner = cv.panel((bx0, y0, bx1, y1), LOC_NAMES[l] + ("  (duel here)" if duel_here else ""),
                         stripe=draw.seat_colour(ctrl) if ctrl >= 0 else None)
        ix0, iy0, ix1, iy1 = inner
        cv.region((bx0, y0, bx1, y1), (S.A_LOC + l,))
        cs = int(s["cslot"][l])
        cw = 84
        if cs > 0:
            _card(cv, (ix0, iy0, ix0 + cw, iy0 + 150), cs, detail=True)
        else:
            cv.text(ix0, iy0 + 4, "(no City card)", 11, draw.MUTED)
        cv.text(ix0, iy0 + 158, "controlled by " + (f"player_{ctrl}" if ctrl >= 0 else "nobody"),
                11, draw.MUTED)
        here = [(p, c) for p in range(n) for c in range(MAX_CREW)
                if _ok(s["crew"][p][c]) and int(s["loc"][p][c]) == l]
        gx0 = ix0 + cw + 6
        tw, th = (ix1 - gx0 - 4) // 2, 50
        for k, (p, c) in enumerate(here[:8]):
            if k == 7 and len(here) > 8:
                cv.text(gx0 + tw + 4, iy0 + 3 * (th + 4) + 4, f"+{len(here) - 7} more", 12)
                break
            tx = gx0 + (k % 2) * (tw + 4)
            ty = iy0 + (k // 2) * (th + 4) + 2
            _char(cv, (tx, ty, tx + tw, ty + th), s, p, c)
            mine = viewer is not None and int(viewer) == p
            cv.region((tx, ty, tx + tw, ty + th),
                      _own_character(c) if mine else (S.A_TARGET + p * MAX_CREW + c,))


def _seat(cv, s, p, viewer):
    y = SEAT_Y0 + p * (SEAT_H + 4)
    box = (8, y, W - 8, y + SEAT_H)
    if p >= int(s["num_players"]):
        cv.panel(box, None, fill=draw.PAPER, edge=draw.dim(draw.PANEL_EDGE, 0.5))
        return
    x0, y0, x1, y1 = cv.panel(box, None, stripe=draw.seat_colour(p))
    leader = int(s["crew"][p][0])
    w = cv.text(x0, y0, f"player_{p}" + (f", {_n(leader)}" if _ok(leader) else ""), 14,
                max_w=260)
    tx = x0 + w + 8
    tx = cv.tags(tx, y0, (("to act", int(s["to_play"]) == p),
                          ("First Player", int(s["first"]) == p), ("out", bool(s["out"][p])),
                          ("won", bool(s["done"]) and bool(int(s["winner_mask"]) >> p & 1))))
    y = y0 + 22
    x = x0
    x += cv.counter(x, y, "star", int(s["renown"][p]), 18)
    hn = int(s["hand_n"][p])
    for j in range(min(hn, 8)):          # the hand as card backs: only the count is public
        cv.card((x + j * 6, y - 1, x + j * 6 + 13, y + 19), face_down=True)
    x += min(hn, 8) * 6 + 18
    x += cv.text(x, y + 9, hn, 13, anchor="lm") + 10
    x += cv.counter(x, y, "deck", int(s["deck_n"][p]), 18)
    x += cv.counter(x, y, "discard", int(s["disc_n"][p]), 18)
    x += cv.counter(x, y, "skull", int(s["locker_n"][p]), 18)
    appr = sum(1 for a in s["appr"][p] if a > 0)
    x += cv.counter(x, y, "hand", f"{appr}/{APPROACH}", 18, fill=(150, 110, 60))
    # the face-up piles' latest cards [Glossary: Discard Pile, The Locker]
    dn, ln = int(s["disc_n"][p]), int(s["locker_n"][p])
    top = _n(s["disc"][p][dn - 1]) if dn else "-"
    last = _n(s["locker"][p][ln - 1]) if ln else "-"
    cv.text(x0, y + 24, f"Renown, hand, deck, discard (top {top}), The Locker (last {last}), "
            "Approach Deck", 10, draw.MUTED, max_w=410)
    # today's scheme and plan, then the characters at Home
    x = x0 + 420
    tw = 104
    sch = int(s["scheme"][p])
    if sch > 0:
        cv.card((x, y0, x + tw, y1), _n(sch), _colour(sch), caption="scheme in play")
        x += tw + 6
    for f, what in (("plan_scheme", "planned scheme"), ("plan_char", "planned character")):
        cid = int(s[f][p])
        if cid > 0:
            if _mine(viewer, p):
                cv.card((x, y0, x + tw, y1), _n(cid), _colour(cid), caption=what)
                x += tw + 6
            else:
                cv.card((x, y0, x + 60, y1), face_down=True)
                x += 66
    home = [c for c in range(MAX_CREW) if _ok(s["crew"][p][c]) and int(s["loc"][p][c]) == HOME]
    if home:
        cv.text(x + 2, y0 - 2, "at Home", 10, draw.MUTED)
    n = len(home)
    cw = min(110, (x1 - x - 4 * max(n - 1, 0)) // max(n, 1))
    for k, c in enumerate(home):
        cx = x + k * (cw + 4)
        _char(cv, (cx, y0 + 10, cx + cw, y1), s, p, c)


def _duel(cv, s):
    x0, y0, x1, y1 = cv.panel((DUEL_X0, BOTTOM_Y0, W - 8, H - 8), "duel")
    if not s["d_on"]:
        cv.text(x0, y0, "(no duel)", 12, draw.MUTED)
        return
    st = int(s["d_stat"])
    cv.text(x0 + 40, y0 - 17, f"of {STAT_NAMES[st] if 0 <= st < 4 else '?'} at "
            f"{_where(s['d_loc'])}, round {int(s['d_tround'])}", 12, draw.MUTED)
    half = (x1 - x0) // 2
    for a in range(2):
        q, d = int(s["d_seat"][a]), int(s["d_slot"][a])
        sx = x0 + a * half
        ok = 0 <= q < MAX_PLAYERS and 0 <= d < MAX_CREW and _ok(s["crew"][q][d])
        who = _n(s["crew"][q][d]) if ok and s["d_alive"][a] else "(destroyed)"
        if 0 <= q < MAX_PLAYERS:
            cv.disc(sx + 7, y0 + 8, 7, draw.seat_colour(q))
        active = int(s["d_active"]) == a
        cv.text(sx + 18, y0, f"{who}{' (to act)' if active else ''}", 13, max_w=half - 24)
        pool = int(s["d_pool"][a])
        cv.counter(sx, y0 + 20, "damage", f"threat {pool}"
                   + (f" at {_where(s['d_ploc'][a])}" if pool else ""), 16)
        cv.text(sx, y0 + 40, f"gambles {int(s['d_gambles'][a])}"
                + ("  Lethal" if s["d_lethal"][a] else ""), 11, draw.MUTED)
        nline = int(s["d_line_n"][a])
        line = [int(c) for c in s["d_line"][a][:nline]][-4:]
        lw = (half - 12 - 3 * 4) // 4
        for k, cid in enumerate(line):
            lx = sx + k * (lw + 4)
            _card(cv, (lx, y0 + 56, lx + lw, y1 - 2), cid, detail=False)
        if nline > 4:
            cv.text(sx + half - 10, y0 + 40, f"line of {nline}", 11, draw.MUTED, anchor="ra")
    rev = [int(c) for c in s["d_reveal"] if _ok(c)]
    if rev:
        cv.text(x1, y0, "gambled: " + ", ".join(_n(c) for c in rev), 11, anchor="ra",
                max_w=half - 10)
    if _ok(s["d_risk"]):
        cv.text(x0 + half - 10, y0 - 17, f"issued by {_n(s['d_risk'])}", 11, draw.MUTED,
                anchor="ra", max_w=half - 200)


def _hand(cv, s, viewer):
    hbox = (8, BOTTOM_Y0, DUEL_X0 - 8, APPR_Y0 - 4)
    abox = (8, APPR_Y0, DUEL_X0 - 8, H - 8)
    if viewer is None or not 0 <= int(viewer) < int(s["num_players"]):
        cv.panel(hbox, "hands (a spectator sees none)")
        cv.panel(abox, "Approach Decks (a spectator sees none)")
        return
    p = int(viewer)
    for box, title, cards, cap in (
            (hbox, f"hand of player_{p}",
             [(int(c), S.A_HAND + k) for k, c in enumerate(s["hand"][p][:int(s["hand_n"][p])])],
             None),
            (abox, f"Approach Deck of player_{p}",
             [(int(a), S.A_APPROACH + k) for k, a in enumerate(s["appr"][p]) if a > 0],
             "approach")):
        x0, y0, x1, y1 = cv.panel(box, title, stripe=draw.seat_colour(p))
        if not cards:
            cv.text(x0 + 4, y0 + 4, "(empty)", 12, draw.MUTED)
            continue
        n = len(cards)
        w = min(112, (x1 - x0 - 4 * (n - 1)) // n)
        for k, (cid, action) in enumerate(cards):
            x = x0 + k * (w + 4)
            _card(cv, (x, y0 + 1, x + w, y1 - 1), cid, caption=cap)
            cv.region((x, y0 + 1, x + w, y1 - 1), (action,))


def render_rgb(s, viewer) -> np.ndarray:
    """uint8[H, W, 3]: what ``viewer`` (a seat, or None) sees of the table."""
    return _picture(s, viewer).array()


def render_regions(s, viewer) -> list:
    """The clickable parts of ``render_rgb(s, viewer)``: the City's locations (move, choose
    a location), the characters there (the viewer's: its actions; others': targets), the
    viewer's hand and Approach Deck cards."""
    return _picture(s, viewer).regions


def _picture(s, viewer) -> draw.Canvas:
    cv = draw.Canvas(W, H)
    _game(cv, s)
    _city(cv, s, viewer)
    for p in range(MAX_PLAYERS):
        _seat(cv, s, p, viewer)
    _hand(cv, s, viewer)
    _duel(cv, s)
    return cv
