"""Information-set MCTS: strength against random, and blindness to hidden information."""

import numpy as np
import pytest

import agents
import envs
from agents.mcts import MCTSAgent
from training.evaluate import evaluate_vs


def test_mcts_beats_random():
    st = evaluate_vs("toy", agents.make("mcts:64", "toy", seed=0),
                     agents.make("random", "toy", seed=1), 40, seed=2, num_envs=8)
    assert st.wins >= 30, st.as_dict()


def _hold(rec, seat, value):
    """Seat ``seat`` holds a card of ``value``: swapped with a copy in the deck or another hand."""
    if rec["card"][seat] == value:
        return
    for q in range(len(rec["card"])):
        if q != seat and rec["card"][q] == value:
            rec["card"][q], rec["card"][seat] = rec["card"][seat], value
            return
    i = int(np.flatnonzero(rec["deck"][: rec["deck_n"]] == value)[0])
    rec["deck"][i], rec["card"][seat] = rec["card"][seat], value


def test_mcts_finds_the_winning_move():
    """[End] total 18 of 21: adding 3 wins at once; MCTS must see it."""
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = 18
    _hold(vec.states[0], 0, 6)      # the secret card would overshoot
    vec.refresh()
    m = MCTSAgent("toy", simulations=60, seed=0)
    assert m.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0) == 2


def test_mcts_choice_does_not_depend_on_what_the_seat_cannot_see():
    """Swapping the opponent's secret card with a deck card changes nothing for seat 0."""
    vec = envs.make_vector("toy", num_envs=1, seed=3)
    vec.states["total"][0] = 12
    vec.refresh()
    base = vec.states.copy()
    other = base.copy()
    deck_n = int(other["deck_n"][0])
    k = int(np.flatnonzero(other["deck"][0, :deck_n] != other["card"][0, 1])[0])
    other["card"][0, 1], other["deck"][0, k] = base["deck"][0, k], base["card"][0, 1]
    assert other.tobytes() != base.tobytes()
    acts = []
    for st in (base, other):
        m = MCTSAgent("toy", simulations=80, seed=7)
        acts.append([m.act(vec.obs[0], vec.masks[0], st.copy(), 0) for _ in range(3)])
    assert acts[0] == acts[1]


def test_mcts_without_a_determinize_kernel_refuses():
    """Searching the true record would read hidden information: no kernel, no search."""
    import dataclasses

    from envs.core import search

    spec = dataclasses.replace(envs.spec("toy"), name="toy_blind", determinize=None)
    with pytest.raises(ValueError, match="no determinize kernel"):
        search.register(spec)


def test_mcts_search_leaves_the_real_state_untouched():
    vec = envs.make_vector("toy", num_envs=1, seed=5)
    before = vec.states.tobytes()
    MCTSAgent("toy", simulations=32, seed=0).act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)
    assert vec.states.tobytes() == before


@pytest.mark.parametrize("seed", range(6))
def test_uct_keeps_trying_an_action_after_a_bad_first_playout(seed):
    """UCB1 with availability counts (SO-ISMCTS): an action's exploration bonus grows with
    the visits that could have taken it, so one lost first playout does not starve it. At
    the toy game's start every move keeps more than a handful of 1,000 simulations."""
    from envs.core import search

    vec = envs.make_vector("toy", num_envs=1, seed=0)
    vec.states["total"][0] = 0
    vec.refresh()
    visits = search.search(envs.spec("toy"), vec.states[0:1], 1000, seed=seed)
    assert visits[:4].min() >= 5, visits[:4]


def test_the_spec_names_the_exploration_constant(searches):
    """mcts:N:c=C searches with C (UCT's default 1.0 otherwise) and says so in its name;
    anything but a positive number is refused by name."""
    vec = envs.make_vector("toy", num_envs=1, seed=0)
    for spec, c in (("mcts:40", 1.0), ("mcts:40:c=0.25", 0.25), ("mcts:40:5:c=3", 3.0)):
        agent = agents.make(spec, "toy", seed=0)
        agent.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)
        assert searches[-1]["c"] == c
        assert agent.name == ("mcts:40" if c == 1.0 else f"mcts:40:c={c:g}")
    for bad in ("mcts:40:c=0", "mcts:40:c=-1", "mcts:40:c=x", "mcts:40:c=inf", "mcts:40:c=nan"):
        with pytest.raises(ValueError, match="exploration constant"):
            agents.make(bad, "toy")


