"""LayoutAdam (training/adam.py) makes plain Adam's update, element for element, whatever the
memory layouts of a parameter, its gradient and its moments, and saves plain Adam's state."""

import itertools

import pytest
import torch

from training.adam import LayoutAdam, adopt


def _laid_out(t, transposed):
    """``t``'s values, stored as t.T in memory when ``transposed``."""
    return t.t().contiguous().t() if transposed else t.contiguous()


@pytest.mark.parametrize("param_t,grad_t,moment_t",
                         list(itertools.product((False, True), repeat=3)))
def test_every_layout_steps_as_plain_adam(param_t, grad_t, moment_t):
    torch.manual_seed(0)
    w = torch.randn(12, 7)
    plain = torch.nn.Parameter(w.clone())
    ours = torch.nn.Parameter(_laid_out(w, param_t))
    ref = torch.optim.Adam([plain], lr=1e-2, eps=1e-5)
    opt = adopt(torch.optim.Adam([ours], lr=1e-2, eps=1e-5))
    assert type(opt) is LayoutAdam
    for step in range(4):
        g = torch.randn(12, 7)
        plain.grad = g.clone()
        ours.grad = _laid_out(g, grad_t)
        if step == 2:          # moments as a checkpoint made with another layout holds them
            for k in ("exp_avg", "exp_avg_sq"):
                opt.state[ours][k] = _laid_out(opt.state[ours][k].clone(), moment_t)
        ref.step()
        opt.step()
        torch.testing.assert_close(ours.detach(), plain.detach(), atol=1e-6, rtol=1e-6)
        assert ours.stride() == _laid_out(w, param_t).stride()         # layout kept
        assert ours.shape == plain.shape


def test_the_saved_state_is_plain_adams_and_loads_back():
    torch.manual_seed(1)
    p = torch.nn.Parameter(_laid_out(torch.randn(6, 5), True))
    opt = adopt(torch.optim.Adam([p], lr=1e-2))
    p.grad = torch.randn(6, 5)
    opt.step()
    saved = opt.state_dict()
    assert all(not g["fused"] for g in saved["param_groups"])
    plain = torch.optim.Adam([p], lr=1e-2)
    plain.load_state_dict(saved)
    assert not plain.param_groups[0]["fused"]
    again = adopt(torch.optim.Adam([p], lr=1e-2))
    again.load_state_dict(saved)
    assert again.param_groups[0]["fused"]
    torch.testing.assert_close(again.state[p]["exp_avg"], opt.state[p]["exp_avg"])


def test_other_optimizers_are_left_alone():
    p = torch.nn.Parameter(torch.zeros(3))
    sgd = torch.optim.SGD([p], lr=0.1)
    assert adopt(sgd) is sgd and type(sgd) is torch.optim.SGD
