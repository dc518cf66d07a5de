"""7th Sea CCG rulings: every reading in code is in docs/rulings.md and every ruling there is
cited by the code that applies it (the issue's rule 13; envs/seventh_sea/docs/rulings.md header).

Code cites a ruling as ``[ruling: Name]`` (or ``ruling: Name`` inside a bracketed list of
rulebook sections); rulings.md names each entry as ``- **Name** (section): ...``.
"""

import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "envs" / "seventh_sea"
RULINGS = PKG / "docs" / "rulings.md"
ENTRY = re.compile(r"^- \*\*(.+?)\*\* \(", re.M)
CITE = re.compile(r"\bruling: ([^\];]+?)\s*[\];]")


def _flat(text: str) -> str:
    """Citations may wrap over lines (docstrings, # comments): join them."""
    return re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", text)


def cited() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in sorted(PKG.rglob("*")):
        if path.suffix not in (".py", ".toml"):
            continue
        for name in CITE.findall(_flat(path.read_text())):
            out.setdefault(name, []).append(path.name)
    return out


def entries() -> list[str]:
    return ENTRY.findall(RULINGS.read_text())


def test_every_ruling_has_one_entry():
    names = entries()
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]
    assert len(names) >= 25


def test_every_citation_names_a_ruling():
    """A reading applied in code is written down in rulings.md."""
    missing = {n: files for n, files in cited().items() if n not in set(entries())}
    assert not missing, f"cited in code but not in rulings.md: {missing}"


def test_every_ruling_is_cited_by_code():
    """A ruling in rulings.md is applied somewhere, and that place says so."""
    uncited = sorted(set(entries()) - set(cited()))
    assert not uncited, f"in rulings.md but cited by no code: {uncited}"


def test_every_ruling_names_its_rulebook_section():
    text = RULINGS.read_text()
    for line in text.splitlines():
        if line.startswith("- **"):
            assert re.match(r"^- \*\*.+?\*\* \(.+", line), line
