"""7th Sea CCG pictures: a text table and an RGB image (Pillow, envs/core/draw.py) of a record.

Both show what a seat at the table sees [Game Set-Up; Types of Cards]: the five Seas in
order with each Ship, the Adventures and Sea attachments in them, the Chantey, the card
being played, the boarding on the table [Boarding], the hits to absorb [Suffering Hits], and
for each player the Captain, Ship and Crew (tacked or not, printed skills, Swordsman, Fear,
sorcery), their Attachments, pile sizes and the pending decision. Hidden [Game Set-Up: hands
and decks; Discard Pile: "may not be inspected"]: other players' hands (card backs, count
only), every deck, discard and sunk pile (counts only), and other players' starting Crew
(face down) and deck size until all have chosen. Viewer None is a spectator: no hand face up.
"""

from __future__ import annotations

import numpy as np

from envs.core import draw
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, CARD_NAMES

COST_NAMES = ("Cannon", "Sailing", "Adventuring", "Influence", "Swashbuckling", "Move Cost")


def _n(d) -> str:
    d = int(d)
    return CARD_NAMES[d] if 0 <= d < len(CARD_NAMES) else "-"


def _ok(d) -> bool:
    return 0 <= int(d) < len(CARD_NAMES)


def _host(h) -> str:
    h = int(h)
    if 0 <= h < S.MAX_CREW:
        return f"crew {h}"
    if h == S.HOST_SHIP:
        return "ship"
    k = h - S.HOST_SEA
    return S.SEA_NAMES[k] if 0 <= k < S.NSEAS else "?"


def _sees(rec, viewer, q) -> bool:
    return viewer is not None and int(viewer) == q


def _secret(rec, viewer, q) -> bool:
    """q's starting Crew (and so its deck size) are still secret from ``viewer``."""
    return int(rec["phase"]) == S.PH_START and not _sees(rec, viewer, q)


def _cost_text(d) -> str:
    d = int(d)
    c, k = int(CARD[d, S.C_COST]), int(CARD[d, S.C_COST_SKILL])
    if k == S.MOVE_COST:
        return "Move Cost" + (f" + {c}" if c else "")
    return f"{c} {COST_NAMES[k] if 0 <= k < 6 else '?'}"


def pending_text(rec) -> str:
    """Who decides what, in words (the pending decision and the action being resolved)."""
    if rec["done"] or int(rec["to_play"]) < 0:
        return "game over"
    q, pk = int(rec["cur"]), int(rec["pk"])
    out = f"player_{q} to decide: {S.PK_NAMES[pk] if 0 <= pk < S.NPK else pk}"
    ak = int(rec["act_kind"])
    if 0 < ak < len(S.AK_NAMES) and pk != S.PK_MAIN:
        out += f" ({S.AK_NAMES[ak]} of player_{int(rec['actor'])})"
    if pk == S.PK_PAY and 0 <= int(rec["pay_skill"]) < 5:
        out += f": {int(rec['pay_left'])} {S.SKILL_NAMES[int(rec['pay_skill'])]} left"
    return out


