"""City of Five Sails rendering: ansi text and an rgb_array picture of a position.

A viewer (seat) sees its own hand and planning choices; everything hidden from it (other hands,
face-down plans, deck orders) is drawn face down ("##" / grey cards). viewer None = spectator.
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


_TYPE_COLOURS = np.array([[40, 40, 40], [220, 190, 60], [200, 120, 60], [120, 80, 200],
                          [80, 160, 220], [200, 60, 60], [160, 100, 60], [90, 200, 120],
                          [60, 180, 200], [230, 230, 230]], np.uint8)
_BACK = np.array([110, 110, 110], np.uint8)


def _card(img, y, x, cid, face_up=True):
    img[y:y + 10, x:x + 7] = _TYPE_COLOURS[C.C_TYPE[int(cid)]] if face_up else _BACK


def render_rgb(s, viewer) -> np.ndarray:
    """One band per player (crew by location, hand face down unless the viewer's), the City
    locations on top (their card, controller colour)."""
    n = int(s["num_players"])
    seat_col = np.array([[230, 70, 70], [70, 130, 230], [70, 200, 90], [220, 200, 60]], np.uint8)
    img = np.zeros((20 + 4 * 60, 6 * 80, 3), np.uint8)
    img[:] = 20
    for l in range(NLOC):
        if not _live(n, l):
            continue
        x = l * 80 + 4
        ctrl = int(s["ctrl"][l])
        img[2:18, x:x + 72] = seat_col[ctrl] if ctrl >= 0 else 60
        if s["cslot"][l]:
            _card(img, 5, x + 30, s["cslot"][l])
    for p in range(n):
        y0 = 20 + p * 60
        img[y0:y0 + 2, :] = seat_col[p]
        slots = {}
        for c in range(MAX_CREW):
            cid = int(s["crew"][p][c])
            if not cid:
                continue
            l = int(s["loc"][p][c])
            k = slots.get(l, 0)
            slots[l] = k + 1
            _card(img, y0 + 5 + (k // 8) * 12, l * 80 + 4 + (k % 8) * 9, cid)
            if s["eng"][p][c]:
                img[y0 + 15 + (k // 8) * 12, l * 80 + 4 + (k % 8) * 9:l * 80 + 11 + (k % 8) * 9] = 255
        mine = viewer is not None and int(viewer) == p
        for i in range(int(s["hand_n"][p])):
            _card(img, y0 + 45, 4 + i * 9, s["hand"][p][i], face_up=mine)
        for j, f in enumerate(("plan_scheme", "plan_char")):
            if s[f][p]:
                _card(img, y0 + 45, 6 * 80 - 20 + j * 9, s[f][p], face_up=mine)
    return img
