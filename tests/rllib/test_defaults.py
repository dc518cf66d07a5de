"""``broadside train --backend rllib`` trains the game ``broadside train`` trains (issue 33.6):
the same game options by default (2-player Seas of Havoc, ``TRAIN_GAME_DEFAULTS``), not the
engine's own default of three players, with ``--config`` still on top."""

from __future__ import annotations

import pytest

pytest.importorskip("ray.rllib")


@pytest.mark.parametrize("extra, want", [([], {"num_players": 2}),
                                         (["--config", "num_players=4"], {"num_players": 4})])
def test_the_rllib_backend_takes_the_training_game_options(tmp_path, monkeypatch, extra, want):
    import training.rllib.trainer as rllib_trainer
    from training.cli import main, train_config

    made = []

    def record(cfg):
        made.append(cfg)
        raise KeyboardInterrupt   # stop before Ray starts (the command then exits 130)

    monkeypatch.setattr(rllib_trainer, "RLlibTrainer", record)
    assert main(["train", "--backend", "rllib", "--game", "havoc", "--run-dir",
                 str(tmp_path / "run"), *extra]) == 130
    assert made[0].game_config == want
    assert train_config("havoc", []) == {"num_players": 2}
