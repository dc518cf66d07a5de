"""Every effect opcode of cards.toml on a card of the pool, and the ability kinds that carry
them: Actions on risks, characters and Events [Use an Action], scheme text [Resolve Scheme],
Maneuvers and Techniques [Activate and resolve up to one Technique and/or one Maneuver],
qualifiers [Qualified Abilities], additional costs [Costs vs Effects], once per Day."""

from envs.five_sails import state as S
from envs.five_sails.state import (A_ABILITY, A_APPROACH, A_CLAIM, A_CREW, A_HAND, A_MANEUVER,
                                   A_PASS, A_TECH)

from .helpers import act, cid, high_drama, legal, mid_duel, muster, new, place, to_hand
from .test_duel import _pair

FORUMS = 2


def test_op_draw_on_a_risk_action():
    st = new(2)
    high_drama(st)
    to_hand(st, 0, "Tavern Rumours", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)
    act(st, A_HAND + 0)                       # pay 1
    s = st[0]
    assert s["hand_n"][0] == 2 and cid("Tavern Rumours") in list(s["disc"][0][:s["disc_n"][0]])


def test_op_heal_on_a_risk_action():
    st = new(2)
    high_drama(st)
    st[0]["wounds"][0][0] = 3
    to_hand(st, 0, "Field Dressing", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)
    act(st, A_HAND + 0)
    assert st[0]["wounds"][0][0] == 1


def test_op_garde_makes_the_acting_character_en_garde():
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS, eng=1)
    to_hand(st, 0, "Second Wind")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)                      # cost 0: resolves at once
    assert st[0]["eng"][0][0] == 0


def test_op_influence_lasts_the_day_and_wins_a_pressure():
    """Silver Tongue (City Action): +2 Influence until the end of the Day; then a claim
    against Liesl (2) succeeds with 2 + 2."""
    st = new(2)
    high_drama(st)
    place(st, 0, 0, FORUMS)
    muster(st, 1, "Liesl Graf", FORUMS)
    to_hand(st, 0, "Silver Tongue", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + 0)
    act(st, A_HAND + 0)
    assert st[0]["buff"][0][0] == 2
    act(st, A_PASS)                           # player 1 passes
    act(st, A_CLAIM + 0)
    assert st[0]["ctrl"][FORUMS] == 0


def test_op_influence_city_qualifier_needs_a_city_location():
    """[Qualified Abilities] a City Action cannot be used by a character at Home."""
    st = new(2)
    high_drama(st)
    to_hand(st, 0, "Silver Tongue", "Steady Guard")
    assert A_HAND + 0 not in legal(st)


def test_op_renown_scheme_text_resolves_in_planning():
    """[Resolve Scheme] Long Winter: gain 1 Renown."""
    st = new(2, decks=["ussura", "eisen"])
    s = st[0]
    act(st, A_APPROACH + list(s["appr"][0]).index(cid("Long Winter")))
    act(st, A_APPROACH + list(s["appr"][0]).index(cid("Fyodor Lesk")))
    act(st, A_APPROACH + list(s["appr"][1]).index(cid("War Chest")))
    act(st, A_APPROACH + list(s["appr"][1]).index(cid("Anke Brenner")))
    assert s["renown"][0] == 1 and s["renown"][1] == 0


def test_op_heal_scheme_text_heals_the_leader_in_planning():
    """[Resolve Scheme] Blades at Dawn: "Heal a wound from your Leader" (heal: Remove a wound
    from a character [Glossary: Heal]): Marisol goes from 2 wounds to 1; another wounded
    character of the crew keeps its wounds."""
    st = new(2)
    s = st[0]
    s["wounds"][0][0] = 2
    c = muster(st, 0, "Rosalia Quemada", wounds=1)
    act(st, A_APPROACH + list(s["appr"][0]).index(cid("Blades at Dawn")))
    act(st, A_APPROACH + list(s["appr"][0]).index(cid("Inigo Valdera")))
    act(st, A_APPROACH + list(s["appr"][1]).index(cid("War Chest")))
    act(st, A_APPROACH + list(s["appr"][1]).index(cid("Anke Brenner")))
    assert s["phase"] == S.PH_HIGH_DRAMA
    assert s["wounds"][0][0] == 1 and s["wounds"][0][c] == 1


