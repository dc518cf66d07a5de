"""Scenario files (tests/scenarios/five_sails/*.toml) load through the AEC env, pass
check_states, and play out by the rules; expected values come from the rulebook."""

import tomllib
from pathlib import Path

import numpy as np
import pytest

import envs
from envs.core.errors import StateError
from envs.five_sails.cards import POOL
from envs.five_sails.state import A_HAND, A_LOC, A_MANEUVER, A_CREW, A_PASS, A_RECRUIT, PK_REACT

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios" / "five_sails"


def _load(name):
    env = envs.make_raw("five_sails", num_players=2)
    env.reset(seed=0)
    env.unwrapped.load_scenario(SCENARIOS / f"{name}.toml")
    return env, env.unwrapped.record


def test_restricted_hostilities_scenario_file():
    """[Restricted Hostilities] example: four threat, no combat card, Combat 1: one wound,
    the four threat discarded, the duel over."""
    env, rec = _load("restricted_hostilities")
    assert env.agent_selection == "player_1"
    slot = int(rec["d_slot"][0][1])
    env.step(A_PASS)
    # the Eisen deck holds a "when one of your characters would take wounds" Reaction: its
    # window is asked first [Reaction: When]; no Reaction, the wounds follow
    assert rec["pk"][0] == PK_REACT and env.agent_selection == "player_1"
    env.step(A_PASS)
    assert rec["wounds"][0][1][slot] == 1 and rec["d_on"][0] == 0 and rec["d_pool"][0].sum() == 0


def test_kaspar_and_soline_scenario_file():
    """[Moving During a Duel] Soline plays Quick Exit at The Forums, moves to The Docks as its
    Maneuver and resolves there: the returned threat is in Kaspar's pool at The Docks."""
    env, rec = _load("kaspar_and_soline")
    hand = [POOL.names[c] for c in rec["hand"][0][0][:rec["hand_n"][0][0]]]
    env.step(A_HAND + hand.index("Quick Exit"))
    env.step(A_MANEUVER)
    env.step(A_LOC + 1)
    assert rec["d_pool"][0][1] == 1 and rec["d_ploc"][0][1] == 1
    assert env.agent_selection == "player_1"


def test_recruit_with_parley_scenario_file():
    """[Parley] Countess Morrow costs 3 - 2 = 1 card with Marisol engaged."""
    env, rec = _load("recruit_with_parley")
    env.step(A_RECRUIT + 0)
    env.step(A_CREW + 0)
    env.step(A_HAND + 0)
    assert rec["hand_n"][0][0] == 1 and rec["eng"][0][0][0] == 1
    assert POOL.index["Countess Morrow"] in list(rec["crew"][0][0])


def test_a_scenario_day_leaves_an_approach_card_of_each_kind_for_every_day_to_plan():
    """[2. Planning] one scheme and one character a Day from an Approach Deck of five each:
    a Day-1 scenario whose crew holds two Approach characters leaves three for four Days to
    come (a later Planning would offer none), so it is refused by name and loses nothing;
    on Day 2 the same crew loads."""
    d = tomllib.loads((SCENARIOS / "kaspar_and_soline.toml").read_text())
    d["seats"][0]["crew"].append({"card": "Tomas el Cortes", "at": "home"})
    env = envs.make_raw("five_sails", num_players=2)
    env.reset(seed=0)
    before = env.unwrapped.record.copy()
    with pytest.raises(StateError, match="appr: seat 0's Approach Deck holds a character"):
        env.unwrapped.load_scenario(d)
    assert env.unwrapped.record.tobytes() == before.tobytes()
    d["day"] = 2
    env.unwrapped.load_scenario(d)
    assert np.count_nonzero(env.unwrapped.record["crew"][0][0]) == 3
