"""Issuing a Challenge and Dueling, Additional Dueling Rules (sections named in each test),
the rulebook's worked examples among them."""

from envs.five_sails import state as S
from envs.five_sails.state import (A_ACCEPT, A_CHALLENGE, A_CREW, A_GAMBLE, A_HAND, A_KEEP,
                                   A_LOC, A_MANEUVER, A_PASS, A_TARGET, A_TECH, MAX_CREW)

from .helpers import (act, attach, check, cid, deck_with, empty_hand, high_drama, hire, legal,
                      mid_duel, muster, new, place, stack_deck, to_hand)

DOCKS, FORUMS, BAZAAR = 1, 2, 3


def _pair(a_name="Inigo Valdera", b_name="Anke Brenner", loc=FORUMS):
    """Castille (seat 0, priority) and Eisen (seat 1) characters at one location."""
    st = new(2)
    high_drama(st)
    a = muster(st, 0, a_name, loc)
    b = muster(st, 1, b_name, loc)
    return st, a, b


def _challenge(st, a, b, answer=A_ACCEPT):
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + 1 * MAX_CREW + b)
    act(st, answer)


def test_challenge_action_engages_and_threat_equals_the_challengers_combat():
    """[e. Challenge Action] engage; [Threat] the challenger's Combat (Inigo: 2) goes to the
    target's pool; the accepting player must play a card in its first round."""
    st, a, b = _pair()
    to_hand(st, 1, "Steady Guard")
    _challenge(st, a, b)
    s = st[0]
    assert s["eng"][0][a] == 1 and s["d_pool"][1] == 2 and s["d_pool"][0] == 0
    assert s["to_play"] == 1 and s["pk"] == S.PK_DPLAY
    assert A_PASS not in legal(st) and A_HAND + 0 in legal(st)
    check(st)


def test_refusing_a_challenge_gives_wounds_up_to_restricted_hostilities():
    """[Refusing a challenge] threat becomes wounds at once, capped by the challenger's Combat."""
    st, a, b = _pair("Tomas el Cortes", "Anke Brenner")      # Tomas: Combat 1
    _challenge(st, a, b, A_PASS)
    s = st[0]
    assert s["wounds"][1][b] == 1 and s["d_on"] == 0 and s["to_play"] == 1
    check(st)


def test_intervene_engages_another_character_who_becomes_the_participant():
    """[Intervene] engage another character of yours at that location; it accepts."""
    st, a, b = _pair()
    e = muster(st, 1, "Wendel Sturm", FORUMS)
    to_hand(st, 1, "Steady Guard")
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + b)
    assert A_CREW + e in legal(st) and A_CREW + b not in legal(st)
    act(st, A_CREW + e)
    s = st[0]
    assert s["d_slot"][1] == e and s["eng"][1][e] == 1 and s["d_pool"][1] == 2


def test_intervene_needs_an_en_garde_character_at_that_location():
    """[Intervene] "To Intervene, the player controlling the challenged character engages
    another character they control at the same location"; [Glossary: Engaged] "A card that
    must engage as a cost cannot engage if they are already engaged": an engaged Wendel, or
    one elsewhere, cannot intervene; en garde at The Forums he can."""
    for eng, loc, ok in ((1, FORUMS, False), (0, DOCKS, False), (0, FORUMS, True)):
        st, a, b = _pair()
        e = muster(st, 1, "Wendel Sturm", loc, eng=eng)
        act(st, A_CHALLENGE + a)
        act(st, A_TARGET + MAX_CREW + b)
        assert (A_CREW + e in legal(st)) == ok


