"""A narrowed update (training/live_rows.py) is plain Adam's update of the whole first layer:
rows no input reaches and no moment holds stay as they are, rows with a moment step on
without a gradient, and the layer, its Parameter and its optimizer state are whole again
after it."""

import numpy as np
import pytest
import torch

from training import live_rows, sparse_input
from training.adam import adopt

F_IN, H = 300, 16


def _layer(seed=0):
    torch.manual_seed(seed)
    lin = torch.nn.Linear(F_IN, H)
    lin.__class__ = sparse_input.SparseInputLinear
    lin.lay_out_transposed()
    return lin


def _batch(cols, seed, rows=64):
    """A sparse batch whose non-zeros lie in ``cols`` only."""
    rng = np.random.default_rng(seed)
    x = np.zeros((rows, F_IN), np.float32)
    sub = rng.normal(size=(rows, len(cols))).astype(np.float32)
    sub[rng.random(sub.shape) > 0.2] = 0.0
    x[:, cols] = sub
    return torch.from_numpy(x)


def _step(layer, opt, x, seed, columns=None):
    """One Adam step on ``sum(layer(x) * g)`` with PPO's gradient clipping; ``columns``
    renumbers the batch's compressed rows for a narrowed layer."""
    indptr, cols, vals = sparse_input._compress(x)
    if columns is not None:
        cols = columns[cols]
    x._broadside_rows = (x._version, (indptr, cols, vals))
    g = torch.from_numpy(np.random.default_rng(seed).normal(size=(x.shape[0], H))
                         .astype(np.float32))
    opt.zero_grad()
    (layer(x) * g).sum().backward()
    torch.nn.utils.clip_grad_norm_(layer.parameters(), 0.5)
    opt.step()


def _pair():
    plain, ours = _layer(), _layer()
    return (plain, adopt(torch.optim.Adam(plain.parameters(), lr=1e-2, eps=1e-5)),
            ours, adopt(torch.optim.Adam(ours.parameters(), lr=1e-2, eps=1e-5)))


PHASES = (np.arange(0, 100), np.arange(50, 150))     # the second leaves rows 0-49 out


def test_a_narrowed_update_is_plain_adam_on_the_whole_layer():
    """Phase 2's inputs never reach rows 0-49, but their moments from phase 1 still move
    them (Adam's moment decay): the narrowed layer must step them as plain Adam does."""
    plain, plain_opt, ours, opt = _pair()
    weight = ours.weight
    step = 0
    for phase, cols in enumerate(PHASES):
        batches = [_batch(cols, seed=10 * phase + i) for i in range(3)]
        for x in batches:
            _step(plain, plain_opt, x.clone(), seed=step)
            step += 1
        step -= len(batches)
        used = np.unique(np.concatenate([sparse_input._compress(x)[1] for x in batches]))
        with live_rows.narrowed([ours], opt, used) as columns:
            assert columns is not None
            for x in batches:
                _step(ours, opt, x.clone(), seed=step, columns=columns)
                step += 1
        assert ours.weight is weight and opt.param_groups[0]["params"][0] is weight
        torch.testing.assert_close(ours.weight.detach(), plain.weight.detach(),
                                   atol=1e-6, rtol=1e-5)
        torch.testing.assert_close(ours.bias.detach(), plain.bias.detach(),
                                   atol=1e-6, rtol=1e-5)
        for k in ("exp_avg", "exp_avg_sq"):
            torch.testing.assert_close(opt.state[weight][k], plain_opt.state[plain.weight][k],
                                       atol=1e-7, rtol=1e-5)
    assert not torch.equal(ours.weight[:, :50], _layer().weight[:, :50])   # rows 0-49 moved
    assert torch.equal(ours.weight[:, 150:], _layer().weight[:, 150:])     # never reached


def test_the_block_holds_only_the_live_rows_and_numbers_the_others_minus_one():
    plain, plain_opt, ours, opt = _pair()
    _step(ours, opt, _batch(PHASES[0], seed=1), seed=0)       # moments on rows 0-99
    used = np.array([120, 130, 140])
    with live_rows.narrowed([ours], opt, used) as columns:
        live = np.flatnonzero(columns >= 0)
        np.testing.assert_array_equal(live, np.r_[0:100, 120, 130, 140])
        np.testing.assert_array_equal(columns[live], np.arange(live.size))
        assert ours.weight.shape == (H, live.size)
        assert opt.state[ours.weight]["exp_avg"].shape == (H, live.size)
    assert ours.weight.shape == (H, F_IN)
    assert opt.state[ours.weight]["exp_avg"].shape == (H, F_IN)
    # the whole state saves and loads into a plain Adam over the whole layer
    fresh = _layer()
    torch.optim.Adam(fresh.parameters(), lr=1e-2).load_state_dict(opt.state_dict())


