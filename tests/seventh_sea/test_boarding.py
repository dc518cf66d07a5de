"""Boarding (rulesheet: 10. Attempt a Boarding, Boarding, Canceling; original rulebook:
7. Perform a Boarding, Boarding). Boxes of the scenario's cards: Chain Shot (Punch |
Slash, Thrust), Pistol Shot (Dagger | Thrust, Parry), Fresh Orders (Parry | Slash, Punch),
Full Sail (Kick | Thrust, Slash)."""

from envs.seventh_sea import scenario
from envs.seventh_sea import state as S
from envs.seventh_sea.cards import CARD, CARD_NAMES
from tests.seventh_sea.scenario_files import act, card, legal, load, no_reacts, pile, slot, target


def _attempt(arr):
    """player_0 attempts: Move Cost 3 Sailing, paid with Old Navigator (Sailing 3)."""
    act(arr, S.A_BOARD, target(arr, 0, 1))
    assert arr["pk"][0] == S.PK_PAY and arr["pay_skill"][0] == S.SAILING and arr["pay_left"][0] == 3
    act(arr, S.A_CREW + slot(arr, 0, "Old Navigator"))


def test_attempt_costs_the_move_cost_and_the_target_may_cancel_with_its_own():
    """10. Attempt a Boarding: pay Sailing = your Move Cost; that Ship may pay Sailing = its
    Move Cost (Bloodwake: 2) to cancel; the action is used."""
    arr = load("boarding")
    _attempt(arr)
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1
    act(arr, S.A_PAYC)
    assert arr["pay_left"][0] == 2 and arr["pay_skill"][0] == S.SAILING
    act(arr, S.A_CREW + 0, S.A_CREW + slot(arr, 1, "Rogue Cutthroats"))
    assert arr["phase"][0] == S.PH_ACTIONS and arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_boarding_attack_chain_and_the_winner_inflicts_swashbuckling_plus_swordsman():
    """Boarding: a reply must hold the last attack in a defence box; the crew with the last
    attack inflicts Swashbuckling + Swordsman bonus (Don Alvaro 3 + 1 = 4); the losing
    fighter absorbs first (tack 3, then sink); revised: both fighters tack; the cards go to
    the discard piles in order."""
    arr = load("boarding")
    _attempt(arr)
    act(arr, S.A_STOP)                                   # no cancel
    assert arr["phase"][0] == S.PH_BOARD and arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 0
    don = slot(arr, 0, "Don Alvaro")
    act(arr, S.A_CREW + don, S.A_HAND + 0)               # Chain Shot: Punch
    assert arr["cur"][0] == 1 and arr["pk"][0] == S.PK_BPUSH
    cut = slot(arr, 1, "Rogue Cutthroats")
    act(arr, S.A_CREW + cut)
    # only Fresh Orders (defends Punch) may be played; the pushed crew must play
    assert legal(arr) == {S.A_HAND + 0}
    act(arr, S.A_HAND + 0)                               # Fresh Orders: Parry
    assert legal(arr) == {S.A_HAND + 0, S.A_STOP}         # Pistol Shot defends Parry
    act(arr, S.A_HAND + 0)                               # Pistol Shot: Dagger
    assert legal(arr) == {S.A_STOP}                      # Full Sail does not defend Dagger
    act(arr, S.A_STOP)
    no_reacts(arr)                                       # player_1 holds a card: asked
    assert arr["crew"][0][1][cut] == -1 and card("Rogue Cutthroats") in pile(arr, "sunk", 1)
    assert arr["tacked"][0][0][don] == 1
    assert pile(arr, "discard", 0)[-2:] == [card("Chain Shot"), card("Pistol Shot")]
    assert pile(arr, "discard", 1)[-1:] == [card("Fresh Orders")]
    # 4 hits - 3 (tack) - 3 (sink): nothing left; the defender's opportunity
    assert arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 1 and arr["b_half"][0] == 1


def test_taking_the_hits_instead_of_fighting():
    """Boarding: the other player may absorb the hits normally instead of fighting."""
    arr = load("boarding")
    _attempt(arr)
    act(arr, S.A_STOP, S.A_CREW + slot(arr, 0, "Marines of the Crown"), S.A_HAND + 1)
    act(arr, S.A_STOP)                                   # take the hits
    assert arr["pk"][0] == S.PK_ABSORB and arr["hits"][0] == 2 and arr["cur"][0] == 1


