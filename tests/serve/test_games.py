"""A complete game of every registered game through the HTTP API, against the heuristic:
the result the API reports is the saved record's, replayed (issue 34)."""

from __future__ import annotations

import numpy as np
import pytest

import envs
from training.records import GameRecord, final_state

from tests.serve.helpers import new_table, opponent, play_to_end


@pytest.mark.parametrize("game", envs.names())
def test_complete_game_against_the_heuristic_replays_from_its_record(app, client, game):
    tid, bases = new_table(client, game, [opponent(game), "human"])
    end = play_to_end(client, bases)
    assert end["over"] and not end["thinking"] and end["error"] is None
    table = app.state.store.tables[tid]
    rec = GameRecord.load(table.record_path())          # saved at once when the game ended
    assert rec.players == [opponent(game), "human"] and len(rec.actions) == len(end["log"])
    replayed = final_state(rec)
    assert replayed.tobytes() == table.state.tobytes()
    assert envs.spec(game).check_state(replayed[0]) == []
    wm = int(replayed["winner_mask"][0])
    assert end["result"]["winners"] == [p for p in range(2) if (wm >> p) & 1]
    assert end["result"]["returns"] == rec.returns
    assert np.isclose(sum(rec.returns), 0.0) or end["result"]["truncated"]
    # the moves of both seats are in the log in order, each by the seat that was to play
    assert [e["n"] for e in end["log"]] == list(range(1, len(rec.actions) + 1))