def render_ansi(rec, viewer=None) -> str:
    n = int(rec["num_players"])
    lines = [f"7th Sea ({S.EDITION_NAMES[int(rec['cfg']['edition'])]}) turn {int(rec['turn'])}, "
             f"{S.PHASE_NAMES[int(rec['phase'])]}; {pending_text(rec)}"]
    for k, name in enumerate(S.SEA_NAMES):
        ships = [f"player_{q} {_n(rec['ship'][q])}" + ("" if rec["alive"][q] else " (sunk)")
                 for q in range(n) if int(rec["sea"][q]) == k]
        advs = [f"{_n(rec['adv'][q][a])} (player_{q})" for q in range(n)
                for a in range(int(rec["adv_n"][q])) if int(rec["adv_sea"][q][a]) == k]
        atts = [f"{_n(rec['att'][q][a])} (player_{q})" for q in range(n)
                for a in range(int(rec["att_n"][q]))
                if int(rec["att_host"][q][a]) == S.HOST_SEA + k]
        lines.append(f"  [{k}] {name:<14} ships: {', '.join(ships) or '-'}"
                     + (f"; adventures: {', '.join(advs)}" if advs else "")
                     + (f"; attached: {', '.join(atts)}" if atts else ""))
    if int(rec["chantey"]) >= 0:
        lines.append(f"chantey: {_n(rec['chantey'])} (player_{int(rec['chantey_owner'])})")
    if int(rec["limbo"]) >= 0:
        lines.append(f"being played: {_n(rec['limbo'])}")
    if int(rec["b_att"]) >= 0:
        cards = ", ".join(f"{_n(rec['b_cards'][i])} (player_{int(rec['b_card_seat'][i])})"
                          for i in range(int(rec["b_n"])))
        lines.append(f"boarding: player_{int(rec['b_att'])} -> player_{int(rec['b_def'])}, "
                     f"round {int(rec['b_round'])}{' (duel)' if rec['b_duel'] else ''}; "
                     f"cards: {cards or '(none)'}")
    if int(rec["hits"]) > 0:
        lines.append(f"hits to absorb: {int(rec['hits'])} (player_{int(rec['hit_seat'])})")
    if rec["done"]:
        won = [f"player_{q}" for q in range(n) if int(rec["winner_mask"]) >> q & 1]
        lines.append("winners: " + (", ".join(won) or "none (draw)"))
    for q in range(n):
        mark = ">" if int(rec["to_play"]) == q else " "
        deck = "?" if _secret(rec, viewer, q) else int(rec["deck_n"][q])
        lines.append(f"{mark}player_{q}: {_n(rec['ship'][q])}"
                     f"{' (tacked)' if rec['ship_tacked'][q] else ''}"
                     f"{'' if rec['alive'][q] else ' (Captain sunk)'}"
                     f" in {S.SEA_NAMES[int(rec['sea'][q])]}; hand {int(rec['hand_n'][q])}, deck "
                     f"{deck}, discard {int(rec['discard_n'][q])}, sunk {int(rec['sunk_n'][q])}")
        if _secret(rec, viewer, q):
            lines.append("     [starting crew face down until all have chosen]")
        for j in range(S.MAX_CREW):
            d = int(rec["crew"][q][j])
            if d < 0 or (_secret(rec, viewer, q) and j > 0):
                continue
            sk = " ".join(str(int(CARD[d, S.C_SK0 + k])) for k in range(5))
            lines.append(f"     {j}: {_n(d)} [{sk}]{' tacked' if rec['tacked'][q][j] else ''}")
        for a in range(int(rec["att_n"][q])):
            lines.append(f"     + {_n(rec['att'][q][a])} on {_host(rec['att_host'][q][a])}")
        for k in range(int(rec["adv_n"][q])):
            sea = int(rec["adv_sea"][q][k])
            lines.append(f"     adventure {_n(rec['adv'][q][k])} in "
                         f"{S.SEA_NAMES[sea] if 0 <= sea < S.NSEAS else '?'}")
        if _sees(rec, viewer, q):
            hand = ", ".join(_n(rec["hand"][q][i]) for i in range(int(rec["hand_n"][q])))
            lines.append(f"     your hand (player_{q}): {hand or '(empty)'}")
    return "\n".join(lines)


# --- RGB image ------------------------------------------------------------------------------
# The Havoc layout: the public zones on top and left (the five Seas, the game, the card
# being played and the chantey, the boarding), one panel per player on the right (Captain,
# Ship and Crew as card tiles with their skills, attachments under their host, piles as
# counters and the hand as card backs) and the viewer's hand face up at the bottom.
IMG_W, IMG_H = 1320, 960       # fixed, so frames of one game stack into a video
TYPE_COLOURS = ((236, 200, 90), (170, 130, 90), (150, 190, 230), (225, 125, 110),
                (170, 210, 150), (190, 160, 220), (240, 170, 90))     # by S.TYPE_NAMES
SKILL_COLOURS = ((60, 60, 66), (235, 235, 245), (80, 160, 90), (230, 190, 50), (200, 60, 50))
SKILL_SHORT = ("C", "S", "A", "I", "W")
SEA = (24, 60, 110)
SEA_TINTS = ((40, 90, 150), (30, 80, 140), (45, 100, 120), (70, 55, 110), (90, 110, 150))
SEAS_Y0, SEAS_Y1 = 8, 196
LEFT_X1 = 420
SEAT_Y0, SEAT_H = 204, 150
HAND_Y0 = SEAT_Y0 + S.MAX_PLAYERS * (SEAT_H + 4)


