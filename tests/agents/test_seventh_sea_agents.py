"""7th Sea CCG agents: the heuristic (agents/heuristic/seventh_sea.py) against random play,
its blindness to hidden zones (envs/seventh_sea/observe.py), MCTS over the determinize
kernel (envs/seventh_sea/hidden.py)."""

import numpy as np
import pytest

import agents
import envs
from tests.seventh_sea.scenario_files import act, load, slot, target
from envs.seventh_sea import state as S
from training.evaluate import play_games, seatings_vs, tally


@pytest.mark.parametrize("edition", ["revised", "original"])
def test_heuristic_beats_random_at_least_95_percent(edition):
    """80 two-player games per edition, seats alternating: the heuristic must win >= 76 (95%,
    issue 30's credible-heuristic target). It won 79/80 (revised) and 80/80 (original) when
    written; as a kernel (envs/seventh_sea/heuristic.py) 397/400 and 200/200 (`broadside
    eval`, benchmarks/RESULTS.md)."""
    wins = games = 0
    for seed in (1, 2):
        res = play_games("seventh_sea", [agents.make("heuristic", "seventh_sea", seed=seed),
                                         agents.make("random", "seventh_sea", seed=seed + 100)],
                         seatings_vs(2, 40), seed=seed,
                         config={"num_players": 2, "edition": edition}, num_envs=20, checked=True)
        st = tally(res, 0)
        wins += st.wins
        games += st.games
    assert games == 80 and wins >= 76, (wins, games)


def _positions(config, seed=0, depths=(30, 120, 250)):
    e = envs.make_raw("seventh_sea", **config)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for k in range(max(depths) + 1):
        if e.record["to_play"][0] < 0:
            break
        if k in depths:
            out.append(e.record.copy())
        e.step(int(rng.choice(e.legal_actions())))
    return out


def test_heuristic_and_mcts_ignore_hidden_information():
    """A seat's choice is the same when other hands and every deck are re-dealt."""
    spec = envs.spec("seventh_sea")
    for state in _positions({"num_players": 3}):
        seat = int(state["to_play"][0])
        other = state.copy()
        spec.determinize(other[0], seat, np.uint64(77))
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.legal_mask(state.copy()[0], mask)
        obs = np.zeros(spec.obs_size, np.float32)
        spec.single.observe(state, 0, seat, obs)
        for kind in ("heuristic", "mcts:6"):
            picks = [agents.make(kind, "seventh_sea", seed=5).act(obs, mask, st.copy(), seat)
                     for st in (state, other)]
            assert picks[0] == picks[1], kind
            assert mask[picks[0]] == 1


def test_heuristic_fires_at_an_enemy_in_its_sea_with_its_best_gunner():
    """9. Perform a Cannon Attack: with an enemy in its Sea it fires, tacking its best gunner
    (Powder Priest, Cannon 3, over the Captain's 2)."""
    arr = load("cannon_attack")
    h = agents.make("heuristic", "seventh_sea", seed=0)
    spec = envs.spec("seventh_sea")
    picks = []
    for _ in range(3):
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.legal_mask(arr.copy()[0], mask)
        a = h.act(np.zeros(spec.obs_size, np.float32), mask, arr.copy(), 0)
        picks.append(a)
        act(arr, a)
    assert picks == [S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest")]
