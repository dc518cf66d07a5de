"""``broadside train`` defaults (training/cli.py): Seas of Havoc trains the 2-player game
(issue 12's target) unless ``--config`` says otherwise; other games keep their own."""

from training.cli import train_config


def test_havoc_trains_two_players_by_default():
    assert train_config("havoc", []) == {"num_players": 2}


def test_config_on_the_command_line_wins_over_the_default():
    assert train_config("havoc", ["num_players=3"]) == {"num_players": 3}
    assert train_config("havoc", ["variant=teams", "num_players=4"]) == \
        {"num_players": 4, "variant": "teams"}


def test_other_games_keep_their_own_defaults():
    assert train_config("toy", []) == {}


def test_a_game_with_a_heuristic_starts_from_its_clone_by_default(monkeypatch):
    """The imitation warm start is on by default when there is a heuristic to copy."""
    from agents import heuristic
    from training.cli import DEFAULT_IMITATE, default_imitate

    assert default_imitate("havoc") == DEFAULT_IMITATE > 0
    monkeypatch.setattr(heuristic, "available", lambda game: False)
    assert default_imitate("havoc") == 0
