"""A search tree kept from one move to the next (envs/core/search.py ``KeptTree``, the
``reuse=on`` option of the mcts agent): the subtree of the move played is the next search's
tree, node for node, with its visits, returns and prior weights; the rest is handed back
clean; an agent finds a kept tree only for the record it is rooted at, and its root then
reaches the agent's budget as a fresh one would."""

import numpy as np
import pytest

import agents
import envs
from envs.core.search import KeptTree, search
from test_search_prior import _one_hot_prior
from test_search_stop import _positions
from test_search_tables import cleared

GAMES = ["havoc", "seventh_sea", "five_sails", "cursed_seas"]


def _nodes_by_path(tables, nodes: int) -> dict:
    """Every node of a tree as {action path from the root: (visits, returns, top logit,
    prior weights)}."""
    child, pw, top, _avail, up, via, n, w = tables
    paths = {0: ()}
    for nd in range(1, nodes):
        paths[nd] = paths[int(up[nd])] + (int(via[nd]),)
    out = {}
    for nd in range(nodes):
        weights = pw[nd].copy() if pw.shape[0] > 1 else None
        out[paths[nd]] = (int(n[nd]), w[nd].copy(), float(top[nd]), weights)
        kids = np.flatnonzero(child[nd] >= 0)
        assert all(up[child[nd, a]] == nd and via[child[nd, a]] == a for a in kids)
    return out


def _same(a, b) -> bool:
    return (a[0] == b[0] and np.array_equal(a[1], b[1])
            and np.array_equal(np.array(a[2]), np.array(b[2]), equal_nan=True)
            and (a[3] is None) == (b[3] is None)
            and (a[3] is None or np.array_equal(a[3], b[3], equal_nan=True)))


@pytest.mark.parametrize("prior", [False, True], ids=["uct", "prior"])
def test_the_kept_subtree_is_the_subtree_of_the_move_node_for_node(prior):
    """After keep(a) every node under the root's action a is in the kept tree at the same
    action path less its first step, with the same visits, returns, top logit and prior
    weights; every other row is as a fresh tree's."""
    spec = envs.spec("toy")
    net = _one_hot_prior(spec, 2, strength=1.0) if prior else None
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = 3
    vec.refresh()
    root = vec.states[0:1].copy()
    tree = KeptTree()
    visits = search(spec, root, 400, seed=5, prior=net, tree=tree)
    before = _nodes_by_path(tree.tables, tree.nodes)
    for a in np.argsort(-visits)[:2]:
        copy = KeptTree()
        copy.tables = tuple(t.copy() for t in tree.tables)
        copy.nodes = tree.nodes
        kept = copy.keep(int(a))
        under = {p[1:]: v for p, v in before.items() if p[:1] == (int(a),)}
        assert kept == len(under) > 1
        after = _nodes_by_path(copy.tables, kept)
        assert after.keys() == under.keys()
        assert all(_same(after[p], under[p]) for p in after)
        assert copy.visits() == visits[a]
        assert cleared(copy.tables, kept)


def test_a_search_from_a_kept_tree_adds_its_simulations_to_it():
    """The kept root's visits plus the simulations run are the root's visits after the
    search, and its children's visits grow from what they held."""
    spec = envs.spec("toy")
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = 3
    vec.refresh()
    root = vec.states[0:1].copy()
    tree = KeptTree()
    first = search(spec, root, 300, seed=1, tree=tree)
    again = search(spec, root, 200, seed=2, tree=tree)
    assert again.sum() == first.sum() + 200
    assert (again >= first).all()
    tree.clear()
    assert tree.nodes == 0 and cleared(tree.tables)


def test_a_kept_tree_asks_for_a_tree_of_its_own_with_a_gumbel_root():
    spec = envs.spec("toy")
    root = envs.make_vector("toy", num_envs=1, seed=0).states[0:1].copy()
    with pytest.raises(ValueError, match="Gumbel"):
        search(spec, root, 50, halving=2, tree=KeptTree())


def _own_runs(game: str, seed: int):
    """(record, the record after its move, mask) of positions where the seat to play
    decides again right after its own move, from random games."""
    spec = envs.spec(game)
    out = []
    for root, mask in _positions(game, 40, seed):
        after = root.copy()
        a = int(np.flatnonzero(mask)[0])
        spec.single.apply(after, 0, a, np.zeros(spec.num_actions, np.uint8))
        if after["to_play"][0] == root["to_play"][0] and not after["fault"][0]:
            out.append(root)
        if len(out) >= 3:
            break
    return out


