"""Reactions to the Day's named timing points: [1. Dawn] 1) Beginning of the Day, 2)
Beginning of Dawn, 3) City cards, 4) End of Dawn; [5. Dusk] 1. Beginning of Dusk, 2. Clean
up, 3. End of Dusk, 4. End of the Day; asked from the First Player clockwise [ruling: The
Day's timing points]; the window opens on the deck list, not the hand [ruling: Reaction
windows]; costs paid card by card, Wealth counting two [Paying Costs and Spending]; engaging
as an additional cost [Costs vs Effects]; [Once per Day Ability Activation] over a full Day."""

from envs.five_sails import state as S
from envs.five_sails.state import (A_CREW, A_HAND, A_PASS, A_RATT, MAX_ATT, PK_RACTOR, PK_REACT,
                                   PK_RPAY)

from .helpers import (act, attach, check, cid, deck_with as _deck, empty_hand, high_drama, legal,
                      muster, new, to_hand)


def _hand(st, p):
    s = st[0]
    return [int(x) for x in s["hand"][p][:s["hand_n"][p]]]


def _slot(st, p, name):
    return _hand(st, p).index(cid(name))


def _to_dusk(st):
    """Every player passes in High Drama: Plunder (no victory on Day 1), then Dusk."""
    for _ in range(int(st[0]["num_players"])):
        act(st, A_PASS)


def _discard_down(st):
    """[5. Dusk 2e] answer the discards down to the unmodified Panache with the first card."""
    while st[0]["pk"] == S.PK_DUSK:
        act(st, min(legal(st)))


def _window(st, trig, seat):
    s = st[0]
    assert s["pk"] == PK_REACT, int(s["pk"])
    assert s["r_trig"] == trig and s["to_play"] == seat, (int(s["r_trig"]), int(s["to_play"]))


def test_dawn_timing_points_reactions_in_the_rulebooks_order():
    """[1. Dawn] Beginning of the Day, Beginning of Dawn (before any City card is placed),
    End of Dawn (after), then Planning; each window asks only players who may react, from the
    First Player clockwise; an attachment's Reaction (Prayer Beads) is used while equipped; a
    Reaction risk with a Wealth cost (Dawn Orders, 1) is paid by discarding a card."""
    st = new(2, decks=[_deck("castille", "Dawn Orders"), _deck("vodacce", "Prayer Beads")],
             reactions=True)
    high_drama(st, first=1)
    s = st[0]
    attach(st, 1, 0, "Prayer Beads")
    s["wounds"][1][0] = 2
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Early Riser", "Dawn Orders", "Purse of Ducats")
    _to_dusk(st)
    _discard_down(st)
    # Beginning of the Day: seat 0 only (Early Riser is on its list; seat 1 has none)
    _window(st, S.RT_BEGIN_DAY, 0)
    assert s["day"] == 2 and not s["cslot"].any()
    assert legal(st) == {A_PASS, A_HAND + _slot(st, 0, "Early Riser")}
    n = s["hand_n"][0]
    act(st, A_HAND + _slot(st, 0, "Early Riser"))
    assert s["hand_n"][0] == n       # Early Riser left, one card drawn
    assert cid("Early Riser") in s["disc"][0][:s["disc_n"][0]]
    act(st, A_PASS)
    # Beginning of Dawn: the Prayer Beads on seat 1's Leader; still no City card
    _window(st, S.RT_BEGIN_DAWN, 1)
    assert not s["cslot"].any()
    j = list(s["att"][1][0]).index(cid("Prayer Beads"))
    assert legal(st) == {A_PASS, A_RATT + 0 * MAX_ATT + j}
    act(st, A_RATT + j)
    assert s["wounds"][1][0] == 1 and s["rused"][1][0] == 1 << (1 + j)
    assert legal(st) == {A_PASS}                  # once per Day
    act(st, A_PASS)
    # End of Dawn: the City cards are out; Dawn Orders costs 1: discard to pay
    _window(st, S.RT_END_DAWN, 0)
    assert s["cslot"][1:4].all()
    act(st, A_HAND + _slot(st, 0, "Dawn Orders"))
    assert s["pk"] == PK_RPAY and s["pcard"] == cid("Dawn Orders")
    check(st)
    act(st, A_HAND + 0)
    assert s["pk"] == PK_REACT and s["buff"][0][0] == 1
    act(st, A_PASS)
    assert s["pk"] == S.PK_SCHEME and s["phase"] == S.PH_PLANNING
    check(st)


