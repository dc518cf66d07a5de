"""Cursed Seas through PettingZoo and VectorGame: api_test and seed_test at 2-4 players,
determinism, a random-play soak with check_states invariants, hidden information,
rendering. Sections: Setup (2-4 players), Winning the Game (every game ends or is
truncated), Placing Treasure / Placing Crew and equipment (face down)."""

import numba
import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import envs
from envs.core.vector import VectorGame
from envs.cursed_seas import env as cs_env
from envs.cursed_seas import rules
from envs.cursed_seas.config import make_config
from envs.cursed_seas.hidden import determinize
from envs.cursed_seas.observe import observe
from envs.cursed_seas.state import (
    DEFAULT_MAX_STEPS, LOC_ISLAND, NUM_ACTIONS, OBS_SIZE, PH_OVER, PH_PLAY, STATE,
)

CONFIGS = {f"p{n}": {"num_players": n} for n in (2, 3, 4)}
CONFIGS["round_left"] = {"num_players": 2, "edge": "round", "order_rule": "left"}
CONFIGS["flat_reverse"] = {"num_players": 3, "edge": "flat", "home_rule": "reverse",
                           "end_rule": "half_cannot"}
CONFIGS["reefs"] = {"num_players": 3, "reefs": 1, "board_tie": "reroll"}
CONFIGS["mysterious"] = {"num_players": 3, "mysterious": "effects"}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", ["p2", "p3", "p4"])
def test_pettingzoo_api(name):
    api_test(cs_env.env(**CONFIGS[name]), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", ["p2", "p4"])
def test_pettingzoo_seed(name):
    seed_test(lambda: cs_env.env(**CONFIGS[name]), num_cycles=100)


def run(kw, seed, actions_seed, steps):
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


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_same_seed_and_actions_give_the_same_bytes(name):
    arr, actions = run(CONFIGS[name], 99, 5, 1500)
    again = np.zeros(1, STATE)
    rules.init(again[0], make_config(**CONFIGS[name])[0], 99)
    for a in actions:
        rules.apply(again[0], a)
    assert again.tobytes() == arr.tobytes()


def test_different_seeds_give_different_setups():
    a, _ = run({"num_players": 2}, 1, 0, 0)
    b, _ = run({"num_players": 2}, 2, 0, 0)
    assert a.tobytes() != b.tobytes()


SOAK_STEPS = 3000


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_play_soak(name):
    """Random legal play through VectorGame: check_states holds at every check (treasure
    and crew conservation, masts within 0..built, cargo, nothing overlapping an island or
    a ship, a well-formed decision, a legal action), every game ends or is truncated."""
    prev = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        vec = VectorGame(cs_env.GAME, 32, seed=sorted(CONFIGS).index(name),
                         max_steps=SOAK_STEPS, **CONFIGS[name])
        finished = 0
        for _ in range(200):
            vec.playout(400)
            finished += vec.games_finished
            problems = cs_env.GAME.check_states(vec.states)
            bad = [(i, p) for i, p in enumerate(problems) if p]
            assert not bad, bad[:2]
            if finished >= 60:
                break
        assert finished >= 60
    finally:
        numba.set_num_threads(prev)


def test_most_random_games_end_by_the_rules():
    """[Winning the Game] random 2-player games mostly end by the rules (all gold unloaded
    or one fleet unable to move) within the default bound; the rest are truncated."""
    done = 0
    for seed in range(20):
        arr, _ = run({"num_players": 2}, seed, seed, DEFAULT_MAX_STEPS)
        assert arr["done"][0] or arr["truncated"][0]
        if arr["done"][0]:
            done += 1
            assert arr["phase"][0] == PH_OVER
    assert done >= 10


def _obs(arr, seat):
    out = np.zeros(OBS_SIZE, np.float32)
    observe(arr[0], seat, out)
    return out


def _midgame(seed=3, steps=600):
    arr, _ = run({"num_players": 3}, seed, seed, steps)
    assert arr["phase"][0] == PH_PLAY
    return arr


def test_unseen_coin_values_do_not_change_the_observation():
    """[Placing Treasure] face-down treasure: a seat that has not looked at a coin sees
    only that it is there; the seat that looked sees its value."""
    arr = _midgame()
    s = arr[0]
    coins = [c for c in range(s["co_val"].shape[0])
             if s["co_loc"][c] == LOC_ISLAND and s["co_val"][c] >= 0]
    assert coins
    c = coins[0]
    for seat in range(3):
        other = arr.copy()
        other["co_val"][0][c] = 20 if s["co_val"][c] != 20 else 19
        seen = (int(s["co_seen"][c]) >> seat) & 1
        same = _obs(arr, seat).tobytes() == _obs(other, seat).tobytes()
        assert same == (not seen)


def test_face_down_crew_of_others_is_only_a_count():
    """[Placing Crew and equipment] another fleet's face-down crew: which crew sails where
    is hidden; a determinisation moves it without changing the seat's view."""
    arr = _midgame()
    for seat in range(3):
        a = arr.copy()
        determinize(a[0], seat, np.uint64(7))
        assert _obs(a, seat).tobytes() == _obs(arr, seat).tobytes()
        assert cs_env.GAME.check_state(a) == []


def test_render_ansi_hides_values_and_rgb_draws_the_table():
    arr = _midgame()
    text = cs_env.GAME.render_ansi(arr[0], None)
    assert "?" in text and "island 0" in text
    img = cs_env.GAME.render_rgb(arr[0], 0)
    assert img.dtype == np.uint8 and img.shape[2] == 3 and img.shape[0] > 100
    assert (img == np.array([30, 70, 140], np.uint8)).all(-1).mean() < 0.99


def test_heuristic_beats_random():
    """agents/heuristic/cursed_seas.py against the random agent, 2 players, seats rotating."""
    import agents
    from training.evaluate import evaluate_vs

    st = evaluate_vs("cursed_seas", agents.make("heuristic", "cursed_seas", seed=0),
                     agents.make("random", "cursed_seas", seed=1), 20, seed=3,
                     config={"num_players": 2}, num_envs=10)
    assert st.wins >= 18, st


def test_every_legal_action_has_a_label():
    """labels.py names every action a random game offers (never the bare fallback)."""
    e = envs.make_raw("cursed_seas", num_players=3, reefs=1)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(400):
        if e.record["to_play"][0] < 0:
            break
        legal = e.legal_actions()
        for a in legal:
            assert not cs_env.GAME.action_label(e.record[0], int(a)).startswith("option")
        e.step(int(rng.choice(legal)))


# ----- hidden crew in the observation ------------------------------------------------------------
def test_face_down_shipwright_does_not_show_in_who_can_still_move():
    """[Winning the Game] who can still move (ruling: Who can still move) as another seat
    sees it: which face-down piece is aboard is hidden (ruling: Equipment). Seat 1's derelict
    carries either Shipwright Oda or Smuggler Nix face down (the other ashore): seat 0's
    observation is the same; seat 1 itself sees the difference."""
    from .helpers import fleet, position, ship
    isl = [{"x": 2.0, "y": 2.0, "r": 1.0, "home": 0}, {"x": 13.0, "y": 13.0, "r": 1.0, "home": 1},
           {"x": 7.0, "y": 2.0, "r": 1.0, "home": -1}, {"x": 2.0, "y": 12.0, "r": 1.0, "home": -1},
           {"x": 13.0, "y": 2.0, "r": 1.0, "home": 2}, {"x": 7.5, "y": 7.5, "r": 1.0, "home": -1}]
    f = [fleet("Rustfang"), fleet(("Blue Petrel", ["Smuggler Nix", "Shipwright Oda"])),
         fleet("Anvil Gale")]
    ships = [ship(0, 0, 4.0, 5.0, 90.0), ship(1, 0, 10.0, 10.0, 0.0, masts=[0, 0]),
             ship(2, 0, 10.0, 5.0, 90.0)]
    oda = position(f, ships, islands=isl, crew=[{"crew": 6, "at": "island", "where": 2}])
    nix = position(f, ships, islands=isl, crew=[{"crew": 7, "at": "island", "where": 2}])
    a, b = oda.record.copy(), nix.record.copy()
    assert cs_env.GAME.check_state(a) == [] and cs_env.GAME.check_state(b) == []
    for seat in (0, 2):
        assert _obs(a, seat).tobytes() == _obs(b, seat).tobytes()
    assert _obs(a, 1).tobytes() != _obs(b, 1).tobytes()


def test_linked_crew_cargo_bonus_is_hidden_while_they_are_face_down():
    """[Placing Crew and equipment: Linked crew and ships] two linked crew on a ship give +1
    cargo; which face-down crew sail there is hidden (ruling: Equipment), so another seat
    sees Saltglass's printed cargo 5 whether Captain Ysolde sails with her link Navigator
    Quill (5 + 1) or with Chartmaster Wren (no link); the owner sees 6 and 5; once both
    linked crew are face up the +1 shows to all."""
    from envs.cursed_seas.state import MAX_FLEET, N_SHIP, OBS_SHIPS
    from .helpers import fleet, position, ship
    ships = [ship(0, 0, 4.0, 6.0, 0.0), ship(1, 0, 9.0, 4.0, 90.0)]
    linked = position([fleet("Rustfang"), fleet(("Saltglass", ["Captain Ysolde",
                                                               "Navigator Quill"]))], ships)
    plain = position([fleet("Rustfang"), fleet(("Saltglass", ["Captain Ysolde",
                                                              "Chartmaster Wren"]))], ships)
    a, b = linked.record.copy(), plain.record.copy()
    other = OBS_SHIPS + (1 * MAX_FLEET + 0) * N_SHIP + 7      # seat 1's ship seen by seat 0
    own = OBS_SHIPS + (0 * MAX_FLEET + 0) * N_SHIP + 7        # her own ship seen by seat 1
    assert _obs(a, 0).tobytes() == _obs(b, 0).tobytes()
    assert _obs(a, 0)[other] * 8 == pytest.approx(5.0)
    assert _obs(a, 1)[own] * 8 == pytest.approx(6.0)
    assert _obs(b, 1)[own] * 8 == pytest.approx(5.0)
    a[0]["cr_up"][6] = 1
    assert _obs(a, 0)[other] * 8 == pytest.approx(5.0)        # one of the pair: still 5
    a[0]["cr_up"][7] = 1
    assert _obs(a, 0)[other] * 8 == pytest.approx(6.0)
