"""The RLlib training loop's guards (issue 33.6: the printed command on a fresh clone).

An iteration whose result holds no ``env_runners`` metrics (no env runner returned a sample
within RLlib's sample timeout) is skipped, and a run whose runners stay silent stops with an
error naming the cause instead of a bare ``KeyError`` or a loop that never ends."""

from __future__ import annotations

import pytest

pytest.importorskip("ray.rllib")

from training.rllib import trainer as rllib_trainer  # noqa: E402


class _Algo:
    """train() returns the queued results, then empty ones."""

    def __init__(self, results):
        self.results = list(results)
        self.calls = 0

    def train(self):
        self.calls += 1
        return self.results.pop(0) if self.results else {}


def _trainer(algo, timesteps):
    t = object.__new__(rllib_trainer.RLlibTrainer)
    t.algo, t.timesteps = algo, 0
    t.cfg = rllib_trainer.RLlibConfig(timesteps=timesteps, eval_every=10**9)
    t.evaluate = lambda result=None: {}
    t.save = lambda: None
    return t


def _sampled(n):
    return {"env_runners": {"num_env_steps_sampled_lifetime": n}}


def test_an_iteration_without_samples_is_skipped():
    algo = _Algo([{}, _sampled(64), {}, {}, _sampled(128)])
    t = _trainer(algo, 128)
    t.train()
    assert t.timesteps == 128 and algo.calls == 5


def test_runners_that_never_answer_stop_the_run_with_a_named_cause():
    algo = _Algo([_sampled(64)])
    t = _trainer(algo, 128)
    with pytest.raises(RuntimeError, match="sampled nothing"):
        t.train()
    assert algo.calls == 1 + rllib_trainer.EMPTY_ITERATIONS
