"""Tournaments: exact tables on a rigged match-up, outputs, and worker independence.

Rigged toy game (Blind Twenty-One with target 5, [End]: reaching exactly the target wins,
going over loses). Neither agent below plays its secret card:
- finisher: reaches 5 when 1-3 does, else adds 1 -> wins every game against both others;
- add1 beats add3 from either seat (add3 first: 3, 4, 7 over; add1 first: 1, 4, 5);
- add3 never wins.
"""

import csv
import json

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


def test_results_do_not_depend_on_the_number_of_workers():
    specs = ["random", "heuristic"]
    one = tmod.run_tournament("toy", specs, games=12, seed=4, workers=1)
    two = tmod.run_tournament("toy", specs, games=12, seed=4, workers=2)
    assert [(r.seats, r.final) for r in one.results] == [(r.seats, r.final) for r in two.results]


def test_plan_spreads_games_over_seat_permutations():
    tasks = tmod.plan(3, 3, games=13, seed=0)
    assert len(tasks) == 6    # one lineup, 3! seatings
    assert sorted(len(t.seatings) for t in tasks) == [2, 2, 2, 2, 2, 3]
    assert {t.seatings[0] for t in tasks} == {(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0),
                                             (2, 0, 1), (2, 1, 0)}