def test_day_timing_window_asks_from_the_first_player_and_opens_on_the_deck_list():
    """[ruling: The Day's timing points] both players hold a Beginning of the Day Reaction on
    their lists: the First Player (seat 1) is asked first, then seat 0; a player without the
    card in hand is asked all the same (only pass) so the window reveals nothing."""
    st = new(2, decks=[_deck("castille"), _deck("vodacce", "Early Riser")], reactions=True)
    high_drama(st, first=1)
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Early Riser")
    _to_dusk(st)
    _discard_down(st)
    _window(st, S.RT_BEGIN_DAY, 1)
    assert legal(st) == {A_PASS}
    act(st, A_PASS)
    _window(st, S.RT_BEGIN_DAY, 0)
    assert A_HAND + 0 in legal(st)


def test_dusk_timing_points_discard_cost_wealth_counts_two_and_engage_cost_lasts_the_night():
    """[5. Dusk] Beginning of Dusk comes before the clean up (locations still controlled);
    Counting House's additional cost "discard 2 cards" is paid by one Wealth card [Wealth];
    End of Dusk after the clean up: Burn the Midnight Oil engages one of two characters (the
    player chooses) and it stays engaged into the next Day; End of the Day: Night Lantern
    engages its character; [Once per Day] uses come back only after the End of the Day."""
    st = new(2, decks=[_deck("montaigne", "Burn the Midnight Oil"), _deck("ussura", "Night Lantern")],
             reactions=True)
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Armand Lacroix", 1)
    attach(st, 1, 0, "Night Lantern")
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Counting House", "Purse of Ducats", "Burn the Midnight Oil", "Steady Guard")
    s["ctrl"][1] = 0
    _to_dusk(st)
    _window(st, S.RT_BEGIN_DUSK, 0)
    assert s["ctrl"][1] == 0 and s["phase"] == S.PH_DUSK    # not yet cleaned up
    renown = int(s["renown"][0])
    act(st, A_HAND + _slot(st, 0, "Counting House"))
    assert s["pk"] == PK_RPAY and s["r_pay"] == 2
    act(st, A_HAND + _slot(st, 0, "Purse of Ducats"))   # Wealth: worth two
    assert s["pk"] == PK_REACT and s["renown"][0] == renown + 1
    assert s["hand_n"][0] == 2
    act(st, A_PASS)
    _discard_down(st)
    _window(st, S.RT_END_DUSK, 0)
    assert s["ctrl"][1] == -1 and s["loc"][0][a] == S.HOME and s["eng"][0][a] == 0
    act(st, A_HAND + _slot(st, 0, "Burn the Midnight Oil"))
    assert s["pk"] == PK_RACTOR and legal(st) == {A_CREW + 0, A_CREW + a}
    act(st, A_CREW + a)
    assert s["eng"][0][a] == 1 and s["eng"][0][0] == 0
    act(st, A_PASS)
    _window(st, S.RT_END_DUSK, 1)          # Burn the Midnight Oil is on seat 1's list too
    act(st, A_PASS)
    _window(st, S.RT_END_DAY, 1)
    j = list(s["att"][1][0]).index(cid("Night Lantern"))
    act(st, A_RATT + j)
    assert s["eng"][1][0] == 1 and s["rused"][1][0] != 0
    act(st, A_PASS)
    assert s["day"] == 2 and s["rused"][1][0] == 0       # a new Day
    assert s["eng"][0][a] == 1 and s["eng"][1][0] == 1   # engaged through the night
    check(st)


def test_engage_cost_needs_an_en_garde_character():
    """[En garde vs Engaged] "An engaged card cannot engage for any costs": with its only
    character engaged, Burn the Midnight Oil cannot be used (pass only)."""
    st = new(2, decks=[_deck("montaigne", "Burn the Midnight Oil"), _deck("ussura")],
             reactions=True)
    high_drama(st)
    s = st[0]
    empty_hand(st, 0)
    empty_hand(st, 1)
    to_hand(st, 0, "Burn the Midnight Oil")
    _to_dusk(st)
    _discard_down(st)
    # Beginning of Dusk asks seat 0 (Counting House on its list): pass to the End of Dusk
    while not (s["pk"] == PK_REACT and s["r_trig"] == S.RT_END_DUSK):
        act(st, A_PASS)
    assert A_HAND + 0 in legal(st)
    s["eng"][0][0] = 1
    assert legal(st) == {A_PASS}
