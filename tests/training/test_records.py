"""Game records: a seed plus the action list replays every state byte for byte."""

import numpy as np
import pytest

import agents
from envs.core.errors import IllegalActionError
from training.records import GameRecord, final_state, new_game, play_record, replay


@pytest.mark.parametrize("game,config", [("toy", {"num_players": 3}),
                                         ("havoc", {"num_players": 2, "auto_forced": 1,
                                                    "damage_deck": 12})])
def test_replay_reproduces_every_state_exactly(game, config, tmp_path):
    spec, state = new_game(game, 17, config)
    rng = np.random.default_rng(0)
    live, actions = [], []
    mask = np.zeros(spec.num_actions, np.uint8)
    while not (state["done"][0] or state["truncated"][0]) and len(actions) < 3000:
        spec.legal_mask(state[0], mask)
        a = int(rng.choice(np.flatnonzero(mask)))
        spec.apply(state[0], a)
        actions.append(a)
        live.append(state.tobytes())
    rec = GameRecord(game=game, seed=17, config=config, actions=actions, version=spec.version)
    path = rec.save(tmp_path / "g.json")
    back = GameRecord.load(path)
    assert back.actions == actions and back.config == config
    replayed = [st.tobytes() for _, _, _, _, st in replay(back)]
    assert replayed == live
    assert final_state(back).tobytes() == live[-1]


def test_play_record_between_agents_is_replayable():
    rec = play_record("toy", [agents.make("heuristic", "toy", seed=1),
                              agents.make("random", "toy", seed=2)], seed=5)
    assert rec.players == ["heuristic", "random"]
    fin = final_state(rec)
    assert fin["done"][0] or fin["truncated"][0]
    wins = [(int(fin["winner_mask"][0]) >> p) & 1 for p in range(2)]
    assert [r > 0 for r in rec.returns] == [bool(w) for w in wins]


def test_an_edited_record_is_refused_at_the_bad_step():
    rec = play_record("toy", [agents.make("random", "toy", seed=1)] * 2, seed=5)
    assert len(rec.actions) > 3      # 21 needs at least 4 moves of at most 6
    rec.actions[3] = 99
    steps = []
    with pytest.raises(IllegalActionError, match="step 3"):
        for i, *_ in replay(rec):
            steps.append(i)
    assert steps == [0, 1, 2]


def test_record_for_another_version_is_refused(tmp_path):
    rec = GameRecord(game="toy", seed=1, actions=[0], version=99)
    with pytest.raises(ValueError, match="v99"):
        list(replay(rec))
    (tmp_path / "x.json").write_text('{"format": "other"}')
    with pytest.raises(ValueError, match="not a Broadside game record"):
        GameRecord.load(tmp_path / "x.json")


@pytest.mark.parametrize("game,config", [("toy", {"num_players": 2}),
                                         ("havoc", {"num_players": 2, "damage_deck": 12})])
def test_every_game_play_games_plays_comes_back_as_a_replayable_record(game, config):
    """Tournament and evaluation games (``play_games``) keep each game's seed and actions:
    replayed alone they end where the game ended, with its length and final rewards, also
    for the games an env starts after its first one ended (two envs for five games)."""
    from training.evaluate import play_games

    players = [agents.make("random", game, seed=1), agents.make("heuristic", game, seed=2)]
    results = play_games(game, players, [(0, 1), (1, 0)] * 2 + [(0, 1)], seed=9,
                         config=config, num_envs=2)
    assert len({r.seed for r in results}) == 5
    for r in results:
        assert r.seed is not None and len(r.actions) == r.length
        rec = GameRecord(game, r.seed, config, list(r.actions))
        fin = final_state(rec)
        assert fin["done"][0] or fin["truncated"][0]
        assert tuple(float(x) for x in fin["reward"][0][:2]) == r.final
