"""Search teacher of DAgger (training/imitation.py, ``teacher="mcts:N"``): the label of a
position is the set of legal root actions a search from it visits most; only the learner's
decisions are labelled, at most ``max_labels`` per game; a bad teacher spec is refused with
a ValueError naming it before any game is played."""

import numpy as np
import pytest

import envs
from training.imitation import collect, dagger, make_teacher, search_label, warm_start


def _position(seed=4, steps=3):
    """A toy position a few decisions into a game, with more than one legal action."""
    vec = envs.make_vector("toy", num_envs=1, seed=seed)
    for _ in range(steps):
        legal = np.flatnonzero(vec.masks[0])
        vec.step(np.array([legal[0]], dtype=np.int64))
    assert vec.masks[0].sum() > 1
    return vec.states[0:1].copy(), vec.masks[0].astype(bool)


def test_search_teacher_label_is_the_most_visited_legal_set_of_a_search_with_its_seed():
    from envs.core.search import search

    state, mask = _position()
    agent = make_teacher("toy", "mcts:40", seed=11)
    best, target, visits = search_label(agent, state, mask)
    # the same search by hand: the teacher's rng draws the kernel seed, UCT c = 1, full playouts
    seed = int(np.random.default_rng(11).integers(2**63))
    want = search(envs.spec("toy"), state, 40, c=1.0, seed=seed, max_rollout=-1)
    assert np.array_equal(visits, want)
    legal = np.flatnonzero(mask)
    top = legal[want[legal] == want[legal].max()]
    assert np.array_equal(np.flatnonzero(best), top)
    assert want[legal].sum() > 0 and not best[~mask].any()
    assert np.allclose(target, np.where(mask, want, 0) / want[legal].sum())


def test_a_gumbel_root_teacher_labels_its_move_and_its_policy_target():
    """A Gumbel root's visits follow its halving schedule, so it labels with the move it
    picks and its own policy target (envs/core/halving.py ``improved_policy``), the same
    search by hand giving both."""
    from envs.core.search import search

    state, mask = _position()
    agent = make_teacher("toy", "mcts:40:gumbel=2", seed=11)
    best, target, visits = search_label(agent, state, mask)
    seed = int(np.random.default_rng(11).integers(2**63))
    info, policy = np.zeros(4, np.int64), np.zeros(len(mask))
    want = search(envs.spec("toy"), state, 40, c=1.0, seed=seed, max_rollout=-1, info=info,
                  halving=2, policy=policy)
    assert np.array_equal(visits, want)
    assert np.flatnonzero(best).tolist() == [info[3]]
    assert np.allclose(target, policy) and target.sum() == pytest.approx(1.0)
    assert not target[~mask].any()


def test_search_teacher_labels_only_learner_decisions_capped_per_game():
    class _First:
        needs_state = False

        def act_batch(self, obs, masks, states=None, seats=None):
            return np.array([int(np.flatnonzero(m)[0]) for m in masks], dtype=np.int64)

    t = make_teacher("toy", "mcts:8", seed=0)
    full = collect("toy", 4, seed=3, learner=_First())
    got = collect("toy", 4, seed=3, learner=_First(), search_teacher=t, max_labels=2)
    assert 0 < len(got) <= 2 * 4 and np.bincount(got.games).max() <= 2
    assert len(got) < len(full)            # the heuristic's own seat is not labelled
    assert got.masks[np.arange(len(got)), got.actions].all()
    assert got.best[np.arange(len(got)), got.actions].all() and not (got.best & ~got.masks).any()
    with pytest.raises(ValueError, match="learner"):
        collect("toy", 2, seed=3, search_teacher=t)


@pytest.mark.parametrize("spec", ["random", "ppo:x.zip", "mcts:lots", "mcts:0", "greedy"])
def test_bad_teacher_spec_is_refused_with_a_value_error_naming_it(spec):
    with pytest.raises(ValueError, match="teacher"):
        make_teacher("toy", spec)


def test_bad_teacher_is_refused_before_any_game_is_played(monkeypatch):
    import training.imitation as im

    def boom(*a, **k):
        raise AssertionError("a game was played before the teacher was checked")

    monkeypatch.setattr(im, "collect", boom)
    with pytest.raises(ValueError, match="teacher 'mcts:x'"):
        warm_start(None, "toy", 10, teacher="mcts:x")
    with pytest.raises(ValueError, match="teacher 'random'"):
        dagger(None, "toy", None, 1, 2, teacher="random")


def test_heuristic_teacher_is_the_default_and_builds_no_search():
    assert make_teacher("toy") is None and make_teacher("toy", " Heuristic ") is None


