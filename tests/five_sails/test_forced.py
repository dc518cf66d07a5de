"""``auto_forced`` takes a decision by itself only where its options follow from public
state [ruling: Forced decisions are public ones; Reaction windows]: a Reaction window is
asked whether or not the hidden hand holds a Reaction, so the other seat cannot tell."""

import numpy as np

from envs.five_sails import cards as C
from envs.five_sails import state as S
from envs.five_sails.state import A_CLAIM, A_HAND, A_PASS, PK_REACT

from .helpers import act, check, empty_hand, high_drama, legal, muster, new, obs, place, to_hand

FORUMS = 2


def _claim_window(in_hand):
    """Seat 0 claims The Forums where seat 1's Anke stands; seat 1's deck list holds Rally the
    Block ("when an opponent claims"); seat 1 holds one card, ``in_hand``."""
    st = new(2, reactions=True, auto_forced=True)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    muster(st, 1, "Anke Brenner", FORUMS)
    empty_hand(st, 1)
    to_hand(st, 1, in_hand)
    act(st, A_CLAIM + 0)
    return st


def _not_a_reaction(st, p):
    """A card of p's deck that is no Reaction."""
    s = st[0]
    for c in s["deck"][p][:s["deck_n"][p]]:
        if C.POOL.ab[int(c)] != S.AB_REACTION:
            return C.POOL.names[int(c)]
    raise AssertionError("no such card")


def test_reaction_window_is_asked_whether_or_not_the_hand_holds_a_reaction():
    """With auto_forced on, the claim's Reaction window waits for seat 1 both when its one
    card is Rally the Block (pass or react) and when it is no Reaction (only pass), and seat
    0 sees the same in both positions."""
    probe = new(2, reactions=True)
    other = _not_a_reaction(probe, 1)
    holds = _claim_window("Rally the Block")
    lacks = _claim_window(other)
    for st in (holds, lacks):
        s = st[0]
        assert s["pk"] == PK_REACT and s["to_play"] == 1 and s["ctrl"][FORUMS] == -1
        check(st)
    assert legal(holds) == {A_PASS, A_HAND + 0}
    assert legal(lacks) == {A_PASS}
    assert np.array_equal(obs(holds, 0), obs(lacks, 0))
    act(lacks, A_PASS)                             # then the claim goes on
    assert lacks[0]["pk"] != PK_REACT


def test_an_empty_hand_window_with_only_pass_is_taken_automatically():
    """[ruling: Forced decisions are public ones] an empty hand holds no Reaction, which
    every seat sees: the window with only "pass" is passed by itself."""
    st = new(2, reactions=True, auto_forced=True)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    muster(st, 1, "Anke Brenner", FORUMS)
    empty_hand(st, 1)
    act(st, A_CLAIM + 0)
    assert st[0]["pk"] != PK_REACT
    assert st[0]["ctrl"][FORUMS] == 0              # Influence 2 against 1: claimed
    check(st)
