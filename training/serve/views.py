"""What one seat of a table is sent: the state as JSON and its picture as PNG.

A seat sees the game as the game's own seat views show it: the picture is
``render_rgb(record, viewer=seat)`` (hidden cards face down), the legal actions and their
labels only on its own turn (the same mask and labels the AEC env gives the seat to play)
with the parts of its picture that stand for them (``clickable_regions``),
the public per-seat ``infos``, and the move log with each other seat's label only where
:mod:`training.serve.visibility` finds the seat may read it.
"""

from __future__ import annotations

import io

import numpy as np

from training.serve.visibility import HIDDEN


def group_name(label: str) -> str:
    """The decision an action label belongs to: the text before its first ':' (e.g.
    "starting crew: Powder Priest"), else its first word ("heading N" -> "heading")."""
    head, sep, _ = label.partition(":")
    if sep and head.strip():
        return head.strip()
    return label.split(" ", 1)[0] if label.strip() else "actions"


def legal_groups(spec, rec, mask) -> list[dict]:
    """The legal actions as ``[{"name", "actions": [{"id", "label"}]}]``, grouped by
    decision in the order of their first action."""
    groups: dict[str, list] = {}
    for a in np.flatnonzero(mask):
        label = spec.action_label(rec, int(a))
        groups.setdefault(group_name(label), []).append({"id": int(a), "label": label})
    return [{"name": k, "actions": v} for k, v in groups.items()]


def clickable_regions(spec, rec, seat: int, mask) -> list[dict]:
    """The parts of the seat's picture that stand for its legal actions now, as
    ``[{"box": [x0, y0, x1, y1], "actions": [ids]}]`` in drawing order (the later on top):
    the game's ``render_regions`` (drawn from what the seat sees) kept to ``mask``."""
    if spec.render_regions is None:
        return []
    out = []
    for box, actions in spec.render_regions(rec, seat):
        legal = [int(a) for a in actions if 0 <= a < mask.shape[0] and mask[a]]
        if legal:
            out.append({"box": [int(v) for v in box], "actions": legal})
    return out


def regions_of(table, seat: int) -> list[dict]:
    """``clickable_regions`` of the table's record for ``seat``, drawn once per record (a
    page polls its state; drawing the picture each time would cost a render per poll). The
    cache is keyed by the record's bytes, not the version, so a copy of the table holding
    another record never reads this one's regions."""
    key = table.state.tobytes()
    cache = table.regions_cache
    hit = cache.get(seat)
    if hit is None or hit[0] != key:
        hit = (key, clickable_regions(table.spec, table.state[0], seat, table.mask()))
        cache[seat] = hit
    return hit[1]


def _jsonable(x):
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, np.generic):
        return x.item()
    return x


def result_for(table, seat: int) -> dict | None:
    if not table.over:
        return None
    n = table.num_players
    wm = int(table.state["winner_mask"][0])
    winners = [p for p in range(n) if (wm >> p) & 1]
    if table.abandoned:
        verdict = "left"
    else:
        verdict = "won" if seat in winners else ("drew" if not winners else "lost")
    return {"winners": winners, "you": verdict, "abandoned": table.abandoned,
            "truncated": bool(table.state["truncated"][0]),
            "returns": [float(r) for r in table.returns[:n]]}


def state_for(table, seat: int, base: str = "") -> dict:
    """The JSON state seat ``seat`` of ``table`` is sent."""
    with table.lock:
        spec, rec = table.spec, table.state[0]
        n = table.num_players
        to_play = table.to_play()
        mine = not table.over and to_play == seat
        decision = None
        if not table.over:
            decision = _jsonable(spec.infos(rec)[to_play]).get("phase")
        url = f"{base}/api/tables/{table.id}/seats/{table.tokens[seat]}"
        return {
            "table": table.id, "game": table.game, "title": spec.title, "seat": seat,
            "num_players": n, "players": list(table.players), "version": table.version,
            "to_play": None if table.over else to_play, "your_turn": mine,
            "thinking": table.thinking, "over": table.over, "error": table.error,
            "decision": decision,
            "groups": legal_groups(spec, rec, table.mask()) if mine else [],
            "regions": regions_of(table, seat) if mine else [],
            "log": [{"n": e["n"], "seat": e["seat"],
                     "label": e["label"] if seat in e["seen"] else HIDDEN}
                    for e in table.log],
            "infos": _jsonable(spec.infos(rec)[:n]),
            "result": result_for(table, seat),
            "picture": f"{url}/picture.png?v={table.version}",
            "replay": f"{url}/replay.html" if table.over else None,
            "link": f"/?table={table.id}&seat={table.tokens[seat]}",
        }


def picture_png(table, seat: int) -> bytes:
    """The table as ``seat`` sees it, PNG (lossless: it is ``render_rgb(rec, viewer=seat)``);
    kept per seat until the next move."""
    from PIL import Image

    with table.lock:
        cached = table.pictures.get(seat)
        if cached is not None and cached[0] == table.version:
            return cached[1]
        version, state = table.version, table.state.copy()
    rgb = np.ascontiguousarray(table.spec.render_rgb(state[0], seat), dtype=np.uint8)
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "PNG", compress_level=1)
    data = buf.getvalue()
    with table.lock:
        table.pictures[seat] = (version, data)
    return data
