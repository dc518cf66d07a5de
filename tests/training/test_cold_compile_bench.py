"""benchmarks/cold_compile.py: a game's cold compile measured for two checkouts at once."""

import os

from benchmarks import cold_compile

_REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_two_checkouts_compile_side_by_side_into_empty_caches(capsys):
    cold_compile.main(["tests.core.toy_game.env", "--against", _REPO])
    header, row = capsys.readouterr().out.splitlines()
    assert header == f"game | {_REPO} | {_REPO}"
    name, *seconds = row.split(" | ")
    assert name == "tests.core.toy_game.env" and len(seconds) == 2
    # an empty cache each: both compile the whole toy game, neither loads the other's work
    assert all(float(s) > 1.5 for s in seconds), seconds  # cold 2.9 s, cached 0.9 s