def test_train_cli_refuses_a_bad_teacher_in_one_line(tmp_path, capsys):
    from training.cli import main

    argv = ["train", "--game", "toy", "--imitate", "5", "--teacher", "mcts:x",
            "--run-dir", str(tmp_path / "run"), "--no-progress", "--no-tensorboard"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--teacher" in err and "mcts:x" in err, err


def test_trainer_threads_the_teacher_into_the_warm_starts_dagger_rounds(tmp_path):
    from training.trainer import TrainConfig, Trainer

    cfg = TrainConfig(game="toy", timesteps=128, net_arch=(16,), run_dir=str(tmp_path),
                      num_envs=4, n_steps=32, batch_size=64, n_epochs=1, eval_every=128,
                      eval_games=4, eval_envs=4, tensorboard=False, progress=False,
                      imitate=6, imitate_epochs=2, teacher="mcts:4")
    im = Trainer(cfg).imitation
    assert [r["teacher"] for r in im["dagger"]] == ["mcts:4"] * len(im["dagger"])
    assert im["dagger"] and im["dagger_decisions"] > 0


def test_soft_target_loss_is_the_cross_entropy_of_the_visit_shares_else_the_best_set():
    import torch

    from training.imitation import _imitation_nll

    logp = torch.log_softmax(torch.tensor([[0.0, 1.0, 2.0], [0.5, 0.0, -1.0]]), dim=1)
    best = torch.tensor([[False, True, True], [True, False, False]])
    target = torch.tensor([[0.25, 0.75, 0.0], [0.0, 0.0, 0.0]])
    got = _imitation_nll(logp, best, target)
    p0 = torch.softmax(torch.tensor([0.0, 1.0, 2.0]), 0)
    p1 = torch.softmax(torch.tensor([0.5, 0.0, -1.0]), 0)
    want = [-(0.25 * torch.log(p0[0]) + 0.75 * torch.log(p0[1])), -torch.log(p1[0])]
    assert torch.allclose(got, torch.stack(want), atol=1e-6)


def test_search_playing_its_seat_searches_once_a_move_and_plays_its_label(monkeypatch):
    import training.imitation as im

    calls = []
    real = im.search_label

    def counted(agent, state, mask, q=None):
        calls.append(1)
        return real(agent, state, mask, q=q)

    monkeypatch.setattr(im, "search_label", counted)
    t = make_teacher("toy", "mcts:8", seed=0)
    got = collect("toy", 4, seed=3, learner=t, search_teacher=t, max_labels=10_000)
    assert len(calls) == len(got) > 0         # every searched move is kept: one search each
    rows = np.arange(len(got))
    assert np.allclose(got.target.sum(axis=1), 1.0) and not (got.target[~got.masks] > 0).any()
    # the move played is the most visited legal action (the label)
    assert got.best[rows, got.actions].all()
    assert (got.target[rows, got.actions] == got.target.max(axis=1)).all()


def test_collect_parallel_deals_the_same_games_as_its_parts_collected_in_one_process():
    """The games go out in parts (up to PARTS_PER_WORKER a worker), each seeded by its
    number, and the progress counts every game as its part ends."""
    from training.imitation import PARTS_PER_WORKER, collect_parallel

    class Count:
        done = 0

        def update(self, n):
            self.done += n

    # a registered game (worker processes import only envs), cut short by its step bound
    cfg = {"num_players": 2, "max_steps": 40}
    count = Count()
    par = collect_parallel("havoc", 9, workers=2, seed=7, learner="teacher",
                           teacher="mcts:6", config=cfg, progress=count)
    assert PARTS_PER_WORKER == 4 and count.done == 9
    serial = []
    for k, n in enumerate([2, 1, 1, 1, 1, 1, 1, 1]):     # the split: 9 games in 2 x 4 parts
        s = 7 + 1_000_003 * k
        t = make_teacher("havoc", "mcts:6", seed=s)
        serial.append(collect("havoc", n, seed=s, learner=t, search_teacher=t, config=cfg))
    assert par.episodes == 9 and len(np.unique(par.games)) == 9
    assert np.array_equal(par.actions, np.concatenate([p.actions for p in serial]))
    assert np.array_equal(par.target, np.concatenate([p.target for p in serial]))
    assert np.array_equal(par.obs.toarray(), np.vstack([p.obs.toarray() for p in serial]))


def test_the_move_the_search_plays_in_its_seat_is_its_label(monkeypatch):
    """Every move of the search's seat is its label's top action: with labels forced to the
    last legal action, every one of the seat's choices reaches ``step`` as that action."""
    import training.imitation as im

    def last_legal(agent, state, mask, q=None):
        best = np.zeros(len(mask), dtype=bool)
        best[np.flatnonzero(mask)[-1]] = True
        return best, best.astype(np.float32), best.astype(np.int64)

    stepped = []
    real_make = im.envs.make_vector

    def spied(*a, **k):
        vec = real_make(*a, **k)
        step = vec.step

        def spy(actions):
            masks = vec.masks.astype(bool)
            for i, act in enumerate(actions):
                if act >= 0 and masks[i].sum() > 1:
                    stepped.append(act == np.flatnonzero(masks[i])[-1])
            return step(actions)

        vec.step = spy
        return vec

    monkeypatch.setattr(im, "search_label", last_legal)
    monkeypatch.setattr(im.envs, "make_vector", spied)
    t = make_teacher("toy", "mcts:4", seed=0)
    got = collect("toy", 3, seed=3, learner=t, search_teacher=t, max_labels=10_000)
    assert len(got) > 0 and sum(stepped) >= len(got)
