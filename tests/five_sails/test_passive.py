"""[Passive Abilities] (always active: a stat aura, a targeting restriction), [Glossary: Set]
(calculations first, then the set value; a dash cannot be set), [Self Referentials] (a
Technique that copies another), [Glossary: Sink] (revealed cards not kept go to the bottom
of the deck in a random order)."""

from envs.five_sails import state as S
from envs.five_sails.state import (A_CHALLENGE, A_CREW, A_GAMBLE, A_HAND, A_KEEP, A_PASS,
                                   A_TARGET, A_TECH, MAX_CREW, PK_SINK)

from .helpers import (act, attach, check, cid, empty_hand, high_drama, hire, legal, muster, new,
                      place, stack_deck, stat_of, to_hand)

FORUMS = 2




def test_passive_aura_gives_other_characters_at_the_location_combat():
    """[Passive Abilities] "always active": Big Harald gives +1 Combat to his controller's
    other characters at his location, not to himself, not elsewhere, not to opponents."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)      # Combat 2
    t = muster(st, 0, "Tomas el Cortes", S.HOME)    # Combat 1
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Combat 2
    h = hire(st, 0, "Big Harald", FORUMS)          # Combat 3
    assert stat_of(st, 0, a, S.S_COM) == 3
    assert stat_of(st, 0, t, S.S_COM) == 1
    assert stat_of(st, 0, h, S.S_COM) == 3
    assert stat_of(st, 1, b, S.S_COM) == 2
    st[0]["loc"][0][h] = S.HOME                     # he leaves: the aura follows him
    assert stat_of(st, 0, a, S.S_COM) == 2 and stat_of(st, 0, t, S.S_COM) == 2
    check(st)


def test_passive_aura_raises_the_threat_of_a_challenge():
    """The aura is a stat like any other: a challenge's threat is the challenger's Combat
    [Threat]: Inigo 2 + 1 = 3 threat, refused: 3 wounds (capped by 3)."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    hire(st, 0, "Big Harald", FORUMS)
    b = muster(st, 1, "Anke Brenner", FORUMS)       # Resolve 4
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + b)
    act(st, A_PASS)
    assert st[0]["wounds"][1][b] == 3


