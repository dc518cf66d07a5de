"""Seas of Havoc agents: the determinize kernel, the heuristic, MCTS on the real game.

Hidden zones are those of envs/havoc/observe.py [Core Concepts: Deck Management; Salvaging
Shipwrecks: Booty; Island Setup 4; Ghost Fleet Setup].
"""

import numpy as np
import pytest

import agents
import envs
from envs.havoc.hidden import determinize as _kernel
from training.evaluate import play_games, seatings_vs, tally

SHORT = {"num_players": 2, "auto_forced": True, "damage_deck": 12}
VARIANTS = [
    {"num_players": 3},
    {"num_players": 2, "variant": "two_ship"},
    {"num_players": 4, "variant": "teams"},
    {"num_players": 2, "variant": "ghost", "num_ghosts": 2},
]


def _positions(config, n_envs=4, rounds=(40, 150, 400), seed=0):
    """Mid-game records reached by random play."""
    vec = envs.make_vector("havoc", num_envs=n_envs, seed=seed, **config)
    rng = np.random.default_rng(seed)
    out = []
    for r in range(max(rounds) + 1):
        if r in rounds:
            out.extend(vec.states[i:i + 1].copy() for i in range(n_envs))
        acts = agents.sample_legal(vec.masks, rng)
        vec.step(acts)
    return out


def determinize(state, seat, rng):
    """The kernel on a 1-element STATE array, keyed from a numpy Generator."""
    _kernel(state[0], seat, np.uint64(rng.integers(2**63)))


def _obs(state, seat):
    spec = envs.spec("havoc")
    out = np.zeros(spec.obs_size, np.float32)
    spec.observe(state[0], seat, out)
    return out


def _multiset_hand_deck(s, c):
    counts = s["hand"][0][c].astype(np.int64).copy()
    for d in s["deck"][0][c][: s["deck_n"][0][c]]:
        counts[d] += 1
    return counts


@pytest.mark.parametrize("config", VARIANTS, ids=lambda c: c.get("variant", "standard"))
def test_determinize_changes_nothing_the_seat_can_see(config):
    for state in _positions(config):
        seat = max(int(state["to_play"][0]), 0)
        before = state.copy()
        determinize(state, seat, np.random.default_rng(1))
        assert np.array_equal(_obs(before, seat), _obs(state, seat))
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
    for state in _positions({"num_players": 3}, rounds=(300, 600)):
        seat = max(int(state["to_play"][0]), 0)
        before = state.copy()
        determinize(state, seat, np.random.default_rng(2))
        assert _wreck_tokens(state) == _wreck_tokens(before)
        assert state["booty"][0][seat] == before["booty"][0][seat]
        assert np.array_equal(state["wreck"][0] > 0, before["wreck"][0] > 0)


def test_determinize_depends_only_on_what_the_seat_knows():
    """Two records that differ only in hidden zones give the same sample."""
    for state in _positions({"num_players": 3}, rounds=(200,)):
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


def test_heuristic_beats_random_by_a_wide_margin():
    """48 games over four game seeds (each seat order equally often): the heuristic must win
    at least 42 (87.5%). It won all 48 when this was written; at a true win rate of 95% the
    chance of fewer than 42 wins is under 5%, so the test fails on a real weakening, not on
    the luck of one seed."""
    wins, games = 0, 0
    for seed in (7, 8, 9, 10):
        res = play_games("havoc", [agents.make("heuristic", "havoc", seed=seed),
                                   agents.make("random", "havoc", seed=seed + 100)],
                         seatings_vs(2, 12), seed=seed, config=SHORT, num_envs=12,
                         checked=True)
        st = tally(res, 0)
        wins += st.wins
        games += st.games
    assert games == 48 and wins >= 42, (wins, games)


def test_heuristic_and_mcts_choices_ignore_hidden_information():
    for state in _positions({"num_players": 3}, n_envs=2, rounds=(120,)):
        seat = int(state["to_play"][0])
        other = state.copy()
        c = (seat + 1) % 3
        n = int(other["deck_n"][0][c])
        other["deck"][0][c][:n] = np.sort(other["deck"][0][c][:n])
        other["rng"][0] = np.uint64(99)
        mask = np.zeros(envs.spec("havoc").num_actions, np.uint8)
        envs.spec("havoc").legal_mask(state.copy()[0], mask)
        obs = _obs(state, seat)
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
    for state in _positions(SHORT, n_envs=3, rounds=(10, 100)):
        if state["done"][0]:
            continue
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.legal_mask(state.copy()[0], mask)
        seat = int(state["to_play"][0])
        a = m.act(_obs(state, seat), mask, state.copy(), seat)
        assert mask[a] == 1


# -- heuristic scenarios (envs/havoc/scenario.py positions) --------------------------------
EMPTY = ["......"] * 6


def _sea(ships, crews, **kw):
    from envs.havoc import scenario

    d = {"players": len(crews), "phase": "sea", "seed": 7, "grid": EMPTY, "wrecks": [],
         "ships": ships, "crews": crews, "first": 0, "cur": 0, "damage_left": 20}
    d.update(kw)
    return scenario.from_scenario(d)


