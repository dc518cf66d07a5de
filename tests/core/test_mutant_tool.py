"""benchmarks/mutants.py reads pytest's short summary to learn which tests fail unmutated under
the interpreter, and deselects them in every mutant run (issue 35): a parametrized test id
with spaces must be read whole, or the failing test is not deselected and a mutant's verdict
comes from a test that fails anyway."""

from pathlib import Path

import pytest

from benchmarks.mutants import _NODE, Interpretable, load_mutants

ROOT = Path(__file__).resolve().parents[2]

SUMMARY = """\
FAILED tests/g/test_a.py::test_x[{'num_players': 2}] - AssertionError: 1 - 2 != 0
ERROR tests/g/test_b.py
FAILED tests/g/test_c.py::test_y
ERROR tests/g/test_d.py::test_z[1] - ValueError: bad
"""


def test_short_summary_lines_give_the_whole_node_id():
    assert _NODE.findall(SUMMARY) == [
        ("FAILED", "tests/g/test_a.py", "test_x[{'num_players': 2}]"),
        ("ERROR", "tests/g/test_b.py", ""),
        ("FAILED", "tests/g/test_c.py", "test_y"),
        ("ERROR", "tests/g/test_d.py", "test_z[1]"),
    ]


def test_a_failing_parametrized_test_is_deselected_by_its_whole_id():
    base = Interpretable({"tests/g/test_a.py", "tests/g/test_c.py"},
                         {"tests/g/test_a.py::test_x[{'num_players': 2}]"})
    paths, extra = base.plan(["tests/g/test_a.py", "tests/g/test_b.py"])
    assert paths == ["tests/g/test_a.py"]
    assert extra == ["--deselect", "tests/g/test_a.py::test_x[{'num_players': 2}]"]


@pytest.mark.parametrize("game", sorted(p.stem for p in (ROOT / "tests" / "mutants").glob("*.toml")))
def test_every_kept_mutant_still_applies_to_its_file(game):
    """A rule's mutation is kept so that its test stays able to fail (docs/development.md):
    a refactor that renames the mutated line leaves the mutant unable to apply, and the
    harness then refuses the whole file. load_mutants checks each entry (its ``find`` once in
    its file, its tests present)."""
    assert load_mutants(game)
