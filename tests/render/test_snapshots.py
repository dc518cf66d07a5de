"""Snapshot tests of every registered game's picture (``render_rgb``, envs/core/draw.py).

Each stored picture ``tests/snapshots/<game>/<scenario>__<viewer>.png`` is the rendering of
the scenario file ``tests/scenarios/<game>/<scenario>.toml`` as seen by ``<viewer>`` (a seat
number or ``spectator``). A rendering may differ from the stored one by a small tolerance
(font anti-aliasing across Pillow builds), not by a moved or recoloured piece.

A game without a scenario loader (the toy game) names its pictures
``play-<seed>-<decisions>__<viewer>.png``: the position after that many random legal
decisions (numpy's default_rng(seed) picking among the legal actions) from ``reset(seed)``.

A game joins by its registry entry; one without scenario files or stored snapshots is
skipped. After a deliberate change of a picture, rewrite the stored ones with
``BROADSIDE_UPDATE_SNAPSHOTS=1 pytest tests/render`` and look at them before committing.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import numpy as np
import pytest

import envs

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
SNAPSHOTS = ROOT / "snapshots"
#: mean absolute difference per channel, and share of pixels off by more than 48 levels
MEAN_TOL = 0.1
PIXEL_TOL = 0.0003
UPDATE = os.environ.get("BROADSIDE_UPDATE_SNAPSHOTS") == "1"


def _viewer(tag: str):
    return None if tag == "spectator" else int(tag)


def _cases():
    out = []
    for game in envs.names():
        folder = SNAPSHOTS / game
        for png in sorted(folder.glob("*.png")) if folder.is_dir() else []:
            scen, _, tag = png.stem.partition("__")
            out.append(pytest.param(game, scen, tag, id=f"{game}-{png.stem}"))
        if not out or out[-1].values[0] != game:
            out.append(pytest.param(game, None, None, id=f"{game}-none"))
    return out


def _played(game: str, name: str) -> np.ndarray:
    """The position ``play-<seed>-<decisions>`` (module docstring)."""
    _, seed, steps = name.split("-")
    e = envs.make_raw(game)
    e.reset(seed=int(seed))
    rng = np.random.default_rng(int(seed))
    for _ in range(int(steps)):
        if e.record["to_play"][0] < 0:
            break
        e.step(int(rng.choice(e.legal_actions())))
    return e.record.copy()


def render(game: str, scenario: str, viewer) -> np.ndarray:
    spec = envs.spec(game)
    if scenario.startswith("play-"):
        return spec.render_rgb(_played(game, scenario)[0], viewer)
    with open(SCENARIOS / game / f"{scenario}.toml", "rb") as f:
        arr = spec.from_scenario(tomllib.load(f))
    return spec.render_rgb(arr[0], viewer)


@pytest.mark.parametrize("game,scenario,tag", _cases())
def test_picture_matches_stored_snapshot(game, scenario, tag, tmp_path):
    from PIL import Image

    if scenario is None:
        pytest.skip(f"{game}: no stored snapshots in tests/snapshots/{game}")
    spec = envs.spec(game)
    if spec.from_scenario is None and not scenario.startswith("play-"):
        pytest.skip(f"{game}: no scenario loader")
    got = render(game, scenario, _viewer(tag))
    path = SNAPSHOTS / game / f"{scenario}__{tag}.png"
    if UPDATE:
        Image.fromarray(got).save(path, optimize=True)
    want = np.asarray(Image.open(path).convert("RGB"))
    assert got.shape == want.shape, f"picture size {got.shape} != stored {want.shape}"
    diff = np.abs(got.astype(np.int16) - want.astype(np.int16))
    bad = (diff.max(axis=2) > 48).mean()
    if diff.mean() > MEAN_TOL or bad > PIXEL_TOL:
        out = tmp_path / f"{game}-{scenario}__{tag}.png"
        Image.fromarray(got).save(out)
        pytest.fail(f"{path.name}: mean difference {diff.mean():.2f}, {bad:.2%} pixels off; "
                    f"this rendering is at {out}")


def test_snapshots_name_existing_scenarios():
    for folder in SNAPSHOTS.iterdir() if SNAPSHOTS.is_dir() else []:
        for png in folder.glob("*.png"):
            scen, sep, tag = png.stem.partition("__")
            assert sep and (tag == "spectator" or tag.isdigit()), png.name
            if scen.startswith("play-"):
                assert re.fullmatch(r"play-\d+-\d+", scen), png.name
                continue
            assert (SCENARIOS / folder.name / f"{scen}.toml").exists(), png.name


def test_tolerance_catches_a_moved_piece():
    """The tolerance lets anti-aliasing through but not a changed position."""
    game = "havoc"
    a = render(game, "raking_shot", 0)
    spec = envs.spec(game)
    with open(SCENARIOS / game / "raking_shot.toml", "rb") as f:
        d = tomllib.load(f)
    d["ships"][1]["at"] = [4, 3]
    b = spec.render_rgb(spec.from_scenario(d)[0], 0)
    diff = np.abs(a.astype(np.int16) - b.astype(np.int16))
    assert diff.mean() > MEAN_TOL or (diff.max(axis=2) > 48).mean() > PIXEL_TOL
