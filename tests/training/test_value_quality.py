"""benchmarks/value_quality.py: the scores it prints and the positions it pairs with outcomes."""

import numpy as np

from benchmarks.value_quality import positions, quality


def test_a_perfect_estimate_scores_one_and_its_negation_is_as_informative():
    outcome = np.array([1.0, -1.0, 1.0, 1.0, -1.0])
    good = quality(0.5 * outcome, outcome)
    assert np.isclose(good["corr"], 1.0) and good["sign"] == 1.0 and good["mse"] < 1e-12
    bad = quality(-0.5 * outcome, outcome)
    # the affine fit takes the sign back: the error says how much is known, corr which way
    assert np.isclose(bad["corr"], -1.0) and bad["sign"] == 0.0 and bad["mse"] < 1e-12


def test_every_decision_of_both_seats_is_paired_with_its_own_seats_outcome(tmp_path):
    from sb3_contrib import MaskablePPO

    from training.pool import OpponentPool
    from training.selfplay_env import SelfPlayVecEnv

    env = SelfPlayVecEnv("five_sails", 2, OpponentPool("five_sails", {"random": 1.0}, seed=0),
                         seed=0)
    model = MaskablePPO("MlpPolicy", env, n_steps=8, batch_size=16, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [8]})
    model.save(tmp_path / "m.zip")
    kernel, critic, outcome = positions("five_sails", str(tmp_path / "m.zip"), games=2,
                                        num_envs=2)
    assert len(kernel) == len(critic) == len(outcome) > 0
    assert np.all(np.abs(kernel) <= 1.0) and np.all(np.isfinite(critic))
    # 2 players, a winner each game: the winner's decisions say +1, the loser's -1
    assert set(np.unique(outcome)) == {-1.0, 1.0}
