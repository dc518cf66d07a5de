"""Tournaments: exact tables on a rigged match-up, outputs, and worker independence.

Rigged toy game (Blind Twenty-One with target 5, [End]: reaching exactly the target wins,
going over loses). Neither agent below plays its secret card:
- finisher: reaches 5 when 1-3 does, else adds 1 -> wins every game against both others;
- add1 beats add3 from either seat (add3 first: 3, 4, 7 over; add1 first: 1, 4, 5);
- add3 never wins.
"""

import csv
import json

import pytest
from PIL import Image

from toy_agents import add1, add3, finisher
from training import tournament as tmod
from training.evaluate import wilson

RIGGED = {"target": 5}


def test_rigged_round_robin_tables_are_exact(tmp_path):
    tr = tmod.run_tournament("toy", [finisher, add1, add3], games=10, seed=1, config=RIGGED,
                             names=["finisher", "add1", "add3"], num_envs=4)
    assert len(tr.results) == 30
    by = dict(zip(tr.names, tr.standings))
    assert (by["finisher"].games, by["finisher"].wins) == (20, 20)
    assert (by["add1"].games, by["add1"].wins, by["add1"].losses) == (20, 10, 10)
    assert (by["add3"].games, by["add3"].wins) == (20, 0)
    p = tr.pairs
    assert p.wins[0, 1] == 10 and p.wins[0, 2] == 10 and p.wins[1, 2] == 10
    assert p.wins[1, 0] == 0 and p.wins[2, 0] == 0 and p.wins[2, 1] == 0
    assert p.games[0, 1] == 10
    # every lineup played from both seats equally
    seats = [r.seats for r in tr.results]
    assert seats.count((0, 1)) == seats.count((1, 0)) == 5
    assert [r["name"] for r in tr.ratings.leaderboard()] == ["finisher", "add1", "add3"]

    paths = tmod.save(tr, tmp_path)
    rows = list(csv.DictReader(open(paths["standings"])))
    f = next(r for r in rows if r["agent"] == "finisher")
    assert f["wins"] == "20" and float(f["ci_low"]) == round(wilson(20, 20)[0], 4)
    pair = {(r["agent"], r["opponent"]): r for r in csv.DictReader(open(paths["pairwise"]))}
    assert pair[("add1", "add3")]["win_rate"] == "1.0000"
    assert pair[("add3", "finisher")]["wins"] == "0"
    data = json.loads(paths["json"].read_text())
    assert data["games"] == 30 and data["pairwise"]["win_rate"][0][2] == 1.0
    assert Image.open(paths["heatmap"]).size[0] > 100


def test_rich_tables_render():
    from rich.console import Console

    tr = tmod.run_tournament("toy", [finisher, add3], games=4, config=RIGGED,
                             names=["finisher", "add3"])
    con = Console(record=True, width=120)
    con.print(tmod.rich_table(tr))
    con.print(tmod.pair_rich_table(tr))
    text = con.export_text()
    assert "finisher" in text and "100.0%" in text


def test_agent_names_print_as_written_not_as_emoji_or_markup():
    from rich.console import Console

    names = ["mcts:100:prior=runs/[a]/x.zip", "add3"]
    tr = tmod.run_tournament("toy", [finisher, add3], games=4, config=RIGGED, names=names)
    for table in (tmod.rich_table(tr), tmod.eval_rich_table(tr), tmod.pair_rich_table(tr)):
        con = Console(record=True, width=200)
        con.print(table)
        assert names[0] in con.export_text()


def test_results_do_not_depend_on_the_number_of_workers():
    specs = ["random", "heuristic"]
    one = tmod.run_tournament("toy", specs, games=12, seed=4, workers=1)
    two = tmod.run_tournament("toy", specs, games=12, seed=4, workers=2)
    assert [(r.seats, r.final) for r in one.results] == [(r.seats, r.final) for r in two.results]


def test_plan_spreads_games_over_seat_permutations():
    jobs = tmod.plan(3, 3, games=13, seed=0, chunk=4)
    seatings = [s for j in jobs for s in j.seatings]
    assert len(seatings) == 13 and [len(j.seatings) for j in jobs] == [4, 4, 4, 1]
    counts = sorted(seatings.count(p) for p in set(seatings))
    assert counts == [2, 2, 2, 2, 2, 3]    # one lineup, its 3! seatings as even as can be
    assert set(seatings) == {(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)}
    assert [j.index for j in jobs] == [0, 1, 2, 3]
    assert len({j.seed for j in jobs}) == 4


