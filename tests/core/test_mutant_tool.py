"""benchmarks/mutants.py reads pytest's short summary to learn which tests fail unmutated under
the interpreter, and deselects them in every mutant run (issue 35): a parametrized test id
with spaces must be read whole, or the failing test is not deselected and a mutant's verdict
comes from a test that fails anyway."""

from pathlib import Path

import pytest

from benchmarks import mutants
from benchmarks.mutants import _NODE, Interpretable, Mutant, file_verdict, load_mutants

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


def test_a_file_runs_interpreted_only_when_pytest_ran_its_tests():
    assert file_verdict(0, "", 60) == (None, set())
    assert file_verdict(1, "FAILED tests/g/test_a.py::test_x - boom\n", 60) == (
        None, {"tests/g/test_a.py::test_x"})
    assert file_verdict(-1, "", 60)[0] == "timeout: no result within 60s"
    why, failing = file_verdict(2, "ERROR tests/g/test_b.py\nInterrupted: 1 error during "
                                   "collection\n", 60)
    assert why == "collection error, pytest exit 2: Interrupted: 1 error during collection"
    assert not failing
    assert file_verdict(3, "INTERNALERROR> boom\n", 60)[0] == "pytest exit 3: INTERNALERROR> boom"
    assert file_verdict(-11, "", 60)[0] == "pytest exit -11"


def test_one_file_that_times_out_or_crashes_leaves_the_others_interpretable(tmp_path, monkeypatch):
    """The interpreter baseline once ran every file in one pytest: one timeout or crash threw
    the whole baseline away (0 files, every mutant undecided). Each file runs alone now."""
    names = ["test_ok", "test_slow", "test_crash", "test_nocollect"]
    for name in names:
        (tmp_path / "tests" / "g").mkdir(parents=True, exist_ok=True)
        (tmp_path / "tests" / "g" / f"{name}.py").write_text("")
    results = {
        "tests/g/test_ok.py": (1, "FAILED tests/g/test_ok.py::test_x - AssertionError\n"),
        "tests/g/test_slow.py": (-1, ""),
        "tests/g/test_crash.py": (3, "INTERNALERROR> InterpreterTimeout\n"),
        "tests/g/test_nocollect.py": (2, "ERROR tests/g/test_nocollect.py\n"),
    }
    calls = []

    def fake_pytest(dest, paths, extra, timeout, interpret=False, stop=True):
        calls.append(paths)
        return results[paths[0]]

    monkeypatch.setattr(mutants, "_pytest", fake_pytest)
    listed = [f"tests/g/{name}.py" for name in names]
    base = mutants.interpreter_baseline(
        "g", [Mutant(1, "r", "f", "a", "b", listed)], listed, 60, source=str(tmp_path))
    assert calls == [[p] for p in sorted(listed)]
    assert base.files == {"tests/g/test_ok.py"}
    assert base.failing == {"tests/g/test_ok.py::test_x"}
    assert set(base.dropped) == {"tests/g/test_slow.py", "tests/g/test_crash.py",
                                 "tests/g/test_nocollect.py"}
    assert base.dropped["tests/g/test_slow.py"].startswith("timeout")
    assert base.dropped["tests/g/test_crash.py"].startswith("pytest exit 3")
    assert "collection error" in base.dropped["tests/g/test_nocollect.py"]


@pytest.mark.parametrize("game", sorted(p.stem for p in (ROOT / "tests" / "mutants").glob("*.toml")))
def test_every_kept_mutant_still_applies_to_its_file(game):
    """A rule's mutation is kept so that its test stays able to fail (docs/development.md):
    a refactor that renames the mutated line leaves the mutant unable to apply, and the
    harness then refuses the whole file. load_mutants checks each entry (its ``find`` once in
    its file, its tests present)."""
    assert load_mutants(game)
