"""City of Five Sails value kernel (envs/five_sails/value.py): what a stopped search playout
is worth to each seat, from the rulebook's victory conditions [Achieving Victory] and
material, in the terminal reward's units."""

import numpy as np
import pytest

import envs
from agents.base import sample_legal
from envs.five_sails import state as S
from envs.five_sails.value import value_at
from tests.five_sails.helpers import act, check, high_drama, new, to_hand

CORE = (S.L_DOCKS, S.L_FORUMS, S.L_BAZAAR)


def _v(st):
    out = np.zeros(S.MAX_PLAYERS)
    value_at(st.copy(), 0, out)
    return out[:int(st[0]["num_players"])]


def _start():
    st = new(2)
    high_drama(st)
    return st


def test_a_won_game_is_worth_its_reward():
    """[Victory: Dominance] seat 1 holds the three core locations at the end of the Day and
    wins: the value is +1 for it and -1 for seat 0, the game's own reward."""
    st = _start()
    for loc in CORE:
        st[0]["ctrl"][loc] = 1
    act(st, S.A_PASS)
    act(st, S.A_PASS)
    assert st[0]["done"] == 1 and st[0]["winner_mask"] == 2
    check(st)
    assert _v(st).tolist() == [-1.0, 1.0]


def test_a_draw_and_a_truncation_are_worth_nothing():
    """[Ties] a game ending without a winner, or stopped by max_steps, pays 0 to all."""
    st = _start()
    st[0]["done"], st[0]["winner_mask"] = 1, 0
    assert _v(st).tolist() == [0.0, 0.0]
    st = _start()
    st[0]["truncated"] = 1
    assert _v(st).tolist() == [0.0, 0.0]


def test_dominance_counts_each_core_location_and_most_all_three():
    """[Victory: Dominance] each core location seat 0 holds is worth more to it and as much
    less to seat 1 (two seats: zero-sum); all three, a win at the next Plunder, is close to a
    win."""
    st = _start()
    prev = _v(st)
    assert prev[0] == pytest.approx(-prev[1])
    gains = []
    for loc in CORE:
        st[0]["ctrl"][loc] = 0
        v = _v(st)
        assert v[0] > prev[0] and v[1] < prev[1] and v[0] == pytest.approx(-v[1])
        gains.append(np.arctanh(v[0]) - np.arctanh(prev[0]))   # in standing units
        prev = v
    assert prev[0] > 0.75
    assert gains[2] > gains[1] + 0.5    # the third completes Dominance


@pytest.mark.parametrize("what", ["renown", "location", "hand", "leader_wounds"])
def test_value_is_monotone_in_what_it_counts(what):
    """More Renown [Victory: Economic; Day Limit], a location held (its Renown at the next
    Plunder [4. Plunder]), a card more in hand [Paying Costs] are worth more to their seat;
    wounds on its Leader [Victory: Assassination; Stats: Resolve] are worth less."""
    st = _start()
    before = _v(st)
    s = st[0]
    if what == "renown":
        s["renown"][0] += 1
    elif what == "location":
        s["ctrl"][S.L_FORUMS] = 0
    elif what == "hand":
        to_hand(st, 0, "Steady Guard")
    else:
        s["wounds"][0][0] = 1
    check(st)
    after = _v(st)
    sign = -1 if what == "leader_wounds" else 1
    assert sign * (after[0] - before[0]) > 0 and sign * (after[1] - before[1]) < 0


def test_a_seat_out_of_the_game_is_worth_a_loss():
    """[Victory: Assassination] a player whose Leader is destroyed has lost: -1, and the
    others are valued against the live rivals only."""
    st = new(3)
    high_drama(st)
    st[0]["out"][2] = 1
    v = _v(st)
    assert v[2] == -1.0 and v[0] == pytest.approx(-v[1])


@pytest.mark.parametrize("n", [2, 3])
def test_determinize_leaves_the_value_unchanged(n):
    """The value reads only what every seat sees: hands, deck orders and face-down plans
    re-dealt for any seat (hidden.determinize) change nothing, in Planning too."""
    spec = envs.spec("five_sails")
    vec = envs.make_vector("five_sails", num_envs=1, seed=n, num_players=n)
    rng = np.random.default_rng(n)
    checked = planning = 0
    for i in range(600):
        if i % 7 == 0 and vec.states["to_play"][0] >= 0:
            rec = vec.states[0:1].copy()
            v = _v(rec)
            planning += int(rec["phase"][0]) == S.PH_PLANNING
            for seat in range(n):
                d = rec.copy()
                spec.determinize(d[0], seat, np.uint64(77 + i))
                assert np.array_equal(_v(d), v)
            checked += 1
        vec.step(sample_legal(vec.masks, rng))
    assert checked > 50 and planning > 0
