"""7th Sea CCG value kernel (envs/seventh_sea/value.py): what a stopped search playout is
worth to each seat. Derived from The Object (last Captain sailing; revised: Control of all
five Seas) and Suffering Hits (crew absorb Hits before the Captain must sink)."""

import numpy as np
import pytest

import envs
from agents.mcts import DEFAULT_ROLLOUT, MCTSAgent
from envs.seventh_sea import state as S
from tests.seventh_sea.scenario_files import act, load, no_reacts, read, slot, target

from envs.seventh_sea.scenario import build


def _value(arr):
    out = np.zeros(S.MAX_PLAYERS)
    envs.spec("seventh_sea").value(arr[0], out)
    return out[:int(arr["num_players"][0])]


def _with_player(name, seat, **fields):
    """Scenario ``name`` with seat's entries replaced by ``fields``."""
    d = read(name)
    d["player"][seat].update(fields)
    return build(d)


def _fire(arr):
    act(arr, S.A_CANNON, target(arr, 0, 1), S.A_CREW + slot(arr, 0, "Powder Priest"))
    no_reacts(arr)                                # both hold cards: a window, no React


def test_sinking_the_captain_scores_the_win_and_the_loss():
    """[Suffering Hits; The Object] player_1 sinks its Captain: its Ship goes down and the
    last Captain sailing wins: +1 to player_0, -1 to player_1 (the terminal reward)."""
    arr = load("cannon_attack")
    _fire(arr)
    act(arr, S.A_SINK + 0)
    assert arr["done"][0]
    assert list(_value(arr)) == [1.0, -1.0] == list(arr["reward"][0][:2])


@pytest.mark.parametrize("config", [{"num_players": 2}, {"num_players": 3},
                                    {"num_players": 2, "edition": "original"}])
def test_value_is_the_reward_at_the_end_and_minus_one_for_a_sunk_seat(config):
    """Random games to their end: a finished game is worth its reward to every seat [The
    Object; ruling: Rewards]; before that, a seat whose Captain sank has lost (-1) and every
    other value lies strictly inside (-1, 1)."""
    e = envs.make_raw("seventh_sea", **config)
    rng = np.random.default_rng(3)
    ended = sunk = 0
    for seed in range(6):
        e.reset(seed=seed)
        for _ in range(3000):
            rec = e.record
            if rec["to_play"][0] < 0:
                break
            v = _value(rec)
            alive = rec["alive"][0][:len(v)] != 0
            if rec["phase"][0] != S.PH_START:
                assert np.all(np.abs(v[alive]) < 1.0) and np.all(v[~alive] == -1.0)
            sunk += int((~alive).sum() > 0)
            e.step(int(rng.choice(e.legal_actions())))
        if e.record["done"][0]:
            assert np.array_equal(_value(e.record), e.record["reward"][0][:len(v)])
            ended += 1
    assert ended >= 3
    if config["num_players"] == 3:
        assert sunk > 0


def test_more_crew_aboard_is_worth_more_to_its_seat_and_less_to_the_rival():
    """[Suffering Hits] every Crew absorbs Hits (tacked, then sunk) before the Captain must
    sink, and fires or fights back: with Marines of the Crown aboard player_0 stands better
    than without, and player_1 (2 players: zero-sum) exactly as much worse."""
    more = _value(load("cannon_attack"))
    less = _value(_with_player("cannon_attack", 0, crew=["Powder Priest"]))
    assert more[0] > less[0] and more[1] < less[1]
    assert more[0] == pytest.approx(-more[1]) and less[0] == pytest.approx(-less[1])


def test_absorbing_hits_lowers_the_value_of_the_ship_that_suffers_them():
    """[9. Perform a Cannon Attack; Suffering Hits] player_1 sinks Rogue Cutthroats to absorb
    the 3 Hits of Powder Priest: it has less left to absorb the next attack with."""
    arr = load("cannon_attack")
    before = _value(arr)
    _fire(arr)
    act(arr, S.A_SINK + slot(arr, 1, "Rogue Cutthroats"))
    after = _value(arr)
    assert after[1] < before[1] and after[0] > before[0]


