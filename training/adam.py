"""Adam for the trainer's policies: torch's fused kernel, safe for any memory layout.

torch's fused Adam updates a parameter in one pass instead of one per operation: on a 7th Sea
first layer (35,313 x 128, actor and critic) a step takes 5.5 ms instead of 34
(benchmarks/RESULTS.md, "Self-play throughput: the rollout's observations and the
optimizer"). Two things keep it from being a drop-in on its own (torch 2.13, CPU):

* it reads a parameter, its gradient and its moments as one flat run of memory each: a
  gradient or moment laid out otherwise than its parameter (a transposed gradient of a
  contiguous weight, a moment loaded from a checkpoint made with another layout) is
  silently misread (without the layout match below, tests/training/test_adam.py fails:
  core mutant 67);
* a parameter that is not contiguous (the sparse first layers keep W as W.T in memory,
  training/sparse_input.py) is copied to contiguous memory and back with its gradient and
  moments at every step: 31 of those 35 ms.

:func:`adopt` turns a plain Adam into :class:`LayoutAdam`, which before each step gives every
gradient and moment its parameter's layout (a copy only where they differ) and steps a
parameter that is a transposed contiguous matrix as that matrix (Adam is elementwise: the
same update, element for element). What it saves is plain Adam's state (``fused`` off), so a
model saved by the trainer and trained on by plain SB3 never meets the fused kernel's
layout rule.
"""

from __future__ import annotations

import torch

_MOMENTS = ("exp_avg", "exp_avg_sq", "max_exp_avg_sq")


class LayoutAdam(torch.optim.Adam):
    """torch's fused Adam with every tensor of a step in its parameter's layout (module
    docstring). Made by :func:`adopt`."""

    def step(self, closure=None):
        turned = []
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state.get(p)
                _match_layout(p, state)
                if p.dim() == 2 and not p.is_contiguous() and p.t().is_contiguous():
                    _turn(p, state)
                    turned.append(p)
        try:
            return super().step(closure)
        finally:
            for p in turned:
                _turn(p, self.state.get(p))

    def state_dict(self):
        out = super().state_dict()
        for group in out["param_groups"]:
            group["fused"] = None
        return out

    def load_state_dict(self, state_dict) -> None:
        super().load_state_dict(state_dict)
        _fuse(self)


def adopt(opt: torch.optim.Optimizer) -> torch.optim.Optimizer:
    """Make a plain ``torch.optim.Adam`` a :class:`LayoutAdam` in place (its parameters,
    hyper-parameters and moments kept); any other optimizer is returned as it is."""
    if type(opt) is torch.optim.Adam and not any(
            g.get("differentiable") or g.get("capturable") for g in opt.param_groups):
        opt.__class__ = LayoutAdam
        _fuse(opt)
    return opt


def _fuse(opt) -> None:
    opt.defaults.update(fused=True, foreach=None)
    for group in opt.param_groups:
        group.update(fused=True, foreach=None)
    opt._step_supports_amp_scaling = True


def _like(p, t):
    """``t``'s values in ``p``'s layout."""
    return torch.empty_like(p).copy_(t)


def _match_layout(p, state) -> None:
    if p.grad.stride() != p.stride():
        p.grad = _like(p, p.grad)
    for k in _MOMENTS:
        if state and torch.is_tensor(state.get(k)) and state[k].stride() != p.stride():
            state[k] = _like(p, state[k])


def _turn(p, state) -> None:
    """View parameter ``p``, its gradient and its moments transposed (the same memory)."""
    grad, p.grad = p.grad, None          # torch checks a gradient's shape against its data
    p.data = p.data.t()
    if grad is not None:
        p.grad = grad.t()
    for k in _MOMENTS:
        if state and torch.is_tensor(state.get(k)) and state[k].dim() == 2:
            state[k] = state[k].t()