def test_op_challenge_needs_the_trait_qualifier():
    """Call Out is a Duelist City Action: Tomas (Noble) cannot act, Inigo (Duelist) can."""
    st = new(2)
    high_drama(st)
    t = muster(st, 0, "Tomas el Cortes", FORUMS)
    i = muster(st, 0, "Inigo Valdera", FORUMS)
    muster(st, 1, "Anke Brenner", FORUMS)
    to_hand(st, 0, "Call Out", "Steady Guard")
    act(st, A_HAND + 0)
    lg = legal(st)
    assert A_CREW + i in lg and A_CREW + t not in lg


def test_op_thrust_maneuver_with_trait_qualifier():
    """Rising Flourish: Duelist Maneuver +1 Thrust (2/0/1): Inigo sends 1 + 1 (+ Riposte)."""
    st, a, b = _pair()
    to_hand(st, 0, "Rising Flourish")
    mid_duel(st, a, b, 0, active=0)
    st[0]["d_pool"][0] = 1
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    assert st[0]["d_pool"][1] == 1 + 1 + 1        # riposte 1 returned, thrust 1, maneuver 1


def test_op_parry_maneuver():
    st, a, b = _pair()
    to_hand(st, 1, "Steady Guard")            # 1/2/0, Maneuver: Parry 1
    mid_duel(st, a, b, 4)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)                       # 4 - 1 = 3, then Riposte 1, Parry 2: 0 left
    s = st[0]
    assert s["wounds"][1][b] == 0 and s["d_pool"][0] == 1


def test_op_cv_riposte_maneuver():
    st, a, b = _pair()
    to_hand(st, 1, "Counterstroke")           # 2/1/0, Maneuver: +1 Riposte
    mid_duel(st, a, b, 4)
    act(st, A_HAND + 0)
    act(st, A_MANEUVER)
    s = st[0]
    assert s["d_pool"][0] == 3 and s["wounds"][1][b] == 0


def test_technique_of_a_character_in_a_round_once_per_duel():
    """[Techniques] Nadia Sokol's Technique (+1 Thrust to this card) in her round; used once."""
    st = new(2, decks=["castille", "ussura"])
    high_drama(st)
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    b = muster(st, 1, "Nadia Sokol", FORUMS)
    to_hand(st, 1, "Purse of Ducats", "Letter of Credit")
    mid_duel(st, a, b, 1)
    act(st, A_HAND + 0)                       # 0/1/1
    assert A_TECH + 0 in legal(st)
    act(st, A_TECH + 0)
    s = st[0]
    assert s["d_pool"][0] == 2 and s["tech"][1][b] & 1


def test_character_action_with_engage_cost_once_per_day():
    """Padre Benicio: City Action, engage (additional cost), draw a card; once per Day
    [Once per Day Ability Activation]."""
    st = new(2)
    high_drama(st)
    c = muster(st, 0, "Padre Benicio", FORUMS)
    act(st, A_ABILITY + c)
    s = st[0]
    assert s["eng"][0][c] == 1 and s["hand_n"][0] == 1 and s["used"][0][c] == 1
    act(st, A_PASS)
    s["eng"][0][c] = 0
    assert A_ABILITY + c not in legal(st)


def test_home_qualifier_action():
    """Old Matthias: Home Action, heal himself; not usable in the City."""
    st = new(2, decks=["castille", "eisen"])
    high_drama(st, first=1)
    c = muster(st, 1, "Old Matthias", S.HOME, wounds=2)
    act(st, A_ABILITY + c)
    assert st[0]["wounds"][1][c] == 1