def test_lethal_ends_at_your_next_round():
    """[Lethal] "Your participant ignores Restricted Hostilities until your next round of the
    duel." Anke's Finishing Blow is Lethal in her round; Tomas ripostes; at Anke's next round
    it is over, so the 4 threat of her Reckless Lunge (Thrust 2, +2 by its Maneuver) wounds
    Tomas only up to her Combat 2 [Restricted Hostilities]: 2 wounds, he lives (Resolve 4)."""
    st, a, b = _pair("Tomas el Cortes", "Anke Brenner")
    to_hand(st, 1, "Finishing Blow", "Reckless Lunge")
    to_hand(st, 0, "Counterstroke")
    mid_duel(st, a, b, 1)
    s = st[0]
    act(st, A_HAND + 0)                          # Finishing Blow 0/0/2
    act(st, A_MANEUVER)                          # Lethal
    assert s["d_lethal"][1] == 1 and s["d_pool"][0] == 2 and s["to_play"] == 0
    act(st, A_HAND + 0)                          # Counterstroke 2/1/0: riposte 2 back
    act(st, A_PASS)                              # not its Maneuver
    assert s["d_pool"][1] == 2 and s["to_play"] == 1
    assert s["d_lethal"][1] == 0                 # Anke's next round: Lethal is over
    act(st, A_HAND + 0)                          # Reckless Lunge 0/1/2
    act(st, A_MANEUVER)                          # +2 Thrust, -2 Parry
    assert s["d_pool"][0] == 4 and s["to_play"] == 0
    act(st, A_PASS)                              # Tomas plays nothing (no card, Finesse 0)
    assert s["wounds"][0][a] == 2 and s["crew"][0][a] == cid("Tomas el Cortes")
    check(st)


def test_techniques_one_per_round_and_each_once_per_duel():
    """[Activate and resolve up to one Technique and/or One Maneuver] "Each Technique and
    Maneuver may be used once per card per duel"; [Glossary: Round] "a player may resolve one
    maneuver, one technique": Nadia Sokol (her own Technique, +1 Thrust to the card) with a
    Borrowed Rapier (its Technique, +1 Thrust) uses one of them in a round, not both; in her
    next round of the same duel only the other is left."""
    st = new(2, decks=["castille", deck_with("ussura", "Borrowed Rapier")])
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    b = muster(st, 1, "Nadia Sokol", FORUMS)
    attach(st, 1, b, "Borrowed Rapier")
    to_hand(st, 1, "Purse of Ducats", "Letter of Credit")
    to_hand(st, 0, "Counterstroke")
    mid_duel(st, a, b, 1)
    s = st[0]
    act(st, A_HAND + 0)                          # Purse of Ducats 0/1/1
    assert {A_TECH + 0, A_TECH + 1} <= legal(st)
    act(st, A_TECH + 0)                          # her own: this card +1 Thrust
    # no second Technique this round: the combat values resolved (1 + 1 Thrust)
    assert s["to_play"] == 0 and s["d_pool"][0] == 2
    act(st, A_HAND + 0)                          # Counterstroke 2/1/0: riposte 2 back
    act(st, A_PASS)
    assert s["to_play"] == 1 and s["d_pool"][1] == 2
    act(st, A_HAND + 0)                          # Letter of Credit 1/0/1
    assert A_TECH + 0 not in legal(st) and A_TECH + 1 in legal(st)
    check(st)


def test_restricted_hostilities_worked_example():
    """[Restricted Hostilities] example: a character with 1 Combat sends four threat; the
    adversary plays no combat card: one wound, the four threat discarded, the duel over."""
    st, a, b = _pair("Tomas el Cortes", "Anke Brenner")
    mid_duel(st, a, b, 4)
    act(st, A_PASS)
    s = st[0]
    assert s["wounds"][1][b] == 1 and s["d_on"] == 0 and s["d_pool"].sum() == 0
    check(st)


def test_combat_values_riposte_parry_thrust_in_order():
    """[Combat Values] Counterstroke (2/1/0) against 4 threat: Riposte takes 2 and returns
    2, Parry removes 1, 1 wound remains (capped by Combat 2), 2 threat to the adversary."""
    st, a, b = _pair()
    to_hand(st, 1, "Counterstroke")
    mid_duel(st, a, b, 4)
    act(st, A_HAND + 0)
    act(st, A_PASS)                         # no Maneuver: values only
    s = st[0]
    assert s["wounds"][1][b] == 1 and s["d_pool"][0] == 2 and s["to_play"] == 0


def test_riposte_returns_no_more_than_it_reduced():
    """[Riposte] cannot return more than what was reduced: 1 threat, Riposte 2 returns 1."""
    st, a, b = _pair()
    to_hand(st, 1, "Counterstroke")
    mid_duel(st, a, b, 1)
    act(st, A_HAND + 0)
    act(st, A_PASS)
    assert st[0]["d_pool"][0] == 1 and st[0]["wounds"][1][b] == 0


