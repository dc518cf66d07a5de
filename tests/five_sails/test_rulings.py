"""City of Five Sails rulings: every reading cited in code (``[ruling: Name]``) is a section
``## Name`` of envs/five_sails/docs/rulings.md, and the new rules' sections are cited."""

import re
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "envs" / "five_sails"
RULINGS = PKG / "docs" / "rulings.md"
CITE = re.compile(r"\bruling: ([^\]]+?)\s*\]")


def _flat(text):
    return re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", text)


def _cited():
    out = {}
    for path in sorted(PKG.rglob("*")):
        if path.suffix in (".py", ".toml"):
            for name in CITE.findall(_flat(path.read_text())):
                out.setdefault(name, []).append(path.name)
    return out


def _sections():
    return [h.strip() for h in re.findall(r"^## (.+)$", RULINGS.read_text(), re.M)]


def test_every_citation_names_a_ruling():
    missing = {n: f for n, f in _cited().items() if n not in set(_sections())}
    assert not missing, f"cited in code but not in rulings.md: {missing}"


def test_reaction_and_passive_rulings_are_cited_by_code():
    for name in ("Reaction windows", "When and after", "Passive Abilities",
                 "Copying a Technique", "Sink", "Replaced cost"):
        assert name in _cited(), name
