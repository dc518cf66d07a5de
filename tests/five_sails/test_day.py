"""The Day: Game Setup, Dawn, Planning, High Drama actions, Plunder, Dusk (rulebook sections
named in each test)."""

import pytest

from envs.five_sails import cards as C
from envs.five_sails import state as S
from envs.five_sails.state import (A_APPROACH, A_CLAIM, A_CREW, A_HAND, A_LOC, A_MOVE, A_PASS,
                                   A_RECRUIT, A_CEQUIP, A_EVENT, A_TECH, HOME)

from .helpers import (act, attach, check, cid, city, empty_hand, high_drama, hire, legal, muster,
                      new, place, to_hand)


# ----- Game Setup --------------------------------------------------------------------------
@pytest.mark.parametrize("n, live", [(2, [1, 2, 3]), (3, [0, 1, 2, 3]), (4, [0, 1, 2, 3, 4])])
def test_game_setup_locations_by_player_count_and_dawn_deals_one_card_each(n, live):
    """[Game Setup] three core locations, Ole's Inn with 3, Governor's Gardens with 4;
    [1. Dawn] one City card on each location."""
    st = new(n)
    s = st[0]
    assert [l for l in range(5) if s["cslot"][l] > 0] == live
    assert s["cdeck_n"] == 30 - len(live)
    check(st)


def test_game_setup_leaders_at_home_approach_unshuffled_no_hand():
    """[Game Setup] Leaders en garde at Home; Approach Deck not randomized; no starting hand."""
    st = new(2, seed=5)
    s = st[0]
    for p in range(2):
        assert s["crew"][p][0] == s["cfg"]["leader"][p]
        assert s["loc"][p][0] == HOME and s["eng"][p][0] == 0
        assert (s["appr"][p] == s["cfg"]["approach"][p]).all()
        assert s["hand_n"][p] == 0 and s["deck_n"][p] == s["cfg"]["faction_n"][p]
    assert s["phase"] == S.PH_PLANNING and s["pk"] == S.PK_SCHEME and s["to_play"] == 0


# ----- Planning ----------------------------------------------------------------------------
def _plan(st, scheme, char):
    s = st[0]
    p = int(s["to_play"])
    act(st, A_APPROACH + list(s["appr"][p]).index(cid(scheme)))
    act(st, A_APPROACH + list(s["appr"][p]).index(cid(char)))


def test_planning_secret_choices_one_seat_after_another_then_reveal_and_muster():
    """[2. Planning] 1) each player selects a scheme and a character face down, 2) reveal,
    4) Muster: the character comes into play at Home."""
    st = new(2)
    s = st[0]
    _plan(st, "Blades at Dawn", "Inigo Valdera")
    assert s["to_play"] == 1 and s["pk"] == S.PK_SCHEME
    assert s["plan_scheme"][0] == cid("Blades at Dawn") and s["scheme"][0] == 0
    _plan(st, "Iron Patience", "Anke Brenner")
    assert s["scheme"][0] == cid("Blades at Dawn") and s["scheme"][1] == cid("Iron Patience")
    assert cid("Inigo Valdera") in list(s["crew"][0]) and cid("Anke Brenner") in list(s["crew"][1])
    assert s["phase"] == S.PH_HIGH_DRAMA
    check(st)


def test_determine_initiative_highest_takes_the_first_player_token():
    """[Planning 3a] Blades at Dawn (7) beats Iron Patience (2): Castille is First Player
    and acts first in High Drama [3. High Drama]."""
    st = new(2)
    _plan(st, "Blades at Dawn", "Inigo Valdera")
    _plan(st, "Iron Patience", "Anke Brenner")
    assert st[0]["first"] == 0 and st[0]["to_play"] == 0


