"""Cursed Seas rendering: a text summary (ansi) and a picture of the table (rgb_array).

The picture shows the table (blue), islands (sand; home islands ringed in their player's
colour), each ship as a hull in her player's colour from stern to a white bow, one dot per
mast (bright standing, dark lost) and face-down treasure as grey pips on islands and ships
(values are never drawn: they are face down). The text lists what ``viewer`` may know:
its own coin values and crew, the others' only as counts (None = a spectator: all hidden).
"""

from __future__ import annotations

import math

import numpy as np

from . import pieces
from .labels import ship_name
from .state import (
    LOC_HOME, LOC_ISLAND, LOC_SHIP, MAX_COINS, MAX_CREW, MAX_CREW_P, MAX_FLEET, MAX_SHIPS,
    PHASE_NAMES, PK_NAMES, REEF_R,
)

COLOURS = np.array([(220, 50, 50), (240, 200, 40), (60, 200, 90), (200, 80, 220)], np.uint8)
PX = 24          # pixels per S


def _seen(s, c, viewer):
    return viewer is not None and (int(s["co_seen"][c]) >> int(viewer)) & 1


def render_ansi(s, viewer) -> str:
    n = int(s["num_players"])
    lines = [f"phase {PHASE_NAMES[int(s['phase'])]}, decision {PK_NAMES[int(s['pending'])]}, "
             f"turn {int(s['turn'])}, to play {int(s['to_play'])}"]
    for p in range(n):
        home = [c for c in range(MAX_COINS) if s["co_loc"][c] == LOC_HOME and s["co_at"][c] == p]
        known = sum(int(s["co_val"][c]) for c in home if _seen(s, c, viewer))
        shown = f"{known} gold" if viewer == p else f"{len(home)} coins"
        lines.append(f"player_{p}: home island {int(s['home'][p])}, unloaded {shown}")
    for i in range(int(s["n_islands"])):
        coins = [c for c in range(MAX_COINS) if s["co_loc"][c] == LOC_ISLAND and s["co_at"][c] == i]
        vals = ",".join(str(int(s["co_val"][c])) if _seen(s, c, viewer) else "?" for c in coins)
        owner = int(s["isl_home"][i])
        kind = f"home of player_{owner}" if owner >= 0 else "wild"
        ashore = int((s["cr_isl"] == i).sum())      # crew / equipment left there [Docking]
        lines.append(f"island {i} ({kind}) at ({s['isl_x'][i]:.1f}, {s['isl_y'][i]:.1f}) "
                     f"r {s['isl_r'][i]:.1f}: treasure [{vals}]"
                     + (f" pieces ashore {ashore}" if ashore else ""))
    for q in range(int(s["n_reefs"])):
        lines.append(f"reef {q} at ({s['rf_x'][q]:.1f}, {s['rf_y'][q]:.1f}), rating "
                     f"{int(s['rf_rating'][q]) or '-'}")
    for k in range(MAX_SHIPS):
        if not s["sh_live"][k]:
            continue
        p = k // MAX_FLEET
        nm = int(s["cfg"]["ship_nmast"][p, k % MAX_FLEET])
        masts = "".join("|" if (int(s["sh_masts"][k]) >> m) & 1 else "." for m in range(nm))
        coins = [c for c in range(MAX_COINS) if s["co_loc"][c] == LOC_SHIP and s["co_at"][c] == k]
        vals = ",".join(str(int(s["co_val"][c])) if _seen(s, c, viewer) else "?" for c in coins)
        crew = [c for c in range(MAX_CREW) if s["cr_ship"][c] == k]
        names = []
        for c in crew:
            d = int(s["cfg"]["crew_def"][c // MAX_CREW_P, c % MAX_CREW_P])
            if s["cr_up"][c] or (viewer is not None and (int(s["cr_seen"][c]) >> viewer) & 1):
                names.append(pieces.CATALOGUE.crew[d].name if d >= 0 else "?")
            else:
                names.append("face down")
        lines.append(f"  {ship_name(s, k)} at ({s['sh_x'][k]:.2f}, {s['sh_y'][k]:.2f}) heading "
                     f"{math.degrees(float(s['sh_h'][k])):.0f} masts [{masts}] treasure [{vals}] "
                     f"crew [{', '.join(names)}]" + (" pinned" if s["sh_pin"][k] >= 0 else "")
                     + (" WRECKED" if s["sh_wreck"][k] else ""))
    return "\n".join(lines)


def _disc(img, x, y, r, colour):
    h, w = img.shape[:2]
    x0, x1 = max(0, int(x - r)), min(w, int(x + r) + 2)
    y0, y1 = max(0, int(y - r)), min(h, int(y + r) + 2)
    if x0 >= x1 or y0 >= y1:
        return
    yy, xx = np.ogrid[y0:y1, x0:x1]
    img[y0:y1, x0:x1][(xx - x) ** 2 + (yy - y) ** 2 <= r * r] = colour


def _line(img, x0, y0, x1, y1, colour, width=2):
    n = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
    for t in np.linspace(0.0, 1.0, n + 1):
        _disc(img, x0 + t * (x1 - x0), y0 + t * (y1 - y0), width, colour)


def render_rgb(s, viewer) -> np.ndarray:
    w = int(round(float(s["cfg"]["table_w"]) * PX))
    h = int(round(float(s["cfg"]["table_h"]) * PX))
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = (30, 70, 140)
    for i in range(int(s["n_islands"])):
        x, y, r = (float(s[f][i]) * PX for f in ("isl_x", "isl_y", "isl_r"))
        owner = int(s["isl_home"][i])
        if owner >= 0:
            _disc(img, x, y, r + 3, COLOURS[owner])
        _disc(img, x, y, r, (210, 190, 120))
        coins = [c for c in range(MAX_COINS) if s["co_loc"][c] == LOC_ISLAND and s["co_at"][c] == i]
        for t, _ in enumerate(coins):
            _disc(img, x - r / 2 + 6 * t, y, 2, (120, 120, 120))
    for q in range(int(s["n_reefs"])):
        _disc(img, float(s["rf_x"][q]) * PX, float(s["rf_y"][q]) * PX, REEF_R * PX, (90, 110, 100))
    for k in range(MAX_SHIPS):
        if not s["sh_live"][k]:
            continue
        p = k // MAX_FLEET
        x, y, hd, ln = (float(s[f][k]) for f in ("sh_x", "sh_y", "sh_h", "sh_len"))
        bx, by = x + ln * math.cos(hd), y + ln * math.sin(hd)
        _line(img, x * PX, y * PX, bx * PX, by * PX, COLOURS[p], 3)
        _disc(img, bx * PX, by * PX, 2, (255, 255, 255))
        nm = int(s["cfg"]["ship_nmast"][p, k % MAX_FLEET])
        for m in range(nm):
            f = (m + 1.0) / (nm + 1.0)
            up = (int(s["sh_masts"][k]) >> m) & 1
            _disc(img, (x + f * (bx - x)) * PX, (y + f * (by - y)) * PX, 2,
                  (250, 250, 250) if up else (40, 40, 40))
    return img
