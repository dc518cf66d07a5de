"""Seas of Havoc agents: the determinize kernel, the heuristic's and MCTS's choices blind to
hidden information, MCTS on the real game. The heuristic's play, the search prune and the
value kernel are tested in tests/havoc/ (test_heuristic.py, test_prune.py, test_value.py).

Hidden zones are those of envs/havoc/observe.py [Core Concepts: Deck Management; Salvaging
Shipwrecks: Booty; Island Setup 4; Ghost Fleet Setup].
"""

import numpy as np
import pytest

import agents
import envs
from envs.havoc.hidden import determinize as _kernel
from tests.havoc.helpers import SHORT, observe, positions
from training.evaluate import play_games, seatings_vs, tally

VARIANTS = [
    {"num_players": 3},
    {"num_players": 2, "variant": "two_ship"},
    {"num_players": 4, "variant": "teams"},
    {"num_players": 2, "variant": "ghost", "num_ghosts": 2},
]


def determinize(state, seat, rng):
    """The kernel on a 1-element STATE array, keyed from a numpy Generator."""
    _kernel(state[0], seat, np.uint64(rng.integers(2**63)))


def _multiset_hand_deck(s, c):
    counts = s["hand"][0][c].astype(np.int64).copy()
    for d in s["deck"][0][c][: s["deck_n"][0][c]]:
        counts[d] += 1
    return counts


@pytest.mark.parametrize("config", VARIANTS, ids=lambda c: c.get("variant", "standard"))
def test_determinize_changes_nothing_the_seat_can_see(config):
    for state in positions(config):
        seat = max(int(state["to_play"][0]), 0)
        before = state.copy()
        determinize(state, seat, np.random.default_rng(1))
        assert np.array_equal(observe(before, seat), observe(state, seat))
        assert state["rng"][0] != before["rng"][0]
        for c in range(int(state["num_crews"][0])):
            assert np.array_equal(_multiset_hand_deck(state, c), _multiset_hand_deck(before, c))
            assert state["hand"][0][c].sum() == before["hand"][0][c].sum()
            assert state["deck_n"][0][c] == before["deck_n"][0][c]
        assert np.array_equal(state["hand"][0][seat], before["hand"][0][seat])
        for f in ("discard", "market", "feature", "res", "infamy", "ship_r", "ship_c"):
            assert np.array_equal(state[f], before[f]), f
        m = int(state["market_deck_n"][0])
        assert sorted(state["market_deck"][0][:m]) == sorted(before["market_deck"][0][:m])


def _wreck_tokens(s):
    n = int(s["wreck_stack_n"][0])
    toks = [int(t) for t in s["wreck"][0].ravel() if t > 0]
    toks += [int(t) for t in s["wreck_stack"][0][:n]]
    return sorted(toks + [int(b) for b in s["booty"][0] if b > 0])


def test_determinize_keeps_every_shipwreck_token():
    for state in positions({"num_players": 3}, rounds=(300, 600)):
        seat = max(int(state["to_play"][0]), 0)
        before = state.copy()
        determinize(state, seat, np.random.default_rng(2))
        assert _wreck_tokens(state) == _wreck_tokens(before)
        assert state["booty"][0][seat] == before["booty"][0][seat]
        assert np.array_equal(state["wreck"][0] > 0, before["wreck"][0] > 0)


def test_determinize_depends_only_on_what_the_seat_knows():
    """Two records that differ only in hidden zones give the same sample."""
    for state in positions({"num_players": 3}, rounds=(200,)):
        seat = max(int(state["to_play"][0]), 0)
        other = state.copy()
        c = (seat + 1) % 3
        n = int(other["deck_n"][0][c])
        other["deck"][0][c][:n] = other["deck"][0][c][:n][::-1].copy()
        m = int(other["market_deck_n"][0])
        other["market_deck"][0][:m] = np.roll(other["market_deck"][0][:m], 3)
        other["rng"][0] = np.uint64(12345)
        a, b = state.copy(), other.copy()
        determinize(a, seat, np.random.default_rng(3))
        determinize(b, seat, np.random.default_rng(3))
        assert a.tobytes() == b.tobytes()


def test_heuristic_and_mcts_choices_ignore_hidden_information():
    for state in positions({"num_players": 3}, n_envs=2, rounds=(120,)):
        seat = int(state["to_play"][0])
        other = state.copy()
        c = (seat + 1) % 3
        n = int(other["deck_n"][0][c])
        other["deck"][0][c][:n] = np.sort(other["deck"][0][c][:n])
        other["rng"][0] = np.uint64(99)
        mask = np.zeros(envs.spec("havoc").num_actions, np.uint8)
        envs.spec("havoc").legal_mask(state.copy()[0], mask)
        obs = observe(state, seat)
        for kind in ("heuristic", "mcts:6"):
            picks = []
            for st in (state, other):
                agent = agents.make(kind, "havoc", seed=5)
                picks.append(agent.act(obs, mask, st.copy(), seat))
            assert picks[0] == picks[1], kind
            assert mask[picks[0]] == 1


def test_mcts_plays_legal_moves_in_havoc():
    m = agents.make("mcts:4", "havoc", seed=0)
    m.max_rollout_steps = 200
    spec = envs.spec("havoc")
    for state in positions(SHORT, n_envs=3, rounds=(10, 100)):
        if state["done"][0]:
            continue
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.legal_mask(state.copy()[0], mask)
        seat = int(state["to_play"][0])
        a = m.act(observe(state, seat), mask, state.copy(), seat)
        assert mask[a] == 1


def test_mcts_beats_random_at_havoc():
    """32 simulations per move win a two-card-Damage-deck skirmish against random play: at
    least 6 of 8 games over two game seeds."""
    cfg = {"num_players": 2, "auto_forced": True, "damage_deck": 2}
    wins = 0
    for seed in (3, 4):
        res = play_games("havoc", [agents.make("mcts:32", "havoc", seed=seed),
                                   agents.make("random", "havoc", seed=seed + 100)],
                         seatings_vs(2, 4), seed=seed, config=cfg, num_envs=4, checked=True)
        wins += tally(res, 0).wins
    assert wins >= 6, wins
