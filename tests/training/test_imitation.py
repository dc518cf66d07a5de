"""Imitation warm start (training/imitation.py): behaviour cloning of the heuristic lowers the
cross-entropy on heuristic decisions and makes the policy agree with the heuristic above
chance on held-out games; returns are the seat's own discounted rewards; the trainer and
the CLI wire it in."""

import numpy as np
import pytest

from training.imitation import _returns, clone, collect, evaluate
from training.trainer import TrainConfig, Trainer

SMALL = dict(num_envs=4, n_steps=32, batch_size=64, n_epochs=2, eval_every=128, eval_games=8,
             eval_envs=8, tensorboard=False, progress=False)


def _fresh_policy(tmp_path, game="toy", net_arch=(32,), **kw):
    cfg = TrainConfig(game=game, timesteps=128, net_arch=net_arch, run_dir=str(tmp_path),
                      **dict(SMALL, **kw))
    return Trainer(cfg).model.policy


def test_demonstrations_are_the_heuristics_legal_choices_with_its_inputs():
    import envs

    demos = collect("toy", 12, seed=5)
    assert demos.episodes == 12 and len(demos) > 12 and len(np.unique(demos.games)) == 12
    assert demos.masks[np.arange(len(demos)), demos.actions].all()    # legal choices only
    assert (demos.masks.sum(axis=1) >= 2).all()                       # forced ones left out
    assert demos.obs.shape == (len(demos), envs.spec("toy").obs_size)
    assert np.all(np.abs(demos.returns) <= 1.0 + 1e-6)


def test_returns_are_the_seats_own_rewards_discounted_by_its_own_decisions():
    seat_of = [0, 1, 0, 1, 0]
    paid = [0.0, 0.0, 0.0, -1.0, 1.0]       # seat 1 paid -1 after its 2nd move, seat 0 +1
    out = {}
    _returns(list(range(5)), seat_of, paid, 0.5, out)
    assert out[4] == 1.0 and out[2] == 0.5 and out[0] == 0.25
    assert out[3] == -1.0 and out[1] == -0.5


def test_behaviour_cloning_lowers_the_loss_and_agrees_above_chance_on_held_out_games(tmp_path):
    demos = collect("toy", 200, seed=1)
    train, test = demos.split(0.25, seed=0)
    assert set(train.games).isdisjoint(set(test.games)) and len(test) > 50
    policy = _fresh_policy(tmp_path)
    before = evaluate(policy, test)
    log = clone(policy, train, epochs=8, lr=3e-3, seed=0)
    after = evaluate(policy, test)
    assert log[-1]["loss"] < log[0]["loss"]
    assert after["loss"] < before["loss"] - 0.05
    # ~490 held-out decisions: 0.08 above chance is more than 3 standard errors
    assert after["agreement"] > after["chance"] + 0.08, after


def test_behaviour_cloning_on_havoc_agrees_with_the_heuristic_above_chance(tmp_path):
    cfg = {"num_players": 2, "auto_forced": True, "damage_deck": 4, "max_steps": 3000}
    demos = collect("havoc", 10, config=cfg, seed=2)
    train, test = demos.split(0.2, seed=0)
    policy = _fresh_policy(tmp_path, game="havoc", net_arch=(64,), game_config=cfg)
    before = evaluate(policy, test)
    clone(policy, train, epochs=2, seed=0)
    after = evaluate(policy, test)
    assert after["loss"] < before["loss"]
    assert after["agreement"] > after["chance"] + 0.1, after


def test_trainer_warm_start_is_recorded_and_counts_as_training_time(tmp_path):
    tr = Trainer(TrainConfig(game="toy", timesteps=128, net_arch=(16,), run_dir=str(tmp_path),
                             imitate=20, imitate_epochs=2, **SMALL))
    from agents.policy import actor_logits

    im = tr.imitation
    assert im["episodes"] == 20 and len(im["epochs"]) == 2
    assert im["held_out_after"]["loss"] < im["held_out_before"]["loss"]
    assert tr.train_cpu_seconds > 0 and tr.train_seconds > 0
    # the first snapshot (the baseline of the pool) is the cloned policy, not a fresh one
    obs = tr.env.vec.obs.copy()
    assert np.allclose(actor_logits(tr.pool.snapshots[0].policy, obs),
                       actor_logits(tr.model.policy, obs))
    tr.train()
    assert tr.history[0]["imitation"]["episodes"] == 20


def test_collect_refuses_no_episodes_and_games_without_a_heuristic(monkeypatch):
    with pytest.raises(ValueError, match="at least 1"):
        collect("toy", 0)
    from agents import heuristic

    def none(game, seed=None):
        raise KeyError(game)

    monkeypatch.setattr(heuristic, "make", none)
    with pytest.raises(ValueError, match="has none"):
        collect("toy", 2)


