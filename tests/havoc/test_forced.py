"""Seas of Havoc ``auto_forced`` (envs/havoc/forced.py, rules.py ``_forced``) [ruling: Forced
decisions are public ones].

A decision with one legal option is taken by itself only when the other seats could have
worked that out: a hand is "held, hidden from others" [Core Concepts: Deck Management], so
the card to play [Sea Phase: Playing a Card] is asked even when the hand offers one card,
unless no hand dealt from the public pool of hand and deck could offer another. Each
decision taken by itself counts a step like a chosen one, so ``max_steps`` truncates a chain
of them the same way. The hidden-information contract test (tests/contract/
test_hidden_info.py) checks the same on random games.
"""

import numpy as np

import envs
from envs.havoc import cards as C
from envs.havoc import rules
from envs.havoc import state as S
from envs.havoc.sea import MODE_PASS
from tests.havoc.test_sea_turns import TWO, get, hand, legal, sea


def _position(crew0, **kw):
    """Crew 0 to play a card in the Sea Phase, with auto_forced on."""
    return sea(TWO, [crew0, {"hand": {"Full Canvas": 1}}], auto_forced=True, **kw)


def _valid(arr):
    assert envs.spec("havoc").check_state(arr) == []


def test_two_copies_in_hand_are_asked_when_the_deck_could_have_dealt_another_card():
    """[Core Concepts: Deck Management] two Make Way in hand are one legal option, but the
    hand could as well have held a Port Tack from the pool of hand and deck: taking the play
    by itself would tell the other seat the hand is two copies, so it is asked."""
    arr = _position({"hand": {"Make Way": 2}, "deck": ["Port Tack", "Port Tack"]})
    assert get(arr, "pending") == S.PK_PLAY and get(arr, "to_play") == 0
    assert legal(arr) == {hand("Make Way")}
    assert get(arr, "step") == 0
    _valid(arr)


def test_a_hand_the_pool_decides_is_played_by_itself_and_counted_as_a_step():
    """A pool of three Make Way: any hand of two is two Make Way, so the one option is
    public and taken; the forced play counts a step like a chosen one."""
    arr = _position({"hand": {"Make Way": 2}, "deck": ["Make Way"]})
    assert get(arr, "pending") == S.PK_MODE and get(arr, "card") == C.card_id("Make Way")
    assert get(arr, "step") == 1
    _valid(arr)


def test_a_one_card_hand_is_played_by_itself_whichever_card_it_is():
    """One card in hand is one option whatever the card (and it is shown once played), so
    whether it is asked tells nobody anything: it is taken, and counted as a step (without
    auto_forced it is asked)."""
    off = sea(TWO, [{"hand": {"Port Tack": 1}}, {"hand": {"Full Canvas": 1}}])
    assert get(off, "pending") == S.PK_PLAY and legal(off) == {hand("Port Tack")}
    arr = _position({"hand": {"Port Tack": 1}, "deck": ["Make Way", "Full Canvas"]})
    assert get(arr, "pending") == S.PK_MODE and get(arr, "card") == C.card_id("Port Tack")
    assert get(arr, "step") == 1
    _valid(arr)


def test_max_steps_truncates_a_chain_of_forced_decisions():
    """Forced decisions count toward max_steps: with max_steps = 1 the forced play is the
    game's last decision, and the truncated record is valid."""
    arr = _position({"hand": {"Port Tack": 1}}, max_steps=1)
    assert get(arr, "truncated") == 1 and get(arr, "to_play") == -1
    assert get(arr, "step") == 1
    _valid(arr)


def test_a_chosen_action_then_forced_ones_count_one_step_each():
    """After a chosen action, each forced decision counts a step: crew 0 plays its card
    (one step), passes it (two), then crew 1's one-card hand is played by itself (three)."""
    arr = _position({"hand": {"Port Tack": 1}, "deck": ["Make Way", "Full Canvas"]})
    step = int(get(arr, "step"))
    rules.apply(arr[0], S.A_OPTION + MODE_PASS)      # pass Port Tack
    assert get(arr, "cur") == 1 and get(arr, "pending") == S.PK_MODE
    assert get(arr, "step") == step + 2
    _valid(arr)
    assert np.all(arr["reward"][0] == 0)
