"""VectorGame (envs/core/vector.py) and the batch kernel template (toy_game/batch.py):
batched play gives exactly the bytes of one-at-a-time play, skips, auto-reset, playout."""

import numpy as np
import pytest

import envs
from envs.core.errors import IllegalActionError, SeatError, StateError
from envs.core.rng import mix64
from tests.core.toy_game.state import A_SECRET


def random_legal(masks, rng):
    out = np.empty(len(masks), np.int64)
    for i, m in enumerate(masks):
        legal = np.flatnonzero(m)
        out[i] = legal[rng.integers(len(legal))]
    return out


def test_reset_matches_single_env_seeded_with_seeds():
    vec = envs.make_vector("toy", 6, seed=42, num_players=3)
    for i in range(6):
        e = envs.make_raw("toy", num_players=3)
        e.reset(seed=int(vec.seeds[i]))
        assert e.record.tobytes() == vec.states[i:i + 1].tobytes()
        assert vec.obs[i].tolist() == e.observe(e.agent_selection)["observation"].tolist()
        assert vec.masks[i].tolist() == e.observe(e.agent_selection)["action_mask"].tolist()


def test_same_seed_same_bytes_different_seed_differs():
    a = envs.make_vector("toy", 8, seed=1)
    b = envs.make_vector("toy", 8, seed=1)
    c = envs.make_vector("toy", 8, seed=2)
    assert a.states.tobytes() == b.states.tobytes() != c.states.tobytes()


@pytest.mark.parametrize("num_players", [2, 4])
def test_step_equals_sequential_single_env_play_with_auto_reset_and_skips(num_players):
    n = 5
    vec = envs.make_vector("toy", n, seed=7, num_players=num_players)
    singles = []
    for i in range(n):
        e = envs.make_raw("toy", num_players=num_players)
        e.reset(seed=int(vec.seeds[i]))
        singles.append(e)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(120):
        actions = random_legal(vec.masks, rng)
        actions[rng.random(n) < 0.25] = -1          # some games sit this call out
        before = vec.states.copy()
        rewards, dones = vec.step(actions)
        for i, e in enumerate(singles):
            if actions[i] < 0:
                assert vec.states[i:i + 1].tobytes() == before[i:i + 1].tobytes()
                assert not dones[i] and not rewards[i].any()
                continue
            e.step(int(actions[i]))
            assert rewards[i].tolist() == e.record["reward"][0].tolist()
            assert dones[i] == bool(e.record["done"][0] or e.record["truncated"][0])
            if dones[i]:
                ends += 1
                e.reset(seed=int(mix64(e.record["rng"][0])))
            assert e.record.tobytes() == vec.states[i:i + 1].tobytes()
            seat = e.agent_selection
            ob = e.observe(seat)
            assert vec.obs[i].tolist() == ob["observation"].tolist()
            assert vec.masks[i].tolist() == ob["action_mask"].tolist()
    assert ends > 10  # auto-reset was exercised


def test_step_returns_fresh_arrays_and_checks_shape():
    vec = envs.make_vector("toy", 3, seed=0)
    r1, d1 = vec.step(np.zeros(3, np.int64))
    r2, _ = vec.step(np.full(3, -1))
    assert r1 is not r2 and d1.dtype == np.bool_ and r1.shape == (3, 4)
    with pytest.raises(ValueError, match="shape"):
        vec.step(np.zeros(4, np.int64))


def test_final_rewards_reported_on_the_ending_step():
    vec = envs.make_vector("toy", 2, seed=0, num_players=2)
    vec.states["total"][:] = 20
    vec.refresh()
    rewards, dones = vec.step(np.array([0, 1]))   # game 0 hits 21 exactly, game 1 busts
    assert dones.tolist() == [True, True]
    assert rewards[0].tolist()[:2] == [1.0, -1.0]
    assert rewards[1].tolist()[:2] == [-1.0, 1.0]
    assert vec.states["total"].tolist() == [0, 0] and vec.states["step"].tolist() == [0, 0]


