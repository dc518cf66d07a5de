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

from envs.havoc import cards as C
from envs.havoc.labels import (
    HEADING_NAMES, card_name, card_text, crew_name, pending_text, slot_text,
)
from envs.havoc.state import (
    FEAT_GUST, FEAT_ROCK, FEAT_WHIRL_CCW, FEAT_WHIRL_CW, FLAG_NAMES, GRID, MARKET_SIZE,
    NUM_FLAGS, NUM_SLOTS, PH_ISLAND, PH_OVER, PH_PURCHASE, PH_SEA, PH_SETUP, SLOT_MIN_CREWS,
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
CELL = 72
MARGIN = 28
PANEL_W = 760
IMG_H = 960          # fixed, so frames of one game stack into a video
CREW_COLOURS = ((220, 60, 50), (240, 200, 40), (60, 170, 80), (170, 90, 210),
                (240, 130, 30), (230, 230, 230))
SEA = (24, 60, 110)
SEA_LINE = (60, 100, 150)


def _font(size):
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has only the bitmap font
        return ImageFont.load_default()


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


def _arrow(draw, x0, y0, h, length, colour, width=3):
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[h]
    x1, y1 = x0 - dx * length / 2, y0 - dy * length / 2
    x2, y2 = x0 + dx * length / 2, y0 + dy * length / 2
    draw.line([(x1, y1), (x2, y2)], fill=colour, width=width)
    px, py = -dy, dx
    head = [(x2 + dx * 6, y2 + dy * 6), (x2 + px * 6, y2 + py * 6), (x2 - px * 6, y2 - py * 6)]
    draw.polygon(head, fill=colour)


def render_rgb(rec, viewer=None) -> np.ndarray:
    """uint8[H, W, 3]: the sea grid on the left, the text panels on the right."""
    from PIL import Image, ImageDraw

    small, big = _font(13), _font(16)
    lines = summary_lines(rec, viewer)
    board = GRID * CELL
    height = IMG_H
    img = Image.new("RGB", (2 * MARGIN + board + PANEL_W, height), (245, 240, 225))
    d = ImageDraw.Draw(img)
    x0 = y0 = MARGIN
    d.rectangle([x0, y0, x0 + board, y0 + board], fill=SEA)
    for i in range(GRID + 1):
        d.line([(x0 + i * CELL, y0), (x0 + i * CELL, y0 + board)], fill=SEA_LINE, width=1)
        d.line([(x0, y0 + i * CELL), (x0 + board, y0 + i * CELL)], fill=SEA_LINE, width=1)
    for i in range(GRID):
        d.text((x0 + i * CELL + CELL / 2 - 4, 6), str(i), fill=(30, 30, 30), font=big)
        d.text((8, y0 + i * CELL + CELL / 2 - 8), str(i), fill=(30, 30, 30), font=big)
    gust = int(rec["gust_dir"])
    for r in range(GRID):
        for c in range(GRID):
            x, y = x0 + c * CELL, y0 + r * CELL
            f = int(rec["feature"][r, c])
            if f == FEAT_ROCK:
                d.polygon([(x + 14, y + 52), (x + 24, y + 22), (x + 40, y + 14), (x + 58, y + 30),
                           (x + 56, y + 54)], fill=(110, 105, 100), outline=(60, 60, 60))
            elif f in (FEAT_WHIRL_CW, FEAT_WHIRL_CCW):
                for rad in (28, 18, 8):
                    d.arc([x + CELL / 2 - rad, y + CELL / 2 - rad, x + CELL / 2 + rad,
                           y + CELL / 2 + rad], 20, 320, fill=(150, 210, 240), width=2)
                # arrowhead at the arc's end shows the turning direction
                ax, ay = x + CELL / 2 + 24, y + CELL / 2 - 14
                tip = (ax + 6, ay + 10) if f == FEAT_WHIRL_CW else (ax - 8, ay - 6)
                d.polygon([(ax - 4, ay), (ax + 6, ay - 4), tip], fill=(150, 210, 240))
                d.text((x + 4, y + 2), "cw" if f == FEAT_WHIRL_CW else "ccw",
                       fill=(200, 230, 250), font=small)
            elif f == FEAT_GUST and gust >= 0:
                for off in (-14, 14):
                    cx = x + CELL / 2 + (off if gust in (0, 2) else 0)
                    cy = y + CELL / 2 + (off if gust in (1, 3) else 0)
                    _arrow(d, cx, cy, gust, 26, (200, 240, 255), width=2)
            if rec["wreck"][r, c]:
                # bottom-right corner: clear of any hull, whatever its heading
                d.rectangle([x + 53, y + 50, x + 69, y + 66], fill=(140, 90, 40),
                            outline=(60, 40, 20))
                d.text((x + 57, y + 50), "$", fill=(250, 220, 120), font=small)
    for sh in range(int(rec["num_ships"])):
        if not rec["ship_placed"][sh]:
            continue
        crew = int(rec["ship_crew"][sh])
        x, y = x0 + int(rec["ship_c"][sh]) * CELL, y0 + int(rec["ship_r"][sh]) * CELL
        colour = CREW_COLOURS[crew % len(CREW_COLOURS)]
        ghost = int(rec["crew_seat"][crew]) < 0
        d.polygon(_ship_polygon(x, y, int(rec["ship_h"][sh]) % 4), fill=colour,
                  outline=(255, 255, 255) if ghost else (0, 0, 0), width=2)
        d.text((x + CELL / 2 - 4, y + CELL / 2 - 8), str(crew), fill=(0, 0, 0), font=big)
    ly = y0 + board + 10
    d.text((x0, ly), "R rock  cw/ccw whirlpool  arrows gust  $ wreck  hull = ship (crew no.)",
           fill=(30, 30, 30), font=small)
    for c in range(int(rec["num_crews"])):
        d.rectangle([x0 + c * 80, ly + 22, x0 + c * 80 + 14, ly + 36],
                    fill=CREW_COLOURS[c % len(CREW_COLOURS)], outline=(0, 0, 0))
        d.text((x0 + c * 80 + 18, ly + 22), f"crew {c}", fill=(30, 30, 30), font=small)
    px = 2 * MARGIN + board
    y = 12
    for i, line in enumerate(lines):
        font, step = (big, 19) if i < 2 else (small, 16)
        for part in line.split("\n"):
            for piece in _wrap(d, part, font, PANEL_W - 16):
                if y > IMG_H - 18:
                    break
                d.text((px, y), piece, fill=(20, 20, 20), font=font)
                y += step
    return np.asarray(img, dtype=np.uint8).copy()


def _wrap(draw, text, font, width):
    """Split text into pieces that fit `width` pixels, continuation lines indented."""
    out = []
    indent = " " * (len(text) - len(text.lstrip()) + 4)
    while text:
        if draw.textlength(text, font=font) <= width:
            out.append(text)
            break
        cut = len(text)
        while cut > 1 and draw.textlength(text[:cut], font=font) > width:
            cut = text.rfind(" ", 0, cut - 1)
            if cut <= len(indent):
                cut = max(1, len(text) * width // int(draw.textlength(text, font=font) + 1))
                break
        out.append(text[:cut])
        text = indent + text[cut:].lstrip()
    return out
