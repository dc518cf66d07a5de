"""Rulings, for every registered game with a ``docs/rulings.md`` (common brief: "every reading
in code is in rulings.md and vice versa").

A ruling is an entry of the game's ``docs/rulings.md`` in either of two forms::

    - **Name** (Rulebook Section): the reading ...
    ## Name (Rulebook Section)          the reading in the paragraphs below

(in the heading form the section may instead be cited as ``[Section]`` in the entry's text;
a ``###`` heading is a note, not a ruling).
Code (``.py`` and ``.toml`` files of the game's package) cites a ruling as
``[ruling: Name]``, ``(ruling: Name)`` or ``ruling: Name`` inside a bracketed list of
rulebook sections (``[Moving; ruling: Measures]``); a citation may wrap over comment lines.

Checks, per game: names are unique; every citation names an entry; every entry is cited by
the code that applies it; every entry names the rulebook section it reads.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import envs

BULLET = re.compile(r"^- \*\*(.+?)\*\*(.*)$")
HEADING = re.compile(r"^## (.+?)\s*$")
#: a heading's trailing "(Section, Section)" is the section, not part of the name
HEADING_SECTION = re.compile(r"^(.+?)\s+\(([^()]+)\)$")
CITE = re.compile(r"\bruling: ([^\];()]+?)\s*[\];)]")


def _package(game: str) -> Path | None:
    """The folder of the package that holds the game's module (without importing it)."""
    module = envs.REGISTRY[game]
    found = importlib.util.find_spec(module.rsplit(".", 1)[0])
    if found is None or not found.submodule_search_locations:
        return None
    return Path(list(found.submodule_search_locations)[0])


def _games_with_rulings() -> list:
    out = []
    for game in envs.names():
        pkg = _package(game)
        if pkg is not None and (pkg / "docs" / "rulings.md").is_file():
            out.append(pytest.param(game, id=game))
    return out


GAMES = _games_with_rulings()


def entries(game: str) -> list[tuple[str, str, str]]:
    """(name, section or '', text) of each ruling in the game's rulings.md, in order. A file
    with bullet entries uses its headings as groups; a file without uses its ``##`` headings
    as the entries."""
    text = (_package(game) / "docs" / "rulings.md").read_text()
    bullets = any(BULLET.match(line) for line in text.splitlines())
    out: list[list[str]] = []
    for line in text.splitlines():
        m = BULLET.match(line) if bullets else None
        if m:
            sec = re.match(r"^\s*\(([^)]+)", m.group(2))      # may wrap to the next line
            out.append([m.group(1).strip(), sec.group(1) if sec else "", m.group(2)])
            continue
        m = None if bullets else HEADING.match(line)
        if m:
            hm = HEADING_SECTION.match(m.group(1))
            name, sec = (hm.group(1), hm.group(2)) if hm else (m.group(1), "")
            out.append([name.strip(), sec, ""])
        elif line.startswith("#") or (bullets and not line.startswith(" ")):
            out.append(["", "", ""])         # a heading or a paragraph closes the entry
        elif out:
            out[-1][2] += "\n" + line
    return [(n, s, t) for n, s, t in out if n]


def _flat(text: str) -> str:
    """Citations may wrap over lines (docstrings, # comments): join them. A ``#`` comment
    not continued on the next line ends there (``# no room (ruling: X`` then code)."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        nxt = lines[i + 1].lstrip() if i + 1 < len(lines) else ""
        if "#" in line and not nxt.startswith("#"):
            lines[i] = line + " ]"
    return re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", "\n".join(lines))


def _sources(game: str) -> list[Path]:
    """The game package's code and data files (its docs excluded)."""
    pkg = _package(game)
    return [p for p in sorted(pkg.rglob("*")) if p.suffix in (".py", ".toml") and p.is_file()
            and "docs" not in p.relative_to(pkg).parts]


def cited(game: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in _sources(game):
        for name in CITE.findall(_flat(path.read_text())):
            out.setdefault(name.strip(), []).append(path.name)
    return out


def test_the_four_games_have_rulings():
    names = {p.values[0] for p in GAMES}
    assert {"havoc", "seventh_sea", "five_sails", "cursed_seas"} <= names


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_has_one_entry(game):
    names = [n for n, _, _ in entries(game)]
    assert names, f"{game}: docs/rulings.md has no entry"
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]


@pytest.mark.parametrize("game", GAMES)
def test_every_citation_names_a_ruling(game):
    """A reading applied in code is written down in rulings.md."""
    known = {n for n, _, _ in entries(game)}
    missing = {n: files for n, files in cited(game).items() if n not in known}
    assert not missing, f"{game}: cited in code but not in rulings.md: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_is_cited_by_code(game):
    """A ruling in rulings.md is applied somewhere, and that place says so."""
    uncited = sorted({n for n, _, _ in entries(game)} - set(cited(game)))
    assert not uncited, f"{game}: in rulings.md but cited by no code: {uncited}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_names_its_rulebook_section(game):
    for name, section, text in entries(game):
        assert section.strip() or re.search(r"\[[^\]]+\]", text), (
            f"{game}: ruling {name!r} names no rulebook section: '(Section)' after the name "
            f"or '[Section]' in its text")


def test_the_parser_reads_both_entry_forms(tmp_path, monkeypatch):
    """The checks above can fail: a bullet and a heading entry, a citation of each, and one
    uncited and one unsectioned entry are told apart."""
    pkg = tmp_path / "fake"
    (pkg / "docs").mkdir(parents=True)
    (pkg / "docs" / "rulings.md").write_text(
        "# Fake\n## Beta (Moving)\ntext\n## Gamma\nno section\n## Delta\n[Shooting] says so\n")
    (pkg / "rules.py").write_text("x = 1  # [ruling: Alpha]\n# a wrapped (ruling:\n# Beta)\n"
                                  "y = 2  # [Shooting; ruling: Delta\nz = y[0]\n"
                                  "# [ruling: Omega]\n")
    import sys

    mod = sys.modules[__name__]
    monkeypatch.setattr(mod, "_package", lambda game: pkg)
    got = entries("fake")
    assert [(n, s) for n, s, _ in got] == [("Beta", "Moving"), ("Gamma", ""), ("Delta", "")]
    assert set(cited("fake")) == {"Alpha", "Beta", "Delta", "Omega"}
    with pytest.raises(AssertionError, match="Omega"):
        test_every_citation_names_a_ruling("fake")
    with pytest.raises(AssertionError, match="Gamma"):
        test_every_ruling_is_cited_by_code("fake")
    with pytest.raises(AssertionError, match="Gamma"):
        test_every_ruling_names_its_rulebook_section("fake")
