"""benchmarks/decision_time.py: the timer counts the agent's own decisions and changes none."""

import agents
from benchmarks.decision_time import TimedAgent, cpu_ms_a_decision
from training.evaluate import play_games, seatings_vs


def _lineup():
    return [agents.make("random", "five_sails", seed=4),
            agents.make("heuristic", "five_sails", seed=5)]


def test_timed_agents_play_the_same_moves_and_count_every_decision_once():
    plain = play_games("five_sails", _lineup(), seatings_vs(2, 3), seed=6,
                       config={"num_players": 2}, num_envs=2)
    timed = [TimedAgent(a) for a in _lineup()]
    got = play_games("five_sails", timed, seatings_vs(2, 3), seed=6,
                     config={"num_players": 2}, num_envs=2)
    assert [r.actions for r in got] == [r.actions for r in plain]
    assert timed[0].decisions + timed[1].decisions == sum(r.length for r in got)
    assert min(t.decisions for t in timed) > 0


def test_a_decision_time_is_measured_over_the_timed_games_only():
    ms, n = cpu_ms_a_decision("five_sails", "random", games=1)
    assert n > 0 and 0 < ms < 1000


def test_the_full_budget_times_the_same_games():
    """``--full-budget`` turns the search's stop off and changes no move: as many decisions."""
    short = cpu_ms_a_decision("five_sails", "mcts:20", games=1)[1]
    assert cpu_ms_a_decision("five_sails", "mcts:20", games=1, full_budget=True)[1] == short
