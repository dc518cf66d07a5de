"""Seas of Havoc pictures: an ANSI/plain-text board and an RGB image (Pillow) of a record.

Both show what a seat at the table sees: the sea grid [Sea Grid Setup] with rocks,
whirlpools, gusts, face-down shipwrecks and ships by heading; each crew's resources,
Infamy, skiffs, flags, upgrades, pile sizes and whether it holds booty; the Card Market
with claims; the island slots; the card being resolved and the decision pending. Only the
viewer's own hand and booty value are shown [Deck Management: hands are hidden from
others; Booty: "you may secretly check its value"]; viewer None is a spectator who sees
no hand at all.
"""

from __future__ import annotations

import numpy as np

from envs.core import draw
from envs.havoc import cards as C
from envs.havoc.labels import (
    HEADING_NAMES, card_name, card_text, crew_name, pending_text, slot_text,
)
from envs.havoc.state import (
    A_HAND, A_MARKET, A_SLOT, FEAT_GUST, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_NAMES, GRID, MARKET_SIZE,
    NUM_FLAGS, NUM_SLOTS, PH_ISLAND, PH_OVER, PH_PURCHASE, PH_SEA, PH_SETUP, PK_BOOTY,
    SLOT_MIN_CREWS,
    VAR_GHOST,
)

PHASE_NAMES = {PH_SETUP: "Setup", PH_ISLAND: "Island Phase", PH_PURCHASE: "Island Phase: "
               "purchases", PH_SEA: "Sea Phase", PH_OVER: "game over"}
ARROWS = "^>v<"
FEATURE_CHAR = {0: ".", FEAT_ROCK: "R", FEAT_WHIRL_CW: "W", FEAT_WHIRL_CCW: "w", FEAT_GUST: "G"}


def _seat_ok(rec, viewer):
    return viewer is not None and 0 <= int(viewer) < int(rec["num_players"])


def _counts_text(counts) -> str:
    items = [f"{int(n)}x {card_name(d)}" for d, n in enumerate(counts) if n]
    return ", ".join(items) if items else "(none)"


def _owner(rec, c) -> str:
    return crew_name(rec, c) if c >= 0 else "-"


def grid_lines(rec) -> list[str]:
    """The sea grid with row/column coordinates; 4 characters per square:
    feature, crew digit and heading arrow of a ship, '$' for a face-down shipwreck."""
    ships = {}
    for sh in range(int(rec["num_ships"])):
        if rec["ship_placed"][sh]:
            ships[(int(rec["ship_r"][sh]), int(rec["ship_c"][sh]))] = sh
    lines = ["     " + "".join(f"{c:<5d}" for c in range(GRID))]
    for r in range(GRID):
        cells = []
        for c in range(GRID):
            f = FEATURE_CHAR.get(int(rec["feature"][r, c]), "?")
            if (r, c) in ships:
                sh = ships[(r, c)]
                mid = f"{int(rec['ship_crew'][sh])}{ARROWS[int(rec['ship_h'][sh]) % 4]}"
            else:
                mid = "  "
            w = "$" if rec["wreck"][r, c] else " "
            cells.append(f"{f}{mid}{w} ")
        lines.append(f" {r:<3d} " + "".join(cells))
    return lines


