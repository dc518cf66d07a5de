"""City of Five Sails rendering: ansi text and an rgb_array picture of a position.

A viewer (seat) sees its own hand and planning choices; everything hidden from it (other hands,
face-down plans, deck orders) is drawn face down ("##" / card backs). viewer None = spectator.
The picture uses the shared language of envs/core/draw.py.
"""

from __future__ import annotations

import numpy as np

from . import cards as C
from .state import HOME, LOC_NAMES, MAX_CREW, NLOC, PHASE_NAMES, PK_NAMES

_HIDDEN = "##"


def _n(cid) -> str:
    return C.POOL.names[int(cid)] if int(cid) > 0 else "-"


def _live(n, l):
    return 1 <= l <= 3 or (l == 0 and n >= 3) or (l == 4 and n >= 4)


def render_ansi(s, viewer) -> str:
    n = int(s["num_players"])
    lines = [f"Day {int(s['day'])} {PHASE_NAMES[int(s['phase'])]}; pending "
             f"{PK_NAMES[int(s['pk'])]}; to play {int(s['to_play'])}; First Player "
             f"{int(s['first'])}"]
    for l in range(NLOC):
        if not _live(n, l):
            continue
        ctrl = int(s["ctrl"][l])
        lines.append(f"  {LOC_NAMES[l]}: City card {_n(s['cslot'][l])}; "
                     f"{'uncontrolled' if ctrl < 0 else f'controlled by player_{ctrl}'}")
    for p in range(n):
        mine = viewer is not None and int(viewer) == p
        head = (f"player_{p}{' (out)' if s['out'][p] else ''}: Renown {int(s['renown'][p])}, "
                f"hand {int(s['hand_n'][p])}, deck {int(s['deck_n'][p])}, discard "
                f"{int(s['disc_n'][p])}, Locker {int(s['locker_n'][p])}, scheme {_n(s['scheme'][p])}")
        lines.append(head)
        if s["plan_scheme"][p] or s["plan_char"][p]:
            plan = (f"{_n(s['plan_scheme'][p])} / {_n(s['plan_char'][p])}" if mine
                    else f"{_HIDDEN} / {_HIDDEN}")
            lines.append(f"    plan (face down): {plan}")
        if mine:
            hand = ", ".join(_n(c) for c in s["hand"][p][:int(s["hand_n"][p])]) or "-"
        else:
            hand = " ".join([_HIDDEN] * int(s["hand_n"][p])) or "-"
        lines.append(f"    hand: {hand}")
        for c in range(MAX_CREW):
            cid = int(s["crew"][p][c])
            if not cid:
                continue
            l = int(s["loc"][p][c])
            att = ", ".join(_n(a) for a in s["att"][p][c] if a)
            lines.append(f"    {_n(cid)} at {'Home' if l == HOME else LOC_NAMES[l]}"
                         f"{' engaged' if s['eng'][p][c] else ''}, wounds {int(s['wounds'][p][c])}"
                         f"{'; ' + att if att else ''}")
    if s["d_on"]:
        sides = []
        for a in range(2):
            q, d = int(s["d_seat"][a]), int(s["d_slot"][a])
            who = _n(s["crew"][q][d]) if q >= 0 and d >= 0 else "?"
            line = ", ".join(_n(c) for c in s["d_line"][a][:int(s["d_line_n"][a])])
            sides.append(f"{who} (player_{q}) threat {int(s['d_pool'][a])} line [{line}]")
        lines.append("  duel: " + " vs ".join(sides))
    return "\n".join(lines)


_TYPE_COLOURS = {1: (236, 200, 90), 2: (226, 160, 110), 3: (170, 150, 220), 4: (130, 190, 230),
                 5: (230, 120, 110), 6: (190, 140, 100), 7: (140, 210, 150), 8: (120, 200, 210),
                 9: (235, 235, 235)}
_LOC_SHORT = ("Ole's Inn", "Docks", "Forums", "Bazaar", "Gardens", "Home")
W, H = 1200, 760


