"""The City of Five Sails heuristic (envs/five_sails/heuristic.py, agents/heuristic/
five_sails.py): legal, the same decision in the agent and in the self-play reply kernel,
and credible: it plays the victory conditions [Achieving Victory] and beats random play."""

import numpy as np
import pytest

import envs
from agents.base import sample_legal
from agents.heuristic import make
from envs.five_sails import state as S
from envs.five_sails.heuristic import heuristic_best_at
from tests.five_sails.helpers import (act, check, city, empty_hand, high_drama, legal, muster, new, place,
                                     to_hand)


def _choice(st):
    seat = int(st[0]["to_play"])
    mask = np.zeros(S.NUM_ACTIONS, np.uint8)
    mask[sorted(legal(st))] = 1
    return make("five_sails", seed=0).act(None, mask, st.copy(), seat)


@pytest.mark.parametrize("n", [2, 3])
def test_heuristic_beats_random(n):
    """Issue 30: a credible baseline wins >= 95 % of its games against uniform random play
    (40 games, every seat in turn)."""
    h = make("five_sails", seed=0)
    rng = np.random.default_rng(n)
    wins = 0
    games = 40
    for g in range(games):
        e = envs.make_raw("five_sails", num_players=n)
        e.reset(seed=1000 + g)
        me = g % n
        while e.record["to_play"][0] >= 0:
            seat = int(e.record["to_play"][0])
            legal_now = e.legal_actions()
            if seat == me:
                m = np.zeros(e.game.num_actions, np.uint8)
                m[legal_now] = 1
                a = h.act(None, m, e.record.copy(), seat)
                assert a in legal_now
            else:
                a = int(rng.choice(legal_now))
            e.step(a)
        wins += (int(e.record["winner_mask"][0]) >> me) & 1
    assert wins >= 0.95 * games, wins


def test_heuristic_claims_the_location_that_completes_dominance():
    """[Victory: Dominance] seat 0 holds The Docks and The Forums and could claim Ole's Inn
    or The Grand Bazaar (its Influence wins both pressures [Pressures]): it claims the
    Bazaar, and wins at the Plunder when everyone then passes."""
    st = new(3)
    high_drama(st)
    s = st[0]
    s["ctrl"][S.L_DOCKS] = s["ctrl"][S.L_FORUMS] = 0
    place(st, 0, 0, S.L_INN)                              # Marisol, Influence 2
    c = muster(st, 0, "Padre Benicio", S.L_BAZAAR)        # Influence 3
    check(st)
    assert {S.A_CLAIM + 0, S.A_CLAIM + c} <= legal(st)
    a = _choice(st)
    assert a == S.A_CLAIM + c
    act(st, a)
    for _ in range(3):
        act(st, S.A_PASS)
    assert s["done"] == 1 and s["winner_mask"] == 1


def test_heuristic_does_not_walk_off_a_location_its_influence_holds():
    """[Pressures] seat 0 holds The Forums with Marisol (Influence 2) against an opposing
    Influence 1: moving her away would let the rival claim it, so the heuristic does not."""
    st = new(2)
    high_drama(st)
    s = st[0]
    s["ctrl"][S.L_FORUMS] = 0
    place(st, 0, 0, S.L_FORUMS)
    muster(st, 1, "Anke Brenner", S.L_FORUMS)             # Influence 1
    check(st)
    assert S.A_MOVE + 0 in legal(st)
    assert _choice(st) != S.A_MOVE + 0


def _positions(n, steps=900, every=9, seed=0):
    vec = envs.make_vector("five_sails", num_envs=1, seed=seed, num_players=n)
    rng = np.random.default_rng(seed)
    out = []
    for i in range(steps):
        if i % every == 0 and vec.states["to_play"][0] >= 0:
            out.append(vec.states[0:1].copy())
        vec.step(sample_legal(vec.masks, rng))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_kernel_marks_legal_actions_and_the_agent_plays_one(n):
    """heuristic_best marks only legal actions, at least one whenever something is legal,
    leaves the record untouched, marks the agent's set (last_best) and the agent's action;
    any key gives the same marks (it reads nothing hidden)."""
    spec = envs.spec("five_sails")
    agent = make("five_sails", seed=n)
    kinds = set()
    for k, st in enumerate(_positions(n, seed=n)):
        seat = int(st["to_play"][0])
        mask = np.zeros(S.NUM_ACTIONS, np.uint8)
        spec.single.legal(st.copy(), 0, mask)
        best = np.zeros(S.NUM_ACTIONS, np.bool_)
        rec = st.copy()
        got = heuristic_best_at(rec, 0, seat, np.uint64(k), best)
        assert rec.tobytes() == st.tobytes()
        assert got == best.sum() >= 1 and not (best & (mask == 0)).any()
        other = np.zeros(S.NUM_ACTIONS, np.bool_)
        heuristic_best_at(rec, 0, seat, np.uint64(10**6 + k), other)
        assert np.array_equal(best, other)
        a = int(agent.act_batch(None, mask[None], st.copy(), np.array([seat]))[0])
        assert np.array_equal(agent.last_best[0], best) and best[a]
        kinds.add(int(st["pk"][0]))
    assert {S.PK_MAIN, S.PK_MOVE, S.PK_SCHEME} <= kinds


