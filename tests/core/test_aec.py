"""ArrayAECEnv (envs/core/aec.py) on the toy game: PettingZoo API, the classic-stack
semantics of env(), the strict semantics of raw_env(), snapshots and rendering."""

import logging

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs.core.errors import ConfigError, IllegalActionError, StateError
from tests.core.toy_game.state import A_SECRET


def play_first_legal(env, steps):
    for _ in range(steps):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.parametrize("num_players", [2, 3, 4])
@pytest.mark.parametrize("make", [envs.make, envs.make_raw], ids=["env", "raw_env"])
def test_pettingzoo_api_test(make, num_players):
    api_test(make("toy", num_players=num_players), num_cycles=200)


@pytest.mark.parametrize("num_players", [2, 4])
@pytest.mark.parametrize("make", [envs.make, envs.make_raw], ids=["env", "raw_env"])
def test_pettingzoo_seed_test(make, num_players):
    seed_test(lambda: make("toy", num_players=num_players), num_cycles=100)


def test_metadata_and_spaces():
    e = envs.make("toy", num_players=3)
    assert e.metadata["name"] == "toy_v0"
    assert e.metadata["render_modes"] == ["human", "ansi", "rgb_array"]
    assert e.metadata["is_parallelizable"] is False
    sp = e.observation_space("player_1")
    assert sp is e.observation_space("player_1")
    assert sp["observation"].shape == (e.game.obs_size,)
    assert sp["observation"].dtype == np.float32
    assert sp["action_mask"].dtype == np.int8
    assert e.action_space("player_2").n == e.game.num_actions


