"""[Types of Abilities: Reaction] "when" and "after" Reactions, every trigger of the pool,
[Once per Day Ability Activation], [Acting Character], [Replacement Effects]; the windows
and their public opening rule [ruling: Reaction windows]."""

import numpy as np
import pytest

from envs.five_sails import state as S
from envs.five_sails.state import (A_ABILITY, A_ACCEPT, A_CHALLENGE, A_CLAIM, A_CREW, A_HAND,
                                   A_LOC, A_MOVE, A_PASS, A_TARGET, MAX_CREW, PK_RACTOR,
                                   PK_REACT, PK_RESPOND)

from .helpers import (act, check, cid, empty_hand, high_drama, hire, legal, mid_duel, muster, new,
                      place, to_hand)

DOCKS, FORUMS = 1, 2


def _hand_slot(st, p, name):
    s = st[0]
    return list(s["hand"][p][:s["hand_n"][p]]).index(cid(name))


# ---- when: wounds, replacement ----------------------------------------------------------
def test_reaction_when_wounded_prevents_one_wound_instead_replacement_effect():
    """[Reaction: When] interrupts before the wounds are taken; [Replacement Effects] "takes
    1 fewer instead": Anke (pool 3, adversary Combat 2) would take 2 wounds, takes 1; the
    risk goes to the discard pile [Playing a Card]."""
    st = new(2, reactions=True)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)      # Combat 2
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Resolve 4
    empty_hand(st, 1)
    to_hand(st, 1, "Last-Moment Parry")
    mid_duel(st, a, b, 3)
    act(st, A_PASS)                                 # no combat card
    s = st[0]
    assert s["pk"] == PK_REACT and s["to_play"] == 1 and s["r_amt"] == 2
    assert s["wounds"][1][b] == 0                   # not yet: the Reaction interrupts
    assert legal(st) == {A_PASS, A_HAND + 0}
    act(st, A_HAND + 0)
    assert s["pk"] == PK_REACT and s["r_amt"] == 1 and s["hand_n"][1] == 0
    assert cid("Last-Moment Parry") in list(s["disc"][1][:s["disc_n"][1]])
    act(st, A_PASS)
    assert s["wounds"][1][b] == 1 and s["d_on"] == 0
    check(st)


def test_reaction_when_wounded_window_opens_on_the_deck_list_not_the_hand():
    """[ruling: Reaction windows] the window opens whether or not the Reaction is in hand
    (only pass then), so being asked reveals nothing; a deck without such Reactions and no
    character with one is not asked."""
    st = new(2, reactions=True)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    b = muster(st, 1, "Anke Brenner", FORUMS)
    empty_hand(st, 1)
    mid_duel(st, a, b, 3)
    act(st, A_PASS)
    assert st[0]["pk"] == PK_REACT and legal(st) == {A_PASS}
    act(st, A_PASS)
    assert st[0]["wounds"][1][b] == 2

    quiet = new(2)
    high_drama(quiet)
    a = muster(quiet, 0, "Inigo Valdera", FORUMS)
    b = muster(quiet, 1, "Anke Brenner", FORUMS)
    mid_duel(quiet, a, b, 3)
    act(quiet, A_PASS)
    assert quiet[0]["wounds"][1][b] == 2 and quiet[0]["pk"] != PK_REACT