def test_modified_combat_values_floor_at_zero_and_maneuver_is_tied_to_the_card():
    """[Modifying Combat Values] Reckless Lunge (0/1/2) with its Maneuver: +2 Thrust, -2
    Parry -> Parry 0 (not -1), Thrust 4."""
    st, a, b = _pair()
    to_hand(st, 1, "Reckless Lunge")
    mid_duel(st, a, b, 2)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    s = st[0]
    assert s["wounds"][1][b] == 2 and s["d_pool"][0] == 4


def test_gambling_reveals_two_keeps_one_and_discards_the_other():
    """[Gambling] reveal the top two, keep one (it is played), discard the other."""
    st, a, b = _pair("Inigo Valdera", "Liesl Graf")          # Liesl: Finesse 2
    stack_deck(st, 1, "Steady Guard", "Finishing Blow")
    mid_duel(st, a, b, 1)
    act(st, A_GAMBLE)
    s = st[0]
    assert s["pk"] == S.PK_KEEP and list(s["d_reveal"]) == [cid("Steady Guard"), cid("Finishing Blow")]
    act(st, A_KEEP + 0)
    assert cid("Finishing Blow") == s["disc"][1][s["disc_n"][1] - 1]
    assert s["d_line"][1][0] == cid("Steady Guard") and s["d_gambles"][1] == 1


def test_gambling_at_most_finesse_times():
    """[Gambling] a player cannot gamble more times than the participant's Finesse (Anke: 0)."""
    st, a, b = _pair()
    to_hand(st, 1, "Steady Guard")
    mid_duel(st, a, b, 1)
    assert A_GAMBLE not in legal(st)
    st[0]["d_slot"][1] = muster(st, 1, "Liesl Graf", FORUMS)
    st[0]["d_gambles"][1] = 2
    assert A_GAMBLE not in legal(st)
    st[0]["d_gambles"][1] = 1
    assert A_GAMBLE in legal(st)


def test_lethal_ignores_restricted_hostilities_until_your_next_round():
    """[Lethal] Finishing Blow's Maneuver: the adversary takes all 2 threat though Anke's
    Combat... here Tomas (Combat 1) is hit by Anke's Thrust 2 + Lethal: 2 wounds, not 1."""
    st, a, b = _pair("Tomas el Cortes", "Anke Brenner")
    to_hand(st, 1, "Finishing Blow")
    empty_hand(st, 0)
    mid_duel(st, a, b, 1)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    s = st[0]
    assert s["d_pool"][0] == 2 and s["d_lethal"][1] == 1
    act(st, A_PASS)                              # Tomas plays nothing: Lethal, no cap
    assert s["wounds"][0][a] == 2


def test_destroyed_character_goes_to_the_locker_and_the_duel_goes_on_final_strike():
    """[Final Strike] [Ending a Duel] Inigo (Resolve 3, 2 wounds) resolves his Thrust to the
    adversary and is then destroyed; the adversary still has threat; the duel continues."""
    st, a, b = _pair()
    s = st[0]
    s["wounds"][0][a] = 2
    to_hand(st, 0, "Finishing Blow")               # 0/0/2
    mid_duel(st, a, b, 3, active=0)
    act(st, A_HAND + 0)
    act(st, A_PASS)
    assert s["crew"][0][a] == 0 and cid("Inigo Valdera") in list(s["locker"][0][:s["locker_n"][0]])
    assert s["d_on"] == 1 and s["d_pool"][1] == 2 and s["to_play"] == 1
    act(st, A_PASS)            # Anke takes wounds capped by Inigo's last known Combat (2)
    assert s["wounds"][1][b] == 2 and s["d_on"] == 0
    check(st)


def test_destroyed_brute_goes_to_the_discard_pile():
    """[Brute] a destroyed Brute enters its owner's discard pile instead of The Locker."""
    st, a, b = _pair()
    s = st[0]
    to_hand(st, 0, "Vaquero Hired Arm", "Steady Guard")
    place(st, 0, a, S.HOME)
    act(st, A_HAND + 0)
    act(st, A_HAND + 0)
    c = list(s["crew"][0]).index(cid("Vaquero Hired Arm"))
    assert s["loc"][0][c] == S.HOME
    place(st, 0, c, FORUMS, wounds=1)
    mid_duel(st, c, b, 5)
    s["d_active"] = 0
    s["d_pool"][:] = [5, 0]
    s["to_play"] = 0
    act(st, A_PASS)
    assert cid("Vaquero Hired Arm") == s["disc"][0][s["disc_n"][0] - 1]