def test_the_spec_names_how_playouts_are_drawn_and_first_play_urgency(searches):
    """mcts:N:playouts=uniform and :fpu=on|off (an expert-iteration teacher's search,
    training/expert.py): the search is told so at every decision, the agent says so in its
    name and keeps it when it takes a prior; by default the game's playout policy and its
    own first-play urgency. Anything else is refused by name."""
    from tests.agents.test_search_prior import _one_hot_prior

    vec = envs.make_vector("toy", num_envs=1, seed=0)
    for spec, playouts, fpu in (("mcts:40", True, None),
                                ("mcts:40:playouts=uniform", False, None),
                                ("mcts:40:5:fpu=off", True, False),
                                ("mcts:40:playouts=game:fpu=on", True, True),
                                ("mcts:40:fpu=game", True, None)):
        agent = agents.make(spec, "toy", seed=0)
        agent.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)
        assert (searches[-1]["game_playouts"], searches[-1]["fpu"]) == (playouts, fpu), spec
        assert (":playouts=uniform" in agent.name) == (not playouts)
        assert (":fpu=" in agent.name) == (fpu is not None)
        again = agent.with_prior(_one_hot_prior(envs.spec("toy"), 0))
        assert (again.game_playouts, again.fpu) == (playouts, fpu)
    for bad, what in (("mcts:40:playouts=shoot", "playouts="), ("mcts:40:fpu=yes", "fpu=")):
        with pytest.raises(ValueError, match=what):
            agents.make(bad, "toy")


def test_the_spec_names_the_reading_of_the_rivals(searches):
    """mcts:N:paranoid=on|off: every rival plays against this seat, or each for itself
    (max-n), whatever the game's own reading (its ``search_paranoid``, the default); the
    search is told so, the agent says so in its name and keeps it when it takes a prior, so
    a row measured with the reading written out can be checked against the shipped agent's
    (tests/agents/test_pretrained.py). Anything else is refused by name."""
    from tests.agents.test_search_prior import _one_hot_prior

    vec = envs.make_vector("toy", num_envs=1, seed=0)
    for spec, paranoid in (("mcts:40", None), ("mcts:40:paranoid=game", None),
                           ("mcts:40:5:paranoid=on", True), ("mcts:40:paranoid=OFF", False)):
        agent = agents.make(spec, "toy", seed=0)
        agent.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)
        assert searches[-1]["paranoid"] is paranoid, spec
        assert agent.name.endswith({None: "mcts:40", True: ":paranoid=on",
                                    False: ":paranoid=off"}[paranoid]), agent.name
        assert agent.with_prior(_one_hot_prior(envs.spec("toy"), 0)).paranoid is paranoid
    for bad in ("mcts:40:paranoid=maxn", "mcts:40:paranoid="):
        with pytest.raises(ValueError, match="paranoid="):
            agents.make(bad, "toy")


def test_the_spec_says_whether_the_search_keeps_its_subtree(searches):
    """mcts:N:reuse=on|off: the search is given a kept tree or none, the agent says so in
    its name and keeps the setting when it takes a prior; off by default; anything else is
    refused by name."""
    from tests.agents.test_search_prior import _one_hot_prior

    vec = envs.make_vector("toy", num_envs=1, seed=0)
    for spec, reuse in (("mcts:40", False), ("mcts:40:reuse=off", False),
                        ("mcts:40:5:reuse=on", True), ("mcts:40:reuse=game", False)):
        agent = agents.make(spec, "toy", seed=0)
        agent.act(vec.obs[0], vec.masks[0], vec.states[0:1], 0)
        assert (searches[-1]["tree"] is not None) is reuse, spec
        assert agent.name.endswith(":reuse=on") is reuse, agent.name
        assert agent.with_prior(_one_hot_prior(envs.spec("toy"), 0)).reuse is reuse
    with pytest.raises(ValueError, match="reuse="):
        agents.make("mcts:40:reuse=yes", "toy")
