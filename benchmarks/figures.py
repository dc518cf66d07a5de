"""Where benchmark figures are written, and how one section of a figures page is replaced.

A benchmark run writes to a run folder, ``runs/bench/`` under the working folder, unless it
is asked to update the committed figures (``--update-figures``): then the pages under
``benchmarks/`` of the source checkout, or ``./benchmarks/`` for an installed package, so
nothing is ever written into site-packages and a quick run never overwrites figures measured
at full budget (issue 33). Pages are made of sections between ``<!-- KEY -->`` and
``<!-- /KEY -->``: a run replaces its own sections (one per game) and keeps every other
line, hand-written notes included.
"""

from __future__ import annotations

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_DIR = os.path.join("runs", "bench")


def committed(name: str) -> str:
    """``benchmarks/<name>`` of the source checkout (or of the working folder)."""
    base = ROOT if os.path.exists(os.path.join(ROOT, "pyproject.toml")) else os.getcwd()
    return os.path.join(base, "benchmarks", name)


def figures_path(name: str, update: bool = False) -> str:
    """Where a benchmark writes page ``name``: the committed page when ``update``, else the
    run folder."""
    return committed(name) if update else os.path.join(os.getcwd(), RUN_DIR, name)


def _section(key: str) -> re.Pattern:
    return re.compile(rf"<!-- {re.escape(key)} -->.*?<!-- /{re.escape(key)} -->", re.DOTALL)


def read_section(path: str, key: str) -> str | None:
    """The section ``key`` of the page at ``path`` (its markers included), None without one."""
    with open(path) as f:
        m = _section(key).search(f.read())
    return m.group(0) if m else None


def replace_section(path: str, key: str, block: str, head: str, where: str = "end") -> str:
    """Write ``block`` (which starts with ``<!-- key -->`` and ends with ``<!-- /key -->``)
    into the page at ``path``: in place of that section, or for a new page ``head`` then the
    block, or for a page without it at its end (``where="top"``: after its first
    paragraph). Returns the path."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    text = head.rstrip("\n") + "\n"
    if os.path.exists(path):
        with open(path) as f:
            text = f.read()
    pat = _section(key)
    if pat.search(text):
        text = pat.sub(lambda _: block, text)
    elif where == "top":
        first, _, rest = text.partition("\n\n")
        text = first + "\n\n" + block + ("\n\n" + rest if rest.strip() else "")
    else:
        text = text.rstrip("\n") + "\n\n" + block
    with open(path, "w") as f:
        f.write(text.rstrip("\n") + "\n")
    return path


def add_update_argument(ap) -> None:
    ap.add_argument("--update-figures", action="store_true",
                    help="update the committed pages under benchmarks/ (default: write to "
                         f"{RUN_DIR}/ in the working folder)")