def test_determine_initiative_tie_passes_the_token_to_the_left():
    """[Planning 3b] a tie with a holder: the token passes to the left (next seat)."""
    st = new(3)
    st[0]["first"] = 2
    _plan(st, "Silver Harbour Accord", "Inigo Valdera")   # 3
    _plan(st, "Drill and Discipline", "Anke Brenner")     # 3
    _plan(st, "Embroidered Purse", "Remy Dufort")          # 1
    assert st[0]["first"] == 0          # left of seat 2 in a 3-player game


def test_determine_initiative_tie_without_a_holder_is_random_among_the_tied():
    """[Planning 3c] no holder and a tie: a random tied player takes the token."""
    seen = set()
    for seed in range(40):
        st = new(3, seed=seed)
        _plan(st, "Silver Harbour Accord", "Inigo Valdera")   # 3
        _plan(st, "Drill and Discipline", "Anke Brenner")     # 3
        _plan(st, "Embroidered Purse", "Remy Dufort")          # 1
        seen.add(int(st[0]["first"]))
    assert seen == {0, 1}


def test_draw_panache_of_the_leader_as_modified_by_the_scheme():
    """[Planning 5 Draw] Marisol (Panache 5) with Open Purse (+2) draws 7 (after its "when
    revealed" card: 8); Gunther (4) with Drill and Discipline (+1, text: draw 1) draws 1
    then 5 [Resolve Scheme]."""
    st = new(2)
    _plan(st, "Open Purse", "Inigo Valdera")
    _plan(st, "Drill and Discipline", "Anke Brenner")
    assert st[0]["hand_n"][0] == 8 and st[0]["hand_n"][1] == 6


def test_when_revealed_effects_ordered_by_the_first_player_after_initiative():
    """[Planning 2a i-ii] two "when revealed" effects and no First Player: initiative is
    determined first (Iron Patience 2 > Open Purse 1: Eisen), then Eisen chooses the order;
    initiative is not determined again."""
    st = new(2)
    _plan(st, "Open Purse", "Inigo Valdera")
    _plan(st, "Iron Patience", "Liesl Graf")
    s = st[0]
    assert s["pk"] == S.PK_ORDER and s["to_play"] == 1 and s["first"] == 1
    assert legal(st) == {S.A_TARGET + 0, S.A_TARGET + S.MAX_CREW + 1}
    act(st, S.A_TARGET + S.MAX_CREW + 1)         # Liesl Graf: 1 Renown
    assert s["renown"][1] == 1 and s["hand_n"][0] == 0
    act(st, S.A_TARGET + 0)                      # Open Purse: draw 1
    assert s["phase"] == S.PH_HIGH_DRAMA and s["first"] == 1
    assert s["hand_n"][0] == 1 + 7
    check(st)


def test_single_when_revealed_effect_resolves_without_a_choice():
    st = new(2)
    _plan(st, "Blades at Dawn", "Inigo Valdera")
    _plan(st, "Iron Patience", "Liesl Graf")
    assert st[0]["renown"][1] == 1 and st[0]["phase"] == S.PH_HIGH_DRAMA


def test_muster_over_the_crew_cap_sends_a_character_of_your_choice_to_the_locker():
    """[Muster] over the Leader's Crew Cap (Marisol: 4), the player chooses who goes to
    The Locker; Brutes do not count [Brute]."""
    st = new(2)
    for name in ("Rosalia Quemada", "Tomas el Cortes", "Esperanza Ruiz"):
        muster(st, 0, name)
    _plan(st, "Blades at Dawn", "Inigo Valdera")
    _plan(st, "Iron Patience", "Anke Brenner")
    s = st[0]
    assert s["pk"] == S.PK_LOCKER and s["to_play"] == 0
    slot = list(s["crew"][0]).index(cid("Tomas el Cortes"))
    assert A_CREW + 0 not in legal(st)            # not the Leader [ruling: Crew Cap]
    act(st, A_CREW + slot)
    assert cid("Tomas el Cortes") in list(s["locker"][0][:s["locker_n"][0]])
    assert s["phase"] == S.PH_HIGH_DRAMA
    check(st)