@pytest.mark.parametrize("case", ["weight decay", "sgd", "too many live", "no inputs known"])
def test_narrowing_is_declined_where_it_would_not_be_plain_adam_or_would_not_pay(case):
    lin = _layer()
    opt = {"weight decay": torch.optim.Adam(lin.parameters(), weight_decay=1e-4),
           "sgd": torch.optim.SGD(lin.parameters(), lr=0.1)}.get(
        case, torch.optim.Adam(lin.parameters()))
    used = {"too many live": np.arange(int(F_IN * live_rows.MAX_LIVE) + 1),
            "no inputs known": None}.get(case, np.arange(10))
    weight = lin.weight
    with live_rows.narrowed([lin], opt, used) as columns:
        assert columns is None
        assert lin.weight is weight and lin.weight.shape == (H, F_IN)


def test_a_narrowed_layer_refuses_a_batch_without_its_renumbered_rows():
    lin = _layer()
    opt = torch.optim.Adam(lin.parameters())
    with live_rows.narrowed([lin], opt, np.arange(10)):
        with pytest.raises(RuntimeError, match="narrowed first layer"):
            lin(_batch(np.arange(10), seed=0))


def test_an_error_in_the_block_leaves_the_layer_whole():
    lin = _layer()
    opt = torch.optim.Adam(lin.parameters())
    weight, before = lin.weight, lin.weight.detach().clone()
    with pytest.raises(KeyError):
        with live_rows.narrowed([lin], opt, np.arange(10)):
            raise KeyError("boom")
    assert lin.weight is weight and torch.equal(lin.weight.detach(), before)
    assert opt.param_groups[0]["params"][0] is weight
    x = _batch(np.arange(10), seed=2)
    torch.testing.assert_close(lin(x), torch.nn.functional.linear(x, weight, lin.bias))


def _narrowing(monkeypatch) -> list:
    """Whether each update of the trainers made from now on narrowed, in order."""
    narrowed = []
    real = live_rows._live_rows

    def spy(*args):
        rows = real(*args)
        narrowed.append(rows is not None)
        return rows

    monkeypatch.setattr(live_rows, "_live_rows", spy)
    return narrowed


def _same_weights(ours, whole):
    want, got = whole.model.policy.state_dict(), ours.model.policy.state_dict()
    for k, v in want.items():
        torch.testing.assert_close(got[k], v, atol=2e-5, rtol=1e-4, msg=k)


def test_a_trainer_narrows_its_updates_and_trains_as_without(tmp_path, monkeypatch,
                                                             short_havoc_run):
    """The trainer's PPO updates narrow (Seas of Havoc's rollouts reach about half of its
    features) and give the weights and moments the whole-layer updates give."""
    narrowed = _narrowing(monkeypatch)
    ours = short_havoc_run(tmp_path / "a")
    assert type(ours.model) is live_rows.LiveRowsPPO
    assert narrowed and all(narrowed)
    monkeypatch.setattr(live_rows, "install", lambda model: model)
    whole = short_havoc_run(tmp_path / "b")
    _same_weights(ours, whole)
    a, b = ours.model.policy.optimizer.state_dict(), whole.model.policy.optimizer.state_dict()
    for i, st in b["state"].items():
        for k, v in st.items():
            torch.testing.assert_close(a["state"][i][k], v, atol=1e-6, rtol=1e-3, msg=k)


def test_a_policy_scoring_blocks_inside_its_trunk_narrows_reads_rows_only_and_trains_as_without(
        tmp_path, monkeypatch, short_havoc_run):
    """Five Sails' scored policy (its blocks inside the trunk, agents/scored_policy.py) reads
    its minibatches as compressed rows only, its first layers narrowed to the live rows and
    its head from the rows in the observation's own columns; its weights are those of the
    dense head on whole layers."""
    from training import scored_rows

    narrowed = _narrowing(monkeypatch)
    ours = short_havoc_run(tmp_path / "a", game="five_sails")
    assert sparse_input.reads_rows_only(ours.model.policy)
    assert narrowed and all(narrowed)
    monkeypatch.setattr(live_rows, "install", lambda model: model)
    monkeypatch.setattr(sparse_input, "reads_rows_only", lambda policy: False)
    monkeypatch.setattr(scored_rows, "enable", lambda policy: False)
    whole = short_havoc_run(tmp_path / "b", game="five_sails")
    assert type(whole.model.policy.action_net).__name__ == "ScoredHead"
    _same_weights(ours, whole)
