"""The research notebooks (notebooks/*.ipynb) run top to bottom, and are committed clean.

Each numbered notebook is executed in a fresh kernel (nbclient) with ``BROADSIDE_SCALE``
set small, so every budget in it (timesteps, games, simulations, steps, timings) shrinks and
the notebook takes seconds to a minute. Notebooks pick games up from ``envs.REGISTRY``, so
a new game is exercised here without a new test. A notebook committed with outputs fails
the stripping test: clear them (``jupyter nbconvert --clear-output --inplace``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NUMBERED = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SCALE = "0.01"


def test_the_five_research_notebooks_exist():
    assert [p.name[:2] for p in NUMBERED] == ["01", "02", "03", "04", "05"]


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_committed_notebook_carries_no_outputs(path):
    nb = json.loads(path.read_text())
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            assert not cell.get("outputs") and cell.get("execution_count") is None, \
                f"{path.name} cell {i} has outputs: clear them before committing"


@pytest.mark.parametrize("path", NUMBERED, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # the kernel inherits the environment: small budgets, one thread per kernel (tests run
    # two at a time on two cores); matplotlib keeps the kernel's inline backend
    monkeypatch.setenv("BROADSIDE_SCALE", SCALE)
    monkeypatch.delenv("MPLBACKEND", raising=False)
    monkeypatch.setenv("NUMBA_NUM_THREADS", "1")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    root = str(NOTEBOOKS.parent)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    images = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if "image/png" in o.get("data", {})]
    assert images, f"{path.name} drew no picture"
