"""Cursed Seas rendering: a text summary (ansi) and a picture of the table (rgb_array).

The picture (envs/core/draw.py language) draws the table to scale with an S grid and the S
and L rulers [Moving; ruling: Measures]: islands with their radius (home islands ringed in
their player's colour, mysterious ones marked "?", explored tokens as flags) [Placing
Islands; Exploring], reefs with their rating [Terrain], each ship as a hull in her player's
colour pointing along her heading with one dot per mast (white standing, dark X lost),
wrecked and pinned ships marked [Shooting; Ram; Reef: Shipwreck], and treasure as coins. On
the right: the turn and pending decision, and per player the gold unloaded at home and the
fleet (masts with their printed rank and range, nation, points, base move, cargo, treasure
and crew aboard). Forts are named with their gold cost and each flag's rank and range, on
the table and in the text: "the identities and complete statistics ... of all ships and
forts in play are considered open information" [Fleets; Forts].

Hidden [Placing Treasure; Exploring; Placing Crew and equipment]: a face-down coin shows its
value only to a seat that looked at it (a "?" otherwise), and another fleet's face-down crew
only as a count, and a ship's cargo with only the +1 of the links the viewer knows (ruling:
Equipment). viewer None = a spectator: every face-down thing stays face down.
"""

from __future__ import annotations

import math

import numpy as np

from envs.core import draw

from . import pieces
from .labels import ship_name
from .observe import _cargo_seen
from .state import (
    A_CAPT, A_OPT, A_ORDER, LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P,
    MAX_FLEET, MAX_FORTS_P, MAX_PLAYERS, MAX_SHIPS, PHASE_NAMES, PK_NAMES, REEF_R, SHIP_R, TERR_R,
    PK_HOME, PK_TARGET, PK_TURN, TERRAIN_KINDS, FORT_R,
    PK_BOARD_CREW, PK_BUILD, PK_FLAG, PK_FORT_GUN, PK_FORT_MAST, PK_FORT_TARGET, PK_MAST, PK_PAY,
    PK_PIECE_TO,
)


def _seen(s, c, viewer):
    """Coin c's value is known to ``viewer``: face up, or looked at by it."""
    if s["co_up"][c]:
        return True
    return viewer is not None and bool((int(s["co_seen"][c]) >> int(viewer)) & 1)


def _mysterious(s, i):
    """Island i (as placed) is a mysterious piece: the piece drawn for it (``isl_piece``,
    islands are "chosen at random"), not config piece i. Its symbol is face up, so every
    viewer sees it [Placing Islands: Mysterious islands]."""
    q = int(s["isl_piece"][i])
    return 0 <= q < len(s["cfg"]["island_myst"]) and bool(s["cfg"]["island_myst"][q])


def _coins(s, loc, at):
    return [c for c in range(MAX_COINS) if int(s["co_loc"][c]) == loc and int(s["co_at"][c]) == at
            and int(s["co_val"][c]) >= 0]


def _coin_text(s, c, viewer) -> str:
    if not _seen(s, c, viewer):
        return "?"
    return f"{int(s['co_val'][c])}{'*' if s['co_uniq'][c] else ''}"