def _skills(cv, x, y, d, size=13):
    """The five skills as coloured chips with the number (Cannon .. Swashbuckling)."""
    for k in range(5):
        v = int(CARD[d, S.C_SK0 + k])
        bg = SKILL_COLOURS[k]
        cv.d.rounded_rectangle([x, y, x + size + 2, y + size], radius=3, fill=bg,
                               outline=draw.INK)
        cv.text(x + (size + 2) / 2, y + size / 2, v, size - 3, draw.text_colour_on(bg),
                anchor="mm")
        x += size + 4
    return x


def _traits(d) -> str:
    d = int(d)
    bits = int(CARD[d, S.C_TRAITS])
    out = []
    if CARD[d, S.C_SWORD]:
        out.append(f"Swordsman +{int(CARD[d, S.C_SWORD])}")
    if CARD[d, S.C_FEAR]:
        out.append(f"Fear {int(CARD[d, S.C_FEAR])}")
    if CARD[d, S.C_SORC]:
        out.append(f"Sorcery {int(CARD[d, S.C_SORC])}")
    for b, name in ((S.TR_LOYAL, "Loyal"), (S.TR_UNIQUE, "Unique"), (S.TR_EXPERIENCED, "Exp."),
                    (S.TR_SKELETAL, "Skeletal"), (S.TR_VILLAINOUS, "Villain"),
                    (S.TR_TOPMAN, "Topman")):
        if bits & b:
            out.append(name)
    return ", ".join(out)


def _effect(d) -> str:
    """What an Action, React, Chantey or "Act:" crew does, in a few words."""
    d = int(d)
    op, arg = int(CARD[d, S.C_OP]), int(CARD[d, S.C_ARG])
    out = []
    if int(CARD[d, S.C_TYPE]) == S.T_CHANTEY:
        names = ("", "Move Cost", "hand max", "Cannon")
        return f"all ships: {names[op]} {arg:+d}" if 0 < op < 4 else ""
    words = {S.OP_HITS: f"{arg} hits", S.OP_DRAW: f"draw {arg}",
             S.OP_UNTACK_CAPTAIN: "untack Captain", S.OP_BOARDING: "boarding",
             S.OP_MOVE: "move", S.OP_DISCARD: f"discard {arg} at random", S.OP_DUEL: "duel",
             S.OP_RECRUIT: "recruit"}
    if op in words:
        out.append(words[op])
    react = int(CARD[d, S.C_REACT])
    if 0 < react < len(S.REACT_NAMES):
        out.append(f"React: {S.REACT_NAMES[react]} {arg}")
    ch = int(CARD[d, S.C_HAND_BONUS])
    if ch:
        out.append(f"hand max +{ch}")
    act = int(CARD[d, S.C_ACT])
    if act == 1:
        out.append(f"Act: draw {int(CARD[d, S.C_ACT_ARG])}")
    elif act == 2:
        out.append("Act: untack Captain")
    if int(CARD[d, S.C_TYPE]) == S.T_ATTACH:
        bonus = [f"+{int(CARD[d, S.C_SK0 + k])}{SKILL_SHORT[k]}" for k in range(5)
                 if CARD[d, S.C_SK0 + k]]
        if bonus:
            out.append(" ".join(bonus))
    return "; ".join(out)


def _boxes(d) -> str:
    d = int(d)
    b, d1, d2 = (int(CARD[d, c]) for c in (S.C_BOX, S.C_DEF1, S.C_DEF2))
    if not all(0 <= v < S.NBOX for v in (b, d1, d2)):
        return ""
    return f"{S.BOX_NAMES[b]} | {S.BOX_NAMES[d1]}, {S.BOX_NAMES[d2]}"