def test_character_reaction_when_wounded_once_per_day():
    """Old Tobiah's own "when he would take wounds" Reaction: 1 fewer, once per Day [Once per
    Day Ability Activation]; refused challenge wounds go through the same window."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Esperanza Ruiz", FORUMS)     # Combat 3
    t = hire(st, 1, "Old Tobiah", FORUMS)          # Resolve 3
    empty_hand(st, 1)
    act(st, A_CHALLENGE + a)
    act(st, A_PASS)                                 # no Technique with the challenge
    act(st, A_TARGET + MAX_CREW + t)
    act(st, A_PASS)                                 # refuse: 3 wounds would destroy him
    s = st[0]
    assert s["pk"] == PK_REACT and A_ABILITY + t in legal(st)
    act(st, A_ABILITY + t)
    assert s["rused"][1][t] == 1 and legal(st) == {A_PASS}
    act(st, A_PASS)
    assert s["crew"][1][t] == cid("Old Tobiah") and s["wounds"][1][t] == 2
    check(st)


# ---- when: challenged, cancel -----------------------------------------------------------
def test_reaction_when_challenged_cancels_the_challenge():
    """[Reaction: When] "usually cancel": Pike the Fence cancels the challenge against him:
    no duel, no wounds; the challenger stays engaged (a cost paid stays paid); priority
    passes on. Once per Day: not offered on a second challenge."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    k = hire(st, 1, "Pike the Fence", FORUMS)
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + k)
    s = st[0]
    assert s["pk"] == PK_RESPOND and A_ABILITY + k in legal(st)
    act(st, A_ABILITY + k)
    assert s["d_on"] == 0 and s["wounds"][1][k] == 0 and s["eng"][0][a] == 1
    assert s["pk"] == S.PK_MAIN and s["to_play"] == 1
    check(st)
    s["eng"][0][a] = 0
    s["prio"] = 0
    s["to_play"] = 0
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + k)
    assert A_ABILITY + k not in legal(st)


def test_scoundrel_reaction_needs_a_scoundrel_acting_character():
    """[Qualified Abilities] Slip Away is a Scoundrel Reaction: offered for a challenged
    Scoundrel (Rosalia), not for a Duelist (Inigo)."""
    for name, offered in (("Rosalia Quemada", True), ("Inigo Valdera", False)):
        st = new(2, decks=["eisen", "castille"], reactions=True)
        high_drama(st)
        a = muster(st, 0, "Anke Brenner", FORUMS)
        b = muster(st, 1, name, FORUMS)
        empty_hand(st, 1)
        to_hand(st, 1, "Slip Away")
        act(st, A_CHALLENGE + a)
        act(st, A_TARGET + MAX_CREW + b)
        assert (A_HAND + 0 in legal(st)) == offered
        if offered:
            act(st, A_HAND + 0)
            assert st[0]["d_on"] == 0 and st[0]["wounds"][1][b] == 0


