"""Agent protocol, random/heuristic/policy agents and ``agents.make`` on the toy game."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import agents
from agents.base import masked_argmax, sample_legal
from agents.policy import PolicyAgent
from training.evaluate import evaluate_vs, play_games, seatings_vs, tally


@given(st.integers(1, 40), st.integers(1, 12), st.integers(0, 2**32 - 1))
def test_sample_legal_only_picks_legal_actions(n_actions, rows, seed):
    rng = np.random.default_rng(seed)
    masks = (rng.random((rows, n_actions)) < 0.3).astype(np.uint8)
    masks[0] = 0  # a row with nothing legal
    out = sample_legal(masks, np.random.default_rng(seed + 1))
    assert out[0] == -1
    for i in range(1, rows):
        if masks[i].any():
            assert masks[i, out[i]] == 1
        else:
            assert out[i] == -1


def test_sample_legal_is_uniform_over_legal_actions():
    mask = np.zeros((20000, 10), np.uint8)
    mask[:, [1, 4, 5, 9]] = 1
    out = sample_legal(mask, np.random.default_rng(0))
    counts = np.bincount(out, minlength=10)
    assert set(np.flatnonzero(counts)) == {1, 4, 5, 9}
    # each of the 4 legal actions near 5000 of 20000 (6 sigma = 370)
    assert np.all(np.abs(counts[[1, 4, 5, 9]] - 5000) < 370)


def test_masked_argmax_ignores_illegal_best_scores():
    scores = np.array([[9.0, 1.0, 2.0], [0.0, 0.0, 0.0]])
    masks = np.array([[0, 1, 1], [0, 0, 0]], np.uint8)
    assert masked_argmax(scores, masks).tolist() == [2, -1]


def test_make_parses_every_kind(tmp_path):
    assert agents.make("random", "toy").name == "random"
    assert agents.make("heuristic", "toy").needs_state
    m = agents.make("mcts:17", "toy")
    assert m.simulations == 17 and m.needs_state
    assert agents.make("mcts", "toy").simulations == 200
    with pytest.raises(ValueError, match="unknown agent"):
        agents.make("alphazero", "toy")
    with pytest.raises(ValueError, match="integer"):
        agents.make("mcts:lots", "toy")
    with pytest.raises(KeyError, match="no heuristic"):
        agents.make("heuristic", "no_such_game")


def _saved_policy(tmp_path):
    from sb3_contrib import MaskablePPO

    from training.pool import OpponentPool
    from training.selfplay_env import SelfPlayVecEnv

    pool = OpponentPool("toy", {"random": 1.0}, seed=0)
    env = SelfPlayVecEnv("toy", 2, pool, seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=16, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [16]})
    path = tmp_path / "m.zip"
    model.save(str(path))
    return model, path


def test_policy_agent_loaded_from_zip_plays_like_the_live_policy(tmp_path):
    model, path = _saved_policy(tmp_path)
    loaded = agents.make(f"ppo:{path}", "toy")
    live = PolicyAgent(model.policy)
    rng = np.random.default_rng(0)
    obs = rng.random((50, model.observation_space.shape[0])).astype(np.float32)
    masks = (rng.random((50, 4)) < 0.6).astype(np.uint8)
    masks[:, 0] = 1
    a, b = loaded.act_batch(obs, masks), live.act_batch(obs, masks)
    assert np.array_equal(a, b)
    assert np.all(masks[np.arange(50), a] == 1)


def test_model_path_errors_say_what_is_wrong_and_what_to_do(tmp_path):
    """A missing file, a folder, a file that is no model and another game's model each get a
    ValueError naming the problem (never '.zip.zip', an errno or an IndexError)."""
    _, path = _saved_policy(tmp_path)
    assert agents.make(f"ppo:{tmp_path / 'm'}", "toy").name.endswith("m")   # .zip optional
    with pytest.raises(ValueError, match=r"no model at .*missing\.zip: train one with "
                                         r"`broadside train --game toy"):
        agents.make(f"ppo:{tmp_path / 'missing.zip'}", "toy")
    with pytest.raises(ValueError, match=r"is a folder: give the model file inside it, e\.g\. "
                                         r".*m\.zip"):
        agents.make(f"ppo:{tmp_path}", "toy")
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="is not a saved MaskablePPO model"):
        agents.make(f"ppo:{junk}", "toy")
    with pytest.raises(ValueError, match=r"does not fit havoc: it observes .* toy model"):
        agents.make(f"ppo:{path}", "havoc")
    with pytest.raises(ValueError, match=r"does not fit havoc"):
        agents.make(f"mcts:10:prior={path}", "havoc")


def test_actor_agent_plays_the_policy_agents_greedy_moves_without_torch(tmp_path):
    from agents.policy import ActorAgent

    model, _ = _saved_policy(tmp_path)
    rng = np.random.default_rng(1)
    obs = (rng.random((60, model.observation_space.shape[0])) < 0.3).astype(np.float32)
    masks = (rng.random((60, 4)) < 0.5).astype(np.uint8)
    masks[np.arange(60), rng.integers(0, 4, 60)] = 1
    masks[0] = 0                                   # nothing legal: -1, as PolicyAgent
    a = ActorAgent.of(model.policy).act_batch(obs, masks)
    assert np.array_equal(a, PolicyAgent(model.policy).act_batch(obs, masks))
    assert a[0] == -1 and np.all(masks[np.arange(1, 60), a[1:]] == 1)


@pytest.mark.parametrize("kind", ["random", "heuristic", "mcts:16", "ppo", "ppo-sample"])
def test_no_agent_ever_chooses_an_illegal_action(kind, tmp_path):
    """VectorGame in checked mode raises IllegalActionError on any illegal action."""
    if kind.startswith("ppo"):
        _, path = _saved_policy(tmp_path)
        kind = f"{kind}:{path}"
    me = agents.make(kind, "toy", seed=1)
    for players in (2, 3):
        res = play_games("toy", [me, agents.make("random", "toy", seed=2)],
                         seatings_vs(players, 12), seed=3, config={"num_players": players},
                         num_envs=6, checked=True)
        assert len(res) == 12 and all(r is not None for r in res)


def test_heuristic_beats_random_by_a_wide_margin():
    st_ = evaluate_vs("toy", agents.make("heuristic", "toy", seed=0),
                      agents.make("random", "toy", seed=1), 300, seed=5)
    lo, _ = st_.ci
    assert lo > 0.75, st_.as_dict()


def test_act_and_act_batch_agree():
    import envs

    vec = envs.make_vector("toy", num_envs=8, seed=4)
    h1 = agents.make("heuristic", "toy", seed=9)
    h2 = agents.make("heuristic", "toy", seed=9)
    batch = h1.act_batch(vec.obs, vec.masks, vec.states, vec.to_play.astype(np.int64))
    single = [h2.act(vec.obs[i], vec.masks[i], vec.states[i:i + 1], int(vec.to_play[i]))
              for i in range(8)]
    assert batch.tolist() == single


def test_evaluation_results_are_reproducible_from_the_seed():
    def run():
        res = play_games("toy", [agents.make("random", "toy", seed=1),
                                 agents.make("random", "toy", seed=2)],
                         seatings_vs(2, 40), seed=11, num_envs=8)
        return [(r.seats, r.returns, r.length) for r in res]

    assert run() == run()
    assert tally([], 0).games == 0