def test_heuristic_plays_influence_to_stop_a_dominance_instead_of_passing():
    """[Victory: Dominance; g. Pass; Pressures; Playing a Card] the rival holds The Forums and
    The Grand Bazaar and its en garde Gunther Hartwald, Liesl Graf and Anke Brenner
    (Influence 4) out-pressure seat 0's engaged Marisol (2) at The Docks: passing lets one of
    them claim the third core location. Nobody of seat 0's can move or claim, but Festival
    Crowd (+2 Influence) on Marisol ties the pressure, so the rival's claim fails ("If there
    is a tie, the pressure is unsuccessful"): the heuristic plays it, acting with Marisol,
    instead of passing, although the Influence wins it nothing of its own (issue 30)."""
    st = new(2)
    high_drama(st)
    s = st[0]
    s["ctrl"][S.L_FORUMS] = s["ctrl"][S.L_BAZAAR] = 1
    place(st, 0, 0, S.L_DOCKS, eng=1)                     # Marisol, Influence 2
    empty_hand(st, 0)
    to_hand(st, 0, "Festival Crowd", "Purse of Ducats")
    muster(st, 1, "Liesl Graf", S.L_DOCKS)                # Influence 2
    muster(st, 1, "Anke Brenner", S.L_DOCKS)              # Influence 1
    place(st, 1, 0, S.L_DOCKS)                            # Gunther, Influence 1
    city(st, S.L_DOCKS, "Harbour Cutlass")                # +1 Combat: no Influence
    check(st)
    assert S.A_HAND + 0 in legal(st)
    a = _choice(st)
    assert a == S.A_HAND + 0, a
    act(st, a)
    assert s["pk"] == S.PK_ACTOR
    a = _choice(st)
    assert a == S.A_CREW + 0, a                           # Marisol acts: she is at The Docks
    act(st, a)
    while s["pk"] == S.PK_PAY:
        act(st, _choice(st))
    check(st)
    assert s["buff"][0][0] == 2                           # Docks: 4 against 4


def _leader_moves_to(st):
    """The heuristic's High Drama action for seat 0 must be moving its Leader (character 0);
    the destination it then picks (an ``A_LOC`` action)."""
    check(st)
    a = _choice(st)
    assert a == S.A_MOVE + 0, a
    act(st, a)
    assert st[0]["pk"] == S.PK_MOVE
    return _choice(st)


def test_heuristic_leader_does_not_walk_into_a_duel_it_could_die_in():
    """[Victory: Assassination; Restricted Hostilities; b. Move Action] seat 0's only
    character is Marisol de Alcazar (Resolve 6, Influence 2) at Home; the rival's Gunther
    Hartwald (Combat 3, Influence 1) stands en garde at The Docks. Marisol out-pressures
    Gunther anywhere, but at The Docks he can challenge her, and a duel repeats rounds of up
    to 3 wounds each: two of them leave her 6 Resolve at 0. The heuristic moves her to
    another core location instead (issue 30: mcts won a sixth of its games by Assassination)."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, S.HOME)                               # Marisol
    place(st, 1, 0, S.L_DOCKS)                            # Gunther, en garde
    empty_hand(st, 0)
    a = _leader_moves_to(st)
    assert a in (S.A_LOC + S.L_FORUMS, S.A_LOC + S.L_BAZAAR), a


def test_heuristic_leader_goes_home_from_a_lost_pressure_beside_a_duelist():
    """[Victory: Assassination; Glossary: Opposing; Pressures] Marisol (Resolve 6) stands en
    garde at The Docks beside the rival's Gunther (Combat 3) and Liesl Graf, whose Influence
    3 beats her 2, so she cannot claim there. Two duel rounds against Gunther could destroy
    her [Restricted Hostilities], and nobody challenges a character at Home: she moves Home
    rather than on to another location, where she would arrive engaged and claim nothing."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, S.L_DOCKS)                            # Marisol, Influence 2
    place(st, 1, 0, S.L_DOCKS)                            # Gunther, Combat 3, Influence 1
    muster(st, 1, "Liesl Graf", S.L_DOCKS)                # Influence 2
    empty_hand(st, 0)
    assert _leader_moves_to(st) == S.A_LOC + S.HOME