def test_reset_sets_bookkeeping_from_the_record():
    e = envs.make("toy", num_players=3)
    e.reset(seed=5)
    assert e.agents == e.possible_agents
    assert e.agent_selection == "player_0"
    assert not any(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {a: 0.0 for a in e.agents}
    assert e.infos["player_2"] == {"total": 0, "cards_played": 0}


def test_same_seed_same_bytes_and_seedless_reset_varies():
    a, b = envs.make("toy"), envs.make("toy")
    a.reset(seed=123)
    b.reset(seed=123)
    assert a.save() == b.save()
    a.reset()
    b.reset()
    assert a.save() == b.save()   # unseeded resets continue the stream of the last seed
    c, d = envs.make("toy"), envs.make("toy")
    c.reset()
    d.reset()
    # two fresh envs dealing the same cards and deck order: possible, but about 1e-6 likely
    assert c.save() != d.save()


def test_seed_is_taken_modulo_2_64():
    a, b = envs.make("toy"), envs.make("toy")
    a.reset(seed=-1)
    b.reset(seed=2**64 - 1)
    assert a.save() == b.save()


def test_observe_mask_only_for_the_agent_to_play():
    e = envs.make("toy", num_players=3)
    e.reset(seed=1)
    assert e.observe("player_0")["action_mask"].tolist() == [1, 1, 1, 1]
    assert e.observe("player_1")["action_mask"].tolist() == [0, 0, 0, 0]
    o1, o2 = e.observe("player_0"), e.observe("player_0")
    o1["observation"][:] = 7
    o1["action_mask"][:] = 0
    assert o2["observation"].max() <= 1 and o2["action_mask"].sum() == 4  # copies, no aliasing


def test_raw_env_illegal_action_raises_with_labels_and_leaves_state():
    e = envs.make_raw("toy", num_players=2)
    e.reset(seed=2)
    # seat 0 holds no secret card: the deck is exhausted, 11 of the 12 cards played
    e.load_scenario({"seed": 2, "state": {"card": [0, 4, 0, 0], "played": [6, 5, 0, 0],
                                          "deck_n": 0, "deck": [0] * 12, "total": 10}})
    before = e.save()
    with pytest.raises(IllegalActionError) as info:
        e.step(A_SECRET)
    err = info.value
    assert err.action == A_SECRET and err.seat == 0
    assert err.legal_labels == ["0: add 1", "1: add 2", "2: add 3"]
    assert "not legal now" in str(err)
    assert e.save() == before
    assert e.agent_selection == "player_0"


@pytest.mark.parametrize("bad", [4, -1, 99, np.int64(4)])
def test_raw_env_out_of_range_raises(bad):
    e = envs.make_raw("toy")
    e.reset(seed=0)
    before = e.save()
    with pytest.raises(IllegalActionError, match="out of range"):
        e.step(bad)
    assert e.save() == before


def test_raw_env_non_integer_action_raises():
    e = envs.make_raw("toy")
    e.reset(seed=0)
    with pytest.raises(IllegalActionError):
        e.step(1.0)


def test_env_illegal_action_terminates_with_minus_one(caplog):
    """TerminateIllegalWrapper(illegal_reward=-1) semantics, as in PettingZoo classic."""
    e = envs.make("toy", num_players=3)
    e.reset(seed=4)
    # player_1 to play holds no card: the deck is exhausted, 10 of the 12 cards played
    e.load_scenario({"seed": 4, "state": {"card": [3, 0, 5, 0], "played": [4, 3, 3, 0],
                                          "deck_n": 0, "deck": [0] * 12, "total": 1,
                                          "to_play": 1, "step": 1}})
    before = e.record.tobytes()
    with caplog.at_level(logging.WARNING):
        e.step(A_SECRET)  # player_1 holds no card
    assert "Illegal move made" in caplog.text
    assert e.record.tobytes() == before
    assert all(e.terminations.values()) and all(e.truncations.values())
    assert e.rewards == {"player_0": 0, "player_1": -1.0, "player_2": 0}
    assert e._cumulative_rewards["player_1"] == -1.0
    # every agent now takes its dead step (action None), the offender first
    seen = []
    while e.agents:
        agent = e.agent_selection
        seen.append(agent)
        _, reward, term, trunc, _ = e.last()
        assert term and trunc
        e.step(None)
    assert seen[0] == "player_0" and sorted(seen) == ["player_0", "player_1", "player_2"]


def test_env_out_of_range_is_assertion_error():
    e = envs.make("toy")
    e.reset(seed=0)
    for bad in (4, -1, 2.0, "1"):
        with pytest.raises(AssertionError, match="action is not in action space"):
            e.step(bad)


def test_dead_step_needs_none():
    e = envs.make("toy")
    e.reset(seed=0)
    e.load_scenario({"seed": 0, "state": {"total": 20}})
    e.step(0)  # reaches 21 exactly
    assert all(e.terminations.values())
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(1)
    with pytest.raises(AssertionError):
        e.step(9)  # out of range while dead: the bounds check comes first


@pytest.mark.parametrize("make", [envs.make, envs.make_raw], ids=["env", "raw_env"])
def test_order_enforcing(make):
    e = make("toy", render_mode="ansi")
    with pytest.raises(AssertionError, match="before step"):
        e.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        e.observe("player_0")
    with pytest.raises(AssertionError, match="before render"):
        e.render()
    with pytest.raises(AttributeError):
        e.agents  # noqa: B018
    with pytest.raises(AttributeError):
        e.rewards  # noqa: B018


def test_step_after_everyone_left_warns(caplog):
    e = envs.make("toy")
    e.reset(seed=0)
    e.load_scenario({"seed": 0, "state": {"total": 20}})
    e.step(0)
    while e.agents:
        e.step(None)
    with caplog.at_level(logging.WARNING):
        e.step(None)
    assert "step() called after all agents are terminated" in caplog.text


def test_game_end_rewards_and_turn_passing():
    """Toy [End]: exact target, the mover wins; the classic env passes the turn on."""
    e = envs.make("toy", num_players=3)
    e.reset(seed=9)
    e.load_scenario({"seed": 9, "state": {"total": 19, "to_play": 1}})
    assert e.agent_selection == "player_1"
    e.step(1)  # +2 -> 21
    assert e.rewards == {"player_0": -1.0, "player_1": 1.0, "player_2": -1.0}
    assert e.agent_selection == "player_2"
    assert all(e.terminations.values()) and not any(e.truncations.values())
    got = {}
    while e.agents:
        a = e.agent_selection
        got[a] = e.last()[1]
        e.step(None)
    assert got == {"player_0": -1.0, "player_1": 1.0, "player_2": -1.0}


def test_truncation_from_max_steps():
    e = envs.make("toy", max_steps=3)
    e.reset(seed=0)
    for _ in range(3):
        assert not any(e.truncations.values())
        e.step(0)
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e.rewards.values()) == {0.0}


