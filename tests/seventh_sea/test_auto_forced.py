"""auto_forced takes only decisions whose single option every seat can work out [ruling:
Forced decisions are public ones] (Actions and Reacts; 9. Perform a Cannon Attack;
Game Set-Up), and infos publish no secret (issue 29.7, 29.8)."""

import numpy as np

import envs

from envs.seventh_sea import state as S
from envs.seventh_sea.env import GAME, infos
from tests.seventh_sea.scenario_files import act, legal, load, slot


def _reacts(attacker_hand):
    arr = load("reacts", player=[
        {"sea": "La Boca", "crew": ["Powder Priest", "Marines of the Crown"], "hand": attacker_hand},
        {"sea": "La Boca", "crew": ["Rogue Cutthroats", "Skull Gunners"],
         "hand": ["Brace for Impact"]}])
    arr["cfg"]["auto_forced"] = 1
    return arr


def _obs(arr, seat):
    out = np.zeros(GAME.obs_size, dtype=np.float32)
    GAME.observe(arr[0], seat, out)
    return out


def test_auto_forced_asks_a_react_window_whatever_the_hand_holds():
    """Actions and Reacts [ruling: React windows]: the attacker's Cannon React window opens
    on public facts (a card in hand); with auto_forced it is asked whether the hand holds a
    React (two options) or not ("no React" alone), so the target sees the same position.
    The target, the only other ship in La Boca, is a public single option: it is taken."""
    with_react, without = _reacts(["Extra Powder"]), _reacts(["Fresh Orders"])
    for arr in (with_react, without):
        act(arr, S.A_CANNON)                  # the only target in La Boca: taken for her
        assert arr["pk"][0] == S.PK_FIRE and arr["act_target"][0] == 1
        act(arr, S.A_CREW + slot(arr, 0, "Powder Priest"))
        assert arr["pk"][0] == S.PK_REACT and arr["cur"][0] == 0
    assert legal(without) == {S.A_STOP}
    assert legal(with_react) == {S.A_HAND + 0, S.A_STOP}
    assert np.array_equal(_obs(with_react, 1), _obs(without, 1))


def test_infos_hide_the_secret_starting_crew():
    """Game Set-Up: starting Crew are chosen in secret and revealed together: while they are
    secret a seat's crew count in infos (read by every seat's code) is its Captain alone;
    once revealed it counts them."""
    env = envs.make_raw("seventh_sea", num_players=2)
    env.reset(seed=0)
    legal0 = [a for a in env.legal_actions() if a != S.A_STOP]
    env.step(legal0[0])                       # player_0 chooses a starting Crew
    assert env.record["crew_n"][0][0] == 2
    assert env.infos["player_0"]["crew"] == 1
    while env.record["phase"][0] == S.PH_START:
        env.step(S.A_STOP)
    assert env.infos["player_0"]["crew"] == int(env.record["crew_n"][0][0]) == 2
    assert infos(env.record[0])[0]["crew"] == 2