# ----- High Drama --------------------------------------------------------------------------
def test_move_action_from_home_does_not_engage_and_reaches_any_city_location():
    """[b. Move Action] engage unless at Home; Home is adjacent to all City locations."""
    st = new(2)
    high_drama(st)
    act(st, A_MOVE + 0)
    assert {a - A_LOC for a in legal(st)} == {1, 2, 3}
    act(st, A_LOC + 3)
    s = st[0]
    assert s["loc"][0][0] == 3 and s["eng"][0][0] == 0
    check(st)


def test_move_action_in_the_city_engages_and_goes_to_an_adjacent_location_or_home():
    """[b. Move Action] from The Docks: The Forums (adjacent) or Home; not The Grand Bazaar."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 1)
    act(st, A_MOVE + 0)
    assert {a - A_LOC for a in legal(st)} == {2, HOME}
    act(st, A_LOC + 2)
    assert st[0]["eng"][0][0] == 1
    assert A_MOVE + 0 not in legal(st) or st[0]["to_play"] != 0


def test_claim_action_pressure_with_influence_highest_total_claims():
    """[f. Claim Action] [Pressures] engaged characters count; a greater total claims."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 2)                       # Marisol Influence 2
    muster(st, 1, "Anke Brenner", 2, eng=1)   # Influence 1, engaged: still counts
    act(st, A_CLAIM + 0)
    s = st[0]
    assert s["ctrl"][2] == 0 and s["eng"][0][0] == 1 and s["to_play"] == 1