def test_infos_follow_the_game_and_are_not_there_before_reset():
    e = envs.make("toy", num_players=2)
    with pytest.raises(AttributeError):
        e.infos  # noqa: B018
    e.reset(seed=0)
    held = e.infos
    e.step(2)
    e.step(A_SECRET)
    v = int(e.record["last_card"][0])
    assert e.last()[4] == {"total": 3 + v, "cards_played": 0}  # player_0 to play again
    assert held["player_1"] == {"total": 3 + v, "cards_played": 1}  # updated in place
    c = e.clone()
    e.step(0)
    assert c.infos["player_0"]["total"] == 3 + v and e.infos["player_0"]["total"] == 4 + v


def test_a_kernel_that_strands_the_game_is_reported():
    import dataclasses

    from envs.core.aec import ArrayAECEnv

    def broken_apply(states, i, action, mask):
        states["to_play"][i] = -1
        mask[:] = 0

    spec = dataclasses.replace(envs.spec("toy"), single_apply=broken_apply)
    e = ArrayAECEnv(spec)
    e.reset(seed=0)
    with pytest.raises(RuntimeError, match="neither done nor truncated"):
        e.step(0)


def test_clone_has_its_own_seed_stream():
    e = envs.make("toy")
    e.reset(seed=3)
    c = e.clone()
    e.reset()
    c.reset()
    assert c.save() == e.save()


def test_cumulative_reward_resets_for_the_acting_agent():
    e = envs.make("toy")
    e.reset(seed=0)
    e._cumulative_rewards["player_0"] = 5.0
    e.step(0)
    assert e._cumulative_rewards["player_0"] == 0.0


def test_save_load_round_trip_and_continuation():
    e = envs.make("toy", num_players=3)
    e.reset(seed=11)
    play_first_legal(e, 4)
    blob = e.save()
    f = envs.make("toy", num_players=3)
    f.load(blob)
    assert f.save() == blob
    assert f.agent_selection == e.agent_selection
    play_first_legal(e, 2)
    play_first_legal(f, 2)
    assert f.save() == e.save()


def test_load_brings_its_config():
    e = envs.make("toy", num_players=4, target=30)
    e.reset(seed=1)
    f = envs.make("toy", num_players=2)
    f.load(e.save())
    assert f.possible_agents == e.possible_agents
    assert f.save() == e.save()
    f.reset(seed=3)
    assert int(f.record["cfg"]["target"][0]) == 30


def test_load_rejects_other_games_and_garbage():
    e = envs.make("toy")
    e.reset(seed=0)
    blob = e.save()
    with pytest.raises(StateError, match="does not start with"):
        e.load(b"x" * len(blob))
    with pytest.raises(StateError, match="too short"):
        e.load(b"abc")
    with pytest.raises(StateError, match="checksum"):
        e.load(blob + b"\0")
    with pytest.raises(StateError, match="checksum"):
        e.load(blob[:-9] + blob[-8:])
    with pytest.raises(StateError, match="must be bytes"):
        e.load("not bytes")
    assert e.save() == blob


def test_clone_is_exact_and_independent():
    e = envs.make("toy", num_players=3)
    e.reset(seed=8)
    play_first_legal(e, 3)
    c = e.clone()
    assert c.save() == e.save()
    assert c.agent_selection == e.agent_selection and c.rewards == e.rewards
    assert c.observe(c.agent_selection)["observation"].tolist() == \
        e.observe(e.agent_selection)["observation"].tolist()
    play_first_legal(c, 2)
    assert c.save() != e.save()
    play_first_legal(e, 2)
    assert c.save() == e.save()


def test_legal_actions_and_labels():
    e = envs.make_raw("toy")
    e.reset(seed=0)
    assert e.legal_actions() == [0, 1, 2, 3]
    assert [e.action_label(a) for a in e.legal_actions()] == \
        ["add 1", "add 2", "add 3", "play secret card"]


def test_render_modes(capsys):
    e = envs.make("toy", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text.startswith("total 0/21") and "?" in text  # spectator sees no secret card
    h = envs.make("toy", render_mode="human")
    h.reset(seed=0)
    assert h.render() is None
    assert capsys.readouterr().out.startswith("total 0/21")
    r = envs.make("toy", render_mode="rgb_array")
    r.reset(seed=0)
    img = r.render()
    assert img.dtype == np.uint8 and img.ndim == 3 and img.shape[2] == 3
    n = envs.make("toy")
    n.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert n.render() is None
    with pytest.raises(ConfigError, match="render_mode"):
        envs.make("toy", render_mode="svg")