def test_check_actions_names_env_seat_and_legal_labels():
    vec = envs.make_vector("toy", 4, seed=0)
    vec.states["card"][2][0] = 0                  # seat 0 of game 2 has played its card
    vec.states["played"][2][0] = 1
    vec.refresh()
    vec.check_actions(np.array([0, 1, 2, -1]))
    with pytest.raises(IllegalActionError, match="in env 2") as info:
        vec.check_actions(np.array([0, 1, A_SECRET, -1]))
    assert info.value.seat == 0
    assert info.value.legal_labels == ["0: add 1", "1: add 2", "2: add 3"]
    with pytest.raises(IllegalActionError, match=r"out of range 0..3 in env 1"):
        vec.check_actions(np.array([0, 9, 0, 0]))


def test_checked_by_default_rejects_before_touching_states():
    vec = envs.make_vector("toy", 2, seed=0)
    before = vec.states.tobytes()
    with pytest.raises(IllegalActionError):
        vec.step(np.array([0, 4]))
    assert vec.states.tobytes() == before


def test_observe_seats_matches_single_env_observe():
    vec = envs.make_vector("toy", 4, seed=3, num_players=3)
    seats = np.array([0, 1, 2, 1])
    obs = vec.observe_seats(seats)
    for i in range(4):
        e = envs.make_raw("toy", num_players=3)
        e.reset(seed=int(vec.seeds[i]))
        assert obs[i].tolist() == e.observe(f"player_{seats[i]}")["observation"].tolist()
    with pytest.raises(SeatError):
        vec.observe_seats(np.array([0, 3, 0, 0]))


def test_observe_seats_fallback_without_batch_kernel():
    import dataclasses

    spec = dataclasses.replace(envs.spec("toy"), batch_observe_seats=None)
    from envs.core.vector import VectorGame

    fast = envs.make_vector("toy", 3, seed=5)
    slow = VectorGame(spec, 3, seed=5)
    seats = np.array([1, 0, 1])
    assert slow.observe_seats(seats).tolist() == fast.observe_seats(seats).tolist()


def test_playout_counts_decisions_and_finished_games():
    vec = envs.make_vector("toy", 16, seed=0, num_players=2)
    made = vec.playout(50)
    assert made == 16 * 50
    assert vec.counts[:, 0].tolist() == [50] * 16
    # a game lasts 7..21 decisions ([Turn] adds 1..6, target 21), so 50 decisions end 2..7
    assert all(2 <= c <= 7 for c in vec.counts[:, 1])
    assert vec.games_finished == int(vec.counts[:, 1].sum())
    assert not vec.counts[:, 2].any()
    assert vec.masks.any(axis=1).all()      # refreshed after playout: every game is live


def test_playout_is_deterministic_and_uses_its_own_stream():
    a = envs.make_vector("toy", 8, seed=9)
    b = envs.make_vector("toy", 8, seed=9)
    a.playout(33)
    b.playout(33)
    assert a.states.tobytes() == b.states.tobytes()
    assert a.act_rng.tolist() == b.act_rng.tolist()
    c = envs.make_vector("toy", 8, seed=9)
    c.act_rng[:] += 1
    c.playout(33)
    assert c.states.tobytes() != a.states.tobytes()


def test_playout_with_truncation_counts_truncated_games_as_finished():
    vec = envs.make_vector("toy", 4, seed=0, max_steps=2)
    vec.playout(10)
    # two decisions add at most 12 < 21: every game is truncated, never finished by the rules
    assert vec.counts[:, 1].tolist() == [5, 5, 5, 5]


def test_playout_reports_empty_masks():
    vec = envs.make_vector("toy", 2, seed=0)
    vec.states["to_play"][1] = -1      # a "live" game with nobody to play: a broken kernel
    with pytest.raises(RuntimeError, match=r"empty legal mask .* \[1\]"):
        vec.playout(1)