def test_original_only_the_winning_crew_tacks():
    """Original Boarding: 'After all the Hits have been suffered, the winning Crew is tacked';
    the revised rulesheet tacks both crew. Old Navigator (Swashbuckling 0) wins with 0 hits,
    so the losing Skull Gunners absorb nothing and tack only by the revised rule."""
    for edition, loser_tacked in (("original", 0), ("revised", 1)):
        arr = load("boarding", edition=edition)
        act(arr, S.A_BOARD, target(arr, 0, 1), S.A_CREW + 0, S.A_CREW + slot(arr, 0, "Don Alvaro"))
        act(arr, S.A_STOP)
        nav = slot(arr, 0, "Old Navigator")
        gun = slot(arr, 1, "Skull Gunners")
        act(arr, S.A_CREW + nav, S.A_HAND + 0)          # Chain Shot: Punch
        act(arr, S.A_CREW + gun, S.A_HAND + 0)          # Fresh Orders: Parry
        act(arr, S.A_HAND + 0, S.A_STOP)                # Pistol Shot wins: 0 + 0 hits
        assert arr["tacked"][0][0][nav] == 1
        assert arr["tacked"][0][1][gun] == loser_tacked
        assert arr["crew"][0][1][gun] == card("Skull Gunners")


def test_original_attacker_must_attack_in_the_first_round():
    """Original Boarding: 'the attacker must attack in the first round, if he or she is able';
    the revised rulesheet lets the attacker pass."""
    arr = load("boarding", edition="original")
    _attempt(arr)
    act(arr, S.A_STOP)
    assert S.A_STOP not in legal(arr)
    arr = load("boarding")
    _attempt(arr)
    act(arr, S.A_STOP)
    assert S.A_STOP in legal(arr)


def test_round_draws_three_and_pass_pass_ends_revised_without_drawing():
    """Boarding: after the defender's opportunity each player draws three; revised: an
    attacker's pass followed by the defender's ends the Boarding with no draw; original: both
    pass in a round -> each draws three and the Boarding is over."""
    for edition, end_draw in (("revised", 0), ("original", 3)):
        arr = load("boarding", edition=edition)
        _attempt(arr)
        act(arr, S.A_STOP)
        if edition == "original":       # must attack first: Don Alvaro, the defender takes it
            act(arr, S.A_CREW + slot(arr, 0, "Don Alvaro"), S.A_HAND + 1, S.A_STOP)
            act(arr, S.A_CREW + 0)      # 4 hits: Vasco tacks, absorbing 4
        else:
            act(arr, S.A_STOP)          # attacker passes
        h0, h1 = int(arr["hand_n"][0][0]), int(arr["hand_n"][0][1])
        act(arr, S.A_STOP)              # defender passes
        if edition == "revised":
            assert arr["phase"][0] == S.PH_ACTIONS and arr["cur"][0] == 1
            assert (arr["hand_n"][0][0], arr["hand_n"][0][1]) == (h0, h1)
            continue
        # original, round 1 over: draw 3 each, round 2, both pass -> draw 3 and end
        assert arr["b_round"][0] == 1 and arr["hand_n"][0][0] == h0 + 3
        act(arr, S.A_STOP, S.A_STOP)
        # player_1 drew to 2 + 3 + 3 = 8: over the maximum of 7, it discards at once
        assert arr["pk"][0] == S.PK_DISCARD and arr["cur"][0] == 1 and arr["hand_n"][0][1] == 8
        act(arr, S.A_HAND + 0)
        assert arr["phase"][0] == S.PH_ACTIONS and arr["pk"][0] == S.PK_MAIN
        assert arr["hand_n"][0][0] == h0 + 3 + end_draw


def _duel(arr, foe):
    act(arr, S.A_HAND + 0, target(arr, 0, 1))             # Crossed Blades at player_1
    assert arr["pk"][0] == S.PK_FOE
    act(arr, S.A_FOE + slot(arr, 1, foe))
    act(arr, S.A_CREW + slot(arr, 0, "Raiders of the North"))   # 1 Swashbuckling
    assert arr["pk"][0] == S.PK_CANCEL and arr["cur"][0] == 1
    act(arr, S.A_STOP)
    assert arr["b_duel"][0] == 1 and arr["pk"][0] == S.PK_BPUSH and S.A_STOP not in legal(arr)