@pytest.mark.parametrize("game", GAMES)
def test_an_agent_finds_its_tree_only_where_its_move_led_and_fills_it_to_its_budget(
        game, monkeypatch):
    """With reuse on, the agent keeps the subtree of its move where it decides next; the
    search from that record starts from it and ends with the budget's visits at the root
    (not the budget added to them, and one simulation at least); another record starts a
    fresh tree."""
    from agents.mcts import MCTSAgent

    searched = []          # the root's visits at the end of each search, before its keep
    keep = KeptTree.keep
    monkeypatch.setattr(KeptTree, "keep",
                        lambda self, a: searched.append(self.visits()) or keep(self, a))
    spec = envs.spec(game)
    roots = _own_runs(game, seed=3)
    assert roots, game
    agent = MCTSAgent(game, simulations=60, seed=0, reuse=True)
    agent.stop_when_decided = False
    for root in roots:
        mask = np.zeros(spec.num_actions, np.uint8)
        spec.single.legal(root.copy(), 0, mask)
        a = agent.search(root, mask)
        after = root.copy()
        spec.single.apply(after, 0, a, np.zeros(spec.num_actions, np.uint8))
        if after["to_play"][0] != root["to_play"][0]:
            assert after.tobytes() not in agent.kept
            continue
        tree = agent.kept[after.tobytes()]
        held = tree.visits()
        assert 0 < held <= 60
        nxt = np.zeros(spec.num_actions, np.uint8)
        spec.single.legal(after.copy(), 0, nxt)
        if nxt.sum() > 1:
            agent.search(after, nxt)
            assert after.tobytes() not in agent.kept
            assert searched[-1] == max(60, held + 1)     # one simulation at least
    agent.seed(1)
    assert not agent.kept


@pytest.mark.parametrize("game", GAMES)
def test_an_agent_that_keeps_its_trees_plays_whole_games_legally(game):
    """Whole games through the evaluation loop (several games a batch, so trees of
    different games are kept at once): every move legal, every game ended."""
    from training.evaluate import play_games, seatings_vs

    me = agents.make("mcts:10:reuse=on:prior=pretrained", game, seed=0)
    heur = agents.make("heuristic", game, seed=1)
    results = play_games(game, [me, heur], seatings_vs(2, 2), seed=4,
                         config={"num_players": 2}, num_envs=2, checked=True)
    assert len(results) == 2 and all(r is not None for r in results)
    assert me.name == "mcts:10:reuse=on:prior=pretrained"


def test_an_agent_keeps_a_tree_for_every_game_of_a_batch():
    """A batch of more games than ``KEPT_TREES`` (an evaluation plays 64 at once): the tree
    of every game where the seat decides next is still kept when the next batch comes."""
    from agents.mcts import MCTSAgent

    game = "cursed_seas"
    spec = envs.spec(game)
    agent = MCTSAgent(game, simulations=8, seed=0, reuse=True)
    roots = []
    for seed in range(40):
        for root in _own_runs(game, seed):
            roots.append(root)
        if len(roots) > agent.KEPT_TREES + 4:
            break
    states = np.concatenate(roots)
    masks = np.zeros((len(roots), spec.num_actions), np.uint8)
    for i in range(len(roots)):
        spec.single.legal(states, i, masks[i])
    moves = agent.act_batch(None, masks, states, None)
    nxt = 0
    for i, a in enumerate(moves):
        after = states[i:i + 1].copy()
        spec.single.apply(after, 0, int(a), np.zeros(spec.num_actions, np.uint8))
        if after["to_play"][0] == states["to_play"][i]:
            nxt += 1
            assert after.tobytes() in agent.kept
    assert nxt > agent.KEPT_TREES


def test_a_fresh_tree_takes_a_dropped_trees_tables_cleared():
    """A tree not kept (a rival decides next) is cleared and its tables serve the next
    fresh search: the search from them is the search from new tables."""
    from agents.mcts import MCTSAgent

    spec = envs.spec("toy")
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    root = vec.states[0:1].copy()
    agent = MCTSAgent("toy", simulations=300, seed=0, reuse=True)
    agent.search(root, vec.masks[0].copy())
    assert not agent.kept and len(agent.spare) == 1          # the toy's seats alternate
    assert cleared(agent.spare[0].tables)
    used = agent.spare[0]
    q_spare, q_new = np.zeros(spec.num_actions), np.zeros(spec.num_actions)
    again = search(spec, root, 300, seed=3, q=q_spare, tree=agent._tree_at(root))
    fresh = search(spec, root, 300, seed=3, q=q_new, tree=KeptTree())
    assert not agent.spare and np.array_equal(again, fresh) and np.array_equal(q_spare, q_new)
    assert used.nodes > 0