def test_plan_with_fewer_agents_than_seats_gives_every_agent_every_seat():
    """Two agents, three seats: lineups (0, 0, 1) and (0, 1, 1), each over its 3 seatings."""
    seatings = [s for j in tmod.plan(2, 3, games=6, seed=0) for s in j.seatings]
    assert sorted(set(seatings)) == [(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1),
                                     (1, 1, 0)]
    assert all(seatings.count(s) == 2 for s in set(seatings))


def test_evaluation_plays_the_agent_against_each_opponent_in_every_seat():
    ev = tmod.run_evaluation("toy", "heuristic", ["random", "mcts:8"], games=12, seed=2,
                             config={"num_players": 3}, chunk=5)
    assert len(ev.results) == 24
    assert {r.seats for r in ev.results} == {(0, 1, 1), (1, 0, 1), (1, 1, 0), (0, 2, 2),
                                            (2, 0, 2), (2, 2, 0)}
    assert ev.pairs.games[0, 1] == 12 and ev.pairs.games[0, 2] == 12
    assert ev.pairs.games[1, 2] == 0
    assert ev.standings[0].games == 24


def test_results_stream_to_the_callback_as_games_finish():
    seen = []
    tr = tmod.run_tournament("toy", ["random", "heuristic"], games=10, seed=1, chunk=3,
                             on_game=seen.append)
    assert len(seen) == len(tr.results) == 10
    assert sorted(r.seats for r in seen) == sorted(r.seats for r in tr.results)


@pytest.mark.parametrize("num_players", [3, 4])
def test_ratings_rank_heuristic_and_mcts_above_random_with_many_seats(num_players):
    """Multi-player tournaments, where agents also hold several seats of one game (four seats,
    three agents): every game counts, and the stronger agents rate above random."""
    tr = tmod.run_tournament("toy", ["random", "heuristic", "mcts:48"], games=36, seed=5,
                             config={"num_players": num_players}, workers=2)
    board = {r["name"]: r for r in tr.ratings.leaderboard()}
    assert all(board[n]["games"] > 0 for n in board)
    assert board["heuristic"]["ordinal"] > board["random"]["ordinal"]
    assert board["mcts:48"]["ordinal"] > board["random"]["ordinal"]
    assert board["heuristic"]["mu"] > board["random"]["mu"] + 1


def test_two_agents_in_three_seats_are_rated():
    """The issue's case: a 3-player tournament of two agents used to leave mu at 25 and list
    random above heuristic."""
    tr = tmod.run_tournament("toy", ["random", "heuristic"], games=30, seed=3,
                             config={"num_players": 3})
    board = tr.ratings.leaderboard()
    assert [r["name"] for r in board] == ["heuristic", "random"]
    assert board[0]["mu"] > 25 > board[1]["mu"]
    assert board[0]["games"] == board[1]["games"] == 60


def test_jobs_are_small_for_few_games_and_never_depend_on_workers():
    """At least 8 jobs per match-up (so MCTS games spread over the cores and stream back),
    at most 8 games a job; the plan has no worker count in it."""
    assert [len(j.seatings) for j in tmod.plan(3, 3, games=12, seed=0)] == [1] * 12
    assert {len(j.seatings) for j in tmod.plan(2, 2, games=200, seed=0)} == {8}
    assert [len(j.seatings) for j in tmod.plan_vs(2, 2, games=20, seed=0)] == [2] * 20


def test_the_heatmap_keeps_long_agent_labels_and_its_title_inside_the_picture():
    """[issue 33.12] the eval heatmap's title was clipped for long agent labels: every label
    and the (wrapped) title lie inside the figure."""
    import numpy as np

    from training.evaluate import PairTable
    from training.plots import _plt, heatmap_figure

    names = ["random", "heuristic", "mcts:200:prior=runs/havoc-long-name/expert.zip",
             "ppo:runs/another-quite-long-run-folder/model.zip"]
    k = len(names)
    games = np.full((k, k), 10) - 10 * np.eye(k, dtype=int)
    pairs = PairTable(names, games, games // 2, np.zeros((k, k), dtype=int))
    fig = heatmap_figure(pairs, "havoc: row agent's win rate vs column agent, 95% Wilson "
                                "intervals in the tables, games per cell below each rate")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    texts = [fig._suptitle] + [t for ax in fig.axes for t in
                               ax.get_xticklabels() + ax.get_yticklabels()]
    for t in texts:
        b = t.get_window_extent(renderer)
        assert b.x0 >= box.x0 - 1 and b.x1 <= box.x1 + 1, t.get_text()
        assert b.y0 >= box.y0 - 1 and b.y1 <= box.y1 + 1, t.get_text()
    _plt().close(fig)