def _tile(cid, **kw):
    cid = int(cid)
    t = int(C.C_TYPE[cid])
    return {"name": C.POOL.names[cid], "fill": _TYPE_COLOURS.get(t, (220, 220, 220)), **kw}


def render_rgb(s, viewer) -> np.ndarray:
    """The table in the shared picture language (envs/core/draw.py): the City locations
    (card, controller), then one panel per player (crew with location, engaged, wounds and
    attachments; hand and face-down plans as card backs unless the viewer's own), the duel."""
    from envs.core.draw import Canvas, seat_colour

    cv = Canvas(W, H)
    n = int(s["num_players"])
    cv.text(10, 6, f"Day {int(s['day'])} - {PHASE_NAMES[int(s['phase'])]} - "
            f"{PK_NAMES[int(s['pk'])]} - to play: {int(s['to_play'])}", 14)
    x = 10
    for l in range(NLOC):
        if not _live(n, l):
            continue
        ctrl = int(s["ctrl"][l])
        inner = cv.panel((x, 28, x + 228, 150), f"{LOC_NAMES[l]}",
                         stripe=seat_colour(ctrl) if ctrl >= 0 else None)
        if s["cslot"][l]:
            cv.card((inner[0], inner[1], inner[0] + 100, inner[3]), **_tile(s["cslot"][l]))
        x += 236
    band = (H - 160 - (130 if s["d_on"] else 0)) // 4
    for p in range(n):
        y0 = 158 + p * band
        mine = viewer is not None and int(viewer) == p
        title = (f"player_{p}{' (out)' if s['out'][p] else ''} - Renown {int(s['renown'][p])}"
                 f" - deck {int(s['deck_n'][p])} - discard {int(s['disc_n'][p])} - Locker "
                 f"{int(s['locker_n'][p])}" + (" - First Player" if s["first"] == p else ""))
        inner = cv.panel((10, y0, W - 10, y0 + band - 6), title, stripe=seat_colour(p))
        crew = []
        for c in range(MAX_CREW):
            cid = int(s["crew"][p][c])
            if not cid:
                continue
            l = int(s["loc"][p][c])
            att = len([a for a in s["att"][p][c] if a])
            crew.append(_tile(cid, caption=f"{_LOC_SHORT[l]}{' eng' if s['eng'][p][c] else ''}"
                              f"{' +' + str(att) + 'att' if att else ''}",
                              badge=f"w{int(s['wounds'][p][c])}" if s["wounds"][p][c] else None,
                              faded=bool(s["eng"][p][c])))
        if s["scheme"][p]:
            crew.append(_tile(s["scheme"][p], caption="scheme"))
        half = (inner[2] - inner[0]) * 3 // 5
        cv.card_row((inner[0], inner[1], inner[0] + half, inner[3]), crew, card_w=92, gap=4)
        hand = [_tile(h) if mine else {"face_down": True}
                for h in s["hand"][p][:int(s["hand_n"][p])]]
        for f in ("plan_scheme", "plan_char"):
            if s[f][p]:
                hand.append(_tile(s[f][p], caption="plan") if mine else {"face_down": True})
        cv.card_row((inner[0] + half + 10, inner[1], inner[2], inner[3]), hand, card_w=60, gap=3)
    if s["d_on"]:
        inner = cv.panel((10, H - 136, W - 10, H - 8), "duel")
        for a in range(2):
            q, d = int(s["d_seat"][a]), int(s["d_slot"][a])
            who = _n(s["crew"][q][d]) if q >= 0 and d >= 0 and s["crew"][q][d] else "(destroyed)"
            x0 = inner[0] + a * (W // 2)
            cv.text(x0, inner[1], f"player_{q}: {who} - threat {int(s['d_pool'][a])}", 13)
            line = [_tile(c) for c in s["d_line"][a][:int(s["d_line_n"][a])]]
            cv.card_row((x0, inner[1] + 18, x0 + W // 2 - 30, inner[3]), line, card_w=70, gap=3)
    return cv.array()
