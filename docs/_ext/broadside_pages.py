"""Sphinx extension: the documentation pages generated from the code, one source per fact.

When the build starts it writes ``docs/games/<name>.md`` for every registered game (the
folder is generated, not kept in git) from what the package itself holds:

- the game's ``env.py`` module docstring: its PettingZoo-style page (import, players, spaces,
  the observation layout table, the action ranges, rewards, variants, version history);
- a picture of a position from seat 0's side (``GameSpec.render_rgb``), rendered now;
- its rules table, ``envs/<game>/docs/rules_table.md`` (each rulebook section: implemented or
  missing, and the test that checks it);
- its rulings, ``envs/<game>/docs/rulings.md``;
- its card pool, from the game's TOML tables (``cards.toml``; Cursed Seas ``pieces.toml``).

The README links these pages; it copies none of them.
"""

from __future__ import annotations

import os
import re
import tomllib

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "games")
#: random legal moves from seed 0 before the picture is taken (a position in play)
PICTURE_MOVES = 60
#: card-pool columns shown besides the name (the first of these a table has)
POOL_COLUMNS = 7


def _demote(text: str, top: int) -> str:
    """``text`` with its Markdown headings shifted so the highest becomes level ``top``
    (fenced code left alone)."""
    lines = text.splitlines()
    fenced = False
    levels = []
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(#+) ", line)):
            levels.append(len(m.group(1)))
    if not levels:
        return text
    shift = top - min(levels)
    out, fenced = [], False
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"(#+) ", line)):
            line = "#" * (len(m.group(1)) + shift) + line[len(m.group(1)):]
        out.append(line)
    return "\n".join(out)


def _setext_to_atx(text: str) -> str:
    """Docstring headings underlined with ``---`` or ``===`` become ``##`` headings (a line
    of dashes under a table row or a paragraph would read as one too, so only a short
    title line directly above counts)."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if (re.fullmatch(r"[-=]{3,}", nxt) and line.strip() and len(line) <= 60
                and not line.startswith(("|", " ", "-", "*"))):
            out.append("## " + line.strip())
        elif re.fullmatch(r"[-=]{3,}", line) and out and out[-1].startswith("## "):
            continue
        else:
            out.append(line)
    return "\n".join(out)


def _picture(spec, name: str, folder: str = OUT) -> str:
    """Render a position of ``name`` from seat 0's side into ``folder``; the file name."""
    import numpy as np
    from PIL import Image

    import envs

    env = envs.make_raw(name)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(PICTURE_MOVES):
        legal = env.legal_actions()
        if not legal:
            break
        env.step(int(rng.choice(legal)))
    img = spec.render_rgb(env.record[0], 0)
    Image.fromarray(np.asarray(img)).save(os.path.join(folder, f"{name}.png"), optimize=True)
    return f"{name}.png"


def _cell(value) -> str:
    if isinstance(value, dict):
        value = ", ".join(f"{k} {v}" for k, v in value.items())
    elif isinstance(value, list):
        value = ", ".join(str(v) for v in value)
    return str(value).replace("|", "\\|").replace("\n", " ")


def _pool_tables(path: str) -> str:
    """Every list of named entries in a card TOML as a Markdown table."""
    with open(path, "rb") as f:
        data = tomllib.load(f)
    parts = []
    for key, items in data.items():
        if not (isinstance(items, list) and items and all(
                isinstance(x, dict) and "name" in x for x in items)):
            continue
        counts: dict[str, int] = {}
        for x in items:
            for k in x:
                if k not in ("name", "text"):
                    counts[k] = counts.get(k, 0) + 1
        cols = sorted(counts, key=lambda k: -counts[k])[:POOL_COLUMNS]
        if any("text" in x for x in items):
            cols.append("text")
        parts.append(f"### {key} ({len(items)})\n")
        parts.append("| name | " + " | ".join(cols) + " |")
        parts.append("|---" * (len(cols) + 1) + "|")
        for x in items:
            parts.append(f"| {_cell(x['name'])} | "
                         + " | ".join(_cell(x.get(c, "")) for c in cols) + " |")
        parts.append("")
    return "\n".join(parts)


def game_page(name: str) -> str:
    """The Markdown page of one registered game."""
    import importlib

    import envs

    spec = envs.spec(name)
    pkg = os.path.join(ROOT, "envs", name)
    module = importlib.import_module(envs.REGISTRY[name])
    doc = (module.__doc__ or "").strip()
    summary, _, body = doc.partition("\n")
    parts = [f"# {spec.title}\n", f"`envs.make(\"{name}\")` · `envs.{name}_v{spec.version}` · "
             f"{spec.min_players}-{spec.max_players} players · `Discrete({spec.num_actions})` · "
             f"observation `float32[{spec.obs_size}]`\n",
             f"```{{image}} {_picture(spec, name)}\n:alt: {spec.title}, a position in play "
             f"from seat 0's side\n:width: 100%\n```\n",
             _demote(_setext_to_atx(body.strip()), 2), ""]
    for title, file in (("Rules table", "rules_table.md"), ("Rulings", "rulings.md")):
        path = os.path.join(pkg, "docs", file)
        if os.path.exists(path):
            with open(path) as f:
                text = f.read()
            text = re.sub(r"\A#[^\n]*\n", "", text.lstrip())   # the file's own title
            parts += [f"## {title}\n", _demote(text, 3), ""]
    pools = [f for f in ("cards.toml", "pieces.toml") if os.path.exists(os.path.join(pkg, f))]
    if pools:
        parts.append("## Card pool\n")
        parts.append(f"Our own design, not the published cards; the data is "
                     f"`envs/{name}/{pools[0]}` (the columns most entries have are shown).\n")
        for f in pools:
            parts.append(_pool_tables(os.path.join(pkg, f)))
    return "\n".join(parts) + "\n"


def write_pages(app=None) -> list[str]:
    import envs

    os.makedirs(OUT, exist_ok=True)
    names = envs.names()
    for name in names:
        text = game_page(name)
        path = os.path.join(OUT, f"{name}.md")
        old = open(path).read() if os.path.exists(path) else None
        if text != old:          # an unchanged page keeps its timestamp: no rebuild
            with open(path, "w") as f:
                f.write(text)
    index = ["# The games\n", "```{include} ../games_overview.md\n```\n",
             "```{toctree}\n:maxdepth: 1\n"] + names + ["```\n"]
    with open(os.path.join(OUT, "index.md"), "w") as f:
        f.write("\n".join(index))
    return names


def write_pictures(folder: str) -> None:
    """The README's pictures (committed, as GitHub shows them): ``python
    docs/_ext/broadside_pages.py pictures`` after a change to a game's picture."""
    import envs

    os.makedirs(folder, exist_ok=True)
    for name in envs.names():
        _picture(envs.spec(name), name, folder)


def setup(app):
    app.connect("builder-inited", write_pages)
    return {"version": "1", "parallel_read_safe": True}


if __name__ == "__main__":
    import sys

    sys.path.insert(0, ROOT)
    if sys.argv[1:] != ["pictures"]:
        sys.exit("usage: python docs/_ext/broadside_pages.py pictures")
    write_pictures(os.path.join(HERE, "_static", "pictures"))
