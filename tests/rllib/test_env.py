"""The RLlib adapter on every registered game (issue 15), no Ray cluster needed.

- RLlib's own multi-agent env checker passes for every game and every test config;
- AEC turn order: only the seat to play is observed, and its observation and mask are those
  of the PettingZoo env for that seat in the same game (nothing hidden leaks);
- at the end every seat gets its last observation and the game's rewards, with ``__all__``;
- an illegal action ends the game with -1 for the mover, as PettingZoo's classic envs do;
- built-in seats (the league's heuristic) never reach RLlib;
- the VectorGame env plays the same games as the single env, with "next_step" auto-reset.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ray.rllib")

import envs  # noqa: E402
from ray.rllib.utils.pre_checks.env import check_multiagent_environments  # noqa: E402
from training.rllib.env import BroadsideMultiAgentEnv  # noqa: E402
from training.rllib.vector_env import VectorGameMultiAgentEnv  # noqa: E402

GAMES = envs.names()
#: more steps than any game's default max_steps (Seas of Havoc: 20,000 decisions, where a
#: random game may end by truncation), with room for the step that brings the next game
STEP_BOUND = 40_000
CASES = [(g, c) for g in GAMES for c in (envs.spec(g).metadata.get("test_configs") or [{}])]


def case_id(case):
    game, config = case
    return f"{game}-" + "-".join(f"{k}={v}" for k, v in config.items())


def random_action(obs: dict, rng) -> tuple:
    (agent, o), = obs.items()
    return agent, int(rng.choice(np.flatnonzero(o["action_mask"])))


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_rllib_env_checker_passes_for_every_game(case):
    game, config = case
    env = BroadsideMultiAgentEnv({"game": game, "config": config, "seed": 3})
    check_multiagent_environments(env)
    # and its spaces hold what it returns over a random game
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(300):
        for agent, o in obs.items():
            assert env.get_observation_space(agent).contains(o)
        agent, a = random_action(obs, rng)
        obs, rew, term, trunc, _ = env.step({agent: a})
        if term["__all__"] or trunc["__all__"]:
            break


@pytest.mark.parametrize("game", GAMES)
def test_only_the_seat_to_play_is_observed_and_sees_what_pettingzoo_shows_it(game):
    """Lockstep with the strict AEC env from the same seed: the acting agent, its
    observation and its mask agree at every decision; the summed rewards agree at the end."""
    config = (envs.spec(game).metadata.get("test_configs") or [{}])[0]
    env = BroadsideMultiAgentEnv({"game": game, "config": config})
    aec = envs.make_raw(game, **config)
    rng = np.random.default_rng(11)
    for seed in (1, 2):
        obs, _ = env.reset(seed=seed)
        aec.reset(seed=seed)
        totals = dict.fromkeys(aec.possible_agents, 0.0)
        aec_totals = dict.fromkeys(aec.possible_agents, 0.0)
        for _ in range(STEP_BOUND):
            assert list(obs) == [aec.agent_selection]
            agent = aec.agent_selection
            ref = aec.observe(agent)
            np.testing.assert_array_equal(obs[agent]["observation"], ref["observation"])
            np.testing.assert_array_equal(obs[agent]["action_mask"], ref["action_mask"])
            _, a = random_action(obs, rng)
            obs, rew, term, trunc, _ = env.step({agent: a})
            aec.step(a)
            for k, r in rew.items():
                totals[k] += r
            for k, r in aec.rewards.items():
                aec_totals[k] += r
            if term["__all__"] or trunc["__all__"]:
                break
        else:
            pytest.fail("game did not end")
        assert set(obs) == set(aec.possible_agents), "every seat gets a last observation"
        assert all(not o["action_mask"].any() for o in obs.values())
        assert term["__all__"] == any(aec.terminations.values())
        assert trunc["__all__"] == (any(aec.truncations.values())
                                    and not any(aec.terminations.values()))
        for k in aec.possible_agents:
            assert totals[k] == pytest.approx(aec_totals[k], abs=1e-5)
            np.testing.assert_array_equal(obs[k]["observation"], aec.observe(k)["observation"])


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_ends_the_game_with_minus_one_for_the_mover(game):
    env = BroadsideMultiAgentEnv({"game": game})
    obs, _ = env.reset(seed=0)
    (agent, o), = obs.items()
    # a masked-out action, or one past the end of the space when every action is legal
    bad = int(np.append(np.flatnonzero(o["action_mask"] == 0), len(o["action_mask"]))[0])
    obs, rew, term, trunc, info = env.step({agent: bad})
    assert term["__all__"] and not trunc["__all__"]
    assert rew[agent] == -1.0
    assert all(r == 0.0 for a, r in rew.items() if a != agent)
    assert info[agent]["illegal_action"] == bad
    obs, _ = env.reset()
    assert len(obs) == 1   # a fresh game follows


@pytest.mark.parametrize("game", GAMES)
def test_builtin_seats_never_reach_rllib(game):
    """Seat 1 handed to the built-in random agent: RLlib sees only player_0, every step, and
    gets the end of the game."""
    config = (envs.spec(game).metadata.get("test_configs") or [{}])[0]
    env = BroadsideMultiAgentEnv({"game": game, "config": config})
    n = len(env.possible_agents)
    env.set_lineup([""] + ["random"] * (n - 1))
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=4)
    for _ in range(STEP_BOUND):
        assert list(obs) == ["player_0"]
        agent, a = random_action(obs, rng)
        obs, rew, term, trunc, _ = env.step({agent: a})
        assert set(rew) <= {"player_0"}
        if term["__all__"] or trunc["__all__"]:
            break
    else:
        pytest.fail("game did not end")
    assert list(obs) == ["player_0"] and env.agents == ["player_0"]
    with pytest.raises(ValueError, match="at least one seat"):
        env.set_lineup(["random"] * n)


@pytest.mark.parametrize("game", GAMES)
def test_vector_env_plays_the_single_env_games_with_next_step_autoreset(game):
    """Game i of the VectorGame env, seeded as VectorGame seeds it, is the single env's game
    from that seed: same observations, rewards and end; the step after the end brings the
    next game's first observation and no reward."""
    config = (envs.spec(game).metadata.get("test_configs") or [{}])[0]
    venv = VectorGameMultiAgentEnv({"game": game, "config": config}, num_envs=3)
    vobs, _ = venv.reset(seed=7)
    seeds = venv.table.vec.seeds.copy()
    singles = [BroadsideMultiAgentEnv({"game": game, "config": config}) for _ in range(3)]
    sobs = [e.reset(seed=int(s))[0] for e, s in zip(singles, seeds)]
    rng = np.random.default_rng(3)
    phase = [0] * 3   # 0 playing, 1 ended (the next step brings the next game), 2 checked
    for _ in range(STEP_BOUND):
        actions = []
        for i in range(3):
            if phase[i]:
                actions.append({})
                continue
            assert list(vobs[i]) == list(sobs[i])
            (agent, o), = vobs[i].items()
            np.testing.assert_array_equal(o["observation"], sobs[i][agent]["observation"])
            np.testing.assert_array_equal(o["action_mask"], sobs[i][agent]["action_mask"])
            actions.append(dict([random_action(vobs[i], rng)]))
        vobs, vrew, vterm, vtrunc, _ = venv.step(actions)
        for i in range(3):
            if phase[i] == 1:
                assert len(vobs[i]) == 1 and not vrew[i], "next_step auto-reset"
                phase[i] = 2
            elif phase[i] == 0:
                sobs[i], srew, sterm, strunc, _ = singles[i].step(actions[i])
                assert vrew[i] == pytest.approx(srew)
                assert vterm[i] == sterm and vtrunc[i] == strunc
                if sterm["__all__"] or strunc["__all__"]:
                    phase[i] = 1
                    for agent, o in sobs[i].items():
                        np.testing.assert_array_equal(vobs[i][agent]["observation"],
                                                      o["observation"])
        if all(p == 2 for p in phase):
            break
    else:
        pytest.fail("games did not end")