def _crew_lines(rec, viewer) -> list[str]:
    out = []
    n = int(rec["num_crews"])
    for c in range(n):
        ghost = int(rec["crew_seat"][c]) < 0
        marks = []
        if int(rec["first_crew"]) == c:
            marks.append("first player")
        if int(rec["cur"]) == c and int(rec["to_play"]) >= 0:
            marks.append("to act")
        flags = [FLAG_NAMES[f] for f in range(NUM_FLAGS) if int(rec["flag_owner"][f]) == c]
        res = rec["res"][c]
        head = (f"{'>' if int(rec['cur']) == c else ' '} {c} {crew_name(rec, c)}"
                + (f" [{', '.join(marks)}]" if marks else ""))
        if ghost:
            hand_n = int(rec["ghost_hand_n"][c])
            body = (f"    sails {int(res[0])}, cannonballs {int(res[1])}, coins {int(res[2])}"
                    f" | skiffs {int(rec['skiffs'][c])} | ghost hand {hand_n} (face down)")
        else:
            cap = int(rec["crew_captain"][c])
            captain = C.CAPTAIN_NAMES[cap] if 0 <= cap < len(C.CAPTAIN_NAMES) else "?"
            hand_n = int(rec["hand"][c].sum())
            booty = int(rec["booty"][c])
            if booty and _seat_ok(rec, viewer) and int(viewer) == int(rec["crew_seat"][c]):
                booty_s = f"booty worth {int(C.WRECK_VALUE[booty - 1])}"
            else:
                booty_s = "booty (face down)" if booty else "no booty"
            new = _new_booty(rec, c, viewer)
            if new is not None:             # the chooser knows the new token too [Booty]
                booty_s += f", new booty worth {new} (keep one)"
            sd = int(rec["crew_shipdef"][c])
            ups = []
            for k in range(2):
                u = int(C.SHIP_UPGRADES[sd, k])
                ups.append(f"{C.UPGRADE_NAMES[u]} {'ON' if rec['upgrade_on'][c, k] else 'off'}")
            body = (f"    captain {captain} | sails {int(res[0])}, cannonballs {int(res[1])}, "
                    f"coins {int(res[2])} | infamy {int(rec['infamy'][c])} | skiffs "
                    f"{int(rec['skiffs'][c])} | hand {hand_n}, deck {int(rec['deck_n'][c])}, "
                    f"discard {int(rec['discard'][c].sum())} | {booty_s}\n"
                    f"    upgrades: {', '.join(ups)}"
                    + (f" | flags: {', '.join(flags)}" if flags else ""))
            body += f"\n    discard pile: {_counts_text(rec['discard'][c])}"
        out.append(head)
        out.append(body)
    return out


def _new_booty(rec, c, viewer):
    """The value of the token crew c has just salvaged and chooses to keep or return
    (PK_BOOTY), when ``viewer`` is that crew's seat; None otherwise [Booty: "You may
    secretly check its value"]."""
    t = int(rec["pend_slot"])
    if (int(rec["pending"]) != PK_BOOTY or int(rec["cur"]) != c or int(rec["to_play"]) < 0
            or not _seat_ok(rec, viewer) or int(viewer) != int(rec["crew_seat"][c])
            or not 0 < t <= len(C.WRECK_VALUE)):
        return None
    return int(C.WRECK_VALUE[t - 1])


def summary_lines(rec, viewer) -> list[str]:
    """Everything but the grid, as text lines (shared by both renderers)."""
    phase = PHASE_NAMES.get(int(rec["phase"]), str(int(rec["phase"])))
    gust = int(rec["gust_dir"])
    lines = [
        f"Seas of Havoc - round {int(rec['round'])}, {phase}, decision {int(rec['step'])}",
        pending_text(rec),
        (f"damage deck {int(rec['damage_left'])}"
         + (f" (+{int(rec['damage_extra'])} from the box)" if rec["damage_extra"] else "")
         + f" | market deck {int(rec['market_deck_n'])} | wreck stack "
         f"{int(rec['wreck_stack_n'])} | gusts blow {HEADING_NAMES[gust] if gust >= 0 else '?'}"
         f" | scrap pile {int(rec['scrap'].sum())}"),
    ]
    if int(rec["cfg"]["variant"]) == VAR_GHOST:
        bought = int((rec["ghost_bought"] * C.CARD_INFAMY).sum())
        lines.append(f"Ghost Fleet: infamy {int(rec['ghost_infamy'])}, purchased pile "
                     f"{int(rec['ghost_bought'].sum())} cards ({bought:+d} infamy), ghost deck "
                     f"{int(rec['ghost_deck_n'])}, ghost discard {int(rec['ghost_discard_n'])}")
    if rec["done"]:
        winners = [crew_name(rec, c) for c in range(int(rec["num_players"]))
                   if int(rec["winner_mask"]) >> c & 1]
        lines.append("winners: " + (", ".join(winners) if winners else "none (draw)"))
    lines.append("flags: " + ", ".join(
        f"{FLAG_NAMES[f]} {_owner(rec, int(rec['flag_owner'][f]))}" for f in range(NUM_FLAGS)))
    lines.append("market:")
    for i in range(MARKET_SIZE):
        d = int(rec["market"][i])
        if d < 0:
            lines.append(f"  [{i}] (empty)")
            continue
        claim = int(rec["market_claim"][i])
        tag = f"  <- claimed by {crew_name(rec, claim)}" if claim >= 0 else ""
        new = " (new)" if rec["market_new"][i] else ""
        lines.append(f"  [{i}] {card_text(d)}{new}{tag}")
    crews_in_game = int(rec["num_crews"])
    slots = []
    for k in range(NUM_SLOTS):
        o = int(rec["slot_crew"][k])
        if SLOT_MIN_CREWS[k] > crews_in_game and o < 0:
            continue
        slots.append(f"{slot_text(k)}: {o if o >= 0 else '-'}")
    lines.append("island slots: " + ", ".join(slots))
    lines.append("crews:")
    lines += _crew_lines(rec, viewer)
    card = int(rec["card"])
    if card >= 0:
        lines.append(f"card in play: {card_text(card)} (stage {int(rec['card_stage'])})")
    if _seat_ok(rec, viewer):
        c = int(viewer)
        lines.append(f"your hand ({crew_name(rec, c)}): {_counts_text(rec['hand'][c])}")
    return lines


