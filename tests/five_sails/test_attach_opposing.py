"""[Attachment Cards] "An attachment may only attach to a card you control unless otherwise
specified": Marked Debt may go on an opposing character at one of your characters' locations;
its stat modifier works there; when it leaves play it goes to its owner's discard pile
[ruling: Attachments on opposing characters]."""

from envs.five_sails import state as S
from envs.five_sails.state import A_CREW, A_HAND, A_TARGET, MAX_CREW, PK_EQUIP, PK_PAY

from .helpers import (act, check, cid, deck_with, empty_hand, high_drama, legal, mid_duel,
                      muster, new, stat_of, to_hand)

DOCKS, FORUMS = 1, 2


def _game():
    st = new(2, decks=[deck_with("vodacce"), deck_with("castille")])
    high_drama(st)
    return st


def test_attachment_on_an_opposing_character_when_specified():
    """Marked Debt from seat 0's hand: the Equip targets are seat 0's own characters and the
    opposing Inigo at The Forums (where Dario is), not Tomas at The Docks; on Inigo it gives
    -1 Influence; Inigo destroyed, it goes to seat 0's discard pile, not seat 1's."""
    st = _game()
    s = st[0]
    d = muster(st, 0, "Dario Stiletto", FORUMS)
    i = muster(st, 1, "Inigo Valdera", FORUMS)
    t = muster(st, 1, "Tomas el Cortes", DOCKS)
    empty_hand(st, 0)
    to_hand(st, 0, "Marked Debt", "Steady Guard")
    inf = stat_of(st, 1, i, S.S_INF)
    act(st, A_HAND + 0)
    assert s["pk"] == PK_EQUIP
    assert legal(st) == {A_CREW + 0, A_CREW + d, A_TARGET + 1 * MAX_CREW + i}
    assert A_TARGET + 1 * MAX_CREW + t not in legal(st)
    act(st, A_TARGET + 1 * MAX_CREW + i)
    assert s["pk"] == PK_PAY
    act(st, A_HAND + 0)
    j = list(s["att"][1][i]).index(cid("Marked Debt"))
    assert s["att_own"][1][i][j] == 1 and stat_of(st, 1, i, S.S_INF) == max(inf - 1, 0)
    check(st)
    s["wounds"][1][i] = 0
    empty_hand(st, 1)
    mid_duel(st, d, i, 20)                        # Inigo takes his Resolve in wounds
    s["d_lkstat"][0] = 20
    s["d_lethal"][0] = 1
    act(st, S.A_PASS)
    while s["pk"] == S.PK_REACT:
        act(st, S.A_PASS)
    assert s["crew"][1][i] == 0
    assert cid("Marked Debt") in s["disc"][0][:s["disc_n"][0]]
    assert cid("Marked Debt") not in s["disc"][1][:s["disc_n"][1]]
    check(st)


def test_an_ordinary_attachment_only_on_your_own_characters():
    """Without such text the Equip Action offers only the player's own characters."""
    st = _game()
    d = muster(st, 0, "Dario Stiletto", FORUMS)
    muster(st, 1, "Inigo Valdera", FORUMS)
    empty_hand(st, 0)
    to_hand(st, 0, "Poisoned Stiletto", "Steady Guard")
    act(st, A_HAND + 0)
    assert legal(st) == {A_CREW + 0, A_CREW + d}


def test_validator_refuses_a_foreign_owner_on_an_ordinary_attachment():
    """check_states names att_own: only an attachment that may go on an opposing character
    can belong to another player than the character's controller; conservation follows the
    owner."""
    from envs.five_sails.validate import check_states

    st = _game()
    d = muster(st, 0, "Dario Stiletto", FORUMS)
    from .helpers import attach
    attach(st, 0, d, "Poisoned Stiletto")
    check(st)
    bad = st.copy()
    bad[0]["att_own"][0][d][0] = 2
    probs = check_states(bad)[0]
    assert probs and any("att_own" in p for p in probs), probs


def test_paying_for_an_attachment_on_an_opposing_character_in_a_slot_the_payer_leaves_empty():
    """[Attachment Cards] "unless otherwise specified": while Marked Debt is paid for, the
    character it goes on is seat 1's Inigo in crew slot 2, a slot seat 0 does not use; the
    record is valid at every step (the validator once looked for the acting character in
    the payer's own crew)."""
    st = _game()
    s = st[0]
    d = muster(st, 0, "Dario Stiletto", FORUMS)
    muster(st, 1, "Tomas el Cortes", DOCKS)
    i = muster(st, 1, "Inigo Valdera", FORUMS)
    assert s["crew"][0][i] == 0 and d != i
    empty_hand(st, 0)
    to_hand(st, 0, "Marked Debt", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_TARGET + 1 * MAX_CREW + i)
    assert s["pk"] == PK_PAY and s["pa"] == i
    check(st)
    act(st, A_HAND + 0)
    assert cid("Marked Debt") in s["att"][1][i]
    check(st)