def _card(cv, box, d, *, border=None, tacked=False, face_down=False, detail=True):
    """One card tile: name, type line, key numbers by type, skills for people."""
    d = int(d)
    if face_down or not _ok(d):
        cv.card(box, face_down=True, border=border)
        return
    t = int(CARD[d, S.C_TYPE])
    x0, y0, x1, y1 = (int(v) for v in box)
    cap = S.TYPE_NAMES[t] if 0 <= t < 7 else "?"
    if t in (S.T_CREW, S.T_ACTION, S.T_ATTACH, S.T_ADVENTURE, S.T_CHANTEY) and detail:
        cap += " - " + _cost_text(d)
    if tacked:      # a tacked card: faded, and its type line says so first
        cap = "TACKED - " + cap
    cv.card(box, _n(d), TYPE_COLOURS[t % 7], caption=cap, border=border, faded=tacked)
    if not detail or y1 - y0 < 60:
        return
    tc = draw.text_colour_on(draw.dim(TYPE_COLOURS[t % 7], 0.55) if tacked
                             else TYPE_COLOURS[t % 7])
    lines = []
    if t == S.T_SHIP:
        lines.append(f"Move Cost {int(CARD[d, S.C_MOVE])}; crew {int(CARD[d, S.C_CREWMAX])}")
    elif t == S.T_CAPTAIN:
        lines.append(f"Wealth {int(CARD[d, S.C_WEALTH])}")
    elif t == S.T_ADVENTURE:
        sea = int(CARD[d, S.C_ADV_SEA])
        lines.append(f"{int(CARD[d, S.C_DIST])} Seas away; {int(CARD[d, S.C_ADV_LOW])} in "
                     f"{S.SEA_NAMES[sea] if 0 <= sea < S.NSEAS else '?'}")
    eff = _effect(d)
    if eff:
        lines.append(eff)
    if CARD[d, S.C_CANCEL]:
        k = int(CARD[d, S.C_CANCEL_SKILL])
        lines.append(f"cancel {int(CARD[d, S.C_CANCEL])} {COST_NAMES[k] if 0 <= k < 6 else '?'}")
    tr = _traits(d)
    if tr:
        lines.append(tr)
    people = t in (S.T_CAPTAIN, S.T_CREW)
    bottom = y1 - (20 if people else 4)
    bx = _boxes(d)
    if bx:
        bottom -= 12
        cv.text(x0 + 5, bottom, bx, 10, tc, max_w=x1 - x0 - 8)
    y = bottom - 12 * len(lines)
    y = max(y, y0 + 44)
    for line in lines:
        if y + 11 > bottom:
            break
        cv.text(x0 + 5, y, line, 10, tc, max_w=x1 - x0 - 8)
        y += 12
    if people:
        _skills(cv, x0 + 5, y1 - 18, d, 13)


def _hull(cv, x, y, colour, sunk=False, w=34, h=14):
    """A ship seen from above, bow to the right."""
    pts = [(x, y - h / 2), (x + w * 0.7, y - h / 2), (x + w, y), (x + w * 0.7, y + h / 2),
           (x, y + h / 2)]
    cv.d.polygon(pts, fill=draw.dim(colour, 0.5) if sunk else colour, outline=draw.INK)
    cv.d.line([(x + w * 0.4, y - h / 2 - 6), (x + w * 0.4, y + h / 2 - 2)], fill=draw.INK,
              width=2)
    if sunk:
        cv.d.line([(x, y - h / 2), (x + w, y + h / 2)], fill=draw.INK, width=2)