def test_reaction_after_challenged_of_a_character_draws_then_answer():
    """[Reaction: After] Salt Jack's own "after he is challenged" Reaction draws a card; the
    answer is still to give."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    j = hire(st, 1, "Salt Jack", FORUMS)
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + j)
    s = st[0]
    n = int(s["hand_n"][1])
    act(st, A_ABILITY + j)
    assert s["hand_n"][1] == n + 1 and s["pk"] == PK_RESPOND and A_ABILITY + j not in legal(st)
    assert A_ACCEPT in legal(st)


# ---- when: claims ------------------------------------------------------------------------
def test_reaction_when_an_opponent_claims_changes_the_pressure():
    """[Reaction: When] before the pressure: Rally the Block gives Anke +2 Influence (1 + 2 =
    3 > Marisol's 2): the claim fails [Pressures]; the bonus lasts the Day [Duration]."""
    st = new(2, reactions=True)
    high_drama(st)
    place(st, 0, 0, FORUMS)                         # Marisol Influence 2
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Influence 1
    empty_hand(st, 1)
    to_hand(st, 1, "Rally the Block")
    act(st, A_CLAIM + 0)
    s = st[0]
    assert s["pk"] == PK_REACT and s["to_play"] == 1 and s["ctrl"][FORUMS] == -1
    act(st, A_HAND + 0)                             # Anke is the only one there: she acts
    assert s["buff"][1][b] == 2
    act(st, A_PASS)
    assert s["ctrl"][FORUMS] == -1 and s["eng"][0][0] == 1 and s["to_play"] == 1
    check(st)


def test_claim_reaction_acting_character_chosen_among_those_there():
    """[Acting Character] two of the reacting player's characters at the claimed location:
    the player chooses which one gets the Influence (not one at Home)."""
    st = new(2, reactions=True)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    b = muster(st, 1, "Anke Brenner", FORUMS)
    c = muster(st, 1, "Liesl Graf", FORUMS)
    muster(st, 1, "Old Matthias", S.HOME)
    empty_hand(st, 1)
    to_hand(st, 1, "Rally the Block")
    act(st, A_CLAIM + 0)
    act(st, A_HAND + 0)
    s = st[0]
    assert s["pk"] == PK_RACTOR and legal(st) == {A_CREW + b, A_CREW + c}
    check(st)
    act(st, A_CREW + c)
    assert s["buff"][1][c] == 2 and s["buff"][1][b] == 0 and s["pk"] == PK_REACT


def test_countess_morrow_reacts_to_a_claim_at_her_location():
    """A Mercenary's own "when an opponent claims" Reaction: Marisol and Tomas (2 + 2 = 4)
    would beat the Countess (3); with her +1 it is 4 against 4, a tie: the claim fails
    [Pressures]."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    muster(st, 0, "Tomas el Cortes", FORUMS)
    m = hire(st, 1, "Countess Morrow", FORUMS)
    act(st, A_CLAIM + 0)
    assert st[0]["pk"] == PK_REACT and legal(st) == {A_PASS, A_ABILITY + m}
    act(st, A_ABILITY + m)
    act(st, A_PASS)
    assert st[0]["ctrl"][FORUMS] == -1 and st[0]["buff"][1][m] == 1
    check(st)


# ---- after: destroyed, moved ------------------------------------------------------------
def test_reaction_after_destroyed_waits_until_the_duel_is_over():
    """[Reaction: After] "used after the ability has completely resolved": Inigo (Resolve 3)
    is destroyed mid-duel; Wake for the Fallen is offered only once the duel ended, then +1
    Renown."""
    st = new(2, decks=["eisen", "castille"], reactions=True)
    high_drama(st)
    a = muster(st, 0, "Kurt Eisenhand", FORUMS)     # Combat 3
    b = muster(st, 1, "Inigo Valdera", FORUMS)      # Resolve 3
    empty_hand(st, 1)
    to_hand(st, 1, "Wake for the Fallen")
    mid_duel(st, a, b, 4)
    act(st, A_PASS)                                 # no card: 3 wounds
    s = st[0]
    if s["pk"] == PK_REACT and s["r_trig"] == S.RT_WHEN_WOUNDED:
        act(st, A_PASS)                             # the "when wounded" window: no Reaction
    assert s["crew"][1][b] == 0 and s["d_on"] == 0
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_DESTROYED and s["to_play"] == 1
    act(st, A_HAND + 0)
    act(st, A_PASS)
    assert s["renown"][1] == 1 and s["pk"] == S.PK_MAIN and s["to_play"] == 1
    check(st)


def test_reaction_after_destroyed_is_not_asked_while_the_duel_goes_on():
    """The after-window waits for the duel's end: Anke is destroyed by the threat she did not
    stop but her Thrust reaches Inigo, whose round comes first [Final Strike]; then Brother
    Aldous (own Reaction, at Home) draws a card."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)            # Combat 2, Resolve 3
    b = muster(st, 1, "Anke Brenner", FORUMS, wounds=3)   # Resolve 4
    al = hire(st, 1, "Brother Aldous", S.HOME)
    to_hand(st, 1, "Finishing Blow")                      # Thrust 2
    mid_duel(st, a, b, 3)
    s = st[0]
    act(st, A_HAND + _hand_slot(st, 1, "Finishing Blow"))
    if s["pk"] == S.PK_DABIL:
        act(st, A_PASS)                                   # its Maneuver not used
    assert s["crew"][1][b] == 0 and s["d_on"] == 1 and s["d_pool"][0] == 2
    assert s["pk"] == S.PK_DPLAY and s["to_play"] == 0 and s["r_trig"] == 0
    act(st, A_PASS)                                       # Inigo takes 2 (Anke's last Combat)
    assert s["d_on"] == 0 and s["wounds"][0][a] == 2
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_DESTROYED and s["to_play"] == 1
    n = int(s["hand_n"][1])
    act(st, A_ABILITY + al)
    assert s["hand_n"][1] == n + 1
    act(st, A_PASS)
    assert s["pk"] == S.PK_MAIN and s["to_play"] == 1
    check(st)


def test_reaction_after_an_opposing_character_moves_here():
    """[Reaction: After] the Move Action resolved (Inigo engaged at The Forums), then the
    players with characters there are asked: Watchful Eye makes Anke en garde and draws;
    Ostrom (own Reaction) becomes en garde."""
    st = new(2, reactions=True)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", DOCKS)
    b = muster(st, 1, "Anke Brenner", FORUMS, eng=1)
    o = hire(st, 1, "Harbourmaster Ostrom", FORUMS)
    st[0]["eng"][1][o] = 1
    empty_hand(st, 1)
    to_hand(st, 1, "Watchful Eye")
    act(st, A_MOVE + a)
    act(st, A_LOC + FORUMS)
    s = st[0]
    assert s["loc"][0][a] == FORUMS and s["eng"][0][a] == 1
    assert s["pk"] == PK_REACT and s["to_play"] == 1 and s["r_trig"] == S.RT_MOVED
    assert legal(st) == {A_PASS, A_HAND + 0, A_ABILITY + o}
    act(st, A_HAND + 0)
    assert s["pk"] == PK_RACTOR
    act(st, A_CREW + b)
    assert s["eng"][1][b] == 0 and s["hand_n"][1] == 1
    act(st, A_ABILITY + o)
    assert s["eng"][1][o] == 0
    act(st, A_PASS)
    assert s["pk"] == S.PK_MAIN and s["to_play"] == 1
    check(st)


def test_moving_home_or_where_nobody_is_opens_no_window():
    """Only an opposing character's arrival at your character's location triggers it."""
    st = new(2, reactions=True)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", DOCKS)
    muster(st, 1, "Anke Brenner", FORUMS)
    act(st, A_MOVE + a)
    act(st, A_LOC + S.HOME)
    assert st[0]["pk"] == S.PK_MAIN and st[0]["to_play"] == 1


@pytest.mark.parametrize("seed", range(3))
def test_reaction_window_state_is_public(seed):
    """[ruling: Reaction windows] the seat not asked sees the same observation whatever the
    asked seat holds (with or without the Reaction in hand)."""
    from .helpers import obs

    views = []
    for with_card in (False, True):
        st = new(2, seed=seed, reactions=True)
        high_drama(st)
        a = muster(st, 0, "Inigo Valdera", FORUMS)
        b = muster(st, 1, "Anke Brenner", FORUMS)
        empty_hand(st, 1)
        to_hand(st, 1, "Last-Moment Parry" if with_card else "Steady Guard")
        mid_duel(st, a, b, 3)
        act(st, A_PASS)
        views.append(obs(st, 0))
    assert np.array_equal(views[0], views[1])


# ---- replacement of a cost ("instead") ---------------------------------------------------
def test_replacement_cost_engage_instead_is_satisfied():
    """[Replacement Effects] "When a cost has been replaced, it is considered satisfied":
    Favour Owed (cost 2) with one card in hand: playable only by engaging the acting
    character instead; it draws 2, nothing is discarded, the actor is engaged."""
    st = new(2, reactions=True)
    high_drama(st)
    t = muster(st, 0, "Tomas el Cortes", FORUMS)
    muster(st, 0, "Inigo Valdera", FORUMS, eng=1)
    empty_hand(st, 0)
    to_hand(st, 0, "Favour Owed", "Steady Guard")
    s = st[0]
    assert A_HAND + 0 in legal(st)
    act(st, A_HAND + 0)
    assert legal(st) == {A_CREW + 0, A_CREW + t}     # en garde actors only (Inigo engaged)
    act(st, A_CREW + t)
    assert s["pk"] == S.PK_PAY and legal(st) == {A_CREW + t}
    disc = int(s["disc_n"][0])
    act(st, A_CREW + t)
    assert s["eng"][0][t] == 1 and s["hand_n"][0] == 3 and s["disc_n"][0] == disc + 1
    assert s["pk"] == S.PK_MAIN
    check(st)


def test_replacement_cost_is_a_choice_when_the_hand_can_pay():
    """With enough cards the player chooses: discard to pay, or engage instead."""
    st = new(2, reactions=True)
    high_drama(st)
    empty_hand(st, 0)
    to_hand(st, 0, "Favour Owed", "Steady Guard", "Counterstroke")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)
    assert legal(st) == {A_HAND + 0, A_HAND + 1, A_CREW + 0}
    act(st, A_HAND + 0)                              # one card paid: no replacing now
    assert legal(st) == {A_HAND + 0}
    act(st, A_HAND + 0)
    s = st[0]
    assert s["eng"][0][0] == 0 and s["hand_n"][0] == 2


