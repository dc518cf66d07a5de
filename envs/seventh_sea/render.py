"""7th Sea CCG pictures: a text table and an RGB image (numpy only) of a record.

Both show what a seat at the table sees [Game Set-Up; Types of Cards]: the five Seas in
order with each Ship, each player's Captain, Crew (tacked or not, current skills),
Attachments, Adventures, the Chantey, pile sizes, the boarding on the table and the pending
decision. Hands are face down except the viewer's own; viewer None is a spectator; other
players' starting Crew stay face down until all are chosen.
"""

from __future__ import annotations

import numpy as np

from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, CARD_NAMES


def _n(d) -> str:
    d = int(d)
    return CARD_NAMES[d] if 0 <= d < len(CARD_NAMES) else "-"


def _host(h) -> str:
    h = int(h)
    if h < S.MAX_CREW:
        return f"crew {h}"
    if h == S.HOST_SHIP:
        return "ship"
    return S.SEA_NAMES[h - S.HOST_SEA]


def _sees(rec, viewer, q) -> bool:
    return viewer is not None and int(viewer) == q


def render_ansi(rec, viewer=None) -> str:
    n = int(rec["num_players"])
    lines = [f"7th Sea ({S.EDITION_NAMES[int(rec['cfg']['edition'])]}) turn {int(rec['turn'])}, "
             f"{S.PHASE_NAMES[int(rec['phase'])]}; pending: {S.PK_NAMES[int(rec['pk'])]}"
             + (f" (player_{int(rec['cur'])})" if int(rec["to_play"]) >= 0 else "")]
    for k, name in enumerate(S.SEA_NAMES):
        ships = [f"player_{q}" + ("" if rec["alive"][q] else " (sunk)")
                 for q in range(n) if int(rec["sea"][q]) == k]
        lines.append(f"  [{k}] {name:<14} {', '.join(ships)}")
    if int(rec["chantey"]) >= 0:
        lines.append(f"chantey: {_n(rec['chantey'])} (player_{int(rec['chantey_owner'])})")
    if int(rec["limbo"]) >= 0:
        lines.append(f"being played: {_n(rec['limbo'])}")
    if int(rec["b_att"]) >= 0:
        cards = ", ".join(_n(rec["b_cards"][i]) for i in range(int(rec["b_n"])))
        lines.append(f"boarding: player_{int(rec['b_att'])} -> player_{int(rec['b_def'])}, "
                     f"round {int(rec['b_round'])}; cards: {cards or '(none)'}")
    if int(rec["hits"]) > 0:
        lines.append(f"hits to absorb: {int(rec['hits'])} (player_{int(rec['hit_seat'])})")
    secret_phase = int(rec["phase"]) == S.PH_START
    for q in range(n):
        mark = ">" if int(rec["to_play"]) == q else " "
        lines.append(f"{mark}player_{q}: {_n(rec['ship'][q])}{' (tacked)' if rec['ship_tacked'][q] else ''}"
                     f" in {S.SEA_NAMES[int(rec['sea'][q])]}; hand {int(rec['hand_n'][q])}, deck "
                     f"{'?' if secret_phase and not _sees(rec, viewer, q) else int(rec['deck_n'][q])}, "
                     f"discard {int(rec['discard_n'][q])}, sunk {int(rec['sunk_n'][q])}")
        for j in range(S.MAX_CREW):
            d = int(rec["crew"][q][j])
            if d < 0:
                continue
            if secret_phase and j > 0 and not _sees(rec, viewer, q):
                lines.append("     [face down starting crew]")
                continue
            sk = " ".join(str(int(CARD[d, S.C_SK0 + k])) for k in range(5))
            lines.append(f"     {j}: {_n(d)} [{sk}]{' tacked' if rec['tacked'][q][j] else ''}")
        for a in range(int(rec["att_n"][q])):
            lines.append(f"     + {_n(rec['att'][q][a])} on {_host(rec['att_host'][q][a])}")
        for k in range(int(rec["adv_n"][q])):
            lines.append(f"     adventure {_n(rec['adv'][q][k])} in {S.SEA_NAMES[int(rec['adv_sea'][q][k])]}")
        if _sees(rec, viewer, q):
            hand = ", ".join(_n(rec["hand"][q][i]) for i in range(int(rec["hand_n"][q])))
            lines.append(f"     your hand (player_{q}): {hand or '(empty)'}")
    return "\n".join(lines)


# image: one band per seat; each card a small rectangle coloured by type, face-down grey
CW, CH, GAP = 18, 26, 3
TYPE_COLOURS = np.array([(220, 190, 60), (120, 80, 40), (60, 120, 200), (200, 60, 60),
                         (80, 170, 80), (160, 90, 200), (230, 130, 40)], np.uint8)
BACK = np.array((90, 90, 110), np.uint8)
SEA_COLOURS = np.array([(40, 90, 160), (50, 110, 170), (60, 130, 180), (70, 70, 130),
                        (120, 150, 190)], np.uint8)
ROW_H = 3 * (CH + GAP) + GAP
IMG_W = 24 * (CW + GAP) + GAP


def _rect(img, x, y, colour, tacked=False):
    if x + CW > img.shape[1] or y + CH > img.shape[0]:
        return
    img[y:y + CH, x:x + CW] = colour
    img[y:y + CH, x] = 20
    img[y, x:x + CW] = 20
    if tacked:      # a tacked card: a dark bar across it
        img[y + CH // 2 - 2:y + CH // 2 + 2, x:x + CW] = 30


def render_rgb(rec, viewer=None) -> np.ndarray:
    n = int(rec["num_players"])
    img = np.full((CH + 2 * GAP + S.MAX_PLAYERS * ROW_H, IMG_W, 3), 235, np.uint8)
    w = IMG_W // S.NSEAS
    for k in range(S.NSEAS):       # the five Seas in order, ships as white squares
        img[GAP:GAP + CH, k * w + 1:(k + 1) * w - 1] = SEA_COLOURS[k]
        for q in range(n):
            if int(rec["sea"][q]) == k:
                x = k * w + 4 + q * 10
                img[GAP + 8:GAP + 16, x:x + 8] = 255 if rec["alive"][q] else 60
    secret_phase = int(rec["phase"]) == S.PH_START
    for q in range(n):
        y0 = CH + 2 * GAP + q * ROW_H
        x = GAP
        for j in range(S.MAX_CREW):
            d = int(rec["crew"][q][j])
            if d >= 0:
                hidden = secret_phase and j > 0 and not _sees(rec, viewer, q)
                col = BACK if hidden else TYPE_COLOURS[int(CARD[d, S.C_TYPE])]
                _rect(img, x, y0, col, bool(rec["tacked"][q][j]))
                x += CW + GAP
        _rect(img, x, y0, TYPE_COLOURS[S.T_SHIP], bool(rec["ship_tacked"][q]))
        x = GAP
        for a in range(int(rec["att_n"][q])):
            _rect(img, x, y0 + CH + GAP, TYPE_COLOURS[S.T_ATTACH])
            x += CW + GAP
        for k in range(int(rec["adv_n"][q])):
            _rect(img, x, y0 + CH + GAP, TYPE_COLOURS[S.T_ADVENTURE])
            x += CW + GAP
        x = GAP
        for i in range(int(rec["hand_n"][q])):
            d = int(rec["hand"][q][i])
            col = TYPE_COLOURS[int(CARD[d, S.C_TYPE])] if _sees(rec, viewer, q) else BACK
            _rect(img, x, y0 + 2 * (CH + GAP), col)
            x += CW + GAP
    return img
