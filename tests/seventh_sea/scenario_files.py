"""Load the positions of ``tests/scenarios/seventh_sea`` (envs/seventh_sea/scenario.py format)
and act on them through the kernels, checking legality and validity at every step."""

import tomllib
from pathlib import Path

import numpy as np

from envs.seventh_sea import rules, scenario
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import INDEX
from envs.seventh_sea.env import GAME

FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "seventh_sea"


def read(name: str) -> dict:
    with open(FOLDER / f"{name}.toml", "rb") as f:
        return tomllib.load(f)


def load(name: str, **overrides) -> np.ndarray:
    d = read(name)
    d.update(overrides)
    return scenario.build(d)


def legal(arr) -> set:
    m = np.zeros(S.NUM_ACTIONS, dtype=np.uint8)
    rules.legal_mask(arr[0], m)
    return set(np.flatnonzero(m).tolist())


def act(arr, *actions) -> None:
    """Apply legal actions one after another; the record stays valid after each."""
    for a in actions:
        assert a in legal(arr), (a, sorted(legal(arr)), int(arr["pk"][0]))
        rules.apply(arr[0], a)
        assert GAME.check_state(arr) == [], GAME.check_state(arr)


def card(name: str) -> int:
    return INDEX[name]


def target(arr, p, q) -> int:
    """The action naming seat q's ship for seat p."""
    n = int(arr["num_players"][0])
    return S.A_TARGET + (q - p - 1) % n


def slot(arr, p, name) -> int:
    return int(np.flatnonzero(arr["crew"][0][p] == card(name))[0])


def pile(arr, field, p) -> list:
    n = int(arr[field + "_n"][0][p])
    return [int(x) for x in arr[field][0][p][:n]]


def no_reacts(arr) -> None:
    """Answer "no React" in every React window now open (a cannon attack's, or before a
    losing boarding fighter absorbs) [ruling: React windows]."""
    while arr["pk"][0] == S.PK_REACT or (arr["pk"][0] == S.PK_ABSORB and arr["fighter_abs"][0] >= 0):
        act(arr, S.A_STOP)