def _seas(cv, rec):
    n = int(rec["num_players"])
    x0, y0, x1, y1 = cv.panel((8, SEAS_Y0, IMG_W - 8, SEAS_Y1), "the Seas, in order")
    w = (x1 - x0) // S.NSEAS
    for k in range(S.NSEAS):
        bx0, bx1 = x0 + k * w, x0 + (k + 1) * w - 6
        cv.d.rounded_rectangle([bx0, y0, bx1, y1], radius=5, fill=SEA_TINTS[k], outline=SEA)
        cv.region((bx0, y0, bx1, y1), (S.A_SEA + k,))
        cv.text(bx0 + 6, y0 + 3, f"{k + 1}. {S.SEA_NAMES[k]}", 13, (250, 250, 250))
        y = y0 + 22
        for q in range(n):
            if int(rec["sea"][q]) != k:
                continue
            _hull(cv, bx0 + 8, y + 8, draw.seat_colour(q), sunk=not rec["alive"][q])
            cv.text(bx0 + 48, y + 8, f"{_n(rec['ship'][q])}"
                    + (" (tacked)" if rec["ship_tacked"][q] else ""), 11, (250, 250, 250),
                    max_w=bx1 - bx0 - 52, anchor="lm")
            y += 20
        tiles = []
        for q in range(n):
            for a in range(int(rec["adv_n"][q])):
                if int(rec["adv_sea"][q][a]) == k:
                    tiles.append((int(rec["adv"][q][a]), q, "adventure"))
            for a in range(int(rec["att_n"][q])):
                if int(rec["att_host"][q][a]) == S.HOST_SEA + k:
                    tiles.append((int(rec["att"][q][a]), q, "attached"))
        ty = max(y + 2, y0 + 104)
        tw = (bx1 - bx0 - 16) // 2
        for i, (d, q, cap) in enumerate(tiles[:2]):
            tx = bx0 + 6 + i * (tw + 4)
            cv.card((tx, ty, tx + tw, y1 - 6), _n(d), TYPE_COLOURS[int(CARD[d, S.C_TYPE]) % 7],
                    caption=cap, border=draw.seat_colour(q))
        if len(tiles) > 2:
            cv.text(bx1 - 6, y0 + 3, f"+{len(tiles) - 2} more", 11, (250, 250, 250), anchor="ra")


def _game_panel(cv, rec):
    x0, y0, x1, y1 = cv.panel((8, SEAT_Y0, LEFT_X1, SEAT_Y0 + 150), "game")
    ed = S.EDITION_NAMES[int(rec["cfg"]["edition"])]
    ph = int(rec["phase"])
    cv.text(x0, y0, f"{ed} rules | turn {int(rec['turn'])} | "
            f"{S.PHASE_NAMES[ph] if 0 <= ph < len(S.PHASE_NAMES) else ph} | decision "
            f"{int(rec['step'])}", 13, max_w=x1 - x0)
    y = y0 + 20
    if int(rec["to_play"]) >= 0:
        cv.disc(x0 + 7, y + 8, 7, draw.seat_colour(int(rec["cur"])))
        y += cv.text_lines(x0 + 20, y, pending_text(rec), 13, x1 - x0 - 20, 2) + 4
    n = int(rec["num_players"])
    order = [int(rec["order"][i]) for i in range(n)]
    x = x0
    cv.text(x, y + 8, "turn order", 12, draw.MUTED, anchor="lm")
    x += 70
    for q in order:
        if 0 <= q < n:
            cv.disc(x + 8, y + 8, 8, draw.seat_colour(q))
            cv.text(x + 8, y + 8, q, 11, draw.text_colour_on(draw.seat_colour(q)), anchor="mm")
            x += 22
    y += 22
    if int(rec["hits"]) > 0:
        hs = int(rec["hit_seat"])
        cv.counter(x0, y, "damage", f"{int(rec['hits'])} hits to absorb (player_{hs})", 16)
        y += 20
    if rec["done"]:
        won = [f"player_{q}" for q in range(n) if int(rec["winner_mask"]) >> q & 1]
        cv.text_lines(x0, y, "winners: " + (", ".join(won) or "none (draw)"), 14, x1 - x0, 2)
        y += 20
    x = x0
    for k in range(5):
        cv.d.rounded_rectangle([x, y1 - 14, x + 14, y1], radius=3, fill=SKILL_COLOURS[k],
                               outline=draw.INK)
        x += 18 + cv.text(x + 18, y1 - 7, S.SKILL_NAMES[k], 10, draw.MUTED, anchor="lm") + 6


def _table_cards(cv, rec):
    x0, y0, x1, y1 = cv.panel((8, SEAT_Y0 + 158, LEFT_X1, SEAT_Y0 + 350),
                              "card being played | chantey")
    w = (x1 - x0 - 10) // 2
    d = int(rec["limbo"])
    if d >= 0:
        actor = int(rec["actor"])
        _card(cv, (x0 + 2, y0 + 2, x0 + w, y1 - 2), d,
              border=draw.seat_colour(actor) if actor >= 0 else None)
    elif int(rec["react_card"]) >= 0:
        _card(cv, (x0 + 2, y0 + 2, x0 + w, y1 - 2), int(rec["react_card"]),
              border=draw.seat_colour(int(rec["pay_seat"])))
    d = int(rec["chantey"])
    if d >= 0:
        _card(cv, (x0 + w + 10, y0 + 2, x1 - 2, y1 - 2), d,
              border=draw.seat_colour(int(rec["chantey_owner"])))
    else:
        cv.text(x0 + w + 14, y0 + 4, "(no chantey)", 12, draw.MUTED)