def test_passive_restriction_cannot_be_challenged():
    """[Target an Opposing Character] "any other targeting restrictions must be met": Ada
    Quill cannot be challenged; with only her there, no Challenge Action is offered."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    q = hire(st, 1, "Ada Quill", FORUMS)
    assert A_CHALLENGE + a not in legal(st)
    b = muster(st, 1, "Anke Brenner", FORUMS)
    act(st, A_CHALLENGE + a)
    assert A_TARGET + MAX_CREW + b in legal(st) and A_TARGET + MAX_CREW + q not in legal(st)


def test_set_value_after_calculations_and_a_dash_is_never_set():
    """[Glossary: Set] calculations first, then the value is set and cannot be changed:
    Leather Jerkin sets Finesse to 1 whatever else modifies it (Rosalia 2 + Hook and Line +1
    -> 1); [Dashes as Values] a dash cannot be set; Resolve +1 still applies."""
    st = new(2)
    high_drama(st)
    r = muster(st, 0, "Rosalia Quemada", FORUMS)    # Finesse 2, Resolve 2
    attach(st, 0, r, "Hook and Line", city_card=True)         # Finesse +1
    assert stat_of(st, 0, r, S.S_FIN) == 3
    attach(st, 0, r, "Leather Jerkin", city_card=True)
    assert stat_of(st, 0, r, S.S_FIN) == 1 and stat_of(st, 0, r, S.S_RES) == 3
    check(st)


def test_set_finesse_limits_gambles():
    """Set Finesse 1 is the Finesse that counts for [Gambling] (at most Finesse gambles)."""
    st = new(2, decks=["eisen", "castille"])
    high_drama(st)
    a = muster(st, 0, "Anke Brenner", FORUMS)
    r = muster(st, 1, "Rosalia Quemada", FORUMS)    # Finesse 2 -> set to 1
    attach(st, 1, r, "Leather Jerkin", city_card=True)
    empty_hand(st, 1)
    s = st[0]
    s["d_on"] = 1
    s["d_stat"] = S.S_COM
    s["d_loc"] = FORUMS
    s["d_seat"][:] = [0, 1]
    s["d_slot"][:] = [a, r]
    s["d_alive"][:] = 1
    s["d_pool"][1] = 1
    s["d_ploc"][1] = FORUMS
    s["d_active"] = 1
    s["d_gambles"][1] = 1
    s["pk"] = S.PK_DPLAY
    s["to_play"] = 1
    assert A_GAMBLE not in legal(st)
    s["att"][1][r][:] = 0                           # without the Jerkin: Finesse 2
    assert A_GAMBLE in legal(st)


def test_copy_technique_uses_the_adversarys_technique_for_the_copier():
    """[Self Referentials] a copied ability refers to the card doing the copying: Fenna
    copies Marisol's "+1 Thrust" Technique: the Thrust goes out from Fenna's side; Marisol's
    own Technique stays unused. Not offered with the challenge (no adversary yet)."""
    st = new(2, decks=["eisen", "castille"])
    high_drama(st)
    f = hire(st, 0, "Fenna Two-Knives", FORUMS)    # Combat 3
    place(st, 1, 0, FORUMS)                         # Marisol: Duelist Technique +1 Thrust
    empty_hand(st, 0)
    to_hand(st, 0, "Counterstroke")                 # Riposte 2, Parry 1, Thrust 0
    act(st, A_CHALLENGE + f)
    assert st[0]["pk"] == S.PK_TARGET               # no Technique step: nothing to copy yet
    s = st[0]
    s["d_seat"][1] = 1
    s["d_slot"][1] = 0
    s["d_pool"][0] = 2
    s["d_ploc"][0] = FORUMS
    s["d_active"] = 0
    s["pk"] = S.PK_DPLAY
    s["to_play"] = 0
    act(st, A_HAND + 0)
    assert A_TECH + 0 in legal(st)
    act(st, A_TECH + 0)
    assert s["d_out"] == 1 and s["tech"][0][f] == 1 and s["tech"][1][0] == 0
    act(st, A_PASS)                                 # combat values: Riposte 2 returns 2
    assert s["d_pool"][1] == 3 and s["d_active"] == 1


def test_sink_reveal_keep_one_rest_to_the_bottom():
    """[Glossary: Sink] Scout the Market reveals the top three, the player puts one into the
    hand and the other two go to the bottom of the deck (random order); nothing is lost."""
    st = new(2, reactions=True)
    high_drama(st)
    s = st[0]
    empty_hand(st, 0)
    to_hand(st, 0, "Scout the Market", "Steady Guard")
    stack_deck(st, 0, "Counterstroke", "Reckless Lunge", "Quick Exit")
    n = int(s["deck_n"][0])
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)                             # Marisol acts
    act(st, A_HAND + 0)                             # pay 1: Steady Guard
    assert s["pk"] == PK_SINK
    assert [int(x) for x in s["sink"]] == [cid("Counterstroke"), cid("Reckless Lunge"),
                                           cid("Quick Exit")]
    check(st)
    act(st, A_KEEP + 1)
    assert list(s["hand"][0][:s["hand_n"][0]]) == [cid("Reckless Lunge")]
    assert s["deck_n"][0] == n - 1
    assert sorted(int(x) for x in s["deck"][0][:2]) == sorted([cid("Counterstroke"),
                                                               cid("Quick Exit")])
    assert not s["sink"].any() and s["pk"] == S.PK_MAIN
    check(st)


def test_sink_order_is_random():
    """"in a random order": over seeds, both orders of the two sunk cards occur."""
    orders = set()
    for seed in range(12):
        st = new(2, seed=seed, reactions=True)
        high_drama(st)
        s = st[0]
        empty_hand(st, 0)
        to_hand(st, 0, "Scout the Market", "Steady Guard")
        act(st, A_HAND + 0)
        act(st, A_CREW + 0)
        act(st, A_HAND + 0)
        first, second = int(s["sink"][1]), int(s["sink"][2])
        act(st, A_KEEP + 0)
        if first != second:
            orders.add((int(s["deck"][0][0]) == first))
    assert orders == {True, False}
