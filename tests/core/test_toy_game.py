"""The toy game's own rules (tests/core/toy_game/__init__.py sections), so the core is tested
against a game that is itself correct, and its hidden-information guarantee."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import envs
from envs.core import scenario
from tests.core.toy_game.state import A_SECRET, DECK_SIZE, OBS_SIZE


def fresh(seed=0, **config):
    e = envs.make_raw("toy", **config)
    e.reset(seed=seed)
    return e


@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4))
def test_setup_deals_one_secret_card_each_from_a_12_card_deck(seed, players):
    """[Setup] values 1-6 twice; one card per seat; the rest face down in the deck."""
    s = fresh(seed, num_players=players).record
    cards = s["card"][0][:players].tolist()
    deck = s["deck"][0][: int(s["deck_n"][0])].tolist()
    assert int(s["deck_n"][0]) == DECK_SIZE - players
    assert sorted(cards + deck) == sorted(list(range(1, 7)) * 2)
    assert s["card"][0][players:].tolist() == [0] * (4 - players)
    assert int(s["to_play"][0]) == 0 and int(s["total"][0]) == 0


def test_turn_add_and_pass():
    """[Turn] add 1-3 to the total; the next seat plays."""
    e = fresh(0, num_players=3)
    e.step(2)
    assert int(e.record["total"][0]) == 3 and e.agent_selection == "player_1"
    e.step(0)
    e.step(1)
    assert int(e.record["total"][0]) == 6 and e.agent_selection == "player_0"


def test_turn_play_secret_card_reveals_and_draws():
    """[Turn] the secret card adds its value, becomes public, and is replaced from the deck."""
    e = fresh(5)
    s = e.record
    v = int(s["card"][0][0])
    top = int(s["deck"][0][int(s["deck_n"][0]) - 1])
    e.step(A_SECRET)
    assert int(s["total"][0]) == v and int(s["last_card"][0]) == v
    assert int(s["card"][0][0]) == top and int(s["played"][0][0]) == 1
    assert int(s["deck_n"][0]) == DECK_SIZE - 3


def test_turn_secret_card_with_empty_deck_leaves_no_card():
    e = fresh(5)
    e.load_scenario({"seed": 5, "state": {"deck_n": 0, "deck": [0] * 12,
                                          "played": [6, 4, 0, 0]}})
    e.step(A_SECRET)
    assert int(e.record["card"][0][0]) == 0
    e.step(0)
    assert A_SECRET not in e.legal_actions()       # seat 0 now holds nothing to play


def test_end_over_the_target_the_mover_loses():
    """[End] over the target: the mover loses, everyone else wins."""
    e = envs.make("toy", num_players=4)
    e.load_scenario({"seed": 0, "config": {"num_players": 4}, "state": {"total": 20, "to_play": 2}})
    e.step(2)
    assert e.rewards == {"player_0": 1.0, "player_1": 1.0, "player_2": -1.0, "player_3": 1.0}
    assert int(e.record["winner_mask"][0]) == 0b1011


def test_bound_default_and_random_play_always_ends():
    """[Bound] random play ends within max_steps (0 = 64) and the mask is never empty before."""
    vec = envs.make_vector("toy", 64, seed=1, num_players=4)
    vec.playout(400)
    assert not vec.counts[:, 2].any()
    assert vec.counts[:, 1].sum() >= 64 * 400 // 21


@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), seat=st.integers(0, 3),
       moves=st.lists(st.integers(0, 3), max_size=10), perm_seed=st.integers(0, 2**32))
def test_observation_hides_other_cards_and_deck(seed, players, seat, moves, perm_seed):
    """A seat's observation is unchanged by any change to what it cannot see."""
    seat %= players
    e = fresh(seed, num_players=players)
    for m in moves:
        if e.terminations[e.agent_selection] or m not in e.legal_actions():
            break
        e.step(m)
    before = e.observe(f"player_{seat}")["observation"].copy()
    rng = np.random.default_rng(perm_seed)
    d = scenario.to_dict(e.record)
    n = d["deck_n"]
    others = [q for q in range(players) if q != seat and d["card"][q] > 0]
    hidden = [d["card"][q] for q in others] + d["deck"][:n]
    rng.shuffle(hidden)
    for k, q in enumerate(others):
        d["card"][q] = hidden[k]
    d["deck"][:n] = hidden[len(others):]
    e.load_scenario({"state": d})                 # validated like any position from outside
    after = e.observe(f"player_{seat}")["observation"]
    assert after.shape == (OBS_SIZE,)
    assert after.tolist() == before.tolist()


def test_observation_is_rotated_to_the_observer():
    e = fresh(0, num_players=3)
    e.step(A_SECRET)                          # seat 0 has played one card
    o0 = e.observe("player_0")["observation"]
    o1 = e.observe("player_1")["observation"]
    from tests.core.toy_game.state import OBS_PLAYED, OBS_TO_PLAY

    assert o0[OBS_PLAYED] > 0 and o1[OBS_PLAYED + 2] == o0[OBS_PLAYED]
    assert o1[OBS_TO_PLAY] == 1.0            # player_1 is to play: relative seat 0 for itself
    assert o0[OBS_TO_PLAY + 1] == 1.0
