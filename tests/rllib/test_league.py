"""The league's per-episode lineups (training/rllib/league.py), no Ray cluster needed."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

from training.rllib.league import (  # noqa: E402
    MAIN, active_snapshots, draw_lineup, module_for_agent,
)


def test_main_holds_one_uniform_seat_and_the_others_follow_the_weights():
    rng = np.random.default_rng(0)
    weights = {"self": 0.0, "snapshot": 0.5, "heuristic": 0.25, "random": 0.25}
    seats = np.zeros(3)
    kinds: dict[str, int] = {}
    for _ in range(4000):
        lineup = draw_lineup(rng, 3, weights, ["snap_1", "snap_2"], has_heuristic=True)
        assert MAIN in lineup and lineup.count(MAIN) == 1   # self has weight 0
        seats[lineup.index(MAIN)] += 1
        for m in lineup:
            if m != MAIN:
                kinds[m] = kinds.get(m, 0) + 1
    assert np.all(np.abs(seats / 4000 - 1 / 3) < 0.03)
    total = sum(kinds.values())
    assert abs(kinds["heuristic"] / total - 0.25) < 0.03
    assert abs(kinds["random"] / total - 0.25) < 0.03
    assert abs(kinds["snap_1"] / total - 0.25) < 0.03   # snapshot weight shared equally


def test_kinds_without_members_drop_out():
    rng = np.random.default_rng(1)
    weights = {"self": 0.0, "snapshot": 0.9, "heuristic": 0.9, "random": 0.1}
    for _ in range(200):
        lineup = draw_lineup(rng, 2, weights, [], has_heuristic=False)
        assert sorted(lineup) == [MAIN, "random"]
    with pytest.raises(ValueError, match="no opponent kind"):
        draw_lineup(rng, 2, {"self": 0.0, "snapshot": 1.0, "heuristic": 0.0, "random": 0.0},
                    [], has_heuristic=False)


def test_newest_snapshots_play_and_the_mapping_follows_the_episode():
    ids = ["main", "random", "snap_0", "snap_10", "snap_2", "snap_9"]
    assert active_snapshots(ids, 2) == ["snap_9", "snap_10"]
    assert active_snapshots(ids, 0) == []

    class Episode:
        _custom_data = {"modules": {"player_0": "snap_2", "player_1": MAIN}}

    assert module_for_agent("player_0", Episode()) == "snap_2"
    assert module_for_agent("player_1", Episode()) == MAIN