def _crew_name(s, c) -> str:
    d = int(s["cfg"]["crew_def"][c // MAX_CREW_P, c % MAX_CREW_P])
    return pieces.CATALOGUE.crew[d].name if 0 <= d < len(pieces.CATALOGUE.crew) else "?"


def _crew_aboard(s, k, viewer):
    """(names of the crew aboard ship k that viewer may know, count of face-down others)."""
    names, hidden = [], 0
    for c in range(MAX_CREW):
        if int(s["cr_ship"][c]) != k:
            continue
        # own crew, face-up crew, and crew this viewer has looked at [Exploring]
        if (viewer is not None and (c // MAX_CREW_P == int(viewer)
                                    or (int(s["cr_seen"][c]) >> int(viewer)) & 1)) \
                or s["cr_up"][c]:
            names.append(_crew_name(s, c))
        else:
            hidden += 1
    return names, hidden


def _masts(s, k) -> str:
    p, j = divmod(k, MAX_FLEET)
    nm = int(s["cfg"]["ship_nmast"][p, j])
    out = []
    for m in range(nm):
        up = (int(s["sh_masts"][k]) >> m) & 1
        rng = "SL"[int(s["cfg"]["ship_range"][p, j, m]) & 1]
        die = f"{int(s['cfg']['ship_rank'][p, j, m])}{rng}"
        out.append(die if up else f"x{die}")
    return " ".join(out)


def _stats(s, k, viewer) -> str:
    """Ship k's open statistics [Fleets]: nation, points, base move; her cargo spaces as
    ``viewer`` knows them (only the links whose crew it knows; ruling: Equipment)."""
    p, j = divmod(k, MAX_FLEET)
    nat = int(s["cfg"]["ship_nation"][p, j])
    segs = s["cfg"]["ship_seg"][p, j][:max(0, int(s["cfg"]["ship_nseg"][p, j]))]
    move = "+".join("SL"[int(g) & 1] for g in segs)
    seat = MAX_PLAYERS if viewer is None else int(viewer)     # a seat knowing no piece
    return (f"{pieces.NATIONS[nat] if 0 <= nat < len(pieces.NATIONS) else '?'} "
            f"{int(s['cfg']['ship_cost'][p, j])} pts, move {move or '-'}, "
            f"cargo {int(_cargo_seen(s, seat, p, j))}")


def fort_text(s, f) -> str:
    """Fort f's name, gold cost and flags (rank and range each), open to all [Fleets; Forts]."""
    p, j = divmod(int(f), MAX_FORTS_P)
    d = int(s["cfg"]["fort_def"][p, j])
    name = pieces.CATALOGUE.forts[d].name if 0 <= d < len(pieces.CATALOGUE.forts) else "?"
    cfg = s["cfg"]
    flags = " ".join(f"{int(cfg['fort_rank'][p, j, g])}{'SL'[int(cfg['fort_range'][p, j, g]) & 1]}"
                     for g in range(int(cfg["fort_nflag"][p, j])))
    return f"{name} ({int(s['cfg']['fort_cost'][p, j])} gold; flags {flags})"


def pending_text(s) -> str:
    if s["done"] or int(s["to_play"]) < 0:
        return "game over"
    pk = int(s["pending"])
    out = f"player_{int(s['to_play'])} to decide: {PK_NAMES[pk] if 0 <= pk < len(PK_NAMES) else pk}"
    if pk in _ABOUT_TARGET:                   # the ship losing a mast or a crew
        k = int(s["pend_target"])
    elif pk in _ABOUT_NO_SHIP:                # pend_ship is left over from an earlier decision
        k = -1
    else:
        k = int(s["pend_ship"])
    if 0 <= k < MAX_SHIPS and pk >= 5:        # decisions about one ship name her
        out += f" ({ship_name(s, k)})"
    return out


#: decisions about the ship hit or boarded (pend_target), not the one acting (pend_ship)
_ABOUT_TARGET = (PK_MAST, PK_FORT_MAST, PK_BOARD_CREW)
#: decisions about no ship: where a piece goes, forts building, paying, shooting, their flags
_ABOUT_NO_SHIP = (PK_PIECE_TO, PK_BUILD, PK_PAY, PK_FORT_TARGET, PK_FORT_GUN, PK_FLAG)


def render_ansi(s, viewer) -> str:
    n = int(s["num_players"])
    ph = int(s["phase"])
    lines = [f"Cursed Seas: phase {PHASE_NAMES[ph] if 0 <= ph < len(PHASE_NAMES) else ph}, "
             f"turn {int(s['turn'])}; {pending_text(s)}; table {float(s['cfg']['table_w']):g} x "
             f"{float(s['cfg']['table_h']):g} S"]
    if s["done"]:
        won = [f"player_{q}" for q in range(n) if int(s["winner_mask"]) >> q & 1]
        lines.append("winners: " + (", ".join(won) or "none (draw)"))
    for p in range(n):
        home = _coins(s, LOC_HOME, p)
        known = sum(int(s["co_val"][c]) for c in home if _seen(s, c, viewer))
        unknown = sum(1 for c in home if not _seen(s, c, viewer))
        lines.append(f"player_{p}: home island {int(s['home'][p])}, unloaded {len(home)} coins"
                     f" (known gold {known}" + (f", {unknown} face down" if unknown else "") + ")")
    for i in range(int(s["n_islands"])):
        vals = ",".join(_coin_text(s, c, viewer) for c in _coins(s, LOC_ISLAND, i))
        owner = int(s["isl_home"][i])
        kind = f"home of player_{owner}" if owner >= 0 else "wild"
        if _mysterious(s, i):
            kind += ", mysterious"
        tok = [f"player_{q}" for q in range(n) if (int(s["isl_token"][i]) >> q) & 1]
        ashore = int((s["cr_isl"] == i).sum())      # crew / equipment left there [Docking]
        lines.append(f"island {i} ({kind}) at ({s['isl_x'][i]:.1f}, {s['isl_y'][i]:.1f}) "
                     f"r {s['isl_r'][i]:.1f}: treasure [{vals}]"
                     + (f" explored by {', '.join(tok)}" if tok else "")
                     + (f" pieces ashore {ashore}" if ashore else ""))
    for q in range(int(s["n_reefs"])):
        lines.append(f"reef {q} at ({s['rf_x'][q]:.1f}, {s['rf_y'][q]:.1f}), rating "
                     f"{int(s['rf_rating'][q]) or '-'}")
    for k in range(MAX_SHIPS):
        if not s["sh_live"][k]:
            continue
        vals = ",".join(_coin_text(s, c, viewer) for c in _coins(s, LOC_SHIP, k))
        names, hidden = _crew_aboard(s, k, viewer)
        crew = names + (["face down"] * hidden)
        lines.append(f"  {ship_name(s, k)} [{_stats(s, k, viewer)}] at ({s['sh_x'][k]:.2f}, "
                     f"{s['sh_y'][k]:.2f}) heading "
                     f"{math.degrees(float(s['sh_h'][k])):.0f} masts [{_masts(s, k)}] treasure "
                     f"[{vals}] crew [{', '.join(crew)}]"
                     + (" pinned" if s["sh_pin"][k] >= 0 else "")
                     + (" WRECKED" if s["sh_wreck"][k] else ""))
    lines += _sea_lines(s)
    return "\n".join(lines)


# --- RGB image ------------------------------------------------------------------------------
W, H = 1320, 960               # fixed, so frames of one game stack into a video
TABLE_BOX = 880                # the table fits a TABLE_BOX square at the top left
T0 = 26                        # table origin (pixels)
RIGHT = T0 + TABLE_BOX + 12
SEA = (30, 70, 130)
SEA_GRID = (46, 88, 150)
SAND = (222, 200, 140)
REEF = (95, 115, 105)


def _scale(s) -> float:
    w, h = float(s["cfg"]["table_w"]), float(s["cfg"]["table_h"])
    if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
        return 1.0
    return min(TABLE_BOX / w, TABLE_BOX / h)


def _pt(s, x, y):
    k = _scale(s)
    return T0 + float(x) * k, T0 + float(y) * k


def _coin_row(cv, x, y, s, coins, viewer, size=14):
    """Coins as discs: gold with the value when known, grey "?" when face down."""
    for c in coins[:8]:
        if _seen(s, c, viewer):
            cv.disc(x + size / 2, y + size / 2, size / 2, (236, 190, 40), outline=(120, 90, 20))
            cv.text(x + size / 2, y + size / 2, _coin_text(s, c, viewer), size - 4, anchor="mm")
        else:
            cv.disc(x + size / 2, y + size / 2, size / 2, (150, 150, 155), outline=draw.INK)
            cv.text(x + size / 2, y + size / 2, "?", size - 4, anchor="mm")
        x += size + 2
    if len(coins) > 8:
        cv.text(x, y + size / 2, f"+{len(coins) - 8}", 11, anchor="lm")
    return x


def _table(cv, s, viewer):
    k = _scale(s)
    w, h = float(s["cfg"]["table_w"]) * k, float(s["cfg"]["table_h"]) * k
    d = cv.d
    d.rectangle([T0, T0, T0 + w, T0 + h], fill=SEA, outline=draw.INK)
    step = 1.0 * k              # one S
    i = 1
    while i * step < w - 1 and i < 64:
        d.line([(T0 + i * step, T0), (T0 + i * step, T0 + h)], fill=SEA_GRID)
        i += 1
    i = 1
    while i * step < h - 1 and i < 64:
        d.line([(T0, T0 + i * step), (T0 + w, T0 + i * step)], fill=SEA_GRID)
        i += 1
    # rulers under the table: S and L [Moving]
    y = T0 + h + 10
    d.rectangle([T0, y, T0 + step, y + 6], fill=draw.INK)
    cv.text(T0 + step + 6, y + 3, "S", 12, anchor="lm")
    d.rectangle([T0 + step + 30, y, T0 + 3 * step + 30, y + 6], fill=draw.dim(draw.INK, 0.4))
    cv.text(T0 + 3 * step + 36, y + 3, f"L   table {float(s['cfg']['table_w']):g} x "
            f"{float(s['cfg']['table_h']):g} S", 12, anchor="lm")
    n = int(s["num_players"])
    for i in range(int(s["n_islands"])):
        x, y = _pt(s, s["isl_x"][i], s["isl_y"][i])
        r = float(s["isl_r"][i]) * k
        if int(s["pending"]) == PK_HOME:
            cv.region((x - r, y - r, x + r, y + r), (A_OPT + i,))
        owner = int(s["isl_home"][i])
        if 0 <= owner < MAX_PLAYERS:
            cv.disc(x, y, r + 5, draw.seat_colour(owner), outline=None)
        cv.disc(x, y, r, SAND, outline=(150, 120, 70), width=2)
        cv.text(x, y - r * 0.55, f"island {i}", 11, (90, 70, 40), anchor="mm")
        if _mysterious(s, i):                # a mysterious island piece: a purple "?" badge
            mx, my = x + r * 0.72, y - r * 0.72
            cv.disc(mx, my, 9, (150, 90, 180), outline=draw.INK)
            cv.text(mx, my, "?", 13, (250, 250, 250), anchor="mm")
        fx = x - r * 0.6
        for q in range(n):               # explored: the player's token on the island
            if (int(s["isl_token"][i]) >> q) & 1:
                cv.icon("flag", fx, y + r * 0.3, 14, fill=draw.seat_colour(q))
                fx += 15
        ashore = int((s["cr_isl"] == i).sum())
        if ashore:                           # crew / equipment left ashore: a count badge [Docking]
            ax, ay = x - r * 0.72, y - r * 0.72
            cv.disc(ax, ay, 9, (70, 110, 70), outline=draw.INK)
            cv.text(ax, ay, str(ashore), 12, (250, 250, 250), anchor="mm")
        coins = _coins(s, LOC_ISLAND, i)
        if coins:
            _coin_row(cv, x - min(len(coins), 8) * 8, y - 7, s, coins, viewer, 14)
    for q in range(int(s["n_reefs"])):
        x, y = _pt(s, s["rf_x"][q], s["rf_y"][q])
        r = REEF_R * k
        pts = []
        for a in range(14):
            rr = r * (1.0 if a % 2 == 0 else 0.72)
            t = a * math.pi / 7
            pts.append((x + rr * math.cos(t), y + rr * math.sin(t)))
        d.polygon(pts, fill=REEF, outline=(40, 50, 45))
        rating = int(s["rf_rating"][q])
        cv.text(x, y, f"reef {rating}" if rating else "reef", 11, (235, 235, 225), anchor="mm")
    for kk in range(MAX_SHIPS):
        if s["sh_live"][kk]:
            _ship(cv, s, kk, viewer)
    _sea_pieces(cv, s)


def _ship_actions(s, k, viewer) -> tuple[int, ...]:
    """What clicking ship k may mean: the target chosen for a mast, or (the viewer's own
    fleet slot, on its turn) the actions it may give her."""
    pk = int(s["pending"])
    if pk == PK_TARGET:
        return (A_OPT + k,)
    p, j = divmod(k, MAX_FLEET)
    if pk != PK_TURN or viewer is None or int(viewer) != int(s["sh_owner"][k]):
        return ()
    if int(viewer) != p:                # a ship a tow brought into her fleet [Tow]
        return (A_CAPT + k,)
    return tuple(A_ORDER + j * 4 + act for act in range(4))


def panel_ships(s, p) -> list[int]:
    """The ships listed in p's fleet panel: her fleet slots (one a tow took away is still
    listed there, marked), then the ships a tow brought into her fleet [Tow]."""
    own = [p * MAX_FLEET + j for j in range(MAX_FLEET) if int(s["cfg"]["ship_def"][p, j]) >= 0]
    towed_in = [k for k in range(MAX_SHIPS) if k // MAX_FLEET != p and s["sh_live"][k]
                and int(s["sh_owner"][k]) == p]
    return own + towed_in


def _ship(cv, s, k, viewer):
    sc = _scale(s)
    p, j = divmod(k, MAX_FLEET)
    x, y = _pt(s, s["sh_x"][k], s["sh_y"][k])
    hd, ln = float(s["sh_h"][k]), float(s["sh_len"][k]) * sc
    if not (math.isfinite(hd) and math.isfinite(ln)):
        return
    ux, uy = math.cos(hd), math.sin(hd)
    vx, vy = -uy, ux
    hw = max(SHIP_R * sc, 5.0)
    bx, by = x + ux * ln, y + uy * ln
    mid = 0.72
    pts = [(x + vx * hw, y + vy * hw), (x + ux * ln * mid + vx * hw, y + uy * ln * mid + vy * hw),
           (bx + ux * hw * 0.6, by + uy * hw * 0.6),
           (x + ux * ln * mid - vx * hw, y + uy * ln * mid - vy * hw), (x - vx * hw, y - vy * hw)]
    xs, ys = [pt[0] for pt in pts], [pt[1] for pt in pts]
    cv.region((min(xs), min(ys), max(xs) + 1, max(ys) + 1), _ship_actions(s, k, viewer))
    wreck = bool(s["sh_wreck"][k])
    o = int(s["sh_owner"][k])          # her fleet now: a tow brings her into another [Tow]
    fill = draw.dim(draw.seat_colour(o), 0.5) if wreck else draw.seat_colour(o)
    cv.d.polygon(pts, fill=fill, outline=draw.INK, width=2)
    nm = int(s["cfg"]["ship_nmast"][p, j])
    mr = max(2.5, hw * 0.45)
    for m in range(nm):
        f = (m + 1.0) / (nm + 1.0) * mid
        mx, my = x + ux * ln * f, y + uy * ln * f
        if (int(s["sh_masts"][k]) >> m) & 1:
            cv.disc(mx, my, mr, (250, 250, 250), outline=draw.INK)
        else:
            cv.d.line([(mx - mr, my - mr), (mx + mr, my + mr)], fill=draw.INK, width=2)
            cv.d.line([(mx - mr, my + mr), (mx + mr, my - mr)], fill=draw.INK, width=2)
    # her fleet slot number by the stern, matching the fleet list on the right
    lx, ly = x - ux * 10 - vx * 0, y - uy * 10
    cv.disc(lx, ly, 7, (250, 250, 250), outline=draw.seat_colour(p), width=2)
    cv.text(lx, ly, j + 1, 10, draw.INK, anchor="mm")
    coins = _coins(s, LOC_SHIP, k)
    if coins:
        cx, cy = x + ux * ln * 0.4 + vx * (hw + 9), y + uy * ln * 0.4 + vy * (hw + 9)
        _coin_row(cv, cx - 6, cy - 6, s, coins, viewer, 12)
    if wreck:
        cv.text(bx, by - hw - 8, "wrecked", 11, (250, 230, 200), anchor="mm")
    pin = int(s["sh_pin"][k])
    if 0 <= pin < MAX_SHIPS and s["sh_live"][pin]:
        tx, ty = _pt(s, s["sh_x"][pin], s["sh_y"][pin])
        cv.d.line([(bx, by), (tx, ty)], fill=(250, 250, 250), width=1)


def _game(cv, s):
    x0, y0, x1, y1 = cv.panel((RIGHT, 8, W - 8, 120), "game")
    ph = int(s["phase"])
    cv.text(x0, y0, f"{PHASE_NAMES[ph] if 0 <= ph < len(PHASE_NAMES) else ph} | turn "
            f"{int(s['turn'])} | decision {int(s['step'])}", 13, max_w=x1 - x0)
    y = y0 + 18
    if int(s["to_play"]) >= 0:
        cv.disc(x0 + 7, y + 8, 7, draw.seat_colour(int(s["to_play"])))
        y += cv.text_lines(x0 + 20, y, pending_text(s), 12, x1 - x0 - 20, 2)
    elif s["done"]:
        n = int(s["num_players"])
        won = [f"player_{q}" for q in range(n) if int(s["winner_mask"]) >> q & 1]
        y += cv.text_lines(x0, y, "winners: " + (", ".join(won) or "none (draw)"), 13,
                           x1 - x0, 2)
    n = int(s["num_players"])
    x = x0
    cv.text(x, y1 - 8, "turn order", 11, draw.MUTED, anchor="lm")
    x += 62
    for i in range(n):
        q = int(s["order"][i])
        if 0 <= q < MAX_PLAYERS:
            cv.disc(x + 8, y1 - 8, 8, draw.seat_colour(q),
                    width=3 if i == int(s["cur"]) else 1)
            cv.text(x + 8, y1 - 8, q, 10, draw.text_colour_on(draw.seat_colour(q)), anchor="mm")
            x += 22


def _fleet(cv, s, p, viewer, box):
    if p >= int(s["num_players"]):
        cv.panel(box, None, fill=draw.PAPER, edge=draw.dim(draw.PANEL_EDGE, 0.5))
        return
    x0, y0, x1, y1 = cv.panel(box, None, stripe=draw.seat_colour(p))
    w = cv.text(x0, y0, f"player_{p}", 14)
    home = int(s["home"][p])
    tx = x0 + w + 8
    tx = cv.tags(tx, y0, (("to act", int(s["to_play"]) == p),
                          ("won", bool(s["done"]) and bool(int(s["winner_mask"]) >> p & 1))))
    cv.text(tx + 4, y0 + 8, f"home island {home}" if home >= 0 else "no home yet", 11,
            draw.MUTED, anchor="lm")
    coins = _coins(s, LOC_HOME, p)
    y = y0 + 20
    cv.icon("chest", x0, y, 16)
    known = sum(int(s["co_val"][c]) for c in coins if _seen(s, c, viewer))
    xx = _coin_row(cv, x0 + 20, y + 1, s, coins, viewer, 14)
    cv.text(max(xx, x0 + 20) + 4, y + 8, f"unloaded: {len(coins)} coins, known gold {known}",
            11, anchor="lm", max_w=x1 - xx - 6)
    y += 20
    for k in panel_ships(s, p):
        if y + 15 > y1:
            break
        q, j = divmod(k, MAX_FLEET)             # her fleet slot, as by her stern
        live = bool(s["sh_live"][k])
        gone = live and int(s["sh_owner"][k]) != p
        cv.disc(x0 + 7, y + 7, 7, draw.seat_colour(p) if live and not gone else draw.PANEL,
                outline=draw.seat_colour(q) if q != p else draw.INK, width=2 if q != p else 1)
        cv.text(x0 + 7, y + 7, j + 1, 9, draw.INK, anchor="mm")
        nm = ship_name(s, k).rsplit(" (", 1)[0]
        state = "" if live else (" (set aside)" if int(s["sh_began"][k]) == -2 else
                                 " (sunk)" if int(s["turn"]) > 0 else " (not deployed)")
        if live and s["sh_wreck"][k]:
            state = " (wrecked)"
        if gone:
            state = f" (towed away: player_{int(s['sh_owner'][k])})"
        elif q != p:
            state += f" (towed in from player_{q})"
        cv.text(x0 + 18, y, nm + state, 12, draw.INK if live and not gone else draw.MUTED,
                max_w=x1 - x0 - 20 if gone else 130)
        if live and not gone:
            cv.text(x0 + 150, y, _masts(s, k), 11, max_w=88)
            ship_coins = _coins(s, LOC_SHIP, k)
            cargo = int(_cargo_seen(s, MAX_PLAYERS if viewer is None else int(viewer), q, j))
            cx = _coin_row(cv, x0 + 240, y, s, ship_coins, viewer, 12)
            cv.text(max(cx, x0 + 240) + 2, y, f"/{cargo}", 10, draw.MUTED)
            names, hidden = _crew_aboard(s, k, viewer)
            crew = ", ".join(names) + (f"{', ' if names else ''}{hidden} face down" if hidden
                                      else "")
            cv.text(x0 + 18, y + 13, f"{_stats(s, k, viewer)} | crew: {crew or '-'}", 10,
                    draw.MUTED, max_w=x1 - x0 - 20)
        y += 27


def render_rgb(s, viewer) -> np.ndarray:
    """uint8[H, W, 3]: the table to scale and the fleets, as ``viewer`` (a seat or None)
    may see them."""
    return _picture(s, viewer).array()


def render_regions(s, viewer) -> list:
    """The clickable parts of ``render_rgb(s, viewer)``: the islands while a home island is
    chosen, the ships while a mast picks its target, and the viewer's own ships on its turn
    (the actions it may give her)."""
    return _picture(s, viewer).regions


def _picture(s, viewer) -> draw.Canvas:
    cv = draw.Canvas(W, H)
    _table(cv, s, viewer)
    _game(cv, s)
    top, row = 128, (H - 8 - 128) // MAX_PLAYERS
    for p in range(MAX_PLAYERS):
        _fleet(cv, s, p, viewer, (RIGHT, top + p * row, W - 8, top + p * row + row - 6))
    cv.text(T0, H - 22, "masts: printed rank and range (S/L), x = lost; coins: value when "
            "known, ? face down, * unique; numbers by the sterns: fleet slots", 11, draw.MUTED)
    return cv


# --- forts / terrain / creatures ------------------------------------------------------------
TERRAIN_COLOURS = {1: (200, 200, 210), 2: (230, 250, 255), 3: (70, 120, 40), 4: (40, 140, 200),
                   5: (20, 30, 80)}


def _sea_lines(s) -> list:
    out = []
    for t in range(int(s["n_terr"])):
        kind = int(s["tr_kind"][t])
        if not 0 < kind < len(TERRAIN_KINDS):
            continue
        extra = ""
        if kind == 2:
            extra = f", number {int(s['tr_num'][t])}" + (" (stuck)" if s["tr_stuck"][t] else "")
        elif kind == 3:
            extra = f", rating {int(s['tr_rating'][t]) or '-'}"
        elif kind == 4:
            extra = f", friendly to player_{int(s['tr_owner'][t])}"
        out.append(f"{TERRAIN_KINDS[kind]} {t} at ({s['tr_x'][t]:.1f}, {s['tr_y'][t]:.1f})"
                   + extra)
    n = int(s["num_players"])
    for f in range(s["ft_isl"].shape[0]):
        p, j = divmod(f, MAX_FORTS_P)
        if p >= n or int(s["cfg"]["fort_def"][p, j]) < 0:
            continue
        i = int(s["ft_isl"][f])
        head = f"fort {f} of player_{p}, {fort_text(s, f)}"
        if i >= 0:
            flags = bin(int(s["ft_flags"][f])).count("1")
            inside = int(((s["co_loc"] == 4) & (s["co_at"] == f)).sum())
            out.append(f"{head} on island {i}: {flags} flags standing, "
                       f"{inside} coins inside" + ("" if flags else " (abandoned)"))
        else:
            out.append(f"{head}: " + ("destroyed" if s["ft_gone"][f] else "not built"))
    for k in range(MAX_SHIPS):
        if s["sh_live"][k] and (s["sh_lost"][k] >= 0 or s["sh_tangled"][k] >= 0):
            state = "lost in fog bank" if s["sh_lost"][k] >= 0 else "tangled in Sargasso Sea"
            out.append(f"  {ship_name(s, k)} is {state}")
    return out


def _sea_pieces(cv, s):
    """Terrain discs with their name (drawn over the ships: a lost ship is hidden in its fog
    bank), each fort as a square in its player's colour with a white dot per flag, and a
    black ring round each sea creature."""
    k = _scale(s)
    for t in range(int(s["n_terr"])):
        kind = int(s["tr_kind"][t])
        if 0 < kind < len(TERRAIN_KINDS) and kind in TERRAIN_COLOURS:
            x, y = _pt(s, s["tr_x"][t], s["tr_y"][t])
            fill = TERRAIN_COLOURS[kind]
            cv.disc(x, y, TERR_R * k, fill, outline=draw.INK)
            cv.text(x, y, TERRAIN_KINDS[kind].split()[0], 10, draw.text_colour_on(fill),
                    anchor="mm")
    for f in range(s["ft_isl"].shape[0]):
        i = int(s["ft_isl"][f])
        if 0 <= i < int(s["n_islands"]):
            x, y = _pt(s, s["isl_x"][i], s["isl_y"][i])
            half = FORT_R * k * 0.7
            cv.d.rectangle([x - half, y - half, x + half, y + half],
                           fill=draw.seat_colour(f // MAX_FORTS_P), outline=draw.INK)
            # which fort and its statistics are open [Fleets]: name, cost and flags under it
            cv.text(x, y + FORT_R * k + 8, fort_text(s, f), 10, (250, 250, 250), anchor="mm")
            for g in range(4):
                if (int(s["ft_flags"][f]) >> g) & 1:
                    a = math.pi / 4 + g * math.pi / 2
                    cv.disc(x + FORT_R * k * math.cos(a), y + FORT_R * k * math.sin(a), 3,
                            (255, 255, 255))
    for kk in range(MAX_SHIPS):
        p, j = divmod(kk, MAX_FLEET)
        if s["sh_live"][kk] and s["cfg"]["ship_creature"][p, j] and s["sh_lost"][kk] < 0:
            x, y = _pt(s, s["sh_x"][kk], s["sh_y"][kk])
            cv.d.ellipse([x - 8, y - 8, x + 8, y + 8], outline=(0, 0, 0), width=3)