def test_claim_action_tie_is_unsuccessful():
    """[Pressures] if there is a tie, the pressure is unsuccessful."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 2)                           # Marisol Influence 2
    muster(st, 1, "Liesl Graf", 2)               # Influence 2
    act(st, A_CLAIM + 0)
    assert st[0]["ctrl"][2] == -1


def test_dash_influence_cannot_claim_and_dash_combat_cannot_challenge():
    """[Dashes as Values] Padre Benicio (Combat -) cannot challenge; Abbe... Kurt (Influence -)
    cannot claim."""
    st = new(2)
    high_drama(st)
    c = muster(st, 0, "Padre Benicio", 2)
    k = muster(st, 1, "Kurt Eisenhand", 2)
    lg = legal(st)
    assert S.A_CHALLENGE + c not in lg and A_CLAIM + c in lg
    st[0]["to_play"] = 1
    st[0]["prio"] = 1
    lg = legal(st)
    assert A_CLAIM + k not in lg and S.A_CHALLENGE + k in lg


def test_recruit_action_with_parley_reduces_the_cost_by_influence():
    """[d. Recruit Action] [Parley] engage a non-Mercenary there: Countess Morrow (3) costs
    3 - 2 (Marisol's Influence) = 1 card."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 1)
    city(st, 1, "Countess Morrow")
    to_hand(st, 0, "Steady Guard", "Counterstroke")
    act(st, A_RECRUIT + 0)
    act(st, A_CREW + 0)                      # parley with Marisol
    s = st[0]
    assert s["eng"][0][0] == 1 and s["pay"] == 1 and s["pk"] == S.PK_PAY
    act(st, A_HAND + 0)
    assert s["hand_n"][0] == 1 and cid("Countess Morrow") in list(s["crew"][0])
    assert s["cslot"][1] == 0
    c = list(s["crew"][0]).index(cid("Countess Morrow"))
    assert s["loc"][0][c] == 1 and s["eng"][0][c] == 0
    check(st)


def test_recruit_without_enough_wealth_needs_parley():
    """[Paying Costs] a cost that cannot be paid cannot be used: with one card, Countess
    Morrow (3) is recruitable only with parley."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 1)
    city(st, 1, "Countess Morrow")
    to_hand(st, 0, "Steady Guard")
    act(st, A_RECRUIT + 0)
    assert legal(st) == {A_CREW + 0}


def test_recruit_over_the_crew_cap_sends_a_character_of_your_choice_to_the_locker():
    """[d. Recruit Action] "When a player has more characters than their Leader's Crew Cap,
    they must send characters to The Locker until they no longer exceed their Crew Cap";
    [Brute] "Brutes do not count towards a Leader's Crew Cap"; [Glossary: Mercenary]
    "Destroyed Mercenaries are sent to The Locker" (a City card: the City Locker). Marisol
    (Crew Cap 4) with three characters and a Brute recruits Salt Jack: five characters, so
    her player (not the next one) chooses one, neither the Leader [ruling: Crew Cap] nor the
    Brute, before priority passes."""
    st = new(2)
    high_drama(st)
    s = st[0]
    chars = [muster(st, 0, name) for name in ("Rosalia Quemada", "Tomas el Cortes",
                                                "Esperanza Ruiz")]
    # a Brute in play (from the Faction Deck): no count against the Crew Cap
    row = list(s["deck"][0][:s["deck_n"][0]])
    k = row.index(cid("Vaquero Hired Arm"))
    s["deck"][0][k:s["deck_n"][0] - 1] = s["deck"][0][k + 1:s["deck_n"][0]].copy()
    s["deck_n"][0] -= 1
    s["deck"][0][s["deck_n"][0]] = 0
    brute = 4
    s["crew"][0][brute] = cid("Vaquero Hired Arm")
    s["loc"][0][brute] = HOME
    place(st, 0, 0, 1)
    city(st, 1, "Salt Jack")                   # cost 1
    to_hand(st, 0, "Steady Guard")
    check(st)
    act(st, A_RECRUIT + 0)
    act(st, A_PASS)                            # no parley
    act(st, A_HAND + 0)                        # pay 1
    jack = list(s["crew"][0]).index(cid("Salt Jack"))
    assert s["pk"] == S.PK_LOCKER and s["to_play"] == 0
    assert legal(st) == {A_CREW + c for c in chars + [jack]}
    act(st, A_CREW + jack)
    assert cid("Salt Jack") not in list(s["crew"][0])
    assert cid("Salt Jack") in list(s["clocker"][:s["clocker_n"]])
    assert s["pk"] == S.PK_MAIN and s["to_play"] == 1
    check(st)


def test_parley_engages_a_non_mercenary_en_garde_character_there():
    """[Parley] "Engage one of your non-Mercenary characters at that location. Reduce the
    cost of the card by your engaged character's Influence": Brother Aldous (a Mercenary,
    Influence 2) cannot parley for Countess Morrow; Marisol can while en garde, not once
    engaged [Glossary: Engaged]."""
    for eng in (0, 1):
        st = new(2)
        high_drama(st)
        place(st, 0, 0, 1, eng=eng)
        aldous = hire(st, 0, "Brother Aldous", 1)
        city(st, 1, "Countess Morrow")             # cost 3
        to_hand(st, 0, "Steady Guard", "Counterstroke", "Finishing Blow")
        act(st, A_RECRUIT + aldous)
        assert legal(st) == {A_PASS} | ({A_CREW + 0} if not eng else set())


def test_engaged_character_cannot_claim_nor_pay_an_engage_cost():
    """[Key Concepts: En garde vs Engaged] "An engaged card cannot engage for any costs that
    require it to engage" and [Glossary: Engaged]: engaged, Padre Benicio can neither claim
    (the Claim Action engages the claimer [Pressures]) nor use his City Action ("Engage Padre
    Benicio. Draw a card."), though he has not used it today; en garde he can do both."""
    st = new(2)
    high_drama(st)
    c = muster(st, 0, "Padre Benicio", 2, eng=1)
    assert A_CLAIM + c not in legal(st) and S.A_ABILITY + c not in legal(st)
    st[0]["eng"][0][c] = 0
    assert A_CLAIM + c in legal(st) and S.A_ABILITY + c in legal(st)


def test_wealth_counts_two_when_discarded_to_pay():
    """[Wealth] Purse of Ducats pays a cost of 2 alone."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 1)
    city(st, 1, "Fenna Two-Knives")          # cost 2
    to_hand(st, 0, "Purse of Ducats", "Steady Guard")
    act(st, A_RECRUIT + 0)
    act(st, A_PASS)                           # no parley
    act(st, A_HAND + 0)                       # the Wealth card
    s = st[0]
    assert s["hand_n"][0] == 1 and s["hand"][0][0] == cid("Steady Guard")
    assert cid("Fenna Two-Knives") in list(s["crew"][0])


def test_equip_from_hand_and_one_weapon_limit_asks_which_to_destroy():
    """[c. Equip Action] [Attachment Cards] a second Weapon: the controller chooses and
    destroys one; attachments modify stats."""
    st = new(2)
    high_drama(st)
    attach(st, 0, 0, "Borrowed Rapier")
    to_hand(st, 0, "Alcazar Rapier", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)
    act(st, A_HAND + 0)                       # pay 1
    s = st[0]
    assert s["pk"] == S.PK_SLOT
    assert legal(st) == {A_TECH + 1, A_TECH + 2}
    act(st, A_TECH + 1)                       # destroy the Borrowed Rapier
    assert list(s["att"][0][0][:2]) == [0, cid("Alcazar Rapier")]
    assert cid("Borrowed Rapier") in list(s["disc"][0][:s["disc_n"][0]])
    check(st)


@pytest.mark.parametrize("destroy_new", [False, True])
def test_attachment_cards_a_character_with_every_cell_full_still_equips_a_second_weapon(destroy_new):
    """[c. Equip Action] [Attachment Cards] "A character may have exactly one: Weapon, Armor,
    and Attire. The controlling player must choose and destroy attachments on the character
    until this restriction is met": the text sets no count of attachments, so a Leader whose
    four cells hold a Weapon, an Armor, an Attire and a Lucky Coin may equip a second Weapon,
    and her controller destroys either Weapon, the new one or the old."""
    st = new(2)
    high_drama(st)
    empty_hand(st, 0)
    for name in ("Alcazar Rapier", "Padded Doublet", "Fine Coat", "Lucky Coin"):
        attach(st, 0, 0, name)
    to_hand(st, 0, "Borrowed Rapier", "Steady Guard")
    assert A_HAND + 0 in legal(st)
    act(st, A_HAND + 0)
    assert A_CREW + 0 in legal(st)
    act(st, A_CREW + 0)
    act(st, A_HAND + 0)                       # pay 1
    s = st[0]
    assert s["pk"] == S.PK_SLOT
    assert legal(st) == {A_TECH, A_TECH + 1}  # the new Rapier or the Alcazar Rapier
    check(st)
    act(st, A_TECH if destroy_new else A_TECH + 1)
    kept, gone = (("Alcazar Rapier", "Borrowed Rapier") if destroy_new
                  else ("Borrowed Rapier", "Alcazar Rapier"))
    assert list(s["att"][0][0]) == [cid(kept), cid("Padded Doublet"), cid("Fine Coat"),
                                    cid("Lucky Coin")]
    assert cid(gone) in list(s["disc"][0][:s["disc_n"][0]])
    assert s["pcard"] == 0 and s["pk"] == S.PK_MAIN
    check(st)


def test_equip_an_available_city_attachment_at_the_characters_location():
    """[c. Equip Action] attach an available attachment at your character's City location."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 2)
    city(st, 2, "Gilded Mask")
    to_hand(st, 0, "Steady Guard")
    act(st, A_CEQUIP + 0)
    act(st, A_HAND + 0)
    s = st[0]
    assert cid("Gilded Mask") in list(s["att"][0][0]) and s["cslot"][2] == 0
    check(st)


def test_event_action_once_per_player_per_day():
    """[Event Cards] each player may use an Event's Action once per Day, with a character there."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, 3)
    place(st, 1, 0, 3)
    city(st, 3, "Market Day")
    act(st, A_EVENT + 0)
    assert st[0]["hand_n"][0] == 1 and st[0]["to_play"] == 1
    act(st, A_EVENT + 0)                      # the other player may use it too
    assert st[0]["hand_n"][1] == 1
    assert A_EVENT + 0 not in legal(st)       # player 0 already used it today


def test_high_drama_ends_when_all_players_pass_consecutively():
    """[g. Pass] a player who passed may act again; all passing in a row ends High Drama."""
    st = new(2)
    high_drama(st)
    act(st, A_PASS)
    act(st, A_MOVE + 0)
    act(st, A_LOC + 1)
    act(st, A_PASS)
    assert st[0]["phase"] == S.PH_HIGH_DRAMA
    act(st, A_PASS)
    assert st[0]["phase"] != S.PH_HIGH_DRAMA and st[0]["day"] == 2


# ----- Plunder -----------------------------------------------------------------------------
def _end_high_drama(st):
    act(st, A_PASS)
    act(st, A_PASS)


def test_plunder_renown_from_controlled_locations_and_scheme():
    """[4. Plunder b] Renown from each location controlled, plus the scheme's conditional
    Renown (Silver Harbour Accord: The Docks)."""
    st = new(2)
    high_drama(st)                       # Castille's first scheme: Silver Harbour Accord
    st[0]["ctrl"][1] = 0
    st[0]["ctrl"][2] = 1
    _end_high_drama(st)
    assert list(st[0]["renown"][:2]) == [2, 1]


def test_dominance_victory_controls_the_three_core_locations():
    """[Victory: Dominance] control The Docks, The Forums and The Grand Bazaar."""
    st = new(2)
    high_drama(st)
    st[0]["ctrl"][1:4] = 1
    _end_high_drama(st)
    assert st[0]["done"] == 1 and st[0]["winner_mask"] == 2


def test_dominance_beats_economic_on_the_same_day():
    """[Victory] in case of a tie, Dominance beats Economic."""
    st = new(2)
    high_drama(st)
    st[0]["renown"][0] = 9
    st[0]["ctrl"][1:4] = 1
    _end_high_drama(st)
    assert st[0]["winner_mask"] == 2


def test_economic_victory_seven_renown():
    """[Victory: Economic] seven or more Renown at the end of the Day."""
    st = new(2)
    high_drama(st)
    st[0]["renown"][1] = 6
    st[0]["ctrl"][2] = 1
    _end_high_drama(st)
    assert st[0]["done"] == 1 and st[0]["winner_mask"] == 2


def test_economic_tie_most_renown_wins_and_equal_renown_plays_another_day():
    """[Ties] two Economic Victories: the most Renown wins; equal Renown: another Day."""
    st = new(2)
    high_drama(st)
    st[0]["renown"][:2] = [7, 8]
    _end_high_drama(st)
    assert st[0]["winner_mask"] == 2
    st = new(2)
    high_drama(st)
    st[0]["renown"][:2] = [7, 7]
    _end_high_drama(st)
    assert st[0]["done"] == 0 and st[0]["day"] == 2


@pytest.mark.parametrize("setup, mask", [
    ({"renown": [3, 2]}, 1),              # most Renown
    ({"renown": [2, 3], "ctrl": 1}, 1),   # equal after Plunder (3, 3): most locations
    ({"renown": [3, 3], "inf": 1}, 1),    # most Influence (Tomas el Cortes mustered)
    ({"renown": [3, 3], "wounds": 1}, 1),  # fewest Leader wounds (seat 1's Leader hurt)
    ({"renown": [3, 3]}, 0),              # nothing breaks the tie: a draw
])
def test_fifth_day_tie_breakers_in_order(setup, mask):
    """[Day Limit] [Ties] at the end of the fifth Day: most Renown, then most locations
    controlled, most Influence, fewest wounds on the Leader, else a draw. Both seats play
    the Castille deck so the Leaders start equal."""
    st = new(2, decks=["castille", "castille"])
    high_drama(st)
    s = st[0]
    s["day"] = 5
    s["renown"][:2] = setup["renown"]
    if "ctrl" in setup:
        s["ctrl"][3] = 0                  # The Grand Bazaar: +1 Renown and one location
    if "inf" in setup:
        muster(st, 0, "Tomas el Cortes")
    if "wounds" in setup:
        s["wounds"][1][0] = 1
    _end_high_drama(st)
    assert s["done"] == 1 and s["winner_mask"] == mask
    if mask == 0:
        assert list(s["reward"][:2]) == [0.0, 0.0]
    else:
        assert list(s["reward"][:2]) == [1.0, -1.0]


def test_the_fifth_day_is_decided_at_plunder_before_dusk():
    """[4. Plunder] "d. Check Fifth Day Victory" and [Ties] "If it is the end of the fifth Day:
    The player who controls the most locations wins" (locations become uncontrolled at Dusk
    [5. Dusk 2a]), against [Day Limit] "The game ends at the end of the fifth day" [ruling: The
    fifth Day ends at Plunder]: Renown 3 each, seat 1 holds The Docks and has 4 after
    Plunder's Renown, so it wins there; seat 0's Counting House ("at the Beginning of Dusk ...
    gain 1 Renown", which would tie it) is never asked for."""
    st = new(2, decks=["montaigne", "eisen"], reactions=True)
    high_drama(st)
    s = st[0]
    s["day"] = 5
    s["renown"][:2] = [3, 3]
    s["ctrl"][1] = 1
    empty_hand(st, 0)
    to_hand(st, 0, "Counting House", "Steady Guard", "Counterstroke")
    check(st)
    _end_high_drama(st)
    assert s["done"] == 1 and s["winner_mask"] == 2
    assert list(s["renown"][:2]) == [3, 4] and s["hand_n"][0] == 3
    assert list(s["reward"][:2]) == [-1.0, 1.0]


# ----- Dusk ---------------------------------------------------------------------------------
def test_dusk_cleans_up_and_discards_down_to_unmodified_panache():
    """[5. Dusk] locations uncontrolled, characters en garde at Home, City cards discarded,
    schemes to The Locker, Brutes discarded; discard to the Leader's unmodified Panache."""
    st = new(2)
    high_drama(st)
    s = st[0]
    place(st, 0, 0, 2, eng=1)
    s["ctrl"][2] = 0
    to_hand(st, 1, *["Steady Guard", "Counterstroke", "Finishing Blow", "Quick Exit",
                     "Second Wind", "Field Dressing"])     # 6 > Gunther's Panache 4
    sc = int(s["scheme"][0])
    city(st, 3, "Market Day")                  # a City card left on a location
    _end_high_drama(st)
    assert s["pk"] == S.PK_DUSK and s["to_play"] == 1
    assert cid("Market Day") in list(s["cdisc"][:s["cdisc_n"]])
    act(st, A_HAND + 0)
    act(st, A_HAND + 0)
    assert s["hand_n"][1] == 4 and s["phase"] == S.PH_PLANNING and s["day"] == 2
    assert s["loc"][0][0] == HOME and s["eng"][0][0] == 0 and s["ctrl"][2] == -1
    assert sc in list(s["locker"][0][:s["locker_n"][0]])
    check(st)


def test_dusk_2e_discards_asked_from_the_first_player_clockwise():
    """[5. Dusk 2e] discard down to the unmodified Panache; [Key Concepts: First Player
    Token] "When effects would resolve simultaneously, the First Player determines the order
    they resolve" (ruling: Dusk discards from the First Player): seat 1 holds the token and
    both seats are over their Panache, so seat 1 discards first, then seat 0."""
    st = new(2, seed=5)
    high_drama(st, first=1)
    s = st[0]
    pan = [int(C.C_PAN[s["cfg"]["leader"][p]]) for p in range(2)]
    for p in range(2):
        empty_hand(st, p)
        to_hand(st, p, *[C.POOL.names[x] for x in s["deck"][p][:pan[p] + 2]])
    _end_high_drama(st)
    order = []
    while s["pk"] == S.PK_DUSK:
        order.append(int(s["to_play"]))
        act(st, A_HAND + 0)
    assert order == [1, 1, 0, 0]
    assert [int(s["hand_n"][p]) for p in range(2)] == pan
    check(st)


def test_eliminated_first_player_token_passes_to_the_left_and_that_player_orders_reveals():
    """[Leader Cards] a player whose Leader is destroyed loses the game and takes no more
    decisions; the First Player Token passes to the left, as on a tie [First Player Token;
    Planning 3b; ruling: Eliminated players]: Montaigne (seat 0, holder) loses Celeste on a
    refused challenge, Castille (seat 1) takes the token and on the next Day chooses the
    order of the two "when revealed" effects [Planning 2a i]."""
    st = new(3, seed=3, decks=["montaigne", "castille", "eisen"])
    high_drama(st, first=0)
    s = st[0]
    place(st, 0, 0, 1, wounds=4)                 # Celeste (Resolve 5) at The Docks
    place(st, 1, 0, 1)                           # Marisol (Combat 3) at The Docks
    act(st, A_PASS)
    act(st, S.A_CHALLENGE + 0)
    while s["pk"] == S.PK_CTECH:
        act(st, A_PASS)
    act(st, S.A_TARGET + 0)                      # Celeste
    act(st, A_PASS)                              # refused: a wound destroys her
    assert s["out"][0] == 1 and s["done"] == 0 and s["first"] == 1
    check(st)
    while s["day"] == 1:
        lg = legal(st)
        act(st, A_PASS if A_PASS in lg else min(lg))
    while s["pk"] == S.PK_REACT:
        act(st, A_PASS)
    _plan(st, "Open Purse", "Inigo Valdera")     # when revealed: draw a card
    _plan(st, "War Chest", "Liesl Graf")         # Liesl, when revealed: 1 Renown
    assert s["pk"] == S.PK_ORDER and s["to_play"] == 1 and s["first"] == 1
    check(st)


def test_dashes_as_values_dash_influence_cannot_act_for_an_influence_action():
    """[Dashes as Values] "cannot ... be the acting character in any abilities that use that
    stat": Silver Tongue (City Action: +2 Influence) is not offered when Kurt Eisenhand
    (Influence -) is the only character in the City; with Anke there too, only she may act."""
    st = new(2, seed=1)
    high_drama(st, first=1)
    s = st[0]
    empty_hand(st, 1)
    to_hand(st, 1, "Silver Tongue", "Steady Guard")
    k = muster(st, 1, "Kurt Eisenhand", 1)
    assert A_HAND + 0 not in legal(st)
    b = muster(st, 1, "Anke Brenner", 2)
    assert A_HAND + 0 in legal(st)
    act(st, A_HAND + 0)
    assert s["pk"] == S.PK_ACTOR and legal(st) == {A_CREW + b}
    assert A_CREW + k not in legal(st)


def test_claim_action_lone_claimer_with_no_influence_fails_against_zero():
    """[Pressures] [Glossary: Pressure] "a greater total than any other player": a player with
    no character there has a total of 0, so a lone claimer with 0 Influence ties and fails
    [ruling: Pressure totals]; with 1 Influence it claims."""
    st = new(2, decks=["ussura", "eisen"])
    high_drama(st)
    s = st[0]
    g = muster(st, 0, "Bogdan the Bear", 2)      # Influence 0
    act(st, A_CLAIM + g)
    assert s["ctrl"][2] == -1 and s["eng"][0][g] == 1
    st = new(2)
    high_drama(st)
    c = muster(st, 0, "Inigo Valdera", 2)        # Influence 1
    act(st, A_CLAIM + c)
    assert st[0]["ctrl"][2] == 0