def _boarding(cv, rec):
    x0, y0, x1, y1 = cv.panel((8, SEAT_Y0 + 358, LEFT_X1, HAND_Y0 - 4), "boarding")
    a = int(rec["b_att"])
    if a < 0:
        cv.text(x0, y0, "(no boarding)", 12, draw.MUTED)
        return
    dfd = int(rec["b_def"])
    cv.text(x0, y0, f"player_{a} boards player_{dfd}, round {int(rec['b_round'])}"
            + (" (a duel)" if rec["b_duel"] else ""), 13, max_w=x1 - x0)
    y = y0 + 18
    for i in range(2):
        q, j = int(rec["f_seat"][i]), int(rec["f_slot"][i])
        if 0 <= q < S.MAX_PLAYERS and 0 <= j < S.MAX_CREW and int(rec["crew"][q][j]) >= 0:
            cv.disc(x0 + 7, y + 7, 6, draw.seat_colour(q))
            cv.text(x0 + 18, y + 7, f"fighting: {_n(rec['crew'][q][j])}", 12, anchor="lm",
                    max_w=x1 - x0 - 20)
            y += 16
    n = int(rec["b_n"])
    if n <= 0:
        return
    per = 5
    shown = list(range(max(0, n - 2 * per), n))       # the latest two rows of cards
    tw = (x1 - x0 - 4 * (per - 1)) // per
    th = min(86, (y1 - y - 6) // 2)
    for idx, i in enumerate(shown):
        tx = x0 + (idx % per) * (tw + 4)
        ty = y + 4 + (idx // per) * (th + 4)
        d = int(rec["b_cards"][i])
        q = int(rec["b_card_seat"][i])
        if not _ok(d):
            continue
        b = int(CARD[d, S.C_BOX])
        cv.card((tx, ty, tx + tw, ty + th), _n(d), TYPE_COLOURS[int(CARD[d, S.C_TYPE]) % 7],
                caption=S.BOX_NAMES[b] if 0 <= b < S.NBOX else None,
                border=draw.seat_colour(q) if q >= 0 else None)


def _seat(cv, rec, q, viewer):
    y = SEAT_Y0 + q * (SEAT_H + 4)
    box = (LEFT_X1 + 8, y, IMG_W - 8, y + SEAT_H)
    if q >= int(rec["num_players"]):
        cv.panel(box, None, fill=draw.PAPER, edge=draw.dim(draw.PANEL_EDGE, 0.5))
        return
    x0, y0, x1, y1 = cv.panel(box, None, stripe=draw.seat_colour(q))
    mine = viewer is not None and int(viewer) == q
    cap = int(rec["crew"][q][0])
    name = f"player_{q}" + (f", {_n(cap)}" if cap >= 0 else "")
    w = cv.text(x0, y0, name, 14, max_w=300)
    tx = x0 + w + 8
    tags = (("to act", int(rec["to_play"]) == q), ("sunk", not rec["alive"][q]),
            ("won", bool(rec["done"]) and bool(int(rec["winner_mask"]) >> q & 1)))
    tx = cv.tags(tx, y0, tags)
    # piles: hand as card backs (count public), deck, discard and sunk as counts
    x = max(tx + 10, x0 + 330)
    hn = int(rec["hand_n"][q])
    for j in range(min(hn, 7)):
        cv.card((x + j * 6, y0 - 1, x + j * 6 + 12, y0 + 17), face_down=True)
    x += min(hn, 7) * 6 + 16
    x += cv.text(x, y0 + 8, f"hand {hn}", 12, anchor="lm") + 12
    deck = "?" if _secret(rec, viewer, q) else int(rec["deck_n"][q])
    x += cv.counter(x, y0, "deck", deck, 16)
    x += cv.counter(x, y0, "discard", int(rec["discard_n"][q]), 16)
    x += cv.counter(x, y0, "skull", int(rec["sunk_n"][q]), 16)
    cv.text(x1, y0 + 8, "hand, deck, discard, sunk", 10, draw.MUTED, anchor="rm")
    # the Ship, then Captain and Crew; attachments named under their host
    top, bot = y0 + 22, y1 - 14
    # a secret starting Crew is one face-down pile: even its size is hidden
    secret = _secret(rec, viewer, q)
    people = [j for j in range(S.MAX_CREW) if int(rec["crew"][q][j]) >= 0
              and not (secret and j > 0)]
    slots = 1 + len(people) + int(secret)
    cw = min(104, (x1 - x0 - 4 * (slots - 1)) // max(slots, 1))
    hosts: dict[int, list[str]] = {}
    for a in range(int(rec["att_n"][q])):
        hosts.setdefault(int(rec["att_host"][q][a]), []).append(_n(rec["att"][q][a]))
    x = x0
    _card(cv, (x, top, x + cw, bot), int(rec["ship"][q]), tacked=bool(rec["ship_tacked"][q]),
          detail=True)
    if mine:
        cv.region((x, top, x + cw, bot), (S.A_SHIP, S.A_SHIPACT))
    _att_line(cv, x, bot, cw, hosts.get(S.HOST_SHIP, []))
    x += cw + 4
    for j in people:
        _card(cv, (x, top, x + cw, bot), int(rec["crew"][q][j]),
              tacked=bool(rec["tacked"][q][j]))
        if mine:
            cv.region((x, top, x + cw, bot),
                      (S.A_CREW + j, S.A_SINK + j, S.A_DCREW + j, S.A_ACT + j))
        _att_line(cv, x, bot, cw, hosts.get(j, []))
        x += cw + 4
    if secret:
        cv.card((x, top, x + cw, bot), face_down=True)
        cv.text(x + 2, bot + 2, "starting crew (secret)", 10, draw.MUTED, max_w=cw)


def _att_line(cv, x, y, w, names):
    if names:
        cv.text(x + 2, y + 2, "+ " + ", ".join(names), 10, (40, 100, 50), max_w=w)


def _hand(cv, rec, viewer):
    box = (8, HAND_Y0, IMG_W - 8, IMG_H - 8)
    if viewer is None or not 0 <= int(viewer) < int(rec["num_players"]):
        cv.panel(box, "hands (a spectator sees none)")
        return
    q = int(viewer)
    x0, y0, x1, y1 = cv.panel(box, f"hand of player_{q}", stripe=draw.seat_colour(q))
    n = int(rec["hand_n"][q])
    if n <= 0:
        cv.text(x0 + 4, y0 + 4, "(empty)", 12, draw.MUTED)
        return
    w = min(130, (x1 - x0 - 6 * (n - 1)) // n)
    for i in range(n):
        x = x0 + i * (w + 6)
        _card(cv, (x, y0 + 2, x + w, y1 - 2), int(rec["hand"][q][i]))
        cv.region((x, y0 + 2, x + w, y1 - 2), (S.A_HAND + i, S.A_XP + i))


def render_rgb(rec, viewer=None) -> np.ndarray:
    """uint8[IMG_H, IMG_W, 3]: what ``viewer`` (a seat, or None) sees of the table."""
    return _picture(rec, viewer).array()


def render_regions(rec, viewer=None) -> list:
    """The clickable parts of ``render_rgb(rec, viewer)``: the viewer's hand cards (play,
    discard, experience), its Ship and Crew cards (tack, absorb, sink, discard, act) and the
    Seas (move, place, attach)."""
    return _picture(rec, viewer).regions


def _picture(rec, viewer) -> draw.Canvas:
    cv = draw.Canvas(IMG_W, IMG_H)
    _seas(cv, rec)
    _game_panel(cv, rec)
    _table_cards(cv, rec)
    _boarding(cv, rec)
    for q in range(S.MAX_PLAYERS):
        _seat(cv, rec, q, viewer)
    _hand(cv, rec, viewer)
    return cv
