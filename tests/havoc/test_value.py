"""Seas of Havoc value kernel (envs/havoc/value.py): what a stopped search playout is worth
to each seat. Derived from [Final Scoring] (the higher final score wins; the value is the
final-score margin as it stands, zero-sum between 2-player rivals). What every game's value
kernel shares (a return in the reward's units, blind to what the seat cannot see) is checked
in tests/agents/test_search_value.py."""

import numpy as np
import pytest

import envs
from tests.havoc.helpers import positions


def _value(rec):
    out = np.zeros(rec.dtype["reward"].shape[0])
    envs.spec("havoc").value(rec[0], out)
    return out


def test_havoc_value_follows_the_final_score_standing():
    """[Final Scoring] the higher final score wins: more Infamy scored is worth more to the
    seat that has it, and exactly as much less to its 2-player rival (zero-sum)."""
    rec = positions({"num_players": 2}, n_envs=1, rounds=(0,))[0]
    rec["infamy"][0, :2] = (12, 4)
    v = _value(rec)
    assert v[0] > 0 > v[1] and v[0] == pytest.approx(-v[1])
    rec["infamy"][0, :2] = (20, 4)
    assert _value(rec)[0] > v[0]
    rec["infamy"][0, :2] = (4, 4)
    assert _value(rec)[0] == pytest.approx(0.0)
