"""The documentation site builds with no warning, and its own code runs (issue 33).

``sphinx-build -W`` turns every warning into a failure: a broken internal link or toctree
entry, a page no toctree reaches, a docstring that does not parse, a game page that cannot
be generated. Every ``python`` block of the hand-written pages runs; their ``broadside``
commands must be ones the README prints (tests/training/test_readme_commands.py runs those
as printed), so the docs teach no command that is not run.
"""

from __future__ import annotations

import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GENERATED = ("games", "api", "_build")


def pages() -> list[pathlib.Path]:
    """The hand-written pages (generated ones come from the code and are checked by the build)."""
    return sorted(p for p in DOCS.rglob("*.md")
                  if p.relative_to(DOCS).parts[0] not in GENERATED)


def blocks(lang: str, text: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", text, flags=re.S)


@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors(tmp_path):
    pytest.importorskip("sphinx")
    res = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b",
                          "html", str(DOCS), str(tmp_path / "html")],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    assert res.returncode == 0, res.stderr[-4000:]
    html = tmp_path / "html"
    for game in ("havoc", "seventh_sea", "five_sails", "cursed_seas"):
        page = (html / "games" / f"{game}.html").read_text()
        assert "Rules table" in page and "Rulings" in page and "Card pool" in page
        assert (html / "_images" / f"{game}.png").exists()


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(DOCS)))
def test_every_python_block_of_a_page_runs(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for code in blocks("python", page.read_text()):
        exec(compile(code, str(page), "exec"), {"__name__": "__docs__"})


def test_the_docs_print_only_commands_the_readme_runs():
    readme = {tuple(shlex.split(line.strip(), comments=True))
              for b in blocks("bash", (ROOT / "README.md").read_text())
              for line in b.splitlines() if line.strip().startswith("broadside ")}
    for page in pages():
        for b in blocks("bash", page.read_text()):
            for line in b.splitlines():
                if line.strip().startswith("broadside "):
                    cmd = tuple(shlex.split(line.strip(), comments=True))
                    assert cmd in readme, f"{page.name}: `{line.strip()}` is not run by the tests"


def test_the_versioned_module_names_shown_are_the_current_ones():
    """[issue 33.10] the README and the environments guide name every game's versioned
    module as it is now (``envs.<game>_v<version>``) and no older version of it: a game bumped
    for a layout change must not leave a stale name behind."""
    import envs

    for path in (ROOT / "README.md", DOCS / "guides" / "environments.md"):
        text = path.read_text()
        for g in (p.parent.name for p in (ROOT / "envs").glob("*/env.py")):
            current = f"envs.{g}_v{envs.spec(g).version}"
            shown = set(re.findall(rf"envs\.{g}_v\d+", text))
            assert shown == {current}, (path.name, g, shown, current)