def test_validator_refuses_corrupted_reaction_fields():
    """check_states names the field: r_has must be what the deck list says; a window is open
    only while it asks a player; a bad trigger id or mover seat is out of range."""
    from envs.five_sails.validate import check_states

    st = new(2, reactions=True)
    high_drama(st)
    assert not any(check_states(st))
    for field, value, name in (("r_has", 0, "r_has"), ("r_trig", 3, "r_trig"),
                               ("r_trig", 99, "r_trig"), ("r_mover", 5, "r_mover"),
                               ("sink", 5, "conservation")):
        bad = st.copy()
        if field == "r_has":
            bad[0]["r_has"][1] = value
        elif field == "sink":
            bad[0]["sink"][0] = value
        else:
            bad[0][field] = value
        probs = check_states(bad)[0]
        assert probs and any(name in p for p in probs), (field, probs)


def test_reaction_after_a_maneuver_move_waits_for_the_end_of_the_duel():
    """A Maneuver's move is a move [Glossary: Move]: Quick Exit takes Inigo to The Docks where
    Anke is; Watchful Eye is offered once the duel is over [Reaction: After]."""
    st = new(2, reactions=True)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    e = muster(st, 1, "Anke Brenner", FORUMS)
    k = muster(st, 1, "Liesl Graf", DOCKS, eng=1)
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Quick Exit")                    # Riposte 1, Parry 1; Maneuver: move
    to_hand(st, 1, "Watchful Eye")
    mid_duel(st, a, e, 1, active=0)
    act(st, A_HAND + 0)
    act(st, S.A_MANEUVER)
    act(st, A_LOC + DOCKS)
    s = st[0]
    assert s["loc"][0][a] == DOCKS
    while s["d_on"]:
        assert s["r_trig"] != S.RT_MOVED
        act(st, A_PASS)
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_MOVED and s["to_play"] == 1
    assert A_HAND + 0 in legal(st)
    act(st, A_HAND + 0)                             # Liesl, the one there, en garde
    assert s["eng"][1][k] == 0
    check(st)