def test_assassination_victory_destroying_the_only_opposing_leader():
    """[Victory: Assassination] [Leader Cards] a destroyed Leader loses at once."""
    st = new(2)
    high_drama(st)
    s = st[0]
    place(st, 0, 0, FORUMS)
    place(st, 1, 0, FORUMS, wounds=6)               # Gunther: Resolve 7
    mid_duel(st, 0, 0, 3)
    act(st, A_PASS)
    assert s["done"] == 1 and s["winner_mask"] == 1 and list(s["reward"][:2]) == [1.0, -1.0]


def test_moving_during_a_duel_kaspar_escapes():
    """[Moving During a Duel] first example: Kaspar is at The Docks, the threat Soline sent
    back resolved at The Forums: it is discarded, Kaspar takes no wound, the duel ends."""
    st, soline, kaspar = _pair("Inigo Valdera", "Anke Brenner")
    place(st, 1, kaspar, DOCKS)
    to_hand(st, 0, "Finishing Blow")                 # Thrust 2
    mid_duel(st, soline, kaspar, 1, active=0)
    act(st, A_HAND + 0)
    act(st, A_PASS)
    s = st[0]
    assert s["d_on"] == 0 and s["wounds"][1][kaspar] == 0


def test_moving_during_a_duel_soline_follows_with_a_maneuver():
    """[Moving During a Duel] second example: Soline plays a card at The Forums, moves to The
    Docks as a Maneuver and resolves there: the threat is in Kaspar's pool at The Docks."""
    st, soline, kaspar = _pair("Inigo Valdera", "Anke Brenner")
    place(st, 1, kaspar, DOCKS)
    to_hand(st, 0, "Quick Exit")                      # 1/1/0, Maneuver: move
    mid_duel(st, soline, kaspar, 1, active=0)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    # "move your participant to an adjacent City location": The Docks or The Grand Bazaar
    # from The Forums, never further nor Home
    assert legal(st) == {A_LOC + DOCKS, A_LOC + BAZAAR}
    act(st, A_LOC + DOCKS)
    s = st[0]
    assert s["loc"][0][soline] == DOCKS
    assert s["d_pool"][1] == 1 and s["d_ploc"][1] == DOCKS and s["to_play"] == 1


def test_move_maneuver_goes_to_an_adjacent_city_location_only():
    """[b. Move Action] "Generally, characters are only able to move to adjacent locations.
    Abilities will note if the character can move to a non-adjacent location"; Quick Exit's
    Maneuver moves the participant to an adjacent City location: from The Docks only The
    Forums, not The Grand Bazaar beyond it, nor Home."""
    st, a, b = _pair(loc=DOCKS)
    to_hand(st, 0, "Quick Exit")
    mid_duel(st, a, b, 1, loc=DOCKS, active=0)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    assert legal(st) == {A_LOC + FORUMS}


def test_duel_of_finesse_from_a_card_uses_finesse_for_threat_and_wounds():
    """[Issuing a Challenge] duels of other stats: Whispered Slander challenges to a duel of
    Finesse: threat = Fortunata's Finesse 2; refused, wounds capped by Finesse."""
    st = new(2, decks=["vodacce", "eisen"])
    high_drama(st)
    a = muster(st, 0, "Fortunata", FORUMS)          # Combat -, Finesse 2
    b = muster(st, 1, "Anke Brenner", FORUMS)
    to_hand(st, 0, "Whispered Slander", "Sidestep")
    act(st, A_HAND + 0)
    act(st, A_CREW + a)
    act(st, A_HAND + 0)                               # pay 1
    s = st[0]
    assert s["d_on"] == 1 and s["d_stat"] == S.S_FIN
    act(st, A_TARGET + MAX_CREW + b)
    act(st, A_PASS)
    assert s["wounds"][1][b] == 2