def test_duel_is_one_boarding_attack_between_two_named_crew():
    """Duels: resolved like a boarding attack between your crew and the named crew: Hild
    Axe-Arm (Swashbuckling 4 + Swordsman 1) beats Gentleman Duelists after Boarding Party
    (Thrust), Chain Shot (Punch, defends Thrust), Fresh Orders (Parry, defends Punch)."""
    arr = load("duel")
    _duel(arr, "Gentleman Duelists")
    hild = slot(arr, 0, "Hild Axe-Arm")
    act(arr, S.A_CREW + hild, S.A_HAND + 0)                # Boarding Party
    assert legal(arr) == {S.A_HAND + 0, S.A_STOP}
    act(arr, S.A_HAND + 0)                                 # Chain Shot
    act(arr, S.A_HAND + 0)                                 # Fresh Orders
    assert legal(arr) == {S.A_STOP}
    act(arr, S.A_STOP)
    assert card("Gentleman Duelists") in pile(arr, "sunk", 1)
    assert arr["tacked"][0][0][hild] == 1 and arr["b_duel"][0] == 0
    assert arr["phase"][0] == S.PH_ACTIONS and arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1


def test_duel_hits_left_after_the_loser_sinks_are_reduced_to_zero():
    """Duels: 'any Hits left over after the loser sinks are reduced to zero': 5 hits on
    Charming Rogue (Swashbuckling 1) - tack 1, sink 1 - and the other 3 are lost; in a
    Boarding they would be suffered by the ship."""
    arr = load("duel")
    _duel(arr, "Charming Rogue")
    act(arr, S.A_CREW + slot(arr, 0, "Hild Axe-Arm"), S.A_HAND + 0, S.A_STOP)
    no_reacts(arr)                                 # Duels: Reacts as in a Boarding
    assert card("Charming Rogue") in pile(arr, "sunk", 1)
    assert arr["hits"][0] == 0 and arr["pk"][0] == S.PK_MAIN and arr["cur"][0] == 1
    assert arr["crew"][0][1][slot(arr, 1, "Gentleman Duelists")] >= 0


def test_duel_canceling_an_unpaid_cancel_leaves_the_duel_and_the_tacked_named_crew_fights():
    """Canceling / Paying Costs / Duels / Boarding: player_1 tacks the named Charming Rogue
    (Swashbuckling 1) towards Crossed Blades' cancel cost (2 Swashbuckling) and stops: the
    cancel is what is canceled, so the Duel stands; the tacked Rogue still fights ("A tacked
    Crew may still produce Swashbuckling ... during a Boarding Attack"), replies with Chain
    Shot, loses to Hild Axe-Arm (5 hits), sinks, and the other hits are lost."""
    arr = load("duel")
    rogue = slot(arr, 1, "Charming Rogue")
    act(arr, S.A_HAND + 0, target(arr, 0, 1), S.A_FOE + rogue)
    act(arr, S.A_CREW + slot(arr, 0, "Raiders of the North"))
    act(arr, S.A_PAYC, S.A_CREW + rogue)                   # 1 of 2
    assert arr["tacked"][0][1][rogue] == 1
    act(arr, S.A_STOP)                                     # the cancel is not paid
    assert arr["b_duel"][0] == 1 and arr["pk"][0] == S.PK_BPUSH and arr["cur"][0] == 0
    assert arr["f_seat"][0][1] == 1 and arr["f_slot"][0][1] == rogue
    act(arr, S.A_CREW + slot(arr, 0, "Hild Axe-Arm"), S.A_HAND + 0)   # Boarding Party
    assert arr["pk"][0] == S.PK_BCARD and arr["cur"][0] == 1
    act(arr, S.A_HAND + 0)                                 # Chain Shot, by the tacked Rogue
    act(arr, S.A_HAND + 0, S.A_STOP)                       # Fresh Orders; Rogue stops
    no_reacts(arr)
    assert card("Charming Rogue") in pile(arr, "sunk", 1)
    assert arr["hits"][0] == 0 and arr["b_duel"][0] == 0 and arr["phase"][0] == S.PH_ACTIONS
    assert arr["crew"][0][1][slot(arr, 1, "Gentleman Duelists")] >= 0


