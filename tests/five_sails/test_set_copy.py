"""[Glossary: Set] ("Any calculations happen first and then the value is set. A set value
... cannot be changed"; [Dashes as Values] a dash cannot be set) for Resolve, Combat and
Influence; [Self Referentials] copying an Action ("any self-referentials on the copied card
will refer to the card doing the copying") [ruling: Copying an Action]."""

from envs.five_sails import state as S
from envs.five_sails.config import load_deck
from envs.five_sails.state import (A_ABILITY, A_CREW, A_HAND, A_TARGET, MAX_CREW, PK_COPY,
                                   PK_MAIN)

from .helpers import (act, attach, check, cid, deck_with, empty_hand, high_drama, legal, muster,
                      new, stat_of, to_hand)

DOCKS, FORUMS = 1, 2


def test_set_combat_and_influence_replace_the_calculated_value():
    """Iron Gauntlet sets Combat 3 whatever the base (Inigo 2, Anke's own) and a lasting +1
    Influence does not change Signet of Office's Influence 3; a dash is never set (Padre
    Benicio's Combat stays a dash with the Gauntlet)."""
    st = new(2, decks=[deck_with("castille", "Iron Gauntlet", "Signet of Office"), deck_with("eisen")])
    high_drama(st)
    s = st[0]
    a = muster(st, 0, "Inigo Valdera", FORUMS)
    attach(st, 0, a, "Iron Gauntlet")
    attach(st, 0, a, "Signet of Office")
    s["buff"][0][a] = 1
    assert stat_of(st, 0, a, S.S_COM) == 3 and stat_of(st, 0, a, S.S_INF) == 3
    assert stat_of(st, 0, 0, S.S_COM) == 3        # Marisol, base 3: unchanged by others
    p_ = muster(st, 0, "Padre Benicio", FORUMS)
    s["att"][0][a][list(s["att"][0][a]).index(cid("Iron Gauntlet"))] = 0
    s["att"][0][p_][0] = cid("Iron Gauntlet")
    assert stat_of(st, 0, p_, S.S_COM) == -1      # a dash
    check(st)


def test_a_set_resolve_is_the_resolve_the_validator_reads():
    """[Glossary: Set] "Any calculations happen first and then the value is set": Stubborn
    Oath sets Grandmother Irina's Resolve (printed 2) to 4, so 3 wounds leave her in play
    and the record is valid; 4 wounds reach it. (The validator once added the printed value
    and the modifiers only, and called a record of random play invalid.)"""
    from envs.five_sails.validate import check_states

    st = new(2, decks=[deck_with("ussura", "Stubborn Oath"), deck_with("castille")])
    high_drama(st)
    s = st[0]
    g = muster(st, 0, "Grandmother Irina", FORUMS)
    attach(st, 0, g, "Stubborn Oath")
    s["wounds"][0][g] = 3
    assert stat_of(st, 0, g, S.S_RES) == 4
    check(st)
    s["wounds"][0][g] = 4
    assert f"wounds[0][{g}]: 4 reach Resolve 4: destroyed" in check_states(st)[0]


def test_set_resolve_below_the_wounds_destroys_at_once():
    """Stubborn Oath sets Resolve 4: Bogdan the Bear (Resolve 5, 4 wounds) equipping it is
    destroyed at once [Stats: Resolve] and goes to The Locker, the Oath to the discard pile;
    on Grandmother Irina (Resolve 2) it raises Resolve to 4."""
    st = new(2, decks=[deck_with("ussura", "Stubborn Oath"), deck_with("castille")])
    high_drama(st)
    s = st[0]
    g = muster(st, 0, "Grandmother Irina", FORUMS)
    attach(st, 0, g, "Stubborn Oath")
    assert stat_of(st, 0, g, S.S_RES) == 4
    s["att"][0][g][0] = 0
    s["disc"][0][s["disc_n"][0]] = cid("Stubborn Oath")
    s["disc_n"][0] += 1
    b = muster(st, 0, "Bogdan the Bear", FORUMS, wounds=4)
    empty_hand(st, 0)
    to_hand(st, 0, "Stubborn Oath", "Steady Guard")
    act(st, A_HAND + 0)
    act(st, A_CREW + b)
    act(st, A_HAND + 0)                           # pay 1 with Steady Guard
    assert s["crew"][0][b] == 0
    assert cid("Bogdan the Bear") in s["locker"][0][:s["locker_n"][0]]
    assert cid("Stubborn Oath") in s["disc"][0][:s["disc_n"][0]]
    check(st)


def _lisette_decks():
    d = load_deck("montaigne")
    d["approach"] = ["Lisette the Mirror" if x == "Lucien Marchal" else x for x in d["approach"]]
    return [d, load_deck("vodacce")]


def test_copy_an_action_self_referentials_refer_to_the_copier():
    """Lisette the Mirror: "engage Lisette • use the Action of another character at her
    location as if it were printed on her" — she copies Fortunata's "+1 Influence" City
    Action: Lisette gets it, not Fortunata; Fortunata's Action is not spent and she stays en
    garde; Lisette's own engage cost is paid."""
    st = new(2, decks=_lisette_decks())
    high_drama(st)
    s = st[0]
    li = muster(st, 0, "Lisette the Mirror", FORUMS)
    f = muster(st, 1, "Fortunata", FORUMS)
    act(st, A_ABILITY + li)
    assert s["pk"] == PK_COPY and s["eng"][0][li] == 1
    assert legal(st) == {A_TARGET + 1 * MAX_CREW + f}
    act(st, A_TARGET + 1 * MAX_CREW + f)
    assert s["buff"][0][li] == 1 and s["buff"][1][f] == 0
    assert s["used"][1][f] == 0 and s["eng"][1][f] == 0 and s["used"][0][li] == 1
    assert s["pk"] == PK_MAIN and s["to_play"] == 1
    check(st)


def test_copy_needs_an_action_there_the_copier_can_carry_out():
    """[Playing a Card] an Action whose effect has nothing to act on is not offered: alone at
    The Docks Lisette has no Action to copy; at The Forums, with Fortunata, she has."""
    st = new(2, decks=_lisette_decks())
    high_drama(st)
    li = muster(st, 0, "Lisette the Mirror", DOCKS)
    muster(st, 1, "Fortunata", FORUMS)
    assert A_ABILITY + li not in legal(st)
    st[0]["loc"][0][li] = FORUMS
    assert A_ABILITY + li in legal(st)