def test_cloning_learns_the_demonstrators_best_set_not_its_coin_flips(tmp_path):
    """A demonstrator indifferent between two actions flips a coin; the set loss teaches the
    policy to pick one of the two, which exact-action agreement (about half) cannot show."""
    demos = collect("toy", 200, seed=3)
    rng = np.random.default_rng(0)
    legal = [np.flatnonzero(m) for m in demos.masks]
    demos.best[:] = False
    for i, ls in enumerate(legal):
        demos.best[i, ls[:2]] = True                       # the two lowest legal actions tie
        demos.actions[i] = ls[rng.integers(2)]             # and the coin picks one
    train, test = demos.split(0.25, seed=0)
    policy = _fresh_policy(tmp_path)
    clone(policy, train, epochs=6, lr=3e-3, seed=0)
    after = evaluate(policy, test)
    assert after["agreement"] > 0.95, after
    assert after["agreement_exact"] < 0.75, after
    assert after["chance"] >= after["chance_exact"]


def test_havoc_heuristic_marks_every_action_it_rated_best():
    """The Havoc heuristic's ties: the chosen action is always in its best set, the set is
    legal, and some decisions have more than one best action."""
    cfg = {"num_players": 2, "auto_forced": True, "damage_deck": 4, "max_steps": 3000}
    demos = collect("havoc", 3, config=cfg, seed=4)
    assert demos.best[np.arange(len(demos)), demos.actions].all()
    assert not (demos.best & ~demos.masks).any()
    assert (demos.best.sum(axis=1) > 1).any()


class _Last:
    """Plays the highest legal action and counts its calls."""

    needs_state = False

    def __init__(self):
        self.calls = 0

    def act_batch(self, obs, masks, states=None, seats=None):
        self.calls += len(masks)
        return np.array([int(np.flatnonzero(m)[-1]) for m in masks], dtype=np.int64)


def test_dagger_collection_lets_the_learner_steer_and_the_heuristic_label():
    """DAgger: the learner's choices move the game, the heuristic's are the labels."""
    plain = collect("toy", 6, seed=9)
    learner = _Last()
    mixed = collect("toy", 6, seed=9, learner=learner)
    assert learner.calls > 0
    assert mixed.masks[np.arange(len(mixed)), mixed.actions].all()
    assert mixed.best[np.arange(len(mixed)), mixed.actions].all()
    assert (len(plain) != len(mixed)
            or (plain.obs != mixed.obs).nnz > 0), "the learner's moves changed nothing"


def test_warm_start_runs_dagger_rounds_after_cloning(tmp_path):
    from training.imitation import warm_start

    policy = _fresh_policy(tmp_path)
    im = warm_start(policy, "toy", 10, seed=1, epochs=2, dagger_rounds=2, dagger_share=0.5)
    assert [r["round"] for r in im["dagger"]] == [1, 2]
    assert all(r["episodes"] == 5 for r in im["dagger"]) and im["dagger_decisions"] > 0
    assert im["held_out_after"]["decisions"] == im["held_out_cloned"]["decisions"]


@pytest.mark.parametrize("game, cfg", [
    ("havoc", {"num_players": 2, "auto_forced": True, "damage_deck": 4, "max_steps": 3000}),
    # a scored head reading blocks inside the trunk (agents/scored_policy.py): it must read
    # the observation's own columns while the first layers read renumbered ones
    ("five_sails", {"num_players": 2, "max_steps": 600}),
], ids=["havoc", "five_sails_scored"])
def test_cloning_through_narrowed_rows_clones_as_dense_layers_do(tmp_path, monkeypatch,
                                                                 game, cfg):
    """Cloning with sparse first layers narrows them to the rows the demonstrations reach
    (training/live_rows.py) and reads no dense batch, and gives the weights cloning with
    plain dense layers gives."""
    import torch

    from training import live_rows

    demos = collect(game, 3, config=cfg, seed=4)
    dense = _fresh_policy(tmp_path / "a", game=game, game_config=cfg, sparse_input=False)
    ours = _fresh_policy(tmp_path / "b", game=game, game_config=cfg)
    assert all(torch.equal(a, b) for a, b in zip(dense.state_dict().values(),
                                                 ours.state_dict().values()))
    seen = []
    real = live_rows.narrowed

    def spy(layers, opt, used):
        seen.append(len(layers))
        return real(layers, opt, used)

    monkeypatch.setattr(live_rows, "narrowed", spy)
    monkeypatch.setattr(type(demos.obs), "toarray", lambda self: pytest.fail("a dense batch"))
    clone(ours, demos, epochs=2, seed=0)
    monkeypatch.undo()
    clone(dense, demos, epochs=2, seed=0)
    assert seen == [2]
    # The two paths sum in different orders. Adam divides a step by the gradient's own scale,
    # so where a gradient is almost nil (a kind with few demonstrations) that rounding moves
    # the weight by up to a step (lr 1e-3): 3.4e-5 was seen on an AVX-512 machine. A tenth of
    # a step allows it; reading a wrong row moves many weights by whole steps.
    for (k, a), b in zip(dense.state_dict().items(), ours.state_dict().values()):
        torch.testing.assert_close(b, a, atol=1e-4, rtol=1e-4, msg=k)