def render_ansi(rec, viewer=None) -> str:
    """A plain-text picture of the position as `viewer` (a seat, or None) may see it."""
    legend = ("  crews by number, ^>v< heading; R rock, W/w whirlpool clockwise/anticlockwise,"
              " G gust, $ shipwreck")
    return "\n".join(summary_lines(rec, viewer)[:3] + grid_lines(rec) + [legend]
                     + summary_lines(rec, viewer)[3:])


# --- RGB image ------------------------------------------------------------------------------
# Drawn in the shared picture language of envs/core/draw.py: the sea grid on the left with
# the game's piles under it; on the right the Card Market as card tiles, the flags and island
# slots, one row per crew (resources, Infamy, skiffs, hand/deck/discard, booty, upgrades as
# icons, bars and tiles) and the viewer's hand as card tiles. Text only names and counts.
CELL = 72
MARGIN = 28
IMG_W = 1320
IMG_H = 960          # fixed, so frames of one game stack into a video
RIGHT = 2 * MARGIN + GRID * CELL + 8      # x where the right-hand column starts
CREW_COLOURS = tuple(draw.seat_colour(c) for c in range(6))
SEA = (24, 60, 110)
SEA_LINE = (60, 100, 150)
TYPE_COLOURS = ((120, 175, 225), (225, 120, 105), (110, 195, 180), (175, 140, 215),
                (235, 205, 110), (150, 40, 40))       # by C.TYPE_NAMES
RES_ICONS = ("sail", "cannon", "coin", "any")
RES_MAX = (9, 8, 10)      # bar lengths: the observation's scales of sails, cannonballs, coins
INFAMY_BAR = 60


def _ship_polygon(x, y, h):
    """A hull pointing along heading h inside the square whose top-left is (x, y)."""
    m = CELL / 2
    pts = [(0, -0.40), (0.22, 0.05), (0.18, 0.36), (-0.18, 0.36), (-0.22, 0.05)]
    out = []
    for px, py in pts:
        for _ in range(h):
            px, py = -py, px
        out.append((x + m + px * CELL, y + m + py * CELL))
    return out


def _arrow(d, x0, y0, h, length, colour, width=3):
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[h]
    x1, y1 = x0 - dx * length / 2, y0 - dy * length / 2
    x2, y2 = x0 + dx * length / 2, y0 + dy * length / 2
    d.line([(x1, y1), (x2, y2)], fill=colour, width=width)
    px, py = -dy, dx
    head = [(x2 + dx * 6, y2 + dy * 6), (x2 + px * 6, y2 + py * 6), (x2 - px * 6, y2 - py * 6)]
    d.polygon(head, fill=colour)


