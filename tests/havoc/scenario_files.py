"""Load the scenario files of ``tests/scenarios/havoc`` (with overrides) for rule tests."""

import tomllib
from pathlib import Path

import numpy as np

from envs.havoc import rules, scenario
from envs.havoc import state as S

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "havoc"


def read(name: str) -> dict:
    with open(FOLDER / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def load(name: str, record: dict | None = None, **overrides) -> np.ndarray:
    """The position of ``<name>.toml`` (STATE array (1,)), keys overridden, ``record`` fields
    laid over; validated by check_states."""
    d = read(name)
    d.update(overrides)
    if record:
        d["record"] = {**d.get("record", {}), **record}
    return scenario.from_scenario(d)


def legal(arr) -> set:
    m = np.zeros(S.NUM_ACTIONS, dtype=np.uint8)
    rules.legal_mask(arr[0], m)
    return set(np.flatnonzero(m).tolist())


def act(arr, *actions) -> None:
    """Apply legal actions one after another (AssertionError naming the legal ones if not)."""
    for a in actions:
        assert a in legal(arr), (a, sorted(legal(arr)), int(arr["pending"][0]))
        rules.apply(arr[0], a)
