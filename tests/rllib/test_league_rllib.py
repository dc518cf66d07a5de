"""The league inside RLlib: each sampled episode follows the lineup drawn for it (local mode).

For both env paths (RLlib's own vectorisation over ``BroadsideMultiAgentEnv`` and the
``VectorGameEnvRunner``): ``main`` holds exactly one seat, every agent RLlib saw is mapped to
the module its episode's lineup names, heuristic seats (played inside the env) never appear,
and only ``main``'s agents carry training data for PPO (``policies_to_train``).
"""

from __future__ import annotations

import pytest

pytest.importorskip("ray.rllib")

from training.rllib.league import MAIN  # noqa: E402
from training.rllib.trainer import RLlibConfig, build_algo_config, init_ray  # noqa: E402

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("vector", [False, True], ids=["single-envs", "vectorgame"])
def test_sampled_episodes_follow_their_lineups(vector):
    init_ray(None, 2)
    cfg = RLlibConfig(game="havoc", game_config={"num_players": 3, "damage_deck": 2},
                      num_env_runners=0, num_envs_per_env_runner=4, vector=vector,
                      opponents={"self": 0.0, "snapshot": 0.0, "heuristic": 0.4,
                                 "random": 0.6}, seed=5)
    algo = build_algo_config(cfg, has_heuristic=True).build_algo()
    try:
        episodes = algo.env_runner_group.local_env_runner.sample(num_timesteps=400,
                                                                 explore=True)
        assert algo.config.policies_to_train == [MAIN]
    finally:
        algo.stop()
    kinds = set()
    for ep in episodes:
        lineup = ep.custom_data["lineup"]
        assert lineup.count(MAIN) == 1
        kinds.update(lineup)
        for agent in ep.agent_ids:
            seat = int(agent.rsplit("_", 1)[1])
            assert lineup[seat] != "heuristic", "a built-in seat reached RLlib"
            assert ep.module_for(agent) == lineup[seat]
    assert kinds == {MAIN, "random", "heuristic"}
