"""The shared picture language of every game's ``render_rgb`` (Pillow).

A game draws its table on a :class:`Canvas` out of a few kinds of pieces, so all games look
alike and a reader learns the language once:

- ``panel``: a titled box grouping one area of the table (the market, a crew, a hand);
- ``card``: a card tile: coloured by kind, name on top, cost as resource icons with numbers,
  points as a star with a number, a badge in a corner (count, "new"), a border in the colour
  of the seat that claims it; ``face_down=True`` draws the back only (hidden information);
- ``icon`` and ``counter``: a resource, score, pile or token drawn as a symbol plus a number;
- ``bar``: a value against its maximum (Infamy, resources), for comparing seats at a glance;
- ``seat_colour``: one colour per seat, used for ships, claims, flags and crew stripes.

A piece that stands for a choice (a card in hand, a Market card, an island slot, an island)
is drawn with the action ids it stands for (``actions=`` of ``card``, or :meth:`Canvas.region`):
the canvas keeps them as ``regions``, the clickable parts of the picture a game's
``render_regions`` returns. They come from what the viewer sees only, since they are drawn
with it; which of them are legal now is the caller's business (the browser app keeps those).

Text is only for names and numbers. Everything is integer pixel geometry on a fixed-size
image, so pictures of consecutive states differ only where the state differs (the HTML
replay stores only changed tiles) and snapshot tests can compare pictures.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

PAPER = (244, 239, 225)
INK = (28, 28, 32)
MUTED = (120, 115, 105)
PANEL = (252, 249, 240)
PANEL_EDGE = (170, 160, 140)
CARD_BACK = (70, 60, 110)
CARD_BACK_MARK = (150, 140, 200)
SEAT_COLOURS = ((214, 58, 48), (236, 190, 30), (52, 160, 80), (150, 80, 200), (235, 125, 30),
                (90, 160, 220), (120, 120, 120))
#: resource icons: colour of each kind
ICON_COLOURS = {
    "sail": (235, 235, 245), "cannon": (50, 50, 55), "coin": (236, 190, 40),
    "any": (180, 180, 190), "star": (245, 200, 40), "skull": (235, 230, 220),
    "deck": CARD_BACK, "discard": (190, 170, 140), "hand": CARD_BACK, "chest": (150, 95, 40),
    "skiff": (140, 90, 50), "flag": (200, 60, 60), "damage": (190, 40, 40),
}


def seat_colour(seat: int):
    """The colour of seat (or crew) ``seat``; negative -> neutral grey."""
    return SEAT_COLOURS[seat % (len(SEAT_COLOURS) - 1)] if seat >= 0 else SEAT_COLOURS[-1]


def _mix(a, b, t: float):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def dim(colour, t: float = 0.6):
    """``colour`` faded towards the paper (inactive, unavailable)."""
    return _mix(colour, PAPER, t)


def text_colour_on(bg):
    """Black or white, whichever reads on ``bg``."""
    return INK if (0.299 * bg[0] + 0.587 * bg[1] + 0.114 * bg[2]) > 140 else (250, 250, 250)


#: characters card text uses that Pillow's bundled font has no glyph for (drawn as a box)
_NO_GLYPH = str.maketrans({"\u2022": "\u00b7", "\u2013": "-", "\u2014": "-", "\u2192": "->",
                           "\u00d7": "x", "\u2264": "<=", "\u2265": ">="})


@lru_cache(maxsize=None)
def font(size: int):
    from PIL import ImageFont

    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1 has only the bitmap font
        return ImageFont.load_default()


class Canvas:
    """A fixed-size RGB picture with the drawing pieces of the module docstring."""

    def __init__(self, width: int, height: int, bg=PAPER):
        from PIL import Image, ImageDraw

        self.img = Image.new("RGB", (int(width), int(height)), bg)
        self.d = ImageDraw.Draw(self.img)
        self.width, self.height = int(width), int(height)
        #: clickable parts: ((x0, y0, x1, y1), action ids), in drawing order
        self.regions: list[tuple[tuple[int, int, int, int], tuple[int, ...]]] = []

    def region(self, box, actions) -> None:
        """Mark ``box`` as the part of the picture standing for ``actions`` (clipped to the
        picture; nothing when empty)."""
        acts = tuple(int(a) for a in actions)
        x0, y0, x1, y1 = (int(v) for v in box)
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.width, x1), min(self.height, y1)
        if acts and x1 > x0 and y1 > y0:
            self.regions.append(((x0, y0, x1, y1), acts))

    # -- text --------------------------------------------------------------------------
    def text(self, x, y, s, size: int = 13, fill=INK, max_w: int | None = None,
             anchor: str = "la") -> int:
        """Draw ``s`` (cut with '..' to ``max_w`` pixels); returns its width."""
        f = font(size)
        s = str(s).translate(_NO_GLYPH)
        if max_w is not None and self.d.textlength(s, font=f) > max_w:
            while s and self.d.textlength(s + "..", font=f) > max_w:
                s = s[:-1]
            s += ".."
        self.d.text((int(x), int(y)), s, fill=fill, font=f, anchor=anchor)
        return int(self.d.textlength(s, font=f))

    def text_lines(self, x, y, s, size: int, max_w: int, max_lines: int, fill=INK) -> int:
        """Word-wrap ``s`` into at most ``max_lines`` lines; returns the height used."""
        f = font(size)
        words, lines, cur = str(s).split(), [], ""
        for w in words:
            trial = (cur + " " + w).strip()
            if self.d.textlength(trial, font=f) <= max_w or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        if cur:
            lines.append(cur)
        step = size + 2
        for i, line in enumerate(lines[:max_lines]):
            last = i == max_lines - 1 and len(lines) > max_lines
            self.text(x, y + i * step, line + (" .." if last else ""), size, fill, max_w=max_w)
        return step * min(len(lines), max_lines)

    # -- boxes -------------------------------------------------------------------------
    def panel(self, box, title: str | None = None, fill=PANEL, edge=PANEL_EDGE,
              stripe=None) -> tuple[int, int, int, int]:
        """A rounded box with an optional title and a left stripe in ``stripe`` colour;
        returns the inner box (x0, y0, x1, y1) below the title."""
        x0, y0, x1, y1 = (int(v) for v in box)
        self.d.rounded_rectangle([x0, y0, x1, y1], radius=6, fill=fill, outline=edge)
        if stripe is not None:
            self.d.rounded_rectangle([x0, y0, x0 + 6, y1], radius=3, fill=stripe)
        top = y0 + 4
        if title:
            self.text(x0 + (12 if stripe is not None else 8), y0 + 3, title, 13, MUTED,
                      max_w=x1 - x0 - 16)
            top = y0 + 20
        return x0 + (12 if stripe is not None else 6), top, x1 - 6, y1 - 4

    def tags(self, x, y, tags) -> int:
        """Status pills (white text on ink) for each ``(label, shown)`` pair that is shown,
        left to right from ``x``; returns the x after the last one."""
        f = font(11)
        for label, shown in tags:
            if shown:
                tw = int(self.d.textlength(label, font=f)) + 10
                self.d.rounded_rectangle([x, y, x + tw, y + 16], radius=4, fill=INK)
                self.text(x + tw / 2, y + 8, label, 11, (250, 250, 250), anchor="mm")
                x += tw + 6
        return x

    def bar(self, box, value, maximum, fill, back=(225, 220, 205)) -> None:
        """A horizontal bar: ``value`` of ``maximum`` filled."""
        x0, y0, x1, y1 = (int(v) for v in box)
        self.d.rectangle([x0, y0, x1, y1], fill=back)
        frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, float(value) / float(maximum)))
        if frac > 0:
            self.d.rectangle([x0, y0, x0 + int(round((x1 - x0) * frac)), y1], fill=fill)
        self.d.rectangle([x0, y0, x1, y1], outline=PANEL_EDGE)

    def disc(self, x, y, r, fill, outline=INK, width: int = 1) -> None:
        self.d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=outline, width=width)

    # -- icons -------------------------------------------------------------------------
    def icon(self, kind: str, x, y, size: int = 16, fill=None) -> None:
        """A ``size``-pixel symbol with top-left (x, y): sail, cannon, coin, any, star,
        skull, deck, discard, hand, chest, skiff, flag, damage."""
        d, s = self.d, size
        c = fill or ICON_COLOURS.get(kind, MUTED)
        x, y = int(x), int(y)
        if kind == "sail":
            d.line([(x + s * 0.3, y + 1), (x + s * 0.3, y + s - 1)], fill=INK, width=2)
            d.polygon([(x + s * 0.35, y + 1), (x + s - 1, y + s * 0.65), (x + s * 0.35, y + s * 0.7)],
                      fill=c, outline=INK)
        elif kind == "cannon":
            self.disc(x + s / 2, y + s / 2, s / 2 - 1, c, outline=(0, 0, 0))
            self.disc(x + s * 0.35, y + s * 0.35, max(1, s / 8), (160, 160, 170), outline=None)
        elif kind in ("coin", "any"):
            self.disc(x + s / 2, y + s / 2, s / 2 - 1, c, outline=(120, 90, 20) if kind == "coin"
                      else INK)
            if kind == "any":
                self.text(x + s / 2, y + s / 2, "?", max(8, s - 5), INK, anchor="mm")
        elif kind == "star":
            cx, cy, r = x + s / 2, y + s / 2, s / 2 - 1
            pts = []
            for i in range(10):
                a = np.pi / 2 + i * np.pi / 5
                rr = r if i % 2 == 0 else r * 0.45
                pts.append((cx + rr * np.cos(a), cy - rr * np.sin(a)))
            d.polygon(pts, fill=c, outline=(120, 90, 20))
        elif kind == "skull":
            self.disc(x + s / 2, y + s * 0.42, s * 0.4, c, outline=INK)
            d.rectangle([x + s * 0.3, y + s * 0.7, x + s * 0.7, y + s - 1], fill=c, outline=INK)
            for ex in (0.35, 0.65):
                self.disc(x + s * ex, y + s * 0.42, max(1, s / 9), INK, outline=None)
        elif kind in ("deck", "hand", "discard"):
            for k in range(2, -1, -1):
                off = k * max(1, s // 8)
                box = [x + off, y + off, x + s * 0.72 + off, y + s - 2 * max(1, s // 8) + off]
                d.rounded_rectangle(box, radius=2, fill=c if kind != "discard" or k == 0 else
                                    dim(c, 0.3), outline=INK)
        elif kind == "chest":
            d.rectangle([x + 1, y + s * 0.35, x + s - 1, y + s - 2], fill=c, outline=INK)
            d.pieslice([x + 1, y + 1, x + s - 1, y + s * 0.7], 180, 360, fill=dim(c, 0.2),
                       outline=INK)
            d.rectangle([x + s * 0.42, y + s * 0.45, x + s * 0.58, y + s * 0.65],
                        fill=(240, 200, 60))
        elif kind == "skiff":
            d.polygon([(x + 1, y + s * 0.5), (x + s - 1, y + s * 0.5), (x + s * 0.8, y + s * 0.85),
                       (x + s * 0.2, y + s * 0.85)], fill=c, outline=INK)
            d.line([(x + s / 2, y + s * 0.5), (x + s / 2, y + 2)], fill=INK, width=1)
        elif kind == "flag":
            d.line([(x + 2, y + 1), (x + 2, y + s - 1)], fill=INK, width=2)
            d.polygon([(x + 3, y + 1), (x + s - 1, y + s * 0.3), (x + 3, y + s * 0.6)],
                      fill=c, outline=INK)
        elif kind == "damage":
            d.rounded_rectangle([x + 1, y + 1, x + s * 0.75, y + s - 1], radius=2, fill=c,
                                outline=INK)
            d.line([(x + 3, y + 3), (x + s * 0.7, y + s - 3)], fill=(255, 230, 230), width=2)
        else:
            raise ValueError(f"unknown icon {kind!r}")

    def counter(self, x, y, kind: str, value, size: int = 16, fill=None, text_fill=INK) -> int:
        """An icon followed by a number; returns the width used (for laying out a row)."""
        self.icon(kind, x, y, size, fill)
        w = self.text(x + size + 3, y + size / 2, value, max(10, size - 2), text_fill,
                      anchor="lm")
        return size + 3 + w + 8

    # -- cards -------------------------------------------------------------------------
    def card(self, box, name: str = "", fill=(230, 225, 210), *, face_down: bool = False,
             cost=(), points: int | None = None, badge: str | None = None,
             border=None, faded: bool = False, caption: str | None = None,
             actions=()) -> None:
        """A card tile. ``cost``: (icon kind, number) pairs drawn at the bottom; ``points``:
        a star and a number at the top right; ``badge``: short text in a dark corner tab;
        ``border``: a thick edge in a seat colour (claimed, in play); ``caption``: one more
        line (type) under the name; ``actions``: the choices the tile stands for (a region)."""
        x0, y0, x1, y1 = (int(v) for v in box)
        self.region(box, actions)
        d = self.d
        if face_down:
            d.rounded_rectangle([x0, y0, x1, y1], radius=6, fill=CARD_BACK, outline=INK)
            d.rounded_rectangle([x0 + 4, y0 + 4, x1 - 4, y1 - 4], radius=4,
                                outline=CARD_BACK_MARK, width=1)
            self.d.line([(x0 + 6, y1 - 6), (x1 - 6, y0 + 6)], fill=CARD_BACK_MARK)
            self.d.line([(x0 + 6, y0 + 6), (x1 - 6, y1 - 6)], fill=CARD_BACK_MARK)
        else:
            bg = dim(fill, 0.55) if faded else fill
            d.rounded_rectangle([x0, y0, x1, y1], radius=6, fill=bg, outline=INK)
            w = x1 - x0
            tc = text_colour_on(bg)
            top = y0 + 4
            right = x1 - 4
            if points:
                pw = 14 + 6 * len(str(points))
                self.icon("star", right - pw, top, 14)
                self.text(right - pw + 16, top + 7, points, 11, tc, anchor="lm")
                right -= pw + 2
            used = self.text_lines(x0 + 5, top, name, 12, max(8, right - x0 - 5), 3, tc)
            if caption:
                self.text(x0 + 5, top + max(used, 14) + 1, caption, 10, dim(tc, 0.35),
                          max_w=w - 10)
            cx = x0 + 5
            for kind, n in cost:
                if cx > x1 - 20:
                    break
                cx += self.counter(cx, y1 - 19, kind, n, 14, text_fill=tc) - 4
        if border is not None:
            d.rounded_rectangle([x0 - 2, y0 - 2, x1 + 2, y1 + 2], radius=7, outline=border,
                                width=3)
        if badge:
            f = font(11)
            bw = int(d.textlength(badge, font=f)) + 8
            d.rounded_rectangle([x1 - bw, y1 - 16, x1, y1], radius=4, fill=INK)
            self.text(x1 - bw / 2, y1 - 8, badge, 11, (250, 250, 250), anchor="mm")

    def card_row(self, box, cards: list[dict], card_w: int = 96, gap: int = 8,
                 empty: str = "") -> None:
        """Cards (keyword dicts for :meth:`card`) left to right in ``box``, narrowed to fit."""
        x0, y0, x1, y1 = (int(v) for v in box)
        if not cards:
            if empty:
                self.text(x0 + 4, y0 + 4, empty, 12, MUTED)
            return
        n = len(cards)
        w = min(card_w, (x1 - x0 - gap * (n - 1)) // n)
        for i, c in enumerate(cards):
            cx = x0 + i * (w + gap)
            self.card((cx, y0, cx + w, y1), **c)

    def array(self) -> np.ndarray:
        """The picture as uint8[H, W, 3]."""
        return np.asarray(self.img, dtype=np.uint8).copy()
