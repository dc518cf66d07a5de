"""A saved game as one self-contained HTML page: every state's picture, step forward / back / play.

``broadside replay GAME.json --html out.html [--viewer SEAT]`` replays the record through the
game's kernels (:func:`training.records.replay`) and draws each state with the game's
``render_rgb`` as seat ``viewer`` sees it (None: a spectator, every hidden card face down).
The page needs no network: pictures are embedded as base64 lossless WebP (or PNG), the
player is a few lines of JavaScript drawing on a canvas. A whole picture per decision made a
long game tens of megabytes, so a frame is stored whole only every ``KEY_EVERY`` frames (or
when most of it changed); in between only the ``TILE``-pixel tiles that changed since the
frame before are stored, packed into one small image. Stepping to frame k draws the last
whole frame at or before k and the patches after it.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path

import numpy as np

from training.records import GameRecord, new_game, replay

FORMATS = ("webp", "png")
TILE = 48          # pixels of the scaled picture; a move usually changes a few tiles
KEY_EVERY = 100    # a whole picture every so many frames bounds the work of a step back


def scaled(rgb: np.ndarray, scale: float) -> np.ndarray:
    """``rgb`` resized by ``scale`` (uint8[H, W, 3])."""
    from PIL import Image

    rgb = np.ascontiguousarray(rgb, dtype=np.uint8)
    if scale == 1.0:
        return rgb
    img = Image.fromarray(rgb)
    img = img.resize((max(1, round(img.width * scale)), max(1, round(img.height * scale))),
                     Image.BILINEAR)
    return np.asarray(img)


def encode(rgb: np.ndarray, fmt: str = "webp") -> str:
    """A data: URI of the lossless picture ``rgb``; lossless, so patches drawn over a
    picture reproduce the rendered frame exactly."""
    from PIL import Image

    if fmt not in FORMATS:
        raise ValueError(f"frame format {fmt!r}: expected one of {', '.join(FORMATS)}")
    buf = io.BytesIO()
    img = Image.fromarray(np.ascontiguousarray(rgb, dtype=np.uint8))
    if fmt == "webp":
        img.save(buf, "WEBP", lossless=True, method=2)   # 40% smaller than 0
    else:
        img.save(buf, "PNG", compress_level=6)
    return f"data:image/{fmt};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _tiles_changed(prev: np.ndarray, cur: np.ndarray) -> list[tuple[int, int]]:
    h, w = cur.shape[:2]
    diff = np.any(prev != cur, axis=2)
    out = []
    for y in range(0, h, TILE):
        for x in range(0, w, TILE):
            if diff[y:y + TILE, x:x + TILE].any():
                out.append((x, y))
    return out


def _patch(cur: np.ndarray, tiles, cols: int) -> np.ndarray:
    """The changed tiles of ``cur`` packed ``cols`` to a row (edge tiles padded)."""
    rows = -(-len(tiles) // cols)
    out = np.zeros((rows * TILE, cols * TILE, 3), np.uint8)
    h, w = cur.shape[:2]
    for i, (x, y) in enumerate(tiles):
        t = cur[y:min(h, y + TILE), x:min(w, x + TILE)]
        oy, ox = (i // cols) * TILE, (i % cols) * TILE
        out[oy:oy + t.shape[0], ox:ox + t.shape[1]] = t
    return out


class FrameEncoder:
    """Turns a sequence of pictures into whole frames and tile patches (see the page's JS)."""

    def __init__(self, scale: float = 0.75, fmt: str = "webp"):
        if fmt not in FORMATS:
            raise ValueError(f"frame format {fmt!r}: expected one of {', '.join(FORMATS)}")
        self.scale, self.fmt = scale, fmt
        self.images: list[str] = []
        self.frames: list[dict] = []
        self.prev = None

    def add(self, rgb: np.ndarray, label: str) -> None:
        cur = scaled(rgb, self.scale)
        since_key = next((i for i, f in enumerate(reversed(self.frames)) if f["key"]), None)
        tiles = None
        if self.prev is not None and self.prev.shape == cur.shape and since_key is not None \
                and since_key + 1 < KEY_EVERY:
            tiles = _tiles_changed(self.prev, cur)
            n_all = -(-cur.shape[0] // TILE) * -(-cur.shape[1] // TILE)
            if len(tiles) > n_all // 2:
                tiles = None          # most of the picture changed: store it whole
        if tiles is None:
            self.images.append(encode(cur, self.fmt))
            frame = {"key": True, "img": len(self.images) - 1}
        elif not tiles:
            frame = {"key": False, "img": -1}
        else:
            cols = min(len(tiles), 16)
            self.images.append(encode(_patch(cur, tiles, cols), self.fmt))
            frame = {"key": False, "img": len(self.images) - 1, "cols": cols,
                     "tiles": [c for t in tiles for c in t]}
        frame["label"] = label
        self.frames.append(frame)
        self.prev = cur


def _seat_name(record: GameRecord, seat: int) -> str:
    name = record.players[seat] if 0 <= seat < len(record.players) else "?"
    return f"player_{seat} ({name})"


def final_summary(record: GameRecord, spec, state) -> list[str]:
    """Lines for the end of the replay: each seat's return and what the game reports."""
    n = int(state["num_players"][0])
    infos = spec.infos(state[0]) if spec.infos is not None else [{} for _ in range(n)]
    returns = record.returns if record.returns is not None else [None] * n
    lines = []
    for p in range(n):
        extra = ", ".join(f"{k} {v}" for k, v in (infos[p] if p < len(infos) else {}).items())
        r = returns[p] if p < len(returns) else None
        lines.append(f"{_seat_name(record, p)}: return {r if r is not None else '?'}"
                     + (f"; {extra}" if extra else ""))
    if not (state["done"][0] or state["truncated"][0]):
        lines.append("(the record ends before the game does)")
    return lines


def build_frames(record: GameRecord, viewer=None, scale: float = 0.75, fmt: str = "webp"):
    """(encoder, final lines): one frame per state of ``record``; a frame's label names the
    move that led to it."""
    spec, state = new_game(record.game, record.seed, record.config)
    enc = FrameEncoder(scale, fmt)
    enc.add(spec.render_rgb(state[0], viewer), "start of the game")
    for i, _, label, seat, st in replay(record):
        enc.add(spec.render_rgb(st[0], viewer), f"{i + 1}. {_seat_name(record, seat)}: {label}")
        state = st
    return enc, final_summary(record, spec, state)


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; background: #f4efe1; margin: 12px; color: #222; }}
#bar {{ display: flex; gap: 6px; align-items: center; margin: 6px 0; flex-wrap: wrap; }}
button {{ font-size: 15px; padding: 3px 10px; }}
#pos {{ width: 320px; }}
#label {{ font-size: 15px; min-height: 1.3em; margin: 4px 0; }}
#score {{ background: #fff8d8; border: 2px solid #b08a2a; padding: 6px 10px; margin: 6px 0;
          white-space: pre-line; }}
