"""Cursed Seas rulings: every reading the code cites is written down in docs/rulings.md.

Code cites a ruling as ``ruling: Name`` (in parentheses or brackets, possibly after a
section); rulings.md names each entry as a ``## Name (section)`` heading.
"""

import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "envs" / "cursed_seas"
RULINGS = PKG / "docs" / "rulings.md"
ENTRY = re.compile(r"^## (.+?)(?: \(.*\))?\s*$", re.M)
CITE = re.compile(r"\bruling: ([A-Z][A-Za-z' -]+?)\s*[)\];,.]")


def _flat(text: str) -> str:
    return re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", text)


def cited() -> dict:
    out = {}
    for path in sorted(PKG.rglob("*")):
        if path.suffix not in (".py", ".toml"):
            continue
        for name in CITE.findall(_flat(path.read_text())):
            out.setdefault(name, []).append(path.name)
    return out


def entries() -> list:
    return ENTRY.findall(RULINGS.read_text())


def test_every_ruling_has_one_entry():
    names = entries()
    assert len(names) == len(set(names)), [n for n in names if names.count(n) > 1]


def test_every_citation_names_a_ruling():
    """A reading applied in code is written down in rulings.md."""
    missing = {n: f for n, f in cited().items() if n not in set(entries())}
    assert not missing, f"cited in code but not in rulings.md: {missing}"


def test_the_part_b_rulings_are_cited_by_code():
    """Equipment, Keywords, Docking transfers, Scuttling are applied, and the code says so."""
    assert {"Equipment", "Keywords", "Docking transfers", "Scuttling"} <= set(cited())
