"""Evaluation bookkeeping: Wilson intervals, tallies, head-to-head tables, ratings."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from training.evaluate import GameResult, lineups, pair_table, rotations, seatings_vs, tally, wilson
from training.ratings import Ratings


def test_wilson_known_values():
    lo, hi = wilson(20, 20)
    assert lo == pytest.approx(0.83887, abs=1e-4) and hi == 1.0
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.16113, abs=1e-4)
    lo, hi = wilson(5, 10)
    assert (lo, hi) == pytest.approx((0.23659, 0.76341), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 5000), st.data())
def test_wilson_interval_contains_the_estimate_and_is_symmetric(n, data):
    k = data.draw(st.integers(0, n))
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    lo2, hi2 = wilson(n - k, n)
    assert lo == pytest.approx(1 - hi2, abs=1e-12) and hi == pytest.approx(1 - lo2, abs=1e-12)


def _r(seats, final, i=0):
    return GameResult(tuple(seats), tuple(final), 10, i, tuple(final))


def test_outcome_reads_the_final_step_reward():
    g = GameResult((0, 1), (1.3, -0.7), 5, 0, (1.0, -1.0))   # shaped returns, terminal +-1
    assert (g.outcome(0), g.outcome(1)) == (1, -1)
    assert _r((0, 1), (0.0, 0.0)).outcome(0) == 0


def test_tally_and_pair_table_count_each_seat():
    res = [_r((0, 1), (1, -1), 0), _r((1, 0), (1, -1), 1), _r((0, 1), (0, 0), 2),
           _r((0, 2), (-1, 1), 3)]
    a = tally(res, 0)
    assert (a.games, a.wins, a.draws, a.losses) == (4, 1, 1, 2)
    assert a.win_rate == 0.25
    t = pair_table(res, ["a", "b", "c"])
    assert t.games[0, 1] == 3 and t.wins[0, 1] == 1 and t.draws[0, 1] == 1
    assert t.wins[1, 0] == 1 and t.wins[2, 0] == 1 and t.games[1, 2] == 0
    assert math.isnan(t.rate(1, 2))


def test_seatings_rotate_the_agent_over_every_seat():
    assert seatings_vs(3, 4) == [(0, 1, 1), (1, 0, 1), (1, 1, 0), (0, 1, 1)]
    assert rotations((4, 5, 6)) == [(4, 5, 6), (5, 6, 4), (6, 4, 5)]
    assert lineups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert lineups(2, 3) == [(0, 0, 1), (0, 1, 1)]


def test_ratings_rank_the_stronger_agent_first_and_round_trip(tmp_path):
    r = Ratings()
    for i in range(30):
        r.update(["strong", "weak"] if i % 2 else ["weak", "strong"],
                 [1, -1] if i % 2 else [-1, 1])
    board = r.leaderboard()
    assert [row["name"] for row in board] == ["strong", "weak"]
    assert board[0]["games"] == 30
    top = board[0]
    assert top["low"] == pytest.approx(top["mu"] - 1.96 * top["sigma"])
    assert top["ordinal"] == pytest.approx(top["mu"] - 3 * top["sigma"])
    r.update(["strong", "strong"], [1, -1])   # an agent alone against itself: nothing learnt
    assert r.games["strong"] == 30
    r.save(tmp_path / "r.json")
    back = Ratings.load(tmp_path / "r.json")
    assert back.leaderboard() == r.leaderboard()
    assert Ratings.load(tmp_path / "missing.json").leaderboard() == []


def test_an_agent_in_several_seats_gets_one_update_per_seat():
    """Seats [a, a, b], a winning both: a's change is the sum of the changes two distinct
    players a1, a2 (same prior) would get, and b's is the change of a player beaten by both."""
    r = Ratings()
    r.update(["a", "a", "b"], [1, 1, -1])
    split = Ratings()
    split.update(["a1", "a2", "b"], [1, 1, -1])
    prior = split.model.rating()
    d1 = split.table["a1"].mu - prior.mu
    assert d1 > 0 and split.table["a2"].mu - prior.mu == pytest.approx(d1)
    assert r.table["a"].mu - prior.mu == pytest.approx(2 * d1)
    ratio = split.table["a1"].sigma / prior.sigma
    assert r.table["a"].sigma == pytest.approx(prior.sigma * ratio * ratio)
    assert r.table["b"].mu == pytest.approx(split.table["b"].mu)
    assert r.games == {"a": 1, "b": 1}


def test_a_split_result_moves_the_agent_by_both_seats():
    """Seats [a, a, b]: one a seat wins, the other ties with b for last. a's change is the
    winner's plus the loser's change of distinct players; b still counts as beaten once."""
    r = Ratings()
    r.update(["a", "a", "b"], [1, -1, -1])
    split = Ratings()
    split.update(["a1", "a2", "b"], [1, -1, -1])
    prior = r.model.rating()
    both = (split.table["a1"].mu - prior.mu) + (split.table["a2"].mu - prior.mu)
    assert r.table["a"].mu - prior.mu == pytest.approx(both)
    assert r.table["b"].mu == pytest.approx(split.table["b"].mu) and r.table["b"].mu < prior.mu
    with pytest.raises(ValueError, match="3 seats but 2 outcomes"):
        r.update(["a", "a", "b"], [1, -1])