#frame {{ max-width: 100%; border: 1px solid #999; }}
</style></head><body>
<h2>{title}</h2>
<div>{subtitle}</div>
<div id="bar">
<button id="first" title="first (Home)">|&lt;</button>
<button id="prev" title="back (left arrow)">&lt;</button>
<button id="play" title="play / pause (space)">play</button>
<button id="next" title="forward (right arrow)">&gt;</button>
<button id="last" title="last (End)">&gt;|</button>
<input id="pos" type="range" min="0" value="0">
<span id="step"></span>
</div>
<div id="label"></div>
<div id="score" hidden></div>
<canvas id="frame"></canvas>
<script>
const IMAGES = {images};
const FRAMES = {frames};
const FINAL = {final};
let k = 0, drawn = -1, timer = null;
const $ = (id) => document.getElementById(id);
const T = {tile};
const pics = IMAGES.map((src) => {{ const im = new Image(); im.src = src; return im; }});
const ctx = $("frame").getContext("2d");
$("pos").max = FRAMES.length - 1;
function paint(j) {{
  // a frame is a whole picture (key) or the tiles that changed since the frame before
  const f = FRAMES[j];
  if (f.img < 0) return;
  const im = pics[f.img];
  if (f.key) {{
    if ($("frame").width !== im.naturalWidth) {{
      $("frame").width = im.naturalWidth; $("frame").height = im.naturalHeight;
    }}
    ctx.drawImage(im, 0, 0);
    return;
  }}
  for (let i = 0; i < f.tiles.length / 2; i++) {{
    const sx = (i % f.cols) * T, sy = Math.floor(i / f.cols) * T;
    ctx.drawImage(im, sx, sy, T, T, f.tiles[2 * i], f.tiles[2 * i + 1], T, T);
  }}
}}
function show(i) {{
  k = Math.max(0, Math.min(FRAMES.length - 1, i));
  let j = k;
  if (drawn >= 0 && drawn <= k && k - drawn < 100) j = drawn + 1;
  else while (!FRAMES[j].key) j--;
  for (; j <= k; j++) paint(j);
  drawn = k;
  $("label").textContent = FRAMES[k].label;
  $("step").textContent = k + " / " + (FRAMES.length - 1);
  $("pos").value = k;
  const end = k === FRAMES.length - 1;
  $("score").hidden = !end;
  $("score").textContent = end ? "Final result\\n" + FINAL.join("\\n") : "";
  if (end) stop();
}}
function stop() {{ if (timer) {{ clearInterval(timer); timer = null; }} $("play").textContent = "play"; }}
function play() {{
  if (timer) {{ stop(); return; }}
  if (k === FRAMES.length - 1) show(0);
  $("play").textContent = "pause";
  timer = setInterval(() => show(k + 1), 400);
}}
$("first").onclick = () => show(0);
$("prev").onclick = () => show(k - 1);
$("next").onclick = () => show(k + 1);
$("last").onclick = () => show(FRAMES.length - 1);
$("play").onclick = play;
$("pos").oninput = (e) => show(parseInt(e.target.value, 10));
document.addEventListener("keydown", (e) => {{
  const keys = {{ArrowLeft: () => show(k - 1), ArrowRight: () => show(k + 1),
                Home: () => show(0), End: () => show(FRAMES.length - 1), " ": play}};
  if (keys[e.key]) {{ e.preventDefault(); keys[e.key](); }}
}});
Promise.all(pics.map((im) => im.decode())).then(() => {{
  document.body.dataset.ready = "1"; show(0);
}});
</script></body></html>
"""


def _js(value) -> str:
    # "</" inside a <script> would end it early; JSON allows the escaped form
    return json.dumps(value, separators=(",", ":")).replace("</", "<\\/")


def write_html(record: GameRecord, path, viewer=None, scale: float = 0.75,
               fmt: str = "webp") -> Path:
    """Write the replay page of ``record`` to ``path``; returns the path."""
    import envs

    spec = envs.spec(record.game)
    enc, final = build_frames(record, viewer=viewer, scale=scale, fmt=fmt)
    images, frames = enc.images, enc.frames
    who = "a spectator (every hidden card face down)" if viewer is None else \
        f"seat {viewer}: only its own hidden cards are shown"
    subtitle = (f"seed {record.seed}, config {html.escape(json.dumps(record.config))}, players "
                f"{html.escape(', '.join(map(str, record.players)))}; "
                f"{len(frames) - 1} moves; viewed as {who}")
    page = _PAGE.format(title=html.escape(f"{spec.title} replay"), subtitle=subtitle,
                        images=_js(images), frames=_js(frames), final=_js(final),
                        tile=TILE)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
    return path