def _play_turn(arr, agent, seat=0):
    """Let ``agent`` take every decision of ``seat`` until another seat is to play."""
    spec = envs.spec("havoc")
    mask = np.zeros(spec.num_actions, np.uint8)
    taken = []
    while int(arr["to_play"][0]) == seat and not arr["done"][0]:
        spec.legal_mask(arr[0], mask)
        a = agent.act(_obs(arr, seat), mask, arr.copy(), seat)
        assert mask[a]
        taken.append(spec.action_label(arr[0], a))
        spec.apply(arr[0], a)
    return taken


def test_heuristic_fires_a_broadside_at_an_enemy_off_its_beam():
    """[Cannon Fire; Scoring a Hit] enemy two squares off the starboard beam, Long Gun
    (range 3, 1 cannonball) in hand: the heuristic fires right for a 2-Infamy broadside."""
    arr = _sea([{"crew": 0, "at": [2, 2], "heading": "N"},
                {"crew": 1, "at": [2, 4], "heading": "N"}],
               [{"res": [1, 2, 0], "hand": {"Long Gun": 1, "Make Way": 1}},
                {"res": [1, 1, 1], "hand": {"Make Way": 1}}])
    before = int(arr["infamy"][0][0])
    taken = _play_turn(arr, agents.make("heuristic", "havoc", seed=0))
    assert int(arr["infamy"][0][0]) == before + 2, taken


def test_heuristic_takes_the_flag_action_it_is_offered():
    """[Flags] Swift's other turn offered after a Three Knots played or passed: the heuristic
    takes it (the look-ahead scores no turn, so without its rule it would decline at random)."""
    for seed in range(4):
        arr = _sea([{"crew": 0, "at": [2, 2], "heading": "N"},
                    {"crew": 1, "at": [4, 4], "heading": "N"}],
                   [{"hand": {"Three Knots": 2}}, {"hand": {"Make Way": 1}}],
                   flags={"Swift": 0})
        taken = _play_turn(arr, agents.make("heuristic", "havoc", seed=seed))
        assert any(t.startswith("take Swift") for t in taken), taken


def test_search_takes_the_flag_action_it_is_offered():
    """[Flags] "You may then perform": declining Swift's other turn stays legal, but the
    search neither tries it at its root nor in its tree or playouts (envs/havoc/prune.py: its
    horizon cannot value a turn), so every simulation goes through taking it."""
    from envs.core.search import search
    from envs.havoc.state import A_OPTION, A_STOP, PK_FLAG

    spec = envs.spec("havoc")
    arr = _sea([{"crew": 0, "at": [2, 2], "heading": "N"},
                {"crew": 1, "at": [4, 4], "heading": "N"}],
               [{"hand": {"Three Knots": 2}}, {"hand": {"Make Way": 1}}], flags={"Swift": 0})
    mask = np.zeros(spec.num_actions, np.uint8)
    heuristic = agents.make("heuristic", "havoc", seed=0)
    while int(arr["pending"][0]) != PK_FLAG:
        assert int(arr["to_play"][0]) == 0
        spec.legal_mask(arr[0], mask)
        spec.apply(arr[0], heuristic.act(_obs(arr, 0), mask, arr.copy(), 0))
    spec.legal_mask(arr[0], mask)
    assert mask[A_OPTION] and mask[A_STOP]            # the rules still offer both
    pruned = mask.copy()
    spec.prune(arr[0], pruned)
    assert np.flatnonzero(mask != pruned).tolist() == [A_STOP]
    for seed in range(3):
        visits = search(spec, arr, 40, seed=seed, max_rollout=20)
        assert visits[A_STOP] == 0 and visits[A_OPTION] == 40
    assert agents.make("mcts:40", "havoc", seed=0).act(_obs(arr, 0), mask, arr.copy(), 0) \
        == A_OPTION


def test_search_prunes_nothing_but_a_flag_decline():
    """Every other decision reached by random play keeps its whole legal mask."""
    from envs.havoc.state import PK_FLAG

    spec = envs.spec("havoc")
    mask = np.zeros(spec.num_actions, np.uint8)
    for rec in _positions({"num_players": 2}, n_envs=4, rounds=range(0, 400, 7)):
        if int(rec["to_play"][0]) < 0 or int(rec["pending"][0]) == PK_FLAG:
            continue
        spec.legal_mask(rec[0], mask)
        pruned = mask.copy()
        spec.prune(rec[0], pruned)
        assert np.array_equal(pruned, mask)


def test_heuristic_steers_clear_of_a_rock():
    """[Collisions] Full Canvas (two squares ahead) would ram the rock right ahead and take a
    Damage card; the heuristic passes it or plays the other card instead."""
    grid = ["......", "..R...", "......", "......", "......", "......"]
    arr = _sea([{"crew": 0, "at": [3, 2], "heading": "N"},
                {"crew": 1, "at": [5, 5], "heading": "E"}],
               [{"res": [1, 1, 1], "hand": {"Full Canvas": 1, "Helm Hard Over": 1}},
                {"res": [1, 1, 1], "hand": {"Make Way": 1}}], grid=grid)
    from envs.havoc.scoring import damage_cards

    _play_turn(arr, agents.make("heuristic", "havoc", seed=0))
    assert damage_cards(arr[0], 0) == 0


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
