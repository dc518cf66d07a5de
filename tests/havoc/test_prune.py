"""Seas of Havoc search prune (envs/havoc/prune.py): declining a flag's action offered
(Lookout's draw, Swift's other turn), which the search's tree and playouts skip while the
rules still offer it; nothing else is pruned. Derived from [Flags] ("You may then perform the
associated Flag's action once"; ruling: Optional flag actions)."""

import numpy as np

import agents
import envs
from tests.havoc.helpers import observe, positions, sea


def test_search_takes_the_flag_action_it_is_offered():
    """[Flags] "You may then perform": declining Swift's other turn stays legal, but the
    search neither tries it at its root nor in its tree or playouts (envs/havoc/prune.py: its
    horizon cannot value a turn), so every simulation goes through taking it."""
    from envs.core.search import search
    from envs.havoc.state import A_OPTION, A_STOP, PK_FLAG

    spec = envs.spec("havoc")
    arr = sea([{"crew": 0, "at": [2, 2], "heading": "N"},
               {"crew": 1, "at": [4, 4], "heading": "N"}],
              [{"hand": {"Three Knots": 2}}, {"hand": {"Make Way": 1}}], flags={"Swift": 0})
    mask = np.zeros(spec.num_actions, np.uint8)
    heuristic = agents.make("heuristic", "havoc", seed=0)
    while int(arr["pending"][0]) != PK_FLAG:
        assert int(arr["to_play"][0]) == 0
        spec.legal_mask(arr[0], mask)
        spec.apply(arr[0], heuristic.act(observe(arr, 0), mask, arr.copy(), 0))
    spec.legal_mask(arr[0], mask)
    assert mask[A_OPTION] and mask[A_STOP]            # the rules still offer both
    pruned = mask.copy()
    spec.prune(arr[0], pruned)
    assert np.flatnonzero(mask != pruned).tolist() == [A_STOP]
    for seed in range(3):
        visits = search(spec, arr, 40, seed=seed, max_rollout=20)
        assert visits[A_STOP] == 0 and visits[A_OPTION] == 40
    assert agents.make("mcts:40", "havoc", seed=0).act(observe(arr, 0), mask, arr.copy(), 0) \
        == A_OPTION


def test_search_prunes_nothing_but_a_flag_decline():
    """Every other decision reached by random play keeps its whole legal mask."""
    from envs.havoc.state import PK_FLAG

    spec = envs.spec("havoc")
    mask = np.zeros(spec.num_actions, np.uint8)
    for rec in positions({"num_players": 2}, n_envs=4, rounds=range(0, 400, 7)):
        if int(rec["to_play"][0]) < 0 or int(rec["pending"][0]) == PK_FLAG:
            continue
        spec.legal_mask(rec[0], mask)
        pruned = mask.copy()
        spec.prune(rec[0], pruned)
        assert np.array_equal(pruned, mask)