def _long_boarding_scenario():
    """Two players in the Forbidden Sea whose hands (17 and 16 cards, within hand maximums
    of 25 and 24: 7, +15 from five hand-bonus Adventures three times each on the Ship, +2
    Tavern Tales, +1 Society Charter) hold only cards that answer each other: Parry boxes
    that defend Dagger against Dagger boxes that defend Parry."""
    parry, dagger = S.BOX_NAMES.index("Parry"), S.BOX_NAMES.index("Dagger")
    advs = ["Sunken Treasure", "Sea Serpent Hunt", "Wreck of the Aurora",
            "Black Flag Rendezvous", "Smugglers' Cache"]
    extra = {"Tavern Tales", "Society Charter", *advs}
    plain = [d for d in range(CARD.shape[0])
             if int(CARD[d, S.C_TYPE]) not in (S.T_CAPTAIN, S.T_SHIP)
             and CARD_NAMES[d] not in extra]

    def chain(box, answers):
        return [d for d in plain if CARD[d, S.C_BOX] == box
                and answers in (int(CARD[d, S.C_DEF1]), int(CARD[d, S.C_DEF2]))][:6]

    def deck(captain, ship, cards, chantey):
        counts = {a: 3 for a in advs}
        counts.update({"Society Charter": 1, "Old Navigator": 2})
        if chantey:
            counts["Tavern Tales"] = 1
        counts.update({CARD_NAMES[d]: 3 for d in cards})
        for d in plain:
            if sum(counts.values()) >= 58:
                break
            if CARD_NAMES[d] not in counts and int(CARD[d, S.C_TYPE]) == S.T_ACTION:
                counts[CARD_NAMES[d]] = 1
        return {"name": captain, "captain": captain, "ship": ship, "cards": counts}

    a, b = chain(parry, dagger), chain(dagger, parry)
    attach = [[adv, "ship"] for adv in advs for _ in range(3)]
    return scenario.build({
        "players": 2, "seed": 1, "first": 0,
        "decks": [deck("Capitana Rosa Delgado", "El Orgullo", a, True),
                  deck("Vasco the Red Hand", "Bloodwake", b, False)],
        "player": [
            {"sea": "Forbidden Sea", "crew": ["Old Navigator", "Old Navigator"],
             "hand": [CARD_NAMES[d] for d in a for _ in range(3)][:17],
             "attach": attach + [["Society Charter", "Capitana Rosa Delgado"]],
             "chantey": "Tavern Tales"},
            {"sea": "Forbidden Sea", "hand": [CARD_NAMES[d] for d in b for _ in range(3)][:16],
             "attach": attach},
        ],
    })


def test_every_card_of_a_long_boarding_attack_goes_to_the_discard_piles_in_order():
    """Boarding: players go back and forth playing Boarding Attack cards "until one of you
    can't or won't play a new Boarding Attack", and "All of the Boarding Attack cards that
    were played are put in the players' discard piles in the order in which they were
    played": nothing bounds an attack but the hands. Here 33 cards are played (the table
    once kept 32, and the 33rd went to no pile); every one reaches its player's discard
    pile, in the order played, and every record on the way passes the validator (``act``)."""
    arr = _long_boarding_scenario()
    s = arr[0]
    before = [len(pile(arr, "discard", p)) for p in range(2)]
    act(arr, S.A_BOARD, target(arr, 0, 1))
    while s["pk"] == S.PK_PAY:
        act(arr, min(a for a in legal(arr) if a != S.A_STOP))
    if s["pk"] == S.PK_CANCEL:
        act(arr, S.A_STOP)
    assert s["phase"] == S.PH_BOARD
    act(arr, min(a for a in legal(arr) if S.A_CREW <= a < S.A_SINK))   # the attacker's crew
    played = []
    while s["pk"] in (S.PK_BPUSH, S.PK_BCARD):
        if s["pk"] == S.PK_BPUSH:                    # the defender pushes a crew to fight
            act(arr, min(a for a in legal(arr) if S.A_CREW <= a < S.A_SINK))
            continue
        cards = sorted(a for a in legal(arr) if S.A_HAND <= a < S.A_XP)
        if not cards:
            break
        p = int(s["cur"])
        played.append((p, int(s["hand"][p, cards[0] - S.A_HAND])))
        act(arr, cards[0])
    assert len(played) == 33 and s["b_n"] == 33
    for _ in range(200):                             # the attack resolves
        if s["b_n"] == 0:
            break
        act(arr, min(legal(arr)))
    assert s["b_n"] == 0
    for p in range(2):
        mine = [d for q, d in played if q == p]
        new = pile(arr, "discard", p)[before[p]:]
        assert any(new[i:i + len(mine)] == mine for i in range(len(new) - len(mine) + 1))