def test_each_sea_controlled_is_worth_more():
    """[The Object; Glossary: Control] Control attachments in all five Seas win the game, so
    each Sea controlled is worth more: player_1 with four is better off than with three."""
    d = read("control_all_seas")
    four = _value(build(d))
    d["player"][1]["attach"] = d["player"][1]["attach"][:3]
    three = _value(build(d))
    assert four[1] > three[1]


@pytest.mark.parametrize("players", [2, 3])
def test_value_ignores_what_no_seat_sees_even_during_set_up(players):
    """Hands, decks and (during set-up) the secret starting Crew [Game Set-Up] re-dealt for
    any seat leave the value unchanged: it reads only public information."""
    spec = envs.spec("seventh_sea")
    e = envs.make_raw("seventh_sea", num_players=players)
    e.reset(seed=players)
    rng = np.random.default_rng(players)
    checked_setup = 0
    for k in range(400):
        rec = e.record.copy()
        if rec["to_play"][0] < 0:
            break
        v = _value(rec)
        for seat in range(players):
            d = rec.copy()
            spec.determinize(d[0], seat, np.uint64(100 + k))
            assert np.array_equal(_value(d), v), (k, seat)
        checked_setup += int(rec["phase"][0] == S.PH_START)
        e.step(int(rng.choice(e.legal_actions())))
    assert checked_setup >= players


def test_search_cuts_playouts_where_the_game_says_at_every_player_count():
    """With a value kernel the search stops playouts after the game's own ``search_cut``
    (40 decisions won more than the shared 20 at 2 players and the same at 4:
    benchmarks/RESULTS.md, "A longer horizon"); the cut does not grow with the seats."""
    spec = envs.spec("seventh_sea")
    assert spec.search_cut is not None and spec.search_cut != DEFAULT_ROLLOUT
    assert not spec.search_cut_grows
    agent = MCTSAgent("seventh_sea", 10)
    assert [agent.rollout_for(n) for n in (2, 3, 4)] == [spec.search_cut] * 3
    assert MCTSAgent("seventh_sea", 10, max_rollout_steps=3).max_rollout_steps == 3


def _three(third_crew):
    """cannon_attack with a third seat (Sea Dogs, in the Trade Sea) holding ``third_crew``."""
    d = read("cannon_attack")
    d["players"] = 3
    d["player"].append({"sea": "Trade Sea", "crew": third_crew, "hand": ["Pistol Shot"]})
    return build(d)


def test_with_three_seats_the_values_rank_the_seats_by_strength():
    """[The Object] with three seats a seat's value rises with its own standing and never
    with a rival's: the seats' values are ordered as their strengths, and hiring crew for
    player_2 raises its value and lowers (or leaves) each rival's."""
    from envs.seventh_sea.value import strength

    few = _three(["Dock Rat"])
    more = _three(["Dock Rat", "Gun Deck Veterans", "Tarred Topmen"])
    for arr in (few, more):
        v = _value(arr)
        st = [strength(arr[0], p) for p in range(3)]
        assert list(np.argsort(v)) == list(np.argsort(st)), (v, st)
        assert np.all(np.abs(v) < 1.0)
    a, b = _value(few), _value(more)
    assert b[2] > a[2] and b[0] <= a[0] and b[1] <= a[1]


def test_a_tacked_crew_absorbs_only_by_sinking_until_it_untacks():
    """[Suffering Hits: "you may tack any of your untacked Crew"; IV. Untack] a crew tacked
    (to fire, pay or absorb) cannot tack to absorb again this turn: player_1 having tacked
    Rogue Cutthroats to absorb Powder Priest's 3 Hits can absorb fewer Hits than before, so
    the cannon attack is worth something to player_0 though nothing sank."""
    from envs.seventh_sea.value import soak

    arr = load("cannon_attack")
    before = _value(arr)
    left = soak(arr[0], 1)
    _fire(arr)
    act(arr, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"))
    assert arr["pk"][0] == S.PK_MAIN and arr["crew_n"][0][1] == 3
    sw = S.SWASH
    from envs.seventh_sea.common import skill
    assert soak(arr[0], 1) == left - skill(arr[0], 1, slot(arr, 1, "Rogue Cutthroats"), sw)
    after = _value(arr)
    assert after[1] < before[1] and after[0] > before[0]
    d = read("cannon_attack")
    d["player"][1]["tacked"] = ["Rogue Cutthroats"]
    assert _value(build(d))[1] < before[1]