def test_keep_final_holds_the_record_each_finished_game_ended_in():
    """keep_final: for every game that ended in a step, final_states holds the same bytes the
    single-game env reaches with the same actions (before it is reset), and observe_final is
    that record's observation from any seat."""
    n = 6
    vec = envs.make_vector("toy", n, seed=3, num_players=3, keep_final=True)
    singles = []
    for i in range(n):
        e = envs.make_raw("toy", num_players=3)
        e.reset(seed=int(vec.seeds[i]))
        singles.append(e)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(80):
        actions = random_legal(vec.masks, rng)
        _, dones = vec.step(actions)
        for i, e in enumerate(singles):
            e.step(int(actions[i]))
            if dones[i]:
                ends += 1
                assert vec.final_states[i:i + 1].tobytes() == e.record.tobytes()
                for seat, agent in enumerate(e.possible_agents):
                    assert vec.observe_final(i, seat).tolist() == \
                        e.observe(agent)["observation"].tolist()
                e.reset(seed=int(mix64(e.record["rng"][0])))
    assert ends > 5


def test_observe_final_refuses_a_seat_a_game_or_a_record_it_does_not_hold():
    """observe_final indexes the kernels with the seat and reads final_states[i]: a seat
    outside the finished game's seats, a game number outside the batch, or a game that never
    ended (an empty record) is a named error, never a kernel read out of bounds."""
    vec = envs.make_vector("toy", 2, seed=3, num_players=3, keep_final=True)
    with pytest.raises(StateError, match="has not ended"):
        vec.observe_final(0, 0)
    rng = np.random.default_rng(1)
    while True:
        _, dones = vec.step(random_legal(vec.masks, rng))
        if dones.any():
            break
    i = int(np.flatnonzero(dones)[0])
    assert vec.observe_final(i, 2).shape == (vec.spec.obs_size,)
    for seat in (3, -1, 10**6, 2**40, True, 0.5):
        with pytest.raises(SeatError):
            vec.observe_final(i, seat)
    for game in (2, -1, 10**9, "0"):
        with pytest.raises(IndexError):
            vec.observe_final(game, 0)


def test_observe_final_needs_keep_final():
    vec = envs.make_vector("toy", 2, seed=0)
    with pytest.raises(RuntimeError, match="keep_final=True"):
        vec.observe_final(0, 0)


def test_threaded_slices_give_the_same_bytes_as_one_thread():
    """VectorGame runs each batch kernel on one slice of the games per numba thread: the
    result does not depend on the number of threads."""
    import numba

    if numba.config.NUMBA_NUM_THREADS < 2:
        pytest.skip("one numba thread only")
    saved = numba.get_num_threads()
    out = []
    try:
        for threads in (1, 2):
            numba.set_num_threads(threads)
            vec = envs.make_vector("toy", 300, seed=5, num_players=3)
            rng = np.random.default_rng(2)
            for _ in range(40):
                vec.step(random_legal(vec.masks, rng))
            vec.playout(25)
            out.append((vec.states.tobytes(), vec.obs.tobytes(), vec.masks.tobytes(),
                        vec.counts.tobytes()))
    finally:
        numba.set_num_threads(saved)
    assert out[0] == out[1]


def test_set_states_and_refresh_refuse_games_set_up_with_another_config():
    """A finished game re-inits with the VectorGame's config, and its seats are read from it:
    records of another config (here 3 seats in a 2-seat batch) are refused by both ways in,
    and nothing changes."""
    vec = envs.make_vector("toy", 2, seed=3, num_players=2)
    other = envs.make_vector("toy", 2, seed=3, num_players=3).states.copy()
    before = vec.states.tobytes(), vec.masks.tobytes()
    with pytest.raises(StateError, match="set_states: games \\[0, 1\\].*another config"):
        vec.set_states(other)
    assert (vec.states.tobytes(), vec.masks.tobytes()) == before
    vec.states[:] = other
    with pytest.raises(StateError, match="refresh: games \\[0, 1\\].*another config"):
        vec.refresh()
    assert vec.masks.tobytes() == before[1]


def test_playout_refuses_a_count_of_steps_that_is_not_a_whole_number():
    vec = envs.make_vector("toy", 2, seed=3)
    before = vec.states.tobytes()
    for steps in ("a", 2.5, -5, True, None, 2**63):
        with pytest.raises(ValueError, match="whole number"):
            vec.playout(steps)
    assert vec.states.tobytes() == before
    assert vec.playout(np.int64(3)) == 6
