"""Reactions printed on attachments and on Events, with their costs: [Attachment Cards] ("To
use these abilities, the attachments must be equipped and in play"), [Event Cards] ("each
player may use" it "once per Day", with a character at that location), [Once per Day Ability
Activation] (per printed instance), [Costs vs Effects] (engage, Wealth cost before the
effects), [Reaction: When]."""

from envs.five_sails import state as S
from envs.five_sails.state import (A_CLAIM, A_EVENT, A_HAND, A_PASS, A_RATT, MAX_ATT, PK_REACT,
                                   PK_RPAY)

from .helpers import (act, attach, check, cid, city, deck_with as _deck, empty_hand, high_drama,
                      legal, mid_duel, muster, new, stat_of, to_hand)

DOCKS, FORUMS = 1, 2


def test_attachment_reaction_when_wounded_engage_cost_once_per_day():
    """Parrying Buckler, equipped to Anke: "when the equipped character would take wounds.
    Engage it • it takes 1 fewer instead" — the window opens for the equipped attachment
    (no Reaction risk on the list), engaging is paid first, 2 wounds become 1; the same Day
    the Buckler is not offered again, even en garde [Once per Day Ability Activation]."""
    st = new(2, decks=[_deck("castille"), _deck("eisen", "Parrying Buckler")])
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Inigo Valdera", FORUMS)      # Combat 2
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Resolve 4
    attach(st, 1, b, "Parrying Buckler")
    j = list(s["att"][1][b]).index(cid("Parrying Buckler"))
    empty_hand(st, 1)
    mid_duel(st, a, b, 3)
    act(st, A_PASS)                                 # no combat card: 2 wounds (cap 2)
    assert s["pk"] == PK_REACT and s["r_amt"] == 2 and s["to_play"] == 1
    assert legal(st) == {A_PASS, A_RATT + b * MAX_ATT + j}
    act(st, A_RATT + b * MAX_ATT + j)
    assert s["eng"][1][b] == 1 and s["r_amt"] == 1
    act(st, A_PASS)
    assert s["wounds"][1][b] == 1 and s["d_on"] == 0
    check(st)
    s["eng"][1][b] = 0
    mid_duel(st, a, b, 3)
    act(st, A_PASS)
    assert s["pk"] != PK_REACT and s["wounds"][1][b] == 3


def test_attachment_reaction_needs_the_attachment_equipped():
    """[Attachment Cards] a Parrying Buckler in hand answers nothing: no window opens."""
    st = new(2, decks=[_deck("castille"), _deck("eisen", "Parrying Buckler")])
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    b = muster(st, 1, "Anke Brenner", FORUMS)
    empty_hand(st, 1)
    to_hand(st, 1, "Parrying Buckler")
    mid_duel(st, a, b, 3)
    act(st, A_PASS)
    assert s["pk"] != PK_REACT and s["wounds"][1][b] == 2


def test_event_reaction_when_an_opponent_claims_paid_once_per_player_per_day():
    """Watch Patrol at The Docks: "when an opponent claims this location. A character of
    yours here • +1 Influence" — seat 1 (a character there) uses it, pays its Wealth cost 1
    by discarding, the pressure ties and fails [Pressures]; the Event is then spent for seat
    1 this Day [Event Cards]; the claimer is not asked."""
    st = new(2)
    high_drama(st)
    s = st[0]
    city(st, DOCKS, "Watch Patrol")
    a = muster(st, 0, "Inigo Valdera", DOCKS)
    b = muster(st, 1, "Anke Brenner", DOCKS)
    x = stat_of(st, 0, a, S.S_INF)
    y = stat_of(st, 1, b, S.S_INF)
    s["buff"][0][a] = y + 1 - x if y + 1 > x else 0
    s["buff"][1][b] = x - y - 1 if x > y + 1 else 0
    assert stat_of(st, 0, a, S.S_INF) == stat_of(st, 1, b, S.S_INF) + 1
    empty_hand(st, 1)
    to_hand(st, 1, "Steady Guard", "Purse of Ducats")
    act(st, A_CLAIM + a)
    assert s["pk"] == PK_REACT and s["to_play"] == 1
    assert legal(st) == {A_PASS, A_EVENT + b}
    act(st, A_EVENT + b)
    assert s["pk"] == PK_RPAY and s["r_pay"] == 1
    act(st, A_HAND + 0)                           # Steady Guard
    assert s["pk"] == PK_REACT and s["event_used"][1][DOCKS] == 1
    assert legal(st) == {A_PASS}                  # the Purse could pay again: once per Day
    act(st, A_PASS)
    assert s["ctrl"][DOCKS] == -1 and s["hand_n"][1] == 1
    assert s["cslot"][DOCKS] == cid("Watch Patrol")   # Events stay on their location
    check(st)


def test_event_reaction_needs_a_character_there_and_the_cost():
    """[Event Cards] access needs a character at the Event's location; [Paying Costs] with
    an empty hand its cost cannot be paid, so it is not offered — the window still opens
    (whether a hand can pay is not public) [ruling: Reaction windows]."""
    st = new(2)
    high_drama(st)
    s = st[0]
    city(st, DOCKS, "Watch Patrol")
    a = muster(st, 0, "Inigo Valdera", DOCKS)
    muster(st, 1, "Anke Brenner", DOCKS)
    empty_hand(st, 1)
    act(st, A_CLAIM + a)
    assert s["pk"] == PK_REACT and legal(st) == {A_PASS}

    st = new(2)
    high_drama(st)
    s = st[0]
    city(st, DOCKS, "Watch Patrol")
    a = muster(st, 0, "Inigo Valdera", DOCKS)
    muster(st, 1, "Anke Brenner", FORUMS)
    to_hand(st, 1, "Purse of Ducats")
    act(st, A_CLAIM + a)
    assert s["pk"] != PK_REACT                    # seat 1 has no character there
