"""Training tests run on the toy game (fast) and on Seas of Havoc where the issue asks."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "agents"))

from toy_agents import ensure_toy  # noqa: E402

ensure_toy()


def _one_thread_each():
    """Tests run two at a time (pytest -n 2) on two cores: a second numba or torch thread per
    process only fights the other test for a core, and a contended parallel launch can cost
    milliseconds per kernel call."""
    import numba
    import torch

    numba.set_num_threads(1)
    torch.set_num_threads(1)


_one_thread_each()



@pytest.fixture
def short_havoc_run():
    """Three PPO rollouts of a small 2-player trainer in ``path`` (seed 5), of Seas of Havoc
    unless ``game`` says: what the trainer-level equivalence tests compare two ways of
    training on."""
    from training import trainer

    def run(path, game="havoc"):
        tr = trainer.Trainer(trainer.TrainConfig(
            game=game, game_config={"num_players": 2}, timesteps=10**6, num_envs=4,
            n_steps=32, batch_size=64, n_epochs=2, eval_every=10**6, net_arch=(16,), seed=5,
            run_dir=str(path), tensorboard=False, progress=False,
            opponents={"self": 0.5, "random": 0.5}))
        tr._learn(3 * 4 * 32, None)
        return tr

    return run
