"""Scenario files load through the AEC env and play out by the rules.

Rulebook: Cannon Fire - Scoring a Hit (Raking Shot: 3 Infamy and a Damage card).
"""

from pathlib import Path

import envs
from envs.havoc import cards
from envs.havoc.state import A_HAND, A_OPTION, PK_FIRE, PK_FIRE_SIDE

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "havoc"


def test_raking_shot_scenario_file_scores_three_and_deals_damage():
    env = envs.make_raw("havoc", num_players=2)
    env.reset(seed=0)
    env.unwrapped.load_scenario(SCENARIOS / "raking_shot.toml")
    rec = env.unwrapped.record[0]
    assert env.agent_selection == "player_0"
    env.step(A_HAND + cards.card_id("Warning Shot"))
    env.step(A_OPTION + 0)                        # resolve the card
    assert rec["pending"] == PK_FIRE
    env.step(A_OPTION + 0)                        # its first cannon option
    assert rec["pending"] == PK_FIRE_SIDE
    env.step(A_OPTION + 1)                        # starboard: toward the Galleon's stern
    assert rec["infamy"][0] == 3
    assert rec["discard"][1, cards.DAMAGE_DEF] == 1
    assert rec["damage_left"] == 19