def test_technique_announced_with_the_challenge_adds_thrust_to_the_threat():
    """[Announce Challenger: Technique] Marisol's Duelist Technique (+1 Thrust) with the
    challenge: threat 3 + 1 = 4; it cannot be used again in that duel."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    b = muster(st, 1, "Anke Brenner", FORUMS)
    to_hand(st, 1, "Steady Guard")
    act(st, A_CHALLENGE + 0)
    assert st[0]["pk"] == S.PK_CTECH
    act(st, A_TECH + 0)
    act(st, A_TARGET + MAX_CREW + b)
    act(st, A_ACCEPT)
    assert st[0]["d_pool"][1] == 4 and st[0]["tech"][0][0] & 1


def test_final_strike_cost_effect_only_if_destroyed_that_round():
    """[Final Strike] "Some abilities have Final Strike as an additional cost. The effect only
    activates if that character is destroyed the same round": Dying Curse (0/1/1, +3 Thrust)
    by Inigo (Resolve 3, 2 wounds) facing 3 threat: Parry 1, 2 wounds destroy him, 1 + 3
    threat reach Anke. Unhurt, the same play sends only its printed Thrust 1."""
    for wounds, sent, alive in ((2, 4, False), (0, 1, True)):
        st, a, b = _pair()
        s = st[0]
        s["wounds"][0][a] = wounds
        to_hand(st, 0, "Dying Curse")
        mid_duel(st, a, b, 3, active=0)
        act(st, A_HAND + 0)
        act(st, A_MANEUVER)
        assert s["d_pool"][1] == sent
        assert (s["crew"][0][a] != 0) == alive
        check(st)


def test_reaction_after_your_character_is_challenged_then_answer():
    """[Reaction] "after one of your characters is challenged": Brace for It heals a wound
    from the challenged Anke before her player answers; it does not use priority, the risk
    is discarded, and the answer is still to give."""
    st, _, b = _pair()
    a = muster(st, 0, "Rosalia Quemada", FORUMS)     # slot 2: not the target's slot (1)
    s = st[0]
    s["wounds"][1][b] = 2
    to_hand(st, 1, "Brace for It", "Steady Guard")
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + b)
    assert A_HAND + 0 in legal(st) and A_HAND + 1 not in legal(st)
    act(st, A_HAND + 0)
    assert s["wounds"][1][b] == 1 and s["pk"] == S.PK_RESPOND and s["to_play"] == 1
    assert cid("Brace for It") == s["disc"][1][s["disc_n"][1] - 1]
    act(st, A_ACCEPT)
    assert s["d_pool"][1] == 2
    check(st)


def test_three_players_a_destroyed_leader_loses_and_the_game_goes_on():
    """[Leader Cards] a player whose Leader is destroyed loses; with three players the other
    two play on [ruling: Eliminated players]: the loser's crew leaves, their locations become
    uncontrolled, priority skips them."""
    st = new(3)
    high_drama(st)
    s = st[0]
    place(st, 0, 0, FORUMS)
    place(st, 1, 0, FORUMS, wounds=6)               # Gunther: Resolve 7
    muster(st, 1, "Anke Brenner", DOCKS)
    s["ctrl"][DOCKS] = 1
    mid_duel(st, 0, 0, 3)
    act(st, A_PASS)
    assert s["out"][1] == 1 and s["done"] == 0
    assert s["crew"][1].sum() == 0 and s["ctrl"][DOCKS] == -1
    assert cid("Anke Brenner") in list(s["locker"][1][:s["locker_n"][1]])
    assert s["to_play"] == 2                          # priority passes over seat 1
    check(st)


def test_brutes_are_discarded_at_dusk():
    """[Brute] Brutes are discarded from play at the end of the Day."""
    st = new(2)
    high_drama(st)
    s = st[0]
    to_hand(st, 0, "Vaquero Hired Arm", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_HAND + 0)
    assert cid("Vaquero Hired Arm") in list(s["crew"][0])
    act(st, A_PASS)
    act(st, A_PASS)
    while s["pk"] == S.PK_DUSK:
        act(st, A_HAND + 0)
    assert cid("Vaquero Hired Arm") not in list(s["crew"][0])
    assert cid("Vaquero Hired Arm") in list(s["disc"][0][:s["disc_n"][0]])


def test_intervene_with_a_character_that_cannot_be_challenged_is_not_offered():
    """[Intervene] "the announced challenger is now targeting the Intervening character" and
    [Target an Opposing Character] "any other targeting restrictions must be met": Ada Quill
    cannot be challenged [ruling: Passive Abilities], so she cannot intervene; Wendel can."""
    st, a, b = _pair()
    e = muster(st, 1, "Wendel Sturm", FORUMS)
    q = hire(st, 1, "Ada Quill", FORUMS)
    act(st, A_CHALLENGE + a)
    act(st, A_TARGET + MAX_CREW + b)
    lg = legal(st)
    assert st[0]["pk"] == S.PK_RESPOND
    assert A_CREW + e in lg and A_CREW + q not in lg