def test_reaction_after_a_move_is_still_answered_after_the_destroyed_window():
    """[Reaction: After] "used after an ability has completely resolved" [ruling: When and
    after]: both "after" triggers of one duel are answered once it is over. Rosalia is
    destroyed (Festival Crowd: Parry 1 against 3 threat, Resolve 2); Anke's Quick Exit moves
    her to The Docks where Ostrom stands engaged. Brother Aldous's window (destroyed) comes
    first; then the moved window, at The Docks, where Ostrom's Reaction stands him up."""
    st = new(2, seed=5, decks=["eisen", "castille"])
    high_drama(st, first=0)
    s = st[0]
    x = muster(st, 0, "Anke Brenner", FORUMS)
    y = muster(st, 1, "Rosalia Quemada", FORUMS)
    o = hire(st, 1, "Harbourmaster Ostrom", DOCKS)
    place(st, 1, o, DOCKS, eng=1)
    hire(st, 1, "Brother Aldous", S.HOME)           # after one of your characters is destroyed
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Quick Exit")
    to_hand(st, 1, "Festival Crowd")
    mid_duel(st, x, y, 3, loc=FORUMS, active=1)
    act(st, A_HAND + 0)
    while s["pk"] == S.PK_DABIL:
        act(st, A_PASS)
    assert s["crew"][1][y] == 0 and s["d_on"] == 1
    act(st, A_HAND + 0)                             # Quick Exit: Maneuver, move
    act(st, S.A_MANEUVER)
    act(st, A_LOC + DOCKS)
    while s["pk"] == S.PK_DABIL:
        act(st, A_PASS)
    assert s["d_on"] == 0 and s["loc"][0][x] == DOCKS
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_DESTROYED and s["to_play"] == 1
    act(st, A_PASS)                                 # Aldous not used
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_MOVED and s["to_play"] == 1
    assert s["r_loc"] == DOCKS and legal(st) == {A_PASS, A_ABILITY + o}
    act(st, A_ABILITY + o)
    assert s["eng"][1][o] == 0
    act(st, A_PASS)
    assert s["pk"] == S.PK_MAIN and s["r_loc"] == 0
    check(st)