def _rock(d, x, y, k=1.0):
    d.polygon([(x + 14 * k, y + 52 * k), (x + 24 * k, y + 22 * k), (x + 40 * k, y + 14 * k),
               (x + 58 * k, y + 30 * k), (x + 56 * k, y + 54 * k)], fill=(110, 105, 100),
              outline=(60, 60, 60))


def _whirl(cv, x, y, cw, k=1.0):
    d, m = cv.d, CELL * k / 2
    for rad in (28 * k, 18 * k, 8 * k):
        d.arc([x + m - rad, y + m - rad, x + m + rad, y + m + rad], 20, 320,
              fill=(150, 210, 240), width=2)
    ax, ay = x + m + 24 * k, y + m - 14 * k      # the arrowhead shows the turning direction
    tip = (ax + 6 * k, ay + 10 * k) if cw else (ax - 8 * k, ay - 6 * k)
    d.polygon([(ax - 4 * k, ay), (ax + 6 * k, ay - 4 * k), tip], fill=(150, 210, 240))


def _board(cv, rec):
    d = cv.d
    board = GRID * CELL
    x0 = y0 = MARGIN
    d.rectangle([x0, y0, x0 + board, y0 + board], fill=SEA)
    for i in range(GRID + 1):
        d.line([(x0 + i * CELL, y0), (x0 + i * CELL, y0 + board)], fill=SEA_LINE, width=1)
        d.line([(x0, y0 + i * CELL), (x0 + board, y0 + i * CELL)], fill=SEA_LINE, width=1)
    for i in range(GRID):
        cv.text(x0 + i * CELL + CELL // 2, 14, i, 15, anchor="mm")
        cv.text(14, y0 + i * CELL + CELL // 2, i, 15, anchor="mm")
    gust = int(rec["gust_dir"])
    for r in range(GRID):
        for c in range(GRID):
            x, y = x0 + c * CELL, y0 + r * CELL
            f = int(rec["feature"][r, c])
            if f == FEAT_ROCK:
                _rock(d, x, y)
            elif f in (FEAT_WHIRL_CW, FEAT_WHIRL_CCW):
                _whirl(cv, x, y, f == FEAT_WHIRL_CW)
            elif f == FEAT_GUST and gust >= 0:
                for off in (-14, 14):
                    cx = x + CELL / 2 + (off if gust in (0, 2) else 0)
                    cy = y + CELL / 2 + (off if gust in (1, 3) else 0)
                    _arrow(d, cx, cy, gust, 26, (200, 240, 255), width=2)
            if rec["wreck"][r, c]:
                # bottom-right corner: clear of any hull, whatever its heading
                cv.icon("chest", x + 51, y + 49, 18)
    for sh in range(int(rec["num_ships"])):
        if not rec["ship_placed"][sh]:
            continue
        crew = int(rec["ship_crew"][sh])
        x, y = x0 + int(rec["ship_c"][sh]) * CELL, y0 + int(rec["ship_r"][sh]) * CELL
        ghost = int(rec["crew_seat"][crew]) < 0
        d.polygon(_ship_polygon(x, y, int(rec["ship_h"][sh]) % 4), fill=CREW_COLOURS[crew],
                  outline=(255, 255, 255) if ghost else (0, 0, 0), width=2)
        cv.text(x + CELL // 2, y + CELL // 2 - 1, crew, 15, draw.INK, anchor="mm")


def _legend(cv, x, y):
    d = cv.d
    k = 0.4
    _rock(d, x, y - 4, k)
    cv.text(x + 30, y + 6, "rock", 12, anchor="lm")
    _whirl(cv, x + 70, y - 8, True, k)
    cv.text(x + 102, y + 6, "whirlpool cw/ccw", 12, anchor="lm")
    _arrow(d, x + 222, y + 6, 1, 16, (60, 110, 170), 2)
    cv.text(x + 236, y + 6, "gust", 12, anchor="lm")
    cv.icon("chest", x + 280, y - 2, 16)
    cv.text(x + 300, y + 6, "shipwreck", 12, anchor="lm")


def _card_tile(d, **kw):
    """Keyword arguments of Canvas.card for card def ``d``."""
    d = int(d)
    if not 0 <= d < C.NUM_CARD_DEFS:
        return dict(name=card_name(d), **kw)
    cost = [(RES_ICONS[k], int(n)) for k, n in enumerate(C.CARD_COST[d]) if n]
    return dict(name=C.CARD_NAMES[d], fill=TYPE_COLOURS[int(C.CARD_TYPE[d]) % 6],
                cost=cost, points=int(C.CARD_INFAMY[d]) or None,
                caption=C.TYPE_NAMES[int(C.CARD_TYPE[d])].replace("_", " + "), **kw)


def _game_panel(cv, rec, box):
    x0, y0, x1, y1 = cv.panel(box, "game")
    phase = PHASE_NAMES.get(int(rec["phase"]), str(int(rec["phase"])))
    cv.text(x0, y0, f"round {int(rec['round'])}  |  {phase}  |  decision {int(rec['step'])}",
            14, max_w=x1 - x0)
    y = y0 + 20
    to_play = int(rec["to_play"])
    if to_play >= 0:
        c = int(rec["cur"])
        cv.disc(x0 + 7, y + 8, 7, CREW_COLOURS[c % 6])
        y += cv.text_lines(x0 + 20, y, pending_text(rec), 13, x1 - x0 - 20, 2)
    else:
        y += cv.text_lines(x0, y, pending_text(rec), 13, x1 - x0, 1)
    y += 6
    x = x0
    gust = int(rec["gust_dir"])
    x += cv.counter(x, y, "damage", int(rec["damage_left"]) + int(rec["damage_extra"]), 18)
    x += cv.counter(x, y, "deck", int(rec["market_deck_n"]), 18)
    x += cv.counter(x, y, "chest", int(rec["wreck_stack_n"]), 18)
    x += cv.counter(x, y, "discard", int(rec["scrap"].sum()), 18, fill=(150, 150, 150))
    if gust >= 0:
        _arrow(cv.d, x + 10, y + 9, gust, 14, (60, 110, 170), 2)
        cv.text(x + 24, y + 9, HEADING_NAMES[gust], 13, anchor="lm")
    cv.text(x0, y + 24, "damage deck, market deck, wreck stack, scrap pile, gusts", 11,
            draw.MUTED, max_w=x1 - x0)
    y += 42
    if int(rec["cfg"]["variant"]) == VAR_GHOST:
        cv.text(x0, y, "Ghost Fleet", 13, draw.MUTED)
        x = x0 + 90
        bought = int((rec["ghost_bought"] * C.CARD_INFAMY).sum())
        x += cv.counter(x, y - 2, "star", int(rec["ghost_infamy"]), 16)
        x += cv.counter(x, y - 2, "discard", int(rec["ghost_bought"].sum()), 16,
                        fill=(200, 190, 170))
        cv.text(x, y + 6, f"({bought:+d})", 12, anchor="lm")
        x += 44
        x += cv.counter(x, y - 2, "deck", int(rec["ghost_deck_n"]), 16)
        cv.counter(x, y - 2, "discard", int(rec["ghost_discard_n"]), 16)
        y += 24
    if rec["done"]:
        winners = [crew_name(rec, c) for c in range(int(rec["num_players"]))
                   if int(rec["winner_mask"]) >> c & 1]
        cv.text_lines(x0, y, "winners: " + (", ".join(winners) if winners else "none (draw)"),
                      14, x1 - x0, 2)


def _market(cv, rec, box):
    x0, y0, x1, y1 = cv.panel(box, "market")
    tiles = []
    for i in range(MARKET_SIZE):
        dd = int(rec["market"][i])
        if dd < 0:
            tiles.append(dict(name="(empty)", fill=(225, 222, 212), faded=True))
            continue
        claim = int(rec["market_claim"][i])
        tiles.append(_card_tile(dd, badge="new" if rec["market_new"][i] else None,
                                border=CREW_COLOURS[claim % 6] if claim >= 0 else None,
                                actions=(A_MARKET + i,)))
    cv.card_row((x0 + 2, y0 + 2, x1 - 2, y1 - 2), tiles, card_w=150, gap=12)


def _flags_and_slots(cv, rec, box):
    x0, y0, x1, y1 = cv.panel(box, "flags and island slots")
    x = x0
    for f in range(NUM_FLAGS):
        o = int(rec["flag_owner"][f])
        cv.icon("flag", x, y0, 18, fill=CREW_COLOURS[o % 6] if o >= 0 else (205, 200, 190))
        x += 22 + cv.text(x + 22, y0 + 9, FLAG_NAMES[f], 12, anchor="lm") + 14
    crews_in_game = int(rec["num_crews"])
    per_row, w = 5, (x1 - x0) // 5
    for k in range(NUM_SLOTS):
        sx, sy = x0 + (k % per_row) * w, y0 + 26 + (k // per_row) * 22
        o = int(rec["slot_crew"][k])
        closed = SLOT_MIN_CREWS[k] > crews_in_game and o < 0
        if o >= 0:
            cv.disc(sx + 8, sy + 8, 7, CREW_COLOURS[o % 6])
        else:
            cv.disc(sx + 8, sy + 8, 7, draw.PANEL, outline=draw.MUTED if not closed else
                    draw.dim(draw.MUTED))
        cv.text(sx + 20, sy + 8, slot_text(k), 12, draw.dim(draw.INK) if closed else draw.INK,
                max_w=w - 24, anchor="lm")
        cv.region((sx, sy - 2, sx + w - 4, sy + 18), (A_SLOT + k,))


def _crew_row(cv, rec, c, box, viewer):
    seat = int(rec["crew_seat"][c])
    ghost = seat < 0
    acting = int(rec["cur"]) == c and int(rec["to_play"]) >= 0
    # the crew to act is marked by its tag only: repainting the whole row at every change of
    # turn would make the replay page store the row again
    x0, y0, x1, y1 = cv.panel(box, None, stripe=CREW_COLOURS[c % 6])
    name = crew_name(rec, c)
    if not ghost:
        cap = int(rec["crew_captain"][c])
        if 0 <= cap < len(C.CAPTAIN_NAMES):
            name += f", {C.CAPTAIN_NAMES[cap]}"
    w = cv.text(x0, y0, name, 14, max_w=300)
    tag_x = x0 + w + 8
    tag_x = cv.tags(tag_x, y0, (("to act", acting), ("first", int(rec["first_crew"]) == c)))
    y = y0 + 22
    res = rec["res"][c]
    x = x0
    for k in range(3):
        cv.counter(x, y, RES_ICONS[k], int(res[k]), 16)
        cv.bar((x, y + 20, x + 50, y + 25), int(res[k]), RES_MAX[k], draw.dim(draw.INK, 0.3))
        x += 62
    cv.counter(x, y, "skiff", int(rec["skiffs"][c]), 16)
    x += 46
    if ghost:
        n = int(rec["ghost_hand_n"][c])
        for j in range(min(n, 8)):
            cv.card((x + j * 9, y - 2, x + j * 9 + 18, y + 24), face_down=True)
        cv.text(x + min(n, 8) * 9 + 24, y + 10, f"{n} ghost cards", 12, anchor="lm")
        return
    cv.counter(x, y, "star", int(rec["infamy"][c]), 16)
    cv.bar((x, y + 20, x + 90, y + 25), int(rec["infamy"][c]), INFAMY_BAR,
           (210, 160, 30))
    x += 102
    own = viewer is not None and _seat_ok(rec, viewer) and int(viewer) == seat
    hand_n = int(rec["hand"][c].sum())
    for j in range(min(hand_n, 6)):     # the hand as card backs: only the count is public
        cv.card((x + j * 7, y - 3, x + j * 7 + 16, y + 22), face_down=True)
    cv.text(x + min(hand_n, 6) * 7 + 20, y + 9, hand_n, 13, anchor="lm")
    x += 80
    x += cv.counter(x, y, "deck", int(rec["deck_n"][c]), 18)
    x += cv.counter(x, y, "discard", int(rec["discard"][c].sum()), 18)
    booty = int(rec["booty"][c])
    if booty:
        value = str(int(C.WRECK_VALUE[booty - 1])) if own else "?"
        x += cv.counter(x, y, "chest", value, 18)
    sd = int(rec["crew_shipdef"][c])
    ux = x1 - 2 * 118
    for k in range(2):
        u = int(C.SHIP_UPGRADES[sd, k])
        on = bool(rec["upgrade_on"][c, k])
        cv.card((ux + k * 118, y0, ux + k * 118 + 112, y0 + 40), name=C.UPGRADE_NAMES[u],
                fill=(200, 215, 190), faded=not on, badge="on" if on else None)
    fx = ux - 8
    for f in range(NUM_FLAGS):
        if int(rec["flag_owner"][f]) == c:
            fx -= 20
            cv.icon("flag", fx, y0, 18, fill=CREW_COLOURS[c % 6])


def _hand(cv, rec, viewer, box):
    if not _seat_ok(rec, viewer):
        x0, y0, x1, y1 = cv.panel(box, "hands (a spectator sees none)")
        return
    c = int(viewer)
    x0, y0, x1, y1 = cv.panel(box, f"hand of {crew_name(rec, c)}", stripe=CREW_COLOURS[c % 6])
    tiles = []
    for dd in np.flatnonzero(rec["hand"][c]):
        n = int(rec["hand"][c][dd])
        tiles.append(_card_tile(dd, badge=f"x{n}" if n > 1 else None,
                                actions=(A_HAND + int(dd),)))
    cv.card_row((x0 + 2, y0 + 2, x1 - 2, y1 - 2), tiles, card_w=120, gap=8, empty="(empty)")


def render_rgb(rec, viewer=None) -> np.ndarray:
    """uint8[IMG_H, IMG_W, 3]: what ``viewer`` (a seat, or None) sees of the table."""
    return _picture(rec, viewer).array()


def render_regions(rec, viewer=None) -> list:
    """The clickable parts of ``render_rgb(rec, viewer)``: the viewer's hand cards (play,
    discard or scrap one), the Market cards (claim) and the island slots (place a Skiff)."""
    return _picture(rec, viewer).regions


def _picture(rec, viewer) -> draw.Canvas:
    cv = draw.Canvas(IMG_W, IMG_H)
    _board(cv, rec)
    board_bottom = MARGIN + GRID * CELL
    _legend(cv, MARGIN, board_bottom + 14)
    _game_panel(cv, rec, (8, board_bottom + 36, RIGHT - 10, board_bottom + 230))
    card = int(rec["card"])
    # drawn even when empty, so a card coming and going repaints only the card
    x0, y0, x1, y1 = cv.panel((8, board_bottom + 238, RIGHT - 10, IMG_H - 8), "card in play")
    if card >= 0:
        c = int(rec["cur"])
        cv.card((x0 + 4, y0 + 4, x0 + 154, y1 - 4),
                **_card_tile(card, border=CREW_COLOURS[c % 6],
                             badge=f"stage {int(rec['card_stage'])}"))
    new = _new_booty(rec, int(rec["cur"]), viewer)
    if new is not None:                     # the token the viewer keeps or returns [Booty]
        cv.counter(x0 + 162, y0 + 4, "chest", f"new booty worth {new}", 18)
        cv.text(x0 + 162, y0 + 28, "keep it or the one held", 12, draw.MUTED,
                max_w=x1 - x0 - 166)
    R = RIGHT
    _market(cv, rec, (R, 8, IMG_W - 8, 196))
    _flags_and_slots(cv, rec, (R, 202, IMG_W - 8, 316))
    n = int(rec["num_crews"])
    top, row = 322, 70
    for c in range(n):
        _crew_row(cv, rec, c, (R, top + c * (row + 4), IMG_W - 8, top + c * (row + 4) + row),
                  viewer)
    _hand(cv, rec, viewer, (R, IMG_H - 172, IMG_W - 8, IMG_H - 8))
    return cv
