"""Seas of Havoc determinism: the same seed and actions give the same bytes; snapshots round-trip.

Every chance event of the rulebook (shuffles, coordinate dice, shipwreck stack, ghost cards)
draws from the record's own rng, so a game is a pure function of its config, seed and
actions, and a saved record continues exactly as the original.
"""

import numpy as np
import pytest

from envs.core.rng import mix64
from envs.core.vector import VectorGame
from envs.havoc import env as havoc_env
from envs.havoc import rules
from envs.havoc.config import make_config
from envs.havoc.observe import OBS_SIZE, observe
from envs.havoc.state import NUM_ACTIONS, STATE

CONFIGS = {
    "standard3": {"num_players": 3},
    "standard5": {"num_players": 5},
    "two_ship": {"num_players": 2, "variant": "two_ship"},
    "teams4": {"num_players": 4, "variant": "teams"},
    "ghost2": {"num_players": 2, "variant": "ghost", "num_ghosts": 3},
}


def run(kw, seed, actions_seed, steps):
    """Play `steps` random legal moves; returns (record array, actions taken)."""
    arr = np.zeros(1, STATE)
    rules.init(arr[0], make_config(**kw)[0], seed)
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    rng = np.random.default_rng(actions_seed)
    taken = []
    for _ in range(steps):
        if arr["to_play"][0] < 0:
            break
        rules.legal_mask(arr[0], mask)
        a = int(rng.choice(np.flatnonzero(mask)))
        taken.append(a)
        rules.apply(arr[0], a)
    return arr, taken


def replay(kw, seed, actions):
    arr = np.zeros(1, STATE)
    rules.init(arr[0], make_config(**kw)[0], seed)
    for a in actions:
        rules.apply(arr[0], a)
    return arr


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_same_seed_and_actions_give_the_same_bytes(name):
    kw = CONFIGS[name]
    arr, actions = run(kw, 12345, 6, 1500)
    assert replay(kw, 12345, actions).tobytes() == arr.tobytes()
    again, _ = run(kw, 12345, 6, 1500)
    assert again.tobytes() == arr.tobytes()


def test_different_seeds_give_different_games():
    """Setup rolls features, wrecks and ship squares from the seed [Sea Grid Setup A-C]."""
    a = np.zeros(2, STATE)
    cfg = make_config()
    rules.init(a[0], cfg[0], 1)
    rules.init(a[1], cfg[0], 2)
    assert a[0]["feature"].tobytes() != a[1]["feature"].tobytes() or \
        a[0]["deck"].tobytes() != a[1]["deck"].tobytes()


def test_reinit_in_place_equals_a_fresh_record():
    """A finished game re-initialised in place (VectorGame auto-reset) keeps nothing old."""
    used, _ = run({"num_players": 4}, 3, 3, 800)
    fresh = np.zeros(1, STATE)
    cfg = make_config(num_players=4)
    rules.init(used[0], cfg[0], 99)
    rules.init(fresh[0], cfg[0], 99)
    assert used.tobytes() == fresh.tobytes()


def test_legal_mask_and_observe_do_not_touch_the_record():
    arr, _ = run({"num_players": 3}, 8, 8, 300)
    before = arr.tobytes()
    mask = np.zeros(NUM_ACTIONS, np.uint8)
    out = np.zeros(OBS_SIZE, np.float32)
    rules.legal_mask(arr[0], mask)
    for seat in range(3):
        observe(arr[0], seat, out)
        first = out.copy()
        observe(arr[0], seat, out)
        assert first.tobytes() == out.tobytes()
    assert arr.tobytes() == before


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_save_load_round_trip_continues_identically(name):
    kw = CONFIGS[name]
    e = havoc_env.raw_env(**kw)
    e.reset(seed=21)
    rng = np.random.default_rng(21)
    for _ in range(100):                         # mid-game in every configuration
        e.step(int(rng.choice(e.legal_actions())))
    blob = e.save()
    twin = havoc_env.raw_env(**kw)
    twin.load(blob)
    clone = e.clone()
    assert twin.save() == blob and clone.save() == blob
    assert twin.agent_selection == e.agent_selection
    for _ in range(300):
        if not e.legal_actions():
            break
        a = int(rng.choice(e.legal_actions()))
        for x in (e, twin, clone):
            x.step(a)
    assert twin.save() == e.save() == clone.save()
    for agent in e.possible_agents:
        assert np.array_equal(twin.observe(agent)["observation"], e.observe(agent)["observation"])


def test_vector_games_are_reproducible_and_replayable_alone():
    """A VectorGame batch is a function of its seed; game i replays in the AEC env from
    seeds[i], then mix64(rng) after each end."""
    v1 = VectorGame(havoc_env.GAME, 8, seed=5, num_players=3)
    v2 = VectorGame(havoc_env.GAME, 8, seed=5, num_players=3)
    v1.playout(700)
    v2.playout(700)
    assert v1.states.tobytes() == v2.states.tobytes()

    vec = VectorGame(havoc_env.GAME, 4, seed=9, num_players=3)
    e = havoc_env.raw_env(num_players=3)
    e.reset(seed=int(vec.seeds[2]))
    rng = np.random.default_rng(2)
    ends = 0
    after = 0
    for _ in range(3000):
        if ends and after > 30:
            break
        after += 1 if ends else 0
        actions = np.full(4, -1)
        a = int(rng.choice(np.flatnonzero(vec.masks[2])))
        actions[2] = a
        _, dones = vec.step(actions)
        e.step(a)
        if dones[2]:
            ends += 1
            e.reset(seed=int(mix64(np.uint64(e.record["rng"][0]))))
        assert e.record.tobytes() == vec.states[2:3].tobytes()
        assert np.array_equal(vec.obs[2], e.observe(e.agent_selection)["observation"])
    assert ends >= 1         # the auto-reset was replayed too