def test_dashes_as_values_dash_influence_cannot_act_for_a_reaction_that_gives_influence():
    """[Dashes as Values] "cannot ... be the acting character in any abilities that use that
    stat": Kurt (Influence -) cannot take Rally the Block's +2 Influence; with Anke there too
    she is the only acting character (no choice offered) and the claim fails (1 + 2 = 3 >
    Marisol's 2) [Pressures]; with Kurt alone at the claimed location the window offers only
    pass [ruling: Reaction windows]."""
    st = new(2, reactions=True)
    high_drama(st)
    s = st[0]
    place(st, 0, 0, FORUMS)                         # Marisol Influence 2
    k = muster(st, 1, "Kurt Eisenhand", FORUMS)     # Influence -
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Influence 1
    empty_hand(st, 1)
    to_hand(st, 1, "Rally the Block")
    act(st, A_CLAIM + 0)
    assert s["pk"] == PK_REACT and s["to_play"] == 1
    act(st, A_HAND + 0)
    assert s["pk"] == PK_REACT                      # no acting-character choice: Anke only
    assert s["buff"][1][b] == 2 and s["buff"][1][k] == 0
    act(st, A_PASS)
    assert s["ctrl"][FORUMS] == -1
    check(st)

    st = new(2, reactions=True)
    high_drama(st)
    s = st[0]
    place(st, 0, 0, FORUMS)
    muster(st, 1, "Kurt Eisenhand", FORUMS)
    empty_hand(st, 1)
    to_hand(st, 1, "Rally the Block")
    act(st, A_CLAIM + 0)
    assert s["pk"] == PK_REACT and s["to_play"] == 1 and legal(st) == {A_PASS}


def test_a_maneuver_move_is_answered_clockwise_from_the_left_of_the_mover():
    """[Reaction] the players the trigger concerns are asked clockwise from the left of the
    player whose act triggered it [ruling: Reaction windows]: at 4 players seat 0 challenged
    seat 2, whose Inigo leaves the duel by Quick Exit to The Docks, where seats 1 and 3 each
    have a character. Seat 2 moved, so seat 3 is asked first, then seat 1 (seat 0, who holds
    priority, would have asked seat 1 first)."""
    st = new(4, reactions=True, decks=["eisen", "eisen", "castille", "eisen"])
    high_drama(st, first=0)
    a = muster(st, 0, "Anke Brenner", FORUMS)
    e = muster(st, 2, "Inigo Valdera", FORUMS)
    muster(st, 1, "Liesl Graf", DOCKS, eng=1)
    muster(st, 3, "Liesl Graf", DOCKS, eng=1)
    for p in range(4):
        empty_hand(st, p)
    to_hand(st, 2, "Quick Exit")
    to_hand(st, 1, "Watchful Eye")
    to_hand(st, 3, "Watchful Eye")
    mid_duel(st, a, e, 1, active=1)
    s = st[0]
    s["d_seat"][:] = [0, 2]
    s["to_play"] = 2
    act(st, A_HAND + 0)
    act(st, S.A_MANEUVER)
    act(st, A_LOC + DOCKS)
    assert s["loc"][2][e] == DOCKS
    while s["d_on"]:
        act(st, A_PASS)
    assert s["pk"] == PK_REACT and s["r_trig"] == S.RT_MOVED and s["to_play"] == 3
    act(st, A_PASS)
    assert s["pk"] == PK_REACT and s["to_play"] == 1
    act(st, A_PASS)
    assert s["pk"] == S.PK_MAIN
    check(st)
