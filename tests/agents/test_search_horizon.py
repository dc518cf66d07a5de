"""The search's playout horizon at every player count (agents.mcts.default_rollout): where
the game says so (GameSpec.search_cut_grows) the cut it names is its 2-player one and grows
with the seats, and a count the game names (GameSpec.search_cut_by_players) takes its own
cut; the cut reaches the kernel from the agent and from expert iteration's labels alike."""

import dataclasses

import pytest

import agents
import envs
from agents.mcts import default_rollout
from training.imitation import search_label


def test_where_the_game_says_so_every_seat_makes_as_many_playout_decisions_as_at_two():
    """A game whose cut grows names its 2-player cut; n seats share n/2 times as many
    playout decisions (rounded up), one seat (a solo game) as many as two. Seas of Havoc's
    grows from its own 2-player cut of 40 (its search was measured to win with it at 2, 3
    and 4 players)."""
    havoc = envs.spec("havoc")
    assert havoc.search_cut_grows
    assert [default_rollout(havoc, n) for n in (1, 2, 3, 4, 5)] == [40, 40, 60, 80, 100]
    assert [default_rollout(dataclasses.replace(havoc, search_cut=7), n)
            for n in (2, 3, 4, 5)] == [7, 11, 14, 18]
    assert [default_rollout(dataclasses.replace(havoc, search_cut_grows=False), n)
            for n in (2, 3, 4)] == [40, 40, 40]
    assert default_rollout(dataclasses.replace(envs.spec("toy"), search_cut=7,
                                               search_cut_grows=True), 4) is None


def test_a_player_count_the_game_names_takes_its_own_cut():
    """GameSpec.search_cut_by_players names the cut at a count where another was measured
    to win, over the 2-player cut and its growth. Cursed Seas cuts at 10 at two and three
    players and at 80 at four, 20 decisions a seat (its plain search won 95 of 200 deals
    against three heuristics with them, 77 at 10); a bad pair is refused when the game is
    made."""
    cursed = envs.spec("cursed_seas")
    assert not cursed.search_cut_grows
    assert [default_rollout(cursed, n) for n in (2, 3, 4)] == [10, 10, 80]
    havoc = envs.spec("havoc")
    named = dataclasses.replace(havoc, search_cut_by_players=((3, 7),))
    assert [default_rollout(named, n) for n in (2, 3, 4)] == [40, 7, 80]
    assert agents.make("mcts:300", "cursed_seas").rollout_for(4) == 80
    assert agents.make("mcts:300:7", "cursed_seas").rollout_for(4) == 7
    for bad in (((0, 10),), ((3, -1),), ((3,),), ((3, 10, 1),), ((3, None),), (3,)):
        with pytest.raises(ValueError, match="search_cut_by_players"):
            dataclasses.replace(havoc, search_cut_by_players=bad)


@pytest.mark.parametrize("text, at_four", [("mcts:300", 80), ("mcts:300:7", 7),
                                           ("mcts:300:full", -1)])
def test_the_search_of_a_four_player_game_cuts_where_its_agent_says(searches, text, at_four):
    """The agent hands the kernel the cut for the game's player count: Havoc's default
    grows with the seats, a cut or ``full`` named in the agent string holds at every count, and
    a copy with a prior (expert iteration's teacher) keeps the same rule, in its moves and
    its labels alike."""
    vec = envs.make_vector("havoc", num_envs=1, seed=0, num_players=4)
    assert vec.masks[0].sum() > 1
    agent = agents.make(text, "havoc", seed=0)
    for a in (agent, agent.with_prior(None)):
        a.simulations = 8
        a.search(vec.states[0:1].copy(), vec.masks[0])
        search_label(a, vec.states[0:1].copy(), vec.masks[0])
    assert [kw["max_rollout"] for kw in searches] == [at_four] * 4
    assert agent.rollout_for(2) == (40 if text == "mcts:300" else at_four)
