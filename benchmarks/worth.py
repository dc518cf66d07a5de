"""README.md's list of what each shipped opponent is worth, rendered from the models' metadata.

The figures live once, in each model's ``strength`` rows (agents/models/GAME.json);
``agents.pretrained.worth_list`` says them, and this writes that text into README.md's
``<!-- worth -->`` section, which the agents guide includes. Run ``python -m benchmarks.worth``
after a model or one of its rows changes; tests/agents/test_pretrained.py checks the section
is up to date (``--check`` does the same here and writes nothing).
"""

from __future__ import annotations

import argparse
import os

from agents import pretrained
from benchmarks.figures import ROOT, read_section, replace_section

README = os.path.join(ROOT, "README.md")
KEY = "worth"


def block() -> str:
    return f"<!-- {KEY} -->\n{pretrained.worth_list()}\n<!-- /{KEY} -->"


def current(path: str = README) -> str | None:
    """The ``worth`` section of the page at ``path`` as it stands, None without one."""
    return read_section(path, KEY)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.worth",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when README.md's section differs, writing nothing")
    args = ap.parse_args(argv)
    now = current()
    if now is None:
        ap.error(f"{README} has no <!-- {KEY} --> section")
    if args.check:
        stale = now != block()
        print(f"{README}: {'out of date' if stale else 'up to date'}")
        return int(stale)
    replace_section(README, KEY, block(), head="")
    print(f"wrote {README}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
